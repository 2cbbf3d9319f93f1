//! The fixed discrete action space over the turn machine's decisions, the one the Python
//! package and learning agents see (its README lists the ranges): every listed decision has
//! exactly one action index and every index names at most one decision of the current stage.
//! It lives beside the machine so that a rule module's new decision gets its range here, where
//! the conformance tests round-trip every listed decision of every sheet.

use crate::edition::Side;
use crate::legal::{Offer, TurnError};
use crate::machine::{Decision, Listing, TurnMachine};
use crate::sheet::{FenceRef, HouseRef, MAX_HOUSES, MAX_STREETS};
use crate::turn::{BonusUse, Choice, EffectUse, Hordes, Pick, Treat};
use std::fmt;

/// Picks: the three standard combinations, then the six (number card, effect card) pairs of
/// a hand.
pub const PICKS: usize = 9;
/// A number written differs from the card's by −2…+2 (the Temp Agency).
pub const DELTAS: usize = 5;
const HOUSES: usize = MAX_STREETS * MAX_HOUSES;
const SLOTS: usize = MAX_HOUSES - 1;
/// Claims listed per plan: the k-th listed claim of plan p for k below this cap.
pub const CLAIMS_PER_PLAN: usize = 16;
/// Choices a rule module can ask for (the Ice Cream truck, left or right).
const CHOICES: [Choice; 2] = [Choice::Truck(Side::Left), Choice::Truck(Side::Right)];

pub const BUILD: usize = 0;
pub const ROUNDABOUT: usize = BUILD + PICKS * HOUSES * DELTAS;
pub const REFUSE: usize = ROUNDABOUT + HOUSES;
pub const CHOOSE: usize = REFUSE + 4;
pub const EFFECT_PASS: usize = CHOOSE + CHOICES.len();
pub const FENCE: usize = EFFECT_PASS + 1;
pub const REAL_ESTATE: usize = FENCE + MAX_STREETS * SLOTS;
pub const PARK: usize = REAL_ESTATE + 6;
pub const POOL: usize = PARK + 1;
/// The collector edition's optional Temp (cross a box).
pub const TEMP: usize = POOL + 1;
pub const BIS: usize = TEMP + 1;
pub const STOP: usize = BIS + HOUSES * 2;
pub const CLAIM: usize = STOP + 2;
/// Crossing off a street's open bonus (collector Ice Cream in AAA solo); after the claims so
/// that earlier indices kept their meaning.
pub const CROSS: usize = CLAIM + 3 * CLAIMS_PER_PLAN;
/// Halloween: circle the ghost, or the candy, of the house just numbered.
pub const CIRCLE: usize = CROSS + MAX_STREETS;
/// Halloween tiers: ghost tiers 4, 6, 9 with option 1 or 2 (rank × 2 + option − 1), then
/// candy tiers 4, 6, 9.
pub const TIER: usize = CIRCLE + 2;
/// Halloween ghost bonuses: a pool on a house, a park in a street, an Extension copy (the
/// house copied into × the side copied from, as `bis`).
pub const BONUS_POOL: usize = TIER + 9;
pub const BONUS_PARK: usize = BONUS_POOL + HOUSES;
pub const BONUS_EXTENSION: usize = BONUS_PARK + MAX_STREETS;
/// Roswell: circle objective 1…4 (the first turn).
pub const OBJECTIVE: usize = BONUS_EXTENSION + HOUSES * 2;
/// Roswell: infiltrate instead of using the action.
pub const INFILTRATE: usize = OBJECTIVE + OBJECTIVES;
/// American Dream in AAA solo: cross off the bonus of column 0…15. The engine's
/// `Decision::Cross` numbers columns after the streets; American Dream has exactly 5 streets
/// (layout constraint ADR-L1), so column c is item `MAX_STREETS + c`.
pub const CROSS_COLUMN: usize = INFILTRATE + 1;
/// Zombies: the hordes slowed as a Zombie card comes up, as a set of the six hordes of a
/// three-street sheet (bit 2s: street s's left horde, 2s + 1 its right one).
pub const AMMO: usize = CROSS_COLUMN + COLUMNS;
/// Zombies: a barricade instead of the Surveyor's fence.
pub const BARRICADE: usize = AMMO + AMMO_SETS;
/// A hand of two (Zombies expert and AAA): pass on, or give the AAA, hand card 0…2.
pub const PASS: usize = BARRICADE + 1;
/// Size of the action space.
pub const NUM_ACTIONS: usize = PASS + 3;
/// Sets of hordes of a three-street Zombies sheet.
const AMMO_SETS: usize = 64;
/// Columns an American Dream sheet can have (one per house of a street).
const COLUMNS: usize = MAX_HOUSES;
/// Objectives on the Roswell sheet (collector expansions §7.2, verified).
const OBJECTIVES: usize = 4;
/// The tier needs printed on the Halloween sheet (collector expansions §4.2, verified).
const NEEDS: [u8; 3] = [4, 6, 9];

/// The action ranges by kind, for documentation and Python: (name, first, count).
pub const RANGES: [(&str, usize, usize); 24] = [
    ("build", BUILD, ROUNDABOUT - BUILD),
    ("roundabout", ROUNDABOUT, HOUSES),
    ("refuse", REFUSE, 4),
    ("choose", CHOOSE, CHOICES.len()),
    ("effect-pass", EFFECT_PASS, 1),
    ("fence", FENCE, MAX_STREETS * SLOTS),
    ("real-estate", REAL_ESTATE, 6),
    ("park", PARK, 1),
    ("pool", POOL, 1),
    ("temp", TEMP, 1),
    ("bis", BIS, HOUSES * 2),
    ("stop", STOP, 2),
    ("cross", CROSS, MAX_STREETS),
    ("circle", CIRCLE, 2),
    ("tier", TIER, 9),
    ("bonus-pool", BONUS_POOL, HOUSES),
    ("bonus-park", BONUS_PARK, MAX_STREETS),
    ("bonus-extension", BONUS_EXTENSION, HOUSES * 2),
    ("objective", OBJECTIVE, OBJECTIVES),
    ("infiltrate", INFILTRATE, 1),
    ("cross-column", CROSS_COLUMN, COLUMNS),
    ("ammo", AMMO, AMMO_SETS),
    ("barricade", BARRICADE, 1),
    ("pass", PASS, 3),
];

fn house_index(h: HouseRef) -> usize {
    h.street as usize * MAX_HOUSES + h.house as usize
}

fn house_of(i: usize) -> HouseRef {
    HouseRef::new((i / MAX_HOUSES) as u8, (i % MAX_HOUSES) as u8)
}

pub fn pick_index(p: Pick) -> usize {
    match p {
        Pick::Combination(i) => i as usize,
        Pick::Hand((n, e)) => 3 + n as usize * 2 + (e as usize - usize::from(e > n)),
    }
}

fn pick_of(i: usize) -> Pick {
    if i < 3 {
        Pick::Combination(i as u8)
    } else {
        let n = (i - 3) / 2;
        let k = (i - 3) % 2;
        let e = if k < n { k } else { k + 1 };
        Pick::Hand((n as u8, e as u8))
    }
}

/// The action of a decision other than a claim; `None` if it lies outside the fixed space
/// (a sheet larger than the space allows).
pub fn encode(d: &Decision, offer: &Offer) -> Option<usize> {
    let house = |h: HouseRef| {
        ((h.street as usize) < MAX_STREETS && (h.house as usize) < MAX_HOUSES)
            .then(|| house_index(h))
    };
    Some(match d {
        Decision::Build {
            pick,
            house: h,
            number,
        } => {
            let (card, _) = offer.resolve(*pick)?;
            return build_action(pick_index(*pick), card, *h, *number);
        }
        Decision::Roundabout(h) => ROUNDABOUT + house(*h)?,
        Decision::Refuse { pass } => REFUSE + pass.map_or(0, |k| 1 + k as usize),
        Decision::Choose(c) => CHOOSE + CHOICES.iter().position(|x| x == c)?,
        Decision::Effect(None) => EFFECT_PASS,
        Decision::Effect(Some(u)) => match *u {
            EffectUse::Fence(f) if (f.slot as usize) < SLOTS => {
                FENCE + f.street as usize * SLOTS + f.slot as usize
            }
            EffectUse::Fence(_) => return None,
            EffectUse::RealEstate(size) if (1..=6).contains(&size) => {
                REAL_ESTATE + size as usize - 1
            }
            EffectUse::RealEstate(_) => return None,
            EffectUse::Park => PARK,
            EffectUse::Pool => POOL,
            EffectUse::Temp => TEMP,
            EffectUse::Infiltrate => INFILTRATE,
            EffectUse::Barricade => BARRICADE,
            EffectUse::Bis { from, to } => {
                let side = usize::from(from.house > to.house);
                BIS + house(to)? * 2 + side
            }
        },
        Decision::Stop { reshuffle } => STOP + usize::from(*reshuffle),
        Decision::Cross(s) if (*s as usize) < MAX_STREETS => CROSS + *s as usize,
        Decision::Cross(c) if (*c as usize) < MAX_STREETS + COLUMNS => {
            CROSS_COLUMN + *c as usize - MAX_STREETS
        }
        Decision::Cross(_) => return None,
        Decision::Ammo(set) if (set.0 as usize) < AMMO_SETS => AMMO + set.0 as usize,
        Decision::Ammo(_) => return None,
        Decision::Pass(c) if *c < 3 => PASS + *c as usize,
        Decision::Pass(_) => return None,
        Decision::Claim(_) => return None,
        Decision::Circle(t) => CIRCLE + usize::from(*t == Treat::Candy),
        Decision::Tier {
            treat,
            need,
            option,
        } => {
            let rank = NEEDS.iter().position(|n| n == need)?;
            match (treat, option) {
                (Treat::Ghost, Some(o @ (1 | 2))) => TIER + rank * 2 + *o as usize - 1,
                (Treat::Candy, None) => TIER + 6 + rank,
                _ => return None,
            }
        }
        Decision::Objective(o) if (1..=OBJECTIVES).contains(&usize::from(*o)) => {
            OBJECTIVE + usize::from(*o) - 1
        }
        Decision::Objective(_) => return None,
        Decision::Bonus(u) => match *u {
            BonusUse::Pool(h) => BONUS_POOL + house(h)?,
            BonusUse::Park(s) if (s as usize) < MAX_STREETS => BONUS_PARK + s as usize,
            BonusUse::Park(_) => return None,
            BonusUse::Extension { from, to } => {
                let side = usize::from(from.house > to.house);
                BONUS_EXTENSION + house(to)? * 2 + side
            }
        },
    })
}

/// The action writing `number` in `h` from pick `pick` (an index) whose card shows `card`.
fn build_action(pick: usize, card: u8, h: HouseRef, number: u8) -> Option<usize> {
    let delta = number as isize - card as isize + 2;
    let fits = (h.street as usize) < MAX_STREETS && (h.house as usize) < MAX_HOUSES;
    if !(0..DELTAS as isize).contains(&delta) || !fits {
        return None;
    }
    Some(BUILD + ((pick * HOUSES) + house_index(h)) * DELTAS + delta as usize)
}

/// The house a copy goes to and the one it copies, from `k` = house × 2 + side.
fn copy_of(action: usize, k: usize) -> Result<(HouseRef, HouseRef), ActionError> {
    let to = house_of(k / 2);
    let from = match k % 2 {
        0 if to.house > 0 => HouseRef::new(to.street, to.house - 1),
        0 => return Err(ActionError::CopyFromNothing { action }),
        _ => HouseRef::new(to.street, to.house + 1),
    };
    Ok((from, to))
}

/// Why an action index names no decision at this point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// At or beyond [`NUM_ACTIONS`].
    OutsideSpace { action: usize },
    /// A build whose number would fall below 0 (a low card less 2 for the Temp Agency).
    NegativeNumber { action: usize },
    /// A copy (Bis, Extension) from the left of a street's first house.
    CopyFromNothing { action: usize },
    /// The `k`-th claim (0-based) of plan `plan` (0-based), when fewer are listed now.
    NoSuchClaim { plan: usize, k: usize },
    /// The decision the index names, refused by the rules.
    Illegal(TurnError),
}

impl ActionError {
    /// A stable code: `no_such_action` when the index names nothing, the rule's code when
    /// the rules refuse what it names.
    pub fn code(&self) -> &'static str {
        match self {
            ActionError::Illegal(e) => e.code(),
            _ => "no_such_action",
        }
    }
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::OutsideSpace { action } => {
                write!(
                    f,
                    "action {action} is outside the action space 0..{NUM_ACTIONS}"
                )
            }
            ActionError::NegativeNumber { action } => {
                write!(f, "action {action} writes a negative number")
            }
            ActionError::CopyFromNothing { action } => {
                write!(f, "action {action} copies from left of the first house")
            }
            ActionError::NoSuchClaim { plan, k } => write!(
                f,
                "City Plan n°{} has no claim number {} listed now",
                plan + 1,
                k + 1
            ),
            ActionError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ActionError {}

/// The decision an action names at the machine's current stage.
pub fn decode(action: usize, m: &TurnMachine<'_>) -> Result<Decision, ActionError> {
    let offer = m.context().offer;
    let d = if action < ROUNDABOUT {
        let delta = action % DELTAS;
        let h = house_of(action / DELTAS % HOUSES);
        let pick = pick_of(action / DELTAS / HOUSES);
        let (card, _) = offer
            .resolve(pick)
            .ok_or(ActionError::Illegal(TurnError::NoSuchPick { pick }))?;
        let number = card as isize + delta as isize - 2;
        if number < 0 {
            return Err(ActionError::NegativeNumber { action });
        }
        Decision::Build {
            pick,
            house: h,
            number: number as u8,
        }
    } else if action < REFUSE {
        Decision::Roundabout(house_of(action - ROUNDABOUT))
    } else if action < CHOOSE {
        let k = action - REFUSE;
        Decision::Refuse {
            pass: (k > 0).then(|| k as u8 - 1),
        }
    } else if action < EFFECT_PASS {
        Decision::Choose(CHOICES[action - CHOOSE])
    } else if action == EFFECT_PASS {
        Decision::Effect(None)
    } else if action < REAL_ESTATE {
        let k = action - FENCE;
        Decision::Effect(Some(EffectUse::Fence(FenceRef::new(
            (k / SLOTS) as u8,
            (k % SLOTS) as u8,
        ))))
    } else if action < PARK {
        Decision::Effect(Some(EffectUse::RealEstate(
            (action - REAL_ESTATE + 1) as u8,
        )))
    } else if action == PARK {
        Decision::Effect(Some(EffectUse::Park))
    } else if action == POOL {
        Decision::Effect(Some(EffectUse::Pool))
    } else if action == TEMP {
        Decision::Effect(Some(EffectUse::Temp))
    } else if action < STOP {
        let (from, to) = copy_of(action, action - BIS)?;
        Decision::Effect(Some(EffectUse::Bis { from, to }))
    } else if action < CLAIM {
        Decision::Stop {
            reshuffle: action > STOP,
        }
    } else if (CROSS..CIRCLE).contains(&action) {
        Decision::Cross((action - CROSS) as u8)
    } else if (CIRCLE..TIER).contains(&action) {
        Decision::Circle(if action == CIRCLE {
            Treat::Ghost
        } else {
            Treat::Candy
        })
    } else if (TIER..BONUS_POOL).contains(&action) {
        let k = action - TIER;
        if k < 6 {
            Decision::Tier {
                treat: Treat::Ghost,
                need: NEEDS[k / 2],
                option: Some(k as u8 % 2 + 1),
            }
        } else {
            Decision::Tier {
                treat: Treat::Candy,
                need: NEEDS[k - 6],
                option: None,
            }
        }
    } else if (BONUS_POOL..BONUS_PARK).contains(&action) {
        Decision::Bonus(BonusUse::Pool(house_of(action - BONUS_POOL)))
    } else if (BONUS_PARK..BONUS_EXTENSION).contains(&action) {
        Decision::Bonus(BonusUse::Park((action - BONUS_PARK) as u8))
    } else if (BONUS_EXTENSION..OBJECTIVE).contains(&action) {
        let (from, to) = copy_of(action, action - BONUS_EXTENSION)?;
        Decision::Bonus(BonusUse::Extension { from, to })
    } else if (OBJECTIVE..INFILTRATE).contains(&action) {
        Decision::Objective((action - OBJECTIVE + 1) as u8)
    } else if action == INFILTRATE {
        Decision::Effect(Some(EffectUse::Infiltrate))
    } else if (CROSS_COLUMN..AMMO).contains(&action) {
        Decision::Cross((MAX_STREETS + action - CROSS_COLUMN) as u8)
    } else if (AMMO..BARRICADE).contains(&action) {
        Decision::Ammo(Hordes((action - AMMO) as u16))
    } else if action == BARRICADE {
        Decision::Effect(Some(EffectUse::Barricade))
    } else if (PASS..NUM_ACTIONS).contains(&action) {
        Decision::Pass((action - PASS) as u8)
    } else if action < CROSS {
        let plan = (action - CLAIM) / CLAIMS_PER_PLAN;
        let k = (action - CLAIM) % CLAIMS_PER_PLAN;
        return listed(m)
            .into_iter()
            .filter_map(|(_, d)| match d {
                Decision::Claim(c) if c.plan as usize == plan => Some(Decision::Claim(c)),
                _ => None,
            })
            .nth(k)
            .ok_or(ActionError::NoSuchClaim { plan, k });
    } else {
        return Err(ActionError::OutsideSpace { action });
    };
    Ok(d)
}

/// Every listed decision of the current stage with its action, in action order.
pub fn listed(m: &TurnMachine<'_>) -> Vec<(usize, Decision)> {
    let mut out = Vec::new();
    listed_into(m, &mut Vec::new(), &mut out);
    out
}

/// `listed` into `out` (cleared first), with `options` as scratch space: a caller that keeps
/// both vectors lists without allocating once they have grown.
pub fn listed_into(
    m: &TurnMachine<'_>,
    options: &mut Vec<Decision>,
    out: &mut Vec<(usize, Decision)>,
) {
    m.options_up_to(CLAIMS_PER_PLAN, options);
    let offer = m.context().offer;
    let mut claims = [0usize; 3];
    out.clear();
    out.extend(
        options
            .drain(..)
            .filter_map(|d| Some((action_of(&d, &offer, &mut claims)?, d))),
    );
    out.sort_by_key(|(a, _)| *a);
}

/// The legal actions alone, ascending, into `out` (cleared first). `decode` gives each one's
/// decision back. The machine's decisions become actions as it lists them, with no list of
/// decisions in between, and the builds of a pick in a house come as a run of numbers, which
/// is a run of actions. The start stage lists its builds in action order already, so the
/// sort is only a check but for the few stages that list out of order.
pub fn actions_into(m: &TurnMachine<'_>, out: &mut Vec<usize>) {
    out.clear();
    let mut list = Actions {
        out,
        offer: m.context().offer,
        claims: [0; 3],
        cards: [None; PICKS],
    };
    m.list(CLAIMS_PER_PLAN, &mut list);
    if !out.is_sorted() {
        out.sort_unstable();
    }
}

/// The `Listing` of `actions_into`.
struct Actions<'a> {
    out: &'a mut Vec<usize>,
    offer: Offer,
    /// Claims listed so far per plan.
    claims: [usize; 3],
    /// The card of each pick, looked up once: a start stage lists dozens of runs.
    cards: [Option<Option<u8>>; PICKS],
}

impl Listing for Actions<'_> {
    fn builds(&mut self, pick: Pick, house: HouseRef, first: u8, last: u8) {
        let p = pick_index(pick);
        let offer = &self.offer;
        let Some(card) = self
            .cards
            .get_mut(p)
            .and_then(|c| *c.get_or_insert_with(|| offer.resolve(pick).map(|(c, _)| c)))
        else {
            return;
        };
        match build_action(p, card, house, first) {
            // A run's numbers are consecutive, so are their actions while the last one's
            // difference from the card stays inside the space (always but off the space).
            Some(a) if usize::from(last - first) + (a - BUILD) % DELTAS < DELTAS => {
                self.out
                    .extend((0..=usize::from(last - first)).map(|k| a + k));
            }
            _ => self
                .out
                .extend((first..=last).filter_map(|number| build_action(p, card, house, number))),
        }
    }

    fn decision(&mut self, d: Decision) {
        self.out
            .extend(action_of(&d, &self.offer, &mut self.claims));
    }
}

/// The action of a listed decision; `claims` counts the claims listed so far per plan.
fn action_of(d: &Decision, offer: &Offer, claims: &mut [usize; 3]) -> Option<usize> {
    match d {
        Decision::Claim(c) => {
            let plan = (c.plan as usize).min(2);
            let k = claims[plan];
            claims[plan] += 1;
            Some(CLAIM + plan * CLAIMS_PER_PLAN + k)
        }
        d => encode(d, offer),
    }
}

/// The kind of an action (its range's name), or `None` outside the space.
pub fn kind(action: usize) -> Option<&'static str> {
    if (CLAIM..CROSS).contains(&action) {
        return Some("claim");
    }
    RANGES
        .iter()
        .find(|(_, first, n)| (*first..first + n).contains(&action))
        .map(|(name, _, _)| *name)
}
