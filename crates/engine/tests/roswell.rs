//! Conformance with the collector expansions specification, §7 Roswell: one test per item of
//! its checklist (E43–E48, named `eNN_…`), the objective chosen in the first turn, its layout
//! constraints (ROS-L1…L3), its plan C cards and whole games of every mode and AAA level.
//!
//! Expected values come from the spec's tables and examples, never from the engine.

mod common;

use common::expansion::*;
use common::{h, Style, P0};
use welcome_engine::aaa::AaaScore;
use welcome_engine::modules::{roswell, Module};
use welcome_engine::*;

use Effect::{Bis, Landscaper, Pool, RealEstate, Surveyor, Temp};

const ID: &str = "roswell";

/// The saucer houses of the shipped layout, 1-based, left to right, street by street.
const SAUCERS: [(u8, u8); 11] = [
    (1, 2),
    (1, 5),
    (1, 8),
    (2, 2),
    (2, 6),
    (2, 8),
    (2, 11),
    (3, 2),
    (3, 5),
    (3, 9),
    (3, 11),
];

/// A Roswell sheet in the spec's notation, objective `objective` circled, the saucers of
/// `circled` (1-based houses) circled.
fn roswell_sheet(rows: [&str; 3], objective: u8, circled: &[(u8, u8)]) -> Sheet {
    let mut d = common::data(rows);
    d.objective = Some(objective);
    for &(s, hh) in circled {
        d.streets[s as usize - 1].circled.push(hh);
    }
    for st in &mut d.streets {
        st.circled.sort_unstable();
    }
    load(lay(ID), &d)
}

/// A sheet whose first `n` saucers are numbered with their house number, each alone between
/// two fences (a 1-house estate) and circled: `n` infiltrated estates.
fn infiltrated(n: usize, objective: u8) -> Sheet {
    let mut d = common::data(["", "", ""]);
    d.objective = Some(objective);
    for &(s, hh) in &SAUCERS[..n] {
        let st = &mut d.streets[s as usize - 1];
        st.houses[hh as usize - 1] = hh.to_string();
        st.fences
            .extend([hh - 1, hh].into_iter().filter(|&k| k > 0));
        st.circled.push(hh);
    }
    for st in &mut d.streets {
        st.fences.sort_unstable();
        st.fences.dedup();
        let len = st.houses.len() as u8;
        st.fences.retain(|&k| k < len);
    }
    load(lay(ID), &d)
}

fn machine<'a>(sheet: &Sheet, offer: Offer, plans: &'a [PlanSlot; 3]) -> TurnMachine<'a> {
    TurnMachine::new(ctx(lay(ID), offer, plans), sheet)
}

fn options(m: &TurnMachine<'_>) -> Vec<Decision> {
    let mut out = Vec::new();
    m.options(&mut out);
    out
}

const INFILTRATE: Decision = Decision::Effect(Some(EffectUse::Infiltrate));

fn points(sheet: &Sheet) -> i32 {
    Score::of(lay(ID), sheet, score::Temps::Solo).points("infiltration")
}

#[test]
fn the_shipped_layout_is_the_spec_placeholder() {
    let l = lay(ID);
    let saucers: Vec<(u8, u8)> = l
        .streets
        .iter()
        .enumerate()
        .flat_map(|(s, st)| st.saucers.iter().map(move |&hh| (s as u8 + 1, hh)))
        .collect();
    assert_eq!(saucers, SAUCERS);
    let v = l.roswell.as_ref().unwrap();
    let ranges: Vec<(String, i32)> = v.objectives.iter().map(|o| (o.range(), o.points)).collect();
    assert_eq!(
        ranges,
        [
            ("3–4".to_string(), 4),
            ("5–6".into(), 5),
            ("7–8".into(), 6),
            ("9+".into(), 7)
        ]
    );
    assert_eq!((v.failure, v.max_estate, v.aaa_per_card), (2, 6, 5));
    assert!(l.modules.contains(&Module::Roswell));
    let rows: Vec<&str> = l.score_rows.iter().map(|r| r.id.as_str()).collect();
    assert!(rows.contains(&"infiltration"));
    assert!(l.has_placeholders());
}

#[test]
fn the_first_turn_circles_an_objective_before_anything_else() {
    let l = lay(ID);
    let plans = slots([0, 6, card("RO-C1").id]);
    let blank = Sheet::new(l);
    let m = machine(&blank, offer1(3, Surveyor), &plans);
    assert_eq!(m.stage(), Stage::Objective);
    assert_eq!(
        options(&m),
        (1..=4).map(Decision::Objective).collect::<Vec<_>>()
    );
    // Nothing else comes first.
    let mut early = m.clone();
    let build = Decision::Build {
        pick: P0,
        house: h(1, 1),
        number: 3,
    };
    assert_eq!(
        early.apply(build.clone()).unwrap_err().code(),
        "objective_owed"
    );
    assert_eq!(
        early.apply(Decision::Objective(5)).unwrap_err().code(),
        "objective_unknown"
    );
    assert_eq!(early.stage(), Stage::Objective, "nothing changed");
    let mut m = m;
    m.apply(Decision::Objective(2)).unwrap();
    assert_eq!(m.stage(), Stage::Start);
    assert_eq!(m.sheet().objective(), Some(2));
    assert_eq!(
        m.clone().apply(Decision::Objective(3)).unwrap_err().code(),
        "objective_not_owed"
    );
    // The whole turn records it; later turns never ask again.
    let c = ctx(l, offer1(3, Surveyor), &plans);
    let turn = Turn::build(P0, h(1, 1), 3).with_objective(2);
    let after = c.apply(&blank, &turn).unwrap();
    assert_eq!(after.objective(), Some(2));
    assert_eq!(
        c.apply(&blank, &Turn::build(P0, h(1, 1), 3))
            .unwrap_err()
            .code(),
        "objective_owed"
    );
    assert_eq!(
        c.apply(&after, &Turn::build(P0, h(1, 2), 4).with_objective(1))
            .unwrap_err()
            .code(),
        "objective_not_owed"
    );
    assert_eq!(
        TurnMachine::new(c, &after).stage(),
        Stage::Start,
        "the second turn starts as usual"
    );
    // Other sheets never ask.
    let classic = col().default_sheet();
    let other = TurnContext {
        layout: classic,
        ..ctx(classic, offer1(3, Surveyor), &plans)
    };
    assert_eq!(
        TurnMachine::new(other, &Sheet::new(classic)).stage(),
        Stage::Start
    );
    // The record form names it.
    let json = serde_json::to_string(&turn).unwrap();
    assert!(json.contains("\"objective\":2"), "{json}");
    assert_eq!(serde_json::from_str::<Turn>(&json).unwrap(), turn);
}

#[test]
fn e43_a_number_under_a_saucer_uses_declines_or_infiltrates() {
    let plans = slots([0, 6, card("RO-C1").id]);
    let s = roswell_sheet(["", "", ""], 1, &[]);
    // S1 house 2 lies under a saucer: a 3 with the Barrière action.
    let mut m = machine(&s, offer1(3, Surveyor), &plans);
    m.apply(Decision::Build {
        pick: P0,
        house: h(1, 2),
        number: 3,
    })
    .unwrap();
    let listed = options(&m);
    assert!(listed.contains(&Decision::Effect(None)), "decline");
    assert!(
        listed
            .iter()
            .any(|d| matches!(d, Decision::Effect(Some(EffectUse::Fence(_))))),
        "use"
    );
    assert!(listed.contains(&INFILTRATE), "infiltrate");
    let mut inf = m.clone();
    inf.apply(INFILTRATE).unwrap();
    let (turn, after) = inf.finish_after_stop();
    assert!(after.is_marked(h(1, 2)), "the saucer is circled");
    assert_eq!(after.fences_in(0), 0, "and no fence is drawn");
    assert_eq!(
        turn.play,
        Play::Build(Build {
            pick: P0,
            house: h(1, 2),
            number: 3,
            choice: None,
            effect: Some(EffectUse::Infiltrate),
            pass: None,
        })
    );
    // Using the action leaves the saucer alone.
    let mut used = m.clone();
    used.apply(Decision::Effect(Some(EffectUse::Fence(FenceRef::new(
        0, 1,
    )))))
    .unwrap();
    assert!(!used.sheet().is_marked(h(1, 2)));
    // A house under no saucer never infiltrates.
    let mut plain = machine(&s, offer1(3, Surveyor), &plans);
    plain
        .apply(Decision::Build {
            pick: P0,
            house: h(1, 3),
            number: 3,
        })
        .unwrap();
    assert!(!options(&plain).contains(&INFILTRATE));
    assert_eq!(plain.apply(INFILTRATE).unwrap_err().code(), "no_saucer");
    // A temp-changed number cannot infiltrate: the Temp must be used (Ruling C4, X23).
    let mut changed = machine(&s, offer1(5, Temp), &plans);
    changed
        .apply(Decision::Build {
            pick: P0,
            house: h(1, 5),
            number: 6,
        })
        .unwrap();
    assert_eq!(options(&changed), [Decision::Effect(Some(EffectUse::Temp))]);
    assert_eq!(
        changed.apply(INFILTRATE).unwrap_err().code(),
        "infiltration_changed"
    );
    // The card's own number with a Temp card: pass, hire the temp, or infiltrate.
    let mut same = machine(&s, offer1(5, Temp), &plans);
    same.apply(Decision::Build {
        pick: P0,
        house: h(1, 5),
        number: 5,
    })
    .unwrap();
    assert_eq!(
        options(&same),
        [
            Decision::Effect(None),
            Decision::Effect(Some(EffectUse::Temp)),
            INFILTRATE
        ]
    );
    // Every action can be given up for the saucer, a pool too.
    for (e, house) in [
        (Pool, h(3, 2)),
        (Landscaper, h(1, 8)),
        (RealEstate, h(2, 2)),
    ] {
        let mut m = machine(&s, offer1(2, e), &plans);
        m.apply(Decision::Build {
            pick: P0,
            house,
            number: 2,
        })
        .unwrap();
        assert!(options(&m).contains(&INFILTRATE), "{e:?}");
    }
}

trait Finish {
    fn finish_after_stop(self) -> (Turn, Sheet);
}

impl Finish for TurnMachine<'_> {
    fn finish_after_stop(mut self) -> (Turn, Sheet) {
        self.apply(Decision::Stop { reshuffle: false }).unwrap();
        self.finish().unwrap()
    }
}

trait Fences {
    fn fences_in(&self, s: u8) -> usize;
}

impl Fences for Sheet {
    fn fences_in(&self, s: u8) -> usize {
        (0..self.len(s) - 1)
            .filter(|&k| self.has_fence(FenceRef::new(s, k)))
            .count()
    }
}

#[test]
fn e44_an_extension_copy_on_a_saucer_house_does_not_circle_its_saucer() {
    let l = lay(ID);
    let plans = slots([0, 6, card("RO-C1").id]);
    // 4 in S1 house 1, then a 4B copied into house 2 (a saucer house) by the Extension.
    let s = roswell_sheet(["4", "", ""], 1, &[]);
    let mut m = machine(&s, offer1(7, Bis), &plans);
    m.apply(Decision::Build {
        pick: P0,
        house: h(1, 4),
        number: 7,
    })
    .unwrap();
    m.apply(Decision::Effect(Some(EffectUse::Bis {
        from: h(1, 1),
        to: h(1, 2),
    })))
    .unwrap();
    assert_eq!(m.stage(), Stage::Plans, "no infiltration is asked for");
    let (_, after) = m.finish_after_stop();
    assert_eq!(after.number(h(1, 2)), Some(4));
    assert!(!after.is_marked(h(1, 2)));
    // A sheet file cannot circle the saucer of a copy either.
    let mut d = common::data(["4 4b", "", ""]);
    d.objective = Some(1);
    d.streets[0].circled = vec![2];
    let file = SheetFile::new(col(), l, &Sheet::new(l), true, Vec::new());
    let bad = SheetFile { sheet: d, ..file };
    assert_eq!(bad.score().unwrap_err().code(), "sheet_feature");
    // A refusal infiltrates nothing, and a roundabout loses the saucer for good.
    let r = roswell_sheet(["1 R 3", "", ""], 1, &[]);
    assert!(!options(&machine(&r, offer1(4, Surveyor), &plans))
        .iter()
        .any(|d| matches!(d, Decision::Build { house, .. } if *house == h(1, 2))));
}

#[test]
fn e45_only_complete_estates_of_one_to_six_houses_are_infiltrated() {
    let l = lay(ID);
    // A complete 7-house estate (houses 1–7) with the saucer of house 2 circled.
    let seven = roswell_sheet(["1 2 3 4 5 6 7 |", "", ""], 1, &[(1, 2)]);
    assert_eq!(roswell::infiltrated(l, &seven), 0);
    // A complete 2-house estate (houses 1–2) with it circled.
    let two = roswell_sheet(["1 2 |", "", ""], 1, &[(1, 2)]);
    assert_eq!(roswell::infiltrated(l, &two), 1);
    // Not complete yet: not infiltrated.
    let open = roswell_sheet(["_ 2 |", "", ""], 1, &[(1, 2)]);
    assert_eq!(roswell::infiltrated(l, &open), 0);
    // Two circled saucers in one estate make one infiltrated estate (S1 houses 2 and 5).
    let both = roswell_sheet(["1 2 3 4 5 |", "", ""], 1, &[(1, 2), (1, 5)]);
    assert_eq!(roswell::infiltrated(l, &both), 1);
    // A complete estate without a circled saucer is not.
    let none = roswell_sheet(["1 2 |", "", ""], 1, &[]);
    assert_eq!(roswell::infiltrated(l, &none), 0);
}

#[test]
fn e46_the_objective_scores_its_points_per_estate_or_two_when_missed() {
    // Objective 7–8 (the third) with 8 infiltrated estates: 8 × 6.
    assert_eq!(points(&infiltrated(8, 3)), 48);
    // Objective 3–4 (the first) with 6: missed, 6 × 2.
    assert_eq!(points(&infiltrated(6, 1)), 12);
    // Objective 9+ with 10: 10 × 7.
    assert_eq!(points(&infiltrated(10, 4)), 70);
    // Both ends of a range hold; none infiltrated scores nothing.
    assert_eq!(points(&infiltrated(5, 2)), 25);
    assert_eq!(points(&infiltrated(6, 2)), 30);
    assert_eq!(points(&infiltrated(0, 1)), 0);
    let row = Score::of(lay(ID), &infiltrated(8, 3), score::Temps::Solo);
    let r = row.row("infiltration").unwrap();
    assert!(r.detail.contains("8 infiltrated estates"), "{}", r.detail);
    assert!(r.detail.contains("7–8 met"), "{}", r.detail);
    assert_eq!(
        row.total,
        row.rows.iter().map(|r| r.points).sum::<i32>(),
        "the row is in the total"
    );
}

#[test]
fn e47_ro_c5_holds_with_three_columns_of_two_circled_saucers() {
    let l = lay(ID);
    let circled = [(1, 2), (2, 2), (1, 5), (3, 5), (1, 8), (2, 8)];
    let rows = ["1 2 3 4 5 6 7 8", "1 2 3 4 5 6 7 8", "1 2 3 4 5"];
    let s = roswell_sheet(rows, 1, &circled);
    assert_eq!(meets(l, &s, "RO-C5", &[]), Ok(()));
    // Without S2 house 8's, column 8 holds one: two columns are not enough.
    let fewer = roswell_sheet(rows, 1, &circled[..5]);
    let err = meets(l, &fewer, "RO-C5", &[]).unwrap_err();
    assert_eq!(err.code(), "plan_not_met");
    assert!(err.to_string().contains("2 columns"), "{err}");
}

#[test]
fn e48_the_aaa_turns_the_first_card_and_the_card_after_a_barriere_upside_down() {
    use Effect::{Bis as Ext, Landscaper as Parc, Pool as Piscine, Surveyor as Barriere};
    let given = cards(&[
        (1, Parc),
        (2, Barriere),
        (3, Ext),
        (4, Piscine),
        (5, Barriere),
        (6, Barriere),
        (7, Parc),
    ]);
    assert_eq!(
        roswell::face_down(&given),
        [true, false, true, false, false, true, false]
    );
    let blank = Sheet::new(lay(ID));
    let (infiltration, s) = aaa_row(ID, &given, &blank);
    assert_eq!(infiltration, 15);
    let houses: Vec<u32> = s.all_estates.iter().map(|e| e.houses).collect();
    assert_eq!(
        houses,
        [1, 2, 2],
        "[Parc] [Extension, Piscine] [Barrière, Parc]"
    );
    // Sam's values: 1 per park, per pool, per fence, Extension 2 houses.
    assert_eq!(s.parks, 1, "only the 7th Parc is face up");
    assert_eq!(s.fences, 2);
    assert_eq!(s.pools, 1);
    // The same pile on another sheet: every card face up.
    let plain = AaaScore::against(
        &sam(),
        &given,
        [None; 3],
        lay("classic"),
        &[],
        &Sheet::new(lay("classic")),
        5,
    );
    assert_eq!((plain.parks, plain.fences), (2, 3));
    // An upside-down Amélioration improves nothing and an upside-down Intérimaire is no temp.
    let improved = cards(&[(1, RealEstate), (2, Temp), (3, Surveyor)]);
    let (_, s) = aaa_row(ID, &improved, &blank);
    assert!(!s.all_estates[0].improved);
    assert_eq!(s.temp_cards, 1);
}

#[test]
fn plan_c_cards() {
    let l = lay(ID);
    // RO-C1: two complete 4-house estates, each with a circled saucer (S1 1–4 holds house 2,
    // S1 5–8 house 5).
    let s = roswell_sheet(["1 2 3 4 | 5 6 7 8 |", "", ""], 1, &[(1, 2), (1, 5)]);
    assert_eq!(meets(l, &s, "RO-C1", &[h(1, 1), h(1, 5)]), Ok(()));
    let one = roswell_sheet(["1 2 3 4 | 5 6 7 8 |", "", ""], 1, &[(1, 2)]);
    assert_eq!(
        meets(l, &one, "RO-C1", &[h(1, 1), h(1, 5)])
            .unwrap_err()
            .code(),
        "plan_not_met"
    );
    // RO-C2: a 3-house estate with 2 (S2 6–8 holds 6 and 8) and a 4-house one with 2 (S3
    // 8–11 holds 9 and 11).
    let s = roswell_sheet(
        ["", "_ _ _ _ _ | 6 7 8 |", "_ _ _ _ _ _ _ | 8 9 10 11 |"],
        1,
        &[(2, 6), (2, 8), (3, 9), (3, 11)],
    );
    assert_eq!(meets(l, &s, "RO-C2", &[h(2, 6), h(3, 8)]), Ok(()));
    // RO-C3: two complete 5-house estates with no circled saucer.
    let s = roswell_sheet(["1 2 3 4 5 | 6 7 8 9 10", "", ""], 1, &[]);
    assert_eq!(meets(l, &s, "RO-C3", &[h(1, 1), h(1, 6)]), Ok(()));
    let z = roswell_sheet(["1 2 3 4 5 | 6 7 8 9 10", "", ""], 1, &[(1, 8)]);
    assert_eq!(
        meets(l, &z, "RO-C3", &[h(1, 1), h(1, 6)])
            .unwrap_err()
            .code(),
        "plan_not_met"
    );
    // RO-C4: every saucer of one street circled (S1: 2, 5, 8).
    let s = roswell_sheet(["_ 2 _ _ 5 _ _ 8", "", ""], 1, &[(1, 2), (1, 5), (1, 8)]);
    assert_eq!(meets(l, &s, "RO-C4", &[]), Ok(()));
    let s = roswell_sheet(["_ 2 _ _ 5 _ _ 8", "", ""], 1, &[(1, 2), (1, 5)]);
    assert_eq!(
        meets(l, &s, "RO-C4", &[]).unwrap_err().code(),
        "plan_not_met"
    );
    // The plans read as printed.
    assert_eq!(
        card("RO-C4").describe(),
        "in one street, every saucer circled"
    );
    assert_eq!(
        card("RO-C5").describe(),
        "in 3 columns, at least 2 circled saucers each"
    );
    for name in ["RO-C1", "RO-C2", "RO-C3", "RO-C4", "RO-C5"] {
        let c = card(name);
        assert_eq!((c.stack, c.first, c.second), (3, 8, 4), "{name}");
    }
}

#[test]
fn an_entered_layout_that_breaks_a_constraint_is_refused_with_its_name() {
    type Edit = fn(&mut serde_json::Value);
    let cases: [(Edit, &str); 5] = [
        (
            |v| v["roswell"]["objectives"][3]["points"] = 8.into(),
            "ROS-L1",
        ),
        (|v| v["roswell"]["objectives"][1]["to"] = 7.into(), "ROS-L1"),
        (
            |v| v["streets"][2]["saucers"] = serde_json::json!([2]),
            "ROS-L2",
        ),
        (
            |v| {
                v["streets"][0]["saucers"] = serde_json::json!([1, 3, 4]);
                v["streets"][1]["saucers"] = serde_json::json!([2, 6, 7, 10]);
                v["streets"][2]["saucers"] = serde_json::json!([5, 8, 9, 12]);
            },
            "ROS-L3",
        ),
        (
            |v| v["roswell"]["failure"] = 3.into(),
            "2 points per estate on failure",
        ),
    ];
    for (edit, rule) in cases {
        let mut v: serde_json::Value = serde_json::from_str(&sheet_text(ID)).unwrap();
        edit(&mut v);
        let err = load_edition(&v).map(|_| ()).unwrap_err();
        assert!(err.contains(rule), "{rule}: {err}");
    }
    // The shipped data passes.
    let v: serde_json::Value = serde_json::from_str(&sheet_text(ID)).unwrap();
    assert!(load_edition(&v).is_ok());
}

#[test]
fn a_sheet_file_keeps_the_objective_and_the_saucers_and_refuses_bad_ones() {
    let l = lay(ID);
    let s = roswell_sheet(["1 2 |", "", ""], 3, &[(1, 2)]);
    let file = SheetFile::new(col(), l, &s, true, Vec::new());
    let back = SheetFile::from_json(&file.to_json()).unwrap();
    assert_eq!(back, file);
    assert_eq!(back.sheet.objective, Some(3));
    assert_eq!(back.sheet.to_sheet(col(), l).unwrap(), s);
    let mut bad = file.clone();
    bad.sheet.objective = Some(5);
    assert_eq!(bad.score().unwrap_err().code(), "sheet_feature");
    let mut off = file.clone();
    off.sheet.streets[0].circled = vec![1];
    assert_eq!(off.score().unwrap_err().code(), "sheet_feature");
    let classic = col().default_sheet();
    let mut other = SheetFile::new(col(), classic, &Sheet::new(classic), true, Vec::new());
    other.sheet.objective = Some(1);
    assert_eq!(other.score().unwrap_err().code(), "sheet_feature");
}

/// Every mode: standard (2 and 5 seats, with and without the advanced variant), expert, and
/// AAA solo at every level; games finish, replay identically and score row by row; every
/// seat circles one objective in its first turn; the AAA scores 5 per upside-down card.
#[test]
fn roswell_in_every_mode_and_aaa_level() {
    let l = lay(ID);
    let mut infiltrations = 0;
    for advanced in [false, true] {
        for (j, (mode, players)) in [(Mode::Standard, 2), (Mode::Standard, 5), (Mode::Expert, 3)]
            .into_iter()
            .enumerate()
        {
            let seed = 4100 + 10 * u64::from(advanced) + j as u64;
            let g = common::play_game(opts(ID, mode, advanced), players, seed, &Style::CAREFUL);
            check_game(&g);
            for s in g.sheets() {
                assert!(s.objective().is_some());
                infiltrations += usize::from(roswell::circled(l, s));
            }
            let first = &g.log()[0];
            assert!(first.turns.iter().all(|t| t.objective.is_some()));
            assert!(g.log()[1..]
                .iter()
                .all(|r| r.turns.iter().all(|t| t.objective.is_none())));
        }
        for level in 0..=5 {
            let seed = 4200 + 10 * u64::from(advanced) + level as u64;
            let g = aaa_game(opts(ID, Mode::Solo, advanced).aaa_level(level), seed);
            check_game(&g);
            let a = g.aaa().unwrap();
            let down = roswell::face_down(&a.given).iter().filter(|&&d| d).count();
            if let Some(score) = g.aaa_score() {
                assert_eq!(score.sheet_rows[0].id, "infiltration");
                assert_eq!(score.sheet_rows[0].points, 5 * down as i32);
                assert_eq!(
                    score.temp_cards,
                    a.given
                        .iter()
                        .zip(roswell::face_down(&a.given))
                        .filter(|(c, d)| c.effect == Effect::Temp && !d)
                        .count() as u8
                );
            }
        }
    }
    assert!(infiltrations > 0, "the random games infiltrated");
}
