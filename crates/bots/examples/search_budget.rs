//! What a search budget is worth: mean solo score (1st edition, classic sheet) of a search bot
//! with the given candidates and worlds per turn, and its CPU time per move, over a range of
//! seeds. Each game is played with the seed of `welcome simulate --seed`, so a budget of a named
//! level gives that level's games.
//!
//! `cargo run --release -p welcome-bots --example search_budget -- CANDIDATES WORLDS [GAMES]
//! [FIRST_SEED]` (default 20 games from seed 1).

use std::time::Instant;
use welcome_bots::{seat_seed, Bot, Budget, SearchBot};
use welcome_engine::{Game, Mode, Options, PlayerView};

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>().ok());
    let mut next = |default: u64| args.next().flatten().unwrap_or(default);
    let candidates = next(6) as usize;
    let worlds = next(32) as usize;
    let games = next(20);
    let first = next(1);
    let budget = Budget {
        candidates,
        worlds,
        horizon: None,
    };
    let (mut total, mut moves, mut squares) = (0i64, 0u64, 0i64);
    let start = Instant::now();
    for seed in first..first + games {
        let mut game = Game::new(Options::new(Mode::Solo), 1, seed).expect("a solo game");
        let mut bot = SearchBot::with_budget(seat_seed(seed, 0), budget);
        while !game.is_over() {
            let view = PlayerView::of(&game, 0).expect("seat 1");
            let turn = bot.choose(&view);
            game.submit(0, turn).expect("bots play legal turns");
            game.resolve().expect("dealing never fails in a live game");
            moves += 1;
        }
        let score = i64::from(game.scores()[0].total);
        total += score;
        squares += score * score;
    }
    let n = games as f64;
    let mean = total as f64 / n;
    let stdev = (squares as f64 / n - mean * mean).max(0.0).sqrt();
    let per_move = start.elapsed().as_secs_f64() / moves.max(1) as f64;
    println!(
        "{candidates} candidates × {worlds} worlds, seeds {first}–{}: mean {mean:.2} (σ {stdev:.2}), \
         {:.1} ms per move",
        first + games - 1,
        per_move * 1000.0
    );
}
