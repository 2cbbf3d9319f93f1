//! Load test: a server in this process on a loopback port and a temporary SQLite file, driven by
//! simulated players over real websockets. Each player confirms a random bot's turn as soon as
//! a round starts; the latency measured is from a round's last confirmation to each socket's
//! receipt of the next round's state (the resolution push). Bounded in tables, rounds and time.

use crate::client::{http, Socket};
use crate::state::Limits;
use crate::wire::{PlanInfo, Status};
use crate::{spawn, ServeConfig};
use serde::Deserialize;
use serde_json::json;
use std::fmt;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use welcome_bots::{seat_seed, BotKind};
use welcome_engine::{
    Edition, EditionId, Mode, Offer, Options, PlanSlot, PlayerView, Sheet, SheetData, SheetId,
};

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
    pub samples: usize,
    pub p50: Duration,
    pub p99: Duration,
    pub max: Duration,
    pub errors: usize,
    pub first_error: Option<String>,
    pub timed_out: bool,
    /// State messages received, all sockets together.
    pub states: u64,
}

impl LoadReport {
    pub fn rounds_per_second(&self) -> f64 {
        self.rounds as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

impl fmt::Display for LoadReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} tables x {} players: {} rounds resolved in {:.1} s ({:.1} rounds/s)",
            self.tables,
            self.players,
            self.rounds,
            self.elapsed.as_secs_f64(),
            self.rounds_per_second()
        )?;
        writeln!(
            f,
            "last confirm -> resolution push, {} samples: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            self.samples,
            ms(self.p50),
            ms(self.p99),
            ms(self.max)
        )?;
        writeln!(
            f,
            "state pushes per socket and round: {:.2}",
            self.states as f64 / (self.rounds.max(1) * self.players as u64) as f64
        )?;
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
struct StateIn {
    table: TableIn,
    you: Option<YouIn>,
    view: Option<ViewIn>,
}

#[derive(Deserialize)]
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

#[derive(Deserialize)]
struct ViewIn {
    round: u16,
    offer: Option<Offer>,
    next_effects: Option<welcome_engine::legal::Effects>,
    plans: Vec<PlanInfo>,
    /// Only the seat's own sheet is read: the random bot looks at nothing else.
    sheets: Vec<Box<serde_json::value::RawValue>>,
    my_turn: Option<serde_json::Value>,
    reshuffle_offered: bool,
    pile: usize,
    discard: usize,
    solo_card_drawn: bool,
}

#[derive(Deserialize)]
struct SheetIn {
    sheet: SheetData,
}

/// The seat's `PlayerView`, rebuilt from what the server sent it.
fn player_view(st: &StateIn) -> Result<PlayerView, String> {
    let edition =
        Edition::by_id(st.table.edition.as_str()).ok_or("the table's edition is unknown")?;
    let view = st.view.as_ref().ok_or("no view")?;
    let seat = st
        .you
        .as_ref()
        .and_then(|y| y.seat)
        .ok_or("not a seat")?
        .checked_sub(1)
        .ok_or("seat 0")?;
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
    let own: SheetIn = serde_json::from_str(view.sheets.get(seat).ok_or("no sheet")?.get())
        .map_err(|e| e.to_string())?;
    let layout = edition
        .sheet(options.sheet)
        .ok_or("the table's sheet is not in the edition")?;
    let mut sheets = vec![Sheet::new(layout); view.sheets.len()];
    sheets[seat] = own
        .sheet
        .to_sheet(edition, layout)
        .map_err(|e| e.to_string())?;
    Ok(PlayerView {
        edition,
        layout,
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

fn first_round(text: &str) -> Option<u16> {
    let i = text.find("\"round\":")? + "\"round\":".len();
    let digits: String = text[i..].chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// Per table: when each round's last confirmation was sent.
type Confirms = Arc<Mutex<Vec<Option<Instant>>>>;

struct PlayerResult {
    samples: Vec<Duration>,
    /// Rounds this player saw resolve.
    resolved: u64,
    errors: usize,
    first_error: Option<String>,
    states: u64,
}

async fn player(
    mut sock: Socket,
    confirms: Confirms,
    rounds: u16,
    seed: u64,
    think: Duration,
    deadline: Instant,
) -> PlayerResult {
    let mut r = PlayerResult {
        samples: Vec::new(),
        resolved: 0,
        errors: 0,
        first_error: None,
        states: 0,
    };
    let mut last_round = 0u16;
    let mut request = 0u64;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let text = match tokio::time::timeout(left, sock.recv_text()).await {
            Ok(Some(t)) => t,
            _ => break,
        };
        let received = Instant::now();
        if text.contains("\"type\":\"error\"") {
            r.errors += 1;
            r.first_error.get_or_insert(text);
            continue;
        }
        if !text.starts_with("{\"type\":\"state\"") {
            continue;
        }
        r.states += 1;
        // Most pushes only say who has confirmed: skip them without parsing, by the table's
        // round (the first "round" of the message).
        if let Some(round) = first_round(&text) {
            if round <= last_round && !text.contains("\"status\":\"over\"") {
                continue;
            }
        }
        let st: StateIn = match serde_json::from_str(&text) {
            Ok(s) => s,
            Err(e) => {
                r.errors += 1;
                r.first_error.get_or_insert(e.to_string());
                continue;
            }
        };
        let Some(view) = &st.view else { continue };
        if view.round > last_round && last_round > 0 {
            // The push that resolved `last_round`.
            let sent = confirms
                .lock()
                .ok()
                .and_then(|c| c.get(last_round as usize).copied().flatten());
            if let Some(sent) = sent {
                r.samples.push(received.saturating_duration_since(sent));
            }
            r.resolved += 1;
        }
        if !st.table.status.is_open() || view.round > rounds {
            break;
        }
        if view.round <= last_round || view.my_turn.is_some() {
            continue;
        }
        last_round = view.round;
        let pv = match player_view(&st) {
            Ok(v) => v,
            Err(e) => {
                r.errors += 1;
                r.first_error.get_or_insert(e);
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
        let msg =
            json!({ "type": "submit", "request": request, "round": view.round, "turn": turn });
        let now = Instant::now();
        if let Ok(mut c) = confirms.lock() {
            let i = view.round as usize;
            if c.len() <= i {
                c.resize(i + 1, None);
            }
            c[i] = Some(c[i].map_or(now, |t| t.max(now)));
        }
        if sock.send(&msg).await.is_err() {
            break;
        }
    }
    sock.close().await;
    r
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
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let db = dir.path().join("loadtest.db");
    // Every simulated player comes from this machine's one address.
    let limits = Limits {
        max_tables: cfg.tables.max(Limits::default().max_tables),
        open_tables_per_address: usize::MAX,
        tables_per_minute: usize::MAX,
        max_connections: usize::MAX,
        max_connections_per_address: usize::MAX,
        ..Limits::default()
    };
    let mut config = ServeConfig::new(cfg.addr.clone(), db.to_string_lossy().to_string());
    config.limits = limits;
    let server = spawn(config).await.map_err(|e| e.to_string())?;
    let addr = server.addr;
    let deadline = Instant::now() + cfg.time_limit;
    let mode = if cfg.players == 1 { "solo" } else { "standard" };

    // Tables, seats and sockets first; the clock starts when every socket is open.
    let mut sockets = Vec::with_capacity(cfg.tables * cfg.players);
    for t in 0..cfg.tables {
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
            let sock = Socket::connect(addr, &table, Some(token))
                .await
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
    let tasks: Vec<_> = sockets
        .into_iter()
        .enumerate()
        .map(|(i, (sock, confirms))| {
            tokio::spawn(player(
                sock,
                confirms,
                cfg.rounds,
                cfg.seed.wrapping_add(i as u64),
                cfg.think,
                deadline,
            ))
        })
        .collect();
    let mut samples = Vec::new();
    let mut resolved = 0u64;
    let mut errors = 0;
    let mut first_error = None;
    let mut states = 0;
    for t in tasks {
        let r = t.await.map_err(|e| e.to_string())?;
        samples.extend(r.samples);
        resolved += r.resolved;
        errors += r.errors;
        states += r.states;
        if first_error.is_none() {
            first_error = r.first_error;
        }
    }
    let elapsed = started.elapsed();
    let timed_out = Instant::now() >= deadline;
    server.stop().await;
    samples.sort_unstable();
    let pick = |q: f64| -> Duration {
        if samples.is_empty() {
            return Duration::ZERO;
        }
        let i = ((samples.len() as f64 * q).ceil() as usize).clamp(1, samples.len()) - 1;
        samples[i]
    };
    Ok(LoadReport {
        tables: cfg.tables,
        players: cfg.players,
        // Every player of a table sees each of its rounds resolve.
        rounds: resolved / cfg.players as u64,
        elapsed,
        samples: samples.len(),
        p50: pick(0.50),
        p99: pick(0.99),
        max: samples.last().copied().unwrap_or_default(),
        errors,
        first_error,
        timed_out,
        states,
    })
}
