//! The table as it is stored (its row, the writes of its game) and as it is restored from the
//! store.

use super::{json, NewTable, Seat, Table};
use crate::clock::now_ms;
use crate::error::ApiError;
use crate::store::{RoundRow, StoredTable, TableRow, Write};
use crate::wire::{Expiry, Status, TurnTimer};
use welcome_bots::BotKind;
use welcome_engine::{CheckedLayout, Edition, Game, Mode, Options, Record, TableValues, Turn};

/// The id of a mode, as on the wire and in the database (`"solo"`).
pub fn mode_name(m: Mode) -> String {
    serde_json::to_value(m)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn parse_mode(s: &str) -> Option<Mode> {
    serde_json::from_value(serde_json::Value::String(s.into())).ok()
}

impl Table {
    pub fn row(&self) -> TableRow {
        TableRow {
            id: self.id.clone(),
            host_name: self.host_name.clone(),
            mode: mode_name(self.options.mode),
            edition: self.options.edition.to_string(),
            sheet: self.options.sheet.to_string(),
            advanced: self.options.advanced,
            first_plan_reshuffle: self.options.first_plan_reshuffle,
            table_mode: self.table_mode,
            host_hash: self.host_hash.clone(),
            seed: self.seed,
            created: self.created,
            seats: self.seats.iter().map(Seat::row).collect(),
            turn_seconds: self.timer.map_or(0, |t| t.seconds),
            turn_expiry: self
                .timer
                .map_or(Expiry::Bot, |t| t.on_expiry)
                .name()
                .into(),
            aaa_level: self.options.aaa_level,
            nine_three_quarters: self.options.nine_three_quarters,
            values: values_text(&self.values),
            layout: self
                .layout
                .as_ref()
                .map(CheckedLayout::to_json)
                .unwrap_or_default(),
        }
    }

    /// The write that stores the game as it is now: the rounds not stored for good yet (those
    /// resolved since the last write, and the round in progress, whose row its resolution
    /// replaces), the result once the game is over, and with `setup` the record's setup (at the
    /// start). What it writes follows the seats, never the rounds played before.
    pub(super) fn game_write(&self, setup: bool) -> Write {
        let Some(g) = &self.game else {
            return Write::Game {
                table: self.id.clone(),
                status: self.status().name().into(),
                setup: None,
                rounds: Vec::new(),
                result: None,
            };
        };
        let setup = setup.then(|| {
            let mut r = Record::of(g, &self.names());
            r.rounds.clear();
            r.result = None;
            r.to_json()
        });
        let rounds = g
            .log()
            .iter()
            .skip(self.rounds_stored)
            .map(|r| RoundRow {
                round: r.round,
                log: json(r),
            })
            .collect();
        let result = g
            .is_over()
            .then(|| Record::of(g, &self.names()).result.map(|r| json(&r)))
            .flatten();
        Write::Game {
            table: self.id.clone(),
            status: self.status().name().into(),
            setup,
            rounds,
            result,
        }
    }

    /// The game's write went through: the rounds that are over are stored for good (every round
    /// but the one in progress).
    pub(super) fn stored(&mut self) {
        let now = self.game.as_ref().map_or(0, final_rounds);
        crate::counters::ROUNDS_RESOLVED.inc_by(now.saturating_sub(self.rounds_stored) as u64);
        self.rounds_stored = now;
    }

    /// A table as it was stored. The game is rebuilt from its record, then the confirmed turns of
    /// the round in progress are submitted again.
    pub fn restore(mut st: StoredTable) -> Result<Table, String> {
        let record = st.record()?;
        let row = st.row;
        let mode = parse_mode(&row.mode).ok_or_else(|| format!("unknown mode {:?}", row.mode))?;
        let mut options = Options::new(mode).advanced(row.advanced);
        options.edition = row.edition.parse().map_err(|e| format!("edition: {e}"))?;
        options.sheet = row.sheet.parse().map_err(|e| format!("sheet: {e}"))?;
        options.first_plan_reshuffle = row.first_plan_reshuffle;
        options.aaa_level = row.aaa_level;
        options.nine_three_quarters = row.nine_three_quarters;
        let values: TableValues = match row.values.as_str() {
            "" => TableValues::default(),
            text => serde_json::from_str(text).map_err(|e| format!("entered values: {e}"))?,
        };
        let layout = match row.layout.as_str() {
            "" => None,
            text => {
                let edition = Edition::by_id(options.edition.as_str())
                    .ok_or_else(|| format!("unknown edition {}", options.edition))?;
                let l = CheckedLayout::parse(edition, options.sheet, text)
                    .map_err(|e| format!("entered layout: {e}"))?;
                Some(l)
            }
        };
        let timer = match row.turn_seconds {
            0 => None,
            seconds => Some(TurnTimer {
                seconds,
                on_expiry: Expiry::parse(&row.turn_expiry)
                    .ok_or_else(|| format!("unknown turn expiry {:?}", row.turn_expiry))?,
            }),
        };
        let mut seats = Vec::with_capacity(row.seats.len());
        for s in row.seats {
            let bot = match s.bot {
                Some(k) => Some(k.parse::<BotKind>().map_err(|e| e.to_string())?),
                None => None,
            };
            seats.push(Seat {
                name: s.name,
                bot,
                token_hash: s.token_hash,
            });
        }
        let status = Status::parse(&st.status)
            .ok_or_else(|| format!("unknown table status {:?}", st.status))?;
        let next = std::mem::take(&mut st.next);
        let mut t = Table::new(NewTable {
            id: row.id,
            host_name: row.host_name,
            options,
            table_mode: row.table_mode,
            host_hash: row.host_hash,
            seed: row.seed,
            created: row.created,
            seats,
            timer,
            values,
            layout,
        });
        if let Some(record) = record {
            let mut g = rebuild(&record)?;
            if g.players() != t.seats.len() {
                return Err(format!(
                    "the record has {} seats, the table {}",
                    g.players(),
                    t.seats.len()
                ));
            }
            for p in st.pending {
                let seat = p.seat as usize;
                if p.round != g.round() || seat >= t.seats.len() || t.seats[seat].bot.is_some() {
                    continue;
                }
                let turn: Turn = serde_json::from_str(&p.turn)
                    .map_err(|e| format!("seat {}: stored turn: {e}", seat + 1))?;
                g.submit(seat, turn)
                    .map_err(|e| format!("seat {}: stored turn: {e}", seat + 1))?;
            }
            t.rounds_stored = final_rounds(&g);
            t.game = Some(g);
        }
        // An ended game stays as it was left (its bots confirm again, as they had); a table
        // closed before its start stays closed.
        t.abandoned = status == Status::Abandoned && t.status().is_open();
        t.next = Some(next).filter(|n| !n.is_empty());
        // A full period again: nobody could play while the server was down.
        t.rearm(now_ms());
        Ok(t)
    }

    /// After a restore: lets the quick bots play the round in progress (search bots think
    /// again once the table serves, module `thinking`). Returns the write to store if a round
    /// resolved (which only happens if the server stopped between the two; never at an ended
    /// game).
    pub async fn resume(&mut self) -> Result<Option<Write>, ApiError> {
        if self.play_bots_and_resolve().await? {
            let w = self.game_write(false);
            // The caller stores it before the table serves anyone, or does not start.
            self.stored();
            return Ok(Some(w));
        }
        Ok(None)
    }
}

/// The rounds of a game that are over: all but the one in progress (every one once the game is
/// over).
pub(super) fn final_rounds(g: &Game) -> usize {
    let n = g.log().len();
    match g.is_over() {
        true => n,
        false => n.saturating_sub(1),
    }
}

/// The game of a stored record, ready to go on: `Record::replay` checks every draw and turn
/// and the replayed game deals what the original would have, from the record's seed.
pub fn rebuild(record: &Record) -> Result<Game, String> {
    if record.setup.seed.is_none() {
        return Err("the stored record has no seed, so the game cannot go on".into());
    }
    record.replay().map_err(|e| e.to_string())
}

/// Entered values as stored: JSON, or empty when nothing was entered.
pub(super) fn values_text(values: &TableValues) -> String {
    match values.is_empty() {
        true => String::new(),
        false => serde_json::to_string(values).unwrap_or_default(),
    }
}
