//! Layouts a table enters from its own printed sheet (collector expansions X40): an entered
//! Atomic War layout plays, is kept in the record and replays identically; a layout that
//! breaks a constraint, changes the sheet's rules or is for another sheet is refused with a
//! stable code and its reason, and nothing is set up.

mod common;

use common::expansion::*;
use common::{check_replay, play_round, Style};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use welcome_engine::modules::atomic;
use welcome_engine::*;

const ID: &str = "atomic-war";

/// Shelters at other houses than the shipped S1 {2, 5, 9}, S2 {1, 4, 7, 10}, S3 {3, 6, 9, 12}.
const SHELTERS: [&[u8]; 3] = [&[1, 4, 8], &[2, 5, 8, 11], &[1, 5, 9, 12]];

fn sheet_id() -> SheetId {
    SheetId::new(ID).unwrap()
}

/// The shipped Atomic War file with the shelters of `SHELTERS`.
fn entered_text() -> String {
    let mut v: Value = serde_json::from_str(&sheet_text(ID)).unwrap();
    for (s, houses) in SHELTERS.iter().enumerate() {
        v["streets"][s]["shelters"] = json!(houses);
    }
    v.to_string()
}

fn entered() -> EnteredLayout {
    EnteredLayout::parse(col(), sheet_id(), &entered_text()).expect("a layout within ATO-L1…L3")
}

fn with_layout(layout: EnteredLayout) -> TableValues {
    TableValues {
        layout: Some(layout),
        ..TableValues::default()
    }
}

/// A game played to the end by random players.
fn play_out(mut game: Game, seed: u64) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while !game.is_over() {
        play_round(&mut game, &mut rng, &Style::RANDOM);
    }
    game
}

#[test]
fn an_entered_layout_plays_and_its_shelters_are_where_it_says() {
    let layout = entered();
    let l = layout.layout();
    let shelters: Vec<Vec<u8>> = l.streets.iter().map(|s| s.shelters.clone()).collect();
    assert_eq!(shelters, SHELTERS.map(<[u8]>::to_vec));
    // Only the shelters moved: the rest of the sheet is the shipped one.
    let shipped = lay(ID);
    assert_eq!(l.score_rows, shipped.score_rows);
    assert_eq!(l.plans, shipped.plans);
    assert_eq!(l.rules, shipped.rules);

    let options = opts(ID, Mode::Standard, false);
    let game = Game::with_values(options, 2, 11, &with_layout(layout.clone())).unwrap();
    assert!(std::ptr::eq(game.layout(), l));
    assert_eq!(game.values().layout, Some(layout.clone()));
    // A seat's view reads the same layout: bots and clients see the entered shelters.
    assert!(PlayerView::of(&game, 0).unwrap().layout.is(l));
    let game = play_out(game, 11);
    check_game(&game);
    // Every number written in an entered shelter house counts, and no other.
    for sheet in game.sheets() {
        for s in 0..3u8 {
            let expected: u16 = SHELTERS[s as usize]
                .iter()
                .filter_map(|&h| sheet.number(HouseRef::new(s, h - 1)))
                .map(u16::from)
                .sum();
            assert_eq!(atomic::capacity(l, sheet, s), expected, "street {}", s + 1);
        }
    }
}

#[test]
fn the_aaa_starts_in_the_first_entered_shelter_of_each_street() {
    let layout = entered();
    let mut options = opts(ID, Mode::Solo, false);
    options.aaa_level = Some(1);
    let game = Game::with_values(options, 1, 5, &with_layout(layout.clone())).unwrap();
    let view = PlayerView::of(&game, 0).unwrap();
    let halves = &view.aaa.as_ref().unwrap().halves;
    // 11 shelters, the first of each street (houses 1, 2, 1) holding 20 / 30 / 30.
    assert_eq!(halves.len(), 11);
    let first: Vec<u8> = halves.iter().copied().filter(|&h| h > 0).collect();
    assert_eq!(first, [20, 30, 30]);
    assert_eq!(halves[0], 20);
    assert_eq!(halves[3], 30);
    assert_eq!(halves[7], 30);
    check_game(&play_out(game, 5));
}

#[test]
fn the_record_keeps_the_layout_and_replays_identically() {
    let layout = entered();
    let options = opts(ID, Mode::Standard, true);
    let game = play_out(
        Game::with_values(options, 3, 21, &with_layout(layout.clone())).unwrap(),
        21,
    );
    check_replay(&game);
    let text = Record::of(&game, &[]).to_json();
    let record = Record::from_json(&text).unwrap();
    let kept = record
        .setup
        .layout
        .as_ref()
        .expect("the record keeps the layout");
    assert_eq!(kept["streets"][0]["shelters"], json!([1, 4, 8]));
    let again = record.replay().unwrap();
    assert!(std::ptr::eq(again.layout(), layout.layout()));
    assert_eq!(again.scores(), game.scores());
    assert_eq!(Record::of(&again, &[]).to_json(), text);

    // Without it the same turns score on the shipped shelters: the replay no longer agrees.
    let mut shipped = record.clone();
    shipped.setup.layout = None;
    assert!(shipped.replay().is_err());

    // A record whose layout breaks a constraint is refused as a bad setup, naming it.
    let mut broken = record;
    broken.setup.layout.as_mut().unwrap()["streets"][2]["shelters"] = json!([4]);
    let e = broken.replay().unwrap_err();
    assert_eq!(e.code(), "record_setup");
    assert!(e.to_string().contains("ATO-L3"), "{e}");
}

#[test]
fn records_without_a_layout_are_unchanged() {
    let game = play_out(Game::new(opts(ID, Mode::Standard, false), 2, 3).unwrap(), 3);
    let text = Record::of(&game, &[]).to_json();
    assert!(!text.contains("\"layout\""));
    check_replay(&game);
}

#[test]
fn a_layout_that_breaks_a_constraint_is_refused_naming_it() {
    type Edit = fn(&mut Value);
    let cases: [(Edit, &str); 3] = [
        (|v| v["streets"][1]["shelters"] = json!([]), "ATO-L1"),
        (|v| v["streets"][0]["shelters"] = json!([5, 2, 9]), "ATO-L1"),
        (|v| v["streets"][2]["shelters"] = json!([3]), "ATO-L3"),
    ];
    for (edit, rule) in cases {
        let mut v: Value = serde_json::from_str(&entered_text()).unwrap();
        edit(&mut v);
        let e = CheckedLayout::parse(col(), sheet_id(), &v.to_string()).unwrap_err();
        assert_eq!(e.code(), "layout_constraint", "{e}");
        assert_eq!(e.rule(), Some(rule), "{e}");
        assert!(e.to_string().contains(rule), "{e}");
        assert!(e.to_string().contains("atomic-war"), "{e}");
    }
    // The checks every sheet passes come first, and name the street.
    let mut v: Value = serde_json::from_str(&entered_text()).unwrap();
    v["streets"][0]["shelters"] = json!([2, 11]);
    let e = CheckedLayout::parse(col(), sheet_id(), &v.to_string()).unwrap_err();
    assert_eq!(e.code(), "layout_constraint", "{e}");
    assert_eq!(e.rule(), None);
    assert!(
        e.to_string()
            .contains("street 1: a shelter is outside the street"),
        "{e}"
    );
    // Other expansions' constraints, by the same code.
    let mut v: Value = serde_json::from_str(&sheet_text("roswell")).unwrap();
    v["streets"][0]["saucers"] = json!([]);
    v["streets"][1]["saucers"] = json!([]);
    let e =
        CheckedLayout::parse(col(), SheetId::new("roswell").unwrap(), &v.to_string()).unwrap_err();
    assert_eq!(e.rule(), Some("ROS-L2"), "{e}");
    let mut v: Value = serde_json::from_str(&sheet_text("american-dream")).unwrap();
    v["streets"][0]["families"].as_array_mut().unwrap().pop();
    let e = CheckedLayout::parse(
        col(),
        SheetId::new("american-dream").unwrap(),
        &v.to_string(),
    )
    .unwrap_err();
    assert_eq!(e.rule(), Some("ADR-L1"), "{e}");
    let mut v: Value = serde_json::from_str(&sheet_text("zombies")).unwrap();
    v["zombies"]["cards"] = json!(["left", "right"]);
    let e =
        CheckedLayout::parse(col(), SheetId::new("zombies").unwrap(), &v.to_string()).unwrap_err();
    assert_eq!(e.rule(), Some("ZOM-L4"), "{e}");
}

#[test]
fn a_layout_changes_positions_and_printed_values_not_rules() {
    type Edit = fn(&mut Value);
    let cases: [(Edit, &str); 5] = [
        (
            |v| v["modules"] = json!(["atomic-war", "roundabouts"]),
            "modules",
        ),
        (|v| v["advanced"] = json!(false), "advanced"),
        (|v| v["tie_break"] = json!("shared"), "tie_break"),
        (|v| v["plans"][0]["first"] = json!(12), "plans"),
        (|v| v["own_stacks"] = json!([2, 3]), "plans"),
    ];
    for (edit, field) in cases {
        let mut v: Value = serde_json::from_str(&entered_text()).unwrap();
        edit(&mut v);
        let e = CheckedLayout::parse(col(), sheet_id(), &v.to_string()).unwrap_err();
        assert_eq!(e.code(), "layout_rules", "{field}: {e}");
        assert!(e.to_string().starts_with(field), "{e}");
    }
    // A printed value may change: the optimism bonus, within the sheet's checks.
    let mut v: Value = serde_json::from_str(&entered_text()).unwrap();
    v["atomic"]["optimism"] = json!(7);
    let c = CheckedLayout::parse(col(), sheet_id(), &v.to_string()).unwrap();
    assert_eq!(c.layout().atomic.as_ref().unwrap().optimism, 7);
    v["atomic"]["optimism"] = json!(-1);
    let e = CheckedLayout::parse(col(), sheet_id(), &v.to_string()).unwrap_err();
    assert_eq!(e.code(), "layout_constraint", "{e}");
}

#[test]
fn bad_input_is_refused_with_its_own_code() {
    let atomic = sheet_id();
    let code = |edition: &Edition, sheet: SheetId, text: &str| {
        CheckedLayout::parse(edition, sheet, text)
            .unwrap_err()
            .code()
    };
    assert_eq!(code(col(), atomic, "{"), "layout_json");
    assert_eq!(code(col(), atomic, "[]"), "layout_json");
    let mut v: Value = serde_json::from_str(&entered_text()).unwrap();
    v["stacks"] = json!([[1], [2], [3]]);
    assert_eq!(code(col(), atomic, &v.to_string()), "layout_json");
    // The file of another sheet, for this table's sheet.
    assert_eq!(
        code(col(), atomic, &sheet_text("roswell")),
        "layout_other_sheet"
    );
    let long = " ".repeat(welcome_engine::layout::MAX_LAYOUT_BYTES + 1);
    assert_eq!(code(col(), atomic, &long), "layout_too_long");
    // A sheet whose every value is verified has nothing to enter.
    let first = Edition::first();
    let classic = first.default_sheet();
    let text = serde_json::to_string(classic).unwrap();
    assert_eq!(code(first, classic.id, &text), "layout_verified");
    assert_eq!(
        code(col(), SheetId::new("werewolves").unwrap(), "{}"),
        "unknown_sheet"
    );
}

#[test]
fn a_game_is_not_set_up_with_a_layout_of_another_sheet() {
    let layout = entered();
    for sheet in ["roswell", "classic"] {
        let e = Game::with_values(
            opts(sheet, Mode::Standard, false),
            2,
            1,
            &with_layout(layout.clone()),
        )
        .unwrap_err();
        assert_eq!(e.code(), "layout_other_sheet", "{e}");
    }
    let mut first = Options::new(Mode::Standard);
    first.sheet = SheetId::new("classic").unwrap();
    let e = Game::with_values(first, 2, 1, &with_layout(layout.clone())).unwrap_err();
    assert_eq!(e.code(), "layout_other_sheet", "{e}");
}

#[test]
fn the_shipped_layout_entered_is_the_shipped_sheet() {
    let text = serde_json::to_string_pretty(lay(ID)).unwrap();
    let layout = EnteredLayout::parse(col(), sheet_id(), &text).unwrap();
    assert!(std::ptr::eq(layout.layout(), lay(ID)));
    // Still entered: the table said its sheet is the shipped one, and the record keeps it.
    let game = Game::with_values(
        opts(ID, Mode::Standard, false),
        2,
        4,
        &with_layout(layout.clone()),
    )
    .unwrap();
    assert!(Record::of(&game, &[]).setup.layout.is_some());
    // The file form reads back as the same layout, whichever way it is written.
    let again = EnteredLayout::parse(col(), sheet_id(), &layout.to_json()).unwrap();
    assert_eq!(again, layout);
    let again = EnteredLayout::parse(col(), sheet_id(), &layout.to_value().to_string()).unwrap();
    assert_eq!(again, layout);
}
