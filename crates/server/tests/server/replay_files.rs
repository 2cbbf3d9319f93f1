//! `POST /api/replay` given a file that is not a game record: the message says what the file
//! is (a sheet file, other JSON, not JSON, not text, cut short) in a player's words first, the
//! parser's detail last, with the stable code `record_json`, and nothing changes.

use crate::common;

use common::*;
use serde_json::Value;
use welcome_client::{http, http_raw};

fn file(path: &str) -> String {
    let path = format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The message of the refusal of `body`, which must be a `400` with code `record_json`.
async fn message(addr: std::net::SocketAddr, body: &[u8]) -> String {
    let (status, v) = http_raw(addr, "POST", "/api/replay", body)
        .await
        .expect("HTTP answer");
    assert_eq!(
        (status, &v["code"]),
        (400, &Value::from("record_json")),
        "{v}"
    );
    v["message"].as_str().expect("a message").to_string()
}

#[tokio::test]
async fn files_that_are_not_records_are_named_for_what_they_are() {
    let srv = server().await;
    let addr = srv.addr();
    let (_, before) = http(addr, "GET", "/api/tables", None).await.unwrap();

    let m = message(addr, b"my shopping list").await;
    assert!(
        m.starts_with("this file is not a game record: a game record is the JSON file a finished game offers to download, and this file is not JSON at all (detail: "),
        "{m}"
    );
    assert!(m.ends_with("at line 1 column 1)"), "{m}");
    assert!(!m.contains("ident"), "{m}");

    let sheet = file("crates/cli/tests/data/worked-example-55.json");
    let m = message(addr, sheet.as_bytes()).await;
    assert!(
        m.starts_with(
            "this is a sheet file (one player's sheet, for scoring), not a game record (detail: "
        ),
        "{m}"
    );

    let m = message(addr, br#"{"players": ["Ann", "Bob"]}"#).await;
    assert!(
        m.starts_with("this JSON file is not a game record: a game record is the JSON file a finished game offers to download, and starts with \"format\": \"welcome-record\""),
        "{m}"
    );

    let record = file("tests/golden/record-solo.json");
    let m = message(addr, &record.as_bytes()[..record.len() / 3]).await;
    assert!(
        m.starts_with("the file ends too early: it is the beginning of a game record cut short (an interrupted download or copy?), not a whole one (detail: EOF while parsing"),
        "{m}"
    );

    let m = message(addr, b"").await;
    assert!(m.starts_with("the file is empty: a game record is"), "{m}");

    let m = message(
        addr,
        &[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0xff],
    )
    .await;
    assert!(
        m.starts_with("this file is not a game record: a game record is the JSON file a finished game offers to download, and this file is not text at all"),
        "{m}"
    );

    let (_, after) = http(addr, "GET", "/api/tables", None).await.unwrap();
    assert_eq!(before, after);
    srv.running.stop().await;
}
