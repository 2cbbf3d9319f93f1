//! A host enters the layout printed on their own sheet (collector expansions X40) before the
//! start: host only, before the start only, checked as the engine checks a shipped sheet (a
//! broken constraint is refused with its name and nothing is stored), kept across restarts,
//! played and kept in the record.

use crate::common;

use common::*;
use serde_json::{json, Value};
use std::net::SocketAddr;

/// The shipped Atomic War sheet file (shelters S1 {2, 5, 9}, S2 {1, 4, 7, 10}, S3 {3, 6, 9, 12}).
fn shipped() -> Value {
    serde_json::from_str(include_str!(
        "../../../engine/data/editions/collector/sheets/atomic-war.json"
    ))
    .unwrap()
}

/// The shipped file with the table's own shelters.
fn ours() -> Value {
    let mut v = shipped();
    v["streets"][0]["shelters"] = json!([1, 4, 8]);
    v["streets"][1]["shelters"] = json!([2, 5, 8, 11]);
    v["streets"][2]["shelters"] = json!([1, 5, 9, 12]);
    v
}

fn shelters(layout: &Value) -> Value {
    json!(layout["streets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["shelters"].clone())
        .collect::<Vec<_>>())
}

async fn atomic_table(addr: SocketAddr) -> (String, String) {
    create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "edition": "collector", "sheet": "atomic-war",
                "seats": 2, "bots": [{ "seat": 2, "kind": "greedy" }] }),
    )
    .await
}

async fn post(addr: SocketAddr, table: &str, body: Value, status: u16) -> Value {
    call(
        addr,
        "POST",
        &format!("/api/tables/{table}/layout"),
        body,
        status,
    )
    .await
}

async fn refused(addr: SocketAddr, table: &str, token: &str, layout: Value, code: &str) -> String {
    let e = post(
        addr,
        table,
        json!({ "token": token, "layout": layout }),
        400,
    )
    .await;
    assert_eq!(e["code"], code, "{e}");
    // Nothing was stored.
    assert!(table_info(addr, table).await.get("layout").is_none());
    e["message"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn the_host_enters_a_layout_that_plays_and_survives_restarts() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = atomic_table(addr).await;
    assert!(table_info(addr, &table).await.get("layout").is_none());

    // Only the host.
    let (_, bob) = create(
        addr,
        json!({ "name": "Bob", "mode": "standard", "seats": 2 }),
    )
    .await;
    let e = post(addr, &table, json!({ "token": bob, "layout": ours() }), 403).await;
    assert_eq!(e["code"], "not_host");
    assert!(table_info(addr, &table).await.get("layout").is_none());

    // A layout that breaks a constraint, named; bad JSON; another sheet; a changed rule.
    let mut broken = ours();
    broken["streets"][2]["shelters"] = json!([4]);
    let m = refused(addr, &table, &ann, broken, "layout_constraint").await;
    assert!(m.contains("ATO-L3"), "{m}");
    let m = refused(
        addr,
        &table,
        &ann,
        json!("{\"id\": \"atomic-war\","),
        "layout_json",
    )
    .await;
    assert!(m.contains("not a sheet file"), "{m}");
    let roswell: Value = serde_json::from_str(include_str!(
        "../../../engine/data/editions/collector/sheets/roswell.json"
    ))
    .unwrap();
    refused(addr, &table, &ann, roswell, "layout_other_sheet").await;
    let mut rules = ours();
    rules["modules"] = json!(["atomic-war", "roundabouts"]);
    refused(addr, &table, &ann, rules, "layout_rules").await;
    let e = post(addr, &table, json!({ "token": ann }), 400).await;
    assert_eq!(e["code"], "bad_json");

    // The layout as its text, as a host pastes their file: accepted and shown.
    post(
        addr,
        &table,
        json!({ "token": ann, "layout": ours().to_string() }),
        204,
    )
    .await;
    let info = table_info(addr, &table).await;
    assert_eq!(shelters(&info["layout"]), shelters(&ours()));
    // In the edition data's form of a sheet: with the plans dealt with it.
    assert_eq!(info["layout"]["stacks"].as_array().map(Vec::len), Some(3));
    // A broken layout now leaves the saved one in place.
    let mut broken = ours();
    broken["streets"][0]["shelters"] = json!([]);
    let e = post(addr, &table, json!({ "token": ann, "layout": broken }), 400).await;
    assert_eq!(e["code"], "layout_constraint");
    assert!(e["message"].as_str().unwrap().contains("ATO-L1"), "{e}");
    let info = table_info(addr, &table).await;
    assert_eq!(shelters(&info["layout"]), shelters(&ours()));

    // Kept with the table.
    let db = srv.db.clone();
    srv.running.stop().await;
    let running = start_on(&db).await;
    let addr = running.addr;
    let info = table_info(addr, &table).await;
    assert_eq!(shelters(&info["layout"]), shelters(&ours()));

    // Played: every sheet draws the entered shelters, and the record keeps the layout.
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let st = a.started().await;
    assert_eq!(shelters(&st["table"]["layout"]), shelters(&ours()));
    let drawn: Vec<Value> = st["view"]["sheets"][0]["derived"]["shelters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["house"].clone())
        .collect();
    assert_eq!(drawn.len(), 11);
    assert_eq!(drawn[0], json!([1, 1]));
    assert_eq!(drawn[3], json!([2, 2]));
    assert_eq!(drawn[10], json!([3, 12]));
    let turn = a.plain_turn(1, &st["view"]["offer"]).await;
    a.submit(1, &turn).await;
    a.round(2).await;
    let (_, record) =
        welcome_client::http(addr, "GET", &format!("/api/tables/{table}/record"), None)
            .await
            .unwrap();
    assert_eq!(shelters(&record["setup"]["layout"]), shelters(&ours()));

    // Too late to change it.
    let e = post(
        addr,
        &table,
        json!({ "token": ann, "layout": shipped() }),
        409,
    )
    .await;
    assert_eq!(e["code"], "already_started");
    let e = post(addr, &table, json!({ "token": ann, "layout": null }), 409).await;
    assert_eq!(e["code"], "already_started");

    // The game restored from its record plays on with the entered layout.
    drop(a);
    running.stop().await;
    let running = start_on(&db).await;
    let addr = running.addr;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let st = a.round(2).await;
    assert_eq!(shelters(&st["table"]["layout"]), shelters(&ours()));
    assert_eq!(
        st["view"]["sheets"][0]["derived"]["shelters"][0]["house"],
        json!([1, 1])
    );

    // A replay of the record draws it too.
    let replay = call(addr, "POST", "/api/replay", record, 200).await;
    assert_eq!(shelters(&replay["layout"]), shelters(&ours()));
    running.stop().await;
}

#[tokio::test]
async fn the_host_may_go_back_to_the_shipped_layout() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = atomic_table(addr).await;
    post(addr, &table, json!({ "token": ann, "layout": ours() }), 204).await;
    assert!(table_info(addr, &table).await.get("layout").is_some());
    post(addr, &table, json!({ "token": ann, "layout": null }), 204).await;
    assert!(table_info(addr, &table).await.get("layout").is_none());
    // Plan values entered afterwards leave the layout alone, and the other way round.
    post(addr, &table, json!({ "token": ann, "layout": ours() }), 204).await;
    call(
        addr,
        "POST",
        &format!("/api/tables/{table}/values"),
        json!({ "token": ann, "values": { "plans": [[15, 9], null, null] } }),
        204,
    )
    .await;
    let info = table_info(addr, &table).await;
    assert_eq!(shelters(&info["layout"]), shelters(&ours()));
    assert_eq!(info["values"]["plans"][0], json!([15, 9]));
    // The shipped file entered as it is: the table says its sheet is the shipped one.
    post(
        addr,
        &table,
        json!({ "token": ann, "layout": shipped() }),
        204,
    )
    .await;
    let info = table_info(addr, &table).await;
    assert_eq!(shelters(&info["layout"]), shelters(&shipped()));
    srv.running.stop().await;
}

#[tokio::test]
async fn a_sheet_without_placeholders_takes_no_layout() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2 }),
    )
    .await;
    let classic: Value = serde_json::from_str(include_str!(
        "../../../engine/data/editions/first/sheets/classic.json"
    ))
    .unwrap();
    let m = refused(addr, &table, &ann, classic, "layout_verified").await;
    assert!(m.contains("no placeholder"), "{m}");
    srv.running.stop().await;
}

#[tokio::test]
async fn the_companion_plays_an_entered_layout_for_one_request() {
    let srv = server().await;
    let addr = srv.addr();
    let street = |n: usize| json!({ "houses": vec![""; n] });
    let body = |layout: Value| {
        json!({
            "edition": "collector", "sheet_id": "atomic-war",
            "sheet": { "streets": [street(10), street(11), street(12)] },
            "offer": { "combinations": [
                { "number": 3, "effect": "surveyor" },
                { "number": 7, "effect": "pool" },
                { "number": 9, "effect": "bis" }
            ] },
            "plans": [
                { "card": 0, "approved": false },
                { "card": 6, "approved": false },
                { "card": 55, "approved": false }
            ],
            "draft": { "play": { "build": { "pick": { "combination": 1 }, "house": [1, 1], "number": 3 } } },
            "layout": layout
        })
    };
    let houses = |o: &Value| -> Vec<Value> {
        o["derived"]["shelters"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["house"].clone())
            .collect()
    };
    // The shipped layout: no shelter on S1 house 1.
    let o = call(
        addr,
        "POST",
        "/api/companion/options",
        body(Value::Null),
        200,
    )
    .await;
    assert_eq!(o["error"], Value::Null, "{o}");
    assert_eq!(houses(&o)[0], json!([1, 2]));
    // The player's own: the 3 just written fills the shelter of S1 house 1.
    let o = call(addr, "POST", "/api/companion/options", body(ours()), 200).await;
    assert_eq!(o["error"], Value::Null, "{o}");
    assert_eq!(houses(&o)[0], json!([1, 1]));
    assert_eq!(o["derived"]["shelters"][0]["capacity"], 3, "{o}");
    // As text too; and refused, naming the constraint, like a table's.
    call(
        addr,
        "POST",
        "/api/companion/options",
        body(json!(ours().to_string())),
        200,
    )
    .await;
    let mut broken = ours();
    broken["streets"][1]["shelters"] = json!([]);
    let e = call(addr, "POST", "/api/companion/options", body(broken), 400).await;
    assert_eq!(e["code"], "layout_constraint");
    assert!(e["message"].as_str().unwrap().contains("ATO-L1"), "{e}");
    srv.running.stop().await;
}

#[tokio::test]
async fn a_house_listed_twice_or_an_overlong_track_is_refused_naming_the_field() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = atomic_table(addr).await;
    // Street 1's pool at house 3, listed twice.
    let mut twice = shipped();
    twice["streets"][0]["pools"] = json!([3, 3, 7, 8]);
    let m = refused(addr, &table, &ann, twice, "layout_constraint").await;
    assert!(m.contains("streets[0].pools"), "{m}");
    assert!(m.contains("house 3") && m.contains("twice"), "{m}");
    // A pool track of 1000 entries.
    let mut long = shipped();
    long["pools"] = json!((0..1000).collect::<Vec<i32>>());
    let m = refused(addr, &table, &ann, long, "layout_constraint").await;
    assert!(m.contains("(pools)") && m.contains("999 boxes"), "{m}");
    let mut park = shipped();
    park["streets"][2]["parks"] = json!((0..300).collect::<Vec<i32>>());
    let m = refused(addr, &table, &ann, park, "layout_constraint").await;
    assert!(
        m.contains("streets[2].parks") && m.contains("299 boxes"),
        "{m}"
    );
    // The table still takes a good layout.
    post(addr, &table, json!({ "token": ann, "layout": ours() }), 204).await;
    srv.running.stop().await;
}

/// The shipped file with the table's own shelters under a name of its own: a layout no other
/// test enters, whose use in this process this test can follow.
fn ours_named(name: &str) -> Value {
    let mut v = ours();
    v["name"] = json!(name);
    v
}

/// Whether a game of this process holds `layout` (the engine's store of entered layouts).
fn in_use(layout: &Value) -> bool {
    let edition = welcome_engine::Edition::by_id("collector").unwrap();
    let sheet = welcome_engine::SheetId::new("atomic-war").unwrap();
    welcome_engine::CheckedLayout::parse(edition, sheet, &layout.to_string())
        .unwrap()
        .in_use()
}

/// Sweeps until `table` has left memory.
async fn unloaded(running: &welcome_server::Running, table: &str) {
    for _ in 0..200 {
        running.state.sweep().await;
        if running.state.loaded(table).is_none() {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("table {table} stays in memory");
}

/// An entered layout is kept while a table holds it, not until a restart: a table closed
/// during its game and one played to its end let go of theirs once the sweep unloads them,
/// a replay once it has answered, while a table in play keeps its own and plays on with it.
#[tokio::test]
async fn ended_tables_let_go_of_their_layouts_once_unloaded() {
    let srv = server().await;
    let running = &srv.running;
    let addr = running.addr;
    let closed = ours_named("Atomic War (closed table)");
    let over = ours_named("Atomic War (finished table)");
    let live = ours_named("Atomic War (table in play)");
    let replayed = ours_named("Atomic War (replayed)");

    // A game its host closes before the end. Entered before the start, nothing is kept yet.
    let (t1, ann) = atomic_table(addr).await;
    post(addr, &t1, json!({ "token": ann, "layout": closed }), 204).await;
    assert!(!in_use(&closed));
    start(addr, &t1, &ann).await;
    assert!(in_use(&closed));

    // A game of bots only, over once started.
    let (t2, host) = create(
        addr,
        json!({ "name": "Host", "mode": "standard", "edition": "collector",
                "sheet": "atomic-war", "seats": 2, "table_mode": true,
                "bots": [{ "seat": 1, "kind": "greedy" }, { "seat": 2, "kind": "greedy" }] }),
    )
    .await;
    post(addr, &t2, json!({ "token": host, "layout": over }), 204).await;
    start(addr, &t2, &host).await;
    assert_eq!(table_info(addr, &t2).await["status"], "over");
    assert!(in_use(&over));

    // A game in play.
    let (t3, cy) = atomic_table(addr).await;
    post(addr, &t3, json!({ "token": cy, "layout": live }), 204).await;
    start(addr, &t3, &cy).await;
    let mut c = connect(addr, &t3, Some(&cy)).await;
    let st = c.started().await;
    assert!(in_use(&live));

    // A record replayed under another layout: entered for the replay, let go of once answered.
    let (_, mut record) =
        welcome_client::http(addr, "GET", &format!("/api/tables/{t1}/record"), None)
            .await
            .unwrap();
    record["setup"]["layout"]["name"] = json!("Atomic War (replayed)");
    let answer = call(addr, "POST", "/api/replay", record, 200).await;
    assert_eq!(answer["layout"]["name"], "Atomic War (replayed)");
    assert!(!in_use(&replayed));

    // Closed, then over and closed both leave memory at the sweep, and their layouts with them.
    call(
        addr,
        "POST",
        &format!("/api/tables/{t1}/abandon"),
        json!({ "token": ann }),
        204,
    )
    .await;
    assert!(in_use(&closed), "until the table leaves memory");
    unloaded(running, &t1).await;
    unloaded(running, &t2).await;
    assert!(!in_use(&closed));
    assert!(!in_use(&over));

    // The table in play keeps its layout and plays on with it.
    assert!(running.state.loaded(&t3).is_some());
    assert!(in_use(&live));
    let turn = c.plain_turn(1, &st["view"]["offer"]).await;
    c.submit(1, &turn).await;
    let st = c.round(2).await;
    assert_eq!(st["table"]["layout"]["name"], "Atomic War (table in play)");
    assert_eq!(shelters(&st["table"]["layout"]), shelters(&ours()));
    assert_eq!(
        st["view"]["sheets"][0]["derived"]["shelters"][0]["house"],
        json!([1, 1])
    );

    // Asked for again, a finished table comes back from the database with its layout, which
    // it holds until it leaves memory once more.
    let info = table_info(addr, &t2).await;
    assert_eq!(info["layout"]["name"], "Atomic War (finished table)");
    assert!(in_use(&over));
    unloaded(running, &t2).await;
    assert!(!in_use(&over));
    assert!(in_use(&live));
    drop(c);
    srv.running.stop().await;
}
