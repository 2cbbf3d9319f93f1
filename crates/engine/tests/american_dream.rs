//! Conformance with the collector expansions specification, §10 American Dream: one test per
//! item of its checklist (E68–E75, named `eNN_…`), its layout constraints (ADR-L1…L5), its
//! plans, sheet files and whole games of every mode it allows and every AAA level.
//!
//! Expected values come from the spec's tables and examples, never from the engine.

mod common;

use common::expansion::*;
use common::{h, Style, P0};
use welcome_engine::edition::Grid;
use welcome_engine::modules::{american_dream as ad, Module};
use welcome_engine::*;

use Effect::{Bis, Landscaper, Pool, RealEstate, Surveyor, Temp};

const ID: &str = "american-dream";

/// The §10.2 placeholder grid: G green (Parc), Y grey (Barrière), P purple (Amélioration),
/// B blue (Piscine), O orange (Intérimaire), R red (Extension).
const GRID: [&str; 5] = ["GYPBGYP", "POGYRGY", "YGRPOPG", "BPYGYBP", "OYGRPOB"];

fn family(c: char) -> Effect {
    match c {
        'G' => Landscaper,
        'Y' => Surveyor,
        'P' => RealEstate,
        'B' => Pool,
        'O' => Temp,
        'R' => Bis,
        _ => unreachable!(),
    }
}

/// The action that makes house (s, k) perfect, and one that does not (1-based).
fn right(s: u8, k: u8) -> Effect {
    family(GRID[s as usize - 1].as_bytes()[k as usize - 1] as char)
}

fn wrong(s: u8, k: u8) -> Effect {
    if right(s, k) == Surveyor {
        Landscaper
    } else {
        Surveyor
    }
}

/// Writes `n` in street `s` house `k` (1-based) with `action`, through a validated turn.
fn write(sheet: &Sheet, s: u8, k: u8, n: u8, action: Effect) -> Sheet {
    play(lay(ID), sheet, s, k, n, action, None)
}

/// Fills column `k` (top to bottom numbers `k`, so every street stays in order), perfect in
/// the streets listed in `perfect`.
fn fill_column(sheet: &Sheet, k: u8, perfect: &[u8]) -> Sheet {
    (1..=5).fold(*sheet, |s, st| {
        let action = if perfect.contains(&st) {
            right(st, k)
        } else {
            wrong(st, k)
        };
        write(&s, st, k, k, action)
    })
}

fn blank() -> Sheet {
    Sheet::new(lay(ID))
}

fn row(sheet: &Sheet, id: &str) -> i32 {
    Score::of(lay(ID), sheet, score::Temps::Solo).points(id)
}

#[test]
fn the_shipped_layout_is_the_spec_placeholder() {
    let l = lay(ID);
    assert_eq!(l.streets.len(), 5);
    for (s, st) in l.streets.iter().enumerate() {
        assert_eq!(st.houses, 7);
        let expected: Vec<Effect> = GRID[s].chars().map(family).collect();
        assert_eq!(st.families, expected, "street {}", s + 1);
    }
    let v = l.american_dream.as_ref().unwrap();
    assert_eq!(
        (v.street_bonus, v.column_multiplier, v.normal, v.perfect),
        (10, 2, 1, 3)
    );
    assert_eq!(v.colour(Landscaper), "green");
    assert_eq!(v.colour(Bis), "red");
    assert_eq!(v.colour(Pool), "blue");
    assert_eq!(v.colour(Temp), "orange");
    assert_eq!(l.refusals.0, [0, 0, 3, 5]);
    // Family counts: 8 G, 8 P, 8 Y, 4 B, 4 O, 3 R.
    let count = |e| {
        l.streets
            .iter()
            .flat_map(|s| &s.families)
            .filter(|&&f| f == e)
            .count()
    };
    assert_eq!(
        [Landscaper, RealEstate, Surveyor, Pool, Temp, Bis].map(count),
        [8, 8, 8, 4, 4, 3]
    );
    assert!(!l.classic() && !l.advanced);
    assert!(l.has(Module::AmericanDream));
    let rows: Vec<&str> = l.score_rows.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(rows, ["plans", "columns", "streets", "refusals"]);
}

#[test]
fn e68_no_advanced_no_action_stage_and_no_temp_change() {
    let err = Game::new(opts(ID, Mode::Standard, true), 2, 1).unwrap_err();
    assert_eq!(err.code(), "advanced_not_allowed");
    assert!(err.to_string().contains("American") || err.to_string().contains(ID));
    // Writing the number ends the number's part of the turn: no action stage.
    let plans = plans_with("AD-C1");
    let c = ctx(lay(ID), offer1(7, Temp), &plans);
    let mut m = TurnMachine::new(c, &blank());
    m.apply(Decision::Build {
        pick: P0,
        house: h(1, 3),
        number: 7,
    })
    .unwrap();
    assert_eq!(m.stage(), Stage::Plans);
    // An effect is refused, in a whole turn or as a decision.
    let t = Turn::build(P0, h(1, 3), 7).with_effect(EffectUse::Temp);
    assert_eq!(c.apply(&blank(), &t).unwrap_err().code(), "no_action");
    assert_eq!(
        m.apply(Decision::Effect(Some(EffectUse::Temp)))
            .unwrap_err()
            .code(),
        "no_action"
    );
    // A Temp combination offers its number only.
    let mut placements = Vec::new();
    c.placements(&blank(), &mut placements);
    assert!(placements.iter().all(|p| p.number == 7));
    // The three combinations of `offer1` are the same, each in the 35 houses.
    assert_eq!(placements.len(), 3 * 35);
    let t = Turn::build(P0, h(1, 3), 8);
    assert_eq!(
        c.apply(&blank(), &t).unwrap_err().code(),
        "number_not_offered"
    );
}

#[test]
fn e69_the_combinations_action_makes_a_house_perfect() {
    // (7, Parc) in S1 K1 (green) is perfect; in S1 K2 (grey) normal.
    let s = write(&blank(), 1, 1, 7, Landscaper);
    assert!(ad::perfect(&s, h(1, 1)));
    let s = write(&blank(), 1, 2, 7, Landscaper);
    assert!(!ad::perfect(&s, h(1, 2)));
    assert_eq!(s.number(h(1, 2)), Some(7));
}

#[test]
fn e70_expert_uses_the_action_cards_action() {
    let plans = plans_with("AD-C1");
    // Hand: card 1 is (7, Barrière), card 2 (3, Parc). The number of card 1 with the action
    // of card 2 in S1 K1 (green): perfect. The other way round: normal.
    let hand = Offer::Hand(
        [
            Card::new(7, Surveyor),
            Card::new(3, Landscaper),
            Card::new(9, Pool),
        ]
        .into(),
    );
    let c = ctx(lay(ID), hand, &plans);
    let perfect = c
        .apply(&blank(), &Turn::build(Pick::Hand((0, 1)), h(1, 1), 7))
        .unwrap();
    assert!(ad::perfect(&perfect, h(1, 1)));
    let normal = c
        .apply(&blank(), &Turn::build(Pick::Hand((1, 0)), h(1, 1), 3))
        .unwrap();
    assert!(!ad::perfect(&normal, h(1, 1)));
}

#[test]
fn e71_a_complete_column_scores_its_houses_doubled_with_its_bonus() {
    let l = lay(ID);
    // Column 1: S1, S2, S3 perfect, S4 and S5 normal: 3 × 3 + 2 × 1 = 11.
    let s = fill_column(&blank(), 1, &[1, 2, 3]);
    assert_eq!(ad::column_points(l, &s, 0), 11);
    assert_eq!(row(&s, "columns"), 11);
    // Its bonus circled at the end of the turn: 22.
    let mut sheets = [s];
    Module::AmericanDream.end_of_round(l, &mut sheets);
    assert_eq!(sheets[0].column_race(0), Race::Won);
    assert_eq!(ad::column_points(l, &sheets[0], 0), 22);
    assert_eq!(row(&sheets[0], "columns"), 22);
}

#[test]
fn e72_an_incomplete_column_scores_nothing() {
    let l = lay(ID);
    let s = (1..=4).fold(blank(), |s, st| write(&s, st, 2, 2, right(st, 2)));
    assert!((1..=4).all(|st| ad::perfect(&s, h(st, 2))));
    assert!(!ad::column_complete(&s, 1));
    assert_eq!(ad::column_points(l, &s, 1), 0);
    assert_eq!(row(&s, "columns"), 0);
}

#[test]
fn e73_players_completing_a_street_in_the_same_turn_share_its_bonus() {
    let l = lay(ID);
    let street2 = |sheet: &Sheet| (1..=7).fold(*sheet, |s, k| write(&s, 2, k, k, Surveyor));
    let done = street2(&blank());
    let partial = (1..=6).fold(blank(), |s, k| write(&s, 2, k, k, Surveyor));
    let mut sheets = [done, done, partial];
    Module::AmericanDream.end_of_round(l, &mut sheets);
    assert_eq!(sheets[0].race(1), Race::Won);
    assert_eq!(sheets[1].race(1), Race::Won);
    assert_eq!(sheets[2].race(1), Race::Lost);
    for s in &sheets[..2] {
        assert_eq!(ad::street_points(l, s, 1), 10);
        assert_eq!(row(s, "streets"), 10);
    }
    // Completing it later wins nothing.
    let late = write(&sheets[2], 2, 7, 7, Surveyor);
    let mut later = [late];
    Module::AmericanDream.end_of_round(l, &mut later);
    assert_eq!(later[0].race(1), Race::Lost);
    assert_eq!(row(&later[0], "streets"), 0);
    // Other streets are untouched.
    assert_eq!(sheets[2].race(0), Race::Open);
}

#[test]
fn e74_adjacent_columns_and_the_perfect_block() {
    let l = lay(ID);
    // Columns 1, 2 and 4 complete: 3 complete columns, but only 2 adjacent.
    let s = [1, 2, 4]
        .iter()
        .fold(blank(), |s, &k| fill_column(&s, k, &[]));
    assert_eq!(
        meets(l, &s, "AD-B3", &[]).unwrap_err().code(),
        "plan_not_met"
    );
    let s3 = fill_column(&s, 3, &[]);
    assert_eq!(meets(l, &s3, "AD-B3", &[]), Ok(()));
    // AD-B2: 4 complete columns.
    assert!(meets(l, &s, "AD-B2", &[]).is_err());
    assert_eq!(meets(l, &s3, "AD-B2", &[]), Ok(()));
    // AD-C3: a 3 × 3 block of perfect houses (streets 2–4, columns 3–5).
    let block = (2..=4).fold(blank(), |s, st| {
        (3..=5).fold(s, |s, k| write(&s, st, k, k, right(st, k)))
    });
    assert_eq!(meets(l, &block, "AD-C3", &[]), Ok(()));
    let holed = (2..=4).fold(blank(), |s, st| {
        (3..=5).fold(s, |s, k| {
            let a = if (st, k) == (3, 4) {
                wrong(st, k)
            } else {
                right(st, k)
            };
            write(&s, st, k, k, a)
        })
    });
    let err = meets(l, &holed, "AD-C3", &[]).unwrap_err();
    assert!(err.to_string().contains("3 × 3"), "{err}");
    assert_eq!(
        card("AD-B3").condition,
        PlanCondition::Grid(Grid::Columns {
            n: 3,
            only_perfect: false,
            adjacent: true
        })
    );
}

#[test]
fn the_other_plans() {
    let l = lay(ID);
    // AD-A1: every green house perfect (8 of them).
    let mut s = blank();
    for st in 1..=5u8 {
        for k in 1..=7u8 {
            if right(st, k) == Landscaper {
                s = write(&s, st, k, k, Landscaper);
            }
        }
    }
    assert_eq!(meets(l, &s, "AD-A1", &[]), Ok(()));
    let err = meets(l, &s, "AD-A2", &[]).unwrap_err();
    assert!(err.to_string().contains("red"), "{err}");
    // AD-A3: every blue and orange house numbered, perfect or not.
    let mut s = blank();
    for st in 1..=5u8 {
        for k in 1..=7u8 {
            if matches!(right(st, k), Pool | Temp) {
                s = write(&s, st, k, k, Surveyor);
            }
        }
    }
    assert_eq!(meets(l, &s, "AD-A3", &[]), Ok(()));
    // AD-B1: 2 complete columns of perfect houses only.
    let s = fill_column(
        &fill_column(&blank(), 1, &[1, 2, 3, 4, 5]),
        6,
        &[1, 2, 3, 4],
    );
    assert!(meets(l, &s, "AD-B1", &[]).is_err());
    let s = fill_column(&s, 7, &[1, 2, 3, 4, 5]);
    assert_eq!(meets(l, &s, "AD-B1", &[]), Ok(()));
    // AD-C1: a complete street of perfect houses; AD-C2: 2 complete streets.
    let perfect_s5 = (1..=7).fold(blank(), |s, k| write(&s, 5, k, k, right(5, k)));
    assert_eq!(meets(l, &perfect_s5, "AD-C1", &[]), Ok(()));
    assert!(meets(l, &perfect_s5, "AD-C2", &[]).is_err());
    let two = (1..=7).fold(perfect_s5, |s, k| write(&s, 1, k, k, wrong(1, k)));
    assert_eq!(meets(l, &two, "AD-C2", &[]), Ok(()));
    // Plans lock nothing: the same street serves C1 after C2 on another sheet.
    let after = validate(l, &two, "AD-C2", &[], (3, 1, 1)).unwrap();
    assert!(after.all_houses().all(|x| !after.is_used(x)));
    // Its own 9 cards, 3 per stack, 8 / 4.
    let own: Vec<&PlanCard> = col().plans_of(l).collect();
    assert_eq!(own.len(), 9);
    for c in own {
        assert_eq!((c.first, c.second), (8, 4));
        assert_eq!(c.sheet, Some(l.id));
    }
}

#[test]
fn e75_aaa_validation_cards_cross_bonuses_and_the_aaa_scores_its_cards() {
    let l = lay(ID);
    let mut s = blank();
    Module::AmericanDream.on_validation(l, &mut s, &mut [], &[], 0);
    assert_eq!((s.owed(), s.owed_columns()), (1, 2));
    let plans = plans_with("AD-C1");
    let c = ctx(l, offer1(3, Surveyor), &plans);
    let mut m = TurnMachine::new(c, &s);
    assert_eq!(m.stage(), Stage::Cross);
    let mut options = Vec::new();
    m.options(&mut options);
    // The 5 streets first.
    assert_eq!(options, (0..5).map(Decision::Cross).collect::<Vec<_>>());
    m.apply(Decision::Cross(1)).unwrap();
    // Then 2 of the 7 columns (items 5…11).
    m.options(&mut options);
    assert_eq!(options, (5..12).map(Decision::Cross).collect::<Vec<_>>());
    m.apply(Decision::Cross(5)).unwrap();
    assert_eq!(
        m.apply(Decision::Cross(1)).unwrap_err().code(),
        "cross_not_open"
    );
    m.apply(Decision::Cross(11)).unwrap();
    assert_eq!(m.stage(), Stage::Start);
    let crossed = *m.sheet();
    assert_eq!(crossed.race(1), Race::Lost);
    assert_eq!(crossed.column_race(0), Race::Lost);
    assert_eq!(crossed.column_race(6), Race::Lost);
    // Fewer open than owed: all that remain, and the debt is gone.
    let mut few = crossed;
    for _ in 0..3 {
        Module::AmericanDream.on_validation(l, &mut few, &mut [], &[], 0);
        let mut m = TurnMachine::new(c, &few);
        while m.stage() == Stage::Cross {
            m.options(&mut options);
            m.apply(options[0].clone()).unwrap();
        }
        few = *m.sheet();
    }
    let open: Vec<u8> = (0..5).filter(|&st| few.race(st) == Race::Open).collect();
    assert_eq!(open, [4]);
    assert!((0..7).all(|k| few.column_race(k) == Race::Lost));
    assert_eq!(
        few.owed_columns(),
        0,
        "the third card found one column open"
    );
    Module::AmericanDream.on_validation(l, &mut few, &mut [], &[], 0);
    Module::AmericanDream.on_validation(l, &mut few, &mut [], &[], 0);
    let mut m = TurnMachine::new(c, &few);
    m.options(&mut options);
    assert_eq!(options, [Decision::Cross(4)]);
    m.apply(Decision::Cross(4)).unwrap();
    assert_eq!(m.stage(), Stage::Start);
    assert_eq!((m.sheet().owed(), m.sheet().owed_columns()), (0, 0));
    // Sam with 5 Parc, 2 Piscine, 3 Intérimaire, 6 Barrière, 2 Extension, 4 Amélioration:
    // 5 + 2 + 3 + 6 + 4 + 8 = 28 column points; 10 per street crossed on the player's sheet.
    let mut given = cards(&[(1, Landscaper); 5]);
    given.extend(cards(&[(1, Pool); 2]));
    given.extend(cards(&[(1, Temp); 3]));
    given.extend(cards(&[(1, Surveyor); 6]));
    given.extend(cards(&[(1, Bis); 2]));
    given.extend(cards(&[(1, RealEstate); 4]));
    let a = aaa::AaaScore::against(&sam(), &given, [Some(8), None, None], l, &[], &crossed, 5);
    let rows: Vec<(&str, i32)> = a
        .sheet_rows
        .iter()
        .map(|r| (r.id.as_str(), r.points))
        .collect();
    assert_eq!(rows, [("columns", 28), ("streets", 10)]);
    assert_eq!(a.total, 8 + 28 + 10);
    assert_eq!((a.parks, a.fences, a.estates, a.estate_count), (0, 0, 0, 0));
}

#[test]
fn ties_are_shared() {
    let l = lay(ID);
    let a = fill_column(&blank(), 1, &[]);
    let b = (1..=5).fold(blank(), |s, st| write(&s, st, 2, 2, wrong(st, 2)));
    let scores = score::score_all(l, &[a, b], false);
    assert_eq!(scores[0].total, scores[1].total);
    assert_eq!(score::ranks(&scores), [1, 1]);
}

#[test]
fn an_entered_layout_that_breaks_a_constraint_is_refused_with_its_name() {
    type Edit = fn(&mut serde_json::Value);
    let cases: [(Edit, &str); 6] = [
        (
            |v| {
                let s = v["streets"].as_array_mut().unwrap();
                s.pop();
            },
            "ADR-L1",
        ),
        (
            |v| {
                v["streets"][0]["families"].as_array_mut().unwrap().pop();
            },
            "ADR-L1",
        ),
        (
            |v| {
                for s in v["streets"].as_array_mut().unwrap() {
                    s["houses"] = 3.into();
                    s["families"] = serde_json::json!(["landscaper", "bis", "pool"]);
                }
            },
            "ADR-L2",
        ),
        (
            |v| {
                for s in v["streets"].as_array_mut().unwrap() {
                    for f in s["families"].as_array_mut().unwrap() {
                        if f == "temp" {
                            *f = "surveyor".into();
                        }
                    }
                }
            },
            "ADR-L3",
        ),
        // ADR-L5: the refusal track every sheet checks first.
        (
            |v| v["refusals"] = serde_json::json!([0, 0, 3, 5, 8]),
            "refusal track",
        ),
        (
            |v| v["streets"][0]["parks"] = serde_json::json!([0, 2]),
            "no park",
        ),
    ];
    for (edit, rule) in cases {
        let mut v: serde_json::Value = serde_json::from_str(&sheet_text(ID)).unwrap();
        edit(&mut v);
        let err = load_edition(&v).map(|_| ()).unwrap_err();
        assert!(err.contains(rule), "{rule}: {err}");
    }
    let mut v: serde_json::Value = serde_json::from_str(&sheet_text(ID)).unwrap();
    v["advanced"] = true.into();
    let err = load_edition(&v).map(|_| ()).unwrap_err();
    assert!(err.contains("Advanced"), "{err}");
}

#[test]
fn a_sheet_file_keeps_perfect_houses_and_bonuses_and_refuses_bad_ones() {
    let l = lay(ID);
    let mut sheets = [fill_column(&write(&blank(), 2, 5, 9, Bis), 1, &[1, 4])];
    Module::AmericanDream.end_of_round(l, &mut sheets);
    let mut s = sheets[0];
    Module::AmericanDream.on_validation(l, &mut s, &mut [], &[], 0);
    let file = SheetFile::new(col(), l, &s, true, Vec::new());
    assert_eq!(file.sheet.streets[0].circled, [1]);
    assert_eq!(file.sheet.streets[1].circled, [5]);
    assert_eq!(file.sheet.streets[3].circled, [1]);
    let mut columns = vec![None; 7];
    columns[0] = Some(Race::Won);
    assert_eq!(file.sheet.column_bonuses, Some(columns));
    assert_eq!(file.sheet.owed_columns, 2);
    let back = SheetFile::from_json(&file.to_json()).unwrap();
    assert_eq!(back, file);
    assert_eq!(back.sheet.to_sheet(col(), l).unwrap(), s);
    assert_eq!(
        back.score().unwrap().1.total,
        Score::of(l, &s, score::Temps::Solo).total
    );
    // A column bonus circled on an incomplete column, a perfect empty house.
    let mut bad = file.clone();
    bad.sheet.column_bonuses = Some(vec![None, Some(Race::Won)]);
    assert_eq!(bad.score().unwrap_err().code(), "sheet_feature");
    let mut bad = file.clone();
    bad.sheet.streets[2].circled = vec![7];
    assert_eq!(bad.score().unwrap_err().code(), "sheet_feature");
    let mut bad = file.clone();
    bad.sheet.streets[4].bonus = Some(Race::Won);
    assert_eq!(bad.score().unwrap_err().code(), "sheet_feature");
    // Column bonuses on another sheet.
    let classic = col().default_sheet();
    let mut other = SheetFile::new(col(), classic, &Sheet::new(classic), true, Vec::new());
    other.sheet.column_bonuses = Some(vec![Some(Race::Lost)]);
    assert_eq!(other.score().unwrap_err().code(), "sheet_feature");
}

/// Every mode the sheet allows: standard (2 and 5 seats), expert, and AAA solo at every level;
/// games finish, replay identically and score row by row; a bonus is never circled on one
/// sheet and open on another.
#[test]
fn american_dream_in_every_mode_and_aaa_level() {
    let mut won = 0;
    for (j, (mode, players)) in [(Mode::Standard, 2), (Mode::Standard, 5), (Mode::Expert, 3)]
        .into_iter()
        .enumerate()
    {
        let g = common::play_game(
            opts(ID, mode, false),
            players,
            5500 + j as u64,
            &Style::CAREFUL,
        );
        check_game(&g);
        let l = g.layout();
        for c in 0..ad::columns(l) {
            let states: Vec<Race> = g.sheets().iter().map(|s| s.column_race(c)).collect();
            if states.contains(&Race::Won) {
                won += 1;
                assert!(!states.contains(&Race::Open), "{states:?}");
            }
        }
        for score in g.scores() {
            assert!(score.row("parks").is_none());
        }
    }
    for level in 0..=5 {
        let g = aaa_game(
            opts(ID, Mode::Solo, false).aaa_level(level),
            5600 + level as u64,
        );
        check_game(&g);
        if let Some(score) = g.aaa_score() {
            let ids: Vec<&str> = score.sheet_rows.iter().map(|r| r.id.as_str()).collect();
            assert_eq!(ids, ["columns", "streets"]);
            assert_eq!(score.estates, 0);
        }
    }
    assert!(won > 0, "some column bonus was won during a game");
}
