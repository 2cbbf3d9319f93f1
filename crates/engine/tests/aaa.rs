//! The collector edition's AAA solo game (rules-collector-edition.md §15): conformance checklist
//! K65–K77, table-entered values (§18.5, K78) and whole AAA games at every level.

mod common;

use common::{choose_turn, Style};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use welcome_engine::aaa::{self, AaaScore, LETTERS};
use welcome_engine::score::temp_points;
use welcome_engine::*;
use Effect::{Bis, Landscaper, Pool, RealEstate, Surveyor, Temp};

fn col() -> &'static Edition {
    Edition::by_id("collector").expect("the collector edition is built in")
}

fn classic() -> &'static SheetLayout {
    col().default_sheet()
}

fn aaa_options(level: u8) -> Options {
    let mut o = Options::new(Mode::Solo).aaa_level(level);
    o.edition = EditionId::new("collector").unwrap();
    o
}

fn sam() -> AaaScoring {
    col()
        .aaa
        .as_ref()
        .unwrap()
        .opponent(1)
        .unwrap()
        .card
        .scoring
        .unwrap()
}

fn hand(g: &Position) -> [Card; 3] {
    match g.offer(0).unwrap() {
        Offer::Hand(h) => h.into_inner(),
        Offer::Combinations(_) => panic!("the AAA player holds a hand"),
    }
}

/// The tests' player: careful with its numbers (games run long) and validating every plan it
/// can.
const PLAYER: Style = Style {
    plans: 1.0,
    ..Style::CAREFUL
};

/// A turn chosen by the tests' player.
fn turn(g: &Position, rng: &mut ChaCha8Rng) -> Turn {
    choose_turn(&g.context(0).unwrap(), g.sheet(0).unwrap(), rng, &PLAYER)
}

/// The Validation letters drawn in each round's deal, by round (index 0 = round 1).
fn validations(g: &Game) -> Vec<Vec<u8>> {
    g.log()
        .iter()
        .map(|r| {
            r.draws
                .iter()
                .filter_map(|d| match d {
                    Draw::Validation(l) => Some(*l),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

/// Plays `g` to the end with the careful player, checking after every round that no card is
/// lost: pile + discard + hand + AAA pile + Validation cards drawn = 63 + 3.
fn play_out(g: &mut Game, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while !g.is_over() {
        let t = turn(g.position(), &mut rng);
        g.step(&[t]).unwrap();
        check_cards(g.position());
    }
}

fn check_cards(g: &Position) {
    let a = g.aaa().unwrap();
    let (pile, discard) = g.pile_sizes();
    // Once the game is over the last hand has gone to the discard and the AAA.
    let hand = if g.is_over() { 0 } else { 3 };
    assert_eq!(
        pile + discard + hand + a.given.len() + a.drawn.len(),
        63 + 3,
        "round {}",
        g.round()
    );
}

// ===== K65 setup =====

#[test]
fn k65_setup_builds_a_64_card_pile_with_one_validation_card_in_the_bottom_21() {
    let mut first_at = Vec::new();
    for seed in 0..300 {
        let mut g = Game::new(aaa_options(1), 1, seed).unwrap();
        let a = g.aaa().unwrap().view();
        // Three cards dealt and one shown on top: 64 − 3 in the pile (the shown card and the
        // hidden Validation card included), the other two Validation cards in the discard.
        assert_eq!(g.pile_sizes(), (61, 2));
        assert_eq!((a.in_pile, a.in_discard), (1, 2));
        assert!(matches!(g.next_card(), Some(NextCard::Action(_))));
        // 43 cards above the bottom 21; 4 of them are gone (3 dealt, 1 shown).
        assert_eq!(a.guarded, 43 - 4);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut draws = 0;
        'game: while !g.is_over() {
            for d in &g.log()[g.round() as usize - 1].draws {
                draws += 1;
                if let Draw::Validation(_) = d {
                    // Turned up on the pile in turn 15 at the earliest (drawn then or next).
                    assert!(
                        g.round() >= 15,
                        "seed {seed}: a Validation card in turn {}",
                        g.round()
                    );
                    first_at.push(draws);
                    break 'game;
                }
            }
            let t = turn(g.position(), &mut rng);
            g.step(&[t]).unwrap();
        }
    }
    // The setup's Validation card is the 44th to 64th item of the pile.
    assert!(!first_at.is_empty());
    assert!(
        first_at.iter().all(|&n| (44..=64).contains(&n)),
        "{first_at:?}"
    );
    assert!(first_at.contains(&44) && first_at.iter().any(|&n| n > 60));
}

// ===== K66 drawing a Validation card =====

#[test]
fn k66_a_validation_card_is_resolved_removed_and_replaced_even_twice_in_a_row() {
    let mut twice = 0;
    for seed in 0..120 {
        let mut g = Game::new(aaa_options(1), 1, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            let t = turn(g.position(), &mut rng);
            let before = g.aaa().unwrap().drawn.len();
            g.step(&[t]).unwrap();
            check_cards(g.position());
            let now = g.aaa().unwrap().drawn.len();
            twice += usize::from(now >= before + 2);
            if !g.is_over() {
                // However many Validation cards came up, the hand holds 3 construction cards.
                assert_eq!(hand(g.position()).len(), 3);
            }
        }
        // Every Validation card resolved was drawn from the pile (the log lists it, the last
        // one possibly still lying on top) and never comes back.
        let logged: Vec<u8> = validations(&g).concat();
        let a = g.aaa().unwrap();
        assert!(logged.starts_with(&a.drawn));
        assert!(logged.len() <= a.drawn.len() + 1);
        let mut unique = a.drawn.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(
            unique.len(),
            a.drawn.len(),
            "a Validation card never comes back"
        );
    }
    assert!(twice > 0, "some deal draws two Validation cards in a row");
}

// ===== K67 Irene: validates A and C =====

#[test]
fn k67_irene_scores_projet_or_valide_and_ignores_b() {
    let irene = col().aaa.as_ref().unwrap().opponent(2).unwrap();
    assert_eq!(irene.name, "Irene");
    assert!(irene.card.validates.a && !irene.card.validates.b && irene.card.validates.c);
    let (mut saw_b, mut saw_projet, mut saw_valide) = (false, false, false);
    for seed in 0..200 {
        let mut g = Game::new(aaa_options(2), 1, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            let t = turn(g.position(), &mut rng);
            // What the plans show once the player's turn is played, before the next deal.
            let mut after_turn = *g.plans();
            for c in &t.plans {
                after_turn[c.plan as usize].approved = true;
            }
            let before = g.aaa().unwrap().plans;
            let seen = g.aaa().unwrap().drawn.len();
            g.step(&[t]).unwrap();
            let drawn = g.aaa().unwrap().drawn[seen..].to_vec();
            for l in drawn {
                let slot = l as usize;
                let a = g.aaa().unwrap();
                if slot == 1 {
                    saw_b = true;
                    assert_eq!(a.plans[1], None, "Irene never validates B");
                    assert_eq!(g.plans()[1].approved, after_turn[1].approved);
                    continue;
                }
                let expected = after_turn[slot].points(col());
                assert_eq!(before[slot], None);
                assert_eq!(
                    a.plans[slot],
                    Some(expected),
                    "seed {seed}, plan {}",
                    LETTERS[slot]
                );
                assert!(g.plans()[slot].approved, "the plan turns at once");
                let card = col().plan(g.plans()[slot].card).unwrap();
                if after_turn[slot].approved {
                    assert_eq!(expected, card.second);
                    saw_valide = true;
                } else {
                    assert_eq!(expected, card.first);
                    saw_projet = true;
                }
            }
        }
    }
    assert!(
        saw_b && saw_projet && saw_valide,
        "{saw_b} {saw_projet} {saw_valide}"
    );
}

// ===== K68 an AAA validation at the start of a turn comes first =====

#[test]
fn k68_after_the_aaa_validates_a_plan_the_player_scores_valide_that_turn() {
    let mut found = false;
    for seed in 0..100 {
        let mut g = Game::new(aaa_options(1), 1, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            let t = turn(g.position(), &mut rng);
            let seen = g.aaa().unwrap().drawn.len();
            g.step(&[t]).unwrap();
            let drawn = g.aaa().unwrap().drawn[seen..].to_vec();
            if let (Some(&l), false) = (drawn.first(), g.is_over()) {
                // Sam validated plan l while this turn was dealt: the plan is turned before
                // the player plays, so a validation now writes the later value.
                let slot = g.plans()[l as usize];
                let card = col().plan(slot.card).unwrap();
                assert!(slot.approved);
                assert_eq!(slot.points(col()), card.second);
                let ctx = g.context(0).unwrap();
                assert!(ctx.plans[l as usize].approved);
                found = true;
            }
        }
    }
    assert!(found);
}

// ===== K69 the AAA pile and the first reshuffle =====

#[test]
fn k69_the_third_card_goes_to_the_aaa_in_order_and_the_first_reshuffle_is_in_turn_22() {
    let mut reshuffles = 0;
    for seed in 0..150 {
        let mut g = Game::new(aaa_options(1), 1, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            let h = hand(g.position());
            let t = turn(g.position(), &mut rng);
            let given = match t.play {
                Play::Build(b) => match b.pick {
                    Pick::Hand((n, e)) => h[3 - n as usize - e as usize],
                    Pick::Combination(_) => unreachable!(),
                },
                Play::Refuse { pass } => h[pass.unwrap() as usize],
                Play::Unplayed => unreachable!("only Zombies rounds go unplayed"),
            };
            let before = g.aaa().unwrap().given.clone();
            let discard_before = g.pile_sizes().1;
            g.step(&[t]).unwrap();
            let after = &g.aaa().unwrap().given;
            assert_eq!(
                after[..before.len()],
                before[..],
                "the AAA pile never changes"
            );
            assert_eq!(after.last(), Some(&given));
            let (_, discard) = g.pile_sizes();
            if discard < discard_before {
                // The discard became the pile: 21 turns of 2 cards and the 2 Validation cards
                // put there at setup, never the AAA's cards.
                assert_eq!(g.round(), 22, "seed {seed}");
                assert_eq!(discard_before, 40 + 2);
                reshuffles += 1;
                break;
            }
            check_cards(g.position());
        }
    }
    assert!(reshuffles > 10, "{reshuffles} games reached turn 22");
}

// ===== K70 refusal =====

#[test]
fn k70_a_refusal_gives_the_card_of_the_players_choice_to_the_aaa() {
    let mut found = 0;
    for seed in 0..200 {
        let mut g = Game::new(aaa_options(1), 1, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            let legal = g.legal_turns(0);
            if legal.iter().all(|t| matches!(t.play, Play::Refuse { .. })) {
                let h = hand(g.position());
                let mut passes: Vec<Option<u8>> = legal
                    .iter()
                    .map(|t| match t.play {
                        Play::Refuse { pass } => pass,
                        Play::Build(_) | Play::Unplayed => None,
                    })
                    .collect();
                passes.dedup();
                assert_eq!(passes, [Some(0), Some(1), Some(2)], "any card may be given");
                let err = g.validate(0, &Turn::refuse(None)).unwrap_err();
                assert_eq!(err.code(), "pass_card_missing");
                let pass = (seed % 3) as u8;
                let discard = g.pile_sizes().1;
                let refusals = g.sheet(0).unwrap().refusals();
                g.step(&[Turn::refuse(Some(pass))]).unwrap();
                assert_eq!(g.sheet(0).unwrap().refusals(), refusals + 1);
                assert_eq!(g.aaa().unwrap().given.last(), Some(&h[pass as usize]));
                let after = g.pile_sizes().1;
                if after >= discard {
                    // No reshuffle since: the two other cards are on the discard.
                    assert_eq!(after, discard + 2);
                }
                check_cards(g.position());
                found += 1;
                break;
            }
            let t = turn(g.position(), &mut rng);
            g.step(&[t]).unwrap();
        }
    }
    assert!(found > 5, "{found}");
}

// ===== K71–K73 AAA scoring =====

fn pile(effects: &[Effect]) -> Vec<Card> {
    effects.iter().map(|&e| Card::new(1, e)).collect()
}

#[test]
fn k71_the_worked_example_sam_with_22_cards() {
    let given = pile(&[
        Landscaper, RealEstate, Surveyor, Bis, Landscaper, Pool, RealEstate, Surveyor, Surveyor,
        Temp, Landscaper, Surveyor, Temp, Bis, RealEstate, Landscaper, Pool, Surveyor, Landscaper,
        Temp, Surveyor, Pool,
    ]);
    assert_eq!(given.len(), 22);
    let s = AaaScore::of(&sam(), &given, [None; 3], 4, &classic().temp_majority, 5);
    assert_eq!(
        (s.parks, s.pools, s.temps, s.fences, s.estates),
        (5, 3, 7, 6, 30)
    );
    let values: Vec<i32> = s.all_estates.iter().map(|e| e.value).collect();
    assert_eq!(values, [4, 10, 2, 12, 2, 1]);
    assert_eq!(s.best, [12, 10, 4, 2, 2]);
    assert_eq!(s.total, 51);
    assert_eq!(s.estate_count, 6);
    let with_plans = AaaScore::of(&sam(), &given, [Some(8), None, Some(6)], 4, &[7, 4, 1], 5);
    assert_eq!(with_plans.total, 51 + 14);
    // The player's temp row: 4 boxes against 3 Intérimaire cards is first place.
    assert_eq!(temp_points(classic(), 4, Temps::Against(3)), 7);
}

#[test]
fn k72_temp_placing_against_the_aaa() {
    let four = pile(&[Temp, Temp, Temp, Temp]);
    let s = AaaScore::of(&sam(), &four, [None; 3], 4, &[7, 4, 1], 5);
    assert_eq!(s.temps, 4 + 7, "4 cards × 1 and a shared first place");
    assert_eq!(temp_points(classic(), 4, Temps::Against(4)), 7);
    let none = pile(&[Landscaper, Pool]);
    let s = AaaScore::of(&sam(), &none, [None; 3], 1, &[7, 4, 1], 5);
    assert_eq!(s.temps, 0);
    assert_eq!(temp_points(classic(), 1, Temps::Against(0)), 7);
    assert_eq!(temp_points(classic(), 0, Temps::Against(0)), 0);
}

#[test]
fn k73_aaa_estates() {
    // Two adjacent Barrière cards, and one at either end, make no estate.
    let e = aaa::estates(
        &pile(&[Surveyor, Pool, Surveyor, Surveyor, Temp, Surveyor]),
        &sam(),
    );
    assert_eq!(e.len(), 2);
    // An estate of 9 cards scores fully: no size limit.
    let nine = pile(&[Pool; 9]);
    let e = aaa::estates(&nine, &sam());
    assert_eq!((e.len(), e[0].houses, e[0].value), (1, 9, 9));
    // Two Amélioration cards count like one; an Extension counts ext_houses houses.
    let two = aaa::estates(&pile(&[RealEstate, RealEstate, Bis]), &sam());
    let one = aaa::estates(&pile(&[RealEstate, Pool, Bis]), &sam());
    assert_eq!(two[0].value, (2 + 2) * 2);
    assert_eq!(one[0].value, two[0].value);
    // The rulebook's example (FR2 677–685): 3 one-house cards with an Amélioration and an
    // Extension: 5 houses × 2.
    let ex = aaa::estates(&pile(&[Pool, RealEstate, Temp, Bis]), &sam());
    assert_eq!(ex[0].value, 10);
    // Only the 5 best estates score; all of them count for the tie-break.
    let six = pile(&[
        Pool, Surveyor, Pool, Surveyor, Pool, Surveyor, Pool, Surveyor, Pool, Surveyor, Pool,
    ]);
    let s = AaaScore::of(&sam(), &six, [None; 3], 0, &[7, 4, 1], 5);
    assert_eq!((s.estates, s.estate_count), (5, 6));
}

// ===== K74 level 0 =====

#[test]
fn k74_level_0_scores_nothing_turns_plans_and_places_the_players_temps_by_its_table() {
    let card = col().aaa.as_ref().unwrap().opponent(0).unwrap().card;
    assert_eq!(card.temp_places, Some([6, 4, 2]));
    let points = &classic().temp_majority;
    assert_eq!(aaa::AaaCard::place_points([6, 4, 2], 5, points), 4);
    assert_eq!(temp_points(classic(), 5, Temps::Places([6, 4, 2])), 4);
    assert_eq!(temp_points(classic(), 6, Temps::Places([6, 4, 2])), 7);
    assert_eq!(temp_points(classic(), 2, Temps::Places([6, 4, 2])), 1);
    assert_eq!(temp_points(classic(), 1, Temps::Places([6, 4, 2])), 0);
    let mut turned = false;
    for seed in 0..40 {
        let mut g = Game::new(aaa_options(0), 1, seed).unwrap();
        play_out(&mut g, seed);
        assert_eq!(g.aaa_score(), None, "level 0 scores nothing");
        assert_eq!(g.outcome(), None, "level 0 has no winner");
        let a = g.aaa().unwrap();
        for &l in &a.drawn {
            assert_eq!(a.plans[l as usize], Some(0));
            assert!(g.plans()[l as usize].approved);
            turned = true;
        }
        let me = &g.scores()[0];
        let boxes = g.sheet(0).unwrap().temps();
        assert_eq!(
            me.points("temps"),
            aaa::AaaCard::place_points([6, 4, 2], boxes, points)
        );
        let record = Record::of(&g, &["Ann".into()]);
        assert_eq!(record.result.as_ref().unwrap().aaa, None);
    }
    assert!(turned);
}

// ===== K75 only the player's sheet ends the game =====

#[test]
fn k75_the_aaa_validating_every_plan_does_not_end_the_game() {
    let mut found = false;
    for seed in 0..300 {
        let mut g = Game::new(aaa_options(1), 1, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            let t = turn(g.position(), &mut rng);
            g.step(&[t]).unwrap();
            if g.aaa().unwrap().plans.iter().all(Option::is_some) && !g.is_over() {
                found = true;
            }
        }
        for e in g.end() {
            assert!(!matches!(e, EndReason::DeckExhausted), "seed {seed}");
            if let EndReason::Plans { seat } = e {
                assert!(g
                    .sheet(*seat)
                    .unwrap()
                    .plan_scores()
                    .iter()
                    .all(Option::is_some));
            }
        }
    }
    assert!(
        found,
        "some AAA validates all three plans while the game goes on"
    );
}

// ===== K76 result =====

#[test]
fn k76_higher_total_wins_then_more_complete_estates_then_a_draw() {
    assert_eq!(Outcome::of((60, 1), (59, 9)), Outcome::Win);
    assert_eq!(Outcome::of((60, 3), (60, 2)), Outcome::Win);
    assert_eq!(Outcome::of((60, 2), (60, 3)), Outcome::Loss);
    assert_eq!(Outcome::of((60, 2), (60, 2)), Outcome::Draw);
    assert_eq!(Outcome::of((10, 9), (11, 0)), Outcome::Loss);
    // A finished game's outcome is the comparison of the player's score with the AAA's.
    for seed in 0..20 {
        let mut g = Game::new(aaa_options(3), 1, seed).unwrap();
        play_out(&mut g, seed);
        let me = &g.scores()[0];
        let aaa = g.aaa_score().unwrap();
        assert_eq!(
            g.outcome(),
            Some(Outcome::of(
                (me.total, me.tie_break.estates),
                (aaa.total, aaa.estate_count)
            ))
        );
    }
}

// ===== K77 opponent values out of range =====

#[test]
fn k77_opponent_values_outside_the_ranges_are_refused_naming_the_field() {
    let printed = col().aaa.as_ref().unwrap().opponent(1).unwrap().card;
    for (field, value) in [
        ("park", 5),
        ("pool", 6),
        ("temp", 0),
        ("temp", 3),
        ("fence", 0),
        ("fence", 4),
        ("ext_houses", 0),
        ("ext_houses", 5),
        ("impr", 0),
        ("impr", 5),
    ] {
        let mut card = printed;
        let s = card.scoring.as_mut().unwrap();
        *match field {
            "park" => &mut s.park,
            "pool" => &mut s.pool,
            "temp" => &mut s.temp,
            "fence" => &mut s.fence,
            "ext_houses" => &mut s.ext_houses,
            _ => &mut s.impr,
        } = value;
        let values = TableValues {
            opponent: Some(card),
            ..TableValues::default()
        };
        let err = Game::with_values(aaa_options(1), 1, 0, &values).unwrap_err();
        assert_eq!(err.code(), "bad_opponent_values");
        assert!(err.to_string().contains(field), "{err}");
        assert!(err.to_string().contains(&value.to_string()), "{err}");
    }
    // The same values in an edition data file are refused when it loads.
    let text = include_str!("../data/editions/collector/edition.json");
    let sheet = include_str!("../data/editions/collector/sheets/classic.json");
    let bad = text.replacen("\"impr\": 2", "\"impr\": 9", 1);
    assert_ne!(bad, text);
    let err = Edition::from_json(&bad, &[sheet]).unwrap_err();
    assert!(err.to_string().contains("impr"), "{err}");
    assert!(err.to_string().contains("Sam"), "{err}");
    // A level-0 card with per-card values, or a level the edition lacks, is refused too.
    let mut zero = col().aaa.as_ref().unwrap().opponent(0).unwrap().card;
    zero.scoring = printed.scoring;
    let values = TableValues {
        opponent: Some(zero),
        ..TableValues::default()
    };
    assert!(Game::with_values(aaa_options(0), 1, 0, &values).is_err());
    let err = Game::new(aaa_options(6), 1, 0).unwrap_err();
    assert_eq!(err.code(), "unknown_aaa_level");
}

// ===== K78 table-entered values =====

#[test]
fn k78_entered_opponent_and_plan_values_are_used_stored_and_replayed() {
    let printed = col().aaa.as_ref().unwrap().opponent(1).unwrap().card;
    let mut card = printed;
    card.scoring = Some(AaaScoring {
        park: 4,
        pool: 5,
        temp: 2,
        fence: 3,
        ext_houses: 4,
        impr: 4,
    });
    card.validates.b = false;
    let mut values = TableValues {
        opponent: Some(card),
        ..TableValues::default()
    };
    values.plans[0] = Some([15, 9]);
    for seed in 0..10 {
        let mut plain = Game::new(aaa_options(1), 1, seed).unwrap();
        let mut entered = Game::with_values(aaa_options(1), 1, seed, &values).unwrap();
        assert_eq!(entered.values(), &values);
        assert_eq!(entered.aaa().unwrap().card, card);
        assert_eq!(entered.plans()[0].points(col()), 15);
        play_out(&mut plain, seed);
        play_out(&mut entered, seed);
        let s = entered.aaa_score().unwrap();
        let a = entered.aaa().unwrap();
        let n = |e| aaa::count(&a.given, e) as i32;
        assert_eq!(s.parks, 4 * n(Landscaper));
        assert_eq!(s.pools, 5 * n(Pool));
        assert_eq!(s.fences, 3 * n(Surveyor));
        assert_eq!(a.plans[1], None, "the entered card does not validate B");
        if let Some(p) = a.plans[0] {
            assert!(p == 15 || p == 9);
        }
        for (seat, p) in entered.sheets().iter().zip([0usize]) {
            if let Some(points) = seat.plan_scores()[p] {
                assert!(points == 15 || points == 9, "{points}");
            }
        }
        // The record keeps the values and replays to the same result.
        let record = Record::of(&entered, &["Ann".into()]);
        assert_eq!(record.setup.values, values);
        let text = record.to_json();
        let back = Record::from_json(&text).unwrap().replay().unwrap();
        assert_eq!(back.scores(), entered.scores());
        assert_eq!(back.aaa_score(), entered.aaa_score());
        assert!(record.result.as_ref().unwrap().aaa.is_some());
    }
    // Out-of-range plan values are refused and nothing is set up.
    let mut bad = TableValues::default();
    bad.plans[2] = Some([4, 4]);
    let err = Game::with_values(aaa_options(1), 1, 0, &bad).unwrap_err();
    assert_eq!(err.code(), "bad_plan_values");
    assert!(err.to_string().contains("plans.C"), "{err}");
    // An opponent card entered for a game without the AAA is refused.
    let mut std = Options::new(Mode::Standard);
    std.edition = EditionId::new("collector").unwrap();
    let only_card = TableValues {
        opponent: Some(card),
        ..TableValues::default()
    };
    assert!(Game::with_values(std, 2, 0, &only_card).is_err());
}

// ===== whole games =====

#[test]
fn aaa_games_at_every_level_replay_and_keep_every_card() {
    for level in 0..=5u8 {
        for (sheet, advanced) in [("classic", false), ("blueprint", true)] {
            for seed in 0..6 {
                let o = aaa_options(level)
                    .sheet(SheetId::new(sheet).unwrap())
                    .advanced(advanced);
                let mut g = Game::new(o, 1, seed).unwrap();
                play_out(&mut g, seed ^ u64::from(level));
                assert_eq!(g.options().aaa_level, Some(level));
                let record = Record::of(&g, &["Ann".into()]);
                let replayed = Record::from_json(&record.to_json())
                    .unwrap()
                    .replay()
                    .unwrap();
                assert_eq!(replayed.position(), g.position());
                assert_eq!(level > 0, g.outcome().is_some());
                // The plans can be known before the game starts (to enter their values).
                assert_eq!(plans_for(&o, seed).unwrap(), g.plans().map(|p| p.card));
                // A view of any AAA position rebuilds a consistent position, and the player can
                // work out the AAA's score from it.
                let v = PlayerView::of(g.position(), 0).unwrap();
                assert_eq!(v.aaa_score(), g.aaa_score());
                assert!(Position::from_view(&v, 7).is_ok());
            }
        }
    }
}

#[test]
fn aaa_views_rebuild_positions_that_play_on() {
    for seed in 0..20 {
        let mut g = Game::new(aaa_options(2), 1, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            let v = PlayerView::of(g.position(), 0).unwrap();
            let p = Position::from_view(&v, seed).unwrap();
            // Everything the player sees is the same in the rebuilt position.
            let w = PlayerView::of(&p, 0).unwrap();
            assert_eq!((w.pile, w.discard), (v.pile, v.discard));
            assert_eq!(w.aaa, v.aaa);
            assert_eq!(w.next, v.next);
            assert_eq!(w.unseen, v.unseen);
            assert_eq!(p.legal_turns(0), g.legal_turns(0));
            let t = turn(g.position(), &mut rng);
            let mut q = p.clone();
            q.step(std::slice::from_ref(&t)).unwrap();
            g.step(&[t]).unwrap();
        }
    }
}
