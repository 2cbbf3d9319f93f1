"""Environment throughput with a random masked policy, and the cost of copying a state (not
a test: it prints figures).

    python bindings/python/bench.py [--seconds 3] [--envs 64] [--threads 1,2] [--sheets classic]

Prints, per sheet (default: every 1st-edition sheet):

* the Gymnasium solo env (`SoloEnv`), one env stepped from Python with a random masked
  policy (a uniformly random index into `info["action_mask"].nonzero()[0]`, with the random
  numbers drawn ahead in bulk so that the policy costs little next to the env);
* the bare `State` (legal_actions + apply_action);
* the batched core (`BatchedSolo`, `--envs` games per call) with every `--threads` count, the
  random legal actions drawn in Rust (`sample_actions`), and its Gymnasium wrapper
  (`SoloVectorEnv`, which copies what it returns);

then `State.clone()` of a 4-seat game in round 12, timed inside Rust and from Python, and the
PettingZoo Parallel env with 4 seats. Figures are wall-clock steps (decisions) per second on
whatever else the machine is running: the load average is printed first, and a run with more
threads than free cores measures the contention, not the env. Build the package in release
mode (pip does) before measuring. numpy's BLAS threads are limited to one
(`OPENBLAS_NUM_THREADS`, unless set).
"""

from __future__ import annotations

import argparse
import os
import random
import time

# numpy's BLAS threads are of no use here and would take a core from the games' threads.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

import welcome_to as w
from welcome_to import _core
from welcome_to.gym import SoloEnv
from welcome_to.vector import SoloVectorEnv


def bench_gym(sheet, seconds):
    env = SoloEnv(sheet=sheet)
    u = np.random.default_rng(0).random(1 << 16)
    steps = games = 0
    obs, info = env.reset(seed=0)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        legal = info["action_mask"].nonzero()[0]
        obs, reward, done, _, info = env.step(legal[int(u[steps & 0xFFFF] * len(legal))])
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


def bench_batched(sheet, seconds, envs, threads):
    core = w.BatchedSolo(envs, sheet=sheet, seed=0, threads=threads)
    obs = np.zeros((envs, w.OBSERVATION_SIZE), np.float32)
    masks = np.zeros((envs, w.NUM_ACTIONS), np.bool_)
    rewards = np.zeros(envs, np.float32)
    terminations = np.zeros(envs, np.bool_)
    truncations = np.zeros(envs, np.bool_)
    actions = np.zeros(envs, np.int64)
    core.reset(obs, masks)
    calls = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        core.sample_actions(actions)
        core.step(actions, obs, masks, rewards, terminations, truncations)
        calls += 1
        games += int(terminations.sum())
    elapsed = time.perf_counter() - start
    return calls * envs / elapsed, games / elapsed


def bench_vector_env(sheet, seconds, envs, threads):
    env = SoloVectorEnv(envs, sheet=sheet, threads=threads)
    env.reset(seed=0)
    actions = np.zeros(envs, np.int64)
    calls = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.core.sample_actions(actions)
        _, _, terminations, _, _ = env.step(actions)
        calls += 1
        games += int(terminations.sum())
    elapsed = time.perf_counter() - start
    return calls * envs / elapsed, games / elapsed


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


def four_seat_state():
    """A 4-seat standard game in round 12, its current seat halfway through a turn."""
    state = w.State(sheet="classic", mode="standard", players=4, seed=3)
    rng = random.Random(0)
    while state.round < 12 and not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    state.apply_action(rng.choice(state.legal_actions()))
    return state


def bench_clone(seconds):
    state = four_seat_state()
    rust = _core._time_clones(state, 100_000)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(1000):
            state.clone()
        n += 1000
    python = (time.perf_counter() - start) / n
    return rust, python


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--envs", type=int, default=64, help="games per batched call")
    parser.add_argument("--threads", default="1,2", help="thread counts of the batched env")
    parser.add_argument("--sheets", default=",".join(w.sheets()), help="sheets, comma-separated")
    args = parser.parse_args()
    threads = [int(t) for t in args.threads.split(",")]
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} cores")
    print(f"{'what':<46}{'steps/s':>12}{'games/s':>10}")
    for sheet in args.sheets.split(","):
        rows = [("gym solo env " + sheet, bench_gym), ("State (solo) " + sheet, bench_state)]
        for name, fn in rows:
            steps, games = fn(sheet, args.seconds)
            print(f"{name:<46}{steps:>12,.0f}{games:>10,.1f}")
        for t in threads:
            steps, games = bench_batched(sheet, args.seconds, args.envs, t)
            name = f"BatchedSolo {sheet}, {args.envs} games, {t} thread(s)"
            print(f"{name:<46}{steps:>12,.0f}{games:>10,.1f}")
        steps, games = bench_vector_env(sheet, args.seconds, args.envs, threads[-1])
        name = f"SoloVectorEnv {sheet}, {args.envs} games, {threads[-1]} thr."
        print(f"{name:<46}{steps:>12,.0f}{games:>10,.1f}")
    rust, python = bench_clone(args.seconds)
    print(f"State.clone(), 4 seats, round 12: {rust * 1e9:,.0f} ns inside Rust, "
          f"{python * 1e9:,.0f} ns from Python")
    try:
        steps, games = bench_parallel(args.seconds)
        print(f"{'pettingzoo parallel, 4 seats':<46}{steps:>12,.0f}{games:>10,.1f}")
    except ImportError:
        print("pettingzoo not installed: parallel env skipped")


if __name__ == "__main__":
    main()
