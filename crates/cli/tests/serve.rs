//! The web app as the binary runs it: the default command, and a `kill -9` in the middle of a
//! round that loses nothing.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use welcome_server::client::{http, Socket};

/// Starts the binary with `args` on a free loopback port; returns it and its address.
fn start(args: &[&str], db: &Path) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_welcome"))
        .args(args)
        .env("WELCOME_ADDR", "127.0.0.1:0")
        .env("WELCOME_DB", db)
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the welcome binary runs");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("piped stdout"))
        .read_line(&mut line)
        .expect("a first line");
    let url = line
        .trim()
        .strip_prefix("Welcome To… is running at http://")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"));
    let addr = url.trim_end_matches('/').parse().expect("an address");
    (child, addr)
}

async fn post(addr: SocketAddr, path: &str, body: Value) -> Value {
    let (status, v) = http(addr, "POST", path, Some(&body)).await.unwrap();
    assert!(status < 300, "{path}: {status} {v}");
    v
}

async fn next_state(sock: &mut Socket, f: impl Fn(&Value) -> bool) -> Value {
    sock.state_where(f).await.expect("a state")
}

#[tokio::test]
async fn no_command_starts_the_web_app() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("app.db");
    let (mut child, addr) = start(&[], &db);
    let (status, page) = http(addr, "GET", "/", None).await.unwrap();
    assert_eq!(status, 200);
    assert!(
        page.as_str().unwrap_or_default().contains("<html"),
        "{page}"
    );
    let (status, lobby) = http(addr, "GET", "/api/tables", None).await.unwrap();
    assert_eq!((status, lobby), (200, json!([])));
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(db.exists(), "the database file is created");
}

#[tokio::test]
async fn kill_9_in_the_middle_of_a_round_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let (mut child, addr) = start(&["serve"], &db);
    let created = post(
        addr,
        "/api/tables",
        json!({ "name": "Ann", "mode": "standard", "seats": 2 }),
    )
    .await;
    let table = created["table"].as_str().unwrap().to_string();
    let ann = created["token"].as_str().unwrap().to_string();
    let joined = post(
        addr,
        &format!("/api/tables/{table}/join"),
        json!({ "name": "Bob" }),
    )
    .await;
    let bob = joined["token"].as_str().unwrap().to_string();
    post(
        addr,
        &format!("/api/tables/{table}/start"),
        json!({ "token": ann }),
    )
    .await;

    let mut a = Socket::connect(addr, &table, Some(&ann)).await.unwrap();
    let first = next_state(&mut a, |m| !m["view"].is_null()).await;
    let turn = first_turn(&mut a).await;
    a.send(&json!({ "type": "submit", "request": 2, "round": 1, "turn": turn }))
        .await
        .unwrap();
    assert_eq!(until(&mut a, &["ack", "error"]).await["type"], "ack");

    // Acknowledged, so stored: SIGKILL now.
    child.kill().unwrap();
    child.wait().unwrap();
    let (mut child, addr) = start(&["serve"], &db);
    let mut a = Socket::connect(addr, &table, Some(&ann)).await.unwrap();
    let restored = next_state(&mut a, |m| !m["view"].is_null()).await;
    assert_eq!(restored["view"]["my_turn"], turn);
    assert_eq!(restored["view"]["submitted"], json!([true, false]));
    assert_eq!(restored["view"]["offer"], first["view"]["offer"]);

    let mut b = Socket::connect(addr, &table, Some(&bob)).await.unwrap();
    next_state(&mut b, |m| !m["view"].is_null()).await;
    let tb = first_turn(&mut b).await;
    b.send(&json!({ "type": "submit", "request": 2, "round": 1, "turn": tb }))
        .await
        .unwrap();
    let round2 = next_state(&mut a, |m| m["view"]["round"] == 2).await;
    assert_eq!(round2["view"]["log"][0]["turns"], json!([turn, tb]));
    child.kill().unwrap();
    child.wait().unwrap();
}

/// The next message of one of these types.
async fn until(sock: &mut Socket, kinds: &[&str]) -> Value {
    loop {
        let m = sock.recv().await.expect("a message");
        if kinds.iter().any(|k| m["type"] == *k) {
            return m;
        }
    }
}

/// The first placement the server lists for round 1.
async fn first_turn(sock: &mut Socket) -> Value {
    sock.send(&json!({ "type": "options", "request": 1, "round": 1 }))
        .await
        .unwrap();
    let o = until(sock, &["options"]).await;
    let p = &o["placements"][0];
    json!({ "play": { "build": { "pick": p["pick"], "house": p["house"], "number": p["number"] } } })
}

/// A second server on a database another server uses stops at once with a clear error; a
/// server killed with `kill -9` leaves nothing that keeps the next one from starting.
#[tokio::test]
async fn a_second_server_on_the_same_database_exits_with_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("one.db");
    let (mut first, addr) = start(&["serve"], &db);
    let out = Command::new(env!("CARGO_BIN_EXE_welcome"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .env("WELCOME_DB", &db)
        .stdin(Stdio::null())
        .output()
        .expect("the welcome binary runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("error: "), "{err}");
    assert!(err.contains("in use by another server"), "{err}");
    assert!(err.contains(&format!("process {}", first.id())), "{err}");
    // The first one still serves.
    let (status, _) = http(addr, "GET", "/api/tables", None).await.unwrap();
    assert_eq!(status, 200);
    first.kill().unwrap();
    first.wait().unwrap();
    let (mut again, addr) = start(&["serve"], &db);
    let (status, _) = http(addr, "GET", "/api/tables", None).await.unwrap();
    assert_eq!(status, 200);
    again.kill().unwrap();
    again.wait().unwrap();
}

/// Limits are flags; a bad value is refused before anything starts.
#[test]
fn limit_flags_are_checked() {
    for bad in [
        &["--max-tables-per-address", "0"][..],
        &["--abandon-after", "soon"],
        &["--header-timeout", "0s"],
        &["--allowed-origin", "not an origin"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_welcome"))
            .arg("serve")
            .args(bad)
            .env("WELCOME_DB", "/nonexistent/never-created.db")
            .stdin(Stdio::null())
            .output()
            .expect("the welcome binary runs");
        assert!(!out.status.success(), "{bad:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(bad[0]), "{bad:?}: {err}");
    }
}
