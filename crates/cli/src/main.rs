//! `welcome`: the command-line face of the Welcome To… digital edition.
//!
//! Each subcommand lives in its own module with its clap arguments and a `run` that writes to
//! the output it is given; `main` only parses, dispatches and turns every error into
//! `error: <message>` and a non-zero exit.

/// The web app makes and frees many small strings per message; glibc's allocator serves them
/// slowly under load (`welcome loadtest` measures it).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod bench;
mod count;
mod db;
mod demo;
mod edition;
mod edition_data;
mod editions;
mod error;
mod files;
mod loadtest;
mod play;
mod replay;
mod score;
mod serve;
mod simulate;
mod table;
mod text;

use clap::{Parser, Subcommand};
use error::CliError;
use std::io::Write;
use std::process::ExitCode;

/// Welcome To… Your Perfect Home (the 1st edition with its thematic sheets, and the 2023 collector
/// edition with its AAA solo automa): the web app, demo,
/// scoring, replays, simulations and benchmarks. With no command, the web app starts (`serve`).
///
/// Commands that set up games take `--edition ID` and `--sheet ID` (`welcome editions` lists
/// them); `score` and `replay` read both from the file.
#[derive(Parser, Debug)]
#[command(name = "welcome", version, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Options of the web app run when no command is given.
    #[command(flatten)]
    serve: serve::ServeArgs,
    /// Read editions from this folder (an edition's edition.json and sheets/*.json, or a folder
    /// of such folders); each replaces the built-in edition of its id, e.g. with the values
    /// printed on your own cards. Each file at most 1 MiB, at most 64 sheets an edition and
    /// 16 editions.
    #[arg(long, global = true, env = "WELCOME_EDITION_DATA", value_name = "DIR")]
    edition_data: Option<std::path::PathBuf>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// The web app: lobby, tables, websockets; SQLite storage (the default) or PostgreSQL.
    Serve(Box<serve::ServeArgs>),
    /// Load-test the web app in this process over loopback websockets: latency, bytes pushed
    /// per socket per round, peak memory (build with --release to measure).
    Loadtest(loadtest::LoadtestArgs),
    /// A greedy bot plays a solo game, drawn as text with its score breakdown.
    Demo(demo::DemoArgs),
    /// List the built-in editions and their sheets, with any placeholder values.
    Editions(editions::EditionsArgs),
    /// Score a sheet file: every category, the total and the tie-break counts.
    Score(score::ScoreArgs),
    /// Check a game record turn by turn and show scores, ranks and who won and why.
    Replay(replay::ReplayArgs),
    /// Play many bot games and summarise the scores, end triggers and speed.
    Simulate(simulate::SimulateArgs),
    /// Count the legal turns of every seat, round by round, of a seeded random game.
    Count(count::CountArgs),
    /// Measure playouts per sheet, scorings, sheet and state size, greedy games per second.
    Bench(bench::BenchArgs),
    /// The database: migrate it, check it, copy one into another (SQLite or PostgreSQL).
    Db(db::DbArgs),
}

fn run(cli: Cli, out: &mut dyn Write) -> Result<(), CliError> {
    if let Some(dir) = &cli.edition_data {
        edition_data::install(dir)?;
    }
    match cli.command {
        None => serve::run(&cli.serve, out),
        Some(Command::Serve(args)) => serve::run(&args, out),
        Some(Command::Loadtest(args)) => loadtest::run(&args, out),
        Some(Command::Demo(args)) => demo::run(&args, out),
        Some(Command::Editions(args)) => editions::run(&args, out),
        Some(Command::Score(args)) => score::run(&args, out),
        Some(Command::Replay(args)) => replay::run(&args, out),
        Some(Command::Simulate(args)) => simulate::run(&args, out),
        Some(Command::Count(args)) => count::run(&args, out),
        Some(Command::Bench(args)) => bench::run(&args, out),
        Some(Command::Db(args)) => db::run(&args, out),
    }
}

fn main() -> ExitCode {
    // A panic is a bug, but it still gets the one error format.
    std::panic::set_hook(Box::new(|info| {
        eprintln!("error: internal error (please report it): {info}");
    }));
    let cli = Cli::parse();
    // Standard output is line-buffered, so long commands show their lines as they come.
    let mut out = std::io::stdout().lock();
    let result = run(cli, &mut out).and_then(|()| out.flush().map_err(CliError::Stdout));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            // What was printed before the error stays printed; the error comes last.
            let _ = out.flush();
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
