"""Welcome To… Your Perfect Home for game-AI work.

`State` is an OpenSpiel-like game state over the engine's staged turn machine; the action
space and the observation are fixed (see the package README). `BatchedSolo` steps many solo
games in one call into numpy buffers. `welcome_to.gym`, `welcome_to.vector` and
`welcome_to.pettingzoo` hold the environments; importing this package registers the
Gymnasium ids (`WelcomeTo-Solo-v0`, with a vector entry point) when Gymnasium is installed.
"""

from __future__ import annotations

from ._core import (
    CLAIMS_PER_PLAN,
    NUM_ACTIONS,
    OBSERVATION_SIZE,
    TERMINAL,
    BatchedSolo,
    RuleError,
    State,
    action_kind,
    action_ranges,
    editions,
    observation_layout,
    sheets,
)

MODES: tuple[str, ...] = ("solo", "standard", "expert")

__all__ = [
    "CLAIMS_PER_PLAN",
    "MODES",
    "NUM_ACTIONS",
    "OBSERVATION_SIZE",
    "TERMINAL",
    "BatchedSolo",
    "RuleError",
    "State",
    "action_kind",
    "action_ranges",
    "editions",
    "observation_layout",
    "sheets",
]

try:  # Gymnasium is optional: register the ids only when it is there.
    import gymnasium as _gymnasium  # noqa: F401
except ImportError:  # pragma: no cover - depends on the environment
    pass
else:
    from .gym import register as _register

    _register()
