//! `welcome simulate`: many whole bot games, summarised.
//!
//! Game i uses seed S+i and each seat's bot `seat_seed(S+i, seat)`. Games run on several
//! threads but results are merged in seed order, so everything printed except the timing is
//! the same from run to run. `--bots` seats a different kind of bot at each seat, seeded the
//! same way, and the summary gives each seat's scores and wins.

use crate::error::CliError;
use crate::files::{ensure_dir, write_atomic, write_new};
use crate::play::{seat_names, BotGame};
use crate::table::{describe, mode_name, TableArgs};
use crate::text::trigger_name;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;
use welcome_bots::BotKind;
use welcome_engine::record::RECORD_VERSION;
use welcome_engine::{Game, Options, Outcome, Record, SheetId};

#[derive(Args, Debug)]
pub struct SimulateArgs {
    #[command(flatten)]
    pub table: TableArgs,
    /// Number of games (1 to 10,000,000).
    #[arg(long, default_value_t = 100, value_name = "G", value_parser = game_count)]
    pub games: u64,
    /// Seed of the first game; game i uses seed S+i.
    #[arg(long, default_value_t = 0, value_name = "S")]
    pub seed: u64,
    /// The bot at every seat: random, greedy, or search (search-fast, search, search-strong:
    /// determinised Monte-Carlo over the greedy bot's best turns, slower).
    #[arg(long, default_value = "random", value_name = "BOT")]
    pub bot: BotKind,
    /// One bot per seat instead, comma-separated (e.g. search,greedy,greedy,greedy): seat i
    /// plays the i-th, and the list's length is the number of seats.
    #[arg(long, value_name = "BOT,...", value_delimiter = ',', num_args = 1,
          action = clap::ArgAction::Set, conflicts_with = "bot")]
    pub bots: Option<Vec<BotKind>>,
    /// Write every game's record as DIR/game-<seed>.json (DIR is created if missing). A record
    /// already there stops the run before it starts, unless --overwrite is given.
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
    /// Replace records an earlier run left in the --records folder under the same names.
    #[arg(long, requires = "records")]
    pub overwrite: bool,
    /// Record version to write: 2, or 1 for readers from before sheets (classic sheet only).
    #[arg(long, default_value_t = RECORD_VERSION, value_name = "V", requires = "records",
          value_parser = clap::value_parser!(u32).range(1..=RECORD_VERSION as i64))]
    pub record_version: u32,
    /// Print the summary as JSON (and no progress bar).
    #[arg(long)]
    pub json: bool,
    /// Worker threads [default: the number of cores].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
}

/// Most games in one run: every game's summary is kept for the statistics.
const MAX_GAMES: u64 = 10_000_000;

fn game_count(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) if n > MAX_GAMES => Err(format!("must be at most {MAX_GAMES}")),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("{s:?} is not a whole number")),
    }
}

/// What one game contributes to the summary.
struct GameSummary {
    scores: Vec<i32>,
    /// 1-based rank of each seat, from the engine (ties share a rank).
    ranks: Vec<u16>,
    /// AAA solo, level 1+: the AAA's total and the player's result.
    aaa: Option<(i32, Outcome)>,
    triggers: [bool; TRIGGERS.len()],
    rounds: u16,
}

const TRIGGERS: [&str; 4] = ["refusals", "plans", "all-houses", "deck-exhausted"];

fn summarise(game: &Game) -> GameSummary {
    let mut triggers = [false; TRIGGERS.len()];
    for r in game.end() {
        if let Some(i) = TRIGGERS.iter().position(|&t| t == trigger_name(r)) {
            triggers[i] = true;
        }
    }
    // `Game::ranks` is `score::ranks` of these scores: scored once, ranked by the engine.
    let scores = game.scores();
    GameSummary {
        scores: scores.iter().map(|s| s.total).collect(),
        ranks: welcome_engine::score::ranks(&scores),
        aaa: game
            .aaa_score()
            .zip(game.outcome())
            .map(|(s, o)| (s.total, o)),
        triggers,
        rounds: game.round(),
    }
}

/// The file name of the record of the game with seed `seed`.
fn record_name(seed: u64) -> String {
    format!("game-{seed}.json")
}

/// Fails, naming the first, if `dir` already holds a record this run would write (seeds
/// `first` to `first + games - 1`). Reads the folder once rather than probing every name.
fn refuse_existing(dir: &Path, first: u64, games: u64) -> Result<(), CliError> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        // Missing (it is created next) or unreadable (creating the files will say so).
        return Ok(());
    };
    let mut taken: Vec<u64> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let seed: u64 = name
                .strip_prefix("game-")?
                .strip_suffix(".json")?
                .parse()
                .ok()?;
            (record_name(seed) == name && seed.wrapping_sub(first) < games).then_some(seed)
        })
        .collect();
    taken.sort_by_key(|&seed| seed.wrapping_sub(first));
    match taken.first() {
        None => Ok(()),
        Some(&seed) => Err(CliError::Exists {
            path: dir.join(record_name(seed)),
            more: taken.len() - 1,
        }),
    }
}

fn play_one(
    args: &SimulateArgs,
    options: Options,
    bots: &[BotKind],
    seed: u64,
    dir: Option<&Path>,
) -> Result<GameSummary, CliError> {
    let mut bg = BotGame::seated(bots, options, seed)?;
    bg.play_out()?;
    if let Some(dir) = dir {
        let record = Record::of(&bg.game, &seat_names(bots)).as_version(args.record_version);
        let path = dir.join(record_name(seed));
        if args.overwrite {
            write_atomic(&path, record.to_json().as_bytes())?;
        } else {
            // A file that appeared since the run started is refused all the same.
            write_new(&path, record.to_json().as_bytes())?;
        }
    }
    Ok(summarise(&bg.game))
}

#[derive(Serialize)]
struct Stats {
    count: usize,
    mean: f64,
    /// Population standard deviation.
    stdev: f64,
    min: i32,
    max: i32,
}

#[derive(Serialize)]
struct Bucket {
    from: i32,
    to: i32,
    count: usize,
}

#[derive(Serialize)]
struct Report {
    games: u64,
    edition: String,
    sheet: String,
    mode: &'static str,
    players: usize,
    advanced: bool,
    /// With the collector edition's 9¾ cards (left out without them).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    nine_three_quarters: bool,
    /// The bot at every seat, or with different bots the list of them, comma-separated.
    bot: String,
    first_seed: u64,
    last_seed: u64,
    /// Over every seat of every game.
    scores: Stats,
    /// Mean score of each seat position.
    seat_means: Vec<f64>,
    /// Each seat's bot, scores and wins.
    seats: Vec<SeatStats>,
    /// 10-point buckets, lowest first.
    histogram: Vec<Bucket>,
    /// Games in which each end trigger fired (a game may fire several).
    end_triggers: std::collections::BTreeMap<&'static str, u64>,
    mean_rounds: f64,
    threads: usize,
    seconds: f64,
    games_per_second: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    records: Option<String>,
    /// AAA solo, level 1+: how the player fared against the automa.
    #[serde(skip_serializing_if = "Option::is_none")]
    aaa: Option<AaaStats>,
}

#[derive(Serialize)]
struct SeatStats {
    /// 1-based.
    seat: usize,
    bot: &'static str,
    mean: f64,
    /// Population standard deviation.
    stdev: f64,
    min: i32,
    max: i32,
    /// Games ranked 1st, a game where k seats share rank 1 counting 1/k for each.
    wins: f64,
    /// `wins` over the number of games.
    win_rate: f64,
    /// Games ranked 1st alone.
    outright_wins: u64,
}

fn seat_stats(bots: &[BotKind], games: &[GameSummary]) -> Vec<SeatStats> {
    let mut wins = vec![0.0; bots.len()];
    let mut outright = vec![0u64; bots.len()];
    for g in games {
        let first: Vec<usize> = (0..bots.len()).filter(|&p| g.ranks[p] == 1).collect();
        for &p in &first {
            wins[p] += 1.0 / first.len() as f64;
        }
        if let [p] = first[..] {
            outright[p] += 1;
        }
    }
    let n = games.len().max(1) as f64;
    bots.iter()
        .enumerate()
        .map(|(p, kind)| {
            let scores: Vec<i32> = games.iter().map(|g| g.scores[p]).collect();
            let s = stats(&scores);
            SeatStats {
                seat: p + 1,
                bot: kind.name(),
                mean: s.mean,
                stdev: s.stdev,
                min: s.min,
                max: s.max,
                wins: wins[p],
                win_rate: wins[p] / n,
                outright_wins: outright[p],
            }
        })
        .collect()
}

#[derive(Serialize)]
struct AaaStats {
    level: u8,
    /// The AAA's own scores.
    scores: Stats,
    wins: usize,
    draws: usize,
    losses: usize,
}

fn aaa_stats(level: Option<u8>, games: &[GameSummary]) -> Option<AaaStats> {
    let results: Vec<(i32, Outcome)> = games.iter().filter_map(|g| g.aaa).collect();
    if results.is_empty() {
        return None;
    }
    let scores: Vec<i32> = results.iter().map(|r| r.0).collect();
    let n = |o| results.iter().filter(|r| r.1 == o).count();
    Some(AaaStats {
        level: level.unwrap_or(1),
        scores: stats(&scores),
        wins: n(Outcome::Win),
        draws: n(Outcome::Draw),
        losses: n(Outcome::Loss),
    })
}

const BUCKET: i32 = 10;

fn stats(all: &[i32]) -> Stats {
    let n = all.len().max(1) as f64;
    let mean = all.iter().map(|&s| s as f64).sum::<f64>() / n;
    let var = all.iter().map(|&s| (s as f64 - mean).powi(2)).sum::<f64>() / n;
    Stats {
        count: all.len(),
        mean,
        stdev: var.sqrt(),
        min: all.iter().copied().min().unwrap_or(0),
        max: all.iter().copied().max().unwrap_or(0),
    }
}

fn histogram(all: &[i32], s: &Stats) -> Vec<Bucket> {
    let lo = s.min.div_euclid(BUCKET);
    let hi = s.max.div_euclid(BUCKET);
    let mut counts = vec![0usize; (hi - lo + 1).max(0) as usize];
    for &v in all {
        counts[(v.div_euclid(BUCKET) - lo) as usize] += 1;
    }
    counts
        .into_iter()
        .enumerate()
        .map(|(i, count)| {
            let from = (lo + i as i32) * BUCKET;
            Bucket {
                from,
                to: from + BUCKET - 1,
                count,
            }
        })
        .collect()
}

/// The engine options and the bot of each seat, from `--bot` and the table flags or from
/// `--bots`, whose length is the number of seats.
fn seating(args: &SimulateArgs) -> Result<(Options, Vec<BotKind>), CliError> {
    let Some(bots) = &args.bots else {
        let (options, players) = args.table.resolve()?;
        return Ok((options, vec![args.bot; players]));
    };
    let list = bots.iter().map(|b| b.name()).collect::<Vec<_>>().join(",");
    let n = bots.len();
    let seats = |n: usize| format!("{n} seat{}", if n == 1 { "" } else { "s" });
    if n == 0 {
        return Err(CliError::Usage(
            "--bots needs at least one bot, e.g. --bots greedy,random".into(),
        ));
    }
    match args.table.players {
        Some(p) if p != n => {
            return Err(CliError::Usage(format!(
                "--players {p} disagrees with --bots {list}, which names {}; give one of them",
                seats(n)
            )));
        }
        _ => {}
    }
    if args.table.solo && n != 1 {
        return Err(CliError::Usage(format!(
            "--solo is the 1-player variant, so --bots must name one bot, not {}: {list}",
            seats(n)
        )));
    }
    if args.table.expert && n < 2 {
        return Err(CliError::Usage(format!(
            "--expert needs at least 2 players, but --bots {list} names 1 seat; a 1-player game is the solo variant"
        )));
    }
    let mut table = args.table.clone();
    table.players = Some(n);
    let (options, _) = table.resolve()?;
    Ok((options, bots.clone()))
}

pub fn run(args: &SimulateArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let (options, bots) = seating(args)?;
    let players = bots.len();
    // Check the setup before touching the disk, so bad flags write nothing.
    Game::new(options, players, args.seed)?;
    if args.record_version == 1 && options.sheet != SheetId::classic() {
        return Err(CliError::Usage(format!(
            "--record-version 1 holds only the classic sheet, not --sheet {}",
            options.sheet
        )));
    }
    if let Some(dir) = &args.records {
        if !args.overwrite {
            refuse_existing(dir, args.seed, args.games)?;
        }
        ensure_dir(dir)?;
    }
    let threads = args
        .threads
        .map(|t| t as usize)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(args.games as usize)
        .max(1);

    let bar = if args.json || !std::io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::new(args.games);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, {eta} left")
        {
            bar.set_style(style);
        }
        bar
    };

    let start = Instant::now();
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let dir = args.records.as_deref();
    let mut results: Vec<(u64, Result<GameSummary, CliError>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    while !stop.load(Ordering::Relaxed) {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= args.games {
                            break;
                        }
                        let r = play_one(args, options, &bots, args.seed.wrapping_add(i), dir);
                        if r.is_err() {
                            stop.store(true, Ordering::Relaxed);
                        }
                        bar.inc(1);
                        mine.push((i, r));
                    }
                    mine
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| match w.join() {
                Ok(v) => v,
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect()
    });
    let seconds = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    results.sort_by_key(|(i, _)| *i);

    let mut games = Vec::with_capacity(results.len());
    for (_, r) in results {
        games.push(r?);
    }
    let all: Vec<i32> = games
        .iter()
        .flat_map(|g| g.scores.iter().copied())
        .collect();
    let s = stats(&all);
    let hist = histogram(&all, &s);
    let n = games.len().max(1) as f64;
    let seat_means = (0..players)
        .map(|p| games.iter().map(|g| g.scores[p] as f64).sum::<f64>() / n)
        .collect();
    let end_triggers = TRIGGERS
        .iter()
        .enumerate()
        .map(|(i, &t)| (t, games.iter().filter(|g| g.triggers[i]).count() as u64))
        .collect();
    let mean_rounds = games.iter().map(|g| g.rounds as f64).sum::<f64>() / n;
    let report = Report {
        games: args.games,
        edition: options.edition.to_string(),
        sheet: options.sheet.to_string(),
        mode: mode_name(options.mode),
        players,
        advanced: options.advanced,
        nine_three_quarters: options.nine_three_quarters,
        bot: if bots.iter().all(|&b| b == bots[0]) {
            bots[0].to_string()
        } else {
            bots.iter().map(|b| b.name()).collect::<Vec<_>>().join(",")
        },
        first_seed: args.seed,
        last_seed: args.seed.wrapping_add(args.games - 1),
        scores: s,
        seat_means,
        seats: seat_stats(&bots, &games),
        histogram: hist,
        end_triggers,
        mean_rounds,
        threads,
        seconds,
        games_per_second: args.games as f64 / seconds.max(1e-9),
        records: args.records.as_ref().map(|d| d.display().to_string()),
        aaa: aaa_stats(options.aaa_level, &games),
    };
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
    } else {
        print_text(&report, &describe(&options, players), out)?;
    }
    Ok(())
}

fn print_text(r: &Report, table: &str, out: &mut dyn Write) -> Result<(), CliError> {
    let mixed = r.seats.iter().any(|s| s.bot != r.seats[0].bot);
    let bots = if mixed {
        let list: Vec<&str> = r.seats.iter().map(|s| s.bot).collect();
        format!("bots {}", list.join(", "))
    } else {
        format!("{} bots", r.bot)
    };
    writeln!(
        out,
        "{} games: {table}; {bots}; seeds {}..={}",
        r.games, r.first_seed, r.last_seed
    )?;
    let s = &r.scores;
    writeln!(
        out,
        "scores over {} seats: mean {:.2}  stdev {:.2}  min {}  max {}",
        s.count, s.mean, s.stdev, s.min, s.max
    )?;
    if r.players > 1 {
        writeln!(
            out,
            "\nby seat (wins: games ranked 1st, a tie for 1st shared; alone: 1st alone):"
        )?;
        let w = r
            .seats
            .iter()
            .map(|s| s.bot.len())
            .max()
            .unwrap_or(0)
            .max(3);
        writeln!(
            out,
            "  seat  {:<w$}    mean   stdev   min   max       wins     rate    alone",
            "bot"
        )?;
        for s in &r.seats {
            writeln!(
                out,
                "  {:>4}  {:<w$}  {:>6.2}  {:>6.2}  {:>4}  {:>4}  {:>9.2}  {:>6.1}%  {:>7}",
                s.seat,
                s.bot,
                s.mean,
                s.stdev,
                s.min,
                s.max,
                s.wins,
                100.0 * s.win_rate,
                s.outright_wins
            )?;
        }
    }
    writeln!(out, "\nhistogram ({BUCKET}-point buckets):")?;
    let top = r
        .histogram
        .iter()
        .map(|b| b.count)
        .max()
        .unwrap_or(0)
        .max(1);
    let w = r
        .histogram
        .iter()
        .map(|b| format!("{}..{}", b.from, b.to).len())
        .max()
        .unwrap_or(0);
    for b in &r.histogram {
        let bar = "#".repeat((b.count * 50).div_ceil(top));
        let range = format!("{}..{}", b.from, b.to);
        writeln!(out, "  {range:>w$} | {bar:<50} {}", b.count)?;
    }
    let triggers: Vec<String> = r
        .end_triggers
        .iter()
        .map(|(t, n)| format!("{t} {n}"))
        .collect();
    writeln!(out, "\nend triggers (games): {}", triggers.join(", "))?;
    writeln!(out, "mean rounds: {:.2}", r.mean_rounds)?;
    if let Some(a) = &r.aaa {
        writeln!(
            out,
            "against the AAA (level {}): {} wins, {} draws, {} losses; AAA mean {:.2} (min {}, max {})",
            a.level, a.wins, a.draws, a.losses, a.scores.mean, a.scores.min, a.scores.max
        )?;
    }
    if let Some(dir) = &r.records {
        writeln!(out, "records: {} files in {dir}", r.games)?;
    }
    writeln!(
        out,
        "time: {:.3} s, {:.1} games/s on {} thread{}",
        r.seconds,
        r.games_per_second,
        r.threads,
        if r.threads == 1 { "" } else { "s" }
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(scores: &[i32], ranks: &[u16]) -> GameSummary {
        GameSummary {
            scores: scores.to_vec(),
            ranks: ranks.to_vec(),
            aaa: None,
            triggers: [false; TRIGGERS.len()],
            rounds: 20,
        }
    }

    #[test]
    fn a_tie_for_first_shares_the_win() {
        let bots = [BotKind::Greedy, BotKind::Random, BotKind::Random];
        let games = [
            game(&[50, 40, 30], &[1, 2, 3]),
            // Equal totals and tie-breaks: the engine gives both rank 1.
            game(&[45, 45, 30], &[1, 1, 3]),
            game(&[20, 20, 20], &[1, 1, 1]),
            game(&[10, 30, 20], &[3, 1, 2]),
        ];
        let seats = seat_stats(&bots, &games);
        let wins: Vec<f64> = seats.iter().map(|s| s.wins).collect();
        let third = 1.0 / 3.0;
        let expected = [1.0 + 0.5 + third, 0.5 + third + 1.0, third];
        for (w, e) in wins.iter().zip(expected) {
            assert!((w - e).abs() < 1e-12, "{wins:?}");
        }
        assert!((wins.iter().sum::<f64>() - 4.0).abs() < 1e-12);
        let outright: Vec<u64> = seats.iter().map(|s| s.outright_wins).collect();
        assert_eq!(outright, [1, 1, 0]);
        assert!((seats[0].win_rate - expected[0] / 4.0).abs() < 1e-12);
        assert_eq!((seats[0].min, seats[0].max), (10, 50));
        assert_eq!(seats[1].mean, 33.75);
        assert_eq!(seats[2].bot, "random");
        assert_eq!(seats[2].seat, 3);
    }
}
