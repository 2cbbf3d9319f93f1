//! `welcome bench` runs end to end and prints every figure with its target. Speed is not
//! asserted: only that the figures are there, one playout figure per sheet.

use crate::common;

use common::welcome;
use welcome_engine::Edition;

/// The number in the `measured` column of the row starting with `label`.
fn measured(out: &str, label: &str) -> f64 {
    let line = out
        .lines()
        .find(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no row {label:?}:\n{out}"));
    let value = line[label.len()..].split_whitespace().next().unwrap();
    value.replace(',', "").parse().unwrap()
}

#[test]
fn bench_prints_its_figures() {
    let out = welcome(&["bench", "--seconds", "0.1"]).success();
    for needle in [
        "random solo playouts/s",
        "sheet scorings/s",
        "Sheet size, bytes",
        "4-player game state at setup, bytes",
        "round log after",
        "greedy solo games/s",
        ">= 25,000",
        ">= 15,000",
        ">= 1,000,000",
        "4-player Position clone, ns",
        "< 1,000",
        "< 256",
        "< 4,096",
        "Game::memory()",
        "size_of::<Sheet>()",
    ] {
        assert!(out.contains(needle), "missing {needle:?}:\n{out}");
    }
    // One playout figure and one checked line per sheet of the edition.
    for sheet in &Edition::first().sheets {
        let label = format!("random solo playouts/s, {} (1 thread)", sheet.id);
        assert!(measured(&out, &label) > 0.0, "{out}");
        assert!(out.contains(&format!("- random, {}: ", sheet.id)), "{out}");
    }
    assert!(measured(&out, "4-player Position clone, ns (classic)") > 0.0);
    let size = measured(&out, "Sheet size, bytes (every sheet)");
    assert_eq!(size as usize, std::mem::size_of::<welcome_engine::Sheet>());
}

#[test]
fn bench_measures_one_sheet_when_named() {
    let out = welcome(&["bench", "--seconds", "0.05", "--sheet", "ice-cream"]).success();
    assert!(out.contains("sheets ice-cream\n"), "{out}");
    assert!(
        out.contains("random solo playouts/s, ice-cream (1 thread)"),
        "{out}"
    );
    assert!(!out.contains("playouts/s, classic"), "{out}");
    assert!(out.contains("greedy solo games/s, ice-cream"), "{out}");
}

#[test]
fn bench_refuses_bad_flags() {
    let err = welcome(&["bench", "--seconds", "0"]).failure();
    assert!(err.contains("--seconds"), "{err}");
    let err = welcome(&["bench", "--seconds", "soon"]).failure();
    assert!(err.contains("not a number of seconds"), "{err}");
    let err = welcome(&["bench", "--sheet", "halloween"]).failure();
    assert!(err.contains("no sheet \"halloween\""), "{err}");
    let err = welcome(&["bench", "--edition", "second"]).failure();
    assert!(err.contains("unknown edition \"second\""), "{err}");
}
