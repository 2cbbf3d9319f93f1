//! The seats: players joining, bots taking seats, the host's kicks, and the names the seats are
//! shown by.

use super::{Role, Seat, Table};
use crate::error::ApiError;
use crate::store::{Store, Write};
use welcome_bots::{BotKind, Level};

impl Table {
    pub(super) fn display_name(&self, seat: usize) -> String {
        let s = &self.seats[seat];
        match (&s.name, s.bot) {
            (Some(n), _) => n.clone(),
            (None, Some(k)) => bot_name(k).to_string(),
            (None, None) => format!("Seat {}", seat + 1),
        }
    }

    pub(super) fn names(&self) -> Vec<String> {
        (0..self.seats.len())
            .map(|i| self.display_name(i))
            .collect()
    }

    /// Number of seats at the table.
    pub fn seat_count(&self) -> usize {
        self.seats.len()
    }

    pub(super) fn seat_index(&self, seat: usize) -> Result<usize, ApiError> {
        if seat == 0 || seat > self.seats.len() {
            return Err(ApiError::not_found(
                "no_such_seat",
                format!("the table has seats 1 to {}, not {seat}", self.seats.len()),
            ));
        }
        Ok(seat - 1)
    }

    /// Takes the first free seat for a player called `name`. Returns the 0-based seat.
    pub async fn join(
        &mut self,
        store: &dyn Store,
        name: String,
        token_hash: String,
    ) -> Result<usize, ApiError> {
        self.check_not_ended()?;
        if self.game.is_some() {
            return Err(ApiError::conflict(
                "already_started",
                "the game has started; watch it instead",
            ));
        }
        let seat = self
            .seats
            .iter()
            .position(Seat::is_free)
            .ok_or_else(|| ApiError::conflict("table_full", "every seat is taken"))?;
        let new = Seat {
            name: Some(name),
            bot: None,
            token_hash: Some(token_hash),
        };
        store
            .write(vec![Write::Seat {
                table: self.id.clone(),
                seat: seat as u16,
                row: new.row(),
            }])
            .await
            .map_err(ApiError::storage)?;
        self.seats[seat] = new;
        Ok(seat)
    }

    /// A bot of `kind` takes `seat` (1-based), before or during the game.
    pub async fn set_bot(
        &mut self,
        store: &dyn Store,
        token: &str,
        seat: usize,
        kind: BotKind,
    ) -> Result<(), ApiError> {
        self.check_host(token)?;
        let seat = self.seat_index(seat)?;
        self.check_not_ended()?;
        self.check_not_own(seat)?;
        self.replace_seat(
            store,
            seat,
            Seat {
                name: None,
                bot: Some(kind),
                token_hash: None,
            },
        )
        .await
    }

    /// Before the start the seat becomes free; during the game a greedy bot takes it.
    pub async fn kick(
        &mut self,
        store: &dyn Store,
        token: &str,
        seat: usize,
    ) -> Result<(), ApiError> {
        self.check_host(token)?;
        let seat = self.seat_index(seat)?;
        self.check_not_ended()?;
        self.check_not_own(seat)?;
        let new = match self.game {
            None => Seat::default(),
            Some(_) => Seat {
                name: None,
                bot: Some(BotKind::Greedy),
                token_hash: None,
            },
        };
        self.replace_seat(store, seat, new).await
    }

    /// Refuses a host action on the host's own seat: kicked or given to a bot, the host would
    /// keep the table's rights without a seat, at a table nobody plays from any more (the host
    /// ends the game instead, `abandon`).
    fn check_not_own(&self, seat: usize) -> Result<(), ApiError> {
        if self.seats[seat].token_hash.as_deref() == Some(self.host_hash.as_str()) {
            return Err(ApiError::conflict(
                "own_seat",
                format!(
                    "seat {} is your own: the host cannot kick it or give it to a bot; end the game instead",
                    seat + 1
                ),
            ));
        }
        Ok(())
    }

    async fn replace_seat(
        &mut self,
        store: &dyn Store,
        seat: usize,
        new: Seat,
    ) -> Result<(), ApiError> {
        self.check_not_ended()?;
        let old_seat = std::mem::replace(&mut self.seats[seat], new);
        let old_game = self.game.clone();
        let mut writes = vec![Write::Seat {
            table: self.id.clone(),
            seat: seat as u16,
            row: self.seats[seat].row(),
        }];
        let mut result = Ok(());
        if let Some(g) = &mut self.game {
            // The new occupant decides this round afresh.
            if g.withdraw(seat) {
                writes.push(Write::Withdraw {
                    table: self.id.clone(),
                    seat: seat as u16,
                });
            }
            result = match self.play_bots_and_resolve().await {
                Ok(true) => {
                    writes.push(self.game_write(false));
                    Ok(())
                }
                Ok(false) => Ok(()),
                Err(e) => Err(e),
            };
        }
        if result.is_ok() {
            result = store.write(writes).await.map_err(ApiError::storage);
        }
        if result.is_err() {
            self.seats[seat] = old_seat;
            self.game = old_game;
        } else {
            self.stored();
            // A move offered by the former holder must not hand the seat back.
            self.transfers.remove(&seat);
        }
        result
    }

    /// The seat a socket acts for, checking the optional seat it names.
    pub(super) fn acting_seat(
        &self,
        role: Role,
        claimed: Option<usize>,
    ) -> Result<usize, ApiError> {
        let seat = match role {
            Role::Seat { seat, .. } => seat,
            Role::Host | Role::Spectator => {
                return Err(ApiError::forbidden(
                    "spectator",
                    "spectators cannot act; join the table to play",
                ))
            }
        };
        if let Some(c) = claimed {
            if c != seat + 1 {
                return Err(ApiError::forbidden(
                    "not_your_seat",
                    format!("you hold seat {}, not seat {c}", seat + 1),
                ));
            }
        }
        Ok(seat)
    }
}

/// The name a bot seat is shown by.
fn bot_name(kind: BotKind) -> &'static str {
    match kind {
        BotKind::Random => "Random bot",
        BotKind::Greedy => "Greedy bot",
        BotKind::Search(Level::Fast) => "Search bot (fast)",
        BotKind::Search(Level::Default) => "Search bot",
        BotKind::Search(Level::Strong) => "Search bot (strong)",
    }
}
