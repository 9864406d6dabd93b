"""Perception and control primitives (Table 5): look_around, look_scan, look_at, wait, confirm."""
from __future__ import annotations

import math

import numpy as np

from ...errors import PrimitiveError
from ...world.motion import LOOK_HOLD
from .context import ActionContext

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


def look_at(ex: ActionContext, goal) -> PrimitiveError | None:
    """Turn towards the entity (when it is more than 60 deg off the heading) and hold the gaze on it; for a
    label-bearing entity the gaze goes to the label centre (the renderer then uses an inspection view)."""
    scene = ex.scene
    key = goal.targets[0]
    faces = scene.label_faces(key)
    target = faces[0]["center"] if faces else scene.entities[key].center_of_mass()
    h = scene.human
    want = math.atan2(target[1] - h.xy[1], target[0] - h.xy[0])
    if h.sitting is None and scene.human.held != key and \
            abs((want - h.yaw + math.pi) % (2 * math.pi) - math.pi) > math.radians(60.0):
        ex.motion.turn_to(ex, want, look_at=target)
    for i in range(LOOK_HOLD_FRAMES):
        ex.keyframe(gaze=target, tags=frozenset({LOOK_HOLD}) if i == LOOK_HOLD_FRAMES - 1 else frozenset())
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
