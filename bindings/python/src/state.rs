//! `State`: a game with an OpenSpiel-like interface. Turns are simultaneous in the rules; here
//! each seat builds its turn one decision at a time through the engine's turn machine, seat by
//! seat by convention (`current_player`), and the round resolves once every seat finished.

use crate::convert::{json, to_py};
use crate::error::{rule_error, turn_error};
use crate::observe::{self, TurnState};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::{json as j, Value};
use std::sync::Arc;
use welcome_bots::BotKind;
use welcome_engine::action::{self, ActionError};
use welcome_engine::{
    Decision, Game, Mode, Options, PlayerView, Position, Record, SheetId, Stage, Turn, TurnMachine,
};

/// `current_player()` once the game is over (OpenSpiel's terminal player id).
pub const TERMINAL: i64 = -4;
const STATE_FORMAT: &str = "welcome-to-state";

/// The game itself: with its log (a record can be written) or a bare position (after
/// resampling).
#[derive(Clone)]
enum Core {
    Game(Game),
    Position(Position),
}

impl Core {
    fn pos(&self) -> &Position {
        match self {
            Core::Game(g) => g.position(),
            Core::Position(p) => p,
        }
    }

    fn submit(&mut self, seat: usize, turn: Turn) -> PyResult<()> {
        match self {
            Core::Game(g) => g.submit(seat, turn),
            Core::Position(p) => p.submit(seat, turn),
        }
        .map_err(|e| turn_error(&e))?;
        let dealt = match self {
            Core::Game(g) => g.resolve(),
            Core::Position(p) => p.resolve(),
        };
        dealt.map_err(|e| rule_error(e.code(), e))
    }
}

/// A game in progress or finished.
#[pyclass(module = "welcome_to._core")]
#[derive(Clone)]
pub struct State {
    /// Shared between copies until one of them moves on: a copy costs a reference count
    /// and the decisions of the round, and a seat's finished turn (the only change to the
    /// game) works on a fresh game anyway, so that nothing changes on error.
    core: Arc<Core>,
    /// Per seat: the decisions taken so far this round (empty once its turn is submitted).
    decisions: Vec<Vec<Decision>>,
}

/// A whole number argument, refused with a `RuleError` naming it.
pub fn whole(v: &Bound<'_, PyAny>, name: &str) -> PyResult<i128> {
    if v.is_instance_of::<pyo3::types::PyBool>() {
        return Err(rule_error(
            "bad_argument",
            format!("{name} must be a whole number, not a bool"),
        ));
    }
    v.extract::<i128>().map_err(|_| {
        rule_error(
            "bad_argument",
            format!("{name} must be a whole number, got {}", describe(v)),
        )
    })
}

fn describe(v: &Bound<'_, PyAny>) -> String {
    v.repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "an object".into())
}

fn parse_mode(mode: &str) -> PyResult<Mode> {
    Mode::ALL
        .into_iter()
        .find(|m| m.name().eq_ignore_ascii_case(mode))
        .ok_or_else(|| {
            rule_error(
                "unknown_mode",
                format!("unknown mode {mode:?} (solo, standard or expert)"),
            )
        })
}

/// The options of a new game, refused with a `RuleError` naming what is wrong (the edition,
/// the sheet and the seat count are checked when the game is set up).
pub fn game_options(
    sheet: &str,
    mode: &str,
    advanced: bool,
    edition: &str,
    aaa_level: Option<u8>,
    nine_three_quarters: bool,
) -> PyResult<Options> {
    let mode = parse_mode(mode)?;
    let edition_id = welcome_engine::EditionId::new(edition).map_err(|e| {
        rule_error(
            "unknown_edition",
            format!("bad edition id {edition:?}: {e}"),
        )
    })?;
    let sheet_id = SheetId::new(sheet)
        .map_err(|e| rule_error("unknown_sheet", format!("bad sheet id {sheet:?}: {e}")))?;
    let mut options = Options::new(mode).sheet(sheet_id).advanced(advanced);
    options.edition = edition_id;
    options.aaa_level = aaa_level;
    options.nine_three_quarters = nine_three_quarters;
    Ok(options)
}

/// A seed argument: `None` (or Python's None), else a whole number 0 to 2^64 − 1.
pub fn seed_arg(seed: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    match seed {
        Some(s) if !s.is_none() => {
            let v = whole(s, "seed")?;
            u64::try_from(v).map(Some).map_err(|_| {
                rule_error("bad_argument", format!("seed must be 0 to 2^64-1, got {v}"))
            })
        }
        _ => Ok(None),
    }
}

impl State {
    /// A state of `game` with these decisions of the round so far (per seat).
    pub fn of_game(game: Game, decisions: Vec<Vec<Decision>>) -> State {
        State {
            core: Arc::new(Core::Game(game)),
            decisions,
        }
    }

    fn pos(&self) -> &Position {
        self.core.pos()
    }

    fn seat(&self, seat: &Bound<'_, PyAny>) -> PyResult<usize> {
        let s = whole(seat, "seat")?;
        let n = self.pos().players();
        if s < 0 || s >= n as i128 {
            return Err(rule_error(
                "no_such_seat",
                format!("there is no seat {s}; seats are 0 to {}", n - 1),
            ));
        }
        Ok(s as usize)
    }

    /// The seat asked for, or the current player.
    fn seat_or_current(&self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
        match seat {
            Some(s) if !s.is_none() => self.seat(s).map(Some),
            _ => Ok(usize::try_from(self.current()).ok()),
        }
    }

    fn current(&self) -> i64 {
        let pos = self.pos();
        if pos.is_over() {
            return TERMINAL;
        }
        (0..pos.players())
            .find(|&s| !pos.has_submitted(s))
            .map_or(TERMINAL, |s| s as i64)
    }

    /// The seat's turn machine after its decisions so far, if it still has a turn to build.
    fn machine(&self, seat: usize) -> Option<TurnMachine<'_>> {
        let pos = self.pos();
        if pos.is_over() || pos.has_submitted(seat) {
            return None;
        }
        let mut m = TurnMachine::new(pos.context(seat)?, pos.sheet(seat)?);
        for d in &self.decisions[seat] {
            // Every stored decision was accepted by this very machine.
            let ok = m.apply(d.clone()).is_ok();
            debug_assert!(ok, "a stored decision replays");
        }
        Some(m)
    }

    /// Refuses a move for `seat` once the game is over or its turn is finished.
    fn check_unfinished(&self, seat: usize) -> PyResult<()> {
        let pos = self.pos();
        if pos.is_over() {
            return Err(rule_error("game_over", "the game is over"));
        }
        if pos.has_submitted(seat) {
            return Err(rule_error(
                "already_submitted",
                format!(
                    "seat {seat} has already finished its turn for round {}",
                    pos.round()
                ),
            ));
        }
        Ok(())
    }

    /// The actions of the turn `bot` (seeded with `seed`) chooses for `seat` from what the
    /// seat sees, from the start of its turn. The bot thinks without the GIL.
    fn bot_plan(&self, py: Python<'_>, seat: usize, bot: &str, seed: u64) -> PyResult<Vec<usize>> {
        let kind: BotKind = bot
            .parse()
            .map_err(|e: welcome_bots::UnknownBot| rule_error("unknown_bot", e.to_string()))?;
        self.check_unfinished(seat)?;
        let pos = self.pos();
        if !self.decisions[seat].is_empty() {
            return Err(rule_error(
                "bot_mid_turn",
                format!(
                    "seat {seat} has taken {} decisions of its turn: a bot plays a whole turn, from its start",
                    self.decisions[seat].len()
                ),
            ));
        }
        let view = PlayerView::of(pos, seat)
            .ok_or_else(|| rule_error("no_such_seat", format!("there is no seat {seat}")))?;
        let turn = py.detach(move || kind.make(seed).choose(&view));
        let (Some(ctx), Some(sheet)) = (pos.context(seat), pos.sheet(seat)) else {
            return Err(rule_error(
                "no_such_seat",
                format!("there is no seat {seat}"),
            ));
        };
        let decisions = TurnMachine::decisions(ctx, sheet, &turn).map_err(|e| turn_error(&e))?;
        // Each decision as the action the listing gives it at its stage.
        let mut m = TurnMachine::new(ctx, sheet);
        let mut out = Vec::with_capacity(decisions.len());
        for d in decisions {
            let a = action::listed(&m)
                .into_iter()
                .find_map(|(a, listed)| (listed == d).then_some(a))
                .ok_or_else(|| {
                    rule_error(
                        "bot_unlisted",
                        format!(
                            "the {kind} bot's decision {d:?} is not listed at stage {}",
                            m.stage().name()
                        ),
                    )
                })?;
            m.apply(d).map_err(|e| turn_error(&e))?;
            out.push(a);
        }
        Ok(out)
    }

    fn listed(&self, seat: Option<usize>) -> Vec<(usize, Decision)> {
        seat.and_then(|s| self.machine(s))
            .map_or_else(Vec::new, |m| action::listed(&m))
    }

    /// Takes decision `action` for `seat`; submits the turn when it is complete and resolves
    /// the round when every seat has submitted. Nothing changes on error.
    pub fn act(&mut self, seat: usize, action: i128) -> PyResult<()> {
        self.check_unfinished(seat)?;
        let Some(mut m) = self.machine(seat) else {
            return Err(rule_error(
                "no_such_seat",
                format!("there is no seat {seat}"),
            ));
        };
        let stage = m.stage().name();
        let listed = action::listed(&m);
        let found = listed.iter().find(|(a, _)| *a as i128 == action);
        let Some((_, decision)) = found else {
            return Err(refusal(&m, action, stage));
        };
        m.apply(decision.clone()).map_err(|e| turn_error(&e))?;
        let done = m.stage() == Stage::Done;
        let turn = if done {
            Some(m.finish().map_err(|e| turn_error(&e))?.0)
        } else {
            None
        };
        let decision = decision.clone();
        match turn {
            Some(turn) => {
                let mut core = Core::clone(&self.core);
                core.submit(seat, turn)?;
                self.core = Arc::new(core);
                self.decisions[seat].clear();
            }
            None => self.decisions[seat].push(decision),
        }
        Ok(())
    }

    fn turn_state<R>(&self, seat: usize, f: impl FnOnce(&TurnState<'_>) -> R) -> R {
        let to_act = self.current() == seat as i64;
        match self.machine(seat) {
            Some(m) => f(&TurnState::of_machine(&m, to_act)),
            None => settled_turn(self.pos(), seat, to_act, f),
        }
    }

    /// Fills `out` with the observation of `seat`.
    pub fn observe_into(&self, seat: usize, out: &mut [f32]) {
        self.turn_state(seat, |t| observe::write(self.pos(), seat, t, out))
    }

    pub fn legal_mask_into(&self, seat: usize, out: &mut [bool]) {
        out.fill(false);
        for (a, _) in self.listed(Some(seat)) {
            out[a] = true;
        }
    }

    fn record(&self) -> PyResult<Record> {
        match &*self.core {
            Core::Game(g) => {
                let names: Vec<String> = (0..g.players())
                    .map(|i| format!("Seat {}", i + 1))
                    .collect();
                Ok(Record::of(g, &names))
            }
            Core::Position(_) => Err(rule_error(
                "no_record",
                "a resampled state has no game record (it holds only the position)",
            )),
        }
    }
}

/// The turn state of a seat with no turn to build (finished, or the game is over).
pub fn settled_turn<R>(
    pos: &Position,
    seat: usize,
    to_act: bool,
    f: impl FnOnce(&TurnState<'_>) -> R,
) -> R {
    let base = pos
        .sheet(seat)
        .copied()
        .unwrap_or_else(|| welcome_engine::Sheet::new(pos.layout()));
    let turn = pos.pending_turn(seat);
    let sheet = turn
        .and_then(|t| pos.context(seat)?.apply(&base, t).ok())
        .unwrap_or(base);
    let mut claimed = [false; 3];
    for c in turn.iter().flat_map(|t| &t.plans) {
        if let Some(x) = claimed.get_mut(c.plan as usize) {
            *x = true;
        }
    }
    f(&TurnState {
        sheet: &sheet,
        stage: Stage::Done,
        claimed,
        roundabout: turn.is_some_and(|t| t.roundabout.is_some()),
        to_act,
        submitted: pos.has_submitted(seat),
    })
}

/// Why `action` is refused at this point, naming the rule.
pub fn refusal(m: &TurnMachine<'_>, action: i128, stage: &str) -> PyErr {
    let (code, message) = refusal_reason(m, action, stage);
    rule_error(code, message)
}

/// `refusal`'s code and message.
pub fn refusal_reason(m: &TurnMachine<'_>, action: i128, stage: &str) -> (&'static str, String) {
    if action < 0 || action >= action::NUM_ACTIONS as i128 {
        return (
            "no_such_action",
            format!(
                "action {action} is outside the action space 0..{}",
                action::NUM_ACTIONS
            ),
        );
    }
    let a = action as usize;
    let kind = action::kind(a).unwrap_or("unknown");
    match action::decode(a, m) {
        Ok(d) => match m.clone().apply(d) {
            Err(e) => (
                e.code(),
                format!("action {a} ({kind}) at the {stage} stage: {e}"),
            ),
            Ok(()) => (
                "not_listed",
                format!("action {a} ({kind}) is not among the listed decisions"),
            ),
        },
        Err(ActionError::Illegal(e)) => (
            e.code(),
            format!("action {a} ({kind}) at the {stage} stage: {e}"),
        ),
        Err(why) => (why.code(), format!("{why} (at the {stage} stage)")),
    }
}

/// A decision for people.
pub fn text(d: &Decision) -> String {
    use welcome_engine::{Choice, EffectUse};
    match d {
        Decision::Cross(s) if (*s as usize) < welcome_engine::sheet::MAX_STREETS => {
            format!("cross off the bonus of street {}", s + 1)
        }
        Decision::Cross(c) => format!(
            "cross off the bonus of column {}",
            *c as usize - welcome_engine::sheet::MAX_STREETS + 1
        ),
        Decision::Roundabout(h) => format!("build a roundabout in {h}"),
        Decision::Ammo(set) if set.is_empty() => "slow no horde".into(),
        Decision::Ammo(set) => {
            let names: Vec<String> = set
                .iter()
                .map(|h| {
                    let side = if h & 1 == 0 { "left" } else { "right" };
                    format!("street {}'s {side} horde", h / 2 + 1)
                })
                .collect();
            format!("slow {} with ammo", names.join(", "))
        }
        Decision::Build {
            pick,
            house,
            number,
        } => format!(
            "write {} in {house} ({pick})",
            welcome_engine::number::shown(*number)
        ),
        Decision::Refuse { pass: None } => "cross a permit refusal".into(),
        Decision::Refuse { pass: Some(k) } => {
            format!("cross a permit refusal and pass hand card {}", k + 1)
        }
        Decision::Choose(Choice::Truck(side)) => format!("choose the {side:?} truck"),
        Decision::Effect(None) => "pass the effect".into(),
        Decision::Effect(Some(u)) => match u {
            EffectUse::Fence(f) => format!("draw a fence at {f}"),
            EffectUse::RealEstate(s) => format!("raise the value of estates of size {s}"),
            EffectUse::Park => "cross a park".into(),
            EffectUse::Pool => "build the pool".into(),
            EffectUse::Temp => "hire a temp (cross a temp box)".into(),
            EffectUse::Infiltrate => "infiltrate: circle the saucer instead of the action".into(),
            EffectUse::Barricade => "build a barricade instead of the fence".into(),
            EffectUse::Bis { from, to } => format!("copy {from} into {to} (bis)"),
        },
        Decision::Claim(c) => {
            let estates: Vec<String> = c.estates.iter().map(|h| h.to_string()).collect();
            if estates.is_empty() {
                format!("validate City Plan n°{}", c.plan + 1)
            } else {
                format!(
                    "validate City Plan n°{} with the estates at {}",
                    c.plan + 1,
                    estates.join(", ")
                )
            }
        }
        Decision::Objective(o) => format!("circle infiltration objective {o}"),
        Decision::Pass(c) => format!("pass hand card {} on", c + 1),
        Decision::Stop { reshuffle: false } => "end the turn".into(),
        Decision::Stop { reshuffle: true } => "end the turn asking for the reshuffle".into(),
        Decision::Circle(t) => format!(
            "circle the {}",
            if *t == welcome_engine::Treat::Ghost {
                "ghost"
            } else {
                "candy"
            }
        ),
        Decision::Tier {
            treat,
            need,
            option,
        } => match option {
            Some(o) => format!("claim the {need}-{treat:?} tier with bonus option {o}"),
            None => format!("claim the {need}-{treat:?} tier"),
        },
        Decision::Bonus(u) => match u {
            welcome_engine::BonusUse::Pool(h) => format!("bonus: circle the pool of {h}"),
            welcome_engine::BonusUse::Park(s) => format!("bonus: cross a park in street {}", s + 1),
            welcome_engine::BonusUse::Extension { from, to } => {
                format!("bonus: copy {from} into {to} (no box crossed)")
            }
        },
    }
}

#[pymethods]
impl State {
    /// A new game: `mode` solo, standard or expert; `players` defaults to 1 in solo and 2
    /// otherwise; `seed` decides every card; `nine_three_quarters` adds the collector
    /// edition's three 9¾ cards to the deck.
    #[new]
    #[pyo3(signature = (sheet="classic", mode="solo", players=None, advanced=false, seed=None, edition="first", aaa_level=None, nine_three_quarters=false))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        sheet: &str,
        mode: &str,
        players: Option<&Bound<'_, PyAny>>,
        advanced: bool,
        seed: Option<&Bound<'_, PyAny>>,
        edition: &str,
        aaa_level: Option<u8>,
        nine_three_quarters: bool,
    ) -> PyResult<State> {
        let options = game_options(
            sheet,
            mode,
            advanced,
            edition,
            aaa_level,
            nine_three_quarters,
        )?;
        let players = match players {
            Some(p) if !p.is_none() => whole(p, "players")?,
            _ if options.mode == Mode::Solo => 1,
            _ => 2,
        };
        if !(0..=i128::from(u16::MAX)).contains(&players) {
            return Err(rule_error(
                "too_many_seats",
                format!("{players} seats is not a number of seats"),
            ));
        }
        let seed = seed_arg(seed)?.unwrap_or(0);
        let game =
            Game::new(options, players as usize, seed).map_err(|e| rule_error(e.code(), e))?;
        let n = game.players();
        Ok(State {
            core: Arc::new(Core::Game(game)),
            decisions: vec![Vec::new(); n],
        })
    }

    /// Same as the constructor (OpenSpiel-style spelling).
    #[staticmethod]
    #[pyo3(signature = (sheet="classic", mode="solo", players=None, advanced=false, seed=None, edition="first", aaa_level=None, nine_three_quarters=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        sheet: &str,
        mode: &str,
        players: Option<&Bound<'_, PyAny>>,
        advanced: bool,
        seed: Option<&Bound<'_, PyAny>>,
        edition: &str,
        aaa_level: Option<u8>,
        nine_three_quarters: bool,
    ) -> PyResult<State> {
        State::py_new(
            sheet,
            mode,
            players,
            advanced,
            seed,
            edition,
            aaa_level,
            nine_three_quarters,
        )
    }

    fn clone(&self) -> State {
        Clone::clone(self)
    }

    fn __copy__(&self) -> State {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        Clone::clone(self)
    }

    fn num_players(&self) -> usize {
        self.pos().players()
    }

    #[getter]
    fn mode(&self) -> &'static str {
        match self.pos().options().mode {
            Mode::Standard => "standard",
            Mode::Solo => "solo",
            Mode::Expert => "expert",
        }
    }

    #[getter]
    fn sheet(&self) -> String {
        self.pos().layout().id.to_string()
    }

    #[getter]
    fn advanced(&self) -> bool {
        self.pos().options().advanced
    }

    /// Whether the deck holds the collector edition's 9¾ cards.
    #[getter]
    fn nine_three_quarters(&self) -> bool {
        self.pos().options().nine_three_quarters
    }

    /// The current round, from 1.
    #[getter]
    fn round(&self) -> u16 {
        self.pos().round()
    }

    /// The seat to decide next (the lowest seat whose turn is unfinished), or `TERMINAL`.
    fn current_player(&self) -> i64 {
        self.current()
    }

    fn is_terminal(&self) -> bool {
        self.pos().is_over()
    }

    /// The stage of `seat`'s turn: start, play, choice, effect, plans or done.
    #[pyo3(signature = (seat=None))]
    fn stage(&self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<&'static str> {
        let seat = self.seat_or_current(seat)?;
        Ok(seat
            .and_then(|s| self.machine(s))
            .map_or("done", |m| m.stage().name()))
    }

    /// Whether `seat` has finished its turn this round.
    fn turn_finished(&self, seat: &Bound<'_, PyAny>) -> PyResult<bool> {
        let seat = self.seat(seat)?;
        Ok(self.pos().has_submitted(seat))
    }

    /// The legal actions of `seat` (default: the current player), ascending.
    #[pyo3(signature = (seat=None))]
    fn legal_actions(&self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<usize>> {
        let seat = self.seat_or_current(seat)?;
        Ok(self.listed(seat).into_iter().map(|(a, _)| a).collect())
    }

    /// A boolean mask over the action space: `mask[a]` iff `a` is legal for `seat`.
    #[pyo3(signature = (seat=None))]
    fn legal_actions_mask<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let seat = self.seat_or_current(seat)?;
        let mut mask = vec![false; action::NUM_ACTIONS];
        if let Some(s) = seat {
            self.legal_mask_into(s, &mut mask);
        }
        Ok(PyArray1::from_vec(py, mask))
    }

    /// The legal decisions of `seat` as dicts: action, kind, text, and the decision in the
    /// engine's file form (houses numbered from 1).
    #[pyo3(signature = (seat=None))]
    fn legal_decisions<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let seat = self.seat_or_current(seat)?;
        let list = PyList::empty(py);
        for (a, d) in self.listed(seat) {
            let item = PyDict::new(py);
            item.set_item("action", a)?;
            item.set_item("kind", action::kind(a).unwrap_or("unknown"))?;
            item.set_item("text", text(&d))?;
            item.set_item("decision", to_py(py, &json(&d))?)?;
            list.append(item)?;
        }
        Ok(list)
    }

    /// The decision `action` names for `seat` now, as a dict like `legal_decisions` gives.
    #[pyo3(signature = (action, seat=None))]
    fn decision<'py>(
        &self,
        py: Python<'py>,
        action: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let a = whole(action, "action")?;
        let seat = self.seat_or_current(seat)?;
        let Some(m) = seat.and_then(|s| self.machine(s)) else {
            return Err(rule_error("game_over", "no seat has a decision to take"));
        };
        if !(0..action::NUM_ACTIONS as i128).contains(&a) {
            return Err(refusal(&m, a, m.stage().name()));
        }
        let d = match action::decode(a as usize, &m) {
            Ok(d) => d,
            Err(_) => return Err(refusal(&m, a, m.stage().name())),
        };
        let item = PyDict::new(py);
        item.set_item("action", a)?;
        item.set_item("kind", action::kind(a as usize).unwrap_or("unknown"))?;
        item.set_item("text", text(&d))?;
        item.set_item("decision", to_py(py, &json(&d))?)?;
        Ok(item)
    }

    /// Takes `action` for the current player.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = whole(action, "action")?;
        match usize::try_from(self.current()) {
            Ok(seat) => self.act(seat, a),
            Err(_) => Err(rule_error("game_over", "the game is over")),
        }
    }

    /// Takes `action` for `seat`, which may be any seat whose turn is unfinished.
    fn apply_action_for(
        &mut self,
        seat: &Bound<'_, PyAny>,
        action: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let seat = self.seat(seat)?;
        let a = whole(action, "action")?;
        self.act(seat, a)
    }

    /// The actions of the whole turn the project's bot `bot` ("random", "greedy",
    /// "search-fast", "search", "search-strong") chooses for `seat` (default: the current
    /// player), seeded with `seed`: a baseline policy. The bot sees only the seat's view (never
    /// the pile order); the seat must be at the start of its turn.
    #[pyo3(signature = (seat=None, bot="greedy", seed=None))]
    fn bot_actions(
        &self,
        py: Python<'_>,
        seat: Option<&Bound<'_, PyAny>>,
        bot: &str,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<usize>> {
        let Some(seat) = self.seat_or_current(seat)? else {
            return Err(rule_error("game_over", "the game is over"));
        };
        let seed = seed_arg(seed)?.unwrap_or(0);
        self.bot_plan(py, seat, bot, seed)
    }

    /// Plays the whole turn `bot_actions` gives for `seat` (default: the current player).
    #[pyo3(signature = (seat=None, bot="greedy", seed=None))]
    fn play_bot(
        &mut self,
        py: Python<'_>,
        seat: Option<&Bound<'_, PyAny>>,
        bot: &str,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let Some(seat) = self.seat_or_current(seat)? else {
            return Err(rule_error("game_over", "the game is over"));
        };
        let seed = seed_arg(seed)?.unwrap_or(0);
        let actions = self.bot_plan(py, seat, bot, seed)?;
        // Nothing changes unless the whole turn goes through.
        let mut next = self.clone();
        for a in actions {
            next.act(seat, a as i128)?;
        }
        *self = next;
        Ok(())
    }

    /// Final scores once the game is over (one per seat), zeros before.
    fn returns(&self) -> Vec<f64> {
        let pos = self.pos();
        if pos.is_over() {
            pos.scores().iter().map(|s| s.total as f64).collect()
        } else {
            vec![0.0; pos.players()]
        }
    }

    /// Every seat's score as of the last resolved round: rows (id, label, points, parts,
    /// detail), total and tie-break key.
    fn scores<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &json(&self.pos().scores()))
    }

    /// 1-based ranks with the tie-break.
    fn ranks(&self) -> Vec<u16> {
        self.pos().ranks()
    }

    /// The observation of `seat` as named arrays (see `observation_layout()`).
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let seat = self.seat(seat)?;
        let mut flat = vec![0f32; observe::SIZE];
        self.observe_into(seat, &mut flat);
        let out = PyDict::new(py);
        let mut at = 0;
        for (name, shape) in observe::LAYOUT {
            let n: usize = shape.iter().product();
            let part = PyArray1::from_slice(py, &flat[at..at + n]);
            out.set_item(name, part.reshape(shape.to_vec())?)?;
            at += n;
        }
        Ok(out)
    }

    /// The observation of `seat` as one flat float32 vector of `OBSERVATION_SIZE`.
    fn observation_vector<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.seat(seat)?;
        let mut flat = vec![0f32; observe::SIZE];
        self.observe_into(seat, &mut flat);
        Ok(PyArray1::from_vec(py, flat))
    }

    /// The game record (JSON, `docs/formats.md`), seed included.
    fn record_json(&self) -> PyResult<String> {
        Ok(self.record()?.to_json())
    }

    /// The state as JSON: the game record plus this round's finished turns and the decisions
    /// taken so far. `State.deserialize` gives back a state that goes on identically.
    fn serialize(&self) -> PyResult<String> {
        let record: Value = serde_json::from_str(&self.record()?.to_json())
            .map_err(|e| rule_error("record_json", e))?;
        let pos = self.pos();
        let turns: Vec<Value> = (0..pos.players())
            .map(|s| pos.pending_turn(s).map_or(Value::Null, json))
            .collect();
        let v = j!({
            "format": STATE_FORMAT,
            "version": 1,
            "record": record,
            "turns": turns,
            "decisions": json(&self.decisions),
        });
        Ok(v.to_string())
    }

    /// A state from `serialize`'s JSON; every turn and decision is checked again.
    #[staticmethod]
    fn deserialize(text: &str) -> PyResult<State> {
        let bad = |why: String| rule_error("bad_state", why);
        let v: Value = serde_json::from_str(text).map_err(|e| bad(format!("not JSON: {e}")))?;
        if v.get("format").and_then(Value::as_str) != Some(STATE_FORMAT) {
            return Err(bad(format!("the format is not {STATE_FORMAT:?}")));
        }
        let record = v.get("record").ok_or_else(|| bad("no record".into()))?;
        let record = Record::from_json(&record.to_string()).map_err(|e| rule_error(e.code(), e))?;
        let game = record.replay().map_err(|e| rule_error(e.code(), e))?;
        let n = game.players();
        let turns: Vec<Option<Turn>> =
            serde_json::from_value(v.get("turns").cloned().unwrap_or(Value::Null))
                .map_err(|e| bad(format!("turns: {e}")))?;
        let decisions: Vec<Vec<Decision>> =
            serde_json::from_value(v.get("decisions").cloned().unwrap_or(Value::Null))
                .map_err(|e| bad(format!("decisions: {e}")))?;
        if turns.len() != n || decisions.len() != n {
            return Err(bad(format!("turns and decisions must list {n} seats")));
        }
        let mut state = State {
            core: Arc::new(Core::Game(game)),
            decisions: vec![Vec::new(); n],
        };
        for (seat, turn) in turns.into_iter().enumerate() {
            if let Some(turn) = turn {
                if state.pos().ready() {
                    return Err(bad("every seat's turn is finished".into()));
                }
                Arc::make_mut(&mut state.core).submit(seat, turn)?;
            }
        }
        for (seat, ds) in decisions.into_iter().enumerate() {
            for d in ds {
                let Some(mut m) = state.machine(seat) else {
                    return Err(bad(format!("seat {seat} has no turn to decide")));
                };
                m.apply(d.clone()).map_err(|e| turn_error(&e))?;
                if m.stage() == Stage::Done {
                    return Err(bad(format!("seat {seat}'s decisions finish its turn")));
                }
                state.decisions[seat].push(d);
            }
        }
        Ok(state)
    }

    /// A state `seat` cannot tell from this one: every card it cannot locate (pile order,
    /// other seats' hands in expert mode, the Solo card's place) dealt anew from `seed`, other
    /// seats' unfinished or hidden turns of this round dropped, its own kept. The copy holds
    /// the position only (no record).
    fn resample_from_infostate(
        &self,
        seat: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
    ) -> PyResult<State> {
        let seat = self.seat(seat)?;
        let seed = whole(seed, "seed")?;
        let seed = u64::try_from(seed).map_err(|_| {
            rule_error(
                "bad_argument",
                format!("seed must be 0 to 2^64-1, got {seed}"),
            )
        })?;
        let position = self.pos().resample(seat, seed);
        let mut decisions = vec![Vec::new(); position.players()];
        if !position.has_submitted(seat) {
            decisions[seat] = self.decisions[seat].clone();
        }
        Ok(State {
            core: Arc::new(Core::Position(position)),
            decisions,
        })
    }

    /// The game a record (JSON, `docs/formats.md`) replays to, checked by the engine.
    #[staticmethod]
    fn from_record(text: &str) -> PyResult<State> {
        let record = Record::from_json(text).map_err(|e| rule_error(e.code(), e))?;
        let game = record.replay().map_err(|e| rule_error(e.code(), e))?;
        let n = game.players();
        Ok(State {
            core: Arc::new(Core::Game(game)),
            decisions: vec![Vec::new(); n],
        })
    }

    fn __repr__(&self) -> String {
        let pos = self.pos();
        format!(
            "<State {} {} sheet, {} seat(s), round {}{}>",
            self.mode(),
            self.sheet(),
            pos.players(),
            pos.round(),
            if pos.is_over() { ", over" } else { "" }
        )
    }
}
