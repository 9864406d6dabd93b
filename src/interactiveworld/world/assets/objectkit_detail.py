"""Shapes and prints of movable kinds that must read at arm's length in a single render, each with the cue a
person names the object by: fork tines and a spoon's bowl, a screwdriver's thin shaft, a hand brush's bristles,
an orange's dimpled peel and navel, a tomato's green calyx star, an onion's papery skin, neck and root tuft, a
lettuce's loose leaves, a sock's heel and toe, a boot's shaft, a phone's app grid, a pot's side handles, a turned
table leg, an ice lolly, a chopping board's handle hole, a paper bag's handles, a towel's border bands, a
folder's papers, a wallet's card edges, a plywood panel's plies, a lid's clips, a dustpan's open front.

Builders take the size of the collision box they will be fitted into (:func:`.dress.dressed_part`) and build at
that size, so fitting scales by 1 and shapes are not stretched; :mod:`.object_looks_detail` dresses the kinds
with them. Frames as :mod:`.model` (z up, metres); long objects lie along x, grip towards -x. Deterministic.
Sizes are (x, y, z) extents [m]; prints are (H, W, 3) uint8 sRGB images for unit UV, colours linear RGB in [0, 1].
A builder given a size its shape cannot take raises the mesh kit's ``ValueError`` (a bevel too large for a thin
outline); :func:`.object_looks.dress_model` then draws that part as its primitive.
"""
from __future__ import annotations

import math

import numpy as np
from PIL import Image, ImageDraw

from .dress import linear_to_srgb8, zlib_seed
from .meshkit import MeshPiece, RawMesh, merge
from .meshkit_organic import blob, leaf, stem
from .meshkit_shapes import bezier, extrude, revolve, sweep
from .objectkit import along_x, bent, cyl, flat_quad, rbox

__all__ = ["peel_print", "onion_print", "app_grid_screen", "knit", "bristle_print", "fork_head", "spoon_head",
           "cutlery_grip", "screwdriver_head", "screwdriver_grip", "brush_block", "brush_handle", "citrus", "tomato",
           "onion", "round_leaf", "lettuce", "sock", "boot_foot", "boot_shaft", "boot_sole", "phone", "pot_wall", "table_leg",
           "ice_pop", "lolly_stick", "board_with_handle", "bag_wall", "glass_print", "tumbler", "folded_towel",
           "file_folder", "bifold_wallet", "card_edges", "mouse_pad", "logo_print", "ply_edge", "plywood_panel",
           "clip_lid", "dustpan_wall", "rack_wall", "drip_tray"]


def _specks(points, h: float, slot: str) -> list[MeshPiece]:
    """0.6 mm pegs at ``points`` (x, y) from z = 0 to ``h``: make a piece span its box where the drawn shape is
    narrower (as :func:`.objectkit.vessel_base`), too small to see."""
    return [rbox((0.0006, 0.0006, h), 0.0, slot).translated((x, y, 0)) for x, y in points]


# --------------------------------------------------------------------------------------------------------------
# prints (unit UV, sRGB uint8)
# --------------------------------------------------------------------------------------------------------------

def peel_print(colour, *, seed: int = 0, size=(256, 128), navel: bool = True) -> np.ndarray:
    """A citrus peel for a lathe's unit UV ((H, W, 3) uint8; u around, v up, row 0 the top): ``colour`` (linear
    RGB) pitted with small dark and light dimples, a greenish-brown navel at the top pole when ``navel``."""
    w, h = size
    rng = np.random.default_rng(zlib_seed("peel", seed))
    base = np.asarray(linear_to_srgb8(colour), np.float64)
    img = Image.new("RGB", (w, h), tuple(int(c) for c in base))
    d = ImageDraw.Draw(img)
    for _ in range(int(0.09 * w * h)):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        r = rng.uniform(0.6, 1.6)
        k = rng.uniform(0.72, 0.88) if rng.random() < 0.7 else rng.uniform(1.06, 1.14)
        d.ellipse((x - r, y - r, x + r, y + r), fill=tuple(int(min(255, c * k)) for c in base))
    if navel:   # the navel: a darker ring and a dry scar at the top pole (v = 1, the image's top rows)
        d.rectangle((0, 0, w, int(0.035 * h)), fill=(120, 110, 50))
        d.rectangle((0, int(0.035 * h), w, int(0.06 * h)), fill=tuple(int(c * 0.7) for c in base))
    return np.asarray(img, np.uint8).copy()


def onion_print(colour, *, seed: int = 0, size=(256, 128)) -> np.ndarray:
    """An onion's dry skin for a lathe's unit UV: ``colour`` (linear RGB) streaked along the meridians (the
    papery layers), darker veins, a pale torn patch, and the brown dry neck at the top."""
    w, h = size
    rng = np.random.default_rng(zlib_seed("onion", seed))
    base = np.asarray(linear_to_srgb8(colour), np.float64)
    img = Image.new("RGB", (w, h), tuple(int(c) for c in base))
    d = ImageDraw.Draw(img)
    for _ in range(90):      # streaks run pole to pole: vertical lines of the image
        x = rng.uniform(0, w)
        k = rng.uniform(0.6, 0.85) if rng.random() < 0.6 else rng.uniform(1.1, 1.25)
        d.line((x, 0, x + rng.uniform(-4, 4), h), fill=tuple(int(min(255, c * k)) for c in base),
               width=int(rng.integers(1, 3)))
    for _ in range(3):       # where the outer layer has flaked off, the paler flesh layer shows
        x, y = rng.uniform(0.1, 0.9) * w, rng.uniform(0.35, 0.75) * h
        d.ellipse((x - 14, y - 9, x + 14, y + 9), fill=tuple(int(min(255, 0.55 * c + 110)) for c in base))
    d.rectangle((0, 0, w, int(0.08 * h)), fill=tuple(int(c * 0.6) for c in base))
    return np.asarray(img, np.uint8).copy()


def app_grid_screen(*, seed: int = 0, size=(160, 320)) -> np.ndarray:
    """A lit smartphone home screen ((H, W, 3) uint8, portrait, row 0 the top): a blue-violet wallpaper, a
    status bar and clock, a 4 x 5 grid of bright rounded app icons, a dock, and the front camera's hole."""
    w, h = size
    rng = np.random.default_rng(zlib_seed("apps", seed))
    t = np.linspace(0, 1, h)[:, None, None]
    grad = (1 - t) * np.array([40, 90, 200]) + t * np.array([120, 50, 160])
    img = Image.fromarray(np.repeat(grad, w, axis=1).astype(np.uint8))
    d = ImageDraw.Draw(img)
    d.ellipse((w / 2 - 5, 6, w / 2 + 5, 16), fill=(5, 5, 8))                 # front camera
    d.rectangle((10, 9, 30, 13), fill=(240, 240, 240))                        # status bar: time, battery
    d.rectangle((w - 26, 9, w - 12, 14), outline=(240, 240, 240), width=1)
    d.rectangle((w * 0.25, 34, w * 0.75, 52), fill=(245, 245, 250))         # the clock widget
    cols = [(250, 80, 70), (60, 200, 90), (250, 200, 40), (60, 150, 250), (250, 250, 250), (240, 120, 30),
            (160, 90, 230), (40, 200, 210), (250, 90, 160)]
    s = w / 4
    for row in range(5):
        for col in range(4):
            x, y = col * s + 0.17 * s, 70 + row * s * 1.05
            c = cols[int(rng.integers(len(cols)))]
            d.rounded_rectangle((x, y, x + 0.66 * s, y + 0.66 * s), radius=int(0.18 * s), fill=c)
            d.ellipse((x + 0.2 * s, y + 0.2 * s, x + 0.46 * s, y + 0.46 * s), fill=(255, 255, 255))
    d.rounded_rectangle((6, h - 50, w - 6, h - 10), radius=12, fill=(200, 200, 230))   # the dock
    for col in range(4):
        x = col * s + 0.17 * s
        d.rounded_rectangle((x, h - 45, x + 0.66 * s, h - 45 + 0.66 * s), radius=int(0.18 * s),
                            fill=cols[(col * 3 + 1) % len(cols)])
    return np.asarray(img, np.uint8).copy()


def knit(colour, *, size: int = 64) -> np.ndarray:
    """A rib knit: vertical ribs of ``colour`` (linear RGB) with darker valleys and a chain of stitches."""
    base = np.asarray(linear_to_srgb8(colour), np.float64)
    x = np.arange(size)
    rib = 0.78 + 0.22 * np.abs(np.sin(math.pi * x / 8))[None, :]
    st = 0.93 + 0.07 * np.abs(np.sin(math.pi * x / 5))[:, None]
    img = np.clip(base[None, None] * (rib * st)[..., None], 0, 255)
    return img.astype(np.uint8)


def bristle_print(colour, *, size=(128, 64), seed: int = 0) -> np.ndarray:
    """Bristles seen from the side: dense vertical fibres of ``colour`` (linear RGB), tips lighter."""
    w, h = size
    rng = np.random.default_rng(zlib_seed("bristle", seed))
    base = np.asarray(linear_to_srgb8(colour), np.float64)
    k = rng.uniform(0.55, 1.15, (1, w))
    fibres = np.repeat(k, h, axis=0) * np.linspace(1.0, 0.8, h)[:, None]
    return np.clip(base[None, None] * fibres[..., None], 0, 255).astype(np.uint8)


# --------------------------------------------------------------------------------------------------------------
# cutlery and hand tools (length along x from 0; a grip from -length to 0)
# --------------------------------------------------------------------------------------------------------------

def fork_head(length: float, width: float, height: float, *, tines: int = 4) -> MeshPiece:
    """A dinner fork's neck, shoulder and tines from x = 0 to ``length`` (tines 45 % of it, gaps as wide as
    tines so the floor shows between them), rising to ``height`` at the tips; slot ``"steel"``."""
    w = width
    tw = w / (2 * tines - 1) * 1.1
    gap = (w - tines * tw) / (tines - 1)
    root = 0.55 * length
    pts = [(0.0, -0.16 * w), (0.25 * length, -0.18 * w), (0.45 * length, -0.48 * w), (root, -0.5 * w)]
    for k in range(tines):
        y0 = -w / 2 + k * (tw + gap)
        pts += [(length - 0.03 * length, y0), (length, y0 + 0.35 * tw), (length, y0 + 0.65 * tw),
                (length - 0.03 * length, y0 + tw)]
        if k < tines - 1:
            pts += [(root + 0.03 * length, y0 + tw), (root, y0 + tw + 0.5 * gap), (root + 0.03 * length,
                                                                                    y0 + tw + gap)]
    pts += [(root, 0.5 * w), (0.45 * length, 0.48 * w), (0.25 * length, 0.18 * w), (0.0, 0.16 * w)]
    t = min(0.0022, 0.4 * height)
    return bent(extrude(pts, t, material="steel"), height - t, towards=1.0)


def spoon_head(length: float, width: float, height: float) -> MeshPiece:
    """A teaspoon's thin neck and deep oval bowl (42 % of ``length`` long, the full ``width`` across: a lathe
    dish scaled to an ellipse) from x = 0, rising to ``height``; the bowl's hollow is slot ``"inside"`` (drawn
    darker: the dish reads without reflections), the rest ``"steel"``."""
    bl = 0.42 * length
    depth = min(0.6 * height, 0.007)
    cx = length - bl / 2
    bowl = revolve([(0.0, 0.0), (0.55, 0.12), (0.85, 0.42), (1.0, 1.0)], 44, thickness=0.12,
                   material="steel", inner_material="inside")
    bowl = bowl.scaled((bl / 2, width / 2, depth)).translated((cx, 0, height - depth))
    neck = extrude([(0.0, -0.16 * width), (length - 0.95 * bl, -0.09 * width), (length - 0.8 * bl, -0.16 * width),
                    (length - 0.8 * bl, 0.16 * width), (length - 0.95 * bl, 0.09 * width), (0.0, 0.16 * width)],
                   0.002, material="steel")
    neck = bent(neck, height - depth * 0.9 - 0.002, towards=1.0)
    return merge([bowl, neck])


def cutlery_grip(length: float, width: float, height: float, *, slot: str = "steel") -> MeshPiece:
    """A cutlery handle from x = -``length`` to 0: slim at the neck (30 % of ``width``) widening to a rounded
    end, rising to ``height`` at the end; slot ``slot``."""
    a = np.linspace(-math.pi / 2, math.pi / 2, 9)
    end = np.c_[-length + 0.5 * width * (1 - np.cos(a)) * 0.6, 0.5 * width * np.sin(a)]
    pts = np.concatenate([[(0.0, 0.15 * width), (-0.55 * length, 0.38 * width)], end[::-1],
                          [(-0.55 * length, -0.38 * width), (0.0, -0.15 * width)]])
    t = 0.0026
    return bent(extrude(pts, t, bevel=0.35 * t, bevel_segments=1, material=slot), height - t, towards=-1.0)


def screwdriver_head(length: float, width: float, height: float) -> MeshPiece:
    """A screwdriver's tapered grip nose (``"nose"``, the grip's colour) and its thin steel shaft with a flat
    blade tip (``"steel"``) from x = 0 to ``length``, on the box's mid-height."""
    rz, ry = height / 2, width / 2
    nose = along_x(revolve([(0, 0), (1.0, 0), (0.9, 0.06), (0.45, 0.16), (0, 0.16)], 24, material="nose"))
    nose = nose.scaled((length, ry, rz)).translated((0, 0, rz))
    r = min(0.0032, 0.3 * rz)
    rod = along_x(revolve([(0, 0.0), (r, 0.0), (r, 0.86 * length), (0, 0.86 * length)], 16, material="steel"))
    tip = rbox((0.14 * length, 2.2 * r, 0.5 * r), 0.0002, "steel").translated((0.93 * length, 0, rz - 0.25 * r))
    return merge([nose, rod.translated((0.05 * length, 0, rz)), tip])


def screwdriver_grip(length: float, width: float, height: float) -> MeshPiece:
    """A screwdriver handle from x = -``length`` to 0: a round, fluted grip of the box's width and height with a
    dark rubber band; slots ``"grip"`` and ``"band"``."""
    n = 12
    z = np.linspace(0, 1, n)
    r = 0.8 + 0.2 * np.sin(np.pi * np.clip(z * 1.1, 0, 1)) ** 0.5
    body = along_x(revolve([(0, 0)] + list(zip(r, z)) + [(0, 1)], 10, material="grip", crease_deg=35))
    body = body.scaled((length, width / 2, height / 2)).translated((-length, 0, height / 2))
    band = along_x(revolve([(0.0, 0.0), (1.02, 0.0), (1.02, 0.12), (0.0, 0.12)], 20, material="band"))
    band = band.scaled((length, width / 2 * 0.99, height / 2 * 0.99)).translated((-0.62 * length, 0, height / 2))
    return merge([body, band])


def brush_block(length: float, width: float, height: float) -> MeshPiece:
    """A hand brush's head from x = 0 to ``length``: a rounded wooden back on top (``"back"``) over a dense
    block of bristles splaying slightly outward (``"bristle"``, the fibres printed down its sides)."""
    back = rbox((0.9 * length, 0.62 * width, 0.34 * height), 0.15 * height, "back", z0=0.66 * height)
    tuft = extrude([(0.02 * length, -0.4 * width), (0.98 * length, -0.4 * width), (length, -0.5 * width),
                    (length, 0.5 * width), (0.98 * length, 0.4 * width), (0.02 * length, 0.4 * width),
                    (0.0, 0.5 * width), (0.0, -0.5 * width)], 0.7 * height, material="bristle")
    v = tuft.vertices.astype(np.float64)          # splayed: full width at the tips, 65 % where set in the back
    k = 1 - 0.35 * v[:, 2] / (0.7 * height)
    v[:, 1] *= k
    v[:, 0] = 0.5 * length + (v[:, 0] - 0.5 * length) * (0.96 + 0.04 * k)
    tuft = MeshPiece(v.astype(np.float32), tuft.faces, tuft.normals, tuft.uv, tuft.slots, tuft.face_slot)
    return merge([back.translated((length / 2, 0, 0)), tuft])


def brush_handle(length: float, width: float, height: float) -> MeshPiece:
    """A hand brush's handle from x = -``length`` to 0: a flat wooden paddle narrowing from the head to a
    rounded end with a hanging hole (a dark disc), rising towards the end; slots ``"grip"`` and ``"hole"``."""
    a = np.linspace(-math.pi / 2, math.pi / 2, 11)
    end = np.c_[-length + 0.3 * width * (1 - np.cos(a)), 0.3 * width * np.sin(a)]
    pts = np.concatenate([[(0.0, 0.45 * width), (-0.3 * length, 0.3 * width)], end[::-1],
                          [(-0.3 * length, -0.3 * width), (0.0, -0.45 * width)]])
    t = 0.35 * height
    paddle = extrude(pts, t, bevel=0.3 * t, bevel_segments=2, material="grip")
    hole = cyl(0.1 * width, 0.0004, "hole").translated((-length + 0.3 * width, 0, t))
    return bent(merge([paddle, hole]), height - t, towards=-1.0)


# --------------------------------------------------------------------------------------------------------------
# food
# --------------------------------------------------------------------------------------------------------------

def citrus(size, *, segments: int = 40) -> MeshPiece:
    """A round citrus fruit on z = 0 filling ``size``: an oblate sphere with a dimpled, lathe-UV peel (slot
    ``"skin"``, print it with :func:`peel_print`) and a tiny stem button at the top (``"stem"``)."""
    sx, sy, sz = size
    eta = np.linspace(-math.pi / 2, math.pi / 2, 33)
    r = np.cos(eta)
    z = 0.5 + 0.5 * np.sin(eta) - 0.03 * np.exp(-((math.pi / 2 - eta) / 0.2) ** 2)
    r[0] = r[-1] = 0.0
    body = revolve(np.c_[r * 0.5, z * 0.985], segments, uv="unit", material="skin").scaled((sx, sy, sz))
    button = cyl(0.06 * sx, 0.015 * sz, "stem").translated((0, 0, 0.985 * sz - 0.02 * sz))
    return merge([body, button])


def tomato(size, *, lobes: int = 5) -> MeshPiece:
    """A tomato on z = 0 filling ``size``: oblate, ribbed towards the top (``"skin"``), a large five-pointed
    green calyx star lying on it (``"leaf"``) and a short stalk (``"stem"``)."""
    sx, sy, sz = size
    eta = np.linspace(-math.pi / 2, math.pi / 2, 33)
    r = np.cos(eta)
    z = 0.5 + 0.5 * np.sin(eta) - 0.1 * np.exp(-((math.pi / 2 - eta) / 0.35) ** 2)
    r[0] = r[-1] = 0.0
    body = revolve(np.c_[r * 0.5, z * 0.95], 40, uv="unit", material="skin").scaled((sx, sy, sz))
    v = body.vertices.astype(np.float64)
    om = np.arctan2(v[:, 1], v[:, 0])
    v[:, :2] *= (1 + 0.035 * np.cos(lobes * om) * np.clip(v[:, 2] / sz, 0, 1))[:, None]
    body = MeshPiece(v.astype(np.float32), body.faces, body.normals, body.uv, body.slots, body.face_slot)
    top = float(body.vertices[:, 2].max())
    sepals = []
    for k in range(lobes):
        ang = 2 * math.pi * k / lobes + 0.3
        lf = leaf(0.3 * sx, 0.1 * sx, fold=0.2, curl=0.35, seed=k, segments=6, material="leaf")
        sepals.append(lf.rotated((0, 0, 1), ang).translated((0, 0, top - 0.05 * sz)))
    stalk = stem(0.12 * sz, 0.045 * sx, bend=0.25, seed=2, material="stem").translated((0, 0, top - 0.06 * sz))
    return merge([body] + sepals + [stalk])


def onion(size) -> MeshPiece:
    """A brown onion on z = 0 filling ``size``: a bulb with a rounded shoulder tapering to a dry twisted neck
    (``"skin"``, unit lathe UV: print :func:`onion_print`) and a tuft of pale roots at the bottom (``"root"``)."""
    sx, sy, sz = size
    t = np.linspace(0, 1, 24)
    # the radius as a fraction of the half width, up the bulb's height: a flat base, round belly, neck
    r = np.sin(np.pi * np.clip(t / 0.82, 0, 1)) ** 0.7 * (1 - 0.1 * t)
    r = np.maximum(r, np.where(t > 0.7, 0.09 * (1 - (t - 0.7) / 0.3) + 0.02, 0.0))
    r[0] = r[-1] = 0.0
    z = 0.07 + 0.93 * t
    bulb = revolve(np.c_[0.5 * r * sx, z * sz], 36, uv="unit", material="skin")
    roots = [sweep(bezier([(0, 0, 0.075 * sz), (0.1 * sx * math.cos(a), 0.1 * sx * math.sin(a), 0.03 * sz),
                           (0.17 * sx * math.cos(a), 0.17 * sx * math.sin(a), 0.0)], 5),
                   radius=0.008 * sx, segments=4, material="root") for a in np.linspace(0, 2 * math.pi, 9)[:-1]]
    return merge([bulb] + roots)


def round_leaf(length: float, width: float, *, cup: float = 0.3, ruffle: float = 0.08, waves: int = 7,
               bend: float = 0.0, material: str = "leaf", segments: int = 12) -> MeshPiece:
    """A broad lettuce leaf from the origin along +x: an oval blade (round at the tip, an open two-sided
    surface) cupped upward across its width by ``cup`` (fraction of the half width, as height) with a ruffled
    edge of ``waves`` waves of ``ruffle`` (fraction of the width), curving up along its length by ``bend``
    (fraction of the length, at the tip). UV: unit, u along, v across."""
    s = np.linspace(0, 1, 2 * segments + 1)
    tcol = np.linspace(-1, 1, 9)
    S, T = np.meshgrid(s, tcol, indexing="ij")
    half = width / 2 * np.sqrt(np.clip(1 - (1.15 * S - 1.0) ** 2, 0, 1)) * np.clip(S * 6, 0.15, 1)
    x = S * length
    y = T * half
    z = cup * (width / 2) * T ** 2 + ruffle * width * np.sin(waves * math.pi * S + 3 * T) * np.abs(T) ** 3
    z += bend * length * S ** 2
    pos = np.stack([x, y, z], -1).reshape(-1, 3)
    m = len(tcol)
    idx = np.arange(len(pos)).reshape(len(s), m)
    a, b, c, d = idx[:-1, :-1].ravel(), idx[1:, :-1].ravel(), idx[1:, 1:].ravel(), idx[:-1, 1:].ravel()
    faces = np.concatenate([np.stack([a, b, c], 1), np.stack([a, c, d], 1)])
    uv = np.stack([S.ravel(), (T.ravel() + 1) / 2], 1)
    p = pos[faces]
    keep = np.linalg.norm(np.cross(p[:, 1] - p[:, 0], p[:, 2] - p[:, 0]), axis=1) > 1e-14
    return RawMesh.single(pos, faces[keep], uv[faces[keep]], material).finish()


def lettuce(size, *, seed: int = 3) -> MeshPiece:
    """A loose head of butterhead lettuce filling ``size``: a pale green heart (``"heart"``) cupped by an inner
    ring of upright rounded leaves (``"leaf"``) and an outer ring of broad ruffled leaves opening outward
    (``"outer"``)."""
    sx, sy, sz = size
    rng = np.random.default_rng(seed)
    heart = blob((0.22 * sx, 0.22 * sy, 0.26 * sz), noise=0.15, seed=seed, frequency=5.0,
                 material="heart").translated((0, 0, 0.36 * sz))
    leaves = []
    for ring, (count, length, width, tilt, r0, slot) in enumerate(((6, 0.55, 0.42, -1.25, 0.1, "leaf"),
                                                                   (8, 0.6, 0.5, -0.75, 0.16, "outer"))):
        for k in range(count):
            ang = 2 * math.pi * (k + 0.5 * ring + 0.2 * rng.uniform()) / count
            lf = round_leaf(length * sx, width * sx, cup=0.45, ruffle=0.06 + 0.03 * ring, material=slot)
            lf = lf.rotated((0, 1, 0), tilt + 0.1 * rng.uniform(-1, 1)).rotated((0, 0, 1), ang)
            leaves.append(lf.translated((r0 * sx * math.cos(ang), r0 * sy * math.sin(ang), 0.04 * sz)))
    return merge([heart] + leaves)


# --------------------------------------------------------------------------------------------------------------
# textiles, footwear, devices, vessels
# --------------------------------------------------------------------------------------------------------------

def sock(size) -> MeshPiece:
    """A sock lying flat: one knitted outline (``"knit"``) of the leg (towards -x, +y) turning at a rounded heel
    into the foot and toe (towards +x, -y), a ribbed cuff at the leg's open end (``"cuff"``) and the heel and toe
    in a contrasting colour (``"trim"``)."""
    sx, sy, sz = size
    t = 0.9 * sz
    bev = 0.3 * t
    heel = bezier([(-0.3, -0.12), (-0.24, -0.5), (-0.05, -0.5)], 6)[1:-1]
    toe = bezier([(0.3, -0.5), (0.52, -0.5), (0.52, 0.06), (0.3, 0.06)], 8)[1:-1]
    outline = np.concatenate([[(-0.5, 0.5), (-0.5, -0.1), (-0.3, -0.12)], heel[:, :2] if heel.shape[1] > 2 else heel,
                              [(-0.05, -0.5), (0.3, -0.5)], toe[:, :2] if toe.shape[1] > 2 else toe,
                              [(0.3, 0.06), (0.0, 0.1), (-0.1, 0.3), (-0.12, 0.5)]]) * (sx, sy)
    body = extrude(outline, t, bevel=bev, material="knit")
    toe_cap = np.concatenate([[(0.34, -0.5)], toe[:, :2] if toe.shape[1] > 2 else toe, [(0.34, 0.058)]]) * (sx, sy)
    patch = extrude(toe_cap, 1.04 * t, bevel=bev, material="trim").translated((0, 0, -0.02 * t))
    heel_cap = extrude(np.c_[-0.17 * sx + 0.09 * sx * np.cos(np.linspace(0, 2 * math.pi, 16, endpoint=False)),
                             -0.33 * sy + 0.15 * sy * np.sin(np.linspace(0, 2 * math.pi, 16, endpoint=False))],
                       1.04 * t, bevel=bev, material="trim").translated((0, 0, -0.02 * t))
    cuff = extrude([(-0.5 * sx, -0.1 * sy), (-0.4 * sx, -0.11 * sy), (-0.4 * sx, 0.5 * sy), (-0.5 * sx, 0.5 * sy)],
                   1.06 * t, bevel=bev, material="cuff").translated((0, 0, -0.03 * t))
    return merge([body, patch, heel_cap, cuff])


def boot_foot(size) -> MeshPiece:
    """A boot's foot from the heel (-x) to a rounded toe (+x), its top falling towards the toe; slot
    ``"leather"``."""
    sx, sy, sz = size
    foot = blob((0.5 * sx, 0.5 * sy, sz), (0.45, 0.8), segments=28, material="leather")
    v = foot.vertices.astype(np.float64)
    x = (v[:, 0] + 0.5 * sx) / sx
    v[:, 2] = np.where(v[:, 2] < 0, 0.0, v[:, 2] * (1 - 0.45 * np.clip(x - 0.35, 0, 1) / 0.65))
    return MeshPiece(v.astype(np.float32), foot.faces, foot.normals, foot.uv, foot.slots, foot.face_slot)


def boot_shaft(size) -> MeshPiece:
    """A boot's shaft: a leather tube (``"leather"``) with a dark open top (``"inside"``), a rolled collar and a
    pull tab at the back (-x)."""
    sx, sy, sz = size
    tube = revolve([(0.46, 0.0), (0.47, 0.6), (0.5, 1.0)], 32, thickness=0.06, material="leather",
                   inner_material="inside")
    tube = tube.scaled((0.95 * sx, sy, 0.97 * sz)).translated((0.025 * sx, 0, 0))
    tab = rbox((0.02 * sx, 0.25 * sy, 0.2 * sz), 0.005, "leather", z0=0.8 * sz).translated((-0.49 * sx, 0, 0))
    return merge([tube, tab])


def boot_sole(size) -> MeshPiece:
    """A boot's rubber sole: a footprint outline (narrow at the heel, widest at the ball, round at the toe)
    whose front rises a little off the floor, and a deeper heel block at -x; slot ``"sole"``."""
    sx, sy, sz = size
    a = np.linspace(0, 2 * math.pi, 40, endpoint=False)
    x = 0.5 * sx * np.cos(a)
    w = 0.5 * sy * (0.78 + 0.22 * np.clip(np.cos(a) + 0.3, -1, 1)) * np.abs(np.sin(a)) ** 0.6
    plate = extrude(np.c_[x, np.sign(np.sin(a)) * np.maximum(w, 0.0)], 0.45 * sz, bevel=0.12 * sz,
                    material="sole")
    heel = rbox((0.28 * sx, 0.8 * sy, 0.6 * sz), 0.1 * sz, "sole").translated((-0.34 * sx, 0, 0))
    return merge([plate.translated((0, 0, 0.55 * sz)), heel, bent(rbox((0.6 * sx, 0.85 * sy, 0.56 * sz),
                                                                      0.2 * sz, "sole"), 0.0001, towards=1.0)])


def phone(size) -> MeshPiece:
    """A smartphone face up: a thin rounded case (``"case"``), a black glass front with a narrow bezel
    (``"glass"``) and the lit screen (``"screen"``, unit UV, top towards +y)."""
    sx, sy, sz = size
    case = rbox((sx, sy, sz), 0.45 * sz, "case")
    front = rbox((0.97 * sx, 0.985 * sy, 0.1 * sz), 0.04 * sz, "glass", z0=0.9 * sz)
    scr = flat_quad(0.9 * sx, 0.94 * sy, sz + 0.0002, "screen", up=(0, 1, 0))
    return merge([case, front, scr])


def pot_wall(radius: float, height: float) -> MeshPiece:
    """A cooking pot's straight wall (``"glaze"`` outside, ``"inside"``) a little inside the collision ring, with
    a rolled rim and two riveted side handles at +-x reaching the ring (slot ``"grip"``)."""
    rb = 0.86 * radius
    wall = revolve([(0.0, 0.0), (0.97 * rb, 0.0), (rb, 0.05 * height), (rb, height)], 40, thickness=0.035 * rb,
                   material="glaze", inner_material="inside")
    ears = []
    for s in (-1.0, 1.0):
        path = [(s * 0.95 * rb, -0.55 * rb, 0.8 * height), (s * (radius - 0.006), -0.45 * rb, 0.84 * height),
                (s * (radius - 0.006), 0.45 * rb, 0.84 * height), (s * 0.95 * rb, 0.55 * rb, 0.8 * height)]
        ears.append(sweep(bezier(path, 14), radius=0.006, segments=8, material="grip"))
    return merge([wall] + ears + _specks([(0, radius - 0.0003), (0, -radius + 0.0003)], 0.001, "glaze"))


# --------------------------------------------------------------------------------------------------------------
# furniture parts, kitchen boards, bags, treats, glassware
# --------------------------------------------------------------------------------------------------------------

def rack_wall(size, *, prongs: bool) -> MeshPiece:
    """A dish rack's wire side (``"wire"``): two horizontal rails and vertical wires along its long side; with
    ``prongs`` the wires alternate tall and short (the plate dividers of a drainer), else they are even."""
    sx, sy, sz = size
    along_y = sy >= sx
    L, T = (sy, sx) if along_y else (sx, sy)
    r = 0.5 * T

    def at(u, z):
        return (0.0, u, z) if along_y else (u, 0.0, z)

    n = max(3, int(L / (0.022 if prongs else 0.05)))
    wires = []
    for i, u in enumerate(np.linspace(-L / 2 + r, L / 2 - r, n)):
        top = sz - r if (not prongs or i % 2 == 0 or i in (0, n - 1)) else 0.62 * sz
        wires.append(sweep([at(u, 0.0), at(u, top)], radius=r, segments=8, material="wire"))
    rails = [sweep([at(-L / 2 + r, z), at(L / 2 - r, z)], radius=r, segments=8, material="wire")
             for z in (sz - r, 0.45 * sz)]
    return merge(wires + rails)


def drip_tray(size) -> MeshPiece:
    """A dish rack's plastic drip tray (``"tray"``): a shallow tray with a raised rim and a spout at +x."""
    sx, sy, sz = size
    base = rbox((0.96 * sx, sy, 0.5 * sz), 0.2 * sz, "tray")
    rims = [rbox((0.96 * sx, 0.03 * sy, sz), 0.3 * sz, "tray").translated((0, s * 0.485 * sy, 0)) for s in (-1, 1)]
    rims += [rbox((0.03 * sx, sy, sz), 0.3 * sz, "tray").translated((s * 0.465 * sx, 0, 0)) for s in (-1, 1)]
    spout = rbox((0.04 * sx, 0.12 * sy, 0.6 * sz), 0.2 * sz, "tray").translated((0.48 * sx, 0.3 * sy, 0))
    return merge([base, spout] + rims)


def table_leg(size) -> MeshPiece:
    """A turned table leg standing up: a square top block (where it is screwed to the frame) over a lathe-turned
    shaft with a bead and a ring, tapering to a small foot; slot ``"wood"``."""
    sx, sy, sz = size
    block = rbox((sx, sy, 0.2 * sz), 0.04 * sx, "wood", z0=0.8 * sz)
    r = 0.5 * min(sx, sy)
    prof = [(0, 0), (0.55 * r, 0), (0.6 * r, 0.02 * sz), (0.5 * r, 0.05 * sz), (0.55 * r, 0.45 * sz),
            (0.72 * r, 0.62 * sz), (0.62 * r, 0.66 * sz), (0.85 * r, 0.7 * sz), (0.95 * r, 0.74 * sz),
            (0.85 * r, 0.78 * sz), (0.6 * r, 0.79 * sz), (0.6 * r, 0.81 * sz), (0, 0.81 * sz)]
    return merge([block, revolve(prof, 28, material="wood")])


def ice_pop(length: float, width: float, height: float) -> MeshPiece:
    """An ice lolly lying flat from x = 0 to ``length``: a bar with a round top (``"ice"``) whose top third is
    dipped in a darker coat (``"coat"``); the wooden stick's end inside it (``"stick"``)."""
    a = np.linspace(-math.pi / 2, math.pi / 2, 13)
    outline = np.concatenate([[(0.0, -0.5 * width)], np.c_[length - 0.5 * width + 0.5 * width * np.cos(a),
                                                           0.5 * width * np.sin(a)], [(0.0, 0.5 * width)]])
    t = 0.92 * height
    bar = extrude(outline, t, bevel=0.4 * t, bevel_segments=3, material="ice")
    cut = outline[outline[:, 0] >= 0.62 * length - 1e-9]
    coat = extrude(np.concatenate([[(0.62 * length, -0.5 * width)], cut, [(0.62 * length, 0.5 * width)]]), height,
                   bevel=0.42 * height, bevel_segments=3, material="coat")
    return merge([bar.translated((0, 0, 0.04 * height)), coat])


def lolly_stick(length: float, width: float, height: float, zc: float) -> MeshPiece:
    """A flat wooden lolly stick from x = -``length`` to 0 leaving the ice at height ``zc`` and rising to the box's
    top at its rounded end (``"stick"``)."""
    sw = min(0.01, 0.3 * width)
    a = np.linspace(-math.pi / 2, math.pi / 2, 9)
    end = np.c_[-length + 0.5 * sw * (1 - np.cos(a)), 0.5 * sw * np.sin(a)]
    t = 0.0025
    stick = extrude(np.concatenate([[(0.0, 0.5 * sw)], end[::-1], [(0.0, -0.5 * sw)]]), t, material="stick")
    # the stick rises a little off the table towards its end (the box's top); flat specks on the table hold
    # the box's width
    stick = bent(stick.translated((0, 0, zc - t / 2)), height - zc - t / 2, towards=-1.0)
    return merge([stick] + _specks([(-0.5 * length, 0.499 * width), (-0.5 * length, -0.499 * width)], 0.0004,
                                   "stick"))


def board_with_handle(size) -> MeshPiece:
    """A wooden chopping board: a rounded slab (``"wood"``) narrowing at +y into a handle with a hanging hole
    (``"hole"``, a dark disc on both faces) and a juice groove round the top (``"groove"``)."""
    sx, sy, sz = size
    body = _round_rect(sx, 0.8 * sy, 0.08 * sx, (0, -0.1 * sy))
    handle = _round_rect(0.42 * sx, 0.25 * sy, 0.45 * min(0.42 * sx, 0.25 * sy), (0, 0.375 * sy))
    board = merge([extrude(body, sz, bevel=0.3 * sz, material="wood"),
                   extrude(handle, sz, bevel=0.3 * sz, material="wood")])
    hole = [cyl(0.07 * sx, 0.0006, "hole").translated((0, 0.41 * sy, z)) for z in (sz - 0.0004, -0.0002)]
    groove = [rbox((0.84 * sx, 0.012, 0.0005), 0.0, "groove", z0=sz - 0.0002).translated((0, y * sy, 0))
              for y in (-0.46, 0.26)] + [rbox((0.012, 0.72 * sy, 0.0005), 0.0, "groove", z0=sz - 0.0002).translated(
                  (x * sx, -0.1 * sy, 0)) for x in (-0.42, 0.42)]
    return merge([board] + hole + groove)


def _round_rect(w: float, h: float, r: float, centre=(0.0, 0.0), n: int = 6) -> np.ndarray:
    """A rectangle ``w`` x ``h`` with corner radius ``r`` about ``centre``, counter-clockwise (N, 2)."""
    pts = []
    for cx, cy, a0 in ((w / 2 - r, h / 2 - r, 0.0), (-w / 2 + r, h / 2 - r, 0.5 * math.pi),
                       (-w / 2 + r, -h / 2 + r, math.pi), (w / 2 - r, -h / 2 + r, 1.5 * math.pi)):
        a = np.linspace(a0, a0 + 0.5 * math.pi, n)
        pts.append(np.c_[cx + r * np.cos(a), cy + r * np.sin(a)])
    return np.concatenate(pts) + np.asarray(centre, np.float64)


def bag_wall(size, *, handle: int) -> MeshPiece:
    """One wall of a paper shopping bag (``"kraft"``) with a folded top hem (``"hem"``); a broad wall
    (``handle`` +1 or -1: the side along x its outer face looks to) carries a twisted paper handle folded down
    on that face (``"handle"``), a side wall (``handle`` 0) a crease down its middle (``"crease"``)."""
    sx, sy, sz = size
    along_y = sy >= sx
    panel_t = 0.4 * (sx if along_y else sy)
    if handle:
        panel = rbox((panel_t, sy, sz), 0.2 * panel_t, "kraft").translated((-handle * 0.45 * (sx - panel_t), 0, 0))
        hem = rbox((0.6 * panel_t, sy, 0.08 * sz), 0.0, "hem", z0=0.9 * sz).translated(
            (handle * (0.5 * sx - 0.55 * sx), 0, 0))
        w = 0.3 * sy
        path = bezier([(-w, 0.93 * sz), (-w, 0.52 * sz), (w, 0.52 * sz), (w, 0.93 * sz)], 16)
        r = 0.45 * (sx - panel_t)
        pts = np.c_[np.full(len(path), handle * (0.5 * sx - r)), path[:, 0], path[:, 1]]
        return merge([panel, hem, sweep(pts, radius=r, segments=6, material="handle")])
    crease = rbox((sx * 1.0, 0.004, 0.98 * sz), 0.0, "crease") if sx < sy else rbox(
        (0.004, sy, 0.98 * sz), 0.0, "crease")
    panel = rbox((sx, sy, sz), 0.2 * min(sx, sy), "kraft")
    return merge([panel, crease.translated((0, 0, 0.01 * sz))])


def glass_print(*, size=(128, 64)) -> np.ndarray:
    """Clear glass for a lathe's unit UV ((H, W, 3) uint8, u around): a pale blue-green tint with two bright
    vertical highlights and a darker refracting edge band, so an opaque renderer still shows glass."""
    w, h = size
    u = (np.arange(w) + 0.5) / w
    tint = np.array([206, 240, 230], np.float64)
    k = 1.0 - 0.12 * np.exp(-((u - 0.3) / 0.05) ** 2) - 0.12 * np.exp(-((u - 0.7) / 0.05) ** 2)
    k += 0.3 * np.exp(-((u - 0.4) / 0.01) ** 2) + 0.2 * np.exp(-((u - 0.47) / 0.02) ** 2)
    row = np.clip(tint[None] * k[:, None], 0, 255)
    img = np.repeat(row[None], h, axis=0)
    return img.astype(np.uint8)


def tumbler(radius: float, height: float) -> MeshPiece:
    """A drinking glass: a slightly flared thin wall (``"glass"`` outside, unit UV; ``"inner"`` inside) on a
    thick clear base (``"base"``) with a bright rim bead (``"rim"``)."""
    wall = revolve([(0.0, 0.0), (0.86 * radius, 0.0), (0.9 * radius, 0.1 * height), (radius, height)], 40,
                   thickness=0.05 * radius, uv="unit", material="glass", inner_material="inner")
    base = revolve([(0, 0.02 * height), (0.85 * radius, 0.02 * height), (0.85 * radius, 0.1 * height),
                    (0, 0.1 * height)], 40, material="base")
    rim = revolve([(0.95 * radius, 0.985 * height), (1.0 * radius, 0.985 * height), (1.0 * radius, height),
                   (0.95 * radius, height)], 40, closed_loop=True, material="rim")
    return merge([wall, base, rim])


# --------------------------------------------------------------------------------------------------------------
# flat things: towels, folders, wallets, pads, boards, lids, a dustpan
# --------------------------------------------------------------------------------------------------------------

def folded_towel(size, *, layers: int = 3) -> MeshPiece:
    """A folded bath towel: ``layers`` soft, bulging terry layers (``"terry"``) whose folded edges round over at
    +x, each with a woven border band of two stripes across both ends (``"band"``)."""
    sx, sy, sz = size
    h = sz / layers
    out = []
    for i in range(layers):
        w = sx * (1 - 0.025 * i)
        layer = blob((w / 2, sy / 2, 0.52 * h), (0.35, 0.25), segments=24, material="terry")
        out.append(layer.translated((-0.5 * (sx - w), 0, (i + 0.5) * h)))
        for y in (-0.36, -0.3, 0.3, 0.36):
            band = blob((0.5 * w * 1.004, 0.018 * sy, 0.53 * h), (0.35, 0.25), segments=16, material="band")
            out.append(band.translated((-0.5 * (sx - w), y * sy, (i + 0.5) * h)))
    return merge(out)


def file_folder(size) -> MeshPiece:
    """A card file folder lying flat: the back board with an index tab along +y (``"board"``), a stack of white
    sheets with a loose one on top sticking out of the open side at +x (``"pages"``) and the shorter front board
    (``"board"``)."""
    sx, sy, sz = size
    t = 0.2 * sz
    back = rbox((0.92 * sx, 0.9 * sy, t), 0.3 * t, "board").translated((-0.04 * sx, -0.05 * sy, 0))
    tab = rbox((0.35 * sx, 0.12 * sy, t), 0.3 * t, "board").translated((-0.2 * sx, 0.43 * sy, 0))
    sheets = [rbox((0.85 * sx, 0.84 * sy, 0.5 * sz), 0.1 * sz, "pages", z0=t).translated((0.07 * sx, -0.06 * sy, 0)),
              rbox((0.8 * sx, 0.8 * sy, 0.1 * sz), 0.04 * sz, "pages", z0=t + 0.5 * sz).rotated(
                  (0, 0, 1), 0.06).translated((0.09 * sx, -0.07 * sy, 0))]
    front = rbox((0.78 * sx, 0.88 * sy, t), 0.3 * t, "board", z0=sz - t).translated((-0.11 * sx, -0.06 * sy, 0))
    return merge([back, tab, front] + sheets)


def bifold_wallet(size) -> MeshPiece:
    """A closed bifold leather wallet: two leather halves (``"leather"``) joined by a rounded fold at -x, a light
    stitch line round the top (``"stitch"``), and the edges of cards in colours showing in the gap at +x
    (``"cards"``)."""
    sx, sy, sz = size
    low = rbox((sx, sy, 0.4 * sz), 0.15 * sz, "leather")
    high = rbox((sx, sy, 0.4 * sz), 0.15 * sz, "leather", z0=0.6 * sz)
    fold = along_x(cyl(0.5 * sz, 0.98 * sy, "leather")).translated((0, 0, 0.5 * sz)).rotated(
        (0, 0, 1), math.pi / 2).translated((-0.5 * sx + 0.5 * sz, -0.49 * sy, 0))
    cards = rbox((0.96 * sx, 0.94 * sy, 0.24 * sz), 0.0, "cards", z0=0.38 * sz).translated((-0.01 * sx, 0, 0))
    stitch = []
    for (cx, cy, lx, ly) in ((0.0, 0.44 * sy, 0.86 * sx, 0.0012), (0.0, -0.44 * sy, 0.86 * sx, 0.0012),
                             (0.44 * sx, 0.0, 0.0012, 0.86 * sy)):
        stitch.append(rbox((lx, ly, 0.0006), 0.0, "stitch", z0=sz - 0.0002).translated((cx, cy, 0)))
    return merge([low, high, fold, cards] + stitch)


def card_edges(*, size=(64, 64)) -> np.ndarray:
    """Stacked card edges seen side on: bands of bright card colours (rows), for a wallet's gap."""
    w, h = size
    cols = [(30, 90, 200), (240, 190, 40), (230, 60, 50), (240, 240, 240), (40, 160, 90), (20, 20, 20)]
    img = np.zeros((h, w, 3), np.uint8)
    for i in range(h):
        img[i] = cols[(i * len(cols)) // h]
    return img


def mouse_pad(size) -> MeshPiece:
    """A mouse pad: a thin black rubber base (``"rubber"``) under a dark cloth top with rounded corners
    (``"cloth"``), a stitched edge (``"stitch"``) and a small printed logo near a corner (``"logo"``)."""
    sx, sy, sz = size
    outline = _round_rect(sx, sy, 0.06 * min(sx, sy))
    base = extrude(outline, 0.5 * sz, material="rubber")
    edge = extrude(outline, 0.97 * sz, material="stitch", bevel=0.3 * sz, bevel_segments=1)
    top = extrude(_round_rect(0.975 * sx, 0.975 * sy, 0.055 * min(sx, sy)), sz, material="cloth")
    logo = flat_quad(0.16 * sx, 0.16 * sy, sz + 0.0002, "logo", up=(0, 1, 0)).translated((0.33 * sx, -0.33 * sy, 0))
    return merge([base, edge, top, logo])


def logo_print(*, size: int = 64) -> np.ndarray:
    """A small round brand mark: a light ring and a swoosh on the pad's dark ground, (size, size, 3) uint8."""
    img = Image.new("RGB", (size, size), (20, 24, 40))
    d = ImageDraw.Draw(img)
    d.ellipse((6, 6, size - 6, size - 6), outline=(230, 230, 240), width=4)
    d.arc((16, 18, size - 16, size - 10), 200, 340, fill=(250, 190, 50), width=5)
    return np.asarray(img, np.uint8).copy()


def ply_edge(*, size=(32, 64), plies: int = 7) -> np.ndarray:
    """Plywood seen edge on: ``plies`` alternating light and darker veneer layers (rows), (H, W, 3) uint8."""
    w, h = size
    img = np.zeros((h, w, 3), np.uint8)
    for i in range(h):
        k = (i * plies) // h
        img[i] = (222, 190, 140) if k % 2 == 0 else (180, 140, 90)
    img[:, ::5] = (img[:, ::5] * 0.92).astype(np.uint8)
    return img


def plywood_panel(size) -> MeshPiece:
    """A plywood panel: a slab with a birch face (``"face"``) and layered veneer edges (``"ply"``, the plies
    as v runs up the edge)."""
    sx, sy, sz = size
    return extrude(_round_rect(sx, sy, 0.004), sz, material="face", side_material="ply")


def clip_lid(size) -> MeshPiece:
    """A food box's snap-on lid: a flat top with a raised sealing rim (``"lid"``), a grey gasket line
    (``"seal"``) and four hinged clip flaps hanging over the long and short sides (``"clip"``)."""
    sx, sy, sz = size
    plate = rbox((0.94 * sx, 0.92 * sy, 0.55 * sz), 0.25 * sz, "lid")
    rim = [rbox((0.9 * sx, 0.05 * sy, 0.3 * sz), 0.1 * sz, "lid", z0=0.55 * sz).translated((0, s * 0.4 * sy, 0))
           for s in (-1, 1)] + [rbox((0.05 * sx, 0.85 * sy, 0.3 * sz), 0.1 * sz, "lid", z0=0.55 * sz).translated(
               (s * 0.42 * sx, 0, 0)) for s in (-1, 1)]
    seal = rbox((0.9 * sx, 0.88 * sy, 0.05 * sz), 0.0, "seal", z0=0.5 * sz)
    clips = [rbox((0.3 * sx, 0.04 * sy, sz), 0.2 * sz, "clip").translated((0, s * 0.48 * sy, 0)) for s in (-1, 1)]
    clips += [rbox((0.04 * sx, 0.3 * sy, sz), 0.2 * sz, "clip").translated((s * 0.48 * sx, 0, 0)) for s in (-1, 1)]
    tab = rbox((0.12 * sx, 0.1 * sy, 0.2 * sz), 0.08 * sz, "clip", z0=0.8 * sz)
    return merge([plate, seal, tab] + rim + clips)


def dustpan_wall(size, name: str) -> MeshPiece:
    """A dustpan's wall: the back and sides full height (``"pan"``), the back with a hanging hole (``"hole"``);
    the front open down to a thin rubber lip on the floor (``"lip"``) with its corners inside the side walls."""
    sx, sy, sz = size
    if name == "wall_front":
        lip = rbox((sx, sy, 0.12 * sz), 0.3 * sx, "lip")
        posts = [rbox((sx, 0.035 * sy, sz), 0.0, "pan").translated((0, s * 0.48 * sy, 0)) for s in (-1, 1)]
        return merge([lip] + posts)
    panel = rbox((sx, sy, sz), 0.3 * min(sx, sy), "pan")
    if name == "wall_back":
        hole = rbox((sx * 1.02, 0.12 * sy, 0.3 * sz), 0.14 * sz, "hole", z0=0.55 * sz)
        return merge([panel, hole])
    return panel
