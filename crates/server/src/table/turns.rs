//! A round's turns: confirmations (stored, or queued and acknowledged once durable), taking a
//! turn back, a seat's options, and resolving the round once every seat has confirmed.

use super::{not_started, Role, Table};
use crate::derived::Slowed;
use crate::error::ApiError;
use crate::options;
use crate::store::{Queued, Store, Write};
use crate::view;
use crate::wire::{OptionsOut, Status};
use welcome_engine::{Game, PlayerView, Score, Sheet, Turn, Undo};

/// A confirmation (`Table::confirm`).
pub enum Confirmed {
    /// Stored: the turn resolved the round.
    Stored,
    /// Queued: durable once its ticket says so.
    Queued(Confirming),
}

/// A confirmed turn whose write is queued.
pub struct Confirming {
    pub ticket: Queued,
    /// 0-based.
    pub seat: usize,
    pub round: u16,
}

impl Table {
    pub(super) fn live_game(&self, round: u16) -> Result<&Game, ApiError> {
        let g = self.game.as_ref().ok_or_else(not_started)?;
        self.check_not_ended()?;
        if round != g.round() {
            return Err(ApiError::conflict(
                "stale_round",
                format!("this is round {}, not round {round}", g.round()),
            ));
        }
        Ok(g)
    }

    /// Confirms `turn` for the socket's seat. Durable before it returns.
    pub async fn submit(
        &mut self,
        store: &dyn Store,
        role: Role,
        claimed: Option<usize>,
        round: u16,
        turn: Turn,
    ) -> Result<(), ApiError> {
        match self.confirm(store, role, claimed, round, turn).await? {
            Confirmed::Stored => Ok(()),
            Confirmed::Queued(mut c) => match c.ticket.wait().await {
                Ok(()) => Ok(()),
                Err(e) => self.refused(c, e),
            },
        }
    }

    /// Confirms `turn` for the socket's seat. A turn that resolves the round is stored before
    /// this returns; any other is queued (`Store::queue`): the caller lets go of the table's
    /// lock, waits for the ticket, and acknowledges the turn only once it is durable (if it is
    /// refused, `refused` under the lock again). Meanwhile the table's other seats confirm
    /// theirs, and their turns commit together; nothing of it is shown before it is durable
    /// (`Table::queued`).
    pub async fn confirm(
        &mut self,
        store: &dyn Store,
        role: Role,
        claimed: Option<usize>,
        round: u16,
        turn: Turn,
    ) -> Result<Confirmed, ApiError> {
        let seat = self.acting_seat(role, claimed)?;
        let g = self.live_game(round)?;
        if g.has_submitted(seat) {
            return Err(ApiError::conflict(
                "already_submitted",
                format!(
                    "you already confirmed your turn for round {round}; restart it to change it"
                ),
            ));
        }
        if let Err(e) = options::check_claim_sizes(&turn.plans) {
            return Err(ApiError::bad_request("bad_message", e.message));
        }
        let stored = serde_json::to_string(&turn).unwrap_or_default();
        let g = self.game.as_mut().ok_or_else(not_started)?;
        g.submit(seat, turn)?;
        if g.ready() {
            let mut before = g.undo_point();
            before.withdraw(seat);
            self.resolve_and_store(store, Some(before)).await?;
            return Ok(Confirmed::Stored);
        }
        let w = Write::Pending {
            table: self.id.clone(),
            seat: seat as u16,
            round,
            turn: stored,
        };
        match store.queue(vec![w]) {
            Ok(ticket) => {
                self.queued = ticket.seq();
                if self.confirming.len() <= seat {
                    self.confirming.resize(seat + 1, 0);
                }
                self.confirming[seat] = ticket.seq();
                Ok(Confirmed::Queued(Confirming {
                    ticket,
                    seat,
                    round,
                }))
            }
            Err(e) => {
                if let Some(g) = &mut self.game {
                    g.withdraw(seat);
                }
                Err(ApiError::storage(e))
            }
        }
    }

    /// A queued confirmation was refused by the store: the turn is taken back if it is still
    /// the seat's confirmed turn of that round (the answer is then the error). If the round
    /// has resolved since, its turn was stored with the round: the confirmation stands.
    pub fn refused(&mut self, c: Confirming, e: crate::store::StoreError) -> Result<(), ApiError> {
        let Confirming {
            ticket,
            seat,
            round,
        } = c;
        let Some(g) = &mut self.game else {
            return Err(ApiError::storage(e));
        };
        if g.round() > round && g.log().iter().any(|r| r.round == round) {
            return Ok(());
        }
        if g.round() == round
            && g.has_submitted(seat)
            && self.confirming.get(seat) == Some(&ticket.seq())
        {
            g.withdraw(seat);
        }
        // The change is undone (the caller shows it): what is shown may go on.
        drop(ticket);
        Err(ApiError::storage(e))
    }

    /// The last batch this table queued without waiting for it: what is shown of the table
    /// waits until the store has settled it (`Progress::settled`).
    pub fn queued(&self) -> u64 {
        self.queued
    }

    /// Takes back the socket's confirmed turn while the round is unresolved.
    pub async fn restart(
        &mut self,
        store: &dyn Store,
        role: Role,
        claimed: Option<usize>,
        round: u16,
    ) -> Result<(), ApiError> {
        let seat = self.acting_seat(role, claimed)?;
        let g = self.live_game(round)?;
        if !g.has_submitted(seat) {
            return Err(ApiError::conflict(
                "nothing_to_restart",
                format!("you have not confirmed a turn in round {round}"),
            ));
        }
        store
            .write(vec![Write::Withdraw {
                table: self.id.clone(),
                seat: seat as u16,
            }])
            .await
            .map_err(ApiError::storage)?;
        if let Some(g) = &mut self.game {
            g.withdraw(seat);
        }
        Ok(())
    }

    /// What the socket's seat may do next from `draft`. Read-only; the view (with the X marks
    /// of the hordes the seat slowed so far, Zombies) is taken under the lock and the caller
    /// computes the options after releasing it.
    pub fn options_view(
        &self,
        role: Role,
        claimed: Option<usize>,
        round: u16,
    ) -> Result<(PlayerView, Slowed), ApiError> {
        let seat = self.acting_seat(role, claimed)?;
        let g = self.live_game(round)?;
        let view =
            PlayerView::of(g, seat).ok_or_else(|| ApiError::internal("seat without a view"))?;
        Ok((view, view::slowed(g, seat)))
    }

    /// Resolves and stores a round every seat has confirmed but whose storing failed. Returns
    /// whether it did.
    pub(crate) async fn resolve_ready(&mut self, store: &dyn Store) -> Result<bool, ApiError> {
        let ready =
            self.status() == Status::Playing && self.game.as_ref().is_some_and(|g| g.ready());
        if !ready {
            return Ok(false);
        }
        let before = self.game.as_ref().map(Game::undo_point);
        self.resolve_and_store(store, before).await.map(|()| true)
    }

    /// Lets the quick bots play, resolves the ready rounds and stores the game; on any error
    /// the game goes back to `before`, as it was stored (kept as an undo point: a copy of the
    /// game would copy every round played).
    pub(super) async fn resolve_and_store(
        &mut self,
        store: &dyn Store,
        before: Option<Undo>,
    ) -> Result<(), ApiError> {
        let r = match self.play_bots_and_resolve().await {
            Ok(_) => store
                .write(vec![self.game_write(false)])
                .await
                .map_err(ApiError::storage),
            Err(e) => Err(e),
        };
        match (r.is_ok(), &mut self.game, before) {
            (true, _, _) => self.stored(),
            (false, Some(g), Some(before)) => g.undo(before),
            (false, _, _) => {}
        }
        r
    }

    /// Lets the quick bots play and resolves every ready round: a round with search bots
    /// stops here until they have thought. Returns whether any round resolved. Nothing is
    /// stored here; the caller stores the record.
    pub(super) async fn play_bots_and_resolve(&mut self) -> Result<bool, ApiError> {
        let mut resolved = false;
        loop {
            match &self.game {
                Some(g) if !g.is_over() => {}
                _ => break,
            }
            self.play_bots().await;
            let Some(g) = &mut self.game else { break };
            if self.abandoned || !g.ready() {
                break;
            }
            g.resolve()
                .map_err(|e| ApiError::internal(format!("dealing the next round: {e}")))?;
            resolved = true;
        }
        Ok(resolved)
    }
}

/// Options for a draft of `view`'s seat, scored as the game scores (temps ranked across the
/// table, by the solo rule or against the AAA).
pub fn seat_options(view: &PlayerView, draft: &crate::wire::Draft, slowed: &Slowed) -> OptionsOut {
    let ctx = view.context();
    // The view scores with the game's temp rule (solo threshold, or against the AAA).
    let score = |s: &Sheet| -> Score {
        let mut sheets = view.sheets.clone();
        sheets[view.seat] = *s;
        view.score_sheets(&sheets).swap_remove(view.seat)
    };
    options::compute(&ctx, view.sheet(), draft, &score, slowed)
}
