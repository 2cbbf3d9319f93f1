//! The `Store` of an SQL database, whichever it is: the backends differ in how they open, lock
//! and apply a group of writes, not in what they store or how they read it back.

use super::node::Node;
use super::queue::Writer;
use super::read::{select, Which};
use super::{
    BoxFuture, Damaged, Progress, Queued, Store, StoreError, StoreStats, StoredTable, Write,
};
use sqlx::{ColumnIndex, Database, Decode, Encode, Executor, IntoArguments, Pool, Type};
use std::sync::Arc;
use tokio::sync::watch;

/// A database of type `DB` with its writer.
pub struct SqlStore<DB: Database> {
    pub(crate) pool: Pool<DB>,
    pub(crate) writer: Writer,
    /// Puts a statement written with `?` placeholders in the database's form.
    pub(crate) form: fn(String) -> String,
    /// SQLite: the lock file that keeps a second server off the database (released with the
    /// file, once the database is closed).
    pub(crate) hold: std::sync::Mutex<Option<std::fs::File>>,
    /// PostgreSQL: this server's node (its lease, the tables it owns).
    pub(crate) node: Option<Arc<Node>>,
}

impl<DB> Store for SqlStore<DB>
where
    DB: Database,
    for<'c> &'c Pool<DB>: Executor<'c, Database = DB>,
    for<'q> <DB as Database>::Arguments<'q>: IntoArguments<'q, DB>,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
    for<'r> i64: Decode<'r, DB> + Type<DB>,
    for<'r> String: Decode<'r, DB> + Type<DB>,
    for<'a> &'a str: ColumnIndex<DB::Row>,
{
    fn write(&self, batch: Vec<Write>) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(self.writer.write(batch))
    }

    fn queue(&self, batch: Vec<Write>) -> Result<Queued, StoreError> {
        self.writer.queue(batch)
    }

    fn progress(&self) -> watch::Receiver<Progress> {
        self.writer.progress()
    }

    fn load(&self) -> BoxFuture<'_, Result<Vec<StoredTable>, StoreError>> {
        Box::pin(async move {
            select(&self.pool, Which::All, self.form)
                .await?
                .into_iter()
                .map(|t| t.map_err(|d| StoreError(format!("table {}: {}", d.id, d.why))))
                .collect()
        })
    }

    fn load_open(&self) -> BoxFuture<'_, Result<Vec<Result<StoredTable, Damaged>>, StoreError>> {
        Box::pin(async move {
            let which = match &self.node {
                Some(n) => Which::OpenOf(&n.config.id),
                None => Which::Open,
            };
            select(&self.pool, which, self.form).await
        })
    }

    fn load_finished<'a>(
        &'a self,
        id: &'a str,
    ) -> BoxFuture<'a, Result<Option<Result<StoredTable, Damaged>>, StoreError>> {
        Box::pin(async move {
            Ok(select(&self.pool, Which::Finished(id), self.form)
                .await?
                .pop())
        })
    }

    fn load_one<'a>(
        &'a self,
        id: &'a str,
    ) -> BoxFuture<'a, Result<Option<Result<StoredTable, Damaged>>, StoreError>> {
        Box::pin(async move { Ok(select(&self.pool, Which::One(id), self.form).await?.pop()) })
    }

    fn contains<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<bool, StoreError>> {
        Box::pin(async move {
            let sql = (self.form)("SELECT 1 FROM game_tables WHERE id = ?".into());
            let row = sqlx::query::<DB>(&sql)
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
            Ok(row.is_some())
        })
    }

    fn node(&self) -> Option<Arc<Node>> {
        self.node.clone()
    }

    fn stats(&self) -> StoreStats {
        self.writer.stats()
    }

    fn ping(&self) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(async move {
            sqlx::query::<DB>("SELECT 1").fetch_one(&self.pool).await?;
            Ok(())
        })
    }

    fn close(&self) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            // The writer finishes the queued writes, then gives its connection back.
            self.writer.close().await;
            if let Some(n) = &self.node {
                n.leave().await;
            }
            self.pool.close().await;
            // Only now may another server take the database.
            if let Ok(mut hold) = self.hold.lock() {
                hold.take();
            }
        })
    }
}
