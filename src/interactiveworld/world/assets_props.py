"""Parametric builders of further props: gym apparatus (parallel bars, balance beam), a display pedestal, a
projector, a backpack, fruit with a crown (pineapple), a reed diffuser, a spray atomizer and broken glass.

Frames and units follow :mod:`interactiveworld.world.assets`: entity-local, z up, metres, origin at the centre of
the footprint at floor (or base) level, the front of a fixture towards local ``+x``. The kinds are registered in
:mod:`interactiveworld.world.catalog`, which documents their parameters and defaults.
"""
from __future__ import annotations

import math
from typing import Any

import trimesh

from .assets import (DARK, STEEL, AssetModel, Surface, _box, _cylinder, _finish, _label, _mesh_part,
                     _sphere, _v)

__all__ = ["parallel_bars", "balance_beam", "pedestal", "projector", "backpack", "crowned_fruit",
           "reed_diffuser", "atomizer", "glass_shards", "SHARD_LAYOUT"]


def parallel_bars(p: dict[str, Any]) -> AssetModel:
    """Gymnastics parallel bars: two round rails ``length`` [m] long along local y, ``spacing`` [m] apart (centre
    to centre, across x), at ``height`` [m], each on two posts standing on a floor frame. No support surface: a
    rail 4 cm across holds nothing put on it."""
    length, spacing, h = p["length"], p["spacing"], p["height"]
    rail_r, post = 0.022, 0.05
    parts = []
    for i, sx in enumerate((-1.0, 1.0)):
        x = sx * spacing / 2
        rail = trimesh.creation.cylinder(radius=rail_r, height=length, sections=16)
        rail.apply_transform(trimesh.transformations.rotation_matrix(math.pi / 2, (1, 0, 0)))
        rail.apply_translation((x, 0.0, h - rail_r))
        part = _mesh_part(f"rail_{i}", rail, p["rail_color"])
        parts.append(part)
        for j, sy in enumerate((-1.0, 1.0)):
            parts.append(_box(f"post_{i}_{j}", (post, post, h - 2 * rail_r), (x, sy * (length / 2 - 0.25),
                                                                             (h - 2 * rail_r) / 2), p["color"]))
    for j, sy in enumerate((-1.0, 1.0)):
        parts.append(_box(f"foot_{j}", (spacing + 0.3, 0.08, 0.04), (0, sy * (length / 2 - 0.25), 0.02), p["color"]))
    return _finish(AssetModel(p["_kind"], "sports", False, parts, affordances=frozenset()))


def balance_beam(p: dict[str, Any]) -> AssetModel:
    """A balance beam: a padded beam ``length`` [m] along local y, ``beam_width`` [m] across, its top at
    ``height`` [m], on two splayed legs. Surface 'top' (the beam's upper face)."""
    length, bw, h = p["length"], p["beam_width"], p["height"]
    beam_h = 0.16
    parts = [_box("beam", (bw, length, beam_h), (0, 0, h - beam_h / 2), p["color"])]
    for j, sy in enumerate((-1.0, 1.0)):
        parts.append(_box(f"leg_{j}", (0.08, 0.08, h - beam_h), (0, sy * (length / 2 - 0.3), (h - beam_h) / 2),
                          STEEL))
        parts.append(_box(f"foot_{j}", (0.6, 0.1, 0.04), (0, sy * (length / 2 - 0.3), 0.02), STEEL))
    surf = [Surface("top", _v(0, 0, h), _v(bw / 2, length / 2))]
    return _finish(AssetModel(p["_kind"], "sports", False, parts, surfaces=surf, affordances=frozenset({"support"})))


def pedestal(p: dict[str, Any]) -> AssetModel:
    """A display pedestal: a square column ``width`` x ``depth`` x ``height`` [m] with a top slab; surface 'top';
    label face 'front' (a number plate on the column's front, local +x)."""
    w, d, h = p["width"], p["depth"], p["height"]
    slab = 0.04
    parts = [_box("column", (d * 0.8, w * 0.8, h - slab), (0, 0, (h - slab) / 2), p["color"]),
             _box("slab", (d, w, slab), (0, 0, h - slab / 2), p["top_color"])]
    plate = _label("front", (d * 0.4 + 0.002, 0, h * 0.62), (1, 0, 0), (0, 0, 1), w * 0.7, min(0.3, h * 0.35))
    surf = [Surface("top", _v(0, 0, h), _v(d / 2, w / 2))]
    return _finish(AssetModel(p["_kind"], "furniture", False, parts, surfaces=surf, label_faces=[plate],
                              affordances=frozenset({"support", "readable"})))


def projector(p: dict[str, Any]) -> AssetModel:
    """A portable projector: a ``size`` (x, y, z) [m] body with a lens barrel on its front (+x) and a label face
    'top' (an asset tag on the lid)."""
    lx, ly, lz = p["size"]
    lens_r = min(ly, lz) * 0.28
    lens = trimesh.creation.cylinder(radius=lens_r, height=0.03, sections=20)
    lens.apply_transform(trimesh.transformations.rotation_matrix(math.pi / 2, (0, 1, 0)))
    lens.apply_translation((lx / 2 + 0.015, -ly * 0.22, lz * 0.5))
    parts = [_box("body", (lx, ly, lz), (0, 0, lz / 2), p["color"]), _mesh_part("lens", lens, DARK)]
    labels = [_label("top", (0, 0.0, lz + 0.001), (0, 0, 1), (1, 0, 0), lx * 0.8, ly * 0.8)]
    return _finish(AssetModel(p["_kind"], p["_category"], True, parts, label_faces=labels,
                              affordances=frozenset({"movable", "readable"}), mass=p["mass"],
                              friction=p["friction"]))


def backpack(p: dict[str, Any]) -> AssetModel:
    """A backpack standing upright: a ``size`` (x, y, z) [m] main bag, a front pocket (``pocket_color``) on its
    front (+x) and a carry loop on top."""
    lx, ly, lz = p["size"]
    parts = [_box("bag", (lx, ly, lz), (0, 0, lz / 2), p["color"]),
             _box("pocket", (0.05, ly * 0.7, lz * 0.4), (lx / 2 + 0.025, 0, lz * 0.3), p["pocket_color"]),
             _box("loop", (0.03, ly * 0.35, 0.04), (0, 0, lz + 0.02), DARK)]
    return _finish(AssetModel(p["_kind"], p["_category"], True, parts, affordances=frozenset({"movable"}),
                              mass=p["mass"], friction=p["friction"]))


def crowned_fruit(p: dict[str, Any]) -> AssetModel:
    """A fruit with a leafy crown (pineapple): an upright ellipsoid body ``radii`` (x, y, z) [m] and a cone of
    leaves ``crown_height`` [m] tall on top. Affordances cuttable, cookable."""
    rx, ry, rz = p["radii"]
    body = _sphere("body", (rx, ry, rz), p["color"])
    crown = trimesh.creation.cone(radius=rx * 0.6, height=p["crown_height"], sections=12)
    crown.apply_translation((0, 0, 2 * rz - 0.01))
    parts = [body, _mesh_part("crown", crown, p["crown_color"])]
    aff = set(p.get("_aff", ())) | {"movable"}
    return _finish(AssetModel(p["_kind"], p["_category"], True, parts, affordances=frozenset(aff), mass=p["mass"],
                              friction=p["friction"]))


def reed_diffuser(p: dict[str, Any]) -> AssetModel:
    """A reed diffuser: a squat bottle (``radius``, ``height`` [m]) with a narrow neck and a fan of thin reed
    sticks ``reed_length`` [m] long standing out of it. The reeds are visual only (they bend aside in reality),
    so the bottle and neck are what collides."""
    r, h = p["radius"], p["height"]
    parts = [_cylinder("bottle", r, h, 0.0, p["color"]), _cylinder("neck", r * 0.3, 0.03, h, p["color"])]
    top = h + 0.03
    for i in range(7):
        a = 2 * math.pi * i / 7
        tilt = math.radians(12 + 4 * (i % 3))
        stick = trimesh.creation.cylinder(radius=0.0025, height=p["reed_length"], sections=6)
        stick.apply_translation((0, 0, p["reed_length"] / 2))
        rot = trimesh.transformations.rotation_matrix(tilt, (-math.sin(a), math.cos(a), 0))
        stick.apply_transform(rot)
        stick.apply_translation((0, 0, top - 0.06))
        parts.append(_mesh_part(f"reed_{i}", stick, p["reed_color"], collide=False))
    return _finish(AssetModel(p["_kind"], p["_category"], True, parts, affordances=frozenset({"movable"}),
                              mass=p["mass"], friction=p["friction"]))


def atomizer(p: dict[str, Any]) -> AssetModel:
    """A spray bottle (room spray, plant mister): a ``radius``/``height`` [m] bottle, a neck and a pump head with
    a trigger nozzle pointing forward (+x)."""
    r, h = p["radius"], p["height"]
    parts = [_cylinder("bottle", r, h, 0.0, p["color"]), _cylinder("neck", r * 0.45, 0.025, h, p["head_color"]),
             _box("head", (0.06, 0.03, 0.035), (0.01, 0, h + 0.025 + 0.0175), p["head_color"]),
             _box("trigger", (0.012, 0.018, 0.05), (0.03, 0, h + 0.0), p["head_color"]),
             _box("nozzle", (0.02, 0.012, 0.012), (0.05, 0, h + 0.025 + 0.025), p["head_color"])]
    return _finish(AssetModel(p["_kind"], p["_category"], True, parts, affordances=frozenset({"movable"}),
                              mass=p["mass"], friction=p["friction"]))



SHARD_LAYOUT = ((-0.30, -0.20, 0.3, 1.0), (0.25, -0.35, 1.9, 0.8), (0.05, 0.10, 4.0, 1.2), (-0.20, 0.40, 2.6, 0.7),
                (0.35, 0.30, 5.2, 0.9), (-0.40, 0.05, 1.2, 0.6), (0.15, -0.05, 3.3, 0.5))
"""Where the shards of :func:`glass_shards` lie: (x, y) as fractions of the footprint from its centre, yaw
[rad] and a size factor; fixed, so the same parameters give the same pieces."""


def glass_shards(p: dict[str, Any]) -> AssetModel:
    """Broken glass lying flat: ``count`` (<= 7) thin triangular shards, ``thickness`` [m], each up to
    ``shard`` [m] across, scattered by :data:`SHARD_LAYOUT` over a ``size`` (x, y) [m] footprint. The pieces
    collide as they look (one triangular prism each). Affordances debris (swept up with a
    ``sweeping_tool``, never picked up by hand) and sharp."""
    sx, sy = p["size"]
    parts = []
    for i, (fx, fy, yaw, k) in enumerate(SHARD_LAYOUT[: int(p["count"])]):
        r = 0.5 * p["shard"] * k
        tri = [(r * math.cos(a), r * math.sin(a)) for a in (0.0, 2.2, 4.1)]  # an uneven triangle
        prism = _prism(tri, p["thickness"])
        prism.apply_transform(trimesh.transformations.rotation_matrix(yaw, (0, 0, 1)))
        prism.apply_translation((fx * sx, fy * sy, 0.0))
        parts.append(_mesh_part(f"shard_{i}", prism, p["color"]))
    return _finish(AssetModel(p["_kind"], p["_category"], True, parts,
                              affordances=frozenset({"movable", "debris", "sharp"}), mass=p["mass"],
                              friction=p["friction"]))


def _prism(tri, height: float) -> trimesh.Trimesh:
    """A closed triangular prism: the counter-clockwise triangle ``tri`` ((x, y) x 3 [m]) from z = 0 to ``height``."""
    (ax, ay), (bx, by), (cx, cy) = tri
    v = [(ax, ay, 0.0), (bx, by, 0.0), (cx, cy, 0.0), (ax, ay, height), (bx, by, height), (cx, cy, height)]
    f = [(0, 2, 1), (3, 4, 5), (0, 1, 4), (0, 4, 3), (1, 2, 5), (1, 5, 4), (2, 0, 3), (2, 3, 5)]
    return trimesh.Trimesh(vertices=v, faces=f, process=False)
