"""Props of the benchmark's catalog rows (paper Tables 9-12) and the kinds those rows added.

Builders of the props that need a shape of their own: gym apparatus (parallel bars, balance beam), a display
pedestal, a projector, a backpack, fruit with a crown (pineapple), a reed diffuser, a spray atomizer and broken
glass. Frames and units follow :mod:`.model`: entity-local, z up, metres, origin at the centre of the footprint at
floor (or base) level, the front of a fixture towards local ``+x``.

Importing this module registers the kinds of the Decision, Finding, Prevention and Accessibility rows in
:mod:`.catalog`, in the order the rows added them; most are built by the object builders of :mod:`.objects`, the
window by :mod:`.fixtures`.
"""
from __future__ import annotations

import math
from typing import Any

import trimesh

from .catalog import FIX_COMMON, register, register_object
from .fixtures import window
from .materials import DARK, LIGHT_WOOD, STEEL, WHITE
from .object_looks import dressed_model
from .model import AssetModel, Surface
from .objects import box_object, cyl_object, round_object, stick_object, torus_object
from .parts import box, cylinder, finish, label_face, mesh_part, sphere, vec

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
        part = mesh_part(f"rail_{i}", rail, p["rail_color"])
        parts.append(part)
        for j, sy in enumerate((-1.0, 1.0)):
            parts.append(box(f"post_{i}_{j}", (post, post, h - 2 * rail_r), (x, sy * (length / 2 - 0.25),
                                                                             (h - 2 * rail_r) / 2), p["color"]))
    for j, sy in enumerate((-1.0, 1.0)):
        parts.append(box(f"foot_{j}", (spacing + 0.3, 0.08, 0.04), (0, sy * (length / 2 - 0.25), 0.02), p["color"]))
    return finish(AssetModel(p["_kind"], "sports", False, parts, affordances=frozenset()))


def balance_beam(p: dict[str, Any]) -> AssetModel:
    """A balance beam: a padded beam ``length`` [m] along local y, ``beam_width`` [m] across, its top at
    ``height`` [m], on two splayed legs. Surface 'top' (the beam's upper face)."""
    length, bw, h = p["length"], p["beam_width"], p["height"]
    beam_h = 0.16
    parts = [box("beam", (bw, length, beam_h), (0, 0, h - beam_h / 2), p["color"])]
    for j, sy in enumerate((-1.0, 1.0)):
        parts.append(box(f"leg_{j}", (0.08, 0.08, h - beam_h), (0, sy * (length / 2 - 0.3), (h - beam_h) / 2),
                         STEEL))
        parts.append(box(f"foot_{j}", (0.6, 0.1, 0.04), (0, sy * (length / 2 - 0.3), 0.02), STEEL))
    surf = [Surface("top", vec(0, 0, h), vec(bw / 2, length / 2))]
    return finish(AssetModel(p["_kind"], "sports", False, parts, surfaces=surf, affordances=frozenset({"support"})))


def pedestal(p: dict[str, Any]) -> AssetModel:
    """A display pedestal: a square column ``width`` x ``depth`` x ``height`` [m] with a top slab; surface 'top';
    label face 'front' (a number plate on the column's front, local +x)."""
    w, d, h = p["width"], p["depth"], p["height"]
    slab = 0.04
    parts = [box("column", (d * 0.8, w * 0.8, h - slab), (0, 0, (h - slab) / 2), p["color"]),
             box("slab", (d, w, slab), (0, 0, h - slab / 2), p["top_color"])]
    plate = label_face("front", (d * 0.4 + 0.002, 0, h * 0.62), (1, 0, 0), (0, 0, 1), w * 0.7, min(0.3, h * 0.35))
    surf = [Surface("top", vec(0, 0, h), vec(d / 2, w / 2))]
    return finish(AssetModel(p["_kind"], "furniture", False, parts, surfaces=surf, label_faces=[plate],
                             affordances=frozenset({"support", "readable"})))


def projector(p: dict[str, Any]) -> AssetModel:
    """A portable projector: a ``size`` (x, y, z) [m] body with a lens barrel on its front (+x) and a label face
    'top' (an asset tag on the lid)."""
    lx, ly, lz = p["size"]
    lens_r = min(ly, lz) * 0.28
    lens = trimesh.creation.cylinder(radius=lens_r, height=0.03, sections=20)
    lens.apply_transform(trimesh.transformations.rotation_matrix(math.pi / 2, (0, 1, 0)))
    lens.apply_translation((lx / 2 + 0.015, -ly * 0.22, lz * 0.5))
    parts = [box("body", (lx, ly, lz), (0, 0, lz / 2), p["color"]), mesh_part("lens", lens, DARK)]
    labels = [label_face("top", (0, 0.0, lz + 0.001), (0, 0, 1), (1, 0, 0), lx * 0.8, ly * 0.8)]
    return dressed_model(p, AssetModel(p["_kind"], p["_category"], True, parts, label_faces=labels,
                             affordances=frozenset({"movable", "readable"}), mass=p["mass"],
                             friction=p["friction"]))


def backpack(p: dict[str, Any]) -> AssetModel:
    """A backpack standing upright: a ``size`` (x, y, z) [m] main bag, a front pocket (``pocket_color``) on its
    front (+x) and a carry loop on top."""
    lx, ly, lz = p["size"]
    parts = [box("bag", (lx, ly, lz), (0, 0, lz / 2), p["color"]),
             box("pocket", (0.05, ly * 0.7, lz * 0.4), (lx / 2 + 0.025, 0, lz * 0.3), p["pocket_color"]),
             box("loop", (0.03, ly * 0.35, 0.04), (0, 0, lz + 0.02), DARK)]
    return dressed_model(p, AssetModel(p["_kind"], p["_category"], True, parts, affordances=frozenset({"movable"}),
                             mass=p["mass"], friction=p["friction"]))


def crowned_fruit(p: dict[str, Any]) -> AssetModel:
    """A fruit with a leafy crown (pineapple): an upright ellipsoid body ``radii`` (x, y, z) [m] and a cone of
    leaves ``crown_height`` [m] tall on top. Affordances cuttable, cookable."""
    rx, ry, rz = p["radii"]
    body = sphere("body", (rx, ry, rz), p["color"])
    crown = trimesh.creation.cone(radius=rx * 0.6, height=p["crown_height"], sections=12)
    crown.apply_translation((0, 0, 2 * rz - 0.01))
    parts = [body, mesh_part("crown", crown, p["crown_color"])]
    aff = set(p.get("_aff", ())) | {"movable"}
    return dressed_model(p, AssetModel(p["_kind"], p["_category"], True, parts, affordances=frozenset(aff), mass=p["mass"],
                             friction=p["friction"]))


def reed_diffuser(p: dict[str, Any]) -> AssetModel:
    """A reed diffuser: a squat bottle (``radius``, ``height`` [m]) with a narrow neck and a fan of thin reed
    sticks ``reed_length`` [m] long standing out of it. The reeds are visual only (they bend aside in reality),
    so the bottle and neck are what collides."""
    r, h = p["radius"], p["height"]
    parts = [cylinder("bottle", r, h, 0.0, p["color"]), cylinder("neck", r * 0.3, 0.03, h, p["color"])]
    top = h + 0.03
    for i in range(7):
        a = 2 * math.pi * i / 7
        tilt = math.radians(12 + 4 * (i % 3))
        stick = trimesh.creation.cylinder(radius=0.0025, height=p["reed_length"], sections=6)
        stick.apply_translation((0, 0, p["reed_length"] / 2))
        rot = trimesh.transformations.rotation_matrix(tilt, (-math.sin(a), math.cos(a), 0))
        stick.apply_transform(rot)
        stick.apply_translation((0, 0, top - 0.06))
        parts.append(mesh_part(f"reed_{i}", stick, p["reed_color"], collide=False))
    return dressed_model(p, AssetModel(p["_kind"], p["_category"], True, parts, affordances=frozenset({"movable"}),
                             mass=p["mass"], friction=p["friction"]))


def atomizer(p: dict[str, Any]) -> AssetModel:
    """A spray bottle (room spray, plant mister): a ``radius``/``height`` [m] bottle, a neck and a pump head with
    a trigger nozzle pointing forward (+x)."""
    r, h = p["radius"], p["height"]
    parts = [cylinder("bottle", r, h, 0.0, p["color"]), cylinder("neck", r * 0.45, 0.025, h, p["head_color"]),
             box("head", (0.06, 0.03, 0.035), (0.01, 0, h + 0.025 + 0.0175), p["head_color"]),
             box("trigger", (0.012, 0.018, 0.05), (0.03, 0, h + 0.0), p["head_color"]),
             box("nozzle", (0.02, 0.012, 0.012), (0.05, 0, h + 0.025 + 0.025), p["head_color"])]
    return dressed_model(p, AssetModel(p["_kind"], p["_category"], True, parts, affordances=frozenset({"movable"}),
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
        parts.append(mesh_part(f"shard_{i}", prism, p["color"]))
    return dressed_model(p, AssetModel(p["_kind"], p["_category"], True, parts,
                             affordances=frozenset({"movable", "debris", "sharp"}), mass=p["mass"],
                             friction=p["friction"]))


def _prism(tri, height: float) -> trimesh.Trimesh:
    """A closed triangular prism: the counter-clockwise triangle ``tri`` ((x, y) x 3 [m]) from z = 0 to ``height``."""
    (ax, ay), (bx, by), (cx, cy) = tri
    v = [(ax, ay, 0.0), (bx, by, 0.0), (cx, cy, 0.0), (ax, ay, height), (bx, by, height), (cx, cy, height)]
    f = [(0, 2, 1), (3, 4, 5), (0, 1, 4), (0, 4, 3), (1, 2, 5), (1, 5, 4), (2, 0, 3), (2, 3, 5)]
    return trimesh.Trimesh(vertices=v, faces=f, process=False)


# Props of the Decision catalog rows (paper Table 10): gym apparatus and a backpack (row 13), a display pedestal
# and a projector (row 7), fruit and meat for a marinade (row 11), passive and sprayed room fragrance (row 18).
# (mass [kg], friction) in catalog.PHYSICAL.
register("parallel_bars", "sports", False, parallel_bars,
         {"length": 2.2, "spacing": 0.5, "height": 1.6, "color": (0.3, 0.3, 0.35), "rail_color": LIGHT_WOOD},
         "Gymnastics parallel bars: two rails length [m] along local y, spacing [m] apart, at height [m], on posts; "
         "color (frame), rail_color. No support surface.")
register("balance_beam", "sports", False, balance_beam,
         {"length": 2.5, "beam_width": 0.1, "height": 1.0, "color": (0.75, 0.6, 0.45)},
         "Balance beam: length [m] along local y, beam_width [m], top at height [m], on two legs. Surface 'top'. "
         "Affordance support.")
register("pedestal", "furniture", False, pedestal,
         {"width": 0.45, "depth": 0.45, "height": 1.0, "color": WHITE, "top_color": (0.9, 0.9, 0.88)},
         f"Display pedestal (square column with a top slab): {FIX_COMMON}; top_color. Surface 'top'; label face "
         "'front' (number plate). Affordances support, readable.")
register_object("projector", "device", projector, {"size": (0.26, 0.3, 0.1), "color": (0.85, 0.86, 0.88)},
                "portable projector: size (x,y,z) [m] of the body, lens on the front (+x); label face 'top' "
                "(asset tag).")
register_object("backpack", "personal", backpack,
                {"size": (0.18, 0.3, 0.42), "color": (0.2, 0.35, 0.6), "pocket_color": (0.15, 0.25, 0.45)},
                "backpack standing upright: size (x,y,z) [m] of the bag, front pocket (pocket_color), carry loop.")
register_object("pineapple", "food", crowned_fruit,
                {"radii": (0.065, 0.065, 0.1), "color": (0.75, 0.55, 0.15), "crown_color": (0.2, 0.5, 0.2),
                 "crown_height": 0.14},
                "radii (x,y,z) [m] of the body, crown of leaves crown_height [m] (crown_color). Affordances cuttable, "
                "cookable.", _aff=("cuttable", "cookable"))
for _k, _r, _c in (("lemon", (0.04, 0.03, 0.03), (0.98, 0.88, 0.15)), ("steak", (0.1, 0.07, 0.016),
                                                                        (0.6, 0.15, 0.15))):
    register_object(_k, "food", round_object, {"radii": _r, "color": _c},
                    "radii (x,y,z) [m]. Affordances cuttable, cookable.", _aff=("cuttable", "cookable"))
register_object("reed_diffuser", "household", reed_diffuser,
                {"radius": 0.04, "height": 0.1, "reed_length": 0.26, "color": (0.75, 0.85, 0.9),
                 "reed_color": (0.35, 0.25, 0.15)},
                "passive room fragrance: a squat bottle radius/height [m] with a fan of reed sticks reed_length [m] "
                "(reed_color; visual only).")
register_object("atomizer", "household", atomizer,
                {"radius": 0.035, "height": 0.16, "color": (0.6, 0.8, 0.9), "head_color": (0.95, 0.95, 0.95)},
                "spray bottle (room spray): radius/height [m] of the bottle, pump head with trigger and nozzle "
                "(head_color).")

# Kinds of the Finding catalog (paper Table 12): a lidded storage box and its lid, the foods of the cold
# deliveries, the office and cleaning tools searched for. (mass [kg], friction) in catalog.PHYSICAL.
register_object("storage_box", "container", box_object, {"size": (0.26, 0.2, 0.12), "color": (0.2, 0.45, 0.75)},
                "lidded storage box (food box, crate): open-top box; region 'interior'; surface 'rim' (the wall "
                "tops) where a lid of the same footprint rests; label 'front'.", _aff=("container", "lidded"))
register_object("lid", "container", box_object, {"size": (0.26, 0.2, 0.012), "color": (0.2, 0.45, 0.75)},
                "flat lid (give it its box's footprint); resting on a container it closes it: nothing is taken out "
                "or put in until it is lifted off. Affordance lid.", _aff=("lid",))
for _k, _s, _c, _cat in (("ice_cream", (0.12, 0.12, 0.09), (0.95, 0.9, 0.8), "food"),
                         ("yogurt", (0.07, 0.07, 0.09), (0.97, 0.97, 0.97), "food"),
                         ("cheese", (0.12, 0.08, 0.05), (0.95, 0.8, 0.3), "food"),
                         ("chicken", (0.2, 0.14, 0.06), (0.95, 0.75, 0.7), "food"),
                         ("folder", (0.24, 0.32, 0.012), (0.2, 0.35, 0.8), "document")):
    register_object(_k, _cat, box_object, {"size": _s, "color": _c},
                    "size (x,y,z) [m]; " + ("label face 'top' (cover text); surface 'top' (a larger sheet or cover "
                                            "may lie over it)." if _cat == "document"
                                            else "label face 'front' (packaging)."),
                    **({"_label_face": "top", "_aff": ("support",)} if _cat == "document" else {}))
register_object("eraser", "tool", box_object, {"size": (0.06, 0.025, 0.014), "color": (0.95, 0.95, 0.92)},
                "rubber eraser (rubbing over a sheet with [Wipe] erases). Affordance wiping_tool.",
                _aff=("wiping_tool",))
for _k, _r, _c in (("mushroom", (0.03, 0.03, 0.025), (0.85, 0.78, 0.65)),
                   ("lettuce", (0.07, 0.07, 0.06), (0.35, 0.65, 0.25))):
    register_object(_k, "food", round_object, {"radii": _r, "color": _c},
                    "radii (x,y,z) [m]. Affordances cuttable, cookable.", _aff=("cuttable", "cookable"))
for _k, _cat, _d in (("lolly", "food", {"length": 0.14, "width": 0.045, "thickness": 0.02, "color": (0.9, 0.35, 0.5),
                                        "grip_color": (0.85, 0.75, 0.55)}),
                     ("squeegee", "tool", {"length": 0.32, "width": 0.06, "thickness": 0.03, "color": DARK,
                                           "grip_color": DARK}),
                     ("thermometer", "tool", {"length": 0.18, "width": 0.04, "thickness": 0.03,
                                              "color": (0.95, 0.95, 0.95), "grip_color": (0.85, 0.1, 0.1)})):
    register_object(_k, _cat, stick_object, _d, "length/width/thickness [m]; grip_color (the stick or handle end).")

# Kinds of the household routines in the Prevention catalog rows (paper Table 11): a window that can be left
# open, the laptop and the loose sock a departure or a wash forgets, deli and bakery items, a dish rack.
register("window", "fixture", False, window,
         {"width": 1.0, "height": 0.8, "sill_z": 1.0, "depth": 0.08, "color": WHITE, "glass_color": (0.78, 0.88, 0.94),
          "sky_color": (0.3, 0.5, 0.78)},
         "Sliding window set against a wall (front +x faces the room): width/height of the frame [m], sill_z its "
         "lower edge [m], depth [m]; color (frame), glass_color, sky_color (seen through the opening). Joint 'sash' "
         "slides the right pane over the left one (open = the sash pushed aside). Affordance openable.")
register_object("laptop", "device", box_object, {"size": (0.24, 0.33, 0.025), "color": (0.55, 0.57, 0.6)},
                "closed laptop; label face 'top' (lid).", _label_face="top")
register_object("sock", "clothing", box_object, {"size": (0.22, 0.08, 0.02), "color": (0.2, 0.25, 0.6)},
                "a single sock.")
register_object("cold_cuts", "food", box_object, {"size": (0.16, 0.11, 0.03), "color": (0.9, 0.55, 0.55)},
                "sealed pack of sliced meat; label 'front'.")
register_object("chips_bag", "food", box_object, {"size": (0.07, 0.17, 0.22), "color": (0.95, 0.75, 0.1)},
                "bag of crisps; label 'front'.")
register_object("berry_punnet", "food", box_object, {"size": (0.11, 0.11, 0.06), "color": (0.75, 0.1, 0.25)},
                "punnet of berries; label 'front'.")
register_object("dish_rack", "kitchenware", box_object, {"size": (0.32, 0.44, 0.1), "color": STEEL},
                "open draining rack for washed dishes (stand it on a counter); region 'interior'. Affordance "
                "container.", _aff=("container",))
register_object("burger", "food", cyl_object, {"radius": 0.055, "height": 0.07, "color": (0.72, 0.45, 0.2)},
                "wrapped burger. Affordance cookable.", _aff=("cookable",))
register_object("pie", "food", cyl_object, {"radius": 0.11, "height": 0.045, "color": (0.85, 0.62, 0.3)},
                "unbaked pie in its tin. Affordances cuttable, cookable.", _aff=("cuttable", "cookable"))
register_object("pastry", "food", round_object, {"radii": (0.045, 0.045, 0.03), "color": (0.86, 0.66, 0.38)},
                "radii (x,y,z) [m]: a scone, muffin or croissant by size and colour. Affordance cookable.",
                _aff=("cookable",))
register_object("brownie", "food", box_object, {"size": (0.07, 0.07, 0.035), "color": (0.3, 0.17, 0.08)},
                "square of chocolate cake.")
register_object("donut", "food", torus_object,
                {"major_radius": 0.04, "minor_radius": 0.017, "color": (0.85, 0.55, 0.6)},
                "ring doughnut lying flat: major_radius (to the tube centre) and minor_radius [m]. Affordance "
                "cookable.", _aff=("cookable",))

# Kinds of the Accessibility catalog (paper Table 9): a flat kitchen scale moved off a crowded counter, a potted
# cactus to steer a blind wearer around and a shoe found where it does not belong. (mass [kg], friction) in
# catalog.PHYSICAL: a 1 kg kitchen scale, a 0.6 kg cactus in its pot, a 0.35 kg shoe with a rubber sole.
register_object("kitchen_scale", "kitchenware", box_object, {"size": (0.2, 0.18, 0.035), "color": (0.85, 0.85, 0.88)},
                "flat kitchen scale; size (x,y,z) [m]; label face 'front' (the display).")
register_object("cactus", "plant", cyl_object, {"radius": 0.05, "height": 0.2, "color": (0.2, 0.55, 0.25)},
                "potted cactus (prickly: a hazard to steer a hand around); radius/height [m].")
register_object("shoe", "clothing", box_object, {"size": (0.28, 0.1, 0.1), "color": (0.35, 0.25, 0.2)},
                "a single shoe; size (x,y,z) [m].")

# Broken glass on a table and what contains it (paper Table 9, row 12): shards that are swept, never picked up by
# hand, a hand broom that sweeps them ([Wipe] <broom> <surface>) into a dustpan standing on that surface.
# (mass [kg], friction): a handful of glass (0.1 kg, slippery), a 0.25 kg broom, a 0.3 kg plastic dustpan.
register_object("glass_shards", "hazard", glass_shards,
                {"size": (0.14, 0.1), "count": 7, "shard": 0.04, "thickness": 0.006, "color": (0.72, 0.86, 0.93)},
                "broken glass lying flat: count (<= 7) thin triangular shards up to shard [m] across, thickness "
                "[m], over a size (x, y) [m] footprint. Affordances debris (refused by [Grab]; a [Wipe] with a "
                "sweeping tool over the surface they lie on moves them into a dustpan there), sharp.")
register_object("broom", "tool", stick_object,
                {"length": 0.38, "width": 0.07, "thickness": 0.05, "color": (0.2, 0.2, 0.22),
                 "grip_color": (0.75, 0.55, 0.3)},
                "hand broom: length/width/thickness [m], grip_color (the handle), color (the bristle head). "
                "Affordances wiping_tool, sweeping_tool.", _aff=("wiping_tool", "sweeping_tool"))
register_object("dustpan", "tool", box_object, {"size": (0.24, 0.28, 0.04), "color": (0.85, 0.2, 0.15)},
                "dustpan: a shallow open-top tray; region 'interior'. Affordances container, dustpan (what a sweep "
                "over the surface it stands on collects).", _aff=("container", "dustpan"))
