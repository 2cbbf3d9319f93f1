//! What valuing a thematic sheet's features is worth to the greedy bot: mean solo score on
//! every sheet of the 1st edition, with the features and ignoring them (playing the sheet as
//! if it were the classic one), and the mean of the sheet's own row.
//!
//! `cargo run --release -p welcome-bots --example features -- [GAMES] [FIRST_SEED] [SHEET]`
//! (default 1000 games from seed 1 on every sheet).

use welcome_bots::{Bot, GreedyBot};
use welcome_engine::{Edition, EditionId, Game, Mode, Options, PlayerView, Score};

/// Plays one solo game with `bot`; gives its final score.
fn play(bot: &mut dyn Bot, options: Options, seed: u64) -> Score {
    let mut game = Game::new(options, 1, seed).expect("a solo game of a built-in sheet");
    while !game.is_over() {
        let view = PlayerView::of(&game, 0).expect("seat 1");
        let turn = bot.choose(&view);
        game.submit(0, turn).expect("bots play legal turns");
        game.resolve().expect("dealing never fails in a live game");
    }
    game.scores().remove(0)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let first: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let only = args.next();
    let edition = Edition::by_id(EditionId::first().as_str()).expect("the 1st edition");
    let classic = edition.default_sheet();
    println!("greedy bot, solo, {games} games from seed {first}");
    println!("sheet       with features (own row)   ignoring them (own row)   gain");
    for layout in &edition.sheets {
        if only.as_deref().is_some_and(|id| id != layout.id.as_str()) {
            continue;
        }
        let options = Options::new(Mode::Solo).sheet(layout.id);
        let own = |s: &Score| -> i32 {
            s.rows
                .iter()
                .filter(|r| classic.score_rows.iter().all(|c| c.id != r.id))
                .map(|r| r.points)
                .sum()
        };
        let (mut with, mut with_own, mut without, mut without_own) = (0i64, 0i64, 0i64, 0i64);
        for seed in first..first + games {
            let a = play(&mut GreedyBot::new(seed), options, seed);
            let b = play(&mut GreedyBot::ignoring_features(seed), options, seed);
            with += i64::from(a.total);
            with_own += i64::from(own(&a));
            without += i64::from(b.total);
            without_own += i64::from(own(&b));
        }
        let m = |x: i64| x as f64 / games as f64;
        println!(
            "{:<11} {:>8.2} ({:>6.2})         {:>8.2} ({:>6.2})         {:+.2}",
            layout.id.as_str(),
            m(with),
            m(with_own),
            m(without),
            m(without_own),
            m(with) - m(without)
        );
    }
}
