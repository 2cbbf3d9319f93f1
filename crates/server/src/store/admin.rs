//! What an operator does to a database besides serving from it (`welcome db`): migrate it,
//! check it, copy one into another. None of them takes the server's lock, so `migrate` and
//! `check` run beside the servers using the database.

use super::read::{select, Which};
use super::{postgres, sqlite, Damaged, Store, StoreError, StoredTable, Write};
use sqlx::postgres::PgPool;
use sqlx::sqlite::{SqliteConnectOptions, SqlitePool, SqlitePoolOptions};
use std::str::FromStr;

/// `database` as it may be shown: a URL's password hidden.
pub fn shown(database: &str) -> String {
    if !postgres::is_url(database) {
        return database.to_string();
    }
    // scheme://user:password@host… → scheme://user:***@host…
    let Some((scheme, rest)) = database.split_once("://") else {
        return database.to_string();
    };
    let (auth, host) = match rest.rsplit_once('@') {
        Some((auth, host)) => (auth, host),
        None => return database.to_string(),
    };
    match auth.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
        None => database.to_string(),
    }
}

/// A database reached without the server's lock.
enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

impl Pool {
    /// Connects; a SQLite file is created only if `create`.
    async fn connect(database: &str, create: bool) -> Result<Pool, StoreError> {
        if postgres::is_url(database) {
            return Ok(Pool::Postgres(postgres::connect(database).await?));
        }
        let options = if database.starts_with("sqlite:") {
            SqliteConnectOptions::from_str(database)?
        } else {
            SqliteConnectOptions::new().filename(database)
        };
        if !create && !options.get_filename().exists() {
            return Err(StoreError(format!("there is no database file {database}")));
        }
        let options = options
            .create_if_missing(create)
            .busy_timeout(sqlite::BUSY_TIMEOUT)
            .foreign_keys(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await?;
        Ok(Pool::Sqlite(pool))
    }

    fn migrator(&self) -> sqlx::migrate::Migrator {
        match self {
            Pool::Sqlite(_) => sqlite::migrator(),
            Pool::Postgres(_) => postgres::migrator(),
        }
    }

    /// The versions of the migrations applied to the database (none if it is empty).
    async fn applied(&self) -> Result<Vec<i64>, StoreError> {
        let exists = "SELECT count(*) FROM information_schema.tables WHERE table_name = \
                      '_sqlx_migrations'";
        let versions = "SELECT version FROM _sqlx_migrations WHERE success ORDER BY version";
        Ok(match self {
            Pool::Sqlite(p) => {
                let n: i64 = sqlx::query_scalar(
                    "SELECT count(*) FROM sqlite_master WHERE name = '_sqlx_migrations'",
                )
                .fetch_one(p)
                .await?;
                if n == 0 {
                    return Ok(Vec::new());
                }
                sqlx::query_scalar(versions).fetch_all(p).await?
            }
            Pool::Postgres(p) => {
                let n: i64 = sqlx::query_scalar(exists).fetch_one(p).await?;
                if n == 0 {
                    return Ok(Vec::new());
                }
                sqlx::query_scalar(versions).fetch_all(p).await?
            }
        })
    }

    async fn migrate(&self) -> Result<(), StoreError> {
        let m = self.migrator();
        match self {
            Pool::Sqlite(p) => m.run(p).await,
            Pool::Postgres(p) => m.run(p).await,
        }
        .map_err(postgres::migrate_error)
    }

    async fn tables(&self) -> Result<Vec<Result<StoredTable, Damaged>>, StoreError> {
        match self {
            Pool::Sqlite(p) => select(p, Which::All, |s| s).await,
            Pool::Postgres(p) => select(p, Which::All, |s| super::script::numbered(&s)).await,
        }
    }

    async fn close(self) {
        match self {
            Pool::Sqlite(p) => p.close().await,
            Pool::Postgres(p) => p.close().await,
        }
    }
}

/// Where a database's schema stands against this program's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schema {
    /// Migrations applied to it.
    pub applied: Vec<i64>,
    /// This program's migrations it does not have yet.
    pub missing: Vec<i64>,
    /// Migrations it has that this program does not know (a newer program migrated it).
    pub newer: Vec<i64>,
}

impl Schema {
    async fn of(pool: &Pool) -> Result<Schema, StoreError> {
        let applied = pool.applied().await?;
        let known: Vec<i64> = pool
            .migrator()
            .iter()
            .filter(|m| !m.migration_type.is_down_migration())
            .map(|m| m.version)
            .collect();
        Ok(Schema {
            missing: known
                .iter()
                .filter(|v| !applied.contains(v))
                .copied()
                .collect(),
            newer: applied
                .iter()
                .filter(|v| !known.contains(v))
                .copied()
                .collect(),
            applied,
        })
    }

    /// The schema this program reads and writes.
    pub fn is_current(&self) -> bool {
        self.missing.is_empty()
    }
}

/// Applies the migrations the database lacks; returns the schema before and after.
pub async fn migrate(database: &str) -> Result<(Schema, Schema), StoreError> {
    let pool = Pool::connect(database, true).await?;
    let result = async {
        let before = Schema::of(&pool).await?;
        pool.migrate().await?;
        Ok((before, Schema::of(&pool).await?))
    }
    .await;
    pool.close().await;
    result
}

/// A database's schema and tables, read as a server would read them.
#[derive(Debug)]
pub struct Check {
    pub schema: Schema,
    /// Tables by status (`lobby`, `playing`, `over`, `abandoned`), in that order of first
    /// appearance.
    pub statuses: Vec<(String, usize)>,
    pub rounds: usize,
    pub damaged: Vec<Damaged>,
}

/// Reads the schema and every table (without changing anything).
pub async fn check(database: &str) -> Result<Check, StoreError> {
    let pool = Pool::connect(database, false).await?;
    let result = async {
        let schema = Schema::of(&pool).await?;
        if !schema.is_current() {
            return Ok(Check {
                schema,
                statuses: Vec::new(),
                rounds: 0,
                damaged: Vec::new(),
            });
        }
        let mut statuses: Vec<(String, usize)> = Vec::new();
        let mut rounds = 0;
        let mut damaged = Vec::new();
        for t in pool.tables().await? {
            match t {
                Ok(t) => {
                    rounds += t.rounds.len();
                    match statuses.iter_mut().find(|(s, _)| *s == t.status) {
                        Some((_, n)) => *n += 1,
                        None => statuses.push((t.status.clone(), 1)),
                    }
                }
                Err(d) => damaged.push(d),
            }
        }
        Ok(Check {
            schema,
            statuses,
            rounds,
            damaged,
        })
    }
    .await;
    pool.close().await;
    result
}

/// What a copy copied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Copied {
    pub tables: usize,
    pub rounds: usize,
    pub turns: usize,
}

/// The writes that store `t` as it is.
pub fn writes_of(t: &StoredTable) -> Vec<Write> {
    let id = &t.row.id;
    let mut writes = vec![
        Write::Table(t.row.clone()),
        Write::Game {
            table: id.clone(),
            status: t.status.clone(),
            setup: t.record.clone(),
            rounds: t.rounds.clone(),
            result: t.result.clone(),
        },
    ];
    writes.extend(t.pending.iter().map(|p| Write::Pending {
        table: id.clone(),
        seat: p.seat,
        round: p.round,
        turn: p.turn.clone(),
    }));
    if !t.next.is_empty() {
        writes.push(Write::Next {
            table: id.clone(),
            next: t.next.clone(),
        });
    }
    writes
}

/// Copies every table of `from` into `to` (created and migrated if needed, and holding no
/// table yet), then reads both back and compares them. `from` must have this program's schema
/// and no damaged table; it is only read.
pub async fn copy(from: &str, to: &str) -> Result<Copied, StoreError> {
    let source = Pool::connect(from, false).await?;
    let tables = async {
        let schema = Schema::of(&source).await?;
        if !schema.is_current() {
            return Err(StoreError(format!(
                "{} lacks migrations {:?}: run `welcome db migrate --db {}` first",
                shown(from),
                schema.missing,
                shown(from)
            )));
        }
        let mut tables = Vec::new();
        let mut damaged = Vec::new();
        for t in source.tables().await? {
            match t {
                Ok(t) => tables.push(t),
                Err(d) => damaged.push(format!("{} ({})", d.id, d.why)),
            }
        }
        if !damaged.is_empty() {
            return Err(StoreError(format!(
                "{} has damaged tables, which cannot be copied: {}",
                shown(from),
                damaged.join("; ")
            )));
        }
        Ok(tables)
    }
    .await;
    source.close().await;
    let tables = tables?;
    // On PostgreSQL the copy writes as a node of its own, which leaves the tables to nobody
    // once done: the first server to start claims them.
    let node = super::NodeConfig {
        id: COPY_NODE.into(),
        address: String::new(),
        lease: std::time::Duration::from_secs(5),
    };
    let target = super::open(to, sqlite::BUSY_TIMEOUT, Some(node)).await?;
    let result = copy_into(&*target, &tables, to).await;
    target.close().await;
    if postgres::is_url(to) {
        let pool = postgres::connect(to).await?;
        let released = release_copied(&pool).await;
        pool.close().await;
        released?;
    }
    result
}

/// The node a copy into PostgreSQL writes as.
const COPY_NODE: &str = "welcome-db-copy";

/// Leaves the copied tables to nobody and forgets the copy's node.
async fn release_copied(pool: &PgPool) -> Result<(), StoreError> {
    let mut tx = pool.begin().await?;
    sqlx::query("UPDATE game_tables SET owner = NULL, owner_epoch = NULL WHERE owner = $1")
        .bind(COPY_NODE)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM table_owners WHERE node = $1")
        .bind(COPY_NODE)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM nodes WHERE id = $1")
        .bind(COPY_NODE)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

async fn copy_into(
    target: &dyn Store,
    tables: &[StoredTable],
    to: &str,
) -> Result<Copied, StoreError> {
    if !target.load().await?.is_empty() {
        return Err(StoreError(format!(
            "{} already holds tables: copy into an empty database",
            shown(to)
        )));
    }
    // A batch per table, so that a very large database is not one transaction.
    for t in tables {
        target.write(writes_of(t)).await?;
    }
    let copied = target.load().await?;
    if copied != tables {
        return Err(StoreError(format!(
            "{} does not read back what was copied into it",
            shown(to)
        )));
    }
    Ok(Copied {
        tables: tables.len(),
        rounds: tables.iter().map(|t| t.rounds.len()).sum(),
        turns: tables.iter().map(|t| t.pending.len()).sum(),
    })
}

#[cfg(test)]
mod tests {
    use super::shown;

    #[test]
    fn a_password_is_never_shown() {
        assert_eq!(
            shown("postgres://ann:s3cret@db.example:5432/welcome"),
            "postgres://ann:***@db.example:5432/welcome"
        );
        assert_eq!(
            shown("postgresql://ann@db/welcome"),
            "postgresql://ann@db/welcome"
        );
        assert_eq!(shown("welcome.db"), "welcome.db");
    }
}
