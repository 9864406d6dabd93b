"""Contact sheets of the generated layouts: per category, each layout as an overview (from above, looking
slightly north) beside the head-camera view from the person's start pose (eye 1.6 m, looking along the start
heading, 15 degrees down).

    python tools/layout_sheets.py [--out docs/images] [--width 320]

Writes docs/images/layouts_<category>.png (small thumbnails tiled; each file kept small) and prints each
layout's load time and instance count.
"""
from __future__ import annotations

import argparse
import math
import os
import time

import numpy as np

from interactiveworld.render import Camera, Renderer, contact_sheet, save_png
from interactiveworld.world import Scene
from interactiveworld.world.layouts.library import CATEGORIES, layout_category, layout_names, layout_plan, \
    layout_scene

OUT = os.path.join(os.path.dirname(__file__), "..", "docs", "images")
EYE_Z = 1.6
PITCH = math.radians(-15)


def views(name: str, renderer: Renderer, w: int, h: int) -> tuple[list[np.ndarray], float, int]:
    plan = layout_plan(name)
    t0 = time.perf_counter()
    scene = Scene.from_dict(layout_scene(name))
    load_s = time.perf_counter() - t0
    renderer.set_static(scene.static_visual_meshes())
    dyn = scene.dynamic_visual_meshes()
    sx, sy = plan["size"]
    # overview: the whole plan in frame from above, tilted 25 degrees so walls and shelf fronts show
    tilt = math.radians(25)
    fov = 55.0
    need = max(sy / 2, sx / 2 * h / w) + 0.4
    dist = need / math.tan(math.radians(fov / 2)) + 2.5
    fwd = np.array([0.0, math.sin(tilt), -math.cos(tilt)])
    centre = np.array([sx / 2, sy / 2, 0.0])
    over = Camera(eye=centre - dist * fwd, forward=fwd, up=[0, 1, 0], fov_y_deg=fov, width=w, height=h)
    hx, hy = scene.human.xy
    yaw = scene.human.yaw
    head = Camera(eye=[hx, hy, EYE_Z], forward=[math.cos(yaw) * math.cos(PITCH), math.sin(yaw) * math.cos(PITCH),
                                                 math.sin(PITCH)], fov_y_deg=60.0, width=w, height=h)
    return [renderer.render(over, dynamic=dyn), renderer.render(head, dynamic=dyn)], load_s, len(scene.movables())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--width", type=int, default=320)
    ap.add_argument("--only", nargs="*", help="categories to draw (default: all)")
    args = ap.parse_args(argv)
    w, h = args.width, args.width * 3 // 4
    renderer = Renderer(engine="embree", width=w, height=h)
    for cat in args.only or CATEGORIES:
        frames, caps = [], []
        for name in [n for n in layout_names() if layout_category(n) == cat]:
            (over, head), load_s, n = views(name, renderer, w, h)
            frames += [over, head]
            caps += [f"{name}: {n} objects", f"{name}: head camera"]
            print(f"{name}: {n} instances, load {load_s:.1f} s", flush=True)
        sheet = contact_sheet(frames, caps, columns=4, thumb_width=w, caption_px=13)
        path = save_png(sheet, os.path.join(args.out, f"layouts_{cat}.png"))
        print(f"{path}: {os.path.getsize(path) // 1024} KB", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
