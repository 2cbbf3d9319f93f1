//! The end of a table's life: its host plays again with the same seats, ends the game in play
//! or closes a table before its start; a game everybody left leaves the lobby's list.

use crate::common::*;
use serde_json::{json, Value};
use welcome_client::Socket;
use welcome_server::{spawn, ServeConfig};

async fn lobby_ids(addr: std::net::SocketAddr) -> Vec<String> {
    call(addr, "GET", "/api/tables", Value::Null, 200)
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["table"].as_str().unwrap().to_string())
        .collect()
}

async fn post(addr: std::net::SocketAddr, path: String, body: Value, status: u16) -> Value {
    call(addr, "POST", &path, body, status).await
}

/// Ann hosts seat 1, Bob seat 2, a greedy bot seat 3; the game has started.
async fn three_seats(addr: std::net::SocketAddr) -> (String, String, String) {
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 3, "advanced": true,
                "bots": [{ "seat": 3, "kind": "greedy" }],
                "turn_timer": { "seconds": 90, "on_expiry": "refuse" } }),
    )
    .await;
    let (_, bob) = join(addr, &table, "Bob").await;
    start(addr, &table, &ann).await;
    (table, ann, bob)
}

#[tokio::test]
async fn the_host_plays_again_with_the_same_seats() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann, bob) = three_seats(addr).await;
    let again = format!("/api/tables/{table}/again");
    // Not while the game goes on.
    let e = post(addr, again.clone(), json!({ "token": ann }), 409).await;
    assert_eq!(e["code"], "not_finished", "{e}");
    let mut b = connect(addr, &table, Some(&bob)).await;
    b.started().await;
    post(
        addr,
        format!("/api/tables/{table}/abandon"),
        json!({ "token": ann }),
        204,
    )
    .await;
    let tables_before = lobby_ids(addr).await;
    // Only the host may, and a refusal changes nothing.
    for (token, status, code) in [
        (&bob, 403, "not_host"),
        (&"00".to_string(), 403, "not_host"),
    ] {
        let e = post(addr, again.clone(), json!({ "token": token }), status).await;
        assert_eq!(e["code"], code, "{e}");
        assert_eq!(table_info(addr, &table).await["next"], Value::Null);
        assert_eq!(lobby_ids(addr).await, tables_before);
    }
    let e = post(addr, again.clone(), json!({ "token": ann, "x": 1 }), 400).await;
    assert_eq!(e["code"], "bad_json");
    let created = post(addr, again.clone(), json!({ "token": ann }), 201).await;
    let next = created["table"].as_str().unwrap().to_string();
    assert_eq!(created["seat"], 1);
    assert_eq!(created["invite"], format!("/t/{next}"));
    // The old table names it, in its info and in a push to its players.
    assert_eq!(table_info(addr, &table).await["next"], next);
    let pushed = b.state_where(|m| m["table"]["next"] == next).await;
    assert_eq!(pushed["table"]["status"], "abandoned");
    // Once only.
    let e = post(addr, again.clone(), json!({ "token": ann }), 409).await;
    assert_eq!(e["code"], "next_exists");
    assert!(e["message"].as_str().unwrap().contains(&next), "{e}");
    assert_eq!(lobby_ids(addr).await, vec![next.clone()]);
    // The same options; the bot keeps its seat, the host theirs, Bob's is free for him.
    let old = table_info(addr, &table).await;
    let new = table_info(addr, &next).await;
    for k in [
        "mode",
        "edition",
        "sheet",
        "advanced",
        "first_plan_reshuffle",
        "table_mode",
        "turn_timer",
        "host",
    ] {
        assert_eq!(new[k], old[k], "{k}");
    }
    assert_eq!(new["status"], "lobby");
    assert_eq!(new["next"], Value::Null);
    assert_eq!(new["host_seat"], 1);
    assert_eq!(new["seats"][0]["name"], "Ann");
    assert_eq!(new["seats"][1]["name"], Value::Null);
    assert_eq!(new["seats"][2]["bot"], "greedy");
    let (seat, _) = join(addr, &next, "Bob").await;
    assert_eq!(seat, 2);
    // The host's new token hosts the new table; the old one holds nothing there.
    let e = post(
        addr,
        format!("/api/tables/{next}/start"),
        json!({ "token": ann }),
        403,
    )
    .await;
    assert_eq!(e["code"], "not_host");
    start(addr, &next, created["token"].as_str().unwrap()).await;
    // After a restart the old table still names it.
    srv.running.stop().await;
    let running = start_on(&srv.db).await;
    let addr = running.addr;
    assert_eq!(table_info(addr, &table).await["next"], next);
    assert_eq!(table_info(addr, &next).await["status"], "playing");
    running.stop().await;
}

/// The next table counts against the host's address like any table created: over the limit it
/// is refused, nothing is created and the finished table names none.
#[tokio::test]
async fn playing_again_counts_against_the_limits() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = ServeConfig::new(
        "127.0.0.1:0",
        dir.path().join("w.db").to_string_lossy().to_string(),
    );
    config.limits.open_tables_per_address = 1;
    let running = spawn(config).await.unwrap();
    let addr = running.addr;
    let (table, ann) = create(addr, json!({ "name": "Ann", "mode": "solo", "seats": 1 })).await;
    start(addr, &table, &ann).await;
    post(
        addr,
        format!("/api/tables/{table}/abandon"),
        json!({ "token": ann }),
        204,
    )
    .await;
    // The ended table holds nothing: another can be created, which fills the allowance.
    let (other, _) = create(addr, json!({ "name": "Ann", "mode": "solo", "seats": 1 })).await;
    let e = post(
        addr,
        format!("/api/tables/{table}/again"),
        json!({ "token": ann }),
        429,
    )
    .await;
    assert_eq!(e["code"], "too_many_open_tables", "{e}");
    assert_eq!(table_info(addr, &table).await["next"], Value::Null);
    assert_eq!(lobby_ids(addr).await, vec![other]);
    assert_eq!(running.state.live_tables(), 1);
    running.stop().await;
}

#[tokio::test]
async fn the_host_closes_a_table_before_its_start() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 3 }),
    )
    .await;
    let (_, bob) = join(addr, &table, "Bob").await;
    let mut b = connect(addr, &table, Some(&bob)).await;
    b.state_where(|m| m["table"]["status"] == "lobby").await;
    let abandon = format!("/api/tables/{table}/abandon");
    let e = post(addr, abandon.clone(), json!({ "token": bob }), 403).await;
    assert_eq!(e["code"], "not_host");
    assert_eq!(table_info(addr, &table).await["status"], "lobby");
    assert_eq!(lobby_ids(addr).await, vec![table.clone()]);
    post(addr, abandon.clone(), json!({ "token": ann }), 204).await;
    // Closed for everyone at once: pushed, out of the lobby, and nothing more happens to it.
    b.state_where(|m| m["table"]["status"] == "abandoned").await;
    assert_eq!(table_info(addr, &table).await["status"], "abandoned");
    assert!(lobby_ids(addr).await.is_empty());
    let e = post(
        addr,
        format!("/api/tables/{table}/join"),
        json!({ "name": "Cy" }),
        409,
    )
    .await;
    assert_eq!(e["code"], "game_over");
    for path in ["start", "abandon"] {
        let e = post(
            addr,
            format!("/api/tables/{table}/{path}"),
            json!({ "token": ann }),
            409,
        )
        .await;
        assert_eq!(e["code"], "game_over", "{path}: {e}");
    }
    let info = table_info(addr, &table).await;
    assert_eq!(info["seats"][2]["name"], Value::Null);
    assert_eq!(running_tables(&srv), 0);
    // It stays closed after a restart.
    srv.running.stop().await;
    let running = start_on(&srv.db).await;
    assert_eq!(
        table_info(running.addr, &table).await["status"],
        "abandoned"
    );
    assert_eq!(running.state.live_tables(), 0);
    running.stop().await;
}

fn running_tables(srv: &TestServer) -> usize {
    srv.running.state.live_tables()
}

#[tokio::test]
async fn the_host_ends_the_game_in_play() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann, bob) = three_seats(addr).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let mut b = connect(addr, &table, Some(&bob)).await;
    a.started().await;
    b.started().await;
    let turn = a.first_turn(1).await;
    a.submit(1, &turn).await;
    let abandon = format!("/api/tables/{table}/abandon");
    let e = post(addr, abandon.clone(), json!({ "token": bob }), 403).await;
    assert_eq!(e["code"], "not_host");
    assert_eq!(table_info(addr, &table).await["status"], "playing");
    post(addr, abandon.clone(), json!({ "token": ann }), 204).await;
    let s = b.state_where(|m| m["table"]["status"] == "abandoned").await;
    // The game stops where it was: round 1 never resolves, nobody plays it any more.
    assert_eq!(s["view"]["round"], 1);
    assert_eq!(s["view"]["result"], Value::Null);
    b.expect_error(
        json!({ "type": "submit", "round": 1, "turn": { "play": { "refuse": {} } } }),
        "game_over",
    )
    .await;
    b.expect_error(
        json!({ "type": "options", "round": 1, "draft": {} }),
        "game_over",
    )
    .await;
    assert!(lobby_ids(addr).await.is_empty());
    assert_eq!(srv.running.state.live_tables(), 0);
    let e = post(addr, abandon, json!({ "token": ann }), 409).await;
    assert_eq!(e["code"], "game_over");
    // Its record is still there to download.
    call(
        addr,
        "GET",
        &format!("/api/tables/{table}/record"),
        Value::Null,
        200,
    )
    .await;
    srv.running.stop().await;
}

/// A game whose players all left is no longer listed (it is ended later, `--abandon-after`);
/// one with a player there is.
#[tokio::test]
async fn the_lobby_lists_no_game_everybody_left() {
    let srv = server().await;
    let addr = srv.addr();
    let (solo, ann) = create(addr, json!({ "name": "Ann", "mode": "solo", "seats": 1 })).await;
    start(addr, &solo, &ann).await;
    let a = connect(addr, &solo, Some(&ann)).await;
    let mut a = a;
    a.started().await;
    assert_eq!(lobby_ids(addr).await, vec![solo.clone()]);
    // A spectator does not keep it listed.
    let _w = Socket::connect(addr, &solo, None).await.unwrap();
    drop(a);
    let mut listed = true;
    for _ in 0..50 {
        listed = lobby_ids(addr).await.contains(&solo);
        if !listed {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(!listed, "a game nobody plays stays listed");
    assert_eq!(table_info(addr, &solo).await["status"], "playing");
    // Back at it, it is listed again.
    let mut a = connect(addr, &solo, Some(&ann)).await;
    a.started().await;
    assert_eq!(lobby_ids(addr).await, vec![solo.clone()]);
    srv.running.stop().await;
}
