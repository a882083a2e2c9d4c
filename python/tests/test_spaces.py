# SPDX-License-Identifier: GPL-3.0-or-later
# schedlab.spaces: the shim spaces behave as Gymnasium's do for what the environments
# use. The shim is tested always (loaded with Gymnasium hidden); where Gymnasium is
# installed the same tests run on its spaces too, which is what the shim copies.
import importlib.util
import sys

import numpy as np
import pytest

import schedlab.spaces


def shim():
    hidden = {name: module for name, module in sys.modules.items()
              if name == "gymnasium" or name.startswith("gymnasium.")}
    sys.modules.update({"gymnasium": None, "gymnasium.spaces": None})  # imports fail
    try:
        spec = importlib.util.spec_from_file_location("spaces_shim", schedlab.spaces.__file__)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        del sys.modules["gymnasium"], sys.modules["gymnasium.spaces"]
        sys.modules.update(hidden)
    assert not module.GYMNASIUM
    return module


IMPLEMENTATIONS = ["shim"] + (["gymnasium"] if schedlab.spaces.GYMNASIUM else [])


@pytest.fixture(params=IMPLEMENTATIONS)
def sp(request):
    return shim() if request.param == "shim" else schedlab.spaces


def test_the_package_uses_gymnasium_when_it_is_there():
    present = importlib.util.find_spec("gymnasium") is not None
    assert schedlab.spaces.GYMNASIUM == present
    assert schedlab.spaces.Box.__module__.startswith("gymnasium") == present
    assert schedlab.spaces.Discrete.__module__.startswith("gymnasium") == present


def test_discrete_holds_the_integers_below_n(sp):
    d = sp.Discrete(4)
    assert d.n == 4 and d.shape == () and d.dtype == np.int64 and d.start == 0
    for x in (0, 3, np.int64(2), np.int32(1), np.uint8(3), np.array(2)):
        assert d.contains(x) and x in d
    for x in (-1, 4, 1.0, 2.5, "1", None, [1], np.array([1]), np.float32(1)):
        assert not d.contains(x) and x not in d
    assert 5 in sp.Discrete(3, start=4) and 3 not in sp.Discrete(3, start=4)


def test_discrete_samples_reproducibly(sp):
    d = sp.Discrete(5, seed=3)
    draws = [d.sample() for _ in range(50)]
    assert all(isinstance(x, np.int64) and x in d for x in draws)
    assert set(draws) == set(range(5))
    d.seed(3)
    assert [d.sample() for _ in range(50)] == draws
    d.seed(4)
    assert [d.sample() for _ in range(50)] != draws


def test_a_mask_limits_what_discrete_samples(sp):
    d = sp.Discrete(5, seed=1)
    mask = np.array([0, 1, 0, 1, 0], dtype=np.int8)
    assert {int(d.sample(mask=mask)) for _ in range(100)} == {1, 3}
    assert d.sample(mask=np.zeros(5, dtype=np.int8)) == 0  # nothing allowed: start
    assert sp.Discrete(3, start=2).sample(mask=np.zeros(3, dtype=np.int8)) == 2
    for bad in (np.ones(5, dtype=np.int64), np.ones(4, dtype=np.int8),
                np.array([0, 2, 0, 0, 0], dtype=np.int8), [1, 1, 1, 1, 1]):
        with pytest.raises((ValueError, AssertionError)):
            d.sample(mask=bad)


def test_discrete_equality_and_text(sp):
    assert sp.Discrete(3) == sp.Discrete(3)
    assert sp.Discrete(3) != sp.Discrete(4)
    assert sp.Discrete(3) != sp.Discrete(3, start=1)
    assert repr(sp.Discrete(3)) == "Discrete(3)"
    assert repr(sp.Discrete(3, start=1)) == "Discrete(3, start=1)"


def test_box_bounds_are_arrays_of_its_shape(sp):
    b = sp.Box(0.0, 1.0, (3,), np.float32)
    assert b.shape == (3,) and b.dtype == np.float32
    assert b.low.shape == (3,) and b.low.dtype == np.float32 and np.all(b.low == 0)
    assert b.high.shape == (3,) and np.all(b.high == 1)
    assert b.is_bounded()
    per = sp.Box(np.array([0.0, -1.0]), np.array([1.0, 5.0]), dtype=np.float32)
    assert per.shape == (2,) and list(per.high) == [1.0, 5.0]
    with pytest.raises(ValueError):
        sp.Box(1.0, 0.0, (2,))
    unbounded = sp.Box(-np.inf, np.inf, (2,))
    assert not unbounded.is_bounded() and not unbounded.is_bounded("below")


def test_box_holds_arrays_of_its_shape_dtype_and_bounds(sp):
    b = sp.Box(0.0, 1.0, (3,), np.float32)
    assert b.contains(np.array([0.0, 0.5, 1.0], dtype=np.float32))
    assert np.zeros(3, dtype=np.float32) in b
    assert [0.5, 0.5, 0.5] in b
    assert not b.contains(np.zeros(3, dtype=np.float64))  # float64 does not cast to float32
    assert not b.contains(np.zeros(4, dtype=np.float32))
    assert not b.contains(np.zeros((3, 1), dtype=np.float32))
    assert not b.contains(np.array([0.0, 1.5, 0.0], dtype=np.float32))
    assert not b.contains(np.array([0.0, -0.1, 0.0], dtype=np.float32))
    assert not b.contains("abc")


def test_box_samples_inside_itself_reproducibly(sp):
    b = sp.Box(np.array([0.0, -1.0]), np.array([1.0, 5.0]), dtype=np.float32, seed=2)
    draws = [b.sample() for _ in range(100)]
    assert all(x in b and x.dtype == np.float32 for x in draws)
    assert np.ptp([x[1] for x in draws]) > 3  # spread over the range
    b.seed(2)
    assert all(np.array_equal(x, b.sample()) for x in draws)
    free = sp.Box(np.array([-np.inf, 0.0, -np.inf]), np.array([np.inf, np.inf, 0.0]), seed=1)
    for _ in range(20):
        x = free.sample()
        assert np.all(np.isfinite(x)) and x[1] >= 0 and x[2] <= 0


def test_box_equality_and_text(sp):
    assert sp.Box(0.0, 1.0, (3,)) == sp.Box(0, 1, (3,), np.float32)
    assert sp.Box(0.0, 1.0, (3,)) != sp.Box(0.0, 2.0, (3,))
    assert sp.Box(0.0, 1.0, (3,)) != sp.Box(0.0, 1.0, (4,))
    assert sp.Box(0.0, 1.0, (3,)) != sp.Box(0.0, 1.0, (3,), np.float64)
    assert repr(sp.Box(0.0, 1.0, (3,), np.float32)) == "Box(0.0, 1.0, (3,), float32)"
