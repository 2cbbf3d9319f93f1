//! One table: its seats, its game and every action on it, a file per concern.
//!
//! Each action checks everything first, then writes to the store, and only keeps its change in
//! memory once the store has it, so what a client was told is always what a restart restores.
//! Bot seats are not stored turn by turn: a bot's turn is a function of the table seed, its
//! seat, the round and its view, so it is recomputed identically after a restart. Random and
//! greedy bots play under the lock as a round is dealt; search bots think off it (`BotJob`,
//! module `thinking`).
//!
//! - `seats`: who sits where (joining, bots, kicks) and the names shown;
//! - `sockets`: who a socket speaks for, and the sockets open at the table;
//! - `transfer`: a seat moving to another device;
//! - `host`: the host's lobby actions (values, layout, start) and closing the table;
//! - `turns`: a round's confirmations, restarts and options, and its resolution;
//! - `bots`: the bots' turns, played under the lock or thought of off it;
//! - `deadline`: the turn timer's deadline, and the turns of seats that ran out of time;
//! - `dealer`: a deal-only table, dealt by its host;
//! - `again`: the next table of a finished one;
//! - `views`: what is shown of the table (its info, the lobby's line, the pushes);
//! - `persist`: the table as stored, and restored.

mod again;
mod bots;
mod deadline;
mod dealer;
mod host;
mod persist;
mod seats;
mod sockets;
mod transfer;
mod turns;
mod views;

pub use again::{next_write, Again};
pub use bots::{thinks_long, BotJob, BotThought, Thought};
pub use persist::{mode_name, rebuild};
pub use turns::{seat_options, Confirmed, Confirming};

use crate::error::ApiError;
use crate::push::Renderer;
use crate::store::SeatRow;
use crate::wire::{Status, TurnTimer};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use welcome_bots::BotKind;
use welcome_engine::{CheckedLayout, EnteredLayout, Game, Options, SheetLayout, TableValues};

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
