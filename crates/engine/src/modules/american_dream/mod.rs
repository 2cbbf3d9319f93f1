//! American Dream (collector expansions §10): five streets whose houses also form columns, each
//! house of a family (the colour of an action). A number written with its house's action makes
//! the house perfect; no action is ever used. Complete columns score their houses, and the
//! first players to complete a street or a column win its bonus (races, §1.5).
//!
//! A perfect house is a module mark on the sheet; the street bonuses are the sheet's street
//! races and the column bonuses its column races.

pub mod drawing;
pub mod file;
pub mod values;

use crate::card::{Card, Effect};
use crate::edition::{DreamValues, Grid, SheetLayout};
use crate::score::row::ScoreRow;
use crate::sheet::{HouseRef, Race, Sheet};

/// The American Dream values of a sheet that has them.
fn values(layout: &SheetLayout) -> Option<&DreamValues> {
    layout.american_dream.as_ref()
}

/// The family of house `h`, if the sheet gives one.
pub fn family(layout: &SheetLayout, h: HouseRef) -> Option<Effect> {
    layout
        .streets
        .get(h.street as usize)?
        .families
        .get(h.house as usize)
        .copied()
}

/// Number of columns: column c is house c of every street that has one.
pub fn columns(layout: &SheetLayout) -> u8 {
    layout.streets.iter().map(|s| s.houses).max().unwrap_or(0)
}

/// The houses of column `c`, top to bottom.
pub fn column(sheet: &Sheet, c: u8) -> impl Iterator<Item = HouseRef> + '_ {
    (0..sheet.streets())
        .filter(move |&s| c < sheet.len(s))
        .map(move |s| HouseRef::new(s, c))
}

/// Whether house `h` is perfect (circled).
pub fn perfect(sheet: &Sheet, h: HouseRef) -> bool {
    sheet.is_marked(h)
}

/// Right after the number is written in `house` with `action` (the combination's, or the
/// action card's in Expert and AAA): the house is perfect when the action is its family's.
pub(crate) fn after_number(
    layout: &SheetLayout,
    sheet: &mut Sheet,
    house: HouseRef,
    action: Option<Effect>,
) {
    if action.is_some() && action == family(layout, house) {
        sheet.mark(house);
    }
}

/// Every house of column `c` is numbered.
pub fn column_complete(sheet: &Sheet, c: u8) -> bool {
    let mut any = false;
    for h in column(sheet, c) {
        any = true;
        if sheet.number(h).is_none() {
            return false;
        }
    }
    any
}

/// Every house of street `s` is numbered.
pub fn street_complete(sheet: &Sheet, s: u8) -> bool {
    sheet.street_filled(s)
}

fn all_perfect(sheet: &Sheet, mut houses: impl Iterator<Item = HouseRef>) -> bool {
    houses.all(|h| perfect(sheet, h))
}

/// The races of the turn (§10.3 step 3, settled as §1.5): for each street and each column
/// still open on some sheet, the sheets that completed it this turn circle its bonus and every
/// other sheet where it is open crosses it off.
pub(crate) fn settle(layout: &SheetLayout, sheets: &mut [Sheet]) {
    let streets = sheets.first().map_or(0, Sheet::streets);
    for s in 0..streets {
        race(sheets, Sheet::race, Sheet::set_race, s, |sheet| {
            street_complete(sheet, s)
        });
    }
    for c in 0..columns(layout) {
        race(
            sheets,
            Sheet::column_race,
            Sheet::set_column_race,
            c,
            |sheet| column_complete(sheet, c),
        );
    }
}

/// One race item `i` (a street or a column), read with `get` and written with `set`: if some
/// sheet where it is open has `done` it, those sheets circle it and every other open one
/// crosses it off.
fn race(
    sheets: &mut [Sheet],
    get: fn(&Sheet, u8) -> Race,
    set: fn(&mut Sheet, u8, Race),
    i: u8,
    done: impl Fn(&Sheet) -> bool,
) {
    let achieved = |sheet: &Sheet| get(sheet, i) == Race::Open && done(sheet);
    if !sheets.iter().any(achieved) {
        return;
    }
    for sheet in sheets.iter_mut() {
        if achieved(sheet) {
            set(sheet, i, Race::Won);
        } else if get(sheet, i) == Race::Open {
            set(sheet, i, Race::Lost);
        }
    }
}

/// The points of column `c` (§10.4): 0 unless complete; 1 per normal and 3 per perfect house,
/// doubled when its bonus is circled.
pub fn column_points(layout: &SheetLayout, sheet: &Sheet, c: u8) -> i32 {
    let Some(v) = values(layout) else {
        return 0;
    };
    if !column_complete(sheet, c) {
        return 0;
    }
    let houses: i32 = column(sheet, c)
        .map(|h| {
            if perfect(sheet, h) {
                v.perfect
            } else {
                v.normal
            }
        })
        .sum();
    match sheet.column_race(c) {
        Race::Won => houses * v.column_multiplier,
        _ => houses,
    }
}

/// The points of street `s`'s bonus: its value when circled.
pub fn street_points(layout: &SheetLayout, sheet: &Sheet, s: u8) -> i32 {
    match (values(layout), sheet.race(s)) {
        (Some(v), Race::Won) => v.street_bonus,
        _ => 0,
    }
}

/// Both rows' points.
pub fn points(layout: &SheetLayout, sheet: &Sheet) -> i32 {
    (0..columns(layout))
        .map(|c| column_points(layout, sheet, c))
        .sum::<i32>()
        + (0..sheet.streets())
            .map(|s| street_points(layout, sheet, s))
            .sum::<i32>()
}

/// The score row `id`: "columns" (a part per column) or "streets" (a part per street).
pub fn score_row(layout: &SheetLayout, sheet: &Sheet, id: &str) -> ScoreRow {
    if id == "streets" {
        let parts: Vec<i32> = (0..sheet.streets())
            .map(|s| street_points(layout, sheet, s))
            .collect();
        let won = parts.iter().filter(|&&p| p > 0).count();
        return ScoreRow::new(
            layout,
            id,
            parts.iter().sum(),
            parts,
            format!("{won} street bonuses circled"),
        );
    }
    let parts: Vec<i32> = (0..columns(layout))
        .map(|c| column_points(layout, sheet, c))
        .collect();
    let complete = (0..columns(layout))
        .filter(|&c| column_complete(sheet, c))
        .count();
    let doubled = (0..columns(layout))
        .filter(|&c| column_complete(sheet, c) && sheet.column_race(c) == Race::Won)
        .count();
    let perfect = sheet.all_houses().filter(|&h| perfect(sheet, h)).count();
    ScoreRow::new(
        layout,
        id,
        parts.iter().sum(),
        parts,
        format!("{complete} complete columns, {doubled} doubled; {perfect} perfect houses"),
    )
}

// ----- AAA solo (§10.6) -----

/// A Validation card came up: the player owes 1 street bonus and 2 column bonuses.
pub(crate) fn on_validation(sheet: &mut Sheet) {
    sheet.set_owed(sheet.owed().saturating_add(1));
    sheet.set_owed_columns(sheet.owed_columns().saturating_add(2));
}

/// The bonuses the player may cross off now, as `Decision::Cross` items: street s is item s,
/// column c is item `streets + c`. Street bonuses are crossed first.
pub fn crossable<'a>(layout: &'a SheetLayout, sheet: &'a Sheet) -> impl Iterator<Item = u8> + 'a {
    let streets = sheet.streets();
    let open_streets = (0..streets).filter(move |&s| sheet.race(s) == Race::Open);
    let street_owed = sheet.owed() > 0 && open_streets.clone().next().is_some();
    let columns = (0..columns(layout))
        .filter(move |&c| sheet.column_race(c) == Race::Open)
        .map(move |c| streets + c);
    let (a, b) = if street_owed {
        (Some(open_streets), None)
    } else if sheet.owed_columns() > 0 {
        (None, Some(columns))
    } else {
        (None, None)
    };
    a.into_iter().flatten().chain(b.into_iter().flatten())
}

/// Whether the player still has bonuses to cross off; clears debts no open bonus can pay
/// ("fewer open: all that remain", FR2 1811).
pub(crate) fn settle_owed(layout: &SheetLayout, sheet: &mut Sheet) -> bool {
    if sheet.owed() > 0 && (0..sheet.streets()).all(|s| sheet.race(s) != Race::Open) {
        sheet.set_owed(0);
    }
    if sheet.owed_columns() > 0 && (0..columns(layout)).all(|c| sheet.column_race(c) != Race::Open)
    {
        sheet.set_owed_columns(0);
    }
    sheet.owed() > 0 || sheet.owed_columns() > 0
}

/// Crosses item `item` off (see `crossable`), which the caller has checked.
pub(crate) fn cross(sheet: &mut Sheet, item: u8) {
    let streets = sheet.streets();
    if item < streets {
        sheet.set_race(item, Race::Lost);
        sheet.set_owed(sheet.owed().saturating_sub(1));
    } else {
        sheet.set_column_race(item - streets, Race::Lost);
        sheet.set_owed_columns(sheet.owed_columns().saturating_sub(1));
    }
}

/// The AAA's rows (§10.6 step 2): "columns", the opponent card's value of each of its cards,
/// and "streets", the street bonuses crossed off on the player's sheet.
pub(crate) fn aaa_rows(
    layout: &SheetLayout,
    scoring: &crate::aaa::cards::AaaScoring,
    given: &[Card],
    sheet: &Sheet,
) -> [(i32, String); 2] {
    let per = |e: Effect| -> i32 {
        i32::from(match e {
            Effect::Landscaper => scoring.park,
            Effect::Pool => scoring.pool,
            Effect::Temp => scoring.temp,
            Effect::Surveyor => scoring.fence,
            Effect::Bis => scoring.ext_houses,
            Effect::RealEstate => scoring.impr,
        })
    };
    let columns: i32 = given.iter().map(|c| per(c.effect)).sum();
    let crossed = (0..sheet.streets())
        .filter(|&s| sheet.race(s) == Race::Lost)
        .count() as i32;
    let bonus = values(layout).map_or(0, |v| v.street_bonus);
    [
        (
            columns,
            format!("{} cards at the opponent card's values", given.len()),
        ),
        (
            bonus * crossed,
            format!("{crossed} street bonuses crossed off on the player's sheet"),
        ),
    ]
}

// ----- plans (§10.5) -----

/// Whether `g` holds on `sheet`; `Err` says what is missing.
pub fn check_grid(layout: &SheetLayout, sheet: &Sheet, g: &Grid) -> Result<(), String> {
    match g {
        Grid::AllOfType {
            families,
            perfect: want_perfect,
        } => {
            for h in sheet.all_houses() {
                let Some(f) = family(layout, h) else {
                    continue;
                };
                if !families.contains(&f) {
                    continue;
                }
                let ok = if *want_perfect {
                    perfect(sheet, h)
                } else {
                    sheet.number(h).is_some()
                };
                if !ok {
                    let colour = values(layout).map_or(f.name(), |v| v.colour(f));
                    let state = if *want_perfect { "perfect" } else { "numbered" };
                    return Err(format!("the {colour} house at {h} is not {state}"));
                }
            }
            Ok(())
        }
        Grid::Columns {
            n,
            only_perfect,
            adjacent,
        } => {
            let good: Vec<bool> = (0..columns(layout))
                .map(|c| {
                    column_complete(sheet, c)
                        && (!only_perfect || all_perfect(sheet, column(sheet, c)))
                })
                .collect();
            let have = if *adjacent {
                longest_run(&good)
            } else {
                good.iter().filter(|&&g| g).count()
            };
            if have >= *n as usize {
                Ok(())
            } else {
                let adj = if *adjacent { " adjacent" } else { "" };
                Err(format!("{have}{adj} columns do"))
            }
        }
        Grid::Streets { n, only_perfect } => {
            let have = (0..sheet.streets())
                .filter(|&s| {
                    street_complete(sheet, s)
                        && (!only_perfect
                            || all_perfect(sheet, (0..sheet.len(s)).map(|i| HouseRef::new(s, i))))
                })
                .count();
            if have >= *n as usize {
                Ok(())
            } else {
                Err(format!("{have} streets do"))
            }
        }
        Grid::PerfectBlock { streets, columns } => {
            let (rows, cols) = (*streets, *columns);
            let found = (0..=sheet.streets().saturating_sub(rows)).any(|s0| {
                let width = (s0..s0 + rows).map(|s| sheet.len(s)).min().unwrap_or(0);
                (0..=width.saturating_sub(cols)).any(|c0| {
                    width >= cols
                        && (s0..s0 + rows)
                            .all(|s| (c0..c0 + cols).all(|c| perfect(sheet, HouseRef::new(s, c))))
                })
            });
            if found {
                Ok(())
            } else {
                Err(format!("no {rows} × {cols} block of perfect houses"))
            }
        }
    }
}

/// The longest run of `true` in `v`.
fn longest_run(v: &[bool]) -> usize {
    let (mut best, mut cur) = (0, 0);
    for &b in v {
        cur = if b { cur + 1 } else { 0 };
        best = best.max(cur);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::longest_run;

    #[test]
    fn longest_run_counts_adjacent_trues() {
        assert_eq!(longest_run(&[true, false, true, true, true, false]), 3);
        assert_eq!(longest_run(&[false, false]), 0);
    }
}
