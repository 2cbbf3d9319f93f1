//! What is shown of the table: its info, its line in the lobby, the fragments its sockets are
//! pushed (shared and personal), a sheet on its own and the record for download.

use super::{json, not_started, Role, Table};
use crate::clock::now_ms;
use crate::error::ApiError;
use crate::push::{Frag, Personal, Snapshot};
use crate::view;
use crate::wire::{LobbyEntry, SeatInfo, TableInfo, You};
use std::sync::Arc;
use welcome_engine::{Edition, Mode, Record};

impl Table {
    /// Forgets the rendered public state after a change; a minor change (a confirmation, a
    /// connection) keeps the sheets, plans, log and result.
    pub fn invalidate(&mut self, minor: bool) {
        self.push.changed(minor);
        self.rearm(now_ms());
    }

    pub fn info(&self) -> TableInfo {
        let submitted = |i: usize| self.game.as_ref().is_some_and(|g| g.has_submitted(i));
        let host_seat = self
            .seats
            .iter()
            .position(|s| s.token_hash.as_deref() == Some(self.host_hash.as_str()))
            .map(|i| i + 1);
        let seated: usize = self
            .seats
            .iter()
            .filter_map(|s| s.token_hash.as_ref())
            .map(|h| self.sockets.get(&Some(h.clone())).copied().unwrap_or(0))
            .sum();
        TableInfo {
            table: self.id.clone(),
            host: self.host_name.clone(),
            host_seat,
            mode: self.options.mode,
            edition: self.options.edition,
            sheet: self.options.sheet,
            advanced: self.options.advanced,
            first_plan_reshuffle: self.options.first_plan_reshuffle,
            table_mode: self.table_mode,
            deal_only: self.deal_only(),
            status: self.status(),
            round: self.game.as_ref().map(|g| g.round()),
            seats: (0..self.seats.len())
                .map(|i| SeatInfo {
                    seat: i + 1,
                    name: match self.seats[i].is_free() {
                        true => None,
                        false => Some(self.display_name(i)),
                    },
                    bot: self.seats[i].bot.map(|k| k.name().to_string()),
                    connected: self.connected(i),
                    submitted: submitted(i),
                })
                .collect(),
            spectators: self.socket_count() - seated,
            turn_timer: self.timer,
            deadline: self.deadline(),
            aaa_level: match &self.game {
                Some(g) => g.options().aaa_level,
                None => self.options.aaa_level,
            },
            nine_three_quarters: self.options.nine_three_quarters,
            plans: match &self.game {
                Some(g) => Some(g.plans().map(|p| p.card)),
                None => self.deal_plans,
            },
            values: self.values.clone(),
            layout: self.entered_layout().and_then(|l| {
                let edition = Edition::by_id(self.options.edition.as_str())?;
                Some(crate::edition::sheet_json(edition, l))
            }),
            next: self.next.clone(),
        }
    }

    pub fn summary(&self) -> LobbyEntry {
        LobbyEntry {
            table: self.id.clone(),
            host: self.host_name.clone(),
            mode: self.options.mode,
            edition: self.options.edition,
            sheet: self.options.sheet,
            advanced: self.options.advanced,
            deal_only: self.deal_only(),
            seats: self.seats.len(),
            free: self.seats.iter().filter(|s| s.is_free()).count(),
            status: self.status(),
            round: self.game.as_ref().map(|g| g.round()),
            created: self.created,
        }
    }

    /// The table's public state now, as the fragments its sockets share (rendered only if
    /// something changed since the last call). Tables of more than `whole_up_to` seats send
    /// other seats' sheets as summaries while the game goes on.
    pub fn snapshot(&mut self, whole_up_to: usize) -> Arc<Snapshot> {
        if let Some(s) = self.push.current() {
            return s;
        }
        let info = self.info();
        let names = self.names();
        self.push.snapshot(
            info,
            self.game.as_ref().map(|g| (g, names.as_slice())),
            whole_up_to,
        )
    }

    /// What only a socket of `role` sees: who it is, and its seat's offer, passing and
    /// confirmed turn.
    pub fn personal(&self, role: Role) -> Personal {
        let you = match role {
            Role::Seat { seat, host } => Some(You {
                seat: Some(seat + 1),
                host,
            }),
            Role::Host => Some(You {
                seat: None,
                host: true,
            }),
            Role::Spectator => None,
        };
        let seat = match role {
            Role::Seat { seat, .. } => Some(seat),
            _ => None,
        };
        let Some(g) = &self.game else {
            return Personal {
                you: json(&you),
                seat,
                offer: String::new(),
                passing: String::new(),
                my_turn: String::new(),
            };
        };
        let (offer, my_turn) = match seat {
            Some(seat) => (g.offer(seat), g.pending_turn(seat)),
            // Nobody but its holder sees an expert hand.
            None if g.options().mode == Mode::Expert => (None, None),
            None => (g.table_offer(), None),
        };
        Personal {
            you: json(&you),
            seat,
            offer: json(&offer),
            passing: json(&seat.and_then(|s| view::passing(g, s))),
            my_turn: json(&my_turn),
        }
    }

    /// The whole sheet of `seat` (1-based) as of the last resolved round, as the view shows it.
    pub fn sheet(&mut self, seat: usize, whole_up_to: usize) -> Result<(u64, Frag), ApiError> {
        if self.game.is_none() {
            return Err(not_started());
        }
        let i = self.seat_index(seat)?;
        let s = self.snapshot(whole_up_to);
        let g = s.game.as_ref().ok_or_else(not_started)?;
        let f = g
            .whole
            .get(i)
            .ok_or_else(|| ApiError::internal("a seat without a sheet"))?;
        Ok((s.seq, f.clone()))
    }

    /// The game record for download. In expert mode only once the game is over: its draws
    /// reveal hands.
    pub fn record_json(&self) -> Result<String, ApiError> {
        let g = self.game.as_ref().ok_or_else(not_started)?;
        if g.options().mode == Mode::Expert && !g.is_over() && !self.abandoned {
            return Err(ApiError::forbidden(
                "record_hidden",
                "an expert game's record shows every hand: it is available once the game is over",
            ));
        }
        // Without the seed while the game goes on: it would tell the cards to come.
        Ok(Record::public(g, &self.names()).to_json())
    }
}
