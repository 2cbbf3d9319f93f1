//! The AAA's opponent cards as an edition's data holds them (collector spec §15): plain
//! values and their checks, below the edition that holds them and the scoring that reads them.

use crate::provenance::Provenance;
use serde::{Deserialize, Serialize};

/// Plan letters, index 0, 1, 2.
pub const LETTERS: [char; 3] = ['A', 'B', 'C'];

/// The per-card values printed on an opponent card of level 1 or more (§15.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AaaScoring {
    /// Points per Parc card (0–4).
    pub park: u8,
    /// Points per Piscine card (0–5).
    pub pool: u8,
    /// Points per Intérimaire card (1–2).
    pub temp: u8,
    /// Points per Barrière card (1–3).
    pub fence: u8,
    /// Houses an Extension card counts for in an estate (1–4).
    pub ext_houses: u8,
    /// Value of every house of an estate holding an Amélioration card (1–4).
    pub impr: u8,
}

impl AaaScoring {
    /// The printed ranges (FR2 652–675), by field name (§15.7).
    pub const RANGES: [(&'static str, u8, u8); 6] = [
        ("park", 0, 4),
        ("pool", 0, 5),
        ("temp", 1, 2),
        ("fence", 1, 3),
        ("ext_houses", 1, 4),
        ("impr", 1, 4),
    ];

    fn values(&self) -> [u8; 6] {
        [
            self.park,
            self.pool,
            self.temp,
            self.fence,
            self.ext_houses,
            self.impr,
        ]
    }
}

/// Which plan letters an opponent validates (its top-right icons).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Validates {
    pub a: bool,
    pub b: bool,
    pub c: bool,
}

impl Validates {
    pub fn letter(&self, slot: usize) -> bool {
        [self.a, self.b, self.c].get(slot).copied().unwrap_or(false)
    }
}

/// The values of an opponent card that play: what a table may replace with the values printed
/// on its own card (§18.5). Small and `Copy`, so positions carry it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AaaCard {
    pub level: u8,
    pub validates: Validates,
    /// Levels 1–5: the per-card values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scoring: Option<AaaScoring>,
    /// Level 0: the fewest temp boxes for 1st, 2nd and 3rd place (Ruling C25).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temp_places: Option<[u8; 3]>,
}

/// Why opponent values are unusable; names the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AaaCardError {
    #[error("opponent level {level}: levels are 0–5")]
    Level { level: u8 },
    #[error("opponent value {field} = {value} is outside {min}–{max}")]
    OutOfRange {
        field: &'static str,
        value: u8,
        min: u8,
        max: u8,
    },
    #[error("a level-{level} opponent card {reason}")]
    Shape { level: u8, reason: &'static str },
    #[error("temp_places {places:?}: the thresholds need first ≥ second ≥ third ≥ 1")]
    TempPlaces { places: [u8; 3] },
}

impl AaaCardError {
    pub fn code(&self) -> &'static str {
        "bad_opponent_values"
    }
}

impl AaaCard {
    /// Checks the card against the ranges of §15.7 and Appendix A.6.
    pub fn check(&self) -> Result<(), AaaCardError> {
        if self.level > 5 {
            return Err(AaaCardError::Level { level: self.level });
        }
        let shape = |reason| AaaCardError::Shape {
            level: self.level,
            reason,
        };
        match (self.level, &self.scoring, &self.temp_places) {
            (0, Some(_), _) => return Err(shape("has no per-card values")),
            (0, None, None) => return Err(shape("needs temp_places")),
            (1.., None, _) => return Err(shape("needs its six per-card values")),
            (1.., Some(_), Some(_)) => return Err(shape("has no temp_places")),
            _ => {}
        }
        if let Some(s) = &self.scoring {
            for ((field, min, max), value) in AaaScoring::RANGES.into_iter().zip(s.values()) {
                if !(min..=max).contains(&value) {
                    return Err(AaaCardError::OutOfRange {
                        field,
                        value,
                        min,
                        max,
                    });
                }
            }
        }
        if let Some(p) = self.temp_places {
            if !(p[0] >= p[1] && p[1] >= p[2] && p[2] >= 1) {
                return Err(AaaCardError::TempPlaces { places: p });
            }
        }
        Ok(())
    }

    /// The player's temp points at level 0 (Ruling C25): the best place whose threshold the
    /// crossed boxes reach, scored from `points` (7, 4, 1); below the third, 0.
    pub fn place_points(places: [u8; 3], boxes: u8, points: &[i32]) -> i32 {
        places
            .iter()
            .position(|&at| boxes >= at)
            .and_then(|i| points.get(i).copied())
            .unwrap_or(0)
    }
}

/// An opponent card as the edition data lists it: the playing values, its name and where each
/// value comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AaaOpponent {
    pub name: String,
    #[serde(flatten)]
    pub card: AaaCard,
    pub provenance: Vec<Provenance>,
}

/// The AAA data of an edition (§15).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AaaRules {
    /// Validation cards put in the discard at setup (the third goes in the pile's bottom part,
    /// whose size is the edition's `solo.bottom_part`).
    pub validations_in_discard: u8,
    /// How many of its estates the AAA scores (X5).
    pub best_estates: u8,
    /// One card per level, 0 to 5.
    pub opponents: Vec<AaaOpponent>,
}

impl AaaRules {
    /// The card of `level`.
    pub fn opponent(&self, level: u8) -> Option<&AaaOpponent> {
        self.opponents.iter().find(|o| o.card.level == level)
    }
}

/// A row an expansion sheet adds to the AAA's score (its eggs, ice cream, lights…).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AaaRow {
    /// The sheet's score row it stands in.
    pub id: String,
    pub points: i32,
    /// How the points were counted, for people.
    pub detail: String,
}
