//! An `Edition` is data: its construction deck, City Plan cards, Solo rules and player sheets
//! (`SheetLayout`), loaded from `data/editions/<edition>/edition.json` and
//! `data/editions/<edition>/sheets/*.json`, which `build.rs` finds and embeds. Numbers live
//! here; behaviour lives in code (rule modules, `crate::modules`). Every file says where its
//! values come from (`Provenance`).

use crate::card::{Card, Effect};
use crate::id::{EditionId, SheetId};
use crate::modules::Module;
use crate::sheet::{HouseRef, MAX_ESTATE, MAX_HOUSES, MAX_NUMBER, MAX_STREETS};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{LazyLock, OnceLock};

include!(concat!(env!("OUT_DIR"), "/editions.rs"));

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

/// Whether a value is known from the printed game or stands in until it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Verified,
    Placeholder,
}

/// Where a group of values comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    /// Which values of the file this covers.
    pub what: String,
    pub status: Status,
    /// The specification section and its sources.
    pub source: String,
}

/// An egg house (Easter).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EggHouse {
    /// 1-based house.
    pub house: u8,
    pub eggs: u8,
    /// For drawing only; no rule uses it.
    pub colour: String,
}

/// An ice-cream cone (Ice Cream).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cone {
    /// 1-based house.
    pub house: u8,
    pub scoops: u8,
}

/// A street end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    Left,
    Right,
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

/// A duckling's family (Coin Coin).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DuckColour {
    Yellow,
    Black,
}

/// A duckling between houses `slot` and `slot + 1` of its street (1-based, like fences).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StreetDuckling {
    pub slot: u8,
    pub colour: DuckColour,
}

/// A duckling between two streets, joining house `upper` to house `lower` (Coin Coin).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BetweenDuckling {
    pub upper: HouseRef,
    pub lower: HouseRef,
    pub colour: DuckColour,
}

/// A duck parent and the houses it touches (Coin Coin).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DuckParent {
    pub colour: DuckColour,
    pub touches: Vec<HouseRef>,
}

/// Coin Coin's ducks off the streets: ducklings between streets and the parents
/// (collector expansions §9.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DuckValues {
    pub between: Vec<BetweenDuckling>,
    pub parents: Vec<DuckParent>,
    /// AAA solo, level 1+: the cards given per point the AAA scores at each duck scoring.
    pub aaa_cards_per_point: u8,
}

/// A bonus a Halloween ghost tier gives (collector expansions §4.3 step 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Bonus {
    /// Circle a pool picture not yet circled and cross a pool box.
    Pool,
    /// Cross the next park box of a street.
    Park,
    /// An Extension action that crosses no extension box.
    Extension,
}

/// A Halloween ghost tier: reached with exactly `need` ghosts (or more, if a higher tier's
/// count), it gives one of two bonus options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GhostTier {
    pub need: u8,
    pub options: Vec<Vec<Bonus>>,
}

/// A Halloween candy tier: `points` at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CandyTier {
    pub need: u8,
    pub points: i32,
}

/// Halloween's tiers (collector expansions §4.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HalloweenValues {
    pub ghost_tiers: Vec<GhostTier>,
    pub candy_tiers: Vec<CandyTier>,
    /// AAA solo, level 1+: the AAA's points per tier crossed off on the player's sheet.
    pub aaa_per_crossed_tier: i32,
}

/// What a Zombie card sets moving (collector expansions §8.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ZombieCard {
    /// The three hordes at the left ends of the streets move right.
    #[default]
    Left,
    /// The three hordes at the right ends move left.
    Right,
    /// All six move.
    Both,
}

impl ZombieCard {
    /// Whether the horde at `side` of its street moves for this card.
    pub fn moves(self, side: Side) -> bool {
        matches!(
            (self, side),
            (ZombieCard::Both, _)
                | (ZombieCard::Left, Side::Left)
                | (ZombieCard::Right, Side::Right)
        )
    }
}

/// A horde at one end of a street (Zombies): each of its printed arrows ends at a house, in
/// order; a Zombie card that moves it traces the next one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Horde {
    /// The street (1-based).
    pub street: u8,
    /// The end it starts from.
    pub side: Side,
    /// The house each arrow ends at, 1-based, in order.
    pub arrivals: Vec<u8>,
}

/// Zombies' printed layout and values (collector expansions §8.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZombieValues {
    /// The Zombie cards, one shuffled into each packet of pile 1.
    pub cards: Vec<ZombieCard>,
    /// Construction cards in each packet of pile 1 (10).
    pub packet: u8,
    /// The hordes, at most one per street end.
    pub hordes: Vec<Horde>,
    /// Ammo circled at the start of the game.
    pub ammo_start: u8,
    /// Ammo the stock holds, the circled ones included.
    pub ammo_stock: u8,
    /// Improvement boxes that carry an ammo icon: `[estate size, box]`, both 1-based.
    pub ammo_boxes: Vec<[u8; 2]>,
    /// The expert variant's deck (§8.3.7).
    #[serde(default)]
    pub expert: ZombieExpert,
    /// The AAA solo game's draw pile, top packet first (§8.6); each packet also holds one
    /// Zombie card.
    #[serde(default = "ZombieValues::aaa_packets")]
    pub aaa_packets: Vec<ZombiePacket>,
}

impl ZombieValues {
    /// The printed AAA packets (FR2 1590–1598): 20 cards each, with 0, 1 and 2 Validation cards.
    fn aaa_packets() -> Vec<ZombiePacket> {
        (0..3)
            .map(|validations| ZombiePacket {
                cards: 20,
                validations,
            })
            .collect()
    }
}

/// The Zombies expert variant's deck (FR2 1873–1881, Ruling X30): construction cards per
/// player plus one Zombie card, rebuilt from the discard when it runs out; the time it runs
/// out that ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZombieExpert {
    pub per_player: u8,
    pub ends_at: u8,
}

impl Default for ZombieExpert {
    fn default() -> Self {
        ZombieExpert {
            per_player: 10,
            ends_at: 3,
        }
    }
}

/// One packet of the AAA's Zombies pile: construction cards and Validation cards (one Zombie
/// card besides).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZombiePacket {
    pub cards: u8,
    pub validations: u8,
}

/// Atomic War's printed values (collector expansions §6.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AtomicValues {
    /// Per street: the bonus for the highest shelter capacity.
    pub street_bonus: Vec<i32>,
    /// The bonus for the lowest total capacity.
    pub optimism: i32,
    /// AAA solo: what the AAA's half of each street's first shelter holds at setup.
    pub aaa_first: Vec<u8>,
}

/// A Roswell infiltration objective: `from` to `to` infiltrated estates (no upper end when
/// absent) score `points` each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Objective {
    pub from: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<u8>,
    pub points: i32,
}

impl Objective {
    /// Whether `n` infiltrated estates meet the objective.
    pub fn holds(&self, n: u8) -> bool {
        n >= self.from && self.to.is_none_or(|to| n <= to)
    }

    /// "3–4" or "9+".
    pub fn range(&self) -> String {
        match self.to {
            Some(to) => format!("{}–{to}", self.from),
            None => format!("{}+", self.from),
        }
    }
}

/// Roswell's printed values (collector expansions §7.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoswellValues {
    /// The four objectives, in printed order.
    pub objectives: Vec<Objective>,
    /// Points per infiltrated estate when the objective is missed.
    pub failure: i32,
    /// The largest estate that can be infiltrated.
    pub max_estate: u8,
    /// AAA solo, level 1+: the AAA's points per upside-down card.
    pub aaa_per_card: i32,
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

/// Which numbers collect eggs (Easter, §2.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EggLoops {
    /// Numbers that collect up to two eggs.
    pub two: Vec<u8>,
    /// Numbers that collect one egg.
    pub one: Vec<u8>,
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

/// The American Dream plans (collector expansions §10.5): over the grid of families, perfect
/// houses, complete streets and complete columns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Grid {
    /// Every house of these families is perfect (`perfect`) or numbered.
    AllOfType {
        families: Vec<Effect>,
        perfect: bool,
    },
    /// At least `n` complete columns, of perfect houses only when `only_perfect`, next to each
    /// other when `adjacent`.
    Columns {
        n: u8,
        #[serde(default)]
        only_perfect: bool,
        #[serde(default)]
        adjacent: bool,
    },
    /// At least `n` complete streets, of perfect houses only when `only_perfect`.
    Streets {
        n: u8,
        #[serde(default)]
        only_perfect: bool,
    },
    /// A block of `streets` adjacent streets × `columns` adjacent columns, every house perfect.
    PerfectBlock { streets: u8, columns: u8 },
}

/// The American Dream values (collector expansions §10.2, §10.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DreamValues {
    /// Points of a circled street bonus.
    pub street_bonus: i32,
    /// A complete column's points are multiplied by this when its bonus is circled.
    pub column_multiplier: i32,
    /// Points of a normal and of a perfect house in a complete column.
    pub normal: i32,
    pub perfect: i32,
    /// The colour each family is printed in, for people (plans name families by colour).
    pub colours: Vec<FamilyColour>,
}

/// The colour a family of houses is printed in (American Dream).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FamilyColour {
    pub family: Effect,
    pub colour: String,
}

impl DreamValues {
    /// The colour of `family`, or the action's name when the data gives none.
    pub fn colour(&self, family: Effect) -> &str {
        self.colours
            .iter()
            .find(|c| c.family == family)
            .map_or(family.name(), |c| c.colour.as_str())
    }
}

/// An expansion plan over columns (Roswell RO-C5): at least `columns` columns pass `need`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InColumns {
    pub columns: u8,
    pub need: Vec<Compare<ColumnMeasure>>,
}

/// A measure over one column of houses (collector expansions §1.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ColumnMeasure {
    /// Circled saucers in the column (Roswell).
    Zoorgs,
}

impl ColumnMeasure {
    pub fn noun(self) -> &'static str {
        match self {
            ColumnMeasure::Zoorgs => "circled saucers",
        }
    }
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
            PlanCondition::Grid(g) => crate::modules::american_dream::words(g),
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
    pub expert_pass: Option<crate::game::PassDirection>,
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
    aaa: Option<crate::aaa::AaaRules>,
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
    pub aaa: Option<crate::aaa::AaaRules>,
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

/// Editions loaded from files before the first game (`Edition::install`): each replaces the
/// built-in edition of its id or adds one.
static INSTALLED: OnceLock<Vec<Edition>> = OnceLock::new();

/// Set once the editions are in use: installing is then too late.
static IN_USE: AtomicBool = AtomicBool::new(false);

static BUILT: LazyLock<Vec<Edition>> = LazyLock::new(|| {
    IN_USE.store(true, Ordering::SeqCst);
    let mut all: Vec<Edition> = BUILT_IN
        .iter()
        .map(|(ed, sheets)| {
            Edition::from_json(ed, sheets).expect("the embedded edition data is checked by tests")
        })
        .collect();
    for e in INSTALLED.get().into_iter().flatten() {
        match all.iter_mut().find(|b| b.id == e.id) {
            Some(b) => *b = e.clone(),
            None => all.push(e.clone()),
        }
    }
    // The edition played when none is named first, the others by id.
    all.sort_by_key(|e| e.id != EditionId::default());
    all
});

/// Why `Edition::install` did nothing.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum InstallError {
    #[error("editions can only be installed once, before the first game is set up")]
    TooLate,
    #[error("edition {0} is installed twice")]
    Twice(String),
}

impl Edition {
    /// Installs editions read from data files (a host's corrected values, §18.5): each
    /// replaces the built-in edition of the same id or adds a new one. Only possible once and
    /// before any edition is looked up, so that every game of a process plays one set of rules.
    pub fn install(editions: Vec<Edition>) -> Result<(), InstallError> {
        for (i, e) in editions.iter().enumerate() {
            if editions[..i].iter().any(|o| o.id == e.id) {
                return Err(InstallError::Twice(e.id.to_string()));
            }
        }
        if IN_USE.load(Ordering::SeqCst) {
            return Err(InstallError::TooLate);
        }
        INSTALLED.set(editions).map_err(|_| InstallError::TooLate)
    }

    /// Every edition: the built-in ones and those installed from files.
    pub fn all() -> &'static [Edition] {
        &BUILT
    }

    /// A built-in edition by its id.
    pub fn by_id(id: &str) -> Option<&'static Edition> {
        Edition::all().iter().find(|e| e.id == id)
    }

    /// The 1st edition (2018); for tests and examples — callers name an `EditionId`.
    pub fn first() -> &'static Edition {
        Edition::by_id("first").expect("the 1st edition is built in")
    }

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

    /// Checks that plans `ids` (plan n°1, 2, 3) can be dealt together with `layout`: each
    /// from its own stack, advanced ones only in the advanced variant, a sheet's own plans only
    /// with that sheet.
    pub fn check_plans(
        &self,
        layout: &SheetLayout,
        ids: [u8; 3],
        advanced: bool,
    ) -> Result<(), crate::game::SetupError> {
        for (slot, &id) in ids.iter().enumerate() {
            let bad = |reason: &str| crate::game::SetupError::BadPlan {
                slot: slot + 1,
                id,
                reason: reason.into(),
            };
            let card = self.plan(id).ok_or_else(|| bad("no such plan"))?;
            if card.stack as usize != slot + 1 {
                return Err(bad("it belongs to another stack"));
            }
            if card.advanced && !advanced {
                return Err(bad("advanced plans need the advanced variant"));
            }
            if !self.plan_allowed(layout, card, advanced) {
                return Err(bad("it is not dealt with this sheet"));
            }
        }
        Ok(())
    }

    /// The sheet with this id.
    pub fn sheet(&self, id: SheetId) -> Option<&SheetLayout> {
        self.sheets.iter().find(|s| s.id == id)
    }

    /// The sheet played when none is named.
    pub fn default_sheet(&self) -> &SheetLayout {
        &self.sheets[0]
    }

    /// Parses and checks an edition file and its sheet files.
    pub fn from_json(edition: &str, sheets: &[&str]) -> Result<Edition, EditionError> {
        let data: EditionData =
            serde_json::from_str(edition).map_err(|e| EditionError::Json(e.to_string()))?;
        let cards = |entries: &[DeckEntry]| {
            let mut deck = Vec::new();
            for e in entries {
                for _ in 0..e.count {
                    deck.push(Card::new(e.number, e.effect));
                }
            }
            deck
        };
        let deck = cards(&data.deck);
        let nine_three_quarters = cards(&data.nine_three_quarters);
        let mut layouts = Vec::with_capacity(sheets.len());
        for text in sheets {
            layouts.push(SheetLayout::from_file(text, data.rules)?);
        }
        // The default sheet first, the others in file order.
        let Some(i) = layouts.iter().position(|l| l.id == data.default_sheet) else {
            return Err(EditionError::Inconsistent(format!(
                "the default sheet {} has no file",
                data.default_sheet
            )));
        };
        let default = layouts.remove(i);
        layouts.insert(0, default);
        let mut plans = data.plans;
        for l in &layouts {
            for p in &l.plans {
                plans.push(PlanCard {
                    sheet: Some(l.id),
                    ..p.clone()
                });
            }
        }
        let ed = Edition {
            id: data.id,
            name: data.name,
            provenance: data.provenance,
            rules: data.rules,
            deck,
            nine_three_quarters,
            plans,
            solo: data.solo,
            aaa: data.aaa,
            sheets: layouts,
        };
        ed.check()?;
        if let Some(counts) = &data.deck_counts {
            ed.check_deck(counts)?;
        }
        Ok(ed)
    }

    /// Checks `layout` as this edition's files are checked when they load, with it in the
    /// place of the edition's sheet of the same id: the sheet checks, its expansion's layout
    /// constraints, and every check of the edition that reads a sheet (its plans' streets, the
    /// AAA cards' temp boxes). Used for a layout a table enters (`crate::layout`).
    pub(crate) fn check_with(&self, layout: &SheetLayout) -> Result<(), EditionError> {
        let mut edition = self.clone();
        match edition.sheets.iter_mut().find(|s| s.id == layout.id) {
            Some(s) => *s = layout.clone(),
            None => {
                return Err(EditionError::Inconsistent(format!(
                    "edition {} has no sheet {}",
                    self.id, layout.id
                )))
            }
        }
        edition.check()
    }

    fn check_deck(&self, counts: &DeckCounts) -> Result<(), EditionError> {
        let mut numbers = vec![0u8; counts.per_number.len()];
        for c in &self.deck {
            match numbers.get_mut((c.number as usize).wrapping_sub(1)) {
                Some(n) => *n += 1,
                None => {
                    return Err(EditionError::Inconsistent(format!(
                        "the deck has a card numbered {}, which the printed deck does not",
                        c.number
                    )))
                }
            }
        }
        if numbers != counts.per_number {
            return Err(EditionError::Inconsistent(format!(
                "the deck has {numbers:?} cards per number 1, 2, …; the printed deck has {:?}",
                counts.per_number
            )));
        }
        // The 9¾ cards: the edition's counts + 3 × 9¾ (collector expansions §11.2).
        let quarters = self.nine_three_quarters.len();
        if quarters != counts.nine_three_quarters as usize {
            return Err(EditionError::Inconsistent(format!(
                "the edition has {quarters} 9¾ cards; the printed deck has {}",
                counts.nine_three_quarters
            )));
        }
        for e in &counts.per_effect {
            let n = self.deck.iter().filter(|c| c.effect == e.effect).count();
            if n != e.count as usize {
                return Err(EditionError::Inconsistent(format!(
                    "the deck has {n} {} cards; the printed deck has {}",
                    e.effect, e.count
                )));
            }
        }
        Ok(())
    }

    fn check(&self) -> Result<(), EditionError> {
        let bad = |m: String| Err(EditionError::Inconsistent(m));
        for (i, s) in self.sheets.iter().enumerate() {
            if self.sheets[..i].iter().any(|t| t.id == s.id) {
                return bad(format!("sheet {} is defined twice", s.id));
            }
            if let Err(m) = check_sheet(s) {
                return bad(format!("sheet {}: {m}", s.id));
            }
        }
        if self.solo.bottom_part == 0 || self.solo.bottom_part > self.deck.len() + 1 {
            return bad("the Solo card's part of the pile must hold 1 card or more".into());
        }
        if self.rules.dealer == Dealer::Piles && !self.deck.len().is_multiple_of(3) {
            return bad(format!(
                "three piles need a deck that splits in thirds, not {} cards",
                self.deck.len()
            ));
        }
        self.check_aaa()?;
        if self.rules.expert_first_hand > 1 {
            return bad("expert_first_hand is 0 or 1".into());
        }
        if self.deck.is_empty() || self.deck.iter().any(|c| c.number > MAX_NUMBER) {
            return bad(
                "the deck is empty or has a number above 17 (the 9¾ cards are listed apart, in nine_three_quarters)"
                    .into(),
            );
        }
        if let Some(c) = self
            .nine_three_quarters
            .iter()
            .find(|c| c.number != crate::number::NINE_THREE_QUARTERS)
        {
            return bad(format!(
                "the 9¾ cards are numbered 9¾, not {}",
                crate::number::shown(c.number)
            ));
        }
        if self.rules.dealer == Dealer::Piles
            && !self.nine_three_quarters.is_empty()
            && !(self.deck.len() + self.nine_three_quarters.len()).is_multiple_of(3)
        {
            return bad(format!(
                "three piles need a deck that splits in thirds, not {} cards with the 9¾ cards",
                self.deck.len() + self.nine_three_quarters.len()
            ));
        }
        for (i, p) in self.plans.iter().enumerate() {
            if !(1..=3).contains(&p.stack) {
                return bad(format!("plan {} is in stack {}", p.id, p.stack));
            }
            if !(p.second < p.first && p.first <= 30) {
                return bad(format!(
                    "plan {} scores {} then {}: values need 0 ≤ later < first ≤ 30",
                    p.id, p.first, p.second
                ));
            }
            if self.plans[..i].iter().any(|q| q.id == p.id) {
                return bad(format!("plan id {} is used twice", p.id));
            }
            if let Some(sizes) = p.condition.estate_sizes() {
                let sizes = &sizes;
                if sizes.is_empty() || sizes.iter().any(|&s| s == 0 || s as usize > MAX_ESTATE) {
                    return bad(format!("plan {} names an estate size outside 1–6", p.id));
                }
            }
        }
        for sheet in &self.sheets {
            let streets = sheet.streets.len();
            for p in self.plans_of(sheet) {
                let street = p.condition.street();
                if street.is_some_and(|n| n == 0 || n as usize > streets) {
                    return bad(format!(
                        "plan {} names a street that is not on sheet {}",
                        p.id, sheet.id
                    ));
                }
            }
            for stack in 1..=3u8 {
                if !self
                    .plans_of(sheet)
                    .any(|p| p.stack == stack && !p.advanced)
                {
                    return bad(format!(
                        "sheet {}: no basic plan in stack {stack}",
                        sheet.id
                    ));
                }
            }
        }
        Ok(())
    }

    /// The AAA data: present exactly when the solo game is the AAA's, one card per level
    /// 0–5 at most, every card within the ranges of §15.7.
    fn check_aaa(&self) -> Result<(), EditionError> {
        let bad = |m: String| Err(EditionError::Inconsistent(m));
        let Some(aaa) = &self.aaa else {
            if self.rules.solo == SoloKind::Aaa {
                return bad("an AAA solo game needs the aaa block (its opponent cards)".into());
            }
            return Ok(());
        };
        if self.rules.solo != SoloKind::Aaa {
            return bad("the aaa block needs rules.solo = \"aaa\"".into());
        }
        if aaa.validations_in_discard as usize >= crate::aaa::LETTERS.len() {
            return bad(format!(
                "aaa.validations_in_discard is {}: one of the 3 Validation cards goes in the pile",
                aaa.validations_in_discard
            ));
        }
        if aaa.best_estates == 0 {
            return bad("aaa.best_estates must be 1 or more".into());
        }
        if aaa.opponents.is_empty() {
            return bad("aaa.opponents lists no card".into());
        }
        for (i, o) in aaa.opponents.iter().enumerate() {
            if let Err(e) = o.card.check() {
                return bad(format!("aaa.opponents[{i}] ({}): {e}", o.name));
            }
            if aaa.opponents[..i]
                .iter()
                .any(|p| p.card.level == o.card.level)
            {
                return bad(format!("two opponent cards have level {}", o.card.level));
            }
            if let Some(p) = o.card.temp_places {
                if let Some(s) = self
                    .sheets
                    .iter()
                    .find(|s| s.classic() && p[0] > s.temp_boxes)
                {
                    return bad(format!(
                        "aaa.opponents[{i}] ({}): temp_places {p:?} asks for more than the {} temp boxes of sheet {}",
                        o.name, s.temp_boxes, s.id
                    ));
                }
            }
        }
        Ok(())
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

/// The first house a list names a second time.
fn twice(houses: impl Iterator<Item = u8>) -> Option<u8> {
    let mut seen = [false; 256];
    houses
        .into_iter()
        .find(|&h| std::mem::replace(&mut seen[h as usize], true))
}

fn check_sheet(s: &SheetLayout) -> Result<(), String> {
    if s.streets.is_empty() || s.streets.len() > MAX_STREETS {
        return Err(format!(
            "{} streets; a sheet has 1 to {MAX_STREETS}",
            s.streets.len()
        ));
    }
    for (i, st) in s.streets.iter().enumerate() {
        let n = i + 1;
        if st.houses < 2 || st.houses as usize > MAX_HOUSES {
            return Err(format!("street {n} has {} houses", st.houses));
        }
        let outside = |h: u8| h == 0 || h > st.houses;
        if st.pools.iter().any(|&p| outside(p)) {
            return Err(format!("street {n} has a pool outside the street"));
        }
        // A house is listed once in each of its street's lists: a pool listed twice would be
        // built twice and cross two boxes of the pool track. (Shelters: ATO-L1.)
        for (field, h) in [
            ("pools", twice(st.pools.iter().copied())),
            ("eggs", twice(st.eggs.iter().map(|e| e.house))),
            ("cones", twice(st.cones.iter().map(|c| c.house))),
            ("ghost_candy", twice(st.ghost_candy.iter().copied())),
            ("unbarricaded", twice(st.unbarricaded.iter().copied())),
            ("saucers", twice(st.saucers.iter().copied())),
        ] {
            if let Some(h) = h {
                return Err(format!(
                    "streets[{i}].{field}: house {h} of street {n} is listed twice"
                ));
            }
        }
        if st.parks.0.is_empty() && s.classic() {
            return Err(format!("street {n} has an empty park track"));
        }
        if st
            .eggs
            .iter()
            .any(|e| outside(e.house) || !(1..=2).contains(&e.eggs))
        {
            return Err(format!(
                "street {n}: an egg house is outside the street or holds other than 1 or 2 eggs"
            ));
        }
        if st.cones.iter().any(|c| outside(c.house) || c.scoops == 0) {
            return Err(format!(
                "street {n}: a cone is outside the street or has no scoop"
            ));
        }
        if st.trucks.len() > 2 || (st.trucks.len() == 2 && st.trucks[0] == st.trucks[1]) {
            return Err(format!("street {n}: trucks are one per street end"));
        }
        if st.shelters.iter().any(|&h| outside(h)) {
            return Err(format!("street {n}: a shelter is outside the street"));
        }
        if st.ghost_candy.iter().any(|&h| outside(h)) {
            return Err(format!(
                "street {n}: a ghost/candy house is outside the street"
            ));
        }
        if st.unbarricaded.iter().any(|&h| outside(h)) {
            return Err(format!(
                "street {n}: an unbarricaded house is outside the street"
            ));
        }
    }
    let classic = s.classic();
    if !classic {
        let tracks = s
            .streets
            .iter()
            .any(|st| !st.parks.0.is_empty() || !st.pools.is_empty())
            || !s.pools.0.is_empty()
            || !s.real_estate.is_empty()
            || !s.bis.0.is_empty()
            || !s.roundabouts.0.is_empty()
            || s.temp_boxes > 0;
        if tracks {
            return Err(
                "an American Dream sheet has no park, pool, temp, improvement, extension or roundabout track".into(),
            );
        }
    }
    if classic && s.real_estate.len() != MAX_ESTATE {
        return Err(format!(
            "{} real-estate columns; a sheet has one per estate size 1 to {MAX_ESTATE}",
            s.real_estate.len()
        ));
    }
    // Tracks (spec §18.4, collector; the 1st edition's sheets meet the same bounds): at least
    // one box, values that never go down and are never negative (penalties are subtracted).
    let mut tracks: Vec<(String, &Track)> =
        vec![("the refusal track (refusals)".into(), &s.refusals)];
    if classic {
        tracks.push(("the pool track (pools)".into(), &s.pools));
        tracks.push(("the bis track (bis)".into(), &s.bis));
        tracks.push(("the roundabout track (roundabouts)".into(), &s.roundabouts));
        for (i, t) in s.real_estate.iter().enumerate() {
            tracks.push((
                format!(
                    "the real-estate column for size {} (real_estate[{i}])",
                    i + 1
                ),
                t,
            ));
        }
        for (i, st) in s.streets.iter().enumerate() {
            tracks.push((
                format!("the park track of street {} (streets[{i}].parks)", i + 1),
                &st.parks,
            ));
        }
    }
    // No track is longer than the sheet has houses (and one): a track's boxes are crossed one
    // a turn at most, and the longest printed one, the pool track, has 10.
    let houses: usize = s.streets.iter().map(|st| st.houses as usize).sum();
    for (what, t) in tracks {
        if t.boxes() == 0 {
            return Err(format!("{what} has no box"));
        }
        let boxes = t.0.len().saturating_sub(1);
        if boxes > houses + 1 {
            return Err(format!(
                "{what} has {boxes} boxes; a track of this sheet has at most {} (its houses and one)",
                houses + 1
            ));
        }
        if t.0.iter().any(|&v| v < 0) || t.0.windows(2).any(|w| w[1] < w[0]) {
            return Err(format!(
                "{what} {:?} must hold values that are not negative and never go down",
                t.0
            ));
        }
    }
    if s.refusals.boxes() != 3 {
        return Err(format!(
            "the refusal track has {} boxes; the third refusal ends the game, so it has 3",
            s.refusals.boxes()
        ));
    }
    if classic && s.roundabouts.boxes() != 2 {
        return Err(format!(
            "the roundabout track has {} boxes; a game allows 2 roundabouts",
            s.roundabouts.boxes()
        ));
    }
    let pool_houses: usize = s.streets.iter().map(|st| st.pools.len()).sum();
    if (s.pools.boxes() as usize) < pool_houses {
        return Err(format!(
            "the pool track has {} boxes for {pool_houses} pool houses",
            s.pools.boxes()
        ));
    }
    for m in &s.modules {
        m.check_layout(s)?;
    }
    if let Some(x) = s.expansion {
        crate::modules::expansion::check(s, x)?;
    }
    let known = crate::score::row_ids(s);
    for r in &s.score_rows {
        if !known.contains(&r.id.as_str()) {
            return Err(format!(
                "score row {:?} is not scored by this sheet's rules",
                r.id
            ));
        }
    }
    for id in known {
        if !s.score_rows.iter().any(|r| r.id == id) {
            return Err(format!("score row {id:?} has no label"));
        }
    }
    if s.plans.iter().any(|p| !s.own_stacks.contains(&p.stack)) {
        return Err("a sheet's own plan is in a stack the sheet does not replace".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_edition_loads() {
        let e = Edition::first();
        assert_eq!(e.deck.len(), 81);
        assert_eq!(e.plans.len(), 37);
        assert_eq!(e.default_sheet().id, "classic");
        assert_eq!(e.default_sheet().houses(), 33);
        let ids: Vec<&str> = e.sheets.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["classic", "christmas", "easter", "ice-cream"]);
    }

    #[test]
    fn bad_edition_data_is_an_error() {
        assert!(matches!(
            Edition::from_json("{", &[]),
            Err(EditionError::Json(_))
        ));
    }
}
