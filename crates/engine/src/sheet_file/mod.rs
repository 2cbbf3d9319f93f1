//! The sheet file: one player's sheet as written on paper, scorable on its own
//! (docs/formats.md). Its form is `data`; each rule module checks its own marks in its
//! folder's `file.rs`; here the file is read, checked and written.

pub mod data;
use data::is_classic;
pub use data::{SheetData, SheetFile, SheetFileError, StreetData, TiersData, SHEET_VERSION};

use crate::edition::{Edition, SheetLayout, Side};
use crate::file_kind::{explain, Wanted};
use crate::modules::atomic::Capacities;
use crate::modules::module::Module;
use crate::modules::{american_dream, halloween, ice_cream, zombies};
use crate::number::shown;
use crate::score::{Score, Shelters, Table, Temps};
use crate::sheet::{FenceRef, House, HouseRef, Race, Sheet, MAX_NUMBER, MAX_STREETS};
use serde::Serialize;

pub use crate::file_kind::SHEET_FORMAT;

fn house_text(h: House) -> String {
    match h {
        House::Empty => String::new(),
        House::Roundabout => "R".into(),
        House::Invaded => "Z".into(),
        House::Number { value, bis: false } => shown(value).to_string(),
        House::Number { value, bis: true } => format!("{}b", shown(value)),
    }
}

/// Zombies: the text of a house a horde invaded that held an Extension copy, whose penalty
/// stays (collector expansions §8.3.6).
const INVADED_COPY: &str = "Zb";

/// Whether house `h` was written by an Extension (an invaded house keeps that mark).
fn is_copy(sheet: &Sheet, h: HouseRef) -> bool {
    sheet.bis_in_run(crate::sheet::Estate {
        street: h.street,
        start: h.house,
        len: 1,
        used: false,
    }) == 1
}

fn parse_house(text: &str) -> Option<House> {
    match text {
        "" => Some(House::Empty),
        "R" => Some(House::Roundabout),
        "Z" => Some(House::Invaded),
        _ => {
            let (digits, bis) = match text.strip_suffix('b') {
                Some(d) => (d, true),
                None => (text, false),
            };
            // A whole number 0–17 or a ¾ number 7¾–11¾ (`crate::number`).
            let value = crate::number::parse(digits).ok()?;
            Some(House::Number { value, bis })
        }
    }
}

impl SheetData {
    /// The written form of a sheet.
    pub fn of(layout: &SheetLayout, sheet: &Sheet) -> SheetData {
        let streets = (0..sheet.streets())
            .map(|s| {
                let len = sheet.len(s);
                let hs = (0..len).map(move |i| HouseRef::new(s, i));
                StreetData {
                    houses: hs
                        .clone()
                        .map(|h| match sheet.house(h) {
                            // An invaded Extension copy keeps its penalty (Ruling X27).
                            House::Invaded if is_copy(sheet, h) => INVADED_COPY.into(),
                            house => house_text(house),
                        })
                        .collect(),
                    fences: (0..len - 1)
                        .filter(|&k| sheet.has_fence(FenceRef::new(s, k)))
                        .map(|k| k + 1)
                        .collect(),
                    pools: hs
                        .clone()
                        .filter(|&h| sheet.has_pool(h))
                        .map(|h| h.house + 1)
                        .collect(),
                    parks: sheet.parks(s),
                    plan_houses: hs
                        .clone()
                        .filter(|&h| sheet.is_used(h))
                        .map(|h| h.house + 1)
                        .collect(),
                    circled: hs
                        .filter(|&h| sheet.is_marked(h))
                        .map(|h| h.house + 1)
                        .collect(),
                    truck: (layout.streets[s as usize].trucks.len() == 2)
                        .then(|| ice_cream::truck(layout, sheet, s))
                        .flatten(),
                    bonus: match sheet.race(s) {
                        Race::Open => None,
                        r => Some(r),
                    },
                    barricades: (0..len)
                        .filter(|&i| sheet.barricades_in(s) >> i & 1 == 1)
                        .map(|i| i + 1)
                        .collect(),
                    hordes: [
                        sheet.horde_steps(zombies::index(s, Side::Left)),
                        sheet.horde_steps(zombies::index(s, Side::Right)),
                    ],
                    slowed: [0, 0],
                }
            })
            .collect();
        SheetData {
            streets,
            temps: sheet.temps(),
            real_estate: std::array::from_fn(|i| sheet.real_estate(i + 1)),
            refusals: sheet.refusals(),
            plans: sheet.plan_scores(),
            owed: sheet.owed(),
            tiers: layout
                .has(crate::modules::module::Module::Halloween)
                .then(|| {
                    let of = |candy| {
                        std::array::from_fn(|r| match sheet.tier(candy, r as u8) {
                            Race::Open => None,
                            race => Some(race),
                        })
                    };
                    TiersData {
                        ghost: of(false),
                        candy: of(true),
                        option: sheet.ghost_option(),
                    }
                })
                .filter(|t| *t != TiersData::default()),
            free_extensions: sheet.free_bis(),
            objective: sheet.objective(),
            duck_scorings: Some(std::array::from_fn(|k| sheet.duck_scoring(k)))
                .filter(|d| d.iter().any(Option::is_some)),
            column_bonuses: Some(
                (0..american_dream::columns(layout))
                    .map(|c| match sheet.column_race(c) {
                        Race::Open => None,
                        r => Some(r),
                    })
                    .collect::<Vec<_>>(),
            )
            .filter(|c| layout.has(Module::AmericanDream) && c.iter().any(Option::is_some)),
            owed_columns: sheet.owed_columns(),
            ammo_gained: sheet.ammo_gained(),
            ammo_used: sheet.ammo_used(),
        }
    }

    /// Builds and checks the sheet against the edition's layout.
    pub fn to_sheet(
        &self,
        edition: &Edition,
        layout: &SheetLayout,
    ) -> Result<Sheet, SheetFileError> {
        self.to_sheet_with(edition, layout, &[None; 3])
    }

    /// Like `to_sheet`, where a table entered the Projet and Validé points of its own plan
    /// cards (§18.5): those points may be written in the plan boxes too.
    pub fn to_sheet_with(
        &self,
        edition: &Edition,
        layout: &SheetLayout,
        entered: &[Option<[u8; 2]>; 3],
    ) -> Result<Sheet, SheetFileError> {
        if self.streets.len() != layout.streets.len() {
            return Err(SheetFileError::Streets {
                found: self.streets.len(),
                sheet: layout.id.to_string(),
                expected: layout.streets.len(),
            });
        }
        let mut sheet = Sheet::new(layout);
        for (si, st) in self.streets.iter().enumerate() {
            let s = si as u8;
            let street = si + 1;
            let len = layout.streets[si].houses;
            if st.houses.len() != len as usize {
                return Err(SheetFileError::Houses {
                    street,
                    found: st.houses.len(),
                    expected: len,
                });
            }
            for &k in &st.fences {
                if k == 0 || k >= len {
                    return Err(SheetFileError::Position {
                        street,
                        what: "fence",
                        value: k,
                    });
                }
                sheet.add_fence(FenceRef::new(s, k - 1));
            }
            let mut prev: Option<(usize, u8)> = None;
            for (i, text) in st.houses.iter().enumerate() {
                let h = HouseRef::new(s, i as u8);
                if text == INVADED_COPY {
                    // The copy's Extension box stays crossed: it is counted as a bis house.
                    sheet.write(h, 0, true);
                    sheet.invade(h);
                    continue;
                }
                let house = parse_house(text).ok_or_else(|| SheetFileError::HouseText {
                    street,
                    house: i + 1,
                    text: text.clone(),
                })?;
                match house {
                    House::Empty => {}
                    House::Roundabout => {
                        sheet.build_roundabout(h);
                        prev = None;
                    }
                    // An invaded house holds no number: the ordering skips it (Ruling X27).
                    House::Invaded => sheet.invade(h),
                    House::Number { value, .. }
                        if crate::number::is_quarter(value)
                            && edition.nine_three_quarters.is_empty() =>
                    {
                        return Err(SheetFileError::QuarterNumber {
                            street,
                            house: i + 1,
                            text: text.clone(),
                            edition: edition.id.to_string(),
                        });
                    }
                    House::Number { value, bis } => {
                        if let Some((pi, pv)) = prev {
                            if crate::number::rank(value) < crate::number::rank(pv) {
                                return Err(SheetFileError::Order {
                                    street,
                                    house: i + 1,
                                    number: value,
                                    previous_house: pi + 1,
                                    previous: pv,
                                });
                            }
                        }
                        sheet.write(h, value, bis);
                        prev = Some((i, value));
                    }
                }
            }
            self.check_bis(&sheet, s, edition.rules.bis_pairs_split)?;
            for &p in &st.pools {
                let h = data::house_at(s, len, "pool", p)?;
                // A Halloween pool bonus circles a pool on any house but a roundabout (X17).
                let bonus_pools = layout.has(crate::modules::module::Module::Halloween);
                let ok = sheet.has_planned_pool(h)
                    && match sheet.house(h) {
                        House::Number { bis, .. } => !bis || bonus_pools,
                        House::Empty => bonus_pools,
                        // A pool built before a horde invaded its house keeps its points
                        // (Zombies, collector expansions §8.3.6).
                        House::Invaded => bonus_pools || layout.zombies.is_some(),
                        House::Roundabout => false,
                    };
                if !ok {
                    return Err(SheetFileError::Pool {
                        street,
                        house: p as usize,
                    });
                }
                sheet.build_pool(h);
            }
            for &p in &st.plan_houses {
                let h = data::house_at(s, len, "plan house", p)?;
                if sheet.is_empty(h) {
                    return Err(SheetFileError::PlanHouse {
                        street,
                        house: p as usize,
                    });
                }
                sheet.mark_used(h);
            }
            check_track(
                format!("parks of street {street}"),
                st.parks,
                layout.streets[si].parks.boxes(),
            )?;
            check_street_features(layout, &mut sheet, st, s)?;
            zombies::file::check_street(layout, &mut sheet, st, s)?;
        }
        check_track("temps".into(), self.temps, layout.temp_boxes)?;
        for (i, &n) in self.real_estate.iter().enumerate() {
            let boxes = layout.real_estate.get(i).map_or(0, |t| t.boxes());
            check_track(format!("real-estate column {}", i + 1), n, boxes)?;
        }
        check_track("refusals".into(), self.refusals, layout.refusals.boxes())?;
        halloween::file::set_state(self, layout, &mut sheet)?;
        if let Some(o) = self.objective {
            let count = crate::modules::roswell::objectives(layout).len() as u8;
            if !layout.has(crate::modules::module::Module::Roswell) || !(1..=count).contains(&o) {
                return Err(SheetFileError::Feature {
                    street: 1,
                    what: if count == 0 {
                        "only a Roswell sheet has an infiltration objective".into()
                    } else {
                        format!("objective {o}: the sheet's objectives are numbered 1 to {count}")
                    },
                });
            }
            sheet.set_objective(o);
        }
        if let Some(d) = self.duck_scorings {
            use crate::edition::DuckColour::{Black, Yellow};
            use crate::modules::coin_coin;
            if !layout.has(crate::modules::module::Module::CoinCoin) {
                return Err(SheetFileError::Feature {
                    street: 1,
                    what: "only a Coin Coin sheet has duck scorings".into(),
                });
            }
            let (y, b) = (
                coin_coin::total(layout, Yellow),
                coin_coin::total(layout, Black),
            );
            for (k, (points, most)) in d.iter().zip([y, b, y + b]).enumerate() {
                if let Some(p) = *points {
                    if p > most {
                        return Err(SheetFileError::Feature {
                            street: 1,
                            what: format!(
                                "duck scoring {}: {p} points, but only {most} ducklings count",
                                k + 1
                            ),
                        });
                    }
                    sheet.set_duck_scoring(k, p);
                }
            }
        }
        if let Some(bonuses) = &self.column_bonuses {
            american_dream::file::set_column_bonuses(layout, &mut sheet, bonuses)?;
        }
        check_track("bis".into(), sheet.bis_count(), layout.bis.boxes())?;
        check_track(
            "roundabouts".into(),
            sheet.roundabouts(),
            layout.roundabouts.boxes(),
        )?;
        for (slot, p) in self.plans.iter().enumerate() {
            if let Some(points) = *p {
                let printed = edition.plans_of(layout).any(|c| {
                    c.stack as usize == slot + 1 && (c.first == points || c.second == points)
                }) || entered[slot].is_some_and(|v| v.contains(&points));
                if !printed {
                    return Err(SheetFileError::PlanPoints {
                        slot: slot + 1,
                        points,
                    });
                }
            }
        }
        let parks = std::array::from_fn(|s| self.streets.get(s).map_or(0, |st| st.parks));
        sheet.set_counts(
            parks,
            self.temps,
            self.real_estate,
            self.refusals,
            self.plans,
        );
        zombies::file::set_ammo(self, layout, &mut sheet)?;
        let dream = layout.has(Module::AmericanDream);
        if self.owed_columns > 0 {
            let open = (0..american_dream::columns(layout))
                .filter(|&c| sheet.column_race(c) == Race::Open)
                .count();
            if !dream || usize::from(self.owed_columns) > open {
                return Err(SheetFileError::Feature {
                    street: 1,
                    what: format!(
                        "{} column bonuses to cross off, but {open} are open",
                        self.owed_columns
                    ),
                });
            }
            sheet.set_owed_columns(self.owed_columns);
        }
        if self.owed > 0 {
            if !layout.has(crate::modules::module::Module::IceCream) && !dream {
                return Err(SheetFileError::Feature {
                    street: 1,
                    what: "only an Ice Cream or American Dream sheet owes crossed bonuses".into(),
                });
            }
            let open = if dream {
                (0..sheet.streets())
                    .filter(|&s| sheet.race(s) == Race::Open)
                    .count()
            } else {
                crate::modules::ice_cream::open_bonuses(layout, &sheet).count()
            };
            if usize::from(self.owed) > open {
                return Err(SheetFileError::Feature {
                    street: 1,
                    what: format!(
                        "{} bonuses to cross off, but only {open} are open",
                        self.owed
                    ),
                });
            }
            sheet.set_owed(self.owed);
        }
        Ok(sheet)
    }

    /// Bis numbers sit next to an equal number with no fence between (Ruling 6); equal
    /// neighbours need a bis mark.
    fn check_bis(&self, sheet: &Sheet, s: u8, bis_pairs_split: bool) -> Result<(), SheetFileError> {
        let street = s as usize + 1;
        let len = sheet.len(s);
        for i in 0..len {
            let h = HouseRef::new(s, i);
            let House::Number { value, bis } = sheet.house(h) else {
                continue;
            };
            let mut partner = false;
            for j in [i.wrapping_sub(1), i + 1] {
                if j >= len {
                    continue;
                }
                if sheet.number(HouseRef::new(s, j)) == Some(value) {
                    let slot = FenceRef::new(s, i.min(j));
                    if sheet.has_fence(slot) && !bis_pairs_split {
                        return Err(SheetFileError::FenceInBis {
                            street,
                            slot: slot.slot + 1,
                        });
                    }
                    partner = true;
                }
            }
            // A copy whose original a horde invaded stands beside its `Z` (Ruling X27).
            let invaded = |j: u8| j < len && sheet.is_invaded(HouseRef::new(s, j));
            if bis && !partner && !invaded(i.wrapping_sub(1)) && !invaded(i + 1) {
                return Err(SheetFileError::LoneBis {
                    street,
                    house: i as usize + 1,
                });
            }
        }
        // Equal numbers in one segment must form a run containing a bis copy.
        let mut prev: Option<(u8, u8, bool)> = None;
        // The house of the current run of equal numbers not marked bis: a run is one
        // original and its copies (spec §5, §7.6).
        let mut original: Option<u8> = None;
        for i in 0..len {
            let h = HouseRef::new(s, i);
            match sheet.house(h) {
                // An invaded house ends its run: `5B Z 5` is legal (Ruling X27).
                House::Roundabout | House::Invaded => prev = None,
                House::Empty => {}
                House::Number { value, bis } => {
                    if let Some((pi, pv, pbis)) = prev {
                        if pv == value && (!(bis || pbis) || pi + 1 != i) {
                            return Err(SheetFileError::Duplicate {
                                street,
                                a: pi as usize + 1,
                                b: i as usize + 1,
                                number: value,
                            });
                        }
                    }
                    if !matches!(prev, Some((pi, pv, _)) if pv == value && pi + 1 == i) {
                        original = None;
                    }
                    if !bis {
                        if let Some(o) = original {
                            return Err(SheetFileError::Duplicate {
                                street,
                                a: o as usize + 1,
                                b: i as usize + 1,
                                number: value,
                            });
                        }
                        original = Some(i);
                    }
                    prev = Some((i, value, bis));
                }
            }
        }
        // Every copy belongs to a run that holds its original.
        for i in 0..len {
            let House::Number { value, bis: true } = sheet.house(HouseRef::new(s, i)) else {
                continue;
            };
            let same = |j: u8| sheet.number(HouseRef::new(s, j)) == Some(value);
            let mut a = i;
            while a > 0 && same(a - 1) {
                a -= 1;
            }
            let mut b = i;
            while b + 1 < len && same(b + 1) {
                b += 1;
            }
            let invaded = |j: u8| j < len && sheet.is_invaded(HouseRef::new(s, j));
            let original = (a..=b).any(|j| {
                matches!(
                    sheet.house(HouseRef::new(s, j)),
                    House::Number { bis: false, .. }
                )
            }) || invaded(a.wrapping_sub(1))
                || invaded(b + 1);
            if !original {
                return Err(SheetFileError::BisWithoutOriginal {
                    street,
                    house: i as usize + 1,
                });
            }
        }
        Ok(())
    }
}

/// The module state of one street: circled cones (Ice Cream), ghosts (Halloween) or saucers
/// (Roswell) on numbered houses that show one, a truck only where the player chooses one, a
/// bonus only on a street with a truck.
fn check_street_features(
    layout: &SheetLayout,
    sheet: &mut Sheet,
    st: &StreetData,
    s: u8,
) -> Result<(), SheetFileError> {
    let street = s as usize + 1;
    let bad = |what: String| Err(SheetFileError::Feature { street, what });
    let trucks = &layout.streets[s as usize].trucks;
    if let Some(side) = st.truck {
        if trucks.len() != 2 {
            return bad("this street has no truck to choose".into());
        }
        sheet.set_choice(s, ice_cream::choice_value(side));
    } else if trucks.len() == 2 && sheet.numbered_mask(s) != 0 {
        return bad("a numbered street with two trucks needs the chosen truck".into());
    }
    let halloween = layout.has(crate::modules::module::Module::Halloween);
    let roswell = layout.has(crate::modules::module::Module::Roswell);
    let dream = layout.has(Module::AmericanDream);
    for &c in &st.circled {
        let h = HouseRef::new(s, c.wrapping_sub(1));
        let (feature, what) = if dream {
            (true, "house")
        } else if halloween {
            (
                crate::modules::halloween::is_ghost_candy(layout, h),
                "ghost",
            )
        } else if roswell {
            (crate::modules::roswell::is_saucer(layout, h), "saucer")
        } else {
            (layout.cone(s, h.house) > 0, "cone")
        };
        if !sheet.contains(h) || !feature || sheet.number(h).is_none() {
            return bad(format!("house {c} has no numbered {what} to circle"));
        }
        // A copy never infiltrates (Ruling X7), so a circled saucer is on a house of its own.
        if roswell && matches!(sheet.house(h), House::Number { bis: true, .. }) {
            return bad(format!(
                "house {c} is an Extension copy: a copy never infiltrates"
            ));
        }
        sheet.mark(h);
    }
    if let (Some(race), true) = (st.bonus, dream) {
        if race == Race::Won && !american_dream::street_complete(sheet, s) {
            return bad("the street bonus is circled but the street is not complete".into());
        }
        sheet.set_race(s, race);
    } else if let Some(race) = st.bonus {
        if trucks.is_empty() {
            return bad("this street has no end-of-route bonus".into());
        }
        if race == Race::Won && !ice_cream::route_finished(layout, sheet, s) {
            return bad("the bonus is circled but the route is not finished".into());
        }
        sheet.set_race(s, race);
    }
    Ok(())
}

fn check_track(track: String, found: u8, boxes: u8) -> Result<(), SheetFileError> {
    if found > boxes {
        Err(SheetFileError::Track {
            track,
            found,
            boxes,
        })
    } else {
        Ok(())
    }
}

impl SheetFile {
    /// A sheet file for `sheet` with the other players' temp counts (or solo).
    pub fn new(
        edition: &Edition,
        layout: &SheetLayout,
        sheet: &Sheet,
        solo: bool,
        temps_of_others: Vec<u8>,
    ) -> SheetFile {
        SheetFile {
            format: SHEET_FORMAT.into(),
            version: SHEET_VERSION,
            edition: edition.id.to_string(),
            sheet_id: layout.id,
            solo,
            temps_of_others,
            shelters_of_others: Vec::new(),
            sheet: SheetData::of(layout, sheet),
        }
    }

    /// Parses and checks a sheet file.
    pub fn from_json(text: &str) -> Result<SheetFile, SheetFileError> {
        let f: SheetFile = serde_json::from_str(text)
            .map_err(|e| SheetFileError::Json(explain(text, Wanted::SheetFile, &e)))?;
        if f.format != SHEET_FORMAT {
            return Err(SheetFileError::Format { found: f.format });
        }
        if f.version != SHEET_VERSION {
            return Err(SheetFileError::Version { found: f.version });
        }
        Ok(f)
    }

    /// JSON with one line per street, as easy to read and edit as the paper sheet.
    pub fn to_json(&self) -> String {
        fn one<T: Serialize>(v: &T) -> String {
            serde_json::to_string(v).unwrap_or_default()
        }
        let d = &self.sheet;
        let streets: Vec<String> = d
            .streets
            .iter()
            .map(|s| format!("      {}", one(s)))
            .collect();
        let sheet_id = if is_classic(&self.sheet_id) {
            String::new()
        } else {
            format!("  \"sheet_id\": {},\n", one(&self.sheet_id))
        };
        let shelters = if self.shelters_of_others.is_empty() {
            String::new()
        } else {
            format!(
                "  \"shelters_of_others\": {},\n",
                one(&self.shelters_of_others)
            )
        };
        format!(
            "{{\n  \"format\": {},\n  \"version\": {},\n  \"edition\": {},\n{sheet_id}  \"solo\": {},\n  \"temps_of_others\": {},\n{shelters}  \"sheet\": {{\n    \"streets\": [\n{}\n    ],\n    \"temps\": {},\n    \"real_estate\": {},\n    \"refusals\": {},\n    \"plans\": {}{}\n  }}\n}}\n",
            one(&self.format),
            self.version,
            one(&self.edition),
            self.solo,
            one(&self.temps_of_others),
            streets.join(",\n"),
            d.temps,
            one(&d.real_estate),
            d.refusals,
            one(&d.plans),
            extra(d),
        )
    }

    /// Every player's shelter capacities, this sheet's last; checks the others'.
    fn capacities(
        &self,
        layout: &SheetLayout,
        sheet: &Sheet,
    ) -> Result<Vec<Capacities>, SheetFileError> {
        let bad = |player: usize, what: String| SheetFileError::Shelters { player, what };
        if !self.shelters_of_others.is_empty() && !layout.has(Module::Atomic) {
            return Err(bad(1, format!("the {} sheet has no shelters", layout.name)));
        }
        if self.solo && !self.shelters_of_others.is_empty() {
            return Err(bad(1, "a solo sheet has no other players".into()));
        }
        let mut all = Vec::with_capacity(self.shelters_of_others.len() + 1);
        for (i, c) in self.shelters_of_others.iter().enumerate() {
            if c.len() != layout.streets.len() {
                return Err(bad(
                    i + 1,
                    format!(
                        "{} streets, the sheet has {}",
                        c.len(),
                        layout.streets.len()
                    ),
                ));
            }
            let mut caps: Capacities = [0; MAX_STREETS];
            for (s, (&v, st)) in c.iter().zip(&layout.streets).enumerate() {
                let most = st.shelters.len() as u16 * u16::from(MAX_NUMBER);
                if v > most {
                    return Err(bad(
                        i + 1,
                        format!(
                            "street {}: {v} is more than its shelters hold ({most})",
                            s + 1
                        ),
                    ));
                }
                caps[s] = v;
            }
            all.push(caps);
        }
        all.push(crate::modules::atomic::capacities(layout, sheet));
        Ok(all)
    }

    /// The edition, the checked sheet and its score.
    pub fn score(&self) -> Result<(Sheet, Score), SheetFileError> {
        let edition = Edition::by_id(&self.edition)
            .ok_or_else(|| SheetFileError::Edition(self.edition.clone()))?;
        let layout = edition
            .sheet(self.sheet_id)
            .ok_or_else(|| SheetFileError::Sheet {
                edition: self.edition.clone(),
                sheet: self.sheet_id.to_string(),
            })?;
        let sheet = self.sheet.to_sheet(edition, layout)?;
        if self.solo && !self.temps_of_others.is_empty() {
            return Err(SheetFileError::SoloWithOthers);
        }
        for (i, &t) in self.temps_of_others.iter().enumerate() {
            check_track(
                format!("temps of other player {}", i + 1),
                t,
                layout.temp_boxes,
            )?;
        }
        let mut all = self.temps_of_others.clone();
        all.push(sheet.temps());
        let capacities = self.capacities(layout, &sheet)?;
        let table = if self.solo {
            Temps::Solo.into()
        } else {
            Table {
                temps: Temps::Ranked(&all),
                shelters: Shelters::Ranked(&capacities),
            }
        };
        let score = Score::of(layout, &sheet, table);
        Ok((sheet, score))
    }
}

/// The sheet's optional fields as `to_json` writes them, one per line.
fn extra(d: &SheetData) -> String {
    let mut out = String::new();
    if d.owed > 0 {
        out += &format!(",\n    \"owed\": {}", d.owed);
    }
    if let Some(t) = &d.tiers {
        out += &format!(
            ",\n    \"tiers\": {}",
            serde_json::to_string(t).unwrap_or_default()
        );
    }
    if d.free_extensions > 0 {
        out += &format!(",\n    \"free_extensions\": {}", d.free_extensions);
    }
    if let Some(o) = d.objective {
        out += &format!(",\n    \"objective\": {o}");
    }
    if let Some(k) = &d.duck_scorings {
        out += &format!(
            ",\n    \"duck_scorings\": {}",
            serde_json::to_string(k).unwrap_or_default()
        );
    }
    if let Some(c) = &d.column_bonuses {
        out += &format!(
            ",\n    \"column_bonuses\": {}",
            serde_json::to_string(c).unwrap_or_default()
        );
    }
    if d.owed_columns > 0 {
        out += &format!(",\n    \"owed_columns\": {}", d.owed_columns);
    }
    if d.ammo_gained > 0 {
        out += &format!(",\n    \"ammo_gained\": {}", d.ammo_gained);
    }
    if d.ammo_used > 0 {
        out += &format!(",\n    \"ammo_used\": {}", d.ammo_used);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hand-written `to_json` keeps every field of the sheet: a file with every optional
    /// field set reads back equal.
    #[test]
    fn to_json_keeps_every_field() {
        let street = StreetData {
            houses: vec!["1".into(), "2b".into(), "R".into()],
            fences: vec![1],
            pools: vec![1],
            parks: 1,
            plan_houses: vec![1],
            circled: vec![2],
            truck: Some(Side::Left),
            bonus: Some(Race::Won),
            barricades: vec![1],
            hordes: [1, 2],
            slowed: [0, 1],
        };
        let file = SheetFile {
            format: SHEET_FORMAT.into(),
            version: SHEET_VERSION,
            edition: "collector".into(),
            sheet_id: crate::id::SheetId::new("roswell").unwrap(),
            solo: false,
            temps_of_others: vec![3],
            shelters_of_others: vec![vec![1, 2, 3]],
            sheet: SheetData {
                streets: vec![street],
                temps: 2,
                real_estate: [1, 0, 0, 0, 0, 2],
                refusals: 1,
                plans: [Some(8), None, Some(4)],
                owed: 1,
                tiers: Some(TiersData {
                    ghost: [Some(Race::Won), None, None],
                    candy: [None, Some(Race::Lost), None],
                    option: Some(2),
                }),
                free_extensions: 1,
                objective: Some(3),
                duck_scorings: Some([Some(4), None, Some(9)]),
                column_bonuses: Some(vec![None, Some(Race::Lost)]),
                owed_columns: 2,
                ammo_gained: 1,
                ammo_used: 2,
            },
        };
        let all = serde_json::to_value(&file).unwrap();
        for (k, v) in all["sheet"].as_object().unwrap() {
            assert!(!v.is_null(), "{k} is set");
        }
        assert_eq!(SheetFile::from_json(&file.to_json()).unwrap(), file);
    }
}
