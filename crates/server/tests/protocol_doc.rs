//! docs/protocol.md stays exactly true: every JSON example parses, client examples are accepted
//! by the server's own types, and server examples have the very fields of real messages.

mod common;

use common::*;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use welcome_server::wire::{ClientMsg, CompanionOptions, CreateTable};

fn examples() -> Vec<Value> {
    let text = include_str!("../../../docs/protocol.md");
    let mut out = Vec::new();
    let mut lines = text.lines();
    while let Some(l) = lines.next() {
        if l.trim() == "```json" {
            let block: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != "```").collect();
            let block = block.join("\n");
            let v: Value =
                serde_json::from_str(&block).unwrap_or_else(|e| panic!("not JSON ({e}):\n{block}"));
            out.push(v);
        }
    }
    out
}

fn keys(v: &Value) -> BTreeSet<String> {
    v.as_object()
        .map(|o| o.keys().cloned().collect())
        .unwrap_or_default()
}

/// Same keys at every level, following the first element of arrays. Values that are `null` on
/// one side are not compared further (they are optional objects).
fn same_shape(doc: &Value, real: &Value, path: &str) {
    match (doc, real) {
        (Value::Object(d), Value::Object(r)) => {
            assert_eq!(keys(doc), keys(real), "fields of {path}");
            for (k, dv) in d {
                same_shape(dv, &r[k], &format!("{path}.{k}"));
            }
        }
        (Value::Array(d), Value::Array(r)) => {
            if let (Some(d), Some(r)) = (d.first(), r.first()) {
                same_shape(d, r, &format!("{path}[0]"));
            }
        }
        _ => {}
    }
}

#[tokio::test]
async fn every_example_matches_the_server() {
    let all = examples();
    assert!(all.len() >= 15, "{} examples", all.len());

    // Real messages to compare with.
    let srv = server().await;
    let addr = srv.addr();
    let created = call(
        addr,
        "POST",
        "/api/tables",
        json!({ "name": "Ann", "mode": "standard", "seats": 2, "bots": [{ "seat": 2, "kind": "greedy" }] }),
        201,
    )
    .await;
    let table = created["table"].as_str().unwrap().to_string();
    let ann = created["token"].as_str().unwrap().to_string();
    let lobby = call(addr, "GET", "/api/tables", Value::Null, 200).await;
    let edition = call(addr, "GET", "/api/edition", Value::Null, 200).await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    a.started().await;
    let turn = a.first_turn(1).await;
    a.submit(1, &turn).await;
    let state = a.round(2).await;
    let options = a
        .request(json!({ "type": "options", "round": 2, "draft": {} }))
        .await;
    let ack = json!({ "type": "ack", "request": 1 });
    let error = a.request(json!({ "type": "restart", "round": 1 })).await;
    let info = call(
        addr,
        "GET",
        &format!("/api/tables/{table}"),
        Value::Null,
        200,
    )
    .await;
    let joined = json!({ "seat": 2, "token": "t" });

    let mut seen = BTreeSet::new();
    for ex in &all {
        let ty = ex["type"].as_str();
        let kind = match ty {
            Some("state") => {
                same_shape(ex, &state, "state");
                "state"
            }
            Some("options") if ex.get("sheet").is_some() => {
                same_shape(ex, &options, "options");
                "options answer"
            }
            Some("ack") => {
                same_shape(ex, &ack, "ack");
                "ack"
            }
            Some("error") => {
                same_shape(ex, &error, "error");
                "error"
            }
            Some(_) => {
                serde_json::from_value::<ClientMsg>(ex.clone())
                    .unwrap_or_else(|e| panic!("client message {ex}: {e}"));
                "client"
            }
            None if ex.get("sheet").is_some() && ex.get("offer").is_some() => {
                serde_json::from_value::<CompanionOptions>(ex.clone()).unwrap();
                let o = call(addr, "POST", "/api/companion/options", ex.clone(), 200).await;
                assert_eq!(o["error"], Value::Null, "{o}");
                assert_eq!(o["complete"], true);
                let mut o = o;
                o["type"] = json!("options");
                o["request"] = json!(1);
                same_shape(&o, &options, "companion");
                "companion"
            }
            None if ex.get("mode").is_some() && ex.get("name").is_some() => {
                serde_json::from_value::<CreateTable>(ex.clone()).unwrap();
                "create"
            }
            None if ex.get("invite").is_some() => {
                same_shape(ex, &created, "created");
                "created"
            }
            None if ex.get("spectators").is_some() => {
                same_shape(ex, &info, "info");
                "info"
            }
            None if ex.get("winners").is_some() => {
                same_shape(
                    ex,
                    &json!({ "end": [], "scores": [], "ranks": [], "winners": [], "tie_break": "" }),
                    "result",
                );
                "result"
            }
            None if ex.get("deck").is_some() => {
                same_shape(ex, &edition, "edition");
                "edition"
            }
            None if ex.is_array() => {
                same_shape(ex, &lobby, "lobby");
                "lobby"
            }
            None if ex.get("token").is_some() && ex.get("seat").is_some() => {
                same_shape(ex, &joined, "joined");
                "joined"
            }
            None if ex.get("token").is_some() => "host action",
            None => panic!("an example of nothing known: {ex}"),
        };
        seen.insert(kind);
    }
    for kind in [
        "edition",
        "state",
        "options answer",
        "ack",
        "error",
        "client",
        "companion",
        "create",
        "created",
        "info",
        "result",
        "lobby",
        "joined",
        "host action",
    ] {
        assert!(seen.contains(kind), "no example of {kind}");
    }
    srv.running.stop().await;
}
