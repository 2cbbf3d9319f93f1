//! What a seat may do next from a draft turn: the engine's `draft::options` replays the draft
//! through the staged turn machine and lists what comes next, in the protocol's form.
//! Stateless: the client holds the draft.

pub use welcome_engine::draft::options::{compute, follow, Outcome, MAX_LISTED_CLAIMS};
pub use welcome_engine::draft::{MAX_BONUSES, MAX_CIRCLES, MAX_CLAIMS, MAX_CLAIM_ESTATES};
pub use welcome_engine::legal::MAX_ZOMBIE_CARDS;

use crate::wire::DraftError;

/// Rejects claim lists too long to be legal before any engine check runs on them, so that
/// message size alone bounds the work a request causes.
pub fn check_claim_sizes(claims: &[welcome_engine::PlanClaim]) -> Result<(), DraftError> {
    welcome_engine::draft::check_claim_sizes(claims).map_err(DraftError::from)
}
