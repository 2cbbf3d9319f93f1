//! SQLite, the default backend: one file beside the server, nothing to install.

use super::queue::{Pooled, Writer};
use super::script::{Param, Script};
use super::sql::SqlStore;
use super::{BoxFuture, StoreError, Write};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Sqlite, SqliteConnection, SqlitePool};
use std::str::FromStr;
use std::time::Duration;

/// How long a statement waits for another connection's write lock before it fails.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// The schema's migrations, in SQLite's dialect. A database a newer server migrated further
/// is opened all the same: every migration keeps the schema readable and writable by the
/// server before it (docs/deployment.md, "Upgrades").
pub fn migrator() -> sqlx::migrate::Migrator {
    let mut m = sqlx::migrate!("./migrations/sqlite");
    m.set_ignore_missing(true);
    m
}

/// Statements are written in SQLite's form already.
fn same(sql: String) -> String {
    sql
}

/// `apply`, boxed for the writer (`Pooled`).
fn apply_boxed<'a>(
    conn: &'a mut SqliteConnection,
    writes: Vec<&'a Write>,
) -> BoxFuture<'a, Result<(), StoreError>> {
    Box::pin(apply(conn, writes))
}

/// SQLite storage. One writer task applies batches in order, grouping those that queue up
/// into one transaction; a lock file beside the database keeps a second server off it.
pub type SqliteStore = SqlStore<Sqlite>;

impl SqlStore<Sqlite> {
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
        migrator().run(&pool).await.map_err(|e| match e {
            sqlx::migrate::MigrateError::Execute(e) => open_error(e),
            e => StoreError(format!("migrating the database: {e}")),
        })?;
        // Every change is a write: a database that cannot take one fails now, not at the first
        // player's action.
        sqlx::raw_sql("BEGIN IMMEDIATE; UPDATE game_tables SET id = id WHERE 0; COMMIT;")
            .execute(&pool)
            .await
            .map_err(open_error)?;
        let writer = Writer::start(
            Pooled {
                pool: pool.clone(),
                apply: apply_boxed,
            },
            std::sync::Arc::new(|| 0),
        );
        tokio::spawn(checkpointer(pool.clone()));
        Ok(SqlStore {
            pool,
            writer,
            form: same,
            hold: std::sync::Mutex::new(lock),
            node: None,
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

/// Applies writes in one transaction, sent to the database as one script (BEGIN … COMMIT):
/// every statement sent on its own would be a round trip to the database thread, and on a
/// loaded machine each costs more than the commit itself.
async fn apply(conn: &mut SqliteConnection, writes: Vec<&Write>) -> Result<(), StoreError> {
    let script = Script::of(&writes, None);
    let mut sql = String::from("BEGIN IMMEDIATE;\n");
    for s in &script.stmts {
        sql.push_str(&s.sql);
        sql.push_str(";\n");
    }
    sql.push_str("COMMIT;\n");
    let mut q = sqlx::query(&sql).persistent(false);
    for p in script.stmts.iter().flat_map(|s| &s.params) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{RoundRow, SeatRow, Store, TableRow};

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
}
