//! Durable storage behind a small trait: SQLite by default (a file, nothing to install),
//! PostgreSQL for a community's server (`sqlite` and `postgres`, one set of statements in
//! `script` and `read`, one writer in `queue`).
//!
//! The server changes a table in memory only after its batch of writes is committed, so a crash
//! at any moment leaves the database at some acknowledged state. The game itself is stored as
//! the engine's record, appended to: its setup once at the start, then a row per round (written
//! when the round is dealt and again when it resolves) and the result at the end, so that what a
//! resolution writes follows the seats, not the length of the game. Confirmed turns of the round
//! in progress are stored on their own.

pub mod admin;
pub mod node;
mod postgres;
mod queue;
mod read;
mod script;
mod sql;
mod sqlite;

pub use node::{Node, NodeConfig, Owner};
pub use postgres::PostgresStore;
pub use sql::SqlStore;
pub use sqlite::{SqliteStore, BUSY_TIMEOUT};

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{oneshot, watch};
use welcome_engine::{Record, RoundLog};

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
    /// The edition and sheet ids (`first`, `ice-cream`).
    pub edition: String,
    pub sheet: String,
    pub advanced: bool,
    pub first_plan_reshuffle: bool,
    pub table_mode: bool,
    pub host_hash: String,
    pub seed: u64,
    pub created: i64,
    pub seats: Vec<SeatRow>,
    /// The turn timer's seconds (0: none) and what happens when it runs out (`bot`, `refuse`).
    pub turn_seconds: u32,
    pub turn_expiry: String,
    /// AAA solo: the opponent card's level.
    pub aaa_level: Option<u8>,
    /// The collector edition's three 9¾ cards are in the deck.
    pub nine_three_quarters: bool,
    /// Values the host entered (`TableValues` as JSON; empty when none).
    pub values: String,
    /// The layout the host entered (a sheet file; empty when none).
    pub layout: String,
}

/// A confirmed turn of the round in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingRow {
    pub seat: u16,
    pub round: u16,
    pub turn: String,
}

/// One round of a game's record as stored: its number and its `RoundLog` as JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundRow {
    pub round: u16,
    pub log: String,
}

/// Everything stored about one table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTable {
    pub row: TableRow,
    pub status: String,
    /// The record as written at the start (its rounds empty), or whole (stored before rounds
    /// had rows of their own).
    pub record: Option<String>,
    /// The rounds stored since, in order.
    pub rounds: Vec<RoundRow>,
    /// The record's result, once the game is over (unless the record holds it).
    pub result: Option<String>,
    pub pending: Vec<PendingRow>,
    /// The table opened to play again once the game was over (empty: none).
    pub next: String,
}

impl StoredTable {
    /// The game record: the stored one with its rounds and result put back.
    pub fn record(&self) -> Result<Option<Record>, String> {
        let Some(text) = &self.record else {
            return Ok(None);
        };
        let mut record = Record::from_json(text).map_err(|e| e.to_string())?;
        for r in &self.rounds {
            let log: RoundLog = serde_json::from_str(&r.log)
                .map_err(|e| format!("stored round {}: {e}", r.round))?;
            let i = (r.round as usize)
                .checked_sub(1)
                .ok_or("a stored round 0")?;
            match i.cmp(&record.rounds.len()) {
                std::cmp::Ordering::Less => record.rounds[i] = log,
                std::cmp::Ordering::Equal => record.rounds.push(log),
                std::cmp::Ordering::Greater => {
                    return Err(format!(
                        "stored round {} follows round {}",
                        r.round,
                        record.rounds.len()
                    ))
                }
            }
        }
        if let Some(result) = &self.result {
            record.result =
                Some(serde_json::from_str(result).map_err(|e| format!("stored result: {e}"))?);
        }
        Ok(Some(record))
    }
}

impl Write {
    /// The table it changes.
    pub fn table(&self) -> &str {
        match self {
            Write::Table(t) => &t.id,
            Write::Seat { table, .. }
            | Write::Game { table, .. }
            | Write::Pending { table, .. }
            | Write::Withdraw { table, .. }
            | Write::Host { table, .. }
            | Write::Values { table, .. }
            | Write::Layout { table, .. }
            | Write::Forget { table }
            | Write::Abandon { table }
            | Write::Next { table, .. } => table,
        }
    }
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
    /// The game after a start or a resolution; clears the pending turns. `setup` is the record
    /// with no rounds, written at the start only; `rounds` the rounds that changed (those that
    /// resolved, and the one dealt), each replacing any row of the same round; `result` the
    /// record's result once the game is over.
    Game {
        table: String,
        status: String,
        setup: Option<String>,
        rounds: Vec<RoundRow>,
        result: Option<String>,
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
    /// The host's rights follow the host's seat to a new token (a seat moved to another device).
    Host { table: String, host_hash: String },
    /// Values the host entered before the start (JSON; empty when none).
    Values { table: String, values: String },
    /// The layout the host entered before the start (a sheet file; empty when none).
    Layout { table: String, layout: String },
    /// A table removed with its seats and turns (an abandoned lobby table).
    Forget { table: String },
    /// A table closed before its end (status `abandoned`): a game nobody plays any more, or
    /// one its host ended or closed; its record and the confirmed turns of its last round stay.
    Abandon { table: String },
    /// The table its host opened to play again, once the game was over.
    Next { table: String, next: String },
}

/// A stored table that cannot be read back: a row missing or of the wrong type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Damaged {
    pub id: String,
    pub why: String,
}

/// How far the writes queued so far have gone (`Store::progress`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Every batch queued up to this one (`Queued::seq`) is committed or refused.
    pub done: u64,
    /// Batches queued with `Store::queue` that were refused and whose change the caller has
    /// not undone yet (its `Queued` is still held).
    pub unsettled: u64,
    /// Batches queued with `Store::queue` that were refused, ever.
    pub refused: u64,
}

impl Progress {
    /// Whether the batches up to `seq` are committed, or refused and undone.
    pub fn settled(&self, seq: u64) -> bool {
        self.done >= seq && self.unsettled == 0
    }
}

/// A batch queued without waiting for it (`Store::queue`). Whoever holds it undoes its change
/// if it is refused, then lets go of it: until then, `Progress::unsettled` counts it.
pub struct Queued {
    seq: u64,
    rx: Option<oneshot::Receiver<Result<(), StoreError>>>,
    progress: Arc<watch::Sender<Progress>>,
    /// The batch was refused and counted in `Progress::unsettled`: dropping the ticket settles it.
    unsettled: bool,
}

impl Queued {
    /// Its place among every batch queued (`Progress::done`).
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// Waits until the batch is durable or refused. A refused batch stays unsettled until the
    /// ticket is dropped, which the caller does once it has undone the batch's change.
    pub async fn wait(&mut self) -> Result<(), StoreError> {
        let Some(rx) = self.rx.take() else {
            return Err(StoreError("the batch was already waited for".into()));
        };
        match rx.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => {
                self.unsettled = true;
                Err(e)
            }
            Err(_) => Err(StoreError("the database writer has stopped".into())),
        }
    }
}

impl Drop for Queued {
    fn drop(&mut self) {
        if let Some(mut rx) = self.rx.take() {
            // Not waited for: a refusal already sent was counted; one sent after the close is
            // not (the writer takes it back when it cannot deliver it).
            rx.close();
            self.unsettled |= matches!(rx.try_recv(), Ok(Err(_)));
        }
        if self.unsettled {
            self.progress.send_modify(|p| p.unsettled -= 1);
        }
    }
}

/// The writer's counters, shared with whoever reads them (each a handle on the same numbers).
#[derive(Clone, Debug)]
pub struct StoreStats {
    /// Batches committed.
    pub committed: Counter,
    /// Batches the database refused.
    pub refused: Counter,
    /// Seconds each group's transaction took, from its first statement to its commit.
    pub commit_seconds: Histogram,
}

impl Default for StoreStats {
    fn default() -> StoreStats {
        StoreStats {
            committed: Counter::default(),
            refused: Counter::default(),
            // 0.25 ms to about 4 s, doubling.
            commit_seconds: Histogram::new(exponential_buckets(0.000_25, 2.0, 15)),
        }
    }
}

/// Durable storage of tables.
pub trait Store: Send + Sync + 'static {
    /// Applies every write of `batch` or none; returns once it is durable.
    fn write(&self, batch: Vec<Write>) -> BoxFuture<'_, Result<(), StoreError>>;
    /// Queues `batch` behind every batch queued before it (the order they are applied in) and
    /// returns at once; `Queued::wait` says when it is durable. A caller changes the table
    /// under its lock, queues the change's batch, and lets go of the lock before it waits, so
    /// that a table's changes commit together instead of one after the other.
    fn queue(&self, batch: Vec<Write>) -> Result<Queued, StoreError>;
    /// How far the queued batches have gone: what is shown of a table waits until the batches
    /// of its changes are durable (`Progress::settled`).
    fn progress(&self) -> watch::Receiver<Progress>;
    /// Every stored table, oldest first; fails on a damaged one.
    fn load(&self) -> BoxFuture<'_, Result<Vec<StoredTable>, StoreError>>;
    /// The tables in the lobby or in play, oldest first, each read on its own: a damaged table
    /// is named, the others are read.
    fn load_open(&self) -> BoxFuture<'_, Result<Vec<Result<StoredTable, Damaged>>, StoreError>>;
    /// One finished table (over, or abandoned): `None` if there is no such table, or it is
    /// not finished.
    fn load_finished<'a>(
        &'a self,
        id: &'a str,
    ) -> BoxFuture<'a, Result<Option<Result<StoredTable, Damaged>>, StoreError>>;
    /// One table, whatever its status: `None` if there is no such table.
    fn load_one<'a>(
        &'a self,
        id: &'a str,
    ) -> BoxFuture<'a, Result<Option<Result<StoredTable, Damaged>>, StoreError>>;
    /// Whether a table of this id is stored.
    fn contains<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<bool, StoreError>>;
    /// The node this server is among several on the database (PostgreSQL), if any.
    fn node(&self) -> Option<Arc<Node>> {
        None
    }
    /// What the writer has done so far (`/metrics`).
    fn stats(&self) -> StoreStats {
        StoreStats::default()
    }
    /// Whether the database answers now (readiness: a trivial read).
    fn ping(&self) -> BoxFuture<'_, Result<(), StoreError>>;
    /// Finishes pending writes and releases the database.
    fn close(&self) -> BoxFuture<'_, ()>;
}

/// Whether `database` names a PostgreSQL database (a `postgres://` URL).
pub fn is_postgres(database: &str) -> bool {
    postgres::is_url(database)
}

/// Opens the database `database` names: a `postgres://` (or `postgresql://`) URL, joined as
/// `node` (or as the one node of a server alone on it), or a SQLite file path or `sqlite:` URL.
/// Creates and migrates it as needed; waits up to `busy` for another program's lock (SQLite)
/// or an earlier incarnation's lease (PostgreSQL).
pub async fn open(
    database: &str,
    busy: Duration,
    node: Option<NodeConfig>,
) -> Result<Arc<dyn Store>, StoreError> {
    if postgres::is_url(database) {
        let node = node.unwrap_or_else(|| NodeConfig::single(""));
        Ok(Arc::new(PostgresStore::open(database, node, busy).await?))
    } else {
        Ok(Arc::new(SqliteStore::open_with(database, busy).await?))
    }
}
