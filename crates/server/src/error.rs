//! The one error shape of the protocol: `{"code", "message"}` with an HTTP status.
//!
//! Every refusal of the server, HTTP or websocket, is an `ApiError`, so a client handles all of
//! them the same way and the codes stay stable (docs/protocol.md lists them).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::borrow::Cow;

/// A refused request. Nothing changed on the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: Cow<'static, str>,
    pub message: String,
    /// Seconds after which the same request may succeed (`Retry-After`).
    pub retry_after: Option<u64>,
}

/// The JSON body of an error.
#[derive(Serialize)]
pub struct ErrorBody<'a> {
    pub code: &'a str,
    pub message: &'a str,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code: Cow::Borrowed(code),
            message: message.into(),
            retry_after: None,
        }
    }

    /// The same error, telling the client when to try again.
    pub fn retry_after(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(seconds);
        self
    }

    pub fn bad_request(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, message)
    }

    pub fn conflict(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, message)
    }

    pub fn forbidden(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, code, message)
    }

    /// `503`: try again in a moment (`Retry-After: 1`).
    pub fn unavailable(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, code, message).retry_after(1)
    }

    pub fn not_found(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, code, message)
    }

    pub fn no_such_table(id: &str) -> ApiError {
        ApiError::not_found("no_such_table", format!("there is no table {id:?}"))
    }

    /// The database refused a write: the change was rolled back.
    pub fn storage(e: impl std::fmt::Display) -> ApiError {
        tracing::error!("storage: {e}");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "storage_error",
            "the change could not be saved; nothing changed, please try again",
        )
    }

    /// The database could not be read.
    pub fn storage_read(table: &str, e: impl std::fmt::Display) -> ApiError {
        tracing::error!("storage: reading table {table}: {e}");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "storage_error",
            "the table could not be read from the database; please try again",
        )
    }

    pub fn internal(message: impl Into<String>) -> ApiError {
        let message = message.into();
        tracing::error!("internal: {message}");
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal_error", message)
    }

    /// An engine error with its own stable code (turns, setup, sheets, records).
    pub fn engine(status: StatusCode, code: &'static str, e: impl std::fmt::Display) -> ApiError {
        ApiError::new(status, code, e.to_string())
    }

    pub fn body(&self) -> ErrorBody<'_> {
        ErrorBody {
            code: &self.code,
            message: &self.message,
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut r = (self.status, axum::Json(self.body())).into_response();
        if let Some(s) = self.retry_after {
            r.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, s.into());
        }
        r
    }
}

impl From<welcome_engine::TurnError> for ApiError {
    fn from(e: welcome_engine::TurnError) -> ApiError {
        ApiError::engine(StatusCode::UNPROCESSABLE_ENTITY, e.code(), e)
    }
}
