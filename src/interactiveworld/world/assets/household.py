"""Household kinds that need a shape of their own: a desk fan, a boot, a camera and a headset; and the household
kinds of the Guidance scenes (laundry, cooling, IT equipment, hotel supplies), registered here in :mod:`.catalog`.

Frames, units and the affordance vocabulary are those of :mod:`.model` (entity-local, z-up, metres; the front faces
local +x; the origin is the centre of the footprint at base level).
"""
from __future__ import annotations

from typing import Any

import numpy as np
import trimesh

from .catalog import register, register_object
from .materials import DARK, STEEL
from .object_looks import dressed_model
from .model import AssetModel, Part
from .objects import box_object, cyl_object
from .parts import box, cylinder, finish, label_face, mesh_part, vec

__all__ = ["fan", "boot", "camera", "headset"]


def _x_cylinder(name: str, radius: float, length: float, x0: float, z: float, color) -> Part:
    """A cylinder whose axis is local +x, from ``x0`` to ``x0 + length`` [m], centred at height ``z`` [m]; its
    collision shape is its bounding box (the physics' cylinder primitive is about local z)."""
    m = trimesh.creation.cylinder(radius=radius, height=length, sections=20)
    m.apply_transform(trimesh.transformations.rotation_matrix(np.pi / 2, (0, 1, 0)))
    m.apply_translation((x0 + length / 2, 0.0, z))
    return mesh_part(name, m, color)


def fan(p: dict[str, Any]) -> AssetModel:
    """A desk fan standing on a support: a round base, a stem and a round head facing +x, with its switch on the
    front of the stem (within reach of a hand that does not touch the support). ``height`` [m] is the height of the head's centre above the base; ``head_radius`` [m].
    Affordance ``powered`` (``turn_on``/``turn_off`` press the switch; ``running`` = blowing)."""
    h, r, color = p["height"], p["head_radius"], p["color"]
    base_r = max(0.08, 0.7 * r)
    parts = [cylinder("base", base_r, 0.03, 0.0, color),
             box("stem", (0.03, 0.03, h - 0.03), (0.0, 0.0, 0.03 + (h - 0.03) / 2), color),
             _x_cylinder("motor", 0.05, 0.08, -0.08, h, color),
             _x_cylinder("guard", r, 0.06, 0.0, h, p["guard_color"])]
    control = vec(0.025, 0.0, 0.45 * h)
    parts.append(box("switch", (0.02, 0.04, 0.03), tuple(control), DARK, collide=False))
    return finish(AssetModel(p["_kind"], "appliance", False, parts, control=control,
                             affordances=frozenset({"powered"})))


def boot(p: dict[str, Any]) -> AssetModel:
    """A boot lying upright: a sole along local x (toe at +x), the foot, and the shaft over the heel. ``length``
    and ``shaft_height`` [m]. A care label on the outer (+y) side of the shaft."""
    length, shaft, color = p["length"], p["shaft_height"], p["color"]
    width = 0.1
    heel_x = -length / 2 + 0.06
    parts = [box("sole", (length, width, 0.03), (0.0, 0.0, 0.015), p["sole_color"]),
             box("foot", (length - 0.02, width - 0.01, 0.07), (0.01, 0.0, 0.065), color),
             box("shaft", (0.12, width - 0.01, shaft), (heel_x, 0.0, 0.1 + shaft / 2), color)]
    label = label_face("side", (heel_x, width / 2 + 0.001, 0.1 + shaft * 0.55), (0, 1, 0), (0, 0, 1), 0.11,
                       shaft * 0.6)
    return dressed_model(p, AssetModel(p["_kind"], "clothing", True, parts, label_faces=[label],
                             affordances=frozenset({"movable", "readable"}), mass=p["mass"],
                             friction=p["friction"]))


def camera(p: dict[str, Any]) -> AssetModel:
    """A compact camera: a body box with the lens towards +x and a shutter button on top. ``size`` (x, y, z) [m]
    of the body."""
    lx, ly, lz = p["size"]
    parts = [box("body", (lx, ly, lz), (0.0, 0.0, lz / 2), p["color"]),
             _x_cylinder("lens", min(ly, lz) * 0.32, 0.04, lx / 2, lz / 2, STEEL),
             box("button", (0.015, 0.015, 0.01), (-lx / 4, ly / 4, lz + 0.005), DARK)]
    label = label_face("top", (0.0, -ly / 6, lz + 0.001), (0, 0, 1), (1, 0, 0), lx * 0.6, ly * 0.5)
    return dressed_model(p, AssetModel(p["_kind"], "device", True, parts, label_faces=[label],
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
        parts.append(mesh_part(f"cup_{side}", m, color))
    band_z = 2 * cup_r + 0.01
    parts += [box("band", (0.03, span, 0.012), (0.0, 0.0, band_z), color),
              box("band_left", (0.03, 0.012, band_z - cup_r), (0.0, -span / 2, cup_r + (band_z - cup_r) / 2),
                  color),
              box("band_right", (0.03, 0.012, band_z - cup_r), (0.0, span / 2, cup_r + (band_z - cup_r) / 2),
                  color)]
    return dressed_model(p, AssetModel(p["_kind"], "device", True, parts, affordances=frozenset({"movable"}),
                             mass=p["mass"], friction=p["friction"]))


# Household kinds: laundry, cooling, IT equipment, hotel supplies ((mass [kg], friction) in catalog.PHYSICAL).
register("fan", "appliance", False, fan,
         {"height": 0.35, "head_radius": 0.14, "color": (0.9, 0.9, 0.92), "guard_color": (0.55, 0.6, 0.65)},
         "Desk fan standing on a support (give it on=<counter>): height of the head centre [m], head_radius [m], "
         "guard_color. Switch on the front of the stem. Affordance powered (running = blowing).")
register_object("towel", "textile", box_object, {"size": (0.3, 0.22, 0.06), "color": (0.95, 0.95, 0.92)},
                "folded towel; size (x,y,z) [m]; label face 'top' (the care tag).", _label_face="top")
register_object("boot", "clothing", boot, {"length": 0.28, "shaft_height": 0.22, "color": (0.35, 0.22, 0.12),
                                   "sole_color": DARK},
                "boot: length, shaft_height [m], sole_color; label face 'side' (the care label).")
register_object("camera", "device", camera, {"size": (0.12, 0.07, 0.08), "color": DARK},
                "compact camera, lens towards +x; size of the body (x,y,z) [m]; label face 'top'.")
register_object("headset", "device", headset, {"span": 0.16, "color": DARK},
                "over-ear headset lying on its back; span between the ear cups [m].")
register_object("mouse_pad", "office", box_object, {"size": (0.24, 0.2, 0.005), "color": (0.2, 0.25, 0.4)},
                "flat mouse pad; label face 'top'.", _label_face="top")
register_object("soap", "toiletry", box_object, {"size": (0.09, 0.06, 0.035), "color": (0.9, 0.85, 0.95)},
                "wrapped bar of soap; label face 'front'.")
register_object("toilet_roll", "toiletry", cyl_object, {"radius": 0.055, "height": 0.1, "color": (0.97, 0.97, 0.97)},
                "toilet roll; radius/height [m].")
register_object("paper_bag", "package", box_object, {"size": (0.14, 0.22, 0.26), "color": (0.72, 0.56, 0.38)},
                "open-top paper bag; region 'interior'; label 'front'.", _aff=("container",))
register_object("jug", "kitchenware", cyl_object, {"radius": 0.06, "height": 0.2, "color": (0.85, 0.9, 0.8)},
                "jug with a handle; radius/height [m]; label 'front'. Affordances pour_source, readable.",
                _aff=("pour_source", "readable"), _handle=True)

