//! Rules engine for *Welcome To… Your Perfect Home*: editions and sheets as data
//! (`data/editions/`), rule modules as a closed enum (`modules`), one staged turn machine.
//!
//! Pure and deterministic: no I/O, no clock, no ambient randomness. A [`Game`] is seeded
//! (ChaCha8) and every draw is logged, so a [`Record`] replays the same game byte for byte.
//! Legality has one implementation: the [`TurnMachine`] over a [`TurnContext`], behind
//! [`Game::validate`], [`Game::legal_turns`], [`Game::count_turns`], the bots and the server.
//! Section numbers in the docs refer to the rules specification (`rules-first-edition.md`,
//! `rules-thematic-first-edition.md`).

pub mod aaa;
pub mod action;
pub mod card;
pub mod draft;
pub mod edition;
pub mod file_kind;
pub mod game;
pub mod house;
pub mod id;
pub mod layout;
pub mod legal;
pub mod machine;
pub mod modules;
pub mod number;
pub mod provenance;
pub mod public;
pub mod random;
pub mod record;
pub mod score;
pub mod setup;
pub mod sheet;
pub mod sheet_file;
pub mod turn;
pub mod turn_error;
pub mod values;
pub mod verdict;
pub mod view;

pub use aaa::{Aaa, AaaCard, AaaOpponent, AaaScore, AaaScoring, AaaView, Outcome, Validates};
pub use card::{Card, Draw, Effect};
pub use edition::{
    Dealer, Edition, EditionError, EditionRules, EstateNeed, EstatesIn, Feature, InstallError,
    Need, PlanCard, PlanCondition, Provenance, Scope, SheetLayout, Side, Status, TieBreakRule,
    Track,
};
pub use file_kind::FileKind;
pub use game::{
    opponent_card, plans_for, DealError, DealerError, DeckView, EndReason, Game, Memory, Mode,
    NextCard, OfferShape, Options, PacketView, PassDirection, Pile, Position, RoundLog, SetupError,
    StepError, Undo, ViewError, ZombiePile,
};
pub use id::{BadId, EditionId, SheetId};
pub use layout::{live_entered_layouts, CheckedLayout, EnteredLayout, LayoutError, LayoutRef};
pub use legal::{Combination, Effects, Offer, Placement, PlanSlot, TurnContext, TurnError};
pub use machine::{Decision, Listing, Stage, TurnMachine};
pub use modules::{ChoiceKind, Module};
pub use record::{Record, RecordError};
pub use score::{BasePoints, Score, ScoreRow, Temps, TieBreak};
pub use sheet::{
    Estate, FenceRef, House, HouseRef, Race, Sheet, StreetKey, StreetMasks, TracksKey,
};
pub use sheet_file::{SheetData, SheetFile, SheetFileError};
pub use turn::{
    BonusUse, Build, Choice, Circle, EffectUse, Hordes, Pick, PlanClaim, Play, Roundabout,
    TierClaim, Treat, Turn, When,
};
pub use values::{TableValues, ValuesError};
pub use verdict::{verdict, verdict_by};
pub use view::PlayerView;
