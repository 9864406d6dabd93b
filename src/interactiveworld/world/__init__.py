"""The physical world: parametric assets, the live scene, rigid-body physics on MuJoCo and predicates read back
from support, contact and geometry (DESIGN.md "Layers": physical layer; "Predicates are geometry with documented tolerances").

``world/`` knows nothing of language: it stores poses, joint openings and states, and answers geometric
questions about them.

Its rooms, from the bottom up; no module imports one above it (``tests/test_world_layers.py``):

1. plain types: :mod:`.geometry`, :mod:`.motion`, :mod:`.boxes`;
2. content: the assets package (:mod:`.assets`: materials, the asset model, shared parts, label printing, the
   catalog registry and the generator families that register into it);
3. state: :mod:`.soil` (soil and mould on entities), then :mod:`.scene` (rooms, walls, entities, the human);
4. reading the state: :mod:`.mjcf` and :mod:`.physics` (and the optional :mod:`.physics_gpu`), then
   :mod:`.relations` and :mod:`.placement`;
5. building the state: :mod:`.events` and :mod:`.serialize` (which installs ``Scene.from_dict`` / ``Scene.to_dict``
   when imported; importing this package imports it);
6. layouts (:mod:`.layouts`: ``SceneBuilder`` and the example scenes), which write scene dicts.
"""
from .assets import CATALOG, AssetModel, build_asset, describe_catalog
from .geometry import CollisionGeometry, Material, SurfaceTag, VisualMesh
from .motion import Interval, Keyframe
from .physics import PhysicsWorld, SceneValidationError, SettleReport, world_of
from .placement import PlacementError, place_object
from .relations import read_relations
from .scene import FLOOR_KEY, Entity, HumanState, Room, Scene, Wall
from .serialize import SCENE_FORMAT, SceneFormatError, scene_from_dict, scene_to_dict
from .layouts import SceneBuilder

__all__ = [
    "CATALOG", "AssetModel", "build_asset", "describe_catalog", "SCENE_FORMAT", "SceneBuilder",
    "CollisionGeometry", "SurfaceTag", "VisualMesh", "Interval", "Keyframe", "PlacementError", "SettleReport",
    "PhysicsWorld", "SceneValidationError", "world_of", "place_object", "read_relations", "FLOOR_KEY", "Entity",
    "HumanState", "Room", "Scene", "Wall",
    "SceneFormatError", "scene_from_dict", "scene_to_dict",
]
