import random

import pytest

import welcome_to as w

# Every sheet with every mode (and a seat count it allows).
SETUPS = [
    (sheet, mode, players, advanced)
    for sheet in w.sheets()
    for (mode, players, advanced) in [("solo", 1, False), ("standard", 3, True), ("expert", 3, False)]
]


def play_random(state, rng, steps=None):
    """Plays random legal actions (all of them to the end, or `steps`)."""
    n = 0
    while not state.is_terminal() and (steps is None or n < steps):
        state.apply_action(rng.choice(state.legal_actions()))
        n += 1
    return n


@pytest.fixture
def rng():
    return random.Random(1234)
