"""How each movable kind is drawn: a table from kind to a look that dresses the kind's parts with mesh-kit shapes
(:mod:`.objectkit`) and materials (:mod:`.dress`).

A builder of :mod:`.objects` (or of a later family) makes a kind's parts as collision primitives (boxes,
cylinders, annuli, ellipsoids); :func:`dress_model` replaces each part by a dressed part fitted into the same
collision box with the same shape, so names, sizes, collision, surfaces, regions, label faces and affordances stay
as they were. A look is a function ``(params, part) -> (piece, skins) | None``; None (or a kind without a look)
dresses the part by its primitive: a bevelled cylinder, a smooth ellipsoid, a rounded box or a vessel wall, in
the kind's colour.
"""
from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

from .objectkit import (VESSEL_PROFILES, vessel_base, along_x, bag, ball, berry_punnet, blade, book, bottle, bread, bristles, burger, cactus, can, carton, chicken, cloth, crown, cutlery_handle, cyl, donut, egg, flat_quad, fluted_grip, fork_head, front_quad, kettle, keys, laptop, lens, loop_handle, marker_body, marker_cap, muffin, mushroom, pie, piece_from_mesh, pineapple_body, pizza, rbox, shaft, sheet, shoe, sponge, spoon_head, steak, toilet_roll, tub, turner, vessel, wire_panel)
from .meshkit_organic import apple, cheese_wedge, cushion, lemon, orange, potato, superellipsoid, tomato
from .dress import (Skin, art, dressed_part, letter_tile, linear_to_srgb8, pattern, recoloured, skin, text_page,
                    tinted_pattern)
from .materials import DARK, STEEL
from .object_looks_detail import DETAIL_LOOKS
from .meshkit import MeshPiece, merge
from .meshkit_shapes import revolve
from .model import AssetModel, Part
from .parts import finish
from .texturekit_print import bag_print, book_cover, carton_print, price_tag, product_label
from .texturekit_screens import lcd_display

__all__ = ["LOOKS", "Look", "dress_model", "dressed_model", "generic_piece", "surface_of"]

Look = Callable[[dict, Part], "tuple[MeshPiece, dict[str, Skin]] | None"]

WHITE_PAPER = (0.92, 0.91, 0.87)
CARD_BROWN = (0.5, 0.33, 0.18)


def _size(part: Part) -> tuple[float, float, float]:
    return tuple(float(x) for x in 2 * part.box_half)


def _col(p: dict, key: str = "color", default=(0.7, 0.7, 0.7)):
    return tuple(float(c) for c in p.get(key, default))


def _dark(c, k: float = 0.55):
    return tuple(float(x) * k for x in c)


def surface_of(p: dict) -> str:
    """The surface kind (:data:`.dress.SURFACES`) of a kind's main colour: ``_surface`` when the kind names one,
    else plastic."""
    return p.get("_surface", "plastic")


def generic_piece(part: Part, slot: str = "main") -> MeshPiece:
    """A part's primitive drawn smooth: a vessel wall for an annulus, a bevelled cylinder, an ellipsoid, or a
    rounded box (edge radius 12 % of the smallest side)."""
    sx, sy, sz = _size(part)
    kind = part.shape[0] if part.shape else "box"
    if kind == "ring":
        return vessel("mug", sx / 2, sz, wall=max(part.shape[2] - part.shape[1], 0.002), slot=slot)
    if kind == "cylinder":
        return cyl(sx / 2, sz, slot, bevel=0.12 * min(sx / 2, sz))
    if kind == "ellipsoid":
        return superellipsoid((sx / 2, sy / 2, sz / 2), (1.0, 1.0), 24, material=slot)
    if len(part.mesh.vertices) != 8:     # not a box: the part's own mesh, smooth-shaded
        return piece_from_mesh(part.mesh.vertices, part.mesh.faces, slot)
    return rbox((sx, sy, sz), 0.12 * min(sx, sy, sz), slot)


def dress_model(model: AssetModel, p: dict[str, Any]) -> AssetModel:
    """Replace every part of ``model`` by its dressed part (module docstring) and return ``model``; the look is
    ``LOOKS[p["_look"]]`` (default: the kind's name), else the generic one; a look that cannot build its shape
    for the given parameters (a mesh-kit ``ValueError``, e.g. a bottle too short for its cap) falls back to the
    generic one for that part."""
    look = LOOKS.get(p.get("_look", p.get("_kind", "")))
    parts = []
    for part in model.parts:
        try:
            got = look(p, part) if look is not None else None
        except ValueError:      # parameters outside what the look's shape allows: the part's primitive, smooth
            got = None
        if got is None:
            got = (generic_piece(part), {"main": skin(surface_of(p), part.color)})
        piece, skins = got
        parts.append(dressed_part(part, piece, skins))
    model.parts = parts
    return model


def dressed_model(p: dict[str, Any], model: AssetModel) -> AssetModel:
    """``model`` (built from collision primitives) with its bounds set, dressed (:func:`dress_model`), and its
    bounds set again from the dressed parts (equal to the first up to float32 rounding)."""
    return finish(dress_model(finish(model), p))


# --------------------------------------------------------------------------------------------------------------
# looks by family of shape
# --------------------------------------------------------------------------------------------------------------

def _vessel_look(style: str, surface: str = "glossy", inner=None, handle: str = "loop") -> Look:
    def look(p, part):
        sx, sy, sz = _size(part)
        c = _col(p)
        skins = {"glaze": skin(surface, c), "inside": skin(surface, inner or c)}
        if part.name.endswith("_wall"):
            return vessel(style, sx / 2, sz, slot="glaze", inner="inside"), skins
        if part.name.endswith("_bottom"):
            foot = VESSEL_PROFILES[style][1][0] * sx / 2
            return vessel_base(sx / 2, foot, sz, "glaze"), skins
        if part.name == "handle":
            if handle == "stick":
                return rbox((sx, sy, sz), 0.4 * min(sx, sy), "grip"), {"grip": skin("matte", DARK)}
            return loop_handle(sz, sx, min(sy, 0.012), "glaze"), skins
        return None
    return look


def _solid_vessel_look(style: str, surface: str = "glossy") -> Look:
    """A closed-body vessel (a plate, a pizza base, a pie) drawn from its body cylinder."""
    def look(p, part):
        sx, sy, sz = _size(part)
        if part.name != "body":
            return None
        return vessel(style, sx / 2, sz, slot="glaze"), {"glaze": skin(surface, _col(p))}
    return look


def _kettle(p, part):
    sx, sy, sz = _size(part)
    if part.name == "body":
        return kettle(sx / 2, sz), {"shell": skin("metal", _col(p)), "trim": skin("plastic", DARK)}
    if part.name == "handle":
        return loop_handle(sz, sx, min(sy, 0.014), "grip"), {"grip": skin("plastic", DARK)}
    return None


def _jug(p, part):
    sx, sy, sz = _size(part)
    if part.name == "body":
        return vessel("jug", sx / 2, sz, slot="glaze"), {"glaze": skin("glossy", _col(p))}
    if part.name == "handle":
        return loop_handle(sz, sx, min(sy, 0.014), "glaze"), {"glaze": skin("glossy", _col(p))}
    return None


# The generic packaging kinds below (bottle, carton, can, bag, tub) are the ones TaskPacks label themselves ("RUM
# 300 mL", "CLEANSER DANGER"): their wraps print no words, so no brand, product or volume contradicts the authored
# label. Kinds whose name is the product (olive_oil_bottle, soda_can: families.py) keep their printed words.

def _bottle(seed: int, surface: str = "glass", cap=(0.8, 0.1, 0.1)) -> Look:
    def look(p, part):
        sx, sy, sz = _size(part)
        if part.name == "body":
            return bottle(sx / 2, sz), {"glass": skin(surface, _col(p)), "cap": skin("plastic", cap),
                                          "label": art(product_label("", "", seed=seed, size=(256, 128),
                                                                     words=False))}
        if part.name == "cap":
            return cyl(sx / 2, sz, "cap", bevel=0.002), {"cap": skin("plastic", _col(p, "cap_color", cap))}
        return None
    return look


def _can(p, part):
    sx, sy, sz = _size(part)
    return can(sx / 2, sz), {"metal": skin("metal", (0.75, 0.76, 0.78)),
                                "label": art(recoloured(product_label("", "", seed=3, size=(256, 128), palette=1,
                                                                      words=False), _col(p)))}


def _carton(seed: int) -> Look:
    def look(p, part):
        sx, sy, sz = _size(part)
        img = recoloured(carton_print(sy, sx, sz, "", "", seed=seed, max_px=256, words=False), _col(p))
        return carton((sx, sy, sz)), {"print": art(img), "carton": skin("paper", _col(p)),
                                         "cap": skin("plastic", (0.9, 0.6, 0.05))}
    return look


def _bag(seed: int) -> Look:
    def look(p, part):
        sx, sy, sz = _size(part)
        return bag((sx, sy, sz)), {"print": art(recoloured(bag_print("", "", seed=seed, size=(256, 192),
                                                                       words=False), _col(p)))}
    return look


def _tub_look(seed: int, foil=(0.75, 0.76, 0.8)) -> Look:
    def look(p, part):
        sx, sy, sz = _size(part)
        return tub(min(sx, sy) / 2, sz), {"tub": skin("plastic", _col(p)), "foil": skin("metal", foil),
                                            "label": art(product_label("", "", seed=seed, size=(256, 96),
                                                                       words=False))}
    return look


def _book(p, part):
    sx, sy, sz = _size(part)
    img = recoloured(book_cover("The Quiet Harbour", "Anna Lind", seed=1, size=(176, 256)), _col(p))
    return book((sx, sy, sz)), {"board": skin("card", _col(p)), "pages": skin("paper", (0.85, 0.82, 0.72)),
                                   "cover": art(np.ascontiguousarray(np.rot90(img, -1)))}


def _sheet(title: str, seed: int, card: bool = False) -> Look:
    def look(p, part):
        sx, sy, sz = _size(part)
        # wordless: a TaskPack labels cards and documents ("$41", "RECIPE: ..."), and a printed price or title
        # under its label would contradict it
        if card:
            img = recoloured(price_tag(0.0, title, seed=seed, size=(256, 160), words=False), _col(p))
            img = np.ascontiguousarray(np.rot90(img, -1)) if sy > sx else img
        else:
            img = np.ascontiguousarray(np.rot90(text_page(title, seed, tone=linear_to_srgb8(_col(p)), words=False),
                                                -1))
        return sheet((sx, sy, sz)), {"print": art(img), "paper": skin("paper", _col(p))}
    return look



def _cloth(p, part):
    sx, sy, sz = _size(part)
    # a checked kitchen cloth: the weave alone reads as a flat mat at arm's length
    return cloth((sx, sy, sz), seed=2), {"cloth": tinted_pattern("check", _col(p), 0.06)}



def _stick(handle_style: str, head_style: str, head_surface: str = "metal", grip_surface: str | None = None) -> Look:
    def look(p, part):
        sx, sy, sz = _size(part)
        c, g = _col(p), _col(p, "grip_color", DARK)
        if part.name == "grip":
            surf = grip_surface or ("metal" if handle_style == "steel" else "plastic")
            if handle_style == "fluted":      # a screwdriver's grip is its coloured part
                return fluted_grip(sx, sy / 2, slot="grip"), {"grip": skin("glossy", c)}
            if handle_style == "cap":
                return marker_cap(sx, sy / 2), {"cap": skin("plastic", c), "clip": skin("metal", STEEL)}
            if handle_style == "wood":
                return rbox((sx, sy, sz), 0.45 * min(sy, sz), "grip"), {"grip": skin("wood", g)}
            if handle_style == "stick":
                return rbox((sx, 0.3 * sy, 0.25 * sz), 0.1 * sy, "grip", z0=0.0), {"grip": skin("wood", g)}
            col = c if handle_style == "steel" else g
            if p.get("_kind") == "thermometer":     # a probe thermometer's grip carries its digital display
                body = rbox((sx, sy, sz), 0.35 * min(sy, sz), "grip")
                lcd = flat_quad(0.55 * sx, 0.7 * sy, sz + 0.0004, "lcd", up=(0, 1, 0)).translated((-0.05 * sx, 0, 0))
                return merge([body, lcd]), {"grip": skin(surf, col), "lcd": art(lcd_display("63.5", size=(192, 72)))}
            return cutlery_handle(sx, sy, slot="grip", rise=0.8 * sz), {"grip": skin(surf, col)}
        if part.name == "head":
            if head_style == "fork":
                return fork_head(sx, sy, tilt_rise=0.7 * sz), {"steel": skin("metal", c)}
            if head_style == "spoon":
                return spoon_head(sx, sy, depth=0.6 * sz), {"steel": skin("metal", c)}
            if head_style == "blade":
                return blade(sx, sy), {"steel": skin("metal", c)}
            if head_style == "turner":
                return turner(sx, sy), {"blade": skin("plastic", c), "slot": skin("matte", (0.02, 0.02, 0.02))}
            if head_style == "shaft":
                return shaft(sx, 0.25 * min(sy, sz)), {"steel": skin("metal", STEEL)}
            if head_style == "probe":
                return shaft(sx, 0.2 * min(sy, sz), tip="point"), {"steel": skin("metal", STEEL)}
            if head_style == "marker":
                return marker_body(sx, 0.45 * min(sy, sz / 0.6)), {"barrel": skin("plastic", (0.95, 0.95, 0.95)),
                                                                      "tip": skin("matte", c)}
            if head_style == "lolly":
                return rbox((sx, sy, sz), 0.45 * min(sy, sz), "ice"), {"ice": skin("glossy", c)}
            if head_style == "squeegee":
                return merge([rbox((sx * 0.25, sy, sz * 0.7), 0.002, "frame", z0=0.3 * sz).translated(
                    (0.35 * sx, 0, 0)), rbox((sx * 0.12, sy, sz * 0.35), 0.001, "rubber").translated(
                    (0.44 * sx, 0, 0)), rbox((sx * 0.75, 0.25 * sy, 0.25 * sz), 0.003, "frame",
                                                z0=0.4 * sz).translated((-0.12 * sx, 0, 0))]), \
                    {"frame": skin("plastic", c), "rubber": skin("matte", DARK)}
            if head_style == "brush":
                return bristles((sx, sy, sz)), {"back": skin("wood", g), "bristle": skin("fabric", c)}
        return None
    return look


def _round(fn, slots: dict[str, tuple[str, Any]]) -> Look:
    """An organic form of the mesh kit (``fn(size)``) with per-slot (surface kind, colour or ``"color"``)."""
    def look(p, part):
        if part.name != "body":
            return None
        sx, sy, sz = _size(part)
        skins = {}
        for s, (kind, c) in slots.items():
            colour = _col(p) if c == "color" else c
            skins[s] = skin(kind, colour) if kind != "art" else art(pattern(c))
        return fn((sx, sy, sz)), skins
    return look


def _fruit(name: str) -> Callable[[tuple], MeshPiece]:
    def fn(size):
        sx, sy, sz = size
        f = {"apple": apple, "lemon": lemon, "orange": orange, "potato": potato, "tomato": tomato}[name]
        if name == "lemon":
            return f(sx, diameter=sy, seed=1)
        if name == "potato":
            return f(sx, seed=1)
        if name == "orange":
            return f(sx, seed=1)
        return f(sx, seed=1)
    return fn


def _pineapple(p, part):
    sx, sy, sz = _size(part)
    if part.name == "body":
        return pineapple_body((sx, sy, sz)), {"scales": art(pattern("pineapple"))}
    if part.name == "crown":
        return crown((sx, sy, sz)), {"leaf": skin("matte", _col(p, "crown_color"))}
    return None


def _donut(p, part):
    sx, sy, sz = _size(part)
    return donut(sx / 2 - sz / 2, sz / 2), {"icing": art(pattern("sprinkles")),
                                              "dough": skin("matte", (0.7, 0.42, 0.16))}


def _toy_block(p, part):
    sx, sy, sz = _size(part)
    body = rbox((sx, sy, sz), 0.08 * sx, "wood")
    faces = [front_quad(sy * 0.84, sz * 0.84, sx / 2 + 0.0003, 0.08 * sz, "face"),
             front_quad(sx * 0.84, sz * 0.84, sy / 2 + 0.0003, 0.08 * sz, "face").rotated((0, 0, 1), math.pi / 2),
             flat_quad(sx * 0.84, sy * 0.84, sz + 0.0003, "face")]
    img = letter_tile("A", linear_to_srgb8((0.95, 0.9, 0.75)), linear_to_srgb8(_col(p)))
    return merge([body] + faces), {"wood": skin("wood", (0.75, 0.6, 0.4)), "face": art(img)}



def _laptop(p, part):
    sx, sy, sz = _size(part)
    return laptop((sx, sy, sz)), {"case": skin("metal", _col(p)), "gap": skin("matte", DARK),
                                     "logo": skin("glossy", (0.9, 0.9, 0.92))}


def _scale(p, part):
    sx, sy, sz = _size(part)
    base = rbox((sx, sy, 0.75 * sz), 0.2 * sz, "body")
    plate = rbox((0.8 * sx, 0.9 * sy, 0.25 * sz), 0.1 * sz, "plate", z0=0.75 * sz).translated((-0.08 * sx, 0, 0))
    disp = front_quad(0.5 * sy, 0.5 * sz, sx / 2 + 0.0004, 0.12 * sz, "display")
    return merge([base, plate, disp]), {"body": skin("plastic", _col(p)), "plate": skin("metal", STEEL),
                                           "display": art(lcd_display("0.00", size=(128, 48)))}


def _container_box(surface: str, rim=None) -> Look:
    """An open-top box's walls and bottom drawn as slabs of ``surface`` (card, plastic, wire)."""
    def look(p, part):
        sx, sy, sz = _size(part)
        c = _col(p)
        if surface == "wire" and part.name.startswith("wall"):
            return wire_panel((sx, sy, sz)), {"wire": skin("metal", c)}
        return rbox((sx, sy, sz), 0.3 * min(sx, sy, sz), "main"), {"main": skin(
            "metal" if surface == "wire" else surface, c)}
    return look


def _cold_cuts(p, part):
    sx, sy, sz = _size(part)
    tray = rbox((sx, sy, 0.45 * sz), 0.1 * sz, "tray")
    # overlapping slices fanned across the tray, the top one level with the pack's top
    slices = [cyl(0.4 * min(sx, sy), 0.12 * sz, "meat", z0=sz * (0.45 + 0.14 * i), bevel=0.05 * sz).translated(
        ((i - 2) * 0.1 * sx, 0, 0)) for i in range(4)]
    label = flat_quad(0.3 * sx, 0.5 * sy, sz * 0.45 + 0.0004, "label").translated((-0.33 * sx, 0.2 * sy, 0.0))
    img = price_tag(0.0, "HAM", seed=4, size=(160, 96), words=False)  # a TaskPack labels the pack itself
    return merge([tray] + slices + [label]), {"tray": skin("plastic", (0.05, 0.05, 0.06)),
                                              "meat": skin("matte", _col(p)), "label": art(img)}


def _brownie(p, part):
    sx, sy, sz = _size(part)
    return rbox((sx, sy, sz), 0.12 * sz, "cake"), {"cake": Skin(art(pattern("crumb")).material, 0.03)}


def _soap(p, part):
    sx, sy, sz = _size(part)
    return rbox((sx, sy, sz), 0.45 * sz, "soap"), {"soap": skin("glossy", _col(p))}


def _eraser(p, part):
    sx, sy, sz = _size(part)
    rubber = rbox((sx, sy, sz), 0.15 * sz, "rubber")
    sleeve = rbox((0.55 * sx, sy * 1.02, sz * 1.04), 0.05 * sz, "sleeve").translated((-0.2 * sx, 0, -0.02 * sz))
    return merge([rubber, sleeve]), {"rubber": skin("matte", _col(p)), "sleeve": skin("paper", (0.1, 0.3, 0.75))}


def _storage(p, part):
    sx, sy, sz = _size(part)
    c = _col(p)
    return rbox((sx, sy, sz), 0.3 * min(sx, sy, sz), "plastic"), {"plastic": skin("plastic", c)}





def _tray(p, part):
    sx, sy, sz = _size(part)
    base = rbox((sx, sy, 0.3 * sz), 0.1 * sz, "tray")
    rims = [rbox((sx, 0.06 * sy, sz), 0.3 * sz, "tray").translated((0, s * 0.47 * sy, 0)) for s in (-1, 1)] + \
           [rbox((0.06 * sx, sy, sz), 0.3 * sz, "tray").translated((s * 0.47 * sx, 0, 0)) for s in (-1, 1)]
    return merge([base] + rims), {"tray": skin("plastic", _col(p))}




def _sponge(p, part):
    sx, sy, sz = _size(part)
    return sponge((sx, sy, sz)), {"foam": skin("matte", _col(p)), "scour": skin("fabric", (0.1, 0.45, 0.15))}


def _keys(p, part):
    sx, sy, sz = _size(part)
    return keys((sx, sy, sz)), {"ring": skin("metal", STEEL), "key": skin("metal", _col(p))}




def _shoe(p, part):
    sx, sy, sz = _size(part)
    return shoe((sx, sy, sz)), {"sole": skin("matte", (0.9, 0.9, 0.88)), "upper": skin("leather", _col(p)),
                                   "lace": skin("fabric", (0.95, 0.95, 0.95))}


def _steak(p, part):
    sx, sy, sz = _size(part)
    return steak((sx, sy, sz), seed=1), {"meat": Skin(art(pattern("steak")).material, 0.06),
                                            "fat": skin("matte", (0.93, 0.86, 0.75))}


def _mushroom(p, part):
    sx, sy, sz = _size(part)
    c = _col(p)
    return mushroom((sx, sy, sz)), {"cap": skin("matte", c), "gills": skin("matte", (0.35, 0.25, 0.18)),
                                       "stalk": skin("matte", (0.9, 0.87, 0.8))}


def _pizza(p, part):
    sx, sy, sz = _size(part)
    return pizza(sx / 2, sz), {"top": art(pattern("pizza")), "crust": skin("matte", (0.75, 0.5, 0.22))}


def _burger(p, part):
    sx, sy, sz = _size(part)
    return burger(sx / 2, sz), {"bun": skin("matte", (0.75, 0.45, 0.15)), "patty": skin("matte", (0.25, 0.12, 0.06)),
                                   "cheese": skin("glossy", (0.95, 0.65, 0.1)), "lettuce": skin("matte", (0.3, 0.7, 0.2))}


def _pie(p, part):
    sx, sy, sz = _size(part)
    return pie(sx / 2, sz), {"tin": skin("metal", STEEL), "crust": skin("matte", _col(p))}


def _toilet_roll(p, part):
    sx, sy, sz = _size(part)
    return toilet_roll(sx / 2, sz), {"paper": skin("paper", _col(p)), "card": skin("card", CARD_BROWN)}


def _cactus(p, part):
    sx, sy, sz = _size(part)
    return cactus(sx / 2, sz), {"pot": skin("matte", (0.6, 0.25, 0.12)), "soil": skin("matte", (0.12, 0.08, 0.05)),
                                   "cactus": skin("matte", _col(p))}


def _berry_punnet(p, part):
    sx, sy, sz = _size(part)
    return berry_punnet((sx, sy, sz)), {"punnet": skin("plastic", (0.2, 0.45, 0.2)), "berries": art(pattern("berries"))}


def _chicken(p, part):
    sx, sy, sz = _size(part)
    return chicken((sx, sy, sz)), {"skin": skin("matte", _col(p))}


def _cheese(p, part):
    sx, sy, sz = _size(part)
    w = cheese_wedge(sx, angle_deg=40.0, height=sz)
    return w, {"flesh": skin("matte", _col(p)), "rind": skin("matte", _dark(_col(p), 0.8))}


def _bread(p, part):
    sx, sy, sz = _size(part)
    return bread((sx, sy, sz), seed=1), {"crust": skin("matte", _col(p))}


def _muffin(p, part):
    sx, sy, sz = _size(part)
    return muffin((sx, sy, sz)), {"case": skin("paper", (0.85, 0.3, 0.3)), "top": skin("matte", _col(p))}



def _projector(p, part):
    sx, sy, sz = _size(part)
    if part.name == "body":
        body = rbox((sx, sy, sz), 0.2 * sz, "shell")
        grille = front_quad(0.4 * sy, 0.6 * sz, sx / 2 + 0.0004, 0.2 * sz, "grille").translated((0, 0.2 * sy, 0))
        return merge([body, grille]), {"shell": skin("plastic", _col(p)), "grille": art(pattern("grille"))}
    if part.name == "lens":
        return lens(min(sy, sz) / 2, sx), {"barrel": skin("plastic", DARK), "glass": skin("glass", (0.2, 0.3, 0.4))}
    return None


def _camera(p, part):
    sx, sy, sz = _size(part)
    if part.name == "body":
        body = rbox((sx, sy, sz), 0.15 * min(sx, sz), "body")
        grip = rbox((0.9 * sx, 0.25 * sy, 0.9 * sz), 0.2 * min(sx, sz), "grip", z0=0.05 * sz).translated(
            (0.03 * sx, -0.36 * sy, 0))
        return merge([body, grip]), {"body": skin("plastic", _col(p)), "grip": skin("leather", (0.05, 0.05, 0.05))}
    if part.name == "lens":
        return lens(min(sy, sz) / 2, sx), {"barrel": skin("metal", STEEL), "glass": skin("glass", (0.1, 0.15, 0.25))}
    return None


def _backpack(p, part):
    sx, sy, sz = _size(part)
    if part.name == "bag":
        return cushion((sx, sy, sz), seed=4).rotated((0, 0, 1), 0).translated((0, 0, sz / 2)), \
            {"fabric": skin("fabric", _col(p))}
    if part.name == "pocket":
        return cushion((sx, sy, sz), seed=5).translated((0, 0, sz / 2)), \
            {"fabric": skin("fabric", _col(p, "pocket_color"))}
    return None



def _headset(p, part):
    sx, sy, sz = _size(part)
    if part.name.startswith("cup_"):
        return along_x(cyl(sx / 2, sy, "pad", bevel=0.4 * sy)).rotated((0, 0, 1), math.pi / 2), \
            {"pad": skin("leather", _col(p))}
    return rbox((sx, sy, sz), 0.45 * min(sx, sy, sz), "band"), {"band": skin("plastic", _col(p))}


def _reed_look(p, part):
    sx, sy, sz = _size(part)
    if part.name.startswith("reed_"):
        return piece_from_mesh(part.mesh.vertices, part.mesh.faces, "reed"), {"reed": skin("wood", _col(p, "reed_color"))}
    if part.name == "bottle":
        return vessel("jug", sx / 2, sz, slot="glass"), {"glass": skin("glass", _col(p))}
    return cyl(sx / 2, sz, "glass", bevel=0.001), {"glass": skin("glass", _col(p))}


def _atomizer(p, part):
    sx, sy, sz = _size(part)
    if part.name == "bottle":
        body = revolve([(0, 0), (0.48 * sx, 0), (0.5 * sx, 0.1 * sz), (0.5 * sx, 0.8 * sz), (0.3 * sx, 0.97 * sz),
                           (0.0, sz)], 32, material="glass")
        return body, {"glass": skin("glass", _col(p))}
    return rbox((sx, sy, sz), 0.3 * min(sx, sy, sz), "head"), {"head": skin("plastic", _col(p, "head_color"))}


def _shards(p, part):
    return piece_from_mesh(part.mesh.vertices, part.mesh.faces, "glass", crease_deg=20.0), \
        {"glass": skin("glass", _col(p))}


def _ball(p, part):
    sx, sy, sz = _size(part)
    from_c = linear_to_srgb8(_col(p))
    img = np.zeros((64, 128, 3), np.uint8)
    img[:] = from_c
    img[28:36, :] = (250, 250, 250)
    img[:, ::32] = (250, 250, 250)
    return ball((sx, sy, sz)), {"print": art(img)}


LOOKS: dict[str, Look] = {
    # drinks and packaging
    "milk_carton": _carton(2),
    "juice_carton": _carton(6),
    "carton": _carton(9),
    "chips_bag": _bag(3),
    "bottle": _bottle(4),
    "water_bottle": _bottle(7, surface="glass", cap=(0.1, 0.4, 0.9)),
    "can": _can,
    "ice_cream": _tub_look(11),
    "yogurt": _tub_look(12),
    "soap": _soap,
    "cold_cuts": _cold_cuts,
    "berry_punnet": _berry_punnet,
    # kitchenware and cookware
    "mug": _vessel_look("mug"),
    "cup": _vessel_look("cup"),
    "bowl": _vessel_look("bowl"),
    "pan": _vessel_look("pan", "metal", inner=(0.05, 0.05, 0.05), handle="stick"),
    "plate": _solid_vessel_look("plate"),
    "kettle": _kettle,
    "jug": _jug,
    "tray": _tray,
    "kitchen_scale": _scale,
    "box": _container_box("card"),
    "storage_box": _container_box("plastic"),
    # documents and office
    "book": _book,
    "document": _sheet("RECIPE", 1),
    "card": _sheet("CARD", 2, card=True),
    "invoice_card": _sheet("INVOICE", 3, card=True),
    "eraser": _eraser,
    "laptop": _laptop,
    "projector": _projector,
    "camera": _camera,
    "headset": _headset,
    # textiles, personal
    "cloth": _cloth,
    "shoe": _shoe,
    "backpack": _backpack,
    "keys": _keys,
    "sponge": _sponge,
    "toilet_roll": _toilet_roll,
    "toy_block": _toy_block,
    "ball": _ball,
    # tools (grip at -x, head at +x)
    "knife": _stick("wood", "blade", grip_surface="wood"),
    "spatula": _stick("plain", "turner"),
    "pen": _stick("cap", "marker"),
    "squeegee": _stick("plain", "squeegee"),
    "thermometer": _stick("plain", "probe"),
    # food
    "apple": _round(_fruit("apple"), {"skin": ("glossy", "color"), "stem": ("matte", (0.25, 0.15, 0.06))}),
    "lemon": _round(_fruit("lemon"), {"skin": ("matte", "color")}),
    "potato": _round(_fruit("potato"), {"skin": ("matte", "color")}),
    "egg": _round(egg, {"shell": ("matte", "color")}),
    "mushroom": _mushroom,
    "steak": _steak,
    "pineapple": _pineapple,
    "donut": _donut,
    "bread": _bread,
    "pizza": _pizza,
    "burger": _burger,
    "pie": _pie,
    "pastry": _muffin,
    "brownie": _brownie,
    "cheese": _cheese,
    "chicken": _chicken,
    "cactus": _cactus,
    # household
    "reed_diffuser": _reed_look,
    "atomizer": _atomizer,
    "glass_shards": _shards,
}
LOOKS.update(DETAIL_LOOKS)
"""Kind (or ``_look`` name) -> look; kinds missing here are dressed generically."""
