//! The score-sheet companion's server side, for people playing with the physical cards: the
//! same turn options as at a table, on a sheet, offer and plans the client sends, for any
//! sheet of any edition. Nothing is stored.

use crate::edition;
use crate::error::ApiError;
use crate::http::parse;
use crate::options;
use crate::wire::{CompanionOptions, CompanionOut};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use axum::Json;
use welcome_engine::{Decision, Mode, Offer, Options, Score, Sheet, SheetData, Temps, TurnContext};

/// Most other players a companion sheet may rank its temps against.
fn max_others() -> usize {
    crate::state::Limits::default().max_seats
}

fn mode_id(mode: Mode) -> String {
    serde_json::to_value(mode)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// `POST /api/companion/options`.
pub async fn options(body: Result<Bytes, BytesRejection>) -> Result<Json<CompanionOut>, ApiError> {
    let req: CompanionOptions = parse(body)?;
    let (edition, layout) = edition::choose(req.edition.as_deref(), req.sheet_id.as_deref())?;
    let sheet = req
        .sheet
        .to_sheet(edition, layout)
        .map_err(|e| ApiError::engine(StatusCode::UNPROCESSABLE_ENTITY, e.code(), e))?;
    let bad_offer = |m: String| ApiError::bad_request("bad_offer", m);
    match &req.offer {
        Offer::Combinations(cs) => {
            for c in cs {
                if !edition.deck.iter().any(|d| d.number == c.number) {
                    return Err(bad_offer(format!("no card has the number {}", c.number)));
                }
            }
        }
        Offer::Hand(h) => {
            for c in h {
                if !edition.deck.contains(c) {
                    return Err(bad_offer(format!("there is no card {c}")));
                }
            }
        }
    }
    let mode = req.mode.unwrap_or(match req.offer {
        Offer::Combinations(_) => Mode::Standard,
        Offer::Hand(_) => Mode::Solo,
    });
    if (mode == Mode::Standard) == req.offer.is_hand() {
        return Err(bad_offer(format!(
            "a {} game offers {}",
            mode_id(mode),
            if mode == Mode::Standard {
                "three combinations"
            } else {
                "a hand of three cards"
            }
        )));
    }
    let ids = req.plans.map(|p| p.card);
    if let Err(e) = edition.check_plans(layout, ids, req.advanced) {
        return Err(ApiError::bad_request(
            e.code(),
            format!("{e} (with the {} sheet)", layout.name),
        ));
    }
    if req.temps_of_others.len() > max_others() {
        return Err(ApiError::bad_request("bad_temps", "too many other players"));
    }
    if let Err(e) = options::check_claim_sizes(&req.draft.plans) {
        return Err(ApiError::bad_request("bad_draft", e.message));
    }
    let table = Options {
        edition: edition.id,
        sheet: layout.id,
        ..Options::new(mode).advanced(req.advanced)
    };
    let reshuffle = table.reshuffle_offered(&req.plans);
    let ctx = TurnContext::new(edition, layout, &table, req.offer, &req.plans, reshuffle);
    let others = req.temps_of_others.clone();
    let score = move |s: &Sheet| -> Score {
        if mode == Mode::Solo {
            Score::of(layout, s, Temps::Solo)
        } else {
            let mut all = others.clone();
            all.push(s.temps());
            Score::of(layout, s, Temps::Ranked(&all))
        }
    };
    let outcome = options::follow(&ctx, &sheet, &req.draft, &score);
    let mut after_turn = None;
    if outcome.options.complete {
        let mut end = outcome.machine.clone();
        let done = end
            .apply(Decision::Stop {
                reshuffle: req.draft.reshuffle,
            })
            .and_then(|()| end.finish());
        if let Ok((_, mut s)) = done {
            // Alone at the table, this seat is every seat: the round ends on its sheet.
            if mode == Mode::Solo {
                for m in &layout.modules {
                    m.end_of_round(layout, std::slice::from_mut(&mut s));
                }
            }
            after_turn = Some(SheetData::of(layout, &s));
        }
    }
    Ok(Json(CompanionOut {
        options: outcome.options,
        after_turn,
    }))
}
