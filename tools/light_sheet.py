"""Before/after contact sheets of the renderer's light: head-height frames of built-in TaskPack scenes drawn with
the Lambert model and no ceilings (the renderer before the lit model) and with the lit model (ceilings, lamps,
window daylight, baked soft shadows and ambient occlusion, materials, tone curve, anti-aliasing).

    python3 tools/light_sheet.py docs/images/light_before.png docs/images/light_after.png \
        docs/images/materials_before_after.png
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
from interactiveworld.world.assets import texturekit
from interactiveworld.world.assets.meshkit_shapes import revolve, rounded_box
from interactiveworld.world.geometry import AreaLight, Material, VisualMesh
from interactiveworld.world.lighting import ceiling_lights, ceiling_mesh
from interactiveworld.world.scene import Room, Wall

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


def _piece_mesh(piece, material: Material, offset, owner: str) -> VisualMesh:
    v = np.asarray(piece.vertices, np.float32) + np.asarray(offset, np.float32)
    f = np.asarray(piece.faces, np.int32)
    return VisualMesh(v, f, np.tile(material.mean_color, (len(f), 1)), owner=owner, normals=piece.normals,
                      uv=piece.uv, materials=(material,), face_material=np.zeros(len(f), np.int32))


def material_scene():
    """A corner of a kitchen built from the mesh and texture kits: parquet floor, tiled wall, a marble counter
    with a steel pot, a glass, a plastic mug, a lit display; one ceiling lamp and a window's daylight."""
    oak = Material("parquet", albedo=texturekit.parquet(256, 1), roughness=0.5)
    tile = Material("tiles", albedo=texturekit.tiles(256, 2), roughness=0.3)
    marble = Material("marble", albedo=texturekit.marble(256, 3), roughness=0.25)
    steel = Material("steel", base_color=(0.62, 0.62, 0.64), albedo=texturekit.brushed_metal(128, 4),
                     roughness=0.3, metallic=1.0)
    glass = Material("glass", base_color=(0.7, 0.85, 0.9), roughness=0.05, opacity=0.3)
    mug = Material("mug", albedo=texturekit.plastic(128, 5, colour=(200, 50, 40)), roughness=0.35)
    screen = Material("screen", base_color=(0.05, 0.05, 0.06), roughness=0.2, emissive=(0.25, 0.5, 0.9))
    floor = rounded_box((4.0, 4.0, 0.05), max_edge=0.5)
    wall = rounded_box((0.05, 4.0, 2.5), max_edge=0.5)
    counter = rounded_box((0.6, 1.6, 0.9), 0.01)
    pot = revolve([(0.0, 0.0), (0.11, 0.0), (0.12, 0.02), (0.12, 0.14)], 40, thickness=0.004)
    cup = revolve([(0.0, 0.0), (0.035, 0.0), (0.04, 0.12)], 32, thickness=0.003)
    mug_p = revolve([(0.0, 0.0), (0.04, 0.0), (0.042, 0.1)], 32, thickness=0.005)
    disp = rounded_box((0.02, 0.5, 0.3), 0.005)
    meshes = [_piece_mesh(floor, oak, (2.0, 2.0, -0.025), ""), _piece_mesh(wall, tile, (0.0, 2.0, 1.25), ""),
              _piece_mesh(counter, marble, (0.35, 2.0, 0.45), "counter#1"),
              _piece_mesh(pot, steel, (0.35, 1.6, 0.9), "pot#1"), _piece_mesh(cup, glass, (0.3, 2.05, 0.9), "glass#1"),
              _piece_mesh(mug_p, mug, (0.4, 2.35, 0.9), "mug#1"), _piece_mesh(disp, screen, (0.05, 2.0, 1.5), "tv#1")]
    rooms = [Room("kitchen", (0.0, 0.0, 4.0, 4.0))]
    lights = ceiling_lights(rooms, [Wall((0, 0), (0, 4))])
    lights.append(AreaLight((3.9, 3.0, 1.4), (-1.0, 0.0, 0.0), (0, 0.5, 0), (0, 0, 0.4), (2.6, 3.0, 3.3),
                            kind="window", room="kitchen"))
    cam = Camera.look_at((1.9, 1.2, 1.5), (0.3, 2.1, 0.95), width=W, height=H)
    return meshes, lights, cam


def materials_sheet(path: str) -> None:
    meshes, lights, cam = material_scene()
    old = Renderer(engine="embree", width=W, height=H, shading="lambert")
    old.set_static(meshes)
    new = Renderer(engine="embree", width=W, height=H)
    new.set_static(meshes, lights=lights)
    save_png(contact_sheet([old.render(cam), new.render(cam)], ["lambert, face colours", "lit: materials"],
                           columns=2, thumb_width=W), path)


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
    if len(sys.argv) > 3:
        materials_sheet(sys.argv[3])
