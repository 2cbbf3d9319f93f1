//! The turn timer at a table: the deadline of the round in progress, and the turns of the seats
//! that ran out of time.

use super::bots::bot_view;
use super::{json, BotJob, Table, ROUND_MIX};
use crate::error::ApiError;
use crate::store::{Store, Write};
use crate::wire::{Expiry, TurnTimer};
use welcome_bots::{seat_seed, BotKind};
use welcome_engine::{Game, Turn};

impl Table {
    /// Starts the turn timer of a round the table has not timed yet; none once the game is over.
    pub(super) fn rearm(&mut self, now: i64) {
        let round = match (&self.game, self.timer) {
            (Some(g), Some(_)) if !g.is_over() && !self.abandoned => g.round(),
            _ => {
                self.deadline = None;
                return;
            }
        };
        if self.deadline.map(|(r, _)| r) != Some(round) {
            let ms = self.timer.map_or(0, TurnTimer::millis);
            self.deadline = Some((round, now + ms));
            self.push.changed(true);
        }
    }

    /// When the round in progress times out (Unix ms).
    pub fn deadline(&self) -> Option<i64> {
        self.deadline.map(|(_, at)| at)
    }

    /// Plays the turn of every seat that has not confirmed once the round's deadline has passed
    /// (a refusal if the timer says so and it is legal, else the greedy bot's turn), then resolves
    /// the round, or, while search bots still think, keeps those turns as confirmed ones. Stored
    /// before it returns; returns whether anything changed.
    pub async fn expire(&mut self, store: &dyn Store, now: i64) -> Result<bool, ApiError> {
        let (Some(timer), Some((round, at))) = (self.timer, self.deadline) else {
            return Ok(false);
        };
        let live = self
            .game
            .as_ref()
            .is_some_and(|g| !g.is_over() && g.round() == round)
            && !self.abandoned;
        if now < at || !live {
            return Ok(false);
        }
        let before = self.game.clone();
        let turns = self.timed_out_turns(timer.on_expiry).await;
        if turns.is_empty() {
            return Ok(false);
        }
        let Some(g) = &mut self.game else {
            return Ok(false);
        };
        let mut pending = Vec::with_capacity(turns.len());
        let mut failed = false;
        for (seat, turn) in turns {
            let text = json(&turn);
            match g.submit(seat, turn) {
                Ok(()) => pending.push(Write::Pending {
                    table: self.id.clone(),
                    seat: seat as u16,
                    round,
                    turn: text,
                }),
                Err(e) => {
                    tracing::error!("table {}: timed-out seat {}: {e}", self.id, seat + 1);
                    failed = true;
                }
            }
        }
        if g.ready() {
            let before = before.as_ref().map(Game::undo_point);
            return self.resolve_and_store(store, before).await.map(|()| true);
        }
        if failed {
            // Storing the record now would drop the round's confirmed turns.
            self.game = before;
            return Err(ApiError::internal("a timed-out seat found no legal turn"));
        }
        // Only search bots are left to confirm: the timed-out turns wait for them, stored as
        // any confirmed turn.
        if let Err(e) = store.write(pending).await {
            self.game = before;
            return Err(ApiError::storage(e));
        }
        Ok(true)
    }

    /// The turns of the seats held by players that have not confirmed: a legal refusal when
    /// `on_expiry` asks for one, else what the greedy bot plays from the seat's view (seeded as
    /// a bot seat, so a restart plays the same). The greedy bot is quick: it plays under the
    /// lock, never waiting for search bots.
    async fn timed_out_turns(&self, on_expiry: Expiry) -> Vec<(usize, Turn)> {
        let Some(g) = &self.game else {
            return Vec::new();
        };
        let seed = self.seed ^ (g.round() as u64).wrapping_mul(ROUND_MIX);
        let mut turns = Vec::new();
        let mut jobs = Vec::new();
        for (i, s) in self.seats.iter().enumerate() {
            if s.bot.is_some() || g.has_submitted(i) {
                continue;
            }
            if on_expiry == Expiry::Refuse {
                // Expert and AAA solo give a card away on a refusal.
                let pass = g.context(i).is_some_and(|c| c.passes_card).then_some(0);
                let refuse = Turn::refuse(pass);
                if g.validate(i, &refuse).is_ok() {
                    turns.push((i, refuse));
                    continue;
                }
            }
            if let Some(view) = bot_view(g, i) {
                jobs.push(BotJob {
                    seat: i,
                    kind: BotKind::Greedy,
                    round: g.round(),
                    seed: seat_seed(seed, i),
                    view,
                });
            }
        }
        if jobs.is_empty() {
            return turns;
        }
        match tokio::task::spawn_blocking(move || BotJob::think_all(jobs)).await {
            Ok(t) => turns.extend(t),
            Err(e) => tracing::error!("table {}: a timed-out turn failed: {e}", self.id),
        }
        turns
    }
}
