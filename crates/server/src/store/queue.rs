//! The writer every backend shares: batches are applied in the order they were queued, one
//! task at a time, and those that queue up while a commit runs are committed together ("group
//! commit": one commit serves many tables).

use super::{BoxFuture, Progress, Queued, StoreError, StoreStats, Write};
use sqlx::pool::PoolConnection;
use sqlx::{Database, Pool};
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot, watch};

/// Most batches committed in one transaction.
const MAX_GROUP: usize = 256;

/// How a backend applies writes: on a connection it keeps between groups.
pub(crate) trait Apply: Send + Sync + 'static {
    type Conn: Send;
    /// A connection for the next groups (taken again after a group failed).
    fn connect(&self) -> BoxFuture<'_, Result<Self::Conn, StoreError>>;
    /// Applies every write or none, in one transaction; durable when it returns. `stamp` is
    /// what the writes were queued under (`Writer::start`).
    fn apply<'a>(
        &'a self,
        conn: &'a mut Self::Conn,
        writes: Vec<&'a Write>,
        stamp: i64,
    ) -> BoxFuture<'a, Result<(), StoreError>>;
}

/// Applies writes on a connection of `DB`, in one transaction.
pub(crate) type ApplyFn<DB> = for<'a> fn(
    &'a mut <DB as Database>::Connection,
    Vec<&'a Write>,
) -> BoxFuture<'a, Result<(), StoreError>>;

/// What each batch is stamped with when it is queued (a node's epoch: the batches of an
/// incarnation that is gone must not be written by the next one).
pub(crate) type Stamp = Arc<dyn Fn() -> i64 + Send + Sync>;

/// A backend that takes its connection from a pool and applies with `apply`.
pub(crate) struct Pooled<DB: Database> {
    pub pool: Pool<DB>,
    pub apply: ApplyFn<DB>,
}

impl<DB: Database> Apply for Pooled<DB> {
    type Conn = PoolConnection<DB>;

    fn connect(&self) -> BoxFuture<'_, Result<Self::Conn, StoreError>> {
        Box::pin(async move { Ok(self.pool.acquire().await?) })
    }

    fn apply<'a>(
        &'a self,
        conn: &'a mut Self::Conn,
        writes: Vec<&'a Write>,
        _stamp: i64,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        (self.apply)(&mut **conn, writes)
    }
}

struct Job {
    batch: Vec<Write>,
    done: oneshot::Sender<Result<(), StoreError>>,
    /// Its place in the queue.
    seq: u64,
    /// Queued by `Store::queue`: a refusal stays unsettled until its ticket is dropped.
    queued: bool,
    stamp: i64,
}

/// The writer's queue and the number of the last batch put in it.
struct Jobs {
    tx: mpsc::UnboundedSender<Job>,
    last: u64,
}

/// A backend's queue of batches and the task that applies them.
pub(crate) struct Writer {
    /// `None` once closed. Numbered and sent under the lock, so that the numbers follow the
    /// queue's order.
    jobs: std::sync::Mutex<Option<Jobs>>,
    progress: Arc<watch::Sender<Progress>>,
    task: tokio::sync::Mutex<Option<tokio::task::JoinHandle<()>>>,
    stats: StoreStats,
    stamp: Stamp,
}

impl Writer {
    pub fn start(backend: impl Apply, stamp: Stamp) -> Writer {
        // Unbounded: every batch in it has a caller waiting for it (a request, a socket).
        let (tx, rx) = mpsc::unbounded_channel();
        let progress = Arc::new(watch::channel(Progress::default()).0);
        let stats = StoreStats::default();
        let task = tokio::spawn(run(backend, rx, progress.clone(), stats.clone()));
        Writer {
            jobs: std::sync::Mutex::new(Some(Jobs { tx, last: 0 })),
            progress,
            task: tokio::sync::Mutex::new(Some(task)),
            stats,
            stamp,
        }
    }

    /// Puts a batch in the queue; returns its number and where its outcome comes.
    fn send(
        &self,
        batch: Vec<Write>,
        queued: bool,
    ) -> Result<(u64, oneshot::Receiver<Result<(), StoreError>>), StoreError> {
        let (done, rx) = oneshot::channel();
        let mut jobs = self
            .jobs
            .lock()
            .map_err(|_| StoreError("the database writer has stopped".into()))?;
        let jobs = jobs
            .as_mut()
            .ok_or_else(|| StoreError("the database is closed".into()))?;
        let seq = jobs.last + 1;
        jobs.tx
            .send(Job {
                batch,
                done,
                seq,
                queued,
                stamp: (self.stamp)(),
            })
            .map_err(|_| StoreError("the database writer has stopped".into()))?;
        jobs.last = seq;
        Ok((seq, rx))
    }

    /// `Store::write`.
    pub async fn write(&self, batch: Vec<Write>) -> Result<(), StoreError> {
        let rx = self.send(batch, false)?.1;
        rx.await
            .map_err(|_| StoreError("the database writer has stopped".into()))?
    }

    /// `Store::queue`.
    pub fn queue(&self, batch: Vec<Write>) -> Result<Queued, StoreError> {
        let (seq, rx) = self.send(batch, true)?;
        Ok(Queued {
            seq,
            rx: Some(rx),
            progress: self.progress.clone(),
            unsettled: false,
        })
    }

    /// `Store::progress`.
    pub fn progress(&self) -> watch::Receiver<Progress> {
        self.progress.subscribe()
    }

    /// `Store::stats`.
    pub fn stats(&self) -> StoreStats {
        self.stats.clone()
    }

    /// Takes no more batches and waits until the queued ones are applied.
    pub async fn close(&self) {
        if let Ok(mut j) = self.jobs.lock() {
            j.take();
        }
        if let Some(w) = self.task.lock().await.take() {
            let _ = w.await;
        }
    }
}

async fn run<B: Apply>(
    backend: B,
    mut rx: mpsc::UnboundedReceiver<Job>,
    progress: Arc<watch::Sender<Progress>>,
    stats: StoreStats,
) {
    // One connection kept for good: taking one from the pool for every group costs more than
    // the commit itself.
    let mut conn: Option<B::Conn> = None;
    // A job of another stamp than its group's: the first of the next group.
    let mut next: Option<Job> = None;
    loop {
        let first = match next.take() {
            Some(j) => j,
            None => match rx.recv().await {
                Some(j) => j,
                None => break,
            },
        };
        let mut jobs = vec![first];
        while jobs.len() < MAX_GROUP {
            match rx.try_recv() {
                Ok(j) if j.stamp == jobs[0].stamp => jobs.push(j),
                Ok(j) => {
                    next = Some(j);
                    break;
                }
                Err(_) => break,
            }
        }
        let started = std::time::Instant::now();
        let results = match conn.take() {
            Some(c) => apply_group(&backend, conn.insert(c), &jobs).await,
            None => match backend.connect().await {
                Ok(c) => apply_group(&backend, conn.insert(c), &jobs).await,
                Err(e) => jobs.iter().map(|_| Err(StoreError(e.0.clone()))).collect(),
            },
        };
        stats
            .commit_seconds
            .observe(started.elapsed().as_secs_f64());
        let failed = results.iter().filter(|r| r.is_err()).count() as u64;
        stats.refused.inc_by(failed);
        stats.committed.inc_by(results.len() as u64 - failed);
        if failed > 0 {
            // The connection itself may be the problem: take a fresh one next time.
            conn = None;
        }
        // Progress first, the answers after: whoever sees a batch done sees its refusal counted.
        let last = jobs.last().map_or(0, |j| j.seq);
        let refused = jobs
            .iter()
            .zip(&results)
            .filter(|(j, r)| j.queued && r.is_err())
            .count() as u64;
        progress.send_modify(|p| {
            p.done = p.done.max(last);
            p.unsettled += refused;
            p.refused += refused;
        });
        for (j, r) in jobs.into_iter().zip(results) {
            let refusal = j.queued && r.is_err();
            if j.done.send(r).is_err() && refusal {
                // Nobody holds the ticket any more to settle it.
                progress.send_modify(|p| p.unsettled -= 1);
            }
        }
    }
}

/// Applies a group of jobs in one transaction; if that fails, one by one, so that one failing
/// batch does not fail the others.
async fn apply_group<B: Apply>(
    backend: &B,
    c: &mut B::Conn,
    jobs: &[Job],
) -> Vec<Result<(), StoreError>> {
    let all: Vec<&Write> = jobs.iter().flat_map(|j| j.batch.iter()).collect();
    let stamp = jobs.first().map_or(0, |j| j.stamp);
    if jobs.len() > 1 && backend.apply(c, all, stamp).await.is_ok() {
        return jobs.iter().map(|_| Ok(())).collect();
    }
    let mut results = Vec::with_capacity(jobs.len());
    for j in jobs {
        results.push(backend.apply(c, j.batch.iter().collect(), stamp).await);
    }
    results
}
