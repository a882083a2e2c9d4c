# SPDX-License-Identifier: GPL-3.0-or-later
"""The spaces of SchedLab's environments: Gymnasium's Box and Discrete when Gymnasium
is installed, else small classes that behave as they do for what the environments
use (shape, dtype, n, low, high, seed, sample with a mask, contains, ==, repr), so
an agent written against Gymnasium runs without it."""

import numpy as np

try:
    from gymnasium.spaces import Box, Discrete
except ImportError:
    GYMNASIUM = False
else:
    GYMNASIUM = True

__all__ = ["Box", "Discrete", "GYMNASIUM"]


def _rng(seed):
    """Gymnasium's generator for `seed` (seeding.np_random): PCG64 over a SeedSequence."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer))
                             or seed < 0):
        raise ValueError(f"seed {seed!r}: give a non-negative integer or None")
    sequence = np.random.SeedSequence(None if seed is None else int(seed))
    return np.random.Generator(np.random.PCG64(sequence)), int(sequence.entropy)


class _Space:
    """What both spaces share: a shape, a dtype and a generator to sample with."""

    def __init__(self, shape, dtype, seed=None):
        self._shape = shape
        self.dtype = np.dtype(dtype)
        self._np_random = None
        if seed is not None:
            self.seed(seed)

    @property
    def shape(self):
        return self._shape

    @property
    def np_random(self):
        if self._np_random is None:
            self.seed()
        return self._np_random

    def seed(self, seed=None):
        """Seeds the sampler; None draws a seed from the system. Returns the seed used."""
        self._np_random, used = _rng(seed)
        return used

    def __contains__(self, x):
        return self.contains(x)


if not GYMNASIUM:

    class Discrete(_Space):
        """The integers start, ..., start + n - 1, as np.int64."""

        def __init__(self, n, seed=None, start=0):
            if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
                raise ValueError(f"Discrete: n {n!r} must be a positive integer")
            self.n = np.int64(n)
            self.start = np.int64(start)
            super().__init__((), np.int64, seed)

        def contains(self, x):
            if isinstance(x, int):
                value = np.int64(x)
            elif (isinstance(x, (np.generic, np.ndarray)) and np.issubdtype(x.dtype, np.integer)
                  and x.shape == ()):
                value = np.int64(x)
            else:
                return False
            return bool(self.start <= value < self.start + self.n)

        def sample(self, mask=None):
            """A uniform draw; with `mask` (np.int8 of n, 1 = allowed) one among the
            allowed values, or start when none is."""
            if mask is None:
                return self.start + self.np_random.integers(self.n)
            if not isinstance(mask, np.ndarray) or mask.dtype != np.int8 or mask.shape != (self.n,):
                raise ValueError(f"Discrete.sample: the mask must be an np.int8 array of shape "
                                 f"({self.n},), not {mask!r}")
            if not np.all((mask == 0) | (mask == 1)):
                raise ValueError(f"Discrete.sample: mask values must be 0 or 1, not {mask}")
            allowed = np.flatnonzero(mask)
            if allowed.size == 0:
                return self.start
            return self.start + self.np_random.choice(allowed)

        def __eq__(self, other):
            return isinstance(other, Discrete) and self.n == other.n and self.start == other.start

        def __hash__(self):
            return hash((int(self.n), int(self.start)))

        def __repr__(self):
            return f"Discrete({self.n})" if self.start == 0 else \
                f"Discrete({self.n}, start={self.start})"

    class Box(_Space):
        """Arrays of `shape` and `dtype` between `low` and `high` (scalars or arrays of
        the shape; ±inf leaves a side unbounded)."""

        def __init__(self, low, high, shape=None, dtype=np.float32, seed=None):
            dtype = np.dtype(dtype)
            if shape is None:
                shape = np.shape(low) if np.shape(low) != () else np.shape(high)
            shape = tuple(int(d) for d in shape)
            self.low = self._bound(low, shape, dtype, -np.inf, "low")
            self.high = self._bound(high, shape, dtype, np.inf, "high")
            if np.any(self.low > self.high):
                raise ValueError(f"Box: low {low!r} is above high {high!r}")
            self.bounded_below = -np.inf < self.low
            self.bounded_above = self.high < np.inf
            super().__init__(shape, dtype, seed)

        @staticmethod
        def _bound(value, shape, dtype, infinite, name):
            array = np.full(shape, value, dtype=np.float64) if np.shape(value) == () \
                else np.asarray(value, dtype=np.float64)
            if array.shape != shape:
                raise ValueError(f"Box: {name} has shape {array.shape}, the box {shape}")
            if np.issubdtype(dtype, np.integer):
                info = np.iinfo(dtype)
                array = np.where(np.isinf(array), info.min if infinite < 0 else info.max, array)
            return array.astype(dtype)

        def is_bounded(self, manner="both"):
            below, above = bool(np.all(self.bounded_below)), bool(np.all(self.bounded_above))
            if manner == "both":
                return below and above
            if manner == "below":
                return below
            if manner == "above":
                return above
            raise ValueError(f"manner {manner!r}: give 'both', 'below' or 'above'")

        def contains(self, x):
            if not isinstance(x, np.ndarray):
                try:
                    x = np.asarray(x, dtype=self.dtype)
                except (ValueError, TypeError):
                    return False
            return bool(np.can_cast(x.dtype, self.dtype) and x.shape == self.shape
                        and np.all(x >= self.low) and np.all(x <= self.high))

        def sample(self, mask=None):
            """Uniform where both sides are bounded, exponential from a single bound,
            normal where unbounded (as Gymnasium draws)."""
            if mask is not None:
                raise ValueError("Box.sample takes no mask")
            rng = self.np_random
            if np.issubdtype(self.dtype, np.integer):
                return rng.integers(self.low, self.high, size=self.shape, dtype=self.dtype,
                                    endpoint=True)
            low, high = self.low.astype(np.float64), self.high.astype(np.float64)
            below, above = self.bounded_below, self.bounded_above
            out = np.empty(self.shape, dtype=np.float64)
            both, neither = below & above, ~below & ~above
            only_below, only_above = below & ~above, ~below & above
            out[neither] = rng.normal(size=neither[neither].shape)
            out[only_below] = low[only_below] + rng.exponential(size=only_below[only_below].shape)
            out[only_above] = high[only_above] - rng.exponential(size=only_above[only_above].shape)
            out[both] = rng.uniform(low[both], high[both], size=both[both].shape)
            return np.clip(out, low, high).astype(self.dtype)

        def __eq__(self, other):
            return (isinstance(other, Box) and self.shape == other.shape
                    and self.dtype == other.dtype and np.allclose(self.low, other.low)
                    and np.allclose(self.high, other.high))

        def __hash__(self):
            return hash((self.shape, str(self.dtype)))

        def __repr__(self):
            def short(a):
                return a.flat[0] if a.size and np.all(a == a.flat[0]) else a
            return f"Box({short(self.low)}, {short(self.high)}, {self.shape}, {self.dtype})"
