//! The JSON HTTP API (docs/protocol.md, "HTTP").

use crate::error::ApiError;
use crate::peer::{ClientKey, Peer};
use crate::state::{AppState, TableCell};
use crate::store::Write;
use crate::table::{hash_token, hex, NewTable, Seat, Table};
use crate::thinking;
use crate::timer;
use crate::wire::{
    CreateTable, Created, DealNext, EnterLayout, EnterValues, HostToken, Join, Joined, LobbyEntry,
    SeatBot, TableInfo,
};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use rand::{Rng, RngCore};
use serde::de::DeserializeOwned;
use std::sync::Arc;
use welcome_bots::BotKind;
use welcome_engine::{Game, Options};

/// Reads a JSON body into `T`, with the protocol's errors for every way it can be wrong.
pub fn parse<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = self::body(body)?;
    serde_json::from_slice(&bytes).map_err(|e| ApiError::bad_request("bad_json", e.to_string()))
}

/// The bytes of a body, or the protocol's error for one over the limit or unreadable.
pub fn body(body: Result<Bytes, BytesRejection>) -> Result<Bytes, ApiError> {
    body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "body_too_large",
                "the request body is too large",
            )
        } else {
            ApiError::bad_request("bad_json", e.body_text())
        }
    })
}

pub use crate::name::check_name;

/// A secret token: 32 random bytes in hex.
pub fn new_token() -> String {
    let mut b = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut b);
    hex(&b)
}

/// A short table id, easy to read out (no 0/o, 1/l/i).
fn new_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    let mut rng = rand::thread_rng();
    (0..8)
        .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char)
        .collect()
}

pub(crate) fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// A bot a table can seat: every kind (search bots think off the table's lock, at most
/// `Limits::search_threads` at once, module `thinking`).
fn parse_bot(kind: &str) -> Result<BotKind, ApiError> {
    kind.parse()
        .map_err(|e: welcome_bots::UnknownBot| ApiError::bad_request("bad_bot", e.to_string()))
}

fn parse_seat(seat: &str) -> Result<usize, ApiError> {
    seat.parse()
        .map_err(|_| ApiError::not_found("no_such_seat", format!("{seat:?} is not a seat number")))
}

pub async fn lobby(
    State(st): State<AppState>,
    headers: axum::http::HeaderMap,
) -> Json<Vec<LobbyEntry>> {
    // Every node's tables; a node asked by another answers its own.
    let mut all = match st.store().node() {
        Some(node) if !headers.contains_key(crate::nodes::FORWARDED_BY) => {
            crate::nodes::lobby(&st, &node).await
        }
        _ => st.lobby(),
    };
    all.truncate(st.limits().max_lobby);
    Json(all)
}

/// Runs a table change to the end even when the client goes away: the server drops a request's
/// future when its connection closes, and a change cut off between memory and the database
/// would leave the two apart.
pub(crate) async fn detached<T: Send + 'static>(
    change: impl std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::spawn(change)
        .await
        .unwrap_or_else(|e| Err(ApiError::internal(format!("a table change failed: {e}"))))
}

pub async fn create(
    State(st): State<AppState>,
    Peer(client): Peer,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    detached(create_now(st, client, body)).await
}

/// Refuses a client that created too many tables: too many still open, or too many in the
/// last minute (`429`, with `Retry-After` for the latter).
pub(crate) fn check_client(st: &AppState, client: ClientKey) -> Result<(), ApiError> {
    let limits = st.limits();
    let open = st.open_tables_of(client);
    if open >= limits.open_tables_per_address {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_open_tables",
            format!(
                "{open} tables created from your address are still open (at most {}): finish \
                 or leave one first",
                limits.open_tables_per_address
            ),
        ));
    }
    let (recent, wait) = st.recent_tables_of(client);
    if recent >= limits.tables_per_minute {
        let secs = wait.as_secs().max(1);
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            format!(
                "your address created {recent} tables in the last minute (at most {}): try \
                 again in {secs} s",
                limits.tables_per_minute
            ),
        )
        .retry_after(secs));
    }
    Ok(())
}

async fn create_now(
    st: AppState,
    client: ClientKey,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let req: CreateTable = parse(body)?;
    // Checked again under the creation lock; this spares the engine's check to a client that
    // is over its limits.
    check_client(&st, client)?;
    let limits = st.limits().clone();
    let name = check_name(&req.name, limits.max_name)?;
    if req.deal_only {
        check_deal_only(&req)?;
    } else if req.seats == 0 || req.seats > limits.max_seats {
        return Err(ApiError::bad_request(
            "bad_seats",
            format!("a table has 1 to {} seats", limits.max_seats),
        ));
    }
    let timer = req
        .turn_timer
        .map(|t| timer::check(t, &limits))
        .transpose()?;
    let (edition, layout) = crate::edition::choose(req.edition.as_deref(), req.sheet.as_deref())?;
    if !req.deal_only {
        crate::edition::check_sheet_mode(edition, layout, req.mode)?;
    }
    let mut options = Options::new(req.mode).advanced(req.advanced);
    options.edition = edition.id;
    options.sheet = layout.id;
    options.first_plan_reshuffle = req.first_plan_reshuffle;
    options.aaa_level = req.aaa_level;
    options.nine_three_quarters = req.nine_three_quarters;
    // The engine decides which seat counts a mode allows, and checks the whole setup (the AAA
    // level and the entered values included).
    let seats = req.seats;
    let values = req.values.clone();
    let deal_only = req.deal_only;
    let check = tokio::task::spawn_blocking(move || match deal_only {
        true => Game::dealer(options, 0, &values).map(|_| ()),
        false => Game::with_values(options, seats, 0, &values).map(|_| ()),
    })
    .await
    .map_err(|e| ApiError::internal(e.to_string()))?;
    check.map_err(|e| ApiError::engine(StatusCode::BAD_REQUEST, e.code(), e))?;

    let mut seats = vec![Seat::default(); req.seats];
    let token = new_token();
    let hash = hash_token(&token);
    // The host of a deal-only table has no seat either: its screen deals.
    let table_mode = req.table_mode || req.deal_only;
    if !table_mode {
        seats[0] = Seat {
            name: Some(name.clone()),
            bot: None,
            token_hash: Some(hash.clone()),
        };
    }
    for b in &req.bots {
        let kind = parse_bot(&b.kind)?;
        if b.seat == 0 || b.seat > req.seats {
            return Err(ApiError::bad_request(
                "bad_bot_seat",
                format!("seat {} is not at a table of {} seats", b.seat, req.seats),
            ));
        }
        let s = &mut seats[b.seat - 1];
        if !s.is_free() {
            return Err(ApiError::bad_request(
                "bad_bot_seat",
                format!("seat {} is already taken", b.seat),
            ));
        }
        s.bot = Some(kind);
    }
    let deal_only = req.deal_only;
    let id = open_table(&st, client, |id| {
        let mut table = Table::new(NewTable {
            id,
            host_name: name,
            options,
            table_mode,
            host_hash: hash,
            seed: rand::thread_rng().gen::<u64>(),
            created: now(),
            seats,
            timer,
            values: req.values,
            layout: None,
        });
        let mut writes = vec![Write::Table(table.row())];
        if deal_only {
            // Nobody to wait for: the game starts with the table, in the same batch.
            writes.push(table.start_dealing()?);
        }
        Ok((table, writes))
    })
    .await?;
    tracing::info!("table {id} created by {client}");
    Ok((
        StatusCode::CREATED,
        Json(Created {
            seat: (!table_mode).then_some(1),
            token,
            invite: format!("/t/{id}"),
            spectate: format!("/t/{id}/watch"),
            deal: format!("/t/{id}/deal"),
            table: id,
        }),
    )
        .into_response())
}

/// Opens a new table, counted against `client`'s limits and the server's (checked again under
/// the creation lock): `build` makes it under a new id with the writes that store it, which go
/// in one batch; it is in memory once they are stored. Returns its id.
pub(crate) async fn open_table(
    st: &AppState,
    client: ClientKey,
    build: impl FnOnce(String) -> Result<(Table, Vec<Write>), ApiError>,
) -> Result<String, ApiError> {
    let limits = st.limits().clone();
    let _creating = st.0.creating.lock().await;
    check_client(st, client)?;
    if st.live_tables() >= limits.max_tables {
        st.reclaim().await;
    }
    if st.live_tables() >= limits.max_tables {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "too_many_tables",
            format!(
                "the server already has {} open tables; try again later",
                limits.max_tables
            ),
        ));
    }
    // A new id, in memory and in the database (finished tables live only there).
    let id = loop {
        let id = new_id();
        let stored = st
            .store()
            .contains(&id)
            .await
            .map_err(|e| ApiError::storage_read(&id, e))?;
        if st.loaded(&id).is_none() && !stored {
            break id;
        }
    };
    let (table, writes) = build(id.clone())?;
    st.store().write(writes).await.map_err(ApiError::storage)?;
    st.insert(
        id.clone(),
        Arc::new(TableCell::new(table).created_by(client)),
    );
    st.count_creation(client);
    Ok(id)
}

/// A deal-only table has no seats, so nothing that needs one: no seat count, no bots, no turn
/// timer (there are no turns to time).
fn check_deal_only(req: &CreateTable) -> Result<(), ApiError> {
    if req.seats != 0 {
        return Err(ApiError::bad_request(
            "bad_seats",
            "a deal-only table has no seats: the players write on paper sheets",
        ));
    }
    if !req.bots.is_empty() {
        return Err(ApiError::bad_request(
            "bad_bot_seat",
            "a deal-only table has no seats for bots",
        ));
    }
    if req.turn_timer.is_some() {
        return Err(ApiError::bad_request(
            "bad_turn_timer",
            "a deal-only table has no turns to time: its host ends each round",
        ));
    }
    Ok(())
}

pub async fn info(
    State(st): State<AppState>,
    Path(table): Path<String>,
) -> Result<Json<TableInfo>, ApiError> {
    let (info, queued) = {
        let (_, t) = st.lock(&table).await?;
        (t.info(), t.queued())
    };
    // Nothing is shown before it is durable (a confirmation may be on its way).
    let mut progress = st.store().progress();
    let _ = progress.wait_for(|p| p.settled(queued)).await;
    Ok(Json(info))
}

pub async fn join(
    State(st): State<AppState>,
    Path(table): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Joined>, ApiError> {
    detached(join_now(st, table, body)).await
}

async fn join_now(
    st: AppState,
    table: String,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Joined>, ApiError> {
    st.table(&table).await?;
    let req: Join = parse(body)?;
    let name = check_name(&req.name, st.limits().max_name)?;
    let token = new_token();
    let (cell, mut t) = st.lock(&table).await?;
    let seat = t.join(st.store(), name, hash_token(&token)).await?;
    cell.changed(&mut t);
    Ok(Json(Joined {
        seat: seat + 1,
        token,
    }))
}

pub async fn start(
    State(st): State<AppState>,
    Path(table): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    detached(start_now(st, table, body)).await
}

async fn start_now(
    st: AppState,
    table: String,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    st.table(&table).await?;
    let req: HostToken = parse(body)?;
    let (cell, mut t) = st.lock(&table).await?;
    t.start(st.store(), &req.token).await?;
    cell.changed(&mut t);
    thinking::wake(&st, &cell, &mut t);
    Ok(StatusCode::NO_CONTENT)
}

pub async fn values(
    State(st): State<AppState>,
    Path(table): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    detached(values_now(st, table, body)).await
}

async fn values_now(
    st: AppState,
    table: String,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    st.table(&table).await?;
    let req: EnterValues = parse(body)?;
    let (cell, mut t) = st.lock(&table).await?;
    t.set_values(st.store(), &req.token, req.values).await?;
    cell.changed(&mut t);
    Ok(StatusCode::NO_CONTENT)
}

pub async fn layout(
    State(st): State<AppState>,
    Path(table): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    detached(layout_now(st, table, body)).await
}

async fn layout_now(
    st: AppState,
    table: String,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    st.table(&table).await?;
    let req: EnterLayout = parse(body)?;
    // The sheet file as an object, or as its text (a host's file as it is, which the engine
    // then reads and names any JSON error in).
    let text = match req.layout {
        serde_json::Value::Null => None,
        serde_json::Value::String(text) => Some(text),
        v => Some(v.to_string()),
    };
    let (cell, mut t) = st.lock(&table).await?;
    t.set_layout(st.store(), &req.token, text.as_deref())
        .await?;
    cell.changed(&mut t);
    Ok(StatusCode::NO_CONTENT)
}

pub async fn deal(
    State(st): State<AppState>,
    Path(table): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    detached(deal_now(st, table, body)).await
}

async fn deal_now(
    st: AppState,
    table: String,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    st.table(&table).await?;
    let req: DealNext = parse(body)?;
    let (cell, mut t) = st.lock(&table).await?;
    t.deal_next(
        st.store(),
        &req.token,
        req.round,
        &req.approved,
        req.reshuffle,
    )
    .await?;
    cell.changed(&mut t);
    Ok(StatusCode::NO_CONTENT)
}

pub async fn end(
    State(st): State<AppState>,
    Path(table): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    detached(end_now(st, table, body)).await
}

async fn end_now(
    st: AppState,
    table: String,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    st.table(&table).await?;
    let req: HostToken = parse(body)?;
    let (cell, mut t) = st.lock(&table).await?;
    t.end_game(st.store(), &req.token).await?;
    cell.changed(&mut t);
    Ok(StatusCode::NO_CONTENT)
}

pub async fn bot(
    State(st): State<AppState>,
    Path((table, seat)): Path<(String, String)>,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    detached(bot_now(st, table, seat, body)).await
}

async fn bot_now(
    st: AppState,
    table: String,
    seat: String,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    st.table(&table).await?;
    let seat = parse_seat(&seat)?;
    let req: SeatBot = parse(body)?;
    let kind = parse_bot(&req.kind)?;
    let (cell, mut t) = st.lock(&table).await?;
    t.set_bot(st.store(), &req.token, seat, kind).await?;
    cell.changed(&mut t);
    thinking::wake(&st, &cell, &mut t);
    Ok(StatusCode::NO_CONTENT)
}

pub async fn kick(
    State(st): State<AppState>,
    Path((table, seat)): Path<(String, String)>,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    detached(kick_now(st, table, seat, body)).await
}

async fn kick_now(
    st: AppState,
    table: String,
    seat: String,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    st.table(&table).await?;
    let seat = parse_seat(&seat)?;
    let req: HostToken = parse(body)?;
    let (cell, mut t) = st.lock(&table).await?;
    t.kick(st.store(), &req.token, seat).await?;
    cell.changed(&mut t);
    thinking::wake(&st, &cell, &mut t);
    Ok(StatusCode::NO_CONTENT)
}

pub async fn record(
    State(st): State<AppState>,
    Path(table): Path<String>,
) -> Result<Response, ApiError> {
    let text = st.lock(&table).await?.1.record_json()?;
    let mut r = text.into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"welcome-{table}.json\""))
    {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    Ok(r)
}
