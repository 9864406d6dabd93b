"""Egocentric rendering: the human's head-camera frames (paper section 2.1, appendix C.2.1;
DESIGN.md "Frames").

Typical use by the environment::

    renderer = Renderer()                       # Warp on CUDA when present, else Embree
    renderer.set_static(scene_meshes)           # once per scene: list[VisualMesh]
    cam = Camera(eye=head_pos, forward=gaze, up=head_up)
    frame = renderer.render(cam, dynamic=[body_mesh, *held_and_moving_meshes, *opened_doors])
    in_view = visible_owners(renderer, cam, dynamic)            # {"fridge#1": 5123, ...}
    frames = render_interval(renderer, interval, view_at)       # the sampled frames of one command

Which entities the wearer sees is decided by :mod:`.visibility` (Embree rays from the eye, the same in
rendered and ``--no-render`` runs), so a state-only run loads Embree too; Warp is imported only when a
:class:`Renderer` is made.
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
    "make_label_texture", "render_interval", "sample_interval", "save_png", "select_assistant_frames",
    "visible_owners", "write_video",
]
