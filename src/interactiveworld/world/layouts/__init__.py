"""Layouts: scenes written as serialised dicts (``"interactiveworld.scene/1"``, :mod:`interactiveworld.world.serialize`).

:class:`~.builder.SceneBuilder` writes a scene dict room by room, fixture by fixture; :mod:`.examples` holds small
example scenes built with it; :mod:`.generator` and :mod:`.clutter` generate layouts from the room programmes
of :mod:`.programmes`, and :mod:`.library` names the generated layouts (``layout_scene("flat-01")``). This package
lies above serialisation: a layout is checked by loading it with ``Scene.from_dict``, never the other way round.
"""
from .builder import SCENE_FORMAT, SceneBuilder
from .library import layout_category, layout_names, layout_plan, layout_scene

__all__ = ["SCENE_FORMAT", "SceneBuilder", "layout_names", "layout_plan", "layout_scene", "layout_category"]
