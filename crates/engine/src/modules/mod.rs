//! Rule modules: a closed set of rules a sheet (or the advanced variant) switches on, one file
//! each, dispatched with `match`. Each hooks into the turn only where its rules need it: after
//! a number is written, a decision inside the turn, the end of a round across every seat, its
//! score row and its plan predicates.

pub mod american_dream;
pub mod atomic;
pub mod christmas;
pub mod coin_coin;
pub mod drawing;
pub mod easter;
pub mod expansion;
pub mod halloween;
pub mod ice_cream;
pub mod module;
pub mod roswell;
pub mod roundabouts;
pub mod zombies;

pub use module::{ChoiceKind, Module};

use crate::edition::{
    ColumnMeasure, DuckColour, EstateMeasure, Feature, ItemSet, SheetLayout, SheetMeasure,
    StreetTest,
};
use crate::score::row::ScoreRow;
use crate::sheet::Estate;
use crate::sheet::{HouseRef, Sheet};
use module::ModuleCard;

impl Module {
    /// Every rule module, in the order of the spec's sections: what a check over all modules
    /// walks (a new module joins here, and every `match` on `Module` then names it).
    pub const ALL: [Module; 10] = [
        Module::Roundabouts,
        Module::Easter,
        Module::IceCream,
        Module::Christmas,
        Module::Atomic,
        Module::Halloween,
        Module::Roswell,
        Module::CoinCoin,
        Module::AmericanDream,
        Module::Zombies,
    ];

    /// Checks the sheet data this module reads.
    pub fn check_layout(self, layout: &SheetLayout) -> Result<(), String> {
        match self {
            Module::Roundabouts
            | Module::Christmas
            | Module::Atomic
            | Module::Halloween
            | Module::Roswell
            | Module::CoinCoin
            | Module::AmericanDream
            | Module::Zombies => Ok(()),
            Module::Easter => easter::check_layout(layout),
            Module::IceCream => ice_cream::check_layout(layout),
        }
    }

    /// The decision writing a number in `house` asks for, if any.
    pub fn choice_needed(
        self,
        layout: &SheetLayout,
        sheet: &Sheet,
        house: HouseRef,
    ) -> Option<ChoiceKind> {
        match self {
            Module::IceCream => ice_cream::choice_needed(layout, sheet, house),
            Module::Roundabouts
            | Module::Easter
            | Module::Christmas
            | Module::Atomic
            | Module::Halloween
            | Module::Roswell
            | Module::CoinCoin
            | Module::AmericanDream
            | Module::Zombies => None,
        }
    }

    /// Right after a number (or a bis copy) is written in `house` (§1.5 step 3); `action` is
    /// the action the number came with (none for a copy).
    pub fn after_number(
        self,
        layout: &SheetLayout,
        sheet: &mut Sheet,
        house: HouseRef,
        action: Option<crate::card::Effect>,
    ) {
        match self {
            Module::IceCream => ice_cream::after_number(layout, sheet, house),
            Module::AmericanDream => american_dream::after_number(layout, sheet, house, action),
            Module::Roundabouts
            | Module::Easter
            | Module::Christmas
            | Module::Atomic
            | Module::Halloween
            | Module::Roswell
            | Module::CoinCoin
            | Module::Zombies => {}
        }
    }

    /// AAA solo: a Validation card of plan `letter` (0 = A) came up (collector expansions
    /// §n.6), whether or not the AAA validates. `halves` are the AAA's halves of the sheet's
    /// split boxes (`Aaa::halves`), `given` the cards given to it so far.
    pub fn on_validation(
        self,
        layout: &SheetLayout,
        sheet: &mut Sheet,
        halves: &mut [u8],
        given: &[crate::card::Card],
        letter: u8,
    ) {
        match self {
            Module::IceCream => ice_cream::on_validation(sheet),
            Module::Halloween => halloween::on_validation(sheet, letter),
            Module::Atomic => atomic::aaa_on_validation(layout, halves, letter, given),
            Module::CoinCoin => coin_coin::aaa_on_validation(layout, sheet, halves, given, letter),
            Module::AmericanDream => american_dream::on_validation(sheet),
            Module::Roundabouts
            | Module::Easter
            | Module::Christmas
            | Module::Roswell
            | Module::Zombies => {}
        }
    }

    /// AAA solo: the player built a roundabout in street `s` (collector expansions §6.6).
    pub fn on_roundabout(self, layout: &SheetLayout, halves: &mut [u8], s: u8) {
        match self {
            Module::Atomic => atomic::aaa_on_roundabout(layout, halves, s),
            Module::Roundabouts
            | Module::Easter
            | Module::IceCream
            | Module::Christmas
            | Module::Halloween
            | Module::Roswell
            | Module::CoinCoin
            | Module::AmericanDream
            | Module::Zombies => {}
        }
    }

    /// AAA solo: the AAA's halves of this sheet's split boxes at setup (empty when the sheet
    /// splits none).
    pub fn aaa_halves(self, layout: &SheetLayout) -> Vec<u8> {
        match self {
            Module::Atomic => atomic::aaa_setup(layout),
            Module::CoinCoin => vec![0; coin_coin::AAA_HALVES],
            Module::Roundabouts
            | Module::Easter
            | Module::IceCream
            | Module::Christmas
            | Module::Halloween
            | Module::Roswell
            | Module::AmericanDream
            | Module::Zombies => Vec::new(),
        }
    }

    /// AAA solo: the most one of the AAA's halves may hold (a table entering them is checked
    /// against it): an Atomic War shelter holds a number; Coin Coin's are its points at each
    /// duck scoring and two flags.
    pub fn aaa_half_most(self, layout: &SheetLayout) -> u8 {
        match self {
            Module::Atomic => atomic::aaa_setup(layout)
                .into_iter()
                .max()
                .unwrap_or(0)
                .max(crate::sheet::MAX_NUMBER),
            Module::CoinCoin => u8::MAX,
            Module::Roundabouts
            | Module::Easter
            | Module::IceCream
            | Module::Christmas
            | Module::Halloween
            | Module::Roswell
            | Module::AmericanDream
            | Module::Zombies => 0,
        }
    }

    /// AAA solo, level 1 and above: the rows this sheet's rules add to the AAA's score, from
    /// the cards `given` to it and the player's `sheet` (collector expansions §2.6, §3.6,
    /// §5.6…), one per row id of the module.
    pub fn aaa_rows(
        self,
        layout: &SheetLayout,
        scoring: &crate::aaa::cards::AaaScoring,
        given: &[crate::card::Card],
        halves: &[u8],
        sheet: &Sheet,
    ) -> Vec<crate::aaa::cards::AaaRow> {
        let rows: Vec<(i32, String)> = match self {
            // A Zombie card on the AAA's pile scores as a Barrière card (§8.6): no row.
            Module::Roundabouts | Module::Zombies => return Vec::new(),
            Module::Easter => vec![easter::aaa_eggs(layout, given)],
            Module::IceCream => vec![ice_cream::aaa_points(layout, given, sheet)],
            Module::Christmas => vec![christmas::aaa_lights(given)],
            Module::Atomic => vec![atomic::aaa_row(layout, halves, sheet)],
            Module::Halloween => vec![halloween::aaa_row(layout, sheet)],
            Module::Roswell => vec![roswell::aaa_row(layout, given)],
            Module::CoinCoin => vec![coin_coin::aaa_row(layout, halves, given)],
            Module::AmericanDream => {
                american_dream::aaa_rows(layout, scoring, given, sheet).to_vec()
            }
        };
        self.row_ids()
            .iter()
            .zip(rows)
            .map(|(id, (points, detail))| crate::aaa::cards::AaaRow {
                id: id.to_string(),
                points,
                detail,
            })
            .collect()
    }

    /// AAA solo, level 1 and above: which cards of the pile lie upside down (Roswell, §7.6),
    /// when the sheet turns any.
    pub fn aaa_face_down(self, given: &[crate::card::Card]) -> Option<Vec<bool>> {
        match self {
            Module::Roswell => Some(roswell::face_down(given)),
            Module::Roundabouts
            | Module::Easter
            | Module::IceCream
            | Module::Christmas
            | Module::Atomic
            | Module::Halloween
            | Module::CoinCoin
            | Module::AmericanDream
            | Module::Zombies => None,
        }
    }

    /// The cards the module adds to the game, in words (empty for most modules).
    pub fn cards(self) -> &'static [ModuleCard] {
        match self {
            Module::Zombies => &zombies::CARDS,
            Module::Roundabouts
            | Module::Easter
            | Module::IceCream
            | Module::Christmas
            | Module::Atomic
            | Module::Halloween
            | Module::Roswell
            | Module::CoinCoin
            | Module::AmericanDream => &[],
        }
    }

    /// AAA solo: a card the module adds to the AAA's pile beyond the deck, and at most how
    /// many of it (Zombies: each Zombie card that came up, §8.6 step 5).
    pub fn aaa_pile_card(self, layout: &SheetLayout) -> Option<(crate::card::Card, usize)> {
        match self {
            Module::Zombies => zombies::values(layout).map(|v| (zombies::AAA_CARD, v.cards.len())),
            Module::Roundabouts
            | Module::Easter
            | Module::IceCream
            | Module::Christmas
            | Module::Atomic
            | Module::Halloween
            | Module::Roswell
            | Module::CoinCoin
            | Module::AmericanDream => None,
        }
    }

    /// AAA solo: after a round, once the turn's card is given (Coin Coin: the scorings the
    /// player held are held for the AAA too).
    pub fn aaa_after_round(
        self,
        layout: &SheetLayout,
        sheet: &Sheet,
        halves: &mut [u8],
        given: &[crate::card::Card],
    ) {
        match self {
            Module::CoinCoin => coin_coin::aaa_after_round(layout, sheet, halves, given),
            Module::Roundabouts
            | Module::Easter
            | Module::IceCream
            | Module::Christmas
            | Module::Atomic
            | Module::Halloween
            | Module::Roswell
            | Module::AmericanDream
            | Module::Zombies => {}
        }
    }

    /// When every seat has finished the round, before the end of the game is checked.
    pub fn end_of_round(self, layout: &SheetLayout, sheets: &mut [Sheet]) {
        match self {
            Module::IceCream => ice_cream::settle_races(layout, sheets),
            Module::Halloween => halloween::settle(sheets),
            Module::CoinCoin => coin_coin::settle(layout, sheets),
            Module::AmericanDream => american_dream::settle(layout, sheets),
            Module::Roundabouts
            | Module::Easter
            | Module::Christmas
            | Module::Atomic
            | Module::Roswell
            | Module::Zombies => {}
        }
    }

    /// The module's score row `id` (one of `row_ids`), scored at `table`.
    pub fn score_row(
        self,
        layout: &SheetLayout,
        sheet: &Sheet,
        id: &str,
        table: crate::score::row::Table<'_>,
    ) -> Option<ScoreRow> {
        match (self, id) {
            (Module::Easter, _) => Some(easter::score_row(layout, sheet)),
            (Module::IceCream, _) => Some(ice_cream::score_row(layout, sheet)),
            (Module::Christmas, _) => Some(christmas::score_row(layout, sheet)),
            (Module::Halloween, _) => Some(halloween::score_row(layout, sheet)),
            (Module::Roswell, _) => Some(roswell::score_row(layout, sheet)),
            (Module::CoinCoin, _) => Some(coin_coin::score_row(layout, sheet)),
            (Module::AmericanDream, id) => Some(american_dream::score_row(layout, sheet, id)),
            (Module::Atomic, "shelters") => {
                Some(atomic::shelters_row(layout, sheet, table.shelters))
            }
            (Module::Atomic, "optimism") => {
                Some(atomic::optimism_row(layout, sheet, table.shelters))
            }
            (Module::Atomic | Module::Roundabouts | Module::Zombies, _) => None,
        }
    }

    /// Points of the module's rows on `sheet` (those of Atomic War against the `table`'s
    /// shelters); 0 for a module without a row.
    #[inline]
    pub fn points(
        self,
        layout: &SheetLayout,
        sheet: &Sheet,
        table: crate::score::row::Table<'_>,
    ) -> i32 {
        match self {
            Module::Easter => easter::points(layout, easter::total(layout, sheet)),
            Module::IceCream => (0..sheet.streets())
                .map(|s| ice_cream::street_points(layout, sheet, s))
                .sum(),
            Module::Christmas => (0..sheet.streets())
                .map(|s| christmas::longest_string(sheet, s) as i32)
                .sum(),
            Module::Atomic => atomic::points(layout, sheet, table.shelters),
            Module::Halloween => halloween::points(layout, sheet),
            Module::Roswell => roswell::points(layout, sheet),
            Module::CoinCoin => coin_coin::points(layout, sheet),
            Module::AmericanDream => american_dream::points(layout, sheet),
            Module::Roundabouts | Module::Zombies => 0,
        }
    }

    /// The ids of the module's score rows.
    pub fn row_ids(self) -> &'static [&'static str] {
        match self {
            Module::Roundabouts => &[],
            Module::Easter => &["eggs"],
            Module::IceCream => &["ice-cream"],
            Module::Christmas => &["lights"],
            Module::Atomic => &["shelters", "optimism"],
            Module::Halloween => &["candies"],
            Module::Roswell => &["infiltration"],
            Module::CoinCoin => &["ducks"],
            Module::AmericanDream => &["columns", "streets"],
            Module::Zombies => &[],
        }
    }

    /// The feature this module puts on the sheet, for plan predicates.
    pub fn feature(self) -> Option<Feature> {
        match self {
            Module::Roundabouts => None,
            Module::Easter => Some(Feature::Eggs),
            Module::IceCream => Some(Feature::Cones),
            Module::Christmas => Some(Feature::Links),
            Module::Atomic
            | Module::Halloween
            | Module::Roswell
            | Module::CoinCoin
            | Module::AmericanDream
            | Module::Zombies => None,
        }
    }
}

/// How much of `feature` the houses `start..start + len` of street `s` hold: collected eggs,
/// circled cones, or links between two of those houses.
pub fn feature_in(
    layout: &SheetLayout,
    sheet: &Sheet,
    feature: Feature,
    s: u8,
    start: u8,
    len: u8,
) -> u8 {
    let houses = start..start + len;
    match feature {
        Feature::Eggs => houses
            .map(|i| easter::collected(layout, sheet, HouseRef::new(s, i)))
            .sum(),
        Feature::Cones => houses
            .filter(|&i| sheet.is_marked(HouseRef::new(s, i)))
            .count() as u8,
        Feature::Links => (start..(start + len).saturating_sub(1))
            .filter(|&k| christmas::linked(sheet, s, k))
            .count() as u8,
    }
}

/// Whether street `s` has all of `feature`: every egg collected, every cone circled, every
/// slot linked. A street without that feature never has all of it.
pub fn street_complete(layout: &SheetLayout, sheet: &Sheet, feature: Feature, s: u8) -> bool {
    let len = sheet.len(s);
    match feature {
        Feature::Eggs => {
            let houses = (0..len).filter(|&i| layout.eggs(s, i) > 0);
            let mut any = false;
            for i in houses {
                any = true;
                if easter::collected(layout, sheet, HouseRef::new(s, i)) < layout.eggs(s, i) {
                    return false;
                }
            }
            any
        }
        Feature::Cones => {
            let cones: u16 = (0..len)
                .filter(|&i| layout.cone(s, i) > 0)
                .fold(0, |m, i| m | 1 << i);
            cones != 0 && sheet.marks_in(s) & cones == cones
        }
        Feature::Links => len > 1 && (0..len - 1).all(|k| christmas::linked(sheet, s, k)),
    }
}

/// An estate measure of the expansion plans (collector expansions §1.6).
pub fn estate_measure(layout: &SheetLayout, sheet: &Sheet, m: EstateMeasure, e: Estate) -> u8 {
    let f = |feature| feature_in(layout, sheet, feature, e.street, e.start, e.len);
    match m {
        EstateMeasure::Eggs => f(Feature::Eggs),
        EstateMeasure::ConesCircled => f(Feature::Cones),
        EstateMeasure::PoolsBuilt => sheet.pools_in_run(e),
        EstateMeasure::Shelters => {
            let run = (((1u32 << e.len) - 1) << e.start) as u16;
            (layout.shelters(e.street) & run).count_ones() as u8
        }
        EstateMeasure::Zoorgs => roswell::zoorgs_in(layout, sheet, e.street, e.start, e.len),
        EstateMeasure::DucklingsInside => coin_coin::inside(layout, sheet, e),
        EstateMeasure::Barricades => zombies::barricades_in(sheet, e.street, e.start, e.len),
        EstateMeasure::InnerLinks => f(Feature::Links),
        EstateMeasure::MiddleUnlinked => {
            if e.len & 1 == 0 {
                return 0;
            }
            let mid = e.start + e.len / 2;
            // Only the estate's own slots: its bounding fences never count (Ruling TR17).
            let left = mid > e.start && christmas::linked(sheet, e.street, mid - 1);
            let right = mid + 1 < e.start + e.len && christmas::linked(sheet, e.street, mid);
            u8::from(!left && !right)
        }
    }
}

/// A sheet-wide measure of the expansion plans.
pub fn sheet_measure(layout: &SheetLayout, sheet: &Sheet, m: SheetMeasure) -> u8 {
    match m {
        SheetMeasure::Eggs => easter::total(layout, sheet),
        SheetMeasure::Cones3Circled => sheet
            .all_houses()
            .filter(|h| sheet.is_marked(*h) && layout.cone(h.street, h.house) >= 3)
            .count() as u8,
        SheetMeasure::Ghosts => halloween::count(layout, sheet, crate::turn::Treat::Ghost),
        SheetMeasure::Candies => halloween::count(layout, sheet, crate::turn::Treat::Candy),
        SheetMeasure::YellowCircled => coin_coin::circled(layout, sheet, DuckColour::Yellow),
        SheetMeasure::BlackCircled => coin_coin::circled(layout, sheet, DuckColour::Black),
        SheetMeasure::Barricades => sheet.barricade_count(),
        SheetMeasure::AmmoUsed => sheet.ammo_used(),
        SheetMeasure::Invaded => sheet.invaded_count(),
        SheetMeasure::CapacityTotal => {
            atomic::total(&atomic::capacities(layout, sheet)).min(u8::MAX.into()) as u8
        }
    }
}

/// Whether street `s` passes `test`.
pub fn street_test(layout: &SheetLayout, sheet: &Sheet, test: StreetTest, s: u8) -> bool {
    match test {
        StreetTest::Linked => street_complete(layout, sheet, Feature::Links, s),
        StreetTest::ParksFull => layout
            .streets
            .get(s as usize)
            .is_some_and(|st| sheet.parks(s) >= st.parks.boxes()),
        StreetTest::AllEggs => street_complete(layout, sheet, Feature::Eggs, s),
        StreetTest::AllCones => street_complete(layout, sheet, Feature::Cones, s),
        StreetTest::ColoursCollected(n) => easter::colours_collected(layout, sheet, s) >= n,
        StreetTest::CapacityAtLeast(n) => atomic::capacity(layout, sheet, s) >= u16::from(n),
        StreetTest::AllGhosts => halloween::street_all(layout, sheet, s, crate::turn::Treat::Ghost),
        StreetTest::AllCandies => {
            halloween::street_all(layout, sheet, s, crate::turn::Treat::Candy)
        }
        StreetTest::AllSaucers => roswell::street_all(layout, sheet, s),
        StreetTest::AllDucklings => coin_coin::street_all(layout, sheet, s),
        StreetTest::AllBarricades => zombies::street_all(layout, sheet, s),
    }
}

/// A column measure of the expansion plans: column `c` is house c of every street.
pub fn column_measure(layout: &SheetLayout, sheet: &Sheet, m: ColumnMeasure, c: u8) -> u8 {
    match m {
        ColumnMeasure::Zoorgs => roswell::zoorgs_in_column(layout, sheet, c),
    }
}

/// The first item of `set` not in its target state, described; `None` when all are.
pub fn missing_item(layout: &SheetLayout, sheet: &Sheet, set: &ItemSet) -> Option<String> {
    match set {
        ItemSet::EggsOfColour(colour) => {
            for (s, st) in layout.streets.iter().enumerate() {
                for e in st.eggs.iter().filter(|e| &e.colour == colour) {
                    let h = HouseRef::new(s as u8, e.house.wrapping_sub(1));
                    if easter::collected(layout, sheet, h) < e.eggs {
                        return Some(format!("the {colour} egg of {h} is not collected"));
                    }
                }
            }
            None
        }
        ItemSet::GhostCandyHouses => halloween::missing_house(layout, sheet),
        ItemSet::StreetDucklings { street, colour } => {
            let s = street.wrapping_sub(1);
            if s >= sheet.streets() {
                return Some(format!("the sheet has no street {street}"));
            }
            coin_coin::missing_in(layout, sheet, *colour, s)
        }
        ItemSet::BetweenDucklings => coin_coin::missing_between(layout, sheet),
        ItemSet::Shelters => (0..sheet.streets()).find_map(|s| {
            let open = layout.shelters(s) & !sheet.numbered_mask(s);
            (open != 0).then(|| {
                let h = HouseRef::new(s, open.trailing_zeros() as u8);
                format!("the shelter of {h} is not built")
            })
        }),
    }
}
