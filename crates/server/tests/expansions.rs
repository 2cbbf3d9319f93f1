//! The collector edition's expansion sheets at an AAA solo table: the AAA's own rows of each
//! sheet in the view, and on the Ice Cream sheet the bonus a Validation card makes the player
//! cross off first thing in their next turn (listed by the options, paid by the turn's `cross`,
//! refused anywhere else).

mod common;

use common::*;
use serde_json::{json, Value};

fn aaa_table(sheet: &str) -> Value {
    json!({ "name": "Ann", "mode": "solo", "edition": "collector", "sheet": sheet, "seats": 1, "aaa_level": 1 })
}

/// A started AAA table on `sheet`, its player's socket and its first state.
async fn game(addr: std::net::SocketAddr, sheet: &str) -> (Client, Value) {
    let (table, token) = create(addr, aaa_table(sheet)).await;
    start(addr, &table, &token).await;
    let mut c = connect(addr, &table, Some(&token)).await;
    let first = c.started().await;
    (c, first)
}

/// The number a hand card prints ("12-temp" → 12).
fn printed(offer: &Value, card: &Value) -> Option<u64> {
    offer["hand"][card.as_u64()? as usize - 1]
        .as_str()?
        .split('-')
        .next()?
        .parse()
        .ok()
}

/// From the options `o` of a draft that already holds `cross`: a turn writing a card's number as
/// printed where it sits best in its street (low numbers left, high ones right), so that games
/// last, or a refusal.
fn careful_turn(o: &Value, offer: &Value, cross: &[u64]) -> Value {
    let best = o["placements"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| printed(offer, &p["pick"]["hand"][0]) == p["number"].as_u64())
        .min_by_key(|p| {
            let (s, h) = (
                p["house"][0].as_u64().unwrap(),
                p["house"][1].as_u64().unwrap(),
            );
            let len = o["derived"]["ranges"][s as usize - 1]
                .as_array()
                .unwrap()
                .len() as f64;
            let at = (h as f64 - 0.5) / len;
            ((at - p["number"].as_f64().unwrap() / 17.0).abs() * 1000.0) as i64
        });
    let play = match best {
        Some(p) => {
            json!({ "build": { "pick": p["pick"], "house": p["house"], "number": p["number"] } })
        }
        None => {
            assert!(!o["refuse"].is_null(), "no placement and no refusal: {o}");
            json!({ "refuse": { "pass": 1 } })
        }
    };
    let mut turn = json!({ "play": play });
    if !cross.is_empty() {
        turn["cross"] = json!(cross);
    }
    turn
}

async fn options(c: &mut Client, round: u64, draft: Value) -> Value {
    let o = c
        .request(json!({ "type": "options", "round": round, "draft": draft }))
        .await;
    assert_eq!(o["type"], "options", "{o}");
    o
}

/// The cards of the AAA's pile that are not Barrière cards.
fn not_fences(aaa: &Value) -> i64 {
    aaa["given"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| !c.as_str().unwrap().ends_with("-surveyor"))
        .count() as i64
}

#[tokio::test]
async fn each_expansion_sheet_adds_its_row_to_the_aaas_score() {
    let srv = server().await;
    let addr = srv.addr();
    for (sheet, row) in [
        ("easter", "eggs"),
        ("ice-cream", "ice-cream"),
        ("christmas", "lights"),
    ] {
        let (mut c, first) = game(addr, sheet).await;
        assert_eq!(first["table"]["sheet"], sheet);
        // plan C is one of the sheet's own five
        let plan_c = first["view"]["plans"][2]["card"].as_u64().unwrap();
        let edition = call(addr, "GET", "/api/editions/collector", Value::Null, 200).await;
        let card = edition["plans"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == plan_c)
            .unwrap();
        assert_eq!(card["sheet"], sheet, "{card}");
        let mut offer = first["view"]["offer"].clone();
        for r in 1..=3 {
            let o = options(&mut c, r, json!({})).await;
            c.submit(r, &careful_turn(&o, &offer, &[])).await;
            let state = c.round(r + 1).await;
            offer = state["view"]["offer"].clone();
            let aaa = &state["view"]["aaa"];
            let score = &aaa["score"];
            let rows = score["sheet_rows"].as_array().unwrap();
            assert_eq!(rows.len(), 1, "{score}");
            assert_eq!(rows[0]["id"], row);
            assert!(rows[0]["detail"].as_str().is_some_and(|d| !d.is_empty()));
            let base = aaa_base_rows(score);
            assert_eq!(
                score["total"].as_i64(),
                Some(base + rows[0]["points"].as_i64().unwrap())
            );
            if sheet == "ice-cream" {
                // nothing crossed off yet: one point per card other than Barrière
                assert_eq!(rows[0]["points"].as_i64(), Some(not_fences(aaa)));
            }
        }
    }
    srv.running.stop().await;
}

/// Plays an Ice Cream game against the AAA until a Validation card makes the sheet owe a
/// crossing, checking every turn before it; `None` if the game ended first.
async fn until_a_crossing(addr: std::net::SocketAddr) -> Option<(Client, u64, Value)> {
    let (mut c, first) = game(addr, "ice-cream").await;
    let mut state = first;
    for round in 1..=60u64 {
        if !state["view"]["result"].is_null() {
            return None;
        }
        let o = options(&mut c, round, json!({})).await;
        let sheet = &state["view"]["sheets"][0]["sheet"];
        if o.get("cross").is_some() {
            assert_eq!(sheet["owed"], 1, "{sheet}");
            return Some((c, round, state));
        }
        assert_eq!(sheet.get("owed"), None, "{sheet}");
        let offer = state["view"]["offer"].clone();
        let turn = careful_turn(&o, &offer, &[]);
        if round == 1 {
            // a crossing nothing asks for is refused, and the turn can still be played
            let mut bad = turn.clone();
            bad["cross"] = json!([1]);
            c.expect_error(
                json!({ "type": "submit", "round": 1, "turn": bad }),
                "cross_not_owed",
            )
            .await;
        }
        c.submit(round, &turn).await;
        state = c.round(round + 1).await;
    }
    panic!("the game did not end in 60 rounds");
}

#[tokio::test]
async fn an_ice_cream_validation_card_makes_the_next_turn_cross_a_bonus() {
    let srv = server().await;
    let addr = srv.addr();
    // The first Validation card lies among the pile's bottom 21 cards (turns 15–22): a game
    // played with care nearly always gets there; a few games make it certain enough.
    let mut found = None;
    for _ in 0..5 {
        found = until_a_crossing(addr).await;
        if found.is_some() {
            break;
        }
    }
    let (mut c, round, state) = found.expect("a Validation card came up in one of 5 games");
    let offer = state["view"]["offer"].clone();
    let sheet = state["view"]["sheets"][0]["sheet"].clone();

    // The options list the open bonuses and nothing else until the draft crosses one off.
    let o = options(&mut c, round, json!({})).await;
    let open: Vec<u64> = (1..=3)
        .filter(|s| sheet["streets"][*s as usize - 1].get("bonus").is_none())
        .collect();
    assert_eq!(o["cross"], json!(open), "{o}");
    assert_eq!(o["placements"], json!([]));
    assert_eq!(o["refuse"], Value::Null);
    assert_eq!(o["complete"], false);
    let street = *open.last().unwrap();

    // A turn that does not pay the crossing is refused, and nothing changes.
    let after = options(&mut c, round, json!({ "cross": [street] })).await;
    assert_eq!(after["cross"], Value::Null, "nothing more owed: {after}");
    assert_eq!(
        after["sheet"]["streets"][street as usize - 1]["bonus"],
        "lost"
    );
    assert_eq!(after["sheet"].get("owed"), None);
    let turn = careful_turn(&after, &offer, &[street]);
    let mut unpaid = turn.clone();
    unpaid.as_object_mut().unwrap().remove("cross");
    c.expect_error(
        json!({ "type": "submit", "round": round, "turn": unpaid }),
        "cross_owed",
    )
    .await;
    // A bonus that is not open cannot be crossed off.
    let closed: Vec<u64> = (1..=3).filter(|s| !open.contains(s)).collect();
    if let Some(&s) = closed.first() {
        let mut wrong = turn.clone();
        wrong["cross"] = json!([s]);
        c.expect_error(
            json!({ "type": "submit", "round": round, "turn": wrong }),
            "cross_not_open",
        )
        .await;
    }
    let info = c
        .request(json!({ "type": "options", "round": round, "draft": {} }))
        .await;
    assert_eq!(info["cross"], json!(open), "still owed after the refusals");

    // Paid: the bonus is crossed off for good and the AAA scores 10 for it.
    c.submit(round, &turn).await;
    let next = c.round(round + 1).await;
    let mine = &next["view"]["sheets"][0]["sheet"];
    assert_eq!(mine["streets"][street as usize - 1]["bonus"], "lost");
    assert_eq!(mine.get("owed"), None, "{mine}");
    assert_eq!(
        next["view"]["log"].as_array().unwrap().last().unwrap()["turns"][0]["cross"],
        json!([street])
    );
    let aaa = &next["view"]["aaa"];
    let row = &aaa["score"]["sheet_rows"][0];
    let lost = (1..=3)
        .filter(|s| mine["streets"][*s - 1]["bonus"] == "lost")
        .count() as i64;
    assert_eq!(
        row["points"].as_i64(),
        Some(not_fences(aaa) + 10 * lost),
        "{row}"
    );
    assert!(
        row["detail"]
            .as_str()
            .unwrap()
            .ends_with(&format!(", {lost} of your bonuses crossed off")),
        "{row}"
    );
    srv.running.stop().await;
}
