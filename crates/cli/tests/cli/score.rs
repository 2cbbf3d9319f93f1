//! `welcome score` on hand-written sheet files whose totals are computed by hand from the
//! spec's tables, and on broken files.

use crate::common;

use common::{data_dir, path_str, welcome, welcome_with_input};
use serde_json::Value;

fn worked_example() -> String {
    path_str(&data_dir().join("worked-example-55.json")).to_string()
}

/// Spec §9.3: plans 8 + 7; parks 10 + 2 + 0; 4 pools → 13; second-highest temps → 4;
/// three 3-house estates at value 5 and two 1-house estates at value 1 → 17; 2 bis → −3;
/// 1 refusal → 0; 1 roundabout → −3. Total 55 (conformance checklist 46).
#[test]
fn worked_example_totals_55() {
    let out = welcome(&["score", &worked_example(), "--json"]).success();
    let s: Value = serde_json::from_str(&out).expect("score JSON");
    assert_eq!(s["total"], 55);
    assert_eq!(parts(&s, "plans"), serde_json::json!([8, 7, 0]));
    assert_eq!(parts(&s, "parks"), serde_json::json!([10, 2, 0]));
    assert_eq!(points(&s, "pools"), 13);
    assert_eq!(points(&s, "temps"), 4);
    assert_eq!(points(&s, "bis"), -3);
    assert_eq!(points(&s, "roundabouts"), -3);
    assert_eq!(points(&s, "refusals"), 0);
    // Estates: two of size 1 at value 1, three of size 3 at value 5.
    assert_eq!(parts(&s, "estates"), serde_json::json!([2, 0, 15, 0, 0, 0]));
    assert_eq!(points(&s, "estates"), 17);
    let labels: Vec<&str> = s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["label"].as_str().unwrap())
        .collect();
    assert_eq!(
        labels,
        [
            "City Plans",
            "Parks",
            "Pools",
            "Temp agency",
            "Real estate",
            "Bis",
            "Roundabouts",
            "Permit refusals"
        ]
    );
    let sum: i64 = s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["points"].as_i64().unwrap())
        .sum();
    assert_eq!(sum, 55, "the rows add up to the total");
    assert_eq!(s["tie_break"]["estates"], 5);
    assert_eq!(
        s["tie_break"]["by_size"],
        serde_json::json!([2, 0, 3, 0, 0, 0])
    );
}

/// The rows' details count in words a player reads: one refusal and one roundabout in the
/// singular, two bis houses in the plural.
#[test]
fn worked_example_details_count_in_the_singular_and_the_plural() {
    let out = welcome(&["score", &worked_example(), "--json"]).success();
    let s: Value = serde_json::from_str(&out).expect("score JSON");
    let detail = |id: &str| row(&s, id)["detail"].as_str().unwrap().to_string();
    assert_eq!(detail("refusals"), "1 permit refusal");
    assert_eq!(detail("roundabouts"), "1 roundabout");
    assert_eq!(detail("bis"), "2 bis houses");
    assert_eq!(detail("pools"), "4 pools built");
}

#[test]
fn text_table_shows_every_category_and_the_total() {
    let out = welcome(&["score", &worked_example()]).success();
    for label in [
        "city plans 1",
        "city plans 3",
        "parks 1",
        "parks 3",
        "pools",
        "temp agency",
        "real estate 1",
        "real estate 6",
        "bis",
        "roundabouts",
        "permit refusals",
        "completed estates",
    ] {
        assert!(out.contains(label), "missing {label}:\n{out}");
    }
    let row = |label: &str| {
        out.lines()
            .find(|l| l.starts_with(label))
            .unwrap_or_else(|| panic!("no {label} row:\n{out}"))
            .split_whitespace()
            .last()
            .unwrap()
            .to_string()
    };
    assert_eq!(row("total"), "55");
    assert_eq!(row("real estate 3"), "15");
    assert_eq!(row("bis"), "-3");
    assert_eq!(row("completed estates"), "5");
    assert!(out.contains("2/0/3/0/0/0"), "{out}");
}

#[test]
fn show_draws_the_sheet() {
    let out = welcome(&["score", &worked_example(), "--show"]).success();
    assert!(out.lines().any(|l| l.starts_with("S1 ")), "{out}");
    assert!(out.contains("8b"), "{out}");
}

#[test]
fn reads_standard_input() {
    let text = std::fs::read_to_string(worked_example()).unwrap();
    let out = welcome_with_input(&["score", "-", "--json"], &text).success();
    let s: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(s["total"], 55);
}

/// A solo sheet: a full top street with no fence is one run of 10 houses, which is no estate
/// (Ruling 9); 6 temps score 7 in solo; pools 3 → 9; S3 parks all 5 → 18; 3 refusals → −5.
/// Total 7 + 9 + 18 − 5 = 29, with no completed estate.
#[test]
fn solo_sheet_with_a_long_run() {
    let sheet = r#"{
      "format": "welcome-sheet", "version": 1, "edition": "first", "solo": true,
      "sheet": {
        "streets": [
          {"houses": ["1","2","3","4","5","6","7","8","9","10"], "pools": [3, 7, 8]},
          {"houses": ["","","","","","","","","","",""]},
          {"houses": ["","","","","","","","","","","",""], "parks": 5}
        ],
        "temps": 6, "refusals": 3
      }
    }"#;
    let out = welcome_with_input(&["score", "-", "--json"], sheet).success();
    let s: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(points(&s, "temps"), 7);
    assert_eq!(points(&s, "pools"), 9);
    assert_eq!(parts(&s, "parks"), serde_json::json!([0, 0, 18]));
    assert_eq!(points(&s, "refusals"), -5);
    assert_eq!(s["tie_break"]["estates"], 0);
    assert_eq!(s["total"], 29);
}

/// The row `id` of a score's JSON.
fn row<'a>(s: &'a Value, id: &str) -> &'a Value {
    s["rows"]
        .as_array()
        .and_then(|rows| rows.iter().find(|r| r["id"] == id))
        .unwrap_or_else(|| panic!("no row {id} in {s}"))
}

fn points(s: &Value, id: &str) -> i64 {
    row(s, id)["points"].as_i64().unwrap()
}

fn parts(s: &Value, id: &str) -> Value {
    row(s, id)["parts"].clone()
}

fn fails_with(input: &str, needles: &[&str]) {
    let err = welcome_with_input(&["score", "-"], input).failure();
    for n in needles {
        assert!(err.contains(n), "expected {n:?} in:\n{err}");
    }
}

#[test]
fn not_json() {
    fails_with(
        "this is not json",
        &[
            "standard input: this file is not a sheet file",
            "not JSON at all (detail: ",
        ],
    );
    fails_with(
        "{\"name\": \"Ann\"}",
        &["this JSON file is not a sheet file: a sheet file is one player's sheet as JSON, for scoring, and starts with \"format\": \"welcome-sheet\""],
    );
}

/// A game record given to `score` says what it is and which command reads it; a sheet file
/// cut short says so.
#[test]
fn a_record_or_a_truncated_file_is_named_for_what_it_is() {
    let record = common::golden_dir().join("record-solo.json");
    let err = welcome(&["score", path_str(&record)]).failure();
    assert!(
        err.starts_with(&format!(
            "error: {}: this is a game record (a whole game, to replay), not a sheet file (detail: ",
            record.display()
        )),
        "{err}"
    );
    assert!(
        err.trim_end().ends_with(&format!(
            "; `welcome replay {}` replays it",
            record.display()
        )),
        "{err}"
    );
    let text = std::fs::read_to_string(worked_example()).unwrap();
    fails_with(
        &text[..text.len() - 20],
        &["standard input: the file ends too early: it is the beginning of a sheet file cut short"],
    );
}

#[test]
fn wrong_format() {
    let text = std::fs::read_to_string(worked_example())
        .unwrap()
        .replace("welcome-sheet", "welcome-record");
    fails_with(
        &text,
        &["format is \"welcome-record\"", "expected \"welcome-sheet\""],
    );
}

#[test]
fn out_of_order_numbers() {
    let text = std::fs::read_to_string(worked_example())
        .unwrap()
        .replace(r#""4", "5", "6""#, r#""4", "2", "6""#);
    fails_with(&text, &["street 1", "house 5", "numbers must increase"]);
}

#[test]
fn unknown_edition() {
    let text = std::fs::read_to_string(worked_example())
        .unwrap()
        .replace(r#""edition": "first""#, r#""edition": "second""#);
    fails_with(&text, &["unknown edition", "second"]);
}

#[test]
fn missing_file() {
    let err = welcome(&["score", "/nonexistent/sheet.json"]).failure();
    assert!(err.contains("cannot read /nonexistent/sheet.json"), "{err}");
}

#[test]
fn too_many_crossings() {
    let text = std::fs::read_to_string(worked_example())
        .unwrap()
        .replace(r#""parks": 3"#, r#""parks": 4"#);
    fails_with(&text, &["parks of street 1", "4 crossed", "3 boxes"]);
}

/// Final sheets of greedy bots on the thematic sheets (the examples of docs/formats.md).
fn thematic(name: &str) -> String {
    path_str(&data_dir().join(name)).to_string()
}

/// The numbers of the text breakdown's rows above the rule, and the total below it.
fn text_rows(out: &str) -> (Vec<(String, i64)>, i64) {
    let mut rows = Vec::new();
    let mut total = None;
    for line in out.lines().skip(2) {
        if line.starts_with("---") {
            continue;
        }
        let (label, value) = line.rsplit_once(' ').unwrap();
        if label.starts_with("total") {
            total = Some(value.parse().unwrap());
            break;
        }
        if let Ok(v) = value.parse() {
            rows.push((label.trim().to_string(), v));
        }
    }
    (rows, total.expect("a total row"))
}

#[test]
fn thematic_sheets_score_with_their_rows() {
    for (name, sheet, row, total) in [
        ("easter-78.json", "Easter egg hunt", "eggs", 78),
        ("ice-cream-90.json", "Ice Cream trucks", "ice-cream", 90),
        ("christmas-85.json", "Christmas lights", "lights", 85),
    ] {
        let file = thematic(name);
        let s: Value =
            serde_json::from_str(&welcome(&["score", &file, "--json"]).success()).unwrap();
        assert_eq!(s["total"], total, "{name}");
        let sum: i64 = s["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["points"].as_i64().unwrap())
            .sum();
        assert_eq!(sum, total, "{name}: the rows add up to the total");
        assert_eq!(
            s["rows"][1]["id"], row,
            "{name}: the thematic row follows the plans"
        );

        let out = welcome(&["score", &file]).success();
        assert!(
            out.lines()
                .next()
                .unwrap()
                .contains(&format!("{sheet} sheet")),
            "{out}"
        );
        // Every line above the rule is points, so the column adds up to the total.
        let (rows, shown) = text_rows(&out);
        assert_eq!(shown, total, "{out}");
        assert_eq!(rows.iter().map(|r| r.1).sum::<i64>(), total, "{out}");
    }
}

/// Easter: the eggs box scores by thresholds of the eggs collected (6 eggs: 5 points), so the
/// eggs per street are shown apart from the points.
#[test]
fn easter_eggs_are_counted_apart_from_their_points() {
    let out = welcome(&["score", &thematic("easter-78.json")]).success();
    let eggs = out
        .lines()
        .find(|l| l.starts_with("eggs"))
        .expect("an eggs row");
    assert_eq!(eggs.split_whitespace().last(), Some("5"), "{out}");
    let boxes = out
        .lines()
        .find(|l| l.trim_start().starts_with("boxes 1–3"))
        .expect("the eggs per street");
    assert_eq!(boxes.split_whitespace().last(), Some("3/2/1"), "{out}");
    assert!(!out.contains("eggs 1"), "{out}");
    // Rows whose boxes are points keep a line per box.
    assert!(out.contains("parks 3"), "{out}");
}

#[test]
fn sheet_and_edition_flags_must_match_the_file() {
    let easter = thematic("easter-78.json");
    welcome(&["score", &easter, "--sheet", "easter", "--edition", "first"]).success();
    let err = welcome(&["score", &easter, "--sheet", "classic"]).failure();
    assert!(
        err.contains(&format!(
            "{easter}: the sheet file is for sheet easter, but --sheet classic was given"
        )),
        "{err}"
    );
    // A file without `sheet_id` is a classic sheet.
    let classic = worked_example();
    welcome(&["score", &classic, "--sheet", "classic"]).success();
    let err = welcome(&["score", &classic, "--sheet", "ice-cream"]).failure();
    assert!(err.contains("is for sheet classic"), "{err}");
    let err = welcome(&["score", &classic, "--sheet", "halloween"]).failure();
    assert!(
        err.contains("edition first has no sheet \"halloween\" (its sheets: classic, christmas, easter, ice-cream)"),
        "{err}"
    );
    let err = welcome(&["score", &classic, "--edition", "second"]).failure();
    assert!(err.contains("unknown edition \"second\""), "{err}");
}

#[test]
fn ice_cream_fields_are_checked() {
    let text = std::fs::read_to_string(thematic("ice-cream-90.json")).unwrap();
    // Street 3 has a truck at each end: once numbered, it needs the one chosen.
    fails_with(
        &text.replace(r#","truck":"right""#, ""),
        &["street 3", "needs the chosen truck"],
    );
    // Street 1 has one truck, nothing to choose.
    fails_with(
        &text.replacen(
            r#""circled":[1,10]"#,
            r#""circled":[1,10],"truck":"left""#,
            1,
        ),
        &["street 1", "no truck to choose"],
    );
    // House 2 of street 1 has no cone.
    fails_with(
        &text.replace(r#""circled":[1,10]"#, r#""circled":[1,2,10]"#),
        &["street 1", "house 2 has no numbered cone"],
    );
    // The same sheet file without its sheet id is a classic sheet, which has no cones.
    let classic = text.replace("  \"sheet_id\": \"ice-cream\",\n", "");
    fails_with(&classic, &["street 1", "no numbered cone"]);
}
