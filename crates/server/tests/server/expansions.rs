//! The collector edition's expansion sheets at an AAA solo table: the AAA's own rows of each
//! sheet in the view, on the Ice Cream sheet the bonus a Validation card makes the player cross
//! off first thing in their next turn (listed by the options, paid by the turn's `cross`,
//! refused anywhere else), on the Atomic War sheet the AAA's halves of the shelters, in the
//! view and through the companion, on the Coin Coin sheet the AAA's points at a duck
//! scoring the companion's turn holds, and on the American Dream sheet a turn without an
//! action stage and the street and column bonuses a Validation card makes the player cross.

use crate::common;

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
        ("atomic-war", "shelters"),
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
                // nothing crossed off yet: one point per card other than Surveyor
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
    // Paid: nothing is owed any more, unless another Validation card came up as the next
    // round was dealt (the AAA's letters drawn), which owes a bonus again.
    let drawn = |s: &Value| s["view"]["aaa"]["drawn"].as_array().map_or(0, Vec::len);
    let again = drawn(&next) > drawn(&state);
    assert_eq!(mine.get("owed").is_some(), again, "{mine}");
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

/// The AAA's halves at setup on the shipped Atomic War layout: 20, 30 and 30 in each street's
/// first shelter (S1 {2, 5, 9}, S2 {1, 4, 7, 10}, S3 {3, 6, 9, 12}).
const SETUP_HALVES: [u8; 11] = [20, 0, 0, 30, 0, 0, 0, 30, 0, 0, 0];

#[tokio::test]
async fn an_atomic_war_view_carries_the_aaas_halves_and_the_shelters() {
    let srv = server().await;
    let addr = srv.addr();
    let (mut c, first) = game(addr, "atomic-war").await;
    let view = &first["view"];
    assert_eq!(
        view["aaa"]["halves"],
        json!(SETUP_HALVES),
        "{}",
        view["aaa"]
    );
    let derived = &view["sheets"][0]["derived"];
    let shelters = derived["shelters"].as_array().unwrap();
    let houses: Vec<Value> = shelters.iter().map(|s| s["house"].clone()).collect();
    assert_eq!(
        houses,
        [
            [1, 2],
            [1, 5],
            [1, 9],
            [2, 1],
            [2, 4],
            [2, 7],
            [2, 10],
            [3, 3],
            [3, 6],
            [3, 9],
            [3, 12]
        ]
        .map(|h| json!(h))
    );
    assert!(shelters
        .iter()
        .all(|s| s["capacity"].is_null() && s["lost"] == false));
    assert_eq!(derived["capacities"], json!([0, 0, 0]));
    // A number in a shelter house is its capacity, compared with the AAA's in the score.
    let o = options(&mut c, 1, json!({})).await;
    let p = o["placements"]
        .as_array()
        .unwrap()
        .iter()
        // Not with a Temp card's effect: its number may differ from the card's, and would then
        // need the Temp used (the deal is random).
        .find(|p| p["house"] == json!([1, 2]) && p["effect"] != "temp")
        .expect("street 1 house 2 takes a number in round 1")
        .clone();
    let draft = json!({ "play": { "build": { "pick": p["pick"], "house": [1, 2], "number": p["number"] } } });
    let o = options(&mut c, 1, draft.clone()).await;
    let n = p["number"].as_u64().unwrap();
    assert_eq!(
        o["derived"]["shelters"][0]["capacity"], n,
        "{}",
        o["derived"]
    );
    assert_eq!(o["derived"]["capacities"], json!([n, 0, 0]));
    let rows = o["score"]["rows"].as_array().unwrap();
    let row = |id: &str| rows.iter().find(|r| r["id"] == id).unwrap().clone();
    assert_eq!(
        row("shelters")["detail"],
        format!("capacities {n}, 0, 0 against the AAA's 20, 30, 30")
    );
    assert_eq!(row("shelters")["points"], 0, "the AAA's 20 is higher");
    assert_eq!(row("optimism")["points"], 9, "{n} is less than 80");
    c.submit(1, &draft).await;
    let next = c.round(2).await;
    let mine = &next["view"]["sheets"][0];
    assert_eq!(mine["derived"]["shelters"][0]["capacity"], n);
    assert_eq!(next["view"]["aaa"]["halves"], json!(SETUP_HALVES));
    srv.running.stop().await;
}

/// The collector deck's first card of each of `numbers` (each card used once).
fn cards(numbers: &[u8]) -> Vec<String> {
    let edition = welcome_engine::Edition::by_id("collector").unwrap();
    let mut left: Vec<String> = edition.deck.iter().map(|c| c.to_string()).collect();
    numbers
        .iter()
        .map(|n| {
            let at = left
                .iter()
                .position(|c| c.starts_with(&format!("{n}-")))
                .unwrap_or_else(|| panic!("the deck has no {n} left"));
            left.remove(at)
        })
        .collect()
}

/// A companion request on an empty Atomic War sheet against the AAA (level 1) with `aaa`'s
/// fields added, writing a 5 in street 1 house 2 (a shelter).
fn atomic_companion(aaa: Value) -> Value {
    let edition = welcome_engine::Edition::by_id("collector").unwrap();
    let layout = edition
        .sheet(welcome_engine::SheetId::new("atomic-war").unwrap())
        .unwrap();
    let sheet = welcome_engine::SheetData::of(layout, &welcome_engine::Sheet::new(layout));
    let mut a = json!({ "level": 1, "given": cards(&[4, 11, 7]) });
    for (k, v) in aaa.as_object().unwrap() {
        a[k] = v.clone();
    }
    json!({
        "edition": "collector",
        "sheet_id": "atomic-war",
        "sheet": sheet,
        "offer": { "hand": ["5-surveyor", "9-pool", "12-temp"] },
        "plans": [{ "card": 1, "approved": false }, { "card": 7, "approved": false }, { "card": 55, "approved": false }],
        "mode": "solo",
        "aaa": a,
        "draft": { "play": { "build": { "pick": { "hand": [1, 2] }, "house": [1, 2], "number": 5 } } }
    })
}

const COMPANION: &str = "/api/companion/options";

#[tokio::test]
async fn the_companion_builds_the_aaas_shelter_at_a_validation_card() {
    let srv = server().await;
    let addr = srv.addr();
    // No halves sent: as at setup, and they come back to be sent next time.
    let o = call(addr, "POST", COMPANION, atomic_companion(json!({})), 200).await;
    assert_eq!(o["aaa"]["halves"], json!(SETUP_HALVES));
    // Validation card A, the last three cards given 4, 11, 7: the AAA writes 11 in street 1's
    // next free half (E41).
    let built = json!([20, 11, 0, 30, 0, 0, 0, 30, 0, 0, 0]);
    for halves in [json!([]), json!(SETUP_HALVES)] {
        let body = atomic_companion(json!({ "halves": halves, "validation": 1 }));
        let o = call(addr, "POST", COMPANION, body, 200).await;
        assert_eq!(o["aaa"]["halves"], built, "{}", o["aaa"]);
        let row = &o["aaa"]["score"]["sheet_rows"][0];
        assert_eq!(row["id"], "shelters");
        assert!(
            row["detail"]
                .as_str()
                .unwrap()
                .starts_with("capacities 31, 30, 30 (total 91)"),
            "{row}"
        );
        // the player's 5 is compared with the AAA's halves as the card left them
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
    }
    // Sent back without a card, they stay; a card of plan C builds in street 3.
    let o = call(
        addr,
        "POST",
        COMPANION,
        atomic_companion(json!({ "halves": built })),
        200,
    )
    .await;
    assert_eq!(o["aaa"]["halves"], built);
    let body = atomic_companion(json!({ "halves": built, "validation": 3 }));
    let o = call(addr, "POST", COMPANION, body, 200).await;
    assert_eq!(
        o["aaa"]["halves"],
        json!([20, 11, 0, 30, 0, 0, 0, 30, 11, 0, 0])
    );
    // Advanced: the turn's roundabout in street 2 gives the AAA a 10 there.
    let mut body = atomic_companion(json!({ "halves": built }));
    body["advanced"] = json!(true);
    body["draft"]["roundabout"] = json!({ "house": [2, 4], "when": "before" });
    let o = call(addr, "POST", COMPANION, body, 200).await;
    assert_eq!(o["complete"], true, "{o}");
    assert_eq!(
        o["aaa"]["halves"],
        json!([20, 11, 0, 30, 10, 0, 0, 30, 0, 0, 0])
    );
    assert_eq!(o["derived"]["shelters"][4]["lost"], true);
    srv.running.stop().await;
}

#[tokio::test]
async fn the_companion_refuses_bad_halves_and_validation_cards() {
    let srv = server().await;
    let addr = srv.addr();
    let good = atomic_companion(json!({ "halves": SETUP_HALVES, "validation": 2 }));
    let before = call(addr, "POST", COMPANION, good.clone(), 200).await;
    let bad = [
        (
            json!({ "halves": [20, 0, 0, 30, 0, 0, 0, 30, 0, 0] }),
            "10 values",
        ),
        (
            json!({ "halves": [20, 0, 0, 30, 0, 0, 0, 30, 0, 0, 0, 0] }),
            "12 values",
        ),
        (
            json!({ "halves": [20, 0, 0, 31, 0, 0, 0, 30, 0, 0, 0] }),
            "31 is more",
        ),
        (json!({ "validation": 0 }), "plan 0"),
        (json!({ "validation": 4 }), "plan 4"),
    ];
    for (aaa, says) in bad {
        let e = call(addr, "POST", COMPANION, atomic_companion(aaa.clone()), 400).await;
        assert_eq!(e["code"], "bad_aaa", "{aaa}: {e}");
        assert!(e["message"].as_str().unwrap().contains(says), "{aaa}: {e}");
        assert_eq!(
            e.as_object().unwrap().len(),
            2,
            "an error is all the answer: {e}"
        );
    }
    // Halves on a sheet that splits no box are refused too.
    let mut classic = atomic_companion(json!({ "halves": SETUP_HALVES }));
    classic["sheet_id"] = json!("classic");
    classic["plans"][2]["card"] = json!(13);
    refused_aaa(addr, classic).await;
    // Nothing is kept between requests: the same request answers as it did.
    let after = call(addr, "POST", COMPANION, good, 200).await;
    assert_eq!(after, before);
    assert_eq!(
        after["aaa"]["halves"],
        json!([20, 0, 0, 30, 11, 0, 0, 30, 0, 0, 0])
    );
    srv.running.stop().await;
}

async fn refused_aaa(addr: std::net::SocketAddr, body: Value) {
    let e = call(addr, "POST", COMPANION, body, 400).await;
    assert_eq!(e["code"], "bad_aaa", "{e}");
}

/// Coin Coin against the AAA through the companion: a turn that circles the last black
/// duckling holds the black scoring at the end of the turn, for the player and, once the
/// turn's card is given to it, for the AAA (a point per two cards given).
#[tokio::test]
async fn the_companion_holds_a_duck_scoring_for_the_aaa_at_the_end_of_the_turn() {
    let srv = server().await;
    let addr = srv.addr();
    let edition = welcome_engine::Edition::by_id("collector").unwrap();
    let layout = edition
        .sheet(welcome_engine::SheetId::new("coin-coin").unwrap())
        .unwrap();
    let mut sheet = serde_json::to_value(welcome_engine::SheetData::of(
        layout,
        &welcome_engine::Sheet::new(layout),
    ))
    .unwrap();
    // every black duckling circled but the one between street 2 house 3 and street 3 house 3
    sheet["streets"][0]["houses"] = json!(["1", "2", "3", "4", "", "", "7", "8", "", ""]);
    sheet["streets"][1]["houses"] = json!(["", "3", "4", "", "5", "6", "", "9", "", "", ""]);
    let body = |draft: Value| {
        json!({
            "edition": "collector",
            "sheet_id": "coin-coin",
            "sheet": sheet,
            "offer": { "hand": ["5-surveyor", "6-pool", "8-bis"] },
            "plans": [{ "card": 1, "approved": false }, { "card": 7, "approved": false }, { "card": 70, "approved": false }],
            "mode": "solo",
            "aaa": { "level": 1, "given": cards(&[1, 2, 3]) },
            "draft": draft
        })
    };
    // Before the turn, nothing is held: the AAA scores each scoring with its 3 cards at the end.
    let o = call(addr, "POST", COMPANION, body(json!({})), 200).await;
    assert_eq!(o["aaa"]["halves"], json!([0, 0, 0, 0, 0]));
    // 5 in street 3 house 3 with cards 1 and 2: card 3 (8-bis) goes to the AAA.
    let turn = json!({ "play": { "build": { "pick": { "hand": [1, 2] }, "house": [3, 3], "number": 5 } } });
    let o = call(addr, "POST", COMPANION, body(turn), 200).await;
    assert_eq!(o["complete"], true, "{o}");
    let held = o["after_turn"]["duck_scorings"][1].as_u64();
    assert!(held.is_some_and(|v| v > 0), "{}", o["after_turn"]);
    // 4 cards given by then: 2 points, written as 3 (points + 1)
    assert_eq!(o["aaa"]["halves"], json!([0, 3, 0, 0, 0]));
    let row = &o["aaa"]["score"]["sheet_rows"][0];
    assert_eq!(row["id"], "ducks");
    assert!(
        row["detail"].as_str().unwrap().starts_with("1 + 2 + 1:"),
        "{row}"
    );
    srv.running.stop().await;
}

/// American Dream through the companion: a number is the whole build (no effect is listed,
/// the draft is complete once written, a house numbered with its family's action is perfect),
/// and a Validation card owes one street bonus, then two column bonuses (column c as 5 + c).
#[tokio::test]
async fn an_american_dream_turn_has_no_action_stage_and_crosses_streets_then_columns() {
    let srv = server().await;
    let addr = srv.addr();
    let edition = welcome_engine::Edition::by_id("collector").unwrap();
    let layout = edition
        .sheet(welcome_engine::SheetId::new("american-dream").unwrap())
        .unwrap();
    let mut sheet = serde_json::to_value(welcome_engine::SheetData::of(
        layout,
        &welcome_engine::Sheet::new(layout),
    ))
    .unwrap();
    let body = |sheet: &Value, draft: Value| {
        json!({
            "edition": "collector",
            "sheet_id": "american-dream",
            "sheet": sheet,
            "offer": { "hand": ["5-surveyor", "9-pool", "12-temp"] },
            "plans": [{ "card": 75, "approved": false }, { "card": 78, "approved": false }, { "card": 81, "approved": false }],
            "mode": "solo",
            "aaa": { "level": 1, "given": [] },
            "draft": draft
        })
    };
    // 5 with the Pool card in street 1 house 4, a pool house: perfect, and nothing else to do.
    let build = json!({ "pick": { "hand": [1, 2] }, "house": [1, 4], "number": 5 });
    let o = call(
        addr,
        "POST",
        COMPANION,
        body(&sheet, json!({ "play": { "build": build } })),
        200,
    )
    .await;
    assert_eq!(o["error"], Value::Null, "{o}");
    assert_eq!(o["complete"], true);
    assert_eq!(o["effects"], json!([]));
    assert_eq!(o["derived"]["perfect"], json!([[1, 4]]));
    let mut with_effect = build.clone();
    with_effect["effect"] = json!("pool");
    let o = call(
        addr,
        "POST",
        COMPANION,
        body(&sheet, json!({ "play": { "build": with_effect } })),
        200,
    )
    .await;
    assert_eq!(o["error"]["code"], "no_action", "{o}");

    // A Validation card came up: first one open street bonus, then two column bonuses.
    sheet["owed"] = json!(1);
    sheet["owed_columns"] = json!(2);
    let o = call(addr, "POST", COMPANION, body(&sheet, json!({})), 200).await;
    assert_eq!(o["cross"], json!([1, 2, 3, 4, 5]), "{o}");
    assert_eq!(o["placements"], json!([]));
    let o = call(
        addr,
        "POST",
        COMPANION,
        body(&sheet, json!({ "cross": [2] })),
        200,
    )
    .await;
    assert_eq!(o["cross"], json!([6, 7, 8, 9, 10, 11, 12]), "{o}");
    let o = call(
        addr,
        "POST",
        COMPANION,
        body(&sheet, json!({ "cross": [2, 6, 12] })),
        200,
    )
    .await;
    assert_eq!(o["cross"], Value::Null, "{o}");
    assert_eq!(o["derived"]["street_bonuses"][1], "lost");
    assert_eq!(
        o["derived"]["column_bonuses"],
        json!(["lost", "open", "open", "open", "open", "open", "lost"])
    );
    let draft = json!({ "cross": [2, 6, 12], "play": { "build": build } });
    let o = call(addr, "POST", COMPANION, body(&sheet, draft), 200).await;
    assert_eq!(o["complete"], true, "{o}");
    let after = o["after_turn"].clone();
    assert_eq!(after["streets"][1]["bonus"], "lost", "{after}");
    assert_eq!(after["owed"], Value::Null);
    // the AAA scores 10 per street bonus crossed off on the player's sheet
    let o = call(addr, "POST", COMPANION, body(&after, json!({})), 200).await;
    let row = &o["aaa"]["score"]["sheet_rows"][1];
    assert_eq!(
        (row["id"].as_str(), row["points"].as_i64()),
        (Some("streets"), Some(10)),
        "{row}"
    );
    srv.running.stop().await;
}
