"""Contact sheets of the generated layouts: per category, each layout as an overview (from above, looking
slightly north) beside a head-camera view (eye 1.6 m) of the open piece of furniture (no door) holding the most
objects, from up to 2.2 m in front of it, as a person standing there to fetch something sees it.

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
from interactiveworld.world.assets import build_asset
from interactiveworld.world.layouts.generator import asset_bounds, interior
from interactiveworld.world.layouts.grid import footprint
from interactiveworld.world.layouts.library import CATEGORIES, layout_category, layout_names, layout_plan, \
    layout_scene

OUT = os.path.join(os.path.dirname(__file__), "..", "docs", "images")
EYE_Z = 1.6


def _head_pose(plan: dict, load: dict) -> tuple[np.ndarray, np.ndarray]:
    """Eye and look-at point [m]: in front of the most loaded piece (wall pieces first), as far back (up to
    2.2 m) as the room allows without standing in other furniture."""
    rooms = {r["name"]: interior(r["rect"]) for r in plan["rooms"]}
    fps = [footprint(*asset_bounds(i["kind"], i["params"]), *i["at"], i["yaw"]) for i in plan["furniture"]
           if i.get("z") is None]
    # open pieces only (a closed fridge or locker hides what it holds), wall pieces first, most loaded first
    pieces = sorted((i for i in plan["furniture"] if i["key"] in load and not build_asset(i["kind"]).joints),
                    key=lambda i: ("wall" not in i, -load[i["key"]], i["key"]))
    for piece in pieces:
        yaw = piece["yaw"]
        px, py = piece["at"]
        box = rooms[piece["room"]]
        for d in (2.2, 1.9, 1.6, 1.3):
            ex, ey = px + d * math.cos(yaw), py + d * math.sin(yaw)
            if not (box[0] + 0.3 < ex < box[2] - 0.3 and box[1] + 0.3 < ey < box[3] - 0.3):
                continue
            if any(f[0] - 0.3 < ex < f[2] + 0.3 and f[1] - 0.3 < ey < f[3] + 0.3 for f in fps):
                continue
            return np.array([ex, ey, EYE_Z]), np.array([px, py, 0.8])
    h = plan["human"]
    return (np.array([*h["xy"], EYE_Z]),
            np.array([h["xy"][0] + math.cos(h["yaw"]), h["xy"][1] + math.sin(h["yaw"]), 1.2]))


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
    load = {}
    for obj in plan["clutter"]:
        if obj["key"] in scene.entities:
            load[obj["support"]] = load.get(obj["support"], 0) + 1
    eye, target = _head_pose(plan, load)
    head = Camera(eye=eye, forward=target - eye, fov_y_deg=60.0, width=w, height=h)
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
