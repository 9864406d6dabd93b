"""Batched forward kinematics on Warp: one thread per pose (the native ``Skeleton.forward_kinematics`` twin).

World = ``up @ x_model(pose) + translation``; poses are axis-angle [rad], (B, 3J); parents precede children.
"""
from __future__ import annotations

import numpy as np
import warp as wp

from . import checks


@wp.func
def rodrigues(aa: wp.vec3):
    th = wp.length(aa)
    if th < 1.0e-12:
        return wp.mat33(1.0, -aa[2], aa[1], aa[2], 1.0, -aa[0], -aa[1], aa[0], 1.0)
    k = aa / th
    c = wp.cos(th)
    s = wp.sin(th)
    v = 1.0 - c
    return wp.mat33(c + k[0] * k[0] * v, k[0] * k[1] * v - k[2] * s, k[0] * k[2] * v + k[1] * s,
                    k[1] * k[0] * v + k[2] * s, c + k[1] * k[1] * v, k[1] * k[2] * v - k[0] * s,
                    k[2] * k[0] * v - k[1] * s, k[2] * k[1] * v + k[0] * s, c + k[2] * k[2] * v)


@wp.kernel
def fk_kernel(parents: wp.array(dtype=wp.int32), rest: wp.array(dtype=wp.vec3), up: wp.mat33,
              poses: wp.array2d(dtype=wp.float32), translations: wp.array(dtype=wp.vec3),
              rotations: wp.array2d(dtype=wp.mat33), positions: wp.array2d(dtype=wp.vec3)):
    b = wp.tid()
    for j in range(parents.shape[0]):
        local = rodrigues(wp.vec3(poses[b, 3 * j], poses[b, 3 * j + 1], poses[b, 3 * j + 2]))
        p = parents[j]
        if p < 0:
            rotations[b, j] = up * local
            positions[b, j] = up * rest[j] + translations[b]
        else:
            rotations[b, j] = rotations[b, p] * local
            positions[b, j] = positions[b, p] + rotations[b, p] * (rest[j] - rest[p])


def forward_kinematics(parents, rest_joints, up, poses, translations, *, device="cpu"
                       ) -> tuple[wp.array, wp.array]:
    """World joint rotations (B, J) mat33 and positions (B, J) vec3 as Warp arrays on ``device``.

    Args: parents (J,) int32; rest_joints (J, 3) [m]; up (3, 3); poses (B, 3J) [rad]; translations (B, 3) [m].
    Raises ValueError on a malformed tree (a parent after its child or out of range), mismatched shapes, or
    non-finite values.
    """
    parents, rest_joints, up = checks.skeleton(parents, rest_joints, up)
    J = len(parents)
    poses = checks.finite("poses", poses, (None, 3 * J), np.float32)
    translations = checks.finite("translations", translations, (len(poses), 3), np.float32)
    B = len(poses)
    rot = wp.empty((B, J), dtype=wp.mat33, device=device)
    pos = wp.empty((B, J), dtype=wp.vec3, device=device)
    wp.launch(fk_kernel, dim=B, inputs=[wp.array(parents, dtype=wp.int32, device=device),
                                        wp.array(np.asarray(rest_joints, np.float32), dtype=wp.vec3, device=device),
                                        wp.mat33(*np.asarray(up, np.float32).reshape(-1)),
                                        wp.array(poses, dtype=wp.float32, device=device),
                                        wp.array(translations, dtype=wp.vec3, device=device)],
              outputs=[rot, pos], device=device)
    return rot, pos
