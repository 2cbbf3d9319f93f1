//! A name needs a visible character, and invisible formatting characters are refused: a
//! blank-looking name, a joiner outside an emoji sequence or a tag outside a flag creates no
//! table and takes no seat.

use crate::common;

use common::*;
use serde_json::{json, Value};
use welcome_client::http;

/// The names the server once took: blank-looking, or hiding formatting characters.
const BAD: [&str; 9] = [
    "\u{3164}",
    "\u{115F}",
    "\u{2800}",
    "\u{1160}\u{FFA0}",
    " \u{3164} \u{2800} ",
    "A\u{200D}B",
    "\u{200D}",
    "Ann\u{E0041}\u{E007F}",
    "\u{E0067}\u{E0062}",
];

#[tokio::test]
async fn blank_looking_and_hidden_names_are_refused() {
    let srv = server().await;
    let addr = srv.addr();
    for name in BAD {
        let (status, e) = http(
            addr,
            "POST",
            "/api/tables",
            Some(&json!({ "name": name, "mode": "standard", "seats": 2 })),
        )
        .await
        .unwrap();
        assert_eq!(
            (status, e["code"].as_str()),
            (400, Some("bad_name")),
            "{name:?}: {e}"
        );
        assert!(e["message"].as_str().unwrap().contains("visible"));
    }
    // Nothing was created.
    let lobby = call(addr, "GET", "/api/tables", Value::Null, 200).await;
    assert_eq!(lobby, json!([]));

    let (table, _) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2 }),
    )
    .await;
    for name in BAD {
        let (status, e) = http(
            addr,
            "POST",
            &format!("/api/tables/{table}/join"),
            Some(&json!({ "name": name })),
        )
        .await
        .unwrap();
        assert_eq!(
            (status, e["code"].as_str()),
            (400, Some("bad_name")),
            "{name:?}: {e}"
        );
    }
    // The seat is still free; emoji sequences, with their joiners and tags, are names.
    assert_eq!(
        table_info(addr, &table).await["seats"][1]["name"],
        Value::Null
    );
    let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} \u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}";
    join(addr, &table, family).await;
    assert_eq!(table_info(addr, &table).await["seats"][1]["name"], family);
    srv.running.stop().await;
}
