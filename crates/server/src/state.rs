//! The server's shared state: the store, every table, the limits.

use crate::error::ApiError;
use crate::store::{Store, StoreError};
use crate::table::Table;
use crate::wire::{LobbyEntry, Status};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex as StdMutex, RwLock};
use tokio::sync::{watch, Mutex};

/// Every bound the server enforces on its input.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Tables not yet over, server-wide.
    pub max_tables: usize,
    /// Seats at one table (the engine may allow fewer for a mode).
    pub max_seats: usize,
    /// Characters in a display name.
    pub max_name: usize,
    /// Bytes in one websocket message the server reads.
    pub max_message: usize,
    /// Bytes in one HTTP request body.
    pub max_body: usize,
    /// Bytes in a game record sent to be replayed (a long game of many seats is larger than
    /// any other request).
    pub max_record: usize,
    /// Sheets in a replay (seats × rounds): the answer holds every one of them, each replay
    /// of a round replays the rounds before it.
    pub max_replay_sheets: usize,
    /// Open websockets of spectators on one table (each seat or host token has its own few).
    pub max_sockets_per_table: usize,
    /// Tables listed by the lobby.
    pub max_lobby: usize,
    /// A table still in the lobby, with nobody connected and no change for this long, is
    /// forgotten (memory and database) so that abandoned tables never fill the server.
    pub lobby_idle: std::time::Duration,
    /// How long a link that moves a seat to another device stays good.
    pub transfer_ttl: std::time::Duration,
    /// Seconds a host may give each turn (the turn timer).
    pub turn_seconds: std::ops::RangeInclusive<u32>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_tables: 1000,
            max_seats: 100,
            max_name: 32,
            max_message: 64 * 1024,
            max_body: 64 * 1024,
            max_record: 1024 * 1024,
            max_replay_sheets: 4000,
            max_sockets_per_table: 500,
            max_lobby: 200,
            lobby_idle: std::time::Duration::from_secs(30 * 60),
            transfer_ttl: std::time::Duration::from_secs(10 * 60),
            turn_seconds: 15..=3600,
        }
    }
}

/// The version of a table that its sockets watch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Version {
    /// Counts every change.
    pub any: u64,
    /// The last change that must be shown at once (a round resolved, a seat changed hands…);
    /// later minor changes (a confirmation, a connection) may be shown a moment later, together.
    pub urgent: u64,
}

/// One table behind its lock, with a version that every socket of the table watches.
pub struct TableCell {
    pub table: Mutex<Table>,
    version: watch::Sender<Version>,
    /// The lobby line, readable without taking the table's lock.
    summary: StdMutex<LobbyEntry>,
    /// When the table last changed (a connection or a disconnection counts).
    touched: StdMutex<std::time::Instant>,
    /// When the round in progress times out (Unix ms), readable without the table's lock.
    deadline: StdMutex<Option<i64>>,
}

impl TableCell {
    pub fn new(table: Table) -> TableCell {
        let summary = StdMutex::new(table.summary());
        let deadline = StdMutex::new(table.deadline());
        TableCell {
            deadline,
            table: Mutex::new(table),
            version: watch::channel(Version::default()).0,
            summary,
            touched: StdMutex::new(std::time::Instant::now()),
        }
    }

    /// Records a change of `table` (whose lock the caller holds) that every socket shows at once.
    pub fn changed(&self, table: &mut Table) {
        self.bump(table, true);
    }

    /// Records a minor change: sockets may wait a moment to show it with the next ones.
    pub fn changed_minor(&self, table: &mut Table) {
        self.bump(table, false);
    }

    /// How long since the table last changed.
    pub fn idle_for(&self) -> std::time::Duration {
        self.touched
            .lock()
            .map_or(std::time::Duration::ZERO, |t| t.elapsed())
    }

    fn bump(&self, table: &mut Table, urgent: bool) {
        if let Ok(mut t) = self.touched.lock() {
            *t = std::time::Instant::now();
        }
        table.invalidate(!urgent);
        if let Ok(mut s) = self.summary.lock() {
            *s = table.summary();
        }
        self.sync_deadline(table);
        self.version.send_modify(|v| {
            v.any += 1;
            if urgent {
                v.urgent = v.any;
            }
        });
    }

    /// Copies the table's deadline (whose lock the caller holds) for the timer's sweeper.
    pub fn sync_deadline(&self, table: &Table) {
        if let Ok(mut d) = self.deadline.lock() {
            *d = table.deadline();
        }
    }

    /// When the round in progress times out (Unix ms), if the table has a turn timer.
    pub fn deadline(&self) -> Option<i64> {
        self.deadline.lock().ok().and_then(|d| *d)
    }

    pub fn subscribe(&self) -> watch::Receiver<Version> {
        self.version.subscribe()
    }

    pub fn summary(&self) -> Option<LobbyEntry> {
        self.summary.lock().ok().map(|s| s.clone())
    }
}

pub(crate) struct Inner {
    pub store: Arc<dyn Store>,
    pub tables: RwLock<HashMap<String, Arc<TableCell>>>,
    /// Serializes table creation so that the table limit holds.
    pub creating: Mutex<()>,
    pub limits: Limits,
    pub static_dir: Option<PathBuf>,
}

/// Shared by every request and socket; cheap to clone.
#[derive(Clone)]
pub struct AppState(pub(crate) Arc<Inner>);

impl AppState {
    /// State over `store`, restoring every stored table.
    pub async fn new(
        store: Arc<dyn Store>,
        limits: Limits,
        static_dir: Option<PathBuf>,
    ) -> Result<AppState, StoreError> {
        let mut tables = HashMap::new();
        for st in store.load().await? {
            let id = st.row.id.clone();
            let mut t = match Table::restore(st) {
                Ok(t) => t,
                Err(e) => {
                    tracing::error!("table {id} cannot be restored and is left out: {e}");
                    continue;
                }
            };
            match t.resume().await {
                Ok(Some(w)) => store.write(vec![w]).await?,
                Ok(None) => {}
                Err(e) => {
                    tracing::error!("table {id} cannot go on and is left out: {e}");
                    continue;
                }
            }
            tables.insert(id, Arc::new(TableCell::new(t)));
        }
        if !tables.is_empty() {
            tracing::info!("restored {} tables", tables.len());
        }
        Ok(AppState(Arc::new(Inner {
            store,
            tables: RwLock::new(tables),
            creating: Mutex::new(()),
            limits,
            static_dir,
        })))
    }

    /// Opens (creating and migrating) the SQLite database `database` and restores its tables.
    pub async fn open(database: &str) -> Result<AppState, StoreError> {
        let store = crate::store::SqliteStore::open(database).await?;
        AppState::new(Arc::new(store), Limits::default(), None).await
    }

    pub fn limits(&self) -> &Limits {
        &self.0.limits
    }

    pub fn store(&self) -> &dyn Store {
        &*self.0.store
    }

    pub fn table(&self, id: &str) -> Result<Arc<TableCell>, ApiError> {
        self.0
            .tables
            .read()
            .ok()
            .and_then(|t| t.get(id).cloned())
            .ok_or_else(|| ApiError::no_such_table(id))
    }

    pub(crate) fn insert(&self, id: String, cell: Arc<TableCell>) {
        if let Ok(mut t) = self.0.tables.write() {
            t.insert(id, cell);
        }
    }

    /// Every table.
    pub fn cells(&self) -> Vec<Arc<TableCell>> {
        match self.0.tables.read() {
            Ok(t) => t.values().cloned().collect(),
            Err(_) => Vec::new(),
        }
    }

    /// Lobby lines of every table, newest first.
    pub fn lobby(&self) -> Vec<LobbyEntry> {
        let cells: Vec<Arc<TableCell>> = match self.0.tables.read() {
            Ok(t) => t.values().cloned().collect(),
            Err(_) => return Vec::new(),
        };
        let mut all: Vec<LobbyEntry> = cells.iter().filter_map(|c| c.summary()).collect();
        all.sort_by(|a, b| {
            b.created
                .cmp(&a.created)
                .then_with(|| a.table.cmp(&b.table))
        });
        all
    }

    /// Tables that are not over.
    pub fn live_tables(&self) -> usize {
        self.lobby()
            .iter()
            .filter(|e| e.status != Status::Over)
            .count()
    }

    /// Forgets every lobby table that nobody is connected to and that has not changed for
    /// `idle` (memory and database). Returns how many went.
    pub async fn expire_idle_lobbies(&self, idle: std::time::Duration) -> usize {
        let cells: Vec<(String, Arc<TableCell>)> = match self.0.tables.read() {
            Ok(t) => t.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
            Err(_) => return 0,
        };
        // Hold the locks of the tables that go until they are gone: nobody joins them meanwhile.
        let mut going = Vec::new();
        for (id, cell) in &cells {
            if cell.idle_for() < idle {
                continue;
            }
            let t = cell.table.lock().await;
            if t.status() == Status::Lobby && t.socket_count() == 0 {
                going.push((id.clone(), t));
            }
        }
        if going.is_empty() {
            return 0;
        }
        let writes = going
            .iter()
            .map(|(id, _)| crate::store::Write::Forget { table: id.clone() })
            .collect();
        if let Err(e) = self.store().write(writes).await {
            tracing::warn!("could not forget idle lobby tables: {e}");
            return 0;
        }
        if let Ok(mut t) = self.0.tables.write() {
            for (id, _) in &going {
                t.remove(id);
            }
        }
        tracing::info!("forgot {} idle lobby tables", going.len());
        going.len()
    }

    /// Waits for pending writes and closes the database.
    pub async fn close(&self) {
        self.0.store.close().await;
    }
}
