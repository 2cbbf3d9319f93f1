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
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use welcome_engine::game::SetupError;
use welcome_engine::{Record, RecordError};

pub async fn replay(
    State(st): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let bytes = crate::http::body(body)?;
    let limits = st.limits().clone();
    // A place in the line first (a full line is refused at once), then one of the few
    // replays that run at once: each holds its answer in memory and keeps a core busy.
    let _queued = st.replay_place().ok_or_else(|| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "replay_busy",
            "the server is replaying as many records as it can; try again in a moment",
        )
        .retry_after(1)
    })?;
    let _running = st.replay_turn().await;
    // Replaying is pure computation, and a long record takes a while: off the async threads.
    let json = tokio::task::spawn_blocking(move || {
        replay_bytes(&bytes, &limits).and_then(|out| answer(&out, limits.max_replay_answer))
    })
    .await
    .map_err(|e| ApiError::internal(format!("the replay failed: {e}")))??;
    Ok((
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        json,
    )
        .into_response())
}

/// The answer as JSON, refused (`replay_too_large`) past `max` bytes without writing more.
pub fn answer(out: &ReplayOut, max: usize) -> Result<Vec<u8>, ApiError> {
    let mut w = Bounded {
        bytes: Vec::new(),
        max,
    };
    match serde_json::to_writer(&mut w, out) {
        Ok(()) => Ok(w.bytes),
        Err(e) if e.is_io() => Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "replay_too_large",
            format!("the replay of this record is more than the {max} bytes this server answers"),
        )),
        Err(e) => Err(ApiError::internal(format!("the replay failed: {e}"))),
    }
}

/// A buffer that refuses to grow past `max` bytes.
struct Bounded {
    bytes: Vec<u8>,
    max: usize,
}

impl std::io::Write for Bounded {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.bytes.len() + buf.len() > self.max {
            return Err(std::io::Error::other("the answer is too large"));
        }
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Replays a record given as JSON bytes.
pub fn replay_bytes(bytes: &[u8], limits: &Limits) -> Result<ReplayOut, ApiError> {
    let text = std::str::from_utf8(bytes).map_err(|_| {
        ApiError::bad_request(
            "record_json",
            "this file is not a game record: a game record is the JSON file a finished game \
             offers to download, and this file is not text at all (a picture, or another \
             program's file?)",
        )
    })?;
    let record = Record::from_json(text).map_err(record_error)?;
    // Names as a table's: each is in every sheet of every round of the answer.
    for (i, name) in record.setup.seats.iter().enumerate() {
        crate::name::check_name(name, limits.max_name).map_err(|e| {
            ApiError::bad_request("bad_name", format!("setup.seats[{i}]: {}", e.message))
        })?;
    }
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
        // record cut after it (with round k + 1's draws, so that it ends as a game in progress),
        // whose seed the whole record's replay has checked.
        let after = if k == played {
            game.clone()
        } else {
            cut(&record, k).replay_draws().map_err(record_error)?
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
