"""Environment steps per second with a random masked policy (not a test).

    python bindings/python/bench.py [--seconds 3]

Prints, per sheet, steps and games per second of the Gymnasium solo env, of the bare
`State` (legal_actions + apply_action) and of the PettingZoo Parallel env with 4 seats.
"""

import argparse
import time

import numpy as np

import welcome_to as w
from welcome_to.gym import SoloEnv


def bench_gym(sheet, seconds):
    env = SoloEnv(sheet=sheet)
    rng = np.random.default_rng(0)
    steps = games = 0
    obs, info = env.reset(seed=0)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        obs, reward, done, _, info = env.step(action)
        steps += 1
        if done:
            games += 1
            obs, info = env.reset()
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed


def bench_state(sheet, seconds):
    rng = np.random.default_rng(0)
    steps = games = 0
    state = w.State(sheet=sheet, seed=0)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        legal = state.legal_actions()
        state.apply_action(legal[rng.integers(len(legal))])
        steps += 1
        if state.is_terminal():
            games += 1
            state = w.State(sheet=sheet, seed=games)
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed


def bench_parallel(seconds, players=4):
    from welcome_to.pettingzoo import parallel_env

    env = parallel_env(mode="standard", players=players)
    rng = np.random.default_rng(0)
    steps = games = 0
    obs, _ = env.reset(seed=0)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions = {a: rng.choice(np.flatnonzero(obs[a]["action_mask"])) for a in env.agents}
        obs, *_ = env.step(actions)
        steps += 1
        if not env.agents:
            games += 1
            obs, _ = env.reset()
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    print(f"{'what':<34}{'steps/s':>12}{'games/s':>10}")
    for sheet in w.sheets():
        for name, fn in [("gym solo env", bench_gym), ("State (solo)", bench_state)]:
            steps, games = fn(sheet, args.seconds)
            print(f"{name + ' ' + sheet:<34}{steps:>12,.0f}{games:>10,.1f}")
    try:
        steps, games = bench_parallel(args.seconds)
        print(f"{'pettingzoo parallel, 4 seats':<34}{steps:>12,.0f}{games:>10,.1f}")
    except ImportError:
        print("pettingzoo not installed: parallel env skipped")


if __name__ == "__main__":
    main()
