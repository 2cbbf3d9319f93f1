//! `welcome serve` (the default): the web app, with its database created and migrated on the
//! first start.

use crate::error::CliError;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;
use welcome_server::Limits;

#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(
        long,
        env = "WELCOME_ADDR",
        default_value = "127.0.0.1:8080",
        value_name = "HOST:PORT"
    )]
    pub addr: String,
    /// The database: a SQLite file (or sqlite: URL), created if missing, or a PostgreSQL
    /// database's URL (postgres://user:password@host/db), migrated on start.
    #[arg(
        long,
        env = "WELCOME_DB",
        default_value = "welcome.db",
        value_name = "DB"
    )]
    pub db: String,
    /// Serve the browser app from this folder instead of the files built into the binary
    /// (edit the UI without rebuilding).
    #[arg(long, value_name = "DIR")]
    pub static_dir: Option<PathBuf>,
    /// Also accept changes from pages of this origin (e.g. https://game.example.org), besides
    /// the server's own: for a reverse proxy that does not pass the Host header through.
    /// Repeat for several.
    #[arg(long = "allowed-origin", value_name = "URL", value_parser = origin)]
    pub allowed_origins: Vec<String>,
    /// Also take changes sent to this name (e.g. game.example.org): the name players use when
    /// it is neither localhost nor one of this machine's addresses, as behind a reverse proxy
    /// that passes the Host header through. Repeat for several.
    #[arg(long = "public-host", value_name = "NAME", value_parser = public_host)]
    pub public_hosts: Vec<String>,
    /// PostgreSQL only: this server's name among several sharing the database (each with its
    /// own address); a table is played on the node that owns it, and the others forward its
    /// requests there. Two servers with the same id never run at once: a restarted node waits
    /// for its earlier lease to run out.
    #[arg(long, env = "WELCOME_NODE_ID", default_value = "node-1", value_name = "ID", value_parser = node_id)]
    pub node_id: String,
    /// PostgreSQL only: where the other nodes reach this one (default: http:// and the address
    /// it listens on; give it when that is 0.0.0.0 or behind a NAT).
    #[arg(long, env = "WELCOME_NODE_ADDRESS", value_name = "URL", value_parser = node_address)]
    pub node_address: Option<String>,
    /// PostgreSQL only: how long this node's lease lasts unless renewed (renewed every fifth
    /// of it): another node takes its tables over this long after it stopped.
    #[arg(long, env = "WELCOME_LEASE", default_value = "5s", value_name = "DURATION", value_parser = lease)]
    pub lease: Duration,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// A node id: 1 to 64 letters, digits, `-`, `_` or `.`.
fn node_id(s: &str) -> Result<String, String> {
    let ok = !s.is_empty()
        && s.len() <= 64
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    if ok {
        Ok(s.to_string())
    } else {
        Err("1 to 64 letters, digits, '-', '_' or '.'".into())
    }
}

/// A lease between half a second and a minute.
fn lease(s: &str) -> Result<Duration, String> {
    let d = duration(s)?;
    if (Duration::from_millis(500)..=Duration::from_secs(60)).contains(&d) {
        Ok(d)
    } else {
        Err("a lease lasts between 500ms and 60s".into())
    }
}

/// The limits that keep one client from taking the whole server. "Per address" counts the TCP
/// peer's address (an IPv6 client by its /64): behind a reverse proxy every client shares the
/// proxy's address, so raise these there (or let the proxy limit clients itself).
#[derive(Args, Debug, Clone)]
pub struct LimitArgs {
    /// Open tables (in the lobby or in play), server-wide.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_tables, value_parser = at_least_one)]
    pub max_tables: usize,
    /// Open tables created from one client address (behind a reverse proxy every client has the
    /// proxy's address).
    #[arg(long, value_name = "N", default_value_t = Limits::default().open_tables_per_address, value_parser = at_least_one)]
    pub max_tables_per_address: usize,
    /// Tables one client address may create in any minute (behind a reverse proxy: the proxy's).
    #[arg(long, value_name = "N", default_value_t = Limits::default().tables_per_minute, value_parser = at_least_one)]
    pub tables_per_minute: usize,
    /// A lobby table nobody is connected to and that has not changed for this long is
    /// forgotten.
    #[arg(long, value_name = "DURATION", default_value = "30m", value_parser = duration)]
    pub lobby_idle: Duration,
    /// A started game no player has been connected to for this long is ended (`abandoned`).
    #[arg(long, value_name = "DURATION", default_value = "1h", value_parser = duration)]
    pub abandon_after: Duration,
    /// Once the server holds --max-tables open tables, a lobby table nobody is connected to and
    /// a game no player is connected to make room for a new table after this long.
    #[arg(long, value_name = "DURATION", default_value = "2m", value_parser = duration)]
    pub reclaim_after: Duration,
    /// Open connections (HTTP and websockets), server-wide; more are closed at once.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_connections, value_parser = at_least_one)]
    pub max_connections: usize,
    /// Open connections from one client address; more are closed at once (behind a reverse proxy:
    /// the proxy's).
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_connections_per_address, value_parser = at_least_one)]
    pub max_connections_per_address: usize,
    /// Time a client has to send a request's header (and an idle connection its next request).
    #[arg(long, value_name = "DURATION", default_value = "15s", value_parser = duration)]
    pub header_timeout: Duration,
    /// Time a websocket client has to take in a message; one that does not read is
    /// disconnected.
    #[arg(long, value_name = "DURATION", default_value = "30s", value_parser = duration)]
    pub ws_write_timeout: Duration,
    /// Time a client has to send a request's body once its header is in.
    #[arg(long, value_name = "DURATION", default_value = "15s", value_parser = duration)]
    pub body_timeout: Duration,
    /// Search bots thinking at once, server-wide, each on a thread of its own; more wait their
    /// turn. Default: one less than the machine's cores, at least 1.
    #[arg(long, value_name = "N", default_value_t = Limits::default().search_threads, value_parser = at_least_one)]
    pub search_threads: usize,
    /// Seats at one table (the mode may allow fewer).
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_seats, value_parser = at_least_one)]
    pub max_seats: usize,
    /// Characters in a display name.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_name, value_parser = at_least_one)]
    pub max_name: usize,
    /// Bytes in one HTTP request body (a record to replay has `--max-record`).
    #[arg(long, value_name = "BYTES", default_value_t = Limits::default().max_body, value_parser = at_least_one)]
    pub max_body: usize,
    /// Bytes in a game record sent to be replayed.
    #[arg(long, value_name = "BYTES", default_value_t = Limits::default().max_record, value_parser = at_least_one)]
    pub max_record: usize,
    /// Sheets (seats × rounds) in a record sent to be replayed.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_replay_sheets, value_parser = at_least_one)]
    pub max_replay_sheets: usize,
    /// Records replayed at once (POST /api/replay), server-wide; four times as many may wait
    /// their turn, more are refused (replay_busy).
    #[arg(long, value_name = "N", default_value_t = Limits::default().replays_at_once, value_parser = at_least_one)]
    pub replays_at_once: usize,
    /// Bytes in the answer to a replay (every sheet of every round).
    #[arg(long, value_name = "BYTES", default_value_t = Limits::default().max_replay_answer, value_parser = at_least_one)]
    pub max_replay_answer: usize,
    /// Bytes in one websocket message the server reads.
    #[arg(long, value_name = "BYTES", default_value_t = Limits::default().max_message, value_parser = at_least_one)]
    pub max_message: usize,
    /// Spectators' websockets on one table (each seat and the host have a few more of their own).
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_sockets_per_table, value_parser = at_least_one)]
    pub max_sockets_per_table: usize,
    /// Tables the lobby lists (the newest).
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_lobby, value_parser = at_least_one)]
    pub max_lobby: usize,
    /// How often idle lobby tables, abandoned games and finished tables are looked for.
    #[arg(long, value_name = "DURATION", default_value = "1m", value_parser = duration)]
    pub sweep_every: Duration,
    /// How long a link that moves a seat to another device stays good.
    #[arg(long, value_name = "DURATION", default_value = "10m", value_parser = duration)]
    pub transfer_ttl: Duration,
    /// The shortest turn a host may set on the turn timer, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = *Limits::default().turn_seconds.start(), value_parser = clap::value_parser!(u32).range(1..))]
    pub min_turn_seconds: u32,
    /// The longest turn a host may set on the turn timer, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = *Limits::default().turn_seconds.end(), value_parser = clap::value_parser!(u32).range(1..))]
    pub max_turn_seconds: u32,
    /// Tables of at most this many seats push every sheet whole; larger ones push the other
    /// seats' sheets as summaries.
    #[arg(long, value_name = "N", default_value_t = Limits::default().whole_sheets_up_to, value_parser = at_least_one)]
    pub whole_sheets_up_to: usize,
}

impl LimitArgs {
    /// The server's limits with these flags, or why they do not go together.
    pub fn limits(&self) -> Result<Limits, String> {
        if self.min_turn_seconds > self.max_turn_seconds {
            return Err(format!(
                "--min-turn-seconds {} is more than --max-turn-seconds {}",
                self.min_turn_seconds, self.max_turn_seconds
            ));
        }
        Ok(Limits {
            max_tables: self.max_tables,
            open_tables_per_address: self.max_tables_per_address,
            tables_per_minute: self.tables_per_minute,
            lobby_idle: self.lobby_idle,
            abandon_after: self.abandon_after,
            reclaim_after: self.reclaim_after,
            max_connections: self.max_connections,
            max_connections_per_address: self.max_connections_per_address,
            header_timeout: self.header_timeout,
            ws_write_timeout: self.ws_write_timeout,
            body_timeout: self.body_timeout,
            search_threads: self.search_threads,
            max_seats: self.max_seats,
            max_name: self.max_name,
            max_body: self.max_body,
            max_record: self.max_record,
            max_replay_sheets: self.max_replay_sheets,
            replays_at_once: self.replays_at_once,
            max_replay_answer: self.max_replay_answer,
            max_message: self.max_message,
            max_sockets_per_table: self.max_sockets_per_table,
            max_lobby: self.max_lobby,
            sweep_every: self.sweep_every,
            transfer_ttl: self.transfer_ttl,
            turn_seconds: self.min_turn_seconds..=self.max_turn_seconds,
            whole_sheets_up_to: self.whole_sheets_up_to,
        })
    }
}

fn at_least_one(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("{s:?} is not a whole number of at least 1")),
    }
}

/// A duration such as `90s`, `15m`, `2h` or `1h 30m`: at least 1 ms and at most 30 days.
fn duration(s: &str) -> Result<Duration, String> {
    let d = humantime::parse_duration(s)
        .map_err(|e| format!("{s:?} is not a duration such as 30s, 15m or 2h: {e}"))?;
    if d < Duration::from_millis(1) || d > Duration::from_secs(30 * 24 * 3600) {
        return Err(format!("{s:?} must be between 1ms and 30 days"));
    }
    Ok(d)
}

fn origin(s: &str) -> Result<String, String> {
    welcome_server::origin::normalize_origin(s)
        .map(|_| s.trim().to_string())
        .ok_or_else(|| format!("{s:?} is not an origin such as https://game.example.org"))
}

/// Nodes speak plain HTTP to each other, on the network between them.
fn node_address(s: &str) -> Result<String, String> {
    match origin(s) {
        Ok(a) if a.starts_with("http://") => Ok(a),
        _ => Err(format!(
            "{s:?} is not a node address such as http://10.0.0.5:8080"
        )),
    }
}

fn public_host(s: &str) -> Result<String, String> {
    welcome_server::host::normalize(s)
        .ok_or_else(|| format!("{s:?} is not a host name such as game.example.org"))
}

pub fn run(args: &ServeArgs, _out: &mut dyn Write) -> Result<(), CliError> {
    // Logs go to standard error; RUST_LOG tunes them (e.g. RUST_LOG=welcome_server=debug).
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
    let mut config = welcome_server::ServeConfig::new(args.addr.clone(), args.db.clone());
    config.static_dir = args.static_dir.clone();
    config.limits = args.limits.limits().map_err(CliError::Usage)?;
    config.allowed_origins = args.allowed_origins.clone();
    config.public_hosts = args.public_hosts.clone();
    config.node_id = args.node_id.clone();
    config.node_address = args.node_address.clone();
    config.lease = args.lease;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Internal(format!("cannot start the async runtime: {e}")))?;
    // `serve` prints the address once it listens, and returns on Ctrl-C.
    let served = runtime.block_on(welcome_server::serve(config));
    // Everything acknowledged is stored by now: a bot still thinking (up to seconds) is not
    // waited for.
    runtime.shutdown_background();
    served.map_err(|e| CliError::Usage(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        limits: LimitArgs,
    }

    #[test]
    fn the_flags_default_to_the_servers_limits() {
        let l = Cli::try_parse_from(["serve"])
            .unwrap()
            .limits
            .limits()
            .unwrap();
        let d = Limits::default();
        assert_eq!(l.max_tables, d.max_tables);
        assert_eq!(l.open_tables_per_address, d.open_tables_per_address);
        assert_eq!(l.tables_per_minute, d.tables_per_minute);
        assert_eq!(l.lobby_idle, d.lobby_idle);
        assert_eq!(l.abandon_after, d.abandon_after);
        assert_eq!(l.reclaim_after, d.reclaim_after);
        assert_eq!(l.max_connections, d.max_connections);
        assert_eq!(l.max_connections_per_address, d.max_connections_per_address);
        assert_eq!(l.header_timeout, d.header_timeout);
        assert_eq!(l.ws_write_timeout, d.ws_write_timeout);
        assert_eq!(l.search_threads, d.search_threads);
        assert_eq!(l.body_timeout, d.body_timeout);
        assert_eq!(l.max_seats, d.max_seats);
        assert_eq!(l.max_name, d.max_name);
        assert_eq!(l.max_body, d.max_body);
        assert_eq!(l.max_record, d.max_record);
        assert_eq!(l.max_replay_sheets, d.max_replay_sheets);
        assert_eq!(l.replays_at_once, d.replays_at_once);
        assert_eq!(l.max_replay_answer, d.max_replay_answer);
        assert_eq!(l.max_message, d.max_message);
        assert_eq!(l.max_sockets_per_table, d.max_sockets_per_table);
        assert_eq!(l.max_lobby, d.max_lobby);
        assert_eq!(l.sweep_every, d.sweep_every);
        assert_eq!(l.transfer_ttl, d.transfer_ttl);
        assert_eq!(l.turn_seconds, d.turn_seconds);
        assert_eq!(l.whole_sheets_up_to, d.whole_sheets_up_to);
        let l = Cli::try_parse_from([
            "serve",
            "--abandon-after",
            "1h 30m",
            "--header-timeout",
            "500ms",
            "--search-threads",
            "3",
        ])
        .unwrap()
        .limits
        .limits()
        .unwrap();
        assert_eq!(l.abandon_after, Duration::from_secs(5400));
        assert_eq!(l.header_timeout, Duration::from_millis(500));
        assert_eq!(l.search_threads, 3);
        let l = Cli::try_parse_from([
            "serve",
            "--body-timeout",
            "2s",
            "--max-seats",
            "12",
            "--min-turn-seconds",
            "30",
            "--max-turn-seconds",
            "600",
            "--whole-sheets-up-to",
            "4",
        ])
        .unwrap()
        .limits
        .limits()
        .unwrap();
        assert_eq!(l.body_timeout, Duration::from_secs(2));
        assert_eq!((l.max_seats, l.whole_sheets_up_to), (12, 4));
        assert_eq!(l.turn_seconds, 30..=600);
        // Flags that do not go together are refused, as are values out of range.
        let e = Cli::try_parse_from([
            "serve",
            "--min-turn-seconds",
            "90",
            "--max-turn-seconds",
            "60",
        ])
        .unwrap()
        .limits
        .limits()
        .unwrap_err();
        assert!(e.contains("--min-turn-seconds 90"), "{e}");
        assert!(Cli::try_parse_from(["serve", "--max-seats", "0"]).is_err());
        assert!(Cli::try_parse_from(["serve", "--max-turn-seconds", "0"]).is_err());
        assert!(Cli::try_parse_from(["serve", "--body-timeout", "soon"]).is_err());
    }
}
