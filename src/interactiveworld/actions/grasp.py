"""Grasping: the grasp family from geometry, a cached object-local voxel SDF, and finger wrapping.

Paper appendix B.2.2 ("Contact and grasp selection", "Hand adaptation"); numbers in DESIGN.md "Grasp family":
pinch for small or flat objects, cylindrical when height > 1.15 x the cross-section diameter, round otherwise;
fingers curl in 6 degree steps until a contact within a 6 mm band with <= 4 mm penetration; accepted at >= 4 of
5 fingers, else wrist perturbations yaw 0, +-10, +-20 degrees x roll 0, +-15 degrees. On success the object
transform in the wrist frame is stored, ``object_in_wrist = inv(world_T_wrist) @ world_T_object`` (eq. 3), and
the object follows the wrist rigidly. World z-up, metres, radians; object meshes are z-up in their own frame.
"""
from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np
import trimesh

from .. import _core
from ..body.collider import HeldObject, SceneCollider, check_pose
from ..body.model import BodyModel, axis_angle_to_matrix, matrix_to_axis_angle
from ..body.skeleton import FINGERS, JOINT_INDEX
from ..errors import ErrorCode, PrimitiveError
from .reach import ArmSpec, solve_arm

CYLINDER_RATIO = 1.15            # height / cross-section diameter above which a grasp is cylindrical
FLAT_RATIO = 0.35                # height / diameter below which an object is flat (pinch)
SMALL_SIZE = 0.035               # largest extent [m] below which an object is small (pinch)
CURL_STEP = np.radians(6.0)      # finger curl increment
CONTACT_BAND = 0.006             # [m]
MAX_PENETRATION = 0.004          # [m]
MIN_FINGERS = 4
WRIST_YAWS_DEG = (0.0, 10.0, -10.0, 20.0, -20.0)
WRIST_ROLLS_DEG = (0.0, 15.0, -15.0)
PALM_GAP = 0.02                  # palm centre to object surface [m] (palm half-thickness plus clearance)
FINGER_RADII = np.array([0.0085, 0.0085, 0.0080, 0.0082, 0.0100])  # index, middle, pinky, ring, thumb [m]


def grasp_family(extents) -> str:
    """Grasp family of an object from its bounding-box extents (x, y, z) [m] in its z-up frame.

    "pinch" for small (largest extent < 3.5 cm) or flat (height < 0.35 x diameter) objects; "cylindrical"
    when height > 1.15 x the cross-section diameter (paper B.2.2); "round" otherwise.
    Raises ValueError for anything but three positive finite extents.
    """
    e = np.asarray(extents, dtype=np.float64).reshape(-1)
    if e.shape != (3,) or not np.all(np.isfinite(e)) or np.any(e <= 0):
        raise ValueError(f"extents: expected three positive sizes [m], got {extents!r}")
    diameter, height = max(e[0], e[1]), e[2]
    if e.max() < SMALL_SIZE or height < FLAT_RATIO * diameter:
        return "pinch"
    if height > CYLINDER_RATIO * diameter:
        return "cylindrical"
    return "round"


HULL_SNAP_DECIMALS = (6, 5, 4)
"""Decimal places [m] (1 um, 10 um, 0.1 mm) to which points are snapped, in turn, when Qhull's hull of the raw
points is not closed: dressed meshes carry bevel vertices a fraction of a micrometre apart, and trimesh's merge of
such near-duplicates after Qhull leaves edges shared by four or six faces."""


def closed_hull(points) -> trimesh.Trimesh:
    """The convex hull of ``points`` (N, 3) [m] as a closed surface (watertight, consistently wound).

    The hull of the raw points is used when it is closed; otherwise the points are snapped to
    :data:`HULL_SNAP_DECIMALS` in turn (moving each by at most half a snap step).
    Raises ValueError for anything but N >= 4 finite points in 3-D, or when no snap gives a closed hull (flat or
    degenerate point sets).
    """
    p = np.asarray(points, dtype=np.float64)
    if p.ndim != 2 or p.shape[1] != 3 or len(p) < 4 or not np.all(np.isfinite(p)):
        raise ValueError(f"points: expected (N >= 4, 3) finite coordinates [m], got shape {p.shape}")
    for decimals in (None, *HULL_SNAP_DECIMALS):
        try:
            hull = trimesh.convex.convex_hull(p if decimals is None else np.round(p, decimals))
        except Exception:  # Qhull refuses a flat or degenerate set; a coarser snap will not help either
            break
        if hull.is_watertight and hull.is_winding_consistent and hull.volume > 0:
            return hull
    raise ValueError("points: their convex hull is not a closed surface (flat or degenerate point set)")


def closed_surface(mesh: trimesh.Trimesh) -> trimesh.Trimesh:
    """A closed surface for ``mesh``, as a signed distance field needs one.

    The mesh itself when it is watertight; else its vertices welded (``trimesh.Trimesh(vertices, faces)`` with
    ``process=True`` merges duplicates: dressed meshes split vertices at UV seams) when that is watertight, with
    several closed bodies allowed; else :func:`closed_hull` of its vertices.
    Raises ValueError for an empty mesh or one whose hull is not closed.
    """
    if not isinstance(mesh, trimesh.Trimesh) or len(mesh.faces) == 0:
        raise ValueError("mesh: expected a non-empty trimesh.Trimesh")
    if mesh.is_watertight and mesh.is_winding_consistent:
        return mesh
    welded = trimesh.Trimesh(np.asarray(mesh.vertices), np.asarray(mesh.faces), process=True)
    if welded.is_watertight and welded.is_winding_consistent and welded.volume > 0:
        return welded
    return closed_hull(mesh.vertices)


_SDF_CACHE: "OrderedDict[str, object]" = OrderedDict()
_SDF_CACHE_SIZE = 64


def object_sdf(mesh: trimesh.Trimesh, *, voxel: float | None = None):
    """Padded voxel SDF of ``mesh`` in its own (object-local) frame, built once per mesh and cached.

    The voxel defaults to 1/48 of the largest extent, clamped to 2-8 mm; the padding (3 cm) covers the finger
    band around the surface. A mesh that is not watertight (UV seams, several bodies) is replaced by
    :func:`closed_surface` first. Raises ValueError when no closed surface can be made of it.
    """
    v = np.ascontiguousarray(mesh.vertices, dtype=np.float64)
    f = np.ascontiguousarray(mesh.faces, dtype=np.int32)
    size = float(np.ptp(v, axis=0).max()) if len(v) else 0.0
    vox = float(np.clip(size / 48.0, 0.002, 0.008)) if voxel is None else float(voxel)
    key = hashlib.sha1(v.tobytes() + f.tobytes() + np.float64(vox).tobytes()).hexdigest()
    if key in _SDF_CACHE:
        _SDF_CACHE.move_to_end(key)
        return _SDF_CACHE[key]
    closed = closed_surface(mesh)
    if closed is not mesh:
        v = np.ascontiguousarray(closed.vertices, dtype=np.float64)
        f = np.ascontiguousarray(closed.faces, dtype=np.int32)
    sdf = _core.VoxelSDF.build(_core.MeshDistance(v, f, require_watertight=True), vox, 0.03)
    _SDF_CACHE[key] = sdf
    if len(_SDF_CACHE) > _SDF_CACHE_SIZE:
        _SDF_CACHE.popitem(last=False)
    return sdf


@dataclass
class HandModel:
    """Finger chains of one hand: joints (5, 3), flexion axes (5, 3) in the joint frames, tips (5, 3) in the
    distal joint frames [m], radii (5,) [m]."""

    hand: str
    wrist: int
    joints: np.ndarray
    axes: np.ndarray
    tips: np.ndarray
    radii: np.ndarray

    @classmethod
    def of(cls, model: BodyModel, hand: str) -> "HandModel":
        key = f"hand_{hand}"
        if key not in model._cache:
            if hand not in ("left", "right"):
                raise ValueError(f"hand must be 'left' or 'right', got {hand!r}")
            J = model.rest_joints
            joints = np.array([[JOINT_INDEX[f"{hand}_{f}{k}"] for k in (1, 2, 3)] for f in FINGERS], np.int32)
            palm_down = np.array([0.0, -1.0, 0.0])  # the palm faces -y in the T-pose (model frame)
            axes, tips = [], []
            for (j1, j2, j3), finger in zip(joints, FINGERS):
                bone = J[j2] - J[j1]
                a = np.cross(bone / np.linalg.norm(bone), palm_down)  # curls the bone toward the palm
                axes.append(a / np.linalg.norm(a))
                tips.append(model.fingertips[f"{hand}_{finger}"] - J[j3])
            model._cache[key] = cls(hand, JOINT_INDEX[f"{hand}_wrist"], joints, np.array(axes), np.array(tips),
                                    FINGER_RADII.copy())
        return model._cache[key]  # type: ignore[return-value]

    def native_args(self):
        return (self.wrist, self.joints, self.axes, self.tips, self.radii)


@dataclass
class GraspResult:
    """A wrapped grasp.

    Attributes:
        family: "pinch" | "cylindrical" | "round".
        pose: (156,) [rad], arm placed and fingers curled; translation: (3,) [m] (unchanged root).
        contacts: number of fingers in valid contact (>= 4).
        object_in_wrist: (4, 4) object transform in the wrist frame (eq. 3).
        wrist_transform: world wrist transform (4, 4) at the grasp.
        wrist_perturbation: (yaw, roll) [deg] of the accepted wrist candidate.
        finger_angles: curl per finger (5,) [rad]; finger_contact: (5,) bool; finger_clearance: (5,) [m].
    """

    family: str
    pose: np.ndarray
    translation: np.ndarray
    contacts: int
    object_in_wrist: np.ndarray
    wrist_transform: np.ndarray
    wrist_perturbation: tuple[float, float]
    finger_angles: np.ndarray
    finger_contact: np.ndarray
    finger_clearance: np.ndarray
    hand: str = "right"

    def held(self, key: str, object_mesh: trimesh.Trimesh) -> HeldObject:
        """The grasped object as a :class:`HeldObject` riding this wrist (for pose checks while carrying)."""
        return HeldObject.from_mesh(key, self.hand, object_mesh, self.object_in_wrist)


def _rot(axis, deg: float) -> np.ndarray:
    return axis_angle_to_matrix(np.asarray(axis, float) * np.radians(deg))


def hand_frame(family: str, hand: str, approach: np.ndarray) -> np.ndarray:
    """World rotation (3, 3) of the wrist frame for a family, given the horizontal approach direction (3,).

    Wrist-frame axes in the T-pose: fingers along +x (left) / -x (right), palm normal -y, thumb +z.
    Cylindrical: side grasp, palm facing the approach, fingers horizontal, thumb up. Round and pinch: top grasp,
    palm down, fingers pointing along the approach.
    """
    up = np.array([0.0, 0.0, 1.0])
    d = approach / np.linalg.norm(approach)
    s = 1.0 if hand == "left" else -1.0  # sign of the finger axis in the wrist frame
    if family == "cylindrical":
        fingers = np.cross(up, d) if hand == "left" else np.cross(d, up)
        x, y = s * fingers, -d
    else:
        x, y = s * d, up
    z = np.cross(x, y)
    return np.stack([x, y, z], axis=1)


def plan_grasp(model: BodyModel, pose, translation, object_mesh: trimesh.Trimesh, object_pose, *,
               hand: str = "right", scene: SceneCollider | None = None, allow_owners=(),
               object_key: str | None = None) -> "GraspResult | PrimitiveError":
    """Place the hand on an object and wrap the fingers (paper B.2.2, "Hand adaptation").

    Args:
        model: the body; pose (156,) [rad] and translation (3,) [m]: the body at the stance/posture of the reach.
        object_mesh: mesh in the object's own z-up frame [m]; its SDF is built from :func:`closed_surface`.
        object_pose: world-from-object transform (4, 4).
        hand: "right" or "left".
        scene: when given, the final body pose is checked against it (the object's own key ``object_key`` and
            ``allow_owners`` allowed, 2 mm tolerance); a colliding candidate is skipped.
    Returns:
        :class:`GraspResult`, or PrimitiveError GRASP_FAILED (fewer than 4 fingers touch for every wrist
        candidate) / OUT_OF_REACH (the arm cannot place the palm) / TRAJECTORY_COLLISION (every wrapping
        candidate collides with the scene).
    Raises:
        ValueError: bad shapes, NaN, a mesh of which no closed surface can be made, an unknown hand.
    """
    pose = np.asarray(pose, dtype=np.float64)
    translation = np.asarray(translation, dtype=np.float64)
    T_obj = np.asarray(object_pose, dtype=np.float64)
    if T_obj.shape != (4, 4) or not np.all(np.isfinite(T_obj)):
        raise ValueError(f"object_pose: expected a finite (4, 4) transform, got {T_obj.shape}")
    if not isinstance(object_mesh, trimesh.Trimesh) or len(object_mesh.faces) == 0:
        raise ValueError("object_mesh: expected a non-empty trimesh.Trimesh")
    hm = HandModel.of(model, hand)
    arm = ArmSpec.of(model, hand)
    tf = model.forward_kinematics(pose, translation)  # validates pose/translation
    lo, hi = object_mesh.bounds
    family = grasp_family(hi - lo)
    sdf = object_sdf(object_mesh)
    obj_from_world = np.linalg.inv(T_obj)

    centre_local = (lo + hi) / 2
    centre = T_obj[:3, :3] @ centre_local + T_obj[:3, 3]
    shoulder = tf[arm.chain[1], :3, 3]
    d = centre - shoulder
    d[2] = 0.0
    d = d / np.linalg.norm(d) if np.linalg.norm(d) > 1e-6 else np.array([1.0, 0.0, 0.0])
    palm = _palm_target(family, sdf, T_obj, obj_from_world, centre, d, hi[2] - centre_local[2])
    R0 = hand_frame(family, hand, d)

    allowed = tuple(allow_owners) + ((object_key,) if object_key else ())
    best_count, reason = 0, ""
    # Nominal wrist first, then the perturbations (B.2.2); the first candidate with >= 4 contacts that the arm
    # can place (and, with a scene, that is collision-free) is taken.
    for yaw in WRIST_YAWS_DEG:
        for roll in WRIST_ROLLS_DEG:
            R = R0 @ _rot([0, 1, 0], yaw) @ _rot([1, 0, 0], roll)
            W = np.eye(4)
            W[:3, :3] = R
            W[:3, 3] = palm - R @ arm.effector
            angles, contact, clearance = _core.curl_fingers(
                model.skeleton, pose, W, *hm.native_args(), sdf, obj_from_world, step=CURL_STEP,
                band=CONTACT_BAND, max_penetration=MAX_PENETRATION)
            count = int(contact.sum())
            best_count = max(best_count, count)
            if count < MIN_FINGERS:
                continue
            out, err = _place_wrist(model, pose, translation, W, hand)
            if err > 0.01:
                reason = reason or (f"The hand cannot be placed on the object from here ({err * 100:.0f} cm short); "
                                    "move closer.")
                continue
            for f, (joints, axis) in enumerate(zip(hm.joints, hm.axes)):
                for j in joints:
                    local = axis_angle_to_matrix(out[3 * j: 3 * j + 3]) @ axis_angle_to_matrix(axis * angles[f])
                    out[3 * j: 3 * j + 3] = matrix_to_axis_angle(local)
            if scene is not None:
                rep = check_pose(model, out, translation, scene, allow_owners=allowed, tolerance=0.002)
                if not rep.ok:
                    reason = f"Every way of wrapping the hand collides ({rep.describe()})."
                    continue
            wrist = model.forward_kinematics(out, translation)[hm.wrist]
            return GraspResult(family, out, translation.copy(), count, np.linalg.inv(wrist) @ T_obj, wrist,
                               (yaw, roll), angles, contact, clearance, hand)
    if best_count < MIN_FINGERS:
        return PrimitiveError(ErrorCode.GRASP_FAILED,
                              f"Only {best_count} of 5 fingers reach the object's surface for any wrist angle; "
                              "try another approach or a different object.",
                              {"contacts": best_count, "family": family})
    code = ErrorCode.TRAJECTORY_COLLISION if reason.startswith("Every") else ErrorCode.OUT_OF_REACH
    return PrimitiveError(code, reason, {"family": family})


def _palm_target(family, sdf, T_obj, obj_from_world, centre, d, half_height) -> np.ndarray:
    """World palm-centre target [m] for a family (surface found by marching the object SDF)."""
    up = np.array([0.0, 0.0, 1.0])

    def surface_along(origin, direction, start):
        # March from outside toward `origin` until the surface; returns the first point with sdf <= 0.
        ts = np.linspace(start, 0.0, 400)
        pts = origin[None] + ts[:, None] * direction[None]
        vals = sdf.query(pts @ obj_from_world[:3, :3].T + obj_from_world[:3, 3])
        inside = np.flatnonzero(vals <= 0)
        return pts[inside[0]] if len(inside) else origin

    if family == "cylindrical":
        return surface_along(centre, -d, 0.5) - d * PALM_GAP
    top = surface_along(centre, up, 0.5)
    if family == "round":
        return top + up * PALM_GAP
    rim = surface_along(top - up * 0.004, -d, 0.5)  # just under the top face, toward the body
    return rim + up * (PALM_GAP + 0.004) - d * 0.05


def _place_wrist(model: BodyModel, pose, translation, W: np.ndarray, hand: str) -> tuple[np.ndarray, float]:
    """Arm IK for a full wrist transform: alternate setting the wrist rotation and CCD on the palm position."""
    arm = ArmSpec.of(model, hand)
    wj, ej = arm.chain[3], arm.chain[2]
    palm = W[:3, :3] @ arm.effector + W[:3, 3]
    out = np.array(pose, dtype=np.float64)
    for _ in range(4):
        elbow = model.forward_kinematics(out, translation)[ej]
        out[3 * wj: 3 * wj + 3] = matrix_to_axis_angle(elbow[:3, :3].T @ W[:3, :3])
        out, _, _ = solve_arm(model, out, translation, palm, hand=hand)
    elbow = model.forward_kinematics(out, translation)[ej]
    out[3 * wj: 3 * wj + 3] = matrix_to_axis_angle(elbow[:3, :3].T @ W[:3, :3])
    wrist = model.forward_kinematics(out, translation)[wj]
    return out, float(np.linalg.norm(wrist[:3, 3] - W[:3, 3]))
