"""Geometry the world hands to the layers above it: collision geometry, materials, visual meshes and lights.

Conventions: world frame z-up, metres. A box is given by a world-from-box rigid transform
(4x4, float64) and half extents along its local axes. Every piece of collision geometry carries
a :class:`SurfaceTag` that decides how navigation treats it (DESIGN.md, "Grid": walls block in
the 0.20-1.90 m band, furniture in 0.05-1.90 m, door leaves while closed, floors give support) and
an ``owner`` index into ``owners`` (entity keys such as ``"fridge#1"``; -1 for anonymous).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

import numpy as np


class SurfaceTag(IntEnum):
    """What a piece of collision geometry is, for rasterising and collision filtering."""

    FLOOR = 0      # walkable support; never an obstacle
    WALL = 1       # blocks navigation inside 0.20-1.90 m above the local floor
    FURNITURE = 2  # blocks navigation inside 0.05-1.90 m above the local floor
    DOOR_LEAF = 3  # blocks like a wall while the door is closed; removed when opened
    OBJECT = 4     # a movable object: not an obstacle for the grid, checked by body collision


@dataclass
class CollisionGeometry:
    """Static and articulated collision geometry of a scene in world coordinates.

    Attributes:
        box_transforms: world-from-box transforms, shape (N, 4, 4), float64.
        box_half_extents: half extents [m] along the box axes, shape (N, 3), float64.
        box_tags: :class:`SurfaceTag` values, shape (N,), uint8.
        box_owner: index into ``owners`` or -1, shape (N,), int32.
        mesh_vertices: triangle-mesh vertices [m], shape (V, 3), float64.
        mesh_faces: vertex indices, shape (F, 3), int32.
        mesh_face_tags: :class:`SurfaceTag` per face, shape (F,), uint8.
        mesh_face_owner: index into ``owners`` or -1 per face, shape (F,), int32.
        owners: entity keys (``"name#index"``) referred to by the owner arrays.
    """

    box_transforms: np.ndarray = field(default_factory=lambda: np.zeros((0, 4, 4)))
    box_half_extents: np.ndarray = field(default_factory=lambda: np.zeros((0, 3)))
    box_tags: np.ndarray = field(default_factory=lambda: np.zeros((0,), np.uint8))
    box_owner: np.ndarray = field(default_factory=lambda: np.zeros((0,), np.int32))
    mesh_vertices: np.ndarray = field(default_factory=lambda: np.zeros((0, 3)))
    mesh_faces: np.ndarray = field(default_factory=lambda: np.zeros((0, 3), np.int32))
    mesh_face_tags: np.ndarray = field(default_factory=lambda: np.zeros((0,), np.uint8))
    mesh_face_owner: np.ndarray = field(default_factory=lambda: np.zeros((0,), np.int32))
    owners: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.box_transforms = np.ascontiguousarray(self.box_transforms, dtype=np.float64).reshape(-1, 4, 4)
        self.box_half_extents = np.ascontiguousarray(self.box_half_extents, dtype=np.float64).reshape(-1, 3)
        self.box_tags = np.ascontiguousarray(self.box_tags, dtype=np.uint8).reshape(-1)
        self.box_owner = np.ascontiguousarray(self.box_owner, dtype=np.int32).reshape(-1)
        self.mesh_vertices = np.ascontiguousarray(self.mesh_vertices, dtype=np.float64).reshape(-1, 3)
        self.mesh_faces = np.ascontiguousarray(self.mesh_faces, dtype=np.int32).reshape(-1, 3)
        self.mesh_face_tags = np.ascontiguousarray(self.mesh_face_tags, dtype=np.uint8).reshape(-1)
        self.mesh_face_owner = np.ascontiguousarray(self.mesh_face_owner, dtype=np.int32).reshape(-1)
        n, f = len(self.box_transforms), len(self.mesh_faces)
        for name, arr, count in (
            ("box_half_extents", self.box_half_extents, n),
            ("box_tags", self.box_tags, n),
            ("box_owner", self.box_owner, n),
            ("mesh_face_tags", self.mesh_face_tags, f),
            ("mesh_face_owner", self.mesh_face_owner, f),
        ):
            if len(arr) != count:
                raise ValueError(f"CollisionGeometry.{name}: expected {count} rows, got {len(arr)}")
        if f and (self.mesh_faces.min() < 0 or self.mesh_faces.max() >= len(self.mesh_vertices)):
            raise ValueError("CollisionGeometry.mesh_faces: vertex index out of range")

    @property
    def box_count(self) -> int:
        return len(self.box_transforms)

    @property
    def face_count(self) -> int:
        return len(self.mesh_faces)


@dataclass(frozen=True, eq=False)
class Material:
    """A surface material: what the renderer shades a face with (a metallic-roughness model, as glTF 2.0).

    Attributes:
        name: a short name for sheets and logs (``"oak"``, ``"brushed_steel"``, ``"burner_glow"``).
        base_color: linear RGB in [0, 1], shape (3,); multiplies ``albedo`` where a texture is given.
        albedo: optional sRGB texture, shape (H, W, 3), uint8, tiled by the mesh's ``uv`` (UV in metres for tiling
            materials, a 1 m tile repeating once per metre; [0, 1] for artwork, (0, 0) its bottom-left).
        roughness: perceptual roughness in [0, 1] (0 mirror-like, 1 fully diffuse).
        metallic: in [0, 1]; metals tint their specular highlight with ``base_color``.
        emissive: linear RGB radiance added after lighting, shape (3,), >= 0 (lit displays, glowing burner rings,
            an oven's interior light); emissive surfaces read the same in any room light.
        opacity: in (0, 1]; below 1 the surface is drawn as glass (the renderer may blend or tint what lies behind).

    Raises:
        ValueError: on construction, a field out of range or of the wrong shape, naming the field.
    """

    name: str
    base_color: tuple[float, float, float] = (0.8, 0.8, 0.8)
    albedo: np.ndarray | None = None
    roughness: float = 0.6
    metallic: float = 0.0
    emissive: tuple[float, float, float] = (0.0, 0.0, 0.0)
    opacity: float = 1.0

    def __post_init__(self) -> None:
        where = f"Material({self.name!r})"
        for attr in ("base_color", "emissive"):
            value = np.asarray(getattr(self, attr), dtype=np.float64)
            if value.shape != (3,) or not np.all(np.isfinite(value)) or value.min() < 0:
                raise ValueError(f"{where}.{attr}: expected 3 finite values >= 0, got {getattr(self, attr)!r}")
            object.__setattr__(self, attr, tuple(float(x) for x in value))
        if max(self.base_color) > 1.0:
            raise ValueError(f"{where}.base_color: linear RGB must lie in [0, 1], got {self.base_color!r}")
        for attr, lo, lo_open in (("roughness", 0.0, False), ("metallic", 0.0, False), ("opacity", 0.0, True)):
            x = float(getattr(self, attr))
            if not (lo < x <= 1.0 if lo_open else lo <= x <= 1.0):
                raise ValueError(f"{where}.{attr}: must lie in {'(0, 1]' if lo_open else '[0, 1]'}, got {x!r}")
            object.__setattr__(self, attr, x)
        if self.albedo is not None:
            a = np.asarray(self.albedo)
            if a.dtype != np.uint8 or a.ndim != 3 or a.shape[2] != 3 or a.shape[0] < 1 or a.shape[1] < 1:
                raise ValueError(f"{where}.albedo: expected an (H, W, 3) uint8 sRGB image, got {a.shape} {a.dtype}")
            object.__setattr__(self, "albedo", np.ascontiguousarray(a))

    @property
    def mean_color(self) -> np.ndarray:
        """Linear RGB the material averages to, shape (3,), float32: ``base_color`` times the mean linear albedo
        (the IEC 61966-2-1 sRGB curve). What a renderer that ignores textures draws."""
        c = np.asarray(self.base_color, np.float32)
        if self.albedo is None:
            return c
        s = self.albedo.reshape(-1, 3).astype(np.float32) / 255.0
        lin = np.where(s <= 0.04045, s / 12.92, ((s + 0.055) / 1.055) ** 2.4)
        return (c * lin.mean(axis=0)).astype(np.float32)


@dataclass
class VisualMesh:
    """One renderable triangle mesh in world coordinates.

    Attributes:
        vertices: [m], shape (V, 3), float32.
        faces: shape (F, 3), int32.
        face_colors: linear RGB in [0, 1], shape (F, 3), float32.
        owner: entity key (``"name#index"``), ``"body"`` for the human, or ``""``.
        uv: optional texture coordinates, shape (V, 2), float32, used where
            ``textured_faces`` is set.
        texture: optional RGB image, shape (H, W, 3), uint8 (label text painted by Pillow).
        textured_faces: optional bool mask of faces that sample ``texture``, shape (F,).
        normals: optional shading normals, shape (V, 3), float32, unit length; a row of NaN marks a vertex of a
            flat part (shade its faces with the geometric normal). None: every face flat.
        materials: the materials ``face_material`` indexes.
        face_material: optional index into ``materials`` per face, shape (F,), int32; -1 means "no material: use
            ``face_colors``". ``face_colors`` stays filled for every face (a material face holds the material's
            :attr:`Material.mean_color`), so a renderer or pass that ignores materials still draws the right hue.
    """

    vertices: np.ndarray
    faces: np.ndarray
    face_colors: np.ndarray
    owner: str = ""
    uv: np.ndarray | None = None
    texture: np.ndarray | None = None
    textured_faces: np.ndarray | None = None
    normals: np.ndarray | None = None
    materials: tuple[Material, ...] = ()
    face_material: np.ndarray | None = None


@dataclass(frozen=True)
class AreaLight:
    """A one-sided rectangular emitter (a ceiling lamp's diffuser, the daylight of a window's opening).

    Attributes:
        center: [m], shape (3,), float64, world frame.
        normal: unit emission direction, shape (3,) (a ceiling lamp points down, (0, 0, -1)).
        half_u, half_v: half edge vectors [m], shape (3,), orthogonal to ``normal`` and to each other: the
            rectangle is ``center + a * half_u + b * half_v`` for a, b in [-1, 1].
        radiance: emitted radiance, linear RGB, shape (3,), >= 0, uniform over the rectangle and Lambertian
            (irradiance at distance d on axis is ``radiance * area / d**2`` for d much larger than the lamp).
        kind: ``"ceiling"`` or ``"window"`` (what the light stands for; logs and sheets).
        room: the room it lights (``""`` when none).

    Raises:
        ValueError: on construction, non-finite or wrongly shaped vectors, a zero-area rectangle, edges not
            orthogonal to the normal, or negative radiance.
    """

    center: tuple[float, float, float]
    normal: tuple[float, float, float]
    half_u: tuple[float, float, float]
    half_v: tuple[float, float, float]
    radiance: tuple[float, float, float]
    kind: str = "ceiling"
    room: str = ""

    def __post_init__(self) -> None:
        vals = {}
        for attr in ("center", "normal", "half_u", "half_v", "radiance"):
            v = np.asarray(getattr(self, attr), dtype=np.float64)
            if v.shape != (3,) or not np.all(np.isfinite(v)):
                raise ValueError(f"AreaLight.{attr}: expected 3 finite values, got {getattr(self, attr)!r}")
            vals[attr] = v
            object.__setattr__(self, attr, tuple(float(x) for x in v))
        n = vals["normal"]
        if abs(np.linalg.norm(n) - 1.0) > 1e-6:
            raise ValueError(f"AreaLight.normal: expected a unit vector, got length {np.linalg.norm(n):.6f}")
        u, v = vals["half_u"], vals["half_v"]
        if np.linalg.norm(np.cross(u, v)) < 1e-8:
            raise ValueError("AreaLight.half_u, half_v: the rectangle has no area")
        scale = np.linalg.norm(u) * np.linalg.norm(v)
        if abs(u @ n) > 1e-6 * np.linalg.norm(u) or abs(v @ n) > 1e-6 * np.linalg.norm(v) or abs(u @ v) > 1e-6 * scale:
            raise ValueError("AreaLight.half_u, half_v: expected edges orthogonal to each other and to the normal")
        if vals["radiance"].min() < 0:
            raise ValueError(f"AreaLight.radiance: expected values >= 0, got {self.radiance!r}")

    @property
    def area(self) -> float:
        """Area of the rectangle [m^2]."""
        return float(4.0 * np.linalg.norm(np.cross(self.half_u, self.half_v)))
