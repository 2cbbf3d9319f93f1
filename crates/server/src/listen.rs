//! Accepting connections, with bounds that keep slow or greedy clients from holding the server:
//! at most `Limits::max_connections` open connections, at most
//! `Limits::max_connections_per_address` from one client address (a connection over either is
//! closed at once, before anything is read), and `Limits::header_timeout` to send a request's
//! header (an idle keep-alive connection gets the same time to send its next request).
//!
//! A connection keeps its place until it closes; a websocket is the connection it was upgraded
//! from, so it keeps that place too.

use crate::host::LocalAddr;
use crate::peer::ClientKey;
use crate::state::Limits;
use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The places of open connections, server-wide and per client address.
struct Gate {
    total: Arc<Semaphore>,
    per_address: Mutex<HashMap<ClientKey, usize>>,
    max_per_address: usize,
}

/// One open connection's place; given back when dropped.
struct Place {
    _total: OwnedSemaphorePermit,
    key: ClientKey,
    gate: Arc<Gate>,
}

impl Gate {
    fn new(limits: &Limits) -> Arc<Gate> {
        Arc::new(Gate {
            total: Arc::new(Semaphore::new(
                limits.max_connections.min(Semaphore::MAX_PERMITS),
            )),
            per_address: Mutex::new(HashMap::new()),
            max_per_address: limits.max_connections_per_address,
        })
    }

    /// A place for a connection from `key`, if there is one.
    fn admit(self: &Arc<Gate>, key: ClientKey) -> Option<Place> {
        let total = self.total.clone().try_acquire_owned().ok()?;
        let mut per = self.per_address.lock().ok()?;
        let n = per.entry(key).or_insert(0);
        if *n >= self.max_per_address {
            if *n == 0 {
                per.remove(&key);
            }
            return None;
        }
        *n += 1;
        Some(Place {
            _total: total,
            key,
            gate: self.clone(),
        })
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        if let Ok(mut per) = self.gate.per_address.lock() {
            if let Some(n) = per.get_mut(&self.key) {
                *n -= 1;
                if *n == 0 {
                    per.remove(&self.key);
                }
            }
        }
    }
}

/// A connection together with its place: whoever owns the connection (the HTTP connection, then
/// the websocket it becomes) holds the place.
struct Held {
    io: TcpStream,
    _place: Place,
}

impl AsyncRead for Held {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_read(cx, buf)
    }
}

impl AsyncWrite for Held {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().io).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
}

/// Errors of one incoming connection (it went away before it was accepted): accepting goes on
/// at once.
fn connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// Serves `router` on `listener` until the future is dropped. Each request carries the peer's
/// address (`ConnectInfo<SocketAddr>`).
pub async fn serve(listener: TcpListener, router: Router, limits: &Limits) -> io::Result<()> {
    let gate = Gate::new(limits);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    loop {
        let (tcp, peer) = match listener.accept().await {
            Ok(c) => c,
            Err(e) if connection_error(&e) => continue,
            Err(e) => {
                // Out of file descriptors, most likely: wait for some to be freed.
                tracing::error!("accepting a connection: {e}");
                tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                continue;
            }
        };
        let Some(place) = gate.admit(ClientKey::of(peer.ip())) else {
            tracing::debug!("{peer}: too many open connections; closed");
            drop(tcp);
            continue;
        };
        // Pushes are small and latency-bound: no Nagle delay.
        let _ = tcp.set_nodelay(true);
        let local = tcp
            .local_addr()
            .unwrap_or_else(|_| listener_addr(&listener));
        let service = TowerToHyperService::new(with_peer(router.clone(), peer, local));
        let conn = http
            .serve_connection(
                TokioIo::new(Held {
                    io: tcp,
                    _place: place,
                }),
                service,
            )
            .with_upgrades();
        tokio::spawn(async move {
            if let Err(e) = conn.await {
                tracing::debug!("{peer}: {e}");
            }
        });
    }
}

/// The listen address, for a connection whose own end cannot be read.
fn listener_addr(listener: &TcpListener) -> SocketAddr {
    listener
        .local_addr()
        .unwrap_or_else(|_| SocketAddr::from(([127, 0, 0, 1], 0)))
}

/// The router with the peer's address, and the address the connection reached the server at,
/// added to every request of the connection.
fn with_peer(
    router: Router,
    peer: SocketAddr,
    local: SocketAddr,
) -> axum::middleware::AddExtension<
    axum::middleware::AddExtension<Router, ConnectInfo<SocketAddr>>,
    LocalAddr,
> {
    let with = tower::Layer::layer(&axum::Extension(ConnectInfo(peer)), router);
    tower::Layer::layer(&axum::Extension(LocalAddr(local)), with)
}
