"""The batched core `BatchedSolo` and its Gymnasium vector env `SoloVectorEnv`."""

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import welcome_to as w
from welcome_to.gym import SoloEnv
from welcome_to.vector import SoloVectorEnv

OBS, ACTIONS = w.OBSERVATION_SIZE, w.NUM_ACTIONS


def buffers(n):
    return {
        "observations": np.zeros((n, OBS), np.float32),
        "masks": np.zeros((n, ACTIONS), np.bool_),
        "rewards": np.zeros(n, np.float32),
        "terminations": np.zeros(n, np.bool_),
        "truncations": np.zeros(n, np.bool_),
    }


def step(core, actions, b, final=None):
    core.step(actions, b["observations"], b["masks"], b["rewards"], b["terminations"],
              b["truncations"], final)


def random_actions(masks, rng):
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks], np.int64)


def snapshot(core):
    return [core.state(i).serialize() for i in range(core.num_envs)]


SETUPS = [
    dict(sheet="classic"),
    dict(sheet="easter", shaped=True),
    dict(sheet="ice-cream", advanced=True),
    dict(sheet="christmas", shaped=True, advanced=True),
    dict(sheet="zombies", edition="collector", aaa_level=2),
    dict(sheet="halloween", edition="collector", aaa_level=0, shaped=True),
    dict(sheet="american-dream", edition="collector"),
]


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: "-".join(str(v) for v in s.values()))
def test_same_trajectories_as_single_states(setup):
    """Every row plays exactly the game of `State(seed=...)` with the same actions: the same
    observations, masks, rewards and ends, across automatic resets."""
    n, steps = 4, 260
    kw = dict(setup)
    shaped = kw.pop("shaped", False)
    core = w.BatchedSolo(n, shaped=shaped, **kw)
    b = buffers(n)
    final = np.zeros((n, OBS), np.float32)
    seeds = [1000 + 7 * i for i in range(n)]
    core.reset(b["observations"], b["masks"], seeds)
    assert core.game_seeds() == seeds
    states = [w.State(mode="solo", seed=s, **kw) for s in seeds]
    running = [s.scores()[0]["total"] for s in states]
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(steps):
        for i, s in enumerate(states):
            assert np.array_equal(b["observations"][i], s.observation_vector(0))
            assert np.array_equal(b["masks"][i], s.legal_actions_mask(0))
        actions = random_actions(b["masks"], rng)
        step(core, actions, b, final)
        assert not b["truncations"].any()
        for i, s in enumerate(states):
            s.apply_action(int(actions[i]))
            total = s.scores()[0]["total"]
            expected = total - running[i] if shaped else (total if s.is_terminal() else 0)
            assert b["rewards"][i] == expected
            assert b["terminations"][i] == s.is_terminal()
            running[i] = total
            if s.is_terminal():
                ended += 1
                assert total == s.returns()[0]
                assert np.array_equal(final[i], s.observation_vector(0))
                states[i] = w.State(mode="solo", seed=core.game_seeds()[i], **kw)
                running[i] = states[i].scores()[0]["total"]
    assert ended >= n


def test_records_replay_and_seed_streams():
    core = w.BatchedSolo(3, sheet="easter", seed=40)
    b = buffers(3)
    core.reset(b["observations"], b["masks"])
    first = core.game_seeds()
    assert len(set(first)) == 3
    again = w.BatchedSolo(3, sheet="easter", seed=40)
    b2 = buffers(3)
    again.reset(b2["observations"], b2["masks"])
    assert again.game_seeds() == first
    # Without seeds, a reset goes on with each row's stream.
    core.reset(b["observations"], b["masks"])
    assert core.game_seeds() != first
    actions = np.zeros(3, np.int64)
    for _ in range(400):
        core.sample_actions(actions)
        assert all(b["masks"][i, a] for i, a in enumerate(actions))
        step(core, actions, b)
    for i in range(3):
        state = core.state(i)
        replayed = w.State.from_record(state.record_json())
        assert replayed.round == state.round and replayed.scores() == state.scores()


@pytest.mark.parametrize("threads", [2, 3])
def test_threads_do_not_change_results(threads):
    n = 13
    one, many = w.BatchedSolo(n, sheet="christmas", seed=9), w.BatchedSolo(
        n, sheet="christmas", seed=9, threads=threads)
    assert many.threads == threads and one.threads == 1
    b1, b2 = buffers(n), buffers(n)
    f1, f2 = np.zeros((n, OBS), np.float32), np.zeros((n, OBS), np.float32)
    one.reset(b1["observations"], b1["masks"])
    many.reset(b2["observations"], b2["masks"])
    a1, a2 = np.zeros(n, np.int64), np.zeros(n, np.int64)
    for _ in range(300):
        one.sample_actions(a1)
        many.sample_actions(a2)
        assert np.array_equal(a1, a2)
        step(one, a1, b1, f1)
        step(many, a2, b2, f2)
        for k in b1:
            assert np.array_equal(b1[k], b2[k]), k
        assert np.array_equal(f1[b1["terminations"]], f2[b2["terminations"]])
    assert snapshot(one) == snapshot(many)


def test_illegal_action_raises_and_no_game_moves():
    n = 4
    core = w.BatchedSolo(n, sheet="classic", seed=3)
    b = buffers(n)
    core.reset(b["observations"], b["masks"])
    before = snapshot(core)
    saved = {k: v.copy() for k, v in b.items()}
    actions = random_actions(b["masks"], np.random.default_rng(0))
    bad = actions.copy()
    bad[2] = int(np.flatnonzero(~b["masks"][2])[0])
    with pytest.raises(w.RuleError) as err:
        step(core, bad, b)
    assert "game 2" in str(err.value) and err.value.code != "bad_buffer"
    bad[2] = ACTIONS + 5
    with pytest.raises(ValueError) as err:
        step(core, bad, b)
    assert err.value.code == "no_such_action"
    bad[2] = -1
    with pytest.raises(w.RuleError):
        step(core, bad, b)
    with pytest.raises(w.RuleError) as err:
        core.step_one(1, ACTIONS, b["observations"][1], b["masks"][1])
    assert err.value.code == "no_such_action"
    assert snapshot(core) == before
    for k in b:
        assert np.array_equal(b[k], saved[k]), k
    step(core, actions, b)  # the legal batch still goes through
    assert snapshot(core) != before


def test_bad_buffers_raise_and_change_nothing():
    n = 3
    core = w.BatchedSolo(n, seed=1)
    b = buffers(n)
    core.reset(b["observations"], b["masks"])
    before = snapshot(core)
    actions = random_actions(b["masks"], np.random.default_rng(1))
    saved = {k: v.copy() for k, v in b.items()}

    def args(**change):
        a = dict(b)
        a.update(change)
        return a

    wrong = [
        args(observations=np.zeros((n, OBS), np.float64)),
        args(observations=np.zeros((n + 1, OBS), np.float32)),
        args(observations=np.zeros((n, OBS + 1), np.float32)),
        args(observations=np.zeros((OBS, n), np.float32).T),
        args(observations=[[0.0] * OBS] * n),
        args(masks=np.zeros((n, ACTIONS), np.uint8)),
        args(rewards=np.zeros(n, np.float64)),
        args(rewards=np.zeros((n, 1), np.float32)),
        args(terminations=np.zeros(n, np.int8)),
        args(truncations=np.zeros(n + 1, np.bool_)),
        args(truncations=b["terminations"]),  # the same buffer twice
    ]
    readonly = np.zeros((n, OBS), np.float32)
    readonly.flags.writeable = False
    wrong.append(args(observations=readonly))
    for a in wrong:
        with pytest.raises(w.RuleError) as err:
            step(core, actions, a)
        assert err.value.code == "bad_buffer"
        assert "must be" in str(err.value)
    for bad in [actions.astype(np.float64), actions.astype(np.int16), actions[:2], list(actions)]:
        with pytest.raises(w.RuleError) as err:
            step(core, bad, b)
        assert err.value.code == "bad_buffer" and "actions" in str(err.value)
    with pytest.raises(w.RuleError) as err:
        step(core, actions, b, final=np.zeros((n, OBS), np.float16))
    assert "final_observations" in str(err.value)
    with pytest.raises(w.RuleError):
        core.reset(np.zeros((n, 3), np.float32), b["masks"])
    with pytest.raises(w.RuleError):
        core.reset(b["observations"], b["masks"], seeds=[1, 2])
    with pytest.raises(w.RuleError):
        core.reset(b["observations"], b["masks"], seeds=[1, 2, -3])
    with pytest.raises(w.RuleError):
        core.sample_actions(np.zeros(n, np.int32))
    assert snapshot(core) == before
    for k in b:
        assert np.array_equal(b[k], saved[k]), k
    step(core, actions.astype(np.int32), b)  # int32 actions are fine


def test_constructor_arguments():
    with pytest.raises(w.RuleError):
        w.BatchedSolo(0)
    with pytest.raises(w.RuleError):
        w.BatchedSolo(2, mode="standard")
    with pytest.raises(w.RuleError) as err:
        w.BatchedSolo(2, sheet="nope")
    assert err.value.code == "unknown_sheet"
    with pytest.raises(w.RuleError):
        w.BatchedSolo(2, threads=0)
    with pytest.raises(w.RuleError):
        w.BatchedSolo(2, edition="nope")
    core = w.BatchedSolo(2)
    b = buffers(2)
    with pytest.raises(w.RuleError) as err:
        step(core, np.zeros(2, np.int64), b)
    assert err.value.code == "not_started"
    with pytest.raises(w.RuleError):
        core.state(2)
    assert len(core) == 2 and core.autoreset and not core.shaped


def test_without_autoreset_a_finished_game_stays_over():
    core = w.BatchedSolo(2, sheet="classic", autoreset=False, seed=2)
    b = buffers(2)
    core.reset(b["observations"], b["masks"])
    actions = np.zeros(2, np.int64)
    while not b["terminations"].any():
        core.sample_actions(actions)
        step(core, actions, b)
    i = int(np.flatnonzero(b["terminations"])[0])
    state = core.state(i)
    assert state.is_terminal() and core.status(i)[2] == state.returns()[0]
    assert not b["masks"][i].any()
    assert np.array_equal(b["observations"][i], state.observation_vector(0))
    with pytest.raises(w.RuleError) as err:
        core.step_one(i, 0, b["observations"][i], b["masks"][i])
    assert err.value.code == "game_over"
    core.sample_actions(actions)
    assert actions[i] == -1


def test_step_one_matches_step():
    a, c = w.BatchedSolo(2, seed=11), w.BatchedSolo(2, seed=11)
    ba, bc = buffers(2), buffers(2)
    a.reset(ba["observations"], ba["masks"])
    c.reset(bc["observations"], bc["masks"])
    actions = np.zeros(2, np.int64)
    for _ in range(150):
        a.sample_actions(actions)
        step(a, actions, ba)
        for i in range(2):
            reward, done = c.step_one(i, int(actions[i]), bc["observations"][i], bc["masks"][i])
            assert reward == ba["rewards"][i] and done == ba["terminations"][i]
        assert np.array_equal(ba["observations"], bc["observations"])
        assert np.array_equal(ba["masks"], bc["masks"])


def test_vector_env_same_step_autoreset():
    env = SoloVectorEnv(num_envs=3, sheet="easter")
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    obs, infos = env.reset(seed=20)
    assert obs.shape == (3, OBS) and obs.dtype == np.float32
    assert env.game_seeds() == [20, 21, 22]
    assert np.array_equal(obs[1], w.State(sheet="easter", seed=21).observation_vector(0))
    assert np.array_equal(infos["action_mask"], env.action_masks())
    rng = np.random.default_rng(0)
    states = [w.State(sheet="easter", seed=s) for s in env.game_seeds()]
    ends = 0
    while ends < 4:
        actions = random_actions(env.action_masks(), rng)
        obs, rewards, terms, truncs, infos = env.step(actions)
        assert env.action_masks().any(axis=1).all()  # every row has a legal action
        for i, s in enumerate(states):
            s.apply_action(int(actions[i]))
            if terms[i]:
                ends += 1
                assert infos["_final_obs"][i]
                assert np.array_equal(infos["final_obs"][i], s.observation_vector(0))
                assert rewards[i] == s.returns()[0]
                states[i] = w.State(sheet="easter", seed=env.game_seeds()[i])
            elif "final_obs" in infos:
                assert not infos["_final_obs"][i] and infos["final_obs"][i] is None
            assert np.array_equal(obs[i], states[i].observation_vector(0))
    with pytest.raises(ValueError):
        env.step(np.zeros(3, np.float32))
    with pytest.raises(ValueError):
        env.reset(seed=[1, 2])
    with pytest.raises(ValueError):
        SoloVectorEnv(2, sheet="zombies")


def test_vector_env_copy_and_make_vec():
    env = gymnasium.make_vec("WelcomeTo-Solo-v0", num_envs=2, sheet="ice-cream")
    assert isinstance(env.unwrapped, SoloVectorEnv)
    obs, _ = env.reset(seed=1)
    assert env.action_space.shape == (2,) and env.single_action_space.n == ACTIONS
    kept = SoloVectorEnv(2, copy=False, threads=2)
    o1, _ = kept.reset(seed=1)
    o2, *_ = kept.step(random_actions(kept.action_masks(), np.random.default_rng(0)))
    assert o1 is o2 and kept.threads == 2
    sync = gymnasium.make_vec("WelcomeTo-Solo-v0", num_envs=2, vectorization_mode="sync")
    assert not isinstance(sync.unwrapped, SoloVectorEnv)


def test_solo_env_collector_edition():
    env = SoloEnv(sheet="roswell", edition="collector", aaa_level=3)
    obs, info = env.reset(seed=3)
    total, done = 0.0, False
    rng = np.random.default_rng(3)
    while not done:
        obs, reward, done, _, info = env.step(rng.choice(np.flatnonzero(info["action_mask"])))
        total += reward
    state = env.state
    assert state is not None and state.is_terminal() and total == state.returns()[0]
    with pytest.raises(ValueError):
        SoloEnv(sheet="roswell")  # a collector sheet, not a first-edition one
