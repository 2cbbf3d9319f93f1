//! Load test: a server in this process on a loopback port and a temporary SQLite file, driven by
//! simulated players over real websockets. Each player keeps its table's state as a client does
//! (a whole state, then updates) and confirms a random bot's turn as soon as a round starts;
//! the latency measured is from a round's last confirmation to the resolution push reaching
//! each player's socket (the kernel's receive time, on Linux), and to the player reading it,
//! which also waits for the simulated players' threads. It also counts the bytes pushed to
//! each socket per round and reads the process's peak memory. Bounded in tables, rounds and
//! time.

use crate::http;
use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::json;
use serde_json::value::RawValue;
use std::fmt;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use welcome_bots::{seat_seed, BotKind};
use welcome_engine::{
    Edition, EditionId, Mode, Offer, Options, PlanSlot, PlayerView, Sheet, SheetData, SheetId,
};
use welcome_server::wire::{PlanInfo, Status};
use welcome_server::{spawn, Limits, ServeConfig};

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    pub tables: usize,
    pub players: usize,
    /// Rounds each table plays at most (a game may end before).
    pub rounds: u16,
    /// Loopback address for the server (port 0: any free port).
    pub addr: String,
    /// The test stops by itself after this long.
    pub time_limit: Duration,
    /// Each player waits a random time up to this long before confirming (0: at once, which
    /// keeps the server saturated).
    pub think: Duration,
    pub seed: u64,
    /// The database: `None` for a SQLite file in a temporary folder, or a PostgreSQL URL.
    pub db: Option<String>,
    /// Servers sharing the database (more than one needs PostgreSQL), each on a runtime of its
    /// own: tables are created through them in turn, and each socket reaches a node in turn,
    /// so that most requests are forwarded to the table's owner (a load balancer without
    /// sticky sessions).
    pub nodes: usize,
}

impl Default for LoadConfig {
    fn default() -> LoadConfig {
        LoadConfig {
            tables: 200,
            players: 4,
            rounds: 20,
            addr: "127.0.0.1:0".into(),
            time_limit: Duration::from_secs(300),
            think: Duration::ZERO,
            seed: 1,
            db: None,
            nodes: 1,
        }
    }
}

/// What happened.
#[derive(Clone, Debug)]
pub struct LoadReport {
    pub tables: usize,
    pub players: usize,
    pub rounds: u64,
    pub elapsed: Duration,
    /// From a round's last confirmation to its resolution push reaching each player's socket
    /// (the kernel's receive time): what the server takes, under the load of the server and
    /// of the simulated players together. Over the pushes whose receive time the kernel told
    /// (all of them, unless it was slow to start stamping); `None` where it tells none.
    pub arrival: Option<Latency>,
    /// The same up to each player's task reading the push: it adds the time a push waits in
    /// the socket for its player's turn on the players' threads, which real players, each on
    /// a machine of their own, do not wait.
    pub read: Latency,
    pub errors: usize,
    pub first_error: Option<String>,
    pub timed_out: bool,
    /// Pushes received (whole states and updates), all sockets together.
    pub pushes: u64,
    /// Whole states received, all sockets together, and their bytes: one as each socket
    /// connects and one as the game starts; any more means a client had to catch up.
    pub whole_states: u64,
    pub whole_bytes: u64,
    /// Per round (index 0: round 1): the update bytes pushed to each socket while the round
    /// was played, its resolution included, summed over the sockets that played it, and how
    /// many did. The last round of a game is not in it (`end_bytes`).
    pub round_bytes: Vec<(u64, u64)>,
    /// The last rounds of games seen by the sockets (the push that ends the game, with the
    /// final scores, included), all sockets together, and their update bytes.
    pub ends: u64,
    pub end_bytes: u64,
    /// The process's peak resident memory (server and simulated players together), in bytes;
    /// `None` where the system does not tell it.
    pub peak_rss: Option<u64>,
    /// The system's load average over the last minute, before and after the run; `None` where
    /// the system does not tell it.
    pub load_before: Option<f64>,
    pub load_after: Option<f64>,
    /// The CPU time the process used while the players played (server and players together,
    /// user and system); `None` where the system does not tell it.
    pub cpu: Option<Duration>,
    /// Of `cpu`, what the server's threads (its runtime, the database's) and the simulated
    /// players' threads used: the players stand for browsers on other machines.
    pub cpu_split: Option<(Duration, Duration)>,
    /// `SQLite` or `PostgreSQL`.
    pub database: &'static str,
    /// Each node: the tables created through it (it owns them), the rounds they resolved, and
    /// the CPU time its runtime's threads used (forwarding others' requests included).
    pub nodes: Vec<NodeFigures>,
}

/// One node's share of a load test.
#[derive(Clone, Debug, Default)]
pub struct NodeFigures {
    pub tables: usize,
    pub rounds: u64,
    pub cpu: Option<Duration>,
}

/// Percentiles of latency samples.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Latency {
    pub samples: usize,
    pub p50: Duration,
    pub p99: Duration,
    pub max: Duration,
}

impl Latency {
    fn of(mut samples: Vec<Duration>) -> Latency {
        samples.sort_unstable();
        let pick = |q: f64| -> Duration {
            if samples.is_empty() {
                return Duration::ZERO;
            }
            let i = ((samples.len() as f64 * q).ceil() as usize).clamp(1, samples.len()) - 1;
            samples[i]
        };
        Latency {
            samples: samples.len(),
            p50: pick(0.50),
            p99: pick(0.99),
            max: samples.last().copied().unwrap_or_default(),
        }
    }
}

impl fmt::Display for Latency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            ms(self.p50),
            ms(self.p99),
            ms(self.max)
        )
    }
}

impl LoadReport {
    pub fn rounds_per_second(&self) -> f64 {
        self.rounds as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// CPU time per round resolved (server and players together): unlike the latencies, it
    /// does not count time spent waiting for a core (it still varies with the machine's speed).
    pub fn cpu_per_round(&self) -> Option<Duration> {
        let cpu = self.cpu?;
        (self.rounds > 0).then(|| cpu / self.rounds.min(u32::MAX as u64) as u32)
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

impl fmt::Display for LoadReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} tables x {} players on {}{}: {} rounds resolved in {:.1} s ({:.1} rounds/s)",
            self.tables,
            self.players,
            self.database,
            match self.nodes.len() {
                0 | 1 => String::new(),
                n => format!(", {n} nodes"),
            },
            self.rounds,
            self.elapsed.as_secs_f64(),
            self.rounds_per_second()
        )?;
        match &self.arrival {
            Some(a) if a.samples == self.read.samples => writeln!(
                f,
                "last confirm -> resolution push at the player's socket, {} samples: {a}",
                a.samples
            )?,
            Some(a) => writeln!(
                f,
                "last confirm -> resolution push at the player's socket, {} samples (of {}: \
                 the others came without their receive time): {a}",
                a.samples, self.read.samples
            )?,
            None => writeln!(
                f,
                "last confirm -> resolution push at the player's socket: not available"
            )?,
        }
        writeln!(
            f,
            "last confirm -> resolution push read by the player's task, {} samples: {} \
             (with the wait for the simulated players' threads)",
            self.read.samples, self.read
        )?;
        writeln!(
            f,
            "pushes per socket and round: {:.2}; whole states: {} ({:.0} bytes on average; {} per socket)",
            self.pushes.saturating_sub(self.whole_states) as f64
                / (self.rounds.max(1) * self.players as u64) as f64,
            self.whole_states,
            self.whole_bytes as f64 / self.whole_states.max(1) as f64,
            self.whole_states as f64 / (self.tables * self.players).max(1) as f64,
        )?;
        let per_round = |r: usize| -> String {
            let (bytes, sockets) = self.round_bytes[r];
            format!("{}: {:.0}", r + 1, bytes as f64 / sockets.max(1) as f64)
        };
        let n = self.round_bytes.len();
        let first: Vec<String> = (0..n.min(5)).map(per_round).collect();
        let last: Vec<String> = (n.saturating_sub(5).max(first.len())..n)
            .map(per_round)
            .collect();
        writeln!(
            f,
            "update bytes pushed per socket per round (round: bytes): first rounds {}; last rounds {}",
            if first.is_empty() { "none".into() } else { first.join(", ") },
            if last.is_empty() { "none".into() } else { last.join(", ") },
        )?;
        if self.ends > 0 {
            writeln!(
                f,
                "update bytes per socket in a game's last round (the final scores included): {:.0} on average",
                self.end_bytes as f64 / self.ends as f64
            )?;
        }
        let load = |l: Option<f64>| l.map_or_else(|| "not available".into(), |l| format!("{l:.2}"));
        writeln!(
            f,
            "peak memory (VmHWM): {}; load average (1 min) before {}, after {}",
            self.peak_rss.map_or_else(
                || "not available on this system".into(),
                |b| format!("{:.1} MiB", b as f64 / (1024.0 * 1024.0))
            ),
            load(self.load_before),
            load(self.load_after),
        )?;
        match (self.cpu, self.cpu_per_round()) {
            (Some(cpu), Some(per)) => writeln!(
                f,
                "CPU time (server and players): {:.2} s, {:.2} ms per round resolved",
                cpu.as_secs_f64(),
                ms(per)
            )?,
            _ => writeln!(f, "CPU time: not available on this system")?,
        }
        if let (Some((server, players)), true) = (self.cpu_split, self.rounds > 0) {
            let per = |d: Duration| ms(d) / self.rounds as f64;
            writeln!(
                f,
                "of which the server's threads {:.2} ms and the players' threads {:.2} ms per round resolved",
                per(server),
                per(players)
            )?;
        }
        if self.nodes.len() > 1 {
            for (i, n) in self.nodes.iter().enumerate() {
                writeln!(
                    f,
                    "node {i}: {} tables, {} rounds, CPU {}",
                    n.tables,
                    n.rounds,
                    match n.cpu {
                        Some(c) if n.rounds > 0 => format!(
                            "{:.2} s, {:.2} ms per round of its tables",
                            c.as_secs_f64(),
                            ms(c) / n.rounds as f64
                        ),
                        Some(c) => format!("{:.2} s", c.as_secs_f64()),
                        None => "not available".into(),
                    }
                )?;
            }
        }
        write!(f, "errors: {}", self.errors)?;
        if let Some(e) = &self.first_error {
            write!(f, " (first: {e})")?;
        }
        if self.timed_out {
            write!(f, "; stopped by the time limit")?;
        }
        Ok(())
    }
}

#[derive(Deserialize)]
struct StateIn<'a> {
    seq: u64,
    table: TableIn,
    you: Option<YouIn>,
    #[serde(borrow)]
    view: Option<ViewIn<'a>>,
}

#[derive(Clone, Deserialize)]
struct TableIn {
    mode: Mode,
    edition: EditionId,
    sheet: SheetId,
    advanced: bool,
    first_plan_reshuffle: bool,
    status: Status,
}

#[derive(Deserialize)]
struct YouIn {
    seat: Option<usize>,
}

/// The view of a whole state; only the seat's own sheet is read (the random bot looks at
/// nothing else) and the log is skipped.
#[derive(Deserialize)]
struct ViewIn<'a> {
    round: u16,
    offer: Option<Offer>,
    next_effects: Option<welcome_engine::legal::Effects>,
    plans: Vec<PlanInfo>,
    #[serde(borrow)]
    sheets: Vec<&'a RawValue>,
    my_turn: Option<IgnoredAny>,
    reshuffle_offered: bool,
    pile: usize,
    discard: usize,
    solo_card_drawn: bool,
}

/// An update as a player reads it (docs/protocol.md, "Pushes"): its place, what changed of
/// the table's status and of the view's fields, and the seat's own sheet if it is in it.
/// Other seats' sheets and the log are not read: the random bot looks at nothing else.
struct UpdateIn {
    seq: u64,
    base: u64,
    status: Option<Status>,
    view: Option<ViewPatch>,
    /// Whether it changes anything of the view (its fields or sheets).
    of_view: bool,
    sheet: Option<SheetData>,
}

fn number(v: &[u8]) -> Result<u64, String> {
    std::str::from_utf8(v)
        .ok()
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| "not a number".to_string())
}

impl UpdateIn {
    /// Reads `text`, an update, for the seat `seat` (0-based): the members before `sheets`
    /// are read, then the sheets up to the seat's own; the log that follows is not.
    fn parse(text: &[u8], seat: Option<usize>) -> Result<UpdateIn, String> {
        let e = |e: serde_json::Error| e.to_string();
        let (members, sheets) = members(text, b"sheets")?;
        let mut u = UpdateIn {
            seq: u64::MAX,
            base: u64::MAX,
            status: None,
            view: None,
            of_view: sheets.is_some(),
            sheet: None,
        };
        for (k, v) in members {
            match k {
                b"seq" => u.seq = number(v)?,
                b"base" => u.base = number(v)?,
                b"table" => u.status = serde_json::from_slice::<StatusIn>(v).map_err(e)?.status,
                b"view" => {
                    u.of_view = true;
                    u.view = Some(serde_json::from_slice(v).map_err(e)?);
                }
                _ => {}
            }
        }
        if let (Some(i), Some(seat)) = (sheets, seat) {
            // An entry starts with its seat (`{"seat":2,…`, as the server writes it).
            let prefix = format!("{{\"seat\":{},", seat + 1);
            if let Some(own) = element_with(text, i, prefix.as_bytes())? {
                u.sheet = Some(sheet_of(own)?);
            }
        }
        if u.seq == u64::MAX || u.base == u64::MAX {
            return Err("an update without its seq or base".into());
        }
        Ok(u)
    }
}

/// A field an update names, `null` included (absent: unchanged).
fn named<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(d).map(Some)
}

/// The view's fields an update changed, of those the player reads.
#[derive(Default, Deserialize)]
#[serde(default)]
struct ViewPatch {
    round: Option<u16>,
    #[serde(deserialize_with = "named")]
    offer: Option<Option<Offer>>,
    #[serde(deserialize_with = "named")]
    next_effects: Option<Option<welcome_engine::legal::Effects>>,
    plans: Option<Vec<PlanInfo>>,
    #[serde(deserialize_with = "named")]
    my_turn: Option<Option<IgnoredAny>>,
    reshuffle_offered: Option<bool>,
    pile: Option<usize>,
    discard: Option<usize>,
    solo_card_drawn: Option<bool>,
}

#[derive(Deserialize)]
struct StatusIn {
    #[serde(default)]
    status: Option<Status>,
}

/// What a simulated player keeps of its table.
struct Seen {
    seq: u64,
    table: TableIn,
    /// 0-based.
    seat: Option<usize>,
    view: Option<ViewSeen>,
}

struct ViewSeen {
    round: u16,
    offer: Option<Offer>,
    next_effects: Option<welcome_engine::legal::Effects>,
    plans: Vec<PlanInfo>,
    seats: usize,
    sheet: Option<SheetData>,
    my_turn: bool,
    reshuffle_offered: bool,
    pile: usize,
    discard: usize,
    solo_card_drawn: bool,
}

/// The seat's own sheet among `sheets` entries, if it is there. An entry starts with its seat
/// (`{"seat":2,…`, as the server writes it), so the others are not read.
fn own_sheet(sheets: &[&RawValue], seat: Option<usize>) -> Result<Option<SheetData>, String> {
    let Some(seat) = seat else { return Ok(None) };
    let prefix = format!("{{\"seat\":{},", seat + 1);
    match sheets.iter().find(|s| s.get().starts_with(&prefix)) {
        Some(s) => sheet_of(s.get().as_bytes()).map(Some),
        None => Ok(None),
    }
}

/// The `sheet` of a seat's entry (`{"seat":2,"name":…,"sheet":{…},"score":…}`): the score and
/// what is derived for drawing, which follow it, are not read.
fn sheet_of(entry: &[u8]) -> Result<SheetData, String> {
    let (_, start) = members(entry, b"sheet")?;
    let start = start.ok_or("a sheet entry without its sheet")?;
    let end = value_end(entry, start)?;
    serde_json::from_slice(&entry[start..end]).map_err(|e| e.to_string())
}

impl Seen {
    fn of(st: StateIn<'_>) -> Result<Seen, String> {
        let seat = st.you.and_then(|y| y.seat).and_then(|s| s.checked_sub(1));
        let view = match st.view {
            None => None,
            Some(v) => Some(ViewSeen {
                sheet: own_sheet(&v.sheets, seat)?,
                seats: v.sheets.len(),
                round: v.round,
                offer: v.offer,
                next_effects: v.next_effects,
                plans: v.plans,
                my_turn: v.my_turn.is_some(),
                reshuffle_offered: v.reshuffle_offered,
                pile: v.pile,
                discard: v.discard,
                solo_card_drawn: v.solo_card_drawn,
            }),
        };
        Ok(Seen {
            seq: st.seq,
            table: st.table,
            seat,
            view,
        })
    }

    /// Applies an update (docs/protocol.md, "Pushes"); fails if it does not follow.
    fn apply(&mut self, u: UpdateIn) -> Result<(), String> {
        if u.base != self.seq {
            return Err(format!(
                "an update from {} does not follow {}",
                u.base, self.seq
            ));
        }
        self.seq = u.seq;
        if let Some(status) = u.status {
            self.table.status = status;
        }
        let Some(v) = &mut self.view else {
            return match u.of_view {
                true => Err("an update of a view not held".into()),
                false => Ok(()),
            };
        };
        let p = u.view.unwrap_or_default();
        v.round = p.round.unwrap_or(v.round);
        if let Some(o) = p.offer {
            v.offer = o;
        }
        if let Some(n) = p.next_effects {
            v.next_effects = n;
        }
        if let Some(plans) = p.plans {
            v.plans = plans;
        }
        if let Some(t) = p.my_turn {
            v.my_turn = t.is_some();
        }
        v.reshuffle_offered = p.reshuffle_offered.unwrap_or(v.reshuffle_offered);
        v.pile = p.pile.unwrap_or(v.pile);
        v.discard = p.discard.unwrap_or(v.discard);
        v.solo_card_drawn = p.solo_card_drawn.unwrap_or(v.solo_card_drawn);
        if let Some(sheet) = u.sheet {
            v.sheet = Some(sheet);
        }
        Ok(())
    }
}

/// The seat's `PlayerView`, rebuilt from what the server sent it.
fn player_view(st: &Seen) -> Result<PlayerView, String> {
    let edition =
        Edition::by_id(st.table.edition.as_str()).ok_or("the table's edition is unknown")?;
    let view = st.view.as_ref().ok_or("no view")?;
    let seat = st.seat.ok_or("not a seat")?;
    let mut options = Options::new(st.table.mode).advanced(st.table.advanced);
    options.edition = st.table.edition;
    options.sheet = st.table.sheet;
    options.first_plan_reshuffle = st.table.first_plan_reshuffle;
    if view.plans.len() != 3 {
        return Err("not three plans".into());
    }
    let plans: [PlanSlot; 3] = std::array::from_fn(|i| PlanSlot {
        card: view.plans[i].card,
        approved: view.plans[i].approved,
        values: None,
    });
    let layout = edition
        .sheet(options.sheet)
        .ok_or("the table's sheet is not in the edition")?;
    let mut sheets = vec![Sheet::new(layout); view.seats];
    let own = view.sheet.as_ref().ok_or("no sheet of its own")?;
    *sheets.get_mut(seat).ok_or("no such seat")? =
        own.to_sheet(edition, layout).map_err(|e| e.to_string())?;
    Ok(PlayerView {
        edition,
        layout: layout.into(),
        options,
        seat,
        round: view.round,
        offer: view.offer.ok_or("no offer")?,
        next_effects: view.next_effects,
        plans,
        submitted: vec![false; sheets.len()],
        sheets,
        my_turn: None,
        reshuffle_offered: view.reshuffle_offered,
        pile: view.pile,
        discard: view.discard,
        solo_card_drawn: view.solo_card_drawn,
        // The load-test player picks from the listed turns; it never deals hidden cards.
        unseen: Vec::new(),
        face_up: Vec::new(),
        discard_cards: Vec::new(),
        passed: None,
        piles: Vec::new(),
        next: None,
        aaa: None,
        values: Default::default(),
        zombie_pile: None,
        end: Vec::new(),
    })
}

/// A `submit` message (docs/protocol.md), written straight from the turn.
#[derive(serde::Serialize)]
struct SubmitOut<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    request: u64,
    round: u16,
    turn: &'a welcome_engine::Turn,
}

/// Per table: when each round's last confirmation was sent.
type Confirms = Arc<Mutex<Vec<Option<Instant>>>>;

struct PlayerResult {
    /// Latencies up to the push's arrival at the socket (where the system tells it) and up to
    /// the player's reading it.
    arrival: Vec<Duration>,
    read: Vec<Duration>,
    /// Rounds this player saw resolve.
    resolved: u64,
    errors: usize,
    first_error: Option<String>,
    pushes: u64,
    whole_states: u64,
    whole_bytes: u64,
    /// Update bytes received while each round was played (index 0: round 1), its resolution
    /// included.
    round_bytes: Vec<u64>,
    /// The games seen to end, and the update bytes of their last round (the push that ends
    /// the game included).
    ends: u64,
    end_bytes: u64,
}

impl PlayerResult {
    fn error(&mut self, e: String) {
        self.errors += 1;
        self.first_error.get_or_insert(e);
    }
}

async fn player(
    mut sock: Wire,
    confirms: Confirms,
    rounds: u16,
    seed: u64,
    think: Duration,
    deadline: Instant,
) -> PlayerResult {
    let mut r = PlayerResult {
        arrival: Vec::new(),
        read: Vec::new(),
        resolved: 0,
        errors: 0,
        first_error: None,
        pushes: 0,
        whole_states: 0,
        whole_bytes: 0,
        round_bytes: Vec::new(),
        ends: 0,
        end_bytes: 0,
    };
    let mut seen: Option<Seen> = None;
    let mut last_round = 0u16;
    let mut request = 0u64;
    // One timer for the whole run, not one per message.
    let stop = tokio::time::sleep_until(deadline.into());
    tokio::pin!(stop);
    loop {
        let text = tokio::select! {
            _ = &mut stop => break,
            m = sock.recv() => match m {
                Ok(Some(t)) => t,
                Ok(None) => break,
                Err(e) => {
                    r.error(e);
                    break;
                }
            },
        };
        let received = Instant::now();
        let arrived = sock.arrived.filter(|&a| a <= received);
        if text.starts_with(br#"{"type":"state""#) {
            r.pushes += 1;
            r.whole_states += 1;
            r.whole_bytes += text.len() as u64;
            match serde_json::from_slice::<StateIn>(&text)
                .map_err(|e| e.to_string())
                .and_then(Seen::of)
            {
                Ok(s) => seen = Some(s),
                Err(e) => {
                    r.error(e);
                    continue;
                }
            }
        } else if text.starts_with(br#"{"type":"update""#) {
            r.pushes += 1;
            let Some(s) = &mut seen else {
                r.error("an update before any state".into());
                continue;
            };
            let round = s.view.as_ref().map_or(0, |v| v.round) as usize;
            let applied = UpdateIn::parse(&text, s.seat).and_then(|u| s.apply(u));
            if let Err(e) = applied {
                // The server sends one whole state; nothing here changed.
                r.error(e);
                let _ = sock.send(1, br#"{"type":"sync"}"#).await;
                continue;
            }
            if !s.table.status.is_open() {
                // The last round of a game, with the push that ends it (the final scores), is
                // counted apart: the rounds counted are those another round followed.
                if round > 0 && r.round_bytes.len() == round {
                    r.end_bytes += r.round_bytes.pop().unwrap_or(0);
                }
                r.end_bytes += text.len() as u64;
                r.ends += 1;
            } else if round > 0 {
                if r.round_bytes.len() < round {
                    r.round_bytes.resize(round, 0);
                }
                r.round_bytes[round - 1] += text.len() as u64;
            }
        } else {
            let error = br#""type":"error""#;
            if text.windows(error.len()).any(|w| w == error) {
                r.error(String::from_utf8_lossy(&text).into_owned());
            }
            continue;
        }
        drop(text);
        let Some(st) = &seen else { continue };
        let Some(view) = &st.view else { continue };
        if view.round > last_round && last_round > 0 {
            // The push that resolved `last_round`.
            let sent = confirms
                .lock()
                .ok()
                .and_then(|c| c.get(last_round as usize).copied().flatten());
            if let Some(sent) = sent {
                r.read.push(received.saturating_duration_since(sent));
                if let Some(a) = arrived {
                    r.arrival.push(a.saturating_duration_since(sent));
                }
            }
            r.resolved += 1;
        }
        if !st.table.status.is_open() || view.round > rounds {
            break;
        }
        if view.round <= last_round || view.my_turn {
            continue;
        }
        last_round = view.round;
        let pv = match player_view(st) {
            Ok(v) => v,
            Err(e) => {
                r.error(e);
                break;
            }
        };
        let round_seed = seed ^ (view.round as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let turn = BotKind::Random
            .make(seat_seed(round_seed, pv.seat))
            .choose(&pv);
        if !think.is_zero() {
            // A fraction of `think` drawn from the turn's seed: reproducible, no extra generator.
            let frac =
                (round_seed.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64;
            tokio::time::sleep(think.mul_f64(frac)).await;
        }
        request += 1;
        let msg = serde_json::to_string(&SubmitOut {
            kind: "submit",
            request,
            round: view.round,
            turn: &turn,
        })
        .unwrap_or_default();
        let now = Instant::now();
        if let Ok(mut c) = confirms.lock() {
            let i = view.round as usize;
            if c.len() <= i {
                c.resize(i + 1, None);
            }
            c[i] = Some(c[i].map_or(now, |t| t.max(now)));
        }
        if sock.send(1, msg.as_bytes()).await.is_err() {
            break;
        }
    }
    sock.close().await;
    r
}

/// The players' runtime, shut down without waiting when it is dropped (its tasks are over by
/// then; a runtime cannot be dropped in the middle of another one's task).
struct PlayersRuntime(Option<tokio::runtime::Runtime>);

impl PlayersRuntime {
    fn new() -> Result<PlayersRuntime, String> {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(player_threads())
            .thread_name("loadtest-players")
            .enable_all()
            .build()
            .map(|r| PlayersRuntime(Some(r)))
            .map_err(|e| format!("cannot start the players' runtime: {e}"))
    }

    /// Spawns `f` on the players' runtime (it is there until dropped).
    fn spawn<F>(&self, f: F) -> Option<tokio::task::JoinHandle<F::Output>>
    where
        F: std::future::Future + Send + 'static,
        F::Output: Send + 'static,
    {
        self.0.as_ref().map(|r| r.spawn(f))
    }
}

impl Drop for PlayersRuntime {
    fn drop(&mut self) {
        if let Some(r) = self.0.take() {
            r.shutdown_background();
        }
    }
}

/// Threads of the players' runtime: one per core. Real players read their sockets on their
/// own machines; with a single thread, a push waited while that thread handled every push
/// that arrived before it, and at think 0 those waits made most of the latency's tail (50 ×
/// 100 on two cores: p99 511 ms with one thread and 382–400 ms with two on a quiet machine).
fn player_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The process's peak resident memory in bytes (Linux: `VmHWM` of /proc/self/status).
pub fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The CPU time this process has used, user and system (Linux: /proc/self/stat).
pub fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    stat_cpu(&stat).map(|(_, cpu)| cpu)
}

/// The command name and the CPU time, user and system, of a process's or thread's `stat` line
/// (in clock ticks of 1/100 s as the kernel shows them to programs).
fn stat_cpu(stat: &str) -> Option<(&str, Duration)> {
    let (open, close) = (stat.find('(')?, stat.rfind(')')?);
    // The fields after the command's name (which ends with the last ')'): utime and stime are
    // the 12th and 13th.
    let mut fields = stat[close + 1..].split_whitespace().skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    let name = stat.get(open + 1..close)?;
    Some((name, Duration::from_millis((user + system) * 10)))
}

/// One thread's CPU time at a reading.
struct ThreadCpu {
    tid: u64,
    /// The node whose runtime it is one of (`node_threads`).
    node: Option<usize>,
    /// One of the simulated players' threads.
    player: bool,
    cpu: Duration,
}

/// The CPU time of each of this process's threads now (Linux: /proc/self/task/*/stat).
fn thread_cpu() -> Option<Vec<ThreadCpu>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("/proc/self/task").ok()? {
        let Ok(entry) = entry else { continue };
        let Some(tid) = entry.file_name().to_str().and_then(|t| t.parse().ok()) else {
            continue;
        };
        // A thread that has just ended has no stat left: it is left out.
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        if let Some((name, cpu)) = stat_cpu(&stat) {
            let player = name.starts_with("loadtest-player");
            let node = name.strip_prefix(NODE_THREADS).and_then(|n| n.parse().ok());
            out.push(ThreadCpu {
                tid,
                node,
                player,
                cpu,
            });
        }
    }
    Some(out)
}

/// The CPU time the server's threads and the players' threads used between two readings of
/// `thread_cpu` (threads that ended in between are not counted).
fn cpu_split(before: &[ThreadCpu], after: &[ThreadCpu]) -> (Duration, Duration) {
    let (mut server, mut players) = (Duration::ZERO, Duration::ZERO);
    for t in after {
        let was = before
            .iter()
            .find(|b| b.tid == t.tid)
            .map_or(Duration::ZERO, |b| b.cpu);
        let used = t.cpu.saturating_sub(was);
        if t.player {
            players += used;
        } else {
            server += used;
        }
    }
    (server, players)
}

/// The CPU time each node's threads used between two readings of `thread_cpu`.
fn node_cpu(before: &[ThreadCpu], after: &[ThreadCpu], nodes: usize) -> Vec<Duration> {
    let mut per = vec![Duration::ZERO; nodes];
    for t in after {
        let Some(n) = t.node.filter(|n| *n < nodes) else {
            continue;
        };
        let was = before
            .iter()
            .find(|b| b.tid == t.tid)
            .map_or(Duration::ZERO, |b| b.cpu);
        per[n] += t.cpu.saturating_sub(was);
    }
    per
}

/// The name of node N's threads is this and N (a thread's name shows 15 bytes at most).
const NODE_THREADS: &str = "welcome-node-";

/// A node of the test: a server on a runtime of its own, so that its threads' CPU time tells
/// what it used.
struct NodeRuntime {
    runtime: Option<tokio::runtime::Runtime>,
    server: Option<welcome_server::Running>,
}

impl NodeRuntime {
    async fn start(i: usize, config: ServeConfig) -> Result<NodeRuntime, String> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .thread_name(format!("{NODE_THREADS}{i}"))
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start node {i}'s runtime: {e}"))?;
        let server = runtime
            .spawn(spawn(config))
            .await
            .map_err(|e| e.to_string())?
            .map_err(|e| e.to_string())?;
        Ok(NodeRuntime {
            runtime: Some(runtime),
            server: Some(server),
        })
    }

    fn addr(&self) -> Option<SocketAddr> {
        self.server.as_ref().map(|s| s.addr)
    }

    /// Stops the server on its own runtime.
    async fn stop(&mut self) {
        if let (Some(r), Some(s)) = (&self.runtime, self.server.take()) {
            let _ = r.spawn(s.stop()).await;
        }
    }
}

impl Drop for NodeRuntime {
    fn drop(&mut self) {
        if let Some(r) = self.runtime.take() {
            r.shutdown_background();
        }
    }
}

/// The system's load average over the last minute (Linux: /proc/loadavg).
pub fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Runs the load test and reports.
pub async fn run(cfg: LoadConfig) -> Result<LoadReport, String> {
    let bind: SocketAddr = cfg
        .addr
        .parse()
        .map_err(|e| format!("--addr {:?}: {e}", cfg.addr))?;
    if !bind.ip().is_loopback() {
        return Err(format!(
            "the load test only listens on a loopback address, not {}",
            bind.ip()
        ));
    }
    if cfg.tables == 0 || cfg.players == 0 {
        return Err("at least one table and one player".into());
    }
    let nodes = cfg.nodes.max(1);
    let database = match &cfg.db {
        Some(url) if welcome_server::store::is_postgres(url) => "PostgreSQL",
        Some(_) => {
            return Err("--db takes a postgres:// URL (the default is a SQLite file)".into())
        }
        None if nodes > 1 => {
            return Err("several nodes share a PostgreSQL database: give --db".into())
        }
        None => "SQLite",
    };
    if nodes > 1 && bind.port() != 0 {
        return Err("several nodes listen on ports of their own: give --addr with port 0".into());
    }
    let load_before = load_average();
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let db = match &cfg.db {
        Some(url) => url.clone(),
        None => dir.path().join("loadtest.db").to_string_lossy().to_string(),
    };
    // Every simulated player comes from this machine's one address.
    let limits = Limits {
        max_tables: cfg.tables.max(Limits::default().max_tables),
        open_tables_per_address: usize::MAX,
        tables_per_minute: usize::MAX,
        max_connections: usize::MAX,
        max_connections_per_address: usize::MAX,
        ..Limits::default()
    };
    let mut servers = Vec::with_capacity(nodes);
    let mut addrs = Vec::with_capacity(nodes);
    for i in 0..nodes {
        let mut config = ServeConfig::new(cfg.addr.clone(), db.clone());
        config.limits = limits.clone();
        config.node_id = format!("load-{i}");
        let node = NodeRuntime::start(i, config).await?;
        addrs.push(node.addr().ok_or("a node did not start")?);
        servers.push(node);
    }
    let mut owned = vec![0usize; nodes];
    let mut table_node = Vec::with_capacity(cfg.tables * cfg.players);
    let deadline = Instant::now() + cfg.time_limit;
    let mode = if cfg.players == 1 { "solo" } else { "standard" };

    // The simulated players run on threads of their own, as clients run on machines of their
    // own: the server's tasks do not wait in one queue with the players' (reading their
    // pushes, choosing their turns), nor the players' with the server's. The machine's cores
    // are shared all the same.
    let players = PlayersRuntime::new()?;

    // Tables, seats and sockets first; the clock starts when every socket is open.
    let mut sockets = Vec::with_capacity(cfg.tables * cfg.players);
    for t in 0..cfg.tables {
        let addr = addrs[t % nodes];
        owned[t % nodes] += 1;
        let (s, v) = http(
            addr,
            "POST",
            "/api/tables",
            Some(&json!({ "name": format!("Load {t}"), "mode": mode, "seats": cfg.players })),
        )
        .await?;
        if s != 201 {
            return Err(format!("creating a table: {s} {v}"));
        }
        let table = v["table"].as_str().unwrap_or_default().to_string();
        let host = v["token"].as_str().unwrap_or_default().to_string();
        let mut tokens = vec![host.clone()];
        for p in 1..cfg.players {
            let (s, v) = http(
                addr,
                "POST",
                &format!("/api/tables/{table}/join"),
                Some(&json!({ "name": format!("Player {}", p + 1) })),
            )
            .await?;
            if s != 200 {
                return Err(format!("joining: {s} {v}"));
            }
            tokens.push(v["token"].as_str().unwrap_or_default().to_string());
        }
        let confirms: Confirms = Arc::new(Mutex::new(Vec::new()));
        for token in &tokens {
            let seed = sockets.len() as u32 ^ cfg.seed as u32;
            // Each socket reaches a node in turn, as through a load balancer.
            let addr = addrs[sockets.len() % nodes];
            table_node.push(t % nodes);
            // Connected from the players' runtime, whose reactor then watches the socket.
            let (table, token) = (table.clone(), token.clone());
            let sock = players
                .spawn(async move { Wire::connect(addr, &table, &token, seed).await })
                .ok_or("the players' runtime has stopped")?
                .await
                .map_err(|e| e.to_string())?
                .map_err(|e| format!("connecting: {e}"))?;
            sockets.push((sock, confirms.clone()));
        }
        let (s, v) = http(
            addr,
            "POST",
            &format!("/api/tables/{table}/start"),
            Some(&json!({ "token": host })),
        )
        .await?;
        if s != 204 {
            return Err(format!("starting: {s} {v}"));
        }
    }
    let started = Instant::now();
    let cpu_before = cpu_time();
    let threads_before = thread_cpu();
    let tasks: Vec<_> = sockets
        .into_iter()
        .enumerate()
        .map(|(i, (sock, confirms))| {
            players.spawn(player(
                sock,
                confirms,
                cfg.rounds,
                cfg.seed.wrapping_add(i as u64),
                cfg.think,
                deadline,
            ))
        })
        .collect();
    let (mut arrival, mut read) = (Vec::new(), Vec::new());
    let mut resolved = 0u64;
    let mut errors = 0;
    let mut first_error = None;
    let mut pushes = 0;
    let mut whole_states = 0;
    let mut whole_bytes = 0;
    let mut round_bytes: Vec<(u64, u64)> = Vec::new();
    let mut ends = 0;
    let mut end_bytes = 0;
    let mut node_rounds = vec![0u64; nodes];
    for (i, t) in tasks.into_iter().enumerate() {
        let r = t
            .ok_or("the players' runtime has stopped")?
            .await
            .map_err(|e| e.to_string())?;
        node_rounds[table_node[i]] += r.resolved;
        arrival.extend(r.arrival);
        read.extend(r.read);
        resolved += r.resolved;
        errors += r.errors;
        pushes += r.pushes;
        whole_states += r.whole_states;
        whole_bytes += r.whole_bytes;
        ends += r.ends;
        end_bytes += r.end_bytes;
        if round_bytes.len() < r.round_bytes.len() {
            round_bytes.resize(r.round_bytes.len(), (0, 0));
        }
        for (i, b) in r.round_bytes.iter().enumerate() {
            round_bytes[i].0 += b;
            round_bytes[i].1 += 1;
        }
        if first_error.is_none() {
            first_error = r.first_error;
        }
    }
    let elapsed = started.elapsed();
    let cpu = cpu_time()
        .zip(cpu_before)
        .map(|(after, before)| after.saturating_sub(before));
    let threads_after = thread_cpu();
    let per_node = threads_after
        .as_ref()
        .zip(threads_before.as_ref())
        .map(|(after, before)| node_cpu(before, after, nodes));
    let cpu_split = threads_after
        .zip(threads_before)
        .map(|(after, before)| cpu_split(&before, &after));
    let timed_out = Instant::now() >= deadline;
    for s in &mut servers {
        s.stop().await;
    }
    let node_figures = (0..nodes)
        .map(|i| NodeFigures {
            tables: owned[i],
            rounds: node_rounds[i] / cfg.players as u64,
            cpu: per_node.as_ref().map(|p| p[i]),
        })
        .collect();
    // The kernel stamps what arrives once the first socket asked it to (it turns stamping on
    // a moment later): every push measured arrives long after, but the count tells.
    let arrival = (!arrival.is_empty()).then(|| Latency::of(arrival));
    Ok(LoadReport {
        tables: cfg.tables,
        players: cfg.players,
        // Every player of a table sees each of its rounds resolve.
        rounds: resolved / cfg.players as u64,
        elapsed,
        arrival,
        read: Latency::of(read),
        errors,
        first_error,
        timed_out,
        pushes,
        whole_states,
        whole_bytes,
        round_bytes,
        ends,
        end_bytes,
        peak_rss: peak_rss(),
        load_before,
        load_after: load_average(),
        cpu,
        cpu_split,
        database,
        nodes: node_figures,
    })
}

/// A simulated player's websocket: a minimal client of RFC 6455 over a TCP stream (the
/// server's frames are never masked, the player's always are), reading into a buffer it keeps
/// (`WIRE_ROOM`, more for a while after a larger message) and handing each message over as a
/// copy of its bytes.
struct Wire {
    stream: tokio::net::TcpStream,
    /// Bytes read and not yet taken: `buf[start..filled]`. The rest of `buf` is room to read
    /// into, written before (zeroed as it grew), so that reads never zero it again.
    buf: Vec<u8>,
    start: usize,
    filled: usize,
    /// The message being put together from its fragments.
    message: Vec<u8>,
    /// The masking keys' generator.
    mask: u32,
    /// When the bytes last read reached the socket (the kernel's receive time, on Linux):
    /// a message's arrival, read with the read that completed it.
    arrived: Option<Instant>,
}

/// What a wire reads at most at once: a message of the sizes pushed comes in one read.
const WIRE_BUFFER: usize = 64 * 1024;

/// The room a wire keeps to read into: a push to a table of a few seats fits. A wire that
/// needed more lets go of it after the message, so that thousands of players waiting hold
/// little.
const WIRE_ROOM: usize = 8 * 1024;

/// Asks the kernel to tell when the data read from `stream` reached it (Linux); elsewhere
/// nothing.
fn stamp_arrivals(stream: &tokio::net::TcpStream) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    nix::sys::socket::setsockopt(stream, nix::sys::socket::sockopt::ReceiveTimestampns, &true)?;
    #[cfg(not(target_os = "linux"))]
    let _ = stream;
    Ok(())
}

/// Reads what `stream` has into `buf`, at least one byte: the bytes read (0 at the end of the
/// stream) and, where the kernel tells it, when the last of them reached the socket, on this
/// process's clock.
#[cfg(target_os = "linux")]
async fn read_stamped(
    stream: &mut tokio::net::TcpStream,
    buf: &mut [u8],
) -> std::io::Result<(usize, Option<Instant>)> {
    use nix::sys::socket::{recvmsg, ControlMessageOwned, MsgFlags};
    use std::os::fd::AsRawFd;
    let mut control = nix::cmsg_space!(nix::sys::time::TimeSpec);
    let read = loop {
        stream.readable().await?;
        let tried = stream.try_io(tokio::io::Interest::READABLE, || {
            let mut iov = [std::io::IoSliceMut::new(&mut *buf)];
            let msg = recvmsg::<()>(
                stream.as_raw_fd(),
                &mut iov,
                Some(&mut control),
                MsgFlags::empty(),
            )?;
            let stamp = msg.cmsgs().ok().and_then(|mut c| {
                c.find_map(|c| match c {
                    ControlMessageOwned::ScmTimestampns(t) => Some(t),
                    _ => None,
                })
            });
            Ok((msg.bytes, stamp))
        });
        match tried {
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => continue,
            other => break other,
        }
    };
    let (n, stamp) = read?;
    // The stamp is on the system's clock; its age now places it on the monotonic one.
    let arrived = stamp.and_then(|t| {
        let at = std::time::UNIX_EPOCH
            + Duration::new(
                u64::try_from(t.tv_sec()).ok()?,
                u32::try_from(t.tv_nsec()).ok()?,
            );
        let age = std::time::SystemTime::now()
            .duration_since(at)
            .unwrap_or_default();
        Instant::now().checked_sub(age)
    });
    Ok((n, arrived))
}

/// Reads what `stream` has into `buf`; the system does not tell when it arrived.
#[cfg(not(target_os = "linux"))]
async fn read_stamped(
    stream: &mut tokio::net::TcpStream,
    buf: &mut [u8],
) -> std::io::Result<(usize, Option<Instant>)> {
    use tokio::io::AsyncReadExt;
    stream.read(buf).await.map(|n| (n, None))
}

impl Wire {
    async fn connect(
        addr: SocketAddr,
        table: &str,
        token: &str,
        seed: u32,
    ) -> Result<Wire, String> {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let mut stream = tokio::net::TcpStream::connect(addr)
            .await
            .map_err(|e| e.to_string())?;
        stream.set_nodelay(true).map_err(|e| e.to_string())?;
        stamp_arrivals(&stream).map_err(|e| format!("receive times: {e}"))?;
        let request = format!(
            "GET /ws/{table}?token={token} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\n\
             Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
             Sec-WebSocket-Version: 13\r\n\r\n"
        );
        stream
            .write_all(request.as_bytes())
            .await
            .map_err(|e| e.to_string())?;
        let mut buf = Vec::with_capacity(WIRE_BUFFER);
        let head = loop {
            if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break end + 4;
            }
            if buf.len() > 16 * 1024 {
                return Err("the upgrade's answer has no end".into());
            }
            if stream.read_buf(&mut buf).await.map_err(|e| e.to_string())? == 0 {
                return Err("the server closed the connection during the upgrade".into());
            }
        };
        if !buf.starts_with(b"HTTP/1.1 101") {
            let text = String::from_utf8_lossy(&buf[..head]).into_owned();
            return Err(format!("the upgrade was refused: {text}"));
        }
        let filled = buf.len();
        buf.resize(filled.max(WIRE_ROOM), 0);
        buf.shrink_to_fit();
        Ok(Wire {
            stream,
            buf,
            start: head,
            filled,
            message: Vec::new(),
            mask: seed | 1,
            arrived: None,
        })
    }

    /// Reads until `n` bytes are there from `start`; false at the end of the stream.
    async fn fill(&mut self, n: usize) -> Result<bool, String> {
        while self.filled - self.start < n {
            if self.start > 0 {
                self.buf.copy_within(self.start..self.filled, 0);
                self.filled -= self.start;
                self.start = 0;
            }
            // Room for what is missing, or more: what arrived meanwhile comes in the same read.
            let room = (n - self.filled).clamp(WIRE_ROOM, WIRE_BUFFER);
            if self.buf.len() < self.filled + room {
                self.buf.resize(self.filled + room, 0);
            }
            let (read, arrived) = read_stamped(&mut self.stream, &mut self.buf[self.filled..])
                .await
                .map_err(|e| e.to_string())?;
            if read == 0 {
                return Ok(false);
            }
            self.filled += read;
            self.arrived = arrived;
        }
        Ok(true)
    }

    /// The next text message, `None` once the socket is closed. Pings are answered.
    async fn recv(&mut self) -> Result<Option<Vec<u8>>, String> {
        loop {
            if !self.fill(2).await? {
                return Ok(None);
            }
            let (b0, b1) = (self.buf[self.start], self.buf[self.start + 1]);
            let (fin, opcode) = (b0 & 0x80 != 0, b0 & 0x0f);
            if b1 & 0x80 != 0 {
                return Err("a masked frame from the server".into());
            }
            let (head, len) = match b1 & 0x7f {
                126 => {
                    if !self.fill(4).await? {
                        return Ok(None);
                    }
                    let s = self.start;
                    (
                        4,
                        u16::from_be_bytes([self.buf[s + 2], self.buf[s + 3]]) as usize,
                    )
                }
                127 => {
                    if !self.fill(10).await? {
                        return Ok(None);
                    }
                    let s = self.start;
                    let mut n = [0u8; 8];
                    n.copy_from_slice(&self.buf[s + 2..s + 10]);
                    (10, u64::from_be_bytes(n) as usize)
                }
                n => (2, n as usize),
            };
            if len > 1 << 24 {
                return Err(format!("a frame of {len} bytes"));
            }
            if !self.fill(head + len).await? {
                return Ok(None);
            }
            let payload = self.start + head..self.start + head + len;
            self.start = payload.end;
            match opcode {
                // Text (or binary) and continuation frames.
                0..=2 => {
                    let whole = fin && opcode != 0 && self.message.is_empty();
                    let message = if whole {
                        self.buf[payload].to_vec()
                    } else {
                        self.message.extend_from_slice(&self.buf[payload]);
                        if !fin {
                            continue;
                        }
                        std::mem::take(&mut self.message)
                    };
                    if self.start == self.filled {
                        (self.start, self.filled) = (0, 0);
                        if self.buf.capacity() > 2 * WIRE_ROOM {
                            self.buf.truncate(WIRE_ROOM);
                            self.buf.shrink_to_fit();
                        }
                    }
                    return Ok(Some(message));
                }
                8 => return Ok(None),
                9 => {
                    let data = self.buf[payload].to_vec();
                    self.send(0xA, &data).await?;
                }
                _ => {}
            }
        }
    }

    /// Sends one frame (`opcode` 1: text), masked as a client's frames are.
    async fn send(&mut self, opcode: u8, payload: &[u8]) -> Result<(), String> {
        use tokio::io::AsyncWriteExt;
        // xorshift32: the masking keys need only change.
        self.mask ^= self.mask << 13;
        self.mask ^= self.mask >> 17;
        self.mask ^= self.mask << 5;
        let key = self.mask.to_be_bytes();
        let mut frame = Vec::with_capacity(payload.len() + 14);
        frame_head(&mut frame, 0x80 | opcode, 0x80, payload.len());
        frame.extend_from_slice(&key);
        frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ key[i % 4]));
        self.stream
            .write_all(&frame)
            .await
            .map_err(|e| e.to_string())
    }

    async fn close(mut self) {
        use tokio::io::AsyncWriteExt;
        let _ = self.send(8, &[]).await;
        let _ = self.stream.shutdown().await;
    }
}

/// A frame's first bytes (RFC 6455 §5.2): `first` (FIN and opcode), then the payload's length
/// in 1, 3 or 9 bytes with `mask` (0x80: masked, as a client's frames are; 0: a server's).
fn frame_head(out: &mut Vec<u8>, first: u8, mask: u8, len: usize) {
    out.push(first);
    match len {
        n if n < 126 => out.push(mask | n as u8),
        n if n <= u16::MAX as usize => {
            out.push(mask | 126);
            out.extend_from_slice(&(n as u16).to_be_bytes());
        }
        n => {
            out.push(mask | 127);
            out.extend_from_slice(&(n as u64).to_be_bytes());
        }
    }
}

/// The end of the JSON string that starts at `i` (its opening quote). Byte by byte: most
/// strings of a push are a few bytes long (an empty house is `""`), where a search call costs
/// more than the loop.
fn string_end(b: &[u8], i: usize) -> Result<usize, String> {
    let mut j = i + 1;
    while let Some(&c) = b.get(j) {
        match c {
            b'"' => return Ok(j + 1),
            b'\\' => j += 2,
            _ => j += 1,
        }
    }
    Err("a string without its end".into())
}

/// The end of the JSON value that starts at `i`. The server writes no whitespace between
/// tokens, so none is skipped. An object (an array) ends at the brace (bracket) that closes
/// it: only quotes and its own kind of bracket count (the players skip most of every push this
/// way; byte by byte, it takes a third of the time searching for each token took, the tokens
/// being short).
fn value_end(b: &[u8], i: usize) -> Result<usize, String> {
    let (open, close) = match b.get(i) {
        Some(b'"') => return string_end(b, i),
        Some(b'{') => (b'{', b'}'),
        Some(b'[') => (b'[', b']'),
        Some(_) => {
            let n = b[i..]
                .iter()
                .position(|c| matches!(c, b',' | b'}' | b']'))
                .unwrap_or(b.len() - i);
            return Ok(i + n);
        }
        None => return Err("a value missing".into()),
    };
    let mut depth = 0usize;
    let mut j = i;
    while let Some(&c) = b.get(j) {
        if c == b'"' {
            j = string_end(b, j)?;
            continue;
        }
        if c == open {
            depth += 1;
        } else if c == close {
            depth -= 1;
            if depth == 0 {
                return Ok(j + 1);
            }
        }
        j += 1;
    }
    Err("an object or array without its end".into())
}

/// The members of the JSON object `b`, as (key, value) slices, in order, up to the first
/// member named `stop` if there is one: then also where its value starts (what follows it is
/// not read).
#[allow(clippy::type_complexity)]
fn members<'a>(
    b: &'a [u8],
    stop: &[u8],
) -> Result<(Vec<(&'a [u8], &'a [u8])>, Option<usize>), String> {
    let mut out = Vec::new();
    if b.first() != Some(&b'{') {
        return Err("not an object".into());
    }
    let mut i = 1;
    while b.get(i) == Some(&b'"') {
        let k = string_end(b, i)?;
        let key = &b[i + 1..k - 1];
        if b.get(k) != Some(&b':') {
            return Err("a member without its value".into());
        }
        if key == stop {
            return Ok((out, Some(k + 1)));
        }
        let end = value_end(b, k + 1)?;
        out.push((key, &b[k + 1..end]));
        i = end;
        if b.get(i) == Some(&b',') {
            i += 1;
        }
    }
    Ok((out, None))
}

/// The element of the JSON array starting at `i` whose text starts with `prefix`, if any;
/// the elements after it are not read.
fn element_with<'a>(b: &'a [u8], i: usize, prefix: &[u8]) -> Result<Option<&'a [u8]>, String> {
    if b.get(i) != Some(&b'[') {
        return Err("not an array".into());
    }
    let mut i = i + 1;
    while i < b.len() && b[i] != b']' {
        let end = value_end(b, i)?;
        if b[i..end].starts_with(prefix) {
            return Ok(Some(&b[i..end]));
        }
        i = end;
        if b.get(i) == Some(&b',') {
            i += 1;
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stat_line_gives_its_name_and_cpu_time() {
        // A name may hold spaces and parentheses; utime 150 and stime 25 ticks.
        let line = "42 (loadtest-player (2)) S 1 1 1 0 -1 4194368 100 0 0 0 150 25 0 0 20 0 4 0";
        assert_eq!(
            stat_cpu(line),
            Some(("loadtest-player (2)", Duration::from_millis(1750)))
        );
        assert_eq!(stat_cpu("42 (cut short) S 1"), None);
    }

    #[test]
    fn an_update_is_read_up_to_the_seats_own_sheet() {
        // Strings hold brackets, braces, commas and escaped quotes; the log is not read (it is
        // cut short here).
        let text = br#"{"type":"update","seq":7,"base":5,"table":{"status":"over","name":"a {\"b\"], c"},"seats":[{"seat":1,"name":"]}"}],"sheets":[{"seat":1,"name":"x\\","n":[1,{"a":"}"}]},{"seat":2,"name":"{\"seat\":3,"},{"seat":3,"name":"me"}],"log":[{"#;
        let (m, sheets) = members(text, b"sheets").unwrap();
        let keys: Vec<&[u8]> = m.iter().map(|(k, _)| *k).collect();
        assert_eq!(keys, [&b"type"[..], b"seq", b"base", b"table", b"seats"]);
        assert_eq!(m[1].1, b"7");
        assert_eq!(m[4].1, br#"[{"seat":1,"name":"]}"}]"#);
        let i = sheets.unwrap();
        assert_eq!(
            element_with(text, i, br#"{"seat":3,"#).unwrap(),
            Some(&br#"{"seat":3,"name":"me"}"#[..])
        );
        assert_eq!(element_with(text, i, br#"{"seat":4,"#).unwrap(), None);
        let u = UpdateIn::parse(text, None).unwrap();
        assert_eq!((u.seq, u.base), (7, 5));
        assert_eq!(u.status, Some(Status::Over));
        assert!(u.of_view && u.view.is_none() && u.sheet.is_none());
        // A broken update is refused, not read past its end.
        assert!(UpdateIn::parse(br#"{"type":"update","seq":7,"base":"#, None).is_err());
        assert!(members(br#"{"a":"never ends}"#, b"sheets").is_err());
    }

    /// A server's frame: unmasked.
    fn frame(fin: bool, opcode: u8, payload: &[u8]) -> Vec<u8> {
        let mut f = Vec::new();
        frame_head(&mut f, u8::from(fin) << 7 | opcode, 0, payload.len());
        f.extend_from_slice(payload);
        f
    }

    #[tokio::test]
    async fn a_wire_reads_messages_together_larger_than_its_room_and_in_fragments() {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let server = tokio::spawn(async move {
            let (mut s, _) = listener.accept().await.unwrap();
            // Once the wire asks for receive times: data that came before has none.
            s.read_exact(&mut [0u8; 1]).await.unwrap();
            // Two messages in one write, as an answer and a push often come.
            let mut two = frame(true, 1, b"first");
            two.extend(frame(true, 1, b"second"));
            s.write_all(&two).await.unwrap();
            // Five times the wire's room, and the largest length field.
            let large: Vec<u8> = (0..5 * WIRE_ROOM).map(|i| b'a' + (i % 26) as u8).collect();
            s.write_all(&frame(true, 1, &large)).await.unwrap();
            let huge = vec![b'z'; 70_000];
            s.write_all(&frame(true, 1, &huge)).await.unwrap();
            // Nothing more until the wire has taken it.
            s.read_exact(&mut [0u8; 1]).await.unwrap();
            // One message in two fragments, a ping between them.
            s.write_all(&frame(false, 1, b"frag")).await.unwrap();
            s.write_all(&frame(true, 9, b"hi")).await.unwrap();
            s.write_all(&frame(true, 0, b"ment")).await.unwrap();
            // The pong comes back masked.
            let mut pong = [0u8; 8];
            s.read_exact(&mut pong).await.unwrap();
            // Then a message for each byte the wire sends, until it says it is done.
            let mut asked = [0u8; 1];
            while s.read_exact(&mut asked).await.is_ok() && asked[0] == b't' {
                s.write_all(&frame(true, 1, b"t")).await.unwrap();
            }
            s.write_all(&frame(true, 8, b"")).await.unwrap();
            (large, huge, pong)
        });
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        stamp_arrivals(&stream).unwrap();
        stream.write_all(b"s").await.unwrap();
        let mut wire = Wire {
            stream,
            buf: vec![0; WIRE_ROOM],
            start: 0,
            filled: 0,
            message: Vec::new(),
            mask: 1,
            arrived: None,
        };
        assert_eq!(wire.recv().await.unwrap().as_deref(), Some(&b"first"[..]));
        assert_eq!(wire.recv().await.unwrap().as_deref(), Some(&b"second"[..]));
        let large = wire.recv().await.unwrap().unwrap();
        let huge = wire.recv().await.unwrap().unwrap();
        // A larger message's room is let go of once it is taken.
        assert!(wire.buf.capacity() <= 2 * WIRE_ROOM);
        wire.stream.write_all(b"g").await.unwrap();
        assert_eq!(
            wire.recv().await.unwrap().as_deref(),
            Some(&b"fragment"[..])
        );
        // The kernel starts stamping a moment after it is asked to (Linux): what arrives from
        // then on has its receive time, between its sending and its reading.
        let mut stamped = !cfg!(target_os = "linux");
        for _ in 0..200 {
            if stamped {
                break;
            }
            let sent = Instant::now();
            wire.stream.write_all(b"t").await.unwrap();
            assert_eq!(wire.recv().await.unwrap().as_deref(), Some(&b"t"[..]));
            if let Some(arrived) = wire.arrived {
                assert!(sent <= arrived && arrived <= Instant::now());
                stamped = true;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert!(stamped, "no receive time in a second");
        wire.stream.write_all(b"x").await.unwrap();
        assert_eq!(wire.recv().await.unwrap(), None, "the close frame");
        let (sent_large, sent_huge, pong) = server.await.unwrap();
        assert_eq!(large, sent_large);
        assert_eq!(huge, sent_huge);
        assert_eq!(
            (pong[0], pong[1]),
            (0x80 | 0xA, 0x80 | 2),
            "a masked pong of 2 bytes"
        );
        let key = &pong[2..6];
        let data: Vec<u8> = pong[6..]
            .iter()
            .enumerate()
            .map(|(i, b)| b ^ key[i % 4])
            .collect();
        assert_eq!(data, b"hi");
    }
}
