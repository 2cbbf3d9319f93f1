//! The game is stored by appending (docs/protocol.md, "Guarantees"): a resolution writes the
//! round it resolved and the round it dealt, never the game so far, and a database stored
//! before rounds had rows of their own migrates and restores its tables exactly.

use crate::common;

use common::*;
use serde_json::{json, Value};
use sqlx::Connection;
use std::sync::Mutex;
use welcome_bots::{seat_seed, BotKind};
use welcome_engine::{Mode, Options, PlayerView};
use welcome_server::store::{BoxFuture, Damaged, Progress, Queued, StoredTable, Write};
use welcome_server::table::{hash_token, NewTable, Role, Seat, Table};
use welcome_server::{SqliteStore, Store, StoreError};

/// A store that counts what each batch asks to write before passing it on.
struct Counting {
    inner: SqliteStore,
    batches: Mutex<Vec<Vec<Write>>>,
}

impl Store for Counting {
    fn write(&self, batch: Vec<Write>) -> BoxFuture<'_, Result<(), StoreError>> {
        self.batches.lock().unwrap().push(batch.clone());
        self.inner.write(batch)
    }
    fn queue(&self, batch: Vec<Write>) -> Result<Queued, StoreError> {
        self.batches.lock().unwrap().push(batch.clone());
        self.inner.queue(batch)
    }
    fn progress(&self) -> tokio::sync::watch::Receiver<Progress> {
        self.inner.progress()
    }
    fn load(&self) -> BoxFuture<'_, Result<Vec<StoredTable>, StoreError>> {
        self.inner.load()
    }
    fn load_open(&self) -> BoxFuture<'_, Result<Vec<Result<StoredTable, Damaged>>, StoreError>> {
        self.inner.load_open()
    }
    fn load_finished<'a>(
        &'a self,
        id: &'a str,
    ) -> BoxFuture<'a, Result<Option<Result<StoredTable, Damaged>>, StoreError>> {
        self.inner.load_finished(id)
    }
    fn load_one<'a>(
        &'a self,
        id: &'a str,
    ) -> BoxFuture<'a, Result<Option<Result<StoredTable, Damaged>>, StoreError>> {
        self.inner.load_one(id)
    }
    fn contains<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<bool, StoreError>> {
        self.inner.contains(id)
    }
    fn stats(&self) -> welcome_server::store::StoreStats {
        self.inner.stats()
    }
    fn ping(&self) -> BoxFuture<'_, Result<(), StoreError>> {
        self.inner.ping()
    }
    fn close(&self) -> BoxFuture<'_, ()> {
        self.inner.close()
    }
}

/// Bytes of game data a write carries (the record's setup, rounds and result).
fn game_bytes(w: &Write) -> Option<(usize, usize)> {
    match w {
        Write::Game {
            setup,
            rounds,
            result,
            ..
        } => Some((
            setup.as_ref().map_or(0, String::len)
                + rounds.iter().map(|r| r.log.len()).sum::<usize>()
                + result.as_ref().map_or(0, String::len),
            rounds.len(),
        )),
        _ => None,
    }
}

#[tokio::test]
async fn a_resolution_writes_what_the_round_added() {
    const SEATS: usize = 4;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("w.db");
    let store = Counting {
        inner: SqliteStore::open(&db.to_string_lossy()).await.unwrap(),
        batches: Mutex::new(Vec::new()),
    };
    let tokens: Vec<String> = (0..SEATS).map(|i| format!("token {i}")).collect();
    let mut table = Table::new(NewTable {
        id: "appends".into(),
        host_name: "Seat 1".into(),
        options: Options::new(Mode::Standard),
        table_mode: false,
        host_hash: hash_token(&tokens[0]),
        seed: 7,
        created: 1,
        seats: tokens
            .iter()
            .enumerate()
            .map(|(i, t)| Seat {
                name: Some(format!("Seat {}", i + 1)),
                bot: None,
                token_hash: Some(hash_token(t)),
            })
            .collect(),
        timer: None,
        values: Default::default(),
        layout: None,
    });
    store.write(vec![Write::Table(table.row())]).await.unwrap();
    table.start(&store, &tokens[0]).await.unwrap();
    // Every seat plays the greedy bot's turn until the game is over.
    let mut resolutions: Vec<(usize, usize)> = Vec::new();
    while table.game().is_some_and(|g| !g.is_over()) {
        let g = table.game().unwrap();
        let round = g.round();
        let turns: Vec<_> = (0..SEATS)
            .map(|s| {
                let view = PlayerView::of(g, s).unwrap();
                BotKind::Greedy
                    .make(seat_seed(round as u64, s))
                    .choose(&view)
            })
            .collect();
        let before = store.batches.lock().unwrap().len();
        for (s, t) in turns.into_iter().enumerate() {
            let role = Role::Seat {
                seat: s,
                host: s == 0,
            };
            table.submit(&store, role, None, round, t).await.unwrap();
        }
        let batches = store.batches.lock().unwrap();
        let games: Vec<(usize, usize)> = batches[before..]
            .iter()
            .flatten()
            .filter_map(game_bytes)
            .collect();
        assert_eq!(games.len(), 1, "one game write per resolution");
        resolutions.push(games[0]);
    }
    let g = table.game().unwrap();
    let record = welcome_engine::Record::of(g, &[]).to_json();
    let rounds = resolutions.len();
    assert!(rounds >= 15, "{rounds} rounds");
    // Each resolution writes the round it resolved and the one it dealt (the last: the round
    // that ended the game, and the result).
    for (i, (_, rows)) in resolutions.iter().enumerate() {
        assert_eq!(
            *rows,
            if i + 1 == rounds { 1 } else { 2 },
            "round {}",
            i + 1
        );
    }
    // What a resolution writes follows the seats, not the rounds so far: a round of four
    // turns and the next round's deal, far below the record's size, and no more late in the
    // game than early on.
    let per_round = |r: &[(usize, usize)]| r.iter().map(|x| x.0).max().unwrap();
    let early = per_round(&resolutions[..5]);
    let late = per_round(&resolutions[rounds - 6..rounds - 1]);
    assert!(early < 400 * SEATS, "{early} bytes");
    assert!(late < 400 * SEATS, "{late} bytes");
    assert!(late * 2 < early * 3, "{early} bytes early, {late} late");
    assert!(
        late * 5 < record.len(),
        "{late} bytes of a {}-byte record",
        record.len()
    );
    // The whole game written, start included, is about the record: each round twice at most.
    let start: usize = store.batches.lock().unwrap()[..2]
        .iter()
        .flatten()
        .filter_map(game_bytes)
        .map(|x| x.0)
        .sum();
    let total: usize = start + resolutions.iter().map(|x| x.0).sum::<usize>();
    assert!(
        total < 2 * record.len(),
        "{total} bytes for a {}-byte record",
        record.len()
    );
    // Read back, the rows make the very record of the game.
    let stored = store.load().await.unwrap();
    let back = stored[0].record().unwrap().unwrap();
    assert_eq!(back.to_json(), record);
    assert_eq!(back.rounds.len(), g.log().len());
    store.close().await;
}

/// Rewrites a table's stored game as a server of before did: the whole record in
/// `game_tables.record`, no rows of rounds, no result column; and takes the migrations that
/// brought them back out of the database's history, so that the next server migrates it.
async fn as_before_rounds_had_rows(db: &std::path::Path, table: &str) {
    let store = SqliteStore::open(&db.to_string_lossy()).await.unwrap();
    let all = store.load().await.unwrap();
    let whole = all
        .iter()
        .find(|t| t.row.id == table)
        .unwrap()
        .record()
        .unwrap()
        .unwrap()
        .to_json();
    store.close().await;
    let mut c = sqlx::SqliteConnection::connect(&format!("sqlite:{}", db.display()))
        .await
        .unwrap();
    sqlx::query("UPDATE game_tables SET record = ? WHERE id = ?")
        .bind(&whole)
        .bind(table)
        .execute(&mut c)
        .await
        .unwrap();
    // Migration 10 (several nodes) changed game_rounds too: it goes with 7, and runs after it.
    for q in [
        "DROP TABLE game_rounds",
        "ALTER TABLE game_tables DROP COLUMN result",
        "DELETE FROM _sqlx_migrations WHERE version = 7",
        "DROP TABLE nodes",
        "DROP TABLE table_owners",
        "ALTER TABLE game_tables DROP COLUMN owner",
        "ALTER TABLE game_tables DROP COLUMN owner_epoch",
        "DELETE FROM _sqlx_migrations WHERE version = 10",
    ] {
        sqlx::query(q).execute(&mut c).await.unwrap();
    }
    c.close().await.unwrap();
}

#[tokio::test]
async fn a_database_of_whole_records_migrates_and_restores() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 3,
                "bots": [{ "seat": 3, "kind": "greedy" }] }),
    )
    .await;
    let (_, bob) = join(addr, &table, "Bob").await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let mut b = connect(addr, &table, Some(&bob)).await;
    a.started().await;
    for round in 1..=3 {
        for c in [&mut a, &mut b] {
            let t = c.first_turn(round).await;
            c.submit(round, &t).await;
        }
        a.round(round + 1).await;
    }
    // Round 4 in progress, Ann's turn confirmed.
    let t = a.first_turn(4).await;
    a.submit(4, &t).await;
    let before = a.state_where(|m| m["view"]["my_turn"] == t).await;
    drop((a, b));
    let db = srv.db.clone();
    srv.running.stop().await;
    as_before_rounds_had_rows(&db, &table).await;

    // The new server migrates the database and restores the table where it was.
    let running = start_on(&db).await;
    let addr = running.addr;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let mut restored = a.started().await;
    let mut before = before;
    for s in [&mut restored, &mut before] {
        s.as_object_mut().unwrap().remove("seq");
        s["table"]["seats"] = Value::Null;
    }
    assert_eq!(restored, before);
    // It plays on, appending rounds after the whole record, and restores again.
    let mut b = connect(addr, &table, Some(&bob)).await;
    let t = b.first_turn(4).await;
    b.submit(4, &t).await;
    let mut last = a.round(5).await;
    assert_eq!(last["view"]["log"].as_array().unwrap().len(), 4);
    for round in 5..=6 {
        for c in [&mut a, &mut b] {
            let t = c.first_turn(round).await;
            c.submit(round, &t).await;
        }
        last = a.round(round + 1).await;
    }
    let seven = last;
    drop((a, b));
    running.stop().await;
    let running = start_on(&db).await;
    let mut a = connect(running.addr, &table, Some(&ann)).await;
    let again = a.started().await;
    assert_eq!(again["view"], seven["view"]);
    assert_eq!(again["view"]["log"].as_array().unwrap().len(), 6);
    running.stop().await;
}

/// A stored round that does not follow the rounds before it is refused, not dropped.
#[test]
fn rounds_that_do_not_follow_are_refused() {
    let record = welcome_engine::Record::of(
        &welcome_engine::Game::new(Options::new(Mode::Solo), 1, 3).unwrap(),
        &["Ann".to_string()],
    );
    let mut empty = record.clone();
    empty.rounds.clear();
    let row = |round: u16| welcome_server::store::RoundRow {
        round,
        log: serde_json::to_string(&record.rounds[0]).unwrap(),
    };
    let stored = |rounds| StoredTable {
        row: welcome_server::store::TableRow {
            id: "t".into(),
            host_name: "Ann".into(),
            mode: "solo".into(),
            edition: "first".into(),
            sheet: "classic".into(),
            advanced: false,
            first_plan_reshuffle: true,
            table_mode: false,
            host_hash: String::new(),
            seed: 3,
            created: 0,
            seats: Vec::new(),
            turn_seconds: 0,
            turn_expiry: "bot".into(),
            aaa_level: None,
            nine_three_quarters: false,
            values: String::new(),
            layout: String::new(),
        },
        status: "playing".into(),
        record: Some(empty.to_json()),
        rounds,
        result: None,
        pending: Vec::new(),
        next: String::new(),
    };
    assert_eq!(
        stored(vec![row(1)]).record().unwrap().unwrap().rounds,
        record.rounds
    );
    assert!(stored(vec![row(2)]).record().is_err());
}
