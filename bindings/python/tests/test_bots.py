"""The project's bots from Python: `State.bot_actions` / `play_bot`, `BotPolicy`, and bot seats
in the PettingZoo env. A bot's turn is made of listed actions, it is deterministic for a seed,
it never reads what its seat cannot see, and it plays better than chance."""

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test

import welcome_to as w
from welcome_to.bots import BOTS, BotPolicy
from welcome_to.pettingzoo import parallel_env


def solo_game(bot, seed, **kw):
    state = w.State(seed=seed, **kw)
    while not state.is_terminal():
        state.play_bot(bot=bot, seed=seed * 1000 + state.round)
    return state


def test_a_bot_turn_is_listed_actions_taken_one_at_a_time():
    for sheet in w.sheets():
        state = w.State(sheet=sheet, seed=3)
        actions = state.bot_actions(0, "greedy", seed=1)
        assert actions, sheet
        probe = state.clone()
        for a in actions:
            assert a in probe.legal_actions(0), (sheet, a)
            probe.apply_action(a)
        assert probe.round == 2 or probe.is_terminal()
        # the same as play_bot
        played = state.clone()
        played.play_bot(0, "greedy", seed=1)
        assert played.serialize() == probe.serialize()


def test_bots_are_deterministic_and_greedy_beats_random():
    greedy = [solo_game("greedy", s).returns()[0] for s in range(4)]
    again = [solo_game("greedy", s).returns()[0] for s in range(4)]
    assert greedy == again
    rand = [solo_game("random", s).returns()[0] for s in range(4)]
    assert np.mean(greedy) > np.mean(rand) + 20, (greedy, rand)


def test_every_bot_plays_the_collector_edition_and_expert():
    state = w.State(sheet="zombies", mode="expert", players=2, edition="collector", seed=5)
    for bot in BOTS[:3]:
        for seat in (0, 1):
            if not state.is_terminal() and not state.turn_finished(seat):
                state.play_bot(seat, bot, seed=seat)
    state = w.State(sheet="halloween", edition="collector", aaa_level=2, seed=6)
    state.play_bot(bot="search-fast", seed=2)
    assert state.round == 2


def test_a_bot_never_reads_what_its_seat_cannot_see():
    state = w.State(mode="standard", players=3, seed=11)
    for _ in range(4):
        for seat in range(3):
            state.play_bot(seat, "greedy", seed=seat)
    mine = state.bot_actions(1, "search-fast", seed=9)
    for k in range(3):
        other = state.resample_from_infostate(1, k)
        assert other.bot_actions(1, "search-fast", seed=9) == mine


def test_bad_calls_raise_and_change_nothing():
    state = w.State(seed=2)
    before = state.serialize()
    with pytest.raises(w.RuleError) as err:
        state.bot_actions(bot="clever")
    assert err.value.code == "unknown_bot"
    with pytest.raises(w.RuleError) as err:
        state.play_bot(7)
    assert err.value.code == "no_such_seat"
    state.apply_action(state.legal_actions()[0])
    middle = state.serialize()
    with pytest.raises(w.RuleError) as err:
        state.play_bot(0)
    assert err.value.code == "bot_mid_turn"
    assert state.serialize() == middle
    assert before != middle
    with pytest.raises(w.RuleError) as err:
        BotPolicy("clever")
    assert err.value.code == "unknown_bot"


def test_the_policy_plays_the_bot_game_through_the_solo_env():
    from welcome_to.gym import SoloEnv

    env = SoloEnv()
    policy = BotPolicy("greedy", seed=4)
    obs, info = env.reset(seed=8)
    total = 0.0
    done = False
    while not done:
        action = policy(env.state, 0)
        assert info["action_mask"][action]
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
    assert total > 40, total


def test_bot_seats_in_the_parallel_env():
    env = parallel_env(mode="standard", players=3, bots={1: "greedy", 2: "random"})
    assert env.possible_agents == ["seat_0"]
    parallel_api_test(parallel_env(mode="expert", players=3, bots={0: "greedy"}), num_cycles=200)
    obs, infos = env.reset(seed=1)
    rng = np.random.default_rng(0)
    while env.agents:
        mask = obs["seat_0"]["action_mask"]
        obs, rewards, terms, truncs, infos = env.step({"seat_0": int(rng.choice(np.flatnonzero(mask)))})
    assert env.state.is_terminal()
    for bad, code in [({5: "greedy"}, "no_such_seat"), ({1: "clever"}, "unknown_bot"),
                      ({0: "greedy", 1: "greedy", 2: "greedy"}, "bad_argument")]:
        with pytest.raises(ValueError, match=code):
            parallel_env(mode="standard", players=3, bots=bad)
