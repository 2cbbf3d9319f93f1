//! Slow and greedy clients cannot hold the server: a request header must come within a time
//! limit, open connections are bounded server-wide and per client address, and a websocket
//! client that does not read is disconnected.

use crate::common;

use common::*;
use serde_json::json;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use welcome_client::{connect_from, Request, Socket};
use welcome_server::{spawn, ServeConfig};

const OTHER: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));

/// Generous bounds for what must happen: a test fails, rather than hangs, when it does not.
const BOUND: Duration = Duration::from_secs(20);

fn config(dir: &tempfile::TempDir) -> ServeConfig {
    ServeConfig::new(
        "127.0.0.1:0",
        dir.path().join("w.db").to_string_lossy().to_string(),
    )
}

/// A connection that sent half a request header and waits.
async fn slow(addr: SocketAddr, from: Option<IpAddr>) -> TcpStream {
    let mut s = connect_from(addr, from).await.unwrap();
    s.write_all(b"GET /api/tables HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    s
}

/// Whether the server closes `s` without an answer: the read ends (or fails) with no byte.
async fn closed_without_answer(s: &mut TcpStream) -> bool {
    let mut buf = [0u8; 256];
    match tokio::time::timeout(BOUND, s.read(&mut buf)).await {
        Ok(Ok(0)) | Ok(Err(_)) => true,
        Ok(Ok(_)) => false,
        Err(_) => panic!("the connection stayed open"),
    }
}

/// A full request on a fresh connection: `Some(status)`, or `None` if the server closed the
/// connection without answering.
async fn get_status(addr: SocketAddr, from: Option<IpAddr>) -> Option<u16> {
    let mut s = connect_from(addr, from).await.ok()?;
    let req = format!("GET /api/tables HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    if s.write_all(req.as_bytes()).await.is_err() {
        return None;
    }
    let mut out = Vec::new();
    let _ = tokio::time::timeout(BOUND, s.read_to_end(&mut out)).await;
    let text = String::from_utf8_lossy(&out);
    text.split_whitespace().nth(1).and_then(|s| s.parse().ok())
}

/// Connections that send half a header hold the server's places only until the header time
/// limit cuts them: meanwhile the connections over the cap are closed at once, and afterwards
/// a fresh client is served.
#[tokio::test]
async fn a_slow_header_is_cut_and_frees_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(&dir);
    config.limits.max_connections = 3;
    config.limits.header_timeout = Duration::from_secs(2);
    let running = spawn(config).await.unwrap();
    let addr = running.addr;
    let mut slow_ones = Vec::new();
    for _ in 0..3 {
        slow_ones.push(slow(addr, None).await);
    }
    // Every place is taken: a full request is closed without an answer, from any address.
    assert_eq!(get_status(addr, None).await, None);
    assert_eq!(get_status(addr, Some(OTHER)).await, None);
    // The slow ones are cut…
    for s in &mut slow_ones {
        assert!(closed_without_answer(s).await);
    }
    // … and a fresh client is served.
    assert_eq!(get_status(addr, None).await, Some(200));
    running.stop().await;
}

/// One address cannot take every connection: over its own cap its connections are closed at
/// once (an open websocket holds a place too), while another address is served; once its
/// connections close, it is served again.
#[tokio::test]
async fn one_address_cannot_take_every_connection() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(&dir);
    config.limits.max_connections_per_address = 2;
    let running = spawn(config).await.unwrap();
    let addr = running.addr;
    let (table, _) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2 }),
    )
    .await;
    let mut watcher = Socket::connect(addr, &table, None).await.unwrap();
    assert_eq!(watcher.recv().await.unwrap()["type"], "state");
    let held = slow(addr, None).await;
    assert_eq!(get_status(addr, None).await, None);
    assert_eq!(get_status(addr, Some(OTHER)).await, Some(200));
    let (status, v) = Request::new("GET", "/api/tables")
        .from(OTHER)
        .send(addr)
        .await
        .unwrap();
    assert_eq!(status, 200, "{v}");
    // The places come back when the connections close.
    drop(held);
    watcher.close().await;
    let served = async {
        loop {
            if get_status(addr, None).await == Some(200) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    tokio::time::timeout(BOUND, served)
        .await
        .expect("the address is served again once its connections closed");
    running.stop().await;
}

/// A websocket client that never reads is disconnected once a message has waited for it
/// longer than the write time limit, while the table keeps changing; a client that reads is
/// kept.
#[tokio::test]
async fn a_websocket_that_does_not_read_is_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(&dir);
    config.limits.ws_write_timeout = Duration::from_millis(300);
    config.limits.max_connections_per_address = 1000;
    let running = spawn(config).await.unwrap();
    let addr = running.addr;
    // A table of many seats: every state pushed is large.
    let (table, host) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 100 }),
    )
    .await;

    // A spectator that reads everything…
    let mut reader = Socket::connect(addr, &table, None).await.unwrap();
    let reading = tokio::spawn(async move {
        let mut n = 0u64;
        while reader.recv_text().await.is_some() {
            n += 1;
        }
        n
    });
    // … and one that takes the upgrade, then never reads again, with a small receive buffer.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut raw = socket.connect(addr).await.unwrap();
    let handshake = format!(
        "GET /ws/{table} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    raw.write_all(handshake.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        raw.read_exact(&mut byte).await.unwrap();
        head.push(byte[0]);
    }
    assert!(
        String::from_utf8_lossy(&head).starts_with("HTTP/1.1 101"),
        "{}",
        String::from_utf8_lossy(&head)
    );
    let spectators = |info: &serde_json::Value| info["spectators"].as_u64().unwrap();
    assert_eq!(spectators(&table_info(addr, &table).await), 2);

    // The host keeps changing the table: a bot comes and goes on every seat.
    let dropped = async {
        for i in 0.. {
            let seat = 2 + i % 99;
            let (path, body) = if (i / 99) % 2 == 0 {
                ("bot", json!({ "token": host, "kind": "random" }))
            } else {
                ("kick", json!({ "token": host }))
            };
            call(
                addr,
                "POST",
                &format!("/api/tables/{table}/seats/{seat}/{path}"),
                body,
                204,
            )
            .await;
            if i % 20 == 19 && spectators(&table_info(addr, &table).await) == 1 {
                return i;
            }
        }
        unreachable!()
    };
    let changes = tokio::time::timeout(Duration::from_secs(120), dropped)
        .await
        .expect("the client that does not read is disconnected");
    assert!(changes > 0);
    // The reading spectator is still there and saw the changes.
    assert_eq!(spectators(&table_info(addr, &table).await), 1);
    drop(raw);
    reading.abort();
    running.stop().await;
}

/// A client that sends a whole header and then holds its body back is answered `408
/// slow_body` once the body time limit passes, and nothing it asked for happens.
#[tokio::test]
async fn a_slow_body_is_cut_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(&dir);
    config.limits.body_timeout = Duration::from_secs(2);
    let running = spawn(config).await.unwrap();
    let addr = running.addr;
    let body = json!({ "name": "Ann", "mode": "standard", "seats": 2 }).to_string();
    let mut s = connect_from(addr, None).await.unwrap();
    let head = format!(
        "POST /api/tables HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).await.unwrap();
    // A first byte of the body, then nothing.
    s.write_all(&body.as_bytes()[..1]).await.unwrap();
    let mut out = Vec::new();
    tokio::time::timeout(BOUND, s.read_to_end(&mut out))
        .await
        .expect("the server answers within its time limit")
        .unwrap();
    let text = String::from_utf8_lossy(&out);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("\"slow_body\""), "{text}");
    let (status, lobby) = Request::new("GET", "/api/tables").send(addr).await.unwrap();
    assert_eq!(status, 200);
    assert_eq!(lobby, json!([]), "no table was created");
    // The same request sent at once is served.
    let (status, v) = Request::new("POST", "/api/tables")
        .body(body.as_bytes())
        .send(addr)
        .await
        .unwrap();
    assert_eq!(status, 201, "{v}");
    running.stop().await;
}
