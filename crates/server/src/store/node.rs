//! Several servers ("nodes") on one PostgreSQL database: leases, table ownership and fencing.
//!
//! A node holds a lease on its row of `nodes` and renews it every fifth of its length. Each
//! start is a new incarnation with a new `epoch` (a database sequence). A table is owned by one
//! incarnation (`game_tables.owner`, `owner_epoch`), and every transaction a node writes begins
//! by checking, under share locks, that its lease is current and that it owns every table the
//! transaction touches (`fence`): a node that lost its lease, or a table, never writes again.
//! A node whose lease ran out is taken over by the first node that sees it (`take_over`): its
//! row is deleted and its open tables change owner in one transaction, which waits for any
//! write of the old owner still in flight (their locks conflict), so the new owner reads
//! everything that was acknowledged.
//!
//! Leases are timed by the database's clock alone (`NOW_MS`), so nodes' clocks may disagree.

use super::StoreError;
use sqlx::{PgConnection, PgPool, Row};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, watch};

/// The database's clock in milliseconds since 1970.
const NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/// Who a node is and how long its lease lasts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeConfig {
    /// Unique among the nodes of the database (`--node-id`).
    pub id: String,
    /// Where the other nodes reach it (`http://10.0.0.5:8080`).
    pub address: String,
    /// How long the lease lasts unless renewed: another node takes the tables over this long
    /// (plus a fifth of it) after the node stopped.
    pub lease: Duration,
}

impl NodeConfig {
    /// The node of a server that runs alone on its database.
    pub fn single(address: &str) -> NodeConfig {
        NodeConfig {
            id: "node-1".into(),
            address: address.into(),
            lease: Duration::from_secs(5),
        }
    }
}

/// Who owns a table, for a request that reaches this node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Owner {
    /// There is no such table.
    Missing,
    /// This node.
    Me,
    /// Another node, alive: send the request there.
    Other { node: String, address: String },
    /// Nobody alive: this node may claim it (`Node::claim`).
    Orphan,
}

/// A live node as the database lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeRow {
    pub id: String,
    pub address: String,
}

/// This process's node: its lease, and what happens to its tables.
pub struct Node {
    pub config: NodeConfig,
    pool: PgPool,
    epoch: AtomicI64,
    /// Tables this node took over (from a node that stopped): the server loads them.
    taken: mpsc::UnboundedSender<Vec<String>>,
    taken_rx: std::sync::Mutex<Option<mpsc::UnboundedReceiver<Vec<String>>>>,
    /// Tables the node found it no longer owns (a write was fenced off): the server lets go
    /// of them.
    lost: mpsc::UnboundedSender<Vec<String>>,
    lost_rx: std::sync::Mutex<Option<mpsc::UnboundedReceiver<Vec<String>>>>,
    /// The incarnation's epoch, 0 while the node holds no lease: at every change, the tables
    /// in memory are another incarnation's.
    incarnation: watch::Sender<i64>,
    /// Renewals held back (`Node::pause`).
    paused: std::sync::atomic::AtomicBool,
}

impl Node {
    /// Registers the node (waiting up to `wait` for the lease of an earlier incarnation of the
    /// same id to run out) and claims its own tables and those nobody owns. Renewing the lease
    /// and taking stopped nodes over run in the background from then on.
    pub async fn join(
        pool: PgPool,
        config: NodeConfig,
        wait: Duration,
    ) -> Result<Arc<Node>, StoreError> {
        let (taken, taken_rx) = mpsc::unbounded_channel();
        let (lost, lost_rx) = mpsc::unbounded_channel();
        let node = Arc::new(Node {
            config,
            pool,
            epoch: AtomicI64::new(0),
            taken,
            taken_rx: std::sync::Mutex::new(Some(taken_rx)),
            lost,
            lost_rx: std::sync::Mutex::new(Some(lost_rx)),
            incarnation: watch::channel(0).0,
            paused: std::sync::atomic::AtomicBool::new(false),
        });
        node.register(wait).await?;
        tokio::spawn(renew(Arc::downgrade(&node)));
        tokio::spawn(watch_nodes(Arc::downgrade(&node)));
        Ok(node)
    }

    pub(crate) fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// Holds the lease's renewals back (or lets them go on): the node then behaves as a process
    /// paused or cut off from the database would, for failover drills and tests.
    pub fn pause(&self, paused: bool) {
        self.paused.store(paused, Ordering::SeqCst);
    }

    /// The incarnation's epoch: the fencing token of its writes.
    pub fn epoch(&self) -> i64 {
        self.epoch.load(Ordering::SeqCst)
    }

    /// The tables this node takes over, as it takes them (taken once, by the server).
    pub fn takeovers(&self) -> Option<mpsc::UnboundedReceiver<Vec<String>>> {
        self.taken_rx.lock().ok()?.take()
    }

    /// The tables this node found it no longer owns (taken once, by the server).
    pub fn losses(&self) -> Option<mpsc::UnboundedReceiver<Vec<String>>> {
        self.lost_rx.lock().ok()?.take()
    }

    /// The incarnation's epoch (0 while the node holds no lease). When it changes, the
    /// tables in memory belong to an incarnation that is gone: the server lets go of them and
    /// loads those the new one owns.
    pub fn incarnation(&self) -> watch::Receiver<i64> {
        self.incarnation.subscribe()
    }

    async fn register(&self, wait: Duration) -> Result<(), StoreError> {
        let deadline = Instant::now() + wait;
        loop {
            match self.try_register().await? {
                None => return Ok(()),
                Some(holder) if Instant::now() >= deadline => {
                    return Err(StoreError(format!(
                        "the database is in use by another server: node {} runs at {holder}. \
                         Stop it first, or give this one another --node-id to run beside it",
                        self.config.id
                    )))
                }
                Some(_) => tokio::time::sleep(Duration::from_millis(250)).await,
            }
        }
    }

    /// One attempt: `Some(address)` if a live incarnation of this id holds the lease.
    async fn try_register(&self) -> Result<Option<String>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let row = sqlx::query(&format!(
            "SELECT address, epoch, expires > {NOW_MS} AS alive FROM nodes WHERE id = $1 FOR UPDATE"
        ))
        .bind(&self.config.id)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(r) = &row {
            let alive: bool = r.try_get("alive")?;
            let epoch: i64 = r.try_get("epoch")?;
            // This process's own lease (a rejoin after losing the database for a while) may
            // be taken back.
            if alive && epoch != self.epoch() {
                return Ok(Some(r.try_get("address")?));
            }
        }
        let epoch: i64 = sqlx::query_scalar("SELECT nextval('node_epochs')")
            .fetch_one(&mut *tx)
            .await?;
        let lease = self.config.lease.as_millis() as i64;
        sqlx::query(&format!(
            "INSERT INTO nodes (id, address, epoch, started, expires) \
             VALUES ($1, $2, $3, {NOW_MS}, {NOW_MS} + $4) \
             ON CONFLICT (id) DO UPDATE SET address = excluded.address, epoch = excluded.epoch, \
             started = excluded.started, expires = excluded.expires"
        ))
        .bind(&self.config.id)
        .bind(&self.config.address)
        .bind(epoch)
        .bind(lease)
        .execute(&mut *tx)
        .await?;
        // Its own open tables from an earlier incarnation, and the open tables nobody owns (a
        // database copied in, or served by one server before).
        claim_where(
            &mut tx,
            &self.config.id,
            epoch,
            "status IN ('lobby', 'playing') AND (owner = $1 OR owner IS NULL)",
            None,
        )
        .await?;
        tx.commit().await?;
        self.epoch.store(epoch, Ordering::SeqCst);
        let _ = self.incarnation.send(epoch);
        Ok(None)
    }

    /// Who owns `table`.
    pub async fn owner_of(&self, table: &str) -> Result<Owner, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT g.owner, g.owner_epoch, n.address, n.epoch AS node_epoch, \
             coalesce(n.expires > {NOW_MS}, false) AS alive \
             FROM game_tables g LEFT JOIN nodes n ON n.id = g.owner WHERE g.id = $1"
        ))
        .bind(table)
        .fetch_optional(&self.pool)
        .await?;
        let Some(r) = row else {
            return Ok(Owner::Missing);
        };
        let owner: Option<String> = r.try_get("owner")?;
        let owner_epoch: Option<i64> = r.try_get("owner_epoch")?;
        let node_epoch: Option<i64> = r.try_get("node_epoch")?;
        let alive: bool = r.try_get("alive")?;
        Ok(match owner {
            Some(o) if alive && node_epoch == owner_epoch => {
                if o == self.config.id && owner_epoch == Some(self.epoch()) {
                    Owner::Me
                } else {
                    Owner::Other {
                        node: o,
                        address: r.try_get("address")?,
                    }
                }
            }
            _ => Owner::Orphan,
        })
    }

    /// Claims `table` if nobody alive owns it; returns whether this node owns it now.
    pub async fn claim(&self, table: &str) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        if !self.lease_held(&mut tx, self.epoch()).await? {
            return Ok(false);
        }
        let claimed = claim_where(
            &mut tx,
            &self.config.id,
            self.epoch(),
            &format!(
                "id = $3 AND (owner IS NULL OR NOT EXISTS (SELECT 1 FROM nodes n \
                 WHERE n.id = game_tables.owner AND n.epoch = game_tables.owner_epoch \
                 AND n.expires > {NOW_MS}))"
            ),
            Some(table),
        )
        .await?;
        tx.commit().await?;
        Ok(!claimed.is_empty())
    }

    /// The live nodes, this one among them.
    pub async fn live(&self) -> Result<Vec<NodeRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT id, address FROM nodes WHERE expires > {NOW_MS} ORDER BY id"
        ))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(NodeRow {
                    id: r.try_get("id")?,
                    address: r.try_get("address")?,
                })
            })
            .collect()
    }

    /// Whether this incarnation's lease is current, its row share-locked until the end of
    /// `conn`'s transaction (a takeover, which deletes the row, waits for it).
    async fn lease_held(&self, conn: &mut PgConnection, epoch: i64) -> Result<bool, StoreError> {
        let held = sqlx::query(&format!(
            "SELECT 1 FROM nodes WHERE id = $1 AND epoch = $2 AND expires > {NOW_MS} FOR SHARE"
        ))
        .bind(&self.config.id)
        .bind(epoch)
        .fetch_optional(&mut *conn)
        .await?;
        Ok(held.is_some())
    }

    /// The first statements of every transaction the node writes: the lease of incarnation
    /// `epoch` (the one the writes were queued under) is current, and it owns every table of
    /// `tables` (those the transaction does not create). Fails, naming the tables, otherwise;
    /// the server lets go of them.
    pub(crate) async fn fence(
        &self,
        conn: &mut PgConnection,
        epoch: i64,
        tables: &[&str],
    ) -> Result<(), StoreError> {
        if !self.lease_held(conn, epoch).await? {
            return Err(StoreError(format!(
                "node {} no longer holds its lease: another node has its tables",
                self.config.id
            )));
        }
        if tables.is_empty() {
            return Ok(());
        }
        let owned: Vec<String> = sqlx::query_scalar(
            "SELECT id FROM game_tables WHERE id = ANY($1) AND owner = $2 AND owner_epoch = $3 \
             FOR SHARE",
        )
        .bind(tables)
        .bind(&self.config.id)
        .bind(epoch)
        .fetch_all(&mut *conn)
        .await?;
        if owned.len() == tables.len() {
            return Ok(());
        }
        let lost: Vec<String> = tables
            .iter()
            .filter(|t| !owned.iter().any(|o| o == *t))
            .map(|t| t.to_string())
            .collect();
        let _ = self.lost.send(lost.clone());
        Err(StoreError(format!(
            "node {} no longer owns table {}",
            self.config.id,
            lost.join(", ")
        )))
    }

    /// Records that the tables `created` (new in this transaction) are this node's.
    pub(crate) async fn own(
        &self,
        conn: &mut PgConnection,
        epoch: i64,
        created: &[&str],
    ) -> Result<(), StoreError> {
        if created.is_empty() {
            return Ok(());
        }
        sqlx::query("UPDATE game_tables SET owner = $1, owner_epoch = $2 WHERE id = ANY($3)")
            .bind(&self.config.id)
            .bind(epoch)
            .bind(created)
            .execute(&mut *conn)
            .await?;
        history(conn, created, &self.config.id, epoch).await
    }

    /// Renews the lease once: `false` if it is gone.
    async fn renew_once(&self) -> Result<bool, StoreError> {
        let lease = self.config.lease.as_millis() as i64;
        let renewed = sqlx::query(&format!(
            "UPDATE nodes SET expires = {NOW_MS} + $3 WHERE id = $1 AND epoch = $2"
        ))
        .bind(&self.config.id)
        .bind(self.epoch())
        .bind(lease)
        .execute(&self.pool)
        .await?;
        Ok(renewed.rows_affected() == 1)
    }

    /// Takes over every node whose lease ran out: deletes its row and moves its open tables
    /// to this node, then tells the server which tables to load.
    async fn take_over(&self) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        if !self.lease_held(&mut tx, self.epoch()).await? {
            return Ok(());
        }
        let dead: Vec<String> = sqlx::query_scalar(&format!(
            "DELETE FROM nodes WHERE expires <= {NOW_MS} AND id <> $1 RETURNING id"
        ))
        .bind(&self.config.id)
        .fetch_all(&mut *tx)
        .await?;
        let mut taken = Vec::new();
        for d in &dead {
            taken.extend(
                claim_where(
                    &mut tx,
                    &self.config.id,
                    self.epoch(),
                    "status IN ('lobby', 'playing') AND owner = $3",
                    Some(d),
                )
                .await?,
            );
        }
        tx.commit().await?;
        if !dead.is_empty() {
            tracing::warn!(
                "node {} took over node {} ({} tables)",
                self.config.id,
                dead.join(", "),
                taken.len()
            );
        }
        if !taken.is_empty() {
            let _ = self.taken.send(taken);
        }
        Ok(())
    }

    /// Ends the lease at once (a node that stops cleanly): the others take its tables over
    /// at their next look.
    pub async fn leave(&self) {
        let _ = sqlx::query("UPDATE nodes SET expires = 0 WHERE id = $1 AND epoch = $2")
            .bind(&self.config.id)
            .bind(self.epoch())
            .execute(&self.pool)
            .await;
    }
}

/// Gives the tables `condition` selects (`$1` the node, `$2` its epoch, `$3` `arg`) to the
/// node, and records it in their history; returns their ids.
async fn claim_where(
    conn: &mut PgConnection,
    node: &str,
    epoch: i64,
    condition: &str,
    arg: Option<&str>,
) -> Result<Vec<String>, StoreError> {
    let sql = format!(
        "UPDATE game_tables SET owner = $1, owner_epoch = $2 WHERE {condition} RETURNING id"
    );
    let mut q = sqlx::query_scalar::<_, String>(&sql).bind(node).bind(epoch);
    if let Some(a) = arg {
        q = q.bind(a);
    }
    let ids = q.fetch_all(&mut *conn).await?;
    let refs: Vec<&str> = ids.iter().map(String::as_str).collect();
    history(conn, &refs, node, epoch).await?;
    Ok(ids)
}

/// Appends the tables' new owner to their history.
async fn history(
    conn: &mut PgConnection,
    tables: &[&str],
    node: &str,
    epoch: i64,
) -> Result<(), StoreError> {
    if tables.is_empty() {
        return Ok(());
    }
    sqlx::query(&format!(
        "INSERT INTO table_owners (table_id, epoch, node, since) \
         SELECT t, $2, $3, {NOW_MS} FROM unnest($1::text[]) AS t"
    ))
    .bind(tables)
    .bind(epoch)
    .bind(node)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Renews the lease every fifth of its length. A lease found gone, or not renewed for its
/// whole length (the database out of reach), fences the node off; it then joins again as a
/// new incarnation, owning nothing but what nobody else took.
async fn renew(node: std::sync::Weak<Node>) {
    let Some(every) = node.upgrade().map(|n| n.config.lease / 5) else {
        return;
    };
    let mut last_renewed = Instant::now();
    loop {
        tokio::time::sleep(every).await;
        let Some(n) = node.upgrade() else { return };
        if n.pool.is_closed() {
            return;
        }
        if n.paused.load(Ordering::SeqCst) {
            continue;
        }
        let lost = match n.renew_once().await {
            Ok(true) => {
                last_renewed = Instant::now();
                false
            }
            Ok(false) => true,
            Err(e) => {
                tracing::warn!("node {}: renewing the lease: {e}", n.config.id);
                last_renewed.elapsed() >= n.config.lease
            }
        };
        if lost {
            tracing::error!(
                "node {} lost its lease: its tables are another node's now",
                n.config.id
            );
            let _ = n.incarnation.send(0);
            if n.register(n.config.lease * 2).await.is_ok() {
                last_renewed = Instant::now();
                tracing::warn!("node {} joined again (epoch {})", n.config.id, n.epoch());
            }
        }
    }
}

/// Looks for stopped nodes every fifth of the lease and takes them over.
async fn watch_nodes(node: std::sync::Weak<Node>) {
    let Some(every) = node.upgrade().map(|n| n.config.lease / 5) else {
        return;
    };
    loop {
        tokio::time::sleep(every).await;
        let Some(n) = node.upgrade() else { return };
        if n.pool.is_closed() {
            return;
        }
        if let Err(e) = n.take_over().await {
            tracing::warn!("node {}: looking for stopped nodes: {e}", n.config.id);
        }
    }
}
