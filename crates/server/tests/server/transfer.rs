//! Moving a seat to another device: only the seat's own token gets a move code, the code is
//! good once, the old token holds nothing afterwards, and the host's rights move with the seat.

use crate::common;

use common::*;
use serde_json::{json, Value};

async fn offer(addr: std::net::SocketAddr, table: &str, token: &str, status: u16) -> Value {
    call(
        addr,
        "POST",
        &format!("/api/tables/{table}/transfer"),
        json!({ "token": token }),
        status,
    )
    .await
}

async fn claim(addr: std::net::SocketAddr, table: &str, code: &str, status: u16) -> Value {
    call(
        addr,
        "POST",
        &format!("/api/tables/{table}/claim"),
        json!({ "code": code }),
        status,
    )
    .await
}

#[tokio::test]
async fn a_seat_moves_once_and_only_by_its_own_token() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 3,
                "bots": [{ "seat": 3, "kind": "greedy" }] }),
    )
    .await;
    let (_, bob) = join(addr, &table, "Bob").await;
    start(addr, &table, &ann).await;

    // Nobody without the seat's token gets a code; a guessed code claims nothing.
    let e = offer(addr, &table, "not-a-token", 403).await;
    assert_eq!(e["code"], "no_seat");
    let e = claim(addr, &table, &"0".repeat(64), 403).await;
    assert_eq!(e["code"], "bad_transfer");
    let e = claim(addr, &table, &"x".repeat(1000), 403).await;
    assert_eq!(e["code"], "bad_transfer");

    // Bob's first offer is replaced by his second: only the newest link works.
    let first = offer(addr, &table, &bob, 201).await;
    let second = offer(addr, &table, &bob, 201).await;
    assert_eq!(
        second["move"],
        json!(format!(
            "/t/{table}#move={}",
            second["code"].as_str().unwrap()
        ))
    );
    assert!(second["expires_in"].as_u64().unwrap() > 0);
    let mut old = connect(addr, &table, Some(&bob)).await;
    let s = old.started().await;
    assert_eq!(s["you"], json!({ "seat": 2, "host": false }));
    let e = claim(addr, &table, first["code"].as_str().unwrap(), 403).await;
    assert_eq!(e["code"], "bad_transfer");

    let moved = claim(addr, &table, second["code"].as_str().unwrap(), 200).await;
    assert_eq!(moved["seat"], 2);
    assert_eq!(moved["host"], false);
    let new = moved["token"].as_str().unwrap().to_string();
    assert_ne!(new, bob);
    // Good once.
    claim(addr, &table, second["code"].as_str().unwrap(), 403).await;
    // The old device's open socket is a spectator's now; the old token cannot reconnect.
    let s = old.state_where(|m| m["you"].is_null()).await;
    assert!(s["view"]["my_turn"].is_null());
    let mut again = connect(addr, &table, Some(&bob)).await;
    assert_eq!(again.sock.recv().await.unwrap()["code"], "bad_token");
    // The new device holds seat 2 and plays it.
    let mut b = connect(addr, &table, Some(&new)).await;
    let s = b.started().await;
    assert_eq!(s["you"], json!({ "seat": 2, "host": false }));
    let turn = b.first_turn(1).await;
    b.submit(1, &turn).await;
    old.expect_error(json!({ "type": "restart", "round": 1 }), "spectator")
        .await;
    srv.running.stop().await;
}

#[tokio::test]
async fn the_host_seat_takes_its_rights_along_and_keeps_them_across_a_restart() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2 }),
    )
    .await;
    join(addr, &table, "Bob").await;
    let code = offer(addr, &table, &ann, 201).await["code"]
        .as_str()
        .unwrap()
        .to_string();
    let moved = claim(addr, &table, &code, 200).await;
    assert_eq!(moved["seat"], 1);
    assert_eq!(moved["host"], true);
    let new = moved["token"].as_str().unwrap().to_string();
    let e = call(
        addr,
        "POST",
        &format!("/api/tables/{table}/start"),
        json!({ "token": ann }),
        403,
    )
    .await;
    assert_eq!(e["code"], "not_host");

    let db = srv.db.clone();
    srv.running.stop().await;
    let running = start_on(&db).await;
    let addr = running.addr;
    start(addr, &table, &new).await;
    let mut a = connect(addr, &table, Some(&new)).await;
    let s = a.started().await;
    assert_eq!(s["you"], json!({ "seat": 1, "host": true }));
    running.stop().await;
}
