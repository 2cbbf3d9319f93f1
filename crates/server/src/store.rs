//! Durable storage behind a small trait, with SQLite as the default backend.
//!
//! The server changes a table in memory only after its batch of writes is committed, so a crash
//! at any moment leaves the database at some acknowledged state. The game itself is stored as
//! the engine's record; confirmed turns of the round in progress are stored on their own.

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, SqlitePool};
use std::future::Future;
use std::pin::Pin;
use std::str::FromStr;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A write the database refused, or a database that cannot be opened.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct StoreError(pub String);

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        StoreError(e.to_string())
    }
}

/// One seat as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatRow {
    pub name: Option<String>,
    pub bot: Option<String>,
    pub token_hash: Option<String>,
}

/// A table's fixed setup and its seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRow {
    pub id: String,
    pub host_name: String,
    pub mode: String,
    pub advanced: bool,
    pub first_plan_reshuffle: bool,
    pub table_mode: bool,
    pub host_hash: String,
    pub seed: u64,
    pub created: i64,
    pub seats: Vec<SeatRow>,
}

/// A confirmed turn of the round in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingRow {
    pub seat: u16,
    pub round: u16,
    pub turn: String,
}

/// Everything stored about one table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTable {
    pub row: TableRow,
    pub status: String,
    pub record: Option<String>,
    pub pending: Vec<PendingRow>,
}

/// One change. A batch of them is applied atomically.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Write {
    /// A new table with its seats.
    Table(TableRow),
    /// A seat taken, freed or given to a bot.
    Seat {
        table: String,
        seat: u16,
        row: SeatRow,
    },
    /// The game record after a start or a resolution; clears the pending turns.
    Game {
        table: String,
        status: String,
        record: String,
    },
    /// A confirmed turn (replaces any earlier one of the seat).
    Pending {
        table: String,
        seat: u16,
        round: u16,
        turn: String,
    },
    /// A turn taken back.
    Withdraw { table: String, seat: u16 },
}

/// Durable storage of tables.
pub trait Store: Send + Sync + 'static {
    /// Applies every write of `batch` or none; returns once it is durable.
    fn write(&self, batch: Vec<Write>) -> BoxFuture<'_, Result<(), StoreError>>;
    /// Every stored table, oldest first.
    fn load(&self) -> BoxFuture<'_, Result<Vec<StoredTable>, StoreError>>;
    /// Finishes pending writes and releases the database.
    fn close(&self) -> BoxFuture<'_, ()>;
}

/// Most batches committed in one transaction ("group commit": one commit serves many tables).
const MAX_GROUP: usize = 256;

struct Job {
    batch: Vec<Write>,
    done: oneshot::Sender<Result<(), StoreError>>,
}

/// SQLite storage. One writer task applies batches in order, grouping those that queue up
/// into one transaction.
pub struct SqliteStore {
    pool: SqlitePool,
    jobs: mpsc::Sender<Job>,
}

impl SqliteStore {
    /// Opens (creating it if needed) and migrates the database at `database`: a file path or
    /// a `sqlite:` URL.
    pub async fn open(database: &str) -> Result<SqliteStore, StoreError> {
        let options = if database.starts_with("sqlite:") {
            SqliteConnectOptions::from_str(database)?
        } else if database.contains("://") {
            return Err(StoreError(format!(
                "unsupported database {database:?}: give a file path or a sqlite: URL"
            )));
        } else {
            SqliteConnectOptions::new().filename(database)
        };
        // WAL with synchronous=NORMAL: a commit survives the process being killed at any
        // moment (only an operating-system crash may lose the last commits).
        let options = options
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(10))
            .foreign_keys(true)
            // Commits never checkpoint (a checkpoint syncs the database file and would stall
            // the commit that triggers it); a background task does, off the commit path.
            .pragma("wal_autocheckpoint", "0");
        let pool = SqlitePoolOptions::new()
            .max_connections(2)
            .connect_with(options)
            .await?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(|e| StoreError(format!("migrating the database: {e}")))?;
        let (jobs, rx) = mpsc::channel(4096);
        tokio::spawn(writer(pool.clone(), rx));
        tokio::spawn(checkpointer(pool.clone()));
        Ok(SqliteStore { pool, jobs })
    }
}

/// Copies the write-ahead log into the database file now and then, so that it stays small.
async fn checkpointer(pool: SqlitePool) {
    let mut tick = tokio::time::interval(Duration::from_secs(2));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if pool.is_closed() {
            return;
        }
        if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .execute(&pool)
            .await
        {
            if pool.is_closed() {
                return;
            }
            tracing::warn!("checkpoint: {e}");
        }
    }
}

async fn writer(pool: SqlitePool, mut rx: mpsc::Receiver<Job>) {
    while let Some(first) = rx.recv().await {
        let mut jobs = vec![first];
        while jobs.len() < MAX_GROUP {
            match rx.try_recv() {
                Ok(j) => jobs.push(j),
                Err(_) => break,
            }
        }
        let all: Vec<&Write> = jobs.iter().flat_map(|j| j.batch.iter()).collect();
        if jobs.len() > 1 && apply(&pool, all).await.is_ok() {
            for j in jobs {
                let _ = j.done.send(Ok(()));
            }
            continue;
        }
        // One failing batch must not fail the others: apply them one by one.
        for j in jobs {
            let r = apply(&pool, j.batch.iter().collect()).await;
            let _ = j.done.send(r);
        }
    }
}

async fn apply(pool: &SqlitePool, writes: Vec<&Write>) -> Result<(), StoreError> {
    let mut tx = pool.begin().await?;
    // Confirmed turns that follow one another go in one statement: under load most of a group
    // is turns, and each statement is a round trip to the database thread.
    let mut turns: Vec<&Write> = Vec::new();
    for w in writes {
        if matches!(w, Write::Pending { .. }) {
            turns.push(w);
            continue;
        }
        insert_turns(&mut tx, &mut turns).await?;
        exec(&mut tx, w).await?;
    }
    insert_turns(&mut tx, &mut turns).await?;
    tx.commit().await?;
    Ok(())
}

/// Rows per multi-row insert (four parameters each, far below SQLite's limit).
const TURN_ROWS: usize = 200;

async fn insert_turns(
    tx: &mut sqlx::Transaction<'_, sqlx::Sqlite>,
    turns: &mut Vec<&Write>,
) -> Result<(), StoreError> {
    for chunk in turns.chunks(TURN_ROWS) {
        let sql = format!(
            "INSERT INTO pending_turns (table_id, seat, round, turn) VALUES {} \
             ON CONFLICT (table_id, seat) DO UPDATE SET round = excluded.round, turn = excluded.turn",
            vec!["(?, ?, ?, ?)"; chunk.len()].join(", ")
        );
        let mut q = sqlx::query(&sql);
        for w in chunk {
            if let Write::Pending {
                table,
                seat,
                round,
                turn,
            } = w
            {
                q = q
                    .bind(table)
                    .bind(*seat as i64)
                    .bind(*round as i64)
                    .bind(turn);
            }
        }
        q.execute(&mut **tx).await?;
    }
    turns.clear();
    Ok(())
}

fn b(v: bool) -> i64 {
    v as i64
}

async fn exec(tx: &mut sqlx::Transaction<'_, sqlx::Sqlite>, w: &Write) -> Result<(), StoreError> {
    match w {
        Write::Table(t) => {
            sqlx::query(
                "INSERT INTO game_tables (id, host_name, mode, advanced, first_plan_reshuffle, \
                 table_mode, host_hash, seed, created, status, record) \
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'lobby', NULL)",
            )
            .bind(&t.id)
            .bind(&t.host_name)
            .bind(&t.mode)
            .bind(b(t.advanced))
            .bind(b(t.first_plan_reshuffle))
            .bind(b(t.table_mode))
            .bind(&t.host_hash)
            // BIGINT is signed: the seed's bits are stored as they are.
            .bind(t.seed as i64)
            .bind(t.created)
            .execute(&mut **tx)
            .await?;
            for (i, s) in t.seats.iter().enumerate() {
                sqlx::query(
                    "INSERT INTO seats (table_id, seat, name, bot, token_hash) VALUES (?, ?, ?, ?, ?)",
                )
                .bind(&t.id)
                .bind(i as i64)
                .bind(&s.name)
                .bind(&s.bot)
                .bind(&s.token_hash)
                .execute(&mut **tx)
                .await?;
            }
        }
        Write::Seat { table, seat, row } => {
            sqlx::query(
                "UPDATE seats SET name = ?, bot = ?, token_hash = ? WHERE table_id = ? AND seat = ?",
            )
            .bind(&row.name)
            .bind(&row.bot)
            .bind(&row.token_hash)
            .bind(table)
            .bind(*seat as i64)
            .execute(&mut **tx)
            .await?;
        }
        Write::Game {
            table,
            status,
            record,
        } => {
            sqlx::query("UPDATE game_tables SET status = ?, record = ? WHERE id = ?")
                .bind(status)
                .bind(record)
                .bind(table)
                .execute(&mut **tx)
                .await?;
            sqlx::query("DELETE FROM pending_turns WHERE table_id = ?")
                .bind(table)
                .execute(&mut **tx)
                .await?;
        }
        Write::Pending { .. } => insert_turns(tx, &mut vec![w]).await?,
        Write::Withdraw { table, seat } => {
            sqlx::query("DELETE FROM pending_turns WHERE table_id = ? AND seat = ?")
                .bind(table)
                .bind(*seat as i64)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}

impl Store for SqliteStore {
    fn write(&self, batch: Vec<Write>) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(async move {
            let (done, rx) = oneshot::channel();
            self.jobs
                .send(Job { batch, done })
                .await
                .map_err(|_| StoreError("the database writer has stopped".into()))?;
            rx.await
                .map_err(|_| StoreError("the database writer has stopped".into()))?
        })
    }

    fn load(&self) -> BoxFuture<'_, Result<Vec<StoredTable>, StoreError>> {
        Box::pin(async move {
            let rows = sqlx::query(
                "SELECT id, host_name, mode, advanced, first_plan_reshuffle, table_mode, host_hash, \
                 seed, created, status, record FROM game_tables ORDER BY created, id",
            )
            .fetch_all(&self.pool)
            .await?;
            let mut tables = Vec::with_capacity(rows.len());
            let mut index = std::collections::HashMap::new();
            for r in rows {
                let id: String = r.try_get("id")?;
                index.insert(id.clone(), tables.len());
                tables.push(StoredTable {
                    row: TableRow {
                        id,
                        host_name: r.try_get("host_name")?,
                        mode: r.try_get("mode")?,
                        advanced: r.try_get::<i64, _>("advanced")? != 0,
                        first_plan_reshuffle: r.try_get::<i64, _>("first_plan_reshuffle")? != 0,
                        table_mode: r.try_get::<i64, _>("table_mode")? != 0,
                        host_hash: r.try_get("host_hash")?,
                        seed: r.try_get::<i64, _>("seed")? as u64,
                        created: r.try_get("created")?,
                        seats: Vec::new(),
                    },
                    status: r.try_get("status")?,
                    record: r.try_get("record")?,
                    pending: Vec::new(),
                });
            }
            let seats = sqlx::query(
                "SELECT table_id, seat, name, bot, token_hash FROM seats ORDER BY table_id, seat",
            )
            .fetch_all(&self.pool)
            .await?;
            for r in seats {
                let id: String = r.try_get("table_id")?;
                let seat: i64 = r.try_get("seat")?;
                let Some(&i) = index.get(&id) else { continue };
                let t = &mut tables[i].row;
                if seat != t.seats.len() as i64 {
                    return Err(StoreError(format!(
                        "table {id}: seat {seat} is out of order"
                    )));
                }
                t.seats.push(SeatRow {
                    name: r.try_get("name")?,
                    bot: r.try_get("bot")?,
                    token_hash: r.try_get("token_hash")?,
                });
            }
            let pending = sqlx::query(
                "SELECT table_id, seat, round, turn FROM pending_turns ORDER BY table_id, seat",
            )
            .fetch_all(&self.pool)
            .await?;
            for r in pending {
                let id: String = r.try_get("table_id")?;
                let Some(&i) = index.get(&id) else { continue };
                tables[i].pending.push(PendingRow {
                    seat: r.try_get::<i64, _>("seat")? as u16,
                    round: r.try_get::<i64, _>("round")? as u16,
                    turn: r.try_get("turn")?,
                });
            }
            Ok(tables)
        })
    }

    fn close(&self) -> BoxFuture<'_, ()> {
        Box::pin(async move { self.pool.close().await })
    }
}
