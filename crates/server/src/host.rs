//! Which names the server answers changes under: its own addresses, localhost, and the public
//! names it was given.
//!
//! A page of another site cannot send a change (module `guard`), unless it makes its own name
//! point at this server: a DNS-rebinding page at `http://evil.example:8080` whose name resolves
//! to 127.0.0.1 is, for the browser, of the same origin as the requests it sends, and its
//! `Host` is `evil.example:8080`. So a change, and a websocket upgrade, is only taken when its
//! `Host` is a name or address the server knows as its own:
//!
//! * a localhost name (`localhost`, `*.localhost`) or a loopback address (`127.0.0.0/8`, `::1`);
//! * the address the connection reached the server at: the listen address, or, listening on
//!   every interface (`0.0.0.0`), whichever of the machine's addresses the client used (a phone
//!   on the LAN opening `http://192.168.1.20:8080/`);
//! * a name given with `--public-host` (`game.example.org`; or an address: the host's address
//!   of a server in a container, whose connections reach it at the container's own), or the
//!   host of an `--allowed-origin`.
//!
//! The port is not compared: a name is what a rebinding page controls, not the port, and a
//! port forwarded from another one (a container's) keeps its name.

use std::net::{IpAddr, SocketAddr};

/// The address a connection reached the server at (its local end), added to each request.
#[derive(Clone, Copy, Debug)]
pub struct LocalAddr(pub SocketAddr);

/// A `--public-host` or the host of an origin as the server compares it: lowercase, without
/// a port or a final dot, an IPv6 address without brackets. `None` if it is not a host.
pub fn normalize(host: &str) -> Option<String> {
    let host = host.trim();
    let name = if let Some(rest) = host.strip_prefix('[') {
        // [v6] or [v6]:port
        rest.split_once(']')?.0
    } else {
        match host.rsplit_once(':') {
            Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
            _ => host,
        }
    };
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    let fine = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | ':'));
    fine.then_some(name)
}

/// Whether a request whose `Host` header is `host`, on a connection that reached the server
/// at `local`, names the server.
pub fn allowed(host: Option<&str>, local: Option<IpAddr>, public: &[String]) -> bool {
    let Some(name) = host.and_then(normalize) else {
        return false;
    };
    if name == "localhost" || name.ends_with(".localhost") {
        return true;
    }
    if let Ok(ip) = name.parse::<IpAddr>() {
        let ip = canonical(ip);
        return ip.is_loopback()
            || local.is_some_and(|l| canonical(l) == ip)
            || public.contains(&ip.to_string());
    }
    public.contains(&name)
}

/// An IPv4 address written as IPv6 (`::ffff:192.168.1.20`, how a dual-stack socket names an
/// IPv4 client's destination) as the IPv4 address.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_the_servers_own() {
        let public = vec![normalize("Game.Example.org").unwrap()];
        let lan: IpAddr = "192.168.1.20".parse().unwrap();
        let ok = |h: &str, local: Option<IpAddr>| allowed(Some(h), local, &public);
        for h in [
            "localhost",
            "localhost:8080",
            "app.localhost:8080",
            "127.0.0.1:8080",
            "127.1.2.3",
            "[::1]:8080",
            "game.example.org",
            "GAME.example.org.:443",
        ] {
            assert!(ok(h, None), "{h}");
        }
        assert!(ok("192.168.1.20:8080", Some(lan)));
        assert!(ok(
            "192.168.1.20",
            Some("::ffff:192.168.1.20".parse().unwrap())
        ));
        for h in [
            "evil.example:8080",
            "localhost.evil.example",
            "192.168.1.21:8080",
            "example.org",
            "",
            "a b",
        ] {
            assert!(!ok(h, Some(lan)), "{h}");
        }
        assert!(!ok("192.168.1.20:8080", None));
        // An address named as a public host (a container's published port).
        let public = vec![normalize("192.168.1.5").unwrap()];
        assert!(allowed(Some("192.168.1.5:80"), Some(lan), &public));
        assert!(!allowed(Some("192.168.1.6:80"), Some(lan), &public));
        assert!(!allowed(None, Some(lan), &public));
        assert_eq!(normalize("[::1]:80").as_deref(), Some("::1"));
    }
}
