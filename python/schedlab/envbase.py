# SPDX-License-Identifier: GPL-3.0-or-later
"""The Gymnasium contract of SchedLab's environments, kept once for all of them.

An environment is a C++ core (schedlab._schedlab) that does a whole reset or step in
one call; SchedlabEnv around it checks what Gymnasium asks of the caller (a reset
before the first step and after an episode ends, actions in the action space, seeds
and options), chooses each episode's seed and returns Python types. It subclasses
gymnasium.Env when Gymnasium is installed, so wrappers and checkers take it.
"""

import numpy as np

from . import spaces

try:
    import gymnasium
except ImportError:
    gymnasium = None

__all__ = ["SchedlabEnv"]

_SEEDS = 2**64  # the engine's seeds are 64-bit


def _seed_of(seed):
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"seed {seed!r}: give an integer 0 to 2^64-1, or None")
    if not 0 <= int(seed) < _SEEDS:
        raise ValueError(f"seed {seed}: give an integer 0 to 2^64-1, or None")
    return int(seed)


class SchedlabEnv(gymnasium.Env if gymnasium else object):
    """An episode of a scenario behind the Gymnasium API.

    Seeding: reset(seed=s) starts the episode of seed s; reset() starts, the first
    time, the episode of the scenario's seed and then the previous episode's seed + 1,
    so a run of resets is the same run every time. np_random is seeded with the
    episode's seed at each reset. info always holds "action_mask": an np.int8 array
    of action_space.n, 1 where the action is feasible now.

    A subclass passes its core, its observation space and its default seed, may name
    the reset options it takes (`reset_options`) and reads them in `_core_reset`, and
    says what render() shows in `_describe`.
    """

    metadata = {"render_modes": ["ansi"]}
    reset_options = frozenset()

    def __init__(self, core, observation_space, default_seed, render_mode=None):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: give one of "
                             f"{self.metadata['render_modes']} or None")
        self.render_mode = render_mode
        self._core = core
        self.observation_space = observation_space
        self.action_space = spaces.Discrete(core.action_count)
        self._default_seed = _seed_of(default_seed)
        self._episode_seed = None  # none yet: the first reset() takes the default
        self._over = None  # None before the first reset, then whether the episode ended
        self._info = {}
        self._steps = 0
        self._return = 0.0
        self._np_random = None
        self._np_random_seed = None

    @property
    def episode_seed(self):
        """The seed of the current (or last) episode; None before the first reset."""
        return self._episode_seed

    def reset(self, *, seed=None, options=None):
        """Starts an episode: (observation, info)."""
        self._require_open()
        if options is not None:
            if not isinstance(options, dict):
                raise TypeError(f"options {options!r}: give a dict or None")
            unknown = sorted(set(options) - set(self.reset_options), key=str)
            if unknown:
                known = ", ".join(sorted(self.reset_options))
                takes = f"takes {known}" if known else "takes no reset options"
                raise ValueError(f"unknown reset option {', '.join(map(repr, unknown))}: "
                                 f"{type(self).__name__} {takes}")
        if seed is not None:
            episode = _seed_of(seed)
        elif self._episode_seed is None:
            episode = self._default_seed
        else:
            episode = (self._episode_seed + 1) % _SEEDS
        if gymnasium:
            super().reset(seed=episode)
        else:
            self._np_random, _ = spaces._rng(episode)
            self._np_random_seed = episode
        # A seed the core refuses leaves no episode, and reset() goes on to the next one.
        self._over, self._info, self._episode_seed = None, {}, episode
        obs, info = self._core_reset(episode, options or {})
        self._info = self._checked(info)
        self._over = False
        self._steps = 0
        self._return = 0.0
        return obs, self._info

    def step(self, action):
        """Takes one action: (observation, reward, terminated, truncated, info)."""
        self._require_open()
        if self._over is None:
            raise RuntimeError(f"step() before reset(): call reset() to start an episode of "
                               f"{type(self).__name__}")
        if self._over:
            raise RuntimeError("step() after the episode ended (terminated or truncated): "
                               "call reset() to start the next one")
        if not self.action_space.contains(action):
            raise ValueError(f"action {action!r} is not in the action space "
                             f"{self.action_space}: give an integer 0 to "
                             f"{self.action_space.n - 1}")
        obs, reward, terminated, truncated, info = self._core.step(int(action))
        reward, terminated, truncated = float(reward), bool(terminated), bool(truncated)
        self._over = terminated or truncated
        self._steps += 1
        self._return += reward
        self._info = self._checked(info)
        return obs, reward, terminated, truncated, self._info

    def action_masks(self):
        """The feasible actions now, as booleans (what maskable agents such as
        sb3-contrib's MaskablePPO ask for); all False before the first reset."""
        mask = self._info.get("action_mask")
        if mask is None:
            return np.zeros(self.action_space.n, dtype=bool)
        return mask.astype(bool)

    def render(self):
        """A short text of the episode for render_mode "ansi"; None otherwise."""
        if self.render_mode != "ansi":
            return None
        name = type(self).__name__
        if self._over is None:
            return f"{name}: no episode yet (call reset())\n"
        state = "over" if self._over else "running"
        head = (f"{name} episode seed {self._episode_seed}, step {self._steps}, "
                f"return {self._return:.4g} ({state})\n")
        return head + self._describe()

    def close(self):
        """Frees the simulator; reset() and step() then raise. Closing again does nothing."""
        self._core = None

    def _require_open(self):
        if self._core is None:
            raise RuntimeError(f"the {type(self).__name__} is closed")

    def _checked(self, info):
        info = dict(info)
        mask = info.get("action_mask")
        if not isinstance(mask, np.ndarray) or mask.dtype != np.int8 \
                or mask.shape != (self.action_space.n,):
            raise RuntimeError(f"{type(self).__name__}'s core gave no np.int8 action_mask of "
                               f"{self.action_space.n} actions: {mask!r}")
        return info

    def _core_reset(self, seed, options):
        """Starts the core's episode of `seed`; `options` holds only reset_options keys."""
        return self._core.reset(seed)

    def _describe(self):
        """render()'s lines after the episode's: what the agent decides about now."""
        return ""

    if gymnasium is None:
        # What gymnasium.Env gives the environment when it is its base.
        spec = None

        @property
        def np_random(self):
            """The environment's generator, seeded by reset() with the episode's seed."""
            if self._np_random is None:
                self._np_random, self._np_random_seed = spaces._rng(None)
            return self._np_random

        @np_random.setter
        def np_random(self, value):
            self._np_random = value

        @property
        def np_random_seed(self):
            if self._np_random_seed is None:
                self.np_random  # noqa: B018 (seeds it)
            return self._np_random_seed

        @property
        def unwrapped(self):
            return self

        def __enter__(self):
            return self

        def __exit__(self, *args):
            self.close()
            return False

        def __str__(self):
            return f"<{type(self).__name__} instance>"
