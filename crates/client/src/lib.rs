//! A small client of the web app's protocol (docs/protocol.md), for the server's tests, the
//! CLI's and the load test: plain HTTP/1.1 requests and a websocket that speaks JSON. Loopback
//! use only; no TLS.
//!
//! `loadtest` drives a server of this process (`welcome_server::spawn`) with simulated players
//! through this client (`welcome loadtest`); `postgres` starts a throw-away PostgreSQL for the
//! tests that run on it.

pub mod loadtest;
pub mod postgres;

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// One HTTP request with a JSON body; returns the status and the body (`Null` if empty, a
/// string if it is not JSON).
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<(u16, Value), String> {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    http_raw(addr, method, path, body.as_bytes()).await
}

/// One HTTP request with any body bytes.
pub async fn http_raw(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &[u8],
) -> Result<(u16, Value), String> {
    Request::new(method, path).body(body).send(addr).await
}

/// An HTTP request with the headers a test needs to choose: sent as JSON unless told
/// otherwise, without `Origin` unless given one, from any local address.
#[derive(Clone, Debug)]
pub struct Request<'a> {
    method: &'a str,
    path: &'a str,
    body: &'a [u8],
    content_type: Option<&'a str>,
    origin: Option<&'a str>,
    host: Option<&'a str>,
    from: Option<std::net::IpAddr>,
}

impl<'a> Request<'a> {
    pub fn new(method: &'a str, path: &'a str) -> Request<'a> {
        Request {
            method,
            path,
            body: b"",
            content_type: Some("application/json"),
            origin: None,
            host: None,
            from: None,
        }
    }

    pub fn body(mut self, body: &'a [u8]) -> Request<'a> {
        self.body = body;
        self
    }

    /// `None` sends no `Content-Type`.
    pub fn content_type(mut self, content_type: Option<&'a str>) -> Request<'a> {
        self.content_type = content_type;
        self
    }

    pub fn origin(mut self, origin: &'a str) -> Request<'a> {
        self.origin = Some(origin);
        self
    }

    /// The `Host` header (default: the address connected to).
    pub fn host(mut self, host: &'a str) -> Request<'a> {
        self.host = Some(host);
        self
    }

    /// Connects from this local address (any of 127.0.0.0/8 reaches a loopback server).
    pub fn from(mut self, ip: std::net::IpAddr) -> Request<'a> {
        self.from = Some(ip);
        self
    }

    /// Sends the request; returns the status and the body (`Null` if empty, a string if it is
    /// not JSON).
    pub async fn send(&self, addr: SocketAddr) -> Result<(u16, Value), String> {
        let (status, _, value) = self.send_full(addr).await?;
        Ok((status, value))
    }

    /// `send`, with the answer's head (status line and headers) too.
    pub async fn send_full(&self, addr: SocketAddr) -> Result<(u16, String, Value), String> {
        let mut s = connect_from(addr, self.from).await?;
        let host = self.host.map_or_else(|| addr.to_string(), str::to_string);
        let mut head = format!(
            "{} {} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n",
            self.method, self.path
        );
        if let Some(t) = self.content_type {
            head.push_str(&format!("Content-Type: {t}\r\n"));
        }
        if let Some(o) = self.origin {
            head.push_str(&format!("Origin: {o}\r\n"));
        }
        head.push_str(&format!("Content-Length: {}\r\n\r\n", self.body.len()));
        s.write_all(head.as_bytes())
            .await
            .map_err(|e| e.to_string())?;
        s.write_all(self.body).await.map_err(|e| e.to_string())?;
        read_answer(s).await
    }
}

/// A TCP connection to `addr`, from the local address `from` if one is given.
pub async fn connect_from(
    addr: SocketAddr,
    from: Option<std::net::IpAddr>,
) -> Result<TcpStream, String> {
    match from {
        None => TcpStream::connect(addr).await.map_err(|e| e.to_string()),
        Some(ip) => {
            let socket = match ip {
                std::net::IpAddr::V4(_) => tokio::net::TcpSocket::new_v4(),
                std::net::IpAddr::V6(_) => tokio::net::TcpSocket::new_v6(),
            }
            .map_err(|e| e.to_string())?;
            socket
                .bind(SocketAddr::new(ip, 0))
                .map_err(|e| format!("binding {ip}: {e}"))?;
            socket.connect(addr).await.map_err(|e| e.to_string())
        }
    }
}

/// Reads an HTTP answer to its end.
async fn read_answer(mut s: TcpStream) -> Result<(u16, String, Value), String> {
    let mut buf = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), s.read_to_end(&mut buf))
        .await
        .map_err(|_| "the server did not answer".to_string())?
        .map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&buf);
    let (head, rest) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| format!("not an HTTP answer: {text:?}"))?;
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("no status in {head:?}"))?;
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let body = if chunked {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    let value = if body.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&body).unwrap_or(Value::String(body))
    };
    Ok((status, head.to_string(), value))
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        s = rest[n..].trim_start_matches("\r\n");
    }
    out
}

/// A websocket to one table. It keeps the table's state as a client does: the whole `state`
/// it is sent, with every `update` applied (`apply`).
pub struct Socket {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    state: Option<Value>,
    /// Updates that did not follow the state held (each answered with a `sync`).
    pub gaps: usize,
}

/// Applies an `update` to `state` as docs/protocol.md says a client does: `table` fields and
/// `view` fields replace those of the state, `seats` and `sheets` entries replace those of the
/// same seat (and `view.submitted` follows the seats), `log` entries are appended. Fails,
/// changing nothing, when the update does not follow the state (`base` is not its `seq`).
pub fn apply(state: &mut Value, update: &Value) -> Result<(), String> {
    if update["base"] != state["seq"] || !update["seq"].is_u64() {
        return Err(format!(
            "an update from {} to {} does not follow the state of {}",
            update["base"], update["seq"], state["seq"]
        ));
    }
    if update.get("view").is_some() && state["view"].is_null() {
        return Err("an update of a view the state does not have".into());
    }
    state["seq"] = update["seq"].clone();
    if let Some(t) = update["table"].as_object() {
        for (k, v) in t {
            state["table"][k] = v.clone();
        }
    }
    for s in update["seats"].as_array().into_iter().flatten() {
        let i = s["seat"].as_u64().unwrap_or(0) as usize;
        if let Some(slot) = state["table"]["seats"]
            .as_array_mut()
            .and_then(|a| a.get_mut(i.wrapping_sub(1)))
        {
            *slot = s.clone();
        }
        if let Some(slot) = state["view"]["submitted"]
            .as_array_mut()
            .and_then(|a| a.get_mut(i.wrapping_sub(1)))
        {
            *slot = s["submitted"].clone();
        }
    }
    if let Some(v) = update["view"].as_object() {
        for (k, val) in v {
            state["view"][k] = val.clone();
        }
    }
    for s in update["sheets"].as_array().into_iter().flatten() {
        if let Some(slot) = state["view"]["sheets"]
            .as_array_mut()
            .and_then(|a| a.iter_mut().find(|x| x["seat"] == s["seat"]))
        {
            *slot = s.clone();
        }
    }
    if let (Some(log), Some(new)) = (
        state["view"]["log"].as_array_mut(),
        update["log"].as_array(),
    ) {
        log.extend(new.iter().cloned());
    }
    Ok(())
}

impl Socket {
    /// Connects as the holder of `token`, or as a spectator.
    pub async fn connect(
        addr: SocketAddr,
        table: &str,
        token: Option<&str>,
    ) -> Result<Socket, String> {
        let url = match token {
            Some(t) => format!("ws://{addr}/ws/{table}?token={t}"),
            None => format!("ws://{addr}/ws/{table}"),
        };
        // Updates are a few KiB: a read buffer of that order, not the 128 KiB default that is
        // zeroed on every read (a whole state takes a few reads).
        let config = WebSocketConfig::default().read_buffer_size(4 * 1024);
        let (ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
            .await
            .map_err(|e| e.to_string())?;
        Ok(Socket {
            ws,
            state: None,
            gaps: 0,
        })
    }

    pub async fn send(&mut self, v: &Value) -> Result<(), String> {
        self.send_text(v.to_string()).await
    }

    pub async fn send_text(&mut self, text: String) -> Result<(), String> {
        self.ws
            .send(Message::Text(text.into()))
            .await
            .map_err(|e| e.to_string())
    }

    /// The next JSON message, or `None` once the socket is closed or after 30 s of silence.
    /// An `update` comes as the `state` it makes (with the update's `seq`); an update that does
    /// not follow the state held is answered with a `sync` and skipped.
    pub async fn recv(&mut self) -> Option<Value> {
        loop {
            let m = self.recv_raw().await?;
            match m["type"].as_str() {
                Some("state") => {
                    self.state = Some(m.clone());
                    return Some(m);
                }
                Some("update") => {
                    let applied = match &mut self.state {
                        Some(state) => apply(state, &m).map(|()| state.clone()),
                        None => Err("an update before any state".into()),
                    };
                    match applied {
                        Ok(state) => return Some(state),
                        Err(_) => {
                            self.gaps += 1;
                            let _ = self.send(&serde_json::json!({ "type": "sync" })).await;
                        }
                    }
                }
                _ => return Some(m),
            }
        }
    }

    /// The next JSON message as sent.
    pub async fn recv_raw(&mut self) -> Option<Value> {
        serde_json::from_str(&self.recv_text().await?).ok()
    }

    /// The state this socket holds: the last `state` with every later `update` applied.
    pub fn state(&self) -> Option<&Value> {
        self.state.as_ref()
    }

    /// The next text message as sent.
    pub async fn recv_text(&mut self) -> Option<String> {
        loop {
            let msg = tokio::time::timeout(Duration::from_secs(30), self.ws.next())
                .await
                .ok()??
                .ok()?;
            match msg {
                Message::Text(t) => return Some(t.as_str().to_string()),
                Message::Close(_) => return None,
                _ => continue,
            }
        }
    }

    /// The next message of type `kind`, skipping others.
    pub async fn recv_type(&mut self, kind: &str) -> Option<Value> {
        loop {
            let m = self.recv().await?;
            if m["type"] == kind {
                return Some(m);
            }
        }
    }

    /// The next `state` whose view satisfies `f`.
    pub async fn state_where(&mut self, f: impl Fn(&Value) -> bool) -> Option<Value> {
        loop {
            let m = self.recv_type("state").await?;
            if f(&m) {
                return Some(m);
            }
        }
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}
