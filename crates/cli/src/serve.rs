//! `welcome serve` (the default): the web app, with its database created and migrated on the
//! first start.

use crate::error::CliError;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

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
    /// SQLite database file (or a sqlite: URL); created if missing.
    #[arg(
        long,
        env = "WELCOME_DB",
        default_value = "welcome.db",
        value_name = "FILE"
    )]
    pub db: String,
    /// Serve the browser app from this folder instead of the files built into the binary
    /// (edit the UI without rebuilding).
    #[arg(long, value_name = "DIR")]
    pub static_dir: Option<PathBuf>,
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
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Internal(format!("cannot start the async runtime: {e}")))?;
    // `serve` prints the address once it listens, and returns on Ctrl-C.
    runtime
        .block_on(welcome_server::serve(config))
        .map_err(|e| CliError::Usage(e.to_string()))
}
