//! The storage suite: what every backend must do, run on SQLite and on PostgreSQL alike. Each
//! case takes a fresh database; `both!` makes a test of it per backend.

use crate::common::Db;
use welcome_server::store::{Damaged, PendingRow, RoundRow, SeatRow, StoredTable, TableRow, Write};

fn table(id: &str, created: i64) -> TableRow {
    TableRow {
        id: id.into(),
        host_name: "Zoë «l'hôte»".into(),
        mode: "standard".into(),
        edition: "collector".into(),
        sheet: "zombies".into(),
        advanced: true,
        first_plan_reshuffle: false,
        table_mode: true,
        host_hash: "h0".into(),
        seed: u64::MAX,
        created,
        seats: vec![
            SeatRow {
                name: Some("Zoë".into()),
                bot: None,
                token_hash: Some("t0".into()),
            },
            SeatRow::default(),
            SeatRow {
                name: None,
                bot: Some("greedy".into()),
                token_hash: None,
            },
        ],
        turn_seconds: u32::MAX,
        turn_expiry: "refuse".into(),
        aaa_level: Some(3),
        nine_three_quarters: true,
        values: r#"{"v":1}"#.into(),
        layout: String::new(),
    }
}

fn game(
    table: &str,
    status: &str,
    setup: Option<&str>,
    rounds: &[u16],
    result: Option<&str>,
) -> Write {
    Write::Game {
        table: table.into(),
        status: status.into(),
        setup: setup.map(Into::into),
        rounds: rounds
            .iter()
            .map(|&round| RoundRow {
                round,
                log: format!("{table} round {round}"),
            })
            .collect(),
        result: result.map(Into::into),
    }
}

fn turn(table: &str, seat: u16, round: u16) -> Write {
    Write::Pending {
        table: table.into(),
        seat,
        round,
        turn: format!("{table}{seat}r{round}"),
    }
}

fn seat(table: &str, seat: u16, name: &str) -> Write {
    Write::Seat {
        table: table.into(),
        seat,
        row: SeatRow {
            name: Some(name.into()),
            bot: None,
            token_hash: Some(format!("token of {name}")),
        },
    }
}

fn open_ids(open: Vec<Result<StoredTable, Damaged>>) -> Vec<String> {
    open.into_iter()
        .map(|t| t.expect("an undamaged table").row.id)
        .collect()
}

/// Every kind of write, read back field by field.
async fn every_write_is_read_back_as_written(db: Db) {
    let store = db.open().await;
    store
        .write(vec![
            Write::Table(table("a", 1)),
            Write::Table(table("b", 2)),
        ])
        .await
        .unwrap();
    store.write(vec![seat("a", 1, "Bob")]).await.unwrap();
    store
        .write(vec![Write::Host {
            table: "a".into(),
            host_hash: "h1".into(),
        }])
        .await
        .unwrap();
    store
        .write(vec![Write::Values {
            table: "a".into(),
            values: r#"{"v":2}"#.into(),
        }])
        .await
        .unwrap();
    store
        .write(vec![Write::Layout {
            table: "a".into(),
            layout: "{\"sheet\":\"mine\"}".into(),
        }])
        .await
        .unwrap();
    store
        .write(vec![game(
            "a",
            "playing",
            Some("{\"setup\":1}"),
            &[1],
            None,
        )])
        .await
        .unwrap();
    store.write(vec![turn("a", 0, 1)]).await.unwrap();
    store.write(vec![turn("a", 1, 1)]).await.unwrap();
    // A turn confirmed again replaces the first.
    store
        .write(vec![Write::Pending {
            table: "a".into(),
            seat: 0,
            round: 1,
            turn: "again".into(),
        }])
        .await
        .unwrap();
    store
        .write(vec![Write::Withdraw {
            table: "a".into(),
            seat: 1,
        }])
        .await
        .unwrap();

    let a = store.load().await.unwrap().remove(0);
    let mut row = table("a", 1);
    row.seats[1] = SeatRow {
        name: Some("Bob".into()),
        bot: None,
        token_hash: Some("token of Bob".into()),
    };
    row.host_hash = "h1".into();
    row.values = r#"{"v":2}"#.into();
    row.layout = "{\"sheet\":\"mine\"}".into();
    let playing = StoredTable {
        row,
        status: "playing".into(),
        record: Some("{\"setup\":1}".into()),
        rounds: vec![RoundRow {
            round: 1,
            log: "a round 1".into(),
        }],
        result: None,
        pending: vec![PendingRow {
            seat: 0,
            round: 1,
            turn: "again".into(),
        }],
        next: String::new(),
    };
    assert_eq!(a, playing);

    // A resolution rewrites the round, adds the next one and clears the confirmed turns; the
    // end writes the result.
    store
        .write(vec![game("a", "playing", None, &[1, 2], None)])
        .await
        .unwrap();
    store
        .write(vec![game("a", "over", None, &[2], Some("{\"result\":1}"))])
        .await
        .unwrap();
    store
        .write(vec![Write::Next {
            table: "a".into(),
            next: "b".into(),
        }])
        .await
        .unwrap();
    let a = store.load().await.unwrap().remove(0);
    assert_eq!(a.status, "over");
    assert_eq!(a.result.as_deref(), Some("{\"result\":1}"));
    assert_eq!(a.record, playing.record);
    assert_eq!(
        a.rounds.iter().map(|r| r.round).collect::<Vec<_>>(),
        vec![1, 2]
    );
    assert!(a.pending.is_empty());
    assert_eq!(a.next, "b");

    // Which tables each read gives.
    assert_eq!(open_ids(store.load_open().await.unwrap()), vec!["b"]);
    let finished = store.load_finished("a").await.unwrap().unwrap().unwrap();
    assert_eq!(finished, a);
    assert!(store.load_finished("b").await.unwrap().is_none());
    assert!(store.load_finished("nope").await.unwrap().is_none());
    store
        .write(vec![Write::Abandon { table: "b".into() }])
        .await
        .unwrap();
    assert!(open_ids(store.load_open().await.unwrap()).is_empty());
    assert_eq!(
        store
            .load_finished("b")
            .await
            .unwrap()
            .unwrap()
            .unwrap()
            .status,
        "abandoned"
    );
    assert!(store.contains("b").await.unwrap());
    store
        .write(vec![Write::Forget { table: "b".into() }])
        .await
        .unwrap();
    assert!(!store.contains("b").await.unwrap());
    assert_eq!(store.load().await.unwrap(), vec![a]);
    store.close().await;
}

/// Batches queued together (committed as one group) store what they store one by one.
async fn batches_queued_together_store_what_they_store_one_by_one(one: Db, grouped: Db) {
    let setup = || {
        ["a", "b", "c"]
            .iter()
            .enumerate()
            .flat_map(|(i, &t)| {
                [
                    Write::Table(table(t, i as i64)),
                    game(t, "playing", Some("{}"), &[1], None),
                ]
            })
            .collect::<Vec<_>>()
    };
    // Interleaved as tables' writes queue up: a turn confirmed after its table's round
    // resolved, a game over, a seat changed between them.
    let batches = vec![
        turn("a", 0, 1),
        turn("b", 0, 1),
        game("a", "playing", None, &[1, 2], None),
        turn("a", 1, 2),
        turn("b", 1, 1),
        turn("c", 0, 1),
        game("b", "over", None, &[1], Some("{}")),
        seat("c", 1, "Bob"),
        game("c", "playing", None, &[1, 2], None),
        turn("c", 1, 2),
        game("a", "playing", None, &[2, 3], None),
        turn("a", 0, 3),
    ];
    let one = one.open().await;
    one.write(setup()).await.unwrap();
    for w in &batches {
        one.write(vec![w.clone()]).await.unwrap();
    }
    let grouped = grouped.open().await;
    grouped.write(setup()).await.unwrap();
    let mut tickets: Vec<_> = batches
        .iter()
        .map(|w| grouped.queue(vec![w.clone()]).unwrap())
        .collect();
    for t in &mut tickets {
        t.wait().await.unwrap();
    }
    let expected = one.load().await.unwrap();
    assert_eq!(grouped.load().await.unwrap(), expected);
    let a = &expected[0];
    let rounds: Vec<&str> = a.rounds.iter().map(|r| r.log.as_str()).collect();
    assert_eq!(rounds, ["a round 1", "a round 2", "a round 3"]);
    assert_eq!(a.pending.len(), 1);
    assert_eq!(a.pending[0].turn, "a0r3");
    assert_eq!(expected[1].status, "over");
    assert!(expected[1].pending.is_empty());
    assert_eq!(expected[2].pending[0].turn, "c1r2");
    let progress = *grouped.progress().borrow();
    assert_eq!((progress.done, progress.refused), (13, 0));
    one.close().await;
    grouped.close().await;
}

/// A batch the database refuses changes nothing, and the batches queued with it go through.
async fn a_failing_batch_changes_nothing_and_fails_alone(db: Db) {
    let store = db.open().await;
    store
        .write(vec![Write::Table(table("a", 1))])
        .await
        .unwrap();
    let (ok1, bad, ok2) = tokio::join!(
        store.write(vec![seat("a", 1, "Bob")]),
        store.write(vec![seat("a", 1, "Eve"), Write::Table(table("a", 1))]),
        store.write(vec![turn("a", 0, 1)]),
    );
    ok1.unwrap();
    ok2.unwrap();
    assert!(bad.is_err());
    let a = store.load().await.unwrap().remove(0);
    assert_eq!(a.row.seats[1].name.as_deref(), Some("Bob"));
    assert_eq!(a.pending.len(), 1);
    // A queued batch that is refused stays unsettled until its ticket is dropped.
    let mut ticket = store.queue(vec![Write::Table(table("a", 1))]).unwrap();
    assert!(ticket.wait().await.is_err());
    assert_eq!(store.progress().borrow().unsettled, 1);
    drop(ticket);
    assert_eq!(store.progress().borrow().unsettled, 0);
    // The store still works after the failures.
    store
        .write(vec![game("a", "playing", Some("{}"), &[1], None)])
        .await
        .unwrap();
    let a = store.load().await.unwrap().remove(0);
    assert!(a.pending.is_empty());
    store.close().await;
    assert!(store.write(vec![seat("a", 1, "Cy")]).await.is_err());
}

/// Everything written is there after the store is closed and opened again; a second store on
/// the same database is refused while the first is open.
async fn what_is_stored_survives_a_reopening_and_one_server_holds_it(db: Db) {
    let store = db.open().await;
    store
        .write(vec![
            Write::Table(table("a", 1)),
            game("a", "playing", Some("{}"), &[1], None),
            turn("a", 0, 1),
        ])
        .await
        .unwrap();
    let before = store.load().await.unwrap();
    let second =
        welcome_server::store::open(&db.url, std::time::Duration::from_millis(200), None).await;
    let refused = second
        .err()
        .expect("a second server is refused")
        .to_string();
    assert!(refused.contains("in use by another server"), "{refused}");
    store.close().await;
    let store = db.open().await;
    assert_eq!(store.load().await.unwrap(), before);
    store.close().await;
}

/// A table whose seat rows are missing is named as damaged; the others are read.
async fn a_damaged_table_is_named_and_the_others_are_read(db: Db) {
    let store = db.open().await;
    store
        .write(vec![
            Write::Table(table("a", 1)),
            Write::Table(table("b", 2)),
        ])
        .await
        .unwrap();
    store.close().await;
    delete_seat(&db.url, "a").await;
    let store = db.open().await;
    let open = store.load_open().await.unwrap();
    assert_eq!(open.len(), 2);
    let damaged = open[0].as_ref().expect_err("table a is damaged");
    assert_eq!(damaged.id, "a");
    assert!(damaged.why.contains("seat"), "{}", damaged.why);
    assert_eq!(open[1].as_ref().unwrap().row.id, "b");
    let all = store
        .load()
        .await
        .expect_err("load fails on a damaged table");
    assert!(all.to_string().contains("table a"), "{all}");
    store.close().await;
}

/// Deletes seat 2 of `table` behind the server's back.
async fn delete_seat(url: &str, table: &str) {
    if url.starts_with("postgres") {
        let mut c = crate::common::postgres::connect(url).await.unwrap();
        sqlx::query("DELETE FROM seats WHERE table_id = $1 AND seat = 2")
            .bind(table)
            .execute(&mut c)
            .await
            .unwrap();
    } else {
        use sqlx::Connection;
        let mut c = sqlx::SqliteConnection::connect(&format!("sqlite:{url}"))
            .await
            .unwrap();
        sqlx::query("DELETE FROM seats WHERE table_id = ? AND seat = 2")
            .bind(table)
            .execute(&mut c)
            .await
            .unwrap();
    }
}

/// A database a newer server migrated further (a migration this server does not know) still
/// opens: nodes are upgraded one at a time.
async fn a_schema_migrated_further_by_a_newer_server_still_opens(db: Db) {
    let store = db.open().await;
    store
        .write(vec![Write::Table(table("a", 1))])
        .await
        .unwrap();
    store.close().await;
    let sql = "INSERT INTO _sqlx_migrations (version, description, success, checksum, \
               execution_time) VALUES (99999, 'from a newer server', true, x'00', 0)";
    if db.url.starts_with("postgres") {
        let mut c = crate::common::postgres::connect(&db.url).await.unwrap();
        sqlx::query(&sql.replace("x'00'", "'\\x00'::bytea"))
            .execute(&mut c)
            .await
            .unwrap();
    } else {
        use sqlx::Connection;
        let mut c = sqlx::SqliteConnection::connect(&format!("sqlite:{}", db.url))
            .await
            .unwrap();
        sqlx::query(sql).execute(&mut c).await.unwrap();
    }
    let store = db.open().await;
    assert_eq!(store.load().await.unwrap().len(), 1);
    store.close().await;
}

/// One test per backend for each case.
macro_rules! both {
    ($($case:ident),* $(,)?) => {
        mod sqlite {
            use crate::common::Db;
            $(#[tokio::test]
            async fn $case() {
                super::$case(Db::sqlite()).await;
            })*
        }
        mod postgres {
            use crate::common::Db;
            $(#[tokio::test]
            async fn $case() {
                super::$case(Db::postgres().await).await;
            })*
        }
    };
}

both!(
    every_write_is_read_back_as_written,
    a_failing_batch_changes_nothing_and_fails_alone,
    what_is_stored_survives_a_reopening_and_one_server_holds_it,
    a_damaged_table_is_named_and_the_others_are_read,
    a_schema_migrated_further_by_a_newer_server_still_opens,
);

#[tokio::test]
async fn batches_queued_together_store_what_they_store_one_by_one_on_sqlite() {
    batches_queued_together_store_what_they_store_one_by_one(Db::sqlite(), Db::sqlite()).await;
}

#[tokio::test]
async fn batches_queued_together_store_what_they_store_one_by_one_on_postgres() {
    batches_queued_together_store_what_they_store_one_by_one(
        Db::postgres().await,
        Db::postgres().await,
    )
    .await;
}

/// Several nodes on one PostgreSQL: leases, takeovers and fencing.
mod nodes {
    use super::{seat, table, turn};
    use crate::common::{postgres, Db};
    use std::time::{Duration, Instant};
    use welcome_server::store::{NodeConfig, Owner, Store, Write};
    use welcome_server::PostgresStore;

    fn node(id: &str) -> NodeConfig {
        NodeConfig {
            id: id.into(),
            address: format!("http://{id}.invalid"),
            lease: Duration::from_millis(1000),
        }
    }

    async fn join(db: &Db, id: &str) -> PostgresStore {
        PostgresStore::open(&db.url, node(id), Duration::from_secs(5))
            .await
            .unwrap()
    }

    /// Ends `id`'s lease behind its back, as if it had stopped renewing it.
    async fn expire(db: &Db, id: &str) {
        let mut c = postgres::connect(&db.url).await.unwrap();
        sqlx::query("UPDATE nodes SET expires = 0 WHERE id = $1")
            .bind(id)
            .execute(&mut c)
            .await
            .unwrap();
    }

    async fn owners(db: &Db, table: &str) -> Vec<(String, i64)> {
        let mut c = postgres::connect(&db.url).await.unwrap();
        sqlx::query_as("SELECT node, epoch FROM table_owners WHERE table_id = $1 ORDER BY id")
            .bind(table)
            .fetch_all(&mut c)
            .await
            .unwrap()
    }

    #[tokio::test]
    async fn a_node_taken_over_never_writes_its_tables_again() {
        let db = Db::postgres().await;
        let a = join(&db, "a").await;
        let b = join(&db, "b").await;
        a.write(vec![Write::Table(table("t", 1))]).await.unwrap();
        // A batch queued under a's first incarnation, held back until after the takeover.
        let node_a = a.node().unwrap();
        let node_b = b.node().unwrap();
        let first_epoch = node_a.epoch();
        assert_eq!(
            node_b.owner_of("t").await.unwrap(),
            Owner::Other {
                node: "a".into(),
                address: "http://a.invalid".into()
            }
        );
        assert_eq!(node_a.owner_of("t").await.unwrap(), Owner::Me);

        let mut taken = node_b.takeovers().unwrap();
        let mut lost = node_a.losses().unwrap();
        // a stops renewing its lease (a process paused, or cut off from the database).
        node_a.pause(true);
        let stopped = Instant::now();
        expire(&db, "a").await;
        let ids = tokio::time::timeout(Duration::from_secs(5), taken.recv())
            .await
            .expect("b takes a over within the lease")
            .unwrap();
        assert_eq!(ids, ["t"]);
        // Detection within a fifth of the lease after it ran out (and some slack).
        assert!(
            stopped.elapsed() < Duration::from_millis(1000),
            "{:?}",
            stopped.elapsed()
        );
        assert_eq!(node_b.owner_of("t").await.unwrap(), Owner::Me);

        // a's writes to the table are refused from now on, whichever incarnation tries.
        let refused = a.write(vec![seat("t", 1, "Mallory")]).await.unwrap_err();
        assert!(refused.0.contains("no longer"), "{refused}");
        // a notices once it renews again, and joins as a new incarnation that owns nothing of
        // b's.
        node_a.pause(false);
        let deadline = Instant::now() + Duration::from_secs(5);
        while node_a.epoch() == first_epoch && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_ne!(node_a.epoch(), first_epoch, "a joins again");
        let refused = a.write(vec![turn("t", 0, 1)]).await.unwrap_err();
        assert!(refused.0.contains("no longer owns table t"), "{refused}");
        assert_eq!(
            tokio::time::timeout(Duration::from_secs(1), lost.recv())
                .await
                .unwrap()
                .unwrap(),
            ["t"]
        );
        b.write(vec![seat("t", 1, "Bob")]).await.unwrap();
        let stored = b.load_one("t").await.unwrap().unwrap().unwrap();
        assert_eq!(stored.row.seats[1].name.as_deref(), Some("Bob"));
        assert!(stored.pending.is_empty(), "a's turn was not written");
        // The history names both owners, in order.
        let history = owners(&db, "t").await;
        assert_eq!(
            history.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
            ["a", "b"]
        );
        assert_eq!(history[0].1, first_epoch);
        // b loads only what it owns; a nothing.
        assert_eq!(b.load_open().await.unwrap().len(), 1);
        assert!(a.load_open().await.unwrap().is_empty());
        a.close().await;
        b.close().await;
    }

    #[tokio::test]
    async fn a_node_that_stops_cleanly_is_taken_over_at_once_and_a_restart_waits_for_its_lease() {
        let db = Db::postgres().await;
        let a = join(&db, "a").await;
        a.write(vec![Write::Table(table("t", 1))]).await.unwrap();
        // A second server as the same node is refused while the first holds the lease.
        let twin = PostgresStore::open(&db.url, node("a"), Duration::from_millis(300)).await;
        let err = twin.err().expect("refused").0;
        assert!(err.contains("node a runs at http://a.invalid"), "{err}");
        // The same node started again after a stop owns its tables again.
        a.close().await;
        let again = join(&db, "a").await;
        assert_eq!(again.load_open().await.unwrap().len(), 1);
        assert_eq!(
            again.node().unwrap().owner_of("t").await.unwrap(),
            Owner::Me
        );
        // Dropped without a word (as a process killed): a new incarnation waits for the lease.
        drop(again);
        let started = Instant::now();
        let restarted = join(&db, "a").await;
        assert!(
            started.elapsed() >= Duration::from_millis(500),
            "{:?}",
            started.elapsed()
        );
        assert_eq!(restarted.load_open().await.unwrap().len(), 1);
        restarted.close().await;
    }
}
