//! Coin Coin (collector expansions §9): yellow and black ducklings sit between two houses of a
//! street or between two streets; one is circled as soon as both its houses are numbered. A
//! circled duckling is connected when a chain of numbered neighbours and circled between-street
//! ducklings joins it to a house its parent touches. Three duck scorings (yellow, black, both)
//! are races: the first time someone has every duckling of the kind circled, every player
//! writes their connected ducklings of that kind; scorings never held are held at the end.
//!
//! Stored: the points of each scoring held (`Sheet::duck_scoring`). Circled ducklings are read
//! from the numbered houses (a house never loses its number on this sheet).
//!
//! AAA solo: Validation card A holds the yellow scoring at once, B the black one, and the
//! second of A and B also the yellow-and-black one; the AAA scores a point per two cards given
//! at each scoring. Its points and the letters seen are its halves (`Aaa::halves`).

pub mod drawing;
pub mod values;

use crate::card::Card;
use crate::edition::{DuckColour, SheetLayout};
use crate::score::row::ScoreRow;
use crate::sheet::{Estate, HouseRef, Sheet, MAX_STREETS};

/// The three scorings: yellow, black, yellow and black.
pub const SCORINGS: usize = 3;
const NAMES: [&str; SCORINGS] = ["yellow", "black", "yellow and black"];

/// The AAA's halves on this sheet: its points at each scoring (0 not held, else points + 1),
/// then whether Validation cards A and B came up.
pub const AAA_HALVES: usize = 5;

fn numbered(sheet: &Sheet, h: HouseRef) -> bool {
    sheet.number(h).is_some()
}

/// Circled street ducklings of `colour` in street `s`, bit k for the slot between houses k and
/// k+1.
pub fn circled_in(layout: &SheetLayout, sheet: &Sheet, colour: DuckColour, s: u8) -> u16 {
    let n = sheet.numbered_mask(s);
    layout.ducklings(colour, s) & n & (n >> 1)
}

/// Whether a between-street duckling is circled.
fn between_circled(sheet: &Sheet, upper: HouseRef, lower: HouseRef) -> bool {
    numbered(sheet, upper) && numbered(sheet, lower)
}

/// Circled ducklings of `colour`, street and between-street ones.
pub fn circled(layout: &SheetLayout, sheet: &Sheet, colour: DuckColour) -> u8 {
    let street: u32 = (0..sheet.streets())
        .map(|s| circled_in(layout, sheet, colour, s).count_ones())
        .sum();
    let between = layout.ducks.as_ref().map_or(0, |d| {
        d.between
            .iter()
            .filter(|b| b.colour == colour && between_circled(sheet, b.upper, b.lower))
            .count()
    });
    (street as usize + between) as u8
}

/// Ducklings of `colour` on the sheet.
pub fn total(layout: &SheetLayout, colour: DuckColour) -> u8 {
    let street: u32 = (0..layout.streets.len() as u8)
        .map(|s| layout.ducklings(colour, s).count_ones())
        .sum();
    let between = layout.ducks.as_ref().map_or(0, |d| {
        d.between.iter().filter(|b| b.colour == colour).count()
    });
    (street as usize + between) as u8
}

/// The numbered houses joined to a house the parent of `colour` touches (X32): per street, bit
/// i for house i.
pub fn reached(layout: &SheetLayout, sheet: &Sheet, colour: DuckColour) -> [u16; MAX_STREETS] {
    let mut reach = [0u16; MAX_STREETS];
    let Some(d) = &layout.ducks else {
        return reach;
    };
    for p in d.parents.iter().filter(|p| p.colour == colour) {
        for &h in &p.touches {
            if numbered(sheet, h) {
                reach[h.street as usize] |= 1 << h.house;
            }
        }
    }
    loop {
        let before = reach;
        for s in 0..sheet.streets() {
            // Along the street: numbered neighbours (fences do not cut, X32).
            let n = sheet.numbered_mask(s);
            let r = &mut reach[s as usize];
            loop {
                let grown = (*r | *r << 1 | *r >> 1) & n;
                if grown == *r {
                    break;
                }
                *r = grown;
            }
        }
        // Across: circled between-street ducklings of either colour.
        for b in &d.between {
            if !between_circled(sheet, b.upper, b.lower) {
                continue;
            }
            let (u, l) = (b.upper, b.lower);
            let hit =
                |r: &[u16; MAX_STREETS], h: HouseRef| r[h.street as usize] >> h.house & 1 == 1;
            if hit(&reach, u) || hit(&reach, l) {
                reach[u.street as usize] |= 1 << u.house;
                reach[l.street as usize] |= 1 << l.house;
            }
        }
        if reach == before {
            return reach;
        }
    }
}

/// Circled ducklings of `colour` connected to their parent.
pub fn connected(layout: &SheetLayout, sheet: &Sheet, colour: DuckColour) -> u8 {
    let reach = reached(layout, sheet, colour);
    let street: u32 = (0..sheet.streets())
        .map(|s| (circled_in(layout, sheet, colour, s) & reach[s as usize]).count_ones())
        .sum();
    let between = layout.ducks.as_ref().map_or(0, |d| {
        d.between
            .iter()
            .filter(|b| {
                b.colour == colour
                    && between_circled(sheet, b.upper, b.lower)
                    && reach[b.upper.street as usize] >> b.upper.house & 1 == 1
            })
            .count()
    });
    (street as usize + between) as u8
}

/// Whether the sheet meets scoring `k`'s trigger: every duckling of its kind circled.
pub fn triggers(layout: &SheetLayout, sheet: &Sheet, k: usize) -> bool {
    let all = |c| total(layout, c) > 0 && circled(layout, sheet, c) == total(layout, c);
    match k {
        0 => all(DuckColour::Yellow),
        1 => all(DuckColour::Black),
        _ => all(DuckColour::Yellow) && all(DuckColour::Black),
    }
}

/// What scoring `k` gives the sheet now.
pub fn value(layout: &SheetLayout, sheet: &Sheet, k: usize) -> u8 {
    let y = || connected(layout, sheet, DuckColour::Yellow);
    let b = || connected(layout, sheet, DuckColour::Black);
    match k {
        0 => y(),
        1 => b(),
        _ => y() + b(),
    }
}

/// Holds scoring `k` for every sheet that has not held it.
fn hold(layout: &SheetLayout, sheets: &mut [Sheet], k: usize) {
    for s in sheets.iter_mut() {
        if s.duck_scoring(k).is_none() {
            let v = value(layout, s, k);
            s.set_duck_scoring(k, v);
        }
    }
}

/// Settlement (§9.3 step 3, Ruling X34): a scoring not held yet whose trigger some sheet meets
/// is held for every sheet at the end of the turn.
pub(crate) fn settle(layout: &SheetLayout, sheets: &mut [Sheet]) {
    for k in 0..SCORINGS {
        let open = sheets.iter().any(|s| s.duck_scoring(k).is_none());
        if open && sheets.iter().any(|s| triggers(layout, s, k)) {
            hold(layout, sheets, k);
        }
    }
}

/// Points of the ducks row: each scoring as held, and those not held as they would be now
/// (they are held at the end of the game, FR2 1653).
pub fn points(layout: &SheetLayout, sheet: &Sheet) -> i32 {
    parts(layout, sheet).iter().sum()
}

/// Each scoring's points: as held, or as it stands now.
fn parts(layout: &SheetLayout, sheet: &Sheet) -> [i32; SCORINGS] {
    std::array::from_fn(|k| {
        i32::from(
            sheet
                .duck_scoring(k)
                .unwrap_or_else(|| value(layout, sheet, k)),
        )
    })
}

pub(crate) fn score_row(layout: &SheetLayout, sheet: &Sheet) -> ScoreRow {
    let parts = parts(layout, sheet);
    let held: Vec<&str> = (0..SCORINGS)
        .filter(|&k| sheet.duck_scoring(k).is_some())
        .map(|k| NAMES[k])
        .collect();
    let detail = format!(
        "{} yellow and {} black ducklings connected; held during the game: {}",
        connected(layout, sheet, DuckColour::Yellow),
        connected(layout, sheet, DuckColour::Black),
        if held.is_empty() {
            "none".to_string()
        } else {
            held.join(", ")
        }
    );
    let total = parts.iter().sum();
    ScoreRow::new(layout, "ducks", total, parts.to_vec(), detail)
}

/// Circled street ducklings whose slot lies between two houses of estate `e` (X35).
pub fn inside(layout: &SheetLayout, sheet: &Sheet, e: Estate) -> u8 {
    if e.len < 2 {
        return 0;
    }
    // Slots start..start+len-1 lie between two of its houses.
    let slots = (((1u32 << (e.len - 1)) - 1) << e.start) as u16;
    [DuckColour::Yellow, DuckColour::Black]
        .iter()
        .map(|&c| (circled_in(layout, sheet, c, e.street) & slots).count_ones() as u8)
        .sum()
}

/// Whether every street duckling of street `s` is circled; a street without one never is.
pub fn street_all(layout: &SheetLayout, sheet: &Sheet, s: u8) -> bool {
    let all = |c| layout.ducklings(c, s);
    let any = all(DuckColour::Yellow) | all(DuckColour::Black) != 0;
    any && [DuckColour::Yellow, DuckColour::Black]
        .iter()
        .all(|&c| circled_in(layout, sheet, c, s) == all(c))
}

/// The first street duckling of `colour` in street `s` not circled, described.
pub(crate) fn missing_in(
    layout: &SheetLayout,
    sheet: &Sheet,
    colour: DuckColour,
    s: u8,
) -> Option<String> {
    let open = layout.ducklings(colour, s) & !circled_in(layout, sheet, colour, s);
    (open != 0).then(|| {
        let k = open.trailing_zeros() as u8;
        format!(
            "the duckling between {} and {} is not circled",
            HouseRef::new(s, k),
            HouseRef::new(s, k + 1)
        )
    })
}

/// The first between-street duckling not circled, described.
pub(crate) fn missing_between(layout: &SheetLayout, sheet: &Sheet) -> Option<String> {
    let d = layout.ducks.as_ref()?;
    d.between
        .iter()
        .find(|b| !between_circled(sheet, b.upper, b.lower))
        .map(|b| {
            format!(
                "the duckling between {} and {} is not circled",
                b.upper, b.lower
            )
        })
}

/// AAA solo (§9.6, Ruling X34): Validation card A holds the yellow scoring at once, B the
/// black one, and the second of the two the yellow-and-black one too; a scoring already held
/// is not held again. The AAA's points at each scoring go in its `halves`.
pub(crate) fn aaa_on_validation(
    layout: &SheetLayout,
    sheet: &mut Sheet,
    halves: &mut [u8],
    given: &[Card],
    letter: u8,
) {
    if halves.len() < AAA_HALVES || letter > 1 {
        return;
    }
    halves[3 + letter as usize] = 1;
    let both = (halves[3] == 1 && halves[4] == 1).then_some(2);
    for k in [Some(letter as usize), both].into_iter().flatten() {
        if sheet.duck_scoring(k).is_none() {
            hold(layout, std::slice::from_mut(sheet), k);
        }
        aaa_hold(layout, halves, given, k);
    }
}

/// The AAA's points at a scoring: a point per `aaa_cards_per_point` cards given so far.
fn aaa_points(layout: &SheetLayout, given: &[Card]) -> u8 {
    let per = layout
        .ducks
        .as_ref()
        .map_or(2, |d| d.aaa_cards_per_point.max(1));
    (given.len() / usize::from(per)).min(usize::from(u8::MAX - 1)) as u8
}

fn aaa_hold(layout: &SheetLayout, halves: &mut [u8], given: &[Card], k: usize) {
    if halves[k] == 0 {
        halves[k] = aaa_points(layout, given) + 1;
    }
}

/// AAA solo: after a round, the scorings the player's turn held are held for the AAA too, with
/// the cards given by then.
pub(crate) fn aaa_after_round(
    layout: &SheetLayout,
    sheet: &Sheet,
    halves: &mut [u8],
    given: &[Card],
) {
    if halves.len() < AAA_HALVES {
        return;
    }
    for k in 0..SCORINGS {
        if sheet.duck_scoring(k).is_some() {
            aaa_hold(layout, halves, given, k);
        }
    }
}

/// The AAA's ducks row, level 1+: its points at each scoring held, and at the end for the
/// others.
pub(crate) fn aaa_row(layout: &SheetLayout, halves: &[u8], given: &[Card]) -> (i32, String) {
    let end = aaa_points(layout, given);
    let parts: Vec<u8> = (0..SCORINGS)
        .map(|k| match halves.get(k) {
            Some(&v) if v > 0 => v - 1,
            _ => end,
        })
        .collect();
    let total: i32 = parts.iter().map(|&p| i32::from(p)).sum();
    (
        total,
        format!(
            "{} + {} + {}: a point per two cards given at each duck scoring",
            parts[0], parts[1], parts[2]
        ),
    )
}
