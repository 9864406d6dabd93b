"""Polygon control cages and Catmull-Clark subdivision (for the built-in body's render mesh).

A cage is a closed 2-manifold of polygons (quads mostly; triangles and n-gons where rings of different sizes
meet). Catmull-Clark subdivision (Catmull and Clark 1978, "Recursively generated B-spline surfaces on arbitrary
topological meshes") turns every n-gon into n quads and is linear in the cage points, so it is returned as a
sparse matrix: subdivided positions are ``S @ cage_points``. The limit surface is C2 except at extraordinary
vertices (C1 there), which is what makes a coarse cage a smooth body.
"""
from __future__ import annotations

from collections import deque

import numpy as np
import scipy.sparse as sp

__all__ = ["Cage", "catmull_clark", "orient_faces", "quads_to_triangles"]


class Cage:
    """A polygon cage built from rings of points.

    Every face carries a group (material id) and a part (skinning region) label. Rings are closed loops of point
    indices; :meth:`bridge` joins two rings with quads, or with quads and triangles when their sizes differ.
    Winding is made consistent afterwards by :func:`orient_faces`, so builders need not track it.
    """

    def __init__(self) -> None:
        self.points: list[np.ndarray] = []
        self.faces: list[tuple[int, ...]] = []
        self.groups: list[int] = []
        self.parts: list[int] = []

    def ring(self, points) -> np.ndarray:
        """Add points (N, 3) [m]; returns their indices (N,) int."""
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 3)
        start = len(self.points)
        self.points.extend(pts)
        return np.arange(start, start + len(pts))

    def face(self, idx, group: int, part: int) -> None:
        """One polygon through the point indices ``idx`` (>= 3, distinct)."""
        idx = tuple(int(i) for i in idx)
        if len(idx) < 3 or len(set(idx)) != len(idx):
            raise ValueError(f"cage face needs >= 3 distinct points, got {idx}")
        self.faces.append(idx)
        self.groups.append(int(group))
        self.parts.append(int(part))

    def bridge(self, a, b, group: int, part: int, *, groups=None) -> None:
        """Join closed rings ``a`` and ``b`` (index arrays) with a band of faces.

        ``b`` is re-indexed to start at the point whose direction from its centroid best matches ``a[0]``'s and
        to run the same way round. Equal sizes give quads; otherwise a zipper by arc fraction gives quads where
        both rings advance and triangles where one does. ``groups`` (len(a),) overrides ``group`` per face that
        starts at ``a[i]``.
        """
        a, b = np.asarray(a), _align(self.points, np.asarray(a), np.asarray(b))
        n, m = len(a), len(b)
        i = j = 0
        while i < n or j < m:
            g = group if groups is None else groups[min(i, n - 1)]
            # advance the ring that is behind in arc fraction; both when they are level
            ti, tj = (i + 1) / n, (j + 1) / m
            if i < n and j < m and abs(ti - tj) < 0.5 / max(n, m):
                self.face((a[i], a[(i + 1) % n], b[(j + 1) % m], b[j]), g, part)
                i, j = i + 1, j + 1
            elif j >= m or (i < n and ti < tj):
                self.face((a[i], a[(i + 1) % n], b[j % m]), g, part)
                i += 1
            else:
                self.face((a[i % n], b[(j + 1) % m], b[j]), g, part)
                j += 1

    def arrays(self) -> tuple[np.ndarray, list[tuple[int, ...]], np.ndarray, np.ndarray]:
        """(points (N, 3) float64, consistently wound faces, groups (F,) int32, parts (F,) int32)."""
        pts = np.array(self.points)
        faces = orient_faces(self.faces, pts)
        return pts, faces, np.array(self.groups, np.int32), np.array(self.parts, np.int32)


def _align(points: list[np.ndarray], a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``b`` rotated (and reversed when needed) so that it starts next to ``a[0]`` and runs the way ``a`` does."""
    P = np.asarray(points)
    ca, cb = P[a].mean(0), P[b].mean(0)
    da = P[a] - ca
    db = P[b] - cb
    da /= np.linalg.norm(da, axis=1, keepdims=True)
    db /= np.linalg.norm(db, axis=1, keepdims=True)
    n, m = len(a), len(b)
    # score of every start s and direction: a's points against b's at the same arc fraction
    k = (np.arange(m)[:, None] + np.round(np.arange(n) * m / n).astype(int)[None]) % m   # (m, n)
    best, best_score = b, -np.inf
    for order, d in ((b, db), (b[::-1], db[::-1])):
        scores = np.einsum("snc,nc->s", d[k], da)
        s = int(np.argmax(scores))
        if scores[s] > best_score + 1e-12:
            best, best_score = np.roll(order, -s), float(scores[s])
    return best


def orient_faces(faces: list[tuple[int, ...]], points: np.ndarray) -> list[tuple[int, ...]]:
    """Faces of a closed manifold re-wound consistently (every edge walked once each way), outward (positive
    enclosed volume per connected component).

    Raises:
        ValueError: an edge is used by other than two faces (the cage is not a closed 2-manifold).
    """
    edge_faces: dict[tuple[int, int], list[int]] = {}
    for f, poly in enumerate(faces):
        for k in range(len(poly)):
            u, v = poly[k], poly[(k + 1) % len(poly)]
            edge_faces.setdefault((min(u, v), max(u, v)), []).append(f)
    bad = [e for e, fs in edge_faces.items() if len(fs) != 2]
    if bad:
        raise ValueError(f"cage is not a closed 2-manifold: {len(bad)} edges with other than two faces, e.g. {bad[:3]}")
    out: list[tuple[int, ...] | None] = [None] * len(faces)
    for seed in range(len(faces)):
        if out[seed] is not None:
            continue
        out[seed] = tuple(faces[seed])
        component = [seed]
        queue = deque([seed])
        while queue:
            f = queue.popleft()
            poly = out[f]
            for k in range(len(poly)):
                u, v = poly[k], poly[(k + 1) % len(poly)]
                for g in edge_faces[(min(u, v), max(u, v))]:
                    if g == f or out[g] is not None:
                        continue
                    q = faces[g]
                    # g must walk v -> u; reverse it if it walks u -> v
                    walks_uv = any(q[i] == u and q[(i + 1) % len(q)] == v for i in range(len(q)))
                    out[g] = tuple(q[::-1]) if walks_uv else tuple(q)
                    component.append(g)
                    queue.append(g)
        if _enclosed_volume(points, [out[f] for f in component]) < 0:
            for f in component:
                out[f] = tuple(out[f][::-1])
    return [tuple(p) for p in out]  # type: ignore[arg-type]


def _enclosed_volume(points: np.ndarray, polys) -> float:
    """Signed volume [m^3] enclosed by closed polygons (fan triangles from each polygon's first point)."""
    tris = np.array([(p[0], p[k], p[k + 1]) for p in polys for k in range(1, len(p) - 1)])
    a, b, c = points[tris[:, 0]], points[tris[:, 1]], points[tris[:, 2]]
    return float(np.einsum("ij,ij->", a, np.cross(b, c))) / 6.0


def catmull_clark(faces, n_points: int) -> tuple[sp.csr_matrix, np.ndarray, np.ndarray]:
    """One Catmull-Clark step on a closed polygon mesh.

    Args:
        faces: polygons over ``n_points`` points, consistently wound: a list of index tuples, or an (F, k) int
            array of polygons of one size.
    Returns:
        S: (n_points + E + F, n_points) sparse matrix, rows summing to 1 with non-negative entries: new points =
            ``S @ old points`` (old vertices first, then edge points, then face points).
        quads: (sum of face sizes, 4) int64, wound as their parent faces.
        parent: (len(quads),) int64, the face each quad came from.
    Raises:
        ValueError: an edge is used by other than two faces.
    """
    if isinstance(faces, np.ndarray):  # (F, k) polygons of one size
        F = len(faces)
        sizes = np.full(F, faces.shape[1])
        fv = faces.astype(np.int64).ravel()
    else:
        F = len(faces)
        sizes = np.array([len(f) for f in faces])
        fv = np.fromiter((i for f in faces for i in f), dtype=np.int64, count=int(sizes.sum()))  # in face order
    ff = np.repeat(np.arange(F), sizes)
    starts = np.r_[0, np.cumsum(sizes)[:-1]]
    pos = np.arange(len(fv))
    nxt_pos, prev_pos = pos + 1, pos - 1
    nxt_pos[starts + sizes - 1] = starts           # each polygon's last corner wraps to its first
    prev_pos[starts] = starts + sizes - 1
    nxt = fv[nxt_pos]
    lo, hi = np.minimum(fv, nxt), np.maximum(fv, nxt)
    keys = lo * n_points + hi
    ukeys, edge_of, counts = np.unique(keys, return_inverse=True, return_counts=True)
    if np.any(counts != 2):
        raise ValueError("catmull_clark: the mesh is not a closed 2-manifold")
    E = len(ukeys)
    e0, e1 = ukeys // n_points, ukeys % n_points
    # face points: the mean of the face's vertices
    Fp = sp.csr_matrix((1.0 / sizes[ff], (ff, fv)), shape=(F, n_points))
    # each edge's two faces
    order = np.argsort(edge_of, kind="stable")
    ef = ff[order].reshape(E, 2)
    Emid = sp.csr_matrix((np.full(2 * E, 0.5), (np.repeat(np.arange(E), 2), np.stack([e0, e1], 1).ravel())),
                         shape=(E, n_points))
    EF = sp.csr_matrix((np.full(2 * E, 0.5), (np.repeat(np.arange(E), 2), ef.ravel())), shape=(E, F))
    Ep = 0.5 * Emid + 0.5 * (EF @ Fp)
    # vertex points: (Q + 2 R + (n - 3) P) / n
    VF = sp.csr_matrix((np.ones(len(fv)), (fv, ff)), shape=(n_points, F))
    VE = sp.csr_matrix((np.ones(2 * E), (np.stack([e0, e1], 1).ravel(), np.repeat(np.arange(E), 2))),
                       shape=(n_points, E))
    valence = np.asarray(VE.sum(axis=1)).ravel()
    if np.any(valence < 3):
        raise ValueError("catmull_clark: a vertex with fewer than three edges")
    inv_n = sp.diags(1.0 / valence)
    Q = sp.diags(1.0 / np.asarray(VF.sum(axis=1)).ravel()) @ VF @ Fp
    R = sp.diags(1.0 / valence) @ VE @ Emid
    Vp = inv_n @ (Q + 2.0 * R) + sp.diags((valence - 3.0) / valence)
    S = sp.vstack([Vp, Ep, Fp]).tocsr()
    # quads: (v_i, edge(v_i, v_i+1), face point, edge(v_i-1, v_i))
    quads = np.stack([fv, n_points + edge_of, n_points + E + ff, n_points + edge_of[prev_pos]], axis=1)
    return S, quads, ff


def quads_to_triangles(vertices: np.ndarray, quads: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Split each quad (Q, 4) along its shorter diagonal; returns (triangles (2Q, 3) int32, source quad (2Q,))."""
    q = np.asarray(quads)
    d02 = np.linalg.norm(vertices[q[:, 0]] - vertices[q[:, 2]], axis=1)
    d13 = np.linalg.norm(vertices[q[:, 1]] - vertices[q[:, 3]], axis=1)
    use02 = d02 <= d13
    t1 = np.where(use02[:, None], q[:, [0, 1, 2]], q[:, [0, 1, 3]])
    t2 = np.where(use02[:, None], q[:, [0, 2, 3]], q[:, [1, 2, 3]])
    tris = np.empty((2 * len(q), 3), np.int32)
    tris[0::2], tris[1::2] = t1, t2
    return tris, np.repeat(np.arange(len(q)), 2)
