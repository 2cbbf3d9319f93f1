"""The collector edition's 9¾ cards (`nine_three_quarters=True`): games in every mode play and
replay, a ¾ number is a string in decisions and records, the action encoding still maps one
action to one decision, and the 1st edition refuses the option."""

import random

import numpy as np
import pytest

import welcome_to as w


def quarter(decision):
    """The ¾ number a build decision writes, or None."""
    if decision["kind"] != "build":
        return None
    number = decision["decision"]["build"]["number"]
    return number if isinstance(number, str) else None


@pytest.mark.parametrize("sheet,mode,players,level", [
    ("classic", "standard", 3, None),
    ("christmas", "expert", 2, None),
    ("atomic-war", "solo", 1, 2),
    ("easter", "solo", 1, 0),
])
def test_games_with_the_cards_play_and_replay(sheet, mode, players, level):
    rng = random.Random(hash((sheet, mode)) & 0xFFFF)
    written = set()
    for seed in range(6):
        state = w.State(sheet=sheet, mode=mode, players=players, edition="collector",
                        aaa_level=level, nine_three_quarters=True, seed=seed)
        assert state.nine_three_quarters
        while not state.is_terminal():
            seat = state.current_player()
            decisions = state.legal_decisions(seat)
            actions = [d["action"] for d in decisions]
            assert len(set(actions)) == len(actions)  # one action per listed decision
            assert actions == state.legal_actions(seat)
            # Prefer writing a ¾ number when one is offered.
            quarters = [d for d in decisions if quarter(d)]
            chosen = rng.choice(quarters or decisions)
            if quarters:
                assert quarter(chosen) in {"7¾", "8¾", "9¾", "10¾", "11¾"}
                assert "¾" in chosen["text"]
                written.add(quarter(chosen))
                assert state.decision(chosen["action"], seat) == chosen
            state.apply_action(chosen["action"])
        record = state.record_json()
        assert '"nine_three_quarters":true' in record
        again = w.State.from_record(record)
        assert again.scores() == state.scores()
        assert again.record_json() == record
    assert written, "some game offered a 9¾ card"


def test_the_option_needs_an_edition_with_the_cards():
    with pytest.raises(w.RuleError) as err:
        w.State(mode="standard", players=2, nine_three_quarters=True)
    assert err.value.code == "no_nine_three_quarters"
    assert not w.State(mode="standard", players=2).nine_three_quarters
    assert "nine_three_quarters" not in w.State(mode="standard", players=2).record_json()


def test_observations_place_a_three_quarter_number_between_its_neighbours():
    for seed in range(40):
        state = w.State(sheet="classic", mode="solo", edition="collector", aaa_level=1,
                        nine_three_quarters=True, seed=seed)
        while not state.is_terminal():
            decisions = state.legal_decisions()
            nine = [d for d in decisions if quarter(d) == "9¾"]
            if not nine:
                state.apply_action(decisions[0]["action"])
                continue
            # The hand's 9¾ card: its weight split between 9 and 10.
            offer = state.observation(0)["offer"]
            rows = [row for row in offer if row[9] == pytest.approx(0.25)]
            assert rows and rows[0][10] == pytest.approx(0.75)
            state.apply_action(nine[0]["action"])
            street, house = (x - 1 for x in nine[0]["decision"]["build"]["house"])
            houses = state.observation(0)["houses"]
            assert houses[street, house, 2] == pytest.approx(9.75 / 17)
            assert np.isfinite(state.observation_vector(0)).all()
            return
    pytest.fail("no game offered a 9¾ card")


def play_masked(step_env, obs_mask, rng):
    """A legal action drawn from a mask."""
    legal = np.flatnonzero(obs_mask)
    assert legal.size > 0
    return int(rng.choice(legal))


def test_the_envs_take_the_option():
    from welcome_to.gym import SoloEnv
    from welcome_to.pettingzoo import ParallelWelcomeEnv
    from welcome_to.vector import SoloVectorEnv

    rng = np.random.default_rng(7)
    env = SoloEnv(sheet="easter", edition="collector", aaa_level=1, nine_three_quarters=True)
    assert env.nine_three_quarters
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            obs, reward, terminated, truncated, info = env.step(
                play_masked(env, info["action_mask"], rng))
            done = terminated or truncated
        assert np.isfinite(obs).all()

    venv = SoloVectorEnv(num_envs=4, edition="collector", aaa_level=0,
                         nine_three_quarters=True, seed=3)
    assert venv.nine_three_quarters
    obs, info = venv.reset(seed=3)
    finished = 0
    while finished < 4:
        actions = np.array([play_masked(venv, m, rng) for m in info["action_mask"]])
        obs, rewards, terminated, truncated, info = venv.step(actions)
        finished += int(terminated.sum())
    venv.close()

    penv = ParallelWelcomeEnv(sheet="christmas", mode="standard", players=3,
                              edition="collector", nine_three_quarters=True)
    obs, infos = penv.reset(seed=5)
    assert penv.state.nine_three_quarters
    while penv.agents:
        actions = {a: play_masked(penv, obs[a]["action_mask"], rng) for a in penv.agents}
        obs, rewards, terms, truncs, infos = penv.step(actions)
    assert '"nine_three_quarters":true' in penv.state.record_json()


def test_the_envs_refuse_the_option_on_the_first_edition():
    from welcome_to.gym import SoloEnv
    from welcome_to.pettingzoo import ParallelWelcomeEnv

    with pytest.raises(w.RuleError) as err:
        SoloEnv(nine_three_quarters=True)
    assert err.value.code == "no_nine_three_quarters"
    with pytest.raises(w.RuleError) as err:
        ParallelWelcomeEnv(nine_three_quarters=True)
    assert err.value.code == "no_nine_three_quarters"
