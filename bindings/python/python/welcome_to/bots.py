"""The project's bots as baseline policies over the staged decisions.

`BotPolicy("greedy")(state, seat)` gives the next action of the whole turn the bot chooses for
`seat` (`State.bot_actions`): at the seat's turn start the bot plans its turn from what the
seat sees (never the pile order), then the policy hands out its actions one at a time. Bots
are deterministic for a seed: the policy seeds each turn's bot from its own seed, the round and
the seat.
"""

from __future__ import annotations

from typing import SupportsIndex

from ._core import RuleError, State

#: The project's bots, weakest first (`welcome simulate --bot`).
BOTS: tuple[str, ...] = ("random", "greedy", "search-fast", "search", "search-strong")


class BotPolicy:
    """A policy playing as the project's bot `bot` ("random", "greedy", "search-fast",
    "search", "search-strong")."""

    def __init__(self, bot: str = "greedy", seed: int = 0) -> None:
        if bot not in BOTS:
            err = RuleError(f"unknown_bot: no bot {bot!r} (known: {', '.join(BOTS)})")
            err.code = "unknown_bot"
            raise err
        self.bot = bot
        self.seed = int(seed)
        # Per seat: the round planned and the actions of that turn still to give.
        self._plans: dict[int, tuple[int, list[int]]] = {}

    def __call__(self, state: State, seat: SupportsIndex | None = None) -> int:
        """The next action for `seat` (default: the current player)."""
        s = state.current_player() if seat is None else int(seat)
        plan = self._plans.get(s)
        legal = state.legal_actions(s)
        if plan is None or plan[0] != state.round or not plan[1] or plan[1][0] not in legal:
            seed = (self.seed * 1_000_003 + state.round * 131 + s) % 2**64
            plan = (state.round, state.bot_actions(s, self.bot, seed=seed))
            self._plans[s] = plan
        return plan[1].pop(0)
