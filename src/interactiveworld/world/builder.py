"""``SceneBuilder`` and ``SCENE_FORMAT``, kept at this path for TaskPack authoring scripts that import them from
here: they live in :mod:`interactiveworld.world.layouts.builder`."""
from .layouts.builder import SCENE_FORMAT, SceneBuilder

__all__ = ["SceneBuilder", "SCENE_FORMAT"]
