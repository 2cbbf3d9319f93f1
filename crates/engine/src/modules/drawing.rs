//! What the engine works out of a sheet for drawing it, so that a front end draws the sheet
//! without working any rule out itself: the numbers each empty house still takes, the housing
//! estates, and what each rule module on the sheet shows (its `drawing` file). The server sends
//! it beside every sheet; its JSON is the protocol's `derived` object.

use crate::edition::SheetLayout;
use crate::house::{FenceRef, HouseRef};
use crate::modules::Module;
use crate::sheet::{Race, Sheet};
use crate::sheet_file::SheetData;
use serde::{Deserialize, Serialize};

pub use super::atomic::drawing::ShelterOut;
pub use super::coin_coin::drawing::DucklingOut;
pub use super::easter::drawing::EggOut;
pub use super::ice_cream::drawing::{ConeOut, ConeState, RouteOut};
pub use super::roswell::drawing::SaucerOut;
pub use super::zombies::drawing::{add_slowed, AmmoOut, Barricade, HordeOut, Slowed};

/// The derived state of one sheet.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Drawing {
    /// Per street and house: `[lo, hi]`, the numbers an empty house still takes in order, or
    /// `null` (a filled house, or no number fits).
    pub ranges: Vec<Vec<Option<[u8; 2]>>>,
    /// Every run of houses between fences that holds no roundabout, complete or not.
    pub estates: Vec<EstateOut>,
    /// Easter: every egg house.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub eggs: Vec<EggOut>,
    /// Ice Cream: every cone.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cones: Vec<ConeOut>,
    /// Ice Cream: every street with a truck.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub routes: Vec<RouteOut>,
    /// Christmas: the slots holding a string of lights, `[street, k]` between houses k and k+1.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<FenceRef>,
    /// Atomic War: every shelter, left to right, street by street (the order of the AAA's
    /// halves in `aaa.halves`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shelters: Vec<ShelterOut>,
    /// Atomic War: the capacity of each street.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub capacities: Vec<u16>,
    /// Roswell: every saucer, left to right, street by street.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub saucers: Vec<SaucerOut>,
    /// Coin Coin: every duckling, street ones street by street, then those between streets.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ducklings: Vec<DucklingOut>,
    /// Roswell: the infiltrated estates (complete, of 1–6 houses, with a circled saucer), by
    /// their first house.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub infiltrated: Vec<HouseRef>,
    /// American Dream: the perfect houses (numbered with their family's action).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub perfect: Vec<HouseRef>,
    /// American Dream: each street's 10-point bonus, open, circled ("won") or crossed ("lost").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub street_bonuses: Vec<Race>,
    /// American Dream: each column's ×2 bonus.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub column_bonuses: Vec<Race>,
    /// Zombies: every horde, street by street, the left one before the right one (the order
    /// they move in).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hordes: Vec<HordeOut>,
    /// Zombies: the ammo stock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ammo: Option<AmmoOut>,
    /// Zombies: per street and house, what stands in front of the house: a barricade printed
    /// on the sheet, one the player built, or none (a horde arriving there invades it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub barricades: Vec<Vec<Barricade>>,
    /// Zombies: the invaded houses (`Z`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub invaded: Vec<HouseRef>,
}

/// A housing estate, named by its first house.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct EstateOut {
    pub first: HouseRef,
    pub houses: u8,
    /// Every house is numbered.
    pub complete: bool,
    /// A house of it was used for a City Plan.
    pub used: bool,
}

/// Works out what a front end draws on `sheet`.
pub fn of(layout: &SheetLayout, sheet: &Sheet) -> Drawing {
    let mut d = Drawing {
        // A street's ranges in one pass over it (`Sheet::street_ranges`), not one a house.
        ranges: (0..sheet.streets())
            .map(|s| {
                sheet.street_ranges(s as usize)[..sheet.len(s) as usize]
                    .iter()
                    .map(|r| r.map(|(lo, hi)| [lo, hi]))
                    .collect()
            })
            .collect(),
        ..Drawing::default()
    };
    sheet.for_each_run(|e, complete| {
        d.estates.push(EstateOut {
            first: e.first_house(),
            houses: e.len,
            complete,
            used: e.used,
        })
    });
    for m in &layout.modules {
        d.add(*m, layout, sheet);
    }
    d
}

impl Drawing {
    /// Adds what module `m` shows: one arm per module, so a new module is listed here by the
    /// compiler.
    fn add(&mut self, m: Module, layout: &SheetLayout, sheet: &Sheet) {
        use super::{
            american_dream, atomic, christmas, coin_coin, easter, ice_cream, roswell, zombies,
        };
        match m {
            Module::Easter => self.eggs = easter::drawing::eggs(layout, sheet),
            Module::IceCream => {
                self.cones = ice_cream::drawing::cones(layout, sheet);
                self.routes = ice_cream::drawing::routes(layout, sheet);
            }
            Module::Christmas => self.links = christmas::drawing::links(sheet),
            Module::Atomic => {
                self.shelters = atomic::drawing::shelters(layout, sheet);
                self.capacities = atomic::drawing::capacities(layout, sheet);
            }
            Module::Roswell => {
                self.saucers = roswell::drawing::saucers(layout, sheet);
                self.infiltrated = roswell::drawing::infiltrated(layout, sheet);
            }
            Module::CoinCoin => self.ducklings = coin_coin::drawing::ducklings(layout, sheet),
            Module::AmericanDream => {
                self.perfect = american_dream::drawing::perfect(sheet);
                self.street_bonuses = american_dream::drawing::street_bonuses(sheet);
                self.column_bonuses = american_dream::drawing::column_bonuses(layout, sheet);
            }
            Module::Zombies => {
                if zombies::values(layout).is_some() {
                    self.hordes = zombies::drawing::hordes(layout, sheet);
                    self.ammo = zombies::drawing::ammo(layout, sheet);
                    self.barricades = zombies::drawing::barricades(layout, sheet);
                    self.invaded = zombies::drawing::invaded(sheet);
                }
            }
            Module::Roundabouts | Module::Halloween => {}
        }
    }

    /// Writes the X marks of slowed hordes (the turns') into the drawing and the sheet's file
    /// form (Zombies; nothing on other sheets).
    pub fn mark_slowed(&mut self, data: &mut SheetData, slowed: &Slowed) {
        if self.hordes.is_empty() {
            return;
        }
        data.set_slowed(slowed);
        super::zombies::drawing::mark_slowed(&mut self.hordes, slowed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edition::Edition;
    use crate::house::{FenceRef, Side};
    use crate::id::SheetId;
    use crate::sheet::Race;

    /// A sheet from its streets' houses, each with extra sheet-file fields (`, "truck": …`).
    fn sheet(layout: &SheetLayout, streets: [(&[&str], &str); 3]) -> Sheet {
        let streets: Vec<String> = streets
            .iter()
            .enumerate()
            .map(|(i, (hs, extra))| {
                let len = layout.streets[i].houses as usize;
                let mut houses: Vec<String> = hs.iter().map(|h| h.to_string()).collect();
                houses.resize(len, String::new());
                format!("{{\"houses\": {}{extra}}}", serde_json::json!(houses))
            })
            .collect();
        let text = format!("{{\"streets\": [{}]}}", streets.join(","));
        let data: SheetData = serde_json::from_str(&text).unwrap();
        data.to_sheet(Edition::first(), layout).unwrap()
    }

    fn layout(id: &str) -> &'static SheetLayout {
        Edition::first().sheet(SheetId::new(id).unwrap()).unwrap()
    }

    #[test]
    fn eggs_are_collected_by_the_numbers_with_loops() {
        let l = layout("easter");
        // §8.1's street 1: 6 8 9 in houses 3–5, 10 in house 7, 16 in house 10.
        let s = sheet(
            l,
            [
                (&["", "", "6", "8", "9", "", "10", "", "", "16"], ""),
                (&[], ""),
                (&[], ""),
            ],
        );
        let d = of(l, &s);
        assert_eq!(d.eggs.len(), 15);
        let s1: Vec<(u8, u8, u8)> = d
            .eggs
            .iter()
            .filter(|e| e.house.street == 0)
            .map(|e| (e.house.house + 1, e.eggs, e.collected))
            .collect();
        assert_eq!(s1, [(3, 1, 1), (4, 2, 2), (5, 1, 1), (7, 1, 1), (10, 1, 1)]);
        assert!(d.cones.is_empty() && d.routes.is_empty() && d.links.is_empty());
    }

    #[test]
    fn a_lost_egg_is_one_the_house_can_no_longer_give() {
        let l = layout("easter");
        // Street 2 house 1 holds 2 eggs: a 6 collects one, the other is lost for good.
        let s = sheet(l, [(&[], ""), (&["6"], ""), (&[], "")]);
        let e = of(l, &s)
            .eggs
            .into_iter()
            .find(|e| e.house == HouseRef::new(1, 0))
            .unwrap();
        assert_eq!((e.eggs, e.collected, e.lost), (2, 1, 1));
    }

    #[test]
    fn trucks_cones_and_routes() {
        let l = layout("ice-cream");
        // Street 3, left truck, first number in house 12: every cone crossed, route finished.
        let twelfth = ["", "", "", "", "", "", "", "", "", "", "", "9"];
        let mut s = sheet(
            l,
            [
                (&["", "", "", "", "5"], ", \"circled\": [5]"),
                (&[], ""),
                (&twelfth, ", \"truck\": \"left\""),
            ],
        );
        let d = of(l, &s);
        let s3: Vec<ConeState> = d
            .cones
            .iter()
            .filter(|c| c.house.street == 2)
            .map(|c| c.state)
            .collect();
        assert_eq!(s3, [ConeState::Crossed; 8]);
        let r3 = &d.routes[2];
        assert_eq!(
            (r3.street, r3.truck, r3.at, r3.last_cone, r3.finished),
            (3, Some(Side::Left), Some(12), Some(11), true)
        );
        assert_eq!(r3.parked, [Side::Left, Side::Right]);
        // Street 1: the truck parked on the right stopped at house 5, driving past the cones
        // of houses 10, 8 and 6.
        let r1 = &d.routes[0];
        assert_eq!(
            (r1.truck, r1.at, r1.finished),
            (Some(Side::Right), Some(5), false)
        );
        let s1: Vec<(u8, ConeState)> = d
            .cones
            .iter()
            .filter(|c| c.house.street == 0)
            .map(|c| (c.house.house + 1, c.state))
            .collect();
        use ConeState::*;
        assert_eq!(
            s1,
            [
                (1, Open),
                (3, Open),
                (5, Circled),
                (6, Crossed),
                (8, Crossed),
                (10, Crossed)
            ]
        );
        // Street 2 has not started.
        assert_eq!((d.routes[1].at, d.routes[1].bonus), (None, Race::Open));
        s = sheet(l, [(&[], ""), (&[], ""), (&[], "")]);
        assert_eq!(of(l, &s).routes[2].truck, None);
    }

    #[test]
    fn lights_link_neighbours_across_fences() {
        let l = layout("christmas");
        // T39: 1 2 | 3 is one string.
        let s = sheet(
            l,
            [
                (&["1", "2", "3"], ", \"fences\": [2]"),
                (&[], ""),
                (&[], ""),
            ],
        );
        let d = of(l, &s);
        assert_eq!(d.links, [FenceRef::new(0, 0), FenceRef::new(0, 1)]);
    }

    #[test]
    fn ranges_and_estates_follow_the_sheet() {
        let l = layout("classic");
        let s = sheet(l, [(&["", "5", "", "9"], ""), (&[], ""), (&[], "")]);
        let d = of(l, &s);
        assert_eq!(d.ranges[0][0], Some([0, 4]));
        assert_eq!(d.ranges[0][1], None);
        assert_eq!(d.ranges[0][2], Some([6, 8]));
        assert_eq!(d.ranges[0][9], Some([10, 17]));
        // No fence drawn: one run per street.
        assert_eq!(d.estates.len(), 3);
        assert_eq!(d.estates[0].houses, 10);
        assert!(!d.estates[0].complete);
    }
}
