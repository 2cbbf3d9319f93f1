//! What each socket may see: spectators never see a pending turn, expert hands are private,
//! hosts and bots act as the protocol says.

use crate::common;

use common::*;
use serde_json::{json, Value};

fn blank_sheets(state: &Value) -> bool {
    state["view"]["sheets"].as_array().unwrap().iter().all(|s| {
        s["sheet"]["streets"]
            .as_array()
            .unwrap()
            .iter()
            .all(|st| st["houses"].as_array().unwrap().iter().all(|h| h == ""))
    })
}

#[tokio::test]
async fn spectators_and_other_seats_see_no_pending_turn() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2 }),
    )
    .await;
    let (_, bob) = join(addr, &table, "Bob").await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let mut b = connect(addr, &table, Some(&bob)).await;
    let mut s = connect(addr, &table, None).await;
    a.started().await;
    let turn = a.first_turn(1).await;
    a.submit(1, &turn).await;

    let seen_by_spectator = s
        .state_where(|m| m["view"]["submitted"] == json!([true, false]))
        .await;
    let seen_by_bob = b
        .state_where(|m| m["view"]["submitted"] == json!([true, false]))
        .await;
    for st in [&seen_by_spectator, &seen_by_bob] {
        assert_eq!(st["view"]["my_turn"], Value::Null);
        assert!(blank_sheets(st), "a pending turn shows on a sheet: {st}");
        assert_eq!(st["view"]["log"], json!([]));
        assert_eq!(st["view"]["sheets"][0]["score"]["total"], 0);
        // The turn itself appears nowhere in the message.
        let text = st.to_string();
        assert!(!text.contains(&turn["play"].to_string()), "{text}");
    }
    assert_eq!(seen_by_spectator["you"], Value::Null);
    assert_eq!(seen_by_spectator["table"]["spectators"], 1);
    // Ann sees her own turn, and only on her side: her sheet is still blank.
    let mine = a.state_where(|m| m["view"]["my_turn"] == turn).await;
    assert!(blank_sheets(&mine));
    srv.running.stop().await;
}

#[tokio::test]
async fn expert_views_show_only_ones_own_hand() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(addr, json!({ "name": "Ann", "mode": "expert", "seats": 3 })).await;
    let (_, bob) = join(addr, &table, "Bob").await;
    let (_, cy) = join(addr, &table, "Cy").await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let mut b = connect(addr, &table, Some(&bob)).await;
    let mut c = connect(addr, &table, Some(&cy)).await;
    let mut s = connect(addr, &table, None).await;
    let sa = a.started().await;
    let sb = b.started().await;
    let ss = s.started().await;
    let hand_a = sa["view"]["offer"]["hand"].clone();
    let hand_b = sb["view"]["offer"]["hand"].clone();
    assert_eq!(hand_a.as_array().unwrap().len(), 3);
    assert_eq!(hand_b.as_array().unwrap().len(), 3);
    // Exactly one hand in a seat's message: its own.
    assert_eq!(sa.to_string().matches("\"hand\"").count(), 1);
    assert_eq!(ss["view"]["offer"], Value::Null);
    assert!(!ss.to_string().contains("\"hand\""));
    assert_eq!(ss["view"]["next_effects"], Value::Null);

    // After a round, the log shows the turns but no draws: those would reveal hands.
    let ta = a.first_turn(1).await;
    a.submit(1, &ta).await;
    let tb = b.first_turn(1).await;
    b.submit(1, &tb).await;
    let tc = c.first_turn(1).await;
    c.submit(1, &tc).await;
    let r2 = a.round(2).await;
    assert_eq!(r2["view"]["log"][0]["draws"], json!([]));
    assert_eq!(r2["view"]["log"][0]["turns"], json!([ta, tb, tc]));
    // The record would show every hand: not before the end.
    let e = call(
        addr,
        "GET",
        &format!("/api/tables/{table}/record"),
        Value::Null,
        403,
    )
    .await;
    assert_eq!(e["code"], "record_hidden");
    srv.running.stop().await;
}

#[tokio::test]
async fn table_mode_host_bots_and_kicks() {
    let srv = server().await;
    let addr = srv.addr();
    let created = call(
        addr,
        "POST",
        "/api/tables",
        json!({ "name": "Dealer", "mode": "standard", "seats": 3, "table_mode": true,
                "bots": [{ "seat": 1, "kind": "random" }] }),
        201,
    )
    .await;
    assert_eq!(created["seat"], Value::Null);
    let table = created["table"].as_str().unwrap().to_string();
    let host = created["token"].as_str().unwrap().to_string();
    let (seat, ann) = join(addr, &table, "Ann").await;
    assert_eq!(seat, 2);
    let (seat, bob) = join(addr, &table, "Bob").await;
    assert_eq!(seat, 3);
    // Before the start, a kick frees the seat; someone else can take it.
    call(
        addr,
        "POST",
        &format!("/api/tables/{table}/seats/3/kick"),
        json!({ "token": host }),
        204,
    )
    .await;
    let mut old = connect(addr, &table, Some(&bob)).await;
    let e = old.sock.recv().await.unwrap();
    assert_eq!(e["code"], "bad_token");
    let (seat, cy) = join(addr, &table, "Cy").await;
    assert_eq!(seat, 3);
    let lobby = call(addr, "GET", "/api/tables", Value::Null, 200).await;
    assert_eq!(lobby[0]["free"], 0);
    assert_eq!(lobby[0]["host"], "Dealer");

    start(addr, &table, &host).await;
    let mut d = connect(addr, &table, Some(&host)).await;
    let sd = d.started().await;
    assert_eq!(sd["you"], json!({ "seat": null, "host": true }));
    assert_eq!(sd["table"]["host_seat"], Value::Null);
    assert_eq!(sd["view"]["my_turn"], Value::Null);
    // The dealer screen sees the combinations but cannot play.
    assert!(sd["view"]["offer"]["combinations"].is_array());
    d.expect_error(json!({ "type": "options", "round": 1 }), "spectator")
        .await;

    // Round 1 is played by everyone; Cy is replaced by a greedy bot during round 2.
    let mut a = connect(addr, &table, Some(&ann)).await;
    let mut c = connect(addr, &table, Some(&cy)).await;
    a.started().await;
    c.started().await;
    let t = c.first_turn(1).await;
    c.submit(1, &t).await;
    let ta = a.first_turn(1).await;
    a.submit(1, &ta).await;
    let s = a.round(2).await;
    assert_eq!(s["view"]["log"][0]["turns"][2], t);
    call(
        addr,
        "POST",
        &format!("/api/tables/{table}/seats/3/kick"),
        json!({ "token": host }),
        204,
    )
    .await;
    // Cy's socket now sees the table as a spectator; the bot has confirmed at once.
    let sc = c.state_where(|m| m["you"].is_null()).await;
    assert_eq!(sc["table"]["seats"][2]["bot"], "greedy");
    assert_eq!(sc["view"]["submitted"], json!([true, false, true]));
    let ta = a.first_turn(2).await;
    a.submit(2, &ta).await;
    let s = a.round(3).await;
    assert_eq!(s["view"]["log"][1]["turns"][1], ta);
    // Only the host may replace seats; nobody may after the end.
    let e = call(
        addr,
        "POST",
        &format!("/api/tables/{table}/seats/2/bot"),
        json!({ "token": ann, "kind": "random" }),
        403,
    )
    .await;
    assert_eq!(e["code"], "not_host");
    // The host replaces Ann too: an all-bot table plays to its end at once.
    call(
        addr,
        "POST",
        &format!("/api/tables/{table}/seats/2/bot"),
        json!({ "token": host, "kind": "random" }),
        204,
    )
    .await;
    let end = d.state_where(|m| !m["view"]["result"].is_null()).await;
    assert_eq!(end["table"]["status"], "over");
    let e = call(
        addr,
        "POST",
        &format!("/api/tables/{table}/seats/2/kick"),
        json!({ "token": host }),
        409,
    )
    .await;
    assert_eq!(e["code"], "game_over");
    let rec = call(
        addr,
        "GET",
        &format!("/api/tables/{table}/record"),
        Value::Null,
        200,
    )
    .await;
    let rec = welcome_engine::Record::from_json(&rec.to_string()).unwrap();
    assert!(rec.replay().unwrap().is_over());
    // Finished tables leave the lobby.
    let lobby = call(addr, "GET", "/api/tables", Value::Null, 200).await;
    assert_eq!(lobby, json!([]));
    srv.running.stop().await;
}

#[tokio::test]
async fn options_follow_the_draft_step_by_step() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "solo", "seats": 1, "advanced": true }),
    )
    .await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    a.started().await;
    let o = a
        .request(json!({ "type": "options", "round": 1, "draft": {} }))
        .await;
    assert_eq!(o["complete"], false);
    assert_eq!(o["error"], Value::Null);
    // Advanced: a roundabout may be built before the number, anywhere on an empty sheet.
    assert_eq!(o["roundabouts"].as_array().unwrap().len(), 33);
    assert_eq!(o["refuse"], Value::Null);
    let p = o["placements"][0].clone();
    assert!(p["pick"]["hand"].is_array());

    let draft = json!({ "play": { "build": { "pick": p["pick"], "house": p["house"], "number": p["number"] } } });
    let o2 = a
        .request(json!({ "type": "options", "round": 1, "draft": draft }))
        .await;
    assert_eq!(o2["complete"], true, "{o2}");
    assert_eq!(o2["placements"], json!([]));
    // After the number, a roundabout may still come ("after"), everywhere but that house.
    assert_eq!(o2["roundabouts"].as_array().unwrap().len(), 32);
    let h = &o2["sheet"]["streets"][p["house"][0].as_u64().unwrap() as usize - 1]["houses"]
        [p["house"][1].as_u64().unwrap() as usize - 1];
    assert_eq!(h, &json!(p["number"].as_u64().unwrap().to_string()));
    // An effect use listed is accepted as it is.
    if let Some(u) = o2["effects"].as_array().and_then(|e| e.first()) {
        let mut d = draft.clone();
        d["play"]["build"]["effect"] = u.clone();
        let o3 = a
            .request(json!({ "type": "options", "round": 1, "draft": d }))
            .await;
        assert_eq!(o3["complete"], true, "{o3}");
    }
    // An illegal step: the same number again in the same house.
    let bad = json!({
        "roundabout": { "house": p["house"], "when": "before" },
        "play": draft["play"]
    });
    let o4 = a
        .request(json!({ "type": "options", "round": 1, "draft": bad }))
        .await;
    assert_eq!(o4["error"]["code"], "house_not_empty", "{o4}");
    assert_eq!(o4["complete"], false);
    // Plans before the number make no sense.
    let o5 = a
        .request(json!({ "type": "options", "round": 1, "draft": { "plans": [{ "plan": 1 }] } }))
        .await;
    assert_eq!(o5["error"]["code"], "bad_draft");
    // Options of another round are refused.
    a.expect_error(json!({ "type": "options", "round": 2 }), "stale_round")
        .await;
    srv.running.stop().await;
}

#[tokio::test]
async fn companion_options_check_their_input() {
    let srv = server().await;
    let addr = srv.addr();
    let blank = json!({
        "streets": [
            { "houses": ["", "", "", "", "", "", "", "", "", ""] },
            { "houses": ["", "", "", "", "", "", "", "", "", "", ""] },
            { "houses": ["", "", "", "", "", "", "", "", "", "", "", ""] }
        ]
    });
    let plans = json!([{ "card": 1, "approved": false }, { "card": 7, "approved": false }, { "card": 14, "approved": true }]);
    let ok = json!({
        "sheet": blank, "plans": plans,
        "offer": { "combinations": [{ "number": 7, "effect": "bis" }, { "number": 3, "effect": "pool" }, { "number": 12, "effect": "temp" }] }
    });
    let o = call(addr, "POST", "/api/companion/options", ok.clone(), 200).await;
    assert!(!o["placements"].as_array().unwrap().is_empty());
    assert_eq!(o["refuse"], Value::Null);

    let mut bad_order = ok.clone();
    bad_order["sheet"]["streets"][0]["houses"][0] = json!("9");
    bad_order["sheet"]["streets"][0]["houses"][1] = json!("4");
    let mut bad_card = ok.clone();
    bad_card["offer"] = json!({ "hand": ["3-bis", "7-pool", "16-temp"] });
    let mut bad_number = ok.clone();
    bad_number["offer"]["combinations"][0]["number"] = json!(16);
    // A 9¾ card: not in this edition's deck (the table plays without the 9¾ cards).
    let mut nine = ok.clone();
    nine["offer"]["combinations"][0]["number"] = json!("9¾");
    // Not house numbers at all: refused when the body is read.
    let mut not_a_card = ok.clone();
    not_a_card["offer"] = json!({ "hand": ["3-bis", "7-pool", "99-temp"] });
    let mut not_a_number = ok.clone();
    not_a_number["offer"]["combinations"][0]["number"] = json!(255);
    let mut bad_plan = ok.clone();
    bad_plan["plans"][0]["card"] = json!(7);
    let mut bad_mode = ok.clone();
    bad_mode["mode"] = json!("expert");
    let mut two_plans = ok.clone();
    two_plans["plans"] =
        json!([{ "card": 1, "approved": false }, { "card": 7, "approved": false }]);
    for (body, status, code) in [
        (bad_order, 422, "sheet_order"),
        (bad_card, 400, "bad_offer"),
        (bad_number, 400, "bad_offer"),
        (nine, 400, "bad_offer"),
        (not_a_card, 400, "bad_json"),
        (not_a_number, 400, "bad_json"),
        (bad_plan, 400, "bad_plan"),
        (bad_mode, 400, "bad_offer"),
        (two_plans, 400, "bad_json"),
    ] {
        let e = call(addr, "POST", "/api/companion/options", body, status).await;
        assert_eq!(e["code"], code);
    }
    srv.running.stop().await;
}

#[tokio::test]
async fn the_log_names_each_round_offer_and_expert_seats_see_their_passing() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2, "bots": [{"seat": 2, "kind": "random"}] }),
    )
    .await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let st = a.started().await;
    assert_eq!(st["view"]["passing"], Value::Null);
    let offer = st["view"]["offer"].clone();
    let turn = a.first_turn(1).await;
    a.submit(1, &turn).await;
    let st = a.round(2).await;
    assert_eq!(st["view"]["log"][0]["offers"], json!([offer]));

    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "expert", "seats": 3, "bots": [{"seat": 2, "kind": "random"}, {"seat": 3, "kind": "random"}] }),
    )
    .await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let mut s = connect(addr, &table, None).await;
    let st = a.started().await;
    // passing right: seat 1 passes to seat 3 and receives from seat 2
    assert_eq!(
        st["view"]["passing"],
        json!({"to": 3, "from": 2, "received": null})
    );
    let turn = a.first_turn(1).await;
    a.submit(1, &turn).await;
    let st = a.round(2).await;
    assert_eq!(st["view"]["passing"]["received"], 1);
    // hands stay hidden in the log until the end, and spectators have no passing
    assert_eq!(st["view"]["log"][0]["offers"], json!([]));
    let seen = s.round(2).await;
    assert_eq!(seen["view"]["passing"], Value::Null);
    srv.running.stop().await;
}
