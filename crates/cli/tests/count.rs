//! `welcome count` against the golden count files, byte for byte: a change in legality shows
//! up here. Regenerate them with `scripts/regen-golden.sh` and review the diff.

mod common;

use common::{cases, golden_dir, welcome};
use serde_json::Value;

#[test]
fn count_files_match_byte_for_byte() {
    let counts: Vec<_> = cases()
        .into_iter()
        .filter(|c| c.args[0] == "count")
        .collect();
    assert!(counts.len() >= 4, "expected several count cases");
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
