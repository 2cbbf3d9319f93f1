//! The score-sheet companion's server side, for people playing with the physical cards: the
//! same turn options as at a table, on a sheet, offer and plans the client sends, for any
//! sheet of any edition. Nothing is stored.

use crate::derived;
use crate::edition;
use crate::error::ApiError;
use crate::http::parse;
use crate::options;
use crate::wire::{CompanionAaa, CompanionAaaOut, CompanionOptions, CompanionOut};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use axum::Json;
use welcome_engine::aaa::pile::check_pile;
use welcome_engine::aaa::{table_rule, AaaScore, Outcome};
use welcome_engine::modules::zombies;
use welcome_engine::{
    opponent_card, AaaCard, Card, CheckedLayout, Decision, Edition, Mode, Offer, OfferShape,
    Options, Pick, Play, Score, Sheet, SheetData, SheetLayout, Stage, TableValues, Temps,
    TurnContext,
};

/// Most other players a companion sheet may rank its temps against.
fn max_others() -> usize {
    crate::state::Limits::default().max_seats
}

use edition::mode_id;

/// A small count in words, as the rulebook writes it.
fn words(n: usize) -> String {
    match n {
        2 => "two".into(),
        3 => "three".into(),
        _ => n.to_string(),
    }
}

/// `POST /api/companion/options`.
pub async fn options(body: Result<Bytes, BytesRejection>) -> Result<Json<CompanionOut>, ApiError> {
    let req: CompanionOptions = parse(body)?;
    let (edition, shipped) = edition::choose(req.edition.as_deref(), req.sheet_id.as_deref())?;
    // The player's own printed layout, checked as a table's (§X40); kept for this request only.
    let entered = match &req.layout {
        None | Some(serde_json::Value::Null) => None,
        Some(v) => {
            let text = match v {
                serde_json::Value::String(text) => text.clone(),
                v => v.to_string(),
            };
            let l = CheckedLayout::parse(edition, shipped.id, &text)
                .map_err(|e| ApiError::bad_request(e.code(), e.to_string()))?;
            Some(l)
        }
    };
    let layout: &SheetLayout = entered.as_ref().map_or(shipped, CheckedLayout::layout);
    // Values from the player's own cards (§18.5), checked as a table's are.
    let values = TableValues {
        plans: req.plans.map(|p| p.values),
        opponent: req.aaa.as_ref().and_then(|a| a.opponent),
        layout: None,
    };
    values
        .check()
        .and_then(|()| values.check_for(edition))
        .map_err(|e| ApiError::bad_request(e.code(), e.to_string()))?;
    let sheet = req
        .sheet
        .to_sheet_with(edition, layout, &values.plans)
        .map_err(|e| ApiError::engine(StatusCode::UNPROCESSABLE_ENTITY, e.code(), e))?;
    let bad_offer = |m: String| ApiError::bad_request("bad_offer", m);
    if req.nine_three_quarters && edition.nine_three_quarters.is_empty() {
        return Err(ApiError::bad_request(
            "no_nine_three_quarters",
            welcome_engine::SetupError::NoNineThreeQuarters {
                edition: edition.id.to_string(),
            }
            .to_string(),
        ));
    }
    // The cards the player's table deals: the edition's deck, with the 9¾ cards when it
    // plays with them.
    let quarters: &[Card] = match req.nine_three_quarters {
        true => &edition.nine_three_quarters,
        false => &[],
    };
    let deck = edition.deck.iter().chain(quarters);
    match &req.offer {
        Offer::Combinations(cs) => {
            for c in cs {
                if !deck.clone().any(|d| d.number == c.number) {
                    return Err(bad_offer(format!(
                        "no card has the number {}",
                        welcome_engine::number::shown(c.number)
                    )));
                }
            }
        }
        Offer::Hand(h) => {
            for c in h {
                if !deck.clone().any(|d| d == c) {
                    return Err(bad_offer(format!("there is no card {c}")));
                }
            }
        }
    }
    let mode = req.mode.unwrap_or(match req.offer {
        Offer::Combinations(_) => Mode::Standard,
        Offer::Hand(_) => Mode::Solo,
    });
    // What the mode deals on this sheet comes from the engine (`Mode::offer_shape`).
    let shape = mode.offer_shape(layout);
    let deals = match shape {
        OfferShape::Combinations(n) => format!("{} combinations", words(n)),
        OfferShape::Hand { cards, .. } => format!("a hand of {} cards", words(cards)),
    };
    let fits = match (shape, &req.offer) {
        (OfferShape::Combinations(_), Offer::Combinations(_)) => true,
        (OfferShape::Hand { cards, runs_out }, Offer::Hand(h)) => {
            if h.len() != cards && !(runs_out && h.is_empty()) {
                let when = if runs_out {
                    " (none once the draw pile ran out for good)"
                } else {
                    ""
                };
                return Err(bad_offer(format!(
                    "{} cards in the hand: on the {} sheet a {} game deals {deals}{when}",
                    h.len(),
                    layout.name,
                    mode_id(mode)
                )));
            }
            true
        }
        _ => false,
    };
    if !fits {
        return Err(bad_offer(format!(
            "a {} game offers {deals}",
            mode_id(mode)
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
    let sent_aaa = req.aaa.is_some();
    let mut aaa_req = req.aaa.unwrap_or_default();
    let aaa = opponent_card(edition, mode, aaa_req.level, aaa_req.opponent)
        .map_err(|e| ApiError::bad_request(e.code(), e.to_string()))?;
    match aaa {
        Some(_) => {
            check_aaa(edition, layout, &aaa_req)?;
            aaa_req.halves = aaa_halves(layout, &aaa_req)?;
        }
        None if sent_aaa => {
            return Err(ApiError::bad_request(
                "not_aaa",
                welcome_engine::SetupError::NotAaa.to_string(),
            ))
        }
        None => {}
    }
    let table = Options {
        edition: edition.id,
        sheet: layout.id,
        aaa_level: aaa.map(|c| c.level),
        nine_three_quarters: req.nine_three_quarters,
        ..Options::new(mode).advanced(req.advanced)
    };
    edition::check_sheet_mode(edition, layout, mode)?;
    let zombie_cards = zombies::round_cards(layout, &req.zombies)
        .map_err(|e| ApiError::bad_request(e.code(), e.to_string()))?;
    let reshuffle = table.reshuffle_offered(&req.plans);
    let ctx = TurnContext::new(edition, layout, &table, req.offer, &req.plans, reshuffle)
        .with_zombies(zombie_cards);
    let others = req.temps_of_others.clone();
    // Against the AAA, temps rank against its cards and shelters compare with its halves (as
    // the request's Validation card left them).
    let solo_table = match &aaa {
        Some(card) => table_rule(layout, card, &aaa_req.given, &aaa_req.halves),
        None => Temps::Solo.into(),
    };
    let score = move |s: &Sheet| -> Score {
        if mode == Mode::Solo {
            Score::of(layout, s, solo_table)
        } else {
            let mut all = others.clone();
            all.push(s.temps());
            Score::of(layout, s, Temps::Ranked(&all))
        }
    };
    // The X marks the player drew on the hordes' arrows so far (Zombies), and this turn's.
    let slowed = req.sheet.slowed();
    let outcome = options::follow(&ctx, &sheet, &req.draft, &score, &slowed);
    let mut after_turn = None;
    if outcome.options.complete {
        let mut end = outcome.machine.clone();
        // A round the game ends before (Zombies) is over once its ammo is given.
        let done = if end.stage() == Stage::Done {
            end.finish()
        } else {
            end.apply(Decision::Stop {
                reshuffle: req.draft.reshuffle,
            })
            .and_then(|()| end.finish())
        };
        if let Ok((turn, mut s)) = done {
            // Alone at the table, this seat is every seat: the round ends on its sheet.
            if mode == Mode::Solo {
                for m in &layout.modules {
                    m.end_of_round(layout, std::slice::from_mut(&mut s));
                }
            }
            let mut data = SheetData::of(layout, &s);
            let mut marks = derived::of(layout, &s);
            let mut all = slowed;
            derived::add_slowed(&mut all, &turn.ammo);
            marks.mark_slowed(&mut data, &all);
            after_turn = Some(data);
            if let (Some(_), Some(r)) = (&aaa, &turn.roundabout) {
                for m in &layout.modules {
                    m.on_roundabout(layout, &mut aaa_req.halves, r.house.street);
                }
            }
            if aaa.is_some() {
                // The round ends for the AAA as at a table, once the turn's card is given to it
                // (Coin Coin: a scoring the turn held is held for the AAA too).
                let mut given = aaa_req.given.clone();
                given.extend(given_card(&req.offer, &turn.play));
                for m in &layout.modules {
                    m.aaa_after_round(layout, &s, &mut aaa_req.halves, &given);
                }
            }
        }
    }
    let aaa = aaa.map(|card| aaa_out(edition, layout, &sheet, card, &aaa_req));
    Ok(Json(CompanionOut {
        options: outcome.options,
        after_turn,
        aaa,
    }))
}

/// The hand card a turn gives the AAA at the end of the turn (§15.3): the one it did not use,
/// or of a hand of two the one it names (Zombies, §8.6).
fn given_card(offer: &Offer, play: &Play) -> Option<Card> {
    let Offer::Hand(hand) = offer else {
        return None;
    };
    let keep = match *play {
        Play::Build(b) => match (b.pick, b.pass) {
            (Pick::Hand(_), Some(pass)) => pass,
            (Pick::Hand((n, e)), None) => 3u8.checked_sub(n + e)?,
            (Pick::Combination(_), _) => return None,
        },
        Play::Refuse { pass } => pass.unwrap_or(2),
        Play::Unplayed => return None,
    };
    hand.get(usize::from(keep)).copied()
}

/// The AAA's halves as sent (or as at setup), after the request's Validation card.
fn aaa_halves(layout: &SheetLayout, a: &CompanionAaa) -> Result<Vec<u8>, ApiError> {
    let bad = |m: String| ApiError::bad_request("bad_aaa", m);
    let setup: Vec<u8> = layout
        .modules
        .iter()
        .flat_map(|m| m.aaa_halves(layout))
        .collect();
    let mut halves = if a.halves.is_empty() {
        setup
    } else if a.halves.len() != setup.len() {
        return Err(bad(format!(
            "aaa.halves: {} values, the {} sheet splits {} boxes",
            a.halves.len(),
            layout.name,
            setup.len()
        )));
    } else {
        let most = layout
            .modules
            .iter()
            .map(|m| m.aaa_half_most(layout))
            .max()
            .unwrap_or(0);
        if let Some(v) = a.halves.iter().find(|&&v| v > most) {
            return Err(bad(format!(
                "aaa.halves: {v} is more than a half holds ({most})"
            )));
        }
        a.halves.clone()
    };
    if let Some(v) = a.validation {
        if !(1..=3).contains(&v) {
            return Err(bad(format!("aaa.validation: plan {v}; plans are 1 to 3")));
        }
        let mut sheet = Sheet::new(layout);
        for m in &layout.modules {
            m.on_validation(layout, &mut sheet, &mut halves, &a.given, v - 1);
        }
    }
    Ok(halves)
}

/// The AAA's pile and validations as the player typed them: the pile as the engine checks it
/// (`aaa::pile`), plan points in the printed range.
fn check_aaa(edition: &Edition, layout: &SheetLayout, a: &CompanionAaa) -> Result<(), ApiError> {
    let bad = |m: String| ApiError::bad_request("bad_aaa", m);
    check_pile(&edition.deck, layout, &a.given).map_err(|e| bad(format!("aaa.given: {e}")))?;
    for (i, p) in a.plans.iter().enumerate() {
        if let Some(v) = *p {
            if v > welcome_engine::values::MAX_PLAN_POINTS {
                return Err(bad(format!(
                    "aaa.plans.{}: {v} points is more than a plan card shows",
                    welcome_engine::aaa::LETTERS[i]
                )));
            }
        }
    }
    Ok(())
}

/// The AAA scored against `sheet`, and the player's standing against it.
fn aaa_out(
    edition: &Edition,
    layout: &SheetLayout,
    sheet: &Sheet,
    card: AaaCard,
    a: &CompanionAaa,
) -> CompanionAaaOut {
    let rules = edition.aaa.as_ref();
    let name = rules
        .and_then(|r| r.opponent(card.level))
        .map_or_else(|| format!("AAA level {}", card.level), |o| o.name.clone());
    let best = rules.map_or(5, |r| r.best_estates as usize);
    let score = card
        .scoring
        .as_ref()
        .map(|s| AaaScore::against(s, &a.given, a.plans, layout, &a.halves, sheet, best));
    let standing = score.as_ref().map(|aaa| {
        let me = Score::of(
            layout,
            sheet,
            table_rule(layout, &card, &a.given, &a.halves),
        );
        Outcome::of(
            (me.total, me.tie_break.estates),
            (aaa.total, aaa.estate_count),
        )
    });
    CompanionAaaOut {
        name,
        card,
        score,
        standing,
        halves: a.halves.clone(),
    }
}
