"""Uses the package the way a typed user program would; test.sh checks it with `mypy --strict`
and runs it. `assert_type` fails the type check when a stub's type drifts from what is written
here. (Not a pytest module: its name does not start with `test_`.)"""

from __future__ import annotations

import copy
import random
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from typing_extensions import assert_type

import welcome_to as w
from welcome_to.gym import SoloEnv
from welcome_to.pettingzoo import WAIT, parallel_env
from welcome_to.vector import SoloVectorEnv


def random_game(seed: int) -> list[float]:
    """A solo game played to the end with random legal actions."""
    state = w.State(sheet="easter", mode="solo", seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        actions = assert_type(state.legal_actions(), list[int])
        decisions = state.legal_decisions()
        assert [d["action"] for d in decisions] == actions
        assert all(isinstance(d["decision"], dict) for d in decisions)
        assert_type(decisions[0]["text"], str)
        state.apply_action(rng.choice(actions))
    assert state.current_player() == w.TERMINAL
    return state.returns()


def inspect(state: w.State) -> None:
    """Every query of a state, with the types the stubs promise."""
    assert_type(state.mode, Literal["solo", "standard", "expert"])
    assert state.mode in w.MODES
    sheet: str = state.sheet
    assert sheet in w.sheets()
    assert_type(state.round, int)
    assert_type(state.advanced, bool)
    assert_type(state.num_players(), int)
    stage: str = state.stage(0)
    assert stage in ("start", "play", "choice", "effect", "plans", "done")
    assert_type(state.turn_finished(0), bool)

    mask = assert_type(state.legal_actions_mask(), npt.NDArray[np.bool_])
    assert mask.shape == (w.NUM_ACTIONS,)
    first = int(np.flatnonzero(mask)[0])
    kind: str = w.action_kind(first)
    assert w.action_ranges()[kind][1] > 0
    assert state.decision(first)["kind"] == kind

    vector = assert_type(state.observation_vector(0), npt.NDArray[np.float32])
    assert vector.shape == (w.OBSERVATION_SIZE,)
    parts = state.observation(0)
    assert_type(parts["houses"], npt.NDArray[np.float32])
    assert [name for name, _ in w.observation_layout()] == list(parts)

    score = state.scores()[0]
    total: int = score["total"]
    rows: list[str] = [row["id"] for row in score["rows"]]
    by_size: list[int] = score["tie_break"]["by_size"]
    assert rows and total == sum(row["points"] for row in score["rows"]) and by_size
    assert_type(state.ranks(), list[int])

    copies: list[w.State] = [
        state.clone(),
        copy.copy(state),
        copy.deepcopy(state),
        w.State.deserialize(state.serialize()),
        w.State.from_record(state.record_json()),
        state.resample_from_infostate(0, seed=1),
        w.State.new(mode="standard", players=np.int64(3), seed=2, edition=w.editions()[0]),
    ]
    assert all(c.sheet == state.sheet for c in copies[:-1])


def rule_error_code() -> str:
    """An illegal action raises `RuleError` with its stable code."""
    state = w.State(seed=0)
    try:
        state.apply_action(w.NUM_ACTIONS)
    except w.RuleError as e:
        return e.code
    raise AssertionError("no RuleError")


def solo_env() -> float:
    """A few steps of the Gymnasium env with masked random actions."""
    env = SoloEnv(sheet="classic", shaped=True)
    obs, info = env.reset(seed=3)
    assert_type(obs, npt.NDArray[np.float32])
    gained = 0.0
    for _ in range(20):
        legal = np.flatnonzero(env.action_masks())
        obs, reward, terminated, truncated, info = env.step(int(legal[0]))
        gained += reward
        if terminated or truncated:
            break
    text: str | None = env.render()
    assert text is None
    return gained


def batched_steps() -> float:
    """The batched core into caller buffers, and its Gymnasium vector env."""
    n = 4
    core = w.BatchedSolo(n, sheet="easter", seed=1, threads=2)
    obs = np.zeros((n, w.OBSERVATION_SIZE), np.float32)
    masks = np.zeros((n, w.NUM_ACTIONS), np.bool_)
    rewards = np.zeros(n, np.float32)
    terminations = np.zeros(n, np.bool_)
    truncations = np.zeros(n, np.bool_)
    actions = np.zeros(n, np.int64)
    core.reset(obs, masks, seeds=[1, 2, 3, 4])
    for _ in range(10):
        core.sample_actions(actions)
        core.step(actions, obs, masks, rewards, terminations, truncations)
    round_, stage, score = core.status(0)
    assert_type(round_, int)
    assert stage in ("start", "play", "effect", "plans", "choice", "done")
    assert_type(core.game_seeds(), list[int])
    assert isinstance(core.state(0), w.State) and core.num_envs == len(core) == n

    env = SoloVectorEnv(num_envs=n, sheet="classic")
    batch, infos = env.reset(seed=5)
    assert_type(batch, npt.NDArray[np.float32])
    mask = assert_type(env.action_masks(), npt.NDArray[np.bool_])
    chosen = np.array([np.flatnonzero(row)[0] for row in mask], np.int64)
    batch, gained, ended, _, infos = env.step(chosen)
    assert batch.shape == (n, w.OBSERVATION_SIZE) and "action_mask" in infos
    return float(gained.sum()) + score


def parallel_steps() -> dict[str, float]:
    """A few steps of the PettingZoo Parallel env, every seat taking its first legal action."""
    env = parallel_env(mode="standard", players=2)
    observations, infos = env.reset(seed=4)
    rewards: dict[str, float] = {}
    for _ in range(10):
        actions: dict[str, int] = {}
        for agent in env.agents:
            mask: npt.NDArray[Any] = observations[agent]["action_mask"]
            actions[agent] = int(np.flatnonzero(mask)[0])
        observations, rewards, terminations, truncations, infos = env.step(actions)
        assert all(a == WAIT or a < w.NUM_ACTIONS for a in actions.values())
    return rewards


if __name__ == "__main__":
    assert len(random_game(5)) == 1
    state = w.State(sheet="classic", mode="standard", players=2, seed=9)
    state.apply_action(state.legal_actions()[0])
    inspect(state)
    assert rule_error_code() == "no_such_action"
    solo_env()
    batched_steps()
    parallel_steps()
    print("typecheck_example: ok")
