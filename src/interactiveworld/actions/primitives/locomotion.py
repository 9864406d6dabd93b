"""Locomotion and posture primitives (Table 5): navigate_to, forward, turn, sit, standup, squat."""
from __future__ import annotations

import math

import numpy as np

from ...errors import ErrorCode, PrimitiveError, fail
from ...world.boxes import obb_penetration
from ...world.geometry import SurfaceTag
from ...world.relations import on
from ..gait import GAIT_FPS, GAIT_SPEED
from .context import ActionContext
from .motion import board_view

BODY_RADIUS = 0.20
"""Half width [m] of the body swept along a straight [Forward] path (the smallest grid inflation radius
would be 0.10 m; a straight step is checked against the whole torso width)."""
BODY_BAND = (0.05, 1.90)
"""Height band [m] above the floor swept by the body (DESIGN.md, furniture band)."""


def navigate_to(ex: ActionContext, goal) -> PrimitiveError | None:
    """Walk to a stance for the command's primitive (a plain [Walk] stands facing the target). A plain walk to a
    sign or a board stops in front of it where it fits the view (:func:`~.motion.board_view`), not against it."""
    key = goal.targets[0]
    board = board_view(ex.scene, key) if goal.primitive == "navigate_to" and key in ex.scene.entities else None
    if board is not None:
        centre, dist, normal = board
        err = ex.motion.go_to(ex, key, goal.primitive, contact=centre, probe=False, view_distance=dist,
                              facing=normal)
        if err is None:
            return None
    return ex.motion.go_to(ex, key, goal.primitive)


def swept_path_blocker(ex: ActionContext, start: np.ndarray, end: np.ndarray) -> str | None:
    """What blocks a straight walk from ``start`` to ``end`` (xy [m]): the owner of the first wall, furniture
    or closed door box the swept body box overlaps, ``"no floor"`` when the end has no floor, else None."""
    scene = ex.scene
    for a in np.linspace(0.0, 1.0, max(2, int(np.linalg.norm(end - start) / 0.1) + 1)):
        if scene.floor_z_at(start + a * (end - start)) is None:
            return "no floor"
    d = end - start
    length = float(np.linalg.norm(d))
    if length < 1e-9:
        return None
    yaw = math.atan2(d[1], d[0])
    fz = scene.floor_z_at(end) or 0.0
    mid = (start + end) / 2
    t = np.eye(4)
    t[:2, :2] = [[math.cos(yaw), -math.sin(yaw)], [math.sin(yaw), math.cos(yaw)]]
    t[:3, 3] = (mid[0], mid[1], fz + sum(BODY_BAND) / 2)
    # the swept box starts ahead of the body's current footprint so standing against a wall is not a hit
    t[:2, 3] += d / length * BODY_RADIUS / 2
    half = np.array([max(length / 2 - BODY_RADIUS / 2, 0.0) + BODY_RADIUS, BODY_RADIUS,
                     (BODY_BAND[1] - BODY_BAND[0]) / 2])
    geo = scene.collision_geometry()
    keep = np.isin(geo.box_tags, [SurfaceTag.WALL, SurfaceTag.FURNITURE, SurfaceTag.DOOR_LEAF])
    for k, d_ in zip(np.nonzero(keep)[0], obb_penetration(t, half, geo.box_transforms[keep],
                                                           geo.box_half_extents[keep])):
        if d_ > 1e-6:
            owner = geo.box_owner[k]
            if geo.box_tags[k] == SurfaceTag.DOOR_LEAF and scene.entities[geo.owners[owner]].opening >= 0.5:
                continue
            return geo.owners[owner] if owner >= 0 else "a wall"
    return None


STEP_WORDS = {"ahead": "straight ahead", "back": "backwards", "left": "to your left", "right": "to your right"}
"""How a refusal names the direction of a [Forward] step."""


def step_vector(yaw: float, direction: str) -> np.ndarray:
    """Unit xy vector of a [Forward] step in ``direction`` (``ahead``, ``back``, ``left``, ``right``) for a body
    facing ``yaw`` [rad]; left is counter-clockwise of the facing seen from above (+z up).

    Raises:
        ValueError: an unknown direction.
    """
    c, s = math.cos(yaw), math.sin(yaw)
    table = {"ahead": (c, s), "back": (-c, -s), "left": (-s, c), "right": (s, -c)}
    if direction not in table:
        raise ValueError(f"step_vector: direction must be one of {sorted(table)}, got {direction!r}")
    return np.array(table[direction])


def forward(ex: ActionContext, goal) -> PrimitiveError | None:
    """Straight body-frame displacement of ``distance_m`` ahead, back, left or right (``params["direction"]``)
    after a swept-box collision check; the facing is unchanged."""
    h = ex.scene.human
    if h.sitting is not None:
        return fail(ErrorCode.PRECONDITION_FAILED, f"You are sitting on {h.sitting}; stand up first.")
    dist = float(goal.params.get("distance_m", 0.6))
    direction = str(goal.params.get("direction", "ahead"))
    start = h.xy.copy()
    end = start + dist * step_vector(h.yaw, direction)
    blocker = swept_path_blocker(ex, start, end)
    where = STEP_WORDS.get(direction, direction)
    if blocker is not None:
        why = f"there is no floor {'ahead' if direction == 'ahead' else 'there'}" if blocker == "no floor" \
            else f"{blocker} is in the way"
        return fail(ErrorCode.PATH_BLOCKED, f"You cannot walk {dist:.1f} m {where}: {why}.",
                    blocker=blocker, distance_m=dist, direction=direction)
    if direction == "ahead":
        ex.motion.walk_route(ex, np.array([start, end]), h.yaw)
        return None
    # a step back or sideways keeps the facing: the root slides at walking speed (no turn towards travel)
    n = max(2, int(math.ceil(dist / (GAIT_SPEED / GAIT_FPS))))
    rows = np.array([[*(start + (end - start) * i / n), h.yaw] for i in range(n + 1)])
    ex.motion.walk_frames(ex, rows)
    return None


def turn(ex: ActionContext, goal) -> PrimitiveError | None:
    """Rotate in place by ``angle_rad`` (signed, left positive); a held object stays in the hand."""
    h = ex.scene.human
    if h.sitting is not None:
        return fail(ErrorCode.PRECONDITION_FAILED, f"You are sitting on {h.sitting}; stand up first.")
    angle = float(goal.params.get("angle_rad", math.pi / 2))
    steps = max(1, int(math.ceil(abs(angle) / math.radians(10.0) - 1e-9)))
    rows = np.array([[h.xy[0], h.xy[1], h.yaw + angle * i / steps] for i in range(steps + 1)])
    ex.motion.walk_frames(ex, rows)
    h.yaw = (h.yaw + math.pi) % (2 * math.pi) - math.pi
    return None


def check_sit(ex: ActionContext, goal) -> PrimitiveError | None:
    seat = goal.targets[0]
    scene = ex.scene
    if "seat" not in scene.entities[seat].affordances:
        return fail(ErrorCode.NOT_AFFORDED, f"{seat} is not something to sit on.", target=seat)
    if scene.human.sitting is not None:
        return fail(ErrorCode.PRECONDITION_FAILED, f"You are already sitting on {scene.human.sitting}.")
    occupied = [o.key for o in scene.movables() if ("on", o.key, seat) in _on_set(ex, seat)]
    if occupied:
        return fail(ErrorCode.PRECONDITION_FAILED, f"{seat} is occupied by {', '.join(occupied)}.",
                    blockers=occupied)
    return None


def sit(ex: ActionContext, goal) -> PrimitiveError | None:
    """Lower the body onto the seat top and record sitting."""
    err = check_sit(ex, goal)
    if err:
        return err
    seat = goal.targets[0]
    scene = ex.scene
    pose, trans = ex.motion.sit_pose(seat)
    e = scene.entities[seat]
    ex.motion.posture_frames(ex, pose, trans, frames=10)
    seat_xy = next(t for s, t in scene.surfaces(seat) if s.name == "seat")[:2, 3]
    ex.motion.set_body(pose, trans, xy=seat_xy, yaw=math.atan2(e.pose[1, 0], e.pose[0, 0]))
    scene.human.sitting = seat
    scene.human.posture = "sit"
    return None


def _on_set(ex: ActionContext, seat: str) -> set:
    return {("on", o.key, seat) for o in ex.scene.movables() if on(ex.scene, o.key, seat)}


def standup(ex: ActionContext, goal) -> PrimitiveError | None:
    """Rise from the seat and step 0.45 m in front of it; clears sitting."""
    scene = ex.scene
    seat = scene.human.sitting
    if seat is None:
        return fail(ErrorCode.PRECONDITION_FAILED, "You are not sitting.")
    e = scene.entities[seat]
    lo, hi = e.model.bounds
    step = 0.35
    # front first, then the sides, then behind the seat (a chair pushed under a table)
    local = [(hi[0] + step, 0.0), (0.0, hi[1] + step), (0.0, lo[1] - step), (lo[0] - step, 0.0),
             (hi[0] + 2 * step, 0.0)]
    cands = [e.local_to_world(np.array([x, y, 0.0]))[:2] for x, y in local]
    front = ex.motion.free_spot(cands)
    if front is None:
        return fail(ErrorCode.PATH_BLOCKED, f"There is no free floor around {seat} to stand up onto.")
    fwd = e.pose[:3, 0]
    yaw = math.atan2(fwd[1], fwd[0])
    pose, trans = ex.motion.stand(front, yaw)
    ex.motion.posture_frames(ex, pose, trans, frames=10)
    ex.motion.set_body(pose, trans, xy=front, yaw=yaw)
    scene.human.sitting = None
    scene.human.posture = "stand"
    return None


def squat(ex: ActionContext, goal) -> PrimitiveError | None:
    """Crouch (pelvis and camera lowered 0.45 m), hold, return upright."""
    h = ex.scene.human
    if h.sitting is not None:
        return fail(ErrorCode.PRECONDITION_FAILED, f"You are sitting on {h.sitting}; stand up first.")
    stand_pose, stand_trans = h.body_pose.copy(), h.body_translation.copy()
    pose, trans = ex.motion.crouch_pose()
    ex.motion.posture_frames(ex, pose, trans, frames=8)
    for _ in range(6):
        ex.keyframe()
    ex.motion.posture_frames(ex, stand_pose, stand_trans, frames=8)
    return None


CHECKS = {"sit": check_sit}
HANDLERS = {"navigate_to": navigate_to, "forward": forward, "turn": turn, "sit": sit, "standup": standup,
            "squat": squat}
