//! The web app of *Welcome To… Your Perfect Home*: tables in a lobby, seats held by secret
//! tokens, simultaneous rounds over websockets, bots, spectators, and durable storage.
//!
//! The protocol is docs/protocol.md. The rules are the engine's alone: every turn and every
//! option the server offers goes through `welcome_engine`'s `TurnContext`. Hidden information
//! (other seats' unresolved turns, expert hands) never leaves the server, because each socket
//! is sent the view of its own seat only.

pub mod assets;
pub mod clock;
pub mod companion;
pub mod counters;
pub mod derived;
pub mod edition;
pub mod ending;
pub mod error;
pub mod etag;
pub mod fair;
pub mod guard;
pub mod headers;
pub mod health;
pub mod host;
pub mod http;
pub mod listen;
pub mod metrics;
pub mod name;
pub mod nodes;
pub mod options;
pub mod origin;
pub mod path;
pub mod peer;
pub mod push;
pub mod qr;
pub mod replay;
pub mod slow_body;
pub mod state;
pub mod store;
pub mod table;
pub mod thinking;
pub mod timer;
pub mod transfer;
pub mod view;
pub mod wire;
pub mod ws;

pub use error::ApiError;
pub use state::{AppState, Limits, Swept};
pub use store::{PostgresStore, SqliteStore, Store, StoreError};

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use std::net::SocketAddr;
use std::path::PathBuf;

/// How to run the server.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// Address to listen on, e.g. `127.0.0.1:8080`.
    pub addr: String,
    /// SQLite database: a file path (created if missing) or a `sqlite:` URL.
    pub database: String,
    /// Serve the browser app from this folder instead of the files built into the binary.
    pub static_dir: Option<PathBuf>,
    pub limits: Limits,
    /// Origins (`https://game.example`) whose pages may make changes besides the server's own
    /// (the origin of the request's `Host`): for a proxy that does not pass `Host` through.
    pub allowed_origins: Vec<String>,
    /// Names besides localhost and the server's own addresses that changes may be sent to
    /// (`--public-host`, module `host`): the name a proxy passes on in `Host`.
    pub public_hosts: Vec<String>,
    /// How long opening the database waits for another program's write lock (SQLite), or for
    /// the lease of this node's earlier incarnation to run out (PostgreSQL), before it fails.
    pub busy_timeout: std::time::Duration,
    /// PostgreSQL: this server's node id among several on the database (`--node-id`).
    pub node_id: String,
    /// PostgreSQL: where the other nodes reach this one (default: `http://` and the address it
    /// listens on).
    pub node_address: Option<String>,
    /// PostgreSQL: how long this node's lease lasts unless renewed.
    pub lease: std::time::Duration,
}

impl ServeConfig {
    pub fn new(addr: impl Into<String>, database: impl Into<String>) -> ServeConfig {
        ServeConfig {
            addr: addr.into(),
            database: database.into(),
            static_dir: None,
            limits: Limits::default(),
            allowed_origins: Vec::new(),
            public_hosts: Vec::new(),
            busy_timeout: store::BUSY_TIMEOUT,
            node_id: "node-1".into(),
            node_address: None,
            lease: std::time::Duration::from_secs(5),
        }
    }
}

/// Why the server cannot run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("database: {0}")]
    Store(#[from] StoreError),
    #[error("database {path}: {source}")]
    Open { path: String, source: StoreError },
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: String,
        source: std::io::Error,
    },
    #[error("server: {0}")]
    Io(#[from] std::io::Error),
}

/// Every route of the app.
pub fn app(state: AppState) -> Router {
    let body_limit = state.limits().max_body;
    let record_limit = state.limits().max_record;
    Router::new()
        .route("/api/tables", get(http::lobby).post(http::create))
        .route("/api/tables/{table}", get(http::info))
        .route("/api/tables/{table}/join", post(http::join))
        .route("/api/tables/{table}/start", post(http::start))
        .route("/api/tables/{table}/values", post(http::values))
        .route("/api/tables/{table}/layout", post(http::layout))
        .route("/api/tables/{table}/deal", post(http::deal))
        .route("/api/tables/{table}/end", post(http::end))
        .route("/api/tables/{table}/again", post(ending::again))
        .route("/api/tables/{table}/abandon", post(ending::abandon))
        .route("/api/tables/{table}/seats/{seat}/bot", post(http::bot))
        .route("/api/tables/{table}/seats/{seat}/kick", post(http::kick))
        .route("/api/tables/{table}/record", get(http::record))
        .route("/api/tables/{table}/transfer", post(transfer::offer))
        .route("/api/tables/{table}/claim", post(transfer::claim))
        .route("/api/companion/options", post(companion::options))
        .route(
            "/api/replay",
            post(replay::replay).layer(DefaultBodyLimit::max(record_limit)),
        )
        .route("/api/editions", get(edition::all))
        .route("/api/editions/{edition}", get(edition::one))
        .route("/api/edition", get(edition::json))
        .route("/edition.js", get(edition::module))
        .route("/static/edition.js", get(edition::module))
        .route("/ws/{table}", get(ws::upgrade))
        .route("/healthz", get(health::live))
        .route("/readyz", get(health::ready))
        .route("/metrics", get(metrics::metrics))
        .route("/", get(assets::index))
        .route("/t/{table}", get(assets::index))
        .route("/t/{table}/watch", get(assets::index))
        .route("/t/{table}/deal", get(assets::index))
        .route("/t/{table}/replay", get(assets::index))
        .route("/replay", get(assets::index))
        .route("/t/{table}/qr.svg", get(qr::svg))
        .route("/companion", get(assets::index))
        .route("/rules", get(assets::index))
        .route("/static/{*path}", get(assets::file))
        .fallback(assets::fallback)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(assets::compression())
        .layer(axum::middleware::map_response(etag::tag_encoding))
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            slow_body::in_time,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            guard::same_site,
        ))
        .layer(axum::middleware::from_fn(path::utf8))
        .layer(axum::middleware::map_response(headers::add))
        // Outermost: a request for another node's table goes there as it came.
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            nodes::route,
        ))
        .with_state(state)
}

async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    ApiError::new(
        axum::http::StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        format!("{method} is not served at {}", uri.path()),
    )
}

/// A server running in this process.
pub struct Running {
    pub addr: SocketAddr,
    pub state: AppState,
    pub task: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Running {
    /// Stops accepting connections and releases the database. Every acknowledged change is
    /// already stored.
    pub async fn stop(self) {
        self.task.abort();
        let _ = self.task.await;
        self.state.close().await;
    }
}

/// Binds the address, opens the database and restores every table (on PostgreSQL, those this
/// node owns).
async fn prepare(config: ServeConfig) -> Result<(tokio::net::TcpListener, AppState), ServeError> {
    let listener = tokio::net::TcpListener::bind(&config.addr)
        .await
        .map_err(|source| ServeError::Bind {
            addr: config.addr.clone(),
            source,
        })?;
    let node = store::NodeConfig {
        id: config.node_id.clone(),
        address: match &config.node_address {
            Some(a) => a.clone(),
            None => format!("http://{}", listener.local_addr()?),
        },
        lease: config.lease,
    };
    let store = store::open(&config.database, config.busy_timeout, Some(node))
        .await
        .map_err(|source| ServeError::Open {
            path: store::admin::shown(&config.database),
            source,
        })?;
    let state = AppState::new(store, config.limits, config.static_dir)
        .await?
        .allow_origins(&config.allowed_origins)
        .public_hosts(&config.public_hosts);
    // Idle lobby tables, abandoned games and finished tables are swept now and then (idle
    // lobby tables also whenever the table limit is reached).
    let sweeper = state.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(sweeper.limits().sweep_every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        tick.tick().await;
        loop {
            tick.tick().await;
            if sweeper.is_closed() {
                return;
            }
            sweeper.sweep().await;
        }
    });
    tokio::spawn(timer::sweep(state.clone()));
    if let Some(node) = state.store().node() {
        tokio::spawn(nodes::follow(state.clone(), node));
    }
    thinking::resume(&state).await;
    Ok((listener, state))
}

/// Starts the server in the background of this process (tests, `welcome_client::loadtest`).
pub async fn spawn(config: ServeConfig) -> Result<Running, ServeError> {
    let (listener, state) = prepare(config).await?;
    let addr = listener.local_addr()?;
    let router = app(state.clone());
    let limits = state.limits().clone();
    let task = tokio::spawn(async move { listen::serve(listener, router, &limits).await });
    Ok(Running { addr, state, task })
}

/// Runs the server until Ctrl-C or SIGTERM. Creates and migrates the database file if needed.
pub async fn serve(config: ServeConfig) -> Result<(), ServeError> {
    let (listener, state) = prepare(config).await?;
    // Listening for the signals before saying they stop the server: one sent just after the
    // banner would otherwise end the process the default way.
    let stop = stop_signal()?;
    // Both lines in one write, so that a reader of the first never makes the second fail.
    let banner = format!(
        "Welcome To… is running at http://{}/\n\
         Ctrl-C (or SIGTERM) stops it; every confirmed turn is already stored.\n",
        listener.local_addr()?
    );
    print!("{banner}");
    let router = app(state.clone());
    let limits = state.limits().clone();
    // Every acknowledged change is already stored, so stopping needs no draining.
    let result = tokio::select! {
        r = listen::serve(listener, router, &limits) => r.map_err(ServeError::Io),
        r = stop => r.map_err(ServeError::Io),
    };
    state.close().await;
    result
}

/// Ctrl-C, or SIGTERM where there is one (a service manager stopping the server): the handlers
/// are in place when this returns, the future ends when one of the signals comes.
fn stop_signal() -> std::io::Result<impl std::future::Future<Output = std::io::Result<()>>> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut interrupt = signal(SignalKind::interrupt())?;
        let mut term = signal(SignalKind::terminate())?;
        Ok(async move {
            tokio::select! {
                _ = interrupt.recv() => Ok(()),
                _ = term.recv() => Ok(()),
            }
        })
    }
    #[cfg(not(unix))]
    {
        Ok(tokio::signal::ctrl_c())
    }
}
