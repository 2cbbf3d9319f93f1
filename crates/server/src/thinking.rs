//! Search bots think off their table's lock.
//!
//! A search bot takes from tens of milliseconds to a second or more of CPU per move; under the
//! table's lock, everyone at the table would wait that long for every confirmation and view.
//! So a table has at most one thinking task: it takes its bots' jobs (seat, kind, view, seed)
//! under the lock, lets go of it to think, takes it again to confirm each turn, which is
//! dropped if the game has moved on meanwhile (`Table::thought`), and loops while the next
//! round has search bots to think for. People confirm, ask for options and watch meanwhile.
//! A bot's turn is a function of the table's seed, the round, its seat and its view, so it is
//! the same whenever it is thought of: a restart simply thinks again (`resume`).
//!
//! Search bots think on blocking threads, at most `Limits::search_threads` at once server-wide:
//! more wait their turn rather than take the CPU from the async runtime, in turn across client
//! addresses and tables (module `fair`), so that no table's bots hold the others back. Random and greedy bots
//! (under a millisecond a move) and the turn timer's greedy turns play under the lock as
//! before, never waiting behind search bots.

use crate::fair::Owner;
use crate::state::{AppState, TableCell};
use crate::table::{BotThought, Table, Thought};
use std::sync::Arc;
use std::time::Duration;

/// The first wait before a round whose storing failed is tried again; it doubles up to
/// `RETRY_MAX`.
const RETRY_FIRST: Duration = Duration::from_secs(1);
const RETRY_MAX: Duration = Duration::from_secs(60);

/// Lets the search bots of the restored tables think again (they were thinking when the
/// server stopped). Called once the state is set up (`AppState::allow_origins` only applies
/// before).
pub async fn resume(st: &AppState) {
    for cell in st.cells() {
        let mut t = cell.table.lock().await;
        wake(st, &cell, &mut t);
    }
}

/// Starts the table's thinking task if its search bots have turns to think of and it has
/// none; the caller holds the table's lock (so two callers never start two).
pub fn wake(st: &AppState, cell: &Arc<TableCell>, t: &mut Table) {
    if t.start_thinking() {
        let running = Running::new(st);
        tokio::spawn(think(st.clone(), cell.clone(), running));
    }
}

/// Counts a thinking task while it runs (`AppState::tables_thinking`).
struct Running(AppState);

impl Running {
    fn new(st: &AppState) -> Running {
        st.thinking_count(1);
        Running(st.clone())
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.0.thinking_count(-1);
    }
}

/// The table's thinking task: thinks of its search bots' turns, round after round, until none
/// is left to think of.
async fn think(st: AppState, cell: Arc<TableCell>, _running: Running) {
    let mut wait = RETRY_FIRST;
    loop {
        let (jobs, id) = {
            let mut t = cell.table.lock().await;
            if cell.is_gone() || st.is_closed() {
                t.stop_thinking();
                return;
            }
            match t.resolve_ready(st.store()).await {
                Ok(true) => {
                    cell.changed_by_server(&mut t);
                    wait = RETRY_FIRST;
                }
                Ok(false) => {}
                Err(e) => {
                    tracing::error!("table {}: storing a round: {}", t.id, e.message);
                    drop(t);
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(RETRY_MAX);
                    continue;
                }
            }
            let jobs = t.thinking_jobs();
            if jobs.is_empty() {
                t.stop_thinking();
                return;
            }
            (jobs, t.id.clone())
        };
        let owner = cell
            .creator()
            .map_or(Owner::Table(id.clone()), Owner::Address);
        let mut thoughts = tokio::task::JoinSet::new();
        for job in jobs {
            // The places are taken now, in seat order; the turns come in the fair order.
            let waiting = st.search_pool().enqueue(owner.clone(), &id);
            thoughts.spawn(async move {
                let permit = waiting.ready().await;
                let failed = job.failed();
                // The permit goes with the thread: it is released when the thinking ends,
                // even if this task is dropped meanwhile.
                tokio::task::spawn_blocking(move || {
                    let _permit = permit;
                    job.think()
                })
                .await
                .unwrap_or(failed)
            });
        }
        // Each turn is confirmed as soon as it is decided: its seat shows as confirmed.
        while let Some(done) = thoughts.join_next().await {
            let Ok(thought) = done else { continue };
            if !confirm(&st, &cell, thought).await {
                return;
            }
        }
    }
}

/// Brings a thought back to the table. False if the task is to stop.
async fn confirm(st: &AppState, cell: &Arc<TableCell>, thought: BotThought) -> bool {
    let seat = thought.seat;
    let mut t = cell.table.lock().await;
    if cell.is_gone() || st.is_closed() {
        t.stop_thinking();
        return false;
    }
    match t.thought(st.store(), thought).await {
        Ok(Thought::Stale) => {}
        Ok(Thought::Confirmed) => cell.bot_confirmed(&mut t),
        Ok(Thought::Resolved) => cell.changed_by_server(&mut t),
        Ok(Thought::Failed) => {
            // Thinking again would find nothing either: the next change wakes it.
            tracing::error!("table {}: the bot of seat {} cannot play", t.id, seat + 1);
            t.stop_thinking();
            return false;
        }
        // The seats stay confirmed; the next round of the loop stores it again.
        Err(e) => tracing::error!("table {}: storing a round: {}", t.id, e.message),
    }
    true
}
