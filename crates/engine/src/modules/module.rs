//! The rule modules by name: a leaf discriminant every part of the engine can name without
//! reaching the rules behind it (the dispatch on it is `modules`' `impl Module`).

use serde::{Deserialize, Serialize};

/// A rule module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Module {
    /// Roundabouts (advanced variant, spec §12); switched on by the table option.
    Roundabouts,
    /// Easter egg hunt (thematic §2).
    Easter,
    /// Ice Cream trucks (thematic §3).
    IceCream,
    /// Christmas lights (thematic §4).
    Christmas,
    /// Atomic War shelters (collector expansions §6).
    #[serde(rename = "atomic-war")]
    Atomic,
    /// Halloween ghosts, candies and their tiers (collector expansions §4).
    Halloween,
    /// Roswell saucers, infiltration and its objectives (collector expansions §7).
    Roswell,
    /// Coin Coin ducklings, their parents and the duck scorings (collector expansions §9).
    CoinCoin,
    /// American Dream perfect houses, column and street bonuses (collector expansions §10).
    AmericanDream,
    /// Zombies hordes, ammo, barricades and invaded houses (collector expansions §8).
    Zombies,
}

/// A decision a module asks for inside a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChoiceKind {
    /// Ice Cream: which truck drives this street (Ruling TR7).
    Truck,
}

/// A card a rule module adds to the game, in words (the Zombie cards): its id as records and
/// the protocol spell it, its name, and what it does when it comes up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ModuleCard {
    #[serde(skip)]
    pub id: &'static str,
    pub name: &'static str,
    pub does: &'static str,
}
