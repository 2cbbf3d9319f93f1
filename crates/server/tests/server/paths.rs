//! Paths that are not UTF-8 once decoded, and methods no route serves, are answered with the
//! protocol's `{"code","message"}` like every other refusal, and change nothing.

use crate::common;

use common::*;
use serde_json::json;
use welcome_server::{app, Limits};

const HOST: (&str, &str) = ("host", "127.0.0.1:8080");
const JSON: (&str, &str) = ("content-type", "application/json");

#[tokio::test]
async fn a_path_that_is_not_utf8_gets_a_json_error() {
    let dir = tempfile::tempdir().unwrap();
    let st = router_state(&dir, Limits::default()).await;
    let router = app(st.clone());
    let upgrade = [
        HOST,
        ("upgrade", "websocket"),
        ("connection", "upgrade"),
        ("sec-websocket-version", "13"),
        ("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ=="),
    ];
    for (method, path, headers) in [
        ("GET", "/api/tables/%ff", &[HOST][..]),
        ("GET", "/api/tables/%FF/record", &[HOST][..]),
        ("POST", "/api/tables/%ff/join", &[HOST, JSON][..]),
        ("POST", "/api/tables/abc/seats/%ff/bot", &[HOST, JSON][..]),
        ("GET", "/ws/%ff", &upgrade[..]),
        ("GET", "/t/%ff/qr.svg", &[HOST][..]),
        ("GET", "/t/%ff", &[HOST][..]),
        ("GET", "/static/%c3", &[HOST][..]),
    ] {
        let body = json!({ "name": "Ann", "token": "x", "kind": "greedy" }).to_string();
        let (status, kind, e) = route(&router, method, path, headers, &body).await;
        assert_eq!(status, 400, "{method} {path}: {e}");
        assert!(
            kind.starts_with("application/json"),
            "{method} {path}: {kind}"
        );
        assert_eq!(e["code"], "bad_path", "{method} {path}");
        assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    // A UTF-8 path that names no table is still `no_such_table`.
    let (status, _, e) = route(&router, "GET", "/api/tables/%C3%A9", &[HOST], "").await;
    assert_eq!(status, 404);
    assert_eq!(e["code"], "no_such_table");
    assert_eq!(st.live_tables(), 0);
    st.close().await;
}

#[tokio::test]
async fn a_method_no_route_serves_is_not_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let st = router_state(&dir, Limits::default()).await;
    let router = app(st.clone());
    let create = json!({ "name": "Ann", "mode": "standard", "seats": 2 }).to_string();
    let (status, _, created) = route(&router, "POST", "/api/tables", &[HOST, JSON], &create).await;
    assert_eq!(status, 201, "{created}");
    let table = created["table"].as_str().unwrap();
    for (method, path, headers) in [
        ("DELETE", "/api/tables".to_string(), &[HOST][..]),
        ("DELETE", "/api/tables".to_string(), &[HOST, JSON][..]),
        ("DELETE", format!("/api/tables/{table}"), &[HOST][..]),
        ("PUT", format!("/api/tables/{table}/join"), &[HOST][..]),
        (
            "PATCH",
            "/api/replay".to_string(),
            &[HOST, ("content-type", "text/plain")][..],
        ),
    ] {
        let (status, kind, e) = route(&router, method, &path, headers, "").await;
        assert_eq!(status, 405, "{method} {path}: {e}");
        assert!(kind.starts_with("application/json"));
        assert_eq!(e["code"], "method_not_allowed", "{method} {path}");
    }
    // The table is still there, as it was.
    assert_eq!(st.live_tables(), 1);
    let (status, _, info) =
        route(&router, "GET", &format!("/api/tables/{table}"), &[HOST], "").await;
    assert_eq!(status, 200);
    assert_eq!(info["status"], "lobby");
    st.close().await;
}
