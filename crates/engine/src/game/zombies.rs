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
        let total = zombies::values(self.layout).map_or(0, |v| v.cards.len());
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
