"""Trains sb3-contrib's MaskablePPO on solo games and compares it with the random bot.

    pip install ./bindings/python -r bindings/python/examples/requirements.txt
    python bindings/python/examples/train_maskable_ppo.py [--timesteps 200000] [--envs 16]

The games are stepped by the batched env (`welcome_to.vector.SoloVectorEnv`, many games in
one call in Rust), wrapped here as a Stable-Baselines3 `VecEnv` whose `action_masks()` the
masked policy reads. Training uses the shaped reward (the change of the running score each
round); the evaluation plays one game per fixed seed (game seeds `--eval-seed` onwards) with
the trained policy (deterministic, masked) and with the random bot (a uniformly random legal
action, the batched core's `sample_actions`) and prints both mean final scores.

`--check` exits with status 1 unless the policy's mean score beats the random bot's (use it
with a run long enough to learn something; CI runs a few thousand steps without it, as a
smoke test of the whole path).
"""

from __future__ import annotations

import argparse
import time
from typing import Any, Sequence

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import VecEnv, VecMonitor

import welcome_to as w
from welcome_to.vector import SoloVectorEnv


class WelcomeVecEnv(VecEnv):
    """A Stable-Baselines3 VecEnv over the batched env (same-step autoreset, as SB3 expects:
    a finished game's last observation is `infos[i]["terminal_observation"]`)."""

    def __init__(self, env: SoloVectorEnv) -> None:
        self.env = env
        self._actions: np.ndarray | None = None
        super().__init__(env.num_envs, env.single_observation_space, env.single_action_space)

    def reset(self) -> np.ndarray:
        seeds = self._seeds
        obs, _ = self.env.reset(seed=None if seeds[0] is None else [int(s or 0) for s in seeds])
        self._reset_seeds()
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = actions

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        obs, rewards, terminations, truncations, infos = self.env.step(self._actions)
        dones = terminations | truncations
        out: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(dones):
            out[i]["terminal_observation"] = infos["final_obs"][i]
            out[i]["TimeLimit.truncated"] = bool(truncations[i])
        return obs, rewards, dones, out

    def close(self) -> None:
        self.env.close()

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        return [getattr(self.env, attr_name) for _ in self._get_indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        raise AttributeError(f"the batched env has no per-game attribute {attr_name!r}")

    def env_method(self, method_name: str, *args: Any, indices: Any = None,
                   **kwargs: Any) -> list[Any]:
        if method_name == "action_masks":
            masks = self.env.action_masks()
            return [masks[i] for i in self._get_indices(indices)]
        raise AttributeError(f"the batched env has no per-game method {method_name!r}")

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False for _ in self._get_indices(indices)]


def evaluate(sheet: str, seeds: Sequence[int], policy: MaskablePPO | None) -> np.ndarray:
    """Final scores of one game per seed, played by `policy` (or the random bot if None)."""
    n = len(seeds)
    env = SoloVectorEnv(n, sheet=sheet)
    obs, _ = env.reset(seed=list(seeds))
    scores = np.zeros(n)
    done = np.zeros(n, np.bool_)
    actions = np.zeros(n, np.int64)
    while not done.all():
        if policy is None:
            env.core.sample_actions(actions)
        else:
            actions, _ = policy.predict(obs, action_masks=env.action_masks(), deterministic=True)
        obs, rewards, terminations, _, _ = env.step(actions)
        first = terminations & ~done  # rows play on after their game; only the first counts
        scores[first] = rewards[first]
        done |= terminations
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timesteps", type=int, default=200_000, help="training steps (decisions)")
    parser.add_argument("--envs", type=int, default=16, help="games stepped together")
    parser.add_argument("--threads", type=int, default=1, help="threads stepping the games")
    parser.add_argument("--torch-threads", type=int, default=1,
                        help="torch's threads (more than the free cores slows it down a lot)")
    parser.add_argument("--sheet", default="classic", choices=w.sheets())
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--eval-seed", type=int, default=1_000_000,
                        help="first game seed of the evaluation (training never plays it)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", help="where to save the trained model (a .zip)")
    parser.add_argument("--check", action="store_true",
                        help="fail unless the policy beats the random bot")
    args = parser.parse_args()
    torch.set_num_threads(args.torch_threads)

    env = SoloVectorEnv(args.envs, sheet=args.sheet, shaped=True, threads=args.threads,
                        seed=args.seed)
    venv = VecMonitor(WelcomeVecEnv(env))
    model = MaskablePPO("MlpPolicy", venv, n_steps=256, batch_size=512, n_epochs=4,
                        learning_rate=3e-4, gamma=0.995, ent_coef=0.01, seed=args.seed,
                        policy_kwargs={"net_arch": [256, 256]}, device="cpu", verbose=0)
    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps)
    took = time.perf_counter() - start
    print(f"trained {model.num_timesteps:,} steps on {args.sheet} in {took:.0f} s "
          f"({model.num_timesteps / took:,.0f} steps/s)")
    if args.save:
        model.save(args.save)

    seeds = range(args.eval_seed, args.eval_seed + args.eval_games)
    random_scores = evaluate(args.sheet, seeds, None)
    policy_scores = evaluate(args.sheet, seeds, model)
    print(f"mean final score over {args.eval_games} games (seeds {seeds.start}…{seeds.stop - 1}):")
    print(f"  random bot    {random_scores.mean():7.2f}  (sd {random_scores.std():.2f})")
    print(f"  MaskablePPO   {policy_scores.mean():7.2f}  (sd {policy_scores.std():.2f})")
    better = policy_scores.mean() > random_scores.mean()
    print("the policy beats the random bot" if better else "the policy does not beat the random bot")
    if args.check and not better:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
