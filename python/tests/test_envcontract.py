# SPDX-License-Identifier: GPL-3.0-or-later
# The Gymnasium contract (envcheck.py) on every environment; and the checker on a small
# environment of its own, which passes, and on one broken copy of it per rule, each of
# which the rule's check must catch.
import itertools

import numpy as np
import pytest

import schedlab
from conftest import SOURCE, TUTORIAL
from envcheck import CHECKS, EnvCase, check_env
from schedlab import spaces
from schedlab.envbase import SchedlabEnv

DRS = str(SOURCE / "scenarios" / "drs-five-node.yaml")


def drs_with_big_pods():
    """The DRS testbed with pods of 3Gi, which node2 (2Gi) never fits."""
    s = schedlab.load(DRS)
    for name in ("video", "transmission", "data-write"):
        s.set(f"workload.deployments.even.pods.{name}.memory", "3Gi")
    return s


def bound(info, action):
    return info["bound"]


# The engine binds a decided pod at its moment within the next slot: a pod that ends
# meanwhile can make room on a node the mask ruled out (about one step in a thousand).
# Pods due at the same instant, as back-offs of big pods often are, are bound only after
# the last of them is decided, so `bound` reads False when their steps return; that the
# mask holds for them is tested in C++ (tst_drsenvironment's maskedInActionsBind).
ENDED_MEANWHILE = 0.005

def sent(info, action):
    return info["sent"] == action


def short_tutorial():
    s = schedlab.load(TUTORIAL)
    s.set("time.duration", "40s")
    return s


def edge_cloud_eap():
    """kais-edge-cloud's first eAP as the agent, greedy at the others, an actions space
    with room past its pool."""
    s = schedlab.load(str(SOURCE / "scenarios" / "kais-edge-cloud.yaml"))
    s.set("time.duration", "20s")
    return schedlab.DispatchEnv(s, eap=0, others="greedy")


ENVIRONMENTS = [
    EnvCase("DispatchEnv", lambda: schedlab.DispatchEnv(short_tutorial()), sent),
    EnvCase("DispatchEnv-throughput",
            lambda: schedlab.DispatchEnv(short_tutorial(), reward="throughput"), sent),
    EnvCase("DispatchEnv-one-eap", edge_cloud_eap, sent),
    EnvCase("PlacementEnv", lambda: schedlab.PlacementEnv(DRS, episode_pods=20), bound,
            out_slack=ENDED_MEANWHILE),
    EnvCase("PlacementEnv-big-pods",
            lambda: schedlab.PlacementEnv(drs_with_big_pods(), episode_pods=12), bound,
            out_slack=ENDED_MEANWHILE, in_slack=1.0),
]


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("case", ENVIRONMENTS, ids=repr)
def test_environment_keeps_the_contract(case, check):
    check(case)


class ToyCore:
    """Three machines that a job of random size (drawn from the seed) goes to each
    step; a machine the job does not fit refuses it. Loads decay as jobs end."""

    observation_size = 4
    action_count = 3
    length = 12

    def __init__(self):
        self.reset(0)

    def random(self, seed):
        return np.random.default_rng(seed)

    def reset(self, seed):
        self.rng = self.random(seed)
        self.load = np.zeros(3)
        self.steps = 0
        self.job = self.rng.uniform(0.1, 0.6)
        return self.observe(), {"action_mask": self.mask(), "bound": False}

    def observe(self):
        return np.append(self.load, self.job).astype(np.float32)

    def mask(self):
        return (self.load + self.job <= 1.0).astype(np.int8)

    def step(self, action):
        bound = self.load[action] + self.job <= 1.0
        if bound:
            self.load[action] += self.job
        self.load *= 0.8
        self.steps += 1
        self.job = self.rng.uniform(0.1, 0.6)
        info = {"action_mask": self.mask(), "bound": bool(bound)}
        return self.observe(), -np.std(self.load), self.steps >= self.length, False, info


class ToyEnv(SchedlabEnv):
    def __init__(self, core=None, render_mode=None):
        core = core or ToyCore()
        super().__init__(core, spaces.Box(0.0, 1.0, (core.observation_size,), np.float32),
                         default_seed=7, render_mode=render_mode)


def toy_case(env=ToyEnv, core=ToyCore):
    return EnvCase(env.__name__ + "/" + core.__name__, lambda: env(core()),
                   bound)


def test_the_checker_passes_a_sound_environment():
    check_env(toy_case())
    env = ToyEnv(render_mode="ansi")
    assert "no episode" in env.render()
    env.reset(seed=5)
    env.step(0)
    assert env.render().startswith("ToyEnv episode seed 5, step 1, return ")
    assert env.action_masks().dtype == bool


class Float64(ToyCore):
    def observe(self):
        return np.append(self.load, self.job)


class OutOfBounds(ToyCore):
    def observe(self):
        return np.append(self.load, 3 * self.job).astype(np.float32)


class OneBuffer(ToyCore):
    buffer = np.zeros(4, dtype=np.float32)

    def observe(self):
        self.buffer[:] = super().observe()
        return self.buffer


_draws = itertools.count()


class SeedIgnoredOnReset(ToyCore):
    def random(self, seed):
        return np.random.default_rng(next(_draws))


class OneTrajectory(ToyCore):
    def random(self, seed):
        return np.random.default_rng(0)


class MaskAllowsAll(ToyCore):
    def mask(self):
        return np.ones(3, dtype=np.int8)


class MaskForbidsAll(ToyCore):
    def mask(self):
        return np.zeros(3, dtype=np.int8)


class Endless(ToyCore):
    length = 10**9


class StepsBeforeReset(ToyEnv):
    def step(self, action):
        if self._over is None:
            self._over = False
        return super().step(action)


class StepsAfterEnd(ToyEnv):
    def step(self, action):
        self._over = False
        return super().step(action)


class ClipsActions(ToyEnv):
    def step(self, action):
        return super().step(action if self.action_space.contains(action) else 0)


class NumpyReward(ToyEnv):
    def step(self, action):
        obs, reward, terminated, truncated, info = super().step(action)
        return obs, np.float64(reward), terminated, truncated, info


class NumpyTerminated(ToyEnv):
    def step(self, action):
        obs, reward, terminated, truncated, info = super().step(action)
        return obs, reward, np.bool_(terminated), truncated, info


class ResetRepeatsTheDefault(ToyEnv):
    def reset(self, *, seed=None, options=None):
        return super().reset(seed=7 if seed is None else seed, options=options)


class TakesAnyOption(ToyEnv):
    def reset(self, *, seed=None, options=None):
        return super().reset(seed=seed)


class UnseededRandom(ToyEnv):
    def reset(self, *, seed=None, options=None):
        out = super().reset(seed=seed, options=options)
        self._np_random = np.random.default_rng()
        return out


class StaysOpen(ToyEnv):
    def close(self):
        pass


BROKEN = [
    (toy_case(core=Float64), "check_steps"),
    (toy_case(core=OutOfBounds), "check_steps"),
    (toy_case(core=OneBuffer), "check_steps"),
    (toy_case(core=SeedIgnoredOnReset), "check_seeding"),
    (toy_case(core=OneTrajectory), "check_seeding"),
    (toy_case(core=MaskAllowsAll), "check_action_mask"),
    (toy_case(core=MaskForbidsAll), "check_action_mask"),
    (toy_case(core=Endless), "check_episode_end"),
    (toy_case(env=StepsBeforeReset), "check_no_step_before_reset"),
    (toy_case(env=StepsAfterEnd), "check_episode_end"),
    (toy_case(env=ClipsActions), "check_actions_outside_the_space"),
    (toy_case(env=NumpyReward), "check_steps"),
    (toy_case(env=NumpyTerminated), "check_steps"),
    (toy_case(env=ResetRepeatsTheDefault), "check_seeding"),
    (toy_case(env=TakesAnyOption), "check_reset"),
    (toy_case(env=UnseededRandom), "check_seeding"),
    (toy_case(env=StaysOpen), "check_close"),
]


@pytest.mark.parametrize("case,check", BROKEN, ids=[repr(c) for c, _ in BROKEN])
def test_the_checker_catches_a_broken_environment(case, check):
    with pytest.raises(AssertionError):
        {c.__name__: c for c in CHECKS}[check](case)


def test_the_base_refuses_a_core_without_a_mask():
    class NoMask(ToyCore):
        def reset(self, seed):
            return super().reset(seed)[0], {}

    with pytest.raises(RuntimeError, match="action_mask"):
        ToyEnv(NoMask()).reset()


def test_the_base_refuses_bad_seeds_and_render_modes():
    env = ToyEnv()
    for bad in (-1, 2**64):
        with pytest.raises(ValueError, match="2\\^64-1"):
            env.reset(seed=bad)
    for bad in (1.0, "1", True):
        with pytest.raises(TypeError):
            env.reset(seed=bad)
    env.reset(seed=2**64 - 1)
    assert env.episode_seed == 2**64 - 1
    env.reset()
    assert env.episode_seed == 0
    with pytest.raises(TypeError):
        env.reset(options=[("a", 1)])
    with pytest.raises(ValueError, match="render_mode"):
        ToyEnv(render_mode="human")


def test_a_reset_the_core_refuses_leaves_no_episode_to_step():
    class OddSeedsOnly(ToyCore):
        def reset(self, seed):
            if seed % 2 == 0 and hasattr(self, "rng"):
                raise ValueError(f"seed {seed} refused")
            return super().reset(seed)

    env = ToyEnv(OddSeedsOnly())
    env.reset(seed=1)
    env.step(0)
    with pytest.raises(ValueError, match="seed 2 refused"):
        env.reset()
    with pytest.raises(RuntimeError, match="before reset"):
        env.step(0)
    assert env.action_masks().tolist() == [False] * 3
    env.reset()
    assert env.episode_seed == 3
