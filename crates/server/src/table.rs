//! One table: its seats, its game and every action on it.
//!
//! Each action checks everything first, then writes to the store, and only keeps its change in
//! memory once the store has it, so what a client was told is always what a restart restores.
//! Bot seats are not stored turn by turn: a bot's turn is a function of the table seed, its
//! seat, the round and its view, so it is recomputed identically after a restart. Random and
//! greedy bots play under the lock as a round is dealt; search bots think off it (`BotJob`,
//! module `thinking`).

use crate::clock::now_ms;
use crate::derived::Slowed;
use crate::error::ApiError;
use crate::options;
use crate::push::{Frag, Personal, Renderer, Snapshot};
use crate::store::{Queued, RoundRow, SeatRow, Store, StoredTable, TableRow, Write};
use crate::view;
use crate::wire::{Expiry, LobbyEntry, OptionsOut, SeatInfo, Status, TableInfo, TurnTimer, You};
use axum::http::StatusCode;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::Arc;
use welcome_bots::{seat_seed, BotKind, Level};
use welcome_engine::{
    CheckedLayout, DealerError, Edition, EnteredLayout, Game, Mode, Options, PlayerView, Record,
    Score, Sheet, SheetLayout, TableValues, Turn, Undo,
};

/// Mixes the round into a bot's seed so that each round's decision has its own stream.
const ROUND_MIX: u64 = 0xD6E8_FEB8_6659_FD93;

/// One seat: free, a player (holding a secret token), or a bot.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seat {
    pub name: Option<String>,
    pub bot: Option<BotKind>,
    /// SHA-256 of the player's token; the token itself is never stored.
    pub token_hash: Option<String>,
}

impl Seat {
    fn row(&self) -> SeatRow {
        SeatRow {
            name: self.name.clone(),
            bot: self.bot.map(|k| k.name().to_string()),
            token_hash: self.token_hash.clone(),
        }
    }

    pub fn is_free(&self) -> bool {
        self.bot.is_none() && self.token_hash.is_none()
    }
}

/// Who a socket or a request speaks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A seat (0-based); `host` if its token is also the host's.
    Seat {
        seat: usize,
        host: bool,
    },
    /// The host of a table-mode table, who has no seat.
    Host,
    Spectator,
}

pub fn hash_token(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// A value as JSON (these plain data types always serialize; "null" keeps a message whole).
fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_else(|_| "null".into())
}

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

pub struct Table {
    pub id: String,
    host_name: String,
    options: Options,
    table_mode: bool,
    host_hash: String,
    seed: u64,
    created: i64,
    seats: Vec<Seat>,
    game: Option<Game>,
    /// Open sockets per token hash (`None`: spectators).
    sockets: HashMap<Option<String>, usize>,
    /// The fragments its sockets are pushed, rendered once per change.
    push: Renderer,
    /// The rounds of the game stored for good (`final_rounds` at the last write).
    rounds_stored: usize,
    /// Seat moves offered and not yet claimed, by seat: the code's hash and its deadline.
    /// Kept in memory only: a restart forgets them and the seat stays where it was.
    transfers: HashMap<usize, (String, std::time::Instant)>,
    timer: Option<TurnTimer>,
    /// The round the deadline is for, and when it times out (Unix ms).
    deadline: Option<(u16, i64)>,
    /// Values the host entered from their own cards, used when the game starts.
    values: TableValues,
    /// The layout the host entered from their own printed sheet, checked; the game is set up
    /// with it (and its record keeps it).
    layout: Option<CheckedLayout>,
    /// The plans the game deals (from the seed), shown before the start.
    deal_plans: Option<[u8; 3]>,
    /// The table was closed before the game's end: no player came back for a long while, or
    /// its host ended the game or closed the table. Nothing changes it any more.
    abandoned: bool,
    /// The table its host opened to play again once the game was over.
    next: Option<String>,
    /// A task thinks of this table's search bots' turns (module `thinking`): one at a time.
    thinking: bool,
    /// The last batch this table queued without waiting for it (`Store::queue`): what is shown
    /// of the table waits until it is durable (`Progress::settled`).
    queued: u64,
    /// Per seat, the queued batch of its confirmed turn (0: none).
    confirming: Vec<u64>,
}

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

/// What a new table needs; checked by the caller.
pub struct NewTable {
    pub id: String,
    pub host_name: String,
    pub options: Options,
    pub table_mode: bool,
    pub host_hash: String,
    pub seed: u64,
    pub created: i64,
    pub seats: Vec<Seat>,
    pub timer: Option<TurnTimer>,
    pub values: TableValues,
    pub layout: Option<CheckedLayout>,
}

impl Table {
    pub fn new(t: NewTable) -> Table {
        Table {
            id: t.id,
            host_name: t.host_name,
            options: t.options,
            table_mode: t.table_mode,
            host_hash: t.host_hash,
            seed: t.seed,
            created: t.created,
            seats: t.seats,
            game: None,
            sockets: HashMap::new(),
            push: Renderer::default(),
            rounds_stored: 0,
            transfers: HashMap::new(),
            timer: t.timer,
            deadline: None,
            deal_plans: welcome_engine::plans_for(&t.options, t.seed).ok(),
            values: t.values,
            layout: t.layout,
            abandoned: false,
            next: None,
            thinking: false,
            queued: 0,
            confirming: Vec::new(),
        }
    }

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

    /// The layout the table plays when its host entered one: the game's once it has started.
    pub fn entered_layout(&self) -> Option<&SheetLayout> {
        match &self.game {
            Some(g) => g.values().layout.as_ref().map(EnteredLayout::layout),
            None => self.layout.as_ref().map(CheckedLayout::layout),
        }
    }

    pub fn status(&self) -> Status {
        match &self.game {
            Some(g) if g.is_over() => Status::Over,
            _ if self.abandoned => Status::Abandoned,
            None => Status::Lobby,
            Some(_) => Status::Playing,
        }
    }

    /// Refuses a change once the game is over or was ended.
    fn check_not_ended(&self) -> Result<(), ApiError> {
        match self.status() {
            Status::Over => Err(ApiError::conflict("game_over", "the game is over")),
            Status::Abandoned => Err(abandoned()),
            Status::Lobby | Status::Playing => Ok(()),
        }
    }

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

    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Whether the table only deals: it has no seats (created and stored so, and its record
    /// has none), the players write on paper sheets and the host ends each round.
    pub fn deal_only(&self) -> bool {
        self.seats.is_empty()
    }

    pub fn created(&self) -> i64 {
        self.created
    }

    fn display_name(&self, seat: usize) -> String {
        let s = &self.seats[seat];
        match (&s.name, s.bot) {
            (Some(n), _) => n.clone(),
            (None, Some(k)) => bot_name(k).to_string(),
            (None, None) => format!("Seat {}", seat + 1),
        }
    }

    fn names(&self) -> Vec<String> {
        (0..self.seats.len())
            .map(|i| self.display_name(i))
            .collect()
    }

    /// The role of a token hash at this table.
    pub fn role(&self, hash: Option<&str>) -> Role {
        let Some(h) = hash else {
            return Role::Spectator;
        };
        let host = h == self.host_hash;
        match self
            .seats
            .iter()
            .position(|s| s.token_hash.as_deref() == Some(h))
        {
            Some(seat) => Role::Seat { seat, host },
            None if host => Role::Host,
            None => Role::Spectator,
        }
    }

    /// Whether the token hash belongs to this table at all (a seat, the host, or once held a
    /// seat here).
    pub fn knows(&self, hash: &str) -> bool {
        self.role(Some(hash)) != Role::Spectator
    }

    pub fn socket_opened(&mut self, hash: Option<&str>) {
        *self.sockets.entry(hash.map(str::to_string)).or_default() += 1;
        self.push.changed(true);
    }

    pub fn socket_closed(&mut self, hash: Option<&str>) {
        let key = hash.map(str::to_string);
        if let Some(n) = self.sockets.get_mut(&key) {
            *n -= 1;
            if *n == 0 {
                self.sockets.remove(&key);
            }
        }
        self.push.changed(true);
    }

    pub fn socket_count(&self) -> usize {
        self.sockets.values().sum()
    }

    /// Open sockets of players: a seat's or the host's token (spectators not counted).
    pub fn player_sockets(&self) -> usize {
        self.sockets
            .iter()
            .filter(|(k, _)| k.is_some())
            .map(|(_, n)| n)
            .sum()
    }

    /// Number of seats at the table.
    pub fn seat_count(&self) -> usize {
        self.seats.len()
    }

    /// Open sockets of one token holder (`None`: of all spectators together).
    pub fn sockets_of(&self, hash: Option<&str>) -> usize {
        self.sockets
            .get(&hash.map(str::to_string))
            .copied()
            .unwrap_or(0)
    }

    fn connected(&self, seat: usize) -> bool {
        let s = &self.seats[seat];
        s.bot.is_some()
            || s.token_hash
                .as_ref()
                .is_some_and(|h| self.sockets.contains_key(&Some(h.clone())))
    }

    /// Forgets the rendered public state after a change; a minor change (a confirmation, a
    /// connection) keeps the sheets, plans, log and result.
    pub fn invalidate(&mut self, minor: bool) {
        self.push.changed(minor);
        self.rearm(now_ms());
    }

    /// Starts the turn timer of a round the table has not timed yet; none once the game is over.
    fn rearm(&mut self, now: i64) {
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

    // ----- rendering -----

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

    // ----- host and seats -----

    fn check_host(&self, token: &str) -> Result<(), ApiError> {
        if hash_token(token) == self.host_hash {
            Ok(())
        } else {
            Err(ApiError::forbidden(
                "not_host",
                "only the host of the table may do this",
            ))
        }
    }

    fn seat_index(&self, seat: usize) -> Result<usize, ApiError> {
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

    // ----- playing again -----

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

    // ----- a table that only deals -----

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

    // ----- moving a seat to another device -----

    /// Offers to move the seat of `token` to another device: remembers `code_hash` (replacing
    /// any earlier offer of the seat) until `ttl` has passed. Returns the 0-based seat.
    pub fn offer_transfer(
        &mut self,
        token: &str,
        code_hash: String,
        ttl: std::time::Duration,
    ) -> Result<usize, ApiError> {
        let Role::Seat { seat, .. } = self.role(Some(&hash_token(token))) else {
            return Err(ApiError::forbidden(
                "no_seat",
                "only a seat's own token can move the seat to another device",
            ));
        };
        self.check_not_ended()?;
        let now = std::time::Instant::now();
        self.transfers.retain(|_, (_, due)| *due > now);
        self.transfers.insert(seat, (code_hash, now + ttl));
        Ok(seat)
    }

    /// Gives the seat offered under `code_hash` to `new_hash`: the old token holds nothing any
    /// more (its sockets become spectators'), and the host's rights move with the host's seat.
    /// The code is good once. Returns the 0-based seat and whether it is the host's.
    pub async fn claim_transfer(
        &mut self,
        store: &dyn Store,
        code_hash: &str,
        new_hash: String,
    ) -> Result<(usize, bool), ApiError> {
        let now = std::time::Instant::now();
        self.transfers.retain(|_, (_, due)| *due > now);
        let seat = self
            .transfers
            .iter()
            .find(|(_, (h, _))| h == code_hash)
            .map(|(s, _)| *s)
            .ok_or_else(|| {
                ApiError::forbidden(
                    "bad_transfer",
                    "this move link is not valid: it was used, replaced or has expired; ask for a new one on the other device",
                )
            })?;
        let old = self.seats[seat].clone();
        let host = old.token_hash.as_deref() == Some(self.host_hash.as_str());
        let mut new = old.clone();
        new.token_hash = Some(new_hash.clone());
        let mut writes = vec![Write::Seat {
            table: self.id.clone(),
            seat: seat as u16,
            row: new.row(),
        }];
        if host {
            writes.push(Write::Host {
                table: self.id.clone(),
                host_hash: new_hash.clone(),
            });
        }
        store.write(writes).await.map_err(ApiError::storage)?;
        self.transfers.remove(&seat);
        self.seats[seat] = new;
        if host {
            self.host_hash = new_hash;
        }
        Ok((seat, host))
    }

    // ----- turns -----

    /// The seat a socket acts for, checking the optional seat it names.
    fn acting_seat(&self, role: Role, claimed: Option<usize>) -> Result<usize, ApiError> {
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

    fn live_game(&self, round: u16) -> Result<&Game, ApiError> {
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

    // ----- the turn timer -----

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

    // ----- bots and resolution -----

    /// The turns the table's bots have to decide in the round in progress: those of search
    /// bots (`long`), thought of off the lock, or of the quick ones. Each is seeded by the
    /// table's seed, the round and the seat, and sees its seat's view only, so it is the same
    /// turn whenever it is thought of (a restart thinks it again).
    fn bot_jobs(&self, long: bool) -> Vec<BotJob> {
        let Some(g) = &self.game else {
            return Vec::new();
        };
        let round = g.round();
        let seed = self.seed ^ (round as u64).wrapping_mul(ROUND_MIX);
        self.seats
            .iter()
            .enumerate()
            .filter_map(|(i, s)| {
                let kind = s.bot?;
                if thinks_long(kind) != long || g.has_submitted(i) {
                    return None;
                }
                Some(BotJob {
                    seat: i,
                    kind,
                    round,
                    seed: seat_seed(seed, i),
                    view: bot_view(g, i)?,
                })
            })
            .collect()
    }

    /// The search bots' turns to think of now: none unless the game is in play.
    pub(crate) fn thinking_jobs(&self) -> Vec<BotJob> {
        match self.status() {
            Status::Playing => self.bot_jobs(true),
            _ => Vec::new(),
        }
    }

    /// Marks the table as having its thinking task, if it has turns to think of and no such
    /// task yet; true if the caller is to start one.
    pub(crate) fn start_thinking(&mut self) -> bool {
        let Some(g) = self
            .game
            .as_ref()
            .filter(|_| self.status() == Status::Playing)
        else {
            return false;
        };
        let waiting = self
            .seats
            .iter()
            .enumerate()
            .any(|(i, s)| s.bot.is_some_and(thinks_long) && !g.has_submitted(i));
        if self.thinking || !waiting {
            return false;
        }
        self.thinking = true;
        true
    }

    /// The table's thinking task ends.
    pub(crate) fn stop_thinking(&mut self) {
        self.thinking = false;
    }

    /// A search bot's turn, thought of off the lock: confirmed if the game is still where it
    /// was when its job was taken (the same round, the seat still this bot's and not
    /// confirmed), then the round resolves and is stored if every seat has confirmed (on error
    /// the game is as before, its seats confirmed: `resolve_ready` tries again). A stale
    /// thought is dropped. `turn` is `None` if the bot failed: the first legal turn is played.
    pub(crate) async fn thought(
        &mut self,
        store: &dyn Store,
        thought: BotThought,
    ) -> Result<Thought, ApiError> {
        let BotThought {
            seat,
            kind,
            round,
            turn,
        } = thought;
        let live = self.status() == Status::Playing
            && self.seats.get(seat).and_then(|s| s.bot) == Some(kind)
            && self
                .game
                .as_ref()
                .is_some_and(|g| g.round() == round && !g.has_submitted(seat));
        if !live {
            return Ok(Thought::Stale);
        }
        let Some(g) = &mut self.game else {
            return Ok(Thought::Stale);
        };
        submit_bot_turn(&self.id, g, seat, turn);
        if !g.has_submitted(seat) {
            return Ok(Thought::Failed);
        }
        if !g.ready() {
            return Ok(Thought::Confirmed);
        }
        let before = self.game.as_ref().map(Game::undo_point);
        self.resolve_and_store(store, before).await?;
        Ok(Thought::Resolved)
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
    async fn resolve_and_store(
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
    async fn play_bots_and_resolve(&mut self) -> Result<bool, ApiError> {
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

    /// The quick bots confirm their turns of the round in progress.
    async fn play_bots(&mut self) {
        let jobs = self.bot_jobs(false);
        if jobs.is_empty() {
            return;
        }
        let turns = match tokio::task::spawn_blocking(move || BotJob::think_all(jobs)).await {
            Ok(t) => t,
            Err(e) => {
                tracing::error!("table {}: a bot failed: {e}", self.id);
                return;
            }
        };
        let Some(g) = &mut self.game else { return };
        for (seat, turn) in turns {
            submit_bot_turn(&self.id, g, seat, Some(turn));
        }
    }

    /// The write that stores the game as it is now: the rounds not stored for good yet (those
    /// resolved since the last write, and the round in progress, whose row its resolution
    /// replaces), the result once the game is over, and with `setup` the record's setup (at the
    /// start). What it writes follows the seats, never the rounds played before.
    fn game_write(&self, setup: bool) -> Write {
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
    fn stored(&mut self) {
        self.rounds_stored = self.game.as_ref().map_or(0, final_rounds);
    }

    // ----- restoring -----

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

/// A bot's turn to decide, with everything it decides from, so that it can be thought of
/// without the table.
pub struct BotJob {
    pub seat: usize,
    pub kind: BotKind,
    /// The round it is for: a thought of another round is stale.
    pub round: u16,
    /// `seat_seed(table seed ^ round · ROUND_MIX, seat)`.
    seed: u64,
    view: PlayerView,
}

impl BotJob {
    /// The bot's turn: a function of the seed and the view alone.
    fn turn(&self) -> Turn {
        self.kind.make(self.seed).choose(&self.view)
    }

    /// Thinks (for up to seconds: off the table's lock, on a blocking thread).
    pub fn think(self) -> BotThought {
        BotThought {
            turn: Some(self.turn()),
            ..self.failed()
        }
    }

    /// What the job gives if its bot fails.
    pub fn failed(&self) -> BotThought {
        BotThought {
            seat: self.seat,
            kind: self.kind,
            round: self.round,
            turn: None,
        }
    }

    /// The turns of several jobs, by seat.
    fn think_all(jobs: Vec<BotJob>) -> Vec<(usize, Turn)> {
        jobs.iter().map(|j| (j.seat, j.turn())).collect()
    }
}

/// A bot's decided turn, and the job it answers.
pub struct BotThought {
    pub seat: usize,
    pub kind: BotKind,
    pub round: u16,
    pub turn: Option<Turn>,
}

/// What became of a thought brought back to the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Thought {
    /// The game moved on (the seat changed hands, the game ended): dropped.
    Stale,
    /// The seat confirmed; others have not yet.
    Confirmed,
    /// The seat confirmed last: the round resolved and the game is stored.
    Resolved,
    /// Not even a fallback turn was legal: the seat stays unconfirmed.
    Failed,
}

/// The view a bot decides from: its seat's, without who has confirmed so far, so that its turn
/// never depends on when it is thought of.
fn bot_view(g: &Game, seat: usize) -> Option<PlayerView> {
    let mut view = PlayerView::of(g, seat)?;
    view.submitted.fill(false);
    Some(view)
}

/// Confirms a bot's turn. A bot must always find a legal turn; if it did not (an illegal turn,
/// or none because it failed), the first legal turn is played, the same on every restart.
fn submit_bot_turn(table: &str, g: &mut Game, seat: usize, turn: Option<Turn>) {
    let error = match turn {
        Some(turn) => match g.submit(seat, turn) {
            Ok(()) => return,
            Err(e) => e.to_string(),
        },
        None => "no turn".to_string(),
    };
    tracing::error!(
        "table {table}: bot of seat {} found no legal turn: {error}",
        seat + 1
    );
    let mut first = None;
    if let Some(ctx) = g.context(seat) {
        ctx.for_each_turn(&g.sheets()[seat], &mut |t| {
            first = Some(t.clone());
            false
        });
    }
    if let Some(t) = first {
        let _ = g.submit(seat, t);
    }
}

/// The rounds of a game that are over: all but the one in progress (every one once the game is
/// over).
fn final_rounds(g: &Game) -> usize {
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
fn values_text(values: &TableValues) -> String {
    match values.is_empty() {
        true => String::new(),
        false => serde_json::to_string(values).unwrap_or_default(),
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

/// What the engine refuses a deal-only table's host.
fn dealer_error(e: DealerError) -> ApiError {
    match e {
        DealerError::GameOver => ApiError::conflict("game_over", "the game is over"),
        DealerError::NotDealer => ApiError::conflict("not_deal_only", e.to_string()),
        e => ApiError::engine(StatusCode::UNPROCESSABLE_ENTITY, e.code(), e),
    }
}

fn abandoned() -> ApiError {
    ApiError::conflict(
        "game_over",
        "the table was closed: its host ended it, or no player was connected to it for a long while",
    )
}

fn not_started() -> ApiError {
    ApiError::conflict("not_started", "the game has not started yet")
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

/// Whether a bot of `kind` thinks off the table's lock (module `thinking`).
pub fn thinks_long(kind: BotKind) -> bool {
    matches!(kind, BotKind::Search(_))
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
