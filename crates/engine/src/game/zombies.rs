//! The Zombies sheet's dealer (collector expansions §8.3.1–2, §8.3.8, Rulings X26): two piles
//! instead of three, pile 1 made of packets of construction cards with one Zombie card
//! shuffled into each. A Zombie card that comes to the top of pile 1 is resolved at once by
//! every seat (at the start of its turn, `TurnContext::zombies`) and leaves the game; the game
//! ends at once when pile 1 has no number left to give.
//!
//! Pile 1's construction cards, like every pile's, are drawn uniformly from the cards not yet
//! dealt, which is the same as dealing the packets at random; what pile 1 adds is where each
//! Zombie card lies, fixed at setup: somewhere in its own packet.

use super::{pick_index, DealError, Position};
use crate::card::{Card, Draw};
use crate::edition::{SheetLayout, ZombieCard};
use crate::legal::ZombieCards;
use crate::modules::zombies;
use crate::public::PacketView;
use rand_chacha::ChaCha8Rng;

use std::collections::VecDeque;

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
        let v = zombies::values(layout)?;
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

    /// The packet the next Zombie card to come up lies in (0-based).
    fn packet_of_next(&self, total: usize) -> usize {
        total - self.waiting.len()
    }

    /// The first and last counts of drawn cards at which the Zombie card of packet `k` can
    /// come to the top.
    fn window(&self, k: usize) -> (usize, usize) {
        let first = k * self.packet as usize;
        (first, first + self.packet as usize)
    }
}

impl Position {
    /// Draws pile 1's next number card on a Zombies sheet: every Zombie card lying on top of
    /// it comes up first (logged, and kept for this round's turns). `None` when pile 1 has no
    /// construction card left: the game then ends at once.
    pub(super) fn draw_pile_one(
        &mut self,
        script: &mut Option<VecDeque<Draw>>,
        log: &mut Vec<Draw>,
    ) -> Result<Option<Card>, DealError> {
        let total = zombies::values(&self.layout).map_or(0, |v| v.cards.len());
        loop {
            let Some(deal) = self.zombies.as_mut() else {
                return Err(DealError::OutOfCards);
            };
            let up = match script {
                None => match deal.waiting.first() {
                    Some(&(c, at)) if at == deal.drawn => Some(c),
                    _ => None,
                },
                Some(s) => match s.front() {
                    Some(&Draw::Zombie(c)) => {
                        let k = deal.packet_of_next(total);
                        let (first, last) = deal.window(k);
                        let drawn = deal.drawn as usize;
                        let Some(i) = deal.waiting.iter().position(|w| w.0 == c) else {
                            return Err(DealError::BadZombie {
                                card: zombies::card_name(c),
                                reason: "no such Zombie card is left in pile 1".into(),
                            });
                        };
                        if !(first..=last).contains(&drawn) {
                            return Err(DealError::BadZombie {
                                card: zombies::card_name(c),
                                reason: format!(
                                    "packet {}'s Zombie card comes up after {first} to {last} of pile 1's cards, not after {drawn}",
                                    k + 1
                                ),
                            });
                        }
                        // Which card lies in which packet is hidden: the record settles it.
                        deal.waiting.swap(0, i);
                        s.pop_front();
                        Some(c)
                    }
                    _ => {
                        let k = deal.packet_of_next(total);
                        if k < total && deal.drawn as usize >= deal.window(k).1 {
                            return Err(DealError::BadZombie {
                                card: zombies::card_name(deal.waiting[0].0),
                                reason: format!(
                                    "packet {}'s Zombie card must come up before pile 1's next card",
                                    k + 1
                                ),
                            });
                        }
                        None
                    }
                },
            };
            if let Some(c) = up {
                deal.waiting.remove(0);
                deal.now.push(c);
                log.push(Draw::Zombie(c));
                continue;
            }
            if deal.drawn >= deal.holds {
                return Ok(None);
            }
            deal.drawn += 1;
            return self.draw(script, log).map(Some);
        }
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
    fn items(&self) -> usize {
        self.cards as usize + usize::from(self.zombie.is_some()) + self.letters.len()
    }
}

impl ZombieDeck {
    /// The expert deck (§8.3.7): once every player has been dealt a card from the `cards`
    /// construction cards, 10 of the others per player (all of them if fewer) and one Zombie
    /// card; the rest lie in the discard.
    pub(crate) fn expert(
        layout: &SheetLayout,
        players: usize,
        cards: usize,
        rng: &mut ChaCha8Rng,
    ) -> Option<ZombieDeck> {
        let v = zombies::values(layout)?;
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
    pub(crate) fn shape(
        layout: &SheetLayout,
        mode: super::Mode,
        players: usize,
    ) -> Option<(u8, u8)> {
        let v = zombies::values(layout)?;
        Some(match mode {
            super::Mode::Expert => (
                (v.expert.per_player as usize * players).min(u8::MAX as usize) as u8,
                v.expert.ends_at,
            ),
            _ => (0, 1),
        })
    }

    /// The AAA's pile: its packets, a Zombie card shuffled into each and the Validation
    /// letters dealt to them at random.
    pub(crate) fn aaa(layout: &SheetLayout, rng: &mut ChaCha8Rng) -> Option<ZombieDeck> {
        let v = zombies::values(layout)?;
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

fn shuffle<T>(items: &mut [T], rng: &mut ChaCha8Rng) {
    for i in (1..items.len()).rev() {
        items.swap(i, pick_index(rng, i + 1));
    }
}

impl Position {
    /// Takes the next item off a Zombies expert or AAA pile (`None`: it is empty and cannot be
    /// rebuilt, so the game ends at once). A replayed record names the item; which Zombie card
    /// and which Validation letter lie in which packet is hidden, so the record settles it.
    pub(super) fn deck_item(
        &mut self,
        script: &mut Option<VecDeque<Draw>>,
    ) -> Result<Option<Draw>, DealError> {
        let Some(deck) = self.deck.as_mut() else {
            return Err(DealError::OutOfCards);
        };
        deck.packets.retain(|p| p.items() > 0);
        if deck.packets.is_empty() {
            if deck.rebuild == 0 {
                return Ok(None);
            }
            deck.ran_out += 1;
            if deck.ran_out >= deck.ends_at {
                return Ok(None);
            }
            // Expert: the deck is made again from the shuffled discard, with a Zombie card.
            self.pile.append(&mut self.discard);
            deck.packets.push(Packet {
                cards: deck.rebuild.min(self.pile.len().min(255) as u8),
                zombie: deck.spare.pop(),
                letters: Vec::new(),
            });
            if deck.packets[0].items() == 0 {
                return Ok(None);
            }
        }
        let p = &deck.packets[0];
        // One index over the packet's items whether or not a record names the draw, so a
        // replay uses the generator as the original did.
        let i = pick_index(&mut self.rng, p.items());
        let bad_zombie = |card, reason: &str| DealError::BadZombie {
            card: zombies::card_name(card),
            reason: reason.into(),
        };
        let wanted = match script {
            Some(s) => Some(*s.front().ok_or(DealError::ScriptExhausted)?),
            None if i < p.cards as usize => None,
            None => Some(match (i - p.cards as usize, p.zombie) {
                (0, Some(z)) => Draw::Zombie(z),
                (j, z) => Draw::Validation(p.letters[j - usize::from(z.is_some())]),
            }),
        };
        let item = match wanted {
            None | Some(Draw::Card(_)) => {
                if p.cards == 0 {
                    return Err(match wanted {
                        Some(Draw::Card(card)) => DealError::NotInPile { card },
                        _ => DealError::OutOfCards,
                    });
                }
                let c = super::take_card(&mut self.rng, &mut self.pile, script, false)?;
                deck.packets[0].cards -= 1;
                return Ok(Some(Draw::Card(c)));
            }
            Some(Draw::Zombie(z)) => {
                let p = &mut deck.packets[0];
                let Some(here) = p.zombie else {
                    return Err(bad_zombie(
                        z,
                        "no Zombie card is left in this part of the pile",
                    ));
                };
                if here != z {
                    // Which kind lies where is hidden: swap with where `z` lies.
                    let elsewhere = deck.packets[1..]
                        .iter_mut()
                        .filter_map(|q| q.zombie.as_mut())
                        .chain(deck.spare.iter_mut())
                        .find(|k| **k == z)
                        .ok_or_else(|| bad_zombie(z, "it already came up"))?;
                    *elsewhere = here;
                }
                deck.packets[0].zombie = None;
                Draw::Zombie(z)
            }
            Some(Draw::Validation(l)) => {
                let letter = crate::aaa::LETTERS.get(l as usize).copied().unwrap_or('?');
                let bad = |reason| DealError::BadValidation { letter, reason };
                if deck.packets[0].letters.is_empty() {
                    return Err(bad("no Validation card lies in this part of the pile"));
                }
                if !deck.packets[0].letters.contains(&l) {
                    let (k, j) = deck.packets[1..]
                        .iter()
                        .enumerate()
                        .find_map(|(k, q)| {
                            q.letters.iter().position(|&x| x == l).map(|j| (k + 1, j))
                        })
                        .ok_or(bad("it was already drawn"))?;
                    let mine = deck.packets[0].letters[0];
                    deck.packets[k].letters[j] = mine;
                    deck.packets[0].letters[0] = l;
                }
                let letters = &mut deck.packets[0].letters;
                let at = letters.iter().position(|&x| x == l).unwrap_or(0);
                letters.swap_remove(at);
                Draw::Validation(l)
            }
            Some(Draw::Solo) => {
                return Err(DealError::BadSoloCard {
                    reason: "this edition has no Solo card".into(),
                })
            }
        };
        if let Some(s) = script {
            s.pop_front();
        }
        Ok(Some(item))
    }
}

impl Position {
    /// Draws one construction card from a Zombies expert or AAA pile (`None`: the game ends at
    /// once): the card shown on top first, each Validation card resolved and each Zombie card
    /// come up on the way (§8.3.7, §8.6 steps 2–3).
    pub(super) fn draw_deck(
        &mut self,
        script: &mut Option<VecDeque<Draw>>,
        log: &mut Vec<Draw>,
    ) -> Result<Option<Card>, DealError> {
        loop {
            let item = match self.top.take() {
                Some(d) => d,
                None => match self.deck_item(script)? {
                    Some(d) => {
                        log.push(d);
                        d
                    }
                    None => return Ok(None),
                },
            };
            self.drawn += 1;
            match item {
                Draw::Card(c) => return Ok(Some(c)),
                Draw::Validation(l) => self.resolve_validation(l as usize),
                Draw::Zombie(z) => self.zombie_up(z),
                Draw::Solo => return Err(DealError::OutOfCards),
            }
        }
    }

    /// A Zombie card comes up: every seat resolves it at the start of its turn; an AAA of
    /// level 1 or more loses the last two cards it was given and takes the Zombie card in
    /// their place, a Barrière from then on (§8.6 steps 3 and 5).
    fn zombie_up(&mut self, z: ZombieCard) {
        if let Some(d) = &mut self.deck {
            let _ = d.now.try_push(z);
        }
        if let Some(a) = self.aaa.as_mut().filter(|a| a.card.level > 0) {
            // The last two cards *given* to it leave the game (FR2 1606): a Zombie card that
            // took the place of earlier ones was not given, and stays.
            let mut removed = 0;
            let mut i = a.given.len();
            while i > 0 && removed < 2 {
                i -= 1;
                if a.given[i] != crate::aaa::ZOMBIE_CARD {
                    a.given.remove(i);
                    removed += 1;
                }
            }
            a.given.push(crate::aaa::ZOMBIE_CARD);
        }
    }

    /// Shows the next item of a Zombies expert or AAA pile on top, if the pile holds one (an
    /// empty deck is only rebuilt when a card must be drawn).
    pub(super) fn show_deck_top(
        &mut self,
        script: &mut Option<VecDeque<Draw>>,
        log: &mut Vec<Draw>,
    ) -> Result<(), DealError> {
        if self.top.is_some() || self.deck.as_ref().is_none_or(ZombieDeck::is_empty) {
            return Ok(());
        }
        if let Some(d) = self.deck_item(script)? {
            log.push(d);
            self.top = Some(d);
        }
        Ok(())
    }
}
