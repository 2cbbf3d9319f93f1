//! The values a sheet with this rule module prints (read from its sheet file, part of
//! `SheetLayout`): plain data the rest of the engine builds on, without rules.

use serde::{Deserialize, Serialize};

/// Atomic War's printed values (collector expansions §6.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AtomicValues {
    /// Per street: the bonus for the highest shelter capacity.
    pub street_bonus: Vec<i32>,
    /// The bonus for the lowest total capacity.
    pub optimism: i32,
    /// AAA solo: what the AAA's half of each street's first shelter holds at setup.
    pub aaa_first: Vec<u8>,
}

/// Each street's shelter capacity (collector expansions §6.4).
pub type Capacities = [u16; crate::house::MAX_STREETS];
