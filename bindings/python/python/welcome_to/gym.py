"""Gymnasium environment for solo play.

Observation: the seat's flat float32 vector of `OBSERVATION_SIZE` (layout in
`welcome_to.observation_layout()`). Action space: `Discrete(NUM_ACTIONS)`, one decision of
the turn per step; `info["action_mask"]` and `action_masks()` give the legal ones
(sb3-contrib's `MaskablePPO` reads `action_masks()`). Reward: the final score when the game
ends (0 before), or with `shaped=True` the change of the running score each time a round
resolves (the rewards then add up to the final score minus the blank sheet's).

An illegal action raises `RuleError` (a `ValueError` naming the rule) unless
`illegal_action="penalty"`: then nothing changes and the step's reward is `illegal_reward`
with `info["illegal"]` the rule's code (what a checker sampling the whole space needs).

The env steps its game through the compiled `BatchedSolo` core with one game (one call per
step, into buffers it keeps); `welcome_to.vector.SoloVectorEnv` steps many.
"""

from __future__ import annotations

from typing import Any, SupportsIndex

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ._core import NUM_ACTIONS, OBSERVATION_SIZE, BatchedSolo, State, editions, sheets

ENV_IDS: tuple[str, ...] = ("WelcomeTo-Solo-v0",)


_empty = np.empty
_FLOAT32 = np.dtype(np.float32)
_BOOL = np.dtype(np.bool_)


class SoloEnv(gym.Env[npt.NDArray[np.float32], np.int64]):
    """One seat against the Solo card on `sheet` (classic, easter, ice-cream, christmas), or
    with `edition="collector"` against the AAA (`aaa_level` 0–5, default 1) on any of that
    edition's sheets; `nine_three_quarters` adds that edition's three 9¾ cards."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}

    def __init__(self, sheet: str = "classic", advanced: bool = False, shaped: bool = False,
                 illegal_action: str = "raise", illegal_reward: float = -1.0,
                 render_mode: str | None = None, edition: str = "first",
                 aaa_level: int | None = None, nine_three_quarters: bool = False) -> None:
        if edition not in editions():
            raise ValueError(f"unknown_edition: no edition {edition!r} (known: {', '.join(editions())})")
        if sheet not in sheets(edition):
            raise ValueError(
                f"unknown_sheet: no sheet {sheet!r} (known: {', '.join(sheets(edition))})")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"bad_argument: render_mode must be None or 'ansi', not {render_mode!r}")
        if illegal_action not in ("raise", "penalty"):
            raise ValueError(
                f"bad_argument: illegal_action must be 'raise' or 'penalty', not {illegal_action!r}")
        self.sheet = sheet
        self.edition = edition
        self.aaa_level = aaa_level
        self.nine_three_quarters = bool(nine_three_quarters)
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.advanced = bool(advanced)
        self.shaped = bool(shaped)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-10.0, 10.0, (OBSERVATION_SIZE,), np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        # One game that stays over when it ends (reset() starts the next one). Every step
        # writes into fresh arrays, which the step then returns as they are.
        self._core = BatchedSolo(1, sheet=sheet, advanced=self.advanced, edition=edition,
                                 aaa_level=aaa_level, shaped=self.shaped, autoreset=False,
                                 nine_three_quarters=self.nine_three_quarters)
        self._obs = np.zeros(OBSERVATION_SIZE, np.float32)
        self._mask = np.zeros(NUM_ACTIONS, np.bool_)
        self._started = False

    def _check_started(self, what: str) -> None:
        if not self._started:
            raise ValueError(f"not_started: call reset() before {what}")

    @property
    def state(self) -> State | None:
        """A copy of the game being played (None before the first reset)."""
        return self._core.state(0) if self._started else None

    def _info(self) -> dict[str, Any]:
        # A copy: a step that changes nothing (an illegal action's penalty) must not hand back
        # the array an earlier info holds, which its caller may have kept or changed.
        round_, stage, score = self._core.status(0)
        return {"action_mask": self._mask.copy(), "round": round_, "stage": stage,
                "score": score}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63))
        obs = np.empty((1, OBSERVATION_SIZE), np.float32)
        mask = np.empty((1, NUM_ACTIONS), np.bool_)
        self._core.reset(obs, mask, [game_seed])
        self._obs, self._mask = obs[0], mask[0]
        self._started = True
        return self._obs, self._info()

    def step(self, action: SupportsIndex
             ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        if not self._started:
            self._check_started("step()")
        # The hot path of a training loop: fresh arrays the core writes into, returned as
        # they are, and the info built inline.
        obs = _empty(OBSERVATION_SIZE, _FLOAT32)
        mask = _empty(NUM_ACTIONS, _BOOL)
        try:
            reward, terminated = self._core.step_one(0, action, obs, mask)
        except ValueError as e:
            if self.illegal_action == "raise":
                raise
            info = self._info()
            info["illegal"] = getattr(e, "code", "bad_argument")
            return self._obs.copy(), self.illegal_reward, False, False, info
        self._obs, self._mask = obs, mask
        round_, stage, score = self._core.status(0)
        return (obs, reward, terminated, False,
                {"action_mask": mask, "round": round_, "stage": stage, "score": score})

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions as a boolean mask (what MaskablePPO asks for)."""
        self._check_started("action_masks()")
        return self._mask.copy()

    # Gymnasium types render() with a TypeVar bound to nothing, which no concrete return type
    # matches.
    def render(self) -> str | None:  # type: ignore[override]
        if self.render_mode == "ansi" and self._started:
            return f"{self._core.state(0)!r} score {self._core.status(0)[2]}"
        return None


def register() -> None:
    """Registers the Gymnasium ids (idempotent). `gymnasium.make_vec(id, num_envs=N)` builds
    the batched `welcome_to.vector.SoloVectorEnv` (its vector entry point)."""
    for env_id in ENV_IDS:
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point="welcome_to.gym:SoloEnv",
                         vector_entry_point="welcome_to.vector:SoloVectorEnv")
