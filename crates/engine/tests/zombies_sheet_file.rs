//! The Zombies sheet in a sheet file (docs/formats.md): barricades built, the arrows each
//! horde traced, the X marks of slowed hordes and the ammo gained and used are kept, so that a
//! sheet read back from its file is the sheet; a file no game could write is refused with a
//! clear error.

mod common;

use common::expansion::*;
use common::{choose_turn, h, Style};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use welcome_engine::edition::{Side, ZombieCard};
use welcome_engine::machine::{Decision, TurnMachine};
use welcome_engine::modules::zombies;
use welcome_engine::*;

use Effect::Surveyor;

const ID: &str = "zombies";

/// The sheet read back from its file (through the JSON text).
fn round_trip(layout: &SheetLayout, sheet: &Sheet) -> Sheet {
    let file = SheetFile::new(col(), layout, sheet, false, vec![0]);
    let back = SheetFile::from_json(&file.to_json()).unwrap();
    assert_eq!(back, file, "the JSON keeps every field");
    let (read, _) = back.score().unwrap();
    read
}

/// A Zombies sheet with every mark: a barricade built in S2 house 2 (printed open), S1
/// house 3 invaded by the left horde's second arrow, the S2 left horde stopped by the
/// barricade, one ammo gained (column 2's first box) and one used to slow S3's left horde.
fn marked() -> Sheet {
    let layout = lay(ID);
    let mut s = play(
        layout,
        &Sheet::new(layout),
        2,
        2,
        4,
        Surveyor,
        Some(EffectUse::Barricade),
    );
    s = play(
        layout,
        &s,
        1,
        3,
        7,
        Effect::RealEstate,
        Some(EffectUse::RealEstate(2)),
    );
    let plans = plans_with("ZO-C1");
    let c = ctx(layout, offer1(9, Surveyor), &plans)
        .with_zombies([ZombieCard::Left, ZombieCard::Left].into_iter().collect());
    let mut m = TurnMachine::new(c, &s);
    let mut slow = Hordes::default();
    slow.insert(zombies::index(2, Side::Left));
    m.apply(Decision::Ammo(slow)).unwrap();
    m.apply(Decision::Ammo(Hordes::default())).unwrap();
    *m.sheet()
}

#[test]
fn a_zombies_sheet_reads_back_from_its_file() {
    let layout = lay(ID);
    let s = marked();
    assert!(s.has_barricade(h(2, 2)));
    assert_eq!(s.house(h(1, 3)), House::Invaded);
    assert_eq!((s.ammo_gained(), s.ammo_used()), (1, 1));
    let d = SheetData::of(layout, &s);
    assert_eq!(d.streets[1].barricades, [2]);
    assert_eq!(d.streets[0].hordes, [2, 0]);
    assert_eq!(d.streets[1].hordes, [2, 0]);
    assert_eq!(d.streets[2].hordes, [1, 0], "slowed once: one arrow of two");
    assert_eq!(d.streets[0].houses[2], "Z");
    assert_eq!((d.ammo_gained, d.ammo_used), (1, 1));
    assert_eq!(round_trip(layout, &s), s);
    // The X marks are the table's to write: a file with them reads to the same sheet.
    let mut with_marks = d.clone();
    with_marks.streets[2].slowed = [1, 0];
    assert_eq!(with_marks.to_sheet(col(), layout).unwrap(), s);
    let text = serde_json::to_string(&with_marks).unwrap();
    assert!(text.contains("\"slowed\":[1,0]"), "{text}");
}

#[test]
fn a_copy_whose_original_was_invaded_reads_back() {
    // `5B Z` (E54): the copy in S1 house 2 stands beside the invaded house 3.
    let layout = lay(ID);
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
    let plans = plans_with("ZO-C1");
    let c = ctx(layout, offer1(9, Surveyor), &plans)
        .with_zombies([ZombieCard::Left, ZombieCard::Left].into_iter().collect());
    let mut m = TurnMachine::new(c, &s);
    m.apply(Decision::Ammo(Hordes::default())).unwrap();
    m.apply(Decision::Ammo(Hordes::default())).unwrap();
    let s = *m.sheet();
    assert_eq!(
        SheetData::of(layout, &s).streets[0].houses[1..3],
        ["5b", "Z"]
    );
    assert_eq!(round_trip(layout, &s), s);
    // A copy beside neither its number nor a Z is still refused.
    let mut d = SheetData::of(layout, &s);
    d.streets[1].houses[4] = "8b".into();
    let e = d.to_sheet(col(), layout).unwrap_err();
    assert_eq!(e.code(), "sheet_bis");
}

/// `sheet` after the S1 left horde traced its first two arrows (the second ends at the open
/// house 3).
fn invade_house_3(sheet: &Sheet) -> Sheet {
    let plans = plans_with("ZO-C1");
    let c = ctx(lay(ID), offer1(9, Surveyor), &plans)
        .with_zombies([ZombieCard::Left, ZombieCard::Left].into_iter().collect());
    let mut m = TurnMachine::new(c, sheet);
    m.apply(Decision::Ammo(Hordes::default())).unwrap();
    m.apply(Decision::Ammo(Hordes::default())).unwrap();
    assert_eq!(m.sheet().house(h(1, 3)), House::Invaded);
    *m.sheet()
}

#[test]
fn an_invaded_house_keeps_its_pool_and_its_extension_penalty_in_the_file() {
    let layout = lay(ID);
    // A pool built in S1 house 3 (a planned pool), then the house invaded: the pool stays.
    let pooled = play(
        layout,
        &Sheet::new(layout),
        1,
        3,
        5,
        Effect::Pool,
        Some(EffectUse::Pool),
    );
    let s = invade_house_3(&pooled);
    assert!(s.has_pool(h(1, 3)));
    let d = SheetData::of(layout, &s);
    assert_eq!(d.streets[0].pools, [3]);
    assert_eq!(round_trip(layout, &s), s);
    // An Extension copy in house 3, then invaded: written "Zb", its box stays crossed.
    let copied = play(
        layout,
        &Sheet::new(layout),
        1,
        2,
        4,
        Effect::Bis,
        Some(EffectUse::Bis {
            from: h(1, 2),
            to: h(1, 3),
        }),
    );
    let s = invade_house_3(&copied);
    assert_eq!(s.bis_count(), 1);
    let d = SheetData::of(layout, &s);
    assert_eq!(d.streets[0].houses[1..3], ["4", "Zb"]);
    let back = round_trip(layout, &s);
    assert_eq!(back, s);
    assert_eq!(back.bis_count(), 1);
}

#[test]
fn every_sheet_of_random_zombies_games_reads_back_from_its_file() {
    let layout = lay(ID);
    let (mut invaded, mut used, mut gained) = (0, 0, 0);
    for seed in 0..40 {
        let mut g = Game::new(opts(ID, Mode::Standard, seed % 2 == 1), 3, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            let turns: Vec<Turn> = (0..3)
                .map(|s| {
                    choose_turn(
                        &g.context(s).unwrap(),
                        g.sheet(s).unwrap(),
                        &mut rng,
                        if s == 0 {
                            &Style::RANDOM
                        } else {
                            &Style::CAREFUL
                        },
                    )
                })
                .collect();
            g.step(&turns).unwrap();
            for s in g.sheets() {
                assert_eq!(&round_trip(layout, s), s, "seed {seed}");
            }
        }
        for s in g.sheets() {
            invaded += s.invaded_count();
            used += s.ammo_used();
            gained += s.ammo_gained();
        }
    }
    assert!(
        invaded > 0 && used > 0 && gained > 0,
        "{invaded} {used} {gained}"
    );
    // `marked` builds a barricade, which random play may not.
}

#[test]
fn other_sheets_files_have_no_zombies_fields() {
    let classic = lay("classic");
    let text = SheetFile::new(col(), classic, &Sheet::new(classic), true, Vec::new()).to_json();
    for field in ["barricades", "hordes", "slowed", "ammo_gained", "ammo_used"] {
        assert!(!text.contains(field), "{field} in {text}");
    }
}

/// The error of the sheet data `d` changed by `edit`, on the Zombies sheet (or `id`).
fn refused_on(id: &str, d: &SheetData, edit: impl FnOnce(&mut SheetData)) -> (String, String) {
    let mut d = d.clone();
    edit(&mut d);
    let e = d.to_sheet(col(), lay(id)).unwrap_err();
    (e.code().to_string(), e.to_string())
}

#[test]
fn impossible_zombies_marks_are_refused_with_a_clear_error() {
    let layout = lay(ID);
    let good = SheetData::of(layout, &marked());
    let refused = |edit: &dyn Fn(&mut SheetData)| refused_on(ID, &good, edit);
    // A barricade in front of a house printed with one (S2 house 1).
    let (code, msg) = refused(&|d| {
        d.streets[1].houses[0] = "1".into();
        d.streets[1].barricades = vec![1, 2];
    });
    assert_eq!(code, "sheet_feature");
    assert!(msg.contains("house 1 is printed with a barricade"), "{msg}");
    // A barricade in front of an empty house printed without one (S1 house 8).
    let (code, msg) = refused(&|d| d.streets[0].barricades = vec![8]);
    assert_eq!(code, "sheet_feature");
    assert!(msg.contains("holds no number"), "{msg}");
    // A barricade outside the street.
    let (code, _) = refused(&|d| d.streets[0].barricades = vec![11]);
    assert_eq!(code, "sheet_shape");
    // More arrows traced than the horde has (3).
    let (code, msg) = refused(&|d| d.streets[0].hordes = [4, 0]);
    assert_eq!(code, "sheet_feature");
    assert_eq!(
        msg,
        "street 1: the left horde traced 4 arrows, but it has 3"
    );
    // A traced arrow whose house was neither invaded, nor a roundabout, nor barricaded: the
    // S1 right horde's first arrow ends at house 10, printed barricaded, but its second at
    // house 8, printed open.
    let (code, msg) = refused(&|d| {
        d.streets[0].houses[7] = "12".into();
        d.streets[0].hordes = [2, 2];
    });
    assert_eq!(code, "sheet_feature");
    assert!(msg.contains("arrow to house 8"), "{msg}");
    // A Z no traced arrow ends at.
    let (code, msg) = refused(&|d| d.streets[0].hordes = [1, 0]);
    assert_eq!(code, "sheet_feature");
    assert!(
        msg.contains("house 3 is invaded (Z), but no traced arrow"),
        "{msg}"
    );
    // More ammo used than circled (1 at the start + 1 gained).
    let (code, msg) = refused(&|d| d.ammo_used = 3);
    assert_eq!(code, "sheet_feature");
    assert!(msg.contains("3 ammo used, but only 2 are circled"), "{msg}");
    // More ammo gained than ammo boxes crossed (column 2's first only).
    let (code, msg) = refused(&|d| d.ammo_gained = 2);
    assert_eq!(code, "sheet_feature");
    assert!(msg.contains("2 ammo gained"), "{msg}");
    // More X marks than ammo used.
    let (code, msg) = refused(&|d| d.streets[2].slowed = [1, 1]);
    assert_eq!(code, "sheet_feature");
    assert!(msg.contains("2 X marks"), "{msg}");
    // Other sheets have none of it.
    let classic = SheetData::of(lay("classic"), &Sheet::new(lay("classic")));
    let (code, msg) = refused_on("classic", &classic, |d| d.streets[0].hordes = [1, 0]);
    assert_eq!(code, "sheet_feature");
    assert!(msg.contains("no hordes or barricades"), "{msg}");
    let (_, msg) = refused_on("classic", &classic, |d| d.streets[0].houses[0] = "Z".into());
    assert!(msg.contains("only a horde invades"), "{msg}");
    let (_, msg) = refused_on("classic", &classic, |d| d.ammo_used = 1);
    assert!(msg.contains("has no ammo"), "{msg}");
    // The good file reads.
    assert_eq!(good.to_sheet(col(), layout).unwrap(), marked());
}
