//! Three `welcome serve` nodes on one PostgreSQL, and players on many tables who reach them at
//! random (as through a load balancer without sticky sessions). A node is killed (`kill -9`)
//! at random moments and started again, twenty times over: no acknowledged turn is lost, no
//! table is lost, each orphaned table plays again within the bound, and the database's history
//! shows that no table was ever written by two nodes.

use crate::serve::start;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::process::Child;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use welcome_client::{http, postgres, Socket};

const NODES: usize = 3;
const TABLES: usize = 10;
const KILLS: usize = 20;
/// The nodes' lease: a killed node's tables are taken over about this long after.
const LEASE: &str = "1s";

/// The node processes, killed when the test ends however it ends (a failed assertion too).
struct Children(Vec<Option<Child>>);

impl Drop for Children {
    fn drop(&mut self) {
        for child in self.0.iter_mut().flatten() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The live nodes' addresses, as a load balancer would know them.
type Live = Arc<Mutex<Vec<SocketAddr>>>;

fn node(db: &str, id: &str) -> (Child, SocketAddr) {
    start(&["serve", "--node-id", id, "--lease", LEASE], db)
}

fn pick(live: &Live, n: usize) -> Option<SocketAddr> {
    let l = live.lock().unwrap();
    (!l.is_empty()).then(|| l[n % l.len()])
}

/// What one seat saw: the turns the server acknowledged (round → turn), and how long each
/// interruption lasted until it played again.
#[derive(Default)]
struct Seen {
    acked: BTreeMap<u64, Value>,
    outages: Vec<Duration>,
    finished: Option<Value>,
    /// The last things that went wrong, for the message of a failure.
    trail: Vec<String>,
}

impl Seen {
    fn note(&mut self, what: String) {
        if self.trail.len() == 12 {
            self.trail.remove(0);
        }
        self.trail.push(what);
    }
}

/// One seat's player: connects to any live node, confirms the first listed placement of each
/// round after a short think, and starts over through another node whenever anything fails.
async fn play(live: Live, table: String, token: String, seed: u64) -> Seen {
    let mut seen = Seen::default();
    let mut n = seed as usize;
    let mut broken: Option<Instant> = None;
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(180) {
        n += 1;
        let Some(addr) = pick(&live, n) else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let Ok(Ok(mut sock)) = tokio::time::timeout(
            Duration::from_secs(3),
            Socket::connect(addr, &table, Some(&token)),
        )
        .await
        else {
            seen.note(format!("{:?} connect to {addr} failed", started.elapsed()));
            broken.get_or_insert_with(Instant::now);
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        match play_on(&mut sock, &mut seen, &mut broken, n).await {
            Some(()) => return seen,
            None => {
                seen.note(format!("{:?} socket to {addr} failed", started.elapsed()));
                broken.get_or_insert_with(Instant::now);
            }
        }
    }
    seen
}

/// Plays on one socket until the game is over (`Some`) or the socket fails (`None`).
async fn play_on(
    sock: &mut Socket,
    seen: &mut Seen,
    broken: &mut Option<Instant>,
    n: usize,
) -> Option<()> {
    let wait = Duration::from_secs(5);
    let mut request = 0u64;
    loop {
        let state = tokio::time::timeout(wait, sock.state_where(|m| !m["view"].is_null()))
            .await
            .ok()??;
        let view = &state["view"];
        if !view["result"].is_null() {
            seen.finished = Some(view.clone());
            return Some(());
        }
        let round = view["round"].as_u64()?;
        if !view["my_turn"].is_null() {
            // Confirmed already (before an interruption, maybe): wait for the round to end.
            tokio::time::timeout(
                wait,
                sock.state_where(|m| {
                    m["view"]["round"].as_u64() != Some(round) || !m["view"]["result"].is_null()
                }),
            )
            .await
            .ok()??;
            continue;
        }
        tokio::time::sleep(Duration::from_millis(
            150 + (n as u64 * 37 + round * 11) % 250,
        ))
        .await;
        request += 1;
        sock.send(&json!({ "type": "options", "request": request, "round": round }))
            .await
            .ok()?;
        let options = loop {
            let m = tokio::time::timeout(wait, sock.recv()).await.ok()??;
            if m["type"] == "options" || m["type"] == "error" {
                break m;
            }
        };
        let turn = match options["placements"].as_array().and_then(|p| p.first()) {
            Some(p) => json!({ "play": { "build": {
                "pick": p["pick"], "house": p["house"], "number": p["number"] } } }),
            None if options["refuse"]["pass"] == true => {
                json!({ "play": { "refuse": { "pass": 1 } } })
            }
            None => json!({ "play": { "refuse": {} } }),
        };
        request += 1;
        sock.send(&json!({ "type": "submit", "request": request, "round": round, "turn": turn }))
            .await
            .ok()?;
        let answer = loop {
            let m = tokio::time::timeout(wait, sock.recv()).await.ok()??;
            if m["type"] == "ack" || m["type"] == "error" {
                break m;
            }
        };
        if answer["type"] == "ack" {
            seen.acked.insert(round, turn);
            if let Some(since) = broken.take() {
                seen.outages.push(since.elapsed());
            }
        }
        // Refused (a round already over, a table moving): look again.
        if answer["type"] == "error" {
            seen.note(format!("round {round}: {answer}"));
        }
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_of_nodes_loses_no_acknowledged_turn_and_no_table() {
    let db = postgres::database().await.unwrap();
    let ids: Vec<String> = (0..NODES).map(|i| format!("n{i}")).collect();
    let mut children = Children(Vec::new());
    let live: Live = Arc::new(Mutex::new(Vec::new()));
    for id in &ids {
        let (child, addr) = node(&db, id);
        children.0.push(Some(child));
        live.lock().unwrap().push(addr);
    }

    // Tables of two players each, created through the nodes in turn.
    let mut players = Vec::new();
    for t in 0..TABLES {
        let addr = pick(&live, t).unwrap();
        let (s, created) = http(
            addr,
            "POST",
            "/api/tables",
            Some(&json!({ "name": "Ann", "mode": "standard", "seats": 2 })),
        )
        .await
        .unwrap();
        assert_eq!(s, 201, "{created}");
        let table = created["table"].as_str().unwrap().to_string();
        let ann = created["token"].as_str().unwrap().to_string();
        let (s, joined) = http(
            pick(&live, t + 1).unwrap(),
            "POST",
            &format!("/api/tables/{table}/join"),
            Some(&json!({ "name": "Bob" })),
        )
        .await
        .unwrap();
        assert_eq!(s, 200, "{joined}");
        let bob = joined["token"].as_str().unwrap().to_string();
        let (s, v) = http(
            pick(&live, t + 2).unwrap(),
            "POST",
            &format!("/api/tables/{table}/start"),
            Some(&json!({ "token": ann })),
        )
        .await
        .unwrap();
        assert_eq!(s, 204, "{v}");
        for (seat, token) in [(0, ann), (1, bob)] {
            let live = live.clone();
            let table = table.clone();
            players.push((
                table.clone(),
                seat,
                tokio::spawn(play(live, table, token, (t * 2 + seat) as u64)),
            ));
        }
    }

    // Kill a node now and then, and start it again.
    let mut killed = 0;
    let mut rng = 7u64;
    while killed < KILLS {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        tokio::time::sleep(Duration::from_millis(300 + (rng >> 33) % 900)).await;
        let i = (rng >> 40) as usize % NODES;
        let mut victim = children.0[i].take().unwrap();
        victim.kill().unwrap();
        victim.wait().unwrap();
        killed += 1;
        {
            let mut l = live.lock().unwrap();
            l.remove(i);
        }
        let db2 = db.clone();
        let id = ids[i].clone();
        let (child, addr) = tokio::task::spawn_blocking(move || node(&db2, &id))
            .await
            .unwrap();
        children.0[i] = Some(child);
        live.lock().unwrap().insert(i, addr);
    }

    // Every game goes to its end; every acknowledged turn is in it.
    let mut outages = Vec::new();
    let mut acked = 0;
    for (table, seat, player) in players {
        let seen = player.await.unwrap();
        let view = seen.finished.unwrap_or_else(|| {
            panic!(
                "table {table} seat {seat} did not finish ({} turns acknowledged): {:#?}",
                seen.acked.len(),
                seen.trail
            )
        });
        let log = view["log"].as_array().unwrap();
        for (round, turn) in &seen.acked {
            assert_eq!(
                log[*round as usize - 1]["turns"][seat],
                *turn,
                "table {table} seat {seat} round {round}: an acknowledged turn was lost"
            );
        }
        acked += seen.acked.len();
        outages.extend(seen.outages);
    }
    outages.sort();
    let max = outages.last().copied().unwrap_or_default();
    eprintln!(
        "{KILLS} kills, {TABLES} tables, {acked} acknowledged turns, none lost; {} interruptions, \
         time until the table played again p50 {:?} p99 {:?} max {:?}",
        outages.len(),
        percentile(&outages, 0.5),
        percentile(&outages, 0.99),
        max
    );
    assert!(
        max < Duration::from_secs(10),
        "an orphaned table waited {max:?}"
    );

    // The database's history: each round row names the owner that wrote it last, and the
    // rounds' writers follow the table's owners in the order they owned it (an owner that had
    // lost the table and wrote again would appear out of that order).
    let mut c = postgres::connect(&db).await.unwrap();
    let rows: Vec<(String, i64, Option<i64>)> =
        sqlx::query_as("SELECT table_id, round, epoch FROM game_rounds ORDER BY table_id, round")
            .fetch_all(&mut c)
            .await
            .unwrap();
    let history: Vec<(String, i64)> =
        sqlx::query_as("SELECT table_id, epoch FROM table_owners ORDER BY id")
            .fetch_all(&mut c)
            .await
            .unwrap();
    let mut owners: BTreeMap<String, Vec<i64>> = BTreeMap::new();
    for (table, epoch) in history {
        owners.entry(table).or_default().push(epoch);
    }
    let mut at: BTreeMap<String, usize> = BTreeMap::new();
    let mut moves = 0;
    for (table, round, epoch) in rows {
        let epoch = epoch.unwrap_or_else(|| panic!("{table} round {round} has no writer"));
        let seq = &owners[&table];
        let from = at.entry(table.clone()).or_insert(0);
        let Some(k) = seq[*from..].iter().position(|e| *e == epoch) else {
            panic!("{table} round {round} was written by epoch {epoch} out of its owners' order {seq:?}");
        };
        *from += k;
    }
    for seq in owners.values() {
        moves += seq.len() - 1;
    }
    eprintln!(
        "{TABLES} tables, none lost; {moves} changes of owner; every round written by its \
         table's owner of the time"
    );
    drop(children);
}
