//! The sheet file examples of docs/formats.md are real: each scores with `welcome score`, to
//! the total the text after it states, and every thematic sheet has one.

use crate::common;

use common::{repo_root, welcome_with_input};
use serde_json::Value;

/// Each sheet-file example (a ```json block naming "welcome-sheet") with the total stated
/// in bold ("**78 points**") in the text since the block before it, if any.
fn examples() -> Vec<(String, Option<i64>)> {
    let doc = std::fs::read_to_string(repo_root().join("docs/formats.md")).unwrap();
    let mut out = Vec::new();
    let mut stated = None;
    let mut block: Option<String> = None;
    for line in doc.lines() {
        match &mut block {
            Some(b) if line == "```" => {
                if b.contains("\"welcome-sheet\"") {
                    out.push((b.clone(), stated));
                }
                stated = None;
                block = None;
            }
            Some(b) => {
                b.push_str(line);
                b.push('\n');
            }
            None if line == "```json" => block = Some(String::new()),
            None => stated = stated.or_else(|| bold_points(line)),
        }
    }
    out
}

/// The number N of the first "**N points**" in a line.
fn bold_points(line: &str) -> Option<i64> {
    let (_, rest) = line.split_once("**")?;
    let (n, rest) = rest.split_once(' ')?;
    rest.starts_with("points**").then(|| n.parse().ok())?
}

#[test]
fn sheet_examples_score_as_stated() {
    let examples = examples();
    assert!(
        examples.len() >= 4,
        "the classic example and one per thematic sheet"
    );
    let mut sheets = Vec::new();
    for (json, total) in &examples {
        let out = welcome_with_input(&["score", "-", "--json"], json).success();
        let score: Value = serde_json::from_str(&out).unwrap();
        if let Some(total) = total {
            assert_eq!(score["total"], *total, "{json}");
        }
        let file: Value = serde_json::from_str(json).unwrap();
        sheets.push(file["sheet_id"].as_str().unwrap_or("classic").to_string());
    }
    for id in ["classic", "easter", "ice-cream", "christmas"] {
        assert!(
            sheets.iter().any(|s| s == id),
            "no example on the {id} sheet"
        );
    }
    let stated = examples.iter().filter(|e| e.1.is_some()).count();
    assert!(stated >= 3, "each thematic example states its total");
}

/// The record example is shortened, so it cannot replay, but it is a version 2 record as the
/// engine reads it, with the sheet and offers the text describes.
#[test]
fn record_example_parses_as_version_2() {
    let doc = std::fs::read_to_string(repo_root().join("docs/formats.md")).unwrap();
    let block = doc
        .split("```json\n")
        .skip(1)
        .filter_map(|b| b.split_once("\n```").map(|(json, _)| json))
        .find(|b| b.contains("\"welcome-record\""))
        .expect("a record example");
    let record = welcome_engine::Record::from_json(block).unwrap();
    assert_eq!(record.version, 2);
    assert_eq!(record.setup.options.sheet, "ice-cream");
    assert!(record.rounds.iter().all(|r| r.offers.len() == 1));
}

/// The record of a table that only deals is whole: it replays, with the reshuffle it
/// describes, to the same bytes, and `welcome replay` reads it.
#[test]
fn deal_only_record_example_replays() {
    let doc = std::fs::read_to_string(repo_root().join("docs/formats.md")).unwrap();
    let block = doc
        .split("```json\n")
        .skip(1)
        .filter_map(|b| b.split_once("\n```").map(|(json, _)| json))
        .find(|b| b.contains("\"welcome-record\"") && b.contains("\"seats\":[]"))
        .expect("a deal-only record example");
    let record = welcome_engine::Record::from_json(block).unwrap();
    let game = record.replay().unwrap();
    assert!(game.deals_only());
    assert_eq!(
        welcome_engine::Record::of(&game, &[]).to_json(),
        format!("{block}\n")
    );
    assert!(record.rounds[1].reshuffle);
    assert_eq!(record.rounds[2].draws.len(), 6);
    let out = welcome_with_input(&["replay", "-"], block).success();
    assert!(out.contains("the host ended the game"), "{out}");
}
