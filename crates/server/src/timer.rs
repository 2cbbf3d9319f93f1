//! The host's turn timer: seconds per round for every seat that has not confirmed, and what
//! happens to such a seat when they run out.
//!
//! A round's deadline starts when the server first sees the round (the start, a resolution, or
//! a restart: nobody could play while the server was down, so a restored round gets a full
//! period again). One sweeper checks the deadlines, read without taking the tables' locks.

use crate::clock::now_ms;
use crate::error::ApiError;
use crate::state::{AppState, Limits};
use crate::wire::TurnTimer;

/// Checks the timer's seconds against the server's bounds.
pub fn check(timer: TurnTimer, limits: &Limits) -> Result<TurnTimer, ApiError> {
    let (lo, hi) = (*limits.turn_seconds.start(), *limits.turn_seconds.end());
    if !limits.turn_seconds.contains(&timer.seconds) {
        return Err(ApiError::bad_request(
            "bad_turn_timer",
            format!(
                "a turn timer has {lo} to {hi} seconds, not {}",
                timer.seconds
            ),
        ));
    }
    Ok(timer)
}

/// How often the sweeper looks at the deadlines: a timed-out round is played within this.
const TICK: std::time::Duration = std::time::Duration::from_millis(250);

/// Plays the turns of every seat whose round's deadline has passed, forever.
pub async fn sweep(state: AppState) {
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if state.is_closed() {
            return;
        }
        let now = now_ms();
        for cell in state.cells() {
            if cell.deadline().is_none_or(|d| d > now) {
                continue;
            }
            let mut t = cell.table.lock().await;
            match t.expire(state.store(), now_ms()).await {
                Ok(true) => {
                    cell.changed_by_server(&mut t);
                    crate::thinking::wake(&state, &cell, &mut t);
                }
                Ok(false) => {}
                Err(e) => tracing::error!("table {}: turn timer: {}", t.id, e.message),
            }
            cell.sync_deadline(&t);
        }
    }
}
