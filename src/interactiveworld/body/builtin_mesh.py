"""The built-in body's render mesh: a clothed adult with five-fingered hands, 7,278 vertices and 14,544 triangles
(SMPL+H: 6,890 and 13,776; 3,098 of ours are the hands, which the head camera sees most).

A control cage of rings (torso, neck and head, arms, legs, shoes, palms, fingers and thumbs; built in
:mod:`interactiveworld.body.body_cage`) is refined twice by Catmull-Clark subdivision into closed, consistently
wound quad meshes (the body, and an ear on each side pressed into the head), then split into triangles. Every face
inherits its cage face's material group (:data:`GROUP_NAMES`) and skinning part; the hairline is drawn on the
refined faces and the hair stands a few millimetres off the scalp; each shoe's lowest point is put at the sole
height asked for (the support proxy's). Skinning weights are computed on the refined mesh: within a part, each
vertex is weighted over the part's bones by inverse distance to the bone segments (power :data:`IDW_POWER`, so a
joint's blend zone is about one limb radius either side of it, narrow at a finger joint and wide along the spine),
a short Laplacian smoothing evens the seams between parts (where the candidate bones change), and each vertex
keeps its four largest weights.

Model frame as in :mod:`interactiveworld.body.skeleton` (y-up, x = the body's left, z = forward), metres.
Deterministic: no randomness, the same arrays on every call.
"""
from __future__ import annotations

import functools

import numpy as np
import scipy.sparse as sp

from .body_cage import GROUP_NAMES, HAIR, HAIR_THICKNESS, SOLE_Y, build_cage, hair_faces, part_bones, place_soles
from .cage import catmull_clark, quads_to_triangles
from .skeleton import JOINT_COUNT

__all__ = ["GROUP_NAMES", "GROUP_COLORS", "IDW_POWER", "MAX_INFLUENCES", "BuiltinMesh", "build_builtin_mesh",
           "skinning_weights"]

GROUP_COLORS = {
    "skin": (0.87, 0.68, 0.55),
    "shirt": (0.20, 0.38, 0.62),
    "trousers": (0.22, 0.22, 0.27),
    "shoes": (0.12, 0.10, 0.09),
    "hair": (0.20, 0.14, 0.10),
}
"""Default albedo per material group, linear-ish RGB in [0, 1] (the colours of the earlier low-poly body)."""

IDW_POWER = 12.0
"""Exponent of the inverse-distance skinning weights: at one limb radius past a joint's bisecting plane the other
bone keeps (1/sqrt 2)^12 = 1/64 of the weight."""
MAX_INFLUENCES = 4
"""Joints per vertex kept after smoothing (the SMPL+H convention)."""
SMOOTH_ITERATIONS = 2
"""Jacobi steps of uniform Laplacian smoothing of the weights (half-step each) near part seams."""
SEAM_RINGS = 2
"""Vertices within this many edges of a vertex of another part are smoothed."""
MIN_WEIGHT = 0.01
"""Weights below this are dropped before renormalising (keeps skinning sparse)."""
LEVELS = 2
"""Catmull-Clark steps from the cage to the render mesh."""


class BuiltinMesh:
    """The built-in render mesh (all arrays read-only).

    Attributes:
        vertices: (V, 3) float64 [m], rest pose, model frame.
        faces: (F, 3) int32 triangles, counter-clockwise seen from outside.
        weights: (V, 52) float64 skinning weights, rows summing to 1, at most :data:`MAX_INFLUENCES` non-zero.
        face_groups: (F,) int32 index into :data:`GROUP_NAMES` (skin, shirt, trousers, shoes, hair).
        face_colors: (F, 3) float32 colour of each face's group (:data:`GROUP_COLORS`).
        vertex_parts: (V,) int32 skinning part of each vertex (index into ``part_names``).
        part_names: names of the parts ("torso", "left_arm", "left_index", ...).
    """

    def __init__(self, vertices, faces, weights, face_groups, vertex_parts, part_names) -> None:
        self.vertices, self.faces, self.weights = vertices, faces, weights
        self.face_groups, self.vertex_parts, self.part_names = face_groups, vertex_parts, tuple(part_names)
        palette = np.array([GROUP_COLORS[g] for g in GROUP_NAMES], np.float32)
        self.face_colors = palette[face_groups]
        for a in (self.vertices, self.faces, self.weights, self.face_groups, self.face_colors, self.vertex_parts):
            a.flags.writeable = False


def build_builtin_mesh(rest_joints: np.ndarray, fingertips: dict[str, np.ndarray], *,
                       sole_y: float = SOLE_Y) -> BuiltinMesh:
    """The render mesh of the built-in body over ``rest_joints`` (52, 3) [m] with fingertips by
    "<side>_<finger>" (3,) [m], the lowest point of each shoe at model height ``sole_y`` [m]; cached (the same
    read-only arrays for the same arguments).

    Raises:
        ValueError: rest_joints is not (52, 3) finite, or sole_y is not finite.
    """
    J = np.asarray(rest_joints, dtype=np.float64)
    if J.shape != (JOINT_COUNT, 3) or not np.all(np.isfinite(J)):
        raise ValueError(f"rest_joints: expected ({JOINT_COUNT}, 3) finite float64, got {J.shape}")
    if not np.isfinite(sole_y):
        raise ValueError(f"sole_y must be finite [m], got {sole_y!r}")
    tips = tuple(sorted((k, tuple(np.asarray(v, np.float64).tolist())) for k, v in fingertips.items()))
    return _build(tuple(map(tuple, J.tolist())), tips, float(sole_y))


@functools.lru_cache(maxsize=4)
def _build(joints: tuple, tips: tuple, sole_y: float) -> BuiltinMesh:
    J = np.array(joints)
    fingertips = {k: np.array(v) for k, v in tips}
    cage = build_cage(J, fingertips)
    points, faces, groups, parts = cage.arrays()
    verts = points
    parent = np.arange(len(faces))
    for _ in range(LEVELS):
        S, quads, par = catmull_clark(faces, len(verts))
        verts = S @ verts
        parent = parent[par]
        faces = quads
    quad_parts = parts[parent]
    vertex_parts = _vertex_parts(len(verts), quads, quad_parts)
    quad_groups = groups[parent].copy()
    hair = hair_faces(verts[quads].mean(axis=1), quad_parts)
    quad_groups[hair] = HAIR
    verts = place_soles(_raise_hair(verts, quads, hair), vertex_parts, sole_y)
    tris, src = quads_to_triangles(verts, quads)
    face_groups = quad_groups[src]
    part_names = cage.part_names
    weights = skinning_weights(verts, quads, vertex_parts, part_bones(J, fingertips, part_names))
    return BuiltinMesh(verts, tris.astype(np.int32), weights, face_groups.astype(np.int32),
                       vertex_parts.astype(np.int32), part_names)


def _raise_hair(verts: np.ndarray, quads: np.ndarray, hair: np.ndarray) -> np.ndarray:
    """Vertices of hair quads moved out along their normals by HAIR_THICKNESS times the share of their quads that
    are hair (so the hairline ramps up over one row)."""
    V = len(verts)
    n = np.cross(verts[quads[:, 2]] - verts[quads[:, 0]], verts[quads[:, 3]] - verts[quads[:, 1]])
    normals = np.zeros((V, 3))
    np.add.at(normals, quads.ravel(), np.repeat(n, 4, axis=0))
    normals /= np.linalg.norm(normals, axis=1, keepdims=True)
    total = np.bincount(quads.ravel(), minlength=V)
    on_hair = np.bincount(quads[hair].ravel(), minlength=V)
    return verts + (HAIR_THICKNESS * on_hair / total)[:, None] * normals


def _vertex_parts(V: int, quads: np.ndarray, quad_parts: np.ndarray) -> np.ndarray:
    """Part of each vertex: the highest part id among its quads (parts are numbered from the trunk outwards, so a
    seam vertex belongs to the limb it starts)."""
    out = np.full(V, -1)
    np.maximum.at(out, quads.ravel(), np.repeat(quad_parts, 4))
    return out


def skinning_weights(vertices: np.ndarray, quads: np.ndarray, vertex_parts: np.ndarray,
                     bones: list[list[tuple[int, np.ndarray, np.ndarray]]]) -> np.ndarray:
    """Skinning weights (V, 52) for a mesh whose vertices are labelled with parts.

    Args:
        vertices: (V, 3) [m]; quads: (Q, 4) mesh faces (for the smoothing neighbourhoods).
        vertex_parts: (V,) part index per vertex.
        bones: per part, its bone segments (joint index, start (3,), end (3,)) [m]; a joint may have several.
    Returns:
        (V, 52) float64, non-negative, rows summing to 1, at most :data:`MAX_INFLUENCES` non-zero per row.
    """
    V = len(vertices)
    W = np.zeros((V, JOINT_COUNT))
    for part, segs in enumerate(bones):
        idx = np.nonzero(vertex_parts == part)[0]
        if len(idx) == 0:
            continue
        p = vertices[idx]
        joints = sorted({j for j, _, _ in segs})
        dist = np.full((len(idx), len(joints)), np.inf)
        for j, a, b in segs:
            c = joints.index(j)
            dist[:, c] = np.minimum(dist[:, c], _segment_distance(p, a, b))
        dist = np.maximum(dist, 1e-4)
        ratio = dist.min(axis=1, keepdims=True) / dist
        w = ratio ** IDW_POWER
        W[np.ix_(idx, joints)] = w / w.sum(axis=1, keepdims=True)
    # uniform Laplacian over the quad edges
    e = np.concatenate([quads[:, [0, 1]], quads[:, [1, 2]], quads[:, [2, 3]], quads[:, [3, 0]]])
    A = sp.csr_matrix((np.ones(len(e)), (e[:, 0], e[:, 1])), shape=(V, V))
    A = ((A + A.T) > 0).astype(np.float64)
    L = sp.diags(1.0 / np.asarray(A.sum(axis=1)).ravel()) @ A
    # only near the seams between parts (within SEAM_RINGS edges), where the candidate bones change
    onehot = sp.csr_matrix((np.ones(V), (np.arange(V), vertex_parts)), shape=(V, len(bones)))
    near = (A @ onehot).astype(bool).sum(axis=1).A.ravel() > 1
    for _ in range(SEAM_RINGS - 1):
        near = (A @ near.astype(np.float64)) > 0
    seam = near[:, None]
    for _ in range(SMOOTH_ITERATIONS):
        W = np.where(seam, 0.5 * W + 0.5 * (L @ W), W)
    # keep the largest MAX_INFLUENCES weights of each row, drop the tiny ones, renormalise
    order = np.argsort(-W, axis=1, kind="stable")
    keep = np.zeros_like(W, dtype=bool)
    np.put_along_axis(keep, order[:, :MAX_INFLUENCES], True, axis=1)
    W = np.where(keep & (W >= MIN_WEIGHT), W, 0.0)
    return W / W.sum(axis=1, keepdims=True)


def _segment_distance(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Distance [m] from points (N, 3) to the segment a-b."""
    ab = b - a
    t = np.clip((p - a) @ ab / max(float(ab @ ab), 1e-18), 0.0, 1.0)
    return np.linalg.norm(p - (a + t[:, None] * ab), axis=1)
