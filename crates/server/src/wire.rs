//! Wire types of docs/protocol.md. Engine types keep their own serde form; this module only
//! adds the envelopes around them. Seats are numbered from 1 on the wire.

pub mod derived;

use derived::Derived;
use serde::{Deserialize, Serialize};
use welcome_engine::edition::ZombieCard;
use welcome_engine::{
    AaaCard, AaaScore, AaaView, Card, Draw, EditionId, Mode, Offer, Outcome, PlanSlot, Score,
    SheetData, SheetId, TableValues, Turn,
};

// ----- HTTP requests -----

fn yes() -> bool {
    true
}

/// `POST /api/tables`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateTable {
    /// The creator's display name.
    pub name: String,
    pub mode: Mode,
    /// The edition played (default: the server's default edition). Text, so that an unknown id
    /// is refused with its own code rather than as malformed JSON.
    #[serde(default)]
    pub edition: Option<String>,
    /// The sheet every seat plays on (default: the edition's default sheet).
    #[serde(default)]
    pub sheet: Option<String>,
    #[serde(default)]
    pub advanced: bool,
    #[serde(default = "yes")]
    pub first_plan_reshuffle: bool,
    /// 1 to the limit; none (0) at a deal-only table.
    #[serde(default)]
    pub seats: usize,
    #[serde(default)]
    pub bots: Vec<BotSeat>,
    /// The creator hosts without a seat (a shared screen deals the cards).
    #[serde(default)]
    pub table_mode: bool,
    /// No seats at all: the players write on paper sheets and the host's screen only deals
    /// (the game starts at once; the host ends each round and the game).
    #[serde(default)]
    pub deal_only: bool,
    /// Seconds per turn and what happens when they run out (no timer when absent).
    #[serde(default)]
    pub turn_timer: Option<TurnTimer>,
    /// AAA solo (collector edition, solo mode): the opponent card's level, 0–5 (default 1).
    #[serde(default)]
    pub aaa_level: Option<u8>,
    /// Adds the collector edition's three 9¾ cards to the deck (an edition without them
    /// refuses it: `no_nine_three_quarters`).
    #[serde(default)]
    pub nine_three_quarters: bool,
    /// Values the host entered from their own cards (plan points, the AAA opponent card).
    #[serde(default)]
    pub values: TableValues,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotSeat {
    pub seat: usize,
    pub kind: String,
}

/// `POST /api/tables/{table}/join`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Join {
    pub name: String,
}

/// Host actions: start, kick.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HostToken {
    pub token: String,
}

/// `POST /api/tables/{table}/deal`: the host of a deal-only table ends round `round` and
/// deals the next one. `approved`: the plans (1–3) a player achieved this round, whose cards
/// turn; `reshuffle`: a player who achieved one asks for the first-plan reshuffle.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealNext {
    pub token: String,
    pub round: u16,
    #[serde(default)]
    pub approved: Vec<usize>,
    #[serde(default)]
    pub reshuffle: bool,
}

/// `POST /api/tables/{table}/values`: the host enters the values printed on their own cards
/// before the start; they replace any entered earlier.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnterValues {
    pub token: String,
    pub values: TableValues,
}

/// `POST /api/tables/{table}/layout`: the host enters the layout printed on their own sheet
/// before the start: a sheet file (as a JSON object or as its text), or `null` for the shipped
/// layout again.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnterLayout {
    pub token: String,
    pub layout: serde_json::Value,
}

/// `POST /api/tables/{table}/claim`: the one-time code of a seat move.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Claim {
    pub code: String,
}

/// `POST /api/tables/{table}/seats/{seat}/bot`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatBot {
    pub token: String,
    pub kind: String,
}

/// `POST /api/companion/options`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompanionOptions {
    /// The edition and the printed sheet played (defaults: the default edition and its
    /// default sheet).
    #[serde(default)]
    pub edition: Option<String>,
    #[serde(default)]
    pub sheet_id: Option<String>,
    pub sheet: SheetData,
    pub offer: Offer,
    pub plans: [PlanSlot; 3],
    #[serde(default)]
    pub advanced: bool,
    /// Defaults to standard for combinations and solo for a hand.
    #[serde(default)]
    pub mode: Option<Mode>,
    /// Temp counts of the other players, for the live temp majority.
    #[serde(default)]
    pub temps_of_others: Vec<u8>,
    #[serde(default)]
    pub draft: Draft,
    /// The AAA of a collector solo game (§15); left out, the level-1 card with nothing given.
    #[serde(default)]
    pub aaa: Option<CompanionAaa>,
    /// The layout printed on the player's own sheet (a sheet file, as an object or as its
    /// text), checked as a table's; absent: the shipped layout.
    #[serde(default)]
    pub layout: Option<serde_json::Value>,
    /// Zombies: the Zombie cards that came up this round, in order; the turn starts by
    /// resolving them (the draft's `ammo`), and the server moves the hordes.
    #[serde(default)]
    pub zombies: Vec<ZombieCard>,
    /// The player's table plays with the collector edition's three 9¾ cards: a ¾ number may
    /// be offered (an edition without them refuses it: `no_nine_three_quarters`).
    #[serde(default)]
    pub nine_three_quarters: bool,
}

/// The AAA as a companion player keeps it at their physical table: its level, their own
/// opponent card's values if they differ, the cards given to it and its validations. The
/// server scores it; nothing is stored.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompanionAaa {
    #[serde(default)]
    pub level: Option<u8>,
    /// The values printed on the player's own opponent card (§18.5), checked like a table's.
    #[serde(default)]
    pub opponent: Option<AaaCard>,
    /// The cards given to it, in order.
    #[serde(default)]
    pub given: Vec<Card>,
    /// The points it recorded at its validations, per plan (level 0: 0).
    #[serde(default)]
    pub plans: [Option<u8>; 3],
    /// Its halves of the sheet's split boxes (Atomic War shelters, left to right, street by
    /// street), as the last answer gave them; empty: as at setup.
    #[serde(default)]
    pub halves: Vec<u8>,
    /// A Validation card of this plan (1–3) just came up: the AAA's halves change as the
    /// sheet's rules say (Atomic War: it builds a shelter).
    #[serde(default)]
    pub validation: Option<u8>,
}

// ----- HTTP answers -----

#[derive(Debug, Serialize, Deserialize)]
pub struct Created {
    pub table: String,
    pub seat: Option<usize>,
    pub token: String,
    pub invite: String,
    pub spectate: String,
    pub deal: String,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Joined {
    pub seat: usize,
    pub token: String,
}

/// A seat move: the link to open on the other device, good once and for `expires_in` seconds.
#[derive(Debug, Serialize, Deserialize)]
pub struct TransferOut {
    pub code: String,
    #[serde(rename = "move")]
    pub link: String,
    pub expires_in: u64,
}

/// A claimed seat: its new token, and whether it carries the host's rights.
#[derive(Debug, Serialize, Deserialize)]
pub struct Claimed {
    pub seat: usize,
    pub token: String,
    pub host: bool,
}

/// One seat in the public table info.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct SeatInfo {
    pub seat: usize,
    pub name: Option<String>,
    pub bot: Option<String>,
    pub connected: bool,
    pub submitted: bool,
}

/// `GET /api/tables/{table}`: what anyone may know of a table.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct TableInfo {
    pub table: String,
    pub host: String,
    pub host_seat: Option<usize>,
    pub mode: Mode,
    pub edition: EditionId,
    pub sheet: SheetId,
    pub advanced: bool,
    pub first_plan_reshuffle: bool,
    pub table_mode: bool,
    /// A table without seats whose screen only deals: the players write on paper sheets.
    pub deal_only: bool,
    pub status: Status,
    pub round: Option<u16>,
    pub seats: Vec<SeatInfo>,
    pub spectators: usize,
    pub turn_timer: Option<TurnTimer>,
    /// When the round in progress times out (Unix ms); `null` without a timer or game.
    pub deadline: Option<i64>,
    /// AAA solo: the level of the opponent card played; `null` in other games.
    pub aaa_level: Option<u8>,
    /// The collector edition's three 9¾ cards are in the deck.
    pub nine_three_quarters: bool,
    /// The plan card ids in play, n°1 to n°3 (known before the start, so that the host can
    /// enter the points printed on those cards).
    pub plans: Option<[u8; 3]>,
    /// Values the host entered from their own cards.
    pub values: TableValues,
    /// The layout the host entered from their own printed sheet, in the edition data's form of
    /// a sheet (with its `stacks`); left out when the table plays the shipped layout.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layout: Option<serde_json::Value>,
    /// Once the game is over or was ended: the table its host opened to play again with the
    /// same seats (`null` until then).
    pub next: Option<String>,
}

/// One line of the lobby.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct LobbyEntry {
    pub table: String,
    pub host: String,
    pub mode: Mode,
    pub edition: EditionId,
    pub sheet: SheetId,
    pub advanced: bool,
    /// A table without seats whose screen only deals.
    pub deal_only: bool,
    pub seats: usize,
    pub free: usize,
    pub status: Status,
    pub round: Option<u16>,
    /// Unix time of creation, in seconds.
    pub created: i64,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Lobby,
    Playing,
    Over,
    /// The table was closed before the game's end: by its host (before the start too), or
    /// because no player was connected for a long while.
    Abandoned,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Lobby => "lobby",
            Status::Playing => "playing",
            Status::Over => "over",
            Status::Abandoned => "abandoned",
        }
    }

    pub fn parse(name: &str) -> Option<Status> {
        [
            Status::Lobby,
            Status::Playing,
            Status::Over,
            Status::Abandoned,
        ]
        .into_iter()
        .find(|s| s.name() == name)
    }

    /// In the lobby or in play: the table counts toward the limits and stays in memory.
    pub fn is_open(self) -> bool {
        matches!(self, Status::Lobby | Status::Playing)
    }
}

// ----- websocket, client to server -----

pub use welcome_engine::draft::Draft;

/// Client messages, after the envelope (`type`, `request`) is read.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    Options {
        round: u16,
        #[serde(default)]
        draft: Draft,
        /// Optional: the seat the client believes it holds.
        #[serde(default)]
        seat: Option<usize>,
    },
    Submit {
        round: u16,
        turn: Turn,
        #[serde(default)]
        seat: Option<usize>,
    },
    Restart {
        round: u16,
        #[serde(default)]
        seat: Option<usize>,
    },
    /// The client missed a change (its `seq` is not an update's `base`): the server sends one
    /// whole `state`.
    Sync {},
    /// The whole sheet of seat `of` (1-based), where the pushes only summarise it.
    Sheet { of: usize },
}

// ----- websocket, server to client -----

/// Who a socket is.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct You {
    pub seat: Option<usize>,
    pub host: bool,
}

/// One City Plan on the table.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct PlanInfo {
    pub plan: usize,
    pub card: u8,
    pub stack: u8,
    pub advanced: bool,
    pub text: String,
    pub first: u8,
    pub second: u8,
    pub approved: bool,
}

/// One seat's sheet as of the last resolved round.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct SheetInfo {
    pub seat: usize,
    pub name: String,
    pub sheet: SheetData,
    pub score: Score,
    pub derived: Derived,
}

/// Where a table's other seats' sheets are not sent whole (large tables): what the overview
/// shows of a seat's sheet. The whole sheet is asked for when it is opened (`sheet`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct SheetSummary {
    pub seat: usize,
    pub name: String,
    /// Houses numbered.
    pub houses: usize,
    /// The points written in the sheet's plan boxes (`null`: not validated).
    pub plans: [Option<u8>; 3],
    /// What each score row adds to the total, in the order of the sheet's score rows.
    pub points: Vec<i32>,
    pub total: i32,
}

/// One resolved round of the public log.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct LogRound {
    pub round: u16,
    pub draws: Vec<Draw>,
    /// What the round offered (the combinations, the solo hand, or every seat's hand), so the
    /// log can name the combination each seat used. Empty for expert games until their end.
    #[serde(default)]
    pub offers: Vec<Offer>,
    pub turns: Vec<Turn>,
}

/// Expert card passing seen from one seat, seats from 1: who receives the card it passes and
/// who passed it the first card of its hand (from round 2 on).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Passing {
    pub to: usize,
    pub from: usize,
    /// The hand card (from 1) that came from `from`; `null` in round 1.
    pub received: Option<u8>,
}

/// Why the game ended, seats from 1.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case", tag = "trigger")]
pub enum EndInfo {
    Refusals {
        seat: usize,
    },
    Plans {
        seat: usize,
    },
    AllHouses {
        seat: usize,
    },
    DeckExhausted,
    /// A deal-only table: its host ended the game.
    Declared,
}

/// The end of the game.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ResultInfo {
    pub end: Vec<EndInfo>,
    pub scores: Vec<i32>,
    pub ranks: Vec<u16>,
    pub winners: Vec<usize>,
    pub tie_break: String,
}

/// AAA solo: the automa as the player sees it (everything about it is public, Ruling C26),
/// with its running score (levels 1–5) and, at the end, the player's outcome (Ruling C24).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct AaaInfo {
    /// The opponent card's name.
    pub name: String,
    #[serde(flatten)]
    pub view: AaaView,
    /// `null` at level 0: that AAA scores nothing.
    pub score: Option<AaaScore>,
    /// `null` before the end and at level 0 (no winner).
    pub outcome: Option<Outcome>,
}

pub use welcome_engine::draft::options::{
    AmmoStageOut, DraftError, OptionsOut, PassOut, PassUse, PlacementOut, RefuseOut, TierOut,
};

/// `POST /api/companion/options`: the options, and the sheet once the turn is over.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct CompanionOut {
    #[serde(flatten)]
    pub options: OptionsOut,
    /// Once the draft is a whole turn: the sheet at the end of the turn. In solo the end of the
    /// round is settled on it (the Ice Cream bonus race, Ruling TR12); with other players it
    /// is `sheet` (their races are not known here).
    pub after_turn: Option<SheetData>,
    /// Collector solo: the AAA, scored against the sheet sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aaa: Option<CompanionAaaOut>,
}

/// The AAA of a companion sheet, scored.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct CompanionAaaOut {
    /// The opponent card's name.
    pub name: String,
    /// The card played: the player's entered values, else the edition's.
    pub card: AaaCard,
    /// `null` at level 0: that AAA scores nothing.
    pub score: Option<AaaScore>,
    /// Levels 1–5: how the game would end for the player if it ended with the sheet sent
    /// (Ruling C24).
    pub standing: Option<Outcome>,
    /// Its halves after the request's Validation card and the turn's roundabout (send them
    /// back with the next request); empty on sheets that split no box.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub halves: Vec<u8>,
}

/// `POST /api/replay`: a game record replayed round by round.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ReplayOut {
    pub edition: EditionId,
    pub sheet: SheetId,
    pub mode: Mode,
    pub advanced: bool,
    /// Display names, one per seat.
    pub seats: Vec<String>,
    /// Every resolved round of the record, in order.
    pub rounds: Vec<ReplayRound>,
    /// `null` when the record stops while the game goes on.
    pub result: Option<ResultInfo>,
    /// The layout the table entered (`setup.layout` of the record), in the edition data's
    /// form of a sheet; left out when the game played the shipped layout.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layout: Option<serde_json::Value>,
}

/// One round of a replay: what it offered and what each seat did (its log entry), then the
/// plans and every sheet as they stood at its end.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ReplayRound {
    #[serde(flatten)]
    pub log: LogRound,
    pub plans: Vec<PlanInfo>,
    pub sheets: Vec<SheetInfo>,
}

#[derive(Serialize)]
pub struct OptionsMsg<'a> {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub request: Option<u64>,
    #[serde(flatten)]
    pub options: &'a OptionsOut,
}

#[derive(Serialize)]
pub struct AckMsg {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub request: Option<u64>,
}

#[derive(Serialize)]
pub struct ErrorMsg<'a> {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub request: Option<u64>,
    pub code: &'a str,
    pub message: &'a str,
}

/// What a timed-out seat does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Expiry {
    /// A greedy bot plays the seat's turn (the seat stays the player's).
    Bot,
    /// The seat refuses a permit if that is legal (nothing fits), else a bot plays the turn.
    Refuse,
}

impl Expiry {
    pub fn name(self) -> &'static str {
        match self {
            Expiry::Bot => "bot",
            Expiry::Refuse => "refuse",
        }
    }

    pub fn parse(s: &str) -> Option<Expiry> {
        match s {
            "bot" => Some(Expiry::Bot),
            "refuse" => Some(Expiry::Refuse),
            _ => None,
        }
    }
}

/// The timer as the host sets it, on the wire and in the table info.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnTimer {
    pub seconds: u32,
    #[serde(default = "default_expiry")]
    pub on_expiry: Expiry,
}

fn default_expiry() -> Expiry {
    Expiry::Bot
}

impl TurnTimer {
    pub fn millis(self) -> i64 {
        self.seconds as i64 * 1000
    }
}
