//! `welcome replay`: checks a game record turn by turn and reports the result.

use crate::edition::EditionArgs;
use crate::error::CliError;
use crate::files::{display_name, read_input, shell_word};
use crate::table::describe;
use crate::text::{self, Verdict};
use clap::Args;
use serde::Serialize;
use std::io::Write;
use welcome_engine::{EndReason, FileKind, Options, Record, RecordError, Score};

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A game record (format "welcome-record"), or - for standard input.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
    /// Also draw every sheet as it stands at the end.
    #[arg(long)]
    pub show: bool,
    /// Check that the record is of this edition (it names its own) [default: no check].
    #[arg(long, value_name = "ID")]
    pub edition: Option<String>,
    /// Check that the record is for this sheet (it names its own, in its setup options) [default: no
    /// check].
    #[arg(long, value_name = "ID")]
    pub sheet: Option<String>,
}

#[derive(Serialize)]
struct SeatReport<'a> {
    /// Numbered from 1.
    seat: usize,
    name: &'a str,
    rank: u16,
    score: &'a Score,
    /// The sheet drawing, with `--show`.
    #[serde(skip_serializing_if = "Option::is_none")]
    sheet: Option<String>,
}

#[derive(Serialize)]
struct ReplayReport<'a> {
    valid: bool,
    edition: &'a str,
    options: Options,
    /// `null` while the game is in progress: a shared record hides the cards to come.
    seed: Option<u64>,
    players: usize,
    /// City Plan card ids of plans n°1, n°2, n°3.
    plans: [u8; 3],
    /// Rounds in the record; the last one may still be in progress.
    rounds: usize,
    over: bool,
    end: &'a [EndReason],
    seats: Vec<SeatReport<'a>>,
    verdict: &'a Verdict,
}

pub fn run(args: &ReplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let name = display_name(&args.file);
    let text = read_input(&args.file)?;
    let err = |source| match (&source, FileKind::of(&text)) {
        (RecordError::Json(message), FileKind::SheetFile) => CliError::OtherKind {
            path: name.to_string(),
            message: message.clone(),
            command: "score",
            file: shell_word(&args.file),
            does: "scores",
        },
        _ => CliError::Record {
            path: name.to_string(),
            source,
        },
    };
    let record = Record::from_json(&text).map_err(err)?;
    EditionArgs::new(&args.edition, &args.sheet).check_file(
        name,
        "record",
        &record.setup.edition,
        record.setup.options.sheet,
    )?;
    let game = record.replay().map_err(err)?;
    let names = &record.setup.seats;
    let scores = game.scores();
    let ranks = game.ranks();
    let verdict = text::verdict(names, &scores);
    let options = game.options();

    if args.json {
        let report = ReplayReport {
            valid: true,
            edition: &record.setup.edition,
            options,
            seed: record.setup.seed,
            players: game.players(),
            plans: record.setup.plans,
            rounds: record.rounds.len(),
            over: game.is_over(),
            end: game.end(),
            seats: (0..game.players())
                .map(|i| SeatReport {
                    seat: i + 1,
                    name: &names[i],
                    rank: ranks[i],
                    score: &scores[i],
                    sheet: args.show.then(|| game.sheets()[i].to_string()),
                })
                .collect(),
            verdict: &verdict,
        };
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
        return Ok(());
    }

    let seed = match record.setup.seed {
        Some(seed) => format!("seed {seed}"),
        None => "seed hidden (left out while the game is in progress)".to_string(),
    };
    writeln!(
        out,
        "{name}: valid record — edition {}, {}, {seed}",
        record.setup.edition,
        describe(&options, game.players()),
    )?;
    if game.is_over() {
        writeln!(
            out,
            "game over after {} rounds: {}",
            game.round(),
            text::end_reasons(game.end(), names)
        )?;
    } else {
        writeln!(
            out,
            "game in progress: round {} is being played; scores so far",
            game.round()
        )?;
    }
    writeln!(out, "\n{}", text::plans(&game, names))?;
    if args.show {
        for (i, sheet) in game.sheets().iter().enumerate() {
            writeln!(out, "{} (seat {}):\n{}\n", names[i], i + 1, sheet)?;
        }
    }
    write!(out, "{}", text::breakdown(names, &scores))?;
    writeln!(out, "\n{}", text::standings(names, &scores, &ranks))?;
    if args.show {
        writeln!(out, "{}", text::LEGEND)?;
    }
    if game.is_over() {
        writeln!(out, "result: {}", verdict.explanation)?;
    } else {
        writeln!(out, "leading: {}", text::so_far(&verdict.explanation))?;
    }
    Ok(())
}
