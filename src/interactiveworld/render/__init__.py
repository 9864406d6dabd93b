"""Egocentric rendering: the human's head-camera frames (paper section 2.1, appendix C.2.1).

Nothing here is imported by the package's top level, so a ``--no-render`` run never loads the ray
engines. Engines (Embree, Warp) are imported only when a :class:`Renderer` is made.
"""
from .camera import DEFAULT_FOV_Y_DEG, Camera, inspection_camera
from .frames import render_interval
from .labels import label_quad, make_label_texture
from .renderer import Renderer, visible_owners
from .sampling import select_assistant_frames, sample_interval
from .sheets import contact_sheet, save_png
from .video import write_video

__all__ = [
    "Camera", "DEFAULT_FOV_Y_DEG", "Renderer", "contact_sheet", "inspection_camera", "label_quad",
    "make_label_texture", "render_interval", "sample_interval", "save_png", "select_assistant_frames", "visible_owners", "write_video",
]
