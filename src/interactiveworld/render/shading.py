"""Shared shading: Lambert with a contact-shadow term, per-face colour, bilinear texture lookup, sRGB.

Everything here works on first hits from any engine (numpy, vectorised). Colours inside the
renderer are linear RGB in [0, 1] (VisualMesh.face_colors); textures are 8-bit sRGB images and are
linearised on lookup; the frame is encoded back to 8-bit sRGB (IEC 61966-2-1 transfer function).

Lighting model: one directional light plus ambient, ``c = albedo * (ambient + diffuse * max(0, n.l) * vis)``
with the normal taken on the side facing the camera (faces are two-sided). ``vis`` is 0 where a
shadow ray from the hit point toward the light meets geometry within ``shadow_range`` [m]. The range
is finite on purpose: indoors a directional "sun" would otherwise be blocked by the ceiling and every
upper storey of a shelf; a short range keeps the cue that matters for reading a scene (objects
shadow what they stand on or under) at a fraction of a full shadow ray's cost.
"""
from __future__ import annotations

import numpy as np

_LUT_SIZE = 4096


def _srgb_encode(x: np.ndarray) -> np.ndarray:
    x = np.clip(x, 0.0, 1.0)
    return np.where(x <= 0.0031308, 12.92 * x, 1.055 * np.power(x, 1.0 / 2.4) - 0.055)


def srgb_to_linear(c) -> np.ndarray:
    """Linear RGB in [0, 1] from 8-bit sRGB values (any shape), float32."""
    x = np.asarray(c, dtype=np.float32) / 255.0
    return np.where(x <= 0.04045, x / 12.92, np.power((x + 0.055) / 1.055, 2.4)).astype(np.float32)


def linear_to_srgb8(c) -> np.ndarray:
    """8-bit sRGB from linear RGB in [0, 1] (any shape; clipped), uint8."""
    return np.round(_srgb_encode(np.asarray(c, dtype=np.float64)) * 255.0).astype(np.uint8)


_ENCODE_LUT = linear_to_srgb8(np.arange(_LUT_SIZE) / (_LUT_SIZE - 1))
_DECODE_LUT = srgb_to_linear(np.arange(256))


def encode_frame(linear: np.ndarray) -> np.ndarray:
    """Linear RGB (..., 3) float -> sRGB uint8 through a 4096-entry table (max error 1 level)."""
    idx = np.clip(linear * (_LUT_SIZE - 1) + 0.5, 0, _LUT_SIZE - 1).astype(np.int32)
    return _ENCODE_LUT[idx]


def texture_to_linear(texture: np.ndarray) -> np.ndarray:
    """An 8-bit sRGB texture (H, W, 3) uint8 as linear RGB (H, W, 3) float32."""
    return _DECODE_LUT[np.asarray(texture, dtype=np.uint8)]


def sample_texture_bilinear(texture: np.ndarray, uv: np.ndarray) -> np.ndarray:
    """Bilinear lookup of a linear-RGB texture (see :func:`texture_to_linear`).

    Args:
        texture: (H, W, 3) float32 linear RGB, row 0 at the top; uv (0, 0) is the bottom-left corner
            and (1, 1) the top-right (OpenGL convention), coordinates clamped to the edge.
        uv: shape (N, 2), float.

    Returns:
        linear RGB, shape (N, 3), float32.
    """
    h, w = texture.shape[:2]
    x = np.clip(uv[:, 0], 0.0, 1.0) * w - 0.5
    y = (1.0 - np.clip(uv[:, 1], 0.0, 1.0)) * h - 0.5
    x0 = np.floor(x)
    y0 = np.floor(y)
    fx = (x - x0).astype(np.float32)[:, None]
    fy = (y - y0).astype(np.float32)[:, None]
    x0 = x0.astype(np.int64)
    y0 = y0.astype(np.int64)
    xa, xb = np.clip(x0, 0, w - 1), np.clip(x0 + 1, 0, w - 1)
    ya, yb = np.clip(y0, 0, h - 1), np.clip(y0 + 1, 0, h - 1)
    lin = texture
    top = lin[ya, xa] * (1 - fx) + lin[ya, xb] * fx
    bot = lin[yb, xa] * (1 - fx) + lin[yb, xb] * fx
    return (top * (1 - fy) + bot * fy).astype(np.float32)
