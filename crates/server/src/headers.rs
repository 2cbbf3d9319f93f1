//! Security headers on every response: no other site may frame the app (its host buttons
//! could be clickjacked), content types are never sniffed, no referrer carries a table's
//! address elsewhere, and pages run only the app's own scripts.

use axum::http::{header, HeaderValue};
use axum::response::Response;

/// The app's scripts, styles, images and sockets all come from itself; style attributes are
/// allowed (the drawing sets some), inline scripts are not.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'";

/// Adds the headers to a response that does not set them itself.
pub async fn add(mut res: Response) -> Response {
    let h = res.headers_mut();
    for (name, value) in [
        (
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ),
        (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
        (
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ),
        (
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ),
    ] {
        h.entry(name).or_insert(value);
    }
    res
}
