//! The bots' turns: the quick bots play under the table's lock, search bots think off it
//! (module `thinking`), each turn a function of the table's seed, the round, the seat and its
//! view.

use super::{Table, ROUND_MIX};
use crate::error::ApiError;
use crate::store::Store;
use crate::wire::Status;
use welcome_bots::{seat_seed, BotKind};
use welcome_engine::{Game, PlayerView, Turn};

impl Table {
    /// The turns the table's bots have to decide in the round in progress: those of search
    /// bots (`long`), thought of off the lock, or of the quick ones. Each is seeded by the
    /// table's seed, the round and the seat, and sees its seat's view only, so it is the same
    /// turn whenever it is thought of (a restart thinks it again).
    fn bot_jobs(&self, long: bool) -> Vec<BotJob> {
        let Some(g) = &self.game else {
            return Vec::new();
        };
        let round = g.round();
        let seed = self.seed ^ (round as u64).wrapping_mul(ROUND_MIX);
        self.seats
            .iter()
            .enumerate()
            .filter_map(|(i, s)| {
                let kind = s.bot?;
                if thinks_long(kind) != long || g.has_submitted(i) {
                    return None;
                }
                Some(BotJob {
                    seat: i,
                    kind,
                    round,
                    seed: seat_seed(seed, i),
                    view: bot_view(g, i)?,
                })
            })
            .collect()
    }

    /// The search bots' turns to think of now: none unless the game is in play.
    pub(crate) fn thinking_jobs(&self) -> Vec<BotJob> {
        match self.status() {
            Status::Playing => self.bot_jobs(true),
            _ => Vec::new(),
        }
    }

    /// Marks the table as having its thinking task, if it has turns to think of and no such
    /// task yet; true if the caller is to start one.
    pub(crate) fn start_thinking(&mut self) -> bool {
        let Some(g) = self
            .game
            .as_ref()
            .filter(|_| self.status() == Status::Playing)
        else {
            return false;
        };
        let waiting = self
            .seats
            .iter()
            .enumerate()
            .any(|(i, s)| s.bot.is_some_and(thinks_long) && !g.has_submitted(i));
        if self.thinking || !waiting {
            return false;
        }
        self.thinking = true;
        true
    }

    /// The table's thinking task ends.
    pub(crate) fn stop_thinking(&mut self) {
        self.thinking = false;
    }

    /// A search bot's turn, thought of off the lock: confirmed if the game is still where it
    /// was when its job was taken (the same round, the seat still this bot's and not
    /// confirmed), then the round resolves and is stored if every seat has confirmed (on error
    /// the game is as before, its seats confirmed: `resolve_ready` tries again). A stale
    /// thought is dropped. `turn` is `None` if the bot failed: the first legal turn is played.
    pub(crate) async fn thought(
        &mut self,
        store: &dyn Store,
        thought: BotThought,
    ) -> Result<Thought, ApiError> {
        let BotThought {
            seat,
            kind,
            round,
            turn,
        } = thought;
        let live = self.status() == Status::Playing
            && self.seats.get(seat).and_then(|s| s.bot) == Some(kind)
            && self
                .game
                .as_ref()
                .is_some_and(|g| g.round() == round && !g.has_submitted(seat));
        if !live {
            return Ok(Thought::Stale);
        }
        let Some(g) = &mut self.game else {
            return Ok(Thought::Stale);
        };
        submit_bot_turn(&self.id, g, seat, turn);
        if !g.has_submitted(seat) {
            return Ok(Thought::Failed);
        }
        if !g.ready() {
            return Ok(Thought::Confirmed);
        }
        let before = self.game.as_ref().map(Game::undo_point);
        self.resolve_and_store(store, before).await?;
        Ok(Thought::Resolved)
    }

    /// The quick bots confirm their turns of the round in progress.
    pub(super) async fn play_bots(&mut self) {
        let jobs = self.bot_jobs(false);
        if jobs.is_empty() {
            return;
        }
        let turns = match tokio::task::spawn_blocking(move || BotJob::think_all(jobs)).await {
            Ok(t) => t,
            Err(e) => {
                tracing::error!("table {}: a bot failed: {e}", self.id);
                return;
            }
        };
        let Some(g) = &mut self.game else { return };
        for (seat, turn) in turns {
            submit_bot_turn(&self.id, g, seat, Some(turn));
        }
    }
}

/// A bot's turn to decide, with everything it decides from, so that it can be thought of
/// without the table.
pub struct BotJob {
    pub seat: usize,
    pub kind: BotKind,
    /// The round it is for: a thought of another round is stale.
    pub round: u16,
    /// `seat_seed(table seed ^ round · ROUND_MIX, seat)`.
    pub(super) seed: u64,
    pub(super) view: PlayerView,
}

impl BotJob {
    /// The bot's turn: a function of the seed and the view alone.
    fn turn(&self) -> Turn {
        self.kind.make(self.seed).choose(&self.view)
    }

    /// Thinks (for up to seconds: off the table's lock, on a blocking thread).
    pub fn think(self) -> BotThought {
        BotThought {
            turn: Some(self.turn()),
            ..self.failed()
        }
    }

    /// What the job gives if its bot fails.
    pub fn failed(&self) -> BotThought {
        BotThought {
            seat: self.seat,
            kind: self.kind,
            round: self.round,
            turn: None,
        }
    }

    /// The turns of several jobs, by seat.
    pub(super) fn think_all(jobs: Vec<BotJob>) -> Vec<(usize, Turn)> {
        jobs.iter().map(|j| (j.seat, j.turn())).collect()
    }
}

/// A bot's decided turn, and the job it answers.
pub struct BotThought {
    pub seat: usize,
    pub kind: BotKind,
    pub round: u16,
    pub turn: Option<Turn>,
}

/// What became of a thought brought back to the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Thought {
    /// The game moved on (the seat changed hands, the game ended): dropped.
    Stale,
    /// The seat confirmed; others have not yet.
    Confirmed,
    /// The seat confirmed last: the round resolved and the game is stored.
    Resolved,
    /// Not even a fallback turn was legal: the seat stays unconfirmed.
    Failed,
}

/// The view a bot decides from: its seat's, without who has confirmed so far, so that its turn
/// never depends on when it is thought of.
pub(super) fn bot_view(g: &Game, seat: usize) -> Option<PlayerView> {
    let mut view = PlayerView::of(g, seat)?;
    view.submitted.fill(false);
    Some(view)
}

/// Confirms a bot's turn. A bot must always find a legal turn; if it did not (an illegal turn,
/// or none because it failed), the first legal turn is played, the same on every restart.
fn submit_bot_turn(table: &str, g: &mut Game, seat: usize, turn: Option<Turn>) {
    let error = match turn {
        Some(turn) => match g.submit(seat, turn) {
            Ok(()) => return,
            Err(e) => e.to_string(),
        },
        None => "no turn".to_string(),
    };
    tracing::error!(
        "table {table}: bot of seat {} found no legal turn: {error}",
        seat + 1
    );
    let mut first = None;
    if let Some(ctx) = g.context(seat) {
        ctx.for_each_turn(&g.sheets()[seat], &mut |t| {
            first = Some(t.clone());
            false
        });
    }
    if let Some(t) = first {
        let _ = g.submit(seat, t);
    }
}

/// Whether a bot of `kind` thinks off the table's lock (module `thinking`).
pub fn thinks_long(kind: BotKind) -> bool {
    matches!(kind, BotKind::Search(_))
}
