//! Counters the server's parts add to as things happen, read by `/metrics` (module `metrics`).
//! A leaf: whatever counts needs nothing else from here.

use prometheus_client::metrics::counter::Counter;
use std::sync::LazyLock;

/// Rounds resolved and stored by this process (each counted once it is durable).
pub static ROUNDS_RESOLVED: LazyLock<Counter> = LazyLock::new(Counter::default);
