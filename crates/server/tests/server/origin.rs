//! Another site's page cannot make changes: every request that may change something must be
//! JSON (a cross-site form or `text/plain` fetch is refused before any handler runs), and one
//! that carries a foreign `Origin` is refused, websocket upgrades included. Reads stay open.
//! In-process: the router answers requests handed to it.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use serde_json::{json, Value};
use std::sync::Arc;
use tower::ServiceExt;
use welcome_server::{app, AppState, Limits, SqliteStore};

async fn state(dir: &tempfile::TempDir) -> AppState {
    let db = dir.path().join("w.db");
    let store = SqliteStore::open(&db.to_string_lossy()).await.unwrap();
    // The requests below are sent to game.example:8080, the server's public name.
    AppState::new(Arc::new(store), Limits::default(), None)
        .await
        .unwrap()
        .public_hosts(&["game.example".to_string()])
}

/// A request to the router: `(status, body)`.
async fn send(
    router: &axum::Router,
    method: &str,
    path: &str,
    headers: &[(header::HeaderName, &str)],
    body: &str,
) -> (StatusCode, Value) {
    let mut req = Request::builder()
        .method(method)
        .uri(path)
        .header(header::HOST, "game.example:8080");
    for (k, v) in headers {
        req = req.header(k.clone(), *v);
    }
    let res = router
        .clone()
        .oneshot(req.body(Body::from(body.to_string())).unwrap())
        .await
        .unwrap();
    let status = res.status();
    let bytes = axum::body::to_bytes(res.into_body(), 1 << 20)
        .await
        .unwrap();
    let v = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    (status, v)
}

const JSON: (header::HeaderName, &str) = (header::CONTENT_TYPE, "application/json");

#[tokio::test]
async fn cross_site_changes_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let st = state(&dir).await;
    let router = app(st.clone());
    let create = json!({ "name": "Ann", "mode": "standard", "seats": 2 }).to_string();

    // A form or a text/plain fetch (no CORS preflight needed) is refused, and creates nothing.
    for content_type in [
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        Some("multipart/form-data; boundary=x"),
        None,
    ] {
        let headers: Vec<_> = content_type
            .map(|t| (header::CONTENT_TYPE, t))
            .into_iter()
            .collect();
        let (status, e) = send(&router, "POST", "/api/tables", &headers, &create).await;
        assert_eq!(
            status,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "{content_type:?}"
        );
        assert_eq!(e["code"], "bad_content_type");
        assert!(e["message"].is_string());
    }
    // JSON from another site is refused too.
    let (status, e) = send(
        &router,
        "POST",
        "/api/tables",
        &[JSON, (header::ORIGIN, "http://evil.example")],
        &create,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(e["code"], "cross_origin");
    let (status, _) = send(
        &router,
        "POST",
        "/api/tables",
        &[JSON, (header::ORIGIN, "null")],
        &create,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(st.live_tables(), 0);

    // The app's own page, and a program that sends no Origin, are served.
    let (status, created) = send(
        &router,
        "POST",
        "/api/tables",
        &[
            (header::CONTENT_TYPE, "application/json; charset=utf-8"),
            (header::ORIGIN, "http://game.example:8080"),
        ],
        &create,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let (status, _) = send(&router, "POST", "/api/tables", &[JSON], &create).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(st.live_tables(), 2);
    let table = created["table"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();

    // Every POST route, bodiless or not, existing table or not, needs JSON.
    let body = json!({ "token": token }).to_string();
    for path in [
        "/api/tables".to_string(),
        format!("/api/tables/{table}/join"),
        format!("/api/tables/{table}/start"),
        format!("/api/tables/{table}/values"),
        format!("/api/tables/{table}/layout"),
        format!("/api/tables/{table}/deal"),
        format!("/api/tables/{table}/end"),
        format!("/api/tables/{table}/seats/2/bot"),
        format!("/api/tables/{table}/seats/2/kick"),
        format!("/api/tables/{table}/transfer"),
        format!("/api/tables/{table}/claim"),
        "/api/companion/options".to_string(),
        "/api/replay".to_string(),
        "/api/tables/nope/start".to_string(),
    ] {
        for b in ["", body.as_str()] {
            let (status, e) = send(
                &router,
                "POST",
                &path,
                &[(header::CONTENT_TYPE, "text/plain")],
                b,
            )
            .await;
            assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{path}: {e}");
        }
    }
    // Nothing changed: seat 2 is still free, the game has not started.
    let (status, info) = send(&router, "GET", &format!("/api/tables/{table}"), &[], "").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(info["status"], "lobby");
    assert_eq!(info["seats"][1]["name"], Value::Null);

    // Reads are open to any site; a websocket from another site is not.
    let (status, _) = send(
        &router,
        "GET",
        "/api/tables",
        &[(header::ORIGIN, "http://evil.example")],
        "",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let upgrade = [
        (header::UPGRADE, "websocket"),
        (header::CONNECTION, "upgrade"),
        (header::SEC_WEBSOCKET_VERSION, "13"),
        (header::SEC_WEBSOCKET_KEY, "dGhlIHNhbXBsZSBub25jZQ=="),
        (header::ORIGIN, "http://evil.example"),
    ];
    let (status, e) = send(&router, "GET", &format!("/ws/{table}"), &upgrade, "").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(e["code"], "cross_origin");
    st.close().await;
}

/// A proxy that does not pass `Host` through: the public origin is named to the server.
#[tokio::test]
async fn a_named_origin_is_trusted() {
    let dir = tempfile::tempdir().unwrap();
    let st = state(&dir)
        .await
        .allow_origins(&["https://play.example.org".to_string()]);
    let router = app(st.clone());
    let create = json!({ "name": "Ann", "mode": "standard", "seats": 2 }).to_string();
    let (status, v) = send(
        &router,
        "POST",
        "/api/tables",
        &[JSON, (header::ORIGIN, "https://play.example.org")],
        &create,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let (status, _) = send(
        &router,
        "POST",
        "/api/tables",
        &[JSON, (header::ORIGIN, "https://other.example.org")],
        &create,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    st.close().await;
}

/// A request as a DNS-rebinding page sends it: to the server's address under the page's own
/// name, from that same origin. The handler never runs.
async fn as_sent(
    router: &axum::Router,
    method: &str,
    path: &str,
    host: &str,
    local: Option<&str>,
    extra: &[(header::HeaderName, &str)],
    body: &str,
) -> (StatusCode, Value) {
    let origin = format!("http://{host}");
    let mut req = Request::builder()
        .method(method)
        .uri(path)
        .header(header::HOST, host)
        .header(header::ORIGIN, origin.as_str())
        .header(header::CONTENT_TYPE, "application/json");
    for (k, v) in extra {
        req = req.header(k.clone(), *v);
    }
    let mut req = req.body(Body::from(body.to_string())).unwrap();
    if let Some(l) = local {
        req.extensions_mut()
            .insert(welcome_server::host::LocalAddr(l.parse().unwrap()));
    }
    let res = router.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = axum::body::to_bytes(res.into_body(), 1 << 20)
        .await
        .unwrap();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

#[tokio::test]
async fn a_page_under_another_name_cannot_create_or_join() {
    let dir = tempfile::tempdir().unwrap();
    let st = state(&dir)
        .await
        .allow_origins(&["https://play.example.org".to_string()]);
    let router = app(st.clone());
    let create = json!({ "name": "Ann", "mode": "standard", "seats": 2 }).to_string();
    let lan = Some("192.168.1.20:8080");

    // The rebinding page's name, or an address that is not the one the client reached.
    for (host, local) in [
        ("evil.example:8080", None),
        ("evil.example:8080", lan),
        ("localhost.evil.example:8080", lan),
        ("192.168.1.21:8080", lan),
        ("192.168.1.20:8080", None),
    ] {
        let (status, e) = as_sent(&router, "POST", "/api/tables", host, local, &[], &create).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{host}: {e}");
        assert_eq!(e["code"], "host_not_allowed", "{host}");
        assert!(e["message"].as_str().unwrap().contains("--public-host"));
    }
    assert_eq!(st.live_tables(), 0);

    // The server's own names: localhost, loopback, the address reached (listening on every
    // interface, a phone on the LAN), a public host, an allowed origin's host.
    let mut tables = Vec::new();
    for (host, local) in [
        ("localhost:8080", None),
        ("app.localhost:8080", None),
        ("127.0.0.1:8080", None),
        ("[::1]:8080", None),
        ("192.168.1.20:8080", lan),
        ("game.example:8080", None),
    ] {
        let (status, v) = as_sent(&router, "POST", "/api/tables", host, local, &[], &create).await;
        assert_eq!(status, StatusCode::CREATED, "{host}: {v}");
        tables.push(v);
    }
    let (status, v) = send(
        &router,
        "POST",
        "/api/tables",
        &[
            JSON,
            (header::ORIGIN, "https://play.example.org"),
            (header::HOST, "play.example.org"),
        ],
        &create,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    assert_eq!(st.live_tables(), 7);

    // Joining and a websocket under the rebinding name are refused too; the seat stays free.
    let table = tables[0]["table"].as_str().unwrap();
    let join = json!({ "name": "Eve" }).to_string();
    let (status, e) = as_sent(
        &router,
        "POST",
        &format!("/api/tables/{table}/join"),
        "evil.example:8080",
        lan,
        &[],
        &join,
    )
    .await;
    assert_eq!(
        (status, e["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("host_not_allowed"))
    );
    let upgrade = [
        (header::UPGRADE, "websocket"),
        (header::CONNECTION, "upgrade"),
        (header::SEC_WEBSOCKET_VERSION, "13"),
        (header::SEC_WEBSOCKET_KEY, "dGhlIHNhbXBsZSBub25jZQ=="),
    ];
    let (status, e) = as_sent(
        &router,
        "GET",
        &format!("/ws/{table}"),
        "evil.example:8080",
        lan,
        &upgrade,
        "",
    )
    .await;
    assert_eq!(
        (status, e["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("host_not_allowed"))
    );
    let (status, info) = send(&router, "GET", &format!("/api/tables/{table}"), &[], "").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(info["seats"][1]["name"], Value::Null);
    // Reads stay open under any name.
    let (status, _) = as_sent(
        &router,
        "GET",
        "/api/tables",
        "evil.example:8080",
        lan,
        &[],
        "",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    st.close().await;
}

/// Over a real connection: the address the client reached is the server's own, another name is
/// not.
#[tokio::test]
async fn over_a_connection_the_host_is_checked() {
    use welcome_client::Request as Http;
    let srv = crate::common::server().await;
    let addr = srv.addr();
    let create = json!({ "name": "Ann", "mode": "standard", "seats": 2 }).to_string();
    let evil = format!("evil.example:{}", addr.port());
    let (status, e) = Http::new("POST", "/api/tables")
        .body(create.as_bytes())
        .host(&evil)
        .origin(&format!("http://{evil}"))
        .send(addr)
        .await
        .unwrap();
    assert_eq!(
        (status, e["code"].as_str()),
        (403, Some("host_not_allowed")),
        "{e}"
    );
    let lobby = crate::common::call(addr, "GET", "/api/tables", Value::Null, 200).await;
    assert_eq!(lobby, json!([]));
    let own = addr.to_string();
    let (status, v) = Http::new("POST", "/api/tables")
        .body(create.as_bytes())
        .host(&own)
        .origin(&format!("http://{own}"))
        .send(addr)
        .await
        .unwrap();
    assert_eq!(status, 201, "{v}");
    srv.running.stop().await;
}
