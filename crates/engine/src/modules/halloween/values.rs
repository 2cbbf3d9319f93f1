//! The values a sheet with this rule module prints (read from its sheet file, part of
//! `SheetLayout`): plain data the rest of the engine builds on, without rules.

use serde::{Deserialize, Serialize};

/// A bonus a Halloween ghost tier gives (collector expansions §4.3 step 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Bonus {
    /// Circle a pool picture not yet circled and cross a pool box.
    Pool,
    /// Cross the next park box of a street.
    Park,
    /// An Extension action that crosses no extension box.
    Extension,
}

/// A Halloween ghost tier: reached with exactly `need` ghosts (or more, if a higher tier's
/// count), it gives one of two bonus options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GhostTier {
    pub need: u8,
    pub options: Vec<Vec<Bonus>>,
}

/// A Halloween candy tier: `points` at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CandyTier {
    pub need: u8,
    pub points: i32,
}

/// Halloween's tiers (collector expansions §4.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HalloweenValues {
    pub ghost_tiers: Vec<GhostTier>,
    pub candy_tiers: Vec<CandyTier>,
    /// AAA solo, level 1+: the AAA's points per tier crossed off on the player's sheet.
    pub aaa_per_crossed_tier: i32,
}
