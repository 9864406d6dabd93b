"""The parametric asset catalog: every fixture and movable object kind a scene can hold.

Conventions (shared by every asset):

* Entity-local frame, z-up, metres. The origin is the centre of the footprint at floor (or base) level,
  so an entity standing on a surface at height ``h`` has its origin at ``z = h``.
* The **front** of a fixture faces local ``+x``: a person using it stands at ``+x`` looking along ``-x``.
  Seen from there, local ``+y`` is the viewer's right. A ``place_spot`` ``u:v`` (paper appendix B.3.1,
  ``u`` in [-1, 1] left to right, ``v`` in [0, 1] front to back) maps to ``y = u * half_width`` and
  ``x = half_depth * (1 - 2 v)`` on the chosen surface, shrunk by the object's footprint.
* Geometry is built from boxes, cylinders, annuli and spheres (trimesh primitives). Each part has a colour
  (linear RGB in [0, 1]) and may ride on a joint.
* Joints: ``hinge`` (rotation [rad] about ``axis`` through ``origin``) or ``slide`` (translation [m] along
  ``axis``). A joint's opening is a fraction in [0, 1] of its ``limit``; ``open`` is the fraction of the
  entity's main joint (the first one).

An :class:`AssetModel` is the built asset: its parts, joints, support surfaces, interior regions,
handle, control point, connectors, label faces and affordances. :func:`build_asset` makes one from a kind
name and parameters; :data:`CATALOG` (registered in :mod:`interactiveworld.world.catalog`, re-exported here)
lists every kind with its defaults and documentation (``describe_catalog()`` prints it).

Affordance vocabulary (strings in ``AssetModel.affordances``):

``movable`` (a pickable object), ``openable`` (has a joint; ``open``/``close``), ``door`` (a room door),
``support`` (has support surfaces), ``container`` (has interior regions), ``powered`` (``turn_on``/``turn_off``
by pressing the control point), ``heat_source`` (a powered appliance that cooks what is in/on it),
``cuttable``, ``cookable``, ``seat`` (``sit``; surface ``seat``), ``movable_fixture`` (``push``/``pull``),
``cutting_tool``, ``stirring_tool``, ``wiping_tool``, ``pour_source``, ``pour_target``, ``phone``,
``computer``, ``readable`` (has label faces), ``connector`` (declares connectors), ``raisable``
(an assembly that can be raised upright).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import trimesh

__all__ = [
    "Part", "Joint", "Surface", "Region", "Connector", "LabelFace", "AssetModel", "AssetKind",
    "CATALOG", "build_asset", "asset_kind", "describe_catalog", "joint_transform", "resolved_params",
]

Color = tuple[float, float, float]

WHITE: Color = (0.92, 0.92, 0.90)
STEEL: Color = (0.62, 0.64, 0.66)
DARK: Color = (0.15, 0.15, 0.16)
WOOD: Color = (0.55, 0.38, 0.22)
LIGHT_WOOD: Color = (0.76, 0.60, 0.40)
BEIGE: Color = (0.85, 0.80, 0.68)


# --------------------------------------------------------------------------------------------------
# Data types
# --------------------------------------------------------------------------------------------------

@dataclass
class Part:
    """One rigid piece of an asset.

    Attributes:
        name: part name, unique within the asset.
        mesh: triangle mesh in the entity-local frame at joint opening 0.
        color: linear RGB in [0, 1].
        box_center: centre of the part's collision box [m], entity-local, shape (3,).
        box_half: half extents of the collision box [m], shape (3,) (the part's local AABB).
        joint: name of the joint that moves this part, or None for the body.
        collide: False for purely visual parts (burner rings, labels).
        shape: the part's convex collision primitive for the physics, centred at ``box_center``:
            ``()`` the box itself; ``("cylinder", radius, half_height)`` about local z;
            ``("ellipsoid", rx, ry, rz)``; ``("ring", inner_radius, outer_radius, half_height)``, an open
            annulus the physics builds from convex segments (paper B.1.2: compound convex pieces).
    """

    name: str
    mesh: trimesh.Trimesh
    color: Color
    box_center: np.ndarray
    box_half: np.ndarray
    joint: str | None = None
    collide: bool = True
    shape: tuple = ()


@dataclass
class Joint:
    """A hinge or slide joint.

    Attributes:
        name: joint name (``"door"``, ``"drawer"``, ``"lid"``).
        kind: ``"hinge"`` (rotation about ``axis`` through ``origin``) or ``"slide"`` (along ``axis``).
        origin: a point on the hinge axis [m], entity-local, shape (3,).
        axis: unit axis, entity-local, shape (3,).
        limit: opening at fraction 1: [rad] for hinges, [m] for slides.
    """

    name: str
    kind: str
    origin: np.ndarray
    axis: np.ndarray
    limit: float


@dataclass
class Surface:
    """A horizontal support surface: a rectangle at height ``center[2]`` (entity-local).

    Attributes:
        name: ``"top"``, ``"shelf_1"``, ``"seat"``...
        center: centre of the rectangle [m], shape (3,).
        half_xy: half extents along local x and y [m], shape (2,).
        joint: joint the surface rides on (a drawer bottom), or None.
        clearance: free height above the surface [m] (to the next shelf); ``inf`` when open above.
    """

    name: str
    center: np.ndarray
    half_xy: np.ndarray
    joint: str | None = None
    clearance: float = math.inf


@dataclass
class Region:
    """An interior region of a container: an axis-aligned box in the entity-local frame.

    Its floor is also a :class:`Surface` of the same name (placing inside settles onto it).
    """

    name: str
    center: np.ndarray
    half: np.ndarray
    joint: str | None = None


@dataclass
class Connector:
    """A mating frame for ``attach`` (entity-local 4x4 transform; +z points out of the part)."""

    name: str
    transform: np.ndarray


@dataclass
class LabelFace:
    """A face that carries label text (rendered as a texture by ``render.label_quad``).

    Attributes:
        name: ``"front"``, ``"top"``...
        center: [m], entity-local, shape (3,); normal and up are unit vectors, shape (3,).
        width, height: size of the label quad [m].
    """

    name: str
    center: np.ndarray
    normal: np.ndarray
    up: np.ndarray
    width: float
    height: float


@dataclass
class AssetModel:
    """A built asset (see the module docstring for frames and the affordance vocabulary).

    Attributes:
        kind, category: catalog kind (``"fridge"``) and category (``"appliance"``).
        movable: True for pickable objects (one OBJECT collision box = ``bounds``).
        parts, joints, surfaces, regions, connectors, label_faces: geometry and semantics.
        handle: grasp point of the main joint [m] (entity-local at opening 0), or None.
        control: control point (button, knob) pressed by ``turn_on``/``turn_off``, or None.
        affordances: affordance strings.
        bounds: local AABB ``(lo, hi)`` [m], each shape (3,), at opening 0.
        mass: [kg] of a movable object (its rigid body in the physics; spread over its parts by volume).
        friction: Coulomb sliding friction coefficient of its surfaces (the physics combines two touching
            surfaces by taking the larger, MuJoCo's default).
        upright_axis: for raisable assemblies, the local axis that points up when raised.
    """

    kind: str
    category: str
    movable: bool
    parts: list[Part]
    joints: list[Joint] = field(default_factory=list)
    surfaces: list[Surface] = field(default_factory=list)
    regions: list[Region] = field(default_factory=list)
    connectors: list[Connector] = field(default_factory=list)
    label_faces: list[LabelFace] = field(default_factory=list)
    handle: np.ndarray | None = None
    control: np.ndarray | None = None
    affordances: frozenset[str] = frozenset()
    bounds: tuple[np.ndarray, np.ndarray] = (np.zeros(3), np.zeros(3))
    mass: float = 1.0
    friction: float = 0.8
    upright_axis: np.ndarray | None = None

    def surface(self, name: str) -> Surface | None:
        return next((s for s in self.surfaces if s.name == name), None)

    def region(self, name: str) -> Region | None:
        return next((r for r in self.regions if r.name == name), None)

    def joint(self, name: str) -> Joint | None:
        return next((j for j in self.joints if j.name == name), None)

    def connector(self, name: str) -> Connector | None:
        return next((c for c in self.connectors if c.name == name), None)

    @property
    def half_extents(self) -> np.ndarray:
        return 0.5 * (self.bounds[1] - self.bounds[0])


def joint_transform(joint: Joint, fraction: float) -> np.ndarray:
    """Local transform (4, 4) that a joint at opening ``fraction`` in [0, 1] applies to its parts."""
    q = float(np.clip(fraction, 0.0, 1.0)) * joint.limit
    t = np.eye(4)
    if joint.kind == "slide":
        t[:3, 3] = joint.axis * q
        return t
    r = trimesh.transformations.rotation_matrix(q, joint.axis, joint.origin)
    return r


# --------------------------------------------------------------------------------------------------
# Part helpers
# --------------------------------------------------------------------------------------------------

def _v(*xs: float) -> np.ndarray:
    return np.array(xs, dtype=np.float64)


def _box(name: str, size: tuple[float, float, float], center: tuple[float, float, float], color: Color,
         joint: str | None = None, collide: bool = True) -> Part:
    m = trimesh.creation.box(extents=size)
    m.apply_translation(center)
    return Part(name, m, color, _v(*center), 0.5 * _v(*size), joint, collide)


def _mesh_part(name: str, mesh: trimesh.Trimesh, color: Color, joint: str | None = None,
               collide: bool = True) -> Part:
    lo, hi = mesh.bounds
    return Part(name, mesh, color, 0.5 * (lo + hi), 0.5 * (hi - lo), joint, collide)


def _cylinder(name: str, radius: float, height: float, z0: float, color: Color, sections: int = 24) -> Part:
    m = trimesh.creation.cylinder(radius=radius, height=height, sections=sections)
    m.apply_translation((0.0, 0.0, z0 + height / 2))
    part = _mesh_part(name, m, color)
    part.shape = ("cylinder", radius, height / 2)
    return part


def _cup(name: str, radius: float, height: float, wall: float, color: Color) -> list[Part]:
    """An open-top vessel: a wall ring plus a bottom disc."""
    ring = trimesh.creation.annulus(r_min=max(radius - wall, 1e-3), r_max=radius, height=height, sections=24)
    ring.apply_translation((0.0, 0.0, height / 2))
    bottom = trimesh.creation.cylinder(radius=radius, height=wall, sections=24)
    bottom.apply_translation((0.0, 0.0, wall / 2))
    wall_part, bottom_part = _mesh_part(name + "_wall", ring, color), _mesh_part(name + "_bottom", bottom, color)
    wall_part.shape = ("ring", max(radius - wall, 1e-3), radius, height / 2)
    bottom_part.shape = ("cylinder", radius, wall / 2)
    return [wall_part, bottom_part]


def _sphere(name: str, radii: tuple[float, float, float], color: Color) -> Part:
    m = trimesh.creation.icosphere(subdivisions=2, radius=1.0)
    m.apply_scale(radii)
    m.apply_translation((0.0, 0.0, radii[2]))
    part = _mesh_part(name, m, color)
    part.shape = ("ellipsoid", *radii)
    return part


def _hollow_body(w: float, d: float, h: float, t: float, color: Color, z0: float = 0.0,
                 open_top: bool = False, open_front: bool = True) -> list[Part]:
    """Five (or four) panels of a carcass open at the front (+x): back, sides, bottom, top."""
    parts = [
        _box("back", (t, w, h), (-d / 2 + t / 2, 0, z0 + h / 2), color),
        _box("side_left", (d, t, h), (0, -w / 2 + t / 2, z0 + h / 2), color),
        _box("side_right", (d, t, h), (0, w / 2 - t / 2, z0 + h / 2), color),
        _box("bottom", (d, w, t), (0, 0, z0 + t / 2), color),
    ]
    if not open_top:
        parts.append(_box("top", (d, w, t), (0, 0, z0 + h - t / 2), color))
    if not open_front:
        parts.append(_box("front", (t, w, h), (d / 2 - t / 2, 0, z0 + h / 2), color))
    return parts


def _stacked_regions(prefix: str, d: float, w: float, t: float, z_lo: float, z_hi: float, count: int,
                     color: Color, joint: str | None = None, x_front: float | None = None) -> tuple[
        list[Part], list[Region]]:
    """Split an interior [z_lo, z_hi] into ``count`` regions by ``count - 1`` shelf boards."""
    parts: list[Part] = []
    regions: list[Region] = []
    x_lo, x_hi = -d / 2 + t, (d / 2 if x_front is None else x_front)
    y_half = w / 2 - t
    step = (z_hi - z_lo) / count
    for i in range(count):
        floor = z_lo + i * step + (t if i > 0 else 0.0)
        ceil = z_lo + (i + 1) * step
        if i > 0:
            parts.append(_box(f"{prefix}_board_{i}", (x_hi - x_lo, 2 * y_half, t),
                              ((x_lo + x_hi) / 2, 0, z_lo + i * step + t / 2), color, joint))
        regions.append(Region(f"{prefix}_{i + 1}", _v((x_lo + x_hi) / 2, 0, (floor + ceil) / 2),
                              _v((x_hi - x_lo) / 2, y_half, (ceil - floor) / 2), joint))
    return parts, regions


def _region_surfaces(regions: list[Region], *, open_top: bool = False) -> list[Surface]:
    """Floors of interior regions as support surfaces; ``open_top`` containers (bowls, bins, sinks) let objects
    stick out above the region, closed ones (shelves, ovens) limit the height to the region's."""
    return [Surface(r.name, _v(r.center[0], r.center[1], r.center[2] - r.half[2]), r.half[:2].copy(), r.joint,
                    math.inf if open_top else 2 * r.half[2]) for r in regions]


def _front_door(w: float, d: float, h: float, z0: float, color: Color, hinge_side: str = "left",
                thickness: float = 0.04, handle_z: float | None = None) -> tuple[Part, Joint, np.ndarray]:
    """A door leaf covering the front (+x) face, hinged on a vertical edge, swinging outward 90 deg."""
    x = d / 2 + thickness / 2
    door = _box("door", (thickness, w, h), (x, 0, z0 + h / 2), color, joint="door")
    sign = -1.0 if hinge_side == "left" else 1.0  # viewer-left is local -y
    origin = _v(d / 2, sign * w / 2, 0)
    axis = _v(0, 0, 1.0 if hinge_side == "right" else -1.0)
    hz = z0 + h / 2 if handle_z is None else handle_z
    handle = _v(d / 2 + thickness + 0.03, -sign * (w / 2 - 0.06), hz)
    return door, Joint("door", "hinge", origin, axis, math.radians(90)), handle


DROP_PLINTH = 0.12
"""Height [m] of the base under an oven or dishwasher with a drop-down door."""
DROP_RACK = 0.4
"""Fraction of the chamber height at which its rack (the region floor) sits."""
DROP_DOOR_DEG = 60.0
"""Opening [deg] of a drop-down door (its handle stays reachable from a standing bend)."""


def _drop_door(w: float, d: float, h: float, z0: float, color: Color,
               thickness: float = 0.04) -> tuple[Part, Joint, np.ndarray]:
    """A door hinged along its bottom front edge that drops outward by 60 deg (oven, dishwasher)."""
    door = _box("door", (thickness, w, h), (d / 2 + thickness / 2, 0, z0 + h / 2), color, joint="door")
    joint = Joint("door", "hinge", _v(d / 2, 0, z0), _v(0, 1, 0), math.radians(DROP_DOOR_DEG))
    handle = _v(d / 2 + thickness + 0.03, 0, z0 + h - 0.05)
    return door, joint, handle


def _label(name: str, center, normal, up, width: float, height: float) -> LabelFace:
    return LabelFace(name, _v(*center), _v(*normal), _v(*up), width, height)


def _finish(model: AssetModel) -> AssetModel:
    los = [p.box_center - p.box_half for p in model.parts]
    his = [p.box_center + p.box_half for p in model.parts]
    model.bounds = (np.min(los, axis=0), np.max(his, axis=0))
    return model


# --------------------------------------------------------------------------------------------------
# Fixture builders
# --------------------------------------------------------------------------------------------------

def _counter(p: dict[str, Any]) -> AssetModel:
    w, d, h = p["width"], p["depth"], p["height"]
    top = 0.04
    parts = [_box("base", (d - 0.04, w, h - top), (-0.02, 0, (h - top) / 2), p["color"]),
             _box("top", (d, w, top), (0, 0, h - top / 2), p["top_color"])]
    surf = [Surface("top", _v(0, 0, h), _v(d / 2, w / 2))]
    return _finish(AssetModel("counter", "furniture", False, parts, surfaces=surf, affordances=frozenset({"support"})))


def _table(p: dict[str, Any]) -> AssetModel:
    w, d, h = p["width"], p["depth"], p["height"]
    top, leg = 0.04, 0.05
    parts = [_box("top", (d, w, top), (0, 0, h - top / 2), p["color"])]
    for i, (sx, sy) in enumerate(((1, 1), (1, -1), (-1, 1), (-1, -1))):
        parts.append(_box(f"leg_{i}", (leg, leg, h - top),
                          (sx * (d / 2 - leg), sy * (w / 2 - leg), (h - top) / 2), p["color"]))
    surf = [Surface("top", _v(0, 0, h), _v(d / 2, w / 2))]
    return _finish(AssetModel(p["_kind"], "furniture", False, parts, surfaces=surf,
                              affordances=frozenset({"support"})))


def _shelf(p: dict[str, Any]) -> AssetModel:
    w, d, h, n = p["width"], p["depth"], p["height"], int(p["shelves"])
    t = 0.02
    parts = _hollow_body(w, d, h, t, p["color"])
    boards, regions = _stacked_regions("shelf", d, w, t, t, h - t, n, p["color"])
    parts += boards
    kind_aff = {"support", "container"}
    if p.get("_movable_fixture"):
        kind_aff.add("movable_fixture")
    return _finish(AssetModel(p["_kind"], "furniture", False, parts, regions=regions,
                              surfaces=_region_surfaces(regions) + [Surface("top", _v(0, 0, h), _v(d / 2, w / 2))],
                              affordances=frozenset(kind_aff)))


def _rack(p: dict[str, Any]) -> AssetModel:
    w, d, h, n = p["width"], p["depth"], p["height"], int(p["shelves"])
    t, post = 0.02, 0.03
    parts = []
    for i, (sx, sy) in enumerate(((1, 1), (1, -1), (-1, 1), (-1, -1))):
        parts.append(_box(f"post_{i}", (post, post, h), (sx * (d / 2 - post / 2), sy * (w / 2 - post / 2), h / 2),
                          STEEL))
    surfaces = []
    z0 = 0.12
    step = (h - z0) / n
    for i in range(n):
        z = z0 + i * step
        parts.append(_box(f"shelf_board_{i + 1}", (d, w, t), (0, 0, z + t / 2), p["color"]))
        clearance = step - t if i < n - 1 else math.inf
        surfaces.append(Surface(f"shelf_{i + 1}", _v(0, 0, z + t), _v(d / 2, w / 2), None, clearance))
    return _finish(AssetModel("rack", "furniture", False, parts, surfaces=surfaces,
                              affordances=frozenset({"support", "movable_fixture"})))


def _cabinet(p: dict[str, Any]) -> AssetModel:
    w, d, h, n = p["width"], p["depth"], p["height"], int(p["shelves"])
    t, z0 = 0.02, p.get("z0", 0.0)
    parts = _hollow_body(w, d, h, t, p["color"])
    boards, regions = _stacked_regions("shelf", d, w, t, t, h - t, n, p["color"])
    door, joint, handle = _front_door(w, d, h, z0, p["door_color"], p["hinge"], handle_z=h * 0.75)
    parts += boards + [door]
    return _finish(AssetModel(p["_kind"], p.get("_category", "furniture"), False, parts, [joint],
                              surfaces=_region_surfaces(regions), regions=regions, handle=handle,
                              affordances=frozenset({"openable", "container", "support"})))


def _drawer(p: dict[str, Any]) -> AssetModel:
    w, d, h = p["width"], p["depth"], p["height"]
    t = 0.02
    parts = _hollow_body(w, d, h, t, p["color"])
    inner_w, inner_d, inner_h = w - 2 * t - 0.01, d - t - 0.02, h - 2 * t - 0.01
    slide = "drawer"
    tray_z = t + 0.005
    parts += [
        _box("tray_bottom", (inner_d, inner_w, t), (0.01, 0, tray_z + t / 2), p["color"], slide),
        _box("tray_left", (inner_d, t, inner_h), (0.01, -inner_w / 2 + t / 2, tray_z + inner_h / 2), p["color"],
             slide),
        _box("tray_right", (inner_d, t, inner_h), (0.01, inner_w / 2 - t / 2, tray_z + inner_h / 2), p["color"],
             slide),
        _box("tray_back", (t, inner_w, inner_h), (0.01 - inner_d / 2 + t / 2, 0, tray_z + inner_h / 2),
             p["color"], slide),
        _box("front", (0.02, w, h), (d / 2 + 0.01, 0, h / 2), p["front_color"], slide),
    ]
    region = Region("drawer", _v(0.01 + t / 2, 0, tray_z + t + (inner_h - t) / 2),
                    _v(inner_d / 2 - t, inner_w / 2 - t, (inner_h - t) / 2), slide)
    joint = Joint("drawer", "slide", _v(0, 0, 0), _v(1, 0, 0), 0.8 * d)
    handle = _v(d / 2 + 0.05, 0, h * 0.6)
    return _finish(AssetModel("drawer", "furniture", False, parts, [joint], regions=[region],
                              surfaces=_region_surfaces([region]), handle=handle,
                              affordances=frozenset({"openable", "container"})))


def _fridge(p: dict[str, Any]) -> AssetModel:
    w, d, h, n = p["width"], p["depth"], p["height"], int(p["shelves"])
    t = 0.04
    parts = _hollow_body(w, d, h, t, p["color"])
    boards, regions = _stacked_regions("shelf", d, w, t, t, h - t, n, WHITE)
    door, joint, handle = _front_door(w, d, h, 0.0, p["color"], p["hinge"], thickness=0.06, handle_z=h * 0.6)
    parts += boards + [door]
    return _finish(AssetModel("fridge", "appliance", False, parts, [joint], surfaces=_region_surfaces(regions)
                              + [Surface("top", _v(0, 0, h), _v(d / 2, w / 2))], regions=regions, handle=handle,
                              affordances=frozenset({"openable", "container", "support"}), mass=70.0))


def _appliance_box(p: dict[str, Any], region_name: str, door_style: str, powered: bool, heat: bool,
                   category: str = "appliance") -> AssetModel:
    w, d, h = p["width"], p["depth"], p["height"]
    t = 0.03
    drop = door_style == "drop"
    panel = 0.10 if drop else 0.0
    plinth = DROP_PLINTH if drop else 0.0
    parts = _hollow_body(w, d, h - panel - plinth, t, p["color"], z0=plinth)
    if panel:
        parts.append(_box("panel", (d, w, panel), (0, 0, h - panel / 2), p["color"]))
    if plinth:
        parts.append(_box("plinth", (d - 0.04, w, plinth), (-0.02, 0, plinth / 2), DARK))
    lo, hi = plinth + t, h - panel - t
    if drop:  # the contents stand on a wire rack at 40 % of the chamber height
        lo = lo + DROP_RACK * (hi - lo)
        parts.append(_box("rack", (d - 2 * t, w - 2 * t, 0.01), (t / 2, 0, lo - 0.005), STEEL))
    inner = Region(region_name, _v(t / 2, 0, (lo + hi) / 2), _v(d / 2 - t, w / 2 - t, (hi - lo) / 2))
    if drop:
        door, joint, handle = _drop_door(w, d, h - panel - plinth - 0.005, plinth, p["door_color"])
    else:
        # the handle near the top of the door: low appliances are opened without a deep bend
        door, joint, handle = _front_door(w, d, h, 0.0, p["door_color"], p.get("hinge", "left"), handle_z=0.8 * h)
    parts.append(door)
    aff = {"openable", "container"}
    control = None
    if powered:
        aff.add("powered")
        control = _v(d / 2 + 0.01, w / 2 - 0.08, h - 0.05) if panel else _v(d / 2 + 0.01, w / 2 - 0.05, h - 0.08)
        parts.append(_box("control", (0.02, 0.05, 0.05), tuple(control - _v(0.0, 0, 0)), DARK, collide=False))
    if heat:
        aff.add("heat_source")
    return _finish(AssetModel(p["_kind"], category, False, parts, [joint], regions=[inner],
                              surfaces=_region_surfaces([inner]) + [Surface("top", _v(0, 0, h), _v(d / 2, w / 2))],
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
    parts = [_box("base", (d, w, h - 0.02), (0, 0, (h - 0.02) / 2), p["color"]),
             _box("glass", (d, w, 0.02), (0, 0, h - 0.01), DARK)]
    for i, (sx, sy) in enumerate(((0.22, -0.25), (0.22, 0.25), (-0.22, -0.25), (-0.22, 0.25))):
        ring = trimesh.creation.annulus(r_min=0.07, r_max=0.09, height=0.003, sections=24)
        ring.apply_translation((sx * d, sy * w, h + 0.0015))
        parts.append(_mesh_part(f"burner_{i}", ring, (0.5, 0.12, 0.08), collide=False))
    control = _v(d / 2 + 0.01, w / 2 - 0.08, h - 0.08)
    parts.append(_box("control", (0.02, 0.04, 0.04), tuple(control), STEEL, collide=False))
    return _finish(AssetModel("cooktop", "appliance", False, parts, surfaces=[Surface("top", _v(0, 0, h),
                              _v(d / 2, w / 2))], control=control,
                              affordances=frozenset({"support", "powered", "heat_source"})))


def _sink(p: dict[str, Any]) -> AssetModel:
    w, d, h = p["width"], p["depth"], p["height"]
    bw, bd, bh = w * 0.6, d * 0.6, 0.18
    t = 0.02
    parts = [_box("base", (d, w, h - bh), (0, 0, (h - bh) / 2), p["color"]),
             _box("rim_front", ((d - bd) / 2, w, bh), (d / 2 - (d - bd) / 4, 0, h - bh / 2), STEEL),
             _box("rim_back", ((d - bd) / 2, w, bh), (-d / 2 + (d - bd) / 4, 0, h - bh / 2), STEEL),
             _box("rim_left", (bd, (w - bw) / 2, bh), (0, -w / 2 + (w - bw) / 4, h - bh / 2), STEEL),
             _box("rim_right", (bd, (w - bw) / 2, bh), (0, w / 2 - (w - bw) / 4, h - bh / 2), STEEL),
             _box("faucet", (0.04, 0.04, 0.25), (-d / 2 + 0.05, 0, h + 0.125), STEEL)]
    basin = Region("basin", _v(0, 0, h - bh / 2 + t / 2), _v(bd / 2, bw / 2, bh / 2 - t / 2))
    control = _v(-d / 2 + 0.05, 0.08, h + 0.05)
    parts.append(_box("tap", (0.04, 0.04, 0.04), tuple(control), STEEL, collide=False))
    return _finish(AssetModel("sink", "fixture", False, parts, regions=[basin],
                              surfaces=_region_surfaces([basin], open_top=True), control=control,
                              affordances=frozenset({"container", "powered", "pour_target"})))


def _bin(p: dict[str, Any]) -> AssetModel:
    w, d, h = p["width"], p["depth"], p["height"]
    t = 0.015
    parts = _hollow_body(w, d, h, t, p["color"], open_top=True, open_front=False)
    region = Region("bin", _v(0, 0, t + (h - t) / 2), _v(d / 2 - t, w / 2 - t, (h - t) / 2))
    return _finish(AssetModel("bin", "fixture", False, parts, regions=[region],
                              surfaces=_region_surfaces([region], open_top=True), affordances=frozenset({"container"})))


def _seat(p: dict[str, Any]) -> AssetModel:
    w, d, sh = p["width"], p["depth"], p["seat_height"]
    parts = [_box("seat", (d, w, 0.06), (0, 0, sh - 0.03), p["color"]),
             _box("base", (d * 0.8, w * 0.8, sh - 0.06), (0, 0, (sh - 0.06) / 2), DARK)]
    if p["back"]:
        parts.append(_box("backrest", (0.06, w, 0.45), (-d / 2 + 0.03, 0, sh + 0.225), p["color"]))
    surf = [Surface("seat", _v(0.03 if p["back"] else 0.0, 0, sh), _v(d / 2 - (0.03 if p["back"] else 0.0), w / 2))]
    return _finish(AssetModel(p["_kind"], "seat", False, parts, surfaces=surf,
                              affordances=frozenset({"seat", "support"})))


def _board(p: dict[str, Any]) -> AssetModel:
    w, h, z = p["width"], p["height"], p["mount_z"]
    t = 0.03
    parts = [_box("board", (t, w, h), (t / 2, 0, z + h / 2), p["color"])]
    label = _label("front", (t + 0.002, 0, z + h / 2), (1, 0, 0), (0, 0, 1), w * 0.92, h * 0.92)
    return _finish(AssetModel(p["_kind"], "sign", False, parts, label_faces=[label],
                              affordances=frozenset({"readable"})))


def _computer(p: dict[str, Any]) -> AssetModel:
    parts = [_box("monitor", (0.04, 0.55, 0.34), (-0.12, 0, 0.25), DARK),
             _box("stand", (0.12, 0.12, 0.08), (-0.12, 0, 0.04), DARK),
             _box("keyboard", (0.15, 0.42, 0.02), (0.12, 0, 0.01), (0.25, 0.25, 0.27))]
    screen = _label("screen", (-0.099, 0, 0.25), (1, 0, 0), (0, 0, 1), 0.5, 0.3)
    control = _v(0.12, 0.0, 0.02)
    return _finish(AssetModel(p["_kind"], "device", False, parts, label_faces=[screen], control=control,
                              affordances=frozenset({"powered", "computer", "readable"})))


def _door(p: dict[str, Any]) -> AssetModel:
    """A room door leaf in its own frame: the leaf spans y in [-width/2, width/2] at x = 0 (wall plane)."""
    w, h, t = p["width"], p["height"], p["thickness"]
    parts = [_box("leaf", (t, w, h), (0, 0, h / 2), p["color"], joint="door")]
    sign = -1.0 if p["hinge"] == "left" else 1.0
    swing = 1.0 if p["swing"] == "out" else -1.0  # "out": towards local +x
    origin = _v(0, sign * w / 2, 0)
    # Rotation direction chosen so that the free edge moves towards +x for swing "out".
    axis = _v(0, 0, sign * swing)
    handle = _v(swing * (t / 2 + 0.04), -sign * (w / 2 - 0.08), 1.0)
    return _finish(AssetModel("door", "door", False, parts, [Joint("door", "hinge", origin, axis, math.radians(90))],
                              handle=handle, affordances=frozenset({"openable", "door"})))


# --------------------------------------------------------------------------------------------------
# Movable object builders
# --------------------------------------------------------------------------------------------------

def _box_object(p: dict[str, Any]) -> AssetModel:
    lx, ly, lz = p["size"]
    parts = [_box("body", (lx, ly, lz), (0, 0, lz / 2), p["color"])]
    labels = []
    if p.get("_label_face", "front") == "top":
        labels.append(_label("top", (0, 0, lz + 0.001), (0, 0, 1), (1, 0, 0), lx * 0.9, ly * 0.9))
    else:
        labels.append(_label("front", (lx / 2 + 0.001, 0, lz / 2), (1, 0, 0), (0, 0, 1), ly * 0.9, lz * 0.8))
    aff = set(p.get("_aff", ())) | {"movable", "readable"}
    surfaces = [Surface("top", _v(0, 0, lz), _v(lx / 2, ly / 2))] if "support" in aff else []
    regions: list[Region] = []
    if "container" in aff:
        t = 0.01
        parts = [_box("bottom", (lx, ly, t), (0, 0, t / 2), p["color"]),
                 _box("wall_front", (t, ly, lz), (lx / 2 - t / 2, 0, lz / 2), p["color"]),
                 _box("wall_back", (t, ly, lz), (-lx / 2 + t / 2, 0, lz / 2), p["color"]),
                 _box("wall_left", (lx, t, lz), (0, -ly / 2 + t / 2, lz / 2), p["color"]),
                 _box("wall_right", (lx, t, lz), (0, ly / 2 - t / 2, lz / 2), p["color"])]
        regions = [Region("interior", _v(0, 0, t + (lz - t) / 2), _v(lx / 2 - t, ly / 2 - t, (lz - t) / 2))]
        surfaces = _region_surfaces(regions, open_top=True)
    connectors = [Connector(c["name"], _connector_frame(c)) for c in p.get("connectors", [])]
    if connectors:
        aff.add("connector")
    upright = None
    if p.get("raisable"):
        aff.add("raisable")
        upright = _v(*p.get("upright_axis", (1.0, 0.0, 0.0)))
    return _finish(AssetModel(p["_kind"], p["_category"], True, parts, surfaces=surfaces, regions=regions,
                              label_faces=labels, connectors=connectors, affordances=frozenset(aff),
                              mass=p["mass"], friction=p["friction"], upright_axis=upright))


def _connector_frame(c: dict[str, Any]) -> np.ndarray:
    t = np.eye(4)
    t[:3, 3] = c["position"]
    normal = _v(*c.get("normal", (0, 0, 1)))
    normal /= np.linalg.norm(normal)
    ref = _v(1, 0, 0) if abs(normal[0]) < 0.9 else _v(0, 1, 0)
    x = np.cross(ref, normal)
    x /= np.linalg.norm(x)
    y = np.cross(normal, x)
    t[:3, 0], t[:3, 1], t[:3, 2] = x, y, normal
    return t


def _cyl_object(p: dict[str, Any]) -> AssetModel:
    r, h = p["radius"], p["height"]
    aff = set(p.get("_aff", ())) | {"movable"}
    regions: list[Region] = []
    surfaces: list[Surface] = []
    if "container" in aff:
        wall = max(0.004, 0.06 * r)
        parts = _cup("body", r, h, wall, p["color"])
        regions = [Region("interior", _v(0, 0, wall + (h - wall) / 2),
                          _v((r - wall) * 0.72, (r - wall) * 0.72, (h - wall) / 2))]
        surfaces = _region_surfaces(regions, open_top=True)
    else:
        parts = [_cylinder("body", r, h, 0.0, p["color"])]
        if "support" in aff:
            surfaces = [Surface("top", _v(0, 0, h), _v(r * 0.72, r * 0.72))]
    if p.get("_handle"):
        parts.append(_box("handle", (0.02, 0.012, h * 0.55), (r + 0.01, 0, h * 0.5), p["color"]))
    if p.get("_cap"):
        parts.append(_cylinder("cap", r * 0.35, 0.03, h, p.get("cap_color", DARK)))
    labels = [_label("front", (r + 0.001, 0, h * 0.5), (1, 0, 0), (0, 0, 1), r * 1.4, h * 0.4)]
    if p.get("_cap"):
        aff.add("readable")
    return _finish(AssetModel(p["_kind"], p["_category"], True, parts, regions=regions, surfaces=surfaces,
                              label_faces=labels if "readable" in aff else [], affordances=frozenset(aff),
                              mass=p["mass"], friction=p["friction"]))


def _round_object(p: dict[str, Any]) -> AssetModel:
    rx, ry, rz = p["radii"]
    aff = set(p.get("_aff", ())) | {"movable"}
    return _finish(AssetModel(p["_kind"], p["_category"], True, [_sphere("body", (rx, ry, rz), p["color"])],
                              affordances=frozenset(aff), mass=p["mass"], friction=p["friction"]))


def _stick_object(p: dict[str, Any]) -> AssetModel:
    length, width, thick = p["length"], p["width"], p["thickness"]
    grip = length * 0.45
    parts = [_box("grip", (grip, width, thick), (-length / 2 + grip / 2, 0, thick / 2), p["grip_color"]),
             _box("head", (length - grip, width * 0.8, thick * 0.6), (grip / 2, 0, thick * 0.3), p["color"])]
    aff = set(p.get("_aff", ())) | {"movable"}
    return _finish(AssetModel(p["_kind"], "tool", True, parts, affordances=frozenset(aff), mass=p["mass"],
                              friction=p["friction"]))


from .catalog import CATALOG, AssetKind, asset_kind, build_asset, describe_catalog, resolved_params  # noqa: E402
