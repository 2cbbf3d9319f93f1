//! Conformance with the collector expansions specification, §4 Halloween: one test per item of
//! its checklist (E24–E31, named `eNN_…`), its layout constraints (HAL-L1…L3), its plan C
//! cards and whole games of every mode and AAA level.
//!
//! Expected values come from the spec's tables and examples, never from the engine.

mod common;

use common::expansion::*;
use common::{h, Style, P0};
use welcome_engine::edition::Bonus;
use welcome_engine::modules::{halloween, Module};
use welcome_engine::*;

use Effect::{Bis, Surveyor};
use Treat::{Candy, Ghost};

const ID: &str = "halloween";

/// The ghost/candy houses of the shipped layout, 1-based.
const GC: [(u8, u8); 13] = [
    (1, 2),
    (1, 4),
    (1, 7),
    (1, 9),
    (2, 2),
    (2, 5),
    (2, 7),
    (2, 10),
    (3, 1),
    (3, 4),
    (3, 6),
    (3, 9),
    (3, 12),
];

/// A Halloween sheet whose ghost/candy houses `ghosts` and `candies` (indices into `GC`) are
/// numbered with their house number and circled so; other houses empty.
fn treats(ghosts: &[usize], candies: &[usize]) -> Sheet {
    let l = lay(ID);
    let mut d = common::data(["", "", ""]);
    for &i in ghosts.iter().chain(candies) {
        let (s, hh) = GC[i];
        d.streets[s as usize - 1].houses[hh as usize - 1] = hh.to_string();
    }
    for &i in ghosts {
        let (s, hh) = GC[i];
        d.streets[s as usize - 1].circled.push(hh);
    }
    for st in &mut d.streets {
        st.circled.sort_unstable();
    }
    load(l, &d)
}

fn range(n: usize) -> Vec<usize> {
    (0..n).collect()
}

fn plans() -> [PlanSlot; 3] {
    slots([0, 6, card("HAL-C1").id])
}

fn machine<'a>(sheet: &Sheet, offer: Offer, plans: &'a [PlanSlot; 3]) -> TurnMachine<'a> {
    TurnMachine::new(ctx(lay(ID), offer, plans), sheet)
}

fn options(m: &TurnMachine<'_>) -> Vec<Decision> {
    let mut out = Vec::new();
    m.options(&mut out);
    out
}

fn tiers(m: &TurnMachine<'_>) -> Vec<(Treat, u8, Option<u8>)> {
    options(m)
        .into_iter()
        .filter_map(|d| match d {
            Decision::Tier {
                treat,
                need,
                option,
            } => Some((treat, need, option)),
            _ => None,
        })
        .collect()
}

/// A machine at the end-of-turn stage: a 1 refused nowhere, written in S1 house 1 (no
/// ghost/candy house), effect passed.
fn at_end<'a>(sheet: &Sheet, plans: &'a [PlanSlot; 3]) -> TurnMachine<'a> {
    let mut m = machine(sheet, offer1(1, Surveyor), plans);
    m.apply(Decision::Build {
        pick: P0,
        house: h(1, 1),
        number: 1,
    })
    .unwrap();
    m.apply(Decision::Effect(None)).unwrap();
    assert_eq!(m.stage(), Stage::Plans);
    m
}

#[test]
fn the_shipped_layout_is_the_spec_placeholder() {
    let l = lay(ID);
    let houses: Vec<(u8, u8)> = l
        .streets
        .iter()
        .enumerate()
        .flat_map(|(s, st)| st.ghost_candy.iter().map(move |&x| (s as u8 + 1, x)))
        .collect();
    assert_eq!(houses, GC);
    let v = l.halloween.as_ref().unwrap();
    let needs: Vec<u8> = v.ghost_tiers.iter().map(|t| t.need).collect();
    assert_eq!(needs, [4, 6, 9]);
    assert_eq!(
        v.ghost_tiers[0].options,
        [vec![Bonus::Pool], vec![Bonus::Park]]
    );
    assert_eq!(
        v.ghost_tiers[1].options,
        [vec![Bonus::Pool, Bonus::Pool], vec![Bonus::Extension]]
    );
    assert_eq!(
        v.ghost_tiers[2].options,
        [vec![Bonus::Park; 3], vec![Bonus::Extension; 2]]
    );
    let points: Vec<i32> = v.candy_tiers.iter().map(|t| t.points).collect();
    assert_eq!(points, [5, 10, 15]);
    assert_eq!(v.aaa_per_crossed_tier, 4);
}

#[test]
fn e24_numbering_a_ghost_candy_house_circles_exactly_one_of_the_two() {
    let l = lay(ID);
    let p = plans();
    // S1 house 2 shows a ghost and a candy.
    let mut m = machine(&Sheet::new(l), offer1(2, Surveyor), &p);
    m.apply(Decision::Build {
        pick: P0,
        house: h(1, 2),
        number: 2,
    })
    .unwrap();
    assert_eq!(m.stage(), Stage::Circle { house: h(1, 2) });
    assert_eq!(
        options(&m),
        [Decision::Circle(Ghost), Decision::Circle(Candy)]
    );
    let before = m.clone();
    let err = m.apply(Decision::Effect(None)).unwrap_err();
    assert_eq!(err.code(), "circle_owed");
    assert_eq!(
        m.sheet(),
        before.sheet(),
        "a refused decision changes nothing"
    );
    m.apply(Decision::Circle(Ghost)).unwrap();
    assert_eq!(halloween::count(l, m.sheet(), Ghost), 1);
    assert_eq!(halloween::count(l, m.sheet(), Candy), 0);
    assert_eq!(
        m.apply(Decision::Circle(Candy)).unwrap_err().code(),
        "circle_not_owed"
    );
    // A whole turn without its circle is refused; with it, accepted.
    let c = ctx(l, offer1(2, Surveyor), &p);
    let t = Turn::build(P0, h(1, 2), 2);
    assert_eq!(
        c.apply(&Sheet::new(l), &t).unwrap_err().code(),
        "circle_owed"
    );
    let mut ok = t.clone();
    ok.circles = vec![Circle {
        house: h(1, 2),
        treat: Candy,
    }];
    let s = c.apply(&Sheet::new(l), &ok).unwrap();
    assert_eq!(halloween::circled(l, &s, h(1, 2)), Some(Candy));
    // A house that shows none asks for nothing, and a circle for it is refused.
    let mut extra = Turn::build(P0, h(1, 1), 2);
    extra.circles = ok.circles.clone();
    assert!(c.apply(&Sheet::new(l), &extra).is_err());
    // An Extension copy onto a ghost/candy house asks for its circle too: 3 in S1 house 3,
    // copied into house 4.
    let mut m = machine(&Sheet::new(l), offer1(3, Bis), &p);
    m.apply(Decision::Build {
        pick: P0,
        house: h(1, 3),
        number: 3,
    })
    .unwrap();
    m.apply(Decision::Effect(Some(EffectUse::Bis {
        from: h(1, 3),
        to: h(1, 4),
    })))
    .unwrap();
    assert_eq!(m.stage(), Stage::Circle { house: h(1, 4) });
    m.apply(Decision::Circle(Candy)).unwrap();
    assert_eq!(m.stage(), Stage::Plans);
    // A roundabout on a ghost/candy house circles nothing.
    let r = sheet(ID, ["_ R", "", ""]);
    assert_eq!(halloween::circled(l, &r, h(1, 2)), None);
}

#[test]
fn e25_a_tier_is_claimed_with_exactly_its_count_or_a_higher_tiers() {
    let p = plans();
    let eight = treats(&range(8), &[]);
    assert!(tiers(&at_end(&eight, &p)).is_empty(), "8 ghosts: nothing");
    let nine = treats(&range(9), &[]);
    let offered = tiers(&at_end(&nine, &p));
    for need in [4, 6, 9] {
        for option in [1, 2] {
            assert!(
                offered.contains(&(Ghost, need, Some(option))),
                "{need}/{option}"
            );
        }
    }
    assert_eq!(offered.len(), 6);
    let mut m = at_end(&eight, &p);
    let err = m
        .apply(Decision::Tier {
            treat: Ghost,
            need: 4,
            option: Some(1),
        })
        .unwrap_err();
    assert_eq!(err.code(), "tier_count");
    let six = treats(&range(6), &[]);
    assert_eq!(
        tiers(&at_end(&six, &p))
            .iter()
            .map(|t| t.1)
            .collect::<std::collections::BTreeSet<_>>(),
        [4, 6].into()
    );
}

/// Claims `need` of `treat` (with `option`) at the end of a turn on `sheet`, then uses every
/// bonus on its first legal target; the sheet after the turn.
fn claim(sheet: &Sheet, treat: Treat, need: u8, option: Option<u8>) -> Sheet {
    let p = plans();
    let mut m = at_end(sheet, &p);
    m.apply(Decision::Tier {
        treat,
        need,
        option,
    })
    .unwrap();
    while matches!(m.stage(), Stage::Bonus { .. } | Stage::Circle { .. }) {
        let first = options(&m).remove(0);
        m.apply(first).unwrap();
    }
    m.apply(Decision::Stop { reshuffle: false }).unwrap();
    m.finish().unwrap().1
}

fn settle(sheets: &mut [Sheet]) {
    Module::Halloween.end_of_round(lay(ID), sheets);
}

#[test]
fn e26_the_rulebook_example() {
    // Anne has 9 ghosts and claims the 9-tier; Alexis has 4 and declines; Benoit has 8.
    let anne = claim(&treats(&range(9), &[]), Ghost, 9, Some(1));
    let alexis = treats(&range(4), &[]);
    let benoit = treats(&range(8), &[]);
    let mut table = [anne, alexis, benoit];
    settle(&mut table);
    assert_eq!(table[0].tier(false, 2), Race::Won);
    assert_eq!(table[1].tier(false, 2), Race::Lost);
    assert_eq!(table[2].tier(false, 2), Race::Lost);
    // Later Alexis (6 ghosts) claims the 6-tier; Benoit crosses it.
    let alexis6 = with_tiers(&treats(&range(6), &[]), &table[1]);
    let benoit8 = with_tiers(&treats(&range(8), &[]), &table[2]);
    let alexis6 = claim(&alexis6, Ghost, 6, Some(2));
    let mut later = [table[0], alexis6, benoit8];
    settle(&mut later);
    assert_eq!(later[1].tier(false, 1), Race::Won);
    assert_eq!(later[2].tier(false, 1), Race::Lost);
    assert_eq!(
        later[0].tier(false, 1),
        Race::Lost,
        "Anne's 6-tier is open: crossed"
    );
    // Later Benoit (9) can claim only the 4-tier.
    let benoit9 = with_tiers(&treats(&range(9), &[]), &later[2]);
    let p = plans();
    let offered: Vec<u8> = tiers(&at_end(&benoit9, &p)).iter().map(|t| t.1).collect();
    assert_eq!(offered, [4, 4], "the 4-tier, with either bonus option");
}

/// `sheet` with the tiers of `from` (through the sheet file, as a table would carry them).
fn with_tiers(sheet: &Sheet, from: &Sheet) -> Sheet {
    let l = lay(ID);
    let mut d = SheetData::of(l, sheet);
    d.tiers = SheetData::of(l, from).tiers;
    load(l, &d)
}

#[test]
fn e27_one_tier_of_each_kind_per_game_both_in_one_turn() {
    let p = plans();
    // 4 ghosts and 4 candies: a ghost tier, then a candy tier, in the same turn.
    let s = treats(&range(4), &[4, 5, 6, 7]);
    let mut m = at_end(&s, &p);
    m.apply(Decision::Tier {
        treat: Ghost,
        need: 4,
        option: Some(2),
    })
    .unwrap();
    // The park bonus: a street to choose.
    assert!(matches!(m.stage(), Stage::Bonus { .. }));
    m.apply(Decision::Bonus(BonusUse::Park(1))).unwrap();
    assert_eq!(m.sheet().parks(1), 1);
    assert_eq!(tiers(&m), [(Candy, 4, None)]);
    m.apply(Decision::Tier {
        treat: Candy,
        need: 4,
        option: None,
    })
    .unwrap();
    assert!(tiers(&m).is_empty());
    // A ghost claim after a candy claim is refused.
    let mut n = at_end(&s, &p);
    n.apply(Decision::Tier {
        treat: Candy,
        need: 4,
        option: None,
    })
    .unwrap();
    let err = n
        .apply(Decision::Tier {
            treat: Ghost,
            need: 4,
            option: Some(1),
        })
        .unwrap_err();
    assert_eq!(err.code(), "tier_order");
    // Plans come before tiers.
    assert!(options(&m).iter().all(|d| !matches!(d, Decision::Claim(_))));
    m.apply(Decision::Stop { reshuffle: false }).unwrap();
    let (turn, after) = m.finish().unwrap();
    assert_eq!(turn.tiers.len(), 2);
    assert_eq!(after.ghost_option(), Some(2));
    // Next game-turn with 6 ghosts: no second ghost tier.
    let six = with_tiers(&treats(&range(6), &[4, 5, 6, 7]), &after);
    let err = at_end(&six, &p)
        .apply(Decision::Tier {
            treat: Ghost,
            need: 6,
            option: Some(1),
        })
        .unwrap_err();
    assert_eq!(err.code(), "tier_claimed");
    // The whole turn replays through the turn's file form.
    let c = ctx(lay(ID), offer1(1, Surveyor), &p);
    assert_eq!(c.apply(&s, &turn).unwrap(), after);
}

#[test]
fn e28_the_extension_bonus_crosses_no_box_and_may_open_a_candy_tier() {
    let l = lay(ID);
    let p = plans();
    // A full extension track (9 Extension houses in S1 and S2); 6 ghosts (S1 houses 2, 4,
    // 7, 9 and S2 houses 2, 5) and 5 candies (S2 house 7, S3 houses 1, 4, 6, 9); S3 house 11
    // holds 11 next to the empty ghost/candy house 12. A 1 fits nowhere: the turn refuses.
    let mut d = common::data([
        "1 1b 2 2b 3 3b 4 4b 5 5b",
        "1 1b 2 2b 3 3b 4 4b _ _ _",
        "1 _ _ 4 _ 6 _ _ 9 _ 11 _",
    ]);
    d.streets[0].circled = vec![2, 4, 7, 9];
    d.streets[1].circled = vec![2, 5];
    let before = load(l, &d);
    let boxes = l.bis.boxes();
    assert_eq!(before.bis_count(), boxes);
    assert_eq!(halloween::count(l, &before, Ghost), 6);
    assert_eq!(halloween::count(l, &before, Candy), 5);
    let mut m = machine(&before, offer1(1, Surveyor), &p);
    m.apply(Decision::Refuse { pass: None }).unwrap();
    m.apply(Decision::Tier {
        treat: Ghost,
        need: 6,
        option: Some(2),
    })
    .unwrap();
    let copy = BonusUse::Extension {
        from: h(3, 11),
        to: h(3, 12),
    };
    assert!(
        options(&m).contains(&Decision::Bonus(copy)),
        "allowed with a full track"
    );
    m.apply(Decision::Bonus(copy)).unwrap();
    assert_eq!(m.stage(), Stage::Circle { house: h(3, 12) });
    m.apply(Decision::Circle(Candy)).unwrap();
    assert_eq!(m.sheet().bis_count(), boxes, "no box crossed");
    assert_eq!(m.sheet().free_bis(), 1);
    assert_eq!(
        m.sheet().house(h(3, 12)),
        House::Number {
            value: 11,
            bis: true
        },
        "an Extension house (B)"
    );
    assert_eq!(halloween::count(l, m.sheet(), Candy), 6);
    assert_eq!(tiers(&m), [(Candy, 4, None), (Candy, 6, None)]);
    m.apply(Decision::Tier {
        treat: Candy,
        need: 6,
        option: None,
    })
    .unwrap();
    m.apply(Decision::Stop { reshuffle: false }).unwrap();
    let (turn, after) = m.finish().unwrap();
    assert_eq!(after.tier(true, 1), Race::Won);
    // The sheet file keeps the bonus copy apart from the track.
    let back = load(l, &SheetData::of(l, &after));
    assert_eq!(back, after);
    let c = ctx(l, offer1(1, Surveyor), &p);
    assert_eq!(c.apply(&before, &turn).unwrap(), after);
}

#[test]
fn e29_the_pool_bonus_circles_any_pool_picture_and_counts_as_built() {
    let l = lay(ID);
    let p = plans();
    // 4 ghosts; S1 house 3 (a pool picture) is empty, S1 house 8 (a pool) numbered without
    // the Pool action.
    let mut d = SheetData::of(l, &treats(&range(4), &[]));
    d.streets[0].houses[7] = "8".into();
    let s = load(l, &d);
    let mut m = at_end(&s, &p);
    m.apply(Decision::Tier {
        treat: Ghost,
        need: 4,
        option: Some(1),
    })
    .unwrap();
    let targets: Vec<Decision> = options(&m);
    assert!(
        targets.contains(&Decision::Bonus(BonusUse::Pool(h(1, 3)))),
        "an empty house"
    );
    assert!(
        targets.contains(&Decision::Bonus(BonusUse::Pool(h(1, 8)))),
        "a numbered one"
    );
    assert!(
        !targets.contains(&Decision::Bonus(BonusUse::Pool(h(1, 1)))),
        "no pool there"
    );
    let err = m
        .clone()
        .apply(Decision::Bonus(BonusUse::Park(0)))
        .unwrap_err();
    assert_eq!(err.code(), "bonus_target");
    m.apply(Decision::Bonus(BonusUse::Pool(h(1, 3)))).unwrap();
    assert!(m.sheet().has_pool(h(1, 3)));
    assert_eq!(m.sheet().pool_count(), 1);
    // A later Pool action on that house has no pool left to build.
    assert_eq!(m.stage(), Stage::Plans);
    // The sheet file accepts a pool on an empty house on this sheet.
    m.apply(Decision::Stop { reshuffle: false }).unwrap();
    let after = m.finish().unwrap().1;
    assert_eq!(load(l, &SheetData::of(l, &after)), after);
}

#[test]
fn e30_candy_tiers_score_5_10_15_and_nothing_without_one() {
    let l = lay(ID);
    assert_eq!(
        Score::of(l, &treats(&[], &range(4)), Temps::Solo).points("candies"),
        0
    );
    for (n, need, points) in [(4, 4, 5), (6, 6, 10), (9, 9, 15)] {
        let s = claim(&treats(&[], &range(n)), Candy, need, None);
        let score = Score::of(l, &s, Temps::Solo);
        assert_eq!(score.points("candies"), points, "{need}");
        assert_eq!(
            score.total,
            score.rows.iter().map(|r| r.points).sum::<i32>()
        );
    }
    // With 9 candies, the 4-tier may be claimed instead (5 points).
    let s = claim(&treats(&[], &range(9)), Candy, 4, None);
    assert_eq!(Score::of(l, &s, Temps::Solo).points("candies"), 5);
}

#[test]
fn e31_aaa_validation_cards_cross_tiers_and_the_aaa_scores_4_each() {
    let l = lay(ID);
    let mut s = treats(&range(6), &[]);
    s = claim(&s, Ghost, 6, Some(1));
    let mut halves: Vec<u8> = Vec::new();
    // Validation B: the 6-ghost tier is circled and stays; the 6-candy tier is crossed.
    Module::Halloween.on_validation(l, &mut s, &mut halves, &[], 1);
    assert_eq!(s.tier(false, 1), Race::Won);
    assert_eq!(s.tier(true, 1), Race::Lost);
    // A and C: four more crossed, five in all → 20 for the AAA.
    Module::Halloween.on_validation(l, &mut s, &mut halves, &[], 0);
    Module::Halloween.on_validation(l, &mut s, &mut halves, &[], 2);
    let (points, _) = aaa_row(ID, &[], &s);
    assert_eq!(points, 20);
}

#[test]
fn plan_c_cards() {
    let l = lay(ID);
    let meets_c = |s: &Sheet, name: &str| meets(l, s, name, &[]).is_ok();
    assert!(meets_c(&treats(&[], &range(7)), "HAL-C1"));
    assert!(!meets_c(&treats(&[], &range(6)), "HAL-C1"));
    assert!(meets_c(&treats(&range(4), &[4, 5, 6, 7]), "HAL-C2"));
    assert!(!meets_c(&treats(&range(4), &[4, 5, 6]), "HAL-C2"));
    assert!(meets_c(&treats(&range(13), &[]), "HAL-C3"));
    assert!(meets_c(&treats(&range(6), &range(13)[6..]), "HAL-C3"));
    assert!(!meets_c(&treats(&range(12), &[]), "HAL-C3"));
    // HAL-C4: every ghost of two streets (S1 is GC 0–3, S2 4–7).
    assert!(meets_c(&treats(&range(8), &[]), "HAL-C4"));
    assert!(!meets_c(&treats(&range(7), &[7]), "HAL-C4"));
    // HAL-C5: every candy of street 3 (GC 8–12).
    assert!(meets_c(&treats(&[], &[8, 9, 10, 11, 12]), "HAL-C5"));
    assert!(!meets_c(&treats(&[8], &[9, 10, 11, 12]), "HAL-C5"));
    let after = validate(l, &treats(&[], &range(7)), "HAL-C1", &[], (1, 1, 1)).unwrap();
    assert!(used(&after).is_empty(), "a Count plan locks nothing");
    for (name, first, second) in [
        ("HAL-C1", 8, 4),
        ("HAL-C2", 8, 4),
        ("HAL-C3", 8, 4),
        ("HAL-C4", 8, 4),
        ("HAL-C5", 8, 4),
    ] {
        let c = card(name);
        assert_eq!((c.first, c.second, c.stack), (first, second, 3));
    }
    assert_eq!(
        card("HAL-C2").describe(),
        "at least 4 circled ghosts and at least 4 circled candies"
    );
}

#[test]
fn an_entered_layout_that_breaks_a_constraint_is_refused_with_its_name() {
    type Edit = fn(&mut serde_json::Value);
    let cases: [(Edit, &str); 5] = [
        (
            |v| v["streets"][0]["ghost_candy"] = serde_json::json!([2, 4, 7]),
            "HAL-L1",
        ),
        (
            |v| {
                v["streets"][2]["ghost_candy"] = serde_json::json!([]);
                v["streets"][0]["ghost_candy"] = serde_json::json!([1, 2, 3, 4, 5, 6, 7, 8, 9]);
            },
            "HAL-L2",
        ),
        (
            |v| v["halloween"]["candy_tiers"][2]["points"] = 3.into(),
            "HAL-L3",
        ),
        (
            |v| v["halloween"]["ghost_tiers"][0]["need"] = 3.into(),
            "4, 6 and 9",
        ),
        (
            |v| v["halloween"]["ghost_tiers"][1]["options"][1] = serde_json::json!(["park"]),
            "FR2 1167",
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
fn a_sheet_file_keeps_the_tiers_and_refuses_bad_ones() {
    let l = lay(ID);
    let s = claim(&treats(&range(4), &[]), Ghost, 4, Some(2));
    let file = SheetFile::new(col(), l, &s, true, Vec::new());
    let back = SheetFile::from_json(&file.to_json()).unwrap();
    assert_eq!(back, file);
    assert_eq!(back.sheet.to_sheet(col(), l).unwrap(), s);
    let mut bad = file.clone();
    bad.sheet.tiers.as_mut().unwrap().option = None;
    assert_eq!(bad.score().unwrap_err().code(), "sheet_feature");
    let mut two = file.clone();
    two.sheet.tiers.as_mut().unwrap().ghost = [Some(Race::Won), Some(Race::Won), None];
    assert_eq!(two.score().unwrap_err().code(), "sheet_feature");
    let classic = col().default_sheet();
    let mut other = SheetFile::new(col(), classic, &Sheet::new(classic), true, Vec::new());
    other.sheet.tiers = file.sheet.tiers.clone();
    assert_eq!(other.score().unwrap_err().code(), "sheet_feature");
}

/// Every mode: standard (2 and 5 seats, with and without the advanced variant), expert, and
/// AAA solo at every level; games finish, replay identically, score row by row; tiers are
/// never held by two seats unless claimed in the same round.
#[test]
fn halloween_in_every_mode_and_aaa_level() {
    let mut claims = 0;
    for advanced in [false, true] {
        for (j, (mode, players)) in [(Mode::Standard, 2), (Mode::Standard, 5), (Mode::Expert, 3)]
            .into_iter()
            .enumerate()
        {
            let seed = 3100 + 10 * u64::from(advanced) + j as u64;
            let g = common::play_game(opts(ID, mode, advanced), players, seed, &Style::CAREFUL);
            check_game(&g);
            for candy in [false, true] {
                for rank in 0..3 {
                    let states: Vec<Race> =
                        g.sheets().iter().map(|s| s.tier(candy, rank)).collect();
                    if states.contains(&Race::Won) {
                        claims += 1;
                        assert!(!states.contains(&Race::Open), "{states:?}");
                    }
                }
            }
        }
        for level in 0..=5 {
            let seed = 3200 + 10 * u64::from(advanced) + level as u64;
            let g = aaa_game(opts(ID, Mode::Solo, advanced).aaa_level(level), seed);
            check_game(&g);
            let s = g.sheet(0).unwrap();
            let crossed = (0..3)
                .flat_map(|r| [s.tier(false, r), s.tier(true, r)])
                .filter(|&t| t == Race::Lost)
                .count();
            assert!(crossed <= 2 * g.aaa().unwrap().drawn.len());
            if let Some(score) = g.aaa_score() {
                assert_eq!(score.sheet_rows[0].points, 4 * crossed as i32);
            }
        }
    }
    assert!(claims > 0, "the random games claimed some tier");
}
