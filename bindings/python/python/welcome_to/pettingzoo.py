"""PettingZoo environments for 2 or more seats (standard and expert modes).

`parallel_env(...)` is a Parallel env: every live agent acts at each step. A seat builds its
turn one decision at a time; a seat whose turn is finished while others still decide plays
`WAIT` (the last action, `NUM_ACTIONS`), the only legal action then. The round resolves once
every seat finished. Observations are dicts: `observation` (the seat's flat float32 vector)
and `action_mask` (int8, `NUM_ACTIONS + 1` long). Rewards come when the game ends:
`reward="difference"` gives each seat its score minus the mean of the others' (zero-sum),
`reward="score"` its score; with `shaped=True` each step instead rewards the change of that
value since the step before (the running scores of the rounds resolved), adding up to the final
value minus the blank sheets'. `bots={1: "greedy"}` seats the project's bots at those seats
(not agents: each plays its whole turn as a round starts, seeing only its seat's view).
`env(...)` is the AEC form through PettingZoo's converter.
"""

from __future__ import annotations

import functools
from typing import Any, Mapping, SupportsIndex

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]  # no type information
from pettingzoo.utils.conversions import parallel_to_aec  # type: ignore[import-untyped]

from ._core import NUM_ACTIONS, OBSERVATION_SIZE, RuleError, State, editions, sheets

WAIT: int = NUM_ACTIONS
#: The project's bots, weakest first (`welcome simulate --bot`).
BOTS: tuple[str, ...] = ("random", "greedy", "search-fast", "search", "search-strong")


def _refuse(code: str, message: str) -> RuleError:
    err = RuleError(f"{code}: {message}")
    err.code = code
    return err


class ParallelWelcomeEnv(ParallelEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """Standard or expert play with `players` seats, agents `seat_0`, `seat_1`, …, on any
    edition's sheet; `nine_three_quarters` adds the collector edition's three 9¾ cards."""

    metadata: dict[str, Any] = {"name": "welcome_to_v0", "render_modes": ["ansi"], "is_parallelizable": True}

    def __init__(self, sheet: str = "classic", mode: str = "standard", players: int = 2,
                 advanced: bool = False, reward: str = "difference",
                 render_mode: str | None = None, edition: str = "first",
                 nine_three_quarters: bool = False, bots: Mapping[int, str] | None = None,
                 shaped: bool = False) -> None:
        if edition not in editions():
            raise ValueError(f"unknown_edition: no edition {edition!r} (known: {', '.join(editions())})")
        if sheet not in sheets(edition):
            raise ValueError(
                f"unknown_sheet: no sheet {sheet!r} (known: {', '.join(sheets(edition))})")
        if mode not in ("standard", "expert"):
            raise ValueError(f"unknown_mode: the multi-seat modes are standard and expert, not {mode!r}")
        if reward not in ("difference", "score"):
            raise ValueError(f"bad_argument: reward must be 'difference' or 'score', not {reward!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"bad_argument: render_mode must be None or 'ansi', not {render_mode!r}")
        # Checks the seat count against the mode's rules.
        State(sheet=sheet, mode=mode, players=players, advanced=advanced, seed=0,
              edition=edition, nine_three_quarters=nine_three_quarters)
        self.sheet, self.mode, self.players = sheet, mode, int(players)
        self.edition, self.nine_three_quarters = edition, bool(nine_three_quarters)
        self.advanced, self.reward, self.render_mode = bool(advanced), reward, render_mode
        self.shaped = bool(shaped)
        # The value each agent's reward measures, as of the last step (for `shaped`).
        self._last: dict[str, float] = {}
        # Seats played by the project's bots (seat → "random", "greedy", "search-fast", …): not
        # agents; each plays its whole turn as a round starts.
        self.bots: dict[int, str] = {}
        for seat, kind in dict(bots or {}).items():
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
                raise ValueError(f"no_such_seat: bots names seat {seat!r}; seats are 0 to {self.players - 1}")
            if kind not in BOTS:
                raise ValueError(f"unknown_bot: no bot {kind!r} (known: {', '.join(BOTS)})")
            self.bots[seat] = kind
        if len(self.bots) == self.players:
            raise ValueError("bad_argument: every seat is a bot; at least one seat must be an agent")
        self._seats: dict[str, int] = {f"seat_{i}": i for i in range(self.players) if i not in self.bots}
        self.possible_agents: list[str] = list(self._seats)
        self.agents: list[str] = []
        self.state: State | None = None
        self._rng = np.random.default_rng()

    @functools.lru_cache(maxsize=None)
    def observation_space(self, agent: str) -> spaces.Dict:
        return spaces.Dict({
            "observation": spaces.Box(-10.0, max(10.0, self.players / 10), (OBSERVATION_SIZE,), np.float32),
            "action_mask": spaces.Box(0, 1, (NUM_ACTIONS + 1,), np.int8),
        })

    @functools.lru_cache(maxsize=None)
    def action_space(self, agent: str) -> spaces.Discrete:
        return spaces.Discrete(NUM_ACTIONS + 1)

    def _started(self) -> State:
        if self.state is None:
            raise ValueError("not_started: call reset() first")
        return self.state

    def _mask(self, seat: int) -> npt.NDArray[np.int8]:
        state = self._started()
        mask = np.zeros(NUM_ACTIONS + 1, np.int8)
        if state.is_terminal():
            return mask
        if state.turn_finished(seat):
            mask[WAIT] = 1
        else:
            mask[:NUM_ACTIONS] = state.legal_actions_mask(seat)
        return mask

    def _observe(self, seat: int) -> dict[str, npt.NDArray[Any]]:
        return {"observation": self._started().observation_vector(seat), "action_mask": self._mask(seat)}

    def _infos(self) -> dict[str, dict[str, Any]]:
        state = self._started()
        return {a: {"round": state.round, "stage": state.stage(i)}
                for a, i in self._seats.items()}

    def _values(self, state: State) -> dict[str, float]:
        """What the rewards measure, per agent: its score, or its score minus the mean of the
        others' (the running scores as of the last resolved round; the final ones at the end)."""
        totals = [float(s["total"]) for s in state.scores()]
        out = {}
        for a, i in self._seats.items():
            if self.reward == "score" or self.players == 1:
                out[a] = totals[i]
            else:
                others = totals[:i] + totals[i + 1:]
                out[a] = totals[i] - sum(others) / len(others)
        return out

    def _play_bots(self, state: State) -> None:
        """The bot seats that have not played this round play their whole turn."""
        while self.bots and not state.is_terminal():
            todo = [i for i in self.bots if not state.turn_finished(i)]
            if not todo:
                return
            for i in todo:
                state.play_bot(i, self.bots[i], seed=(self._game_seed * 1_000_003 + state.round * 131 + i) % 2**64)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, dict[str, npt.NDArray[Any]]], dict[str, dict[str, Any]]]:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        game_seed = int(self._rng.integers(0, 2**63))
        self._game_seed = game_seed
        self.state = State(sheet=self.sheet, mode=self.mode, players=self.players,
                           advanced=self.advanced, seed=game_seed, edition=self.edition,
                           nine_three_quarters=self.nine_three_quarters)
        self._play_bots(self.state)
        self._last = self._values(self.state)
        self.agents = list(self.possible_agents)
        obs = {a: self._observe(i) for a, i in self._seats.items()}
        return obs, self._infos()

    def step(self, actions: Mapping[str, SupportsIndex]) -> tuple[
        dict[str, dict[str, npt.NDArray[Any]]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        if self.state is None or not self.agents:
            raise ValueError("not_started: call reset() before step(), and not after the game ended")
        missing = [a for a in self.agents if a not in actions]
        if missing:
            raise ValueError(f"missing_action: no action for {', '.join(missing)}")
        # Work on a copy so that an illegal action leaves the game as it was.
        state = self.state.clone()
        waiting = [state.turn_finished(i) for i in range(self.players)]
        for agent, i in self._seats.items():
            action = actions[agent]
            if waiting[i]:
                if int(action) != WAIT:
                    raise _refuse("must_wait", f"{agent} has finished its turn; its only action is WAIT ({WAIT})")
                continue
            if int(action) == WAIT:
                raise _refuse("turn_unfinished", f"{agent} has a decision to take; WAIT is not legal")
            state.apply_action_for(i, action)
        # A round that resolved starts with the bots' turns.
        self._play_bots(state)
        self.state = state
        over = state.is_terminal()
        rewards = {a: 0.0 for a in self.agents}
        if over or self.shaped:
            values = self._values(state)
            for a in self.agents:
                rewards[a] = values[a] - self._last.get(a, 0.0) if self.shaped else values[a]
            self._last = values
        obs = {a: self._observe(i) for a, i in self._seats.items()}
        terminations = {a: over for a in self.agents}
        truncations = {a: False for a in self.agents}
        infos = self._infos()
        if over:
            self.agents = []
        return obs, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode == "ansi" and self.state is not None:
            return repr(self.state)
        return None

    def close(self) -> None:
        pass


def parallel_env(**kwargs: Any) -> ParallelWelcomeEnv:
    """The Parallel env (see the module doc for its arguments)."""
    return ParallelWelcomeEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The AEC form of the Parallel env, through PettingZoo's converter."""
    return parallel_to_aec(parallel_env(**kwargs))
