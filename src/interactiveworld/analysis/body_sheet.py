"""A before/after contact sheet of the built-in body: outside views and the wearer's own view while grabbing.

``python -m interactiveworld.analysis.body_sheet --out docs/images/body_v2_before_after.png`` writes two rows, the
earlier low-poly body (its mesh is kept as the support proxy, :mod:`interactiveworld.body.support_mesh`, so it can
still be drawn) above the current render mesh: the standing body from the front, the side and the back, the right
hand holding a cup, and head-camera frames of the lab scene (:func:`interactiveworld.world.examples.lab`) standing
idle and at three moments of ``[Grab] <tomato> (1)`` (half way, the hand closing on the tomato, the result).
Captions give the share of the frame's pixels that are the wearer's body. Both bodies act identically (the same
support proxy and capsule rig), so the frames differ only in the mesh.
"""
from __future__ import annotations

import argparse
import sys

import numpy as np
import trimesh

from ..actions.grasp import plan_grasp
from ..actions.reach import posture_ladder, posture_pose
from ..body import BodyModel, standing_pose
from ..body.support_mesh import build_support_mesh
from ..actions.walking_sheet import checkered_floor
from ..env import Environment
from ..render.camera import Camera
from ..render.renderer import Renderer
from ..render.sheets import contact_sheet, save_png
from ..world.layouts.examples import lab
from ..world.scene import Scene
from ..world.geometry import VisualMesh

__all__ = ["low_poly_body", "outside_frames", "egocentric_frames", "main"]

_MARK = np.float32([1.0, 0.0, 1.0])


def low_poly_body() -> BodyModel:
    """The built-in skeleton with the earlier low-poly body (1,140 vertices) as its render mesh."""
    ref = BodyModel.builtin()
    verts, faces, weights, colors = build_support_mesh(ref.rest_joints, ref.fingertips)
    return BodyModel(rest_joints=ref.rest_joints, rest_vertices=verts, faces=faces, weights=weights,
                     face_colors=colors, fingertips=ref.fingertips, source="builtin")


def _look(eye, target, width: int, height: int, fov: float) -> Camera:
    eye = np.asarray(eye, float)
    f = np.asarray(target, float) - eye
    return Camera(eye=eye, forward=f / np.linalg.norm(f), fov_y_deg=fov, width=width, height=height)


def outside_frames(model: BodyModel, *, width: int = 360, height: int = 480) -> tuple[list[np.ndarray], list[str]]:
    """Front, side and back views of the body standing, and its right hand holding a cup (frames (H, W, 3) uint8,
    captions)."""
    r = Renderer(width=width, height=height)
    r.set_static([checkered_floor(1.0)])
    pose, t = standing_pose(model, (0.0, 0.0), np.pi / 2)  # facing +y
    body = [model.visual_mesh(pose, t)]
    frames, caps = [], []
    for name, eye in (("front", (0.0, 3.0, 1.0)), ("side", (3.0, 0.0, 1.0)), ("back", (0.0, -3.0, 1.0))):
        frames.append(r.render(_look(eye, (0.0, 0.0, 0.9), width, height, 38.0), dynamic=body))
        caps.append(name)
    cup = trimesh.creation.cylinder(radius=0.04, height=0.11, sections=32)
    T = trimesh.transformations.rotation_matrix(0.3, [0, 0, 1])
    T[:3, 3] = [0.42, -0.2, 0.95]
    pose, t = posture_pose(model, (0.0, 0.0), 0.0, posture_ladder()[1])
    g = plan_grasp(model, pose, t, cup, T)
    cup.apply_transform(T)
    cup_mesh = VisualMesh(cup.vertices.astype(np.float32), cup.faces.astype(np.int32),
                          np.tile(np.float32([0.75, 0.22, 0.16]), (len(cup.faces), 1)), owner="cup#1")
    c = T[:3, 3]
    frames.append(r.render(_look(c + (0.30, -0.30, 0.30), c + (-0.03, -0.02, 0.0), width, height, 36.0),
                           dynamic=[model.visual_mesh(g.pose, g.translation), cup_mesh]))
    caps.append(f"holding a cup ({g.family} grasp)")
    return frames, caps


def _body_share(renderer, camera, dynamic) -> tuple[np.ndarray, float]:
    """The frame and the share of its pixels that are the wearer's body (those that change when the body alone is
    recoloured)."""
    img = renderer.render(camera, dynamic=dynamic)
    marked = [m if m.owner != "body" else VisualMesh(m.vertices, m.faces, np.tile(_MARK, (len(m.faces), 1)), "body")
              for m in dynamic]
    other = renderer.render(camera, dynamic=marked)
    return img, float(np.mean(np.any(img != other, axis=2)))


def egocentric_frames(model: BodyModel, *, width: int = 640, height: int = 480) -> tuple[list[np.ndarray], list[str]]:
    """Head-camera frames on the lab scene: standing idle, then grabbing the tomato half way, with the hand closing on
    it (90 % of the command's keyframes) and at its result."""

    env = Environment(render=True, width=width, height=height)
    env.body = model
    env.reset(Scene.from_dict(lab()).to_dict())
    r = env._renderer_ready()
    frames, caps = [], []
    img, share = _body_share(r, env._camera(), env._dynamic())
    frames.append(img)
    caps.append(f"head camera idle: body {100 * share:.1f} %")
    out = env.execute("[Grab] <tomato> (1)")
    if not out.ok:
        raise RuntimeError(f"[Grab] <tomato> (1) failed: {out.error}")
    kfs = out.interval.keyframes
    for label, at in (("half way", 0.5), ("closing", 0.9), ("holding", 1.0)):
        camera, dynamic = env.keyframe_view(kfs[round(at * (len(kfs) - 1))])
        img, share = _body_share(r, camera, dynamic)
        frames.append(img)
        caps.append(f"grab tomato, {label}: body {100 * share:.1f} %")
    return frames, caps


def main(argv=None) -> int:
    """Write the sheet: outside views (before row, after row) above head-camera frames (before row, after row)."""
    ap = argparse.ArgumentParser(prog="python -m interactiveworld.analysis.body_sheet", description=__doc__)
    ap.add_argument("--out", default="docs/images/body_v2_before_after.png", help="PNG file to write")
    args = ap.parse_args(argv)
    outside, outside_caps, ego, ego_caps = [], [], [], []
    for name, model in (("before, low-poly", low_poly_body()), ("after, smooth", BodyModel.builtin())):
        head = f"{name} ({len(model.rest_vertices)} vertices)"
        f, c = outside_frames(model)
        outside += f
        outside_caps += [f"{head}\n{x}" for x in c]
        f, c = egocentric_frames(model)
        ego += f
        ego_caps += [f"{head}\n{x}" for x in c]
    top = contact_sheet(outside, outside_caps, columns=len(outside) // 2, thumb_width=330)
    bottom = contact_sheet(ego, ego_caps, columns=len(ego) // 2, thumb_width=330)
    width = max(top.shape[1], bottom.shape[1])
    pad = [np.pad(a, ((0, 0), (0, width - a.shape[1]), (0, 0)), constant_values=24) for a in (top, bottom)]
    print(save_png(np.vstack(pad), args.out))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
