//! Helpers shared by the server tests: a server on a loopback port over a temporary database,
//! HTTP calls that expect a status, and a player that asks the server for its options.

#![allow(dead_code)]

pub use welcome_client::postgres;

use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use welcome_client::{http, Socket};
use welcome_server::{spawn, Running, ServeConfig};

pub struct TestServer {
    pub running: Running,
    pub db: PathBuf,
    _dir: Option<tempfile::TempDir>,
}

impl TestServer {
    pub fn addr(&self) -> SocketAddr {
        self.running.addr
    }
}

/// A server on 127.0.0.1 with a fresh database file.
pub async fn server() -> TestServer {
    let dir = tempfile::tempdir().expect("temporary folder");
    let db = dir.path().join("welcome.db");
    let running = start_on(&db).await;
    TestServer {
        running,
        db,
        _dir: Some(dir),
    }
}

/// A server on an existing database file.
pub async fn start_on(db: &Path) -> Running {
    let config = ServeConfig::new("127.0.0.1:0", db.to_string_lossy().to_string());
    spawn(config).await.expect("the server starts")
}

/// A database for a test: a SQLite file in a temporary folder, or a PostgreSQL database of its
/// own (`postgres`).
pub struct Db {
    pub url: String,
    _dir: Option<tempfile::TempDir>,
}

impl Db {
    pub fn sqlite() -> Db {
        let dir = tempfile::tempdir().expect("temporary folder");
        let url = dir.path().join("welcome.db").to_string_lossy().to_string();
        Db {
            url,
            _dir: Some(dir),
        }
    }

    pub async fn postgres() -> Db {
        Db {
            url: postgres::database().await.expect("a PostgreSQL database"),
            _dir: None,
        }
    }

    /// The store on it, as the server opens it.
    pub async fn open(&self) -> std::sync::Arc<dyn welcome_server::Store> {
        welcome_server::store::open(&self.url, welcome_server::store::BUSY_TIMEOUT, None)
            .await
            .expect("the database opens")
    }
}

/// A server on a database (a file path or a URL).
pub async fn start_at(database: &str) -> Running {
    let config = ServeConfig::new("127.0.0.1:0", database);
    spawn(config).await.expect("the server starts")
}

/// An HTTP call that must answer `status`.
pub async fn call(addr: SocketAddr, method: &str, path: &str, body: Value, status: u16) -> Value {
    let body = (!body.is_null()).then_some(&body);
    let (s, v) = http(addr, method, path, body).await.expect("HTTP answer");
    assert_eq!(s, status, "{method} {path} answered {s}: {v}");
    v
}

/// Creates a table; returns (table id, creator token).
/// `GET /api/tables/{table}`, answered 200.
pub async fn table_info(addr: SocketAddr, table: &str) -> Value {
    call(
        addr,
        "GET",
        &format!("/api/tables/{table}"),
        Value::Null,
        200,
    )
    .await
}

pub async fn create(addr: SocketAddr, body: Value) -> (String, String) {
    let v = call(addr, "POST", "/api/tables", body, 201).await;
    (
        v["table"].as_str().unwrap().to_string(),
        v["token"].as_str().unwrap().to_string(),
    )
}

pub async fn join(addr: SocketAddr, table: &str, name: &str) -> (usize, String) {
    let v = call(
        addr,
        "POST",
        &format!("/api/tables/{table}/join"),
        json!({ "name": name }),
        200,
    )
    .await;
    (
        v["seat"].as_u64().unwrap() as usize,
        v["token"].as_str().unwrap().to_string(),
    )
}

pub async fn start(addr: SocketAddr, table: &str, token: &str) {
    call(
        addr,
        "POST",
        &format!("/api/tables/{table}/start"),
        json!({ "token": token }),
        204,
    )
    .await;
}

pub async fn connect(addr: SocketAddr, table: &str, token: Option<&str>) -> Client {
    Client {
        sock: Socket::connect(addr, table, token)
            .await
            .expect("websocket"),
        last: None,
        next: 0,
    }
}

impl From<Socket> for Client {
    fn from(sock: Socket) -> Client {
        Client {
            sock,
            last: None,
            next: 0,
        }
    }
}

/// A websocket that keeps the last state it saw while waiting for answers.
pub struct Client {
    pub sock: Socket,
    pub last: Option<Value>,
    next: u64,
}

impl Client {
    /// Sends `msg` with a fresh request id and returns the answer to it.
    pub async fn request(&mut self, mut msg: Value) -> Value {
        self.next += 1;
        let id = self.next;
        msg["request"] = json!(id);
        self.sock.send(&msg).await.expect("send");
        loop {
            let m = self.sock.recv().await.expect("an answer");
            if m["type"] == "state" {
                self.last = Some(m);
                continue;
            }
            assert_eq!(m["request"], json!(id), "answer to another request: {m}");
            return m;
        }
    }

    /// The first state (kept or new) that satisfies `f`.
    pub async fn state_where(&mut self, f: impl Fn(&Value) -> bool) -> Value {
        if let Some(m) = self.last.take() {
            if f(&m) {
                return m;
            }
        }
        let m = self.sock.state_where(&f).await.expect("a state");
        m
    }

    /// The next state of round `round`, or the final state.
    pub async fn round(&mut self, round: u64) -> Value {
        self.state_where(|m| m["view"]["round"] == json!(round) || !m["view"]["result"].is_null())
            .await
    }

    /// The first state in which the game has started.
    pub async fn started(&mut self) -> Value {
        self.state_where(|m| !m["view"].is_null()).await
    }

    /// A legal turn in `round`: the first placement the server lists, or a refusal.
    pub async fn first_turn(&mut self, round: u64) -> Value {
        let o = self
            .request(json!({ "type": "options", "round": round, "draft": {} }))
            .await;
        assert_eq!(o["type"], "options", "{o}");
        match o["placements"].as_array().and_then(|p| p.first()) {
            Some(p) => json!({ "play": { "build": {
                "pick": p["pick"], "house": p["house"], "number": p["number"]
            } } }),
            None => {
                assert!(!o["refuse"].is_null(), "no placement and no refusal: {o}");
                if o["refuse"]["pass"] == true {
                    json!({ "play": { "refuse": { "pass": 1 } } })
                } else {
                    json!({ "play": { "refuse": {} } })
                }
            }
        }
    }

    /// A legal turn in `round` that writes a card's number as printed (the collector's temp
    /// must be used when it changes a number, which `first_turn` does not do): a placement whose
    /// number is its card's, else the first placement with its temp used, else a refusal
    /// naming the first card. `offer` is the state's offer.
    pub async fn plain_turn(&mut self, round: u64, offer: &Value) -> Value {
        let o = self
            .request(json!({ "type": "options", "round": round, "draft": {} }))
            .await;
        assert_eq!(o["type"], "options", "{o}");
        // A card's number as the wire writes it: a JSON integer, or a ¾ number as a string.
        let printed = |p: &Value| -> bool {
            let card = match (&p["pick"]["hand"], &p["pick"]["combination"]) {
                (Value::Array(h), _) => offer["hand"][h[0].as_u64().unwrap_or(1) as usize - 1]
                    .as_str()
                    .and_then(|c| c.split('-').next())
                    .map(|n| n.parse::<u64>().map_or_else(|_| json!(n), |n| json!(n))),
                (_, Value::Number(c)) => Some(
                    offer["combinations"][c.as_u64().unwrap_or(1) as usize - 1]["number"].clone(),
                ),
                _ => None,
            };
            card.as_ref() == Some(&p["number"])
        };
        let list = o["placements"].as_array().cloned().unwrap_or_default();
        match list.iter().find(|p| printed(p)) {
            Some(p) => json!({ "play": { "build": {
                "pick": p["pick"], "house": p["house"], "number": p["number"]
            } } }),
            // only a number the temp changes fits (a 9¾ card may give 11¾ and nothing else):
            // the temp is used
            None if !list.is_empty() => {
                let p = &list[0];
                json!({ "play": { "build": {
                    "pick": p["pick"], "house": p["house"], "number": p["number"], "effect": "temp"
                } } })
            }
            None => {
                assert!(!o["refuse"].is_null(), "no placement and no refusal: {o}");
                if o["refuse"]["pass"] == true {
                    json!({ "play": { "refuse": { "pass": 1 } } })
                } else {
                    json!({ "play": { "refuse": {} } })
                }
            }
        }
    }

    /// Submits `turn` and expects an ack.
    pub async fn submit(&mut self, round: u64, turn: &Value) {
        let a = self
            .request(json!({ "type": "submit", "round": round, "turn": turn }))
            .await;
        assert_eq!(a["type"], "ack", "{a}");
    }

    /// Sends `msg` and expects the error `code`.
    pub async fn expect_error(&mut self, msg: Value, code: &str) -> Value {
        let e = self.request(msg).await;
        assert_eq!(e["type"], "error", "{e}");
        assert_eq!(e["code"], code, "{e}");
        assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()));
        e
    }
}

/// The AAA's base rows in a score as JSON (plans, parks, pools, temps, fences, estates): its
/// total less the rows its sheet adds.
pub fn aaa_base_rows(score: &serde_json::Value) -> i64 {
    let plans: i64 = score["plans"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_i64().unwrap())
        .sum();
    ["parks", "pools", "temps", "fences", "estates"]
        .iter()
        .map(|k| score[k].as_i64().unwrap())
        .sum::<i64>()
        + plans
}

/// An app state over a fresh database in `dir`, for tests that hand requests to the router.
pub async fn router_state(
    dir: &tempfile::TempDir,
    limits: welcome_server::Limits,
) -> welcome_server::AppState {
    let db = dir.path().join("w.db");
    let store = welcome_server::SqliteStore::open(&db.to_string_lossy())
        .await
        .unwrap();
    welcome_server::AppState::new(std::sync::Arc::new(store), limits, None)
        .await
        .unwrap()
}

/// A request handed to the router in process: `(status, content type, body as JSON or Null)`.
/// `headers` should name `Host` (the router itself adds none).
pub async fn route(
    router: &axum::Router,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, String, Value) {
    use tower::ServiceExt;
    let mut req = axum::http::Request::builder().method(method).uri(path);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let res = router
        .clone()
        .oneshot(req.body(axum::body::Body::from(body.to_string())).unwrap())
        .await
        .unwrap();
    let status = res.status().as_u16();
    let kind = res
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let bytes = axum::body::to_bytes(res.into_body(), 64 << 20)
        .await
        .unwrap();
    (
        status,
        kind,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}
