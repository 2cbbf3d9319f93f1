//! The server's shared state: the store, every table in memory, the limits.
//!
//! Tables in the lobby and in play are always in memory. A finished table (over, or ended
//! because nobody played it) leaves memory at the next sweep once nobody watches it, and is
//! loaded again from the database when someone asks for it (its info, record, final view).

use crate::error::ApiError;
use crate::peer::ClientKey;
use crate::store::{Store, StoreError};
use crate::table::Table;
use crate::wire::{LobbyEntry, Status};
use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex as StdMutex, RwLock};
use std::time::{Duration, Instant};
use tokio::sync::{watch, Mutex, OwnedMutexGuard, Semaphore};

/// Every bound the server enforces on its input.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Tables not yet over, server-wide.
    pub max_tables: usize,
    /// Tables not yet over that one client address created (`peer::ClientKey`; tables restored
    /// after a restart count for nobody).
    pub open_tables_per_address: usize,
    /// Tables one client address may create in any minute.
    pub tables_per_minute: usize,
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
    pub lobby_idle: Duration,
    /// A started game that no player (a seat's or the host's token) has been connected to for
    /// this long is ended and stored as `abandoned`: it no longer counts as open.
    pub abandon_after: Duration,
    /// Once the server holds `max_tables` open tables, a table that nobody has been at for this
    /// long makes room for a new one: a lobby table nobody is connected to is forgotten, a game
    /// no player is connected to is ended (`abandoned`). So tables created and left at once (a
    /// flood from many addresses) hold the server full for this long, not for `lobby_idle` or
    /// `abandon_after`.
    pub reclaim_after: Duration,
    /// How often the server looks for idle lobby tables, abandoned games and finished tables to
    /// let go of.
    pub sweep_every: Duration,
    /// Open connections (HTTP and websockets), server-wide.
    pub max_connections: usize,
    /// Open connections from one client address.
    pub max_connections_per_address: usize,
    /// Time a client has to send a request's header; an idle keep-alive connection has as long
    /// to send its next request.
    pub header_timeout: Duration,
    /// Time a client has to send a request's body once its header is in.
    pub body_timeout: Duration,
    /// Time a websocket client has to take in a message the server sends it: one that does not
    /// read is disconnected rather than holding the server's memory.
    pub ws_write_timeout: Duration,
    /// How long a link that moves a seat to another device stays good.
    pub transfer_ttl: Duration,
    /// Seconds a host may give each turn (the turn timer).
    pub turn_seconds: std::ops::RangeInclusive<u32>,
    /// Tables of at most this many seats push every sheet whole; larger ones push other seats'
    /// sheets as summaries while the game goes on (a socket asks for a whole one when it is
    /// opened), so that a round's push grows with the seats by a summary each, not a sheet.
    pub whole_sheets_up_to: usize,
    /// Search bots thinking at once, server-wide, each on a thread of its own: more wait their
    /// turn (module `thinking`), so that tables of search bots never take every core from the
    /// async runtime and the quick bots.
    pub search_threads: usize,
    /// Records replayed at once (`POST /api/replay`), server-wide; as many again times three
    /// wait their turn, and more are refused (`replay_busy`).
    pub replays_at_once: usize,
    /// Bytes in a replay's answer: every sheet of every round, so a record within every other
    /// bound still has a bounded answer.
    pub max_replay_answer: usize,
}

/// One thread less than the machine has (at least one): a core stays free for the async
/// runtime.
pub fn default_search_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get().saturating_sub(1))
        .max(1)
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_tables: 1000,
            open_tables_per_address: 50,
            tables_per_minute: 20,
            max_seats: 100,
            max_name: 32,
            max_message: 64 * 1024,
            max_body: 64 * 1024,
            max_record: 1024 * 1024,
            max_replay_sheets: 4000,
            max_sockets_per_table: 500,
            max_lobby: 200,
            lobby_idle: Duration::from_secs(30 * 60),
            abandon_after: Duration::from_secs(60 * 60),
            reclaim_after: Duration::from_secs(2 * 60),
            sweep_every: Duration::from_secs(60),
            max_connections: 4096,
            max_connections_per_address: 256,
            header_timeout: Duration::from_secs(15),
            body_timeout: Duration::from_secs(15),
            ws_write_timeout: Duration::from_secs(30),
            transfer_ttl: Duration::from_secs(10 * 60),
            turn_seconds: 15..=3600,
            whole_sheets_up_to: 8,
            search_threads: default_search_threads(),
            replays_at_once: 2,
            max_replay_answer: 16 * 1024 * 1024,
        }
    }
}

/// The window of `Limits::tables_per_minute`.
const RATE_WINDOW: Duration = Duration::from_secs(60);

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
    pub table: Arc<Mutex<Table>>,
    version: watch::Sender<Version>,
    /// `Version::urgent` alone, sent only when it changes: a socket already holding back minor
    /// changes waits on this one, so that each confirmation at a large table does not wake
    /// every socket of it.
    urgent: watch::Sender<u64>,
    /// The lobby line, readable without taking the table's lock.
    summary: StdMutex<LobbyEntry>,
    /// When the table last changed (a connection or a disconnection counts).
    touched: StdMutex<Instant>,
    /// When a player (a seat's or the host's token) last acted, connected or disconnected;
    /// the turn timer and spectators do not count.
    attended: StdMutex<Instant>,
    /// When the round in progress times out (Unix ms), readable without the table's lock.
    deadline: StdMutex<Option<i64>>,
    /// Open sockets of players (a seat's or the host's token), readable without the lock.
    players: AtomicUsize,
    /// The client that created the table, while this process runs.
    creator: Option<ClientKey>,
    /// Set, under the table's lock, when the table leaves memory (forgotten, or finished and
    /// unloaded): whoever waited for the lock looks the table up again.
    gone: AtomicBool,
}

impl TableCell {
    pub fn new(table: Table) -> TableCell {
        let summary = StdMutex::new(table.summary());
        let deadline = StdMutex::new(table.deadline());
        TableCell {
            deadline,
            table: Arc::new(Mutex::new(table)),
            version: watch::channel(Version::default()).0,
            urgent: watch::channel(0).0,
            summary,
            touched: StdMutex::new(Instant::now()),
            attended: StdMutex::new(Instant::now()),
            players: AtomicUsize::new(0),
            creator: None,
            gone: AtomicBool::new(false),
        }
    }

    /// The client that created the table, if this process saw it created.
    pub fn creator(&self) -> Option<ClientKey> {
        self.creator
    }

    /// The same cell, created by `client`.
    pub fn created_by(mut self, client: ClientKey) -> TableCell {
        self.creator = Some(client);
        self
    }

    /// Records a change of `table` (whose lock the caller holds) that every socket shows at once.
    pub fn changed(&self, table: &mut Table) {
        self.bump(table, true, true);
    }

    /// Records a minor change: sockets may wait a moment to show it with the next ones.
    pub fn changed_minor(&self, table: &mut Table) {
        self.bump(table, false, true);
    }

    /// Records a change nobody at the table made (the turn timer, the sweeper), shown at once.
    pub fn changed_by_server(&self, table: &mut Table) {
        self.bump(table, true, false);
    }

    /// Records a bot's confirmation, thought of off the lock (a minor change nobody at the
    /// table made).
    pub fn bot_confirmed(&self, table: &mut Table) {
        self.bump(table, false, false);
    }

    /// Records a spectator's connection or disconnection (a minor change that does not keep a
    /// game attended).
    pub fn watcher_changed(&self, table: &mut Table) {
        self.bump(table, false, false);
    }

    /// How long since the table last changed.
    pub fn idle_for(&self) -> Duration {
        self.touched.lock().map_or(Duration::ZERO, |t| t.elapsed())
    }

    /// How long since a player last acted, connected or disconnected.
    pub fn unattended_for(&self) -> Duration {
        self.attended.lock().map_or(Duration::ZERO, |t| t.elapsed())
    }

    /// Whether the table has left memory: this cell is no longer where it lives.
    pub fn is_gone(&self) -> bool {
        self.gone.load(Ordering::SeqCst)
    }

    fn bump(&self, table: &mut Table, urgent: bool, attended: bool) {
        let now = Instant::now();
        if let Ok(mut t) = self.touched.lock() {
            *t = now;
        }
        if attended {
            if let Ok(mut t) = self.attended.lock() {
                *t = now;
            }
        }
        table.invalidate(!urgent);
        self.players.store(table.player_sockets(), Ordering::SeqCst);
        if let Ok(mut s) = self.summary.lock() {
            *s = table.summary();
        }
        self.sync_deadline(table);
        let mut now = 0;
        self.version.send_modify(|v| {
            v.any += 1;
            if urgent {
                v.urgent = v.any;
            }
            now = v.urgent;
        });
        if urgent {
            self.urgent.send_replace(now);
        }
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

    /// The last change that must be shown at once, whenever there is a new one.
    pub fn subscribe_urgent(&self) -> watch::Receiver<u64> {
        self.urgent.subscribe()
    }

    /// Open sockets of players (a seat's or the host's token), read without the lock.
    pub fn player_sockets(&self) -> usize {
        self.players.load(Ordering::SeqCst)
    }

    pub fn summary(&self) -> Option<LobbyEntry> {
        self.summary.lock().ok().map(|s| s.clone())
    }

    /// Whether the lobby lists the table: in the lobby, or in play while a player is there (a
    /// game everybody left is only watched until `Limits::abandon_after` ends it).
    fn is_listed(&self) -> bool {
        self.summary().is_some_and(|s| match s.status {
            Status::Lobby => true,
            Status::Playing => self.players.load(Ordering::SeqCst) > 0,
            Status::Over | Status::Abandoned => false,
        })
    }

    /// Whether the table is open (in the lobby or in play), as its lobby line says.
    fn is_open(&self) -> bool {
        self.summary().is_some_and(|s| s.status.is_open())
    }
}

/// A stored table that cannot be read back: the details go to the log, not to the client.
fn unreadable(id: &str, why: &str) -> ApiError {
    tracing::error!("table {id} is stored but cannot be read: {why}");
    ApiError::new(
        axum::http::StatusCode::INTERNAL_SERVER_ERROR,
        "internal_error",
        format!("table {id} is stored but cannot be read"),
    )
}

/// What one sweep let go of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Swept {
    /// Idle lobby tables forgotten (memory and database).
    pub forgotten: usize,
    /// Games ended because no player was connected for `Limits::abandon_after`.
    pub abandoned: usize,
    /// Finished tables that left memory (they stay in the database).
    pub unloaded: usize,
}

pub(crate) struct Inner {
    pub store: Arc<dyn Store>,
    pub tables: RwLock<HashMap<String, Arc<TableCell>>>,
    /// Serializes table creation so that the table limits hold.
    pub creating: Mutex<()>,
    /// Serializes loading finished tables from the database (each is a replay of its record).
    pub loading: Mutex<()>,
    /// When each client address created its tables of the last minute.
    pub created: StdMutex<HashMap<ClientKey, VecDeque<Instant>>>,
    pub limits: Limits,
    pub static_dir: Option<PathBuf>,
    /// Origins besides the server's own that may send changes (`guard`), normalized.
    pub origins: Vec<String>,
    /// Names changes may be sent to besides localhost and the server's own addresses
    /// (`host`): the public hosts and the allowed origins' hosts, normalized.
    pub hosts: Vec<String>,
    /// Set once the database is closed: the background tasks stop.
    pub closed: AtomicBool,
    /// The threads search bots think on (`Limits::search_threads`), shared fairly.
    pub search: Arc<crate::fair::Pool>,
    /// Tables whose thinking task runs.
    pub thinking: AtomicUsize,
    /// Replays running (`Limits::replays_at_once`), and running or waiting (four times as
    /// many).
    pub replays: Arc<Semaphore>,
    pub replay_line: Arc<Semaphore>,
}

/// Restores the open tables `store` gives this server (all of them; on PostgreSQL, those its
/// node owns) but those `skip` names. A table that cannot be read or restored is left out with
/// a log line; the others start.
async fn restore_open(
    store: &dyn Store,
    skip: impl Fn(&str) -> bool,
) -> Result<HashMap<String, Arc<TableCell>>, StoreError> {
    let mut tables = HashMap::new();
    for st in store.load_open().await? {
        let st = match st {
            Ok(st) => st,
            Err(damaged) => {
                tracing::error!(
                    "table {} cannot be read and is left out: {}",
                    damaged.id,
                    damaged.why
                );
                continue;
            }
        };
        let id = st.row.id.clone();
        if skip(&id) {
            continue;
        }
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
    Ok(tables)
}

/// Shared by every request and socket; cheap to clone.
#[derive(Clone)]
pub struct AppState(pub(crate) Arc<Inner>);

impl AppState {
    /// State over `store`, restoring every open table. A table that cannot be read or
    /// restored is left out with a log line; the others start. Their search bots think once
    /// `thinking::resume` is called.
    pub async fn new(
        store: Arc<dyn Store>,
        limits: Limits,
        static_dir: Option<PathBuf>,
    ) -> Result<AppState, StoreError> {
        let tables = restore_open(&*store, |_| false).await?;
        if !tables.is_empty() {
            tracing::info!("restored {} tables", tables.len());
        }
        let search = crate::fair::Pool::new(limits.search_threads.max(1));
        let limits_replays = limits.replays_at_once.max(1);
        Ok(AppState(Arc::new(Inner {
            store,
            tables: RwLock::new(tables),
            creating: Mutex::new(()),
            loading: Mutex::new(()),
            created: StdMutex::new(HashMap::new()),
            limits,
            static_dir,
            origins: Vec::new(),
            hosts: Vec::new(),
            closed: AtomicBool::new(false),
            search,
            thinking: AtomicUsize::new(0),
            replays: Arc::new(Semaphore::new(limits_replays)),
            replay_line: Arc::new(Semaphore::new(limits_replays * 4)),
        })))
    }

    /// The same state, accepting changes from these origins too (`scheme://host[:port]`).
    /// Only before the state is shared.
    pub fn allow_origins(mut self, origins: &[String]) -> AppState {
        if let Some(inner) = Arc::get_mut(&mut self.0) {
            inner.origins = origins
                .iter()
                .filter_map(|o| crate::origin::normalize_origin(o))
                .collect();
            let hosts = origins.iter().filter_map(|o| {
                o.parse::<axum::http::Uri>()
                    .ok()?
                    .host()
                    .map(str::to_string)
            });
            inner
                .hosts
                .extend(hosts.filter_map(|h| crate::host::normalize(&h)));
        }
        self
    }

    /// The same state, taking changes sent to these names too (`--public-host`). Only before
    /// the state is shared.
    pub fn public_hosts(mut self, hosts: &[String]) -> AppState {
        if let Some(inner) = Arc::get_mut(&mut self.0) {
            inner
                .hosts
                .extend(hosts.iter().filter_map(|h| crate::host::normalize(h)));
        }
        self
    }

    pub fn limits(&self) -> &Limits {
        &self.0.limits
    }

    /// A place in the line of replays, if it is not full.
    pub fn replay_place(&self) -> Option<tokio::sync::OwnedSemaphorePermit> {
        self.0.replay_line.clone().try_acquire_owned().ok()
    }

    /// Waits for one of the replays that run at once.
    pub async fn replay_turn(&self) -> Option<tokio::sync::OwnedSemaphorePermit> {
        self.0.replays.clone().acquire_owned().await.ok()
    }

    pub fn store(&self) -> &dyn Store {
        &*self.0.store
    }

    /// The table `id` if it is in memory.
    pub fn loaded(&self, id: &str) -> Option<Arc<TableCell>> {
        self.0.tables.read().ok().and_then(|t| t.get(id).cloned())
    }

    /// The table `id`: from memory, or a finished table loaded again from the database.
    pub async fn table(&self, id: &str) -> Result<Arc<TableCell>, ApiError> {
        if let Some(c) = self.loaded(id) {
            return Ok(c);
        }
        // Table ids are short and alphanumeric: anything else is not looked for.
        if id.is_empty() || id.len() > 32 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(ApiError::no_such_table(id));
        }
        let _one = self.0.loading.lock().await;
        if let Some(c) = self.loaded(id) {
            return Ok(c);
        }
        // On one server only finished tables are ever out of memory: an open one missing from
        // memory is one that could not be restored at startup. A node of several also loads an
        // open table it has just claimed or taken over.
        let stored = match self.store().node() {
            Some(_) => self.store().load_one(id).await,
            None => self.store().load_finished(id).await,
        };
        let stored = match stored {
            Err(e) => return Err(ApiError::storage_read(id, e)),
            Ok(None) => return Err(ApiError::no_such_table(id)),
            Ok(Some(Err(damaged))) => return Err(unreadable(id, &damaged.why)),
            Ok(Some(Ok(stored))) => stored,
        };
        let restored = tokio::task::spawn_blocking(move || Table::restore(stored))
            .await
            .map_err(|e| ApiError::internal(e.to_string()))?;
        let mut t = restored.map_err(|e| unreadable(id, &e))?;
        t.resume().await?;
        let cell = Arc::new(TableCell::new(t));
        let mut tables = self
            .0
            .tables
            .write()
            .map_err(|_| ApiError::internal("the table map is poisoned"))?;
        Ok(tables.entry(id.to_string()).or_insert(cell).clone())
    }

    /// The table `id` and its lock. A table that left memory while this waited for its lock is
    /// looked up again: so nothing is ever done to a table that is no longer there.
    pub async fn lock(
        &self,
        id: &str,
    ) -> Result<(Arc<TableCell>, OwnedMutexGuard<Table>), ApiError> {
        for _ in 0..3 {
            let cell = self.table(id).await?;
            let t = cell.table.clone().lock_owned().await;
            if !cell.is_gone() {
                return Ok((cell, t));
            }
        }
        Err(ApiError::no_such_table(id))
    }

    pub(crate) fn insert(&self, id: String, cell: Arc<TableCell>) {
        if let Ok(mut t) = self.0.tables.write() {
            t.insert(id, cell);
        }
    }

    /// Every table in memory.
    pub fn cells(&self) -> Vec<Arc<TableCell>> {
        match self.0.tables.read() {
            Ok(t) => t.values().cloned().collect(),
            Err(_) => Vec::new(),
        }
    }

    fn entries(&self) -> Vec<(String, Arc<TableCell>)> {
        match self.0.tables.read() {
            Ok(t) => t.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
            Err(_) => Vec::new(),
        }
    }

    /// Lobby lines of the tables the lobby lists (`TableCell::is_listed`), newest first.
    pub fn lobby(&self) -> Vec<LobbyEntry> {
        let mut all: Vec<LobbyEntry> = self
            .cells()
            .iter()
            .filter(|c| c.is_listed())
            .filter_map(|c| c.summary())
            .collect();
        all.sort_by(|a, b| {
            b.created
                .cmp(&a.created)
                .then_with(|| a.table.cmp(&b.table))
        });
        all
    }

    /// Tables that are open (in the lobby or in play).
    pub fn live_tables(&self) -> usize {
        self.cells().iter().filter(|c| c.is_open()).count()
    }

    /// Open tables that `client` created.
    pub fn open_tables_of(&self, client: ClientKey) -> usize {
        self.cells()
            .iter()
            .filter(|c| c.creator == Some(client) && c.is_open())
            .count()
    }

    /// Tables `client` created in the last minute, and when the oldest of them leaves the
    /// window.
    pub(crate) fn recent_tables_of(&self, client: ClientKey) -> (usize, Duration) {
        let Ok(mut all) = self.0.created.lock() else {
            return (0, Duration::ZERO);
        };
        let Some(times) = all.get_mut(&client) else {
            return (0, Duration::ZERO);
        };
        while times.front().is_some_and(|t| t.elapsed() >= RATE_WINDOW) {
            times.pop_front();
        }
        let wait = times
            .front()
            .map_or(Duration::ZERO, |t| RATE_WINDOW.saturating_sub(t.elapsed()));
        (times.len(), wait)
    }

    /// Counts a table `client` just created.
    pub(crate) fn count_creation(&self, client: ClientKey) {
        if let Ok(mut all) = self.0.created.lock() {
            all.entry(client).or_default().push_back(Instant::now());
        }
    }

    /// Forgets creation times that left the window.
    fn prune_creations(&self) {
        if let Ok(mut all) = self.0.created.lock() {
            all.retain(|_, times| {
                while times.front().is_some_and(|t| t.elapsed() >= RATE_WINDOW) {
                    times.pop_front();
                }
                !times.is_empty()
            });
        }
    }

    /// Looks for tables to let go of: idle lobby tables (forgotten), games no player has been
    /// at for `Limits::abandon_after` (ended and stored), and finished tables nobody watches
    /// (they leave memory; the database keeps them). Runs every `Limits::sweep_every`.
    pub async fn sweep(&self) -> Swept {
        let limits = self.limits().clone();
        let forgotten = self.expire_idle_lobbies(limits.lobby_idle).await;
        let abandoned = self.end_abandoned_games(limits.abandon_after).await;
        let unloaded = self.unload_finished().await;
        self.prune_creations();
        let swept = Swept {
            forgotten,
            abandoned,
            unloaded,
        };
        if swept != Swept::default() {
            tracing::debug!("sweep: {swept:?}");
        }
        swept
    }

    /// Forgets every lobby table that nobody is connected to and that has not changed for
    /// `idle` (memory and database). Returns how many went. Idleness is checked again under
    /// each table's lock, so a change that just happened (a join answered a moment ago) keeps
    /// its table.
    pub async fn expire_idle_lobbies(&self, idle: Duration) -> usize {
        // Hold the locks of the tables that go until they are gone: nobody joins them meanwhile.
        let mut going = Vec::new();
        for (id, cell) in self.entries() {
            if cell.idle_for() < idle || cell.summary().map(|s| s.status) != Some(Status::Lobby) {
                continue;
            }
            let t = cell.table.clone().lock_owned().await;
            if cell.is_gone()
                || cell.idle_for() < idle
                || t.status() != Status::Lobby
                || t.socket_count() > 0
            {
                continue;
            }
            going.push((id, cell, t));
        }
        if going.is_empty() {
            return 0;
        }
        let writes = going
            .iter()
            .map(|(id, _, _)| crate::store::Write::Forget { table: id.clone() })
            .collect();
        if let Err(e) = self.store().write(writes).await {
            tracing::warn!("could not forget idle lobby tables: {e}");
            return 0;
        }
        for (id, cell, _) in &going {
            self.remove(id, cell);
        }
        tracing::info!("forgot {} idle lobby tables", going.len());
        going.len()
    }

    /// Makes room once the server is full (`Limits::reclaim_after`): forgets the lobby tables
    /// and ends the games nobody has been at for that long (or for `lobby_idle` and
    /// `abandon_after`, which the sweep would let go of anyway). Returns how many went.
    pub async fn reclaim(&self) -> usize {
        let l = self.limits();
        let lobbies = l.reclaim_after.min(l.lobby_idle);
        let games = l.reclaim_after.min(l.abandon_after);
        self.expire_idle_lobbies(lobbies).await + self.end_abandoned_games(games).await
    }

    /// Ends every game that no player has been connected to for `after`.
    async fn end_abandoned_games(&self, after: Duration) -> usize {
        let mut n = 0;
        for (id, cell) in self.entries() {
            if cell.unattended_for() < after
                || cell.summary().map(|s| s.status) != Some(Status::Playing)
            {
                continue;
            }
            let mut t = cell.table.lock().await;
            if cell.is_gone()
                || cell.unattended_for() < after
                || t.status() != Status::Playing
                || t.player_sockets() > 0
            {
                continue;
            }
            match t.abandon(self.store()).await {
                Ok(()) => {
                    cell.changed_by_server(&mut t);
                    tracing::info!("table {id}: no player for {after:?}: the game is ended");
                    n += 1;
                }
                Err(e) => tracing::warn!("table {id}: could not end the game: {e}"),
            }
        }
        n
    }

    /// Lets finished tables that nobody watches leave memory.
    async fn unload_finished(&self) -> usize {
        let mut n = 0;
        for (id, cell) in self.entries() {
            if cell.summary().is_none_or(|s| s.status.is_open()) {
                continue;
            }
            let t = cell.table.lock().await;
            if cell.is_gone() || t.status().is_open() || t.socket_count() > 0 {
                continue;
            }
            self.remove(&id, &cell);
            n += 1;
        }
        n
    }

    /// Takes `cell` out of memory; the caller holds its lock.
    fn remove(&self, id: &str, cell: &Arc<TableCell>) {
        cell.gone.store(true, Ordering::SeqCst);
        if let Ok(mut t) = self.0.tables.write() {
            if t.get(id).is_some_and(|c| Arc::ptr_eq(c, cell)) {
                t.remove(id);
            }
        }
    }

    /// Loads the open tables this node owns that are not in memory yet (tables it took over);
    /// returns them (their search bots are not thinking yet).
    pub async fn adopt(&self) -> Vec<Arc<TableCell>> {
        let new = match restore_open(self.store(), |id| self.loaded(id).is_some()).await {
            Ok(t) => t,
            Err(e) => {
                tracing::error!("loading the tables taken over: {e}");
                return Vec::new();
            }
        };
        let cells: Vec<Arc<TableCell>> = new.values().cloned().collect();
        if let Ok(mut tables) = self.0.tables.write() {
            for (id, cell) in new {
                tables.entry(id).or_insert(cell);
            }
        }
        cells
    }

    /// Lets go of tables another node owns now: they leave memory and their sockets are
    /// closed (the browsers reconnect, and reach the owner).
    pub async fn let_go(&self, ids: &[String]) {
        for id in ids {
            let Some(cell) = self.loaded(id) else {
                continue;
            };
            let mut t = cell.table.lock().await;
            self.remove(id, &cell);
            cell.changed_by_server(&mut t);
        }
        if !ids.is_empty() {
            tracing::warn!("let go of {} tables another node owns now", ids.len());
        }
    }

    /// Lets go of every table (the node's lease was lost).
    pub async fn let_go_all(&self) {
        let ids: Vec<String> = self.entries().into_iter().map(|(id, _)| id).collect();
        self.let_go(&ids).await;
    }

    /// Waits for pending writes and closes the database.
    pub async fn close(&self) {
        self.0.closed.store(true, Ordering::SeqCst);
        if self.store().node().is_some() {
            // The other nodes take the tables over: their sockets go there.
            self.let_go_all().await;
        }
        self.0.store.close().await;
    }

    /// The permits of search bots' thinking, one per bot thinking (`Limits::search_threads`).
    pub fn search_pool(&self) -> &Arc<crate::fair::Pool> {
        &self.0.search
    }

    /// Tables whose search bots are thinking (or waiting for a permit to).
    pub fn tables_thinking(&self) -> usize {
        self.0.thinking.load(Ordering::SeqCst)
    }

    pub(crate) fn thinking_count(&self, delta: isize) {
        match delta >= 0 {
            true => self
                .0
                .thinking
                .fetch_add(delta.unsigned_abs(), Ordering::SeqCst),
            false => self
                .0
                .thinking
                .fetch_sub(delta.unsigned_abs(), Ordering::SeqCst),
        };
    }

    /// Whether the database was closed (the server stopped).
    pub fn is_closed(&self) -> bool {
        self.0.closed.load(Ordering::SeqCst)
    }
}
