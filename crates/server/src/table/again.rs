//! Playing again: the next table of a finished one.

use super::{NewTable, Seat, Table};
use crate::error::ApiError;
use crate::store::Write;
use crate::wire::TurnTimer;
use welcome_engine::{CheckedLayout, Options, TableValues};

impl Table {
    /// What the host's "play again" opens: a table of the same options and seats, whose bots
    /// keep their seats and whose host keeps theirs (under `host_hash`, a new token); the other
    /// players' seats are free for them to join. Only once the game is over or was ended, and
    /// once (`next_exists` names the table opened before). Nothing changes here.
    pub fn again(&self, token: &str, host_hash: String) -> Result<Again, ApiError> {
        self.check_host(token)?;
        if self.status().is_open() {
            return Err(ApiError::conflict(
                "not_finished",
                "the game is not over: play again once it is, or end it first",
            ));
        }
        if let Some(next) = &self.next {
            return Err(ApiError::conflict(
                "next_exists",
                format!("the next game is already open at table {next}"),
            ));
        }
        let seats = self
            .seats
            .iter()
            .map(|s| match (s.bot, s.token_hash.as_deref()) {
                (Some(kind), _) => Seat {
                    name: None,
                    bot: Some(kind),
                    token_hash: None,
                },
                (None, Some(h)) if h == self.host_hash => Seat {
                    name: s.name.clone(),
                    bot: None,
                    token_hash: Some(host_hash.clone()),
                },
                _ => Seat::default(),
            })
            .collect();
        let host_seat = self
            .seats
            .iter()
            .position(|s| s.token_hash.as_deref() == Some(self.host_hash.as_str()));
        Ok(Again {
            host_name: self.host_name.clone(),
            options: self.options,
            table_mode: self.table_mode,
            host_hash,
            host_seat,
            seats,
            timer: self.timer,
            values: self.values.clone(),
            layout: self.layout.clone(),
            deal_only: self.deal_only(),
        })
    }

    /// Names the table opened to play again, once `next_write` is stored.
    pub fn named_next(&mut self, next: &str) {
        self.next = Some(next.to_string());
    }

    /// The table opened to play again, if any.
    pub fn next(&self) -> Option<&str> {
        self.next.as_deref()
    }
}

/// The write that names the table opened to play again after `table`.
pub fn next_write(table: &str, next: &str) -> Write {
    Write::Next {
        table: table.to_string(),
        next: next.to_string(),
    }
}

/// The next table of a finished one (`Table::again`): everything `NewTable` needs but its
/// id, seed and time of creation.
pub struct Again {
    pub host_name: String,
    pub options: Options,
    pub table_mode: bool,
    pub host_hash: String,
    /// The host's seat (0-based), kept in the new table; `None` in table mode.
    pub host_seat: Option<usize>,
    pub seats: Vec<Seat>,
    pub timer: Option<TurnTimer>,
    pub values: TableValues,
    pub layout: Option<CheckedLayout>,
    pub deal_only: bool,
}

impl Again {
    /// The new table, as `id`.
    pub fn table(self, id: String, seed: u64, created: i64) -> Table {
        Table::new(NewTable {
            id,
            host_name: self.host_name,
            options: self.options,
            table_mode: self.table_mode,
            host_hash: self.host_hash,
            seed,
            created,
            seats: self.seats,
            timer: self.timer,
            values: self.values,
            layout: self.layout,
        })
    }
}
