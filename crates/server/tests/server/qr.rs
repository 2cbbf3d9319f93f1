//! The table's QR code decodes to its join address, with the host the browser reached.

use crate::common;

use common::*;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A raw GET with a chosen `Host`; returns the status line and the body.
async fn get(addr: std::net::SocketAddr, path: &str, host: &str) -> (String, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    let (head, body) = out.split_once("\r\n\r\n").unwrap();
    (head.lines().next().unwrap().to_string(), body.to_string())
}

fn attr(svg: &str, name: &str) -> usize {
    let start = svg.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
    svg[start..].split('"').next().unwrap().parse().unwrap()
}

/// Draws the SVG's dark rectangles (`M{left} {top}h{w}v{h}H…V…`) on white and reads the code.
fn decode(svg: &str) -> String {
    let (w, h) = (attr(svg, "width"), attr(svg, "height"));
    let mut px = vec![255u8; w * h];
    let d = svg
        .split(" d=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    for rect in d.split('M').filter(|r| !r.is_empty()) {
        let nums: Vec<usize> = rect
            .split(|c: char| !c.is_ascii_digit())
            .filter(|n| !n.is_empty())
            .map(|n| n.parse().unwrap())
            .collect();
        let (left, top, rw, rh) = (nums[0], nums[1], nums[2], nums[3]);
        for y in top..top + rh {
            for x in left..left + rw {
                px[y * w + x] = 0;
            }
        }
    }
    let mut img = rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| px[y * w + x]);
    let grids = img.detect_grids();
    assert_eq!(grids.len(), 1, "one code in the image");
    grids[0].decode().unwrap().1
}

#[tokio::test]
async fn the_qr_code_decodes_to_the_join_address() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, _) = create(
        addr,
        json!({ "name": "Host", "mode": "standard", "seats": 3, "table_mode": true }),
    )
    .await;
    let (status, svg) = get(
        addr,
        &format!("/t/{table}/qr.svg?for=join"),
        "192.168.1.20:8080",
    )
    .await;
    assert!(status.contains("200"), "{status}");
    assert!(svg.contains("<svg"));
    assert_eq!(decode(&svg), format!("http://192.168.1.20:8080/t/{table}"));

    let (status, body) = get(addr, &format!("/t/{table}/qr.svg?for=other"), "localhost").await;
    assert!(status.contains("400"), "{status}");
    assert!(body.contains("bad_qr"), "{body}");
    let (status, body) = get(addr, "/t/nosuchtb/qr.svg?for=join", "localhost").await;
    assert!(status.contains("404"), "{status}");
    assert!(body.contains("no_such_table"), "{body}");
    let (status, body) = get(addr, &format!("/t/{table}/qr.svg"), "a\"b").await;
    assert!(status.contains("400"), "{status}");
    assert!(body.contains("bad_host"), "{body}");
    srv.running.stop().await;
}
