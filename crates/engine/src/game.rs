//! A Game: seats, the draw pile, the City Plans and one Round after another (spec §4).
//!
//! Turns are simultaneous: every seat submits, then `resolve` applies them all, fixes plan
//! values, checks the end triggers and deals the next Round. All randomness comes from a seeded
//! ChaCha8 generator; a replay takes its draws from the record instead, so it never depends on
//! the generator.

use crate::aaa::{Aaa, AaaCard, AaaScore, Outcome};
use crate::card::{Card, Draw, Effect};
use crate::edition::{Dealer, Edition, SheetLayout, SoloKind};
use crate::id::SheetId;
use crate::layout::LayoutRef;
use crate::legal::{Cards, Effects, Offer, PlanSlot, TurnContext, TurnError};
use crate::modules::zombies::deal::{ZombieDeal, ZombieDeck};
pub use crate::public::{DeckView, EndReason, NextCard, PacketView, Pile, ZombiePile};
use crate::random::pick_index;
use crate::score::{ranks, score_all, Score};
use crate::sheet::Sheet;
use crate::turn::{Pick, Play, Turn};
use crate::values::TableValues;
use crate::view::PlayerView;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

mod dealer;
pub use dealer::DealerError;

/// Most seats at one table.
pub const MAX_PLAYERS: usize = 1000;

pub use crate::setup::{Mode, Options, PassDirection};

impl Mode {
    /// The fewest and most seats this mode allows with `edition` (expert: every seat holds
    /// three cards at the start, spec §11; the collector's standard game is for 2 or more,
    /// Ruling C27, its solo game being the AAA's).
    pub fn seats(self, edition: &Edition) -> (usize, usize) {
        match self {
            Mode::Solo => (1, 1),
            Mode::Expert => (2, edition.deck.len() / 3),
            Mode::Standard if edition.rules.solo == SoloKind::Aaa => (2, MAX_PLAYERS),
            Mode::Standard => (1, MAX_PLAYERS),
        }
    }

    /// Whether `edition` can be played in this mode by this engine: an AAA solo game needs
    /// the edition's opponent cards.
    pub fn available(self, edition: &Edition) -> bool {
        !(self == Mode::Solo && edition.rules.solo == SoloKind::Aaa && edition.aaa.is_none())
    }

    /// What a round of this mode offers each seat on `layout`, as the game deals it.
    pub fn offer_shape(self, layout: &SheetLayout) -> OfferShape {
        match self {
            Mode::Standard => OfferShape::Combinations(stacks(layout, self)),
            Mode::Solo | Mode::Expert => OfferShape::Hand {
                cards: hand_size(layout),
                runs_out: crate::modules::zombies::deals_by_twos(layout),
            },
        }
    }

    /// One line saying how cards reach the players in `edition`.
    pub fn description_in(self, edition: &Edition) -> &'static str {
        match self {
            Mode::Solo if edition.rules.solo == SoloKind::Aaa => {
                "one player against the AAA automa (levels 0–5)"
            }
            _ => self.description(),
        }
    }
}

impl Options {
    /// Whether a seat validating a plan may ask for the first-plan reshuffle (Ruling 13):
    /// while no plan is approved, never in solo.
    pub fn reshuffle_offered(&self, plans: &[PlanSlot; 3]) -> bool {
        self.first_plan_reshuffle
            && self.mode.offers_reshuffle()
            && !plans.iter().any(|p| p.approved)
    }
}

/// What a round offers each seat (`Mode::offer_shape`), so that front ends never restate it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum OfferShape {
    /// This many combinations of a number and an effect, one from each stack or pile.
    Combinations(usize),
    /// A hand of `cards` cards; `runs_out`: the hand may be empty, in the round the draw pile
    /// ran out for good (the game ends before it is played).
    Hand { cards: usize, runs_out: bool },
}

/// Why a game cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("a game needs at least 1 seat")]
    NoSeats,
    #[error("{players} seats is more than the {max} this mode allows")]
    TooManySeats { players: usize, max: usize },
    #[error("solo mode is for exactly 1 player, not {players}")]
    SoloNeedsOne { players: usize },
    #[error("expert mode needs at least 2 players")]
    ExpertNeedsTwo,
    #[error("{players} seats is fewer than the {min} this mode needs")]
    TooFewSeats { players: usize, min: usize },
    #[error("{mode} mode is not available in edition {edition} yet")]
    ModeUnavailable { mode: &'static str, edition: String },
    #[error("unknown edition {0:?}")]
    UnknownEdition(String),
    #[error("an AAA level is only for the AAA solo game (edition collector, solo mode)")]
    NotAaa,
    #[error("edition {edition} has no AAA opponent card of level {level} (it has {known})")]
    UnknownLevel {
        edition: String,
        level: u8,
        known: String,
    },
    #[error(transparent)]
    Values(#[from] crate::values::ValuesError),
    #[error("edition {edition} has no sheet {sheet:?} (it has {known})")]
    UnknownSheet {
        edition: String,
        sheet: String,
        known: String,
    },
    #[error("City Plan {id} cannot be plan n°{slot}: {reason}")]
    BadPlan { slot: usize, id: u8, reason: String },
    #[error(transparent)]
    Deal(#[from] DealError),
    #[error("a table that only deals cannot play {mode}: {reason}")]
    DealerMode {
        mode: &'static str,
        reason: &'static str,
    },
    #[error(
        "sheet {sheet} cannot be played with the Advanced variant (collector expansions §1.2)"
    )]
    AdvancedNotAllowed { sheet: String },
    #[error("sheet {sheet} is not playable in {mode} mode yet: its own {mode} rules (collector expansions §8.3.7, §8.6) are still to be built")]
    SheetMode { sheet: String, mode: &'static str },
    #[error("edition {edition} has no 9¾ cards: they come with the collector edition (collector expansions §11)")]
    NoNineThreeQuarters { edition: String },
}

impl SetupError {
    pub fn code(&self) -> &'static str {
        match self {
            SetupError::NoSeats => "no_seats",
            SetupError::TooManySeats { .. } => "too_many_seats",
            SetupError::SoloNeedsOne { .. } => "solo_needs_one",
            SetupError::ExpertNeedsTwo => "expert_needs_two",
            SetupError::TooFewSeats { .. } => "too_few_seats",
            SetupError::ModeUnavailable { .. } => "mode_unavailable",
            SetupError::UnknownEdition(_) => "unknown_edition",
            SetupError::NotAaa => "not_aaa",
            SetupError::UnknownLevel { .. } => "unknown_aaa_level",
            SetupError::Values(e) => e.code(),
            SetupError::UnknownSheet { .. } => "unknown_sheet",
            SetupError::BadPlan { .. } => "bad_plan",
            SetupError::Deal(e) => e.code(),
            SetupError::DealerMode { .. } => "dealer_mode",
            SetupError::AdvancedNotAllowed { .. } => "advanced_not_allowed",
            SetupError::SheetMode { .. } => "sheet_mode_unavailable",
            SetupError::NoNineThreeQuarters { .. } => "no_nine_three_quarters",
        }
    }
}

/// A draw that a replayed record asks for but the rules forbid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    #[error("the record has no more draws")]
    ScriptExhausted,
    #[error("card {card} is drawn but none is left in the draw pile")]
    NotInPile { card: Card },
    #[error("the Solo card cannot be drawn here: {reason}")]
    BadSoloCard { reason: String },
    #[error("the Solo card must come up among the last {bottom} of {total} cards, but the record draws it as card {position}")]
    SoloCardTooEarly {
        position: usize,
        bottom: usize,
        total: usize,
    },
    #[error("no card is left to draw")]
    OutOfCards,
    #[error("Validation card {letter} cannot be drawn here: {reason}")]
    BadValidation { letter: char, reason: &'static str },
    #[error("the {card} Zombie card cannot come up here: {reason}")]
    BadZombie { card: &'static str, reason: String },
}

impl DealError {
    pub fn code(&self) -> &'static str {
        match self {
            DealError::ScriptExhausted => "record_out_of_draws",
            DealError::NotInPile { .. } => "card_not_in_pile",
            DealError::BadSoloCard { .. } | DealError::SoloCardTooEarly { .. } => "bad_solo_card",
            DealError::OutOfCards => "out_of_cards",
            DealError::BadValidation { .. } => "bad_validation_card",
            DealError::BadZombie { .. } => "bad_zombie_card",
        }
    }
}

/// What one round looked like: the cards drawn and every seat's turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundLog {
    pub round: u16,
    pub draws: Vec<Draw>,
    /// What the round offered: the three combinations, the solo hand, or every seat's hand
    /// (record version 2; empty in version 1 records).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub offers: Vec<Offer>,
    pub turns: Vec<Turn>,
    /// A table that only deals (no seats, so no turns): the plans its host marked achieved
    /// this round, n°1 to n°3 (`Game::deal_next`). Left out when none was.
    #[serde(default, skip_serializing_if = "dealer::none_approved")]
    pub approved: [bool; 3],
    /// A table that only deals: its host asked for the first-plan reshuffle this round.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reshuffle: bool,
}

/// What is on the table for the current round.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Table {
    /// Per stack: the flipped card (effect) and the top card (number).
    Stacks { flipped: Cards, numbers: Cards },
    /// Solo: the cards of this turn.
    Solo { hand: Cards },
    /// Expert: every seat's hand; `passed[i]` is the card seat i receives for next round.
    Hands { hands: Vec<Cards> },
}

/// Everything that decides how a game goes on: the sheets, the cards (pile, discard, table),
/// the plans, the turns submitted this round and the generator, but not the history. A search
/// copies it thousands of times per move, so it owns only a few small vectors.
#[derive(Clone, Debug)]
pub struct Position {
    edition: &'static Edition,
    pub(crate) layout: LayoutRef,
    options: Options,
    seed: u64,
    pub(crate) rng: ChaCha8Rng,
    /// Cards that can be drawn; order is irrelevant (draws pick uniformly at random).
    pub(crate) pile: Vec<Card>,
    pub(crate) discard: Vec<Card>,
    /// Collector standard game: the three piles (empty otherwise).
    piles: Vec<Pile>,
    table: Table,
    plans: [PlanSlot; 3],
    sheets: Vec<Sheet>,
    pending: Vec<Option<(Turn, Sheet)>>,
    round: u16,
    /// Solo: draw index (0-based, among all 82 draws) at which the Solo card comes up.
    solo_at: Option<usize>,
    solo_drawn: bool,
    pub(crate) drawn: usize,
    reshuffle_next: bool,
    /// Expert: the card each seat receives next round.
    incoming: Vec<Option<Card>>,
    end: Vec<EndReason>,
    /// AAA solo: the automa (collector §15).
    pub(crate) aaa: Option<Aaa>,
    /// Values the table entered from its own cards (already applied to `plans` and `aaa`).
    values: TableValues,
    /// Zombies, standard game: pile 1's Zombie cards (collector expansions §8.3.1).
    pub(crate) zombies: Option<ZombieDeal>,
    /// Zombies, expert and AAA solo: the single draw pile's packets (§8.3.7, §8.6).
    pub(crate) deck: Option<ZombieDeck>,
    /// The card lying on top of the draw pile, action face up (collector Rulings C19, C26):
    /// already taken from `pile` (and logged), it is the next card drawn.
    pub(crate) top: Option<Draw>,
}

/// A game as it was, to go back to (`Game::undo_point`); cheap to keep whatever the rounds
/// played.
#[derive(Clone, Debug)]
pub struct Undo {
    position: Position,
    rounds: usize,
    last: Option<RoundLog>,
    script: Option<VecDeque<Draw>>,
}

impl Undo {
    /// Takes back `seat`'s turn in the game gone back to (see `Game::withdraw`).
    pub fn withdraw(&mut self, seat: usize) -> bool {
        self.position.withdraw(seat)
    }
}

/// A game in progress or finished: its `Position` and the round log kept for the record.
/// Reading methods are `Position`'s (through `Deref`); acting goes through `Game` so that the
/// log stays complete.
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    log: Vec<RoundLog>,
    /// Draws still to take from a record being replayed.
    script: Option<VecDeque<Draw>>,
    /// The seed is not the game's own: replayed from a record without one, the game goes on
    /// from seed 0, which its record then does not claim (`Record::of`).
    unseeded: bool,
}

/// Positions are equal when they play on the same way: the same edition and sheet, cards,
/// sheets, pending turns and generator state.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        std::ptr::eq(self.edition, other.edition)
            && self.layout == other.layout
            && self.options == other.options
            && self.seed == other.seed
            && self.rng == other.rng
            && self.pile == other.pile
            && self.discard == other.discard
            && self.piles == other.piles
            && self.table == other.table
            && self.plans == other.plans
            && self.sheets == other.sheets
            && self.pending == other.pending
            && self.round == other.round
            && self.solo_at == other.solo_at
            && self.solo_drawn == other.solo_drawn
            && self.drawn == other.drawn
            && self.reshuffle_next == other.reshuffle_next
            && self.incoming == other.incoming
            && self.end == other.end
            && self.aaa == other.aaa
            && self.values == other.values
            && self.top == other.top
            && self.zombies == other.zombies
            && self.deck == other.deck
    }
}

impl std::ops::Deref for Game {
    type Target = Position;
    fn deref(&self) -> &Position {
        &self.position
    }
}

/// Why a view does not describe a position (`Position::from_view`): only a view built by
/// hand can be inconsistent.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the view does not describe a position: {0}")]
pub struct ViewError(pub String);

impl ViewError {
    pub fn code(&self) -> &'static str {
        "view_inconsistent"
    }
}

/// Why `step` did not play a round. Nothing changes on error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    #[error("{found} turns for {players} seats")]
    TurnCount { players: usize, found: usize },
    #[error("seat {}: {source}", seat + 1)]
    Turn { seat: usize, source: TurnError },
    #[error(transparent)]
    Deal(#[from] DealError),
}

impl StepError {
    pub fn code(&self) -> &'static str {
        match self {
            StepError::TurnCount { .. } => "turn_count",
            StepError::Turn { source, .. } => source.code(),
            StepError::Deal(e) => e.code(),
        }
    }
}

impl Game {
    /// A new game of the edition and sheet the options name: plans drawn and round 1 dealt
    /// from the seeded generator.
    pub fn new(options: Options, players: usize, seed: u64) -> Result<Game, SetupError> {
        Game::setup(
            options,
            Some(players),
            seed,
            None,
            None,
            &TableValues::default(),
        )
    }

    /// A new game played with values the table entered from its own cards (collector §18.5);
    /// they are checked first and nothing is set up if one is out of range.
    pub fn with_values(
        options: Options,
        players: usize,
        seed: u64,
        values: &TableValues,
    ) -> Result<Game, SetupError> {
        Game::setup(options, Some(players), seed, None, None, values)
    }

    /// A game whose plans and draws come from a record (see `record`); without seats, a
    /// table that only deals.
    pub(crate) fn scripted(
        options: Options,
        players: usize,
        seed: u64,
        plans: [u8; 3],
        draws: VecDeque<Draw>,
        values: &TableValues,
    ) -> Result<Game, SetupError> {
        let seats = (players > 0).then_some(players);
        Game::setup(options, seats, seed, Some(plans), Some(draws), values)
    }

    /// Sets up a game of `seats` seats, or with `None` a table that only deals (`dealer`).
    fn setup(
        options: Options,
        seats: Option<usize>,
        seed: u64,
        plans: Option<[u8; 3]>,
        script: Option<VecDeque<Draw>>,
        values: &TableValues,
    ) -> Result<Game, SetupError> {
        let edition = Edition::by_id(options.edition.as_str())
            .ok_or_else(|| SetupError::UnknownEdition(options.edition.to_string()))?;
        if seats == Some(0) {
            return Err(SetupError::NoSeats);
        }
        if !options.mode.available(edition) {
            return Err(SetupError::ModeUnavailable {
                mode: options.mode.name(),
                edition: edition.id.to_string(),
            });
        }
        if options.nine_three_quarters && edition.nine_three_quarters.is_empty() {
            return Err(SetupError::NoNineThreeQuarters {
                edition: edition.id.to_string(),
            });
        }
        let deck_len = edition.deck_len(options.nine_three_quarters);
        let (min, max) = options.mode.seats(edition);
        // Expert deals every seat a hand of three from one deck: the 9¾ cards make room for
        // one more seat (66 cards, 22 seats; collector expansions §11.2).
        let max = match options.mode {
            Mode::Expert => max.max(deck_len / 3),
            _ => max,
        };
        let players = match seats {
            Some(players) => players,
            None => dealer::check_mode(edition, &options).map(|()| 0)?,
        };
        match options.mode {
            _ if seats.is_none() => {}
            Mode::Solo if players != 1 => return Err(SetupError::SoloNeedsOne { players }),
            Mode::Expert if players < 2 => return Err(SetupError::ExpertNeedsTwo),
            _ if players > max => return Err(SetupError::TooManySeats { players, max }),
            _ if players < min => return Err(SetupError::TooFewSeats { players, min }),
            _ => {}
        }
        // Rules the edition fixes rather than the table (collector: no first-plan reshuffle,
        // Ruling C16; expert passes left, C19).
        let mut options = options;
        options.first_plan_reshuffle &= edition.rules.first_plan_reshuffle;
        if let (Some(pass), Mode::Expert) = (edition.rules.expert_pass, options.mode) {
            options.pass = pass;
        }
        values.check()?;
        values.check_for(edition)?;
        let aaa_card = opponent_card(edition, options.mode, options.aaa_level, values.opponent)?;
        if let Some(c) = &aaa_card {
            options.aaa_level = Some(c.level);
        }
        let layout = layout_of(edition, options.sheet)?;
        let layout = match &values.layout {
            Some(entered) => entered
                .for_game(edition, layout)
                .map_err(crate::values::ValuesError::from)?,
            None => LayoutRef::builtin(layout),
        };
        if options.advanced && !layout.advanced {
            return Err(SetupError::AdvancedNotAllowed {
                sheet: layout.id.to_string(),
            });
        }
        if layout.zombies.is_some() && options.mode == Mode::Solo && aaa_card.is_none() {
            return Err(SetupError::SheetMode {
                sheet: layout.id.to_string(),
                mode: options.mode.name(),
            });
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // The generator is consumed the same way whether the plans and draws come from it or
        // from a record, so a replayed game goes on exactly as the original would have.
        let drawn_plans = draw_plans(edition, &layout, &options, &mut rng);
        let plans = match plans {
            Some(ids) => {
                edition.check_plans(&layout, ids, options.advanced)?;
                ids
            }
            None => drawn_plans,
        };
        let solo_at = (options.mode == Mode::Solo && aaa_card.is_none()).then(|| {
            let total = deck_len + 1;
            let bottom = edition.solo.bottom_part.clamp(1, total);
            total - bottom + pick_index(&mut rng, bottom)
        });
        // AAA: one Validation card in the pile's bottom part, the others in the discard
        // (collector §15.2). Which one is hidden; a replayed record's draws settle it.
        let aaa = aaa_card.map(|card| {
            let letter = pick_index(&mut rng, 3) as u8;
            // With the 9¾ cards: 20 + 1 Validation card, the other 46 on top (§11.2).
            let total = deck_len + 1;
            Aaa {
                card,
                given: Vec::new(),
                plans: [None; 3],
                drawn: Vec::new(),
                halves: layout
                    .modules
                    .iter()
                    .flat_map(|m| m.aaa_halves(&layout))
                    .collect(),
                pile: vec![letter],
                discard: (0..3).filter(|&l| l != letter).collect(),
                guarded: total - edition.solo.bottom_part.clamp(1, total),
            }
        });
        let (zombies, deck) =
            crate::modules::zombies::deal::deal(&layout, options.mode, players, deck_len, &mut rng);
        let mut aaa = aaa;
        if let (Some(a), Some(_)) = (&mut aaa, &deck) {
            // The Validation cards lie in the packets (§8.6), none in the discard.
            a.pile.clear();
            a.discard.clear();
            a.guarded = 0;
        }
        let mut slots = ids_to_slots(plans);
        for (slot, v) in slots.iter_mut().zip(values.plans) {
            slot.values = v;
        }
        let blank = Sheet::new(&layout);
        let piles = if options.mode == Mode::Standard
            && edition.rules.dealer == Dealer::Piles
            && layout.zombies.is_none()
        {
            vec![Pile::default(); 3]
        } else {
            Vec::new()
        };
        let mut position = Position {
            edition,
            layout,
            options,
            seed,
            rng,
            pile: edition.deck_with(options.nine_three_quarters),
            discard: Vec::new(),
            piles,
            table: Table::Solo { hand: Cards::new() },
            plans: slots,
            sheets: vec![blank; players],
            pending: vec![None; players],
            round: 0,
            solo_at,
            solo_drawn: false,
            drawn: 0,
            reshuffle_next: false,
            incoming: vec![None; players],
            end: Vec::new(),
            aaa,
            values: values.clone(),
            top: None,
            zombies,
            deck,
        };
        let mut script = script;
        let first = position.start_round(true, &mut script)?;
        Ok(Game {
            position,
            log: vec![first],
            script,
            unseeded: false,
        })
    }

    /// Everything that decides how the game goes on, without its history.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Every round played so far, the current one last (its turns fill in as it resolves).
    pub fn log(&self) -> &[RoundLog] {
        &self.log
    }

    /// Records `seat`'s turn for this round; nothing changes on error.
    pub fn submit(&mut self, seat: usize, turn: Turn) -> Result<(), TurnError> {
        self.position.submit(seat, turn)
    }

    /// Takes back `seat`'s turn before the round resolves ("restart turn"). Returns whether a
    /// turn was withdrawn.
    pub fn withdraw(&mut self, seat: usize) -> bool {
        self.position.withdraw(seat)
    }

    /// What `undo` needs to put the game back as it is now, once rounds were resolved (or
    /// dealt) since: the position, and of the log only its length and last round (a
    /// resolution fills in that round's turns and appends the next), not every round before.
    pub fn undo_point(&self) -> Undo {
        Undo {
            position: self.position.clone(),
            rounds: self.log.len(),
            last: self.log.last().cloned(),
            script: self.script.clone(),
        }
    }

    /// Puts the game back as it was at `undo` (taken from this game): for a caller whose
    /// resolution could not be stored.
    pub fn undo(&mut self, undo: Undo) {
        self.position = undo.position;
        self.log.truncate(undo.rounds);
        if let (Some(log), Some(last)) = (self.log.last_mut(), undo.last) {
            *log = last;
        }
        self.script = undo.script;
    }

    /// Applies every submitted turn, logs them and deals the next round (spec §4 step 3).
    /// Does nothing unless `ready()`.
    pub fn resolve(&mut self) -> Result<(), DealError> {
        if !self.ready() {
            return Ok(());
        }
        let (turns, next) = if self.script.is_some() {
            // Only a replayed record can fail to deal: work on copies so that nothing
            // changes on error.
            let mut position = self.position.clone();
            let mut script = self.script.clone();
            let done = position.resolve_ready(&mut script)?;
            self.position = position;
            self.script = script;
            done
        } else {
            self.position.resolve_ready(&mut None)?
        };
        if let Some(log) = self.log.last_mut() {
            log.turns = turns;
        }
        self.log.extend(next);
        Ok(())
    }

    /// Every seat plays its turn (`turns[seat]`), then the round resolves. Nothing changes on
    /// error; no seat may have submitted this round already.
    pub fn step(&mut self, turns: &[Turn]) -> Result<(), StepError> {
        let mut next = self.position.clone();
        next.submit_all(turns)?;
        let pending = std::mem::replace(&mut self.position, next);
        if let Err(e) = self.resolve() {
            self.position = pending;
            return Err(e.into());
        }
        Ok(())
    }

    /// Stops taking draws from a record: the game goes on with its own generator, exactly as
    /// the recorded game would have if it was dealt from the same seed.
    /// Marks the game as replayed from a record without a seed.
    pub(crate) fn unseeded(&mut self) {
        self.unseeded = true;
    }

    /// The game's seed, unless it was replayed from a record that did not give one.
    pub fn known_seed(&self) -> Option<u64> {
        (!self.unseeded).then_some(self.position.seed)
    }

    pub(crate) fn end_script(&mut self) {
        self.script = None;
    }
}

impl Position {
    // ----- reading -----

    pub fn edition(&self) -> &'static Edition {
        self.edition
    }

    /// The sheet every seat plays on.
    pub fn layout(&self) -> &SheetLayout {
        &self.layout
    }

    /// The handle to the sheet every seat plays on, for whoever keeps it beyond the position
    /// (a shipped sheet's is a `&'static` reference, `LayoutRef::as_static`).
    pub fn layout_ref(&self) -> &LayoutRef {
        &self.layout
    }

    pub fn options(&self) -> Options {
        self.options
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn players(&self) -> usize {
        self.sheets.len()
    }

    /// The current round, from 1.
    pub fn round(&self) -> u16 {
        self.round
    }

    pub fn sheet(&self, seat: usize) -> Option<&Sheet> {
        self.sheets.get(seat)
    }

    pub fn sheets(&self) -> &[Sheet] {
        &self.sheets
    }

    pub fn plans(&self) -> &[PlanSlot; 3] {
        &self.plans
    }

    /// Cards left in the draw pile and in the discard pile (with three piles, all of them).
    pub fn pile_sizes(&self) -> (usize, usize) {
        let stacked: usize = self.piles.iter().map(|p| p.stack.len()).sum();
        let piled: usize = self.piles.iter().map(|p| p.discard.len()).sum();
        let (in_pile, in_discard) = self
            .aaa
            .as_ref()
            .map_or((0, 0), |a| (a.pile.len(), a.discard.len()));
        let shown = usize::from(self.top.is_some());
        (
            self.pile.len() + stacked + in_pile + shown,
            self.discard.len() + piled + in_discard,
        )
    }

    /// The collector edition's three piles (empty in other games): each one's stack — known
    /// once the pile has been reshuffled, as every card of it was seen — and its discard, all
    /// public (spec §5.3); the stacks' order is never kept.
    pub fn piles(&self) -> Vec<Pile> {
        self.piles
            .iter()
            .map(|p| {
                let mut stack = p.stack.clone();
                sort_cards(&mut stack);
                Pile {
                    stack,
                    discard: p.discard.clone(),
                }
            })
            .collect()
    }

    /// Solo: whether the Solo card has come up.
    pub fn solo_card_drawn(&self) -> bool {
        self.solo_drawn
    }

    /// Why the game ended, or empty while it goes on.
    pub fn end(&self) -> &[EndReason] {
        &self.end
    }

    pub fn is_over(&self) -> bool {
        !self.end.is_empty()
    }

    /// Whether `seat` has submitted this round.
    pub fn has_submitted(&self, seat: usize) -> bool {
        self.pending.get(seat).is_some_and(|p| p.is_some())
    }

    /// The turn `seat` submitted this round, if any.
    pub fn pending_turn(&self, seat: usize) -> Option<&Turn> {
        self.pending.get(seat)?.as_ref().map(|(t, _)| t)
    }

    /// Every seat has submitted: the round can be resolved. Never at a table without seats,
    /// whose rounds end when its host deals the next (`Game::deal_next`).
    pub fn ready(&self) -> bool {
        !self.is_over() && !self.pending.is_empty() && self.pending.iter().all(|p| p.is_some())
    }

    /// What `seat` is offered this round, or `None` if there is no such seat.
    pub fn offer(&self, seat: usize) -> Option<Offer> {
        if seat >= self.players() {
            return None;
        }
        match &self.table {
            Table::Hands { hands } => Some(Offer::Hand(*hands.get(seat)?)),
            _ => self.table_offer(),
        }
    }

    /// Standard game: the effects each stack will offer next round, shown on the backs of the
    /// current number cards (Ruling 28); two on the Zombies sheet, none once its pile 1 has no
    /// number left.
    pub fn next_effects(&self) -> Option<Effects> {
        match &self.table {
            Table::Stacks { numbers, .. } if !numbers.is_empty() => {
                Some(numbers.iter().map(|c| c.effect).collect())
            }
            _ => None,
        }
    }

    /// Whether a seat validating a plan this round may ask for the reshuffle (Ruling 13).
    pub fn reshuffle_offered(&self) -> bool {
        self.options.reshuffle_offered(&self.plans)
    }

    /// The legality context of `seat` for this round, or `None` if there is no such seat.
    pub fn context(&self, seat: usize) -> Option<TurnContext<'_>> {
        Some(
            TurnContext::new(
                self.edition,
                &self.layout,
                &self.options,
                self.offer(seat)?,
                &self.plans,
                self.reshuffle_offered(),
            )
            .with_zombies(self.zombies_now()),
        )
    }

    // ----- acting -----

    /// Checks `turn` for `seat` without changing anything; returns the sheet it would produce.
    pub fn validate(&self, seat: usize, turn: &Turn) -> Result<Sheet, TurnError> {
        if self.is_over() {
            return Err(TurnError::GameOver);
        }
        let sheet = self
            .sheets
            .get(seat)
            .ok_or(TurnError::NoSuchSeat { seat })?;
        let ctx = self.context(seat).ok_or(TurnError::NoSuchSeat { seat })?;
        ctx.apply(sheet, turn)
    }

    /// Every legal turn of `seat` this round.
    pub fn legal_turns(&self, seat: usize) -> Vec<Turn> {
        match self.sheets.get(seat) {
            Some(s) if !self.is_over() => self
                .context(seat)
                .map_or_else(Vec::new, |c| c.legal_turns(s)),
            _ => Vec::new(),
        }
    }

    /// Number of legal turns of `seat` this round.
    pub fn count_turns(&self, seat: usize) -> u64 {
        match self.sheets.get(seat) {
            Some(s) if !self.is_over() => self.context(seat).map_or(0, |c| c.count_turns(s)),
            _ => 0,
        }
    }

    /// Records `seat`'s turn for this round; nothing changes on error.
    pub fn submit(&mut self, seat: usize, turn: Turn) -> Result<(), TurnError> {
        if self.has_submitted(seat) {
            return Err(TurnError::AlreadySubmitted {
                seat,
                round: self.round,
            });
        }
        let after = self.validate(seat, &turn)?;
        self.pending[seat] = Some((turn, after));
        Ok(())
    }

    /// Takes back `seat`'s turn before the round resolves ("restart turn"). Returns whether a
    /// turn was withdrawn.
    pub fn withdraw(&mut self, seat: usize) -> bool {
        self.pending.get_mut(seat).and_then(Option::take).is_some()
    }

    /// Applies every submitted turn and deals the next round (spec §4 step 3), keeping no
    /// log. Does nothing unless `ready()`.
    pub fn resolve(&mut self) -> Result<(), DealError> {
        if self.ready() {
            self.resolve_ready(&mut None)?;
        }
        Ok(())
    }

    /// Every seat plays its turn (`turns[seat]`), then the round resolves. Nothing changes on
    /// error; no seat may have submitted this round already.
    pub fn step(&mut self, turns: &[Turn]) -> Result<(), StepError> {
        let mut next = self.clone();
        next.submit_all(turns)?;
        next.resolve()?;
        *self = next;
        Ok(())
    }

    /// Submits `turns[seat]` for every seat; on error some may be submitted (callers work on
    /// a copy).
    fn submit_all(&mut self, turns: &[Turn]) -> Result<(), StepError> {
        if turns.len() != self.players() {
            return Err(StepError::TurnCount {
                players: self.players(),
                found: turns.len(),
            });
        }
        for (seat, turn) in turns.iter().enumerate() {
            self.submit(seat, turn.clone())
                .map_err(|source| StepError::Turn { seat, source })?;
        }
        Ok(())
    }

    /// The cards `seat` cannot locate: the draw pile, and in expert mode the discard pile
    /// (other seats' played cards are not shown) and the other seats' hands except the card
    /// this seat passed. A determinised search deals the hidden cards from these; the Solo
    /// card, whose place is also hidden, is not a construction card and is not listed.
    pub fn unseen(&self, seat: usize) -> Vec<Card> {
        let mut cards = self.pile.clone();
        // Only the action of the card shown on the pile is seen.
        if let Some(Draw::Card(c)) = self.top {
            cards.push(c);
        }
        if let Table::Hands { hands } = &self.table {
            cards.extend_from_slice(&self.discard);
            let n = hands.len();
            // The card this seat passed sits first in the receiver's hand (see `start_round`).
            let receiver = match self.options.pass {
                PassDirection::Right => (seat + n - 1) % n,
                PassDirection::Left => (seat + 1) % n,
            };
            let passed = self.round > 1;
            for (other, hand) in hands.iter().enumerate() {
                if other == seat {
                    continue;
                }
                let skip = usize::from(passed && other == receiver && n > 1);
                cards.extend_from_slice(&hand[skip..]);
            }
        }
        sort_cards(&mut cards);
        cards
    }

    /// A copy in which everything `seat` cannot know is dealt anew from `seed`: the order of
    /// the draw pile, in expert mode which hidden cards are in the pile, the discard pile and
    /// the other hands (all but the card this seat passed), and in solo the place of the Solo
    /// card still to come. Other seats' unresolved turns are hidden too, so they are dropped
    /// (the copy waits for them again); this seat's own turn is kept. What the seat has seen —
    /// every sheet, the plans, its offer, the counts of cards — is unchanged. It is
    /// `from_view` of the seat's view, so it cannot depend on anything else.
    pub fn resample(&self, seat: usize, seed: u64) -> Position {
        match PlayerView::of(self, seat).map(|v| Position::from_view(&v, seed)) {
            Some(Ok(p)) => p,
            // A position's own views are always consistent; a bad seat gets a plain copy.
            _ => self.clone(),
        }
    }

    /// A position consistent with everything `view` shows, the rest dealt from `seed`
    /// (see `resample`): what a search bot plays on, since it only ever gets a view.
    pub fn from_view(view: &PlayerView, seed: u64) -> Result<Position, ViewError> {
        let bad = |what: &str| Err(ViewError(what.to_string()));
        let n = view.sheets.len();
        let seat = view.seat;
        if seat >= n || view.submitted.len() != n {
            return bad("the seat or the seat count does not fit the sheets");
        }
        let edition = view.edition;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut pool = view.unseen.clone();
        // The card shown on the pile: a hidden number under the action shown, or a Validation
        // card of a letter not drawn yet (dealt with the other letters below).
        let top = match view.next {
            None => None,
            Some(NextCard::Action(effect)) => {
                let fits: Vec<usize> = (0..pool.len())
                    .filter(|&i| pool[i].effect == effect)
                    .collect();
                if fits.is_empty() {
                    return bad("no unseen card has the action shown on the pile");
                }
                Some(Draw::Card(
                    pool.swap_remove(fits[pick_index(&mut rng, fits.len())]),
                ))
            }
            Some(NextCard::Validation) => Some(Draw::Validation(0)),
            Some(NextCard::Zombie(z)) => Some(Draw::Zombie(z)),
        };
        // Zombies expert and AAA: the single pile's packets (dealt below).
        let deck_view = view.zombie_pile.as_ref().and_then(|z| z.deck.as_ref());
        let width = stacks(&view.layout, view.options.mode);
        let face = |k: usize| -> Result<Cards, ViewError> {
            view.face_up
                .get(width * k..width * k + width)
                .map(|c| c.iter().copied().collect())
                .ok_or_else(|| ViewError("too few face-up cards".into()))
        };
        let (table, discard) = match view.options.mode {
            Mode::Standard => (
                Table::Stacks {
                    flipped: face(0)?,
                    numbers: face(1)?,
                },
                view.discard_cards.clone(),
            ),
            Mode::Solo => {
                // The hand as dealt: three cards, two on the Zombies sheet, none once over.
                if view.face_up.len() > 3 {
                    return bad("too many face-up cards");
                }
                let hand = view.face_up.iter().copied().collect();
                (Table::Solo { hand }, view.discard_cards.clone())
            }
            Mode::Expert => {
                let Offer::Hand(own) = view.offer else {
                    return bad("an expert view offers a hand");
                };
                let mut deal = |pool: &mut Vec<Card>| -> Result<Card, ViewError> {
                    if pool.is_empty() {
                        return Err(ViewError("too few unseen cards".into()));
                    }
                    Ok(pool.swap_remove(pick_index(&mut rng, pool.len())))
                };
                let receiver = match view.options.pass {
                    PassDirection::Right => (seat + n - 1) % n,
                    PassDirection::Left => (seat + 1) % n,
                };
                let mut hands = vec![own; n];
                for (other, hand) in hands.iter_mut().enumerate() {
                    if other == seat {
                        continue;
                    }
                    let mut from = 0;
                    if let (true, Some(card)) = (other == receiver, view.passed) {
                        hand[0] = card;
                        from = 1;
                    }
                    for card in &mut hand[from..] {
                        *card = deal(&mut pool)?;
                    }
                }
                let mut discard = Vec::with_capacity(view.discard);
                for _ in 0..view.discard {
                    discard.push(deal(&mut pool)?);
                }
                (Table::Hands { hands }, discard)
            }
        };
        // AAA: the letters not drawn yet, dealt to the top, the pile and the discard.
        let mut top = top;
        let aaa = match &view.aaa {
            None => None,
            Some(v) => {
                let mut left: Vec<u8> = (0..3).filter(|l| !v.drawn.contains(l)).collect();
                for i in (1..left.len()).rev() {
                    left.swap(i, pick_index(&mut rng, i + 1));
                }
                if let Some(Draw::Validation(l)) = &mut top {
                    *l = left
                        .pop()
                        .ok_or_else(|| ViewError("no Validation card is left".into()))?;
                }
                let (pile, discard) = if deck_view.is_some() {
                    // Zombies: the letters lie in the pile's packets, dealt with them below.
                    (Vec::new(), Vec::new())
                } else {
                    if left.len() != v.in_pile + v.in_discard {
                        return bad("the Validation cards do not add up");
                    }
                    let discard = left.split_off(v.in_pile);
                    (left, discard)
                };
                Some(Aaa {
                    card: v.card,
                    given: v.given.clone(),
                    plans: v.plans,
                    drawn: v.drawn.clone(),
                    halves: v.halves.clone(),
                    pile,
                    discard,
                    guarded: v.guarded,
                })
            }
        };
        if matches!(top, Some(Draw::Validation(_))) && aaa.is_none() {
            return bad("a Validation card shows outside an AAA game");
        }
        let letters = aaa
            .as_ref()
            .map_or((0, 0), |a| (a.pile.len(), a.discard.len()));
        let stacked: usize = view.piles.iter().map(|p| p.stack.len()).sum();
        let piled: usize = view.piles.iter().map(|p| p.discard.len()).sum();
        let shown = usize::from(top.is_some());
        if pool.len() + stacked + letters.0 + shown != view.pile
            || discard.len() + piled + letters.1 != view.discard
        {
            return bad("the unseen cards do not fit the pile and discard counts");
        }
        // A rule module's own piles (Zombies), dealt again from what every seat sees.
        let zombies = match ZombieDeal::from_view(
            &view.layout,
            view.zombie_pile.as_ref().filter(|_| deck_view.is_none()),
            &mut rng,
        ) {
            Ok(z) => z,
            Err(what) => return bad(what),
        };
        let deck = match (deck_view, &view.zombie_pile) {
            (Some(d), Some(z)) => {
                let letters: Vec<u8> = match &view.aaa {
                    Some(a) => (0..3)
                        .filter(|l| !a.drawn.contains(l) && top != Some(Draw::Validation(*l)))
                        .collect(),
                    None => Vec::new(),
                };
                let shown = match top {
                    Some(Draw::Zombie(up)) => Some(up),
                    _ => None,
                };
                match ZombieDeck::from_view(
                    &view.layout,
                    view.options.mode,
                    n,
                    (d, z),
                    shown,
                    &letters,
                    &mut rng,
                ) {
                    Ok(deck) => Some(deck),
                    Err(what) => return bad(what),
                }
            }
            _ => None,
        };
        let deck_len = edition.deck_len(view.options.nine_three_quarters);
        let total = deck_len + 1;
        let drawn = deck_len - pool.len() + usize::from(view.solo_card_drawn);
        let solo_at = (view.options.mode == Mode::Solo && aaa.is_none()).then(|| {
            if view.solo_card_drawn {
                0
            } else {
                // The Solo card is somewhere among the last part of the deck, not yet reached.
                let bottom = edition.solo.bottom_part.clamp(1, total);
                let first = (total - bottom).max(drawn);
                first + pick_index(&mut rng, total.saturating_sub(first))
            }
        });
        let mut p = Position {
            edition,
            layout: view.layout.clone(),
            options: view.options,
            seed,
            rng,
            pile: pool,
            discard,
            piles: view.piles.clone(),
            table,
            plans: view.plans,
            sheets: view.sheets.clone(),
            pending: vec![None; n],
            round: view.round,
            solo_at,
            solo_drawn: view.solo_card_drawn,
            drawn,
            reshuffle_next: false,
            incoming: vec![None; n],
            end: view.end.clone(),
            aaa,
            values: view.values.clone(),
            top,
            zombies,
            deck,
        };
        if let Some(turn) = &view.my_turn {
            let after = p
                .validate(seat, turn)
                .map_err(|e| ViewError(format!("the seat's own turn does not validate: {e}")))?;
            p.pending[seat] = Some((turn.clone(), after));
        }
        Ok(p)
    }

    /// The cards face up that `seat` sees: standard, the three flipped cards then the three
    /// number cards; solo, the hand; expert, the seat's own hand.
    pub fn face_up(&self, seat: usize) -> Vec<Card> {
        match &self.table {
            Table::Stacks { flipped, numbers } => flipped.iter().chain(numbers).copied().collect(),
            Table::Solo { hand } => hand.to_vec(),
            Table::Hands { hands } => hands.get(seat).map_or_else(Vec::new, |h| h.to_vec()),
        }
    }

    /// The discard pile when it is face up (standard and solo); empty in expert mode, where
    /// the other seats' played cards are not shown.
    pub fn public_discard(&self) -> Vec<Card> {
        match self.table {
            Table::Hands { .. } => Vec::new(),
            _ => self.discard.clone(),
        }
    }

    /// Expert: the card `seat` passed last round, now first in its neighbour's hand.
    pub fn passed_by(&self, seat: usize) -> Option<Card> {
        let Table::Hands { hands } = &self.table else {
            return None;
        };
        let n = hands.len();
        if self.round <= 1 || n < 2 || seat >= n {
            return None;
        }
        let receiver = match self.options.pass {
            PassDirection::Right => (seat + n - 1) % n,
            PassDirection::Left => (seat + 1) % n,
        };
        Some(hands[receiver][0])
    }

    /// Applies the submitted turns, settles the round and deals the next one; gives the turns
    /// played and the next round's log entry.
    fn resolve_ready(
        &mut self,
        script: &mut Option<VecDeque<Draw>>,
    ) -> Result<(Vec<Turn>, Option<RoundLog>), DealError> {
        let n = self.pending.len();
        let mut turns = Vec::with_capacity(n);
        let mut validated = [false; 3];
        let mut reshuffle = false;
        // Expert seats pass a card; the AAA player gives one (§15.3).
        let expert = matches!(self.table, Table::Hands { .. }) || self.aaa.is_some();
        let mut passes = Vec::with_capacity(if expert { n } else { 0 });
        for seat in 0..n {
            let Some((turn, after)) = self.pending[seat].take() else {
                continue;
            };
            self.sheets[seat] = after;
            if let (Some(a), Some(r)) = (&mut self.aaa, &turn.roundabout) {
                // The AAA answers the player's roundabout (collector expansions §6.6).
                for &m in &self.layout.modules {
                    m.on_roundabout(&self.layout, &mut a.halves, r.house.street);
                }
            }
            for c in &turn.plans {
                validated[c.plan as usize] = true;
            }
            reshuffle |= turn.reshuffle;
            if expert {
                passes.push(match turn.play {
                    Play::Build(b) => match b.pick {
                        // A hand of two names the card passed (Zombies).
                        Pick::Hand((n, e)) => Some(b.pass.unwrap_or(3 - n - e)),
                        Pick::Combination(_) => None,
                    },
                    Play::Refuse { pass } => pass,
                    Play::Unplayed => None,
                });
            }
            turns.push(turn);
        }
        for (slot, v) in self.plans.iter_mut().zip(validated) {
            slot.approved |= v;
        }
        // Races and other things settled across the table (thematic §1.5 step 7).
        for &m in &self.layout.modules {
            m.end_of_round(&self.layout, &mut self.sheets);
        }
        // Cards leave the table.
        match &self.table {
            Table::Solo { hand } => match (&mut self.aaa, passes.first()) {
                (Some(a), Some(&pass)) => {
                    let keep = pass.unwrap_or(2) as usize;
                    for (i, &c) in hand.iter().enumerate() {
                        if i == keep {
                            a.given.push(c);
                        } else {
                            self.discard.push(c);
                        }
                    }
                }
                _ => self.discard.extend_from_slice(hand),
            },
            Table::Hands { hands } => {
                let n = hands.len();
                let mut incoming = vec![None; n];
                for (seat, hand) in hands.iter().enumerate() {
                    let keep = passes[seat].unwrap_or(2) as usize;
                    for (i, &c) in hand.iter().enumerate() {
                        if i != keep {
                            self.discard.push(c);
                        }
                    }
                    let to = match self.options.pass {
                        PassDirection::Right => (seat + n - 1) % n,
                        PassDirection::Left => (seat + 1) % n,
                    };
                    // An unplayed round (Zombies) has nothing to pass.
                    incoming[to] = hand.get(keep).copied();
                }
                self.incoming = incoming;
            }
            Table::Stacks { .. } => {}
        }
        if let (Some(a), Some(sheet)) = (&mut self.aaa, self.sheets.first()) {
            for &m in &self.layout.modules {
                m.aaa_after_round(&self.layout, sheet, &mut a.halves, &a.given);
            }
        }
        // Validation only lets a seat ask when the reshuffle is on offer (Ruling 13).
        self.reshuffle_next = reshuffle;
        self.check_end();
        if !self.is_over() && self.ends_at_flip(script) {
            self.end.push(EndReason::DeckExhausted);
        }
        let next = if self.is_over() {
            None
        } else {
            Some(self.start_round(false, script)?)
        };
        Ok((turns, next))
    }

    fn check_end(&mut self) {
        let mut end = Vec::new();
        for (seat, s) in self.sheets.iter().enumerate() {
            if s.refusals() >= self.layout.refusals.boxes() {
                end.push(EndReason::Refusals { seat });
            }
            if s.plan_scores().iter().all(Option::is_some) {
                end.push(EndReason::Plans { seat });
            }
            if s.all_filled() {
                end.push(EndReason::AllHouses { seat });
            }
        }
        if self.aaa.is_some() && self.deck.is_none() {
            // The rules never run out (one card leaves the cycle per turn); the engine stops
            // rather than deal a short hand.
            let top = usize::from(matches!(self.top, Some(Draw::Card(_))));
            if self.pile.len() + self.discard.len() + top < 3 {
                end.push(EndReason::DeckExhausted);
            }
        } else if self.options.mode == Mode::Solo && self.pile.is_empty() {
            end.push(EndReason::DeckExhausted);
        }
        // Zombies: a round dealt with no number to play was the game's end (§8.3.7–8).
        let nothing = match &self.table {
            Table::Stacks { numbers, .. } => numbers.is_empty(),
            Table::Solo { hand } => self.deck.is_some() && hand.is_empty(),
            Table::Hands { hands } => hands.iter().all(|h| h.is_empty()),
        };
        if nothing {
            end.push(EndReason::DeckExhausted);
        }
        self.end = end;
    }

    // ----- dealing -----

    fn draw_raw(&mut self, script: &mut Option<VecDeque<Draw>>) -> Result<Card, DealError> {
        if self.pile.is_empty() {
            if self.options.mode == Mode::Solo {
                return Err(DealError::OutOfCards);
            }
            // Ruling 14: the discard pile becomes the new deck.
            std::mem::swap(&mut self.pile, &mut self.discard);
            if self.pile.is_empty() {
                return Err(DealError::OutOfCards);
            }
        }
        let solo = self.options.mode == Mode::Solo;
        take_card(&mut self.rng, &mut self.pile, script, solo)
    }

    /// Draws the next card of pile `i` in the collector edition's standard game (Ruling C1):
    /// from the common deck while its first deal lasts, then from the pile's own stack, which
    /// is the pile's earlier discards reshuffled whenever it is empty.
    fn draw_from_pile(
        &mut self,
        i: usize,
        script: &mut Option<VecDeque<Draw>>,
        log: &mut Vec<Draw>,
    ) -> Result<Card, DealError> {
        if !self.pile.is_empty() {
            return self.draw(script, log);
        }
        let pile = self.piles.get_mut(i).ok_or(DealError::OutOfCards)?;
        if pile.stack.is_empty() {
            std::mem::swap(&mut pile.stack, &mut pile.discard);
            if pile.stack.is_empty() {
                return Err(DealError::OutOfCards);
            }
        }
        let c = take_card(&mut self.rng, &mut pile.stack, script, false)?;
        self.drawn += 1;
        log.push(Draw::Card(c));
        Ok(c)
    }

    /// Whether the draw pile lies action face up with its top card shown (collector Rulings
    /// C19, C26: the single pile of the solo and expert games).
    fn shows_top(&self) -> bool {
        self.layout.rules.pile_face_up && self.options.mode != Mode::Standard
    }

    /// Takes the next item off the single draw pile of a face-up game: a construction card or,
    /// in the AAA game, a Validation card. When the pile is empty the discard, Validation
    /// cards included, becomes the new pile (Rulings C19, C20). Validation cards lie in the
    /// pile's bottom part until the first reshuffle (§15.2); the generator draws one index
    /// over cards and open Validation cards alike, whether or not a record names the draw.
    fn next_item(&mut self, script: &mut Option<VecDeque<Draw>>) -> Result<Draw, DealError> {
        let letters = |p: &Position| p.aaa.as_ref().map_or(0, |a| a.pile.len());
        if self.pile.is_empty() && letters(self) == 0 {
            std::mem::swap(&mut self.pile, &mut self.discard);
            if let Some(a) = &mut self.aaa {
                a.pile.append(&mut a.discard);
                a.guarded = 0;
            }
            if self.pile.is_empty() && letters(self) == 0 {
                return Err(DealError::OutOfCards);
            }
        }
        let open = self
            .aaa
            .as_ref()
            .map_or(0, |a| if a.guarded > 0 { 0 } else { a.pile.len() });
        let cards = self.pile.len();
        let i = pick_index(&mut self.rng, cards + open);
        let wanted = match script {
            None => None,
            Some(s) => Some(*s.front().ok_or(DealError::ScriptExhausted)?),
        };
        let item = match wanted {
            None if i < cards => Draw::Card(self.pile.swap_remove(i)),
            None => {
                let a = self.aaa.as_mut().ok_or(DealError::OutOfCards)?;
                Draw::Validation(a.pile.swap_remove(i - cards))
            }
            Some(Draw::Card(c)) => {
                let at = if self.pile.get(i) == Some(&c) {
                    i
                } else {
                    self.pile
                        .iter()
                        .position(|&p| p == c)
                        .ok_or(DealError::NotInPile { card: c })?
                };
                Draw::Card(self.pile.swap_remove(at))
            }
            Some(Draw::Validation(l)) => {
                let letter = crate::aaa::LETTERS.get(l as usize).copied().unwrap_or('?');
                let bad = |reason| DealError::BadValidation { letter, reason };
                let a = self
                    .aaa
                    .as_mut()
                    .ok_or(bad("this is not an AAA solo game"))?;
                if a.guarded > 0 || a.pile.is_empty() {
                    return Err(bad(
                        "no Validation card can come up at this point of the pile",
                    ));
                }
                if !a.pile.contains(&l) {
                    // Which Validation cards lie in the pile is hidden: the record settles it.
                    let j = a
                        .discard
                        .iter()
                        .position(|&d| d == l)
                        .ok_or(bad("it was already drawn"))?;
                    std::mem::swap(&mut a.discard[j], &mut a.pile[0]);
                }
                let at = a.pile.iter().position(|&p| p == l).unwrap_or(0);
                Draw::Validation(a.pile.swap_remove(at))
            }
            Some(Draw::Solo) => {
                return Err(DealError::BadSoloCard {
                    reason: "this edition has no Solo card".into(),
                })
            }
            Some(Draw::Zombie(z)) => {
                return Err(DealError::BadZombie {
                    card: crate::modules::zombies::card_name(z),
                    reason: "only pile 1 of the Zombies sheet holds Zombie cards".into(),
                })
            }
        };
        if let Some(s) = script {
            s.pop_front();
        }
        if let (Draw::Card(_), Some(a)) = (item, &mut self.aaa) {
            a.guarded = a.guarded.saturating_sub(1);
        }
        Ok(item)
    }

    /// Draws one construction card from a face-up pile: the top card when one is shown, each
    /// Validation card resolved at once and replaced (§15.3, Ruling C20).
    fn draw_face_up(
        &mut self,
        script: &mut Option<VecDeque<Draw>>,
        log: &mut Vec<Draw>,
    ) -> Result<Card, DealError> {
        loop {
            let item = match self.top.take() {
                Some(d) => d,
                None => {
                    let d = self.next_item(script)?;
                    log.push(d);
                    d
                }
            };
            self.drawn += 1;
            match item {
                Draw::Card(c) => return Ok(c),
                Draw::Validation(l) => self.resolve_validation(l as usize),
                Draw::Solo | Draw::Zombie(_) => return Err(DealError::OutOfCards),
            }
        }
    }

    /// Turns the next card face up on the pile (its action shows, or the back of a Validation
    /// card) once the round is dealt; logged with the round's draws.
    fn show_top(
        &mut self,
        script: &mut Option<VecDeque<Draw>>,
        log: &mut Vec<Draw>,
    ) -> Result<(), DealError> {
        let letters = self.aaa.as_ref().map_or(0, |a| a.pile.len());
        if self.top.is_none() && (!self.pile.is_empty() || letters > 0) {
            let d = self.next_item(script)?;
            log.push(d);
            self.top = Some(d);
        }
        Ok(())
    }

    /// A Validation card of plan `slot` comes up (§15.4): an AAA that validates that letter
    /// scores the plan's current value (nothing at level 0) and the plan turns at once.
    pub(crate) fn resolve_validation(&mut self, slot: usize) {
        let Some(a) = &mut self.aaa else {
            return;
        };
        // The sheet's own Validation-card rules (collector expansions §n.6), at every level.
        if let Some(sheet) = self.sheets.first_mut() {
            for &m in &self.layout.modules {
                m.on_validation(&self.layout, sheet, &mut a.halves, &a.given, slot as u8);
            }
        }
        a.drawn.push(slot as u8);
        let Some(plan) = self.plans.get_mut(slot) else {
            return;
        };
        if a.card.validates.letter(slot) {
            let points = if a.card.level == 0 {
                0
            } else {
                plan.points(self.edition)
            };
            a.plans[slot].get_or_insert(points);
            plan.approved = true;
        }
    }

    /// Draws one construction card, handling the Solo card (Ruling 23).
    pub(crate) fn draw(
        &mut self,
        script: &mut Option<VecDeque<Draw>>,
        log: &mut Vec<Draw>,
    ) -> Result<Card, DealError> {
        if self.shows_top() {
            return self.draw_face_up(script, log);
        }
        if self.options.mode == Mode::Solo && !self.solo_drawn {
            let solo_now = match script {
                None => self.solo_at.is_some_and(|at| at <= self.drawn),
                Some(s) => s.front() == Some(&Draw::Solo),
            };
            if solo_now {
                let total = self.edition.deck_len(self.options.nine_three_quarters) + 1;
                let bottom = self.edition.solo.bottom_part.min(total);
                if self.drawn < total - bottom {
                    return Err(DealError::SoloCardTooEarly {
                        position: self.drawn + 1,
                        bottom,
                        total,
                    });
                }
                if let Some(s) = script {
                    s.pop_front();
                }
                self.solo_drawn = true;
                self.drawn += 1;
                log.push(Draw::Solo);
                // Every plan is now approved; validations from this turn on score low (Ruling 24).
                for p in &mut self.plans {
                    p.approved = true;
                }
            }
        }
        let c = self.draw_raw(script)?;
        self.drawn += 1;
        log.push(Draw::Card(c));
        Ok(c)
    }

    /// The next number card of stack `i` in the standard game: from the common deck, from
    /// the collector edition's pile `i`, or from the Zombies sheet's pile 1 (`None` when it
    /// has no card left).
    fn stack_card(
        &mut self,
        i: usize,
        script: &mut Option<VecDeque<Draw>>,
        log: &mut Vec<Draw>,
    ) -> Result<Option<Card>, DealError> {
        if self.zombies.is_some() && i == 0 {
            return self.draw_pile_one(script, log);
        }
        if self.piles.is_empty() {
            self.draw(script, log).map(Some)
        } else {
            self.draw_from_pile(i, script, log).map(Some)
        }
    }

    /// Draws the next card of a solo or expert hand (`None`: the Zombies pile ended the game).
    fn draw_card(
        &mut self,
        script: &mut Option<VecDeque<Draw>>,
        log: &mut Vec<Draw>,
    ) -> Result<Option<Card>, DealError> {
        if self.deck.is_some() {
            self.draw_deck(script, log)
        } else {
            self.draw(script, log).map(Some)
        }
    }

    /// Deals a round and gives its log entry.
    fn start_round(
        &mut self,
        first: bool,
        script: &mut Option<VecDeque<Draw>>,
    ) -> Result<RoundLog, DealError> {
        self.round += 1;
        let mut log = Vec::new();
        let fresh = first || std::mem::take(&mut self.reshuffle_next);
        if fresh && !first {
            // Ruling 13: everything except passed cards goes back into one deck.
            self.pile.append(&mut self.discard);
            match &self.table {
                Table::Stacks { flipped, numbers } => {
                    self.pile.extend_from_slice(flipped);
                    self.pile.extend_from_slice(numbers);
                }

                Table::Solo { hand } => self.pile.extend_from_slice(hand),
                Table::Hands { .. } => {}
            }
        }
        if let Some(d) = &mut self.deck {
            d.now.clear();
        }
        match self.options.mode {
            Mode::Standard => {
                if let Some(z) = &mut self.zombies {
                    z.now.clear();
                }
                let width = stacks(&self.layout, Mode::Standard);
                let (flipped, numbers) = match &self.table {
                    Table::Stacks { flipped, numbers } if !fresh => (*flipped, *numbers),
                    _ => {
                        let mut n = Cards::new();
                        for i in 0..width {
                            n.push(
                                self.stack_card(i, script, &mut log)?
                                    .ok_or(DealError::OutOfCards)?,
                            );
                        }
                        (n, n)
                    }
                };
                if !fresh {
                    // Old effect cards are discarded before any draw (Ruling 14); with three
                    // piles, each on its own pile's discard (Ruling C1).
                    if self.piles.is_empty() {
                        self.discard.extend_from_slice(&flipped);
                    } else {
                        for (pile, &c) in self.piles.iter_mut().zip(&flipped) {
                            pile.discard.push(c);
                        }
                    }
                }
                let flipped = numbers;
                let mut numbers = Cards::new();
                for i in 0..width {
                    // Zombies: pile 1 with no number left ends the game before the round is
                    // played, once the Zombie cards that came up are resolved (§8.3.8).
                    match self.stack_card(i, script, &mut log)? {
                        Some(c) => numbers.push(c),
                        None => break,
                    }
                }
                self.table = Table::Stacks { flipped, numbers };
            }
            Mode::Solo => {
                let mut hand = Cards::new();
                for _ in 0..hand_size(&self.layout) {
                    match self.draw_card(script, &mut log)? {
                        Some(c) => hand.push(c),
                        // Zombies: the game ends at once (§8.6 step 4).
                        None => {
                            self.discard.extend(hand.drain(..));
                            break;
                        }
                    }
                }
                self.table = Table::Solo { hand };
            }
            Mode::Expert => {
                let n = self.sheets.len();
                if first && self.edition.rules.expert_first_hand > 0 {
                    // Ruling C19: every seat draws one card at setup, in seat order from the
                    // owner (seat 1), before the first turn's draws. Zombies deals them
                    // before the deck is made (§8.3.7).
                    for seat in 0..n {
                        let c = if self.deck.is_some() {
                            let c = take_card(&mut self.rng, &mut self.pile, script, false)?;
                            self.drawn += 1;
                            log.push(Draw::Card(c));
                            c
                        } else {
                            self.draw(script, &mut log)?
                        };
                        self.incoming[seat] = Some(c);
                    }
                }
                let size = hand_size(&self.layout);
                let mut hands = Vec::with_capacity(n);
                let mut over = false;
                for seat in 0..n {
                    let mut hand = Cards::new();
                    if let Some(c) = self.incoming[seat].take() {
                        hand.push(c);
                    }
                    while hand.len() < size && !over {
                        match self.draw_card(script, &mut log)? {
                            Some(c) => hand.push(c),
                            None => over = true,
                        }
                    }
                    hands.push(hand);
                }
                if over {
                    // Zombies: the deck ran out for the last time, so the game ends at once
                    // and nobody plays this round (§8.3.7).
                    for hand in &mut hands {
                        self.discard.extend(hand.drain(..));
                    }
                }
                self.table = Table::Hands { hands };
            }
        }
        if self.deck.is_some() {
            self.show_deck_top(script, &mut log)?;
        } else if self.shows_top() {
            self.show_top(script, &mut log)?;
        }
        let offers = match &self.table {
            Table::Hands { hands } => hands.iter().map(|h| Offer::Hand(*h)).collect(),
            _ => self.table_offer().into_iter().collect(),
        };
        Ok(RoundLog {
            round: self.round,
            draws: log,
            offers,
            ..RoundLog::default()
        })
    }

    /// Running (or final) scores of every seat, with temps ranked across the table (in AAA
    /// solo against the AAA, Rulings C23 and C25).
    pub fn scores(&self) -> Vec<Score> {
        match &self.aaa {
            Some(a) => {
                let t = a.table(&self.layout);
                self.sheets
                    .iter()
                    .map(|s| Score::of(&self.layout, s, t))
                    .collect()
            }
            None => score_all(&self.layout, &self.sheets, self.options.mode == Mode::Solo),
        }
    }

    /// Values the table entered from its own cards (collector §18.5).
    pub fn values(&self) -> &TableValues {
        &self.values
    }

    /// AAA solo: the automa (its card, the cards given to it, its validations).
    pub fn aaa(&self) -> Option<&Aaa> {
        self.aaa.as_ref()
    }

    /// AAA solo, level 1 and above: the AAA's running (or final) score (§15.5).
    pub fn aaa_score(&self) -> Option<AaaScore> {
        let a = self.aaa.as_ref()?;
        let rules = self.edition.aaa.as_ref()?;
        a.score(&self.layout, self.sheets.first()?, rules.best_estates)
    }

    /// AAA solo, level 1 and above, once the game is over: the player's result (Ruling C24).
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let aaa = self.aaa_score()?;
        let me = self.scores().into_iter().next()?;
        Some(Outcome::of(
            (me.total, me.tie_break.estates),
            (aaa.total, aaa.estate_count),
        ))
    }

    /// The card shown on top of the draw pile (collector solo and expert, Ruling C26): its
    /// action, or that it is a Validation card.
    pub fn next_card(&self) -> Option<NextCard> {
        self.top.map(|d| match d {
            Draw::Card(c) => NextCard::Action(c.effect),
            Draw::Zombie(z) => NextCard::Zombie(z),
            _ => NextCard::Validation,
        })
    }

    /// 1-based ranks from `scores()` with the tie-break chain (Ruling 16).
    pub fn ranks(&self) -> Vec<u16> {
        ranks(&self.scores())
    }
}

impl Game {
    /// Bytes used by this game: the position (everything needed to go on playing) and the
    /// history (the round log kept for the record).
    pub fn memory(&self) -> Memory {
        use std::mem::size_of;
        let table = match &self.table {
            Table::Hands { hands } => hands.capacity() * size_of::<[Card; 3]>(),
            _ => 0,
        };
        let position = size_of::<Game>()
            + (self.pile.capacity() + self.discard.capacity()) * size_of::<Card>()
            + table
            + self.sheets.capacity() * size_of::<Sheet>()
            + self.pending.capacity() * size_of::<Option<(Turn, Sheet)>>()
            + self
                .pending
                .iter()
                .flatten()
                .map(|(t, _)| turn_heap(t))
                .sum::<usize>()
            + self.incoming.capacity() * size_of::<Option<Card>>()
            + self.aaa.as_ref().map_or(0, |a| {
                a.given.capacity() * size_of::<Card>()
                    + a.drawn.capacity()
                    + a.pile.capacity()
                    + a.discard.capacity()
            })
            + self.end.capacity() * size_of::<EndReason>()
            + self
                .script
                .as_ref()
                .map_or(0, |s| s.capacity() * size_of::<Draw>());
        let history = self.log.capacity() * size_of::<RoundLog>()
            + self
                .log
                .iter()
                .map(|r| {
                    r.draws.capacity() * size_of::<Draw>()
                        + r.offers.capacity() * size_of::<Offer>()
                        + r.turns.capacity() * size_of::<Turn>()
                        + r.turns.iter().map(turn_heap).sum::<usize>()
                })
                .sum::<usize>();
        Memory { position, history }
    }
}

/// Heap bytes owned by a turn (its plan claims).
fn turn_heap(t: &Turn) -> usize {
    use std::mem::size_of;
    t.plans.capacity() * size_of::<crate::turn::PlanClaim>()
        + t.plans
            .iter()
            .map(|c| c.estates.capacity() * size_of::<crate::sheet::HouseRef>())
            .sum::<usize>()
}

/// Memory used by a game, see `Game::memory`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Memory {
    /// Everything needed to go on playing.
    pub position: usize,
    /// The round log kept for the record.
    pub history: usize,
}

/// Sorts cards by counting (number codes 0–17 and the ¾ numbers after them, six effects):
/// views list their unseen cards sorted, and a comparison sort of the pile was a large share
/// of building a view.
fn sort_cards(cards: &mut [Card]) {
    const EFFECTS: usize = Effect::ALL.len();
    const CODES: usize = crate::number::MAX_CODE as usize + 1;
    let mut counts = [0u8; CODES * EFFECTS];
    // `Effect` is declared in the order of `Effect::ALL`, which is the cards' order.
    let key = |c: &Card| (c.number as usize).min(CODES - 1) * EFFECTS + c.effect as usize;
    for c in cards.iter() {
        let k = key(c);
        counts[k] = counts[k].saturating_add(1);
    }
    let mut i = 0;
    for (k, &n) in counts.iter().enumerate() {
        for _ in 0..n {
            if let Some(slot) = cards.get_mut(i) {
                *slot = Card::new((k / EFFECTS) as u8, Effect::ALL[k % EFFECTS]);
            }
            i += 1;
        }
    }
    debug_assert!(cards.windows(2).all(|w| w[0] <= w[1]));
}

/// Takes a card from `cards` at random, or the one a replayed record names next (the very card
/// the generator would have taken when it matches, so the pile keeps the original's order).
pub(crate) fn take_card(
    rng: &mut ChaCha8Rng,
    cards: &mut Vec<Card>,
    script: &mut Option<VecDeque<Draw>>,
    solo: bool,
) -> Result<Card, DealError> {
    let i = pick_index(rng, cards.len());
    let i = match script {
        None => i,
        Some(script) => match script.front() {
            Some(Draw::Card(c)) => {
                let c = *c;
                let i = if cards.get(i) == Some(&c) {
                    i
                } else {
                    cards
                        .iter()
                        .position(|&p| p == c)
                        .ok_or(DealError::NotInPile { card: c })?
                };
                script.pop_front();
                i
            }
            Some(Draw::Validation(l)) => {
                return Err(DealError::BadValidation {
                    letter: crate::aaa::LETTERS.get(*l as usize).copied().unwrap_or('?'),
                    reason: "this game has no Validation cards",
                })
            }
            Some(&Draw::Zombie(z)) => {
                return Err(DealError::BadZombie {
                    card: crate::modules::zombies::card_name(z),
                    reason: "only pile 1 of the Zombies sheet holds Zombie cards".into(),
                })
            }
            Some(Draw::Solo) => {
                return Err(DealError::BadSoloCard {
                    reason: if solo {
                        "it was already drawn".into()
                    } else {
                        "this is not a solo game".into()
                    },
                })
            }
            None => return Err(DealError::ScriptExhausted),
        },
    };
    if i >= cards.len() {
        return Err(DealError::OutOfCards);
    }
    Ok(cards.swap_remove(i))
}

/// Cards in a solo or expert hand: three, or the two cards used of the Zombies sheet's hand.
fn hand_size(layout: &SheetLayout) -> usize {
    if crate::modules::zombies::deals_by_twos(layout) {
        2
    } else {
        3
    }
}

/// How many stacks the standard game deals from: three, or the Zombies sheet's two piles.
pub(crate) fn stacks(layout: &SheetLayout, mode: Mode) -> usize {
    if mode == Mode::Standard && crate::modules::zombies::deals_by_twos(layout) {
        2
    } else {
        3
    }
}

/// Plans n°1, 2, 3 drawn from their stacks: the first use of a game's generator.
fn draw_plans(
    edition: &Edition,
    layout: &SheetLayout,
    options: &Options,
    rng: &mut ChaCha8Rng,
) -> [u8; 3] {
    let mut plans = [0u8; 3];
    for (slot, id) in plans.iter_mut().enumerate() {
        let stack: Vec<u8> = edition
            .plans_of(layout)
            .filter(|p| p.stack as usize == slot + 1 && (options.advanced || !p.advanced))
            .map(|p| p.id)
            .collect();
        *id = stack
            .get(pick_index(rng, stack.len()))
            .copied()
            .unwrap_or(0);
    }
    plans
}

/// The sheet `sheet` of `edition`, or the error naming the sheets it has.
fn layout_of(
    edition: &'static Edition,
    sheet: SheetId,
) -> Result<&'static SheetLayout, SetupError> {
    edition
        .sheet(sheet)
        .ok_or_else(|| SetupError::UnknownSheet {
            edition: edition.id.to_string(),
            sheet: sheet.to_string(),
            known: edition
                .sheets
                .iter()
                .map(|s| s.id.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// The AAA opponent card a game plays, in the AAA solo game only: the card the table entered
/// from its own box (§18.5), else the edition's card of `level` (default 1, Sam).
pub fn opponent_card(
    edition: &Edition,
    mode: Mode,
    level: Option<u8>,
    entered: Option<AaaCard>,
) -> Result<Option<AaaCard>, SetupError> {
    match (&edition.aaa, mode) {
        (Some(aaa), Mode::Solo) => {
            let level = level.unwrap_or(1);
            let printed = aaa
                .opponent(level)
                .ok_or_else(|| SetupError::UnknownLevel {
                    edition: edition.id.to_string(),
                    level,
                    known: aaa
                        .opponents
                        .iter()
                        .map(|o| o.card.level.to_string())
                        .collect::<Vec<_>>()
                        .join(", "),
                })?;
            match entered {
                Some(c) if c.level != level => Err(crate::values::ValuesError::OpponentLevel {
                    entered: c.level,
                    played: level,
                }
                .into()),
                Some(c) => Ok(Some(c)),
                None => Ok(Some(printed.card)),
            }
        }
        _ if level.is_some() => Err(SetupError::NotAaa),
        _ if entered.is_some() => Err(crate::values::ValuesError::NoOpponent.into()),
        _ => Ok(None),
    }
}

/// The plan card ids a game with `options` dealt from `seed` will have, whatever its seats:
/// what a host sees before the game starts, to enter the values printed on those cards.
pub fn plans_for(options: &Options, seed: u64) -> Result<[u8; 3], SetupError> {
    let edition = Edition::by_id(options.edition.as_str())
        .ok_or_else(|| SetupError::UnknownEdition(options.edition.to_string()))?;
    let layout = layout_of(edition, options.sheet)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    Ok(draw_plans(edition, layout, options, &mut rng))
}

fn ids_to_slots(ids: [u8; 3]) -> [PlanSlot; 3] {
    ids.map(PlanSlot::new)
}

/// Built here so that the view, plain data, needs nothing of the game.
impl PlayerView {
    /// The view of `seat`, or `None` if there is no such seat.
    pub fn of(game: &Position, seat: usize) -> Option<PlayerView> {
        game.sheet(seat)?;
        let (pile, discard) = game.pile_sizes();
        Some(PlayerView {
            edition: game.edition(),
            layout: game.layout_ref().clone(),
            options: game.options(),
            seat,
            round: game.round(),
            offer: game.offer(seat)?,
            next_effects: game.next_effects(),
            plans: *game.plans(),
            sheets: game.sheets().to_vec(),
            submitted: (0..game.players()).map(|s| game.has_submitted(s)).collect(),
            my_turn: game.pending_turn(seat).cloned(),
            reshuffle_offered: game.reshuffle_offered(),
            pile,
            discard,
            solo_card_drawn: game.solo_card_drawn(),
            unseen: game.unseen(seat),
            face_up: game.face_up(seat),
            discard_cards: game.public_discard(),
            passed: game.passed_by(seat),
            piles: game.piles(),
            next: game.next_card(),
            aaa: game.aaa().map(|a| a.view()),
            values: game.values().clone(),
            zombie_pile: game.zombie_pile(),
            end: game.end().to_vec(),
        })
    }
}
