"""Before/after contact sheets of the renderer's light: head-height frames of built-in TaskPack scenes drawn with
the Lambert model and no ceilings (the renderer before the lit model) and with the lit model (ceilings, lamps,
window daylight, baked soft shadows and ambient occlusion, materials, tone curve, anti-aliasing).

    python3 tools/light_sheet.py docs/images/light_before.png docs/images/light_after.png
"""
from __future__ import annotations

import math
import sys
import time

import numpy as np

from interactiveworld.bench.taskpack import builtin_taskpacks, load_taskpack
from interactiveworld.render import Camera, Renderer
from interactiveworld.render.sheets import contact_sheet, save_png
from interactiveworld.world import Scene
from interactiveworld.world.lighting import ceiling_mesh

PACKS = ("accessibility-01", "guidance-07", "accessibility-10", "guidance-10")
W, H = 320, 240


def views(scene: Scene):
    """Head-height cameras: from the wearer's start, ahead and to the left; then from the centre of each room
    toward its far corner."""
    h = scene.human
    x, y, yaw = float(h.xy[0]), float(h.xy[1]), float(h.yaw)
    eye = (x, y, 1.6)
    out = [("start, ahead", Camera(eye=eye, forward=(math.cos(yaw), math.sin(yaw), -0.35), up=(0, 0, 1),
                                   width=W, height=H))]
    for room in scene.rooms[:2]:
        x0, y0, x1, y1 = room.rect
        c = ((x0 + x1) / 2, (y0 + y1) / 2, 1.6)
        out.append((room.name, Camera.look_at((x0 + 0.4, y0 + 0.4, 1.6), (x1, y1, 0.6), width=W, height=H)))
    return out


def main(before_path: str, after_path: str) -> None:
    packs = builtin_taskpacks()
    before, after, caps = [], [], []
    for pid in PACKS:
        scene = Scene.from_dict(load_taskpack(packs[pid]).reset_scene())
        static = scene.static_visual_meshes()
        n_ceiling = len(ceiling_mesh(scene.rooms, scene.walls))
        old = Renderer(engine="embree", width=W, height=H, shading="lambert")
        old.set_static(static[:1] + static[1 + n_ceiling:])
        new = Renderer(engine="embree", width=W, height=H)
        t0 = time.perf_counter()
        new.set_static(static, lights=scene.lights())
        print(f"{pid}: bake {time.perf_counter() - t0:.2f} s, {new._static.face_count} static faces")
        dyn = scene.dynamic_visual_meshes()
        for name, cam in views(scene):
            before.append(old.render(cam, dyn))
            after.append(new.render(cam, dyn))
            caps.append(f"{pid} {name}")
    save_png(contact_sheet(before, caps, columns=3, thumb_width=W), before_path)
    save_png(contact_sheet(after, caps, columns=3, thumb_width=W), after_path)


if __name__ == "__main__":
    main(*sys.argv[1:3])
