//! The clairvoyant reference of `docs/bots.md`: the search bot's candidates, each played out in
//! the true position (it knows the pile order), for measurement only — the app never offers it.
//! Prints its mean solo score, to set beside the search bot's on the same seeds (docs/bots.md:
//! with greedy playouts it now scores below the search bot, so it no longer bounds what knowing
//! the cards is worth).
//!
//! `cargo run --release -p welcome-bots --example clairvoyant -- [GAMES] [FIRST_SEED] [CANDIDATES]
//! [NESTED]` (default 100 games from seed 1, 10 candidates; 1st edition, classic sheet, solo).
//! With a `NESTED` width, the reference is the nested rollout
//! (`SearchBot::choose_knowing_nested`): that many candidates, each followed by the one-playout
//! reference with `CANDIDATES` candidates to the end of the game.

use welcome_bots::{Budget, SearchBot};
use welcome_engine::{Game, Mode, Options, PlayerView};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let first: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let candidates: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let nested: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(0);
    let options = Options::new(Mode::Solo);
    let budget = Budget {
        candidates,
        worlds: 1,
        horizon: None,
        halving: false,
        boost: None,
        screen: None,
    };
    let mut scores = Vec::new();
    for seed in first..first + games {
        let mut game = Game::new(options, 1, seed).expect("a solo game");
        let mut bot = SearchBot::with_budget(welcome_bots::seat_seed(seed, 0), budget);
        while !game.is_over() {
            let view = PlayerView::of(&game, 0).expect("seat 1");
            let turn = if nested > 0 {
                bot.choose_knowing_nested(&view, game.position(), nested)
            } else {
                bot.choose_knowing(&view, game.position())
            };
            game.submit(0, turn).expect("the bot plays legal turns");
            game.resolve().expect("dealing never fails in a live game");
        }
        scores.push(f64::from(game.scores()[0].total));
    }
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let sd = (scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n).sqrt();
    let how = if nested > 0 {
        format!("{nested} candidates, each followed by the {candidates}-candidate reference")
    } else {
        format!("{candidates} candidates, one playout each")
    };
    println!(
        "clairvoyant ({how}, in the true position): mean {mean:.1} (σ {sd:.1}) over seeds {first}–{}",
        first + games - 1
    );
}
