use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use welcome_engine::*;

fn play(mode: Mode, advanced: bool, players: usize, seed: u64) -> Game {
    let mut g = Game::new(Options::new(mode).advanced(advanced), players, seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while !g.is_over() {
        for seat in 0..players {
            let ctx = g.context(seat).unwrap();
            let sheet = *g.sheet(seat).unwrap();
            let mut pl = Vec::new();
            ctx.placements(&sheet, &mut pl);
            let turn = if pl.is_empty() {
                Turn::refuse(ctx.passes_card.then_some(0))
            } else {
                let p = pl[rng.gen_range(0..pl.len())];
                Turn::build(p.pick, p.house, p.number)
            };
            g.submit(seat, turn).unwrap();
        }
        g.resolve().unwrap();
    }
    g
}

const EDITION: &str = include_str!("../data/editions/first/edition.json");
const CLASSIC: &str = include_str!("../data/editions/first/sheets/classic.json");

#[test]
fn games_finish_and_replay() {
    for (mode, players) in [(Mode::Solo, 1), (Mode::Standard, 4), (Mode::Expert, 3)] {
        for adv in [false, true] {
            let g = play(mode, adv, players, 7);
            let rec = Record::of(&g, &[]);
            let text = rec.to_json();
            let back = Record::from_json(&text).unwrap();
            let g2 = back.replay().unwrap();
            assert_eq!(Record::of(&g2, &[]).to_json(), text);
            eprintln!(
                "{mode:?} {adv} rounds {} end {:?} scores {:?}",
                g.round(),
                g.end(),
                g.scores().iter().map(|s| s.total).collect::<Vec<_>>()
            );
        }
    }
}

#[test]
fn a_four_player_position_fits_in_4_kib() {
    let g = play(Mode::Standard, true, 4, 3);
    let m = g.memory();
    eprintln!(
        "4-player game: position {} bytes, history {} bytes",
        m.position, m.history
    );
    assert!(m.position < 4096, "{m:?}");
    assert!(m.history > 0);
}

#[test]
fn a_sheet_file_rejects_bis_copies_without_their_original_s7_6() {
    let edition = Edition::first();
    let mut data = SheetData::of(
        edition.default_sheet(),
        &Sheet::new(edition.default_sheet()),
    );
    data.streets[0].houses[0] = "5b".into();
    data.streets[0].houses[1] = "5b".into();
    let err = data.to_sheet(edition, edition.default_sheet()).unwrap_err();
    assert_eq!(err.code(), "sheet_bis");
    assert!(err.to_string().contains("original"), "{err}");
    data.streets[0].houses[1] = "5".into();
    assert!(data.to_sheet(edition, edition.default_sheet()).is_ok());
}

/// Plan boxes hold printed points, or the points a table entered from its own card (§18.5).
#[test]
fn a_sheet_file_takes_the_plan_points_a_table_entered() {
    let edition = Edition::first();
    let layout = edition.default_sheet();
    let mut data = SheetData::of(layout, &Sheet::new(layout));
    data.plans[1] = Some(17);
    let err = data.to_sheet(edition, layout).unwrap_err();
    assert_eq!(err.code(), "sheet_plan");
    assert!(data
        .to_sheet_with(edition, layout, &[None, Some([19, 17]), None])
        .is_ok());
    let err = data
        .to_sheet_with(edition, layout, &[Some([19, 17]), None, None])
        .unwrap_err();
    assert!(err.to_string().starts_with("plan n°2"), "{err}");
}

/// Ruling 6 is edition data: with `bis_pairs_split` a copy may cross a fence.
#[test]
fn bis_across_fences_is_an_edition_rule_ruling_6() {
    let text = EDITION.replace("\"bis_pairs_split\": false", "\"bis_pairs_split\": true");
    let later = Edition::from_json(&text, &[CLASSIC]).unwrap();
    let first = Edition::first();
    let offer = Offer::Combinations(
        [Combination {
            number: 5,
            effect: Effect::Bis,
        }; 3]
            .into(),
    );
    let plans = [PlanSlot {
        card: 0,
        approved: false,
        values: None,
    }; 3];
    let mut data = SheetData::of(first.default_sheet(), &Sheet::new(first.default_sheet()));
    data.streets[0].houses[0] = "3".into();
    data.streets[0].fences = vec![2];
    let sheet = data.to_sheet(first, first.default_sheet()).unwrap();
    let turn =
        Turn::build(Pick::Combination(0), HouseRef::new(0, 1), 5).with_effect(EffectUse::Bis {
            from: HouseRef::new(0, 1),
            to: HouseRef::new(0, 2),
        });
    for (edition, legal) in [(first, false), (&later, true)] {
        let ctx = TurnContext {
            edition,
            layout: edition.default_sheet(),
            advanced: false,
            passes_card: false,
            offer,
            plans: &plans,
            reshuffle_offered: false,
            zombies: Default::default(),
        };
        assert_eq!(
            ctx.apply(&sheet, &turn).is_ok(),
            legal,
            "{}",
            edition.rules.bis_pairs_split
        );
    }
}

/// Plays `rounds` rounds of random legal turns (driven by `rng`).
fn advance(g: &mut Game, rounds: usize, rng: &mut ChaCha8Rng) {
    for _ in 0..rounds {
        if g.is_over() {
            return;
        }
        for seat in 0..g.players() {
            let turns = g.legal_turns(seat);
            let t = turns[rng.gen_range(0..turns.len())].clone();
            g.submit(seat, t).unwrap();
        }
        g.resolve().unwrap();
    }
}

#[test]
fn a_public_record_hides_the_seed_until_the_game_is_over() {
    let mut g = Game::new(Options::new(Mode::Standard), 2, 99).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    advance(&mut g, 3, &mut rng);
    assert_eq!(Record::public(&g, &[]).setup.seed, None);
    assert!(!Record::public(&g, &[]).to_json().contains("\"seed\""));
    assert_eq!(Record::of(&g, &[]).setup.seed, Some(99));
    let done = play(Mode::Standard, false, 2, 99);
    assert_eq!(Record::public(&done, &[]).setup.seed, Some(99));
}

#[test]
fn an_undone_game_is_the_game_it_was_and_goes_on_the_same() {
    for (mode, players) in [(Mode::Standard, 3), (Mode::Solo, 1), (Mode::Expert, 3)] {
        let mut g = Game::new(Options::new(mode), players, 7).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        advance(&mut g, 3, &mut rng);
        let was = g.clone();
        let undo = g.undo_point();
        // Rounds resolved since (several, as bots resolve them) are all undone.
        let mut later = rng.clone();
        advance(&mut g, 2, &mut later);
        assert_ne!(g.log(), was.log());
        g.undo(undo);
        assert_eq!(*g, *was, "{mode:?}: the position");
        assert_eq!(g.log(), was.log(), "{mode:?}: the log");
        // and it goes on exactly as the game it was.
        let mut copy = was.clone();
        advance(&mut g, 40, &mut rng.clone());
        advance(&mut copy, 40, &mut rng);
        assert_eq!(
            Record::of(&g, &[]).to_json(),
            Record::of(&copy, &[]).to_json(),
            "{mode:?}"
        );
    }
    // A confirmed turn taken back in the undo point: the seat has not confirmed.
    let mut g = Game::new(Options::new(Mode::Standard), 2, 7).unwrap();
    let turn = g.legal_turns(0)[0].clone();
    g.submit(0, turn).unwrap();
    let mut undo = g.undo_point();
    assert!(undo.withdraw(0));
    g.undo(undo);
    assert!(!g.has_submitted(0));
}

#[test]
fn a_replayed_game_goes_on_exactly_as_the_original() {
    for (mode, players) in [(Mode::Standard, 3), (Mode::Solo, 1), (Mode::Expert, 3)] {
        let mut original = Game::new(Options::new(mode), players, 5).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        advance(&mut original, 4, &mut rng);
        let mut copy = Record::of(&original, &[]).replay().unwrap();
        let mut rng_a = ChaCha8Rng::seed_from_u64(3);
        let mut rng_b = ChaCha8Rng::seed_from_u64(3);
        advance(&mut original, 40, &mut rng_a);
        advance(&mut copy, 40, &mut rng_b);
        assert!(original.is_over());
        assert_eq!(
            Record::of(&original, &[]).to_json(),
            Record::of(&copy, &[]).to_json(),
            "{mode:?}"
        );
    }
}

#[test]
fn records_reject_unknown_fields_at_every_level() {
    let g = play(Mode::Standard, false, 2, 4);
    let good = Record::of(&g, &[]).to_json();
    assert!(Record::from_json(&good).is_ok());
    for (from, to) in [
        ("\"advanced\":false", "\"advnced\":false"),
        ("\"round\":1,", "\"round\":1,\"extra\":0,"),
        ("\"number\":", "\"numbr\":"),
        ("{\"play\":", "{\"reshufle\":true,\"play\":"),
        ("\"trigger\":", "\"x\":1,\"trigger\":"),
    ] {
        let bad = good.replacen(from, to, 1);
        assert_ne!(bad, good, "{from}");
        let err = Record::from_json(&bad).unwrap_err();
        assert_eq!(err.code(), "record_json", "{from}: {err}");
    }
}

#[test]
fn truncated_and_resultless_records_say_so() {
    let g = play(Mode::Standard, false, 2, 8);
    let full = Record::of(&g, &[]);
    let mut cut = full.clone();
    cut.result = None;
    cut.rounds.truncate(5);
    assert_eq!(
        cut.replay().unwrap_err(),
        RecordError::Truncated { round: 5 }
    );
    let mut no_result = full.clone();
    no_result.result = None;
    assert_eq!(
        no_result.replay().unwrap_err(),
        RecordError::MissingResult { round: g.round() }
    );
    // An unfinished game: the last round has its draws and no turns.
    let mut open = full;
    open.result = None;
    open.rounds.truncate(5);
    open.rounds[4].turns.clear();
    assert_eq!(open.replay().unwrap().round(), 5);
}

#[test]
fn error_messages_count_from_one() {
    let g = Game::new(Options::new(Mode::Standard), 1, 1).unwrap();
    let err = g
        .validate(
            0,
            &Turn::build(Pick::Combination(3), HouseRef::new(0, 0), 1),
        )
        .unwrap_err();
    assert_eq!(err.to_string(), "combination 4 is not on offer");
    let Offer::Combinations(c) = g.offer(0).unwrap() else {
        panic!("standard offer")
    };
    let wrong = if c[0].number == 1 { 2 } else { 1 };
    let err = g
        .validate(
            0,
            &Turn::build(Pick::Combination(0), HouseRef::new(0, 0), wrong),
        )
        .unwrap_err();
    assert_eq!(err.code(), "number_not_offered");
    assert!(!err.to_string().contains("..="), "{err}");
}

#[test]
fn inconsistent_edition_data_is_refused() {
    assert!(Edition::from_json(EDITION, &[CLASSIC]).is_ok());
    let no_solo = EDITION.replace("\"bottom_part\": 42", "\"bottom_part\": 0");
    assert_ne!(no_solo, EDITION);
    assert!(Edition::from_json(&no_solo, &[CLASSIC]).is_err());
    let seven = CLASSIC.replace("[6, 7, 8, 10, 12]", "[6, 7, 8, 10, 12],\n      [7, 8]");
    assert_ne!(seven, CLASSIC);
    assert!(Edition::from_json(EDITION, &[&seven]).is_err());
    // No file for the default sheet, a sheet twice, an unknown score row, an unknown field.
    assert!(Edition::from_json(EDITION, &[]).is_err());
    assert!(Edition::from_json(EDITION, &[CLASSIC, CLASSIC]).is_err());
    let row = CLASSIC.replace("\"id\": \"bis\"", "\"id\": \"eggs\"");
    assert!(Edition::from_json(EDITION, &[&row]).is_err());
    let field = CLASSIC.replace("\"temp_boxes\"", "\"temp_box\"");
    assert!(matches!(
        Edition::from_json(EDITION, &[&field]),
        Err(welcome_engine::EditionError::SheetJson(_))
    ));
}

#[test]
fn out_of_range_references_are_errors_not_panics() {
    let g = Game::new(Options::new(Mode::Standard), 1, 1).unwrap();
    let ctx = g.context(0).unwrap();
    let sheet = *g.sheet(0).unwrap();
    for h in [
        HouseRef::new(5, 0),
        HouseRef::new(0, 40),
        HouseRef::new(255, 255),
    ] {
        assert!(ctx
            .check_effect(&sheet, Effect::Landscaper, h, EffectUse::Park)
            .is_err());
        assert!(ctx
            .check_effect(&sheet, Effect::Pool, h, EffectUse::Pool)
            .is_err());
        assert_eq!(sheet.number_range(h), None);
        assert!(!sheet.is_empty(h));
        assert!(ctx.check_roundabout(&sheet, h).is_err());
    }
}

#[test]
fn no_offer_or_context_for_a_seat_that_does_not_exist() {
    let g = Game::new(Options::new(Mode::Expert), 3, 1).unwrap();
    assert!(g.offer(2).is_some());
    assert_eq!(g.offer(3), None);
    assert!(g.context(3).is_none());
    assert!(PlayerView::of(&g, 3).is_none());
    let turn = Turn::refuse(Some(0));
    assert_eq!(
        g.validate(3, &turn).unwrap_err(),
        TurnError::NoSuchSeat { seat: 3 }
    );
}

/// A sheet of 33 one-house estates offers C(33, 6) = 1,107,568 ways to claim the plan asking
/// for six: `plan_claims_up_to` lists the first ones only, each of them legal.
#[test]
fn plan_claims_can_be_capped() {
    let edition = Edition::first();
    let mut data = SheetData::of(
        edition.default_sheet(),
        &Sheet::new(edition.default_sheet()),
    );
    for (s, st) in data.streets.iter_mut().enumerate() {
        let n = edition.default_sheet().streets[s].houses as usize;
        st.houses = (0..n).map(|i| i.to_string()).collect();
        st.fences = (1..n as u8).collect();
    }
    let sheet = data.to_sheet(edition, edition.default_sheet()).unwrap();
    let plans = [
        PlanSlot {
            card: 0,
            approved: false,
            values: None,
        },
        PlanSlot {
            card: 6,
            approved: false,
            values: None,
        },
        PlanSlot {
            card: 12,
            approved: false,
            values: None,
        },
    ];
    let ctx = TurnContext::new(
        edition,
        edition.default_sheet(),
        &Options::new(Mode::Standard),
        Offer::Combinations(
            [Combination {
                number: 1,
                effect: Effect::Bis,
            }; 3]
                .into(),
        ),
        &plans,
        false,
    );
    let mut claims = Vec::new();
    ctx.plan_claims_up_to(&sheet, 0, &[], &mut claims, 50);
    assert_eq!(claims.len(), 50);
    for c in &claims {
        assert!(ctx.check_plan(&sheet, c, &[]).is_ok());
    }
    ctx.plan_claims_up_to(&sheet, 0, &[], &mut claims, 0);
    assert!(claims.is_empty());
}

#[test]
fn mode_seat_ranges_are_what_setup_accepts() {
    let e = Edition::first();
    for mode in Mode::ALL {
        let (min, max) = mode.seats(e);
        assert!(!mode.name().is_empty() && !mode.description().is_empty());
        let o = Options::new(mode);
        // The largest standard table is too slow to set up in a unit test: check its bound.
        let top = if mode == Mode::Standard { 12 } else { max };
        for n in min..=top {
            assert!(Game::new(o, n, 1).is_ok(), "{mode:?} with {n} seats");
        }
        assert!(
            Game::new(o, min - 1, 1).is_err(),
            "{mode:?} with {} seats",
            min - 1
        );
        assert!(matches!(
            Game::new(o, max + 1, 1),
            Err(SetupError::TooManySeats { .. } | SetupError::SoloNeedsOne { .. })
        ));
    }
}

/// A record that keeps its seed is the game that seed deals: another seed, or the same seed
/// with a round dealt in another order, is refused (`record_seed`). Without a seed the draws
/// alone are checked, and the game written back claims none.
#[test]
fn a_records_seed_must_deal_its_draws() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/golden/record-ice-cream-standard-3.json");
    let text = std::fs::read_to_string(path).unwrap();
    let record = Record::from_json(&text).unwrap();
    assert!(record.replay().is_ok());
    let mut other = record.clone();
    other.setup.seed = other.setup.seed.map(|s| s + 1);
    let e = other.replay().unwrap_err();
    assert_eq!(e.code(), "record_seed", "{e}");
    assert!(e.to_string().starts_with("setup."), "{e}");
    // Round 4 dealt in another order: the same cards, so only the seed tells.
    let mut cut = record.clone();
    cut.result = None;
    cut.rounds.truncate(4);
    cut.rounds[3].turns.clear();
    cut.rounds[3].offers.clear();
    assert!(cut.replay().is_ok());
    cut.rounds[3].draws.reverse();
    let e = cut.replay().unwrap_err();
    assert_eq!(e.code(), "record_seed", "{e}");
    assert_eq!(e.round(), Some(4));
    assert!(cut.replay_draws().is_ok());
    // Without its seed: replayed, and written back without one.
    cut.setup.seed = None;
    let game = cut.replay().unwrap();
    assert_eq!(game.known_seed(), None);
    assert_eq!(Record::of(&game, &cut.setup.seats).setup.seed, None);
}
