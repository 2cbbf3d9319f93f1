//! Explicit bounds: spectators share a socket limit that never locks seat holders out.

use crate::common;

use common::*;
use serde_json::json;
use welcome_client::{Request, Socket};
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

/// A second client address on this machine: every 127.x.y.z address reaches a loopback server.
const OTHER: std::net::IpAddr = std::net::IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 2));

/// `POST /api/tables` from `from` (this machine's usual address if `None`).
async fn create_from(
    addr: std::net::SocketAddr,
    from: Option<std::net::IpAddr>,
    body: &serde_json::Value,
) -> (u16, String, serde_json::Value) {
    let text = body.to_string();
    let mut req = Request::new("POST", "/api/tables").body(text.as_bytes());
    if let Some(ip) = from {
        req = req.from(ip);
    }
    req.send_full(addr).await.unwrap()
}

fn config(db: &std::path::Path) -> ServeConfig {
    ServeConfig::new("127.0.0.1:0", db.to_string_lossy().to_string())
}

/// One client cannot fill the server's tables: the tables it created and that are still open
/// are bounded (`429 too_many_open_tables`), while another address still creates tables and
/// the server-wide limit is far from reached. A finished table no longer counts.
#[tokio::test]
async fn one_address_cannot_fill_the_server() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(&dir.path().join("w.db"));
    config.limits.max_tables = 10;
    config.limits.open_tables_per_address = 2;
    let running = spawn(config).await.unwrap();
    let addr = running.addr;
    let with_bot = json!({ "name": "Ann", "mode": "standard", "seats": 2,
                           "bots": [{ "seat": 2, "kind": "greedy" }] });
    let (played, ann) = create(addr, with_bot.clone()).await;
    start(addr, &played, &ann).await;
    let (dealt, host) = create(
        addr,
        json!({ "name": "Dee", "mode": "standard", "deal_only": true }),
    )
    .await;
    // A third open table from the same address is refused, and nothing is created.
    let (status, _, e) = create_from(addr, None, &with_bot).await;
    assert_eq!(status, 429, "{e}");
    assert_eq!(e["code"], "too_many_open_tables");
    assert!(e["message"].as_str().unwrap().contains("at most 2"), "{e}");
    assert_eq!(running.state.live_tables(), 2);
    // Another address is not held back, and the server is far from full.
    let (status, _, v) = create_from(addr, Some(OTHER), &with_bot).await;
    assert_eq!(status, 201, "{v}");
    let other = v["table"].as_str().unwrap();
    start(addr, other, v["token"].as_str().unwrap()).await;
    assert_eq!(running.state.live_tables(), 3);
    // Once one of its tables is over, the first address may open another.
    call(
        addr,
        "POST",
        &format!("/api/tables/{dealt}/end"),
        json!({ "token": host }),
        204,
    )
    .await;
    let (status, _, v) = create_from(addr, None, &with_bot).await;
    assert_eq!(status, 201, "{v}");
    running.stop().await;
}

/// Tables created per address and per minute are bounded too (`429 rate_limited`, with
/// `Retry-After`); another address is not held back.
#[tokio::test]
async fn an_address_creates_only_so_many_tables_a_minute() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(&dir.path().join("w.db"));
    config.limits.tables_per_minute = 3;
    let running = spawn(config).await.unwrap();
    let addr = running.addr;
    let body = json!({ "name": "Ann", "mode": "standard", "seats": 2 });
    for _ in 0..3 {
        let (status, _, v) = create_from(addr, None, &body).await;
        assert_eq!(status, 201, "{v}");
    }
    let (status, head, e) = create_from(addr, None, &body).await;
    assert_eq!(status, 429, "{e}");
    assert_eq!(e["code"], "rate_limited");
    let retry: u64 = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("retry-after:")
                .map(|v| v.trim().to_string())
        })
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no Retry-After in {head}"));
    assert!((1..=60).contains(&retry), "{retry}");
    assert_eq!(running.state.live_tables(), 3);
    // A bad request is refused as before: it is not a table.
    let bad = json!({ "name": "", "mode": "standard", "seats": 2 });
    let (status, _, e) = create_from(addr, Some(OTHER), &bad).await;
    assert_eq!((status, e["code"].as_str()), (400, Some("bad_name")));
    let (status, _, v) = create_from(addr, Some(OTHER), &body).await;
    assert_eq!(status, 201, "{v}");
    running.stop().await;
}

/// The idle-lobby sweep checks again, under each table's lock, that the table is still idle:
/// a join answered `200` is never followed by its table being forgotten, even when the sweep
/// runs at the very moment of the joins. A join that comes after its table was forgotten gets
/// `404`, never a `200` for a table that is gone.
#[tokio::test]
async fn a_join_answered_is_never_swept_away() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(&dir.path().join("w.db"));
    let idle = std::time::Duration::from_millis(1500);
    config.limits.lobby_idle = idle;
    config.limits.tables_per_minute = 1000;
    config.limits.open_tables_per_address = 1000;
    let running = spawn(config).await.unwrap();
    let addr = running.addr;
    let mut tables = Vec::new();
    for _ in 0..40 {
        let (t, _) = create(
            addr,
            json!({ "name": "Ann", "mode": "standard", "seats": 2 }),
        )
        .await;
        tables.push(t);
    }
    // Every table is idle now: the sweep and the joins race.
    tokio::time::sleep(idle + std::time::Duration::from_millis(100)).await;
    let state = running.state.clone();
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let sweeping = {
        let done = done.clone();
        tokio::spawn(async move {
            let mut forgotten = 0;
            while !done.load(std::sync::atomic::Ordering::SeqCst) {
                forgotten += state.expire_idle_lobbies(idle).await;
                tokio::task::yield_now().await;
            }
            forgotten
        })
    };
    let joins: Vec<_> = tables
        .iter()
        .map(|t| {
            let path = format!("/api/tables/{t}/join");
            tokio::spawn(async move {
                welcome_client::http(addr, "POST", &path, Some(&json!({ "name": "Bob" })))
                    .await
                    .unwrap()
            })
        })
        .collect();
    let mut answers = Vec::new();
    for j in joins {
        answers.push(j.await.unwrap());
    }
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    let forgotten = sweeping.await.unwrap();
    let mut joined = 0;
    for (t, (status, v)) in tables.iter().zip(&answers) {
        match status {
            200 => {
                joined += 1;
                assert!(
                    running.state.loaded(t).is_some(),
                    "table {t} joined, then forgotten"
                );
                let info = table_info(addr, t).await;
                assert_eq!(info["seats"][1]["name"], "Bob", "{info}");
            }
            404 => assert_eq!(v["code"], "no_such_table"),
            s => panic!("join of {t}: {s} {v}"),
        }
    }
    assert_eq!(
        joined + forgotten,
        tables.len(),
        "every table was joined or forgotten"
    );
    running.stop().await;
}

/// A finished table leaves memory at the sweep once nobody watches it; its info, record and
/// final view are loaded again from the database on demand and answer exactly as before,
/// after a restart too (finished tables are not loaded at startup).
#[tokio::test]
async fn finished_tables_leave_memory_and_answer_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("w.db");
    let running = spawn(config(&db)).await.unwrap();
    let addr = running.addr;
    let (table, host) = create(
        addr,
        json!({ "name": "Dee", "mode": "standard", "deal_only": true }),
    )
    .await;
    let info = table_info(addr, &table).await;
    call(
        addr,
        "POST",
        &format!("/api/tables/{table}/deal"),
        json!({ "token": host, "round": info["round"], "approved": [], "reshuffle": false }),
        204,
    )
    .await;
    call(
        addr,
        "POST",
        &format!("/api/tables/{table}/end"),
        json!({ "token": host }),
        204,
    )
    .await;
    let record_path = format!("/api/tables/{table}/record");
    let info = table_info(addr, &table).await;
    assert_eq!(info["status"], "over");
    let record = call(addr, "GET", &record_path, serde_json::Value::Null, 200).await;
    let mut s = Socket::connect(addr, &table, None).await.unwrap();
    let mut view = s.recv_type("state").await.unwrap();
    s.close().await;
    // `seq` counts the changes of the table since it came into memory.
    view.as_object_mut().unwrap().remove("seq");
    // Once the spectator is gone, the sweep lets the table go.
    let mut unloaded = 0;
    for _ in 0..200 {
        unloaded += running.state.sweep().await.unloaded;
        if running.state.loaded(&table).is_none() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(unloaded, 1);
    assert!(running.state.loaded(&table).is_none());
    // It answers as before, loaded again from the database.
    assert_eq!(table_info(addr, &table).await, info);
    assert_eq!(
        call(addr, "GET", &record_path, serde_json::Value::Null, 200).await,
        record
    );
    let mut s = Socket::connect(addr, &table, None).await.unwrap();
    let mut again = s.recv_type("state").await.unwrap();
    again.as_object_mut().unwrap().remove("seq");
    assert_eq!(again, view);
    s.close().await;
    // The lobby lists open tables only, and a finished table is still refused changes.
    let e = call(
        addr,
        "POST",
        &format!("/api/tables/{table}/end"),
        json!({ "token": host }),
        409,
    )
    .await;
    assert_eq!(e["code"], "game_over");
    running.stop().await;

    let running = spawn(config(&db)).await.unwrap();
    let addr = running.addr;
    assert!(running.state.loaded(&table).is_none());
    assert_eq!(running.state.live_tables(), 0);
    assert_eq!(table_info(addr, &table).await, info);
    assert_eq!(
        call(addr, "GET", &record_path, serde_json::Value::Null, 200).await,
        record
    );
    running.stop().await;
}

/// A started game that no player has been connected to for a while is ended (`abandoned`) and
/// stored: it stops counting toward the table limit, leaves memory, refuses every change, and
/// answers the same after a restart. A game a player is connected to is never ended.
#[tokio::test]
async fn games_nobody_plays_are_ended() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("w.db");
    let mut config = config(&db);
    let after = std::time::Duration::from_millis(300);
    config.limits.abandon_after = after;
    config.limits.max_tables = 1;
    let running = spawn(config.clone()).await.unwrap();
    let addr = running.addr;
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2,
                "bots": [{ "seat": 2, "kind": "greedy" }] }),
    )
    .await;
    start(addr, &table, &ann).await;
    let body = json!({ "name": "Cy", "mode": "standard", "seats": 2 });
    let e = call(addr, "POST", "/api/tables", body.clone(), 503).await;
    assert_eq!(e["code"], "too_many_tables");

    // While Ann is connected, the game goes on however long she thinks.
    let mut a = connect(addr, &table, Some(&ann)).await;
    a.started().await;
    tokio::time::sleep(after * 2).await;
    assert_eq!(running.state.sweep().await.abandoned, 0);
    drop(a);
    // Her socket closes; the clock starts then.
    for _ in 0..200 {
        if table_info(addr, &table).await["seats"][0]["connected"] == false {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let playing = table_info(addr, &table).await;
    assert_eq!(playing["seats"][0]["connected"], false);
    tokio::time::sleep(after * 2).await;
    let swept = running.state.sweep().await;
    assert_eq!((swept.abandoned, swept.unloaded), (1, 1), "{swept:?}");
    assert!(running.state.loaded(&table).is_none());

    let ended = table_info(addr, &table).await;
    assert_eq!(ended["status"], "abandoned");
    assert_eq!(ended["round"], playing["round"]);
    assert_eq!(ended["seats"], playing["seats"]);
    assert_eq!(ended["deadline"], serde_json::Value::Null);
    // It no longer counts: a new table fits.
    call(addr, "POST", "/api/tables", body.clone(), 201).await;
    // Nothing changes it any more.
    let mut a = connect(addr, &table, Some(&ann)).await;
    let s = a.state_where(|m| m["table"]["status"] == "abandoned").await;
    let round = s["view"]["round"].clone();
    for msg in [
        json!({ "type": "options", "round": round, "draft": {} }),
        json!({ "type": "submit", "round": round, "turn": { "play": { "refuse": {} } } }),
    ] {
        let e = a.request(msg).await;
        assert_eq!(e["code"], "game_over", "{e}");
    }
    drop(a);
    let e = call(
        addr,
        "POST",
        &format!("/api/tables/{table}/seats/1/kick"),
        json!({ "token": ann }),
        409,
    )
    .await;
    assert_eq!(e["code"], "game_over");
    call(
        addr,
        "GET",
        &format!("/api/tables/{table}/record"),
        serde_json::Value::Null,
        200,
    )
    .await;
    running.stop().await;

    let running = spawn(config).await.unwrap();
    let addr = running.addr;
    assert!(running.state.loaded(&table).is_none());
    assert_eq!(table_info(addr, &table).await, ended);
    running.stop().await;
}
