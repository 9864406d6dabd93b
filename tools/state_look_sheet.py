"""Render a powered fixture of a TaskPack's scene off and on from a standing wearer's eye, for before/after sheets.

    python3 tools/state_look_sheet.py OUT_DIR TASKPACK ENTITY_KEY [TAG]

writes ``OUT_DIR/<TASKPACK>_<entity>_<TAG>_{off,on}.png``: the scene of the TaskPack with the entity's ``running``
state False, then True, seen from 1.6 m high, 1.1 m in front of the entity (along its local +x), looking at its top.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from interactiveworld.render import Camera, Renderer
from interactiveworld.render.sheets import save_png
from interactiveworld.world import Scene


def main(argv: list[str]) -> int:
    out, pack, key = Path(argv[0]), argv[1], argv[2]
    tag = argv[3] if len(argv) > 3 else "after"
    repo = Path(__file__).resolve().parents[1]
    data = json.loads((repo / "taskpacks" / f"{pack}.json").read_text())
    scene = Scene.from_dict(data["scene"])
    e = scene.entity(key)
    corners = e.world_bounds_corners()
    top = corners[:, 2].max()
    centre = corners.mean(axis=0)
    front = e.pose[:3, :3] @ np.array([1.0, 0.0, 0.0])
    reach = 0.5 * float(np.ptp(corners[:, :2] @ front[:2]))
    eye = centre + front * (reach + 1.1)
    eye[2] = 1.6 + scene.floor_z_at(centre[:2]) if scene.floor_z_at(centre[:2]) is not None else 1.6
    target = np.array([centre[0], centre[1], 0.5 * (top + centre[2])])
    cam = Camera(eye, target - eye, width=640, height=480)
    r = Renderer(engine="embree", width=640, height=480)
    for running in (False, True):
        e.state["running"] = running
        r.set_static(scene.static_visual_meshes())
        img = r.render(cam, scene.dynamic_visual_meshes())
        save_png(img, out / f"{pack}_{key.split('#')[0]}_{tag}_{'on' if running else 'off'}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
