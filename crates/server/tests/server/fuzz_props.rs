//! Property-based fuzzing of what clients send: websocket messages and game records to replay,
//! made from valid ones by replacing a value anywhere in them with any JSON, by editing their
//! text a character at a time, or from nothing. Every one gets an answer of the protocol (a
//! message of a known type, or an error `{"code","message"}` with a stable code), nothing
//! panics, the socket stays open and the table plays on as before.
//!
//! The cases come from a fixed seed, so a run is repeatable; the counts keep the module to a
//! few seconds.

use crate::common;

use common::*;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::{json, Value};
use std::cell::RefCell;
use welcome_server::Limits;

/// Any JSON value, small: leaves and nested arrays and objects whose keys are often the
/// protocol's own.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (-20i64..300).prop_map(Value::from),
        any::<f64>().prop_map(|f| json!(f)),
        ".{0,12}".prop_map(Value::from),
        prop::sample::select(vec![
            "options", "submit", "restart", "sync", "sheet", "9¾", "12-temp", "park", "pool",
            "before", "after", "\u{202e}", "",
        ])
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        let key = prop_oneof![
            prop::sample::select(vec![
                "type",
                "round",
                "draft",
                "turn",
                "play",
                "build",
                "pick",
                "house",
                "number",
                "effect",
                "plans",
                "roundabout",
                "refuse",
                "pass",
                "seat",
                "of",
                "request",
                "setup",
                "rounds",
                "draws",
                "turns",
                "seed",
                "seats",
                "result",
            ])
            .prop_map(str::to_string),
            "[a-z]{1,6}",
        ];
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((key, inner), 0..4)
                .prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

/// How a valid text is made wrong.
#[derive(Clone, Debug)]
enum Mutation {
    /// The value found by walking these choices (a child of each array or object met) is
    /// replaced.
    Replace(Vec<usize>, Value),
    /// Characters of the text replaced, inserted or removed at these places.
    Edit(Vec<(usize, Option<char>, bool)>),
    /// The text cut at this place.
    Cut(usize),
    /// Any JSON instead.
    Anything(Value),
    /// The value found by walking these choices changed in kind: a number moved by the
    /// amount, a string another of the protocol's, a boolean flipped, an element of an array
    /// removed or repeated; so that the text still reads and the rules judge it.
    Tweak(Vec<usize>, i64),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => (prop::collection::vec(any::<usize>(), 0..6), any_json())
            .prop_map(|(p, v)| Mutation::Replace(p, v)),
        3 => prop::collection::vec((any::<usize>(), prop::option::of(any::<char>()), any::<bool>()), 1..4)
            .prop_map(Mutation::Edit),
        1 => any::<usize>().prop_map(Mutation::Cut),
        1 => any_json().prop_map(Mutation::Anything),
        10 => (prop::collection::vec(any::<usize>(), 1..8), -20i64..20)
            .prop_map(|(p, d)| Mutation::Tweak(p, d)),
    ]
}

fn replace_at(v: &mut Value, path: &[usize], new: Value) {
    let Some((&first, rest)) = path.split_first() else {
        *v = new;
        return;
    };
    match v {
        Value::Array(a) if !a.is_empty() => {
            let n = a.len();
            replace_at(&mut a[first % n], rest, new)
        }
        Value::Object(o) if !o.is_empty() => {
            let n = o.len();
            let child = o.values_mut().nth(first % n).expect("a child");
            replace_at(child, rest, new)
        }
        _ => *v = new,
    }
}

/// Strings of the protocol a tweak puts in place of another.
const WORDS: [&str; 12] = [
    "3-pool",
    "12-temp",
    "7-bis",
    "1-surveyor",
    "15-real-estate",
    "park",
    "pool",
    "before",
    "after",
    "standard",
    "solo",
    "classic",
];

fn tweak_at(v: &mut Value, path: &[usize], delta: i64) {
    let (first, rest) = path.split_first().map_or((0, &[][..]), |(f, r)| (*f, r));
    match v {
        Value::Array(a) if !a.is_empty() && !rest.is_empty() => {
            let n = a.len();
            tweak_at(&mut a[first % n], rest, delta)
        }
        Value::Array(a) if !a.is_empty() => {
            let i = first % a.len();
            if delta < 0 {
                a.remove(i);
            } else {
                let e = a[i].clone();
                a.insert(i, e);
            }
        }
        Value::Object(o) if !o.is_empty() => {
            let n = o.len();
            let child = o.values_mut().nth(first % n).expect("a child");
            tweak_at(child, rest, delta)
        }
        Value::Number(n) => *v = json!(n.as_i64().unwrap_or(0).saturating_add(delta)),
        Value::String(_) => *v = json!(WORDS[delta.unsigned_abs() as usize % WORDS.len()]),
        Value::Bool(b) => *v = json!(!*b),
        _ => {}
    }
}

/// The text of `valid` made wrong by `m`.
fn mutate(valid: &Value, m: &Mutation) -> String {
    match m {
        Mutation::Replace(path, new) => {
            let mut v = valid.clone();
            replace_at(&mut v, path, new.clone());
            v.to_string()
        }
        Mutation::Edit(edits) => {
            let mut chars: Vec<char> = valid.to_string().chars().collect();
            for &(at, c, insert) in edits {
                let i = at % (chars.len() + 1);
                match (c, insert) {
                    (Some(c), true) => chars.insert(i, c),
                    (Some(c), false) if i < chars.len() => chars[i] = c,
                    _ if i < chars.len() => {
                        chars.remove(i);
                    }
                    _ => {}
                }
            }
            chars.into_iter().collect()
        }
        Mutation::Cut(at) => {
            let text = valid.to_string();
            let chars: Vec<char> = text.chars().collect();
            chars[..at % (chars.len() + 1)].iter().collect()
        }
        Mutation::Anything(v) => v.to_string(),
        Mutation::Tweak(path, delta) => {
            let mut v = valid.clone();
            tweak_at(&mut v, path, *delta);
            v.to_string()
        }
    }
}

fn runner(cases: u32) -> TestRunner {
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha))
}

/// A stable code: lowercase words joined by `_`.
fn stable(code: &Value) -> bool {
    code.as_str()
        .is_some_and(|c| !c.is_empty() && c.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
}

#[test]
fn mutated_websocket_messages_get_protocol_answers() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (srv, table, mut a, mut b) = rt.block_on(async {
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
        let b = connect(addr, &table, Some(&bob)).await;
        a.started().await;
        (srv, table, a, b)
    });
    // Valid messages to start from: one of each type, a legal turn among them.
    let turn = rt.block_on(a.first_turn(1));
    let valid = [
        json!({ "type": "options", "round": 1, "draft": turn, "request": 1 }),
        json!({ "type": "submit", "round": 1, "turn": turn, "request": 1 }),
        json!({ "type": "restart", "round": 1, "request": 1 }),
        json!({ "type": "sync" }),
        json!({ "type": "sheet", "of": 2, "request": 1 }),
    ];
    let socket = RefCell::new(&mut a.sock);
    let marker = std::cell::Cell::new(1_000_000u64);
    let strategy = (0..valid.len(), mutation());
    let result = runner(200).run(&strategy, |(which, m)| {
        let text = mutate(&valid[which], &m);
        marker.set(marker.get() + 1);
        let marker = marker.get();
        let mut sock = socket.borrow_mut();
        rt.block_on(async {
            sock.send_text(text.clone())
                .await
                .expect("the socket stays open");
            // A restart after each: it answers in order after the message, and takes back a
            // mutated turn that happened to be legal.
            let restart = json!({ "type": "restart", "round": 1, "request": marker });
            sock.send(&restart).await.expect("the socket stays open");
            loop {
                let m = sock.recv().await.expect("an answer, the socket open");
                match m["type"].as_str() {
                    Some("state") => {}
                    Some("error") => {
                        prop_assert!(stable(&m["code"]), "{text} → {m}");
                        prop_assert!(
                            m["message"].as_str().is_some_and(|s| !s.is_empty()),
                            "{text} → {m}"
                        );
                    }
                    Some("options" | "ack" | "sheet") => {}
                    _ => prop_assert!(false, "{text} → {m}"),
                }
                if m["request"] == json!(marker) {
                    return Ok(());
                }
            }
        })
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    // The table plays on as before: both seats confirm and the round resolves.
    rt.block_on(async {
        let ta = a.first_turn(1).await;
        a.submit(1, &ta).await;
        let tb = b.first_turn(1).await;
        b.submit(1, &tb).await;
        let s = a.round(2).await;
        assert_eq!(s["view"]["log"][0]["turns"], json!([ta, tb]), "{table}");
        srv.running.stop().await;
    });
}

fn golden(name: &str) -> Value {
    let path = format!("{}/../../tests/golden/{name}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

#[test]
fn mutated_records_get_protocol_answers() {
    // Short records (a solo game of 1st-edition and an AAA game), replayed by the handler's
    // own function, as `POST /api/replay` does.
    let records = [
        golden("record-solo.json"),
        golden("record-collector-aaa-1.json"),
    ];
    let limits = Limits::default();
    let strategy = (0..records.len(), mutation());
    // What the cases reached: replays answered, refusals of the JSON, of the engine.
    let seen = RefCell::new(std::collections::BTreeMap::<String, usize>::new());
    let result = runner(128).run(&strategy, |(which, m)| {
        let text = mutate(&records[which], &m);
        let outcome = welcome_server::replay::replay_bytes(text.as_bytes(), &limits);
        let kind = outcome
            .as_ref()
            .map_or_else(|e| e.code.to_string(), |_| "ok".into());
        *seen.borrow_mut().entry(kind).or_default() += 1;
        match outcome {
            Ok(out) => {
                prop_assert!(
                    welcome_server::replay::answer(&out, limits.max_replay_answer).is_ok()
                );
            }
            Err(e) => {
                prop_assert!(stable(&json!(e.code)), "{e}");
                prop_assert!(!e.message.is_empty());
                prop_assert!(e.status.is_client_error(), "{} {e} for {text}", e.status);
            }
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    // The mutations reach past the JSON: records that replay, and the engine's refusals.
    let seen = seen.into_inner();
    assert!(seen.contains_key("ok"), "{seen:?}");
    assert!(
        seen.keys()
            .filter(|k| k.starts_with("record_") && *k != "record_json")
            .count()
            >= 2,
        "{seen:?}"
    );
}
