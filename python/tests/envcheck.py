# SPDX-License-Identifier: GPL-3.0-or-later
"""An environment checker: the rules of Gymnasium's env_checker, as assertions.

check_env(case) runs every check on an EnvCase; each check is also a function of
its own, so a test can name the rule that broke. A case gives make() (a fresh
environment each call, episodes short enough to run to their end a few times) and,
optionally, took_effect(info, action): whether the step's action did what it asks
(for placement: the pod was bound; for dispatch: the request went where it said). With it the action mask is held to its word: a
masked-out action never takes effect, a masked-in one does.
"""

from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np

from schedlab import spaces

MAX_STEPS = 5000  # an episode longer than this is taken for one that never ends


@dataclass
class EnvCase:
    name: str
    make: Callable
    took_effect: Optional[Callable] = None
    seeds: tuple = (3, 4)
    out_slack: float = 0.0  # the share of masked-out actions that may take effect
    in_slack: float = 0.0  # the share of masked-in actions that may not

    def __repr__(self):
        return self.name


def _mask(env, info):
    assert isinstance(info, dict), f"info is a {type(info).__name__}, not a dict"
    assert "action_mask" in info, "info has no action_mask"
    mask = info["action_mask"]
    assert isinstance(mask, np.ndarray), f"action_mask is a {type(mask).__name__}"
    assert mask.dtype == np.int8, f"action_mask is {mask.dtype}, not int8"
    assert mask.shape == (env.action_space.n,), \
        f"action_mask has shape {mask.shape}, the action space {env.action_space.n} actions"
    assert np.all((mask == 0) | (mask == 1)), f"action_mask holds values other than 0 and 1: {mask}"
    return mask


def _observation(env, obs):
    assert isinstance(obs, np.ndarray), f"the observation is a {type(obs).__name__}"
    assert obs.dtype == env.observation_space.dtype, \
        f"the observation is {obs.dtype}, the space {env.observation_space.dtype}"
    assert obs in env.observation_space, \
        f"the observation is outside {env.observation_space}: {obs}"


def _step(env, action):
    out = env.step(action)
    assert isinstance(out, tuple) and len(out) == 5, "step() must give 5 values"
    obs, reward, terminated, truncated, info = out
    _observation(env, obs)
    assert type(reward) is float, f"the reward is a {type(reward).__name__}, not a float"
    assert np.isfinite(reward), f"the reward is {reward}"
    assert type(terminated) is bool, f"terminated is a {type(terminated).__name__}"
    assert type(truncated) is bool, f"truncated is a {type(truncated).__name__}"
    _mask(env, info)
    return out


def rollout(env, seed, actions_seed=0, limit=MAX_STEPS):
    """One episode from reset(seed=seed), the actions drawn among the feasible ones by
    a generator of `actions_seed`: the observations, rewards, ends and masks."""
    rng = np.random.default_rng(actions_seed)
    obs, info = env.reset(seed=seed)
    record = [("reset", obs.copy(), _mask(env, info).copy())]
    for _ in range(limit):
        mask = info["action_mask"]
        choices = np.flatnonzero(mask) if mask.any() else np.arange(env.action_space.n)
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(choices)))
        record.append((obs.copy(), reward, terminated, truncated, info["action_mask"].copy()))
        if terminated or truncated:
            return record
    raise AssertionError(f"no episode end within {limit} steps")


def same(a, b):
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        for u, v in zip(x, y):
            if isinstance(u, np.ndarray):
                if not np.array_equal(u, v):
                    return False
            elif u != v:
                return False
    return True


def check_spaces(case):
    env = case.make()
    assert isinstance(env.action_space, spaces.Discrete), env.action_space
    assert env.action_space.n >= 1
    assert isinstance(env.observation_space, spaces.Box), env.observation_space
    assert env.observation_space.dtype == np.float32
    assert "ansi" in env.metadata["render_modes"]
    assert env.render_mode is None


def check_no_step_before_reset(case):
    env = case.make()
    try:
        env.step(0)
    except RuntimeError as e:
        assert "reset" in str(e), f"the message does not say to reset: {e}"
    else:
        raise AssertionError("step() before reset() was taken")


def check_reset(case):
    env = case.make()
    out = env.reset(seed=case.seeds[0])
    assert isinstance(out, tuple) and len(out) == 2, "reset() must give (obs, info)"
    _observation(env, out[0])
    _mask(env, out[1])
    for options in (None, {}):
        _observation(env, env.reset(seed=case.seeds[0], options=options)[0])
    for bad in ({"no-such-option": 1},):
        try:
            env.reset(options=bad)
        except ValueError as e:
            assert "no-such-option" in str(e), f"the message does not name the option: {e}"
        else:
            raise AssertionError(f"reset(options={bad}) was taken")


def check_steps(case):
    """Every step's types and bounds; observations are fresh arrays, not a buffer
    the next step overwrites."""
    env = case.make()
    obs, info = env.reset(seed=case.seeds[0])
    kept, copy = obs, obs.copy()
    rng = np.random.default_rng(1)
    for _ in range(MAX_STEPS):
        obs, _, terminated, truncated, info = _step(env, int(rng.integers(env.action_space.n)))
        assert np.array_equal(kept, copy), "an observation changed after it was returned"
        kept, copy = obs, obs.copy()
        if terminated or truncated:
            return
    raise AssertionError(f"no episode end within {MAX_STEPS} steps")


def check_seeding(case):
    """reset(seed=s) twice: the same observation and, for the same actions, the same
    trajectory; another seed another trajectory; reset() goes on with seed + 1."""
    env = case.make()
    first, second = case.seeds
    a = rollout(env, first)
    b = rollout(env, first)
    assert same(a[:1], b[:1]), "reset(seed=s) twice gave different observations"
    assert same(a, b), "the same seed and actions gave different trajectories"
    other = case.make()
    assert same(a, rollout(other, first)), "a fresh environment ran seed s differently"
    assert not same(a, rollout(env, second)), "two seeds gave the same trajectory"

    env.reset(seed=first)
    following = env.reset()[0]
    assert np.array_equal(following, case.make().reset(seed=first + 1)[0]), \
        "reset() after reset(seed=s) is not the episode of seed s + 1"
    fresh = [case.make(), case.make()]
    assert np.array_equal(*[e.reset()[0] for e in fresh]), "reset() is not deterministic"
    assert np.array_equal(*[e.reset()[0] for e in fresh]), "a second reset() is not deterministic"
    assert np.array_equal(*[e.np_random.random(4) for e in fresh]), \
        "np_random is not seeded by the episode's seed"
    draws = []
    for seed in (first, first, second):
        env.reset(seed=seed)
        draws.append(env.np_random.random(4))
    assert np.array_equal(draws[0], draws[1]) and not np.array_equal(draws[0], draws[2]), \
        "np_random is not seeded by reset(seed=s)"


def check_action_mask(case):
    """The mask marks only feasible actions: a masked-out action does not take effect,
    a masked-in one does (checked when the case says what taking effect is), but for
    the shares out_slack and in_slack where the case says why; some masked-in action
    always does."""
    if case.took_effect is None:
        return
    env = case.make()
    rng = np.random.default_rng(2)
    tried, wrong = [0, 0], [[], []]
    for seed in case.seeds:
        _, info = env.reset(seed=seed)
        for _ in range(MAX_STEPS):
            mask = info["action_mask"].copy()
            allowed = int(rng.integers(2)) if 0 < mask.sum() < len(mask) else int(mask.any())
            action = int(rng.choice(np.flatnonzero(mask == allowed)))
            _, _, terminated, truncated, info = _step(env, action)
            effect = bool(case.took_effect(info, action))
            tried[allowed] += 1
            if effect != bool(allowed):
                wrong[allowed].append(f"action {action} {'in' if allowed else 'out'}side the "
                                      f"mask {mask} {'took' if effect else 'did not take'} effect")
            if terminated or truncated:
                break
    assert tried[0] > 0 and tried[1] > 0, \
        f"the case never offered both a masked-out and a masked-in action: {tried}"
    assert len(wrong[1]) < tried[1], "no masked-in action took effect"
    for allowed, slack in ((0, case.out_slack), (1, case.in_slack)):
        assert len(wrong[allowed]) <= slack * tried[allowed], \
            f"{len(wrong[allowed])} of {tried[allowed]}: " + "; ".join(wrong[allowed][:3])


def check_episode_end(case):
    """No step after an episode ended until reset(); the next episode steps again."""
    env = case.make()
    record = rollout(env, case.seeds[0])
    assert record[-1][2] or record[-1][3]
    try:
        env.step(0)
    except RuntimeError as e:
        assert "reset" in str(e), f"the message does not say to reset: {e}"
    else:
        raise AssertionError("step() after the episode ended was taken")
    _, info = env.reset()
    _step(env, int(np.argmax(info["action_mask"])))


def check_actions_outside_the_space(case):
    env = case.make()
    env.reset(seed=case.seeds[0])
    n = int(env.action_space.n)
    for bad in (-1, n, n + 7, 0.0, 1.5, "0", None, [0], np.array([0]), np.float32(0)):
        try:
            env.step(bad)
        except ValueError as e:
            assert str(n - 1) in str(e), f"the message does not give the range: {e}"
        else:
            raise AssertionError(f"action {bad!r} outside {env.action_space} was taken")
    for good in (np.int64(0), np.int32(0), np.array(0, dtype=np.int16)):
        env.reset(seed=case.seeds[0])
        _step(env, good)


def check_close(case):
    env = case.make()
    env.reset(seed=case.seeds[0])
    env.close()
    env.close()
    for call in (lambda: env.reset(), lambda: env.step(0)):
        try:
            call()
        except RuntimeError:
            pass
        else:
            raise AssertionError("a closed environment was used")


CHECKS = [check_spaces, check_no_step_before_reset, check_reset, check_steps, check_seeding,
          check_action_mask, check_episode_end, check_actions_outside_the_space, check_close]


def check_env(case):
    """Every check on `case`; raises AssertionError naming the first rule broken."""
    for check in CHECKS:
        check(case)
