//! `welcome count`: a "perft" for this game. Random bots play a seeded game and, before each
//! round is played, every seat's number of legal turns is printed. Any change to legality
//! shows up as a diff against the golden count files.

use crate::error::CliError;
use crate::play::BotGame;
use crate::table::{describe, mode_name, TableArgs};
use crate::text;
use clap::Args;
use serde::Serialize;
use std::fmt::Write as _;
use std::io::Write;
use welcome_bots::BotKind;
use welcome_engine::EndReason;

#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    pub table: TableArgs,
    /// Game seed; the random bot of each seat is seeded from it.
    #[arg(long, value_name = "S")]
    pub seed: u64,
    /// Number of rounds to count (fewer if the game ends first).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u16).range(1..))]
    pub rounds: u16,
    /// Print the counts as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct RoundCount {
    round: u16,
    /// Legal turns of each seat, in seat order.
    turns: Vec<u64>,
}

#[derive(Serialize)]
struct CountReport {
    seed: u64,
    edition: String,
    sheet: String,
    mode: &'static str,
    players: usize,
    advanced: bool,
    /// With the collector edition's 9¾ cards (left out without them).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    nine_three_quarters: bool,
    rounds: Vec<RoundCount>,
    /// Why the game ended within the counted rounds, if it did.
    end: Vec<EndReason>,
}

pub fn run(args: &CountArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let (options, players) = args.table.resolve()?;
    let mut bg = BotGame::new(BotKind::Random, options, players, args.seed)?;
    let mut rounds = Vec::new();
    while !bg.game.is_over() && bg.game.round() <= args.rounds {
        let turns = (0..players).map(|s| bg.game.count_turns(s)).collect();
        rounds.push(RoundCount {
            round: bg.game.round(),
            turns,
        });
        bg.play_round()?;
    }
    let report = CountReport {
        seed: args.seed,
        edition: options.edition.to_string(),
        sheet: options.sheet.to_string(),
        mode: mode_name(options.mode),
        players,
        advanced: options.advanced,
        nine_three_quarters: options.nine_three_quarters,
        rounds,
        end: bg.game.end().to_vec(),
    };
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
        return Ok(());
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        "count: seed {}; {}; random bots; legal turns of each seat before it plays",
        args.seed,
        describe(&options, players)
    );
    let width = report
        .rounds
        .iter()
        .flat_map(|r| r.turns.iter())
        .map(|n| n.to_string().len())
        .max()
        .unwrap_or(0)
        .max(format!("seat {players}").len());
    let _ = write!(s, "round");
    for p in 1..=players {
        let _ = write!(s, "  {:>width$}", format!("seat {p}"));
    }
    s.push('\n');
    for r in &report.rounds {
        let _ = write!(s, "{:>5}", r.round);
        for n in &r.turns {
            let _ = write!(s, "  {n:>width$}");
        }
        s.push('\n');
    }
    if bg.game.is_over() {
        let _ = writeln!(
            s,
            "game over after round {}: {}",
            bg.game.round(),
            text::end_reasons(bg.game.end(), &[])
        );
    }
    out.write_all(s.as_bytes())?;
    Ok(())
}
