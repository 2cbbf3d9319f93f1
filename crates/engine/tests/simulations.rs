//! Whole games played by random players in every mode and mix: they finish, replay
//! identically from their records, and score consistently (breakdowns, the spec's tables,
//! ranks against totals and the tie-break chain).

mod common;

use common::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use welcome_engine::*;

/// Cards in the pile, the discard pile and on the table (the Solo card is not a card).
fn cards_in_play(game: &Game) -> usize {
    let (pile, discard) = game.pile_sizes();
    let table = match game.options().mode {
        Mode::Standard => 6,
        Mode::Solo => 3,
        Mode::Expert => 3 * game.players(),
    };
    pile + discard + table
}

/// Plays a whole game and checks everything a finished game must satisfy.
fn simulate(options: Options, players: usize, seed: u64, style: &Style) -> Game {
    let mut game = new_game(options, players, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    while !game.is_over() {
        assert_eq!(cards_in_play(&game), 81, "round {}", game.round());
        play_round(&mut game, &mut rng, style);
    }
    assert!(game.is_over());
    // Every round logged with every seat's turn; a seat builds or refuses each round, so a
    // game cannot outlast 33 houses and 3 refusals.
    assert!(game.round() <= 36, "{} rounds", game.round());
    assert_eq!(game.log().len(), game.round() as usize);
    for r in game.log() {
        assert_eq!(r.turns.len(), players);
    }
    // The end reasons fit the mode and the final sheets.
    assert!(!game.end().is_empty());
    for reason in game.end() {
        match *reason {
            EndReason::Refusals { seat } => assert_eq!(game.sheets()[seat].refusals(), 3),
            EndReason::Plans { seat } => {
                assert!(game.sheets()[seat]
                    .plan_scores()
                    .iter()
                    .all(Option::is_some))
            }
            EndReason::AllHouses { seat } => assert!(game.sheets()[seat].all_filled()),
            EndReason::DeckExhausted => {
                assert_eq!(options.mode, Mode::Solo);
                assert_eq!(game.round(), 27);
            }
            EndReason::Declared => panic!("only a table without seats is ended by its host"),
        }
    }
    if options.mode == Mode::Solo {
        assert!(game.round() <= 27);
    }
    // No roundabouts without the advanced variant; no more than the track allows.
    for s in game.sheets() {
        assert!(s.roundabouts() <= if options.advanced { 2 } else { 0 });
        assert!(s.bis_count() <= 9 && s.refusals() <= 3 && s.temps() <= 11);
    }
    check_scores(&game);
    check_replay(&game);
    let result = Record::of(&game, &[])
        .result
        .expect("a finished game has a result");
    assert_eq!(result.ranks, game.ranks());
    assert!(result.ranks.contains(&1));
    game
}

#[test]
fn solo_games() {
    for advanced in [false, true] {
        for seed in 0..6 {
            simulate(options(Mode::Solo, advanced), 1, seed, &Style::RANDOM);
            simulate(options(Mode::Solo, advanced), 1, seed, &Style::CAREFUL);
        }
    }
}

#[test]
fn standard_games_2_to_12_players() {
    for players in 2..=12 {
        let seed = players as u64;
        simulate(
            options(Mode::Standard, false),
            players,
            seed,
            &Style::RANDOM,
        );
        simulate(
            options(Mode::Standard, false),
            players,
            seed,
            &Style::CAREFUL,
        );
    }
}

#[test]
fn standard_advanced_games() {
    for players in [1, 2, 3, 5, 8] {
        let seed = 100 + players as u64;
        simulate(options(Mode::Standard, true), players, seed, &Style::RANDOM);
        let careful = Style {
            roundabouts: 0.2,
            plans: 1.0,
            reshuffle: 1.0,
            ..Style::CAREFUL
        };
        simulate(options(Mode::Standard, true), players, seed, &careful);
    }
}

#[test]
fn expert_games_2_to_6_players() {
    for players in 2..=6 {
        for advanced in [false, true] {
            let seed = 200 + players as u64;
            simulate(
                options(Mode::Expert, advanced),
                players,
                seed,
                &Style::RANDOM,
            );
            simulate(
                options(Mode::Expert, advanced),
                players,
                seed,
                &Style::CAREFUL,
            );
        }
    }
}

#[test]
fn expert_games_passing_left() {
    for players in [2, 3, 5] {
        let mut o = options(Mode::Expert, true);
        o.pass = PassDirection::Left;
        let g = simulate(o, players, 300 + players as u64, &Style::RANDOM);
        assert_eq!(g.options().pass, PassDirection::Left);
    }
}

#[test]
fn first_plan_reshuffles_happen_and_replay() {
    // Players who validate whenever they can and always ask for the reshuffle.
    let eager = Style {
        plans: 1.0,
        reshuffle: 1.0,
        ..Style::RANDOM
    };
    let mut reshuffled = 0;
    for seed in 0..12 {
        let mode = if seed % 2 == 0 {
            Mode::Standard
        } else {
            Mode::Expert
        };
        let g = simulate(options(mode, true), 3, 400 + seed, &eager);
        reshuffled += g
            .log()
            .iter()
            .filter(|r| r.turns.iter().any(|t| t.reshuffle))
            .count();
    }
    assert!(reshuffled > 0, "some game asked for the reshuffle");
}

#[test]
fn one_hundred_player_standard_game() {
    let g = simulate(options(Mode::Standard, false), 100, 1000, &Style::RANDOM);
    assert_eq!(g.players(), 100);
    assert_eq!(g.ranks().len(), 100);
}

#[test]
fn views_hide_unresolved_turns() {
    for mode in [Mode::Standard, Mode::Expert] {
        let mut game = new_game(options(mode, true), 3, 77);
        let mut rng = ChaCha8Rng::seed_from_u64(77);
        for _ in 0..4 {
            play_round(&mut game, &mut rng, &Style::RANDOM);
        }
        let before = game.sheets().to_vec();
        let sheet = *game.sheet(0).unwrap();
        let turn = choose_turn(&game.context(0).unwrap(), &sheet, &mut rng, &Style::RANDOM);
        game.submit(0, turn.clone()).unwrap();
        let mine = PlayerView::of(&game, 0).unwrap();
        assert_eq!(mine.my_turn, Some(turn));
        for seat in 1..3 {
            let v = PlayerView::of(&game, seat).unwrap();
            assert_eq!(v.my_turn, None);
            assert_eq!(
                v.sheets, before,
                "other seats see sheets as of the last round"
            );
            assert_eq!(v.submitted, [true, false, false]);
            assert_eq!(v.offer, game.offer(seat).unwrap());
        }
        assert!(PlayerView::of(&game, 3).is_none());
    }
}

#[test]
fn thematic_sheets_in_every_mode() {
    for (i, sheet) in ["easter", "ice-cream", "christmas"].into_iter().enumerate() {
        let id = SheetId::new(sheet).unwrap();
        let seed = 500 + 10 * i as u64;
        for advanced in [false, true] {
            let o = |mode| options(mode, advanced).sheet(id);
            for style in [&Style::RANDOM, &Style::CAREFUL] {
                let g = simulate(o(Mode::Solo), 1, seed, style);
                assert_eq!(g.layout().id, id);
                simulate(o(Mode::Standard), 2, seed + 1, style);
                simulate(o(Mode::Standard), 5, seed + 2, style);
                simulate(o(Mode::Expert), 3, seed + 3, style);
            }
        }
    }
}

/// The collector edition in every mode it plays (standard 2+ seats, advanced, expert up to 21
/// seats, both sheets): games finish, replay identically, keep all 63 cards, and each of the
/// standard game's three piles keeps the same 21 cards from its first reshuffle on (Ruling C1).
#[test]
fn collector_edition_in_every_mode() {
    let collector = EditionId::new("collector").unwrap();
    for (k, sheet) in ["classic", "blueprint"].into_iter().enumerate() {
        let id = SheetId::new(sheet).unwrap();
        for advanced in [false, true] {
            let o = |mode| {
                let mut o = options(mode, advanced).sheet(id);
                o.edition = collector;
                o
            };
            for (j, style) in [&Style::RANDOM, &Style::CAREFUL].into_iter().enumerate() {
                let seed = 700 + 100 * k as u64 + 10 * u64::from(advanced) + j as u64;
                for (mode, players) in [
                    (Mode::Standard, 2),
                    (Mode::Standard, 5),
                    (Mode::Expert, 3),
                    (Mode::Expert, 21),
                ] {
                    let g = play_collector(o(mode), players, seed + players as u64, style);
                    assert_eq!(g.layout().id, id);
                    assert_eq!(g.edition().id, collector);
                    if mode == Mode::Expert {
                        assert_eq!(g.options().pass, PassDirection::Left, "Ruling C19");
                    }
                    assert!(!g.options().first_plan_reshuffle, "Ruling C16");
                }
            }
        }
    }
}

fn play_collector(options: Options, players: usize, seed: u64, style: &Style) -> Game {
    let mut game = new_game(options, players, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut pile_sets: Option<Vec<Vec<Card>>> = None;
    while !game.is_over() {
        let (pile, discard) = game.pile_sizes();
        let table = match options.mode {
            Mode::Standard => 6,
            _ => 3 * players,
        };
        assert_eq!(pile + discard + table, 63, "round {}", game.round());
        if options.mode == Mode::Standard && game.round() >= 21 {
            let up = game.face_up(0);
            let now: Vec<Vec<Card>> = game
                .piles()
                .into_iter()
                .enumerate()
                .map(|(i, p)| {
                    let mut all = p.stack;
                    all.extend(p.discard);
                    all.push(up[i]);
                    all.push(up[3 + i]);
                    all.sort();
                    all
                })
                .collect();
            for set in &now {
                assert_eq!(set.len(), 21, "round {}", game.round());
            }
            match &pile_sets {
                None => pile_sets = Some(now),
                Some(first) => assert_eq!(first, &now, "round {}", game.round()),
            }
        }
        play_round(&mut game, &mut rng, style);
    }
    assert!(game.round() <= 36, "{} rounds", game.round());
    assert_eq!(game.log().len(), game.round() as usize);
    for r in game.log() {
        assert_eq!(r.turns.len(), players);
    }
    for reason in game.end() {
        match *reason {
            EndReason::Refusals { seat } => assert_eq!(game.sheets()[seat].refusals(), 3),
            EndReason::Plans { seat } => {
                assert!(game.sheets()[seat]
                    .plan_scores()
                    .iter()
                    .all(Option::is_some))
            }
            EndReason::AllHouses { seat } => assert!(game.sheets()[seat].all_filled()),
            EndReason::DeckExhausted => panic!("no collector mode ends on the deck (§12)"),
            EndReason::Declared => panic!("only a table without seats is ended by its host"),
        }
    }
    for (s, score) in game.sheets().iter().zip(game.scores()) {
        assert!(s.roundabouts() <= if options.advanced { 2 } else { 0 });
        assert_eq!(
            score.total,
            score.rows.iter().map(|r| r.points).sum::<i32>()
        );
        // Ruling C18: the tie-break counts complete estates of every size, and nothing else.
        assert_eq!(score.tie_break.by_size, [0; 6]);
        let mut complete = 0;
        s.for_each_run(|_, done| complete += u8::from(done));
        assert_eq!(score.tie_break.estates, complete);
    }
    check_replay(&game);
    let result = Record::of(&game, &[])
        .result
        .expect("a finished game has a result");
    assert_eq!(result.ranks, game.ranks());
    game
}
