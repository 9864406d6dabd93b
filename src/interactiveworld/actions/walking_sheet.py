"""A contact sheet of the walking body seen from a third-person camera beside its path.

``python -m interactiveworld.actions.walking_sheet --out docs/images/walking_contact_sheet.png`` writes it:
the body walks 4 m along +x on a tiled floor (:func:`~interactiveworld.actions.gait.walk_keyframes` rows,
:func:`~interactiveworld.actions.gait.gait_phases`, :func:`~interactiveworld.actions.gait.walk_poses`) and a
camera 3 m to its right, at hip height, follows it. Captions give the frame, the gait phase [cycles] and the
stride scale. ``--body-model PATH`` draws an SMPL+H body instead of the built-in one.
"""
from __future__ import annotations

import argparse
import sys

import numpy as np

from .gait import gait_phases, walk_keyframes, walk_poses
from ..body import BodyModel, BodyModelError, load_body_model
from ..world.geometry import VisualMesh
from ..render.camera import Camera
from ..render.renderer import Renderer
from ..render.sheets import contact_sheet, save_png

__all__ = ["walking_frames", "main"]

WALK_M = 4.0
"""Length [m] of the straight walk shown."""
CAMERA_SIDE_M = 3.0
"""Distance [m] of the camera from the walking line (on the body's right)."""
CAMERA_HEIGHT_M = 0.9
"""Camera height [m] above the floor (about hip height)."""


def checkered_floor(length: float) -> VisualMesh:
    """A checkered floor of 0.5 m tiles around the walk (z = 0)."""
    verts, faces, colors = [], [], []
    for i, x in enumerate(np.arange(-2.0, length + 2.0, 0.5)):
        for j, y in enumerate(np.arange(-2.0, 4.0, 0.5)):
            k = len(verts)
            verts += [[x, y, 0.0], [x + 0.5, y, 0.0], [x + 0.5, y + 0.5, 0.0], [x, y + 0.5, 0.0]]
            faces += [[k, k + 1, k + 2], [k, k + 2, k + 3]]
            c = [0.75, 0.72, 0.66] if (i + j) % 2 else [0.55, 0.52, 0.48]
            colors += [c, c]
    return VisualMesh(np.asarray(verts, np.float32), np.asarray(faces, np.int32), np.asarray(colors, np.float32))


def walking_frames(model: BodyModel, *, count: int = 16, width: int = 480, height: int = 360,
                   engine: str = "auto") -> tuple[list[np.ndarray], list[str]]:
    """``count`` evenly spaced frames (H, W, 3) uint8 of a straight walk, from the start to the standing end,
    and their captions."""
    rows = walk_keyframes(np.array([[0.0, 0.0], [WALK_M, 0.0]]), 0.0)
    phase, scale = gait_phases(rows)
    poses, translations, _ = walk_poses(model, rows)
    renderer = Renderer(engine=engine, width=width, height=height)
    renderer.set_static([checkered_floor(WALK_M)])
    pick = np.unique(np.linspace(0, len(rows) - 1, count).round().astype(int))
    frames, captions = [], []
    for k in pick:
        x, y, yaw = rows[k]
        pose, trans = poses[k], translations[k]
        eye = np.array([x, y - CAMERA_SIDE_M, CAMERA_HEIGHT_M])
        cam = Camera(eye=eye, forward=np.array([0.0, 1.0, -0.05]), fov_y_deg=45.0, width=width, height=height)
        frames.append(renderer.render(cam, dynamic=[model.visual_mesh(pose, trans)]))
        captions.append(f"frame {k}  phase {phase[k] % 1.0:.2f}  stride {scale[k]:.2f}")
    return frames, captions


def main(argv=None) -> int:
    """Write the contact sheet; exit status 2 on a body model that cannot be loaded."""
    ap = argparse.ArgumentParser(prog="python -m interactiveworld.actions.walking_sheet", description=__doc__)
    ap.add_argument("--out", default="docs/images/walking_contact_sheet.png", help="PNG file to write")
    ap.add_argument("--body-model", metavar="PATH", help="SMPL+H model file or folder (default: the built-in body)")
    ap.add_argument("--frames", type=int, default=16, help="frames on the sheet (default 16)")
    ap.add_argument("--engine", default="auto", help="renderer engine (auto, embree, warp)")
    args = ap.parse_args(argv)
    try:
        model = BodyModel.builtin() if args.body_model is None else load_body_model(args.body_model)
    except BodyModelError as exc:
        print(f"walking_sheet: --body-model: {exc}", file=sys.stderr)
        return 2
    frames, captions = walking_frames(model, count=max(1, args.frames), engine=args.engine)
    print(save_png(contact_sheet(frames, captions, columns=4, thumb_width=360), args.out))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
