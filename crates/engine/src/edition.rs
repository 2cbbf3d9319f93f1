//! An `Edition` is data: the sheet layout, the construction deck and the City Plan cards.
//!
//! Behaviour lives in code; every number lives here, loaded from `data/*.json` embedded at compile
//! time, so later editions and thematic sheets are new data plus rule modules (spec §16).

use crate::card::{Card, Effect};
use crate::sheet::{MAX_ESTATE, MAX_HOUSES, STREETS};
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

/// A scoring track: `values[k]` is the track's value after `k` crossings. The last value is printed
/// without a box, so a track has `values.len() - 1` crossable boxes (spec §0, track semantics).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Track(pub Vec<i32>);

impl Track {
    /// Number of crossable boxes.
    pub fn boxes(&self) -> u8 {
        (self.0.len().saturating_sub(1)) as u8
    }

    /// Current value after `crossed` crossings (clamped to the final value).
    pub fn value(&self, crossed: u8) -> i32 {
        let i = (crossed as usize).min(self.0.len().saturating_sub(1));
        self.0.get(i).copied().unwrap_or(0)
    }
}

/// One street of the sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StreetLayout {
    /// Number of houses.
    pub houses: u8,
    /// Houses with a planned pool, 1-based.
    pub pools: Vec<u8>,
    /// The street's park track.
    pub parks: Track,
}

/// Temps in solo: at least `at_least` temps score `points`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoloTemps {
    pub at_least: u8,
    pub points: i32,
}

/// The printed player sheet (spec §1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetLayout {
    pub streets: Vec<StreetLayout>,
    pub pools: Track,
    pub temp_boxes: u8,
    /// Points for the highest, second and third temp counts (dense ranking, Ruling 3).
    pub temp_majority: Vec<i32>,
    pub solo_temps: SoloTemps,
    /// Real-estate column for estates of size 1, 2, … (index = size − 1).
    pub real_estate: Vec<Track>,
    pub bis: Track,
    pub roundabouts: Track,
    pub refusals: Track,
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
}

/// What a City Plan asks for (spec §3.2, §3.3).
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
}

/// A City Plan card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanCard {
    pub id: u8,
    /// Stack n°1, n°2 or n°3.
    pub stack: u8,
    /// Advanced plans (★) are used only in the advanced variant.
    pub advanced: bool,
    pub condition: PlanCondition,
    /// Score for the first player(s) to validate it.
    pub first: u8,
    /// Score for everyone later.
    pub second: u8,
}

impl PlanCard {
    /// A one-line description for people.
    pub fn describe(&self) -> String {
        match &self.condition {
            PlanCondition::Estates(sizes) => {
                let list: Vec<String> = sizes.iter().map(|s| s.to_string()).collect();
                format!("estates of sizes {}", list.join(", "))
            }
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
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct DeckEntry {
    number: u8,
    effect: Effect,
    count: u8,
}

/// Solo setup data (spec §10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoloRules {
    /// The Solo card is shuffled among the last `bottom_part` cards of the pile.
    pub bottom_part: usize,
}

/// Rules that differ between editions, as data (see `rules-choices.md`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditionRules {
    /// Ruling 6: a bis copy may be written across a fence and a fence may split a bis pair
    /// (the 2023 edition); the 1st edition forbids both.
    #[serde(default)]
    pub bis_pairs_split: bool,
}

#[derive(Deserialize)]
struct EditionData {
    id: String,
    name: String,
    #[serde(default)]
    rules: EditionRules,
    sheet: SheetLayout,
    deck: Vec<DeckEntry>,
    plans: Vec<PlanCard>,
    solo: SoloRules,
}

/// A complete edition: sheet, deck and plans.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edition {
    pub id: String,
    pub name: String,
    pub rules: EditionRules,
    pub sheet: SheetLayout,
    /// Every construction card, one entry per physical card.
    pub deck: Vec<Card>,
    pub plans: Vec<PlanCard>,
    pub solo: SoloRules,
}

/// Why edition data is unusable.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum EditionError {
    #[error("edition data is not valid JSON: {0}")]
    Json(String),
    #[error("edition data is inconsistent: {0}")]
    Inconsistent(String),
}

static FIRST: LazyLock<Edition> = LazyLock::new(|| {
    Edition::from_json(include_str!("../data/first-edition.json"))
        .expect("the embedded first-edition data is checked by tests")
});

impl Edition {
    /// The 1st edition (2018).
    pub fn first() -> &'static Edition {
        &FIRST
    }

    /// Every built-in edition id.
    pub const IDS: [&'static str; 1] = ["first"];

    /// A built-in edition by its id.
    pub fn by_id(id: &str) -> Option<&'static Edition> {
        match id {
            "first" => Some(Edition::first()),
            _ => None,
        }
    }

    /// Parses and checks edition data.
    pub fn from_json(text: &str) -> Result<Edition, EditionError> {
        let data: EditionData =
            serde_json::from_str(text).map_err(|e| EditionError::Json(e.to_string()))?;
        let mut deck = Vec::new();
        for e in &data.deck {
            for _ in 0..e.count {
                deck.push(Card::new(e.number, e.effect));
            }
        }
        let ed = Edition {
            id: data.id,
            name: data.name,
            rules: data.rules,
            sheet: data.sheet,
            deck,
            plans: data.plans,
            solo: data.solo,
        };
        ed.check()?;
        Ok(ed)
    }

    fn check(&self) -> Result<(), EditionError> {
        let bad = |m: String| Err(EditionError::Inconsistent(m));
        let s = &self.sheet;
        if s.streets.len() != STREETS {
            return bad(format!(
                "{} streets, the engine draws {STREETS}",
                s.streets.len()
            ));
        }
        for (i, st) in s.streets.iter().enumerate() {
            if st.houses < 2 || st.houses as usize > MAX_HOUSES {
                return bad(format!("street {} has {} houses", i + 1, st.houses));
            }
            if st.pools.iter().any(|&p| p == 0 || p > st.houses) {
                return bad(format!("street {} has a pool outside the street", i + 1));
            }
            if st.parks.0.is_empty() {
                return bad(format!("street {} has an empty park track", i + 1));
            }
        }
        if s.real_estate.is_empty() || s.real_estate.len() > MAX_ESTATE {
            return bad(format!(
                "{} real-estate columns; the sheet holds 1 to {MAX_ESTATE}",
                s.real_estate.len()
            ));
        }
        if self.solo.bottom_part == 0 || self.solo.bottom_part > self.deck.len() + 1 {
            return bad("the Solo card's part of the pile must hold 1 card or more".into());
        }
        for t in [&s.pools, &s.bis, &s.roundabouts, &s.refusals] {
            if t.0.is_empty() {
                return bad("a track has no values".into());
            }
        }
        if self.deck.is_empty() || self.deck.iter().any(|c| c.number > 17) {
            return bad("deck".into());
        }
        for (i, p) in self.plans.iter().enumerate() {
            if !(1..=3).contains(&p.stack) {
                return bad(format!("plan {} is in stack {}", p.id, p.stack));
            }
            if self.plans[..i].iter().any(|q| q.id == p.id) {
                return bad(format!("plan id {} is used twice", p.id));
            }
            let street = match p.condition {
                PlanCondition::FullStreet(n) | PlanCondition::ParksAndPools(n) => Some(n),
                _ => None,
            };
            if street.is_some_and(|n| n == 0 || n as usize > STREETS) {
                return bad(format!(
                    "plan {} names a street that is not on the sheet",
                    p.id
                ));
            }
        }
        for stack in 1..=3u8 {
            if !self.plans.iter().any(|p| p.stack == stack && !p.advanced) {
                return bad(format!("no basic plan in stack {stack}"));
            }
        }
        Ok(())
    }

    /// The plan card with this id.
    pub fn plan(&self, id: u8) -> Option<&PlanCard> {
        self.plans.iter().find(|p| p.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_edition_loads() {
        let e = Edition::first();
        assert_eq!(e.deck.len(), 81);
        assert_eq!(e.plans.len(), 28);
        assert_eq!(e.sheet.houses(), 33);
    }

    #[test]
    fn bad_edition_data_is_an_error() {
        assert!(matches!(
            Edition::from_json("{"),
            Err(EditionError::Json(_))
        ));
    }
}
