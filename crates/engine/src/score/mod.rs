//! Final scoring as rows (id, label, points, parts, detail) plus the total and the tie-break
//! key (spec §9, thematic §1.6). The rows follow the sheet's total row (`score_rows` in the
//! sheet data); a rule module adds its own row.

use crate::edition::{SheetLayout, TieBreakRule};
use crate::modules::module::Module;
use crate::sheet::{Sheet, MAX_ESTATE, MAX_STREETS};
use std::cmp::Ordering;

pub mod row;
pub use row::{Score, ScoreRow, Shelters, Table, Temps, TieBreak};

/// Points for a temp count among `all` counts: dense ranking over distinct non-zero counts.
pub fn temp_points(layout: &SheetLayout, mine: u8, temps: Temps<'_>) -> i32 {
    if mine == 0 {
        return 0;
    }
    match temps {
        Temps::Solo => {
            if mine >= layout.solo_temps.at_least {
                layout.solo_temps.points
            } else {
                0
            }
        }
        Temps::Ranked(all) => {
            // Rank = number of distinct counts strictly above mine (a 256-bit set).
            let mut above = [0u64; 4];
            for &c in all {
                if c > mine {
                    above[(c >> 6) as usize] |= 1 << (c & 63);
                }
            }
            let rank = above.iter().map(|w| w.count_ones() as usize).sum::<usize>();
            layout.temp_majority.get(rank).copied().unwrap_or(0)
        }
        Temps::Against(other) => crate::aaa::placing(mine, other, &layout.temp_majority),
        Temps::Places(places) => {
            crate::aaa::AaaCard::place_points(places, mine, &layout.temp_majority)
        }
    }
}

/// Every base row id, in the printed order of the classic sheet.
const BASE_ROWS: [&str; 8] = [
    "plans",
    "parks",
    "pools",
    "temps",
    "estates",
    "bis",
    "roundabouts",
    "refusals",
];

/// The row ids a sheet scores: the base rows (plans and refusals alone on a sheet without
/// the Classic tracks) and the rows of its modules.
pub fn row_ids(layout: &SheetLayout) -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = if layout.classic() {
        BASE_ROWS.to_vec()
    } else {
        vec!["plans", "refusals"]
    };
    ids.extend(layout.modules.iter().flat_map(|m| m.row_ids()));
    ids
}

/// The numbers behind a score's rows, without any text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Values {
    plans: [i32; 3],
    parks: [i32; MAX_STREETS],
    pools: i32,
    temps: i32,
    estate_counts: [u8; MAX_ESTATE],
    estate_values: [i32; MAX_ESTATE],
    /// Complete estates of 7 houses or more where they count (Ruling C8).
    long_estates: u8,
    tie_break_rule: TieBreakRule,
    bis: i32,
    roundabouts: i32,
    refusals: i32,
}

impl Values {
    fn of(layout: &SheetLayout, sheet: &Sheet, temps: Temps<'_>) -> Values {
        let mut parks = [0; MAX_STREETS];
        for (s, p) in parks.iter_mut().enumerate().take(sheet.streets() as usize) {
            *p = layout.streets[s].parks.value(sheet.parks(s as u8));
        }
        let estate_values = std::array::from_fn(|i| {
            layout
                .real_estate
                .get(i)
                .map_or(0, |t| t.value(sheet.real_estate(i + 1)))
        });
        Values {
            plans: sheet.plan_scores().map(|p| p.unwrap_or(0) as i32),
            parks,
            pools: layout.pools.value(sheet.pool_count()),
            temps: temp_points(layout, sheet.temps(), temps),
            estate_counts: sheet.estate_counts(),
            estate_values,
            long_estates: if layout.rules.long_estates_complete {
                sheet.long_estates()
            } else {
                0
            },
            tie_break_rule: layout.rules.tie_break,
            bis: layout.bis.value(sheet.bis_count()),
            roundabouts: layout.roundabouts.value(sheet.roundabouts()),
            refusals: layout.refusals.value(sheet.refusals()),
        }
    }

    fn estates(&self) -> i32 {
        (0..MAX_ESTATE)
            .map(|i| self.estate_counts[i] as i32 * self.estate_values[i])
            .sum()
    }

    fn tie_break(&self) -> TieBreak {
        let estates = self.estate_counts.iter().sum::<u8>() + self.long_estates;
        match self.tie_break_rule {
            TieBreakRule::EstatesThenSizes => TieBreak {
                estates,
                by_size: self.estate_counts,
            },
            TieBreakRule::Estates => TieBreak {
                estates,
                by_size: [0; MAX_ESTATE],
            },
            TieBreakRule::Shared => TieBreak {
                estates: 0,
                by_size: [0; MAX_ESTATE],
            },
        }
    }
}

/// The base rows' total (what `Score::of` adds up from `Values`), straight from the sheet
/// without a value per row: bots score hundreds of candidate sheets a turn.
fn base_total(
    layout: &SheetLayout,
    sheet: &Sheet,
    temps: Temps<'_>,
    estate_counts: [u8; MAX_ESTATE],
) -> i32 {
    BasePoints::of(layout, sheet, temps).with_estates(estate_counts)
}

/// The base rows' points split into what each completed estate adds, by size, and the rest.
/// Both read only what `Sheet::tracks_key` holds (with the layout and the temps): a bot
/// scoring many candidate sheets with the same key works them out once and adds their
/// estates (`with_estates`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BasePoints {
    rest: i32,
    per_estate: [i32; MAX_ESTATE],
}

impl BasePoints {
    pub fn of(layout: &SheetLayout, sheet: &Sheet, temps: Temps<'_>) -> BasePoints {
        let plans: i32 = sheet
            .plan_scores()
            .iter()
            .map(|p| p.map_or(0, i32::from))
            .sum();
        let mut rest = plans;
        for (s, street) in layout
            .streets
            .iter()
            .enumerate()
            .take(sheet.streets() as usize)
        {
            rest += street.parks.value(sheet.parks(s as u8));
        }
        let mut per_estate = [0; MAX_ESTATE];
        for (i, track) in layout.real_estate.iter().enumerate().take(MAX_ESTATE) {
            per_estate[i] = track.value(sheet.real_estate(i + 1));
        }
        rest += layout.pools.value(sheet.pool_count()) + temp_points(layout, sheet.temps(), temps)
            - layout.bis.value(sheet.bis_count())
            - layout.roundabouts.value(sheet.roundabouts())
            - layout.refusals.value(sheet.refusals());
        BasePoints { rest, per_estate }
    }

    /// The base rows' total of a sheet with `estate_counts` completed estates per size.
    #[inline]
    pub fn with_estates(&self, estate_counts: [u8; MAX_ESTATE]) -> i32 {
        let mut total = self.rest;
        for (&n, &v) in estate_counts.iter().zip(&self.per_estate) {
            total += i32::from(n) * v;
        }
        total
    }
}

/// Points of the modules' rows.
#[inline]
fn module_points(layout: &SheetLayout, sheet: &Sheet, table: Table<'_>) -> i32 {
    layout
        .modules
        .iter()
        .map(|m| m.points(layout, sheet, table))
        .sum()
}

/// "1 bis house", "2 bis houses": a count with its noun as a player reads it.
fn count(n: impl Into<u32>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

impl Score {
    /// Scores a sheet (spec §9.3, thematic §1.6).
    pub fn of<'a>(layout: &SheetLayout, sheet: &Sheet, table: impl Into<Table<'a>>) -> Score {
        let table = table.into();
        let v = Values::of(layout, sheet, table.temps);
        let n = sheet.streets() as usize;
        let mut rows = Vec::with_capacity(layout.score_rows.len());
        for label in &layout.score_rows {
            let row = |points: i32, parts: Vec<i32>, detail: String| ScoreRow {
                id: label.id.clone(),
                label: label.label.clone(),
                points,
                parts,
                detail,
            };
            rows.push(match label.id.as_str() {
                "plans" => row(v.plans.iter().sum(), v.plans.to_vec(), String::new()),
                "parks" => row(
                    v.parks.iter().sum(),
                    v.parks[..n].to_vec(),
                    format!(
                        "parks crossed per street: {}",
                        (0..n as u8)
                            .map(|s| sheet.parks(s).to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ),
                "pools" => row(
                    v.pools,
                    vec![v.pools],
                    count(sheet.pool_count(), "pool built", "pools built"),
                ),
                "temps" => row(
                    v.temps,
                    vec![v.temps],
                    count(sheet.temps(), "temp hired", "temps hired"),
                ),
                "estates" => {
                    let parts: Vec<i32> = (0..layout.max_estate())
                        .map(|i| v.estate_counts[i] as i32 * v.estate_values[i])
                        .collect();
                    let mut detail = (0..layout.max_estate())
                        .filter(|&i| v.estate_counts[i] > 0)
                        .map(|i| {
                            format!(
                                "{} of size {} × {}",
                                v.estate_counts[i],
                                i + 1,
                                v.estate_values[i]
                            )
                        })
                        .collect::<Vec<_>>()
                        .join(", ");
                    if v.long_estates > 0 {
                        if !detail.is_empty() {
                            detail += ", ";
                        }
                        detail += &format!("{} of 7 or more houses × 0", v.long_estates);
                    }
                    row(v.estates(), parts, detail)
                }
                "bis" => row(
                    -v.bis,
                    vec![v.bis],
                    count(sheet.bis_count(), "bis house", "bis houses"),
                ),
                "roundabouts" => row(
                    -v.roundabouts,
                    vec![v.roundabouts],
                    count(sheet.roundabouts(), "roundabout", "roundabouts"),
                ),
                "refusals" => row(
                    -v.refusals,
                    vec![v.refusals],
                    count(sheet.refusals(), "permit refusal", "permit refusals"),
                ),
                id => {
                    let m = layout.modules.iter().find(|m| m.row_ids().contains(&id));
                    match m.and_then(|m| m.score_row(layout, sheet, id, table)) {
                        Some(r) => r,
                        // The edition check refuses rows that nothing scores.
                        None => row(0, Vec::new(), String::new()),
                    }
                }
            });
        }
        let total = rows.iter().map(|r| r.points).sum();
        debug_assert_eq!(total, Score::total_of(layout, sheet, table));
        Score {
            rows,
            total,
            tie_break: v.tie_break(),
        }
    }

    /// The total alone, without building the rows (for bots and benchmarks).
    pub fn total_of<'a>(layout: &SheetLayout, sheet: &Sheet, table: impl Into<Table<'a>>) -> i32 {
        let table = table.into();
        base_total(layout, sheet, table.temps, sheet.estate_counts())
            + module_points(layout, sheet, table)
    }

    /// `total_of` with the sheet's completed estates per size already counted
    /// (`Sheet::estate_counts`, or the sum of `Sheet::street_estate_counts`): a bot that
    /// caches them per street saves the scan.
    pub fn total_with_estates<'a>(
        layout: &SheetLayout,
        sheet: &Sheet,
        table: impl Into<Table<'a>>,
        estate_counts: [u8; MAX_ESTATE],
    ) -> i32 {
        let table = table.into();
        debug_assert_eq!(estate_counts, sheet.estate_counts());
        base_total(layout, sheet, table.temps, estate_counts) + module_points(layout, sheet, table)
    }

    /// What the sheet's modules add to `total_of` (0 without scoring modules): with
    /// `BasePoints`, the total in two parts.
    #[inline]
    pub fn modules_total<'a>(
        layout: &SheetLayout,
        sheet: &Sheet,
        table: impl Into<Table<'a>>,
    ) -> i32 {
        module_points(layout, sheet, table.into())
    }

    /// The points of row `id` (0 when the sheet has no such row).
    pub fn points(&self, id: &str) -> i32 {
        self.row(id).map_or(0, |r| r.points)
    }

    /// The row `id`.
    pub fn row(&self, id: &str) -> Option<&ScoreRow> {
        self.rows.iter().find(|r| r.id == id)
    }

    /// Better first: total, then the tie-break chain.
    pub fn compare(&self, other: &Score) -> Ordering {
        self.total
            .cmp(&other.total)
            .then_with(|| self.tie_break.cmp(&other.tie_break))
    }
}

/// Scores every sheet of a game; temps and shelters are compared across the sheets unless
/// `solo`.
pub fn score_all(layout: &SheetLayout, sheets: &[Sheet], solo: bool) -> Vec<Score> {
    let counts: Vec<u8> = sheets.iter().map(|s| s.temps()).collect();
    let capacities = all_capacities(layout, sheets);
    sheets
        .iter()
        .map(|s| {
            let table = if solo {
                Temps::Solo.into()
            } else {
                Table {
                    temps: Temps::Ranked(&counts),
                    shelters: Shelters::Ranked(&capacities),
                }
            };
            Score::of(layout, s, table)
        })
        .collect()
}

/// Every sheet's shelter capacities (empty on sheets without shelters).
pub fn all_capacities(
    layout: &SheetLayout,
    sheets: &[Sheet],
) -> Vec<crate::modules::atomic::Capacities> {
    if layout.has(Module::Atomic) {
        sheets
            .iter()
            .map(|s| crate::modules::atomic::capacities(layout, s))
            .collect()
    } else {
        Vec::new()
    }
}

/// 1-based ranks; equal total and tie-break share a rank (Ruling 16).
pub fn ranks(scores: &[Score]) -> Vec<u16> {
    scores
        .iter()
        .map(|s| {
            1 + scores
                .iter()
                .filter(|o| o.compare(s) == Ordering::Greater)
                .count() as u16
        })
        .collect()
}
