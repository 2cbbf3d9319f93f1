//! Conformance with the collector expansions specification, §6 Atomic War: one test per item of
//! its checklist (E37–E42, named `eNN_…`), its layout constraints (ATO-L1…L3), its plan C cards
//! and whole games of every mode and AAA level.
//!
//! E37's 9¾ case (and E80) is tested with the 9¾ cards, in `nine_three_quarters.rs`.
//! Expected values come from the spec's tables and examples, never from the engine.

mod common;

use common::expansion::*;
use common::{h, Style};
use welcome_engine::aaa::AaaScore;
use welcome_engine::modules::atomic::{self, Capacities};
use welcome_engine::modules::Module;
use welcome_engine::score::{score_all, Shelters, Table, Temps};
use welcome_engine::*;

use Effect::{Bis, Surveyor};

const ID: &str = "atomic-war";

fn caps(streets: [u16; 3]) -> Capacities {
    [streets[0], streets[1], streets[2], 0, 0]
}

/// An Atomic War sheet in the spec's notation.
fn atomic(rows: [&str; 3]) -> Sheet {
    sheet(ID, rows)
}

const EMPTY: [&str; 3] = ["", "", ""];

#[test]
fn the_shipped_layout_is_the_spec_placeholder() {
    let l = lay(ID);
    let shelters: Vec<Vec<u8>> = l.streets.iter().map(|s| s.shelters.clone()).collect();
    assert_eq!(
        shelters,
        [vec![2, 5, 9], vec![1, 4, 7, 10], vec![3, 6, 9, 12]]
    );
    let v = l.atomic.as_ref().unwrap();
    assert_eq!(v.street_bonus, [8, 10, 11]);
    assert_eq!(v.optimism, 9);
    assert_eq!(v.aaa_first, [20, 30, 30]);
    assert_eq!(l.expansion, Some(welcome_engine::Module::Atomic));
    let rows: Vec<&str> = l.score_rows.iter().map(|r| r.id.as_str()).collect();
    assert!(rows.contains(&"shelters") && rows.contains(&"optimism"));
}

#[test]
fn e37_numbering_a_shelter_house_writes_its_capacity_and_an_extension_copy_too() {
    let l = lay(ID);
    // S1 house 2 holds a shelter: an 8 there writes 8.
    let s = play(l, &Sheet::new(l), 1, 2, 8, Surveyor, None);
    assert_eq!(atomic::capacity(l, &s, 0), 8);
    // An Extension copy 8B into house 1 (no shelter) adds nothing; into S2 house 4 (a shelter)
    // the copy writes the copied number.
    let s2 = play(l, &s, 2, 3, 8, Surveyor, None);
    let copied = play(
        l,
        &s2,
        2,
        5,
        9,
        Bis,
        Some(EffectUse::Bis {
            from: h(2, 3),
            to: h(2, 4),
        }),
    );
    assert_eq!(copied.number(h(2, 4)), Some(8));
    assert_eq!(
        atomic::capacity(l, &copied, 1),
        8,
        "the copy 8B fills the shelter with 8"
    );
    // A roundabout on a shelter house: the shelter is never built.
    let r = atomic(["R 1 2", "", ""]);
    assert_eq!(
        atomic::capacity(l, &r, 0),
        1,
        "house 2 holds 1; house 1 has no shelter"
    );
    let r = atomic(["1 R 3", "", ""]);
    assert_eq!(atomic::capacity(l, &r, 0), 0);
}

#[test]
fn e38_the_highest_street_capacity_wins_its_bonus_and_a_street_of_zeros_gives_nothing() {
    let l = lay(ID);
    // S1 shelters are houses 2, 5, 9: A 3 + 7 + 9 = 19, B 5 + 8 + 11 = 24, C nothing.
    let a = atomic(["_ 3 _ _ 7 _ _ _ 9", "", ""]);
    let b = atomic(["_ 5 _ _ 8 _ _ _ 11", "", ""]);
    let c = atomic(EMPTY);
    assert_eq!(atomic::capacity(l, &a, 0), 19);
    assert_eq!(atomic::capacity(l, &b, 0), 24);
    let scores = score_all(l, &[a, b, c], false);
    let street = |i: usize| scores[i].row("shelters").unwrap().parts.clone();
    assert_eq!(street(0), [0, 0, 0]);
    assert_eq!(
        street(1),
        [8, 0, 0],
        "B has the highest S1; S2 and S3 are 0 for all"
    );
    assert_eq!(street(2), [0, 0, 0]);
    assert_eq!(scores[1].points("shelters"), 8);
    // Optimism: C's total 0 is the lowest.
    let optimism: Vec<i32> = scores.iter().map(|s| s.points("optimism")).collect();
    assert_eq!(optimism, [0, 0, 9]);
    // The rows are in the total.
    let sheets = [a, b, c];
    let all: Vec<Capacities> = sheets.iter().map(|s| atomic::capacities(l, s)).collect();
    let temps = [0, 0, 0];
    let table = Table {
        temps: Temps::Ranked(&temps),
        shelters: Shelters::Ranked(&all),
    };
    for (s, sheet) in scores.iter().zip(sheets) {
        assert_eq!(s.total, Score::total_of(l, &sheet, table));
    }
}

#[test]
fn e39_the_lowest_totals_share_the_optimism_bonus() {
    let l = lay(ID);
    let all = [caps([10, 20, 10]), caps([0, 20, 20]), caps([30, 15, 10])];
    let won: Vec<i32> = all
        .iter()
        .map(|c| atomic::bonuses(l, c, Shelters::Ranked(&all)).1)
        .collect();
    assert_eq!(won, [9, 9, 0], "totals 40, 40, 55");
    // A total of 0 is a total (Ruling X21).
    let with_zero = [caps([0, 0, 0]), caps([1, 0, 0])];
    assert_eq!(
        atomic::bonuses(l, &with_zero[0], Shelters::Ranked(&with_zero)).1,
        9
    );
    // Ties for the highest street all score.
    let tie = [caps([12, 0, 5]), caps([12, 3, 5])];
    for c in &tie {
        let (streets, _) = atomic::bonuses(l, c, Shelters::Ranked(&tie));
        assert_eq!(streets[0], 8);
        assert_eq!(streets[2], 11);
    }
}

#[test]
fn e40_at_c2_wants_exactly_one_shelter_in_each_estate_of_three() {
    let l = lay(ID);
    // S1: | 1 2 3 | 4 5 6 | 7 8 9 |: shelters on houses 2, 5 and 9, one in each.
    let good = atomic(["1 2 3 | 4 5 6 | 7 8 9 | _", "", ""]);
    let estates = [h(1, 1), h(1, 4), h(1, 7)];
    assert!(meets(l, &good, "AT-C2", &estates).is_ok());
    // Houses 6–8 hold no shelter: not exactly one.
    let none = atomic(["1 2 3 | 4 5 | 6 7 8 | 9", "1 2 3 | _", ""]);
    assert!(meets(l, &none, "AT-C2", &[h(1, 1), h(1, 6), h(2, 1)]).is_err());
    // On an entered layout with shelters on S1 houses 1 and 2, the estate | 1 2 3 | holds two.
    let mut v: serde_json::Value = serde_json::from_str(&sheet_text(ID)).unwrap();
    v["streets"][0]["shelters"] = serde_json::json!([1, 2, 5, 9]);
    let e = load_edition(&v).unwrap();
    let entered = e.sheet(SheetId::new(ID).unwrap()).unwrap();
    let two = common::load_in(
        &e,
        entered,
        &common::data(["1 2 3 | 4 5 6 | 7 8 9 | _", "", ""]),
    );
    let plans = common::slots([0, 6, card("AT-C2").id]);
    let claim = PlanClaim {
        plan: 2,
        estates: estates.to_vec(),
    };
    let c = TurnContext {
        edition: &e,
        layout: entered,
        advanced: false,
        passes_card: false,
        offer: offer1(1, Surveyor),
        plans: &plans,
        reshuffle_offered: false,
        zombies: Default::default(),
    };
    assert!(c.check_plan(&two, &claim, &[]).is_err());
    // Validating it locks the three estates.
    let after = validate(l, &good, "AT-C2", &estates, (2, 1, 1)).unwrap();
    assert_eq!(used(&after).len(), 9);
}

#[test]
fn the_other_plan_c_cards() {
    let l = lay(ID);
    // AT-C1: four complete estates of size 1, each with a shelter.
    let singles = atomic(["1 | 2 | 3 4 | 5 | _", "1 | 2 3 4 | 5", ""]);
    assert!(meets(l, &singles, "AT-C1", &[h(1, 2), h(1, 5), h(2, 1), h(1, 1)]).is_err());
    let singles = atomic(["_ | 2 | _ _ | 5 | _", "1 | _ _ | 4 | _", ""]);
    assert!(meets(l, &singles, "AT-C1", &[h(1, 2), h(1, 5), h(2, 1), h(2, 4)]).is_ok());
    // AT-C3: every shelter built.
    let all = atomic([
        "1 2 3 4 5 6 7 8 9 10",
        "1 2 3 4 5 6 7 8 9 10 11",
        "1 2 3 4 5 6 7 8 9 10 11 12",
    ]);
    assert!(meets(l, &all, "AT-C3", &[]).is_ok());
    let one_short = atomic([
        "1 2 3 4 5 6 7 8 _ 10",
        "1 2 3 4 5 6 7 8 9 10 11",
        "1 2 3 4 5 6 7 8 9 10 11 12",
    ]);
    let err = meets(l, &one_short, "AT-C3", &[]).unwrap_err().to_string();
    assert!(err.contains("street 1 house 9"), "{err}");
    // AT-C4: total capacity 50 or more. `all`: S1 2+5+9, S2 1+4+7+10, S3 3+6+9+12 = 68.
    assert_eq!(atomic::total(&atomic::capacities(l, &all)), 68);
    assert!(meets(l, &all, "AT-C4", &[]).is_ok());
    let low = atomic(["_ 2 _ _ 5 _ _ _ 9", "1 _ _ 4 _ _ 7 _ _ 10", ""]);
    assert_eq!(atomic::total(&atomic::capacities(l, &low)), 38);
    assert!(meets(l, &low, "AT-C4", &[]).is_err());
    // AT-C5: capacity 30 or more in two streets (S3 30, S2 22 → one street; then S2 32).
    let one = atomic(["", "1 _ _ 4 _ _ 7 _ _ 10", "_ _ 3 _ _ 6 _ _ 9 _ _ 12"]);
    assert!(meets(l, &one, "AT-C5", &[]).is_err());
    let two = atomic(["", "1 _ _ 5 _ _ 11 _ _ 15", "_ _ 3 _ _ 6 _ _ 9 _ _ 12"]);
    assert!(meets(l, &two, "AT-C5", &[]).is_ok());
    // None of the sheet-wide cards locks a house.
    let after = validate(l, &two, "AT-C5", &[], (1, 1, 1)).unwrap();
    assert!(used(&after).is_empty());
}

#[test]
fn e41_the_aaa_builds_shelters_on_validation_cards_and_roundabouts() {
    let l = lay(ID);
    let m = Module::Atomic;
    let mut halves = m.aaa_halves(l);
    // S1 three shelters, S2 four, S3 four: the first of each holds 20, 30, 30.
    assert_eq!(halves, [20, 0, 0, 30, 0, 0, 0, 30, 0, 0, 0]);
    let given: Vec<Card> = [(2, Surveyor), (4, Surveyor), (11, Bis), (7, Surveyor)]
        .iter()
        .map(|&(n, e)| Card::new(n, e))
        .collect();
    let mut s = Sheet::new(l);
    m.on_validation(l, &mut s, &mut halves, &given, 0);
    assert_eq!(halves, [20, 11, 0, 30, 0, 0, 0, 30, 0, 0, 0], "A: 11 in S1");
    m.on_roundabout(l, &mut halves, 1);
    assert_eq!(
        halves,
        [20, 11, 0, 30, 10, 0, 0, 30, 0, 0, 0],
        "a roundabout in S2: 10"
    );
    // With no free half left in a street, nothing.
    m.on_validation(l, &mut s, &mut halves, &given, 0);
    m.on_validation(l, &mut s, &mut halves, &given, 0);
    assert_eq!(&halves[..3], [20, 11, 11]);
    assert_eq!(
        s,
        Sheet::new(l),
        "the player's halves do not matter and do not change"
    );
    assert_eq!(atomic::aaa_capacities(l, &halves), caps([42, 40, 30]));
}

#[test]
fn e42_the_player_compares_with_the_aaa_which_scores_what_it_wins() {
    let l = lay(ID);
    // Player: S2 shelters (houses 1, 4, 7, 10) hold 9 + 10 + 11 = 30; S1 and S3 empty.
    let player = atomic(["", "_ _ _ 9 _ _ 10 _ _ 11", ""]);
    assert_eq!(atomic::capacities(l, &player), caps([0, 30, 0]));
    let halves = [20, 0, 0, 30, 11, 0, 0, 30, 0, 0, 0];
    let aaa = AaaScore::against(&sam(), &[], [None; 3], l, &halves, &player, 5);
    let row = aaa.sheet_rows.iter().find(|r| r.id == "shelters").unwrap();
    assert_eq!(
        row.points,
        8 + 10 + 11,
        "S2: 41 against 30; S1, S3 against 0; no optimism"
    );
    assert_eq!(
        aaa.total, row.points,
        "nothing else scores for an AAA given no card"
    );
    let table = Table {
        temps: Temps::Against(0),
        shelters: Shelters::Against(atomic::aaa_capacities(l, &halves)),
    };
    let me = Score::of(l, &player, table);
    assert_eq!(me.points("shelters"), 0);
    assert_eq!(me.points("optimism"), 9, "30 is lower than the AAA's 121");
    // Level 0 builds too (the game's own halves) but the AAA scores nothing: see the games.
}

#[test]
fn an_entered_layout_that_breaks_a_constraint_is_refused_with_its_name() {
    type Edit = fn(&mut serde_json::Value);
    let cases: [(Edit, &str); 5] = [
        (
            |v| v["streets"][1]["shelters"] = serde_json::json!([]),
            "ATO-L1",
        ),
        (
            |v| v["streets"][0]["shelters"] = serde_json::json!([5, 2, 9]),
            "ATO-L1",
        ),
        (
            |v| v["streets"][0]["shelters"] = serde_json::json!([2, 2, 9]),
            "ATO-L1",
        ),
        (
            |v| v["streets"][2]["shelters"] = serde_json::json!([3]),
            "ATO-L3",
        ),
        (
            |v| v["atomic"]["street_bonus"] = serde_json::json!([8, 10]),
            "street bonus",
        ),
    ];
    for (edit, rule) in cases {
        let mut v: serde_json::Value = serde_json::from_str(&sheet_text(ID)).unwrap();
        edit(&mut v);
        let err = load_edition(&v).map(|_| ()).unwrap_err();
        assert!(err.contains(rule), "{rule}: {err}");
    }
    let mut v: serde_json::Value = serde_json::from_str(&sheet_text(ID)).unwrap();
    v["streets"][0]["shelters"] = serde_json::json!([2, 11]);
    let err = load_edition(&v).map(|_| ()).unwrap_err();
    assert!(err.contains("shelter"), "{err}");
    assert!(load_edition(&serde_json::from_str(&sheet_text(ID)).unwrap()).is_ok());
}

#[test]
fn a_sheet_file_compares_with_the_other_players_capacities() {
    let l = lay(ID);
    let mine = atomic(["_ 3 _ _ 7 _ _ _ 9", "", ""]);
    let mut file = SheetFile::new(col(), l, &mine, false, vec![0, 0]);
    let (_, alone) = file.score().unwrap();
    assert_eq!(alone.points("shelters"), 8, "compared with nobody");
    file.shelters_of_others = vec![vec![24, 0, 0], vec![0, 0, 5]];
    let text = file.to_json();
    let back = SheetFile::from_json(&text).unwrap();
    assert_eq!(back, file);
    let (_, score) = back.score().unwrap();
    assert_eq!(score.points("shelters"), 0, "24 beats 19 in S1");
    assert_eq!(score.points("optimism"), 0, "5 is lower than 19");
    for bad in [vec![vec![1, 2]], vec![vec![1, 2, 999]]] {
        let mut f = file.clone();
        f.shelters_of_others = bad;
        assert_eq!(f.score().unwrap_err().code(), "sheet_shelters");
    }
    let classic = col().default_sheet();
    let mut f = SheetFile::new(col(), classic, &Sheet::new(classic), false, vec![0]);
    f.shelters_of_others = vec![vec![1, 2, 3]];
    assert_eq!(f.score().unwrap_err().code(), "sheet_shelters");
}

/// Every mode: standard (2 and 5 seats, with and without the advanced variant), expert, and
/// AAA solo at every level; games finish, replay identically, score row by row, and the AAA's
/// halves fill only through Validation cards and the player's roundabouts.
#[test]
fn atomic_war_in_every_mode_and_aaa_level() {
    for advanced in [false, true] {
        for (j, (mode, players)) in [(Mode::Standard, 2), (Mode::Standard, 5), (Mode::Expert, 3)]
            .into_iter()
            .enumerate()
        {
            let seed = 2100 + 10 * u64::from(advanced) + j as u64;
            let g = common::play_game(opts(ID, mode, advanced), players, seed, &Style::CAREFUL);
            check_game(&g);
            let scores = g.scores();
            let all: Vec<Capacities> = g
                .sheets()
                .iter()
                .map(|s| atomic::capacities(g.layout(), s))
                .collect();
            let best = all.iter().map(|c| c[0]).max().unwrap();
            for (s, c) in scores.iter().zip(&all) {
                let won = s.row("shelters").unwrap().parts[0];
                assert_eq!(won, if best > 0 && c[0] == best { 8 } else { 0 });
            }
        }
        for level in 0..=5 {
            let seed = 2200 + 10 * u64::from(advanced) + level as u64;
            let g = aaa_game(opts(ID, Mode::Solo, advanced).aaa_level(level), seed);
            check_game(&g);
            let a = g.aaa().unwrap();
            let built = a.halves.iter().filter(|&&v| v > 0).count();
            let roundabouts = usize::from(g.sheet(0).unwrap().roundabouts());
            assert!(
                built >= 3 && built <= 3 + a.drawn.len() + roundabouts,
                "{:?}",
                a.halves
            );
            let score = g.aaa_score();
            assert_eq!(score.is_some(), level > 0);
            if let Some(s) = score {
                assert_eq!(s.sheet_rows.len(), 1);
                let rows: i32 = s.plans.iter().sum::<i32>()
                    + s.parks
                    + s.pools
                    + s.temps
                    + s.fences
                    + s.estates
                    + s.sheet_rows[0].points;
                assert_eq!(rows, s.total);
            }
            // The player's shelters are compared with the AAA's, at every level.
            let me = &g.scores()[0];
            let aaa = atomic::aaa_capacities(g.layout(), &a.halves);
            let mine = atomic::capacities(g.layout(), g.sheet(0).unwrap());
            let optimism = if atomic::total(&mine) <= atomic::total(&aaa) {
                9
            } else {
                0
            };
            assert_eq!(me.points("optimism"), optimism);
        }
    }
}
