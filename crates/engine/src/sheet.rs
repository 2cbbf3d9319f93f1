//! One player's Sheet: up to five Streets of Houses, Fences, the scoring tracks (spec §1) and
//! the feature state that rule modules give a meaning (circled cones, a chosen truck, a won or
//! lost race).
//!
//! Internally every index is 0-based and the state is a handful of fixed arrays and bit masks,
//! so a sheet is under 256 bytes, `Copy`, and placement checks are O(street length).

use crate::edition::SheetLayout;
pub use crate::house::{FenceRef, HouseRef, MAX_ESTATE, MAX_HOUSES, MAX_NUMBER, MAX_STREETS};
use serde::{Deserialize, Serialize};
use std::fmt;

const EMPTY: u8 = 0xFF;
const ROUNDABOUT: u8 = 0xFE;
/// A house a horde invaded (Zombies): `Z`, neither empty nor numbered, for good.
const INVADED: u8 = 0xFD;

/// What is written in a house box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum House {
    Empty,
    /// A house number; `bis` when it was written with the Bis effect.
    Number {
        value: u8,
        bis: bool,
    },
    Roundabout,
    /// A horde invaded it (Zombies, collector expansions §8.3.6): `Z`, neither empty nor
    /// numbered, for good.
    Invaded,
}

/// A completed or open run of houses between two fences.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estate {
    pub street: u8,
    /// First house (0-based).
    pub start: u8,
    pub len: u8,
    /// Some house of it is already used for a plan.
    pub used: bool,
}

impl Estate {
    pub fn first_house(&self) -> HouseRef {
        HouseRef::new(self.street, self.start)
    }
}

/// Bits set across the masks of every street: one 64-bit and one 16-bit count.
#[inline]
fn count_all(masks: &[u16; MAX_STREETS]) -> u8 {
    let low = u64::from(masks[0])
        | u64::from(masks[1]) << 16
        | u64::from(masks[2]) << 32
        | u64::from(masks[3]) << 48;
    (low.count_ones() + masks[4].count_ones()) as u8
}
const _: () = assert!(MAX_STREETS == 5, "count_all reads five streets");

/// Sets bit `i` of `mask`, counting it in `count` if it was not set.
#[inline]
fn set_counted(mask: &mut u16, i: u8, count: &mut u8) {
    let b = 1 << i;
    if *mask & b == 0 {
        *mask |= b;
        *count += 1;
    }
}

/// A street's marks, bit i for house i (`Sheet::street_masks`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StreetMasks {
    /// Holds a number (a bis copy included).
    pub numbered: u16,
    /// Neither numbered, a roundabout nor invaded.
    pub empty: u16,
    pub roundabouts: u16,
    /// Holds a bis copy.
    pub bis: u16,
    /// Bit k: a fence between house k and house k + 1.
    pub fences: u16,
    /// Used for a City Plan.
    pub used: u16,
    pub pools: u16,
    pub planned_pools: u16,
    /// Module marks (Ice Cream: a circled cone).
    pub marks: u16,
}

/// Bit `i` of street `s`'s mask; false off the sheet.
fn bit(masks: &[u16; MAX_STREETS], s: u8, i: u8) -> bool {
    i < 16 && masks.get(s as usize).is_some_and(|m| m >> i & 1 == 1)
}

/// The nearest numbered house on one side and its number.
pub type Neighbour = Option<(HouseRef, u8)>;

fn run_mask(e: Estate) -> u16 {
    ((((1u32 << e.len) - 1) << e.start) & 0xffff) as u16
}

fn full_mask(len: u8) -> u16 {
    ((1u32 << len) - 1) as u16
}

/// One player's sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sheet {
    streets: u8,
    lens: [u8; MAX_STREETS],
    planned_pools: [u16; MAX_STREETS],
    cells: [[u8; MAX_HOUSES]; MAX_STREETS],
    /// Bit i: house i holds a number (derived from `cells`, kept for fast estate scans).
    numbered: [u16; MAX_STREETS],
    /// Bit i: house i holds a roundabout.
    rounds: [u16; MAX_STREETS],
    bis: [u16; MAX_STREETS],
    /// Bit k: a fence between house k and house k+1.
    fences: [u16; MAX_STREETS],
    /// Houses used for a City Plan (the crossed top fence).
    used: [u16; MAX_STREETS],
    pools: [u16; MAX_STREETS],
    parks: [u8; MAX_STREETS],
    temps: u8,
    real_estate: [u8; MAX_ESTATE],
    refusals: u8,
    plans: [Option<u8>; 3],
    /// Module state per house (Ice Cream: circled cones).
    marks: [u16; MAX_STREETS],
    /// Module choice per street (Ice Cream: the truck, 0 = not chosen, 1 = left, 2 = right).
    choices: [u8; MAX_STREETS],
    /// Module race per street (Ice Cream bonus: 0 open, 1 circled, 2 crossed).
    races: [u8; MAX_STREETS],
    /// Items the player must cross off at the start of their next turn (Ice Cream in AAA
    /// solo: one open bonus per Validation card drawn, collector expansions §3.6).
    owed: u8,
    /// Halloween tiers (collector expansions §4.3): 2 bits per tier (0 open, 1 circled,
    /// 2 crossed), ghost tiers in bits 0–5, candy tiers in bits 6–11; bits 12–13 the ghost
    /// bonus option taken (0 none, 1 or 2).
    tiers: u16,
    /// Extension houses written by a bonus, which crosses no box of the extension track
    /// (Halloween ghost bonus, Ruling X17).
    free_bis: u8,
    /// Roswell: the infiltration objective circled at setup (1-based, 0 not chosen yet).
    objective: u8,
    /// Coin Coin: the points written at each duck scoring (yellow, black, both) once held.
    ducks: [Option<u8>; 3],
    /// American Dream: 2 bits per column bonus (0 open, 1 circled, 2 crossed), column c in
    /// bits 2c–2c+1.
    column_races: u32,
    /// American Dream in AAA solo: column bonuses still to cross off since a Validation card
    /// came up (`owed` counts its street bonuses).
    owed_columns: u8,
    /// Zombies: bit i, house i is invaded (`Z`).
    invaded: [u16; MAX_STREETS],
    /// Zombies: bit i, the player built a barricade in front of house i.
    barricades: [u16; MAX_STREETS],
    /// Zombies: 4 bits per horde (street s's left horde is horde 2s, its right one 2s + 1):
    /// the arrows it has traced.
    hordes: u64,
    /// Zombies: ammo gained from improvement boxes, and ammo used to slow a horde.
    ammo_gained: u8,
    ammo_used: u8,
    /// The bits set in `pools`, `bis` and `rounds`, kept as they are set: every score reads
    /// them, and bots score hundreds of sheets a turn (a count of five masks is some thirty
    /// instructions without a popcount instruction).
    pool_count: u8,
    bis_houses: u8,
    roundabout_count: u8,
}

/// See `Sheet::street_key`. Held in three words, compared and hashed a word at a time: bots
/// look a key up for most candidate sheets, and a 16-byte load of a key just written as words
/// would wait for the stores.
#[derive(Clone, Copy, Debug)]
pub struct StreetKey {
    /// The street's 16 house boxes, little-endian.
    houses: [u64; 2],
    /// The street, its fences (bits 8–23), its used houses (bits 24–39) and its marked
    /// houses (bits 40–55: perfect, ghost, cone, infiltrated).
    rest: u64,
}
const _: () = assert!(MAX_HOUSES == 16, "a street key's houses fill two words");

impl StreetKey {
    fn fences(&self) -> u16 {
        (self.rest >> 8) as u16
    }

    fn used(&self) -> u16 {
        (self.rest >> 24) as u16
    }

    fn marks(&self) -> u16 {
        (self.rest >> 40) as u16
    }

    /// Whether both keys hold the same houses in the same street (numbers, copies,
    /// roundabouts), whatever their fences, used and marked houses: the same number ranges
    /// (a sheet and the sheet after a fence, say).
    #[inline]
    pub fn same_houses(&self, other: &StreetKey) -> bool {
        self.houses[0] == other.houses[0]
            && self.houses[1] == other.houses[1]
            && self.rest as u8 == other.rest as u8
    }

    /// The slot of the one fence this key has beyond `other`'s, the street otherwise the same
    /// (houses, fences, used and marked houses): a bot finds what it knows of a street that
    /// only drew a fence by slot, without hashing.
    #[inline]
    pub fn one_fence_more(&self, other: &StreetKey) -> Option<u8> {
        let (mine, theirs) = (self.fences(), other.fences());
        let extra = mine & !theirs;
        let same = self.same_houses(other)
            && self.used() == other.used()
            && self.marks() == other.marks()
            && mine & theirs == theirs;
        (same && extra.is_power_of_two()).then(|| extra.trailing_zeros() as u8)
    }
}

impl PartialEq for StreetKey {
    #[inline]
    fn eq(&self, other: &StreetKey) -> bool {
        self.houses[0] == other.houses[0]
            && self.houses[1] == other.houses[1]
            && self.rest == other.rest
    }
}

impl Eq for StreetKey {}

impl std::hash::Hash for StreetKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.houses[0]);
        state.write_u64(self.houses[1]);
        state.write_u64(self.rest);
    }
}

/// What a sheet's base rows read of it besides its estates and streets (`Sheet::tracks_key`):
/// its plan boxes, parks, pools, temps, real-estate columns, bis houses, roundabouts and
/// refusals, packed in three words. Two sheets of a layout with the same key have the same
/// `score::BasePoints` (for the same temps): a bot whose candidates mostly differ in their
/// fences and numbers works them out once.
#[derive(Clone, Copy, Debug, Eq)]
pub struct TracksKey([u64; 3]);

impl std::hash::Hash for TracksKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.iter().for_each(|&w| state.write_u64(w));
    }
}

impl PartialEq for TracksKey {
    /// Word by word: the derived comparison loads a key just built in three word stores as
    /// one 16-byte vector, which stalls on store forwarding in a bot's innermost loop.
    #[inline]
    fn eq(&self, other: &TracksKey) -> bool {
        let [a, b, c] = self.0;
        let [x, y, z] = other.0;
        (a ^ x) | (b ^ y) | (c ^ z) == 0
    }
}

/// The state of a street's race (Ice Cream end-of-route bonus, §3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Race {
    Open,
    /// Won: the bonus is circled.
    Won,
    /// Lost: the bonus is crossed off.
    Lost,
}

/// A race's state in two bits.
fn race_code(race: Race) -> u32 {
    match race {
        Race::Open => 0,
        Race::Won => 1,
        Race::Lost => 2,
    }
}

/// The race a two-bit code stands for (see `race_code`).
fn race_of(code: u32) -> Race {
    match code {
        1 => Race::Won,
        2 => Race::Lost,
        _ => Race::Open,
    }
}

/// One pass of the ordering rule along a street (`Sheet::street_ranks_into`): from the left,
/// the lowest rank the next empty house may take; from the right, the highest (`None`: no
/// rank is left).
struct Bound<R> {
    rank: R,
    /// The last normal (non-bis) number seen in the segment.
    normal: Option<u8>,
}

impl<R> Bound<R> {
    /// Whether house `i` holds a bis copy that does not repeat the segment's last normal
    /// number (its equal was invaded, Ruling X27): it bounds by its own rank.
    fn lone_bis(&self, row: &[u8; MAX_HOUSES], bis: u16, i: usize) -> bool {
        bis >> i & 1 == 1 && self.normal != Some(row[i])
    }
}

impl Bound<u8> {
    const LEFT: Bound<u8> = Bound {
        rank: 0,
        normal: None,
    };

    /// Moves past house `i`, going right.
    #[inline]
    fn pass(&mut self, row: &[u8; MAX_HOUSES], bis: u16, i: usize) {
        use crate::number::rank;
        match row[i] {
            EMPTY | INVADED => {}
            ROUNDABOUT => (self.rank, self.normal) = (0, None),
            v if self.lone_bis(row, bis, i) => self.rank = rank(v),
            v => {
                self.rank = rank(v) + 1;
                if bis >> i & 1 == 0 {
                    self.normal = Some(v);
                }
            }
        }
    }
}

impl Bound<Option<u8>> {
    const RIGHT: Bound<Option<u8>> = Bound {
        rank: Some(crate::number::MAX_RANK),
        normal: None,
    };

    /// Moves past house `i`, going left.
    #[inline]
    fn pass(&mut self, row: &[u8; MAX_HOUSES], bis: u16, i: usize) {
        use crate::number::{rank, MAX_RANK};
        match row[i] {
            EMPTY | INVADED => {}
            ROUNDABOUT => (self.rank, self.normal) = (Some(MAX_RANK), None),
            v if self.lone_bis(row, bis, i) => self.rank = Some(rank(v)),
            v => {
                self.rank = rank(v).checked_sub(1);
                if bis >> i & 1 == 0 {
                    self.normal = Some(v);
                }
            }
        }
    }

    /// The ranks a house between `lo` (from the left pass) and this bound can take.
    #[inline]
    fn range(&self, lo: u8) -> Option<(u8, u8)> {
        match self.rank {
            Some(hi) if lo <= hi => Some((lo, hi)),
            _ => None,
        }
    }
}

impl Sheet {
    /// A blank sheet for this layout.
    pub fn new(layout: &SheetLayout) -> Sheet {
        let mut s = Sheet {
            streets: layout.streets.len().min(MAX_STREETS) as u8,
            lens: [0; MAX_STREETS],
            planned_pools: [0; MAX_STREETS],
            cells: [[EMPTY; MAX_HOUSES]; MAX_STREETS],
            numbered: [0; MAX_STREETS],
            rounds: [0; MAX_STREETS],
            bis: [0; MAX_STREETS],
            fences: [0; MAX_STREETS],
            used: [0; MAX_STREETS],
            pools: [0; MAX_STREETS],
            parks: [0; MAX_STREETS],
            temps: 0,
            real_estate: [0; MAX_ESTATE],
            refusals: 0,
            plans: [None; 3],
            marks: [0; MAX_STREETS],
            choices: [0; MAX_STREETS],
            races: [0; MAX_STREETS],
            owed: 0,
            tiers: 0,
            free_bis: 0,
            objective: 0,
            ducks: [None; 3],
            column_races: 0,
            owed_columns: 0,
            invaded: [0; MAX_STREETS],
            barricades: [0; MAX_STREETS],
            hordes: 0,
            ammo_gained: 0,
            ammo_used: 0,
            pool_count: 0,
            bis_houses: 0,
            roundabout_count: 0,
        };
        for (i, st) in layout.streets.iter().enumerate().take(MAX_STREETS) {
            s.lens[i] = st.houses;
            for &p in &st.pools {
                s.planned_pools[i] |= 1 << (p - 1);
            }
        }
        s
    }

    // ----- reading -----

    /// Number of streets.
    #[inline]
    pub fn streets(&self) -> u8 {
        self.streets
    }

    /// Houses in street `s` (0 for a street not on the sheet).
    #[inline]
    pub fn len(&self, s: u8) -> u8 {
        self.lens.get(s as usize).copied().unwrap_or(0)
    }

    /// Whether `h` is on this sheet.
    #[inline]
    pub fn contains(&self, h: HouseRef) -> bool {
        h.house < self.len(h.street)
    }

    /// Whether `f` is a fence slot of this sheet.
    #[inline]
    pub fn contains_slot(&self, f: FenceRef) -> bool {
        // Widened so that slot 255 is "not on the sheet" (spec §7.1) instead of an overflow.
        (f.slot as usize) + 1 < self.len(f.street) as usize
    }

    /// The raw box of a house; a house off the sheet reads as empty.
    fn cell(&self, h: HouseRef) -> u8 {
        if self.contains(h) {
            self.cells[h.street as usize][h.house as usize]
        } else {
            EMPTY
        }
    }

    /// The box of house `h`; houses off the sheet read as empty.
    #[inline]
    pub fn house(&self, h: HouseRef) -> House {
        match self.cell(h) {
            EMPTY => House::Empty,
            ROUNDABOUT => House::Roundabout,
            INVADED => House::Invaded,
            v => House::Number {
                value: v,
                bis: bit(&self.bis, h.street, h.house),
            },
        }
    }

    /// The number in a house, if it holds one.
    #[inline]
    pub fn number(&self, h: HouseRef) -> Option<u8> {
        match self.cell(h) {
            EMPTY | ROUNDABOUT | INVADED => None,
            v => Some(v),
        }
    }

    /// Whether `h` is an empty house of this sheet.
    #[inline]
    pub fn is_empty(&self, h: HouseRef) -> bool {
        self.contains(h) && self.cell(h) == EMPTY
    }

    #[inline]
    pub fn has_fence(&self, f: FenceRef) -> bool {
        bit(&self.fences, f.street, f.slot)
    }

    #[inline]
    pub fn is_used(&self, h: HouseRef) -> bool {
        bit(&self.used, h.street, h.house)
    }

    #[inline]
    pub fn has_planned_pool(&self, h: HouseRef) -> bool {
        bit(&self.planned_pools, h.street, h.house)
    }

    #[inline]
    pub fn has_pool(&self, h: HouseRef) -> bool {
        bit(&self.pools, h.street, h.house)
    }

    /// Parks crossed in street `s`.
    #[inline]
    pub fn parks(&self, s: u8) -> u8 {
        self.parks.get(s as usize).copied().unwrap_or(0)
    }

    /// Pools built (boxes crossed on the pool track).
    #[inline]
    pub fn pool_count(&self) -> u8 {
        debug_assert_eq!(self.pool_count, count_all(&self.pools));
        self.pool_count
    }

    /// Pools built in street `s`.
    #[inline]
    pub fn pools_in(&self, s: u8) -> u8 {
        self.pools
            .get(s as usize)
            .map_or(0, |m| m.count_ones() as u8)
    }

    /// Built pools inside estate `e`.
    pub fn pools_in_run(&self, e: Estate) -> u8 {
        (self.pools[(e.street as usize).min(MAX_STREETS - 1)] & run_mask(e)).count_ones() as u8
    }

    /// Houses of estate `e` written with the bis (Extension) effect.
    pub fn bis_in_run(&self, e: Estate) -> u8 {
        (self.bis[(e.street as usize).min(MAX_STREETS - 1)] & run_mask(e)).count_ones() as u8
    }

    /// Planned pools of street `s`.
    #[inline]
    pub fn planned_pools_in(&self, s: u8) -> u8 {
        self.planned_pools
            .get(s as usize)
            .map_or(0, |m| m.count_ones() as u8)
    }

    /// Temp boxes crossed.
    #[inline]
    pub fn temps(&self) -> u8 {
        self.temps
    }

    /// Boxes crossed in the real-estate column for estates of `size` (1-based).
    #[inline]
    pub fn real_estate(&self, size: usize) -> u8 {
        size.checked_sub(1)
            .and_then(|i| self.real_estate.get(i))
            .copied()
            .unwrap_or(0)
    }

    /// Bis houses (boxes crossed on the bis track): every bis house but those a bonus wrote.
    #[inline]
    pub fn bis_count(&self) -> u8 {
        self.bis_houses().saturating_sub(self.free_bis)
    }

    /// Every bis house, those a bonus wrote included (what B★ plans count).
    #[inline]
    pub fn bis_houses(&self) -> u8 {
        debug_assert_eq!(self.bis_houses, count_all(&self.bis));
        self.bis_houses
    }

    /// Bis houses written by a bonus, crossing no box (Halloween, Ruling X17).
    #[inline]
    pub fn free_bis(&self) -> u8 {
        self.free_bis
    }

    /// A Halloween tier: `candy` or ghost, `rank` 0–2 (the 4-, 6- and 9-tier).
    pub fn tier(&self, candy: bool, rank: u8) -> Race {
        let shift = 2 * (rank + if candy { 3 } else { 0 });
        race_of(u32::from((self.tiers >> shift) & 3))
    }

    /// The ghost bonus option the player took (1 or 2), once a ghost tier is circled.
    pub fn ghost_option(&self) -> Option<u8> {
        match (self.tiers >> 12) & 3 {
            0 => None,
            o => Some(o as u8),
        }
    }

    /// Bis houses in street `s`.
    #[inline]
    pub fn bis_in(&self, s: u8) -> u8 {
        self.bis.get(s as usize).map_or(0, |m| m.count_ones() as u8)
    }

    /// Roundabouts built.
    #[inline]
    pub fn roundabouts(&self) -> u8 {
        debug_assert_eq!(self.roundabout_count, count_all(&self.rounds));
        self.roundabout_count
    }

    /// Roundabouts in street `s`.
    #[inline]
    pub fn roundabouts_in(&self, s: u8) -> u8 {
        self.rounds
            .get(s as usize)
            .map_or(0, |m| m.count_ones() as u8)
    }

    #[inline]
    pub fn refusals(&self) -> u8 {
        self.refusals
    }

    /// Points written in the three plan boxes.
    #[inline]
    pub fn plan_scores(&self) -> [Option<u8>; 3] {
        self.plans
    }

    /// Bit i: house i of street `s` holds a number (a normal number or a bis copy).
    #[inline]
    pub fn numbered_mask(&self, s: u8) -> u16 {
        self.numbered.get(s as usize).copied().unwrap_or(0)
    }

    /// Bit i: house i of street `s` is empty (`is_empty`): neither numbered, a roundabout nor
    /// invaded.
    #[inline]
    pub fn empty_mask(&self, s: u8) -> u16 {
        let s = (s as usize).min(MAX_STREETS - 1);
        !(self.numbered[s] | self.rounds[s] | self.invaded[s]) & full_mask(self.len(s as u8))
    }

    /// The codes written in street `s`'s houses (`House` reads one; beyond the street's
    /// length, and off the sheet, every house is empty).
    #[inline]
    pub fn cells(&self, s: u8) -> [u8; MAX_HOUSES] {
        self.cells
            .get(s as usize)
            .copied()
            .unwrap_or([EMPTY; MAX_HOUSES])
    }

    /// Every mark of street `s`'s houses as bit masks, for code that reads a whole street at
    /// once (an observation writes 12 values per house).
    #[inline]
    pub fn street_masks(&self, s: u8) -> StreetMasks {
        let get = |m: &[u16; MAX_STREETS]| m.get(s as usize).copied().unwrap_or(0);
        StreetMasks {
            numbered: get(&self.numbered),
            empty: self.empty_mask(s),
            roundabouts: get(&self.rounds),
            bis: get(&self.bis),
            fences: get(&self.fences),
            used: get(&self.used),
            pools: get(&self.pools),
            planned_pools: get(&self.planned_pools),
            marks: get(&self.marks),
        }
    }

    /// Whether a module marked house `h` (Ice Cream: its cone is circled).
    #[inline]
    pub fn is_marked(&self, h: HouseRef) -> bool {
        bit(&self.marks, h.street, h.house)
    }

    /// Module marks of street `s`, bit i for house i.
    #[inline]
    pub fn marks_in(&self, s: u8) -> u16 {
        self.marks.get(s as usize).copied().unwrap_or(0)
    }

    /// The module choice made for street `s` (0 = none yet).
    #[inline]
    pub fn choice(&self, s: u8) -> u8 {
        self.choices.get(s as usize).copied().unwrap_or(0)
    }

    /// The state of street `s`'s race.
    #[inline]
    pub fn race(&self, s: u8) -> Race {
        race_of(u32::from(self.races.get(s as usize).copied().unwrap_or(0)))
    }

    /// Every house ref of the sheet, street by street.
    pub fn all_houses(&self) -> impl Iterator<Item = HouseRef> + '_ {
        (0..self.streets)
            .flat_map(move |s| (0..self.lens[s as usize]).map(move |h| HouseRef::new(s, h)))
    }

    /// Every fence slot of the sheet.
    pub fn all_slots(&self) -> impl Iterator<Item = FenceRef> + '_ {
        (0..self.streets)
            .flat_map(move |s| (0..self.lens[s as usize] - 1).map(move |k| FenceRef::new(s, k)))
    }

    /// Houses still empty.
    pub fn empty_houses(&self) -> usize {
        self.all_houses().filter(|&h| self.is_empty(h)).count()
    }

    /// Every house of street `s` is filled (numbers, bis and roundabouts count; Ruling 19;
    /// an invaded house is not empty either, Ruling X27).
    #[inline]
    pub fn street_filled(&self, s: u8) -> bool {
        let s = s as usize;
        s < self.streets as usize
            && self.numbered[s] | self.rounds[s] | self.invaded[s] == full_mask(self.lens[s])
    }

    /// Every house of the sheet is filled (end trigger, §9.1).
    #[inline]
    pub fn all_filled(&self) -> bool {
        (0..self.streets).all(|s| self.street_filled(s))
    }

    /// The whole numbers that may legally be written in house `h` (spec §5), as an inclusive
    /// range, or `None` when the house is not empty, not on the sheet, or no whole number fits
    /// (a ¾ number may still fit: `rank_range`).
    pub fn number_range(&self, h: HouseRef) -> Option<(u8, u8)> {
        let (lo, hi) = self.rank_range(h)?;
        crate::number::whole_range(lo, hi)
    }

    /// The numbers that may legally be written in house `h`, as an inclusive range of ranks
    /// (`crate::number::rank`: number `v` fits when `lo ≤ rank(v) ≤ hi`), or `None` when the
    /// house is not empty, not on the sheet, or the range is empty.
    pub fn rank_range(&self, h: HouseRef) -> Option<(u8, u8)> {
        if !self.is_empty(h) {
            return None;
        }
        let range = self.house_ranks(h);
        debug_assert_eq!(
            range,
            self.street_ranks(h.street as usize)[h.house as usize]
        );
        range
    }

    /// What street `s` holds that bots value: its houses (numbers, bis copies, roundabouts),
    /// fences, houses used for plans and marked houses (perfect, ghost, cone, infiltrated).
    /// Two sheets with the same key for a street have the same estates, ranges and features
    /// there; bots cache per-street work by it. Which of two equal neighbours is the bis copy
    /// is left out: either way the ranges are the same.
    #[inline]
    pub fn street_key(&self, s: u8) -> StreetKey {
        let s = (s as usize).min(MAX_STREETS - 1);
        let cells = &self.cells[s];
        let word = |i: usize| u64::from_le_bytes(std::array::from_fn(|k| cells[8 * i + k]));
        StreetKey {
            houses: [word(0), word(1)],
            rest: s as u64
                | u64::from(self.fences[s]) << 8
                | u64::from(self.used[s]) << 24
                | u64::from(self.marks[s]) << 40,
        }
    }

    /// See `TracksKey`.
    #[inline]
    pub fn tracks_key(&self) -> TracksKey {
        // The parks and the real-estate columns take a byte each below the other fields.
        const _: () = assert!(MAX_STREETS <= 5 && MAX_ESTATE <= 6);
        let bytes = |b: &[u8]| b.iter().rev().fold(0u64, |w, &x| w << 8 | u64::from(x));
        let plans = self
            .plans
            .iter()
            .rev()
            .fold(0u64, |w, p| w << 16 | p.map_or(0, |x| 0x100 | u64::from(x)));
        TracksKey([
            bytes(&self.parks)
                | u64::from(self.temps) << 40
                | u64::from(self.refusals) << 48
                | u64::from(self.pool_count()) << 56,
            bytes(&self.real_estate)
                | u64::from(self.bis_count()) << 48
                | u64::from(self.roundabouts()) << 56,
            plans | u64::from(self.streets) << 48,
        ])
    }

    /// `number_range` of every house at once.
    pub fn ranges(&self) -> [[Option<(u8, u8)>; MAX_HOUSES]; MAX_STREETS] {
        let mut out = [[None; MAX_HOUSES]; MAX_STREETS];
        for (s, row) in out.iter_mut().enumerate().take(self.streets as usize) {
            *row = self.street_ranges(s);
        }
        out
    }

    /// `rank_range` of every house at once.
    pub fn rank_ranges(&self) -> [[Option<(u8, u8)>; MAX_HOUSES]; MAX_STREETS] {
        let mut out = [[None; MAX_HOUSES]; MAX_STREETS];
        for (s, row) in out.iter_mut().enumerate().take(self.streets as usize) {
            self.street_ranks_into(s, row);
        }
        out
    }

    /// The whole numbers each empty house of street `s` can still take (`None`: none fits, or
    /// not an empty house); see `street_ranks`.
    pub fn street_ranges(&self, s: usize) -> [Option<(u8, u8)>; MAX_HOUSES] {
        self.street_ranks(s)
            .map(|r| r.and_then(|(lo, hi)| crate::number::whole_range(lo, hi)))
    }

    /// The ordering rule of spec §5 for one street, in two passes over ranks (numbers in
    /// quarters, so that a ¾ number lies strictly between its neighbours, collector expansions
    /// §11.3): an empty house takes any number above the nearest number on its left and below
    /// the nearest on its right, within its segment (roundabouts start a new segment). An
    /// invaded house holds no number and is skipped; a bis copy whose equal normal house was
    /// invaded no longer keeps that number for itself, so a normal house of its value may be
    /// written beside it (`5B Z 5`, Ruling X27): within a segment numbers never go down and
    /// each value has one normal house at most.
    /// The ranks each empty house of street `s` can still take (`None`: none, or not an empty
    /// house).
    pub fn street_ranks(&self, s: usize) -> [Option<(u8, u8)>; MAX_HOUSES] {
        let mut out = [None; MAX_HOUSES];
        self.street_ranks_into(s, &mut out);
        out
    }

    /// `street_ranks` written into `out` (every house of the street; `None` elsewhere is left
    /// as it was), so that a whole sheet's ranges are computed in place.
    #[inline]
    fn street_ranks_into(&self, s: usize, out: &mut [Option<(u8, u8)>; MAX_HOUSES]) {
        let len = self.lens[s] as usize;
        let (row, bis) = (&self.cells[s], self.bis[s]);
        let mut lo = [0u8; MAX_HOUSES];
        let mut left = Bound::LEFT;
        for (i, lo) in lo.iter_mut().enumerate().take(len) {
            *lo = left.rank;
            left.pass(row, bis, i);
        }
        let mut right = Bound::RIGHT;
        for i in (0..len).rev() {
            if row[i] == EMPTY {
                out[i] = right.range(lo[i]);
            }
            right.pass(row, bis, i);
        }
    }

    /// `rank_range` of an empty house of this sheet: the passes of `street_ranks_into` up to
    /// it from both ends (a placement is checked for one house).
    fn house_ranks(&self, h: HouseRef) -> Option<(u8, u8)> {
        let (s, at) = (h.street as usize, h.house as usize);
        let (row, bis) = (&self.cells[s], self.bis[s]);
        let mut left = Bound::LEFT;
        for i in 0..at {
            left.pass(row, bis, i);
        }
        let mut right = Bound::RIGHT;
        for i in (at + 1..self.lens[s] as usize).rev() {
            right.pass(row, bis, i);
        }
        right.range(left.rank)
    }

    /// The numbered neighbours bounding house `h` in its segment: (left, right).
    pub fn bounds(&self, h: HouseRef) -> (Neighbour, Neighbour) {
        let row = &self.cells[h.street as usize];
        let len = self.lens[h.street as usize];
        let mut left = None;
        for j in (0..h.house).rev() {
            match row[j as usize] {
                EMPTY | INVADED => continue,
                ROUNDABOUT => break,
                v => {
                    left = Some((HouseRef::new(h.street, j), v));
                    break;
                }
            }
        }
        let mut right = None;
        for j in h.house + 1..len {
            match row[j as usize] {
                EMPTY | INVADED => continue,
                ROUNDABOUT => break,
                v => {
                    right = Some((HouseRef::new(h.street, j), v));
                    break;
                }
            }
        }
        (left, right)
    }

    /// Every housing estate (runs between fences that contain no roundabout), complete or not,
    /// calling `f(estate, complete)`.
    #[inline]
    pub fn for_each_run(&self, mut f: impl FnMut(Estate, bool)) {
        for s in 0..self.streets {
            self.for_each_run_in(s, &mut f);
        }
    }

    /// `for_each_run` for street `s` alone.
    #[inline]
    pub fn for_each_run_in(&self, s: u8, mut f: impl FnMut(Estate, bool)) {
        let s = s as usize;
        if s >= self.streets as usize {
            return;
        }
        {
            let len = self.lens[s] as u32;
            // A run ends at every fence and at the street's end.
            let mut ends = (self.fences[s] as u32 | 1 << (len - 1)) & ((1u32 << len) - 1);
            let mut start = 0u32;
            while ends != 0 {
                let end = ends.trailing_zeros();
                ends &= ends - 1;
                let mask = (((1u32 << (end + 1 - start)) - 1) << start) as u16;
                if self.rounds[s] & mask == 0 {
                    f(
                        Estate {
                            street: s as u8,
                            start: start as u8,
                            len: (end + 1 - start) as u8,
                            used: self.used[s] & mask != 0,
                        },
                        self.numbered[s] & mask == mask,
                    );
                }
                start = end + 1;
            }
        }
    }

    /// Completed estates of 1 to `max` houses (spec §8; runs of 7+ are not estates, Ruling 9).
    pub fn completed_estates(&self) -> Vec<Estate> {
        let mut out = Vec::new();
        self.for_each_run(|e, complete| {
            if complete && (e.len as usize) <= MAX_ESTATE {
                out.push(e)
            }
        });
        out
    }

    /// Count of completed estates per size (index = size − 1).
    pub fn estate_counts(&self) -> [u8; MAX_ESTATE] {
        let mut counts = [0u8; MAX_ESTATE];
        for s in 0..self.streets {
            let street = self.street_estate_counts(s);
            for (c, n) in counts.iter_mut().zip(street) {
                *c += n;
            }
        }
        counts
    }

    /// `estate_counts` for street `s` alone (bots cache it per street, see `street_key`).
    pub fn street_estate_counts(&self, s: u8) -> [u8; MAX_ESTATE] {
        let mut counts = [0u8; MAX_ESTATE];
        self.for_each_run_in(s, |e, complete| {
            if complete && (1..=MAX_ESTATE).contains(&(e.len as usize)) {
                counts[e.len as usize - 1] += 1;
            }
        });
        counts
    }

    /// Complete estates of more than `MAX_ESTATE` houses (they score nothing, but count in the
    /// collector edition's tie-break, Ruling C8).
    pub fn long_estates(&self) -> u8 {
        let mut n = 0;
        self.for_each_run(|e, complete| {
            if complete && e.len as usize > MAX_ESTATE {
                n += 1;
            }
        });
        n
    }

    /// The estate (complete or not) that starts at `h`, if a run starts there.
    pub fn run_starting_at(&self, h: HouseRef) -> Option<(Estate, bool)> {
        let mut found = None;
        self.for_each_run(|e, complete| {
            if e.street == h.street && e.start == h.house {
                found = Some((e, complete));
            }
        });
        found
    }

    // ----- writing (callers check legality first) -----

    pub(crate) fn write(&mut self, h: HouseRef, value: u8, bis: bool) {
        debug_assert!(self.is_empty(h) && crate::number::is_number(value));
        self.cells[h.street as usize][h.house as usize] = value;
        self.numbered[h.street as usize] |= 1 << h.house;
        if bis {
            set_counted(
                &mut self.bis[h.street as usize],
                h.house,
                &mut self.bis_houses,
            );
        }
    }

    pub(crate) fn build_roundabout(&mut self, h: HouseRef) {
        debug_assert!(self.is_empty(h));
        self.cells[h.street as usize][h.house as usize] = ROUNDABOUT;
        set_counted(
            &mut self.rounds[h.street as usize],
            h.house,
            &mut self.roundabout_count,
        );
        if h.house > 0 {
            self.fences[h.street as usize] |= 1 << (h.house - 1);
        }
        if h.house + 1 < self.lens[h.street as usize] {
            self.fences[h.street as usize] |= 1 << h.house;
        }
    }

    pub(crate) fn mark(&mut self, h: HouseRef) {
        self.marks[h.street as usize] |= 1 << h.house;
    }

    pub(crate) fn set_choice(&mut self, s: u8, choice: u8) {
        self.choices[s as usize] = choice;
    }

    /// Items to cross off at the start of the next turn (see `owed`).
    #[inline]
    pub fn owed(&self) -> u8 {
        self.owed
    }

    pub(crate) fn set_owed(&mut self, n: u8) {
        self.owed = n;
    }

    pub(crate) fn set_race(&mut self, s: u8, race: Race) {
        self.races[s as usize] = race_code(race) as u8;
    }

    /// American Dream: the state of column `c`'s bonus (0-based; house c of every street).
    pub fn column_race(&self, c: u8) -> Race {
        race_of(self.column_races.checked_shr(2 * u32::from(c)).unwrap_or(0) & 3)
    }

    pub(crate) fn set_column_race(&mut self, c: u8, race: Race) {
        let shift = 2 * u32::from(c);
        if shift < 32 {
            self.column_races = (self.column_races & !(3 << shift)) | race_code(race) << shift;
        }
    }

    /// American Dream in AAA solo: column bonuses still to cross off.
    #[inline]
    pub fn owed_columns(&self) -> u8 {
        self.owed_columns
    }

    pub(crate) fn set_owed_columns(&mut self, n: u8) {
        self.owed_columns = n;
    }

    pub(crate) fn set_tier(&mut self, candy: bool, rank: u8, race: Race) {
        let shift = 2 * (rank + if candy { 3 } else { 0 });
        self.tiers = (self.tiers & !(3 << shift)) | (race_code(race) as u16) << shift;
    }

    pub(crate) fn set_ghost_option(&mut self, option: u8) {
        self.tiers = (self.tiers & !(3 << 12)) | (u16::from(option & 3) << 12);
    }

    /// Roswell: the objective circled (1-based), if chosen.
    pub fn objective(&self) -> Option<u8> {
        (self.objective > 0).then_some(self.objective)
    }

    /// Coin Coin: the points of duck scoring `k` (0 yellow, 1 black, 2 both), once held.
    pub fn duck_scoring(&self, k: usize) -> Option<u8> {
        self.ducks.get(k).copied().flatten()
    }

    pub(crate) fn set_duck_scoring(&mut self, k: usize, points: u8) {
        if let Some(d) = self.ducks.get_mut(k) {
            *d = Some(points);
        }
    }

    pub(crate) fn set_objective(&mut self, objective: u8) {
        self.objective = objective;
    }

    /// Zombies: whether house `h` is invaded.
    #[inline]
    pub fn is_invaded(&self, h: HouseRef) -> bool {
        bit(&self.invaded, h.street, h.house)
    }

    /// Zombies: invaded houses.
    pub fn invaded_count(&self) -> u8 {
        count_all(&self.invaded)
    }

    /// Zombies: whether the player built a barricade in front of house `h`.
    #[inline]
    pub fn has_barricade(&self, h: HouseRef) -> bool {
        bit(&self.barricades, h.street, h.house)
    }

    /// Zombies: barricades the player built in street `s`, bit i for house i.
    pub fn barricades_in(&self, s: u8) -> u16 {
        self.barricades.get(s as usize).copied().unwrap_or(0)
    }

    /// Zombies: barricades the player built.
    pub fn barricade_count(&self) -> u8 {
        count_all(&self.barricades)
    }

    /// Zombies: the arrows horde `horde` has traced (street s's left horde is 2s, its right
    /// one 2s + 1).
    pub fn horde_steps(&self, horde: u8) -> u8 {
        (self.hordes.checked_shr(4 * u32::from(horde)).unwrap_or(0) & 0xF) as u8
    }

    /// Zombies: ammo gained from improvement boxes.
    pub fn ammo_gained(&self) -> u8 {
        self.ammo_gained
    }

    /// Zombies: ammo used to slow a horde.
    pub fn ammo_used(&self) -> u8 {
        self.ammo_used
    }

    /// Zombies: a horde invades house `h`: its number (if any) is erased for a `Z`, and a
    /// fence is drawn on each side where none is (collector expansions §8.3.3). A built pool,
    /// an Extension's box and a plan's lock stay.
    pub(crate) fn invade(&mut self, h: HouseRef) {
        let (s, i) = (h.street as usize, h.house);
        self.cells[s][i as usize] = INVADED;
        self.numbered[s] &= !(1 << i);
        self.invaded[s] |= 1 << i;
        if i > 0 {
            self.fences[s] |= 1 << (i - 1);
        }
        if i + 1 < self.lens[s] {
            self.fences[s] |= 1 << i;
        }
    }

    pub(crate) fn build_barricade(&mut self, h: HouseRef) {
        self.barricades[h.street as usize] |= 1 << h.house;
    }

    pub(crate) fn set_horde_steps(&mut self, horde: u8, steps: u8) {
        let shift = 4 * u32::from(horde);
        if shift < 64 {
            self.hordes = (self.hordes & !(0xF << shift)) | u64::from(steps & 0xF) << shift;
        }
    }

    pub(crate) fn set_ammo(&mut self, gained: u8, used: u8) {
        self.ammo_gained = gained;
        self.ammo_used = used;
    }

    pub(crate) fn add_free_bis(&mut self) {
        self.free_bis += 1;
    }

    pub(crate) fn add_fence(&mut self, f: FenceRef) {
        self.fences[f.street as usize] |= 1 << f.slot;
    }

    pub(crate) fn mark_used(&mut self, h: HouseRef) {
        self.used[h.street as usize] |= 1 << h.house;
    }

    pub(crate) fn build_pool(&mut self, h: HouseRef) {
        set_counted(
            &mut self.pools[h.street as usize],
            h.house,
            &mut self.pool_count,
        );
    }

    pub(crate) fn cross_park(&mut self, s: u8) {
        self.parks[s as usize] += 1;
    }

    pub(crate) fn cross_temp(&mut self, boxes: u8) {
        if self.temps < boxes {
            self.temps += 1;
        }
    }

    pub(crate) fn cross_real_estate(&mut self, size: usize) {
        self.real_estate[size - 1] += 1;
    }

    pub(crate) fn cross_refusal(&mut self) {
        self.refusals += 1;
    }

    pub(crate) fn set_plan(&mut self, slot: usize, points: u8) {
        self.plans[slot] = Some(points);
    }

    /// Raw parts for the sheet file format.
    pub(crate) fn set_counts(
        &mut self,
        parks: [u8; MAX_STREETS],
        temps: u8,
        real_estate: [u8; MAX_ESTATE],
        refusals: u8,
        plans: [Option<u8>; 3],
    ) {
        self.parks = parks;
        self.temps = temps;
        self.real_estate = real_estate;
        self.refusals = refusals;
        self.plans = plans;
    }
}

/// A one-glance text drawing of a sheet: `R` roundabout, `|` fence, `5b` bis, `_` empty,
/// `*` a built pool, `'` a house used for a plan.
impl fmt::Display for Sheet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let widest = *self.lens.iter().max().unwrap_or(&0);
        for s in 0..self.streets {
            let pad = (widest - self.lens[s as usize]) as usize * 5;
            write!(f, "S{} {:pad$}|", s + 1, "")?;
            for i in 0..self.lens[s as usize] {
                let h = HouseRef::new(s, i);
                let mut txt = match self.house(h) {
                    House::Empty if self.has_planned_pool(h) => "o".to_string(),
                    House::Empty => "_".to_string(),
                    House::Roundabout => "R".to_string(),
                    House::Invaded => "Z".to_string(),
                    House::Number { value, bis } => {
                        let value = crate::number::shown(value);
                        format!("{value}{}", if bis { "b" } else { "" })
                    }
                };
                if self.has_pool(h) {
                    txt.push('*');
                }
                if self.is_used(h) {
                    txt.push('\'');
                }
                let sep = if i + 1 == self.lens[s as usize] || self.has_fence(FenceRef::new(s, i)) {
                    '|'
                } else {
                    ' '
                };
                write!(f, "{txt:>4}{sep}")?;
            }
            writeln!(f, "  parks {}", self.parks[s as usize])?;
        }
        let raised: Vec<String> = self.real_estate.iter().map(u8::to_string).collect();
        write!(
            f,
            "pools {}  temps {}  real estate raised (sizes 1–{}) {}  bis {}  roundabouts {}  \
             refusals {}  plans",
            self.pool_count(),
            self.temps,
            MAX_ESTATE,
            raised.join("/"),
            self.bis_count(),
            self.roundabouts(),
            self.refusals,
        )?;
        for (k, p) in self.plans.iter().enumerate() {
            let sep = if k == 0 { " " } else { ", " };
            match p {
                Some(points) => write!(f, "{sep}n°{} {points}", k + 1)?,
                None => write!(f, "{sep}n°{} –", k + 1)?,
            }
        }
        Ok(())
    }
}
