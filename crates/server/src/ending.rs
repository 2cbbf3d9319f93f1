//! The end of a table's life (docs/protocol.md, "After the game"): its host plays again with
//! the same seats, or closes the table (ends the game in play, or gives up a table before its
//! start).

use crate::error::ApiError;
use crate::http::{check_client, detached, new_token, now, open_table, parse};
use crate::peer::{ClientKey, Peer};
use crate::state::AppState;
use crate::store::Write;
use crate::table::{hash_token, next_write};
use crate::wire::{Created, HostToken};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use rand::Rng;

/// `POST /api/tables/{table}/again`: the host of a finished table opens the next one.
pub async fn again(
    State(st): State<AppState>,
    Peer(client): Peer,
    Path(table): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    detached(again_now(st, client, table, body)).await
}

/// The new table is counted against the host's address like any table created, and is stored
/// with the old table's `next` in one batch: every player of the finished game is pushed where
/// to play again, or nothing happened.
async fn again_now(
    st: AppState,
    client: ClientKey,
    table: String,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    st.table(&table).await?;
    let req: HostToken = parse(body)?;
    let (cell, mut old) = st.lock(&table).await?;
    let token = new_token();
    let again = old.again(&req.token, hash_token(&token))?;
    // Spares the engine's setup to a client over its limits (checked again when opening).
    check_client(&st, client)?;
    let seat = again.host_seat.map(|s| s + 1);
    let deal_only = again.deal_only;
    let old_id = table.clone();
    let id = open_table(&st, client, move |id| {
        let mut t = again.table(id.clone(), rand::thread_rng().gen::<u64>(), now());
        let mut writes = vec![Write::Table(t.row())];
        if deal_only {
            writes.push(t.start_dealing()?);
        }
        writes.push(next_write(&old_id, &id));
        Ok((t, writes))
    })
    .await?;
    // Stored with the new table: only memory is left to change.
    old.named_next(&id);
    cell.changed(&mut old);
    tracing::info!("table {id} opened to play again after {table} by {client}");
    Ok((
        StatusCode::CREATED,
        Json(Created {
            seat,
            token,
            invite: format!("/t/{id}"),
            spectate: format!("/t/{id}/watch"),
            deal: format!("/t/{id}/deal"),
            table: id,
        }),
    )
        .into_response())
}

/// `POST /api/tables/{table}/abandon`: the host closes the table.
pub async fn abandon(
    State(st): State<AppState>,
    Path(table): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    detached(abandon_now(st, table, body)).await
}

async fn abandon_now(
    st: AppState,
    table: String,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    st.table(&table).await?;
    let req: HostToken = parse(body)?;
    let (cell, mut t) = st.lock(&table).await?;
    t.close(st.store(), &req.token).await?;
    cell.changed(&mut t);
    tracing::info!("table {table} closed by its host");
    Ok(StatusCode::NO_CONTENT)
}
