//! Zombies! (collector expansions §8): the two-pile dealer with its Zombie cards, hordes,
//! ammo, barricades and invaded houses, named after the spec's checklist (E49–E58). The
//! shipped layout is a placeholder: items marked (P) hold under it.

mod common;

use common::expansion::*;
use common::{choose_turn, h, Style, P0};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use welcome_engine::edition::{Side, ZombieCard};
use welcome_engine::machine::{Decision, Stage, TurnMachine};
use welcome_engine::modules::zombies;
use welcome_engine::*;

use Effect::{RealEstate, Surveyor};

const ID: &str = "zombies";

fn hordes(list: &[(u8, Side)]) -> Hordes {
    let mut set = Hordes::default();
    for &(s, side) in list {
        set.insert(zombies::index(s - 1, side));
    }
    set
}

/// A context on the Zombies sheet in which `cards` came up this round.
fn with_cards<'a>(plans: &'a [PlanSlot; 3], offer: Offer, cards: &[ZombieCard]) -> TurnContext<'a> {
    ctx(lay(ID), offer, plans).with_zombies(cards.iter().copied().collect())
}

/// A careful random turn for every seat of `p`.
fn random_turns(p: &Position, rng: &mut ChaCha8Rng) -> Vec<Turn> {
    (0..p.players())
        .map(|s| {
            choose_turn(
                &p.context(s).unwrap(),
                p.sheet(s).unwrap(),
                rng,
                &Style::CAREFUL,
            )
        })
        .collect()
}

/// Plays a whole game with random turns through the machine; gives the game.
fn random_game(players: usize, advanced: bool, seed: u64) -> Game {
    let mut g = Game::new(opts(ID, Mode::Standard, advanced), players, seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while !g.is_over() {
        let turns = random_turns(&g, &mut rng);
        g.step(&turns).unwrap();
    }
    g
}

#[test]
fn e49_two_piles_give_two_combinations_and_pile_one_holds_three_packets_of_eleven() {
    let mut rounds_with_zombies = 0;
    for seed in 0..30 {
        let g = random_game(2, false, seed);
        for (i, r) in g.log().iter().enumerate() {
            match &r.offers[..] {
                [Offer::Combinations(c)] => {
                    assert!(c.len() == 2 || (c.is_empty() && i + 1 == g.log().len()))
                }
                other => panic!("round {}: {other:?}", r.round),
            }
            if r.draws.iter().any(|d| matches!(d, Draw::Zombie(_))) {
                rounds_with_zombies += 1;
            }
        }
        // Each Zombie card comes up within its own packet of 10 construction cards.
        let mut pile_one = 0usize;
        let mut came = Vec::new();
        for r in g.log() {
            // Pile 1's cards are the first of each pair the round draws (both at setup).
            let mut k = 0;
            for d in &r.draws {
                match d {
                    Draw::Zombie(z) => came.push((*z, pile_one)),
                    Draw::Card(_) => {
                        if k % 2 == 0 {
                            pile_one += 1;
                        }
                        k += 1;
                    }
                    other => panic!("{other:?}"),
                }
            }
        }
        for (packet, &(_, at)) in came.iter().enumerate() {
            assert!(
                (10 * packet..=10 * packet + 10).contains(&at),
                "seed {seed}: {came:?}"
            );
        }
        let pile = g.zombie_pile().unwrap();
        assert_eq!(pile.holds, 30);
        assert!(pile.drawn <= 30);
        if g.end().contains(&EndReason::DeckExhausted) {
            // The game ends at once when pile 1 has no number left: at most 29 turns.
            assert_eq!(pile.drawn, 30, "seed {seed}");
            assert!(
                pile.left.is_empty(),
                "seed {seed}: every Zombie card came up"
            );
            assert!(g.round() <= 30);
        }
        // The log replays to the same game.
        let again = Record::of(&g, &[]).replay().unwrap();
        assert_eq!(again.position(), g.position());
    }
    assert!(rounds_with_zombies > 30, "{rounds_with_zombies}");
}

#[test]
fn e50_a_zombie_card_is_resolved_before_choosing_and_is_never_a_number() {
    for seed in 0..40 {
        let mut g = Game::new(opts(ID, Mode::Standard, false), 2, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            let now = g.zombies_now();
            let ctx = g.context(0).unwrap();
            if !now.is_empty() {
                assert_eq!(
                    TurnMachine::new(ctx, g.sheet(0).unwrap()).stage(),
                    Stage::Ammo { card: 0 }
                );
                // A turn without its ammo is refused and changes nothing.
                let mut t = choose_turn(&ctx, g.sheet(0).unwrap(), &mut rng, &Style::CAREFUL);
                t.ammo.clear();
                let before = g.position().clone();
                let err = g.submit(0, t).unwrap_err();
                assert_eq!(err.code(), "ammo_owed");
                assert_eq!(g.position(), &before);
                return;
            }
            let turns: Vec<Turn> = (0..2)
                .map(|s| {
                    choose_turn(
                        &g.context(s).unwrap(),
                        g.sheet(s).unwrap(),
                        &mut rng,
                        &Style::CAREFUL,
                    )
                })
                .collect();
            g.step(&turns).unwrap();
        }
    }
    panic!("no Zombie card came up in 40 games");
}

#[test]
fn e51_left_moves_the_three_left_hordes_and_a_slowed_horde_keeps_its_arrow() {
    let plans = plans_with("ZO-C1");
    let blank = Sheet::new(lay(ID));
    let c = with_cards(&plans, offer1(5, Surveyor), &[ZombieCard::Left]);
    let moving = zombies::moving(lay(ID), &blank, ZombieCard::Left);
    assert_eq!(
        moving,
        hordes(&[(1, Side::Left), (2, Side::Left), (3, Side::Left)])
    );
    // One ammo at the start: one horde may be slowed, not two.
    let two = hordes(&[(1, Side::Left), (2, Side::Left)]);
    let mut m = TurnMachine::new(c, &blank);
    assert_eq!(
        m.apply(Decision::Ammo(two)).unwrap_err().code(),
        "ammo_short"
    );
    let right = hordes(&[(1, Side::Right)]);
    assert_eq!(
        m.apply(Decision::Ammo(right)).unwrap_err().code(),
        "horde_not_moving"
    );
    let mut options = Vec::new();
    m.options(&mut options);
    assert_eq!(options.len(), 4, "none, or one of the three: {options:?}");
    let slowed = hordes(&[(2, Side::Left)]);
    m.apply(Decision::Ammo(slowed)).unwrap();
    let s = *m.sheet();
    assert_eq!(s.ammo_used(), 1);
    assert_eq!(zombies::ammo_left(lay(ID), &s), 0);
    assert_eq!(
        s.horde_steps(zombies::index(1, Side::Left)),
        0,
        "slowed: same arrow"
    );
    assert_eq!(s.horde_steps(zombies::index(0, Side::Left)), 1);
    assert_eq!(s.horde_steps(zombies::index(2, Side::Left)), 1);
    assert_eq!(s.horde_steps(zombies::index(0, Side::Right)), 0);
    // With two ammo (one gained from an improvement box), two hordes may be slowed.
    let improved = play(
        lay(ID),
        &blank,
        1,
        1,
        5,
        RealEstate,
        Some(EffectUse::RealEstate(2)),
    );
    assert_eq!(
        improved.ammo_gained(),
        1,
        "the first box of column 2 holds an ammo"
    );
    let mut m = TurnMachine::new(c, &improved);
    m.apply(Decision::Ammo(two)).unwrap();
    assert_eq!(m.sheet().ammo_used(), 2);
}

#[test]
fn e52_p_a_horde_stops_at_a_barricade_and_invades_an_open_house() {
    let plans = plans_with("ZO-C1");
    // S1: 1, 2, 3, 4 numbered; house 3 is printed without a barricade (P).
    let s = plays(
        lay(ID),
        Sheet::new(lay(ID)),
        &[(1, 1, 1), (1, 2, 2), (1, 3, 3), (1, 4, 4)],
    );
    let c = with_cards(
        &plans,
        offer1(9, Surveyor),
        &[ZombieCard::Left, ZombieCard::Left],
    );
    let mut m = TurnMachine::new(c, &s);
    // First arrow: house 1, barricaded: nothing.
    m.apply(Decision::Ammo(Hordes::default())).unwrap();
    assert_eq!(m.sheet().number(h(1, 1)), Some(1));
    assert!(!m.sheet().is_invaded(h(1, 1)));
    // Second arrow: house 3, open: invaded, fences on both sides.
    m.apply(Decision::Ammo(Hordes::default())).unwrap();
    let after = *m.sheet();
    assert_eq!(after.house(h(1, 3)), House::Invaded);
    assert_eq!(after.number(h(1, 3)), None);
    assert!(after.has_fence(FenceRef::new(0, 1)) && after.has_fence(FenceRef::new(0, 2)));
    assert_eq!(m.stage(), Stage::Start, "then the turn goes on");
}

#[test]
fn e53_a_roundabout_a_built_barricade_or_a_z_stops_a_horde() {
    let layout = lay(ID);
    // S2 left horde's first arrow ends at house 2, printed open (P).
    let open = h(2, 2);
    let mut barricaded = play(
        layout,
        &Sheet::new(layout),
        2,
        2,
        4,
        Surveyor,
        Some(EffectUse::Barricade),
    );
    assert!(barricaded.has_barricade(open));
    let plans = plans_with("ZO-C1");
    let c = with_cards(&plans, offer1(9, Surveyor), &[ZombieCard::Left]);
    let mut m = TurnMachine::new(c, &barricaded);
    m.apply(Decision::Ammo(Hordes::default())).unwrap();
    assert_eq!(
        m.sheet().number(open),
        Some(4),
        "a built barricade stops it"
    );
    // A Z house stops a horde too: invade it once, then again.
    barricaded = Sheet::new(layout);
    let mut m = TurnMachine::new(c, &barricaded);
    m.apply(Decision::Ammo(Hordes::default())).unwrap();
    let once = *m.sheet();
    assert_eq!(once.house(open), House::Invaded);
    // S3's left horde ends at its house 2 too, printed barricaded (P).
    assert_eq!(once.invaded_count(), 1);
    // A roundabout stops it (Advanced): built where the S1 left horde's second arrow ends.
    let adv = Game::new(opts(ID, Mode::Standard, true), 2, 3).unwrap();
    let ctx_adv = adv.context(0).unwrap();
    let round = ctx_adv
        .apply_roundabout(&Sheet::new(layout), h(1, 3))
        .unwrap();
    let c2 = with_cards(
        &plans,
        offer1(9, Surveyor),
        &[ZombieCard::Left, ZombieCard::Left],
    );
    let mut m = TurnMachine::new(c2, &round);
    m.apply(Decision::Ammo(Hordes::default())).unwrap();
    m.apply(Decision::Ammo(Hordes::default())).unwrap();
    assert_eq!(m.sheet().house(h(1, 3)), House::Roundabout);
}

#[test]
fn e54_an_invaded_five_lets_a_normal_five_be_written_beside_the_copy() {
    let layout = lay(ID);
    // S1: 4 in house 2, its copy 4B in house 3... use the shipped open house 3: 5B in house 2
    // copied from the 5 in house 3, then house 3 is invaded.
    let s = play(
        layout,
        &Sheet::new(layout),
        1,
        3,
        5,
        Effect::Bis,
        Some(EffectUse::Bis {
            from: h(1, 3),
            to: h(1, 2),
        }),
    );
    assert_eq!(s.number(h(1, 2)), Some(5));
    assert_eq!(
        s.number_range(h(1, 4)),
        Some((6, 17)),
        "5 has its normal house"
    );
    let plans = plans_with("ZO-C1");
    let c = with_cards(
        &plans,
        offer1(5, Surveyor),
        &[ZombieCard::Left, ZombieCard::Left],
    );
    let mut m = TurnMachine::new(c, &s);
    m.apply(Decision::Ammo(Hordes::default())).unwrap();
    m.apply(Decision::Ammo(Hordes::default())).unwrap();
    assert_eq!(m.sheet().house(h(1, 3)), House::Invaded);
    // `5B Z _`: a normal 5 may now be written right of the Z.
    assert_eq!(m.sheet().number_range(h(1, 4)), Some((5, 17)));
    m.apply(Decision::Build {
        pick: P0,
        house: h(1, 4),
        number: 5,
    })
    .unwrap();
    // A second normal 5 may not.
    let s = *m.sheet();
    assert_eq!(s.number_range(h(1, 5)), Some((6, 17)));
}

#[test]
fn e55_an_estate_holding_a_z_is_not_complete_and_scores_nothing() {
    let layout = lay(ID);
    // S1 houses 2–4 fenced: 2, 3, 4 complete (house 3 open, P).
    let mut s = plays(
        layout,
        Sheet::new(layout),
        &[(1, 2, 2), (1, 3, 3), (1, 4, 4)],
    );
    s = play(
        layout,
        &s,
        1,
        5,
        5,
        Surveyor,
        Some(EffectUse::Fence(FenceRef::new(0, 0))),
    );
    s = play(
        layout,
        &s,
        1,
        6,
        6,
        Surveyor,
        Some(EffectUse::Fence(FenceRef::new(0, 3))),
    );
    assert!(s
        .completed_estates()
        .iter()
        .any(|e| e.street == 0 && e.start == 1 && e.len == 3));
    let plans = plans_with("ZO-C1");
    let c = with_cards(
        &plans,
        offer1(9, Surveyor),
        &[ZombieCard::Left, ZombieCard::Left],
    );
    let mut m = TurnMachine::new(c, &s);
    m.apply(Decision::Ammo(Hordes::default())).unwrap();
    m.apply(Decision::Ammo(Hordes::default())).unwrap();
    let after = *m.sheet();
    assert!(after
        .completed_estates()
        .iter()
        .all(|e| !(e.street == 0 && e.start <= 2 && 2 < e.start + e.len)));
    assert!(!after.all_filled());
    let score = Score::of(layout, &after, Temps::Solo);
    let before = Score::of(layout, &s, Temps::Solo);
    let size3 = |sc: &Score| sc.rows.iter().find(|r| r.id == "estates").unwrap().parts[2];
    assert!(size3(&before) > 0, "{before:?}");
    assert_eq!(size3(&score), 0, "{score:?}");
}

#[test]
fn e56_the_barriere_builds_a_fence_or_a_barricade_never_both() {
    let layout = lay(ID);
    let plans = plans_with("ZO-C1");
    let c = ctx(layout, offer1(5, Surveyor), &plans);
    // House 3 of S1 is printed without a barricade (P): a barricade or a fence.
    let t = Turn::build(P0, h(1, 3), 5);
    let blank = Sheet::new(layout);
    let barricade = c
        .apply(&blank, &t.clone().with_effect(EffectUse::Barricade))
        .unwrap();
    assert!(barricade.has_barricade(h(1, 3)));
    assert_eq!(barricade.barricade_count(), 1);
    let fence = c
        .apply(
            &blank,
            &t.with_effect(EffectUse::Fence(FenceRef::new(0, 0))),
        )
        .unwrap();
    assert_eq!(fence.barricade_count(), 0);
    // House 1 is printed barricaded: the fence only.
    let t1 = Turn::build(P0, h(1, 1), 5).with_effect(EffectUse::Barricade);
    assert_eq!(
        c.apply(&blank, &t1).unwrap_err().code(),
        "no_barricade_here"
    );
    // Another action never builds one.
    let pool = ctx(layout, offer1(5, Effect::Pool), &plans);
    let t3 = Turn::build(P0, h(1, 3), 5).with_effect(EffectUse::Barricade);
    assert_eq!(pool.apply(&blank, &t3).unwrap_err().code(), "wrong_effect");
}

#[test]
fn e57_an_ammo_box_circles_an_ammo_and_zo_c4_counts_ammo_used() {
    let layout = lay(ID);
    let mut s = Sheet::new(layout);
    // The first box of columns 2–6 carry an ammo (P); a second box of column 2 does not.
    for (i, size) in [2u8, 3, 2].into_iter().enumerate() {
        s = play(
            layout,
            &s,
            2,
            i as u8 + 1,
            i as u8 + 1,
            RealEstate,
            Some(EffectUse::RealEstate(size)),
        );
    }
    assert_eq!(s.ammo_gained(), 2);
    assert_eq!(zombies::ammo_left(layout, &s), 3);
    assert!(
        meets(layout, &s, "ZO-C4", &[]).is_err(),
        "ammo gained is not ammo used"
    );
    let plans = plans_with("ZO-C4");
    let c = with_cards(&plans, offer1(9, Surveyor), &[ZombieCard::Both]);
    let mut m = TurnMachine::new(c, &s);
    let three = hordes(&[(1, Side::Left), (1, Side::Right), (3, Side::Right)]);
    m.apply(Decision::Ammo(three)).unwrap();
    assert_eq!(m.sheet().ammo_used(), 3);
    assert!(meets(layout, m.sheet(), "ZO-C4", &[]).is_err(), "3 used");
}

#[test]
fn e58_the_game_ends_at_once_when_pile_one_has_no_number_left() {
    // A table that only deals plays every round of pile 1 (nothing else ends its game).
    let (mut short, mut unplayed) = (0, 0);
    for seed in 0..120 {
        let mut g = Game::dealer(
            opts(ID, Mode::Standard, false),
            seed,
            &TableValues::default(),
        )
        .unwrap();
        while !g.is_over() {
            g.deal_next([false; 3], false).unwrap();
        }
        assert_eq!(g.end(), [EndReason::DeckExhausted]);
        let last = g.log().last().unwrap();
        match &last.offers[..] {
            // The last flip brought up a Zombie card: resolved, then nothing is played.
            [Offer::Combinations(c)] if c.is_empty() => {
                unplayed += 1;
                assert!(!last.draws.is_empty());
                assert!(last.draws.iter().all(|d| matches!(d, Draw::Zombie(_))));
                assert_eq!(g.round(), 30);
            }
            // Otherwise turn 29 was the last: turn 30 is not played.
            [Offer::Combinations(c)] => {
                assert_eq!(c.len(), 2);
                short += 1;
                assert_eq!(g.round(), 29);
            }
            other => panic!("{other:?}"),
        }
        assert!(g.zombie_pile().unwrap().left.is_empty());
    }
    assert_eq!(short + unplayed, 120);
    assert!(
        unplayed > 0,
        "a Zombie card lies last in pile 1 about 1 game in 11"
    );
}

/// Plays a whole expert or AAA game with random turns; gives the game and, per round, what
/// the deck showed before the round was played.
fn random_deck_game(mode: Mode, players: usize, level: u8, seed: u64) -> (Game, Vec<DeckView>) {
    let mut o = opts(ID, mode, seed % 2 == 1);
    if mode == Mode::Solo {
        o = o.aaa_level(level);
    }
    let mut g = Game::new(o, players, seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut decks = Vec::new();
    while !g.is_over() {
        decks.push(g.zombie_pile().unwrap().deck.unwrap());
        for seat in 0..players {
            let ctx = g.context(seat).unwrap();
            assert!(ctx.offer.len() <= 2, "a hand of two at most");
            let turn = choose_turn(&ctx, g.sheet(seat).unwrap(), &mut rng, &Style::CAREFUL);
            g.submit(seat, turn).unwrap();
        }
        g.resolve().unwrap();
    }
    (g, decks)
}

/// Construction cards among a round's draws.
fn cards_drawn(log: &RoundLog) -> usize {
    log.draws
        .iter()
        .filter(|d| matches!(d, Draw::Card(_)))
        .count()
}

#[test]
fn e59_expert_deals_ten_cards_per_player_and_a_zombie_card_and_hands_of_two() {
    let g = Game::new(opts(ID, Mode::Expert, false), 4, 5).unwrap();
    let deck = g.zombie_pile().unwrap().deck.unwrap();
    assert_eq!(deck.ran_out, 0);
    let log = &g.log()[0];
    // Setup deals one card to each player before the deck is made; each then draws one, and
    // the next item is shown on top (logged with the round's draws).
    let zombies_up = log
        .draws
        .iter()
        .filter(|d| matches!(d, Draw::Zombie(_)))
        .count();
    let zombie_left = usize::from(deck.packets[0].zombie);
    assert_eq!(deck.packets.len(), 1);
    assert_eq!(deck.packets[0].cards as usize + cards_drawn(log) - 4, 40);
    assert_eq!(zombie_left + zombies_up, 1);
    assert!(g.next_card().is_some());
    for seat in 0..4 {
        let Some(Offer::Hand(hand)) = g.offer(seat) else {
            panic!("expert offers a hand");
        };
        assert_eq!(hand.len(), 2);
    }
}

#[test]
fn e59_the_deck_is_rebuilt_twice_and_the_third_time_it_runs_out_the_game_ends() {
    let (mut exhausted, mut rebuilt) = (0, 0);
    for seed in 0..40 {
        let (g, decks) = random_deck_game(Mode::Expert, 4, 0, 300 + seed);
        // Four draws a round from decks of 40: rebuilt before rounds 11 and 21.
        for (i, d) in decks.iter().enumerate() {
            let round = i as u16 + 1;
            assert_eq!(
                d.ran_out,
                ((round - 1) / 10) as u8,
                "seed {seed} round {round}"
            );
            rebuilt += usize::from(round == 11 || round == 21);
        }
        let zombies = g
            .log()
            .iter()
            .flat_map(|l| &l.draws)
            .filter(|d| matches!(d, Draw::Zombie(_)))
            .count();
        assert!(zombies <= 3);
        if g.end() == [EndReason::DeckExhausted] {
            exhausted += 1;
            // 30 rounds are played; a 31st is dealt only when the last deck's Zombie card
            // was still in it, and then every turn holds only its ammo.
            let last = g.log().last().unwrap();
            match g.round() {
                30 => assert!(last.turns.iter().all(|t| t.play != Play::Unplayed)),
                31 => {
                    assert!(last.draws.iter().any(|d| matches!(d, Draw::Zombie(_))));
                    assert!(last.turns.iter().all(|t| t.play == Play::Unplayed));
                }
                r => panic!("seed {seed}: the deck ran out for the third time in round {r}"),
            }
            assert_eq!(zombies, 3);
        }
        Record::of(&g, &[]).replay().unwrap();
    }
    assert!(rebuilt > 0, "some games reach a rebuilt deck");
    let _ = exhausted;
}

/// A 4-player expert position whose deck ran out twice already and holds `cards` cards and,
/// if `zombie`, the last Zombie card (built from a real view of round 1).
fn last_deck(cards: u8, zombie: bool, seed: u64) -> Position {
    let g = Game::new(opts(ID, Mode::Expert, false), 4, seed).unwrap();
    let mut view = PlayerView::of(g.position(), 0).unwrap();
    let pile = view.zombie_pile.as_mut().unwrap();
    pile.left = if zombie {
        vec![ZombieCard::Both]
    } else {
        Vec::new()
    };
    pile.now = Default::default();
    pile.deck = Some(DeckView {
        packets: vec![PacketView {
            cards,
            zombie,
            validations: 0,
        }],
        ran_out: 2,
    });
    view.next = None;
    Position::from_view(&view, seed).unwrap()
}

#[test]
fn e59_the_third_time_the_deck_runs_out_the_game_ends_at_once() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let turns = random_turns;
    // The deck is empty: once this round is played, the next draw finds it empty for the
    // third time and the game ends before another round.
    let mut p = last_deck(0, false, 1);
    let round = p.round();
    p.step(&turns(&p, &mut rng)).unwrap();
    assert_eq!(p.round(), round);
    assert_eq!(p.end(), [EndReason::DeckExhausted]);
    // Four cards left: one more round is played.
    let mut p = last_deck(4, false, 1);
    p.step(&turns(&p, &mut rng)).unwrap();
    if !p.is_over() {
        assert_eq!(p.round(), round + 1);
        p.step(&turns(&p, &mut rng)).unwrap();
    }
    assert!(p.end().contains(&EndReason::DeckExhausted) || p.round() == round + 1);
    // Two cards left: two players draw, the deck runs out for the third time, and nobody
    // plays that round.
    let mut p = last_deck(2, false, 2);
    p.step(&turns(&p, &mut rng)).unwrap();
    if !p.is_over() {
        assert!((0..4).all(|s| p.offer(s).is_some_and(|o| o.is_empty())));
        let ts = turns(&p, &mut rng);
        assert!(ts.iter().all(|t| *t == Turn::unplayed()));
        p.step(&ts).unwrap();
    }
    assert!(p.end().contains(&EndReason::DeckExhausted));
    // The last Zombie card still in the deck comes up before the end: the round it is drawn
    // in is dealt and, the deck empty, every turn holds only its ammo.
    let mut unplayed = 0;
    for seed in 0..12 {
        let mut p = last_deck(4, true, 10 + seed);
        while !p.is_over() {
            let ts = turns(&p, &mut rng);
            if ts.iter().all(|t| t.play == Play::Unplayed) {
                unplayed += 1;
                assert_eq!(p.zombies_now().as_slice(), [ZombieCard::Both]);
                assert!(ts.iter().all(|t| t.ammo.len() == 1));
            }
            p.step(&ts).unwrap();
        }
        assert!(p.end().contains(&EndReason::DeckExhausted));
        assert!(
            p.zombie_pile().unwrap().left.is_empty(),
            "the Zombie card came up"
        );
    }
    assert!(unplayed > 0);
}

#[test]
fn e59_a_hand_of_two_passes_one_of_the_two_cards_used_to_the_left() {
    let mut g = Game::new(opts(ID, Mode::Expert, false), 3, 8).unwrap();
    while !g.zombies_now().is_empty() {
        g = Game::new(opts(ID, Mode::Expert, false), 3, g.seed() + 1).unwrap();
    }
    let sheet = *g.sheet(0).unwrap();
    let ctx = g.context(0).unwrap();
    let mut m = TurnMachine::new(ctx, &sheet);
    let mut options = Vec::new();
    m.options(&mut options);
    let Some(Decision::Build {
        pick,
        house,
        number,
    }) = options
        .iter()
        .find(|d| matches!(d, Decision::Build { .. }))
        .cloned()
    else {
        panic!("a number fits on an empty sheet");
    };
    m.apply(Decision::Build {
        pick,
        house,
        number,
    })
    .unwrap();
    if let Stage::Effect { .. } = m.stage() {
        m.apply(Decision::Effect(None)).unwrap();
    }
    let Pick::Hand((n, e)) = pick else {
        panic!("a hand pick");
    };
    assert_eq!(
        m.stage(),
        Stage::Pass {
            number: n,
            effect: e
        }
    );
    m.options(&mut options);
    assert_eq!(options, vec![Decision::Pass(n), Decision::Pass(e)]);
    // A card the hand does not hold, or passing before the number, is refused.
    let mut bad = m.clone();
    assert_eq!(
        bad.apply(Decision::Pass(2)).unwrap_err().code(),
        "no_such_hand_card"
    );
    assert_eq!(
        bad.apply(Decision::Stop { reshuffle: false })
            .unwrap_err()
            .code(),
        "pass_card_missing"
    );
    m.apply(Decision::Pass(e)).unwrap();
    m.apply(Decision::Stop { reshuffle: false }).unwrap();
    let (turn, _) = m.finish().unwrap();
    let Play::Build(b) = turn.play else {
        panic!("a build");
    };
    assert_eq!(b.pass, Some(e));
    // The whole turn without its pass is refused and changes nothing.
    let mut without = turn.clone();
    if let Play::Build(b) = &mut without.play {
        b.pass = None;
    }
    let before = g.clone();
    assert_eq!(
        g.submit(0, without).unwrap_err().code(),
        "pass_card_missing"
    );
    assert_eq!(g.position(), before.position());
    let Some(Offer::Hand(hand)) = g.offer(0) else {
        panic!("a hand");
    };
    let passed = hand[e as usize];
    g.submit(0, turn).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for seat in 1..3 {
        let t = choose_turn(
            &g.context(seat).unwrap(),
            g.sheet(seat).unwrap(),
            &mut rng,
            &Style::CAREFUL,
        );
        g.submit(seat, t).unwrap();
    }
    g.resolve().unwrap();
    // Collector expert passes left: seat 2 holds the card first.
    let Some(Offer::Hand(next)) = g.offer(1) else {
        panic!("a hand");
    };
    assert_eq!(next[0], passed);
    assert_eq!(next.len(), 2);
}

#[test]
fn e60_aaa_deals_three_packets_with_a_zombie_card_each_and_validation_cards_in_the_last_two() {
    for seed in 0..60 {
        let (g, decks) = random_deck_game(Mode::Solo, 1, (seed % 6) as u8, 500 + seed);
        let first = &decks[0];
        assert_eq!(first.packets.len(), 3);
        assert_eq!(
            first
                .packets
                .iter()
                .map(|p| p.validations)
                .collect::<Vec<_>>(),
            [0, 1, 2]
        );
        assert!(first.packets[1..].iter().all(|p| p.cards == 20 && p.zombie));
        // Every item's place in the pile: Validation cards only below the first packet (21
        // items), the k-th Zombie card inside packet k.
        let items: Vec<Draw> = g
            .log()
            .iter()
            .flat_map(|l| l.draws.iter().copied())
            .collect();
        let bounds = [0, 21, 43, 66];
        let mut zombies = 0;
        for (i, d) in items.iter().enumerate() {
            match d {
                Draw::Validation(_) => assert!(i >= 21, "seed {seed}: a Validation card at {i}"),
                Draw::Zombie(_) => {
                    assert!(
                        (bounds[zombies]..bounds[zombies + 1]).contains(&i),
                        "seed {seed}"
                    );
                    zombies += 1;
                }
                _ => {}
            }
        }
        assert!(items.len() <= 66);
        // At most 30 turns: 60 cards, two a turn.
        assert!(g.round() <= 31);
        let played = g
            .log()
            .iter()
            .filter(|l| l.turns.iter().all(|t| t.play != Play::Unplayed))
            .count();
        assert!(played <= 30);
        if g.end() == [EndReason::DeckExhausted] {
            assert_eq!(played, 30, "seed {seed}");
        }
        Record::of(&g, &[]).replay().unwrap();
    }
}

#[test]
fn e60_a_zombie_card_takes_the_place_of_the_last_two_cards_given_to_the_aaa() {
    let mut seen = 0;
    for seed in 0..40 {
        let o = opts(ID, Mode::Solo, false).aaa_level(2);
        let mut g = Game::new(o, 1, 700 + seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // (a Zombie card may come up as the first round is dealt)
        let mut drawn = g
            .aaa()
            .unwrap()
            .given
            .iter()
            .filter(|&&c| c == aaa::ZOMBIE_CARD)
            .count();
        while !g.is_over() {
            let before = g.aaa().unwrap().given.clone();
            let turn = choose_turn(
                &g.context(0).unwrap(),
                g.sheet(0).unwrap(),
                &mut rng,
                &Style::CAREFUL,
            );
            let Some(Offer::Hand(hand)) = g.offer(0) else {
                panic!("a hand");
            };
            let given = match turn.play {
                Play::Build(b) => b.pass.map(|p| hand[p as usize]),
                Play::Refuse { pass } => pass.map(|p| hand[p as usize]),
                Play::Unplayed => None,
            };
            let round = g.round();
            g.step(&[turn]).unwrap();
            let mut expected = before;
            expected.extend(given);
            // The Zombie cards drawn while the next round was dealt (one shown on top is only
            // drawn with the round after).
            let up = if g.round() > round {
                g.zombies_now().len()
            } else {
                0
            };
            for _ in 0..up {
                // the last two cards given leave; Zombie cards already there stay
                let mut gone = 0;
                for i in (0..expected.len()).rev() {
                    if gone < 2 && expected[i] != aaa::ZOMBIE_CARD {
                        expected.remove(i);
                        gone += 1;
                    }
                }
                expected.push(aaa::ZOMBIE_CARD);
                seen += 1;
                drawn += 1;
            }
            assert_eq!(g.aaa().unwrap().given, expected, "seed {seed}");
            // every Zombie card drawn stays in the pile, two in a row included
            let in_pile = expected.iter().filter(|&&c| c == aaa::ZOMBIE_CARD).count();
            assert_eq!(in_pile, drawn, "seed {seed}");
        }
    }
    assert!(seen > 20, "Zombie cards come up in AAA games ({seen})");
}

#[test]
fn e60_a_zombie_card_in_the_aaa_pile_scores_as_a_barriere() {
    let park = Card::new(3, Effect::Landscaper);
    let pool = Card::new(6, Effect::Pool);
    let s = aaa::AaaScoring {
        park: 2,
        pool: 3,
        temp: 1,
        fence: 2,
        ext_houses: 2,
        impr: 2,
    };
    let pile = [park, pool, aaa::ZOMBIE_CARD, park];
    assert_eq!(aaa::count(&pile, Effect::Surveyor), 1);
    let estates = aaa::estates(&pile, &s);
    assert_eq!(estates.iter().map(|e| e.cards).collect::<Vec<_>>(), [2, 1]);
}

#[test]
fn expert_and_aaa_positions_resample_to_what_the_seat_has_seen() {
    for (mode, players, level) in [(Mode::Expert, 3, 0), (Mode::Solo, 1, 1), (Mode::Solo, 1, 0)] {
        for seed in 0..6 {
            let mut o = opts(ID, mode, false);
            if mode == Mode::Solo {
                o = o.aaa_level(level);
            }
            let mut g = Game::new(o, players, 40 + seed).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while !g.is_over() {
                for seat in 0..players {
                    let view = PlayerView::of(g.position(), seat).unwrap();
                    let p = Position::from_view(&view, seed).unwrap();
                    let again = PlayerView::of(&p, seat).unwrap();
                    assert_eq!(again.zombie_pile, view.zombie_pile);
                    assert_eq!(again.next, view.next);
                    assert_eq!(again.offer, view.offer);
                    assert_eq!(again.unseen, view.unseen);
                    assert_eq!((again.pile, again.discard), (view.pile, view.discard));
                    assert_eq!(again.aaa, view.aaa);
                }
                let turns = random_turns(&g, &mut rng);
                g.step(&turns).unwrap();
            }
        }
    }
}

#[test]
fn an_entered_layout_that_breaks_a_constraint_is_refused_with_its_name() {
    let mut v: serde_json::Value = serde_json::from_str(&sheet_text(ID)).unwrap();
    v["zombies"]["hordes"].as_array_mut().unwrap().pop();
    assert!(load_edition(&v).unwrap_err().contains("ZOM-L1"));
    let mut v: serde_json::Value = serde_json::from_str(&sheet_text(ID)).unwrap();
    for st in v["streets"].as_array_mut().unwrap() {
        st["unbarricaded"] = serde_json::json!([1]);
    }
    assert!(load_edition(&v).unwrap_err().contains("ZOM-L2"));
    let mut v: serde_json::Value = serde_json::from_str(&sheet_text(ID)).unwrap();
    v["zombies"]["ammo_boxes"] = serde_json::json!([[2, 1]]);
    assert!(load_edition(&v).unwrap_err().contains("ZOM-L3"));
    let mut v: serde_json::Value = serde_json::from_str(&sheet_text(ID)).unwrap();
    v["zombies"]["cards"] = serde_json::json!(["left", "right"]);
    assert!(load_edition(&v).unwrap_err().contains("ZOM-L4"));
    let mut v: serde_json::Value = serde_json::from_str(&sheet_text(ID)).unwrap();
    v["zombies"]["hordes"][0]["arrivals"] = serde_json::json!([5, 3, 1]);
    assert!(load_edition(&v).unwrap_err().contains("ZOM-L1"));
    // The shipped layout loads.
    let v: serde_json::Value = serde_json::from_str(&sheet_text(ID)).unwrap();
    load_edition(&v).unwrap();
}

#[test]
fn random_zombies_games_replay_and_list_only_legal_decisions() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for seed in 0..20 {
        let g = random_game(3, seed % 2 == 1, 900 + seed);
        let again = Record::of(&g, &[]).replay().unwrap();
        assert_eq!(again.scores(), g.scores());
        let _ = &mut rng;
    }
}

#[test]
fn the_two_piles_show_the_actions_they_offer_next_round() {
    for seed in 0..10 {
        let mut g = Game::new(opts(ID, Mode::Standard, false), 2, 80 + seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            let shown = g.next_effects();
            let view = PlayerView::of(g.position(), 1).unwrap();
            assert_eq!(view.next_effects, shown);
            common::play_round(&mut g, &mut rng, &Style::CAREFUL);
            match (shown, g.offer(0)) {
                _ if g.is_over() => {}
                (Some(next), Some(Offer::Combinations(c))) if !c.is_empty() => {
                    assert_eq!(next.len(), 2);
                    let offered: Vec<Effect> = c.iter().map(|c| c.effect).collect();
                    assert_eq!(offered, next.as_slice(), "seed {seed} round {}", g.round());
                }
                // The last flip: pile 1 had no number left.
                _ => assert!(g.offer(0).is_some_and(|o| o.is_empty())),
            }
        }
    }
}

/// The Zombie cards' words (what front ends show) are listed in the cards' order, each under
/// the id records and the protocol spell it with, and the module gives them (§8.2).
#[test]
fn zombie_cards_are_worded_under_their_ids() {
    for card in [ZombieCard::Left, ZombieCard::Right, ZombieCard::Both] {
        let id = serde_json::to_value(card).unwrap();
        let words = zombies::CARDS[card as usize];
        assert_eq!(id, words.id, "{card:?}");
        assert_eq!(zombies::card_name(card), words.name);
    }
    assert_eq!(zombies::CARDS[0].does, "the three left hordes move right");
    assert_eq!(Module::Zombies.cards(), &zombies::CARDS[..]);
    assert!(Module::ALL
        .iter()
        .filter(|&&m| m != Module::Zombies)
        .all(|m| m.cards().is_empty()));
}
