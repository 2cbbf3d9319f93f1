//! Search bots at tables: seated by name, thinking off the table's lock (people confirm, ask
//! and watch meanwhile), at most `Limits::search_threads` at once server-wide, one thinking
//! task per table, and the same turns whenever they are thought of, across restarts too.
//!
//! The tests hold the search permits themselves to keep a bot thinking for as long as they
//! need: what the table does meanwhile is then certain, not a matter of timing.

use crate::common;

use common::*;
use serde_json::{json, Value};
use std::path::Path;
use std::time::Duration;
use welcome_bots::{seat_seed, BotKind, Level};
use welcome_engine::{Game, PlayerView, Record, Turn};
use welcome_server::{spawn, Running, ServeConfig, Store};

const FAST: BotKind = BotKind::Search(Level::Fast);

/// A server on `db` with `threads` search permits, allowing turn timers of a second.
async fn server_on(db: &Path, threads: usize) -> Running {
    let mut config = ServeConfig::new("127.0.0.1:0", db.to_string_lossy().to_string());
    config.limits.search_threads = threads;
    config.limits.turn_seconds = 1..=3600;
    spawn(config).await.expect("the server starts")
}

/// Waits for what a socket is sure to see, with a bound so that a failure does not hang.
async fn soon<T>(what: &str, f: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(Duration::from_secs(300), f)
        .await
        .unwrap_or_else(|_| panic!("{what}"))
}

/// The server's bot seeding (table seed, round, seat), recomputed here.
fn bot_turn(game: &Game, seed: u64, seat: usize, kind: BotKind) -> Turn {
    let round_seed = seed ^ (game.round() as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    let view = PlayerView::of(game, seat).unwrap();
    kind.make(seat_seed(round_seed, seat)).choose(&view)
}

/// The stored record of `table` (with its seed), read once the server has stopped.
async fn stored_record(db: &Path, table: &str) -> Record {
    let store = welcome_server::SqliteStore::open(&db.to_string_lossy())
        .await
        .unwrap();
    let all = store.load().await.unwrap();
    let t = all.iter().find(|t| t.row.id == table).unwrap();
    let rec = t.record().unwrap().unwrap();
    store.close().await;
    rec
}

/// Replays `rec` from its seed, each bot seat playing the turn the server's seeding gives and
/// every other seat its recorded turn: the record must be that very game. Returns the rounds
/// played.
fn replay_with_bots(rec: &Record, seats: usize, bots: &[(usize, BotKind)]) -> usize {
    let seed = rec.setup.seed.expect("a stored record has its seed");
    let mut g = Game::new(rec.setup.options, seats, seed).unwrap();
    let mut played = 0;
    for r in &rec.rounds {
        if r.turns.len() != seats {
            break;
        }
        for seat in 0..seats {
            let turn = match bots.iter().find(|(s, _)| *s == seat) {
                Some(&(_, kind)) => bot_turn(&g, seed, seat, kind),
                None => r.turns[seat].clone(),
            };
            g.submit(seat, turn).unwrap();
        }
        g.resolve().unwrap();
        played += 1;
    }
    assert_eq!(g.log(), rec.rounds.as_slice());
    played
}

fn submitted(state: &Value) -> Vec<bool> {
    state["table"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["submitted"] == true)
        .collect()
}

#[tokio::test]
async fn search_bots_are_seated_by_name_and_unknown_names_refused() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 4,
                "bots": [{ "seat": 2, "kind": "search-fast" }, { "seat": 3, "kind": "search" }] }),
    )
    .await;
    call(
        addr,
        "POST",
        &format!("/api/tables/{table}/seats/4/bot"),
        json!({ "token": ann, "kind": "search-strong" }),
        204,
    )
    .await;
    let info = table_info(addr, &table).await;
    let seats: Vec<(Value, Value)> = info["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["name"].clone(), s["bot"].clone()))
        .collect();
    assert_eq!(
        seats,
        [
            (json!("Ann"), Value::Null),
            (json!("Search bot (fast)"), json!("search-fast")),
            (json!("Search bot"), json!("search")),
            (json!("Search bot (strong)"), json!("search-strong")),
        ]
    );
    for kind in ["genius", "Search", "search-fastest", ""] {
        let e = call(
            addr,
            "POST",
            "/api/tables",
            json!({ "name": "Ann", "mode": "standard", "seats": 2,
                    "bots": [{ "seat": 2, "kind": kind }] }),
            400,
        )
        .await;
        assert_eq!(e["code"], "bad_bot", "{kind}: {e}");
        let e = call(
            addr,
            "POST",
            &format!("/api/tables/{table}/seats/4/bot"),
            json!({ "token": ann, "kind": kind }),
            400,
        )
        .await;
        assert_eq!(e["code"], "bad_bot", "{kind}: {e}");
    }
    srv.running.stop().await;
}

#[tokio::test]
async fn a_person_and_a_search_bot_play_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("w.db");
    let running = server_on(&db, 1).await;
    let addr = running.addr;
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2,
                "bots": [{ "seat": 2, "kind": "search-fast" }] }),
    )
    .await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let mut s = a.started().await;
    while s["view"]["result"].is_null() {
        let round = s["view"]["round"].as_u64().unwrap();
        let t = a.first_turn(round).await;
        a.submit(round, &t).await;
        s = soon("the next round", a.round(round + 1)).await;
    }
    assert_eq!(s["table"]["status"], "over");
    assert_eq!(running.state.tables_thinking(), 0);
    drop(a);
    running.stop().await;
    // Stored over, with its result (the other tests check the bot's turns themselves).
    let rec = stored_record(&db, &table).await;
    assert!(rec.result.is_some());
    assert_eq!(
        rec.rounds.len() as u64,
        s["view"]["round"].as_u64().unwrap()
    );
}

/// The only thread search bots think on, held by the test.
async fn hold_the_thread(running: &welcome_server::Running) -> welcome_server::fair::Turn {
    running
        .state
        .search_pool()
        .turn(welcome_server::fair::Owner::Table("test".into()), "test")
        .await
}

/// While the bot cannot think (the test holds the only permit), everything else at its table
/// goes on: the table's lock is free.
#[tokio::test]
async fn the_table_answers_while_its_search_bot_thinks() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("w.db");
    let running = server_on(&db, 1).await;
    let addr = running.addr;
    let permit = hold_the_thread(&running).await;
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 3,
                "bots": [{ "seat": 3, "kind": "search-fast" }] }),
    )
    .await;
    let (_, bob) = join(addr, &table, "Bob").await;
    start(addr, &table, &ann).await;
    // The start woke the table's thinking task, which waits for a permit.
    assert_eq!(running.state.tables_thinking(), 1);
    let info = table_info(addr, &table).await;
    assert_eq!(info["round"], 1);
    assert_eq!(info["seats"][2]["submitted"], false, "{info}");

    // Both people confirm at once, ask for options and are answered: nothing waits for the bot.
    let mut a = connect(addr, &table, Some(&ann)).await;
    let mut b = connect(addr, &table, Some(&bob)).await;
    a.started().await;
    b.started().await;
    let (ta, tb) = tokio::join!(a.first_turn(1), b.first_turn(1));
    tokio::join!(a.submit(1, &ta), b.submit(1, &tb));
    let s = a.state_where(|m| submitted(m) == [true, true, false]).await;
    assert_eq!(s["view"]["round"], 1);
    let info = table_info(addr, &table).await;
    assert_eq!(info["round"], 1);
    // Still the one thinking task, though three changes woke it.
    assert_eq!(running.state.tables_thinking(), 1);

    // Another table's greedy bot does not wait for search permits.
    let (other, cy) = create(
        addr,
        json!({ "name": "Cy", "mode": "standard", "seats": 2,
                "bots": [{ "seat": 2, "kind": "greedy" }] }),
    )
    .await;
    start(addr, &other, &cy).await;
    let mut c = connect(addr, &other, Some(&cy)).await;
    c.started().await;
    let t = c.first_turn(1).await;
    c.submit(1, &t).await;
    c.round(2).await;

    // The bot thinks once it may: round 1 resolves, and it thinks round 2 by itself.
    drop(permit);
    let s = soon("round 2", a.round(2)).await;
    assert_eq!(s["view"]["log"][0]["turns"][0], ta);
    assert_eq!(s["view"]["log"][0]["turns"][1], tb);
    soon(
        "the bot's turn of round 2",
        a.state_where(|m| m["view"]["round"] == 2 && submitted(m) == [false, false, true]),
    )
    .await;
    assert!(running.state.tables_thinking() <= 1);
    drop((a, b, c));
    running.stop().await;
    let rec = stored_record(&db, &table).await;
    assert_eq!(replay_with_bots(&rec, 3, &[(2, FAST)]), 1);
}

/// A person's confirmation made while the bot thinks is stored at once: a restart keeps it,
/// and the restarted server thinks the bot's turn again, the same.
#[tokio::test]
async fn a_restart_while_a_bot_thinks_thinks_again_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("w.db");
    let running = server_on(&db, 1).await;
    let addr = running.addr;
    let permit = hold_the_thread(&running).await;
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2,
                "bots": [{ "seat": 2, "kind": "search-fast" }] }),
    )
    .await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    a.started().await;
    let t1 = a.first_turn(1).await;
    a.submit(1, &t1).await;
    drop(a);
    running.stop().await;

    let running = server_on(&db, 1).await;
    let addr = running.addr;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let s = soon("round 2 after the restart", a.round(2)).await;
    assert_eq!(s["view"]["log"][0]["turns"][0], t1);
    drop(a);
    running.stop().await;
    drop(permit);
    let rec = stored_record(&db, &table).await;
    assert!(replay_with_bots(&rec, 2, &[(1, FAST)]) >= 1);
}

/// A table of search bots only plays the game its seed makes, thinking again after a restart
/// in the middle.
#[tokio::test]
async fn a_table_of_search_bots_plays_its_seeds_game_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("w.db");
    let running = server_on(&db, 2).await;
    let addr = running.addr;
    let (table, host) = create(
        addr,
        json!({ "name": "Host", "mode": "standard", "seats": 2, "table_mode": true,
                "bots": [{ "seat": 1, "kind": "search-fast" }, { "seat": 2, "kind": "search-fast" }] }),
    )
    .await;
    start(addr, &table, &host).await;
    let mut h = connect(addr, &table, Some(&host)).await;
    soon("round 2", h.round(2)).await;
    drop(h);
    running.stop().await;

    let running = server_on(&db, 2).await;
    let mut h = connect(running.addr, &table, Some(&host)).await;
    let s = soon("round 4", h.round(4)).await;
    assert!(s["view"]["result"].is_null(), "{s}");
    drop(h);
    running.stop().await;
    let rec = stored_record(&db, &table).await;
    assert!(replay_with_bots(&rec, 2, &[(0, FAST), (1, FAST)]) >= 3);
}

/// The turn timer plays a late person's turn while the search bot still thinks: the turn is
/// kept as a confirmed one, and the round resolves once the bot has thought.
#[tokio::test]
async fn the_timer_does_not_wait_for_a_thinking_bot() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("w.db");
    let running = server_on(&db, 1).await;
    let addr = running.addr;
    let permit = hold_the_thread(&running).await;
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2,
                "turn_timer": { "seconds": 1, "on_expiry": "bot" },
                "bots": [{ "seat": 2, "kind": "search-fast" }] }),
    )
    .await;
    start(addr, &table, &ann).await;
    let mut w = connect(addr, &table, None).await;
    // Ann never confirms: the timer confirms for her, the bot still thinking.
    let s = soon(
        "the timer's turn",
        w.state_where(|m| submitted(m) == [true, false]),
    )
    .await;
    assert_eq!(s["view"]["round"], 1);
    drop(permit);
    soon("round 2", w.round(2)).await;
    drop(w);
    running.stop().await;
    let rec = stored_record(&db, &table).await;
    let seed = rec.setup.seed.unwrap();
    let g = Game::new(rec.setup.options, 2, seed).unwrap();
    assert_eq!(
        rec.rounds[0].turns[0],
        bot_turn(&g, seed, 0, BotKind::Greedy)
    );
    assert!(replay_with_bots(&rec, 2, &[(0, BotKind::Greedy), (1, FAST)]) >= 1);
}

/// Creates and starts a table from `ip` with search bots in seats 2..=`seats`; its id.
async fn bots_table_from(addr: std::net::SocketAddr, ip: &str, seats: usize) -> String {
    let bots: Vec<Value> = (2..=seats)
        .map(|s| json!({ "seat": s, "kind": "search-fast" }))
        .collect();
    let body = json!({ "name": "Ann", "mode": "standard", "seats": seats, "bots": bots });
    let body = body.to_string();
    let (status, v) = welcome_client::Request::new("POST", "/api/tables")
        .body(body.as_bytes())
        .from(ip.parse().unwrap())
        .send(addr)
        .await
        .unwrap();
    assert_eq!(status, 201, "{v}");
    let table = v["table"].as_str().unwrap().to_string();
    start(addr, &table, v["token"].as_str().unwrap()).await;
    table
}

/// The bots of `table` that have confirmed this round.
async fn bots_confirmed(addr: std::net::SocketAddr, table: &str) -> usize {
    let info = table_info(addr, table).await;
    info["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| !s["bot"].is_null() && s["submitted"] == true)
        .count()
}

/// One client's tables of many search bots, queued first, hold another client's bot back by
/// one decision, not by every seat: the threads go in turn across client addresses, then
/// across an address's tables (docs/protocol.md, Limits). A third place in line, the test's,
/// comes after exactly one decision of each; while it holds the only thread nothing else
/// thinks, so what was decided before it is certain.
#[tokio::test]
async fn one_clients_many_bots_do_not_hold_another_clients_bot_back() {
    let dir = tempfile::tempdir().unwrap();
    let running = server_on(&dir.path().join("w.db"), 1).await;
    let addr = running.addr;
    let pool = running.state.search_pool().clone();
    let held = hold_the_thread(&running).await;
    let queued = |n: usize| {
        let pool = pool.clone();
        async move {
            while pool.waiting() < n {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        }
    };
    // Client A: two tables of 20 search bots each, 40 decisions in line.
    let a = [
        bots_table_from(addr, "127.0.0.2", 21).await,
        bots_table_from(addr, "127.0.0.2", 21).await,
    ];
    soon("A's 40 decisions in line", queued(40)).await;
    // Client B: one search bot, in line behind them.
    let b = bots_table_from(addr, "127.0.0.3", 2).await;
    soon("B's decision in line", queued(41)).await;
    let probe = pool.enqueue(welcome_server::fair::Owner::Table("probe".into()), "probe");
    drop(held);
    let _probe = soon("the probe's turn", probe.ready()).await;
    // B's bot has decided (its confirmation follows), after one decision of A's.
    soon("B's bot confirms", async {
        while bots_confirmed(addr, &b).await < 1 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;
    let a_done = || async { bots_confirmed(addr, &a[0]).await + bots_confirmed(addr, &a[1]).await };
    soon("A's first bot confirms", async {
        while a_done().await < 1 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;
    assert_eq!(a_done().await, 1, "A decided more than once before B");
    assert_eq!(pool.waiting(), 39);
    running.stop().await;
}
