//! What a search budget is worth: mean solo score (1st edition, classic sheet) of a search bot
//! with the given candidates and worlds per turn, and its CPU time per move, over a range of
//! seeds. Each game is played with the seed of `welcome simulate --seed`, so a budget of a named
//! level gives that level's games.
//!
//! `cargo run --release -p welcome-bots --example search_budget -- CANDIDATES WORLDS [GAMES]
//! [FIRST_SEED] [HORIZON]` (default 20 games from seed 1, playouts to the end; a horizon of n
//! cuts each playout n rounds after the candidate and judges the sheets' evaluations).
//! `WEIGHTS=name=value,…` in the environment changes some of `Weights::SEARCH`; `HALVING=1`
//! spends the same playouts by sequential halving (`Budget::halving`);
//! `BOOST=ROUNDS:CAP[:FLOOR]` adds more for turns with short playouts, and with a floor under
//! 100 (percent) fewer for turns with long ones (`Budget::boost`). `AGAINST=FILE` compares
//! each game's total with the same seed's in FILE (`seed:total` words, `#` comments), such as
//! the default level's totals kept in `docs/totals/search-default.txt`: the same seed deals the
//! same cards, so the difference game by game is much less noisy than either mean
//! (docs/bots.md). `SCREEN=ROUNDS:HORIZON` cuts the playouts of the first halving rounds
//! (`Budget::screen`).

use std::time::Instant;

/// The allocator of the `welcome` binary, which plays these bots in `simulate` and at the web
/// app's tables: a playout makes and frees small vectors, which glibc's allocator serves about
/// a tenth slower.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
use welcome_bots::{seat_seed, Boost, Bot, Budget, Screen, SearchBot, Weights};
use welcome_engine::{Game, Mode, Options, PlayerView};

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>().ok());
    let mut next = |default: u64| args.next().flatten().unwrap_or(default);
    let candidates = next(6) as usize;
    let worlds = next(32) as usize;
    let games = next(20);
    let first = next(1);
    let horizon = next(0);
    let budget = Budget {
        candidates,
        worlds,
        horizon: (horizon > 0).then_some(horizon as u16),
        halving: std::env::var_os("HALVING").is_some(),
        boost: std::env::var("BOOST").ok().map(|b| {
            let mut parts = b.split(':').map(|p| p.parse::<u16>().ok());
            let mut part = |name: &str, default: Option<u16>| {
                parts.next().map_or(default, |p| p).unwrap_or_else(|| {
                    eprintln!("error: BOOST={b}: expected ROUNDS:CAP[:FLOOR], bad {name}");
                    std::process::exit(2);
                })
            };
            Boost {
                rounds: part("rounds", None),
                cap: part("cap", None),
                floor: part("floor", Some(100)),
            }
        }),
        screen: std::env::var("SCREEN").ok().map(|v| {
            let parsed = v
                .split_once(':')
                .and_then(|(r, h)| Some((r.parse().ok()?, h.parse().ok()?)));
            let Some((rounds, horizon)) = parsed else {
                eprintln!("error: SCREEN={v}: expected ROUNDS:HORIZON");
                std::process::exit(2);
            };
            Screen { rounds, horizon }
        }),
    };
    let (mut total, mut moves, mut squares) = (0i64, 0u64, 0i64);
    let weights = weights_from_env();
    if weights != Weights::SEARCH {
        println!("weights {weights:?}");
    }
    // Read before the games, so that a bad file fails at once rather than hours later.
    let against = std::env::var("AGAINST").ok().map(|path| {
        let totals = std::fs::read_to_string(&path)
            .map_err(|e| e.to_string())
            .and_then(|text| parse_totals(&text))
            .unwrap_or_else(|e| {
                eprintln!("error: AGAINST={path}: {e}");
                std::process::exit(2);
            });
        (path, totals)
    });
    let mut rows: Vec<(String, i64)> = Vec::new();
    // Each game's total, to compare two budgets or weights game by game (the same seeds deal
    // the same cards).
    let mut per_seed: Vec<String> = Vec::new();
    let mut differences: Vec<f64> = Vec::new();
    // CPU seconds spent on each turn of the game, summed over the games.
    let mut by_turn: Vec<f64> = Vec::new();
    let start = Instant::now();
    for seed in first..first + games {
        let mut game = Game::new(Options::new(Mode::Solo), 1, seed).expect("a solo game");
        let mut bot = SearchBot::with_weights(seat_seed(seed, 0), budget, weights);
        let mut t = 0;
        while !game.is_over() {
            let view = PlayerView::of(&game, 0).expect("seat 1");
            let before = cpu_seconds().unwrap_or(0.0);
            let turn = bot.choose(&view);
            if by_turn.len() <= t {
                by_turn.resize(t + 1, 0.0);
            }
            by_turn[t] += cpu_seconds().unwrap_or(0.0) - before;
            t += 1;
            game.submit(0, turn).expect("bots play legal turns");
            game.resolve().expect("dealing never fails in a live game");
            moves += 1;
        }
        let final_score = game.scores().remove(0);
        for r in &final_score.rows {
            match rows.iter_mut().find(|(id, _)| *id == r.id) {
                Some((_, sum)) => *sum += i64::from(r.points),
                None => rows.push((r.id.clone(), i64::from(r.points))),
            }
        }
        let score = i64::from(final_score.total);
        per_seed.push(format!("{seed}:{score}"));
        if let Some((_, totals)) = &against {
            if let Some(&(_, before)) = totals.iter().find(|(s, _)| *s == seed) {
                differences.push((score - before) as f64);
            }
        }
        total += score;
        squares += score * score;
    }
    let n = games as f64;
    let mean = total as f64 / n;
    let stdev = (squares as f64 / n - mean * mean).max(0.0).sqrt();
    let seconds = cpu_seconds().unwrap_or_else(|| start.elapsed().as_secs_f64());
    let per_move = seconds / moves.max(1) as f64;
    println!(
        "{candidates} candidates × {worlds} worlds{}, horizon {horizon}, seeds {first}–{}: mean {mean:.2} (σ {stdev:.2}), \
         {:.1} ms of CPU per move",
        if budget.halving { " by halving" } else { "" },
        first + games - 1,
        per_move * 1000.0
    );
    let rows: Vec<String> = rows
        .iter()
        .map(|(id, sum)| format!("{id} {:.2}", *sum as f64 / n))
        .collect();
    println!("  rows: {}", rows.join(", "));
    let by_turn: Vec<String> = by_turn
        .iter()
        .map(|s| format!("{:.0}", s * 1000.0 / n))
        .collect();
    println!("  CPU ms by turn: {}", by_turn.join(" "));
    println!("  totals by seed: {}", per_seed.join(" "));
    if let Some((path, _)) = &against {
        match differences.len() {
            0 => println!("  against {path}: no seed in common"),
            k => {
                let mean = differences.iter().sum::<f64>() / k as f64;
                let var = differences.iter().map(|d| (d - mean).powi(2)).sum::<f64>()
                    / (k.max(2) - 1) as f64;
                println!(
                    "  against {path}: {mean:+.2} ± {:.2} game by game (one standard error) over {k} seeds",
                    (var / k as f64).sqrt()
                );
            }
        }
    }
}

/// The process's CPU time (user and system), from `/proc/self/stat` where there is one: on a
/// shared machine, wall time would count other processes' turns.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command's closing parenthesis; utime and stime are the 14th and
    // 15th fields of the line, in clock ticks (100 a second on Linux).
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// `Weights::SEARCH` with the changes `WEIGHTS` lists.
fn weights_from_env() -> Weights {
    Weights::SEARCH
        .with_changes(&std::env::var("WEIGHTS").unwrap_or_default())
        .unwrap_or_else(|e| panic!("WEIGHTS: {e}"))
}

/// `seed:total` words, with `#` starting a comment to the end of its line.
fn parse_totals(text: &str) -> Result<Vec<(u64, i64)>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or_default();
        for word in line.split_whitespace() {
            let parsed = word
                .split_once(':')
                .and_then(|(seed, total)| Some((seed.parse().ok()?, total.parse().ok()?)));
            match parsed {
                Some(p) => out.push(p),
                None => return Err(format!("line {}: {word:?} is not seed:total", n + 1)),
            }
        }
    }
    Ok(out)
}
