//! The values a sheet with this rule module prints (read from its sheet file, part of
//! `SheetLayout`): plain data the rest of the engine builds on, without rules.

use serde::{Deserialize, Serialize};

/// An ice-cream cone (Ice Cream).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cone {
    /// 1-based house.
    pub house: u8,
    pub scoops: u8,
}
