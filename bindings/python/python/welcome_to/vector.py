"""A Gymnasium vector env of many solo games stepped together in Rust.

`SoloVectorEnv(num_envs, ...)` is a `gymnasium.vector.VectorEnv` over the compiled
`BatchedSolo` core: one call steps every game, without the GIL and optionally on several
threads (`threads`), writing into buffers the env keeps. Observations are float32
`(num_envs, OBSERVATION_SIZE)`, actions `MultiDiscrete([NUM_ACTIONS] * num_envs)` (any integer
array of shape `(num_envs,)`), rewards float32, terminations and truncations bool (a game
always ends, so truncations stay False). `action_masks()` gives the legal actions as a bool
`(num_envs, NUM_ACTIONS)` array, as do `infos["action_mask"]`; sb3-contrib's MaskablePPO reads
`action_masks()`.

Autoreset: same step (`metadata["autoreset_mode"]` is `AutoresetMode.SAME_STEP`). A game
that ends in a step starts again at once: that step returns its reward and
`terminations[i] = True` with the new game's first observation and mask, and its last
observation in `infos["final_obs"][i]` (`infos["_final_obs"]` marks the rows that have one).
So every mask has a legal action, which masked policies need.

Seeds: `reset(seed=s)` plays `State(seed=s + i)`'s game in row i (a list gives each row its
seed); a row's later games take their seeds from a stream started at its reset seed, so a run
is reproducible. `reset()` without a seed goes on with each row's stream. `game_seeds()` tells
which game each row plays.

An illegal action raises `RuleError` (a `ValueError` naming the row and the rule) and no game
moves: every action of the batch is checked before any game is stepped.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ._core import NUM_ACTIONS, OBSERVATION_SIZE, BatchedSolo, RuleError, State, editions, sheets

_FloatArray = npt.NDArray[np.float32]
_BoolArray = npt.NDArray[np.bool_]


def _refuse(code: str, message: str) -> RuleError:
    err = RuleError(f"{code}: {message}")
    err.code = code
    return err


class SoloVectorEnv(VectorEnv[_FloatArray, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """`num_envs` solo games on `sheet` against the Solo card, or with `edition="collector"`
    against the AAA (`aaa_level`), stepped together on `threads` threads. With `copy=False`
    the arrays returned are the env's own buffers, overwritten by the next step;
    `nine_three_quarters` adds the collector edition's three 9¾ cards."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, num_envs: int = 8, sheet: str = "classic", advanced: bool = False,
                 shaped: bool = False, edition: str = "first", aaa_level: int | None = None,
                 threads: int = 1, copy: bool = True, seed: int | None = None,
                 nine_three_quarters: bool = False) -> None:
        if edition not in editions():
            raise _refuse("unknown_edition",
                          f"no edition {edition!r} (known: {', '.join(editions())})")
        if sheet not in sheets(edition):
            raise _refuse("unknown_sheet",
                          f"no sheet {sheet!r} (known: {', '.join(sheets(edition))})")
        self.core = BatchedSolo(num_envs, sheet=sheet, advanced=advanced, seed=seed,
                                edition=edition, aaa_level=aaa_level, shaped=shaped,
                                threads=threads, nine_three_quarters=nine_three_quarters)
        n = self.core.num_envs
        self.num_envs = n
        self.sheet, self.edition, self.aaa_level = sheet, edition, aaa_level
        self.nine_three_quarters = bool(nine_three_quarters)
        self.advanced, self.shaped, self.copy = bool(advanced), bool(shaped), bool(copy)
        self.single_observation_space = spaces.Box(-10.0, 10.0, (OBSERVATION_SIZE,), np.float32)
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self._obs = np.zeros((n, OBSERVATION_SIZE), np.float32)
        self._masks = np.zeros((n, NUM_ACTIONS), np.bool_)
        self._rewards = np.zeros(n, np.float32)
        self._terminations = np.zeros(n, np.bool_)
        self._truncations = np.zeros(n, np.bool_)
        self._final_obs = np.zeros((n, OBSERVATION_SIZE), np.float32)
        self._all = np.ones(n, np.bool_)
        self._started = False

    @property
    def threads(self) -> int:
        """The number of threads stepping the games."""
        return self.core.threads

    def _out(self, a: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return a.copy() if self.copy else a

    def _infos(self) -> dict[str, Any]:
        return {"action_mask": self._out(self._masks), "_action_mask": self._all.copy()}

    def reset(self, *, seed: int | Sequence[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[_FloatArray, dict[str, Any]]:
        """Starts a new game in every row (see the module's note on seeds)."""
        seeds: list[int] | None
        if seed is None:
            seeds = None
        elif isinstance(seed, (int, np.integer)):
            super().reset(seed=int(seed))
            seeds = [int(seed) + i for i in range(self.num_envs)]
        else:
            seeds = [int(s) for s in seed]
            if len(seeds) != self.num_envs:
                raise _refuse("bad_argument",
                              f"seed must list {self.num_envs} seeds, got {len(seeds)}")
        self.core.reset(self._obs, self._masks, seeds)
        self._started = True
        return self._out(self._obs), self._infos()

    def step(self, actions: npt.ArrayLike
             ) -> tuple[_FloatArray, npt.NDArray[np.float32], _BoolArray, _BoolArray,
                        dict[str, Any]]:
        """Takes `actions[i]` in game i; a game that ends starts again in the same step."""
        if not self._started:
            raise _refuse("not_started", "call reset() before step()")
        a = np.asarray(actions)
        if a.dtype.kind not in "iu":
            raise _refuse("bad_argument",
                          f"actions must be whole numbers, got an array of {a.dtype}")
        if a.dtype != np.int64:
            if a.dtype.kind == "u" and a.size and int(a.max()) >= 2**63:
                raise _refuse("no_such_action",
                              f"action {int(a.max())} is outside the action space 0..{NUM_ACTIONS}")
            a = a.astype(np.int64)
        self.core.step(a, self._obs, self._masks, self._rewards, self._terminations,
                       self._truncations, self._final_obs)
        infos = self._infos()
        if self._terminations.any():
            final = np.full(self.num_envs, None, dtype=object)
            for i in np.flatnonzero(self._terminations):
                final[i] = self._final_obs[i].copy()
            infos["final_obs"] = final
            infos["_final_obs"] = self._terminations.copy()
        return (self._out(self._obs), self._out(self._rewards), self._out(self._terminations),
                self._out(self._truncations), infos)

    def action_masks(self) -> _BoolArray:
        """The legal actions of every game, bool `(num_envs, NUM_ACTIONS)` (for MaskablePPO)."""
        if not self._started:
            raise _refuse("not_started", "call reset() before action_masks()")
        return self._out(self._masks)

    def game_seeds(self) -> list[int]:
        """The seed of the game each row plays (`State(seed=...)` deals the same cards)."""
        return self.core.game_seeds()

    def state(self, index: int) -> State:
        """A copy of row `index`'s game as a `State` (its record, scores, decisions…)."""
        return self.core.state(index)

