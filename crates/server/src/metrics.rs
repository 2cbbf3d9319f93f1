//! `GET /metrics`: this node's numbers in the Prometheus text format (OpenMetrics 1.0, which
//! Prometheus scrapes as it is): its tables by status, the player sockets open, search bots
//! thinking, rounds resolved, and the database writer's batches and commit latency.

use crate::counters::ROUNDS_RESOLVED;
use crate::state::AppState;
use axum::extract::State;
use axum::http::header::CONTENT_TYPE;
use axum::response::IntoResponse;
use prometheus_client::encoding::text::encode;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StatusLabel {
    status: &'static str,
}

/// `GET /metrics`.
pub async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    let mut registry = Registry::with_prefix("welcome");
    let tables = Family::<StatusLabel, Gauge>::default();
    let mut sockets = 0;
    for status in ["lobby", "playing", "over", "abandoned"] {
        tables.get_or_create(&StatusLabel { status }).set(0);
    }
    for cell in state.cells() {
        sockets += cell.player_sockets();
        if let Some(s) = cell.summary() {
            tables
                .get_or_create(&StatusLabel {
                    status: s.status.name(),
                })
                .inc();
        }
    }
    registry.register("tables", "Tables in this node's memory, by status", tables);
    let players = Gauge::<i64>::default();
    players.set(sockets as i64);
    registry.register(
        "player_sockets",
        "Open websockets of players (spectators not counted)",
        players,
    );
    let thinking = Gauge::<i64>::default();
    thinking.set(state.tables_thinking() as i64);
    registry.register(
        "tables_thinking",
        "Tables whose search bots are thinking or waiting to",
        thinking,
    );
    registry.register(
        "rounds_resolved",
        "Rounds resolved and stored",
        ROUNDS_RESOLVED.clone(),
    );
    let stats = state.store().stats();
    registry.register(
        "store_batches_committed",
        "Batches of writes the database committed",
        stats.committed,
    );
    registry.register(
        "store_batches_refused",
        "Batches of writes the database refused",
        stats.refused,
    );
    registry.register(
        "store_commit_seconds",
        "Time a group of batches took to commit",
        stats.commit_seconds,
    );
    let mut body = String::new();
    if let Err(e) = encode(&mut body, &registry) {
        body = format!("# encoding the metrics failed: {e}\n# EOF\n");
    }
    (
        [(
            CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        body,
    )
}
