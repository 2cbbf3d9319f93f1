//! `BatchedSolo`: many solo games stepped in one call. Observations, masks, rewards and flags
//! go into numpy buffers the caller owns (checked, then written in place: no array is
//! allocated per step), the GIL is released while the
//! games move, and the games can be stepped on several threads (`threads`: the calling thread
//! and a rayon pool of `threads - 1` workers, each taking an equal part of the rows). A
//! finished game starts again in the same step (Gymnasium's same-step autoreset): the row
//! then holds the new game's first observation and mask, the finished game's last
//! observation goes into `final_observations` when it is given.
//!
//! Every game of a batch is independent and draws only from its own generators (its game
//! seed stream and its sampler), so results do not depend on the number of threads.

use crate::error::rule_error;
use crate::observe::{self, TurnState};
use crate::state::{self, State};
use numpy::{
    dtype, Element, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyReadwriteArrayDyn,
    PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use welcome_engine::action::{self, NUM_ACTIONS};
use welcome_engine::score::{Score, Temps};
use welcome_engine::{
    Decision, Game, Mode, Options, PlanSlot, Position, Stage, TurnContext, TurnMachine,
};

const OBS: usize = observe::SIZE;

/// SplitMix64: the next value of the stream `state`.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seat's total as `State.scores()` gives it (temps against the AAA in AAA solo).
fn total(pos: &Position) -> i32 {
    let layout = pos.layout();
    let Some(sheet) = pos.sheet(0) else {
        return 0;
    };
    match pos.aaa() {
        Some(a) => Score::total_of(layout, sheet, a.table(layout)),
        None => Score::total_of(layout, sheet, Temps::Solo),
    }
}

/// `total` and the running score the observation shows (`observe::own_total`), the same
/// unless the AAA plays.
fn totals(pos: &Position) -> (i32, i32) {
    let score = total(pos);
    if pos.aaa().is_some() {
        (score, observe::own_total(pos, 0))
    } else {
        (score, score)
    }
}

/// The City Plans of a table, kept for the life of the process: a turn machine kept between
/// calls (so that a step applies one decision instead of replaying the turn's) borrows its
/// plans for as long as it lives, and the plans are the only part of its context that is not
/// `'static`. Tables share the plan states an edition can show (three of its plan cards,
/// each approved or not), so the table stays small: a few thousand entries of 18 bytes.
fn interned(plans: &[PlanSlot; 3]) -> &'static [PlanSlot; 3] {
    type Key = [(u8, bool, Option<[u8; 2]>); 3];
    static PLANS: OnceLock<Mutex<HashMap<Key, &'static [PlanSlot; 3]>>> = OnceLock::new();
    let key: Key = plans.map(|p| (p.card, p.approved, p.values));
    let mut table = PLANS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    table
        .entry(key)
        .or_insert_with(|| Box::leak(Box::new(*plans)))
}

/// Seat 0's turn machine at the start of its turn, if it has one to build: on the same
/// context as `Position::context`, the table's plans interned. `plans` holds the plans last
/// interned, which most rounds share, so that the table is looked up only when they change.
fn new_machine(
    pos: &Position,
    plans: &mut Option<&'static [PlanSlot; 3]>,
) -> Option<TurnMachine<'static>> {
    if pos.is_over() || pos.has_submitted(0) {
        return None;
    }
    let table = match *plans {
        Some(p) if p == pos.plans() => p,
        _ => *plans.insert(interned(pos.plans())),
    };
    // A batch's games are set up by `Game::new`, on their edition's shipped sheets: the
    // layout is a `'static` reference (an entered layout, freed with its last holder, is not).
    let layout = pos
        .layout_ref()
        .as_static()
        .expect("a batch game plays its edition's shipped sheet");
    let ctx = TurnContext::new(
        pos.edition(),
        layout,
        &pos.options(),
        pos.offer(0)?,
        table,
        pos.reshuffle_offered(),
    )
    .with_zombies(pos.zombies_now());
    Some(TurnMachine::new(ctx, pos.sheet(0)?))
}

/// One game of the batch.
struct Slot {
    game: Game,
    /// The turn being built (None once the game is over), and its decisions so far.
    machine: Option<TurnMachine<'static>>,
    decisions: Vec<Decision>,
    /// The legal actions now, ascending (empty once the game is over), and the stage of the
    /// turn.
    listed: Vec<usize>,
    stage: &'static str,
    /// The running score as of the last resolved round, and as the observation shows it
    /// (in AAA solo the score ranks temps against the AAA, the observation does not).
    score: i32,
    shown: i32,
    /// The seed of the game being played and the stream the next games' seeds come from.
    seed: u64,
    stream: u64,
    /// The generator of `sample_actions`.
    sampler: u64,
    /// The plans the last turn machine was built on (`new_machine`).
    plans: Option<&'static [PlanSlot; 3]>,
}

/// The output rows of one game.
struct Row<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [bool],
}

/// Writes the mask of `listed` into `mask`.
fn write_mask(listed: &[usize], mask: &mut [bool]) {
    mask.fill(false);
    for &a in listed {
        mask[a] = true;
    }
}

impl Slot {
    fn new(options: Options, stream: u64, sampler: u64) -> PyResult<Slot> {
        let game = Game::new(options, 1, stream).map_err(|e| rule_error(e.code(), e))?;
        let mut slot = Slot {
            game,
            machine: None,
            decisions: Vec::new(),
            listed: Vec::new(),
            stage: "done",
            score: 0,
            shown: 0,
            seed: stream,
            stream,
            sampler,
            plans: None,
        };
        (slot.score, slot.shown) = totals(slot.game.position());
        slot.refresh(None)
            .map_err(|e| rule_error("no_legal_action", e))?;
        Ok(slot)
    }

    /// A new game from `seed` (the options were checked when the batch was made).
    fn start(&mut self, options: Options, seed: u64, row: Row<'_>) -> Result<(), String> {
        self.game = Game::new(options, 1, seed).map_err(|e| e.to_string())?;
        self.seed = seed;
        self.decisions.clear();
        (self.score, self.shown) = totals(self.game.position());
        self.refresh(Some(row))
    }

    /// Starts the turn machine of the round as it stands (no decision taken yet), lists the
    /// legal actions and writes the observation and mask into `row`.
    fn refresh(&mut self, row: Option<Row<'_>>) -> Result<(), String> {
        let pos = self.game.position();
        self.decisions.clear();
        self.machine = new_machine(pos, &mut self.plans);
        match &self.machine {
            Some(m) => {
                action::actions_into(m, &mut self.listed);
                self.stage = m.stage().name();
                if let Some(row) = row {
                    write_mask(&self.listed, row.mask);
                    let turn = TurnState::of_machine(m, true);
                    observe::write_with(pos, 0, &turn, Some(self.shown), row.obs);
                }
            }
            None => {
                self.listed.clear();
                self.stage = "done";
                if let Some(row) = row {
                    row.mask.fill(false);
                    state::settled_turn(pos, 0, false, |t| observe::write(pos, 0, t, row.obs));
                }
            }
        }
        if self.listed.is_empty() && !self.game.is_over() {
            return Err(format!(
                "the game of seed {} has no legal action in round {}",
                self.seed,
                self.game.round()
            ));
        }
        Ok(())
    }

    /// Takes the listed `action` (checked before); returns the reward and whether the game
    /// ended (and, with `autoreset`, was started again from the slot's stream).
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        options: Options,
        shaped: bool,
        autoreset: bool,
        action: usize,
        row: Row<'_>,
        last: Option<&mut [f32]>,
    ) -> Result<(f32, bool), String> {
        let m = self
            .machine
            .as_mut()
            .ok_or_else(|| "the game has no turn to build".to_string())?;
        let decision = match action::decode(action, m) {
            Ok(d) => d,
            Err(_) => return Err(format!("action {action} names no decision")),
        };
        // Checked and applied by the machine; nothing changes on error.
        m.apply(decision.clone()).map_err(|e| e.to_string())?;
        if m.stage() != Stage::Done {
            self.decisions.push(decision);
            action::actions_into(m, &mut self.listed);
            self.stage = m.stage().name();
            write_mask(&self.listed, row.mask);
            let pos = self.game.position();
            let turn = TurnState::of_machine(m, true);
            observe::write_with(pos, 0, &turn, Some(self.shown), row.obs);
            return Ok((0.0, false));
        }
        let Some(m) = self.machine.take() else {
            return Err("the game has no turn to build".into());
        };
        let (turn, _) = m.finish().map_err(|e| e.to_string())?;
        self.game.submit(0, turn).map_err(|e| e.to_string())?;
        self.game.resolve().map_err(|e| e.to_string())?;
        let (now, shown) = totals(self.game.position());
        let over = self.game.is_over();
        let reward = if shaped {
            now - self.score
        } else if over {
            now
        } else {
            0
        };
        self.score = now;
        self.shown = shown;
        if over {
            if let Some(last) = last {
                let pos = self.game.position();
                state::settled_turn(pos, 0, false, |t| observe::write(pos, 0, t, last));
            }
            if autoreset {
                let seed = splitmix(&mut self.stream);
                self.start(options, seed, row)?;
            } else {
                self.refresh(Some(row))?;
            }
        } else {
            self.refresh(Some(row))?;
        }
        Ok((reward as f32, over))
    }
}

/// The rows of a run of games, split between threads.
struct Rows<'a> {
    slots: &'a mut [Slot],
    actions: &'a [usize],
    seeds: &'a [Option<u64>],
    obs: &'a mut [f32],
    masks: &'a mut [bool],
    rewards: &'a mut [f32],
    terminations: &'a mut [bool],
    truncations: &'a mut [bool],
    finals: Option<&'a mut [f32]>,
}

fn cut<T>(s: &mut [T], at: usize) -> (&mut [T], &mut [T]) {
    let at = at.min(s.len());
    s.split_at_mut(at)
}

fn cut_ref<T>(s: &[T], at: usize) -> (&[T], &[T]) {
    s.split_at(at.min(s.len()))
}

impl<'a> Rows<'a> {
    fn split(self, k: usize) -> (Rows<'a>, Rows<'a>) {
        let (s0, s1) = self.slots.split_at_mut(k);
        let (a0, a1) = cut_ref(self.actions, k);
        let (e0, e1) = cut_ref(self.seeds, k);
        let (o0, o1) = cut(self.obs, k * OBS);
        let (m0, m1) = cut(self.masks, k * NUM_ACTIONS);
        let (r0, r1) = cut(self.rewards, k);
        let (t0, t1) = cut(self.terminations, k);
        let (u0, u1) = cut(self.truncations, k);
        let (f0, f1) = match self.finals {
            Some(f) => {
                let (f0, f1) = cut(f, k * OBS);
                (Some(f0), Some(f1))
            }
            None => (None, None),
        };
        (
            Rows {
                slots: s0,
                actions: a0,
                seeds: e0,
                obs: o0,
                masks: m0,
                rewards: r0,
                terminations: t0,
                truncations: u0,
                finals: f0,
            },
            Rows {
                slots: s1,
                actions: a1,
                seeds: e1,
                obs: o1,
                masks: m1,
                rewards: r1,
                terminations: t1,
                truncations: u1,
                finals: f1,
            },
        )
    }

    fn step(self, options: Options, shaped: bool, autoreset: bool) -> Result<(), String> {
        let mut finals = self.finals.map(|f| f.chunks_exact_mut(OBS));
        let rows = self
            .slots
            .iter_mut()
            .zip(self.actions)
            .zip(self.obs.chunks_exact_mut(OBS))
            .zip(self.masks.chunks_exact_mut(NUM_ACTIONS))
            .zip(self.rewards.iter_mut())
            .zip(self.terminations.iter_mut())
            .zip(self.truncations.iter_mut());
        for ((((((slot, &action), obs), mask), reward), term), trunc) in rows {
            let last = finals.as_mut().and_then(Iterator::next);
            let row = Row { obs, mask };
            let (r, over) = slot.step(options, shaped, autoreset, action, row, last)?;
            *reward = r;
            *term = over;
            *trunc = false;
        }
        Ok(())
    }

    fn reset(self, options: Options) -> Result<(), String> {
        let rows = self
            .slots
            .iter_mut()
            .zip(self.seeds)
            .zip(self.obs.chunks_exact_mut(OBS))
            .zip(self.masks.chunks_exact_mut(NUM_ACTIONS));
        for (((slot, seed), obs), mask) in rows {
            let seed = match *seed {
                Some(s) => {
                    slot.stream = s;
                    s
                }
                None => splitmix(&mut slot.stream),
            };
            slot.start(options, seed, Row { obs, mask })?;
        }
        Ok(())
    }
}

/// Games per chunk when the rows are split between threads: small enough that a thread
/// waking late still finds work, large enough that taking a chunk costs nothing next to it.
const CHUNK: usize = 8;

/// Runs `f` on `rows` (of `n` games): on the calling thread alone without a pool, else cut
/// into chunks that the calling thread and the pool's workers take in turn until none is
/// left. The calling thread starts at once, and a worker that wakes late (waking a thread
/// can take as long as stepping a few dozen games) takes only what is left instead of
/// holding the step back with a fixed share.
fn run<'a>(
    pool: Option<&rayon::ThreadPool>,
    rows: Rows<'a>,
    n: usize,
    f: impl Fn(Rows<'a>) -> Result<(), String> + Sync,
) -> Result<(), String> {
    let Some(pool) = pool else {
        return f(rows);
    };
    let mut chunks = Vec::with_capacity(n.div_ceil(CHUNK));
    let mut rest = rows;
    let mut left = n;
    while left > CHUNK {
        let (a, b) = rest.split(CHUNK);
        chunks.push(Mutex::new(Some(a)));
        rest = b;
        left -= CHUNK;
    }
    chunks.push(Mutex::new(Some(rest)));
    let results: Vec<Mutex<Result<(), String>>> =
        chunks.iter().map(|_| Mutex::new(Ok(()))).collect();
    let work = || {
        for (chunk, result) in chunks.iter().zip(&results) {
            let rows = chunk.lock().ok().and_then(|mut c| c.take());
            if let Some(rows) = rows {
                let done = f(rows);
                if let Ok(mut r) = result.lock() {
                    *r = done;
                }
            }
        }
    };
    pool.in_place_scope(|scope| {
        for _ in 0..pool.current_num_threads() {
            scope.spawn(|_| work());
        }
        work();
    });
    results.into_iter().try_for_each(|r| {
        r.into_inner()
            .unwrap_or_else(|_| Err("a thread panicked".into()))
    })
}

/// A shape as Python writes it: `(4,)`, `(4, 1360)`.
fn shape_text(shape: &[usize]) -> String {
    match shape {
        [n] => format!("({n},)"),
        _ => {
            let dims: Vec<String> = shape.iter().map(usize::to_string).collect();
            format!("({})", dims.join(", "))
        }
    }
}

/// What `v` is, for messages.
fn type_text(v: &Bound<'_, PyAny>) -> String {
    match v.cast::<PyUntypedArray>() {
        Ok(a) => format!(
            "an array of {} and shape {}",
            a.dtype(),
            shape_text(a.shape())
        ),
        Err(_) => v
            .get_type()
            .name()
            .map_or_else(|_| "an object".into(), |t| format!("a {t}")),
    }
}

/// A numpy buffer argument checked for its dtype, shape, layout and writeability.
fn buffer<'py, T: Element>(
    v: &Bound<'py, PyAny>,
    name: &str,
    shape: &[usize],
    type_name: &str,
) -> PyResult<PyReadwriteArrayDyn<'py, T>> {
    let bad = |why: &str| {
        rule_error(
            "bad_buffer",
            format!(
                "{name} must be a writeable C-contiguous numpy array of {type_name} and shape {}; got {}{why}",
                shape_text(shape),
                type_text(v),
            ),
        )
    };
    let Ok(array) = v.cast::<PyUntypedArray>() else {
        return Err(bad(""));
    };
    if !array.dtype().is_equiv_to(&dtype::<T>(v.py())) || array.shape() != shape {
        return Err(bad(""));
    }
    if !array.is_c_contiguous() {
        return Err(bad(" that is not C-contiguous"));
    }
    let typed = array.cast::<PyArrayDyn<T>>().map_err(|_| bad(""))?;
    typed.try_readwrite().map_err(|e| match e {
        numpy::BorrowError::NotWriteable => bad(" that is read-only"),
        _ => bad(" that overlaps another buffer of the call"),
    })
}

fn slice_of<'a, T: Element>(
    b: &'a mut PyReadwriteArrayDyn<'_, T>,
    name: &str,
) -> PyResult<&'a mut [T]> {
    b.as_slice_mut()
        .map_err(|_| rule_error("bad_buffer", format!("{name} must be C-contiguous")))
}

/// N solo games (1st-edition Solo card, or the collector edition's AAA) stepped in one call
/// into caller-supplied numpy buffers, without the GIL, on `threads` threads.
#[pyclass(module = "welcome_to._core")]
pub struct BatchedSolo {
    slots: Vec<Slot>,
    options: Options,
    shaped: bool,
    autoreset: bool,
    threads: usize,
    pool: Option<rayon::ThreadPool>,
    started: bool,
    /// The actions of the current step as given, then checked.
    raw: Vec<i64>,
    actions: Vec<usize>,
}

impl BatchedSolo {
    fn n(&self) -> usize {
        self.slots.len()
    }

    /// Game `index`, refused with a `RuleError` if there is none.
    fn slot(&self, index: &Bound<'_, PyAny>) -> PyResult<&Slot> {
        let i = state::whole(index, "index")?;
        let n = self.n();
        usize::try_from(i)
            .ok()
            .and_then(|i| self.slots.get(i))
            .ok_or_else(|| {
                rule_error(
                    "bad_argument",
                    format!("there is no game {i}; games are 0 to {}", n - 1),
                )
            })
    }

    /// Why `action` is refused for game `i`, naming the rule.
    fn refusal(&self, i: usize, action: i128) -> PyErr {
        let slot = &self.slots[i];
        let Some(m) = &slot.machine else {
            return rule_error("game_over", format!("game {i} is over"));
        };
        let (code, message) = state::refusal_reason(m, action, m.stage().name());
        rule_error(
            code,
            format!("game {i}: {message}; no game of the batch moved"),
        )
    }

    /// The actions of a step as indices, every one checked legal for its game.
    fn check_actions(&mut self, actions: &Bound<'_, PyAny>) -> PyResult<()> {
        let n = self.n();
        let mut raw = std::mem::take(&mut self.raw);
        let read = read_actions(actions, n, &mut raw);
        let result = read.and_then(|()| {
            self.actions.clear();
            for (i, &a) in raw.iter().enumerate() {
                let listed = &self.slots[i].listed;
                match usize::try_from(a)
                    .ok()
                    .filter(|a| listed.binary_search(a).is_ok())
                {
                    Some(a) => self.actions.push(a),
                    None => return Err(self.refusal(i, i128::from(a))),
                }
            }
            Ok(())
        });
        self.raw = raw;
        result
    }
}

/// The actions array (int64 or int32, shape (n,)) into `out`.
fn read_actions(actions: &Bound<'_, PyAny>, n: usize, out: &mut Vec<i64>) -> PyResult<()> {
    fn read<T: Element + Copy + Into<i64>>(
        a: &Bound<'_, PyArrayDyn<T>>,
        n: usize,
        out: &mut Vec<i64>,
    ) -> Option<()> {
        let a = a.try_readonly().ok()?;
        if a.shape() != [n].as_slice() {
            return None;
        }
        out.clear();
        out.extend(a.as_array().iter().map(|&x| x.into()));
        Some(())
    }
    let done = if let Ok(a) = actions.cast::<PyArrayDyn<i64>>() {
        read(a, n, out)
    } else if let Ok(a) = actions.cast::<PyArrayDyn<i32>>() {
        read(a, n, out)
    } else {
        None
    };
    done.ok_or_else(|| {
        rule_error(
            "bad_buffer",
            format!(
                "actions must be a numpy array of int64 or int32 and shape ({n},); got {}",
                type_text(actions)
            ),
        )
    })
}

#[pymethods]
impl BatchedSolo {
    /// `num_envs` solo games: the 1st edition's Solo card, or with `edition="collector"` the
    /// AAA (`aaa_level`). Game i's seed stream starts at `seed + i`. Rewards: the final score
    /// when a game ends, or with `shaped` the change of the running score each round;
    /// `nine_three_quarters` adds the collector edition's three 9¾ cards.
    #[new]
    #[pyo3(signature = (num_envs, sheet="classic", mode="solo", advanced=false, seed=None, edition="first", aaa_level=None, shaped=false, threads=1, autoreset=true, nine_three_quarters=false))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        num_envs: &Bound<'_, PyAny>,
        sheet: &str,
        mode: &str,
        advanced: bool,
        seed: Option<&Bound<'_, PyAny>>,
        edition: &str,
        aaa_level: Option<u8>,
        shaped: bool,
        threads: i64,
        autoreset: bool,
        nine_three_quarters: bool,
    ) -> PyResult<BatchedSolo> {
        let n = state::whole(num_envs, "num_envs")?;
        if !(1..=1 << 20).contains(&n) {
            return Err(rule_error(
                "bad_argument",
                format!("num_envs must be 1 to 2^20, got {n}"),
            ));
        }
        let n = n as usize;
        if !(1..=256).contains(&threads) {
            return Err(rule_error(
                "bad_argument",
                format!("threads must be 1 to 256, got {threads}"),
            ));
        }
        let threads = threads as usize;
        let options = state::game_options(
            sheet,
            mode,
            advanced,
            edition,
            aaa_level,
            nine_three_quarters,
        )?;
        if options.mode != Mode::Solo {
            return Err(rule_error(
                "bad_argument",
                format!("BatchedSolo plays solo games only: mode must be \"solo\", not {mode:?}"),
            ));
        }
        let seed = state::seed_arg(seed)?.unwrap_or(0);
        let mut slots = Vec::with_capacity(n);
        for i in 0..n {
            // Game i's stream starts at seed + i; its first game comes with reset(). The game
            // set up here only checks the options.
            let stream = seed.wrapping_add(i as u64);
            let mut sampler = stream;
            let sampler = splitmix(&mut sampler) ^ 0xA076_1D64_78BD_642F;
            slots.push(Slot::new(options, stream, sampler)?);
        }
        let pool = if threads > 1 {
            Some(
                // The calling thread steps a part of the games too.
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads - 1)
                    .build()
                    .map_err(|e| rule_error("bad_argument", format!("no thread pool: {e}")))?,
            )
        } else {
            None
        };
        Ok(BatchedSolo {
            slots,
            options,
            shaped,
            autoreset,
            threads,
            pool,
            started: false,
            raw: Vec::with_capacity(n),
            actions: Vec::with_capacity(n),
        })
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.n()
    }

    /// The number of threads stepping the games.
    #[getter]
    fn threads(&self) -> usize {
        self.threads
    }

    /// Whether rewards are the change of the running score each round.
    #[getter]
    fn shaped(&self) -> bool {
        self.shaped
    }

    /// Whether a game that ends starts again in the same step.
    #[getter]
    fn autoreset(&self) -> bool {
        self.autoreset
    }

    /// Starts a new game in every slot (from `seeds[i]`, whose stream then gives the slot's
    /// later games, or without seeds from the slot's stream) and writes the first
    /// observations and masks.
    #[pyo3(signature = (observations, masks, seeds=None))]
    fn reset(
        &mut self,
        py: Python<'_>,
        observations: &Bound<'_, PyAny>,
        masks: &Bound<'_, PyAny>,
        seeds: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let n = self.n();
        let seeds: Vec<Option<u64>> = match seeds {
            Some(s) if !s.is_none() => {
                let mut out = Vec::with_capacity(n);
                for item in s.try_iter().map_err(|_| {
                    rule_error(
                        "bad_argument",
                        format!("seeds must be a sequence of {n} whole numbers or None"),
                    )
                })? {
                    let v = state::seed_arg(Some(&item?))?.ok_or_else(|| {
                        rule_error("bad_argument", "a seed must be a whole number, not None")
                    })?;
                    out.push(Some(v));
                }
                if out.len() != n {
                    return Err(rule_error(
                        "bad_argument",
                        format!("seeds must list {n} seeds, got {}", out.len()),
                    ));
                }
                out
            }
            _ => vec![None; n],
        };
        let mut obs = buffer::<f32>(observations, "observations", &[n, OBS], "float32")?;
        let mut mask = buffer::<bool>(masks, "masks", &[n, NUM_ACTIONS], "bool")?;
        let obs = slice_of(&mut obs, "observations")?;
        let mask = slice_of(&mut mask, "masks")?;
        let options = self.options;
        let pool = self.pool.as_ref();
        let slots = &mut self.slots[..];
        let result = py.detach(|| {
            let rows = Rows {
                slots,
                actions: &[],
                seeds: &seeds,
                obs,
                masks: mask,
                rewards: &mut [],
                terminations: &mut [],
                truncations: &mut [],
                finals: None,
            };
            run(pool, rows, n, |r| r.reset(options))
        });
        result.map_err(|e| rule_error("internal", e))?;
        self.started = true;
        Ok(())
    }

    /// Takes `actions[i]` in game i and writes every game's observation, mask, reward and
    /// termination; a game that ends starts again at once (same-step autoreset) and its last
    /// observation goes into `final_observations` if given. Every action is checked first:
    /// an illegal one raises `RuleError` naming the game and the rule, and no game moves.
    #[pyo3(signature = (actions, observations, masks, rewards, terminations, truncations, final_observations=None))]
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: &Bound<'_, PyAny>,
        observations: &Bound<'_, PyAny>,
        masks: &Bound<'_, PyAny>,
        rewards: &Bound<'_, PyAny>,
        terminations: &Bound<'_, PyAny>,
        truncations: &Bound<'_, PyAny>,
        final_observations: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        if !self.started {
            return Err(rule_error("not_started", "call reset() before step()"));
        }
        let n = self.n();
        let mut obs = buffer::<f32>(observations, "observations", &[n, OBS], "float32")?;
        let mut mask = buffer::<bool>(masks, "masks", &[n, NUM_ACTIONS], "bool")?;
        let mut rew = buffer::<f32>(rewards, "rewards", &[n], "float32")?;
        let mut term = buffer::<bool>(terminations, "terminations", &[n], "bool")?;
        let mut trunc = buffer::<bool>(truncations, "truncations", &[n], "bool")?;
        let mut fin = match final_observations {
            Some(f) if !f.is_none() => Some(buffer::<f32>(
                f,
                "final_observations",
                &[n, OBS],
                "float32",
            )?),
            _ => None,
        };
        self.check_actions(actions)?;
        let obs = slice_of(&mut obs, "observations")?;
        let mask = slice_of(&mut mask, "masks")?;
        let rew = slice_of(&mut rew, "rewards")?;
        let term = slice_of(&mut term, "terminations")?;
        let trunc = slice_of(&mut trunc, "truncations")?;
        let fin = match fin.as_mut() {
            Some(f) => Some(slice_of(f, "final_observations")?),
            None => None,
        };
        let options = self.options;
        let shaped = self.shaped;
        let autoreset = self.autoreset;
        let pool = self.pool.as_ref();
        let actions = &self.actions[..];
        let slots = &mut self.slots[..];
        let result = py.detach(|| {
            let rows = Rows {
                slots,
                actions,
                seeds: &[],
                obs,
                masks: mask,
                rewards: rew,
                terminations: term,
                truncations: trunc,
                finals: fin,
            };
            run(pool, rows, n, |r| r.step(options, shaped, autoreset))
        });
        result.map_err(|e| rule_error("internal", e))
    }

    /// Steps game `index` alone: takes `action` there and writes that game's observation
    /// and mask into `observation` (float32, shape (OBSERVATION_SIZE,)) and `mask` (bool,
    /// shape (NUM_ACTIONS,)); returns its reward and whether it ended (with `autoreset` the
    /// buffers then hold the next game's start, `final_observation` the last observation
    /// if given). Checked like `step`: nothing moves on error.
    #[pyo3(signature = (index, action, observation, mask, final_observation=None))]
    fn step_one(
        &mut self,
        py: Python<'_>,
        index: &Bound<'_, PyAny>,
        action: &Bound<'_, PyAny>,
        observation: &Bound<'_, PyAny>,
        mask: &Bound<'_, PyAny>,
        final_observation: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(f32, bool)> {
        if !self.started {
            return Err(rule_error("not_started", "call reset() before step_one()"));
        }
        let i = state::whole(index, "index")?;
        let Some(i) = usize::try_from(i).ok().filter(|&i| i < self.n()) else {
            return Err(rule_error(
                "bad_argument",
                format!("there is no game {i}; games are 0 to {}", self.n() - 1),
            ));
        };
        let mut obs = buffer::<f32>(observation, "observation", &[OBS], "float32")?;
        let mut msk = buffer::<bool>(mask, "mask", &[NUM_ACTIONS], "bool")?;
        let mut fin = match final_observation {
            Some(f) if !f.is_none() => {
                Some(buffer::<f32>(f, "final_observation", &[OBS], "float32")?)
            }
            _ => None,
        };
        let a = state::whole(action, "action")?;
        let Some(a) = usize::try_from(a)
            .ok()
            .filter(|a| self.slots[i].listed.binary_search(a).is_ok())
        else {
            return Err(self.refusal(i, a));
        };
        let obs = slice_of(&mut obs, "observation")?;
        let msk = slice_of(&mut msk, "mask")?;
        let fin = match fin.as_mut() {
            Some(f) => Some(slice_of(f, "final_observation")?),
            None => None,
        };
        let (options, shaped, autoreset) = (self.options, self.shaped, self.autoreset);
        let slot = &mut self.slots[i];
        let result = py.detach(|| {
            let row = Row { obs, mask: msk };
            slot.step(options, shaped, autoreset, a, row, fin)
        });
        result.map_err(|e| rule_error("internal", e))
    }

    /// Writes a uniformly random legal action of every game into `out` (int64, shape
    /// (num_envs,)), each game drawing from its own generator.
    fn sample_actions(&mut self, out: &Bound<'_, PyAny>) -> PyResult<()> {
        if !self.started {
            return Err(rule_error(
                "not_started",
                "call reset() before sample_actions()",
            ));
        }
        let n = self.n();
        let mut buf = buffer::<i64>(out, "out", &[n], "int64")?;
        let out = slice_of(&mut buf, "out")?;
        for (slot, a) in self.slots.iter_mut().zip(out.iter_mut()) {
            let len = slot.listed.len() as u128;
            let k = ((u128::from(splitmix(&mut slot.sampler)) * len) >> 64) as usize;
            *a = slot.listed.get(k).map_or(-1, |&x| x as i64);
        }
        Ok(())
    }

    /// Where game `index` stands: its round, the stage of its turn (as `State.stage()`
    /// names it) and its running score as of the last resolved round (the final score once
    /// the game is over).
    fn status(&self, index: &Bound<'_, PyAny>) -> PyResult<(u16, &'static str, i32)> {
        let slot = self.slot(index)?;
        Ok((slot.game.round(), slot.stage, slot.score))
    }

    /// The seed of the game each slot is playing (`State(seed=...)` deals the same cards).
    fn game_seeds(&self) -> Vec<u64> {
        self.slots.iter().map(|s| s.seed).collect()
    }

    /// A copy of game `index` as a `State` (its record, scores, legal decisions…).
    fn state(&self, index: &Bound<'_, PyAny>) -> PyResult<State> {
        let slot = self.slot(index)?;
        Ok(State::of_game(
            slot.game.clone(),
            vec![slot.decisions.clone()],
        ))
    }

    fn __len__(&self) -> usize {
        self.n()
    }

    fn __repr__(&self) -> String {
        let pos = self.slots[0].game.position();
        format!(
            "<BatchedSolo {} games, {} sheet{}, {} thread(s)>",
            self.n(),
            pos.layout().id,
            if self.shaped { ", shaped" } else { "" },
            self.threads
        )
    }
}
