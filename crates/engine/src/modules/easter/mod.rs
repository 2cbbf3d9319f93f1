//! Easter egg hunt (thematic §2): numbers with loops collect the eggs printed on their house,
//! automatically and for good (Rulings TR4, TR5); a bis copy collects as the number it copies
//! (TR6). Eggs depend only on the houses, so they are derived, never stored.

pub mod drawing;
pub mod values;

use crate::edition::SheetLayout;
use crate::score::row::ScoreRow;
use crate::sheet::{HouseRef, Sheet};

pub(crate) fn check_layout(layout: &SheetLayout) -> Result<(), String> {
    if layout.egg_loops.is_none() || layout.egg_points.is_empty() {
        return Err("the Easter sheet needs egg_loops and egg_points".into());
    }
    if layout.streets.iter().all(|s| s.eggs.is_empty()) {
        return Err("the Easter sheet has no egg house".into());
    }
    Ok(())
}

/// Eggs collected in house `h` (§2.2); a ¾ number collects as its whole part
/// (`SheetLayout::egg_loops_of`).
pub fn collected(layout: &SheetLayout, sheet: &Sheet, h: HouseRef) -> u8 {
    match sheet.number(h) {
        Some(n) => layout.eggs(h.street, h.house).min(layout.egg_loops_of(n)),
        None => 0,
    }
}

/// Colours with at least one collected egg in street `s` (plan EG-C4).
pub fn colours_collected(layout: &SheetLayout, sheet: &Sheet, s: u8) -> u8 {
    let Some(st) = layout.streets.get(s as usize) else {
        return 0;
    };
    // A street holds at most 16 egg houses: the colours seen fit on the stack.
    let mut seen: [&str; 16] = [""; 16];
    let mut n = 0;
    for e in &st.eggs {
        let h = HouseRef::new(s, e.house.wrapping_sub(1));
        if n < seen.len()
            && collected(layout, sheet, h) > 0
            && !seen[..n].contains(&e.colour.as_str())
        {
            seen[n] = &e.colour;
            n += 1;
        }
    }
    n as u8
}

/// Eggs collected on the whole sheet.
pub fn total(layout: &SheetLayout, sheet: &Sheet) -> u8 {
    sheet
        .all_houses()
        .map(|h| collected(layout, sheet, h))
        .sum()
}

/// Points for `eggs` collected eggs (§2.4).
pub fn points(layout: &SheetLayout, eggs: u8) -> i32 {
    layout
        .egg_points
        .iter()
        .filter(|t| eggs >= t.at_least)
        .map(|t| t.points)
        .max()
        .unwrap_or(0)
}

pub(crate) fn score_row(layout: &SheetLayout, sheet: &Sheet) -> ScoreRow {
    let per_street: Vec<i32> = (0..sheet.streets())
        .map(|s| {
            (0..sheet.len(s))
                .map(|i| collected(layout, sheet, HouseRef::new(s, i)) as i32)
                .sum()
        })
        .collect();
    let eggs = total(layout, sheet);
    let printed: u32 = layout
        .streets
        .iter()
        .flat_map(|s| s.eggs.iter().map(|e| e.eggs as u32))
        .sum();
    ScoreRow::new(
        layout,
        "eggs",
        points(layout, eggs),
        per_street,
        format!("{eggs} of {printed} eggs collected"),
    )
}

/// The AAA's eggs (§2.6, Ruling X12): each card collects what its number would on a house of
/// two eggs (6, 9, 9¾: one; 8, 10: two), scored on the player's egg table.
pub(crate) fn aaa_eggs(layout: &SheetLayout, given: &[crate::card::Card]) -> (i32, String) {
    let eggs: u32 = given
        .iter()
        .map(|c| u32::from(layout.egg_loops_of(c.number).min(2)))
        .sum();
    let eggs = eggs.min(u8::MAX as u32) as u8;
    (points(layout, eggs), format!("{eggs} eggs on its cards"))
}
