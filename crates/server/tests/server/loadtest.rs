//! The load test runs end to end on a small scale.

use std::time::Duration;
use welcome_client::loadtest::{run, LoadConfig};

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
    let read = report.read;
    assert_eq!(read.samples, 3 * 3 * 4);
    assert!(read.p50 <= read.p99 && read.p99 <= read.max);
    // One whole state as a socket connects and one as the game starts (or both in one): no
    // client had to ask for another, and every round was pushed as updates.
    assert!(report.whole_states <= 2 * 9, "{report}");
    assert_eq!(report.round_bytes.len(), 4, "{report}");
    assert!(
        report.round_bytes.iter().all(|&(b, n)| n == 9 && b > 0),
        "{report}"
    );
    if cfg!(target_os = "linux") {
        // The kernel tells when a push reached its socket: for every push but those that came
        // before it started stamping (it does a moment after the first socket asked).
        let arrival = report.arrival.expect("the kernel's receive times on Linux");
        assert!(
            arrival.samples > 0 && arrival.samples <= read.samples,
            "{report}"
        );
        assert!(arrival.p50 <= arrival.p99 && arrival.p99 <= arrival.max);
        // A push comes after the confirmation that resolved its round: a receive time read
        // on the wrong clock would show as none at all.
        assert!(arrival.p50 > Duration::ZERO, "{report}");
        if arrival.samples == read.samples {
            // Each push reached its socket before its player read it, so every percentile of
            // the arrivals is at most the same percentile of the readings.
            assert!(
                arrival.p50 <= read.p50 && arrival.p99 <= read.p99 && arrival.max <= read.max,
                "{report}"
            );
        }
        assert!(report.peak_rss.is_some_and(|b| b > 0), "{report}");
        assert!(report.cpu.is_some(), "{report}");
        assert!(report.cpu_per_round().is_some(), "{report}");
        // The server's threads did the serving; neither share exceeds the process's time by
        // more than a clock tick (1/100 s) a thread.
        let (server, players) = report.cpu_split.expect("per-thread CPU on Linux");
        let cpu = report.cpu.unwrap_or_default();
        let slack = std::time::Duration::from_millis(10 * 64);
        assert!(server <= cpu + slack && players <= cpu + slack, "{report}");
        assert!(
            report.to_string().contains("of which the server's threads"),
            "{report}"
        );
    }
    let text = report.to_string();
    assert!(
        text.contains("update bytes pushed per socket per round"),
        "{text}"
    );
    assert!(text.contains("peak memory"), "{text}");
    assert!(text.contains("CPU time"), "{text}");
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
