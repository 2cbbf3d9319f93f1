//! Several servers on one PostgreSQL, in this process: a table is played through any node
//! (requests and websockets forwarded to its owner), every node's lobby lists it, and when its
//! owner stops another node takes it over and the game goes on.

use crate::common::*;
use serde_json::json;
use std::time::Duration;
use welcome_server::{spawn, Running, ServeConfig};

async fn node(url: &str, id: &str) -> Running {
    let mut config = ServeConfig::new("127.0.0.1:0", url);
    config.node_id = id.into();
    config.lease = Duration::from_millis(1000);
    spawn(config).await.expect("the node starts")
}

#[tokio::test]
async fn a_table_plays_through_any_node_and_goes_on_after_its_owner_stops() {
    let db = Db::postgres().await;
    let a = node(&db.url, "a").await;
    let b = node(&db.url, "b").await;
    let c = node(&db.url, "c").await;

    // Created on a; Bob joins through b, Ann starts it through c.
    let (table, ann) = create(
        a.addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2 }),
    )
    .await;
    let (_, bob) = join(b.addr, &table, "Bob").await;
    start(c.addr, &table, &ann).await;
    assert!(b.state.loaded(&table).is_none(), "b only forwards");

    // Ann plays through b, Bob through c: both sockets reach a.
    let mut ann_socket = connect(b.addr, &table, Some(&ann)).await;
    let mut bob_socket = connect(c.addr, &table, Some(&bob)).await;
    ann_socket.started().await;
    bob_socket.started().await;
    // A game in play is listed while a player is at it: by every node.
    for n in [&a, &b, &c] {
        let lobby = call(n.addr, "GET", "/api/tables", serde_json::Value::Null, 200).await;
        let ids: Vec<&str> = lobby
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|t| t["table"].as_str())
            .collect();
        assert_eq!(ids, [table.as_str()], "every node's lobby lists it");
    }
    let t = ann_socket.first_turn(1).await;
    ann_socket.submit(1, &t).await;
    let t = bob_socket.first_turn(1).await;
    bob_socket.submit(1, &t).await;
    ann_socket.round(2).await;

    // a stops (a node killed outright is `welcome serve`'s failover test): its sockets are
    // closed, and the other nodes take its tables over.
    let stopped = std::time::Instant::now();
    a.stop().await;
    drop(ann_socket);
    drop(bob_socket);
    // Ann reconnects through b until the table is back (b or c took it over).
    let mut ann_socket = loop {
        assert!(
            stopped.elapsed() < Duration::from_secs(10),
            "taken over in time"
        );
        match welcome_client::Socket::connect(b.addr, &table, Some(&ann)).await {
            Ok(mut s) => match s.state_where(|m| m["view"]["round"] == 2).await {
                Some(_) => break Client::from(s),
                None => tokio::time::sleep(Duration::from_millis(100)).await,
            },
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    };
    let mut bob_socket = connect(c.addr, &table, Some(&bob)).await;
    bob_socket.started().await;
    let t = ann_socket.first_turn(2).await;
    ann_socket.submit(2, &t).await;
    let t = bob_socket.first_turn(2).await;
    bob_socket.submit(2, &t).await;
    ann_socket.round(3).await;
    let owner = [&b, &c]
        .into_iter()
        .find(|n| n.state.loaded(&table).is_some())
        .expect("b or c owns the table");
    assert!(owner.state.loaded(&table).is_some());
    b.stop().await;
    c.stop().await;
}
