//! Whole games on every sheet in every mode, through `welcome simulate --sheet`: random bots in
//! solo, standard with 2 to 5 seats, advanced and expert, greedy bots in each mode. Every record
//! replays and re-serialises byte for byte, every score's rows add up to its total and follow
//! the sheet's printed total row, every final sheet written as a sheet file scores the same,
//! and the summary agrees with the records.

use crate::common;

use common::{path_str, welcome};
use serde_json::Value;
use welcome_engine::{Edition, Mode, Record, SheetFile, SheetLayout};

/// One `simulate` run: its flags (besides sheet, bot, games and seed) and how many games.
struct Setup {
    flags: &'static [&'static str],
    random_games: u64,
    greedy_games: u64,
}

/// Random games are cheap, so they cover every seat count; greedy games cost up to a second
/// each in a debug build, so they cover solo, standard and expert (advanced) once each.
const SETUPS: &[Setup] = &[
    Setup {
        flags: &["--solo"],
        random_games: 10,
        greedy_games: 1,
    },
    Setup {
        flags: &["--solo", "--advanced"],
        random_games: 10,
        greedy_games: 0,
    },
    Setup {
        flags: &["--players", "2"],
        random_games: 8,
        greedy_games: 1,
    },
    Setup {
        flags: &["--players", "3"],
        random_games: 6,
        greedy_games: 0,
    },
    Setup {
        flags: &["--players", "4"],
        random_games: 6,
        greedy_games: 0,
    },
    Setup {
        flags: &["--players", "5"],
        random_games: 6,
        greedy_games: 0,
    },
    Setup {
        flags: &["--players", "3", "--advanced"],
        random_games: 6,
        greedy_games: 0,
    },
    Setup {
        flags: &["--players", "5", "--advanced"],
        random_games: 4,
        greedy_games: 0,
    },
    Setup {
        flags: &["--expert", "--players", "3"],
        random_games: 6,
        greedy_games: 0,
    },
    Setup {
        flags: &["--expert", "--players", "2", "--advanced"],
        random_games: 6,
        greedy_games: 1,
    },
    Setup {
        flags: &["--expert", "--players", "5", "--advanced"],
        random_games: 3,
        greedy_games: 0,
    },
];

fn layout(id: &str) -> &'static SheetLayout {
    Edition::first()
        .sheets
        .iter()
        .find(|s| s.id == id)
        .unwrap_or_else(|| panic!("the 1st edition has a {id} sheet"))
}

/// Plays every setup on `sheet` with both bots and checks every game.
fn play_every_mode(sheet: &str) {
    let layout = layout(sheet);
    let row_ids: Vec<&str> = layout.score_rows.iter().map(|r| r.id.as_str()).collect();
    let mut modes = Vec::new();
    for (i, setup) in SETUPS.iter().enumerate() {
        for (bot, games) in [
            ("random", setup.random_games),
            ("greedy", setup.greedy_games),
        ] {
            if games == 0 {
                continue;
            }
            let dir = tempfile::tempdir().unwrap();
            let seed = (1000 + 100 * i).to_string();
            let games_text = games.to_string();
            let mut args = vec!["simulate", "--json", "--sheet", sheet, "--bot", bot];
            args.extend(["--games", &games_text, "--seed", &seed]);
            args.extend(["--records", path_str(dir.path())]);
            args.extend_from_slice(setup.flags);
            let what = args.join(" ");
            let report: Value = serde_json::from_str(&welcome(&args).success()).unwrap();
            assert_eq!(report["sheet"], sheet, "{what}");
            let players = report["players"].as_u64().unwrap() as usize;

            let mut totals = Vec::new();
            for g in 0..games {
                let name = format!("game-{}.json", seed.parse::<u64>().unwrap() + g);
                let text = std::fs::read_to_string(dir.path().join(&name)).unwrap();
                let at = format!("{what}: {name}");
                let record = Record::from_json(&text).unwrap_or_else(|e| panic!("{at}: {e}"));
                assert_eq!(record.version, 2, "{at}");
                assert_eq!(record.setup.options.sheet, layout.id, "{at}");
                let game = record.replay().unwrap_or_else(|e| panic!("{at}: {e}"));
                assert!(game.is_over(), "{at}");
                assert_eq!(
                    Record::of(&game, &record.setup.seats).to_json(),
                    text,
                    "{at}: the replayed record differs"
                );
                modes.push((game.options().mode, game.options().advanced, bot));

                let scores = game.scores();
                let temps: Vec<u8> = game.sheets().iter().map(|s| s.temps()).collect();
                for (seat, score) in scores.iter().enumerate() {
                    let ids: Vec<&str> = score.rows.iter().map(|r| r.id.as_str()).collect();
                    assert_eq!(ids, row_ids, "{at}: seat {}", seat + 1);
                    let sum: i32 = score.rows.iter().map(|r| r.points).sum();
                    assert_eq!(score.total, sum, "{at}: seat {} rows", seat + 1);

                    // The final sheet on paper scores the same on its own.
                    let others: Vec<u8> = (0..players)
                        .filter(|&o| o != seat)
                        .map(|o| temps[o])
                        .collect();
                    let solo = game.options().mode == Mode::Solo;
                    let file = SheetFile::new(
                        game.edition(),
                        layout,
                        &game.sheets()[seat],
                        solo,
                        if solo { Vec::new() } else { others },
                    );
                    let again = SheetFile::from_json(&file.to_json())
                        .and_then(|f| f.score())
                        .unwrap_or_else(|e| panic!("{at}: seat {} sheet file: {e}", seat + 1));
                    assert_eq!(again.1, *score, "{at}: seat {} sheet file", seat + 1);
                    totals.push(score.total);
                }
                let result = record.result.as_ref().unwrap();
                assert_eq!(
                    result.scores,
                    scores.iter().map(|s| s.total).collect::<Vec<_>>()
                );
            }
            // The summary is about these very games.
            let s = &report["scores"];
            assert_eq!(s["count"], totals.len(), "{what}");
            assert_eq!(s["min"], *totals.iter().min().unwrap(), "{what}");
            assert_eq!(s["max"], *totals.iter().max().unwrap(), "{what}");
            let mean = totals.iter().map(|&t| t as f64).sum::<f64>() / totals.len() as f64;
            assert!((s["mean"].as_f64().unwrap() - mean).abs() < 1e-9, "{what}");
        }
    }
    for mode in [Mode::Solo, Mode::Standard, Mode::Expert] {
        for advanced in [false, true] {
            assert!(modes.contains(&(mode, advanced, "random")), "{mode:?}");
        }
        assert!(
            modes.iter().any(|m| m.0 == mode && m.2 == "greedy"),
            "{mode:?}"
        );
    }
    assert!(modes.iter().any(|m| m.1 && m.2 == "greedy"));
}

#[test]
fn classic_sheet_every_mode() {
    play_every_mode("classic");
}

#[test]
fn easter_sheet_every_mode() {
    play_every_mode("easter");
}

#[test]
fn ice_cream_sheet_every_mode() {
    play_every_mode("ice-cream");
}

#[test]
fn christmas_sheet_every_mode() {
    play_every_mode("christmas");
}

#[test]
fn every_sheet_of_the_edition_is_played_here() {
    let ids: Vec<&str> = Edition::first()
        .sheets
        .iter()
        .map(|s| s.id.as_str())
        .collect();
    assert_eq!(ids.len(), 4, "a new sheet needs its test above: {ids:?}");
    for id in ["classic", "easter", "ice-cream", "christmas"] {
        assert!(ids.contains(&id), "{ids:?}");
    }
}
