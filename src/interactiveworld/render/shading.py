"""Shared shading: colour conversions and the lighting model (the per-pixel work runs in the Warp
kernels of :mod:`interactiveworld.kernels.shading` on first hits from any engine).

Colours inside the
renderer are linear RGB in [0, 1] (VisualMesh.face_colors); textures are 8-bit sRGB images and are
linearised on lookup; the frame is encoded back to 8-bit sRGB (IEC 61966-2-1 transfer function).

Lighting model: one directional light plus ambient, ``c = albedo * (ambient + diffuse * max(0, n.l) * vis)``
with the normal taken on the side facing the camera (faces are two-sided), and ``ambient`` itself
modulated by a weak headlight term, ``ambient * (1 - h + h * |n.d|)`` with ``h = 0.4``, so that
surfaces in shadow or inside cabinets keep their shape cues. ``vis`` is 0 where a
shadow ray from the hit point toward the light meets geometry within ``shadow_range`` [m]. The range
is finite on purpose: indoors a directional "sun" would otherwise be blocked by the ceiling and every
upper storey of a shelf; a short range keeps the cue that matters for reading a scene (objects
shadow what they stand on or under) at a fraction of a full shadow ray's cost.

That is the ``"lambert"`` model. The default ``"lit"`` model (:func:`interactiveworld.kernels.shading.lit_surface`)
takes the static light from a bake (:mod:`.lightbake`: the scene's ceiling lamps and window daylight with soft
shadows, ambient occlusion), shades materials (albedo textures by UV, normalised Blinn-Phong specular from
roughness and metallic, emissive, glass tint) with smooth normals, keeps the short shadow rays for the meshes that
move only, and maps radiance to the display with the ACES filmic fit (Narkowicz 2015) before the sRGB encoding.
"""
from __future__ import annotations

import numpy as np

from ..world.assets.materials import srgb_to_linear

_LUT_SIZE = 4096


def _srgb_encode(x: np.ndarray) -> np.ndarray:
    x = np.clip(x, 0.0, 1.0)
    return np.where(x <= 0.0031308, 12.92 * x, 1.055 * np.power(x, 1.0 / 2.4) - 0.055)


def linear_to_srgb8(c) -> np.ndarray:
    """8-bit sRGB from linear RGB in [0, 1] (any shape; clipped), uint8."""
    return np.round(_srgb_encode(np.asarray(c, dtype=np.float64)) * 255.0).astype(np.uint8)


ENCODE_LUT = linear_to_srgb8(np.arange(_LUT_SIZE) / (_LUT_SIZE - 1))
_DECODE_LUT = srgb_to_linear(np.arange(256))


def texture_to_linear(texture: np.ndarray) -> np.ndarray:
    """An 8-bit sRGB texture (H, W, 3) uint8 as linear RGB (H, W, 3) float32."""
    return _DECODE_LUT[np.asarray(texture, dtype=np.uint8)]
