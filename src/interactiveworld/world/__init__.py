"""The physical world: parametric assets, the live scene, rigid-body physics on MuJoCo and predicates read back
from support, contact and geometry (DESIGN.md "Layers": physical layer; "Predicates are geometry with documented tolerances").

``world/`` knows nothing of language: it stores poses, joint openings and states, and answers geometric
questions about them.
"""
from .assets import CATALOG, AssetModel, build_asset, describe_catalog
from .builder import SCENE_FORMAT, SceneBuilder
from .geometry import CollisionGeometry, SurfaceTag, VisualMesh
from .motion import Interval, Keyframe
from .physics import PhysicsWorld, SceneValidationError, SettleReport, world_of
from .placement import PlacementError, place_object
from .relations import read_relations
from .scene import FLOOR_KEY, Entity, HumanState, Room, Scene, Wall
from .serialize import SceneFormatError, scene_from_dict, scene_to_dict

__all__ = [
    "CATALOG", "AssetModel", "build_asset", "describe_catalog", "SCENE_FORMAT", "SceneBuilder",
    "CollisionGeometry", "SurfaceTag", "VisualMesh", "Interval", "Keyframe", "PlacementError", "SettleReport",
    "PhysicsWorld", "SceneValidationError", "world_of", "place_object", "read_relations", "FLOOR_KEY", "Entity",
    "HumanState", "Room", "Scene", "Wall",
    "SceneFormatError", "scene_from_dict", "scene_to_dict",
]
