//! Random, mostly wrong, messages never break a socket or a table: every one gets an answer of
//! the protocol, and the table still plays on.

use crate::common;

use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

fn small(rng: &mut ChaCha8Rng) -> Value {
    // Mostly plausible numbers, sometimes absurd ones.
    match rng.gen_range(0..40) {
        0 => json!(0),
        1 => json!(255),
        2 => json!(-1),
        3 => json!(70000),
        _ => json!(rng.gen_range(1..14)),
    }
}

fn house(rng: &mut ChaCha8Rng) -> Value {
    json!([small(rng), small(rng)])
}

fn effect(rng: &mut ChaCha8Rng) -> Value {
    match rng.gen_range(0..7) {
        0 => json!({ "fence": house(rng) }),
        1 => json!({ "real-estate": small(rng) }),
        2 => json!("park"),
        3 => json!("pool"),
        4 => json!({ "bis": { "from": house(rng), "to": house(rng) } }),
        5 => json!("dance"),
        _ => Value::Null,
    }
}

fn play(rng: &mut ChaCha8Rng) -> Value {
    match rng.gen_range(0..6) {
        0 => json!({ "refuse": {} }),
        1 => json!({ "refuse": { "pass": small(rng) } }),
        2 => {
            json!({ "build": { "pick": { "hand": [small(rng), small(rng)] }, "house": house(rng), "number": small(rng) } })
        }
        3 => {
            json!({ "build": { "pick": { "combination": rng.gen_range(1..4) }, "house": [rng.gen_range(1..4), rng.gen_range(1..11)], "number": rng.gen_range(0..18) } })
        }
        _ => {
            let mut b = json!({ "pick": { "combination": small(rng) }, "house": house(rng), "number": small(rng) });
            let e = effect(rng);
            if !e.is_null() {
                b["effect"] = e;
            }
            json!({ "build": b })
        }
    }
}

fn turn(rng: &mut ChaCha8Rng) -> Value {
    let mut t = json!({ "play": play(rng) });
    if rng.gen_bool(0.3) {
        let when = if rng.gen_bool(0.5) { "before" } else { "after" };
        t["roundabout"] = json!({ "house": house(rng), "when": when });
    }
    if rng.gen_bool(0.3) {
        let n = rng.gen_range(0..5);
        t["plans"] = Value::Array(
            (0..n)
                .map(|_| json!({ "plan": small(rng), "estates": [house(rng), house(rng)] }))
                .collect(),
        );
    }
    if rng.gen_bool(0.1) {
        t["reshuffle"] = json!(true);
    }
    t
}

#[tokio::test]
async fn random_messages_get_answers_and_break_nothing() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2, "advanced": true }),
    )
    .await;
    let (_, bob) = join(addr, &table, "Bob").await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let mut b = connect(addr, &table, Some(&bob)).await;
    a.started().await;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for i in 0..400 {
        let t = turn(&mut rng);
        let msg = match i % 3 {
            0 => json!({ "type": "options", "round": 1, "draft": t }),
            1 => {
                let plans = t.get("plans").cloned().unwrap_or(json!([]));
                json!({ "type": "options", "round": 1, "draft": { "play": t["play"], "plans": plans } })
            }
            _ => json!({ "type": "submit", "round": 1, "turn": t }),
        };
        let answer = a.request(msg.clone()).await;
        match answer["type"].as_str() {
            Some("options") => assert!(answer["sheet"].is_object()),
            Some("ack") => {
                // A random turn happened to be legal: take it back and go on.
                let r = a.request(json!({ "type": "restart", "round": 1 })).await;
                assert_eq!(r["type"], "ack", "{r}");
            }
            Some("error") => {
                let code = answer["code"].as_str().unwrap();
                assert!(
                    code.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
                    "{code}"
                );
            }
            _ => panic!("{msg} got {answer}"),
        }
    }
    // The table still plays normally.
    let ta = a.first_turn(1).await;
    a.submit(1, &ta).await;
    let tb = b.first_turn(1).await;
    b.submit(1, &tb).await;
    let s = a.round(2).await;
    assert_eq!(s["view"]["log"][0]["turns"], json!([ta, tb]));
    srv.running.stop().await;
}

#[tokio::test]
async fn random_companion_requests_get_answers() {
    let srv = server().await;
    let addr = srv.addr();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let blank = json!({ "streets": [
        { "houses": ["", "", "", "", "", "", "", "", "", ""] },
        { "houses": ["", "", "", "", "", "", "", "", "", "", ""] },
        { "houses": ["", "", "", "", "", "", "", "", "", "", "", ""] }
    ] });
    for _ in 0..150 {
        let t = turn(&mut rng);
        let offer = if rng.gen_bool(0.5) {
            json!({ "hand": ["3-bis", "7-pool", "12-temp"] })
        } else {
            json!({ "combinations": [
                { "number": small(&mut rng), "effect": "bis" },
                { "number": 3, "effect": "surveyor" },
                { "number": 12, "effect": "temp" }
            ] })
        };
        let body = json!({
            "sheet": blank, "offer": offer, "advanced": rng.gen_bool(0.5),
            "plans": [{ "card": 1, "approved": false }, { "card": 7, "approved": false }, { "card": small(&mut rng), "approved": true }],
            "draft": { "play": t["play"], "roundabout": t["roundabout"] }
        });
        let (status, v) = welcome_client::http(addr, "POST", "/api/companion/options", Some(&body))
            .await
            .unwrap();
        match status {
            200 => assert!(v["sheet"].is_object(), "{v}"),
            400 | 422 => assert!(v["code"].is_string(), "{v}"),
            _ => panic!("{status} {v} for {body}"),
        }
    }
    srv.running.stop().await;
}
