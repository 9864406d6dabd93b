"""Fixture primitives (Table 5): push, pull, open, close, open_door, close_door, turn_on, turn_off."""
from __future__ import annotations

import math

import numpy as np

from ...errors import ErrorCode, PrimitiveError, fail
from ...world.boxes import obb_penetration
from ...world.geometry import SurfaceTag
from ...world.invariants import door_interlocked
from ...world.relations import riders
from ..navigation import NavigationMap, plan_route
from .context import ActionContext
from .motion import in_doorway

PUSH_GAP = 0.10
"""A pushed fixture stops this far [m] in front of the destination's footprint."""
HANDLE_BODY_GAP = 0.45
"""Distance [m] between the body and a pushed/pulled fixture's near face."""


def _obstruction(ex: ActionContext, key: str, fraction: float) -> str | None:
    """A movable object the leaf of ``key`` would sweep through (penetration > 5 cm) between now and
    ``fraction``; None when the swing is clear."""
    scene = ex.scene
    e = scene.entities[key]
    start = e.opening
    others = [o for o in scene.movables() if o.key != scene.human.held and o.key not in scene.human.carried]
    if not others:
        return None
    ot = np.array([o.obb()[0] for o in others])
    oh = np.array([o.obb()[1] for o in others])
    for a in np.linspace(start, fraction, 6)[1:]:
        for t, h, joint in scene.entity_boxes(e, {key: float(a)}):
            if joint is None:
                continue
            depth = obb_penetration(t, h, ot, oh)
            i = int(np.argmax(depth))
            if depth[i] > 0.05:
                return others[i].key
    return None


def _check_drive(ex: ActionContext, goal, target: float, *, door: bool) -> PrimitiveError | None:
    key = goal.targets[0]
    e = ex.scene.entities[key]
    if not e.model.joints:
        if "lidded" in e.affordances:  # a lid is lifted off or put on, not swung
            return fail(ErrorCode.NOT_AFFORDED, f"{key} opens by taking its lid off ([Grab] the lid) and closes by "
                        "putting the lid on it.", target=key)
        return fail(ErrorCode.NOT_AFFORDED, f"{key} cannot be opened or closed.", target=key)
    if door and e.door is None:
        return fail(ErrorCode.NOT_AFFORDED, f"{key} is not a door; use [Open] / [Close].", target=key)
    if e.state.get("locked") and target > e.opening:
        return fail(ErrorCode.PRECONDITION_FAILED, f"{key} is locked.", target=key)
    return None


def _drive(ex: ActionContext, goal, target: float, *, door: bool) -> PrimitiveError | None:
    err = _check_drive(ex, goal, target, door=door)
    if err:
        return err
    scene = ex.scene
    key = goal.targets[0]
    e = scene.entities[key]
    blocker = _obstruction(ex, key, target)
    if blocker is not None:
        return fail(ErrorCode.TRAJECTORY_COLLISION, f"{blocker} is in the way of {key}'s "
                    f"{'door' if e.model.joints[0].kind == 'hinge' else 'drawer'}; move it first.", blocker=blocker)
    if e.door is not None and target < 0.5:
        err = _body_in_doorway(ex, key)
        if err:
            return err
    opening = target > e.opening
    err = ex.motion.swing(ex, key, target)
    if err is None and opening and door_interlocked(scene, key) and e.state.get("running"):
        e.state["running"] = False  # the door interlock: an appliance stops when its door is opened
    return err


def _body_in_doorway(ex: ActionContext, key: str) -> PrimitiveError | None:
    """Refuse to close a door onto the body (see :func:`~.motion.in_doorway`)."""
    if in_doorway(ex.scene, key, ex.scene.human.xy):
        return fail(ErrorCode.TRAJECTORY_COLLISION, f"You are standing in the doorway of {key}; step out first.")
    return None


def open_(ex: ActionContext, goal) -> PrimitiveError | None:
    """Drive the swing or sliding joint to its open limit (postcondition: open)."""
    return _drive(ex, goal, 1.0, door=False)


def close(ex: ActionContext, goal) -> PrimitiveError | None:
    """Drive the joint to its closed limit (postcondition: closed)."""
    return _drive(ex, goal, 0.0, door=False)


def open_door(ex: ActionContext, goal) -> PrimitiveError | None:
    """Reach the handle and swing the door open; its leaf leaves the navigation occupancy."""
    return _drive(ex, goal, 1.0, door=True)


def close_door(ex: ActionContext, goal) -> PrimitiveError | None:
    """Swing the door shut; its leaf blocks the navigation grid again."""
    return _drive(ex, goal, 0.0, door=True)


def _check_power(ex: ActionContext, goal) -> PrimitiveError | None:
    key = goal.targets[0]
    if "powered" not in ex.scene.entities[key].affordances:
        return fail(ErrorCode.NOT_AFFORDED, f"{key} has no switch.", target=key)
    return None


def _power(ex: ActionContext, goal, running: bool) -> PrimitiveError | None:
    err = _check_power(ex, goal)
    if err:
        return err
    scene = ex.scene
    key = goal.targets[0]
    e = scene.entities[key]
    h = scene.human
    hand = "left" if h.held is not None else "right"
    plan = ex.motion.reach(ex, scene.control_point(key), key, hand=hand, primitive="turn_on")
    if isinstance(plan, PrimitiveError):
        return plan
    for _ in range(3):
        ex.keyframe()
    e.state["running"] = running
    ex.motion.retreat(ex, plan)
    return None


def turn_on(ex: ActionContext, goal) -> PrimitiveError | None:
    """Press the control; establishes running."""
    return _power(ex, goal, True)


def turn_off(ex: ActionContext, goal) -> PrimitiveError | None:
    """Press the control; clears running."""
    return _power(ex, goal, False)


def _destination(ex: ActionContext, fixture: str, destination: str) -> np.ndarray | PrimitiveError:
    """Where the fixture's origin goes: in front of the destination (its +x side), PUSH_GAP from its footprint."""
    scene = ex.scene
    d = scene.entities[destination]
    f = scene.entities[fixture]
    fwd = d.pose[:3, 0]
    fwd = fwd / max(np.linalg.norm(fwd[:2]), 1e-9)
    # half extent of the fixture's footprint along the destination's front direction
    depth = float(np.abs(f.pose[:3, :3].T @ fwd) @ f.model.half_extents)
    reach = (d.model.bounds[1][0] if not d.movable else max(d.model.half_extents[:2])) + PUSH_GAP + depth
    p = d.pose[:3, 3] + reach * fwd
    if scene.floor_z_at(p[:2]) is None:
        return fail(ErrorCode.PATH_BLOCKED, f"There is no floor in front of {destination} for {fixture}.")
    return p


def _check_move(ex: ActionContext, goal) -> PrimitiveError | None:
    scene = ex.scene
    fixture, destination = goal.targets
    verb = "push" if goal.kind.value == "push" else "pull"
    if scene.human.held is not None:
        return fail(ErrorCode.HAND_NOT_EMPTY, f"Your hands must be empty to {verb} {fixture}; put "
                    f"{scene.human.held} down first.", held=scene.human.held)
    if "movable_fixture" not in scene.entities[fixture].affordances:
        return fail(ErrorCode.NOT_AFFORDED, f"{fixture} cannot be moved.", target=fixture)
    if destination == fixture:
        return fail(ErrorCode.BAD_ARGUMENT, f"{fixture} cannot be moved to itself.")
    return None


def _move_fixture(ex: ActionContext, goal, pushing: bool) -> PrimitiveError | None:
    err = _check_move(ex, goal)
    if err:
        return err
    scene = ex.scene
    fixture, destination = goal.targets
    e = scene.entities[fixture]
    goal_p = _destination(ex, fixture, destination)
    if isinstance(goal_p, PrimitiveError):
        return goal_p
    start = e.pose.copy()
    target_pose = start.copy()
    target_pose[:2, 3] = goal_p[:2]
    # the footprint at the destination must be free of walls and other fixtures
    e.pose = target_pose
    boxes = scene.entity_boxes(e)
    e.pose = start
    geo = scene.collision_geometry(exclude=(fixture,))
    solid = np.isin(geo.box_tags, [SurfaceTag.WALL, SurfaceTag.FURNITURE, SurfaceTag.DOOR_LEAF])
    for t, h, _ in boxes:
        depth = obb_penetration(t, h, geo.box_transforms[solid], geo.box_half_extents[solid])
        if len(depth) and depth.max() > 0.01:
            owner = geo.box_owner[solid][int(np.argmax(depth))]
            return fail(ErrorCode.PATH_BLOCKED, f"{fixture} does not fit in front of {destination}: "
                        f"{geo.owners[owner] if owner >= 0 else 'a wall'} is there.")
    nav = NavigationMap.from_geometry(geo)
    for d in scene.doors():
        nav.set_door_open(d.key, d.opening >= 0.5)
    route = plan_route(nav, start[:2, 3], goal_p[:2])
    if isinstance(route, PrimitiveError):
        return fail(ErrorCode.PATH_BLOCKED, f"{fixture} cannot be {'pushed' if pushing else 'pulled'} to "
                    f"{destination}: {route.message}")
    wp = route.waypoints
    seg = np.linalg.norm(np.diff(wp, axis=0), axis=1)
    total = float(seg.sum())
    steps = max(2, int(math.ceil(total / (1.1 / 12.0 * 0.5))))  # half walking speed
    cum = np.r_[0.0, np.cumsum(seg)]
    moving = riders(scene, fixture)
    for i in range(1, steps + 1):
        s = total * i / steps
        k = min(int(np.searchsorted(cum, s, side="right")) - 1, len(seg) - 1)
        a = (s - cum[k]) / max(seg[k], 1e-9)
        p = wp[k] + a * (wp[k + 1] - wp[k])
        pose = start.copy()
        pose[:2, 3] = p
        scene.move_entity(fixture, pose, riders=moving)
        heading = wp[k + 1] - wp[k]
        heading = heading / max(np.linalg.norm(heading), 1e-9)
        gap = max(e.model.half_extents[:2]) + HANDLE_BODY_GAP
        body = p - heading * gap if pushing else p + heading * gap
        yaw = math.atan2(heading[1], heading[0]) if pushing else math.atan2(-heading[1], -heading[0])
        bp, bt = ex.motion.stand(body, yaw)
        ex.motion.set_body(bp, bt, xy=body, yaw=yaw)
        ex.keyframe(object_poses={k_: scene.entities[k_].pose.copy() for k_ in [fixture, *moving]})
    ex.motion.invalidate(nav=True)
    return None


def push(ex: ActionContext, goal) -> PrimitiveError | None:
    """With an empty hand, push a movable fixture to the front of the destination; contents ride along."""
    return _move_fixture(ex, goal, True)


def pull(ex: ActionContext, goal) -> PrimitiveError | None:
    """With an empty hand, pull a movable fixture to the front of the destination; contents ride along."""
    return _move_fixture(ex, goal, False)


CHECKS = {"push": _check_move, "pull": _check_move,
          "open": lambda ex, g: _check_drive(ex, g, 1.0, door=False),
          "close": lambda ex, g: _check_drive(ex, g, 0.0, door=False),
          "open_door": lambda ex, g: _check_drive(ex, g, 1.0, door=True),
          "close_door": lambda ex, g: _check_drive(ex, g, 0.0, door=True),
          "turn_on": _check_power, "turn_off": _check_power}
HANDLERS = {"push": push, "pull": pull, "open": open_, "close": close, "open_door": open_door,
            "close_door": close_door, "turn_on": turn_on, "turn_off": turn_off}
