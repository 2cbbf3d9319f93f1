//! `welcome bench` runs end to end and prints every figure with its target. Speed is not
//! asserted: only that the figures are there.

mod common;

use common::welcome;

#[test]
fn bench_prints_its_figures() {
    let out = welcome(&["bench", "--seconds", "0.2"]).success();
    for needle in [
        "random solo playouts/s",
        "sheet scorings/s",
        "4-player game state at setup, bytes",
        "round log after",
        "greedy solo games/s",
        ">= 20,000",
        ">= 1,000,000",
        "< 4,096",
        "Game::memory()",
    ] {
        assert!(out.contains(needle), "missing {needle:?}:\n{out}");
    }
}

#[test]
fn bench_refuses_a_bad_duration() {
    let err = welcome(&["bench", "--seconds", "0"]).failure();
    assert!(err.contains("--seconds"), "{err}");
    let err = welcome(&["bench", "--seconds", "soon"]).failure();
    assert!(err.contains("not a number of seconds"), "{err}");
}
