"""A short synthetic episode rendered into a contact sheet: walk to the fridge, open it, grab the
milk carton, read its label, put it back. ``python -m interactiveworld.render.gallery OUT.png``.
"""
from __future__ import annotations

import argparse

import numpy as np

from . import scenes
from .camera import Camera, inspection_camera
from .renderer import Renderer
from .sheets import contact_sheet, save_png

EYE_HEIGHT_M = 1.6


def held_carton(eye, forward, text: str = "MILK\n2% FAT") -> tuple[list, object, float, np.ndarray]:
    """The carton held in the right hand below and in front of the eye, label toward the wearer.

    Returns (carton meshes, arm mesh, carton yaw [rad], carton centre [m]).
    """
    fwd = np.asarray(forward, float) / np.linalg.norm(forward)
    flat = np.array([fwd[0], fwd[1], 0.0])
    flat /= np.linalg.norm(flat)
    right = np.cross(flat, [0, 0, 1.0])
    center = np.asarray(eye) + 0.40 * flat - 0.32 * np.array([0, 0, 1.0]) + 0.02 * right
    yaw = float(np.arctan2(flat[1], flat[0]) - np.pi / 2)   # label (-y before yaw) faces the eye
    arm = scenes.arm_and_hand(eye, fwd, hand=center + 0.065 * right + 0.02 * flat)
    return scenes.carton(center, text=text, yaw=yaw), arm, yaw, center


def episode(renderer: Renderer, *, text: str = "MILK\n2% FAT") -> list[tuple[np.ndarray, str]]:
    """Render the episode's frames with ``renderer``; returns (frame, caption) pairs."""
    static_closed, door_closed = scenes.kitchen(open_fraction=0.0)
    # the carton moves in this episode, so it is dynamic; the rest of the kitchen is static
    static = [m for m in static_closed if m.owner != "milk_carton#1"]
    carton_home = scenes.carton(scenes.CARTON_IN_FRIDGE, text=text)
    renderer.set_static(static)
    target = np.array([3.4, 3.6, 1.0])
    out = []
    for k, x in enumerate((0.8, 1.6, 2.3)):   # walk toward the fridge
        eye = np.array([x + 0.5, 0.9 + 0.5 * k, EYE_HEIGHT_M])
        out.append((renderer.render(Camera.look_at(eye, target), [door_closed] + carton_home),
                    f"Walk to fridge  t={k * 1.0:.1f}s"))
    eye = np.array([2.95, 2.2, EYE_HEIGHT_M])
    cam = Camera.look_at(eye, target)
    for frac in (0.4, 1.0):
        _, door = scenes.fridge((3.4, 3.3, 0.0), open_fraction=frac)
        out.append((renderer.render(cam, [door] + carton_home), f"Open fridge#1  {int(frac * 100)}%"))
    _, door_open = scenes.fridge((3.4, 3.3, 0.0), open_fraction=1.0)
    look_down = Camera.look_at(eye, eye + np.array([0.0, 1.0, -0.45]))
    held, arm, yaw, center = held_carton(look_down.eye, look_down.forward, text)
    out.append((renderer.render(look_down, [door_open, arm] + held), "Grab milk_carton#1  (result)"))
    c, n, up = scenes.carton_label_frame(center, yaw=yaw)
    out.append((renderer.render(inspection_camera(c, n, up, label_height_m=0.09), [door_open, arm] + held),
                "LookAt milk_carton#1  (look_hold)"))
    out.append((renderer.render(cam, [door_open] + carton_home), "Put milk_carton#1 in fridge#1"))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out", help="contact sheet PNG path")
    ap.add_argument("--engine", default="auto")
    args = ap.parse_args(argv)
    frames = episode(Renderer(engine=args.engine))
    save_png(contact_sheet([f for f, _ in frames], [c for _, c in frames], columns=4), args.out)
    print(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
