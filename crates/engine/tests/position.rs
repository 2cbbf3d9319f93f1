//! `Position` apart from `Game`: a copy plays on exactly like the game it came from, `step`
//! is "every seat submits, then resolve" and changes nothing on error, and `unseen` lists
//! exactly the cards a seat cannot locate.

mod common;

use common::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use welcome_engine::*;

const SHEETS: [&str; 4] = ["classic", "easter", "ice-cream", "christmas"];

fn setups() -> Vec<(Options, usize)> {
    let mut out = Vec::new();
    for sheet in SHEETS {
        let id = SheetId::new(sheet).unwrap();
        out.push((options(Mode::Solo, false).sheet(id), 1));
        out.push((options(Mode::Standard, true).sheet(id), 3));
        let mut left = options(Mode::Expert, false).sheet(id);
        left.pass = PassDirection::Left;
        out.push((left, 2));
        out.push((options(Mode::Expert, true).sheet(id), 4));
    }
    out
}

/// Random legal turns for every seat, as `play_round` would choose them.
fn turns(position: &Position, rng: &mut ChaCha8Rng) -> Vec<Turn> {
    (0..position.players())
        .map(|seat| {
            let sheet = *position.sheet(seat).unwrap();
            choose_turn(
                &position.context(seat).unwrap(),
                &sheet,
                rng,
                &Style::RANDOM,
            )
        })
        .collect()
}

fn multiset(cards: impl IntoIterator<Item = Card>) -> BTreeMap<Card, usize> {
    let mut m = BTreeMap::new();
    for c in cards {
        *m.entry(c).or_default() += 1;
    }
    m
}

#[test]
fn step_is_submit_then_resolve_and_a_position_plays_on_like_its_game() {
    for (seed, (o, players)) in setups().into_iter().enumerate() {
        let seed = seed as u64;
        let mut stepped = new_game(o, players, seed);
        let mut submitted = new_game(o, players, seed);
        let mut position = stepped.position().clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !stepped.is_over() {
            let ts = turns(&stepped, &mut rng);
            for (seat, t) in ts.iter().enumerate() {
                submitted.submit(seat, t.clone()).unwrap();
            }
            submitted.resolve().unwrap();
            stepped.step(&ts).unwrap();
            position.step(&ts).unwrap();
            assert_eq!(stepped.sheets(), submitted.sheets());
            assert_eq!(position.sheets(), stepped.sheets());
            assert_eq!(position.round(), stepped.round());
            assert_eq!(position.offer(0), stepped.offer(0));
            assert_eq!(position.pile_sizes(), stepped.pile_sizes());
            assert_eq!(position.end(), stepped.end());
        }
        assert_eq!(
            Record::of(&stepped, &[]).to_json(),
            Record::of(&submitted, &[]).to_json()
        );
        check_replay(&stepped);
        assert!(position.is_over());
        assert_eq!(position.scores(), stepped.scores());
    }
}

#[test]
fn a_failed_step_changes_nothing() {
    let mut game = new_game(options(Mode::Standard, false), 3, 9);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for _ in 0..3 {
        let ts = turns(&game, &mut rng);
        game.step(&ts).unwrap();
    }
    let before = Record::of(&game, &[]).to_json();
    let position = game.position().clone();
    let ts = turns(&game, &mut rng);

    // Too few turns.
    let e = game.step(&ts[..2]).unwrap_err();
    assert_eq!(
        e,
        StepError::TurnCount {
            players: 3,
            found: 2
        }
    );
    assert_eq!(e.code(), "turn_count");

    // An illegal turn from the last seat: the first two are not kept.
    let mut bad = ts.clone();
    bad[2] = Turn::build(Pick::Combination(0), HouseRef::new(0, 0), 99);
    let e = game.step(&bad).unwrap_err();
    assert!(matches!(e, StepError::Turn { seat: 2, .. }), "{e}");
    assert!(!e.code().is_empty());
    assert!(e.to_string().starts_with("seat 3: "), "{e}");

    // A seat that already submitted this round.
    game.submit(1, ts[1].clone()).unwrap();
    let e = game.step(&ts).unwrap_err();
    assert!(matches!(e, StepError::Turn { seat: 1, .. }), "{e}");
    assert!(game.withdraw(1));

    for seat in 0..3 {
        assert!(!game.has_submitted(seat));
    }
    assert_eq!(Record::of(&game, &[]).to_json(), before);
    let mut p = position.clone();
    assert!(p.step(&bad).is_err());
    assert_eq!(p.sheets(), position.sheets());
    assert!(!p.has_submitted(0));
    game.step(&ts).unwrap();
}

#[test]
fn a_position_does_not_carry_the_log() {
    let mut game = new_game(options(Mode::Standard, false), 4, 3);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..10 {
        let ts = turns(&game, &mut rng);
        game.step(&ts).unwrap();
    }
    let m = game.memory();
    // The history grows with the rounds; the position does not hold it.
    assert!(m.history > 0);
    assert!(std::mem::size_of::<Position>() < m.position);
    assert_eq!(game.log().len(), 11);
}

#[test]
fn unseen_cards_are_the_cards_a_seat_cannot_locate() {
    for (seed, (o, players)) in setups().into_iter().enumerate() {
        let mut game = new_game(o, players, 40 + seed as u64);
        let mut rng = ChaCha8Rng::seed_from_u64(seed as u64);
        let deck = multiset(game.edition().deck.iter().copied());
        let mut passed: Vec<Option<Card>> = vec![None; players];
        while !game.is_over() {
            for (seat, &passed_by_seat) in passed.iter().enumerate() {
                let view = PlayerView::of(&game, seat).unwrap();
                assert_eq!(view.unseen, game.unseen(seat));
                assert!(view.unseen.windows(2).all(|w| w[0] <= w[1]), "sorted");
                // What the seat sees: its offer, the table and, in expert mode, the card
                // it passed (now in its neighbour's hand).
                let mut seen: Vec<Card> = match o.mode {
                    Mode::Expert => {
                        let Offer::Hand(h) = view.offer else {
                            panic!("expert offers a hand")
                        };
                        h.to_vec()
                    }
                    _ => Vec::new(),
                };
                let (pile, discard) = game.pile_sizes();
                match o.mode {
                    Mode::Expert => {
                        seen.extend(passed_by_seat);
                        // Everything else is unseen: the pile, the discard and the other
                        // hands.
                        let others = 3 * players - 3 - usize::from(passed_by_seat.is_some());
                        assert_eq!(view.unseen.len(), pile + discard + others);
                    }
                    _ => assert_eq!(view.unseen.len(), pile),
                }
                if o.mode == Mode::Expert {
                    let mut all = multiset(view.unseen.iter().copied());
                    for c in seen {
                        *all.entry(c).or_default() += 1;
                    }
                    assert_eq!(all, deck, "seat {seat} round {}", game.round());
                }
            }
            let ts = turns(&game, &mut rng);
            // The card each seat passes this round (expert): the one not played.
            if o.mode == Mode::Expert {
                for (seat, t) in ts.iter().enumerate() {
                    let Offer::Hand(h) = game.offer(seat).unwrap() else {
                        unreachable!()
                    };
                    let keep = match t.play {
                        Play::Build(b) => match b.pick {
                            Pick::Hand((n, e)) => 3 - n - e,
                            Pick::Combination(_) => unreachable!(),
                        },
                        Play::Refuse { pass } => pass.unwrap_or(2),
                        Play::Unplayed => unreachable!("expert games are never unplayed"),
                    };
                    passed[seat] = Some(h[keep as usize]);
                }
            }
            game.step(&ts).unwrap();
        }
    }
}

#[test]
fn unseen_cards_in_standard_and_solo_games_are_the_cards_not_drawn() {
    // Every drawn card is face up (table, discard pile), so until the discard pile is
    // shuffled back (Ruling 14) the unseen cards are the deck less every card drawn.
    for sheet in SHEETS {
        let id = SheetId::new(sheet).unwrap();
        for (mode, players) in [(Mode::Standard, 2), (Mode::Solo, 1)] {
            let mut o = options(mode, false).sheet(id);
            o.first_plan_reshuffle = false;
            let mut game = new_game(o, players, 5);
            let mut rng = ChaCha8Rng::seed_from_u64(5);
            let deck = multiset(game.edition().deck.iter().copied());
            let mut checked = 0;
            while !game.is_over() {
                let drawn: Vec<Card> = game
                    .log()
                    .iter()
                    .flat_map(|r| &r.draws)
                    .filter_map(|d| match d {
                        Draw::Card(c) => Some(*c),
                        Draw::Solo | Draw::Validation(_) | Draw::Zombie(_) => None,
                    })
                    .collect();
                for seat in 0..players {
                    let unseen = game.unseen(seat);
                    assert_eq!(unseen.len(), game.pile_sizes().0);
                    if drawn.len() + unseen.len() == deck.values().sum::<usize>() {
                        let mut all = multiset(unseen);
                        for &c in &drawn {
                            *all.entry(c).or_default() += 1;
                        }
                        assert_eq!(all, deck, "round {}", game.round());
                        checked += 1;
                    }
                }
                let ts = turns(&game, &mut rng);
                game.step(&ts).unwrap();
            }
            assert!(checked >= 10, "{sheet} {mode:?}: {checked} rounds checked");
        }
    }
}

/// What `seat` has seen, for comparing positions behind a view (who has submitted is public,
/// but a resampled position drops the other seats' hidden turns).
fn seen(p: &Position, seat: usize) -> String {
    let v = PlayerView::of(p, seat).unwrap();
    format!(
        "{:?} {:?} {:?} {:?} {:?} {:?} {} {} {} {:?} {:?} {:?}",
        v.round,
        v.offer,
        v.next_effects,
        v.plans,
        v.sheets,
        v.my_turn,
        v.pile,
        v.discard,
        v.solo_card_drawn,
        v.unseen,
        v.end,
        v.reshuffle_offered
    )
}

#[test]
fn resampling_keeps_what_the_seat_has_seen_and_nothing_else() {
    for (i, (o, players)) in setups().into_iter().enumerate() {
        let mut game = new_game(o, players, 60 + i as u64);
        let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
        let mut rounds = 0;
        while !game.is_over() && rounds < 12 {
            let ts = turns(&game, &mut rng);
            // Mid-round: seat 0 has submitted, the others have too.
            let mut mid = game.position().clone();
            for (seat, t) in ts.iter().enumerate() {
                mid.submit(seat, t.clone()).unwrap();
            }
            for seat in 0..players {
                let a = mid.resample(seat, 7);
                let b = mid.resample(seat, 8);
                assert_eq!(seen(&a, seat), seen(&mid, seat));
                assert_eq!(seen(&b, seat), seen(&mid, seat));
                assert!(a.has_submitted(seat));
                for other in (0..players).filter(|&o| o != seat) {
                    assert!(!a.has_submitted(other), "hidden turns are dropped");
                }
                // Nothing hidden leaks: resampling either copy gives the same position.
                assert!(a.resample(seat, 9) == b.resample(seat, 9));
                assert!(mid.resample(seat, 9) == a.resample(seat, 9));
                assert_eq!(a.seed(), 7);
            }
            game.step(&ts).unwrap();
            rounds += 1;
        }
    }
}

#[test]
fn resampled_positions_play_on_to_the_end_and_differ_in_what_is_hidden() {
    // Solo: the same turns, but other draws; expert: the other hands change.
    for (o, players) in [
        (options(Mode::Solo, false), 1),
        (options(Mode::Expert, false), 3),
        (options(Mode::Standard, true), 2),
    ] {
        let mut game = new_game(o, players, 3);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..5 {
            let ts = turns(&game, &mut rng);
            game.step(&ts).unwrap();
        }
        let mut differ = 0;
        for seed in 0..8 {
            let mut p = game.resample(0, seed);
            if o.mode == Mode::Expert && p.offer(1) != game.offer(1) {
                differ += 1;
            }
            let mut r = ChaCha8Rng::seed_from_u64(seed);
            let first = turns(&p, &mut r);
            p.step(&first).unwrap();
            if o.mode != Mode::Expert {
                // The same turns in the true game: the next deal differs.
                let mut truth = game.position().clone();
                truth.step(&first).unwrap();
                if p.offer(0) != truth.offer(0) {
                    differ += 1;
                }
            }
            while !p.is_over() {
                let ts = turns(&p, &mut r);
                p.step(&ts).unwrap();
            }
            assert!(p.round() <= 40);
        }
        assert!(
            differ >= 4,
            "{:?}: resamples rarely differ ({differ} of 8)",
            o.mode
        );
    }
}

#[test]
fn a_view_that_does_not_fit_is_an_error_not_a_panic() {
    let mut game = new_game(options(Mode::Expert, false), 3, 2);
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let ts = turns(&game, &mut rng);
    game.step(&ts).unwrap();
    let view = PlayerView::of(&game, 1).unwrap();
    assert!(Position::from_view(&view, 1).is_ok());
    assert_eq!(view.passed, game.passed_by(1));
    assert!(view.passed.is_some());
    let mut v = view.clone();
    v.unseen.clear();
    let e = Position::from_view(&v, 1).unwrap_err();
    assert_eq!(e.code(), "view_inconsistent");
    let mut v = view.clone();
    v.seat = 7;
    assert!(Position::from_view(&v, 1).is_err());
    let mut v = view.clone();
    v.pile += 1;
    assert!(Position::from_view(&v, 1).is_err());
    let standard = new_game(options(Mode::Standard, false), 2, 2);
    let mut v = PlayerView::of(&standard, 0).unwrap();
    assert_eq!(v.face_up.len(), 6);
    v.face_up.truncate(4);
    assert!(Position::from_view(&v, 1).is_err());
}
