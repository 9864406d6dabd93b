"""The asset model: the data types of a built asset and the conventions every asset follows.

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
handle, control point, connectors, label faces and affordances. The generator families
(:mod:`interactiveworld.world.assets`) build them from the shared parts of :mod:`.parts`;
:func:`~interactiveworld.world.assets.catalog.build_asset` makes one from a kind name and parameters.

Affordance vocabulary (strings in ``AssetModel.affordances``):

``movable`` (a pickable object), ``openable`` (has a joint; ``open``/``close``), ``door`` (a room door),
``support`` (has support surfaces), ``container`` (has interior regions), ``powered`` (``turn_on``/``turn_off``
by pressing the control point), ``heat_source`` (a powered appliance that cooks what is in/on it),
``cuttable``, ``cookable``, ``seat`` (``sit``; surface ``seat``), ``movable_fixture`` (``push``/``pull``),
``cutting_tool``, ``stirring_tool``, ``wiping_tool``, ``pour_source``, ``pour_target``, ``phone``,
``computer``, ``readable`` (has label faces), ``connector`` (declares connectors), ``raisable``
(an assembly that can be raised upright), ``lidded`` (a portable container with a ``rim`` surface a lid rests
on), ``lid`` (resting on a container, it closes it: nothing goes in or comes out until it is lifted off).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import trimesh

from ..geometry import Material
from .materials import Color

__all__ = ["Part", "Joint", "Surface", "Region", "Connector", "LabelFace", "AssetModel", "joint_transform"]


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
        normals: optional shading normals per vertex of ``mesh``, shape (V, 3) (build the mesh with
            ``process=False`` so trimesh keeps the vertex order); None: flat-shaded.
        uv: optional texture coordinates per vertex, shape (V, 2) (see :class:`~...geometry.Material`).
        materials: the part's materials; one material with ``face_material`` None covers every face; without
            materials the part is drawn in ``color``.
        face_material: optional index into ``materials`` per face, shape (F,), int32.

    Raises:
        ValueError: ``normals``, ``uv`` or ``face_material`` not matching the mesh, naming the part and field.
    """

    name: str
    mesh: trimesh.Trimesh
    color: Color
    box_center: np.ndarray
    box_half: np.ndarray
    joint: str | None = None
    collide: bool = True
    shape: tuple = ()
    normals: np.ndarray | None = None
    uv: np.ndarray | None = None
    materials: tuple[Material, ...] = ()
    face_material: np.ndarray | None = None

    def __post_init__(self) -> None:
        nv, nf = len(self.mesh.vertices), len(self.mesh.faces)
        for attr, cols in (("normals", 3), ("uv", 2)):
            a = getattr(self, attr)
            if a is not None:
                a = np.asarray(a, np.float32)
                if a.shape != (nv, cols):
                    raise ValueError(f"Part {self.name!r}.{attr}: expected ({nv}, {cols}), got {a.shape}")
                setattr(self, attr, a)
        self.materials = tuple(self.materials)
        if self.face_material is not None:
            fm = np.asarray(self.face_material, np.int32)
            if fm.shape != (nf,) or (nf and (fm.min() < -1 or fm.max() >= len(self.materials))):
                raise ValueError(f"Part {self.name!r}.face_material: expected ({nf},) indices in "
                                 f"[-1, {len(self.materials)}), got shape {fm.shape}")
            self.face_material = fm
        elif len(self.materials) > 1:
            raise ValueError(f"Part {self.name!r}: {len(self.materials)} materials need a face_material per face")

    def face_materials(self) -> np.ndarray:
        """Index into :attr:`materials` per face, shape (F,), int32; -1 for faces drawn in :attr:`color`."""
        nf = len(self.mesh.faces)
        if self.face_material is not None:
            return self.face_material
        return np.full(nf, 0 if self.materials else -1, np.int32)


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
    """A face that carries label text (rendered as a texture by :func:`.printing.label_quad`).

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

    @property
    def triangle_count(self) -> int:
        """Triangles of every part's mesh (the count a renderer and the scene-load limit see)."""
        return sum(len(p.mesh.faces) for p in self.parts)


def joint_transform(joint: Joint, fraction: float) -> np.ndarray:
    """Local transform (4, 4) that a joint at opening ``fraction`` in [0, 1] applies to its parts."""
    q = float(np.clip(fraction, 0.0, 1.0)) * joint.limit
    t = np.eye(4)
    if joint.kind == "slide":
        t[:3, 3] = joint.axis * q
        return t
    r = trimesh.transformations.rotation_matrix(q, joint.axis, joint.origin)
    return r

