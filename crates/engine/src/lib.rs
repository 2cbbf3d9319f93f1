//! Rules engine for *Welcome To… Your Perfect Home* (1st edition, 2018).
//!
//! Pure and deterministic: no I/O, no clock, no ambient randomness. A [`Game`] is seeded
//! (ChaCha8) and every draw is logged, so a [`Record`] replays the same game byte for byte.
//! Legality has one implementation ([`TurnContext`]) behind [`Game::validate`],
//! [`Game::legal_turns`] and [`Game::count_turns`]. Section numbers in the docs refer to the
//! rules specification (`rules-first-edition.md`).

pub mod card;
pub mod edition;
pub mod game;
pub mod legal;
pub mod record;
pub mod score;
pub mod sheet;
pub mod sheet_file;
pub mod turn;
pub mod view;

pub use card::{Card, Draw, Effect};
pub use edition::{
    Edition, EditionError, EditionRules, PlanCard, PlanCondition, SheetLayout, Track,
};
pub use game::{
    DealError, EndReason, Game, Memory, Mode, Options, PassDirection, RoundLog, SetupError,
};
pub use legal::{Combination, Offer, Placement, PlanSlot, TurnContext, TurnError};
pub use record::{Record, RecordError};
pub use score::{Score, Temps, TieBreak};
pub use sheet::{Estate, FenceRef, House, HouseRef, Sheet};
pub use sheet_file::{SheetData, SheetFile, SheetFileError};
pub use turn::{Build, EffectUse, Pick, PlanClaim, Play, Roundabout, Turn, When};
pub use view::PlayerView;
