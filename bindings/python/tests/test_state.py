"""The OpenSpiel-like State: setup, determinism, records, serialisation, clones, scores."""

import json
import random

import numpy as np
import pytest

import welcome_to as w
from conftest import SETUPS, play_random


@pytest.mark.parametrize("sheet,mode,players,advanced", SETUPS)
def test_whole_game_scores_match_the_engine_replay_of_its_record(sheet, mode, players, advanced):
    state = w.State(sheet=sheet, mode=mode, players=players, advanced=advanced, seed=7)
    play_random(state, random.Random(7))
    assert state.is_terminal()
    assert state.current_player() == w.TERMINAL
    replayed = w.State.from_record(state.record_json())
    assert replayed.is_terminal()
    assert replayed.returns() == state.returns()
    assert [s["total"] for s in replayed.scores()] == [int(r) for r in state.returns()]
    assert replayed.ranks() == state.ranks()
    record = json.loads(state.record_json())
    assert record["result"]["scores"] == [int(r) for r in state.returns()]


def test_scores_have_rows_that_add_up():
    state = w.State(sheet="easter", mode="solo", seed=3)
    play_random(state, random.Random(3))
    (score,) = state.scores()
    ids = [row["id"] for row in score["rows"]]
    assert "plans" in ids and "refusals" in ids and "eggs" in ids
    assert sum(row["points"] for row in score["rows"]) == score["total"]
    assert all(row["label"] for row in score["rows"])


def test_same_seed_same_game_different_seed_different_game():
    def game(seed):
        state = w.State(sheet="classic", mode="standard", players=2, seed=seed)
        play_random(state, random.Random(0))
        return state.record_json()

    assert game(11) == game(11)
    assert game(11) != game(12)


def test_observation_is_deterministic_and_named():
    a = w.State(sheet="ice-cream", mode="expert", players=2, seed=5)
    b = w.State(sheet="ice-cream", mode="expert", players=2, seed=5)
    assert np.array_equal(a.observation_vector(1), b.observation_vector(1))
    parts = a.observation(0)
    assert [name for name, _ in w.observation_layout()] == list(parts)
    for name, shape in w.observation_layout():
        assert parts[name].shape == tuple(shape)
        assert parts[name].dtype == np.float32
    assert sum(int(np.prod(s)) for _, s in w.observation_layout()) == w.OBSERVATION_SIZE
    flat = a.observation_vector(0)
    assert flat.shape == (w.OBSERVATION_SIZE,)
    assert np.array_equal(np.concatenate([p.ravel() for p in parts.values()]), flat)


def test_observation_shows_the_decisions_taken_this_turn():
    state = w.State(sheet="classic", mode="solo", seed=2)
    before = state.observation(0)
    build = next(d for d in state.legal_decisions() if d["kind"] == "build")
    state.apply_action(build["action"])
    after = state.observation(0)
    street, house = (x - 1 for x in build["decision"]["build"]["house"])
    number = build["decision"]["build"]["number"]
    assert before["houses"][street, house, 1] == 1.0  # empty before
    assert after["houses"][street, house, 1] == 0.0
    assert after["houses"][street, house, 2] == pytest.approx(number / 17)
    assert after["turn"][3] == 1.0  # the effect stage


def test_expert_observation_hides_other_hands():
    state = w.State(sheet="classic", mode="expert", players=3, seed=9)
    other = w.State(sheet="classic", mode="expert", players=3, seed=10)
    # The offer part is the seat's own hand only: seat 0's view ignores seat 1's hand.
    assert not np.array_equal(state.observation(0)["offer"], state.observation(1)["offer"])
    assert state.observation(0)["offer"].sum() == 6  # three cards: number and effect each
    assert other.observation(0)["offer"].shape == (3, 24)


def test_clone_is_independent():
    state = w.State(sheet="christmas", mode="standard", players=2, seed=4)
    copy = state.clone()
    play_random(state, random.Random(1), steps=10)
    assert copy.round == 1 and copy.stage(0) == "start"
    assert state.serialize() != copy.serialize()
    # Copies share the game until one of them moves on: either side may move, mid-turn too.
    before = state.serialize()
    copies = [state.clone(), state.clone()]
    play_random(copies[0], random.Random(2))
    assert copies[0].is_terminal() and state.serialize() == before
    assert copies[1].serialize() == before
    play_random(state, random.Random(3), steps=7)
    assert copies[1].serialize() == before


@pytest.mark.parametrize("sheet,mode,players,advanced", SETUPS)
def test_serialize_mid_turn_goes_on_identically(sheet, mode, players, advanced):
    state = w.State(sheet=sheet, mode=mode, players=players, advanced=advanced, seed=21)
    rng = random.Random(21)
    play_random(state, rng, steps=25)
    text = state.serialize()
    restored = w.State.deserialize(text)
    assert restored.serialize() == text
    assert restored.current_player() == state.current_player()
    assert restored.legal_actions() == state.legal_actions()
    for seat in range(players):
        assert np.array_equal(restored.observation_vector(seat), state.observation_vector(seat))
    # Both go on with the same generator: the same actions give the same game.
    seed = rng.random()
    play_random(state, random.Random(seed))
    play_random(restored, random.Random(seed))
    assert restored.record_json() == state.record_json()


def test_seat_by_seat_then_the_round_resolves():
    state = w.State(sheet="classic", mode="standard", players=3, seed=1)
    seen = []
    rng = random.Random(5)
    while state.round == 1:
        seen.append(state.current_player())
        state.apply_action(rng.choice(state.legal_actions()))
    assert seen == sorted(seen) and set(seen) == {0, 1, 2}
    assert not any(state.turn_finished(s) for s in range(3))


def test_any_unfinished_seat_may_decide():
    state = w.State(sheet="classic", mode="standard", players=2, seed=1)
    a = state.legal_actions(1)[0]
    state.apply_action_for(1, a)
    assert state.current_player() == 0
    assert state.legal_actions(0) and state.legal_actions(1)
    assert state.stage(1) != "start" or state.turn_finished(1)


def test_legal_decisions_match_legal_actions_and_decode():
    state = w.State(sheet="ice-cream", mode="solo", advanced=True, seed=8)
    rng = random.Random(8)
    for _ in range(60):
        if state.is_terminal():
            break
        decisions = state.legal_decisions()
        assert [d["action"] for d in decisions] == state.legal_actions()
        for d in decisions:
            assert state.decision(d["action"]) == d
            assert w.action_kind(d["action"]) == d["kind"]
            assert d["text"]
        state.apply_action(rng.choice(state.legal_actions()))


def test_returns_are_zero_until_the_end():
    state = w.State(mode="standard", players=2, seed=3)
    assert state.returns() == [0.0, 0.0]
    play_random(state, random.Random(3))
    assert state.returns() != [0.0, 0.0] or state.ranks() == [1, 1]


@pytest.mark.parametrize("mode,players", [("solo", 1), ("standard", 3), ("expert", 3)])
def test_resample_keeps_what_the_seat_knows(mode, players):
    state = w.State(sheet="classic", mode=mode, players=players, seed=31)
    rng = random.Random(31)
    play_random(state, rng, steps=12)
    assert not state.is_terminal()
    # Let seat `seat` be mid-turn with the earlier seats finished.
    seat = state.current_player()
    state.apply_action(rng.choice(state.legal_actions()))
    if state.current_player() != seat:
        seat = state.current_player()
    a = state.resample_from_infostate(seat, 1)
    b = state.resample_from_infostate(seat, 1)
    c = state.resample_from_infostate(seat, 2)
    assert a.legal_actions(seat) == state.legal_actions(seat)
    assert a.stage(seat) == state.stage(seat)
    obs = state.observation(seat)
    for name, part in a.observation(seat).items():
        if name == "turn":  # earlier seats decide again, so whose decision it is may change
            part, want = np.delete(part, 13), np.delete(obs[name], 13)
        else:
            want = obs[name]
        if name != "table":  # other seats' finished turns are hidden, so dropped
            assert np.array_equal(part, want), name
    # Earlier seats' hidden turns are dropped: they decide again.
    for other in range(players):
        if other != seat:
            assert not a.turn_finished(other)
    # Same seed, same deal; the futures differ with the seed.
    def future(s):
        play_random(s, random.Random(5))
        return s.returns(), s.round
    assert future(a) == future(b)
    futures = {str(future(state.resample_from_infostate(seat, k))) for k in range(6)}
    assert len(futures) > 1
    with pytest.raises(ValueError) as err:
        c.serialize()
    assert err.value.code == "no_record"
    with pytest.raises(ValueError):
        state.resample_from_infostate(players, 1)
