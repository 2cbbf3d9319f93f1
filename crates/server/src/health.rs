//! Health and readiness for a load balancer or an orchestrator: `GET /healthz` says the process
//! serves requests (restart it if not), `GET /readyz` that it can take players now (its
//! database answers and it is not stopping): send it traffic only then.

use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use std::time::Duration;

/// How long readiness waits for the database.
const PING_TIMEOUT: Duration = Duration::from_secs(2);

/// `GET /healthz`: the process answers.
pub async fn live() -> (StatusCode, &'static str) {
    (StatusCode::OK, "ok\n")
}

/// `GET /readyz`: `200 ready`, or `503` with the reason.
pub async fn ready(State(state): State<AppState>) -> (StatusCode, String) {
    if state.is_closed() {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "not ready: the server is stopping\n".into(),
        );
    }
    match tokio::time::timeout(PING_TIMEOUT, state.store().ping()).await {
        Ok(Ok(())) => (StatusCode::OK, "ready\n".into()),
        Ok(Err(e)) => (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("not ready: the database does not answer: {e}\n"),
        ),
        Err(_) => (
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "not ready: the database did not answer within {} s\n",
                PING_TIMEOUT.as_secs()
            ),
        ),
    }
}
