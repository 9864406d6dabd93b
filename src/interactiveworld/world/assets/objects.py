"""Movable objects of simple shapes: boxes (cartons, books, open-top containers, assembly panels), cylinders (bottles,
cups, pots), ellipsoids (fruit), a torus (a doughnut) and sticks (cutlery, tools).

Each builder takes the resolved parameters of its kind (``size``, ``radius``/``height``, ``radii``, ``length``...;
``_aff`` adds affordances, ``_category`` names the category) and returns a movable :class:`~.model.AssetModel`.
Frames and units as in :mod:`.model`. Importing this module registers the everyday kinds built from them in
:mod:`.catalog`; later families register further kinds on the same builders.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import trimesh

from .catalog import register_object
from .materials import DARK, LIGHT_WOOD, STEEL
from .model import AssetModel, Connector, Region, Surface
from .object_looks import dressed_model
from .parts import box, cup, cylinder, finish, label_face, mesh_part, region_surfaces, sphere, vec

__all__ = ["box_object", "cyl_object", "round_object", "torus_object", "stick_object"]


def box_object(p: dict[str, Any]) -> AssetModel:
    lx, ly, lz = p["size"]
    parts = [box("body", (lx, ly, lz), (0, 0, lz / 2), p["color"])]
    labels = []
    if p.get("_label_face", "front") == "top":
        labels.append(label_face("top", (0, 0, lz + 0.001), (0, 0, 1), (1, 0, 0), lx * 0.9, ly * 0.9))
    else:
        labels.append(label_face("front", (lx / 2 + 0.001, 0, lz / 2), (1, 0, 0), (0, 0, 1), ly * 0.9, lz * 0.8))
    aff = set(p.get("_aff", ())) | {"movable", "readable"}
    surfaces = [Surface("top", vec(0, 0, lz), vec(lx / 2, ly / 2))] if "support" in aff else []
    regions: list[Region] = []
    if "container" in aff:
        t = 0.01
        parts = [box("bottom", (lx, ly, t), (0, 0, t / 2), p["color"]),
                 box("wall_front", (t, ly, lz), (lx / 2 - t / 2, 0, lz / 2), p["color"]),
                 box("wall_back", (t, ly, lz), (-lx / 2 + t / 2, 0, lz / 2), p["color"]),
                 box("wall_left", (lx, t, lz), (0, -ly / 2 + t / 2, lz / 2), p["color"]),
                 box("wall_right", (lx, t, lz), (0, ly / 2 - t / 2, lz / 2), p["color"])]
        regions = [Region("interior", vec(0, 0, t + (lz - t) / 2), vec(lx / 2 - t, ly / 2 - t, (lz - t) / 2))]
        surfaces = region_surfaces(regions, open_top=True)
        if "lidded" in aff:  # the wall tops, where a lid of the same footprint rests
            surfaces.append(Surface("rim", vec(0, 0, lz), vec(lx / 2, ly / 2)))
    connectors = [Connector(c["name"], _connector_frame(c)) for c in p.get("connectors", [])]
    if connectors:
        aff.add("connector")
    upright = None
    if p.get("raisable"):
        aff.add("raisable")
        upright = vec(*p.get("upright_axis", (1.0, 0.0, 0.0)))
    return dressed_model(p, AssetModel(p["_kind"], p["_category"], True, parts, surfaces=surfaces, regions=regions,
                             label_faces=labels, connectors=connectors, affordances=frozenset(aff),
                             mass=p["mass"], friction=p["friction"], upright_axis=upright))


def _connector_frame(c: dict[str, Any]) -> np.ndarray:
    t = np.eye(4)
    t[:3, 3] = c["position"]
    normal = vec(*c.get("normal", (0, 0, 1)))
    normal /= np.linalg.norm(normal)
    ref = vec(1, 0, 0) if abs(normal[0]) < 0.9 else vec(0, 1, 0)
    x = np.cross(ref, normal)
    x /= np.linalg.norm(x)
    y = np.cross(normal, x)
    t[:3, 0], t[:3, 1], t[:3, 2] = x, y, normal
    return t


def cyl_object(p: dict[str, Any]) -> AssetModel:
    r, h = p["radius"], p["height"]
    aff = set(p.get("_aff", ())) | {"movable"}
    regions: list[Region] = []
    surfaces: list[Surface] = []
    if "container" in aff:
        wall = max(0.004, 0.06 * r)
        parts = cup("body", r, h, wall, p["color"])
        regions = [Region("interior", vec(0, 0, wall + (h - wall) / 2),
                          vec((r - wall) * 0.72, (r - wall) * 0.72, (h - wall) / 2))]
        surfaces = region_surfaces(regions, open_top=True)
    else:
        parts = [cylinder("body", r, h, 0.0, p["color"])]
        if "support" in aff:
            surfaces = [Surface("top", vec(0, 0, h), vec(r * 0.72, r * 0.72))]
    if p.get("_handle"):
        parts.append(box("handle", (0.02, 0.012, h * 0.55), (r + 0.01, 0, h * 0.5), p["color"]))
    if p.get("_cap"):
        parts.append(cylinder("cap", r * 0.35, 0.03, h, p.get("cap_color", DARK)))
    labels = [label_face("front", (r + 0.001, 0, h * 0.5), (1, 0, 0), (0, 0, 1), r * 1.4, h * 0.4)]
    if p.get("_cap"):
        aff.add("readable")
    return dressed_model(p, AssetModel(p["_kind"], p["_category"], True, parts, regions=regions, surfaces=surfaces,
                             label_faces=labels if "readable" in aff else [], affordances=frozenset(aff),
                             mass=p["mass"], friction=p["friction"]))


def round_object(p: dict[str, Any]) -> AssetModel:
    rx, ry, rz = p["radii"]
    aff = set(p.get("_aff", ())) | {"movable"}
    return dressed_model(p, AssetModel(p["_kind"], p["_category"], True, [sphere("body", (rx, ry, rz), p["color"])],
                             affordances=frozenset(aff), mass=p["mass"], friction=p["friction"]))


def torus_object(p: dict[str, Any]) -> AssetModel:
    """A ring-shaped object (a doughnut): ``major_radius`` to the tube centre and ``minor_radius`` of the tube
    [m], lying flat; its collision shape is the open annulus it covers (physics ``ring``)."""
    big, small = p["major_radius"], p["minor_radius"]
    m = trimesh.creation.torus(major_radius=big, minor_radius=small)
    m.apply_translation((0.0, 0.0, small))
    part = mesh_part("body", m, p["color"])
    part.shape = ("ring", big - small, big + small, small)
    aff = set(p.get("_aff", ())) | {"movable"}
    return dressed_model(p, AssetModel(p["_kind"], p["_category"], True, [part], affordances=frozenset(aff),
                             mass=p["mass"], friction=p["friction"]))


def stick_object(p: dict[str, Any]) -> AssetModel:
    length, width, thick = p["length"], p["width"], p["thickness"]
    grip = length * 0.45
    parts = [box("grip", (grip, width, thick), (-length / 2 + grip / 2, 0, thick / 2), p["grip_color"]),
             box("head", (length - grip, width * 0.8, thick * 0.6), (grip / 2, 0, thick * 0.3), p["color"])]
    aff = set(p.get("_aff", ())) | {"movable"}
    return dressed_model(p, AssetModel(p["_kind"], p.get("_category", "tool"), True, parts, affordances=frozenset(aff),
                             mass=p["mass"], friction=p["friction"]))


register_object("milk_carton", "drink", box_object, {"size": (0.07, 0.07, 0.2), "color": (0.95, 0.95, 0.97)},
                "size (x,y,z) [m]; label face 'front' (e.g. the carton size or flavour). Affordances pour_source, "
                "readable.", _aff=("pour_source",))
register_object("juice_carton", "drink", box_object, {"size": (0.07, 0.07, 0.2), "color": (0.95, 0.6, 0.1)},
                "like milk_carton.", _aff=("pour_source",))
register_object("carton", "package", box_object, {"size": (0.07, 0.07, 0.2), "color": (0.9, 0.9, 0.85)},
                "generic carton; label 'front'.", _aff=("pour_source",))
register_object("box", "container", box_object, {"size": (0.3, 0.25, 0.18), "color": (0.7, 0.55, 0.35)},
                "open-top box; region 'interior'; label 'front'.", _aff=("container",))
register_object("tray", "container", box_object, {"size": (0.3, 0.4, 0.03), "color": (0.5, 0.5, 0.5)},
                "flat tray; surface 'top'.", _aff=("support",))
register_object("cutting_board", "kitchenware", box_object, {"size": (0.25, 0.35, 0.02), "color": LIGHT_WOOD},
                "surface 'top'.", _aff=("support",))
register_object("book", "document", box_object, {"size": (0.16, 0.24, 0.03), "color": (0.6, 0.15, 0.15)},
                "label face 'top' (cover text).", _label_face="top")
register_object("document", "document", box_object, {"size": (0.21, 0.297, 0.003), "color": (0.97, 0.97, 0.95)},
                "A4 sheet; label face 'top' (printed text: recipe, checklist...).", _label_face="top")
register_object("card", "document", box_object, {"size": (0.09, 0.13, 0.003), "color": (0.98, 0.98, 0.9)},
                "card (price card, invoice card); label face 'top'.", _label_face="top")
register_object("invoice_card", "document", box_object, {"size": (0.1, 0.15, 0.003), "color": (0.98, 0.98, 0.9)},
                "invoice card; label face 'top'.", _label_face="top")
register_object("phone", "device", box_object, {"size": (0.075, 0.15, 0.009), "color": DARK},
                "mobile phone; label face 'top' (screen). Affordance phone.", _aff=("phone",), _label_face="top")
register_object("keys", "personal", box_object, {"size": (0.06, 0.03, 0.015), "color": (0.8, 0.7, 0.3)}, "key ring.")
register_object("wallet", "personal", box_object, {"size": (0.1, 0.09, 0.02), "color": (0.3, 0.2, 0.12)}, "wallet.")
register_object("sponge", "tool", box_object, {"size": (0.1, 0.07, 0.04), "color": (0.95, 0.85, 0.2)},
                "Affordance wiping_tool.", _aff=("wiping_tool",))
register_object("cloth", "tool", box_object, {"size": (0.15, 0.15, 0.01), "color": (0.3, 0.5, 0.8)},
                "Affordance wiping_tool.", _aff=("wiping_tool",))
register_object("bread", "food", box_object, {"size": (0.12, 0.25, 0.1), "color": (0.8, 0.6, 0.3)},
                "Affordances cuttable, cookable.", _aff=("cuttable", "cookable"))
register_object("toy_block", "toy", box_object, {"size": (0.06, 0.06, 0.06), "color": (0.9, 0.2, 0.2)}, "toy cube.")
register_object("panel", "assembly", box_object,
                {"size": (0.6, 0.4, 0.02), "color": LIGHT_WOOD, "connectors": [], "raisable": True,
                 "upright_axis": (1, 0, 0)},
                "flat furniture panel; connectors [{name, position (3,) [m], normal (3,)}]; raisable (local "
                "upright_axis points up when raised).")
register_object("leg", "assembly", box_object,
                {"size": (0.04, 0.04, 0.4), "color": LIGHT_WOOD, "connectors": [{"name": "top", "position": (0, 0, 0.4),
                                                                                 "normal": (0, 0, 1)}]},
                "furniture leg with connector 'top'.")

register_object("bottle", "drink", cyl_object, {"radius": 0.035, "height": 0.24, "color": (0.2, 0.5, 0.8)},
                "radius/height [m]; cap; label 'front'. Affordance pour_source.", _aff=("pour_source",), _cap=True)
register_object("water_bottle", "drink", cyl_object, {"radius": 0.035, "height": 0.24, "color": (0.6, 0.8, 0.95)},
                "like bottle.", _aff=("pour_source",), _cap=True)
register_object("can", "drink", cyl_object, {"radius": 0.033, "height": 0.12, "color": (0.8, 0.1, 0.1)},
                "soda can. Affordance pour_source.", _aff=("pour_source",))
register_object("mug", "kitchenware", cyl_object, {"radius": 0.04, "height": 0.1, "color": (0.85, 0.2, 0.2)},
                "mug with handle; region 'interior'. Affordances container, pour_target.",
                _aff=("container", "pour_target"), _handle=True)
register_object("cup", "kitchenware", cyl_object, {"radius": 0.038, "height": 0.09, "color": (0.95, 0.95, 0.95)},
                "cup; region 'interior'.", _aff=("container", "pour_target"))
register_object("glass", "kitchenware", cyl_object, {"radius": 0.035, "height": 0.12, "color": (0.8, 0.9, 0.95)},
                "drinking glass; region 'interior'.", _aff=("container", "pour_target"))
register_object("bowl", "kitchenware", cyl_object, {"radius": 0.08, "height": 0.07, "color": (0.9, 0.9, 0.85)},
                "bowl; region 'interior'. Affordances container, pour_target.", _aff=("container", "pour_target"))
register_object("pot", "cookware", cyl_object, {"radius": 0.11, "height": 0.14, "color": STEEL},
                "cooking pot; region 'interior'. Affordances container, pour_target.",
                _aff=("container", "pour_target"))
register_object("pan", "cookware", cyl_object, {"radius": 0.13, "height": 0.05, "color": DARK},
                "frying pan; region 'interior'.", _aff=("container",), _handle=True)
register_object("plate", "kitchenware", cyl_object, {"radius": 0.12, "height": 0.02, "color": (0.97, 0.97, 0.97)},
                "plate; surface 'top'. Affordance support.", _aff=("support",))
register_object("pizza", "food", cyl_object, {"radius": 0.14, "height": 0.02, "color": (0.9, 0.6, 0.3)},
                "Affordances cuttable, cookable; surface 'top'.", _aff=("cuttable", "cookable", "support"))
register_object("kettle", "kitchenware", cyl_object, {"radius": 0.08, "height": 0.2, "color": STEEL},
                "Affordance pour_source.", _aff=("pour_source",), _handle=True)

for _k, _r, _c in (("tomato", (0.035, 0.035, 0.032), (0.85, 0.1, 0.05)), ("apple", (0.04, 0.04, 0.038),
                   (0.7, 0.1, 0.1)), ("orange", (0.04, 0.04, 0.04), (0.95, 0.55, 0.05)),
                   ("onion", (0.04, 0.04, 0.037), (0.8, 0.65, 0.4)), ("potato", (0.05, 0.035, 0.03),
                   (0.7, 0.55, 0.3)), ("egg", (0.022, 0.022, 0.03), (0.97, 0.93, 0.85))):
    register_object(_k, "food", round_object, {"radii": _r, "color": _c},
                    "radii (x,y,z) [m]. Affordances cuttable, cookable.", _aff=("cuttable", "cookable"))
register_object("ball", "toy", round_object, {"radii": (0.06, 0.06, 0.06), "color": (0.2, 0.4, 0.9)}, "toy ball.")

for _k, _aff, _c in (("knife", ("cutting_tool",), STEEL), ("spoon", ("stirring_tool",), STEEL),
                     ("spatula", ("stirring_tool",), DARK), ("fork", (), STEEL),
                     ("screwdriver", (), (0.9, 0.8, 0.1)), ("pen", (), (0.1, 0.2, 0.7))):
    register_object(_k, "tool", stick_object, {"length": 0.22, "width": 0.025, "thickness": 0.02, "color": _c,
                                               "grip_color": DARK},
                    f"length/width/thickness [m]. Affordances {', '.join(_aff) or '(none)'}.", _aff=_aff)
