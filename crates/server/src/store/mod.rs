//! Durable storage behind a small trait, with SQLite as the default backend.
//!
//! The server changes a table in memory only after its batch of writes is committed, so a crash
//! at any moment leaves the database at some acknowledged state. The game itself is stored as
//! the engine's record, appended to: its setup once at the start, then a row per round (written
//! when the round is dealt and again when it resolves) and the result at the end, so that what a
//! resolution writes follows the seats, not the length of the game. Confirmed turns of the round
//! in progress are stored on their own.

use sqlx::pool::PoolConnection;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, Sqlite, SqliteConnection, SqlitePool};
use std::future::Future;
use std::pin::Pin;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, watch};
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
    /// Whether a table of this id is stored.
    fn contains<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<bool, StoreError>>;
    /// Finishes pending writes and releases the database.
    fn close(&self) -> BoxFuture<'_, ()>;
}

/// Most batches committed in one transaction ("group commit": one commit serves many tables).
const MAX_GROUP: usize = 256;

struct Job {
    batch: Vec<Write>,
    done: oneshot::Sender<Result<(), StoreError>>,
    /// Its place in the queue.
    seq: u64,
    /// Queued by `Store::queue`: a refusal stays unsettled until its ticket is dropped.
    queued: bool,
}

/// The writer's queue and the number of the last batch put in it.
struct Jobs {
    tx: mpsc::UnboundedSender<Job>,
    last: u64,
}

/// SQLite storage. One writer task applies batches in order, grouping those that queue up
/// into one transaction.
pub struct SqliteStore {
    pool: SqlitePool,
    /// `None` once closed. Numbered and sent under the lock, so that the numbers follow the
    /// queue's order.
    jobs: std::sync::Mutex<Option<Jobs>>,
    progress: Arc<watch::Sender<Progress>>,
    writer: tokio::sync::Mutex<Option<tokio::task::JoinHandle<()>>>,
    /// The lock file that keeps a second server off the database; released on close.
    lock: std::sync::Mutex<Option<std::fs::File>>,
}

/// How long a statement waits for another connection's write lock before it fails.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

impl SqliteStore {
    /// Opens (creating it if needed) and migrates the database at `database`: a file path or
    /// a `sqlite:` URL. Fails with a clear message if another server uses it, if it is
    /// read-only, or if another program holds its write lock.
    pub async fn open(database: &str) -> Result<SqliteStore, StoreError> {
        SqliteStore::open_with(database, BUSY_TIMEOUT).await
    }

    /// `open`, waiting at most `busy` for another connection's write lock.
    pub async fn open_with(database: &str, busy: Duration) -> Result<SqliteStore, StoreError> {
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
        // One server per database file: two would each keep their own tables in memory and
        // overwrite each other's. The lock goes with the process, however it ends.
        let lock = match lock_path(database, &options) {
            Some(path) => Some(lock_file(&path)?),
            None => None,
        };
        let options = options
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(busy)
            .foreign_keys(true)
            // Commits never checkpoint (a checkpoint syncs the database file and would stall
            // the commit that triggers it); a background task does, off the commit path.
            .pragma("wal_autocheckpoint", "0");
        let pool = SqlitePoolOptions::new()
            .max_connections(2)
            .test_before_acquire(false)
            .connect_with(options)
            .await
            .map_err(open_error)?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(|e| match e {
                sqlx::migrate::MigrateError::Execute(e) => open_error(e),
                e => StoreError(format!("migrating the database: {e}")),
            })?;
        // Every change is a write: a database that cannot take one fails now, not at the first
        // player's action.
        sqlx::raw_sql("BEGIN IMMEDIATE; UPDATE game_tables SET id = id WHERE 0; COMMIT;")
            .execute(&pool)
            .await
            .map_err(open_error)?;
        // Unbounded: every batch in it has a caller waiting for it (a request, a socket).
        let (tx, rx) = mpsc::unbounded_channel();
        let progress = Arc::new(watch::channel(Progress::default()).0);
        let writer = tokio::spawn(writer(pool.clone(), rx, progress.clone()));
        tokio::spawn(checkpointer(pool.clone()));
        Ok(SqliteStore {
            pool,
            jobs: std::sync::Mutex::new(Some(Jobs { tx, last: 0 })),
            progress,
            writer: tokio::sync::Mutex::new(Some(writer)),
            lock: std::sync::Mutex::new(lock),
        })
    }
}

/// The lock file of a database file: beside it, named after it. None for a database in memory.
fn lock_path(database: &str, options: &SqliteConnectOptions) -> Option<std::path::PathBuf> {
    let file = options.get_filename();
    let name = file.to_string_lossy();
    if name.is_empty() || name.starts_with(":memory:") || database.contains("mode=memory") {
        return None;
    }
    // The same file by any name (a symbolic link, another relative path) has the same lock.
    let file = std::fs::canonicalize(file).unwrap_or_else(|_| {
        let parent = match file.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => std::path::Path::new("."),
        };
        match (std::fs::canonicalize(parent), file.file_name()) {
            (Ok(dir), Some(name)) => dir.join(name),
            _ => file.to_path_buf(),
        }
    });
    let mut path = file.into_os_string();
    path.push(".lock");
    Some(path.into())
}

/// Takes the exclusive lock of `path` (created if missing) and writes this process's id in it.
/// The operating system releases the lock when the process ends, even when it is killed.
fn lock_file(path: &std::path::Path) -> Result<std::fs::File, StoreError> {
    use std::io::{Read, Seek, Write};
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|e| {
            let folder = path
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .unwrap_or(std::path::Path::new("."));
            StoreError(match e.kind() {
                std::io::ErrorKind::NotFound => {
                    format!("the database's folder {} does not exist", folder.display())
                }
                std::io::ErrorKind::PermissionDenied => format!(
                    "the server may not write in the database's folder {} (for its lock file \
                     {})",
                    folder.display(),
                    path.display()
                ),
                _ => format!("cannot open the lock file {}: {e}", path.display()),
            })
        })?;
    match fs4::FileExt::try_lock(&file) {
        Ok(()) => {}
        Err(fs4::TryLockError::WouldBlock) => {
            let mut holder = String::new();
            let _ = file.read_to_string(&mut holder);
            let holder = match holder.trim() {
                "" => String::new(),
                pid => format!(" (process {pid})"),
            };
            return Err(StoreError(format!(
                "the database is in use by another server{holder}: stop it first, or give this \
                 one another database (its lock file is {})",
                path.display()
            )));
        }
        Err(fs4::TryLockError::Error(e)) => {
            return Err(StoreError(format!("cannot lock {}: {e}", path.display())))
        }
    }
    let _ = file.set_len(0);
    let _ = file.rewind();
    let _ = writeln!(file, "{}", std::process::id());
    let _ = file.flush();
    Ok(file)
}

/// A database that cannot be opened or written, said plainly (SQLite's own words follow).
fn open_error(e: sqlx::Error) -> StoreError {
    let primary = match &e {
        sqlx::Error::Database(d) => d
            .code()
            .and_then(|c| c.parse::<i32>().ok())
            .map(|c| c & 0xff),
        _ => None,
    };
    let plain = match primary {
        // SQLITE_BUSY, SQLITE_LOCKED
        Some(5 | 6) => {
            "the database is locked by another program (another server, or a tool in the middle \
             of a write): stop it, then start again"
        }
        // SQLITE_READONLY
        Some(8) => {
            "the database is read-only: the server must be able to write the file, and the \
             folder it is in (for its journal)"
        }
        // SQLITE_CANTOPEN
        Some(14) => {
            "the database cannot be opened: does its folder exist, and may the server write there?"
        }
        // SQLITE_CORRUPT, SQLITE_NOTADB
        Some(11 | 26) => {
            "the file is not a database the server can read (damaged, or another kind of file)"
        }
        _ => return StoreError(e.to_string()),
    };
    StoreError(format!("{plain} ({e})"))
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

async fn writer(
    pool: SqlitePool,
    mut rx: mpsc::UnboundedReceiver<Job>,
    progress: Arc<watch::Sender<Progress>>,
) {
    // One connection kept for good: taking one from the pool for every group costs more than
    // the commit itself.
    let mut conn: Option<PoolConnection<Sqlite>> = None;
    while let Some(first) = rx.recv().await {
        let mut jobs = vec![first];
        while jobs.len() < MAX_GROUP {
            match rx.try_recv() {
                Ok(j) => jobs.push(j),
                Err(_) => break,
            }
        }
        let results = match conn.take() {
            Some(c) => apply_group(conn.insert(c), &jobs).await,
            None => match pool.acquire().await {
                Ok(c) => apply_group(conn.insert(c), &jobs).await,
                Err(e) => {
                    let e = StoreError::from(e);
                    jobs.iter().map(|_| Err(StoreError(e.0.clone()))).collect()
                }
            },
        };
        if results.iter().any(Result::is_err) {
            // The connection itself may be the problem: take a fresh one next time.
            conn = None;
        }
        // Progress first, the answers after: whoever sees a batch done sees its refusal counted.
        let last = jobs.last().map_or(0, |j| j.seq);
        let refused = jobs
            .iter()
            .zip(&results)
            .filter(|(j, r)| j.queued && r.is_err())
            .count() as u64;
        progress.send_modify(|p| {
            p.done = p.done.max(last);
            p.unsettled += refused;
            p.refused += refused;
        });
        for (j, r) in jobs.into_iter().zip(results) {
            let refusal = j.queued && r.is_err();
            if j.done.send(r).is_err() && refusal {
                // Nobody holds the ticket any more to settle it.
                progress.send_modify(|p| p.unsettled -= 1);
            }
        }
    }
}

/// Applies a group of jobs in one transaction; if that fails, one by one, so that one failing
/// batch does not fail the others.
async fn apply_group(c: &mut SqliteConnection, jobs: &[Job]) -> Vec<Result<(), StoreError>> {
    let all: Vec<&Write> = jobs.iter().flat_map(|j| j.batch.iter()).collect();
    if jobs.len() > 1 && apply(c, all).await.is_ok() {
        return jobs.iter().map(|_| Ok(())).collect();
    }
    let mut results = Vec::with_capacity(jobs.len());
    for j in jobs {
        results.push(apply(c, j.batch.iter().collect()).await);
    }
    results
}

/// Applies writes in one transaction, sent to the database as one script (BEGIN … COMMIT):
/// every statement sent on its own would be a round trip to the database thread, and on a
/// loaded machine each costs more than the commit itself.
async fn apply(conn: &mut SqliteConnection, writes: Vec<&Write>) -> Result<(), StoreError> {
    let mut script = Script::of(&writes);
    script.sql.insert_str(0, "BEGIN IMMEDIATE;\n");
    script.sql.push_str("COMMIT;\n");
    let mut q = sqlx::query(&script.sql).persistent(false);
    for p in &script.params {
        q = match *p {
            Param::Text(t) => q.bind(t),
            Param::OptText(t) => q.bind(t),
            Param::Int(i) => q.bind(i),
            Param::OptInt(i) => q.bind(i),
        };
    }
    if let Err(e) = q.execute(&mut *conn).await {
        // Nothing of the script stays: the transaction is rolled back (a failed BEGIN leaves
        // none, so this rollback's own error is expected then).
        let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
        return Err(e.into());
    }
    Ok(())
}

#[derive(Clone, Copy)]
enum Param<'a> {
    Text(&'a str),
    OptText(Option<&'a str>),
    Int(i64),
    OptInt(Option<i64>),
}

/// SQL statements and their parameters, in order.
struct Script<'a> {
    sql: String,
    params: Vec<Param<'a>>,
}

/// Rows per multi-row statement (at most four parameters a row, far below SQLite's limit).
const TURN_ROWS: usize = 200;

/// Writes of different tables that commute, held back to be written together: confirmed turns,
/// then games (a game's write clears the turns confirmed before it).
#[derive(Default)]
struct Held<'a> {
    turns: Vec<&'a Write>,
    games: Vec<&'a Write>,
}

impl<'a> Held<'a> {
    fn has_game(&self, table: &str) -> bool {
        self.games
            .iter()
            .any(|g| matches!(g, Write::Game { table: t, .. } if t == table))
    }
}

impl<'a> Script<'a> {
    /// The statements of `writes`, in an order with the same outcome: a group holds the writes
    /// of many tables, and each kind of statement is prepared once for all of them rather than
    /// once a table (preparing costs as much as running them). A table's own writes keep their
    /// order.
    fn of(writes: &[&'a Write]) -> Script<'a> {
        let mut s = Script {
            sql: String::new(),
            params: Vec::new(),
        };
        let mut held = Held::default();
        for &w in writes {
            match w {
                // A turn confirmed after a game write of its table in this group must follow
                // the turns that write clears.
                Write::Pending { table, .. } => {
                    if held.has_game(table) {
                        s.held(&mut held);
                    }
                    held.turns.push(w);
                }
                Write::Game { table, .. } => {
                    if held.has_game(table) {
                        s.held(&mut held);
                    }
                    held.games.push(w);
                }
                _ => {
                    s.held(&mut held);
                    s.write(w);
                }
            }
        }
        s.held(&mut held);
        s
    }

    /// Writes what is held: the turns first, then the games.
    fn held(&mut self, held: &mut Held<'a>) {
        self.turns(&held.turns);
        held.turns.clear();
        self.games(&held.games);
        held.games.clear();
    }

    fn stmt(&mut self, sql: &str, params: &[Param<'a>]) {
        self.sql.push_str(sql);
        self.sql.push_str(";\n");
        self.params.extend_from_slice(params);
    }

    fn turns(&mut self, turns: &[&'a Write]) {
        for chunk in turns.chunks(TURN_ROWS) {
            let sql = format!(
                "INSERT INTO pending_turns (table_id, seat, round, turn) VALUES {} \
                 ON CONFLICT (table_id, seat) DO UPDATE SET round = excluded.round, turn = excluded.turn",
                vec!["(?, ?, ?, ?)"; chunk.len()].join(", ")
            );
            let mut params = Vec::with_capacity(chunk.len() * 4);
            for w in chunk {
                if let Write::Pending {
                    table,
                    seat,
                    round,
                    turn,
                } = w
                {
                    params.extend([
                        Param::Text(table),
                        Param::Int(*seat as i64),
                        Param::Int(*round as i64),
                        Param::Text(turn),
                    ]);
                }
            }
            self.stmt(&sql, &params);
        }
    }

    /// Games of different tables: the rounds of them all in one statement, and their turns
    /// cleared in one. The table's row changes only with the setup (the start), the result
    /// (the end) or a status other than `playing`: a game stays in play from its start on
    /// until it is over or abandoned (which has its own write), so a round resolved in play
    /// leaves the row as it is.
    fn games(&mut self, games: &[&'a Write]) {
        use Param::*;
        let mut rounds: Vec<(&'a str, &'a RoundRow)> = Vec::new();
        let mut tables: Vec<&'a str> = Vec::with_capacity(games.len());
        for w in games {
            let Write::Game {
                table,
                status,
                setup,
                rounds: r,
                result,
            } = w
            else {
                continue;
            };
            if setup.is_some() || result.is_some() || status != "playing" {
                self.stmt(
                    "UPDATE game_tables SET status = ?, record = coalesce(?, record), \
                     result = coalesce(?, result) WHERE id = ?",
                    &[
                        Text(status),
                        OptText(setup.as_deref()),
                        OptText(result.as_deref()),
                        Text(table),
                    ],
                );
            }
            rounds.extend(r.iter().map(|r| (table.as_str(), r)));
            tables.push(table);
        }
        for chunk in rounds.chunks(TURN_ROWS) {
            let sql = format!(
                "INSERT INTO game_rounds (table_id, round, log) VALUES {} \
                 ON CONFLICT (table_id, round) DO UPDATE SET log = excluded.log",
                vec!["(?, ?, ?)"; chunk.len()].join(", ")
            );
            let mut params = Vec::with_capacity(chunk.len() * 3);
            for (table, r) in chunk {
                params.extend([Text(table), Int(r.round as i64), Text(&r.log)]);
            }
            self.stmt(&sql, &params);
        }
        for chunk in tables.chunks(TURN_ROWS) {
            let sql = format!(
                "DELETE FROM pending_turns WHERE table_id IN ({})",
                vec!["?"; chunk.len()].join(", ")
            );
            let params: Vec<Param<'a>> = chunk.iter().map(|t| Text(t)).collect();
            self.stmt(&sql, &params);
        }
    }

    fn write(&mut self, w: &'a Write) {
        use Param::*;
        match w {
            Write::Table(t) => {
                self.stmt(
                    "INSERT INTO game_tables (id, host_name, mode, edition, sheet, advanced, \
                     first_plan_reshuffle, table_mode, host_hash, seed, created, turn_seconds, turn_expiry, \
                     aaa_level, nine_three_quarters, table_values, table_layout, seat_count, status, record) \
                     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'lobby', NULL)",
                    &[
                        Text(&t.id),
                        Text(&t.host_name),
                        Text(&t.mode),
                        Text(&t.edition),
                        Text(&t.sheet),
                        Int(t.advanced as i64),
                        Int(t.first_plan_reshuffle as i64),
                        Int(t.table_mode as i64),
                        Text(&t.host_hash),
                        // BIGINT is signed: the seed's bits are stored as they are.
                        Int(t.seed as i64),
                        Int(t.created),
                        Int(t.turn_seconds as i64),
                        Text(&t.turn_expiry),
                        OptInt(t.aaa_level.map(i64::from)),
                        Int(t.nine_three_quarters as i64),
                        Text(&t.values),
                        Text(&t.layout),
                        Int(t.seats.len() as i64),
                    ],
                );
                for (i, seat) in t.seats.iter().enumerate() {
                    self.stmt(
                        "INSERT INTO seats (table_id, seat, name, bot, token_hash) VALUES (?, ?, ?, ?, ?)",
                        &[
                            Text(&t.id),
                            Int(i as i64),
                            OptText(seat.name.as_deref()),
                            OptText(seat.bot.as_deref()),
                            OptText(seat.token_hash.as_deref()),
                        ],
                    );
                }
            }
            Write::Seat { table, seat, row } => self.stmt(
                "UPDATE seats SET name = ?, bot = ?, token_hash = ? WHERE table_id = ? AND seat = ?",
                &[
                    OptText(row.name.as_deref()),
                    OptText(row.bot.as_deref()),
                    OptText(row.token_hash.as_deref()),
                    Text(table),
                    Int(*seat as i64),
                ],
            ),
            Write::Game { .. } => self.games(&[w]),
            Write::Pending { .. } => self.turns(&[w]),
            Write::Withdraw { table, seat } => self.stmt(
                "DELETE FROM pending_turns WHERE table_id = ? AND seat = ?",
                &[Text(table), Int(*seat as i64)],
            ),
            Write::Host { table, host_hash } => self.stmt(
                "UPDATE game_tables SET host_hash = ? WHERE id = ?",
                &[Text(host_hash), Text(table)],
            ),
            Write::Values { table, values } => self.stmt(
                "UPDATE game_tables SET table_values = ? WHERE id = ?",
                &[Text(values), Text(table)],
            ),
            Write::Layout { table, layout } => self.stmt(
                "UPDATE game_tables SET table_layout = ? WHERE id = ?",
                &[Text(layout), Text(table)],
            ),
            Write::Abandon { table } => self.stmt(
                "UPDATE game_tables SET status = 'abandoned' WHERE id = ?",
                &[Text(table)],
            ),
            Write::Next { table, next } => self.stmt(
                "UPDATE game_tables SET next_table = ? WHERE id = ?",
                &[Text(next), Text(table)],
            ),
            Write::Forget { table } => {
                for sql in [
                    "DELETE FROM pending_turns WHERE table_id = ?",
                    "DELETE FROM game_rounds WHERE table_id = ?",
                    "DELETE FROM seats WHERE table_id = ?",
                    "DELETE FROM game_tables WHERE id = ?",
                ] {
                    self.stmt(sql, &[Text(table)]);
                }
            }
        }
    }
}

/// Which tables to read.
#[derive(Clone, Copy)]
enum Which<'a> {
    All,
    /// In the lobby or in play.
    Open,
    /// One table, if it is over or abandoned.
    Finished(&'a str),
}

impl Which<'_> {
    fn filter(self, column: &str) -> String {
        match self {
            Which::All => String::new(),
            Which::Open => format!(
                "WHERE {} IN (SELECT id FROM game_tables WHERE status IN ('lobby', 'playing'))",
                column
            ),
            Which::Finished(_) => format!(
                "WHERE {column} = (SELECT id FROM game_tables WHERE id = ? \
                 AND status NOT IN ('lobby', 'playing'))"
            ),
        }
    }

    fn bind<'q>(
        self,
        q: sqlx::query::Query<'q, Sqlite, sqlx::sqlite::SqliteArguments<'q>>,
    ) -> sqlx::query::Query<'q, Sqlite, sqlx::sqlite::SqliteArguments<'q>>
    where
        Self: 'q,
    {
        match self {
            Which::Finished(id) => q.bind(id),
            _ => q,
        }
    }
}

/// A table's row as stored, or why it cannot be read.
fn table_row(r: &sqlx::sqlite::SqliteRow) -> Result<StoredTable, String> {
    let e = |e: sqlx::Error| e.to_string();
    Ok(StoredTable {
        row: TableRow {
            id: r.try_get("id").map_err(e)?,
            host_name: r.try_get("host_name").map_err(e)?,
            mode: r.try_get("mode").map_err(e)?,
            edition: r.try_get("edition").map_err(e)?,
            sheet: r.try_get("sheet").map_err(e)?,
            advanced: r.try_get::<i64, _>("advanced").map_err(e)? != 0,
            first_plan_reshuffle: r.try_get::<i64, _>("first_plan_reshuffle").map_err(e)? != 0,
            table_mode: r.try_get::<i64, _>("table_mode").map_err(e)? != 0,
            host_hash: r.try_get("host_hash").map_err(e)?,
            seed: r.try_get::<i64, _>("seed").map_err(e)? as u64,
            created: r.try_get("created").map_err(e)?,
            seats: Vec::new(),
            turn_seconds: r
                .try_get::<i64, _>("turn_seconds")
                .map_err(e)?
                .clamp(0, u32::MAX as i64) as u32,
            turn_expiry: r.try_get("turn_expiry").map_err(e)?,
            aaa_level: r
                .try_get::<Option<i64>, _>("aaa_level")
                .map_err(e)?
                .map(|l| l.clamp(0, u8::MAX as i64) as u8),
            nine_three_quarters: r.try_get::<i64, _>("nine_three_quarters").map_err(e)? != 0,
            values: r.try_get("table_values").map_err(e)?,
            layout: r.try_get("table_layout").map_err(e)?,
        },
        status: r.try_get("status").map_err(e)?,
        record: r.try_get("record").map_err(e)?,
        rounds: Vec::new(),
        result: r.try_get("result").map_err(e)?,
        pending: Vec::new(),
        next: r.try_get("next_table").map_err(e)?,
    })
}

impl SqliteStore {
    /// Reads tables with their seats and confirmed turns. A table whose rows cannot be read,
    /// or whose seats are not all there, comes back as `Damaged`; the others are read.
    async fn select(
        &self,
        which: Which<'_>,
    ) -> Result<Vec<Result<StoredTable, Damaged>>, StoreError> {
        let sql = format!(
            "SELECT id, host_name, mode, edition, sheet, advanced, first_plan_reshuffle, \
             table_mode, host_hash, seed, created, turn_seconds, turn_expiry, aaa_level, \
             nine_three_quarters, table_values, table_layout, seat_count, status, record, result, \
             next_table FROM game_tables {} ORDER BY created, id",
            which.filter("id")
        );
        let rows = which.bind(sqlx::query(&sql)).fetch_all(&self.pool).await?;
        let mut tables: Vec<Result<StoredTable, Damaged>> = Vec::with_capacity(rows.len());
        let mut index = std::collections::HashMap::new();
        let mut seat_counts = Vec::with_capacity(rows.len());
        for r in rows {
            // A row whose very id cannot be read is skipped: nothing could ask for it.
            let Ok(id) = r.try_get::<String, _>("id") else {
                tracing::error!("a stored table without a readable id is left out");
                continue;
            };
            index.insert(id.clone(), tables.len());
            seat_counts.push(r.try_get::<Option<i64>, _>("seat_count").ok().flatten());
            tables.push(table_row(&r).map_err(|why| Damaged { id, why }));
        }
        let damage = |tables: &mut Vec<Result<StoredTable, Damaged>>, i: usize, why: String| {
            if let Ok(t) = &tables[i] {
                let id = t.row.id.clone();
                tables[i] = Err(Damaged { id, why });
            }
        };
        let sql = format!(
            "SELECT table_id, seat, name, bot, token_hash FROM seats {} ORDER BY table_id, seat",
            which.filter("table_id")
        );
        for r in which.bind(sqlx::query(&sql)).fetch_all(&self.pool).await? {
            let Ok(id) = r.try_get::<String, _>("table_id") else {
                continue;
            };
            let Some(&i) = index.get(&id) else { continue };
            let seat = (|| -> Result<(i64, SeatRow), sqlx::Error> {
                Ok((
                    r.try_get("seat")?,
                    SeatRow {
                        name: r.try_get("name")?,
                        bot: r.try_get("bot")?,
                        token_hash: r.try_get("token_hash")?,
                    },
                ))
            })();
            let Ok(t) = &mut tables[i] else { continue };
            match seat {
                Ok((n, row)) if n == t.row.seats.len() as i64 => t.row.seats.push(row),
                Ok((n, _)) => {
                    let why = format!(
                        "seat row {n} found where seat row {} was expected",
                        t.row.seats.len()
                    );
                    damage(&mut tables, i, why);
                }
                Err(e) => damage(&mut tables, i, format!("a seat row cannot be read: {e}")),
            }
        }
        for (i, count) in seat_counts.iter().enumerate() {
            let Ok(t) = &tables[i] else { continue };
            let found = t.row.seats.len();
            let why = match count {
                Some(n) if *n != found as i64 => {
                    format!("the table has {n} seats but {found} seat rows")
                }
                // Only a deal-only table has no seats, and it is created with its game.
                _ if found == 0 && t.record.is_none() => "the table has no seat rows".to_string(),
                _ => continue,
            };
            damage(&mut tables, i, why);
        }
        let sql = format!(
            "SELECT table_id, round, log FROM game_rounds {} ORDER BY table_id, round",
            which.filter("table_id")
        );
        for r in which.bind(sqlx::query(&sql)).fetch_all(&self.pool).await? {
            let Ok(id) = r.try_get::<String, _>("table_id") else {
                continue;
            };
            let Some(&i) = index.get(&id) else { continue };
            let row = (|| -> Result<RoundRow, sqlx::Error> {
                Ok(RoundRow {
                    round: r.try_get::<i64, _>("round")?.clamp(0, u16::MAX as i64) as u16,
                    log: r.try_get("log")?,
                })
            })();
            match row {
                Ok(row) => {
                    if let Ok(t) = &mut tables[i] {
                        t.rounds.push(row);
                    }
                }
                Err(e) => damage(&mut tables, i, format!("a round cannot be read: {e}")),
            }
        }
        let sql = format!(
            "SELECT table_id, seat, round, turn FROM pending_turns {} ORDER BY table_id, seat",
            which.filter("table_id")
        );
        for r in which.bind(sqlx::query(&sql)).fetch_all(&self.pool).await? {
            let Ok(id) = r.try_get::<String, _>("table_id") else {
                continue;
            };
            let Some(&i) = index.get(&id) else { continue };
            let turn = (|| -> Result<PendingRow, sqlx::Error> {
                Ok(PendingRow {
                    seat: r.try_get::<i64, _>("seat")?.clamp(0, u16::MAX as i64) as u16,
                    round: r.try_get::<i64, _>("round")?.clamp(0, u16::MAX as i64) as u16,
                    turn: r.try_get("turn")?,
                })
            })();
            match turn {
                Ok(p) => {
                    if let Ok(t) = &mut tables[i] {
                        t.pending.push(p);
                    }
                }
                Err(e) => damage(
                    &mut tables,
                    i,
                    format!("a confirmed turn cannot be read: {e}"),
                ),
            }
        }
        Ok(tables)
    }
}

impl SqliteStore {
    /// Puts a batch in the writer's queue; returns its number and where its outcome comes.
    fn send(
        &self,
        batch: Vec<Write>,
        queued: bool,
    ) -> Result<(u64, oneshot::Receiver<Result<(), StoreError>>), StoreError> {
        let (done, rx) = oneshot::channel();
        let mut jobs = self
            .jobs
            .lock()
            .map_err(|_| StoreError("the database writer has stopped".into()))?;
        let jobs = jobs
            .as_mut()
            .ok_or_else(|| StoreError("the database is closed".into()))?;
        let seq = jobs.last + 1;
        jobs.tx
            .send(Job {
                batch,
                done,
                seq,
                queued,
            })
            .map_err(|_| StoreError("the database writer has stopped".into()))?;
        jobs.last = seq;
        Ok((seq, rx))
    }
}

impl Store for SqliteStore {
    fn write(&self, batch: Vec<Write>) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(async move {
            let rx = self.send(batch, false)?.1;
            rx.await
                .map_err(|_| StoreError("the database writer has stopped".into()))?
        })
    }

    fn queue(&self, batch: Vec<Write>) -> Result<Queued, StoreError> {
        let (seq, rx) = self.send(batch, true)?;
        Ok(Queued {
            seq,
            rx: Some(rx),
            progress: self.progress.clone(),
            unsettled: false,
        })
    }

    fn progress(&self) -> watch::Receiver<Progress> {
        self.progress.subscribe()
    }

    fn load(&self) -> BoxFuture<'_, Result<Vec<StoredTable>, StoreError>> {
        Box::pin(async move {
            self.select(Which::All)
                .await?
                .into_iter()
                .map(|t| t.map_err(|d| StoreError(format!("table {}: {}", d.id, d.why))))
                .collect()
        })
    }

    fn load_open(&self) -> BoxFuture<'_, Result<Vec<Result<StoredTable, Damaged>>, StoreError>> {
        Box::pin(self.select(Which::Open))
    }

    fn load_finished<'a>(
        &'a self,
        id: &'a str,
    ) -> BoxFuture<'a, Result<Option<Result<StoredTable, Damaged>>, StoreError>> {
        Box::pin(async move { Ok(self.select(Which::Finished(id)).await?.pop()) })
    }

    fn contains<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<bool, StoreError>> {
        Box::pin(async move {
            let row = sqlx::query("SELECT 1 FROM game_tables WHERE id = ?")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
            Ok(row.is_some())
        })
    }

    fn close(&self) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            // The writer finishes the queued writes, then gives its connection back.
            if let Ok(mut j) = self.jobs.lock() {
                j.take();
            }
            if let Some(w) = self.writer.lock().await.take() {
                let _ = w.await;
            }
            self.pool.close().await;
            // Only now may another server take the database.
            if let Ok(mut lock) = self.lock.lock() {
                lock.take();
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(id: &str) -> TableRow {
        TableRow {
            id: id.into(),
            host_name: "Ann".into(),
            mode: "standard".into(),
            edition: "first".into(),
            sheet: "ice-cream".into(),
            advanced: false,
            first_plan_reshuffle: true,
            table_mode: false,
            host_hash: "h".into(),
            seed: u64::MAX,
            created: 1,
            seats: vec![SeatRow::default(), SeatRow::default()],
            turn_seconds: 0,
            turn_expiry: "bot".into(),
            aaa_level: None,
            nine_three_quarters: false,
            values: String::new(),
            layout: String::new(),
        }
    }

    fn named(table: &str, name: &str) -> Write {
        Write::Seat {
            table: table.into(),
            seat: 1,
            row: SeatRow {
                name: Some(name.into()),
                ..SeatRow::default()
            },
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

    fn game(table: &str, status: &str, rounds: &[u16], result: Option<&str>) -> Write {
        Write::Game {
            table: table.into(),
            status: status.into(),
            setup: None,
            rounds: rounds
                .iter()
                .map(|&round| RoundRow {
                    round,
                    log: format!("{table}{round}"),
                })
                .collect(),
            result: result.map(Into::into),
        }
    }

    #[tokio::test]
    async fn a_group_of_tables_stores_what_their_writes_store_one_by_one() {
        let dir = tempfile::tempdir().unwrap();
        let started = |id: &str| Write::Game {
            table: id.into(),
            status: "playing".into(),
            setup: Some("{}".into()),
            rounds: vec![RoundRow {
                round: 1,
                log: "dealt".into(),
            }],
            result: None,
        };
        let setup = || {
            ["a", "b", "c"]
                .iter()
                .flat_map(|&t| [Write::Table(table(t)), started(t)])
                .collect::<Vec<_>>()
        };
        // Interleaved as tables' writes queue up: a turn confirmed after its table's round
        // resolved in the same group, a game over, a seat changed between them.
        let group = vec![
            turn("a", 0, 1),
            turn("b", 0, 1),
            game("a", "playing", &[1, 2], None),
            turn("a", 1, 2),
            turn("b", 1, 1),
            turn("c", 0, 1),
            game("b", "over", &[1], Some("{}")),
            named("c", "Bob"),
            game("c", "playing", &[1, 2], None),
            turn("c", 1, 2),
            game("a", "playing", &[2, 3], None),
            turn("a", 0, 3),
        ];
        let one_by_one = SqliteStore::open(&dir.path().join("1.db").to_string_lossy())
            .await
            .unwrap();
        one_by_one.write(setup()).await.unwrap();
        for w in &group {
            one_by_one.write(vec![w.clone()]).await.unwrap();
        }
        let grouped = SqliteStore::open(&dir.path().join("2.db").to_string_lossy())
            .await
            .unwrap();
        grouped.write(setup()).await.unwrap();
        let mut c = grouped.pool.acquire().await.unwrap();
        apply(&mut c, group.iter().collect()).await.unwrap();
        drop(c);
        let expected = one_by_one.load().await.unwrap();
        assert_eq!(grouped.load().await.unwrap(), expected);
        let a = &expected[0];
        assert_eq!(a.status, "playing");
        let rounds: Vec<&str> = a.rounds.iter().map(|r| r.log.as_str()).collect();
        assert_eq!(rounds, ["a1", "a2", "a3"]);
        assert_eq!(a.pending.len(), 1);
        assert_eq!(a.pending[0].turn, "a0r3");
        assert_eq!(
            (expected[1].status.as_str(), expected[1].result.as_deref()),
            ("over", Some("{}"))
        );
        assert!(expected[1].pending.is_empty());
        assert_eq!(expected[2].pending[0].turn, "c1r2");
        assert_eq!(expected[2].row.seats[1].name.as_deref(), Some("Bob"));
        one_by_one.close().await;
        grouped.close().await;
    }

    #[tokio::test]
    async fn a_failing_batch_changes_nothing_and_fails_alone() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("t.db");
        let store = SqliteStore::open(&db.to_string_lossy()).await.unwrap();
        store.write(vec![Write::Table(table("a"))]).await.unwrap();
        // Queued together: the second batch fails (the table exists), the others go through.
        let (ok1, bad, ok2) = tokio::join!(
            store.write(vec![named("a", "Bob")]),
            store.write(vec![named("a", "Eve"), Write::Table(table("a"))]),
            store.write(vec![Write::Pending {
                table: "a".into(),
                seat: 0,
                round: 1,
                turn: "{}".into(),
            }]),
        );
        ok1.unwrap();
        ok2.unwrap();
        assert!(bad.is_err());
        let all = store.load().await.unwrap();
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].row.seats[1].name.as_deref(), Some("Bob"));
        assert_eq!(all[0].row.seed, u64::MAX);
        assert_eq!(all[0].row.sheet, "ice-cream");
        assert_eq!(all[0].pending.len(), 1);
        // The store still works after the failure.
        store
            .write(vec![Write::Game {
                table: "a".into(),
                status: "playing".into(),
                setup: Some("{}".into()),
                rounds: vec![RoundRow {
                    round: 1,
                    log: "{}".into(),
                }],
                result: None,
            }])
            .await
            .unwrap();
        let all = store.load().await.unwrap();
        assert!(all[0].pending.is_empty());
        assert_eq!(all[0].status, "playing");
        store.close().await;
        assert!(store.write(vec![named("a", "Cy")]).await.is_err());
    }
}
