"""Parts shared by the generator families: primitive meshes as :class:`~.model.Part` objects, carcasses, shelf
stacks, hinged and drop-down doors, label faces, and :func:`finish`, which gives a built model its bounds.

Frames and units as in :mod:`.model`: entity-local, z up, metres, the front towards local +x. Every helper returns
parts (or regions, surfaces, joints) ready to put into an :class:`~.model.AssetModel`; the families combine them.
"""
from __future__ import annotations

import math

import numpy as np
import trimesh

from ..geometry import Material
from .materials import Color
from .meshkit import MeshPiece
from .model import AssetModel, Joint, LabelFace, Part, Region, Surface

__all__ = ["vec", "box", "mesh_part", "part_from_piece", "cylinder", "cup", "sphere", "hollow_body", "stacked_regions",
           "region_surfaces", "front_door", "DROP_DOOR_DEG", "drop_door", "label_face", "finish"]


def vec(*xs: float) -> np.ndarray:
    """The numbers ``xs`` as a float64 vector (a point [m] or a direction), shape (len(xs),)."""
    return np.array(xs, dtype=np.float64)


def box(name: str, size: tuple[float, float, float], center: tuple[float, float, float], color: Color,
        joint: str | None = None, collide: bool = True) -> Part:
    """An axis-aligned box part of ``size`` (x, y, z) [m] centred at ``center`` [m] (entity-local), in ``color``
    (linear RGB), riding on ``joint`` (None: the body); its collision box is the box itself."""
    m = trimesh.creation.box(extents=size)
    m.apply_translation(center)
    return Part(name, m, color, vec(*center), 0.5 * vec(*size), joint, collide)


def mesh_part(name: str, mesh: trimesh.Trimesh, color: Color, joint: str | None = None,
              collide: bool = True) -> Part:
    """A part of any ``mesh`` (entity-local [m]); its collision box is the mesh's axis-aligned bounding box."""
    lo, hi = mesh.bounds
    return Part(name, mesh, color, 0.5 * (lo + hi), 0.5 * (hi - lo), joint, collide)


def cylinder(name: str, radius: float, height: float, z0: float, color: Color, sections: int = 24) -> Part:
    """An upright cylinder about local z, ``radius`` and ``height`` [m], base at height ``z0`` [m]; it collides as
    the physics' cylinder primitive."""
    m = trimesh.creation.cylinder(radius=radius, height=height, sections=sections)
    m.apply_translation((0.0, 0.0, z0 + height / 2))
    part = mesh_part(name, m, color)
    part.shape = ("cylinder", radius, height / 2)
    return part


def cup(name: str, radius: float, height: float, wall: float, color: Color) -> list[Part]:
    """An open-top vessel: a wall ring plus a bottom disc."""
    ring = trimesh.creation.annulus(r_min=max(radius - wall, 1e-3), r_max=radius, height=height, sections=24)
    ring.apply_translation((0.0, 0.0, height / 2))
    bottom = trimesh.creation.cylinder(radius=radius, height=wall, sections=24)
    bottom.apply_translation((0.0, 0.0, wall / 2))
    wall_part, bottom_part = mesh_part(name + "_wall", ring, color), mesh_part(name + "_bottom", bottom, color)
    wall_part.shape = ("ring", max(radius - wall, 1e-3), radius, height / 2)
    bottom_part.shape = ("cylinder", radius, wall / 2)
    return [wall_part, bottom_part]


def sphere(name: str, radii: tuple[float, float, float], color: Color) -> Part:
    """An ellipsoid of semi-axes ``radii`` (x, y, z) [m] resting on z = 0; it collides as an ellipsoid."""
    m = trimesh.creation.icosphere(subdivisions=2, radius=1.0)
    m.apply_scale(radii)
    m.apply_translation((0.0, 0.0, radii[2]))
    part = mesh_part(name, m, color)
    part.shape = ("ellipsoid", *radii)
    return part


def hollow_body(w: float, d: float, h: float, t: float, color: Color, z0: float = 0.0,
                open_top: bool = False, open_front: bool = True) -> list[Part]:
    """Five (or four) panels of a carcass open at the front (+x): back, sides, bottom, top."""
    parts = [
        box("back", (t, w, h), (-d / 2 + t / 2, 0, z0 + h / 2), color),
        box("side_left", (d, t, h), (0, -w / 2 + t / 2, z0 + h / 2), color),
        box("side_right", (d, t, h), (0, w / 2 - t / 2, z0 + h / 2), color),
        box("bottom", (d, w, t), (0, 0, z0 + t / 2), color),
    ]
    if not open_top:
        parts.append(box("top", (d, w, t), (0, 0, z0 + h - t / 2), color))
    if not open_front:
        parts.append(box("front", (t, w, h), (d / 2 - t / 2, 0, z0 + h / 2), color))
    return parts


def stacked_regions(prefix: str, d: float, w: float, t: float, z_lo: float, z_hi: float, count: int,
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
            parts.append(box(f"{prefix}_board_{i}", (x_hi - x_lo, 2 * y_half, t),
                             ((x_lo + x_hi) / 2, 0, z_lo + i * step + t / 2), color, joint))
        regions.append(Region(f"{prefix}_{i + 1}", vec((x_lo + x_hi) / 2, 0, (floor + ceil) / 2),
                              vec((x_hi - x_lo) / 2, y_half, (ceil - floor) / 2), joint))
    return parts, regions


def region_surfaces(regions: list[Region], *, open_top: bool = False) -> list[Surface]:
    """Floors of interior regions as support surfaces; ``open_top`` containers (bowls, bins, sinks) let objects
    stick out above the region, closed ones (shelves, ovens) limit the height to the region's."""
    return [Surface(r.name, vec(r.center[0], r.center[1], r.center[2] - r.half[2]), r.half[:2].copy(), r.joint,
                    math.inf if open_top else 2 * r.half[2]) for r in regions]


def front_door(w: float, d: float, h: float, z0: float, color: Color, hinge_side: str = "left",
               thickness: float = 0.04, handle_z: float | None = None) -> tuple[Part, Joint, np.ndarray]:
    """A door leaf covering the front (+x) face, hinged on a vertical edge, swinging outward 90 deg."""
    x = d / 2 + thickness / 2
    door = box("door", (thickness, w, h), (x, 0, z0 + h / 2), color, joint="door")
    sign = -1.0 if hinge_side == "left" else 1.0  # viewer-left is local -y
    origin = vec(d / 2, sign * w / 2, 0)
    axis = vec(0, 0, 1.0 if hinge_side == "right" else -1.0)
    hz = z0 + h / 2 if handle_z is None else handle_z
    handle = vec(d / 2 + thickness + 0.03, -sign * (w / 2 - 0.06), hz)
    return door, Joint("door", "hinge", origin, axis, math.radians(90)), handle


DROP_DOOR_DEG = 60.0
"""Opening [deg] of a drop-down door (its handle stays reachable from a standing bend)."""


def drop_door(w: float, d: float, h: float, z0: float, color: Color,
              thickness: float = 0.04) -> tuple[Part, Joint, np.ndarray]:
    """A door hinged along its bottom front edge that drops outward by 60 deg (oven, dishwasher)."""
    door = box("door", (thickness, w, h), (d / 2 + thickness / 2, 0, z0 + h / 2), color, joint="door")
    joint = Joint("door", "hinge", vec(d / 2, 0, z0), vec(0, 1, 0), math.radians(DROP_DOOR_DEG))
    handle = vec(d / 2 + thickness + 0.03, 0, z0 + h - 0.05)
    return door, joint, handle


def label_face(name: str, center, normal, up, width: float, height: float) -> LabelFace:
    """A :class:`~.model.LabelFace` at ``center`` [m] with unit ``normal`` and text-``up`` directions (each (3,),
    entity-local) and a ``width`` x ``height`` [m] label."""
    return LabelFace(name, vec(*center), vec(*normal), vec(*up), width, height)


def part_from_piece(name: str, piece: MeshPiece, materials: dict[str, Material], *, joint: str | None = None,
                    collide: bool = True, shape: tuple = (), box: tuple | None = None) -> Part:
    """A :class:`Part` of a mesh-kit :class:`MeshPiece`: its vertices (order kept), shading normals, UV, and one
    material per slot looked up in ``materials`` (slot name -> :class:`Material`).

    Args:
        box: ``(center (3,), half extents (3,))`` of the collision box [m]; default the piece's axis-aligned bounds.
        joint, collide, shape: as :class:`Part`.

    Raises:
        KeyError: a slot of the piece has no entry in ``materials`` (the message names the slot and the part).
    """
    missing = [s for s in piece.slots if s not in materials]
    if missing:
        raise KeyError(f"part_from_piece({name!r}): no material for slot(s) {missing}; given {sorted(materials)}")
    mats = tuple(materials[s] for s in piece.slots)
    mesh = trimesh.Trimesh(piece.vertices.astype(np.float64), piece.faces, process=False)
    if box is None:
        lo, hi = piece.vertices.min(axis=0).astype(np.float64), piece.vertices.max(axis=0).astype(np.float64)
        box = ((lo + hi) / 2, np.maximum((hi - lo) / 2, 1e-4))
    color = tuple(float(x) for x in np.mean([m.mean_color for m in mats], axis=0))
    return Part(name, mesh, color, np.asarray(box[0], np.float64), np.asarray(box[1], np.float64), joint=joint,
                collide=collide, shape=shape, normals=piece.normals, uv=piece.uv, materials=mats,
                face_material=None if len(mats) == 1 else piece.face_slot.astype(np.int32))


def finish(model: AssetModel) -> AssetModel:
    """Set ``model.bounds`` to the union of its parts' collision boxes (at opening 0) and return ``model``."""
    los = [p.box_center - p.box_half for p in model.parts]
    his = [p.box_center + p.box_half for p in model.parts]
    model.bounds = (np.min(los, axis=0), np.max(his, axis=0))
    return model

