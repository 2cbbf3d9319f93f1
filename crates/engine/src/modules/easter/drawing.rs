//! What the browser draws of the Easter sheet: every egg house with the eggs collected and
//! lost (thematic §8.1).

use crate::edition::SheetLayout;
use crate::house::HouseRef;
use crate::sheet::Sheet;
use serde::{Deserialize, Serialize};

/// An egg house.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct EggOut {
    pub house: HouseRef,
    pub eggs: u8,
    pub collected: u8,
    /// Eggs that can no longer be collected: the house holds a number or a roundabout.
    pub lost: u8,
    /// For drawing only.
    pub colour: String,
}

/// Every egg house, street by street.
pub fn eggs(layout: &SheetLayout, sheet: &Sheet) -> Vec<EggOut> {
    let mut out = Vec::new();
    for (s, street) in layout.streets.iter().enumerate() {
        for e in &street.eggs {
            let h = HouseRef::new(s as u8, e.house.saturating_sub(1));
            let collected = super::collected(layout, sheet, h);
            out.push(EggOut {
                house: h,
                eggs: e.eggs,
                collected,
                lost: if sheet.is_empty(h) {
                    0
                } else {
                    e.eggs - collected.min(e.eggs)
                },
                colour: e.colour.clone(),
            });
        }
    }
    out
}
