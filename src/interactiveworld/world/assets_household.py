"""Builders of the household kinds that need a shape of their own: a desk fan, a boot, a camera and a headset.

Frames, units and the affordance vocabulary are those of :mod:`interactiveworld.world.assets` (entity-local,
z-up, metres; the front faces local +x; the origin is the centre of the footprint at base level). The kinds are
registered in :mod:`interactiveworld.world.catalog`.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import trimesh

from .assets import DARK, STEEL, AssetModel, Part, _box, _cylinder, _finish, _label, _mesh_part, _v

__all__ = ["fan", "boot", "camera", "headset"]


def _x_cylinder(name: str, radius: float, length: float, x0: float, z: float, color) -> Part:
    """A cylinder whose axis is local +x, from ``x0`` to ``x0 + length`` [m], centred at height ``z`` [m]; its
    collision shape is its bounding box (the physics' cylinder primitive is about local z)."""
    m = trimesh.creation.cylinder(radius=radius, height=length, sections=20)
    m.apply_transform(trimesh.transformations.rotation_matrix(np.pi / 2, (0, 1, 0)))
    m.apply_translation((x0 + length / 2, 0.0, z))
    return _mesh_part(name, m, color)


def fan(p: dict[str, Any]) -> AssetModel:
    """A desk fan standing on a support: a round base, a stem and a round head facing +x, with its switch on the
    front of the stem (within reach of a hand that does not touch the support). ``height`` [m] is the height of the head's centre above the base; ``head_radius`` [m].
    Affordance ``powered`` (``turn_on``/``turn_off`` press the switch; ``running`` = blowing)."""
    h, r, color = p["height"], p["head_radius"], p["color"]
    base_r = max(0.08, 0.7 * r)
    parts = [_cylinder("base", base_r, 0.03, 0.0, color),
             _box("stem", (0.03, 0.03, h - 0.03), (0.0, 0.0, 0.03 + (h - 0.03) / 2), color),
             _x_cylinder("motor", 0.05, 0.08, -0.08, h, color),
             _x_cylinder("guard", r, 0.06, 0.0, h, p["guard_color"])]
    control = _v(0.025, 0.0, 0.45 * h)
    parts.append(_box("switch", (0.02, 0.04, 0.03), tuple(control), DARK, collide=False))
    return _finish(AssetModel(p["_kind"], "appliance", False, parts, control=control,
                              affordances=frozenset({"powered"})))


def boot(p: dict[str, Any]) -> AssetModel:
    """A boot lying upright: a sole along local x (toe at +x), the foot, and the shaft over the heel. ``length``
    and ``shaft_height`` [m]. A care label on the outer (+y) side of the shaft."""
    length, shaft, color = p["length"], p["shaft_height"], p["color"]
    width = 0.1
    heel_x = -length / 2 + 0.06
    parts = [_box("sole", (length, width, 0.03), (0.0, 0.0, 0.015), p["sole_color"]),
             _box("foot", (length - 0.02, width - 0.01, 0.07), (0.01, 0.0, 0.065), color),
             _box("shaft", (0.12, width - 0.01, shaft), (heel_x, 0.0, 0.1 + shaft / 2), color)]
    label = _label("side", (heel_x, width / 2 + 0.001, 0.1 + shaft * 0.55), (0, 1, 0), (0, 0, 1), 0.11,
                   shaft * 0.6)
    return _finish(AssetModel(p["_kind"], "clothing", True, parts, label_faces=[label],
                              affordances=frozenset({"movable", "readable"}), mass=p["mass"],
                              friction=p["friction"]))


def camera(p: dict[str, Any]) -> AssetModel:
    """A compact camera: a body box with the lens towards +x and a shutter button on top. ``size`` (x, y, z) [m]
    of the body."""
    lx, ly, lz = p["size"]
    parts = [_box("body", (lx, ly, lz), (0.0, 0.0, lz / 2), p["color"]),
             _x_cylinder("lens", min(ly, lz) * 0.32, 0.04, lx / 2, lz / 2, STEEL),
             _box("button", (0.015, 0.015, 0.01), (-lx / 4, ly / 4, lz + 0.005), DARK)]
    label = _label("top", (0.0, -ly / 6, lz + 0.001), (0, 0, 1), (1, 0, 0), lx * 0.6, ly * 0.5)
    return _finish(AssetModel(p["_kind"], "device", True, parts, label_faces=[label],
                              affordances=frozenset({"movable", "readable"}), mass=p["mass"],
                              friction=p["friction"]))


def headset(p: dict[str, Any]) -> AssetModel:
    """An over-ear headset lying on its back: two ear cups (discs along local y) joined by a flat headband
    arching over them. ``span`` [m] between the cup centres."""
    span, color = p["span"], p["color"]
    cup_r, cup_t = 0.045, 0.035
    parts = []
    for side, y in (("left", -span / 2), ("right", span / 2)):
        m = trimesh.creation.cylinder(radius=cup_r, height=cup_t, sections=20)
        m.apply_transform(trimesh.transformations.rotation_matrix(np.pi / 2, (1, 0, 0)))
        m.apply_translation((0.0, y, cup_r))
        parts.append(_mesh_part(f"cup_{side}", m, color))
    band_z = 2 * cup_r + 0.01
    parts += [_box("band", (0.03, span, 0.012), (0.0, 0.0, band_z), color),
              _box("band_left", (0.03, 0.012, band_z - cup_r), (0.0, -span / 2, cup_r + (band_z - cup_r) / 2),
                   color),
              _box("band_right", (0.03, 0.012, band_z - cup_r), (0.0, span / 2, cup_r + (band_z - cup_r) / 2),
                   color)]
    return _finish(AssetModel(p["_kind"], "device", True, parts, affordances=frozenset({"movable"}),
                              mass=p["mass"], friction=p["friction"]))
