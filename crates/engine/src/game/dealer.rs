//! A table that only deals: the players write on paper sheets and the game is the cards alone.
//!
//! Such a game has no seats, so nothing in it can validate a plan, ask for the first-plan
//! reshuffle or end the game: its host tells it what happened on the sheets at the end of each
//! round (`Game::deal_next`) and when the game ends (`Game::declare_end`). Everything else is
//! the seated game's own code — the same setup, the same `start_round`, the same end check — so
//! a dealer deals exactly the cards a seated game with the same seed deals when the same plans
//! are validated in the same rounds, the Solo card and the end of the deck included.
//!
//! It lives inside `game` because it steps a `Position` as `resolve_ready` does, with the
//! position's own private state and dealing, rather than widening what `game` shows to the
//! rest of the engine.

use super::{
    DealError, EndReason, Game, Mode, Options, Position, RoundLog, SetupError, Table, TableValues,
};
use crate::card::Draw;
use crate::edition::{Edition, SoloKind};
use crate::legal::{Combination, Offer};
use crate::record::{GameResult, RecordError};
use std::collections::VecDeque;

/// Why a table that only deals cannot do what its host asked. Nothing changes on error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealerError {
    #[error("this game has seats: plans and the reshuffle come from their turns")]
    NotDealer,
    #[error("the game is over")]
    GameOver,
    #[error("plan n°{} is already approved: its card already shows the lower value", plan + 1)]
    AlreadyApproved { plan: usize },
    #[error("the first-plan reshuffle is only offered in the first round in which a plan is achieved, to a table that plays with it (never in solo)")]
    ReshuffleNotOffered,
    #[error(transparent)]
    Deal(#[from] DealError),
}

impl DealerError {
    pub fn code(&self) -> &'static str {
        match self {
            DealerError::NotDealer => "not_dealer",
            DealerError::GameOver => "game_over",
            DealerError::AlreadyApproved { .. } => "plan_already_approved",
            DealerError::ReshuffleNotOffered => "reshuffle_not_offered",
            DealerError::Deal(e) => e.code(),
        }
    }
}

/// Serde helper: a round in which no plan was marked achieved leaves `approved` out.
pub(super) fn none_approved(approved: &[bool; 3]) -> bool {
    !approved.contains(&true)
}

/// The modes a table without seats can deal: the standard game and the 1st edition's Solo
/// game. Expert deals a hand to every seat, which pass cards to each other, and the AAA takes
/// a card from its player's hand: neither exists without seats.
pub(super) fn check_mode(edition: &Edition, options: &Options) -> Result<(), SetupError> {
    let reason = match options.mode {
        Mode::Standard => return Ok(()),
        Mode::Solo if edition.rules.solo != SoloKind::Aaa => return Ok(()),
        Mode::Solo => "the AAA takes a card from its player's hand each turn",
        Mode::Expert => "every player holds a hand and passes a card",
    };
    Err(SetupError::DealerMode {
        mode: options.mode.name(),
        reason,
    })
}

impl Game {
    /// A game with no seats, for players who write on paper sheets: plans drawn and round 1
    /// dealt from the seed exactly as `Game::with_values` would with seats. Standard mode (both
    /// editions) and the 1st edition's Solo game; expert and AAA solo are refused
    /// (`dealer_mode`).
    pub fn dealer(options: Options, seed: u64, values: &TableValues) -> Result<Game, SetupError> {
        Game::setup(options, None, seed, None, None, values)
    }

    /// Ends the round of a table that only deals and deals the next one. `approved[i]`: plan
    /// n°i + 1 was achieved this round, so its card turns (its later value from now on, as
    /// when a seat validates it); `reshuffle`: a player who achieved it asks for the first-plan
    /// reshuffle (Ruling 13), only while it is offered and with a plan achieved this round. In
    /// solo the last card ends the game (`DeckExhausted`). Nothing changes on error.
    pub fn deal_next(&mut self, approved: [bool; 3], reshuffle: bool) -> Result<(), DealerError> {
        self.check_dealer()?;
        if let Some(plan) = (0..3).find(|&i| approved[i] && self.plans[i].approved) {
            return Err(DealerError::AlreadyApproved { plan });
        }
        if reshuffle && !(self.reshuffle_offered() && approved.contains(&true)) {
            return Err(DealerError::ReshuffleNotOffered);
        }
        // A position without seats is a few small vectors: work on copies, so that a failed
        // deal (a replayed record out of draws) changes nothing.
        let mut position = self.position.clone();
        let mut script = self.script.clone();
        let next = position.deal_next(approved, reshuffle, &mut script)?;
        self.position = position;
        self.script = script;
        if let Some(log) = self.log.last_mut() {
            log.approved = approved;
            log.reshuffle = reshuffle;
        }
        self.log.extend(next);
        Ok(())
    }

    /// The host of a table that only deals ends the game: a player has seen an end condition
    /// on their sheet (all three plans, the last refusal, every house numbered), which only
    /// the sheets show. The round in progress is the last.
    pub fn declare_end(&mut self) -> Result<(), DealerError> {
        self.check_dealer()?;
        self.position.end = vec![EndReason::Declared];
        Ok(())
    }

    fn check_dealer(&self) -> Result<(), DealerError> {
        if !self.deals_only() {
            return Err(DealerError::NotDealer);
        }
        if self.is_over() {
            return Err(DealerError::GameOver);
        }
        Ok(())
    }

    /// Replays round `round` of a dealer's record (`Record::replay`): the host's marks of the
    /// round deal the next one, or the recorded end closes the last.
    pub(crate) fn replay_dealt(
        &mut self,
        rec: &RoundLog,
        round: u16,
        last: bool,
        result: Option<&GameResult>,
    ) -> Result<(), RecordError> {
        if !rec.turns.is_empty() {
            return Err(RecordError::TurnCount {
                round,
                found: rec.turns.len(),
                players: 0,
            });
        }
        let marked = !none_approved(&rec.approved) || rec.reshuffle;
        if last && !marked {
            match result {
                // The round in progress.
                None => return Ok(()),
                Some(r) if r.end == [EndReason::Declared] => {
                    return self
                        .declare_end()
                        .map_err(|source| RecordError::Dealer { round, source });
                }
                // Solo: the round that dealt the last cards, ended by dealing on.
                Some(_) => {}
            }
        }
        match self.deal_next(rec.approved, rec.reshuffle) {
            Ok(()) => Ok(()),
            Err(DealerError::Deal(DealError::ScriptExhausted)) if last => {
                Err(RecordError::Truncated { round })
            }
            Err(DealerError::Deal(source)) => Err(RecordError::Deal {
                round: round + 1,
                source,
            }),
            Err(source) => Err(RecordError::Dealer { round, source }),
        }
    }
}

impl Position {
    /// Whether this is a table that only deals (`Game::dealer`): it has no seats.
    pub fn deals_only(&self) -> bool {
        self.sheets.is_empty()
    }

    /// What the table offers this round, whoever sits at it: the three combinations (standard)
    /// or the solo hand; `None` in expert mode, where each seat holds its own hand. What a
    /// shared screen shows, and what the record logs as the round's offer.
    pub fn table_offer(&self) -> Option<Offer> {
        match &self.table {
            Table::Stacks { flipped, numbers } => Some(Offer::Combinations(
                numbers
                    .iter()
                    .zip(flipped)
                    .map(|(n, f)| Combination {
                        number: n.number,
                        effect: f.effect,
                    })
                    .collect(),
            )),
            Table::Solo { hand } => Some(Offer::Hand(*hand)),
            Table::Hands { .. } => None,
        }
    }

    /// The end of a round without seats, in the order of `resolve_ready`: the plans achieved
    /// turn, the solo hand goes to the discard (the stacks' effect cards go when the next
    /// round is dealt), the end is checked (solo: the last card), then the next round is
    /// dealt, after the reshuffle if one was asked for.
    fn deal_next(
        &mut self,
        approved: [bool; 3],
        reshuffle: bool,
        script: &mut Option<VecDeque<Draw>>,
    ) -> Result<Option<RoundLog>, DealError> {
        for (slot, a) in self.plans.iter_mut().zip(approved) {
            slot.approved |= a;
        }
        if let Table::Solo { hand } = &self.table {
            self.discard.extend_from_slice(hand);
        }
        self.reshuffle_next = reshuffle;
        self.check_end();
        if !self.is_over() && self.ends_at_flip(script) {
            self.end.push(super::EndReason::DeckExhausted);
        }
        if self.is_over() {
            return Ok(None);
        }
        self.start_round(false, script).map(Some)
    }
}
