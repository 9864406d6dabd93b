"""Mesh kit organic forms: superellipsoids, noisy blobs, fruit, vegetables, bread, cheese, cushions, leaves and
stems.

Conventions are those of :mod:`.meshkit` (z-up, metres, outward winding). Unless stated, a form stands on z = 0
centred on the z axis, and its UV is the unit layout of a lathe (u = (theta + pi) / (2 pi) around z with the seam
facing -x, v from 0 at the bottom pole to 1 at the top pole). Noise is seeded: the same seed gives the same bytes.
Multi-part forms return slots such as ``"skin"``, ``"stem"``, ``"leaf"``, ``"flesh"``.
"""
from __future__ import annotations

import math

import numpy as np

from .meshkit import DEFAULT_CREASE_DEG, MeshPiece, RawMesh, checked_array, checked_count, checked_positive, merge, rotate
from .meshkit_shapes import bezier, extrude_raw, revolve_raw, sweep_raw

__all__ = [
    "sphere_noise", "superellipsoid", "blob", "apple", "pear", "orange", "lemon", "tomato", "banana", "carrot",
    "potato", "bread_loaf", "cheese_wedge", "cushion", "leaf", "stem",
]


def sphere_noise(directions: np.ndarray, seed: int, *, waves: int = 24, frequency: float = 3.0) -> np.ndarray:
    """A smooth seeded scalar field on unit directions, roughly in [-1, 1]: a normalised sum of ``waves`` plane
    waves ``sin(f_k d_k . n + phase_k)`` with random unit directions d_k and frequencies f_k in
    [frequency / 2, frequency] (amplitude falling as 1 / f_k).

    Args:
        directions: (N, 3) unit vectors (any vectors work; the field is defined in all of space).
        seed: integer seed.

    Returns:
        (N,) float64.
    """
    rng = np.random.default_rng(int(seed))
    d = rng.normal(size=(waves, 3))
    d /= np.linalg.norm(d, axis=1, keepdims=True)
    f = rng.uniform(frequency / 2, frequency, size=waves)
    ph = rng.uniform(0, 2 * math.pi, size=waves)
    amp = 1.0 / f
    val = np.sin(np.asarray(directions, np.float64) @ (d * f[:, None]).T + ph) @ amp
    return val / (amp.sum() / math.sqrt(waves / 2))


def _sphere_raw(lat: int, lon: int) -> RawMesh:
    eta = np.linspace(-math.pi / 2, math.pi / 2, lat + 1)
    prof = np.stack([np.cos(eta), np.sin(eta)], 1)
    prof[0, 0] = prof[-1, 0] = 0.0
    raw, _ = revolve_raw(prof, lon, uv="unit", material="skin")
    return raw


def _spow(x: np.ndarray, e: float) -> np.ndarray:
    return np.sign(x) * np.abs(x) ** e


def _superellipsoid_raw(radii, exponents, segments, fn: str) -> RawMesh:
    r = checked_array(fn, "radii", radii, (3,))
    if np.any(r <= 0):
        raise ValueError(f"{fn}: radii must be positive, got {radii!r}")
    e = checked_array(fn, "exponents", exponents, (2,))
    if np.any(e <= 0) or np.any(e > 4):
        raise ValueError(f"{fn}: exponents must be in (0, 4], got {exponents!r}")
    lat, lon = (segments, 2 * segments) if np.ndim(segments) == 0 else tuple(segments)
    raw = _sphere_raw(checked_count(fn, "segments", int(lat), 3), checked_count(fn, "segments", int(lon), 3))
    p = raw.positions
    eta = np.arcsin(np.clip(p[:, 2], -1, 1))
    om = np.arctan2(p[:, 1], p[:, 0])
    ce, se = _spow(np.cos(eta), e[0]), _spow(np.sin(eta), e[0])
    raw.positions = np.stack([r[0] * ce * _spow(np.cos(om), e[1]), r[1] * ce * _spow(np.sin(om), e[1]),
                              r[2] * se], 1)
    raw.positions[np.abs(np.cos(eta)) < 1e-12, :2] = 0.0
    return raw


def superellipsoid(radii, exponents=(1.0, 1.0), segments=24, *, material: str = "default",
                   crease_deg: float = DEFAULT_CREASE_DEG) -> MeshPiece:
    """Barr's superellipsoid centred on the origin: x = a c(eta)^e1 c(w)^e2, y = b c(eta)^e1 s(w)^e2,
    z = c s(eta)^e1 with signed powers (Barr 1981, "Superquadrics and angle-preserving transformations").

    Args:
        radii: (a, b, c) semi-axes [m], > 0.
        exponents: (e1, e2) in (0, 4]: 1 = ellipsoid, toward 0 = box-like, 2 = octahedron-like.
        segments: latitude bands (int; longitude gets twice as many) or (lat, lon).

    Returns:
        A closed :class:`MeshPiece`; UV: unit lathe layout about z (module docstring).

    Raises:
        ValueError: non-positive radii, exponents out of range, segments < 3.
    """
    raw = _superellipsoid_raw(radii, exponents, segments, "superellipsoid")
    raw.slots = (material,)
    return raw.finish(crease_deg=crease_deg, closed=True)


def _displace(raw: RawMesh, amount: float, seed: int, frequency: float, centre=None) -> None:
    """Move positions along their direction from ``centre`` by ``amount * sphere_noise``."""
    if amount == 0:
        return
    c = raw.positions.mean(axis=0) if centre is None else np.asarray(centre, np.float64)
    d = raw.positions - c
    n = np.linalg.norm(d, axis=1, keepdims=True)
    u = d / np.maximum(n, 1e-12)
    raw.positions = raw.positions + u * (amount * sphere_noise(u, seed, frequency=frequency))[:, None]


def blob(radii, exponents=(1.0, 1.0), *, noise: float = 0.0, seed: int = 0, frequency: float = 3.0,
         segments=24, material: str = "default", crease_deg: float = DEFAULT_CREASE_DEG) -> MeshPiece:
    """A superellipsoid with smooth seeded bumps: potatoes, stones, pebbles, lumps of dough.

    Args:
        radii, exponents, segments: as :func:`superellipsoid`.
        noise: bump amplitude as a fraction of the mean radius (0 to 0.4).
        seed: integer seed of the bumps; frequency: bumps per radian, roughly.

    Returns:
        A closed :class:`MeshPiece` centred on the origin (unit lathe UV).

    Raises:
        ValueError: as :func:`superellipsoid`, or noise outside [0, 0.4].
    """
    if not 0.0 <= float(noise) <= 0.4:
        raise ValueError(f"blob: noise must be in [0, 0.4], got {noise!r}")
    raw = _superellipsoid_raw(radii, exponents, segments, "blob")
    _displace(raw, float(noise) * float(np.mean(radii)), seed, frequency, centre=(0, 0, 0))
    raw.slots = (material,)
    return raw.finish(crease_deg=crease_deg, closed=True)


# --------------------------------------------------------------------------------------------------------------
# lathe-based fruit
# --------------------------------------------------------------------------------------------------------------

def _smooth_max(a: np.ndarray, b: np.ndarray, k: float) -> np.ndarray:
    m = np.maximum(a, b)
    return m + np.log(np.exp((a - m) * k) + np.exp((b - m) * k)) / k


def _lathe(profile: np.ndarray, segments: int, slot: str) -> RawMesh:
    raw, _ = revolve_raw(profile, segments, uv="unit", material=slot)
    return raw


def stem(length: float = 0.02, radius: float = 0.002, *, bend: float = 0.3, seed: int = 0,
         material: str = "stem") -> MeshPiece:
    """A short stalk from the origin upward (+z), bent sideways by ``bend`` (fraction of its length) in a seeded
    direction, tapering to 70 % of ``radius`` at the tip; capped.

    Raises:
        ValueError: non-positive length or radius.
    """
    L = checked_positive("stem", "length", length)
    r = checked_positive("stem", "radius", radius)
    return _stem_raw(L, r, bend, seed, material).finish(closed=True)


def _stem_raw(L: float, r: float, bend: float, seed: int, material: str) -> RawMesh:
    a = np.random.default_rng(int(seed)).uniform(0, 2 * math.pi)
    side = np.array([math.cos(a), math.sin(a), 0.0]) * bend * L
    path = bezier([(0, 0, 0), (0, 0, L * 0.5), side * 0.6 + (0, 0, L * 0.9), side + (0, 0, L)], 8)
    raw, _ = sweep_raw(path, radius=r * np.linspace(1.0, 0.7, 8), segments=8, material=material)
    return raw


def apple(diameter: float = 0.075, *, height: float | None = None, seed: int = 0, segments: int = 40,
          with_stem: bool = True, crease_deg: float = DEFAULT_CREASE_DEG) -> MeshPiece:
    """An apple standing on z = 0: broad shoulders, a dimple at the top (with a stem in it) and at the base,
    slight seeded lumpiness. Slots ``"skin"`` (unit lathe UV, v = 1 at the stem) and ``"stem"``.

    Raises:
        ValueError: a non-positive size.
    """
    d = checked_positive("apple", "diameter", diameter)
    h = checked_positive("apple", "height", height) if height is not None else 0.9 * d
    R = d / 2
    eta = np.linspace(-math.pi / 2, math.pi / 2, 33)
    r = R * np.cos(eta) * (1 + 0.10 * np.sin(eta))
    z = h / 2 + h / 2 * np.sin(eta)
    z -= 0.16 * h * np.exp(-((math.pi / 2 - eta) / 0.28) ** 2)      # top dimple
    z += 0.07 * h * np.exp(-((eta + math.pi / 2) / 0.25) ** 2)      # base dimple
    r[0] = r[-1] = 0.0
    raw = _lathe(np.stack([r, z], 1), checked_count("apple", "segments", segments, 8), "skin")
    _displace(raw, 0.012 * R, seed, 2.5, centre=(0, 0, h / 2))
    raw.positions[:, 2] -= raw.positions[:, 2].min()
    parts = [raw.finish(crease_deg=crease_deg, closed=True)]
    if with_stem:
        top = float(z[-1]) - raw.positions[:, 2].min()
        parts.append(_stem_raw(0.25 * h, 0.03 * d, 0.35, seed, "stem").finish(closed=True)
                     .translated((0, 0, max(top - 0.02 * h, 0.0))))
    return merge(parts)


def pear(height: float = 0.10, *, diameter: float | None = None, seed: int = 0, segments: int = 40,
         with_stem: bool = True, crease_deg: float = DEFAULT_CREASE_DEG) -> MeshPiece:
    """A pear standing on z = 0: a round base bulb narrowing along a cosine waist into a rounded neck. Slots
    ``"skin"`` (unit lathe UV) and ``"stem"``.

    Raises:
        ValueError: a non-positive size.
    """
    H = checked_positive("pear", "height", height)
    D = checked_positive("pear", "diameter", diameter) if diameter is not None else 0.65 * H
    R1, R2 = D / 2, D / 2 * 0.5
    c1, c2 = R1, H - R2
    if c2 <= c1:
        raise ValueError(f"pear: height {H} is too small for diameter {D} (need height > 0.75 diameter)")
    z = H * (0.5 - 0.5 * np.cos(np.linspace(0, math.pi, 41)))       # denser near the poles
    bulb = np.sqrt(np.clip(R1 ** 2 - (z - c1) ** 2, 0, None))
    s = np.clip((z - c1) / (c2 - c1), 0, 1)
    waist = R2 + (R1 - R2) * (1 + np.cos(math.pi * s)) / 2            # smooth from the bulb to the neck
    cap = np.sqrt(np.clip(R2 ** 2 - (z - c2) ** 2, 0, None))
    r = np.where(z < c1, bulb, np.where(z > c2, cap, waist))
    r[0] = r[-1] = 0.0
    keep = np.concatenate([[True], r[1:-1] > 1e-6, [True]])
    raw = _lathe(np.stack([r[keep], z[keep]], 1), checked_count("pear", "segments", segments, 8), "skin")
    _displace(raw, 0.015 * R1, seed, 2.0, centre=(0, 0, c1))
    parts = [raw.finish(crease_deg=crease_deg, closed=True)]
    if with_stem:
        parts.append(_stem_raw(0.25 * H, 0.025 * D, 0.5, seed, "stem").finish(closed=True)
                     .translated((0, 0, H - 0.01 * H)))
    return merge(parts)


def orange(diameter: float = 0.08, *, seed: int = 0, segments: int = 48,
           crease_deg: float = DEFAULT_CREASE_DEG) -> MeshPiece:
    """An orange on z = 0: slightly oblate sphere, pitted peel (fine seeded noise), a small navel at the top.
    Slot ``"skin"`` (unit lathe UV).

    Raises:
        ValueError: a non-positive diameter.
    """
    d = checked_positive("orange", "diameter", diameter)
    R, h = d / 2, 0.94 * d
    eta = np.linspace(-math.pi / 2, math.pi / 2, 41)
    r = R * np.cos(eta)
    z = h / 2 + h / 2 * np.sin(eta) - 0.03 * h * np.exp(-((math.pi / 2 - eta) / 0.15) ** 2)
    r[0] = r[-1] = 0.0
    raw = _lathe(np.stack([r, z], 1), checked_count("orange", "segments", segments, 8), "skin")
    _displace(raw, 0.01 * R, seed, 2.0, centre=(0, 0, h / 2))
    _displace(raw, 0.006 * R, seed + 1, 40.0, centre=(0, 0, h / 2))   # pits of the peel
    raw.positions[:, 2] -= raw.positions[:, 2].min()
    return raw.finish(crease_deg=crease_deg, closed=True)


def lemon(length: float = 0.085, *, diameter: float | None = None, seed: int = 0, segments: int = 40,
          crease_deg: float = DEFAULT_CREASE_DEG) -> MeshPiece:
    """A lemon lying along x on z = 0: an ellipsoid with a small pointed nub at each end. Slot ``"skin"``; UV is
    the unit lathe layout about the lemon's own (x) axis.

    Raises:
        ValueError: a non-positive size.
    """
    L = checked_positive("lemon", "length", length)
    D = checked_positive("lemon", "diameter", diameter) if diameter is not None else 0.68 * L
    R = D / 2
    body = L / 2 * 0.86
    z = (L / 2) * -np.cos(np.linspace(0, math.pi, 49))
    b = R * np.sqrt(np.clip(1 - (z / body) ** 2, 0, None))
    tip = 0.22 * R * np.sqrt(np.clip(1 - ((np.abs(z) - (L / 2 - 0.07 * L)) / (0.07 * L)) ** 2, 0, None))
    tip = np.where(np.abs(z) > L / 2 - 0.14 * L, tip, 0.0)
    r = _smooth_max(b, tip, 30.0 / R)
    r -= np.interp(z, [z[0], z[-1]], [r[0], r[-1]])
    r = np.clip(r, 0, None)
    r[0] = r[-1] = 0.0
    keep = np.concatenate([[True], r[1:-1] > 1e-6, [True]])
    raw = _lathe(np.stack([r[keep], z[keep]], 1), checked_count("lemon", "segments", segments, 8), "skin")
    _displace(raw, 0.01 * R, seed, 2.0, centre=(0, 0, 0))
    _displace(raw, 0.005 * R, seed + 1, 40.0, centre=(0, 0, 0))
    piece = rotate(raw.finish(crease_deg=crease_deg, closed=True), (0, 1, 0), math.pi / 2)
    return piece.translated((0, 0, -float(piece.vertices[:, 2].min())))


def tomato(diameter: float = 0.07, *, lobes: int = 5, seed: int = 0, segments: int = 40,
           crease_deg: float = DEFAULT_CREASE_DEG) -> MeshPiece:
    """A tomato on z = 0: oblate, shallow ribs near the top, a star-shaped green calyx and a stub of stem.
    Slots ``"skin"``, ``"leaf"`` (calyx, UV [m]) and ``"stem"``.

    Raises:
        ValueError: a non-positive diameter, fewer than 3 lobes.
    """
    d = checked_positive("tomato", "diameter", diameter)
    n_lobes = checked_count("tomato", "lobes", lobes, 3)
    R, h = d / 2, 0.78 * d
    eta = np.linspace(-math.pi / 2, math.pi / 2, 33)
    r = R * np.cos(eta)
    z = h / 2 + h / 2 * np.sin(eta) - 0.08 * h * np.exp(-((math.pi / 2 - eta) / 0.35) ** 2)
    r[0] = r[-1] = 0.0
    raw = _lathe(np.stack([r, z], 1), checked_count("tomato", "segments", segments, 8), "skin")
    p = raw.positions
    om = np.arctan2(p[:, 1], p[:, 0])
    rib = 1 + 0.04 * np.cos(n_lobes * om) * np.clip(p[:, 2] / h, 0, 1)
    p[:, :2] *= rib[:, None]
    _displace(raw, 0.01 * R, seed, 2.0, centre=(0, 0, h / 2))
    raw.positions[:, 2] -= raw.positions[:, 2].min()
    top = float(raw.positions[:, 2].max())
    a = np.linspace(0, 2 * math.pi, 2 * n_lobes, endpoint=False) + 0.3
    rad = np.where(np.arange(2 * n_lobes) % 2 == 0, 0.32 * d, 0.07 * d)
    star = np.stack([rad * np.cos(a), rad * np.sin(a)], 1)
    calyx = extrude_raw(star, 0.002, material="leaf").finish(closed=True)
    calyx = calyx.translated((0, 0, top - 0.085 * h))
    st = _stem_raw(0.12 * h, 0.035 * d, 0.2, seed, "stem").finish(closed=True).translated((0, 0, top - 0.09 * h))
    return merge([raw.finish(crease_deg=crease_deg, closed=True), calyx, st])


def carrot(length: float = 0.18, *, diameter: float = 0.03, seed: int = 0, segments: int = 24,
           with_leaves: bool = True) -> MeshPiece:
    """A carrot lying along x on z = 0, the root from x = -L/2 (tip) to +L/2 (crown): a long tapered root with
    faint rings, green stalks at the crown. Slots ``"skin"`` (unit lathe UV about the carrot's axis) and ``"leaf"``.

    Raises:
        ValueError: non-positive sizes.
    """
    L = checked_positive("carrot", "length", length)
    R = checked_positive("carrot", "diameter", diameter) / 2
    z = np.linspace(0, L, 40)
    r = R * (z / L) ** 0.6 * (1 - np.exp(-(L - z) / (0.04 * L))) ** 0.5
    r *= 1 + 0.03 * np.sin(z / L * 60)
    r[0] = r[-1] = 0.0
    raw = _lathe(np.stack([r, z], 1), checked_count("carrot", "segments", segments, 6), "skin")
    _displace(raw, 0.06 * R, seed, 3.0, centre=(0, 0, L / 2))
    parts = [raw.finish(closed=True)]
    if with_leaves:
        rng = np.random.default_rng(int(seed))
        for k in range(3):
            a = rng.uniform(0, 2 * math.pi)
            tip = np.array([math.cos(a) * 0.25, math.sin(a) * 0.25, 1.0]) * 0.35 * L
            path = bezier([(0, 0, L - 0.01 * L), (0, 0, L + 0.15 * L), tip + (0, 0, L)], 8)
            sw, _ = sweep_raw(path, radius=0.12 * R, segments=6, material="leaf")
            parts.append(sw.finish(closed=True))
    piece = rotate(merge(parts), (0, 1, 0), math.pi / 2)     # root axis z -> x: tip at x = 0, crown at x = L
    return piece.translated((-L / 2, 0, -float(piece.vertices[:, 2].min())))


def banana(length: float = 0.19, *, diameter: float = 0.036, seed: int = 0) -> MeshPiece:
    """A banana lying on z = 0, curved in the xy plane: a rounded pentagonal section swept along an arc,
    tapering to a stalk at one end and a dark tip at the other. Slots ``"skin"`` (UV [m]) and ``"stem"``.

    Raises:
        ValueError: non-positive sizes.
    """
    L = checked_positive("banana", "length", length)
    R = checked_positive("banana", "diameter", diameter) / 2
    rng = np.random.default_rng(int(seed))
    bendr = L * rng.uniform(0.9, 1.2)
    ang = L / bendr
    t = np.linspace(-ang / 2, ang / 2, 28)
    path = np.stack([bendr * np.sin(t), bendr * (1 - np.cos(t)), np.zeros_like(t)], 1)
    s = np.linspace(0, 1, len(t))
    rad = R * np.clip(np.sin(math.pi * s) ** 0.45, 0.12, None)
    a = np.linspace(0, 2 * math.pi, 15, endpoint=False)
    sec = np.stack([np.cos(a), np.sin(a)], 1) * (1 - 0.07 * np.cos(5 * a))[:, None]
    body, _ = sweep_raw(path, radius=rad, section=sec, material="skin")
    d_end = path[-1] - path[-2]
    d_end /= np.linalg.norm(d_end)
    st, _ = sweep_raw(np.stack([path[-1] - d_end * 0.005, path[-1] + d_end * 0.03]), radius=0.22 * R, segments=6,
                      material="stem")
    piece = merge([body.finish(closed=True), st.finish(closed=True)])
    piece = piece.translated((0, 0, -float(piece.vertices[:, 2].min())))
    return piece


def potato(length: float = 0.09, *, seed: int = 0) -> MeshPiece:
    """A potato on z = 0: a lumpy ellipsoid (seeded). Slot ``"skin"`` (unit lathe UV).

    Raises:
        ValueError: a non-positive length.
    """
    L = checked_positive("potato", "length", length)
    rng = np.random.default_rng(int(seed))
    radii = (L / 2, L / 2 * rng.uniform(0.6, 0.75), L / 2 * rng.uniform(0.5, 0.6))
    p = blob(radii, noise=0.08, seed=seed, frequency=2.5, segments=20, material="skin")
    return p.translated((0, 0, -float(p.vertices[:, 2].min())))


def bread_loaf(length: float = 0.28, width: float = 0.12, height: float = 0.10, *, seed: int = 0) -> MeshPiece:
    """A loaf on z = 0: a rounded-rectangle footprint, flat base, domed top, slight seeded unevenness.
    Slot ``"crust"`` (unit lathe UV about z).

    Raises:
        ValueError: non-positive sizes.
    """
    L = checked_positive("bread_loaf", "length", length)
    W = checked_positive("bread_loaf", "width", width)
    H = checked_positive("bread_loaf", "height", height)
    raw = _superellipsoid_raw((L / 2, W / 2, H), (0.9, 0.35), (16, 40), "bread_loaf")
    p = raw.positions
    low = p[:, 2] < 0
    p[low, 2] *= 0.04                      # flatten the lower half into a base
    raw.positions[:, 2] = p[:, 2] - p[:, 2].min()
    _displace(raw, 0.02 * H, seed, 3.0, centre=(0, 0, H / 3))
    raw.slots = ("crust",)
    return raw.finish(closed=True)


def cheese_wedge(radius: float = 0.12, *, angle_deg: float = 40.0, height: float = 0.07) -> MeshPiece:
    """A wedge cut from a round cheese, on z = 0: a circular sector (apex at the origin, opening toward +x)
    extruded to ``height`` with softened edges. Slots ``"flesh"`` (cut faces and top/bottom) and ``"rind"``
    (the curved outside, which is the side wall); UV [m].

    Raises:
        ValueError: non-positive sizes, an angle outside (0, 180).
    """
    R = checked_positive("cheese_wedge", "radius", radius)
    H = checked_positive("cheese_wedge", "height", height)
    a = float(angle_deg)
    if not 0 < a < 180:
        raise ValueError(f"cheese_wedge: angle_deg must be in (0, 180), got {angle_deg!r}")
    t = np.radians(np.linspace(-a / 2, a / 2, 12))
    poly = np.concatenate([[[0.0, 0.0]], np.stack([R * np.cos(t), R * np.sin(t)], 1)])
    raw = extrude_raw(poly, H, bevel=min(0.004, H / 5), bevel_segments=2, material="flesh", side_material="rind")
    # only the arc is rind: side faces far from the apex (the two straight cuts stay flesh)
    p = raw.positions[raw.faces].mean(axis=1)
    cut = (raw.face_slot == 1) & (np.hypot(p[:, 0], p[:, 1]) < 0.9 * R)
    return raw.set_slot(cut, "flesh").finish(closed=True)


def cushion(size=(0.45, 0.45, 0.14), *, seed: int = 0) -> MeshPiece:
    """A square cushion centred on the origin: a superellipsoid with a squarish footprint and pinched edges,
    slightly uneven. Slot ``"fabric"``; UV [m] planar (x, y) on both faces (for a tiling weave).

    Raises:
        ValueError: non-positive sizes.
    """
    s = checked_array("cushion", "size", size, (3,))
    if np.any(s <= 0):
        raise ValueError(f"cushion: size must be positive, got {size!r}")
    raw = _superellipsoid_raw(s / 2, (0.8, 0.25), (16, 48), "cushion")
    _displace(raw, 0.02 * float(s[2]), seed, 2.0, centre=(0, 0, 0))
    raw.corner_uv = raw.positions[raw.faces][:, :, :2].copy()
    raw.slots = ("fabric",)
    return raw.finish(closed=True)


def leaf(length: float = 0.08, width: float = 0.035, *, fold: float = 0.15, curl: float = 0.15,
         seed: int = 0, segments: int = 12, material: str = "leaf") -> MeshPiece:
    """A single leaf blade from the origin along +x (an open, two-sided surface, not a volume): pointed at both
    ends, folded along the midrib by ``fold`` (fraction of the half width, as height), curling downward by
    ``curl`` (fraction of the length) toward the tip. UV: unit, u along the leaf (0 at the base), v across it
    (0.5 on the midrib).

    Raises:
        ValueError: non-positive sizes, segments < 2.
    """
    L = checked_positive("leaf", "length", length)
    W = checked_positive("leaf", "width", width)
    n = checked_count("leaf", "segments", segments, 2)
    rng = np.random.default_rng(int(seed))
    s = np.linspace(0, 1, 2 * n + 1)
    tcol = np.linspace(-1, 1, 5)
    S, T = np.meshgrid(s, tcol, indexing="ij")
    half = W / 2 * np.sin(math.pi * S) ** 0.8 * (1 + 0.15 * np.sin(math.pi * S) * (1 - S))
    x = S * L
    y = T * half
    z = fold * (W / 2) * np.abs(T) * np.sin(math.pi * S) - curl * L * S ** 2
    z += 0.02 * L * rng.uniform(-1, 1) * np.sin(2 * math.pi * S)
    pos = np.stack([x, y, z], -1).reshape(-1, 3)
    m = len(tcol)
    idx = np.arange(len(pos)).reshape(len(s), m)
    a, b, c, d = idx[:-1, :-1].ravel(), idx[1:, :-1].ravel(), idx[1:, 1:].ravel(), idx[:-1, 1:].ravel()
    faces = np.concatenate([np.stack([a, b, c], 1), np.stack([a, c, d], 1)])
    # the two tips collapse to points: weld them
    pos[idx[0]] = pos[idx[0, m // 2]]
    pos[idx[-1]] = pos[idx[-1, m // 2]]
    uv = np.stack([S.ravel(), (T.ravel() + 1) / 2], 1)
    raw = RawMesh.single(pos, faces, uv[faces], material)
    p = raw.positions[raw.faces]
    area = np.linalg.norm(np.cross(p[:, 1] - p[:, 0], p[:, 2] - p[:, 0]), axis=1)
    keep = area > 1e-16
    raw = RawMesh(raw.positions, raw.faces[keep], raw.corner_uv[keep], raw.face_slot[keep], raw.slots)
    return raw.finish()
