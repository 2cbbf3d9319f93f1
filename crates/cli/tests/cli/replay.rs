//! `welcome replay` on the golden records and on corrupted copies of them.

use crate::common;

use common::{cases, golden_dir, path_str, welcome, welcome_with_input};
use serde_json::Value;
use std::path::PathBuf;
use welcome_bots::{seat_seed, BotKind};
use welcome_engine::{Edition, Game, Mode, Options, PlayerView, Record, SheetId};

/// Every golden record listed in `tests/golden/cases.txt`, after checking that every record
/// file of the directory is listed there.
fn golden_records() -> Vec<PathBuf> {
    let listed: Vec<String> = cases()
        .into_iter()
        .filter(|c| c.args[0] == "simulate")
        .map(|c| c.file)
        .collect();
    let mut on_disk: Vec<String> = std::fs::read_dir(golden_dir())
        .expect("tests/golden exists")
        .map(|e| e.expect("dir entry").file_name().into_string().unwrap())
        .filter(|name| name.starts_with("record-") && name.ends_with(".json"))
        .collect();
    on_disk.sort();
    let mut sorted = listed.clone();
    sorted.sort();
    assert_eq!(
        on_disk, sorted,
        "every golden record is listed in cases.txt"
    );
    assert!(
        listed.len() >= 12,
        "expected the golden records, found {listed:?}"
    );
    listed.iter().map(|f| golden_dir().join(f)).collect()
}

/// The six 1st-edition records that predate sheets: version 1, frozen.
const FROZEN_V1: [&str; 6] = [
    "record-solo.json",
    "record-solo-advanced.json",
    "record-standard-3.json",
    "record-standard-advanced-4.json",
    "record-expert-advanced-3.json",
    "record-standard-12.json",
];

#[test]
fn golden_records_reserialise_byte_for_byte() {
    for path in golden_records() {
        let text = std::fs::read_to_string(&path).unwrap();
        let record = Record::from_json(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let game = record.replay().unwrap_or_else(|e| panic!("{path:?}: {e}"));
        assert!(game.is_over(), "{path:?} is a finished game");
        let name = path.file_name().unwrap().to_str().unwrap();
        let v2 = Record::of(&game, &record.setup.seats);
        assert_eq!(v2.version, 2);
        let v2_text = v2.to_json();
        if FROZEN_V1.contains(&name) {
            // Version 1 records are written back as version 1 byte for byte; the same game as
            // version 2 adds the sheet and the offers.
            assert_eq!(record.version, 1, "{path:?}");
            let again = v2.clone().as_version(1).to_json();
            assert_eq!(again, text, "{path:?} does not re-serialise identically");
            assert!(v2_text.contains("\"sheet\":\"classic\"") && v2_text.contains("\"offers\""));
        } else {
            // The thematic and collector records are version 2, with their sheet and every
            // round's offers.
            assert_eq!(record.version, 2, "{path:?}");
            assert!(
                record.setup.options.sheet != SheetId::classic()
                    || record.setup.options.edition.as_str() != "first",
                "{path:?}"
            );
            assert!(
                record.rounds.iter().all(|r| !r.offers.is_empty()),
                "{path:?}"
            );
            assert_eq!(v2_text, text, "{path:?} does not re-serialise identically");
        }
        let replayed = Record::from_json(&v2_text).unwrap().replay().unwrap();
        assert_eq!(
            Record::of(&replayed, &record.setup.seats).to_json(),
            v2_text
        );
    }
}

#[test]
fn golden_records_cover_every_mode_and_sheet() {
    let mut seen = Vec::new();
    for path in golden_records() {
        let record = Record::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let o = record.setup.options;
        seen.push((o.sheet, o.mode, o.advanced, record.setup.seats.len()));
    }
    let classic = SheetId::classic();
    for want in [
        (classic, Mode::Solo, false, 1),
        (classic, Mode::Solo, true, 1),
        (classic, Mode::Standard, false, 3),
        (classic, Mode::Standard, true, 4),
        (classic, Mode::Expert, true, 3),
        (classic, Mode::Standard, false, 12),
    ] {
        assert!(
            seen.contains(&want),
            "no golden record for {want:?}: {seen:?}"
        );
    }
    // Every thematic sheet has a record; between them they play every mode, basic and advanced.
    let edition = Edition::first();
    let thematic: Vec<_> = seen.iter().filter(|s| s.0 != classic).collect();
    for sheet in edition.sheets.iter().filter(|s| s.id != classic) {
        assert!(
            thematic.iter().any(|s| s.0 == sheet.id),
            "no golden record on the {} sheet",
            sheet.id
        );
    }
    for mode in [Mode::Solo, Mode::Standard, Mode::Expert] {
        for advanced in [false, true] {
            assert!(
                thematic.iter().any(|s| s.1 == mode && s.2 == advanced),
                "no thematic golden record for {mode:?}, advanced {advanced}"
            );
        }
    }
}

#[test]
fn replay_prints_the_recorded_scores() {
    for path in golden_records() {
        let text = std::fs::read_to_string(&path).unwrap();
        let record = Record::from_json(&text).unwrap();
        let result = record.result.as_ref().expect("golden records are finished");

        let out = welcome(&["replay", path_str(&path), "--json"]).success();
        let report: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(report["valid"], true);
        assert_eq!(report["over"], true);
        let seats = report["seats"].as_array().unwrap();
        assert_eq!(seats.len(), result.scores.len());
        for (i, seat) in seats.iter().enumerate() {
            assert_eq!(seat["seat"], i + 1);
            assert_eq!(
                seat["score"]["total"],
                result.scores[i],
                "{path:?} seat {}",
                i + 1
            );
            assert_eq!(seat["rank"], result.ranks[i], "{path:?} seat {}", i + 1);
        }
        let winners: Vec<u64> = report["verdict"]["winners"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_u64().unwrap())
            .collect();
        let firsts: Vec<u64> = (0..result.ranks.len())
            .filter(|&i| result.ranks[i] == 1)
            .map(|i| i as u64 + 1)
            .collect();
        assert_eq!(winners, firsts, "{path:?}");

        let out = welcome(&["replay", path_str(&path)]).success();
        assert!(out.contains("valid record"), "{out}");
        let total_row = out
            .lines()
            .find(|l| l.starts_with("total"))
            .expect("total row");
        let totals: Vec<i32> = total_row
            .split_whitespace()
            .skip(1)
            .map(|w| w.parse().unwrap())
            .collect();
        assert_eq!(totals, result.scores, "{path:?}");
        let verdict = out.lines().last().unwrap();
        if result.scores.len() == 1 {
            assert!(verdict.contains("solo game"), "{verdict}");
        } else {
            assert!(verdict.starts_with("result: "), "{verdict}");
            assert!(verdict.contains(" wins ") || verdict.contains(" share the victory"));
        }
    }
}

#[test]
fn show_draws_every_sheet() {
    let path = golden_dir().join("record-standard-advanced-4.json");
    let out = welcome(&["replay", path_str(&path), "--show"]).success();
    assert_eq!(
        out.lines().filter(|l| l.starts_with("S3 ")).count(),
        4,
        "{out}"
    );
}

/// A copy of a golden record, edited as JSON and written to a temporary file.
struct Corrupt {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

fn corrupt(name: &str, edit: impl FnOnce(&mut Value)) -> Corrupt {
    let text = std::fs::read_to_string(golden_dir().join(name)).unwrap();
    let mut v: Value = serde_json::from_str(&text).unwrap();
    edit(&mut v);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    Corrupt { _dir: dir, path }
}

fn replay_fails(c: &Corrupt) -> String {
    let err = welcome(&["replay", path_str(&c.path)]).failure();
    assert!(
        err.contains(path_str(&c.path)),
        "the message names the file: {err}"
    );
    err
}

#[test]
fn changed_draw_fails_in_its_round() {
    // Solo round 3: give the number card of the turn a number more than 2 away.
    let c = corrupt("record-solo.json", |v| {
        let round = &mut v["rounds"][2];
        assert_eq!(round["round"], 3);
        let build = &round["turns"][0]["play"]["build"];
        let card = build["pick"]["hand"][0]
            .as_u64()
            .expect("round 3 is a build") as usize;
        let number = build["number"].as_u64().unwrap();
        let replacement = if number >= 8 {
            "1-surveyor"
        } else {
            "15-surveyor"
        };
        let draws = round["draws"].as_array_mut().unwrap();
        let idx = draws
            .iter()
            .enumerate()
            .filter(|(_, d)| *d != "solo")
            .nth(card - 1)
            .map(|(i, _)| i)
            .unwrap();
        draws[idx] = Value::from(replacement);
    });
    let err = replay_fails(&c);
    assert!(err.contains("round 3"), "{err}");
}

#[test]
fn illegal_house_fails_with_round_and_seat() {
    // Seat 2 builds again in a house it already filled.
    let name = "record-standard-3.json";
    let mut at = None;
    let c = corrupt(name, |v| {
        let rounds = v["rounds"].as_array_mut().unwrap();
        let house_of = |r: &Value| r["turns"][1]["play"]["build"]["house"].clone();
        let first = rounds
            .iter()
            .position(|r| !house_of(r).is_null())
            .expect("seat 2 builds");
        let filled = house_of(&rounds[first]);
        let later = (first + 1..rounds.len())
            .find(|&i| !house_of(&rounds[i]).is_null())
            .expect("seat 2 builds twice");
        rounds[later]["turns"][1]["play"]["build"]["house"] = filled;
        at = Some(rounds[later]["round"].as_u64().unwrap());
    });
    let err = replay_fails(&c);
    let round = at.unwrap();
    assert!(err.contains(&format!("round {round}, seat 2")), "{err}");
    assert!(err.contains("is not empty"), "{err}");
}

#[test]
fn wrong_final_score_fails() {
    let c = corrupt("record-standard-advanced-4.json", |v| {
        let s = v["result"]["scores"][0].as_i64().unwrap();
        v["result"]["scores"][0] = Value::from(s + 1);
    });
    let err = replay_fails(&c);
    assert!(err.contains("recorded result differs"), "{err}");
    assert!(err.contains("scores"), "{err}");
}

#[test]
fn missing_last_round_fails() {
    let mut rounds = 0;
    let c = corrupt("record-expert-advanced-3.json", |v| {
        let list = v["rounds"].as_array_mut().unwrap();
        list.pop();
        rounds = list.len();
    });
    let err = replay_fails(&c);
    let expected = format!(
        "the record ends with round {rounds}, whose turns are all played, but the game goes on and round {} is missing",
        rounds + 1
    );
    assert!(err.contains(&expected), "{err}");
}

/// A file that is not a game record is named for what it is, in plain words first, with the
/// parser's detail last.
#[test]
fn not_a_record() {
    let err = welcome_with_input(&["replay", "-"], "[1, 2, 3]").failure();
    assert!(
        err.starts_with("error: standard input: this JSON file is not a game record: a game record is the JSON file a finished game offers to download"),
        "{err}"
    );
    let err = welcome_with_input(&["replay", "-"], "my shopping list").failure();
    assert!(
        err.starts_with("error: standard input: this file is not a game record: a game record is the JSON file a finished game offers to download, and this file is not JSON at all (detail: expected value at line 1 column 1)"),
        "{err}"
    );
    let err = welcome_with_input(&["replay", "-"], " \n").failure();
    assert!(err.contains("standard input: the file is empty"), "{err}");

    // A sheet file: the command that reads it is named.
    let sheet = common::data_dir().join("worked-example-55.json");
    let err = welcome(&["replay", path_str(&sheet)]).failure();
    let expected = format!(
        "error: {0}: this is a sheet file (one player's sheet, for scoring), not a game record (detail: ",
        sheet.display()
    );
    assert!(err.starts_with(&expected), "{err}");
    assert!(
        err.trim_end()
            .ends_with(&format!("; `welcome score {}` scores it", sheet.display())),
        "{err}"
    );

    // A record cut short, as by an interrupted download.
    let text = std::fs::read_to_string(golden_dir().join("record-solo.json")).unwrap();
    let err = welcome_with_input(&["replay", "-"], &text[..text.len() / 2]).failure();
    assert!(
        err.starts_with("error: standard input: the file ends too early: it is the beginning of a game record cut short (an interrupted download or copy?), not a whole one (detail: EOF while parsing"),
        "{err}"
    );
    // A record edited by hand keeps the parser's words, after the plain ones.
    let err = welcome_with_input(
        &["replay", "-"],
        &text.replacen("\"rounds\"", "\"roundz\"", 1),
    )
    .failure();
    assert!(
        err.contains("this game record cannot be read: it was changed by hand, damaged, or written by another program (detail: unknown field `roundz`"),
        "{err}"
    );
}

#[test]
fn game_in_progress_replays_with_current_scores() {
    let options = Options::new(Mode::Standard);
    let mut game = Game::new(options, 2, 9).unwrap();
    let mut bots: Vec<_> = (0..2)
        .map(|s| BotKind::Random.make(seat_seed(9, s)))
        .collect();
    for _ in 0..3 {
        for (seat, bot) in bots.iter_mut().enumerate() {
            let turn = bot.choose(&PlayerView::of(&game, seat).unwrap());
            game.submit(seat, turn).unwrap();
        }
        game.resolve().unwrap();
    }
    assert!(!game.is_over());
    // as the server shares it during the game: without the seed
    let text = Record::public(&game, &["Ada".into(), "Bo".into()]).to_json();
    let out = welcome_with_input(&["replay", "-"], &text).success();
    assert!(out.contains("game in progress: round 4"), "{out}");
    assert!(out.contains("leading: "), "{out}");
    assert!(out.contains("seed hidden"), "{out}");
    assert!(!out.contains("seed 0"), "{out}");
    assert!(!out.contains(" wins "), "nobody has won yet:\n{out}");
    let out = welcome_with_input(&["replay", "-", "--json"], &text).success();
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["over"], false);
    assert_eq!(report["seed"], Value::Null);
    assert_eq!(report["seats"][1]["name"], "Bo");
}

#[test]
fn thematic_records_name_their_sheet() {
    let path = golden_dir().join("record-ice-cream-standard-3.json");
    let out = welcome(&["replay", path_str(&path)]).success();
    assert!(
        out.lines().next().unwrap().contains("sheet ice-cream"),
        "{out}"
    );
    let report: Value =
        serde_json::from_str(&welcome(&["replay", path_str(&path), "--json"]).success()).unwrap();
    assert_eq!(report["options"]["sheet"], "ice-cream");
    assert_eq!(report["edition"], "first");
    // The ice-cream row is in every seat's score.
    for seat in report["seats"].as_array().unwrap() {
        let rows = seat["score"]["rows"].as_array().unwrap();
        assert!(rows.iter().any(|r| r["id"] == "ice-cream"), "{seat}");
    }
}

#[test]
fn sheet_and_edition_flags_must_match_the_record() {
    let path = golden_dir().join("record-easter-solo.json");
    let p = path_str(&path);
    welcome(&["replay", p, "--sheet", "easter", "--edition", "first"]).success();
    let err = welcome(&["replay", p, "--sheet", "christmas"]).failure();
    assert!(
        err.contains("the record is for sheet easter, but --sheet christmas was given"),
        "{err}"
    );
    assert!(err.contains(p), "{err}");
    // A classic version 1 record is a classic game.
    let classic = golden_dir().join("record-solo.json");
    welcome(&["replay", path_str(&classic), "--sheet", "classic"]).success();
    let err = welcome(&["replay", path_str(&classic), "--sheet", "easter"]).failure();
    assert!(err.contains("for sheet classic"), "{err}");
    let err = welcome(&["replay", p, "--sheet", "halloween"]).failure();
    assert!(
        err.contains("edition first has no sheet \"halloween\"")
            && err.contains("classic, christmas, easter, ice-cream"),
        "{err}"
    );
    let err = welcome(&["replay", p, "--edition", "second"]).failure();
    assert!(
        err.contains("unknown edition \"second\" (known editions: first, collector)"),
        "{err}"
    );
}
