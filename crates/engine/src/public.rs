//! What every seat sees of the cards and of the game's end: the collector edition's piles, the
//! face-up top of a draw pile, the Zombie cards' pile and why the game ended. Plain data that
//! the position fills and the player view carries, so the view needs nothing of the game.

use crate::card::{Card, Effect};
use crate::legal::ZombieCards;
use serde::{Deserialize, Serialize};

/// Why the game ended (spec §9.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "trigger", deny_unknown_fields)]
pub enum EndReason {
    /// A seat crossed its third refusal.
    Refusals {
        #[serde(with = "seat_number")]
        seat: usize,
    },
    /// A seat scored all three plans.
    Plans {
        #[serde(with = "seat_number")]
        seat: usize,
    },
    /// A seat filled every house.
    AllHouses {
        #[serde(with = "seat_number")]
        seat: usize,
    },
    /// Solo: the last construction card was used (AAA: fewer than 3 cards are left to
    /// draw, an engine safety the rules never reach).
    DeckExhausted,
    /// A table that only deals: its host ended the game, the players having seen an end
    /// condition on their paper sheets (`Game::declare_end`).
    Declared,
}

/// Seats are 0-based in code and numbered from 1 in files.
mod seat_number {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &usize, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(*v as u64 + 1)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
        let v = usize::deserialize(d)?;
        v.checked_sub(1)
            .ok_or_else(|| serde::de::Error::custom("seats are numbered from 1"))
    }
}

/// One of the collector edition's three piles (Ruling C1), once its first cards have all been
/// flipped: its draw stack (order irrelevant: draws pick uniformly) and its own discard. While
/// the deck's first deal lasts, the three piles draw from the common `pile` and only their
/// discards fill: dealing a random third of the deck to each pile and drawing each in order
/// is the same as drawing every pile's cards one by one from the whole deck.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pile {
    pub stack: Vec<Card>,
    pub discard: Vec<Card>,
}

/// Zombies: pile 1 as every seat sees it (collector expansions §8.3.1): the Zombie cards that
/// came up are public, so are the kinds still to come, not where they lie. In the expert and
/// AAA games the single draw pile instead (`deck`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZombiePile {
    /// Standard game: construction cards pile 1 has given, and those it holds in all (0 in
    /// the expert and AAA games).
    pub drawn: u8,
    pub holds: u8,
    /// The Zombie cards still in it, sorted.
    pub left: Vec<crate::edition::ZombieCard>,
    /// The Zombie cards that came up as this round was dealt, in order.
    pub now: ZombieCards,
    /// Expert and AAA games: the draw pile's packets, top first, the card shown on top not
    /// counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<DeckView>,
}

/// The single draw pile of the Zombies expert and AAA games as every seat sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckView {
    pub packets: Vec<PacketView>,
    /// Expert: times the deck ran out when a card had to be drawn (the third ends the game).
    pub ran_out: u8,
}

/// A packet of a Zombies draw pile as every seat sees it: how many of each kind of item it
/// still holds, not which Zombie card or which Validation letters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PacketView {
    pub cards: u8,
    pub zombie: bool,
    pub validations: u8,
}

/// What the top of a face-up draw pile shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NextCard {
    /// A construction card: its action side.
    Action(Effect),
    /// The back of a Validation card (its letter is hidden).
    Validation,
    /// A Zombie card (Zombies expert and AAA games).
    Zombie(crate::edition::ZombieCard),
}
