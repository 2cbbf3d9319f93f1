//! The values a sheet with this rule module prints (read from its sheet file, part of
//! `SheetLayout`): plain data the rest of the engine builds on, without rules.

use crate::house::Side;
use serde::{Deserialize, Serialize};
use tinyvec::ArrayVec;

/// Most Zombie cards in a round (one per packet of pile 1).
pub const MAX_ZOMBIE_CARDS: usize = 3;

/// The Zombie cards of one round.
pub type ZombieCards = ArrayVec<[ZombieCard; MAX_ZOMBIE_CARDS]>;

/// What a Zombie card sets moving (collector expansions §8.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ZombieCard {
    /// The three hordes at the left ends of the streets move right.
    #[default]
    Left,
    /// The three hordes at the right ends move left.
    Right,
    /// All six move.
    Both,
}

impl ZombieCard {
    /// Whether the horde at `side` of its street moves for this card.
    pub fn moves(self, side: Side) -> bool {
        matches!(
            (self, side),
            (ZombieCard::Both, _)
                | (ZombieCard::Left, Side::Left)
                | (ZombieCard::Right, Side::Right)
        )
    }
}

/// A horde at one end of a street (Zombies): each of its printed arrows ends at a house, in
/// order; a Zombie card that moves it traces the next one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Horde {
    /// The street (1-based).
    pub street: u8,
    /// The end it starts from.
    pub side: Side,
    /// The house each arrow ends at, 1-based, in order.
    pub arrivals: Vec<u8>,
}

/// Zombies' printed layout and values (collector expansions §8.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZombieValues {
    /// The Zombie cards, one shuffled into each packet of pile 1.
    pub cards: Vec<ZombieCard>,
    /// Construction cards in each packet of pile 1 (10).
    pub packet: u8,
    /// The hordes, at most one per street end.
    pub hordes: Vec<Horde>,
    /// Ammo circled at the start of the game.
    pub ammo_start: u8,
    /// Ammo the stock holds, the circled ones included.
    pub ammo_stock: u8,
    /// Improvement boxes that carry an ammo icon: `[estate size, box]`, both 1-based.
    pub ammo_boxes: Vec<[u8; 2]>,
    /// The expert variant's deck (§8.3.7).
    #[serde(default)]
    pub expert: ZombieExpert,
    /// The AAA solo game's draw pile, top packet first (§8.6); each packet also holds one
    /// Zombie card.
    #[serde(default = "ZombieValues::aaa_packets")]
    pub aaa_packets: Vec<ZombiePacket>,
}

impl ZombieValues {
    /// The printed AAA packets (FR2 1590–1598): 20 cards each, with 0, 1 and 2 Validation cards.
    fn aaa_packets() -> Vec<ZombiePacket> {
        (0..3)
            .map(|validations| ZombiePacket {
                cards: 20,
                validations,
            })
            .collect()
    }
}

/// The Zombies expert variant's deck (FR2 1873–1881, Ruling X30): construction cards per
/// player plus one Zombie card, rebuilt from the discard when it runs out; the time it runs
/// out that ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZombieExpert {
    pub per_player: u8,
    pub ends_at: u8,
}

impl Default for ZombieExpert {
    fn default() -> Self {
        ZombieExpert {
            per_player: 10,
            ends_at: 3,
        }
    }
}

/// One packet of the AAA's Zombies pile: construction cards and Validation cards (one Zombie
/// card besides).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZombiePacket {
    pub cards: u8,
    pub validations: u8,
}

/// The index of the horde at `side` of street `s` (0-based).
pub fn index(s: u8, side: Side) -> u8 {
    2 * s + u8::from(side == Side::Right)
}
