//! The 1st edition's values are all verified: a table, a companion request or a record cannot
//! enter plan values there (a record once rescored itself that way), as a verified sheet takes
//! no entered layout (`layout_verified`). The collector edition, whose values stand in until
//! checked, still takes them.

use crate::common;

use common::*;
use serde_json::{json, Value};
use welcome_client::{http, http_raw};

fn golden(name: &str) -> String {
    let path = format!("{}/../../tests/golden/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

async fn post(addr: std::net::SocketAddr, path: &str, body: Value) -> (u16, Value) {
    http(addr, "POST", path, Some(&body)).await.unwrap()
}

#[tokio::test]
async fn first_edition_plan_values_are_refused() {
    let srv = server().await;
    let addr = srv.addr();
    let plans = json!({ "plans": [[30, 20], null, null] });

    // At creation: nothing is created.
    let (status, e) = post(
        addr,
        "/api/tables",
        json!({ "name": "Ann", "mode": "standard", "seats": 2, "values": plans }),
    )
    .await;
    assert_eq!(
        (status, e["code"].as_str()),
        (400, Some("values_verified")),
        "{e}"
    );
    assert!(e["message"].as_str().unwrap().contains("first"), "{e}");
    assert_eq!(
        call(addr, "GET", "/api/tables", Value::Null, 200).await,
        json!([])
    );

    // In the waiting room: the table keeps the edition's values.
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2 }),
    )
    .await;
    let before = table_info(addr, &table).await;
    let (status, e) = post(
        addr,
        &format!("/api/tables/{table}/values"),
        json!({ "token": ann, "values": plans }),
    )
    .await;
    assert_eq!(
        (status, e["code"].as_str()),
        (400, Some("values_verified")),
        "{e}"
    );
    assert_eq!(table_info(addr, &table).await, before);

    // The companion, which checks values as a table does.
    let blank = json!({ "streets": [
        { "houses": ["", "", "", "", "", "", "", "", "", ""] },
        { "houses": ["", "", "", "", "", "", "", "", "", "", ""] },
        { "houses": ["", "", "", "", "", "", "", "", "", "", "", ""] }
    ] });
    let companion = |values: Option<Value>| {
        let mut first = json!({ "card": 1, "approved": false });
        if let Some(v) = values {
            first["values"] = v;
        }
        json!({ "sheet": blank, "offer": { "hand": ["3-bis", "7-pool", "12-temp"] },
                "plans": [first, { "card": 7, "approved": false }, { "card": 13, "approved": false }] })
    };
    let (status, e) = post(
        addr,
        "/api/companion/options",
        companion(Some(json!([30, 20]))),
    )
    .await;
    assert_eq!(
        (status, e["code"].as_str()),
        (400, Some("values_verified")),
        "{e}"
    );
    let (status, o) = post(addr, "/api/companion/options", companion(None)).await;
    assert_eq!(status, 200, "{o}");

    // A 1st-edition record that enters values does not replay.
    let text = golden("record-ice-cream-standard-3.json");
    let mut record: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(record["setup"]["edition"], "first");
    record["setup"]["values"] = plans.clone();
    let (status, e) = http_raw(addr, "POST", "/api/replay", record.to_string().as_bytes())
        .await
        .unwrap();
    assert_eq!(
        (status, e["code"].as_str()),
        (422, Some("record_setup")),
        "{e}"
    );
    assert!(e["message"].as_str().unwrap().contains("verified"), "{e}");
    let (status, _) = http_raw(addr, "POST", "/api/replay", text.as_bytes())
        .await
        .unwrap();
    assert_eq!(status, 200);

    // The collector edition still takes them.
    let (status, v) = post(
        addr,
        "/api/tables",
        json!({ "name": "Ann", "mode": "standard", "edition": "collector", "seats": 2, "values": plans }),
    )
    .await;
    assert_eq!(status, 201, "{v}");
    srv.running.stop().await;
}
