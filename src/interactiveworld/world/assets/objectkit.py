"""Shapes of everyday movable objects built from the mesh kit: vessels (revolved profiles with walls, handles and
spouts), cutlery and hand tools (extruded blades, tines and bowls, swept handles), packaging, books, paper, cloth,
food and small household things.

Each builder returns a :class:`~.meshkit.MeshPiece` with named material slots (``"glaze"``, ``"steel"``,
``"print"``...) at roughly real proportions; the families fit it into the collision box of the part it dresses
(:func:`~.dress.dressed_part`), so exact sizes come from the kind's parameters. Frames as :mod:`.model` (z up,
metres, front +x); long objects lie along x with the handle towards -x. Every builder is deterministic.
"""
from __future__ import annotations

import math

import numpy as np

from .meshkit_organic import blob, bread_loaf, leaf, superellipsoid
from .meshkit_packaging import bottle as kit_bottle, can as kit_can, gable_carton, pillow_bag
from .meshkit import MeshPiece, RawMesh, merge
from .meshkit_shapes import bezier, extrude, revolve, rounded_box, sweep

__all__ = ["rbox", "cyl", "along_x", "bent", "flat_quad", "front_quad", "piece_from_mesh", "vessel_base", "vessel", "loop_handle", "kettle", "bottle", "can",
           "carton", "bag", "book", "vessel_base", "sheet", "folder", "cloth", "fork_head", "spoon_head", "blade", "turner",
           "cutlery_handle", "shaft", "marker_cap", "marker_body", "mushroom", "steak", "onion", "egg", "ball",
           "lettuce", "muffin", "donut", "pineapple_body", "crown", "toilet_roll", "burger", "pie", "pizza",
           "cactus", "sock", "shoe", "keys", "wallet", "laptop", "phone", "sponge", "towel", "bread", "chicken",
           "berry_punnet", "wire_panel", "tub", "lens", "bristles"]


# --------------------------------------------------------------------------------------------------------------
# small helpers
# --------------------------------------------------------------------------------------------------------------

def rbox(size, radius: float, slot: str, z0: float = 0.0, segments: int = 2) -> MeshPiece:
    """A rounded box of ``size`` (x, y, z) [m] standing on ``z0``; ``radius`` is clipped to fit."""
    r = min(radius, 0.499 * min(size))
    return rounded_box(size, r, segments, material=slot).translated((0, 0, z0 + size[2] / 2))


def cyl(radius: float, height: float, slot: str, z0: float = 0.0, segments: int = 28, bevel: float = 0.0) -> MeshPiece:
    """An upright cylinder (a disc, a rod) from ``z0``, optionally with a bevelled top edge."""
    b = min(bevel, 0.45 * radius, 0.45 * height)
    prof = [(0, 0), (radius, 0), (radius, height - b)] + ([(radius - b, height)] if b > 0 else []) + [(0, height)]
    return revolve(prof, segments, material=slot).translated((0, 0, z0))


def along_x(piece: MeshPiece) -> MeshPiece:
    """``piece`` turned so its +z axis points along +x (a rod built upright, laid along x)."""
    return piece.rotated((0, 1, 0), math.pi / 2)


def bent(piece: MeshPiece, rise: float, *, towards: float = -1.0) -> MeshPiece:
    """``piece`` bent upward: z rises by ``rise`` [m] quadratically along x towards its -x end (``towards`` -1) or
    +x end (+1), as a spoon's or fork's handle and head curve up off the table."""
    v = piece.vertices.astype(np.float64).copy()
    x0, x1 = v[:, 0].min(), v[:, 0].max()
    t = (v[:, 0] - x0) / max(x1 - x0, 1e-12)
    t = 1 - t if towards < 0 else t
    v[:, 2] += rise * t ** 2
    return MeshPiece(v.astype(np.float32), piece.faces, piece.normals, piece.uv, piece.slots, piece.face_slot)


def flat_quad(sx: float, sy: float, z: float, slot: str, *, up=(1, 0, 0)) -> MeshPiece:
    """A horizontal rectangle ``sx`` x ``sy`` [m] at height ``z`` facing +z with unit UV whose v runs along ``up``
    (an artwork's top towards ``up``; its right is then ``up`` x +z)."""
    v = np.array([(-sx / 2, -sy / 2, z), (sx / 2, -sy / 2, z), (sx / 2, sy / 2, z), (-sx / 2, sy / 2, z)], np.float64)
    u_dir = np.cross(np.asarray(up, float), (0, 0, 1.0))
    uu = v @ u_dir
    vv = v @ np.asarray(up, float)
    uv = np.stack([(uu - uu.min()) / np.ptp(uu), (vv - vv.min()) / np.ptp(vv)], 1)
    return MeshPiece(v.astype(np.float32), np.array([[0, 1, 2], [0, 2, 3]], np.int32),
                     np.tile(np.float32((0, 0, 1)), (4, 1)), uv.astype(np.float32), (slot,), np.zeros(2, np.int32))


def front_quad(w: float, h: float, x: float, z0: float, slot: str) -> MeshPiece:
    """A vertical rectangle facing +x at ``x`` from ``z0`` up, unit UV ((0, 0) bottom-left seen from +x)."""
    v = np.array([(x, -w / 2, z0), (x, w / 2, z0), (x, w / 2, z0 + h), (x, -w / 2, z0 + h)], np.float32)
    return MeshPiece(v, np.array([[0, 1, 2], [0, 2, 3]], np.int32), np.tile(np.float32((1, 0, 0)), (4, 1)),
                     np.array([(0, 0), (1, 0), (1, 1), (0, 1)], np.float32), (slot,), np.zeros(2, np.int32))


def piece_from_mesh(vertices, faces, slot: str, *, crease_deg: float = 40.0) -> MeshPiece:
    """A piece of any closed triangle mesh (vertices (V, 3) [m], faces (F, 3)), smooth-shaded below
    ``crease_deg``, with planar UV [m] from (x + z, y)."""
    v = np.asarray(vertices, np.float64)
    f = np.asarray(faces, np.int64)
    uv = np.c_[v[:, 0] + v[:, 2], v[:, 1]]
    return RawMesh.single(v, f, uv[f], slot).finish(crease_deg=crease_deg, closed=True)


def _circle(rx: float, ry: float, n: int = 32, cx: float = 0.0, cy: float = 0.0) -> np.ndarray:
    a = np.linspace(0, 2 * math.pi, n, endpoint=False)
    return np.c_[cx + rx * np.cos(a), cy + ry * np.sin(a)]


# --------------------------------------------------------------------------------------------------------------
# vessels
# --------------------------------------------------------------------------------------------------------------

VESSEL_PROFILES = {   # (r, z) as fractions of radius and height, base to rim
    "mug": [(0, 0), (0.96, 0), (1.0, 0.08), (1.0, 1.0)],
    "cup": [(0, 0), (0.55, 0), (0.6, 0.08), (0.85, 0.45), (1.0, 1.0)],
    "glass": [(0, 0), (0.86, 0), (1.0, 1.0)],
    "bowl": [(0, 0), (0.45, 0), (0.5, 0.06), (0.85, 0.45), (1.0, 1.0)],
    "pot": [(0, 0), (0.92, 0), (0.94, 0.04), (0.94, 0.92), (1.0, 1.0)],
    "pan": [(0, 0), (0.78, 0), (0.82, 0.1), (1.0, 1.0)],
    "plate": [(0, 0), (0.55, 0), (0.6, 0.25), (0.92, 0.75), (1.0, 1.0)],
    "tin": [(0, 0), (0.82, 0), (1.0, 1.0)],
    "jug": [(0, 0), (0.9, 0), (1.0, 0.3), (0.8, 0.75), (0.86, 1.0)],
    "tub": [(0, 0), (0.84, 0), (1.0, 1.0)],
}
"""Named lathe profiles of open vessels (:func:`vessel`)."""


def vessel(style: str, radius: float, height: float, *, wall: float | None = None, slot: str = "glaze",
           inner: str | None = None, segments: int = 40) -> MeshPiece:
    """An open vessel of :data:`VESSEL_PROFILES` ``style``: a revolved wall of thickness ``wall`` [m] (default 6 %
    of the radius, at least 2 mm) with a rounded rim; ``inner`` names the slot of the inside (default ``slot``)."""
    prof = np.asarray(VESSEL_PROFILES[style], float) * (radius, height)
    t = max(0.002, 0.06 * radius) if wall is None else wall
    t = min(t, 0.3 * height)
    return revolve(prof, segments, thickness=t, material=slot, inner_material=inner)


def vessel_base(radius: float, base_radius: float, height: float, slot: str = "glaze") -> MeshPiece:
    """The bottom part of a vessel whose collision disc is ``radius`` wide but whose foot is ``base_radius``: a
    disc of the foot, plus four 1 mm specks at the collision radius (on +-x, +-y) so the piece spans the disc's
    bounds without drawing a saucer."""
    dots = [cyl(0.02 * radius, height, slot).translated((x, y, 0)) for x, y in
            ((radius * 0.98, 0), (-radius * 0.98, 0), (0, radius * 0.98), (0, -radius * 0.98))]
    return merge([cyl(base_radius, height, slot)] + dots)


def loop_handle(height: float, reach: float, thickness: float, slot: str = "glaze") -> MeshPiece:
    """A C-shaped handle in the xz plane from x = 0 outward to ``reach``, ``height`` tall, of an oval section."""
    path = bezier([(0, 0, 0.92 * height), (reach * 1.25, 0, height), (reach * 1.25, 0, 0), (0, 0, 0.08 * height)], 16)
    sec = _circle(1.0, 0.55, 12)
    return sweep(path, section=sec, radius=thickness / 2, up=(0, 1, 0), material=slot)


def kettle(radius: float, height: float) -> MeshPiece:
    """An electric kettle: a tapered body with a domed lid and knob, a spout towards -x -y, on a base plate; slots
    ``"shell"`` and ``"trim"``."""
    r, h = radius, height
    body = revolve([(0, 0.06 * h), (0.82 * r, 0.06 * h), (0.84 * r, 0.5 * h), (0.7 * r, 0.86 * h),
                    (0.62 * r, 0.9 * h), (0.0, 0.93 * h)], 40, material="shell")
    base = cyl(0.86 * r, 0.06 * h, "trim", bevel=0.01)
    knob = revolve([(0, 0), (0.12 * r, 0), (0.12 * r, 0.04 * h), (0.0, 0.07 * h)], 16,
                   material="trim").translated((0, 0, 0.92 * h))
    spout = sweep(bezier([(-0.55 * r, 0, 0.55 * h), (-0.85 * r, 0, 0.62 * h), (-0.95 * r, 0, 0.78 * h),
                          (-1.0 * r, 0, 0.86 * h)], 12), radius=np.linspace(0.16 * r, 0.07 * r, 12),
                  material="shell").rotated((0, 0, 1), math.pi / 4)     # towards -x -y: seen from the front right
    return merge([body, base, knob, spout])


def bottle(radius: float, height: float, *, slot: str = "glass") -> MeshPiece:
    """A bottle (mesh kit) with slots ``slot``, ``"label"`` and ``"cap"``."""
    return kit_bottle(height, 2 * radius, neck_diameter=0.75 * radius, body_material=slot,
                      cap_height=min(0.02, 0.1 * height))


def can(radius: float, height: float) -> MeshPiece:
    """A drink can (mesh kit): slots ``"metal"`` and ``"label"``."""
    return kit_can(2 * radius, max(height, radius))


def carton(size) -> MeshPiece:
    """A gable-top carton filling ``size`` (x depth, y width, z height incl. the gable and fin): slots
    ``"print"``, ``"carton"``, ``"cap"``."""
    sx, sy, sz = size
    g = 0.14 * sz
    return gable_carton(sy, sx, sz - g - 0.06 * sz, gable=g, fin=0.06 * sz)


def bag(size) -> MeshPiece:
    """A pillow bag (crisps): ``size`` x thickness, y width, z height; slot ``"print"``."""
    sx, sy, sz = size
    return pillow_bag(sy, sz, thickness=sx, crimp=0.07 * sz)


def tub(radius: float, height: float) -> MeshPiece:
    """A tapered food tub with a foil lid and a printed band: slots ``"tub"``, ``"label"``, ``"foil"``."""
    body = revolve([(0.82 * radius, 0), (0.84 * radius, 0.08 * height), (0.97 * radius, 0.92 * height)], 36,
                   uv="unit", material="label", caps=False)
    bottom = cyl(0.82 * radius, 0.08 * height, "tub")
    rim = revolve([(0.95 * radius, 0.92 * height), (radius, 0.94 * height), (radius, height),
                   (0.0, height)], 36, material="foil", caps=False)
    return merge([body, bottom, rim])


def toilet_roll(radius: float, height: float) -> MeshPiece:
    """A roll of paper on a card core: slots ``"paper"`` and ``"card"``."""
    rc = 0.4 * radius
    roll = revolve([(radius, 0.01 * height), (radius, 0.99 * height), (rc, 0.99 * height), (rc, 0.01 * height)],
                   40, closed_loop=True, material="paper")
    core = revolve([(rc, 0), (rc, height)], 24, thickness=0.003, material="card")
    return merge([roll, core])


# --------------------------------------------------------------------------------------------------------------
# paper, books, cloth
# --------------------------------------------------------------------------------------------------------------

def book(size) -> MeshPiece:
    """A hardback lying flat: boards (slot ``"board"``), the page block (``"pages"``), a spine along +y and the
    cover art on top (``"cover"``, text up towards +x)."""
    sx, sy, sz = size
    b = max(0.08 * sz, 0.0012)
    bottom = rbox((sx, sy, b), 0.3 * b, "board")
    top = rbox((sx, sy, b), 0.3 * b, "board", z0=sz - b)
    spine = rbox((sx, 2 * b, sz), b, "board").translated((0, sy / 2 - b, 0))
    pages = rbox((sx - 2 * b, sy - 2.5 * b, sz - 2 * b), 0.0, "pages", z0=b).translated((0, -0.75 * b, 0))
    cover = flat_quad(sx * 0.98, sy * 0.96, sz + 0.0004, "cover").translated((0, -0.01 * sy, 0))
    return merge([bottom, top, spine, pages, cover])


def sheet(size, *, slot: str = "print", edge: str = "paper") -> MeshPiece:
    """A sheet or card lying flat, its print on top (text up towards +x), edges in ``edge``."""
    sx, sy, sz = size
    body = rbox((sx, sy, sz), 0.0, edge)
    return merge([body, flat_quad(sx, sy, sz + 0.0002, slot)])


def folder(size) -> MeshPiece:
    """A card folder lying flat with papers showing: back board (``"board"``), the sheets (``"pages"``), the front
    board a little shorter (``"board"``), an index tab and a printed title label (``"print"``)."""
    sx, sy, sz = size
    t = 0.22 * sz
    back = rbox((sx * 0.97, sy * 0.97, t), 0.3 * t, "board").translated((-0.015 * sx, 0, 0))
    pages = rbox((sx * 0.93, sy * 0.94, 0.5 * sz), 0.0, "pages", z0=0.6 * t).translated((0.01 * sx, 0.01 * sy, 0))
    front = rbox((sx * 0.88, sy * 0.97, t), 0.3 * t, "board", z0=sz - t).translated((-0.06 * sx, 0, 0))
    tab = rbox((0.06 * sx, 0.22 * sy, 0.6 * t), 0.2 * t, "tab", z0=0.0).translated((0.47 * sx, 0.25 * sy, 0))
    label = flat_quad(0.3 * sx, 0.5 * sy, sz + 0.0003, "print").translated((0.08 * sx, 0, 0))
    return merge([back, pages, front, tab, label])


def cloth(size, seed: int = 0) -> MeshPiece:
    """A crumpled cloth lying flat: a finely gridded square with seeded wrinkles and a folded-over corner,
    thickened to a thin closed sheet; slot ``"cloth"`` (UV [m])."""
    sx, sy, sz = size
    n = 24
    xs, ys = np.linspace(-sx / 2, sx / 2, n + 1), np.linspace(-sy / 2, sy / 2, n + 1)
    gx, gy = np.meshgrid(xs, ys, indexing="ij")
    rng = np.random.default_rng(seed)
    z = np.zeros_like(gx)
    for _ in range(6):
        k = rng.uniform(8, 22, 2) * (2 * math.pi)
        ph = rng.uniform(0, 2 * math.pi, 2)
        z += rng.uniform(0.2, 1.0) * np.sin(k[0] * gx / 3 + ph[0]) * np.sin(k[1] * gy / 3 + ph[1])
    z = (z - z.min()) / max(np.ptp(z), 1e-9) * 0.55 * sz
    corner = np.clip((gx / sx + gy / sy) - 0.55, 0, None)        # fold the +x+y corner back over the cloth
    z += corner * 2.2 * sz
    top = np.stack([gx, gy, z + 0.12 * sz], -1).reshape(-1, 3)
    bot = np.stack([gx, gy, z], -1).reshape(-1, 3)
    idx = np.arange((n + 1) ** 2).reshape(n + 1, n + 1)
    a, b, c, d = idx[:-1, :-1].ravel(), idx[1:, :-1].ravel(), idx[1:, 1:].ravel(), idx[:-1, 1:].ravel()
    ft = np.concatenate([np.stack([a, b, c], 1), np.stack([a, c, d], 1)])
    fb = ft[:, [0, 2, 1]] + len(top)
    rim = np.concatenate([idx[0, :], idx[1:, -1], idx[-1, -2::-1], idx[-2:0:-1, 0]])
    r2 = np.roll(rim, -1)
    side = np.concatenate([np.stack([rim, rim + len(top), r2 + len(top)], 1), np.stack([rim, r2 + len(top), r2], 1)])
    pos = np.concatenate([top, bot])
    faces = np.concatenate([ft, fb, side]).astype(np.int32)
    from_uv = pos[:, :2] + (sx / 2, sy / 2)
    raw = RawMesh.single(pos, faces, from_uv[faces], "cloth")
    return raw.finish(crease_deg=60.0, closed=True)


def towel(size) -> MeshPiece:
    """A folded towel: three stacked soft layers with rounded fold edges and a woven hem band; slots ``"terry"``
    and ``"hem"``."""
    sx, sy, sz = size
    h = sz / 3
    layers = [rbox((sx * (1 - 0.02 * i), sy, h * 1.02), 0.48 * h, "terry", z0=i * h * 0.98) for i in range(3)]
    hem = rbox((0.1 * sx, sy * 1.004, h * 0.7), 0.3 * h, "hem", z0=2 * h + 0.15 * h).translated((-0.3 * sx, 0, 0))
    return merge(layers + [hem])


# --------------------------------------------------------------------------------------------------------------
# cutlery and tools (length along x; heads towards +x)
# --------------------------------------------------------------------------------------------------------------

def fork_head(length: float, width: float, *, tines: int = 4, tilt_rise: float = 0.01) -> MeshPiece:
    """A fork's neck and tines from x = 0 to ``length``, ``width`` across, curving up; slot ``"steel"``."""
    w = width
    tw = w / (tines * 1.6)
    gap = (w - tines * tw) / (tines - 1)
    pts = [(0.0, -0.2 * w), (0.35 * length, -w / 2)]
    for k in range(tines):
        y0 = -w / 2 + k * (tw + gap)
        pts += [(length, y0), (length, y0 + tw)]
        if k < tines - 1:
            pts += [(0.5 * length, y0 + tw), (0.5 * length, y0 + tw + gap)]
    pts += [(0.35 * length, w / 2), (0.0, 0.2 * w)]
    p = extrude(pts, 0.0022, material="steel")
    return bent(p, tilt_rise, towards=1.0)


def spoon_head(length: float, width: float, *, depth: float = 0.008) -> MeshPiece:
    """A spoon's neck and oval bowl from x = 0 to ``length``; slot ``"steel"``."""
    bl = 0.62 * length
    a = np.linspace(0, 2 * math.pi, 40, endpoint=False)
    # an egg-shaped bowl, widest towards its tip, as a spoon's bowl is
    egg_ = np.c_[bl / 2 * np.cos(a), width / 2 * np.sin(a) * (1 + 0.18 * np.cos(a)) / 1.18]
    bowl = extrude(egg_ + (length - bl / 2, 0), 0.0018, dish=depth, bevel=0.0005,
                   material="steel").translated((0, 0, depth))
    neck = extrude([(0, -0.2 * width), (length - bl * 0.9, -0.12 * width), (length - bl * 0.9, 0.12 * width),
                    (0, 0.2 * width)], 0.0022, material="steel").translated((0, 0, depth))
    return merge([bowl, neck])


def blade(length: float, width: float, *, tilt_deg: float = 30.0) -> MeshPiece:
    """A knife blade from the bolster at x = 0 to the point at ``length``: straight spine, curved edge; tilted
    about x as a knife rests on its handle; slot ``"steel"``."""
    e = bezier([(length, 0.45 * width), (0.8 * length, -0.1 * width), (0.45 * length, -0.5 * width),
                (0.0, -0.5 * width)], 12)
    pts = np.concatenate([[(0.0, 0.5 * width), (0.85 * length, 0.5 * width)], e])
    p = extrude(pts, 0.0016, material="steel")
    return p.rotated((1, 0, 0), math.radians(tilt_deg))


def turner(length: float, width: float) -> MeshPiece:
    """A kitchen turner (spatula) blade with slots cut as dark inlays, tilted up from the neck; slots
    ``"blade"`` and ``"slot"``."""
    pts = [(0, -0.15 * width), (0.3 * length, -0.5 * width), (length, -0.5 * width), (length, 0.5 * width),
           (0.3 * length, 0.5 * width), (0, 0.15 * width)]
    p = extrude(pts, 0.002, material="blade")
    slots_ = [rbox((0.45 * length, 0.07 * width, 0.0006), 0.0002, "slot", z0=0.002).translated(
        (0.65 * length, y * width, 0)) for y in (-0.25, 0.0, 0.25)]
    return bent(merge([p] + slots_), 0.4 * width * 0.3, towards=-1.0)


def cutlery_handle(length: float, width: float, *, slot: str = "steel", rise: float = 0.012,
                   thickness: float = 0.003) -> MeshPiece:
    """A flat handle from x = -``length`` to 0, widest near its end, rising towards the end; slot ``slot``."""
    pts = [(-length, 0.0), (-0.97 * length, -0.45 * width), (-0.75 * length, -0.5 * width),
           (0.0, -0.22 * width), (0.0, 0.22 * width), (-0.75 * length, 0.5 * width), (-0.97 * length, 0.45 * width)]
    piece = extrude(pts, thickness, bevel=min(0.3 * thickness, 0.08 * width), material=slot)
    return bent(piece, rise, towards=-1.0) if rise > 0 else piece


def shaft(length: float, radius: float, *, slot: str = "steel", tip: str = "flat") -> MeshPiece:
    """A round shaft along x from 0 to ``length`` with a screwdriver ``tip`` (``"flat"``) or a point; slot
    ``slot``."""
    prof = [(0, 0), (radius, 0), (radius, 0.85 * length), (0.55 * radius if tip == "flat" else 0.2 * radius,
                                                          length)]
    return along_x(revolve(prof + [(0, length)], 16, material=slot))


def fluted_grip(length: float, radius: float, *, slot: str = "grip") -> MeshPiece:
    """A screwdriver grip along x from -``length`` to 0: a fluted, rounded handle; slot ``slot``."""
    z = np.linspace(0, length, 12)
    r = radius * (0.75 + 0.25 * np.sin(np.pi * np.clip(z / length * 1.1, 0, 1)) ** 0.5)
    prof = [(0, 0)] + list(zip(r, z)) + [(0, length)]
    return along_x(revolve(prof, 12, material=slot, crease_deg=40)).translated((-length, 0, 0))


def marker_cap(length: float, radius: float) -> MeshPiece:
    """A marker pen's cap along x from -``length`` to 0 with a pocket clip; slots ``"cap"`` and ``"clip"``."""
    body = along_x(revolve([(0, 0), (0.85 * radius, 0), (radius, 0.1 * length), (radius, length)], 20,
                           material="cap")).translated((-length, 0, 0))
    clip = rbox((0.7 * length, 0.3 * radius, 0.18 * radius), 0.05 * radius, "clip",
                z0=1.85 * radius).translated((-0.45 * length, 0, -radius))
    return merge([body, clip])


def marker_body(length: float, radius: float) -> MeshPiece:
    """A marker pen's barrel along x from 0 to ``length`` ending in a cone and a tip; slots ``"barrel"`` and
    ``"tip"``."""
    barrel = along_x(revolve([(radius, 0), (radius, 0.8 * length), (0.5 * radius, 0.93 * length)], 20,
                             material="barrel"))
    tip = along_x(revolve([(0.5 * radius, 0.93 * length), (0.25 * radius, length), (0, length)], 12,
                          material="tip"))
    return merge([barrel, tip])


def bristles(size) -> MeshPiece:
    """A brush head: a wooden or plastic back (``"back"``) over a block of bristles (``"bristle"``)."""
    sx, sy, sz = size
    back = rbox((sx, sy, 0.35 * sz), 0.15 * sz, "back", z0=0.65 * sz)
    tufts = rbox((0.92 * sx, 0.9 * sy, 0.66 * sz), 0.05 * sz, "bristle")
    return merge([back, tufts])


# --------------------------------------------------------------------------------------------------------------
# food
# --------------------------------------------------------------------------------------------------------------

def mushroom(size) -> MeshPiece:
    """A button mushroom: a domed cap with a rolled rim and dark gills below, on a short thick stalk; slots
    ``"cap"``, ``"gills"`` and ``"stalk"``."""
    sx, sy, sz = size
    r, h = sx / 2, sz
    cap = revolve([(0.0, 0.95 * h), (0.5 * r, 0.9 * h), (0.85 * r, 0.72 * h), (1.0 * r, 0.5 * h),
                   (0.93 * r, 0.4 * h), (0.75 * r, 0.45 * h)], 40, material="cap")
    gills = revolve([(0.75 * r, 0.45 * h), (0.3 * r, 0.5 * h), (0.0, 0.5 * h)], 40, material="gills", caps=False)
    stalk = revolve([(0, 0), (0.36 * r, 0), (0.4 * r, 0.08 * h), (0.32 * r, 0.5 * h), (0, 0.5 * h)], 24,
                    material="stalk")
    return merge([cap, gills, stalk])


def steak(size, seed: int = 0) -> MeshPiece:
    """A raw steak: an irregular rounded slab (seeded outline) with marbled meat on top and bottom and a rim of fat
    round the side; slots ``"meat"`` and ``"fat"``."""
    sx, sy, sz = size
    rng = np.random.default_rng(seed)
    a = np.linspace(0, 2 * math.pi, 36, endpoint=False)
    r = 1 + 0.06 * np.sin(3 * a + rng.uniform(0, 6)) + 0.04 * np.sin(5 * a + rng.uniform(0, 6))
    r *= 1 - 0.18 * np.clip(np.cos(a - 2.4), 0, None) ** 4     # the bone-side notch of a T-bone
    pts = np.c_[sx / 2 * r * np.cos(a), sy / 2 * r * np.sin(a)]
    p = extrude(pts, sz, bevel=0.3 * sz, bevel_segments=3, material="meat", side_material="fat")
    return p


def onion(size) -> MeshPiece:
    """An onion: a bulb pointed at the top with dry neck leaves and a root tuft; slots ``"skin"`` and ``"root"``."""
    sx, sy, sz = size
    r, h = sx / 2, sz
    t = np.linspace(0, 1, 14)
    prof = [(0, 0.04 * h)] + [(r * math.sin(math.pi * min(x, 0.999)) ** 0.8 * (1 - 0.25 * x),
                               0.04 * h + 0.78 * h * x) for x in t[1:-1]] + [(0.08 * r, 0.86 * h),
                                                                              (0.05 * r, h), (0, h)]
    bulb = revolve(prof, 32, material="skin")
    root = revolve([(0, 0), (0.15 * r, 0.0), (0.2 * r, 0.05 * h), (0, 0.06 * h)], 12, material="root")
    return merge([bulb, root])


def egg(size) -> MeshPiece:
    """A hen's egg standing on its blunt end; slot ``"shell"``."""
    sx, sy, sz = size
    t = np.linspace(0, math.pi, 20)
    z = (1 - np.cos(t)) / 2
    r = np.sin(t) * (1 - 0.18 * z)
    prof = np.c_[r * sx / 2, z * sz]
    prof[0, 0] = prof[-1, 0] = 0
    return revolve(prof, 32, material="shell")


def ball(size) -> MeshPiece:
    """A ball with painted panels: a sphere whose lathe UV carries the panel print; slot ``"print"`` (unit UV)."""
    sx, sy, sz = size
    s = superellipsoid((sx / 2, sy / 2, sz / 2), (1.0, 1.0), 28, material="print")
    return s.translated((0, 0, sz / 2))


def lettuce(size, seed: int = 0) -> MeshPiece:
    """A head of lettuce: a round heart wrapped in curled outer leaves; slots ``"heart"`` and ``"leaf"``."""
    sx, sy, sz = size
    heart = blob((0.35 * sx, 0.35 * sy, 0.4 * sz), noise=0.08, seed=seed, material="heart").translated(
        (0, 0, 0.45 * sz))
    leaves = []
    for k in range(9):
        ang = 2 * math.pi * k / 9 + 0.4 * (k % 2)
        lf = leaf(0.6 * sz, 0.55 * sx, fold=0.5, curl=0.05, seed=seed + k, material="leaf")
        lf = lf.rotated((0, 1, 0), -1.25 + 0.12 * (k % 3)).rotated((0, 0, 1), ang)
        leaves.append(lf.translated((0.12 * sx * math.cos(ang), 0.12 * sy * math.sin(ang), 0.04 * sz)))
    return merge([heart] + leaves)


def muffin(size) -> MeshPiece:
    """A muffin: a pleated paper case (``"case"``) under a domed, cracked top (``"top"``)."""
    sx, sy, sz = size
    r, h = sx / 2, sz
    case = revolve([(0, 0), (0.72 * r, 0), (0.85 * r, 0.5 * h), (0, 0.5 * h)], 24, material="case", crease_deg=10)
    top = revolve([(0.8 * r, 0.45 * h), (r, 0.6 * h), (0.85 * r, 0.85 * h), (0.4 * r, 0.99 * h), (0, h)], 32,
                  material="top")
    return merge([case, top])


def donut(major: float, minor: float) -> MeshPiece:
    """A ring doughnut lying flat: dough below (``"dough"``), icing with sprinkles on top (``"icing"``, unit UV)."""
    a = np.linspace(0, 2 * math.pi, 24, endpoint=False)
    loop = np.c_[major + minor * np.cos(a), minor + minor * np.sin(a)]
    slots = ["icing" if math.sin(x + 0.13) > -0.15 else "dough" for x in a]
    return revolve(loop, 40, closed_loop=True, uv="unit", slots=slots)


def pineapple_body(size) -> MeshPiece:
    """A pineapple's body: a barrel with scale print; slot ``"scales"`` (unit lathe UV)."""
    sx, sy, sz = size
    return superellipsoid((sx / 2, sy / 2, sz / 2), (0.8, 1.0), 28, material="scales").translated((0, 0, sz / 2))


def crown(size, seed: int = 0) -> MeshPiece:
    """A crown of stiff spiky leaves rising from a point, fanning out; slot ``"leaf"``."""
    sx, sy, sz = size
    leaves = []
    for k in range(14):
        ang = 2 * math.pi * k / 14 * 2.2
        tilt = -1.45 + 0.5 * ((k * 7) % 5) / 5
        lf = leaf(sz * (0.7 + 0.3 * ((k * 3) % 4) / 4), 0.18 * sx, fold=0.6, curl=0.02, seed=seed + k)
        leaves.append(lf.rotated((0, 1, 0), tilt).rotated((0, 0, 1), ang))
    return merge(leaves)


def burger(radius: float, height: float) -> MeshPiece:
    """A burger: bottom bun, patty, cheese, lettuce and a domed sesame top bun; slots ``"bun"``, ``"patty"``,
    ``"cheese"``, ``"lettuce"``."""
    r, h = radius, height
    bottom = cyl(0.95 * r, 0.22 * h, "bun", bevel=0.06 * h)
    lettuce_ = revolve([(0, 0.22 * h), (1.0 * r, 0.24 * h), (0.98 * r, 0.3 * h), (0, 0.3 * h)], 20,
                       material="lettuce")
    patty = cyl(0.97 * r, 0.18 * h, "patty", z0=0.3 * h, bevel=0.05 * h)
    cheese = rbox((1.75 * r, 1.75 * r, 0.04 * h), 0.002, "cheese", z0=0.47 * h).rotated((0, 0, 1), 0.4)
    top = revolve([(0.95 * r, 0.5 * h), (r, 0.62 * h), (0.8 * r, 0.88 * h), (0.4 * r, 0.98 * h), (0, h)], 32,
                  material="bun")
    return merge([bottom, lettuce_, patty, cheese, top])


def pie(radius: float, height: float) -> MeshPiece:
    """A pie in its tin: a flared tin (``"tin"``), a crimped crust rim and a domed lid of pastry (``"crust"``)."""
    r, h = radius, height
    tin = revolve([(0, 0), (0.84 * r, 0), (r, 0.6 * h)], 40, thickness=0.002, material="tin")
    crust = revolve([(r, 0.55 * h), (r, 0.7 * h), (0.9 * r, 0.8 * h), (0.5 * r, 0.98 * h), (0, h)], 40,
                    material="crust")
    return merge([tin, crust])


def pizza(radius: float, height: float) -> MeshPiece:
    """A pizza: the topping disc (``"top"``, planar unit UV over the whole disc) ringed by a raised crust
    (``"crust"``)."""
    r, h = radius, height
    base = extrude(_circle(r, r, 48), 0.6 * h, material="top", side_material="crust")
    crust = revolve([(0.88 * r, 0.5 * h), (r, 0.55 * h), (0.98 * r, h), (0.9 * r, h * 0.98)], 48,
                    closed_loop=True, material="crust")
    disc = extrude(_circle(0.9 * r, 0.9 * r, 48), 0.0001, material="top")
    disc = MeshPiece(disc.vertices + np.float32((0, 0, 0.6 * h)), disc.faces, disc.normals,
                     ((disc.vertices[:, :2] / (2 * r)) + 0.5).astype(np.float32), disc.slots, disc.face_slot)
    return merge([base, crust, disc])


def bread(size, seed: int = 0) -> MeshPiece:
    """A loaf (mesh kit) with slot ``"crust"``."""
    sx, sy, sz = size
    return bread_loaf(max(sx, sy), min(sx, sy), sz, seed=seed).rotated((0, 0, 1), math.pi / 2 if sy > sx else 0)


def chicken(size, seed: int = 0) -> MeshPiece:
    """A whole raw chicken on its back: a plump body, two drumsticks pointing forward (+x) and folded wings;
    slot ``"skin"``."""
    sx, sy, sz = size
    body = blob((0.36 * sx, 0.42 * sy, 0.5 * sz), (0.9, 1.0), noise=0.04, seed=seed,
                   material="skin").translated((-0.08 * sx, 0, 0.5 * sz))
    parts = [body]
    for s in (-1, 1):
        leg = sweep(bezier([(0.05 * sx, s * 0.2 * sy, 0.55 * sz), (0.3 * sx, s * 0.28 * sy, 0.8 * sz),
                            (0.45 * sx, s * 0.12 * sy, 0.75 * sz)], 10),
                    radius=np.linspace(0.16 * sy, 0.05 * sy, 10), material="skin")
        wing = blob((0.18 * sx, 0.08 * sy, 0.12 * sz), noise=0.05, seed=seed + 3,
                       material="skin").translated((-0.15 * sx, s * 0.42 * sy, 0.35 * sz))
        parts += [leg, wing]
    return merge(parts)


def berry_punnet(size) -> MeshPiece:
    """A punnet of berries: a clear tray (``"punnet"``) filled with berries seen from above (``"berries"``)."""
    sx, sy, sz = size
    tray = rbox((sx, sy, 0.85 * sz), 0.1 * sz, "punnet")
    top = rbox((0.96 * sx, 0.96 * sy, 0.2 * sz), 0.09 * sz, "berries", z0=0.8 * sz)
    top = MeshPiece(top.vertices, top.faces, top.normals,
                    ((top.vertices[:, :2] / (sx, sy)) + 0.5).astype(np.float32), top.slots, top.face_slot)
    return merge([tray, top])


def cactus(radius: float, height: float) -> MeshPiece:
    """A potted cactus: a terracotta pot (``"pot"``) with soil (``"soil"``) and a ribbed column with two arms
    (``"cactus"``)."""
    r, h = radius, height
    pot = revolve([(0, 0), (0.7 * r, 0), (0.85 * r, 0.32 * h), (0.9 * r, 0.34 * h), (0.9 * r, 0.4 * h)], 28,
                  thickness=0.004, material="pot")
    soil = cyl(0.82 * r, 0.01, "soil", z0=0.36 * h)
    a = np.linspace(0, 2 * math.pi, 48, endpoint=False)
    ribs = 0.42 * r * (1 + 0.12 * np.cos(8 * a))
    stem_ = extrude(np.c_[ribs * np.cos(a), ribs * np.sin(a)], 0.55 * h, material="cactus",
                    crease_deg=80).translated((0, 0, 0.36 * h))
    dome = revolve([(0.47 * r, 0.91 * h), (0.3 * r, 0.97 * h), (0, h)], 24, material="cactus")
    arms = []
    for s in (-1, 1):
        z0 = h * (0.55 if s < 0 else 0.65)
        arm = sweep(bezier([(0, 0, z0), (s * 0.85 * r, 0, z0), (s * 0.85 * r, 0, z0 + 0.2 * h)], 10),
                    radius=0.18 * r, material="cactus")
        arms.append(arm)
    return merge([pot, soil, stem_, dome] + arms)


# --------------------------------------------------------------------------------------------------------------
# household, personal, devices
# --------------------------------------------------------------------------------------------------------------

def sock(size) -> MeshPiece:
    """A single sock lying flat: a flattened tube bent at the heel, with a contrasting heel, toe and cuff;
    slots ``"knit"`` and ``"trim"``."""
    sx, sy, sz = size
    leg = sweep([(-0.5 * sx, 0.1 * sy, 0.5 * sz), (0.05 * sx, 0.1 * sy, 0.5 * sz)], section=_circle(1.0, 0.35, 16),
                radius=0.4 * sy, up=(0, 0, 1), material="knit")
    foot = sweep(bezier([(0.0, 0.1 * sy, 0.5 * sz), (0.2 * sx, 0.1 * sy, 0.5 * sz), (0.3 * sx, -0.3 * sy, 0.5 * sz)],
                        8), section=_circle(1.0, 0.35, 16), radius=0.38 * sy, up=(0, 0, 1), material="knit")
    toe = superellipsoid((0.12 * sx, 0.36 * sy, 0.14 * sy), (1, 1), 16, material="trim").translated(
        (0.32 * sx, -0.32 * sy, 0.5 * sz))
    cuff = sweep([(-0.52 * sx, 0.1 * sy, 0.5 * sz), (-0.4 * sx, 0.1 * sy, 0.5 * sz)], section=_circle(1.0, 0.38, 16),
                 radius=0.42 * sy, up=(0, 0, 1), material="trim")
    return merge([leg, foot, toe, cuff])


def shoe(size) -> MeshPiece:
    """A sneaker (toe towards +x): a rubber sole (``"sole"``), the upper (``"upper"``) with an opening at the
    heel and laces (``"lace"``)."""
    sx, sy, sz = size
    a = np.linspace(0, 2 * math.pi, 40, endpoint=False)
    w = 0.5 * sy * (0.85 + 0.15 * np.cos(a)) * (1 - 0.15 * np.sin(a) ** 2)
    outline = np.c_[0.5 * sx * np.cos(a), w * np.sin(a)]
    sole = extrude(outline, 0.22 * sz, bevel=0.05 * sz, material="sole")
    upper = blob((0.46 * sx, 0.46 * sy, 0.5 * sz), (0.6, 0.9), material="upper").translated((-0.02 * sx, 0, 0.2 * sz))
    upper = MeshPiece(np.where((upper.vertices[:, 2:3] < 0.2 * sz), upper.vertices * (1, 1, 0) + (0, 0, 0.2 * sz),
                               upper.vertices).astype(np.float32), upper.faces, upper.normals, upper.uv, upper.slots,
                      upper.face_slot)
    collar = revolve([(0.16 * sx, 0.0), (0.17 * sx, 0.08 * sz)], 20, thickness=0.012, material="sole").scaled(
        (1, 0.6 * sy / (0.34 * sx), 1)).translated((-0.22 * sx, 0, 0.62 * sz))
    laces = [rbox((0.02 * sx, 0.4 * sy, 0.03 * sz), 0.005, "lace").rotated((0, 1, 0), -0.5).translated(
        (x * sx, 0, 0.62 * sz - 0.6 * x * sz)) for x in (-0.05, 0.05, 0.15)]
    return merge([sole, upper, collar] + laces)


def keys(size) -> MeshPiece:
    """A key ring with two keys lying flat: a steel ring (``"ring"``) and brass keys with cut bits (``"key"``)."""
    sx, sy, sz = size
    ring = revolve([(0.25 * sy, 0), (0.3 * sy, 0), (0.3 * sy, 0.2 * sz), (0.25 * sy, 0.2 * sz)], 24,
                   closed_loop=True, material="ring").translated((-0.35 * sx, 0, 0))
    keys_ = []
    for k, (ang, z) in enumerate(((0.25, 0.2 * sz), (-0.35, 0.55 * sz))):
        bow = np.concatenate([_circle(0.22 * sy, 0.26 * sy, 16)])
        blade_ = [(0.15 * sy, -0.08 * sy), (0.62 * sx, -0.08 * sy), (0.62 * sx, 0.02 * sy), (0.55 * sx, 0.1 * sy),
                  (0.45 * sx, 0.05 * sy), (0.38 * sx, 0.12 * sy), (0.3 * sx, 0.06 * sy), (0.15 * sy, 0.08 * sy)]
        b = merge([extrude(bow, 0.35 * sz, material="key"), extrude(blade_, 0.3 * sz, material="key")])
        keys_.append(b.rotated((0, 0, 1), ang).translated((-0.2 * sx, 0, z)))
    return merge([ring] + keys_)


def wallet(size) -> MeshPiece:
    """A folded leather wallet with a stitched flap; slots ``"leather"`` and ``"stitch"``."""
    sx, sy, sz = size
    body = rbox((sx, sy, 0.8 * sz), 0.35 * sz, "leather")
    flap = rbox((0.5 * sx, 0.98 * sy, 0.25 * sz), 0.1 * sz, "leather", z0=0.75 * sz).translated((0.25 * sx, 0, 0))
    seam = rbox((0.005, 0.9 * sy, 0.02 * sz), 0.0, "stitch", z0=0.99 * sz - 0.02 * sz).translated((0.05 * sx, 0, 0))
    return merge([body, flap, seam])


def laptop(size) -> MeshPiece:
    """A closed laptop: a base (``"case"``), the lid above a thin dark gap (``"gap"``) with a logo (``"logo"``)."""
    sx, sy, sz = size
    base = rbox((sx, sy, 0.5 * sz), 0.2 * sz, "case")
    gap = rbox((0.98 * sx, 0.985 * sy, 0.12 * sz), 0.0, "gap", z0=0.45 * sz)
    lid = rbox((sx, sy, 0.45 * sz), 0.2 * sz, "case", z0=0.55 * sz)
    logo = cyl(0.08 * sx, 0.02 * sz, "logo", z0=sz)
    return merge([base, gap, lid, logo])


def phone(size) -> MeshPiece:
    """A smartphone lying face up: a rounded case (``"case"``) and the screen (``"screen"``, unit UV, top +x)."""
    sx, sy, sz = size
    case = rbox((sx, sy, sz), 0.45 * sz, "case")
    scr = flat_quad(0.92 * sy, 0.9 * sx, sz + 0.0002, "screen", up=(0, 1, 0)).rotated((0, 0, 1), math.pi / 2)
    return merge([case, scr])


def sponge(size) -> MeshPiece:
    """A kitchen sponge: a foam block (``"foam"``) with a green scouring pad on top (``"scour"``)."""
    sx, sy, sz = size
    return merge([rbox((sx, sy, 0.7 * sz), 0.12 * sz, "foam"),
                  rbox((sx, sy, 0.3 * sz), 0.05 * sz, "scour", z0=0.7 * sz)])


def wire_panel(size, *, bars: int = 7) -> MeshPiece:
    """A panel of wire bars filling ``size`` (its long horizontal side carries the bars) with a top rail; slot
    ``"wire"``."""
    sx, sy, sz = size
    along_y = sy >= sx
    L, T = (sy, sx) if along_y else (sx, sy)
    r = max(0.35 * T, 0.0015)
    pieces = [sweep([(0, 0, 0), (0, 0, sz)], radius=r, segments=8, material="wire").translated(
        ((0, y, 0) if along_y else (y, 0, 0))) for y in np.linspace(-L / 2 + r, L / 2 - r, bars)]
    rail = sweep([(0, -L / 2, sz - r), (0, L / 2, sz - r)] if along_y else [(-L / 2, 0, sz - r), (L / 2, 0, sz - r)],
                 radius=r, segments=8, material="wire")
    return merge(pieces + [rail])


def lens(radius: float, length: float) -> MeshPiece:
    """A lens barrel along x from 0 to ``length`` with ridged grip rings and a glass front; slots ``"barrel"``
    and ``"glass"``."""
    prof = [(0, 0), (radius, 0), (radius, 0.3 * length), (0.93 * radius, 0.35 * length), (radius, 0.4 * length),
            (radius, 0.9 * length), (0.85 * radius, length)]
    body = along_x(revolve(prof, 24, material="barrel"))
    glass = along_x(revolve([(0.85 * radius, length), (0.4 * radius, 1.01 * length), (0, 1.02 * length)], 24,
                            material="glass"))
    return merge([body, glass])
