"""Root trajectory of a walk along a route (DESIGN.md, "Gait"; paper appendix B.2.1).

Produces per-frame root keyframes ``[x, y, yaw]`` (metres, radians, world z-up) at ``fps``:

* the body advances along the route polyline at ``speed`` (1.1 m/s at 12 fps) and turns toward a look-ahead
  point 1.2 m further along the route;
* yaw changes by at most 10 degrees per frame and stays within 35 degrees of the direction of travel (the route
  segment being walked; a frame never steps across a route corner); when the travel direction is further than
  that from the body heading, the body turns in place before stepping;
* over the last 1.5 m the heading blends toward ``final_yaw`` (facing the object), still within the offset bound
  while moving; remaining turning happens in place at the end;
* the last 5 frames close the final ~0.10 m slowly (the short approach to the interaction distance).
"""
from __future__ import annotations

import math

import numpy as np

__all__ = ["walk_keyframes", "GAIT_FPS", "GAIT_SPEED"]

GAIT_FPS = 12.0
GAIT_SPEED = 1.1             # [m/s]
LOOK_AHEAD = 1.2             # [m]
MAX_YAW_STEP = math.radians(10.0)   # per frame
BLEND_DISTANCE = 1.5         # [m]
MAX_TRAVEL_OFFSET = math.radians(35.0)
APPROACH_DISTANCE = 0.10     # [m]
APPROACH_FRAMES = 5
MAX_GAIT_FRAMES = 1_000_000  # longest walk produced (about 23 h at 12 fps): slower or longer requests are refused
MAX_COORDINATE = 1e6         # [m] waypoints beyond this are absurd (precision is lost)


def _wrap(a: float) -> float:
    return (a + math.pi) % (2.0 * math.pi) - math.pi


def _polyline(waypoints: np.ndarray):
    seg = np.diff(waypoints, axis=0)
    seg_len = np.linalg.norm(seg, axis=1)
    keep = seg_len > 1e-12
    pts = np.vstack([waypoints[:1], waypoints[1:][keep]])
    cum = np.concatenate([[0.0], np.cumsum(seg_len[keep])])
    return pts, cum


def _segment_at(cum: np.ndarray, s: float) -> int:
    return max(0, min(int(np.searchsorted(cum, s, side="right")) - 1, len(cum) - 2))


def _point_at(pts: np.ndarray, cum: np.ndarray, s: float) -> np.ndarray:
    if len(pts) == 1:
        return pts[0].copy()
    s = min(max(s, 0.0), cum[-1])
    k = _segment_at(cum, s)
    t = (s - cum[k]) / (cum[k + 1] - cum[k])
    return pts[k] + t * (pts[k + 1] - pts[k])


def _turn(yaw: float, target: float) -> float:
    d = _wrap(target - yaw)
    return _wrap(yaw + max(-MAX_YAW_STEP, min(MAX_YAW_STEP, d)))


def walk_keyframes(route, start_yaw: float, *, final_yaw: float | None = None, fps: float = GAIT_FPS,
                   speed: float = GAIT_SPEED) -> np.ndarray:
    """Per-frame root poses for walking ``route``.

    Args:
        route: a :class:`~interactiveworld.actions.navigation.Route` (uses ``waypoints`` (K, 2) [m]) or a (K, 2)
            array of waypoints.
        start_yaw: body heading at the first frame [rad].
        final_yaw: heading to face on arrival [rad] (object-facing); None keeps the last travel heading.
        fps: frames per second (> 0); speed: walking speed [m/s] (> 0).

    Returns:
        (T, 3) float64 rows ``[x, y, yaw]``; row 0 is the start pose, the last row is at the route's end with
        yaw = ``final_yaw`` (when given).

    Raises:
        ValueError: non-finite inputs, waypoints beyond +-1e6 m, fewer than one waypoint, non-positive fps or speed,
            or a walk longer than ``MAX_GAIT_FRAMES`` frames.
    """
    wp = np.asarray(getattr(route, "waypoints", route), dtype=np.float64)
    if wp.ndim != 2 or wp.shape[1] != 2 or len(wp) < 1:
        raise ValueError(f"waypoints: expected (K, 2) float64 with K >= 1, got shape {wp.shape}")
    if not np.all(np.isfinite(wp)) or np.any(np.abs(wp) > MAX_COORDINATE):
        raise ValueError(f"waypoints must be finite and within +-{MAX_COORDINATE:.0e} m")
    for name, v in (("fps", fps), ("speed", speed)):
        if not math.isfinite(v) or v <= 0.0:
            raise ValueError(f"{name} must be positive and finite, got {v!r}")
    if not math.isfinite(start_yaw) or (final_yaw is not None and not math.isfinite(final_yaw)):
        raise ValueError("start_yaw and final_yaw must be finite")
    pts, cum = _polyline(wp)
    total = float(cum[-1])
    step = speed / fps
    if total / step > MAX_GAIT_FRAMES:
        raise ValueError(f"walking {total:.3g} m at {speed:.3g} m/s and {fps:.3g} fps takes more than "
                         f"{MAX_GAIT_FRAMES} frames; raise speed or lower fps")
    cruise_end = max(total - APPROACH_DISTANCE, 0.0)
    approach_step = (total - cruise_end) / APPROACH_FRAMES
    yaw = _wrap(float(start_yaw))
    s = 0.0
    frames = [(pts[0][0], pts[0][1], yaw)]
    max_frames = int(10 * (total / step + APPROACH_FRAMES) + 4 * math.pi / MAX_YAW_STEP + 100)
    while s < total - 1e-9 and len(frames) < max_frames:
        k = _segment_at(cum, s)
        seg = pts[k + 1] - pts[k]
        tangent = math.atan2(seg[1], seg[0])  # direction of travel on this segment
        d = _point_at(pts, cum, s + LOOK_AHEAD) - _point_at(pts, cum, s)
        desired = math.atan2(d[1], d[0]) if np.hypot(*d) > 1e-9 else tangent
        remaining = total - s
        if final_yaw is not None and remaining < BLEND_DISTANCE:
            desired = _wrap(desired + (1.0 - remaining / BLEND_DISTANCE) * _wrap(final_yaw - desired))
        # The body may lead or lag the direction of travel by at most MAX_TRAVEL_OFFSET.
        target = _wrap(tangent + max(-MAX_TRAVEL_OFFSET, min(MAX_TRAVEL_OFFSET, _wrap(desired - tangent))))
        if abs(_wrap(tangent - yaw)) > MAX_TRAVEL_OFFSET + 1e-9:
            yaw = _turn(yaw, target)  # turn in place before stepping
        else:
            yaw = _turn(yaw, target)
            advance = step if s < cruise_end - 1e-9 else approach_step
            limit = cruise_end if s < cruise_end - 1e-9 else total
            s = min(s + advance, limit, float(cum[k + 1]))  # never cut across a route corner within one frame
        p = _point_at(pts, cum, s)
        frames.append((p[0], p[1], yaw))
    if final_yaw is not None:
        while abs(_wrap(final_yaw - yaw)) > 1e-9 and len(frames) < max_frames + 40:
            yaw = _turn(yaw, final_yaw)
            frames.append((pts[-1][0], pts[-1][1], yaw))
    return np.asarray(frames, dtype=np.float64)
