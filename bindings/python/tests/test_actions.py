"""The fixed action space: masked actions accepted, unmasked ones refused, one action per
listed decision."""

import random

import numpy as np
import pytest

import welcome_to as w
from conftest import SETUPS


def test_the_ranges_tile_the_space():
    ranges = sorted(w.action_ranges().values())
    at = 0
    for first, count in ranges:
        assert first == at
        at += count
    assert at == w.NUM_ACTIONS


@pytest.mark.parametrize("sheet,mode,players,advanced", SETUPS)
def test_masked_accepted_unmasked_refused(sheet, mode, players, advanced):
    rng = random.Random(hash((sheet, mode)) & 0xFFFF)
    checked = 0
    for game in range(2):
        state = w.State(sheet=sheet, mode=mode, players=players, advanced=advanced,
                        seed=rng.randrange(2**32))
        while not state.is_terminal():
            seat = state.current_player()
            mask = state.legal_actions_mask(seat)
            legal = np.flatnonzero(mask)
            assert list(legal) == state.legal_actions(seat)
            assert len(legal) > 0
            decisions = {d["action"]: d for d in state.legal_decisions(seat)}
            assert len(decisions) == len(legal)  # one action per listed decision
            if rng.random() < 0.15:  # a sample of positions: every masked action is taken
                for a in legal:
                    copy = state.clone()
                    copy.apply_action(int(a))
                illegal = np.flatnonzero(~mask)
                for a in rng.sample(list(illegal), 150) + [0, w.NUM_ACTIONS - 1]:
                    if mask[a]:
                        continue
                    copy = state.clone()
                    with pytest.raises(ValueError) as err:
                        copy.apply_action(int(a))
                    assert err.value.code in str(err.value)
                    assert copy.serialize() == state.serialize()  # nothing changed
                checked += 1
            state.apply_action(int(rng.choice(legal)))
    assert checked > 2


def test_each_kind_can_be_legal():
    """Across random games every kind of action comes up (the encoding reaches them all)."""
    kinds = set()
    rng = random.Random(3)
    setups = [("first", sheet, mode, players) for sheet in w.sheets()
              for mode, players in [("solo", 1), ("expert", 2), ("standard", 2)]]
    # The collector edition's optional temp is the "temp" kind; its solo game is the AAA's.
    setups += [("collector", sheet, mode, players) for sheet in w.sheets("collector")
               for mode, players in [("expert", 2), ("standard", 2), ("solo", 1)]]
    def play(edition, sheet, mode, players, seed, prefer=lambda a: False):
        # American Dream is never played with the Advanced variant.
        state = w.State(sheet=sheet, mode=mode, players=players,
                        advanced=sheet != "american-dream", seed=seed, edition=edition)
        while not state.is_terminal():
            decisions = state.legal_decisions()
            kinds.update(d["kind"] for d in decisions)
            preferred = [d for d in decisions if prefer(d["action"])]
            state.apply_action(rng.choice(preferred or decisions)["action"])

    for setup in setups:
        for seed in range(4):
            play(*setup, seed)
    # A ghost tier's Extension bonus needs 6 or 9 circled ghosts and its second option: rare in
    # random play, so Halloween games that circle ghosts and take that option go on (a fixed
    # number at most) until one comes up.
    ranges = w.action_ranges()
    ghost = ranges["circle"][0]
    tier = ranges["tier"][0]
    extension_options = {tier + 3, tier + 5}
    for seed in range(4, 40):
        if "bonus-extension" in kinds:
            break
        play("collector", "halloween", "solo", 1, seed,
             prefer=lambda a: a == ghost or a in extension_options)
    assert kinds == set(w.action_ranges())


def test_editions_and_unknown_ones():
    assert w.editions() == ["first", "collector"]
    assert w.sheets("collector") == [
        "classic", "american-dream", "atomic-war", "blueprint", "christmas", "coin-coin", "easter", "halloween",
        "ice-cream", "roswell", "zombies",
    ]
    # The collector's solo game is the AAA automa, levels 0-5.
    state = w.State(sheet="classic", mode="solo", edition="collector", aaa_level=3, seed=2)
    assert not state.is_terminal()
    with pytest.raises(w.RuleError) as err:
        w.State(sheet="classic", mode="solo", edition="collector", aaa_level=6)
    assert err.value.code == "unknown_aaa_level"
    with pytest.raises(w.RuleError) as err:
        w.State(sheet="classic", mode="solo", edition="first", aaa_level=1)
    assert err.value.code == "not_aaa"
    with pytest.raises(w.RuleError) as err:
        w.sheets("second")
    assert err.value.code == "unknown_edition"


def test_illegal_action_names_the_rule():
    state = w.State(sheet="classic", mode="solo", seed=1)
    with pytest.raises(w.RuleError) as err:
        state.apply_action(0)  # a standard-game combination in solo
    assert err.value.code == "no_such_pick"
    stop = w.action_ranges()["stop"][0]
    with pytest.raises(ValueError) as err:
        state.apply_action(stop)
    assert err.value.code == "decision_not_now"
    assert "start stage" in str(err.value)
    build = state.legal_decisions()[0]
    house = build["decision"]["build"]["house"]
    state.apply_action(build["action"])
    state.apply_action(w.action_ranges()["effect-pass"][0])
    state.apply_action(stop)
    # Writing in the same house again next round.
    for d in state.legal_decisions():
        assert d["kind"] != "build" or d["decision"]["build"]["house"] != house
    same = build["action"]
    with pytest.raises(ValueError) as err:
        state.apply_action(same)
    assert err.value.code in {"house_not_empty", "number_not_offered", "no_such_pick",
                              "number_out_of_order"}


@pytest.mark.parametrize("bad", [-1, w.NUM_ACTIONS, 10**30])
def test_out_of_range_actions(bad):
    state = w.State(seed=1)
    with pytest.raises(ValueError) as err:
        state.apply_action(bad)
    assert err.value.code in {"no_such_action", "bad_argument"}


@pytest.mark.parametrize("bad", ["3", 1.5, None, True, [1]])
def test_non_integer_actions(bad):
    state = w.State(seed=1)
    with pytest.raises(ValueError) as err:
        state.apply_action(bad)
    assert err.value.code == "bad_argument"


def test_numpy_integers_are_actions():
    state = w.State(seed=1)
    state.apply_action(np.int64(state.legal_actions()[0]))
    assert state.stage() == "effect"


def test_bad_arguments():
    cases = [
        (dict(sheet="nope"), "unknown_sheet"),
        (dict(mode="duel"), "unknown_mode"),
        (dict(mode="solo", players=2), "solo_needs_one"),
        (dict(mode="expert", players=1), "expert_needs_two"),
        (dict(mode="standard", players=0), "no_seats"),
        (dict(mode="standard", players=-3), "too_many_seats"),
        (dict(seed=-1), "bad_argument"),
        (dict(seed="x"), "bad_argument"),
        (dict(players=1.5, mode="standard"), "bad_argument"),
    ]
    for kwargs, code in cases:
        with pytest.raises(ValueError) as err:
            w.State(**kwargs)
        assert err.value.code == code, kwargs
    state = w.State(mode="standard", players=2)
    for seat in (-1, 2, "0"):
        with pytest.raises(ValueError):
            state.legal_actions(seat)
        with pytest.raises(ValueError):
            state.observation(seat)
    with pytest.raises(ValueError) as err:
        w.State.deserialize("{}")
    assert err.value.code == "bad_state"
    with pytest.raises(ValueError) as err:
        w.State.from_record('{"format": "x"}')
    assert err.value.code.startswith("record")


def test_after_the_end_every_action_is_refused():
    state = w.State(seed=4)
    rng = random.Random(4)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.legal_actions() == []
    assert not state.legal_actions_mask(0).any()
    with pytest.raises(ValueError) as err:
        state.apply_action(0)
    assert err.value.code == "game_over"
