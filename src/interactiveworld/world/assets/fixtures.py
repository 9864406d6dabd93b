"""Fixtures: furniture, appliances, sinks and bins, seats, wall boards, a desk computer, windows and room doors.

Built from panels and doors (:mod:`.parts`): carcasses open at the front, shelf stacks, hinged, drop-down and sliding
joints. Frames and units as in :mod:`.model` (entity-local, z up, metres; the front faces local +x). Importing this
module registers its kinds in :mod:`.catalog` (the window, a kind of the Prevention catalog rows, is registered with
those rows in :mod:`.props`).
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import numpy as np
import trimesh

from ..geometry import Material
from .catalog import FIX_COMMON, register
from .materials import BEIGE, DARK, LIGHT_WOOD, STEEL, WHITE, WOOD, srgb_to_linear
from .meshkit_shapes import bezier, rounded_box, sweep
from .model import AssetModel, Joint, Part, Region, Surface
from .parts import (box, drop_door, finish, front_door, hollow_body, label_face, mesh_part, part_from_piece,
                    region_surfaces, stacked_regions, vec)
from .texturekit import texture

__all__ = ["DROP_PLINTH", "DROP_RACK", "window", "surface_material", "dressed"]

# ------------------------------------------------------------------------------------------------ materials
DETAIL_MEAN = 0.92
"""Mean linear value of a detail texture: a surface's ``base_color`` is its colour divided by this (at most 1), so
the material averages to the kind's colour parameter (what a renderer that ignores textures draws)."""

_DETAIL = {   # finish -> (texture-kit name, contrast of its luminance around the mean, roughness, metallic)
    "wood": ("wood_oak", 0.55, 0.55, 0.0), "painted": ("painted_white", 0.25, 0.35, 0.0),
    "steel": ("brushed_steel", 0.35, 0.3, 1.0), "laminate": ("plastic_white", 0.2, 0.45, 0.0),
    "stone": ("granite_grey", 0.6, 0.3, 0.0), "fabric": ("fabric_linen", 0.5, 0.9, 0.0),
    "plastic": ("plastic_black", 0.3, 0.5, 0.0),
}
"""Surface finishes of fixtures: each a grey detail texture (grain, brushing, speckle, weave) tinted by the colour."""


@lru_cache(maxsize=16)
def _detail_texture(finish_name: str) -> np.ndarray:
    name, contrast, _, _ = _DETAIL[finish_name]
    lin = srgb_to_linear(texture(name, size=128))
    lum = lin @ np.array([0.2126, 0.7152, 0.0722], np.float32)   # Rec. 709 luminance
    d = DETAIL_MEAN * (1.0 + contrast * (lum / max(float(lum.mean()), 1e-6) - 1.0))
    d = np.clip(d, 0.0, 1.0)
    s = np.where(d <= 0.0031308, 12.92 * d, 1.055 * np.power(d, 1 / 2.4) - 0.055)   # IEC 61966-2-1
    g = np.round(np.clip(s, 0, 1) * 255).astype(np.uint8)
    return np.repeat(g[:, :, None], 3, axis=2)


@lru_cache(maxsize=256)
def surface_material(finish_name: str, color: tuple[float, float, float]) -> Material:
    """The :class:`Material` of a fixture surface of finish ``finish_name`` (wood, painted, steel, laminate,
    stone, fabric, plastic) in ``color`` (linear RGB): a grey detail texture from the texture kit times
    ``color / DETAIL_MEAN``, so the material averages to about ``color``.

    Raises:
        KeyError: an unknown finish (the message lists the known ones).
    """
    if finish_name not in _DETAIL:
        raise KeyError(f"surface_material: unknown finish {finish_name!r}; known: {sorted(_DETAIL)}")
    _, _, rough, metal = _DETAIL[finish_name]
    base = tuple(float(min(1.0, c / DETAIL_MEAN)) for c in color)
    return Material(f"{finish_name}", base_color=base, albedo=_detail_texture(finish_name), roughness=rough,
                    metallic=metal)


CHROME = Material("chrome", base_color=(0.8, 0.8, 0.82), roughness=0.15, metallic=1.0)
RUBBER = Material("gasket", base_color=(0.06, 0.06, 0.065), roughness=0.8)
BLACK_PLASTIC = Material("black_plastic", base_color=(0.05, 0.05, 0.055), roughness=0.5)
LAMP = Material("lamp", base_color=(1.0, 0.97, 0.9), emissive=(1.5, 1.45, 1.35), roughness=0.3)


def _skinned(part: Part, finish_name: str, radius: float = 0.0) -> Part:
    """``part`` (a box) as a mesh-kit box with UV in metres and the material of ``finish_name`` in its colour; the
    collision box, joint and shape are kept."""
    size = tuple(float(x) for x in 2 * part.box_half)
    r = min(radius, 0.45 * min(size))
    piece = rounded_box(size, r, 2 if r > 0 else 1).translated(part.box_center)
    q = part_from_piece(part.name, piece, {"default": surface_material(finish_name, tuple(part.color))},
                        joint=part.joint, collide=part.collide, shape=part.shape,
                        box=(part.box_center.copy(), part.box_half.copy()))
    # the kit works in float32: put the faces back exactly on the collision box's planes
    lo, hi = part.box_center - part.box_half, part.box_center + part.box_half
    v = np.array(q.mesh.vertices, np.float64)
    v = np.where(np.abs(v - lo) < 1e-6, lo, np.where(np.abs(v - hi) < 1e-6, hi, v))
    q.mesh.vertices = v
    return q


def _detail(name: str, mesh: trimesh.Trimesh, material: Material, joint: str | None = None) -> Part:
    p = mesh_part(name, mesh, tuple(float(x) for x in material.mean_color), joint=joint, collide=False)
    p.materials = (material,)
    return p


def _bar(name: str, a, b, radius: float, material: Material = CHROME, joint: str | None = None,
         standoff: float = 0.0, out=(1.0, 0.0, 0.0)) -> list[Part]:
    """A bar handle from ``a`` to ``b`` [m] (a rod of ``radius``), on two standoffs reaching ``standoff`` back
    along ``-out`` to the surface it is fixed to."""
    a, b, o = np.asarray(a, float), np.asarray(b, float), np.asarray(out, float)
    rod = sweep(np.stack([a, b]), radius=radius, segments=8).to_trimesh()
    parts = [_detail(name, rod, material, joint)]
    if standoff > 0:
        for k, c in enumerate((a + 0.12 * (b - a), b - 0.12 * (b - a))):
            post = sweep(np.stack([c, c - o * standoff]), radius=0.7 * radius, segments=6).to_trimesh()
            parts.append(_detail(f"{name}_post_{k}", post, material, joint))
    return parts


def _slab(name: str, size, center, material: Material, joint: str | None = None) -> Part:
    m = trimesh.creation.box(extents=size)
    m.apply_translation(center)
    return _detail(name, m, material, joint)


def _knob(name: str, center, radius: float = 0.02, depth: float = 0.022, material: Material = CHROME) -> list[Part]:
    """A round knob facing +x with a pointer line, its back at ``center`` [m]."""
    c = np.asarray(center, float)
    m = trimesh.creation.cylinder(radius=radius, height=depth, sections=12)
    m.apply_transform(trimesh.transformations.rotation_matrix(math.pi / 2, (0, 1, 0)))
    m.apply_translation(c + (depth / 2, 0, 0))
    line = trimesh.creation.box(extents=(0.002, 0.004, 1.4 * radius))
    line.apply_translation(c + (depth + 0.001, 0, 0.3 * radius))
    return [_detail(name, m, material), _detail(name + "_pointer", line, BLACK_PLASTIC)]


def dressed(model: AssetModel, finishes: dict[str, str], details: list[Part], radius: float = 0.0) -> AssetModel:
    """``model`` with its box parts re-meshed in their finishes (part name -> finish; ``"*"`` for the rest) and
    the visual-only ``details`` (handles, knobs, gaskets, plinths) appended after its own parts; its bounds, collision
    boxes, joints and semantics stay those it was built with. Edges are rounded to ``radius`` [m] only on fixtures
    without joints (jointed ones are drawn per frame, where triangles cost every frame)."""
    out = []
    if model.joints:   # drawn every frame: keep the triangle count of the moving parts low (sharp boxes)
        radius = 0.0
    for p in model.parts:
        f = finishes.get(p.name, finishes.get("*"))
        out.append(_skinned(p, f, radius) if f and not p.shape and len(p.mesh.vertices) == 8 else p)
    model.parts = out + list(details)
    return model


def _counter(p: dict[str, Any]) -> AssetModel:
    w, d, h = p["width"], p["depth"], p["height"]
    top = 0.04
    parts = [box("base", (d - 0.04, w, h - top), (-0.02, 0, (h - top) / 2), p["color"]),
             box("top", (d, w, top), (0, 0, h - top / 2), p["top_color"])]
    surf = [Surface("top", vec(0, 0, h), vec(d / 2, w / 2))]
    m = finish(AssetModel("counter", "furniture", False, parts, surfaces=surf, affordances=frozenset({"support"})))
    return dressed(m, {"top": "stone", "base": "laminate"}, _unit_front(w, d - 0.04, h - top, p["color"]))


def _unit_front(w: float, d: float, h: float, color, x_back: float | None = None) -> list[Part]:
    """The front of a base unit ``d`` deep (front at x = d / 2 - 0.02), ``h`` tall: a recessed dark plinth, door
    fronts of at most 0.6 m with a 3 mm gap between them, and a bar handle near the top of each."""
    xf = d / 2 - 0.02 if x_back is None else x_back
    plinth = 0.1
    parts = [_slab("plinth", (0.004, w, plinth), (xf + 0.002, 0, plinth / 2), BLACK_PLASTIC)]
    n = max(1, int(math.ceil(w / 0.6 - 1e-6)))
    dw = w / n
    mat = surface_material("painted", tuple(min(1.0, 1.05 * c) for c in color))
    for i in range(n):
        y = -w / 2 + (i + 0.5) * dw
        parts.append(_slab(f"front_{i}", (0.018, dw - 0.004, h - plinth - 0.006), (xf + 0.009, y, plinth +
                                                                                    (h - plinth) / 2), mat))
        hy = y + (0.3 * dw if i % 2 == 0 else -0.3 * dw)
        parts += _bar(f"handle_{i}", (xf + 0.035, hy, h - 0.16), (xf + 0.035, hy, h - 0.04), 0.006, standoff=0.017)
    return parts


def _table(p: dict[str, Any]) -> AssetModel:
    w, d, h = p["width"], p["depth"], p["height"]
    top, leg = 0.04, 0.05
    parts = [box("top", (d, w, top), (0, 0, h - top / 2), p["color"])]
    for i, (sx, sy) in enumerate(((1, 1), (1, -1), (-1, 1), (-1, -1))):
        parts.append(box(f"leg_{i}", (leg, leg, h - top),
                         (sx * (d / 2 - leg), sy * (w / 2 - leg), (h - top) / 2), p["color"]))
    surf = [Surface("top", vec(0, 0, h), vec(d / 2, w / 2))]
    m = finish(AssetModel(p["_kind"], "furniture", False, parts, surfaces=surf, affordances=frozenset({"support"})))
    mat = surface_material("wood", tuple(0.85 * c for c in p["color"]))
    apron = 0.08   # rails under the top between the legs
    details = [_slab("apron_front", (0.02, w - 2 * leg, apron), (d / 2 - leg / 2, 0, h - top - apron / 2), mat),
               _slab("apron_back", (0.02, w - 2 * leg, apron), (-d / 2 + leg / 2, 0, h - top - apron / 2), mat),
               _slab("apron_left", (d - 2 * leg, 0.02, apron), (0, -w / 2 + leg / 2, h - top - apron / 2), mat),
               _slab("apron_right", (d - 2 * leg, 0.02, apron), (0, w / 2 - leg / 2, h - top - apron / 2), mat)]
    return dressed(m, {"*": "wood"}, details, radius=0.006)


def _shelf(p: dict[str, Any]) -> AssetModel:
    w, d, h, n = p["width"], p["depth"], p["height"], int(p["shelves"])
    t = 0.02
    parts = hollow_body(w, d, h, t, p["color"])
    boards, regions = stacked_regions("shelf", d, w, t, t, h - t, n, p["color"])
    parts += boards
    kind_aff = {"support", "container"}
    if p.get("_movable_fixture"):
        kind_aff.add("movable_fixture")
    m = finish(AssetModel(p["_kind"], "furniture", False, parts, regions=regions,
                          surfaces=region_surfaces(regions) + [Surface("top", vec(0, 0, h), vec(d / 2, w / 2))],
                          affordances=frozenset(kind_aff)))
    finish_name = "wood" if p["_kind"] == "shelf" else "painted"
    mat = surface_material(finish_name, tuple(0.8 * c for c in p["color"]))
    # a face frame: stiles and a top rail in front of the carcass edges, a kick board under the lowest shelf
    details = [_slab("stile_left", (0.006, t + 0.01, h), (d / 2 + 0.003, -w / 2 + t / 2, h / 2), mat),
               _slab("stile_right", (0.006, t + 0.01, h), (d / 2 + 0.003, w / 2 - t / 2, h / 2), mat),
               _slab("top_rail", (0.006, w, 0.04), (d / 2 + 0.003, 0, h - 0.02), mat)]
    return dressed(m, {"*": finish_name}, details)


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
    m = finish(AssetModel("rack", "furniture", False, parts, surfaces=surfaces,
                          affordances=frozenset({"support", "movable_fixture"})))
    castors = []
    for i, (sx, sy) in enumerate(((1, 1), (1, -1), (-1, 1), (-1, -1))):
        wheel = trimesh.creation.cylinder(radius=0.025, height=0.02, sections=16)
        wheel.apply_transform(trimesh.transformations.rotation_matrix(math.pi / 2, (1, 0, 0)))
        wheel.apply_translation((sx * (d / 2 - post / 2), sy * (w / 2 - post / 2), 0.025))
        castors.append(_detail(f"castor_{i}", wheel, BLACK_PLASTIC))
    return dressed(m, {"*": "steel"}, castors)


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
    m = finish(AssetModel(p["_kind"], p.get("_category", "furniture"), False, parts, [joint],
                          surfaces=region_surfaces(regions) + [top], regions=regions, handle=handle,
                          affordances=frozenset({"openable", "container", "support"})))
    door_front = d / 2 + 0.04
    hx, hy, hz = handle
    span = min(0.16, 0.3 * h)
    details = _bar("handle", (door_front + 0.025, hy, hz - span / 2), (door_front + 0.025, hy, hz + span / 2), 0.007,
                   joint="door", standoff=0.025)
    if p["_kind"] == "locker":   # vent slots near the top of the door
        details += [_slab(f"vent_{k}", (0.002, 0.6 * w, 0.012), (door_front + 0.001, 0, h - 0.12 - 0.03 * k),
                          BLACK_PLASTIC, "door") for k in range(4)]
    elif p["_kind"] == "cabinet":   # a recessed plinth under the door's lower edge
        details.append(_slab("plinth", (0.004, w - 0.02, 0.06), (d / 2 + 0.002, 0, 0.03), BLACK_PLASTIC))
    return dressed(m, {"door": "wood", "*": "laminate"}, details)


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
    m = finish(AssetModel("drawer", "furniture", False, parts, [joint], regions=[region],
                          surfaces=region_surfaces([region]), handle=handle,
                          affordances=frozenset({"openable", "container"})))
    fx = d / 2 + 0.02
    details = _bar("handle", (fx + 0.025, -0.12, h * 0.6), (fx + 0.025, 0.12, h * 0.6), 0.007, joint="drawer",
                   standoff=0.025)
    return dressed(m, {"front": "wood", "*": "laminate"}, details)


def _fridge(p: dict[str, Any]) -> AssetModel:
    w, d, h, n = p["width"], p["depth"], p["height"], int(p["shelves"])
    t = 0.04
    parts = hollow_body(w, d, h, t, p["color"])
    boards, regions = stacked_regions("shelf", d, w, t, t, h - t, n, WHITE)
    door, joint, handle = front_door(w, d, h, 0.0, p["color"], p["hinge"], thickness=0.06, handle_z=h * 0.6)
    parts += boards + [door]
    m = finish(AssetModel("fridge", "appliance", False, parts, [joint], surfaces=region_surfaces(regions)
                          + [Surface("top", vec(0, 0, h), vec(d / 2, w / 2))], regions=regions, handle=handle,
                          affordances=frozenset({"openable", "container", "support"}), mass=70.0))
    hx, hy, hz = handle
    front = d / 2 + 0.06
    details = _bar("handle", (front + 0.028, hy, hz - 0.3), (front + 0.028, hy, hz + 0.3), 0.011, joint="door",
                   standoff=0.028)
    g = 0.012   # the door gasket: a dark rubber line round the back edge of the door
    details += [_slab("gasket_top", (g, w, g), (d / 2 + g / 2, 0, h - g / 2), RUBBER, "door"),
                _slab("gasket_bottom", (g, w, g), (d / 2 + g / 2, 0, g / 2), RUBBER, "door"),
                _slab("gasket_left", (g, g, h), (d / 2 + g / 2, -w / 2 + g / 2, h / 2), RUBBER, "door"),
                _slab("gasket_right", (g, g, h), (d / 2 + g / 2, w / 2 - g / 2, h / 2), RUBBER, "door"),
                # a freezer line across the door and the lamp inside under the top
                _slab("freezer_line", (0.003, w - 0.04, 0.006), (front + 0.0015, 0, 0.72 * h), RUBBER, "door"),
                _slab("lamp", (0.08, 0.2, 0.012), (0.0, 0, h - t - 0.006), LAMP)]
    return dressed(m, {"door": "painted", "*": "painted"}, details, radius=0.01)


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
    m = finish(AssetModel(p["_kind"], category, False, parts, [joint], regions=[inner],
                          surfaces=region_surfaces([inner]) + [Surface("top", vec(0, 0, h), vec(d / 2, w / 2))],
                          handle=handle, control=control, affordances=frozenset(aff)))
    hx, hy, hz = handle
    front = d / 2 + 0.04
    if drop:   # a bar across the top of the drop-down door
        details = _bar("handle", (front + 0.03, -w / 2 + 0.07, hz), (front + 0.03, w / 2 - 0.07, hz), 0.009,
                       joint="door", standoff=0.03)
    else:      # a vertical grip on the free edge of the side-hinged door
        span = min(0.2, 0.6 * h)
        details = _bar("handle", (front + 0.022, hy, 0.45 * h - span / 2), (front + 0.022, hy, 0.45 * h + span / 2),
                       0.008, joint="door", standoff=0.022)
    if control is not None:   # the control as a knob (turn_on presses it): on the panel, or on the door's face
        if panel:
            details += _knob("control_knob", (d / 2, control[1], control[2]), 0.022)
            details += _knob("knob_2", (d / 2, control[1] - 0.07, control[2]), 0.02)
        else:
            details += [q for q in _knob("control_knob", (front, control[1], control[2]), 0.018)]
            for q in details[-2:]:
                q.joint = "door"
    details += [_slab(f"foot_{i}", (0.04, 0.04, 0.01), (sx * (d / 2 - 0.05), sy * (w / 2 - 0.05), 0.005),
                      BLACK_PLASTIC) for i, (sx, sy) in enumerate(((1, 1), (1, -1), (-1, 1), (-1, -1)))]
    return dressed(m, {"plinth": "plastic", "rack": "steel", "door": "painted",
                       "*": "steel" if p["color"] == STEEL else "painted"}, details, radius=0.004)


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
    m = finish(AssetModel("cooktop", "appliance", False, parts, surfaces=[Surface("top", vec(0, 0, h),
                          vec(d / 2, w / 2))], control=control,
                          affordances=frozenset({"support", "powered", "heat_source"})))
    # knobs on the front rail (the control is the right one), a steel trim round the glass, the unit's front below
    details = _knob("knob_0", (d / 2, w / 2 - 0.08, h - 0.08)) + _knob("knob_1", (d / 2, w / 2 - 0.16, h - 0.08))
    trim = 0.012
    details += [_slab("trim_front", (trim, w, 0.022), (d / 2 - trim / 2, 0, h - 0.009), CHROME),
                _slab("trim_back", (trim, w, 0.022), (-d / 2 + trim / 2, 0, h - 0.009), CHROME),
                _slab("trim_left", (d, trim, 0.022), (0, -w / 2 + trim / 2, h - 0.009), CHROME),
                _slab("trim_right", (d, trim, 0.022), (0, w / 2 - trim / 2, h - 0.009), CHROME)]
    details += _unit_front(w, d + 0.04, h - 0.14, p["color"])
    return dressed(m, {"glass": "plastic", "base": "laminate"}, details)


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
    m = finish(AssetModel("sink", "fixture", False, parts, regions=[basin],
                          surfaces=region_surfaces([basin], open_top=True), control=control,
                          affordances=frozenset({"container", "powered", "pour_target"})))
    fx = -d / 2 + 0.05
    # the faucet's pillar keeps its collision box; a goose-neck spout arches over the basin, a lever beside it
    pillar = trimesh.creation.cylinder(radius=0.02, height=0.25, sections=16)   # fills its box's bounds
    pillar.apply_translation((fx, 0.0, h + 0.125))
    neck = bezier([[fx, 0, h + 0.235], [fx, 0, h + 0.33], [fx + 0.17, 0, h + 0.33], [fx + 0.17, 0, h + 0.22]], 14)
    details = [_detail("spout", sweep(neck, radius=0.011, segments=12).to_trimesh(), CHROME)]
    details += _bar("lever", (fx, 0.08, h + 0.05), (fx + 0.07, 0.08, h + 0.07), 0.007)
    details.append(_detail("drain", _flat_ring(0.035, 0.0, h - bh + 0.001), CHROME))
    details += _unit_front(w, d + 0.04, h - bh, p["color"])
    m = dressed(m, {"base": "laminate", "rim_front": "steel", "rim_back": "steel", "rim_left": "steel",
                    "rim_right": "steel"}, details)
    m.parts = [_faucet_pillar(q, pillar) if q.name == "faucet" else q for q in m.parts]
    return m


def _flat_ring(radius: float, x: float, z: float) -> trimesh.Trimesh:
    ring = trimesh.creation.annulus(r_min=0.4 * radius, r_max=radius, height=0.002, sections=20)
    ring.apply_translation((x, 0.0, z))
    return ring


def _faucet_pillar(part: Part, mesh: trimesh.Trimesh) -> Part:
    """The faucet drawn as a round chrome pillar inside its collision box (which stays the box it was)."""
    q = mesh_part(part.name, mesh, tuple(float(x) for x in CHROME.mean_color), collide=part.collide)
    q.box_center, q.box_half, q.materials = part.box_center, part.box_half, (CHROME,)
    return q


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
    m = finish(AssetModel(p["_kind"], "seat", False, parts, surfaces=surf, affordances=frozenset({"seat", "support"})))
    if p["_kind"] == "sofa":   # upholstered: a fabric seat, back and base, arms and seams
        mat = surface_material("fabric", tuple(p["color"]))
        details = [_slab("arm_left", (d, 0.12, 0.22), (0, -w / 2 + 0.06, sh + 0.11), mat),
                   _slab("arm_right", (d, 0.12, 0.22), (0, w / 2 - 0.06, sh + 0.11), mat),
                   _slab("seam", (d - 0.06, 0.006, 0.004), (0.03, 0, sh + 0.002), RUBBER)]
        return dressed(m, {"*": "fabric"}, details, radius=0.02)
    # chairs, stools and benches stand on four legs (the base keeps its collision box, drawn as the legs)
    leg = 0.035
    legs = []
    for sx in (-1, 1):
        for sy in (-1, 1):
            c = trimesh.creation.box(extents=(leg, leg, sh - 0.06))
            c.apply_translation((sx * (0.4 * d - leg / 2), sy * (0.4 * w - leg / 2), (sh - 0.06) / 2))
            legs.append(c)
    for sy in (-1, 1):   # side stretchers
        c = trimesh.creation.box(extents=(0.8 * d - 2 * leg, 0.02, 0.025))
        c.apply_translation((0, sy * (0.4 * w - leg / 2), 0.16))
        legs.append(c)
    m = dressed(m, {"*": "wood"}, [], radius=0.008)
    wood = surface_material("wood", tuple(0.85 * c for c in p["color"]))
    m.parts = [_legs_part(q, trimesh.util.concatenate(legs), wood) if q.name == "base" else q for q in m.parts]
    return m


def _legs_part(part: Part, mesh: trimesh.Trimesh, material: Material) -> Part:
    """A seat's base drawn as legs and stretchers within its collision box (which stays the box it was)."""
    q = mesh_part(part.name, mesh, tuple(float(x) for x in material.mean_color), collide=part.collide)
    q.box_center, q.box_half, q.materials = part.box_center, part.box_half, (material,)
    return q


def _board(p: dict[str, Any]) -> AssetModel:
    w, h, z = p["width"], p["height"], p["mount_z"]
    t = 0.03
    parts = [box("board", (t, w, h), (t / 2, 0, z + h / 2), p["color"])]
    label = label_face("front", (t + 0.002, 0, z + h / 2), (1, 0, 0), (0, 0, 1), w * 0.92, h * 0.92)
    m = finish(AssetModel(p["_kind"], "sign", False, parts, label_faces=[label], affordances=frozenset({"readable"})))
    f = 0.018   # an aluminium frame round the board's edge, outside the label
    alu = surface_material("steel", (0.7, 0.71, 0.73))
    details = [_slab("frame_top", (0.012, w, f), (t + 0.006, 0, z + h - f / 2), alu),
               _slab("frame_bottom", (0.012, w, f), (t + 0.006, 0, z + f / 2), alu),
               _slab("frame_left", (0.012, f, h), (t + 0.006, -w / 2 + f / 2, z + h / 2), alu),
               _slab("frame_right", (0.012, f, h), (t + 0.006, w / 2 - f / 2, z + h / 2), alu)]
    return dressed(m, {"board": "painted"}, details)


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
    m = finish(AssetModel(p["_kind"], "device", False, parts, label_faces=[screen], control=control,
                          affordances=frozenset({"powered", "computer", "readable"})))
    details = [_slab("neck", (0.03, 0.06, 0.12), (-0.14, 0, 0.1), BLACK_PLASTIC)]
    details += [_slab(f"key_row_{k}", (0.022, 0.38, 0.004), (0.065 + 0.028 * k, 0, 0.021),
                      Material("keys", base_color=(0.12, 0.12, 0.13))) for k in range(4)]
    return dressed(m, {"*": "plastic"}, details, radius=0.004)


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
    m = finish(AssetModel("door", "door", False, parts, [Joint("door", "hinge", origin, axis, math.radians(90))],
                          handle=handle, affordances=frozenset({"openable", "door"})))
    hy = float(handle[1])
    toward = -1.0 if hy > 0 else 1.0   # the lever points away from the free edge
    details = []
    for side in (1.0, -1.0):
        x = side * (t / 2 + 0.05)
        details += _bar(f"lever_{'a' if side > 0 else 'b'}", (x, hy, 1.0), (x, hy + toward * 0.12, 1.0), 0.009,
                        joint="door", standoff=0.05, out=(side, 0.0, 0.0))
        details.append(_slab(f"rose_{'a' if side > 0 else 'b'}", (0.006, 0.05, 0.16),
                             (side * (t / 2 + 0.003), hy, 1.0), CHROME, "door"))
    return dressed(m, {"leaf": "wood"}, details)


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
