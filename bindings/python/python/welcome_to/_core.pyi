"""Type stubs of the compiled module `welcome_to._core` (the PyO3 bindings in `src/`).

Checked against the built module by `python -m mypy.stubtest welcome_to._core` in test.sh.
Names starting with `_` exist only here, for typing: they are not importable at run time.
"""

from __future__ import annotations

from typing import Any, Final, Literal, Sequence, SupportsIndex, TypedDict, final

import numpy
import numpy.typing

__all__ = [
    "State",
    "BatchedSolo",
    "RuleError",
    "NUM_ACTIONS",
    "OBSERVATION_SIZE",
    "CLAIMS_PER_PLAN",
    "TERMINAL",
    "action_ranges",
    "action_kind",
    "observation_layout",
    "sheets",
    "editions",
    "_time_clones",
]

# Stub-only aliases and shapes of the dicts the module returns.

_ActionKind = Literal[
    "build",
    "roundabout",
    "refuse",
    "choose",
    "effect-pass",
    "fence",
    "real-estate",
    "park",
    "pool",
    "temp",
    "bis",
    "stop",
    "claim",
]
# The engine's stage names: the six of the observation's `turn` part and the module stages
# (Zombies' ammo, Roswell's objective, the AAA's crossing, a hand of two's pass, Halloween's
# circle and bonus).
_Stage = Literal[
    "start",
    "play",
    "choice",
    "effect",
    "plans",
    "done",
    "ammo",
    "objective",
    "cross",
    "pass",
    "circle",
    "bonus",
]
_Mode = Literal["solo", "standard", "expert"]
_Float32Array = numpy.typing.NDArray[numpy.float32]
_BoolArray = numpy.typing.NDArray[numpy.bool_]
# The project's bots (`welcome simulate --bot`), weakest first.
_BotName = Literal["random", "greedy", "search-fast", "search", "search-strong"] | str
_ActionArray = numpy.typing.NDArray[numpy.int64] | numpy.typing.NDArray[numpy.int32]
_Int64Array = numpy.typing.NDArray[numpy.int64]

class _DecisionInfo(TypedDict):
    """A decision as `legal_decisions()` and `decision()` give it."""

    action: int
    kind: _ActionKind
    text: str
    # The engine's file form (`docs/formats.md`), one key naming the decision: {"build": {...}}.
    decision: dict[str, Any]

class _ScoreRow(TypedDict):
    """One row of a score."""

    id: str
    label: str
    points: int
    parts: list[int]
    detail: str

class _TieBreak(TypedDict):
    """Tie-break key: completed estates, then estates of size 1, 2, … 6."""

    estates: int
    by_size: list[int]

class _Score(TypedDict):
    """A seat's score: the sheet's rows in order, the total and the tie-break key."""

    rows: list[_ScoreRow]
    total: int
    tie_break: _TieBreak

class _Observation(TypedDict):
    """The observation's parts by name, in the order of `observation_layout()`."""

    houses: _Float32Array
    streets: _Float32Array
    tracks: _Float32Array
    offer: _Float32Array
    next_effects: _Float32Array
    plans: _Float32Array
    turn: _Float32Array
    public: _Float32Array
    table: _Float32Array

NUM_ACTIONS: Final[int]
"""Size of the action space."""
OBSERVATION_SIZE: Final[int]
"""Length of the flat observation."""
CLAIMS_PER_PLAN: Final[int]
"""Claims listed per plan: the k-th listed claim of plan p for k below this cap."""
TERMINAL: Final[int]
"""`current_player()` once the game is over (OpenSpiel's terminal player id)."""

class RuleError(ValueError):
    """An illegal action or a bad argument; `code` is a stable machine-readable code."""

    code: str
    """The engine's stable error code (`no_such_action`, `house_not_empty`, …)."""

def action_ranges() -> dict[str, tuple[int, int]]:
    """The action kinds and their ranges: `{kind: (first, count)}`."""

def action_kind(action: SupportsIndex) -> _ActionKind:
    """The kind of `action` (build, roundabout, refuse, choose, effect-pass, fence, real-estate, park, pool, temp, bis, stop, claim)."""

def observation_layout() -> list[tuple[str, list[int]]]:
    """The observation's parts in order: `[(name, shape)]`."""

def sheets(edition: str = "first") -> list[str]:
    """The sheets of the edition, default first."""

def editions() -> list[str]:
    """The built-in editions' ids, the default one first."""

def _time_clones(state: State, n: int) -> float:
    """Seconds per `State` copy made inside Rust, timed over `n` copies of `state` (for `bench.py`; not part of the API)."""

@final
class State:
    """A game in progress or finished."""

    def __new__(
        cls,
        sheet: str = "classic",
        mode: str = "solo",
        players: SupportsIndex | None = None,
        advanced: bool = False,
        seed: SupportsIndex | None = None,
        edition: str = "first",
        aaa_level: int | None = None,
        nine_three_quarters: bool = False,
    ) -> State:
        """A new game: `mode` solo, standard or expert; `players` defaults to 1 in solo and 2 otherwise; `seed` decides every card; `nine_three_quarters` adds the collector edition's three 9¾ cards to the deck."""

    @staticmethod
    def new(
        sheet: str = "classic",
        mode: str = "solo",
        players: SupportsIndex | None = None,
        advanced: bool = False,
        seed: SupportsIndex | None = None,
        edition: str = "first",
        aaa_level: int | None = None,
        nine_three_quarters: bool = False,
    ) -> State:
        """Same as the constructor (OpenSpiel-style spelling)."""

    def clone(self) -> State:
        """An independent copy of the state."""

    def __copy__(self) -> State:
        """An independent copy of the state (`copy.copy`)."""

    def __deepcopy__(self, _memo: dict[int, Any]) -> State:
        """An independent copy of the state (`copy.deepcopy`)."""

    def num_players(self) -> int:
        """The number of seats."""

    @property
    def mode(self) -> _Mode:
        """The mode: solo, standard or expert."""

    @property
    def sheet(self) -> str:
        """The sheet's id."""

    @property
    def advanced(self) -> bool:
        """Whether the advanced variant is played."""

    @property
    def nine_three_quarters(self) -> bool:
        """Whether the deck holds the collector edition's 9¾ cards."""

    @property
    def round(self) -> int:
        """The current round, from 1."""

    def current_player(self) -> int:
        """The seat to decide next (the lowest seat whose turn is unfinished), or `TERMINAL`."""

    def is_terminal(self) -> bool:
        """Whether the game is over."""

    def stage(self, seat: SupportsIndex | None = None) -> _Stage:
        """The stage of `seat`'s turn: start, play, choice, effect, plans or done."""

    def turn_finished(self, seat: SupportsIndex) -> bool:
        """Whether `seat` has finished its turn this round."""

    def legal_actions(self, seat: SupportsIndex | None = None) -> list[int]:
        """The legal actions of `seat` (default: the current player), ascending."""

    def legal_actions_mask(self, seat: SupportsIndex | None = None) -> _BoolArray:
        """A boolean mask over the action space: `mask[a]` iff `a` is legal for `seat`."""

    def legal_decisions(self, seat: SupportsIndex | None = None) -> list[_DecisionInfo]:
        """The legal decisions of `seat` as dicts: action, kind, text, and the decision in the engine's file form (houses numbered from 1)."""

    def decision(self, action: SupportsIndex, seat: SupportsIndex | None = None) -> _DecisionInfo:
        """The decision `action` names for `seat` now, as a dict like `legal_decisions` gives."""

    def apply_action(self, action: SupportsIndex) -> None:
        """Takes `action` for the current player."""

    def apply_action_for(self, seat: SupportsIndex, action: SupportsIndex) -> None:
        """Takes `action` for `seat`, which may be any seat whose turn is unfinished."""

    def bot_actions(
        self,
        seat: SupportsIndex | None = None,
        bot: _BotName = "greedy",
        seed: SupportsIndex | None = None,
    ) -> list[int]:
        """The actions of the whole turn the project's bot `bot` ("random", "greedy", "search-fast", "search", "search-strong") chooses for `seat` (default: the current player), seeded with `seed`: a baseline policy. The bot sees only the seat's view (never the pile order); the seat must be at the start of its turn."""

    def play_bot(
        self,
        seat: SupportsIndex | None = None,
        bot: _BotName = "greedy",
        seed: SupportsIndex | None = None,
    ) -> None:
        """Plays the whole turn `bot_actions` gives for `seat` (default: the current player)."""

    def returns(self) -> list[float]:
        """Final scores once the game is over (one per seat), zeros before."""

    def scores(self) -> list[_Score]:
        """Every seat's score as of the last resolved round: rows (id, label, points, parts, detail), total and tie-break key."""

    def ranks(self) -> list[int]:
        """1-based ranks with the tie-break."""

    def observation(self, seat: SupportsIndex) -> _Observation:
        """The observation of `seat` as named arrays (see `observation_layout()`)."""

    def observation_vector(self, seat: SupportsIndex) -> _Float32Array:
        """The observation of `seat` as one flat float32 vector of `OBSERVATION_SIZE`."""

    def record_json(self) -> str:
        """The game record (JSON, `docs/formats.md`), seed included."""

    def serialize(self) -> str:
        """The state as JSON: the game record plus this round's finished turns and the decisions taken so far."""

    @staticmethod
    def deserialize(text: str) -> State:
        """A state from `serialize`'s JSON; every turn and decision is checked again."""

    def resample_from_infostate(self, seat: SupportsIndex, seed: SupportsIndex) -> State:
        """A state `seat` cannot tell from this one: every card it cannot locate dealt anew from `seed`, other seats' unfinished or hidden turns dropped."""

    @staticmethod
    def from_record(text: str) -> State:
        """The game a record (JSON, `docs/formats.md`) replays to, checked by the engine."""

@final
class BatchedSolo:
    """N solo games (1st-edition Solo card, or the collector edition's AAA) stepped in one call into caller-supplied numpy buffers, without the GIL, on `threads` threads."""

    def __new__(
        cls,
        num_envs: SupportsIndex,
        sheet: str = "classic",
        mode: str = "solo",
        advanced: bool = False,
        seed: SupportsIndex | None = None,
        edition: str = "first",
        aaa_level: int | None = None,
        shaped: bool = False,
        threads: int = 1,
        autoreset: bool = True,
        nine_three_quarters: bool = False,
    ) -> BatchedSolo:
        """`num_envs` solo games: the 1st edition's Solo card, or with `edition="collector"` the AAA (`aaa_level`). Game i's seed stream starts at `seed + i`. Rewards: the final score when a game ends, or with `shaped` the change of the running score each round; `nine_three_quarters` adds the collector edition's three 9¾ cards."""

    @property
    def num_envs(self) -> int:
        """The number of games."""

    @property
    def threads(self) -> int:
        """The number of threads stepping the games."""

    @property
    def shaped(self) -> bool:
        """Whether rewards are the change of the running score each round."""

    @property
    def autoreset(self) -> bool:
        """Whether a game that ends starts again in the same step."""

    def reset(
        self,
        observations: _Float32Array,
        masks: _BoolArray,
        seeds: Sequence[SupportsIndex] | None = None,
    ) -> None:
        """Starts a new game in every slot (from `seeds[i]`, whose stream then gives the slot's later games, or without seeds from the slot's stream) and writes the first observations and masks."""

    def step(
        self,
        actions: _ActionArray,
        observations: _Float32Array,
        masks: _BoolArray,
        rewards: _Float32Array,
        terminations: _BoolArray,
        truncations: _BoolArray,
        final_observations: _Float32Array | None = None,
    ) -> None:
        """Takes `actions[i]` in game i and writes every game's observation, mask, reward and termination; a game that ends starts again at once (same-step autoreset) and its last observation goes into `final_observations` if given. Every action is checked first: an illegal one raises `RuleError` naming the game and the rule, and no game moves."""

    def step_one(
        self,
        index: SupportsIndex,
        action: SupportsIndex,
        observation: _Float32Array,
        mask: _BoolArray,
        final_observation: _Float32Array | None = None,
    ) -> tuple[float, bool]:
        """Steps game `index` alone: takes `action` there and writes that game's observation and mask; returns its reward and whether it ended. Checked like `step`: nothing moves on error."""

    def sample_actions(self, out: _Int64Array) -> None:
        """Writes a uniformly random legal action of every game into `out` (int64, shape (num_envs,)), each game drawing from its own generator."""

    def status(self, index: SupportsIndex) -> tuple[int, _Stage, int]:
        """Where game `index` stands: its round, the stage of its turn (as `State.stage()` names it) and its running score as of the last resolved round (the final score once the game is over)."""

    def game_seeds(self) -> list[int]:
        """The seed of the game each slot is playing (`State(seed=...)` deals the same cards)."""

    def state(self, index: SupportsIndex) -> State:
        """A copy of game `index` as a `State` (its record, scores, legal decisions…)."""

    def __len__(self) -> int:
        """The number of games."""
