//! Christmas lights (thematic §4): two neighbouring numbered houses are linked when the right
//! number equals the left one or is one more (Ruling TR14); fences do not cut links (TR15), a
//! roundabout is not a number (TR8). Links depend only on the houses, so they are derived.

pub mod drawing;
use crate::edition::SheetLayout;
use crate::score::row::ScoreRow;
use crate::sheet::{HouseRef, Sheet};

/// Whether slot `k` of street `s` (between houses k and k + 1, 0-based) holds a link.
pub fn linked(sheet: &Sheet, s: u8, k: u8) -> bool {
    match (
        sheet.number(HouseRef::new(s, k)),
        sheet.number(HouseRef::new(s, k + 1)),
    ) {
        (Some(a), Some(b)) => links(a, b),
        _ => false,
    }
}

/// Whether number `b` written right of number `a` makes a link: `b` equals `a` (an Extension
/// copy) or is one more (Ruling TR14, X19). A ¾ number n¾ links with a left neighbour n − 1 or
/// n and a right neighbour n + 1 (collector expansions §11.3 item 5, Ruling X38): `8 9¾ 10` and
/// `9 9¾ 10` are strings, `9¾ 11` and `9¾ 10¾` are not.
pub fn links(a: u8, b: u8) -> bool {
    use crate::number::{floor, is_quarter};
    if a == b {
        return true;
    }
    match (is_quarter(a), is_quarter(b)) {
        (false, false) => b == a + 1,
        (false, true) => a + 1 == floor(b) || a == floor(b),
        (true, false) => b == floor(a) + 1,
        (true, true) => false,
    }
}

/// Houses of the longest string of street `s`; 0 without a link (Ruling TR16).
pub fn longest_string(sheet: &Sheet, s: u8) -> u8 {
    let mut best = 0;
    let mut run = 0;
    for k in 0..sheet.len(s).saturating_sub(1) {
        if linked(sheet, s, k) {
            run += 1;
            best = best.max(run);
        } else {
            run = 0;
        }
    }
    if best == 0 {
        0
    } else {
        best + 1
    }
}

pub(crate) fn score_row(layout: &SheetLayout, sheet: &Sheet) -> ScoreRow {
    let boxes: Vec<i32> = (0..sheet.streets())
        .map(|s| longest_string(sheet, s) as i32)
        .collect();
    let detail = boxes
        .iter()
        .enumerate()
        .map(|(s, b)| format!("street {}: longest string {b}", s + 1))
        .collect::<Vec<_>>()
        .join(", ");
    ScoreRow::new(layout, "lights", boxes.iter().sum(), boxes, detail)
}

/// The AAA's lights (§5.6, Ruling X20): the cards lying strictly between its first and its last
/// Surveyor card, Surveyor cards in between included; fewer than two, 0.
pub(crate) fn aaa_lights(given: &[crate::card::Card]) -> (i32, String) {
    let fence = |c: &&crate::card::Card| c.effect == crate::card::Effect::Surveyor;
    let first = given.iter().position(|c| fence(&c));
    let last = given.iter().rposition(|c| fence(&c));
    match (first, last) {
        (Some(a), Some(b)) if b > a => (
            (b - a - 1) as i32,
            format!(
                "{} card{} between its first and last Surveyor cards",
                b - a - 1,
                if b - a == 2 { "" } else { "s" }
            ),
        ),
        _ => (0, "fewer than two Surveyor cards".into()),
    }
}
