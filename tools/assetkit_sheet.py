"""Contact sheet of the asset kit: kit meshes rendered with the existing renderer (one texture per mesh, flat face
shading) above a grid of every procedural texture variant, shipped texture file and printed artwork.

    python tools/assetkit_sheet.py [--out docs/images/assetkit_sheet.png]

The objects are composed here from kit pieces only to look at the kit (asset families build the real ones).
Tiling UV [m] is turned into the renderer's clamped [0, 1] UV by repeating the texture image over the piece.
"""
from __future__ import annotations

import argparse
import math
import os
import sys
import time

import numpy as np
from PIL import Image

from interactiveworld.render import Camera, Renderer, contact_sheet, save_png
from interactiveworld.render.shading import srgb_to_linear
from interactiveworld.world.assets import meshkit as mk
from interactiveworld.world.assets import meshkit_organic as mo
from interactiveworld.world.assets import meshkit_packaging as mp
from interactiveworld.world.assets import meshkit_shapes as ms
from interactiveworld.world.assets import texturekit as tk
from interactiveworld.world.assets import texturekit_files as tf
from interactiveworld.world.assets import texturekit_print as tp
from interactiveworld.world.assets import texturekit_screens as ts
from interactiveworld.world.geometry import VisualMesh

OUT = os.path.join(os.path.dirname(__file__), "..", "docs", "images", "assetkit_sheet.png")


# ----------------------------------------------------------------------------------------------------------------
# looks: slot -> (texture image or None, sRGB colour, metres per tile or None for a clamped print)
# ----------------------------------------------------------------------------------------------------------------

def tiled(name: str, tile_m: float | None = None, size: int = 128, **kw):
    img = tk.texture(name, size, **kw)
    gen = tk.VARIANTS[name][0] if name in tk.VARIANTS else name
    return (img, None, tile_m or tk.TILE_M[gen])


def filetex(name: str, tile_m: float):
    img = np.asarray(Image.fromarray(tf.load_texture(name)).resize((128, 128), Image.LANCZOS))
    return (img, None, tile_m)


def colour(rgb):
    return (None, rgb, None)


def printed(img):
    return (img, None, None)


def _visuals(piece: mk.MeshPiece, looks: dict, owner: str) -> list[VisualMesh]:
    out = []
    for slot in piece.slots:
        sub = piece.split_slot(slot)
        img, rgb, tile = looks.get(slot, (None, (200, 200, 200), None))
        n = len(sub.faces)
        if img is None:
            out.append(VisualMesh(sub.vertices, sub.faces, np.tile(srgb_to_linear(np.asarray(rgb)), (n, 1)), owner))
            continue
        uv = sub.uv.astype(np.float64)
        if tile is not None:        # repeat the tile image so clamped [0, 1] UV covers the piece
            uv = uv / tile
            lo = np.floor(uv.min(axis=0))
            reps = np.maximum(1, np.ceil(uv.max(axis=0) - lo)).astype(int)
            reps = np.minimum(reps, 12)
            img = np.tile(img, (reps[1], reps[0], 1))
            uv = np.clip((uv - lo) / reps, 0, 1)
        out.append(VisualMesh(sub.vertices, sub.faces, np.ones((n, 3), np.float32), owner, uv=uv.astype(np.float32),
                              texture=np.ascontiguousarray(img), textured_faces=np.ones(n, bool)))
    return out


def quad(w: float, h: float, slot: str) -> mk.MeshPiece:
    """A w x h rectangle in the yz plane facing +x, unit UV ((0, 0) bottom-left as seen from +x)."""
    v = np.array([(0, -w / 2, 0), (0, w / 2, 0), (0, w / 2, h), (0, -w / 2, h)], np.float32)
    return mk.MeshPiece(v, np.array([[0, 1, 2], [0, 2, 3]], np.int32), np.tile(np.float32((1, 0, 0)), (4, 1)),
                        np.array([(0, 0), (1, 0), (1, 1), (0, 1)], np.float32), (slot,), np.zeros(2, np.int32))


# ----------------------------------------------------------------------------------------------------------------
# objects composed from kit pieces
# ----------------------------------------------------------------------------------------------------------------

def mug():
    body = ms.revolve([(0, 0), (0.040, 0), (0.041, 0.095)], 40, thickness=0.005, material="glaze")
    path = ms.bezier([(0.036, 0, 0.078), (0.085, 0, 0.086), (0.085, 0, 0.02), (0.036, 0, 0.028)], 16)
    handle = ms.sweep(path, section=[(-1, -0.6), (1, -0.6), (1, 0.6), (-1, 0.6)], radius=0.007, up=(0, 1, 0),
                      material="glaze")
    return mk.merge([body, handle.rotated((0, 0, 1), -0.6)]), {"glaze": tiled("plastic", 0.2, colour=(34, 96, 170))}


def fork():
    tines, tw, gap = 4, 0.0035, 0.0025
    head_w = tines * tw + (tines - 1) * gap
    pts = [(-0.1, -0.006), (-0.03, -0.0045), (0.0, -0.005), (0.02, -head_w / 2)]
    top = []
    for k in range(tines):
        y0 = -head_w / 2 + k * (tw + gap)
        top += [(0.065, y0), (0.065, y0 + tw)]
        if k < tines - 1:
            top += [(0.03, y0 + tw), (0.03, y0 + tw + gap)]
    pts += top + [(0.02, head_w / 2), (0.0, 0.005), (-0.03, 0.0045), (-0.1, 0.006), (-0.105, 0.0)]
    p = ms.extrude(pts, 0.0025, bevel=0.0006, bevel_segments=2, material="steel")
    return p.rotated((0, 0, 1), 0.5), {"steel": tiled("brushed_steel", 0.1)}


def spoon():
    a = np.linspace(0, 2 * math.pi, 28, endpoint=False)
    bowl = ms.extrude(np.c_[0.022 * np.cos(a), 0.015 * np.sin(a)], 0.0018, dish=0.007, bevel=0.0005,
                      material="steel").translated((0.04, 0, 0.007))
    handle = ms.extrude([(-0.11, -0.006), (0.02, -0.004), (0.02, 0.004), (-0.11, 0.006), (-0.115, 0)], 0.0022,
                        bevel=0.0006, material="steel").translated((0, 0, 0.007))
    return mk.merge([bowl, handle]).rotated((0, 0, 1), 0.5), {"steel": tiled("brushed_steel", 0.1)}


def knife():
    blade = ms.extrude([(0.0, -0.004), (0.12, -0.01), (0.13, 0.008), (0.0, 0.01)], 0.0015, material="steel")
    handle = ms.rounded_box((0.1, 0.02, 0.016), 0.007, 3, material="wood").translated((-0.05, 0.002, 0.008))
    return (mk.merge([blade.translated((0, 0, 0.0075)), handle]).rotated((0, 0, 1), 0.5),
            {"steel": tiled("brushed_steel", 0.1), "wood": tiled("wood_walnut", 0.3)})


def plate():
    p = ms.revolve([(0, 0), (0.07, 0), (0.076, 0.004), (0.118, 0.017), (0.128, 0.019)], 48, thickness=0.004,
                   material="china")
    return p, {"china": tiled("plastic_white", 0.2)}


def bowl():
    p = ms.revolve([(0, 0), (0.035, 0), (0.06, 0.02), (0.074, 0.06)], 48, thickness=0.005, material="glaze")
    return p, {"glaze": tiled("plastic", 0.2, colour=(210, 120, 60))}


def saucepan():
    pot = ms.revolve([(0, 0), (0.09, 0), (0.092, 0.1)], 48, thickness=0.003, material="steel")
    handle = ms.sweep([(0.085, 0, 0.085), (0.16, 0, 0.095), (0.27, 0, 0.11)], radius=[0.009, 0.01, 0.011],
                      material="plastic")
    return mk.merge([pot, handle]), {"steel": tiled("brushed_steel", 0.3), "plastic": tiled("plastic_black")}


def kettle():
    body = ms.revolve([(0, 0), (0.08, 0), (0.088, 0.05), (0.085, 0.13), (0.06, 0.19), (0.0, 0.2)], 40,
                      material="steel")
    spout = ms.sweep(ms.bezier([(0.06, 0, 0.05), (0.12, 0, 0.06), (0.13, 0, 0.14), (0.16, 0, 0.17)], 14),
                     radius=np.linspace(0.016, 0.007, 14), material="steel")
    handle = ms.sweep(ms.bezier([(-0.07, 0, 0.17), (-0.03, 0, 0.27), (0.04, 0, 0.26), (0.05, 0, 0.19)], 16),
                      radius=0.011, material="plastic")
    knob = ms.revolve([(0.012, 0), (0.012, 0.012), (0.0, 0.018)], 20, material="plastic").translated((0, 0, 0.2))
    return (mk.merge([body, spout, handle, knob]).rotated((0, 0, 1), 0.9),
            {"steel": tiled("brushed_steel", 0.3), "plastic": tiled("plastic_black")})


def tumbler():
    return (ms.revolve([(0, 0), (0.03, 0), (0.036, 0.11)], 40, thickness=0.003, material="glass"),
            {"glass": colour((170, 200, 210))})


def vase():
    rz = ms.bezier([(0.045, 0), (0.11, 0.08), (0.08, 0.2), (0.025, 0.22), (0.03, 0.28), (0.05, 0.3)], 20)
    return (ms.revolve(np.concatenate([[(0, 0)], rz]), 40, thickness=0.004, material="glaze"),
            {"glaze": tiled("marble_verde", 0.3)})


def lamp():
    shade = ms.revolve([(0.16, 0.0), (0.1, 0.2)], 40, thickness=0.003, material="fabric").translated((0, 0, 0.35))
    stem = ms.sweep([(0, 0, 0.02), (0, 0, 0.3), (0, 0, 0.45)], radius=0.008, material="brass")
    base = ms.revolve([(0.09, 0), (0.085, 0.02), (0.02, 0.03)], 40, material="brass")
    return mk.merge([shade, stem, base]), {"fabric": tiled("fabric_linen", 0.1),
                                           "brass": tiled("brushed_metal", 0.3, tone=(60, 58, 56))}


def plant():
    pot = ms.revolve([(0, 0), (0.06, 0), (0.08, 0.14)], 40, thickness=0.008, material="clay")
    soil = ms.revolve([(0.073, 0.12), (0.0, 0.125)], 40, caps=True, material="soil")
    leaves = []
    for k in range(9):
        lf = mo.leaf(0.16 + 0.02 * (k % 3), 0.05, fold=0.3, curl=0.35, seed=k)
        lf = lf.rotated((0, 1, 0), -1.0 + 0.1 * (k % 2)).rotated((0, 0, 1), k * 2 * math.pi / 9 + 0.3)
        leaves.append(lf.translated((0, 0, 0.12)))
    return mk.merge([pot, soil, *leaves]), {"clay": filetex("robosuite_clay", 0.3), "soil": colour((60, 42, 30)),
                                            "leaf": colour((52, 120, 48))}


def fruit(kind: str):
    looks = {"skin": {"apple": colour((176, 28, 30)), "pear": colour((196, 190, 70)), "orange": colour((236, 130, 20)),
                      "lemon": colour((240, 214, 60)), "tomato": colour((210, 40, 30)),
                      "carrot": colour((230, 110, 30)), "banana": colour((240, 210, 80)),
                      "potato": colour((190, 150, 100))}[kind],
             "stem": colour((90, 70, 40)), "leaf": colour((60, 130, 50))}
    return getattr(mo, kind)(seed=1), looks


def bread():
    return mo.bread_loaf(), {"crust": filetex("robosuite_bread", 0.15)}


def cheese():
    return mo.cheese_wedge(), {"flesh": colour((244, 206, 110)), "rind": colour((214, 160, 70))}


def cushion():
    return mo.cushion(seed=1), {"fabric": tiled("fabric_denim", 0.05)}


def can():
    return (mp.can(), {"metal": tiled("brushed_steel", 0.1),
                       "label": printed(tp.product_label("Fizzo", "Lemon Soda", seed=1, detail="330 ml"))})


def bottle():
    return (mp.bottle(), {"glass": colour((40, 100, 60)), "cap": colour((200, 170, 60)),
                          "label": printed(tp.product_label("Green Hill", "Olive Oil", seed=4, detail="500 ml"))})


def carton():
    w, d, h = 0.07, 0.07, 0.19
    return (mp.gable_carton(w, d, h), {"print": printed(tp.carton_print(w, d, h, "Dairy Fresh", "Whole Milk",
                                                                          seed=2, detail="1 L")),
                                       "carton": colour((240, 240, 236)), "cap": colour((30, 90, 190))})


def chips():
    return mp.pillow_bag(), {"print": printed(tp.bag_print("Crunchy", "Sea Salt", seed=3, detail="150 g"))}


def cereal_box():
    W, D, H = 0.19, 0.07, 0.28
    box = ms.rounded_box((D, W, H), 0.002, 1, material="card").translated((0, 0, H / 2))
    front = quad(W * 0.99, H * 0.99, "front").translated((D / 2 + 0.0006, 0, H * 0.005))
    return mk.merge([box, front]), {"card": colour((240, 200, 60)),
                                    "front": printed(tp.box_front("Morning", "Corn Flakes", seed=5))}


def book():
    W, T, H = 0.16, 0.035, 0.235
    pages = ms.rounded_box((W - 0.004, T - 0.004, H - 0.006), 0.001, 1, material="pages").translated((0, 0, H / 2))
    cover = quad(W, H, "cover").rotated((0, 0, 1), -math.pi / 2).translated((0, -T / 2 - 0.0005, 0))
    spine = quad(T, H, "spine").translated((W / 2 + 0.0005, 0, 0))
    return (mk.merge([pages, cover, spine]).rotated((0, 0, 1), 0.5),
            {"pages": colour((240, 236, 220)), "cover": printed(tp.book_cover("The Quiet Harbour", "Anna Lind", seed=1)),
             "spine": printed(tp.book_spine("The Quiet Harbour", "Anna Lind", seed=1, size=(24, 352)))})


def microwave():
    W, D, H = 0.5, 0.38, 0.3
    body = ms.rounded_box((D, W, H), 0.012, 2, material="shell").translated((0, 0, H / 2))
    window = quad(W * 0.6, H * 0.7, "window").translated((D / 2 + 0.0008, -W * 0.16, H * 0.15))
    panel = quad(W * 0.26, H * 0.8, "panel").translated((D / 2 + 0.0008, W * 0.34, H * 0.1))
    handle = ms.rounded_box((0.02, 0.015, H * 0.6), 0.006, 2, material="shell").translated(
        (D / 2 + 0.012, W * 0.16, H / 2))
    img = ts.control_panel("microwave", display="12:30", programme="Defrost", size=(480, 128))
    img = np.ascontiguousarray(np.rot90(img, 1))      # the strip runs down the side panel
    return mk.merge([body, window, panel, handle]).rotated((0, 0, 1), 0.5), {
        "shell": tiled("painted_white", 0.3), "window": colour((28, 30, 34)), "panel": printed(img)}


def sign_plate():
    plate = ms.extrude([(-0.15, 0), (0.15, 0), (0.15, 0.1), (-0.15, 0.1)], 0.006, bevel=0.002, material="plate")
    plate = plate.rotated((1, 0, 0), math.pi / 2).rotated((0, 0, 1), math.pi / 2).translated((-0.003, 0, 0.0))
    face = quad(0.296, 0.096, "print").translated((0.0035, 0, 0.002))
    stand = ms.rounded_box((0.1, 0.12, 0.01), 0.003, 1, material="plate").translated((0, 0, 0.005))
    return mk.merge([plate.translated((0, 0, 0.01)), face.translated((0, 0, 0.01)), stand]).rotated((0, 0, 1), 0.4), {
        "plate": colour((40, 40, 40)), "print": printed(tp.sign("Wet floor", kind="warning"))}


def tablet():
    a = np.linspace(0, math.pi / 2, 6)
    corner = np.c_[0.012 * np.cos(a), 0.012 * np.sin(a)]
    outline = np.concatenate([corner + (0.088, 0.058), corner[:, ::-1] * (-1, 1) + (-0.088, 0.058),
                              -corner + (-0.088, -0.058), corner[:, ::-1] * (1, -1) + (0.088, -0.058)])
    body = ms.extrude(outline, 0.008, bevel=0.002, material="case")
    v = np.array([(-0.09, -0.06, 0.0084), (0.09, -0.06, 0.0084), (0.09, 0.06, 0.0084), (-0.09, 0.06, 0.0084)],
                 np.float32)
    screen = mk.MeshPiece(v, np.array([[0, 1, 2], [0, 2, 3]], np.int32), np.tile(np.float32((0, 0, 1)), (4, 1)),
                          np.array([(0, 0), (1, 0), (1, 1), (0, 1)], np.float32), ("screen",), np.zeros(2, np.int32))
    return (mk.merge([body, screen]).rotated((0, 1, 0), -0.35).rotated((0, 0, 1), -0.3).translated((0, 0, 0.04)),
            {"case": colour((40, 40, 44)), "screen": printed(ts.screen_desktop(seed=1))})


OBJECTS = {
    "mug": mug, "bottle": bottle, "can": can, "carton": carton, "chips bag": chips, "cereal box": cereal_box,
    "fork": fork, "spoon": spoon, "knife": knife, "plate": plate, "bowl": bowl, "tumbler": tumbler,
    "saucepan": saucepan, "kettle": kettle, "vase": vase, "lamp": lamp, "plant": plant,
    "apple": lambda: fruit("apple"), "pear": lambda: fruit("pear"), "orange": lambda: fruit("orange"),
    "lemon": lambda: fruit("lemon"), "tomato": lambda: fruit("tomato"), "banana": lambda: fruit("banana"),
    "carrot": lambda: fruit("carrot"), "potato": lambda: fruit("potato"), "bread": bread, "cheese": cheese,
    "cushion": cushion, "book": book, "microwave": microwave, "sign": sign_plate, "tablet": tablet,
}


def render_objects(renderer: Renderer) -> tuple[list[np.ndarray], list[str]]:
    ground = mk.grid_plane((4.0, 4.0), 4.0, material="floor")
    ground_vis = _visuals(ground, {"floor": filetex("robosuite_wood_varnished_panels", 1.2)}, "")
    frames, caps = [], []
    for name, make in OBJECTS.items():
        piece, looks = make()
        lo, hi = piece.bounds
        c = (lo + hi) / 2
        r = max(float(np.linalg.norm(hi - lo)) / 2, 0.03)
        fov = 35.0
        view = np.array([1.0, -0.55, 0.75])
        view /= np.linalg.norm(view)
        eye = c + view * (r / math.tan(math.radians(fov / 2)) * 1.05)
        renderer.set_static(ground_vis + _visuals(piece, looks, name))
        cam = Camera(eye=eye, forward=c - eye, up=(0, 0, 1), fov_y_deg=fov, near=0.01)
        frames.append(renderer.render(cam))
        caps.append(f"{name} ({len(piece.faces)} tris)")
    return frames, caps


def texture_tiles() -> tuple[list[np.ndarray], list[str]]:
    frames, caps = [], []
    for name in tk.VARIANTS:
        frames.append(tk.texture(name, 128))
        caps.append(name)
    for name in tf.texture_names():
        frames.append(np.asarray(Image.fromarray(tf.load_texture(name)).resize((128, 128), Image.LANCZOS)))
        caps.append(name.replace("robosuite_", "rs:").replace("metaworld_", "mw:")[:19])
    return frames, caps


def print_tiles() -> tuple[list[np.ndarray], list[str]]:
    items = [
        ("product_label", tp.product_label("Fizzo", "Lemon Soda", seed=1, detail="330 ml")),
        ("carton_print", tp.carton_print(0.07, 0.07, 0.19, "Dairy Fresh", "Whole Milk", seed=2, detail="1 L")),
        ("bag_print", tp.bag_print("Crunchy", "Sea Salt", seed=3, detail="150 g")),
        ("box_front", tp.box_front("Morning", "Corn Flakes", seed=5)),
        ("book_cover", tp.book_cover("The Quiet Harbour", "Anna Lind", seed=1)),
        ("magazine_cover", tp.magazine_cover("Home & Garden", seed=2)),
        ("sign exit", tp.sign("EXIT", kind="exit")), ("sign room", tp.sign("Meeting Room 2", kind="room")),
        ("price_tag", tp.price_tag(2.49, "Bananas", seed=0)),
        ("control_panel on", ts.control_panel("washer", display="1:25", programme="Cotton 40", seed=2)),
        ("control_panel off", ts.control_panel("washer", display="1:25", programme="Cotton 40", seed=2, on=False)),
        ("screen_desktop", ts.screen_desktop(seed=4)),
    ]
    return [_letterbox(i) for _, i in items], [n for n, _ in items]


def _letterbox(img: np.ndarray, w: int = 318, h: int = 200) -> np.ndarray:
    """The image scaled to fit w x h, centred on the sheet's dark ground (portrait prints stay small)."""
    im = Image.fromarray(img)
    s = min(w / im.width, h / im.height)
    im = im.resize((max(1, round(im.width * s)), max(1, round(im.height * s))), Image.LANCZOS)
    out = Image.new("RGB", (w, h), (24, 24, 24))
    out.paste(im, ((w - im.width) // 2, (h - im.height) // 2))
    return np.asarray(out)


def _pad(img: np.ndarray, width: int) -> np.ndarray:
    out = np.full((img.shape[0], width, 3), 24, np.uint8)
    out[:, : img.shape[1]] = img[:, :width]
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    renderer = Renderer(engine="embree", width=320, height=240, threads=2)
    frames, caps = render_objects(renderer)
    objects = contact_sheet(frames, caps, columns=8, thumb_width=240, caption_px=13)
    tex, tcaps = texture_tiles()
    textures = contact_sheet(tex, tcaps, columns=16, thumb_width=118, caption_px=10)
    pr, pcaps = print_tiles()
    prints = contact_sheet(pr, pcaps, columns=6, thumb_width=318, caption_px=12)
    width = max(objects.shape[1], textures.shape[1], prints.shape[1])
    sheet = np.concatenate([_pad(objects, width), _pad(textures, width), _pad(prints, width)])
    save_png(sheet, args.out)
    print(f"{len(frames)} objects, {len(tex)} textures, {len(pr)} prints -> {args.out} "
          f"({sheet.shape[1]}x{sheet.shape[0]}, {time.perf_counter() - t0:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
