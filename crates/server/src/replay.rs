//! `POST /api/replay`: a game record replayed by the engine round by round, with every seat's
//! sheet as it stood after each round (score and `derived` as in the table views), so that the
//! browser can step through any record, a finished table's or a file, without a rule of its own.

use crate::error::ApiError;
use crate::state::{AppState, Limits};
use crate::view;
use crate::wire::{LogRound, ReplayOut, ReplayRound};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use welcome_engine::game::SetupError;
use welcome_engine::{Record, RecordError};

pub async fn replay(
    State(st): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<ReplayOut>, ApiError> {
    let bytes = crate::http::body(body)?;
    let limits = st.limits().clone();
    // Replaying is pure computation, and a long record takes a while: off the async threads.
    tokio::task::spawn_blocking(move || replay_bytes(&bytes, &limits))
        .await
        .map_err(|e| ApiError::internal(format!("the replay failed: {e}")))?
        .map(Json)
}

/// Replays a record given as JSON bytes.
pub fn replay_bytes(bytes: &[u8], limits: &Limits) -> Result<ReplayOut, ApiError> {
    let text = std::str::from_utf8(bytes).map_err(|_| {
        ApiError::bad_request(
            "record_json",
            "not a game record: the file is not UTF-8 text",
        )
    })?;
    let record = Record::from_json(text).map_err(record_error)?;
    let sheets = record.setup.seats.len().saturating_mul(record.rounds.len());
    if sheets > limits.max_replay_sheets {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "record_too_large",
            format!(
                "{} seats over {} rounds is more than this server replays ({} sheets at most)",
                record.setup.seats.len(),
                record.rounds.len(),
                limits.max_replay_sheets
            ),
        ));
    }
    // The whole record first: a record that does not replay is refused before any work, with
    // the engine's account of the first thing wrong in it.
    let game = record.replay().map_err(record_error)?;
    let names = &record.setup.seats;
    let played = game.log().iter().filter(|r| !r.turns.is_empty()).count();
    let mut rounds = Vec::with_capacity(played);
    for k in 1..=played {
        // The engine replays whole records only: the game after round k is the replay of the
        // record cut after it (with round k + 1's draws, so that it ends as a game in progress).
        let after = if k == played {
            game.clone()
        } else {
            cut(&record, k).replay().map_err(record_error)?
        };
        let log = &game.log()[k - 1];
        rounds.push(ReplayRound {
            log: LogRound {
                round: log.round,
                draws: log.draws.clone(),
                offers: log.offers.clone(),
                turns: log.turns.clone(),
            },
            plans: view::plans(&after),
            sheets: view::sheets(&after, names),
        });
    }
    let options = game.options();
    Ok(ReplayOut {
        edition: options.edition,
        sheet: options.sheet,
        mode: options.mode,
        advanced: options.advanced,
        seats: names.clone(),
        rounds,
        result: view::result(&game, names),
        layout: game
            .values()
            .layout
            .as_ref()
            .map(|l| crate::edition::sheet_json(game.edition(), l.layout())),
    })
}

/// The record of the same game up to the end of round `k`: its rounds to `k`, then round
/// `k + 1` as dealt and not yet played.
fn cut(record: &Record, k: usize) -> Record {
    let mut r = record.clone();
    r.rounds.truncate(k + 1);
    if let Some(next) = r.rounds.get_mut(k) {
        next.turns.clear();
    }
    r.result = None;
    r
}

/// A record that cannot be replayed: the engine's stable code. An edition or a sheet this
/// server does not have gets the codes of table creation; a record that is not one at all is a
/// bad request, and one that reads but does not replay cannot be processed.
fn record_error(e: RecordError) -> ApiError {
    let status = match &e {
        RecordError::Json(_) | RecordError::Format { .. } | RecordError::Version { .. } => {
            StatusCode::BAD_REQUEST
        }
        RecordError::Setup(
            s @ (SetupError::UnknownEdition(_) | SetupError::UnknownSheet { .. }),
        ) => {
            return ApiError::engine(StatusCode::BAD_REQUEST, s.code(), &e);
        }
        _ => StatusCode::UNPROCESSABLE_ENTITY,
    };
    ApiError::engine(status, e.code(), &e)
}
