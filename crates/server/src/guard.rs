//! Changes come from the app itself, never from another site.
//!
//! Every request that may change something (a `POST`, the only such method the app serves) must
//! say `Content-Type: application/json`, whether or not it has a body: a page of another site
//! can only send such a request after a CORS preflight, which this server never grants, while
//! a plain form or a `text/plain` fetch needs none. Every such request, and every websocket
//! upgrade, that carries an `Origin` must come from the server's own origin (the `Origin`'s host
//! and port are the request's `Host`) or from one the server was told to trust
//! (`--allowed-origin`, for a proxy that rewrites `Host`). Requests without `Origin` (other
//! programs than browsers) are not refused for that. Before all that, the `Host` of a change or
//! an upgrade must be one of the server's own names (module `host`), or a DNS-rebinding page
//! would be its own origin.

use crate::error::ApiError;
use crate::origin::normalize_origin;
use crate::state::AppState;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Refuses cross-site changes before they reach a handler.
pub async fn same_site(State(st): State<AppState>, req: Request, next: Next) -> Response {
    let local = req
        .extensions()
        .get::<crate::host::LocalAddr>()
        .map(|l| l.0.ip());
    if let Err(e) = check_host(req.method(), req.headers(), local, &st.0.hosts) {
        return e.into_response();
    }
    if let Err(e) = check(req.method(), req.headers(), &st.0.origins) {
        return e.into_response();
    }
    next.run(req).await
}

/// Whether a change or a websocket upgrade was sent to one of the server's own names (module
/// `host`): a DNS-rebinding page sends it to its own.
pub fn check_host(
    method: &Method,
    headers: &HeaderMap,
    local: Option<std::net::IpAddr>,
    hosts: &[String],
) -> Result<(), ApiError> {
    if !changes_or_upgrade(method, headers) {
        return Ok(());
    }
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    if crate::host::allowed(host, local, hosts) {
        return Ok(());
    }
    Err(ApiError::forbidden(
        "host_not_allowed",
        format!(
            "this server does not take changes sent to {:?}: only to localhost, its own \
             addresses and the names it is given (welcome serve --public-host NAME)",
            host.unwrap_or("")
        ),
    ))
}

/// A request that may change something (`POST`), or a websocket upgrade.
fn changes_or_upgrade(method: &Method, headers: &HeaderMap) -> bool {
    *method == Method::POST
        || headers
            .get(header::UPGRADE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.eq_ignore_ascii_case("websocket"))
}

/// Whether the request may go on.
pub fn check(method: &Method, headers: &HeaderMap, trusted: &[String]) -> Result<(), ApiError> {
    // `POST` is the only method of the app that changes something; others (`DELETE`, `PUT`,
    // …) are served by no route and go on to be answered `method_not_allowed`. A route that
    // comes to take another method adds it here.
    let changes = *method == Method::POST;
    let upgrade = headers
        .get(header::UPGRADE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("websocket"));
    if !changes && !upgrade {
        return Ok(());
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        if !same_origin(origin, headers.get(header::HOST), trusted) {
            return Err(ApiError::forbidden(
                "cross_origin",
                "this request comes from another site: only the app's own pages may make changes",
            ));
        }
    }
    if changes && !is_json(headers.get(header::CONTENT_TYPE)) {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "bad_content_type",
            "a request that changes something must be sent as Content-Type: application/json",
        ));
    }
    Ok(())
}

fn is_json(v: Option<&HeaderValue>) -> bool {
    v.and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
}

fn same_origin(origin: &HeaderValue, host: Option<&HeaderValue>, trusted: &[String]) -> bool {
    let Some(origin) = origin.to_str().ok().and_then(normalize_origin) else {
        return false;
    };
    if trusted.contains(&origin) {
        return true;
    }
    let Some(host) = host.and_then(|h| h.to_str().ok()) else {
        return false;
    };
    // The request's own origin: the Origin's scheme with the Host header's host and port.
    let scheme = origin.split("://").next().unwrap_or("http");
    normalize_origin(&format!("{scheme}://{host}")).is_some_and(|own| own == origin)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(k.clone(), HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn origins_compare_by_scheme_host_and_port() {
        assert_eq!(
            normalize_origin("HTTP://Example.org").as_deref(),
            Some("http://example.org:80")
        );
        assert_eq!(
            normalize_origin("https://example.org:443").as_deref(),
            Some("https://example.org:443")
        );
        assert_eq!(
            normalize_origin("http://[::1]:8080").as_deref(),
            Some("http://[::1]:8080")
        );
        assert_eq!(normalize_origin("null"), None);
        assert_eq!(normalize_origin("ftp://example.org"), None);
        let json = (header::CONTENT_TYPE, "application/json; charset=utf-8");
        let ok = |origin: &str, host: &str| {
            check(
                &Method::POST,
                &headers(&[json.clone(), (header::ORIGIN, origin), (header::HOST, host)]),
                &[],
            )
            .is_ok()
        };
        assert!(ok("http://127.0.0.1:8080", "127.0.0.1:8080"));
        assert!(ok("http://game.example", "game.example"));
        assert!(ok("https://game.example", "GAME.example:443"));
        assert!(!ok("http://evil.example", "game.example"));
        assert!(!ok("http://game.example:8081", "game.example:8080"));
        assert!(!ok("null", "game.example"));
        let trusted = vec![normalize_origin("https://game.example").unwrap()];
        assert!(check(
            &Method::POST,
            &headers(&[
                json,
                (header::ORIGIN, "https://game.example"),
                (header::HOST, "127.0.0.1:8080"),
            ]),
            &trusted,
        )
        .is_ok());
    }

    #[test]
    fn changes_need_json_reads_do_not() {
        let e = check(
            &Method::POST,
            &headers(&[(header::CONTENT_TYPE, "text/plain")]),
            &[],
        )
        .unwrap_err();
        assert_eq!(e.code, "bad_content_type");
        assert_eq!(e.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert!(check(&Method::POST, &HeaderMap::new(), &[]).is_err());
        assert!(check(&Method::GET, &HeaderMap::new(), &[]).is_ok());
        // A read from another site is no change.
        assert!(check(
            &Method::GET,
            &headers(&[(header::ORIGIN, "http://evil.example")]),
            &[]
        )
        .is_ok());
        // A websocket from another site is refused.
        let e = check(
            &Method::GET,
            &headers(&[
                (header::UPGRADE, "websocket"),
                (header::ORIGIN, "http://evil.example"),
                (header::HOST, "game.example"),
            ]),
            &[],
        )
        .unwrap_err();
        assert_eq!(e.code, "cross_origin");
    }
}
