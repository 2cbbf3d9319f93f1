//! Zombies! (collector expansions §8): hordes at both ends of every street that Zombie cards
//! set moving, ammo to slow them, barricades to stop them, and invaded houses (`Z`) that no
//! longer belong to any complete estate.
//!
//! A horde is numbered 2s for street s's left end and 2s + 1 for its right end, which is also
//! the order the moves of one card are made in (S1 before S2, left before right, FR2 1502).

pub mod deal;
mod dealer;
pub mod drawing;
pub mod file;
mod turn;

pub use turn::AmmoStageOut;
pub mod values;

pub use values::{index, ZombieCards, MAX_ZOMBIE_CARDS};

use crate::card::{Card, Effect};
use crate::edition::{Horde, SheetLayout, ZombieCard, ZombieValues};
use crate::modules::module::ModuleCard;
use crate::sheet::{House, HouseRef, Sheet};
use crate::turn::Hordes;
use crate::turn_error::TurnError;

/// A Zombie card in the AAA's pile (§8.6 step 5): it counts as a Barrière for the fence
/// points and cuts the estates, and no construction card has its number, 0.
pub const AAA_CARD: Card = Card::new(0, Effect::Surveyor);

/// The sheet's Zombies values, if it is a Zombies sheet.
pub fn values(layout: &SheetLayout) -> Option<&ZombieValues> {
    layout.zombies.as_ref()
}

/// Why the Zombie cards said to have come up in one round cannot have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoundCardsError {
    #[error("the {sheet} sheet has no Zombie cards")]
    NoZombieCards { sheet: String },
    #[error("{given} Zombie cards in one round; pile 1 holds {held}")]
    TooMany { given: usize, held: usize },
    #[error("{given} {card} Zombie cards, but pile 1 holds {held}")]
    MoreThanHeld {
        card: &'static str,
        given: usize,
        held: usize,
    },
}

impl RoundCardsError {
    /// A stable machine-readable code.
    pub fn code(&self) -> &'static str {
        "bad_zombie_cards"
    }
}

/// The Zombie cards a player says came up in one round (a score sheet at a physical table):
/// only on a Zombies sheet, no more than one per packet of pile 1 (§8.3.1), and no more of a
/// card than the sheet's pile holds.
pub fn round_cards(
    layout: &SheetLayout,
    cards: &[ZombieCard],
) -> Result<ZombieCards, RoundCardsError> {
    if cards.is_empty() {
        return Ok(ZombieCards::new());
    }
    let Some(v) = values(layout) else {
        return Err(RoundCardsError::NoZombieCards {
            sheet: layout.name.clone(),
        });
    };
    if cards.len() > v.cards.len().min(MAX_ZOMBIE_CARDS) {
        return Err(RoundCardsError::TooMany {
            given: cards.len(),
            held: v.cards.len(),
        });
    }
    for c in cards {
        let held = v.cards.iter().filter(|x| *x == c).count();
        let given = cards.iter().filter(|x| *x == c).count();
        if given > held {
            return Err(RoundCardsError::MoreThanHeld {
                card: card_name(*c),
                given,
                held,
            });
        }
    }
    Ok(cards.iter().copied().collect())
}

/// Whether the sheet deals by twos: its standard game from two piles (§8.3.1), its expert and
/// AAA games hands of two cards, both used (§8.3.7, §8.6), which run out for good when the
/// single draw pile does (a round with no hand ends the game).
pub fn deals_by_twos(layout: &SheetLayout) -> bool {
    values(layout).is_some()
}

/// The printed horde of index `h`, if the sheet has one there.
pub fn horde(layout: &SheetLayout, h: u8) -> Option<&Horde> {
    values(layout)?
        .hordes
        .iter()
        .find(|x| index(x.street.wrapping_sub(1), x.side) == h)
}

/// The house horde `h`'s next arrow ends at, if it has an arrow left.
pub fn next_arrival(layout: &SheetLayout, sheet: &Sheet, h: u8) -> Option<HouseRef> {
    let horde = horde(layout, h)?;
    let step = sheet.horde_steps(h) as usize;
    let house = *horde.arrivals.get(step)?;
    Some(HouseRef::new(horde.street - 1, house.wrapping_sub(1)))
}

/// The hordes `card` sets moving that still have an arrow to trace.
pub fn moving(layout: &SheetLayout, sheet: &Sheet, card: ZombieCard) -> Hordes {
    let mut set = Hordes::default();
    let Some(v) = values(layout) else {
        return set;
    };
    for x in &v.hordes {
        let h = index(x.street.wrapping_sub(1), x.side);
        if card.moves(x.side) && next_arrival(layout, sheet, h).is_some() {
            set.insert(h);
        }
    }
    set
}

/// Circled ammo not used yet.
pub fn ammo_left(layout: &SheetLayout, sheet: &Sheet) -> u8 {
    values(layout).map_or(0, |v| {
        (v.ammo_start + sheet.ammo_gained()).saturating_sub(sheet.ammo_used())
    })
}

/// Checks slowing the hordes of `slowed` when `card` comes up (§8.3.3 step 1).
pub fn check_ammo(
    layout: &SheetLayout,
    sheet: &Sheet,
    card: ZombieCard,
    slowed: Hordes,
) -> Result<(), TurnError> {
    let moving = moving(layout, sheet, card);
    if let Some(h) = slowed.iter().find(|&h| !moving.contains(h)) {
        return Err(TurnError::HordeNotMoving {
            horde: h,
            card: card_name(card),
        });
    }
    let have = ammo_left(layout, sheet);
    if slowed.len() > have {
        return Err(TurnError::AmmoShort {
            wanted: slowed.len(),
            have,
        });
    }
    Ok(())
}

/// Every set of moving hordes the player may slow with the ammo they have, the empty set
/// first, then by size and index.
pub fn ammo_choices(layout: &SheetLayout, sheet: &Sheet, card: ZombieCard) -> Vec<Hordes> {
    let moving = moving(layout, sheet, card);
    let have = ammo_left(layout, sheet);
    let mut out: Vec<Hordes> = subsets(moving)
        .into_iter()
        .filter(|s| s.len() <= have)
        .collect();
    out.sort_by_key(|s| (s.len(), s.0));
    out
}

fn subsets(set: Hordes) -> Vec<Hordes> {
    let bits = set.0;
    let mut out = Vec::new();
    let mut sub = bits;
    loop {
        out.push(Hordes(sub));
        if sub == 0 {
            break;
        }
        sub = (sub - 1) & bits;
    }
    out
}

/// Resolves `card` on `sheet` with `slowed` checked: each slowed horde crosses an ammo and
/// keeps its arrow; every other moving horde traces its next arrow, in horde order (§8.3.3).
pub(crate) fn resolve(layout: &SheetLayout, sheet: &mut Sheet, card: ZombieCard, slowed: Hordes) {
    let moving = moving(layout, sheet, card);
    sheet.set_ammo(sheet.ammo_gained(), sheet.ammo_used() + slowed.len());
    for h in moving.iter() {
        if slowed.contains(h) {
            continue;
        }
        if let Some(house) = next_arrival(layout, sheet, h) {
            sheet.set_horde_steps(h, sheet.horde_steps(h) + 1);
            arrive(layout, sheet, house);
        }
    }
}

/// A horde arrives at `house`: a roundabout, a barricade or a `Z` stops it; any other house
/// is invaded (§8.3.3 step 3).
pub(crate) fn arrive(layout: &SheetLayout, sheet: &mut Sheet, house: HouseRef) {
    if !sheet.contains(house) || is_barricaded(layout, sheet, house) {
        return;
    }
    if matches!(sheet.house(house), House::Roundabout | House::Invaded) {
        return;
    }
    sheet.invade(house);
}

/// Whether house `h` stands behind a barricade, printed or built.
pub fn is_barricaded(layout: &SheetLayout, sheet: &Sheet, h: HouseRef) -> bool {
    layout.unbarricaded(h.street) >> h.house & 1 == 0 || sheet.has_barricade(h)
}

/// Whether the number just written in `house` may take a barricade instead of the
/// Barrière's fence: an unbarricaded house without one (§8.3.5, Ruling X29).
pub fn may_barricade(layout: &SheetLayout, sheet: &Sheet, house: HouseRef) -> bool {
    values(layout).is_some()
        && sheet.number(house).is_some()
        && !is_barricaded(layout, sheet, house)
}

/// After an improvement box of the column for estates of `size` is crossed: a box with an
/// ammo icon circles the next ammo of the stock (§8.3.4).
pub(crate) fn after_improvement(layout: &SheetLayout, sheet: &mut Sheet, size: u8) {
    let Some(v) = values(layout) else {
        return;
    };
    let crossed = sheet.real_estate(size as usize);
    let room = v.ammo_stock.saturating_sub(v.ammo_start);
    if v.ammo_boxes.contains(&[size, crossed]) && sheet.ammo_gained() < room {
        sheet.set_ammo(sheet.ammo_gained() + 1, sheet.ammo_used());
    }
}

/// Built barricades in the houses `start..start + len` of street `s`.
pub fn barricades_in(sheet: &Sheet, s: u8, start: u8, len: u8) -> u8 {
    let run = ((((1u32 << len) - 1) << start) & 0xFFFF) as u16;
    (sheet.barricades_in(s) & run).count_ones() as u8
}

/// Whether every unbarricaded house of street `s` has a barricade built (a street without
/// one never has).
pub fn street_all(layout: &SheetLayout, sheet: &Sheet, s: u8) -> bool {
    let open = layout.unbarricaded(s);
    open != 0 && sheet.barricades_in(s) & open == open
}

/// The Zombie cards in words (§8.2), as front ends show them.
pub const CARDS: [ModuleCard; 3] = [
    ModuleCard {
        id: "left",
        name: "Left",
        does: "the three left hordes move right",
    },
    ModuleCard {
        id: "right",
        name: "Right",
        does: "the three right hordes move left",
    },
    ModuleCard {
        id: "both",
        name: "Both",
        does: "all six hordes move",
    },
];

/// A card's name in messages.
pub fn card_name(card: ZombieCard) -> &'static str {
    CARDS[card as usize].name
}
