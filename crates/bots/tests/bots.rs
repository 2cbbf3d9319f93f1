//! Bots play whole games legally in every mode, deterministically, and greedy beats random.

use welcome_bots::{seat_seed, BotKind};
use welcome_engine::{Game, Mode, Options, PlayerView, Record};

fn play(kind: BotKind, options: Options, players: usize, seed: u64) -> Game {
    let mut game = Game::new(options, players, seed).expect("setup");
    let mut bots: Vec<_> = (0..players)
        .map(|s| kind.make(seat_seed(seed, s)))
        .collect();
    while !game.is_over() {
        for (seat, bot) in bots.iter_mut().enumerate() {
            let view = PlayerView::of(&game, seat).expect("seat");
            let turn = bot.choose(&view);
            game.submit(seat, turn).expect("bots only play legal turns");
        }
        game.resolve().expect("dealing never fails in a live game");
    }
    game
}

fn mean(kind: BotKind, options: Options, players: usize, games: u64) -> f64 {
    let mut total = 0i64;
    for seed in 0..games {
        let g = play(kind, options, players, seed);
        total += g.scores().iter().map(|s| s.total as i64).sum::<i64>();
    }
    total as f64 / (games as usize * players) as f64
}

#[test]
fn every_bot_plays_every_mode_legally() {
    for kind in BotKind::ALL {
        for (mode, players) in [(Mode::Solo, 1), (Mode::Standard, 3), (Mode::Expert, 3)] {
            for advanced in [false, true] {
                let g = play(kind, Options::new(mode).advanced(advanced), players, 11);
                assert!(g.is_over());
                Record::of(&g, &[]).replay().expect("bot games replay");
            }
        }
    }
}

#[test]
fn bots_are_deterministic() {
    for kind in BotKind::ALL {
        let a = play(kind, Options::new(Mode::Standard).advanced(true), 2, 5);
        let b = play(kind, Options::new(Mode::Standard).advanced(true), 2, 5);
        assert_eq!(Record::of(&a, &[]).to_json(), Record::of(&b, &[]).to_json());
    }
}

#[test]
fn greedy_beats_random_on_fixed_seeds() {
    let opts = Options::new(Mode::Solo);
    let random = mean(BotKind::Random, opts, 1, 20);
    let greedy = mean(BotKind::Greedy, opts, 1, 20);
    eprintln!("solo mean over 20 seeds: random {random:.1}, greedy {greedy:.1}");
    assert!(greedy > random + 20.0, "greedy {greedy} vs random {random}");
}
