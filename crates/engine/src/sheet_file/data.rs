//! The sheet file's form: what a player's sheet holds as written on paper, the file around it
//! and why one cannot be read. Plain data, so that each rule module's own checks of its marks
//! (`modules/<module>/file.rs`) build on it and the reader (`sheet_file`) on them.

use crate::file_kind::SHEET_FORMAT;
use crate::house::{HouseRef, Side, MAX_ESTATE};
use crate::id::SheetId;
use crate::number::shown;
use crate::sheet::Race;
use serde::{Deserialize, Serialize};

/// The sheet-file version this engine writes and reads.
pub const SHEET_VERSION: u32 = 1;

/// One street as written: house boxes, drawn fences, built pools, crossed parks and the houses
/// whose top fence is crossed (used for a plan). Every position is 1-based.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StreetData {
    /// One entry per house: "" empty, "7" a number, "7b" a bis number, "R" a roundabout.
    pub houses: Vec<String>,
    /// Fence slots k (between houses k and k+1) with a drawn fence; roundabout fences may be
    /// omitted.
    #[serde(default)]
    pub fences: Vec<u8>,
    /// Houses whose pool is built.
    #[serde(default)]
    pub pools: Vec<u8>,
    /// Park boxes crossed.
    #[serde(default)]
    pub parks: u8,
    /// Houses used for a City Plan.
    #[serde(default)]
    pub plan_houses: Vec<u8>,
    /// Ice Cream: houses whose cone is circled. Halloween: houses whose ghost is circled (a
    /// numbered ghost/candy house not listed has its candy circled). Roswell: houses whose
    /// saucer is circled (infiltrated). American Dream: the perfect houses.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub circled: Vec<u8>,
    /// Ice Cream: the truck chosen on a street with two.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub truck: Option<Side>,
    /// Ice Cream: the end-of-route bonus, when circled ("won") or crossed ("lost"). American
    /// Dream: the street bonus.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus: Option<Race>,
    /// Zombies: houses in front of which the player built a barricade (a house printed without
    /// one, numbered by a Barrière).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub barricades: Vec<u8>,
    /// Zombies: the arrows traced by the street's left and right hordes.
    #[serde(default, skip_serializing_if = "is_zero_pair")]
    pub hordes: [u8; 2],
    /// Zombies: the X marks drawn on the left and right hordes' arrows, one per ammo used to
    /// slow the horde. A sheet holds only how many ammo were used, not which horde each
    /// slowed: a file written from a sheet alone leaves them out, and reading one checks them
    /// against the ammo used.
    #[serde(default, skip_serializing_if = "is_zero_pair")]
    pub slowed: [u8; 2],
}

/// The sheet itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetData {
    pub streets: Vec<StreetData>,
    #[serde(default)]
    pub temps: u8,
    /// Boxes crossed in the real-estate columns for sizes 1…6.
    #[serde(default)]
    pub real_estate: [u8; MAX_ESTATE],
    #[serde(default)]
    pub refusals: u8,
    /// Points written in the plan boxes n°1…n°3.
    #[serde(default)]
    pub plans: [Option<u8>; 3],
    /// Open bonuses still to cross off because a Validation card came up (Ice Cream in AAA
    /// solo, collector expansions §3.6).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub owed: u8,
    /// Halloween: the ghost and candy tiers circled ("won") or crossed off ("lost"), lowest
    /// need first, and the ghost bonus option taken (1 or 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tiers: Option<TiersData>,
    /// Halloween: Extension houses written by a ghost bonus, which crossed no box.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub free_extensions: u8,
    /// Roswell: the infiltration objective circled (1-based).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objective: Option<u8>,
    /// Coin Coin: the points written at the yellow, black and yellow-and-black duck scorings
    /// held so far (`null` while not held).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duck_scorings: Option<[Option<u8>; 3]>,
    /// American Dream: each column's bonus, left to right, when circled ("won") or crossed
    /// ("lost"); `null` while open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column_bonuses: Option<Vec<Option<Race>>>,
    /// American Dream in AAA solo: column bonuses still to cross off because a Validation card
    /// came up (`owed` counts its street bonuses).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub owed_columns: u8,
    /// Zombies: ammo circled by crossing improvement boxes with an ammo icon (the ammo
    /// circled at the start not included).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ammo_gained: u8,
    /// Zombies: ammo crossed to slow a horde.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ammo_used: u8,
}

/// The Halloween tiers of a sheet file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TiersData {
    pub ghost: [Option<Race>; 3],
    pub candy: [Option<Race>; 3],
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option: Option<u8>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

fn is_zero_pair(n: &[u8; 2]) -> bool {
    *n == [0, 0]
}

/// A sheet file: the sheet plus what scoring needs from the rest of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetFile {
    pub format: String,
    pub version: u32,
    pub edition: String,
    /// The sheet (thematic §1.2); classic when absent.
    #[serde(default, skip_serializing_if = "is_classic")]
    pub sheet_id: SheetId,
    #[serde(default)]
    pub solo: bool,
    /// Temp counts of the other players (multiplayer temp majority).
    #[serde(default)]
    pub temps_of_others: Vec<u8>,
    /// Atomic War: the other players' shelter capacities, per street (collector expansions
    /// §6.4); without them the sheet is compared with nobody.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shelters_of_others: Vec<Vec<u16>>,
    pub sheet: SheetData,
}

pub(crate) fn is_classic(id: &SheetId) -> bool {
    *id == SheetId::classic()
}

/// Why a sheet file cannot be scored. Positions in messages are 1-based.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SheetFileError {
    /// Not a sheet file at all, or not one this engine can read: what the file is instead, in
    /// words (`file_kind`), then the parser's detail.
    #[error("{0}")]
    Json(String),
    #[error("format is {found:?}, expected \"{SHEET_FORMAT}\"")]
    Format { found: String },
    #[error(
        "sheet file version {found} is not supported (this engine reads version {SHEET_VERSION})"
    )]
    Version { found: u32 },
    #[error("unknown edition {0:?}")]
    Edition(String),
    #[error("edition {edition} has no sheet {sheet:?}")]
    Sheet { edition: String, sheet: String },
    #[error("the sheet has {found} streets, the {sheet} sheet has {expected}")]
    Streets {
        found: usize,
        sheet: String,
        expected: usize,
    },
    #[error("street {street}: {what}")]
    Feature { street: usize, what: String },
    #[error("street {street}: {found} houses, the edition prints {expected}")]
    Houses {
        street: usize,
        found: usize,
        expected: u8,
    },
    #[error("street {street} house {house}: {text:?} is not \"\", a number 0–17, a number with \"b\", \"R\", \"Z\" or \"Zb\"")]
    HouseText {
        street: usize,
        house: usize,
        text: String,
    },
    #[error("street {street} house {house}: {text:?} is a ¾ number, which only the collector edition's 9¾ cards write (7¾ to 11¾); edition {edition} has none")]
    QuarterNumber {
        street: usize,
        house: usize,
        text: String,
        edition: String,
    },
    #[error("street {street}: {what} {value} is outside the street")]
    Position {
        street: usize,
        what: &'static str,
        value: u8,
    },
    #[error("street {street}: house {house} holds {} after {} in house {previous_house}; numbers must increase", shown(*number), shown(*previous))]
    Order {
        street: usize,
        house: usize,
        number: u8,
        previous_house: usize,
        previous: u8,
    },
    #[error("street {street} house {house}: a bis number needs a neighbour with the same number in the same estate")]
    LoneBis { street: usize, house: usize },
    #[error("street {street} house {house}: a bis copy needs its original (the same number, not bis) next to it or to its other copies")]
    BisWithoutOriginal { street: usize, house: usize },
    #[error("street {street}: houses {a} and {b} hold the same number {} but neither is marked bis", shown(*number))]
    Duplicate {
        street: usize,
        a: usize,
        b: usize,
        number: u8,
    },
    #[error("street {street}: fence {slot} separates a bis pair")]
    FenceInBis { street: usize, slot: u8 },
    #[error("street {street} house {house}: a pool can only be built on a planned-pool house holding a number that is not bis")]
    Pool { street: usize, house: usize },
    #[error("street {street} house {house}: an empty house cannot be used for a plan")]
    PlanHouse { street: usize, house: usize },
    #[error("{track}: {found} crossed, the track has {boxes} boxes")]
    Track { track: String, found: u8, boxes: u8 },
    #[error("plan n°{slot}: {points} points is not printed on any plan n°{slot} card")]
    PlanPoints { slot: usize, points: u8 },
    #[error("a solo sheet has no other players' temps")]
    SoloWithOthers,
    #[error("shelters of other player {player}: {what}")]
    Shelters { player: usize, what: String },
}

impl SheetFileError {
    /// A stable machine-readable code.
    pub fn code(&self) -> &'static str {
        use SheetFileError::*;
        match self {
            Json(_) => "sheet_json",
            Format { .. } => "sheet_format",
            Version { .. } => "sheet_version",
            Edition(_) | Sheet { .. } => "sheet_edition",
            Feature { .. } => "sheet_feature",
            Streets { .. } | Houses { .. } | Position { .. } => "sheet_shape",
            HouseText { .. } => "sheet_house_text",
            QuarterNumber { .. } => "sheet_quarter_number",
            Order { .. } | Duplicate { .. } => "sheet_order",
            LoneBis { .. } | FenceInBis { .. } | BisWithoutOriginal { .. } => "sheet_bis",
            Pool { .. } => "sheet_pool",
            PlanHouse { .. } | PlanPoints { .. } => "sheet_plan",
            Track { .. } => "sheet_track",
            SoloWithOthers => "sheet_temps",
            Shelters { .. } => "sheet_shelters",
        }
    }
}

/// House `n` of street `s` (0-based, `len` houses long), as a file numbers it from 1, or the
/// error naming `what` stands outside the street.
pub(crate) fn house_at(
    s: u8,
    len: u8,
    what: &'static str,
    n: u8,
) -> Result<HouseRef, SheetFileError> {
    if n == 0 || n > len {
        return Err(SheetFileError::Position {
            street: s as usize + 1,
            what,
            value: n,
        });
    }
    Ok(HouseRef::new(s, n - 1))
}
