//! `POST /api/replay`: any game record, stepped round by round with every sheet as it was; a
//! record that does not replay is refused with a stable code and nothing changes.

use crate::common;

use common::*;
use serde_json::{json, Value};
use welcome_client::http_raw;
use welcome_server::{spawn, ServeConfig};

fn golden(name: &str) -> String {
    let path = format!("{}/../../tests/golden/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Posts `body` to `/api/replay` and expects `status`.
async fn replay(addr: std::net::SocketAddr, body: &[u8], status: u16) -> Value {
    let (s, v) = http_raw(addr, "POST", "/api/replay", body)
        .await
        .expect("HTTP answer");
    assert_eq!(s, status, "POST /api/replay answered {s}: {v}");
    v
}

/// Posts a record that must be refused with `status` and `code`.
async fn refused(addr: std::net::SocketAddr, body: &str, status: u16, code: &str) -> Value {
    let e = replay(addr, body.as_bytes(), status).await;
    assert_eq!(e["code"], code, "{e}");
    assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()), "{e}");
    e
}

#[tokio::test]
async fn a_golden_record_steps_round_by_round() {
    let srv = server().await;
    let addr = srv.addr();
    for name in [
        "record-standard-3.json",
        "record-expert-advanced-3.json",
        "record-ice-cream-standard-3.json",
        "record-easter-solo.json",
    ] {
        let text = golden(name);
        let record: Value = serde_json::from_str(&text).unwrap();
        let r = replay(addr, text.as_bytes(), 200).await;
        let rounds = r["rounds"].as_array().unwrap();
        let seats = record["setup"]["seats"].as_array().unwrap().len();
        assert_eq!(
            rounds.len(),
            record["rounds"].as_array().unwrap().len(),
            "{name}"
        );
        assert_eq!(r["seats"], record["setup"]["seats"]);
        assert_eq!(r["mode"], record["setup"]["options"]["mode"]);
        for (k, round) in rounds.iter().enumerate() {
            let rec = &record["rounds"][k];
            assert_eq!(round["round"], k + 1);
            // The log entry is the record's round (version 1 records gain their offers).
            assert_eq!(round["draws"], rec["draws"], "{name} round {}", k + 1);
            assert_eq!(round["turns"], rec["turns"], "{name} round {}", k + 1);
            assert!(!round["offers"].as_array().unwrap().is_empty());
            assert_eq!(round["sheets"].as_array().unwrap().len(), seats);
            assert_eq!(round["plans"].as_array().unwrap().len(), 3);
            // Each round writes something on each sheet: a number, or a refusal.
            if k > 0 {
                for s in 0..seats {
                    assert_ne!(
                        round["sheets"][s]["sheet"],
                        rounds[k - 1]["sheets"][s]["sheet"],
                        "{name}: seat {} did not change in round {}",
                        s + 1,
                        k + 1
                    );
                }
            }
            for sheet in round["sheets"].as_array().unwrap() {
                assert!(sheet["derived"]["ranges"].is_array());
                assert!(sheet["score"]["rows"].is_array());
            }
        }
        // Seat 1's number of round 1 stands where its turn wrote it.
        let b = &record["rounds"][0]["turns"][0]["play"]["build"];
        if let Some(house) = b["house"].as_array() {
            let (s, h) = (house[0].as_u64().unwrap(), house[1].as_u64().unwrap());
            let first = &rounds[0]["sheets"][0]["sheet"]["streets"][s as usize - 1]["houses"];
            assert_eq!(first[h as usize - 1], b["number"].to_string());
        }
        // The scores at the end are the record's result.
        let last = rounds.last().unwrap();
        let totals: Vec<Value> = last["sheets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["score"]["total"].clone())
            .collect();
        assert_eq!(json!(totals), record["result"]["scores"], "{name}");
        assert_eq!(r["result"]["scores"], record["result"]["scores"]);
        assert_eq!(r["result"]["ranks"], record["result"]["ranks"]);
        assert!(r["result"]["tie_break"]
            .as_str()
            .is_some_and(|t| !t.is_empty()));
    }
    srv.running.stop().await;
}

/// Every sheet of the replay is the one the table showed its players after that round.
#[tokio::test]
async fn a_table_replays_as_it_was_played() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2, "sheet": "christmas",
                "bots": [{ "seat": 2, "kind": "greedy" }] }),
    )
    .await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let mut seen = Vec::new();
    let mut state = a.started().await;
    while state["view"]["result"].is_null() {
        let round = state["view"]["round"].as_u64().unwrap();
        if round > 1 {
            seen.push(state["view"]["sheets"].clone());
        }
        // Keep one in-progress record to replay as well.
        if round == 4 {
            let path = format!("/api/tables/{table}/record");
            let (s, rec) = welcome_client::http(addr, "GET", &path, None)
                .await
                .unwrap();
            assert_eq!(s, 200);
            let r = replay(addr, rec.to_string().as_bytes(), 200).await;
            assert_eq!(r["rounds"].as_array().unwrap().len(), 3);
            assert_eq!(r["result"], Value::Null);
            assert_eq!(r["rounds"][2]["sheets"], state["view"]["sheets"]);
        }
        let turn = a.first_turn(round).await;
        a.submit(round, &turn).await;
        state = a.round(round + 1).await;
    }
    seen.push(state["view"]["sheets"].clone());
    let path = format!("/api/tables/{table}/record");
    let (s, record) = welcome_client::http(addr, "GET", &path, None)
        .await
        .unwrap();
    assert_eq!(s, 200);
    let r = replay(addr, record.to_string().as_bytes(), 200).await;
    let rounds = r["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), seen.len());
    for (k, (round, sheets)) in rounds.iter().zip(&seen).enumerate() {
        assert_eq!(&round["sheets"], sheets, "round {}", k + 1);
    }
    assert_eq!(rounds.last().unwrap()["plans"], state["view"]["plans"]);
    assert_eq!(r["result"], state["view"]["result"]);
    assert_eq!(r["sheet"], "christmas");
    srv.running.stop().await;
}

#[tokio::test]
async fn bad_records_are_refused_and_change_nothing() {
    let srv = server().await;
    let addr = srv.addr();
    let good = golden("record-solo-advanced.json");
    refused(addr, "this is not JSON", 400, "record_json").await;
    refused(addr, "{}", 400, "record_json").await;
    let e = replay(addr, &[0xff, 0xfe, 0x00], 400).await;
    assert_eq!(e["code"], "record_json");
    refused(
        addr,
        &good.replace("\"welcome-record\"", "\"a-shopping-list\""),
        400,
        "record_format",
    )
    .await;
    refused(
        addr,
        &good.replace("\"version\": 1", "\"version\": 9"),
        400,
        "record_version",
    )
    .await;
    refused(
        addr,
        &good.replace("\"edition\":\"first\"", "\"edition\":\"second\""),
        400,
        "unknown_edition",
    )
    .await;
    // A version 2 record names its sheet.
    let v2 = golden("record-easter-solo.json");
    assert!(v2.contains("\"sheet\":\"easter\""));
    refused(
        addr,
        &v2.replace("\"sheet\":\"easter\"", "\"sheet\":\"summer\""),
        400,
        "unknown_sheet",
    )
    .await;
    // A turn that does not replay: a house the street does not have.
    let mut record: Value = serde_json::from_str(&good).unwrap();
    record["rounds"][1]["turns"][0]["play"]["build"]["house"] = json!([1, 40]);
    let e = refused(addr, &record.to_string(), 422, "record_illegal_turn").await;
    assert!(e["message"].as_str().unwrap().contains("round 2"), "{e}");
    // A card the deck does not have.
    let mut record: Value = serde_json::from_str(&good).unwrap();
    record["rounds"][0]["draws"][0] = json!("15-bis");
    refused(addr, &record.to_string(), 422, "record_draws").await;
    // A result the replay does not reach.
    let mut record: Value = serde_json::from_str(&good).unwrap();
    record["result"]["scores"] = json!([999]);
    refused(addr, &record.to_string(), 422, "record_result").await;
    // Too large to read.
    let big = format!("{{\"pad\": \"{}\"}}", "x".repeat(1024 * 1024 + 1));
    refused(addr, &big, 413, "body_too_large").await;
    // The refusals created nothing, and the good record still replays.
    assert_eq!(
        call(addr, "GET", "/api/tables", Value::Null, 200).await,
        json!([])
    );
    replay(addr, good.as_bytes(), 200).await;
    // GET is not served there.
    let e = call(addr, "GET", "/api/replay", Value::Null, 405).await;
    assert_eq!(e["code"], "method_not_allowed");
    srv.running.stop().await;
}

#[tokio::test]
async fn the_server_bounds_the_sheets_of_a_replay() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = ServeConfig::new(
        "127.0.0.1:0",
        dir.path().join("w.db").to_string_lossy().to_string(),
    );
    config.limits.max_replay_sheets = 50;
    let running = spawn(config).await.unwrap();
    let addr = running.addr;
    // 12 seats over more than 4 rounds is more than 50 sheets.
    let e = refused(
        addr,
        &golden("record-standard-12.json"),
        413,
        "record_too_large",
    )
    .await;
    assert!(e["message"].as_str().unwrap().contains("12 seats"), "{e}");
    running.stop().await;
}

#[tokio::test]
async fn seat_names_are_bounded_as_at_a_table() {
    let srv = server().await;
    let addr = srv.addr();
    let text = golden("record-ice-cream-standard-3.json");
    for (seat, name) in [
        (1, "x".repeat(1 << 16)),
        (0, "y".repeat(33)),
        (2, "\u{3164}".to_string()),
        (1, "A\u{202E}B".to_string()),
    ] {
        let mut record: Value = serde_json::from_str(&text).unwrap();
        record["setup"]["seats"][seat] = json!(name);
        let e = refused(addr, &record.to_string(), 400, "bad_name").await;
        assert!(
            e["message"]
                .as_str()
                .unwrap()
                .starts_with(&format!("setup.seats[{seat}]")),
            "{e}"
        );
    }
    // Nothing is kept: the server answers the record as it was.
    replay(addr, text.as_bytes(), 200).await;
    assert_eq!(
        call(addr, "GET", "/api/tables", Value::Null, 200).await,
        json!([])
    );
    srv.running.stop().await;
}

#[tokio::test]
async fn the_answer_of_a_replay_is_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = ServeConfig::new(
        "127.0.0.1:0",
        dir.path().join("w.db").to_string_lossy().to_string(),
    );
    // The 4-seat Atomic War record answers 370 KB; 3-seat ice-cream about 200 KB.
    config.limits.max_replay_answer = 300_000;
    let running = spawn(config).await.unwrap();
    let addr = running.addr;
    let e = refused(
        addr,
        &golden("record-collector-atomic-war-standard-4.json"),
        413,
        "replay_too_large",
    )
    .await;
    assert!(
        e["message"].as_str().unwrap().contains("300000 bytes"),
        "{e}"
    );
    let (status, body) = welcome_client::http_raw(
        addr,
        "POST",
        "/api/replay",
        golden("record-standard-3.json").as_bytes(),
    )
    .await
    .unwrap();
    assert_eq!(status, 200, "{body}");
    running.stop().await;
}

#[tokio::test]
async fn replays_at_once_are_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = ServeConfig::new(
        "127.0.0.1:0",
        dir.path().join("w.db").to_string_lossy().to_string(),
    );
    config.limits.replays_at_once = 1;
    let running = spawn(config).await.unwrap();
    let addr = running.addr;
    let text = golden("record-standard-3.json");
    // Every place in the line is taken (1 running and 3 waiting, held here): one more replay
    // is refused at once, with a time to come back.
    let held: Vec<_> = (0..4)
        .map(|_| running.state.replay_place().unwrap())
        .collect();
    assert!(running.state.replay_place().is_none());
    let (status, head, body) = welcome_client::Request::new("POST", "/api/replay")
        .body(text.as_bytes())
        .send_full(addr)
        .await
        .unwrap();
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["code"], "replay_busy");
    assert!(
        head.to_ascii_lowercase().contains("retry-after: 1\r\n"),
        "{head}"
    );
    // Once a place is free, the same record is replayed.
    drop(held);
    replay(addr, text.as_bytes(), 200).await;
    running.stop().await;
}

#[tokio::test]
async fn a_record_whose_seed_deals_other_cards_is_refused() {
    let srv = server().await;
    let addr = srv.addr();
    let text = golden("record-ice-cream-standard-3.json");
    let mut record: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(record["setup"]["seed"], 9);
    // Another seed deals other plans and cards.
    for seed in [10u64, 0, u64::MAX] {
        record["setup"]["seed"] = json!(seed);
        let e = refused(addr, &record.to_string(), 422, "record_seed").await;
        let m = e["message"].as_str().unwrap();
        assert!(
            m.starts_with("setup.seed") || m.starts_with("setup.plans"),
            "{e}"
        );
        assert!(m.contains(&format!("seed {seed}")), "{e}");
    }
    // The same seed, with round 5 dealt in another order (the same cards, still in the pile,
    // so that the draws alone do not tell): the game in progress as of round 5.
    let mut cut = serde_json::from_str::<Value>(&text).unwrap();
    cut.as_object_mut().unwrap().remove("result");
    let rounds = cut["rounds"].as_array_mut().unwrap();
    rounds.truncate(5);
    rounds[4]["turns"] = json!([]);
    rounds[4]["offers"] = json!([]);
    replay(addr, cut.to_string().as_bytes(), 200).await;
    let mut draws = cut["rounds"][4]["draws"].as_array().unwrap().clone();
    draws.reverse();
    cut["rounds"][4]["draws"] = json!(draws);
    let e = refused(addr, &cut.to_string(), 422, "record_seed").await;
    let m = e["message"].as_str().unwrap();
    assert!(
        m.starts_with("setup.seed: seed 9 deals") && m.contains("in round 5"),
        "{e}"
    );
    // Without its seed (a record shared while the game went on) the draws alone are checked.
    record.as_object_mut().unwrap()["setup"]
        .as_object_mut()
        .unwrap()
        .remove("seed");
    replay(addr, record.to_string().as_bytes(), 200).await;
    replay(addr, text.as_bytes(), 200).await;
    srv.running.stop().await;
}
