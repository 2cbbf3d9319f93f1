//! How a table is set up: the mode, the options, the direction cards pass. A leaf: the
//! edition, the rules and the game all name these; what needs an edition to answer (the seats
//! a mode allows with it) is answered where the edition is known, in `game`.

use crate::id::{EditionId, SheetId};
use serde::{Deserialize, Serialize};

/// How cards reach the players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// Three shared combinations each round (spec §2.2).
    Standard,
    /// One player, three cards a turn and the Solo card (spec §10).
    Solo,
    /// Card drafting: a hand of three, pass the third (spec §11).
    Expert,
}

impl Mode {
    /// Every mode, in the order a host chooses from.
    pub const ALL: [Mode; 3] = [Mode::Standard, Mode::Solo, Mode::Expert];

    /// The mode's name for players.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Standard => "Standard",
            Mode::Solo => "Solo",
            Mode::Expert => "Expert",
        }
    }

    /// One line saying how cards reach the players.
    pub fn description(self) -> &'static str {
        match self {
            Mode::Standard => "three shared combinations",
            Mode::Solo => "one player, against the Solo card",
            Mode::Expert => "card drafting: a hand of three, pass the third",
        }
    }

    /// Whether the first-plan reshuffle can be offered in this mode (Ruling 13: never in
    /// solo).
    pub fn offers_reshuffle(self) -> bool {
        self != Mode::Solo
    }
}

/// Which neighbour receives the unused card in expert mode (Ruling 26).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum PassDirection {
    /// Seat (i − 1) mod n: the 1st-edition rule.
    #[default]
    Right,
    /// Seat (i + 1) mod n: the 2023 rule.
    Left,
}

fn yes() -> bool {
    true
}

/// Table options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// The edition played (records and database rows from before editions were named hold
    /// none: the 1st edition).
    #[serde(default)]
    pub edition: EditionId,
    pub mode: Mode,
    /// Advanced plans and roundabouts (spec §12).
    #[serde(default)]
    pub advanced: bool,
    /// Offer the first-plan reshuffle (spec §2.4); never in solo.
    #[serde(default = "yes")]
    pub first_plan_reshuffle: bool,
    #[serde(default)]
    pub pass: PassDirection,
    /// The sheet every seat plays on (thematic Ruling TR1).
    #[serde(default)]
    pub sheet: SheetId,
    /// AAA solo (collector §15): the level of the opponent card played, 0–5 (1 when none is
    /// named).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aaa_level: Option<u8>,
    /// The three 9¾ cards join the construction cards (collector expansions §11, Ruling
    /// X33): any sheet and mode of an edition that has them. Left out when off, so options
    /// from before it read and write unchanged.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub nine_three_quarters: bool,
}

impl Options {
    pub fn new(mode: Mode) -> Options {
        Options {
            edition: EditionId::first(),
            mode,
            advanced: false,
            first_plan_reshuffle: true,
            pass: PassDirection::Right,
            sheet: SheetId::classic(),
            aaa_level: None,
            nine_three_quarters: false,
        }
    }

    /// Plays with the 9¾ cards (collector expansions §11) or without.
    pub fn nine_three_quarters(mut self, on: bool) -> Options {
        self.nine_three_quarters = on;
        self
    }

    /// Plays against the AAA opponent card of this level.
    pub fn aaa_level(mut self, level: u8) -> Options {
        self.aaa_level = Some(level);
        self
    }

    pub fn sheet(mut self, sheet: SheetId) -> Options {
        self.sheet = sheet;
        self
    }

    pub fn advanced(mut self, on: bool) -> Options {
        self.advanced = on;
        self
    }
}
