"""Reaching: the posture ladder, the arm-length bound, CCD arm IK and collision-checked reach phases.

Paper appendix B.2.2 ("Body posture and arm IK", "Reach and tool trajectories"); numbers in DESIGN.md "Reach":
postures upright, mild lean, 40-86 degree forward lean with hip/knee/ankle flexion, leg flexion for shelves; an
arm-length bound prunes; CCD over collar, shoulder and elbow for <= 28 iterations to a 1 mm target; pre-contact
offset 0.10-0.18 m, contact and retreat, every sample collision-checked. An oriented reach also points the hand
(wrist -> middle-finger base) along a direction within the wrist's range of motion (:func:`solve_arm_oriented`).
World z-up, metres, radians.
"""
from __future__ import annotations

import operator
from dataclasses import dataclass, field, fields

import numpy as np

from .. import _core
from ..body.collider import CONTACT_REGION_RADIUS, HeldObject, SceneCollider, check_poses
from ..body.model import BodyModel, axis_angle_to_matrix, matrix_to_axis_angle
from ..body.posture import heading_root_orient, look_at, standing_pose
from ..body.skeleton import JOINT_INDEX
from ..errors import ErrorCode, PrimitiveError

CCD_ITERATIONS = 28          # B.2.2
CCD_TOLERANCE = 1e-3         # [m], B.2.2
CCD_MAX_ITERATIONS = 10000   # largest accepted iteration count (kMaxCcdIterations in cpp/iw/reach.hpp)
PRE_CONTACT_OFFSETS = (0.14, 0.10, 0.18)  # [m], nominal first, then shortened, then lengthened (0.10-0.18 m)
MANIPULATION_TOLERANCE = 0.002  # [m] accepted contact depth along manipulation trajectories (B.1.2)
ELBOW_LIMITS = (0.0, 2.5)    # hinge flexion range [rad]
COLLAR_RANGE = 0.35          # collar rotation range from rest [rad]
RETREAT_LIFT = 0.03          # retreat rises this much above the pre-contact point [m]
# Wrist range of motion [rad] about the neutral (SMPL zero) wrist: extension (-) to flexion (+), ulnar (-) to radial
# (+) deviation. Normal active ranges (American Academy of Orthopaedic Surgeons, "Joint Motion: Method of Measuring
# and Recording", 1965; Greene & Heckman, "The Clinical Measurement of Joint Motion", AAOS 1994): flexion 80,
# extension 70, radial 20, ulnar 30 degrees; flexion is capped at the extension's 70 degrees.
WRIST_FLEXION = (float(np.radians(-70.0)), float(np.radians(70.0)))
WRIST_DEVIATION = (float(np.radians(-30.0)), float(np.radians(20.0)))
# The body's elbow is a hinge, so the forearm's pronation/supination (80 degrees each way, same sources) is carried
# by a twist of the wrist about the hand axis.
WRIST_TWIST = (float(np.radians(-80.0)), float(np.radians(80.0)))
ORIENT_TOLERANCE = float(np.radians(5.0))  # largest accepted angle between the hand axis and its direction [rad]
ORIENT_ROUNDS = 4            # wrist-point / wrist-rotation alternations of the oriented solve


def _check_hand(hand) -> None:
    if not isinstance(hand, str) or hand not in ("left", "right"):
        raise ValueError(f"hand must be 'left' or 'right', got {hand!r}")


def _check_real(name: str, value, *, minimum: float | None = None) -> float:
    """``value`` as a finite float (>= ``minimum`` when given); ValueError naming ``name`` otherwise."""
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name}: expected a finite number, got {value!r}") from None
    if not np.isfinite(v) or (minimum is not None and v < minimum):
        bound = "" if minimum is None else f" >= {minimum}"
        raise ValueError(f"{name}: expected a finite number{bound}, got {value!r}")
    return v


def _check_posture(posture) -> None:
    if not isinstance(posture, Posture):
        raise ValueError(f"posture: expected a Posture, got {type(posture).__name__}")
    for f in fields(Posture):
        v = getattr(posture, f.name)
        if f.name in ("name", "balanced") or v is None:
            continue
        _check_real(f"posture {posture.name!r} {f.name}", v)


@dataclass(frozen=True)
class Posture:
    """A rung of the posture ladder: trunk lean split between pelvis and spine, and leg flexion [rad].

    ``thigh_angle`` is the thigh's angle forward of vertical. ``shin_angle`` is the shin's forward tilt (knee ahead
    of the ankle); None means equal to the thigh angle (hip straight above the ankle). ``abduction`` spreads the
    knees (hip abduction) so the trunk and hanging arms fit between the thighs; ``open_side`` swings the reaching
    hand's thigh further out. ``balanced`` rungs (squats) choose the pelvis pitch that puts the centre of mass
    ``com_ahead`` ahead of the ankles; their ``pelvis_pitch`` is then ignored.
    """

    name: str
    pelvis_pitch: float = 0.0
    spine_pitch: float = 0.0
    thigh_angle: float = 0.0
    shin_angle: float | None = None
    abduction: float = 0.0
    open_side: float = 0.0
    balanced: bool = False
    com_ahead: float = 0.06  # [m]


# Squat rungs: (name, thigh, shin, knee spread, reaching side's extra spread, spine lean [deg], centre of mass ahead
# of the ankles [m]). The pelvis is lowered by hip, knee and ankle flexion with the soles flat; the shin tilt stays
# within an adult's ~35 deg of ankle dorsiflexion; the centre of mass lies over the mid-foot (squat) or the forefoot
# (deep squat, trunk on the thighs), inside the built-in body's support of 0.11 m behind to 0.21 m ahead of the
# ankles. Tuned so the floor (0.02 m) and low shelves are reached without the arm crossing a thigh or the head.
SQUATS = (("squat", 70.0, 25.0, 30.0, 20.0, 30.0, 0.06), ("deep_squat", 115.0, 25.0, 40.0, 20.0, 60.0, 0.13))

ARM_FORWARD = np.radians(40.0)  # hanging arms' tilt ahead of vertical on squat rungs [rad]


def posture_ladder() -> list[Posture]:
    """The ladder in the order tried (cheapest first): upright, mild lean, forward leans 40-86 degrees, leg flexion
    for shelves, then the squats that lower the pelvis for low shelves and the floor (B.2.2)."""
    rungs = [Posture("upright"), Posture("mild_lean", 0.08, 0.14)]
    for deg in (40, 55, 70, 86):
        lean = np.radians(deg)
        rungs.append(Posture(f"forward_lean_{deg}", 0.6 * lean, 0.4 * lean, 0.7 * lean))
    rungs.append(Posture("leg_flexion", 0.12, 0.05, 0.75))
    for name, thigh, shin, spread, side, spine, ahead in SQUATS:
        rungs.append(Posture(name, 0.0, np.radians(spine), np.radians(thigh), np.radians(shin), np.radians(spread),
                             np.radians(side), balanced=True, com_ahead=ahead))
    return rungs


# Segment mass fractions and centre-of-mass points (Dempster's data as tabulated in Winter, "Biomechanics and Motor
# Control of Human Movement", table 4.1): (fraction, proximal joint, distal joint or None, fraction along).
_SEGMENTS = [(0.081, "head", None, 0.0), (0.497, "pelvis", "neck", 0.5)]
for _side in ("left", "right"):
    _SEGMENTS += [(0.028, f"{_side}_shoulder", f"{_side}_elbow", 0.436), (0.016, f"{_side}_elbow", f"{_side}_wrist",
                  0.43), (0.006, f"{_side}_wrist", None, 0.0), (0.100, f"{_side}_hip", f"{_side}_knee", 0.433),
                  (0.0465, f"{_side}_knee", f"{_side}_ankle", 0.433), (0.0145, f"{_side}_ankle", f"{_side}_foot", 0.5)]


def centre_of_mass(joints: np.ndarray) -> np.ndarray:
    """Whole-body centre of mass (3,) [m] from joint positions (52, 3) by segment mass fractions (Winter, table
    4.1; the trunk segment runs pelvis to neck).

    Raises:
        ValueError: ``joints`` is not (J >= 52, 3) or has a non-finite entry.
    """
    joints = np.asarray(joints, dtype=np.float64)
    if joints.ndim != 2 or joints.shape[1] != 3 or joints.shape[0] < len(JOINT_INDEX):
        raise ValueError(f"joints: expected ({len(JOINT_INDEX)}, 3) float64 [m], got {joints.shape}")
    if not np.all(np.isfinite(joints)):
        raise ValueError("joints: every entry must be finite")
    com = np.zeros(3)
    for frac, a, b, t in _SEGMENTS:
        pa = joints[JOINT_INDEX[a]]
        com += frac * (pa if b is None else pa + t * (joints[JOINT_INDEX[b]] - pa))
    return com


def _leg_flexion(model: BodyModel, xy, yaw: float, rung: Posture, pelvis_pitch: float, floor_z: float,
                 hand: str = "right") -> tuple[np.ndarray, np.ndarray]:
    """A squat-type pose: hips flexed (and abducted), knees flexed, ankles set so each sole keeps its standing
    orientation; translated so the ankles' mean sits where standing puts it (soles on the floor)."""
    stand, tr = standing_pose(model, xy, yaw, floor_z=floor_z)
    pose = stand.copy()
    p, s, t = pelvis_pitch, rung.spine_pitch, rung.thigh_angle
    sh = t if rung.shin_angle is None else rung.shin_angle
    ji = JOINT_INDEX
    root = axis_angle_to_matrix(heading_root_orient(yaw)) @ axis_angle_to_matrix(np.array([p, 0.0, 0.0]))
    pose[:3] = matrix_to_axis_angle(root)
    for name in ("spine1", "spine2", "spine3"):
        pose[3 * ji[name]] = s / 3
    for side, sign in (("left", 1.0), ("right", -1.0)):
        hip = axis_angle_to_matrix(np.array([-(p + t), 0.0, 0.0])) @ axis_angle_to_matrix(
            np.array([0.0, 0.0, sign * rung.abduction]))
        pose[3 * ji[f"{side}_hip"]: 3 * ji[f"{side}_hip"] + 3] = matrix_to_axis_angle(hip)
        pose[3 * ji[f"{side}_knee"]] = t + sh
    if rung.open_side:
        # Swing the reaching side's thigh outward about the vertical through the hip: the knee keeps its height, so
        # both soles stay on the floor.
        R0 = model.forward_kinematics(pose, tr)[0, :3, :3]
        hip = 3 * ji[f"{hand}_hip"]
        turn = axis_angle_to_matrix(np.array([0.0, 0.0, rung.open_side if hand == "left" else -rung.open_side]))
        pose[hip: hip + 3] = matrix_to_axis_angle(R0.T @ turn @ R0 @ axis_angle_to_matrix(pose[hip: hip + 3]))
    tf, tf_stand = model.forward_kinematics(pose, tr), model.forward_kinematics(stand, tr)
    # The arms hang ARM_FORWARD ahead of vertical (in front of the knees), as standing arms would.
    c, sn = np.cos(yaw), np.sin(yaw)
    tilt = axis_angle_to_matrix(np.array([-sn, c, 0.0]) * -ARM_FORWARD)
    for side in ("left", "right"):
        knee, ankle = ji[f"{side}_knee"], ji[f"{side}_ankle"]
        local = tf[knee, :3, :3].T @ tf_stand[ankle, :3, :3]
        pose[3 * ankle: 3 * ankle + 3] = matrix_to_axis_angle(local)
        collar, shoulder = ji[f"{side}_collar"], ji[f"{side}_shoulder"]
        pose[3 * collar: 3 * collar + 3] = 0.0
        spine_world = tf[model.parents[collar], :3, :3]
        local = (spine_world @ axis_angle_to_matrix(pose[3 * collar: 3 * collar + 3])).T @ tilt @ \
            tf_stand[shoulder, :3, :3]
        pose[3 * shoulder: 3 * shoulder + 3] = matrix_to_axis_angle(local)
    ankles = [ji["left_ankle"], ji["right_ankle"]]
    ref = tf_stand[ankles, :3, 3].mean(0)
    now = model.joints(pose, tr)[ankles].mean(0)
    return pose, tr + (ref - now)


def balanced_pelvis_pitch(model: BodyModel, rung: Posture, hand: str = "right") -> float:
    """Pelvis pitch [rad] in [-0.3, 1.4] putting the centre of mass ``rung.com_ahead`` ahead of the ankles for a
    squat-type rung (bisection; cached per model and rung).

    Raises:
        ValueError: unknown hand, a non-finite rung parameter, or no pitch in that range balances the rung.
    """
    _check_hand(hand)
    _check_posture(rung)
    key = f"balance_{rung}_{hand}"
    if key not in model._cache:
        ankles = [JOINT_INDEX["left_ankle"], JOINT_INDEX["right_ankle"]]

        def ahead(p: float) -> float:  # stance at the origin facing +x: "ahead" is +x
            J = model.joints(*_leg_flexion(model, (0.0, 0.0), 0.0, rung, p, 0.0, hand))
            return float(centre_of_mass(J)[0] - J[ankles, 0].mean() - rung.com_ahead)

        lo, hi = -0.3, 1.4
        a_lo, a_hi = ahead(lo), ahead(hi)
        if not (np.isfinite(a_lo) and np.isfinite(a_hi)) or a_lo > 0 or a_hi < 0:
            raise ValueError(f"posture {rung.name!r}: no pelvis pitch in [-0.3, 1.4] rad balances it")
        for _ in range(30):
            mid = 0.5 * (lo + hi)
            lo, hi = (mid, hi) if ahead(mid) < 0 else (lo, mid)
        model._cache[key] = 0.5 * (lo + hi)
    return model._cache[key]  # type: ignore[return-value]


def posture_pose(model: BodyModel, xy, yaw: float, posture: Posture, *, floor_z: float = 0.0, hand: str = "right"
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Pose (156,) and translation (3,) of ``posture`` at a stance, ankles where standing puts them.

    Pelvis pitch p, spine pitch s (split over three spine joints), thigh angle k: hips flex by p + k, knees by
    2k and ankles by k so the shins lean forward and the feet stay flat on the floor. Squat-type rungs
    (:data:`SQUATS`) flex hips by p + thigh, knees by thigh + shin, set the ankles so the soles stay flat, and take
    p from :func:`balanced_pelvis_pitch`.

    Raises:
        ValueError: unknown hand, non-finite or wrongly shaped ``xy``, non-finite ``yaw``/``floor_z`` or posture
            parameters.
    """
    _check_hand(hand)
    _check_posture(posture)
    yaw = _check_real("yaw", yaw)
    floor_z = _check_real("floor_z", floor_z)
    if posture.balanced or posture.shin_angle is not None or posture.abduction or posture.open_side:
        p = balanced_pelvis_pitch(model, posture, hand) if posture.balanced else posture.pelvis_pitch
        return _leg_flexion(model, xy, yaw, posture, p, floor_z, hand)
    pose, tr = standing_pose(model, xy, yaw, floor_z=floor_z)
    if posture.pelvis_pitch == posture.spine_pitch == posture.thigh_angle == 0.0:
        return pose, tr
    p, s, k = posture.pelvis_pitch, posture.spine_pitch, posture.thigh_angle
    ji = JOINT_INDEX
    root = axis_angle_to_matrix(heading_root_orient(yaw)) @ axis_angle_to_matrix(np.array([p, 0.0, 0.0]))
    pose[:3] = matrix_to_axis_angle(root)
    for name in ("spine1", "spine2", "spine3"):
        pose[3 * ji[name]] = s / 3
    for side in ("left", "right"):
        pose[3 * ji[f"{side}_hip"]] = -(p + k)
        pose[3 * ji[f"{side}_knee"]] = 2 * k
        pose[3 * ji[f"{side}_ankle"]] = -k
    # Keep the arms hanging: undo the trunk pitch at the collars.
    for side in ("left", "right"):
        pose[3 * ji[f"{side}_collar"]] = -(p + s) * 0.5
    ankles = [ji["left_ankle"], ji["right_ankle"]]
    ref = model.joints(*standing_pose(model, xy, yaw, floor_z=floor_z))[ankles].mean(0)
    now = model.joints(pose, tr)[ankles].mean(0)
    return pose, tr + (ref - now)


@dataclass
class ArmSpec:
    """The CCD chain of one arm: joint indices, hinge axis, and the palm-centre effector in the wrist frame."""

    hand: str
    chain: np.ndarray
    elbow_axis: np.ndarray
    effector: np.ndarray
    length: float

    @classmethod
    def of(cls, model: BodyModel, hand: str) -> "ArmSpec":
        """The cached chain of ``hand`` ("left" or "right"); ValueError for any other hand."""
        _check_hand(hand)
        key = f"arm_{hand}"
        if key not in model._cache:
            ji, J = JOINT_INDEX, model.rest_joints
            chain = np.array([ji[f"{hand}_{n}"] for n in ("collar", "shoulder", "elbow", "wrist")], np.int32)
            # Flexion brings the forearm forward (+z in the model frame): about -y for the left arm, +y for the right.
            axis = np.array([0.0, -1.0, 0.0]) if hand == "left" else np.array([0.0, 1.0, 0.0])
            effector = 0.55 * (J[ji[f"{hand}_middle1"]] - J[ji[f"{hand}_wrist"]]) + np.array([0.0, -0.012, 0.0])
            length = (np.linalg.norm(J[chain[2]] - J[chain[1]]) + np.linalg.norm(J[chain[3]] - J[chain[2]])
                      + np.linalg.norm(effector))
            model._cache[key] = cls(hand, chain, axis, effector, float(length))
        return model._cache[key]  # type: ignore[return-value]


def _check_ccd(max_iterations, tolerance) -> tuple[int, float]:
    if isinstance(max_iterations, bool):
        raise ValueError(f"max_iterations: expected an integer, got {max_iterations!r}")
    try:
        max_iterations = operator.index(max_iterations)
    except TypeError:
        raise ValueError(f"max_iterations: expected an integer, got {max_iterations!r}") from None
    if not 0 <= max_iterations <= CCD_MAX_ITERATIONS:
        raise ValueError(f"max_iterations: expected an integer in [0, {CCD_MAX_ITERATIONS}], got {max_iterations}")
    return max_iterations, _check_real("tolerance", tolerance)


def solve_arm(model: BodyModel, pose, translation, target, *, hand: str = "right",
              max_iterations: int = CCD_ITERATIONS, tolerance: float = CCD_TOLERANCE) -> tuple[np.ndarray, float, int]:
    """CCD over collar, shoulder and elbow bringing the palm centre to ``target`` (3,) [m].

    Returns (pose (156,), error [m], iterations).

    Raises:
        ValueError: unknown hand; pose not (156,), translation or target not (3,), or any of them non-finite;
            ``max_iterations`` not an integer in [0, 10000]; ``tolerance`` not finite and > 0 [m].
    """
    arm = ArmSpec.of(model, hand)
    max_iterations, tolerance = _check_ccd(max_iterations, tolerance)

    return _core.ccd_reach(model.skeleton, np.asarray(pose, np.float64), np.asarray(translation, np.float64),
                           np.asarray(target, np.float64), arm.chain, arm.elbow_axis, ELBOW_LIMITS[0],
                           ELBOW_LIMITS[1], COLLAR_RANGE, arm.effector, max_iterations, tolerance)


def palm_position(model: BodyModel, transforms: np.ndarray, hand: str) -> np.ndarray:
    """World palm centre [m] (the reach effector) from FK transforms (52, 4, 4).

    Raises:
        ValueError: unknown hand, or ``transforms`` not (52, 4, 4) with a finite wrist transform.
    """
    arm = ArmSpec.of(model, hand)
    transforms = np.asarray(transforms, dtype=np.float64)
    n = len(model.parents)
    if transforms.shape != (n, 4, 4):
        raise ValueError(f"transforms: expected ({n}, 4, 4) float64, got {transforms.shape}")
    if not np.all(np.isfinite(transforms[arm.chain[3]])):
        raise ValueError("transforms: the wrist transform is not finite")
    w = transforms[arm.chain[3]]
    return w[:3, :3] @ arm.effector + w[:3, 3]


def _unit(v: np.ndarray) -> np.ndarray:
    return v / np.linalg.norm(v)


@dataclass(frozen=True)
class WristSpec:
    """The hand's axes in the wrist frame (unit (3,) each): ``axis`` wrist -> middle-finger base, ``flex_axis``
    (a rotation about it by a positive angle turns the hand toward the palm), ``dev_axis`` (positive: toward the
    thumb, radial deviation). Flexion and deviation span the rotations perpendicular to the hand axis."""

    axis: np.ndarray
    flex_axis: np.ndarray
    dev_axis: np.ndarray

    @property
    def tables(self) -> tuple[np.ndarray, ...]:
        """(untwist (T, 3, 3), twist (T, 3, 3), flex_axis x axis, dev_axis x axis, transposed cross-product matrix
        of axis) for the twists in _TWISTS."""
        t = self.__dict__.get("_tables")
        if t is None:
            x, y, z = self.axis
            t = (np.array([_rodrigues(-tw * self.axis) for tw in _TWISTS]),
                 np.array([_rodrigues(tw * self.axis) for tw in _TWISTS]),
                 np.cross(self.flex_axis, self.axis), np.cross(self.dev_axis, self.axis),
                 np.array([[0.0, -z, y], [z, 0.0, -x], [-y, x, 0.0]]).T)
            object.__setattr__(self, "_tables", t)
        return t

    @classmethod
    def of(cls, model: BodyModel, hand: str) -> "WristSpec":
        """The cached axes of ``hand`` from the rest joints (the rest palm faces model -y, as the reach effector's
        palm offset assumes); ValueError for an unknown hand."""
        _check_hand(hand)
        key = f"wrist_{hand}"
        if key not in model._cache:
            J, ji = model.rest_joints, JOINT_INDEX
            wrist = J[ji[f"{hand}_wrist"]]
            a = _unit(J[ji[f"{hand}_middle1"]] - wrist)
            palm = _unit(np.array([0.0, -1.0, 0.0]) - a * -a[1])
            flex = _unit(np.cross(a, palm))  # rotating a about a x palm moves it toward the palm
            side = _unit(np.cross(palm, a))
            thumb = J[ji[f"{hand}_thumb1"]] - wrist
            radial = side if thumb @ side > 0 else -side
            model._cache[key] = cls(a, flex, _unit(np.cross(a, radial)))
        return model._cache[key]  # type: ignore[return-value]


def _rodrigues(v: np.ndarray) -> np.ndarray:
    """Rotation matrix (3, 3) of rotation vector ``v`` [rad] (one vector; cheaper than the batched converter)."""
    th = float(np.sqrt(v @ v))
    if th < 1e-12:
        return np.eye(3)
    x, y, z = v / th
    K = np.array([[0.0, -z, y], [z, 0.0, -x], [-y, x, 0.0]])
    return np.eye(3) + np.sin(th) * K + (1.0 - np.cos(th)) * (K @ K)


def _rotvec_between(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Rotation vector [rad] of the shortest arc taking unit ``u`` to unit ``v`` (perpendicular to ``u``)."""
    c = float(np.clip(u @ v, -1.0, 1.0))
    axis = np.cross(u, v)
    s = float(np.linalg.norm(axis))
    if s < 1e-12:
        if c > 0:
            return np.zeros(3)
        p = np.cross(u, [1.0, 0.0, 0.0] if abs(u[0]) < 0.9 else [0.0, 1.0, 0.0])
        return _unit(p) * np.pi
    return axis * (np.arctan2(s, c) / s)


def wrist_angles(model: BodyModel, pose, hand: str = "right") -> tuple[float, float, float]:
    """(flexion, radial deviation, twist) [rad] of ``hand``'s wrist in ``pose`` (156,), as :func:`solve_arm_oriented`
    sets it: the local rotation read as a twist about the neutral hand axis applied after a swing (flexion and
    deviation components) of that axis.

    Raises:
        ValueError: unknown hand, or ``pose`` not 156 finite values.
    """
    ws = WristSpec.of(model, hand)
    pose = np.asarray(pose, dtype=np.float64).reshape(-1)
    if pose.shape != (156,) or not np.all(np.isfinite(pose)):
        raise ValueError(f"pose: expected 156 finite values [rad], got {pose.shape}")
    j = JOINT_INDEX[f"{hand}_wrist"]
    L = axis_angle_to_matrix(pose[3 * j: 3 * j + 3])
    # L = T S with S a swing (axis perpendicular to a) and T a twist about a: L^T a = S^T a fixes S, then T = L S^T.
    sv = -_rotvec_between(ws.axis, L.T @ ws.axis)
    twist = matrix_to_axis_angle(L @ axis_angle_to_matrix(sv).T) @ ws.axis
    return float(sv @ ws.flex_axis), float(sv @ ws.dev_axis), float(twist)


_TWISTS = np.radians(np.arange(-80.0, 80.1, 5.0))  # candidate wrist twists [rad], within WRIST_TWIST


def _point_wrist(model: BodyModel, pose: np.ndarray, translation: np.ndarray, d: np.ndarray, arm: ArmSpec,
                 ws: WristSpec) -> tuple[np.ndarray, float]:
    """Sets the wrist (in place) to turn the hand axis from the forearm toward world ``d``: a twist about the hand
    axis (the forearm's pronation/supination, :data:`WRIST_TWIST`) then flexion and deviation, each clamped to its
    range; of the twists in 5 degree steps, the one leaving the smallest angle (then the smallest twist). Returns
    (world wrist transform (4, 4), hand-axis angle to ``d`` [rad])."""
    tf = model.forward_kinematics(pose, translation)
    R_fore = tf[arm.chain[2], :3, :3]
    a = ws.axis
    untwist, twist, fxa, dxa, cross_a = ws.tables
    ut = untwist @ (R_fore.T @ d)  # (T, 3): d in the forearm frame, turned back by each twist
    # the swing taking a to each: rotation vector cross(a, ut) * angle / sin, split into flexion and deviation
    axis = ut @ cross_a  # cross(a, ut)
    sin = np.sqrt(np.einsum("ij,ij->i", axis, axis))
    scale = np.arctan2(sin, ut @ a) / np.maximum(sin, 1e-12)
    flex = np.clip((axis @ ws.flex_axis) * scale, *WRIST_FLEXION)
    dev = np.clip((axis @ ws.dev_axis) * scale, *WRIST_DEVIATION)
    # hand axis after the clamped swing (Rodrigues; the swing axis is perpendicular to a)
    th = np.hypot(flex, dev)
    sinc = np.where(th > 1e-12, np.sin(th) / np.maximum(th, 1e-12), 1.0)
    ha = np.outer(np.cos(th), a) + (flex * sinc)[:, None] * fxa + (dev * sinc)[:, None] * dxa
    resid = np.arccos(np.clip(np.einsum("ij,ij->i", ha, ut), -1.0, 1.0))
    i = int(np.argmin(resid + 1e-3 * np.abs(_TWISTS)))
    local = twist[i] @ _rodrigues(flex[i] * ws.flex_axis + dev[i] * ws.dev_axis)
    j = arm.chain[3]
    pose[3 * j: 3 * j + 3] = matrix_to_axis_angle(local)
    w = tf[j].copy()
    w[:3, :3] = R_fore @ local
    return w, float(resid[i])


def solve_arm_oriented(model: BodyModel, pose, translation, target, direction, *, hand: str = "right",
                       max_iterations: int = CCD_ITERATIONS, tolerance: float = CCD_TOLERANCE
                       ) -> tuple[np.ndarray, float, float]:
    """Oriented reach: the palm centre to ``target`` (3,) [m] with the hand axis (wrist -> middle-finger base)
    along ``direction`` (3,) as far as the wrist's range (:data:`WRIST_FLEXION`, :data:`WRIST_DEVIATION`,
    :data:`WRIST_TWIST`) allows. Only the collar, shoulder, elbow and wrist entries of the pose change.

    Decoupled: with the hand rotation R chosen, the wrist goes to ``target - R @ effector`` (CCD over collar,
    shoulder and elbow with a zero effector, ``_core.ccd_reach``), then the wrist turns the hand from the forearm
    toward ``direction`` (clamped); the two alternate :data:`ORIENT_ROUNDS` times, and a last palm CCD (wrist
    fixed) closes any remaining palm error when the wrist was clamped.

    Returns (pose (156,), palm error [m], hand-axis angle to ``direction`` [rad]).

    Raises:
        ValueError: as :func:`solve_arm`; ``direction`` not 3 finite values or zero.
    """
    arm, ws = ArmSpec.of(model, hand), WristSpec.of(model, hand)
    if direction is None:
        raise ValueError("direction: expected a finite non-zero direction (3,), got None")
    d = _approach_direction(direction, None, None, name="direction")
    max_iterations, tolerance = _check_ccd(max_iterations, tolerance)
    pose = np.array(pose, np.float64).reshape(-1)
    if pose.shape != (156,) or not np.all(np.isfinite(pose)):
        raise ValueError(f"pose: expected 156 finite values [rad], got {pose.shape}")
    tr = np.asarray(translation, np.float64).reshape(-1)
    target = np.asarray(target, np.float64).reshape(-1)
    for name, v in (("translation", tr), ("target", target)):
        if v.shape != (3,) or not np.all(np.isfinite(v)):
            raise ValueError(f"{name}: expected 3 finite values [m], got {v.shape}")
    wrist, angle = _point_wrist(model, pose, tr, d, arm, ws)
    zero = np.zeros(3)
    err = np.inf
    for _ in range(ORIENT_ROUNDS):
        goal = target - wrist[:3, :3] @ arm.effector
        pose, _, _ = _core.ccd_reach(model.skeleton, pose, tr, goal, arm.chain, arm.elbow_axis, ELBOW_LIMITS[0],
                                     ELBOW_LIMITS[1], COLLAR_RANGE, zero, max_iterations, tolerance / 4)
        wrist, angle = _point_wrist(model, pose, tr, d, arm, ws)
        err = float(np.linalg.norm(wrist[:3, :3] @ arm.effector + wrist[:3, 3] - target))
        if err <= tolerance:
            break
    if err > tolerance:
        pose, err, _ = solve_arm(model, pose, tr, target, hand=hand, max_iterations=max_iterations,
                                 tolerance=tolerance)
        R = model.forward_kinematics(pose, tr)[arm.chain[3], :3, :3]
        angle = float(np.arccos(np.clip((R @ ws.axis) @ d, -1.0, 1.0)))
    return pose, float(err), float(angle)


@dataclass
class ReachPlan:
    """A collision-checked reach.

    Attributes:
        posture: the ladder rung used ("upright", "mild_lean", "forward_lean_<deg>", "leg_flexion", "squat",
            "deep_squat").
        frames: (pose (156,), translation (3,)) for pre-contact, contact and retreat.
        contact_pose: (156,) [rad]; contact_translation: (3,) [m].
        wrist_transform: world wrist transform at contact, (4, 4).
        start: (pose, translation) of the posture before the arm moves.
        error: palm-to-target distance at contact [m].
        pre_contact_offset: the approach offset used [m].
        oriented: True when the hand axis was aligned with ``orient`` (:func:`solve_arm_oriented`).
        hand_angle: angle [rad] between the hand axis and ``orient`` at contact (NaN for an unoriented plan).
    """

    posture: str
    frames: list[tuple[np.ndarray, np.ndarray]]
    contact_pose: np.ndarray
    contact_translation: np.ndarray
    wrist_transform: np.ndarray
    start: tuple[np.ndarray, np.ndarray]
    error: float
    pre_contact_offset: float
    hand: str = "right"
    samples_checked: int = 0
    notes: list[str] = field(default_factory=list)
    oriented: bool = False
    hand_angle: float = float("nan")


def _interpolate(a: np.ndarray, b: np.ndarray, n: int) -> list[np.ndarray]:
    return [a + (b - a) * (i / (n + 1)) for i in range(1, n + 1)]


def plan_reach(model: BodyModel, stance_xy, stance_yaw: float, target, scene: SceneCollider, *, hand: str = "right",
               allow_owners=(), held: HeldObject | None = None, floor_z: float = 0.0, approach=None,
               allow_radius: float = CONTACT_REGION_RADIUS, orient=None,
               orient_mode: str = "first") -> "ReachPlan | PrimitiveError":
    """Plan a reach of the palm centre to ``target`` from a stance (paper B.2.2).

    Args:
        model: the body.
        stance_xy: pelvis position on the floor [m], (2,); stance_yaw: heading [rad], 0 = +x.
        target: contact point [m], (3,).
        scene: the :class:`SceneCollider`.
        hand: "right" or "left".
        allow_owners: entity keys whose contacts are allowed (the target's owner, the grasped object).
        held: the held object, checked along the whole trajectory.
        floor_z: floor height [m].
        approach: approach direction (3,) toward the target; default: horizontal, from the shoulder.
        allow_radius: radius of the allowed contact region around the target [m] (0.22 m, B.1.2).
        orient: direction (3,) the hand moves in at contact and points along (into a fixture's front opening): an
            oriented reach (:func:`solve_arm_oriented`, pre-contact offset along ``orient``) is kept when the hand
            axis lies within :data:`ORIENT_TOLERANCE` of it.
        orient_mode: with ``orient``: "first" tries the oriented reach at each rung before the reach as without
            ``orient``; "last" runs the whole ladder without ``orient`` first and the oriented one only when that
            finds nothing (the plan found without ``orient`` stays as it was); "only" never falls back.
    Returns:
        :class:`ReachPlan`, or PrimitiveError OUT_OF_REACH (below the floor, or no posture/IK solution; with
        ``orient_mode="only"``, no posture lets the wrist point the hand along ``orient``) or TRAJECTORY_COLLISION (a
        solution exists but every approach collides; the message names the colliding pair and the depth).
    Raises:
        ValueError: malformed arguments (shapes, NaN/inf, unknown hand, negative allow_radius, zero approach or
            orient, an unknown ``orient_mode``).
    """
    target = np.asarray(target, dtype=np.float64).reshape(-1)
    if target.shape != (3,) or not np.all(np.isfinite(target)):
        raise ValueError(f"target: expected 3 finite values [m], got {np.asarray(target).shape}")
    arm = ArmSpec.of(model, hand)
    xy = np.asarray(stance_xy, dtype=np.float64).reshape(-1)
    if xy.shape != (2,) or not np.all(np.isfinite(xy)):
        raise ValueError(f"stance_xy: expected 2 finite values [m], got {np.asarray(stance_xy).shape}")
    stance_yaw = _check_real("stance_yaw", stance_yaw)
    floor_z = _check_real("floor_z", floor_z)
    allow_radius = _check_real("allow_radius", allow_radius, minimum=0.0)
    if approach is not None:
        _approach_direction(approach, target, target)  # validates once, before any rung is tried
    d_orient = None if orient is None else _approach_direction(orient, target, target, name="orient")
    if orient_mode not in ("first", "last", "only"):
        raise ValueError(f"orient_mode: expected 'first', 'last' or 'only', got {orient_mode!r}")
    if d_orient is None:
        passes = [(False, True)]
    else:
        passes = {"first": [(True, True)], "last": [(False, True), (True, False)], "only": [(True, False)]}[orient_mode]
    if target[2] < floor_z:
        return PrimitiveError(ErrorCode.OUT_OF_REACH, f"The target is {floor_z - target[2]:.2f} m below the floor.",
                              {"below_floor_m": float(floor_z - target[2])})
    region = (target, float(allow_radius))
    closest_gap = np.inf
    best_angle = np.inf
    collisions: list[str] = []
    for (oriented, plain), rung in ((p, r) for p in passes for r in posture_ladder()):
        pose0, tr0 = posture_pose(model, stance_xy, stance_yaw, rung, floor_z=floor_z, hand=hand)
        tf0 = model.forward_kinematics(pose0, tr0)
        collar = tf0[arm.chain[0], :3, 3]
        shoulder_reach = np.linalg.norm(tf0[arm.chain[1], :3, 3] - collar) + arm.length
        gap = np.linalg.norm(target - collar) - shoulder_reach
        closest_gap = min(closest_gap, gap)
        if gap > 0:  # the arm-length bound prunes this rung
            continue
        def tries():  # (solver, contact pose, palm error, approach, hand angle or None), oriented first
            nonlocal best_angle
            if oriented:
                def solve(p, goal, d=d_orient):
                    return solve_arm_oriented(model, p, tr0, goal, d, hand=hand)
                contact, err, angle = solve(pose0, target)
                if err <= CCD_TOLERANCE:
                    best_angle = min(best_angle, angle)
                    if angle <= ORIENT_TOLERANCE:
                        yield solve, contact, err, d_orient, angle
            if plain:
                def solve(p, goal):
                    return solve_arm(model, p, tr0, goal, hand=hand)
                contact, err, _ = solve(pose0, target)
                if err <= CCD_TOLERANCE:
                    yield solve, contact, err, _approach_direction(approach, target, tf0[arm.chain[1], :3, 3]), None

        for solve, contact, err, d, angle in tries():
            for offset in PRE_CONTACT_OFFSETS:
                pre = solve(contact, target - d * offset)[0]
                retreat = solve(pre, target - d * offset + [0, 0, RETREAT_LIFT])[0]
                # Samples: start -> pre-contact (interpolated), pre-contact -> contact (IK along the line), retreat.
                samples = [pre] + _interpolate(pose0, pre, 3) + [contact, retreat]
                for frac in (0.25, 0.5, 0.75):
                    samples.append(solve(contact, target - d * offset * frac)[0])
                reports = check_poses(model, np.array(samples), np.tile(tr0, (len(samples), 1)), scene,
                                      allow_owners=allow_owners, allow_region=region, held=held,
                                      tolerance=MANIPULATION_TOLERANCE)
                bad = [r for r in reports if not r.ok]
                if not bad:
                    # Gaze at the target so the hand stays in the egocentric view (head and neck only).
                    pre, contact, retreat = (look_at(model, p, tr0, target) for p in (pre, contact, retreat))
                    wrist = model.forward_kinematics(contact, tr0)[arm.chain[3]]
                    return ReachPlan(rung.name, [(pre, tr0.copy()), (contact, tr0.copy()), (retreat, tr0.copy())],
                                     contact, tr0.copy(), wrist, (pose0, tr0.copy()), float(err), offset, hand,
                                     len(samples), oriented=angle is not None,
                                     hand_angle=float("nan") if angle is None else float(angle))
                worst = max(bad, key=lambda r: r.depth)
                collisions.append(f"{rung.name}{' (oriented)' if angle is not None else ''}: {worst.describe()}")
    if collisions:
        return PrimitiveError(ErrorCode.TRAJECTORY_COLLISION,
                              f"The target can be reached but every approach collides ({collisions[0]}).",
                              {"collisions": collisions})
    if orient_mode == "only" and np.isfinite(best_angle):
        return PrimitiveError(
            ErrorCode.OUT_OF_REACH, f"The hand cannot point along the approach: the wrist's range leaves it "
            f"{np.degrees(best_angle):.0f} deg off (at most {np.degrees(ORIENT_TOLERANCE):.0f}) in every posture.",
            {"hand_angle_deg": float(np.degrees(best_angle))})
    return PrimitiveError(ErrorCode.OUT_OF_REACH,
                          f"The target is {max(closest_gap, 0.0):.2f} m beyond arm's length from this stance in "
                          "every posture; move closer.", {"gap_m": float(closest_gap)})


def _approach_direction(approach, target, shoulder, name: str = "approach") -> np.ndarray:
    if approach is not None:
        try:
            d = np.asarray(approach, dtype=np.float64).reshape(-1)
        except (TypeError, ValueError):
            raise ValueError(f"{name}: expected a finite non-zero direction (3,)") from None
        if d.shape != (3,) or not np.all(np.isfinite(d)) or np.linalg.norm(d) < 1e-9:
            raise ValueError(f"{name}: expected a finite non-zero direction (3,)")
        return d / np.linalg.norm(d)
    d = target - shoulder
    d[2] = 0.0
    n = np.linalg.norm(d)
    return d / n if n > 1e-6 else np.array([0.0, 0.0, -1.0])
