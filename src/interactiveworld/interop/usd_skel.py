"""The human as UsdSkel: the SMPL+H skeleton (52 joints) posed by one SkelAnimation, and the skinned body mesh.

Frames (paper appendix B.1.1, :mod:`interactiveworld.body.model`): the skeleton lives in the y-up SMPL+H model
frame; the SkelRoot's transform is the fixed world-from-model rotation :data:`~interactiveworld.body.Y_UP_TO_Z_UP`
followed by the root translation [m], so a joint's world transform is ``SkelRoot @ G_j`` with
``G_j = G_parent @ [R(pose_j) | J_j - J_parent]`` -- exactly the body's forward kinematics. Bind transforms are
the rest joints (identity rotations), so UsdSkel's linear blend skinning reproduces the body's
(``G_j @ bind_j^-1``). Pose blend shapes of SMPL+H model files are not representable in plain UsdSkel and are
left out (the built-in body has none).

UsdSkel stores joint rotations as ``quatf`` and translations as ``float3``: joint positions read back within
about 1e-6 m of the float64 forward kinematics.
"""
from __future__ import annotations

import numpy as np
from pxr import Gf, Usd, UsdSkel, Vt
from scipy.spatial.transform import Rotation

from ..body import Y_UP_TO_Z_UP, BodyModel, axis_angle_to_matrix
from .usd_looks import Looks, define_mesh

__all__ = ["joint_paths", "define_human"]


def joint_paths(names: list[str], parents: np.ndarray) -> list[str]:
    """UsdSkel joint tokens: each joint's path from the root (``"pelvis/left_hip/left_knee"``).

    Raises:
        ValueError: a parent that does not precede its child (not a topologically ordered tree).
    """
    out: list[str] = []
    for j, (name, p) in enumerate(zip(names, np.asarray(parents).tolist())):
        if p >= j:
            raise ValueError(f"joint {name!r} (index {j}) has parent {p}: parents must precede children")
        out.append(name if p < 0 else f"{out[p]}/{name}")
    return out


def _matrices(m: np.ndarray) -> Vt.Matrix4dArray:
    """Column-vector (N, 4, 4) transforms as USD's row-vector matrices."""
    return Vt.Matrix4dArray([Gf.Matrix4d(x.T.tolist()) for x in m])


def root_transform(translation: np.ndarray) -> np.ndarray:
    """World-from-model transform (4, 4) of the body: Y_UP_TO_Z_UP, then the root ``translation`` [m] (3,)."""
    t = np.eye(4)
    t[:3, :3] = Y_UP_TO_Z_UP
    t[:3, 3] = np.asarray(translation, float).reshape(3)
    return t


def define_human(stage: Usd.Stage, path: str, model: BodyModel, pose: np.ndarray, translation: np.ndarray,
                 looks: Looks) -> UsdSkel.Root:
    """Write the posed human under ``path``: SkelRoot (world-from-model transform), ``Skeleton``, ``Pose``
    (SkelAnimation of ``pose``) and ``Body`` (the skinned mesh with per-face colour materials).

    Args:
        model: the body (rest joints, parents, mesh, skinning weights).
        pose: SMPL+H axis-angle pose [rad], shape (156,); translation: root translation [m], shape (3,).
    Raises:
        ValueError: wrong pose/translation shapes or non-finite values (from the body model).
    """
    model.forward_kinematics(pose, translation)  # validates shapes and values with the body's own messages
    pose = np.asarray(pose, float).reshape(-1, 3)
    rest = model.rest_joints
    parents = np.asarray(model.parents)
    joints = Vt.TokenArray(joint_paths(list(model.joint_names), parents))
    offsets = rest - np.where(parents[:, None] >= 0, rest[np.maximum(parents, 0)], 0.0)

    root = UsdSkel.Root.Define(stage, path)
    root.AddTransformOp().Set(Gf.Matrix4d(root_transform(translation).T.tolist()))

    skel = UsdSkel.Skeleton.Define(stage, f"{path}/Skeleton")
    skel.CreateJointsAttr(joints)
    skel.CreateJointNamesAttr(Vt.TokenArray(list(model.joint_names)))
    bind = np.repeat(np.eye(4)[None], len(rest), axis=0)
    bind[:, :3, 3] = rest
    skel.CreateBindTransformsAttr(_matrices(bind))
    local_rest = np.repeat(np.eye(4)[None], len(rest), axis=0)
    local_rest[:, :3, 3] = offsets
    skel.CreateRestTransformsAttr(_matrices(local_rest))

    anim = UsdSkel.Animation.Define(stage, f"{path}/Pose")
    anim.CreateJointsAttr(joints)
    anim.CreateTranslationsAttr(Vt.Vec3fArray.FromNumpy(offsets.astype(np.float32)))
    quats = Rotation.from_matrix(axis_angle_to_matrix(pose)).as_quat()  # (x, y, z, w)
    anim.CreateRotationsAttr(Vt.QuatfArray([Gf.Quatf(float(q[3]), float(q[0]), float(q[1]), float(q[2]))
                                            for q in quats]))
    anim.CreateScalesAttr(Vt.Vec3hArray([Gf.Vec3h(1.0, 1.0, 1.0)] * len(rest)))
    UsdSkel.BindingAPI.Apply(skel.GetPrim()).CreateAnimationSourceRel().SetTargets([anim.GetPath()])

    mesh = define_mesh(stage, f"{path}/Body", model.rest_vertices, model.faces, model.face_colors)
    looks.bind_face_colors(mesh, model.face_colors)
    binding = UsdSkel.BindingAPI.Apply(mesh.GetPrim())
    binding.CreateSkeletonRel().SetTargets([skel.GetPath()])
    idx, w = _influences(model.weights)
    binding.CreateJointIndicesPrimvar(False, idx.shape[1]).Set(Vt.IntArray.FromNumpy(idx.reshape(-1)))
    binding.CreateJointWeightsPrimvar(False, w.shape[1]).Set(Vt.FloatArray.FromNumpy(w.reshape(-1)))
    binding.CreateGeomBindTransformAttr(Gf.Matrix4d(1.0))
    return root


def _influences(weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per-vertex joint indices and weights, shapes (V, K) int32 / float32, K = the most non-zero weights of any
    vertex, strongest first (zero-padded)."""
    w = np.asarray(weights, float)
    k = max(1, int((w > 0).sum(axis=1).max()))
    order = np.argsort(-w, axis=1, kind="stable")[:, :k]
    return order.astype(np.int32), np.take_along_axis(w, order, axis=1).astype(np.float32)
