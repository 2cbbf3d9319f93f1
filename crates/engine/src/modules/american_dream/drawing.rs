//! What the browser draws of the American Dream sheet: the perfect houses and the street and
//! column bonus races (collector expansions §7).

use crate::edition::SheetLayout;
use crate::house::HouseRef;
use crate::sheet::{Race, Sheet};

/// The perfect houses (numbered with their family's action).
pub fn perfect(sheet: &Sheet) -> Vec<HouseRef> {
    sheet
        .all_houses()
        .filter(|&h| super::perfect(sheet, h))
        .collect()
}

/// Each street's 10-point bonus.
pub fn street_bonuses(sheet: &Sheet) -> Vec<Race> {
    (0..sheet.streets()).map(|s| sheet.race(s)).collect()
}

/// Each column's ×2 bonus.
pub fn column_bonuses(layout: &SheetLayout, sheet: &Sheet) -> Vec<Race> {
    (0..super::columns(layout))
        .map(|c| sheet.column_race(c))
        .collect()
}
