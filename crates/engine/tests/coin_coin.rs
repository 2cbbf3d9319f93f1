//! Conformance with the collector expansions specification, §9 Coin Coin: one test per item of
//! its checklist (E61–E67, named `eNN_…`), its layout constraints (DUC-L1…L6), its plan C
//! cards and whole games of every mode and AAA level.
//!
//! Expected values come from the spec's tables and examples, never from the engine.

mod common;

use common::expansion::*;
use common::{h, Style};
use welcome_engine::edition::DuckColour::{Black, Yellow};
use welcome_engine::modules::{coin_coin, Module};
use welcome_engine::*;

use Effect::{Bis, Surveyor};

const ID: &str = "coin-coin";

fn ducks(rows: [&str; 3]) -> Sheet {
    sheet(ID, rows)
}

fn row(sheet: &Sheet) -> ScoreRow {
    Score::of(lay(ID), sheet, score::Temps::Solo)
        .row("ducks")
        .unwrap()
        .clone()
}

#[test]
fn the_shipped_layout_is_the_spec_placeholder() {
    let l = lay(ID);
    let slots = |c| -> Vec<Vec<u8>> {
        (0..3)
            .map(|s| {
                (0..15)
                    .filter(|k| l.ducklings(c, s) >> k & 1 == 1)
                    .map(|k| k + 1)
                    .collect()
            })
            .collect()
    };
    assert_eq!(slots(Yellow), [vec![], vec![3, 8], vec![2, 9]]);
    assert_eq!(slots(Black), [vec![3, 7], vec![5], vec![]]);
    let d = l.ducks.as_ref().unwrap();
    let between: Vec<_> = d
        .between
        .iter()
        .map(|b| (b.upper, b.lower, b.colour))
        .collect();
    assert_eq!(
        between,
        [
            (h(1, 2), h(2, 2), Black),
            (h(1, 8), h(2, 8), Black),
            (h(2, 3), h(3, 3), Black),
            (h(2, 5), h(3, 5), Yellow),
            (h(2, 10), h(3, 10), Yellow),
        ]
    );
    assert_eq!(
        (coin_coin::total(l, Yellow), coin_coin::total(l, Black)),
        (6, 6)
    );
    let parents: Vec<_> = d
        .parents
        .iter()
        .map(|p| (p.colour, p.touches.clone()))
        .collect();
    assert_eq!(parents, [(Yellow, vec![h(3, 12)]), (Black, vec![h(1, 1)])]);
    assert!(l.modules.contains(&Module::CoinCoin));
}

#[test]
fn e61_a_street_duckling_is_circled_once_both_its_houses_are_numbered() {
    let l = lay(ID);
    // S1 slot 3: between houses 3 and 4.
    assert_eq!(
        coin_coin::circled_in(l, &ducks(["_ _ 3", "", ""]), Black, 0),
        0
    );
    assert_eq!(
        coin_coin::circled_in(l, &ducks(["_ _ 3 4", "", ""]), Black, 0),
        1 << 2
    );
    // By a copy: 3 in house 3, then a 3B copied into house 4 by the Extension.
    let s = play(
        l,
        &ducks(["_ _ 3", "", ""]),
        1,
        9,
        12,
        Bis,
        Some(EffectUse::Bis {
            from: h(1, 3),
            to: h(1, 4),
        }),
    );
    assert_eq!(coin_coin::circled_in(l, &s, Black, 0), 1 << 2);
    // A fence on its slot does it no harm.
    assert_eq!(
        coin_coin::circled_in(l, &ducks(["_ _ 3 | 4", "", ""]), Black, 0),
        1 << 2
    );
    // A roundabout beside it: never circled.
    assert_eq!(
        coin_coin::circled_in(l, &ducks(["_ _ 3 R", "", ""]), Black, 0),
        0
    );
}

#[test]
fn e62_a_duckling_between_streets_is_circled_and_joins_the_two_streets() {
    let l = lay(ID);
    assert_eq!(coin_coin::circled(l, &ducks(["_ 2", "", ""]), Black), 0);
    let both = ducks(["_ 2", "_ 2", ""]);
    assert_eq!(coin_coin::circled(l, &both, Black), 1);
    // The black parent touches S1 house 1: through S1 1–2 and the duckling, S2 house 2 is
    // reached, so S2's black slot-5 duckling (houses 5–6) is connected along S2 2…6.
    let chain = ducks(["1 2", "_ 2 3 4 5 6", ""]);
    let reach = coin_coin::reached(l, &chain, Black);
    assert_eq!(reach[1] & 0b11_1110, 0b11_1110, "S2 houses 2–6");
    // Connected: S1/S2 house 2 (between) and S2 slot 5; S2/S3 house 3 is not circled.
    assert_eq!(coin_coin::connected(l, &chain, Black), 2);
}

#[test]
fn e63_a_duckling_is_connected_to_its_parent_by_numbered_houses() {
    let l = lay(ID);
    let full = ducks(["1 2 3 4", "", ""]);
    assert_eq!(coin_coin::connected(l, &full, Black), 1);
    let gap = ducks(["1 _ 3 4", "", ""]);
    assert_eq!(coin_coin::circled(l, &gap, Black), 1, "still circled");
    assert_eq!(coin_coin::connected(l, &gap, Black), 0, "but cut off");
    // Fences do not cut the chain.
    let fenced = ducks(["1 | 2 | 3 4", "", ""]);
    assert_eq!(coin_coin::connected(l, &fenced, Black), 1);
    // A roundabout does.
    let round = ducks(["1 R 3 4 5 6 7 8", "", ""]);
    assert_eq!(coin_coin::connected(l, &round, Black), 0);
}

/// Every yellow duckling circled: S2 3–4, 8–9, S3 2–3, 9–10, and S2/S3 houses 5 and 10. The
/// parent at S3 house 12 reaches S3 9–12, then S2 10 across, then S2 8–10.
const YELLOW: [&str; 3] = ["", "_ _ 3 4 5 _ _ 8 9 10", "_ 2 3 _ 5 _ _ _ 9 10 11 12"];

#[test]
fn e64_the_first_to_circle_every_yellow_triggers_its_scoring_for_everyone() {
    let l = lay(ID);
    let a = ducks(YELLOW);
    assert!(coin_coin::triggers(l, &a, 0));
    assert!(!coin_coin::triggers(l, &a, 1) && !coin_coin::triggers(l, &a, 2));
    assert_eq!(coin_coin::connected(l, &a, Yellow), 3);
    // B has S3 11–12 and the slot-9 duckling: 1 connected yellow.
    let b = ducks(["", "", "_ _ _ _ _ _ _ _ 9 10 11 12"]);
    let mut sheets = [a, b];
    Module::CoinCoin.end_of_round(l, &mut sheets);
    assert_eq!(sheets[0].duck_scoring(0), Some(3));
    assert_eq!(sheets[1].duck_scoring(0), Some(1), "B scores too");
    assert_eq!(sheets[0].duck_scoring(1), None);
    // Later B completes yellow with more connected: the scoring is not held again.
    let mut later = [sheets[0], with_scorings(&ducks(YELLOW), &sheets[1])];
    Module::CoinCoin.end_of_round(l, &mut later);
    assert_eq!(later[1].duck_scoring(0), Some(1));
    // Two sheets completing in the same turn both hold it once.
    let mut same = [ducks(YELLOW), ducks(YELLOW)];
    Module::CoinCoin.end_of_round(l, &mut same);
    assert_eq!(same.map(|s| s.duck_scoring(0)), [Some(3), Some(3)]);
}

/// `sheet` with the duck scorings held on `from`.
fn with_scorings(sheet: &Sheet, from: &Sheet) -> Sheet {
    let mut d = SheetData::of(lay(ID), sheet);
    d.duck_scorings = SheetData::of(lay(ID), from).duck_scorings;
    load(lay(ID), &d)
}

#[test]
fn e65_scorings_not_held_are_held_at_the_end_and_each_colour_counts_twice() {
    let l = lay(ID);
    let s = ducks(YELLOW);
    // Nothing held: at the end yellow 3, black 0, both 3.
    let r = row(&s);
    assert_eq!(r.parts, [3, 0, 3]);
    assert_eq!(r.points, 6, "each yellow duckling counts twice");
    // Yellow held earlier at 1: that box keeps 1.
    let mut held = [ducks(["", "", "_ _ _ _ _ _ _ _ 9 10 11 12"]), ducks(YELLOW)];
    Module::CoinCoin.end_of_round(l, &mut held);
    let late = with_scorings(&s, &held[0]);
    assert_eq!(row(&late).parts, [1, 0, 3]);
    let total = Score::of(l, &late, score::Temps::Solo);
    assert_eq!(
        total.total,
        total.rows.iter().map(|r| r.points).sum::<i32>()
    );
}

#[test]
fn e66_plan_terms_street_ducklings_and_wholly_inside() {
    let l = lay(ID);
    // CC-C3: every duckling of 2 streets; S1 (slots 3, 7) and S3 (slots 2, 9), between-street
    // ducklings left aside.
    let s = ducks(["_ _ 3 4 _ _ 7 8", "", "_ 2 3 _ _ _ _ _ 9 10"]);
    assert_eq!(meets(l, &s, "CC-C3", &[]), Ok(()));
    let one = ducks(["_ _ 3 4 _ _ 7 8", "", ""]);
    assert_eq!(
        meets(l, &one, "CC-C3", &[]).unwrap_err().code(),
        "plan_not_met"
    );
    // CC-C1: 3-house estates with a pool and a duckling inside. S1 houses 3 (pool), 4, 5:
    // slot 3 (3–4) lies inside. S2 houses 7, 8 (pool), 9: slot 8 (8–9) inside.
    let yes = ducks(["_ _ | 3* 4 5 |", "_ _ _ _ _ _ | 7 8* 9 |", ""]);
    assert_eq!(meets(l, &yes, "CC-C1", &[h(1, 3), h(2, 7)]), Ok(()));
    // S1 houses 8 (pool), 9, 10 with a fence on slot 7: the duckling between 7 and 8 sits on
    // the estate's boundary, not inside.
    let edge = ducks(["_ _ 3 | 4 5 6 7 | 8* 9 10", "_ _ _ _ _ _ | 7 8* 9 |", ""]);
    assert_eq!(
        coin_coin::circled_in(l, &edge, Black, 0) >> 6 & 1,
        1,
        "it is circled"
    );
    assert_eq!(
        meets(l, &edge, "CC-C1", &[h(1, 8), h(2, 7)])
            .unwrap_err()
            .code(),
        "plan_not_met"
    );
}

#[test]
fn e67_aaa_validation_cards_hold_scorings_at_once() {
    let l = lay(ID);
    let m = Module::CoinCoin;
    let mut halves = m.aaa_halves(l);
    let given = cards(&[(1, Surveyor); 23]);
    let mut s = ducks(YELLOW);
    // A: yellow at once (the player's 3 connected; the AAA's 11 for 23 cards).
    m.on_validation(l, &mut s, &mut halves, &given, 0);
    assert_eq!(s.duck_scoring(0), Some(3));
    assert_eq!(s.duck_scoring(1), None);
    // B after A: black and yellow-and-black at once.
    m.on_validation(l, &mut s, &mut halves, &given, 1);
    assert_eq!(s.duck_scoring(1), Some(0));
    assert_eq!(s.duck_scoring(2), Some(3));
    let (points, detail) = {
        let a =
            welcome_engine::aaa::AaaScore::against(&sam(), &given, [None; 3], l, &halves, &s, 5);
        let r = a
            .sheet_rows
            .iter()
            .find(|r| r.id == "ducks")
            .unwrap()
            .clone();
        (r.points, r.detail)
    };
    assert_eq!(points, 33, "11 at each: {detail}");
    // C holds nothing; a scoring already held is not held again.
    let mut again = s;
    m.on_validation(l, &mut again, &mut halves, &cards(&[(1, Surveyor); 40]), 0);
    m.on_validation(l, &mut again, &mut halves, &cards(&[(1, Surveyor); 40]), 2);
    assert_eq!(again, s);
    // Not held by the end: the AAA scores its final pile.
    let fresh = m.aaa_halves(l);
    let a = welcome_engine::aaa::AaaScore::against(&sam(), &given, [None; 3], l, &fresh, &s, 5);
    assert_eq!(a.sheet_rows[0].points, 33);
}

#[test]
fn plan_c_cards() {
    let l = lay(ID);
    // CC-C4: the 2 yellow of S3 and the 2 black of S1.
    let s = ducks(["_ _ 3 4 _ _ 7 8", "", "_ 2 3 _ _ _ _ _ 9 10"]);
    assert_eq!(meets(l, &s, "CC-C4", &[]), Ok(()));
    let s = ducks(["_ _ 3 4", "", "_ 2 3 _ _ _ _ _ 9 10"]);
    let err = meets(l, &s, "CC-C4", &[]).unwrap_err();
    assert!(err.to_string().contains("not circled"), "{err}");
    // CC-C5: every duckling between the streets (S1/S2 houses 2 and 8, S2/S3 3, 5 and 10).
    let s = ducks([
        "_ 2 _ _ _ _ _ 8",
        "_ 2 3 _ 5 _ _ 8 _ 10",
        "_ _ 3 _ 5 _ _ _ _ 10",
    ]);
    assert_eq!(meets(l, &s, "CC-C5", &[]), Ok(()));
    // CC-C2: 5 yellow and 5 black circled.
    let all = ducks([
        "_ 2 3 4 _ _ 7 8",
        "_ 2 3 4 5 6 _ 8 9 10",
        "_ 2 3 _ 5 _ _ _ 9 10",
    ]);
    assert_eq!(coin_coin::circled(l, &all, Yellow), 6);
    assert_eq!(coin_coin::circled(l, &all, Black), 6);
    assert_eq!(meets(l, &all, "CC-C2", &[]), Ok(()));
    assert_eq!(
        meets(l, &ducks(YELLOW), "CC-C2", &[]).unwrap_err().code(),
        "plan_not_met"
    );
    for name in ["CC-C1", "CC-C2", "CC-C3", "CC-C4", "CC-C5"] {
        let c = card(name);
        assert_eq!((c.stack, c.first, c.second), (3, 8, 4), "{name}");
    }
    assert_eq!(
        card("CC-C4").describe(),
        "every yellow duckling of street 3 circled and every black duckling of street 1 circled"
    );
}

#[test]
fn an_entered_layout_that_breaks_a_constraint_is_refused_with_its_name() {
    type Edit = fn(&mut serde_json::Value);
    let cases: [(Edit, &str); 7] = [
        (
            |v| v["streets"][2]["ducklings"] = serde_json::json!([{"slot": 2, "colour": "yellow"}]),
            "DUC-L1",
        ),
        (
            |v| v["streets"][0]["ducklings"][1]["colour"] = "yellow".into(),
            "DUC-L2",
        ),
        (
            |v| v["ducks"]["between"][0]["colour"] = "yellow".into(),
            "DUC-L3",
        ),
        (
            |v| {
                v["streets"][1]["ducklings"] = serde_json::json!([{"slot": 5, "colour": "black"}]);
            },
            "DUC-L4",
        ),
        (
            |v| v["streets"][1]["ducklings"][0]["slot"] = 11.into(),
            "DUC-L6",
        ),
        (
            |v| v["ducks"]["between"][0]["lower"] = serde_json::json!([3, 2]),
            "DUC-L6",
        ),
        (
            |v| v["ducks"]["parents"][0]["touches"] = serde_json::json!([]),
            "DUC-L6",
        ),
    ];
    for (edit, rule) in cases {
        let mut v: serde_json::Value = serde_json::from_str(&sheet_text(ID)).unwrap();
        edit(&mut v);
        let err = load_edition(&v).map(|_| ()).unwrap_err();
        assert!(err.contains(rule), "{rule}: {err}");
    }
}

#[test]
fn a_sheet_file_keeps_the_duck_scorings_and_refuses_bad_ones() {
    let l = lay(ID);
    let mut sheets = [ducks(YELLOW)];
    Module::CoinCoin.end_of_round(l, &mut sheets);
    let file = SheetFile::new(col(), l, &sheets[0], true, Vec::new());
    assert_eq!(file.sheet.duck_scorings, Some([Some(3), None, None]));
    let back = SheetFile::from_json(&file.to_json()).unwrap();
    assert_eq!(back, file);
    assert_eq!(back.sheet.to_sheet(col(), l).unwrap(), sheets[0]);
    let mut bad = file.clone();
    bad.sheet.duck_scorings = Some([Some(7), None, None]);
    assert_eq!(bad.score().unwrap_err().code(), "sheet_feature");
    let classic = col().default_sheet();
    let mut other = SheetFile::new(col(), classic, &Sheet::new(classic), true, Vec::new());
    other.sheet.duck_scorings = Some([Some(1), None, None]);
    assert_eq!(other.score().unwrap_err().code(), "sheet_feature");
}

/// Every mode: standard (2 and 5 seats, with and without the advanced variant), expert, and
/// AAA solo at every level; games finish, replay identically and score row by row; a scoring
/// held is held on every sheet; the AAA scores at most a point per two cards at each.
#[test]
fn coin_coin_in_every_mode_and_aaa_level() {
    let mut held = 0;
    for advanced in [false, true] {
        for (j, (mode, players)) in [(Mode::Standard, 2), (Mode::Standard, 5), (Mode::Expert, 3)]
            .into_iter()
            .enumerate()
        {
            let seed = 5100 + 10 * u64::from(advanced) + j as u64;
            let g = common::play_game(opts(ID, mode, advanced), players, seed, &Style::CAREFUL);
            check_game(&g);
            for k in 0..3 {
                let states: Vec<bool> = g
                    .sheets()
                    .iter()
                    .map(|s| s.duck_scoring(k).is_some())
                    .collect();
                assert!(states.iter().all(|&x| x == states[0]), "{states:?}");
                held += usize::from(states[0]);
            }
        }
        for level in 0..=5 {
            let seed = 5200 + 10 * u64::from(advanced) + level as u64;
            let g = aaa_game(opts(ID, Mode::Solo, advanced).aaa_level(level), seed);
            check_game(&g);
            let a = g.aaa().unwrap();
            if let Some(score) = g.aaa_score() {
                let most = 3 * (a.given.len() / 2) as i32;
                assert!(score.sheet_rows[0].points <= most);
                assert_eq!(score.sheet_rows[0].id, "ducks");
            }
            held += (0..3)
                .filter(|&k| g.sheet(0).unwrap().duck_scoring(k).is_some())
                .count();
        }
    }
    assert!(held > 0, "some scoring was held during a game");
}
