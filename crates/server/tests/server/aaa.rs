//! The collector edition's AAA solo game at a table, and the values a host enters from their own
//! cards: checked at creation and in the waiting room (nothing stored on error), kept across a
//! restart, used by the game and shown in its state.

use crate::common;

use common::*;
use serde_json::{json, Value};

fn aaa_table(level: u8) -> Value {
    json!({ "name": "Ann", "mode": "solo", "edition": "collector", "seats": 1, "aaa_level": level })
}

async fn lobby_size(addr: std::net::SocketAddr) -> usize {
    call(addr, "GET", "/api/tables", Value::Null, 200)
        .await
        .as_array()
        .map_or(0, Vec::len)
}

async fn refused(addr: std::net::SocketAddr, path: &str, body: Value, code: &str) -> Value {
    let e = call(addr, "POST", path, body, 400).await;
    assert_eq!(e["code"], code, "{e}");
    e
}

#[tokio::test]
async fn create_with_a_level_and_values() {
    let srv = server().await;
    let addr = srv.addr();
    let mut body = aaa_table(2);
    body["values"] = json!({
        "plans": [[15, 9], null, null],
        "opponent": { "level": 2, "validates": { "a": true, "b": true, "c": false },
                      "scoring": { "park": 4, "pool": 0, "temp": 2, "fence": 3, "ext_houses": 1, "impr": 4 } }
    });
    let (table, _) = create(addr, body.clone()).await;
    let info = table_info(addr, &table).await;
    assert_eq!(info["aaa_level"], 2);
    assert_eq!(info["values"], body["values"]);
    assert_eq!(info["plans"].as_array().map(Vec::len), Some(3), "{info}");
    // A standard collector table has no level.
    let (std_table, _) = create(
        addr,
        json!({ "name": "Bo", "mode": "standard", "edition": "collector", "seats": 2 }),
    )
    .await;
    assert_eq!(table_info(addr, &std_table).await["aaa_level"], Value::Null);
    srv.running.stop().await;
}

#[tokio::test]
async fn bad_values_are_refused_and_nothing_is_created() {
    let srv = server().await;
    let addr = srv.addr();
    let mut body = aaa_table(1);
    body["values"] = json!({ "plans": [[6, 6], null, null] });
    let e = refused(addr, "/api/tables", body.clone(), "bad_plan_values").await;
    assert!(e["message"].as_str().unwrap().contains("plans.A"), "{e}");
    body["values"] = json!({ "opponent": { "level": 1, "validates": { "a": true, "b": true, "c": true },
        "scoring": { "park": 9, "pool": 1, "temp": 1, "fence": 1, "ext_houses": 2, "impr": 2 } } });
    let e = refused(addr, "/api/tables", body.clone(), "bad_opponent_values").await;
    assert!(e["message"].as_str().unwrap().contains("park"), "{e}");
    // An opponent card of another level than the game's.
    body["values"]["opponent"]["level"] = json!(3);
    body["values"]["opponent"]["scoring"]["park"] = json!(1);
    refused(addr, "/api/tables", body, "bad_opponent_values").await;
    // A level where there is no AAA, and a level with no card.
    let mut std = json!({ "name": "Ann", "mode": "standard", "edition": "collector", "seats": 2 });
    std["aaa_level"] = json!(1);
    refused(addr, "/api/tables", std, "not_aaa").await;
    refused(addr, "/api/tables", aaa_table(7), "unknown_aaa_level").await;
    assert_eq!(lobby_size(addr).await, 0);
    srv.running.stop().await;
}

#[tokio::test]
async fn the_host_enters_values_before_the_start_and_they_survive_a_restart() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "edition": "collector", "seats": 2,
                "bots": [{ "seat": 2, "kind": "greedy" }] }),
    )
    .await;
    let (_, bob) = {
        // A second table's token is not this table's host.
        create(
            addr,
            json!({ "name": "Bob", "mode": "standard", "seats": 2 }),
        )
        .await
    };
    let path = format!("/api/tables/{table}/values");
    let good = json!({ "plans": [[15, 9], null, [11, 6]] });
    let e = call(
        addr,
        "POST",
        &path,
        json!({ "token": bob, "values": good }),
        403,
    )
    .await;
    assert_eq!(e["code"], "not_host");
    let e = refused(
        addr,
        &path,
        json!({ "token": ann, "values": { "plans": [null, [31, 2], null] } }),
        "bad_plan_values",
    )
    .await;
    assert!(e["message"].as_str().unwrap().contains("plans.B"), "{e}");
    // No opponent card outside the AAA game.
    refused(
        addr,
        &path,
        json!({ "token": ann, "values": { "opponent": { "level": 0,
            "validates": { "a": true, "b": true, "c": true }, "temp_places": [6, 4, 2] } } }),
        "bad_opponent_values",
    )
    .await;
    assert_eq!(
        table_info(addr, &table).await["values"],
        json!({ "plans": [null, null, null] })
    );
    call(
        addr,
        "POST",
        &path,
        json!({ "token": ann, "values": good }),
        204,
    )
    .await;
    let plans = table_info(addr, &table).await["plans"].clone();

    // Stored with the table.
    let db = srv.db.clone();
    srv.running.stop().await;
    let running = start_on(&db).await;
    let addr = running.addr;
    let info = table_info(addr, &table).await;
    assert_eq!(info["values"], good);
    assert_eq!(
        info["plans"], plans,
        "the same plans are dealt after a restart"
    );

    // The game plays with them: the plans show the entered points, and the record keeps them.
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let st = a.started().await;
    let shown = &st["view"]["plans"];
    assert_eq!(
        (shown[0]["first"].clone(), shown[0]["second"].clone()),
        (json!(15), json!(9))
    );
    assert_eq!(
        (shown[2]["first"].clone(), shown[2]["second"].clone()),
        (json!(11), json!(6))
    );
    let ids: Vec<Value> = shown
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["card"].clone())
        .collect();
    assert_eq!(json!(ids), plans);
    let (_, record) =
        welcome_client::http(addr, "GET", &format!("/api/tables/{table}/record"), None)
            .await
            .unwrap();
    assert_eq!(record["setup"]["values"], good, "{record}");
    // Too late to change them.
    let e = call(
        addr,
        "POST",
        &path,
        json!({ "token": ann, "values": good }),
        409,
    )
    .await;
    assert_eq!(e["code"], "already_started");
    running.stop().await;
}

#[tokio::test]
async fn an_aaa_game_shows_the_automa_and_the_next_card() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(addr, aaa_table(1)).await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let st = a.started().await;
    let v = &st["view"];
    assert_eq!(st["table"]["aaa_level"], 1);
    assert_eq!(v["aaa"]["name"], "Sam");
    assert_eq!(v["aaa"]["given"], json!([]));
    assert_eq!(v["aaa"]["score"]["total"], 0);
    assert_eq!(v["aaa"]["outcome"], Value::Null);
    assert!(v["next"]["action"].is_string(), "{v}");
    assert_eq!(v["offer"]["hand"].as_array().map(Vec::len), Some(3));
    // A refusal names the card given to the AAA, as expert mode's passed card.
    let o = a
        .request(json!({ "type": "options", "round": 1, "draft": {} }))
        .await;
    if !o["refuse"].is_null() {
        assert_eq!(o["refuse"]["pass"], true, "{o}");
    }
    let mut given = 0;
    let mut st = st.clone();
    for round in 1..=3u64 {
        let turn = a.plain_turn(round, &st["view"]["offer"]).await;
        a.submit(round, &turn).await;
        st = a.round(round + 1).await;
        given += 1;
        assert_eq!(
            st["view"]["aaa"]["given"].as_array().map(Vec::len),
            Some(given),
            "one card a turn"
        );
        let score = &st["view"]["aaa"]["score"];
        assert!(score["total"].as_i64().unwrap() >= 0, "{score}");
    }
    srv.running.stop().await;
}

#[tokio::test]
async fn a_level_zero_game_has_no_score_for_the_automa() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(addr, aaa_table(0)).await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let st = a.started().await;
    assert_eq!(st["view"]["aaa"]["score"], Value::Null);
    assert_eq!(st["view"]["aaa"]["card"]["temp_places"], json!([6, 4, 2]));
    srv.running.stop().await;
}

// ----- the companion: the AAA of a game played with the physical cards -----

/// An empty sheet of the collector Classic sheet with `temps` temp boxes crossed.
fn collector_sheet(temps: u8) -> Value {
    let edition = welcome_engine::Edition::by_id("collector").unwrap();
    let layout = edition.default_sheet();
    let mut sheet = serde_json::to_value(welcome_engine::SheetData::of(
        layout,
        &welcome_engine::Sheet::new(layout),
    ))
    .unwrap();
    sheet["temps"] = json!(temps);
    sheet
}

/// Cards of the collector deck, one per effect named in `effects`, in that order (each card of
/// the deck used once).
fn aaa_pile(effects: &[&str]) -> Vec<String> {
    let edition = welcome_engine::Edition::by_id("collector").unwrap();
    let mut left: Vec<String> = edition.deck.iter().map(|c| c.to_string()).collect();
    effects
        .iter()
        .map(|e| {
            let at = left
                .iter()
                .position(|c| c.ends_with(&format!("-{e}")))
                .unwrap_or_else(|| panic!("the deck has no {e} card left"));
            left.remove(at)
        })
        .collect()
}

fn companion_solo(temps: u8, aaa: Value) -> Value {
    json!({
        "edition": "collector",
        "sheet": collector_sheet(temps),
        "plans": [{ "card": 1, "approved": false }, { "card": 7, "approved": false }, { "card": 13, "approved": false }],
        "offer": { "hand": aaa_pile(&["pool", "landscaper", "temp"]) },
        "mode": "solo",
        "aaa": aaa
    })
}

/// K71 through the companion: the §15.5 worked example, the pile typed in by the player.
#[tokio::test]
async fn k71_the_companion_scores_the_worked_example_pile() {
    let srv = server().await;
    let addr = srv.addr();
    let given = aaa_pile(&[
        "landscaper",
        "real-estate",
        "surveyor",
        "bis",
        "landscaper",
        "pool",
        "real-estate",
        "surveyor",
        "surveyor",
        "temp",
        "landscaper",
        "surveyor",
        "temp",
        "bis",
        "real-estate",
        "landscaper",
        "pool",
        "surveyor",
        "landscaper",
        "temp",
        "surveyor",
        "pool",
    ]);
    let body = companion_solo(
        4,
        json!({ "level": 1, "given": given, "plans": [8, null, null] }),
    );
    let o = call(addr, "POST", "/api/companion/options", body, 200).await;
    let aaa = &o["aaa"];
    assert_eq!(aaa["name"], "Sam");
    let s = &aaa["score"];
    assert_eq!(
        (
            &s["parks"],
            &s["pools"],
            &s["temps"],
            &s["fences"],
            &s["estates"]
        ),
        (&json!(5), &json!(3), &json!(7), &json!(6), &json!(30)),
        "{s}"
    );
    assert_eq!(s["best"], json!([12, 10, 4, 2, 2]));
    assert_eq!(s["estate_count"], 6);
    assert_eq!(s["total"], 51 + 8);
    // The player's temps rank first against 3 Intérimaire cards.
    let rows = o["score"]["rows"].as_array().unwrap();
    let temps = rows.iter().find(|r| r["id"] == "temps").unwrap();
    assert_eq!(temps["points"], 7, "{temps}");
    // An empty sheet against 59 points: the player would lose now.
    assert_eq!(aaa["standing"], "loss");
    srv.running.stop().await;
}

/// The companion plays the card the player's own opponent card shows, and level 0's table.
#[tokio::test]
async fn the_companion_uses_entered_opponent_values_and_level_zero() {
    let srv = server().await;
    let addr = srv.addr();
    let given = aaa_pile(&["landscaper", "landscaper", "temp"]);
    let card = json!({ "level": 1, "validates": { "a": true, "b": false, "c": true },
        "scoring": { "park": 4, "pool": 0, "temp": 2, "fence": 3, "ext_houses": 1, "impr": 4 } });
    let body = companion_solo(0, json!({ "level": 1, "opponent": card, "given": given }));
    let o = call(addr, "POST", "/api/companion/options", body, 200).await;
    assert_eq!(o["aaa"]["card"], card);
    // parks 2 × 4; temps 1 × 2 + 7 (the player has no box); one estate of 3 houses
    assert_eq!(o["aaa"]["score"]["total"], 8 + 9 + 3);

    let body = companion_solo(5, json!({ "level": 0 }));
    let o = call(addr, "POST", "/api/companion/options", body, 200).await;
    assert_eq!(o["aaa"]["score"], Value::Null);
    assert_eq!(o["aaa"]["standing"], Value::Null);
    let rows = o["score"]["rows"].as_array().unwrap();
    let temps = rows.iter().find(|r| r["id"] == "temps").unwrap();
    assert_eq!(
        temps["points"], 4,
        "K74: 5 boxes are second place at level 0"
    );
    // Left out, the AAA is Sam with nothing given, and a refusal still gives a card away.
    let mut body = companion_solo(0, Value::Null);
    body.as_object_mut().unwrap().remove("aaa");
    let o = call(addr, "POST", "/api/companion/options", body, 200).await;
    assert_eq!(o["aaa"]["name"], "Sam");
    srv.running.stop().await;
}

/// Bad AAA input through the companion: a clear error naming the field.
#[tokio::test]
async fn the_companion_refuses_bad_aaa_input() {
    let srv = server().await;
    let addr = srv.addr();
    let path = "/api/companion/options";
    let mut wrong_level = companion_solo(
        0,
        json!({ "level": 2, "opponent": {
        "level": 1, "validates": { "a": true, "b": true, "c": true },
        "scoring": { "park": 1, "pool": 1, "temp": 1, "fence": 1, "ext_houses": 2, "impr": 2 } } }),
    );
    let e = refused(addr, path, wrong_level.clone(), "bad_opponent_values").await;
    assert!(e["message"].as_str().unwrap().contains("level 1"), "{e}");
    wrong_level["aaa"]["opponent"]["level"] = json!(2);
    wrong_level["aaa"]["opponent"]["scoring"]["temp"] = json!(9);
    let e = refused(addr, path, wrong_level, "bad_opponent_values").await;
    assert!(e["message"].as_str().unwrap().contains("temp"), "{e}");
    refused(
        addr,
        path,
        companion_solo(0, json!({ "level": 9 })),
        "unknown_aaa_level",
    )
    .await;
    let sevens: Vec<String> = std::iter::repeat_n("7-pool".to_string(), 40).collect();
    let e = refused(
        addr,
        path,
        companion_solo(0, json!({ "given": sevens })),
        "bad_aaa",
    )
    .await;
    assert!(
        e["message"].as_str().unwrap().starts_with("aaa.given"),
        "{e}"
    );
    let too_many: Vec<String> = std::iter::repeat_n("7-pool".to_string(), 64).collect();
    let e = refused(
        addr,
        path,
        companion_solo(0, json!({ "given": too_many })),
        "bad_aaa",
    )
    .await;
    assert!(e["message"].as_str().unwrap().contains("64 cards"), "{e}");
    refused(
        addr,
        path,
        companion_solo(0, json!({ "plans": [31, null, null] })),
        "bad_aaa",
    )
    .await;
    let mut plan_values = companion_solo(0, Value::Null);
    plan_values["plans"][1]["values"] = json!([4, 6]);
    let e = refused(addr, path, plan_values, "bad_plan_values").await;
    assert!(e["message"].as_str().unwrap().starts_with("plans.B"), "{e}");
    let mut first = companion_solo(0, json!({ "level": 1 }));
    first["edition"] = json!("first");
    first["plans"] = json!([{ "card": 1, "approved": false }, { "card": 7, "approved": false }, { "card": 14, "approved": false }]);
    first["sheet"] = json!({ "streets": [
        { "houses": ["", "", "", "", "", "", "", "", "", ""] },
        { "houses": ["", "", "", "", "", "", "", "", "", "", ""] },
        { "houses": ["", "", "", "", "", "", "", "", "", "", "", ""] } ] });
    first["offer"] = json!({ "hand": ["3-bis", "7-pool", "9-temp"] });
    refused(addr, path, first, "not_aaa").await;
    srv.running.stop().await;
}

/// Plan points entered from the player's own cards score in the companion (§18.5).
#[tokio::test]
async fn the_companion_scores_entered_plan_points() {
    let srv = server().await;
    let addr = srv.addr();
    let mut body = companion_solo(0, Value::Null);
    body["plans"][0]["values"] = json!([11, 5]);
    body["sheet"]["plans"] = json!([11, null, null]);
    let o = call(addr, "POST", "/api/companion/options", body, 200).await;
    let rows = o["score"]["rows"].as_array().unwrap();
    let plans = rows.iter().find(|r| r["id"] == "plans").unwrap();
    assert_eq!(plans["points"], 11, "{plans}");
    srv.running.stop().await;
}
