//! What the browser draws of the Roswell sheet: the saucers and the infiltrated estates
//! (collector expansions §5).

use crate::edition::SheetLayout;
use crate::house::HouseRef;
use crate::sheet::Sheet;
use serde::{Deserialize, Serialize};

/// A flying saucer.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct SaucerOut {
    pub house: HouseRef,
    /// Circled: the number written under it infiltrated.
    pub circled: bool,
    /// A roundabout stands on its house, or its house holds an Extension copy or a number
    /// that did not infiltrate: it can never be circled now.
    pub lost: bool,
}

/// Every saucer, left to right, street by street.
pub fn saucers(layout: &SheetLayout, sheet: &Sheet) -> Vec<SaucerOut> {
    let mut out = Vec::new();
    for (s, street) in layout.streets.iter().enumerate() {
        for &house in &street.saucers {
            let h = HouseRef::new(s as u8, house.saturating_sub(1));
            let circled = sheet.is_marked(h) && sheet.number(h).is_some();
            out.push(SaucerOut {
                house: h,
                circled,
                lost: !circled && !sheet.is_empty(h),
            });
        }
    }
    out
}

/// The infiltrated estates, by their first house.
pub fn infiltrated(layout: &SheetLayout, sheet: &Sheet) -> Vec<HouseRef> {
    let mut out = Vec::new();
    super::for_each_infiltrated(layout, sheet, |e| out.push(e.first_house()));
    out
}
