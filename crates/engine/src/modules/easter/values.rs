//! The values a sheet with this rule module prints (read from its sheet file, part of
//! `SheetLayout`): plain data the rest of the engine builds on, without rules.

use serde::{Deserialize, Serialize};

/// An egg house (Easter).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EggHouse {
    /// 1-based house.
    pub house: u8,
    pub eggs: u8,
    /// For drawing only; no rule uses it.
    pub colour: String,
}

/// Which numbers collect eggs (Easter, §2.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EggLoops {
    /// Numbers that collect up to two eggs.
    pub two: Vec<u8>,
    /// Numbers that collect one egg.
    pub one: Vec<u8>,
}
