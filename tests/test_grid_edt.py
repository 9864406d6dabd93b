"""Exact Euclidean distance transform against scipy.ndimage.distance_transform_edt."""
import numpy as np
import pytest
import scipy.ndimage as ndi
from hypothesis import given, settings
from hypothesis import strategies as st

from interactiveworld import _core
from interactiveworld.actions.navigation import synthetic_house_occupancy


@settings(max_examples=80, deadline=None)
@given(rows=st.integers(1, 40), cols=st.integers(1, 40), density=st.floats(0.01, 0.9), seed=st.integers(0, 2**31))
def test_edt_equals_scipy_on_random_grids(rows, cols, density, seed):
    rng = np.random.default_rng(seed)
    free = rng.random((rows, cols)) >= density
    free.flat[rng.integers(free.size)] = False  # at least one blocked cell (scipy's answer is odd without one)
    ours = _core.distance_transform(free, scale=0.10)
    ref = ndi.distance_transform_edt(free) * 0.10
    np.testing.assert_allclose(ours, ref, rtol=0, atol=1e-12)


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("threads", [1, 2, 3])
def test_edt_equals_scipy_on_house_grids(seed, threads):
    blocked = synthetic_house_occupancy((257, 301), seed=seed)
    ours = _core.distance_transform(~blocked, scale=0.10, threads=threads)
    ref = ndi.distance_transform_edt(~blocked) * 0.10
    np.testing.assert_allclose(ours, ref, rtol=0, atol=1e-12)


def test_edt_hand_worked():
    free = np.ones((3, 5), bool)
    free[1, 0] = False
    d = _core.distance_transform(free)
    np.testing.assert_allclose(d[1], [0, 1, 2, 3, 4], atol=0)
    np.testing.assert_allclose(d[0, 3], np.hypot(1, 3), atol=1e-15)


def test_edt_uint8_input_and_no_obstacle():
    free = np.ones((4, 6), np.uint8)
    assert np.all(np.isinf(_core.distance_transform(free)))
    free[2, 3] = 0
    np.testing.assert_allclose(_core.distance_transform(free), ndi.distance_transform_edt(free), atol=1e-12)


@pytest.mark.parametrize(
    "arr, exc",
    [
        (np.zeros((0, 5), bool), ValueError),
        (np.zeros((5,), bool), ValueError),
        (np.zeros((2, 2, 2), bool), ValueError),
        (np.zeros((4, 4), np.float64), TypeError),
        (np.zeros((4, 4), np.int32), TypeError),
    ],
)
def test_edt_bad_input(arr, exc):
    with pytest.raises(exc, match="free_mask"):
        _core.distance_transform(arr)


def test_edt_bad_scale_and_threads():
    with pytest.raises(ValueError, match="scale"):
        _core.distance_transform(np.ones((3, 3), bool), scale=-1.0)
    with pytest.raises(ValueError, match="scale"):
        _core.distance_transform(np.ones((3, 3), bool), scale=float("nan"))
    with pytest.raises(ValueError, match="threads"):
        _core.distance_transform(np.ones((3, 3), bool), threads=0)
