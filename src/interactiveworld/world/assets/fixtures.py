"""Fixtures: furniture, appliances, sinks and bins, seats, wall boards, a desk computer, windows and room doors.

Built from panels and doors (:mod:`.parts`): carcasses open at the front, shelf stacks, hinged, drop-down and sliding
joints. Frames and units as in :mod:`.model` (entity-local, z up, metres; the front faces local +x). Importing this
module registers its kinds in :mod:`.catalog` (the window, a kind of the Prevention catalog rows, is registered with
those rows in :mod:`.props`).
"""
from __future__ import annotations

import math
from typing import Any

import trimesh

from .catalog import FIX_COMMON, register
from .materials import BEIGE, DARK, LIGHT_WOOD, STEEL, WHITE, WOOD
from .model import AssetModel, Joint, Region, Surface
from .parts import (box, drop_door, finish, front_door, hollow_body, label_face, mesh_part, region_surfaces,
                    stacked_regions, vec)

__all__ = ["DROP_PLINTH", "DROP_RACK", "window"]


def _counter(p: dict[str, Any]) -> AssetModel:
    w, d, h = p["width"], p["depth"], p["height"]
    top = 0.04
    parts = [box("base", (d - 0.04, w, h - top), (-0.02, 0, (h - top) / 2), p["color"]),
             box("top", (d, w, top), (0, 0, h - top / 2), p["top_color"])]
    surf = [Surface("top", vec(0, 0, h), vec(d / 2, w / 2))]
    return finish(AssetModel("counter", "furniture", False, parts, surfaces=surf, affordances=frozenset({"support"})))


def _table(p: dict[str, Any]) -> AssetModel:
    w, d, h = p["width"], p["depth"], p["height"]
    top, leg = 0.04, 0.05
    parts = [box("top", (d, w, top), (0, 0, h - top / 2), p["color"])]
    for i, (sx, sy) in enumerate(((1, 1), (1, -1), (-1, 1), (-1, -1))):
        parts.append(box(f"leg_{i}", (leg, leg, h - top),
                         (sx * (d / 2 - leg), sy * (w / 2 - leg), (h - top) / 2), p["color"]))
    surf = [Surface("top", vec(0, 0, h), vec(d / 2, w / 2))]
    return finish(AssetModel(p["_kind"], "furniture", False, parts, surfaces=surf,
                             affordances=frozenset({"support"})))


def _shelf(p: dict[str, Any]) -> AssetModel:
    w, d, h, n = p["width"], p["depth"], p["height"], int(p["shelves"])
    t = 0.02
    parts = hollow_body(w, d, h, t, p["color"])
    boards, regions = stacked_regions("shelf", d, w, t, t, h - t, n, p["color"])
    parts += boards
    kind_aff = {"support", "container"}
    if p.get("_movable_fixture"):
        kind_aff.add("movable_fixture")
    return finish(AssetModel(p["_kind"], "furniture", False, parts, regions=regions,
                             surfaces=region_surfaces(regions) + [Surface("top", vec(0, 0, h), vec(d / 2, w / 2))],
                             affordances=frozenset(kind_aff)))


def _rack(p: dict[str, Any]) -> AssetModel:
    w, d, h, n = p["width"], p["depth"], p["height"], int(p["shelves"])
    t, post = 0.02, 0.03
    parts = []
    for i, (sx, sy) in enumerate(((1, 1), (1, -1), (-1, 1), (-1, -1))):
        parts.append(box(f"post_{i}", (post, post, h), (sx * (d / 2 - post / 2), sy * (w / 2 - post / 2), h / 2),
                         STEEL))
    surfaces = []
    z0 = 0.12
    step = (h - z0) / n
    for i in range(n):
        z = z0 + i * step
        parts.append(box(f"shelf_board_{i + 1}", (d, w, t), (0, 0, z + t / 2), p["color"]))
        clearance = step - t if i < n - 1 else math.inf
        surfaces.append(Surface(f"shelf_{i + 1}", vec(0, 0, z + t), vec(d / 2, w / 2), None, clearance))
    return finish(AssetModel("rack", "furniture", False, parts, surfaces=surfaces,
                             affordances=frozenset({"support", "movable_fixture"})))


def _cabinet(p: dict[str, Any]) -> AssetModel:
    w, d, h, n = p["width"], p["depth"], p["height"], int(p["shelves"])
    t, z0 = 0.02, p.get("z0", 0.0)
    parts = hollow_body(w, d, h, t, p["color"])
    boards, regions = stacked_regions("shelf", d, w, t, t, h - t, n, p["color"])
    door, joint, handle = front_door(w, d, h, z0, p["door_color"], p["hinge"], handle_z=h * 0.75)
    parts += boards + [door]
    # the carcass top is a surface too (a card or a vase stands on a closed cabinet); listed after the shelves,
    # so a scene's object placed on a cabinet without a surface name still goes on the lowest shelf
    top = Surface("top", vec(0, 0, h), vec(d / 2, w / 2))
    return finish(AssetModel(p["_kind"], p.get("_category", "furniture"), False, parts, [joint],
                             surfaces=region_surfaces(regions) + [top], regions=regions, handle=handle,
                             affordances=frozenset({"openable", "container", "support"})))


def _drawer(p: dict[str, Any]) -> AssetModel:
    w, d, h = p["width"], p["depth"], p["height"]
    t = 0.02
    parts = hollow_body(w, d, h, t, p["color"])
    inner_w, inner_d, inner_h = w - 2 * t - 0.01, d - t - 0.02, h - 2 * t - 0.01
    slide = "drawer"
    tray_z = t + 0.005
    parts += [
        box("tray_bottom", (inner_d, inner_w, t), (0.01, 0, tray_z + t / 2), p["color"], slide),
        box("tray_left", (inner_d, t, inner_h), (0.01, -inner_w / 2 + t / 2, tray_z + inner_h / 2), p["color"],
            slide),
        box("tray_right", (inner_d, t, inner_h), (0.01, inner_w / 2 - t / 2, tray_z + inner_h / 2), p["color"],
            slide),
        box("tray_back", (t, inner_w, inner_h), (0.01 - inner_d / 2 + t / 2, 0, tray_z + inner_h / 2),
            p["color"], slide),
        box("front", (0.02, w, h), (d / 2 + 0.01, 0, h / 2), p["front_color"], slide),
    ]
    region = Region("drawer", vec(0.01 + t / 2, 0, tray_z + t + (inner_h - t) / 2),
                    vec(inner_d / 2 - t, inner_w / 2 - t, (inner_h - t) / 2), slide)
    joint = Joint("drawer", "slide", vec(0, 0, 0), vec(1, 0, 0), 0.8 * d)
    handle = vec(d / 2 + 0.05, 0, h * 0.6)
    return finish(AssetModel("drawer", "furniture", False, parts, [joint], regions=[region],
                             surfaces=region_surfaces([region]), handle=handle,
                             affordances=frozenset({"openable", "container"})))


def _fridge(p: dict[str, Any]) -> AssetModel:
    w, d, h, n = p["width"], p["depth"], p["height"], int(p["shelves"])
    t = 0.04
    parts = hollow_body(w, d, h, t, p["color"])
    boards, regions = stacked_regions("shelf", d, w, t, t, h - t, n, WHITE)
    door, joint, handle = front_door(w, d, h, 0.0, p["color"], p["hinge"], thickness=0.06, handle_z=h * 0.6)
    parts += boards + [door]
    return finish(AssetModel("fridge", "appliance", False, parts, [joint], surfaces=region_surfaces(regions)
                             + [Surface("top", vec(0, 0, h), vec(d / 2, w / 2))], regions=regions, handle=handle,
                             affordances=frozenset({"openable", "container", "support"}), mass=70.0))


DROP_PLINTH = 0.12
"""Height [m] of the base under an oven or dishwasher with a drop-down door."""
DROP_RACK = 0.4
"""Fraction of the chamber height at which its rack (the region floor) sits."""


def _appliance_box(p: dict[str, Any], region_name: str, door_style: str, powered: bool, heat: bool,
                   category: str = "appliance") -> AssetModel:
    w, d, h = p["width"], p["depth"], p["height"]
    t = 0.03
    drop = door_style == "drop"
    panel = 0.10 if drop else 0.0
    plinth = DROP_PLINTH if drop else 0.0
    parts = hollow_body(w, d, h - panel - plinth, t, p["color"], z0=plinth)
    if panel:
        parts.append(box("panel", (d, w, panel), (0, 0, h - panel / 2), p["color"]))
    if plinth:
        parts.append(box("plinth", (d - 0.04, w, plinth), (-0.02, 0, plinth / 2), DARK))
    lo, hi = plinth + t, h - panel - t
    if drop:  # the contents stand on a wire rack at 40 % of the chamber height
        lo = lo + DROP_RACK * (hi - lo)
        parts.append(box("rack", (d - 2 * t, w - 2 * t, 0.01), (t / 2, 0, lo - 0.005), STEEL))
    inner = Region(region_name, vec(t / 2, 0, (lo + hi) / 2), vec(d / 2 - t, w / 2 - t, (hi - lo) / 2))
    if drop:
        door, joint, handle = drop_door(w, d, h - panel - plinth - 0.005, plinth, p["door_color"])
    else:
        # the handle near the top of the door: low appliances are opened without a deep bend
        door, joint, handle = front_door(w, d, h, 0.0, p["door_color"], p.get("hinge", "left"), handle_z=0.8 * h)
    parts.append(door)
    aff = {"openable", "container"}
    control = None
    if powered:
        aff.add("powered")
        control = vec(d / 2 + 0.01, w / 2 - 0.08, h - 0.05) if panel else vec(d / 2 + 0.01, w / 2 - 0.05, h - 0.08)
        parts.append(box("control", (0.02, 0.05, 0.05), tuple(control - vec(0.0, 0, 0)), DARK, collide=False))
    if heat:
        aff.add("heat_source")
    return finish(AssetModel(p["_kind"], category, False, parts, [joint], regions=[inner],
                             surfaces=region_surfaces([inner]) + [Surface("top", vec(0, 0, h), vec(d / 2, w / 2))],
                             handle=handle, control=control, affordances=frozenset(aff)))


def _oven(p):
    return _appliance_box(p, "chamber", "drop", True, True)


def _microwave(p):
    return _appliance_box(p, "chamber", "side", True, True)


def _dishwasher(p):
    return _appliance_box(p, "rack", "drop", True, False)


def _washer(p):
    return _appliance_box(p, "drum", "side", True, False)


def _locker(p):
    m = _cabinet(p)
    return m


def _cooktop(p: dict[str, Any]) -> AssetModel:
    w, d, h = p["width"], p["depth"], p["height"]
    parts = [box("base", (d, w, h - 0.02), (0, 0, (h - 0.02) / 2), p["color"]),
             box("glass", (d, w, 0.02), (0, 0, h - 0.01), DARK)]
    for i, (sx, sy) in enumerate(((0.22, -0.25), (0.22, 0.25), (-0.22, -0.25), (-0.22, 0.25))):
        ring = trimesh.creation.annulus(r_min=0.07, r_max=0.09, height=0.003, sections=24)
        ring.apply_translation((sx * d, sy * w, h + 0.0015))
        parts.append(mesh_part(f"burner_{i}", ring, (0.5, 0.12, 0.08), collide=False))
    control = vec(d / 2 + 0.01, w / 2 - 0.08, h - 0.08)
    parts.append(box("control", (0.02, 0.04, 0.04), tuple(control), STEEL, collide=False))
    return finish(AssetModel("cooktop", "appliance", False, parts, surfaces=[Surface("top", vec(0, 0, h),
                              vec(d / 2, w / 2))], control=control,
                             affordances=frozenset({"support", "powered", "heat_source"})))


def _sink(p: dict[str, Any]) -> AssetModel:
    w, d, h = p["width"], p["depth"], p["height"]
    bw, bd, bh = w * 0.6, d * 0.6, 0.18
    parts = [box("base", (d, w, h - bh), (0, 0, (h - bh) / 2), p["color"]),
             box("rim_front", ((d - bd) / 2, w, bh), (d / 2 - (d - bd) / 4, 0, h - bh / 2), STEEL),
             box("rim_back", ((d - bd) / 2, w, bh), (-d / 2 + (d - bd) / 4, 0, h - bh / 2), STEEL),
             box("rim_left", (bd, (w - bw) / 2, bh), (0, -w / 2 + (w - bw) / 4, h - bh / 2), STEEL),
             box("rim_right", (bd, (w - bw) / 2, bh), (0, w / 2 - (w - bw) / 4, h - bh / 2), STEEL),
             box("faucet", (0.04, 0.04, 0.25), (-d / 2 + 0.05, 0, h + 0.125), STEEL)]
    # the basin's floor is the top of the base box (h - bh): a cloth lying on it is inside the basin
    basin = Region("basin", vec(0, 0, h - bh / 2), vec(bd / 2, bw / 2, bh / 2))
    control = vec(-d / 2 + 0.05, 0.08, h + 0.05)
    parts.append(box("tap", (0.04, 0.04, 0.04), tuple(control), STEEL, collide=False))
    return finish(AssetModel("sink", "fixture", False, parts, regions=[basin],
                             surfaces=region_surfaces([basin], open_top=True), control=control,
                             affordances=frozenset({"container", "powered", "pour_target"})))


def _bin(p: dict[str, Any]) -> AssetModel:
    w, d, h = p["width"], p["depth"], p["height"]
    t = 0.015
    parts = hollow_body(w, d, h, t, p["color"], open_top=True, open_front=False)
    region = Region("bin", vec(0, 0, t + (h - t) / 2), vec(d / 2 - t, w / 2 - t, (h - t) / 2))
    return finish(AssetModel("bin", "fixture", False, parts, regions=[region],
                             surfaces=region_surfaces([region], open_top=True), affordances=frozenset({"container"})))


def _seat(p: dict[str, Any]) -> AssetModel:
    w, d, sh = p["width"], p["depth"], p["seat_height"]
    parts = [box("seat", (d, w, 0.06), (0, 0, sh - 0.03), p["color"]),
             box("base", (d * 0.8, w * 0.8, sh - 0.06), (0, 0, (sh - 0.06) / 2), DARK)]
    if p["back"]:
        parts.append(box("backrest", (0.06, w, 0.45), (-d / 2 + 0.03, 0, sh + 0.225), p["color"]))
    surf = [Surface("seat", vec(0.03 if p["back"] else 0.0, 0, sh), vec(d / 2 - (0.03 if p["back"] else 0.0), w / 2))]
    return finish(AssetModel(p["_kind"], "seat", False, parts, surfaces=surf,
                             affordances=frozenset({"seat", "support"})))


def _board(p: dict[str, Any]) -> AssetModel:
    w, h, z = p["width"], p["height"], p["mount_z"]
    t = 0.03
    parts = [box("board", (t, w, h), (t / 2, 0, z + h / 2), p["color"])]
    label = label_face("front", (t + 0.002, 0, z + h / 2), (1, 0, 0), (0, 0, 1), w * 0.92, h * 0.92)
    return finish(AssetModel(p["_kind"], "sign", False, parts, label_faces=[label],
                             affordances=frozenset({"readable"})))


def window(p: dict[str, Any]) -> AssetModel:
    """A sliding window set against a wall (front +x faces the room): a frame around a fixed left pane and a
    right sash that slides left over it (joint ``sash``, slide along local -y by half the clear width), with a
    sky-coloured backing behind, so an open window shows a gap of sky and a closed one two panes of glass."""
    w, h, z, d = p["width"], p["height"], p["sill_z"], p["depth"]
    f = 0.05  # frame bar width [m]
    frame = p["color"]
    parts = [box("backing", (0.01, w - 2 * f, h - 2 * f), (0.005, 0, z + h / 2), p["sky_color"]),
             box("frame_bottom", (d, w, f), (d / 2, 0, z + f / 2), frame),
             box("frame_top", (d, w, f), (d / 2, 0, z + h - f / 2), frame),
             box("frame_left", (d, f, h), (d / 2, -w / 2 + f / 2, z + h / 2), frame),
             box("frame_right", (d, f, h), (d / 2, w / 2 - f / 2, z + h / 2), frame)]
    clear_w, clear_h = w - 2 * f, h - 2 * f
    pane = (0.02, clear_w / 2, clear_h)
    parts.append(box("pane_fixed", pane, (0.35 * d, -clear_w / 4, z + h / 2), p["glass_color"]))
    parts.append(box("sash", pane, (0.75 * d, clear_w / 4, z + h / 2), p["glass_color"], joint="sash"))
    parts.append(box("sash_rail", (0.025, 0.03, clear_h), (0.75 * d + 0.02, 0.03, z + h / 2), frame,
                     joint="sash"))
    joint = Joint("sash", "slide", vec(0, 0, 0), vec(0, -1, 0), clear_w / 2)
    handle = vec(d + 0.03, 0.06, z + h / 2)
    return finish(AssetModel(p["_kind"], "fixture", False, parts, [joint], handle=handle,
                             affordances=frozenset({"openable"})))


def _computer(p: dict[str, Any]) -> AssetModel:
    parts = [box("monitor", (0.04, 0.55, 0.34), (-0.12, 0, 0.25), DARK),
             box("stand", (0.12, 0.12, 0.08), (-0.12, 0, 0.04), DARK),
             box("keyboard", (0.15, 0.42, 0.02), (0.12, 0, 0.01), (0.25, 0.25, 0.27))]
    screen = label_face("screen", (-0.099, 0, 0.25), (1, 0, 0), (0, 0, 1), 0.5, 0.3)
    control = vec(0.12, 0.0, 0.02)
    return finish(AssetModel(p["_kind"], "device", False, parts, label_faces=[screen], control=control,
                             affordances=frozenset({"powered", "computer", "readable"})))


def _door(p: dict[str, Any]) -> AssetModel:
    """A room door leaf in its own frame: the leaf spans y in [-width/2, width/2] at x = 0 (wall plane)."""
    w, h, t = p["width"], p["height"], p["thickness"]
    parts = [box("leaf", (t, w, h), (0, 0, h / 2), p["color"], joint="door")]
    sign = -1.0 if p["hinge"] == "left" else 1.0
    swing = 1.0 if p["swing"] == "out" else -1.0  # "out": towards local +x
    origin = vec(0, sign * w / 2, 0)
    # Rotation direction chosen so that the free edge moves towards +x for swing "out".
    axis = vec(0, 0, sign * swing)
    handle = vec(swing * (t / 2 + 0.04), -sign * (w / 2 - 0.08), 1.0)
    return finish(AssetModel("door", "door", False, parts, [Joint("door", "hinge", origin, axis, math.radians(90))],
                             handle=handle, affordances=frozenset({"openable", "door"})))


# Fixtures
register("counter", "furniture", False, _counter,
         {"width": 1.2, "depth": 0.6, "height": 0.9, "color": BEIGE, "top_color": (0.35, 0.35, 0.38)},
         f"Kitchen counter: {FIX_COMMON}; top_color. Parts base, top. Surface 'top'. Affordance support.")
for _k, _d in (("table", {"width": 1.2, "depth": 0.8, "height": 0.75}),
               ("desk", {"width": 1.4, "depth": 0.7, "height": 0.75}),
               ("coffee_table", {"width": 1.0, "depth": 0.5, "height": 0.45})):
    register(_k, "furniture", False, _table, {**_d, "color": LIGHT_WOOD},
             f"{_k.replace('_', ' ').title()}: {FIX_COMMON}. Parts top, leg_0..3. Surface 'top'. Affordance support.")
register("shelf", "furniture", False, _shelf, {"width": 0.9, "depth": 0.35, "height": 1.6, "shelves": 4, "color": WOOD},
         f"Open bookshelf: {FIX_COMMON}; shelves (count). Regions/surfaces 'shelf_1' (lowest)..'shelf_N', 'top'. "
         "Affordances support, container.")
register("fridge_shelf", "furniture", False, _shelf,
         {"width": 1.0, "depth": 0.5, "height": 1.8, "shelves": 3, "color": (0.8, 0.85, 0.9)},
         f"Open refrigerated display shelf (shop): {FIX_COMMON}; shelves. Regions 'shelf_1'..'shelf_N'.")
register("rack", "furniture", False, _rack, {"width": 0.9, "depth": 0.45, "height": 1.5, "shelves": 3, "color": STEEL},
         f"Movable wheeled rack: {FIX_COMMON}; shelves. Surfaces 'shelf_1'..'shelf_N'. Affordances support, "
         "movable_fixture (push/pull; what rests on it moves along).")
register("cabinet", "furniture", False, _cabinet,
         {"width": 0.6, "depth": 0.5, "height": 0.9, "shelves": 2, "color": BEIGE, "door_color": WOOD,
          "hinge": "left"},
         f"Cabinet with one hinged door (90 deg, joint 'door'): {FIX_COMMON}; shelves; door_color; hinge "
         "'left'|'right' (viewer side). Regions 'shelf_1'..'shelf_N'; surface 'top'. Affordances openable, "
         "container, support.")
register("wall_cabinet", "furniture", False, _cabinet,
         {"width": 0.6, "depth": 0.35, "height": 0.7, "shelves": 2, "color": BEIGE, "door_color": WOOD,
          "hinge": "left"},
         "Wall cabinet (same as cabinet; give it an elevation with the entity's 'z'). Regions 'shelf_1'..'shelf_N'; "
         "surface 'top'.")
register("locker", "furniture", False, _locker,
         {"width": 0.45, "depth": 0.5, "height": 1.8, "shelves": 2, "color": (0.35, 0.45, 0.6),
          "door_color": (0.35, 0.45, 0.6), "hinge": "right"},
         "Locker: a tall cabinet with a hinged door. Regions 'shelf_1'..'shelf_N'. Affordances openable, container.")
register("drawer", "furniture", False, _drawer,
         {"width": 0.6, "depth": 0.5, "height": 0.25, "color": BEIGE, "front_color": WOOD},
         f"One drawer in its carcass (slide joint 'drawer', 0.8 x depth): {FIX_COMMON}; front_color. Stack drawers "
         "with the entity's 'z'. Region 'drawer' rides on the joint. Affordances openable, container.")
register("fridge", "appliance", False, _fridge,
         {"width": 0.7, "depth": 0.7, "height": 1.8, "shelves": 3, "color": WHITE, "hinge": "left"},
         f"Refrigerator with one hinged door (90 deg): {FIX_COMMON}; shelves; hinge. Regions 'shelf_1' (lowest).."
         "'shelf_N'; surface 'top'. Affordances openable, container.")
register("oven", "appliance", False, _oven,
         {"width": 0.6, "depth": 0.6, "height": 0.85, "color": STEEL, "door_color": DARK},
         f"Oven on a 0.12 m plinth with a drop-down door (60 deg) and a control knob: {FIX_COMMON}; door_color. "
         "Region 'chamber' (floor: the rack at 40 % of the chamber height). Affordances "
         "openable, container, powered, heat_source (cooks what is inside while running).")
register("microwave", "appliance", False, _microwave,
         {"width": 0.5, "depth": 0.38, "height": 0.3, "color": STEEL, "door_color": DARK, "hinge": "left"},
         "Microwave (place it on a counter): side-hinged door, region 'chamber', control button. Affordances openable, "
         "container, powered, heat_source.")
register("cooktop", "appliance", False, _cooktop, {"width": 0.6, "depth": 0.6, "height": 0.9, "color": BEIGE},
         f"Cooktop with four burners on a base: {FIX_COMMON}. Surface 'top'; control knob. Affordances support, "
         "powered, heat_source (cooks food on it or in a pan on it while running).")
register("sink", "fixture", False, _sink, {"width": 0.8, "depth": 0.6, "height": 0.9, "color": BEIGE},
         f"Sink unit: {FIX_COMMON}. Region 'basin'; tap control (running = water on). Affordances container, powered, "
         "pour_target.")
register("dishwasher", "appliance", False, _dishwasher,
         {"width": 0.6, "depth": 0.6, "height": 0.85, "color": WHITE, "door_color": WHITE},
         "Dishwasher: drop-down door, region 'rack', control. Affordances openable, container, powered.")
register("washer", "appliance", False, _washer,
         {"width": 0.6, "depth": 0.6, "height": 0.85, "color": WHITE, "door_color": (0.7, 0.75, 0.8), "hinge": "left"},
         "Washing machine: side-hinged door, region 'drum', control. Affordances openable, container, powered.")
register("dryer", "appliance", False, _washer,
         {"width": 0.6, "depth": 0.6, "height": 0.85, "color": WHITE, "door_color": (0.6, 0.6, 0.6), "hinge": "left"},
         "Clothes dryer: side-hinged door, region 'drum', control. Affordances openable, container, powered.")
register("bin", "fixture", False, _bin, {"width": 0.4, "depth": 0.35, "height": 0.6, "color": (0.3, 0.5, 0.3)},
         f"Open-top bin: {FIX_COMMON}. Region 'bin'. Affordance container.")
register("chair", "seat", False, _seat,
         {"width": 0.45, "depth": 0.45, "seat_height": 0.46, "color": WOOD, "back": True},
         "Chair: width/depth [m], seat_height [m], back (bool). Surface 'seat'. Affordances seat, support.")
register("stool", "seat", False, _seat,
         {"width": 0.38, "depth": 0.38, "seat_height": 0.62, "color": WOOD, "back": False},
         "Stool (no back). Surface 'seat'. Affordances seat, support.")
register("sofa", "seat", False, _seat,
         {"width": 1.8, "depth": 0.85, "seat_height": 0.43, "color": (0.35, 0.4, 0.55), "back": True},
         "Sofa. Surface 'seat'. Affordances seat, support.")
register("bench", "seat", False, _seat, {"width": 1.4, "depth": 0.4, "seat_height": 0.45, "color": WOOD, "back": False},
         "Bench. Surface 'seat'. Affordances seat, support.")
for _k in ("wall_board", "sign", "poster", "whiteboard"):
    register(_k, "sign", False, _board, {"width": 0.8, "height": 0.6, "mount_z": 1.2, "color": (0.95, 0.95, 0.92)},
             "Wall-mounted board with a label face 'front' at local +x (place it against a wall, facing the room): "
             "width/height of the board [m], mount_z lower edge height [m]. Affordance readable; label text via the "
             "entity's labels.")
register("computer", "device", False, _computer, {},
         "Desktop computer (monitor + keyboard; place it on a desk). Label face 'screen'; keyboard control. "
         "Affordances powered, computer (use_computer), readable.")
register("keyboard", "device", False, _computer, {}, "Alias geometry of 'computer' for a keyboard workstation.")
register("door", "door", False, _door,
         {"width": 0.9, "height": 2.05, "thickness": 0.04, "color": (0.65, 0.5, 0.35), "hinge": "left", "swing": "out"},
         "Room door leaf (created by SceneBuilder.add_door in a wall opening): width/height/thickness [m]; hinge "
         "'left'|'right' seen from the +x side; swing 'out' (towards +x) or 'in'. Joint 'door' 90 deg. Affordances "
         "openable, door.")
