//! The values a sheet with this rule module prints (read from its sheet file, part of
//! `SheetLayout`): plain data the rest of the engine builds on, without rules.

use crate::card::Effect;
use serde::{Deserialize, Serialize};

/// The American Dream values (collector expansions §10.2, §10.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DreamValues {
    /// Points of a circled street bonus.
    pub street_bonus: i32,
    /// A complete column's points are multiplied by this when its bonus is circled.
    pub column_multiplier: i32,
    /// Points of a normal and of a perfect house in a complete column.
    pub normal: i32,
    pub perfect: i32,
    /// The colour each family is printed in, for people (plans name families by colour).
    pub colours: Vec<FamilyColour>,
}

/// The colour a family of houses is printed in (American Dream).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FamilyColour {
    pub family: Effect,
    pub colour: String,
}

impl DreamValues {
    /// The colour of `family`, or the action's name when the data gives none.
    pub fn colour(&self, family: Effect) -> &str {
        self.colours
            .iter()
            .find(|c| c.family == family)
            .map_or(family.name(), |c| c.colour.as_str())
    }
}

/// A measure over one column of houses (collector expansions §1.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ColumnMeasure {
    /// Circled saucers in the column (Roswell).
    Zoorgs,
}

impl ColumnMeasure {
    pub fn noun(self) -> &'static str {
        match self {
            ColumnMeasure::Zoorgs => "circled saucers",
        }
    }
}

/// The American Dream plans (collector expansions §10.5): over the grid of families, perfect
/// houses, complete streets and complete columns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Grid {
    /// Every house of these families is perfect (`perfect`) or numbered.
    AllOfType {
        families: Vec<Effect>,
        perfect: bool,
    },
    /// At least `n` complete columns, of perfect houses only when `only_perfect`, next to each
    /// other when `adjacent`.
    Columns {
        n: u8,
        #[serde(default)]
        only_perfect: bool,
        #[serde(default)]
        adjacent: bool,
    },
    /// At least `n` complete streets, of perfect houses only when `only_perfect`.
    Streets {
        n: u8,
        #[serde(default)]
        only_perfect: bool,
    },
    /// A block of `streets` adjacent streets × `columns` adjacent columns, every house perfect.
    PerfectBlock { streets: u8, columns: u8 },
}

impl Grid {
    /// How a grid plan is worded for people.
    pub fn words(&self) -> String {
        let g = self;
        let families = |fs: &[Effect]| {
            fs.iter()
                .map(|f| f.name())
                .collect::<Vec<_>>()
                .join(" and ")
        };
        match g {
            Grid::AllOfType {
                families: fs,
                perfect,
            } => format!(
                "every house of the {} famil{} {}",
                families(fs),
                if fs.len() == 1 { "y" } else { "ies" },
                if *perfect { "perfect" } else { "numbered" }
            ),
            Grid::Columns {
                n,
                only_perfect,
                adjacent,
            } => format!(
                "{n} complete{} columns{}",
                if *adjacent { " adjacent" } else { "" },
                if *only_perfect {
                    " of perfect houses only"
                } else {
                    ""
                }
            ),
            Grid::Streets { n, only_perfect } => format!(
                "{n} complete street{}{}",
                if *n == 1 { "" } else { "s" },
                if *only_perfect {
                    " of perfect houses only"
                } else {
                    ""
                }
            ),
            Grid::PerfectBlock { streets, columns } => {
                format!("a block of {streets} × {columns} perfect houses")
            }
        }
    }
}
