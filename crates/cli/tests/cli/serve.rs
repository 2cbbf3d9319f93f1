//! The web app as the binary runs it: the default command, and a `kill -9` in the middle of a
//! round that loses nothing.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;

use std::process::{Child, Command, Stdio};
use welcome_client::{http, Socket};

/// Starts the binary with `args` on a free loopback port; returns it and its address.
pub(crate) fn start(args: &[&str], db: impl AsRef<std::ffi::OsStr>) -> (Child, SocketAddr) {
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

pub(crate) async fn post(addr: SocketAddr, path: &str, body: Value) -> Value {
    let (status, v) = http(addr, "POST", path, Some(&body)).await.unwrap();
    assert!(status < 300, "{path}: {status} {v}");
    v
}

pub(crate) async fn next_state(sock: &mut Socket, f: impl Fn(&Value) -> bool) -> Value {
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
    let (table, ann, bob, first, turn) = first_turn_acknowledged(addr).await;

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

/// A two-seat game started (Ann hosting, Bob joined) with Ann's first turn confirmed and
/// acknowledged: the table, both tokens, Ann's first state and her turn.
pub(crate) async fn first_turn_acknowledged(
    addr: SocketAddr,
) -> (String, String, String, Value, Value) {
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
    (table, ann, bob, first, turn)
}

/// The next message of one of these types.
pub(crate) async fn until(sock: &mut Socket, kinds: &[&str]) -> Value {
    loop {
        let m = sock.recv().await.expect("a message");
        if kinds.iter().any(|k| m["type"] == *k) {
            return m;
        }
    }
}

/// The first placement the server lists for round 1.
pub(crate) async fn first_turn(sock: &mut Socket) -> Value {
    sock.send(&json!({ "type": "options", "request": 1, "round": 1 }))
        .await
        .unwrap();
    let o = until(sock, &["options"]).await;
    let p = &o["placements"][0];
    json!({ "play": { "build": { "pick": p["pick"], "house": p["house"], "number": p["number"] } } })
}

/// The server says how to stop it, and Ctrl-C (SIGINT) stops it cleanly; the lock file it
/// leaves beside the database holds no lock, so the next server starts.
#[tokio::test]
async fn ctrl_c_stops_the_server_as_it_says() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("stop.db");
    let mut child = Command::new(env!("CARGO_BIN_EXE_welcome"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .env("WELCOME_DB", &db)
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the welcome binary runs");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    assert!(
        first.starts_with("Welcome To… is running at http://"),
        "{first}"
    );
    let second = lines.next().unwrap().unwrap();
    assert!(
        second.starts_with("Ctrl-C (or SIGTERM) stops it"),
        "{second}"
    );
    let interrupted = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    assert!(dir.path().join("stop.db.lock").exists());
    let (mut again, addr) = start(&["serve"], &db);
    let (status, _) = http(addr, "GET", "/api/tables", None).await.unwrap();
    assert_eq!(status, 200);
    again.kill().unwrap();
    again.wait().unwrap();
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
        &["--search-threads", "0"],
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

/// A server that is killed when the test lets go of it, even when the test fails.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// One table of the kill test: its id and its seats' tokens.
struct Seated {
    table: String,
    tokens: Vec<String>,
}

/// A table of `seats` players (every seat a token, so that every turn is a player's), started.
async fn seated_table(addr: SocketAddr, seats: usize) -> Seated {
    let created = post(
        addr,
        "/api/tables",
        json!({ "name": "Seat 1", "mode": "standard", "seats": seats }),
    )
    .await;
    let table = created["table"].as_str().unwrap().to_string();
    let mut tokens = vec![created["token"].as_str().unwrap().to_string()];
    for s in 2..=seats {
        let j = post(
            addr,
            &format!("/api/tables/{table}/join"),
            json!({ "name": format!("Seat {s}") }),
        )
        .await;
        tokens.push(j["token"].as_str().unwrap().to_string());
    }
    post(
        addr,
        &format!("/api/tables/{table}/start"),
        json!({ "token": tokens[0] }),
    )
    .await;
    Seated { table, tokens }
}

/// A turn acknowledged by the server: table, seat (0-based), round, turn.
type Acked = (String, usize, u64, Value);

/// A player that confirms the first placement listed as soon as each round starts, until its
/// socket closes; every acknowledged turn goes in `acked`.
async fn eager_player(
    addr: SocketAddr,
    table: String,
    seat: usize,
    token: String,
    acked: std::sync::Arc<std::sync::Mutex<Vec<Acked>>>,
) {
    let Ok(mut sock) = Socket::connect(addr, &table, Some(&token)).await else {
        return;
    };
    let mut request = 0;
    loop {
        let Some(st) = sock
            .state_where(|m| m["table"]["status"] != "playing" || m["view"]["my_turn"].is_null())
            .await
        else {
            return;
        };
        if st["table"]["status"] != "playing" {
            return;
        }
        let round = st["view"]["round"].as_u64().unwrap();
        request += 1;
        let ask = json!({ "type": "options", "request": request, "round": round });
        if sock.send(&ask).await.is_err() {
            return;
        }
        let Some(o) = answer(&mut sock, request).await else {
            return;
        };
        let turn = match o["placements"].as_array().and_then(|p| p.first()) {
            Some(p) => json!({ "play": { "build": {
                "pick": p["pick"], "house": p["house"], "number": p["number"] } } }),
            None if o["type"] == "options" => json!({ "play": { "refuse": {} } }),
            // A round that resolved meanwhile: the next state says which one is on.
            None => continue,
        };
        request += 1;
        let submit = json!({ "type": "submit", "request": request, "round": round, "turn": turn });
        if sock.send(&submit).await.is_err() {
            return;
        }
        match answer(&mut sock, request).await {
            Some(a) if a["type"] == "ack" => {
                acked
                    .lock()
                    .unwrap()
                    .push((table.clone(), seat, round, turn))
            }
            Some(_) => continue,
            None => return,
        }
    }
}

/// The answer to request `id`, pushes skipped; `None` once the socket is closed.
async fn answer(sock: &mut Socket, id: u64) -> Option<Value> {
    loop {
        let m = sock.recv().await?;
        if m["request"] == id {
            return Some(m);
        }
    }
}

/// Twenty times over, players at several tables confirm turns as fast as they can and the
/// server is killed (SIGKILL) in the middle of it: after each restart every turn it ever
/// acknowledged is there, in the log of its round or as its seat's confirmed turn of the round
/// in progress.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_under_load_twenty_times_loses_no_acknowledged_turn() {
    const TABLES: usize = 4;
    const SEATS: usize = 3;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("load.db");
    let (child, mut addr) = start(&["serve"], &db);
    let mut child = Killed(child);
    let mut tables = Vec::new();
    for _ in 0..TABLES {
        tables.push(seated_table(addr, SEATS).await);
    }
    let acked = std::sync::Arc::new(std::sync::Mutex::new(Vec::<Acked>::new()));
    let mut checked = 0;
    let mut wait = 7u64;
    for kill in 0..20 {
        let mut players = Vec::new();
        for s in &tables {
            for (seat, token) in s.tokens.iter().enumerate() {
                players.push(tokio::spawn(eager_player(
                    addr,
                    s.table.clone(),
                    seat,
                    token.clone(),
                    acked.clone(),
                )));
            }
        }
        // Somewhere in the middle of it: 40 to 240 ms in.
        wait = wait
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        tokio::time::sleep(std::time::Duration::from_millis(40 + (wait >> 33) % 200)).await;
        child.0.kill().unwrap();
        child.0.wait().unwrap();
        for p in players {
            let _ = p.await;
        }
        let (next, a) = start(&["serve"], &db);
        (child, addr) = (Killed(next), a);
        // Every turn acknowledged so far is stored.
        let all = acked.lock().unwrap().clone();
        let mut over = Vec::new();
        for (t, s) in tables.iter().enumerate() {
            let (status, record) = http(
                addr,
                "GET",
                &format!("/api/tables/{}/record", s.table),
                None,
            )
            .await
            .unwrap();
            assert_eq!(status, 200, "{record}");
            let mut mine = Vec::new();
            let mut round = 0;
            let mut playing = false;
            for token in &s.tokens {
                let mut sock = Socket::connect(addr, &s.table, Some(token)).await.unwrap();
                let st = next_state(&mut sock, |m| !m["view"].is_null()).await;
                round = st["view"]["round"].as_u64().unwrap();
                playing = st["table"]["status"] == "playing";
                mine.push(st["view"]["my_turn"].clone());
                sock.close().await;
            }
            for (_, seat, r, turn) in all.iter().filter(|a| a.0 == s.table) {
                let logged = &record["rounds"][*r as usize - 1]["turns"][*seat];
                let kept = if *r == round && playing {
                    &mine[*seat]
                } else {
                    logged
                };
                assert_eq!(
                    kept, turn,
                    "kill {kill}: table {} seat {} round {r} (round {round} in progress) lost its acknowledged turn",
                    s.table,
                    seat + 1
                );
                checked += 1;
            }
            if !playing {
                over.push(t);
            }
        }
        // A finished game makes room for a new one.
        for t in over {
            tables[t] = seated_table(addr, SEATS).await;
        }
    }
    drop(child);
    let turns = acked.lock().unwrap().len();
    assert!(turns >= 20 * TABLES, "only {turns} turns were acknowledged");
    assert!(checked >= turns);
    println!("20 kills: {turns} acknowledged turns, checked {checked} times, none lost");
}
