"""Texture kit: seeded, tileable procedural albedo textures (wood, stone, tiles, fabric, metal, paper, ...).

Every generator returns an (H, W, 3) uint8 sRGB albedo image, square, ``size`` in [128, 512] px, the same bytes for
the same arguments, and **tileable**: the image repeats without a seam (every random field is periodic on the
image: FFT-filtered white noise, cell noise on a torus, patterns with a whole number of periods). Each texture has a
nominal real-world tile size (:data:`TILE_M`, metres per image side) for mapping UV in metres:
``uv_tiles = uv_metres / TILE_M[name]``. Orientation: wood grain and brushed streaks run along image x (u).

Printed artwork (labels, packaging, covers, signs, price tags) lives in :mod:`.texturekit_print`, displays (segment
digits, appliance panels, screens) in :mod:`.texturekit_screens`, texture files taken from packages in
:mod:`.texturekit_files`; :func:`describe` lists them all.
"""
from __future__ import annotations

import math
import zlib

import numpy as np
from PIL import Image, ImageDraw

# the sibling kit files by name, not through the package (its __init__ imports the families that use this kit)
from .texturekit_files import provenance as file_provenance
from .texturekit_print import PRINTS
from .texturekit_screens import SCREENS

__all__ = [
    "TILE_M", "WOOD_SPECIES", "PROCEDURAL", "texture", "describe", "periodic_noise", "cell_noise",
    "wood", "marble", "granite", "concrete", "plaster", "brick", "tiles", "parquet", "carpet", "fabric",
    "leather", "brushed_metal", "painted_metal", "plastic", "paper", "cardboard", "cardboard_edge", "terrazzo",
    "cork",
]

MIN_SIZE, MAX_SIZE = 128, 512


# --------------------------------------------------------------------------------------------------------------
# periodic fields
# --------------------------------------------------------------------------------------------------------------

def _rng(seed: int, name: str) -> np.random.Generator:
    """A generator for one texture: the seed mixed with a stable hash of its name."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise ValueError(f"{name}: seed must be an integer, got {seed!r}")
    return np.random.default_rng([int(seed) & 0xFFFFFFFF, zlib.crc32(name.encode())])


def _size(fn: str, size) -> int:
    if isinstance(size, bool) or not isinstance(size, (int, np.integer)) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"{fn}: size must be a whole number of pixels in [{MIN_SIZE}, {MAX_SIZE}], got {size!r}")
    return int(size)


def periodic_noise(n: int, rng: np.random.Generator, scale_px: float, *, stretch=(1.0, 1.0),
                   angle: float = 0.0, octaves: int = 1, gain: float = 0.5) -> np.ndarray:
    """Gaussian-filtered white noise on an n x n torus (tileable), zero mean and unit standard deviation.

    Args:
        n: image side [px].
        scale_px: feature size [px] (the Gaussian's 1/e frequency is 1 / scale_px).
        stretch: (along x, along y) feature-size multipliers: (40, 0.5) gives streaks along x.
        angle: rotation of the stretch axes [rad].
        octaves: sum of this many layers, each at half the scale and ``gain`` times the amplitude.

    Returns:
        (n, n) float64.
    """
    out = np.zeros((n, n))
    f = np.fft.fftfreq(n)
    fy, fx = np.meshgrid(f, f, indexing="ij")
    c, s = math.cos(angle), math.sin(angle)
    fa, fb = c * fx + s * fy, -s * fx + c * fy
    amp = 1.0
    for k in range(octaves):
        sc = scale_px / (2 ** k)
        g = np.exp(-((fa * sc * stretch[0]) ** 2 + (fb * sc * stretch[1]) ** 2) * (math.pi ** 2))
        w = rng.normal(size=(n, n))
        layer = np.real(np.fft.ifft2(np.fft.fft2(w) * g))
        sd = layer.std()
        out += amp * (layer / sd if sd > 0 else layer)
        amp *= gain
    sd = out.std()
    return (out - out.mean()) / (sd if sd > 0 else 1.0)


def cell_noise(n: int, rng: np.random.Generator, cells: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Worley cell noise on an n x n torus: one jittered feature point per cell of a ``cells`` x ``cells`` grid.

    Returns:
        (F1, F2, id): distances [px] to the nearest and second-nearest points, (n, n) float64, and the nearest
        point's cell index, (n, n) int64 (Worley 1996, "A cellular texture basis function").
    """
    pts = (np.stack(np.meshgrid(np.arange(cells), np.arange(cells), indexing="ij"), -1)
           + rng.uniform(0.1, 0.9, size=(cells, cells, 2))) * (n / cells)
    yy, xx = np.meshgrid(np.arange(n) + 0.5, np.arange(n) + 0.5, indexing="ij")
    cy, cx = (yy * cells / n).astype(int), (xx * cells / n).astype(int)
    f1 = np.full((n, n), np.inf)
    f2 = np.full((n, n), np.inf)
    ids = np.zeros((n, n), np.int64)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            gy, gx = cy + dy, cx + dx
            p = pts[gy % cells, gx % cells]
            py = p[..., 0] + np.floor_divide(gy, cells) * n
            px = p[..., 1] + np.floor_divide(gx, cells) * n
            d = np.hypot(yy - py, xx - px)
            closer = d < f1
            f2 = np.where(closer, f1, np.minimum(f2, d))
            ids = np.where(closer, (gy % cells) * cells + gx % cells, ids)
            f1 = np.where(closer, d, f1)
    return f1, f2, ids


def _lerp(c0, c1, t) -> np.ndarray:
    t = np.asarray(t, np.float64)[..., None]
    return np.asarray(c0, np.float64) * (1 - t) + np.asarray(c1, np.float64) * t


def _u8(img: np.ndarray) -> np.ndarray:
    return np.clip(np.round(img), 0, 255).astype(np.uint8)


def _shade(base: np.ndarray, amount: np.ndarray) -> np.ndarray:
    """Brightness change by ``amount`` (fraction, +-) per pixel, keeping the hue."""
    return base * (1.0 + np.asarray(amount)[..., None])


def _smoothstep(e0: float, e1: float, x: np.ndarray) -> np.ndarray:
    t = np.clip((x - e0) / (e1 - e0), 0, 1)
    return t * t * (3 - 2 * t)


def _colour(fn: str, arg: str, c) -> np.ndarray:
    a = np.asarray(c, np.float64).reshape(-1)
    if a.shape != (3,) or np.any(a < 0) or np.any(a > 255):
        raise ValueError(f"{fn}: {arg} must be an sRGB triple in [0, 255], got {c!r}")
    return a


# --------------------------------------------------------------------------------------------------------------
# wood
# --------------------------------------------------------------------------------------------------------------

WOOD_SPECIES = {   # (early wood, late wood) sRGB
    "oak": ((204, 166, 118), (150, 108, 64)),
    "walnut": ((128, 90, 62), (72, 47, 31)),
    "maple": ((228, 200, 158), (196, 158, 110)),
    "cherry": ((190, 116, 78), (140, 76, 46)),
    "pine": ((228, 194, 140), (186, 136, 80)),
    "ash": ((218, 200, 166), (168, 140, 104)),
    "teak": ((172, 118, 64), (118, 76, 40)),
    "mahogany": ((150, 72, 46), (100, 42, 26)),
}


def _wood_field(n: int, rng: np.random.Generator, rings: int) -> np.ndarray:
    """Ring phase in [0, 1) with the grain along x: rows cross a whole number of rings, bent by long waves."""
    y = np.arange(n)[:, None] / n
    warp = 0.35 * periodic_noise(n, rng, n / 2.5, stretch=(2.5, 0.8)) + 0.06 * periodic_noise(n, rng, n / 10)
    return np.mod(rings * y + warp + np.zeros((1, n)), 1.0)


def wood(size: int = 256, seed: int = 0, *, species: str = "oak") -> np.ndarray:
    """Plank-sawn wood grain, the grain along x: growth rings (early wood light, late wood dark, gently bent),
    fine fibres and a little pore noise. ``species`` in :data:`WOOD_SPECIES`. Tile: 0.6 m."""
    n = _size("wood", size)
    if species not in WOOD_SPECIES:
        raise ValueError(f"wood: unknown species {species!r}; known: {sorted(WOOD_SPECIES)}")
    rng = _rng(seed, "wood:" + species)
    early, late = WOOD_SPECIES[species]
    ring = _wood_field(n, rng, int(rng.integers(14, 22)))
    late_t = _smoothstep(0.66, 0.9, ring) * (1 - _smoothstep(0.92, 1.0, ring))
    fibre = periodic_noise(n, rng, 2.0, stretch=(30.0, 0.5), octaves=2)
    pores = periodic_noise(n, rng, 1.2, stretch=(8.0, 0.8))
    tone = periodic_noise(n, rng, n / 3, stretch=(3.0, 1.0))
    img = _lerp(early, late, np.clip(late_t * 0.8 + 0.05 * fibre, 0, 1))
    return _u8(_shade(img, 0.03 * fibre + 0.04 * tone - 0.04 * np.clip(pores - 1.6, 0, None)))


# --------------------------------------------------------------------------------------------------------------
# stone and mineral surfaces
# --------------------------------------------------------------------------------------------------------------

_MARBLE = {  # base, vein, secondary vein
    "carrara": ((236, 234, 230), (112, 114, 120), (180, 182, 186)),
    "nero": ((34, 34, 38), (230, 228, 222), (120, 120, 124)),
    "verde": ((40, 86, 66), (210, 222, 212), (90, 130, 110)),
    "crema": ((228, 214, 188), (168, 140, 104), (205, 188, 160)),
}


def marble(size: int = 256, seed: int = 0, *, variant: str = "carrara") -> np.ndarray:
    """Polished marble: turbulent veins (sine of a warped diagonal phase, a whole number of periods across the
    tile) over a softly clouded base. ``variant``: carrara, nero, verde, crema. Tile: 0.6 m."""
    n = _size("marble", size)
    if variant not in _MARBLE:
        raise ValueError(f"marble: unknown variant {variant!r}; known: {sorted(_MARBLE)}")
    rng = _rng(seed, "marble:" + variant)
    base, vein, vein2 = _MARBLE[variant]
    y, x = np.meshgrid(np.arange(n) / n, np.arange(n) / n, indexing="ij")
    turb = periodic_noise(n, rng, n / 2.5, octaves=4, gain=0.5)
    k1, k2 = int(rng.integers(1, 3)), int(rng.integers(0, 2))
    phase = math.pi * (k1 * x + k2 * y) * 2 + 1.4 * turb
    s1 = 1 - np.abs(np.sin(phase))
    v1 = 0.55 * s1 ** 30 + 0.35 * s1 ** 6
    phase2 = 2 * math.pi * (x - 2 * y) + 1.8 * periodic_noise(n, rng, n / 3, octaves=4, gain=0.5)
    v2 = 0.5 * (1 - np.abs(np.sin(phase2))) ** 10
    cloud = periodic_noise(n, rng, n / 3, octaves=3)
    img = _lerp(base, vein2, np.clip(v2 + 0.15 * np.clip(cloud, 0, None), 0, 1))
    img = _lerp(img, vein, np.clip(v1, 0, 1))
    return _u8(_shade(img, 0.02 * periodic_noise(n, rng, 2.0)))


_GRANITE = {  # mineral palette: matrix colours, then dark and light grains
    "grey": ((150, 150, 152), (110, 110, 114), (190, 188, 186), (40, 40, 44), (228, 226, 222)),
    "black": ((48, 48, 52), (30, 30, 34), (80, 80, 86), (12, 12, 14), (170, 170, 176)),
    "pink": ((196, 150, 140), (160, 116, 108), (222, 196, 186), (52, 46, 46), (240, 232, 226)),
    "beige": ((200, 184, 156), (160, 140, 112), (226, 214, 190), (70, 60, 50), (242, 236, 224)),
}


def granite(size: int = 256, seed: int = 0, *, variant: str = "grey") -> np.ndarray:
    """Granite: a speckled mosaic of mineral grains (quantised fine noise in three matrix colours) with dark
    mica and light quartz flecks. ``variant``: grey, black, pink, beige. Tile: 0.4 m."""
    n = _size("granite", size)
    if variant not in _GRANITE:
        raise ValueError(f"granite: unknown variant {variant!r}; known: {sorted(_GRANITE)}")
    rng = _rng(seed, "granite:" + variant)
    pal = np.asarray(_GRANITE[variant], np.float64)
    g = periodic_noise(n, rng, 2.2, octaves=2)
    idx = np.digitize(g, [-0.45, 0.45])
    img = pal[:3][idx]
    dark = periodic_noise(n, rng, 1.3) > 1.7
    light = periodic_noise(n, rng, 1.6) > 1.9
    img[dark] = pal[3]
    img[light] = pal[4]
    return _u8(_shade(img, 0.04 * periodic_noise(n, rng, n / 6)))


def concrete(size: int = 256, seed: int = 0, *, tone=(150, 148, 142)) -> np.ndarray:
    """Cast concrete: large mottling, fine aggregate noise and small dark pores. Tile: 1.0 m."""
    n = _size("concrete", size)
    base = _colour("concrete", "tone", tone)
    rng = _rng(seed, "concrete")
    mott = periodic_noise(n, rng, n / 6, octaves=3)
    fine = periodic_noise(n, rng, 1.5, octaves=2)
    pores = periodic_noise(n, rng, 1.4) > 2.3
    img = _shade(np.broadcast_to(base, (n, n, 3)).copy(), 0.07 * mott + 0.04 * fine)
    img[pores] *= 0.6
    return _u8(img)


def plaster(size: int = 256, seed: int = 0, *, tone=(232, 228, 220)) -> np.ndarray:
    """Painted wall plaster: a near-uniform tone with a faint trowel cloud and fine sand. Tile: 1.0 m."""
    n = _size("plaster", size)
    base = _colour("plaster", "tone", tone)
    rng = _rng(seed, "plaster")
    img = _shade(np.broadcast_to(base, (n, n, 3)).copy(),
                 0.018 * periodic_noise(n, rng, n / 5, octaves=2) + 0.012 * periodic_noise(n, rng, 1.2))
    return _u8(img)


def terrazzo(size: int = 256, seed: int = 0, *, tone=(224, 218, 206)) -> np.ndarray:
    """Terrazzo: a pale cement matrix with scattered angular chips of marble in a few colours (drawn on the torus,
    so chips crossing an edge continue on the opposite one). Tile: 0.5 m."""
    n = _size("terrazzo", size)
    base = _colour("terrazzo", "tone", tone)
    rng = _rng(seed, "terrazzo")
    img = Image.fromarray(_u8(_shade(np.broadcast_to(base, (n, n, 3)).copy(),
                                     0.03 * periodic_noise(n, rng, 2.0))))
    draw = ImageDraw.Draw(img)
    chips = [(60, 60, 64), (190, 80, 60), (230, 230, 226), (120, 130, 140), (200, 170, 110), (90, 120, 100)]
    for _ in range(int(n * n / 420)):
        cx, cy = rng.uniform(0, n, 2)
        r = rng.uniform(0.006, 0.025) * n
        k = int(rng.integers(4, 8))
        ang = np.sort(rng.uniform(0, 2 * math.pi, k))
        rad = r * rng.uniform(0.6, 1.0, k)
        col = chips[int(rng.integers(len(chips)))]
        col = tuple(int(c * rng.uniform(0.9, 1.08)) for c in col)
        for dx in (-n, 0, n):
            for dy in (-n, 0, n):
                pts = [(cx + dx + rr * math.cos(a), cy + dy + rr * math.sin(a)) for a, rr in zip(ang, rad)]
                draw.polygon(pts, fill=col)
    return np.asarray(img, np.uint8).copy()


def cork(size: int = 256, seed: int = 0) -> np.ndarray:
    """Agglomerated cork: granules of varied brown (cell noise) with dark gaps and specks. Tile: 0.3 m."""
    n = _size("cork", size)
    rng = _rng(seed, "cork")
    cells = max(8, n // 6)
    f1, f2, ids = cell_noise(n, rng, cells)
    tone = rng.uniform(-1, 1, cells * cells)[ids]
    img = _lerp((196, 150, 100), (132, 88, 52), np.clip(0.5 + 0.45 * tone, 0, 1))
    gap = np.clip(1 - (f2 - f1) / 1.6, 0, 1)
    specks = periodic_noise(n, rng, 1.0) > 1.9
    img = _shade(img, -0.35 * gap + 0.05 * periodic_noise(n, rng, 1.0))
    img[specks] *= 0.55
    return _u8(img)


# --------------------------------------------------------------------------------------------------------------
# masonry, tiles and parquet
# --------------------------------------------------------------------------------------------------------------

def brick(size: int = 256, seed: int = 0, *, tone=(156, 74, 52), mortar=(196, 190, 178),
          courses: int = 6) -> np.ndarray:
    """Running-bond brickwork: ``courses`` courses of two bricks each (a 3:1 brick with ``courses = 6``), joints
    offset by half a brick, per-brick tint, fired-clay noise and recessed mortar. Tile: 0.45 m (6 courses)."""
    n = _size("brick", size)
    base = _colour("brick", "tone", tone)
    mor = _colour("brick", "mortar", mortar)
    if isinstance(courses, bool) or not isinstance(courses, int) or not 2 <= courses <= 16 or courses % 2:
        raise ValueError(f"brick: courses must be an even whole number in [2, 16], got {courses!r}")
    rng = _rng(seed, "brick")
    y, x = np.meshgrid(np.arange(n) + 0.5, np.arange(n) + 0.5, indexing="ij")
    ch = n / courses
    row = (y // ch).astype(int)
    bw = n / 2
    xs = np.mod(x + (row % 2) * bw / 2, n)
    col = (xs // bw).astype(int)
    fy, fx = (y - row * ch) / ch, (xs - col * bw) / bw
    joint = 0.12
    edge = np.minimum(np.minimum(fy, 1 - fy) / joint, np.minimum(fx, 1 - fx) * bw / ch / joint)
    tint = (rng.normal(0, 0.07, size=(courses, 2, 1)) + rng.normal(0, 0.012, size=(courses, 2, 3)))[row, col]
    img = base * (1 + tint) * (1 + 0.045 * periodic_noise(n, rng, 2.0)[..., None]
                               + 0.04 * periodic_noise(n, rng, n / 10)[..., None])
    mortar_px = edge < 0.5
    img = np.where(mortar_px[..., None], mor * (1 + 0.05 * periodic_noise(n, rng, 1.5))[..., None], img)
    img = _shade(img, -0.18 * (1 - _smoothstep(0.5, 1.3, edge)) * ~mortar_px)
    return _u8(img)


def tiles(size: int = 256, seed: int = 0, *, pattern: str = "square", tone=(236, 236, 232),
          grout=(170, 168, 162)) -> np.ndarray:
    """Glazed ceramic tiles with grout: ``"square"`` (4 x 4, tile 0.6 m: 15 cm tiles) or ``"metro"`` (2 x 8
    bevelled subway tiles in running bond, tile 0.6 m x 0.6 m: 30 x 7.5 cm). Per-tile tint, glaze mottling and a
    darkened rim."""
    n = _size("tiles", size)
    base = _colour("tiles", "tone", tone)
    gr = _colour("tiles", "grout", grout)
    rng = _rng(seed, "tiles:" + pattern)
    y, x = np.meshgrid(np.arange(n) + 0.5, np.arange(n) + 0.5, indexing="ij")
    if pattern == "square":
        rows, cols = 4, 4
        th, tw = n / rows, n / cols
        r = (y // th).astype(int)
        xs = x
    elif pattern == "metro":
        rows, cols = 8, 2
        th, tw = n / rows, n / cols
        r = (y // th).astype(int)
        xs = np.mod(x + (r % 2) * tw / 2, n)
    else:
        raise ValueError(f"tiles: pattern must be 'square' or 'metro', got {pattern!r}")
    c = (xs // tw).astype(int)
    dy = np.minimum(y - r * th, (r + 1) * th - y)
    dx = np.minimum(xs - c * tw, (c + 1) * tw - xs)
    d = np.minimum(dx, dy)
    g = max(1.0, n / 170)
    tint = rng.normal(0, 0.025, size=(rows, cols))[r, c]
    img = base * (1 + tint[..., None] + 0.015 * periodic_noise(n, rng, n / 8)[..., None])
    bevel = 1 - _smoothstep(g, g + (4.0 if pattern == "metro" else 2.0) * g, d)
    img = _shade(img, -0.16 * bevel)
    img = np.where((d < g)[..., None], gr * (1 + 0.04 * periodic_noise(n, rng, 1.2))[..., None], img)
    return _u8(img)


def parquet(size: int = 256, seed: int = 0, *, species: str = "oak", strips: int = 3) -> np.ndarray:
    """Basket-weave parquet: 2 x 2 blocks of ``strips`` wood strips, alternating direction, each strip cut from a
    different place of a wood texture, with thin dark joints. Tile: 0.6 m."""
    n = _size("parquet", size)
    if species not in WOOD_SPECIES:
        raise ValueError(f"parquet: unknown species {species!r}; known: {sorted(WOOD_SPECIES)}")
    if isinstance(strips, bool) or not isinstance(strips, int) or not 2 <= strips <= 6:
        raise ValueError(f"parquet: strips must be a whole number in [2, 6], got {strips!r}")
    rng = _rng(seed, "parquet:" + species)
    grain = wood(n, int(rng.integers(1 << 30)), species=species).astype(np.float64)
    out = np.empty_like(grain)
    b = n // 2
    sw = b / strips
    y, x = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
    by, bx = y // b, x // b
    vertical = (by + bx) % 2 == 1
    across = np.where(vertical, x - bx * b, y - by * b)        # position across the strips in the block
    strip = np.minimum((across / sw).astype(int), strips - 1)
    shift = rng.integers(0, n, size=(2, 2, strips, 2))[by, bx, strip]
    gy = np.where(vertical, x + shift[..., 0], y + shift[..., 0]) % n
    gx = np.where(vertical, y + shift[..., 1], x + shift[..., 1]) % n
    out = grain[gy, gx] * (1 + rng.normal(0, 0.05, size=(2, 2, strips))[by, bx, strip])[..., None]
    edge = np.minimum(np.mod(across, sw), sw - np.mod(across, sw))
    blk = np.minimum(np.minimum(x - bx * b, (bx + 1) * b - 1 - x), np.minimum(y - by * b, (by + 1) * b - 1 - y))
    joint = (np.minimum(edge, blk + 0.5) < max(0.8, n / 400))
    out[joint] *= 0.55
    return _u8(out)


# --------------------------------------------------------------------------------------------------------------
# textiles and leather
# --------------------------------------------------------------------------------------------------------------

_FABRIC = {   # warp, weft, threads per tile, pattern
    "cotton": ((214, 208, 196), (224, 218, 206), 48, "plain"),
    "denim": ((44, 66, 112), (150, 160, 180), 48, "twill"),
    "linen": ((196, 182, 156), (206, 192, 166), 40, "plain"),
}


def fabric(size: int = 256, seed: int = 0, *, weave: str = "cotton", colour=None) -> np.ndarray:
    """Woven cloth seen close: warp (vertical) and weft (horizontal) threads with rounded shading where each
    passes over. ``weave``: cotton (plain weave), denim (3/1 twill, indigo warp and white weft, diagonal ribs),
    linen (plain weave with irregular slubby threads). ``colour`` tints the warp and weft (sRGB). Tile: 0.05 m."""
    n = _size("fabric", size)
    if weave not in _FABRIC:
        raise ValueError(f"fabric: unknown weave {weave!r}; known: {sorted(_FABRIC)}")
    rng = _rng(seed, "fabric:" + weave)
    warp, weft, threads, pattern = _FABRIC[weave]
    warp, weft = np.asarray(warp, float), np.asarray(weft, float)
    if colour is not None:
        c = _colour("fabric", "colour", colour)
        warp, weft = c, c * 1.06
    pitch = n / threads
    y, x = np.meshgrid(np.arange(n) + 0.5, np.arange(n) + 0.5, indexing="ij")
    i, j = (x // pitch).astype(int), (y // pitch).astype(int)
    fx, fy = x / pitch - i, y / pitch - j
    if pattern == "plain":
        warp_up = (i + j) % 2 == 0
    else:
        warp_up = np.mod(i - j, 4) < 3
    slub_w = 1 + (0.25 if weave == "linen" else 0.06) * rng.normal(size=threads)
    slub_h = 1 + (0.25 if weave == "linen" else 0.06) * rng.normal(size=threads)
    across_warp = np.abs(fx - 0.5) * 2 / np.clip(slub_w[i], 0.6, 1.4)
    across_weft = np.abs(fy - 0.5) * 2 / np.clip(slub_h[j], 0.6, 1.4)
    prof_warp = np.sqrt(np.clip(1 - across_warp ** 2, 0, 1))
    prof_weft = np.sqrt(np.clip(1 - across_weft ** 2, 0, 1))
    top_is_warp = np.where(warp_up, prof_warp > 0.05, ~(prof_weft > 0.05) & (prof_warp > 0.05))
    col = np.where(top_is_warp[..., None], warp, weft)
    light = np.where(top_is_warp, prof_warp, prof_weft)
    fibre = periodic_noise(n, rng, 1.0)
    img = col * (0.62 + 0.38 * light)[..., None] * (1 + 0.05 * fibre)[..., None]
    return _u8(img)


def carpet(size: int = 256, seed: int = 0, *, colour=(120, 118, 132)) -> np.ndarray:
    """Cut-pile carpet: dense tuft noise with slight shading and colour drift. Tile: 0.5 m."""
    n = _size("carpet", size)
    c = _colour("carpet", "colour", colour)
    rng = _rng(seed, "carpet")
    tuft = periodic_noise(n, rng, 0.9)
    f1, f2, _ = cell_noise(n, rng, n // 4)
    img = _shade(np.broadcast_to(c, (n, n, 3)).copy(),
                 0.12 * tuft - 0.10 * np.clip(1 - (f2 - f1) / 2.0, 0, 1) + 0.05 * periodic_noise(n, rng, n / 6))
    return _u8(img)


def leather(size: int = 256, seed: int = 0, *, colour=(110, 66, 38)) -> np.ndarray:
    """Grained leather: cell noise pebbles separated by darker creases, soft sheen variation. Tile: 0.2 m."""
    n = _size("leather", size)
    c = _colour("leather", "colour", colour)
    rng = _rng(seed, "leather")
    f1, f2, _ = cell_noise(n, rng, max(10, n // 9))
    crease = np.clip(1 - (f2 - f1) / 2.5, 0, 1)
    dome = np.clip(f1 / (n / max(10, n // 9)), 0, 1)
    img = _shade(np.broadcast_to(c, (n, n, 3)).copy(),
                 -0.35 * crease - 0.08 * dome + 0.06 * periodic_noise(n, rng, n / 5))
    return _u8(img)


# --------------------------------------------------------------------------------------------------------------
# metals, plastics and paper
# --------------------------------------------------------------------------------------------------------------

def brushed_metal(size: int = 256, seed: int = 0, *, tone=(176, 178, 182)) -> np.ndarray:
    """Brushed steel or aluminium: long fine streaks along x and a faint large-scale sheen. Tile: 0.3 m."""
    n = _size("brushed_metal", size)
    c = _colour("brushed_metal", "tone", tone)
    rng = _rng(seed, "brushed_metal")
    streak = periodic_noise(n, rng, 2.0, stretch=(60.0, 0.4), octaves=2)
    img = _shade(np.broadcast_to(c, (n, n, 3)).copy(), 0.07 * streak + 0.03 * periodic_noise(n, rng, n / 4))
    return _u8(img)


def painted_metal(size: int = 256, seed: int = 0, *, colour=(236, 236, 232)) -> np.ndarray:
    """Enamel or powder-coated sheet (appliance panels): a flat colour with a fine orange-peel ripple.
    Tile: 0.3 m."""
    n = _size("painted_metal", size)
    c = _colour("painted_metal", "colour", colour)
    rng = _rng(seed, "painted_metal")
    img = _shade(np.broadcast_to(c, (n, n, 3)).copy(),
                 0.012 * periodic_noise(n, rng, 3.0) + 0.01 * periodic_noise(n, rng, n / 4))
    return _u8(img)


def plastic(size: int = 256, seed: int = 0, *, colour=(200, 60, 50)) -> np.ndarray:
    """Moulded plastic: a flat colour with slight grain and moulding flow. Tile: 0.2 m."""
    n = _size("plastic", size)
    c = _colour("plastic", "colour", colour)
    rng = _rng(seed, "plastic")
    img = _shade(np.broadcast_to(c, (n, n, 3)).copy(),
                 0.01 * periodic_noise(n, rng, 1.0) + 0.015 * periodic_noise(n, rng, n / 6))
    return _u8(img)


def paper(size: int = 256, seed: int = 0, *, tone=(244, 242, 234)) -> np.ndarray:
    """Uncoated paper: off-white with fine fibres in two directions and rare specks. Tile: 0.2 m."""
    n = _size("paper", size)
    c = _colour("paper", "tone", tone)
    rng = _rng(seed, "paper")
    fib = (periodic_noise(n, rng, 1.5, stretch=(8.0, 0.5), angle=0.5)
           + periodic_noise(n, rng, 1.5, stretch=(8.0, 0.5), angle=-0.7))
    img = _shade(np.broadcast_to(c, (n, n, 3)).copy(), 0.012 * fib + 0.01 * periodic_noise(n, rng, n / 5))
    img[periodic_noise(n, rng, 0.8) > 3.0] *= 0.8
    return _u8(img)


def cardboard(size: int = 256, seed: int = 0, *, tone=(186, 146, 98), flutes: int = 32) -> np.ndarray:
    """Kraft corrugated board surface: brown fibres with the flutes faintly showing through the liner as
    stripes across y (``flutes`` per tile). Tile: 0.25 m (8 mm flutes)."""
    n = _size("cardboard", size)
    c = _colour("cardboard", "tone", tone)
    if isinstance(flutes, bool) or not isinstance(flutes, int) or not 4 <= flutes <= n // 4:
        raise ValueError(f"cardboard: flutes must be a whole number in [4, size / 4], got {flutes!r}")
    rng = _rng(seed, "cardboard")
    x = np.arange(n)[None, :] / n
    stripes = np.cos(2 * math.pi * flutes * x)
    fib = periodic_noise(n, rng, 1.5, stretch=(6.0, 0.6), angle=0.3)
    img = _shade(np.broadcast_to(c, (n, n, 3)).copy(),
                 0.03 * stripes + 0.04 * fib + 0.04 * periodic_noise(n, rng, n / 5))
    return _u8(img)


def cardboard_edge(size: int = 256, seed: int = 0, *, tone=(186, 146, 98), flutes: int = 1) -> np.ndarray:
    """The cut edge of corrugated board, one board thickness per tile height: a liner at the top and bottom and
    the wavy flute between them with dark air gaps (``flutes`` waves across). Tile: 0.005 m (a 5 mm board)."""
    n = _size("cardboard_edge", size)
    c = _colour("cardboard_edge", "tone", tone)
    if isinstance(flutes, bool) or not isinstance(flutes, int) or not 1 <= flutes <= n // 8:
        raise ValueError(f"cardboard_edge: flutes must be a whole number in [1, size / 8], got {flutes!r}")
    rng = _rng(seed, "cardboard_edge")
    y, x = np.meshgrid((np.arange(n) + 0.5) / n, (np.arange(n) + 0.5) / n, indexing="ij")
    liner = 0.10
    k = 2 * math.pi * flutes
    amp = 0.5 - liner - 0.04                    # the flute's crests touch the liners
    wave = 0.5 + amp * np.cos(k * x)
    slope = amp * k * np.sin(k * x)
    paper_ = (np.abs(y - wave) / np.sqrt(1 + slope ** 2) < 0.045) | (y < liner) | (y > 1 - liner)
    img = np.where(paper_[..., None], c, c * 0.25)
    img = _shade(img, 0.05 * periodic_noise(n, rng, 1.5))
    return _u8(img)


# --------------------------------------------------------------------------------------------------------------
# registry
# --------------------------------------------------------------------------------------------------------------

PROCEDURAL = {
    "wood": wood, "marble": marble, "granite": granite, "concrete": concrete, "plaster": plaster,
    "brick": brick, "tiles": tiles, "parquet": parquet, "carpet": carpet, "fabric": fabric, "leather": leather,
    "brushed_metal": brushed_metal, "painted_metal": painted_metal, "plastic": plastic, "paper": paper,
    "cardboard": cardboard, "cardboard_edge": cardboard_edge, "terrazzo": terrazzo, "cork": cork,
}

TILE_M = {   # metres of surface one image side stands for (nominal; see each generator's docstring)
    "wood": 0.6, "marble": 0.6, "granite": 0.4, "concrete": 1.0, "plaster": 1.0, "brick": 0.45, "tiles": 0.6,
    "parquet": 0.6, "carpet": 0.5, "fabric": 0.05, "leather": 0.2, "brushed_metal": 0.3, "painted_metal": 0.3,
    "plastic": 0.2, "paper": 0.2, "cardboard": 0.25, "cardboard_edge": 0.005, "terrazzo": 0.5, "cork": 0.3,
}

# named variants shown by describe() and the contact sheet: (generator, keyword arguments)
VARIANTS = {
    **{f"wood_{s}": ("wood", {"species": s}) for s in WOOD_SPECIES},
    **{f"marble_{v}": ("marble", {"variant": v}) for v in _MARBLE},
    **{f"granite_{v}": ("granite", {"variant": v}) for v in _GRANITE},
    "concrete": ("concrete", {}), "plaster": ("plaster", {}),
    "plaster_sage": ("plaster", {"tone": (196, 206, 186)}), "brick_red": ("brick", {}),
    "brick_white": ("brick", {"tone": (226, 222, 214), "mortar": (180, 176, 168)}),
    "tiles_square": ("tiles", {"pattern": "square"}), "tiles_metro": ("tiles", {"pattern": "metro"}),
    "tiles_blue": ("tiles", {"pattern": "square", "tone": (120, 160, 196), "grout": (220, 220, 214)}),
    "parquet_oak": ("parquet", {"species": "oak"}), "parquet_walnut": ("parquet", {"species": "walnut"}),
    "carpet_grey": ("carpet", {}), "carpet_red": ("carpet", {"colour": (150, 52, 50)}),
    "fabric_cotton": ("fabric", {"weave": "cotton"}), "fabric_denim": ("fabric", {"weave": "denim"}),
    "fabric_linen": ("fabric", {"weave": "linen"}),
    "fabric_green": ("fabric", {"weave": "cotton", "colour": (70, 110, 80)}),
    "leather_brown": ("leather", {}), "leather_black": ("leather", {"colour": (36, 34, 34)}),
    "brushed_steel": ("brushed_metal", {}), "brushed_brass": ("brushed_metal", {"tone": (190, 160, 96)}),
    "painted_white": ("painted_metal", {}), "painted_red": ("painted_metal", {"colour": (176, 40, 36)}),
    "plastic_red": ("plastic", {}), "plastic_white": ("plastic", {"colour": (238, 238, 234)}),
    "plastic_black": ("plastic", {"colour": (30, 30, 32)}), "paper": ("paper", {}),
    "cardboard": ("cardboard", {}), "cardboard_edge": ("cardboard_edge", {}), "terrazzo": ("terrazzo", {}),
    "cork": ("cork", {}),
}


def texture(name: str, size: int = 256, seed: int = 0, **params) -> np.ndarray:
    """A procedural texture by generator name (:data:`PROCEDURAL`) or named variant (:data:`VARIANTS`);
    ``params`` go to the generator (they override a variant's).

    Raises:
        ValueError: an unknown name, bad size, seed or parameters.
    """
    if name in PROCEDURAL:
        return PROCEDURAL[name](size, seed, **params)
    if name in VARIANTS:
        gen, kw = VARIANTS[name]
        return PROCEDURAL[gen](size, seed, **{**kw, **params})
    raise ValueError(f"texture: unknown name {name!r}; known: {sorted(PROCEDURAL) + sorted(VARIANTS)}")


def describe() -> list[dict]:
    """Everything the texture kit can make: one dict per procedural generator, named variant, printed-artwork
    generator and shipped texture file, with keys ``name``, ``kind`` (``"procedural"``, ``"variant"``,
    ``"print"``, ``"file"``), ``tile_m`` (procedural only) and ``doc`` (the first docstring line, or the file's
    package and source path)."""
    out = []
    for name, f in PROCEDURAL.items():
        out.append({"name": name, "kind": "procedural", "tile_m": TILE_M[name], "doc": f.__doc__.split("\n")[0]})
    for name, (gen, kw) in VARIANTS.items():
        out.append({"name": name, "kind": "variant", "tile_m": TILE_M[gen], "doc": f"{gen}({kw})"})
    for name, f in {**PRINTS, **SCREENS}.items():
        out.append({"name": name, "kind": "print", "doc": f.__doc__.split("\n")[0]})
    for row in file_provenance():
        out.append({"name": row["file"].rsplit(".", 1)[0], "kind": "file",
                    "doc": f"{row['package']} {row['version']}: {row['source_path']} ({row['license']})"})
    return out
