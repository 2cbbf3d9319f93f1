//! PostgreSQL, for a server the community runs on a database built to be shared and backed up.
//! The same statements as SQLite's (`script`, `read`), numbered the PostgreSQL way, each run in
//! one transaction per group of writes; a commit returns once it is durable
//! (`synchronous_commit` as PostgreSQL ships it).

use super::queue::{Pooled, Writer};
use super::script::{numbered, Param, Script};
use super::sql::{Hold, SqlStore};
use super::{BoxFuture, StoreError, Write};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{Acquire, PgConnection, PgPool, Postgres};
use std::str::FromStr;
use std::time::Duration;

/// PostgreSQL storage.
pub type PostgresStore = SqlStore<Postgres>;

/// The advisory lock's key that one server holds while it uses the database ("WelcomeT").
const SERVER_LOCK: i64 = 0x5765_6c63_6f6d_6554;

/// Whether `database` names a PostgreSQL database.
pub fn is_url(database: &str) -> bool {
    database.starts_with("postgres://") || database.starts_with("postgresql://")
}

/// The schema's migrations, in PostgreSQL's dialect (numbered as SQLite's: the same version is
/// the same schema).
pub fn migrator() -> sqlx::migrate::Migrator {
    sqlx::migrate!("./migrations/postgres")
}

fn form(sql: String) -> String {
    numbered(&sql)
}

impl SqlStore<Postgres> {
    /// Connects to the database `url` names and migrates it. Fails with a clear message if it
    /// cannot be reached, refuses the user, does not exist, or another server uses it.
    pub async fn open(url: &str) -> Result<PostgresStore, StoreError> {
        let pool = connect(url).await?;
        migrator().run(&pool).await.map_err(migrate_error)?;
        // One server per database: two would each keep their own tables in memory and
        // overwrite each other's. The lock goes with the session, however the server ends.
        let mut session = pool.acquire().await.map_err(open_error)?.detach();
        let locked: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
            .bind(SERVER_LOCK)
            .fetch_one(&mut session)
            .await
            .map_err(open_error)?;
        if !locked {
            let _ = sqlx::Connection::close(session).await;
            pool.close().await;
            return Err(StoreError(
                "the database is in use by another server: stop it first, or give this one \
                 another database"
                    .into(),
            ));
        }
        let writer = Writer::start(Pooled {
            pool: pool.clone(),
            apply: apply_boxed,
        });
        Ok(SqlStore {
            pool,
            writer,
            form,
            hold: std::sync::Mutex::new(Some(Hold::Session(session))),
        })
    }
}

/// A pool of connections to `url`, checked by connecting once.
pub(crate) async fn connect(url: &str) -> Result<PgPool, StoreError> {
    let options = PgConnectOptions::from_str(url)
        .map_err(|e| StoreError(format!("not a PostgreSQL URL ({e})")))?
        .application_name("welcome");
    // One attempt first: a pool retries a refused connection until its timeout, and an operator
    // who mistyped the port should hear of it at once.
    let first = sqlx::ConnectOptions::connect(&options)
        .await
        .map_err(open_error)?;
    let _ = sqlx::Connection::close(first).await;
    PgPoolOptions::new()
        .max_connections(8)
        .acquire_timeout(Duration::from_secs(10))
        .connect_with(options)
        .await
        .map_err(open_error)
}

/// The migrations that could not run, said plainly.
pub(crate) fn migrate_error(e: sqlx::migrate::MigrateError) -> StoreError {
    match e {
        sqlx::migrate::MigrateError::Execute(e) => open_error(e),
        e => StoreError(format!("migrating the database: {e}")),
    }
}

/// A database that cannot be opened, said plainly (PostgreSQL's own words follow).
pub(crate) fn open_error(e: sqlx::Error) -> StoreError {
    let plain = match &e {
        sqlx::Error::Io(_) | sqlx::Error::PoolTimedOut => {
            "PostgreSQL cannot be reached: is it running, and is the URL's host and port right?"
        }
        sqlx::Error::Database(d) => match d.code().as_deref() {
            Some("28000" | "28P01") => "PostgreSQL refused the user (its name or password)",
            Some("3D000") => "the database does not exist: create it first (createdb NAME)",
            Some("42501") => {
                "the user may not create the tables: grant it the database (or run `welcome db \
                 migrate` as its owner)"
            }
            _ => return StoreError(e.to_string()),
        },
        _ => return StoreError(e.to_string()),
    };
    StoreError(format!("{plain} ({e})"))
}

/// `apply`, boxed for the writer (`Pooled`).
fn apply_boxed<'a>(
    conn: &'a mut PgConnection,
    writes: Vec<&'a Write>,
) -> BoxFuture<'a, Result<(), StoreError>> {
    Box::pin(apply(conn, writes))
}

/// Applies writes in one transaction, statement by statement (PostgreSQL prepares one statement
/// at a time). A failed statement rolls the transaction back.
async fn apply(conn: &mut PgConnection, writes: Vec<&Write>) -> Result<(), StoreError> {
    let script = Script::of(&writes);
    let mut tx = conn.begin().await?;
    for s in &script.stmts {
        let sql = numbered(&s.sql);
        let mut q = sqlx::query(&sql);
        for p in &s.params {
            q = match *p {
                Param::Text(t) => q.bind(t),
                Param::OptText(t) => q.bind(t),
                Param::Int(i) => q.bind(i),
                Param::OptInt(i) => q.bind(i),
            };
        }
        q.execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(())
}
