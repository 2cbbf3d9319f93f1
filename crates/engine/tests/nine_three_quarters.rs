//! Conformance with the collector expansions specification §11, the 9¾ cards: one test per
//! item of its checklist (E76–E80, named `eNN_…`), the deck and the dealing of every mode with
//! 66 cards (§11.2, Ruling X33), whole games with the cards on every collector sheet in every
//! mode, listed decisions against validation, and bad input.
//!
//! Expected values come from the spec's text and examples, never from the engine.

mod common;

use common::expansion::*;
use common::{h, Style, P0};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use welcome_engine::modules::{atomic, christmas, easter, Module};
use welcome_engine::number::{self, NINE_THREE_QUARTERS as NINE};
use welcome_engine::*;

use Effect::{Bis, Landscaper, Pool, RealEstate, Surveyor, Temp};

/// The code of n¾.
fn q(n: u8) -> u8 {
    number::quarter(n).unwrap()
}

/// Options of the collector edition on `sheet` with the 9¾ cards.
fn with_cards(sheet: &str, mode: Mode, advanced: bool) -> Options {
    opts(sheet, mode, advanced).nine_three_quarters(true)
}

/// Every construction card drawn in `g`'s log so far.
fn cards_drawn(g: &Game) -> Vec<Card> {
    g.log()
        .iter()
        .flat_map(|r| &r.draws)
        .filter_map(|d| match d {
            Draw::Card(c) => Some(*c),
            _ => None,
        })
        .collect()
}

/// Houses holding a ¾ number, over every sheet of `g`.
fn quarters_written(g: &Game) -> usize {
    g.sheets()
        .iter()
        .map(|s| {
            s.all_houses()
                .filter(|&x| s.number(x).is_some_and(number::is_quarter))
                .count()
        })
        .sum()
}

// ===== §11.4 checklist =====

#[test]
fn e76_the_standard_piles_hold_22_cards_each() {
    let nines = Edition::by_id("collector")
        .unwrap()
        .nine_three_quarters
        .clone();
    assert_eq!(
        nines,
        [
            Card::new(NINE, Surveyor),
            Card::new(NINE, RealEstate),
            Card::new(NINE, Landscaper)
        ],
        "three 9¾ cards: Barrière, Amélioration, Parc (X39)"
    );
    let mut g = Game::dealer(
        with_cards("classic", Mode::Standard, false),
        76,
        &TableValues::default(),
    )
    .unwrap();
    // Round 1 flips one card of each pile and shows the next: 66 − 6 left.
    assert_eq!(g.pile_sizes(), (60, 0));
    for round in 1..=64u16 {
        assert_eq!(g.round(), round);
        let piles = g.piles();
        assert_eq!(piles.len(), 3);
        for p in &piles {
            let (stack, discard) = (p.stack.len(), p.discard.len());
            match round {
                // The first deal: cards 1–22 of each pile; turn r has discarded r − 1.
                1..=21 => assert_eq!((stack, discard), (0, round as usize - 1), "{round}"),
                // The first reshuffle at turn 22 (the 21 cards flipped in turns 1–21; the
                // 22nd card is this turn's), then every 21 turns: 43, 64.
                22..=42 => assert_eq!((stack, discard), (42 - round as usize, round as usize - 22)),
                43..=63 => assert_eq!((stack, discard), (63 - round as usize, round as usize - 43)),
                _ => assert_eq!((stack, discard), (20, 0)),
            }
            if round >= 22 {
                // Each pile keeps its 22 cards: stack, discard, the card flipped and the top.
                assert_eq!(stack + discard + 2, 22);
            }
        }
        if round == 21 {
            // Every card has been dealt once: the 66 of the deck with the three 9¾ cards.
            let mut drawn = cards_drawn(&g);
            drawn.sort();
            let mut deck = g.edition().deck_with(true);
            deck.sort();
            assert_eq!(drawn.len(), 66);
            assert_eq!(drawn, deck);
        }
        g.deal_next([false; 3], false).unwrap();
    }
    // Without the 9¾ cards the piles hold 21 and the first reshuffle is at turn 21.
    let mut g = Game::dealer(
        opts("classic", Mode::Standard, false),
        76,
        &TableValues::default(),
    )
    .unwrap();
    assert_eq!(g.pile_sizes(), (57, 0));
    for _ in 1..21 {
        g.deal_next([false; 3], false).unwrap();
    }
    assert!(g.piles().iter().all(|p| p.stack.len() == 19));
}

#[test]
fn e77_nine_three_quarters_lies_strictly_between_9_and_10() {
    let l = lay("classic");
    let plans = slots([0, 6, 12]);
    let nine = ctx(l, offer1(NINE, Surveyor), &plans);
    // `9 _ 10`: no whole number fits the middle house, 9¾ does.
    let s = sheet("classic", ["9 _ 10", "", ""]);
    assert_eq!(s.number_range(h(1, 2)), None);
    assert!(s.rank_range(h(1, 2)).is_some());
    let after = nine.apply(&s, &Turn::build(P0, h(1, 2), NINE)).unwrap();
    assert_eq!(after.number(h(1, 2)), Some(NINE));
    // The listing agrees: in street 1 the 9¾ card goes in house 2 only.
    let mut listed = Vec::new();
    nine.placements(&s, &mut listed);
    let street1: Vec<HouseRef> = listed
        .iter()
        .filter(|p| p.pick == P0 && p.house.street == 0)
        .map(|p| p.house)
        .collect();
    assert_eq!(street1, [h(1, 2)]);
    assert!(listed.iter().all(|p| p.number == NINE));
    for n in [9, 10] {
        let c = ctx(l, offer1(n, Surveyor), &plans);
        let e = c.apply(&s, &Turn::build(P0, h(1, 2), n)).unwrap_err();
        assert_eq!(e.code(), "number_out_of_order");
    }
    // `9¾ _`: the next house takes 10, not 9, not another 9¾.
    let s = sheet("classic", ["9¾ _", "", ""]);
    let ten = ctx(l, offer1(10, Surveyor), &plans);
    assert!(ten.apply(&s, &Turn::build(P0, h(1, 2), 10)).is_ok());
    let e = ctx(l, offer1(9, Surveyor), &plans)
        .apply(&s, &Turn::build(P0, h(1, 2), 9))
        .unwrap_err();
    assert_eq!(e.code(), "number_out_of_order");
    assert_eq!(
        e.to_string(),
        "9 cannot go in street 1 house 2: street 1 house 1 to its left holds 9¾ and numbers must increase from left to right"
    );
    assert!(nine.apply(&s, &Turn::build(P0, h(1, 2), NINE)).is_err());
    // `_ 9¾`: 9 fits before it, 10 does not.
    let s = sheet("classic", ["_ 9¾", "", ""]);
    assert_eq!(s.number_range(h(1, 1)), Some((0, 9)));
    // An Extension copy gives 9¾B, after which 10 fits and 9¾ does not (it has its original).
    let s = sheet("classic", ["9¾", "", ""]);
    let bis = ctx(l, offer1(12, Bis), &plans);
    let copy = Turn::build(P0, h(1, 4), 12).with_effect(EffectUse::Bis {
        from: h(1, 1),
        to: h(1, 2),
    });
    let s = bis.apply(&s, &copy).unwrap();
    assert_eq!(
        s.house(h(1, 2)),
        House::Number {
            value: NINE,
            bis: true
        }
    );
    assert_eq!(
        SheetData::of(l, &s).streets[0].houses[..4],
        ["9¾", "9¾b", "", "12"]
    );
    assert_eq!(s.number_range(h(1, 3)), Some((10, 11)));
    let e = nine.apply(&s, &Turn::build(P0, h(1, 3), NINE)).unwrap_err();
    assert_eq!(e.code(), "number_out_of_order");
    let s = sheet("classic", ["9¾ 9¾b", "", ""]);
    assert_eq!(s.number_range(h(1, 3)), Some((10, 17)));
}

#[test]
fn e78_a_temp_changes_nine_three_quarters_by_up_to_two() {
    let l = lay("classic");
    let plans = slots([0, 6, 12]);
    assert_eq!(legal::numbers_for(NINE, Temp), q(7)..=q(11));
    assert_eq!(legal::numbers_for(NINE, Surveyor), NINE..=NINE);
    let temp = ctx(l, offer1(NINE, Temp), &plans);
    // On a blank street every one of 7¾ … 11¾ fits, each once.
    let mut listed = Vec::new();
    temp.placements(&Sheet::new(l), &mut listed);
    let first: Vec<String> = listed
        .iter()
        .filter(|p| p.pick == P0 && p.house == h(1, 1))
        .map(|p| number::shown(p.number).to_string())
        .collect();
    assert_eq!(first, ["7¾", "8¾", "9¾", "10¾", "11¾"]);
    // `11 _ 12`: 11¾ fits (the temp used), nothing else of the pick does.
    let s = sheet("classic", ["11 _ 12", "", ""]);
    let t = Turn::build(P0, h(1, 2), q(11)).with_effect(EffectUse::Temp);
    let after = temp.apply(&s, &t).unwrap();
    assert_eq!(after.number(h(1, 2)), Some(q(11)));
    assert_eq!(after.temps(), 1);
    let e = temp
        .apply(&s, &Turn::build(P0, h(1, 2), q(11)))
        .unwrap_err();
    assert_eq!(e.code(), "temp_needed");
    assert!(
        e.to_string().starts_with("11¾ differs from the card's 9¾"),
        "{e}"
    );
    temp.placements(&s, &mut listed);
    let street1: Vec<(HouseRef, u8)> = listed
        .iter()
        .filter(|p| p.pick == P0 && p.house.street == 0)
        .map(|p| (p.house, p.number))
        .collect();
    assert_eq!(street1, [(h(1, 2), q(11))]);
    // `7 _ 8`: 7¾; a whole number from the same card cannot be asked for.
    let s = sheet("classic", ["7 _ 8", "", ""]);
    let t = Turn::build(P0, h(1, 2), q(7)).with_effect(EffectUse::Temp);
    assert!(temp.apply(&s, &t).is_ok());
    let e = temp
        .apply(
            &Sheet::new(l),
            &Turn::build(P0, h(1, 2), 9).with_effect(EffectUse::Temp),
        )
        .unwrap_err();
    assert_eq!(e.code(), "number_not_offered");
    assert_eq!(e.to_string(), "the combination gives 7¾ to 11¾, not 9");
    // A whole card's temp never reaches a ¾ number.
    let e = ctx(l, offer1(10, Temp), &plans)
        .apply(
            &Sheet::new(l),
            &Turn::build(P0, h(1, 2), q(11)).with_effect(EffectUse::Temp),
        )
        .unwrap_err();
    assert_eq!(e.code(), "number_not_offered");
}

#[test]
fn e79_christmas_lights_link_around_a_three_quarter_number() {
    let s = sheet("christmas", ["8 9¾ 10", "9¾ 11", "9 9¾ 10"]);
    assert_eq!(christmas::longest_string(&s, 0), 3, "8 9¾ 10 is one string");
    assert!(!christmas::linked(&s, 1, 0), "9¾ 11 is not linked");
    assert_eq!(christmas::longest_string(&s, 1), 0);
    assert_eq!(christmas::longest_string(&s, 2), 3, "9 9¾ 10 too");
    // Its own Extension copy links; two different ¾ numbers do not; 7 → 8¾ → 9 does.
    let s = sheet("christmas", ["9¾ 9¾b 10", "9¾ 10¾", "7 8¾ 9"]);
    assert_eq!(christmas::longest_string(&s, 0), 3);
    assert_eq!(christmas::longest_string(&s, 1), 0);
    assert_eq!(christmas::longest_string(&s, 2), 3);
    // n¾ after n − 2 or before n + 2 does not link.
    assert!(!christmas::links(7, NINE));
    assert!(!christmas::links(NINE, 11));
    assert!(christmas::links(8, NINE) && christmas::links(9, NINE) && christmas::links(NINE, 10));
    assert!(!christmas::links(10, NINE), "numbers go up");
}

#[test]
fn e80_atomic_war_a_shelter_filled_by_nine_three_quarters_holds_9() {
    let l = lay("atomic-war");
    // S1 house 2 holds a shelter.
    let s = play(l, &Sheet::new(l), 1, 2, NINE, Surveyor, None);
    assert_eq!(atomic::capacity(l, &s, 0), 9);
    // An Extension copy 9¾B into a shelter (S2 house 4) writes 9 too.
    let s = play(l, &s, 2, 3, NINE, Surveyor, None);
    let s = play(
        l,
        &s,
        2,
        5,
        10,
        Bis,
        Some(EffectUse::Bis {
            from: h(2, 3),
            to: h(2, 4),
        }),
    );
    assert_eq!(s.number(h(2, 4)), Some(NINE));
    assert_eq!(atomic::capacity(l, &s, 1), 9);
    // 11¾ from a temp writes 11 (S3 house 3 holds a shelter).
    let plans = slots([0, 6, 12]);
    let t = Turn::build(P0, h(3, 3), q(11)).with_effect(EffectUse::Temp);
    let s = ctx(l, offer1(NINE, Temp), &plans).apply(&s, &t).unwrap();
    assert_eq!(atomic::capacity(l, &s, 2), 11);
    // The AAA builds the highest of the last 3 cards given to it, a 9¾ card counting 9 (X22).
    let m = Module::Atomic;
    let mut halves = m.aaa_halves(l);
    let given = [
        Card::new(12, Surveyor),
        Card::new(2, Surveyor),
        Card::new(NINE, RealEstate),
        Card::new(4, Bis),
    ];
    let mut player = Sheet::new(l);
    m.on_validation(l, &mut player, &mut halves, &given, 0);
    assert_eq!(&halves[..3], [20, 9, 0]);
}

// ===== the other rules of §11.3 =====

#[test]
fn easter_a_three_quarter_number_collects_as_its_whole_part() {
    let e = lay("easter");
    // E7: 9¾ → 1; the temp's 8¾ and 10¾ → 2, 7¾ and 11¾ → 0.
    assert_eq!(e.egg_loops_of(NINE), 1);
    for (n, want) in [(7, 0), (8, 2), (10, 2), (11, 0)] {
        assert_eq!(e.egg_loops_of(q(n)), want, "{n}¾");
    }
    // S1 house 4 prints 2 eggs: 9¾ there collects 1.
    let s = plays(e, Sheet::new(e), &[(1, 4, NINE)]);
    assert_eq!(easter::collected(e, &s, h(1, 4)), 1);
    // E14: the AAA's 6, 8, 8, 9, 10, 3, 9¾ are 9 eggs: 5 points.
    let given = cards(&[
        (6, Landscaper),
        (8, Pool),
        (8, Surveyor),
        (9, Temp),
        (10, RealEstate),
        (3, Bis),
        (NINE, Surveyor),
    ]);
    let (points, s) = aaa_row("easter", &given, &Sheet::new(e));
    assert_eq!(points, 5);
    assert!(
        s.sheet_rows[0].detail.contains("9 eggs"),
        "{}",
        s.sheet_rows[0].detail
    );
}

#[test]
fn on_the_other_sheets_a_three_quarter_number_is_an_ordinary_number() {
    for id in [
        "american-dream",
        "roswell",
        "zombies",
        "halloween",
        "ice-cream",
        "coin-coin",
    ] {
        let l = lay(id);
        let plans = slots([0, 6, 12]);
        let s = Sheet::new(l);
        // The sheet's own decisions (an objective first on Roswell) come from its machine.
        let ctx = ctx(l, offer1(NINE, Surveyor), &plans);
        let mut m = TurnMachine::new(ctx, &s);
        let mut options = Vec::new();
        m.options(&mut options);
        if m.stage() == Stage::Objective {
            m.apply(options[0].clone()).unwrap();
            m.options(&mut options);
        }
        let build = Decision::Build {
            pick: P0,
            house: h(1, 2),
            number: NINE,
        };
        assert!(options.contains(&build), "{id}: {options:?}");
        m.apply(build).unwrap();
        assert_eq!(m.sheet().number(h(1, 2)), Some(NINE), "{id}");
    }
}

// ===== §11.2 the deck in every mode =====

#[test]
fn every_dealer_deals_the_66_cards() {
    // Expert: one deck of 66 (hands, the card shown on top, the pile).
    let g = Game::new(with_cards("classic", Mode::Expert, false), 3, 5).unwrap();
    let hands: usize = (0..3).map(|s| g.offer(s).unwrap().len()).sum();
    assert_eq!(hands, 9);
    assert_eq!(g.pile_sizes().0 + g.pile_sizes().1 + hands, 66);
    // AAA: 20 cards and a Validation card at the bottom, the other 46 on top (a draw pile of
    // 67): the Validation card cannot come up in the first 46 draws.
    for seed in 0..4 {
        let g = Game::new(
            with_cards("classic", Mode::Solo, false).aaa_level(2),
            1,
            seed,
        )
        .unwrap();
        let v = PlayerView::of(&g, 0).unwrap();
        let aaa = v.aaa.as_ref().unwrap();
        assert_eq!(aaa.guarded + cards_drawn(&g).len(), 46);
        // The deck, the Validation cards (1 in the pile, 2 in the discard) and the hand.
        assert_eq!(g.pile_sizes().0 + g.pile_sizes().1 + 3, 66 + 3);
        let g = Game::new(opts("classic", Mode::Solo, false).aaa_level(2), 1, seed).unwrap();
        let v = PlayerView::of(&g, 0).unwrap();
        assert_eq!(v.aaa.unwrap().guarded + cards_drawn(&g).len(), 43);
    }
    // Zombies, standard game: pile 1 holds 30 construction cards, pile 2 the other 36.
    let g = Game::new(with_cards("zombies", Mode::Standard, false), 3, 7).unwrap();
    let z = g.zombie_pile().unwrap();
    assert_eq!(z.holds, 30);
    let pile_two = g.pile_sizes().0 - usize::from(z.holds - z.drawn) + usize::from(z.drawn);
    assert_eq!(pile_two, 36);
    // Zombies AAA: 60 of the 66 in three packets, 6 back to the box.
    let g = Game::new(with_cards("zombies", Mode::Solo, false).aaa_level(1), 1, 8).unwrap();
    let z = g.zombie_pile().unwrap();
    let packets: usize = z
        .deck
        .unwrap()
        .packets
        .iter()
        .map(|p| p.cards as usize)
        .sum();
    assert_eq!(packets + cards_drawn(&g).len(), 60);
    let shown = usize::from(g.next_card().is_some());
    assert_eq!(g.pile_sizes().0 - shown + cards_drawn(&g).len(), 66);
    // Zombies expert: 10 cards per player, from the 66.
    let g = Game::new(with_cards("zombies", Mode::Expert, false), 4, 9).unwrap();
    let z = g.zombie_pile().unwrap();
    let packets: usize = z
        .deck
        .unwrap()
        .packets
        .iter()
        .map(|p| p.cards as usize)
        .sum();
    assert_eq!(packets + cards_drawn(&g).len() - 4, 40);
}

// ===== whole games =====

/// Whole games with the 9¾ cards on every collector sheet in `modes`: they finish, score row
/// by row, replay byte for byte; returns the ¾ numbers written.
fn games(modes: &[(Mode, usize)], base: u64) -> usize {
    let mut written = 0;
    for (k, l) in col().sheets.iter().enumerate() {
        let id = l.id.as_str();
        for (j, &(mode, players)) in modes.iter().enumerate() {
            let seed = base + 10 * k as u64 + j as u64;
            let advanced = l.advanced && seed.is_multiple_of(2);
            let g = common::play_game(
                with_cards(id, mode, advanced),
                players,
                seed,
                &Style::RANDOM,
            );
            check_game(&g);
            written += quarters_written(&g);
        }
    }
    written
}

#[test]
fn standard_games_on_every_sheet_replay() {
    assert!(games(&[(Mode::Standard, 2), (Mode::Standard, 4)], 7600) > 0);
}

#[test]
fn expert_games_on_every_sheet_replay() {
    assert!(games(&[(Mode::Expert, 3)], 7700) > 0);
}

#[test]
fn aaa_games_at_every_level_on_every_sheet_replay() {
    let mut written = 0;
    for (k, l) in col().sheets.iter().enumerate() {
        for level in 0..=5u8 {
            let seed = 7800 + 10 * k as u64 + u64::from(level);
            let advanced = l.advanced && level % 2 == 1;
            let g = aaa_game(
                with_cards(l.id.as_str(), Mode::Solo, advanced).aaa_level(level),
                seed,
            );
            check_game(&g);
            assert_eq!(g.aaa_score().is_some(), level > 0);
            written += quarters_written(&g);
            // The AAA's halves (Atomic War) hold its printed 20 and 30, the 10 of a roundabout
            // and the highest of its last cards, a 9¾ as 9: whole numbers.
            let a = g.aaa().unwrap();
            assert!(
                a.halves.iter().all(|&v| v <= 15 || v == 20 || v == 30),
                "{:?}",
                a.halves
            );
        }
    }
    assert!(written > 0);
}

// ===== listed decisions against validation =====

/// Turns listed per state before the listing is cut short.
const CAP: usize = 3000;

fn rand_house(rng: &mut ChaCha8Rng) -> HouseRef {
    HouseRef::new(rng.gen_range(0..4), rng.gen_range(0..14))
}

/// A number, mostly a ¾ one.
fn rand_number(rng: &mut ChaCha8Rng) -> u8 {
    if rng.gen_bool(0.5) {
        rng.gen_range(q(7)..=q(11))
    } else {
        rng.gen_range(0..=17)
    }
}

/// A listed turn with its number, house, pick or effect replaced at random.
fn mutate(rng: &mut ChaCha8Rng, t: &Turn, sheet: &Sheet) -> Turn {
    let mut t = t.clone();
    if let Play::Build(b) = &mut t.play {
        match rng.gen_range(0..5) {
            0 | 1 => b.number = rand_number(rng),
            2 => b.house = rand_house(rng),
            3 => {
                b.pick = if rng.gen_bool(0.5) {
                    Pick::Combination(rng.gen_range(0..3))
                } else {
                    Pick::Hand((rng.gen_range(0..3), rng.gen_range(0..3)))
                }
            }
            _ => {
                let numbered: Vec<HouseRef> = sheet
                    .all_houses()
                    .filter(|&x| sheet.number(x).is_some())
                    .collect();
                b.effect = match rng.gen_range(0..3) {
                    0 => None,
                    1 => Some(EffectUse::Temp),
                    _ if numbered.is_empty() => None,
                    _ => {
                        let from = numbered[rng.gen_range(0..numbered.len())];
                        let to = HouseRef::new(from.street, from.house.saturating_add(1));
                        Some(EffectUse::Bis { from, to })
                    }
                };
            }
        }
    } else {
        t.play = Play::Build(Build {
            pick: P0,
            house: rand_house(rng),
            number: rand_number(rng),
            choice: None,
            effect: None,
            pass: None,
        });
    }
    t
}

/// Every listed turn of `seat` validates and the count agrees; random turns validate exactly
/// when they are listed, and a rejected one changes nothing.
fn check_turns(game: &Game, seat: usize, rng: &mut ChaCha8Rng) {
    let ctx = game.context(seat).unwrap();
    let sheet = *game.sheet(seat).unwrap();
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
    assert!(!listed.is_empty());
    for t in &listed {
        if let Err(e) = ctx.apply(&sheet, t) {
            panic!("listed turn rejected: {e}\n{t:?}\n{sheet}");
        }
    }
    let set: HashSet<Turn> = listed.iter().cloned().collect();
    assert_eq!(set.len(), listed.len());
    if complete {
        assert_eq!(game.count_turns(seat), listed.len() as u64);
    }
    let before = Record::of(game, &[]).to_json();
    let mut probe = game.clone();
    for _ in 0..100 {
        let base = rng.gen_range(0..listed.len());
        let t = mutate(rng, &listed[base], &sheet);
        let result = ctx.apply(&sheet, &t);
        if complete {
            assert_eq!(
                result.is_ok(),
                set.contains(&t),
                "listing and validation disagree on {t:?}: {result:?}\n{sheet}"
            );
        }
        if let Err(e) = result {
            assert!(!e.code().is_empty());
            assert_eq!(probe.submit(seat, t), Err(e));
            assert_eq!(Record::of(&probe, &[]).to_json(), before);
        }
    }
}

/// On every collector sheet in every mode, states reached by random play with the 9¾ cards:
/// every state where a 9¾ card is offered and every fifth round otherwise.
#[test]
fn listed_decisions_are_exactly_the_valid_ones() {
    let mut offered = 0;
    for (k, l) in col().sheets.iter().enumerate() {
        for (j, (mode, players)) in [(Mode::Standard, 3), (Mode::Expert, 2), (Mode::Solo, 1)]
            .into_iter()
            .enumerate()
        {
            let seed = 9000 + 10 * k as u64 + j as u64;
            let mut options = with_cards(l.id.as_str(), mode, l.advanced && k % 2 == 0);
            if mode == Mode::Solo {
                options = options.aaa_level(1);
            }
            let mut g = common::new_game(options, players, seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while !g.is_over() {
                let seat = rng.gen_range(0..players);
                let quarter = g
                    .offer(seat)
                    .unwrap()
                    .picks()
                    .any(|(_, n, _)| number::is_quarter(n));
                offered += usize::from(quarter);
                if quarter || g.round().is_multiple_of(5) {
                    check_turns(&g, seat, &mut rng);
                }
                common::play_round(&mut g, &mut rng, &Style::RANDOM);
            }
        }
    }
    assert!(offered > 20, "states that offered a 9¾ card: {offered}");
}

// ===== bad input =====

#[test]
fn expert_deals_hands_of_three_to_one_more_seat_with_the_66_cards() {
    // 63 cards: 21 hands of three; 66 cards: 22 (§11.2: the expert game uses one deck of 66)
    let e = Game::new(opts("classic", Mode::Expert, false), 22, 1).unwrap_err();
    assert_eq!(e.code(), "too_many_seats");
    assert!(e.to_string().contains("21"), "{e}");
    let g = common::new_game(with_cards("classic", Mode::Expert, false), 22, 1);
    assert_eq!(g.players(), 22);
    let e = Game::new(with_cards("classic", Mode::Expert, false), 23, 1).unwrap_err();
    assert_eq!(e.code(), "too_many_seats");
    assert!(e.to_string().contains("22"), "{e}");
    // every seat holds a hand of three in the first round, 66 cards dealt
    for seat in 0..22 {
        match g.offer(seat) {
            Some(Offer::Hand(h)) => assert_eq!(h.len(), 3, "seat {seat}"),
            other => panic!("seat {seat}: {other:?}"),
        }
    }
}

#[test]
fn the_option_needs_an_edition_with_the_cards() {
    let first = Options::new(Mode::Standard).nine_three_quarters(true);
    let e = Game::new(first, 2, 1).unwrap_err();
    assert_eq!(e.code(), "no_nine_three_quarters");
    assert!(
        e.to_string().contains("edition first has no 9¾ cards"),
        "{e}"
    );
    let e = Game::dealer(first, 1, &TableValues::default()).unwrap_err();
    assert_eq!(e.code(), "no_nine_three_quarters");
    // A record asking for them on the 1st edition is refused at its setup.
    let g = common::new_game(Options::new(Mode::Standard), 2, 1);
    let text = Record::of(&g, &[]).to_json().replacen(
        "\"sheet\":\"classic\"",
        "\"sheet\":\"classic\",\"nine_three_quarters\":true",
        1,
    );
    assert!(text.contains("nine_three_quarters"));
    let e = Record::from_json(&text).unwrap().replay().unwrap_err();
    assert_eq!(e.code(), "record_setup");
    // Without the option, options and records are written as before: no field.
    let g = common::new_game(opts("classic", Mode::Standard, false), 2, 1);
    assert!(!Record::of(&g, &[])
        .to_json()
        .contains("nine_three_quarters"));
    let g = common::new_game(with_cards("classic", Mode::Standard, false), 2, 1);
    assert!(Record::of(&g, &[])
        .to_json()
        .contains("\"nine_three_quarters\":true"));
}

#[test]
fn records_refuse_three_quarter_numbers_they_cannot_hold() {
    // A game with the cards, played until a ¾ number is written.
    let (g, text) = (0..40u64)
        .find_map(|seed| {
            let g = common::play_game(
                with_cards("classic", Mode::Standard, false),
                2,
                seed,
                &Style::RANDOM,
            );
            let text = Record::of(&g, &[]).to_json();
            (quarters_written(&g) > 0 && text.contains("\"number\":\"9¾\"")).then_some((g, text))
        })
        .expect("some game writes a 9¾");
    common::check_replay(&g);
    assert!(text.contains("9¾-"), "the draws name the 9¾ cards");
    // Without the option the 9¾ cards are not in the pile.
    let e = Record::from_json(&text.replace(",\"nine_three_quarters\":true", ""))
        .unwrap()
        .replay()
        .unwrap_err();
    assert_eq!(e.code(), "record_draws");
    assert!(e.to_string().contains("9¾"), "{e}");
    // A number the 9¾ card cannot give is an illegal turn; a malformed one does not parse.
    let at = text
        .match_indices("\"number\":\"9¾\"")
        .map(|(i, _)| i)
        .find(|&i| text[..i].rfind("\"house\":[").is_some_and(|j| i - j < 16))
        .expect("a turn writes 9¾");
    let wrong = format!(
        "{}\"number\":0{}",
        &text[..at],
        &text[at + "\"number\":\"9¾\"".len()..]
    );
    let e = Record::from_json(&wrong).unwrap().replay().unwrap_err();
    assert_eq!(e.code(), "record_illegal_turn");
    assert!(e.to_string().contains("not 0"), "{e}");
    for bad in [
        "\"number\":9.75",
        "\"number\":\"9.75\"",
        "\"number\":\"12¾\"",
        "\"number\":\"9\"",
    ] {
        let e = Record::from_json(&text.replacen("\"number\":\"9¾\"", bad, 1)).unwrap_err();
        assert_eq!(e.code(), "record_json", "{bad}");
        assert!(e.to_string().contains("number"), "{bad}: {e}");
    }
}

#[test]
fn sheet_files_hold_three_quarter_numbers_only_where_the_cards_exist() {
    let d = common::data(["7 9¾ 9¾b 10 11¾", "", ""]);
    let s = load(lay("classic"), &d);
    assert_eq!(s.number(h(1, 5)), Some(q(11)));
    assert_eq!(
        SheetData::of(lay("classic"), &s).streets[0].houses[..5],
        ["7", "9¾", "9¾b", "10", "11¾"]
    );
    // Out of order: 9¾ before 9.
    let e = common::data(["9¾ 9", "", ""])
        .to_sheet(col(), lay("classic"))
        .unwrap_err();
    assert_eq!(e.code(), "sheet_order");
    assert_eq!(
        e.to_string(),
        "street 1: house 2 holds 9 after 9¾ in house 1; numbers must increase"
    );
    // The 1st edition has no 9¾ cards.
    let e = common::data(["9¾", "", ""])
        .to_sheet(Edition::first(), common::layout())
        .unwrap_err();
    assert_eq!(e.code(), "sheet_quarter_number");
    // Not ¾ numbers at all.
    for bad in ["12¾", "9.75", "9½", "6¾"] {
        let e = common::data([bad, "", ""])
            .to_sheet(col(), lay("classic"))
            .unwrap_err();
        assert_eq!(e.code(), "sheet_house_text", "{bad}");
    }
}

#[test]
fn edition_data_checks_the_nine_three_quarter_cards() {
    let edition = include_str!("../data/editions/collector/edition.json");
    let classic = sheet_text("classic");
    let load = |text: &str| Edition::from_json(text, &[&classic]).map(|_| ());
    assert_eq!(load(edition), Ok(()));
    let mut v: serde_json::Value = serde_json::from_str(edition).unwrap();
    v["nine_three_quarters"][0]["number"] = serde_json::json!(9);
    let e = load(&v.to_string()).unwrap_err();
    assert!(
        e.to_string()
            .contains("the 9¾ cards are numbered 9¾, not 9"),
        "{e}"
    );
    let mut v: serde_json::Value = serde_json::from_str(edition).unwrap();
    v["nine_three_quarters"][0]["count"] = serde_json::json!(4);
    let e = load(&v.to_string()).unwrap_err();
    assert!(e.to_string().contains("6 9¾ cards"), "{e}");
    let mut v: serde_json::Value = serde_json::from_str(edition).unwrap();
    v["nine_three_quarters"][0]["number"] = serde_json::json!("9.75");
    assert_eq!(load(&v.to_string()).unwrap_err().code(), "edition_json");
    // The placeholder actions are reported as such.
    let ed = col();
    assert!(ed
        .provenance
        .iter()
        .any(|p| p.what.contains("9¾") && p.status == Status::Placeholder));
}
