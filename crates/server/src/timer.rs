//! The host's turn timer: seconds per round for every seat that has not confirmed, and what
//! happens to such a seat when they run out.
//!
//! A round's deadline starts when the server first sees the round (the start, a resolution, or
//! a restart: nobody could play while the server was down, so a restored round gets a full
//! period again). One sweeper checks the deadlines, read without taking the tables' locks.

use crate::error::ApiError;
use crate::state::{AppState, Limits};
use serde::{Deserialize, Serialize};

/// What a timed-out seat does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Expiry {
    /// A greedy bot plays the seat's turn (the seat stays the player's).
    Bot,
    /// The seat refuses a permit if that is legal (nothing fits), else a bot plays the turn.
    Refuse,
}

impl Expiry {
    pub fn name(self) -> &'static str {
        match self {
            Expiry::Bot => "bot",
            Expiry::Refuse => "refuse",
        }
    }

    pub fn parse(s: &str) -> Option<Expiry> {
        match s {
            "bot" => Some(Expiry::Bot),
            "refuse" => Some(Expiry::Refuse),
            _ => None,
        }
    }
}

/// The timer as the host sets it, on the wire and in the table info.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnTimer {
    pub seconds: u32,
    #[serde(default = "default_expiry")]
    pub on_expiry: Expiry,
}

fn default_expiry() -> Expiry {
    Expiry::Bot
}

impl TurnTimer {
    /// Checks the seconds against the server's bounds.
    pub fn check(self, limits: &Limits) -> Result<TurnTimer, ApiError> {
        let (lo, hi) = (*limits.turn_seconds.start(), *limits.turn_seconds.end());
        if !limits.turn_seconds.contains(&self.seconds) {
            return Err(ApiError::bad_request(
                "bad_turn_timer",
                format!(
                    "a turn timer has {lo} to {hi} seconds, not {}",
                    self.seconds
                ),
            ));
        }
        Ok(self)
    }

    pub fn millis(self) -> i64 {
        self.seconds as i64 * 1000
    }
}

/// Unix time in milliseconds.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
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
