"""The SMPL+H-shaped body: forward kinematics, linear blend skinning and the render mesh.

Paper appendix B.1.1. A pose is a 156-D axis-angle vector [rad] (root 3, body 63, left hand 45, right hand 45);
the root translation [m] is separate. World = ``Y_UP_TO_Z_UP @ x_model(pose) + translation`` (z-up, metres).
The numeric work runs in the native core (``interactiveworld._core.Skeleton``).
"""
from __future__ import annotations

import hashlib
import math
import os
from dataclasses import dataclass, field

import numpy as np
import scipy.sparse as sp
from scipy.spatial.transform import Rotation

from .. import _core
from ..world.geometry import VisualMesh
from .builtin_mesh import GROUP_NAMES, build_builtin_mesh
from .skeleton import (BUILTIN_REST_JOINTS, FINGERS, JOINT_COUNT, JOINT_INDEX, JOINT_NAMES, PARENTS, POSE_SIZE,
                       Y_UP_TO_Z_UP)
from .support_mesh import build_support_mesh


_EYE3 = np.eye(3)
_EYE3.flags.writeable = False


def axis_angle_to_matrix(aa: np.ndarray) -> np.ndarray:
    """Rodrigues' formula for axis-angle vectors (..., 3) [rad] -> rotation matrices (..., 3, 3).

    One vector (3,) takes a shorter path with the same arithmetic (bit-identical to the batched one): gait and
    reach convert single joints thousands of times per walk."""
    aa = np.asarray(aa, dtype=np.float64)
    if aa.shape == (3,):
        a0, a1, a2 = aa.tolist()
        theta = math.sqrt(a0 * a0 + a1 * a1 + a2 * a2)  # IEEE square root: np.linalg.norm's value
        d = theta if theta > 1e-12 else 1e-12
        k0, k1, k2 = a0 / d, a1 / d, a2 / d
        K = np.array([[0.0, -k2, k1], [k2, 0.0, -k0], [-k1, k0, 0.0]])
        return _EYE3 + np.sin(theta) * K + (1 - np.cos(theta)) * (K @ K)
    theta = np.linalg.norm(aa, axis=-1, keepdims=True)
    k = aa / np.maximum(theta, 1e-12)
    K = np.zeros(aa.shape[:-1] + (3, 3))
    K[..., 0, 1], K[..., 0, 2], K[..., 1, 2] = -k[..., 2], k[..., 1], -k[..., 0]
    K = K - np.swapaxes(K, -1, -2)
    s, c = np.sin(theta)[..., None], np.cos(theta)[..., None]
    return np.eye(3) + s * K + (1 - c) * (K @ K)


def matrix_to_axis_angle(R: np.ndarray) -> np.ndarray:
    """Inverse of :func:`axis_angle_to_matrix` for (..., 3, 3) rotations (angle in [0, pi]).

    Near a half turn the skew part vanishes, so the axis is taken from the symmetric part there
    (``R + I = 2 k k^T`` at exactly pi).
    """
    R = np.asarray(R, dtype=np.float64)
    if R.shape == (3, 3):  # one matrix: the same arithmetic on Python floats (bit-identical to the batched path)
        (r00, r01, r02), (r10, r11, r12), (r20, r21, r22) = R.tolist()
        c = (r00 + r11 + r22 - 1) / 2
        if not c < -0.999:  # away from a half turn (or NaN, as in the batched path); near one: the general path
            c = min(c, 1.0)
            theta = float(np.arccos(c))  # numpy's arccos, which may differ from math.acos in the last bit
            s = float(np.sin(theta))
            scale = theta / max(2 * s, 1e-300) if s > 1e-9 else 0.5
            return np.array([(r21 - r12) * scale, (r02 - r20) * scale, (r10 - r01) * scale])
    cos = np.clip((np.trace(R, axis1=-2, axis2=-1) - 1) / 2, -1.0, 1.0)
    theta = np.arccos(cos)
    w = np.stack([R[..., 2, 1] - R[..., 1, 2], R[..., 0, 2] - R[..., 2, 0], R[..., 1, 0] - R[..., 0, 1]], -1)
    s = np.sin(theta)
    scale = np.where(s > 1e-9, theta / np.maximum(2 * s, 1e-300), 0.5)
    out = w * scale[..., None]
    near_pi = cos < -0.999
    if np.any(near_pi):
        out[near_pi] = Rotation.from_matrix(R[near_pi].reshape(-1, 3, 3)).as_rotvec()
    return out


def as_pose_batch(pose, translation) -> tuple[np.ndarray, np.ndarray, bool]:
    """``pose`` (156,) or (B, 156) and ``translation`` (3,) or (B, 3) [m] as contiguous float64 batches (B, 156),
    (B, 3), and whether a single pose was given.

    Raises:
        ValueError: wrong shapes (the message names the expected ones) or non-finite values.
    """
    pose = np.asarray(pose, dtype=np.float64)
    translation = np.asarray(translation, dtype=np.float64)
    single = pose.ndim == 1
    if pose.shape[-1:] != (POSE_SIZE,) or pose.ndim not in (1, 2):
        raise ValueError(f"pose: expected ({POSE_SIZE},) or (B, {POSE_SIZE}) float64, got {pose.shape}")
    pose2 = pose.reshape(-1, POSE_SIZE)
    expected = (3,) if single else (pose2.shape[0], 3)
    if translation.shape != expected:
        raise ValueError(f"translation: expected {expected} float64, got {translation.shape}")
    if not np.all(np.isfinite(pose2)):
        raise ValueError("pose: contains NaN or infinite values")
    if not np.all(np.isfinite(translation)):
        raise ValueError("translation: contains NaN or infinite values")
    return np.ascontiguousarray(pose2), np.ascontiguousarray(translation.reshape(-1, 3)), single


@dataclass(eq=False)
class BodyModel:
    """A kinematic SMPL+H body with a skinned mesh.

    Attributes:
        joint_names: the 52 SMPL+H joint names.
        parents: parent index per joint, shape (52,), int32, -1 for the root.
        rest_joints: rest joint positions [m] in the y-up model frame, shape (52, 3), float64.
        rest_vertices: rest mesh vertices [m], model frame, shape (V, 3), float64.
        faces: mesh triangles, shape (F, 3), int32.
        weights: skinning weights, shape (V, 52), float64, rows sum to 1.
        posedirs: pose blend shapes, shape (459, 3V) float64 (SMPL+H files), or None.
        face_colors: default render colours, shape (F, 3), float32.
        face_groups: material group of each face, shape (F,) int32, indexing ``group_names`` (the built-in body:
            skin, shirt, trousers, shoes, hair); all zeros ("skin") for a model file.
        group_names: names of the material groups.
        support_vertices, support_weights: the support proxy (rest vertices (S, 3) [m], weights (S, 52)) whose
            lowest point stands on the floor (:meth:`skin_support`); None: the render mesh itself.
        fingertips: rest fingertip positions [m] by "<side>_<finger>", each (3,).
        eye_offset: eye position in the head joint frame [m], shape (3,).
        source: "builtin" or the model file path.
    """

    rest_joints: np.ndarray
    rest_vertices: np.ndarray
    faces: np.ndarray
    weights: np.ndarray
    face_colors: np.ndarray
    posedirs: np.ndarray | None = None
    face_groups: np.ndarray | None = None
    group_names: tuple[str, ...] = ("skin",)
    support_vertices: np.ndarray | None = None
    support_weights: np.ndarray | None = None
    eye_offset: np.ndarray = field(default_factory=lambda: np.array([0.0, 0.06, 0.095]))
    source: str = "builtin"
    joint_names: list[str] = field(default_factory=lambda: list(JOINT_NAMES))
    parents: np.ndarray = field(default_factory=lambda: PARENTS.copy())
    fingertips: dict[str, np.ndarray] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rest_joints = np.ascontiguousarray(self.rest_joints, dtype=np.float64)
        if self.rest_joints.shape != (JOINT_COUNT, 3):
            raise ValueError(f"rest_joints: expected ({JOINT_COUNT}, 3) float64, got {self.rest_joints.shape}")
        self.rest_vertices = np.ascontiguousarray(self.rest_vertices, dtype=np.float64)
        self.faces = np.ascontiguousarray(self.faces, dtype=np.int32)
        self.weights = np.ascontiguousarray(self.weights, dtype=np.float64)
        V = len(self.rest_vertices)
        if self.weights.shape != (V, JOINT_COUNT):
            raise ValueError(f"weights: expected ({V}, {JOINT_COUNT}) float64, got {self.weights.shape}")
        if self.posedirs is not None and self.posedirs.shape != (9 * (JOINT_COUNT - 1), 3 * V):
            raise ValueError(f"posedirs: expected ({9 * (JOINT_COUNT - 1)}, {3 * V}), got {self.posedirs.shape}")
        F = len(self.faces)
        if self.face_groups is None:
            self.face_groups = np.zeros(F, np.int32)
        self.face_groups = np.ascontiguousarray(self.face_groups, dtype=np.int32)
        self.group_names = tuple(self.group_names)
        if self.face_groups.shape != (F,) or (F and not 0 <= self.face_groups.min() <= self.face_groups.max()
                                               < len(self.group_names)):
            raise ValueError(f"face_groups: expected ({F},) int32 in [0, {len(self.group_names)}), got "
                             f"{self.face_groups.shape}")
        if (self.support_vertices is None) != (self.support_weights is None):
            raise ValueError("support_vertices and support_weights: give both or neither")
        if self.support_vertices is not None:
            self.support_vertices = np.ascontiguousarray(self.support_vertices, dtype=np.float64)
            self.support_weights = np.ascontiguousarray(self.support_weights, dtype=np.float64)
            S = len(self.support_vertices)
            if self.support_vertices.shape != (S, 3) or self.support_weights.shape != (S, JOINT_COUNT):
                raise ValueError(f"support mesh: expected (S, 3) vertices and (S, {JOINT_COUNT}) weights, got "
                                 f"{self.support_vertices.shape} and {self.support_weights.shape}")
        self.parents = np.asarray(self.parents, dtype=np.int32)
        if not self.fingertips:
            self.fingertips = _default_fingertips(self.rest_joints)
        self._skeleton = _core.Skeleton(self.parents, self.rest_joints, Y_UP_TO_Z_UP)
        self._skin_weights = _core.SkinWeights(self.weights)
        self._support_skin_weights = (None if self.support_weights is None
                                      else _core.SkinWeights(self.support_weights))
        self._vertex_faces: sp.csr_matrix | None = None  # (V, F) incidence, built on first use
        self._face_columns: np.ndarray | None = None
        self._cache: dict[str, object] = {}

    # ------------------------------------------------------------------ construction
    @classmethod
    def builtin(cls) -> "BodyModel":
        """The built-in body: SMPL+H names and hierarchy, adult proportions (1.70 m), a clothed skinned mesh.

        Needs no files. The render mesh (:mod:`interactiveworld.body.builtin_mesh`: 7.3 k vertices, hands
        with five three-segment fingers, material groups skin/shirt/trousers/shoes/hair) is for frames only;
        collision uses the capsule rig and floor contact the low-poly support proxy
        (:mod:`interactiveworld.body.support_mesh`).
        """
        tips = _default_fingertips(BUILTIN_REST_JOINTS)
        support, _, support_weights, _ = build_support_mesh(BUILTIN_REST_JOINTS, tips)
        # the shoes stand where the support proxy does
        mesh = build_builtin_mesh(BUILTIN_REST_JOINTS, tips, sole_y=float(support[:, 1].min()))
        return cls(rest_joints=BUILTIN_REST_JOINTS.copy(), rest_vertices=mesh.vertices, faces=mesh.faces,
                   weights=mesh.weights, face_colors=mesh.face_colors, face_groups=mesh.face_groups,
                   group_names=GROUP_NAMES, support_vertices=support, support_weights=support_weights,
                   fingertips=tips, source="builtin")

    @classmethod
    def from_smplh(cls, model_path, *, gender: str = "neutral", betas=None) -> "BodyModel":
        """Load SMPL+H model files through ``smplx`` (the optional ``body`` extra).

        Args:
            model_path: a folder holding ``SMPLH_<GENDER>.npz``/``.pkl`` or the file itself.
            gender: "neutral", "male" or "female".
            betas: shape coefficients, shape (K,) with K <= the file's shape basis, or None for zeros.
        Raises:
            ImportError: smplx/torch are not installed.
            FileNotFoundError: no model file at model_path.
            ValueError: the file's arrays have the wrong shapes.
        """
        try:
            import smplx
        except ImportError as exc:  # optional extra
            raise ImportError("BodyModel.from_smplh needs the 'body' extra (smplx and torch)") from exc
        path = os.fspath(model_path)
        if not os.path.exists(path):
            raise FileNotFoundError(f"no SMPL+H model at {path}")
        ext = "npz" if (os.path.isdir(path) or path.endswith(".npz")) else "pkl"
        if os.path.isdir(path) and not os.path.exists(os.path.join(path, f"SMPLH_{gender.upper()}.npz")):
            ext = "pkl"
        sm = smplx.SMPLH(model_path=path, gender=gender, use_pca=False, ext=ext, flat_hand_mean=True)
        parents = sm.parents.numpy().astype(np.int32)
        if len(parents) != JOINT_COUNT or not np.array_equal(parents, PARENTS):
            raise ValueError(f"{path}: kinematic tree is not SMPL+H's 52-joint tree")
        v = sm.v_template.detach().numpy().astype(np.float64)
        shapedirs = sm.shapedirs.detach().numpy().astype(np.float64)
        if betas is not None:
            betas = np.asarray(betas, dtype=np.float64).reshape(-1)
            if len(betas) > shapedirs.shape[-1] or not np.all(np.isfinite(betas)):
                raise ValueError(f"betas: expected at most {shapedirs.shape[-1]} finite values, got {betas.shape}")
            v = v + shapedirs[..., : len(betas)] @ betas
        J = sm.J_regressor.detach().numpy().astype(np.float64) @ v
        weights = sm.lbs_weights.detach().numpy().astype(np.float64)
        posedirs = sm.posedirs.detach().numpy().astype(np.float64)
        faces = np.asarray(sm.faces, dtype=np.int32)
        colors = np.tile(np.array([0.87, 0.68, 0.55], np.float32), (len(faces), 1))
        return cls(rest_joints=J, rest_vertices=v, faces=faces, weights=weights, face_colors=colors,
                   posedirs=posedirs, source=path)

    # ------------------------------------------------------------------ kinematics
    @property
    def skeleton(self):
        """The native ``_core.Skeleton`` (parents, rest joints, world-from-model rotation)."""
        return self._skeleton

    def forward_kinematics(self, pose, translation) -> np.ndarray:
        """World joint transforms.

        Args:
            pose: axis-angle [rad], shape (156,) or (B, 156).
            translation: root translation [m], shape (3,) or (B, 3).
        Returns:
            float64 (52, 4, 4) or (B, 52, 4, 4): rotation = joint frame, translation = joint position [m].
        Raises:
            ValueError: wrong shapes or non-finite values.
        """
        p, t, single = as_pose_batch(pose, translation)
        out = self._skeleton.forward_kinematics(p, t)
        return out[0] if single else out

    def joints(self, pose, translation) -> np.ndarray:
        """World joint positions [m], shape (52, 3) or (B, 52, 3)."""
        return self.forward_kinematics(pose, translation)[..., :3, 3]

    def skin(self, pose, translation) -> np.ndarray:
        """Linear blend skinning (with SMPL+H pose blend shapes when the model has them).

        Returns world vertices [m], float64, shape (V, 3) or (B, V, 3). Raises ValueError on bad input.
        """
        p, t, single = as_pose_batch(pose, translation)
        tf = self._skeleton.forward_kinematics(p, t)
        verts = self.rest_vertices
        if self.posedirs is not None:
            rots = axis_angle_to_matrix(p.reshape(-1, JOINT_COUNT, 3))
            feature = (rots[:, 1:] - np.eye(3)).reshape(len(p), -1)
            verts = np.ascontiguousarray(verts[None] + (feature @ self.posedirs).reshape(len(p), -1, 3))
        out = _core.linear_blend_skinning(self._skeleton, tf, verts, self._skin_weights)
        return out[0] if single else out

    @property
    def support(self) -> tuple[np.ndarray, np.ndarray]:
        """The mesh that stands on the floor: (rest vertices (S, 3) [m], weights (S, 52)), the support proxy when
        the model has one, else the render mesh."""
        if self.support_vertices is None:
            return self.rest_vertices, self.weights
        return self.support_vertices, self.support_weights  # type: ignore[return-value]

    def skin_support(self, pose, translation) -> np.ndarray:
        """World vertices [m] of the support proxy (the render mesh when the model has none), float64, (S, 3) or
        (B, S, 3): what stands on the floor. Raises ValueError on bad input."""
        if self.support_vertices is None:
            return self.skin(pose, translation)
        p, t, single = as_pose_batch(pose, translation)
        tf = self._skeleton.forward_kinematics(p, t)
        out = _core.linear_blend_skinning(self._skeleton, tf, self.support_vertices, self._support_skin_weights)
        return out[0] if single else out

    def vertex_normals(self, vertices) -> np.ndarray:
        """Unit vertex normals (V, 3) float32 of the mesh with these vertex positions (V, 3) [m]: the sum of the
        normals of the faces around each vertex weighted by face area (the cross products of two edges), then
        normalised. Raises ValueError for a wrong shape."""
        v = np.asarray(vertices, dtype=np.float64)
        if v.shape != self.rest_vertices.shape:
            raise ValueError(f"vertices: expected {self.rest_vertices.shape} float64, got {v.shape}")
        if self._vertex_faces is None:
            F = len(self.faces)
            self._vertex_faces = sp.csr_matrix((np.ones(3 * F), (self.faces.ravel(), np.repeat(np.arange(F), 3))),
                                               shape=(len(v), F))
            self._face_columns = np.ascontiguousarray(self.faces.T, dtype=np.intp)
        # np.take and the explicit cross product: several times faster than fancy indexing and np.cross here
        p0, p1, p2 = (np.take(v, c, axis=0) for c in self._face_columns)
        a, b = (p1 - p0).T, (p2 - p0).T
        n = np.stack([a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]], axis=1)
        out = self._vertex_faces @ n
        length = np.sqrt(np.einsum("ij,ij->i", out, out))[:, None]
        return (out / np.maximum(length, 1e-300)).astype(np.float32)

    def visual_normals(self, pose, translation) -> np.ndarray:
        """Smooth shading normals of the posed mesh, (V, 3) float32 unit vectors in the world frame
        (:meth:`vertex_normals` of :meth:`skin`). Raises ValueError for a batch or bad input."""
        verts = self.skin(pose, translation)
        if verts.ndim != 2:
            raise ValueError("visual_normals: expected a single pose (156,), not a batch")
        return self.vertex_normals(verts)

    def visual_mesh(self, pose, translation, *, color=None) -> VisualMesh:
        """The posed body as a :class:`VisualMesh` with owner ``"body"``.

        Args:
            pose (156,), translation (3,): as in :meth:`forward_kinematics`.
            color: an RGB triple in [0, 1] for every face, or None for the model's own colours.
        """
        verts = self.skin(pose, translation)
        if verts.ndim != 2:
            raise ValueError("visual_mesh: expected a single pose (156,), not a batch")
        if color is None:
            colors = self.face_colors
        else:
            c = np.asarray(color, dtype=np.float32).reshape(-1)
            if c.shape != (3,) or not np.all((c >= 0) & (c <= 1)):
                raise ValueError(f"color: expected an RGB triple in [0, 1], got {color!r}")
            colors = np.tile(c, (len(self.faces), 1))
        return VisualMesh(vertices=verts.astype(np.float32), faces=self.faces.copy(),
                          face_colors=np.asarray(colors, np.float32).copy(), owner="body")

    def fingertip_positions(self, transforms: np.ndarray, hand: str) -> np.ndarray:
        """World fingertip positions [m], shape (5, 3) in :data:`FINGERS` order, from FK transforms (52, 4, 4)."""
        out = np.empty((5, 3))
        for i, finger in enumerate(FINGERS):
            j3 = JOINT_INDEX[f"{hand}_{finger}3"]
            local = self.fingertips[f"{hand}_{finger}"] - self.rest_joints[j3]
            out[i] = transforms[j3, :3, :3] @ local + transforms[j3, :3, 3]
        return out


def _default_fingertips(rest_joints: np.ndarray) -> dict[str, np.ndarray]:
    """Fingertips continue the distal bone by 85 % of its length (adult distal phalanx ratio)."""
    tips = {}
    for side in ("left", "right"):
        for finger in FINGERS:
            j2, j3 = (JOINT_INDEX[f"{side}_{finger}{k}"] for k in (2, 3))
            d = rest_joints[j3] - rest_joints[j2]
            n = np.linalg.norm(d)
            tips[f"{side}_{finger}"] = rest_joints[j3] + (0.85 * d if n > 0 else np.zeros(3))
    return tips


class BodyModelError(ValueError):
    """A body model file that cannot be used: missing, not SMPL+H, or the ``body`` extra is not installed."""


_LOADED: dict[tuple[str, float, int], BodyModel] = {}


def load_body_model(path) -> BodyModel:
    """The SMPL+H body in ``path`` (a ``SMPLH_NEUTRAL.npz``/``.pkl`` file or a folder holding one), loaded through
    :meth:`BodyModel.from_smplh` once per process (cached by path, modification time and size).

    Raises:
        BodyModelError: the path does not exist, the file is not an SMPL+H model, or smplx/torch are missing;
            the one-line message says which.
    """
    p = os.path.abspath(os.fspath(path))
    if not os.path.exists(p):
        raise BodyModelError(f"no such file or folder: {p}")
    if os.path.isdir(p) and not any(os.path.isfile(os.path.join(p, f"SMPLH_NEUTRAL.{ext}")) for ext in ("npz", "pkl")):
        raise BodyModelError(f"{p} is a folder without SMPLH_NEUTRAL.npz or SMPLH_NEUTRAL.pkl (name the model file, "
                             f"or the folder holding it)")
    st = os.stat(p)
    key = (p, st.st_mtime, st.st_size)
    if key not in _LOADED:
        try:
            _LOADED[key] = BodyModel.from_smplh(p)
        except ImportError:
            raise BodyModelError("loading SMPL+H files needs smplx and torch: pip install "
                                 "'interactiveworld[body]'") from None
        except FileNotFoundError as exc:
            raise BodyModelError(str(exc).splitlines()[0] if str(exc) else f"no SMPL+H model in {p}") from None
        except Exception as exc:  # noqa: BLE001 - smplx raises whatever its readers raise on a foreign file
            first = (str(exc).splitlines() or [""])[0][:200]
            raise BodyModelError(f"{p} is not an SMPL+H model file ({type(exc).__name__}: {first})") from None
    return _LOADED[key]


def body_model_identity(path) -> dict[str, str]:
    """``{"path": absolute path, "sha256": hex digest}`` of the SMPL+H model file at ``path`` (for a folder: the
    ``SMPLH_NEUTRAL`` file :meth:`BodyModel.from_smplh` reads), for the identity of evaluation cells.

    Raises:
        BodyModelError: nothing to read at ``path``.
    """
    p = os.path.abspath(os.fspath(path))
    f = p
    if os.path.isdir(p):
        f = next((os.path.join(p, n) for n in ("SMPLH_NEUTRAL.npz", "SMPLH_NEUTRAL.pkl")
                  if os.path.isfile(os.path.join(p, n))), "")
    if not os.path.isfile(f):
        raise BodyModelError(f"no SMPL+H model file at {p}")
    h = hashlib.sha256()
    with open(f, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return {"path": p, "sha256": h.hexdigest()}
