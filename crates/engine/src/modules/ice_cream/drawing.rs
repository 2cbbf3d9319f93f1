//! What the browser draws of the Ice Cream sheet: the cones circled or crossed and each
//! street's truck route with its bonus race (thematic §8.2).

use crate::edition::SheetLayout;
use crate::house::{HouseRef, Side};
use crate::sheet::{Race, Sheet};
use serde::{Deserialize, Serialize};

/// Where a cone stands in its street's route.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum ConeState {
    /// The truck has not reached it yet.
    Open,
    /// The truck stopped there.
    Circled,
    /// The truck drove past it (or stopped on a house that could not sell it).
    Crossed,
}

/// A cone.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ConeOut {
    pub house: HouseRef,
    pub scoops: u8,
    pub state: ConeState,
}

/// One street's ice-cream route.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct RouteOut {
    /// 1-based.
    pub street: u8,
    /// Where the street's trucks are parked, as printed.
    pub parked: Vec<Side>,
    /// The truck that drives the street: the only one, or the one chosen; `null` while a
    /// street with two trucks has no number.
    pub truck: Option<Side>,
    /// The house the truck stands at (1-based), `null` while it is parked.
    pub at: Option<u8>,
    /// The house of the route's last cone (1-based), once the truck is known.
    pub last_cone: Option<u8>,
    /// The truck stands at or has driven past its last cone.
    pub finished: bool,
    /// The end-of-route bonus: `open`, `won` (circled) or `lost` (crossed off).
    pub bonus: Race,
}

/// Every cone, street by street.
pub fn cones(layout: &SheetLayout, sheet: &Sheet) -> Vec<ConeOut> {
    let mut out = Vec::new();
    for (s, street) in layout.streets.iter().enumerate() {
        for c in &street.cones {
            let h = HouseRef::new(s as u8, c.house.saturating_sub(1));
            let state = if sheet.is_marked(h) {
                ConeState::Circled
            } else if super::crossed(layout, sheet, h) {
                ConeState::Crossed
            } else {
                ConeState::Open
            };
            out.push(ConeOut {
                house: h,
                scoops: c.scoops,
                state,
            });
        }
    }
    out
}

/// Every street with a truck: its route.
pub fn routes(layout: &SheetLayout, sheet: &Sheet) -> Vec<RouteOut> {
    let one = |h: Option<u8>| h.map(|h| h + 1);
    layout
        .streets
        .iter()
        .enumerate()
        .filter(|(_, st)| !st.trucks.is_empty())
        .map(|(s, st)| {
            let s = s as u8;
            RouteOut {
                street: s + 1,
                parked: st.trucks.clone(),
                truck: super::truck(layout, sheet, s),
                at: one(super::truck_at(layout, sheet, s)),
                last_cone: one(super::last_cone(layout, sheet, s)),
                finished: super::route_finished(layout, sheet, s),
                bonus: sheet.race(s),
            }
        })
        .collect()
}
