"""String pulling: the weighted cost never rises and no shortcut crosses an obstacle (paper appendix B.2.1)."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_grid_reference import segment_cost_reference

from interactiveworld import _core

R = 0.1
ORIGIN = np.array([-1.0, 2.0])


def _case(rows, cols, density, seed):
    rng = np.random.default_rng(seed)
    passable = (rng.random((rows, cols)) >= density).astype(np.uint8)
    clearance = _core.distance_transform(passable, scale=R)
    cost = _core.clearance_cost_layer(clearance, None)
    return rng, passable, cost


def _centres(cells):
    return ORIGIN + (cells[:, ::-1] + 0.5) * R


def _polyline_cost(passable, cost, pts):
    return sum(segment_cost_reference(passable, cost, ORIGIN, R, a, b) for a, b in zip(pts[:-1], pts[1:]))


@settings(max_examples=60, deadline=None)
@given(rows=st.integers(2, 30), cols=st.integers(2, 30), density=st.floats(0.0, 0.4), seed=st.integers(0, 2**31))
def test_segment_cost_equals_reference(rows, cols, density, seed):
    rng, passable, cost = _case(rows, cols, density, seed)
    for _ in range(10):
        p0 = ORIGIN + rng.random(2) * (cols * R, rows * R)
        p1 = ORIGIN + rng.random(2) * (cols * R, rows * R)
        if rng.random() < 0.3:  # cell centres produce exact corner crossings on diagonals
            p0 = _centres(rng.integers(0, (rows, cols), size=(1, 2)))[0]
            p1 = p0 + R * rng.integers(-3, 4) * np.array([1.0, 1.0])
        ours = _core.segment_cost(passable, cost, ORIGIN, R, p0, p1)
        ref = segment_cost_reference(passable, cost, ORIGIN, R, p0, p1)
        if math.isinf(ref):
            assert math.isinf(ours)
        else:
            np.testing.assert_allclose(ours, ref, rtol=1e-9, atol=1e-12)


@settings(max_examples=60, deadline=None)
@given(rows=st.integers(2, 30), cols=st.integers(2, 30), density=st.floats(0.0, 0.35), seed=st.integers(0, 2**31))
def test_string_pull_never_raises_cost_nor_crosses_obstacles(rows, cols, density, seed):
    rng, passable, cost = _case(rows, cols, density, seed)
    free = np.argwhere(passable)
    if len(free) < 2:
        return
    s, g = (tuple(free[k]) for k in rng.integers(len(free), size=2))
    cells, _, _ = _core.astar(passable, cost, s, g)
    if cells is None:
        return
    pts = _centres(cells)
    keep = _core.string_pull(passable, cost, ORIGIN, R, pts)
    assert keep[0] == 0 and keep[-1] == len(pts) - 1 and np.all(np.diff(keep) > 0)
    pulled = pts[keep]
    before, after = _polyline_cost(passable, cost, pts), _polyline_cost(passable, cost, pulled)
    assert math.isfinite(after), "a shortcut touches a blocked cell"
    assert after <= before * (1 + 1e-9) + 1e-12
    # Dense sampling along every kept segment stays in free cells (independent of the grid traversal).
    for a, b in zip(pulled[:-1], pulled[1:]):
        t = np.linspace(0.0, 1.0, 200)[:, None]
        q = a + t * (b - a)
        ij = np.floor((q - ORIGIN) / R).astype(int)
        assert np.all(passable[ij[:, 1], ij[:, 0]])


def test_string_pull_straightens_open_room_and_keeps_corner():
    passable = np.ones((10, 10), np.uint8)
    passable[0:7, 5] = 0  # a wall from the bottom, open at the top
    cost = np.zeros((10, 10))
    cells, _, _ = _core.astar(passable, cost, (0, 0), (0, 9))
    pts = _centres(cells)
    pulled = pts[_core.string_pull(passable, cost, ORIGIN, R, pts)]
    assert len(pulled) < len(pts)
    assert len(pulled) >= 3  # must bend around the wall's end
    # In an empty room with zero cost the pulled path is the straight segment.
    free = np.ones((6, 9), np.uint8)
    cells, _, _ = _core.astar(free, np.zeros((6, 9)), (0, 0), (5, 8))
    pts = _centres(cells)
    np.testing.assert_array_equal(_core.string_pull(free, np.zeros((6, 9)), ORIGIN, R, pts), [0, len(pts) - 1])


def test_string_pull_keeps_a_detour_that_is_cheaper():
    # Straight segment through a high-cost band is dearer than the cell path around it.
    passable = np.ones((5, 9), np.uint8)
    cost = np.zeros((5, 9))
    cost[0:4, 4] = 50.0
    pts = _centres(np.array([[0, 0], [1, 1], [2, 2], [3, 3], [4, 4], [3, 5], [2, 6], [1, 7], [0, 8]]))
    keep = _core.string_pull(passable, cost, ORIGIN, R, pts)
    assert 4 in keep.tolist()  # the apex in the cheap row is kept


def test_string_pull_bad_input():
    p = np.ones((3, 3), np.uint8)
    with pytest.raises(ValueError, match=r"\(K, 2\)"):
        _core.string_pull(p, None, ORIGIN, R, np.zeros((3, 3)))
    with pytest.raises(ValueError, match="non-finite"):
        _core.string_pull(p, None, ORIGIN, R, np.array([[0.0, np.nan], [1.0, 1.0]]))
    with pytest.raises(ValueError, match="at least one"):
        _core.string_pull(p, None, ORIGIN, R, np.zeros((0, 2)))
    with pytest.raises(ValueError, match="resolution"):
        _core.string_pull(p, None, ORIGIN, -1.0, np.zeros((2, 2)))
    with pytest.raises(ValueError, match="finite"):
        _core.segment_cost(p, None, ORIGIN, R, (np.inf, 0.0), (0.0, 0.0))
