//! The AAA automa of the collector edition's solo game (collector spec §15): its opponent
//! cards, the pile of cards the player gives it, and how that pile scores.
//!
//! The engine keeps the AAA's state in the `Position` (`Aaa`); this module holds the data and
//! the pure scoring so that a test can score a pile given by hand (the §15.5 example).

use crate::card::{Card, Effect};
use serde::{Deserialize, Serialize};

pub mod cards;
pub mod pile;

pub use cards::*;

/// One AAA estate: a run of cards between Barrière cards (Ruling C22).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AaaEstate {
    /// Index of its first card in the AAA pile.
    pub start: usize,
    pub cards: usize,
    pub houses: u32,
    pub improved: bool,
    pub value: i32,
}

/// The AAA's estates in pile order.
pub fn estates(given: &[Card], s: &AaaScoring) -> Vec<AaaEstate> {
    estates_of(given, &[], s)
}

/// The AAA's estates in pile order, the cards marked in `down` lying upside down (Roswell,
/// §7.6): one house each, never a fence, their Amélioration or Extension ignored.
pub fn estates_of(given: &[Card], down: &[bool], s: &AaaScoring) -> Vec<AaaEstate> {
    let up = |i: usize| !down.get(i).copied().unwrap_or(false);
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in given.iter().enumerate().chain([(given.len(), &FENCE)]) {
        if c.effect != Effect::Surveyor || !up(i) {
            continue;
        }
        if i > start {
            let run = &given[start..i];
            let face_up = |k: &usize| up(start + k);
            let houses: u32 = run
                .iter()
                .enumerate()
                .map(|(k, c)| {
                    if c.effect == Effect::Bis && face_up(&k) {
                        s.ext_houses as u32
                    } else {
                        1
                    }
                })
                .sum();
            let improved = run
                .iter()
                .enumerate()
                .any(|(k, c)| c.effect == Effect::RealEstate && face_up(&k));
            let value = houses as i32 * if improved { s.impr as i32 } else { 1 };
            out.push(AaaEstate {
                start,
                cards: run.len(),
                houses,
                improved,
                value,
            });
        }
        start = i + 1;
    }
    out
}

/// A stand-in Barrière card that closes the last run.
const FENCE: Card = Card::new(0, Effect::Surveyor);

/// A card a rule module puts in the AAA's pile (collector expansions §8.6 step 5).
pub use crate::modules::zombies::AAA_CARD as ZOMBIE_CARD;

/// The AAA's score (§15.5): its rows, total and tie-break figure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AaaScore {
    /// Points recorded at its validations, per plan (level 0: none).
    pub plans: [i32; 3],
    pub parks: i32,
    pub pools: i32,
    /// Per-card temp points and its placing against the player.
    pub temps: i32,
    pub temp_cards: u8,
    pub fences: i32,
    /// Its best estates' values, highest first (at most `best_estates`).
    pub best: Vec<i32>,
    pub estates: i32,
    /// Every estate of its pile, in order.
    pub all_estates: Vec<AaaEstate>,
    pub total: i32,
    /// Its tie-break figure: the number of its estates (every one is complete, Ruling C22).
    pub estate_count: u8,
    /// The rows the sheet's own AAA rules add (collector expansions §n.6), in the sheet's
    /// row order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sheet_rows: Vec<AaaRow>,
}

/// The AAA's count of each kind of card in `given`.
pub fn count(given: &[Card], effect: Effect) -> u8 {
    count_up(given, &[], effect)
}

/// `count` over the cards lying face up (`down`: see `estates_of`).
pub fn count_up(given: &[Card], down: &[bool], effect: Effect) -> u8 {
    given
        .iter()
        .enumerate()
        .filter(|&(i, c)| c.effect == effect && !down.get(i).copied().unwrap_or(false))
        .count() as u8
}

/// Which cards of the AAA's pile lie upside down on `layout`'s sheet (none but on Roswell).
pub fn face_down(layout: &crate::edition::SheetLayout, given: &[Card]) -> Vec<bool> {
    layout
        .modules
        .iter()
        .find_map(|m| m.aaa_face_down(given))
        .unwrap_or_default()
}

/// Temp placing between two counts (Ruling C23, the dense ranking with two competitors):
/// `points[0]` for the higher or equal count, `points[1]` for the lower, 0 for a count of 0.
pub fn placing(mine: u8, other: u8, points: &[i32]) -> i32 {
    let at = |i: usize| points.get(i).copied().unwrap_or(0);
    match mine {
        0 => 0,
        m if m >= other => at(0),
        _ => at(1),
    }
}

impl AaaScore {
    /// Scores a level 1+ AAA whose pile is `given`, with `plans` its validation points and
    /// `player_temps` the player's crossed temp boxes; `majority` is the sheet's temp ranking
    /// points (7, 4, 1).
    pub fn of(
        s: &AaaScoring,
        given: &[Card],
        plans: [Option<u8>; 3],
        player_temps: u8,
        majority: &[i32],
        best_estates: usize,
    ) -> AaaScore {
        AaaScore::of_pile(s, given, &[], plans, player_temps, majority, best_estates)
    }

    /// `of` with the cards marked in `down` lying upside down (see `estates_of`): they count
    /// for no park, pool, temp or fence.
    pub fn of_pile(
        s: &AaaScoring,
        given: &[Card],
        down: &[bool],
        plans: [Option<u8>; 3],
        player_temps: u8,
        majority: &[i32],
        best_estates: usize,
    ) -> AaaScore {
        let n = |e| count_up(given, down, e);
        let temp_cards = n(Effect::Temp);
        let all_estates = estates_of(given, down, s);
        let mut best: Vec<i32> = all_estates.iter().map(|e| e.value).collect();
        best.sort_unstable_by(|a, b| b.cmp(a));
        best.truncate(best_estates);
        let plans = plans.map(|p| p.map_or(0, i32::from));
        let parks = s.park as i32 * n(Effect::Landscaper) as i32;
        let pools = s.pool as i32 * n(Effect::Pool) as i32;
        let temps = s.temp as i32 * temp_cards as i32 + placing(temp_cards, player_temps, majority);
        let fences = s.fence as i32 * n(Effect::Surveyor) as i32;
        let estates: i32 = best.iter().sum();
        AaaScore {
            total: plans.iter().sum::<i32>() + parks + pools + temps + fences + estates,
            plans,
            parks,
            pools,
            temps,
            temp_cards,
            fences,
            best,
            estates,
            estate_count: all_estates.len().min(u8::MAX as usize) as u8,
            all_estates,
            sheet_rows: Vec::new(),
        }
    }

    /// An AAA scoring its validation points and nothing else yet (a sheet without the Classic
    /// rows adds its own).
    fn plans_only(plans: [Option<u8>; 3]) -> AaaScore {
        let plans = plans.map(|p| p.map_or(0, i32::from));
        AaaScore {
            total: plans.iter().sum(),
            plans,
            parks: 0,
            pools: 0,
            temps: 0,
            temp_cards: 0,
            fences: 0,
            best: Vec::new(),
            estates: 0,
            all_estates: Vec::new(),
            estate_count: 0,
            sheet_rows: Vec::new(),
        }
    }

    /// Scores a level 1+ AAA against the player's `sheet` on `layout`: the base rows (§15.5)
    /// plus the rows of the sheet's own AAA rules (`halves`: `Aaa::halves`).
    pub fn against(
        s: &AaaScoring,
        given: &[Card],
        plans: [Option<u8>; 3],
        layout: &crate::edition::SheetLayout,
        halves: &[u8],
        sheet: &crate::sheet::Sheet,
        best_estates: usize,
    ) -> AaaScore {
        let mut score = if layout.classic() {
            AaaScore::of_pile(
                s,
                given,
                &face_down(layout, given),
                plans,
                sheet.temps(),
                &layout.temp_majority,
                best_estates,
            )
        } else {
            // American Dream (collector expansions §10.6): its plans and the sheet's rows only.
            AaaScore::plans_only(plans)
        };
        for &m in &layout.modules {
            for row in m.aaa_rows(layout, s, given, halves, sheet) {
                score.total += row.points;
                score.sheet_rows.push(row);
            }
        }
        score
    }
}

/// How an AAA game ended for the player (Ruling C24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    Win,
    Loss,
    Draw,
}

impl Outcome {
    /// Higher total wins; equal totals, more complete estates; equal again, a draw.
    pub fn of(player: (i32, u8), aaa: (i32, u8)) -> Outcome {
        match player.cmp(&aaa) {
            std::cmp::Ordering::Greater => Outcome::Win,
            std::cmp::Ordering::Less => Outcome::Loss,
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }
}

/// The AAA's state in a game: public (its card, the cards given, its validations) and the
/// hidden places of the Validation cards still to come.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Aaa {
    pub card: AaaCard,
    /// The cards given to it, in order (never shuffled, public: FR2 614, 626).
    pub given: Vec<Card>,
    /// Points recorded at its validations (level 0: 0), per plan.
    pub plans: [Option<u8>; 3],
    /// Validation letters drawn so far (0 = A), in order.
    pub drawn: Vec<u8>,
    /// Its halves of the sheet's split boxes, in the layout's order (Atomic War shelters,
    /// collector expansions §6.6; 0 = empty). Public: they are written on the player's sheet.
    pub halves: Vec<u8>,
    /// Letters in the draw pile and in the discard (hidden: they lie face down).
    pub(crate) pile: Vec<u8>,
    pub(crate) discard: Vec<u8>,
    /// Construction cards still to be drawn before the pile's bottom part, which holds the
    /// setup's Validation card (0 after the first reshuffle).
    pub(crate) guarded: usize,
}

/// How the player's temps score against an AAA with `card` holding `given` on `layout`'s
/// sheet (its face-up Intérimaire cards).
pub fn temps_rule(
    layout: &crate::edition::SheetLayout,
    card: &AaaCard,
    given: &[Card],
) -> crate::score::row::Temps<'static> {
    match card.temp_places {
        Some(p) if card.scoring.is_none() => crate::score::row::Temps::Places(p),
        _ => crate::score::row::Temps::Against(count_up(
            given,
            &face_down(layout, given),
            Effect::Temp,
        )),
    }
}

/// How the player's sheet scores against an AAA with `card`, `given` and `halves`: temps as
/// `temps_rule`, Atomic War shelters against its halves (collector expansions §6.6).
pub fn table_rule(
    layout: &crate::edition::SheetLayout,
    card: &AaaCard,
    given: &[Card],
    halves: &[u8],
) -> crate::score::row::Table<'static> {
    let shelters = if layout.has(crate::modules::module::Module::Atomic) {
        crate::score::row::Shelters::Against(crate::modules::atomic::aaa_capacities(layout, halves))
    } else {
        crate::score::row::Shelters::Alone
    };
    crate::score::row::Table {
        temps: temps_rule(layout, card, given),
        shelters,
    }
}

/// What the player sees of the AAA (Ruling C26).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AaaView {
    pub card: AaaCard,
    pub given: Vec<Card>,
    pub plans: [Option<u8>; 3],
    pub drawn: Vec<u8>,
    /// Its halves of the sheet's split boxes (`Aaa::halves`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub halves: Vec<u8>,
    /// Validation cards in the draw pile and in the discard (their letters are hidden).
    pub in_pile: usize,
    pub in_discard: usize,
    /// Cards above the pile's bottom part (no Validation card among them).
    pub guarded: usize,
}

impl Aaa {
    /// How the player's temps score against this AAA: ranked against its Intérimaire cards
    /// (level 1+, Ruling C23) or by the card's table (level 0, Ruling C25).
    pub fn temps(&self, layout: &crate::edition::SheetLayout) -> crate::score::row::Temps<'static> {
        temps_rule(layout, &self.card, &self.given)
    }

    /// How the player's sheet scores against this AAA: temps as `temps`, shelters against its
    /// halves.
    pub fn table(&self, layout: &crate::edition::SheetLayout) -> crate::score::row::Table<'static> {
        table_rule(layout, &self.card, &self.given, &self.halves)
    }

    /// Its score (level 1 and above), against the player's `sheet`.
    pub fn score(
        &self,
        layout: &crate::edition::SheetLayout,
        sheet: &crate::sheet::Sheet,
        best: u8,
    ) -> Option<AaaScore> {
        let s = self.card.scoring.as_ref()?;
        Some(AaaScore::against(
            s,
            &self.given,
            self.plans,
            layout,
            &self.halves,
            sheet,
            best as usize,
        ))
    }

    pub fn view(&self) -> AaaView {
        AaaView {
            card: self.card,
            given: self.given.clone(),
            plans: self.plans,
            drawn: self.drawn.clone(),
            halves: self.halves.clone(),
            in_pile: self.pile.len(),
            in_discard: self.discard.len(),
            guarded: self.guarded,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sam() -> AaaCard {
        AaaCard {
            level: 1,
            validates: Validates {
                a: true,
                b: true,
                c: true,
            },
            scoring: Some(AaaScoring {
                park: 1,
                pool: 1,
                temp: 1,
                fence: 1,
                ext_houses: 2,
                impr: 2,
            }),
            temp_places: None,
        }
    }

    #[test]
    fn sam_is_in_range_and_bad_values_name_the_field() {
        assert_eq!(sam().check(), Ok(()));
        let mut c = sam();
        c.scoring.as_mut().unwrap().pool = 6;
        assert_eq!(
            c.check(),
            Err(AaaCardError::OutOfRange {
                field: "pool",
                value: 6,
                min: 0,
                max: 5
            })
        );
        assert!(c.check().unwrap_err().to_string().contains("pool"));
    }

    #[test]
    fn placing_is_a_two_way_dense_ranking() {
        let m = [7, 4, 1];
        assert_eq!(placing(4, 4, &m), 7);
        assert_eq!(placing(3, 4, &m), 4);
        assert_eq!(placing(0, 4, &m), 0);
        assert_eq!(placing(5, 0, &m), 7);
    }
}
