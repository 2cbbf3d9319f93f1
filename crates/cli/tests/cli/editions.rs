//! `welcome editions`: the built-in editions and sheets as the engine loads them, in text and
//! JSON, with the placeholder status of their values.

use crate::common;

use common::welcome;
use serde_json::Value;
use welcome_engine::{Edition, Status};

fn json() -> Value {
    serde_json::from_str(&welcome(&["editions", "--json"]).success()).unwrap()
}

#[test]
fn json_lists_every_edition_and_sheet_as_loaded() {
    let report = json();
    let editions = report["editions"].as_array().unwrap();
    assert_eq!(editions.len(), Edition::all().len());
    for (e, ed) in editions.iter().zip(Edition::all()) {
        assert_eq!(e["id"], ed.id.as_str());
        assert_eq!(e["name"], ed.name.as_str());
        assert_eq!(e["default_sheet"], ed.default_sheet().id.as_str());
        assert_eq!(e["cards"], ed.deck.len());
        let sheets = e["sheets"].as_array().unwrap();
        assert_eq!(sheets.len(), ed.sheets.len());
        for (s, layout) in sheets.iter().zip(&ed.sheets) {
            let at = layout.id.as_str();
            assert_eq!(s["id"], at);
            assert_eq!(s["name"], layout.name.as_str(), "{at}");
            assert_eq!(s["default"], layout.id == ed.default_sheet().id, "{at}");
            assert_eq!(s["modules"], serde_json::to_value(&layout.modules).unwrap());
            assert_eq!(s["plans"], ed.plans_of(layout).count(), "{at}");
            assert_eq!(s["own_plans"], layout.plans.len(), "{at}");
            let streets: Vec<u64> = layout.streets.iter().map(|st| st.houses as u64).collect();
            assert_eq!(s["streets"], serde_json::json!(streets), "{at}");
            let placeholders: Vec<&str> = layout
                .provenance
                .iter()
                .filter(|p| p.status == Status::Placeholder)
                .map(|p| p.what.as_str())
                .collect();
            let listed: Vec<&str> = s["placeholders"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["what"].as_str().unwrap())
                .collect();
            assert_eq!(listed, placeholders, "{at}");
            assert_eq!(s["placeholder"], layout.has_placeholders(), "{at}");
        }
    }
}

#[test]
fn first_edition_has_the_classic_and_three_thematic_sheets() {
    let report = json();
    let first = &report["editions"][0];
    assert_eq!(first["id"], "first");
    let ids: Vec<&str> = first["sheets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids[0], "classic", "the default sheet comes first");
    for id in ["easter", "ice-cream", "christmas"] {
        let s = first["sheets"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["id"] == id)
            .unwrap_or_else(|| panic!("no {id} sheet"));
        // Each thematic sheet switches its module on and deals its own three plans in stack 3.
        assert_eq!(s["modules"], serde_json::json!([id]));
        assert_eq!(s["own_plans"], 3);
    }
}

#[test]
fn text_has_a_line_per_sheet() {
    let out = welcome(&["editions"]).success();
    let report = json();
    for e in report["editions"].as_array().unwrap() {
        let head = out
            .lines()
            .find(|l| l.starts_with(&format!("edition {} ", e["id"].as_str().unwrap())))
            .unwrap_or_else(|| panic!("no line for edition {}:\n{out}", e["id"]));
        assert!(head.contains(e["name"].as_str().unwrap()), "{head}");
        // The edition's block: from its head line to the next edition's.
        let block: Vec<&str> = out
            .lines()
            .skip_while(|l| *l != head)
            .skip(1)
            .take_while(|l| !l.starts_with("edition "))
            .collect();
        for s in e["sheets"].as_array().unwrap() {
            let id = s["id"].as_str().unwrap();
            let line = block
                .iter()
                .copied()
                .find(|l| l.trim_start().starts_with(&format!("{id} ")))
                .unwrap_or_else(|| panic!("no line for sheet {id}:\n{out}"));
            assert!(line.contains(s["name"].as_str().unwrap()), "{line}");
            let plans = format!("{} ({} own)", s["plans"], s["own_plans"]);
            assert!(line.contains(&plans), "{line}");
            let status = if s["placeholder"] == true {
                "PLACEHOLDER"
            } else {
                "verified"
            };
            assert!(line.ends_with(status), "{line}");
            if s["default"] == true {
                assert!(line.contains("(default)"), "{line}");
            }
        }
    }
}

#[test]
fn extra_arguments_are_refused() {
    let err = welcome(&["editions", "first"]).failure();
    assert!(err.contains("first"), "{err}");
}

/// A copy of the built-in collector edition's folder in a fresh directory, with `edit` applied
/// to its edition.json.
fn collector_copy(edit: impl Fn(&str) -> String) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let from = common::repo_root().join("crates/engine/data/editions/collector");
    let to = dir.path().join("collector");
    std::fs::create_dir_all(to.join("sheets")).unwrap();
    let text = std::fs::read_to_string(from.join("edition.json")).unwrap();
    std::fs::write(to.join("edition.json"), edit(&text)).unwrap();
    for e in std::fs::read_dir(from.join("sheets")).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, to.join("sheets").join(p.file_name().unwrap())).unwrap();
    }
    dir
}

#[test]
fn edition_data_replaces_the_built_in_values_without_a_rebuild() {
    // Sam's park value as printed on a (hypothetical) corrected card.
    let dir = collector_copy(|t| t.replacen("\"park\": 1,", "\"park\": 4,", 1));
    let path = common::path_str(dir.path()).to_string();
    let out = welcome(&["editions", "--edition-data", &path]).success();
    assert!(
        out.contains("AAA level 1: Sam — validates ABC; park 4,"),
        "{out}"
    );
    // The AAA plays with it: the same game scores more for an AAA worth 4 per Parc card, and
    // its record is written as usual.
    let records = dir.path().join("records");
    let game = [
        "simulate",
        "--edition",
        "collector",
        "--solo",
        "--games",
        "1",
        "--seed",
        "3",
        "--json",
    ];
    let plain = welcome(&game).success();
    let mut with_data = game.to_vec();
    with_data.extend([
        "--edition-data",
        &path,
        "--records",
        common::path_str(&records),
    ]);
    let corrected = welcome(&with_data).success();
    let aaa = |s: &str| {
        serde_json::from_str::<Value>(s).unwrap()["aaa"]["scores"]["mean"]
            .as_f64()
            .unwrap()
    };
    assert!(aaa(&corrected) > aaa(&plain), "{corrected}");
    assert!(std::fs::read_dir(&records).unwrap().count() == 1);
}

#[test]
fn edition_data_out_of_range_is_refused_naming_the_file_and_field() {
    let dir = collector_copy(|t| t.replacen("\"pool\": 1,", "\"pool\": 7,", 1));
    let path = common::path_str(dir.path()).to_string();
    let err = welcome(&["editions", "--edition-data", &path]).failure();
    assert!(err.contains("pool = 7"), "{err}");
    assert!(err.contains("Sam"), "{err}");
    assert!(err.contains("collector"), "{err}");
    let missing = collector_copy(|t| t.replacen("\"best_estates\": 5,", "", 1));
    let err = welcome(&[
        "editions",
        "--edition-data",
        common::path_str(missing.path()),
    ])
    .failure();
    assert!(err.contains("best_estates"), "{err}");
    let empty = tempfile::tempdir().unwrap();
    let err = welcome(&["editions", "--edition-data", common::path_str(empty.path())]).failure();
    assert!(err.contains("no edition.json"), "{err}");
}

#[test]
fn edition_data_files_are_bounded_in_size_and_number() {
    // A data file past 1 MiB is refused, naming it, and nothing is written.
    let big = collector_copy(|t| t.to_string());
    let sheet = big.path().join("collector/sheets/classic.json");
    let mut text = std::fs::read_to_string(&sheet).unwrap();
    text.push_str(&" ".repeat(1 << 20));
    std::fs::write(&sheet, text).unwrap();
    let records = big.path().join("records");
    let err = welcome(&[
        "simulate",
        "--edition",
        "collector",
        "--players",
        "2",
        "--games",
        "1",
        "--seed",
        "1",
        "--edition-data",
        common::path_str(big.path()),
        "--records",
        common::path_str(&records),
    ])
    .failure();
    assert!(err.contains("classic.json"), "{err}");
    assert!(err.contains("at most 1048576 bytes"), "{err}");
    assert!(!records.exists() || std::fs::read_dir(&records).unwrap().count() == 0);

    // A file that never ends (a link to /dev/zero) is cut at the bound, not read into memory.
    #[cfg(unix)]
    {
        let zero = collector_copy(|t| t.to_string());
        let sheet = zero.path().join("collector/sheets/zero.json");
        std::os::unix::fs::symlink("/dev/zero", &sheet).unwrap();
        let err = welcome(&["editions", "--edition-data", common::path_str(zero.path())]).failure();
        assert!(err.contains("zero.json"), "{err}");
        assert!(err.contains("at most 1048576 bytes"), "{err}");
    }

    // More sheet files than an edition can have.
    let many = collector_copy(|t| t.to_string());
    let sheets = many.path().join("collector/sheets");
    let classic = std::fs::read_to_string(sheets.join("classic.json")).unwrap();
    for i in 0..64 {
        std::fs::write(sheets.join(format!("copy-{i}.json")), &classic).unwrap();
    }
    let err = welcome(&["editions", "--edition-data", common::path_str(many.path())]).failure();
    assert!(err.contains("at most 64"), "{err}");
}
