"""Dressing assets: materials for named surface kinds (albedo textures from the texture kit, coloured to a part's
colour), printed artwork as materials, and mesh-kit pieces fitted into the collision boxes of the parts they dress.

An object keeps its physics when it is dressed: :func:`dressed_part` scales a piece so its axis-aligned bounds are
exactly the old part's collision box and keeps the part's name, joint, collision flag and convex shape, so the
model's bounds, collision boxes, shapes and mass split do not change. Decorations that do not collide are fitted
inside the model's bounds.

A :class:`Skin` is a :class:`~..geometry.Material` with the metres per texture tile of its UV (None for artwork laid
out in unit UV). Textures are small (:data:`TILE_PX`) because a renderer without textures averages every material
per frame (:attr:`Material.mean_color`). Colours are linear RGB in [0, 1] (as :mod:`.materials`).
"""
from __future__ import annotations

import math
import zlib
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import trimesh
from PIL import Image, ImageDraw

from ..geometry import Material
from .meshkit import MeshPiece, merge
from .model import Part
from .texturekit import TILE_M, fabric, leather, plastic, paper, cardboard, brushed_metal, painted_metal, wood
from .texturekit_print import as_rgb_array, draw_fitted, new_canvas, print_rng

__all__ = ["Skin", "SURFACES", "TILE_PX", "skin", "art", "fit", "dressed_part", "quad", "linear_to_srgb8",
           "planar_uv", "text_page", "pattern", "letter_tile", "zlib_seed",
           "recoloured", "tinted_pattern"]

TILE_PX = 64
"""Side [px] of the tiling textures of dressed objects."""


@dataclass(frozen=True)
class Skin:
    """A material for a mesh slot and how its UV is read: ``tile_m`` metres per texture tile for pieces whose UV is
    in metres (the mesh kit's default), None for artwork in unit UV."""

    material: Material
    tile_m: float | None


# surface kind -> (texture generator, its colour keyword or None, roughness, metallic, opacity)
SURFACES: dict[str, tuple[str, str | None, float, float, float]] = {
    "plastic": ("plastic", "colour", 0.45, 0.0, 1.0),
    "glossy": ("plastic", "colour", 0.2, 0.0, 1.0),        # glazed ceramic, lacquer
    "matte": ("plastic", "colour", 0.8, 0.0, 1.0),         # rubber, foam, food
    "glass": ("plastic", "colour", 0.05, 0.0, 0.35),
    "paper": ("paper", "tone", 0.9, 0.0, 1.0),
    "card": ("cardboard", "tone", 0.85, 0.0, 1.0),
    "metal": ("brushed_metal", "tone", 0.3, 1.0, 1.0),
    "painted": ("painted_metal", "colour", 0.4, 0.0, 1.0),
    "fabric": ("fabric", "colour", 0.95, 0.0, 1.0),
    "leather": ("leather", "colour", 0.6, 0.0, 1.0),
    "wood": ("wood", None, 0.6, 0.0, 1.0),
}
"""Surface kinds a dressed part may take: the texture generator, the keyword it takes a colour by (None: the
texture's own colour, tinted by ``base_color``), roughness, metallic and opacity."""

_GEN = {"plastic": plastic, "paper": paper, "cardboard": cardboard, "brushed_metal": brushed_metal,
        "painted_metal": painted_metal, "fabric": fabric, "leather": leather, "wood": wood}


def linear_to_srgb8(c) -> tuple[int, int, int]:
    """8-bit sRGB of a linear RGB colour in [0, 1] (IEC 61966-2-1), as a tuple of three ints."""
    x = np.clip(np.asarray(c, np.float64).reshape(3), 0.0, 1.0)
    s = np.where(x <= 0.0031308, 12.92 * x, 1.055 * np.power(x, 1 / 2.4) - 0.055)
    return tuple(int(round(v * 255)) for v in s)


def _half(img: np.ndarray) -> np.ndarray:
    """A 2 x 2 box downsample (a tileable image stays tileable)."""
    h, w = img.shape[0] // 2, img.shape[1] // 2
    return img[:2 * h, :2 * w].reshape(h, 2, w, 2, 3).mean(axis=(1, 3)).round().astype(np.uint8)


@lru_cache(maxsize=1024)
def _skin(kind: str, rgb8: tuple[int, int, int], seed: int) -> Skin:
    gen, key, rough, metal, opacity = SURFACES[kind]
    if key is None:
        img = _half(_GEN[gen](2 * TILE_PX, seed))
        lin = (np.asarray(img, np.float32) / 255.0) ** 2.2
        want = (np.asarray(rgb8, np.float64) / 255.0) ** 2.2
        base = tuple(float(v) for v in np.clip(want / np.maximum(lin.reshape(-1, 3).mean(axis=0), 1e-3), 0, 1))
    else:
        img = _half(_GEN[gen](2 * TILE_PX, seed, **{key: rgb8}))
        base = (1.0, 1.0, 1.0)
    img.flags.writeable = False
    mat = Material(f"{kind}_{rgb8[0]:02x}{rgb8[1]:02x}{rgb8[2]:02x}", base_color=base, albedo=img, roughness=rough,
                   metallic=metal, opacity=opacity)
    return Skin(mat, TILE_M[gen])


def skin(kind: str, colour, seed: int = 0) -> Skin:
    """A tiling material of surface ``kind`` (:data:`SURFACES`) in ``colour`` (linear RGB), cached.

    Raises:
        ValueError: an unknown kind or a colour that is not three values in [0, 1].
    """
    if kind not in SURFACES:
        raise ValueError(f"skin: unknown surface kind {kind!r}; known: {sorted(SURFACES)}")
    c = np.asarray(colour, np.float64).reshape(-1)
    if c.shape != (3,) or not np.all(np.isfinite(c)) or c.min() < 0 or c.max() > 1:
        raise ValueError(f"skin: colour must be linear RGB in [0, 1], got {colour!r}")
    return _skin(kind, linear_to_srgb8(c), int(seed))


def art(img: np.ndarray, name: str = "print", *, roughness: float = 0.5, opacity: float = 1.0) -> Skin:
    """A material of printed artwork ``img`` ((H, W, 3) uint8 sRGB) laid out in unit UV."""
    a = np.ascontiguousarray(np.asarray(img, np.uint8))
    return Skin(Material(name, albedo=a, roughness=roughness, opacity=opacity), None)


def fit(piece: MeshPiece, lo, hi) -> MeshPiece:
    """``piece`` scaled (per axis) and moved so its axis-aligned bounds are exactly ``lo``..``hi`` [m], each (3,).

    Raises:
        ValueError: ``hi`` not above ``lo`` on every axis, or a piece that is flat along an axis.
    """
    lo, hi = np.asarray(lo, np.float64), np.asarray(hi, np.float64)
    if np.any(hi <= lo):
        raise ValueError(f"fit: target bounds must have hi > lo on every axis, got {lo} .. {hi}")
    plo, phi = (b.astype(np.float64) for b in piece.bounds)
    ext = phi - plo
    if np.any(ext <= 1e-9):
        raise ValueError(f"fit: the piece is flat along an axis (extent {ext})")
    s = (hi - lo) / ext
    return piece.translated(-plo).scaled(s).translated(lo)


def _scaled_uv(piece: MeshPiece, skins: dict[str, Skin]) -> MeshPiece:
    """UV of tiling slots divided by their tile size (metres -> texture tiles); artwork slots keep unit UV."""
    if all(skins[s].tile_m is None for s in piece.slots):
        return piece
    if len(piece.slots) == 1:
        t = skins[piece.slots[0]].tile_m
        return piece.uv_scaled(1.0 / t)
    parts = []
    for s in piece.slots:
        sub = piece.split_slot(s)
        t = skins[s].tile_m
        parts.append(sub if t is None else sub.uv_scaled(1.0 / t))
    return merge(parts)


def dressed_part(old: Part, piece: MeshPiece, skins: dict[str, Skin], *, name: str | None = None,
                 collide: bool | None = None, shape: tuple | None = None) -> Part:
    """A part drawn as ``piece`` (fitted into ``old``'s collision box) with one material per slot from ``skins``,
    keeping ``old``'s name, colour (the fallback a cut slice is drawn in), joint, collision flag and convex shape
    unless given.

    Raises:
        KeyError: a slot of the piece without a skin (the message names the part and the slot).
    """
    missing = [s for s in piece.slots if s not in skins]
    if missing:
        raise KeyError(f"dressed_part({old.name!r}): no skin for slot(s) {missing}; given {sorted(skins)}")
    lo, hi = old.box_center - old.box_half, old.box_center + old.box_half
    p = _scaled_uv(fit(piece, lo, hi), skins)
    mats = tuple(skins[s].material for s in p.slots)
    mesh = trimesh.Trimesh(p.vertices.astype(np.float64), p.faces, process=False)
    # the collision box is the old one, bit for bit (the fitted float32 mesh matches it to ~1e-9 m), so the
    # physics of a dressed kind is exactly that of its primitives; the part keeps its kind's colour too: what a
    # cut or cooked look starts from (its faces draw in their materials)
    return Part(name or old.name, mesh, old.color, old.box_center.copy(), old.box_half.copy(), joint=old.joint,
                collide=old.collide if collide is None else collide, shape=old.shape if shape is None else shape,
                normals=p.normals, uv=p.uv, materials=mats,
                face_material=None if len(mats) == 1 else p.face_slot.astype(np.int32))


def quad(w: float, h: float, slot: str) -> MeshPiece:
    """A ``w`` x ``h`` [m] rectangle in the yz plane facing +x, from z = 0 up, unit UV ((0, 0) its bottom-left seen
    from +x): a printed face to lay on a box."""
    v = np.array([(0, -w / 2, 0), (0, w / 2, 0), (0, w / 2, h), (0, -w / 2, h)], np.float32)
    return MeshPiece(v, np.array([[0, 1, 2], [0, 2, 3]], np.int32), np.tile(np.float32((1, 0, 0)), (4, 1)),
                     np.array([(0, 0), (1, 0), (1, 1), (0, 1)], np.float32), (slot,), np.zeros(2, np.int32))


def planar_uv(piece: MeshPiece, u_dir, v_dir) -> MeshPiece:
    """``piece`` with unit UV projected along two directions (each (3,)): u and v run 0..1 over its extent."""
    x = piece.vertices.astype(np.float64)
    out = []
    for d in (u_dir, v_dir):
        t = x @ np.asarray(d, np.float64)
        out.append((t - t.min()) / max(t.max() - t.min(), 1e-12))
    return MeshPiece(piece.vertices, piece.faces, piece.normals, np.stack(out, 1).astype(np.float32), piece.slots,
                     piece.face_slot)


# --------------------------------------------------------------------------------------------------------------
# artwork the print kit does not make
# --------------------------------------------------------------------------------------------------------------

@lru_cache(maxsize=64)
def text_page(title: str, seed: int = 0, size=(180, 256), tone=(250, 249, 244), words: bool = True) -> np.ndarray:
    """A printed page: a bold title, a rule and grey lines of body text (a letter, a recipe, a form); (H, W, 3).
    With ``words`` False the title is a dark bar of type seen from afar, so the page prints no letters."""
    img, draw = new_canvas("text_page", size, tone)
    W, H = img.size
    rng = print_rng(seed, "text_page")
    if words:
        draw_fitted(draw, title, (W * 0.08, H * 0.05, W * 0.92, H * 0.14), "sans-bold", fill=(20, 20, 20))
    else:
        draw.rectangle((W * 0.08, H * 0.07, W * 0.08 + W * 0.84 * float(rng.uniform(0.45, 0.75)), H * 0.12),
                       fill=(20, 20, 20))
    draw.line((W * 0.08, H * 0.17, W * 0.92, H * 0.17), fill=(60, 60, 60), width=max(1, H // 128))
    y = H * 0.22
    while y < H * 0.92:
        x1 = W * (0.92 if rng.random() > 0.2 else rng.uniform(0.4, 0.8))
        draw.rectangle((W * 0.08, y, x1, y + H * 0.012), fill=(110, 110, 110))
        y += H * (0.035 if rng.random() > 0.15 else 0.06)
    return as_rgb_array(img)


@lru_cache(maxsize=64)
def letter_tile(letter: str, bg, ink, size: int = 128) -> np.ndarray:
    """A toy-block face: a bold letter on a coloured square with a border; (size, size, 3)."""
    img, draw = new_canvas("letter_tile", (size, size), bg)
    draw.rectangle((3, 3, size - 4, size - 4), outline=ink, width=max(2, size // 24))
    draw_fitted(draw, letter, (size * 0.18, size * 0.12, size * 0.82, size * 0.88), "sans-bold", fill=ink)
    return as_rgb_array(img)


@lru_cache(maxsize=64)
def pattern(kind: str, seed: int = 0, size: int = 128) -> np.ndarray:
    """Food and object surfaces drawn with Pillow, unit-UV images (H, W, 3): ``pizza`` (top seen from above),
    ``pineapple`` (diamond scales), ``steak`` (marbled red meat), ``sprinkles`` (icing with sprinkles),
    ``crumb`` (bread or cake crumb), ``berries`` (a punnet seen from above), ``check`` (gingham cloth),
    ``terry`` (towel loops), ``knit`` (sock rib), ``grille`` (vent slots), ``lettuce`` (veined leaf)."""
    rng = np.random.default_rng(zlib_seed(kind, seed))
    s = size
    img = Image.new("RGB", (s, s), (200, 200, 200))
    d = ImageDraw.Draw(img)
    if kind == "pizza":
        d.rectangle((0, 0, s, s), fill=(210, 160, 90))
        d.ellipse((s * 0.07, s * 0.07, s * 0.93, s * 0.93), fill=(200, 60, 30))
        for _ in range(40):
            x, y = rng.uniform(0.15, 0.85, 2) * s
            r = rng.uniform(0.03, 0.07) * s
            d.ellipse((x - r, y - r, x + r, y + r), fill=(246, 222, 150))
        for _ in range(9):
            a, rr = rng.uniform(0, 2 * math.pi), rng.uniform(0.05, 0.32) * s
            x, y = s / 2 + rr * math.cos(a), s / 2 + rr * math.sin(a)
            r = 0.06 * s
            d.ellipse((x - r, y - r, x + r, y + r), fill=(150, 30, 25))
        for _ in range(12):
            x, y = rng.uniform(0.2, 0.8, 2) * s
            d.ellipse((x - 2, y - 2, x + 2, y + 2), fill=(40, 110, 40))
    elif kind == "pineapple":
        d.rectangle((0, 0, s, s), fill=(170, 120, 40))
        n = 8
        for i in range(n + 1):
            for j in range(n + 1):
                cx, cy = (i + 0.5 * (j % 2)) * s / n, j * s / n
                r = s / n * 0.55
                d.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=(196, 150, 50),
                          outline=(90, 60, 20))
                d.ellipse((cx - 2, cy - 2, cx + 2, cy + 2), fill=(70, 90, 30))
    elif kind == "steak":
        d.rectangle((0, 0, s, s), fill=(150, 30, 35))
        for _ in range(30):
            pts = [(float(x), float(y)) for x, y in rng.uniform(0, s, (3, 2))]
            d.line(pts, fill=(235, 205, 195), width=int(rng.integers(1, 4)))
    elif kind == "sprinkles":
        d.rectangle((0, 0, s, s), fill=(236, 150, 180))
        cols = [(250, 250, 250), (250, 210, 40), (60, 170, 230), (120, 200, 90), (240, 80, 60)]
        for _ in range(70):
            x, y = rng.uniform(0, s, 2)
            a = rng.uniform(0, math.pi)
            dx, dy = 4 * math.cos(a), 4 * math.sin(a)
            d.line((x - dx, y - dy, x + dx, y + dy), fill=cols[int(rng.integers(len(cols)))], width=2)
    elif kind == "crumb":
        d.rectangle((0, 0, s, s), fill=(236, 214, 170))
        for _ in range(160):
            x, y = rng.uniform(0, s, 2)
            r = rng.uniform(0.5, 2.5)
            d.ellipse((x - r, y - r, x + r, y + r), fill=(200, 170, 120))
    elif kind == "berries":
        d.rectangle((0, 0, s, s), fill=(40, 20, 40))
        for _ in range(26):
            x, y = rng.uniform(0.08, 0.92, 2) * s
            r = rng.uniform(0.07, 0.1) * s
            c = (200, 20, 50) if rng.random() < 0.6 else (60, 40, 120)
            d.ellipse((x - r, y - r, x + r, y + r), fill=c, outline=(90, 10, 30))
            d.ellipse((x - r * 0.3, y - r * 0.6, x, y - r * 0.3), fill=(250, 160, 170))
    elif kind == "check":
        d.rectangle((0, 0, s, s), fill=(245, 245, 240))
        k = s // 8
        for i in range(0, s, 2 * k):
            d.rectangle((i, 0, i + k - 1, s), fill=(120, 150, 220))
            d.rectangle((0, i, s, i + k - 1), fill=(120, 150, 220))
        for i in range(0, s, 2 * k):
            for j in range(0, s, 2 * k):
                d.rectangle((i, j, i + k - 1, j + k - 1), fill=(40, 80, 180))
    elif kind == "terry":
        d.rectangle((0, 0, s, s), fill=(230, 230, 225))
        for _ in range(500):
            x, y = rng.uniform(0, s, 2)
            d.ellipse((x - 1.5, y - 1.5, x + 1.5, y + 1.5), outline=(200, 200, 196))
    elif kind == "knit":
        d.rectangle((0, 0, s, s), fill=(200, 200, 200))
        for x in range(0, s, 6):
            d.line((x, 0, x, s), fill=(150, 150, 150), width=2)
    elif kind == "grille":
        d.rectangle((0, 0, s, s), fill=(215, 216, 220))
        for y in range(8, s - 8, 10):
            d.rounded_rectangle((s * 0.1, y, s * 0.9, y + 4), radius=2, fill=(60, 60, 64))
    elif kind == "lettuce":
        d.rectangle((0, 0, s, s), fill=(120, 190, 80))
        for _ in range(12):
            x = rng.uniform(0, s)
            d.line((x, s, x + rng.uniform(-30, 30), 0), fill=(200, 235, 170), width=3)
    else:
        raise ValueError(f"pattern: unknown kind {kind!r}")
    return np.asarray(img, np.uint8).copy()


def zlib_seed(name: str, seed: int) -> int:
    """A stable integer seed from a name and a seed (CRC-32 of the name plus the seed)."""
    return (zlib.crc32(name.encode()) + int(seed)) % (2 ** 32)   # stable across runs (no hash salting)


def recoloured(img: np.ndarray, colour, *, reach: float = 60.0) -> np.ndarray:
    """``img`` ((H, W, 3) uint8 sRGB artwork) with its ground, the most common colour (quantised to 16 levels),
    and every pixel within ``reach`` (sRGB units) of it, replaced by ``colour`` (linear RGB), so printed packaging
    takes a kind's colour parameter while its text, logo and barcode stay."""
    a = np.asarray(img, np.uint8)
    q = (a // 16).reshape(-1, 3).astype(np.int32)
    codes = q[:, 0] * 256 + q[:, 1] * 16 + q[:, 2]
    mode = np.bincount(codes).argmax()
    ground = np.array([mode // 256, (mode // 16) % 16, mode % 16]) * 16 + 8
    near = np.linalg.norm(a.astype(np.float32) - ground, axis=2) < reach
    out = a.copy()
    out[near] = linear_to_srgb8(colour)
    return out


def tinted_pattern(kind: str, colour, tile_m: float, seed: int = 0) -> Skin:
    """A :func:`pattern` image as a tiling material whose base colour scales it to average ``colour`` (linear
    RGB): the pattern's light and dark in the kind's colour."""
    img = pattern(kind, seed)
    grey = img.mean(axis=2, keepdims=True).repeat(3, axis=2).astype(np.uint8)
    lin = ((grey.astype(np.float32) / 255.0) ** 2.2).mean()
    base = tuple(float(x) for x in np.clip(np.asarray(colour, np.float64) / max(lin, 1e-3), 0.0, 1.0))
    return Skin(Material(f"{kind}_tinted", base_color=base, albedo=grey, roughness=0.9), tile_m)
