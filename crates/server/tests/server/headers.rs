//! Every response carries the security headers: pages, files, API answers and errors.

use crate::common;

use common::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use welcome_server::headers::CONTENT_SECURITY_POLICY;

/// The response head of a raw GET, header names lowercased.
async fn head(addr: std::net::SocketAddr, path: &str) -> String {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    out.split_once("\r\n\r\n").unwrap().0.to_lowercase()
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let srv = server().await;
    let addr = srv.addr();
    for path in [
        "/",
        "/t/nope",
        "/static/app.js",
        "/api/editions",
        "/api/tables/nope",
        "/x/y",
    ] {
        let h = head(addr, path).await;
        for line in [
            format!(
                "content-security-policy: {}",
                CONTENT_SECURITY_POLICY.to_lowercase()
            ),
            "x-frame-options: deny".to_string(),
            "x-content-type-options: nosniff".to_string(),
            "referrer-policy: no-referrer".to_string(),
        ] {
            assert!(h.contains(&line), "{path}: no {line:?} in\n{h}");
        }
    }
    assert!(CONTENT_SECURITY_POLICY.contains("frame-ancestors 'none'"));
    assert!(!CONTENT_SECURITY_POLICY.contains("script-src 'self' 'unsafe-inline'"));
    srv.running.stop().await;
}
