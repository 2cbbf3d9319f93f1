//! A host cannot take their own seat away: kicked or given to a bot, it would leave the host's
//! rights without a seat, at a game nobody plays from any more.

use crate::common::*;
use serde_json::{json, Value};

#[tokio::test]
async fn the_host_cannot_kick_or_replace_their_own_seat() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2 }),
    )
    .await;
    let (_, bob) = join(addr, &table, "Bob").await;
    // Before the start and during the game alike.
    let attack = |table: String, ann: String| async move {
        for (path, body) in [
            ("kick", json!({ "token": ann })),
            ("bot", json!({ "token": ann, "kind": "greedy" })),
        ] {
            let before = table_info(addr, &table).await;
            let e = call(
                addr,
                "POST",
                &format!("/api/tables/{table}/seats/1/{path}"),
                body,
                409,
            )
            .await;
            assert_eq!(e["code"], "own_seat", "{e}");
            assert!(e["message"].as_str().unwrap().contains("seat 1"), "{e}");
            // Nothing changed: the seat is the host's, still a person's.
            let after = table_info(addr, &table).await;
            assert_eq!(before["seats"], after["seats"]);
            assert_eq!(after["host_seat"], 1);
            assert_eq!(after["seats"][0]["name"], "Ann");
            assert_eq!(after["seats"][0]["bot"], Value::Null);
        }
    };
    attack(table.clone(), ann.clone()).await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    a.started().await;
    attack(table.clone(), ann.clone()).await;
    // The host still plays their seat, and may still replace another one.
    let turn = a.first_turn(1).await;
    a.submit(1, &turn).await;
    call(
        addr,
        "POST",
        &format!("/api/tables/{table}/seats/2/kick"),
        json!({ "token": ann }),
        204,
    )
    .await;
    let info = table_info(addr, &table).await;
    assert_eq!(info["seats"][1]["bot"], "greedy");
    assert_eq!(info["seats"][0]["name"], "Ann");
    drop(bob);
    srv.running.stop().await;
}
