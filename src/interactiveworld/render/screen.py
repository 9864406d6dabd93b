"""Screen-space bounds of triangles seen by a camera: which pixels' primary rays may hit them (numpy only).

Image row 0 is the top of the view, column 0 the left; pixel centres at +0.5 (as :class:`~.camera.Camera`).
"""
from __future__ import annotations

import numpy as np

from .camera import Camera


def triangle_pixel_rects(camera: Camera, vertices: np.ndarray, faces: np.ndarray) -> np.ndarray:
    """Conservative screen bounding rectangles of triangles: (F, 4) int32 rows (col0, col1, row0, row1),
    inclusive, clipped to the image; a triangle out of view gets an empty rectangle (col1 < col0).

    Each triangle is clipped against the plane 1 mm in front of the eye before projecting, so a
    triangle crossing the eye plane (the wearer's body around the camera) is bounded correctly.
    """
    w, h = camera.width, camera.height
    rects = np.tile(np.array([0, -1, 0, -1], np.int32), (len(faces), 1))
    if len(faces) == 0:
        return rects
    rel = np.asarray(vertices, np.float64) - camera.eye
    # camera coordinates without a BLAS call (BLAS threads contend with Embree's on a small CPU)
    pc = np.stack([rel[:, 0] * a[0] + rel[:, 1] * a[1] + rel[:, 2] * a[2]
                   for a in (camera.right, camera.up, camera.forward)], axis=1)[faces]   # (F, 3, 3)
    eps = 1e-3
    z = pc[..., 2]
    front = z >= eps
    nxt = np.roll(pc, -1, axis=1)
    zn = nxt[..., 2]
    crossing = front != (zn >= eps)
    with np.errstate(divide="ignore", invalid="ignore"):
        s = np.where(crossing, (eps - z) / (zn - z), 0.0)
    clip = pc + s[..., None] * (nxt - pc)
    pts = np.concatenate([pc, clip], axis=1)
    valid = np.concatenate([front, crossing], axis=1)
    zz = np.where(valid, np.maximum(pts[..., 2], eps), 1.0)
    t = np.tan(np.radians(camera.fov_y_deg) / 2.0)
    col = (pts[..., 0] / zz / (t * w / h) + 1.0) / 2.0 * w
    row = (1.0 - pts[..., 1] / zz / t) / 2.0 * h
    keep = valid.any(axis=1)
    cmin = np.where(valid, col, np.inf).min(axis=1)
    cmax = np.where(valid, col, -np.inf).max(axis=1)
    rmin = np.where(valid, row, np.inf).min(axis=1)
    rmax = np.where(valid, row, -np.inf).max(axis=1)
    on = keep & (cmax >= -1) & (cmin <= w + 1) & (rmax >= -1) & (rmin <= h + 1)
    # pixel centres at +0.5; one pixel of margin on each side
    rects[on, 0] = np.clip(np.floor(cmin[on] - 1), 0, w - 1)
    rects[on, 1] = np.clip(np.floor(cmax[on] + 1), 0, w - 1)
    rects[on, 2] = np.clip(np.floor(rmin[on] - 1), 0, h - 1)
    rects[on, 3] = np.clip(np.floor(rmax[on] + 1), 0, h - 1)
    return rects


def dynamic_pixel_mask(camera: Camera, vertices: np.ndarray, faces: np.ndarray, *, tile: int = 8) -> np.ndarray:
    """Pixels whose primary rays may hit the given triangles: (H*W,) bool, conservative.

    The union of the triangles' :func:`triangle_pixel_rects`, rounded out to ``tile`` x ``tile``
    pixel tiles.
    """
    w, h = camera.width, camera.height
    tw, th = -(-w // tile), -(-h // tile)
    rects = triangle_pixel_rects(camera, vertices, faces)
    rects = rects[rects[:, 1] >= rects[:, 0]]
    if len(rects) == 0:
        return np.zeros(w * h, bool)
    c0, c1, r0, r1 = (rects[:, k] // tile for k in range(4))
    diff = np.zeros((th + 1, tw + 1), np.int32)
    np.add.at(diff, (r0, c0), 1)
    np.add.at(diff, (r0, c1 + 1), -1)
    np.add.at(diff, (r1 + 1, c0), -1)
    np.add.at(diff, (r1 + 1, c1 + 1), 1)
    cover = diff.cumsum(axis=0).cumsum(axis=1)[:th, :tw] > 0
    return cover[np.arange(h) // tile][:, np.arange(w) // tile].ravel()
