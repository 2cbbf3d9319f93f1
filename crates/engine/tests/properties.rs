//! Properties of states reached by random legal play on every sheet of the 1st edition (classic,
//! Easter, Ice Cream, Christmas) in every mode (standard, solo, expert; advanced on and off):
//!
//! (a) every listed legal turn validates, and `count_turns` equals the number listed;
//! (b) turns built from random field values validate exactly when they are listed, and a
//!     rejected turn leaves the game unchanged;
//! (c) records round-trip through JSON and replay to the byte-identical record;
//! (d) score breakdowns add up to their totals, agree with the spec's tables and stay in bounds;
//! (e) sheets round-trip through the sheet-file format.

mod common;

use common::*;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use welcome_engine::*;

/// Legal turns listed per state before the listing is cut short (the advanced variant can
/// list tens of thousands).
const CAP: usize = 3000;

/// Every sheet of the 1st edition.
const SHEETS: [&str; 4] = ["classic", "easter", "ice-cream", "christmas"];

fn rand_choice(rng: &mut ChaCha8Rng) -> Option<Choice> {
    match rng.gen_range(0..3) {
        0 => None,
        1 => Some(Choice::Truck(Side::Left)),
        _ => Some(Choice::Truck(Side::Right)),
    }
}

#[derive(Clone, Debug)]
struct Setup {
    sheet: &'static str,
    mode: Mode,
    advanced: bool,
    players: usize,
    seed: u64,
    rounds: u16,
    careful: bool,
}

fn arb_setup() -> impl Strategy<Value = Setup> {
    (
        0..4usize,
        0..3usize,
        any::<bool>(),
        0..4usize,
        any::<u64>(),
        0..32u16,
        any::<bool>(),
    )
        .prop_map(|(sheet, m, advanced, extra, seed, rounds, careful)| {
            let mode = [Mode::Standard, Mode::Solo, Mode::Expert][m];
            let players = match mode {
                Mode::Solo => 1,
                Mode::Standard => 1 + extra,
                Mode::Expert => 2 + extra,
            };
            Setup {
                sheet: SHEETS[sheet],
                mode,
                advanced,
                players,
                seed,
                rounds,
                careful,
            }
        })
}

/// A game after up to `rounds` rounds of random legal play, stopped before the round that
/// would end it.
fn reach(setup: &Setup) -> Game {
    let mut game = new_game(
        options(setup.mode, setup.advanced).sheet(SheetId::new(setup.sheet).unwrap()),
        setup.players,
        setup.seed,
    );
    let mut rng = ChaCha8Rng::seed_from_u64(setup.seed.rotate_left(17));
    let style = if setup.careful {
        Style {
            roundabouts: 0.1,
            plans: 0.8,
            reshuffle: 0.3,
            ..Style::CAREFUL
        }
    } else {
        Style::RANDOM
    };
    for _ in 0..setup.rounds {
        let before = game.clone();
        play_round(&mut game, &mut rng, &style);
        if game.is_over() {
            return before;
        }
    }
    game
}

/// A turn with its claims' estates in one order, so that naming the same estates in another
/// order counts as the same turn.
fn normal(t: &Turn) -> Turn {
    let mut t = t.clone();
    for c in &mut t.plans {
        c.estates.sort();
    }
    t
}

fn rand_house(rng: &mut ChaCha8Rng) -> HouseRef {
    let street = if rng.gen_bool(0.95) {
        rng.gen_range(0..3)
    } else {
        rng.gen_range(3..=255)
    };
    let house = if rng.gen_bool(0.95) {
        rng.gen_range(0..13)
    } else {
        rng.gen_range(13..=255)
    };
    HouseRef::new(street, house)
}

fn rand_pick(rng: &mut ChaCha8Rng, hand: bool) -> Pick {
    if hand != rng.gen_bool(0.05) {
        Pick::Hand((rng.gen_range(0..4), rng.gen_range(0..4)))
    } else {
        Pick::Combination(rng.gen_range(0..4))
    }
}

fn rand_effect(rng: &mut ChaCha8Rng, sheet: &Sheet) -> Option<EffectUse> {
    let kind = rng.gen_range(0..7);
    rand_effect_of(rng, sheet, kind)
}

/// A random use of the effect with this index (0: none; 1–6: fence, real estate, park, pool,
/// bis, bis).
fn rand_effect_of(rng: &mut ChaCha8Rng, sheet: &Sheet, kind: u8) -> Option<EffectUse> {
    Some(match kind {
        0 => return None,
        1 => {
            let street = if rng.gen_bool(0.95) {
                rng.gen_range(0..3)
            } else {
                rng.gen_range(3..=255)
            };
            let slot = if rng.gen_bool(0.95) {
                rng.gen_range(0..12)
            } else {
                rng.gen_range(12..=255)
            };
            EffectUse::Fence(FenceRef::new(street, slot))
        }
        2 => EffectUse::RealEstate(rng.gen_range(0..9)),
        3 => EffectUse::Park,
        4 => EffectUse::Pool,
        _ => {
            // Mostly a numbered source and a neighbour.
            let numbered: Vec<HouseRef> = sheet
                .all_houses()
                .filter(|&x| sheet.number(x).is_some())
                .collect();
            let from = if !numbered.is_empty() && rng.gen_bool(0.7) {
                numbered[rng.gen_range(0..numbered.len())]
            } else {
                rand_house(rng)
            };
            let to = if rng.gen_bool(0.8) {
                let h = from.house as i16 + if rng.gen_bool(0.5) { 1 } else { -1 };
                HouseRef::new(from.street, h.clamp(0, 255) as u8)
            } else {
                rand_house(rng)
            };
            EffectUse::Bis { from, to }
        }
    })
}

fn rand_claims(rng: &mut ChaCha8Rng, sheet: &Sheet) -> Vec<PlanClaim> {
    let firsts: Vec<HouseRef> = sheet
        .completed_estates()
        .iter()
        .map(|e| e.first_house())
        .collect();
    (0..rng.gen_range(0..3))
        .map(|_| {
            let estates = (0..rng.gen_range(0..5))
                .map(|_| {
                    if !firsts.is_empty() && rng.gen_bool(0.8) {
                        firsts[rng.gen_range(0..firsts.len())]
                    } else {
                        rand_house(rng)
                    }
                })
                .collect();
            PlanClaim {
                plan: rng.gen_range(0..4),
                estates,
            }
        })
        .collect()
}

fn rand_roundabout(rng: &mut ChaCha8Rng) -> Option<Roundabout> {
    rng.gen_bool(0.3).then(|| Roundabout {
        house: rand_house(rng),
        when: if rng.gen_bool(0.5) {
            When::Before
        } else {
            When::After
        },
    })
}

/// A turn made of random field values.
fn rand_turn(rng: &mut ChaCha8Rng, sheet: &Sheet, hand: bool) -> Turn {
    let play = if rng.gen_bool(0.15) {
        Play::Refuse {
            pass: rng.gen_bool(0.5).then(|| rng.gen_range(0..4)),
        }
    } else {
        Play::Build(Build {
            pick: rand_pick(rng, hand),
            house: rand_house(rng),
            number: rng.gen_range(0..20),
            choice: rand_choice(rng),
            effect: rand_effect(rng, sheet),
            pass: rng.gen_bool(0.1).then(|| rng.gen_range(0..4)),
        })
    };
    Turn {
        ammo: Vec::new(),
        cross: Vec::new(),
        play,
        roundabout: rand_roundabout(rng),
        plans: rand_claims(rng, sheet),
        circles: Vec::new(),
        tiers: Vec::new(),
        objective: None,
        reshuffle: rng.gen_bool(0.1),
    }
}

/// A listed turn with one field replaced by a random value.
fn mutate(rng: &mut ChaCha8Rng, t: &Turn, sheet: &Sheet, offer: &Offer) -> Turn {
    let mut t = t.clone();
    let fresh = rand_turn(rng, sheet, offer.is_hand());
    match (rng.gen_range(0..11), &mut t.play, fresh.play) {
        (0, Play::Build(b), Play::Build(f)) => b.pick = f.pick,
        (1, Play::Build(b), Play::Build(f)) => b.house = f.house,
        (2, Play::Build(b), Play::Build(f)) => b.number = f.number,
        (3, Play::Build(b), Play::Build(f)) => b.effect = f.effect,
        (7 | 8, Play::Build(b), _) => {
            // Another target for the pick's own effect.
            let kind = match offer.resolve(b.pick).map(|(_, e)| e) {
                Some(Effect::Surveyor) => 1,
                Some(Effect::RealEstate) => 2,
                Some(Effect::Landscaper) => 3,
                Some(Effect::Pool) => 4,
                Some(Effect::Bis) => 5,
                _ => 0,
            };
            b.effect = rand_effect_of(rng, sheet, kind);
        }
        (4, _, _) => t.roundabout = fresh.roundabout,
        (5, _, _) => t.plans = fresh.plans,
        (6, _, _) => t.reshuffle = !t.reshuffle,
        (9, Play::Build(b), _) => b.choice = rand_choice(rng),
        (_, play, fresh) => *play = fresh,
    }
    t
}

/// Checks (a) and (b) for one seat.
fn check_turns(game: &Game, seat: usize, rng: &mut ChaCha8Rng) {
    let ctx = game.context(seat).unwrap();
    let sheet = *game.sheet(seat).unwrap();
    let hand = ctx.offer.is_hand();
    let mut listed = Vec::new();
    let mut complete = true;
    ctx.for_each_turn(&sheet, &mut |t| {
        if listed.len() == CAP {
            complete = false;
            return false;
        }
        listed.push(t.clone());
        true
    });
    // (a) every listed turn validates, in the context and through the game.
    assert!(!listed.is_empty(), "a seat always has a legal turn");
    for t in &listed {
        if let Err(e) = ctx.apply(&sheet, t) {
            panic!("listed turn rejected: {e}\n{t:?}\n{sheet}");
        }
    }
    for t in listed.iter().step_by(37) {
        assert!(game.validate(seat, t).is_ok());
    }
    // A whole turn split into its decisions, taken one at a time, is the same turn.
    for t in listed.iter().step_by(11) {
        let ds = TurnMachine::decisions(game.context(seat).unwrap(), &sheet, t).unwrap();
        let mut m = TurnMachine::new(game.context(seat).unwrap(), &sheet);
        for d in ds {
            m.apply(d).unwrap();
        }
        let (turn, after) = m.finish().unwrap();
        assert_eq!(normal(&turn), normal(t));
        assert_eq!(Ok(after), ctx.apply(&sheet, t));
    }
    let set: HashSet<Turn> = listed.iter().map(normal).collect();
    assert_eq!(set.len(), listed.len(), "no turn is listed twice");
    if complete {
        assert_eq!(ctx.count_turns(&sheet), listed.len() as u64);
        assert_eq!(game.count_turns(seat), listed.len() as u64);
    }
    // (b) random field values: valid exactly when listed; a rejection changes nothing.
    let before = Record::of(game, &[]).to_json();
    let mut probe = game.clone();
    for i in 0..150 {
        let t = if i % 2 == 0 {
            rand_turn(rng, &sheet, hand)
        } else {
            let base = rng.gen_range(0..listed.len());
            mutate(rng, &listed[base], &sheet, &ctx.offer)
        };
        let result = ctx.apply(&sheet, &t);
        if complete {
            assert_eq!(
                result.is_ok(),
                set.contains(&normal(&t)),
                "listing and validation disagree on {t:?}: {result:?}\n{sheet}"
            );
        }
        match result {
            Ok(after) => {
                assert_eq!(probe.validate(seat, &t), Ok(after));
                probe.submit(seat, t).unwrap();
                assert!(probe.withdraw(seat));
            }
            Err(e) => {
                assert!(!e.code().is_empty());
                assert_eq!(probe.submit(seat, t), Err(e));
                assert!(!probe.has_submitted(seat));
                assert_eq!(Record::of(&probe, &[]).to_json(), before);
                assert_eq!(probe.sheets(), game.sheets());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn listed_turns_are_exactly_the_valid_turns(setup in arb_setup(), probe in any::<u64>()) {
        let game = reach(&setup);
        prop_assume!(!game.is_over());
        let mut rng = ChaCha8Rng::seed_from_u64(probe);
        let seat = rng.gen_range(0..game.players());
        check_turns(&game, seat, &mut rng);
    }

    #[test]
    fn records_round_trip_and_replay(setup in arb_setup()) {
        let game = reach(&setup);
        check_replay(&game);
        // A finished game too.
        let mut done = game.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
        while !done.is_over() {
            play_round(&mut done, &mut rng, &Style::RANDOM);
        }
        check_replay(&done);
        let rec = Record::of(&done, &[]);
        prop_assert!(rec.result.is_some());
        prop_assert_eq!(Record::from_json(&rec.to_json()).unwrap(), rec);
    }

    #[test]
    fn scores_add_up(setup in arb_setup()) {
        let game = reach(&setup);
        check_scores(&game);
    }

    #[test]
    fn sheets_round_trip_through_sheet_files(setup in arb_setup()) {
        let game = reach(&setup);
        let solo = game.options().mode == Mode::Solo;
        let scores = game.scores();
        for (seat, sheet) in game.sheets().iter().enumerate() {
            let data = SheetData::of(game.layout(), sheet);
            let back = data.to_sheet(ed(), game.layout());
            prop_assert_eq!(back.as_ref(), Ok(sheet));
            let others: Vec<u8> = if solo {
                Vec::new()
            } else {
                game.sheets()
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != seat)
                    .map(|(_, s)| s.temps())
                    .collect()
            };
            let file = SheetFile::new(ed(), game.layout(), sheet, solo, others);
            let parsed = SheetFile::from_json(&file.to_json()).unwrap();
            prop_assert_eq!(&parsed, &file);
            let (back, score) = parsed.score().unwrap();
            prop_assert_eq!(&back, sheet);
            prop_assert_eq!(&score, &scores[seat]);
        }
    }
}

/// Blank sheets in the advanced variant list tens of thousands of turns; the count still
/// agrees with the listing.
#[test]
fn count_matches_listing_on_a_large_state() {
    let game = new_game(options(Mode::Standard, true), 2, 4);
    let n = game.count_turns(0);
    assert!(n as usize > CAP, "{n}");
    let mut listed = 0u64;
    game.context(0)
        .unwrap()
        .for_each_turn(game.sheet(0).unwrap(), &mut |_| {
            listed += 1;
            true
        });
    assert_eq!(listed, n);
    // The listing stops when asked to.
    let mut seen = 0;
    game.context(0)
        .unwrap()
        .for_each_turn(game.sheet(0).unwrap(), &mut |_| {
            seen += 1;
            seen < 10
        });
    assert_eq!(seen, 10);
}

/// A run of equal numbers is one original and its bis copies (spec §5, §7.6): a sheet file
/// with two originals in one run is not a sheet that play can produce.
#[test]
fn sheet_files_reject_two_originals_in_one_run() {
    for row in ["5 5b 5", "5 5b 5b 5", "5b 5 5b 5"] {
        let err = data([row, "", ""]).to_sheet(ed(), layout()).unwrap_err();
        assert!(
            matches!(err, SheetFileError::Duplicate { number: 5, .. }),
            "{row}: {err}"
        );
        assert_eq!(err.code(), "sheet_order");
    }
    for row in ["5 5b 5b", "5b 5 5b", "5 5b R 5 5b", "5 6 6b 7"] {
        assert!(
            data([row, "", ""]).to_sheet(ed(), layout()).is_ok(),
            "{row}"
        );
    }
}

/// Larger advanced-variant states, listed in full: the listing is exactly the valid turns.
#[test]
fn large_advanced_states_list_exactly_the_valid_turns() {
    for (sheet, mode, players, seed) in [
        ("classic", Mode::Standard, 2, 7u64),
        ("ice-cream", Mode::Expert, 3, 8),
        ("easter", Mode::Solo, 1, 9),
        ("christmas", Mode::Standard, 3, 10),
    ] {
        // The latest state (of rounds 10 down to 1) with more turns than the sampled cap.
        let (game, listed) = (1..=10u16)
            .rev()
            .find_map(|rounds| {
                let setup = Setup {
                    sheet,
                    mode,
                    advanced: true,
                    players,
                    seed,
                    rounds,
                    careful: true,
                };
                let game = reach(&setup);
                let listed = game.legal_turns(0);
                (listed.len() > CAP).then_some((game, listed))
            })
            .expect("an advanced state with many turns");
        let ctx = game.context(0).unwrap();
        let sheet = *game.sheet(0).unwrap();
        assert_eq!(ctx.count_turns(&sheet), listed.len() as u64);
        for t in &listed {
            assert!(ctx.apply(&sheet, t).is_ok(), "{t:?}");
        }
        let set: HashSet<Turn> = listed.iter().map(normal).collect();
        assert_eq!(set.len(), listed.len());
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for i in 0..400 {
            let t = if i % 2 == 0 {
                rand_turn(&mut rng, &sheet, ctx.offer.is_hand())
            } else {
                let base = rng.gen_range(0..listed.len());
                mutate(&mut rng, &listed[base], &sheet, &ctx.offer)
            };
            let ok = ctx.apply(&sheet, &t).is_ok();
            assert_eq!(ok, set.contains(&normal(&t)), "{t:?}");
        }
    }
}
