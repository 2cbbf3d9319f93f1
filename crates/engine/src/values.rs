//! Values a table enters from its own cards (collector §18.5, Ruling C29): many printed values
//! are only known from pictures, so a host who owns the box can play with the plan points and
//! the AAA opponent card printed on theirs, and with the layout printed on their sheet
//! (`crate::layout`). They are checked, kept in the game record and used for scoring.

use crate::aaa::{AaaCard, AaaCardError, LETTERS};
use crate::edition::{Edition, Status};
use crate::layout::{EnteredLayout, LayoutError};
use serde::{Deserialize, Serialize};

/// Highest plan value a table may enter (Appendix A.6).
pub const MAX_PLAN_POINTS: u8 = 30;

/// The values a table entered; every field left out keeps the edition's value.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableValues {
    /// The first (Projet) and later (Validé) values of plans A, B, C (n°1, 2, 3).
    #[serde(default)]
    pub plans: [Option<[u8; 2]>; 3],
    /// The AAA opponent card played, as printed on the table's card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<AaaCard>,
    /// The sheet's layout as printed on the table's own sheet, checked when it was entered.
    /// Not part of the values' JSON: it is a whole sheet file, which a game record keeps in
    /// `setup.layout` and a server in its own column; whoever reads the values back enters it
    /// again (`EnteredLayout::parse`).
    #[serde(skip)]
    pub layout: Option<EnteredLayout>,
}

/// Why entered values are refused; names the field. Nothing is changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValuesError {
    #[error(
        "plans.{letter}: values {first} then {second} need 0 ≤ later < first ≤ {MAX_PLAN_POINTS}"
    )]
    Plan { letter: char, first: u8, second: u8 },
    #[error("opponent: {0}")]
    Opponent(#[from] AaaCardError),
    #[error("opponent: the card entered is level {entered} but the game plays level {played}")]
    OpponentLevel { entered: u8, played: u8 },
    #[error("opponent: only the AAA solo game has an opponent card")]
    NoOpponent,
    #[error("layout: {0}")]
    Layout(#[from] LayoutError),
    #[error("plans: edition {edition} has no placeholder value (every value is verified against the printed cards): plan values are not entered there")]
    Verified { edition: String },
}

impl ValuesError {
    pub fn code(&self) -> &'static str {
        match self {
            ValuesError::Plan { .. } => "bad_plan_values",
            ValuesError::Opponent(e) => e.code(),
            ValuesError::OpponentLevel { .. } | ValuesError::NoOpponent => "bad_opponent_values",
            ValuesError::Layout(e) => e.code(),
            ValuesError::Verified { .. } => "values_verified",
        }
    }
}

impl TableValues {
    /// Nothing entered.
    pub fn is_empty(&self) -> bool {
        *self == TableValues::default()
    }

    /// Checks every entered value against the spec's ranges (§15.7, A.6).
    pub fn check(&self) -> Result<(), ValuesError> {
        for (i, v) in self.plans.iter().enumerate() {
            if let Some([first, second]) = *v {
                if !(second < first && first <= MAX_PLAN_POINTS) {
                    return Err(ValuesError::Plan {
                        letter: LETTERS[i],
                        first,
                        second,
                    });
                }
            }
        }
        if let Some(card) = &self.opponent {
            card.check()?;
        }
        Ok(())
    }

    /// Checks that `edition` takes entered plan values at all: only an edition with values
    /// still standing in for the printed ones does (§18.5), as only a sheet with placeholders
    /// takes an entered layout (`LayoutError::Verified`). The 1st edition's are all verified.
    pub fn check_for(&self, edition: &Edition) -> Result<(), ValuesError> {
        let placeholders = edition
            .provenance
            .iter()
            .any(|p| p.status == Status::Placeholder);
        if self.plans.iter().any(Option::is_some) && !placeholders {
            return Err(ValuesError::Verified {
                edition: edition.id.to_string(),
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plan_values_keep_the_later_value_below_the_first() {
        let mut v = TableValues::default();
        v.plans[1] = Some([6, 6]);
        let e = v.check().unwrap_err();
        assert_eq!(e.code(), "bad_plan_values");
        assert!(e.to_string().starts_with("plans.B"), "{e}");
        v.plans[1] = Some([31, 2]);
        assert!(v.check().is_err());
        v.plans[1] = Some([12, 0]);
        assert_eq!(v.check(), Ok(()));
    }

    #[test]
    fn plan_values_are_refused_where_every_value_is_verified() {
        let mut v = TableValues::default();
        v.plans[0] = Some([12, 7]);
        let first = Edition::by_id("first").unwrap();
        assert_eq!(v.check_for(first).unwrap_err().code(), "values_verified");
        let collector = Edition::by_id("collector").unwrap();
        assert_eq!(v.check_for(collector), Ok(()));
        assert_eq!(TableValues::default().check_for(first), Ok(()));
    }
}
