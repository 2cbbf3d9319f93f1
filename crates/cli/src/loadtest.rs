//! `welcome loadtest`: the web app under load, in this process, on loopback only.

use crate::error::CliError;
use clap::Args;
use std::io::Write;
use std::time::Duration;
use welcome_client::loadtest::{run as run_load, LoadConfig};

#[derive(Args, Debug, Clone)]
pub struct LoadtestArgs {
    /// Tables played at once.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u16).range(1..=1000))]
    pub tables: u16,
    /// Players per table, each on its own websocket (1 plays solo).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=100))]
    pub players: u16,
    /// Rounds each table plays at most (a game may end sooner).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u16).range(1..=200))]
    pub rounds: u16,
    /// Loopback address of the server under test (port 0: any free port).
    #[arg(long, default_value = "127.0.0.1:0", value_name = "HOST:PORT")]
    pub addr: String,
    /// Each player thinks up to this many milliseconds before confirming (0: at once, which
    /// keeps the server saturated).
    #[arg(long, default_value_t = 0, value_name = "MS")]
    pub think_ms: u64,
    /// Stop after this many seconds whatever happens.
    #[arg(long, default_value_t = 300, value_name = "SECONDS")]
    pub time_limit: u64,
    /// Servers sharing one PostgreSQL database, each on a runtime of its own (tables are
    /// created through them in turn; each socket reaches a node in turn and is forwarded to
    /// the table's owner). More than one runs the same test on one node with a SQLite file
    /// first, for comparison.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=16))]
    pub nodes: u16,
    /// The PostgreSQL database (postgres://…) the nodes share; without it, several nodes run
    /// on a throw-away cluster started from the system's PostgreSQL and removed afterwards.
    #[arg(long, value_name = "URL")]
    pub db: Option<String>,
}

pub fn run(args: &LoadtestArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Internal(format!("cannot start the async runtime: {e}")))?;
    let config = LoadConfig {
        tables: args.tables as usize,
        players: args.players as usize,
        rounds: args.rounds,
        addr: args.addr.clone(),
        time_limit: Duration::from_secs(args.time_limit),
        think: Duration::from_millis(args.think_ms),
        ..LoadConfig::default()
    };
    // Several nodes are measured beside one node on a SQLite file, in the same run.
    let runs = match (args.nodes, &args.db) {
        (1, None) => vec![config],
        (nodes, db) => {
            let db = match db {
                Some(url) => url.clone(),
                None => runtime
                    .block_on(welcome_client::postgres::database())
                    .map_err(CliError::Usage)?,
            };
            let shared = LoadConfig {
                db: Some(db),
                nodes: nodes as usize,
                ..config.clone()
            };
            if nodes > 1 {
                vec![config, shared]
            } else {
                vec![shared]
            }
        }
    };
    let mut errors = 0;
    for (i, config) in runs.into_iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        let report = runtime
            .block_on(run_load(config))
            .map_err(CliError::Usage)?;
        writeln!(out, "{report}")?;
        errors += report.errors;
    }
    if errors > 0 {
        return Err(CliError::Internal(format!(
            "{errors} errors during the load test"
        )));
    }
    Ok(())
}
