//! Who a request comes from: the address of the connection's peer, as the limits per client
//! count it.
//!
//! The address is the TCP peer's. Behind a reverse proxy every client arrives from the proxy's
//! address and so shares one set of per-address limits: raise them there (`welcome serve
//! --help`), or let the proxy enforce its own.

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use std::convert::Infallible;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

/// A client address as the limits count it: an IPv4 address, or the /64 network of an IPv6
/// address (one subscriber usually holds a whole /64, so its addresses are one client).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClientKey(IpAddr);

impl ClientKey {
    pub fn of(ip: IpAddr) -> ClientKey {
        match ip {
            IpAddr::V4(v4) => ClientKey(IpAddr::V4(v4)),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => ClientKey(IpAddr::V4(v4)),
                None => {
                    let s = v6.segments();
                    ClientKey(IpAddr::V6(Ipv6Addr::new(
                        s[0], s[1], s[2], s[3], 0, 0, 0, 0,
                    )))
                }
            },
        }
    }

    /// The key of requests that came without a connection (handed to the router in-process).
    pub fn unknown() -> ClientKey {
        ClientKey(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
    }
}

impl std::fmt::Display for ClientKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            IpAddr::V4(a) => write!(f, "{a}"),
            IpAddr::V6(a) => write!(f, "{a}/64"),
        }
    }
}

/// The client of a request, from the connection the server accepted it on.
#[derive(Clone, Copy, Debug)]
pub struct Peer(pub ClientKey);

impl<S: Send + Sync> FromRequestParts<S> for Peer {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Peer, Infallible> {
        let key = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or_else(ClientKey::unknown, |c| ClientKey::of(c.0.ip()));
        Ok(Peer(key))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ipv6_client_is_its_64_network() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::7".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(ClientKey::of(a), ClientKey::of(b));
        assert_ne!(ClientKey::of(a), ClientKey::of(c));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        let v4: IpAddr = "192.0.2.7".parse().unwrap();
        assert_eq!(ClientKey::of(mapped), ClientKey::of(v4));
        assert_eq!(ClientKey::of(a).to_string(), "2001:db8:1:2::/64");
    }
}
