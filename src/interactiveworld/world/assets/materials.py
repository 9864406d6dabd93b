"""Materials of the asset families: named surface colours, and the colour-space conversion they share.

Colours are linear RGB in [0, 1] (the renderer shades in linear light and encodes sRGB only at the end,
:mod:`interactiveworld.render.shading`). :data:`MATERIALS` is the one table of named materials; the families take
their shared colours from it (:data:`WHITE`, :data:`STEEL` ...) and a kind's colour parameters default to them
(:mod:`.catalog`). Which materials a part may take belongs in this module as a table too, next to the materials
themselves (STYLE.md "Content generators": material assignment as data, not in each builder).
"""
from __future__ import annotations

import numpy as np

__all__ = ["Color", "MATERIALS", "WHITE", "STEEL", "DARK", "WOOD", "LIGHT_WOOD", "BEIGE", "srgb_to_linear"]

Color = tuple[float, float, float]
"""A linear RGB colour, each channel in [0, 1]."""

MATERIALS: dict[str, Color] = {
    "white": (0.92, 0.92, 0.90),
    "steel": (0.62, 0.64, 0.66),
    "dark": (0.15, 0.15, 0.16),
    "wood": (0.55, 0.38, 0.22),
    "light_wood": (0.76, 0.60, 0.40),
    "beige": (0.85, 0.80, 0.68),
}
"""Material name -> albedo (linear RGB): painted white, brushed steel, dark plastic, wood, light wood, beige
laminate."""

WHITE: Color = MATERIALS["white"]
STEEL: Color = MATERIALS["steel"]
DARK: Color = MATERIALS["dark"]
WOOD: Color = MATERIALS["wood"]
LIGHT_WOOD: Color = MATERIALS["light_wood"]
BEIGE: Color = MATERIALS["beige"]


def srgb_to_linear(c) -> np.ndarray:
    """Linear RGB in [0, 1] from 8-bit sRGB values (any shape), float32 (the sRGB transfer function, IEC 61966-2-1)."""
    x = np.asarray(c, dtype=np.float32) / 255.0
    return np.where(x <= 0.04045, x / 12.92, np.power((x + 0.055) / 1.055, 2.4)).astype(np.float32)
