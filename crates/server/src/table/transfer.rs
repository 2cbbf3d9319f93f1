//! A seat moving to another device: offered under a code, claimed once with it.

use super::{hash_token, Role, Table};
use crate::error::ApiError;
use crate::store::{Store, Write};

impl Table {
    /// Offers to move the seat of `token` to another device: remembers `code_hash` (replacing
    /// any earlier offer of the seat) until `ttl` has passed. Returns the 0-based seat.
    pub fn offer_transfer(
        &mut self,
        token: &str,
        code_hash: String,
        ttl: std::time::Duration,
    ) -> Result<usize, ApiError> {
        let Role::Seat { seat, .. } = self.role(Some(&hash_token(token))) else {
            return Err(ApiError::forbidden(
                "no_seat",
                "only a seat's own token can move the seat to another device",
            ));
        };
        self.check_not_ended()?;
        let now = std::time::Instant::now();
        self.transfers.retain(|_, (_, due)| *due > now);
        self.transfers.insert(seat, (code_hash, now + ttl));
        Ok(seat)
    }

    /// Gives the seat offered under `code_hash` to `new_hash`: the old token holds nothing any
    /// more (its sockets become spectators'), and the host's rights move with the host's seat.
    /// The code is good once. Returns the 0-based seat and whether it is the host's.
    pub async fn claim_transfer(
        &mut self,
        store: &dyn Store,
        code_hash: &str,
        new_hash: String,
    ) -> Result<(usize, bool), ApiError> {
        let now = std::time::Instant::now();
        self.transfers.retain(|_, (_, due)| *due > now);
        let seat = self
            .transfers
            .iter()
            .find(|(_, (h, _))| h == code_hash)
            .map(|(s, _)| *s)
            .ok_or_else(|| {
                ApiError::forbidden(
                    "bad_transfer",
                    "this move link is not valid: it was used, replaced or has expired; ask for a new one on the other device",
                )
            })?;
        let old = self.seats[seat].clone();
        let host = old.token_hash.as_deref() == Some(self.host_hash.as_str());
        let mut new = old.clone();
        new.token_hash = Some(new_hash.clone());
        let mut writes = vec![Write::Seat {
            table: self.id.clone(),
            seat: seat as u16,
            row: new.row(),
        }];
        if host {
            writes.push(Write::Host {
                table: self.id.clone(),
                host_hash: new_hash.clone(),
            });
        }
        store.write(writes).await.map_err(ApiError::storage)?;
        self.transfers.remove(&seat);
        self.seats[seat] = new;
        if host {
            self.host_hash = new_hash;
        }
        Ok((seat, host))
    }
}
