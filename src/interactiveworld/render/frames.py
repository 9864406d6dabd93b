"""Frames of one executed command: sample its interval, then render only the sampled keyframes
(paper appendix C.2.1; DESIGN.md "Frames")."""
from __future__ import annotations

from typing import Callable

import numpy as np

from ..world.motion import Interval, Keyframe
from .camera import Camera
from .renderer import Renderer
from .sampling import FRAMES_PER_COMMAND, sample_interval


def render_interval(renderer: Renderer, interval: Interval, view: Callable[[Keyframe], tuple[Camera, list]], *,
                    n: int = FRAMES_PER_COMMAND) -> list[tuple[int, np.ndarray]]:
    """Render the sampled keyframes of ``interval``.

    Args:
        renderer: a renderer whose static scene is set.
        interval: the command's keyframes.
        view: keyframe -> (head camera, dynamic meshes at that instant); the executor poses the body
            and the moving objects here. Called only for the sampled keyframes.
        n: frames per command (pinned result / look-hold frames are always kept).

    Returns:
        (keyframe index, (H, W, 3) uint8 frame) pairs in time order.
    """
    out = []
    for i in sample_interval(interval, n):
        camera, dynamic = view(interval.keyframes[i])
        out.append((i, renderer.render(camera, dynamic)))
    return out
