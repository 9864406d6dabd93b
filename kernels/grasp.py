"""Finger-contact queries on Warp: every wrist candidate x finger x curl step at once.

The twin of the native ``finger_clearance_table`` (cpp/grasp.cpp): for a wrist transform, a finger's three joints
rotate by their prototype rotation then by ``angle`` about the finger's flexion axis; the clearance is the minimum
over 7 points along the finger (joints, midpoints, tip) of the object SDF minus the finger radius [m].
"""
from __future__ import annotations

import numpy as np
import warp as wp

from . import checks

from .fk import rodrigues
from .sdf import sdf_trilinear

#: Most curl samples per finger (the native curl_fingers limit).
MAX_CURL_STEPS = 4096


@wp.kernel
def finger_clearance_kernel(wrist_R: wp.array(dtype=wp.mat33), wrist_t: wp.array(dtype=wp.vec3),
                            offsets: wp.array2d(dtype=wp.vec3), proto: wp.array2d(dtype=wp.mat33),
                            axes: wp.array(dtype=wp.vec3), tips: wp.array(dtype=wp.vec3),
                            radii: wp.array(dtype=wp.float32), step: float, obj_R: wp.mat33, obj_t: wp.vec3,
                            values: wp.array3d(dtype=wp.float32), origin: wp.vec3, voxel: float,
                            out: wp.array3d(dtype=wp.float32)):
    p, f, s = wp.tid()
    R = wrist_R[p]
    t = wrist_t[p]
    bend = rodrigues(axes[f] * (float(s) * step))
    best = float(1.0e30)
    prev = wp.vec3()
    for k in range(3):
        joint = R * offsets[f, k] + t
        R = R * (proto[f, k] * bend)
        t = joint
        best = wp.min(best, sdf_trilinear(values, origin, voxel, obj_R * joint + obj_t))
        if k > 0:
            mid = (prev + joint) * 0.5
            best = wp.min(best, sdf_trilinear(values, origin, voxel, obj_R * mid + obj_t))
        prev = joint
    tip = R * tips[f] + t
    best = wp.min(best, sdf_trilinear(values, origin, voxel, obj_R * ((prev + tip) * 0.5) + obj_t))
    best = wp.min(best, sdf_trilinear(values, origin, voxel, obj_R * tip + obj_t))
    out[p, f, s] = best - radii[f]


def _axis_angle_to_matrix(aa: np.ndarray) -> np.ndarray:
    th = np.linalg.norm(aa, axis=-1, keepdims=True)
    k = aa / np.maximum(th, 1e-12)
    K = np.zeros(aa.shape[:-1] + (3, 3))
    K[..., 0, 1], K[..., 0, 2], K[..., 1, 2] = -k[..., 2], k[..., 1], -k[..., 0]
    K = K - np.swapaxes(K, -1, -2)
    return np.eye(3) + np.sin(th)[..., None] * K + (1 - np.cos(th))[..., None] * (K @ K)


def finger_clearance_table(rest_joints, parents, pose, wrists, finger_joints, finger_axes, finger_tips, finger_radii,
                           sdf_values, sdf_origin, sdf_voxel: float, object_from_world, *,
                           step: float = np.radians(6.0), max_angle: float = 1.57, device="cpu") -> np.ndarray:
    """Clearance (P, 5, S) float32 [m] for P wrist transforms (P, 4, 4), 5 fingers and S curl steps.

    finger_joints (5, 3) int; finger_axes, finger_tips (5, 3); finger_radii (5,); pose (3J,) prototype [rad];
    sdf_values (nx, ny, nz) in the object frame; object_from_world (4, 4).
    Raises ValueError for mis-shaped or non-finite inputs, a malformed finger chain or more than
    ``MAX_CURL_STEPS`` curl steps; IndexError for finger joints outside the skeleton.
    """
    parents, rest, _ = checks.skeleton(parents, rest_joints, np.eye(3))
    J = len(parents)
    pose = checks.finite("pose", pose, (3 * J,)).reshape(-1, 3)
    W = checks.finite("wrists", wrists, (None, 4, 4))
    fj = checks.joint_indices("finger_joints", finger_joints, J, (5, 3))
    if np.any(parents[fj[:, 1:]] != fj[:, :-1]) or np.any(parents[fj[:, 0]] < 0):
        raise ValueError("finger_joints: each finger must be a parent chain below a parent joint")
    checks.finite("finger_axes", finger_axes, (5, 3))
    checks.finite("finger_tips", finger_tips, (5, 3))
    checks.finite("finger_radii", finger_radii, (5,))
    if np.any(np.linalg.norm(np.asarray(finger_axes, np.float64), axis=1) < 1e-9):
        raise ValueError("finger_axes: every axis must be non-zero")
    step, max_angle = checks.positive("step", step), checks.positive("max_angle", max_angle)
    if not (max_angle <= 2 * np.pi and max_angle / step <= MAX_CURL_STEPS):
        raise ValueError(f"step and max_angle must be finite, > 0, max_angle <= 2 pi and at most {MAX_CURL_STEPS} "
                         f"curl steps")
    checks.finite("object_from_world", object_from_world, (4, 4))
    sdf_origin, sdf_voxel = checks.voxel_grid(sdf_values, sdf_origin, sdf_voxel, device)
    S = int(np.floor(max_angle / step + 1e-9)) + 1
    offsets = rest[fj] - rest[parents[fj]]
    proto = _axis_angle_to_matrix(pose[fj])
    axes = np.asarray(finger_axes, np.float64)
    axes = axes / np.linalg.norm(axes, axis=1, keepdims=True)
    O = np.asarray(object_from_world, np.float64)
    f32 = lambda x, dt: wp.array(np.ascontiguousarray(x, np.float32), dtype=dt, device=device)  # noqa: E731
    values = sdf_values if isinstance(sdf_values, wp.array) else f32(
        checks.finite("sdf_values", sdf_values, None, np.float32), wp.float32)
    out = wp.empty((len(W), 5, S), dtype=wp.float32, device=device)
    wp.launch(finger_clearance_kernel, dim=(len(W), 5, S),
              inputs=[f32(W[:, :3, :3], wp.mat33), f32(W[:, :3, 3], wp.vec3), f32(offsets, wp.vec3),
                      f32(proto, wp.mat33), f32(axes, wp.vec3), f32(finger_tips, wp.vec3),
                      f32(finger_radii, wp.float32), float(step), wp.mat33(*O[:3, :3].astype(np.float32).reshape(-1)),
                      wp.vec3(*O[:3, 3]), values, wp.vec3(*np.asarray(sdf_origin, np.float64)), float(sdf_voxel)],
              outputs=[out], device=device)
    return out.numpy()
