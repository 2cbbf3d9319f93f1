//! What finished, closed and deserted tables still hold: a flood of tables created and left
//! fills the server for `--reclaim-after`, not for the lobby's idle time; finished and closed
//! tables hold nothing against the server's or an address's count of open tables.

use crate::common::*;
use serde_json::{json, Value};
use std::time::Duration;
use welcome_client::Socket;
use welcome_server::{spawn, ServeConfig};

fn config(dir: &tempfile::TempDir) -> ServeConfig {
    ServeConfig::new(
        "127.0.0.1:0",
        dir.path().join("w.db").to_string_lossy().to_string(),
    )
}

async fn lobby_len(addr: std::net::SocketAddr) -> usize {
    call(addr, "GET", "/api/tables", Value::Null, 200)
        .await
        .as_array()
        .unwrap()
        .len()
}

/// The server is full of tables created and left at once (a lobby table, a started solo game)
/// and of one a spectator watches: a new table is refused, and once `reclaim_after` has passed
/// the deserted ones make room; the watched one stays.
#[tokio::test]
async fn deserted_tables_make_room_once_the_server_is_full() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(&dir);
    config.limits.max_tables = 3;
    config.limits.reclaim_after = Duration::from_millis(300);
    let running = spawn(config).await.unwrap();
    let addr = running.addr;
    let standard = json!({ "name": "Ann", "mode": "standard", "seats": 2 });
    let solo = json!({ "name": "Ann", "mode": "solo", "seats": 1 });
    let (left, _) = create(addr, standard.clone()).await;
    let (game, ann) = create(addr, solo.clone()).await;
    start(addr, &game, &ann).await;
    let (kept, bea) = create(addr, standard.clone()).await;
    let _bea = Socket::connect(addr, &kept, Some(&bea)).await.unwrap();
    // Full, and nothing is old enough to go: refused, nothing changes.
    let e = call(addr, "POST", "/api/tables", solo.clone(), 503).await;
    assert_eq!(e["code"], "too_many_tables");
    assert_eq!(running.state.live_tables(), 3);
    assert_eq!(table_info(addr, &left).await["status"], "lobby");
    assert_eq!(table_info(addr, &game).await["status"], "playing");
    tokio::time::sleep(Duration::from_millis(400)).await;
    // Then the deserted tables make room, the one its host is at stays.
    let (new, _) = create(addr, solo.clone()).await;
    call(
        addr,
        "GET",
        &format!("/api/tables/{left}"),
        Value::Null,
        404,
    )
    .await;
    let ended = table_info(addr, &game).await;
    assert_eq!(ended["status"], "abandoned");
    assert_eq!(table_info(addr, &kept).await["status"], "lobby");
    assert_eq!(table_info(addr, &new).await["status"], "lobby");
    // The ended game keeps its record.
    call(
        addr,
        "GET",
        &format!("/api/tables/{game}/record"),
        Value::Null,
        200,
    )
    .await;
    assert_eq!(running.state.live_tables(), 2);
    running.stop().await;
}

/// Tables that are over or closed count for nothing: an address that finished as many tables
/// as it may hold open, many times over, still creates tables, and the server with them.
#[tokio::test]
async fn finished_and_closed_tables_hold_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(&dir);
    config.limits.max_tables = 2;
    config.limits.open_tables_per_address = 2;
    config.limits.tables_per_minute = 100;
    let running = spawn(config).await.unwrap();
    let addr = running.addr;
    let solo = json!({ "name": "Ann", "mode": "solo", "seats": 1 });
    for round in 0..5 {
        let mut open = Vec::new();
        for _ in 0..2 {
            open.push(create(addr, solo.clone()).await);
        }
        // At both limits now.
        let e = call(addr, "POST", "/api/tables", solo.clone(), 429).await;
        assert_eq!(e["code"], "too_many_open_tables", "round {round}: {e}");
        // One game is played and ended, the other table is closed before its start.
        let (played, ann) = &open[0];
        start(addr, played, ann).await;
        for (table, token) in &open {
            call(
                addr,
                "POST",
                &format!("/api/tables/{table}/abandon"),
                json!({ "token": token }),
                204,
            )
            .await;
        }
        assert_eq!(running.state.live_tables(), 0, "round {round}");
        assert_eq!(lobby_len(addr).await, 0);
    }
    // Ten finished tables later, a new one is still created, and it leaves memory once swept.
    let (table, _) = create(addr, solo.clone()).await;
    assert_eq!(table_info(addr, &table).await["status"], "lobby");
    let swept = running.state.sweep().await;
    assert_eq!(swept.unloaded, 10, "{swept:?}");
    running.stop().await;
}
