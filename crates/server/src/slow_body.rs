//! A request body must arrive within a time limit (`Limits::body_timeout`).
//!
//! The header time limit (module `listen`) cuts a client that trickles its header; without
//! this, one that sends a whole header and then its body a byte at a time would hold a
//! connection, a task and its buffer for as long as it likes. The body is read here, up to its
//! route's size limit, within the time limit; the handler then reads it from memory.

use crate::error::ApiError;
use crate::state::AppState;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Reads the body of every request that may change something within the time limit: 408
/// `slow_body` if it does not come in time, 413 `body_too_large` past the route's size limit.
pub async fn in_time(State(st): State<AppState>, req: Request, next: Next) -> Response {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return next.run(req).await;
    }
    let limits = st.limits();
    // The replay route takes whole game records; every other route small JSON bodies.
    let max = if req.uri().path() == "/api/replay" {
        limits.max_record
    } else {
        limits.max_body
    };
    let (parts, body) = req.into_parts();
    let read = tokio::time::timeout(limits.body_timeout, axum::body::to_bytes(body, max)).await;
    let bytes = match read {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(_)) => {
            return ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "body_too_large",
                "the request body is too large",
            )
            .into_response();
        }
        Err(_) => {
            return ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                "slow_body",
                format!(
                    "the request body did not arrive within {} s",
                    limits.body_timeout.as_secs_f64()
                ),
            )
            .into_response();
        }
    };
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}
