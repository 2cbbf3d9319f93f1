//! The collector edition's Zombies sheet in the web app: a standard table with a bot played to
//! the end over the websocket, the ammo stage of each turn (its options are exactly the
//! engine's legal sets of hordes to slow, a bad choice is refused with the engine's code and
//! changes nothing), the hordes, ammo and barricades the view derives, the Barrière's barricade
//! and the round the game ends before; the expert and AAA games and their hands of two (the
//! pass stage's options are exactly the engine's, a turn or draft without its pass or with a
//! bad one is refused and changes nothing, the AAA's pile takes the Zombie cards); and the
//! companion's Zombie cards and hands of two.

use crate::common;

use common::*;
use serde_json::{json, Value};
use welcome_engine::edition::ZombieCard;
use welcome_engine::legal::ZombieCards;
use welcome_engine::modules::zombies;
use welcome_engine::{
    Decision, Edition, Mode, Offer, Options, PlanSlot, Sheet, SheetData, SheetId, SheetLayout,
    Stage, TurnContext, TurnMachine,
};

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
                    // `Zb`: an invaded house that held an Extension copy keeps its penalty
                    .filter(|(_, h)| *h == "Z" || *h == "Zb")
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
async fn every_mode_is_offered_on_the_sheet_and_set_up_at_creation() {
    let srv = server().await;
    let addr = srv.addr();
    let data = call(addr, "GET", "/api/editions/collector", Value::Null, 200).await;
    let sheet = data["sheets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "zombies")
        .unwrap();
    assert_eq!(sheet["modes"], json!(["standard", "solo", "expert"]));
    for (mode, seats) in [("expert", 2), ("solo", 1)] {
        let body = json!({ "name": "Ann", "mode": mode, "edition": "collector", "sheet": "zombies", "seats": seats });
        call(addr, "POST", "/api/tables", body, 201).await;
    }
    srv.running.stop().await;
}

// ----- hands of two: the expert and AAA games -----

/// The number printed on hand card `k` (1-based) of `offer`.
fn hand_number(offer: &Value, k: &Value) -> Option<u64> {
    offer["hand"][k.as_u64()? as usize - 1]
        .as_str()?
        .split('-')
        .next()?
        .parse()
        .ok()
}

/// A build from a hand's options: a number as printed where it sits best in its street, else
/// a number a Temp changed (with the Temp used); `None`: nothing fits.
fn hand_build(o: &Value, offer: &Value) -> Option<Value> {
    let list = o["placements"].as_array().cloned().unwrap_or_default();
    let printed = |p: &&Value| hand_number(offer, &p["pick"]["hand"][0]) == p["number"].as_u64();
    let fit = |p: &&Value| {
        let (s, h) = (
            p["house"][0].as_u64().unwrap() as usize,
            p["house"][1].as_f64().unwrap(),
        );
        let len = o["derived"]["ranges"][s - 1].as_array().unwrap().len() as f64;
        (((h - 0.5) / len - p["number"].as_f64().unwrap() / 17.0).abs() * 1000.0) as i64
    };
    let build =
        |p: &Value| json!({ "pick": p["pick"], "house": p["house"], "number": p["number"] });
    if let Some(p) = list.iter().filter(printed).min_by_key(fit) {
        return Some(build(p));
    }
    let p = list.iter().min_by_key(fit)?;
    let mut b = build(p);
    b["effect"] = json!("temp");
    Some(b)
}

/// The engine's own decisions once `ammo` and `build` are played on the seat's sheet of view
/// `v`: the hand cards it lets the seat pass (1-based), the stage being the pass stage.
fn engine_passes(
    v: &Value,
    mode: Mode,
    level: Option<u8>,
    ammo: &Value,
    build: &Value,
) -> Vec<u64> {
    let offer: Offer = serde_json::from_value(v["offer"].clone()).unwrap();
    let slots: Vec<Value> = v["plans"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| json!({ "card": p["card"], "approved": p["approved"] }))
        .collect();
    let plans: [PlanSlot; 3] = serde_json::from_value(json!(slots)).unwrap();
    let mut options = Options::new(mode);
    options.edition = edition().id;
    options.sheet = layout().id;
    options.aaa_level = level;
    let now: ZombieCards = v["zombie_pile"]["now"]
        .as_array()
        .unwrap()
        .iter()
        .map(card_of)
        .collect();
    let reshuffle = v["reshuffle_offered"].as_bool().unwrap_or(false);
    let ctx =
        TurnContext::new(edition(), layout(), &options, offer, &plans, reshuffle).with_zombies(now);
    let sheet = sheet_of(&v["sheets"][0]["sheet"]);
    let mut m = TurnMachine::new(ctx, &sheet);
    for set in ammo.as_array().unwrap() {
        m.apply(Decision::Ammo(serde_json::from_value(set.clone()).unwrap()))
            .unwrap();
    }
    m.apply(Decision::Build {
        pick: serde_json::from_value(build["pick"].clone()).unwrap(),
        house: serde_json::from_value(build["house"].clone()).unwrap(),
        number: build["number"].as_u64().unwrap() as u8,
    })
    .unwrap();
    if let Stage::Effect { .. } = m.stage() {
        m.apply(Decision::Effect(
            serde_json::from_value(build["effect"].clone()).unwrap(),
        ))
        .unwrap();
    }
    assert!(matches!(m.stage(), Stage::Pass { .. }), "{:?}", m.stage());
    let mut out = Vec::new();
    m.options(&mut out);
    out.into_iter()
        .map(|d| match d {
            Decision::Pass(card) => u64::from(card) + 1,
            d => panic!("{d:?} at the pass stage"),
        })
        .collect()
}

/// What a hand game's turns saw.
#[derive(Default)]
struct HandStats {
    passes: usize,
    refusals: usize,
    unplayed: usize,
    zombies: usize,
    checked_bad: bool,
    /// The card each round's turn passed on or gave the AAA (its text), by round.
    passed: Vec<(u64, String)>,
}

/// At the pass stage of `draft` (a build without its pass): a draft going on without the pass,
/// a hand card the hand does not hold, a card numbered from 0, and turns without their pass or
/// with a bad one are refused, and nothing changes.
async fn bad_pass_changes_nothing(
    c: &mut Client,
    addr: std::net::SocketAddr,
    table: &str,
    round: u64,
    draft: &Value,
    before: &Value,
) {
    let mut on = draft.clone();
    on["reshuffle"] = json!(true);
    let o = options(c, round, &on).await;
    assert_eq!(o["error"]["code"], "pass_card_missing", "{o}");
    assert_eq!(o["complete"], false);
    let mut three = draft.clone();
    three["play"]["build"]["pass"] = json!(3);
    let o = options(c, round, &three).await;
    assert_eq!(o["error"]["code"], "no_such_hand_card", "{o}");
    assert_eq!(o["complete"], false);
    let mut zero = draft.clone();
    zero["play"]["build"]["pass"] = json!(0);
    c.expect_error(
        json!({ "type": "options", "round": round, "draft": zero }),
        "bad_message",
    )
    .await;
    // Whole turns: without the pass, and passing a card the hand does not hold.
    c.expect_error(
        json!({ "type": "submit", "round": round, "turn": draft }),
        "pass_card_missing",
    )
    .await;
    c.expect_error(
        json!({ "type": "submit", "round": round, "turn": three }),
        "no_such_hand_card",
    )
    .await;
    let info = table_info(addr, table).await;
    assert_eq!(info["seats"][0]["submitted"], false, "{info}");
    assert_eq!(info["round"], round);
    let again = options(c, round, draft).await;
    assert_eq!(without_request(&again), without_request(before));
}

/// Plays seat 1 of a Zombies expert or AAA table to the end over the websocket: the round's
/// Zombie cards first (slowing what the ammo allows), then a number from one hand card and the
/// effect of the other, and at the pass stage the number card on odd rounds, the effect card
/// on even ones (a refusal passes card 1 or 2 the same way). The AAA's pile is checked after
/// every round: the card given, and each Zombie card that came up in place of the last two.
async fn play_hands(
    c: &mut Client,
    addr: std::net::SocketAddr,
    table: &str,
    mode: Mode,
    level: Option<u8>,
) -> (Value, HandStats) {
    let mut state = c.started().await;
    let mut st = HandStats::default();
    loop {
        let v = state["view"].clone();
        if !v["result"].is_null() {
            break;
        }
        let round = v["round"].as_u64().unwrap();
        let offer = v["offer"].clone();
        let hand = offer["hand"].as_array().unwrap().clone();
        let pile = &v["zombie_pile"];
        assert!(pile["deck"]["packets"].is_array(), "{pile}");
        let now = pile["now"].as_array().unwrap().len();
        st.zombies += now;
        if let Some(next) = v["next"].as_object() {
            assert!(
                next.contains_key("action") || next.contains_key("zombie"),
                "{next:?}"
            );
        }
        let mut draft = json!({ "ammo": [] });
        let mut o = options(c, round, &draft).await;
        for _ in 0..now {
            let choice = o["ammo"]["choices"]
                .as_array()
                .unwrap()
                .last()
                .unwrap()
                .clone();
            draft["ammo"].as_array_mut().unwrap().push(choice);
            o = options(c, round, &draft).await;
            assert!(o["error"].is_null(), "{o}");
        }
        assert!(o["ammo"].is_null(), "{o}");
        assert!(o["pass"].is_null(), "{o}");
        let ammo = draft["ammo"].clone();
        let given_before = v["aaa"]["given"].as_array().cloned().unwrap_or_default();
        let mut passed = None;
        let turn = if hand.is_empty() {
            // The draw pile ran out for good: the turn holds only the ammo.
            assert_eq!(o["complete"], true, "{o}");
            st.unplayed += 1;
            json!({ "ammo": ammo, "play": "unplayed" })
        } else {
            assert_eq!(hand.len(), 2, "{offer}");
            match hand_build(&o, &offer) {
                None => {
                    assert_eq!(o["refuse"]["pass"], true, "{o}");
                    let pass = 1 + round % 2;
                    st.refusals += 1;
                    passed = Some(hand[pass as usize - 1].clone());
                    json!({ "ammo": ammo, "play": { "refuse": { "pass": pass } } })
                }
                Some(build) => {
                    let mut d = json!({ "ammo": ammo, "play": { "build": build } });
                    let o = options(c, round, &d).await;
                    assert!(o["error"].is_null(), "{o}");
                    assert_eq!(o["complete"], false, "{o}");
                    assert!(o["claims"].as_array().unwrap().is_empty(), "{o}");
                    // The pass stage: exactly the engine's decisions, each card named with
                    // what it was used for.
                    let listed: Vec<u64> = o["pass"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|p| p["card"].as_u64().unwrap())
                        .collect();
                    let pick = &build["pick"]["hand"];
                    assert_eq!(listed, engine_passes(&v, mode, level, &ammo, &build));
                    for p in o["pass"].as_array().unwrap() {
                        let k = p["card"].as_u64().unwrap();
                        let text = format!("{}-{}", p["number"], p["effect"].as_str().unwrap());
                        assert_eq!(hand[k as usize - 1], json!(text), "{p}");
                        let used = if json!(k) == pick[0] {
                            "number"
                        } else {
                            "effect"
                        };
                        assert_eq!(p["used"], used, "{p}");
                    }
                    st.passes += 1;
                    if !st.checked_bad {
                        st.checked_bad = true;
                        bad_pass_changes_nothing(c, addr, table, round, &d, &o).await;
                    }
                    let pass = pick[(round % 2) as usize].clone();
                    passed = Some(hand[pass.as_u64().unwrap() as usize - 1].clone());
                    d["play"]["build"]["pass"] = pass;
                    let o = options(c, round, &d).await;
                    assert!(o["error"].is_null(), "{o}");
                    assert_eq!(o["complete"], true, "{o}");
                    assert!(o["pass"].is_null(), "{o}");
                    d
                }
            }
        };
        if let Some(card) = &passed {
            st.passed.push((round, card.as_str().unwrap().to_string()));
        }
        c.submit(round, &turn).await;
        state = c.round(round + 1).await;
        if level.is_some() {
            // The card given goes on the AAA's pile; from level 1 each Zombie card that came
            // up as the next round was dealt takes the place of the last two cards given to
            // it: a Zombie card already there was not given, and stays (FR2 1606).
            let mut expected = given_before;
            expected.extend(passed);
            let after = &state["view"];
            if after["round"].as_u64() > Some(round) && level > Some(0) {
                let zombie = json!("0-surveyor");
                for _ in after["zombie_pile"]["now"].as_array().unwrap() {
                    for _ in 0..2 {
                        if let Some(i) = expected.iter().rposition(|c| *c != zombie) {
                            expected.remove(i);
                        }
                    }
                    expected.push(zombie.clone());
                }
            }
            assert_eq!(after["aaa"]["given"], json!(expected), "round {round}");
        }
    }
    (state, st)
}

/// The score rows add up to each seat's total, and the record replays to the same sheets.
async fn check_end(addr: std::net::SocketAddr, table: &str, v: &Value) {
    for (k, s) in v["sheets"].as_array().unwrap().iter().enumerate() {
        let score = &s["score"];
        let sum: i64 = score["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["points"].as_i64().unwrap())
            .sum();
        assert_eq!(sum, score["total"].as_i64().unwrap());
        assert_eq!(v["result"]["scores"][k], score["total"]);
    }
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
    for (k, s) in v["sheets"].as_array().unwrap().iter().enumerate() {
        assert_eq!(last["sheets"][k]["sheet"], s["sheet"]);
    }
}

#[tokio::test]
async fn an_expert_zombies_table_with_a_bot_passes_one_card_of_each_hand_of_two() {
    let srv = server().await;
    let addr = srv.addr();
    let (table, token) = create(
        addr,
        json!({ "name": "Ann", "mode": "expert", "edition": "collector", "sheet": "zombies",
                "seats": 2, "bots": [{ "seat": 2, "kind": "greedy" }] }),
    )
    .await;
    start(addr, &table, &token).await;
    let mut c = connect(addr, &table, Some(&token)).await;
    let first = c.started().await;
    assert_eq!(first["view"]["passing"]["to"], 2, "{first}");
    assert_eq!(first["view"]["zombie_pile"]["holds"], 0);
    c.last = Some(first);
    let (state, st) = play_hands(&mut c, addr, &table, Mode::Expert, None).await;
    let v = &state["view"];
    assert!(st.checked_bad);
    assert!(st.passes >= 5, "{} pass stages", st.passes);
    assert!(st.unplayed <= 1);
    check_end(addr, &table, v).await;
    // The card seat 1 passed is the first card of seat 2's next hand, and the other way round.
    let record = call(
        addr,
        "GET",
        &format!("/api/tables/{table}/record"),
        Value::Null,
        200,
    )
    .await;
    let rounds = record["rounds"].as_array().unwrap();
    let mut followed = 0;
    for (round, card) in &st.passed {
        let Some(next) = rounds.get(*round as usize) else {
            continue;
        };
        let hand = &next["offers"][1]["hand"];
        if hand.as_array().is_some_and(|h| !h.is_empty()) {
            assert_eq!(hand[0], json!(card), "round {}", round + 1);
            followed += 1;
        }
    }
    assert!(followed >= 5, "{followed}");
    for pair in rounds.windows(2) {
        let (now, next) = (&pair[0], &pair[1]);
        let Some(turn) = now["turns"].get(1) else {
            continue;
        };
        let offer = &now["offers"][1]["hand"];
        let pass = turn["play"]["build"]["pass"]
            .as_u64()
            .or(turn["play"]["refuse"]["pass"].as_u64());
        if let (Some(k), Some(mine)) = (pass, next["offers"][0]["hand"].as_array()) {
            if !mine.is_empty() {
                assert_eq!(mine[0], offer[k as usize - 1]);
            }
        }
    }
    srv.running.stop().await;
}

#[tokio::test]
async fn aaa_zombies_tables_give_the_aaa_a_card_of_each_hand_of_two_and_the_zombie_cards() {
    let srv = server().await;
    let addr = srv.addr();
    for level in [0u8, 3] {
        let (table, token) = create(
            addr,
            json!({ "name": "Ann", "mode": "solo", "edition": "collector", "sheet": "zombies",
                    "seats": 1, "aaa_level": level }),
        )
        .await;
        start(addr, &table, &token).await;
        let mut c = connect(addr, &table, Some(&token)).await;
        let (state, st) = play_hands(&mut c, addr, &table, Mode::Solo, Some(level)).await;
        let v = &state["view"];
        assert!(st.checked_bad);
        assert!(st.passes >= 5, "{} pass stages", st.passes);
        // The first packet holds a Zombie card: it comes up before the 11th round.
        assert!(
            st.zombies >= 1 || v["round"].as_u64() < Some(11),
            "{}",
            v["round"]
        );
        check_end(addr, &table, v).await;
        let aaa = &v["aaa"];
        let given = aaa["given"].as_array().unwrap();
        let zombie_cards = given.iter().filter(|c| *c == "0-surveyor").count();
        if level == 0 {
            assert_eq!(zombie_cards, 0);
            assert!(aaa["score"].is_null());
            assert_eq!(given.len(), st.passed.len());
        } else {
            assert_eq!(zombie_cards, st.zombies, "{aaa}");
            // A Zombie card in its pile counts as a Barrière.
            let fences = given
                .iter()
                .filter(|c| c.as_str().unwrap().ends_with("-surveyor"))
                .count() as i64;
            let score = &aaa["score"];
            assert_eq!(
                score["fences"].as_i64().unwrap(),
                fences * aaa["card"]["scoring"]["fence"].as_i64().unwrap()
            );
            assert_eq!(aaa_base_rows(score), score["total"].as_i64().unwrap());
            assert!(["win", "loss", "draw"].contains(&aaa["outcome"].as_str().unwrap()));
        }
        report(level, &st);
    }
    srv.running.stop().await;
}

fn report(level: u8, st: &HandStats) {
    eprintln!(
        "AAA level {level}: {} pass stages, {} refusals, {} unplayed, {} Zombie cards",
        st.passes, st.refusals, st.unplayed, st.zombies
    );
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
    // A combination's build names no card to pass.
    let draft = json!({ "ammo": [[]], "play": { "build": { "pick": { "combination": 1 }, "house": [1, 2], "number": 4, "pass": 1 } } });
    let o = call(
        addr,
        "POST",
        COMPANION,
        companion(&blank(), offer.clone(), json!(["left"]), draft),
        200,
    )
    .await;
    assert_eq!(o["error"]["code"], "pass_card_unexpected", "{o}");
    srv.running.stop().await;
}

/// The companion's hands of two (Zombies expert and AAA): the turn ends by naming the card
/// passed on or given to the AAA; a hand of three is refused on the sheet; the AAA's pile may
/// hold the Zombie cards that came up, each scoring as a Barrière; the round the draw pile ran
/// out for good holds only the ammo.
#[tokio::test]
async fn the_companion_plays_hands_of_two_and_the_aaas_zombie_cards() {
    let srv = server().await;
    let addr = srv.addr();
    let hand = json!({ "hand": ["5-surveyor", "9-pool"] });
    let solo = |draft: Value, given: Value| {
        let mut b = companion(&blank(), hand.clone(), json!([]), draft);
        b["mode"] = json!("solo");
        b["aaa"] = json!({ "level": 1, "given": given });
        b
    };
    let o = call(addr, "POST", COMPANION, solo(json!({}), json!([])), 200).await;
    assert!(o["error"].is_null(), "{o}");
    let p = o["placements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["pick"]["hand"] == json!([1, 2]) && p["number"] == 5)
        .unwrap()
        .clone();
    let build = json!({ "pick": p["pick"], "house": p["house"], "number": 5 });
    let o = call(
        addr,
        "POST",
        COMPANION,
        solo(json!({ "play": { "build": build } }), json!([])),
        200,
    )
    .await;
    assert!(o["error"].is_null(), "{o}");
    assert_eq!(o["complete"], false);
    assert_eq!(
        o["pass"],
        json!([
            { "card": 1, "number": 5, "effect": "surveyor", "used": "number" },
            { "card": 2, "number": 9, "effect": "pool", "used": "effect" }
        ])
    );
    let mut with = build.clone();
    with["pass"] = json!(2);
    let o = call(
        addr,
        "POST",
        COMPANION,
        solo(json!({ "play": { "build": with } }), json!([])),
        200,
    )
    .await;
    assert_eq!(o["complete"], true, "{o}");
    assert!(o["after_turn"].is_object());
    // A third card is refused, as is passing a card the hand does not hold.
    with["pass"] = json!(3);
    let o = call(
        addr,
        "POST",
        COMPANION,
        solo(json!({ "play": { "build": with } }), json!([])),
        200,
    )
    .await;
    assert_eq!(o["error"]["code"], "no_such_hand_card", "{o}");
    let mut three = solo(json!({}), json!([]));
    three["offer"] = json!({ "hand": ["5-surveyor", "9-pool", "12-temp"] });
    let e = call(addr, "POST", COMPANION, three, 400).await;
    assert_eq!(e["code"], "bad_offer", "{e}");
    // The AAA's pile with a Zombie card: a Barrière for its fences.
    let o = call(
        addr,
        "POST",
        COMPANION,
        solo(json!({}), json!(["2-landscaper", "0-surveyor"])),
        200,
    )
    .await;
    let aaa = &o["aaa"];
    assert_eq!(
        aaa["score"]["fences"], aaa["card"]["scoring"]["fence"],
        "{aaa}"
    );
    // Four Zombie cards, or one on another sheet, are refused.
    let e = call(
        addr,
        "POST",
        COMPANION,
        solo(json!({}), json!(vec!["0-surveyor"; 4])),
        400,
    )
    .await;
    assert_eq!(e["code"], "bad_aaa", "{e}");
    let classic = edition().sheet(SheetId::new("classic").unwrap()).unwrap();
    let ids: Vec<u8> = (1..=3)
        .map(|k| {
            edition()
                .plans_of(classic)
                .find(|p| p.stack == k && !p.advanced)
                .unwrap()
                .id
        })
        .collect();
    let e = call(
        addr,
        "POST",
        COMPANION,
        json!({
            "edition": "collector", "sheet_id": "classic",
            "sheet": SheetData::of(classic, &Sheet::new(classic)),
            "offer": { "hand": ["5-surveyor", "9-pool", "12-temp"] }, "mode": "solo",
            "plans": ids.iter().map(|id| json!({ "card": id, "approved": false })).collect::<Vec<_>>(),
            "aaa": { "level": 1, "given": ["0-surveyor"] }
        }),
        400,
    )
    .await;
    assert_eq!(e["code"], "bad_aaa", "{e}");
    // Expert: the same pass stage, the temps ranked against the other players'.
    let mut expert = companion(
        &blank(),
        hand.clone(),
        json!([]),
        json!({ "play": { "build": build } }),
    );
    expert["mode"] = json!("expert");
    expert["temps_of_others"] = json!([2]);
    let o = call(addr, "POST", COMPANION, expert, 200).await;
    assert_eq!(o["pass"].as_array().map(Vec::len), Some(2), "{o}");
    // The draw pile ran out for good as a Zombie card came up: only the ammo.
    let mut last = companion(
        &blank(),
        json!({ "hand": [] }),
        json!(["both"]),
        json!({ "ammo": [[]] }),
    );
    last["mode"] = json!("solo");
    let o = call(addr, "POST", COMPANION, last, 200).await;
    assert!(o["error"].is_null(), "{o}");
    assert_eq!(o["complete"], true, "{o}");
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
