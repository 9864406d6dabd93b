"""A* and Dijkstra of the native core against a scipy.sparse.csgraph reference on the same graph (paper eq. 2)."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_grid_reference import assert_valid_cell_path, dijkstra_reference, path_cost

from interactiveworld import _core
from interactiveworld.actions import navigation
from interactiveworld.actions.navigation import NavigationMap, plan_route, synthetic_house_occupancy


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


def _house_case(shape, seed):
    """A synthetic house: free cells (H, W) uint8, eq. (2) costs, cells traversable at 0.20 m inflation, and the
    first and last of those (start, goal)."""
    free = (~synthetic_house_occupancy(shape, seed=seed)).astype(np.uint8)
    clearance = _core.distance_transform(free, scale=0.1)
    cost = _core.clearance_cost_layer(clearance, None)
    passable = (clearance > 0.2).astype(np.uint8)
    cells = np.argwhere(passable)
    return free, cost, passable, tuple(cells[0]), tuple(cells[-1])


def test_astar_house_grid_equals_dijkstra():
    _, cost, passable, s, g = _house_case((120, 140), 4)
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


def test_astar_search_state_does_not_leak_between_queries():
    """Each query starts from a clean search state although the native side reuses it: a query on one grid, then on
    grids of other sizes, then the first again gives the first answer, and every answer is the reference optimum."""
    _, cost_a, pass_a, s_a, g_a = _house_case((60, 70), 5)
    rng = np.random.default_rng(11)
    first = _core.astar(pass_a, cost_a, s_a, g_a)
    ref_a = dijkstra_reference(pass_a, cost_a, s_a)
    np.testing.assert_allclose(first[1], ref_a[g_a], rtol=1e-12)
    for shape in ((23, 91), (3, 4), (80, 80)):
        p = (rng.random(shape) >= 0.25).astype(np.uint8)
        p[0, 0] = p[-1, -1] = 1
        c = rng.uniform(0.0, 2.0, shape)
        cells, total, _ = _core.astar(p, c, (0, 0), (shape[0] - 1, shape[1] - 1))
        ref = dijkstra_reference(p, c, (0, 0))[-1, -1]
        if math.isinf(ref):
            assert cells is None
        else:
            np.testing.assert_allclose(total, ref, rtol=1e-12)
            assert_valid_cell_path(cells, p)
    again = _core.astar(pass_a, cost_a, s_a, g_a)
    np.testing.assert_array_equal(again[0], first[0])
    assert again[1:] == first[1:]
    # the same grid from another start: the cells the first query reached must not look reached already
    s_b = tuple(int(v) for v in np.argwhere(pass_a)[len(np.argwhere(pass_a)) // 2])
    np.testing.assert_allclose(_core.astar(pass_a, cost_a, s_b, g_a)[1], dijkstra_reference(pass_a, cost_a, s_b)[g_a],
                               rtol=1e-12)


@pytest.mark.parametrize("cell", [(0, 1), (4, 6), (3, 5)])   # scanned two at a time: an even, the odd last, walled off
@pytest.mark.parametrize("value, text", [(-1.0, ">= 0"), (np.nan, ">= 0"), (np.inf, ">= 0"),
                                         ("below", "below the landmark graph"), ("masked", "blocked in the landmark")])
def test_astar_checks_every_cell_not_only_those_it_reaches(cell, value, text):
    """A bad cost, or a cell that breaks the landmark bounds, is refused wherever it lies, even where the search
    would never go (walled off from the start; grid of 35 cells, an odd count); a cost of -0.0 is a valid zero."""
    p = np.ones((5, 7), np.uint8)
    p[2:, 4] = p[2, 4:] = 0            # walls off the corner (3..4, 5..6)
    c = np.full((5, 7), 0.5)
    lm_free, lm_cost = p.copy(), c.copy()
    lm_free[2:, 4] = lm_free[2, 4:] = 1
    if value == "below":
        lm_cost[cell] = 1.0
    elif value == "masked":
        lm_free[cell] = 0
    else:
        c[cell] = value
    lm = _core.Landmarks(lm_free, lm_cost, count=2)
    with pytest.raises(ValueError, match=text) as err:
        _core.astar(p, c, (0, 0), (0, 3), landmarks=lm)
    assert f"cell {cell[0] * 7 + cell[1]}" in str(err.value)
    if isinstance(value, float):
        with pytest.raises(ValueError, match=text):
            _core.astar(p, c, (0, 0), (0, 3))
    c = np.full((5, 7), 0.5)
    c[cell] = -0.0
    cells, total, _ = _core.astar(p, c, (0, 0), (0, 3), resolution=1.0)
    np.testing.assert_array_equal(cells, [[0, 0], [0, 1], [0, 2], [0, 3]])   # straight along row 0
    assert total == 3.0 + c[0, 1] + c[0, 2] + c[0, 3]


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


# ---------------------------------------------------------------------------------------------- landmarks (ALT)
def _superset(passable, rng, extra):
    """A landmark mask holding every traversable cell of `passable` and some more."""
    return (passable.astype(bool) | (rng.random(passable.shape) < extra)).astype(np.uint8)


@settings(max_examples=150, deadline=None)
@given(rows=st.integers(1, 24), cols=st.integers(1, 24), density=st.floats(0.0, 0.5), seed=st.integers(0, 2**31),
       with_cost=st.booleans(), geometric=st.booleans(), count=st.integers(1, 9), extra=st.floats(0.0, 0.3))
def test_landmark_astar_cost_equals_dijkstra_optimum(rows, cols, density, seed, with_cost, geometric, count, extra):
    """With landmarks measured on a larger graph at lower costs (or geometric ones), A* still returns the optimum
    of the csgraph reference."""
    passable, cost, s, g = _random_case(rows, cols, density, seed, with_cost)
    rng = np.random.default_rng(seed + 1)
    mask = _superset(passable, rng, extra)
    lm_cost = None if (geometric or cost is None) else cost * rng.uniform(0.0, 1.0, cost.shape)
    lm = _core.Landmarks(mask, lm_cost, count=count, resolution=0.1)
    ref = dijkstra_reference(passable, cost, s, resolution=0.1)
    cells, total, _ = _core.astar(passable, cost, s, g, resolution=0.1, landmarks=lm)
    if math.isinf(ref[g]):
        assert cells is None and math.isinf(total)
        return
    np.testing.assert_allclose(total, ref[g], rtol=1e-12, atol=1e-12)
    assert tuple(cells[0]) == s and tuple(cells[-1]) == g
    assert_valid_cell_path(cells, passable)
    np.testing.assert_allclose(path_cost(cells, cost, 0.1), total, rtol=1e-12, atol=1e-12)


def test_landmark_costs_are_dijkstra_both_ways():
    """`costs()` from each landmark equals a Dijkstra field from it, and `costs(toward=True)` equals the cost of
    reaching the landmark from each cell (a Dijkstra field from every cell, read at the landmark)."""
    blocked = synthetic_house_occupancy((30, 36), seed=2)
    free = (~blocked).astype(np.uint8)
    cost = _core.clearance_cost_layer(_core.distance_transform(free, scale=0.1), None)
    lm = _core.Landmarks(free, cost, count=3)
    assert lm.count == 3 and lm.has_cost and lm.shape == (30, 36)
    to, back = lm.costs(), lm.costs(toward=True)
    for k, (i, j) in enumerate(lm.cells):
        assert free[i, j]
        np.testing.assert_allclose(to[k], dijkstra_reference(free, cost, (i, j)), rtol=1e-12, atol=1e-12)
    probe = [tuple(c) for c in np.argwhere(free)[:: 97]]
    for c in probe:
        field = dijkstra_reference(free, cost, c)
        np.testing.assert_allclose(back[:, c[0], c[1]], [field[i, j] for i, j in lm.cells], rtol=1e-12, atol=1e-12)


def test_landmarks_spread_to_every_component_and_far_apart():
    p = np.zeros((20, 41), np.uint8)
    p[:, :20] = 1
    p[:, 21:] = 1                                     # two rooms, no door
    lm = _core.Landmarks(p, None, count=4, resolution=1.0)
    sides = {int(j) > 20 for _, j in lm.cells}
    assert sides == {False, True}
    # the first landmark of the pair of open rooms is a corner (farthest-first)
    assert any((i in (0, 19)) and (j in (0, 19, 21, 40)) for i, j in lm.cells)
    # a search across the wall ends at once: the landmarks put the rooms in different components
    cells, total, expanded = _core.astar(p, None, (0, 0), (0, 40), resolution=1.0, landmarks=lm)
    assert cells is None and math.isinf(total) and expanded == 0


def test_landmarks_cut_expansions_on_the_house_grid_with_the_same_optimum():
    free, cost, passable, s, g = _house_case((160, 180), 6)
    ref = dijkstra_reference(passable, cost, s)
    plain = _core.astar(passable, cost, s, g)
    lm = _core.Landmarks(free, cost, count=8)
    fast = _core.astar(passable, cost, s, g, landmarks=lm)
    np.testing.assert_allclose([plain[1], fast[1]], [ref[g], ref[g]], rtol=1e-12)
    assert_valid_cell_path(fast[0], passable)
    assert fast[2] < 0.6 * plain[2]


@pytest.mark.parametrize("build, text", [
    (lambda p, c: _core.Landmarks(np.zeros_like(p), c), "blocked in the landmark graph"),
    (lambda p, c: _core.Landmarks(p, c + 0.5), "below the landmark graph"),
    (lambda p, c: _core.Landmarks(p, c, resolution=0.2), "resolution"),
    (lambda p, c: _core.Landmarks(np.ones((4, 4), np.uint8), None), "grid"),
])
def test_landmarks_that_would_break_the_bound_are_refused(build, text):
    p = np.ones((5, 6), np.uint8)
    c = np.zeros((5, 6))
    with pytest.raises(ValueError, match=text):
        _core.astar(p, c, (0, 0), (4, 5), landmarks=build(p, c))
    with pytest.raises(ValueError, match="node costs"):
        _core.astar(p, None, (0, 0), (4, 5), landmarks=_core.Landmarks(p, c))


@pytest.mark.parametrize("count", [0, 65])
def test_landmark_count_bounds(count):
    with pytest.raises(ValueError, match="count"):
        _core.Landmarks(np.ones((3, 3), np.uint8), None, count=count)


def test_plan_route_with_landmarks_keeps_the_optimum(monkeypatch):
    """On a map large enough for landmarks, plan_route's A* finds a route of the same cost as without them, on
    the same inflation radius; with every door state of the map the landmarks stay valid (all doors open)."""
    blocked = synthetic_house_occupancy((120, 150), seed=3)
    nav = NavigationMap.from_occupancy(blocked)
    free = np.argwhere(nav.clearance > 0.4)
    a, b = nav.cell_to_world(free[0]), nav.cell_to_world(free[-1])
    monkeypatch.setattr(navigation, "LANDMARK_MIN_CELLS", 10**9)
    plain = plan_route(nav, a, b)
    assert nav.landmarks() is None
    monkeypatch.setattr(navigation, "LANDMARK_MIN_CELLS", 0)
    assert nav.landmarks() is not None and nav.landmarks() is nav.landmarks()   # built once, then reused
    fast = plan_route(nav, a, b)
    assert fast.inflation_radius == plain.inflation_radius
    np.testing.assert_allclose(fast.cost, plain.cost, rtol=1e-12)
    assert_valid_cell_path(fast.cells, nav.passable(fast.inflation_radius, keep=(tuple(fast.cells[0]),
                                                                                   tuple(fast.cells[-1]))))


def test_landmarks_measured_with_doors_open_serve_every_door_state(monkeypatch):
    """The map's landmarks come from its all-doors-open graph: routes with the door closed (a detour) and open
    cost what they cost without landmarks, and the native check finds no cell or cost that breaks the bound."""
    from test_navigation import two_room_house

    costs = {}
    for min_cells in (10**9, 0):
        monkeypatch.setattr(navigation, "LANDMARK_MIN_CELLS", min_cells)
        nav = NavigationMap.from_geometry(two_room_house())
        for is_open in (False, True):
            nav.set_door_open("door#1", is_open)
            route = plan_route(nav, (0.8, 0.8), (6.5, 1.0))
            costs.setdefault(is_open, []).append(getattr(route, "cost", math.inf))
    assert nav.landmarks() is not None
    for is_open, (plain, fast) in costs.items():
        np.testing.assert_allclose(fast, plain, rtol=1e-12)
    assert costs[True][0] < costs[False][0]
