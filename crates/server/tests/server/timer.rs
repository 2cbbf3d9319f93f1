//! The host's turn timer: bounded, stored with the table, restored after a restart with a full
//! period, and a seat that has not confirmed when it runs out has its turn played.

use crate::common;

use common::*;
use serde_json::json;
use std::path::Path;
use std::time::Duration;
use welcome_bots::{seat_seed, BotKind};
use welcome_engine::{Game, PlayerView};
use welcome_server::{spawn, Running, ServeConfig, Store};

/// A server that allows timers of a second or more, so that a test need not wait long.
async fn quick_server_on(db: &Path) -> Running {
    let mut config = ServeConfig::new("127.0.0.1:0", db.to_string_lossy().to_string());
    config.limits.turn_seconds = 1..=3600;
    spawn(config).await.expect("the server starts")
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

#[tokio::test]
async fn a_timer_out_of_bounds_is_refused_and_creates_nothing() {
    let srv = server().await;
    let addr = srv.addr();
    for seconds in [0, 14, 3601, 100_000] {
        let v = call(
            addr,
            "POST",
            "/api/tables",
            json!({ "name": "Ann", "mode": "solo", "seats": 1,
                    "turn_timer": { "seconds": seconds, "on_expiry": "bot" } }),
            400,
        )
        .await;
        assert_eq!(v["code"], "bad_turn_timer", "{v}");
        assert!(v["message"].as_str().unwrap().contains("15 to 3600"), "{v}");
    }
    let v = call(
        addr,
        "POST",
        "/api/tables",
        json!({ "name": "Ann", "mode": "solo", "seats": 1,
                "turn_timer": { "seconds": 60, "on_expiry": "later" } }),
        400,
    )
    .await;
    assert_eq!(v["code"], "bad_json", "{v}");
    let lobby = call(addr, "GET", "/api/tables", json!(null), 200).await;
    assert_eq!(lobby, json!([]));
    srv.running.stop().await;
}

#[tokio::test]
async fn the_timer_survives_a_restart_and_plays_the_turn_of_a_late_seat_only() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("welcome.db");
    let running = quick_server_on(&db).await;
    let addr = running.addr;
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2,
                "turn_timer": { "seconds": 2, "on_expiry": "bot" } }),
    )
    .await;
    let (_, bob) = join(addr, &table, "Bob").await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let first = a.started().await;
    assert_eq!(
        first["table"]["turn_timer"],
        json!({ "seconds": 2, "on_expiry": "bot" })
    );
    let deadline = first["table"]["deadline"].as_i64().unwrap();
    assert!(deadline - now_ms() <= 2000, "{deadline}");
    // Ann confirms: her seat is no longer timed. Bob never does.
    let t1a = a.first_turn(1).await;
    a.submit(1, &t1a).await;
    drop(a);
    running.stop().await;

    // The timer is stored with the table; the round in progress gets a full period again.
    let restarted = now_ms();
    let running = quick_server_on(&db).await;
    let addr = running.addr;
    let info = call(
        addr,
        "GET",
        &format!("/api/tables/{table}"),
        json!(null),
        200,
    )
    .await;
    assert_eq!(
        info["turn_timer"],
        json!({ "seconds": 2, "on_expiry": "bot" })
    );
    assert!(
        info["deadline"].as_i64().unwrap() >= restarted + 2000,
        "{info}"
    );
    assert_eq!(info["round"], 1);

    // Within a few seconds, Bob's turn is played and the round resolves.
    let mut b = connect(addr, &table, Some(&bob)).await;
    let round2 = tokio::time::timeout(Duration::from_secs(10), b.round(2))
        .await
        .expect("the timer plays the late seat's turn");
    assert!(round2["table"]["deadline"].as_i64().unwrap() > deadline);
    let log = &round2["view"]["log"][0]["turns"];
    assert_eq!(log[0], t1a, "a confirmed turn is kept");
    drop(b);
    running.stop().await;

    // Bob's turn is the greedy bot's from his view, seeded as a bot seat.
    let store = welcome_server::SqliteStore::open(&db.to_string_lossy())
        .await
        .unwrap();
    let stored = store.load().await.unwrap();
    let stored = stored.iter().find(|t| t.row.id == table).unwrap();
    assert_eq!(
        (stored.row.turn_seconds, stored.row.turn_expiry.as_str()),
        (2, "bot")
    );
    let rec = stored.record().unwrap().unwrap();
    let seed = rec.setup.seed.unwrap();
    let g = Game::new(rec.setup.options, 2, seed).unwrap();
    let round_seed = seed ^ 1u64.wrapping_mul(0xD6E8_FEB8_6659_FD93);
    let view = PlayerView::of(&g, 1).unwrap();
    let bot = BotKind::Greedy.make(seat_seed(round_seed, 1)).choose(&view);
    assert_eq!(log[1], serde_json::to_value(&bot).unwrap());
    store.close().await;
}
