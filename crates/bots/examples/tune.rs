//! Tunes the evaluation's weights (`Weights`) on greedy solo games of the 1st edition's
//! classic sheet: coordinate search, each weight scaled up and down by a step in turn, a
//! change kept when the mean over the same seeds rises by more than `MIN_GAIN`; the step
//! halves after a pass with no change. Prints the row means of the start and of the end.
//!
//! `cargo run --release -p welcome-bots --example tune -- [GAMES] [FIRST_SEED] [PASSES]`
//! (default 2000 games from seed 10001, which no published figure uses, and 4 passes).
//! `WEIGHTS=name=value,…` in the environment starts from other weights than
//! `Weights::SEARCH` (a weight at 0 stays 0: set it first).

use std::thread;
use welcome_bots::{Bot, GreedyBot, Weights};
use welcome_engine::{Game, Mode, Options, PlayerView, Score};

/// A change must gain this much on the mean to be kept (paired games, same seeds).
const MIN_GAIN: f64 = 0.15;

fn play(weights: Weights, seed: u64) -> Score {
    let mut game = Game::new(Options::new(Mode::Solo), 1, seed).expect("a solo game");
    let mut bot = GreedyBot::with_weights(welcome_bots::seat_seed(seed, 0), weights);
    while !game.is_over() {
        let view = PlayerView::of(&game, 0).expect("seat 1");
        let turn = bot.choose(&view);
        game.submit(0, turn).expect("bots play legal turns");
        game.resolve().expect("dealing never fails in a live game");
    }
    game.scores().remove(0)
}

/// The scores of the games of `seeds`, on every core.
fn scores(weights: Weights, seeds: std::ops::Range<u64>) -> Vec<Score> {
    let threads = thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let (start, len) = (seeds.start, seeds.end - seeds.start);
    thread::scope(|s| {
        let parts: Vec<_> = (0..threads)
            .map(|t| {
                let (a, b) = (start + len * t / threads, start + len * (t + 1) / threads);
                s.spawn(move || (a..b).map(|seed| play(weights, seed)).collect::<Vec<_>>())
            })
            .collect();
        parts
            .into_iter()
            .flat_map(|p| p.join().expect("a game thread"))
            .collect()
    })
}

fn mean(scores: &[Score]) -> f64 {
    scores.iter().map(|s| f64::from(s.total)).sum::<f64>() / scores.len().max(1) as f64
}

fn rows(scores: &[Score]) -> String {
    let Some(first) = scores.first() else {
        return String::new();
    };
    first
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let m = scores
                .iter()
                .map(|s| f64::from(s.rows[i].points))
                .sum::<f64>()
                / scores.len() as f64;
            format!("{} {m:.2}", r.id)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>().ok());
    let mut next = |default: u64| args.next().flatten().unwrap_or(default);
    let games = next(2000);
    let first = next(10001);
    let passes = next(4);
    let seeds = first..first + games;
    let mut best = Weights::SEARCH
        .with_changes(&std::env::var("WEIGHTS").unwrap_or_default())
        .unwrap_or_else(|e| panic!("WEIGHTS: {e}"));
    let start = scores(best, seeds.clone());
    let mut best_mean = mean(&start);
    println!(
        "start {best:?}: mean {best_mean:.3}\n  rows: {}",
        rows(&start)
    );
    let mut step = 1.5f32;
    for pass in 0..passes {
        let mut changed = false;
        for i in 0..Weights::NAMES.len() {
            for factor in [step, 1.0 / step] {
                let mut v = best.values();
                v[i] *= factor;
                let w = Weights::from_values(v);
                let m = mean(&scores(w, seeds.clone()));
                println!(
                    "pass {pass} {} × {factor:.3} = {:.3}: {m:.3}",
                    Weights::NAMES[i],
                    v[i]
                );
                if m > best_mean + MIN_GAIN {
                    best = w;
                    best_mean = m;
                    changed = true;
                    println!("  kept: mean {best_mean:.3}");
                    break;
                }
            }
        }
        if !changed {
            step = step.sqrt();
        }
    }
    let end = scores(best, seeds);
    println!(
        "end {best:?}: mean {:.3}\n  rows: {}",
        mean(&end),
        rows(&end)
    );
}
