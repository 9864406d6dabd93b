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

The walking body over all rows of a walk comes from :func:`walk_poses` (one body for a phase: :func:`gait_pose`)
with the phase and stride scale of :func:`gait_phases`: the phase advances with the distance walked, legs swing
and each foot stays planted where it landed in the world, through turns, starts and stops; the pelvis bobs and the
arms swing; the body stands (the standing pose exactly) at the start and end of every walk and while turning in
place (the feet then turn with it: no steps in place).
"""
from __future__ import annotations

import math

import numpy as np

from ..body import JOINT_INDEX, POSE_SIZE, axis_angle_to_matrix, matrix_to_axis_angle, standing_pose

__all__ = ["walk_keyframes", "walk_poses", "gait_pose", "gait_phases", "lowest_sole", "GAIT_FPS", "GAIT_SPEED",
           "STRIDE_LENGTH"]

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


def _turn_way(yaw: float, target: float, sign: int) -> float:
    """One in-place turn step toward ``target`` the ``sign`` way round (+1 counter-clockwise, -1 clockwise)."""
    d = _wrap(target - yaw)
    left = d % (2.0 * math.pi) if sign > 0 else -((-d) % (2.0 * math.pi))
    if abs(left) < 1e-12:
        return yaw
    return _wrap(yaw + math.copysign(min(MAX_YAW_STEP, abs(left)), left))


def walk_keyframes(route, start_yaw: float, *, final_yaw: float | None = None, fps: float = GAIT_FPS,
                   speed: float = GAIT_SPEED, first_turn: int = 0) -> np.ndarray:
    """Per-frame root poses for walking ``route``.

    Args:
        route: a :class:`~interactiveworld.actions.navigation.Route` (uses ``waypoints`` (K, 2) [m]) or a (K, 2)
            array of waypoints.
        start_yaw: body heading at the first frame [rad].
        final_yaw: heading to face on arrival [rad] (object-facing); None keeps the last travel heading.
        fps: frames per second (> 0); speed: walking speed [m/s] (> 0).
        first_turn: the way round of the turn in place before the first step: +1 counter-clockwise, -1
            clockwise, 0 the shorter way (a body carrying something turns it away from what stands beside it).

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
            # turn in place before stepping (the first such turn the way asked)
            yaw = _turn_way(yaw, target, first_turn) if first_turn and s == 0.0 else _turn(yaw, target)
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


# ---------------------------------------------------------------------------------------------------------------
# The walking body: a procedural gait cycle driven by the distance walked (paper appendix B.2.1).
#
# Gait phase [cycles] 0 is the right foot's initial contact; each leg is in stance for the first STANCE_FRACTION
# of its own cycle and swings for the rest, the left leg half a cycle behind the right. All leg geometry is worked
# out in the y-up model frame of SMPL+H (x = body's left, y = up, z = forward), relative to the standing pose.

STRIDE_LENGTH = 1.30
"""Stride (two steps) [m] at 1.1 m/s: cadence 1.1 / 1.30 * 120 = 102 steps/min, between the slow (about 87) and
natural (about 105) cadences of Winter's adult walking data (D. A. Winter, *The Biomechanics and Motor Control of
Human Gait*, 2nd ed., 1991)."""
STANCE_FRACTION = 0.60
"""Share of a leg's cycle spent in stance (initial contact to toe-off): 60 %, swing 40 %, with two 10 % double
supports (J. Perry & J. M. Burnfield, *Gait Analysis: Normal and Pathological Function*, 2nd ed., 2010, "Phases
of gait")."""
LANDING_AHEAD = 0.25
"""Where the foot lands, ahead of its standing place, as a fraction of the stride (0.33 m); it leaves 0.35 stride
behind at toe-off, so the trailing limb is the longer, extended by the heel rise (Perry & Burnfield, terminal
stance: "trailing limb posture")."""
HEEL_RISE_PHASE = 0.35
"""Own-cycle phase at which the stance heel starts to rise (terminal stance begins at about 31 %, Perry & Burnfield);
the foot then rolls over the ball of the foot (the forefoot rocker) until toe-off."""
TOE_OFF_PITCH = math.radians(45.0)
"""Foot-to-floor angle (heel up) [rad] at toe-off: the heel rises through terminal stance and pre-swing while the
shank inclines forward (the ankle itself is about 20 deg plantar-flexed at toe-off, Perry & Burnfield); chosen so the
trailing leg reaches the floor with the pelvis only a few cm below standing."""
SWING_TOE_LIFT = 0.08
"""Peak lift [m] of the ball of the foot above its standing height in mid-swing, chosen so the knee flexes about
50 deg in initial swing (Perry & Burnfield report about 60 deg) and the hip about 35 deg at terminal swing (Winter
1991: about 30 deg)."""
STANCE_KNEE_FLEX = math.radians(10.0)
"""Knee flexion [rad] (beyond the rest pose) of a leg bearing weight at its longest: the pelvis is as high as the
stance legs allow with this much knee bend (Perry & Burnfield: about 5-15 deg in mid and terminal stance). The
pelvis then rises over a single stance leg and sinks while both feet are down, twice per stride: about 3.5 cm peak
to peak at full stride for the built-in body (Perry & Burnfield and Winter 1991 report about 4-5 cm)."""
ARM_SWING = math.radians(15.0)
"""Shoulder flexion/extension amplitude [rad] of the arm counter-swing (about 30 deg peak to peak at free speed:
M. P. Murray, S. B. Sepic, E. J. Barnard, "Patterns of sagittal rotation of the upper limbs in walking", *Physical
Therapy* 47, 1967); each arm swings forward with the opposite leg."""
ELBOW_SWING = math.radians(15.0)
"""Extra elbow flexion [rad] at the arm's most forward position (the elbow flexes as the arm swings forward,
Murray et al. 1967)."""
RAMP_DISTANCE = 0.5
"""Distance [m] over which the stride grows from standing after a start and shrinks back before a stop."""
MIN_STRIDE_SCALE = 0.3
"""Smallest stride scale used for the phase rate while the stride grows or shrinks: very short steps would need a
very fast cadence."""


def _smoothstep(u):
    """Cubic smoothstep of ``u`` clipped to [0, 1] (an array, elementwise)."""
    u = np.clip(u, 0.0, 1.0)
    return u * u * (3.0 - 2.0 * u)


def _smoothstep1(u: float) -> float:
    """:func:`_smoothstep` of one number, with the same arithmetic (bit-identical) and without numpy's per-call
    cost: it runs several times per frame of every walk."""
    u = 0.0 if u < 0.0 else (1.0 if u > 1.0 else float(u))
    return u * u * (3.0 - 2.0 * u)


def _foot_track(psi: float, scale: float) -> tuple[float, float, float]:
    """(forward [m], lift [m], pitch [rad]) of one foot's ball at own-cycle phase ``psi`` in [0, 1), relative to
    its standing place under the body, for stride scale ``scale``. In stance the ball moves back exactly as far
    as the body advances (``scale * STRIDE_LENGTH`` per cycle), so a planted foot stays put in the world; the
    swing is a cubic Hermite curve whose end speeds match the stance's, so the foot lifts and lands without a
    jolt."""
    L = scale * STRIDE_LENGTH
    b = STANCE_FRACTION
    if psi < b:
        forward = L * (LANDING_AHEAD - psi)
        rise = _smoothstep1((psi - HEEL_RISE_PHASE) / (b - HEEL_RISE_PHASE))
        return forward, 0.0, scale * TOE_OFF_PITCH * rise
    u = (psi - b) / (1.0 - b)
    m = -(1.0 - b) / b  # end slope of the Hermite curve: the stance's backward speed
    h10, h01, h11 = u ** 3 - 2 * u ** 2 + u, -2 * u ** 3 + 3 * u ** 2, u ** 3 - u ** 2
    g = h01 + m * (h10 + h11)
    forward = L * (LANDING_AHEAD - b + b * g)
    lift = scale * SWING_TOE_LIFT * math.sin(math.pi * u)
    pitch = scale * TOE_OFF_PITCH * (1.0 - _smoothstep1(u / 0.5))
    return forward, lift, pitch


def _leg_ik(hip: np.ndarray, knee: np.ndarray, ankle: np.ndarray, target: np.ndarray) -> tuple[float, float]:
    """Hip and knee rotations [rad] about the model x axis putting the ankle at ``target`` (model frame, (3,)),
    planar two-link inverse kinematics in the y-z plane (out-of-reach targets: the leg straightens towards them).
    A rotation by a about x acts on (y, z) as multiplication of y + iz by exp(ia)."""
    w1 = complex(knee[1] - hip[1], knee[2] - hip[2])
    w2 = complex(ankle[1] - knee[1], ankle[2] - knee[2])
    wt = complex(target[1] - hip[1], target[2] - hip[2])
    c = (abs(wt) ** 2 - abs(w1) ** 2 - abs(w2) ** 2) / 2.0
    p = w1 * w2.conjugate()
    r, gamma = abs(p), math.atan2(p.imag, p.real)
    # Re(p exp(-i k)) = c; of the two roots, the knee bending backwards (never past straight)
    knee_rot = max(0.0, _wrap(gamma + math.acos(max(-1.0, min(1.0, c / r)))))
    w = w1 + w2 * complex(math.cos(knee_rot), math.sin(knee_rot))
    hip_rot = _wrap(math.atan2(wt.imag, wt.real) - math.atan2(w.imag, w.real))
    return hip_rot, knee_rot


def _foot_vertices(model) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rest positions (K, 3) of the support-mesh vertices (``BodyModel.support``) moved mostly by an ankle or a ball
    of the foot (the soles are among them), the joints that move them (M,) and their skinning weights on those
    joints (K, M), cached per model."""
    key = "gait_feet"
    if key not in model._cache:
        joints = [JOINT_INDEX[f"{s}_{j}"] for s in ("left", "right") for j in ("ankle", "foot")]
        rest, weights = model.support
        idx = np.nonzero(weights[:, joints].sum(axis=1) > 0.5)[0]
        used = np.nonzero(weights[idx].any(axis=0))[0]
        model._cache[key] = (rest[idx], used, weights[np.ix_(idx, used)])
    return model._cache[key]  # type: ignore[return-value]


def lowest_sole(model, pose: np.ndarray, translation: np.ndarray) -> float:
    """Height [m] of the lowest foot vertex of the body at ``pose`` (156,), ``translation`` (3,): linear blend
    skinning of the foot vertices alone (pose blend shapes, a few mm at most, are left out)."""
    rest, used, w = _foot_vertices(model)
    tf = model.forward_kinematics(pose, translation)[used]
    R, t = tf[:, :3, :3], tf[:, :3, 3]
    per_joint = np.einsum("jab,kjb->kja", R, rest[:, None, :] - model.rest_joints[used][None]) + t[None]
    return float(np.einsum("kj,kja->ka", w, per_joint)[:, 2].min())


PELVIS_RISE_RATE = 0.5
"""Fastest vertical travel of the pelvis [m per gait cycle] (0.05 m in a tenth of a cycle): when the trailing foot
leaves the floor the pelvis rises smoothly instead of jumping to the height the leading leg alone allows."""
PELVIS_SAMPLES = 48
"""Phases per cycle at which the pelvis height the stance legs need is sampled for that rate limit."""


def _stance_drops(J: np.ndarray, phases: np.ndarray, scale: float) -> np.ndarray:
    """How far [m] the hip must come down at each of ``phases`` (N,) for stride ``scale``: the drop of
    :func:`_leg_targets` for all phases at once, with the same arithmetic element by element (the pelvis rate
    limit of :func:`_body_pose` samples :data:`PELVIS_SAMPLES` phases on every frame whose stride is not full).

    Returns:
        (N,) float64 [m], 0 where no stance leg needs the hip lower.
    """
    phases = np.asarray(phases, dtype=np.float64)
    drop = np.zeros(len(phases))
    b = STANCE_FRACTION
    for side, offset in (("right", 0.0), ("left", 0.5)):
        hip, knee, ankle, ball = (J[JOINT_INDEX[f"{side}_{n}"]] for n in ("hip", "knee", "ankle", "foot"))
        psi = (phases + offset) % 1.0
        stance = psi < b
        if not stance.any():
            continue
        psi = psi[stance]
        forward = scale * STRIDE_LENGTH * (LANDING_AHEAD - psi)  # the stance branch of _foot_track
        pitch = scale * TOE_OFF_PITCH * _smoothstep((psi - HEEL_RISE_PHASE) / (b - HEEL_RISE_PHASE))
        heel = ankle - ball
        c, s = np.cos(pitch), np.sin(pitch)
        ball_y, ball_z = ball[1] + 0.0, ball[2] + forward
        ankle_y, ankle_z = ball_y + (heel[1] * c - heel[2] * s), ball_z + (heel[1] * s + heel[2] * c)
        w1 = complex(knee[1] - hip[1], knee[2] - hip[2])
        w2 = complex(ankle[1] - knee[1], ankle[2] - knee[2])
        reach = abs(w1 + w2 * complex(math.cos(scale * STANCE_KNEE_FLEX), math.sin(scale * STANCE_KNEE_FLEX)))
        dy, dz = ankle_y - hip[1], ankle_z - hip[2]
        need = -np.sqrt(np.maximum(reach ** 2 - dz ** 2, 0.0)) - dy
        drop[stance] = np.maximum(drop[stance], need)
    return drop


def _leg_targets(J: np.ndarray, phase: float, scale: float) -> tuple[dict, float]:
    """Per side: (hip, knee, ankle rest positions, ankle target relative to the unlowered hip, foot pitch), all in
    the model frame, and how far [m] the hip must come down for every stance foot to reach its place with the
    knee bent at most ``STANCE_KNEE_FLEX``."""
    legs = {}
    drop = 0.0
    for side, offset in (("right", 0.0), ("left", 0.5)):
        hip, knee, ankle, ball = (J[JOINT_INDEX[f"{side}_{n}"]] for n in ("hip", "knee", "ankle", "foot"))
        psi = (phase + offset) % 1.0
        forward, lift, pitch = _foot_track(psi, scale)
        ball_t = ball + np.array([0.0, lift, forward])
        heel = ankle - ball  # ball -> ankle, rotated heel-up by the pitch about x
        c, s = math.cos(pitch), math.sin(pitch)
        ankle_t = ball_t + np.array([heel[0], heel[1] * c - heel[2] * s, heel[1] * s + heel[2] * c])
        legs[side] = (hip, knee, ankle, ankle_t, pitch)
        if psi < STANCE_FRACTION:
            w1 = complex(knee[1] - hip[1], knee[2] - hip[2])
            w2 = complex(ankle[1] - knee[1], ankle[2] - knee[2])
            reach = abs(w1 + w2 * complex(math.cos(scale * STANCE_KNEE_FLEX), math.sin(scale * STANCE_KNEE_FLEX)))
            dy, dz = ankle_t[1] - hip[1], ankle_t[2] - hip[2]
            drop = max(drop, -math.sqrt(max(reach ** 2 - dz ** 2, 0.0)) - dy)
    return legs, drop


MAX_EXTRA_DROP = 0.05
"""Furthest [m] the pelvis may sink below the height of the nominal gait cycle so that a stance leg reaches a
planted foothold the body has turned or run away from (:func:`walk_poses`); a foothold still out of reach then
slides toward the hip (a slip, reported)."""
MAX_FOOT_TWIST = math.radians(30.0)
"""Largest yaw [rad] of a planted foot relative to the body heading: beyond it the foot pivots on its ball with
the body instead (an ankle cannot turn further; chosen, not measured)."""


def _rot_x(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]])


def _rot_y(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, 0.0, s], [0.0, 1.0, 0.0], [-s, 0.0, c]])


def _rot_z(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


def _hip_roll(d: np.ndarray, a: float) -> float:
    """Rotation [rad] about the model z (forward) axis at the hip turning the leg's plane onto the target ``d``
    (hip to ankle target, model frame): after rotating ``d`` back by it, its x equals ``a``, the lateral offset
    the rest leg keeps whatever its bends about x. Of the two roots, the one nearer zero."""
    r = math.hypot(d[0], d[1])
    if r < 1e-9 or abs(a) >= r:
        return 0.0
    theta = math.atan2(d[1], d[0])
    roots = [_wrap(theta + math.acos(a / r)), _wrap(theta - math.acos(a / r))]
    return min(roots, key=abs)


def _planar_reach(hip, ankle_rest, target) -> float:
    """Length [m] of the hip-to-target vector in the leg's plane once the hip has rolled onto it."""
    d = target - hip
    a = ankle_rest[0] - hip[0]
    return math.sqrt(max(d @ d - a * a, 0.0))


def _leg_reach(hip, knee, ankle, flex: float) -> float:
    w1 = complex(knee[1] - hip[1], knee[2] - hip[2])
    w2 = complex(ankle[1] - knee[1], ankle[2] - knee[2])
    return abs(w1 + w2 * complex(math.cos(flex), math.sin(flex)))


def _body_pose(model, xy, yaw: float, phase: float, *, floor_z: float, scale: float, still_arms: tuple[str, ...],
               feet: dict | None = None) -> tuple[np.ndarray, np.ndarray, dict]:
    """:func:`gait_pose`, optionally with the balls of the feet at given places. ``feet`` maps a side to
    (ball target (3,) in the model frame, pitch [rad], twist [rad] about the model up axis, in stance); a stance
    target the leg cannot reach with the pelvis at most ``MAX_EXTRA_DROP`` lower is moved toward the hip. Returns
    (pose, translation, {side: ball target actually used (3,)})."""
    pose, translation = standing_pose(model, xy, yaw, floor_z=floor_z)
    J = model.rest_joints
    if scale == 0.0 and feet is None:
        return pose, translation, {}
    phase = float(phase) % 1.0
    legs, _ = _leg_targets(J, phase, scale)
    # the pelvis sinks as far as the stance feet need, and rises again no faster than PELVIS_RISE_RATE allows
    grid = np.arange(PELVIS_SAMPLES) / PELVIS_SAMPLES
    need = model._cache.get("gait_need") if scale == 1.0 else None  # the full stride: most frames of a walk
    if need is None:
        need = _stance_drops(J, grid, scale)
        if scale == 1.0:
            model._cache["gait_need"] = need
    apart = np.abs(grid - phase)
    apart = np.minimum(apart, 1.0 - apart)
    drop = max(_leg_targets(J, phase, scale)[1], float(np.max(need - PELVIS_RISE_RATE * apart)))
    used = {}
    twist = {side: 0.0 for side in legs}
    if feet is not None:
        planted = {}
        for side, (ball_t, pitch, tw, stance) in feet.items():
            hip, knee, ankle, _, _ = legs[side]
            ball = J[JOINT_INDEX[f"{side}_foot"]]
            heel = _rot_y(tw) @ _rot_x(pitch) @ (ankle - ball)
            legs[side] = (hip, knee, ankle, np.asarray(ball_t, float) + heel, pitch)
            twist[side] = tw
            if stance:
                planted[side] = heel
        # extra sinking (capped) for planted feet, with the knee bent as in the nominal stance
        extra = 0.0
        for side in planted:
            hip, knee, ankle, ankle_t, _ = legs[side]
            reach = _leg_reach(hip, knee, ankle, scale * STANCE_KNEE_FLEX)
            d = ankle_t - hip
            a = ankle[0] - hip[0]
            horiz = d[0] ** 2 + d[2] ** 2 - a * a
            if reach ** 2 > horiz:
                extra = max(extra, -math.sqrt(reach ** 2 - horiz) - d[1] - drop)
            else:
                extra = MAX_EXTRA_DROP
        drop += min(max(extra, 0.0), MAX_EXTRA_DROP)
        for side, heel in planted.items():  # still out of reach of the straight leg: slide toward the hip
            hip, knee, ankle, ankle_t, pitch = legs[side]
            low = hip - np.array([0.0, drop, 0.0])
            reach = _leg_reach(hip, knee, ankle, 0.0) + 1e-6
            if _planar_reach(low, ankle, ankle_t) > reach:
                home = np.array([low[0] + (ankle[0] - hip[0]), ankle_t[1], low[2]])
                lo, hi = 0.0, 1.0
                for _ in range(30):
                    mid = 0.5 * (lo + hi)
                    if _planar_reach(low, ankle, ankle_t + mid * (home - ankle_t)) > reach:
                        lo = mid
                    else:
                        hi = mid
                ankle_t = ankle_t + hi * (home - ankle_t)
                legs[side] = (hip, knee, ankle, ankle_t, pitch)
        used = {side: legs[side][3] - _rot_y(twist[side]) @ _rot_x(legs[side][4])
                @ (legs[side][2] - J[JOINT_INDEX[f"{side}_foot"]]) for side in feet}
    for side, (hip, knee, ankle, ankle_t, pitch) in legs.items():
        low = hip - np.array([0.0, drop, 0.0])
        roll = 0.0 if feet is None else _hip_roll(ankle_t - low, ankle[0] - hip[0])
        in_plane = _rot_z(-roll) @ (ankle_t - low) + low  # the target seen from the leg's own plane
        hip_rot, knee_rot = _leg_ik(hip, knee, ankle, in_plane + np.array([0.0, drop, 0.0]))
        tw = twist[side]
        if roll == 0.0 and tw == 0.0:
            pose[3 * JOINT_INDEX[f"{side}_hip"]] = hip_rot
            pose[3 * JOINT_INDEX[f"{side}_knee"]] = knee_rot
            pose[3 * JOINT_INDEX[f"{side}_ankle"]] = pitch - hip_rot - knee_rot
        else:
            h = 3 * JOINT_INDEX[f"{side}_hip"]
            pose[h: h + 3] = matrix_to_axis_angle(_rot_z(roll) @ _rot_x(hip_rot))
            pose[3 * JOINT_INDEX[f"{side}_knee"]] = knee_rot
            a = 3 * JOINT_INDEX[f"{side}_ankle"]  # the foot keeps its pitch and twist in the body's frame
            pose[a: a + 3] = matrix_to_axis_angle(_rot_x(-hip_rot - knee_rot) @ _rot_z(-roll) @ _rot_y(tw)
                                                  @ _rot_x(pitch))
        pose[3 * JOINT_INDEX[f"{side}_foot"]] = -pitch  # the toes stay flat: the foot rolls over its ball
    for side, sign in (("right", 1.0), ("left", -1.0)):
        if side in still_arms or scale == 0.0:
            continue
        back = sign * math.cos(2.0 * math.pi * phase)  # +1: the arm at its most backward (same leg forward)
        j = JOINT_INDEX[f"{side}_shoulder"]
        lowered = axis_angle_to_matrix(pose[3 * j: 3 * j + 3])
        swing = axis_angle_to_matrix(np.array([scale * ARM_SWING * back, 0.0, 0.0]))
        pose[3 * j: 3 * j + 3] = matrix_to_axis_angle(swing @ lowered)
        e = JOINT_INDEX[f"{side}_elbow"]
        bend = pose[3 * e + 1]
        pose[3 * e + 1] = bend + math.copysign(scale * ELBOW_SWING * 0.5 * (1.0 - back), bend)
    translation = translation.copy()
    translation[2] += floor_z - lowest_sole(model, pose, translation)
    return pose, translation, used


def gait_pose(model, xy, yaw: float, phase: float, *, floor_z: float = 0.0, scale: float = 1.0,
              still_arms: tuple[str, ...] = ()) -> tuple[np.ndarray, np.ndarray]:
    """The walking body at gait ``phase`` with the pelvis above ``xy`` facing ``yaw``.

    The legs follow the feet: each foot's ball goes through :func:`_foot_track` (planted in stance, heel rising
    from terminal stance, lifted and carried forward in swing) and the hip and knee come from planar two-link
    inverse kinematics; the ankle sets the foot's pitch. The pelvis is as high as the stance legs allow with the
    knee bent ``STANCE_KNEE_FLEX`` (so it rises over one stance leg and sinks in double support, twice per stride);
    the arms swing against the legs. Finally the body is
    raised or lowered so that the lowest sole touches ``floor_z`` (paper appendix B.2.1: "the lowest foot is
    continuously aligned with the estimated support floor").

    Args:
        model: the :class:`~interactiveworld.body.BodyModel`.
        xy: pelvis position on the floor plane [m], shape (2,).
        yaw: heading [rad] about +z, 0 = facing +x.
        phase: gait phase [cycles]; only its fractional part matters (0 = right initial contact).
        floor_z: floor height [m].
        scale: stride scale in [0, 1]; 0 is the standing pose exactly, 1 the full stride.
        still_arms: sides ("left", "right") whose arm does not swing (a hand that holds something).
    Returns:
        (pose (156,) float64 [rad], translation (3,) float64 [m]).
    Raises:
        ValueError: non-finite input, a scale outside [0, 1] or an unknown arm side.
    """
    for name, v in (("yaw", yaw), ("phase", phase), ("floor_z", floor_z), ("scale", scale)):
        if not math.isfinite(v):
            raise ValueError(f"{name} must be finite, got {v!r}")
    if not 0.0 <= scale <= 1.0:
        raise ValueError(f"scale must lie in [0, 1], got {scale!r}")
    if set(still_arms) - {"left", "right"}:
        raise ValueError(f"still_arms: expected 'left' and/or 'right', got {still_arms!r}")
    pose, translation, _ = _body_pose(model, xy, yaw, phase, floor_z=floor_z, scale=scale,
                                      still_arms=tuple(still_arms))
    return pose, translation


def gait_phases(rows) -> tuple[np.ndarray, np.ndarray]:
    """Gait phase [cycles] and stride scale in [0, 1] for each gait row ``[x, y, yaw]`` (T, 3).

    The phase advances with the distance between consecutive rows, not with time (paper appendix B.2.1), by
    distance / (scale * ``STRIDE_LENGTH``): turning in place or pausing leaves it unchanged. The scale grows from 0
    to 1 over the first ``RAMP_DISTANCE`` of every stretch of motion and shrinks back to 0 over its last, so the
    body stands still (scale 0, the standing pose) at the start and end of every walk and during in-place turns.

    Returns:
        (phase (T,) float64, scale (T,) float64); phase[0] = 0.
    Raises:
        ValueError: rows not of shape (T, 3) or not finite.
    """
    rows = np.asarray(rows, dtype=np.float64)
    if rows.ndim != 2 or rows.shape[1] != 3 or not np.all(np.isfinite(rows)):
        raise ValueError(f"rows: expected finite (T, 3) float64 [x, y, yaw], got shape {rows.shape}")
    T = len(rows)
    step = np.linalg.norm(np.diff(rows[:, :2], axis=0), axis=1)
    moving = step > 1e-6
    scale = np.zeros(T)
    i = 0
    while i < T - 1:  # each run of moving steps i .. j-1 joins rows i .. j
        if not moving[i]:
            i += 1
            continue
        j = i
        while j < T - 1 and moving[j]:
            j += 1
        arc = np.concatenate([[0.0], np.cumsum(step[i:j])])
        scale[i: j + 1] = _smoothstep(np.minimum(arc, arc[-1] - arc) / RAMP_DISTANCE)
        i = j
    phase = np.zeros(T)
    for k in range(1, T):
        rate = max(0.5 * (scale[k - 1] + scale[k]), MIN_STRIDE_SCALE) * STRIDE_LENGTH
        phase[k] = phase[k - 1] + (step[k - 1] / rate if moving[k - 1] else 0.0)
    return phase, scale


def _to_world(R0: np.ndarray, J0: np.ndarray, xy, m: np.ndarray) -> np.ndarray:
    """World xy [m] of the model-frame point ``m`` (3,) for the body with the pelvis above ``xy``."""
    return (R0 @ (m - J0))[:2] + np.asarray(xy, float)


def _to_model(R0: np.ndarray, J0: np.ndarray, xy, w: np.ndarray, height: float) -> np.ndarray:
    """Model-frame point (3,) above world xy ``w`` at model height ``height`` (y) [m]."""
    m = J0 + R0.T @ np.array([w[0] - xy[0], w[1] - xy[1], 0.0])
    m[1] = height
    return m


def walk_poses(model, rows, *, floor_z=0.0, still_arms: tuple[str, ...] = ()):
    """The walking body for every row of one walk, with planted feet fixed in the world.

    The phase and stride scale come from :func:`gait_phases`. Each foot's ball lands on a foothold, the place the
    nominal foot track (:func:`_foot_track`) gives it at the landing row, fixed in the world (with the foot's yaw)
    for the whole stance, however the body moves or turns meanwhile; the leg reaches it by two-bone inverse
    kinematics with the hip rolled sideways onto the foothold and the pelvis sunk up to ``MAX_EXTRA_DROP`` more,
    and the foot keeps its world yaw up to ``MAX_FOOT_TWIST`` off the heading (beyond it the foot pivots on its
    ball). A swing carries the ball from its lift-off foothold to the next landing foothold (known in advance:
    every row is given), smoothly in the world, with the nominal lift and pitch. A foothold the leg cannot reach
    slides toward the hip; that slide is the row's slip. Rows where the body stands (the first and last of every
    stretch of motion, in-place turns) get the standing pose exactly; the feet start a stretch on their standing
    places and the last landing of a stretch is on the standing place of its last row, so the walk stops without
    sliding a foot.

    Args:
        model: the :class:`~interactiveworld.body.BodyModel`.
        rows: (T, 3) float64 gait rows ``[x, y, yaw]`` [m, m, rad] (:func:`walk_keyframes`).
        floor_z: floor height [m]: a number or (T,) per row.
        still_arms: sides ("left", "right") whose arm does not swing.
    Returns:
        (poses (T, 156) float64 [rad], translations (T, 3) float64 [m], slip (T, 2) float64 [m]: how far the right
        (column 0) and left (column 1) planted foothold slid at each row; 0 where nothing slid).
    Raises:
        ValueError: rows not (T, 3) finite, floor_z not a number or (T,) finite values, an unknown arm side.
    """
    rows = np.asarray(rows, dtype=np.float64)
    phase, scale = gait_phases(rows)
    T = len(rows)
    floor = np.broadcast_to(np.asarray(floor_z, dtype=np.float64), (T,)) if np.ndim(floor_z) == 0 else \
        np.asarray(floor_z, dtype=np.float64)
    if floor.shape != (T,) or not np.all(np.isfinite(floor)):
        raise ValueError(f"floor_z: expected a finite number or (T,) = ({T},) values, got shape {floor.shape}")
    if set(still_arms) - {"left", "right"}:
        raise ValueError(f"still_arms: expected 'left' and/or 'right', got {still_arms!r}")
    still_arms = tuple(still_arms)
    J = model.rest_joints
    J0 = J[0]
    # world rotation of the model frame (y-up) at each row: the pelvis's, from forward kinematics
    upright = [standing_pose(model, r[:2], r[2]) for r in rows]  # one forward kinematics call for all rows
    frames = model.forward_kinematics(np.array([p for p, _ in upright]).reshape(T, POSE_SIZE),
                                      np.array([t for _, t in upright]).reshape(T, 3))[:, 0, :3, :3]
    balls = {side: J[JOINT_INDEX[f"{side}_foot"]] for side in ("right", "left")}
    offsets = {"right": 0.0, "left": 0.5}
    b = STANCE_FRACTION

    def nominal(k: int, side: str) -> tuple[np.ndarray, float]:  # world ball xy and yaw of the track at row k
        psi = (phase[k] + offsets[side]) % 1.0
        forward, _, _ = _foot_track(psi, scale[k])
        return _to_world(frames[k], J0, rows[k, :2], balls[side] + np.array([0.0, 0.0, forward])), rows[k, 2]

    def standing_place(k: int, side: str) -> tuple[np.ndarray, float]:
        return _to_world(frames[k], J0, rows[k, :2], balls[side]), rows[k, 2]

    poses = np.empty((T, POSE_SIZE))
    trans = np.empty((T, 3))
    slip = np.zeros((T, 2))
    # stretches of motion: runs of rows with scale > 0 between standing rows
    stand = scale == 0.0
    for k in np.nonzero(stand)[0]:
        poses[k], trans[k] = standing_pose(model, rows[k, :2], rows[k, 2], floor_z=floor[k])
    k = 0
    while k < T:
        if stand[k]:
            k += 1
            continue
        i, j = k - 1, k  # standing rows i and j around the moving rows i+1 .. j-1
        while j < T and not stand[j]:
            j += 1
        j = min(j, T - 1)
        plan = {}
        for side in ("right", "left"):
            psi = (phase + offsets[side]) % 1.0
            stance = [True if r in (i, j) else bool(psi[r] < b) for r in range(i, j + 1)]  # index r - i
            # stance_on[q]: stance at q and every later row (q = j - i + 1: vacuously); next_stance[q]: the first
            # stance index after q (row j always is one)
            stance_on = [True] * (len(stance) + 1)
            next_stance = [len(stance) - 1] * len(stance)
            for q in range(len(stance) - 1, -1, -1):
                stance_on[q] = stance[q] and stance_on[q + 1]
                if q + 1 < len(stance):
                    next_stance[q] = q + 1 if stance[q + 1] else next_stance[q + 1]
            plan[side] = (psi, stance, stance_on, next_stance)
        held = {side: standing_place(i, side) for side in plan}
        lift_off = {side: held[side] for side in plan}
        for r in range(i + 1, j):
            feet = {}
            for side, (psi, stance, stance_on, next_stance) in plan.items():
                now, before = stance[r - i], stance[r - 1 - i]
                last_stance = stance_on[r - i]
                if now:
                    if not before:  # landing
                        held[side] = standing_place(j, side) if last_stance else nominal(r, side)
                    w, foot_yaw = held[side]
                    rise = _smoothstep1((psi[r] - HEEL_RISE_PHASE) / (b - HEEL_RISE_PHASE))
                    pitch = scale[r] * TOE_OFF_PITCH * rise
                    lift = 0.0
                else:
                    if before:
                        lift_off[side] = held[side]
                    land = i + next_stance[r - i]
                    target = standing_place(j, side) if land == j or stance_on[land - i] else nominal(land, side)
                    start_phase = phase[r] - (psi[r] - b)  # where this swing began
                    end_phase = start_phase + (1.0 - b) if land < j else max(phase[j], phase[r] + 1e-9)
                    u = min(max((phase[r] - start_phase) / max(end_phase - start_phase, 1e-9), 0.0), 1.0)
                    g = _smoothstep1(u)
                    (w0, y0), (w1, y1) = lift_off[side], target
                    w = w0 + g * (w1 - w0)
                    foot_yaw = y0 + g * _wrap(y1 - y0)
                    lift = scale[r] * SWING_TOE_LIFT * math.sin(math.pi * u)
                    pitch = scale[r] * TOE_OFF_PITCH * (1.0 - _smoothstep1(u / 0.5))
                tw = max(-MAX_FOOT_TWIST, min(MAX_FOOT_TWIST, _wrap(foot_yaw - rows[r, 2])))
                m = _to_model(frames[r], J0, rows[r, :2], w, balls[side][1] + lift)
                feet[side] = (m, pitch, tw, now)
                if now:
                    held[side] = (w, rows[r, 2] + tw)  # a foot twisted as far as it goes pivots with the body
            pose, tr, used = _body_pose(model, rows[r, :2], rows[r, 2], phase[r], floor_z=floor[r], scale=scale[r],
                                        still_arms=still_arms, feet=feet)
            for side, (m, pitch, tw, now) in feet.items():
                if now:
                    got = _to_world(frames[r], J0, rows[r, :2], used[side])
                    moved = float(np.linalg.norm(got - held[side][0]))
                    if moved > 1e-9:
                        slip[r, 0 if side == "right" else 1] = moved
                        held[side] = (got, held[side][1])
            poses[r], trans[r] = pose, tr
        k = j
    return poses, trans, slip
