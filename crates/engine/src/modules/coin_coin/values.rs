//! The values a sheet with this rule module prints (read from its sheet file, part of
//! `SheetLayout`): plain data the rest of the engine builds on, without rules.

use crate::house::HouseRef;
use serde::{Deserialize, Serialize};

/// A duckling's family (Coin Coin).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DuckColour {
    Yellow,
    Black,
}

/// A duckling between houses `slot` and `slot + 1` of its street (1-based, like fences).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StreetDuckling {
    pub slot: u8,
    pub colour: DuckColour,
}

/// A duckling between two streets, joining house `upper` to house `lower` (Coin Coin).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BetweenDuckling {
    pub upper: HouseRef,
    pub lower: HouseRef,
    pub colour: DuckColour,
}

/// A duck parent and the houses it touches (Coin Coin).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DuckParent {
    pub colour: DuckColour,
    pub touches: Vec<HouseRef>,
}

/// Coin Coin's ducks off the streets: ducklings between streets and the parents
/// (collector expansions §9.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DuckValues {
    pub between: Vec<BetweenDuckling>,
    pub parents: Vec<DuckParent>,
    /// AAA solo, level 1+: the cards given per point the AAA scores at each duck scoring.
    pub aaa_cards_per_point: u8,
}
