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
name and parameters; :data:`CATALOG` lists every kind with its defaults and documentation
(``describe_catalog()`` prints it).

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
from typing import Any, Callable

import numpy as np
import trimesh

__all__ = [
    "Part", "Joint", "Surface", "Region", "Connector", "LabelFace", "AssetModel", "AssetKind",
    "CATALOG", "build_asset", "asset_kind", "describe_catalog", "joint_transform",
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
    """

    name: str
    mesh: trimesh.Trimesh
    color: Color
    box_center: np.ndarray
    box_half: np.ndarray
    joint: str | None = None
    collide: bool = True


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
        mass: [kg] (informational).
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
    return _mesh_part(name, m, color)


def _cup(name: str, radius: float, height: float, wall: float, color: Color) -> list[Part]:
    """An open-top vessel: a wall ring plus a bottom disc."""
    ring = trimesh.creation.annulus(r_min=max(radius - wall, 1e-3), r_max=radius, height=height, sections=24)
    ring.apply_translation((0.0, 0.0, height / 2))
    bottom = trimesh.creation.cylinder(radius=radius, height=wall, sections=24)
    bottom.apply_translation((0.0, 0.0, wall / 2))
    return [_mesh_part(name + "_wall", ring, color), _mesh_part(name + "_bottom", bottom, color)]


def _sphere(name: str, radii: tuple[float, float, float], color: Color) -> Part:
    m = trimesh.creation.icosphere(subdivisions=2, radius=1.0)
    m.apply_scale(radii)
    m.apply_translation((0.0, 0.0, radii[2]))
    return _mesh_part(name, m, color)


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


def _drop_door(w: float, d: float, h: float, z0: float, color: Color,
               thickness: float = 0.04) -> tuple[Part, Joint, np.ndarray]:
    """A door hinged along its bottom front edge that drops outward by 90 deg (oven, dishwasher)."""
    door = _box("door", (thickness, w, h), (d / 2 + thickness / 2, 0, z0 + h / 2), color, joint="door")
    joint = Joint("door", "hinge", _v(d / 2, 0, z0), _v(0, 1, 0), math.radians(90))
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
    panel = 0.10 if door_style == "drop" else 0.0
    parts = _hollow_body(w, d, h - panel, t, p["color"])
    if panel:
        parts.append(_box("panel", (d, w, panel), (0, 0, h - panel / 2), p["color"]))
    inner = Region(region_name, _v(t / 2, 0, (h - panel) / 2), _v(d / 2 - t, w / 2 - t, (h - panel) / 2 - t))
    if door_style == "drop":
        door, joint, handle = _drop_door(w, d, h - panel - 0.005, 0.0, p["door_color"])
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
                              mass=p.get("mass", 0.3), upright_axis=upright))


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
                              mass=p.get("mass", 0.3)))


def _round_object(p: dict[str, Any]) -> AssetModel:
    rx, ry, rz = p["radii"]
    aff = set(p.get("_aff", ())) | {"movable"}
    return _finish(AssetModel(p["_kind"], p["_category"], True, [_sphere("body", (rx, ry, rz), p["color"])],
                              affordances=frozenset(aff), mass=p.get("mass", 0.15)))


def _stick_object(p: dict[str, Any]) -> AssetModel:
    length, width, thick = p["length"], p["width"], p["thickness"]
    grip = length * 0.45
    parts = [_box("grip", (grip, width, thick), (-length / 2 + grip / 2, 0, thick / 2), p["grip_color"]),
             _box("head", (length - grip, width * 0.8, thick * 0.6), (grip / 2, 0, thick * 0.3), p["color"])]
    aff = set(p.get("_aff", ())) | {"movable"}
    return _finish(AssetModel(p["_kind"], "tool", True, parts, affordances=frozenset(aff), mass=0.1))


# --------------------------------------------------------------------------------------------------
# Catalog
# --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class AssetKind:
    """One catalog entry: ``build(params)`` makes the :class:`AssetModel`; ``defaults`` documents the
    parameters (units in ``doc``); ``fixed`` parameters are internal and cannot be overridden."""

    kind: str
    category: str
    movable: bool
    build: Callable[[dict[str, Any]], AssetModel]
    defaults: dict[str, Any]
    doc: str
    fixed: dict[str, Any] = field(default_factory=dict)


CATALOG: dict[str, AssetKind] = {}


def _reg(kind: str, category: str, movable: bool, build, defaults: dict[str, Any], doc: str, **fixed) -> None:
    CATALOG[kind] = AssetKind(kind, category, movable, build, defaults, doc, dict(fixed))


_FIX_COMMON = "width/depth/height [m]; color linear RGB"

# Fixtures
_reg("counter", "furniture", False, _counter,
     {"width": 1.2, "depth": 0.6, "height": 0.9, "color": BEIGE, "top_color": (0.35, 0.35, 0.38)},
     f"Kitchen counter: {_FIX_COMMON}; top_color. Parts base, top. Surface 'top'. Affordance support.")
for _k, _d in (("table", {"width": 1.2, "depth": 0.8, "height": 0.75}),
               ("desk", {"width": 1.4, "depth": 0.7, "height": 0.75}),
               ("coffee_table", {"width": 1.0, "depth": 0.5, "height": 0.45})):
    _reg(_k, "furniture", False, _table, {**_d, "color": LIGHT_WOOD},
         f"{_k.replace('_', ' ').title()}: {_FIX_COMMON}. Parts top, leg_0..3. Surface 'top'. Affordance support.")
_reg("shelf", "furniture", False, _shelf, {"width": 0.9, "depth": 0.35, "height": 1.6, "shelves": 4, "color": WOOD},
     f"Open bookshelf: {_FIX_COMMON}; shelves (count). Regions/surfaces 'shelf_1' (lowest)..'shelf_N', 'top'. "
     "Affordances support, container.")
_reg("fridge_shelf", "furniture", False, _shelf,
     {"width": 1.0, "depth": 0.5, "height": 1.8, "shelves": 3, "color": (0.8, 0.85, 0.9)},
     f"Open refrigerated display shelf (shop): {_FIX_COMMON}; shelves. Regions 'shelf_1'..'shelf_N'.")
_reg("rack", "furniture", False, _rack, {"width": 0.9, "depth": 0.45, "height": 1.5, "shelves": 3, "color": STEEL},
     f"Movable wheeled rack: {_FIX_COMMON}; shelves. Surfaces 'shelf_1'..'shelf_N'. Affordances support, "
     "movable_fixture (push/pull; what rests on it moves along).")
_reg("cabinet", "furniture", False, _cabinet,
     {"width": 0.6, "depth": 0.5, "height": 0.9, "shelves": 2, "color": BEIGE, "door_color": WOOD, "hinge": "left"},
     f"Cabinet with one hinged door (90 deg, joint 'door'): {_FIX_COMMON}; shelves; door_color; hinge 'left'|'right' "
     "(viewer side). Regions 'shelf_1'..'shelf_N'. Affordances openable, container.")
_reg("wall_cabinet", "furniture", False, _cabinet,
     {"width": 0.6, "depth": 0.35, "height": 0.7, "shelves": 2, "color": BEIGE, "door_color": WOOD, "hinge": "left"},
     "Wall cabinet (same as cabinet; give it an elevation with the entity's 'z'). Regions 'shelf_1'..'shelf_N'.")
_reg("locker", "furniture", False, _locker,
     {"width": 0.45, "depth": 0.5, "height": 1.8, "shelves": 2, "color": (0.35, 0.45, 0.6),
      "door_color": (0.35, 0.45, 0.6), "hinge": "right"},
     "Locker: a tall cabinet with a hinged door. Regions 'shelf_1'..'shelf_N'. Affordances openable, container.")
_reg("drawer", "furniture", False, _drawer,
     {"width": 0.6, "depth": 0.5, "height": 0.25, "color": BEIGE, "front_color": WOOD},
     f"One drawer in its carcass (slide joint 'drawer', 0.8 x depth): {_FIX_COMMON}; front_color. Stack drawers "
     "with the entity's 'z'. Region 'drawer' rides on the joint. Affordances openable, container.")
_reg("fridge", "appliance", False, _fridge,
     {"width": 0.7, "depth": 0.7, "height": 1.8, "shelves": 3, "color": WHITE, "hinge": "left"},
     f"Refrigerator with one hinged door (90 deg): {_FIX_COMMON}; shelves; hinge. Regions 'shelf_1' (lowest).."
     "'shelf_N'; surface 'top'. Affordances openable, container.")
_reg("oven", "appliance", False, _oven,
     {"width": 0.6, "depth": 0.6, "height": 0.85, "color": STEEL, "door_color": DARK},
     f"Oven with a drop-down door and a control knob: {_FIX_COMMON}; door_color. Region 'chamber'. Affordances "
     "openable, container, powered, heat_source (cooks what is inside while running).")
_reg("microwave", "appliance", False, _microwave,
     {"width": 0.5, "depth": 0.38, "height": 0.3, "color": STEEL, "door_color": DARK, "hinge": "left"},
     "Microwave (place it on a counter): side-hinged door, region 'chamber', control button. Affordances openable, "
     "container, powered, heat_source.")
_reg("cooktop", "appliance", False, _cooktop, {"width": 0.6, "depth": 0.6, "height": 0.9, "color": BEIGE},
     f"Cooktop with four burners on a base: {_FIX_COMMON}. Surface 'top'; control knob. Affordances support, "
     "powered, heat_source (cooks food on it or in a pan on it while running).")
_reg("sink", "fixture", False, _sink, {"width": 0.8, "depth": 0.6, "height": 0.9, "color": BEIGE},
     f"Sink unit: {_FIX_COMMON}. Region 'basin'; tap control (running = water on). Affordances container, powered, "
     "pour_target.")
_reg("dishwasher", "appliance", False, _dishwasher,
     {"width": 0.6, "depth": 0.6, "height": 0.85, "color": WHITE, "door_color": WHITE},
     "Dishwasher: drop-down door, region 'rack', control. Affordances openable, container, powered.")
_reg("washer", "appliance", False, _washer,
     {"width": 0.6, "depth": 0.6, "height": 0.85, "color": WHITE, "door_color": (0.7, 0.75, 0.8), "hinge": "left"},
     "Washing machine: side-hinged door, region 'drum', control. Affordances openable, container, powered.")
_reg("dryer", "appliance", False, _washer,
     {"width": 0.6, "depth": 0.6, "height": 0.85, "color": WHITE, "door_color": (0.6, 0.6, 0.6), "hinge": "left"},
     "Clothes dryer: side-hinged door, region 'drum', control. Affordances openable, container, powered.")
_reg("bin", "fixture", False, _bin, {"width": 0.4, "depth": 0.35, "height": 0.6, "color": (0.3, 0.5, 0.3)},
     f"Open-top bin: {_FIX_COMMON}. Region 'bin'. Affordance container.")
_reg("chair", "seat", False, _seat, {"width": 0.45, "depth": 0.45, "seat_height": 0.46, "color": WOOD, "back": True},
     "Chair: width/depth [m], seat_height [m], back (bool). Surface 'seat'. Affordances seat, support.")
_reg("stool", "seat", False, _seat, {"width": 0.38, "depth": 0.38, "seat_height": 0.62, "color": WOOD, "back": False},
     "Stool (no back). Surface 'seat'. Affordances seat, support.")
_reg("sofa", "seat", False, _seat,
     {"width": 1.8, "depth": 0.85, "seat_height": 0.43, "color": (0.35, 0.4, 0.55), "back": True},
     "Sofa. Surface 'seat'. Affordances seat, support.")
_reg("bench", "seat", False, _seat, {"width": 1.4, "depth": 0.4, "seat_height": 0.45, "color": WOOD, "back": False},
     "Bench. Surface 'seat'. Affordances seat, support.")
for _k in ("wall_board", "sign", "poster", "whiteboard"):
    _reg(_k, "sign", False, _board, {"width": 0.8, "height": 0.6, "mount_z": 1.2, "color": (0.95, 0.95, 0.92)},
         "Wall-mounted board with a label face 'front' at local +x (place it against a wall, facing the room): "
         "width/height of the board [m], mount_z lower edge height [m]. Affordance readable; label text via the "
         "entity's labels.")
_reg("computer", "device", False, _computer, {},
     "Desktop computer (monitor + keyboard; place it on a desk). Label face 'screen'; keyboard control. "
     "Affordances powered, computer (use_computer), readable.")
_reg("keyboard", "device", False, _computer, {}, "Alias geometry of 'computer' for a keyboard workstation.")
_reg("door", "door", False, _door,
     {"width": 0.9, "height": 2.05, "thickness": 0.04, "color": (0.65, 0.5, 0.35), "hinge": "left", "swing": "out"},
     "Room door leaf (created by SceneBuilder.add_door in a wall opening): width/height/thickness [m]; hinge "
     "'left'|'right' seen from the +x side; swing 'out' (towards +x) or 'in'. Joint 'door' 90 deg. Affordances "
     "openable, door.")

# Movable objects
_OBJ = "Movable object"


def _obj(kind: str, category: str, build, defaults: dict[str, Any], doc: str, **fixed) -> None:
    _reg(kind, category, True, build, defaults, f"{_OBJ} ({category}): {doc}", _category=category, **fixed)


_obj("milk_carton", "drink", _box_object, {"size": (0.07, 0.07, 0.2), "color": (0.95, 0.95, 0.97)},
     "size (x,y,z) [m]; label face 'front' (e.g. the carton size or flavour). Affordances pour_source, readable.",
     _aff=("pour_source",))
_obj("juice_carton", "drink", _box_object, {"size": (0.07, 0.07, 0.2), "color": (0.95, 0.6, 0.1)},
     "like milk_carton.", _aff=("pour_source",))
_obj("carton", "package", _box_object, {"size": (0.07, 0.07, 0.2), "color": (0.9, 0.9, 0.85)},
     "generic carton; label 'front'.", _aff=("pour_source",))
_obj("box", "container", _box_object, {"size": (0.3, 0.25, 0.18), "color": (0.7, 0.55, 0.35)},
     "open-top box; region 'interior'; label 'front'.", _aff=("container",))
_obj("tray", "container", _box_object, {"size": (0.3, 0.4, 0.03), "color": (0.5, 0.5, 0.5)},
     "flat tray; surface 'top'.", _aff=("support",))
_obj("cutting_board", "kitchenware", _box_object, {"size": (0.25, 0.35, 0.02), "color": LIGHT_WOOD},
     "surface 'top'.", _aff=("support",))
_obj("book", "document", _box_object, {"size": (0.16, 0.24, 0.03), "color": (0.6, 0.15, 0.15)},
     "label face 'top' (cover text).", _label_face="top")
_obj("document", "document", _box_object, {"size": (0.21, 0.297, 0.003), "color": (0.97, 0.97, 0.95)},
     "A4 sheet; label face 'top' (printed text: recipe, checklist...).", _label_face="top")
_obj("card", "document", _box_object, {"size": (0.09, 0.13, 0.003), "color": (0.98, 0.98, 0.9)},
     "card (price card, invoice card); label face 'top'.", _label_face="top")
_obj("invoice_card", "document", _box_object, {"size": (0.1, 0.15, 0.003), "color": (0.98, 0.98, 0.9)},
     "invoice card; label face 'top'.", _label_face="top")
_obj("phone", "device", _box_object, {"size": (0.075, 0.15, 0.009), "color": DARK},
     "mobile phone; label face 'top' (screen). Affordance phone.", _aff=("phone",), _label_face="top")
_obj("keys", "personal", _box_object, {"size": (0.06, 0.03, 0.015), "color": (0.8, 0.7, 0.3)}, "key ring.")
_obj("wallet", "personal", _box_object, {"size": (0.1, 0.09, 0.02), "color": (0.3, 0.2, 0.12)}, "wallet.")
_obj("sponge", "tool", _box_object, {"size": (0.1, 0.07, 0.04), "color": (0.95, 0.85, 0.2)},
     "Affordance wiping_tool.", _aff=("wiping_tool",))
_obj("cloth", "tool", _box_object, {"size": (0.15, 0.15, 0.01), "color": (0.3, 0.5, 0.8)},
     "Affordance wiping_tool.", _aff=("wiping_tool",))
_obj("bread", "food", _box_object, {"size": (0.12, 0.25, 0.1), "color": (0.8, 0.6, 0.3)},
     "Affordances cuttable, cookable.", _aff=("cuttable", "cookable"))
_obj("toy_block", "toy", _box_object, {"size": (0.06, 0.06, 0.06), "color": (0.9, 0.2, 0.2)}, "toy cube.")
_obj("panel", "assembly", _box_object,
     {"size": (0.6, 0.4, 0.02), "color": LIGHT_WOOD, "connectors": [], "raisable": True, "upright_axis": (1, 0, 0)},
     "flat furniture panel; connectors [{name, position (3,) [m], normal (3,)}]; raisable (local upright_axis "
     "points up when raised).")
_obj("leg", "assembly", _box_object,
     {"size": (0.04, 0.04, 0.4), "color": LIGHT_WOOD, "connectors": [{"name": "top", "position": (0, 0, 0.4),
                                                                      "normal": (0, 0, 1)}]},
     "furniture leg with connector 'top'.")

_obj("bottle", "drink", _cyl_object, {"radius": 0.035, "height": 0.24, "color": (0.2, 0.5, 0.8)},
     "radius/height [m]; cap; label 'front'. Affordance pour_source.", _aff=("pour_source",), _cap=True)
_obj("water_bottle", "drink", _cyl_object, {"radius": 0.035, "height": 0.24, "color": (0.6, 0.8, 0.95)},
     "like bottle.", _aff=("pour_source",), _cap=True)
_obj("can", "drink", _cyl_object, {"radius": 0.033, "height": 0.12, "color": (0.8, 0.1, 0.1)},
     "soda can. Affordance pour_source.", _aff=("pour_source",))
_obj("mug", "kitchenware", _cyl_object, {"radius": 0.04, "height": 0.1, "color": (0.85, 0.2, 0.2)},
     "mug with handle; region 'interior'. Affordances container, pour_target.",
     _aff=("container", "pour_target"), _handle=True)
_obj("cup", "kitchenware", _cyl_object, {"radius": 0.038, "height": 0.09, "color": (0.95, 0.95, 0.95)},
     "cup; region 'interior'.", _aff=("container", "pour_target"))
_obj("glass", "kitchenware", _cyl_object, {"radius": 0.035, "height": 0.12, "color": (0.8, 0.9, 0.95)},
     "drinking glass; region 'interior'.", _aff=("container", "pour_target"))
_obj("bowl", "kitchenware", _cyl_object, {"radius": 0.08, "height": 0.07, "color": (0.9, 0.9, 0.85)},
     "bowl; region 'interior'. Affordances container, pour_target.", _aff=("container", "pour_target"))
_obj("pot", "cookware", _cyl_object, {"radius": 0.11, "height": 0.14, "color": STEEL},
     "cooking pot; region 'interior'. Affordances container, pour_target.", _aff=("container", "pour_target"))
_obj("pan", "cookware", _cyl_object, {"radius": 0.13, "height": 0.05, "color": DARK},
     "frying pan; region 'interior'.", _aff=("container",), _handle=True)
_obj("plate", "kitchenware", _cyl_object, {"radius": 0.12, "height": 0.02, "color": (0.97, 0.97, 0.97)},
     "plate; surface 'top'. Affordance support.", _aff=("support",))
_obj("pizza", "food", _cyl_object, {"radius": 0.14, "height": 0.02, "color": (0.9, 0.6, 0.3)},
     "Affordances cuttable, cookable; surface 'top'.", _aff=("cuttable", "cookable", "support"))
_obj("kettle", "kitchenware", _cyl_object, {"radius": 0.08, "height": 0.2, "color": STEEL},
     "Affordance pour_source.", _aff=("pour_source",), _handle=True)

for _k, _r, _c in (("tomato", (0.035, 0.035, 0.032), (0.85, 0.1, 0.05)), ("apple", (0.04, 0.04, 0.038),
                   (0.7, 0.1, 0.1)), ("orange", (0.04, 0.04, 0.04), (0.95, 0.55, 0.05)),
                   ("onion", (0.04, 0.04, 0.037), (0.8, 0.65, 0.4)), ("potato", (0.05, 0.035, 0.03),
                   (0.7, 0.55, 0.3)), ("egg", (0.022, 0.022, 0.03), (0.97, 0.93, 0.85))):
    _obj(_k, "food", _round_object, {"radii": _r, "color": _c}, "radii (x,y,z) [m]. Affordances cuttable, cookable.",
         _aff=("cuttable", "cookable"))
_obj("ball", "toy", _round_object, {"radii": (0.06, 0.06, 0.06), "color": (0.2, 0.4, 0.9)}, "toy ball.")

for _k, _aff, _c in (("knife", ("cutting_tool",), STEEL), ("spoon", ("stirring_tool",), STEEL),
                     ("spatula", ("stirring_tool",), DARK), ("fork", (), STEEL),
                     ("screwdriver", (), (0.9, 0.8, 0.1)), ("pen", (), (0.1, 0.2, 0.7))):
    _obj(_k, "tool", _stick_object, {"length": 0.22, "width": 0.025, "thickness": 0.02, "color": _c,
                                     "grip_color": DARK},
         f"length/width/thickness [m]. Affordances {', '.join(_aff) or '(none)'}.", _aff=_aff)


def asset_kind(kind: str) -> AssetKind:
    """Catalog entry of ``kind``; raises ``KeyError`` naming the known kinds."""
    try:
        return CATALOG[kind]
    except KeyError:
        raise KeyError(f"unknown asset kind {kind!r}; known kinds: {', '.join(sorted(CATALOG))}") from None


def resolved_params(kind: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """Defaults of ``kind`` overridden by ``params``; unknown parameter names raise ``ValueError``."""
    spec = asset_kind(kind)
    params = dict(params or {})
    unknown = set(params) - set(spec.defaults)
    if unknown:
        raise ValueError(f"asset {kind!r}: unknown parameter(s) {sorted(unknown)}; known: {sorted(spec.defaults)}")
    out = {**spec.defaults, **params}
    for key in ("color", "top_color", "door_color", "front_color", "grip_color"):
        if key in out:
            out[key] = tuple(float(c) for c in out[key])
    return out


_CACHE: dict[str, AssetModel] = {}


def build_asset(kind: str, params: dict[str, Any] | None = None) -> AssetModel:
    """Build (and cache) the :class:`AssetModel` of ``kind`` with ``params`` over the catalog defaults.

    Raises:
        KeyError: unknown kind. ValueError: unknown parameter name.
    """
    full = resolved_params(kind, params)
    key = kind + repr(sorted((k, repr(v)) for k, v in full.items()))
    model = _CACHE.get(key)
    if model is None:
        spec = CATALOG[kind]
        model = spec.build({**full, **spec.fixed, "_kind": kind})
        model.category = spec.category
        _CACHE[key] = model
    return model


def describe_catalog() -> str:
    """Human-readable catalog: one paragraph per kind with its defaults (for TaskPack authors)."""
    lines = []
    for kind in sorted(CATALOG):
        spec = CATALOG[kind]
        lines.append(f"{kind} [{spec.category}{', movable' if spec.movable else ''}]: {spec.doc}\n"
                     f"    defaults: {spec.defaults}")
    return "\n".join(lines)


__all__ += ["resolved_params"]
