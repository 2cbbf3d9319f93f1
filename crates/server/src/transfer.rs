//! Moving a seat to another device (docs/protocol.md, "Moving a seat").
//!
//! A seat is its secret token, kept in one browser. To move it, the holder asks for a one-time
//! code (only the seat's own token gets one) and opens the link on the other device, which
//! claims the seat under a fresh token; the old token then holds nothing. The code is 32 random
//! bytes, stored only as its hash, good once and for a few minutes, so a spectator cannot
//! guess or replay one.

use crate::error::ApiError;
use crate::http::{new_token, parse};
use crate::state::AppState;
use crate::table::hash_token;
use crate::wire::{Claim, Claimed, HostToken, TransferOut};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;

/// Longest code accepted: the codes the server hands out are 64 hex digits.
const MAX_CODE: usize = 128;

/// `POST /api/tables/{table}/transfer` with the seat's token: a one-time move link.
pub async fn offer(
    State(st): State<AppState>,
    Path(table): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<(StatusCode, Json<TransferOut>), ApiError> {
    st.table(&table).await?;
    let req: HostToken = parse(body)?;
    let code = new_token();
    let ttl = st.limits().transfer_ttl;
    st.lock(&table)
        .await?
        .1
        .offer_transfer(&req.token, hash_token(&code), ttl)?;
    Ok((
        StatusCode::CREATED,
        Json(TransferOut {
            link: format!("/t/{table}#move={code}"),
            code,
            expires_in: ttl.as_secs(),
        }),
    ))
}

/// `POST /api/tables/{table}/claim` with the code: the seat under a new token.
pub async fn claim(
    State(st): State<AppState>,
    Path(table): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Claimed>, ApiError> {
    // Runs to the end even if the client goes away, like every table change.
    tokio::spawn(claim_now(st, table, body))
        .await
        .unwrap_or_else(|e| Err(ApiError::internal(format!("a table change failed: {e}"))))
}

async fn claim_now(
    st: AppState,
    table: String,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Claimed>, ApiError> {
    st.table(&table).await?;
    let req: Claim = parse(body)?;
    if req.code.is_empty() || req.code.len() > MAX_CODE {
        return Err(ApiError::forbidden(
            "bad_transfer",
            "this move link is not valid",
        ));
    }
    let token = new_token();
    let (cell, mut t) = st.lock(&table).await?;
    let (seat, host) = t
        .claim_transfer(st.store(), &hash_token(&req.code), hash_token(&token))
        .await?;
    cell.changed(&mut t);
    tracing::info!("table {table}: seat {} moved to another device", seat + 1);
    Ok(Json(Claimed {
        seat: seat + 1,
        token,
        host,
    }))
}
