//! Several servers on one PostgreSQL database (`store::node` keeps the leases): where a request
//! for a table goes, the lobby of every node, and what a node does with the tables it takes
//! over or loses.
//!
//! Every request for a table is served by the node that owns it: any other node forwards it
//! there, websockets included (the upgrade is forwarded and the two connections spliced), so a
//! load balancer without sticky sessions works and the browser never learns which node plays
//! its table. A table whose owner stopped is claimed by the node the request reached, or taken
//! over by the first node that notices the lease ran out; until then the answer is `503
//! table_moving` with `Retry-After: 1`, and a browser's socket reconnects by itself.

use crate::error::ApiError;
use crate::state::AppState;
use crate::store::{Node, Owner};
use crate::wire::LobbyEntry;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::{TokioExecutor, TokioIo};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// Names the node that forwarded a request: a request forwarded once is never forwarded
/// again (two nodes that disagree on an owner answer `table_moving` instead of looping).
pub const FORWARDED_BY: &str = "x-welcome-node";

/// How long a node waits for another's lobby.
const LOBBY_WAIT: Duration = Duration::from_secs(1);

fn client() -> &'static Client<HttpConnector, Body> {
    static CLIENT: OnceLock<Client<HttpConnector, Body>> = OnceLock::new();
    CLIENT.get_or_init(|| {
        let mut http = HttpConnector::new();
        http.set_nodelay(true);
        http.set_connect_timeout(Some(Duration::from_secs(2)));
        Client::builder(TokioExecutor::new()).build(http)
    })
}

/// The table a request is about, by its path: `/api/tables/{table}/…`, `/ws/{table}`,
/// `/t/{table}/qr.svg`.
fn table_of(path: &str) -> Option<&str> {
    let mut parts = path.trim_start_matches('/').split('/');
    match (parts.next(), parts.next(), parts.next()) {
        (Some("api"), Some("tables"), Some(t)) if !t.is_empty() => Some(t),
        (Some("ws"), Some(t), None) if !t.is_empty() => Some(t),
        (Some("t"), Some(t), Some("qr.svg")) => Some(t),
        _ => None,
    }
}

/// Middleware: serves a request here if this node owns its table (claiming it if nobody
/// alive does), forwards it to the owner otherwise.
pub async fn route(State(st): State<AppState>, req: Request, next: Next) -> Response {
    let Some(node) = st.store().node() else {
        return next.run(req).await;
    };
    let Some(table) = table_of(req.uri().path()).map(str::to_string) else {
        return next.run(req).await;
    };
    if st.is_closed() {
        // Stopping: its tables are on their way to the other nodes.
        return moving(&table);
    }
    if st.loaded(&table).is_some() {
        return next.run(req).await;
    }
    let owner = match node.owner_of(&table).await {
        Ok(o) => o,
        Err(e) => return ApiError::storage_read(&table, e).into_response(),
    };
    match owner {
        Owner::Me | Owner::Missing => next.run(req).await,
        Owner::Orphan => match node.claim(&table).await {
            Ok(true) => next.run(req).await,
            Ok(false) => moving(&table),
            Err(e) => ApiError::storage_read(&table, e).into_response(),
        },
        Owner::Other { address, .. } => {
            if req.headers().contains_key(FORWARDED_BY) {
                return moving(&table);
            }
            forward(&node, &address, &table, req).await
        }
    }
}

/// `503 table_moving`: the table is between two nodes for a moment.
fn moving(table: &str) -> Response {
    ApiError::unavailable(
        "table_moving",
        format!("table {table} is moving to another server: try again in a moment"),
    )
    .into_response()
}

/// Sends `req` to the node at `address` and its answer back; a websocket's upgrade is
/// forwarded and the two connections spliced once both sides switched protocols.
async fn forward(node: &Node, address: &str, table: &str, mut req: Request) -> Response {
    let path = req
        .uri()
        .path_and_query()
        .map_or("/", |p| p.as_str())
        .to_string();
    let Ok(uri) = format!("{}{path}", address.trim_end_matches('/')).parse() else {
        return moving(table);
    };
    let ours = req.extensions_mut().remove::<hyper::upgrade::OnUpgrade>();
    let (mut parts, body) = req.into_parts();
    parts.uri = uri;
    if let Ok(me) = HeaderValue::from_str(&node.config.id) {
        parts.headers.insert(FORWARDED_BY, me);
    }
    let mut answer = match client().request(Request::from_parts(parts, body)).await {
        Ok(a) => a,
        // The owner is gone and its lease not run out yet: nothing was sent, so the client
        // may send it again.
        Err(e) if e.is_connect() => return moving(table),
        // Sent, and no answer: the owner may have made the change before it stopped.
        Err(_) => {
            return ApiError::new(
                StatusCode::BAD_GATEWAY,
                "server_lost",
                format!(
                    "the server of table {table} stopped while answering: look at the table \
                     again to see whether the change was made"
                ),
            )
            .into_response()
        }
    };
    if answer.status() == StatusCode::SWITCHING_PROTOCOLS {
        let theirs = hyper::upgrade::on(&mut answer);
        if let Some(ours) = ours {
            tokio::spawn(async move {
                if let (Ok(a), Ok(b)) = tokio::join!(ours, theirs) {
                    let (mut a, mut b) = (TokioIo::new(a), TokioIo::new(b));
                    let _ = tokio::io::copy_bidirectional(&mut a, &mut b).await;
                }
            });
        }
    }
    answer.map(Body::new)
}

/// The lobby of every live node: this one's, and the others' asked in parallel (a node that
/// does not answer within a second is left out).
pub async fn lobby(st: &AppState, node: &Node) -> Vec<LobbyEntry> {
    let mut all = st.lobby();
    let others = match node.live().await {
        Ok(n) => n,
        Err(e) => {
            tracing::warn!("listing the nodes: {e}");
            return all;
        }
    };
    let asks = others
        .into_iter()
        .filter(|n| n.id != node.config.id)
        .map(|n| {
            let me = node.config.id.clone();
            async move {
                let req = Request::get(format!("{}/api/tables", n.address.trim_end_matches('/')))
                    .header(FORWARDED_BY, me)
                    .body(Body::empty())
                    .ok()?;
                let answer = tokio::time::timeout(LOBBY_WAIT, client().request(req))
                    .await
                    .ok()?
                    .ok()?;
                let body = tokio::time::timeout(
                    LOBBY_WAIT,
                    axum::body::to_bytes(Body::new(answer.into_body()), 8 << 20),
                )
                .await
                .ok()?
                .ok()?;
                serde_json::from_slice::<Vec<LobbyEntry>>(&body).ok()
            }
        });
    for theirs in futures_util::future::join_all(asks)
        .await
        .into_iter()
        .flatten()
    {
        all.extend(theirs);
    }
    all.sort_by(|a, b| {
        b.created
            .cmp(&a.created)
            .then_with(|| a.table.cmp(&b.table))
    });
    all
}

/// Lets the search bots of tables just loaded think.
async fn wake(st: &AppState, cells: Vec<Arc<crate::state::TableCell>>) {
    for cell in cells {
        let mut t = cell.table.lock().await;
        crate::thinking::wake(st, &cell, &mut t);
    }
}

/// Follows the node's leases for the server: loads the tables it takes over, lets go of those
/// it lost, and after a new incarnation (its lease was lost) lets go of everything and loads
/// what it owns now.
pub async fn follow(st: AppState, node: Arc<Node>) {
    let (Some(mut taken), Some(mut lost)) = (node.takeovers(), node.losses()) else {
        return;
    };
    let mut incarnation = node.incarnation();
    let mut current = *incarnation.borrow_and_update();
    loop {
        tokio::select! {
            ids = taken.recv() => {
                let Some(ids) = ids else { return };
                tracing::info!("node {}: loading {} tables taken over", node.config.id, ids.len());
                wake(&st, st.adopt().await).await;
            }
            ids = lost.recv() => {
                let Some(ids) = ids else { return };
                st.let_go(&ids).await;
            }
            changed = incarnation.changed() => {
                if changed.is_err() {
                    return;
                }
                let now = *incarnation.borrow_and_update();
                if now != current {
                    current = now;
                    st.let_go_all().await;
                    if now != 0 {
                        wake(&st, st.adopt().await).await;
                    }
                }
            }
        }
        if st.is_closed() {
            return;
        }
    }
}
