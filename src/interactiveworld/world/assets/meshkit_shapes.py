"""Mesh kit shapes: lathe (revolve), extrusion, sweep along a path and rounded boxes.

Conventions are those of :mod:`.meshkit` (z-up, metres, counter-clockwise outward winding, UV in metres unless a
unit layout is asked for). Each public builder returns a :class:`~.meshkit.MeshPiece`; the ``*_raw`` variants return
the welded :class:`~.meshkit.RawMesh` (and whether it is closed) for builders that deform before finishing.
"""
from __future__ import annotations

import math

import numpy as np

from .meshkit import (
    DEFAULT_CREASE_DEG, MeshPiece, RawMesh, checked_array, checked_count, checked_positive, checked_slot_name, subdivide_raw,
)

__all__ = [
    "revolve", "revolve_raw", "extrude", "extrude_raw", "sweep", "sweep_raw", "rounded_box", "rounded_box_raw",
    "bezier", "triangulate_polygon", "polygon_area",
]


# --------------------------------------------------------------------------------------------------------------
# revolve
# --------------------------------------------------------------------------------------------------------------

def _seg_normals(p: np.ndarray) -> np.ndarray:
    """Unit normals to the right of travel of each segment of a (N, 2) polyline in the (r, z) plane."""
    d = np.diff(p, axis=0)
    n = np.stack([d[:, 1], -d[:, 0]], axis=1)
    return n / np.linalg.norm(n, axis=1, keepdims=True)


def _offset_inward(p: np.ndarray, t: float, on_axis: tuple[bool, bool]) -> np.ndarray:
    """The polyline moved ``t`` to the left of travel (mitred joints, mitre capped at 4 t); ends on the axis stay
    on it (the offset line is cut by r = 0)."""
    sn = _seg_normals(p)
    vn = np.empty_like(p)
    vn[0], vn[-1] = sn[0], sn[-1]
    if len(p) > 2:
        b = sn[:-1] + sn[1:]
        bl = np.linalg.norm(b, axis=1, keepdims=True)
        b = np.where(bl > 1e-9, b / np.maximum(bl, 1e-12), sn[:-1])
        cosh = np.maximum(np.einsum("ij,ij->i", b, sn[1:]), 0.25)
        vn[1:-1] = b / cosh[:, None]
    q = p - t * vn
    for end, on in ((0, on_axis[0]), (-1, on_axis[1])):
        if not on:
            continue
        d = p[1] - p[0] if end == 0 else p[-1] - p[-2]
        d = d / np.linalg.norm(d)
        if abs(d[0]) < 0.1:
            raise ValueError("revolve: a profile end on the axis must leave it sideways for a thickness")
        base = p[end] - t * sn[end]          # the end segment's offset line, cut by r = 0
        s = -base[0] / d[0]
        q[end] = (0.0, base[1] + s * d[1])
    return q


def _rim(a: np.ndarray, b: np.ndarray, bulge: np.ndarray, count: int) -> np.ndarray:
    """Interior points of a half circle from ``a`` to ``b`` bulging toward ``bulge`` (a rounded vessel rim)."""
    c = (a + b) / 2
    rho = np.linalg.norm(a - c)
    e = (a - c) / rho
    t = bulge - np.dot(bulge, e) * e
    t = t / max(np.linalg.norm(t), 1e-12)
    phi = np.linspace(0, math.pi, count + 2)[1:-1]
    return c + rho * (np.cos(phi)[:, None] * e + np.sin(phi)[:, None] * t)


def revolve_raw(profile, segments: int = 32, *, thickness: float | None = None, caps: bool = True,
                closed_loop: bool = False, rim_segments: int = 6, uv: str = "metres", slots=None,
                material: str = "default", inner_material: str | None = None,
                cap_material: str | None = None) -> tuple[RawMesh, bool]:
    """:func:`revolve` before finishing: the welded mesh and whether it encloses a volume."""
    fn = "revolve"
    p = checked_array(fn, "profile", profile, (-1, 2), min_rows=3 if closed_loop else 2)
    s_count = checked_count(fn, "segments", segments, 3)
    rim_n = checked_count(fn, "rim_segments", rim_segments, 1)
    if uv not in ("metres", "unit"):
        raise ValueError(f"revolve: uv must be 'metres' or 'unit', got {uv!r}")
    if np.any(p[:, 0] < 0):
        raise ValueError("revolve: profile radii (column 0) must be >= 0")
    if np.any(np.linalg.norm(np.diff(p, axis=0), axis=1) < 1e-9):
        raise ValueError("revolve: profile has repeated consecutive points")
    n_seg = len(p) if closed_loop else len(p) - 1
    checked_slot_name(fn, "material", material)
    seg_slot = [material] * n_seg if slots is None else list(slots)
    if len(seg_slot) != n_seg or not all(isinstance(s, str) and s for s in seg_slot):
        raise ValueError(f"revolve: slots must be {n_seg} non-empty names (one per profile segment)")
    axis = p[:, 0] <= 1e-12
    if axis[1:-1].any() or (closed_loop and axis.any()):
        raise ValueError("revolve: only the first and last profile points may lie on the axis (r = 0)")
    on = (bool(axis[0]), bool(axis[-1])) if not closed_loop else (False, False)

    pts, sl = p.copy(), seg_slot
    loop = closed_loop
    if thickness is not None:
        t = checked_positive(fn, "thickness", thickness)
        if closed_loop or (on[0] and on[1]):
            raise ValueError("revolve: thickness needs a profile with an open end (not on the axis)")
        q = _offset_inward(p, t, on)
        if np.any(q[:, 0] < -1e-9):
            raise ValueError("revolve: thickness is too large for the profile (the inner wall crosses the axis)")
        q[:, 0] = np.maximum(q[:, 0], 0.0)
        inner = [inner_material or s for s in seg_slot]
        end_rim = _rim(p[-1], q[-1], p[-1] - p[-2], rim_n)
        start_rim = _rim(p[0], q[0], p[0] - p[1], rim_n)
        if on[0]:
            pts = np.concatenate([p, end_rim, q[::-1]])
            sl = seg_slot + [seg_slot[-1]] * (rim_n + 1) + inner[::-1]
        elif on[1]:
            pts = np.concatenate([p[::-1], start_rim, q])
            sl = seg_slot[::-1] + [seg_slot[0]] * (rim_n + 1) + inner
        else:
            pts = np.concatenate([p, end_rim, q[::-1], start_rim[::-1]])
            sl = seg_slot + [seg_slot[-1]] * (rim_n + 1) + inner[::-1] + [seg_slot[0]] * (rim_n + 1)
            loop = True
    elif caps and not closed_loop:
        if not on[0]:
            pts = np.concatenate([[[0.0, p[0, 1]]], pts])
            sl = [cap_material or seg_slot[0]] + sl
        if not on[-1]:
            pts = np.concatenate([pts, [[0.0, p[-1, 1]]]])
            sl = sl + [cap_material or seg_slot[-1]]
    axis = pts[:, 0] <= 1e-12
    closed = loop or bool(axis[0] and axis[-1])

    names = list(dict.fromkeys(sl))
    slot_idx = np.array([names.index(s) for s in sl], np.int32)
    # positions: a ring per off-axis point, one pole per on-axis end
    ang = -math.pi + 2 * math.pi * np.arange(s_count) / s_count     # the UV seam faces -x
    ring_ids, pos = [], []
    for r, z in pts:
        base = sum(len(x) for x in pos)
        if r <= 1e-12:
            pos.append(np.array([[0.0, 0.0, z]]))
            ring_ids.append(np.full(s_count, base))
        else:
            pos.append(np.stack([r * np.cos(ang), r * np.sin(ang), np.full(s_count, z)], axis=1))
            ring_ids.append(base + np.arange(s_count))
    positions = np.concatenate(pos)
    seg_len = np.linalg.norm(np.diff(np.concatenate([pts, pts[:1]]) if loop else pts, axis=0), axis=1)
    v_at = np.concatenate([[0.0], np.cumsum(seg_len)])
    u_at = np.arange(s_count + 1) / s_count
    if uv == "unit":
        v_at = v_at / v_at[-1]
    else:
        u_at = u_at * 2 * math.pi * float(pts[:, 0].max())
    j = np.arange(s_count)
    jn = (j + 1) % s_count
    faces, cuv, fslot = [], [], []
    for i in range(len(seg_len)):
        i2 = (i + 1) % len(pts)
        a_ax, b_ax = axis[i], axis[i2]
        if a_ax and b_ax:
            continue
        A, B, C, D = ring_ids[i][j], ring_ids[i][jn], ring_ids[i2][jn], ring_ids[i2][j]
        va, vb = v_at[i], v_at[i + 1]
        uA, uB = u_at[j], u_at[j + 1]
        um = (uA + uB) / 2
        if not a_ax:   # triangle A B C
            faces.append(np.stack([A, B, C], 1))
            cuv.append(np.stack([np.stack([uA, np.full(s_count, va)], 1), np.stack([uB, np.full(s_count, va)], 1),
                                 np.stack([um if b_ax else uB, np.full(s_count, vb)], 1)], 1))
            fslot.append(np.full(s_count, slot_idx[i]))
        if not b_ax:   # triangle A C D
            faces.append(np.stack([A, C, D], 1))
            cuv.append(np.stack([np.stack([um if a_ax else uA, np.full(s_count, va)], 1),
                                 np.stack([uB, np.full(s_count, vb)], 1), np.stack([uA, np.full(s_count, vb)], 1)], 1))
            fslot.append(np.full(s_count, slot_idx[i]))
    raw = RawMesh(positions, np.concatenate(faces).astype(np.int64), np.concatenate(cuv),
                  np.concatenate(fslot).astype(np.int32), tuple(names))
    return raw, closed


def revolve(profile, segments: int = 32, *, thickness: float | None = None, caps: bool = True,
            closed_loop: bool = False, rim_segments: int = 6, uv: str = "metres", slots=None,
            material: str = "default", inner_material: str | None = None, cap_material: str | None = None,
            crease_deg: float = DEFAULT_CREASE_DEG) -> MeshPiece:
    """A lathe: the (r, z) profile turned about the z axis.

    Args:
        profile: (N, 2) points (radius [m] >= 0, height [m]), a polyline from one end to the other. The outer side
            is to the right of travel in the (r, z) plane, so an outer wall runs bottom to top. Only the ends may
            lie on the axis (r = 0); an end on the axis closes that end with a pole.
        segments: facets around the axis (>= 3).
        thickness: [m] for vessels: an inner wall is offset this far to the left of travel (mitred), the open
            end(s) get a rounded half-circle rim of ``rim_segments`` facets, and an end on the axis gets a bottom
            of this thickness. The result is a closed solid (volume = outer minus inner plus the rim).
        caps: without thickness, open ends off the axis are closed by flat discs (a cylinder from two points).
        closed_loop: the profile is a closed loop off the axis (a torus, a ring); no caps.
        uv: ``"metres"``: u = (theta + pi) * max radius, v = arc length along the profile [m];
            ``"unit"``: u = (theta + pi) / (2 pi), v = arc length / total length, both in [0, 1]. Theta is the
            angle about z from +x; the seam (u = 0 and the largest u) faces -x, u at the middle faces +x.
        slots: one slot name per profile segment (N - 1, or N for a closed loop); default ``material`` for all.
            Inner walls take ``inner_material`` (default: the slot of the segment they line); caps
            ``cap_material`` (default: the slot of the adjacent segment).
        crease_deg: sharp edges where faces meet at more than this [deg].

    Returns:
        A :class:`MeshPiece`; closed (positive volume, watertight) when both ends lie on the axis, with caps, with
        thickness, or for a closed loop.

    Raises:
        ValueError: a bad profile (shape, negative radius, axis points inside, repeated points), segments < 3, a
        thickness too large for the profile, slots of the wrong length, an unknown uv mode.
    """
    raw, closed = revolve_raw(profile, segments, thickness=thickness, caps=caps, closed_loop=closed_loop,
                              rim_segments=rim_segments, uv=uv, slots=slots, material=material,
                              inner_material=inner_material, cap_material=cap_material)
    return raw.finish(crease_deg=crease_deg, closed=closed)


# --------------------------------------------------------------------------------------------------------------
# polygons and extrusion
# --------------------------------------------------------------------------------------------------------------

def polygon_area(poly) -> float:
    """Signed area [m^2] of a (N, 2) polygon (positive when counter-clockwise; shoelace formula)."""
    p = np.asarray(poly, np.float64)
    return float(0.5 * np.sum(p[:, 0] * np.roll(p[:, 1], -1) - np.roll(p[:, 0], -1) * p[:, 1]))


def triangulate_polygon(poly) -> np.ndarray:
    """Ear-clipping triangulation of a simple counter-clockwise polygon, (N - 2, 3) int64 counter-clockwise.

    Raises:
        ValueError: a polygon that is not simple (no ear left to clip).
    """
    p = np.asarray(poly, np.float64)
    idx = list(range(len(p)))
    tris = []
    guard = 0
    k = 0
    while len(idx) > 3:
        n = len(idx)
        found = False
        for step in range(n):
            i = (k + step) % n
            a, b, c = idx[i - 1], idx[i], idx[(i + 1) % n]
            pa, pb, pc = p[a], p[b], p[c]
            cross = (pb[0] - pa[0]) * (pc[1] - pb[1]) - (pb[1] - pa[1]) * (pc[0] - pb[0])
            if cross <= 1e-18:
                continue
            others = np.array([j for j in idx if j not in (a, b, c)])
            if len(others):
                q = p[others]
                d1 = (pb[0] - pa[0]) * (q[:, 1] - pa[1]) - (pb[1] - pa[1]) * (q[:, 0] - pa[0])
                d2 = (pc[0] - pb[0]) * (q[:, 1] - pb[1]) - (pc[1] - pb[1]) * (q[:, 0] - pb[0])
                d3 = (pa[0] - pc[0]) * (q[:, 1] - pc[1]) - (pa[1] - pc[1]) * (q[:, 0] - pc[0])
                if np.any((d1 >= 0) & (d2 >= 0) & (d3 >= 0)):
                    continue
            tris.append((a, b, c))
            del idx[i]
            k = i % len(idx)
            found = True
            break
        guard += 1
        if not found or guard > 4 * len(p):
            raise ValueError("polygon: not a simple polygon (self-intersecting or degenerate)")
    tris.append(tuple(idx))
    return np.asarray(tris, np.int64)


def _clean_polygon(fn: str, polygon) -> np.ndarray:
    p = checked_array(fn, "polygon", polygon, (-1, 2), min_rows=3)
    if np.linalg.norm(p[0] - p[-1]) < 1e-12:
        p = p[:-1]
    if len(p) < 3 or np.any(np.linalg.norm(p - np.roll(p, -1, axis=0), axis=1) < 1e-12):
        raise ValueError(f"{fn}: polygon needs >= 3 distinct consecutive points")
    a = polygon_area(p)
    if abs(a) < 1e-14:
        raise ValueError(f"{fn}: polygon has zero area")
    return p if a > 0 else p[::-1].copy()


def _inset(p: np.ndarray, d: float) -> np.ndarray:
    """A counter-clockwise polygon moved ``d`` inward (mitred)."""
    if d == 0:
        return p.copy()
    e = np.roll(p, -1, axis=0) - p
    e /= np.linalg.norm(e, axis=1, keepdims=True)
    n = np.stack([-e[:, 1], e[:, 0]], axis=1)      # left of travel = inside
    prev = np.roll(n, 1, axis=0)
    b = prev + n
    bl = np.linalg.norm(b, axis=1, keepdims=True)
    b = b / np.maximum(bl, 1e-12)
    cosh = np.maximum(np.einsum("ij,ij->i", b, n), 0.2)
    return p + d * b / cosh[:, None]


def _resample(p: np.ndarray, max_edge: float) -> np.ndarray:
    out = []
    for i in range(len(p)):
        a, b = p[i], p[(i + 1) % len(p)]
        k = max(1, int(math.ceil(np.linalg.norm(b - a) / max_edge - 1e-9)))
        out.append(a + (b - a) * (np.arange(k) / k)[:, None])
    return np.concatenate(out)


def _radial_fraction(p: np.ndarray, poly: np.ndarray) -> np.ndarray:
    """For points inside a polygon that is star-shaped about its vertex centroid: |p - c| / distance from c to the
    boundary along the same ray (0 at the centre, 1 on the boundary)."""
    c = poly.mean(axis=0)
    d = p - c
    a = poly - c
    b = np.roll(poly, -1, axis=0) - c
    e = b - a
    # solve c + t d = c + a + s e  ->  t d - s e = a
    det = d[:, None, 0] * (-e[None, :, 1]) - d[:, None, 1] * (-e[None, :, 0])
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (a[None, :, 0] * (-e[None, :, 1]) - a[None, :, 1] * (-e[None, :, 0])) / det
        s = (d[:, None, 0] * a[None, :, 1] - d[:, None, 1] * a[None, :, 0]) / det
    ok = (np.abs(det) > 1e-18) & (s >= -1e-9) & (s <= 1 + 1e-9) & (t > 1e-12)
    t = np.where(ok, t, np.inf).min(axis=1)
    return np.where(np.isfinite(t), 1.0 / np.maximum(t, 1e-12), 0.0)


def _polar_cap(p: np.ndarray, c: np.ndarray, max_edge: float) -> tuple[np.ndarray, np.ndarray]:
    """Triangles (indices: outline 0..n-1, then interior points) and interior points of a cap made of copies of the
    outline shrunk toward ``c`` (the outline must be star-shaped about ``c``), rings at most ``max_edge`` apart."""
    n = len(p)
    k = max(2, int(math.ceil(float(np.linalg.norm(p - c, axis=1).max()) / max_edge)))
    rings = [c + (p - c) * (j / k) for j in range(k - 1, 0, -1)]      # outer to inner, boundary excluded
    interior = np.concatenate(rings + [c[None]])
    ids = [np.arange(n)] + [n + j * n + np.arange(n) for j in range(k - 1)]
    centre = n + (k - 1) * n
    i = np.arange(n)
    nx = (i + 1) % n
    tris = []
    for a, b in zip(ids[:-1], ids[1:]):   # outer ring a, inner ring b, counter-clockwise seen from +z
        tris += [np.stack([a[i], a[nx], b[nx]], 1), np.stack([a[i], b[nx], b[i]], 1)]
    tris.append(np.stack([ids[-1][i], ids[-1][nx], np.full(n, centre)], 1))
    return np.concatenate(tris).astype(np.int64), interior


def extrude_raw(polygon, depth: float, *, bevel: float = 0.0, bevel_segments: int = 3, dish: float = 0.0,
                max_edge: float | None = None, material: str = "default",
                side_material: str | None = None) -> RawMesh:
    """:func:`extrude` before finishing (always closed)."""
    fn = "extrude"
    p = _clean_polygon(fn, polygon)
    h = checked_positive(fn, "depth", depth)
    b = checked_positive(fn, "bevel", bevel, allow_zero=True)
    dish = float(dish)
    if not math.isfinite(dish):
        raise ValueError(f"extrude: dish must be finite, got {dish!r}")
    if 2 * b >= h:
        raise ValueError(f"extrude: bevel must be below half the depth, got bevel={b} depth={h}")
    k = checked_count(fn, "bevel_segments", bevel_segments, 1)
    checked_slot_name(fn, "material", material)
    ext = p.max(axis=0) - p.min(axis=0)
    if dish != 0.0 or max_edge is not None:
        me = checked_positive(fn, "max_edge", max_edge) if max_edge is not None else float(ext.min()) / 8
        p = _resample(p, me)
    else:
        me = None
    # side profile: (inset, z) from the bottom cap edge to the top cap edge
    if b > 0:
        phi = np.linspace(0, math.pi / 2, k + 1)
        prof = np.concatenate([np.stack([b * (1 - np.sin(phi)), b * (1 - np.cos(phi))], 1),
                               np.stack([b * (1 - np.cos(phi)), h - b + b * np.sin(phi)], 1)])
    else:
        prof = np.array([[0.0, 0.0], [0.0, h]])
    rings = []
    for inset, _z in prof:
        q = _inset(p, inset)
        e0, e1 = np.roll(p, -1, axis=0) - p, np.roll(q, -1, axis=0) - q
        if inset > 0 and (np.any(np.einsum("ij,ij->i", e0, e1) <= 0) or polygon_area(q) <= 0):
            raise ValueError(f"extrude: bevel {b} is too large for this polygon")
        rings.append(q)
    n = len(p)
    tri = triangulate_polygon(p)
    interior = np.zeros((0, 2))
    if dish != 0.0:      # a polar cap (rings shrunk toward the centroid) bends smoothly
        tri, interior = _polar_cap(p, _clean_polygon(fn, polygon).mean(axis=0), me)
    elif me is not None:  # refine the cap; boundary edges are already short enough
        cap = subdivide_raw(RawMesh.single(np.c_[p, np.zeros(n)], tri, np.zeros((len(tri), 3, 2)), "c"), me)
        tri, interior = cap.faces, cap.positions[n:, :2]
    m = len(interior)
    # positions: rings (n each), then bottom interior, then top interior
    pos = [np.c_[q, np.full(n, z)] for q, (_i, z) in zip(rings, prof)]
    pos.append(np.c_[interior, np.zeros(m)])
    pos.append(np.c_[interior, np.full(m, h)])
    positions = np.concatenate(pos)
    last = (len(prof) - 1) * n
    bot_base, top_base = len(prof) * n, len(prof) * n + m

    def cap_ids(ring_base, inner_base):
        return np.where(tri < n, tri + ring_base, tri - n + inner_base)

    faces, cuv, fs = [], [], []
    bot = cap_ids(0, bot_base)[:, [0, 2, 1]]
    top = cap_ids(last, top_base)
    for f in (bot, top):
        faces.append(f)
        cuv.append(positions[f][:, :, :2])
        fs.append(np.zeros(len(f), np.int32))
    side_slot = 0 if side_material in (None, material) else 1
    perim = np.concatenate([[0.0], np.cumsum(np.linalg.norm(np.roll(p, -1, axis=0) - p, axis=1))])
    vprof = np.concatenate([[0.0], np.cumsum(np.linalg.norm(np.diff(prof, axis=0), axis=1))])
    i = np.arange(n)
    inext = (i + 1) % n
    for r in range(len(prof) - 1):
        A, B, C, D = r * n + i, r * n + inext, (r + 1) * n + inext, (r + 1) * n + i
        ua, ub = perim[i], perim[i + 1]
        va, vb = np.full(n, vprof[r]), np.full(n, vprof[r + 1])
        faces += [np.stack([A, B, C], 1), np.stack([A, C, D], 1)]
        cuv += [np.stack([np.c_[ua, va], np.c_[ub, va], np.c_[ub, vb]], 1),
                np.stack([np.c_[ua, va], np.c_[ub, vb], np.c_[ua, vb]], 1)]
        fs += [np.full(n, side_slot, np.int32)] * 2
    slots = (material,) if side_slot == 0 else (material, checked_slot_name(fn, "side_material", side_material))
    raw = RawMesh(positions, np.concatenate(faces).astype(np.int64), np.concatenate(cuv), np.concatenate(fs), slots)
    if dish != 0.0:
        rho = _radial_fraction(raw.positions[:, :2], _clean_polygon(fn, polygon))
        raw.positions[:, 2] -= dish * (1.0 - np.clip(rho, 0.0, 1.0) ** 2)
    return raw


def extrude(polygon, depth: float, *, bevel: float = 0.0, bevel_segments: int = 3, dish: float = 0.0,
            max_edge: float | None = None, material: str = "default", side_material: str | None = None,
            crease_deg: float = DEFAULT_CREASE_DEG) -> MeshPiece:
    """A prism: a simple polygon in the xy plane extruded from z = 0 to z = ``depth``, with optional rounded
    (quarter-circle) bevel and a dish for shallow bowls (a spoon's bowl, a dished tray).

    Args:
        polygon: (N, 2) outline [m], simple (not self-intersecting), either winding; a repeated closing point is
            dropped.
        depth: thickness along z [m] (> 0).
        bevel: radius [m] of the rounded edges (0 = sharp), below half the depth; ``bevel_segments`` facets each.
        dish: [m] both caps are lowered by ``dish * (1 - rho^2)``, rho the radial fraction from the outline's vertex
            centroid to the outline (assumes a star-shaped outline); negative domes. The caps are refined to
            edges of at most ``max_edge`` (default: an eighth of the smaller outline extent) to bend.
        material: slot of the caps; ``side_material`` of the side walls (default the same).

    Returns:
        A closed :class:`MeshPiece`. UV [m]: caps planar (x, y); sides u = distance along the outline from
        ``polygon[0]``, v = distance up the side profile from the bottom cap edge.

    Raises:
        ValueError: a bad polygon (too few points, zero area, not simple), a non-positive depth, a bevel too large
        for the polygon or depth, a non-positive max_edge.
    """
    raw = extrude_raw(polygon, depth, bevel=bevel, bevel_segments=bevel_segments, dish=dish, max_edge=max_edge,
                      material=material, side_material=side_material)
    return raw.finish(crease_deg=crease_deg, closed=True)


# --------------------------------------------------------------------------------------------------------------
# sweep
# --------------------------------------------------------------------------------------------------------------

def bezier(control_points, count: int = 24) -> np.ndarray:
    """Points of a Bezier curve (any degree, Bernstein form) at ``count`` evenly spaced parameters, (count, D).

    Raises:
        ValueError: fewer than 2 control points or count < 2.
    """
    c = checked_array("bezier", "control_points", control_points, (-1, -1), min_rows=2)
    n = checked_count("bezier", "count", count, 2)
    deg = len(c) - 1
    t = np.linspace(0.0, 1.0, n)[:, None]
    k = np.arange(deg + 1)
    binom = np.array([math.comb(deg, int(i)) for i in k], np.float64)
    basis = binom * t ** k * (1 - t) ** (deg - k)
    return basis @ c


def _rmf(x: np.ndarray, t: np.ndarray, r0: np.ndarray) -> np.ndarray:
    """Rotation-minimising normals by the double reflection method (Wang, Juettler, Zheng, Liu 2008, "Computation
    of rotation minimizing frames", ACM TOG 27(1))."""
    r = np.empty_like(x)
    r[0] = r0
    for i in range(len(x) - 1):
        v1 = x[i + 1] - x[i]
        c1 = v1 @ v1
        rl = r[i] - (2 / c1) * (v1 @ r[i]) * v1
        tl = t[i] - (2 / c1) * (v1 @ t[i]) * v1
        v2 = t[i + 1] - tl
        c2 = v2 @ v2
        r[i + 1] = rl if c2 < 1e-20 else rl - (2 / c2) * (v2 @ rl) * v2
        r[i + 1] -= (r[i + 1] @ t[i + 1]) * t[i + 1]
        r[i + 1] /= np.linalg.norm(r[i + 1])
    return r


def sweep_raw(path, *, radius=None, section=None, segments: int = 12, caps: bool = True, closed: bool = False,
              up=(0.0, 0.0, 1.0), material: str = "default") -> tuple[RawMesh, bool]:
    """:func:`sweep` before finishing: the welded mesh and whether it encloses a volume."""
    fn = "sweep"
    x = checked_array(fn, "path", path, (-1, 3), min_rows=3 if closed else 2)
    if closed and np.linalg.norm(x[0] - x[-1]) < 1e-12:
        x = x[:-1]
    seg = np.diff(np.concatenate([x, x[:1]]) if closed else x, axis=0)
    seg_len = np.linalg.norm(seg, axis=1)
    if np.any(seg_len < 1e-12):
        raise ValueError("sweep: path has repeated consecutive points")
    checked_slot_name(fn, "material", material)
    n = len(x)
    if radius is None and section is None:
        raise ValueError("sweep: give radius, section or both")
    if radius is None:
        scale_ = np.ones(n)
    elif np.ndim(radius) == 0:
        scale_ = np.full(n, float(radius))
    else:
        scale_ = checked_array(fn, "radius", radius, (n,))
    if np.any(scale_ <= 0) or not np.isfinite(scale_).all():
        raise ValueError("sweep: radius must be > 0")
    if section is None:
        sc = checked_count(fn, "segments", segments, 3)
        a = 2 * math.pi * np.arange(sc) / sc
        sec = np.stack([np.cos(a), np.sin(a)], 1)
    else:
        sec = _clean_polygon(fn, section)
    m = len(sec)
    d = seg / seg_len[:, None]
    t = np.empty_like(x)
    if closed:
        t = d + np.roll(d, 1, axis=0)
    else:
        t[0], t[-1] = d[0], d[-1]
        t[1:-1] = d[:-1] + d[1:]
    tl = np.linalg.norm(t, axis=1, keepdims=True)
    t = np.where(tl > 1e-9, t / np.maximum(tl, 1e-12), np.concatenate([d, d[-1:]])[:n])
    u0 = checked_array(fn, "up", up, (3,))
    r0 = u0 - (u0 @ t[0]) * t[0]
    if np.linalg.norm(r0) < 1e-6:   # up along the path: fall back to the world axis least aligned with it
        ax = np.eye(3)[int(np.argmin(np.abs(t[0])))]
        r0 = ax - (ax @ t[0]) * t[0]
    r0 /= np.linalg.norm(r0)
    xs = np.concatenate([x, x[:1]]) if closed else x
    ts = np.concatenate([t, t[:1]]) if closed else t
    r = _rmf(xs, ts, r0)
    if closed:   # spread the holonomy angle so the last frame meets the first
        s_ = np.cross(ts[-1], r[-1])
        err = math.atan2(r0 @ s_, r0 @ r[-1])
        frac = np.concatenate([[0.0], np.cumsum(seg_len)])[:n] / seg_len.sum()
        r = r[:n]
        s_all = np.cross(t, r)
        ang = err * frac
        r = np.cos(ang)[:, None] * r + np.sin(ang)[:, None] * s_all
    s = np.cross(t, r)
    pos = x[:, None, :] + scale_[:, None, None] * (sec[None, :, 0, None] * r[:, None, :]
                                                    + sec[None, :, 1, None] * s[:, None, :])
    positions = pos.reshape(-1, 3)
    ring = np.arange(n * m).reshape(n, m)
    sec_len = np.concatenate([[0.0], np.cumsum(np.linalg.norm(np.roll(sec, -1, axis=0) - sec, axis=1))])
    u_at = sec_len * float(scale_.mean())
    v_at = np.concatenate([[0.0], np.cumsum(seg_len)])
    j = np.arange(m)
    jn = (j + 1) % m
    faces, cuv = [], []
    for i in range(len(seg_len) if closed else n - 1):
        i2 = (i + 1) % n
        A, B, C, D = ring[i, j], ring[i, jn], ring[i2, jn], ring[i2, j]
        va, vb = np.full(m, v_at[i]), np.full(m, v_at[i + 1])
        faces += [np.stack([A, B, C], 1), np.stack([A, C, D], 1)]
        cuv += [np.stack([np.c_[u_at[j], va], np.c_[u_at[j + 1], va], np.c_[u_at[j + 1], vb]], 1),
                np.stack([np.c_[u_at[j], va], np.c_[u_at[j + 1], vb], np.c_[u_at[j], vb]], 1)]
    is_closed = closed
    if caps and not closed:
        for end, flip in ((0, True), (n - 1, False)):
            c_id = len(positions)
            positions = np.concatenate([positions, pos[end].mean(axis=0, keepdims=True)])
            f = np.stack([np.full(m, c_id), ring[end, j], ring[end, jn]], 1)
            if flip:
                f = f[:, [0, 2, 1]]
            faces.append(f)
            local = scale_[end] * sec
            cen = local.mean(axis=0)
            lu = np.stack([np.broadcast_to(cen, (m, 2)), local[j], local[jn]], 1)
            cuv.append(lu[:, [0, 2, 1]] if flip else lu)
        is_closed = True
    f = np.concatenate(faces).astype(np.int64)
    return RawMesh(positions, f, np.concatenate(cuv), np.zeros(len(f), np.int32), (material,)), is_closed


def sweep(path, *, radius=None, section=None, segments: int = 12, caps: bool = True, closed: bool = False,
          up=(0.0, 0.0, 1.0), material: str = "default", crease_deg: float = DEFAULT_CREASE_DEG) -> MeshPiece:
    """A tube: a cross-section carried along a 3-D polyline on rotation-minimising frames (no twist), for handles,
    spouts, tap necks, cables and hangers. Sample curves with :func:`bezier`.

    Args:
        path: (N, 3) points [m] (N >= 2; >= 3 when ``closed``).
        radius: [m] scalar or (N,) per path point: the circle radius, or the scale of ``section``.
        section: (M, 2) cross-section outline in the frame's (normal, binormal) plane [m, times ``radius``];
            default a circle of ``segments`` facets.
        caps: close the ends with flat fans (an open path only).
        closed: the path is a loop (a ring, a hoop); the frame twist left by the loop is spread along it.
        up: the first frame's normal is ``up`` made perpendicular to the path.

    Returns:
        A :class:`MeshPiece`, closed when capped or a loop. UV [m]: u = distance around the section (scaled by
        the mean radius), v = distance along the path; caps planar in the section plane.

    Raises:
        ValueError: a bad path (shape, repeated points), neither radius nor section, a non-positive radius, a bad
        section polygon, segments < 3.
    """
    raw, is_closed = sweep_raw(path, radius=radius, section=section, segments=segments, caps=caps, closed=closed,
                               up=up, material=material)
    return raw.finish(crease_deg=crease_deg, closed=is_closed)


# --------------------------------------------------------------------------------------------------------------
# rounded box
# --------------------------------------------------------------------------------------------------------------

def _axis_nodes(h: float, r: float, half_steps: int, flat_steps: int) -> np.ndarray:
    """Coordinates on the expanded cube's axis: edge band nodes (arc angles 0-45 deg per face), then the flat."""
    if r > 0:
        phi = np.linspace(math.pi / 4, 0.0, half_steps + 1)
        band = -h - r * np.tan(phi)
        band[0] = -h - r
    else:
        band = np.array([-h])
    flat = np.linspace(-h, h, flat_steps + 1)[1:-1] if h > 0 else np.zeros(0)
    nodes = np.concatenate([band, flat, -band[::-1]]) if h > 0 else np.concatenate([band, -band[::-1][1:]])
    return nodes


def rounded_box_raw(size, radius: float = 0.0, segments: int = 4, *, max_edge: float | None = None,
                    material: str = "default") -> RawMesh:
    """:func:`rounded_box` before finishing (always closed)."""
    fn = "rounded_box"
    s = checked_array(fn, "size", size, (3,))
    if np.any(s <= 0):
        raise ValueError(f"rounded_box: size must be positive, got {size!r}")
    r = checked_positive(fn, "radius", radius, allow_zero=True)
    if 2 * r > s.min() + 1e-12:
        raise ValueError(f"rounded_box: radius must be at most half the smallest side, got {radius} for {size!r}")
    seg = checked_count(fn, "segments", segments, 1)
    checked_slot_name(fn, "material", material)
    h = np.maximum(s / 2 - r, 0.0)
    half = int(math.ceil(seg / 2))
    flat = [1 if max_edge is None else max(1, int(math.ceil(2 * hk / checked_positive(fn, "max_edge", max_edge))))
            for hk in h]
    nodes = [_axis_nodes(float(h[k]), r, half, flat[k]) for k in range(3)]
    pos_l, face_l, uv_l = [], [], []
    base = 0
    # (normal axis, sign, u axis, v axis) with (u, v, n) right-handed so quads wind outward; uv faces the viewer
    for ax, sign in ((0, 1), (0, -1), (1, 1), (1, -1), (2, 1), (2, -1)):
        b, c = (ax + 1) % 3, (ax + 2) % 3
        gb, gc = np.meshgrid(nodes[b], nodes[c], indexing="ij")
        p = np.zeros(gb.shape + (3,))
        p[..., ax] = sign * (h[ax] + r)
        p[..., b], p[..., c] = gb, gc
        p = p.reshape(-1, 3)
        if r > 0:
            cl = np.clip(p, -h, h)
            d = p - cl
            q = cl + r * d / np.linalg.norm(d, axis=1, keepdims=True)
        else:
            q = p
        nb, nc = gb.shape
        idx = np.arange(nb * nc).reshape(nb, nc) + base
        a0, a1, a2, a3 = idx[:-1, :-1].ravel(), idx[1:, :-1].ravel(), idx[1:, 1:].ravel(), idx[:-1, 1:].ravel()
        f = np.concatenate([np.stack([a0, a1, a2], 1), np.stack([a0, a2, a3], 1)])
        if sign < 0:
            f = f[:, [0, 2, 1]]
        if ax == 2:
            uv = np.stack([q[:, 0], q[:, 1] * sign], 1)
        elif ax == 0:
            uv = np.stack([q[:, 1] * sign, q[:, 2]], 1)
        else:
            uv = np.stack([-q[:, 0] * sign, q[:, 2]], 1)
        pos_l.append(q)
        face_l.append(f)
        uv_l.append(uv[f - base])
        base += len(q)
    allpos = np.concatenate(pos_l)
    weld, inv = np.unique(allpos, axis=0, return_inverse=True)
    faces = inv.reshape(-1)[np.concatenate(face_l)]
    keep = (faces[:, 0] != faces[:, 1]) & (faces[:, 1] != faces[:, 2]) & (faces[:, 0] != faces[:, 2])
    cuv = np.concatenate(uv_l)
    return RawMesh(weld, faces[keep].astype(np.int64), cuv[keep], np.zeros(int(keep.sum()), np.int32), (material,))


def rounded_box(size, radius: float = 0.0, segments: int = 4, *, max_edge: float | None = None,
                material: str = "default", crease_deg: float = DEFAULT_CREASE_DEG) -> MeshPiece:
    """A box centred on the origin with edges and corners rounded to ``radius`` (the Minkowski sum of a smaller
    box and a sphere): appliances, cushions, cartons with soft edges, furniture.

    Args:
        size: (x, y, z) outer size [m], each > 0.
        radius: edge radius [m], 0 (sharp box) to half the smallest side (a capsule-like or round shape).
        segments: facets per quarter circle of an edge (rounded up to even; >= 1).
        max_edge: split the flat faces into cells of at most this side [m] (default: one quad per flat face).

    Returns:
        A closed :class:`MeshPiece`. Box UV [m] per face, planar: sides u = horizontal position to the right as
        seen from outside, v = z; top (x, y); bottom (x, -y).

    Raises:
        ValueError: a non-positive size, a radius out of range, segments < 1, a non-positive max_edge.
    """
    return rounded_box_raw(size, radius, segments, max_edge=max_edge, material=material).finish(
        crease_deg=crease_deg, closed=True)
