"""Printed text on assets: label text rasterised with Pillow into textures, and textured quads that carry them.

A label is painted once into an 8-bit sRGB image and mapped onto a quad that floats a millimetre
off the face it belongs to (signs, price cards, carton labels, checklists). The font is DejaVu Sans
(Debian's fonts-dejavu-core) when installed, else Pillow's built-in scalable default font.

The scene draws the label faces of its entities with :func:`label_quad`
(:meth:`~interactiveworld.world.scene.Scene.entity_visuals`); the renderer re-exports these functions from
:mod:`interactiveworld.render.labels`.
"""
from __future__ import annotations

import os
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from ..geometry import VisualMesh
from .materials import srgb_to_linear

_FONT_CANDIDATES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
)
LABEL_OFFSET_M = 1e-3
"""How far [m] a label quad floats off its face, along the face normal."""

LABEL_PX_PER_M = 2400.0
"""Default print resolution [px/m] of a label texture (capped to 1024 px on the longer side)."""
LABEL_MARGIN_PX = 8
"""Blank margin [px] around the text of a label texture, at least."""
LABEL_QUIET_SHARE = 0.1
"""A label printed on a face keeps a blank quiet zone of this share of its shorter side around its text: text
that runs to the label's edge merges with the object's own print and outline beside it (OCR engines, Tesseract
among them, need a blank border around a word to find where it ends)."""

__all__ = ["LABEL_MARGIN_PX", "LABEL_OFFSET_M", "LABEL_PX_PER_M", "label_cap_height_m", "label_font",
           "label_margin_px", "label_texture_size", "make_label_texture", "label_quad"]


@lru_cache(maxsize=64)
def label_font(size: int):
    """The label font (module docstring) at ``size`` [px] (cached)."""
    for path in _FONT_CANDIDATES:
        if os.path.exists(path):
            return ImageFont.truetype(path, size)
    return ImageFont.load_default(size=size)


def _text_box(draw: ImageDraw.ImageDraw, text: str, font, spacing: int) -> tuple[int, int, int, int]:
    return draw.multiline_textbbox((0, 0), text, font=font, spacing=spacing, align="center")


def make_label_texture(text: str, *, size_px=(256, 128), fg=(0, 0, 0), bg=(255, 255, 255),
                       font_size: int | None = None, margin_px: int = LABEL_MARGIN_PX) -> np.ndarray:
    """Rasterise (multi-line) ``text`` centred on a plain background.

    Args:
        text: the label text; ``"\\n"`` separates lines.
        size_px: (width, height) of the texture [px].
        fg, bg: 8-bit sRGB text and background colours.
        font_size: font size [px]; None picks the largest size that fits inside the margins.

    Returns:
        (height, width, 3) uint8 sRGB image.

    Raises:
        ValueError: an empty size or a text that does not fit at ``font_size``.
    """
    w, h = int(size_px[0]), int(size_px[1])
    if w < 8 or h < 8:
        raise ValueError(f"make_label_texture: size_px must be at least 8x8, got {size_px}")
    key = (str(text), w, h, tuple(int(c) for c in fg), tuple(int(c) for c in bg),
           None if font_size is None else int(font_size), int(margin_px))
    return _rasterise(*key).copy()


@lru_cache(maxsize=128)  # at most 1024 px on a side: well under 200 MB even when full
def _rasterise(text: str, w: int, h: int, fg: tuple, bg: tuple, font_size: int | None,
               margin_px: int) -> np.ndarray:
    """:func:`make_label_texture`'s work, cached: every scene rebuilds its label quads (state-only runs too, for
    visibility), and the same few texts come back at every tick. The cached image is read-only."""
    img = Image.new("RGB", (w, h), bg)
    draw = ImageDraw.Draw(img)
    if font_size is None:
        font_size = _fitted_font_size(text, w, h, margin_px)
    font = label_font(int(font_size))
    spacing = int(font_size) // 5
    x0, y0, x1, y1 = _text_box(draw, text, font, spacing)
    if x1 - x0 > w or y1 - y0 > h:
        raise ValueError(f"make_label_texture: text does not fit in {w}x{h} px at font size {font_size}")
    draw.multiline_text(((w - (x1 - x0)) / 2 - x0, (h - (y1 - y0)) / 2 - y0), text, font=font,
                        fill=fg, spacing=spacing, align="center")
    out = np.asarray(img, dtype=np.uint8).copy()
    out.flags.writeable = False
    return out


@lru_cache(maxsize=256)
def _fitted_font_size(text: str, w: int, h: int, margin_px: int) -> int:
    """The largest font size [px] (at least 4) at which ``text`` fits a ``w`` x ``h`` px texture inside
    ``margin_px`` margins (binary search over the font size)."""
    draw = ImageDraw.Draw(Image.new("RGB", (8, 8)))
    avail_w, avail_h = w - 2 * margin_px, h - 2 * margin_px
    lo, hi = 4, max(4, h)
    while lo < hi:  # largest size that fits
        mid = (lo + hi + 1) // 2
        x0, y0, x1, y1 = _text_box(draw, text, label_font(mid), mid // 5)
        if x1 - x0 <= avail_w and y1 - y0 <= avail_h:
            lo = mid
        else:
            hi = mid - 1
    return lo


def label_texture_size(width_m: float, height_m: float, px_per_m: float = LABEL_PX_PER_M) -> tuple[int, int]:
    """(width, height) [px] of the texture :func:`label_quad` prints a ``width_m`` x ``height_m`` [m] label into:
    ``px_per_m`` [px/m], capped to 1024 px on the longer side, at least 16 px a side.

    Raises:
        ValueError: a size that is not finite and > 0.
    """
    if not (np.isfinite(width_m) and np.isfinite(height_m) and width_m > 0 and height_m > 0):
        raise ValueError(f"label_texture_size: expected finite sizes > 0 [m], got {width_m} x {height_m}")
    scale = min(px_per_m, 1024.0 / max(width_m, height_m))
    return max(16, int(round(width_m * scale))), max(16, int(round(height_m * scale)))


def label_margin_px(size_px) -> int:
    """Margin [px] around the text of a label texture of ``size_px`` (width, height) [px] as :func:`label_quad`
    prints it: :data:`LABEL_QUIET_SHARE` of the shorter side, at least :data:`LABEL_MARGIN_PX`."""
    return max(LABEL_MARGIN_PX, int(round(LABEL_QUIET_SHARE * min(int(size_px[0]), int(size_px[1])))))


def label_cap_height_m(text: str, width_m: float, height_m: float, px_per_m: float = LABEL_PX_PER_M) -> float:
    """Height [m] of a capital letter (the ink of "H") of ``text`` as :func:`label_quad` prints it on a
    ``width_m`` x ``height_m`` [m] label: the largest font that fits the texture
    (:func:`label_texture_size`, :func:`label_margin_px` margins) scaled back to metres. How far a reader may
    stand off a label depends on it. 0.0 for a label without text.

    Raises:
        ValueError: a size that is not finite and > 0.
    """
    w, h = label_texture_size(width_m, height_m, px_per_m)
    if not str(text).strip():
        return 0.0
    size = _fitted_font_size(str(text), w, h, label_margin_px((w, h)))
    x0, y0, x1, y1 = label_font(size).getbbox("H")
    return float(y1 - y0) * width_m / w


def label_quad(text: str, center, normal, up, width_m: float, height_m: float, *, owner: str,
               texture: np.ndarray | None = None, px_per_m: float = LABEL_PX_PER_M, fg=(0, 0, 0),
               bg=(255, 255, 255), offset_m: float = LABEL_OFFSET_M) -> VisualMesh:
    """A textured quad carrying ``text``, lifted ``offset_m`` off a face along its normal.

    Args:
        center: centre of the label on the face [m], shape (3,).
        normal: outward normal of the face, shape (3,).
        up: text-up direction in the face plane, shape (3,) (re-orthogonalised against ``normal``).
        width_m, height_m: label size [m].
        owner: entity key of the object that carries the label.
        texture: a ready texture (H, W, 3) uint8; by default one is rasterised at ``px_per_m``
            (:func:`label_texture_size`) inside a quiet zone (:func:`label_margin_px`).

    Returns:
        A two-triangle :class:`VisualMesh` whose faces both sample the texture; uv (0, 0) is the
        label's bottom-left corner seen from the front.

    Raises:
        ValueError: a non-positive size, degenerate directions.
    """
    if not (width_m > 0 and height_m > 0):
        raise ValueError(f"label_quad: width_m and height_m must be positive, got {width_m}, {height_m}")
    n = np.asarray(normal, np.float64).reshape(3)
    u = np.asarray(up, np.float64).reshape(3)
    if np.linalg.norm(n) < 1e-9 or np.linalg.norm(u) < 1e-9:
        raise ValueError("label_quad: normal and up must be non-zero")
    n = n / np.linalg.norm(n)
    u = u - np.dot(u, n) * n
    if np.linalg.norm(u) < 1e-6:
        raise ValueError("label_quad: up must not be parallel to normal")
    u = u / np.linalg.norm(u)
    r = np.cross(u, n)  # text-right as seen from the front (looking along -normal)
    c = np.asarray(center, np.float64).reshape(3) + offset_m * n
    hw, hh = width_m / 2.0, height_m / 2.0
    verts = np.array([c - hw * r - hh * u, c + hw * r - hh * u, c + hw * r + hh * u, c - hw * r + hh * u])
    faces = np.array([[0, 1, 2], [0, 2, 3]], np.int32)  # counter-clockwise seen from the front
    uv = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    if texture is None:
        size = label_texture_size(width_m, height_m, px_per_m)
        texture = make_label_texture(text, size_px=size, fg=fg, bg=bg, margin_px=label_margin_px(size))
    colour = srgb_to_linear(np.asarray(bg, np.float32))
    return VisualMesh(vertices=verts.astype(np.float32), faces=faces,
                      face_colors=np.tile(colour, (2, 1)).astype(np.float32), owner=owner, uv=uv,
                      texture=np.asarray(texture, np.uint8), textured_faces=np.ones(2, bool))
