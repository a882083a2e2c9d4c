# SPDX-License-Identifier: GPL-3.0-or-later
# DispatchEnv and make_vec: an agent that chooses as greedy does is greedy to the last
# number, the rewards are what they say, the agent's eAPs are chosen by name or index,
# the vectorised form steps each environment as alone, and bad arguments are refused.
import numpy as np
import pytest

import schedlab
from conftest import SOURCE, TUTORIAL, measured

EDGE_CLOUD = str(SOURCE / "scenarios" / "kais-edge-cloud.yaml")


def greedy(state, mask, info):
    """policy/dispatch/greedydispatch.cpp: the valid node of least load per core, then
    of least memory allocation, then the first; the cloud when there is none."""
    nodes = np.flatnonzero(mask[1:]) + 1
    if nodes.size == 0:
        return 0
    return int(min(nodes, key=lambda a: (info["load"][a], info["memory"][a])))


def episode(env, policy, seed):
    obs, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        obs, reward, terminated, truncated, info = env.step(policy(obs, info["action_mask"], info))
        total += reward
        steps += 1
        if terminated or truncated:
            return total, steps


def same_run(a, b):
    assert list(a) == list(b)
    for name in a:
        if not measured(name):
            assert a[name] == b[name], name


@pytest.mark.parametrize("scenario", [TUTORIAL, EDGE_CLOUD])
def test_a_greedy_agent_is_greedy(scenario):
    s = schedlab.load(scenario)
    s.set("time.duration", "90s")
    env = schedlab.DispatchEnv(s)
    _, steps = episode(env, greedy, seed=4)
    assert steps > 100
    same_run(env.metrics(), schedlab.run(s, dispatch="greedy", seed=4))


def test_the_throughput_reward_counts_requests_on_time(tutorial):
    env = schedlab.DispatchEnv(tutorial, reward="throughput")
    total, _ = episode(env, greedy, seed=2)
    assert total == env.metrics()["on_time"] > 0


def test_the_kais_reward_falls_with_epsilon(tutorial):
    low, _ = episode(schedlab.DispatchEnv(tutorial, epsilon=0.0), greedy, seed=2)
    high, _ = episode(schedlab.DispatchEnv(tutorial, epsilon=2.0), greedy, seed=2)
    assert low > high > 0


def test_the_agent_decides_for_the_eaps_it_is_given(tutorial):
    env = schedlab.DispatchEnv(tutorial, eap="eap-2", others="random")
    assert env.eap_names == ["eap-1", "eap-2"]
    _, info = env.reset(seed=1)
    steps = 0
    while True:
        assert info["eap"] == 1
        _, _, _, truncated, info = env.step(greedy(None, info["action_mask"], info))
        steps += 1
        if truncated:
            break
    both, _ = episode(schedlab.DispatchEnv(tutorial, eap=[0, "eap-2"]), greedy, seed=1)
    assert 0 < steps < schedlab.DispatchEnv(tutorial).reset(seed=1)[0].size * 1000
    assert env.metrics()["arrived"] > steps


def test_a_masked_out_node_sends_the_request_to_the_cloud(tutorial):
    env = schedlab.DispatchEnv(tutorial)
    _, info = env.reset(seed=3)
    seen = {0: 0, 1: 0}
    for _ in range(400):
        mask = info["action_mask"]
        masked = np.flatnonzero(mask == 0)
        action = int(masked[0]) if masked.size and len(seen) and seen[0] <= seen[1] \
            else greedy(None, mask, info)
        _, _, _, truncated, info = env.step(action)
        if mask[action]:
            assert info["sent"] == action
            seen[1] += 1
        else:
            assert info["sent"] == 0
            seen[0] += 1
        if truncated:
            break
    assert seen[0] > 10 and seen[1] > 10


def test_make_vec_steps_each_environment_as_alone(tutorial):
    tutorial.set("time.duration", "20s")
    vec = schedlab.make_vec(tutorial, 3)
    obs, info = vec.reset(seed=10)
    assert obs.shape == (3, vec.single_observation_space.shape[0])
    assert info["action_mask"].shape == (3, vec.single_action_space.n)
    alone = [schedlab.DispatchEnv(tutorial) for _ in range(3)]
    firsts = [env.reset(seed=10 + i) for i, env in enumerate(alone)]
    for i in range(3):
        assert np.array_equal(obs[i], firsts[i][0])
    infos = [f[1] for f in firsts]
    seeds = [10, 11, 12]
    restarted = 0
    for _ in range(3000):
        actions = np.array([greedy(None, infos[i]["action_mask"], infos[i]) for i in range(3)])
        obs, rewards, terminated, truncated, info = vec.step(actions)
        assert not terminated.any()
        for i, env in enumerate(alone):
            o, r, _, t, infos[i] = env.step(int(actions[i]))
            assert r == rewards[i] and t == truncated[i]
            if t:  # the vector's row is already the next episode's first decision
                seeds[i] += 3
                o, infos[i] = env.reset(seed=seeds[i])
                assert info["restarted"][i]
                restarted += 1
            assert np.array_equal(o, obs[i])
            assert np.array_equal(infos[i]["action_mask"], info["action_mask"][i])
    assert restarted >= 3


def test_bad_arguments_are_refused(tutorial):
    def refused(error, match, **options):
        with pytest.raises(error, match=match):
            schedlab.DispatchEnv(tutorial, **options)

    refused(ValueError, r"eap 'eap-3': the scenario has no such eAP \(did you mean 'eap-1'\?\)",
            eap="eap-3")
    refused(ValueError, "give an eAP index 0 to 1", eap=2)
    refused(TypeError, "eap", eap=1.5)
    refused(ValueError, "names no eAP", eap=[])
    refused(ValueError, "reward 'kias': give kais", reward="kias")
    refused(TypeError, "reward", reward=1)
    refused(ValueError, "epsilon -1", epsilon=-1)
    refused(ValueError, "'greedyy'", eap=0, others="greedyy")
    refused(ValueError, "centralised", eap=0, others="firmament")
    refused(ValueError, "duration", duration="ten minutes")
    with pytest.raises(ValueError, match="global"):
        schedlab.DispatchEnv(str(SOURCE / "scenarios" / "global-multicluster.yaml"))
    env = schedlab.DispatchEnv(tutorial)
    with pytest.raises(RuntimeError, match="before the episode ended"):
        env.reset(seed=1) and env.metrics()
    with pytest.raises(ValueError, match="1 to 1024"):
        schedlab.make_vec(tutorial, 0)
    vec = schedlab.make_vec(tutorial, 2)
    vec.reset()
    with pytest.raises(ValueError, match="one action per environment"):
        vec.step([0])


def test_render_shows_the_decision(tutorial):
    env = schedlab.DispatchEnv(tutorial, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "a request at eap-1" in text and "cloud" in text and "valid" in text
