//! Where a data file's values come from: each group of values is verified against the printed
//! game or a placeholder until it is (the specification's data appendix marks which).

use serde::{Deserialize, Serialize};

/// Whether a value is known from the printed game or stands in until it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Verified,
    Placeholder,
}

/// Where a group of values comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    /// Which values of the file this covers.
    pub what: String,
    pub status: Status,
    /// The specification section and its sources.
    pub source: String,
}
