"""Batched capsule-rig pose checks on Warp: many candidate poses against the scene at once.

The twin of the native ``capsule_clearances``/``check_poses`` (cpp/collision.cpp) without allow-lists: FK per pose
(kernels/fk.py), capsule endpoints per (pose, capsule), then the clearance of each capsule against exact oriented
boxes and one voxel SDF, by samples at spacing <= r/2 along the axis and a golden-section refinement around the
best sample (exact for boxes, whose distance is convex along the axis). Metres; negative = penetration.
"""
from __future__ import annotations

import numpy as np
import warp as wp

from . import checks

from .fk import forward_kinematics
from .sdf import sdf_trilinear

GOLDEN = wp.constant(0.6180339887498949)


@wp.func
def box_signed_distance(R: wp.mat33, t: wp.vec3, half: wp.vec3, p: wp.vec3):
    q = R * p + t
    d = wp.vec3(wp.abs(q[0]) - half[0], wp.abs(q[1]) - half[1], wp.abs(q[2]) - half[2])
    o = wp.vec3(wp.max(d[0], 0.0), wp.max(d[1], 0.0), wp.max(d[2], 0.0))
    return wp.length(o) + wp.min(wp.max(wp.max(d[0], d[1]), d[2]), 0.0)


@wp.func
def primitive_clearance(kind: int, R: wp.mat33, t: wp.vec3, half: wp.vec3, values: wp.array3d(dtype=wp.float32),
                        origin: wp.vec3, voxel: float, a: wp.vec3, b: wp.vec3, r: float, s: float):
    p = a + (b - a) * s
    if kind == 0:
        return box_signed_distance(R, t, half, p) - r
    return sdf_trilinear(values, origin, voxel, p) - r


@wp.func
def minimise_along(kind: int, R: wp.mat33, t: wp.vec3, half: wp.vec3, values: wp.array3d(dtype=wp.float32),
                   origin: wp.vec3, voxel: float, a: wp.vec3, b: wp.vec3, r: float, r_step: float):
    n = wp.max(2, int(wp.ceil(wp.length(b - a) / (0.5 * r_step))) + 1)
    best = float(1.0e30)
    ib = int(0)
    for i in range(n):
        v = primitive_clearance(kind, R, t, half, values, origin, voxel, a, b, r, float(i) / float(n - 1))
        if v < best:
            best = v
            ib = i
    lo = float(wp.max(ib - 1, 0)) / float(n - 1)
    hi = float(wp.min(ib + 1, n - 1)) / float(n - 1)
    x1 = hi - GOLDEN * (hi - lo)
    x2 = lo + GOLDEN * (hi - lo)
    f1 = primitive_clearance(kind, R, t, half, values, origin, voxel, a, b, r, x1)
    f2 = primitive_clearance(kind, R, t, half, values, origin, voxel, a, b, r, x2)
    for _it in range(24):
        if f1 < f2:
            hi = x2
            x2 = x1
            f2 = f1
            x1 = hi - GOLDEN * (hi - lo)
            f1 = primitive_clearance(kind, R, t, half, values, origin, voxel, a, b, r, x1)
        else:
            lo = x1
            x1 = x2
            f1 = f2
            x2 = lo + GOLDEN * (hi - lo)
            f2 = primitive_clearance(kind, R, t, half, values, origin, voxel, a, b, r, x2)
    return wp.min(best, wp.min(f1, f2))


@wp.func
def proven_clear(kind: int, R: wp.mat33, t: wp.vec3, half: wp.vec3, values: wp.array3d(dtype=wp.float32),
                 origin: wp.vec3, voxel: float, a: wp.vec3, b: wp.vec3, r: float, lipschitz: float):
    """Sphere tracing along the axis: returns the smallest sample if f > 0 is proven on the whole axis, else -1e30
    (the twin of ``proven_clear`` in cpp/collision.cpp)."""
    scale = 1.0 / (lipschitz * wp.max(wp.length(b - a), 1.0e-12))
    s = float(0.0)
    seen = float(1.0e30)
    for _it in range(48):
        v = primitive_clearance(kind, R, t, half, values, origin, voxel, a, b, r, s)
        seen = wp.min(seen, v)
        if v <= 0.0:
            return -1.0e30
        if s >= 1.0:
            return seen
        s = wp.min(1.0, s + v * scale)
    return -1.0e30


@wp.func
def capsule_vs_primitive(kind: int, R: wp.mat33, t: wp.vec3, half: wp.vec3, values: wp.array3d(dtype=wp.float32),
                         origin: wp.vec3, voxel: float, a: wp.vec3, b: wp.vec3, r: float, r_step: float,
                         lipschitz: float, check: int):
    if check != 0:
        seen = proven_clear(kind, R, t, half, values, origin, voxel, a, b, r, lipschitz)
        if seen > -1.0e29:
            return seen
    return minimise_along(kind, R, t, half, values, origin, voxel, a, b, r, r_step)


@wp.kernel
def capsule_endpoints_kernel(rotations: wp.array2d(dtype=wp.mat33), positions: wp.array2d(dtype=wp.vec3),
                             joint_a: wp.array(dtype=wp.int32), joint_b: wp.array(dtype=wp.int32),
                             offset_a: wp.array(dtype=wp.vec3), offset_b: wp.array(dtype=wp.vec3),
                             ends_a: wp.array2d(dtype=wp.vec3), ends_b: wp.array2d(dtype=wp.vec3)):
    b, c = wp.tid()
    ja = joint_a[c]
    jb = joint_b[c]
    ends_a[b, c] = rotations[b, ja] * offset_a[c] + positions[b, ja]
    ends_b[b, c] = rotations[b, jb] * offset_b[c] + positions[b, jb]


@wp.kernel
def capsule_clearance_kernel(ends_a: wp.array2d(dtype=wp.vec3), ends_b: wp.array2d(dtype=wp.vec3),
                             radii: wp.array(dtype=wp.float32), box_R: wp.array(dtype=wp.mat33),
                             box_t: wp.array(dtype=wp.vec3), box_half: wp.array(dtype=wp.vec3),
                             values: wp.array3d(dtype=wp.float32), origin: wp.vec3, voxel: float, has_field: int,
                             check: int, clearance: wp.array2d(dtype=wp.float32)):
    b, c = wp.tid()
    a = ends_a[b, c]
    e = ends_b[b, c]
    r = radii[c]
    best = float(1.0e30)
    for k in range(box_R.shape[0]):
        best = wp.min(best, capsule_vs_primitive(0, box_R[k], box_t[k], box_half[k], values, origin, voxel, a, e, r,
                                                 r, 1.0, check))
    if has_field != 0:
        best = wp.min(best, capsule_vs_primitive(1, wp.identity(3, dtype=float), wp.vec3(), wp.vec3(), values,
                                                 origin, voxel, a, e, r, wp.min(r, 2.0 * voxel), 1.75, check))
    clearance[b, c] = best


def check_poses(parents, rest_joints, up, rig, poses, translations, *, box_transforms=None, box_half_extents=None,
                sdf_values=None, sdf_origin=None, sdf_voxel: float = 0.02, tolerance: float = 0.0, exact: bool = True,
                device="cpu") -> tuple[np.ndarray, np.ndarray]:
    """Clearances of every capsule for every pose, and the pose verdicts.

    Args:
        parents, rest_joints, up: the skeleton (as in ``_core.Skeleton``).
        rig: an object with joint_a, joint_b (C,), offset_a, offset_b (C, 3), radii (C,) (``CapsuleRig``).
        poses (B, 3J) [rad], translations (B, 3) [m].
        box_transforms (N, 4, 4) world-from-box, box_half_extents (N, 3) [m].
        sdf_values (nx, ny, nz) float32 numpy or Warp array, sdf_origin (3,), sdf_voxel [m]: one scene SDF.
        tolerance: accepted penetration [m].
        exact: refine every capsule's clearance; False proves clear capsules by sphere tracing first (their
            clearance is then an upper bound; verdicts and penetration depths are unchanged).
    Returns:
        (clearance (B, C) float32 [m], ok (B,) bool).
    Raises:
        ValueError: malformed skeleton, non-finite or mis-shaped rig / boxes / SDF, boxes given without their half
            extents (or the reverse), tolerance < 0; TypeError: a rig without its arrays, an SDF grid of another
            dtype; IndexError: rig joint indices outside the skeleton.
    """
    for k in ("joint_a", "joint_b", "offset_a", "offset_b", "radii"):
        if not hasattr(rig, k):
            raise TypeError(f"rig: expected a capsule rig with joint_a, joint_b, offset_a, offset_b and radii, "
                            f"got {type(rig).__name__} without {k}")
    rot, pos = forward_kinematics(parents, rest_joints, up, poses, translations, device=device)
    J = len(np.asarray(parents))
    C = len(np.asarray(rig.radii).reshape(-1))
    joint_a = checks.joint_indices("rig.joint_a", rig.joint_a, J, (C,))
    joint_b = checks.joint_indices("rig.joint_b", rig.joint_b, J, (C,))
    checks.finite("rig.offset_a", rig.offset_a, (C, 3))
    checks.finite("rig.offset_b", rig.offset_b, (C, 3))
    radii = checks.finite("rig.radii", rig.radii, (C,))
    if C == 0 or not np.all(radii > 0):
        raise ValueError("rig.radii: expected at least one capsule, every radius > 0")
    tolerance = checks.positive("tolerance", tolerance, allow_zero=True)
    B = rot.shape[0]
    arr = lambda x, dt: wp.array(np.ascontiguousarray(x, np.float32), dtype=dt, device=device)  # noqa: E731
    ends_a = wp.empty((B, C), dtype=wp.vec3, device=device)
    ends_b = wp.empty((B, C), dtype=wp.vec3, device=device)
    wp.launch(capsule_endpoints_kernel, dim=(B, C),
              inputs=[rot, pos, wp.array(joint_a, dtype=wp.int32, device=device),
                      wp.array(joint_b, dtype=wp.int32, device=device),
                      arr(rig.offset_a, wp.vec3), arr(rig.offset_b, wp.vec3)],
              outputs=[ends_a, ends_b], device=device)
    if (box_transforms is None) != (box_half_extents is None):
        raise ValueError("box_transforms and box_half_extents: give both (N, 4, 4) and (N, 3) or neither, got "
                         f"{'only box_transforms' if box_half_extents is None else 'only box_half_extents'}")
    T = np.zeros((0, 4, 4)) if box_transforms is None else checks.finite("box_transforms", box_transforms,
                                                                          (None, 4, 4))
    H = np.zeros((0, 3)) if box_half_extents is None else checks.finite("box_half_extents", box_half_extents,
                                                                        (len(T), 3))
    if np.any(H < 0):
        raise ValueError("box_half_extents: must be >= 0")
    Rbw = np.transpose(T[:, :3, :3], (0, 2, 1))
    tbw = -np.einsum("nij,nj->ni", Rbw, T[:, :3, 3])
    if sdf_values is None:
        if sdf_origin is not None:
            raise ValueError("sdf_origin: given without sdf_values")
        values, origin, has_field = wp.zeros((1, 1, 1), dtype=wp.float32, device=device), np.zeros(3), 0
    else:
        origin, sdf_voxel = checks.voxel_grid(sdf_values, sdf_origin, sdf_voxel, device)
        values = sdf_values if isinstance(sdf_values, wp.array) else wp.array(
            checks.finite("sdf_values", sdf_values, None, np.float32), dtype=wp.float32, device=device)
        has_field = 1
    clearance = wp.empty((B, C), dtype=wp.float32, device=device)
    wp.launch(capsule_clearance_kernel, dim=(B, C),
              inputs=[ends_a, ends_b, arr(rig.radii, wp.float32),
                      wp.array(Rbw.astype(np.float32), dtype=wp.mat33, device=device), arr(tbw, wp.vec3),
                      arr(H, wp.vec3), values, wp.vec3(*origin), float(sdf_voxel), has_field, 0 if exact else 1],
              outputs=[clearance], device=device)
    c = clearance.numpy()
    return c, c.min(axis=1) >= -tolerance
