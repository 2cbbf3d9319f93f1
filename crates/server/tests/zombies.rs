//! The collector edition's Zombies sheet in the web app: a standard table with a bot played to
//! the end over the websocket, the ammo stage of each turn (its options are exactly the
//! engine's legal sets of hordes to slow, a bad choice is refused with the engine's code and
//! changes nothing), the hordes, ammo and barricades the view derives, the Barrière's barricade
//! and the round the game ends before; the modes the engine does not set up on the sheet are
//! refused at creation; and the companion's Zombie cards.

mod common;

use common::*;
use serde_json::{json, Value};
use welcome_engine::edition::ZombieCard;
use welcome_engine::modules::zombies;
use welcome_engine::{Edition, Sheet, SheetData, SheetId, SheetLayout};

const COMPANION: &str = "/api/companion/options";

fn edition() -> &'static Edition {
    Edition::by_id("collector").unwrap()
}

fn layout() -> &'static SheetLayout {
    edition().sheet(SheetId::new("zombies").unwrap()).unwrap()
}

/// A sheet as the wire writes it, read by the engine.
fn sheet_of(v: &Value) -> Sheet {
    let data: SheetData = serde_json::from_value(v.clone()).unwrap();
    data.to_sheet(edition(), layout()).unwrap()
}

fn card_of(v: &Value) -> ZombieCard {
    serde_json::from_value(v.clone()).unwrap()
}

async fn options(c: &mut Client, round: u64, draft: &Value) -> Value {
    let o = c
        .request(json!({ "type": "options", "round": round, "draft": draft }))
        .await;
    assert_eq!(o["type"], "options", "{o}");
    o
}

/// The play of a turn from its options: a combination's number as printed where it fits
/// (else a number a Temp changed, with the Temp used), or a refusal.
fn some_play(o: &Value, offer: &Value) -> Value {
    let list = o["placements"].as_array().cloned().unwrap_or_default();
    let printed = |p: &&Value| {
        let c = p["pick"]["combination"].as_u64().unwrap_or(1) as usize - 1;
        offer["combinations"][c]["number"] == p["number"]
    };
    // where it sits best in its street (low numbers left, high ones right), so games last
    let fit = |p: &&Value| {
        let (s, h) = (
            p["house"][0].as_u64().unwrap() as usize,
            p["house"][1].as_f64().unwrap(),
        );
        let len = o["derived"]["ranges"][s - 1].as_array().unwrap().len() as f64;
        (((h - 0.5) / len - p["number"].as_f64().unwrap() / 17.0).abs() * 1000.0) as i64
    };
    match list.iter().filter(printed).min_by_key(fit) {
        Some(p) => {
            json!({ "build": { "pick": p["pick"], "house": p["house"], "number": p["number"] } })
        }
        None => match list.iter().min_by_key(fit) {
            Some(p) => json!({ "build": { "pick": p["pick"], "house": p["house"],
                                          "number": p["number"], "effect": "temp" } }),
            None => {
                assert!(!o["refuse"].is_null(), "no placement and no refusal: {o}");
                json!({ "refuse": {} })
            }
        },
    }
}

/// The X marks a sheet's streets show, in all.
fn marks(sheet: &Value) -> u64 {
    sheet["streets"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|st| st["slowed"].as_array().cloned().unwrap_or_default())
        .map(|n| n.as_u64().unwrap())
        .sum()
}

#[tokio::test]
async fn a_standard_zombies_table_with_a_bot_plays_to_the_end() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, token) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "edition": "collector", "sheet": "zombies",
                "seats": 2, "bots": [{ "seat": 2, "kind": "greedy" }] }),
    )
    .await;
    start(addr, &table, &token).await;
    let mut c = connect(addr, &table, Some(&token)).await;
    let mut state = c.started().await;
    let (mut ammo_stages, mut slowed, mut unplayed) = (0, 0, 0);
    let mut checked_bad = false;
    loop {
        let v = &state["view"];
        if !v["result"].is_null() {
            break;
        }
        let round = v["round"].as_u64().unwrap();
        let pile = &v["zombie_pile"];
        assert_eq!(pile["holds"], 30, "{pile}");
        let now: Vec<ZombieCard> = pile["now"]
            .as_array()
            .unwrap()
            .iter()
            .map(card_of)
            .collect();
        let mine = &v["sheets"][0];
        let d = &mine["derived"];
        assert_eq!(d["hordes"].as_array().unwrap().len(), 6, "{d}");
        assert_eq!(d["barricades"].as_array().unwrap().len(), 3);
        let ammo = &d["ammo"];
        assert_eq!(ammo["stock"], 6);
        assert_eq!(
            ammo["left"].as_u64().unwrap() + ammo["used"].as_u64().unwrap(),
            ammo["start"].as_u64().unwrap() + ammo["gained"].as_u64().unwrap()
        );
        // Every ammo used so far is an X mark on a horde's arrows.
        assert_eq!(marks(&mine["sheet"]), ammo["used"].as_u64().unwrap());
        let mut draft = json!({ "ammo": [] });
        let mut o = options(&mut c, round, &draft).await;
        let mut sheet = sheet_of(&mine["sheet"]);
        for (k, &card) in now.iter().enumerate() {
            // The ammo stage lists exactly the engine's legal sets of hordes to slow.
            let stage = &o["ammo"];
            assert_eq!(card_of(&stage["card"]), card, "{stage}");
            assert_eq!(stage["index"], k + 1);
            assert_eq!(stage["cards"], now.len());
            let engine = zombies::ammo_choices(layout(), &sheet, card);
            assert_eq!(stage["choices"], json!(engine), "round {round}");
            assert_eq!(
                stage["moving"],
                json!(zombies::moving(layout(), &sheet, card))
            );
            assert_eq!(stage["left"], zombies::ammo_left(layout(), &sheet));
            assert!(o["placements"].as_array().unwrap().is_empty());
            if !checked_bad && engine.len() > 1 {
                checked_bad = true;
                bad_ammo_changes_nothing(&mut c, round, &o, card).await;
                let info = table_info(addr, &table).await;
                assert_eq!(info["seats"][0]["submitted"], false, "{info}");
                assert_eq!(info["round"], round);
            }
            ammo_stages += 1;
            // Slow as many hordes as the ammo allows: the last set listed is the largest.
            let choice = stage["choices"].as_array().unwrap().last().unwrap().clone();
            slowed += choice.as_array().unwrap().len();
            draft["ammo"].as_array_mut().unwrap().push(choice);
            o = options(&mut c, round, &draft).await;
            assert!(o["error"].is_null(), "{o}");
            sheet = sheet_of(&o["sheet"]);
        }
        assert!(o["ammo"].is_null(), "{o}");
        let offer = &v["offer"];
        let turn = if offer["combinations"].as_array().unwrap().is_empty() {
            // The game ends before this round is played: only the ammo is given.
            assert_eq!(o["complete"], true, "{o}");
            assert!(!now.is_empty());
            unplayed += 1;
            json!({ "ammo": draft["ammo"], "play": "unplayed" })
        } else {
            assert_eq!(offer["combinations"].as_array().unwrap().len(), 2);
            json!({ "ammo": draft["ammo"], "play": some_play(&o, offer) })
        };
        c.submit(round, &turn).await;
        state = c.round(round + 1).await;
    }
    let v = &state["view"];
    assert!(ammo_stages >= 1, "{ammo_stages}");
    assert!(checked_bad);
    assert!(unplayed <= 1);
    // The first Zombie card finds an ammo to slow a horde with.
    assert!(slowed >= 1);
    // Every Zombie card came up or the game ended before pile 1 ran out.
    let result = &v["result"];
    for (k, s) in v["sheets"].as_array().unwrap().iter().enumerate() {
        let score = &s["score"];
        let sum: i64 = score["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["points"].as_i64().unwrap())
            .sum();
        assert_eq!(sum, score["total"].as_i64().unwrap());
        assert_eq!(result["scores"][k], score["total"]);
        // Z houses are derived as invaded and written as Z.
        let zs: Vec<Value> = s["sheet"]["streets"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .flat_map(|(si, st)| {
                st["houses"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .enumerate()
                    .filter(|(_, h)| *h == "Z")
                    .map(move |(i, _)| json!([si + 1, i + 1]))
            })
            .collect();
        assert_eq!(
            s["derived"]["invaded"]
                .as_array()
                .cloned()
                .unwrap_or_default(),
            zs
        );
    }
    // The record replays, X marks and all.
    let record = call(
        addr,
        "GET",
        &format!("/api/tables/{table}/record"),
        Value::Null,
        200,
    )
    .await;
    let replay = call(addr, "POST", "/api/replay", record, 200).await;
    let last = replay["rounds"].as_array().unwrap().last().unwrap();
    assert_eq!(last["sheets"][0]["sheet"], v["sheets"][0]["sheet"]);
    srv.running.stop().await;
}

/// At an ammo stage: slowing a horde the card does not move, more hordes than the ammo left,
/// or skipping the stage are refused with the engine's codes, in drafts and whole turns, and
/// change nothing.
async fn bad_ammo_changes_nothing(c: &mut Client, round: u64, before: &Value, card: ZombieCard) {
    let still = || json!({ "ammo": [] });
    let opposite = match card {
        ZombieCard::Left => "right",
        ZombieCard::Right => "left",
        ZombieCard::Both => "none",
    };
    let left = before["ammo"]["left"].as_u64().unwrap();
    let moving = before["ammo"]["moving"].as_array().unwrap().clone();
    if opposite != "none" {
        let bad = json!([[{ "street": 1, "side": opposite }]]);
        let o = options(c, round, &json!({ "ammo": bad })).await;
        assert_eq!(o["error"]["code"], "horde_not_moving", "{o}");
        assert_eq!(o["sheet"], before["sheet"]);
        let turn = json!({ "ammo": bad, "play": { "refuse": {} } });
        c.expect_error(
            json!({ "type": "submit", "round": round, "turn": turn }),
            "horde_not_moving",
        )
        .await;
    }
    if moving.len() as u64 > left {
        let o = options(c, round, &json!({ "ammo": [moving] })).await;
        assert_eq!(o["error"]["code"], "ammo_short", "{o}");
    }
    // A turn without its ammo.
    c.expect_error(
        json!({ "type": "submit", "round": round, "turn": { "play": { "refuse": {} } } }),
        "ammo_owed",
    )
    .await;
    // A horde named twice is not a set.
    c.expect_error(
        json!({ "type": "options", "round": round, "draft": { "ammo": [[
            { "street": 1, "side": "left" }, { "street": 1, "side": "left" }
        ]] } }),
        "bad_message",
    )
    .await;
    // Nothing changed: the same options, nothing submitted.
    let again = options(c, round, &still()).await;
    assert_eq!(without_request(&again), without_request(before));
}

/// `o` without its request id (answers to two requests differ only there).
fn without_request(o: &Value) -> serde_json::Map<String, Value> {
    let mut m = o.as_object().unwrap().clone();
    m.remove("request");
    m
}

#[tokio::test]
async fn the_modes_the_engine_does_not_set_up_on_the_sheet_are_refused_at_creation() {
    let srv = server().await;
    let addr = srv.addr();
    let data = call(addr, "GET", "/api/editions/collector", Value::Null, 200).await;
    let sheet = data["sheets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "zombies")
        .unwrap();
    let modes = sheet["modes"].as_array().unwrap();
    assert!(modes.contains(&json!("standard")), "{modes:?}");
    for (mode, seats) in [("expert", 2), ("solo", 1)] {
        let body = json!({ "name": "Ann", "mode": mode, "edition": "collector", "sheet": "zombies", "seats": seats });
        if modes.contains(&json!(mode)) {
            call(addr, "POST", "/api/tables", body, 201).await;
        } else {
            let e = call(addr, "POST", "/api/tables", body, 400).await;
            assert_eq!(e["code"], "sheet_mode_unavailable", "{e}");
            assert!(
                e["message"]
                    .as_str()
                    .unwrap()
                    .to_lowercase()
                    .contains("zombies"),
                "{e}"
            );
        }
    }
    srv.running.stop().await;
}

fn plans() -> Value {
    let c1 = edition()
        .plans
        .iter()
        .find(|p| p.name.as_deref() == Some("ZO-C1"))
        .unwrap()
        .id;
    json!([{ "card": 1, "approved": false }, { "card": 7, "approved": false }, { "card": c1, "approved": false }])
}

fn blank() -> Value {
    serde_json::to_value(SheetData::of(layout(), &Sheet::new(layout()))).unwrap()
}

fn companion(sheet: &Value, offer: Value, cards: Value, draft: Value) -> Value {
    json!({
        "edition": "collector", "sheet_id": "zombies", "sheet": sheet,
        "offer": offer, "plans": plans(), "zombies": cards, "draft": draft,
    })
}

/// The companion: the player says which Zombie cards came up, chooses the hordes to slow, and
/// the server moves the others; the X mark and the ammo used are in the sheet after the turn,
/// and the next request sends them back.
#[tokio::test]
async fn the_companion_resolves_the_zombie_cards_the_player_enters() {
    let srv = server().await;
    let addr = srv.addr();
    let offer = json!({ "combinations": [{ "number": 4, "effect": "surveyor" }, { "number": 9, "effect": "pool" }] });
    let o = call(
        addr,
        "POST",
        COMPANION,
        companion(&blank(), offer.clone(), json!(["left"]), json!({})),
        200,
    )
    .await;
    // One ammo at the start: none, or one of the three left hordes.
    assert_eq!(o["ammo"]["card"], "left");
    assert_eq!(o["ammo"]["choices"].as_array().unwrap().len(), 4, "{o}");
    assert_eq!(o["ammo"]["left"], 1);
    // S1's left horde is slowed; S2's reaches its house 2, printed open, and invades it; S3's
    // reaches its house 2, printed barricaded.
    let slow = json!([[{ "street": 1, "side": "left" }]]);
    let draft = json!({ "ammo": slow, "play": { "build": { "pick": { "combination": 1 }, "house": [1, 2], "number": 4 } } });
    let o = call(
        addr,
        "POST",
        COMPANION,
        companion(&blank(), offer.clone(), json!(["left"]), draft.clone()),
        200,
    )
    .await;
    assert!(o["error"].is_null(), "{o}");
    assert_eq!(o["sheet"]["streets"][1]["houses"][1], "Z");
    assert_eq!(o["sheet"]["streets"][0]["slowed"], json!([1, 0]));
    assert_eq!(o["derived"]["hordes"][0]["slowed"], 1);
    assert_eq!(o["derived"]["hordes"][0]["traced"], 0);
    assert_eq!(o["derived"]["hordes"][2]["traced"], 1);
    assert_eq!(o["derived"]["invaded"], json!([[2, 2]]));
    // the Barrière's number in S1 house 2, printed with a barricade: a fence only
    let effects = o["effects"].as_array().unwrap();
    assert!(!effects.contains(&json!("barricade")), "{effects:?}");
    let mut whole = draft.clone();
    whole["play"]["build"]["effect"] = json!({ "fence": [1, 2] });
    let o = call(
        addr,
        "POST",
        COMPANION,
        companion(&blank(), offer.clone(), json!(["left"]), whole),
        200,
    )
    .await;
    assert_eq!(o["complete"], true, "{o}");
    let after = o["after_turn"].clone();
    assert_eq!(after["ammo_used"], 1);
    assert_eq!(after["streets"][0]["slowed"], json!([1, 0]));
    assert_eq!(after["streets"][1]["hordes"], json!([1, 0]));
    // The next turn starts from that sheet, X mark included: the mark stays in the answers.
    let o = call(
        addr,
        "POST",
        COMPANION,
        companion(&after, offer.clone(), json!([]), json!({})),
        200,
    )
    .await;
    assert_eq!(o["derived"]["hordes"][0]["slowed"], 1, "{o}");
    assert_eq!(o["derived"]["ammo"]["left"], 0);
    // A sheet with more X marks than ammo used is refused.
    let mut wrong = after.clone();
    wrong["streets"][2]["slowed"] = json!([1, 0]);
    let e = call(
        addr,
        "POST",
        COMPANION,
        companion(&wrong, offer.clone(), json!([]), json!({})),
        422,
    )
    .await;
    assert_eq!(e["code"], "sheet_feature", "{e}");
    // Zombie cards on another sheet, or more than pile 1 holds, are refused.
    let mut classic = companion(&blank(), offer.clone(), json!(["left"]), json!({}));
    classic["sheet_id"] = json!("classic");
    classic["sheet"] = serde_json::to_value(SheetData::of(
        edition().sheet(SheetId::new("classic").unwrap()).unwrap(),
        &Sheet::new(edition().sheet(SheetId::new("classic").unwrap()).unwrap()),
    ))
    .unwrap();
    let classic_layout = edition().sheet(SheetId::new("classic").unwrap()).unwrap();
    let ids: Vec<u8> = (1..=3)
        .map(|k| {
            edition()
                .plans_of(classic_layout)
                .find(|p| p.stack == k && !p.advanced)
                .unwrap()
                .id
        })
        .collect();
    classic["plans"] = json!(ids
        .iter()
        .map(|id| json!({ "card": id, "approved": false }))
        .collect::<Vec<_>>());
    let e = call(addr, "POST", COMPANION, classic, 400).await;
    assert_eq!(e["code"], "bad_zombie_cards", "{e}");
    let e = call(
        addr,
        "POST",
        COMPANION,
        companion(&blank(), offer.clone(), json!(["left", "left"]), json!({})),
        400,
    )
    .await;
    assert_eq!(e["code"], "bad_zombie_cards", "{e}");
    // Expert or solo on the sheet, while the engine does not set them up.
    let data = call(addr, "GET", "/api/editions/collector", Value::Null, 200).await;
    let modes = data["sheets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "zombies")
        .unwrap()["modes"]
        .clone();
    if !modes.as_array().unwrap().contains(&json!("solo")) {
        let hand = json!({ "hand": edition().deck[..3] });
        let mut solo = companion(&blank(), hand, json!([]), json!({}));
        solo["mode"] = json!("solo");
        let e = call(addr, "POST", COMPANION, solo, 400).await;
        assert_eq!(e["code"], "sheet_mode_unavailable", "{e}");
    }
    srv.running.stop().await;
}

/// The Barrière's number in a house printed without a barricade may build one instead of the
/// fence; the options list it with the fences.
#[tokio::test]
async fn the_barriere_may_build_a_barricade_in_an_open_house() {
    let srv = server().await;
    let addr = srv.addr();
    let offer = json!({ "combinations": [{ "number": 4, "effect": "surveyor" }, { "number": 9, "effect": "pool" }] });
    let build = json!({ "play": { "build": { "pick": { "combination": 1 }, "house": [2, 2], "number": 4 } } });
    let o = call(
        addr,
        "POST",
        COMPANION,
        companion(&blank(), offer.clone(), json!([]), build.clone()),
        200,
    )
    .await;
    let effects = o["effects"].as_array().unwrap();
    assert!(effects.contains(&json!("barricade")), "{effects:?}");
    assert!(effects.iter().any(|e| !e["fence"].is_null()));
    let mut with = build.clone();
    with["play"]["build"]["effect"] = json!("barricade");
    let o = call(
        addr,
        "POST",
        COMPANION,
        companion(&blank(), offer.clone(), json!([]), with),
        200,
    )
    .await;
    assert_eq!(o["complete"], true, "{o}");
    assert_eq!(o["after_turn"]["streets"][1]["barricades"], json!([2]));
    assert_eq!(o["derived"]["barricades"][1][1], "built");
    assert_eq!(o["derived"]["barricades"][1][0], "printed");
    assert_eq!(o["derived"]["barricades"][1][5], "none");
    // A barricade where the number did not go is refused with the engine's code.
    let mut bad = build.clone();
    bad["play"]["build"]["house"] = json!([1, 2]);
    bad["play"]["build"]["effect"] = json!("barricade");
    let o = call(
        addr,
        "POST",
        COMPANION,
        companion(&blank(), offer.clone(), json!([]), bad),
        200,
    )
    .await;
    assert_eq!(o["error"]["code"], "no_barricade_here", "{o}");
    assert_eq!(o["complete"], false);
    srv.running.stop().await;
}

/// The round the game ends before: nothing offered, only the ammo; the turn is whole once the
/// Zombie card is resolved.
#[tokio::test]
async fn a_round_with_nothing_to_play_holds_only_the_ammo() {
    let srv = server().await;
    let addr = srv.addr();
    let empty = json!({ "combinations": [] });
    let o = call(
        addr,
        "POST",
        COMPANION,
        companion(&blank(), empty.clone(), json!(["both"]), json!({})),
        200,
    )
    .await;
    assert_eq!(o["ammo"]["moving"].as_array().unwrap().len(), 6, "{o}");
    assert_eq!(o["complete"], false);
    let o = call(
        addr,
        "POST",
        COMPANION,
        companion(
            &blank(),
            empty.clone(),
            json!(["both"]),
            json!({ "ammo": [[]] }),
        ),
        200,
    )
    .await;
    assert!(o["error"].is_null(), "{o}");
    assert_eq!(o["complete"], true, "{o}");
    assert!(o["placements"].as_array().unwrap().is_empty());
    let after = &o["after_turn"];
    assert_eq!(after["streets"][0]["hordes"], json!([1, 1]));
    // A number played in it is refused.
    let o = call(
        addr,
        "POST",
        COMPANION,
        companion(
            &blank(),
            empty,
            json!(["both"]),
            json!({ "ammo": [[]], "play": "unplayed" }),
        ),
        200,
    )
    .await;
    assert_eq!(o["error"]["code"], "nothing_to_play", "{o}");
    srv.running.stop().await;
}
