//! What the browser draws of the Atomic War sheet: the shelters and each street's capacity
//! (collector expansions §2).

use crate::edition::SheetLayout;
use crate::house::HouseRef;
use crate::sheet::{House, Sheet};
use serde::{Deserialize, Serialize};

/// A shelter.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ShelterOut {
    pub house: HouseRef,
    /// The number written in it, once its house is numbered.
    pub capacity: Option<u8>,
    /// A roundabout stands on its house: it is never built.
    pub lost: bool,
}

/// Every shelter, left to right, street by street (the order of the AAA's halves).
pub fn shelters(layout: &SheetLayout, sheet: &Sheet) -> Vec<ShelterOut> {
    let mut out = Vec::new();
    for (s, street) in layout.streets.iter().enumerate() {
        for &house in &street.shelters {
            let h = HouseRef::new(s as u8, house.saturating_sub(1));
            out.push(ShelterOut {
                house: h,
                // A ¾ number fills a shelter with its whole part (9¾ writes 9).
                capacity: sheet.number(h).map(crate::number::floor),
                lost: sheet.house(h) == House::Roundabout,
            });
        }
    }
    out
}

/// The capacity of each street.
pub fn capacities(layout: &SheetLayout, sheet: &Sheet) -> Vec<u16> {
    (0..sheet.streets())
        .map(|s| super::capacity(layout, sheet, s))
        .collect()
}
