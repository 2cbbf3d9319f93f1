//! A request path must be UTF-8 once percent-decoded.
//!
//! Table ids, seats and file names are read from the path as text; axum's own refusal of a
//! path like `/api/tables/%ff` is plain text, which a client of the protocol cannot read. This
//! answers every such path, whatever route it would reach, with the protocol's error.

use crate::error::ApiError;
use axum::extract::Request;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use percent_encoding::percent_decode_str;

/// Refuses a path that is not UTF-8 text (`bad_path`, `400`) before any route reads it.
pub async fn utf8(req: Request, next: Next) -> Response {
    if let Err(e) = check(req.uri().path()) {
        return e.into_response();
    }
    next.run(req).await
}

/// Whether a raw path decodes to UTF-8 text.
pub fn check(path: &str) -> Result<(), ApiError> {
    match percent_decode_str(path).decode_utf8() {
        Ok(_) => Ok(()),
        Err(_) => Err(ApiError::bad_request(
            "bad_path",
            "the address is not UTF-8 text once its %-escapes are decoded",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_utf8_paths_pass() {
        assert!(check("/api/tables/abc").is_ok());
        assert!(check("/t/%C3%A9").is_ok());
        for bad in ["/api/tables/%ff", "/ws/%FF", "/t/%c3/qr.svg", "/%80"] {
            assert_eq!(check(bad).unwrap_err().code, "bad_path", "{bad}");
        }
    }
}
