//! The values a sheet with this rule module prints (read from its sheet file, part of
//! `SheetLayout`): plain data the rest of the engine builds on, without rules.

use serde::{Deserialize, Serialize};

/// A Roswell infiltration objective: `from` to `to` infiltrated estates (no upper end when
/// absent) score `points` each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Objective {
    pub from: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<u8>,
    pub points: i32,
}

impl Objective {
    /// Whether `n` infiltrated estates meet the objective.
    pub fn holds(&self, n: u8) -> bool {
        n >= self.from && self.to.is_none_or(|to| n <= to)
    }

    /// "3–4" or "9+".
    pub fn range(&self) -> String {
        match self.to {
            Some(to) => format!("{}–{to}", self.from),
            None => format!("{}+", self.from),
        }
    }
}

/// Roswell's printed values (collector expansions §7.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoswellValues {
    /// The four objectives, in printed order.
    pub objectives: Vec<Objective>,
    /// Points per infiltrated estate when the objective is missed.
    pub failure: i32,
    /// The largest estate that can be infiltrated.
    pub max_estate: u8,
    /// AAA solo, level 1+: the AAA's points per upside-down card.
    pub aaa_per_card: i32,
}
