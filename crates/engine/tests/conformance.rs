//! Conformance with the rules specification (`rules-first-edition.md`): one or more tests per
//! item of the §17 checklist, named `cNN_…_sX_Y` after the item and the section it tests, plus
//! the worked examples of §5 and §9.3 and the temp-ranking examples of §9.3.
//!
//! Expected values come from the spec's tables and examples, never from the engine.

mod common;

use common::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use welcome_engine::record::{RecordSetup, RECORD_FORMAT, RECORD_VERSION};
use welcome_engine::score::ranks;
use welcome_engine::*;

use Effect::{Bis, Landscaper, Pool, RealEstate, Surveyor, Temp};

// ===== helpers for scripted games =====

/// The construction cards not yet used by a script, as a multiset.
struct Cards(Vec<Card>);

impl Cards {
    fn full() -> Cards {
        Cards(ed().deck.clone())
    }

    fn take_where(&mut self, what: &str, pred: impl Fn(&Card) -> bool) -> Card {
        let i = self
            .0
            .iter()
            .position(pred)
            .unwrap_or_else(|| panic!("the deck has no more {what}"));
        self.0.remove(i)
    }

    /// A card with this number and effect.
    fn take(&mut self, n: u8, e: Effect) -> Card {
        self.take_where(&format!("{n}-{e}"), |c| c.number == n && c.effect == e)
    }

    /// A card with this number, preferring effects the scripts use least.
    fn take_number(&mut self, n: u8) -> Card {
        for e in [Surveyor, RealEstate, Landscaper, Bis, Pool, Temp] {
            if self.0.contains(&Card::new(n, e)) {
                return self.take(n, e);
            }
        }
        panic!("the deck has no more {n}s")
    }

    /// A card with this effect, preferring numbers the scripts use least.
    fn take_effect(&mut self, e: Effect) -> Card {
        for n in [13, 12, 3, 4, 10, 6, 9, 7, 8, 1, 2, 5, 11, 14, 15] {
            if self.0.contains(&Card::new(n, e)) {
                return self.take(n, e);
            }
        }
        panic!("the deck has no more {e} cards")
    }

    /// A card that the scripts do not look at (taken after the cards they need).
    fn filler(&mut self) -> Card {
        for n in [5, 11, 1, 2, 14, 15, 12, 13] {
            if self.0.iter().any(|c| c.number == n) {
                return self.take_where("filler cards", |c| c.number == n);
            }
        }
        self.take_where("filler cards", |_| true)
    }
}

/// Draws for a standard game in which stack 1 offers `combos[r]` in round r + 1 (spec §2.2: the
/// effect comes from the card whose number was shown the round before).
fn standard_draws(combos: &[(u8, Effect)]) -> Vec<Vec<Draw>> {
    let mut cards = Cards::full();
    let r = combos.len();
    // Stack 1's number card of round k carries the effect of round k + 1 on its back.
    let mut numbers: Vec<Card> = (0..r - 1)
        .map(|k| cards.take(combos[k].0, combos[k + 1].1))
        .collect();
    numbers.push(cards.take_number(combos[r - 1].0));
    let first_effect = cards.take_effect(combos[0].1);
    let mut rounds = Vec::new();
    for (k, &number) in numbers.iter().enumerate() {
        let mut d = Vec::new();
        if k == 0 {
            d.extend([first_effect, cards.filler(), cards.filler()]);
        }
        d.extend([number, cards.filler(), cards.filler()]);
        rounds.push(d.into_iter().map(Draw::Card).collect());
    }
    rounds
}

fn setup(options: Options, seats: usize, plans: [u8; 3]) -> RecordSetup {
    RecordSetup {
        edition: "first".into(),
        options,
        // Hand-written draws, which no seed deals.
        seed: None,
        seats: (1..=seats).map(|i| format!("P{i}")).collect(),
        plans,
        values: Default::default(),
        layout: None,
    }
}

/// Replays a scripted record; the last round holds the draws of the round being played.
/// Replays hand-written rounds. A record of a finished game must carry its result, so when
/// the rounds end the game, the last round is played on the replayed game instead.
fn replay(setup: &RecordSetup, rounds: &[RoundLog]) -> Result<Game, RecordError> {
    let record = |rounds: &[RoundLog]| Record {
        format: RECORD_FORMAT.into(),
        version: RECORD_VERSION,
        setup: setup.clone(),
        rounds: rounds.to_vec(),
        result: None,
    };
    match record(rounds).replay() {
        Err(RecordError::MissingResult { .. }) => {
            let (last, before) = rounds.split_last().expect("a finished game has rounds");
            let mut head = before.to_vec();
            head.push(RoundLog {
                turns: Vec::new(),
                ..last.clone()
            });
            let mut game = record(&head).replay()?;
            for (seat, t) in last.turns.iter().enumerate() {
                game.submit(seat, t.clone())
                    .expect("the last round replays");
            }
            game.resolve().expect("a finished game deals nothing");
            assert!(game.is_over());
            Ok(game)
        }
        other => other,
    }
}

fn round_log(round: usize, draws: Vec<Draw>) -> RoundLog {
    RoundLog {
        round: round as u16,
        draws,
        turns: Vec::new(),
        ..RoundLog::default()
    }
}

fn claim(plan: u8, estates: Vec<HouseRef>) -> PlanClaim {
    PlanClaim { plan, estates }
}

fn with_plans(mut t: Turn, plans: Vec<PlanClaim>) -> Turn {
    t.plans = plans;
    t
}

fn cards_of(draws: &[Draw]) -> Vec<Card> {
    draws
        .iter()
        .filter_map(|d| match d {
            Draw::Card(c) => Some(*c),
            Draw::Solo | Draw::Validation(_) | Draw::Zombie(_) => None,
        })
        .collect()
}

fn multiset(cards: &[Card]) -> BTreeMap<Card, usize> {
    let mut m = BTreeMap::new();
    for &c in cards {
        *m.entry(c).or_insert(0) += 1;
    }
    m
}

fn hand(game: &Game, seat: usize) -> [Card; 3] {
    match game.offer(seat).unwrap() {
        Offer::Hand(h) => h.into_inner(),
        Offer::Combinations(_) => panic!("expected a hand"),
    }
}

/// Index of the card a seat's turn leaves unused (expert mode).
fn unused_card(turn: &Turn) -> usize {
    match turn.play {
        Play::Build(Build {
            pick: Pick::Hand((n, e)),
            ..
        }) => 3 - n as usize - e as usize,
        Play::Refuse { pass: Some(p) } => p as usize,
        _ => panic!("not an expert turn: {turn:?}"),
    }
}

/// The houses (1-based, sorted, once each) of `street` in which the placements write `number`
/// (any number if `None`).
fn houses_in(pl: &[Placement], street: u8, number: Option<u8>) -> Vec<u8> {
    let mut v: Vec<u8> = pl
        .iter()
        .filter(|p| p.house.street + 1 == street && number.is_none_or(|n| p.number == n))
        .map(|p| p.house.house + 1)
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

fn find_game(
    options: Options,
    players: usize,
    style: &Style,
    pred: impl Fn(&Game) -> bool,
) -> Game {
    for seed in 0..400 {
        let g = play_game(options, players, seed, style);
        if pred(&g) {
            return g;
        }
    }
    panic!("no game among 400 seeds has the property")
}

// ===== §1 the player sheet =====

#[test]
fn c01_sheet_streets_and_end_fences_s1_1() {
    let s = blank();
    assert_eq!([s.len(0), s.len(1), s.len(2)], [10, 11, 12]);
    assert_eq!(s.all_houses().count(), 33);
    assert_eq!(s.empty_houses(), 33);
    let slots: Vec<usize> = (0..3u8)
        .map(|st| s.all_slots().filter(|f| f.street == st).count())
        .collect();
    assert_eq!(slots, [9, 10, 11]);
    for st in 0..3u8 {
        // The street ends are permanent fences, not drawable slots.
        assert!(!s.contains_slot(FenceRef::new(st, s.len(st) - 1)));
        assert!(s.contains_slot(FenceRef::new(st, s.len(st) - 2)));
    }
    // A blank street is one run, closed by its two end fences.
    let mut runs = Vec::new();
    s.for_each_run(|e, complete| runs.push((e.street, e.start, e.len, complete)));
    assert_eq!(
        runs,
        [(0, 0, 10, false), (1, 0, 11, false), (2, 0, 12, false)]
    );
    // The end fences close estates: the first and the last house make 1-house estates.
    let s = sheet([
        "1 | _ _ _ _ _ _ _ _ | 9",
        "_ _ _ _ _ _ _ _ _ _ | 17",
        "0 | _",
    ]);
    assert_eq!(s.estate_counts(), [4, 0, 0, 0, 0, 0]);
}

#[test]
fn c02_planned_pools_s1_1() {
    let s = blank();
    for st in 0..3u8 {
        let got: Vec<u8> = (1..=s.len(st))
            .filter(|&n| s.has_planned_pool(h(st + 1, n)))
            .collect();
        assert_eq!(got, PLANNED_POOLS[st as usize], "street {}", st + 1);
        assert_eq!(s.planned_pools_in(st), 3);
    }
}

/// A sheet whose planned-pool houses hold their own house number, with the first `k` pools
/// (in street order) built.
fn pools_sheet(k: usize) -> Sheet {
    let mut d = data(["", "", ""]);
    let mut built = 0;
    for (s, pools) in PLANNED_POOLS.iter().enumerate() {
        for &p in pools {
            d.streets[s].houses[p as usize - 1] = p.to_string();
            if built < k {
                d.streets[s].pools.push(p);
                built += 1;
            }
        }
    }
    load(&d)
}

#[test]
fn c03_pool_track_s1_2() {
    let expected = [0, 3, 6, 9, 13, 17, 21, 26, 31, 36];
    for (k, &e) in expected.iter().enumerate() {
        let s = pools_sheet(k);
        assert_eq!(s.pool_count() as usize, k);
        assert_eq!(score(&s).pools, e, "{k} pools");
    }
    // The first pool built scores 3.
    let s = write_with(&blank(), Pool, h(1, 3), 5, EffectUse::Pool).unwrap();
    assert!(s.has_pool(h(1, 3)));
    assert_eq!(score(&s).pools, 3);
}

#[test]
fn c04_park_tracks_s1_1() {
    let expected: [&[i32]; 3] = [&[0, 2, 4, 10], &[0, 2, 4, 6, 14], &[0, 2, 4, 6, 8, 18]];
    for (s, values) in expected.iter().enumerate() {
        for (k, &v) in values.iter().enumerate() {
            let mut d = data(["", "", ""]);
            d.streets[s].parks = k as u8;
            assert_eq!(
                score(&load(&d)).parks[s],
                v,
                "street {} with {k} parks",
                s + 1
            );
        }
        // The same values crossed one by one with the Landscaper.
        let mut sh = blank();
        for (k, &v) in values.iter().enumerate().skip(1) {
            sh = write_with(
                &sh,
                Landscaper,
                h(s as u8 + 1, k as u8),
                k as u8,
                EffectUse::Park,
            )
            .unwrap();
            assert_eq!(sh.parks(s as u8) as usize, k);
            assert_eq!(score(&sh).parks[s], v);
        }
    }
}

#[test]
fn c05_landscaper_on_full_park_track_changes_nothing_s7_3() {
    let mut s = blank();
    for k in 1..=3 {
        s = write_with(&s, Landscaper, h(1, k), k, EffectUse::Park).unwrap();
    }
    assert_eq!(s.parks(0), 3);
    let plans = slots(BASIC);
    let c = ctx(offer1(9, Landscaper), false, &plans);
    // No park can be crossed any more in street 1 …
    let written = c.apply(&s, &Turn::build(P0, h(1, 9), 9)).unwrap();
    let mut uses = Vec::new();
    c.effect_uses(&written, Landscaper, h(1, 9), &mut uses);
    assert!(uses.is_empty());
    let err = c
        .apply(
            &s,
            &Turn::build(P0, h(1, 9), 9).with_effect(EffectUse::Park),
        )
        .unwrap_err();
    assert_eq!(err, TurnError::ParksFull { street: 0 });
    assert_eq!(err.code(), "parks_full");
    // … and the turn changes nothing on the park tracks.
    assert_eq!(written.parks(0), 3);
    assert_eq!(score(&written).parks, score(&s).parks);
    // The other streets' tracks are unaffected.
    let s2 = write_with(&s, Landscaper, h(2, 9), 9, EffectUse::Park).unwrap();
    assert_eq!([s2.parks(0), s2.parks(1)], [3, 1]);
}

/// A sheet with `k` bis houses: pairs `n nb` in streets 1 and 2.
fn bis_sheet(k: usize) -> Sheet {
    let mut d = data(["", "", ""]);
    for p in 0..9usize {
        let (s, i) = if p < 5 { (0, 2 * p) } else { (1, 2 * (p - 5)) };
        let v = (p + 1).to_string();
        d.streets[s].houses[i] = v.clone();
        if p < k {
            d.streets[s].houses[i + 1] = format!("{v}b");
        }
    }
    load(&d)
}

#[test]
fn c06_bis_penalties_s1_2() {
    let expected = [0, 1, 3, 6, 9, 12, 16, 20, 24, 28];
    for (k, &e) in expected.iter().enumerate() {
        let s = bis_sheet(k);
        assert_eq!(s.bis_count() as usize, k);
        assert_eq!(score(&s).bis, e, "{k} bis");
    }
    let s = write_with(
        &blank(),
        Bis,
        h(1, 1),
        4,
        EffectUse::Bis {
            from: h(1, 1),
            to: h(1, 2),
        },
    )
    .unwrap();
    assert_eq!(score(&s).bis, 1);
}

#[test]
fn c07_roundabout_penalties_s1_2() {
    assert_eq!(score(&sheet(["R", "", ""])).roundabouts, 3);
    assert_eq!(score(&sheet(["R", "_ _ R", ""])).roundabouts, 8);
    // The same through play (advanced variant).
    let plans = slots(BASIC);
    let c = ctx(offer1(5, Surveyor), true, &plans);
    let one = c.apply_roundabout(&blank(), h(3, 6)).unwrap();
    assert_eq!(score(&one).roundabouts, 3);
    let two = c.apply_roundabout(&one, h(1, 1)).unwrap();
    assert_eq!(score(&two).roundabouts, 8);
    assert_eq!(score(&two).total, -8);
}

#[test]
fn c08_refusal_penalties_s1_2() {
    for (k, e) in [0, 0, 3, 5].into_iter().enumerate() {
        let mut d = data(["", "", ""]);
        d.refusals = k as u8;
        let sc = score(&load(&d));
        assert_eq!(sc.refusals, e, "{k} refusals");
        assert_eq!(sc.total, -e);
    }
}

/// A sheet with one completed estate of `size` houses at the start of street 3 and `crossed`
/// boxes crossed in that size's column.
fn estate_sheet(size: u8, crossed: u8) -> Sheet {
    let row: Vec<String> = (1..=size).map(|n| n.to_string()).collect();
    let mut d = data(["", "", &format!("{} |", row.join(" "))]);
    d.real_estate[size as usize - 1] = crossed;
    load(&d)
}

#[test]
fn c09_real_estate_values_s1_3() {
    let columns: [&[i32]; 6] = [
        &[1, 3],
        &[2, 3, 4],
        &[3, 4, 5, 6],
        &[4, 5, 6, 7, 8],
        &[5, 6, 7, 8, 10],
        &[6, 7, 8, 10, 12],
    ];
    for (i, values) in columns.iter().enumerate() {
        let size = i as u8 + 1;
        // Each estate starts at a value equal to its size.
        assert_eq!(values[0], size as i32);
        for (crossed, &v) in values.iter().enumerate() {
            let sc = score(&estate_sheet(size, crossed as u8));
            assert_eq!(sc.estates[i].count, 1);
            assert_eq!(sc.estates[i].value, v, "size {size} after {crossed}");
            assert_eq!(sc.estates[i].points, v);
            assert_eq!(sc.estate_points(), v);
        }
    }
}

#[test]
fn c10_real_estate_capacities_s7_2() {
    let plans = slots(BASIC);
    let mut capacities = Vec::new();
    for size in 1..=6u8 {
        let mut s = blank();
        let mut n = 0;
        loop {
            let house = h(3, n + 1);
            let c = ctx(offer1(n + 1, RealEstate), false, &plans);
            let turn = Turn::build(P0, house, n + 1).with_effect(EffectUse::RealEstate(size));
            match c.apply(&s, &turn) {
                Ok(next) => {
                    s = next;
                    n += 1;
                    assert_eq!(s.real_estate(size as usize), n);
                }
                Err(e) => {
                    assert_eq!(e, TurnError::RealEstateFull { size });
                    assert_eq!(e.code(), "real_estate_full");
                    // A full column is not offered; the others are.
                    let written = c.apply(&s, &Turn::build(P0, house, n + 1)).unwrap();
                    let mut uses = Vec::new();
                    c.effect_uses(&written, RealEstate, house, &mut uses);
                    let sizes: Vec<u8> = (1..=6).filter(|&z| z != size).collect();
                    let offered: Vec<u8> = uses
                        .iter()
                        .map(|u| match u {
                            EffectUse::RealEstate(z) => *z,
                            other => panic!("{other:?}"),
                        })
                        .collect();
                    assert_eq!(offered, sizes);
                    break;
                }
            }
        }
        capacities.push(n);
    }
    assert_eq!(capacities, [1, 2, 3, 4, 4, 4]);
}

#[test]
fn c11_real_estate_without_estate_s7_2() {
    let s = write_with(&blank(), RealEstate, h(1, 1), 5, EffectUse::RealEstate(6)).unwrap();
    assert_eq!(s.real_estate(6), 1);
    assert!(s.completed_estates().is_empty());
    // No estate of that size: the crossing scores nothing yet.
    assert_eq!(score(&s).estates[5].points, 0);
}

// ===== §2 construction cards and dealing =====

#[test]
fn c12_deck_counts_and_symmetry_s2_1() {
    // Surveyor, Real Estate, Landscaper, Pool, Temp, Bis for numbers 1…15 (§2.1).
    let table: [[usize; 6]; 15] = [
        [1, 1, 1, 0, 0, 0],
        [1, 1, 1, 0, 0, 0],
        [1, 0, 0, 1, 1, 1],
        [0, 1, 1, 1, 1, 1],
        [2, 2, 2, 0, 0, 0],
        [2, 1, 1, 1, 1, 1],
        [1, 2, 2, 1, 1, 1],
        [2, 2, 2, 1, 1, 1],
        [1, 2, 2, 1, 1, 1],
        [2, 1, 1, 1, 1, 1],
        [2, 2, 2, 0, 0, 0],
        [0, 1, 1, 1, 1, 1],
        [1, 0, 0, 1, 1, 1],
        [1, 1, 1, 0, 0, 0],
        [1, 1, 1, 0, 0, 0],
    ];
    let effects = [Surveyor, RealEstate, Landscaper, Pool, Temp, Bis];
    let deck = &ed().deck;
    assert_eq!(deck.len(), 81);
    let count = |n: u8, e: Effect| {
        deck.iter()
            .filter(|c| c.number == n && c.effect == e)
            .count()
    };
    for n in 1..=15u8 {
        for (j, &e) in effects.iter().enumerate() {
            assert_eq!(count(n, e), table[n as usize - 1][j], "{n}-{e}");
            // Numbers n and 16 − n carry the same effect mix.
            assert_eq!(count(n, e), count(16 - n, e), "{n} and {}", 16 - n);
        }
    }
    assert!(deck.iter().all(|c| (1..=15).contains(&c.number)));
    let per_number: Vec<usize> = (1..=15u8)
        .map(|n| deck.iter().filter(|c| c.number == n).count())
        .collect();
    assert_eq!(per_number, [3, 3, 4, 5, 6, 7, 8, 9, 8, 7, 6, 5, 4, 3, 3]);
    let per_effect: Vec<usize> = effects
        .iter()
        .map(|&e| deck.iter().filter(|c| c.effect == e).count())
        .collect();
    assert_eq!(per_effect, [18, 18, 18, 9, 9, 9]);
}

#[test]
fn c13_combination_effect_from_previous_number_card_s2_2() {
    let mut g = new_game(options(Mode::Standard, false), 2, 11);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut prev_numbers: Vec<Card> = Vec::new();
    let mut rounds = 0;
    while !g.is_over() && g.round() <= 20 {
        let draws = cards_of(&g.log().last().unwrap().draws);
        let (effect_cards, numbers) = if g.round() == 1 {
            // Setup draws one number card per stack, then round 1 flips it and draws again.
            assert_eq!(draws.len(), 6);
            (draws[..3].to_vec(), draws[3..].to_vec())
        } else {
            assert_eq!(draws.len(), 3);
            (prev_numbers.clone(), draws)
        };
        let Offer::Combinations(c) = g.offer(0).unwrap() else {
            panic!("standard mode offers combinations")
        };
        for i in 0..3 {
            // The number is the card drawn now; the effect is the back of the card whose
            // number was shown the round before: two different physical cards.
            assert_eq!(
                c[i].number,
                numbers[i].number,
                "round {} stack {i}",
                g.round()
            );
            assert_eq!(
                c[i].effect,
                effect_cards[i].effect,
                "round {} stack {i}",
                g.round()
            );
        }
        // All players may choose the same combination: everyone sees the same three.
        assert_eq!(g.offer(1).unwrap(), g.offer(0).unwrap());
        prev_numbers = numbers;
        play_round(&mut g, &mut rng, &Style::CAREFUL);
        rounds += 1;
    }
    assert!(rounds >= 15);
}

#[test]
fn c14_next_effects_are_public_s2_2() {
    let mut g = new_game(options(Mode::Standard, true), 3, 5);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    while !g.is_over() && g.round() <= 15 {
        let next = g
            .next_effects()
            .expect("standard mode shows the next effects");
        let numbers = cards_of(&g.log().last().unwrap().draws);
        let numbers = &numbers[numbers.len() - 3..];
        assert_eq!(next.as_slice(), [0, 1, 2].map(|i| numbers[i].effect));
        for seat in 0..3 {
            assert_eq!(PlayerView::of(&g, seat).unwrap().next_effects, Some(next));
        }
        play_round(&mut g, &mut rng, &Style::CAREFUL);
        if g.is_over() {
            break;
        }
        let Offer::Combinations(c) = g.offer(0).unwrap() else {
            panic!("standard mode offers combinations")
        };
        assert_eq!(c.into_inner().map(|c| c.effect).as_slice(), next.as_slice());
    }
    // Solo and expert hands have no public next effects.
    assert_eq!(
        new_game(options(Mode::Solo, false), 1, 1).next_effects(),
        None
    );
    assert_eq!(
        new_game(options(Mode::Expert, false), 2, 1).next_effects(),
        None
    );
}

#[test]
fn c15_deck_runs_out_after_round_26_s2_2() {
    for seed in 0..100 {
        let mut g = new_game(options(Mode::Standard, false), 1, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() && g.round() < 27 {
            let r = g.round() as usize;
            // 3 setup cards + 3 per round drawn; 6 on the table; the rest discarded.
            assert_eq!(g.pile_sizes(), (78 - 3 * r, 3 * r - 3), "round {r}");
            play_round(&mut g, &mut rng, &Style::CAREFUL);
        }
        if g.is_over() {
            continue;
        }
        let log = g.log();
        let first_26: Vec<Card> = log[..26].iter().flat_map(|r| cards_of(&r.draws)).collect();
        assert_eq!(first_26.len(), 81);
        assert_eq!(multiset(&first_26), multiset(&ed().deck));
        // Round 27 draws from the discard pile reshuffled: 78 cards, the table excluded.
        assert_eq!(log[26].draws.len(), 3);
        assert_eq!(g.pile_sizes(), (75, 0));
        let mut reshuffled = multiset(&ed().deck);
        for c in cards_of(&log[25].draws) {
            // Round 26's number cards are round 27's effect cards, still on the table.
            *reshuffled.get_mut(&c).unwrap() -= 1;
        }
        assert_eq!(reshuffled.values().sum::<usize>(), 78);
        for c in cards_of(&log[26].draws) {
            let left = reshuffled.get_mut(&c).unwrap();
            assert!(*left > 0, "{c} was not in the reshuffled deck");
            *left -= 1;
        }
        let Offer::Combinations(c) = g.offer(0).unwrap() else {
            panic!("standard mode offers combinations")
        };
        let flipped = cards_of(&log[25].draws);
        assert_eq!(
            c.into_inner().map(|c| c.effect),
            [0, 1, 2].map(|i| flipped[i].effect)
        );
        return;
    }
    panic!("no standard game lasted 27 rounds");
}

// ===== §5 writing a house number =====

#[test]
fn c16_placement_strictly_increasing_s5() {
    let s = sheet(["3 _ _ 9", "", ""]);
    let err = write(&s, Surveyor, h(1, 2), 2).unwrap_err();
    assert_eq!(
        err,
        TurnError::OutOfOrder {
            house: h(1, 2),
            number: 2,
            left: Some((h(1, 1), 3)),
            right: Some((h(1, 4), 9)),
        }
    );
    assert_eq!(err.code(), "number_out_of_order");
    // Equal is not larger.
    assert!(matches!(
        write(&s, Surveyor, h(1, 5), 9),
        Err(TurnError::OutOfOrder { .. })
    ));
    assert!(matches!(
        write(&s, Surveyor, h(1, 2), 3),
        Err(TurnError::OutOfOrder { .. })
    ));
    assert!(write(&s, Surveyor, h(1, 5), 10).is_ok());
    assert!(write(&s, Surveyor, h(1, 2), 4).is_ok());
    assert_eq!(
        write(&s, Surveyor, h(1, 1), 1).unwrap_err(),
        TurnError::HouseNotEmpty { house: h(1, 1) }
    );
    // Every house and number 0–17 against the formal check, on hand-made and played sheets.
    let mut sheets = vec![
        blank(),
        s,
        sheet([
            "2 5 5b _ R _ 4 _ 9 _",
            "_ 0 _ _ 17",
            "1 | 3 _ 7 7b 7b R _ 16 _ _",
        ]),
    ];
    for seed in 0..3 {
        let g = play_game(options(Mode::Standard, true), 2, seed, &Style::RANDOM);
        sheets.extend(g.sheets().iter().copied());
    }
    for sh in &sheets {
        for house in sh.all_houses() {
            for v in 0..=17 {
                let ok = write(sh, Surveyor, house, v).is_ok();
                assert_eq!(ok, spec_fits(sh, house, v), "{v} in {house}\n{sh}");
            }
        }
    }
}

#[test]
fn c17_gaps_and_skipped_numbers_s5() {
    let s = sheet(["3 _ 9", "", ""]);
    let ok: Vec<u8> = (0..=17)
        .filter(|&v| write(&s, Surveyor, h(1, 2), v).is_ok())
        .collect();
    assert_eq!(ok, [4, 5, 6, 7, 8]);
    // Houses may be left empty and numbers skipped, then filled later.
    let s = write(&blank(), Surveyor, h(1, 6), 10).unwrap();
    let s = write(&s, Surveyor, h(1, 1), 2).unwrap();
    assert_eq!(s.empty_houses(), 31);
    let s = write(&s, Surveyor, h(1, 3), 7).unwrap();
    let s = write(&s, Surveyor, h(1, 10), 17).unwrap();
    assert_eq!(s.number(h(1, 3)), Some(7));
    assert_eq!(s.empty_houses(), 29);
}

#[test]
fn c18_worked_example_3_then_9_s5() {
    let s = sheet(["3 _ _ 9 _ _ _ _ _ _", "", ""]);
    let plans = slots(BASIC);
    let c = ctx(
        combos([(5, Surveyor), (9, Surveyor), (9, RealEstate)]),
        false,
        &plans,
    );
    let mut pl = Vec::new();
    c.placements(&s, &mut pl);
    assert_eq!(houses_in(&pl, 1, Some(5)), [2, 3]);
    assert!(houses_in(&pl, 1, Some(9)).is_empty());
    // 9 still fits in other streets.
    assert!(pl.iter().any(|p| p.number == 9 && p.house.street == 1));
    // Only the Bis effect adds another 9, in house 3 or house 5 …
    let cb = ctx(offer1(1, Bis), false, &plans);
    for to in [3, 5] {
        let bis = EffectUse::Bis {
            from: h(1, 4),
            to: h(1, to),
        };
        let after = cb
            .apply(&s, &Turn::build(P0, h(2, 1), 1).with_effect(bis))
            .unwrap();
        assert_eq!(
            after.house(h(1, to)),
            House::Number {
                value: 9,
                bis: true
            }
        );
    }
    // … provided no fence separates it from house 4.
    let fenced = sheet(["3 _ _ | 9 | _ _ _ _ _ _", "", ""]);
    for to in [3, 5] {
        let bis = EffectUse::Bis {
            from: h(1, 4),
            to: h(1, to),
        };
        let err = cb
            .apply(&fenced, &Turn::build(P0, h(2, 1), 1).with_effect(bis))
            .unwrap_err();
        assert_eq!(
            err,
            TurnError::BisAcrossFence {
                from: h(1, 4),
                to: h(1, to)
            }
        );
    }
}

#[test]
fn c19_worked_example_roundabout_restarts_numbering_s5() {
    let s = sheet(["1 12 _ _ _ 14 _ _ _ _", "", ""]);
    let plans = slots(BASIC);
    let c = ctx(offer1(3, Surveyor), true, &plans);
    let mut pl = Vec::new();
    c.placements(&s, &mut pl);
    assert!(
        pl.iter().all(|p| p.house.street != 0),
        "3 fits nowhere in street 1"
    );
    assert!(!pl.is_empty());
    for n in 3..=5 {
        assert_eq!(s.number_range(h(1, n)), Some((13, 13)));
    }
    for n in 7..=10 {
        assert_eq!(s.number_range(h(1, n)), Some((15, 17)));
    }
    // With a roundabout in house 3, houses 4 and 5 accept anything from 0 to 13.
    let r = c.apply_roundabout(&s, h(1, 3)).unwrap();
    for n in [4, 5] {
        assert_eq!(r.number_range(h(1, n)), Some((0, 13)));
        let ok: Vec<u8> = (0..=17)
            .filter(|&v| write(&r, Surveyor, h(1, n), v).is_ok())
            .collect();
        assert_eq!(ok, (0..=13).collect::<Vec<u8>>());
    }
    c.placements(&r, &mut pl);
    assert_eq!(houses_in(&pl, 1, None), [4, 5]);
    // As one turn: roundabout first, then the 3.
    let mut t = Turn::build(P0, h(1, 4), 3);
    t.roundabout = Some(Roundabout {
        house: h(1, 3),
        when: When::Before,
    });
    let after = c.apply(&s, &t).unwrap();
    assert_eq!(after.house(h(1, 3)), House::Roundabout);
    assert_eq!(after.number(h(1, 4)), Some(3));
    // Built after the number, the roundabout does not help that number.
    t.roundabout = Some(Roundabout {
        house: h(1, 3),
        when: When::After,
    });
    assert!(matches!(c.apply(&s, &t), Err(TurnError::OutOfOrder { .. })));
}

#[test]
fn c20_bis_pair_blocks_the_number_in_its_segment_s5() {
    let plans = slots(BASIC);
    let c = ctx(offer1(5, Surveyor), false, &plans);
    let fits_in_s1 = |s: &Sheet| -> Vec<u8> {
        let mut pl = Vec::new();
        c.placements(s, &mut pl);
        houses_in(&pl, 1, None)
    };
    let s = sheet(["_ 5 5b _ _ _ _ _ _ _", "", ""]);
    assert!(fits_in_s1(&s).is_empty());
    // The same pair made in play.
    let bis = EffectUse::Bis {
        from: h(1, 4),
        to: h(1, 5),
    };
    let played = write_with(&blank(), Bis, h(1, 4), 5, bis).unwrap();
    assert_eq!(
        played.house(h(1, 5)),
        House::Number {
            value: 5,
            bis: true
        }
    );
    assert!(fits_in_s1(&played).is_empty());
    // Another segment of the same street numbers afresh.
    let s = sheet(["_ 5 5b R _ _ _ _ _ _", "", ""]);
    assert_eq!(fits_in_s1(&s), [5, 6, 7, 8, 9, 10]);
}

// ===== §7 effects =====

#[test]
fn c21_temp_range_s7_5() {
    let plans = slots(BASIC);
    let (mut zero_from, mut seventeen_from, mut sixteen_from) = (vec![], vec![], vec![]);
    for n in 1..=15u8 {
        let c = ctx(offer1(n, Temp), false, &plans);
        let allowed: Vec<u8> = (0..=17u8)
            .filter(|&v| c.apply(&blank(), &Turn::build(P0, h(1, 1), v)).is_ok())
            .collect();
        let expected: Vec<u8> = (0..=17u8).filter(|&v| v.abs_diff(n) <= 2).collect();
        assert_eq!(allowed, expected, "Temp on {n}");
        for v in [0u8, 16, 17] {
            if allowed.contains(&v) {
                match v {
                    0 => zero_from.push(n),
                    16 => sixteen_from.push(n),
                    _ => seventeen_from.push(n),
                }
            }
        }
        if n + 3 <= 17 {
            let err = c
                .apply(&blank(), &Turn::build(P0, h(1, 1), n + 3))
                .unwrap_err();
            assert!(matches!(err, TurnError::NumberNotOffered { number, .. } if number == n + 3));
            assert_eq!(err.code(), "number_not_offered");
        }
        // Without the Temp Agency only the number itself.
        let plain = ctx(offer1(n, Surveyor), false, &plans);
        let allowed: Vec<u8> = (0..=17u8)
            .filter(|&v| plain.apply(&blank(), &Turn::build(P0, h(1, 1), v)).is_ok())
            .collect();
        assert_eq!(allowed, [n]);
    }
    assert_eq!(zero_from, [1, 2]);
    assert_eq!(sixteen_from, [14, 15]);
    assert_eq!(seventeen_from, [15]);
}

#[test]
fn c22_temp_always_crosses_one_box_s7_5() {
    let plans = slots(BASIC);
    let c = ctx(offer1(7, Temp), false, &plans);
    let s = c.apply(&blank(), &Turn::build(P0, h(1, 1), 7)).unwrap();
    assert_eq!(s.temps(), 1, "unchanged number");
    let s = c.apply(&s, &Turn::build(P0, h(1, 2), 9)).unwrap();
    assert_eq!(s.temps(), 2, "number + 2");
    let err = c
        .apply(
            &s,
            &Turn::build(P0, h(2, 1), 8).with_effect(EffectUse::Park),
        )
        .unwrap_err();
    assert_eq!(err, TurnError::TempHasNoTarget);
    assert_eq!(err.code(), "temp_has_no_target");
    // Every listed Temp turn crosses exactly one box.
    let turns = c.legal_turns(&blank());
    assert!(!turns.is_empty());
    for t in &turns {
        assert_eq!(c.apply(&blank(), t).unwrap().temps(), 1, "{t:?}");
    }
    // Any other effect crosses none.
    let s = write(&blank(), Surveyor, h(1, 1), 7).unwrap();
    assert_eq!(s.temps(), 0);
}

#[test]
fn c23_temp_with_full_column_still_modifies_s7_5() {
    let mut d = data(["", "", ""]);
    d.temps = 11;
    let s = load(&d);
    let plans = slots(BASIC);
    let c = ctx(offer1(7, Temp), false, &plans);
    let after = c.apply(&s, &Turn::build(P0, h(1, 1), 9)).unwrap();
    assert_eq!(after.number(h(1, 1)), Some(9));
    assert_eq!(after.temps(), 11);
    let after = c.apply(&s, &Turn::build(P0, h(1, 1), 5)).unwrap();
    assert_eq!(after.number(h(1, 1)), Some(5));
    assert_eq!(after.temps(), 11);
}

/// A sheet on which 3, 4 and 5 fit nowhere: street 1 leaves only 13 (houses 3–5) and 15–16
/// (houses 7–9); streets 2 and 3 are full.
fn stuck_data() -> SheetData {
    data([
        "1 12 _ _ _ 14 _ _ _ 17",
        "1 2 3 4 5 6 7 8 9 10 11",
        "1 2 3 4 5 6 7 8 9 10 11 12",
    ])
}

#[test]
fn c24_refusal_only_when_nothing_fits_s6() {
    let plans = slots(BASIC);
    let c = ctx(
        combos([(3, Surveyor), (4, RealEstate), (5, Landscaper)]),
        true,
        &plans,
    );
    let err = c.apply(&blank(), &Turn::refuse(None)).unwrap_err();
    assert!(matches!(err, TurnError::RefusalNotAllowed { .. }));
    assert_eq!(err.code(), "refusal_not_allowed");
    let stuck = load(&stuck_data());
    assert!(c.apply(&stuck, &Turn::refuse(None)).is_ok());
    // A Temp variant that fits forbids the refusal: 11 − 2 … 11 + 2 reaches 13.
    let ct = ctx(
        combos([(3, Surveyor), (4, RealEstate), (11, Temp)]),
        true,
        &plans,
    );
    match ct.apply(&stuck, &Turn::refuse(None)) {
        Err(TurnError::RefusalNotAllowed { house, number, .. }) => {
            assert_eq!(number, 13);
            assert!([h(1, 3), h(1, 4), h(1, 5)].contains(&house));
        }
        other => panic!("refusal with a fitting Temp variant: {other:?}"),
    }
    // Likewise any one of the three combinations.
    for (i, n) in [(0, 13), (1, 15), (2, 16)] {
        let mut offer = [(3, Surveyor), (4, RealEstate), (5, Landscaper)];
        offer[i].0 = n;
        let co = ctx(combos(offer), false, &plans);
        assert!(matches!(
            co.apply(&stuck, &Turn::refuse(None)),
            Err(TurnError::RefusalNotAllowed { number, .. }) if number == n
        ));
    }
    // A roundabout built earlier in the turn counts: then 3 fits in house 4.
    let mut t = Turn::refuse(None);
    t.roundabout = Some(Roundabout {
        house: h(1, 3),
        when: When::Before,
    });
    assert!(matches!(
        c.apply(&stuck, &t),
        Err(TurnError::RefusalNotAllowed { .. })
    ));
    let listed = c.legal_turns(&stuck);
    assert!(listed.contains(&Turn::refuse(None)));
    assert!(!listed.contains(&t));
}

#[test]
fn c25_refusal_crosses_a_box_and_nothing_else_s6() {
    let plans = slots(BASIC);
    let c = ctx(combos([(3, Temp), (4, Bis), (5, Pool)]), false, &plans);
    let stuck = load(&stuck_data());
    let after = c.apply(&stuck, &Turn::refuse(None)).unwrap();
    let mut expected = stuck_data();
    expected.refusals = 1;
    assert_eq!(SheetData::of(layout(), &after), expected);
    assert_eq!(after.temps(), 0);
    assert_eq!(after.empty_houses(), stuck.empty_houses());
    // The boxes are crossed in order 0, 0, 3 and the third is the last.
    let mut s = stuck;
    let mut penalties = Vec::new();
    for _ in 0..3 {
        s = c.apply(&s, &Turn::refuse(None)).unwrap();
        penalties.push(score(&s).refusals);
    }
    assert_eq!(penalties, [0, 3, 5]);
    assert_eq!(
        c.apply(&s, &Turn::refuse(None)).unwrap_err(),
        TurnError::RefusalsFull
    );
}

#[test]
fn c26_plans_in_a_refusal_turn_s6() {
    let mut d = stuck_data();
    d.streets[1] = street(1, "1 2 3 4 | 5 6 7 8 | 9 10 11");
    let s = load(&d);
    // Plan 3: two 4-house estates, 6 / 3 (§3.2).
    assert_eq!(
        ed().plan(3).unwrap().condition,
        PlanCondition::Estates(vec![4, 4])
    );
    let plans = slots([3, 6, 12]);
    let c = ctx(
        combos([(3, Surveyor), (4, RealEstate), (5, Landscaper)]),
        false,
        &plans,
    );
    let t = with_plans(Turn::refuse(None), vec![claim(0, vec![h(2, 1), h(2, 5)])]);
    let after = c.apply(&s, &t).unwrap();
    assert_eq!(after.refusals(), 1);
    assert_eq!(after.plan_scores(), [Some(6), None, None]);
}

#[test]
fn c27_surveyor_in_any_street_s7_1() {
    for (st, k) in [(1u8, 5u8), (2, 9), (3, 11)] {
        let s = write_with(&blank(), Surveyor, h(1, 1), 5, EffectUse::Fence(f(st, k))).unwrap();
        assert!(s.has_fence(f(st, k)));
        assert_eq!(s.all_slots().filter(|&x| s.has_fence(x)).count(), 1);
    }
}

#[test]
fn c28_forbidden_fence_slots_s7_1() {
    let s = sheet(["1' 2' 3' 4 _ | _", "4 4b _ 6 7", ""]);
    let fence = |x: FenceRef| write_with(&s, Surveyor, h(3, 1), 1, EffectUse::Fence(x));
    let err = fence(f(1, 5)).unwrap_err();
    assert_eq!(err, TurnError::FenceExists { fence: f(1, 5) });
    assert_eq!(err.code(), "fence_exists");
    for k in [1, 2] {
        let err = fence(f(1, k)).unwrap_err();
        assert_eq!(err, TurnError::FenceInUsedEstate { fence: f(1, k) });
        assert_eq!(err.code(), "fence_in_used_estate");
    }
    let err = fence(f(2, 1)).unwrap_err();
    assert_eq!(
        err,
        TurnError::FenceSplitsBis {
            fence: f(2, 1),
            number: 4
        }
    );
    assert_eq!(err.code(), "fence_splits_bis");
    // Allowed: a used house next to an unused one, next to empty houses, other numbers.
    for x in [f(1, 3), f(1, 4), f(2, 2), f(2, 3), f(2, 4), f(3, 1)] {
        assert!(fence(x).is_ok(), "{x}");
    }
    // Slots that are not on the sheet.
    for x in [
        FenceRef::new(0, 9),
        FenceRef::new(0, 255),
        FenceRef::new(3, 0),
    ] {
        let err = fence(x).unwrap_err();
        assert_eq!(err, TurnError::NoSuchSlot { fence: x });
        assert_eq!(err.code(), "no_such_fence_slot");
    }
    // A roundabout's own fences are existing fences.
    let r = sheet(["_ _ R", "", ""]);
    let err = write_with(&r, Surveyor, h(3, 1), 1, EffectUse::Fence(f(1, 2))).unwrap_err();
    assert_eq!(err, TurnError::FenceExists { fence: f(1, 2) });
}

#[test]
fn c29_landscaper_in_the_street_built_s7_3() {
    for st in 1..=3u8 {
        let s = write_with(&blank(), Landscaper, h(st, 2), 4, EffectUse::Park).unwrap();
        let parks: Vec<u8> = (0..3).map(|x| s.parks(x)).collect();
        let mut expected = vec![0, 0, 0];
        expected[st as usize - 1] = 1;
        assert_eq!(parks, expected);
    }
}

#[test]
fn c30_pools_only_from_pool_combinations_s7_4() {
    let plans = slots(BASIC);
    // Pool combination in a planned-pool house: built.
    let s = write_with(&blank(), Pool, h(2, 4), 6, EffectUse::Pool).unwrap();
    assert!(s.has_pool(h(2, 4)));
    assert_eq!(s.pool_count(), 1);
    // Pool combination in a house without a planned pool: nothing to build.
    let err = write_with(&blank(), Pool, h(2, 5), 6, EffectUse::Pool).unwrap_err();
    assert_eq!(err, TurnError::NoPool { house: h(2, 5) });
    assert_eq!(err.code(), "no_pool");
    // Another effect cannot build it.
    let err = write_with(&blank(), Landscaper, h(2, 4), 6, EffectUse::Pool).unwrap_err();
    assert!(matches!(
        err,
        TurnError::WrongEffect {
            effect: Landscaper,
            ..
        }
    ));
    // Filled another way — other effect, bis copy, roundabout — the pool is lost for good:
    // the house can never be written again, and a pool is only built in the house written.
    let other = write(&blank(), Surveyor, h(1, 3), 5).unwrap();
    let bis = EffectUse::Bis {
        from: h(1, 2),
        to: h(1, 3),
    };
    let copied = write_with(&blank(), Bis, h(1, 2), 5, bis).unwrap();
    let c = ctx(offer1(5, Surveyor), true, &plans);
    let round = c.apply_roundabout(&blank(), h(1, 3)).unwrap();
    for lost in [other, copied, round] {
        assert!(!lost.has_pool(h(1, 3)));
        assert!(matches!(
            write_with(&lost, Pool, h(1, 3), 6, EffectUse::Pool),
            Err(TurnError::HouseNotEmpty { .. })
        ));
        // Pool combinations elsewhere build only their own house's pool.
        let later = write_with(&lost, Pool, h(1, 7), 8, EffectUse::Pool).unwrap();
        assert!(!later.has_pool(h(1, 3)));
        assert_eq!(later.pool_count(), 1);
    }
    // The sheet format cannot record a pool on a bis copy either.
    let mut d = data(["_ 5 5b*", "", ""]);
    d.streets[0].pools = vec![3];
    assert!(d.to_sheet(ed(), layout()).is_err());
}

#[test]
fn c31_bis_next_to_any_numbered_house_s7_6() {
    let s = sheet(["", "", "_ 4 _ _ 9 10"]);
    let plans = slots(BASIC);
    let c = ctx(offer1(7, Bis), false, &plans);
    let go = |from: HouseRef, to: HouseRef| {
        c.apply(
            &s,
            &Turn::build(P0, h(1, 5), 7).with_effect(EffectUse::Bis { from, to }),
        )
    };
    // The house numbered this turn, to its left and to its right.
    for to in [h(1, 4), h(1, 6)] {
        let after = go(h(1, 5), to).unwrap();
        assert_eq!(
            after.house(to),
            House::Number {
                value: 7,
                bis: true
            }
        );
        assert_eq!(after.bis_count(), 1);
    }
    // A house of another street, either side.
    for (from, to, v) in [
        (h(3, 2), h(3, 1), 4),
        (h(3, 2), h(3, 3), 4),
        (h(3, 5), h(3, 4), 9),
    ] {
        let after = go(from, to).unwrap();
        assert_eq!(
            after.house(to),
            House::Number {
                value: v,
                bis: true
            }
        );
        assert!(after.is_empty(h(1, 4)) && after.is_empty(h(1, 6)));
    }
    // The target must be empty.
    assert_eq!(
        go(h(3, 5), h(3, 6)).unwrap_err(),
        TurnError::HouseNotEmpty { house: h(3, 6) }
    );
}

#[test]
fn c32_bis_no_fence_no_gap_no_roundabout_s7_6() {
    let s = sheet(["4 | _ 6 _ _ 9 R _", "", ""]);
    let plans = slots(BASIC);
    let c = ctx(offer1(1, Bis), false, &plans);
    let go = |from: HouseRef, to: HouseRef| {
        c.apply(
            &s,
            &Turn::build(P0, h(3, 1), 1).with_effect(EffectUse::Bis { from, to }),
        )
    };
    let err = go(h(1, 1), h(1, 2)).unwrap_err();
    assert_eq!(
        err,
        TurnError::BisAcrossFence {
            from: h(1, 1),
            to: h(1, 2)
        }
    );
    assert_eq!(err.code(), "bis_across_fence");
    let err = go(h(1, 3), h(1, 5)).unwrap_err();
    assert_eq!(
        err,
        TurnError::BisNotAdjacent {
            from: h(1, 3),
            to: h(1, 5)
        }
    );
    assert_eq!(err.code(), "bis_not_adjacent");
    let err = go(h(1, 7), h(1, 8)).unwrap_err();
    assert_eq!(err, TurnError::BisNoSource { from: h(1, 7) });
    assert_eq!(err.code(), "bis_no_source");
    // Empty houses are no source either, and different streets are not neighbours.
    assert!(matches!(
        go(h(1, 4), h(1, 5)),
        Err(TurnError::BisNoSource { .. })
    ));
    assert!(matches!(
        go(h(1, 3), h(2, 3)),
        Err(TurnError::BisNotAdjacent { .. })
    ));
    // The legal copies are exactly the spec's: next to 6 (both sides), left of 9, and from the
    // house written this turn.
    let written = c.apply(&s, &Turn::build(P0, h(3, 1), 1)).unwrap();
    let mut uses = Vec::new();
    c.effect_uses(&written, Bis, h(3, 1), &mut uses);
    let mut got: Vec<(HouseRef, HouseRef)> = uses
        .iter()
        .map(|u| match u {
            EffectUse::Bis { from, to } => (*from, *to),
            other => panic!("{other:?}"),
        })
        .collect();
    got.sort();
    assert_eq!(
        got,
        [
            (h(1, 3), h(1, 2)),
            (h(1, 3), h(1, 4)),
            (h(1, 6), h(1, 5)),
            (h(3, 1), h(3, 2))
        ]
    );
}

#[test]
fn c33_bis_of_a_bis_s7_6() {
    let one = write_with(
        &blank(),
        Bis,
        h(1, 1),
        5,
        EffectUse::Bis {
            from: h(1, 1),
            to: h(1, 2),
        },
    )
    .unwrap();
    let two = write_with(
        &one,
        Bis,
        h(2, 1),
        3,
        EffectUse::Bis {
            from: h(1, 2),
            to: h(1, 3),
        },
    )
    .unwrap();
    let row: Vec<House> = (1..=3).map(|n| two.house(h(1, n))).collect();
    assert_eq!(
        row,
        [
            House::Number {
                value: 5,
                bis: false
            },
            House::Number {
                value: 5,
                bis: true
            },
            House::Number {
                value: 5,
                bis: true
            },
        ]
    );
    assert_eq!(two.bis_count(), 2);
    assert_eq!(
        SheetData::of(layout(), &two).streets[0].houses[..3],
        ["5", "5b", "5b"]
    );
}

#[test]
fn c34_bis_unavailable_when_track_full_s7_6() {
    let s = bis_sheet(9);
    let bis = EffectUse::Bis {
        from: h(3, 1),
        to: h(3, 2),
    };
    let err = write_with(&s, Bis, h(3, 1), 5, bis).unwrap_err();
    assert_eq!(err, TurnError::BisFull);
    assert_eq!(err.code(), "bis_full");
    let plans = slots(BASIC);
    let c = ctx(offer1(5, Bis), false, &plans);
    let written = c.apply(&s, &Turn::build(P0, h(3, 1), 5)).unwrap();
    let mut uses = Vec::new();
    c.effect_uses(&written, Bis, h(3, 1), &mut uses);
    assert!(uses.is_empty());
    // With 8 crossed the ninth copy is still allowed.
    assert!(write_with(&bis_sheet(8), Bis, h(3, 1), 5, bis).is_ok());
}

#[test]
fn c35_bis_houses_are_built_houses_s7_6() {
    // Estates.
    let s = sheet(["_ _ | _", "", ""]);
    let s = write_with(
        &s,
        Bis,
        h(1, 1),
        5,
        EffectUse::Bis {
            from: h(1, 1),
            to: h(1, 2),
        },
    )
    .unwrap();
    assert_eq!(s.estate_counts(), [0, 1, 0, 0, 0, 0]);
    assert_eq!(score(&s).estates[1].points, 2);
    // The full-street plan.
    let s = sheet(["1 2 2b 3 4 5 6 7 8 9", "", ""]);
    let plans = slots([19, 6, 12]);
    let c = ctx(offer1(1, Surveyor), true, &plans);
    let after = c.apply_claim(&s, &claim(0, vec![]), &[]).unwrap();
    assert_eq!(after.plan_scores()[0], Some(6));
    // The all-houses trigger: a bis copy can fill the last house.
    let d = data([
        "1 2 3 4 5 6 7 8 9 _",
        "1 2 3 4 5 6 7 8 9 10 11",
        "1 2 3 4 5 6 7 8 9 10 11 _",
    ]);
    let s = load(&d);
    let s = write_with(
        &s,
        Bis,
        h(3, 12),
        12,
        EffectUse::Bis {
            from: h(1, 9),
            to: h(1, 10),
        },
    )
    .unwrap();
    assert!(s.all_filled());
    assert_eq!(s.empty_houses(), 0);
}

// ===== §8 housing estates, §3 City Plans =====

#[test]
fn c36_runs_of_seven_or_more_are_not_estates_s8() {
    let s = sheet(["1 2 3 4 5 6 7 8 9 10", "", "1 2 3 4 5 6 7 | 8 9 10 11 12"]);
    // Only the 5-house run of street 3 is an estate.
    assert_eq!(s.estate_counts(), [0, 0, 0, 0, 1, 0]);
    let mut d = SheetData::of(layout(), &s);
    d.real_estate = [1, 2, 3, 4, 4, 4];
    let sc = score(&load(&d));
    assert_eq!(sc.estate_points(), 10);
    assert_eq!(sc.tie_break.estates, 1);
    assert_eq!(sc.tie_break.by_size, [0, 0, 0, 0, 1, 0]);
    // No plan accepts the 7-house run.
    let plans = slots([4, 6, 12]);
    assert_eq!(
        ed().plan(4).unwrap().condition,
        PlanCondition::Estates(vec![5, 5])
    );
    let c = ctx(offer1(1, Surveyor), false, &plans);
    let err = c
        .apply_claim(&s, &claim(0, vec![h(3, 1), h(3, 8)]), &[])
        .unwrap_err();
    assert_eq!(
        err,
        TurnError::EstateTooLong {
            house: h(3, 1),
            len: 7
        }
    );
    assert_eq!(err.code(), "estate_too_long");
    let mut claims = Vec::new();
    c.plan_claims(&s, 0, &[], &mut claims);
    assert!(claims.is_empty());
    // Split by a fence, the first six houses make an estate.
    let split = write_with(&s, Surveyor, h(2, 1), 1, EffectUse::Fence(f(3, 6))).unwrap();
    assert_eq!(split.estate_counts(), [1, 0, 0, 0, 1, 1]);
}

#[test]
fn c37_incomplete_runs_and_roundabouts_are_not_estates_s8() {
    let s = sheet(["1 _ 3 | 4 |", "1 2 R 4 5 |", ""]);
    assert_eq!(s.estate_counts(), [1, 2, 0, 0, 0, 0]);
    assert_eq!(spec_estates(&s), [1, 2, 0, 0, 0, 0]);
    let plans = slots([2, 6, 12]);
    let c = ctx(offer1(1, Surveyor), true, &plans);
    let err = c
        .apply_claim(&s, &claim(0, vec![h(1, 1)]), &[])
        .unwrap_err();
    assert_eq!(err, TurnError::EstateIncomplete { house: h(1, 1) });
    assert_eq!(err.code(), "estate_incomplete");
    let err = c
        .apply_claim(&s, &claim(0, vec![h(2, 3)]), &[])
        .unwrap_err();
    assert_eq!(err, TurnError::NoEstate { house: h(2, 3) });
    assert_eq!(err.code(), "no_estate");
    // Filling the gap completes the estate.
    let filled = write(&s, Surveyor, h(1, 2), 2).unwrap();
    assert_eq!(filled.estate_counts(), [1, 2, 1, 0, 0, 0]);
}

#[test]
fn c38_estate_plans_name_distinct_estates_of_exact_sizes_s3_2() {
    assert_eq!(
        ed().plan(15).unwrap().condition,
        PlanCondition::Estates(vec![2, 5])
    );
    let s = sheet(["", "", "1 2 | 3 4 5 | 6 7 8 9 10 | _ _"]);
    let plans = slots([0, 6, 15]);
    let c = ctx(offer1(1, Surveyor), false, &plans);
    let try_claim = |estates: Vec<HouseRef>| c.apply_claim(&s, &claim(2, estates), &[]);
    let after = try_claim(vec![h(3, 6), h(3, 1)]).unwrap();
    assert_eq!(after.plan_scores()[2], Some(7));
    let err = try_claim(vec![h(3, 3), h(3, 6)]).unwrap_err();
    assert_eq!(
        err,
        TurnError::EstateSizes {
            plan: 2,
            needed: vec![2, 5],
            given: vec![3, 5]
        }
    );
    assert_eq!(err.code(), "estate_sizes");
    assert!(matches!(
        try_claim(vec![h(3, 1)]),
        Err(TurnError::EstateSizes { .. })
    ));
    assert!(matches!(
        try_claim(vec![h(3, 1), h(3, 6), h(3, 3)]),
        Err(TurnError::EstateSizes { .. })
    ));
    let err = try_claim(vec![h(3, 6), h(3, 6)]).unwrap_err();
    assert_eq!(err, TurnError::EstateTwice { house: h(3, 6) });
    assert_eq!(err.code(), "estate_twice");
    let err = try_claim(vec![h(3, 2), h(3, 6)]).unwrap_err();
    assert_eq!(err, TurnError::NoEstate { house: h(3, 2) });
    // The only claim listed is the exact one.
    let mut claims = Vec::new();
    c.plan_claims(&s, 2, &[], &mut claims);
    assert_eq!(claims.len(), 1);
    let mut named = claims[0].estates.clone();
    named.sort();
    assert_eq!(named, [h(3, 1), h(3, 6)]);
    // A used estate does not count.
    let used = sheet(["", "", "1' 2' | 3 4 5 | 6 7 8 9 10 | _ _"]);
    let err = c
        .apply_claim(&used, &claim(2, vec![h(3, 1), h(3, 6)]), &[])
        .unwrap_err();
    assert_eq!(err, TurnError::EstateUsed { house: h(3, 1) });
    assert_eq!(err.code(), "estate_used");
    // Repeated sizes need distinct estates: plan 1 asks for four 2-house estates.
    assert_eq!(
        ed().plan(1).unwrap().condition,
        PlanCondition::Estates(vec![2, 2, 2, 2])
    );
    let s = sheet(["1 2 | 3 4 | 5 6 | 7 8 |", "", ""]);
    let plans = slots([1, 6, 12]);
    let c = ctx(offer1(1, Surveyor), false, &plans);
    let four = vec![h(1, 1), h(1, 3), h(1, 5), h(1, 7)];
    assert_eq!(
        c.apply_claim(&s, &claim(0, four), &[])
            .unwrap()
            .plan_scores()[0],
        Some(8)
    );
    let err = c
        .apply_claim(&s, &claim(0, vec![h(1, 1), h(1, 3), h(1, 5), h(1, 5)]), &[])
        .unwrap_err();
    assert_eq!(err, TurnError::EstateTwice { house: h(1, 5) });
    c.plan_claims(&s, 0, &[], &mut claims);
    assert_eq!(claims.len(), 1, "one set of four estates, listed once");
}

#[test]
fn c39_estate_plan_locks_its_estates_s3_4() {
    let s = sheet(["", "", "1 2 | 3 4 5 | 6 7 8 9 10 | _ _"]);
    let plans = slots([0, 7, 15]);
    assert_eq!(
        ed().plan(7).unwrap().condition,
        PlanCondition::Estates(vec![2, 2, 5])
    );
    let c = ctx(offer1(1, Surveyor), false, &plans);
    let after = c
        .apply_claim(&s, &claim(2, vec![h(3, 1), h(3, 6)]), &[])
        .unwrap();
    let used: Vec<u8> = (1..=12).filter(|&n| after.is_used(h(3, n))).collect();
    assert_eq!(used, [1, 2, 6, 7, 8, 9, 10]);
    assert!(after
        .all_houses()
        .filter(|x| x.street != 2)
        .all(|x| !after.is_used(x)));
    // The estates serve no other plan …
    let err = c
        .apply_claim(&after, &claim(1, vec![h(3, 1), h(3, 1), h(3, 6)]), &[2])
        .unwrap_err();
    assert!(matches!(
        err,
        TurnError::EstateUsed { .. } | TurnError::EstateTwice { .. }
    ));
    let err = c
        .apply_claim(&after, &claim(1, vec![h(3, 6)]), &[2])
        .unwrap_err();
    assert_eq!(err, TurnError::EstateUsed { house: h(3, 6) });
    // … also within the same turn, and no fence may split them.
    let mut t = Turn::build(P0, h(1, 1), 1);
    t.plans = vec![claim(2, vec![h(3, 1), h(3, 6)]), claim(1, vec![h(3, 6)])];
    assert_eq!(
        c.apply(&s, &t).unwrap_err(),
        TurnError::EstateUsed { house: h(3, 6) }
    );
    for k in [1, 6, 7, 8, 9] {
        let err = write_with(&after, Surveyor, h(1, 1), 1, EffectUse::Fence(f(3, k))).unwrap_err();
        assert_eq!(err, TurnError::FenceInUsedEstate { fence: f(3, k) });
    }
    assert!(write_with(&after, Surveyor, h(1, 1), 1, EffectUse::Fence(f(3, 3))).is_ok());
}

/// A sheet meeting every advanced plan that locks nothing: 5 bis houses in street 2, 7 temps,
/// every park and pool, and a roundabout in street 1.
fn rich_sheet() -> Sheet {
    let mut d = data([
        "_ _ 3* R _ _ 7* 8*",
        "1* 1b 1b 4* 4b 4b 4b 8*",
        "_ 2* _ _ _ _ 7* _ _ _ 11*",
    ]);
    for (s, parks) in [3, 4, 5].into_iter().enumerate() {
        d.streets[s].parks = parks;
    }
    d.temps = 7;
    load(&d)
}

#[test]
fn c40_plan_locking_by_plan_kind_s3_4() {
    let used_count = |s: &Sheet| s.all_houses().filter(|&x| s.is_used(x)).count();
    // Full-street plans lock every house of their street, roundabouts included.
    for (id, st) in [(19u8, 1u8), (18, 3)] {
        let mut d = data(["", "", ""]);
        let len = STREET_LEN[st as usize - 1];
        d.streets[st as usize - 1] = street(
            st as usize - 1,
            &(1..=len)
                .map(|n| if n == 4 { "R".into() } else { n.to_string() })
                .collect::<Vec<_>>()
                .join(" "),
        );
        let s = load(&d);
        let plans = slots([id, 6, 12]);
        let c = ctx(offer1(1, Surveyor), true, &plans);
        let after = c.apply_claim(&s, &claim(0, vec![]), &[]).unwrap();
        let used: Vec<HouseRef> = after.all_houses().filter(|&x| after.is_used(x)).collect();
        let all: Vec<HouseRef> = (1..=len).map(|n| h(st, n)).collect();
        assert_eq!(used, all, "plan {id}");
        // No fence can be drawn in that street any more.
        for k in 1..len {
            assert!(write_with(&after, Surveyor, h(2, 5), 5, EffectUse::Fence(f(st, k))).is_err());
        }
    }
    // The first-and-last plan locks the six end houses.
    let s = sheet([
        "1 _ _ _ _ _ _ _ _ 9",
        "R _ _ _ _ _ _ _ _ _ 11",
        "0 _ _ _ _ _ _ _ _ _ _ R",
    ]);
    let plans = slots([22, 6, 12]);
    let c = ctx(offer1(1, Surveyor), true, &plans);
    let after = c.apply_claim(&s, &claim(0, vec![]), &[]).unwrap();
    let used: Vec<HouseRef> = after.all_houses().filter(|&x| after.is_used(x)).collect();
    assert_eq!(
        used,
        [h(1, 1), h(1, 10), h(2, 1), h(2, 11), h(3, 1), h(3, 12)]
    );
    assert_eq!(after.plan_scores()[0], Some(7));
    // The other advanced plans lock nothing.
    let s = rich_sheet();
    for id in [20u8, 21, 23, 24, 25, 26, 27] {
        let card = ed().plan(id).unwrap();
        let slot = card.stack - 1;
        let mut ids = BASIC;
        ids[slot as usize] = id;
        let plans = slots(ids);
        let c = ctx(offer1(1, Surveyor), true, &plans);
        let after = c
            .apply_claim(&s, &claim(slot, vec![]), &[])
            .unwrap_or_else(|e| panic!("plan {id}: {e}"));
        assert_eq!(after.plan_scores()[slot as usize], Some(card.first));
        assert_eq!(used_count(&after), 0, "plan {id} locks nothing");
    }
}

// ----- the scripted standard game: plans 21, 25, 14 on three seats -----

/// Plans n°1 = 21 (7 temps), n°2 = 25 (all pools of two streets), n°3 = 14 (estates 3 and 4).
const SCRIPT_PLANS: [u8; 3] = [21, 25, 14];

/// Stack 1's combination in each round of the scripted game.
fn script_combos() -> Vec<(u8, Effect)> {
    let mut v: Vec<(u8, Effect)> = [3, 4, 6, 7, 8, 9, 10].map(|n| (n, Temp)).to_vec();
    v.extend([3, 6, 7, 4, 8, 9].map(|n| (n, Pool)));
    v.push((15, Surveyor));
    v
}

/// What every seat builds in round `r` (1-based) of the scripted game. Rounds 1–7: temps
/// writing 1 2 4 5 6 7 8 in street 3; rounds 8–13: the six pools of streets 1 and 2;
/// round 14: a fence after house 3 of street 3 and a roundabout in its house 8, which leaves
/// a 3-house and a 4-house estate.
fn script_build(r: usize, pick: Pick) -> Turn {
    let pool_houses = [h(1, 3), h(1, 7), h(1, 8), h(2, 1), h(2, 4), h(2, 8)];
    let (n, _) = script_combos()[r - 1];
    match r {
        1..=7 => Turn::build(pick, h(3, r as u8), n - 2),
        8..=13 => Turn::build(pick, pool_houses[r - 8], n).with_effect(EffectUse::Pool),
        _ => {
            let mut t = Turn::build(pick, h(1, 10), n).with_effect(EffectUse::Fence(f(3, 3)));
            t.roundabout = Some(Roundabout {
                house: h(3, 8),
                when: When::After,
            });
            t
        }
    }
}

/// The scripted turns of round `r`: seats 1 and 2 validate plan n°1 in round 7 and seat 3 in
/// round 8; everyone validates plans n°2 and n°3 in round 14, which ends the game.
fn script_turns(r: usize) -> Vec<Turn> {
    (0..3)
        .map(|seat| {
            let mut t = script_build(r, P0);
            if (r == 7 && seat < 2) || (r == 8 && seat == 2) {
                t.plans = vec![claim(0, vec![])];
            }
            if r == 14 {
                t.plans = vec![claim(1, vec![]), claim(2, vec![h(3, 1), h(3, 4)])];
            }
            t
        })
        .collect()
}

fn script_setup() -> RecordSetup {
    setup(options(Mode::Standard, true), 3, SCRIPT_PLANS)
}

/// The scripted game with rounds before `round` played and `round` dealt.
fn script_at(round: usize) -> Game {
    let draws = standard_draws(&script_combos());
    let mut rounds: Vec<RoundLog> = (1..round)
        .map(|r| RoundLog {
            round: r as u16,
            draws: draws[r - 1].clone(),
            turns: script_turns(r),
            ..RoundLog::default()
        })
        .collect();
    rounds.push(round_log(round, draws[round - 1].clone()));
    replay(&script_setup(), &rounds).unwrap_or_else(|e| panic!("script replays: {e}"))
}

/// The whole scripted game.
fn script_game() -> Game {
    let draws = standard_draws(&script_combos());
    let rounds: Vec<RoundLog> = (1..=14)
        .map(|r| RoundLog {
            round: r as u16,
            draws: draws[r - 1].clone(),
            turns: script_turns(r),
            ..RoundLog::default()
        })
        .collect();
    replay(&script_setup(), &rounds).unwrap_or_else(|e| panic!("script replays: {e}"))
}

#[test]
fn script_plan_cards_match_the_spec_s3_3() {
    let c = |id| ed().plan(id).unwrap().clone();
    assert_eq!(
        (c(21).stack, c(21).condition, c(21).first, c(21).second),
        (1, PlanCondition::Temps(7), 6, 3)
    );
    assert_eq!(
        (c(25).stack, c(25).condition, c(25).first, c(25).second),
        (2, PlanCondition::CompletePools(2), 7, 4)
    );
    assert_eq!(
        (c(14).stack, c(14).condition, c(14).first, c(14).second),
        (3, PlanCondition::Estates(vec![3, 4]), 7, 3)
    );
    // The script deals what it means to.
    for r in 1..=14 {
        let g = script_at(r);
        let Offer::Combinations(c) = g.offer(0).unwrap() else {
            panic!("standard mode")
        };
        let (n, e) = script_combos()[r - 1];
        assert_eq!((c[0].number, c[0].effect), (n, e), "round {r}");
    }
}

#[test]
fn c41_validation_optional_and_dated_by_validation_s3_5() {
    // Seat 3 met plan n°1 in round 7 but validated it in round 8: the low value.
    let g = script_at(7);
    let done = g.validate(2, &with_plans(script_build(7, P0), vec![claim(0, vec![])]));
    assert_eq!(
        done.unwrap().plan_scores()[0],
        Some(6),
        "could have scored high in round 7"
    );
    let g = script_at(8);
    assert_eq!(g.sheet(2).unwrap().temps(), 7);
    assert_eq!(g.sheet(2).unwrap().plan_scores()[0], None, "postponed");
    let end = script_game();
    assert_eq!(end.sheet(2).unwrap().plan_scores()[0], Some(3));
    // Plan n°2 held from round 13 but validated in round 14 by everyone first: the high value.
    let g = script_at(14);
    let plans = *g.plans();
    assert!(!plans[1].approved);
    for seat in 0..3 {
        assert_eq!(end.sheet(seat).unwrap().plan_scores()[1], Some(7));
    }
    // In a context, the value depends only on whether the plan is approved when validated.
    let s = rich_sheet();
    for (approved, value) in [(false, 7), (true, 4)] {
        let mut plans = slots([0, 25, 12]);
        plans[1].approved = approved;
        let c = ctx(offer1(1, Surveyor), true, &plans);
        let after = c.apply_claim(&s, &claim(1, vec![]), &[]).unwrap();
        assert_eq!(after.plan_scores()[1], Some(value));
    }
}

#[test]
fn c42_first_round_validators_all_score_high_s3_5() {
    let g = script_at(8);
    assert!(g.plans()[0].approved);
    for seat in 0..2 {
        assert_eq!(g.sheet(seat).unwrap().plan_scores(), [Some(6), None, None]);
    }
    let end = script_game();
    let scores: Vec<[Option<u8>; 3]> = end.sheets().iter().map(|s| s.plan_scores()).collect();
    assert_eq!(
        scores,
        [
            [Some(6), Some(7), Some(7)],
            [Some(6), Some(7), Some(7)],
            [Some(3), Some(7), Some(7)],
        ]
    );
    let totals: Vec<i32> = end.scores().iter().map(|s| s.points("plans")).collect();
    assert_eq!(totals, [20, 20, 17]);
}

#[test]
fn c43_each_plan_scored_at_most_once_s3_5() {
    let mut g = script_at(8);
    let again = with_plans(script_build(8, P0), vec![claim(0, vec![])]);
    let err = g.submit(0, again).unwrap_err();
    assert_eq!(err, TurnError::PlanAlreadyScored { plan: 0 });
    assert_eq!(err.code(), "plan_already_scored");
    let twice = with_plans(
        script_build(8, P0),
        vec![claim(0, vec![]), claim(0, vec![])],
    );
    let err = g.submit(2, twice).unwrap_err();
    assert_eq!(err, TurnError::PlanTwice { plan: 0 });
    // Within one turn, a plan already claimed is not claimable again.
    let c = g.context(2).unwrap();
    let sheet = *g.sheet(2).unwrap();
    assert_eq!(
        c.check_plan(&sheet, &claim(0, vec![]), &[0]).unwrap_err(),
        TurnError::PlanTwice { plan: 0 }
    );
    assert_eq!(TurnError::PlanTwice { plan: 0 }.code(), "plan_twice");
    assert!(!g.has_submitted(0) && !g.has_submitted(2));
    let mut claims = Vec::new();
    g.context(0)
        .unwrap()
        .plan_claims(g.sheet(0).unwrap(), 0, &[], &mut claims);
    assert!(claims.is_empty(), "a scored plan is not listed again");
    g.context(2)
        .unwrap()
        .plan_claims(g.sheet(2).unwrap(), 0, &[], &mut claims);
    assert_eq!(claims.len(), 1);
}

// ===== §9 scoring and the end of the game =====

/// A sheet with `temps` crossed, scored among the other players' counts.
fn temp_score(temps: u8, others: &[u8], solo: bool) -> i32 {
    let mut d = data(["", "", ""]);
    d.temps = temps;
    let file = SheetFile {
        format: welcome_engine::sheet_file::SHEET_FORMAT.into(),
        version: welcome_engine::sheet_file::SHEET_VERSION,
        edition: "first".into(),
        sheet_id: Default::default(),
        solo,
        temps_of_others: others.to_vec(),
        shelters_of_others: Vec::new(),
        sheet: d,
    };
    let (_, sc) = SheetFile::from_json(&file.to_json())
        .unwrap()
        .score()
        .unwrap();
    let sc = classic(sc);
    assert_eq!(sc.total, sc.temps);
    sc.temps
}

#[test]
fn c44_temp_majority_examples_s9_3() {
    for (counts, expected) in [
        ([5u8, 5, 3, 1], [7, 7, 4, 1]),
        ([5, 5, 1, 0], [7, 7, 4, 0]),
        ([4, 3, 2, 1], [7, 4, 1, 0]),
    ] {
        for i in 0..4 {
            let others: Vec<u8> = (0..4).filter(|&j| j != i).map(|j| counts[j]).collect();
            assert_eq!(
                temp_score(counts[i], &others, false),
                expected[i],
                "{counts:?} seat {i}"
            );
            let sc = Score::of(
                layout(),
                &{
                    let mut d = data(["", "", ""]);
                    d.temps = counts[i];
                    load(&d)
                },
                Temps::Ranked(&counts),
            );
            assert_eq!(sc.points("temps"), expected[i]);
        }
    }
    // Ties share the value; zero scores nothing even when alone.
    assert_eq!(temp_score(0, &[], false), 0);
    assert_eq!(temp_score(0, &[0, 0], false), 0);
    assert_eq!(temp_score(3, &[], false), 7);
    assert_eq!(temp_score(2, &[9, 9, 5, 5, 4], false), 0);
    assert_eq!(temp_score(4, &[9, 9, 5, 5, 4], false), 1);
}

#[test]
fn c45_solo_temps_s9_3() {
    for t in 0..=11u8 {
        assert_eq!(
            temp_score(t, &[], true),
            if t >= 6 { 7 } else { 0 },
            "{t} temps"
        );
    }
    let mut d = data(["", "", ""]);
    d.temps = 6;
    assert_eq!(
        classic(Score::of(layout(), &load(&d), Temps::Solo)).temps,
        7
    );
}

#[test]
fn c46_worked_example_totals_55_s9_3() {
    // Plans 8 + 7; parks S1 3 crossed, S2 1; 4 pools; temps second highest; three 3-house
    // estates with column 3 crossed twice; two 1-house estates; 2 bis; 1 refusal;
    // 1 roundabout.
    let mut d = data(["1 | 2 3* 4 | 5 6 7* | 8* _ _", "1* | 5 5b 5b R", ""]);
    d.streets[0].parks = 3;
    d.streets[1].parks = 1;
    d.temps = 4;
    d.real_estate = [0, 0, 2, 0, 0, 0];
    d.refusals = 1;
    d.plans = [Some(8), Some(7), None];
    let file = SheetFile {
        format: welcome_engine::sheet_file::SHEET_FORMAT.into(),
        version: welcome_engine::sheet_file::SHEET_VERSION,
        edition: "first".into(),
        sheet_id: Default::default(),
        solo: false,
        temps_of_others: vec![6, 1],
        shelters_of_others: Vec::new(),
        sheet: d,
    };
    let (s, sc) = SheetFile::from_json(&file.to_json())
        .unwrap()
        .score()
        .unwrap();
    let sc = classic(sc);
    assert_eq!(sc.plans.iter().sum::<i32>(), 15);
    assert_eq!(sc.parks, [10, 2, 0]);
    assert_eq!(s.pool_count(), 4);
    assert_eq!(sc.pools, 13);
    assert_eq!(sc.temps, 4);
    assert_eq!(sc.estates[2].count, 3);
    assert_eq!(sc.estates[2].value, 5);
    assert_eq!(sc.estates[2].points, 15);
    assert_eq!(sc.estates[0].count, 2);
    assert_eq!(sc.estates[0].points, 2);
    assert_eq!(sc.estate_points(), 17);
    assert_eq!(sc.bis, 3);
    assert_eq!(sc.refusals, 0);
    assert_eq!(sc.roundabouts, 3);
    let one_refusal = REFUSALS[1];
    assert_eq!(sc.total, 15 + 12 + 13 + 4 + 17 - 3 - one_refusal - 3);
    assert_eq!(sc.total, 55);
}

/// The sheets before the last round of a finished game, from its record.
fn sheets_before_last_round(game: &Game) -> Vec<Sheet> {
    let mut rec = Record::of(game, &[]);
    rec.result = None;
    rec.rounds.last_mut().unwrap().turns.clear();
    rec.replay().unwrap().sheets().to_vec()
}

/// Each end reason holds on the final sheets and held before the last round for no seat;
/// every seat played the last round.
fn check_end_round(game: &Game) {
    assert!(game.is_over());
    let last = game.log().last().unwrap();
    assert_eq!(
        last.turns.len(),
        game.players(),
        "every seat finishes the last round"
    );
    let before = sheets_before_last_round(game);
    let trigger = |s: &Sheet| {
        [
            s.refusals() >= 3,
            s.plan_scores().iter().all(Option::is_some),
            s.empty_houses() == 0,
        ]
    };
    for (seat, s) in before.iter().enumerate() {
        assert_eq!(
            trigger(s),
            [false; 3],
            "seat {seat} had already triggered the end"
        );
    }
    let mut expected = Vec::new();
    for (seat, s) in game.sheets().iter().enumerate() {
        let [r, p, a] = trigger(s);
        if r {
            expected.push(EndReason::Refusals { seat });
        }
        if p {
            expected.push(EndReason::Plans { seat });
        }
        if a {
            expected.push(EndReason::AllHouses { seat });
        }
    }
    assert_eq!(game.end(), expected);
}

#[test]
fn c47_game_ends_at_the_end_of_the_trigger_round_s9_2() {
    // Three plans scored: the scripted game's round 14.
    let mut g = script_at(14);
    let turns = script_turns(14);
    for (seat, t) in turns.into_iter().enumerate() {
        let after = g.validate(seat, &t).unwrap();
        assert!(after.plan_scores().iter().all(Option::is_some));
        g.submit(seat, t).unwrap();
        assert!(!g.is_over(), "not over before every seat has played");
    }
    g.resolve().unwrap();
    assert!(g.is_over());
    assert_eq!(g.round(), 14);
    assert_eq!(
        g.end(),
        [
            EndReason::Plans { seat: 0 },
            EndReason::Plans { seat: 1 },
            EndReason::Plans { seat: 2 }
        ]
    );
    check_end_round(&g);
    assert_eq!(
        g.submit(0, script_build(14, P0)).unwrap_err(),
        TurnError::GameOver
    );
    assert!(g.legal_turns(0).is_empty());
    // A third refusal.
    let g = find_game(options(Mode::Standard, false), 3, &Style::RANDOM, |g| {
        g.end()
            .iter()
            .any(|e| matches!(e, EndReason::Refusals { .. }))
    });
    check_end_round(&g);
    // Every house filled (bis copies and roundabouts help).
    let filler = Style {
        careful: true,
        effects: 1.0,
        roundabouts: 0.3,
        plans: 0.0,
        reshuffle: 0.0,
        bis: true,
    };
    let g = find_game(options(Mode::Standard, true), 1, &filler, |g| {
        g.end()
            .iter()
            .any(|e| matches!(e, EndReason::AllHouses { .. }))
    });
    check_end_round(&g);
    assert!(g.sheet(0).unwrap().bis_count() > 0 || g.sheet(0).unwrap().roundabouts() > 0);
}

#[test]
fn c48_tie_break_chain_s9_4() {
    let sc = |rows: [&str; 3], parks: u8| {
        let mut d = data(rows);
        d.streets[2].parks = parks;
        raw_score(&load(&d))
    };
    // Equal totals: more estates wins; equal chains share the rank.
    let a = sc(["1 | 2 |", "", ""], 0); // two 1-house estates
    let b = sc(["1 2 |", "", ""], 0); // one 2-house estate
    let c = sc(["", "1 2 |", ""], 0);
    assert_eq!([a.total, b.total, c.total], [2, 2, 2]);
    assert_eq!(ranks(&[b.clone(), a.clone(), c.clone()]), [2, 1, 2]);
    // Same number of estates: more 1-house estates wins.
    let e = sc(["1 |", "", ""], 1); // 1 + park 2
    let f3 = sc(["1 2 3 |", "", ""], 0);
    assert_eq!([e.total, f3.total], [3, 3]);
    assert_eq!(ranks(&[f3.clone(), e.clone()]), [2, 1]);
    // Then more 2-house estates.
    let g = sc(["1 2 |", "", ""], 1); // 2 + park 2
    let h4 = sc(["1 2 3 4 |", "", ""], 0);
    assert_eq!([g.total, h4.total], [4, 4]);
    assert_eq!(ranks(&[h4, g]), [2, 1]);
    // The chain continues to size 6; a higher total always wins.
    let base = b.clone();
    let with = |size: usize| {
        let mut s = base.clone();
        s.tie_break.by_size = [0; 6];
        s.tie_break.by_size[size] = 1;
        s
    };
    for size in 0..5 {
        assert_eq!(
            ranks(&[with(size + 1), with(size)]),
            [2, 1],
            "size {}",
            size + 1
        );
    }
    let mut richer = a.clone();
    richer.total += 1;
    richer.tie_break.estates = 0;
    richer.tie_break.by_size = [0; 6];
    assert_eq!(ranks(&[a, richer, b, c]), [2, 1, 3, 3]);
    // A run of 7+ is not counted (Ruling 9).
    let long = sc(["1 2 3 4 5 6 7 |", "", ""], 0);
    assert_eq!(long.tie_break.estates, 0);
}

#[test]
fn c49_first_plan_reshuffle_s2_4() {
    // Offered in the first round in which a plan is validated, to validating seats only.
    let mut g = script_at(7);
    assert!(g.reshuffle_offered());
    let mut refused = script_build(7, P0);
    refused.reshuffle = true;
    let err = g.submit(2, refused.clone()).unwrap_err();
    assert_eq!(err, TurnError::ReshuffleNotOffered);
    assert_eq!(err.code(), "reshuffle_not_offered");
    let mut asks = with_plans(script_build(7, P0), vec![claim(0, vec![])]);
    asks.reshuffle = true;
    assert!(g.validate(0, &asks).is_ok());
    // Not in a later round.
    let mut g8 = script_at(8);
    assert!(!g8.reshuffle_offered());
    let mut late = with_plans(script_build(8, P0), vec![claim(0, vec![])]);
    late.reshuffle = true;
    assert_eq!(
        g8.submit(2, late).unwrap_err(),
        TurnError::ReshuffleNotOffered
    );
    // Nobody asks: round 8 deals as usual.
    assert_eq!(g8.log().last().unwrap().draws.len(), 3);
    assert_eq!(g8.pile_sizes(), (78 - 3 * 8, 3 * 8 - 3));
    // Seat 1 asks: round 8 starts from all 81 cards and deals three fresh combinations.
    let draws = standard_draws(&script_combos());
    let mut rounds: Vec<RoundLog> = (1..=7)
        .map(|r| RoundLog {
            round: r as u16,
            draws: draws[r - 1].clone(),
            turns: script_turns(r),
            ..RoundLog::default()
        })
        .collect();
    rounds[6].turns[0].reshuffle = true;
    let mut all = Cards::full();
    let fresh: Vec<Draw> = (0..6).map(|_| Draw::Card(all.filler())).collect();
    rounds.push(round_log(8, fresh.clone()));
    let g = replay(&script_setup(), &rounds).unwrap();
    assert_eq!(g.pile_sizes(), (75, 0));
    let Offer::Combinations(c) = g.offer(0).unwrap() else {
        panic!("standard mode")
    };
    let fresh = cards_of(&fresh);
    for i in 0..3 {
        assert_eq!(
            (c[i].effect, c[i].number),
            (fresh[i].effect, fresh[i + 3].number)
        );
    }
    assert!(!g.reshuffle_offered());
    // Three draws would not be a fresh deal.
    rounds[7].draws.truncate(3);
    assert_eq!(
        replay(&script_setup(), &rounds).unwrap_err().code(),
        "record_draws"
    );
    // Never in solo.
    let g = solo_at(7);
    assert!(!g.reshuffle_offered());
    let mut t = solo_turns(7);
    t.reshuffle = true;
    assert_eq!(
        g.validate(0, &t).unwrap_err(),
        TurnError::ReshuffleNotOffered
    );
}

// ===== §12 advanced variant: roundabouts and advanced plans =====

#[test]
fn c50_roundabouts_advanced_only_two_per_game_s12() {
    let plans = slots(BASIC);
    let off = ctx(offer1(5, Surveyor), false, &plans);
    let err = off.apply_roundabout(&blank(), h(1, 1)).unwrap_err();
    assert_eq!(err, TurnError::RoundaboutsOff);
    assert_eq!(err.code(), "roundabouts_off");
    let mut t = Turn::build(P0, h(1, 1), 5);
    t.roundabout = Some(Roundabout {
        house: h(2, 1),
        when: When::After,
    });
    assert_eq!(
        off.apply(&blank(), &t).unwrap_err(),
        TurnError::RoundaboutsOff
    );
    let stuck = load(&stuck_data());
    let off3 = ctx(
        combos([(3, Surveyor), (4, RealEstate), (5, Landscaper)]),
        false,
        &plans,
    );
    assert!(off3
        .legal_turns(&stuck)
        .iter()
        .all(|t| t.roundabout.is_none()));
    // Two per game, each in an empty house.
    let on = ctx(offer1(5, Surveyor), true, &plans);
    assert!(on.apply(&blank(), &t).is_ok());
    let one = on.apply_roundabout(&blank(), h(1, 1)).unwrap();
    let two = on.apply_roundabout(&one, h(3, 12)).unwrap();
    let err = on.apply_roundabout(&two, h(2, 5)).unwrap_err();
    assert_eq!(err, TurnError::RoundaboutsFull);
    assert_eq!(err.code(), "roundabouts_full");
    assert_eq!(
        on.apply_roundabout(&sheet(["5", "", ""]), h(1, 1))
            .unwrap_err(),
        TurnError::HouseNotEmpty { house: h(1, 1) }
    );
    assert_eq!(
        on.apply_roundabout(&one, h(1, 1)).unwrap_err(),
        TurnError::HouseNotEmpty { house: h(1, 1) }
    );
    // At most one per turn: no listed turn builds two.
    let on3 = ctx(
        combos([(3, Surveyor), (4, RealEstate), (5, Landscaper)]),
        true,
        &plans,
    );
    let turns = on3.legal_turns(&stuck);
    assert!(turns.iter().any(|t| t.roundabout.is_some()));
    for t in &turns {
        assert!(on3.apply(&stuck, t).unwrap().roundabouts() <= 1, "{t:?}");
    }
}

#[test]
fn c51_roundabout_before_or_after_and_before_plans_s12() {
    let plans = slots(BASIC);
    let c = ctx(offer1(5, Surveyor), true, &plans);
    for when in [When::Before, When::After] {
        let mut t = Turn::build(P0, h(1, 1), 5);
        t.roundabout = Some(Roundabout {
            house: h(1, 5),
            when,
        });
        let after = c.apply(&blank(), &t).unwrap();
        assert_eq!(after.house(h(1, 5)), House::Roundabout);
        assert_eq!(after.number(h(1, 1)), Some(5));
    }
    // In a refusal turn, after the refusal or before it (when it still leaves nothing to place).
    let stuck = load(&stuck_data());
    let c3 = ctx(
        combos([(3, Surveyor), (4, RealEstate), (5, Landscaper)]),
        true,
        &plans,
    );
    for (house, when) in [(h(1, 3), When::After), (h(1, 9), When::Before)] {
        let mut t = Turn::refuse(None);
        t.roundabout = Some(Roundabout { house, when });
        let after = c3.apply(&stuck, &t).unwrap();
        assert_eq!((after.refusals(), after.roundabouts()), (1, 1));
    }
    // Always before plan validation: the roundabout completes the first-and-last plan.
    let s = sheet(["1 _ _ _ _ _ _ _ _ 9", "2", "0 _ _ _ _ _ _ _ _ _ _ 17"]);
    let plans = slots([22, 6, 12]);
    let c = ctx(offer1(5, Surveyor), true, &plans);
    let mut t = with_plans(Turn::build(P0, h(2, 5), 5), vec![claim(0, vec![])]);
    assert!(matches!(c.apply(&s, &t), Err(TurnError::PlanNotMet { .. })));
    t.roundabout = Some(Roundabout {
        house: h(2, 11),
        when: When::After,
    });
    let after = c.apply(&s, &t).unwrap();
    assert_eq!(after.plan_scores()[0], Some(7));
    assert!(after.is_used(h(2, 11)));
}

#[test]
fn c52_roundabout_fences_both_sides_s12() {
    let plans = slots(BASIC);
    let c = ctx(offer1(5, Surveyor), true, &plans);
    let s = sheet(["5 6 7 _ _", "", ""]);
    let r = c.apply_roundabout(&s, h(1, 4)).unwrap();
    let fences: Vec<FenceRef> = r.all_slots().filter(|&x| r.has_fence(x)).collect();
    assert_eq!(fences, [f(1, 3), f(1, 4)]);
    // The fences close the estate on its left.
    assert_eq!(r.estate_counts(), [0, 0, 1, 0, 0, 0]);
    // Numbering restarts on its right, so 5 may appear again.
    assert_eq!(r.number_range(h(1, 5)), Some((0, 17)));
    assert!(write(&r, Surveyor, h(1, 5), 5).is_ok());
    // At a street end, only the inner side needs a fence.
    let e = c.apply_roundabout(&blank(), h(1, 1)).unwrap();
    assert_eq!(
        e.all_slots()
            .filter(|&x| e.has_fence(x))
            .collect::<Vec<_>>(),
        [f(1, 1)]
    );
    let e = c.apply_roundabout(&blank(), h(3, 12)).unwrap();
    assert_eq!(
        e.all_slots()
            .filter(|&x| e.has_fence(x))
            .collect::<Vec<_>>(),
        [f(3, 11)]
    );
}

#[test]
fn c53_roundabout_never_an_estate_but_a_filled_house_s12() {
    let s = sheet(["1 2 3 R 5 6 7 8 9 10", "R", ""]);
    assert_eq!(s.estate_counts(), [0, 0, 1, 0, 0, 1]);
    assert_eq!(score(&s).estate_points(), 3 + 6);
    assert!(s.street_filled(0));
    // All houses filled with roundabouts among them.
    let full = sheet([
        "1 2 3 R 5 6 7 8 9 10",
        "1 2 3 4 5 6 7 8 9 10 R",
        "1 2 3 4 5 6 7 8 9 10 11 12",
    ]);
    assert!(full.all_filled());
    assert_eq!(full.empty_houses(), 0);
    // The full-street plan and the first-and-last plan accept roundabouts (Rulings 19, 29).
    for (ids, slot) in [([19, 6, 12], 0u8), ([22, 6, 12], 0)] {
        let plans = slots(ids);
        let c = ctx(offer1(1, Surveyor), true, &plans);
        assert!(
            c.apply_claim(&full, &claim(slot, vec![]), &[]).is_ok(),
            "{ids:?}"
        );
    }
    let ends = sheet([
        "R _ _ _ _ _ _ _ _ R",
        "1 _ _ _ _ _ _ _ _ _ 11",
        "0 _ _ _ _ _ _ _ _ _ _ 17",
    ]);
    let plans = slots([22, 6, 12]);
    let c = ctx(offer1(1, Surveyor), true, &plans);
    assert!(c.apply_claim(&ends, &claim(0, vec![]), &[]).is_ok());
}

#[test]
fn c54_roundabout_never_compulsory_s6() {
    let plans = slots(BASIC);
    let c = ctx(
        combos([(3, Surveyor), (4, RealEstate), (5, Landscaper)]),
        true,
        &plans,
    );
    let stuck = load(&stuck_data());
    let mut pl = Vec::new();
    c.placements(&stuck, &mut pl);
    assert!(pl.is_empty());
    // A roundabout in house 3 would let 3, 4 and 5 fit …
    let r = c.apply_roundabout(&stuck, h(1, 3)).unwrap();
    c.placements(&r, &mut pl);
    assert_eq!(houses_in(&pl, 1, None), [4, 5]);
    // … but the refusal without it is legal.
    assert!(c.apply(&stuck, &Turn::refuse(None)).is_ok());
    assert!(c.legal_turns(&stuck).contains(&Turn::refuse(None)));
}

#[test]
fn c55_five_bis_plan_counts_bis_houses_only_s3_3() {
    assert_eq!(
        ed().plan(20).unwrap().condition,
        PlanCondition::BisInOneStreet(5)
    );
    let plans = slots([20, 6, 12]);
    let c = ctx(offer1(1, Surveyor), true, &plans);
    let check = |rows: [&str; 3]| c.apply_claim(&sheet(rows), &claim(0, vec![]), &[]);
    assert_eq!(
        check(["", "1 1b 1b 1b 1b 1b", ""]).unwrap().plan_scores()[0],
        Some(8)
    );
    // Four copies and their original are five houses with the number, but four bis houses.
    let err = check(["", "1 1b 1b 1b 1b", ""]).unwrap_err();
    assert!(matches!(err, TurnError::PlanNotMet { plan: 0, .. }));
    assert_eq!(err.code(), "plan_not_met");
    // Five bis houses, but not in one street.
    assert!(check(["1 1b 1b 1b", "1 1b 1b", ""]).is_err());
    // Five in one street spread over several runs.
    assert!(check(["", "1 1b 3 3b 5 5b 7 7b 9 9b", ""]).is_ok());
}

#[test]
fn c56_advanced_plans_join_stacks_one_and_two_s3_1() {
    let count = |stack: u8, advanced: bool| {
        ed().plans_of(layout())
            .filter(|p| p.stack == stack && p.advanced == advanced)
            .count()
    };
    assert_eq!(
        [1, 2, 3].map(|s| (count(s, false), count(s, true))),
        [(6, 5), (6, 5), (6, 0)]
    );
    assert_eq!(ed().plans_of(layout()).count(), 28);
    for advanced in [false, true] {
        let mut seen: [Vec<u8>; 3] = Default::default();
        for seed in 0..300 {
            let g = new_game(options(Mode::Standard, advanced), 2, seed);
            for (slot, p) in g.plans().iter().enumerate() {
                let card = ed().plan(p.card).unwrap();
                assert_eq!(card.stack as usize, slot + 1);
                assert!(advanced || !card.advanced);
                assert!(!p.approved);
                if !seen[slot].contains(&p.card) {
                    seen[slot].push(p.card);
                }
            }
        }
        let sizes = seen.map(|v| v.len());
        assert_eq!(sizes, if advanced { [11, 11, 6] } else { [6, 6, 6] });
    }
    // A record cannot use an advanced plan without the advanced variant.
    let err = replay(
        &setup(options(Mode::Standard, false), 2, [21, 6, 12]),
        &[round_log(1, vec![])],
    )
    .unwrap_err();
    assert!(matches!(
        err,
        RecordError::Setup(SetupError::BadPlan {
            slot: 1,
            id: 21,
            ..
        })
    ));
}

// ===== §10 solo =====

/// Draws of the scripted solo game: the same build as the standard script, from hands of
/// (number card, effect card, spare), the Solo card coming up in round 14, a last round 15.
fn solo_draws() -> Vec<Vec<Draw>> {
    let mut cards = Cards::full();
    let mut hands: Vec<[Option<Card>; 3]> = Vec::new();
    for (n, e) in script_combos().into_iter().take(13) {
        hands.push([Some(cards.take_number(n)), Some(cards.take_effect(e)), None]);
    }
    hands.push([
        Some(cards.take_number(15)),
        Some(cards.take_effect(Surveyor)),
        None,
    ]);
    hands.push([Some(cards.take_number(14)), None, None]);
    hands
        .into_iter()
        .enumerate()
        .map(|(r, hand)| {
            let mut d: Vec<Draw> = hand
                .iter()
                .map(|c| Draw::Card(c.unwrap_or_else(|| cards.filler())))
                .collect();
            if r == 13 {
                // Draw 41 of 82: the first position among the last 42.
                d.insert(1, Draw::Solo);
            }
            d
        })
        .collect()
}

/// The solo turn of round `r`: plan n°1 in round 7, n°3 in round 14, n°2 in round 15.
fn solo_turns(r: usize) -> Turn {
    let pick = Pick::Hand((0, 1));
    let mut t = if r == 15 {
        Turn::build(pick, h(2, 11), 14)
    } else {
        script_build(r, pick)
    };
    t.plans = match r {
        7 => vec![claim(0, vec![])],
        14 => vec![claim(2, vec![h(3, 1), h(3, 4)])],
        15 => vec![claim(1, vec![])],
        _ => vec![],
    };
    t
}

fn solo_rounds(played: usize, dealt: bool) -> Vec<RoundLog> {
    let draws = solo_draws();
    let mut rounds: Vec<RoundLog> = (1..=played)
        .map(|r| RoundLog {
            round: r as u16,
            draws: draws[r - 1].clone(),
            turns: vec![solo_turns(r)],
            ..RoundLog::default()
        })
        .collect();
    if dealt {
        rounds.push(round_log(played + 1, draws[played].clone()));
    }
    rounds
}

fn solo_setup() -> RecordSetup {
    setup(options(Mode::Solo, true), 1, SCRIPT_PLANS)
}

/// The scripted solo game at round `round`, dealt.
fn solo_at(round: usize) -> Game {
    replay(&solo_setup(), &solo_rounds(round - 1, true))
        .unwrap_or_else(|e| panic!("solo script replays: {e}"))
}

#[test]
fn c57_solo_card_replaced_at_once_s10() {
    let g = solo_at(13);
    assert!(!g.solo_card_drawn());
    // Only plan n°1, validated in round 7, is approved before the Solo card.
    assert_eq!(g.plans().map(|p| p.approved), [true, false, false]);
    let g = solo_at(14);
    assert!(g.solo_card_drawn());
    assert!(g.plans().iter().all(|p| p.approved), "every plan approved");
    let log = g.log();
    for (i, r) in log.iter().enumerate() {
        assert_eq!(cards_of(&r.draws).len(), 3, "round {}", i + 1);
        let solos = r.draws.iter().filter(|d| **d == Draw::Solo).count();
        assert_eq!(solos, usize::from(i == 13));
    }
    let round14 = cards_of(&log[13].draws);
    assert_eq!(hand(&g, 0).to_vec(), round14);
    // The Solo card must be among the last 42 of the 82 cards.
    let mut early = solo_rounds(13, true);
    let d = &mut early[13].draws;
    d.swap(0, 1);
    assert_eq!(d[0], Draw::Solo);
    let err = replay(&solo_setup(), &early).unwrap_err();
    assert!(matches!(
        err,
        RecordError::Deal {
            source: DealError::SoloCardTooEarly { .. },
            ..
        }
    ));
    // Live games: three construction cards every round; the Solo card, if drawn, comes up
    // as one of the last 42 draws.
    for seed in 0..6 {
        let g = play_game(options(Mode::Solo, seed % 2 == 0), 1, seed, &Style::CAREFUL);
        let mut position = 0;
        for r in g.log() {
            assert_eq!(cards_of(&r.draws).len(), 3);
            for d in &r.draws {
                if *d == Draw::Solo {
                    assert!(position >= 40, "Solo card drawn at {position}");
                }
                position += 1;
            }
            assert_eq!(r.turns.len(), 1);
        }
    }
}

#[test]
fn c58_solo_plans_after_the_solo_card_score_low_s10() {
    let g = replay(&solo_setup(), &solo_rounds(15, false)).unwrap();
    assert!(g.is_over());
    assert_eq!(g.end(), [EndReason::Plans { seat: 0 }]);
    // Plan n°1 before the Solo card: 6; n°3 in its round: 3; n°2 after it: 4.
    assert_eq!(
        g.sheet(0).unwrap().plan_scores(),
        [Some(6), Some(4), Some(3)]
    );
    // Validated in round 13, before the Solo card, plan n°2 would have scored high.
    let g = solo_at(13);
    let mut t = solo_turns(13);
    t.plans = vec![claim(1, vec![])];
    assert_eq!(g.validate(0, &t).unwrap().plan_scores()[1], Some(7));
    let g = solo_at(14);
    let mut t = solo_turns(14);
    t.plans.push(claim(1, vec![]));
    assert_eq!(g.validate(0, &t).unwrap().plan_scores()[1], Some(4));
}

#[test]
fn c59_solo_game_ends_after_round_27_s10() {
    let mut long = None;
    for seed in 0..60 {
        let g = play_game(options(Mode::Solo, false), 1, seed, &Style::CAREFUL);
        assert!(g.round() <= 27, "a solo game lasts 27 rounds at most");
        if g.round() == 27 && long.is_none() {
            long = Some(g);
        }
    }
    let g = long.expect("some solo game reaches round 27");
    assert!(g.end().contains(&EndReason::DeckExhausted));
    assert_eq!(g.pile_sizes().0, 0);
    let drawn: Vec<Card> = g.log().iter().flat_map(|r| cards_of(&r.draws)).collect();
    assert_eq!(multiset(&drawn), multiset(&ed().deck));
    check_end_round_solo(&g);
}

/// A solo game that ran out of cards ended at the end of round 27 with every turn played.
fn check_end_round_solo(g: &Game) {
    assert_eq!(g.log().len(), 27);
    assert!(g.log().iter().all(|r| r.turns.len() == 1));
    assert_eq!(
        g.validate(0, &Turn::refuse(None)).unwrap_err(),
        TurnError::GameOver
    );
}

// ===== §11 expert =====

#[test]
fn c60_hand_number_and_effect_from_different_cards_s2_5() {
    let cards = [Card::new(3, Pool), Card::new(8, Temp), Card::new(12, Bis)];
    let offer = Offer::Hand(cards.into());
    let picks: Vec<(Pick, u8, Effect)> = offer.picks().collect();
    assert_eq!(picks.len(), 6);
    let mut pairs = Vec::new();
    for (pick, n, e) in &picks {
        let Pick::Hand((a, b)) = *pick else {
            panic!("hands give hand picks")
        };
        assert_ne!(a, b);
        assert_eq!(
            (*n, *e),
            (cards[a as usize].number, cards[b as usize].effect)
        );
        pairs.push((a, b));
    }
    pairs.sort();
    assert_eq!(pairs, [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]);
    // A card's own two sides never make a pair: 3 with Pool is not offered.
    assert!(!picks.iter().any(|&(_, n, e)| (n, e) == (3, Pool)));
    let plans = slots(BASIC);
    let c = ctx(offer, false, &plans);
    for pick in [Pick::Hand((1, 1)), Pick::Hand((0, 3)), Pick::Combination(0)] {
        let err = c
            .apply(&blank(), &Turn::build(pick, h(1, 1), 3))
            .unwrap_err();
        assert_eq!(err, TurnError::NoSuchPick { pick });
        assert_eq!(err.code(), "no_such_pick");
    }
    // Number 8 (card 2) with the Bis effect of card 3.
    let t = Turn::build(Pick::Hand((1, 2)), h(1, 2), 8).with_effect(EffectUse::Bis {
        from: h(1, 2),
        to: h(1, 3),
    });
    assert_eq!(c.apply(&blank(), &t).unwrap().bis_count(), 1);
    // Solo and expert games offer hands; every listed pick uses two different cards.
    for (mode, players) in [(Mode::Solo, 1), (Mode::Expert, 3)] {
        let g = new_game(options(mode, false), players, 3);
        for seat in 0..players {
            assert!(g.offer(seat).unwrap().is_hand());
            for t in g.legal_turns(seat) {
                if let Play::Build(b) = t.play {
                    assert!(matches!(b.pick, Pick::Hand((a, e)) if a != e));
                }
            }
        }
    }
    let std = new_game(options(Mode::Standard, false), 2, 3);
    assert!(!std.offer(0).unwrap().is_hand());
}

/// Plays expert rounds and checks that each seat's unused card reaches its neighbour and that
/// no card is lost; returns the number of refusals seen.
fn expert_rounds(g: &mut Game, seed: u64, style: &Style) -> usize {
    let n = g.players();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut refusals = 0;
    while !g.is_over() {
        let (pile, discard) = g.pile_sizes();
        assert_eq!(pile + discard + 3 * n, 81, "every card is somewhere");
        let hands: Vec<[Card; 3]> = (0..n).map(|s| hand(g, s)).collect();
        let mut turns = Vec::new();
        for seat in 0..n {
            let sheet = *g.sheet(seat).unwrap();
            let t = choose_turn(&g.context(seat).unwrap(), &sheet, &mut rng, style);
            g.submit(seat, t.clone()).unwrap();
            turns.push(t);
        }
        g.resolve().unwrap();
        if g.is_over() {
            break;
        }
        for seat in 0..n {
            let to = match g.options().pass {
                PassDirection::Right => (seat + n - 1) % n,
                PassDirection::Left => (seat + 1) % n,
            };
            assert_eq!(
                hand(g, to)[0],
                hands[seat][unused_card(&turns[seat])],
                "round {}: seat {seat} passes to seat {to}",
                g.round()
            );
            if matches!(turns[seat].play, Play::Refuse { .. }) {
                refusals += 1;
            }
        }
    }
    refusals
}

#[test]
fn c61_expert_pass_direction_s11() {
    assert_eq!(Options::new(Mode::Expert).pass, PassDirection::Right);
    for pass in [PassDirection::Right, PassDirection::Left] {
        for players in [2, 4] {
            let mut o = options(Mode::Expert, true);
            o.pass = pass;
            let mut g = new_game(o, players, 21);
            expert_rounds(&mut g, 21, &Style::RANDOM);
            assert!(g.round() > 5);
        }
    }
}

#[test]
fn c62_expert_refusal_still_passes_a_card_s11() {
    let plans = slots(BASIC);
    let mut c = ctx(
        combos([(3, Surveyor), (4, RealEstate), (5, Landscaper)]),
        false,
        &plans,
    );
    c.passes_card = true;
    let stuck = load(&stuck_data());
    assert_eq!(
        c.apply(&stuck, &Turn::refuse(None)).unwrap_err(),
        TurnError::PassCardMissing
    );
    assert_eq!(
        c.apply(&stuck, &Turn::refuse(Some(3))).unwrap_err(),
        TurnError::NoSuchHandCard { card: 3, cards: 3 }
    );
    for p in 0..3 {
        assert!(c.apply(&stuck, &Turn::refuse(Some(p))).is_ok());
    }
    let refusals: Vec<Turn> = c
        .legal_turns(&stuck)
        .into_iter()
        .filter(|t| matches!(t.play, Play::Refuse { .. }))
        .collect();
    assert_eq!(refusals.len(), 3, "one refusal per card passed");
    c.passes_card = false;
    let err = c.apply(&stuck, &Turn::refuse(Some(0))).unwrap_err();
    assert_eq!(err, TurnError::PassCardUnexpected);
    assert_eq!(err.code(), "pass_card_unexpected");
    // In play, the card a refusing seat passes reaches its neighbour.
    for seed in 0..50 {
        let mut g = new_game(options(Mode::Expert, false), 3, seed);
        if expert_rounds(&mut g, seed, &Style::RANDOM) > 0 {
            return;
        }
    }
    panic!("no expert game with a refusal");
}

#[test]
fn c63_expert_game_reshuffles_instead_of_ending_s11() {
    let mut g = new_game(options(Mode::Expert, false), 6, 8);
    expert_rounds(&mut g, 8, &Style::CAREFUL);
    let drawn: usize = g.log().iter().map(|r| cards_of(&r.draws).len()).sum();
    assert!(drawn > 81, "the deck was reshuffled ({drawn} cards drawn)");
    // 18 + 12 per round: the deck cannot deal round 7 without the discard pile.
    assert!(g.round() > 7);
    assert!(!g.end().contains(&EndReason::DeckExhausted));
    check_end_round(&g);
}

// ===== §9.3 the final score =====

#[test]
fn c64_final_score_formula_s9_3() {
    // The breakdown of a composed sheet, category by category.
    let mut d = data([
        "1 | 2 3* 4 | R _ 7* 8*",
        "1* 1b | _",
        "R _ _ _ _ _ _ _ _ _ _ 5",
    ]);
    d.streets[2].parks = 2;
    d.temps = 3;
    d.real_estate = [1, 0, 1, 0, 0, 0];
    d.refusals = 2;
    d.plans = [Some(4), None, Some(13)];
    let s = load(&d);
    let sc = classic(Score::of(layout(), &s, Temps::Ranked(&[3, 5])));
    let expected = 17 + 4 + 13 + 4 + (3 + 2 + 4) - 1 - 3 - 8;
    assert_eq!(
        (sc.plans.iter().sum::<i32>(), sc.parks, sc.pools, sc.temps),
        (17, [0, 0, 4], 13, 4)
    );
    assert_eq!(
        (sc.estate_points(), sc.bis, sc.refusals, sc.roundabouts),
        (9, 1, 3, 8)
    );
    assert_eq!(sc.total, expected);
    assert_eq!(sc.total, spec_total(&s, 4));
    // Finished games of every mode, against the spec's tables.
    for (mode, advanced, players) in [
        (Mode::Solo, false, 1),
        (Mode::Solo, true, 1),
        (Mode::Standard, false, 4),
        (Mode::Standard, true, 3),
        (Mode::Expert, true, 3),
    ] {
        for seed in 0..3 {
            let g = play_game(options(mode, advanced), players, seed, &Style::RANDOM);
            check_scores(&g);
        }
    }
}
