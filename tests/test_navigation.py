"""Python navigation API: routes, inflation ladder, stances and routing through a closed door (appendix B.2.1)."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_grid_raster import make_geometry  # shared scene builder

from interactiveworld import _core
from interactiveworld.actions import (
    DoorInfo,
    NavigationMap,
    Route,
    RoutePlan,
    plan_route,
    plan_route_through_doors,
    select_stances,
    snap_stance,
)
from interactiveworld.errors import ErrorCode, PrimitiveError
from interactiveworld.world.geometry import SurfaceTag

W, F, D, FL = SurfaceTag.WALL, SurfaceTag.FURNITURE, SurfaceTag.DOOR_LEAF, SurfaceTag.FLOOR


def two_room_house():
    """8 m x 4 m floor; outer walls; a partition at x = 4 with a 0.9 m doorway (y 1.6-2.5) shut by door#1's leaf;
    a table in the left room; a wardrobe against the right room's wall."""
    t = 0.05  # wall half thickness
    boxes = [
        ((4.0, 2.0, -0.05), (4.0, 2.0, 0.05), 0.0, FL, -1),
        ((4.0, 0.0, 1.25), (4.0 + t, t, 1.25), 0.0, W, -1),
        ((4.0, 4.0, 1.25), (4.0 + t, t, 1.25), 0.0, W, -1),
        ((0.0, 2.0, 1.25), (t, 2.0, 1.25), 0.0, W, -1),
        ((8.0, 2.0, 1.25), (t, 2.0, 1.25), 0.0, W, -1),
        ((4.0, 0.8, 1.25), (t, 0.8, 1.25), 0.0, W, -1),   # partition y 0-1.6
        ((4.0, 3.25, 1.25), (t, 0.75, 1.25), 0.0, W, -1),  # partition y 2.5-4
        ((4.0, 2.05, 1.0), (0.02, 0.45, 1.0), 0.0, D, 0),  # door leaf, closed
        ((1.5, 2.0, 0.375), (0.6, 0.4, 0.375), 0.0, F, -1),  # table
        ((7.6, 3.5, 1.0), (0.3, 0.45, 1.0), 0.0, F, -1),   # wardrobe
    ]
    return make_geometry(boxes, owners=["door#1"])


@pytest.fixture
def house():
    return NavigationMap.from_geometry(two_room_house())


def _assert_route_clear(nav, route):
    p = nav.passable(route.inflation_radius, keep=(nav.world_to_cell(route.waypoints[0]),
                                                   nav.world_to_cell(route.waypoints[-1])))
    for a, b in zip(route.waypoints[:-1], route.waypoints[1:]):
        t = np.linspace(0, 1, 400)[:, None]
        for q in a + t * (b - a):
            assert not nav.blocked[nav.world_to_cell(q)], f"segment {a} -> {b} crosses an obstacle at {q}"
        assert math.isfinite(_core.segment_cost(p, None, nav.origin, nav.resolution, a, b))


def test_map_coordinates(house):
    # Geometry spans x [-0.05, 8.05], y [-0.05, 4.05]; a 0.2 m margin, origin snapped down to the 0.1 m lattice.
    assert house.resolution == 0.10 and house.shape == (46, 86)
    np.testing.assert_allclose(house.origin, [-0.3, -0.3], atol=1e-12)
    assert not house.floor[0, 0] and house.blocked[0, 0]
    rc = house.world_to_cell((1.23, 2.71))
    np.testing.assert_allclose(house.cell_to_world(rc), [1.25, 2.75], atol=1e-9)
    cells = np.array([[0, 0], [3, 5]])
    np.testing.assert_allclose(house.world_to_cell(house.cell_to_world(cells)[1]), (3, 5))
    with pytest.raises(IndexError, match="outside"):
        house.world_to_cell((50.0, 0.0))
    with pytest.raises(ValueError, match="finite"):
        house.world_to_cell((np.nan, 0.0))


def test_closed_door_blocks_then_route_through_door(house):
    start, goal = np.array([0.8, 0.8]), np.array([6.5, 1.0])
    blocked = plan_route(house, start, goal)
    assert isinstance(blocked, PrimitiveError) and blocked.code is ErrorCode.PATH_BLOCKED
    assert "0.10 m" in blocked.message
    plan = plan_route_through_doors(house, start, goal, [DoorInfo("door#1", np.array([3.95, 2.4, 1.0]))])
    assert isinstance(plan, RoutePlan), plan
    assert plan.doors_to_open == ["door#1"] and len(plan.legs) == 2
    assert house.door_open["door#1"]
    first, last = plan.legs
    stance = plan.stances[0]
    assert stance.xy[0] < 4.0  # the handle stance is on the start's side of the closed door
    assert np.hypot(*(stance.xy - [3.95, 2.4])) <= 1.25
    np.testing.assert_allclose(first.waypoints[0], start)
    np.testing.assert_allclose(first.waypoints[-1], stance.xy)
    np.testing.assert_allclose(last.waypoints[0], stance.xy)
    np.testing.assert_allclose(last.waypoints[-1], goal)
    # The second leg's cell path passes through the doorway.
    assert house.doorway[last.cells[:, 0], last.cells[:, 1]].any()
    for leg in plan.legs:
        _assert_route_clear(house, leg)
    # Occupancy really changed: the doorway cells are free now and close again on request.
    door = np.unravel_index(house.door_cells["door#1"], house.shape)
    assert not house.blocked[door].any()
    house.set_door_open("door#1", False)
    assert house.blocked[door].all()


def test_route_through_doors_without_a_door_that_helps(house):
    # The goal lies inside the wardrobe's enclosure: opening the door does not help, state is restored.
    res = plan_route_through_doors(house, (0.8, 0.8), (7.6, 3.5), [DoorInfo("door#1", np.array([3.95, 2.4, 1.0]))])
    assert isinstance(res, PrimitiveError) and res.code is ErrorCode.PATH_BLOCKED
    assert "furniture" in res.message
    assert not house.door_open["door#1"]
    with pytest.raises(KeyError):
        plan_route_through_doors(house, (0.8, 0.8), (6.5, 1.0), [DoorInfo("door#9", np.zeros(3))])


def test_route_already_open_needs_no_door(house):
    house.set_door_open("door#1", True)
    plan = plan_route_through_doors(house, (0.8, 0.8), (6.5, 1.0), [DoorInfo("door#1", np.zeros(3))])
    assert isinstance(plan, RoutePlan) and plan.doors_to_open == [] and len(plan.legs) == 1


def test_route_properties_and_cost(house):
    house.set_door_open("door#1", True)
    route = plan_route(house, (0.8, 0.8), (6.5, 1.0))
    assert isinstance(route, Route)
    assert route.inflation_radius == 0.20  # a 0.9 m doorway keeps the widest inflation
    np.testing.assert_allclose(route.length_m, np.linalg.norm(np.diff(route.waypoints, axis=0), axis=1).sum())
    # Independent check of the cost: sum of eq. (2) along the cell path, with the map's clearance and doorway layer.
    cost_layer = 8.0 * np.maximum(0.0, 0.35 - house.clearance) + 2.0 * house.doorway
    steps = np.diff(route.cells, axis=0)
    l8 = np.where(np.all(steps != 0, axis=1), math.sqrt(2.0), 1.0)
    expected = 0.1 * np.sum(l8 + cost_layer[route.cells[1:, 0], route.cells[1:, 1]])
    np.testing.assert_allclose(route.cost, expected, rtol=1e-12)
    assert route.length_m <= 0.1 * l8.sum() + 1e-9  # string pulling shortens the cell path
    _assert_route_clear(house, route)


def test_inflation_ladder_picks_largest_connecting_radius():
    def corridor(width_cells):
        b = np.ones((12, 30), bool)
        b[1:11, 1:9] = False
        b[1:11, 21:29] = False
        b[6:6 + width_cells, 9:21] = False
        return NavigationMap.from_occupancy(b)

    for width, radius in ((5, 0.20), (4, 0.15), (3, 0.15)):
        r = plan_route(corridor(width), (0.45, 0.55), (2.55, 0.55))
        assert isinstance(r, Route) and r.inflation_radius == radius, (width, r)
    r = plan_route(corridor(2), (0.45, 0.55), (2.55, 0.55))
    assert isinstance(r, PrimitiveError) and r.code is ErrorCode.PATH_BLOCKED


def test_plan_route_structured_failures_and_bad_input(house):
    r = plan_route(house, (4.0, 1.0), (6.5, 1.0))
    assert isinstance(r, PrimitiveError) and "start" in r.message and "wall" in r.message
    r = plan_route(house, (0.8, 0.8), (1.5, 2.0))
    assert isinstance(r, PrimitiveError) and "goal" in r.message and "furniture" in r.message
    with pytest.raises(ValueError, match="finite"):
        plan_route(house, (np.nan, 0.8), (6.5, 1.0))
    with pytest.raises(IndexError, match="outside"):
        plan_route(house, (0.8, 0.8), (60.0, 1.0))
    with pytest.raises(ValueError, match="lam"):
        plan_route(house, (0.8, 0.8), (2.0, 1.0), lam=-1.0)
    with pytest.raises(ValueError, match="d_safe"):
        plan_route(house, (0.8, 0.8), (2.0, 1.0), d_safe=-0.1)
    with pytest.raises(ValueError, match="door_cost"):
        plan_route(house, (0.8, 0.8), (2.0, 1.0), door_cost=float("inf"))
    with pytest.raises(ValueError, match="inflation"):
        plan_route(house, (0.8, 0.8), (2.0, 1.0), inflation_radii=())
    with pytest.raises(ValueError, match="inflation"):
        plan_route(house, (0.8, 0.8), (2.0, 1.0), inflation_radii=(-0.1,))
    with pytest.raises(ValueError, match=r"\(2,\)"):
        plan_route(house, (0.8,), (2.0, 1.0))


def test_from_occupancy_bad_input():
    with pytest.raises(ValueError, match="non-empty"):
        NavigationMap.from_occupancy(np.zeros((0, 4), bool))
    with pytest.raises(ValueError, match="non-empty"):
        NavigationMap.from_occupancy(np.zeros(4, bool))
    with pytest.raises(TypeError, match="bool or uint8"):
        NavigationMap.from_occupancy(np.zeros((4, 4), np.float64))


def test_select_stances_face_the_contact_and_are_reachable(house):
    contact = np.array([1.5, 2.35, 0.76])  # on the table's far edge
    stances = select_stances(house, contact, (0.8, 0.8), count=6)
    assert isinstance(stances, list) and 1 <= len(stances) <= 6
    reach = _core.dijkstra_field(house.passable(0.10, keep=(house.world_to_cell((0.8, 0.8)),)),
                                 house.node_cost(), house.world_to_cell((0.8, 0.8)))
    prev = (0.0, 0.0)
    for s in stances:
        rc = house.world_to_cell(s.xy)
        assert house.floor[rc] and not house.blocked[rc] and house.clearance[rc] >= 0.20
        assert math.isfinite(reach[rc])
        np.testing.assert_allclose(s.yaw, math.atan2(contact[1] - s.xy[1], contact[0] - s.xy[0]), atol=1e-12)
        np.testing.assert_allclose(s.distance_m, np.hypot(*(contact[:2] - s.xy)), atol=1e-12)
        assert s.distance_m <= 1.2 + 0.08
        key = (round(s.distance_m, 1), s.route_cost)
        assert key[0] >= prev[0] - 0.1  # nearest rings first
        prev = key
    # The nearest stance is across the table's long edge from the contact, i.e. above it (y > 2.4).
    assert stances[0].xy[1] > 2.4


def test_select_stances_unreachable_and_snap(house):
    # Contact inside the closed right room: every candidate is disconnected from the left room.
    r = select_stances(house, (6.0, 2.0, 0.9), (0.8, 0.8))
    assert isinstance(r, PrimitiveError) and r.code is ErrorCode.NO_STANCE
    # A nominal stance inside the table snaps to the nearest valid cell within 0.60 m.
    s = snap_stance(house, (1.5, 1.9), (0.8, 0.8), contact_point=(1.5, 2.0))
    assert s is not None and np.hypot(*(s.xy - [1.5, 1.9])) <= 0.60
    assert house.clearance[house.world_to_cell(s.xy)] >= 0.20
    assert snap_stance(house, (1.5, 2.0), (0.8, 0.8), max_snap=0.1) is None
    first = select_stances(house, (1.5, 2.35), (0.8, 0.8), nominal_xy=(1.5, 1.9))[0]
    np.testing.assert_allclose(first.xy, s.xy)
    with pytest.raises(ValueError, match="count"):
        select_stances(house, (1.5, 2.35), (0.8, 0.8), count=0)
    with pytest.raises(ValueError, match="body_radius"):
        select_stances(house, (1.5, 2.35), (0.8, 0.8), body_radius=-1)
    with pytest.raises(ValueError, match="finite"):
        select_stances(house, (np.inf, 2.35), (0.8, 0.8))


def three_rooms_in_a_row():
    """Rooms A | B | C (3 m each, x 0-9, y 0-4), doors door#1 (x = 3) and door#2 (x = 6) at y 1.6-2.5, and a
    closet behind door#3 on A's bottom wall (a door that opens floor but leads nowhere)."""
    t = 0.05
    boxes = [
        ((4.5, 1.5, -0.05), (4.5, 2.5, 0.05), 0.0, FL, -1),  # floor y -1..4 (closet below y = 0)
        ((4.5, 4.0, 1.25), (4.5 + t, t, 1.25), 0.0, W, -1),
        ((0.0, 1.5, 1.25), (t, 2.5, 1.25), 0.0, W, -1),
        ((9.0, 1.5, 1.25), (t, 2.5, 1.25), 0.0, W, -1),
        ((4.5, -1.0, 1.25), (4.5 + t, t, 1.25), 0.0, W, -1),
        ((0.55, 0.0, 1.25), (0.55, t, 1.25), 0.0, W, -1),   # bottom wall of A: x 0-1.1, gap 1.1-2.0, 2.0-9
        ((5.5, 0.0, 1.25), (3.5, t, 1.25), 0.0, W, -1),
        ((1.55, 0.0, 1.0), (0.45, 0.02, 1.0), 0.0, D, 2),   # door#3 to the closet
        ((2.5, -0.5, 1.25), (t, 0.5, 1.25), 0.0, W, -1),    # closet's right wall (x = 2.5)
    ]
    for x, owner in ((3.0, 0), (6.0, 1)):
        boxes += [((x, 0.8, 1.25), (t, 0.8, 1.25), 0.0, W, -1), ((x, 3.25, 1.25), (t, 0.75, 1.25), 0.0, W, -1),
                  ((x, 2.05, 1.0), (0.02, 0.45, 1.0), 0.0, D, owner)]
    boxes.append(((6.0, -0.5, 1.25), (t, 0.5, 1.25), 0.0, W, -1))  # keep the strip below y = 0 split
    return make_geometry(boxes, owners=["door#1", "door#2", "door#3"])


def test_route_through_two_doors_in_order():
    nav = NavigationMap.from_geometry(three_rooms_in_a_row())
    doors = [DoorInfo("door#3", np.array([1.55, 0.05, 1.0])), DoorInfo("door#2", np.array([5.95, 2.4, 1.0])),
             DoorInfo("door#1", np.array([2.95, 2.4, 1.0]))]
    plan = plan_route_through_doors(nav, (1.0, 3.0), (8.0, 1.0), doors)
    assert isinstance(plan, RoutePlan), plan
    assert plan.doors_to_open == ["door#1", "door#2"] and len(plan.legs) == 3
    assert not nav.door_open["door#3"]
    assert plan.stances[0].xy[0] < 3.0 and 3.0 < plan.stances[1].xy[0] < 6.0
    for leg in plan.legs:
        _assert_route_clear(nav, leg)
    np.testing.assert_allclose(plan.legs[-1].waypoints[-1], [8.0, 1.0])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), density=st.floats(0.0, 0.25))
def test_plan_route_on_random_maps_is_optimal_and_clear(seed, density):
    from test_grid_reference import dijkstra_reference

    rng = np.random.default_rng(seed)
    blocked = rng.random((24, 30)) < density
    blocked[[0, -1], :] = blocked[:, [0, -1]] = True
    nav = NavigationMap.from_occupancy(blocked, origin=(1.0, -2.0))
    free = np.argwhere(~blocked)
    a, b = (nav.cell_to_world(free[k]) + rng.uniform(-0.04, 0.04, 2) for k in rng.integers(len(free), size=2))
    route = plan_route(nav, a, b)
    sa, sb = nav.world_to_cell(a), nav.world_to_cell(b)
    # Independent oracle: the largest ladder radius at which the reference Dijkstra connects start and goal.
    expected = None
    for radius in (0.20, 0.15, 0.10):
        p = nav.passable(radius, keep=(sa, sb))
        if p[sa] and p[sb]:
            d = dijkstra_reference(p, nav.node_cost(), sa)
            if np.isfinite(d[sb]):
                expected = (radius, d[sb])
                break
    if expected is None:
        assert isinstance(route, PrimitiveError) and route.code is ErrorCode.PATH_BLOCKED
        return
    assert isinstance(route, Route)
    assert route.inflation_radius == expected[0]
    np.testing.assert_allclose(route.cost, expected[1], rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(route.waypoints[0], a)
    np.testing.assert_allclose(route.waypoints[-1], b)
    _assert_route_clear(nav, route)
