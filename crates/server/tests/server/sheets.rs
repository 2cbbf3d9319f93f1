//! Every sheet of the 1st edition through the server: tables on each sheet in every mode, bad
//! sheet and edition names refused with nothing created, the Ice Cream truck choice through
//! the options and the submit of a seat and through the companion, whole bot games on the
//! thematic sheets, and a thematic table across a restart.

use crate::common;

use common::*;
use serde_json::{json, Value};
use std::net::SocketAddr;

const THEMATIC: [(&str, &str); 3] = [
    ("easter", "eggs"),
    ("ice-cream", "ice-cream"),
    ("christmas", "lights"),
];

fn row<'a>(score: &'a Value, id: &str) -> Option<&'a Value> {
    score["rows"].as_array()?.iter().find(|r| r["id"] == id)
}

async fn lobby_ids(addr: SocketAddr) -> Vec<String> {
    let v = call(addr, "GET", "/api/tables", Value::Null, 200).await;
    v.as_array()
        .unwrap()
        .iter()
        .map(|t| t["table"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn a_table_can_be_created_on_every_sheet_in_every_mode() {
    let srv = server().await;
    let addr = srv.addr();
    let bot = json!([{ "seat": 2, "kind": "greedy" }]);
    let setups = [
        json!({ "mode": "solo", "seats": 1 }),
        json!({ "mode": "standard", "seats": 2, "bots": bot }),
        json!({ "mode": "expert", "seats": 2, "bots": bot }),
        json!({ "mode": "standard", "seats": 2, "bots": bot, "advanced": true }),
    ];
    for sheet in ["classic", "easter", "ice-cream", "christmas"] {
        for setup in &setups {
            let mut body = setup.clone();
            body["name"] = json!("Ann");
            body["sheet"] = json!(sheet);
            let (table, ann) = create(addr, body.clone()).await;
            let info = table_info(addr, &table).await;
            assert_eq!(info["sheet"], sheet, "{info}");
            assert_eq!(info["edition"], "first");
            assert_eq!(info["advanced"], body["advanced"] == true);
            let lobby = call(addr, "GET", "/api/tables", Value::Null, 200).await;
            let line = lobby
                .as_array()
                .unwrap()
                .iter()
                .find(|l| l["table"] == table.as_str())
                .unwrap();
            assert_eq!(line["sheet"], sheet);
            start(addr, &table, &ann).await;
            let mut a = connect(addr, &table, Some(&ann)).await;
            let st = a.started().await;
            assert_eq!(st["table"]["sheet"], sheet);
            let mine = &st["view"]["sheets"][0];
            // The sheet's own row is scored, in the order of its data.
            let ids: Vec<&str> = mine["score"]["rows"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["id"].as_str().unwrap())
                .collect();
            match THEMATIC.iter().find(|(s, _)| *s == sheet) {
                Some((_, own)) => assert_eq!(ids[1], *own, "{ids:?}"),
                None => assert_eq!(ids[1], "parks"),
            }
            // Stack n°3 holds the sheet's own plans only (Ruling TR2).
            let third = st["view"]["plans"][2]["card"].as_u64().unwrap();
            match sheet {
                "ice-cream" => assert!((28..=30).contains(&third)),
                "christmas" => assert!((31..=33).contains(&third)),
                "easter" => assert!((34..=36).contains(&third)),
                _ => assert!(third < 28),
            }
            // What the engine derives for drawing comes with every sheet.
            let derived = &mine["derived"];
            assert_eq!(derived["ranges"][2].as_array().unwrap().len(), 12);
            assert_eq!(derived["ranges"][0][0], json!([0, 17]));
            assert_eq!(derived["eggs"].is_array(), sheet == "easter", "{derived}");
            assert_eq!(derived["cones"].is_array(), sheet == "ice-cream");
            if sheet == "ice-cream" {
                assert_eq!(derived["routes"][2]["parked"], json!(["left", "right"]));
                assert_eq!(derived["routes"][2]["truck"], Value::Null);
                assert_eq!(derived["routes"][0]["truck"], "right");
            }
            a.sock.close().await;
        }
    }
    srv.running.stop().await;
}

#[tokio::test]
async fn an_unknown_sheet_or_edition_is_refused_and_nothing_is_created() {
    let srv = server().await;
    let addr = srv.addr();
    create(addr, json!({ "name": "Ann", "mode": "solo", "seats": 1 })).await;
    let before = lobby_ids(addr).await;
    for (extra, status, code) in [
        (json!({ "sheet": "halloween" }), 400, "unknown_sheet"),
        (json!({ "sheet": "Ice Cream" }), 400, "unknown_sheet"),
        (json!({ "sheet": "" }), 400, "unknown_sheet"),
        (json!({ "edition": "second" }), 400, "unknown_edition"),
        (
            json!({ "edition": "second", "sheet": "easter" }),
            400,
            "unknown_edition",
        ),
        (json!({ "sheet": 3 }), 400, "bad_json"),
    ] {
        let mut body = json!({ "name": "Bob", "mode": "standard", "seats": 2 });
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        let e = call(addr, "POST", "/api/tables", body, status).await;
        assert_eq!(e["code"], code, "{e}");
        assert!(e["message"].as_str().unwrap().len() > 10);
    }
    assert_eq!(lobby_ids(addr).await, before);
    // The sheet of the companion is checked the same way.
    let e = call(
        addr,
        "POST",
        "/api/companion/options",
        json!({
            "sheet_id": "halloween",
            "sheet": { "streets": [] },
            "offer": { "hand": ["3-bis", "7-pool", "12-temp"] },
            "plans": [
                { "card": 0, "approved": false },
                { "card": 6, "approved": false },
                { "card": 12, "approved": false }
            ]
        }),
        400,
    )
    .await;
    assert_eq!(e["code"], "unknown_sheet");
    // Every edition is served; an unknown one is refused with its code.
    let all = call(addr, "GET", "/api/editions", Value::Null, 200).await;
    assert_eq!(all["default"], "first");
    let first = call(addr, "GET", "/api/editions/first", Value::Null, 200).await;
    assert_eq!(first, all["editions"][0]);
    let e = call(addr, "GET", "/api/editions/second", Value::Null, 400).await;
    assert_eq!(e["code"], "unknown_edition");
    srv.running.stop().await;
}

/// The first placement in street 3 past its first house (which would end the right truck's
/// route at once) that the options list, with an effect other than the Temp.
fn street3(options: &Value) -> Value {
    options["placements"]
        .as_array()
        .unwrap()
        .iter()
        // Not a Temp card's changed number, which would need the Temp used (the deal is
        // random).
        .find(|p| p["house"][0] == 3 && p["house"][1] != 1 && p["effect"] != "temp")
        .cloned()
        .expect("a placement in street 3")
}

#[tokio::test]
async fn the_ice_cream_truck_is_chosen_through_the_options_and_the_turn() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "solo", "seats": 1, "sheet": "ice-cream" }),
    )
    .await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    a.started().await;
    let o = a
        .request(json!({ "type": "options", "round": 1, "draft": {} }))
        .await;
    assert_eq!(o["choices"], json!([]));
    let p = street3(&o);
    let build = json!({ "pick": p["pick"], "house": p["house"], "number": p["number"] });

    // The first number in street 3 asks which truck drives it, before anything else.
    let o = a
        .request(json!({ "type": "options", "round": 1, "draft": { "play": { "build": build } } }))
        .await;
    assert_eq!(o["error"], Value::Null, "{o}");
    assert_eq!(
        o["choices"],
        json!([{ "truck": "left" }, { "truck": "right" }])
    );
    assert_eq!(o["complete"], false);
    assert_eq!(o["effects"], json!([]));
    assert_eq!(o["claims"], json!([]));
    assert_eq!(o["placements"], json!([]));

    let mut chosen = build.clone();
    chosen["choice"] = json!({ "truck": "right" });
    let o = a
        .request(json!({ "type": "options", "round": 1, "draft": { "play": { "build": chosen } } }))
        .await;
    assert_eq!(o["error"], Value::Null, "{o}");
    assert_eq!(o["choices"], json!([]));
    assert_eq!(o["complete"], true);
    assert_eq!(o["sheet"]["streets"][2]["truck"], "right");
    let route = &o["derived"]["routes"][2];
    assert_eq!(route["truck"], "right");
    assert_eq!(route["at"], p["house"][1]);
    assert_eq!(route["finished"], false);

    // A choice where none is asked for, and a build that leaves it out, are refused.
    let first = o["sheet"].clone();
    let mut s1 = json!({ "pick": p["pick"], "house": [1, 1], "number": p["number"] });
    s1["choice"] = json!({ "truck": "left" });
    let o = a
        .request(json!({ "type": "options", "round": 1, "draft": { "play": { "build": s1 } } }))
        .await;
    assert_eq!(o["error"]["code"], "choice_unexpected", "{o}");
    a.expect_error(
        json!({ "type": "submit", "round": 1, "turn": { "play": { "build": build } } }),
        "choice_missing",
    )
    .await;

    // The turn with its choice is confirmed and written; the choice is for good.
    a.submit(1, &json!({ "play": { "build": chosen } })).await;
    let st = a.round(2).await;
    let mine = &st["view"]["sheets"][0];
    assert_eq!(mine["sheet"]["streets"][2], first["streets"][2]);
    assert_eq!(mine["derived"]["routes"][2]["truck"], "right");
    assert_eq!(
        st["view"]["log"][0]["turns"][0]["play"]["build"]["choice"],
        json!({ "truck": "right" })
    );
    let o = a
        .request(json!({ "type": "options", "round": 2, "draft": {} }))
        .await;
    if let Some(p) = o["placements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["house"][0] == 3)
    {
        let b = json!({ "pick": p["pick"], "house": p["house"], "number": p["number"] });
        let o = a
            .request(json!({ "type": "options", "round": 2, "draft": { "play": { "build": b } } }))
            .await;
        assert_eq!(o["choices"], json!([]), "the truck is chosen once: {o}");
    }
    srv.running.stop().await;
}

/// A blank sheet of the 1st edition's street lengths, with `first` in street 1 house 1.
fn sheet_with(first: &str) -> Value {
    let street = |n: usize| {
        let mut houses = vec![""; n];
        if n == 10 {
            houses[0] = first;
        }
        json!({ "houses": houses })
    };
    json!({ "streets": [street(10), street(11), street(12)] })
}

#[tokio::test]
async fn the_companion_asks_for_the_truck_and_settles_a_solo_bonus() {
    let srv = server().await;
    let addr = srv.addr();
    let plans = json!([
        { "card": 0, "approved": false },
        { "card": 6, "approved": false },
        { "card": 28, "approved": false }
    ]);
    let body = |draft: Value| {
        json!({
            "sheet_id": "ice-cream",
            "sheet": sheet_with(""),
            "offer": { "hand": ["3-bis", "7-pool", "12-temp"] },
            "plans": plans,
            "draft": draft
        })
    };
    // A number in street 3 asks for the truck.
    let build = json!({ "pick": { "hand": [1, 3] }, "house": [3, 5], "number": 3 });
    let o = call(
        addr,
        "POST",
        "/api/companion/options",
        body(json!({ "play": { "build": build } })),
        200,
    )
    .await;
    assert_eq!(
        o["choices"],
        json!([{ "truck": "left" }, { "truck": "right" }]),
        "{o}"
    );
    assert_eq!(o["after_turn"], Value::Null);
    let mut chosen = build.clone();
    chosen["choice"] = json!({ "truck": "left" });
    let o = call(
        addr,
        "POST",
        "/api/companion/options",
        body(json!({ "play": { "build": chosen } })),
        200,
    )
    .await;
    assert_eq!(o["complete"], true, "{o}");
    assert_eq!(o["after_turn"]["streets"][2]["truck"], "left");
    // The left truck drove past the cones of houses 1, 2 and 4 and stopped at house 5.
    let states: Vec<&str> = o["derived"]["cones"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["house"][0] == 3)
        .map(|c| c["state"].as_str().unwrap())
        .collect();
    assert_eq!(
        states,
        ["crossed", "crossed", "crossed", "circled", "open", "open", "open", "open"]
    );

    // Street 1's truck comes from the right: a first number in house 1 ends its route. Alone
    // at the table, the bonus is circled at the end of the turn (Ruling TR12).
    let build = json!({ "pick": { "hand": [1, 3] }, "house": [1, 1], "number": 3 });
    let o = call(
        addr,
        "POST",
        "/api/companion/options",
        body(json!({ "play": { "build": build } })),
        200,
    )
    .await;
    assert_eq!(o["derived"]["routes"][0]["finished"], true, "{o}");
    assert_eq!(o["derived"]["routes"][0]["bonus"], "open");
    assert_eq!(o["sheet"]["streets"][0].get("bonus"), None);
    assert_eq!(o["after_turn"]["streets"][0]["bonus"], "won");
    // The next request carries the settled sheet; with other players the bonus is theirs to
    // settle, so the sheet is left as it is.
    let mut next = body(json!({}));
    next["sheet"] = o["after_turn"].clone();
    next["offer"] = json!({ "combinations": [
        { "number": 5, "effect": "pool" }, { "number": 6, "effect": "bis" }, { "number": 8, "effect": "temp" }
    ] });
    next["temps_of_others"] = json!([2]);
    next["draft"] = json!({ "play": { "build": { "pick": { "combination": 1 }, "house": [2, 11], "number": 5 } } });
    let o = call(addr, "POST", "/api/companion/options", next, 200).await;
    assert_eq!(o["complete"], true, "{o}");
    assert_eq!(o["sheet"]["streets"][0]["bonus"], "won");
    assert_eq!(o["derived"]["routes"][1]["finished"], true);
    assert_eq!(o["after_turn"]["streets"][1].get("bonus"), None);
    srv.running.stop().await;
}

#[tokio::test]
async fn bots_play_a_whole_game_on_every_thematic_sheet() {
    let srv = server().await;
    let addr = srv.addr();
    let bots = |n: usize| -> Value {
        (1..=n)
            .map(|s| json!({ "seat": s, "kind": if s % 2 == 0 { "random" } else { "greedy" } }))
            .collect()
    };
    let games = [
        (
            "easter",
            json!({ "mode": "standard", "seats": 3, "advanced": true, "bots": bots(3) }),
        ),
        (
            "ice-cream",
            json!({ "mode": "expert", "seats": 3, "bots": bots(3) }),
        ),
        (
            "christmas",
            json!({ "mode": "solo", "seats": 1, "bots": bots(1) }),
        ),
        (
            "ice-cream",
            json!({ "mode": "standard", "seats": 4, "bots": bots(4) }),
        ),
    ];
    for (sheet, mut body) in games {
        body["name"] = json!("Host");
        body["sheet"] = json!(sheet);
        body["table_mode"] = json!(true);
        let (table, host) = create(addr, body).await;
        // Every seat is a bot: the whole game is played before the start is acknowledged.
        start(addr, &table, &host).await;
        let info = table_info(addr, &table).await;
        assert_eq!(info["status"], "over", "{sheet}: {info}");
        let mut s = connect(addr, &table, None).await;
        let st = s.state_where(|m| !m["view"]["result"].is_null()).await;
        let own = THEMATIC.iter().find(|(s, _)| *s == sheet).unwrap().1;
        let result = &st["view"]["result"];
        for (i, seat) in st["view"]["sheets"].as_array().unwrap().iter().enumerate() {
            let score = &seat["score"];
            let sum: i64 = score["rows"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["points"].as_i64().unwrap())
                .sum();
            assert_eq!(sum, score["total"].as_i64().unwrap());
            assert_eq!(result["scores"][i], score["total"]);
            let r = row(score, own).unwrap_or_else(|| panic!("{sheet}: no {own} row: {score}"));
            assert!(!r["label"].as_str().unwrap().is_empty());
            assert!(r["points"].as_i64().unwrap() >= 0);
        }
        if sheet == "ice-cream" {
            // Somebody finished a route, and the race was settled for every seat.
            let routes: Vec<&Value> = st["view"]["sheets"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|s| s["derived"]["routes"].as_array().unwrap())
                .collect();
            for street in 1..=3 {
                let of_street: Vec<&&Value> =
                    routes.iter().filter(|r| r["street"] == street).collect();
                if of_street.iter().any(|r| r["bonus"] == "won") {
                    assert!(
                        of_street.iter().all(|r| r["bonus"] != "open"),
                        "{of_street:?}"
                    );
                }
            }
        }
        let (status, record) =
            welcome_client::http(addr, "GET", &format!("/api/tables/{table}/record"), None)
                .await
                .unwrap();
        assert_eq!(status, 200);
        assert_eq!(record["setup"]["options"]["sheet"], sheet);
        s.sock.close().await;
    }
    srv.running.stop().await;
}

#[tokio::test]
async fn a_thematic_table_keeps_its_sheet_across_a_restart() {
    let srv = server().await;
    let addr = srv.addr();
    let (waiting, _) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2, "sheet": "christmas" }),
    )
    .await;
    let (playing, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "solo", "seats": 1, "sheet": "easter" }),
    )
    .await;
    start(addr, &playing, &ann).await;
    let mut a = connect(addr, &playing, Some(&ann)).await;
    a.started().await;
    let turn = a.first_turn(1).await;
    a.submit(1, &turn).await;
    let before = a.round(2).await;
    drop(a);
    let db = srv.db.clone();
    srv.running.stop().await;

    let running = start_on(&db).await;
    let addr = running.addr;
    let info = table_info(addr, &waiting).await;
    assert_eq!(info["sheet"], "christmas");
    let mut a = connect(addr, &playing, Some(&ann)).await;
    let after = a.started().await;
    assert_eq!(after["table"]["sheet"], "easter");
    assert_eq!(after["view"]["sheets"], before["view"]["sheets"]);
    running.stop().await;
}
