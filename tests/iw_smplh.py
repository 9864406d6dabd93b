"""A synthetic SMPL+H model file made from the built-in body (no real SMPL+H files are needed for the tests).

The file holds every array ``smplx.SMPLH`` reads (v_template, f, J_regressor, weights, kintree_table, shapedirs,
posedirs, hands_components/mean): the built-in rest mesh and skinning weights, SMPL+H's 52-joint tree, zero shape
and pose blend shapes, and a joint regressor whose rows each combine four affinely independent rest vertices so
that it reproduces the built-in rest joints exactly.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from interactiveworld.body import JOINT_COUNT, PARENTS, BodyModel


def joint_regressor(vertices: np.ndarray, joints: np.ndarray) -> np.ndarray:
    """(J, V) rows summing to 1 with ``regressor @ vertices == joints``: per joint, the affine combination of
    its nearest vertex and three more that span a tetrahedron with it."""
    R = np.zeros((len(joints), len(vertices)))
    for j, p in enumerate(joints):
        order = np.argsort(np.linalg.norm(vertices - p, axis=1))
        chosen = [order[0]]
        for i in order[1:]:
            trial = chosen + [i]
            if np.linalg.matrix_rank(vertices[trial[1:]] - vertices[trial[0]], tol=1e-4) == len(trial) - 1:
                chosen = trial
            if len(chosen) == 4:
                break
        A = np.vstack([vertices[chosen].T, np.ones(4)])  # [x; y; z; 1] columns
        R[j, chosen] = np.linalg.solve(A, np.r_[p, 1.0])
    return R


def write_smplh(folder: Path, *, betas: int = 10) -> Path:
    """Write ``SMPLH_NEUTRAL.npz`` into ``folder``; returns its path."""
    m = BodyModel.builtin()
    V = len(m.rest_vertices)
    kintree = np.vstack([PARENTS, np.arange(JOINT_COUNT)]).astype(np.int64)
    kintree[0, 0] = 4294967295  # the files' "no parent"
    path = Path(folder) / "SMPLH_NEUTRAL.npz"
    np.savez(path, v_template=m.rest_vertices, f=m.faces.astype(np.int64),
             J_regressor=joint_regressor(m.rest_vertices, m.rest_joints), weights=m.weights,
             kintree_table=kintree, shapedirs=np.zeros((V, 3, betas)), posedirs=np.zeros((V, 3, 9 * (JOINT_COUNT - 1))),
             hands_componentsl=np.eye(45), hands_componentsr=np.eye(45), hands_meanl=np.zeros(45),
             hands_meanr=np.zeros(45))
    return path
