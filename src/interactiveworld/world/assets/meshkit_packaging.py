"""Mesh kit packaging: cans, bottles, gable-top cartons and pillow bags, with UV laid out for printed artwork.

Conventions are those of :mod:`.meshkit` (z-up, metres, outward winding); every item stands on z = 0 centred on the
z axis with its front facing +x (a viewer at +x looking along -x sees +y to the right, as in the asset catalog).

Label layouts (the printed texture is addressed with clamping, (0, 0) = bottom-left of the image):

* :func:`can` and :func:`bottle`: faces of slot ``"label"`` wrap the cylindrical band once: u = (theta + pi) /
  (2 pi), so the image's centre column faces +x (the front) and its left and right edges meet at the back (-x);
  v = 0 at the bottom of the band, 1 at its top. Print the front in the middle half of the image.
* :func:`gable_carton`: faces of slot ``"print"`` are the four walls, unrolled left to right as seen from outside:
  front (+x), right (+y), back (-x), left (-y), u proportional to the distance along the perimeter
  (:func:`carton_label_layout` gives each panel's u range), v = 0 at the base, 1 at the top of the walls.
* :func:`pillow_bag`: faces of slot ``"print"``: the front sheet (+x) takes u in [0, 0.5], the back sheet u in
  [0.5, 1] (each read left to right from its own side), v = 0 at the bottom crimp and 1 at the top crimp; the
  crimped seals sample just outside v in [0, 1], i.e. the image's bottom and top rows.
"""
from __future__ import annotations

import math

import numpy as np

from .meshkit import (
    DEFAULT_CREASE_DEG, MeshPiece, RawMesh, checked_positive, merge, merge_raw, rotate, transform,
)
from .meshkit_shapes import extrude, revolve, revolve_raw, rounded_box_raw

__all__ = ["can", "bottle", "gable_carton", "carton_label_layout", "pillow_bag"]


def _label_uv(raw: RawMesh, slot: str, r_ref: float, z0: float, z1: float) -> None:
    """Re-map the corner UV of ``slot`` faces of a metres-UV lathe to the unit band layout (module docstring)."""
    m = raw.face_slot == raw.slots.index(slot)
    z = raw.positions[raw.faces[m]][:, :, 2]
    raw.corner_uv[m, :, 0] = raw.corner_uv[m, :, 0] / (2 * math.pi * r_ref)
    raw.corner_uv[m, :, 1] = (z - z0) / (z1 - z0)


def can(diameter: float = 0.066, height: float = 0.115, *, segments: int = 48,
        crease_deg: float = DEFAULT_CREASE_DEG) -> MeshPiece:
    """A drink can: domed base on a stand ring, straight printed body, necked top with a seamed rim and a
    recessed lid.

    Args:
        diameter, height: [m] (a 330 ml can is 0.066 x 0.115).
        segments: facets around.

    Returns:
        A closed :class:`MeshPiece` with slots ``"metal"`` (UV [m]) and ``"label"`` (the straight body; unit band
        layout, module docstring).

    Raises:
        ValueError: non-positive sizes, a height under half the diameter.
    """
    D = checked_positive("can", "diameter", diameter)
    H = checked_positive("can", "height", height)
    if H < D / 2:
        raise ValueError(f"can: height must be at least half the diameter, got {H} for diameter {D}")
    R = D / 2
    z0, z1 = 0.30 * R, H - 0.40 * R
    prof = [(0, 0.30 * R), (0.55 * R, 0.22 * R), (0.75 * R, 0.06 * R), (0.80 * R, 0.0), (0.86 * R, 0.0),
            (0.95 * R, 0.08 * R), (R, z0), (R, z1), (0.92 * R, H - 0.22 * R), (0.88 * R, H - 0.08 * R),
            (0.90 * R, H), (0.84 * R, H), (0.82 * R, H - 0.08 * R), (0, H - 0.07 * R)]
    slots = ["metal"] * (len(prof) - 1)
    slots[6] = "label"
    raw, _ = revolve_raw(prof, segments, uv="metres", slots=slots)
    _label_uv(raw, "label", R, z0, z1)
    return raw.finish(crease_deg=crease_deg, closed=True)


def bottle(height: float = 0.25, diameter: float = 0.07, *, neck_diameter: float = 0.026,
           shoulder: float = 0.55, neck: float = 0.80, label=(0.12, 0.50), cap_height: float = 0.02,
           body_material: str = "glass", segments: int = 40, crease_deg: float = DEFAULT_CREASE_DEG) -> MeshPiece:
    """A bottle: a punted base with a rounded heel, straight body with a label band, a cosine shoulder, a neck
    with a bead, and a screw cap.

    Args:
        height: to the top of the cap [m]; diameter: of the body [m]; neck_diameter [m].
        shoulder, neck: heights where the shoulder starts and the neck starts, as fractions of ``height``
            (0 < label top <= shoulder < neck < 1).
        label: (bottom, top) of the label band as fractions of ``height``, on the straight body.
        cap_height: [m]; body_material: slot of the bottle itself (``"glass"``, ``"plastic"``).

    Returns:
        A :class:`MeshPiece` (body and cap each closed) with slots ``body_material`` (UV [m]), ``"label"`` (unit
        band layout, module docstring) and ``"cap"`` (UV [m]).

    Raises:
        ValueError: non-positive sizes, fractions out of order, a neck wider than the body.
    """
    H = checked_positive("bottle", "height", height)
    D = checked_positive("bottle", "diameter", diameter)
    dn = checked_positive("bottle", "neck_diameter", neck_diameter)
    ch = checked_positive("bottle", "cap_height", cap_height)
    l0, l1 = (float(x) for x in label)
    if not (0 < l0 < l1 <= shoulder < neck < 1):
        raise ValueError(f"bottle: need 0 < label[0] < label[1] <= shoulder < neck < 1, got label={label!r}, "
                         f"shoulder={shoulder!r}, neck={neck!r}")
    if dn >= D:
        raise ValueError(f"bottle: neck_diameter must be below diameter, got {dn} >= {D}")
    if 1.4 * ch >= (1 - neck) * H:
        raise ValueError(f"bottle: cap_height {ch} does not fit on a neck of {(1 - neck) * H:.4f} m (with its bead)")
    R, rn = D / 2, dn / 2
    f = 0.15 * R
    heel = [(R - f + f * math.sin(a), f - f * math.cos(a)) for a in np.linspace(0, math.pi / 2, 5)]
    zs, zn = shoulder * H, neck * H
    s = np.linspace(0, 1, 12)[1:]
    sh = [(rn + (R - rn) * (1 + math.cos(math.pi * t)) / 2, zs + t * (zn - zs)) for t in s]
    top, zc = H - 0.1 * ch, H - ch             # glass ends inside the cap; the bead sits just below it
    prof = [(0, 0.05 * D), (0.6 * R, 0.01 * D)] + heel + [(R, l0 * H), (R, l1 * H)]
    if l1 < shoulder:
        prof.append((R, zs))
    prof += sh + [(rn, zc - 0.35 * ch), (rn * 1.15, zc - 0.28 * ch), (rn * 1.15, zc - 0.12 * ch),
                  (rn, zc - 0.05 * ch), (rn, top), (0, top)]
    n_seg = len(prof) - 1
    i_label = prof.index((R, l0 * H))
    slots = [body_material] * n_seg
    slots[i_label] = "label"
    raw, _ = revolve_raw(prof, segments, uv="metres", slots=slots)
    _label_uv(raw, "label", R, l0 * H, l1 * H)
    rc = rn * 1.2
    cap_prof = [(0, H - ch), (rc, H - ch), (rc, H - 0.12 * ch), (rc * 0.92, H), (0, H)]
    cap, _ = revolve_raw(cap_prof, segments, uv="metres", material="cap")
    return merge([raw.finish(crease_deg=crease_deg, closed=True), cap.finish(crease_deg=crease_deg, closed=True)])


def carton_label_layout(width: float, depth: float) -> dict[str, tuple[float, float]]:
    """The u range of each wall of a :func:`gable_carton` print: ``{"front": (0, w / P), "right": ...,
    "back": ..., "left": (..., 1)}`` with perimeter P = 2 (width + depth); width along y (front and back),
    depth along x (sides).

    Raises:
        ValueError: non-positive sizes.
    """
    w = checked_positive("carton_label_layout", "width", width)
    d = checked_positive("carton_label_layout", "depth", depth)
    p = 2 * (w + d)
    edges = np.cumsum([0.0, w, d, w, d]) / p
    return {name: (float(edges[i]), float(edges[i + 1])) for i, name in enumerate(("front", "right", "back", "left"))}


def gable_carton(width: float = 0.07, depth: float = 0.07, height: float = 0.19, *, gable: float = 0.025,
                 fin: float = 0.012, spout_cap: bool = True, crease_deg: float = DEFAULT_CREASE_DEG) -> MeshPiece:
    """A gable-top carton (milk, juice): four printed walls, two roof panels rising to a ridge along y, triangular
    gable ends, a sealed fin on the ridge and optionally a screw cap on the front roof panel.

    Args:
        width: along y (the front face) [m]; depth: along x [m]; height: of the walls [m]; gable: roof rise [m];
        fin: height of the sealed fin above the ridge [m].

    Returns:
        A :class:`MeshPiece` (body, fin and cap each closed) with slots ``"print"`` (walls; layout in the module
        docstring and :func:`carton_label_layout`), ``"carton"`` (base, roof, gables, fin; UV [m]) and ``"cap"``.

    Raises:
        ValueError: non-positive sizes.
    """
    W = checked_positive("gable_carton", "width", width)
    Dp = checked_positive("gable_carton", "depth", depth)
    H = checked_positive("gable_carton", "height", height)
    G = checked_positive("gable_carton", "gable", gable)
    F = checked_positive("gable_carton", "fin", fin)
    xy = np.array([(Dp / 2, -W / 2), (Dp / 2, W / 2), (-Dp / 2, W / 2), (-Dp / 2, -W / 2)])
    pos = np.concatenate([np.c_[xy, np.zeros(4)], np.c_[xy, np.full(4, H)],
                          [(0, -W / 2, H + G), (0, W / 2, H + G)]])
    b, t, r0, r1 = [0, 1, 2, 3], [4, 5, 6, 7], 8, 9
    faces, cuv, slot = [], [], []

    def add(tri_list, uv_list, s):
        faces.extend(tri_list)
        cuv.extend(uv_list)
        slot.extend([s] * len(tri_list))

    # walls with the unrolled print layout
    lay = carton_label_layout(W, Dp)
    for k, name in enumerate(("front", "right", "back", "left")):
        u0, u1 = lay[name]
        a, bb, c, d = b[k], b[(k + 1) % 4], t[(k + 1) % 4], t[k]
        add([(a, bb, c), (a, c, d)], [[(u0, 0), (u1, 0), (u1, 1)], [(u0, 0), (u1, 1), (u0, 1)]], 0)

    def planar(tris, axes):
        for tri in tris:
            add([tri], [[tuple(pos[i][list(axes)]) for i in tri]], 1)

    planar([(b[0], b[3], b[2]), (b[0], b[2], b[1])], (0, 1))                 # base
    planar([(t[0], t[1], r1), (t[0], r1, r0)], (1, 0))                       # front roof
    planar([(t[2], t[3], r0), (t[2], r0, r1)], (1, 0))                       # back roof
    planar([(t[1], t[2], r1)], (0, 2))                                       # right gable
    planar([(t[3], t[0], r0)], (0, 2))                                       # left gable
    body = RawMesh(pos, np.asarray(faces, np.int64), np.asarray(cuv, np.float64), np.asarray(slot, np.int32),
                   ("print", "carton"))
    ft = min(0.004, Dp / 8)
    fin_raw = rounded_box_raw((ft, W, F + 0.004), 0.0, 1, material="carton")
    fin_raw.positions = fin_raw.positions + (0, 0, H + G + F / 2 - 0.002)
    parts = [merge_raw([body, fin_raw]).finish(crease_deg=crease_deg, closed=True)]
    if spout_cap:
        rc = min(0.012, W / 5, Dp / 5)
        cap = revolve([(rc, 0), (rc, 0.011), (rc * 0.9, 0.013)], 32, material="cap")
        slope = math.atan2(G, Dp / 2)
        cap = rotate(cap.translated((0, 0, -0.002)), (0, 1, 0), slope)
        cap = cap.translated((Dp / 4, W / 5, H + G / 2))
        parts.append(cap)
    return merge(parts)


def pillow_bag(width: float = 0.20, height: float = 0.28, *, thickness: float = 0.07, crimp: float = 0.02,
               teeth: int = 24, segments: int = 20, crease_deg: float = DEFAULT_CREASE_DEG) -> MeshPiece:
    """A pillow bag (crisps, snacks, coffee): two printed sheets puffed into a cushion that pinches to a seam at
    the sides, with flat crimped seals across the top and bottom (zig-zag outer edges).

    Args:
        width: along y [m]; height: overall, seals included [m]; thickness: at the fullest point [m];
        crimp: height of each seal [m]; teeth: zig-zag teeth across a seal; segments: grid cells per side.

    Returns:
        A :class:`MeshPiece` in one slot ``"print"`` (layout in the module docstring): the pillow is closed (the
        sheets share their edges), each seal is a thin closed plate standing on the pillow's edge.

    Raises:
        ValueError: non-positive sizes, seals taller than a third of the height, teeth < 2, segments < 2.
    """
    W = checked_positive("pillow_bag", "width", width)
    H = checked_positive("pillow_bag", "height", height)
    T = checked_positive("pillow_bag", "thickness", thickness)
    c = checked_positive("pillow_bag", "crimp", crimp)
    if 3 * c >= H:
        raise ValueError(f"pillow_bag: crimp must be under a third of the height, got {c} for {H}")
    if isinstance(teeth, bool) or not isinstance(teeth, int) or teeth < 2:
        raise ValueError(f"pillow_bag: teeth must be a whole number >= 2, got {teeth!r}")
    if isinstance(segments, bool) or not isinstance(segments, int) or segments < 2:
        raise ValueError(f"pillow_bag: segments must be a whole number >= 2, got {segments!r}")
    n = segments
    s = np.linspace(0, 1, n + 1)
    t = np.linspace(0, 1, n + 1)
    S, Tt = np.meshgrid(s, t, indexing="ij")
    puff = (T / 2) * np.sin(math.pi * S) ** 0.5 * np.sin(math.pi * Tt) ** 0.6
    y = (S - 0.5) * W * (1 - 0.06 * np.sin(math.pi * Tt))
    z = c + Tt * (H - 2 * c)
    edge = (S == 0) | (S == 1) | (Tt == 0) | (Tt == 1)
    puff = np.where(edge, 0.0, puff)            # the sheets meet exactly on the seams
    front = np.stack([puff, y, z], -1).reshape(-1, 3)
    back = np.stack([-puff, y, z], -1).reshape(-1, 3)
    idx_f = np.arange((n + 1) ** 2).reshape(n + 1, n + 1)
    idx_b = np.where(edge, idx_f, 0)
    inner = ~edge
    idx_b[inner] = (n + 1) ** 2 + np.arange(int(inner.sum()))
    pos = np.concatenate([front, back[inner.reshape(-1)]])
    faces, cuv = [], []
    for ids, side in ((idx_f, 0), (idx_b, 1)):
        a, b_, c_, d = ids[:-1, :-1].ravel(), ids[1:, :-1].ravel(), ids[1:, 1:].ravel(), ids[:-1, 1:].ravel()
        su = 0.5 * S if side == 0 else 0.5 + 0.5 * (1 - S)
        uv = np.stack([su, Tt], -1)
        ua, ub, uc, ud = (uv[:-1, :-1].reshape(-1, 2), uv[1:, :-1].reshape(-1, 2), uv[1:, 1:].reshape(-1, 2),
                          uv[:-1, 1:].reshape(-1, 2))
        # the two corner cells whose a-c diagonal would leave a triangle with all corners on the seam (shared
        # by both sheets) are split along b-d instead
        alt = np.zeros((n, n), bool)
        alt[0, n - 1] = alt[n - 1, 0] = True
        alt = alt.ravel()
        t1 = np.where(alt[:, None], np.stack([a, b_, d], 1), np.stack([a, b_, c_], 1))
        t2 = np.where(alt[:, None], np.stack([b_, c_, d], 1), np.stack([a, c_, d], 1))
        u1 = np.where(alt[:, None, None], np.stack([ua, ub, ud], 1), np.stack([ua, ub, uc], 1))
        u2 = np.where(alt[:, None, None], np.stack([ub, uc, ud], 1), np.stack([ua, uc, ud], 1))
        f = np.concatenate([t1, t2])
        u = np.concatenate([u1, u2])
        if side == 1:
            f, u = f[:, [0, 2, 1]], u[:, [0, 2, 1]]
        faces.append(f)
        cuv.append(u)
    f = np.concatenate(faces)
    pillow = RawMesh(pos, f, np.concatenate(cuv), np.zeros(len(f), np.int32), ("print",))
    parts = [pillow.finish(crease_deg=crease_deg, closed=True)]
    tooth = 0.25 * c
    zig_y = np.linspace(W / 2, -W / 2, 2 * teeth + 1)
    zig_z = np.where(np.arange(2 * teeth + 1) % 2 == 0, c, c - tooth)
    poly = np.concatenate([[(-W / 2, 0.0), (W / 2, 0.0)], np.stack([zig_y, zig_z], 1)])
    plate_t = 0.0015
    seal = extrude(poly, plate_t, material="print")
    to_xyz = np.array([[0, 0, 1, -plate_t / 2], [1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 0, 1]], np.float64)
    for top in (True, False):
        m = to_xyz.copy()
        if top:
            m[2, 3] = H - c
        else:
            m[2] = (0, -1, 0, c)
        p = transform(seal, m)
        u = np.clip(0.5 * (p.vertices[:, 1] / W + 0.5), 0.0, 0.5)
        v = np.full(len(u), 1.02 if top else -0.02)
        parts.append(MeshPiece(p.vertices, p.faces, p.normals, np.stack([u, v], 1).astype(np.float32), p.slots,
                               p.face_slot))
    return merge(parts)
