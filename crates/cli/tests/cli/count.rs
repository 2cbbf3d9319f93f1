//! `welcome count` against the golden count files, byte for byte: a change in legality shows
//! up here. Regenerate them with `scripts/regen-golden.sh` and review the diff.

use crate::common;

use common::{cases, golden_dir, welcome};
use serde_json::Value;

#[test]
fn count_files_match_byte_for_byte() {
    let counts: Vec<_> = cases()
        .into_iter()
        .filter(|c| c.args[0] == "count")
        .collect();
    assert!(counts.len() >= 8, "expected several count cases");
    // Legality is pinned down on every sheet: the thematic modules change what is legal.
    for sheet in welcome_engine::Edition::first().sheets.iter() {
        let id = sheet.id.as_str();
        let on_sheet = |c: &&common::Case| {
            let named = c.args.windows(2).find(|w| w[0] == "--sheet");
            named.map_or(id == "classic", |w| w[1] == id)
        };
        assert!(
            counts.iter().any(|c| on_sheet(&c)),
            "no count case on the {id} sheet"
        );
    }
    for case in counts {
        let expected = std::fs::read_to_string(golden_dir().join(&case.file))
            .unwrap_or_else(|e| panic!("{}: {e}", case.file));
        let args: Vec<&str> = case.args.iter().map(String::as_str).collect();
        let out = welcome(&args).success();
        assert_eq!(
            out, expected,
            "{} differs from `welcome {}`; if legality changed on purpose, run scripts/regen-golden.sh",
            case.file,
            args.join(" ")
        );
    }
}

#[test]
fn json_agrees_with_text() {
    let args = ["count", "--players", "2", "--seed", "11", "--rounds", "6"];
    let text = welcome(&args).success();
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let report: Value = serde_json::from_str(&welcome(&json_args).success()).unwrap();
    let rounds = report["rounds"].as_array().unwrap();
    assert!(!rounds.is_empty() && rounds.len() <= 6);
    let rows: Vec<Vec<u64>> = text
        .lines()
        .skip(2)
        .filter(|l| !l.starts_with("game over"))
        .map(|l| {
            l.split_whitespace()
                .skip(1)
                .map(|w| w.parse().unwrap())
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), rounds.len());
    for (row, r) in rows.iter().zip(rounds) {
        let turns: Vec<u64> = r["turns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(*row, turns);
        assert!(
            turns.iter().all(|&n| n >= 1),
            "a seat always has a turn (at worst a refusal)"
        );
    }
}

#[test]
fn deterministic_and_stops_at_the_end() {
    let args = ["count", "--solo", "--seed", "1", "--rounds", "200"];
    let a = welcome(&args).success();
    assert_eq!(a, welcome(&args).success());
    assert!(
        a.lines()
            .last()
            .unwrap()
            .starts_with("game over after round "),
        "{a}"
    );
}

#[test]
fn bad_flags_are_refused() {
    let err = welcome(&["count", "--seed", "1", "--rounds", "0"]).failure();
    assert!(err.contains("--rounds"), "{err}");
    let err = welcome(&["count", "--rounds", "3"]).failure();
    assert!(err.contains("--seed"), "{err}");
    let err = welcome(&[
        "count",
        "--seed",
        "1",
        "--rounds",
        "3",
        "--expert",
        "--players",
        "1",
    ])
    .failure();
    assert!(err.contains("--expert needs at least 2 players"), "{err}");
}

#[test]
fn sheets_change_the_counts_and_are_named() {
    let base = ["count", "--solo", "--seed", "5", "--rounds", "4"];
    let classic = welcome(&base).success();
    let mut easter_args = base.to_vec();
    easter_args.extend(["--sheet", "easter"]);
    let easter = welcome(&easter_args).success();
    assert!(
        easter.lines().next().unwrap().contains("sheet easter"),
        "{easter}"
    );
    assert!(
        !classic.lines().next().unwrap().contains("sheet"),
        "{classic}"
    );
    // The same seed deals the same cards on every sheet; on the Ice Cream sheet a first number
    // in street 3 also chooses its truck, which doubles those turns.
    let mut ice_args = base.to_vec();
    ice_args.extend(["--sheet", "ice-cream", "--json"]);
    let ice: Value = serde_json::from_str(&welcome(&ice_args).success()).unwrap();
    assert_eq!(ice["sheet"], "ice-cream");
    assert_eq!(ice["edition"], "first");
    let mut classic_json = base.to_vec();
    classic_json.push("--json");
    let classic: Value = serde_json::from_str(&welcome(&classic_json).success()).unwrap();
    assert_eq!(classic["sheet"], "classic");
    assert!(
        ice["rounds"][0]["turns"][0].as_u64().unwrap()
            > classic["rounds"][0]["turns"][0].as_u64().unwrap(),
        "ice cream {} vs classic {}",
        ice["rounds"][0],
        classic["rounds"][0]
    );
}

#[test]
fn unknown_sheets_and_editions_are_refused() {
    let err = welcome(&[
        "count",
        "--seed",
        "1",
        "--rounds",
        "3",
        "--sheet",
        "halloween",
    ])
    .failure();
    assert!(
        err.contains("edition first has no sheet \"halloween\" (its sheets: classic, christmas, easter, ice-cream)"),
        "{err}"
    );
    let err = welcome(&["count", "--seed", "1", "--rounds", "3", "--edition", "2023"]).failure();
    assert!(
        err.contains("unknown edition \"2023\" (known editions: first, collector)"),
        "{err}"
    );
}
