//! The collector edition's 9¾ cards at a table: the create option, refused by an edition
//! without them (nothing stored), kept across a restart, in the game's record and the deck it
//! deals, and listed by the edition data for the lobby.

use crate::common;

use common::*;
use serde_json::{json, Value};
use welcome_engine::Record;

#[tokio::test]
async fn an_edition_without_the_cards_refuses_the_option_and_nothing_is_created() {
    let srv = server().await;
    let addr = srv.addr();
    let before = call(addr, "GET", "/api/tables", Value::Null, 200).await;
    let e = call(
        addr,
        "POST",
        "/api/tables",
        json!({ "name": "Ann", "mode": "standard", "seats": 2, "edition": "first",
                "nine_three_quarters": true }),
        400,
    )
    .await;
    assert_eq!(e["code"], "no_nine_three_quarters", "{e}");
    assert_eq!(
        call(addr, "GET", "/api/tables", Value::Null, 200).await,
        before
    );
    // a value that is not a boolean is malformed JSON for the request
    let (status, _) = welcome_client::http(
        addr,
        "POST",
        "/api/tables",
        Some(
            &json!({ "name": "Ann", "mode": "standard", "seats": 2, "edition": "collector",
                      "nine_three_quarters": "yes" }),
        ),
    )
    .await
    .unwrap();
    assert!((400..500).contains(&status), "answered {status}");
    assert_eq!(
        call(addr, "GET", "/api/tables", Value::Null, 200).await,
        before
    );
}

#[tokio::test]
async fn the_editions_list_the_cards_effects() {
    let srv = server().await;
    let addr = srv.addr();
    let collector = call(addr, "GET", "/api/editions/collector", Value::Null, 200).await;
    let effects = collector["nine_three_quarters"].as_array().unwrap();
    assert_eq!(effects.len(), 3, "{effects:?}");
    let first = call(addr, "GET", "/api/editions/first", Value::Null, 200).await;
    assert_eq!(first["nine_three_quarters"], json!([]));
}

#[tokio::test]
async fn a_table_with_the_cards_keeps_them_across_a_restart_and_deals_them() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2, "edition": "collector",
                "nine_three_quarters": true, "bots": [{ "seat": 2, "kind": "greedy" }] }),
    )
    .await;
    assert_eq!(table_info(addr, &table).await["nine_three_quarters"], true);
    // a table without the option says so too
    let (plain, bo) = create(
        addr,
        json!({ "name": "Bo", "mode": "standard", "seats": 2, "edition": "collector",
                "bots": [{ "seat": 2, "kind": "greedy" }] }),
    )
    .await;
    assert_eq!(table_info(addr, &plain).await["nine_three_quarters"], false);

    // stored in the lobby, before the start
    let db = srv.db.clone();
    srv.running.stop().await;
    let running = start_on(&db).await;
    let addr = running.addr;
    assert_eq!(table_info(addr, &table).await["nine_three_quarters"], true);
    assert_eq!(table_info(addr, &plain).await["nine_three_quarters"], false);

    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let mut state = a.started().await;
    // the deck holds 66 cards instead of 63: three more in the piles after the first flip
    start(addr, &plain, &bo).await;
    let mut b = connect(addr, &plain, Some(&bo)).await;
    let without = b.started().await;
    let piles = |s: &Value| {
        s["view"]["pile"]
            .as_u64()
            .expect("the cards left in the piles")
    };
    assert_eq!(
        piles(&state),
        piles(&without) + 3,
        "{} {}",
        state["view"]["pile"],
        without["view"]["pile"]
    );
    drop(b);
    let mut quarters = 0;
    let mut rounds = 0;
    while state["table"]["status"] == "playing" && rounds < 60 {
        let round = state["view"]["round"].as_u64().unwrap();
        let offer = state["view"]["offer"]["combinations"].clone();
        quarters += offer
            .as_array()
            .into_iter()
            .flatten()
            .filter(|c| c["number"].as_str().is_some_and(|n| n.ends_with('¾')))
            .count();
        let turn = a.plain_turn(round, &state["view"]["offer"]).await;
        a.submit(round, &turn).await;
        rounds += 1;
        state = a
            .state_where(|m| {
                m["table"]["status"] != "playing"
                    || m["view"]["round"].as_u64().is_some_and(|r| r > round)
            })
            .await;
    }
    assert_eq!(state["table"]["status"], "over", "the game ends");
    let (status, v) =
        welcome_client::http(addr, "GET", &format!("/api/tables/{table}/record"), None)
            .await
            .unwrap();
    assert_eq!(status, 200);
    let record = Record::from_json(&v.to_string()).unwrap();
    assert!(record.setup.options.nine_three_quarters);
    // three piles turned a card each round: after 22 rounds every card of the 66 was offered
    assert!(
        quarters >= 1 || rounds < 22,
        "a ¾ number offered in {rounds} rounds"
    );
    running.stop().await;
}

/// A companion request on the collector's classic sheet offering `offer`.
fn companion(edition: &str, quarters: Option<bool>, offer: Value) -> Value {
    let street = |n: usize| json!({ "houses": vec![""; n], "fences": [], "parks": 0, "pools": [], "plan_houses": [] });
    let mut body = json!({
        "edition": edition,
        "sheet": { "streets": [street(10), street(11), street(12)], "temps": 0,
                   "real_estate": [0, 0, 0, 0, 0, 0], "refusals": 0, "plans": [null, null, null] },
        "offer": offer,
        "plans": [{ "card": 0, "approved": false }, { "card": 6, "approved": false },
                  { "card": 12, "approved": false }],
    });
    if let Some(q) = quarters {
        body["nine_three_quarters"] = json!(q);
    }
    body
}

#[tokio::test]
async fn the_companion_takes_a_quarter_card_only_at_a_table_that_plays_with_them() {
    let srv = server().await;
    let addr = srv.addr();
    let combos = json!({ "combinations": [{ "number": "9¾", "effect": "surveyor" },
        { "number": 3, "effect": "pool" }, { "number": 12, "effect": "temp" }] });
    let path = "/api/companion/options";
    // without the option there is no such card
    let e = call(
        addr,
        "POST",
        path,
        companion("collector", None, combos.clone()),
        400,
    )
    .await;
    assert_eq!(e["code"], "bad_offer", "{e}");
    // the 1st edition has none to play with
    let e = call(
        addr,
        "POST",
        path,
        companion("first", Some(true), combos.clone()),
        400,
    )
    .await;
    assert_eq!(e["code"], "no_nine_three_quarters", "{e}");
    // with it, the ¾ number is placed like any other, in ascending order
    let o = call(
        addr,
        "POST",
        path,
        companion("collector", Some(true), combos),
        200,
    )
    .await;
    let placements = o["placements"].as_array().unwrap();
    let quarter: Vec<&Value> = placements
        .iter()
        .filter(|p| p["pick"]["combination"] == 1)
        .collect();
    assert_eq!(quarter.len(), 10 + 11 + 12, "every empty house takes 9¾");
    assert!(quarter.iter().all(|p| p["number"] == "9¾"));
    // a hand of the AAA game
    let hand = json!({ "hand": ["9¾-surveyor", "3-pool", "12-temp"] });
    let mut req = companion("collector", Some(true), hand.clone());
    req["mode"] = json!("solo");
    let o = call(addr, "POST", path, req, 200).await;
    assert!(o["placements"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["number"] == "9¾"));
    let mut req = companion("collector", None, hand);
    req["mode"] = json!("solo");
    let e = call(addr, "POST", path, req, 400).await;
    assert_eq!(e["code"], "bad_offer", "{e}");
}
