//! A deal-only table: no seats, the players write on paper sheets, the host's screen deals.
//! Its host ends each round (marking the plans achieved and the reshuffle) and the game; it
//! survives a restart; every refusal changes nothing.

use crate::common;

use common::*;
use serde_json::{json, Value};
use std::net::SocketAddr;
use welcome_engine::{Game, Record};

async fn record(addr: SocketAddr, table: &str) -> Record {
    let v = call(
        addr,
        "GET",
        &format!("/api/tables/{table}/record"),
        Value::Null,
        200,
    )
    .await;
    Record::from_json(&v.to_string()).unwrap()
}

/// `POST /api/tables/{table}/deal`, answered `status`.
async fn deal(addr: SocketAddr, table: &str, body: Value, status: u16) -> Value {
    call(
        addr,
        "POST",
        &format!("/api/tables/{table}/deal"),
        body,
        status,
    )
    .await
}

/// Sends a host action that must fail with `code` and checks that the table did not change.
async fn refused(addr: SocketAddr, table: &str, path: &str, body: Value, status: u16, code: &str) {
    let before = record(addr, table).await.to_json();
    let e = call(
        addr,
        "POST",
        &format!("/api/tables/{table}/{path}"),
        body,
        status,
    )
    .await;
    assert_eq!(e["code"], code, "{e}");
    assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()));
    assert_eq!(record(addr, table).await.to_json(), before, "{code}");
}

/// The engine's own dealer with the finished record's seed, given the same marks, deals what
/// the table dealt. Returns that dealer, at the record's last round.
fn check_deals(record: &Record) -> Game {
    let seed = record
        .setup
        .seed
        .expect("a finished game's record has its seed");
    let mut g = Game::dealer(record.setup.options, seed, &record.setup.values).unwrap();
    for r in &record.rounds[..record.rounds.len() - 1] {
        g.deal_next(r.approved, r.reshuffle).unwrap();
    }
    assert_eq!(g.log(), record.rounds.as_slice());
    assert_eq!(record.replay().unwrap().round(), g.round());
    g
}

#[tokio::test]
async fn a_deal_only_table_deals_marks_plans_and_ends() {
    let srv = server().await;
    let addr = srv.addr();
    let created = call(
        addr,
        "POST",
        "/api/tables",
        json!({ "name": "Ann", "mode": "standard", "deal_only": true }),
        201,
    )
    .await;
    assert_eq!(created["seat"], Value::Null);
    assert_eq!(
        created["deal"],
        format!("/t/{}/deal", created["table"].as_str().unwrap())
    );
    let table = created["table"].as_str().unwrap().to_string();
    let ann = created["token"].as_str().unwrap().to_string();

    // It starts at once, with no seats.
    let info = table_info(addr, &table).await;
    assert_eq!(info["deal_only"], true);
    assert_eq!(info["table_mode"], true);
    assert_eq!(info["status"], "playing");
    assert_eq!(info["round"], 1);
    assert_eq!(info["seats"], json!([]));
    assert_eq!(info["host_seat"], Value::Null);
    // The lobby lists a game in play while a player is there: its host's screen.
    let mut host = connect(addr, &table, Some(&ann)).await;
    let s = host.started().await;
    let lobby = call(addr, "GET", "/api/tables", Value::Null, 200).await;
    let line = lobby
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["table"] == table.as_str())
        .unwrap();
    assert_eq!(
        (line["deal_only"].clone(), line["seats"].clone()),
        (json!(true), json!(0))
    );

    // The host's screen and a spectator see the round's three combinations.
    assert_eq!(s["you"], json!({ "seat": null, "host": true }));
    let v = &s["view"];
    assert_eq!(v["round"], 1);
    assert_eq!(v["offer"]["combinations"].as_array().map(Vec::len), Some(3));
    assert_eq!(v["next_effects"].as_array().map(Vec::len), Some(3));
    assert_eq!(v["plans"].as_array().map(Vec::len), Some(3));
    assert_eq!(
        (v["sheets"].clone(), v["submitted"].clone()),
        (json!([]), json!([]))
    );
    assert_eq!(v["reshuffle_offered"], true);
    assert_eq!(
        (v["pile"].clone(), v["discard"].clone()),
        (json!(75), json!(0))
    );
    let mut watcher = connect(addr, &table, None).await;
    let w = watcher.started().await;
    assert_eq!(w["view"]["offer"], v["offer"]);
    assert_eq!(w["you"], Value::Null);
    // The record shows the same offer, without the seed while the game goes on.
    let r = record(addr, &table).await;
    assert!(r.setup.seats.is_empty());
    assert_eq!(r.setup.seed, None);
    assert_eq!(
        serde_json::to_value(r.rounds[0].offers[0]).unwrap(),
        v["offer"]
    );
    // Nobody can join or play.
    let e = call(
        addr,
        "POST",
        &format!("/api/tables/{table}/join"),
        json!({ "name": "Bob" }),
        409,
    )
    .await;
    assert_eq!(e["code"], "already_started");
    let turn = json!({ "play": { "refuse": {} } });
    host.expect_error(
        json!({ "type": "submit", "round": 1, "turn": turn }),
        "spectator",
    )
    .await;

    // Next round: new combinations, the next effects become this round's.
    deal(addr, &table, json!({ "token": ann, "round": 1 }), 204).await;
    let s2 = host.round(2).await;
    let offered: Vec<Value> = s2["view"]["offer"]["combinations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["effect"].clone())
        .collect();
    assert_eq!(Value::from(offered), v["next_effects"]);
    assert_eq!(s2["view"]["pile"], 72);
    // The same button pressed twice (a second tab, a double click) deals once.
    refused(
        addr,
        &table,
        "deal",
        json!({ "token": ann, "round": 1 }),
        409,
        "stale_round",
    )
    .await;

    // Bad input changes nothing.
    refused(
        addr,
        &table,
        "deal",
        json!({ "token": "nope", "round": 2 }),
        403,
        "not_host",
    )
    .await;
    refused(
        addr,
        &table,
        "deal",
        json!({ "token": ann, "round": 2, "approved": [4] }),
        400,
        "bad_plan",
    )
    .await;
    refused(
        addr,
        &table,
        "deal",
        json!({ "token": ann, "round": 2, "approved": [0] }),
        400,
        "bad_plan",
    )
    .await;
    refused(
        addr,
        &table,
        "deal",
        json!({ "token": ann, "round": 2, "approved": [2, 2] }),
        400,
        "bad_plan",
    )
    .await;
    refused(
        addr,
        &table,
        "deal",
        json!({ "token": ann, "round": 2, "reshuffle": true }),
        422,
        "reshuffle_not_offered",
    )
    .await;
    refused(
        addr,
        &table,
        "deal",
        json!({ "token": ann, "round": 2, "extra": 1 }),
        400,
        "bad_json",
    )
    .await;
    refused(
        addr,
        &table,
        "end",
        json!({ "token": "nope" }),
        403,
        "not_host",
    )
    .await;

    // Plan n°2 achieved in round 2, with the reshuffle: round 3 is dealt from the whole deck.
    deal(
        addr,
        &table,
        json!({ "token": ann, "round": 2, "approved": [2], "reshuffle": true }),
        204,
    )
    .await;
    let s3 = host.round(3).await;
    let plans = &s3["view"]["plans"];
    assert_eq!(
        [
            &plans[0]["approved"],
            &plans[1]["approved"],
            &plans[2]["approved"]
        ],
        [&json!(false), &json!(true), &json!(false)]
    );
    assert_eq!(
        (s3["view"]["pile"].clone(), s3["view"]["discard"].clone()),
        (json!(75), json!(0))
    );
    assert_eq!(s3["view"]["reshuffle_offered"], false);
    // A turned plan does not turn again, and the reshuffle is offered once.
    refused(
        addr,
        &table,
        "deal",
        json!({ "token": ann, "round": 3, "approved": [2] }),
        422,
        "plan_already_approved",
    )
    .await;
    refused(
        addr,
        &table,
        "deal",
        json!({ "token": ann, "round": 3, "approved": [1], "reshuffle": true }),
        422,
        "reshuffle_not_offered",
    )
    .await;
    deal(
        addr,
        &table,
        json!({ "token": ann, "round": 3, "approved": [1, 3] }),
        204,
    )
    .await;
    host.round(4).await;

    // The host ends the game: it is over, for the reason the host gave.
    call(
        addr,
        "POST",
        &format!("/api/tables/{table}/end"),
        json!({ "token": ann }),
        204,
    )
    .await;
    let over = host.state_where(|m| m["table"]["status"] == "over").await;
    assert_eq!(over["view"]["round"], 4);
    assert_eq!(
        over["view"]["result"],
        json!({ "end": [{ "trigger": "declared" }], "scores": [], "ranks": [], "winners": [], "tie_break": "" })
    );
    refused(
        addr,
        &table,
        "deal",
        json!({ "token": ann, "round": 4 }),
        409,
        "game_over",
    )
    .await;
    refused(
        addr,
        &table,
        "end",
        json!({ "token": ann }),
        409,
        "game_over",
    )
    .await;
    let lobby = call(addr, "GET", "/api/tables", Value::Null, 200).await;
    assert!(lobby
        .as_array()
        .unwrap()
        .iter()
        .all(|l| l["table"] != table.as_str()));

    // The finished record has its seed and every mark; the engine deals it again.
    let r = record(addr, &table).await;
    assert_eq!(r.rounds.len(), 4);
    assert_eq!(r.rounds[1].approved, [false, true, false]);
    assert!(r.rounds[1].reshuffle);
    assert_eq!(r.rounds[2].approved, [true, false, true]);
    check_deals(&r);
    srv.running.stop().await;
}

#[tokio::test]
async fn a_deal_only_table_survives_a_restart() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "deal_only": true, "sheet": "easter" }),
    )
    .await;
    deal(addr, &table, json!({ "token": ann, "round": 1 }), 204).await;
    deal(
        addr,
        &table,
        json!({ "token": ann, "round": 2, "approved": [3] }),
        204,
    )
    .await;
    let mut host = connect(addr, &table, Some(&ann)).await;
    let before = host.round(3).await;
    drop(host);
    let db = srv.db.clone();
    srv.running.stop().await;

    // Restored from its record: the same round, combinations, plans and piles.
    let running = start_on(&db).await;
    let addr = running.addr;
    let mut host = connect(addr, &table, Some(&ann)).await;
    let after = host.round(3).await;
    assert_eq!(after["view"], before["view"]);
    assert_eq!(after["table"]["deal_only"], true);
    assert_eq!(after["you"], json!({ "seat": null, "host": true }));
    // The host's token still deals, and the game goes on as its seed deals it.
    refused(
        addr,
        &table,
        "deal",
        json!({ "token": "other", "round": 3 }),
        403,
        "not_host",
    )
    .await;
    deal(
        addr,
        &table,
        json!({ "token": ann, "round": 3, "approved": [1] }),
        204,
    )
    .await;
    host.round(4).await;
    call(
        addr,
        "POST",
        &format!("/api/tables/{table}/end"),
        json!({ "token": ann }),
        204,
    )
    .await;
    let r = record(addr, &table).await;
    check_deals(&r);
    running.stop().await;

    // A finished deal-only table is restored finished.
    let running = start_on(&db).await;
    let info = table_info(running.addr, &table).await;
    assert_eq!(
        (info["status"].clone(), info["round"].clone()),
        (json!("over"), json!(4))
    );
    running.stop().await;
}

#[tokio::test]
async fn solo_is_dealt_to_the_last_card() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "solo", "deal_only": true }),
    )
    .await;
    let mut host = connect(addr, &table, Some(&ann)).await;
    let s = host.started().await;
    // The solo game's three cards, no combinations and no reshuffle.
    assert_eq!(s["view"]["offer"]["hand"].as_array().map(Vec::len), Some(3));
    assert_eq!(s["view"]["next_effects"], Value::Null);
    assert_eq!(s["view"]["reshuffle_offered"], false);
    refused(
        addr,
        &table,
        "deal",
        json!({ "token": ann, "round": 1, "approved": [1], "reshuffle": true }),
        422,
        "reshuffle_not_offered",
    )
    .await;
    let mut solo_card = false;
    let mut over = s;
    for round in 1..=27 {
        deal(addr, &table, json!({ "token": ann, "round": round }), 204).await;
        over = host.round(round + 1).await;
        solo_card |= over["view"]["solo_card_drawn"] == true;
    }
    // The Solo card lies among the last 42 cards, so it comes up unless it is the very last of
    // the 82 (Ruling 25: the game ends with the construction cards). The table's seed is random:
    // the engine's dealer with that seed says which case this is.
    let dealer = check_deals(&record(addr, &table).await);
    assert_eq!(solo_card, dealer.solo_card_drawn());
    // The 27th round used the last cards: the game is over, with no 28th round.
    assert_eq!(over["table"]["status"], "over");
    assert_eq!(over["view"]["round"], 27);
    assert_eq!(
        over["view"]["result"]["end"],
        json!([{ "trigger": "deck-exhausted" }])
    );
    refused(
        addr,
        &table,
        "deal",
        json!({ "token": ann, "round": 27 }),
        409,
        "game_over",
    )
    .await;
    srv.running.stop().await;
}

#[tokio::test]
async fn what_cannot_be_dealt_only_is_refused() {
    let srv = server().await;
    let addr = srv.addr();
    for (body, code) in [
        (
            json!({ "name": "Ann", "mode": "expert", "deal_only": true }),
            "dealer_mode",
        ),
        (
            json!({ "name": "Ann", "mode": "solo", "edition": "collector", "deal_only": true }),
            "dealer_mode",
        ),
        (
            json!({ "name": "Ann", "mode": "solo", "edition": "collector", "aaa_level": 2, "deal_only": true }),
            "dealer_mode",
        ),
        (
            json!({ "name": "Ann", "mode": "standard", "deal_only": true, "seats": 3 }),
            "bad_seats",
        ),
        (
            json!({ "name": "Ann", "mode": "standard", "deal_only": true, "bots": [{ "seat": 1, "kind": "greedy" }] }),
            "bad_bot_seat",
        ),
        (
            json!({ "name": "Ann", "mode": "standard", "deal_only": true, "turn_timer": { "seconds": 60, "on_expiry": "bot" } }),
            "bad_turn_timer",
        ),
        (
            json!({ "name": "Ann", "mode": "standard", "deal_only": true, "aaa_level": 1 }),
            "not_aaa",
        ),
        (json!({ "name": "Ann", "mode": "standard" }), "bad_seats"),
    ] {
        let e = call(addr, "POST", "/api/tables", body.clone(), 400).await;
        assert_eq!(e["code"], code, "{body}: {e}");
    }
    assert_eq!(
        call(addr, "GET", "/api/tables", Value::Null, 200).await,
        json!([])
    );
    // The collector's standard game deals (without the reshuffle, Ruling C16).
    let (table, token) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "edition": "collector", "deal_only": true }),
    )
    .await;
    assert_eq!(table_info(addr, &table).await["edition"], "collector");
    refused(
        addr,
        &table,
        "deal",
        json!({ "token": token, "round": 1, "approved": [1], "reshuffle": true }),
        422,
        "reshuffle_not_offered",
    )
    .await;
    deal(
        addr,
        &table,
        json!({ "token": token, "round": 1, "approved": [1] }),
        204,
    )
    .await;
    // A table with seats is dealt by its players' turns, not by its host.
    let (seated, ann) = create(addr, json!({ "name": "Ann", "mode": "standard", "seats": 2, "bots": [{ "seat": 2, "kind": "greedy" }] })).await;
    start(addr, &seated, &ann).await;
    refused(
        addr,
        &seated,
        "deal",
        json!({ "token": ann, "round": 1 }),
        409,
        "not_deal_only",
    )
    .await;
    refused(
        addr,
        &seated,
        "end",
        json!({ "token": ann }),
        409,
        "not_deal_only",
    )
    .await;
    srv.running.stop().await;
}
