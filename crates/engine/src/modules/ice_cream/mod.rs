//! Ice Cream trucks (thematic §3). Each street's truck drives from its parking place in one
//! direction; numbering a house beyond it circles that house's cone and crosses the cones it
//! drove past (§3.2). Street 3 has a truck at each end: the player picks one with their first
//! number there (Ruling TR7). The first players to finish a street's route in a turn win its
//! bonus; the others lose it (§3.5, TR10–TR12).
//!
//! Stored: circled cones (`Sheet` marks; they depend on the order of numbering), the truck
//! chosen (`Sheet` choices) and the bonus races (`Sheet` races). Derived: each truck's
//! position (the numbered house farthest along its direction), crossed cones, finished routes.

pub mod drawing;
pub mod values;

use crate::edition::{SheetLayout, Side};
use crate::modules::module::ChoiceKind;
use crate::score::row::ScoreRow;
use crate::sheet::{HouseRef, Race, Sheet};

pub(crate) fn check_layout(layout: &SheetLayout) -> Result<(), String> {
    for (i, s) in layout.streets.iter().enumerate() {
        if !s.cones.is_empty() && s.trucks.is_empty() {
            return Err(format!("street {} has cones but no truck", i + 1));
        }
    }
    Ok(())
}

/// Where the truck that drives street `s` is parked: fixed by the sheet, chosen by the player
/// on a street with two trucks, `None` while not chosen (or without a truck).
pub fn truck(layout: &SheetLayout, sheet: &Sheet, s: u8) -> Option<Side> {
    let trucks = &layout.streets.get(s as usize)?.trucks;
    match trucks.as_slice() {
        [one] => Some(*one),
        [_, _] => match sheet.choice(s) {
            1 => Some(Side::Left),
            2 => Some(Side::Right),
            _ => None,
        },
        _ => None,
    }
}

/// The choice value stored for a side.
pub(crate) fn choice_value(side: Side) -> u8 {
    match side {
        Side::Left => 1,
        Side::Right => 2,
    }
}

pub(crate) fn choice_needed(
    layout: &SheetLayout,
    sheet: &Sheet,
    h: HouseRef,
) -> Option<ChoiceKind> {
    let two = layout.streets.get(h.street as usize)?.trucks.len() == 2;
    (two && sheet.choice(h.street) == 0).then_some(ChoiceKind::Truck)
}

/// The house a truck parked at `side` has reached given the numbered houses `mask`.
fn position(side: Side, mask: u16) -> Option<u8> {
    if mask == 0 {
        return None;
    }
    Some(match side {
        Side::Left => 15 - mask.leading_zeros() as u8,
        Side::Right => mask.trailing_zeros() as u8,
    })
}

/// Whether house `h` lies beyond position `pos` along the direction of a truck parked at `side`.
fn beyond(side: Side, pos: Option<u8>, h: u8) -> bool {
    match (side, pos) {
        (_, None) => true,
        (Side::Left, Some(p)) => h > p,
        (Side::Right, Some(p)) => h < p,
    }
}

/// The truck drives to the house just numbered if it lies beyond it (§3.2).
pub(crate) fn after_number(layout: &SheetLayout, sheet: &mut Sheet, h: HouseRef) {
    let Some(side) = truck(layout, sheet, h.street) else {
        return;
    };
    let before = sheet.numbered_mask(h.street) & !(1 << h.house);
    if beyond(side, position(side, before), h.house) && layout.cone(h.street, h.house) > 0 {
        sheet.mark(h);
    }
}

/// The house the truck of street `s` stands at, if it has left its parking place.
pub fn truck_at(layout: &SheetLayout, sheet: &Sheet, s: u8) -> Option<u8> {
    position(truck(layout, sheet, s)?, sheet.numbered_mask(s))
}

/// The house of the last cone of street `s`'s route (Ruling TR9).
pub fn last_cone(layout: &SheetLayout, sheet: &Sheet, s: u8) -> Option<u8> {
    let side = truck(layout, sheet, s)?;
    let mut cones = (0..sheet.len(s)).filter(|&i| layout.cone(s, i) > 0);
    match side {
        Side::Left => cones.next_back(),
        Side::Right => cones.next(),
    }
}

/// Whether the truck of street `s` stands at or has driven past its last cone (§3.4).
pub fn route_finished(layout: &SheetLayout, sheet: &Sheet, s: u8) -> bool {
    let (Some(side), Some(last)) = (truck(layout, sheet, s), last_cone(layout, sheet, s)) else {
        return false;
    };
    match truck_at(layout, sheet, s) {
        None => false,
        Some(p) => !beyond(side, Some(p), last),
    }
}

/// Whether the cone of `h` is crossed: the truck reached or passed it without circling it.
pub fn crossed(layout: &SheetLayout, sheet: &Sheet, h: HouseRef) -> bool {
    if layout.cone(h.street, h.house) == 0 || sheet.is_marked(h) {
        return false;
    }
    match (
        truck(layout, sheet, h.street),
        truck_at(layout, sheet, h.street),
    ) {
        (Some(side), Some(p)) => !beyond(side, Some(p), h.house),
        _ => false,
    }
}

/// End of a turn: the seats that finished a street's route with its bonus still open circle
/// it, and every other open bonus of that street is crossed off (§3.5).
pub(crate) fn settle_races(layout: &SheetLayout, sheets: &mut [Sheet]) {
    for (s, street) in layout.streets.iter().enumerate() {
        let s = s as u8;
        if street.trucks.is_empty() {
            continue;
        }
        let finishers: Vec<bool> = sheets
            .iter()
            .map(|sh| sh.race(s) == Race::Open && route_finished(layout, sh, s))
            .collect();
        if !finishers.contains(&true) {
            continue;
        }
        for (sh, won) in sheets.iter_mut().zip(finishers) {
            if won {
                sh.set_race(s, Race::Won);
            } else if sh.race(s) == Race::Open {
                sh.set_race(s, Race::Lost);
            }
        }
    }
}

/// The ice-cream box of street `s`: scoops of its circled cones, plus one per circled cone
/// when its bonus is circled (§3.7).
pub fn street_points(layout: &SheetLayout, sheet: &Sheet, s: u8) -> i32 {
    let mut scoops = 0;
    let mut circled = 0;
    for i in 0..sheet.len(s) {
        if sheet.is_marked(HouseRef::new(s, i)) {
            scoops += layout.cone(s, i) as i32;
            circled += 1;
        }
    }
    scoops
        + if sheet.race(s) == Race::Won {
            circled
        } else {
            0
        }
}

pub(crate) fn score_row(layout: &SheetLayout, sheet: &Sheet) -> ScoreRow {
    let boxes: Vec<i32> = (0..sheet.streets())
        .map(|s| street_points(layout, sheet, s))
        .collect();
    let detail = (0..sheet.streets())
        .filter(|&s| layout.streets[s as usize].cones.iter().len() > 0)
        .map(|s| {
            let circled = sheet.marks_in(s).count_ones();
            let crossed = (0..sheet.len(s))
                .filter(|&i| crossed(layout, sheet, HouseRef::new(s, i)))
                .count();
            let bonus = match sheet.race(s) {
                Race::Open => "open",
                Race::Won => "circled",
                Race::Lost => "crossed",
            };
            format!(
                "street {}: {circled} circled, {crossed} crossed, bonus {bonus}",
                s + 1
            )
        })
        .collect::<Vec<_>>()
        .join("; ");
    ScoreRow::new(layout, "ice-cream", boxes.iter().sum(), boxes, detail)
}

/// Whether street `s` has a truck, hence an end-of-route bonus.
fn has_bonus(layout: &SheetLayout, s: u8) -> bool {
    layout
        .streets
        .get(s as usize)
        .is_some_and(|st| !st.trucks.is_empty())
}

/// Streets whose end-of-route bonus is still open (neither circled nor crossed).
pub fn open_bonuses<'a>(
    layout: &'a SheetLayout,
    sheet: &'a Sheet,
) -> impl Iterator<Item = u8> + 'a {
    (0..sheet.streets()).filter(move |&s| has_bonus(layout, s) && sheet.race(s) == Race::Open)
}

/// AAA solo: a Validation card came up, so the player owes one crossed bonus (§3.6).
pub(crate) fn on_validation(sheet: &mut Sheet) {
    sheet.set_owed(sheet.owed().saturating_add(1));
}

/// Whether the player still has to cross a bonus off before playing; clears a debt that no
/// open bonus is left to pay.
pub(crate) fn settle_owed(layout: &SheetLayout, sheet: &mut Sheet) -> bool {
    if sheet.owed() > 0 && open_bonuses(layout, sheet).next().is_none() {
        sheet.set_owed(0);
    }
    sheet.owed() > 0
}

/// The AAA's ice cream (§3.6, Ruling X14): 1 per card that is not a Barrière card, 10 per bonus
/// crossed off on the player's sheet.
pub(crate) fn aaa_points(
    layout: &SheetLayout,
    given: &[crate::card::Card],
    sheet: &Sheet,
) -> (i32, String) {
    let cards = given
        .iter()
        .filter(|c| c.effect != crate::card::Effect::Surveyor)
        .count() as i32;
    let crossed = (0..sheet.streets())
        .filter(|&s| has_bonus(layout, s) && sheet.race(s) == Race::Lost)
        .count() as i32;
    (
        cards + 10 * crossed,
        format!(
            "{cards} card{} other than a Surveyor, {crossed} of your bonuses crossed off",
            if cards == 1 { "" } else { "s" }
        ),
    )
}
