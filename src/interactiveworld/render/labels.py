"""Label text rasterised into textures, and textured quads that carry them.

The label faces are part of how assets look, so the implementation lives in the world layer
(:mod:`interactiveworld.world.assets.printing`, which the scene draws its labels with); the renderer's modules and
its users take the same functions from here.
"""
from ..world.assets.printing import LABEL_OFFSET_M, label_font, label_quad, make_label_texture

__all__ = ["LABEL_OFFSET_M", "label_font", "label_quad", "make_label_texture"]
