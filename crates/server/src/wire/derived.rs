//! The derived state of a sheet as it is sent (module `derived` works it out): the numbers each
//! empty house still takes, the housing estates and the marks of the sheet's rule modules.

use serde::{Deserialize, Serialize};
use welcome_engine::edition::DuckColour;
use welcome_engine::{FenceRef, HouseRef, Race, Side};

/// The derived state of one sheet.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Derived {
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

/// A horde at one end of a street (Zombies).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct HordeOut {
    /// 1-based.
    pub street: u8,
    /// The end it starts from.
    pub side: Side,
    /// The house each of its printed arrows ends at (1-based), in order.
    pub arrivals: Vec<u8>,
    /// Arrows traced so far.
    pub traced: u8,
    /// The house its next arrow ends at; `null` once every arrow is traced.
    pub next: Option<u8>,
    /// Whether that house would be invaded if the horde moved now (no barricade, roundabout
    /// or `Z` stops it there).
    pub next_invades: bool,
    /// X marks on its arrows: the times it was slowed with an ammo.
    pub slowed: u8,
}

/// The ammo stock (Zombies).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct AmmoOut {
    /// Ammo boxes printed in the stock.
    pub stock: u8,
    /// Circled at the start of the game.
    pub start: u8,
    /// Circled since, by crossing improvement boxes with an ammo icon.
    pub gained: u8,
    /// Crossed to slow a horde.
    pub used: u8,
    /// Circled and not used: how many hordes can be slowed.
    pub left: u8,
}

/// What stands in front of a house (Zombies).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Barricade {
    /// Printed on the sheet.
    Printed,
    /// Built by the player (the Barrière's number in a house printed without one).
    Built,
    /// Nothing: the house is printed without a barricade and none was built.
    None,
}

/// A duckling (Coin Coin), between houses `a` and `b` (neighbours in a street, or one above
/// the other between two streets).
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

/// A flying saucer (Roswell).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct SaucerOut {
    pub house: HouseRef,
    /// Circled: the number written under it infiltrated.
    pub circled: bool,
    /// A roundabout stands on its house, or its house holds an Extension copy or a number
    /// that did not infiltrate: it can never be circled now.
    pub lost: bool,
}

/// A shelter.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ShelterOut {
    pub house: HouseRef,
    /// The number written in it, once its house is numbered.
    pub capacity: Option<u8>,
    /// A roundabout stands on its house: it is never built.
    pub lost: bool,
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

/// An egg house.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct EggOut {
    pub house: HouseRef,
    pub eggs: u8,
    pub collected: u8,
    /// Eggs that can no longer be collected: the house holds a number or a roundabout.
    pub lost: u8,
    /// For drawing only.
    pub colour: String,
}

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
