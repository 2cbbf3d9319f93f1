//! The Zombies sheet's dealer (collector expansions §8.3.1–2, §8.3.8, Rulings X26): two piles
//! instead of three, pile 1 made of packets of construction cards with one Zombie card
//! shuffled into each. A Zombie card that comes to the top of pile 1 is resolved at once by
//! every seat (at the start of its turn, `TurnContext::zombies`) and leaves the game; the game
//! ends at once when pile 1 has no number left to give.
//!
//! Pile 1's construction cards, like every pile's, are drawn uniformly from the cards not yet
//! dealt, which is the same as dealing the packets at random; what pile 1 adds is where each
//! Zombie card lies, fixed at setup: somewhere in its own packet.

use super as zombies;
use super::deal::{Packet, ZombieDeck};
use super::ZombieCards;
use crate::card::{Card, Draw};
use crate::edition::ZombieCard;
use crate::game::{DealError, Position};
use crate::public::{DeckView, ZombiePile};
use crate::random::pick_index;

use std::collections::VecDeque;

impl Position {
    /// Zombies: pile 1 has no number left and no Zombie card comes up with the next flip, so
    /// the game ends at once, before the next round (§8.3.8); in the expert and AAA games,
    /// the draw pile holds nothing more and cannot be rebuilt (§8.3.7, §8.6 step 4).
    pub(crate) fn ends_at_flip(&self, script: &Option<VecDeque<Draw>>) -> bool {
        if let Some(d) = &self.deck {
            return self.top.is_none() && d.spent();
        }
        let Some(d) = &self.zombies else {
            return false;
        };
        if d.drawn < d.holds {
            return false;
        }
        match script {
            None => d.waiting.first().is_none_or(|w| w.1 != d.drawn),
            Some(s) => !matches!(s.front(), Some(Draw::Zombie(_))),
        }
    }

    /// Zombies: the Zombie cards that came up this round, which every seat resolves at the
    /// start of its turn.
    pub fn zombies_now(&self) -> ZombieCards {
        match (&self.zombies, &self.deck) {
            (Some(z), _) => z.now,
            (_, Some(d)) => d.now,
            _ => ZombieCards::new(),
        }
    }

    /// Zombies: pile 1 as every seat sees it (`None` on other sheets).
    pub fn zombie_pile(&self) -> Option<ZombiePile> {
        if let Some(d) = &self.deck {
            let mut left = d.left();
            if let Some(Draw::Zombie(z)) = self.top {
                left.push(z);
                left.sort_by_key(|c| *c as u8);
            }
            return Some(ZombiePile {
                drawn: 0,
                holds: 0,
                left,
                now: d.now,
                deck: Some(DeckView {
                    packets: d.view(),
                    ran_out: d.ran_out,
                }),
            });
        }
        let z = self.zombies.as_ref()?;
        let mut left: Vec<_> = z.waiting.iter().map(|w| w.0).collect();
        left.sort_by_key(|c| *c as u8);
        Some(ZombiePile {
            drawn: z.drawn,
            holds: z.holds,
            left,
            now: z.now,
            deck: None,
        })
    }

    /// Draws pile 1's next number card on a Zombies sheet: every Zombie card lying on top of
    /// it comes up first (logged, and kept for this round's turns). `None` when pile 1 has no
    /// construction card left: the game then ends at once.
    pub(crate) fn draw_pile_one(
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

impl Position {
    /// Takes the next item off a Zombies expert or AAA pile (`None`: it is empty and cannot be
    /// rebuilt, so the game ends at once). A replayed record names the item; which Zombie card
    /// and which Validation letter lie in which packet is hidden, so the record settles it.
    pub(crate) fn deck_item(
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
                let c = crate::game::take_card(&mut self.rng, &mut self.pile, script, false)?;
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
    pub(crate) fn draw_deck(
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
    pub(crate) fn show_deck_top(
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
