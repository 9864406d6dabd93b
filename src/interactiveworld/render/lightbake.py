"""Static light baked once per scene into a lightmap grid per face (:func:`bake_lightmap`): irradiance from area
lights (soft shadows) and an ambient term shaded by ambient occlusion, traced with Embree on the CPU whatever engine
draws the frames.

Method (a per-vertex "lightmap" bake; Pharr, Jakob & Humphreys, *Physically Based Rendering* 3rd ed., 14.2 and
12.5 for the area-light estimator; Zhukov, Iones & Kronin 1998 "An ambient light illumination model" for
obscurance-style ambient occlusion):

* large faces are first split into a barycentric grid (:func:`subdivide`, cells at most ``max_edge`` [m]) so that
  floors, walls and ceilings carry light pools and shadows;
* each face is sampled at its centroid, lifted ``EPS_M`` along its normal: ``AO_RAYS`` cosine-distributed rays of
  ``AO_RANGE_M`` give the unoccluded fraction ``vis``; each area light within reach is sampled at a 2 x 2
  stratified set of points (jittered per face, deterministic), each point contributing
  ``L * (A / 4) * cos_surface * cos_light / d^2`` when a shadow ray reaches it;
* face values are gathered to the corners (area-weighted mean over the faces that share a corner position and
  shading normal), so light varies smoothly over a surface; a face whose AO rays were all blocked (a face inside
  another solid, such as a floor under a wall) is left out of the mean where any neighbour saw light.

The result per face corner: irradiance ``E`` (linear RGB; ambient ``AMBIENT * (AO_FLOOR + (1 - AO_FLOOR) vis)``
plus direct light) and the direct light's irradiance-weighted direction ``D`` (its length is the direct
irradiance, its direction the dominant light direction, used for the specular lobe). Bakes are cached in memory
by a hash of the geometry and lights (a scene layout is baked once per process).
"""
from __future__ import annotations

import hashlib
from collections import OrderedDict

import numpy as np
from embreex import rtcore_scene
from embreex.mesh_construction import TriangleMesh

from ..world.geometry import AreaLight

AMBIENT = np.array([0.24, 0.24, 0.25], np.float32)
"""Ambient irradiance (linear RGB, relative units): the light bounced off walls and ceiling, which a single-bounce
bake leaves out."""
AO_FLOOR = 0.15           # ambient kept in a fully occluded crevice (light still bounces in)
AO_RAYS = 12
AO_RANGE_M = 0.5
EPS_M = 3e-3              # lift of a sample point off its face (acne-free at the scene's float32 scale)
LIGHT_SAMPLES = 4         # 2 x 2 stratified points per area light
MIN_DIST2 = 0.04          # [m^2] distance floor of the point-to-light estimator (no spike at a lamp's face)
MAX_EDGE_M = 0.5          # static faces longer than this are split for the bake
CACHE_SIZE = 8


def _unit(v: np.ndarray) -> np.ndarray:
    n = np.linalg.norm(v, axis=-1, keepdims=True)
    return np.where(n > 1e-12, v / np.maximum(n, 1e-12), 0.0)


_TEMPLATES: dict[int, tuple[np.ndarray, np.ndarray]] = {}


def _template(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Barycentric grid of a triangle split n times per edge: points (P, 3) weights of corners (0, 1, 2), and
    triangles (n^2, 3) indices into them, wound as the parent."""
    hit = _TEMPLATES.get(n)
    if hit is not None:
        return hit
    idx, pts = {}, []
    for i in range(n + 1):
        for j in range(n + 1 - i):
            idx[i, j] = len(pts)
            pts.append((1.0 - (i + j) / n, i / n, j / n))
    tris = []
    for i in range(n):
        for j in range(n - i):
            tris.append((idx[i, j], idx[i + 1, j], idx[i, j + 1]))
            if i + j < n - 1:
                tris.append((idx[i + 1, j], idx[i + 1, j + 1], idx[i, j + 1]))
    _TEMPLATES[n] = out = (np.asarray(pts, np.float64), np.asarray(tris, np.int64))
    return out


def split_counts(verts: np.ndarray, faces: np.ndarray, max_edge: float = MAX_EDGE_M) -> np.ndarray:
    """Splits per edge (F,) int64 of each face for :func:`subdivide`: ceil(longest edge / max_edge), in [1, 48]."""
    tri = np.asarray(verts, np.float64)[np.asarray(faces, np.int64)]
    if len(tri) == 0:
        return np.zeros(0, np.int64)
    longest = np.max(np.linalg.norm(tri - np.roll(tri, 1, axis=1), axis=2), axis=1)
    return np.clip(np.ceil(longest / max_edge), 1, 48).astype(np.int64)


def subdivide(verts: np.ndarray, faces: np.ndarray, attrs: list[np.ndarray], max_edge: float = MAX_EDGE_M):
    """Split faces whose longest edge exceeds ``max_edge`` [m] into an n x n barycentric grid
    (n = ceil(longest / max_edge), at most 48).

    Args:
        verts: (V, 3) positions; faces: (F, 3) int; attrs: per-vertex arrays (V, k) interpolated linearly (NaN
            rows stay NaN).

    Returns:
        (verts (V', 3) float32, faces (F', 3) int32, attrs list of (V', k) float32, source face (F',) int64). Faces
        not split keep their vertices; split faces get vertices of their own.
    """
    verts = np.asarray(verts, np.float64)
    faces = np.asarray(faces, np.int64)
    n = split_counts(verts, faces, max_edge)
    keep = n == 1
    out_v, out_f, out_a, out_src = [verts], [faces[keep]], [[np.asarray(a, np.float64) for a in attrs]], \
        [np.flatnonzero(keep)]
    base = len(verts)
    for k in np.unique(n[~keep]):
        sel = np.flatnonzero(n == k)
        bary, tris = _template(int(k))
        corners = faces[sel]                                      # (S, 3)
        out_v.append(np.einsum("pc,scd->spd", bary, verts[corners]).reshape(-1, 3))
        out_a.append([np.einsum("pc,scd->spd", bary, np.asarray(a, np.float64)[corners]).reshape(-1, a.shape[1])
                      for a in attrs])
        offs = base + np.arange(len(sel))[:, None, None] * len(bary)
        out_f.append((tris[None] + offs).reshape(-1, 3))
        out_src.append(np.repeat(sel, len(tris)))
        base += len(sel) * len(bary)
    new_attrs = [np.concatenate([a[i] for a in out_a]).astype(np.float32) for i in range(len(attrs))]
    return (np.concatenate(out_v).astype(np.float32), np.concatenate(out_f).astype(np.int32), new_attrs,
            np.concatenate(out_src))


def _hash01(ids: np.ndarray, salt: int) -> np.ndarray:
    """Deterministic pseudo-random numbers in [0, 1) per id (a 32-bit integer hash, Wang 1997)."""
    x = (ids.astype(np.uint64) * np.uint64(2654435761) + np.uint64(salt * 97 + 1)) & np.uint64(0xFFFFFFFF)
    x ^= x >> np.uint64(16)
    x = (x * np.uint64(0x45D9F3B)) & np.uint64(0xFFFFFFFF)
    x ^= x >> np.uint64(16)
    return (x & np.uint64(0xFFFFFF)).astype(np.float64) / float(1 << 24)


def _basis(n: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Two unit tangents (N, 3) orthogonal to unit normals n (N, 3) (Frisvad 2012 style, branch on |n_z|)."""
    a = np.where(np.abs(n[:, 2:3]) < 0.9, np.array([[0.0, 0.0, 1.0]]), np.array([[1.0, 0.0, 0.0]]))
    t = _unit(np.cross(a, n))
    return t, np.cross(n, t)


class Occluder:
    """Embree any-hit queries against fixed triangles (the static set)."""

    def __init__(self, verts: np.ndarray, faces: np.ndarray) -> None:
        self._scene = None
        if len(faces):
            self._scene = rtcore_scene.EmbreeScene()
            TriangleMesh(scene=self._scene, vertices=np.ascontiguousarray(verts, np.float32),
                         indices=np.ascontiguousarray(faces, np.int32))

    def occluded(self, o: np.ndarray, d: np.ndarray, t: np.ndarray) -> np.ndarray:
        """(N,) bool: rays o + s d (unit d), 0 < s < t, meet a triangle."""
        if self._scene is None or len(o) == 0:
            return np.zeros(len(o), bool)
        return self._scene.run(np.ascontiguousarray(o, np.float32), np.ascontiguousarray(d, np.float32),
                               query="OCCLUDED", dists=np.ascontiguousarray(t, np.float32)) != -1


def _light_arrays(lights) -> tuple:
    c = np.array([l.center for l in lights], np.float64).reshape(-1, 3)
    n = np.array([l.normal for l in lights], np.float64).reshape(-1, 3)
    u = np.array([l.half_u for l in lights], np.float64).reshape(-1, 3)
    v = np.array([l.half_v for l in lights], np.float64).reshape(-1, 3)
    rad = np.array([l.radiance for l in lights], np.float64).reshape(-1, 3)
    area = np.array([l.area for l in lights], np.float64)
    return c, n, u, v, rad, area


def direct_unshadowed(points: np.ndarray, normals: np.ndarray, lights, weights=None) -> tuple[np.ndarray, np.ndarray]:
    """Irradiance (N, 3) and direction-weighted irradiance (N, 3) at points with unit normals from ``lights``
    treated as points at their centres, each scaled by ``weights`` (L,) (default 1), without shadow rays (the
    per-frame estimate for meshes that move)."""
    c, ln, _, _, rad, area = _light_arrays(lights)
    weights = np.ones(len(c)) if weights is None else np.asarray(weights, float)
    on = weights > 0
    if not on.any() or len(points) == 0:
        return np.zeros((len(points), 3)), np.zeros((len(points), 3))
    c, ln, rad, area, weights = c[on], ln[on], rad[on], area[on], weights[on]
    w = c[None] - points[:, None]                        # (N, L, 3)
    d2 = np.maximum(np.einsum("nlk,nlk->nl", w, w), MIN_DIST2)
    w /= np.sqrt(d2)[..., None]
    g = np.maximum(np.einsum("nk,nlk->nl", normals, w), 0) * np.maximum(-np.einsum("nlk,lk->nl", w, ln), 0) * \
        (area * weights) / d2
    return g @ rad, np.einsum("nl,nlk->nk", g * rad.mean(axis=1), w)


PROBE_AO_RAYS = 16


def probe(occ: "Occluder | None", verts: np.ndarray, lights) -> tuple[np.ndarray, float]:
    """A light probe at the centre of the bounds of ``verts`` (V, 3): the visible fraction of each light (L,)
    from 2 x 2 points on it, and the unoccluded fraction of ``PROBE_AO_RAYS`` upward cosine-distributed rays of
    ``AO_RANGE_M`` (1 with no occluder)."""
    lights = list(lights)
    if occ is None or len(verts) == 0:
        return np.ones(len(lights)), 1.0
    v = np.asarray(verts, np.float64)
    c = 0.5 * (v.min(axis=0) + v.max(axis=0))
    k = np.arange(PROBE_AO_RAYS)
    r = np.sqrt((k + 0.5) / PROBE_AO_RAYS)
    phi = k * 2.399963
    d = np.stack([r * np.cos(phi), r * np.sin(phi), np.sqrt(1 - r * r)], 1)
    ao = float(np.mean(~occ.occluded(np.repeat(c[None], len(d), 0), d, np.full(len(d), AO_RANGE_M))))
    vis = np.ones(len(lights))
    if lights:
        lc, _, lu, lv, _, _ = _light_arrays(lights)
        st = np.array([(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)])
        q = (lc[:, None] + st[None, :, 0:1] * lu[:, None] + st[None, :, 1:2] * lv[:, None]).reshape(-1, 3)
        w = q - c
        dist = np.linalg.norm(w, axis=1)
        seen = ~occ.occluded(np.repeat(c[None], len(q), 0), w / np.maximum(dist, 1e-9)[:, None],
                             np.maximum(dist - 0.02, 1e-3))
        vis = seen.reshape(len(lights), 4).mean(axis=1)
    return vis, ao


def bake_faces(occ: Occluder, verts: np.ndarray, faces: np.ndarray, face_n: np.ndarray, lights) -> tuple:
    """Per face: (irradiance (F, 3), direction-weighted direct irradiance (F, 3), vis (F,)) at the centroids of
    ``faces`` lifted along the unit normals ``face_n`` (F, 3); see the module docstring."""
    nf = len(faces)
    p = verts[faces].astype(np.float64).mean(axis=1) + face_n * EPS_M
    ids = np.arange(nf)
    # ambient occlusion: cosine-distributed directions, a fixed spiral rotated per face
    t1, t2 = _basis(face_n)
    rot = _hash01(ids, 1) * 2 * np.pi
    vis = np.zeros(nf)
    for k in range(AO_RAYS):
        r = np.sqrt((k + 0.5) / AO_RAYS)
        phi = rot + k * 2.399963   # golden angle
        d = (r * np.cos(phi))[:, None] * t1 + (r * np.sin(phi))[:, None] * t2 + np.sqrt(1 - r * r) * face_n
        vis += ~occ.occluded(p, d, np.full(nf, AO_RANGE_M))
    vis /= AO_RAYS
    e = np.zeros((nf, 3))
    dom = np.zeros((nf, 3))
    if lights:
        for li, (c, ln, lu, lv, rad, area) in enumerate(zip(*_light_arrays(lights))):
            w = c - p
            d2 = np.einsum("ij,ij->i", w, w)
            wn = w / np.sqrt(np.maximum(d2, 1e-12))[:, None]
            est = np.maximum(np.einsum("ij,ij->i", face_n, wn), 0) * np.maximum(-(wn @ ln), 0) * area / \
                np.maximum(d2, MIN_DIST2) * rad.max()
            sel = np.flatnonzero(est > 2e-3)
            if not len(sel):
                continue
            ps, ns = p[sel], face_n[sel]
            for s in range(LIGHT_SAMPLES):
                a = ((s % 2) + _hash01(sel, 10 + li * 8 + s)) - 1.0    # stratified in [-1, 1]
                b = ((s // 2) + _hash01(sel, 11 + li * 8 + s)) - 1.0
                q = c + a[:, None] * lu + b[:, None] * lv
                w = q - ps
                dist = np.sqrt(np.maximum(np.einsum("ij,ij->i", w, w), 1e-12))
                w /= dist[:, None]
                g = np.maximum(np.einsum("ij,ij->i", ns, w), 0) * np.maximum(-(w @ ln), 0) * (area / LIGHT_SAMPLES) \
                    / np.maximum(dist * dist, MIN_DIST2)
                todo = g > 0
                seen = np.zeros(len(sel), bool)
                if todo.any():
                    seen[todo] = ~occ.occluded(ps[todo], w[todo], np.maximum(dist[todo] - 0.02, 1e-3))
                g = g * seen
                e[sel] += g[:, None] * rad
                dom[sel] += (g * rad.mean())[:, None] * w
    e += AMBIENT * (AO_FLOOR + (1.0 - AO_FLOOR) * vis)[:, None]
    return e, dom, vis


def gather_corners(verts: np.ndarray, faces: np.ndarray, corner_n: np.ndarray, values: list[np.ndarray],
                   weight: np.ndarray) -> list[np.ndarray]:
    """Face values (F, k) averaged to corners (F, 3, k): mean over the faces whose corner shares a position
    (to 1 mm) and a normal (to 0.15 per component), weighted by ``weight`` (F,)."""
    nf = len(faces)
    pos = np.round(verts[faces].reshape(-1, 3) / 1e-3).astype(np.int64)
    nq = np.round(np.nan_to_num(corner_n.reshape(-1, 3)) / 0.15).astype(np.int64)
    _, inv = np.unique(np.concatenate([pos, nq], axis=1), axis=0, return_inverse=True)
    inv = inv.reshape(-1)
    w = np.repeat(weight, 3)
    wsum = np.bincount(inv, weights=w)
    out = []
    for val in values:
        rep = np.repeat(val, 3, axis=0)
        acc = np.stack([np.bincount(inv, weights=w * rep[:, c], minlength=len(wsum)) for c in range(val.shape[1])], 1)
        out.append((acc / np.maximum(wsum, 1e-12)[:, None])[inv].reshape(nf, 3, -1).astype(np.float32))
    return out


_CACHE: "OrderedDict[str, tuple]" = OrderedDict()


def layout_key(verts: np.ndarray, faces: np.ndarray, corner_n: np.ndarray, lights) -> str:
    """Cache key of a bake: a hash of the triangles, their corner normals and the lights."""
    h = hashlib.blake2b(digest_size=16)
    for a in (verts, faces, np.nan_to_num(corner_n)):
        h.update(np.ascontiguousarray(a).tobytes())
    h.update(repr([(l.center, l.normal, l.half_u, l.half_v, l.radiance) for l in lights]).encode())
    return h.hexdigest()


def bake(verts: np.ndarray, faces: np.ndarray, corner_n: np.ndarray, lights: list[AreaLight],
         occ: Occluder | None = None, *, cache: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Baked light of a triangle set: (irradiance (F, 3, 3), direction-weighted direct irradiance (F, 3, 3)) per
    face corner, linear RGB, float32.

    Args:
        verts: (V, 3) [m]; faces: (F, 3) int; corner_n: (F, 3, 3) unit shading normal per corner (the face's
            geometric normal for flat faces); lights: the area lights.
        occ: the occluder to trace against (default: these triangles).
        cache: reuse (and remember) the bake of identical input.

    Raises:
        ValueError: shapes that do not match.
    """
    verts = np.asarray(verts, np.float32)
    faces = np.asarray(faces, np.int64)
    corner_n = np.asarray(corner_n, np.float32)
    if verts.ndim != 2 or verts.shape[1] != 3 or faces.ndim != 2 or faces.shape[1] != 3:
        raise ValueError(f"bake: expected verts (V, 3) and faces (F, 3), got {verts.shape}, {faces.shape}")
    if corner_n.shape != (len(faces), 3, 3):
        raise ValueError(f"bake: corner_n expected ({len(faces)}, 3, 3), got {corner_n.shape}")
    if len(faces) == 0:
        return np.zeros((0, 3, 3), np.float32), np.zeros((0, 3, 3), np.float32)
    key = layout_key(verts, faces, corner_n, lights) if cache else None
    if key is not None and key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    tri = verts[faces].astype(np.float64)
    geo = np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])
    area = 0.5 * np.linalg.norm(geo, axis=1)
    geo = _unit(geo)
    mean_n = corner_n.sum(axis=1)
    geo = np.where((np.einsum("ij,ij->i", geo, mean_n) < 0)[:, None], -geo, geo)   # the side the normals face
    occ = occ or Occluder(verts, faces)
    e, dom, vis = bake_faces(occ, verts, faces, geo, lights)
    weight = np.maximum(area, 1e-10) * np.where(vis > 0, 1.0, 1e-4)
    irr, d = gather_corners(verts, faces, corner_n, [e, dom], weight)
    out = (irr, d)
    if key is not None:
        _CACHE[key] = out
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
    return out


def bake_lightmap(verts: np.ndarray, faces: np.ndarray, vnormals: np.ndarray, lights: list[AreaLight],
                  max_edge: float = MAX_EDGE_M) -> dict:
    """The baked light of a triangle set as a lightmap per face: each face split n x n (:func:`split_counts`) for
    the bake, its light stored at the (n + 1)(n + 2) / 2 points of its barycentric grid, so a renderer traces the
    faces as they are and interpolates inside the grid cell a hit falls in.

    Args:
        verts: (V, 3) [m]; faces: (F, 3) int; vnormals: (V, 3) unit shading normals, NaN rows for flat parts;
        lights: the area lights.

    Returns:
        dict of ``lm_n`` (F,) int32 splits per edge, ``lm_off`` (F,) int32 first grid point of each face, ``lm_e``
        (P, 3) float32 irradiance and ``lm_d`` (P, 3) float32 direction-weighted direct irradiance at the grid
        points; a face's points are ordered i = 0..n (toward its corner 1), then j = 0..n - i (toward corner 2),
        point (i, j) at barycentric weights (1 - (i + j) / n, i / n, j / n).
    """
    verts = np.asarray(verts, np.float32)
    faces = np.asarray(faces, np.int64).reshape(-1, 3)
    n = split_counts(verts, faces, max_edge)
    nv, nf, (nvn,), src = subdivide(verts, faces, [np.asarray(vnormals, np.float32)], max_edge)
    tri = nv[nf].astype(np.float64)
    fn = _unit(np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0]))
    cn = nvn[nf]
    bad = ~np.isfinite(cn).all(axis=2)
    cn = np.where(bad[:, :, None], fn[:, None, :], cn).astype(np.float32)
    e, d = bake(nv, nf, cn, lights)
    keep = np.flatnonzero(n == 1)
    k1 = len(keep)
    lm_e, lm_d = [e[:k1][:, [0, 2, 1]].reshape(-1, 3)], [d[:k1][:, [0, 2, 1]].reshape(-1, 3)]
    lm_off = np.zeros(len(faces), np.int64)
    lm_off[keep] = 3 * np.arange(k1)
    vert_e = np.zeros((len(nv), 3), np.float32)
    vert_d = np.zeros((len(nv), 3), np.float32)
    vert_e[nf[k1:].reshape(-1)] = e[k1:].reshape(-1, 3)
    vert_d[nf[k1:].reshape(-1)] = d[k1:].reshape(-1, 3)
    base_v, base_p = len(verts), 3 * k1
    for k in np.unique(n[n > 1]):
        sel = np.flatnonzero(n == k)
        npts = (k + 1) * (k + 2) // 2
        lm_e.append(vert_e[base_v:base_v + len(sel) * npts])
        lm_d.append(vert_d[base_v:base_v + len(sel) * npts])
        lm_off[sel] = base_p + npts * np.arange(len(sel))
        base_v += len(sel) * npts
        base_p += len(sel) * npts
    return {"lm_n": n.astype(np.int32), "lm_off": lm_off.astype(np.int32),
            "lm_e": np.concatenate(lm_e).astype(np.float32) if lm_e else np.zeros((0, 3), np.float32),
            "lm_d": np.concatenate(lm_d).astype(np.float32) if lm_d else np.zeros((0, 3), np.float32)}


def corner_lightmap(corner_e: np.ndarray, corner_d: np.ndarray) -> dict:
    """A lightmap of one grid cell per face (n = 1) from per-corner values (F, 3, 3), as :func:`bake_lightmap`."""
    f = len(corner_e)
    return {"lm_n": np.ones(f, np.int32), "lm_off": (3 * np.arange(f)).astype(np.int32),
            "lm_e": np.asarray(corner_e, np.float32)[:, [0, 2, 1]].reshape(-1, 3),
            "lm_d": np.asarray(corner_d, np.float32)[:, [0, 2, 1]].reshape(-1, 3)}
