//! Roswell (collector expansions §7): each player secretly circles one of four infiltration
//! objectives before the first turn (a stage of the first turn, `Stage::Objective`). A number
//! written under a flying saucer may infiltrate instead of using its action: the saucer is
//! circled (`EffectUse::Infiltrate`). A complete estate of 1–6 houses holding a circled saucer
//! is infiltrated; at the end, N infiltrated estates score N × the objective's points when N
//! lies in its range, N × 2 otherwise.
//!
//! Stored: the circled saucers (`Sheet` marks) and the objective (`Sheet::objective`).
//!
//! AAA solo, level 1+: the first card given and every card given right after a face-up
//! Barrière card lie upside down: one house each, no action, 5 points each (§7.6).

pub mod drawing;
mod turn;
pub mod values;

use crate::card::{Card, Effect};
use crate::edition::{Objective, SheetLayout};
use crate::score::row::ScoreRow;
use crate::sheet::{Estate, HouseRef, Sheet, MAX_HOUSES};

/// Whether `h` lies under a saucer.
pub fn is_saucer(layout: &SheetLayout, h: HouseRef) -> bool {
    usize::from(h.house) < MAX_HOUSES && layout.saucers(h.street) >> h.house & 1 == 1
}

/// Circled saucers of street `s`, bit i for house i.
pub fn circled_mask(layout: &SheetLayout, sheet: &Sheet, s: u8) -> u16 {
    layout.saucers(s) & sheet.marks_in(s) & sheet.numbered_mask(s)
}

/// Circled saucers on the sheet.
pub fn circled(layout: &SheetLayout, sheet: &Sheet) -> u8 {
    (0..sheet.streets())
        .map(|s| circled_mask(layout, sheet, s).count_ones() as u8)
        .sum()
}

/// The objectives, in printed order.
pub fn objectives(layout: &SheetLayout) -> &[Objective] {
    layout.roswell.as_ref().map_or(&[], |v| &v.objectives)
}

/// The objective the player circled.
pub fn objective<'a>(layout: &'a SheetLayout, sheet: &Sheet) -> Option<&'a Objective> {
    let o = sheet.objective()?;
    objectives(layout).get(usize::from(o) - 1)
}

/// Infiltrated estates (§7.3 step 3): complete, of 1 to `max_estate` houses, with a circled
/// saucer.
pub fn infiltrated(layout: &SheetLayout, sheet: &Sheet) -> u8 {
    let mut n = 0;
    for_each_infiltrated(layout, sheet, |_| n += 1);
    n
}

/// Calls `f` with every infiltrated estate.
pub fn for_each_infiltrated(layout: &SheetLayout, sheet: &Sheet, mut f: impl FnMut(Estate)) {
    let max = layout.roswell.as_ref().map_or(6, |v| v.max_estate);
    sheet.for_each_run(|e, complete| {
        if complete && e.len <= max && zoorgs_in(layout, sheet, e.street, e.start, e.len) > 0 {
            f(e);
        }
    });
}

/// Points of the infiltration row (§7.4).
pub fn points(layout: &SheetLayout, sheet: &Sheet) -> i32 {
    let Some(v) = &layout.roswell else {
        return 0;
    };
    let n = infiltrated(layout, sheet);
    let each = match objective(layout, sheet) {
        Some(o) if o.holds(n) => o.points,
        _ => v.failure,
    };
    i32::from(n) * each
}

pub(crate) fn score_row(layout: &SheetLayout, sheet: &Sheet) -> ScoreRow {
    let p = points(layout, sheet);
    let n = infiltrated(layout, sheet);
    let estates = format!("{n} infiltrated estate{}", if n == 1 { "" } else { "s" });
    let detail = match (objective(layout, sheet), &layout.roswell) {
        (Some(o), _) if o.holds(n) => {
            format!("{estates}; objective {} met × {}", o.range(), o.points)
        }
        (Some(o), Some(v)) => format!("{estates}; objective {} missed × {}", o.range(), v.failure),
        _ => format!("{estates}; no objective chosen"),
    };
    ScoreRow::new(layout, "infiltration", p, vec![p], detail)
}

/// Circled saucers in column `c` (house c of every street, streets taken as left-aligned).
pub fn zoorgs_in_column(layout: &SheetLayout, sheet: &Sheet, c: u8) -> u8 {
    (0..sheet.streets())
        .filter(|&s| c < 16 && circled_mask(layout, sheet, s) >> c & 1 == 1)
        .count() as u8
}

/// Circled saucers in houses `start..start + len` of street `s`.
pub fn zoorgs_in(layout: &SheetLayout, sheet: &Sheet, s: u8, start: u8, len: u8) -> u8 {
    let run = (((1u32 << len) - 1) << start) as u16;
    (circled_mask(layout, sheet, s) & run).count_ones() as u8
}

/// Whether every saucer of street `s` is circled; a street without one never is.
pub fn street_all(layout: &SheetLayout, sheet: &Sheet, s: u8) -> bool {
    let all = layout.saucers(s);
    all != 0 && circled_mask(layout, sheet, s) == all
}

/// AAA solo (§7.6 step 1, Ruling X25): which cards of the pile lie upside down: the first,
/// and every card given right after a face-up Barrière card (an upside-down Barrière is no
/// fence, so the card after it lies face up).
pub fn face_down(given: &[Card]) -> Vec<bool> {
    let mut out: Vec<bool> = Vec::with_capacity(given.len());
    for i in 0..given.len() {
        let down = i == 0 || (given[i - 1].effect == Effect::Surveyor && !out[i - 1]);
        out.push(down);
    }
    out
}

/// The AAA's infiltration row, level 1+: points per upside-down card.
pub(crate) fn aaa_row(layout: &SheetLayout, given: &[Card]) -> (i32, String) {
    let each = layout.roswell.as_ref().map_or(0, |v| v.aaa_per_card);
    let n = face_down(given).iter().filter(|&&d| d).count() as i32;
    (
        each * n,
        format!(
            "{n} upside-down card{} × {each}",
            if n == 1 { "" } else { "s" }
        ),
    )
}
