//! Whole games and turns over real websockets on a loopback port.

use crate::common;

use common::*;
use serde_json::{json, Value};
use welcome_engine::Record;

/// Plays every round with the first legal turn of each human until the game ends.
#[tokio::test]
async fn full_game_with_two_humans_and_a_bot() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 3,
                "bots": [{ "seat": 3, "kind": "greedy" }] }),
    )
    .await;
    let (seat, bob) = join(addr, &table, "Bob").await;
    assert_eq!(seat, 2);
    // The table is full: a third player cannot join.
    let e = call(
        addr,
        "POST",
        &format!("/api/tables/{table}/join"),
        json!({ "name": "Cy" }),
        409,
    )
    .await;
    assert_eq!(e["code"], "table_full");

    let mut a = connect(addr, &table, Some(&ann)).await;
    let mut b = connect(addr, &table, Some(&bob)).await;
    let lobby = a.state_where(|m| m["view"].is_null()).await;
    assert_eq!(lobby["you"], json!({ "seat": 1, "host": true }));
    assert_eq!(lobby["table"]["status"], "lobby");

    // Only the host starts.
    let e = call(
        addr,
        "POST",
        &format!("/api/tables/{table}/start"),
        json!({ "token": bob }),
        403,
    )
    .await;
    assert_eq!(e["code"], "not_host");
    start(addr, &table, &ann).await;

    let mut state = a.started().await;
    assert_eq!(state["view"]["round"], 1);
    // The bot has already confirmed its turn.
    assert_eq!(state["view"]["submitted"], json!([false, false, true]));
    let mut rounds = 0;
    while state["view"]["result"].is_null() {
        let round = state["view"]["round"].as_u64().unwrap();
        let ta = a.first_turn(round).await;
        a.submit(round, &ta).await;
        let tb = b.first_turn(round).await;
        b.submit(round, &tb).await;
        state = a.round(round + 1).await;
        let sb = b.round(round + 1).await;
        assert_eq!(state["view"]["sheets"], sb["view"]["sheets"]);
        // The log shows the turns just resolved.
        let log = state["view"]["log"].as_array().unwrap();
        let last = log.last().unwrap();
        assert_eq!(last["round"], round);
        assert_eq!(last["turns"][0], ta);
        assert_eq!(last["turns"][1], tb);
        rounds += 1;
        assert!(rounds < 100, "the game does not end");
    }
    let result = &state["view"]["result"];
    assert_eq!(state["table"]["status"], "over");
    assert!(!result["winners"].as_array().unwrap().is_empty());
    assert!(result["tie_break"].as_str().unwrap().len() > 10);
    assert_eq!(result["scores"].as_array().unwrap().len(), 3);

    // The record replays to the same result.
    let (status, text) =
        welcome_client::http(addr, "GET", &format!("/api/tables/{table}/record"), None)
            .await
            .unwrap();
    assert_eq!(status, 200);
    let record = Record::from_json(&text.to_string()).unwrap();
    let game = record.replay().unwrap();
    assert!(game.is_over());
    let totals: Vec<Value> = game.scores().iter().map(|s| json!(s.total)).collect();
    assert_eq!(result["scores"], json!(totals));
    assert_eq!(record.setup.seats, vec!["Ann", "Bob", "Greedy bot"]);

    // Turns after the end are refused.
    let round = state["view"]["round"].as_u64().unwrap();
    a.expect_error(
        json!({ "type": "submit", "round": round, "turn": { "play": { "refuse": {} } } }),
        "game_over",
    )
    .await;
    srv.running.stop().await;
}

#[tokio::test]
async fn restart_takes_a_confirmed_turn_back() {
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
    a.started().await;

    a.expect_error(
        json!({ "type": "restart", "round": 1 }),
        "nothing_to_restart",
    )
    .await;
    let turn = a.first_turn(1).await;
    a.submit(1, &turn).await;
    let s = a.state_where(|m| m["view"]["my_turn"] == turn).await;
    assert_eq!(s["view"]["submitted"], json!([true, false]));

    let ack = a.request(json!({ "type": "restart", "round": 1 })).await;
    assert_eq!(ack["type"], "ack");
    let s = a.state_where(|m| m["view"]["my_turn"].is_null()).await;
    assert_eq!(s["view"]["submitted"], json!([false, false]));

    // Another turn this time: the last placement listed.
    let o = a
        .request(json!({ "type": "options", "round": 1, "draft": {} }))
        .await;
    let p = o["placements"].as_array().unwrap().last().unwrap().clone();
    let other = json!({ "play": { "build": { "pick": p["pick"], "house": p["house"], "number": p["number"] } } });
    a.submit(1, &other).await;
    let tb = b.first_turn(1).await;
    b.submit(1, &tb).await;
    let s = a.round(2).await;
    assert_eq!(s["view"]["log"][0]["turns"][0], other);
    // Once the round has resolved, its turn cannot be taken back.
    a.expect_error(json!({ "type": "restart", "round": 1 }), "stale_round")
        .await;
    srv.running.stop().await;
}

#[tokio::test]
async fn reconnecting_restores_the_exact_state() {
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
    b.started().await;
    let turn = a.first_turn(1).await;
    a.submit(1, &turn).await;
    let before = a.state_where(|m| m["view"]["my_turn"] == turn).await;
    a.sock.close().await;
    // Bob sees Ann leave, then come back.
    b.state_where(|m| m["table"]["seats"][0]["connected"] == false)
        .await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let mut after = a.started().await;
    // The state held before (a whole state and the updates after it) is the whole state sent
    // now, but for the changes counted since (a disconnection, a connection).
    let mut before = before;
    assert!(after["seq"].as_u64() > before["seq"].as_u64(), "{after}");
    before.as_object_mut().unwrap().remove("seq");
    after.as_object_mut().unwrap().remove("seq");
    assert_eq!(before, after);
    b.state_where(|m| m["table"]["seats"][0]["connected"] == true)
        .await;
    srv.running.stop().await;
}

#[tokio::test]
async fn a_seat_cannot_act_for_another() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2 }),
    )
    .await;
    let (_, bob) = join(addr, &table, "Bob").await;
    start(addr, &table, &ann).await;
    let mut b = connect(addr, &table, Some(&bob)).await;
    b.started().await;
    let turn = b.first_turn(1).await;
    b.expect_error(
        json!({ "type": "submit", "round": 1, "seat": 1, "turn": turn }),
        "not_your_seat",
    )
    .await;
    b.expect_error(
        json!({ "type": "options", "round": 1, "seat": 1, "draft": {} }),
        "not_your_seat",
    )
    .await;
    // Host actions need the host's token.
    let e = call(
        addr,
        "POST",
        &format!("/api/tables/{table}/seats/1/kick"),
        json!({ "token": bob }),
        403,
    )
    .await;
    assert_eq!(e["code"], "not_host");
    // A token that holds no seat here is refused at once.
    let mut x = connect(addr, &table, Some("00ff")).await;
    let e = x.sock.recv().await.unwrap();
    assert_eq!(e["type"], "error");
    assert_eq!(e["code"], "bad_token");
    assert!(x.sock.recv().await.is_none());
    // Nothing changed: nobody has submitted.
    let s = b.request(json!({ "type": "options", "round": 1 })).await;
    assert_eq!(s["type"], "options");
    let info = table_info(addr, &table).await;
    assert_eq!(info["seats"][0]["submitted"], false);
    assert_eq!(info["seats"][1]["submitted"], false);
    srv.running.stop().await;
}

#[tokio::test]
async fn bad_messages_get_stable_codes_and_change_nothing() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2 }),
    )
    .await;
    let (_, bob) = join(addr, &table, "Bob").await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    // Out of turn: the game has not started.
    a.expect_error(
        json!({ "type": "submit", "round": 1, "turn": { "play": { "refuse": {} } } }),
        "not_started",
    )
    .await;
    start(addr, &table, &ann).await;
    let mut b = connect(addr, &table, Some(&bob)).await;
    a.started().await;

    // Malformed JSON: no request id can be read.
    a.sock.send_text("{not json".into()).await.unwrap();
    let e = a.sock.recv_type("error").await.unwrap();
    assert_eq!(e["code"], "bad_message");
    assert_eq!(e["request"], Value::Null);
    // An unknown type, a missing type, a turn with a 0 index.
    a.expect_error(json!({ "type": "dance" }), "bad_message")
        .await;
    a.expect_error(json!({ "round": 1 }), "bad_message").await;
    a.expect_error(
        json!({ "type": "submit", "round": 1, "turn": { "play": { "build": { "pick": { "combination": 0 } } } } }),
        "bad_message",
    )
    .await;
    // A stale round.
    a.expect_error(
        json!({ "type": "submit", "round": 7, "turn": { "play": { "refuse": {} } } }),
        "stale_round",
    )
    .await;
    // An illegal turn: a refusal while numbers fit.
    a.expect_error(
        json!({ "type": "submit", "round": 1, "turn": { "play": { "refuse": {} } } }),
        "refusal_not_allowed",
    )
    .await;
    // Too many plan validations are refused before any rule runs.
    let turn = a.first_turn(1).await;
    let mut greedy = turn.clone();
    greedy["plans"] = json!([{ "plan": 1 }, { "plan": 2 }, { "plan": 3 }, { "plan": 1 }]);
    a.expect_error(
        json!({ "type": "submit", "round": 1, "turn": greedy }),
        "bad_message",
    )
    .await;
    // Oversized: not even read, so the answer carries no request id.
    let big = json!({ "type": "options", "request": 99, "round": 1, "pad": "x".repeat(70_000) });
    a.sock.send(&big).await.unwrap();
    let e = a.sock.recv_type("error").await.unwrap();
    assert_eq!(e["code"], "message_too_large");
    assert_eq!(e["request"], Value::Null);
    // Nothing was confirmed by all that.
    let info = table_info(addr, &table).await;
    assert_eq!(info["seats"][0]["submitted"], false);

    // A duplicate confirmation.
    a.submit(1, &turn).await;
    a.expect_error(
        json!({ "type": "submit", "round": 1, "turn": turn }),
        "already_submitted",
    )
    .await;
    // Spectators cannot act.
    let mut s = connect(addr, &table, None).await;
    let st = s.started().await;
    assert_eq!(st["you"], Value::Null);
    s.expect_error(
        json!({ "type": "submit", "round": 1, "turn": turn }),
        "spectator",
    )
    .await;
    s.expect_error(json!({ "type": "options", "round": 1 }), "spectator")
        .await;
    // The game goes on normally.
    let tb = b.first_turn(1).await;
    b.submit(1, &tb).await;
    let st = a.round(2).await;
    assert_eq!(st["view"]["log"][0]["turns"], json!([turn, tb]));
    srv.running.stop().await;
}

#[tokio::test]
async fn http_input_is_checked() {
    let srv = server().await;
    let addr = srv.addr();
    let cases = [
        (
            json!({ "name": "Ann", "mode": "standard", "seats": 101 }),
            400,
            "bad_seats",
        ),
        (
            json!({ "name": "Ann", "mode": "standard", "seats": 0 }),
            400,
            "bad_seats",
        ),
        (
            json!({ "name": "Ann", "mode": "expert", "seats": 1 }),
            400,
            "expert_needs_two",
        ),
        (
            json!({ "name": "Ann", "mode": "expert", "seats": 40 }),
            400,
            "too_many_seats",
        ),
        (
            json!({ "name": "Ann", "mode": "solo", "seats": 2 }),
            400,
            "solo_needs_one",
        ),
        (
            json!({ "name": "", "mode": "solo", "seats": 1 }),
            400,
            "bad_name",
        ),
        (
            json!({ "name": "x".repeat(33), "mode": "solo", "seats": 1 }),
            400,
            "bad_name",
        ),
        (
            json!({ "name": "A\u{7}", "mode": "solo", "seats": 1 }),
            400,
            "bad_name",
        ),
        (
            json!({ "name": "Ann", "mode": "chess", "seats": 1 }),
            400,
            "bad_json",
        ),
        (
            json!({ "name": "Ann", "mode": "standard", "seats": 2, "extra": 1 }),
            400,
            "bad_json",
        ),
        (
            json!({ "name": "Ann", "mode": "standard", "seats": 2, "bots": [{ "seat": 2, "kind": "genius" }] }),
            400,
            "bad_bot",
        ),
        (
            json!({ "name": "Ann", "mode": "standard", "seats": 2, "bots": [{ "seat": 1, "kind": "random" }] }),
            400,
            "bad_bot_seat",
        ),
        (
            json!({ "name": "Ann", "mode": "standard", "seats": 2, "bots": [{ "seat": 3, "kind": "random" }] }),
            400,
            "bad_bot_seat",
        ),
    ];
    for (body, status, code) in cases {
        let e = call(addr, "POST", "/api/tables", body.clone(), status).await;
        assert_eq!(e["code"], code, "{body}");
    }
    let (s, e) = welcome_client::http_raw(addr, "POST", "/api/tables", b"{nope")
        .await
        .unwrap();
    assert_eq!((s, e["code"].as_str()), (400, Some("bad_json")));
    let big = vec![b' '; 100_000];
    let (s, e) = welcome_client::http_raw(addr, "POST", "/api/tables", &big)
        .await
        .unwrap();
    assert_eq!((s, e["code"].as_str()), (413, Some("body_too_large")));
    let e = call(addr, "GET", "/api/tables/nosuch", Value::Null, 404).await;
    assert_eq!(e["code"], "no_such_table");
    let e = call(addr, "GET", "/api/nothing", Value::Null, 404).await;
    assert_eq!(e["code"], "not_found");
    // a mistyped page address answers the app's page (it shows "page not found"), not JSON
    let page = call(addr, "GET", "/t/abc/bogus", Value::Null, 404).await;
    assert!(
        page.as_str().is_some_and(|p| p.contains("<!doctype html>")),
        "{page}"
    );
    let e = call(addr, "GET", "/missing.js", Value::Null, 404).await;
    assert_eq!(e["code"], "not_found");
    let e = call(addr, "DELETE", "/api/tables", Value::Null, 405).await;
    assert_eq!(e["code"], "method_not_allowed");
    // No table was created by any of this.
    let lobby = call(addr, "GET", "/api/tables", Value::Null, 200).await;
    assert_eq!(lobby, json!([]));

    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2 }),
    )
    .await;
    for (path, body, status, code) in [
        (
            format!("/api/tables/{table}/seats/9/kick"),
            json!({ "token": ann }),
            404,
            "no_such_seat",
        ),
        (
            format!("/api/tables/{table}/seats/x/kick"),
            json!({ "token": ann }),
            404,
            "no_such_seat",
        ),
        (
            format!("/api/tables/{table}/seats/2/bot"),
            json!({ "token": ann, "kind": "genius" }),
            400,
            "bad_bot",
        ),
        (
            format!("/api/tables/{table}/start"),
            json!({ "token": ann }),
            409,
            "seats_not_filled",
        ),
        (
            format!("/api/tables/{table}/start"),
            json!({}),
            400,
            "bad_json",
        ),
        (
            format!("/api/tables/{table}/record"),
            Value::Null,
            409,
            "not_started",
        ),
    ] {
        let method = if body.is_null() { "GET" } else { "POST" };
        let e = call(addr, method, &path, body, status).await;
        assert_eq!(e["code"], code, "{path}");
    }
    srv.running.stop().await;
}
