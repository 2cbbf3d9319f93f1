//! Who a socket or a request speaks for (a seat, the host, a spectator), and the sockets open
//! at the table.

use super::{Role, Table};

impl Table {
    /// The role of a token hash at this table.
    pub fn role(&self, hash: Option<&str>) -> Role {
        let Some(h) = hash else {
            return Role::Spectator;
        };
        let host = h == self.host_hash;
        match self
            .seats
            .iter()
            .position(|s| s.token_hash.as_deref() == Some(h))
        {
            Some(seat) => Role::Seat { seat, host },
            None if host => Role::Host,
            None => Role::Spectator,
        }
    }

    /// Whether the token hash belongs to this table at all (a seat, the host, or once held a
    /// seat here).
    pub fn knows(&self, hash: &str) -> bool {
        self.role(Some(hash)) != Role::Spectator
    }

    pub fn socket_opened(&mut self, hash: Option<&str>) {
        *self.sockets.entry(hash.map(str::to_string)).or_default() += 1;
        self.push.changed(true);
    }

    pub fn socket_closed(&mut self, hash: Option<&str>) {
        let key = hash.map(str::to_string);
        if let Some(n) = self.sockets.get_mut(&key) {
            *n -= 1;
            if *n == 0 {
                self.sockets.remove(&key);
            }
        }
        self.push.changed(true);
    }

    pub fn socket_count(&self) -> usize {
        self.sockets.values().sum()
    }

    /// Open sockets of players: a seat's or the host's token (spectators not counted).
    pub fn player_sockets(&self) -> usize {
        self.sockets
            .iter()
            .filter(|(k, _)| k.is_some())
            .map(|(_, n)| n)
            .sum()
    }

    /// Open sockets of one token holder (`None`: of all spectators together).
    pub fn sockets_of(&self, hash: Option<&str>) -> usize {
        self.sockets
            .get(&hash.map(str::to_string))
            .copied()
            .unwrap_or(0)
    }

    pub(super) fn connected(&self, seat: usize) -> bool {
        let s = &self.seats[seat];
        s.bot.is_some()
            || s.token_hash
                .as_ref()
                .is_some_and(|h| self.sockets.contains_key(&Some(h.clone())))
    }
}
