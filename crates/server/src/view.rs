//! The public side of a game as the protocol shows it: plans with their text, every sheet with
//! its score, the log of resolved rounds and the result with a tie-break sentence.

use crate::derived::Slowed;
use crate::wire::{AaaInfo, EndInfo, LogRound, Passing, PlanInfo, ResultInfo, SheetInfo};
use welcome_engine::{verdict_by, EndReason, Game, Mode, PassDirection, SheetData};

pub fn plans(game: &Game) -> Vec<PlanInfo> {
    game.plans()
        .iter()
        .enumerate()
        .filter_map(|(i, slot)| {
            let card = game.edition().plan(slot.card)?;
            // The points the table entered from its own card, else the edition's.
            let [first, second] = slot.values.unwrap_or([card.first, card.second]);
            Some(PlanInfo {
                plan: i + 1,
                card: card.id,
                stack: card.stack,
                advanced: card.advanced,
                text: card.describe(),
                first,
                second,
                approved: slot.approved,
            })
        })
        .collect()
}

pub fn sheets(game: &Game, names: &[String]) -> Vec<SheetInfo> {
    let scores = game.scores();
    game.sheets()
        .iter()
        .zip(scores)
        .enumerate()
        .map(|(i, (sheet, score))| {
            let mut data = SheetData::of(game.layout(), sheet);
            let mut derived = crate::derived::of(game.layout(), sheet);
            derived.mark_slowed(&mut data, &slowed(game, i));
            SheetInfo {
                seat: i + 1,
                name: names.get(i).cloned().unwrap_or_default(),
                sheet: data,
                score,
                derived,
            }
        })
        .collect()
}

/// Zombies: the X marks of the hordes `seat` slowed in the rounds resolved so far.
pub fn slowed(game: &Game, seat: usize) -> Slowed {
    let mut out = [0; 16];
    for r in game.log() {
        if let Some(t) = r.turns.get(seat) {
            crate::derived::add_slowed(&mut out, &t.ammo);
        }
    }
    out
}

/// Whether the log leaves out draws and offers: in expert mode they would reveal hands (the
/// card a neighbour passed is still in a hand), so they are shown only once the game is over.
pub fn log_hidden(game: &Game) -> bool {
    game.options().mode == Mode::Expert && !game.is_over()
}

/// The resolved rounds (only those) after the first `skip`.
pub fn log_from(game: &Game, skip: usize) -> Vec<LogRound> {
    let hide_draws = log_hidden(game);
    game.log()
        .iter()
        .filter(|r| !r.turns.is_empty())
        .skip(skip)
        .map(|r| LogRound {
            round: r.round,
            draws: if hide_draws {
                Vec::new()
            } else {
                r.draws.clone()
            },
            offers: if hide_draws {
                Vec::new()
            } else {
                r.offers.clone()
            },
            turns: r.turns.clone(),
        })
        .collect()
}

fn end_info(e: &EndReason) -> EndInfo {
    match *e {
        EndReason::Refusals { seat } => EndInfo::Refusals { seat: seat + 1 },
        EndReason::Plans { seat } => EndInfo::Plans { seat: seat + 1 },
        EndReason::AllHouses { seat } => EndInfo::AllHouses { seat: seat + 1 },
        EndReason::DeckExhausted => EndInfo::DeckExhausted,
        EndReason::Declared => EndInfo::Declared,
    }
}

pub fn result(game: &Game, names: &[String]) -> Option<ResultInfo> {
    if !game.is_over() {
        return None;
    }
    let scores = game.scores();
    let ranks = game.ranks();
    let winners: Vec<usize> = (0..ranks.len())
        .filter(|&i| ranks[i] == 1)
        .map(|i| i + 1)
        .collect();
    Some(ResultInfo {
        end: game.end().iter().map(end_info).collect(),
        scores: scores.iter().map(|s| s.total).collect(),
        tie_break: verdict_by(
            game.layout().rules.tie_break,
            names,
            &scores,
            &ranks,
            game.options().mode == Mode::Solo,
        ),
        ranks,
        winners,
    })
}

/// Where `seat`'s passed card goes and where its received card came from (expert games): the
/// card a seat passes sits first in its receiver's hand from round 2 on.
pub fn passing(game: &Game, seat: usize) -> Option<Passing> {
    let options = game.options();
    if options.mode != Mode::Expert {
        return None;
    }
    let n = game.players();
    let (to, from) = match options.pass {
        PassDirection::Right => ((seat + n - 1) % n, (seat + 1) % n),
        PassDirection::Left => ((seat + 1) % n, (seat + n - 1) % n),
    };
    Some(Passing {
        to: to + 1,
        from: from + 1,
        received: (game.round() > 1).then_some(1),
    })
}

/// AAA solo: the automa with its running score and, once the game is over, the outcome.
pub fn aaa(game: &Game) -> Option<AaaInfo> {
    let a = game.aaa()?;
    let name = game
        .edition()
        .aaa
        .as_ref()
        .and_then(|r| r.opponent(a.card.level))
        .map_or_else(|| format!("AAA level {}", a.card.level), |o| o.name.clone());
    Some(AaaInfo {
        name,
        view: a.view(),
        score: game.aaa_score(),
        outcome: game.outcome(),
    })
}
