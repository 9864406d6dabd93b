"""Contact sheets (a captioned grid of frames) and PNG output, for galleries and episode logs."""
from __future__ import annotations

import os

import numpy as np
from PIL import Image, ImageDraw

from .labels import label_font


def save_png(img: np.ndarray, path) -> str:
    """Write an (H, W, 3) or (H, W) uint8 image as PNG (parent folders created); returns the path."""
    a = np.asarray(img)
    if a.dtype != np.uint8 or a.ndim not in (2, 3):
        raise ValueError(f"save_png: expected (H, W, 3) or (H, W) uint8, got {a.shape} {a.dtype}")
    path = os.fspath(path)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    Image.fromarray(a).save(path, format="PNG")
    return path


def contact_sheet(frames: list[np.ndarray], captions: list[str], *, columns: int = 4, thumb_width: int = 320,
                  caption_px: int = 15, background=(24, 24, 24), text=(235, 235, 235)) -> np.ndarray:
    """A grid of thumbnails with a caption under each, left to right then top to bottom.

    Args:
        frames: (H, W, 3) uint8 images (sizes may differ; each keeps its aspect ratio).
        captions: one per frame (may be "").
        columns: thumbnails per row; thumb_width: thumbnail width [px].

    Returns:
        (H', W', 3) uint8 sheet.

    Raises:
        ValueError: no frames, or captions not matching frames.
    """
    if not frames:
        raise ValueError("contact_sheet: no frames")
    if len(captions) != len(frames):
        raise ValueError(f"contact_sheet: {len(frames)} frames but {len(captions)} captions")
    columns = max(1, min(int(columns), len(frames)))
    thumbs = []
    for f in frames:
        im = Image.fromarray(np.asarray(f, np.uint8))
        h = max(1, round(im.height * thumb_width / im.width))
        thumbs.append(im.resize((thumb_width, h), Image.LANCZOS))
    font = label_font(caption_px)
    cap_h = int(caption_px * 1.3) * max(1, max(c.count("\n") + 1 for c in captions)) + 6
    cell_h = max(t.height for t in thumbs) + cap_h
    pad = 6
    rows = -(-len(frames) // columns)
    sheet = Image.new("RGB", (columns * (thumb_width + pad) + pad, rows * (cell_h + pad) + pad), background)
    draw = ImageDraw.Draw(sheet)
    for i, (t, cap) in enumerate(zip(thumbs, captions)):
        x = pad + (i % columns) * (thumb_width + pad)
        y = pad + (i // columns) * (cell_h + pad)
        sheet.paste(t, (x, y))
        draw.multiline_text((x + 2, y + t.height + 3), cap, font=font, fill=text, spacing=2)
    return np.asarray(sheet, np.uint8).copy()
