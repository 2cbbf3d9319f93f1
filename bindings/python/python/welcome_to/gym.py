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
"""

from __future__ import annotations

from typing import Any, SupportsIndex

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ._core import NUM_ACTIONS, OBSERVATION_SIZE, State, sheets

ENV_IDS: tuple[str, ...] = ("WelcomeTo-Solo-v0",)


class SoloEnv(gym.Env[npt.NDArray[np.float32], np.int64]):
    """One seat against the Solo card on `sheet` (classic, easter, ice-cream, christmas)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}

    def __init__(self, sheet: str = "classic", advanced: bool = False, shaped: bool = False,
                 illegal_action: str = "raise", illegal_reward: float = -1.0,
                 render_mode: str | None = None) -> None:
        if sheet not in sheets():
            raise ValueError(f"unknown_sheet: no sheet {sheet!r} (known: {', '.join(sheets())})")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"bad_argument: render_mode must be None or 'ansi', not {render_mode!r}")
        if illegal_action not in ("raise", "penalty"):
            raise ValueError(
                f"bad_argument: illegal_action must be 'raise' or 'penalty', not {illegal_action!r}")
        self.sheet = sheet
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.advanced = bool(advanced)
        self.shaped = bool(shaped)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-10.0, 10.0, (OBSERVATION_SIZE,), np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.state: State | None = None
        self._score = 0

    def _started(self, what: str = "this") -> State:
        if self.state is None:
            raise ValueError(f"not_started: call reset() before {what}")
        return self.state

    def _total(self) -> int:
        return self._started().scores()[0]["total"]

    def _info(self) -> dict[str, Any]:
        state = self._started()
        return {
            "action_mask": state.legal_actions_mask(0),
            "round": state.round,
            "stage": state.stage(0),
            "score": self._score,
        }

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63))
        self.state = State(sheet=self.sheet, mode="solo", advanced=self.advanced, seed=game_seed)
        self._score = self._total()
        return self.state.observation_vector(0), self._info()

    def step(self, action: SupportsIndex
             ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        state = self._started("step()")
        before = state.round
        try:
            state.apply_action(action)
        except ValueError as e:
            if self.illegal_action == "raise":
                raise
            info = self._info()
            info["illegal"] = getattr(e, "code", "bad_argument")
            return (state.observation_vector(0), self.illegal_reward, False, False, info)
        reward = 0.0
        terminated = state.is_terminal()
        if state.round != before or terminated:
            total = self._total()
            if self.shaped:
                reward = float(total - self._score)
            elif terminated:
                reward = float(total)
            self._score = total
        return state.observation_vector(0), reward, terminated, False, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions as a boolean mask (what MaskablePPO asks for)."""
        return self._started("action_masks()").legal_actions_mask(0)

    # Gymnasium types render() with a TypeVar bound to nothing, which no concrete return type
    # matches.
    def render(self) -> str | None:  # type: ignore[override]
        if self.render_mode == "ansi" and self.state is not None:
            return f"{self.state!r} score {self._score}"
        return None


def register() -> None:
    """Registers the Gymnasium ids (idempotent)."""
    for env_id in ENV_IDS:
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point="welcome_to.gym:SoloEnv")
