//! PostgreSQL, for a server the community runs on a database built to be shared and backed up.
//! The same statements as SQLite's (`script`, `read`), numbered the PostgreSQL way, each run in
//! one transaction per group of writes; a commit returns once it is durable
//! (`synchronous_commit` as PostgreSQL ships it).

use super::node::{Node, NodeConfig};
use super::queue::{Apply, Writer};
use super::script::{numbered, Param, Script};
use super::sql::SqlStore;
use super::{BoxFuture, StoreError, Write};
use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{Acquire, PgConnection, PgPool, Postgres};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

/// PostgreSQL storage.
pub type PostgresStore = SqlStore<Postgres>;

/// Whether `database` names a PostgreSQL database.
pub fn is_url(database: &str) -> bool {
    database.starts_with("postgres://") || database.starts_with("postgresql://")
}

/// The schema's migrations, in PostgreSQL's dialect (numbered as SQLite's: the same version is
/// the same schema).
pub fn migrator() -> sqlx::migrate::Migrator {
    let mut m = sqlx::migrate!("./migrations/postgres");
    // Nodes are upgraded one at a time: an older node starts on a schema a newer one migrated
    // (every migration keeps it readable and writable by the server before it).
    m.set_ignore_missing(true);
    m
}

fn form(sql: String) -> String {
    numbered(&sql)
}

impl SqlStore<Postgres> {
    /// Connects to the database `url` names, migrates it and joins it as `node` (waiting up to
    /// `wait` for an earlier incarnation's lease to run out). Fails with a clear message if it
    /// cannot be reached, refuses the user, does not exist, or a live server is that node.
    pub async fn open(
        url: &str,
        node: NodeConfig,
        wait: Duration,
    ) -> Result<PostgresStore, StoreError> {
        let pool = connect(url).await?;
        migrator().run(&pool).await.map_err(migrate_error)?;
        let node = match Node::join(pool.clone(), node, wait).await {
            Ok(n) => n,
            Err(e) => {
                pool.close().await;
                return Err(e);
            }
        };
        let stamp = node.clone();
        let writer = Writer::start(
            Backend { node: node.clone() },
            Arc::new(move || stamp.epoch()),
        );
        Ok(SqlStore {
            pool,
            writer,
            form,
            hold: std::sync::Mutex::new(None),
            node: Some(node),
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

/// Applies groups of writes as the node, on one connection kept between them.
struct Backend {
    node: Arc<Node>,
}

impl Apply for Backend {
    type Conn = PoolConnection<Postgres>;

    fn connect(&self) -> BoxFuture<'_, Result<Self::Conn, StoreError>> {
        Box::pin(async move { Ok(self.node.pool().acquire().await?) })
    }

    fn apply<'a>(
        &'a self,
        conn: &'a mut Self::Conn,
        writes: Vec<&'a Write>,
        epoch: i64,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(apply(conn, writes, &self.node, epoch))
    }
}

/// Applies writes in one transaction, statement by statement (PostgreSQL prepares one statement
/// at a time), fenced: it begins by checking that incarnation `epoch` of the node holds its
/// lease and owns the tables written, and ends by making the tables it creates the node's. A
/// failed statement rolls the transaction back.
async fn apply(
    conn: &mut PgConnection,
    writes: Vec<&Write>,
    node: &Node,
    epoch: i64,
) -> Result<(), StoreError> {
    let script = Script::of(&writes, Some(epoch));
    let created: Vec<&str> = writes
        .iter()
        .filter(|w| matches!(w, Write::Table(_)))
        .map(|w| w.table())
        .collect();
    let mut touched: Vec<&str> = writes
        .iter()
        .map(|w| w.table())
        .filter(|t| !created.contains(t))
        .collect();
    touched.sort_unstable();
    touched.dedup();
    let mut tx = conn.begin().await?;
    node.fence(&mut tx, epoch, &touched).await?;
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
    node.own(&mut tx, epoch, &created).await?;
    tx.commit().await?;
    Ok(())
}
