"""Perception and control primitives (Table 5): look_around, look_scan, look_at, wait, confirm."""
from __future__ import annotations

import math

import numpy as np

from scipy.spatial.transform import Rotation, Slerp

from ...errors import PrimitiveError
from ...world.assets.printing import label_cap_height_m
from ...world.motion import LOOK_HOLD
from .context import ActionContext
from .motion import (BOARD_OFF_AXIS_DEG, EYE_AHEAD, VIEW_ASPECT, VIEW_FILL, VIEW_FOV_Y_DEG, board_view, contact_point,
                     piece_view)

LOOK_HOLD_FRAMES = 3
"""Frames the gaze is held on a LookAt target (the last is tagged ``look_hold``)."""
WAIT_FPS = 2.0
"""Keyframe rate of a stationary [Wait] [frames/s]."""
SCAN_PITCH_DEG = 35.0
"""LookScan gaze pitch below the horizon [deg]."""


def _gaze_point(ex: ActionContext, yaw: float, pitch_deg: float, dist: float = 2.0) -> np.ndarray:
    eye, _, _ = ex.motion.eye()
    p = math.radians(pitch_deg)
    return eye + dist * np.array([math.cos(yaw) * math.cos(p), math.sin(yaw) * math.cos(p), -math.sin(p)])


def look_around(ex: ActionContext, goal) -> PrimitiveError | None:
    """A level full-circle scan in 10 deg steps, ending at the original heading."""
    h = ex.scene.human
    yaw0 = h.yaw
    for i in range(1, 37):
        yaw = yaw0 + math.radians(10.0 * i)
        if h.sitting is None:
            pose, trans = ex.motion.stand(h.xy, yaw)
            ex.motion.set_body(pose, trans, yaw=yaw)
            if h.held is not None:
                ex.scene.set_wrist(ex.motion.wrist(pose, trans))
        ex.keyframe(gaze=_gaze_point(ex, yaw, 0.0))
    if h.sitting is None:
        pose, trans = ex.motion.stand(h.xy, yaw0)
        ex.motion.set_body(pose, trans, yaw=yaw0)
        if h.held is not None:
            ex.scene.set_wrist(ex.motion.wrist(pose, trans))
    return None


def look_scan(ex: ActionContext, goal) -> PrimitiveError | None:
    """A floor-pitched sweep from 60 deg left to 60 deg right of the heading and back to centre."""
    h = ex.scene.human
    for d in list(np.linspace(0, 60, 4)) + list(np.linspace(60, -60, 9)[1:]) + list(np.linspace(-60, 0, 4)[1:]):
        ex.keyframe(gaze=_gaze_point(ex, h.yaw + math.radians(d), SCAN_PITCH_DEG, 1.5))
    return None


READ_DISTANCE_M = 0.38
"""A label brought up in the hand is held this far [m] from the eyes when its print is large enough to be read
there (a person reads a label at 30-40 cm)."""
NEAR_READ_DISTANCE_M = 0.2
"""Small print is brought nearer, down to this [m] (a person's near point for reading is 10-25 cm; the head
camera's near clip is 0.12 m)."""
MAX_READ_DISTANCE_M = 0.55
"""A larger label is held farther, up to this [m] (a comfortable bent-arm distance), so that it fits the view."""
LEGIBLE_CAP_DEG = 2.2
"""Print is read when a capital letter subtends at least this angle [deg] at the eye: about 18 px in a 480-line
head-camera frame with a 60 deg vertical field of view (8 px per degree). Eyes resolve far finer print, but the
frames are all an Assistant sees, and OCR of rendered labels at 9-12 px capitals misses words (Tesseract's
documentation, "Improving the quality of the output", finds accuracy falling below an x-height of 10 px)."""
READ_PITCH_DEG = 20.0
"""The label in the hand is held this far [deg] below the level line of sight."""
GAZE_FOLLOW_M = 0.18
"""Nearer than this [m] the head camera does not turn to the gaze (``env.MIN_GAZE_DISTANCE``; a test keeps the
two equal, and :data:`NEAR_READ_DISTANCE_M` beyond it, so the eyes follow a label brought up to be read)."""
LOOK_REACH_M = 1.5
"""A label within this distance [m] of the eye is brought up (movable) or stepped to (fixed) to be read; a farther
one stays as small as the head camera sees it (``env.REACH_M``, the same reach)."""
LIFT_FRAMES = 6
"""Keyframes of bringing a label up to the eyes (and as many of putting it back)."""


def _rotation_onto(n_from, u_from, n_to, u_to) -> np.ndarray:
    """Rotation (3, 3) taking the orthonormal pair (``n_from``, ``u_from``) onto (``n_to``, ``u_to``)."""
    def frame(n, u):
        n = np.asarray(n, float) / np.linalg.norm(n)
        u = np.asarray(u, float) - np.dot(u, n) * n
        u /= np.linalg.norm(u)
        return np.stack([n, u, np.cross(n, u)], axis=1)
    return frame(n_to, u_to) @ frame(n_from, u_from).T


def read_distance(face: dict) -> float:
    """Distance [m] from the eye at which a label ``face`` (a :meth:`Scene.label_faces` dict: text, width and
    height [m]) is held to be read: :data:`READ_DISTANCE_M`, nearer (down to :data:`NEAR_READ_DISTANCE_M`) when
    its capitals (:func:`~interactiveworld.world.assets.printing.label_cap_height_m`) would subtend less than
    :data:`LEGIBLE_CAP_DEG` there, and farther (up to :data:`MAX_READ_DISTANCE_M`) when the face would not fit
    :data:`VIEW_FILL` of the view (pinhole: extent = 2 d tan(fov / 2)).

    Raises:
        ValueError: a face size that is not finite and > 0.
    """
    cap = label_cap_height_m(face.get("text", ""), float(face["width"]), float(face["height"]))
    legible = cap / math.tan(math.radians(LEGIBLE_CAP_DEG)) if cap > 0 else READ_DISTANCE_M
    ty = math.tan(math.radians(VIEW_FOV_Y_DEG) / 2.0)   # the fit of view_distance without its stance clamp
    fit = max(face["width"] / (2 * VIEW_FILL * ty * VIEW_ASPECT), face["height"] / (2 * VIEW_FILL * ty))
    near = max(min(READ_DISTANCE_M, legible), NEAR_READ_DISTANCE_M)
    return float(min(max(near, fit), MAX_READ_DISTANCE_M))


def reading_pose(ex: ActionContext, key: str, face: dict) -> np.ndarray:
    """World pose (4, 4) of ``key`` held up to be read: its label ``face`` squarely facing the eye, text upright,
    :func:`read_distance` ahead of the eye and :data:`READ_PITCH_DEG` below the level line of sight."""
    eye, fwd, _ = ex.motion.eye()
    h = ex.scene.human
    yaw = math.atan2(fwd[1], fwd[0]) if np.linalg.norm(fwd[:2]) > 1e-6 else h.yaw
    dist = read_distance(face)
    p = math.radians(READ_PITCH_DEG)
    v = np.array([math.cos(yaw) * math.cos(p), math.sin(yaw) * math.cos(p), -math.sin(p)])
    at = eye + dist * v
    up = np.array([0.0, 0.0, 1.0]) - v[2] * v   # the world's up, square to the line of sight
    pose = ex.scene.entities[key].pose
    rot = _rotation_onto(face["normal"], face["up"], -v, up)
    out = np.eye(4)
    out[:3, :3] = rot @ pose[:3, :3]
    out[:3, 3] = at - rot @ (np.asarray(face["center"], float) - pose[:3, 3])
    return out


def _slerp_pose(a: np.ndarray, b: np.ndarray, s: float) -> np.ndarray:
    """Pose (4, 4) a fraction ``s`` of the way from ``a`` to ``b`` (rotation by slerp, translation linearly)."""
    rots = Rotation.from_matrix(np.stack([a[:3, :3], b[:3, :3]]))
    out = np.eye(4)
    out[:3, :3] = Slerp([0.0, 1.0], rots)([s]).as_matrix()[0]
    out[:3, 3] = (1 - s) * a[:3, 3] + s * b[:3, 3]
    return out


def _nearest_face(ex: ActionContext, key: str) -> dict:
    eye, _, _ = ex.motion.eye()
    return min(ex.scene.label_faces(key), key=lambda f: float(np.linalg.norm(f["center"] - eye)))


def bring_up(ex: ActionContext, key: str) -> bool:
    """Pick ``key`` up (unless it is held), bring its label up to the eyes (:func:`reading_pose`), hold it there
    for :data:`LOOK_HOLD_FRAMES` frames (the last tagged ``look_hold``) and put it back exactly where it was: the
    world is left as it was found. The hand carries the object rigidly; the arm follows by CCD arm IK
    (:func:`~interactiveworld.actions.reach.solve_arm`). False, with no frames recorded, when the hand is busy with
    another object or the object cannot be reached from a stance."""
    scene, motion = ex.scene, ex.motion
    h = scene.human
    held = h.held == key
    if h.held is not None and not held or h.sitting is not None and not held:
        return False
    start = len(ex.frames)
    xy0, yaw0 = h.xy.copy(), float(h.yaw)
    obj0 = scene.entities[key].pose.copy()
    plan = None
    if not held:
        plan = motion.reach(ex, contact_point(scene, "pick", key), key, primitive="pick")
        if isinstance(plan, PrimitiveError):
            del ex.frames[start:]
            return False
    # carry it back to the standing pose (the plan's retreat, object rigid in the hand)
    w0 = motion.wrist(h.body_pose, h.body_translation)
    carry: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    if plan is not None:
        i = motion.contact_index(plan)
        for pose, trans in list(plan.frames[i + 1:]) + [motion.stand(h.xy, h.yaw)]:
            w = motion.wrist(pose, trans)
            carry.append((np.asarray(pose, float), np.asarray(trans, float), w @ np.linalg.inv(w0) @ obj0))
    else:
        carry.append((h.body_pose.copy(), h.body_translation.copy(), obj0))
    pose_s, trans_s, obj_s = carry[-1]
    face = _nearest_face(ex, key)
    local_c = np.linalg.inv(obj0) @ np.append(face["center"], 1.0)
    read = reading_pose(ex, key, face) if held else _reading_from(ex, key, face, obj0, obj_s, pose_s, trans_s)
    palm_s = motion.palm(pose_s, trans_s)
    palm_r = _palm_under(scene, key, read, h.yaw)
    lift = []
    arm = pose_s
    for k in range(1, LIFT_FRAMES + 1):
        a = k / LIFT_FRAMES
        obj = _slerp_pose(obj_s, read, a)
        arm = motion.arm_to(arm, trans_s, (1 - a) * palm_s + a * palm_r)
        lift.append((arm, trans_s, obj))
    # the lifted arm is drawn, not felt: the world feels the body at the standing pose (as when carrying)
    frames = [(p, t, o, (p, t)) for p, t, o in carry] + [(p, t, o, (pose_s, trans_s)) for p, t, o in lift]
    for pose, trans, obj, felt in frames:
        ex.keyframe(pose=pose, translation=trans, object_poses={key: obj}, gaze=(obj @ local_c)[:3], contact=felt)
    pose, trans, obj, felt = frames[-1]
    gaze = (obj @ local_c)[:3]
    for j in range(LOOK_HOLD_FRAMES):
        ex.keyframe(pose=pose, translation=trans, object_poses={key: obj}, gaze=gaze, contact=felt,
                    tags=frozenset({LOOK_HOLD}) if j == LOOK_HOLD_FRAMES - 1 else frozenset())
    for pose, trans, obj, felt in reversed(frames[:-1]):
        ex.keyframe(pose=pose, translation=trans, object_poses={key: obj}, gaze=(obj @ local_c)[:3], contact=felt)
    if plan is not None:
        motion.set_body(plan.contact_pose, plan.contact_translation)
        ex.keyframe(gaze=face["center"])
        motion.retreat(ex, plan, carry=False)
        # a step taken to reach it is walked back: looking leaves the wearer where they stood
        motion.walk_back(ex, xy0, yaw0, look_at=face["center"])
    else:
        ex.keyframe(gaze=face["center"])
    h.gaze = np.asarray(face["center"], float)
    return True


PALM_BELOW_M = 0.04
"""The palm holds a label up from below: this far [m] under the object's lowest point, off the label's face."""


def _palm_under(scene, key: str, pose: np.ndarray, yaw: float) -> np.ndarray:
    """Where the palm holds ``key`` at ``pose`` (4, 4): :data:`PALM_BELOW_M` below its world box's lowest point,
    under the box's far edge along the line of sight (heading ``yaw`` [rad]) and 3 cm to the right of it, so the
    hand comes up from below and its fingers rise behind the object, not across the label's print (a label
    brought near for small print would otherwise have the fingertips over its lowest line)."""
    lo, hi = scene.entities[key].model.bounds
    corners = np.array([[x, y, z] for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])])
    world = corners @ pose[:3, :3].T + pose[:3, 3]
    right = np.array([math.sin(yaw), -math.cos(yaw), 0.0])
    ahead = np.array([math.cos(yaw), math.sin(yaw), 0.0])
    mid = 0.5 * (world.min(axis=0) + world.max(axis=0))
    back = float(np.max(world @ ahead) - mid @ ahead)   # from the box's middle to its far edge
    return np.array([mid[0], mid[1], world[:, 2].min() - PALM_BELOW_M]) + back * ahead + 0.03 * right


def _reading_from(ex: ActionContext, key: str, face: dict, obj0, obj_s, pose_s, trans_s) -> np.ndarray:
    """:func:`reading_pose` seen from the standing pose ``pose_s`` (the body stands back up before reading): the
    label face moved with the object from ``obj0`` to ``obj_s``."""
    h = ex.scene.human
    keep = h.body_pose, h.body_translation
    e = ex.scene.entities[key]
    pose0 = e.pose
    try:
        h.body_pose, h.body_translation = pose_s, trans_s
        e.pose = obj_s
        moved = obj_s @ np.linalg.inv(obj0)
        f = dict(face, center=(moved @ np.append(face["center"], 1.0))[:3], normal=moved[:3, :3] @ face["normal"],
                 up=moved[:3, :3] @ face["up"])
        return reading_pose(ex, key, f)
    finally:
        h.body_pose, h.body_translation = keep
        e.pose = pose0


def step_to_view(ex: ActionContext, key: str, centre, distance: float, normal=None) -> None:
    """Walk to where ``centre`` (3,) [m] is about ``distance`` [m] away (in front of ``normal`` when given) unless
    the wearer already stands there (within 0.25 m of that distance, and within :data:`BOARD_OFF_AXIS_DEG` of
    ``normal``); nothing when no stance is free or no route leads there (the wearer then looks from where they
    stand)."""
    h = ex.scene.human
    d = np.asarray(centre, float)[:2] - h.xy
    here = float(np.linalg.norm(d))
    n2 = None if normal is None else np.asarray(normal, float)[:2]
    ahead = n2 is None or float(np.linalg.norm(n2)) < 1e-6 or \
        float(np.dot(-d, n2)) > math.cos(math.radians(BOARD_OFF_AXIS_DEG)) * here * float(np.linalg.norm(n2))
    if abs(here - EYE_AHEAD - distance) <= 0.25 and ahead:
        return
    start = len(ex.frames)
    err = ex.motion.go_to(ex, key, "look_at", contact=centre, probe=False, view_distance=distance, facing=normal)
    if err is not None:
        del ex.frames[start:]


def look_at(ex: ActionContext, goal) -> PrimitiveError | None:
    """Look at the entity with the wearer's own eyes (paper Table 5, LookAt: bring or turn the object to a readable
    view). A labelled object within :data:`LOOK_REACH_M` of the eye, or held, is picked up and its label brought up
    to about 38 cm from the eyes (small print nearer, :func:`read_distance`), then put back (:func:`bring_up`); the wearer steps to where a fixed label within
    that distance (a sign, a board, a price card) is read whole (:func:`~.motion.board_view`), and back from a
    piece of furniture until it is seen whole (:func:`~.motion.piece_view`), and after the look walks back to where
    they stood. Otherwise the wearer turns towards the
    entity (when it is more than 60 deg off the heading) and holds the gaze on it, the label centre for a
    label-bearing one; the last of :data:`LOOK_HOLD_FRAMES` hold frames is tagged ``look_hold``."""
    scene = ex.scene
    key = goal.targets[0]
    e = scene.entities[key]
    h = scene.human
    faces = scene.label_faces(key)
    eye, _, _ = ex.motion.eye()
    near = bool(faces) and (h.held == key or min(float(np.linalg.norm(f["center"] - eye)) for f in faces)
                            <= LOOK_REACH_M)
    if near and (e.movable or h.held == key) and bring_up(ex, key):
        return None
    target = faces[0]["center"] if faces else e.center_of_mass()
    xy0, yaw0 = h.xy.copy(), float(h.yaw)
    if h.sitting is None and h.held != key:
        board = board_view(scene, key) if near else None
        if board is not None:
            step_to_view(ex, key, board[0], board[1], board[2])
            target = board[0]
        elif not faces and not e.movable and e.door is None:
            centre, dist = piece_view(scene, key)
            if float(np.linalg.norm(centre[:2] - h.xy)) - EYE_AHEAD < dist - 0.25:
                step_to_view(ex, key, centre, dist)
            target = centre
    want = math.atan2(target[1] - h.xy[1], target[0] - h.xy[0])
    if h.sitting is None and scene.human.held != key and \
            abs((want - h.yaw + math.pi) % (2 * math.pi) - math.pi) > math.radians(60.0):
        ex.motion.turn_to(ex, want, look_at=target)
    for i in range(LOOK_HOLD_FRAMES):
        ex.keyframe(gaze=target, tags=frozenset({LOOK_HOLD}) if i == LOOK_HOLD_FRAMES - 1 else frozenset())
    # a step taken to read a board or frame a piece whole is walked back, as after bringing a label up: looking
    # leaves the wearer where they stood (the later stances and the body-in-place rule of perception)
    if float(np.linalg.norm(h.xy - xy0)) > 1e-6:
        ex.motion.walk_back(ex, xy0, yaw0, look_at=target)
    h.gaze = np.asarray(target, float)
    return None


def wait(ex: ActionContext, goal) -> PrimitiveError | None:
    """Hold the current pose (a phone at the ear stays there) for ``duration_s``, 2 keyframes per second."""
    duration = float(goal.params.get("duration_s", 3.0))
    n = max(1, int(math.ceil(duration * WAIT_FPS)))
    ex.keyframe(dt=0.0 if not ex.frames else 1.0 / WAIT_FPS)
    for _ in range(n - 1):
        ex.keyframe(dt=duration / n)
    ex.frames[-1].time_s = ex.frames[0].time_s + duration if len(ex.frames) > 1 else ex.frames[-1].time_s
    return None


def confirm(ex: ActionContext, goal) -> PrimitiveError | None:
    """A policy halt point: no motion (the environment still renders one stationary result frame)."""
    return None


HANDLERS = {"look_around": look_around, "look_scan": look_scan, "look_at": look_at, "wait": wait,
            "confirm": confirm}
