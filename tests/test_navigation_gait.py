"""Walk keyframes along a route: speed, yaw rate, body-to-travel offset, final approach (DESIGN.md "Gait")."""
import math

import numpy as np
import pytest

from interactiveworld.actions import walk_keyframes

STEP = 1.1 / 12.0
MAX_TURN = math.radians(10.0)


def wrap(a):
    return (np.asarray(a) + np.pi) % (2 * np.pi) - np.pi


L_ROUTE = np.array([[0.0, 0.0], [4.0, 0.0], [4.0, 3.0]])


@pytest.mark.parametrize("start_yaw, final_yaw", [(0.0, math.pi), (math.pi, None), (-2.0, 0.5)])
def test_walk_keyframes_limits(start_yaw, final_yaw):
    k = walk_keyframes(L_ROUTE, start_yaw, final_yaw=final_yaw)
    assert k.ndim == 2 and k.shape[1] == 3 and k.dtype == np.float64
    np.testing.assert_allclose(k[0], [0.0, 0.0, wrap(start_yaw)], atol=1e-12)
    np.testing.assert_allclose(k[-1, :2], [4.0, 3.0], atol=1e-9)
    if final_yaw is not None:
        np.testing.assert_allclose(wrap(k[-1, 2] - final_yaw), 0.0, atol=1e-9)
    step = np.linalg.norm(np.diff(k[:, :2], axis=0), axis=1)
    assert step.max() <= STEP + 1e-9  # 1.1 m/s at 12 fps
    assert np.all(np.abs(wrap(np.diff(k[:, 2]))) <= MAX_TURN + 1e-9)
    # Body-to-travel offset while moving stays within ~35 degrees.
    moving = step > 1e-6
    travel = np.arctan2(np.diff(k[:, 1]), np.diff(k[:, 0]))
    offset = np.abs(wrap(k[1:, 2] - travel))[moving]
    assert offset.max() <= math.radians(35.0) + 1e-9
    # Total distance walked equals the route length (the body follows the polyline).
    np.testing.assert_allclose(step.sum(), 7.0, rtol=1e-9)
    # The last 5 moving frames close the final 0.10 m.
    idx = np.flatnonzero(moving)
    np.testing.assert_allclose(step[idx[-5:]].sum(), 0.10, atol=1e-9)
    assert np.all(step[idx[-5:]] < 0.5 * STEP)


def test_walk_keyframes_cruise_speed_and_duration():
    k = walk_keyframes(np.array([[0.0, 0.0], [11.0, 0.0]]), 0.0)
    step = np.linalg.norm(np.diff(k[:, :2], axis=0), axis=1)
    np.testing.assert_allclose(step[:100], STEP, rtol=1e-9)  # cruising at 1.1 m/s
    # 10.9 m at 1.1/12 m per frame (119 frames, last one partial) then 5 approach frames.
    assert len(k) == 1 + math.ceil(10.9 / STEP - 1e-9) + 5
    np.testing.assert_allclose(k[:, 2], 0.0, atol=1e-12)


def test_walk_keyframes_turns_in_place_first_and_blends_heading():
    k = walk_keyframes(np.array([[0.0, 0.0], [3.0, 0.0]]), math.pi, final_yaw=math.pi / 2)
    # Facing backwards: turns in place until within 35 degrees of travel before the first step.
    first_move = np.flatnonzero(np.linalg.norm(np.diff(k[:, :2], axis=0), axis=1) > 1e-9)[0]
    assert first_move >= math.ceil((math.pi - math.radians(35)) / MAX_TURN) - 1
    assert abs(wrap(k[first_move, 2])) <= math.radians(35) + 1e-9
    # Before the last 1.5 m the body faces travel; near the end it leans toward the final heading.
    x = k[:, 0]
    mid = (x > 0.8) & (x < 1.4)
    np.testing.assert_allclose(k[mid, 2], 0.0, atol=1e-9)
    late = (x > 2.8) & (x < 2.9)
    assert np.all(k[late, 2] > math.radians(20))
    np.testing.assert_allclose(k[-1, 2], math.pi / 2, atol=1e-9)


def test_walk_keyframes_zero_length_route_turns_in_place():
    k = walk_keyframes(np.array([[1.0, 2.0]]), 0.0, final_yaw=math.radians(45))
    assert len(k) == 1 + math.ceil(45 / 10)
    np.testing.assert_allclose(k[:, :2], [[1.0, 2.0]] * len(k))


def test_walk_keyframes_bad_input():
    with pytest.raises(ValueError, match=r"\(K, 2\)"):
        walk_keyframes(np.zeros((0, 2)), 0.0)
    with pytest.raises(ValueError, match="finite"):
        walk_keyframes(np.array([[0.0, np.nan]]), 0.0)
    with pytest.raises(ValueError, match="fps"):
        walk_keyframes(L_ROUTE, 0.0, fps=0)
    with pytest.raises(ValueError, match="speed"):
        walk_keyframes(L_ROUTE, 0.0, speed=-1)
    with pytest.raises(ValueError, match="yaw"):
        walk_keyframes(L_ROUTE, float("nan"))


@pytest.mark.parametrize("start_deg, way", [(90.0, -1), (90.0, 1), (-120.0, 1)])
def test_walk_keyframes_first_turn_goes_the_way_asked(start_deg, way):
    """The turn in place before the first step goes round the way asked (a body carrying something turns it away
    from what stands beside it); the walk itself is unchanged once the body faces along the route."""
    route = np.array([[0.0, 0.0], [3.0, 0.0]])
    short = walk_keyframes(route, math.radians(start_deg))
    asked = walk_keyframes(route, math.radians(start_deg), first_turn=way)
    turn = np.diff(np.unwrap(asked[:, 2]))
    first_move = np.flatnonzero(np.linalg.norm(np.diff(asked[:, :2], axis=0), axis=1) > 1e-9)[0]
    assert np.all(np.sign(turn[:first_move][np.abs(turn[:first_move]) > 1e-12]) == way)
    assert np.all(np.abs(turn) <= MAX_TURN + 1e-9)
    # the turned angle before the first step: the short way (start_deg - 35 deg) or the long way round
    turned = abs(float(np.sum(turn[:first_move])))
    expect = math.radians(abs(start_deg) - 35.0) if np.sign(-start_deg) == way else \
        math.radians(360.0 - abs(start_deg) - 35.0)
    assert turned == pytest.approx(expect, abs=MAX_TURN)
    np.testing.assert_allclose(asked[-1], short[-1], atol=1e-9)
