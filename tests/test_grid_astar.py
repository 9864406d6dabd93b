"""A* and Dijkstra of the native core against a scipy.sparse.csgraph reference on the same graph (paper eq. 2)."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_grid_reference import assert_valid_cell_path, dijkstra_reference, path_cost

from interactiveworld import _core
from interactiveworld.actions.navigation import synthetic_house_occupancy


def _random_case(rows, cols, density, seed, with_cost):
    rng = np.random.default_rng(seed)
    passable = (rng.random((rows, cols)) >= density).astype(np.uint8)
    cost = None
    if with_cost:
        clearance = _core.distance_transform(passable, scale=0.1)
        door = np.where(rng.random((rows, cols)) < 0.05, 2.0, 0.0)
        cost = _core.clearance_cost_layer(clearance, door, lam=8.0, d_safe=0.35)
    free = np.argwhere(passable)
    if len(free) == 0:
        passable[0, 0] = 1
        free = np.argwhere(passable)
    s = tuple(int(v) for v in free[rng.integers(len(free))])
    g = tuple(int(v) for v in free[rng.integers(len(free))])
    return passable, cost, s, g


@settings(max_examples=120, deadline=None)
@given(rows=st.integers(1, 24), cols=st.integers(1, 24), density=st.floats(0.0, 0.5), seed=st.integers(0, 2**31),
       with_cost=st.booleans())
def test_astar_cost_equals_dijkstra_optimum(rows, cols, density, seed, with_cost):
    passable, cost, s, g = _random_case(rows, cols, density, seed, with_cost)
    ref = dijkstra_reference(passable, cost, s, resolution=0.1)
    cells, total, _ = _core.astar(passable, cost, s, g, resolution=0.1)
    if math.isinf(ref[g]):
        assert cells is None and math.isinf(total)
        return
    assert cells is not None
    np.testing.assert_allclose(total, ref[g], rtol=1e-12, atol=1e-12)
    assert tuple(cells[0]) == s and tuple(cells[-1]) == g
    assert_valid_cell_path(cells, passable)
    np.testing.assert_allclose(path_cost(cells, cost, 0.1), total, rtol=1e-12, atol=1e-12)


@settings(max_examples=40, deadline=None)
@given(rows=st.integers(1, 20), cols=st.integers(1, 20), density=st.floats(0.0, 0.5), seed=st.integers(0, 2**31))
def test_dijkstra_field_equals_reference(rows, cols, density, seed):
    passable, cost, s, _ = _random_case(rows, cols, density, seed, True)
    ours = _core.dijkstra_field(passable, cost, s, resolution=0.1)
    ref = dijkstra_reference(passable, cost, s, resolution=0.1)
    np.testing.assert_allclose(ours, ref, rtol=1e-12, atol=1e-12)
    reach = _core.reachable_mask(passable, s)
    np.testing.assert_array_equal(reach, np.isfinite(ref))


def test_astar_house_grid_equals_dijkstra():
    blocked = synthetic_house_occupancy((120, 140), seed=4)
    passable = (~blocked).astype(np.uint8)
    clearance = _core.distance_transform(passable, scale=0.1)
    cost = _core.clearance_cost_layer(clearance, None)
    passable = (clearance > 0.2).astype(np.uint8)
    free = np.argwhere(passable)
    s, g = tuple(free[0]), tuple(free[-1])
    ref = dijkstra_reference(passable, cost, s)
    cells, total, expanded = _core.astar(passable, cost, s, g)
    np.testing.assert_allclose(total, ref[g], rtol=1e-12)
    assert_valid_cell_path(cells, passable)
    assert 0 < expanded <= passable.sum() * 1.5


def test_astar_never_cuts_a_blocked_corner():
    # Two blocked cells touching only at a corner: the diagonal between the free cells is forbidden.
    p = np.ones((2, 2), np.uint8)
    p[0, 1] = p[1, 0] = 0
    cells, total, _ = _core.astar(p, None, (0, 0), (1, 1))
    assert cells is None and math.isinf(total)
    # One blocked corner cell is enough to forbid the diagonal: the path takes two orthogonal steps.
    p = np.ones((2, 2), np.uint8)
    p[0, 1] = 0
    cells, total, _ = _core.astar(p, None, (0, 0), (1, 1), resolution=1.0)
    np.testing.assert_array_equal(cells, [[0, 0], [1, 0], [1, 1]])
    assert total == 2.0


def test_astar_hand_worked_cost():
    # Free 1 x 4 corridor with an entry cost of 0.5 on the last cell: r*(1) + r*(1) + r*(1 + 0.5), r = 0.1.
    p = np.ones((1, 4), np.uint8)
    c = np.array([[0.0, 0.0, 0.0, 0.5]])
    cells, total, _ = _core.astar(p, c, (0, 1), (0, 3))
    np.testing.assert_array_equal(cells, [[0, 1], [0, 2], [0, 3]])
    np.testing.assert_allclose(total, 0.1 * 1 + 0.1 * 1.5, rtol=1e-15)
    cells, total, _ = _core.astar(p, c, (0, 2), (0, 2))
    np.testing.assert_array_equal(cells, [[0, 2]])
    assert total == 0.0


def test_astar_reports_unreachable_and_blocked_ends():
    p = np.ones((5, 5), np.uint8)
    p[:, 2] = 0
    cells, total, _ = _core.astar(p, None, (0, 0), (4, 4))
    assert cells is None and math.isinf(total)
    cells, total, expanded = _core.astar(p, None, (0, 2), (4, 4))
    assert cells is None and expanded == 0


def test_clearance_cost_layer_is_eq2():
    clearance = np.array([[0.0, 0.1, 0.35, 0.5, np.inf]])
    door = np.array([[0.0, 0.0, 2.0, 0.0, 0.0]])
    got = _core.clearance_cost_layer(clearance, door, lam=8.0, d_safe=0.35)
    np.testing.assert_allclose(got, [[8 * 0.35, 8 * 0.25, 2.0, 0.0, 0.0]], atol=1e-15)


@pytest.mark.parametrize(
    "passable, cost, start, goal, exc, match",
    [
        (np.zeros((0, 3), np.uint8), None, (0, 0), (0, 0), ValueError, "non-empty"),
        (np.ones((3,), np.uint8), None, (0, 0), (0, 0), ValueError, "non-empty"),
        (np.ones((3, 3), np.float32), None, (0, 0), (1, 1), TypeError, "bool or uint8"),
        (np.ones((3, 3), np.uint8), np.zeros((3, 3), np.int64), (0, 0), (1, 1), TypeError, "float64"),
        (np.ones((3, 3), np.uint8), np.zeros((2, 3)), (0, 0), (1, 1), ValueError, r"\(H, W\)"),
        (np.ones((3, 3), np.uint8), -np.ones((3, 3)), (0, 0), (1, 1), ValueError, ">= 0"),
        (np.ones((3, 3), np.uint8), np.full((3, 3), np.nan), (0, 0), (1, 1), ValueError, ">= 0"),
        (np.ones((3, 3), np.uint8), None, (3, 0), (1, 1), IndexError, "outside the grid"),
        (np.ones((3, 3), np.uint8), None, (0, 0), (-1, 1), IndexError, "outside the grid"),
        (np.ones((3, 3), np.uint8), None, (0, 0, 0), (1, 1), ValueError, "row, col"),
        (np.ones((3, 3), np.uint8), None, (np.nan, 0), (1, 1), ValueError, "integers"),
        (np.ones((3, 3), np.uint8), None, (0, 0), (0.5, 1.0), ValueError, "integers"),
        (np.ones((3, 3), np.uint8), None, "ab", (1, 1), ValueError, "integers"),
    ],
)
def test_astar_bad_input(passable, cost, start, goal, exc, match):
    with pytest.raises(exc, match=match):
        _core.astar(passable, cost, start, goal)


def test_search_bad_parameters():
    p = np.ones((3, 3), np.uint8)
    with pytest.raises(ValueError, match="resolution"):
        _core.astar(p, None, (0, 0), (1, 1), resolution=-0.1)
    with pytest.raises(ValueError, match="lam"):
        _core.clearance_cost_layer(np.ones((3, 3)), None, lam=-1.0)
    with pytest.raises(ValueError, match="d_safe"):
        _core.clearance_cost_layer(np.ones((3, 3)), None, d_safe=float("nan"))
    with pytest.raises(ValueError, match="NaN"):
        _core.clearance_cost_layer(np.full((3, 3), np.nan), None)
    with pytest.raises(IndexError):
        _core.dijkstra_field(p, None, (5, 5))
    with pytest.raises(IndexError):
        _core.reachable_mask(p, (0, 9))


@pytest.mark.parametrize("value", [1e6, 1e300, 1.7e308])
def test_astar_extreme_costs_never_crash(value):
    p = np.ones((6, 7), np.uint8)
    c = np.zeros((6, 7))
    c[2:4, 3] = value
    try:
        cells, total, _ = _core.astar(p, c, (0, 0), (5, 6))
    except ValueError as exc:  # cost sums that overflow are refused by name
        assert "too large" in str(exc)
        return
    ref = dijkstra_reference(p, c, (0, 0))
    np.testing.assert_allclose(total, ref[5, 6], rtol=1e-12)
    field = _core.dijkstra_field(p, c, (0, 0))
    np.testing.assert_allclose(field, ref, rtol=1e-12)
