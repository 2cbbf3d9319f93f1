//! Stopping the server at any moment and starting it again on the same database resumes every
//! table exactly.

use crate::common;

use common::*;
use serde_json::{json, Value};
use welcome_bots::{seat_seed, BotKind};
use welcome_engine::{Game, PlayerView, Record, Turn};

async fn record(addr: std::net::SocketAddr, table: &str) -> Record {
    let (status, v) =
        welcome_client::http(addr, "GET", &format!("/api/tables/{table}/record"), None)
            .await
            .unwrap();
    assert_eq!(status, 200, "{v}");
    Record::from_json(&v.to_string()).unwrap()
}

/// The server's bot seeding (table seed, round, seat), recomputed here.
fn bot_turn(game: &Game, seed: u64, seat: usize, kind: BotKind) -> Turn {
    let round_seed = seed ^ (game.round() as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    let view = PlayerView::of(game, seat).unwrap();
    kind.make(seat_seed(round_seed, seat)).choose(&view)
}

#[tokio::test]
async fn a_pending_turn_and_the_table_survive_a_restart() {
    a_pending_turn_and_the_table_survive_a_restart_on(Db::sqlite()).await;
}

#[tokio::test]
async fn a_pending_turn_and_the_table_survive_a_restart_on_postgres() {
    a_pending_turn_and_the_table_survive_a_restart_on(Db::postgres().await).await;
}

async fn a_pending_turn_and_the_table_survive_a_restart_on(db: Db) {
    let running = start_at(&db.url).await;
    let addr = running.addr;
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 3, "advanced": true,
                "bots": [{ "seat": 3, "kind": "random" }] }),
    )
    .await;
    let (_, bob) = join(addr, &table, "Bob").await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let mut b = connect(addr, &table, Some(&bob)).await;
    a.started().await;

    // Round 1 resolves normally; in round 2 only Ann confirms before the server stops.
    let t1a = a.first_turn(1).await;
    a.submit(1, &t1a).await;
    let t1b = b.first_turn(1).await;
    b.submit(1, &t1b).await;
    let before = a.round(2).await;
    let t2a = a.first_turn(2).await;
    a.submit(2, &t2a).await;
    let pending = a.state_where(|m| m["view"]["my_turn"] == t2a).await;

    // The server goes away mid-round, sockets and all.
    drop(a);
    drop(b);
    running.stop().await;

    let running = start_at(&db.url).await;
    let addr = running.addr;
    let mut a = connect(addr, &table, Some(&ann)).await;
    let restored = a.started().await;
    // Everything but who is connected is as it was.
    assert_eq!(restored["view"], pending["view"]);
    assert_eq!(restored["view"]["my_turn"], t2a);
    assert_eq!(restored["view"]["submitted"], json!([true, false, true]));
    assert_eq!(restored["view"]["sheets"], before["view"]["sheets"]);
    assert_eq!(restored["you"], json!({ "seat": 1, "host": true }));

    // Bob's token still holds seat 2 and the game goes on.
    let mut b = connect(addr, &table, Some(&bob)).await;
    let t2b = b.first_turn(2).await;
    b.submit(2, &t2b).await;
    let after = a.round(3).await;
    assert_eq!(after["view"]["log"][1]["turns"][0], t2a);
    assert_eq!(after["view"]["log"][1]["turns"][1], t2b);

    // The download leaves the seed out while the game goes on.
    let public = record(addr, &table).await;
    assert_eq!(public.setup.seed, None);
    running.stop().await;

    // The game is the one the seed, the same turns and the same bot choices make: the bot's
    // turns were recomputed after the restart, identically.
    let store = db.open().await;
    let stored = store.load().await.unwrap();
    let stored = stored.iter().find(|t| t.row.id == table).unwrap();
    let rec = stored.record().unwrap().unwrap();
    assert_eq!(rec.rounds, public.rounds);
    let seed = rec.setup.seed.unwrap();
    let mut g = Game::new(rec.setup.options, 3, seed).unwrap();
    for (ta, tb) in [(&t1a, &t1b), (&t2a, &t2b)] {
        let bot = bot_turn(&g, seed, 2, BotKind::Random);
        g.submit(0, serde_json::from_value(ta.clone()).unwrap())
            .unwrap();
        g.submit(1, serde_json::from_value(tb.clone()).unwrap())
            .unwrap();
        g.submit(2, bot).unwrap();
        g.resolve().unwrap();
    }
    assert_eq!(g.log(), rec.rounds.as_slice());
    assert_eq!(g.round(), 3);
    store.close().await;
}

#[tokio::test]
async fn lobby_seats_and_restarted_turns_survive_a_restart() {
    let srv = server().await;
    let addr = srv.addr();
    let (lobby_table, host) = create(
        addr,
        json!({ "name": "Host", "mode": "expert", "seats": 3, "table_mode": true,
                "bots": [{ "seat": 2, "kind": "greedy" }] }),
    )
    .await;
    let (seat, cy) = join(addr, &lobby_table, "Cy").await;
    assert_eq!(seat, 1);

    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2 }),
    )
    .await;
    join(addr, &table, "Bob").await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    a.started().await;
    let t = a.first_turn(1).await;
    a.submit(1, &t).await;
    let ack = a.request(json!({ "type": "restart", "round": 1 })).await;
    assert_eq!(ack["type"], "ack");
    drop(a);
    let db = srv.db.clone();
    srv.running.stop().await;

    let running = start_on(&db).await;
    let addr = running.addr;
    let info = table_info(addr, &lobby_table).await;
    assert_eq!(info["status"], "lobby");
    assert_eq!(info["seats"][0]["name"], "Cy");
    assert_eq!(info["seats"][1]["bot"], "greedy");
    assert_eq!(info["seats"][2]["name"], Value::Null);
    // The host is still the host, Cy still holds seat 1.
    let mut c = connect(addr, &lobby_table, Some(&cy)).await;
    let s = c.state_where(|m| m["view"].is_null()).await;
    assert_eq!(s["you"], json!({ "seat": 1, "host": false }));
    call(
        addr,
        "POST",
        &format!("/api/tables/{lobby_table}/seats/3/bot"),
        json!({ "token": host, "kind": "random" }),
        204,
    )
    .await;
    start(addr, &lobby_table, &host).await;

    // The restarted turn stayed taken back.
    let mut a = connect(addr, &table, Some(&ann)).await;
    let s = a.started().await;
    assert_eq!(s["view"]["my_turn"], Value::Null);
    assert_eq!(s["view"]["submitted"], json!([false, false]));
    running.stop().await;
}

/// Sends an HTTP request and closes the connection without reading the answer, as a browser
/// tab that is closed (or a client that times out) does.
async fn fire_and_forget(addr: std::net::SocketAddr, path: &str, body: &Value) {
    use tokio::io::AsyncWriteExt;
    let body = body.to_string();
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(req.as_bytes()).await.unwrap();
    drop(s);
}

/// A host action whose client goes away is carried out to the end, in memory and in the
/// database alike: after a restart the table is exactly where it was, and it is not wedged.
#[tokio::test]
async fn a_host_action_whose_client_goes_away_is_done_and_stored() {
    let srv = server().await;
    let addr = srv.addr();
    let mut bots = Vec::new();
    for seat in 3..=40 {
        bots.push(json!({ "seat": seat, "kind": "greedy" }));
    }
    let (table, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "advanced": true, "seats": 40, "bots": bots }),
    )
    .await;
    join(addr, &table, "Bob").await;
    start(addr, &table, &ann).await;
    let mut a = connect(addr, &table, Some(&ann)).await;
    a.started().await;
    let t = a.first_turn(1).await;
    a.submit(1, &t).await;
    // Bob is replaced by a bot while nobody waits for the answer: round 1 then resolves.
    fire_and_forget(
        addr,
        &format!("/api/tables/{table}/seats/2/kick"),
        &json!({ "token": ann }),
    )
    .await;
    let s2 = a.round(2).await;
    assert_eq!(s2["table"]["seats"][1]["bot"], "greedy");
    // Round 2 is playable: Ann confirms and every bot follows.
    let t = a.first_turn(2).await;
    a.submit(2, &t).await;
    a.round(3).await;
    drop(a);
    let before = record(addr, &table).await;
    let db = srv.db.clone();
    srv.running.stop().await;

    let running = start_on(&db).await;
    let after = record(running.addr, &table).await;
    assert_eq!(after.rounds.len(), before.rounds.len());
    assert_eq!(after.to_json(), before.to_json());
    let info = call(
        running.addr,
        "GET",
        &format!("/api/tables/{table}"),
        Value::Null,
        200,
    )
    .await;
    assert_eq!(info["seats"][1]["bot"], "greedy");
    assert_eq!(info["round"], 3);
    running.stop().await;
}
