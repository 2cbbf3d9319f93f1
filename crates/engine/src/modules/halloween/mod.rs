//! Halloween (collector expansions §4): numbering a ghost/candy house circles its ghost or its
//! candy, the player's choice (a stage of the turn, `Stage::Circle`). At the end of a turn the
//! player may claim a ghost tier (with its bonuses at once) and a candy tier when their count is
//! exactly 4, 6 or 9; the first to claim a tier wins it and the others cross it off when the
//! turn resolves. Candy tiers score at the end; ghost tiers give pools, parks or Extensions.
//!
//! Stored: the ghosts circled (`Sheet` marks: a numbered ghost/candy house without a mark has
//! its candy circled), the tiers and the ghost option taken (`Sheet::tier`), the Extension
//! houses a bonus wrote (`Sheet::free_bis`).

pub mod file;
mod turn;

pub use turn::TierOut;
pub mod values;

use crate::edition::{Bonus, SheetLayout};
use crate::score::row::ScoreRow;
use crate::sheet::{HouseRef, Race, Sheet, MAX_HOUSES};
use crate::turn::Treat;

/// Tiers per kind.
pub const TIERS: u8 = 3;

/// Whether `h` shows a ghost and a candy.
pub fn is_ghost_candy(layout: &SheetLayout, h: HouseRef) -> bool {
    usize::from(h.house) < MAX_HOUSES && layout.ghost_candy(h.street) >> h.house & 1 == 1
}

/// Circled ghosts in street `s`, bit i for house i.
fn ghost_mask(layout: &SheetLayout, sheet: &Sheet, s: u8) -> u16 {
    layout.ghost_candy(s) & sheet.marks_in(s) & sheet.numbered_mask(s)
}

/// Circled candies in street `s`: numbered ghost/candy houses whose ghost is not circled.
fn candy_mask(layout: &SheetLayout, sheet: &Sheet, s: u8) -> u16 {
    layout.ghost_candy(s) & sheet.numbered_mask(s) & !sheet.marks_in(s)
}

/// Circled ghosts (or candies) on the sheet.
pub fn count(layout: &SheetLayout, sheet: &Sheet, treat: Treat) -> u8 {
    (0..sheet.streets())
        .map(|s| {
            let m = match treat {
                Treat::Ghost => ghost_mask(layout, sheet, s),
                Treat::Candy => candy_mask(layout, sheet, s),
            };
            m.count_ones() as u8
        })
        .sum()
}

/// What house `h` has circled: `None` while it is not numbered (or not a ghost/candy house).
pub fn circled(layout: &SheetLayout, sheet: &Sheet, h: HouseRef) -> Option<Treat> {
    if !is_ghost_candy(layout, h) || sheet.number(h).is_none() {
        return None;
    }
    Some(if sheet.is_marked(h) {
        Treat::Ghost
    } else {
        Treat::Candy
    })
}

/// Whether every ghost/candy house of street `s` has `treat` circled; a street without one
/// never has.
pub fn street_all(layout: &SheetLayout, sheet: &Sheet, s: u8, treat: Treat) -> bool {
    let all = layout.ghost_candy(s);
    let have = match treat {
        Treat::Ghost => ghost_mask(layout, sheet, s),
        Treat::Candy => candy_mask(layout, sheet, s),
    };
    all != 0 && have == all
}

/// The rank (0–2) of the tier of `treat` that needs `need`.
pub fn rank_of(layout: &SheetLayout, treat: Treat, need: u8) -> Option<u8> {
    let v = layout.halloween.as_ref()?;
    let pos = match treat {
        Treat::Ghost => v.ghost_tiers.iter().position(|t| t.need == need),
        Treat::Candy => v.candy_tiers.iter().position(|t| t.need == need),
    };
    pos.map(|p| p as u8)
}

/// The needs of the tiers of `treat`, lowest first.
pub fn needs(layout: &SheetLayout, treat: Treat) -> Vec<u8> {
    match (&layout.halloween, treat) {
        (Some(v), Treat::Ghost) => v.ghost_tiers.iter().map(|t| t.need).collect(),
        (Some(v), Treat::Candy) => v.candy_tiers.iter().map(|t| t.need).collect(),
        (None, _) => Vec::new(),
    }
}

/// The bonuses of option `option` (1-based) of ghost tier `rank`.
pub fn bonuses(layout: &SheetLayout, rank: u8, option: u8) -> &[Bonus] {
    layout
        .halloween
        .as_ref()
        .and_then(|v| v.ghost_tiers.get(rank as usize))
        .and_then(|t| t.options.get(usize::from(option).wrapping_sub(1)))
        .map_or(&[], |o| o.as_slice())
}

/// Whether the player already holds a tier of `treat` (one per kind per game, FR2 1155).
pub fn claimed(sheet: &Sheet, treat: Treat) -> bool {
    (0..TIERS).any(|r| sheet.tier(treat == Treat::Candy, r) == Race::Won)
}

/// Settlement (§4.3 step 4, Ruling X9): a tier someone holds is crossed off on every sheet
/// where it is still open. Once a tier is won every other sheet crosses it the same turn, so
/// "someone holds it" is "someone claimed it this turn".
pub(crate) fn settle(sheets: &mut [Sheet]) {
    for candy in [false, true] {
        for rank in 0..TIERS {
            if sheets.iter().any(|s| s.tier(candy, rank) == Race::Won) {
                for s in sheets.iter_mut() {
                    if s.tier(candy, rank) == Race::Open {
                        s.set_tier(candy, rank, Race::Lost);
                    }
                }
            }
        }
    }
}

/// AAA solo: Validation card A/B/C crosses the ghost and the candy tier of that rank unless
/// circled (§4.6, Ruling X18).
pub(crate) fn on_validation(sheet: &mut Sheet, letter: u8) {
    for candy in [false, true] {
        if sheet.tier(candy, letter) == Race::Open {
            sheet.set_tier(candy, letter, Race::Lost);
        }
    }
}

/// Points of the candy tier held.
pub(crate) fn points(layout: &SheetLayout, sheet: &Sheet) -> i32 {
    let Some(v) = &layout.halloween else {
        return 0;
    };
    (0..TIERS)
        .filter(|&r| sheet.tier(true, r) == Race::Won)
        .filter_map(|r| v.candy_tiers.get(r as usize))
        .map(|t| t.points)
        .sum()
}

pub(crate) fn score_row(layout: &SheetLayout, sheet: &Sheet) -> ScoreRow {
    let p = points(layout, sheet);
    let held = (0..TIERS).find(|&r| sheet.tier(true, r) == Race::Won);
    let detail = match (held, &layout.halloween) {
        (Some(r), Some(v)) => format!(
            "{} candies circled; the {}-candy tier",
            count(layout, sheet, Treat::Candy),
            v.candy_tiers[r as usize].need
        ),
        _ => format!(
            "{} candies circled; no candy tier",
            count(layout, sheet, Treat::Candy)
        ),
    };
    ScoreRow::new(layout, "candies", p, vec![p], detail)
}

/// The AAA's candies row, level 1+: points for each tier crossed off on the player's sheet
/// (§4.6 step 3).
pub(crate) fn aaa_row(layout: &SheetLayout, sheet: &Sheet) -> (i32, String) {
    let each = layout
        .halloween
        .as_ref()
        .map_or(0, |v| v.aaa_per_crossed_tier);
    let crossed = [false, true]
        .iter()
        .flat_map(|&c| (0..TIERS).map(move |r| (c, r)))
        .filter(|&(c, r)| sheet.tier(c, r) == Race::Lost)
        .count() as i32;
    (
        each * crossed,
        format!(
            "{crossed} tier{} crossed off on the player's sheet × {each}",
            if crossed == 1 { "" } else { "s" }
        ),
    )
}

/// The first ghost/candy house not numbered, described.
pub(crate) fn missing_house(layout: &SheetLayout, sheet: &Sheet) -> Option<String> {
    (0..sheet.streets()).find_map(|s| {
        let open = layout.ghost_candy(s) & !sheet.numbered_mask(s);
        (open != 0).then(|| {
            let h = HouseRef::new(s, open.trailing_zeros() as u8);
            format!("the ghost/candy house {h} is not numbered")
        })
    })
}
