"""Contact sheets of catalog assets: each model rendered alone on a wooden floor with the ray-cast renderer, its
material albedo textures drawn by UV (tiling UV repeats the image), for the catalog listing (``iw-eval assets
--sheet DIR``) and recognition checks (numbered tiles, no names).

The renderer of today samples one texture per :class:`~interactiveworld.world.geometry.VisualMesh`, so a model is
handed over as one mesh per material (:func:`model_visuals`); faces without a material keep their part colour.
"""
from __future__ import annotations

import math

import numpy as np

from ..world.assets.model import AssetModel
from ..world.geometry import VisualMesh
from .camera import Camera
from .renderer import Renderer
from .sheets import contact_sheet

__all__ = ["MAX_REPEAT", "model_visuals", "render_model", "model_sheet"]

MAX_REPEAT = 8
"""Most repeats of a tiling texture per axis in one mesh (the image is tiled so clamped UV covers the mesh)."""

_FLOOR = (0.42, 0.36, 0.30)   # linear RGB of the floor the objects stand on
_VIEW = np.array([1.0, -0.55, 0.75]) / np.linalg.norm([1.0, -0.55, 0.75])   # front-right, from above


def _textured(vertices: np.ndarray, faces: np.ndarray, uv: np.ndarray, img: np.ndarray, owner: str) -> VisualMesh:
    """A mesh sampling ``img`` by ``uv``; UV outside [0, 1] is folded in by tiling the image (MAX_REPEAT cap)."""
    used = uv[np.unique(faces)] if len(faces) else uv
    lo = np.floor(used.min(axis=0)) if len(used) else np.zeros(2)
    hi = used.max(axis=0) if len(used) else np.ones(2)
    reps = np.clip(np.ceil(hi - lo), 1, MAX_REPEAT).astype(int)
    tex = np.tile(img, (int(reps[1]), int(reps[0]), 1)) if reps.max() > 1 else img
    uvn = np.clip((uv - lo) / reps, 0.0, 1.0).astype(np.float32)
    tex = np.ascontiguousarray(tex)   # UV (0, 0) samples the image's bottom-left, as label quads do
    n = len(faces)
    return VisualMesh(vertices.astype(np.float32), faces.astype(np.int32), np.ones((n, 3), np.float32), owner,
                      uv=uvn, texture=tex, textured_faces=np.ones(n, bool))


def model_visuals(model: AssetModel, *, owner: str = "asset") -> list[VisualMesh]:
    """Visual meshes of ``model`` at opening 0 in its local frame: one per (part, material) with the material's
    albedo as texture, plus one flat mesh per part for faces without a material (in the part colour)."""
    out = []
    for p in model.parts:
        v = np.asarray(p.mesh.vertices, np.float64)
        f = np.asarray(p.mesh.faces, np.int64)
        idx = p.face_materials()
        flat = idx < 0
        if flat.any():
            out.append(VisualMesh(v.astype(np.float32), f[flat].astype(np.int32),
                                  np.tile(np.asarray(p.color, np.float32), (int(flat.sum()), 1)), owner))
        for k, mat in enumerate(p.materials):
            sel = idx == k
            if not sel.any():
                continue
            if mat.albedo is None or p.uv is None:
                out.append(VisualMesh(v.astype(np.float32), f[sel].astype(np.int32),
                                      np.tile(mat.mean_color, (int(sel.sum()), 1)).astype(np.float32), owner))
            else:
                tint = np.asarray(mat.base_color, np.float32)
                img = mat.albedo if np.allclose(tint, 1.0) else np.clip(
                    mat.albedo.astype(np.float32) * tint[None, None], 0, 255).astype(np.uint8)
                out.append(_textured(v, f[sel], np.asarray(p.uv, np.float64), img, owner))
    return out


def _floor(size: float) -> VisualMesh:
    s = size
    v = np.array([(-s, -s, 0), (s, -s, 0), (s, s, 0), (-s, s, 0)], np.float32)
    return VisualMesh(v, np.array([[0, 1, 2], [0, 2, 3]], np.int32), np.tile(np.float32(_FLOOR), (2, 1)), "")


def render_model(renderer: Renderer, model: AssetModel, *, yaw_deg: float = 0.0) -> np.ndarray:
    """One frame of ``model`` alone on a floor, seen from the front-right and above, framed to its bounds;
    ``yaw_deg`` turns the camera about the model. Returns (H, W, 3) uint8."""
    lo, hi = (np.asarray(b, np.float64) for b in model.bounds)
    c = (lo + hi) / 2
    r = max(float(np.linalg.norm(hi - lo)) / 2, 0.03)
    fov = 35.0
    a = math.radians(yaw_deg)
    rot = np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])
    eye = c + rot @ _VIEW * (r / math.tan(math.radians(fov / 2)) * 1.1)
    renderer.set_static([_floor(max(4.0, 10 * r))] + model_visuals(model))
    cam = Camera(eye=eye, forward=c - eye, up=(0, 0, 1), fov_y_deg=fov, near=0.005)
    return renderer.render(cam)


def model_sheet(renderer: Renderer, models: list[AssetModel], captions: list[str], *, columns: int = 6,
                thumb_width: int = 160) -> np.ndarray:
    """A contact sheet of ``models`` (one frame each, :func:`render_model`) with ``captions``; (H, W, 3) uint8.

    Raises:
        ValueError: no models, or captions not matching models.
    """
    if len(models) != len(captions):
        raise ValueError(f"model_sheet: {len(models)} models but {len(captions)} captions")
    frames = [render_model(renderer, m) for m in models]
    return contact_sheet(frames, captions, columns=columns, thumb_width=thumb_width, caption_px=13)
