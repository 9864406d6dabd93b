"""Layouts: scenes written as serialised dicts (``"interactiveworld.scene/1"``, :mod:`interactiveworld.world.serialize`).

:class:`~.builder.SceneBuilder` writes a scene dict room by room, fixture by fixture; :mod:`.examples` holds small
example scenes built with it. This package lies above serialisation: a layout is checked by loading it with
``Scene.from_dict``, never the other way round.
"""
from .builder import SCENE_FORMAT, SceneBuilder

__all__ = ["SCENE_FORMAT", "SceneBuilder"]
