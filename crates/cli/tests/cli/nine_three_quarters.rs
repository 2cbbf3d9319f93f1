//! `--nine-three-quarters`: the collector edition's 9¾ cards at every command that sets up
//! games (`simulate`, `count`, `demo`, `bench`), refused with a clear message on the 1st
//! edition before anything runs or is written.

use crate::common;

use common::{path_str, welcome};
use welcome_engine::Record;

#[test]
fn simulate_plays_with_the_cards_and_its_records_replay() {
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("records");
    let out = welcome(&[
        "simulate",
        "--edition",
        "collector",
        "--players",
        "3",
        "--nine-three-quarters",
        "--games",
        "3",
        "--seed",
        "5",
        "--bot",
        "greedy",
        "--records",
        path_str(&records),
        "--json",
    ])
    .success();
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(r["nine_three_quarters"], true);
    for seed in 5..8 {
        let path = records.join(format!("game-{seed}.json"));
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("\"nine_three_quarters\":true"), "{text}");
        assert!(text.contains("9¾-"), "the draws name the 9¾ cards");
        let game = Record::from_json(&text).unwrap().replay().unwrap();
        assert!(game.is_over() && game.options().nine_three_quarters);
        welcome(&["replay", path_str(&path)]).success();
    }
    let text = welcome(&[
        "simulate",
        "--edition",
        "collector",
        "--solo",
        "--aaa-level",
        "3",
        "--nine-three-quarters",
        "--games",
        "2",
    ])
    .success();
    assert!(text.contains("with the 9¾ cards"), "{text}");
    // Without the flag the report has no such field.
    let out = welcome(&[
        "simulate",
        "--edition",
        "collector",
        "--players",
        "2",
        "--games",
        "1",
        "--json",
    ])
    .success();
    assert!(!out.contains("nine_three_quarters"), "{out}");
}

#[test]
fn count_and_demo_take_the_flag() {
    let out = welcome(&[
        "count",
        "--edition",
        "collector",
        "--sheet",
        "christmas",
        "--players",
        "2",
        "--nine-three-quarters",
        "--seed",
        "3",
        "--rounds",
        "5",
    ])
    .success();
    assert!(out.contains("with the 9¾ cards"), "{out}");
    let json = welcome(&[
        "count",
        "--edition",
        "collector",
        "--players",
        "2",
        "--nine-three-quarters",
        "--seed",
        "3",
        "--rounds",
        "5",
        "--json",
    ])
    .success();
    let r: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(r["nine_three_quarters"], true);
    let out = welcome(&[
        "demo",
        "--edition",
        "collector",
        "--sheet",
        "atomic-war",
        "--nine-three-quarters",
    ])
    .success();
    assert!(out.contains("with the 9¾ cards"), "{out}");
}

#[test]
fn the_first_edition_refuses_the_flag_before_anything_runs() {
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("records");
    for args in [
        vec![
            "simulate",
            "--players",
            "2",
            "--nine-three-quarters",
            "--games",
            "1",
            "--records",
            path_str(&records),
        ],
        vec![
            "count",
            "--players",
            "2",
            "--nine-three-quarters",
            "--seed",
            "1",
            "--rounds",
            "3",
        ],
        vec!["demo", "--nine-three-quarters"],
        vec!["bench", "--seconds", "0.01", "--nine-three-quarters"],
    ] {
        let err = welcome(&args).failure();
        assert!(
            err.contains("--nine-three-quarters: edition first has no 9¾ cards"),
            "{args:?}: {err}"
        );
    }
    assert!(!records.exists());
}

#[test]
fn bench_measures_with_the_cards() {
    let out = welcome(&[
        "bench",
        "--seconds",
        "0.02",
        "--edition",
        "collector",
        "--sheet",
        "classic",
        "--nine-three-quarters",
    ])
    .success();
    assert!(out.contains("edition collector with the 9¾ cards"), "{out}");
}
