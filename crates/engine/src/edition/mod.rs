//! An `Edition` is data: its construction deck, City Plan cards, Solo rules and player sheets
//! (`SheetLayout`), loaded from `data/editions/<edition>/edition.json` and
//! `data/editions/<edition>/sheets/*.json`, which `build.rs` finds and embeds. Numbers live
//! here; behaviour lives in code (rule modules, `crate::modules`). Every file says where its
//! values come from (`Provenance`).

use crate::card::{Card, Effect};
pub use crate::house::Side;
use crate::house::{MAX_ESTATE, MAX_HOUSES, MAX_NUMBER, MAX_STREETS};
use crate::id::{EditionId, SheetId};
use crate::modules::module::Module;
pub use crate::provenance::{Provenance, Status};
use serde::{Deserialize, Serialize};
// Each rule module's printed values, named here too: the sheet's layout holds them.
pub use crate::modules::american_dream::values::{ColumnMeasure, DreamValues, FamilyColour, Grid};
pub use crate::modules::atomic::values::AtomicValues;
pub use crate::modules::coin_coin::values::{
    BetweenDuckling, DuckColour, DuckParent, DuckValues, StreetDuckling,
};
pub use crate::modules::easter::values::{EggHouse, EggLoops};
pub use crate::modules::halloween::values::{Bonus, CandyTier, GhostTier, HalloweenValues};
pub use crate::modules::ice_cream::values::Cone;
pub use crate::modules::roswell::values::{Objective, RoswellValues};
pub use crate::modules::zombies::values::{
    Horde, ZombieCard, ZombieExpert, ZombiePacket, ZombieValues,
};

/// A scoring track: `values[k]` is the track's value after `k` crossings. The last value is printed
/// without a box, so a track has `values.len() - 1` crossable boxes (spec §0, track semantics).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Track(pub Vec<i32>);

impl Track {
    /// Number of crossable boxes.
    pub fn boxes(&self) -> u8 {
        (self.0.len().saturating_sub(1)) as u8
    }

    /// Current value after `crossed` crossings (clamped to the final value).
    #[inline]
    pub fn value(&self, crossed: u8) -> i32 {
        let i = (crossed as usize).min(self.0.len().saturating_sub(1));
        self.0.get(i).copied().unwrap_or(0)
    }
}

/// One street of the sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StreetLayout {
    /// Number of houses.
    pub houses: u8,
    /// Houses with a planned pool, 1-based (none on American Dream, which has no Classic
    /// track).
    #[serde(default)]
    pub pools: Vec<u8>,
    /// The street's park track.
    #[serde(default)]
    pub parks: Track,
    /// Egg houses (Easter).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub eggs: Vec<EggHouse>,
    /// Cones (Ice Cream).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cones: Vec<Cone>,
    /// Where the street's ice-cream truck is parked; two trucks mean the player picks one with
    /// their first number in the street (Ice Cream, Ruling TR7).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trucks: Vec<Side>,
    /// Shelter houses, 1-based (Atomic War): numbering one writes its capacity.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shelters: Vec<u8>,
    /// Houses showing a ghost and a candy, 1-based (Halloween): numbering one circles either.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ghost_candy: Vec<u8>,
    /// Houses under a flying saucer, 1-based (Roswell): a number written there may infiltrate.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub saucers: Vec<u8>,
    /// Ducklings sitting between two houses of the street (Coin Coin).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ducklings: Vec<StreetDuckling>,
    /// American Dream: each house's family, shown by the colour of the action it asks for; a
    /// number written with that action makes the house perfect.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub families: Vec<Effect>,
    /// Zombies: the houses printed without a barricade, 1-based (a horde arriving at any
    /// other house is stopped; the Barrière may build one there).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unbarricaded: Vec<u8>,
}

/// Temps in solo: at least `at_least` temps score `points`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SoloTemps {
    pub at_least: u8,
    pub points: i32,
}

/// A threshold of a points table: `at_least` of something scores `points`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Threshold {
    pub at_least: u8,
    pub points: i32,
}

/// One row of the total row, in the order printed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RowLabel {
    pub id: String,
    pub label: String,
}

/// A printed player sheet: streets, features, tracks, score rows, the rule modules it switches
/// on and its own City Plans.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetLayout {
    pub id: SheetId,
    pub name: String,
    /// A word for players about the sheet's data (e.g. that its layout is not known yet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    #[serde(default)]
    pub modules: Vec<Module>,
    pub provenance: Vec<Provenance>,
    pub streets: Vec<StreetLayout>,
    // The Classic tracks below are absent only from a sheet without them (American Dream,
    // collector expansions §10.1).
    #[serde(default)]
    pub pools: Track,
    #[serde(default)]
    pub temp_boxes: u8,
    /// Points for the highest, second and third temp counts (dense ranking, Ruling 3).
    #[serde(default)]
    pub temp_majority: Vec<i32>,
    #[serde(default)]
    pub solo_temps: SoloTemps,
    /// Real-estate column for estates of size 1, 2, … (index = size − 1).
    #[serde(default)]
    pub real_estate: Vec<Track>,
    #[serde(default)]
    pub bis: Track,
    #[serde(default)]
    pub roundabouts: Track,
    pub refusals: Track,
    /// Whether the sheet may be played with the Advanced variant (American Dream may not,
    /// collector expansions §1.2).
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub advanced: bool,
    /// How ties are broken on this sheet when it differs from its edition (American Dream:
    /// shared, Ruling X36).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tie_break: Option<TieBreakRule>,
    /// Easter: eggs each number can collect.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub egg_loops: Option<EggLoops>,
    /// Easter: points for the eggs collected, by threshold.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub egg_points: Vec<Threshold>,
    /// Atomic War: street bonuses, optimism and the AAA's first shelters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub atomic: Option<AtomicValues>,
    /// Halloween: the ghost and candy tiers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub halloween: Option<HalloweenValues>,
    /// Roswell: the infiltration objectives and points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roswell: Option<RoswellValues>,
    /// Coin Coin: the ducklings between streets and the parents.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ducks: Option<DuckValues>,
    /// Zombies: the Zombie cards, the hordes and the ammo.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zombies: Option<ZombieValues>,
    /// American Dream: the column and street bonuses and the house values. A sheet with them
    /// has no Classic track, no action and no estate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub american_dream: Option<DreamValues>,
    /// The 2023 expansion sheet this is (collector expansions §1.7), named by its rule
    /// module: that module's layout constraints are checked at load time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expansion: Option<Module>,
    /// The total row, in order.
    pub score_rows: Vec<RowLabel>,
    /// Plan stacks made only of this sheet's plans (Ruling TR2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub own_stacks: Vec<u8>,
    /// This sheet's own City Plans (ids unique in the edition).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub plans: Vec<PlanCard>,
    /// Per house: eggs printed (derived from `streets`).
    #[serde(skip)]
    pub(crate) egg_map: [[u8; MAX_HOUSES]; MAX_STREETS],
    /// Per house: scoops of its cone (derived from `streets`).
    #[serde(skip)]
    pub(crate) cone_map: [[u8; MAX_HOUSES]; MAX_STREETS],
    /// Per street: bit i set when house i has a shelter (derived from `streets`).
    #[serde(skip)]
    pub(crate) shelter_mask: [u16; MAX_STREETS],
    /// Per street: bit i set when house i shows a ghost and a candy (derived from `streets`).
    #[serde(skip)]
    pub(crate) gc_mask: [u16; MAX_STREETS],
    /// Per street: bit i set when house i is under a saucer (derived from `streets`).
    #[serde(skip)]
    pub(crate) saucer_mask: [u16; MAX_STREETS],
    /// Per street: bit i set when house i is printed without a barricade (Zombies; derived
    /// from `streets`).
    #[serde(skip)]
    pub(crate) open_mask: [u16; MAX_STREETS],
    /// Per colour (yellow, black) and street: bit k set when a duckling sits between houses
    /// k and k+1, 0-based (derived from `streets`).
    #[serde(skip)]
    pub(crate) duck_mask: [[u16; MAX_STREETS]; 2],
    /// Per number 0–17: eggs it can collect (derived from `egg_loops`).
    #[serde(skip)]
    pub(crate) loops: [u8; MAX_NUMBER as usize + 1],
    /// The rules of the sheet's edition (copied when the edition loads), so that everything
    /// that reads a layout reads its edition's rules too.
    #[serde(skip)]
    pub rules: EditionRules,
}

impl SheetLayout {
    /// Largest completed-estate size that scores (spec §8: 1 to 6).
    pub fn max_estate(&self) -> usize {
        self.real_estate.len()
    }

    /// Total number of houses on the sheet.
    pub fn houses(&self) -> usize {
        self.streets.iter().map(|s| s.houses as usize).sum()
    }

    /// Whether the sheet has the Classic tracks, actions and estates (every sheet but American
    /// Dream, collector expansions §10.1).
    pub fn classic(&self) -> bool {
        self.american_dream.is_none()
    }

    /// Whether a number is written with an action to use (every sheet but American Dream,
    /// where no action is ever used and the Temp never changes a number).
    pub fn has_actions(&self) -> bool {
        self.classic()
    }

    /// Whether the sheet switches `module` on.
    pub fn has(&self, module: Module) -> bool {
        self.modules.contains(&module)
    }

    /// Eggs printed on a house (0-based street and house).
    pub fn eggs(&self, street: u8, house: u8) -> u8 {
        self.egg_map
            .get(street as usize)
            .and_then(|r| r.get(house as usize))
            .copied()
            .unwrap_or(0)
    }

    /// Scoops of a house's cone, 0 without one.
    pub fn cone(&self, street: u8, house: u8) -> u8 {
        self.cone_map
            .get(street as usize)
            .and_then(|r| r.get(house as usize))
            .copied()
            .unwrap_or(0)
    }

    /// Shelter houses of street `s`, bit i for house i.
    pub fn shelters(&self, s: u8) -> u16 {
        self.shelter_mask.get(s as usize).copied().unwrap_or(0)
    }

    /// Ghost/candy houses of street `s`, bit i for house i (Halloween).
    pub fn ghost_candy(&self, s: u8) -> u16 {
        self.gc_mask.get(s as usize).copied().unwrap_or(0)
    }

    /// Street ducklings of `colour` in street `s`, bit k for the slot between houses k and
    /// k+1 (Coin Coin).
    pub fn ducklings(&self, colour: DuckColour, s: u8) -> u16 {
        self.duck_mask[colour as usize]
            .get(s as usize)
            .copied()
            .unwrap_or(0)
    }

    /// Saucer houses of street `s`, bit i for house i (Roswell).
    pub fn saucers(&self, s: u8) -> u16 {
        self.saucer_mask.get(s as usize).copied().unwrap_or(0)
    }

    /// Houses of street `s` printed without a barricade, bit i for house i (Zombies).
    pub fn unbarricaded(&self, s: u8) -> u16 {
        self.open_mask.get(s as usize).copied().unwrap_or(0)
    }

    /// Eggs a number can collect; a ¾ number collects as its whole part (9¾ as 9,
    /// collector expansions §11.3 item 4, Ruling X38).
    pub fn egg_loops_of(&self, number: u8) -> u8 {
        let number = crate::number::floor(number);
        self.loops.get(number as usize).copied().unwrap_or(0)
    }

    /// Whether any value of this sheet is a placeholder.
    pub fn has_placeholders(&self) -> bool {
        self.provenance
            .iter()
            .any(|p| p.status == Status::Placeholder)
    }

    /// The label of a score row, or its id.
    pub fn row_label<'a>(&'a self, id: &'a str) -> &'a str {
        self.score_rows
            .iter()
            .find(|r| r.id == id)
            .map_or(id, |r| r.label.as_str())
    }

    /// Parses a sheet file of an edition whose rules are `rules`: the sheet's own tie-break
    /// copied in, its per-house maps derived. Not checked yet (`Edition::check` does that).
    pub(crate) fn from_file(text: &str, rules: EditionRules) -> Result<SheetLayout, EditionError> {
        let mut l: SheetLayout =
            serde_json::from_str(text).map_err(|e| EditionError::SheetJson(e.to_string()))?;
        l.rules = rules;
        if let Some(t) = l.tie_break {
            l.rules.tie_break = t;
        }
        l.derive();
        Ok(l)
    }

    fn derive(&mut self) {
        for (s, st) in self.streets.iter().enumerate().take(MAX_STREETS) {
            for e in &st.eggs {
                if let Some(x) = self.egg_map[s].get_mut(e.house.wrapping_sub(1) as usize) {
                    *x = e.eggs;
                }
            }
            for c in &st.cones {
                if let Some(x) = self.cone_map[s].get_mut(c.house.wrapping_sub(1) as usize) {
                    *x = c.scoops;
                }
            }
            for &h in &st.shelters {
                if (1..=MAX_HOUSES as u8).contains(&h) {
                    self.shelter_mask[s] |= 1 << (h - 1);
                }
            }
            for &h in &st.ghost_candy {
                if (1..=MAX_HOUSES as u8).contains(&h) {
                    self.gc_mask[s] |= 1 << (h - 1);
                }
            }
            for &h in &st.saucers {
                if (1..=MAX_HOUSES as u8).contains(&h) {
                    self.saucer_mask[s] |= 1 << (h - 1);
                }
            }
            for &h in &st.unbarricaded {
                if (1..=MAX_HOUSES as u8).contains(&h) {
                    self.open_mask[s] |= 1 << (h - 1);
                }
            }
            for d in &st.ducklings {
                if (1..MAX_HOUSES as u8).contains(&d.slot) {
                    self.duck_mask[d.colour as usize][s] |= 1 << (d.slot - 1);
                }
            }
        }
        if let Some(l) = &self.egg_loops {
            for (n, x) in self.loops.iter_mut().enumerate() {
                let n = n as u8;
                *x = if l.two.contains(&n) {
                    2
                } else if l.one.contains(&n) {
                    1
                } else {
                    0
                };
            }
        }
    }
}

/// A sheet feature that plans count (thematic plans, §1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Feature {
    /// Collected eggs (Easter).
    Eggs,
    /// Circled cones (Ice Cream).
    Cones,
    /// Links between neighbouring houses (Christmas).
    Links,
}

impl Feature {
    pub fn noun(self) -> &'static str {
        match self {
            Feature::Eggs => "collected eggs",
            Feature::Cones => "circled cones",
            Feature::Links => "links",
        }
    }
}

/// What each estate of a thematic estate plan must hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Need {
    /// None of the feature (Ruling TR19; links: no inner link).
    None,
    /// At least this many (Ruling TR18).
    AtLeast(u8),
    /// Every inner slot linked (links only, Ruling TR17).
    All,
}

/// What a City Plan asks for (spec §3.2, §3.3; thematic §1.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlanCondition {
    /// One distinct completed, unused estate of each listed size.
    Estates(Vec<u8>),
    /// Every house of this street (1-based) filled, none used for a plan; locks the street.
    FullStreet(u8),
    /// At least this many houses written with the Bis effect in one street.
    BisInOneStreet(u8),
    /// At least this many temp boxes crossed.
    Temps(u8),
    /// First and last house of every street filled and unused; locks those houses.
    StreetEnds(bool),
    /// This many streets with their whole park track crossed.
    CompleteParks(u8),
    /// One street with all parks, all pools and at least one roundabout.
    ParksPoolsRoundabout(bool),
    /// This many streets with all their pools built.
    CompletePools(u8),
    /// This street (1-based): all parks and all pools.
    ParksAndPools(u8),
    /// Estates as `Estates`, each of which also holds `need` of `feature`.
    EstatesWith {
        sizes: Vec<u8>,
        feature: Feature,
        need: Need,
    },
    /// Every egg collected / cone circled / slot linked in one street: `street` (1-based), or
    /// any street when absent. Locks nothing (Ruling TR3).
    FeatureComplete {
        feature: Feature,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        street: Option<u8>,
    },
    /// Collector `Estates` (spec §11.2): distinct complete unlocked estates, one per
    /// requirement, within the scope; locks them.
    EstatesIn(EstatesIn),
    /// Collector `StreetEnds`: the estates holding the first and the last house of every
    /// street are complete, unlocked and of exactly this size; locks them.
    EndEstates(u8),
    /// At least this many park boxes crossed over all streets.
    ParksTotal(u8),
    /// At least this many park boxes crossed in every street.
    ParksEveryStreet(u8),
    /// At least this many improvement (real-estate) boxes crossed over all columns.
    ImprovementBoxes(u8),
    /// At least this many improvement columns fully crossed.
    FullImprovementColumns(u8),
    /// Sheet-wide measures, every comparison holding (expansions §1.6). Locks nothing.
    Count(Vec<Compare<SheetMeasure>>),
    /// Every item of the sets in its target state (expansions §1.6). Locks nothing.
    All(Vec<ItemSet>),
    /// Streets that each pass the tests (expansions §1.6). Locks nothing.
    InStreets(InStreets),
    /// Columns (house i of every street) that each pass every comparison (expansions §1.6).
    /// Locks nothing.
    InColumns(InColumns),
    /// An American Dream grid plan (expansions §10.5). Locks nothing.
    Grid(Grid),
}

/// An expansion plan over columns (Roswell RO-C5): at least `columns` columns pass `need`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InColumns {
    pub columns: u8,
    pub need: Vec<Compare<ColumnMeasure>>,
}

/// Where the estates of an `EstatesIn` plan lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Scope {
    Anywhere,
    /// This street (1-based).
    Street(u8),
    /// All in one street, which also holds `roundabouts` roundabouts or more.
    SameStreet,
}

/// One estate an `EstatesIn` plan asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EstateNeed {
    pub size: u8,
    /// Built pools it holds at least.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub pools: u8,
    /// Houses written with the Extension (bis) effect it holds at least (Ruling C15).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub extensions: u8,
    /// What else the estate must hold on its own (expansion plans, collector expansions §1.6).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub filters: Vec<Compare<EstateMeasure>>,
}

/// How a measure compares to a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Op {
    AtLeast,
    Exactly,
    AtMost,
}

impl Op {
    pub fn holds(self, have: u8, n: u8) -> bool {
        match self {
            Op::AtLeast => have >= n,
            Op::Exactly => have == n,
            Op::AtMost => have <= n,
        }
    }

    fn words(self, n: u8) -> String {
        match (self, n) {
            (Op::AtMost | Op::Exactly, 0) => "no".into(),
            (Op::AtLeast, _) => format!("at least {n}"),
            (Op::Exactly, _) => format!("exactly {n}"),
            (Op::AtMost, _) => format!("at most {n}"),
        }
    }
}

/// A measure compared to a number: `measure op n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Compare<M> {
    pub measure: M,
    pub op: Op,
    pub n: u8,
}

/// A measure over the houses of one estate (collector expansions §1.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EstateMeasure {
    /// Eggs collected in its houses (Easter).
    Eggs,
    /// Circled cones on its houses (Ice Cream).
    ConesCircled,
    /// Built pools in its houses.
    PoolsBuilt,
    /// Linked slots between two of its houses (Christmas).
    InnerLinks,
    /// 1 if its size is odd and neither slot beside its middle house is linked (Christmas).
    MiddleUnlinked,
    /// Shelter houses in it (Atomic War).
    Shelters,
    /// Circled saucers in its houses (Roswell).
    Zoorgs,
    /// Circled street ducklings whose slot lies between two of its houses (Coin Coin).
    DucklingsInside,
    /// Barricades the player built in front of its houses (Zombies).
    Barricades,
}

impl EstateMeasure {
    fn noun(self) -> &'static str {
        match self {
            EstateMeasure::Eggs => "eggs collected",
            EstateMeasure::ConesCircled => "circled cones",
            EstateMeasure::PoolsBuilt => "built pools",
            EstateMeasure::InnerLinks => "links inside",
            EstateMeasure::MiddleUnlinked => "unlinked middle house",
            EstateMeasure::Shelters => "shelters",
            EstateMeasure::Zoorgs => "circled saucers",
            EstateMeasure::DucklingsInside => "circled ducklings inside",
            EstateMeasure::Barricades => "barricades built",
        }
    }
}

/// A measure over the whole sheet (collector expansions §1.6, `Count`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SheetMeasure {
    /// Eggs collected (Easter).
    Eggs,
    /// Circled 3-scoop cones (Ice Cream).
    Cones3Circled,
    /// The capacity of every shelter together (Atomic War).
    CapacityTotal,
    /// Circled ghosts (Halloween).
    Ghosts,
    /// Circled candies (Halloween).
    Candies,
    /// Circled yellow ducklings (Coin Coin).
    YellowCircled,
    /// Circled black ducklings (Coin Coin).
    BlackCircled,
    /// Barricades built (Zombies).
    Barricades,
    /// Ammo used to slow a horde (Zombies; ammo gained does not count).
    AmmoUsed,
    /// Invaded houses (Zombies).
    Invaded,
}

impl SheetMeasure {
    pub fn noun(self) -> &'static str {
        match self {
            SheetMeasure::Eggs => "eggs collected",
            SheetMeasure::Cones3Circled => "circled 3-scoop cones",
            SheetMeasure::CapacityTotal => "total shelter capacity",
            SheetMeasure::Ghosts => "circled ghosts",
            SheetMeasure::Candies => "circled candies",
            SheetMeasure::YellowCircled => "circled yellow ducklings",
            SheetMeasure::BlackCircled => "circled black ducklings",
            SheetMeasure::Barricades => "barricades built",
            SheetMeasure::AmmoUsed => "ammo used",
            SheetMeasure::Invaded => "invaded houses",
        }
    }
}

/// A set of printed items that an `All` plan wants in their target state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum ItemSet {
    /// Every egg of this colour collected (Easter).
    EggsOfColour(String),
    /// Every shelter built: its house numbered (Atomic War).
    Shelters,
    /// Every ghost/candy house numbered, a ghost or a candy circled on it (Halloween).
    GhostCandyHouses,
    /// Every street duckling of this colour in this street (1-based) circled (Coin Coin).
    StreetDucklings { street: u8, colour: DuckColour },
    /// Every duckling between two streets circled (Coin Coin).
    BetweenDucklings,
}

/// What one street must satisfy for an `InStreets` plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum StreetTest {
    /// Every slot linked: every house numbered and joined in one string (Christmas).
    Linked,
    /// Every park box crossed.
    ParksFull,
    /// Every egg of the street collected (Easter).
    AllEggs,
    /// Every cone of the street circled (Ice Cream).
    AllCones,
    /// Collected eggs of at least this many colours (Easter).
    ColoursCollected(u8),
    /// Shelter capacity of at least this much (Atomic War).
    CapacityAtLeast(u8),
    /// Every ghost/candy house with its ghost circled (Halloween).
    AllGhosts,
    /// Every ghost/candy house with its candy circled (Halloween).
    AllCandies,
    /// Every saucer circled (Roswell).
    AllSaucers,
    /// Every duckling of the street circled (Coin Coin; ducklings between streets belong to
    /// no street).
    AllDucklings,
    /// Every house printed without a barricade has one built (Zombies).
    AllBarricades,
}

impl StreetTest {
    fn words(self) -> String {
        match self {
            StreetTest::Linked => "every house joined in one string".into(),
            StreetTest::ParksFull => "every park built".into(),
            StreetTest::AllEggs => "every egg collected".into(),
            StreetTest::AllCones => "every cone circled".into(),
            StreetTest::ColoursCollected(n) => format!("eggs of {n} colours collected"),
            StreetTest::CapacityAtLeast(n) => format!("shelter capacity {n} or more"),
            StreetTest::AllGhosts => "every ghost circled".into(),
            StreetTest::AllCandies => "every candy circled".into(),
            StreetTest::AllSaucers => "every saucer circled".into(),
            StreetTest::AllDucklings => "every duckling circled".into(),
            StreetTest::AllBarricades => "every barricade built".into(),
        }
    }
}

/// Which streets an `InStreets` plan needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Streets {
    /// Every street of the sheet.
    Every,
    /// At least this many distinct streets.
    AtLeast(u8),
    /// This street (1-based).
    Street(u8),
}

/// An expansion plan over streets (collector expansions §1.6, `InStreets`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InStreets {
    pub streets: Streets,
    /// Every test holds in each street counted.
    pub tests: Vec<StreetTest>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// The collector edition's estate condition (spec §11.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EstatesIn {
    pub scope: Scope,
    pub estates: Vec<EstateNeed>,
    /// With `SameStreet`: roundabouts the street holds at least.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub roundabouts: u8,
}

impl PlanCondition {
    /// The estate sizes the plan names, if the claim names its estates.
    pub fn estate_sizes(&self) -> Option<Vec<u8>> {
        match self {
            PlanCondition::Estates(s) | PlanCondition::EstatesWith { sizes: s, .. } => {
                Some(s.clone())
            }
            PlanCondition::EstatesIn(e) => Some(e.estates.iter().map(|n| n.size).collect()),
            _ => None,
        }
    }

    /// The street (1-based) the condition names, if any.
    pub fn street(&self) -> Option<u8> {
        match self {
            PlanCondition::FullStreet(n) | PlanCondition::ParksAndPools(n) => Some(*n),
            PlanCondition::FeatureComplete { street, .. } => *street,
            PlanCondition::InStreets(InStreets {
                streets: Streets::Street(n),
                ..
            }) => Some(*n),
            PlanCondition::EstatesIn(EstatesIn {
                scope: Scope::Street(n),
                ..
            }) => Some(*n),
            _ => None,
        }
    }
}

/// A City Plan card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanCard {
    pub id: u8,
    /// The printed name where the edition names its cards (collector: "A★1", "B-P2").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Stack n°1, n°2 or n°3.
    pub stack: u8,
    /// Advanced plans (★) are used only in the advanced variant.
    pub advanced: bool,
    pub condition: PlanCondition,
    /// Score for the first player(s) to validate it.
    pub first: u8,
    /// Score for everyone later.
    pub second: u8,
    /// The sheet this plan belongs to (thematic plans); set when the edition loads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sheet: Option<SheetId>,
}

impl PlanCard {
    /// A one-line description for people.
    pub fn describe(&self) -> String {
        let sizes = |sizes: &[u8]| {
            let list: Vec<String> = sizes.iter().map(|s| s.to_string()).collect();
            list.join(", ")
        };
        match &self.condition {
            PlanCondition::Estates(s) => format!("estates of sizes {}", sizes(s)),
            PlanCondition::FullStreet(s) => format!("every house of street {s} built"),
            PlanCondition::BisInOneStreet(n) => format!("{n} bis houses in one street"),
            PlanCondition::Temps(n) => format!("{n} temps hired"),
            PlanCondition::StreetEnds(_) => "first and last house of every street built".into(),
            PlanCondition::CompleteParks(n) => format!("all parks of {n} streets"),
            PlanCondition::ParksPoolsRoundabout(_) => {
                "one street with all parks, all pools and a roundabout".into()
            }
            PlanCondition::CompletePools(n) => format!("all pools of {n} streets"),
            PlanCondition::ParksAndPools(s) => format!("all parks and pools of street {s}"),
            PlanCondition::EstatesWith {
                sizes: s,
                feature,
                need,
            } => {
                let each = match (need, feature) {
                    (Need::None, Feature::Links) => "no link inside".to_string(),
                    (Need::None, f) => format!("no {}", f.noun()),
                    (Need::AtLeast(n), f) => format!("at least {n} {}", f.noun()),
                    (Need::All, _) => "every house linked".to_string(),
                };
                format!("estates of sizes {}, each with {each}", sizes(s))
            }
            PlanCondition::FeatureComplete { feature, street } => {
                let what = match feature {
                    Feature::Eggs => "every egg collected",
                    Feature::Cones => "every cone circled",
                    Feature::Links => "every house linked",
                };
                match street {
                    Some(s) => format!("{what} in street {s}"),
                    None => format!("{what} in one street"),
                }
            }
            PlanCondition::EstatesIn(e) => {
                let list: Vec<String> = e
                    .estates
                    .iter()
                    .map(|n| {
                        let mut t = format!("{}", n.size);
                        let mut with = Vec::new();
                        if n.pools > 0 {
                            with.push(format!("{} pool{}", n.pools, plural(n.pools)));
                        }
                        if n.extensions > 0 {
                            with.push(format!(
                                "{} extension{}",
                                n.extensions,
                                plural(n.extensions)
                            ));
                        }
                        for f in &n.filters {
                            with.push(format!("{} {}", f.op.words(f.n), f.measure.noun()));
                        }
                        if !with.is_empty() {
                            t += &format!(" (with {})", with.join(" and "));
                        }
                        t
                    })
                    .collect();
                let mut text = format!("estates of sizes {}", list.join(", "));
                match e.scope {
                    Scope::Anywhere => {}
                    Scope::Street(s) => text += &format!(" in street {s}"),
                    Scope::SameStreet => {
                        text += " in one street";
                        if e.roundabouts > 0 {
                            text += &format!(
                                " with {} roundabout{}",
                                e.roundabouts,
                                plural(e.roundabouts)
                            );
                        }
                    }
                }
                text
            }
            PlanCondition::EndEstates(n) => {
                format!("an estate of size {n} at both ends of every street")
            }
            PlanCondition::ParksTotal(n) => format!("{n} parks"),
            PlanCondition::ParksEveryStreet(n) => format!("{n} parks in every street"),
            PlanCondition::ImprovementBoxes(n) => format!("{n} improvements"),
            PlanCondition::FullImprovementColumns(n) => {
                format!("{n} improvement columns fully crossed")
            }
            PlanCondition::Count(list) => list
                .iter()
                .map(|c| format!("{} {}", c.op.words(c.n), c.measure.noun()))
                .collect::<Vec<_>>()
                .join(" and "),
            PlanCondition::All(sets) => {
                let list: Vec<String> = sets
                    .iter()
                    .map(|s| match s {
                        ItemSet::EggsOfColour(c) => format!("every {c} egg collected"),
                        ItemSet::Shelters => "every shelter built".into(),
                        ItemSet::GhostCandyHouses => "every ghost/candy house numbered".into(),
                        ItemSet::StreetDucklings { street, colour } => format!(
                            "every {} duckling of street {street} circled",
                            if *colour == DuckColour::Yellow {
                                "yellow"
                            } else {
                                "black"
                            }
                        ),
                        ItemSet::BetweenDucklings => {
                            "every duckling between the streets circled".into()
                        }
                    })
                    .collect();
                list.join(" and ")
            }
            PlanCondition::InStreets(i) => {
                let tests: Vec<String> = i.tests.iter().map(|t| t.words()).collect();
                let tests = tests.join(" and ");
                match i.streets {
                    Streets::Every => format!("in every street, {tests}"),
                    Streets::AtLeast(1) => format!("in one street, {tests}"),
                    Streets::AtLeast(n) => format!("in {n} streets, {tests}"),
                    Streets::Street(n) => format!("in street {n}, {tests}"),
                }
            }
            PlanCondition::Grid(g) => g.words(),
            PlanCondition::InColumns(c) => {
                let need: Vec<String> = c
                    .need
                    .iter()
                    .map(|m| format!("{} {}", m.op.words(m.n), m.measure.noun()))
                    .collect();
                format!("in {} columns, {} each", c.columns, need.join(" and "))
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckEntry {
    #[serde(with = "crate::number::serde_code")]
    number: u8,
    effect: Effect,
    count: u8,
}

fn plural(n: u8) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Solo setup data (spec §10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SoloRules {
    /// The Solo card is shuffled among the last `bottom_part` cards of the pile.
    pub bottom_part: usize,
}

/// How the standard game's combinations are dealt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dealer {
    /// One deck in three stacks with a common discard (1st edition, Ruling 14).
    #[default]
    Stacks,
    /// Three piles of a third of the deck each, every pile reshuffling its own discard when it
    /// runs out (collector edition, Ruling C1).
    Piles,
}

/// How ties between equal totals are broken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TieBreakRule {
    /// More completed estates, then more of size 1, 2, … 6 (1st edition, Ruling 16).
    #[default]
    EstatesThenSizes,
    /// More complete estates of any size, then shared (collector edition, Ruling C18).
    Estates,
    /// Equal totals share the victory (American Dream, Ruling X36).
    Shared,
}

/// Rules that differ between editions, as data (see `rules-choices.md`). Every field defaults
/// to the 1st edition's rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditionRules {
    /// Ruling 6: a bis copy may be written across a fence and a fence may split a bis pair
    /// (the 2023 edition); the 1st edition forbids both.
    #[serde(default)]
    pub bis_pairs_split: bool,
    /// Ruling C4: the Temp effect is optional like every effect (the number is written
    /// unchanged and no box is crossed when it is passed); in the 1st edition a Temp
    /// combination always crosses a box (Ruling 2).
    #[serde(default)]
    pub temp_optional: bool,
    /// Ruling C8: a completed run of 7 houses or more is a complete estate that scores 0 but
    /// counts in the tie-break; in the 1st edition it is no estate (Ruling 9).
    #[serde(default)]
    pub long_estates_complete: bool,
    #[serde(default)]
    pub tie_break: TieBreakRule,
    /// Ruling 13 (1st edition) against C16 (collector: none).
    #[serde(default = "yes")]
    pub first_plan_reshuffle: bool,
    #[serde(default)]
    pub dealer: Dealer,
    /// The expert pass direction the rules fix (collector: left, Ruling C19); `None` lets the
    /// table choose (1st edition, Ruling 26).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expert_pass: Option<crate::setup::PassDirection>,
    /// Expert: cards each seat draws at setup before the first turn's draws (collector: 1,
    /// then 2 per turn, Ruling C19); 0 deals the whole first hand in the first turn.
    #[serde(default)]
    pub expert_first_hand: u8,
    /// Plans are named A, B, C rather than n°1, n°2, n°3.
    #[serde(default)]
    pub plan_letters: bool,
    #[serde(default)]
    pub solo: SoloKind,
    /// Rulings C19 and C26: the single draw pile of the solo and expert games lies action
    /// face up, so the next card's action is public.
    #[serde(default)]
    pub pile_face_up: bool,
}

/// What the solo game plays against.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SoloKind {
    /// The Solo card (1st edition, spec §10).
    #[default]
    SoloCard,
    /// The AAA automa (collector edition, spec §15).
    Aaa,
}

fn is_true(b: &bool) -> bool {
    *b
}

fn yes() -> bool {
    true
}

impl Default for EditionRules {
    fn default() -> EditionRules {
        EditionRules {
            bis_pairs_split: false,
            temp_optional: false,
            long_estates_complete: false,
            tie_break: TieBreakRule::EstatesThenSizes,
            first_plan_reshuffle: true,
            dealer: Dealer::Stacks,
            expert_pass: None,
            expert_first_hand: 0,
            plan_letters: false,
            solo: SoloKind::SoloCard,
            pile_face_up: false,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EditionData {
    id: EditionId,
    name: String,
    default_sheet: SheetId,
    provenance: Vec<Provenance>,
    #[serde(default)]
    rules: EditionRules,
    deck: Vec<DeckEntry>,
    /// The 9¾ cards a table may add to the deck (collector expansions §11).
    #[serde(default)]
    nine_three_quarters: Vec<DeckEntry>,
    #[serde(default)]
    deck_counts: Option<DeckCounts>,
    plans: Vec<PlanCard>,
    solo: SoloRules,
    #[serde(default)]
    aaa: Option<crate::aaa::cards::AaaRules>,
}

/// The printed counts a deck must match whatever its number/effect pairing (collector §2.1,
/// verified), so that a corrected data file can change the pairing but not the deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckCounts {
    /// Cards numbered 1, 2, … (index = number − 1).
    pub per_number: Vec<u8>,
    pub per_effect: Vec<EffectCount>,
    /// The 9¾ cards (collector expansions §11.2: 3), all numbered 9¾.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub nine_three_quarters: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EffectCount {
    pub effect: Effect,
    pub count: u8,
}

/// A complete edition: deck, plans and sheets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edition {
    pub id: EditionId,
    pub name: String,
    pub provenance: Vec<Provenance>,
    pub rules: EditionRules,
    /// Every construction card, one entry per physical card.
    pub deck: Vec<Card>,
    /// The 9¾ cards a table may add to the deck (collector expansions §11, the option
    /// `Options::nine_three_quarters`); empty in an edition without them.
    pub nine_three_quarters: Vec<Card>,
    /// The edition's plans followed by every sheet's own plans.
    pub plans: Vec<PlanCard>,
    pub solo: SoloRules,
    /// The AAA automa's cards (editions whose solo game is the AAA, §15).
    pub aaa: Option<crate::aaa::cards::AaaRules>,
    /// The sheets, the default one first.
    pub sheets: Vec<SheetLayout>,
}

/// Why edition data is unusable.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum EditionError {
    #[error("edition data is not valid JSON: {0}")]
    Json(String),
    #[error("sheet data is not valid JSON: {0}")]
    SheetJson(String),
    #[error("edition data is inconsistent: {0}")]
    Inconsistent(String),
}

impl EditionError {
    pub fn code(&self) -> &'static str {
        match self {
            EditionError::Json(_) | EditionError::SheetJson(_) => "edition_json",
            EditionError::Inconsistent(_) => "edition_inconsistent",
        }
    }
}

impl Edition {
    /// The construction cards a game deals from: the edition's deck, with its 9¾ cards when
    /// the table adds them (collector expansions §11, X33).
    pub fn deck_with(&self, nine_three_quarters: bool) -> Vec<Card> {
        let mut deck = self.deck.clone();
        if nine_three_quarters {
            deck.extend_from_slice(&self.nine_three_quarters);
        }
        deck
    }

    /// How many construction cards `deck_with` holds.
    pub fn deck_len(&self, nine_three_quarters: bool) -> usize {
        self.deck.len()
            + if nine_three_quarters {
                self.nine_three_quarters.len()
            } else {
                0
            }
    }

    /// The sheet with this id.
    pub fn sheet(&self, id: SheetId) -> Option<&SheetLayout> {
        self.sheets.iter().find(|s| s.id == id)
    }

    /// The sheet played when none is named.
    pub fn default_sheet(&self) -> &SheetLayout {
        &self.sheets[0]
    }

    /// The plan card with this id.
    pub fn plan(&self, id: u8) -> Option<&PlanCard> {
        self.plans.iter().find(|p| p.id == id)
    }

    /// The plans that can be dealt with `sheet` (Ruling TR2): the sheet's own plans in its own
    /// stacks, the edition's plans in the others; never another sheet's.
    pub fn plans_of<'a>(&'a self, sheet: &'a SheetLayout) -> impl Iterator<Item = &'a PlanCard> {
        self.plans.iter().filter(move |p| match p.sheet {
            Some(id) => id == sheet.id,
            None => !sheet.own_stacks.contains(&p.stack),
        })
    }

    /// Whether plan `card` may be plan n°`stack` with `sheet`, with or without the advanced
    /// plans.
    pub fn plan_allowed(&self, sheet: &SheetLayout, card: &PlanCard, advanced: bool) -> bool {
        (advanced || !card.advanced) && self.plans_of(sheet).any(|p| p.id == card.id)
    }
}

mod load;
pub use load::InstallError;
