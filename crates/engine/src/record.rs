//! The game record: setup, every draw, every seat's turn, the result (docs/formats.md).
//!
//! Replaying a record takes the draws from the record, never from the generator, and checks
//! every turn with the same `validate` as live play.

use crate::aaa::Outcome;
use crate::card::Draw;
use crate::edition::Edition;
use crate::file_kind::{explain, Wanted};
use crate::game::{DealError, DealerError, EndReason, Game, Options, RoundLog, SetupError};
use crate::layout::EnteredLayout;
use crate::turn_error::TurnError;
use crate::values::TableValues;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

pub use crate::file_kind::RECORD_FORMAT;
/// The record version this engine writes. It also reads version 1 (no sheet, no offers).
pub const RECORD_VERSION: u32 = 2;

/// How the game was set up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordSetup {
    pub edition: String,
    pub options: Options,
    /// The generator's seed. It decides every card still to come, so a record shared while
    /// the game goes on leaves it out (`Record::public`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Display names, one per seat.
    pub seats: Vec<String>,
    /// The City Plan card ids of plans n°1, n°2, n°3.
    pub plans: [u8; 3],
    /// Values the table entered from its own cards (collector §18.5).
    #[serde(default, skip_serializing_if = "TableValues::is_empty")]
    pub values: TableValues,
    /// The sheet's layout as the table entered it from its own printed sheet (collector
    /// expansions X40): a whole sheet file. Absent when the game played the shipped layout.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layout: Option<serde_json::Value>,
}

/// The final result, checked on replay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    pub end: Vec<EndReason>,
    pub scores: Vec<i32>,
    /// 1-based ranks after the tie-break (shared ranks are equal).
    pub ranks: Vec<u16>,
    /// AAA solo, level 1 and above: the AAA's total, its estates and the player's result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aaa: Option<AaaResult>,
}

/// How an AAA solo game ended (collector Ruling C24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AaaResult {
    pub score: i32,
    pub estates: u8,
    pub outcome: Outcome,
}

impl AaaResult {
    fn of(game: &Game) -> Option<AaaResult> {
        let s = game.aaa_score()?;
        Some(AaaResult {
            score: s.total,
            estates: s.estate_count,
            outcome: game.outcome()?,
        })
    }
}

/// A whole game, or a game in progress (its last round then has draws and no turns).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub format: String,
    pub version: u32,
    pub setup: RecordSetup,
    pub rounds: Vec<RoundLog>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
}

/// Why a record does not replay.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// Not a record at all, or not one this engine can read: what the file is instead, in
    /// words (`file_kind`), then the parser's detail.
    #[error("{0}")]
    Json(String),
    #[error("format is {found:?}, expected \"{RECORD_FORMAT}\"")]
    Format { found: String },
    #[error(
        "record version {found} is not supported (this engine reads versions 1 and {RECORD_VERSION})"
    )]
    Version { found: u32 },
    #[error("a version 1 record has no sheet other than classic")]
    V1Sheet,
    #[error("round {round}: the record offers {found} but the rules deal {expected}")]
    Offers {
        round: u16,
        expected: String,
        found: String,
    },
    #[error("setup: {0}")]
    Setup(#[from] SetupError),
    #[error("setup: the record names edition {setup:?} but its options edition {options:?}")]
    Edition { setup: String, options: String },
    #[error("setup: {seats} seat names for {players} players")]
    Seats { seats: usize, players: usize },
    #[error("round {round}: {source}")]
    Deal { round: u16, source: DealError },
    #[error("round {round}: the record draws {found} but the rules deal {expected} here")]
    Draws {
        round: u16,
        expected: String,
        found: String,
    },
    #[error("round {round}: the record numbers this round {found}")]
    RoundNumber { round: u16, found: u16 },
    #[error("round {round}: {found} turns for {players} seats")]
    TurnCount {
        round: u16,
        found: usize,
        players: usize,
    },
    #[error("round {round}, seat {}: {source}", seat + 1)]
    Turn {
        round: u16,
        seat: usize,
        source: TurnError,
    },
    #[error("round {round}: the game ended in round {ended} but the record goes on")]
    AfterEnd { round: u16, ended: u16 },
    #[error("the record ends with round {round}, whose turns are all played, but the game goes on and round {} is missing", round + 1)]
    Truncated { round: u16 },
    #[error("the game ended in round {round} but the record has no result")]
    MissingResult { round: u16 },
    #[error("the recorded result differs from the replayed one: {0}")]
    Result(String),
    #[error("the record claims a result but the game is not over")]
    NotOver,
    #[error("round {round}: {source}")]
    Dealer { round: u16, source: DealerError },
    /// The record's seed deals other cards than its draws: a record's draws may not be
    /// changed while it keeps the seed that says how the game was dealt.
    #[error(
        "setup.seed: seed {seed} deals {expected} in round {round}, but the record draws {found}"
    )]
    Seed {
        seed: u64,
        round: u16,
        expected: String,
        found: String,
    },
    #[error("setup.plans: seed {seed} deals plans {expected:?}, but the record names {found:?}")]
    SeedPlans {
        seed: u64,
        expected: [u8; 3],
        found: [u8; 3],
    },
}

impl RecordError {
    /// A stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            RecordError::Json(_) => "record_json",
            RecordError::Format { .. } => "record_format",
            RecordError::Version { .. } | RecordError::V1Sheet => "record_version",
            RecordError::Setup(_) | RecordError::Seats { .. } | RecordError::Edition { .. } => {
                "record_setup"
            }
            RecordError::Deal { .. } | RecordError::Draws { .. } | RecordError::Offers { .. } => {
                "record_draws"
            }
            RecordError::RoundNumber { .. } | RecordError::TurnCount { .. } => "record_rounds",
            RecordError::Turn { .. } => "record_illegal_turn",
            RecordError::AfterEnd { .. } | RecordError::Truncated { .. } => "record_rounds",
            RecordError::Result(_) | RecordError::NotOver | RecordError::MissingResult { .. } => {
                "record_result"
            }
            RecordError::Dealer { .. } => "record_dealer",
            RecordError::Seed { .. } | RecordError::SeedPlans { .. } => "record_seed",
        }
    }

    /// The round the error is in, if any.
    pub fn round(&self) -> Option<u16> {
        match self {
            RecordError::Deal { round, .. }
            | RecordError::Draws { round, .. }
            | RecordError::Offers { round, .. }
            | RecordError::RoundNumber { round, .. }
            | RecordError::TurnCount { round, .. }
            | RecordError::Turn { round, .. }
            | RecordError::AfterEnd { round, .. }
            | RecordError::Truncated { round }
            | RecordError::MissingResult { round }
            | RecordError::Dealer { round, .. }
            | RecordError::Seed { round, .. } => Some(*round),
            _ => None,
        }
    }
}

fn draws_text(d: &[Draw]) -> String {
    let v: Vec<String> = d.iter().map(|d| d.to_string()).collect();
    format!("[{}]", v.join(", "))
}

impl Record {
    /// The complete record of a game so far, seed included: what a server keeps to restore the
    /// game. Share `Record::public` with players instead while the game goes on.
    pub fn of(game: &Game, seats: &[String]) -> Record {
        let names = (0..game.players())
            .map(|i| {
                seats
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| format!("Seat {}", i + 1))
            })
            .collect();
        let result = game.is_over().then(|| GameResult {
            end: game.end().to_vec(),
            scores: game.scores().iter().map(|s| s.total).collect(),
            ranks: game.ranks(),
            aaa: AaaResult::of(game),
        });
        Record {
            format: RECORD_FORMAT.into(),
            version: RECORD_VERSION,
            setup: RecordSetup {
                edition: game.edition().id.to_string(),
                options: game.options(),
                seed: game.known_seed(),
                seats: names,
                plans: game.plans().map(|p| p.card),
                values: game.values().clone(),
                layout: game.values().layout.as_ref().map(EnteredLayout::to_value),
            },
            rounds: game.log().to_vec(),
            result,
        }
    }

    /// The record as players may see it: without the seed until the game is over, since the
    /// seed would reveal the order of the cards to come.
    pub fn public(game: &Game, seats: &[String]) -> Record {
        let mut r = Record::of(game, seats);
        if !game.is_over() {
            r.setup.seed = None;
        }
        r
    }

    /// Parses a record from JSON (no replay).
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        let r: Record = serde_json::from_str(text)
            .map_err(|e| RecordError::Json(explain(text, Wanted::Record, &e)))?;
        r.check_header()?;
        Ok(r)
    }

    fn check_header(&self) -> Result<(), RecordError> {
        if self.format != RECORD_FORMAT {
            return Err(RecordError::Format {
                found: self.format.clone(),
            });
        }
        match self.version {
            1 if self.setup.options.sheet != crate::id::SheetId::classic()
                || self.rounds.iter().any(|r| !r.offers.is_empty()) =>
            {
                Err(RecordError::V1Sheet)
            }
            1 | RECORD_VERSION => Ok(()),
            found => Err(RecordError::Version { found }),
        }
    }

    /// The same record written as `version`: version 1 (classic sheet only) has no sheet and
    /// no offers; version 2 is what `Record::of` writes.
    pub fn as_version(mut self, version: u32) -> Record {
        self.version = version;
        if version == 1 {
            for r in &mut self.rounds {
                r.offers.clear();
            }
        }
        self
    }

    /// JSON with one line per round: byte-for-byte stable for the same record and easy to diff.
    pub fn to_json(&self) -> String {
        fn one<T: Serialize>(v: &T) -> String {
            serde_json::to_string(v).unwrap_or_default()
        }
        let mut out = String::from("{\n");
        out += &format!("  \"format\": {},\n", one(&self.format));
        out += &format!("  \"version\": {},\n", self.version);
        let setup = if self.version == 1 {
            // Version 1 predates sheets: the classic sheet is implied.
            #[derive(Serialize)]
            struct OptionsV1 {
                mode: crate::game::Mode,
                advanced: bool,
                first_plan_reshuffle: bool,
                pass: crate::game::PassDirection,
            }
            #[derive(Serialize)]
            struct SetupV1<'a> {
                edition: &'a str,
                options: OptionsV1,
                #[serde(skip_serializing_if = "Option::is_none")]
                seed: Option<u64>,
                seats: &'a [String],
                plans: [u8; 3],
            }
            let o = &self.setup.options;
            one(&SetupV1 {
                edition: &self.setup.edition,
                options: OptionsV1 {
                    mode: o.mode,
                    advanced: o.advanced,
                    first_plan_reshuffle: o.first_plan_reshuffle,
                    pass: o.pass,
                },
                seed: self.setup.seed,
                seats: &self.setup.seats,
                plans: self.setup.plans,
            })
        } else {
            one(&self.setup)
        };
        out += &format!("  \"setup\": {setup},\n");
        out += "  \"rounds\": [";
        for (i, r) in self.rounds.iter().enumerate() {
            out += if i == 0 { "\n    " } else { ",\n    " };
            out += &one(r);
        }
        out += if self.rounds.is_empty() { "]" } else { "\n  ]" };
        if let Some(r) = &self.result {
            out += &format!(",\n  \"result\": {}", one(r));
        }
        out += "\n}\n";
        out
    }

    /// Replays every round and returns the game, checking draws, turns and the result, and,
    /// when the record keeps its seed, that the seed deals those draws and plans.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let game = self.replay_draws()?;
        if let Some(seed) = self.setup.seed {
            self.check_seed(seed)?;
        }
        Ok(game)
    }

    /// `replay` without the seed check: the draws are checked against the rules (each card
    /// was in the pile it is drawn from), not against the seed. For a record whose seed was
    /// checked already, such as the same record cut after a round.
    pub fn replay_draws(&self) -> Result<Game, RecordError> {
        self.check_header()?;
        let setup = &self.setup;
        Edition::by_id(&setup.edition)
            .ok_or_else(|| SetupError::UnknownEdition(setup.edition.clone()))?;
        if setup.options.edition != setup.edition.as_str() {
            return Err(RecordError::Edition {
                setup: setup.edition.clone(),
                options: setup.options.edition.to_string(),
            });
        }
        let values = self.values()?;
        let players = setup.seats.len();
        let draws: VecDeque<Draw> = self
            .rounds
            .iter()
            .flat_map(|r| r.draws.iter().copied())
            .collect();
        let mut game = match Game::scripted(
            setup.options,
            players,
            // Without a seed the replay checks the record; a game it goes on with is then
            // dealt from seed 0.
            setup.seed.unwrap_or(0),
            setup.plans,
            draws,
            &values,
        ) {
            Ok(g) => g,
            Err(SetupError::Deal(source)) => return Err(RecordError::Deal { round: 1, source }),
            Err(e) => return Err(e.into()),
        };
        if setup.seed.is_none() {
            game.unseeded();
        }
        self.follow(&mut game, players)?;
        match (&self.result, game.is_over()) {
            (Some(r), true) => {
                let scores: Vec<i32> = game.scores().iter().map(|s| s.total).collect();
                if r.scores != scores {
                    return Err(RecordError::Result(format!(
                        "scores {:?}, replayed {:?}",
                        r.scores, scores
                    )));
                }
                if r.ranks != game.ranks() {
                    return Err(RecordError::Result(format!(
                        "ranks {:?}, replayed {:?}",
                        r.ranks,
                        game.ranks()
                    )));
                }
                if r.aaa != AaaResult::of(&game) {
                    return Err(RecordError::Result(format!(
                        "AAA {:?}, replayed {:?}",
                        r.aaa,
                        AaaResult::of(&game)
                    )));
                }
                if r.end != game.end() {
                    return Err(RecordError::Result(format!(
                        "end {:?}, replayed {:?}",
                        r.end,
                        game.end()
                    )));
                }
            }
            (Some(_), false) => return Err(RecordError::NotOver),
            (None, true) => {
                return Err(RecordError::MissingResult {
                    round: game.round(),
                })
            }
            (None, false) => {}
        }
        game.end_script();
        Ok(game)
    }

    /// The setup's values with the layout it entered, as the game was set up with them.
    fn values(&self) -> Result<TableValues, RecordError> {
        let setup = &self.setup;
        let mut values = setup.values.clone();
        if let Some(layout) = &setup.layout {
            let edition = Edition::by_id(&setup.edition)
                .ok_or_else(|| SetupError::UnknownEdition(setup.edition.clone()))?;
            let entered = EnteredLayout::parse(edition, setup.options.sheet, &layout.to_string())
                .map_err(|e| SetupError::Values(e.into()))?;
            values.layout = Some(entered);
        }
        Ok(values)
    }

    /// Plays the record's rounds on `game`, checking each round's draws and offers against
    /// what `game` deals.
    fn follow(&self, game: &mut Game, players: usize) -> Result<(), RecordError> {
        for (i, rec) in self.rounds.iter().enumerate() {
            let round = i as u16 + 1;
            if game.is_over() {
                return Err(RecordError::AfterEnd {
                    round,
                    ended: game.round(),
                });
            }
            if rec.round != round {
                return Err(RecordError::RoundNumber {
                    round,
                    found: rec.round,
                });
            }
            let dealt = &game.log()[i].draws;
            if *dealt != rec.draws {
                return Err(RecordError::Draws {
                    round,
                    expected: draws_text(dealt),
                    found: draws_text(&rec.draws),
                });
            }
            let offered = &game.log()[i].offers;
            if !rec.offers.is_empty() && *offered != rec.offers {
                return Err(RecordError::Offers {
                    round,
                    expected: serde_json::to_string(offered).unwrap_or_default(),
                    found: serde_json::to_string(&rec.offers).unwrap_or_default(),
                });
            }
            let last = i + 1 == self.rounds.len();
            if players == 0 {
                // A table that only deals: its host's marks end each round.
                game.replay_dealt(rec, round, last, self.result.as_ref())?;
                continue;
            }
            if rec.approved.contains(&true) || rec.reshuffle {
                return Err(RecordError::Dealer {
                    round,
                    source: DealerError::NotDealer,
                });
            }
            if rec.turns.is_empty() && last && self.result.is_none() {
                break;
            }
            if rec.turns.len() != players {
                return Err(RecordError::TurnCount {
                    round,
                    found: rec.turns.len(),
                    players,
                });
            }
            for (seat, t) in rec.turns.iter().enumerate() {
                game.submit(seat, t.clone())
                    .map_err(|source| RecordError::Turn {
                        round,
                        seat,
                        source,
                    })?;
            }
            match game.resolve() {
                Ok(()) => {}
                Err(DealError::ScriptExhausted) if last => {
                    return Err(RecordError::Truncated { round });
                }
                Err(source) => {
                    return Err(RecordError::Deal {
                        round: round + 1,
                        source,
                    })
                }
            }
        }
        Ok(())
    }

    /// The game `seed` deals, followed with the record's turns, deals the record's plans and
    /// every round's draws. Run once the record replays, so its turns are legal and only
    /// the dealing can differ.
    fn check_seed(&self, seed: u64) -> Result<(), RecordError> {
        let setup = &self.setup;
        let values = self.values()?;
        let players = setup.seats.len();
        let mut game = match players {
            0 => Game::dealer(setup.options, seed, &values)?,
            n => Game::with_values(setup.options, n, seed, &values)?,
        };
        let dealt = game.plans().map(|p| p.card);
        if dealt != setup.plans {
            return Err(RecordError::SeedPlans {
                seed,
                expected: dealt,
                found: setup.plans,
            });
        }
        match self.follow(&mut game, players) {
            Ok(()) => Ok(()),
            Err(RecordError::Draws {
                round,
                expected,
                found,
            }) => Err(RecordError::Seed {
                seed,
                round,
                expected,
                found,
            }),
            Err(RecordError::Offers {
                round,
                expected,
                found,
            }) => Err(RecordError::Seed {
                seed,
                round,
                expected,
                found,
            }),
            // With the same draws the game is the one replayed; anything else the seed's game
            // refuses comes from a dealing that differs unseen (a hidden card's place).
            Err(e) => Err(RecordError::Seed {
                seed,
                round: e.round().unwrap_or(1),
                expected: "another game".into(),
                found: e.to_string(),
            }),
        }
    }
}
