//! The binary as a whole: the demo is the default, and every failure is one clean message.

mod common;

use common::welcome;

#[test]
fn demo_is_the_default() {
    let out = welcome(&[]).success();
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
    assert_eq!(
        out,
        welcome(&["demo"]).success(),
        "the default is the demo subcommand"
    );
}

#[test]
fn demo_seed_changes_the_game_deterministically() {
    let a = welcome(&["--seed", "5"]).success();
    assert_eq!(a, welcome(&["demo", "--seed", "5"]).success());
    assert_ne!(a, welcome(&["--seed", "6"]).success());
    assert!(a.contains("seed 5"));
    let adv = welcome(&["--seed", "5", "--advanced"]).success();
    assert!(adv.contains("solo, advanced"), "{adv}");
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
    for cmd in ["demo", "score", "replay", "simulate", "count", "bench"] {
        assert!(out.contains(cmd), "missing {cmd}:\n{out}");
    }
}
