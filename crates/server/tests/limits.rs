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
