# SPDX-License-Identifier: GPL-3.0-or-later
# schedlab.PlacementEnv on the DRS testbed: State_t of eq. 7-9, workers as actions, the
# filters as the mask, the back-off of a node that does not fit, the reward settings of
# DRS Table 5, episode ends, seeds, and arguments refused with a clear message.
import math
import re
import subprocess
import sys

import numpy as np
import pytest

import schedlab
from conftest import GLOBAL, SOURCE, TUTORIAL

DRS = str(SOURCE / "scenarios" / "drs-five-node.yaml")
TEMPLATES = ("video", "transmission", "data-write")
GiB = 2**30


def first_feasible(info):
    return int(np.argmax(info["action_mask"]))


def episode(env, seed, choose=first_feasible):
    """Rewards and infos of one episode from reset(seed=seed)."""
    _, info = env.reset(seed=seed)
    rewards, infos = [], []
    while True:
        _, reward, terminated, truncated, info = env.step(choose(info))
        rewards.append(reward)
        infos.append(info)
        if terminated or truncated:
            return rewards, infos, terminated, truncated


def test_workers_are_the_actions_and_state_t_the_observation():
    env = schedlab.PlacementEnv(DRS, episode_pods=20)
    assert env.node_names == ["node1", "node2", "node3", "node4"]  # node0 is the master
    assert env.action_space == schedlab.spaces.Discrete(4)
    assert env.observation_space == schedlab.spaces.Box(0.0, 1.0, (30,), np.float32)
    assert env.observation_names[:7] == ["node1.cpu", "node1.memory", "node1.net_rx",
                                         "node1.net_tx", "node1.disk_read",
                                         "node1.disk_write", "node2.cpu"]
    assert env.observation_names[24:] == ["pod.cpu", "pod.memory", "pod.net_rx", "pod.net_tx",
                                          "pod.disk_read", "pod.disk_write"]
    obs, info = env.reset()
    assert info["node_names"] == env.node_names
    assert info["pod"] == 0 and info["time"] >= 1.0
    # eq. 9: the pod's 256Mi request over the workers' mean memory
    mean_memory = (4 + 2 + 4 + 4) / 4 * GiB
    assert obs[25] == np.float32(256 * 2**20 / mean_memory)
    assert 0.2 / 2.5 <= obs[24] <= 0.5 / 2.5  # 200-500m over 2.5 mean cores
    # eq. 8 before any pod runs: the workers' own 142m and 600Mi
    assert obs[0:2].tolist() == [np.float32(0.142 / 2), np.float32(600 / 4096)]
    assert obs[6:8].tolist() == [np.float32(0.142 / 2), np.float32(600 / 2048)]
    assert obs[18] == np.float32(0.142 / 4)
    assert not np.any(obs[2:6]) and not np.any(obs[20:24])
    busiest = 0.0
    for _ in range(15):
        obs, _, _, _, info = env.step(first_feasible(info))
        busiest = max(busiest, float(obs[:6].max()))
    assert busiest > 0.2  # pods placed on node1 load it


def test_a_node_that_does_not_fit_is_masked_and_backs_the_pod_off():
    s = schedlab.load(DRS)
    for name in TEMPLATES:  # node2 has 2Gi: a 3Gi pod fits the others only
        s.set(f"workload.deployments.even.pods.{name}.memory", "3Gi")
    env = schedlab.PlacementEnv(s, episode_pods=4)
    _, info = env.reset(seed=3)
    assert info["action_mask"].tolist() == [1, 0, 1, 1]
    pod, time = info["pod"], info["time"]
    _, _, terminated, _, info = env.step(1)
    assert not info["bound"] and not terminated
    assert info["placed_pod"] == pod and info["pod"] == pod  # it comes back
    assert 0.9 <= info["time"] - time < 1.2  # after the 1 s back-off
    _, _, _, _, info = env.step(0)
    assert info["bound"] and info["placed_pod"] == pod and info["pod"] != pod


def test_the_episode_terminates_once_its_pods_are_placed():
    env = schedlab.PlacementEnv(DRS, episode_pods=6)
    rewards, infos, terminated, truncated = episode(env, 5)
    assert terminated and not truncated
    assert len(rewards) == 6 and all(i["bound"] for i in infos)
    assert infos[-1]["pods_resolved"] == 6 and infos[-1]["pod"] == -1
    assert not infos[-1]["action_mask"].any()  # nothing left to place


def test_the_episode_is_truncated_when_the_scenario_ends_first():
    s = schedlab.load(DRS)
    s.set("time.duration", "70s")  # pods arrive at 1 s, 21 s, 41 s, 61 s
    env = schedlab.PlacementEnv(s, episode_pods=300)
    rewards, infos, terminated, truncated = episode(env, 5)
    assert truncated and not terminated
    assert len(rewards) == 4 and infos[-1]["pods_resolved"] == 4


def test_the_reward_is_eq_14_or_a_setting_of_table_5():
    def rewards(**options):
        return episode(schedlab.PlacementEnv(DRS, episode_pods=12, **options), 2)[0]

    drs = rewards()
    assert rewards(reward="drs") == drs
    # eq. 14 is linear in alpha and beta
    assert rewards(alpha=2.0, beta=400.0) == pytest.approx([2 * r for r in drs], rel=1e-12)
    only_util = rewards(beta=0.0)
    assert all(u > 0 for u in only_util) and all(d < u for d, u in zip(drs, only_util))
    rlsk = rewards(reward="rlsk")
    assert rlsk != drs and all(math.isfinite(r) for r in rlsk)
    deeprm = rewards(reward="deeprm")
    assert all(r < 0 for r in deeprm)  # -sum 1/T_j: the pod just placed is in the system
    assert rewards(reward="multi-deeprm") == deeprm  # one cluster: the same sum


def test_seeds_choose_the_episode():
    env = schedlab.PlacementEnv(DRS, episode_pods=10)
    first, _ = env.reset()
    assert env.episode_seed == schedlab.load(DRS).seed == 11
    second, _ = env.reset()
    assert env.episode_seed == 12
    assert np.array_equal(env.reset(seed=11)[0], first)
    assert np.array_equal(env.reset(seed=12)[0], second)
    assert not np.array_equal(first, second)  # the seed draws the pods' cpu requests


def test_the_environment_keeps_its_own_copy_of_the_scenario():
    s = schedlab.load(DRS)
    env = schedlab.PlacementEnv(s, episode_pods=5)
    before = episode(env, 4)[0]
    s.set("workload.deployments.even.pods.video.memory", "3Gi")
    s.set("time.slot", "250ms")
    assert episode(env, 4)[0] == before


def test_render_shows_the_pod_and_the_workers():
    env = schedlab.PlacementEnv(DRS, episode_pods=5, render_mode="ansi")
    assert "no episode" in env.render()
    env.reset(seed=1)
    text = env.render()
    assert text.startswith("PlacementEnv episode seed 1, step 0")
    assert "pod 0 (even/video) to place" in text
    for name in env.node_names:
        assert name in text
    assert "fits" in text
    assert schedlab.PlacementEnv(DRS, episode_pods=5).render() is None


def test_bad_arguments_are_refused_with_a_clear_message():
    def refused(error, match, scenario=DRS, **options):
        with pytest.raises(error, match=match):
            schedlab.PlacementEnv(scenario, **options)

    refused(ValueError, "has none: give it workload.deployments", TUTORIAL)
    refused(ValueError, "global", GLOBAL)
    refused(ValueError, "reward 'drss': give drs \\(eq. 14\\), rlsk, deeprm or multi-deeprm",
            reward="drss")
    refused(TypeError, "reward", reward=None)
    refused(ValueError, "the deeprm reward has no alpha", reward="deeprm", alpha=2.0)
    refused(ValueError, "finite", beta=float("nan"))
    for pods in (0, -1, 10**7):
        refused(ValueError, f"episode_pods {pods}: give 1 to 1000000", episode_pods=pods)
    for pods in (1.5, True, "5"):
        refused(TypeError, "episode_pods", episode_pods=pods)
    for settle in (-1.0, float("nan"), float("inf")):
        refused(ValueError, "settle", settle=settle)
    refused(TypeError, "settle '5s': give a number", settle="5s")
    refused(TypeError, "alpha", alpha="1")
    slow = schedlab.load(DRS)
    slow.set("time.slot", "250ms")
    refused(ValueError, "time.slot", slow)
    with pytest.raises(FileNotFoundError):
        schedlab.PlacementEnv("no-such-scenario.yaml")


def test_a_scenario_that_ends_before_its_first_pod_cannot_reset():
    s = schedlab.load(DRS)
    s.set("workload.deployments.even.arrival.start", "200s")
    s.set("time.duration", "100s")
    env = schedlab.PlacementEnv(s)
    with pytest.raises(ValueError, match="nothing to place"):
        env.reset()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)



def test_the_user_guide_example_runs(tmp_path):
    guide = (SOURCE / "docs" / "user-guide.md").read_text()
    part = guide.split("\n### Gymnasium environments\n", 1)[1].split("\n## ", 1)[0]
    code = re.search(r"```python\n(.*?)```", part, re.S).group(1)
    assert "PlacementEnv" in code
    (tmp_path / "scenarios").symlink_to(SOURCE / "scenarios")
    done = subprocess.run([sys.executable, "-c", code + "print(terminated, truncated)"],
                          cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "True False\n"
