"""Contact sheets of catalog assets: each model rendered alone on a wooden floor with the ray-cast renderer, with
the materials, shading normals and UV a scene frame draws it with (:func:`model_visuals`), for the catalog listing
(``iw-eval assets --sheet DIR``) and recognition checks (numbered tiles, no names)."""
from __future__ import annotations

import math

import numpy as np

from ..world.assets.model import AssetModel, joint_transform
from ..world.geometry import VisualMesh
from ..world.scene import merge_part_visuals
from .camera import Camera
from .renderer import Renderer
from .sheets import contact_sheet

__all__ = ["model_visuals", "render_model", "model_sheet"]

_FLOOR = (0.42, 0.36, 0.30)   # linear RGB of the floor the objects stand on
_VIEW = np.array([1.0, -0.55, 0.75]) / np.linalg.norm([1.0, -0.55, 0.75])   # front-right, from above


def model_visuals(model: AssetModel, *, owner: str = "asset") -> list[VisualMesh]:
    """Visual meshes of ``model`` at opening 0 in its local frame, built as a scene builds an entity's
    (:func:`~interactiveworld.world.scene.merge_part_visuals`): one mesh with shading normals, UV and the
    parts' materials (albedo, roughness, metal, emission, glass opacity), so a sheet shows what a frame does."""
    links = {None: np.eye(4)}
    links.update({j.name: joint_transform(j, 0.0) for j in model.joints})
    return [merge_part_visuals(model.parts, links, owner)]


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
