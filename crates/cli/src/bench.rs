//! `welcome bench`: the engine's headline figures, each with a cheap check of its result so a
//! broken engine cannot look fast. Playouts are measured on every sheet, since a sheet's rule
//! module runs inside every turn.

use crate::edition::EditionArgs;
use crate::error::CliError;
use crate::play::BotGame;
use crate::table::check_nine_three_quarters;
use clap::Args;
use std::hint::black_box;
use std::io::Write;
use std::mem::size_of;
use std::time::{Duration, Instant};
use welcome_bots::{seat_seed, BotKind, RandomBot};
use welcome_engine::modules::{atomic, atomic::Capacities};
use welcome_engine::score::{all_capacities, Shelters, Table};
use welcome_engine::{
    Edition, Game, Mode, Options, PlayerView, Position, Score, Sheet, SheetLayout, Temps,
};

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Seconds spent on each timed figure.
    #[arg(long, default_value_t = 2.0, value_name = "T", value_parser = parse_seconds)]
    pub seconds: f64,
    /// Edition id [default: first].
    #[arg(long, value_name = "ID")]
    pub edition: Option<String>,
    /// Measure only this sheet [default: every sheet of the edition]. Figures that are not
    /// per sheet use it, or the edition's default sheet.
    #[arg(long, value_name = "ID")]
    pub sheet: Option<String>,
    /// Play every game with the collector edition's three 9¾ cards in the deck.
    #[arg(long)]
    pub nine_three_quarters: bool,
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v <= 3600.0 => Ok(v),
        Ok(_) => Err("must be more than 0 and at most 3600".into()),
        Err(_) => Err(format!("{s:?} is not a number of seconds")),
    }
}

/// Random solo playouts per second on one core: the classic sheet, and every other sheet.
const RANDOM_TARGET: f64 = 25_000.0;
const RANDOM_TARGET_THEMATIC: f64 = 15_000.0;
/// Random AAA solo playouts per second on one core (collector edition), on every sheet.
const RANDOM_TARGET_AAA: f64 = 15_000.0;
/// A search copies a position for every line it explores.
const CLONE_TARGET_NS: f64 = 1_000.0;
const SCORING_TARGET: f64 = 1_000_000.0;
const STATE_TARGET: usize = 4096;
/// A `Sheet` is copied with every position a bot or a search looks at (ARCHITECTURE.md).
const SHEET_TARGET: usize = 256;

/// The last round a solo game can reach (Ruling 25: 27 turns at most).
const SOLO_LAST_ROUND: u16 = 27;

/// The options of a measured game: `table::options`, with the 9¾ cards when `cards`
/// (`--nine-three-quarters`).
fn options(
    (mode, cards): (Mode, bool),
    edition: welcome_engine::EditionId,
    sheet: welcome_engine::SheetId,
    advanced: bool,
) -> Options {
    crate::table::options(mode, edition, sheet, advanced).nine_three_quarters(cards)
}

fn check(ok: bool, what: impl FnOnce() -> String) -> Result<(), CliError> {
    if ok {
        Ok(())
    } else {
        Err(CliError::Bench(what()))
    }
}

/// The last round a solo game can reach: 27 with the Solo card; against the AAA, every turn
/// fills a house or crosses a refusal box.
fn solo_last_round(game: &Position) -> u16 {
    if game.aaa().is_some() {
        (game.layout().houses() + game.layout().refusals.boxes() as usize) as u16
    } else {
        SOLO_LAST_ROUND
    }
}

/// Checks that a finished solo game is plausible: over, within its last round, with a reason.
fn check_solo(game: &Position, seed: u64) -> Result<(), CliError> {
    check(game.is_over() && !game.end().is_empty(), || {
        format!("the solo game with seed {seed} did not finish")
    })?;
    let last = solo_last_round(game);
    check(game.round() <= last, || {
        format!(
            "the solo game with seed {seed} lasted {} rounds, more than {last}",
            game.round()
        )
    })
}

struct Throughput {
    games: u64,
    seconds: f64,
    mean_score: f64,
}

impl Throughput {
    fn per_second(&self) -> f64 {
        self.games as f64 / self.seconds.max(1e-9)
    }
}

/// Random-bot solo playouts on one thread, as a search runs them: on a `Position` (no round
/// log), the bot working on the engine's `TurnContext` directly, as `RandomBot::choose` does,
/// without copying a `PlayerView` each turn.
fn random_playouts(
    edition: &Edition,
    sheet: &SheetLayout,
    (mode, players): (Mode, usize),
    cards: bool,
    budget: Duration,
) -> Result<Throughput, CliError> {
    let options = options((mode, cards), edition.id, sheet.id, false);
    let start = Instant::now();
    let mut games = 0u64;
    let mut total = 0i64;
    while games == 0 || start.elapsed() < budget {
        let seed = games;
        let mut game = Game::new(options, players, seed)?.position().clone();
        let last = solo_last_round(&game);
        let mut bots: Vec<RandomBot> = (0..players)
            .map(|seat| RandomBot::new(seat_seed(seed, seat)))
            .collect();
        while !game.is_over() && (mode != Mode::Solo || game.round() <= last) {
            for (seat, bot) in bots.iter_mut().enumerate() {
                let Some(sheet) = game.sheet(seat) else { break };
                let turn = bot.turn(&game.context(seat).unwrap(), sheet);
                game.submit(seat, turn)
                    .map_err(|source| CliError::BotTurn {
                        bot: "random".into(),
                        seat,
                        round: game.round(),
                        seed,
                        source,
                    })?;
            }
            let round = game.round();
            game.resolve()
                .map_err(|source| CliError::Deal { round, source })?;
        }
        if mode == Mode::Solo {
            check_solo(&game, seed)?;
        } else {
            check(game.is_over(), || {
                format!("the game with seed {seed} did not finish")
            })?;
        }
        total += black_box(&game).scores()[0].total as i64;
        games += 1;
    }
    Ok(Throughput {
        games,
        seconds: start.elapsed().as_secs_f64(),
        mean_score: total as f64 / games as f64,
    })
}

/// Nanoseconds per `Position` clone of a 4-player standard game after `rounds` rounds, with
/// two seats' turns pending (what a search copies).
fn position_clones(options: Options, rounds: u16, budget: Duration) -> Result<f64, CliError> {
    let mut bg = BotGame::new(BotKind::Greedy, options, 4, 1)?;
    while bg.game.round() <= rounds && !bg.game.is_over() {
        bg.play_round()?;
    }
    let mut position = bg.game.position().clone();
    for seat in 0..2 {
        if let Some(turn) = position.legal_turns(seat).into_iter().next() {
            position
                .submit(seat, turn)
                .map_err(|source| CliError::BotTurn {
                    bot: "first legal".into(),
                    seat,
                    round: position.round(),
                    seed: 1,
                    source,
                })?;
        }
    }
    const BATCH: u32 = 1000;
    let start = Instant::now();
    let mut clones = 0u64;
    while clones == 0 || start.elapsed() < budget {
        for _ in 0..BATCH {
            let copy = black_box(&position).clone();
            black_box(&copy);
        }
        clones += u64::from(BATCH);
    }
    let copy = position.clone();
    check(
        copy.sheets() == position.sheets() && copy.pending_turn(0) == position.pending_turn(0),
        || "a cloned position differs from its original".into(),
    )?;
    Ok(start.elapsed().as_secs_f64() * 1e9 / clones as f64)
}

/// The mode playouts measure: solo, or where the engine has no solo game for the edition,
/// 4-player standard games.
fn playout_mode(edition: &Edition) -> (Mode, usize) {
    if Mode::Solo.available(edition) {
        (Mode::Solo, 1)
    } else {
        (Mode::Standard, 4)
    }
}

/// Greedy games on one thread (solo, or see `playout_mode`), through `PlayerView` as
/// `simulate` plays them.
fn greedy_games(options: Options, budget: Duration) -> Result<Throughput, CliError> {
    let start = Instant::now();
    let mut games = 0u64;
    let mut total = 0i64;
    let players = if options.mode == Mode::Solo { 1 } else { 4 };
    while games == 0 || start.elapsed() < budget {
        let seed = games;
        let mut bg = BotGame::new(BotKind::Greedy, options, players, seed)?;
        bg.play_out()?;
        if players == 1 {
            check_solo(&bg.game, seed)?;
        }
        total += bg.game.scores()[0].total as i64;
        games += 1;
    }
    Ok(Throughput {
        games,
        seconds: start.elapsed().as_secs_f64(),
        mean_score: total as f64 / games as f64,
    })
}

/// A final sheet with what scoring it needs, and the total the game gave it.
struct Scored {
    layout: &'static SheetLayout,
    sheet: Sheet,
    /// How its temps score alone (solo, AAA), else ranked across `table_temps`.
    solo: Option<Temps<'static>>,
    table_temps: Vec<u8>,
    /// Atomic War: the AAA's capacities in AAA solo, else every seat's (empty elsewhere).
    aaa_shelters: Option<Capacities>,
    table_shelters: Vec<Capacities>,
    total: i32,
}

/// Final sheets of random and greedy games in every mode, shared among the sheets measured.
fn final_sheets(
    edition: &Edition,
    layouts: &[&'static SheetLayout],
    cards: bool,
) -> Result<Vec<Scored>, CliError> {
    let mut out = Vec::new();
    // (bot, mode, advanced, seats, games over all the sheets measured)
    let setups: [(BotKind, Mode, bool, usize, u64); 6] = [
        (BotKind::Random, Mode::Solo, false, 1, 24),
        (BotKind::Random, Mode::Solo, true, 1, 24),
        (BotKind::Random, Mode::Standard, true, 4, 6),
        (BotKind::Random, Mode::Expert, false, 3, 6),
        (BotKind::Greedy, Mode::Solo, false, 1, 4),
        (BotKind::Greedy, Mode::Standard, false, 3, 2),
    ];
    let share = layouts.len().max(1) as u64;
    for (kind, mode, advanced, players, games) in setups {
        if !mode.available(edition) {
            continue;
        }
        for &layout in layouts {
            // A sheet that forbids the Advanced variant (American Dream) plays it without.
            let options = options(
                (mode, cards),
                edition.id,
                layout.id,
                advanced && layout.advanced,
            );
            for seed in 0..games.div_ceil(share) {
                let mut bg = BotGame::new(kind, options, players, seed)?;
                bg.play_out()?;
                let game = &bg.game;
                let temps: Vec<u8> = game.sheets().iter().map(Sheet::temps).collect();
                let shelters = all_capacities(layout, game.sheets());
                let aaa_shelters = game
                    .aaa()
                    .filter(|_| layout.has(welcome_engine::Module::Atomic))
                    .map(|a| atomic::aaa_capacities(layout, &a.halves));
                for (sheet, score) in game.sheets().iter().zip(game.scores()) {
                    out.push(Scored {
                        layout,
                        sheet: *sheet,
                        solo: PlayerView::of(game.position(), 0).and_then(|v| v.solo_temps()),
                        table_temps: temps.clone(),
                        aaa_shelters,
                        table_shelters: shelters.clone(),
                        total: score.total,
                    });
                }
            }
        }
    }
    Ok(out)
}

struct Scorings {
    sheets: usize,
    scorings: u64,
    seconds: f64,
}

/// `Score::of` over the final sheets, checking every pass reproduces the games' totals.
/// How a sheet is scored: the total alone (`Score::total_of`, what bots and searches call)
/// or the full score with its rows and their text (`Score::of`, what people read).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scoring {
    Total,
    Rows,
}

fn scorings(sheets: &[Scored], how: Scoring, budget: Duration) -> Result<Scorings, CliError> {
    let expected: i64 = sheets.iter().map(|s| s.total as i64).sum();
    let start = Instant::now();
    let mut passes = 0u64;
    while passes == 0 || start.elapsed() < budget {
        let mut sum = 0i64;
        for s in sheets {
            let temps = Table {
                temps: s.solo.unwrap_or(Temps::Ranked(&s.table_temps)),
                shelters: match (s.aaa_shelters, s.solo) {
                    (Some(c), _) => Shelters::Against(c),
                    (None, Some(_)) => Shelters::Alone,
                    (None, None) => Shelters::Ranked(&s.table_shelters),
                },
            };
            sum += match how {
                Scoring::Total => Score::total_of(s.layout, black_box(&s.sheet), temps),
                Scoring::Rows => Score::of(s.layout, black_box(&s.sheet), temps).total,
            } as i64;
        }
        check(black_box(sum) == expected, || {
            format!("scoring the final sheets gave {sum} points in all, the games gave {expected}")
        })?;
        passes += 1;
    }
    Ok(Scorings {
        sheets: sheets.len(),
        scorings: passes * sheets.len() as u64,
        seconds: start.elapsed().as_secs_f64(),
    })
}

fn thousands(v: f64) -> String {
    let s = format!("{:.0}", v.max(0.0));
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn verdict(ok: bool) -> &'static str {
    if ok {
        "met"
    } else {
        "MISSED"
    }
}

pub fn run(args: &BenchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let budget = Duration::from_secs_f64(args.seconds);
    // Flags are checked before anything is measured.
    let (edition, layouts) = EditionArgs::new(&args.edition, &args.sheet).sheets()?;
    check_nine_three_quarters(edition, args.nine_three_quarters)?;
    let cards = args.nine_three_quarters;
    // The figures that are not per sheet use the named sheet, or the edition's default.
    let main = layouts[0];
    if cfg!(debug_assertions) {
        writeln!(
            out,
            "note: this is a debug build; build with --release for meaningful figures\n"
        )?;
    }
    writeln!(
        out,
        "welcome bench: {} s per timed figure, one thread; edition {}{}, sheets {}\n",
        args.seconds,
        edition.id,
        if args.nine_three_quarters {
            " with the 9¾ cards"
        } else {
            ""
        },
        layouts
            .iter()
            .map(|l| l.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    )?;

    let mut random = Vec::with_capacity(layouts.len());
    for &layout in &layouts {
        random.push((
            layout,
            random_playouts(edition, layout, playout_mode(edition), cards, budget)?,
        ));
    }
    // The collector's standard game deals from three piles: measured too.
    let piles = if edition.rules.dealer == welcome_engine::Dealer::Piles {
        Some(random_playouts(
            edition,
            main,
            (Mode::Standard, 4),
            cards,
            budget,
        )?)
    } else {
        None
    };
    let sheets = final_sheets(edition, &layouts, cards)?;
    let scored = scorings(&sheets, Scoring::Total, budget)?;
    let scored_rows = scorings(&sheets, Scoring::Rows, budget)?;
    // Sheets differ in data, not in type: every sheet is the same `Copy` value.
    let sheet_bytes = size_of::<Sheet>();
    // The engine measures itself: size_of::<Game>() plus every vector's capacity.
    let state = {
        let options = options((Mode::Standard, cards), edition.id, main.id, false);
        // Greedy bots play a full-length game (random ones refuse their way out early).
        let mut bg = BotGame::new(BotKind::Greedy, options, 4, 0)?;
        let start = bg.game.memory();
        bg.play_out()?;
        let end = bg.game.memory();
        let floor = size_of::<Game>() + 4 * size_of::<Sheet>();
        check(start.position >= floor && end.position >= floor, || {
            format!(
                "Game::memory reports {} and {} bytes, less than the {floor} bytes of the game and its 4 sheets",
                start.position, end.position
            )
        })?;
        check(
            bg.game.is_over() && bg.game.log().len() == bg.game.round() as usize,
            || "the 4-player game did not finish with one log entry per round".into(),
        )?;
        check(end.history > start.history, || {
            "the round log did not grow over the game".into()
        })?;
        (start, end, bg.game.round())
    };
    let (playout, players) = playout_mode(edition);
    let greedy = greedy_games(
        options((playout, cards), edition.id, main.id, false),
        budget,
    )?;
    let clone_rounds = 10;
    let clone_ns = position_clones(
        options((Mode::Standard, cards), edition.id, main.id, false),
        clone_rounds,
        budget,
    )?;
    let main_random = &random[0].1;
    if greedy.games >= 20 && main_random.games >= 20 {
        check(greedy.mean_score > main_random.mean_score, || {
            format!(
                "greedy games on the {} sheet average {:.1} points, no better than random ones ({:.1})",
                main.id, greedy.mean_score, main_random.mean_score
            )
        })?;
    }

    let scorings_per_s = scored.scorings as f64 / scored.seconds.max(1e-9);
    let rows_per_s = scored_rows.scorings as f64 / scored_rows.seconds.max(1e-9);
    let (st_start, st_end, rounds) = state;
    let target = |op: &str, v: f64| format!("{op} {}", thousands(v));
    let mut rows: Vec<[String; 4]> = random
        .iter()
        .map(|(layout, r)| {
            let aaa = edition.aaa.is_some();
            let goal = if aaa {
                RANDOM_TARGET_AAA
            } else if layout.id == edition.default_sheet().id {
                RANDOM_TARGET
            } else {
                RANDOM_TARGET_THEMATIC
            };
            let kind = if aaa { "AAA solo" } else { "solo" };
            if players == 1 {
                [
                    format!("random {kind} playouts/s, {} (1 thread)", layout.id),
                    thousands(r.per_second()),
                    target(">=", goal),
                    verdict(r.per_second() >= goal).into(),
                ]
            } else {
                [
                    format!("random {players}-player games/s, {} (1 thread)", layout.id),
                    thousands(r.per_second()),
                    "-".into(),
                    "(no target; this edition's solo game is not played yet)".into(),
                ]
            }
        })
        .collect();
    if let Some(p) = &piles {
        rows.push([
            format!("random 4-player games/s, {} (1 thread)", main.id),
            thousands(p.per_second()),
            "-".into(),
            "(three piles; no target)".into(),
        ]);
    }
    rows.extend([
        [
            "sheet scorings/s, total (1 thread)".into(),
            thousands(scorings_per_s),
            target(">=", SCORING_TARGET),
            verdict(scorings_per_s >= SCORING_TARGET).into(),
        ],
        [
            "  … with rows and their text".into(),
            thousands(rows_per_s),
            "-".into(),
            "(what people read; allocates its text)".into(),
        ],
        [
            "Sheet size, bytes (every sheet)".into(),
            thousands(sheet_bytes as f64),
            target("<", SHEET_TARGET as f64),
            verdict(sheet_bytes < SHEET_TARGET).into(),
        ],
        [
            format!("4-player game state at setup, bytes ({})", main.id),
            thousands(st_start.position as f64),
            target("<", STATE_TARGET as f64),
            verdict(st_start.position < STATE_TARGET).into(),
        ],
        [
            format!("  … after {rounds} rounds"),
            thousands(st_end.position as f64),
            target("<", STATE_TARGET as f64),
            verdict(st_end.position < STATE_TARGET).into(),
        ],
        [
            format!("4-player Position clone, ns ({})", main.id),
            format!("{clone_ns:.0}"),
            target("<", CLONE_TARGET_NS),
            verdict(clone_ns < CLONE_TARGET_NS).into(),
        ],
        [
            format!("  … its round log after {rounds} rounds"),
            thousands(st_end.history as f64),
            "-".into(),
            "(kept for the record; grows every round)".into(),
        ],
        [
            if players == 1 {
                format!("greedy solo games/s, {} (1 thread)", main.id)
            } else {
                format!("greedy {players}-player games/s, {} (1 thread)", main.id)
            },
            format!("{:.1}", greedy.per_second()),
            "-".into(),
            "(no target)".into(),
        ],
    ]);
    let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
    let (w0, w1, w2) = (width(0), width(1), width(2).max("target".len()));
    writeln!(
        out,
        "{:<w0$}  {:>w1$}  {:>w2$}",
        "figure", "measured", "target"
    )?;
    for [a, b, c, d] in &rows {
        writeln!(out, "{a:<w0$}  {b:>w1$}  {c:>w2$}  {d}")?;
    }

    writeln!(out, "\nchecks and method:")?;
    let games = if players == 1 && edition.aaa.is_some() {
        "AAA solo games (level 1) in {:.2} s, every one over by its last possible round (one house or refusal box per turn)".to_string()
    } else if players == 1 {
        format!("solo games in {{:.2}} s, every one over by round {SOLO_LAST_ROUND}")
    } else {
        format!("{players}-player standard games in {{:.2}} s, every one finished")
    };
    let games_in = |secs: f64| games.replace("{:.2}", &format!("{secs:.2}"));
    for (layout, r) in &random {
        writeln!(
            out,
            "- random, {}: {} {}; mean score of seat 1 {:.1}",
            layout.id,
            r.games,
            games_in(r.seconds),
            r.mean_score
        )?;
    }
    writeln!(
        out,
        "- scoring: {} final sheets from random and greedy games (solo, standard, expert) on every sheet measured, each scored with its own layout; Score::total_of (what bots use): {} scorings in {:.2} s; Score::of (rows, labels and text): {} in {:.2} s; every pass equal to the games' totals",
        scored.sheets, scored.scorings, scored.seconds, scored_rows.scorings, scored_rows.seconds
    )?;
    writeln!(
        out,
        "- Sheet: size_of::<Sheet>() = {sheet_bytes} B, one fixed-size Copy value whatever the sheet (streets, features and module state in arrays and masks)"
    )?;
    writeln!(
        out,
        "- state: a greedy 4-player standard game measured by the engine's Game::memory(): size_of::<Game>() = {} B inline ({} B per Sheet), plus the capacity of every vector it owns (pile, discard, sheets, pending turns, passed cards, end reasons); the round log is counted apart",
        size_of::<Game>(),
        size_of::<Sheet>()
    )?;
    writeln!(
        out,
        "- clone: a greedy 4-player standard game after {clone_rounds} rounds with 2 turns pending; Position holds the sheets, cards, plans, pending turns and generator, not the round log"
    )?;
    writeln!(
        out,
        "- greedy: {} {}; mean score of seat 1 {:.1}{}",
        greedy.games,
        games_in(greedy.seconds),
        greedy.mean_score,
        if greedy.games >= 20 && main_random.games >= 20 {
            " (checked above the random mean)"
        } else {
            ""
        }
    )?;
    Ok(())
}
