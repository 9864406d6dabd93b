"""The live scene: rooms, floors, walls with door openings, doors, fixtures and movable objects.

Object poses are the truth (DESIGN.md "Predicates are geometry"): every entity has a world-from-entity
transform (4, 4) and a state dict; articulated parts follow their joint opening (``state["open"]``, a
fraction in [0, 1]). Relations are read back from this geometry by :mod:`interactiveworld.world.relations`.

Frames and units: world z-up, metres, radians. Entity keys are ``"name#index"``.

The serialised form (``Scene.to_dict`` / ``Scene.from_dict``, format ``"interactiveworld.scene/1"``) is
described in :mod:`interactiveworld.world.serialize`; :class:`~interactiveworld.world.layouts.SceneBuilder` writes
it. Loading a scene settles it with the physics, which reads the scene, so the codec lives above this module:
:mod:`~interactiveworld.world.serialize` installs it here with :func:`install_codec` when it is imported, and
``interactiveworld.world`` imports it, so ``Scene.from_dict`` and ``Scene.to_dict`` work once any module of the
world is imported.

This module is the state at the bottom of the world's rooms: it imports only the assets (:mod:`.assets.model`, the
label printing of :mod:`.assets.printing`), the geometry types and :mod:`.soil`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import numpy as np
import trimesh

from .assets.looks import STEAM_KINDS, Look, has_state_look, state_look, steam_parts
from .assets.model import AssetModel, Region, Surface, joint_transform
from .assets.printing import label_quad
from .geometry import AreaLight, CollisionGeometry, SurfaceTag, VisualMesh
from .lighting import ceiling_lights, ceiling_mesh, window_light
from .soil import mouldy_slices, soil_meshes, soils

__all__ = ["Room", "Wall", "Entity", "HumanState", "Scene", "yaw_pose", "FLOOR_KEY", "install_codec",
           "merge_part_visuals"]

FLOOR_KEY = "floor#1"
"""Pseudo-entity key of the floor in relations such as ``("on", "mug#1", "floor#1")``."""

FLOOR_THICKNESS = 0.05
WALL_COLOR = (0.86, 0.85, 0.82)
FLOOR_COLOR = (0.55, 0.52, 0.48)


_CODEC: dict[str, Callable[[Any], Any]] = {}
"""The scene file codec: ``"load"`` (dict -> Scene) and ``"dump"`` (Scene -> dict), set by :func:`install_codec`."""


def install_codec(*, load: Callable[[dict[str, Any]], "Scene"], dump: Callable[["Scene"], dict[str, Any]]) -> None:
    """Install the functions behind :meth:`Scene.from_dict` (``load``) and :meth:`Scene.to_dict` (``dump``).

    :mod:`interactiveworld.world.serialize` calls this once, when it is imported (module docstring); a later call
    replaces the pair."""
    _CODEC["load"], _CODEC["dump"] = load, dump


def _codec(name: str) -> Callable[[Any], Any]:
    try:
        return _CODEC[name]
    except KeyError:
        raise RuntimeError("no scene codec is installed: import interactiveworld.world (or its serialize module) "
                           "before Scene.from_dict / Scene.to_dict") from None


def yaw_pose(x: float, y: float, z: float, yaw: float) -> np.ndarray:
    """World-from-entity transform (4, 4) for a position [m] and a yaw [rad] about +z."""
    c, s = math.cos(yaw), math.sin(yaw)
    t = np.eye(4)
    t[:2, :2] = [[c, -s], [s, c]]
    t[:3, 3] = (x, y, z)
    return t


@dataclass
class Room:
    """A rectangular room: ``rect`` = (x_min, y_min, x_max, y_max) [m]; floor top at ``floor_z`` [m]."""

    name: str
    rect: tuple[float, float, float, float]
    floor_z: float = 0.0

    def contains(self, xy: np.ndarray) -> bool:
        x0, y0, x1, y1 = self.rect
        return x0 <= xy[0] <= x1 and y0 <= xy[1] <= y1


@dataclass
class Wall:
    """A straight wall from ``start`` to ``end`` (xy [m]) of ``thickness`` and ``height`` [m].

    ``openings`` are ``(offset, width, height)`` [m] cut by doors (offset of the opening centre along the
    wall from ``start``)."""

    start: tuple[float, float]
    end: tuple[float, float]
    thickness: float = 0.1
    height: float = 2.5
    floor_z: float = 0.0
    openings: list[tuple[float, float, float]] = field(default_factory=list)

    @property
    def direction(self) -> np.ndarray:
        d = np.subtract(self.end, self.start).astype(float)
        return d / max(np.linalg.norm(d), 1e-12)

    @property
    def length(self) -> float:
        return float(np.linalg.norm(np.subtract(self.end, self.start)))

    def boxes(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """Solid pieces as (world-from-box transform (4, 4), half extents (3,)): segments between openings
        and lintels above them."""
        u = self.direction
        yaw = math.atan2(u[1], u[0])
        cuts = sorted(self.openings)
        pieces: list[tuple[float, float, float, float]] = []  # (s0, s1, z0, z1)
        s = 0.0
        for off, width, height in cuts:
            a, b = off - width / 2, off + width / 2
            if a > s:
                pieces.append((s, a, 0.0, self.height))
            if height < self.height:
                pieces.append((a, b, height, self.height))
            s = max(s, b)
        if s < self.length:
            pieces.append((s, self.length, 0.0, self.height))
        out = []
        for s0, s1, z0, z1 in pieces:
            mid = np.asarray(self.start, float) + u * (s0 + s1) / 2
            t = yaw_pose(mid[0], mid[1], self.floor_z + (z0 + z1) / 2, yaw)
            out.append((t, np.array([(s1 - s0) / 2, self.thickness / 2, (z1 - z0) / 2])))
        return out


@dataclass
class Entity:
    """A fixture, door or movable object.

    Attributes:
        name, index: the key parts (``key == f"{name}#{index}"``).
        kind: asset catalog kind; ``params``: overrides of its defaults; ``model``: the built asset.
        pose: world-from-entity transform (4, 4), float64.
        state: persistent state: ``open`` (joint fraction), ``running``, ``cut``, ``cooked`` and free task
            attributes (JSON values).
        labels: ``[{"text": ..., "face": ...}]`` label text on the model's label faces.
        description: free text the Human may see with the handle.
        door: for room doors, ``{"wall": index, "offset": m}``.
    """

    name: str
    index: int
    kind: str
    params: dict[str, Any]
    model: AssetModel
    pose: np.ndarray
    state: dict[str, Any] = field(default_factory=dict)
    labels: list[dict[str, str]] = field(default_factory=list)
    description: str = ""
    door: dict[str, Any] | None = None

    @property
    def key(self) -> str:
        return f"{self.name}#{self.index}"

    @property
    def category(self) -> str:
        return self.model.category

    @property
    def movable(self) -> bool:
        return self.model.movable

    @property
    def affordances(self) -> frozenset[str]:
        return self.model.affordances

    @property
    def opening(self) -> float:
        """Opening fraction of the main joint in [0, 1] (0 when not articulated)."""
        return float(self.state.get("open", 0.0)) if self.model.joints else 0.0

    def joint_fraction(self, joint: str | None) -> float:
        return self.opening if joint is not None else 0.0

    def link_transform(self, joint_name: str | None) -> np.ndarray:
        """World-from-link transform (4, 4) of the link moved by ``joint_name`` (the body when None)."""
        if joint_name is None:
            return self.pose
        joint = self.model.joint(joint_name)
        return self.pose @ joint_transform(joint, self.opening)

    def local_to_world(self, point: np.ndarray, joint: str | None = None) -> np.ndarray:
        t = self.link_transform(joint)
        return t[:3, :3] @ np.asarray(point, float) + t[:3, 3]

    def world_bounds_corners(self) -> np.ndarray:
        """The 8 corners of the entity's local AABB in world coordinates, shape (8, 3)."""
        lo, hi = self.model.bounds
        c = np.array([[x, y, z] for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])])
        return c @ self.pose[:3, :3].T + self.pose[:3, 3]

    def obb(self) -> tuple[np.ndarray, np.ndarray]:
        """The entity's oriented bounding box: (world-from-box (4, 4), half extents (3,))."""
        lo, hi = self.model.bounds
        t = self.pose.copy()
        t[:3, 3] = self.pose[:3, :3] @ (0.5 * (lo + hi)) + self.pose[:3, 3]
        return t, 0.5 * (hi - lo)

    def center_of_mass(self) -> np.ndarray:
        lo, hi = self.model.bounds
        return self.pose[:3, :3] @ (0.5 * (lo + hi)) + self.pose[:3, 3]


@dataclass
class HumanState:
    """Where the simulated human is and what it holds.

    Attributes:
        xy: root position on the floor [m], shape (2,); yaw: heading [rad] (0 = +x).
        posture: ``"stand"``, ``"sit"``, ``"squat"``.
        sitting: key of the seat sat on, or None.
        held: key of the held object, or None.
        object_in_wrist: wrist-from-object transform (4, 4) of the held object.
        wrist: world-from-wrist transform (4, 4) at the current pose, or None.
        carried: key -> held-object-from-content transform of contents following the held container.
        carried_bearers: key -> what each carried content rests on (the held object or another carried
            content), read from support when the container was picked up; contents move rigidly with it, so
            these ``on`` relations stay true while it is carried.
        body_pose: SMPL+H pose (156,) [rad]; body_translation: root [m] (3,) (set by the executor).
        gaze: world point the head looks at [m] (3,), or None.
        phone_at_ear: True after ``answer_phone`` until the phone is released.
    """

    xy: np.ndarray
    yaw: float = 0.0
    posture: str = "stand"
    sitting: str | None = None
    held: str | None = None
    object_in_wrist: np.ndarray | None = None
    wrist: np.ndarray | None = None
    carried: dict[str, np.ndarray] = field(default_factory=dict)
    carried_bearers: dict[str, frozenset[str]] = field(default_factory=dict)
    body_pose: np.ndarray | None = None
    body_translation: np.ndarray | None = None
    gaze: np.ndarray | None = None
    phone_at_ear: bool = False


class Scene:
    """The live world (see the module docstring).

    Build it with :meth:`from_dict` (a serialised scene) and serialise it with :meth:`to_dict`.
    """

    def __init__(self, name: str = "scene") -> None:
        self.name = name
        self.rooms: list[Room] = []
        self.walls: list[Wall] = []
        self.entities: dict[str, Entity] = {}
        self.human = HumanState(np.zeros(2))
        self.attachments: dict[str, dict[str, Any]] = {}
        self.extra: dict[str, Any] = {}
        self.events: list = []  # scripted events (:class:`.events.SceneEvent`), fired by the executor

    # ---------------------------------------------------------------- construction / serialisation
    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Scene":
        """Build a scene from its serialised dict (:func:`interactiveworld.world.serialize.scene_from_dict`, installed
        by :func:`install_codec`; its errors are raised as they are)."""
        return _codec("load")(data)

    def to_dict(self) -> dict[str, Any]:
        """Canonical serialised dict: every entity by explicit pose (JSON-compatible;
        :func:`interactiveworld.world.serialize.scene_to_dict`, installed by :func:`install_codec`)."""
        return _codec("dump")(self)

    # ---------------------------------------------------------------- lookup
    def __contains__(self, key: str) -> bool:
        return key in self.entities

    def entity(self, key: str) -> Entity:
        try:
            return self.entities[key]
        except KeyError:
            raise KeyError(f"no entity {key!r} in the scene") from None

    def __iter__(self) -> Iterator[Entity]:
        return iter(self.entities.values())

    def movables(self) -> list[Entity]:
        return [e for e in self.entities.values() if e.movable]

    def doors(self) -> list[Entity]:
        return [e for e in self.entities.values() if e.door is not None]

    def floor_z_at(self, xy: np.ndarray) -> float | None:
        """Floor height [m] of the room containing ``xy``, or None outside every room."""
        for room in self.rooms:
            if room.contains(xy):
                return room.floor_z
        return None

    def room_of(self, xy: np.ndarray) -> Room | None:
        return next((r for r in self.rooms if r.contains(xy)), None)

    # ---------------------------------------------------------------- world-frame semantics
    def surfaces(self, key: str) -> list[tuple[Surface, np.ndarray]]:
        """Support surfaces of ``key`` with their world-from-surface transforms (origin at the rectangle
        centre, z up the surface normal)."""
        e = self.entities[key]
        out = []
        for s in e.model.surfaces:
            t = e.link_transform(s.joint).copy()
            t[:3, 3] = t[:3, :3] @ s.center + t[:3, 3]
            out.append((s, t))
        return out

    def regions(self, key: str) -> list[tuple[Region, np.ndarray]]:
        """Interior regions of ``key`` with world-from-region transforms (origin at the region centre)."""
        e = self.entities[key]
        out = []
        for r in e.model.regions:
            t = e.link_transform(r.joint).copy()
            t[:3, 3] = t[:3, :3] @ r.center + t[:3, 3]
            out.append((r, t))
        return out

    def handle_point(self, key: str) -> np.ndarray | None:
        """World position [m] of the main joint's handle, (3,), or None."""
        e = self.entities[key]
        if e.model.handle is None:
            return None
        joint = e.model.joints[0].name if e.model.joints else None
        return e.local_to_world(e.model.handle, joint)

    def control_point(self, key: str) -> np.ndarray | None:
        e = self.entities[key]
        return None if e.model.control is None else e.local_to_world(e.model.control)

    def label_faces(self, key: str) -> list[dict[str, Any]]:
        """Label faces of ``key`` that carry text: dicts with text, center, normal, up (world), width, height."""
        e = self.entities[key]
        out = []
        for lab in e.labels:
            face = next((f for f in e.model.label_faces if f.name == lab.get("face", "front")), None)
            if face is None:
                continue
            r = e.pose[:3, :3]
            out.append({"text": lab["text"], "face": face.name, "center": r @ face.center + e.pose[:3, 3],
                        "normal": r @ face.normal, "up": r @ face.up, "width": face.width, "height": face.height})
        return out

    # ---------------------------------------------------------------- motion of entities
    def move_entity(self, key: str, pose: np.ndarray, *, riders=()) -> list[str]:
        """Set the pose of ``key``; the ``riders`` (objects resting on or in it, as read by
        :func:`relations.riders`) keep their relative transforms. Returns the riders moved."""
        e = self.entities[key]
        delta = pose @ np.linalg.inv(e.pose)
        for r in riders:
            self.entities[r].pose = delta @ self.entities[r].pose
        e.pose = np.array(pose, dtype=float)
        return list(riders)

    def set_wrist(self, wrist: np.ndarray) -> None:
        """Move the wrist; the held object (and its contents) follow by their fixed transforms."""
        self.human.wrist = np.array(wrist, dtype=float)
        held = self.human.held
        if held is None or self.human.object_in_wrist is None:
            return
        obj_pose = self.human.wrist @ self.human.object_in_wrist
        self.entities[held].pose = obj_pose
        for k, rel in self.human.carried.items():
            self.entities[k].pose = obj_pose @ rel

    def grasp(self, key: str, wrist: np.ndarray, object_in_wrist: np.ndarray, riders=(),
              bearers: dict[str, frozenset[str]] | None = None) -> None:
        """Start holding ``key``: store the fixed wrist-from-object transform and the transforms of its contents
        ``riders`` (which then follow the hand); ``bearers`` maps a rider to what it rests on among ``key`` and
        the other riders (kept as ``HumanState.carried_bearers``)."""
        self.human.held = key
        self.human.object_in_wrist = np.array(object_in_wrist, dtype=float)
        inv = np.linalg.inv(self.entities[key].pose)
        self.human.carried = {r: inv @ self.entities[r].pose for r in riders}
        self.human.carried_bearers = {r: frozenset(b) for r, b in (bearers or {}).items() if r in self.human.carried}
        self.set_wrist(wrist)

    def release(self) -> str | None:
        """Stop holding; returns the released key (poses stay where they are until settled)."""
        key = self.human.held
        self.human.held = None
        self.human.object_in_wrist = None
        self.human.carried = {}
        self.human.carried_bearers = {}
        self.human.phone_at_ear = False
        return key

    def set_open(self, key: str, fraction: float, riders=()) -> None:
        """Drive the main joint of ``key`` to ``fraction`` in [0, 1]; the ``riders`` (contents of a drawer) keep
        their transforms relative to the moving link."""
        e = self.entities[key]
        if not e.model.joints:
            raise ValueError(f"{key} has no joint")
        fraction = float(np.clip(fraction, 0.0, 1.0))
        before = {r: np.linalg.inv(e.link_transform(e.model.joints[0].name)) @ self.entities[r].pose
                  for r in riders}
        e.state["open"] = fraction
        after = e.link_transform(e.model.joints[0].name)
        for r, rel in before.items():
            self.entities[r].pose = after @ rel

    # ---------------------------------------------------------------- geometry for other layers
    def entity_boxes(self, e: Entity, overrides: dict[str, float] | None = None) -> list[tuple[np.ndarray, np.ndarray,
                                                                                               str | None]]:
        """Collision boxes of ``e``: (world-from-box (4, 4), half extents (3,), joint name or None).

        Movable objects give one box (their local AABB); fixtures one box per colliding part."""
        t, h, j = self._entity_box_arrays(e, overrides)
        names = [None] + [jt.name for jt in e.model.joints]
        return [(t[i], h[i], names[j[i] + 1]) for i in range(len(t))]

    def _entity_box_arrays(self, e: Entity, overrides: dict[str, float] | None = None):
        """Vectorised :meth:`entity_boxes`: transforms (P, 4, 4), half extents (P, 3), joint index (P,) (-1 body)."""
        if e.movable:
            t, h = e.obb()
            return t[None], h[None], np.array([-1])
        local, halves, jidx = _model_boxes(e.model)
        frac = e.opening if overrides is None or e.key not in overrides else overrides[e.key]
        links = np.stack([e.pose] + [e.pose @ joint_transform(j, frac) for j in e.model.joints])
        return np.einsum("pij,pjk->pik", links[jidx + 1], local), halves, jidx

    def _architecture_boxes(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Floors and walls (computed once: architecture never moves): transforms, halves, tags."""
        cached = getattr(self, "_arch_cache", None)
        if cached is not None and cached[0] == (len(self.rooms), len(self.walls)):
            return cached[1]
        transforms, halves, tags = [], [], []
        for room in self.rooms:
            x0, y0, x1, y1 = room.rect
            transforms.append(yaw_pose((x0 + x1) / 2, (y0 + y1) / 2, room.floor_z - FLOOR_THICKNESS / 2, 0.0))
            halves.append(((x1 - x0) / 2, (y1 - y0) / 2, FLOOR_THICKNESS / 2))
            tags.append(SurfaceTag.FLOOR)
        for wall in self.walls:
            for t, h in wall.boxes():
                transforms.append(t)
                halves.append(h)
                tags.append(SurfaceTag.WALL)
        out = (np.array(transforms).reshape(-1, 4, 4), np.array(halves, float).reshape(-1, 3),
               np.array(tags, np.uint8))
        self._arch_cache = ((len(self.rooms), len(self.walls)), out)
        return out

    def collision_geometry(self, *, exclude: tuple[str, ...] = ()) -> CollisionGeometry:
        """All collision geometry as boxes: floors (FLOOR), walls (WALL), fixtures (FURNITURE), door leaves
        (DOOR_LEAF, owner ``"door#N"``) and movable objects (OBJECT), owners ``"name#index"``."""
        at, ah, atag = self._architecture_boxes()
        transforms, halves, tags, owner_idx = [at], [ah], [atag], [np.full(len(at), -1, np.int32)]
        owners: list[str] = []
        for e in self.entities.values():
            if e.key in exclude:
                continue
            t, h, _ = self._entity_box_arrays(e)
            if not len(t):
                continue
            owners.append(e.key)
            tag = SurfaceTag.OBJECT if e.movable else (SurfaceTag.DOOR_LEAF if e.door is not None
                                                       else SurfaceTag.FURNITURE)
            transforms.append(t)
            halves.append(h)
            tags.append(np.full(len(t), tag, np.uint8))
            owner_idx.append(np.full(len(t), len(owners) - 1, np.int32))
        return CollisionGeometry(box_transforms=np.concatenate(transforms), box_half_extents=np.concatenate(halves),
                                 box_tags=np.concatenate(tags), box_owner=np.concatenate(owner_idx), owners=owners)

    def is_dynamic(self, e: Entity) -> bool:
        """Entities drawn per frame (moving objects, articulated parts, movable fixtures)."""
        return e.movable or bool(e.model.joints) or "movable_fixture" in e.affordances

    def static_visual_meshes(self) -> list[VisualMesh]:
        """Floors, walls and fixtures that never move (built once into the renderer's static scene). A fixture whose
        state shows (:func:`.assets.looks.has_state_look`) gives only its own parts here; its state look is drawn
        per frame by :meth:`dynamic_visual_meshes`."""
        meshes = [self._architecture_mesh(), *ceiling_mesh(self.rooms, self.walls)]
        for e in self.entities.values():
            if not self.is_dynamic(e):
                meshes.extend(self.entity_visuals(e, looks=False))
        return meshes

    def lights(self) -> list[AreaLight]:
        """The scene's lights (:mod:`.lighting`): the ceiling lamps of every room, then the daylight of every
        window fixture (a model with a part named ``"backing"`` behind its opening)."""
        out = ceiling_lights(self.rooms, self.walls)
        for e in self.entities.values():
            backing = next((p for p in e.model.parts if p.name == "backing"), None)
            if e.kind == "window" and backing is not None:
                room = self.room_of(e.pose[:2, 3])
                light = window_light(e.pose, backing.mesh.vertices, room.name if room is not None else "")
                if light is not None:
                    out.append(light)
        return out

    def dynamic_visual_meshes(self, *, object_poses: dict[str, np.ndarray] | None = None,
                              articulation: dict[str, float] | None = None) -> list[VisualMesh]:
        """Movable objects, articulated fixtures and movable fixtures, optionally at keyframe overrides, then the
        soil patches on any entity (:func:`.soil.soil_meshes`: soil comes and goes, so it is drawn per frame even
        on a fixture that never moves)."""
        out = []
        for e in self.entities.values():
            if self.is_dynamic(e):
                pose = None if object_poses is None else object_poses.get(e.key)
                frac = None if articulation is None else articulation.get(e.key)
                out.extend(self.entity_visuals(e, pose=pose, opening=frac))
            elif has_state_look(e.model):   # a static fixture's state look: it changes with the state
                out.extend(self._look_visuals(e, self._state_look(e), {None: e.pose}))
        for e in self.entities.values():
            if soils(e):
                pose = None if object_poses is None else object_poses.get(e.key)
                out.extend(soil_meshes(e, pose))
        for e in self._steaming(object_poses):
            pose = e.pose if object_poses is None or e.key not in object_poses else object_poses[e.key]
            out.append(merge_part_visuals(steam_parts(e.model), {None: pose}, ""))   # steam is no entity's pixels
        return out

    def _steaming(self, object_poses=None) -> list[Entity]:
        """Vessels (:data:`.assets.looks.STEAM_KINDS`) standing on the top of a running heat source: their base within
        3 cm of its top surface, their centre over it."""
        stoves = [e for e in self.entities.values() if e.state.get("running") and "heat_source" in e.affordances
                  and e.model.surface("top") is not None and e.model.joints == []]
        out = []
        if not stoves:
            return out
        for e in self.entities.values():
            if e.kind not in STEAM_KINDS or not e.movable:
                continue
            pose = e.pose if object_poses is None or e.key not in object_poses else object_poses[e.key]
            c = pose[:3, :3] @ (0.5 * (e.model.bounds[0] + e.model.bounds[1])) + pose[:3, 3]
            base = pose[2, 3] + float(e.model.bounds[0][2])
            for s in stoves:
                top = s.model.surface("top")
                local = np.linalg.inv(s.pose) @ np.append(c, 1.0)
                if (abs(local[0] - top.center[0]) <= top.half_xy[0] and abs(local[1] - top.center[1]) <= top.half_xy[1]
                        and abs(base - (s.pose[2, 3] + top.center[2])) < 0.03):
                    out.append(e)
                    break
        return out

    def visual_meshes(self) -> list[VisualMesh]:
        """Every renderable mesh now (static first, then dynamic)."""
        return self.static_visual_meshes() + self.dynamic_visual_meshes()

    def entity_visuals(self, e: Entity, *, pose: np.ndarray | None = None,
                       opening: float | None = None, looks: bool = True) -> list[VisualMesh]:
        """The entity's coloured mesh (one VisualMesh) in the look of its state (:mod:`.assets.looks`: cut pieces,
        browned food, glowing rings, water, contents), one textured quad per lit or dark display, plus one textured
        quad per label. ``looks=False``: the model's own parts and labels only (what never changes)."""
        pose = e.pose if pose is None else pose
        frac = e.opening if opening is None else opening
        links: dict[str | None, np.ndarray] = {None: pose}
        for j in e.model.joints:
            links[j.name] = pose @ joint_transform(j, frac)
        if looks:
            look = self._state_look(e)
            out = [merge_part_visuals(look.base, links, e.key)] + self._look_visuals(e, look, links)
        else:
            out = [merge_part_visuals(e.model.parts, links, e.key)]
        if e.labels:
            r = pose[:3, :3]
            for lab in e.labels:
                face = next((f for f in e.model.label_faces if f.name == lab.get("face", "front")), None)
                if face is None:
                    continue
                out.append(label_quad(lab["text"], r @ face.center + pose[:3, 3], r @ face.normal, r @ face.up,
                                      face.width, face.height, owner=e.key))
        return out

    def _state_look(self, e: Entity) -> Look:
        mould = mouldy_slices if e.movable and e.state.get("cut") and e.state.get("mouldy") else None
        return state_look(e.model, e.state, per_slice=mould)

    def _visual_parts(self, e: Entity):
        """The parts the entity is drawn with in its state (:func:`.assets.looks.state_look`)."""
        return self._state_look(e).parts

    @staticmethod
    def _look_visuals(e: Entity, look: Look, links: dict) -> list[VisualMesh]:
        """The overlays of ``look`` as one mesh and each of its screens as a textured quad, posed by ``links``."""
        out = []
        if look.overlays:
            out.append(merge_part_visuals(look.overlays, links, e.key))
        for s in look.screens:
            t = links.get(s.joint, links[None])
            r = t[:3, :3]
            out.append(label_quad("", r @ np.asarray(s.center) + t[:3, 3], r @ np.asarray(s.normal),
                                  r @ np.asarray(s.up), s.width, s.height, owner=e.key, texture=s.texture))
        return out

    def _architecture_mesh(self) -> VisualMesh:
        verts, faces, colors = [], [], []
        n = 0

        def add(t, h, color):
            nonlocal n
            m = trimesh.creation.box(extents=2 * np.asarray(h), transform=t)
            verts.append(m.vertices)
            faces.append(m.faces + n)
            colors.append(np.repeat(np.asarray(color, np.float32)[None], len(m.faces), axis=0))
            n += len(m.vertices)

        for room in self.rooms:
            x0, y0, x1, y1 = room.rect
            add(yaw_pose((x0 + x1) / 2, (y0 + y1) / 2, room.floor_z - FLOOR_THICKNESS / 2, 0.0),
                ((x1 - x0) / 2, (y1 - y0) / 2, FLOOR_THICKNESS / 2), FLOOR_COLOR)
        for wall in self.walls:
            for t, h in wall.boxes():
                add(t, h, WALL_COLOR)
        if not verts:
            return VisualMesh(np.zeros((0, 3), np.float32), np.zeros((0, 3), np.int32), np.zeros((0, 3), np.float32))
        return VisualMesh(np.concatenate(verts).astype(np.float32), np.concatenate(faces).astype(np.int32),
                          np.concatenate(colors).astype(np.float32), owner="")


_MEANS: dict[int, tuple[Any, np.ndarray]] = {}


def _mean_color(material) -> np.ndarray:
    """``material.mean_color``, remembered per material object (it averages the albedo texture, and the parts of
    moving entities are merged every frame). Materials are immutable."""
    hit = _MEANS.get(id(material))
    if hit is None or hit[0] is not material:
        if len(_MEANS) > 4096:
            _MEANS.clear()
        hit = _MEANS[id(material)] = (material, material.mean_color)
    return hit[1]


_MERGED: dict[int, tuple[Any, int, dict[str, Any]]] = {}


def _merged_local(parts) -> dict[str, Any]:
    """The parts of a list concatenated in their own frames (remembered per list object: a model's parts and a
    cached look's parts are the same list every frame): positions, faces, face colours, normals, UV, materials and
    the vertex ranges of each run of parts on one joint."""
    hit = _MERGED.get(id(parts))
    if hit is not None and hit[0] is parts and hit[1] == len(parts):
        return hit[2]
    verts, faces, colors, normals, uvs, fmat, materials, runs = [], [], [], [], [], [], [], []
    n = 0
    rich = any(p.normals is not None or p.materials for p in parts)
    for p in parts:
        nv, nf = len(p.mesh.vertices), len(p.mesh.faces)
        verts.append(np.asarray(p.mesh.vertices, np.float64))
        faces.append(p.mesh.faces + n)
        idx = p.face_materials()
        base = np.repeat(np.asarray(p.color, np.float32)[None], nf, axis=0)
        if p.materials:
            means = np.stack([_mean_color(m) for m in p.materials])
            base = np.where((idx >= 0)[:, None], means[np.maximum(idx, 0)], base)
        colors.append(base)
        if rich:
            normals.append(np.full((nv, 3), np.nan, np.float32) if p.normals is None else p.normals)
            uvs.append(np.zeros((nv, 2), np.float32) if p.uv is None else p.uv)
            fmat.append(np.where(idx >= 0, idx + len(materials), -1).astype(np.int32))
            materials.extend(p.materials)
        if runs and runs[-1][0] == p.joint:
            runs[-1][2] = n + nv
        else:
            runs.append([p.joint, n, n + nv])
        n += nv
    out = {"verts": np.concatenate(verts), "faces": np.concatenate(faces).astype(np.int32),
           "colors": np.concatenate(colors).astype(np.float32), "runs": runs, "rich": rich}
    if rich:
        out.update(normals=np.concatenate(normals).astype(np.float32), uv=np.concatenate(uvs).astype(np.float32),
                   fmat=np.concatenate(fmat), materials=tuple(materials))
    if len(_MERGED) > 2048:
        _MERGED.clear()
    _MERGED[id(parts)] = (parts, len(parts), out)
    return out


def merge_part_visuals(parts, links: dict, owner: str) -> VisualMesh:
    """One :class:`VisualMesh` of ``parts`` posed by ``links`` (joint name -> world-from-link 4x4): positions,
    face colours, and where any part carries them, shading normals (NaN rows for flat parts), UV and materials."""
    local = _merged_local(parts)
    verts = np.empty_like(local["verts"])
    normals = local["normals"].copy() if local["rich"] else None
    for joint, v0, v1 in local["runs"]:
        rot, off = links[joint][:3, :3], links[joint][:3, 3]
        verts[v0:v1] = local["verts"][v0:v1] @ rot.T + off
        if normals is not None:
            normals[v0:v1] = local["normals"][v0:v1] @ rot.T.astype(np.float32)
    mesh = VisualMesh(verts.astype(np.float32), local["faces"].copy(), local["colors"].copy(), owner=owner)
    if local["rich"]:
        mesh.normals = normals
        mesh.uv = local["uv"]
        mesh.face_material = local["fmat"]
        mesh.materials = local["materials"]
    return mesh


def _model_boxes(model: AssetModel) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Colliding parts of a fixture model as local box transforms (P, 4, 4), halves (P, 3) and joint index
    (P,) (-1 for the body), cached on the model."""
    cached = getattr(model, "_box_cache", None)
    if cached is None:
        parts = [p for p in model.parts if p.collide]
        names = [j.name for j in model.joints]
        local = np.repeat(np.eye(4)[None], len(parts), axis=0)
        for i, p in enumerate(parts):
            local[i, :3, 3] = p.box_center
        halves = np.array([p.box_half for p in parts], float).reshape(-1, 3)
        jidx = np.array([-1 if p.joint is None else names.index(p.joint) for p in parts], int)
        cached = (local, halves, jidx)
        model._box_cache = cached
    return cached
