//! What the browser draws of the Zombies sheet: the hordes with their arrows, the ammo stock,
//! the barricades and the invaded houses (collector expansions §8). The X marks of slowed
//! hordes are the turns' (the sheet keeps only how many ammo were used): `Slowed` carries them.

use crate::edition::SheetLayout;
use crate::house::{HouseRef, Side};
use crate::sheet::{House, Sheet};
use crate::turn::Hordes;
use serde::{Deserialize, Serialize};

/// The X marks of slowed hordes, by horde (street s's left horde is 2s, its right one 2s + 1).
pub type Slowed = [u8; 16];

/// Adds the hordes a turn slowed (its `ammo`, one set per Zombie card) to `slowed`.
pub fn add_slowed(slowed: &mut Slowed, ammo: &[Hordes]) {
    for set in ammo {
        for h in set.iter() {
            if let Some(n) = slowed.get_mut(h as usize) {
                *n = n.saturating_add(1);
            }
        }
    }
}

/// A horde at one end of a street.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct HordeOut {
    /// 1-based.
    pub street: u8,
    /// The end it starts from.
    pub side: Side,
    /// The house each of its printed arrows ends at (1-based), in order.
    pub arrivals: Vec<u8>,
    /// Arrows traced so far.
    pub traced: u8,
    /// The house its next arrow ends at; `null` once every arrow is traced.
    pub next: Option<u8>,
    /// Whether that house would be invaded if the horde moved now (no barricade, roundabout
    /// or `Z` stops it there).
    pub next_invades: bool,
    /// X marks on its arrows: the times it was slowed with an ammo.
    pub slowed: u8,
}

/// The ammo stock.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct AmmoOut {
    /// Ammo boxes printed in the stock.
    pub stock: u8,
    /// Circled at the start of the game.
    pub start: u8,
    /// Circled since, by crossing improvement boxes with an ammo icon.
    pub gained: u8,
    /// Crossed to slow a horde.
    pub used: u8,
    /// Circled and not used: how many hordes can be slowed.
    pub left: u8,
}

/// What stands in front of a house.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Barricade {
    /// Printed on the sheet.
    Printed,
    /// Built by the player (the Barrière's number in a house printed without one).
    Built,
    /// Nothing: the house is printed without a barricade and none was built.
    None,
}

/// Every horde, street by street, the left one before the right one (the order they move
/// in), none slowed yet (`mark_slowed`).
pub fn hordes(layout: &SheetLayout, sheet: &Sheet) -> Vec<HordeOut> {
    let Some(v) = super::values(layout) else {
        return Vec::new();
    };
    let mut hordes: Vec<HordeOut> = v
        .hordes
        .iter()
        .map(|x| {
            let h = super::index(x.street.saturating_sub(1), x.side);
            let next = super::next_arrival(layout, sheet, h);
            HordeOut {
                street: x.street,
                side: x.side,
                arrivals: x.arrivals.clone(),
                traced: sheet.horde_steps(h),
                next: next.map(|n| n.house + 1),
                next_invades: next.is_some_and(|n| {
                    sheet.contains(n)
                        && !super::is_barricaded(layout, sheet, n)
                        && !matches!(sheet.house(n), House::Roundabout | House::Invaded)
                }),
                slowed: 0,
            }
        })
        .collect();
    hordes.sort_by_key(|x| super::index(x.street.saturating_sub(1), x.side));
    hordes
}

/// Writes the X marks into the hordes.
pub fn mark_slowed(hordes: &mut [HordeOut], slowed: &Slowed) {
    for x in hordes {
        let h = super::index(x.street.saturating_sub(1), x.side) as usize;
        x.slowed = slowed.get(h).copied().unwrap_or(0);
    }
}

/// The ammo stock, on a sheet with one.
pub fn ammo(layout: &SheetLayout, sheet: &Sheet) -> Option<AmmoOut> {
    let v = super::values(layout)?;
    Some(AmmoOut {
        stock: v.ammo_stock,
        start: v.ammo_start,
        gained: sheet.ammo_gained(),
        used: sheet.ammo_used(),
        left: super::ammo_left(layout, sheet),
    })
}

/// Per street and house, what stands in front of the house.
pub fn barricades(layout: &SheetLayout, sheet: &Sheet) -> Vec<Vec<Barricade>> {
    (0..sheet.streets())
        .map(|s| {
            (0..sheet.len(s))
                .map(|i| {
                    let h = HouseRef::new(s, i);
                    if layout.unbarricaded(s) >> i & 1 == 0 {
                        Barricade::Printed
                    } else if sheet.has_barricade(h) {
                        Barricade::Built
                    } else {
                        Barricade::None
                    }
                })
                .collect()
        })
        .collect()
}

/// The invaded houses (`Z`).
pub fn invaded(sheet: &Sheet) -> Vec<HouseRef> {
    sheet
        .all_houses()
        .filter(|&h| sheet.is_invaded(h))
        .collect()
}
