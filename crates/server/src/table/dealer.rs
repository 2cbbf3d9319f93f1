//! A deal-only table (players on paper sheets): set up at its creation, dealt round after round
//! by its host, who also ends the game.

use super::{abandoned, not_started, Table};
use crate::error::ApiError;
use crate::store::{Store, Write};
use axum::http::StatusCode;
use welcome_engine::{DealerError, Game};

impl Table {
    /// Sets up the game of a new deal-only table (it starts at once: there is nobody to wait
    /// for). Returns the write that stores it, to go in the same batch as the table (the table
    /// is dropped if that batch fails).
    pub fn start_dealing(&mut self) -> Result<Write, ApiError> {
        let game = Game::dealer(self.options, self.seed, &self.values)
            .map_err(|e| ApiError::engine(StatusCode::BAD_REQUEST, e.code(), e))?;
        self.game = Some(game);
        let w = self.game_write(true);
        self.stored();
        Ok(w)
    }

    /// The host of a deal-only table ends round `round` and deals the next: `approved` are
    /// the plans (1–3) achieved this round, `reshuffle` the first-plan reshuffle request. The
    /// engine decides what is dealt; stored before it returns, nothing changes on error.
    pub async fn deal_next(
        &mut self,
        store: &dyn Store,
        token: &str,
        round: u16,
        approved: &[usize],
        reshuffle: bool,
    ) -> Result<(), ApiError> {
        self.check_dealer(token)?;
        self.live_game(round)?;
        let mut marks = [false; 3];
        for &plan in approved {
            match plan.checked_sub(1).and_then(|i| marks.get_mut(i)) {
                Some(m) if !*m => *m = true,
                _ => {
                    return Err(ApiError::bad_request(
                        "bad_plan",
                        format!("plans are numbered 1 to 3, each named once: {approved:?}"),
                    ))
                }
            }
        }
        let before = self.game.clone();
        let g = self.game.as_mut().ok_or_else(not_started)?;
        g.deal_next(marks, reshuffle).map_err(dealer_error)?;
        self.store_or(store, before).await
    }

    /// The host of a deal-only table ends the game (a player's sheet met an end condition).
    pub async fn end_game(&mut self, store: &dyn Store, token: &str) -> Result<(), ApiError> {
        self.check_dealer(token)?;
        if self.abandoned {
            return Err(abandoned());
        }
        let before = self.game.clone();
        let g = self.game.as_mut().ok_or_else(not_started)?;
        g.declare_end().map_err(dealer_error)?;
        self.store_or(store, before).await
    }

    fn check_dealer(&self, token: &str) -> Result<(), ApiError> {
        self.check_host(token)?;
        if !self.deal_only() {
            return Err(ApiError::conflict(
                "not_deal_only",
                "only a deal-only table is dealt by its host; at this table the players' turns end each round",
            ));
        }
        Ok(())
    }

    /// Stores the game; on failure it goes back to `before`, as it was stored.
    async fn store_or(&mut self, store: &dyn Store, before: Option<Game>) -> Result<(), ApiError> {
        let r = store
            .write(vec![self.game_write(false)])
            .await
            .map_err(ApiError::storage);
        match r {
            Ok(()) => self.stored(),
            Err(_) => self.game = before,
        }
        r
    }
}

/// What the engine refuses a deal-only table's host.
fn dealer_error(e: DealerError) -> ApiError {
    match e {
        DealerError::GameOver => ApiError::conflict("game_over", "the game is over"),
        DealerError::NotDealer => ApiError::conflict("not_deal_only", e.to_string()),
        e => ApiError::engine(StatusCode::UNPROCESSABLE_ENTITY, e.code(), e),
    }
}
