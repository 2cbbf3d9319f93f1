//! The AAA's pile as a player at a physical table types it (the companion's AAA): cards of
//! the edition's deck, and the cards a rule module adds to the pile.

use crate::card::Card;
use crate::edition::SheetLayout;

/// Why a pile cannot be the AAA's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PileError {
    #[error("{given} cards, but the deck has {deck}")]
    TooMany { given: usize, deck: usize },
    #[error("there is no card {card}")]
    NoSuchCard { card: Card },
    #[error("{given} cards {card}, but the deck has {in_deck}")]
    MoreThanDeck {
        card: Card,
        given: usize,
        in_deck: usize,
    },
    #[error("{given} cards {card} (what the rule module adds to the pile), but the {sheet} sheet has {most}")]
    MoreThanSheet {
        card: Card,
        given: usize,
        most: usize,
        sheet: String,
    },
}

/// Checks the pile given to the AAA: no more of a card than the deck holds, or than the
/// sheet's rule modules add to the pile (`Module::aaa_pile_card`).
pub fn check_pile(deck: &[Card], layout: &SheetLayout, given: &[Card]) -> Result<(), PileError> {
    let added: Vec<(Card, usize)> = layout
        .modules
        .iter()
        .filter_map(|m| m.aaa_pile_card(layout))
        .collect();
    let extra: usize = added.iter().map(|a| a.1).sum();
    if given.len() > deck.len() + extra {
        return Err(PileError::TooMany {
            given: given.len(),
            deck: deck.len(),
        });
    }
    for &card in given {
        let count = given.iter().filter(|&&d| d == card).count();
        if let Some(&(_, most)) = added.iter().find(|a| a.0 == card && !deck.contains(&card)) {
            if count > most {
                return Err(PileError::MoreThanSheet {
                    card,
                    given: count,
                    most,
                    sheet: layout.name.clone(),
                });
            }
            continue;
        }
        let in_deck = deck.iter().filter(|&&d| d == card).count();
        if in_deck == 0 {
            return Err(PileError::NoSuchCard { card });
        }
        if count > in_deck {
            return Err(PileError::MoreThanDeck {
                card,
                given: count,
                in_deck,
            });
        }
    }
    Ok(())
}
