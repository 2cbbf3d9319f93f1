//! The search bots' threads, shared fairly: in turn across client addresses, then across the
//! tables of an address, one bot decision at a time.
//!
//! A search bot's decision holds a thread for up to a second or more. In one line, first come
//! first served, one client's tables of a hundred search bots each would queue hundreds of
//! decisions ahead of every other table's bot (hours, at the strong level). Here each client
//! address, then each table of it, has its own line, and a free thread goes to the next
//! address in turn, to its next table in turn, to that table's next bot. So a bot's decision
//! waits, besides the decisions running, for at most one decision of each other address with
//! bots waiting before each decision of its own address, and its own address's tables take one
//! decision each in turn: with `n` addresses and `k` tables of its own address waiting, at most
//! `n × k` decisions, however many seats and tables the others have. Tables restored after a
//! restart, which were created by nobody this process knows, are each an owner of their own.

use crate::peer::ClientKey;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::oneshot;

/// Whose line a table's bots wait in.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Owner {
    /// The client address that created the table.
    Address(ClientKey),
    /// A table whose creator is not known (restored after a restart): its own line.
    Table(String),
}

/// Jobs waiting, served in turn across owners, then across an owner's tables, then in order
/// within a table. Pure, so its order is tested without threads.
#[derive(Debug)]
pub struct FairQueue<J> {
    /// Owners with jobs waiting, the next to serve first.
    owners: VecDeque<Owner>,
    /// Per owner, its tables with jobs waiting, the next to serve first.
    tables: HashMap<Owner, VecDeque<String>>,
    /// Per table, its jobs in order.
    jobs: HashMap<String, VecDeque<J>>,
    len: usize,
}

impl<J> Default for FairQueue<J> {
    fn default() -> Self {
        FairQueue {
            owners: VecDeque::new(),
            tables: HashMap::new(),
            jobs: HashMap::new(),
            len: 0,
        }
    }
}

impl<J> FairQueue<J> {
    /// Jobs waiting.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds a job of `table`, created by `owner`, behind the table's other jobs.
    pub fn push(&mut self, owner: Owner, table: &str, job: J) {
        self.len += 1;
        let line = self.jobs.entry(table.to_string()).or_default();
        line.push_back(job);
        if line.len() > 1 {
            return;
        }
        let tables = self.tables.entry(owner.clone()).or_default();
        if tables.is_empty() {
            self.owners.push_back(owner);
        }
        tables.push_back(table.to_string());
    }

    /// The next job: the next owner's next table's first job. The owner and the table go to
    /// the back of their lines if they have more.
    pub fn pop(&mut self) -> Option<J> {
        let owner = self.owners.pop_front()?;
        let tables = self.tables.get_mut(&owner)?;
        let table = tables.pop_front()?;
        let line = self.jobs.get_mut(&table)?;
        let job = line.pop_front();
        if line.is_empty() {
            self.jobs.remove(&table);
        } else {
            tables.push_back(table);
        }
        if tables.is_empty() {
            self.tables.remove(&owner);
        } else {
            self.owners.push_back(owner);
        }
        self.len -= 1;
        job
    }
}

/// The threads search bots think on: `threads` turns, handed out in the fair order.
pub struct Pool {
    state: Mutex<PoolState>,
}

struct PoolState {
    free: usize,
    waiting: FairQueue<oneshot::Sender<Turn>>,
}

/// A thread's turn: while it is held, one bot thinks. Dropping it hands the turn to the next
/// waiting in the fair order.
#[must_use]
pub struct Turn {
    pool: Option<Arc<Pool>>,
}

/// A place in the line, taken at once (`Pool::enqueue`); its turn comes with `ready`.
pub struct Waiting {
    now: Option<Turn>,
    later: Option<oneshot::Receiver<Turn>>,
}

impl Waiting {
    /// The turn, once the job before it in the fair order are served. A pool that was dropped
    /// meanwhile (never today) gives a turn that bounds nothing.
    pub async fn ready(self) -> Turn {
        if let Some(t) = self.now {
            return t;
        }
        match self.later {
            Some(rx) => rx.await.unwrap_or(Turn { pool: None }),
            None => Turn { pool: None },
        }
    }
}

impl Waiting {
    /// The turn if it has come.
    pub fn try_ready(&mut self) -> Option<Turn> {
        if let Some(t) = self.now.take() {
            return Some(t);
        }
        self.later.as_mut()?.try_recv().ok()
    }
}

impl Pool {
    pub fn new(threads: usize) -> Arc<Pool> {
        Arc::new(Pool {
            state: Mutex::new(PoolState {
                free: threads.max(1),
                waiting: FairQueue::default(),
            }),
        })
    }

    fn state(&self) -> std::sync::MutexGuard<'_, PoolState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Takes a place in `owner`'s line for `table` now (so that places are in the order they
    /// were asked for); the turn comes with `Waiting::ready`.
    pub fn enqueue(self: &Arc<Self>, owner: Owner, table: &str) -> Waiting {
        let mut s = self.state();
        if s.free > 0 && s.waiting.is_empty() {
            s.free -= 1;
            return Waiting {
                now: Some(Turn {
                    pool: Some(self.clone()),
                }),
                later: None,
            };
        }
        let (tx, rx) = oneshot::channel();
        s.waiting.push(owner, table, tx);
        Waiting {
            now: None,
            later: Some(rx),
        }
    }

    /// Waits for a turn for a bot of `table`.
    pub async fn turn(self: &Arc<Self>, owner: Owner, table: &str) -> Turn {
        self.enqueue(owner, table).ready().await
    }

    /// Places taken and not yet served (waiters that went away included, until their turn).
    pub fn waiting(&self) -> usize {
        self.state().waiting.len()
    }

    /// A turn ends: the next waiting in the fair order gets it, else it is free.
    fn release(self: &Arc<Self>) {
        let mut s = self.state();
        while let Some(tx) = s.waiting.pop() {
            match tx.send(Turn {
                pool: Some(self.clone()),
            }) {
                Ok(()) => return,
                // The waiter went away: the turn, disarmed, goes to the next.
                Err(mut turn) => turn.pool = None,
            }
        }
        s.free += 1;
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        if let Some(pool) = self.pool.take() {
            pool.release();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::{IpAddr, Ipv4Addr};

    fn address(last: u8) -> Owner {
        Owner::Address(ClientKey::of(IpAddr::V4(Ipv4Addr::new(10, 0, 0, last))))
    }

    /// One client's five tables of a hundred bots each, queued first, then another client's
    /// one bot: served second, not after 500 decisions.
    #[test]
    fn another_address_waits_for_one_decision_not_for_every_seat() {
        let mut q = FairQueue::default();
        for t in 0..5 {
            for seat in 0..100 {
                q.push(address(1), &format!("a{t}"), ("A", t, seat));
            }
        }
        q.push(address(2), "b", ("B", 0, 0));
        assert_eq!(q.len(), 501);
        assert_eq!(q.pop(), Some(("A", 0, 0)));
        assert_eq!(q.pop(), Some(("B", 0, 0)));
        // Then the first client's tables in turn, one decision each, each table's in order.
        let next: Vec<_> = (0..7).map(|_| q.pop().unwrap()).collect();
        assert_eq!(
            next,
            [
                ("A", 1, 0),
                ("A", 2, 0),
                ("A", 3, 0),
                ("A", 4, 0),
                ("A", 0, 1),
                ("A", 1, 1),
                ("A", 2, 1)
            ]
        );
        assert_eq!(q.len(), 492);
    }

    /// The bound: a job waits for at most (owners waiting) × (its owner's tables waiting)
    /// other jobs, whatever is queued.
    #[test]
    fn a_job_waits_for_at_most_owners_times_its_owners_tables() {
        let mut q = FairQueue::default();
        // Three busy clients: 2 tables × 50, 4 tables × 30, 1 table × 200.
        for (owner, tables, seats) in [(1, 2, 50), (2, 4, 30), (3, 1, 200)] {
            for t in 0..tables {
                for s in 0..seats {
                    q.push(address(owner), &format!("{owner}-{t}"), (owner, s));
                }
            }
        }
        // A fourth client's table with one bot, and the second client's new table.
        q.push(address(4), "4-0", (4, 0));
        q.push(address(2), "2-new", (2, 999));
        let mut served = 0;
        let mut when = HashMap::new();
        while let Some(job) = q.pop() {
            when.entry(job).or_insert(served);
            served += 1;
        }
        let owners = 4;
        // The fourth client's bot: at most one decision of each other client before it.
        assert!(when[&(4, 0)] < owners, "{}", when[&(4, 0)]);
        // The second client's new table (5 tables of its own waiting): at most 4 × 5.
        assert!(when[&(2, 999)] < owners * 5, "{}", when[&(2, 999)]);
        assert!(q.is_empty());
    }

    /// Turns go to places in the fair order, whatever order the places were taken in.
    #[tokio::test]
    async fn a_pool_hands_its_turns_out_in_the_fair_order() {
        let pool = Pool::new(1);
        let held = pool.turn(address(9), "x").await;
        let mut a: Vec<_> = (0..3).map(|_| pool.enqueue(address(1), "a")).collect();
        let gone = pool.enqueue(address(3), "c");
        let mut b = pool.enqueue(address(2), "b");
        assert_eq!(pool.waiting(), 5);
        drop(gone);
        assert!(a[0].try_ready().is_none());
        drop(held);
        // a's first, then c's (gone: skipped), then b's, then a's second and third.
        let first = a[0].try_ready().expect("a's first turn");
        assert!(b.try_ready().is_none() && a[1].try_ready().is_none());
        drop(first);
        let turn = b
            .try_ready()
            .expect("b's turn, the waiter that went away skipped");
        assert!(a[1].try_ready().is_none());
        drop(turn);
        let turn = a[1].try_ready().expect("a's second turn");
        drop(turn);
        drop(a[2].try_ready().expect("a's third turn"));
        // Every turn is back: the next is served at once.
        assert_eq!(pool.waiting(), 0);
        let mut now = pool.enqueue(address(1), "a");
        let one = now.try_ready().expect("a free thread");
        let mut next = pool.enqueue(address(1), "a");
        assert!(next.try_ready().is_none());
        drop(one);
        assert!(next.try_ready().is_some());
    }
}
