//! Atomic War (collector expansions §6): numbering a shelter house writes its number in the
//! shelter, its capacity. At the end each street's highest capacity wins its bonus and the
//! lowest total wins the optimism bonus, ties shared (Ruling X21). Capacities follow from the
//! houses, so nothing is stored on the sheet; in AAA solo the AAA's halves of the shelters are
//! its own state (`Aaa::halves`), filled by Validation cards and the player's roundabouts (X22).

pub mod drawing;
pub mod values;

use crate::card::Card;
use crate::edition::SheetLayout;
use crate::score::row::{ScoreRow, Shelters};
use crate::sheet::{HouseRef, Sheet, MAX_STREETS};

/// Shelter capacity per street.
pub use values::Capacities;

/// The capacity of street `s`: the numbers written in its shelters, a ¾ number as its whole
/// part (9¾ writes 9, collector expansions §11.3 item 4).
pub fn capacity(layout: &SheetLayout, sheet: &Sheet, s: u8) -> u16 {
    let mut mask = layout.shelters(s) & sheet.numbered_mask(s);
    let mut sum = 0;
    while mask != 0 {
        let i = mask.trailing_zeros() as u8;
        let n = sheet.number(HouseRef::new(s, i)).unwrap_or(0);
        sum += u16::from(crate::number::floor(n));
        mask &= mask - 1;
    }
    sum
}

/// Every street's capacity.
pub fn capacities(layout: &SheetLayout, sheet: &Sheet) -> Capacities {
    std::array::from_fn(|s| {
        if s < sheet.streets() as usize {
            capacity(layout, sheet, s as u8)
        } else {
            0
        }
    })
}

/// The total capacity (the flower box).
pub fn total(c: &Capacities) -> u16 {
    c.iter().sum()
}

/// The highest capacity of street `s` and the lowest total among everyone compared with
/// `mine` (who is among them).
fn extremes(mine: &Capacities, rivals: Shelters<'_>, s: usize) -> (u16, u16) {
    let mut best = mine[s];
    let mut lowest = total(mine);
    let mut see = |c: &Capacities| {
        best = best.max(c[s]);
        lowest = lowest.min(total(c));
    };
    match rivals {
        Shelters::Alone => {}
        Shelters::Ranked(all) => all.iter().for_each(&mut see),
        Shelters::Against(other) => see(&other),
    }
    (best, lowest)
}

/// Street bonuses won, per street, and the optimism bonus (§6.4, Ruling X21).
pub fn bonuses(layout: &SheetLayout, mine: &Capacities, rivals: Shelters<'_>) -> (Vec<i32>, i32) {
    let Some(values) = &layout.atomic else {
        return (Vec::new(), 0);
    };
    let streets = layout.streets.len().min(MAX_STREETS);
    let streets: Vec<i32> = (0..streets)
        .map(|s| {
            let (best, _) = extremes(mine, rivals, s);
            let bonus = values.street_bonus.get(s).copied().unwrap_or(0);
            if best > 0 && mine[s] == best {
                bonus
            } else {
                0
            }
        })
        .collect();
    let (_, lowest) = extremes(mine, rivals, 0);
    let optimism = if total(mine) == lowest {
        values.optimism
    } else {
        0
    };
    (streets, optimism)
}

/// Points of both rows together (what bots and totals read).
pub(crate) fn points(layout: &SheetLayout, sheet: &Sheet, rivals: Shelters<'_>) -> i32 {
    let (streets, optimism) = bonuses(layout, &capacities(layout, sheet), rivals);
    streets.iter().sum::<i32>() + optimism
}

fn list(c: &[u16]) -> String {
    c.iter().map(u16::to_string).collect::<Vec<_>>().join(", ")
}

pub(crate) fn shelters_row(layout: &SheetLayout, sheet: &Sheet, rivals: Shelters<'_>) -> ScoreRow {
    let mine = capacities(layout, sheet);
    let (streets, _) = bonuses(layout, &mine, rivals);
    let n = streets.len();
    let detail = format!("capacities {}{}", list(&mine[..n]), against(rivals, n));
    ScoreRow::new(layout, "shelters", streets.iter().sum(), streets, detail)
}

pub(crate) fn optimism_row(layout: &SheetLayout, sheet: &Sheet, rivals: Shelters<'_>) -> ScoreRow {
    let mine = capacities(layout, sheet);
    let (_, optimism) = bonuses(layout, &mine, rivals);
    let lowest = match rivals {
        Shelters::Alone => None,
        Shelters::Ranked(all) => all.iter().map(total).min(),
        Shelters::Against(other) => Some(total(&other)),
    };
    let detail = match lowest {
        Some(l) => format!("total capacity {}, lowest of the others {l}", total(&mine)),
        None => format!("total capacity {}", total(&mine)),
    };
    ScoreRow::new(layout, "optimism", optimism, vec![optimism], detail)
}

fn against(rivals: Shelters<'_>, n: usize) -> String {
    match rivals {
        Shelters::Against(aaa) => format!(" against the AAA's {}", list(&aaa[..n])),
        _ => String::new(),
    }
}

/// The AAA's halves at setup: each street's first shelter holds its printed value (§6.6).
pub fn aaa_setup(layout: &SheetLayout) -> Vec<u8> {
    let mut halves = Vec::new();
    let first = layout.atomic.as_ref().map(|a| a.aaa_first.as_slice());
    for (s, st) in layout.streets.iter().enumerate() {
        // Shelters are listed left to right (ATO-L1).
        for k in 0..st.shelters.len() {
            let v = match (k, first) {
                (0, Some(first)) => first.get(s).copied().unwrap_or(0),
                _ => 0,
            };
            halves.push(v);
        }
    }
    halves
}

/// Where the shelters of street `s` sit in the AAA's halves, left to right.
fn street_halves(layout: &SheetLayout, s: u8) -> std::ops::Range<usize> {
    let start: usize = layout
        .streets
        .iter()
        .take(s as usize)
        .map(|st| st.shelters.len())
        .sum();
    let len = layout
        .streets
        .get(s as usize)
        .map_or(0, |st| st.shelters.len());
    start..start + len
}

/// The AAA builds a shelter worth `value` in the leftmost free half of street `s`; none free,
/// nothing (§6.6 steps 2–3).
pub fn aaa_build(layout: &SheetLayout, halves: &mut [u8], s: u8, value: u8) {
    let range = street_halves(layout, s);
    if let Some(h) = halves
        .get_mut(range)
        .and_then(|r| r.iter_mut().find(|h| **h == 0))
    {
        *h = value;
    }
}

/// A Validation card of plan `letter` came up: the AAA builds in street `letter` the highest
/// number among the last three cards given to it (Ruling X22), a 9¾ card as 9.
pub fn aaa_on_validation(layout: &SheetLayout, halves: &mut [u8], letter: u8, given: &[Card]) {
    let value = given
        .iter()
        .rev()
        .take(3)
        .map(|c| crate::number::floor(c.number))
        .max();
    if let Some(v) = value {
        aaa_build(layout, halves, letter, v);
    }
}

/// The player built a roundabout in street `s`: the AAA writes 10 there (Advanced, §6.6).
pub fn aaa_on_roundabout(layout: &SheetLayout, halves: &mut [u8], s: u8) {
    aaa_build(layout, halves, s, 10);
}

/// The AAA's capacity per street from its halves.
pub fn aaa_capacities(layout: &SheetLayout, halves: &[u8]) -> Capacities {
    std::array::from_fn(|s| {
        let range = street_halves(layout, s as u8);
        halves
            .get(range)
            .map_or(0, |r| r.iter().map(|&v| u16::from(v)).sum())
    })
}

/// The AAA's shelter row, level 1+: the bonuses it wins against the player (§6.6 step 4).
pub(crate) fn aaa_row(layout: &SheetLayout, halves: &[u8], sheet: &Sheet) -> (i32, String) {
    let aaa = aaa_capacities(layout, halves);
    let (streets, optimism) = bonuses(layout, &aaa, Shelters::Against(capacities(layout, sheet)));
    let n = streets.len();
    (
        streets.iter().sum::<i32>() + optimism,
        format!(
            "capacities {} (total {}): street bonuses {}, optimism {optimism}",
            list(&aaa[..n]),
            total(&aaa),
            list(&streets.iter().map(|&p| p as u16).collect::<Vec<_>>())
        ),
    )
}
