//! What a score is made of: its rows, its total and tie-break key, and what a sheet's score
//! needs from the rest of the table. Plain data the rule modules fill in (each module adds its
//! row), below the scoring that adds them up.

use crate::edition::{SheetLayout, TieBreakRule};
use crate::house::MAX_ESTATE;
use crate::modules::atomic::values::Capacities;
use serde::{Deserialize, Serialize};

/// How temp-agency points are decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Temps<'a> {
    /// Solo: a fixed threshold (spec §10).
    Solo,
    /// Multiplayer: the temp counts of every player, this one included (Ruling 3).
    Ranked(&'a [u8]),
    /// AAA solo, level 1+: ranked against the AAA's Intérimaire cards (collector Ruling C23).
    Against(u8),
    /// AAA solo, level 0: the places of the opponent card's table (collector Ruling C25).
    Places([u8; 3]),
}

/// Atomic War: whose shelter capacities a sheet's are compared with (collector expansions §6.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shelters<'a> {
    /// Nobody else: the sheet on its own (solo without an AAA, or a bot's estimate).
    Alone,
    /// Every player's capacities, this one's included.
    Ranked(&'a [Capacities]),
    /// AAA solo: the AAA's capacities.
    Against(Capacities),
}

/// What a sheet's score needs from the rest of the table: how temps score and whose shelters
/// it is compared with. A `Temps` alone converts into it for sheets without shelters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table<'a> {
    pub temps: Temps<'a>,
    pub shelters: Shelters<'a>,
}

impl<'a> From<Temps<'a>> for Table<'a> {
    fn from(temps: Temps<'a>) -> Table<'a> {
        Table {
            temps,
            shelters: Shelters::Alone,
        }
    }
}

/// Tie-break key (Ruling 16): completed estates, then estates of size 1, 2, … 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TieBreak {
    pub estates: u8,
    pub by_size: [u8; MAX_ESTATE],
}

impl TieBreak {
    /// How the 1st edition's tie-break is worded for people.
    pub const RULE: &'static str =
        "more completed estates, then more estates of size 1, then of size 2, … then 6";

    /// How `rule` is worded for people.
    pub fn rule_text(rule: TieBreakRule) -> &'static str {
        match rule {
            TieBreakRule::EstatesThenSizes => TieBreak::RULE,
            TieBreakRule::Estates => "more complete estates (of any size), then shared",
            TieBreakRule::Shared => "equal totals share the victory",
        }
    }
}

/// One row of the total row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreRow {
    pub id: String,
    /// The printed label, from the sheet data.
    pub label: String,
    /// What the row adds to the total (penalties are negative).
    pub points: i32,
    /// The row's boxes as printed (per plan, per street, per estate size…), penalties positive.
    pub parts: Vec<i32>,
    /// How the points come about, for people.
    pub detail: String,
}

impl ScoreRow {
    pub fn new(
        layout: &SheetLayout,
        id: &str,
        points: i32,
        parts: Vec<i32>,
        detail: String,
    ) -> ScoreRow {
        ScoreRow {
            id: id.into(),
            label: layout.row_label(id).into(),
            points,
            parts,
            detail,
        }
    }
}

/// A score: the sheet's rows in order, the total and the tie-break key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub rows: Vec<ScoreRow>,
    pub total: i32,
    pub tie_break: TieBreak,
}
