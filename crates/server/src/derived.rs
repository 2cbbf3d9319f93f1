//! What the engine derives from a sheet, sent with it so that the browser draws it without
//! working any rule out itself: the numbers each empty house still takes, the housing estates,
//! and the marks of the sheet's rule modules (eggs collected, cones circled or crossed, trucks
//! and their bonus races, strings of lights, hordes, ammo and barricades).

// The types are the protocol's (module `wire`); this module works them out.
pub use crate::wire::derived::{
    AmmoOut, Barricade, ConeOut, ConeState, Derived, DucklingOut, EggOut, EstateOut, HordeOut,
    RouteOut, SaucerOut, ShelterOut,
};
use welcome_engine::edition::DuckColour;
use welcome_engine::modules::{
    american_dream, atomic, christmas, coin_coin, easter, ice_cream, roswell, zombies,
};
use welcome_engine::{Hordes, House, HouseRef, Module, Sheet, SheetData, SheetLayout};

/// Zombies: the X marks of slowed hordes, by horde (street s's left horde is 2s, its right one
/// 2s + 1). The sheet holds only how many ammo were used; the marks come from the turns.
pub type Slowed = [u8; 16];

/// Adds the hordes a turn slowed (its `ammo`, one set per Zombie card) to `slowed`.
pub fn add_slowed(slowed: &mut Slowed, ammo: &[Hordes]) {
    for set in ammo {
        for h in set.iter() {
            if let Some(n) = slowed.get_mut(h as usize) {
                *n = n.saturating_add(1);
            }
        }
    }
}

/// The X marks a sheet file writes (`slowed` of each street, left and right).
pub fn slowed_of(data: &SheetData) -> Slowed {
    let mut out = [0; 16];
    for (s, st) in data.streets.iter().enumerate().take(8) {
        out[2 * s] = st.slowed[0];
        out[2 * s + 1] = st.slowed[1];
    }
    out
}

/// Writes the X marks into a sheet's data and its derived hordes (Zombies; nothing on other
/// sheets).
pub fn mark_slowed(data: &mut SheetData, d: &mut Derived, slowed: &Slowed) {
    if d.hordes.is_empty() {
        return;
    }
    for (s, st) in data.streets.iter_mut().enumerate().take(8) {
        st.slowed = [slowed[2 * s], slowed[2 * s + 1]];
    }
    for x in &mut d.hordes {
        let h = zombies::index(x.street.saturating_sub(1), x.side) as usize;
        x.slowed = slowed.get(h).copied().unwrap_or(0);
    }
}

/// Derives what the browser draws on `sheet`.
pub fn of(layout: &SheetLayout, sheet: &Sheet) -> Derived {
    let mut d = Derived {
        // A street's ranges in one pass over it (`Sheet::street_ranges`), not one a house.
        ranges: (0..sheet.streets())
            .map(|s| {
                sheet.street_ranges(s as usize)[..sheet.len(s) as usize]
                    .iter()
                    .map(|r| r.map(|(lo, hi)| [lo, hi]))
                    .collect()
            })
            .collect(),
        ..Derived::default()
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
        match m {
            Module::Easter => d.eggs = eggs(layout, sheet),
            Module::IceCream => {
                d.cones = cones(layout, sheet);
                d.routes = routes(layout, sheet);
            }
            Module::Christmas => {
                d.links = sheet
                    .all_slots()
                    .filter(|f| christmas::linked(sheet, f.street, f.slot))
                    .collect();
            }
            Module::Atomic => {
                d.shelters = shelters(layout, sheet);
                d.capacities = (0..sheet.streets())
                    .map(|s| atomic::capacity(layout, sheet, s))
                    .collect();
            }
            Module::Roswell => {
                d.saucers = saucers(layout, sheet);
                roswell::for_each_infiltrated(layout, sheet, |e| {
                    d.infiltrated.push(e.first_house())
                });
            }
            Module::CoinCoin => d.ducklings = ducklings(layout, sheet),
            Module::AmericanDream => {
                d.perfect = sheet
                    .all_houses()
                    .filter(|&h| american_dream::perfect(sheet, h))
                    .collect();
                d.street_bonuses = (0..sheet.streets()).map(|s| sheet.race(s)).collect();
                d.column_bonuses = (0..american_dream::columns(layout))
                    .map(|c| sheet.column_race(c))
                    .collect();
            }
            Module::Zombies => zombie_marks(layout, sheet, &mut d),
            Module::Roundabouts | Module::Halloween => {}
        }
    }
    d
}

/// Zombies: the hordes with their arrows, the ammo stock, the barricades and the invaded
/// houses (the X marks of slowed hordes are the turns', see `mark_slowed`).
fn zombie_marks(layout: &SheetLayout, sheet: &Sheet, d: &mut Derived) {
    let Some(v) = zombies::values(layout) else {
        return;
    };
    let mut hordes: Vec<HordeOut> = v
        .hordes
        .iter()
        .map(|x| {
            let h = zombies::index(x.street.saturating_sub(1), x.side);
            let next = zombies::next_arrival(layout, sheet, h);
            HordeOut {
                street: x.street,
                side: x.side,
                arrivals: x.arrivals.clone(),
                traced: sheet.horde_steps(h),
                next: next.map(|n| n.house + 1),
                next_invades: next.is_some_and(|n| {
                    sheet.contains(n)
                        && !zombies::is_barricaded(layout, sheet, n)
                        && !matches!(sheet.house(n), House::Roundabout | House::Invaded)
                }),
                slowed: 0,
            }
        })
        .collect();
    hordes.sort_by_key(|x| zombies::index(x.street.saturating_sub(1), x.side));
    d.hordes = hordes;
    let left = zombies::ammo_left(layout, sheet);
    d.ammo = Some(AmmoOut {
        stock: v.ammo_stock,
        start: v.ammo_start,
        gained: sheet.ammo_gained(),
        used: sheet.ammo_used(),
        left,
    });
    d.barricades = (0..sheet.streets())
        .map(|s| {
            (0..sheet.len(s))
                .map(|i| {
                    let h = HouseRef::new(s, i);
                    if layout.unbarricaded(s) >> i & 1 == 0 {
                        Barricade::Printed
                    } else if sheet.has_barricade(h) {
                        Barricade::Built
                    } else {
                        Barricade::None
                    }
                })
                .collect()
        })
        .collect();
    d.invaded = sheet
        .all_houses()
        .filter(|&h| sheet.is_invaded(h))
        .collect();
}

fn ducklings(layout: &SheetLayout, sheet: &Sheet) -> Vec<DucklingOut> {
    let mut out = Vec::new();
    for colour in [DuckColour::Yellow, DuckColour::Black] {
        let reach = coin_coin::reached(layout, sheet, colour);
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

fn saucers(layout: &SheetLayout, sheet: &Sheet) -> Vec<SaucerOut> {
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

fn shelters(layout: &SheetLayout, sheet: &Sheet) -> Vec<ShelterOut> {
    let mut out = Vec::new();
    for (s, street) in layout.streets.iter().enumerate() {
        for &house in &street.shelters {
            let h = HouseRef::new(s as u8, house.saturating_sub(1));
            out.push(ShelterOut {
                house: h,
                // A ¾ number fills a shelter with its whole part (9¾ writes 9).
                capacity: sheet.number(h).map(welcome_engine::number::floor),
                lost: sheet.house(h) == welcome_engine::House::Roundabout,
            });
        }
    }
    out
}

fn eggs(layout: &SheetLayout, sheet: &Sheet) -> Vec<EggOut> {
    let mut out = Vec::new();
    for (s, street) in layout.streets.iter().enumerate() {
        for e in &street.eggs {
            let h = HouseRef::new(s as u8, e.house.saturating_sub(1));
            let collected = easter::collected(layout, sheet, h);
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

fn cones(layout: &SheetLayout, sheet: &Sheet) -> Vec<ConeOut> {
    let mut out = Vec::new();
    for (s, street) in layout.streets.iter().enumerate() {
        for c in &street.cones {
            let h = HouseRef::new(s as u8, c.house.saturating_sub(1));
            let state = if sheet.is_marked(h) {
                ConeState::Circled
            } else if ice_cream::crossed(layout, sheet, h) {
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

fn routes(layout: &SheetLayout, sheet: &Sheet) -> Vec<RouteOut> {
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
                truck: ice_cream::truck(layout, sheet, s),
                at: one(ice_cream::truck_at(layout, sheet, s)),
                last_cone: one(ice_cream::last_cone(layout, sheet, s)),
                finished: ice_cream::route_finished(layout, sheet, s),
                bonus: sheet.race(s),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use welcome_engine::{Edition, FenceRef, Race, SheetData, SheetId, Side};

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
