"""The Gymnasium solo env and the PettingZoo Parallel (and AEC) envs."""

import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test

import welcome_to as w
from welcome_to.gym import SoloEnv
from welcome_to.pettingzoo import WAIT, env as aec_env, parallel_env


def test_registered_ids():
    env = gymnasium.make("WelcomeTo-Solo-v0", sheet="easter")
    obs, info = env.reset(seed=1)
    assert obs.shape == (w.OBSERVATION_SIZE,)
    assert info["action_mask"].shape == (w.NUM_ACTIONS,)
    assert env.unwrapped.sheet == "easter"


@pytest.mark.parametrize("sheet", ["classic", "ice-cream"])
def test_check_env(sheet):
    # The checker samples the whole action space, so illegal actions are penalised here.
    check_env(SoloEnv(sheet=sheet, illegal_action="penalty"), skip_render_check=True)


def run_episode(env, seed, policy_seed=0):
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(policy_seed)
    total, steps, done = 0.0, 0, False
    while not done:
        mask = env.action_masks()
        assert np.array_equal(mask, info["action_mask"])
        action = rng.choice(np.flatnonzero(mask))
        obs, reward, done, truncated, info = env.step(action)
        assert not truncated
        total += reward
        steps += 1
    return total, steps, obs


@pytest.mark.parametrize("sheet", w.sheets())
def test_reward_is_the_final_score_and_matches_the_record(sheet):
    env = SoloEnv(sheet=sheet)
    total, steps, _ = run_episode(env, seed=5)
    replayed = w.State.from_record(env.state.record_json())
    assert total == replayed.returns()[0] == env.state.returns()[0]
    shaped = SoloEnv(sheet=sheet, shaped=True)
    shaped_total, shaped_steps, _ = run_episode(shaped, seed=5)
    assert shaped_steps == steps
    blank = w.State(sheet=sheet, seed=0).scores()[0]["total"]
    assert shaped_total == pytest.approx(total - blank)


def test_env_determinism_by_seed():
    a = run_episode(SoloEnv(), seed=9, policy_seed=1)
    b = run_episode(SoloEnv(), seed=9, policy_seed=1)
    c = run_episode(SoloEnv(), seed=10, policy_seed=1)
    assert a[:2] == b[:2] and np.array_equal(a[2], b[2])
    assert not np.array_equal(a[2], c[2]) or a[:2] != c[:2]


def test_env_illegal_actions():
    env = SoloEnv()
    obs, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    with pytest.raises(ValueError) as err:
        env.step(illegal)
    assert err.value.code
    env = SoloEnv(illegal_action="penalty", illegal_reward=-5)
    obs, info = env.reset(seed=2)
    obs2, reward, done, _, info2 = env.step(illegal)
    assert reward == -5 and not done and info2["illegal"]
    assert np.array_equal(obs, obs2)
    # Nothing changed, but every array is a new one (Gymnasium's checker refuses reused data).
    assert np.array_equal(info["action_mask"], info2["action_mask"])
    assert not np.shares_memory(info["action_mask"], info2["action_mask"])
    assert not np.shares_memory(obs, obs2)
    info2["action_mask"][:] = False
    assert np.array_equal(env.action_masks(), info["action_mask"])
    _, _, _, _, info3 = env.step(illegal)
    assert not np.shares_memory(info2["action_mask"], info3["action_mask"])
    assert np.array_equal(info3["action_mask"], info["action_mask"])
    with pytest.raises(ValueError):
        SoloEnv(sheet="nope")
    with pytest.raises(ValueError):
        SoloEnv(illegal_action="ignore")


@pytest.mark.parametrize("mode,players", [("standard", 2), ("expert", 3), ("standard", 4)])
def test_parallel_api(mode, players):
    parallel_api_test(parallel_env(mode=mode, players=players, sheet="christmas"), num_cycles=400)


def test_aec_api():
    api_test(aec_env(mode="expert", players=2), num_cycles=200)


def play_parallel(env, seed):
    obs, infos = env.reset(seed=seed)
    rng = random.Random(seed)
    totals = {a: 0.0 for a in env.possible_agents}
    while env.agents:
        actions = {a: rng.choice(list(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents}
        obs, rewards, terms, truncs, infos = env.step(actions)
        for a, r in rewards.items():
            totals[a] += r
    return totals


def test_parallel_game_rewards_and_record():
    env = parallel_env(mode="expert", players=3, sheet="easter")
    totals = play_parallel(env, seed=3)
    scores = w.State.from_record(env.state.record_json()).returns()
    assert scores == env.state.returns()
    for i, a in enumerate(env.possible_agents):
        others = scores[:i] + scores[i + 1:]
        assert totals[a] == pytest.approx(scores[i] - sum(others) / len(others))
    assert sum(totals.values()) == pytest.approx(0.0)
    assert play_parallel(parallel_env(mode="expert", players=3, sheet="easter"), seed=3) == totals


def test_parallel_wait_and_errors():
    env = parallel_env(mode="standard", players=2)
    obs, _ = env.reset(seed=1)
    # Seat 0 finishes its turn decision by decision while seat 1 refuses to move on: take
    # seat 1's decisions too, and look at a step where one seat waits.
    saw_wait = False
    rng = random.Random(0)
    for _ in range(200):
        if not env.agents:
            break
        masks = {a: obs[a]["action_mask"] for a in env.agents}
        for a, m in masks.items():
            if m[WAIT]:
                assert m.sum() == 1
                saw_wait = True
        actions = {a: rng.choice(list(np.flatnonzero(m))) for a, m in masks.items()}
        obs, *_ = env.step(actions)
    assert saw_wait
    env.reset(seed=2)
    before = env.state.serialize()
    with pytest.raises(ValueError) as err:
        env.step({"seat_0": WAIT, "seat_1": WAIT})
    assert err.value.code == "turn_unfinished"
    with pytest.raises(ValueError):
        env.step({"seat_0": 0})
    assert env.state.serialize() == before
    with pytest.raises(ValueError):
        parallel_env(mode="solo")
    with pytest.raises(ValueError):
        parallel_env(mode="expert", players=1)


@pytest.mark.parametrize("reward", ["difference", "score"])
def test_shaped_rewards_add_up_to_the_final_ones(reward):
    """Per-round deltas add up to the final value minus the blank sheets'; the plain env gives
    the final value once, at the end, for the same game."""
    rng_actions = {}
    for shaped in (False, True):
        env = parallel_env(mode="standard", players=3, sheet="ice-cream", reward=reward, shaped=shaped)
        obs, _ = env.reset(seed=21)
        start = env._values(env.state)
        rng = np.random.default_rng(4)
        total = {a: 0.0 for a in env.possible_agents}
        nonzero_midgame = 0
        while env.agents:
            actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents}
            obs, rewards, terms, truncs, _ = env.step(actions)
            for a, r in rewards.items():
                total[a] += r
                if r and not all(terms.values()):
                    nonzero_midgame += 1
        final = env._values(env.state)
        rng_actions[shaped] = env.state.record_json()
        if shaped:
            assert nonzero_midgame > 0, "shaped rewards come during the game"
            for a in total:
                assert total[a] == pytest.approx(final[a] - start[a])
        else:
            assert nonzero_midgame == 0
            for a in total:
                assert total[a] == pytest.approx(final[a])
    # the same seed and actions play the same game either way
    assert rng_actions[False] == rng_actions[True]
