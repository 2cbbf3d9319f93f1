//! A Turn: everything one seat does in one Round, submitted at once (spec §4).
//!
//! The order of a turn is fixed: optional roundabout *before*, the number (or a permit refusal)
//! with its Effect, optional roundabout *after*, City Plan validations in the order given, and
//! the first-plan reshuffle request.

use crate::house::Side;
use crate::house::{FenceRef, HouseRef};
use serde::{Deserialize, Serialize};

/// Serde helper: a 0-based index written 1-based in files, as players count.
pub(crate) mod one_based {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &u8, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u16(*v as u16 + 1)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
        let v = u8::deserialize(d)?;
        v.checked_sub(1)
            .ok_or_else(|| serde::de::Error::custom("indices are numbered from 1"))
    }
}

mod one_based_pair {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &(u8, u8), s: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&[v.0 as u16 + 1, v.1 as u16 + 1], s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<(u8, u8), D::Error> {
        let [a, b] = <[u8; 2]>::deserialize(d)?;
        match (a.checked_sub(1), b.checked_sub(1)) {
            (Some(a), Some(b)) => Ok((a, b)),
            _ => Err(serde::de::Error::custom("hand cards are numbered from 1")),
        }
    }
}

/// Which offered combination a seat takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pick {
    /// Standard game: the combination of stack `i` (0-based; written 1-based).
    Combination(#[serde(with = "one_based")] u8),
    /// Solo and expert: the number from hand card `.0` and the effect from a different card `.1`.
    Hand(#[serde(with = "one_based_pair")] (u8, u8)),
}

impl std::fmt::Display for Pick {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Pick::Combination(i) => write!(f, "combination {}", *i as u16 + 1),
            Pick::Hand((n, e)) => write!(
                f,
                "the number of hand card {} with the effect of hand card {}",
                *n as u16 + 1,
                *e as u16 + 1
            ),
        }
    }
}

/// How the combination's Effect is used. Temp has no target: it is applied automatically.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum EffectUse {
    /// Surveyor: draw a fence in this slot.
    Fence(FenceRef),
    /// Real Estate Agent: cross the next box of the column for estates of this size (1–6).
    RealEstate(u8),
    /// Landscaper: cross the next park of the street just built in.
    Park,
    /// Pool Manufacturer: build the pool of the house just written.
    Pool,
    /// Temp, where it is optional (collector edition, Ruling C4): cross a temp box; the number
    /// written may then differ from the card's by up to 2.
    Temp,
    /// Bis: copy the number of `from` into the empty neighbouring house `to`.
    Bis { from: HouseRef, to: HouseRef },
    /// Roswell: circle the saucer over the house just written instead of using the action
    /// (collector expansions §7.3 step 2, Ruling X23).
    Infiltrate,
    /// Zombies: the Barrière builds a barricade in front of the unbarricaded house just
    /// written instead of a fence (collector expansions §8.3.5, Ruling X29).
    Barricade,
}

/// A set of hordes (Zombies): bit 2s is street s's left horde, bit 2s + 1 its right one.
/// Written as a list of `{"street": 1-based, "side": "left" | "right"}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hordes(pub u16);

impl Hordes {
    pub fn insert(&mut self, h: u8) {
        if h < 16 {
            self.0 |= 1 << h;
        }
    }

    pub fn contains(self, h: u8) -> bool {
        h < 16 && self.0 >> h & 1 == 1
    }

    /// The hordes of the set, in horde order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0..16u8).filter(move |&h| self.contains(h))
    }

    pub fn len(self) -> u8 {
        self.0.count_ones() as u8
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct HordeName {
    street: u8,
    side: Side,
}

impl Serialize for Hordes {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let names: Vec<HordeName> = self
            .iter()
            .map(|h| HordeName {
                street: h / 2 + 1,
                side: if h & 1 == 0 { Side::Left } else { Side::Right },
            })
            .collect();
        names.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Hordes {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut set = Hordes::default();
        for n in Vec::<HordeName>::deserialize(d)? {
            if !(1..=crate::house::MAX_STREETS as u8).contains(&n.street) {
                return Err(serde::de::Error::custom(format!(
                    "a horde's street is 1 to {}, not {}",
                    crate::house::MAX_STREETS,
                    n.street
                )));
            }
            let h = crate::modules::zombies::values::index(n.street - 1, n.side);
            if set.contains(h) {
                return Err(serde::de::Error::custom("a horde is listed twice"));
            }
            set.insert(h);
        }
        Ok(set)
    }
}

/// A decision a rule module asks for right after the number is written (thematic §1.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Choice {
    /// Ice Cream: the truck parked at this end drives the street (Ruling TR7).
    Truck(Side),
}

impl Choice {
    /// Every choice of a kind.
    pub fn all(kind: crate::modules::module::ChoiceKind) -> &'static [Choice] {
        match kind {
            crate::modules::module::ChoiceKind::Truck => {
                &[Choice::Truck(Side::Left), Choice::Truck(Side::Right)]
            }
        }
    }

    pub fn kind(self) -> crate::modules::module::ChoiceKind {
        match self {
            Choice::Truck(_) => crate::modules::module::ChoiceKind::Truck,
        }
    }
}

/// Writing a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Build {
    pub pick: Pick,
    pub house: HouseRef,
    /// The number written (differs from the card only with the Temp Agency): an integer in
    /// JSON, a ¾ number the string `"9¾"` (`crate::number`).
    #[serde(with = "crate::number::serde_code")]
    pub number: u8,
    /// The module decision the number asks for (the Ice Cream truck), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choice: Option<Choice>,
    /// The effect used, or `None` to pass it (Temp is applied regardless).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<EffectUse>,
    /// The hand card passed on (expert) or given to the AAA, when the hand holds only the two
    /// cards used, so that the seat chooses which (Zombies, collector expansions §8.3.7,
    /// §8.6); with three cards it is the one not used and is left out.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "opt_one_based"
    )]
    pub pass: Option<u8>,
}

/// The main action of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Play {
    Build(Build),
    /// A building-permit refusal (legal only when nothing fits, Ruling 1). In expert mode the
    /// seat still passes a card (Ruling 27): `pass` is its hand index.
    Refuse {
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            with = "opt_one_based"
        )]
        pass: Option<u8>,
    },
    /// Nothing: the game ended at once before this turn could be played, a Zombie card
    /// having come up as it did (Zombies, collector expansions §8.3.8); the turn holds only
    /// the seat's ammo.
    Unplayed,
}

mod opt_one_based {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &Option<u8>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(v) => s.serialize_some(&(*v as u16 + 1)),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
        match Option::<u8>::deserialize(d)? {
            None => Ok(None),
            Some(v) => v
                .checked_sub(1)
                .map(Some)
                .ok_or_else(|| serde::de::Error::custom("hand cards are numbered from 1")),
        }
    }
}

/// When in the turn the roundabout is built (Ruling 17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum When {
    Before,
    After,
}

/// Building one roundabout (advanced variant, spec §12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Roundabout {
    pub house: HouseRef,
    pub when: When,
}

/// Validating City Plan n° `plan` (0-based slot; written 1-based), naming the estates used
/// by their first house (estate plans only).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanClaim {
    #[serde(with = "one_based")]
    pub plan: u8,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub estates: Vec<HouseRef>,
}

mod one_based_list {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(v: &[u8], s: S) -> Result<S::Ok, S::Error> {
        let list: Vec<u16> = v.iter().map(|&x| x as u16 + 1).collect();
        list.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        Vec::<u8>::deserialize(d)?
            .into_iter()
            .map(|v| {
                v.checked_sub(1)
                    .ok_or_else(|| serde::de::Error::custom("streets are numbered from 1"))
            })
            .collect()
    }
}

/// What a Halloween house's circle goes round (collector expansions §4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Treat {
    Ghost,
    Candy,
}

/// The ghost or the candy circled on a ghost/candy house just numbered (Halloween).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Circle {
    pub house: HouseRef,
    pub treat: Treat,
}

/// How one ghost-tier bonus is used (Halloween, Ruling X17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum BonusUse {
    /// Circle the pool picture of this house and cross a pool box.
    Pool(HouseRef),
    /// Cross the next park box of this street (0-based, written 1-based).
    Park(#[serde(with = "one_based")] u8),
    /// Copy the number of `from` into the empty neighbouring house `to`, crossing no box.
    Extension { from: HouseRef, to: HouseRef },
}

/// Claiming a Halloween tier at the end of the turn (collector expansions §4.3 step 3): the
/// tier of `treat` that needs `need`; a ghost tier names its bonus `option` (1 or 2) and the
/// bonuses used, in order (a bonus with no legal target is lost and not listed).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TierClaim {
    pub treat: Treat,
    pub need: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option: Option<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bonuses: Vec<BonusUse>,
}

/// One seat's whole turn.
#[derive(Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    /// Zombies: for each Zombie card that came up this round, in order, the hordes the seat
    /// slowed with its ammo (collector expansions §8.3.3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ammo: Vec<Hordes>,
    /// Roswell: the infiltration objective (1-based) the seat circles, in its first turn
    /// (collector expansions §7.3 step 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objective: Option<u8>,
    /// Streets whose open bonus the seat crosses off first, one per item owed (Ice Cream in
    /// AAA solo, collector expansions §3.6); 0-based, written 1-based.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        with = "one_based_list"
    )]
    pub cross: Vec<u8>,
    pub play: Play,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roundabout: Option<Roundabout>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub plans: Vec<PlanClaim>,
    /// Halloween: the ghost or candy circled on each ghost/candy house the turn numbers (the
    /// number's, an Extension copy's, a bonus copy's).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub circles: Vec<Circle>,
    /// Halloween: tiers claimed at the end of the turn, a ghost tier before a candy tier.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tiers: Vec<TierClaim>,
    /// Ask for the first-plan reshuffle (spec §2.4, Ruling 13).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reshuffle: bool,
}

/// `clone_from` keeps the lists' allocations: a bot copies a turn in progress for every
/// candidate it tries.
impl Clone for Turn {
    fn clone(&self) -> Turn {
        let Turn {
            ammo,
            objective,
            cross,
            play,
            roundabout,
            plans,
            circles,
            tiers,
            reshuffle,
        } = self;
        Turn {
            ammo: ammo.clone(),
            objective: *objective,
            cross: cross.clone(),
            play: *play,
            roundabout: *roundabout,
            plans: plans.clone(),
            circles: circles.clone(),
            tiers: tiers.clone(),
            reshuffle: *reshuffle,
        }
    }

    fn clone_from(&mut self, source: &Turn) {
        // Destructured, so that a new field cannot be forgotten here.
        let Turn {
            ammo,
            objective,
            cross,
            play,
            roundabout,
            plans,
            circles,
            tiers,
            reshuffle,
        } = source;
        copy_list(&mut self.ammo, ammo);
        self.objective = *objective;
        copy_list(&mut self.cross, cross);
        self.play = *play;
        self.roundabout = *roundabout;
        copy_list(&mut self.plans, plans);
        copy_list(&mut self.circles, circles);
        copy_list(&mut self.tiers, tiers);
        self.reshuffle = *reshuffle;
    }
}

/// `to.clone_from(from)`, and nothing at all when both are empty (most turns' lists are).
fn copy_list<T: Clone>(to: &mut Vec<T>, from: &Vec<T>) {
    if !(to.is_empty() && from.is_empty()) {
        to.clone_from(from);
    }
}

impl Turn {
    /// A turn that only writes a number, with no effect used.
    pub fn build(pick: Pick, house: HouseRef, number: u8) -> Turn {
        Turn {
            ammo: Vec::new(),
            objective: None,
            cross: Vec::new(),
            play: Play::Build(Build {
                pick,
                house,
                number,
                choice: None,
                effect: None,
                pass: None,
            }),
            roundabout: None,
            plans: Vec::new(),
            circles: Vec::new(),
            tiers: Vec::new(),
            reshuffle: false,
        }
    }

    /// A permit refusal.
    pub fn refuse(pass: Option<u8>) -> Turn {
        Turn {
            ammo: Vec::new(),
            objective: None,
            cross: Vec::new(),
            play: Play::Refuse { pass },
            roundabout: None,
            plans: Vec::new(),
            circles: Vec::new(),
            tiers: Vec::new(),
            reshuffle: false,
        }
    }

    /// The turn of a round the game ends before it is played (Zombies): nothing but ammo.
    pub fn unplayed() -> Turn {
        Turn {
            play: Play::Unplayed,
            ..Turn::refuse(None)
        }
    }

    pub fn with_choice(mut self, choice: Choice) -> Turn {
        if let Play::Build(b) = &mut self.play {
            b.choice = Some(choice);
        }
        self
    }

    pub fn with_objective(mut self, objective: u8) -> Turn {
        self.objective = Some(objective);
        self
    }

    pub fn with_effect(mut self, effect: EffectUse) -> Turn {
        if let Play::Build(b) = &mut self.play {
            b.effect = Some(effect);
        }
        self
    }
}
