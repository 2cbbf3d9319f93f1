//! The binary as a whole: the web app is the default (tests/serve.rs), the demo draws a game,
//! and every failure is one clean message.

use crate::common;

use common::welcome;

#[test]
fn demo_draws_a_solo_game() {
    let out = welcome(&["demo"]).success();
    for needle in [
        "greedy bot plays solo",
        "S1 ",
        "S2 ",
        "S3 ",
        "plan n°1",
        "plan n°2",
        "plan n°3",
        "rounds; the game ended because",
        "total",
        "final score:",
    ] {
        assert!(out.contains(needle), "missing {needle:?}:\n{out}");
    }
}

#[test]
fn demo_seed_changes_the_game_deterministically() {
    let a = welcome(&["demo", "--seed", "5"]).success();
    assert_eq!(a, welcome(&["demo", "--seed", "5"]).success());
    assert_ne!(a, welcome(&["demo", "--seed", "6"]).success());
    assert!(a.contains("seed 5"));
    let adv = welcome(&["demo", "--seed", "5", "--advanced"]).success();
    assert!(adv.contains("solo, advanced"), "{adv}");
}

#[test]
fn demo_plays_on_any_sheet() {
    let classic = welcome(&["demo", "--seed", "5"]).success();
    assert!(classic.contains("on the Classic sheet"), "{classic}");
    let christmas = welcome(&["demo", "--seed", "5", "--sheet", "christmas"]).success();
    assert!(
        christmas.contains("on the Christmas lights sheet"),
        "{christmas}"
    );
    assert!(
        christmas.lines().any(|l| l.starts_with("lights 1")),
        "{christmas}"
    );
    let err = welcome(&["demo", "--sheet", "xmas"]).failure();
    assert!(err.contains("no sheet \"xmas\""), "{err}");
}

#[test]
fn a_collector_sheet_without_the_collector_edition_names_the_flag() {
    let err = welcome(&["demo", "--sheet", "halloween"]).failure();
    assert!(
        err.contains("edition first has no sheet \"halloween\"")
            && err.contains(
                "halloween is a sheet of the collector edition: it needs --edition collector"
            ),
        "{err}"
    );
    // With the flag it names, the demo plays.
    let out = welcome(&["demo", "--sheet", "halloween", "--edition", "collector"]).success();
    assert!(out.contains("on the Halloween sheet"), "{out}");
    // A sheet no edition has gets no such hint.
    let err = welcome(&["demo", "--sheet", "xmas"]).failure();
    assert!(!err.contains("needs --edition"), "{err}");
}

#[test]
fn help_names_the_edition_and_sheet_flags() {
    for cmd in ["simulate", "count", "demo", "bench", "score", "replay"] {
        let out = welcome(&["help", cmd]).success();
        assert!(
            out.contains("--sheet <ID>") && out.contains("--edition <ID>"),
            "{cmd}:\n{out}"
        );
        // The rules specification's sections are not something a user has to look up.
        assert!(!out.contains('§'), "{cmd}:\n{out}");
    }
}

#[test]
fn unknown_commands_and_flags_fail_cleanly() {
    let err = welcome(&["frobnicate"]).failure();
    assert!(err.contains("frobnicate"), "{err}");
    let err = welcome(&["score"]).failure();
    assert!(err.contains("FILE"), "{err}");
    let err = welcome(&["--seed", "x"]).failure();
    assert!(err.contains("--seed"), "{err}");
}

#[test]
fn help_lists_every_command() {
    let out = welcome(&["--help"]).success();
    for cmd in [
        "serve", "loadtest", "demo", "editions", "score", "replay", "simulate", "count", "bench",
    ] {
        assert!(out.contains(cmd), "missing {cmd}:\n{out}");
    }
}

#[test]
fn text_output_is_in_words_with_a_legend() {
    let out = welcome(&["demo"]).success();
    assert!(!out.contains("Some("), "no debug forms:\n{out}");
    assert!(!out.contains("None"), "no debug forms:\n{out}");
    assert!(out.contains("plans n°1 "), "{out}");
    assert!(out.contains("legend: | fence"), "{out}");
    assert!(out.contains("R roundabout"), "{out}");
}

#[test]
fn serve_names_the_database_file_it_cannot_open() {
    let err = welcome(&[
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--db",
        "/nonexistent-welcome-dir/x.db",
    ])
    .failure();
    assert!(
        err.contains("database /nonexistent-welcome-dir/x.db"),
        "{err}"
    );
}
