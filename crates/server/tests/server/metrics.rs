//! `/metrics`: the node's tables, sockets, rounds and database writes in the Prometheus text
//! format, as a scrape reads them.

use crate::common::*;
use serde_json::json;

/// The value of the sample named `name` (with its labels), if the scrape has it.
fn sample(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
}

async fn scrape(addr: std::net::SocketAddr) -> String {
    let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    tcp.write_all(b"GET /metrics HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = String::new();
    tcp.read_to_string(&mut answer).await.unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(
        head.to_ascii_lowercase()
            .contains("content-type: application/openmetrics-text; version=1.0.0"),
        "{head}"
    );
    body.to_string()
}

#[tokio::test]
async fn a_scrape_counts_tables_sockets_rounds_and_commits() {
    let srv = server().await;
    let addr = srv.addr();
    let before = scrape(addr).await;
    assert!(before.trim_end().ends_with("# EOF"), "{before}");
    assert_eq!(
        sample(&before, "welcome_tables{status=\"playing\"}"),
        Some(0.0)
    );
    let rounds_before = sample(&before, "welcome_rounds_resolved_total").unwrap();

    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2,
                "bots": [{ "seat": 2, "kind": "greedy" }] }),
    )
    .await;
    let (lobby, _) = create(addr, json!({ "name": "Cy", "mode": "solo", "seats": 1 })).await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    a.started().await;
    let t = a.first_turn(1).await;
    a.submit(1, &t).await;
    a.round(2).await;

    let after = scrape(addr).await;
    assert_eq!(
        sample(&after, "welcome_tables{status=\"playing\"}"),
        Some(1.0),
        "{after}"
    );
    assert_eq!(
        sample(&after, "welcome_tables{status=\"lobby\"}"),
        Some(1.0),
        "{after}"
    );
    assert_eq!(
        sample(&after, "welcome_player_sockets"),
        Some(1.0),
        "{after}"
    );
    // Other tests of this process resolve rounds too: at least this one's.
    assert!(sample(&after, "welcome_rounds_resolved_total").unwrap() >= rounds_before + 1.0);
    // Two tables, a start, and the confirmation that resolved the round (one batch with it).
    assert_eq!(
        sample(&after, "welcome_store_batches_committed_total"),
        Some(4.0),
        "{after}"
    );
    assert_eq!(
        sample(&after, "welcome_store_batches_refused_total"),
        Some(0.0)
    );
    let groups = sample(&after, "welcome_store_commit_seconds_count").unwrap();
    assert!((1.0..=4.0).contains(&groups), "{after}");
    assert!(
        after.contains("welcome_store_commit_seconds_bucket{le=\"+Inf\"}"),
        "{after}"
    );
    drop(lobby);
}
