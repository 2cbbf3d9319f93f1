//! docs/protocol.md stays exactly true: every JSON example parses, client examples are accepted
//! by the server's own types, and server examples have the very fields of real messages.

use crate::common;

use common::*;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use welcome_server::wire::{
    Claim, ClientMsg, CompanionAaa, CompanionOptions, CreateTable, DealNext, EnterValues,
};

fn examples() -> Vec<Value> {
    let text = include_str!("../../../../docs/protocol.md");
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

/// `derived` of an Ice Cream sheet whose first number, 14, went in street 3 house 4 with the
/// left truck (the example of the protocol), through the companion.
async fn ice_cream_derived(addr: std::net::SocketAddr) -> Value {
    let street = |n: usize| json!({ "houses": vec![""; n] });
    let o = call(
        addr,
        "POST",
        "/api/companion/options",
        json!({
            "sheet_id": "ice-cream",
            "sheet": { "streets": [street(10), street(11), street(12)] },
            "offer": { "combinations": [
                { "number": 14, "effect": "surveyor" },
                { "number": 3, "effect": "pool" },
                { "number": 8, "effect": "bis" }
            ] },
            "plans": [
                { "card": 0, "approved": false },
                { "card": 6, "approved": false },
                { "card": 28, "approved": false }
            ],
            "draft": { "play": { "build": { "pick": { "combination": 1 }, "house": [3, 4],
                                            "number": 14, "choice": { "truck": "left" } } } }
        }),
        200,
    )
    .await;
    assert_eq!(o["error"], Value::Null, "{o}");
    o["derived"].clone()
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
    let edition = call(addr, "GET", "/api/editions/first", Value::Null, 200).await;
    // The default edition keeps its old address and shape: the same, plus its default sheet.
    let mut old = call(addr, "GET", "/api/edition", Value::Null, 200).await;
    assert_eq!(old["sheet"], edition["sheets"][0]);
    old.as_object_mut().unwrap().remove("sheet");
    assert_eq!(old, edition);
    let editions = call(addr, "GET", "/api/editions", Value::Null, 200).await;
    assert_eq!(editions["editions"][0], edition);
    let collector = call(addr, "GET", "/api/editions/collector", Value::Null, 200).await;
    // An AAA solo game one round in, for its `aaa` and `next`.
    let aaa_game = call(
        addr,
        "POST",
        "/api/tables",
        json!({ "name": "Ann", "mode": "solo", "edition": "collector", "seats": 1, "aaa_level": 1 }),
        201,
    )
    .await;
    let (aaa_table, aaa_token) = (
        aaa_game["table"].as_str().unwrap().to_string(),
        aaa_game["token"].as_str().unwrap().to_string(),
    );
    start(addr, &aaa_table, &aaa_token).await;
    let mut solo = connect(addr, &aaa_table, Some(&aaa_token)).await;
    let first = solo.started().await;
    let turn = solo.plain_turn(1, &first["view"]["offer"]).await;
    solo.submit(1, &turn).await;
    let aaa_state = solo.round(2).await;
    let aaa = aaa_state["view"]["aaa"].clone();
    assert_eq!(aaa["given"].as_array().map(Vec::len), Some(1), "{aaa}");
    let derived = ice_cream_derived(addr).await;
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
    let info = table_info(addr, &table).await;
    let joined = json!({ "seat": 2, "token": "t" });
    let record = include_str!("../../../../tests/golden/record-solo.json");
    let (status, replay) = welcome_client::http_raw(addr, "POST", "/api/replay", record.as_bytes())
        .await
        .unwrap();
    assert_eq!(status, 200, "{replay}");
    let transfer = call(
        addr,
        "POST",
        &format!("/api/tables/{table}/transfer"),
        json!({ "token": ann }),
        201,
    )
    .await;
    let claimed = call(
        addr,
        "POST",
        &format!("/api/tables/{table}/claim"),
        json!({ "code": transfer["code"] }),
        200,
    )
    .await;

    // Pushes as a spectator sees them at a table of two players: a confirmation, then a
    // resolution; and a seat's whole sheet asked for.
    let (t2, ann2) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2 }),
    )
    .await;
    let (_, bob2) = join(addr, &t2, "Bob").await;
    start(addr, &t2, &ann2).await;
    let mut a2 = connect(addr, &t2, Some(&ann2)).await;
    let mut b2 = connect(addr, &t2, Some(&bob2)).await;
    a2.started().await;
    b2.started().await;
    let mut w = welcome_client::Socket::connect(addr, &t2, None)
        .await
        .unwrap();
    let whole = w.recv_raw().await.unwrap();
    assert_eq!(whole["type"], "state");
    let turn = a2.first_turn(1).await;
    a2.submit(1, &turn).await;
    let confirmed = loop {
        let m = w.recv_raw().await.unwrap();
        if m["seats"][0]["submitted"] == true {
            break m;
        }
    };
    let turn = b2.first_turn(1).await;
    b2.submit(1, &turn).await;
    let resolved = loop {
        let m = w.recv_raw().await.unwrap();
        if m["view"]["round"] == 2 {
            break m;
        }
    };
    w.send(&json!({ "type": "sheet", "request": 9, "of": 1 }))
        .await
        .unwrap();
    let sheet_answer = w.recv_type("sheet").await.unwrap();
    // A summary: seat 2 of nine, seen from seat 1.
    let bots: Vec<Value> = (2..=9)
        .map(|s| json!({ "seat": s, "kind": "greedy" }))
        .collect();
    let (t9, ann9) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 9, "bots": bots }),
    )
    .await;
    start(addr, &t9, &ann9).await;
    let mut a9 = connect(addr, &t9, Some(&ann9)).await;
    let nine = a9.started().await;
    let summary = nine["view"]["sheets"][1].clone();
    assert!(summary.get("sheet").is_none(), "{summary}");

    let mut seen = BTreeSet::new();
    // The deal-only table the create example makes: (table, host token).
    let mut dealer: Option<(String, String)> = None;
    // The AAA scored by the companion examples that have one, and the AAA scores the text shows
    // (checked against them once every example is read).
    let mut companion_aaa = Vec::new();
    let mut aaa_scores = Vec::new();
    // The Zombies companion example's answers: its ammo stage (without the draft's `ammo`) and
    // its derived hordes, ammo and barricades (with it).
    let mut zombie_ammo = Value::Null;
    let mut zombie_derived = Value::Null;
    for ex in &all {
        let ty = ex["type"].as_str();
        let kind = match ty {
            Some("state") => {
                same_shape(ex, &state, "state");
                "state"
            }
            Some("update") => {
                // The example names every field such an update may have; the real one has
                // those that changed.
                let real = if ex.get("log").is_some() {
                    &resolved
                } else {
                    &confirmed
                };
                assert!(keys(real).is_subset(&keys(ex)), "{real}\n{ex}");
                assert!(
                    keys(&real["table"]).is_subset(&keys(&ex["table"])),
                    "{real}"
                );
                assert!(
                    keys(&real["view"]).is_subset(&keys(&whole["view"])),
                    "{real}"
                );
                for part in ["seats", "sheets", "log"] {
                    if real.get(part).is_some() {
                        same_shape(&ex[part], &real[part], part);
                    }
                }
                if ex.get("log").is_some() {
                    assert_eq!(real["log"].as_array().unwrap().len(), 1);
                    assert_eq!(real["sheets"].as_array().unwrap().len(), 2);
                }
                "update"
            }
            Some("sheet") if ex.get("sheet").is_some() => {
                same_shape(ex, &sheet_answer, "sheet answer");
                "sheet answer"
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
                // Beside the options, the sheet at the end of the turn.
                let after = o.as_object_mut().unwrap().remove("after_turn").unwrap();
                assert_eq!(after, o["sheet"]);
                // and the AAA, when the example plays against it
                let aaa = o.as_object_mut().unwrap().remove("aaa");
                assert_eq!(aaa.is_some(), ex.get("aaa").is_some(), "{ex}");
                if let Some(aaa) = &aaa {
                    companion_aaa.push(aaa["score"].clone());
                }
                // A crossing the sheet owed is paid by the draft's `cross`: nothing is owed at
                // the end of the turn, and the bonus is crossed off.
                let kind = if ex.get("zombies").is_some() {
                    // The hordes move once the draft's `ammo` resolves the Zombie card: before,
                    // the answer lists the ammo stage and nothing else.
                    let mut before = ex.clone();
                    before["draft"] = json!({});
                    let b = call(addr, "POST", "/api/companion/options", before, 200).await;
                    assert_eq!(b["placements"], json!([]), "{b}");
                    assert_eq!(b["complete"], false);
                    zombie_ammo = b["ammo"].clone();
                    zombie_derived = o["derived"].clone();
                    assert_eq!(o.get("ammo"), None, "{o}");
                    "companion zombies"
                } else if let Some(cross) = ex["draft"]["cross"].as_array() {
                    assert!(ex["sheet"]["owed"].as_u64().unwrap_or(0) >= cross.len() as u64);
                    assert_eq!(after.get("owed"), None, "{after}");
                    for s in cross {
                        let street = s.as_u64().unwrap() as usize - 1;
                        assert_eq!(after["streets"][street]["bonus"], "lost");
                    }
                    assert_eq!(o.get("cross"), None, "nothing more to cross off: {o}");
                    // Without it, the options list the open bonuses and nothing else.
                    let mut before = ex.clone();
                    before["draft"] = json!({});
                    let b = call(addr, "POST", "/api/companion/options", before, 200).await;
                    assert_eq!(b["cross"], json!([1, 3]), "{b}");
                    assert_eq!(b["placements"], json!([]));
                    assert_eq!(b["refuse"], Value::Null);
                    assert_eq!(b["complete"], false);
                    // and a sheet cannot owe more than its open bonuses
                    let mut over = ex.clone();
                    over["sheet"]["owed"] = json!(3);
                    let e = call(addr, "POST", "/api/companion/options", over, 422).await;
                    assert_eq!(e["code"], "sheet_feature", "{e}");
                    "companion cross"
                } else if let Some(halves) = ex["aaa"].get("halves") {
                    // The AAA's halves (Atomic War): the answer's are the sent ones after the
                    // Validation card and the turn's roundabout, as the text gives them.
                    assert!(ex["aaa"]["validation"].is_u64(), "{ex}");
                    let answered = &aaa.as_ref().unwrap()["halves"];
                    assert_eq!(answered, &json!([20, 11, 0, 30, 10, 0, 0, 30, 0, 0, 0]));
                    assert_ne!(answered, halves);
                    let mine = o["score"]["rows"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .find(|r| r["id"] == "shelters")
                        .unwrap();
                    assert_eq!(
                        mine["detail"],
                        "capacities 5, 0, 0 against the AAA's 31, 30, 30"
                    );
                    "companion shelters"
                } else {
                    "companion"
                };
                o["type"] = json!("options");
                o["request"] = json!(1);
                if kind == "companion" {
                    same_shape(&o, &options, "companion");
                } else {
                    // an expansion sheet derives more than the classic one compared with
                    assert_eq!(keys(&o), keys(&options), "fields of the companion answer");
                }
                kind
            }
            None if ex.get("sheet_rows").is_some() => {
                aaa_scores.push(ex.clone());
                "aaa sheet rows"
            }
            None if ex.get("rounds").is_some() => {
                same_shape(ex, &replay, "replay");
                // The example is the golden record's first round, as replayed.
                assert_eq!(ex["rounds"][0], replay["rounds"][0]);
                for k in ["edition", "sheet", "mode", "advanced", "seats", "result"] {
                    assert_eq!(ex[k], replay[k], "{k}");
                }
                "replay"
            }
            None if ex.get("mode").is_some() && ex.get("name").is_some() => {
                serde_json::from_value::<CreateTable>(ex.clone()).unwrap();
                if ex.get("deal_only").is_some() {
                    // The deal-only example is a table the server creates as it is; its
                    // first round is dealt, for the example of a deal.
                    let (t, token) = create(addr, ex.clone()).await;
                    call(
                        addr,
                        "POST",
                        &format!("/api/tables/{t}/deal"),
                        json!({ "token": token, "round": 1 }),
                        204,
                    )
                    .await;
                    dealer = Some((t, token));
                    "create deal-only"
                } else if ex.get("aaa_level").is_some() {
                    // The AAA example is a table the server creates as it is.
                    call(addr, "POST", "/api/tables", ex.clone(), 201).await;
                    "create aaa"
                } else {
                    "create"
                }
            }
            None if ex.get("aaa").is_some() && ex.as_object().is_some_and(|o| o.len() == 1) => {
                serde_json::from_value::<CompanionAaa>(ex["aaa"].clone()).unwrap();
                // The companion scores that AAA beside an empty collector sheet.
                let edition = welcome_engine::Edition::by_id("collector").unwrap();
                let layout = edition.default_sheet();
                let sheet =
                    welcome_engine::SheetData::of(layout, &welcome_engine::Sheet::new(layout));
                let body = json!({
                    "edition": "collector", "sheet": sheet, "mode": "solo",
                    "plans": [{ "card": 1, "approved": false }, { "card": 7, "approved": false }, { "card": 13, "approved": false }],
                    "offer": { "hand": ["5-surveyor", "9-pool", "12-temp"] },
                    "aaa": ex["aaa"]
                });
                let o = call(addr, "POST", "/api/companion/options", body, 200).await;
                assert_eq!(o["aaa"]["card"], ex["aaa"]["opponent"]);
                assert_eq!(o["aaa"]["score"]["plans"], json!([8, 0, 0]));
                assert_eq!(o["aaa"]["standing"], "loss");
                "companion aaa"
            }
            None if ex.get("values").is_some() && ex.get("token").is_some() => {
                serde_json::from_value::<EnterValues>(ex.clone()).unwrap();
                "values"
            }
            None if ex.get("given").is_some() => {
                same_shape(ex, &aaa, "aaa");
                for k in ["name", "card", "in_discard"] {
                    assert_eq!(ex[k], aaa[k], "{k}");
                }
                "aaa"
            }
            None if ex.get("opponents").is_some() => {
                same_shape(ex, &collector["aaa"], "edition aaa");
                assert_eq!(ex["ranges"], collector["aaa"]["ranges"]);
                for o in ex["opponents"].as_array().unwrap() {
                    let real = collector["aaa"]["opponents"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .find(|r| r["level"] == o["level"]);
                    assert_eq!(Some(o), real);
                }
                "edition aaa"
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
                assert_eq!(ex["provenance"], edition["provenance"]);
                // The values shown are the engine's.
                assert_eq!(ex["sheets"][0], edition["sheets"][0]);
                for plan in ex["plans"].as_array().unwrap() {
                    let real = edition["plans"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .find(|p| p["id"] == plan["id"]);
                    assert_eq!(Some(plan), real);
                }
                for k in ["id", "name", "default_sheet", "deck", "modes", "tie_break"] {
                    assert_eq!(ex[k], edition[k], "{k}");
                }
                "edition"
            }
            None if ex.get("choices").is_some() && ex.get("moving").is_some() => {
                assert_eq!(ex, &zombie_ammo, "the ammo stage of the Zombies example");
                "ammo stage"
            }
            None if ex.get("hordes").is_some() => {
                for (k, v) in ex.as_object().unwrap() {
                    assert_eq!(v, &zombie_derived[k], "derived {k} of the Zombies example");
                }
                "derived zombies"
            }
            None if ex.get("ranges").is_some() => {
                same_shape(ex, &derived, "derived");
                assert_eq!(ex["ranges"], derived["ranges"]);
                assert_eq!(ex["estates"], derived["estates"]);
                assert_eq!(ex["routes"], derived["routes"]);
                for cone in ex["cones"].as_array().unwrap() {
                    assert!(
                        derived["cones"].as_array().unwrap().contains(cone),
                        "{cone}"
                    );
                }
                "derived"
            }
            None if ex.get("houses").is_some() && ex.get("points").is_some() => {
                same_shape(ex, &summary, "summary");
                "summary"
            }
            None if ex.is_array() => {
                same_shape(ex, &lobby, "lobby");
                "lobby"
            }
            None if ex.get("move").is_some() => {
                same_shape(ex, &transfer, "transfer");
                "transfer"
            }
            None if ex.get("code").is_some() && ex.as_object().is_some_and(|o| o.len() == 1) => {
                serde_json::from_value::<Claim>(ex.clone()).unwrap();
                "claim"
            }
            None if ex.get("host").is_some() && ex.get("token").is_some() => {
                same_shape(ex, &claimed, "claimed");
                "claimed"
            }
            None if ex.get("token").is_some() && ex.get("seat").is_some() => {
                same_shape(ex, &joined, "joined");
                "joined"
            }
            None if ex.get("token").is_some() && ex.get("round").is_some() => {
                serde_json::from_value::<DealNext>(ex.clone()).unwrap();
                // Sent as it is (with the real token) to the deal-only table, in its round 2.
                let (t, token) = dealer.clone().expect("the deal-only table comes first");
                let mut body = ex.clone();
                body["token"] = json!(token);
                call(addr, "POST", &format!("/api/tables/{t}/deal"), body, 204).await;
                let info = table_info(addr, &t).await;
                assert_eq!(info["round"], ex["round"].as_u64().unwrap() + 1);
                "deal"
            }
            None if ex.get("token").is_some() => "host action",
            None => panic!("an example of nothing known: {ex}"),
        };
        seen.insert(kind);
    }
    // An AAA score with sheet rows is the one a companion example's AAA has, as it is.
    for ex in &aaa_scores {
        assert!(
            companion_aaa.contains(ex),
            "{ex} is no companion example's AAA: {companion_aaa:?}"
        );
        let rows: i64 = ex["sheet_rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["points"].as_i64().unwrap())
            .sum();
        let base = aaa_base_rows(ex);
        assert_eq!(
            ex["total"].as_i64(),
            Some(base + rows),
            "the rows add up: {ex}"
        );
    }
    for kind in [
        "edition",
        "derived",
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
        "transfer",
        "claim",
        "claimed",
        "replay",
        "create aaa",
        "values",
        "aaa",
        "edition aaa",
        "companion aaa",
        "companion cross",
        "companion shelters",
        "aaa sheet rows",
        "create deal-only",
        "deal",
        "companion zombies",
        "ammo stage",
        "derived zombies",
        "update",
        "sheet answer",
        "summary",
    ] {
        assert!(seen.contains(kind), "no example of {kind}");
    }
    srv.running.stop().await;
}
