//! What the browser draws of the Coin Coin sheet: the ducklings, circled and connected to
//! their parent (collector expansions §6).

use crate::edition::{DuckColour, SheetLayout};
use crate::house::HouseRef;
use crate::sheet::Sheet;
use serde::{Deserialize, Serialize};

/// A duckling, between houses `a` and `b` (neighbours in a street, or one above the other
/// between two streets).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct DucklingOut {
    pub a: HouseRef,
    pub b: HouseRef,
    pub colour: DuckColour,
    /// Both houses are numbered.
    pub circled: bool,
    /// Circled and joined to its parent by numbered houses and circled ducklings.
    pub connected: bool,
}

/// Every duckling: the street ones street by street, then those between streets.
pub fn ducklings(layout: &SheetLayout, sheet: &Sheet) -> Vec<DucklingOut> {
    let mut out = Vec::new();
    for colour in [DuckColour::Yellow, DuckColour::Black] {
        let reach = super::reached(layout, sheet, colour);
        let on = |h: HouseRef| reach[h.street as usize] >> h.house & 1 == 1;
        let numbered = |h: HouseRef| sheet.number(h).is_some();
        let mut push = |a: HouseRef, b: HouseRef| {
            let circled = numbered(a) && numbered(b);
            out.push(DucklingOut {
                a,
                b,
                colour,
                circled,
                connected: circled && on(a),
            });
        };
        for s in 0..sheet.streets() {
            let mut m = layout.ducklings(colour, s);
            while m != 0 {
                let k = m.trailing_zeros() as u8;
                m &= m - 1;
                push(HouseRef::new(s, k), HouseRef::new(s, k + 1));
            }
        }
        for b in layout.ducks.iter().flat_map(|d| &d.between) {
            if b.colour == colour {
                push(b.upper, b.lower);
            }
        }
    }
    out
}
