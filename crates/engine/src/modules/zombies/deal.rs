//! The Zombies sheet's piles as the rules shape them (collector expansions §8.3.1–2, §8.3.7,
//! §8.3.8, §8.6, Rulings X26): pile 1 of the standard game, each Zombie card at a place fixed
//! at setup inside its packet, and the single draw pile of the expert and AAA games, packets
//! drawn top first. Only counts and Zombie cards: the construction cards themselves are drawn
//! uniformly from the position's pile by the game's dealer (`game::zombies`).

use crate::edition::{SheetLayout, ZombieCard};
use crate::legal::ZombieCards;
use crate::public::{DeckView, PacketView, ZombiePile};
use crate::random::{pick_index, shuffle};
use crate::setup::Mode;
use rand_chacha::ChaCha8Rng;

/// A Zombies game's own piles as `mode` deals them from `rng` (both `None` on other sheets):
/// the standard game's pile 1 (§8.3.1), or the expert (§8.3.7) or AAA (§8.6) single pile for
/// `players` seats and a deck of `cards` construction cards.
pub(crate) fn deal(
    layout: &SheetLayout,
    mode: Mode,
    players: usize,
    cards: usize,
    rng: &mut ChaCha8Rng,
) -> (Option<ZombieDeal>, Option<ZombieDeck>) {
    match mode {
        Mode::Standard => (ZombieDeal::deal(layout, rng), None),
        Mode::Expert => (None, ZombieDeck::expert(layout, players, cards, rng)),
        Mode::Solo => (None, ZombieDeck::aaa(layout, rng)),
    }
}

/// Pile 1 of a Zombies game: its Zombie cards still to come and the cards it has given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ZombieDeal {
    /// Zombie cards not come up yet, packet by packet: each with the count of pile 1's
    /// construction cards drawn when it comes to the top.
    pub(crate) waiting: Vec<(ZombieCard, u8)>,
    /// Construction cards pile 1 has given so far, and those it holds in all.
    pub(crate) drawn: u8,
    pub(crate) holds: u8,
    /// Construction cards per packet.
    pub(crate) packet: u8,
    /// The Zombie cards that came up while this round was dealt.
    pub(crate) now: ZombieCards,
}

impl ZombieDeal {
    /// Pile 1 of a standard game on `layout`, dealt from `rng`: which Zombie card goes into
    /// which packet, and where in it.
    pub(crate) fn deal(layout: &SheetLayout, rng: &mut ChaCha8Rng) -> Option<ZombieDeal> {
        let v = super::values(layout)?;
        let mut cards = v.cards.clone();
        for i in (1..cards.len()).rev() {
            cards.swap(i, pick_index(rng, i + 1));
        }
        let waiting = cards
            .into_iter()
            .enumerate()
            .map(|(k, c)| {
                let at = k * v.packet as usize + pick_index(rng, v.packet as usize + 1);
                (c, at as u8)
            })
            .collect();
        Some(ZombieDeal {
            waiting,
            drawn: 0,
            holds: v.packet.saturating_mul(v.cards.len() as u8),
            packet: v.packet,
            now: ZombieCards::new(),
        })
    }

    /// Pile 1 dealt again from what every seat sees of it (`pile`, `None` when the game has
    /// no such pile): the kinds still in it dealt to the packets left, each somewhere in its
    /// packet that pile 1 has not reached yet.
    pub(crate) fn from_view(
        layout: &SheetLayout,
        pile: Option<&ZombiePile>,
        rng: &mut ChaCha8Rng,
    ) -> Result<Option<ZombieDeal>, &'static str> {
        let (z, v) = match (pile, super::values(layout)) {
            (None, _) => return Ok(None),
            (Some(_), None) => return Err("a Zombies pile on a sheet without Zombies"),
            (Some(z), Some(v)) => (z, v),
        };
        let mut left = z.left.clone();
        for i in (1..left.len()).rev() {
            left.swap(i, pick_index(rng, i + 1));
        }
        let first = v
            .cards
            .len()
            .checked_sub(left.len())
            .ok_or("more Zombie cards are left than the game has")?;
        let packet = v.packet as usize;
        let mut waiting = Vec::with_capacity(left.len());
        for (j, c) in left.into_iter().enumerate() {
            let k = first + j;
            let lo = (k * packet).max(z.drawn as usize);
            let hi = k * packet + packet;
            if lo > hi {
                return Err("a Zombie card should have come up already");
            }
            waiting.push((c, (lo + pick_index(rng, hi - lo + 1)) as u8));
        }
        Ok(Some(ZombieDeal {
            waiting,
            drawn: z.drawn,
            holds: z.holds,
            packet: v.packet,
            now: z.now,
        }))
    }

    /// The packet the next Zombie card to come up lies in (0-based).
    pub(crate) fn packet_of_next(&self, total: usize) -> usize {
        total - self.waiting.len()
    }

    /// The first and last counts of drawn cards at which the Zombie card of packet `k` can
    /// come to the top.
    pub(crate) fn window(&self, k: usize) -> (usize, usize) {
        let first = k * self.packet as usize;
        (first, first + self.packet as usize)
    }
}

/// The single draw pile of the Zombies expert and AAA solo games (collector expansions
/// §8.3.7, §8.6): packets drawn top first, each item of a packet equally likely to come next.
///
/// Construction cards are drawn uniformly from the position's `pile`, which is the same as
/// dealing each packet its cards at random; a packet only counts how many it has left. The
/// expert deck is one packet, rebuilt from the discard when a card must be drawn and it is
/// empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ZombieDeck {
    /// What is left of the pile, top packet first (empty packets are dropped).
    pub(crate) packets: Vec<Packet>,
    /// Expert: the Zombie cards set aside, the last one joining the next rebuilt deck.
    pub(crate) spare: Vec<ZombieCard>,
    /// Expert: construction cards a rebuilt deck takes from the discard (0: never rebuilt).
    pub(crate) rebuild: u8,
    /// Expert: times the deck was found empty when a card had to be drawn, and the time that
    /// ends the game.
    pub(crate) ran_out: u8,
    pub(crate) ends_at: u8,
    /// The Zombie cards that came up while this round was dealt.
    pub(crate) now: ZombieCards,
}

/// One packet of a `ZombieDeck`: what it still holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Packet {
    pub(crate) cards: u8,
    pub(crate) zombie: Option<ZombieCard>,
    /// Validation letters (AAA).
    pub(crate) letters: Vec<u8>,
}

impl Packet {
    pub(crate) fn items(&self) -> usize {
        self.cards as usize + usize::from(self.zombie.is_some()) + self.letters.len()
    }
}

impl ZombieDeck {
    /// The expert or AAA pile dealt again from what every seat sees of it (`seen`: its
    /// packets and the Zombie cards left, of a game of `players`), the item `shown` on top
    /// apart, with the Validation `letters` not drawn yet.
    pub(crate) fn from_view(
        layout: &SheetLayout,
        mode: Mode,
        players: usize,
        seen: (&DeckView, &ZombiePile),
        shown: Option<ZombieCard>,
        letters: &[u8],
        rng: &mut ChaCha8Rng,
    ) -> Result<ZombieDeck, &'static str> {
        let (d, z) = seen;
        let mut left = z.left.clone();
        if let Some(up) = shown {
            let i = left
                .iter()
                .position(|&k| k == up)
                .ok_or("the Zombie card shown on the pile is not left")?;
            left.remove(i);
        }
        let shape = ZombieDeck::shape(layout, mode, players)
            .ok_or("a Zombies pile on a sheet without Zombies")?;
        ZombieDeck::resample(&d.packets, &left, letters, rng, shape, d.ran_out, z.now)
            .ok_or("the Zombies pile's packets do not fit what is left")
    }

    /// The expert deck (§8.3.7): once every player has been dealt a card from the `cards`
    /// construction cards, 10 of the others per player (all of them if fewer) and one Zombie
    /// card; the rest lie in the discard.
    pub(crate) fn expert(
        layout: &SheetLayout,
        players: usize,
        cards: usize,
        rng: &mut ChaCha8Rng,
    ) -> Option<ZombieDeck> {
        let v = super::values(layout)?;
        let mut spare = v.cards.clone();
        shuffle(&mut spare, rng);
        let rebuild = (v.expert.per_player as usize * players).min(u8::MAX as usize);
        let zombie = spare.pop();
        Some(ZombieDeck {
            packets: vec![Packet {
                cards: rebuild.min(cards.saturating_sub(players)) as u8,
                zombie,
                letters: Vec::new(),
            }],
            spare,
            rebuild: rebuild as u8,
            ran_out: 0,
            ends_at: v.expert.ends_at,
            now: ZombieCards::new(),
        })
    }

    /// An empty deck shaped like this game's (`resample` fills it from a view).
    pub(crate) fn shape(layout: &SheetLayout, mode: Mode, players: usize) -> Option<(u8, u8)> {
        let v = super::values(layout)?;
        Some(match mode {
            Mode::Expert => (
                (v.expert.per_player as usize * players).min(u8::MAX as usize) as u8,
                v.expert.ends_at,
            ),
            _ => (0, 1),
        })
    }

    /// The AAA's pile: its packets, a Zombie card shuffled into each and the Validation
    /// letters dealt to them at random.
    pub(crate) fn aaa(layout: &SheetLayout, rng: &mut ChaCha8Rng) -> Option<ZombieDeck> {
        let v = super::values(layout)?;
        let mut kinds = v.cards.clone();
        shuffle(&mut kinds, rng);
        let mut letters = vec![0u8, 1, 2];
        shuffle(&mut letters, rng);
        let mut packets = Vec::with_capacity(v.aaa_packets.len());
        for (k, p) in v.aaa_packets.iter().enumerate() {
            let take = (p.validations as usize).min(letters.len());
            packets.push(Packet {
                cards: p.cards,
                zombie: kinds.get(k).copied(),
                letters: letters.drain(..take).collect(),
            });
        }
        Some(ZombieDeck {
            packets,
            spare: Vec::new(),
            rebuild: 0,
            ran_out: 0,
            ends_at: 1,
            now: ZombieCards::new(),
        })
    }

    /// Whether the pile holds nothing and cannot be rebuilt: the next draw ends the game.
    pub(crate) fn spent(&self) -> bool {
        self.packets.iter().all(|p| p.items() == 0)
            && (self.rebuild == 0 || self.ran_out + 1 >= self.ends_at)
    }

    /// Whether the pile holds nothing, rebuilt or not.
    pub(crate) fn is_empty(&self) -> bool {
        self.packets.iter().all(|p| p.items() == 0)
    }

    /// The pile as every seat sees it.
    pub(crate) fn view(&self) -> Vec<PacketView> {
        self.packets
            .iter()
            .map(|p| PacketView {
                cards: p.cards,
                zombie: p.zombie.is_some(),
                validations: p.letters.len() as u8,
            })
            .collect()
    }

    /// Zombie cards not come up yet, sorted.
    pub(crate) fn left(&self) -> Vec<ZombieCard> {
        let mut left: Vec<_> = self
            .packets
            .iter()
            .filter_map(|p| p.zombie)
            .chain(self.spare.iter().copied())
            .collect();
        left.sort_by_key(|c| *c as u8);
        left
    }

    /// A deck as a view shows it, the hidden kinds and letters dealt from `rng`: `left` the
    /// Zombie kinds not come up, `letters` the Validation letters not drawn.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn resample(
        packets: &[PacketView],
        left: &[ZombieCard],
        letters: &[u8],
        rng: &mut ChaCha8Rng,
        (rebuild, ends_at): (u8, u8),
        ran_out: u8,
        now: ZombieCards,
    ) -> Option<ZombieDeck> {
        let mut kinds = left.to_vec();
        shuffle(&mut kinds, rng);
        let mut letters = letters.to_vec();
        shuffle(&mut letters, rng);
        let mut out = Vec::with_capacity(packets.len());
        for p in packets {
            let zombie = if p.zombie { Some(kinds.pop()?) } else { None };
            let take = p.validations as usize;
            if take > letters.len() {
                return None;
            }
            out.push(Packet {
                cards: p.cards,
                zombie,
                letters: letters.drain(..take).collect(),
            });
        }
        if !letters.is_empty() || (rebuild == 0 && !kinds.is_empty()) {
            return None;
        }
        Some(ZombieDeck {
            packets: out,
            spare: kinds,
            rebuild,
            ran_out,
            ends_at,
            now,
        })
    }
}
