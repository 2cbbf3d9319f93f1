//! Explicit bounds: spectators share a socket limit that never locks seat holders out.

mod common;

use common::*;
use serde_json::json;
use welcome_server::client::Socket;
use welcome_server::{spawn, ServeConfig};

#[tokio::test]
async fn spectators_cannot_lock_players_out() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = ServeConfig::new(
        "127.0.0.1:0",
        dir.path().join("w.db").to_string_lossy().to_string(),
    );
    config.limits.max_sockets_per_table = 3;
    let running = spawn(config).await.unwrap();
    let addr = running.addr;
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2 }),
    )
    .await;
    let mut watchers = Vec::new();
    for _ in 0..3 {
        let mut s = Socket::connect(addr, &table, None).await.unwrap();
        assert_eq!(s.recv().await.unwrap()["type"], "state");
        watchers.push(s);
    }
    // The table's spectator places are taken: one more spectator is turned away…
    let mut extra = Socket::connect(addr, &table, None).await.unwrap();
    let m = extra.recv().await.unwrap();
    assert_eq!(m["type"], "error");
    assert_eq!(m["code"], "too_many_connections");
    // … but the seat holder still connects and sees the table.
    let mut a = Socket::connect(addr, &table, Some(&ann)).await.unwrap();
    let m = a.recv().await.unwrap();
    assert_eq!(m["type"], "state", "{m}");
    assert_eq!(m["you"]["seat"], 1);
    running.stop().await;
}

/// `GET /api/tables/{table}` answers `status`.
async fn table_answers(addr: std::net::SocketAddr, table: &str, status: u16) {
    let path = format!("/api/tables/{table}");
    call(addr, "GET", &path, serde_json::Value::Null, status).await;
}

/// Abandoned lobby tables cannot fill the server: at the table limit, lobby tables that nobody
/// is connected to and that have been idle long enough are forgotten, in the database too.
#[tokio::test]
async fn idle_lobby_tables_make_room() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("w.db").to_string_lossy().to_string();
    let mut config = ServeConfig::new("127.0.0.1:0", db.clone());
    config.limits.max_tables = 2;
    config.limits.lobby_idle = std::time::Duration::from_millis(200);
    let running = spawn(config.clone()).await.unwrap();
    let addr = running.addr;
    let body = json!({ "name": "Ann", "mode": "standard", "seats": 2 });
    let (idle, _) = create(addr, body.clone()).await;
    let (watched, _) = create(addr, body.clone()).await;
    let _watcher = Socket::connect(addr, &watched, None).await.unwrap();
    // Both tables are fresh: the server is full.
    let e = call(addr, "POST", "/api/tables", body.clone(), 503).await;
    assert_eq!(e["code"], "too_many_tables");
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    // The idle table nobody watches goes; the watched one stays.
    let (third, _) = create(addr, body.clone()).await;
    table_answers(addr, &idle, 404).await;
    table_answers(addr, &watched, 200).await;
    running.stop().await;
    let running = spawn(config).await.unwrap();
    let addr = running.addr;
    table_answers(addr, &idle, 404).await;
    table_answers(addr, &third, 200).await;
    running.stop().await;
}
