//! Final scoring with a per-category breakdown, temp majorities and tie-breaks (spec §9).

use crate::edition::SheetLayout;
use crate::sheet::{Sheet, MAX_ESTATE, STREETS};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// How temp-agency points are decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Temps<'a> {
    /// Solo: a fixed threshold (spec §10).
    Solo,
    /// Multiplayer: the temp counts of every player, this one included (Ruling 3).
    Ranked(&'a [u8]),
}

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
            // Rank = number of distinct counts strictly above mine.
            let mut above = [false; 256];
            for &c in all {
                if c > mine {
                    above[c as usize] = true;
                }
            }
            let rank = above.iter().filter(|&&b| b).count();
            layout.temp_majority.get(rank).copied().unwrap_or(0)
        }
    }
}

/// One real-estate column of the breakdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EstateScore {
    pub size: u8,
    /// Completed estates of this size.
    pub count: u8,
    /// Current value of the column.
    pub value: i32,
    pub points: i32,
}

/// Tie-break key (Ruling 16): completed estates, then estates of size 1, 2, … 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TieBreak {
    pub estates: u8,
    pub by_size: [u8; MAX_ESTATE],
}

/// A score with every category of the sheet's total row. Penalties are positive numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub plans: [i32; 3],
    pub parks: [i32; STREETS],
    pub pools: i32,
    pub temps: i32,
    pub estates: [EstateScore; MAX_ESTATE],
    pub bis: i32,
    pub roundabouts: i32,
    pub refusals: i32,
    pub total: i32,
    pub tie_break: TieBreak,
}

impl Score {
    /// Scores a sheet (spec §9.3).
    pub fn of(layout: &SheetLayout, sheet: &Sheet, temps: Temps<'_>) -> Score {
        let plans = sheet.plan_scores().map(|p| p.unwrap_or(0) as i32);
        let mut parks = [0; STREETS];
        for (s, p) in parks.iter_mut().enumerate() {
            *p = layout.streets[s].parks.value(sheet.parks(s as u8));
        }
        let pools = layout.pools.value(sheet.pool_count());
        let temps = temp_points(layout, sheet.temps(), temps);
        let counts = sheet.estate_counts();
        let mut estates = [EstateScore {
            size: 0,
            count: 0,
            value: 0,
            points: 0,
        }; MAX_ESTATE];
        for (i, e) in estates.iter_mut().enumerate() {
            let value = layout
                .real_estate
                .get(i)
                .map_or(0, |t| t.value(sheet.real_estate(i + 1)));
            *e = EstateScore {
                size: i as u8 + 1,
                count: counts[i],
                value,
                points: counts[i] as i32 * value,
            };
        }
        let bis = layout.bis.value(sheet.bis_count());
        let roundabouts = layout.roundabouts.value(sheet.roundabouts());
        let refusals = layout.refusals.value(sheet.refusals());
        let total = plans.iter().sum::<i32>()
            + parks.iter().sum::<i32>()
            + pools
            + temps
            + estates.iter().map(|e| e.points).sum::<i32>()
            - bis
            - roundabouts
            - refusals;
        Score {
            plans,
            parks,
            pools,
            temps,
            estates,
            bis,
            roundabouts,
            refusals,
            total,
            tie_break: TieBreak {
                estates: counts.iter().sum(),
                by_size: counts,
            },
        }
    }

    /// Estate points summed over sizes.
    pub fn estate_points(&self) -> i32 {
        self.estates.iter().map(|e| e.points).sum()
    }

    /// Better first: total, then the tie-break chain.
    pub fn compare(&self, other: &Score) -> Ordering {
        self.total
            .cmp(&other.total)
            .then_with(|| self.tie_break.cmp(&other.tie_break))
    }
}

/// Scores every sheet of a game; temps are ranked across the sheets unless `solo`.
pub fn score_all(layout: &SheetLayout, sheets: &[Sheet], solo: bool) -> Vec<Score> {
    let counts: Vec<u8> = sheets.iter().map(|s| s.temps()).collect();
    sheets
        .iter()
        .map(|s| {
            let t = if solo {
                Temps::Solo
            } else {
                Temps::Ranked(&counts)
            };
            Score::of(layout, s, t)
        })
        .collect()
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
