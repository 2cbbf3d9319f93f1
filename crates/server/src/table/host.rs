//! What the host does before the start (the values and the layout of their own cards and sheet,
//! the start) and closing the table.

use super::persist::values_text;
use super::{hash_token, Seat, Table};
use crate::error::ApiError;
use crate::store::{Store, Write};
use crate::wire::Status;
use axum::http::StatusCode;
use welcome_engine::{CheckedLayout, Edition, Game, TableValues};

impl Table {
    /// Ends a game in play that nobody plays any more: stored as `abandoned`, after which
    /// nothing changes it. The round in progress stays as it was (its confirmed turns too).
    pub async fn abandon(&mut self, store: &dyn Store) -> Result<(), ApiError> {
        if self.status() != Status::Playing {
            return Err(ApiError::conflict(
                "not_started",
                "only a game in play is ended",
            ));
        }
        self.close_now(store).await
    }

    /// The host closes the table: before the start nobody can join or start it any more;
    /// during the game it ends where it is, the sheets as of the last resolved round (the
    /// round in progress is not played). Either way it is stored as `abandoned` and leaves the
    /// lobby; a finished game is refused (`game_over`).
    pub async fn close(&mut self, store: &dyn Store, token: &str) -> Result<(), ApiError> {
        self.check_host(token)?;
        self.check_not_ended()?;
        self.close_now(store).await
    }

    async fn close_now(&mut self, store: &dyn Store) -> Result<(), ApiError> {
        store
            .write(vec![Write::Abandon {
                table: self.id.clone(),
            }])
            .await
            .map_err(ApiError::storage)?;
        self.abandoned = true;
        self.transfers.clear();
        self.deadline = None;
        self.push.changed(true);
        Ok(())
    }

    pub(super) fn check_host(&self, token: &str) -> Result<(), ApiError> {
        if hash_token(token) == self.host_hash {
            Ok(())
        } else {
            Err(ApiError::forbidden(
                "not_host",
                "only the host of the table may do this",
            ))
        }
    }

    pub async fn start(&mut self, store: &dyn Store, token: &str) -> Result<(), ApiError> {
        self.check_host(token)?;
        self.check_not_ended()?;
        if self.game.is_some() {
            return Err(ApiError::conflict(
                "already_started",
                "the game has already started",
            ));
        }
        if let Some(i) = self.seats.iter().position(Seat::is_free) {
            return Err(ApiError::conflict(
                "seats_not_filled",
                format!("seat {} is still free: invite a player or add a bot", i + 1),
            ));
        }
        let mut values = self.values.clone();
        if let Some(l) = &self.layout {
            // Only now is the layout kept for the process (see `welcome_engine::layout`).
            let entered = l
                .enter()
                .map_err(|e| ApiError::engine(StatusCode::SERVICE_UNAVAILABLE, e.code(), e))?;
            values.layout = Some(entered);
        }
        let game = Game::with_values(self.options, self.seats.len(), self.seed, &values)
            .map_err(|e| ApiError::engine(StatusCode::BAD_REQUEST, e.code(), e))?;
        self.game = Some(game);
        let mut writes = Vec::new();
        let r = self.play_bots_and_resolve().await;
        if r.is_ok() {
            writes.push(self.game_write(true));
        }
        let stored = match r {
            Ok(_) => store.write(writes).await.map_err(ApiError::storage),
            Err(e) => Err(e),
        };
        if let Err(e) = stored {
            self.game = None;
            return Err(e);
        }
        self.stored();
        Ok(())
    }

    /// The host enters the values printed on their own cards (collector §18.5), before the
    /// start. Checked as the game would check them; nothing changes on error.
    pub async fn set_values(
        &mut self,
        store: &dyn Store,
        token: &str,
        values: TableValues,
    ) -> Result<(), ApiError> {
        self.check_host(token)?;
        self.check_not_ended()?;
        if self.game.is_some() {
            return Err(ApiError::conflict(
                "already_started",
                "the game has started: its values can no longer change",
            ));
        }
        Game::with_values(self.options, self.seats.len(), self.seed, &values)
            .map_err(|e| ApiError::engine(StatusCode::BAD_REQUEST, e.code(), e))?;
        store
            .write(vec![Write::Values {
                table: self.id.clone(),
                values: values_text(&values),
            }])
            .await
            .map_err(ApiError::storage)?;
        self.values = values;
        Ok(())
    }

    /// The host enters the layout printed on their own sheet (collector expansions X40), a
    /// sheet file, before the start; `None` goes back to the shipped layout. Checked as the
    /// engine checks a shipped sheet; nothing changes on error.
    pub async fn set_layout(
        &mut self,
        store: &dyn Store,
        token: &str,
        text: Option<&str>,
    ) -> Result<(), ApiError> {
        self.check_host(token)?;
        self.check_not_ended()?;
        if self.game.is_some() {
            return Err(ApiError::conflict(
                "already_started",
                "the game has started: its layout can no longer change",
            ));
        }
        let layout = match text {
            None => None,
            Some(text) => {
                let edition = Edition::by_id(self.options.edition.as_str()).ok_or_else(|| {
                    crate::edition::unknown_edition(self.options.edition.as_str())
                })?;
                let l = CheckedLayout::parse(edition, self.options.sheet, text)
                    .map_err(|e| ApiError::engine(StatusCode::BAD_REQUEST, e.code(), e))?;
                Some(l)
            }
        };
        store
            .write(vec![Write::Layout {
                table: self.id.clone(),
                layout: layout
                    .as_ref()
                    .map(CheckedLayout::to_json)
                    .unwrap_or_default(),
            }])
            .await
            .map_err(ApiError::storage)?;
        self.layout = layout;
        Ok(())
    }
}
