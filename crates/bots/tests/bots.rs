//! Bots play whole games legally in every mode, deterministically, and greedy beats random.

use welcome_bots::{
    seat_seed, Bot, BotKind, Budget, GreedyBot, Leftover, Screen, SearchBot, Weights,
};
use welcome_engine::{Game, Mode, Options, PlayerView, Record, SheetId};

/// The bots that choose a turn in one step; the search bots play their own tests below, with
/// a budget small enough for debug builds.
const ONE_STEP: [BotKind; 2] = [BotKind::Random, BotKind::Greedy];

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
    for kind in ONE_STEP {
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
    for kind in ONE_STEP {
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

#[test]
fn every_bot_plays_every_thematic_sheet_legally() {
    for kind in ONE_STEP {
        for sheet in ["easter", "ice-cream", "christmas"] {
            let sheet = SheetId::new(sheet).unwrap();
            for (mode, players, advanced) in [
                (Mode::Solo, 1, false),
                (Mode::Standard, 3, true),
                (Mode::Expert, 2, false),
            ] {
                let o = Options::new(mode).advanced(advanced).sheet(sheet);
                let g = play(kind, o, players, 13);
                assert!(g.is_over());
                assert_eq!(g.layout().id, sheet);
                Record::of(&g, &[]).replay().expect("bot games replay");
            }
        }
    }
}

/// Mean total and mean of the sheet's own rows over solo games with `make`'s bots.
fn solo_means(sheet: SheetId, games: u64, make: impl Fn(u64) -> GreedyBot) -> (f64, f64) {
    let classic = Options::new(Mode::Solo);
    let classic_rows: Vec<String> = Game::new(classic, 1, 0).unwrap().scores()[0]
        .rows
        .iter()
        .map(|r| r.id.clone())
        .collect();
    let (mut total, mut own) = (0i64, 0i64);
    for seed in 0..games {
        let mut game = Game::new(Options::new(Mode::Solo).sheet(sheet), 1, seed).unwrap();
        let mut bot = make(seed);
        while !game.is_over() {
            let turn = bot.choose(&PlayerView::of(&game, 0).unwrap());
            game.step(&[turn]).unwrap();
        }
        let score = &game.scores()[0];
        total += i64::from(score.total);
        own += score
            .rows
            .iter()
            .filter(|r| !classic_rows.contains(&r.id))
            .map(|r| i64::from(r.points))
            .sum::<i64>();
    }
    (total as f64 / games as f64, own as f64 / games as f64)
}

#[test]
fn greedy_values_each_thematic_sheets_features() {
    // Its own row is what a sheet's features score: valuing them must earn clearly more.
    for sheet in ["easter", "ice-cream", "christmas"] {
        let id = SheetId::new(sheet).unwrap();
        let (with, with_own) = solo_means(id, 8, GreedyBot::new);
        let (without, without_own) = solo_means(id, 8, GreedyBot::ignoring_features);
        eprintln!(
            "{sheet}: with features {with:.1} ({with_own:.1} own), ignoring them {without:.1} ({without_own:.1} own)"
        );
        // The totals are too noisy over a few games to compare here; the bots crate's
        // `features` example measures them over a thousand.
        assert!(
            with_own >= without_own + 1.0,
            "{sheet}: own rows {with_own} vs {without_own}"
        );
    }
}

/// A small search budget, so that tests stay quick in debug builds.
const SMALL: Budget = Budget {
    candidates: 2,
    worlds: 1,
    horizon: Some(1),
    halving: false,
    boost: None,
    screen: None,
};

fn play_search(options: Options, players: usize, seed: u64) -> Game {
    play_search_with(SMALL, options, players, seed)
}

/// A game of a search bot of `budget` in seat 0 against greedy bots.
fn play_search_with(budget: Budget, options: Options, players: usize, seed: u64) -> Game {
    let mut game = Game::new(options, players, seed).expect("setup");
    let mut bots: Vec<Box<dyn Bot>> = (0..players)
        .map(|s| {
            if s == 0 {
                Box::new(SearchBot::with_budget(seat_seed(seed, s), budget)) as Box<dyn Bot>
            } else {
                BotKind::Greedy.make(seat_seed(seed, s))
            }
        })
        .collect();
    while !game.is_over() {
        let turns: Vec<_> = bots
            .iter_mut()
            .enumerate()
            .map(|(seat, bot)| bot.choose(&PlayerView::of(&game, seat).unwrap()))
            .collect();
        game.step(&turns).expect("bots only play legal turns");
    }
    game
}

#[test]
fn the_search_bot_plays_every_sheet_and_mode_legally_and_deterministically() {
    for (i, sheet) in ["classic", "easter", "ice-cream", "christmas"]
        .into_iter()
        .enumerate()
    {
        let sheet = SheetId::new(sheet).unwrap();
        let (mode, players, advanced) = [
            (Mode::Solo, 1, false),
            (Mode::Standard, 2, true),
            (Mode::Expert, 3, false),
            (Mode::Solo, 1, true),
        ][i];
        let o = Options::new(mode).advanced(advanced).sheet(sheet);
        let a = play_search(o, players, 21);
        assert!(a.is_over());
        Record::of(&a, &[]).replay().expect("search games replay");
        if i == 0 {
            let b = play_search(o, players, 21);
            assert_eq!(Record::of(&a, &[]).to_json(), Record::of(&b, &[]).to_json());
        }
    }
}

#[test]
fn the_search_bot_never_reads_hidden_cards() {
    // Two positions that differ only in what seat 0 cannot know (the pile order, the other
    // hands): the bot decides the same way in both.
    for (mode, players) in [(Mode::Solo, 1), (Mode::Expert, 3), (Mode::Standard, 2)] {
        let mut game = Game::new(Options::new(mode), players, 5).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = (0..players)
            .map(|s| BotKind::Greedy.make(seat_seed(5, s)))
            .collect();
        for _ in 0..4 {
            let turns: Vec<_> = bots
                .iter_mut()
                .enumerate()
                .map(|(seat, bot)| bot.choose(&PlayerView::of(&game, seat).unwrap()))
                .collect();
            game.step(&turns).unwrap();
        }
        let a = game.resample(0, 1);
        let b = game.resample(0, 2);
        assert!(
            a != b || mode != Mode::Expert,
            "the hidden cards were dealt anew"
        );
        let choose = |p: &welcome_engine::Position| {
            SearchBot::with_budget(9, SMALL).choose(&PlayerView::of(p, 0).unwrap())
        };
        assert_eq!(choose(&a), choose(&b));
        assert_eq!(choose(&a), choose(&game));
    }
}

#[test]
fn the_greedy_bot_keeps_its_weights_and_other_weights_play_other_games() {
    // The greedy bot's published figures were measured with `Weights::GREEDY`: a bot given
    // them plays the same moves; the search bot's tuned weights play another game.
    let play_with = |w: Option<Weights>| {
        let mut game = Game::new(Options::new(Mode::Solo), 1, 8).unwrap();
        let mut bot = match w {
            Some(w) => GreedyBot::with_weights(seat_seed(8, 0), w),
            None => GreedyBot::new(seat_seed(8, 0)),
        };
        while !game.is_over() {
            let turn = bot.choose(&PlayerView::of(&game, 0).unwrap());
            game.step(&[turn]).expect("legal");
        }
        Record::of(&game, &[]).to_json()
    };
    assert_eq!(play_with(None), play_with(Some(Weights::GREEDY)));
    assert_ne!(play_with(None), play_with(Some(Weights::SEARCH)));
    for w in [Weights::GREEDY, Weights::SEARCH] {
        assert_eq!(Weights::from_values(w.values()), w);
    }
}

#[test]
fn the_search_bot_plays_out_to_the_end_without_a_horizon() {
    // The named levels play every playout to the end of the game, judged by final scores.
    let budget = Budget {
        horizon: None,
        halving: false,
        boost: None,
        ..SMALL
    };
    let mut game = Game::new(Options::new(Mode::Solo), 1, 4).unwrap();
    let mut bot = SearchBot::with_budget(seat_seed(4, 0), budget);
    let mut again = SearchBot::with_budget(seat_seed(4, 0), budget);
    while !game.is_over() {
        let view = PlayerView::of(&game, 0).unwrap();
        let turn = bot.choose(&view);
        assert_eq!(
            again.choose(&view),
            turn,
            "the same seed and budget, the same turn"
        );
        game.step(&[turn]).expect("legal");
    }
    Record::of(&game, &[])
        .replay()
        .expect("search games replay");
}

#[test]
fn a_search_level_plays_out_in_fewer_worlds_at_a_bigger_table() {
    // A playout plays every seat: a level keeps about the same work per move at any table.
    use welcome_bots::Level;
    let default = Level::Default.budget();
    assert_eq!(default.worlds_for(1), default.worlds);
    assert_eq!(default.worlds_for(2), default.worlds / 2);
    let strong = Level::Strong.budget();
    assert_eq!(strong.worlds_for(4), strong.worlds / 4);
    assert_eq!(
        Level::Fast.budget().worlds_for(4),
        Level::Fast.budget().worlds
    );
    assert_eq!(default.worlds_for(100), 4, "never fewer than four worlds");
}

#[test]
fn every_bot_kind_has_a_name_that_parses_back() {
    for kind in BotKind::ALL {
        assert_eq!(kind.name().parse::<BotKind>(), Ok(kind));
        assert_eq!(kind.make(1).kind(), kind);
    }
    let e = "clever".parse::<BotKind>().unwrap_err().to_string();
    assert!(e.contains("search-strong"), "{e}");
}

#[test]
fn every_bot_plays_the_aaa_solo_game_at_every_level() {
    let collector = welcome_engine::EditionId::new("collector").unwrap();
    for level in 0..=5u8 {
        let mut o = Options::new(Mode::Solo).aaa_level(level);
        o.edition = collector;
        for kind in ONE_STEP {
            let g = play(kind, o, 1, 40 + u64::from(level));
            assert!(g.is_over());
            assert_eq!(g.aaa().unwrap().card.level, level);
            assert_eq!(g.outcome().is_some(), level > 0);
        }
    }
    // Greedy against Sam: what it values (its temps ranked against the AAA's cards) makes it
    // score more than random play does.
    let mut o = Options::new(Mode::Solo).aaa_level(1);
    o.edition = collector;
    assert!(mean(BotKind::Greedy, o, 1, 6) > mean(BotKind::Random, o, 1, 6));
    let g = play_search(o, 1, 3);
    assert!(g.is_over() && g.outcome().is_some());
}

/// The collector edition's expansion sheets: every one-step bot plays standard (advanced),
/// expert and AAA solo games legally, and the search bot plays each sheet once.
#[test]
fn every_bot_plays_every_collector_expansion_sheet_legally() {
    let collector = welcome_engine::EditionId::new("collector").unwrap();
    let sheets: Vec<(SheetId, bool)> = welcome_engine::Edition::by_id("collector")
        .unwrap()
        .sheets
        .iter()
        .filter(|l| l.expansion.is_some())
        .map(|l| (l.id, l.advanced))
        .collect();
    for (i, (sheet, allows_advanced)) in sheets.into_iter().enumerate() {
        let setups = [
            (Mode::Standard, 3, true),
            (Mode::Expert, 2, false),
            (Mode::Solo, 1, false),
        ];
        for kind in ONE_STEP {
            for (mode, players, advanced) in setups {
                // American Dream is never played with the Advanced variant.
                let advanced = advanced && allows_advanced;
                let mut o = Options::new(mode).advanced(advanced).sheet(sheet);
                o.edition = collector;
                let g = play(kind, o, players, 50 + i as u64);
                assert!(g.is_over());
                assert_eq!(g.layout().id, sheet);
                Record::of(&g, &[]).replay().expect("bot games replay");
            }
        }
        let (mode, players, advanced) = setups[i % setups.len()];
        let mut o = Options::new(mode)
            .advanced(advanced && allows_advanced)
            .sheet(sheet);
        o.edition = collector;
        let g = play_search(o, players, 60 + i as u64);
        assert!(g.is_over());
        Record::of(&g, &[]).replay().expect("search games replay");
    }
}

/// The collector edition's 9¾ cards (collector expansions §11): every bot plays with them
/// legally on every collector sheet, in the standard, expert and AAA games, the games replay,
/// and ¾ numbers get written.
#[test]
fn every_bot_plays_with_the_nine_three_quarter_cards_legally() {
    let collector = welcome_engine::Edition::by_id("collector").unwrap();
    let mut written = 0;
    for (i, l) in collector.sheets.iter().enumerate() {
        let setups = [
            (Mode::Standard, 3, l.advanced),
            (Mode::Expert, 2, false),
            (Mode::Solo, 1, false),
        ];
        for kind in ONE_STEP {
            for (mode, players, advanced) in setups {
                let mut o = Options::new(mode)
                    .advanced(advanced)
                    .sheet(l.id)
                    .nine_three_quarters(true);
                o.edition = collector.id;
                let g = play(kind, o, players, 90 + i as u64);
                assert!(g.is_over());
                Record::of(&g, &[]).replay().expect("bot games replay");
                written += g
                    .sheets()
                    .iter()
                    .flat_map(|s| s.all_houses().filter_map(|h| s.number(h)))
                    .filter(|&n| welcome_engine::number::is_quarter(n))
                    .count();
            }
        }
        let (mode, players, advanced) = setups[i % setups.len()];
        let mut o = Options::new(mode)
            .advanced(advanced)
            .sheet(l.id)
            .nine_three_quarters(true);
        o.edition = collector.id;
        let g = play_search(o, players, 95 + i as u64);
        assert!(g.is_over());
        Record::of(&g, &[]).replay().expect("search games replay");
    }
    assert!(written > 0, "the bots write ¾ numbers");
}

#[test]
fn the_clairvoyant_reference_plays_legally_and_uses_the_pile_order() {
    // It plays whole legal games, deterministically…
    let budget = Budget {
        candidates: 4,
        worlds: 1,
        horizon: Some(2),
        halving: false,
        boost: None,
        screen: None,
    };
    let play_knowing = |seed: u64| {
        let mut game = Game::new(Options::new(Mode::Solo), 1, seed).unwrap();
        let mut bot = SearchBot::with_budget(seed, budget);
        while !game.is_over() {
            let view = PlayerView::of(&game, 0).unwrap();
            let turn = bot.choose_knowing(&view, game.position());
            game.submit(0, turn).expect("legal turns only");
            game.resolve().unwrap();
        }
        Record::of(&game, &[]).to_json()
    };
    assert_eq!(play_knowing(3), play_knowing(3));
    // …and, unlike the search bot, what it chooses depends on the true pile order: over a few
    // positions, some choice changes when the hidden cards are dealt anew.
    let mut differs = false;
    for seed in 0..8 {
        let game = Game::new(Options::new(Mode::Solo), 1, seed).unwrap();
        let view = PlayerView::of(&game, 0).unwrap();
        let truth = SearchBot::with_budget(1, budget).choose_knowing(&view, game.position());
        let other = game.resample(0, seed + 100);
        let guess = SearchBot::with_budget(1, budget).choose_knowing(&view, &other);
        differs |= truth != guess;
    }
    assert!(differs, "the pile order changes some choice");
}

#[test]
fn the_nested_clairvoyant_reference_plays_legally_and_deterministically() {
    // A rollout of the one-playout reference: legal turns (each rollout plays to the end of
    // the game), the same for a seed, in solo and against another seat's greedy bot. Three
    // rounds, the rollouts being whole games.
    let budget = Budget {
        candidates: 2,
        worlds: 1,
        horizon: Some(1),
        halving: false,
        boost: None,
        screen: None,
    };
    let play_nested = |players: usize, seed: u64| {
        let mode = if players == 1 {
            Mode::Solo
        } else {
            Mode::Standard
        };
        let mut game = Game::new(Options::new(mode), players, seed).unwrap();
        let mut bot = SearchBot::with_budget(seed, budget);
        let mut other = GreedyBot::new(seed + 1);
        for _ in 0..3 {
            let view = PlayerView::of(&game, 0).unwrap();
            let turn = bot.choose_knowing_nested(&view, game.position(), 2);
            game.submit(0, turn).expect("legal turns only");
            for seat in 1..players {
                let view = PlayerView::of(&game, seat).unwrap();
                game.submit(seat, other.choose(&view)).unwrap();
            }
            game.resolve().unwrap();
        }
        assert_eq!(game.round(), 4);
        Record::of(&game, &[]).to_json()
    };
    for players in [1, 2] {
        assert_eq!(play_nested(players, 5), play_nested(players, 5));
    }
}

#[test]
fn a_search_by_halving_plays_legally_deterministically_and_from_the_view_only() {
    // Sequential halving spends the same playouts in rounds: 4 candidates, 2 rounds.
    let budget = Budget {
        candidates: 4,
        worlds: 2,
        horizon: Some(1),
        halving: true,
        boost: None,
        screen: None,
    };
    // A boost spends more on the short playouts of the last turns, still by rounds, not time.
    let boosted = Budget {
        boost: Some(welcome_bots::Boost {
            rounds: 3,
            cap: 2,
            floor: 100,
        }),
        ..budget
    };
    // A screen judges the first round's playouts sooner (here at the candidate's own round),
    // the boost reading the length of a playout played apart.
    let screened = Budget {
        horizon: Some(2),
        screen: Some(Screen {
            rounds: 1,
            horizon: 0,
        }),
        ..boosted
    };
    for (mode, players, budget) in [
        (Mode::Solo, 1, budget),
        (Mode::Standard, 2, budget),
        (Mode::Expert, 3, budget),
        (Mode::Solo, 1, boosted),
        (Mode::Solo, 1, screened),
    ] {
        let play = |seed: u64| {
            let game = play_search_with(budget, Options::new(mode), players, seed);
            Record::of(&game, &[])
                .replay()
                .expect("search games replay");
            Record::of(&game, &[]).to_json()
        };
        assert_eq!(play(6), play(6), "{mode:?}: the same seed, the same game");
        // The hidden cards dealt anew behind the view change no choice.
        let game = Game::new(Options::new(mode), players, 8).unwrap();
        let choose = |p: &welcome_engine::Position| {
            SearchBot::with_budget(3, budget).choose(&PlayerView::of(p, 0).unwrap())
        };
        assert_eq!(choose(&game.resample(0, 1)), choose(&game.resample(0, 2)));
        assert_eq!(choose(&game.resample(0, 1)), choose(game.position()));
    }
}

#[test]
fn a_screen_cuts_the_playouts_of_its_rounds_only() {
    // A screen over every round of a halving plays what the same horizon everywhere plays; a
    // screen over no round plays what no screen plays. Each pair chooses alike at every turn
    // of a greedy game.
    let plain = Budget {
        candidates: 4,
        worlds: 2,
        horizon: Some(3),
        halving: true,
        boost: None,
        screen: None,
    };
    let pairs = [
        (
            Budget {
                screen: Some(Screen {
                    rounds: 2,
                    horizon: 0,
                }),
                ..plain
            },
            Budget {
                horizon: Some(0),
                ..plain
            },
        ),
        (
            Budget {
                screen: Some(Screen {
                    rounds: 0,
                    horizon: 0,
                }),
                ..plain
            },
            plain,
        ),
    ];
    let mut game = Game::new(Options::new(Mode::Solo), 1, 12).unwrap();
    let mut greedy = GreedyBot::new(12);
    let mut differs = false;
    for _ in 0..6 {
        let view = PlayerView::of(&game, 0).unwrap();
        for (a, b) in pairs {
            let chosen = SearchBot::with_budget(4, a).choose(&view);
            assert_eq!(chosen, SearchBot::with_budget(4, b).choose(&view));
        }
        // The screen itself changes some choice: it is not the plain budget.
        differs |= SearchBot::with_budget(4, pairs[0].0).choose(&view)
            != SearchBot::with_budget(4, plain).choose(&view);
        let turn = greedy.choose(&view);
        game.step(&[turn]).unwrap();
    }
    assert!(
        differs,
        "a screen of horizon 0 chooses otherwise than horizon 3"
    );
}

/// The greedy bot's best `k` turns at each turn of a greedy game, with the sheet each leaves.
fn best_turns_along_a_game(
    mode: Mode,
    players: usize,
    seed: u64,
    leftover: Leftover,
) -> Vec<Vec<(welcome_engine::Turn, welcome_engine::Sheet)>> {
    let mut game = Game::new(Options::new(mode), players, seed).unwrap();
    let mut bots: Vec<GreedyBot> = (0..players).map(|s| GreedyBot::new(s as u64)).collect();
    let mut lists = Vec::new();
    while !game.is_over() {
        let view = PlayerView::of(&game, 0).unwrap();
        let (others, solo) = welcome_bots::temp_rivals(&view.layout, &view.sheets, 0, mode, None);
        let ctx = view.context();
        let turns = GreedyBot::new(seed).turns(&ctx, view.sheet(), &others, solo, 32, leftover);
        lists.push(
            turns
                .into_iter()
                .map(|t| {
                    let sheet = ctx.apply(view.sheet(), &t).expect("a listed turn is legal");
                    (t, sheet)
                })
                .collect(),
        );
        for (seat, bot) in bots.iter_mut().enumerate() {
            let turn = bot.choose(&PlayerView::of(&game, seat).unwrap());
            game.submit(seat, turn).unwrap();
        }
        game.resolve().unwrap();
    }
    lists
}

#[test]
fn the_search_candidates_never_repeat_what_a_turn_leaves() {
    use std::collections::HashSet;
    use welcome_engine::Play;
    // Solo (1st edition): the cards a turn does not use are discarded, so no two candidates
    // leave the same sheet; many turns have such twins (the same number on two cards, an
    // effect passed with either card), which the search would otherwise play out twice.
    let mut twins = 0;
    for seed in 0..3 {
        let merged = best_turns_along_a_game(Mode::Solo, 1, seed, Leftover::Discarded);
        let kept = best_turns_along_a_game(Mode::Solo, 1, seed, Leftover::Passed);
        for (m, k) in merged.iter().zip(&kept) {
            let sheets: HashSet<_> = m.iter().map(|(_, s)| *s).collect();
            assert_eq!(
                sheets.len(),
                m.len(),
                "seed {seed}: two candidates leave one sheet"
            );
            assert_eq!(
                m[0], k[0],
                "the greedy bot's own turn comes first either way"
            );
            let kept_sheets: HashSet<_> = k.iter().map(|(_, s)| *s).collect();
            twins += k.len() - kept_sheets.len();
        }
    }
    assert!(
        twins > 0,
        "solo turns with the same sheet and other cards occur"
    );
    // Expert: the card left over is passed on, so turns differ by their cards too.
    for seed in 0..2 {
        for list in best_turns_along_a_game(Mode::Expert, 3, seed, Leftover::Passed) {
            let keys: HashSet<_> = list
                .iter()
                .map(|(t, s)| match t.play {
                    Play::Build(b) => (*s, Some((b.pick, b.pass))),
                    _ => (*s, None),
                })
                .collect();
            assert_eq!(
                keys.len(),
                list.len(),
                "seed {seed}: two candidates are one"
            );
        }
    }
}
