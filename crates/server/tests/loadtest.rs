//! The load test runs end to end on a small scale.

use std::time::Duration;
use welcome_server::loadtest::{run, LoadConfig};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_small_load_test_resolves_every_round() {
    let report = run(LoadConfig {
        tables: 3,
        players: 3,
        rounds: 4,
        time_limit: Duration::from_secs(60),
        ..LoadConfig::default()
    })
    .await
    .unwrap();
    assert_eq!(report.errors, 0, "{report}");
    assert!(!report.timed_out);
    assert_eq!(report.rounds, 3 * 4, "{report}");
    assert_eq!(report.samples, 3 * 3 * 4);
    assert!(report.p50 <= report.p99 && report.p99 <= report.max);
}

#[tokio::test]
async fn the_load_test_stays_on_loopback() {
    let e = run(LoadConfig {
        addr: "0.0.0.0:0".into(),
        ..LoadConfig::default()
    })
    .await
    .unwrap_err();
    assert!(e.contains("loopback"), "{e}");
}
