//! Pushes follow what changed (docs/protocol.md, "Pushes"): a whole state when a socket
//! connects, then updates that carry only what changed, each following the one before; a
//! client that applies them holds the state a new socket is sent; large tables summarise other
//! seats' sheets and send a whole one on request.

use crate::common;

use common::*;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use welcome_client::{apply, Socket};
use welcome_server::{spawn, ServeConfig};

fn keys(v: &Value) -> BTreeSet<&str> {
    v.as_object()
        .map(|o| o.keys().map(String::as_str).collect())
        .unwrap_or_default()
}

/// The next raw push (a `state` or an `update`), skipping answers to requests.
async fn push(s: &mut Socket) -> Value {
    loop {
        let m = s.recv_raw().await.expect("a push");
        if m["type"] == "state" || m["type"] == "update" {
            return m;
        }
    }
}

fn without_seq(mut v: Value) -> Value {
    v.as_object_mut().unwrap().remove("seq");
    v
}

/// A legal turn for `round` read from an `options` answer sent over a raw socket.
async fn first_turn(s: &mut Socket, round: u64) -> Value {
    s.send(&json!({ "type": "options", "request": 100 + round, "round": round }))
        .await
        .unwrap();
    // Nothing changes at the table meanwhile, so nothing is pushed before the answer.
    let o = s.recv_raw().await.unwrap();
    assert_eq!(o["type"], "options", "{o}");
    match o["placements"].as_array().and_then(|p| p.first()) {
        Some(p) => json!({ "play": { "build": {
            "pick": p["pick"], "house": p["house"], "number": p["number"]
        } } }),
        None => json!({ "play": { "refuse": {} } }),
    }
}

/// A confirmation is pushed as one seat's change; the round's resolution as the new round,
/// its log entry and the sheets that changed; a client that applies every update holds what a
/// new socket is sent, round after round.
#[tokio::test]
async fn updates_carry_what_changed_and_add_up_to_the_whole_state() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 3 }),
    )
    .await;
    let (_, bob) = join(addr, &table, "Bob").await;
    let (_, cy) = join(addr, &table, "Cy").await;
    start(addr, &table, &ann).await;
    let tokens = [ann.clone(), bob, cy];
    let mut socks = Vec::new();
    for t in &tokens {
        socks.push(connect(addr, &table, Some(t)).await);
    }
    let mut watcher = Socket::connect(addr, &table, None).await.unwrap();
    let first = push(&mut watcher).await;
    assert_eq!(
        first["type"], "state",
        "the first push is a whole state: {first}"
    );
    let mut held = first;
    for c in &mut socks {
        c.started().await;
    }
    // Let the connections settle: the watcher holds them once it sees every seat connected.
    while held["table"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["connected"] != true)
    {
        let u = push(&mut watcher).await;
        apply(&mut held, &u).unwrap();
    }

    for round in 1..=6u64 {
        for (i, c) in socks.iter_mut().enumerate() {
            let turn = c.first_turn(round).await;
            c.submit(round, &turn).await;
            if i + 1 < tokens.len() {
                // The watcher is told that seat i + 1 confirmed, and nothing else.
                let u = push(&mut watcher).await;
                assert_eq!(u["type"], "update", "{u}");
                assert_eq!(u["base"], held["seq"], "updates follow one another");
                assert!(u["seq"].as_u64() > u["base"].as_u64());
                assert_eq!(
                    keys(&u),
                    BTreeSet::from(["type", "seq", "base", "seats"]),
                    "{u}"
                );
                assert_eq!(u["seats"].as_array().unwrap().len(), 1, "{u}");
                assert_eq!(u["seats"][0]["seat"], json!(i + 1));
                assert_eq!(u["seats"][0]["submitted"], true);
                assert!(u.to_string().len() < 200, "{u}");
                apply(&mut held, &u).unwrap();
                assert_eq!(held["view"]["submitted"][i], true);
            }
        }
        // The last confirmation resolves the round.
        let u = push(&mut watcher).await;
        assert_eq!(u["type"], "update");
        assert_eq!(u["base"], held["seq"]);
        assert_eq!(u["view"]["round"], json!(round + 1), "{u}");
        assert_eq!(u["table"]["round"], json!(round + 1));
        // One new log entry, the round just resolved; the log is not sent again.
        let log = u["log"].as_array().unwrap();
        assert_eq!(log.len(), 1, "{u}");
        assert_eq!(log[0]["round"], json!(round));
        assert!(u["view"].get("log").is_none());
        // Every seat played, so every sheet changed.
        assert_eq!(u["sheets"].as_array().unwrap().len(), 3);
        apply(&mut held, &u).unwrap();
        assert_eq!(held["view"]["submitted"], json!([false, false, false]));
        assert_eq!(held["view"]["log"].as_array().unwrap().len() as u64, round);
        // A new socket is sent the very state the watcher holds once it is told that a
        // spectator came.
        let mut fresh = Socket::connect(addr, &table, None).await.unwrap();
        let whole = push(&mut fresh).await;
        let came = push(&mut watcher).await;
        assert_eq!(
            keys(&came),
            BTreeSet::from(["type", "seq", "base", "table"])
        );
        assert_eq!(keys(&came["table"]), BTreeSet::from(["spectators"]));
        apply(&mut held, &came).unwrap();
        assert_eq!(held["table"]["spectators"], 2);
        assert_eq!(without_seq(whole), without_seq(held.clone()));
        // and told that it left
        fresh.close().await;
        let left = push(&mut watcher).await;
        apply(&mut held, &left).unwrap();
        assert_eq!(held["table"]["spectators"], 1);
        for c in &mut socks {
            c.round(round + 1).await;
        }
    }
    // A client that asks is sent one whole state: the one it holds.
    watcher.send(&json!({ "type": "sync" })).await.unwrap();
    let whole = push(&mut watcher).await;
    assert_eq!(whole["type"], "state");
    assert_eq!(whole, held);
    srv.running.stop().await;
}

/// A seat's own sockets are told of its confirmed turn (`view.my_turn`), the others only that
/// it confirmed; and once a turn is taken back, only that it is.
#[tokio::test]
async fn only_the_seat_that_confirms_is_sent_its_turn() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2 }),
    )
    .await;
    let (_, bob) = join(addr, &table, "Bob").await;
    start(addr, &table, &ann).await;
    let mut a = Socket::connect(addr, &table, Some(&ann)).await.unwrap();
    let mut b = Socket::connect(addr, &table, Some(&bob)).await.unwrap();
    let mut held_a = push(&mut a).await;
    let mut held_b = push(&mut b).await;
    // Each is told the other connected (if it connected later).
    while held_a["table"]["seats"][1]["connected"] != true {
        let u = push(&mut a).await;
        apply(&mut held_a, &u).unwrap();
    }
    let turn = first_turn(&mut a, 1).await;
    a.send(&json!({ "type": "submit", "request": 1, "round": 1, "turn": turn }))
        .await
        .unwrap();
    assert_eq!(a.recv_raw().await.unwrap()["type"], "ack");
    let mine = push(&mut a).await;
    assert_eq!(
        keys(&mine),
        BTreeSet::from(["type", "seq", "base", "seats", "view"])
    );
    assert_eq!(keys(&mine["view"]), BTreeSet::from(["my_turn"]));
    assert_eq!(mine["view"]["my_turn"], turn);
    apply(&mut held_a, &mine).unwrap();
    let theirs = loop {
        let u = push(&mut b).await;
        apply(&mut held_b, &u).unwrap();
        if held_b["view"]["submitted"][0] == true {
            break u;
        }
    };
    assert!(theirs.get("view").is_none(), "{theirs}");
    assert!(!theirs.to_string().contains(&turn["play"].to_string()));
    a.send(&json!({ "type": "restart", "request": 2, "round": 1 }))
        .await
        .unwrap();
    assert_eq!(a.recv_raw().await.unwrap()["type"], "ack");
    let back = push(&mut a).await;
    assert_eq!(back["view"]["my_turn"], Value::Null);
    assert_eq!(back["seats"][0]["submitted"], false);
    srv.running.stop().await;
}

/// At a table of more seats than `whole_sheets_up_to`, a socket gets its own sheet whole and
/// the others' as summaries that agree with the whole sheets, asked for one by one, to the end
/// of the game.
#[tokio::test]
async fn large_tables_summarise_other_sheets() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = ServeConfig::new(
        "127.0.0.1:0",
        dir.path().join("w.db").to_string_lossy().to_string(),
    );
    config.limits.whole_sheets_up_to = 2;
    let running = spawn(config).await.unwrap();
    let addr = running.addr;
    let bots: Vec<Value> = (2..=4)
        .map(|s| json!({ "seat": s, "kind": "greedy" }))
        .collect();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 4, "bots": bots }),
    )
    .await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let edition = call(addr, "GET", "/api/editions/first", Value::Null, 200).await;
    let rows: Vec<Value> = edition["sheets"][0]["score_rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].clone())
        .collect();
    let mut round = 1;
    loop {
        let st = a.round(round).await;
        let sheets = st["view"]["sheets"].as_array().unwrap().clone();
        let over = !st["view"]["result"].is_null();
        if over {
            // The final scores are the summaries' totals.
            let totals: Vec<Value> = sheets
                .iter()
                .map(|s| {
                    s.get("total")
                        .cloned()
                        .unwrap_or(s["score"]["total"].clone())
                })
                .collect();
            assert_eq!(json!(totals), st["view"]["result"]["scores"]);
        }
        assert!(sheets[0].get("sheet").is_some(), "one's own sheet is whole");
        for s in &sheets[1..] {
            assert_eq!(
                keys(s),
                BTreeSet::from(["seat", "name", "houses", "plans", "points", "total"]),
                "{s}"
            );
            let seat = s["seat"].as_u64().unwrap();
            let answer = a.request(json!({ "type": "sheet", "of": seat })).await;
            assert_eq!(answer["type"], "sheet", "{answer}");
            let whole = &answer["sheet"];
            assert_eq!(whole["seat"], s["seat"]);
            assert_eq!(whole["name"], s["name"]);
            assert_eq!(whole["score"]["total"], s["total"]);
            assert_eq!(whole["sheet"]["plans"], s["plans"]);
            let ids: Vec<Value> = whole["score"]["rows"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["id"].clone())
                .collect();
            assert_eq!(ids, rows, "the points follow the sheet's score rows");
            let points: Vec<Value> = whole["score"]["rows"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["points"].clone())
                .collect();
            assert_eq!(json!(points), s["points"]);
            let houses = whole["sheet"]["streets"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|st| st["houses"].as_array().unwrap())
                .filter(|h| !matches!(h.as_str(), Some("" | "R" | "Z" | "Zb")))
                .count();
            assert_eq!(s["houses"], json!(houses));
        }
        // One's own sheet asked for is the one pushed.
        let own = a.request(json!({ "type": "sheet", "of": 1 })).await;
        assert_eq!(own["sheet"], sheets[0]);
        if over {
            break;
        }
        let turn = a.first_turn(round).await;
        a.submit(round, &turn).await;
        round += 1;
    }
    // A seat that is not there, or a table not started, is refused.
    a.expect_error(json!({ "type": "sheet", "of": 5 }), "no_such_seat")
        .await;
    assert_eq!(a.sock.gaps, 0);
    running.stop().await;
}

/// An expert game shows its draws in the log once it is over: the last update sends the log
/// whole, and the client that applies it holds what a new socket is sent.
#[tokio::test]
async fn the_log_is_sent_again_when_an_expert_game_shows_its_draws() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "expert", "seats": 2, "bots": [{ "seat": 2, "kind": "greedy" }] }),
    )
    .await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let mut round = 1;
    let last = loop {
        let st = a.round(round).await;
        if !st["view"]["result"].is_null() {
            break st;
        }
        assert!(st["view"]["log"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["draws"] == json!([])));
        let turn = a.first_turn(round).await;
        a.submit(round, &turn).await;
        round += 1;
    };
    let log = last["view"]["log"].as_array().unwrap();
    assert!(log.len() > 1);
    assert!(log.iter().all(|r| r["draws"] != json!([])), "{last}");
    let mut fresh = connect(addr, &table, Some(&ann)).await;
    let whole = fresh.started().await;
    assert_eq!(whole["view"]["log"], last["view"]["log"]);
    assert_eq!(whole["view"]["sheets"], last["view"]["sheets"]);
    assert_eq!(a.sock.gaps, 0);
    srv.running.stop().await;
}

/// An update that does not follow the state held changes nothing: the client asks for a
/// whole state instead.
#[test]
fn an_update_that_does_not_follow_is_refused() {
    let mut state = json!({ "type": "state", "seq": 4, "table": { "round": 1, "seats": [] },
                            "you": null, "view": { "round": 1, "log": [], "sheets": [], "submitted": [] } });
    let before = state.clone();
    let gap = json!({ "type": "update", "seq": 9, "base": 6, "table": { "round": 2 } });
    assert!(apply(&mut state, &gap).is_err());
    assert_eq!(state, before);
    let next = json!({ "type": "update", "seq": 6, "base": 4, "table": { "round": 2 },
                       "view": { "round": 2 }, "log": [{ "round": 1 }] });
    apply(&mut state, &next).unwrap();
    assert_eq!(state["seq"], 6);
    assert_eq!(state["table"]["round"], 2);
    assert_eq!(state["view"]["log"], json!([{ "round": 1 }]));
}
