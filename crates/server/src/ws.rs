//! The websocket of one browser tab at one table (docs/protocol.md, "Websocket").
//!
//! A socket watches its table's version: it pushes the whole state of its own seat (or a
//! spectator's) when it connects, then after every change an update with only what changed
//! (module `push`), so a reconnect restores everything and a long game costs no more per round
//! than a short one. Messages are handled one at a time per socket; the table's lock orders
//! them across sockets.

use crate::error::ApiError;
use crate::push::{self, Sent};
use crate::state::{AppState, TableCell};
use crate::table::{hash_token, seat_options, Confirmed};
use crate::thinking;
use crate::wire::{AckMsg, ClientMsg, ErrorMsg, OptionsMsg, Status};
use axum::extract::rejection::QueryRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::ws::{rejection::WebSocketUpgradeRejection, Message, WebSocket};
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use futures_util::SinkExt;

use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

/// How long a socket may hold back minor changes (a confirmation, a connection) to show them
/// together: 100 ms, and 10 ms per seat at large tables, whose confirmations come in many. Each
/// push costs a wake-up and a write per socket whatever its size, so fewer of them is what
/// counts; a player sees who is done a moment later.
fn coalesce(seats: usize) -> Duration {
    Duration::from_millis((10 * seats as u64).clamp(100, 1000))
}

async fn sleep_until(due: Option<tokio::time::Instant>) {
    match due {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}

/// Frames above this size close the socket; between `Limits::max_message` and this, the server
/// answers `message_too_large` and keeps the socket.
const TRANSPORT_LIMIT: usize = 1 << 20;

/// Client messages are small; the default read buffer (128 KiB, zeroed on every read) costs
/// more than the rest of a round.
const READ_BUFFER: usize = 4 * 1024;

pub async fn upgrade(
    State(st): State<AppState>,
    Path(table): Path<String>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    if let Err(e) = st.table(&table).await {
        return e.into_response();
    }
    let token = match query {
        Ok(Query(q)) => q.get("token").filter(|t| !t.is_empty()).cloned(),
        Err(e) => return ApiError::bad_request("bad_query", e.body_text()).into_response(),
    };
    let ws = match ws {
        Ok(ws) => ws,
        Err(e) => {
            return ApiError::bad_request("not_websocket", e.body_text()).into_response();
        }
    };
    ws.max_message_size(TRANSPORT_LIMIT)
        .max_frame_size(TRANSPORT_LIMIT)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| connection(socket, st, table, token))
}

/// Spectators share the table's socket limit; a seat's or the host's token has its own small
/// allowance (a few tabs), so that spectators can never lock players out of their own table.
fn sockets_allowed(token: bool, limits: &crate::state::Limits) -> usize {
    if token {
        SOCKETS_PER_TOKEN
    } else {
        limits.max_sockets_per_table
    }
}

/// Open tabs allowed per seat or host token.
const SOCKETS_PER_TOKEN: usize = 8;

fn error_text(request: Option<u64>, e: &ApiError) -> String {
    serde_json::to_string(&ErrorMsg {
        kind: "error",
        request,
        code: &e.code,
        message: &e.message,
    })
    .unwrap_or_default()
}

/// Whether a write to the socket is done within the time a client has to take it in
/// (`Limits::ws_write_timeout`). False if the socket is closed or the client does not read:
/// the socket is then dropped.
async fn timely(within: Duration, write: impl Future<Output = Result<(), axum::Error>>) -> bool {
    matches!(tokio::time::timeout(within, write).await, Ok(Ok(())))
}

/// Sends one message (`timely`).
async fn send(socket: &mut WebSocket, text: String, within: Duration) -> bool {
    timely(within, socket.send(Message::Text(text.into()))).await
}

/// Puts one message in the socket's buffer without writing it out (`flush` does): messages
/// that are ready together go out in one write (`timely`).
async fn feed(socket: &mut WebSocket, text: String, within: Duration) -> bool {
    timely(within, socket.feed(Message::Text(text.into()))).await
}

/// Writes out what `feed` buffered (`timely`).
async fn flush(socket: &mut WebSocket, within: Duration) -> bool {
    timely(within, socket.flush()).await
}

async fn connection(socket: WebSocket, st: AppState, table: String, token: Option<String>) {
    // One owner for both directions (a split stream takes a lock for every read and write).
    let mut socket = socket;
    let hash = token.as_deref().map(hash_token);
    let within = st.limits().ws_write_timeout;
    // The table may have left memory since the upgrade was answered: it is looked up again.
    let (cell, refused) = match st.lock(&table).await {
        Err(e) => (None, Some(e)),
        Ok((cell, mut t)) => {
            let refused = if hash.as_deref().is_some_and(|h| !t.knows(h)) {
                Some(ApiError::forbidden(
                    "bad_token",
                    "this token holds no seat at this table",
                ))
            } else if t.sockets_of(hash.as_deref()) >= sockets_allowed(hash.is_some(), st.limits())
            {
                Some(ApiError::new(
                    axum::http::StatusCode::SERVICE_UNAVAILABLE,
                    "too_many_connections",
                    "this table has too many open connections",
                ))
            } else {
                t.socket_opened(hash.as_deref());
                connection_changed(&cell, &mut t, hash.is_some());
                None
            };
            (Some(cell), refused)
        }
    };
    let cell = match (cell, refused) {
        (Some(cell), None) => cell,
        (_, refused) => {
            if let Some(e) = refused {
                let _ = send(&mut socket, error_text(None, &e), within).await;
            }
            let _ = tokio::time::timeout(within, socket.send(Message::Close(None))).await;
            return;
        }
    };
    let hold_back = coalesce(cell.table.lock().await.seat_count());
    let whole_up_to = st.limits().whole_sheets_up_to;
    let mut version = cell.subscribe();
    let mut urgent = cell.subscribe_urgent();
    let mut progress = st.store().progress();
    // What this socket has shown, and when it must show the minor changes it has not.
    let mut shown = 0u64;
    let mut due: Option<tokio::time::Instant> = Some(tokio::time::Instant::now());
    // What the client holds; the first push, and one the client asks for, is a whole state.
    let mut sent: Option<Sent> = None;
    let mut whole = true;
    // An answer is buffered, not written yet: it goes out with the push that often follows it
    // at once (the round its confirmation resolved), or alone once nothing else is ready.
    let mut unflushed = false;
    loop {
        let render = tokio::select! {
            // Pushes first, so that a client sending without pause still sees changes.
            biased;
            _ = sleep_until(due) => true,
            // While minor changes are held back, only an urgent one wakes the socket.
            changed = urgent.changed(), if due.is_some() => {
                if changed.is_err() {
                    break;
                }
                *urgent.borrow_and_update() > shown
            }
            changed = version.changed(), if due.is_none() => {
                if changed.is_err() {
                    break;
                }
                let v = *version.borrow_and_update();
                if v.urgent > shown {
                    true
                } else {
                    due.get_or_insert_with(|| tokio::time::Instant::now() + hold_back);
                    false
                }
            }
            msg = socket.recv() => {
                let reply = match msg {
                    None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                    Some(Ok(Message::Text(text))) => {
                        handle(&st, &cell, hash.as_deref(), text.as_str()).await
                    }
                    Some(Ok(Message::Binary(_))) => Reply::Text(error_text(
                        None,
                        &ApiError::bad_request("bad_message", "messages are JSON text"),
                    )),
                    Some(Ok(_)) => continue,
                };
                match reply {
                    Reply::Text(reply) => {
                        if !feed(&mut socket, reply, within).await {
                            break;
                        }
                        unflushed = true;
                        false
                    }
                    Reply::Sync => {
                        whole = true;
                        true
                    }
                }
            }
            // Last: the tasks ready now run first (the one resolving the round this answer's
            // confirmation completed, whose push then joins the answer), then the answer goes.
            _ = tokio::task::yield_now(), if unflushed => {
                if !flush(&mut socket, within).await {
                    break;
                }
                unflushed = false;
                false
            }
        };
        if render && cell.is_gone() {
            // The table left this server (another node owns it now): the client reconnects,
            // and reaches the owner.
            let close = axum::extract::ws::CloseFrame {
                code: 1012,
                reason: "the table moved to another server".into(),
            };
            let _ = tokio::time::timeout(within, socket.send(Message::Close(Some(close)))).await;
            break;
        }
        if render {
            due = None;
            let refused = progress.borrow().refused;
            let (snapshot, personal, queued) = {
                let mut t = cell.table.lock().await;
                // Everything up to now is in this push.
                shown = version.borrow_and_update().any;
                urgent.borrow_and_update();
                let role = t.role(hash.as_deref());
                (t.snapshot(whole_up_to), t.personal(role), t.queued())
            };
            // An answer waits for no batch: it goes before the push waits for one.
            if unflushed && !progress.borrow().settled(queued) {
                if !flush(&mut socket, within).await {
                    break;
                }
                unflushed = false;
            }
            // Nothing is shown before it is durable: confirmations queued off the lock may
            // still be on their way to the database.
            match progress
                .wait_for(|p| p.settled(queued))
                .await
                .map(|p| p.refused)
            {
                Err(_) => break,
                // A refused batch was undone since: what was read may show it.
                Ok(now) if now != refused => {
                    due = Some(tokio::time::Instant::now());
                    continue;
                }
                Ok(_) => {}
            }
            let text = push::next(&mut sent, snapshot, personal, std::mem::take(&mut whole));
            if let Some(text) = text {
                if !send(&mut socket, text, within).await {
                    break;
                }
                unflushed = false;
            }
        }
    }
    if unflushed {
        // An answer still buffered is sent if the client is still there.
        let _ = flush(&mut socket, within).await;
    }
    let mut t = cell.table.lock().await;
    t.socket_closed(hash.as_deref());
    connection_changed(&cell, &mut t, hash.is_some());
}

/// A socket opened or closed: a player's keeps the game attended, a spectator's does not.
fn connection_changed(cell: &TableCell, t: &mut crate::table::Table, player: bool) {
    if player {
        cell.changed_minor(t);
    } else {
        cell.watcher_changed(t);
    }
}

/// What a client message gets.
enum Reply {
    /// An `options`, `ack`, `sheet` or `error` message.
    Text(String),
    /// A whole state, pushed as any push is.
    Sync,
}

/// The envelope's request number, read on its own (the rest is skipped).
#[derive(serde::Deserialize)]
struct Envelope {
    #[serde(default)]
    request: Option<serde_json::Value>,
}

/// A client message and its request number, or the error to answer. Read straight into its
/// type; a message that does not read is read again as any JSON, for the error to name the
/// request and what is wrong.
fn parse(text: &str) -> Result<(Option<u64>, ClientMsg), Reply> {
    if let (Ok(msg), Ok(envelope)) = (
        serde_json::from_str::<ClientMsg>(text),
        serde_json::from_str::<Envelope>(text),
    ) {
        return Ok((envelope.request.as_ref().and_then(|r| r.as_u64()), msg));
    }
    let value: serde_json::Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            return Err(Reply::Text(error_text(
                None,
                &ApiError::bad_request("bad_message", format!("not JSON: {e}")),
            )))
        }
    };
    let request = value.get("request").and_then(serde_json::Value::as_u64);
    match serde_json::from_value(value) {
        Ok(m) => Ok((request, m)),
        Err(e) => Err(Reply::Text(error_text(
            request,
            &ApiError::bad_request("bad_message", e.to_string()),
        ))),
    }
}

/// Answers one client message.
async fn handle(st: &AppState, cell: &Arc<TableCell>, hash: Option<&str>, text: &str) -> Reply {
    if text.len() > st.limits().max_message {
        let e = ApiError::new(
            axum::http::StatusCode::PAYLOAD_TOO_LARGE,
            "message_too_large",
            format!("a message has at most {} bytes", st.limits().max_message),
        );
        return Reply::Text(error_text(None, &e));
    }
    let (request, msg) = match parse(text) {
        Ok(m) => m,
        Err(reply) => return reply,
    };
    let ack = || {
        serde_json::to_string(&AckMsg {
            kind: "ack",
            request,
        })
        .unwrap_or_default()
    };
    Reply::Text(match msg {
        ClientMsg::Sync {} => return Reply::Sync,
        ClientMsg::Sheet { of } => {
            let sheet = {
                let mut t = cell.table.lock().await;
                t.sheet(of, st.limits().whole_sheets_up_to)
            };
            match sheet {
                Ok((seq, sheet)) => push::sheet_answer(request, seq, &sheet),
                Err(e) => error_text(request, &e),
            }
        }
        ClientMsg::Options { round, draft, seat } => {
            let view = {
                let t = cell.table.lock().await;
                let role = t.role(hash);
                t.options_view(role, seat, round)
            };
            match view {
                Ok((view, slowed)) => {
                    let out = seat_options(&view, &draft, &slowed);
                    serde_json::to_string(&OptionsMsg {
                        kind: "options",
                        request,
                        options: &out,
                    })
                    .unwrap_or_default()
                }
                Err(e) => error_text(request, &e),
            }
        }
        ClientMsg::Submit { round, turn, seat } => {
            let confirmed = {
                let mut t = cell.table.lock().await;
                let role = t.role(hash);
                let before = t.game().map(|g| g.round());
                match t.confirm(st.store(), role, seat, round, turn).await {
                    Ok(c) => {
                        // A resolution is shown at once; a confirmation only changes a flag.
                        if t.game().map(|g| g.round()) != before || t.status() == Status::Over {
                            cell.changed(&mut t);
                        } else {
                            cell.changed_minor(&mut t);
                        }
                        thinking::wake(st, cell, &mut t);
                        c
                    }
                    Err(e) => return Reply::Text(error_text(request, &e)),
                }
            };
            // A queued confirmation is acknowledged once durable, waited for off the lock.
            if let Confirmed::Queued(mut c) = confirmed {
                if let Err(e) = c.ticket.wait().await {
                    let mut t = cell.table.lock().await;
                    let r = t.refused(c, e);
                    cell.changed_minor(&mut t);
                    if let Err(e) = r {
                        return Reply::Text(error_text(request, &e));
                    }
                }
            }
            ack()
        }
        ClientMsg::Restart { round, seat } => {
            let mut t = cell.table.lock().await;
            let role = t.role(hash);
            match t.restart(st.store(), role, seat, round).await {
                Ok(()) => {
                    cell.changed_minor(&mut t);
                    ack()
                }
                Err(e) => error_text(request, &e),
            }
        }
    })
}
