"""Generator families: many object categories from parameter tables (:mod:`.family_tables`), each with visual
variants, registered in the catalog when this module is imported.

A family is a look factory: given one table row it returns a look (:data:`.object_looks.Look`) that draws the
kind's single collision part with mesh-kit shapes and texture-kit materials; the ``variant`` parameter (an integer
in ``[0, variants)``) picks the colour from the row's palette, the print seed and a small change of proportions.
The physics of a family kind is one convex part: a box, an upright cylinder or an ellipsoid filling the kind's
``size`` (x, y, z) [m], or an open vessel (annular wall plus bottom, region ``interior``) for ``container`` rows.

Families: ``vessel`` (lathe profiles with handles, lids, spouts and stems), ``bottle``, ``can``, ``carton``,
``bag``, ``box`` (printed folding boxes), ``produce`` (fruit and vegetables), ``bakery``, ``flat`` (books, paper,
cards), ``tool`` (long things: handle and head), ``gadget`` (rounded devices with a screen or printed face),
``textile`` (folded cloth), ``ball``. :data:`FAMILY_OF` and :data:`VARIANTS_OF` list what each kind is.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from .catalog import CATALOG, build_asset, register
from .dress import Skin, art, linear_to_srgb8, pattern, skin, text_page
from .family_tables import FAMILY_ROWS, PALETTES
from .meshkit import MeshPiece, merge
from .meshkit_organic import apple, banana, blob, carrot, lemon, orange, pear, potato, superellipsoid, tomato
from .meshkit_packaging import bottle as kit_bottle
from .meshkit_shapes import bezier, extrude, revolve, sweep
from .model import AssetModel, Region
from .object_looks import LOOKS, dressed_model
from .objectkit import (along_x, vessel_base, bag, blade, book, can, carton, cloth, cutlery_handle, cyl, donut, flat_quad,
                        fluted_grip, fork_head, front_quad, loop_handle, marker_body, marker_cap, muffin, onion, rbox,
                        shaft, sheet, spoon_head, towel, turner)
from .parts import box, cup, cylinder, label_face, region_surfaces, sphere, vec
from .texturekit_print import bag_print, book_cover, box_front, carton_print, magazine_cover, product_label
from .texturekit_screens import lcd_display, screen_desktop

__all__ = ["FAMILY_OF", "VARIANTS_OF", "FAMILIES", "family_object", "variant_colour", "CatalogRow", "catalog_rows",
           "is_textured"]

FAMILY_OF: dict[str, str] = {}
"""Kind -> family name, for every kind this module registers."""

VARIANTS_OF: dict[str, int] = {}
"""Kind -> number of visual variants (values of its ``variant`` parameter)."""


def variant_colour(row: dict, variant: int):
    """The linear RGB colour of ``variant`` from the row's palette (a named :data:`.family_tables.PALETTES` entry
    or a list of colours), cycling."""
    pal = row.get("palette", "bright")
    cols = PALETTES[pal] if isinstance(pal, str) else pal
    return tuple(float(c) for c in cols[int(variant) % len(cols)])


def _jitter(size, variant: int, amount: float = 0.06) -> tuple[float, float, float]:
    """Proportions of ``variant``: 0 is the row's size; others stretch each axis by up to ``amount`` (seeded)."""
    if variant == 0:
        return tuple(size)
    rng = np.random.default_rng(1000 + int(variant))
    k = 1 + amount * rng.uniform(-1, 1, 3)
    return tuple(float(s * f) for s, f in zip(size, k))


# --------------------------------------------------------------------------------------------------------------
# the physics of a family kind
# --------------------------------------------------------------------------------------------------------------

def family_object(p: dict[str, Any]) -> AssetModel:
    """A family kind's model: one collision part filling ``size`` (x, y, z) [m] shaped by ``_shape`` (``box``,
    ``cylinder``, ``ellipsoid``), or an open vessel for ``_shape`` ``vessel`` (a ring wall and a bottom; region
    ``interior``, affordances container, pour_target); drawn by its family look. Affordances ``movable`` plus
    the row's ``_aff``."""
    sx, sy, sz = _jitter(p["size"], int(p.get("variant", 0)))
    if not 0 <= int(p.get("variant", 0)) < VARIANTS_PER_ROW:
        raise ValueError(f"{p['_kind']}: variant must be an integer in [0, {VARIANTS_PER_ROW}), got {p['variant']!r}")
    shape = p["_shape"]
    aff = set(p.get("_aff", ())) | {"movable"}
    regions: list[Region] = []
    surfaces = []
    labels = []
    c = (0.6, 0.6, 0.6)
    if shape == "vessel":
        r = min(sx, sy) / 2
        wall = max(0.003, 0.06 * r)
        parts = cup("body", r, sz, wall, c)
        regions = [Region("interior", vec(0, 0, wall + (sz - wall) / 2),
                          vec((r - wall) * 0.72, (r - wall) * 0.72, (sz - wall) / 2))]
        surfaces = region_surfaces(regions, open_top=True)
        aff |= {"container", "pour_target"}
    elif shape == "cylinder":
        parts = [cylinder("body", min(sx, sy) / 2, sz, 0.0, c)]
    elif shape == "ellipsoid":
        parts = [sphere("body", (sx / 2, sy / 2, sz / 2), c)]
    else:
        parts = [box("body", (sx, sy, sz), (0, 0, sz / 2), c)]
    if "support" in aff and not surfaces:
        surfaces = [region_surfaces([Region("top", vec(0, 0, sz), vec(sx / 2, sy / 2, 0.0))])[0]]
    if "readable" in aff:
        labels = [label_face("front", (sx / 2 + 0.001, 0, sz / 2), (1, 0, 0), (0, 0, 1), sy * 0.9, sz * 0.6)]
    return dressed_model(p, AssetModel(p["_kind"], p["_category"], True, parts, regions=regions, surfaces=surfaces,
                                       label_faces=labels, affordances=frozenset(aff), mass=p["mass"],
                                       friction=p["friction"]))


# --------------------------------------------------------------------------------------------------------------
# looks per family: row -> look(params, part)
# --------------------------------------------------------------------------------------------------------------

PROFILES = {   # (r, z) fractions for lathe rows, base to rim (open) or base to top (closed); r = 0 ends on the axis
    "mug": [(0, 0), (0.96, 0), (1.0, 0.08), (1.0, 1.0)],
    "cup": [(0, 0), (0.55, 0), (0.6, 0.08), (0.85, 0.45), (1.0, 1.0)],
    "tumbler": [(0, 0), (0.86, 0), (1.0, 1.0)],
    "bowl": [(0, 0), (0.45, 0), (0.5, 0.06), (0.85, 0.45), (1.0, 1.0)],
    "deep_bowl": [(0, 0), (0.5, 0), (0.55, 0.05), (0.92, 0.6), (1.0, 1.0)],
    "dish": [(0, 0), (0.7, 0), (0.75, 0.3), (1.0, 1.0)],
    "pot": [(0, 0), (0.92, 0), (0.94, 0.04), (0.94, 0.92), (1.0, 1.0)],
    "wok": [(0, 0), (0.3, 0), (0.7, 0.35), (1.0, 1.0)],
    "bucket": [(0, 0), (0.78, 0), (1.0, 1.0)],
    "flowerpot": [(0, 0), (0.72, 0), (0.9, 0.85), (1.0, 0.87), (1.0, 1.0)],
    "vase": [(0, 0), (0.55, 0), (0.95, 0.3), (0.8, 0.65), (0.4, 0.85), (0.5, 1.0)],
    "amphora": [(0, 0), (0.4, 0), (1.0, 0.45), (0.45, 0.85), (0.55, 1.0)],
    "bud_vase": [(0, 0), (0.9, 0), (1.0, 0.25), (0.35, 0.75), (0.45, 1.0)],
    "jar": [(0, 0), (0.95, 0), (1.0, 0.06), (1.0, 0.8), (0.8, 0.9), (0.8, 1.0)],
    "ramekin": [(0, 0), (0.9, 0), (1.0, 0.1), (1.0, 1.0)],
    "goblet": [(0, 0), (0.7, 0), (0.1, 0.05), (0.08, 0.45), (0.6, 0.55), (0.95, 0.75), (1.0, 1.0)],
    "flute": [(0, 0), (0.8, 0), (0.12, 0.04), (0.1, 0.4), (0.8, 0.55), (1.0, 1.0)],
    "pint": [(0, 0), (0.78, 0), (0.95, 0.8), (1.0, 0.9), (0.97, 1.0)],
    "shot": [(0, 0), (0.85, 0), (1.0, 1.0)],
    "teacup": [(0, 0), (0.45, 0), (0.5, 0.1), (0.9, 0.55), (1.0, 1.0)],
    "planter": [(0, 0), (0.9, 0), (1.0, 1.0)],
    "colander": [(0, 0), (0.5, 0), (0.85, 0.5), (1.0, 1.0)],
    "candle": [(0, 0), (1.0, 0), (1.0, 0.96), (0.0, 1.0)],
    "teapot": [(0, 0), (0.6, 0), (0.95, 0.3), (0.95, 0.55), (0.55, 0.82), (0.25, 0.86), (0.0, 0.9)],
    "sugar_bowl": [(0, 0), (0.5, 0), (0.95, 0.45), (0.8, 0.8), (0.0, 0.82)],
    "cookie_jar": [(0, 0), (0.85, 0), (1.0, 0.3), (0.9, 0.78), (0.5, 0.82), (0.0, 0.86)],
    "piggy": [(0, 0), (0.7, 0), (1.0, 0.45), (0.7, 0.9), (0.0, 1.0)],
    "lampshade": [(0, 0), (0.2, 0), (0.2, 0.55), (1.0, 0.55), (0.6, 1.0), (0.0, 1.0)],
    "hourglass": [(0, 0), (1.0, 0), (0.9, 0.08), (0.8, 0.2), (0.1, 0.5), (0.8, 0.8), (0.9, 0.92), (1.0, 1.0),
                  (0.0, 1.0)],
    "trophy": [(0, 0), (0.7, 0), (0.7, 0.15), (0.15, 0.2), (0.12, 0.45), (0.7, 0.6), (1.0, 1.0), (0.0, 1.0)],
    "chess": [(0, 0), (1.0, 0), (0.95, 0.12), (0.5, 0.2), (0.35, 0.6), (0.55, 0.68), (0.3, 0.75), (0.45, 0.9),
              (0.0, 1.0)],
    "bell": [(0, 0), (1.0, 0), (0.85, 0.15), (0.55, 0.6), (0.35, 0.8), (0.12, 0.85), (0.1, 1.0), (0.0, 1.0)],
    "spinning_top": [(0, 0), (0.15, 0.05), (1.0, 0.5), (0.6, 0.7), (0.12, 0.75), (0.1, 1.0), (0.0, 1.0)],
    "cone": [(0, 0), (1.0, 0), (0.0, 1.0)],
    "lipstick": [(0, 0), (1.0, 0), (1.0, 0.6), (0.7, 0.62), (0.7, 0.9), (0.0, 1.0)],
    "salt_shaker": [(0, 0), (0.85, 0), (1.0, 0.3), (0.9, 0.75), (0.7, 0.85), (0.7, 0.95), (0.0, 1.0)],
    "pepper_mill": [(0, 0), (0.9, 0), (1.0, 0.2), (0.75, 0.55), (0.85, 0.8), (0.5, 0.95), (0.2, 0.97),
                    (0.0, 1.0)],
    "rolling_pin": [(0, 0), (0.4, 0), (0.4, 0.15), (1.0, 0.17), (1.0, 0.83), (0.4, 0.85), (0.4, 1.0), (0.0, 1.0)],
    "dumbbell": [(0, 0), (1.0, 0), (1.0, 0.25), (0.35, 0.26), (0.35, 0.74), (1.0, 0.75), (1.0, 1.0), (0.0, 1.0)],
    "spool": [(0, 0), (1.0, 0), (1.0, 0.1), (0.75, 0.12), (0.75, 0.88), (1.0, 0.9), (1.0, 1.0), (0.0, 1.0)],
    "cake": [(0, 0), (1.0, 0), (1.0, 0.92), (0.9, 1.0), (0.0, 1.0)],
    "cheese_wheel": [(0, 0), (0.95, 0), (1.0, 0.2), (1.0, 0.8), (0.95, 1.0), (0.0, 1.0)],
    "puck": [(0, 0), (1.0, 0), (1.0, 1.0), (0.0, 1.0)],
    "frisbee": [(0, 0), (0.9, 0), (1.0, 0.7), (0.85, 1.0), (0.0, 0.9)],
    "dome": [(0, 0), (1.0, 0), (0.9, 0.45), (0.6, 0.85), (0.0, 1.0)],
    "bulb": [(0, 0), (0.3, 0), (0.32, 0.3), (1.0, 0.65), (0.7, 0.95), (0.0, 1.0)],
    "acorn": [(0, 0), (0.6, 0.2), (1.0, 0.55), (1.0, 0.65), (0.3, 0.9), (0.0, 1.0)],
}
"""Named lathe profiles of the vessel family (radius and height as fractions)."""


def _vessel_family(row: dict):
    def look(p, part):
        v = int(p.get("variant", 0))
        c = variant_colour(row, v)
        sx, sy, sz = (float(x) for x in 2 * part.box_half)
        surf = row.get("surface", "glossy")
        skins = {"glaze": skin(surf, c), "trim": skin(row.get("trim_surface", "plastic"),
                                                       row.get("trim", (0.1, 0.1, 0.1)))}
        prof = np.asarray(PROFILES[row["profile"]], float)
        if part.name == "body_bottom":
            foot = float(prof[1][0]) * sx / 2 * (0.8 if "handle" in row.get("extras", ()) else 1.0)
            return vessel_base(sx / 2, max(foot, 0.05 * sx), sz, "glaze"), skins
        r = sx / 2
        if part.name == "body_wall":
            if "handle" not in row.get("extras", ()):
                return vessel_piece(prof, r, sz, open_=True), skins
            # a cup with a handle: the cup narrower, the handle reaching the wall's collision radius
            br = 0.8 * r
            handle = loop_handle(0.6 * sz, 0.2 * r, 0.1 * br, "glaze").translated((0.97 * br, 0, 0.2 * sz))
            body = vessel_piece(prof, br, sz, open_=True)
            specks = [cyl(0.02 * r, 0.001, "glaze").translated(xy) for xy in
                      ((-0.98 * r, 0, 0), (0, -0.98 * r, 0), (0, 0.98 * r, 0))]
            return merge([body, handle] + specks), skins
        extras = row.get("extras", ())
        body_r = r * (0.78 if ("handle" in extras or "spout" in extras) else 1.0)
        pieces = [vessel_piece(prof, body_r, sz, open_=False)]
        if "handle" in extras:
            pieces.append(loop_handle(0.55 * sz, 0.2 * r, 0.12 * body_r, "glaze").translated((0.95 * body_r, 0, 0.2 * sz)))
        if "spout" in extras:
            sp = sweep(bezier([(-0.8 * body_r, 0, 0.35 * sz), (-1.1 * body_r, 0, 0.45 * sz), (-1.25 * r, 0, 0.7 * sz)],
                              10), radius=np.linspace(0.16 * body_r, 0.07 * body_r, 10), material="glaze")
            pieces.append(sp)
        if "knob" in extras:
            top = float(prof[:, 1].max()) * sz
            pieces.append(revolve([(0, 0), (0.12 * r, 0), (0.1 * r, 0.06 * sz), (0, 0.08 * sz)], 16,
                                  material="trim").translated((0, 0, top - 0.01 * sz)))
        if "wick" in extras:
            pieces.append(cyl(0.04 * r, 0.08 * sz, "trim", z0=0.95 * sz))
        return merge(pieces), skins
    return look


def vessel_piece(prof: np.ndarray, r: float, h: float, *, open_: bool) -> MeshPiece:
    """A lathe of a fractional profile at radius ``r`` and height ``h``: a walled vessel when ``open_`` (the
    profile's last point is the rim), else a closed solid (an end off the axis is capped)."""
    pts = prof * (r, h)
    keep = np.r_[True, np.linalg.norm(np.diff(pts, axis=0), axis=1) > 1e-9]
    pts = pts[keep]
    if open_:
        return revolve(pts, 40, thickness=max(0.002, min(0.06 * r, 0.2 * h)), material="glaze")
    return revolve(pts, 40, material="glaze")


def _size_of(part) -> tuple[float, float, float]:
    return tuple(float(x) for x in 2 * part.box_half)


def _seed(row: dict, v: int) -> int:
    return (sum(map(ord, row["kind"])) * 31 + 7 * int(v)) % 10007


def _bottle_family(row: dict):
    def look(p, part):
        v = int(p.get("variant", 0))
        sx, sy, sz = _size_of(part)
        sh = float(row.get("shoulder", 0.55))
        piece = kit_bottle(sz, sx, neck_diameter=min(max(row.get("neck", 0.35), 0.15), 0.85) * sx, shoulder=sh,
                           neck=min(0.93, sh + 0.22), label=(0.12, min(0.5, sh)),
                           cap_height=min(0.02, 0.08 * sz, 0.6 * (1 - min(0.93, sh + 0.22)) * sz))
        img = product_label(row["brand"], row["product"], seed=_seed(row, v), size=(256, 128), detail=row.get("detail"))
        return piece, {"glass": skin(row.get("surface", "glass"), variant_colour(row, v)),
                       "cap": skin("plastic", variant_colour({"palette": "caps"}, v + len(row["kind"]))),
                       "label": art(img)}
    return look


def _can_family(row: dict):
    def look(p, part):
        v = int(p.get("variant", 0))
        sx, sy, sz = _size_of(part)
        img = product_label(row["brand"], row["product"], seed=_seed(row, v), size=(256, 128), detail=row.get("detail"))
        return can(sx / 2, sz), {"metal": skin("metal", (0.75, 0.76, 0.78)), "label": art(img)}
    return look


def _carton_family(row: dict):
    def look(p, part):
        v = int(p.get("variant", 0))
        sx, sy, sz = _size_of(part)
        img = carton_print(sy, sx, sz, row["brand"], row["product"], seed=_seed(row, v), detail=row.get("detail"),
                           max_px=256)
        return carton((sx, sy, sz)), {"print": art(img), "carton": skin("paper", (0.92, 0.92, 0.9)),
                                      "cap": skin("plastic", variant_colour({"palette": "caps"}, v))}
    return look


def _bag_family(row: dict):
    def look(p, part):
        v = int(p.get("variant", 0))
        sx, sy, sz = _size_of(part)
        img = bag_print(row["brand"], row["product"], seed=_seed(row, v), size=(256, 192))
        if row.get("lying"):      # a flat wrapper lies on its back: the bag built upright, then laid down
            piece = bag((sz, sy, sx)).rotated((0, 1, 0), math.pi / 2)
        else:
            piece = bag((sx, sy, sz))
        return piece, {"print": art(img)}
    return look


def _box_family(row: dict):
    def look(p, part):
        v = int(p.get("variant", 0))
        sx, sy, sz = _size_of(part)
        img = box_front(row["brand"], row["product"], seed=_seed(row, v), size=(180, 256), detail=row.get("detail"))
        mean = tuple(float(c) for c in (np.asarray(img, np.float32).reshape(-1, 3).mean(axis=0) / 255.0) ** 2.2)
        body = rbox((sx, sy, sz), 0.015 * min(sx, sy, sz), "card")
        if row.get("lying") or row.get("lid_print"):     # lying flat: the print on the lid, text up towards +x
            face = flat_quad(sx * 0.97, sy * 0.97, sz + 0.0004, "print")
            img = np.ascontiguousarray(np.rot90(img, -1)) if sy > sx else img
        else:
            face = front_quad(sy * 0.97, sz * 0.97, sx / 2 + 0.0004, 0.015 * sz, "print")
        return merge([body, face]), {"card": skin("card", mean), "print": art(img)}
    return look


_FORMS = {
    "apple": lambda s, seed: apple(s[0], height=s[2], seed=seed),
    "pear": lambda s, seed: pear(s[2], diameter=s[0], seed=seed),
    "orange": lambda s, seed: orange(s[0], seed=seed),
    "lemon": lambda s, seed: lemon(s[0], diameter=s[1], seed=seed),
    "tomato": lambda s, seed: tomato(s[0], seed=seed),
    "carrot": lambda s, seed: carrot(s[0], diameter=s[1], seed=seed),
    "banana": lambda s, seed: banana(s[0], diameter=0.45 * s[1], seed=seed),
    "potato": lambda s, seed: potato(s[0], seed=seed),
    "onion": lambda s, seed: onion(s),
    "blob": lambda s, seed: blob((s[0] / 2, s[1] / 2, s[2] / 2), (0.9, 0.9), noise=0.05, seed=seed,
                                 material="skin").translated((0, 0, s[2] / 2)),
    "long": lambda s, seed: superellipsoid((s[0] / 2, s[1] / 2, s[2] / 2), (1.0, 1.0), 24,
                                           material="skin").translated((0, 0, s[2] / 2)),
    "berry": lambda s, seed: revolve([(0, 0), (0.3 * s[0], 0.1 * s[2]), (0.5 * s[0], 0.6 * s[2]),
                                      (0.35 * s[0], 0.92 * s[2]), (0, s[2])], 24, material="skin"),
}


def _produce_family(row: dict):
    def look(p, part):
        v = int(p.get("variant", 0))
        sx, sy, sz = _size_of(part)
        piece = _FORMS[row["form"]]((sx, sy, sz), v + 1)
        piece = piece.renamed({s: "skin" for s in piece.slots if s not in ("stem", "leaf", "root")})
        c = variant_colour(row, v)
        surf = "glossy" if row["form"] in ("apple", "tomato", "pear", "long") else "matte"
        return piece, {"skin": skin(surf, c), "stem": skin("matte", (0.25, 0.18, 0.08)),
                       "leaf": skin("matte", (0.15, 0.4, 0.1)), "root": skin("matte", (0.5, 0.4, 0.3))}
    return look


def _bakery_family(row: dict):
    def look(p, part):
        v = int(p.get("variant", 0))
        sx, sy, sz = _size_of(part)
        c = variant_colour(row, v)
        f = row["form"]
        dough = skin("matte", c)
        if f == "bagel":
            return donut(sx / 2 - sz / 2, sz / 2).renamed({"icing": "dough"}), {"dough": dough}
        if f in ("cookie", "bar"):
            return rbox((sx, sy, sz), 0.3 * min(sx, sy, sz), "dough"), {"dough": dough}
        if f == "cake_slice":
            w = extrude([(0, 0), (sx, -sy / 2), (sx, sy / 2)], sz, material="dough")
            icing = extrude([(0, 0), (sx, -sy / 2), (sx, sy / 2)], 0.15 * sz, material="icing").translated(
                (0, 0, 0.85 * sz))
            return merge([w, icing]), {"dough": dough, "icing": skin("glossy", (0.95, 0.9, 0.9))}
        if f == "loaf":
            return rbox((sx, sy, sz), 0.45 * min(sy, sz), "dough"), {"dough": dough}
        if f == "roll":
            return blob((sx / 2, sy / 2, sz / 2), (0.8, 0.9), noise=0.04, seed=v,
                        material="dough").translated((0, 0, sz / 2)), {"dough": dough}
        if f == "muffin":
            return muffin((sx, sy, sz)), {"case": skin("paper", (0.9, 0.4, 0.5)), "top": skin("matte", c)}
        if f == "sandwich":
            tri = [(-sx / 2, -sy / 2), (sx / 2, -sy / 2), (-sx / 2, sy / 2)]
            layers = [extrude(tri, 0.35 * sz, bevel=0.05 * sz, material="bread"),
                      extrude(tri, 0.3 * sz, material="filling").translated((0.003, 0.003, 0.35 * sz)),
                      extrude(tri, 0.35 * sz, bevel=0.05 * sz, material="bread").translated((0, 0, 0.65 * sz))]
            return merge(layers), {"bread": dough, "filling": skin("matte", (0.4, 0.65, 0.2))}
        if f == "croissant":
            path = bezier([(-sx / 2, -sy * 0.35, sz * 0.3), (0, sy * 0.5, sz * 0.5), (sx / 2, -sy * 0.35, sz * 0.3)], 14)
            rad = 0.5 * sz * np.sin(np.linspace(0.25, math.pi - 0.25, 14))
            return sweep(path, radius=rad, material="dough"), {"dough": dough}
        if f in ("sausage", "hot_dog", "fillet", "sushi", "taco"):
            if f == "sushi":
                return merge([cyl(sx / 2, sz, "nori"), cyl(0.8 * sx / 2, sz * 1.01, "rice")]), \
                    {"nori": skin("matte", (0.05, 0.1, 0.05)), "rice": skin("matte", (0.95, 0.95, 0.92))}
            if f == "hot_dog":
                bun = rbox((sx * 0.9, sy, 0.7 * sz), 0.3 * sz, "bun")
                sausage = along_x(cyl(0.3 * sy, sx, "sausage")).translated((-sx / 2, 0, 0.75 * sz - 0.3 * sy))
                return merge([bun, sausage]), {"bun": dough, "sausage": skin("glossy", (0.55, 0.2, 0.1))}
            if f == "taco":
                shell = revolve([(0.0, 0.0), (sz, 0.0)], 24, thickness=0.002, material="dough").rotated(
                    (1, 0, 0), math.pi / 2).translated((0, 0, sz))
                filling = rbox((sx * 0.8, sy * 0.5, 0.3 * sz), 0.2 * sy, "filling", z0=0.65 * sz)
                return merge([shell, filling]), {"dough": dough, "filling": skin("matte", (0.35, 0.6, 0.2))}
            return superellipsoid((sx / 2, sy / 2, sz / 2), (0.6 if f == "fillet" else 1.0, 1.0), 24,
                                  material="dough").translated((0, 0, sz / 2)), {"dough": skin("glossy", c)}
        return None
    return look


def _tool_family(row: dict):
    def look(p, part):
        v = int(p.get("variant", 0))
        L, W, T = _size_of(part)
        c = variant_colour(row, v)
        steel = skin("metal", (0.7, 0.71, 0.73))
        handle = row.get("handle", "plastic")
        head = row["head"]
        hl = 0.45 * L if handle != "none" else 0.0
        hsk = {"wood": skin("wood", (0.55, 0.38, 0.22)), "steel": steel}.get(handle, skin("plastic", c))
        pieces, skins = [], {"steel": steel, "grip": hsk, "accent": skin("plastic", c)}
        if handle in ("plastic", "wood", "steel"):
            pieces.append(cutlery_handle(hl, 0.7 * W if head not in ("hammer", "saw") else 0.3 * W, slot="grip",
                                         rise=0.0, thickness=min(T, 0.5 * W)))
        elif handle == "fluted":
            pieces.append(fluted_grip(hl, 0.5 * min(W, T), slot="grip"))
        elif handle == "cap":
            pieces.append(marker_cap(0.35 * L, 0.5 * min(W, T)).renamed({"cap": "accent", "clip": "steel"}))
            hl = 0.35 * L
        elif handle in ("pencil", "crayon"):
            hl = 0.0
        hlen = L - hl
        if head in ("blade", "round_blade", "utility"):
            pieces.append(blade(hlen, W, tilt_deg=0.0 if head == "round_blade" else 25.0))
        elif head == "spoon":
            pieces.append(spoon_head(hlen, W, depth=0.4 * T))
            if row.get("head_surface") == "wood":      # a wooden spoon: the bowl in the handle's wood
                pieces[-1] = pieces[-1].renamed({"steel": "grip"})
        elif head == "fork":
            pieces.append(fork_head(hlen, W, tilt_rise=0.3 * T))
        elif head == "turner":
            pieces.append(turner(hlen, W).renamed({"blade": "steel", "slot": "accent"}))
        elif head in ("shaft", "probe", "chisel"):
            pieces.append(shaft(hlen, 0.2 * min(W, T) if head != "chisel" else 0.4 * min(W, T),
                                tip="point" if head == "probe" else "flat"))
        elif head in ("marker", "nib"):
            pieces.append(marker_body(hlen, 0.5 * min(W, T)).renamed({"barrel": "accent", "tip": "steel"}))
        elif head in ("pencil", "crayon"):
            r = 0.5 * min(W, T)
            body = along_x(revolve([(0, 0), (r, 0), (r, 0.85 * L)] + ([(0.35 * r, L), (0, L)] if head == "pencil" else
                                                                       [(0.5 * r, 0.97 * L), (0, L)]),
                                   6 if head == "pencil" else 16, material="accent", crease_deg=70))
            pieces = [body]
        elif head == "ladle":
            pieces.append(revolve([(0, 0), (0.5 * W, 0.02 * T), (0.5 * W, 0.6 * T)], 24, thickness=0.0015,
                                  material="steel").translated((hl + 0.5 * W - (L - hl) * 0.0, 0, 0)))
            pieces.append(sweep([(0, 0, 0.7 * T), (hl + 0.1 * W, 0, 0.6 * T)], radius=0.004, material="steel"))
        elif head == "whisk":
            for k in range(6):
                a = math.pi * k / 6
                loop = bezier([(0, 0, 0.5 * T), (hlen * 0.6, 0.5 * W * math.cos(a), 0.5 * T + 0.5 * T * math.sin(a)),
                               (hlen, 0, 0.5 * T), (hlen * 0.6, -0.5 * W * math.cos(a), 0.5 * T - 0.5 * T * math.sin(a)),
                               (0, 0, 0.5 * T)], 16)
                pieces.append(sweep(loop[:-1], radius=0.001, segments=6, closed=True, material="steel"))
        elif head == "wheel":
            pieces.append(along_x(cyl(0.45 * W, 0.003, "steel")).rotated((0, 0, 1), math.pi / 2).translated(
                (0.7 * hlen, 0, 0.5 * T)))
        elif head in ("hammer", "masher", "hairbrush", "razor", "toothbrush", "saw", "wrench", "pliers", "scissors",
                      "tongs", "peeler", "chopsticks", "brush", "ruler", "level", "comb", "torch"):
            pieces.append(_tool_head(head, hlen, W, T))
        else:
            pieces.append(rbox((hlen, W, T), 0.2 * min(W, T), "steel"))
        return merge(pieces), skins
    return look


def _tool_head(head: str, L: float, W: float, T: float) -> MeshPiece:
    """The working end of a tool from x = 0 to ``L`` (slots ``"steel"``, ``"accent"``, ``"grip"``)."""
    if head == "hammer":
        return merge([rbox((0.25 * L, 0.25 * W, 0.9 * T), 0.002, "steel").translated((0.45 * L, 0, 0)),
                      rbox((0.3 * L, W, T), 0.003, "steel").translated((0.85 * L, 0, 0))])
    if head == "masher":
        return merge([shaft(0.8 * L, 0.06 * W), rbox((0.12 * L, W, 0.4 * T), 0.003, "steel").translated((0.9 * L, 0, 0))])
    if head in ("hairbrush", "toothbrush"):
        pad = rbox((0.6 * L, W, 0.4 * T), 0.3 * min(W, T), "accent").translated((0.6 * L, 0, 0))
        bristle = rbox((0.5 * L, 0.8 * W, 0.5 * T), 0.1 * min(W, T), "grip", z0=0.4 * T).translated((0.62 * L, 0, 0))
        return merge([rbox((0.4 * L, 0.5 * W, 0.4 * T), 0.2 * min(W, T), "accent").translated((0.2 * L, 0, 0)),
                      pad, bristle])
    if head == "razor":
        return merge([rbox((0.5 * L, 0.2 * W, 0.4 * T), 0.002, "accent").translated((0.25 * L, 0, 0)),
                      rbox((0.2 * L, W, 0.6 * T), 0.002, "steel").translated((0.85 * L, 0, 0))])
    if head == "saw":
        n = 24
        pts = [(0.0, -0.15 * W), (L, -0.2 * W), (L, 0.1 * W)] + [
            (L - (k + 0.5) * L / n, (0.5 if k % 2 == 0 else 0.42) * W) for k in range(n)] + [(0.0, 0.45 * W)]
        return extrude(pts, 0.0012, material="steel")
    if head == "wrench":
        jaw = extrude(np.r_[[(0, -0.25 * W), (0.8 * L, -0.25 * W)],
                            [(0.85 * L + 0.5 * W * math.cos(a), 0.5 * W * math.sin(a))
                             for a in np.linspace(-2.4, 2.4, 14)],
                            [(0.8 * L, 0.25 * W), (0, 0.25 * W)]], T, material="steel")
        return jaw
    if head in ("pliers", "scissors", "tongs", "chopsticks", "tweezers"):
        arms = []
        for s in (-1, 1):
            tip = [(0, s * 0.05 * W), (L, s * 0.02 * W), (L, s * 0.12 * W), (0, s * 0.3 * W)]
            arms.append(extrude(tip if s > 0 else tip[::-1], 0.45 * T, material="steel"))
        return merge(arms)
    if head == "peeler":
        return merge([rbox((0.3 * L, 0.15 * W, 0.5 * T), 0.002, "steel").translated((0.2 * L, 0, 0)),
                      rbox((0.5 * L, W, 0.3 * T), 0.002, "steel").translated((0.7 * L, 0, 0))])
    if head == "brush":
        return merge([rbox((0.2 * L, W, 0.8 * T), 0.002, "steel").translated((0.1 * L, 0, 0)),
                      rbox((0.7 * L, 0.95 * W, 0.7 * T), 0.1 * T, "accent").translated((0.55 * L, 0, 0))])
    if head in ("ruler", "level", "comb"):
        return rbox((L, W, T), 0.1 * min(W, T), "accent")
    if head == "torch":
        return along_x(revolve([(0, 0), (0.35 * W, 0), (0.5 * W, 0.7 * L), (0.5 * W, L), (0, L)], 20,
                               material="accent"))
    return rbox((L, W, T), 0.2 * min(W, T), "steel")


_FACE_DRAW = {"screen", "lcd", "ink", "calc", "keys", "keyboard", "grille", "cross", "pips", "cube", "leds"}


def _gadget_face(face: str, v: int, w_px: int = 192, h_px: int = 128) -> np.ndarray:
    """The printed or lit face of a gadget (:func:`_gadget_family`) for variant ``v``: (H, W, 3) uint8 sRGB."""
    if face == "screen":
        return screen_desktop(seed=v, size=(w_px * 2 if w_px * 2 <= 512 else 512, h_px * 2 if h_px * 2 <= 512 else 512))
    if face == "lcd":
        return lcd_display(f"{(7 + v) % 24:02d}:{(13 * v) % 60:02d}", size=(256, 96))
    if face == "ink":
        return text_page("Chapter One", v, size=(128, 176), tone=(232, 232, 226))
    if face == "grille":
        return pattern("grille", v)
    img = np.zeros((h_px, w_px, 3), np.uint8)
    if face in ("keys", "calc", "keyboard"):
        img[:] = (40, 40, 44)
        rows, cols = (4, 12) if face == "keyboard" else (6, 4)
        for i in range(rows):
            for j in range(cols):
                y0, x0 = int(h_px * (0.1 + 0.8 * i / rows)), int(w_px * (0.08 + 0.84 * j / cols))
                img[y0:y0 + int(0.6 * h_px / rows), x0:x0 + int(0.6 * w_px / cols)] = (200, 200, 204) \
                    if (i + j + v) % 5 else (220, 60, 50)
        if face == "calc":
            img[:int(0.22 * h_px)] = (150, 170, 140)
        return img
    if face == "cross":
        img[:] = (250, 250, 250)
        img[int(0.4 * h_px):int(0.6 * h_px), int(0.35 * w_px):int(0.65 * w_px)] = (200, 20, 20)
        img[int(0.2 * h_px):int(0.8 * h_px), int(0.44 * w_px):int(0.56 * w_px)] = (200, 20, 20)
        return img
    if face == "pips":
        img = np.full((128, 128, 3), 245, np.uint8)
        for cy, cx in ((32, 32), (64, 64), (96, 96), (32, 96), (96, 32)):
            yy, xx = np.mgrid[:128, :128]
            img[(yy - cy) ** 2 + (xx - cx) ** 2 < 100] = (20, 20, 20)
        return img
    if face == "cube":
        img = np.zeros((128, 128, 3), np.uint8)
        cols = [(200, 20, 20), (20, 140, 40), (20, 60, 200), (240, 200, 20), (240, 120, 10), (245, 245, 245)]
        for i in range(3):
            for j in range(3):
                img[4 + 42 * i:40 + 42 * i, 4 + 42 * j:40 + 42 * j] = cols[(i * 3 + j + v) % 6]
        return img
    if face == "leds":
        img[:] = (30, 30, 32)
        for k in range(5):
            img[int(0.45 * h_px):int(0.55 * h_px), int((0.1 + 0.1 * k) * w_px):int((0.15 + 0.1 * k) * w_px)] = \
                (60, 230, 90)
        return img
    raise ValueError(f"gadget face {face!r}")


def _gadget_family(row: dict):
    def look(p, part):
        v = int(p.get("variant", 0))
        sx, sy, sz = _size_of(part)
        c = variant_colour(row, v)
        face = row["face"]
        body = rbox((sx, sy, sz), 0.18 * min(sx, sy, sz), "body")
        skins = {"body": skin(row.get("surface", "plastic"), c)}
        pieces = [body]
        if face in _FACE_DRAW:
            img = _gadget_face(face, v)
            skins["face"] = art(img)
            if row.get("lying") or face in ("pips", "cube"):
                pieces.append(flat_quad(0.86 * sx, 0.86 * sy, sz + 0.0004, "face"))
            else:
                pieces.append(front_quad(0.8 * sy, 0.7 * sz, sx / 2 + 0.0004, 0.15 * sz, "face"))
            if face in ("pips", "cube"):
                pieces.append(front_quad(0.86 * sy, 0.86 * sz, sx / 2 + 0.0004, 0.07 * sz, "face"))
                pieces.append(front_quad(0.86 * sx, 0.86 * sz, sy / 2 + 0.0004, 0.07 * sz, "face").rotated(
                    (0, 0, 1), math.pi / 2))
        elif face == "mouse":
            pieces = [blob((sx / 2, sy / 2, sz), (0.7, 0.8), material="body")]
            pieces.append(rbox((0.3 * sx, 0.04 * sy, 0.1 * sz), 0.001, "wheel", z0=0.82 * sz).translated((0.25 * sx, 0, 0)))
            skins["wheel"] = skin("matte", (0.2, 0.2, 0.2))
        elif face == "pad":
            pieces = [rbox((0.6 * sx, 0.6 * sy, sz), 0.4 * sz, "body")]
            for s in (-1, 1):
                pieces.append(blob((0.45 * sx, 0.22 * sy, 0.5 * sz), (0.8, 0.8), material="body").translated(
                    (-0.1 * sx, s * 0.3 * sy, 0.5 * sz)))
            for k, (dx, dy) in enumerate(((0.1, 0.2), (0.0, 0.25), (0.1, 0.3), (0.2, 0.25))):
                pieces.append(cyl(0.04 * sx, 0.1 * sz, "btn", z0=0.95 * sz).translated((dx * sx, dy * sy, 0)))
            skins["btn"] = skin("glossy", (0.8, 0.1, 0.1))
        elif face == "car":
            pieces = [rbox((sx, 0.85 * sy, 0.5 * sz), 0.2 * sz, "body", z0=0.25 * sz),
                      rbox((0.5 * sx, 0.75 * sy, 0.35 * sz), 0.15 * sz, "glass", z0=0.6 * sz).translated((-0.05 * sx, 0, 0))]
            for dx in (-0.3, 0.3):
                for s in (-1, 1):
                    pieces.append(along_x(cyl(0.22 * sz, 0.12 * sy, "tyre")).rotated((0, 0, 1), math.pi / 2)
                                  .translated((dx * sx, s * 0.5 * sy, 0.22 * sz)))
            skins.update({"glass": skin("glass", (0.3, 0.4, 0.5)), "tyre": skin("matte", (0.05, 0.05, 0.05))})
        elif face == "studs":       # a building brick: 2 x 4 studs on top
            for dx in (-0.375, -0.125, 0.125, 0.375):
                for dy in (-0.25, 0.25):
                    pieces.append(cyl(0.15 * sy, 0.18 * sz, "body", z0=sz).translated((dx * sx, dy * sy, 0)))
        elif face == "domino":
            img = np.full((64, 128, 3), 245, np.uint8) if v % 2 == 0 else np.full((64, 128, 3), 20, np.uint8)
            img[:, 62:66] = (120, 120, 120)
            yy, xx = np.mgrid[:64, :128]
            for cx, cy in ((32, 32), (80, 20), (96, 32), (112, 44)):
                img[(yy - cy) ** 2 + (xx - cx) ** 2 < 30] = (20, 20, 20) if v % 2 == 0 else (245, 245, 245)
            skins["face"] = art(img)
            pieces.append(flat_quad(0.92 * sx, 0.92 * sy, sz + 0.0004, "face", up=(0, 1, 0)))
        elif face == "battery":
            pieces = [along_x(cyl(0.5 * sy, 0.95 * sx, "body")).translated((-sx / 2, 0, sz / 2)),
                      along_x(cyl(0.15 * sy, 0.05 * sx, "cap")).translated((0.45 * sx, 0, sz / 2))]
            skins["cap"] = skin("metal", (0.7, 0.7, 0.72))
        elif face == "lens":
            pieces.append(along_x(cyl(0.35 * sz, 0.1 * sx, "lens")).translated((sx / 2, 0, 0.5 * sz)))
            skins["lens"] = skin("glass", (0.1, 0.15, 0.25))
        return merge(pieces), skins
    return look


def _flat_family(row: dict):
    def look(p, part):
        v = int(p.get("variant", 0))
        sx, sy, sz = _size_of(part)
        c = variant_colour(row, v)
        kind = row["art"]
        seed = _seed(row, v)
        title = row.get("title") or row["kind"].replace("_", " ").title()
        if kind == "book":
            img = np.ascontiguousarray(np.rot90(book_cover(title, "A. Author", seed=seed, size=(176, 256)), -1))
            return book((sx, sy, sz)), {"board": skin("card", c), "pages": skin("paper", (0.85, 0.82, 0.72)),
                                        "cover": art(img)}
        if kind == "magazine":
            img = np.ascontiguousarray(np.rot90(magazine_cover(title, seed=seed, size=(192, 256)), -1))
            return sheet((sx, sy, sz)), {"print": art(img), "paper": skin("paper", (0.95, 0.95, 0.93))}
        if kind in ("page", "card", "envelope"):
            img = text_page(title, seed, size=(180, 256) if sy >= sx else (256, 180))
            img = np.ascontiguousarray(np.rot90(img, -1)) if sy >= sx else img
            if row.get("board"):
                board = rbox((sx, sy, 0.6 * sz), 0.1 * sz, "paper")
                clip = rbox((0.1 * sx, 0.4 * sy, 0.5 * sz), 0.002, "clip", z0=0.5 * sz).translated((0.43 * sx, 0, 0))
                page = flat_quad(0.85 * sx, 0.9 * sy, 0.62 * sz, "print")
                return merge([board, page, clip]), {"paper": skin("card", c), "print": art(img),
                                                    "clip": skin("metal", (0.7, 0.7, 0.72))}
            return sheet((sx, sy, sz)), {"print": art(img), "paper": skin("paper", c)}
        if kind == "notebook":
            cover = text_page(title, seed, size=(180, 256))
            img = np.ascontiguousarray(np.rot90(cover, -1))
            body = rbox((sx, sy, sz), 0.05 * sz, "paper")
            band = rbox((0.95 * sx, 0.08 * sy, 1.04 * sz), 0.04 * sz, "band").translated((0, 0.44 * sy, -0.02 * sz))
            label = flat_quad(0.4 * sx, 0.5 * sy, sz + 0.0003, "print")
            return merge([body, band, label]), {"paper": skin("card", c), "band": skin("matte", (0.1, 0.1, 0.1)),
                                                "print": art(img)}
        if kind in ("frame", "tray"):
            t = 0.12 * min(sx, sy)
            rim = [rbox((sx, t, sz), 0.2 * sz, "frame").translated((0, s * (sy - t) / 2, 0)) for s in (-1, 1)] + \
                  [rbox((t, sy, sz), 0.2 * sz, "frame").translated((s * (sx - t) / 2, 0, 0)) for s in (-1, 1)]
            inner = flat_quad(sx - 1.5 * t, sy - 1.5 * t, 0.4 * sz, "print")
            base = rbox((sx * 0.99, sy * 0.99, 0.4 * sz), 0.0, "frame")
            img = text_page(title or "Photo", seed, size=(180, 256)) if kind == "frame" else None
            skins = {"frame": skin("wood" if kind == "frame" else "metal", c)}
            skins["print"] = art(img) if img is not None else skin("metal", c)
            return merge(rim + [inner, base]), skins
        return rbox((sx, sy, sz), 0.1 * sz, "paper"), {"paper": skin("paper" if kind != "board" else "matte", c)}
    return look


def _textile_family(row: dict):
    def look(p, part):
        v = int(p.get("variant", 0))
        sx, sy, sz = _size_of(part)
        c = variant_colour(row, v)
        cloth_skin = Skin(art(pattern(row["pattern"], v)).material, 0.1) if row.get("pattern") else skin("fabric", c)
        f = row["form"]
        if f == "folded":
            return towel((sx, sy, sz)).renamed({"terry": "cloth", "hem": "hem"}), \
                {"cloth": cloth_skin, "hem": skin("fabric", tuple(0.6 * x for x in c))}
        if f == "flat":
            return cloth((sx, sy, sz), seed=v), {"cloth": cloth_skin}
        if f == "roll":
            return along_x(revolve([(0.0, 0.0), (0.5 * sz, 0.0), (0.5 * sz, sx), (0.0, sx)], 28,
                                   material="cloth")).translated((-sx / 2, 0, sz / 2)), {"cloth": cloth_skin}
        if f == "hat":
            return revolve([(0, 0), (0.5 * sx, 0), (0.5 * sx, 0.4 * sz), (0.35 * sx, 0.85 * sz), (0, sz)], 28,
                           material="cloth"), {"cloth": cloth_skin}
        if f == "cap":
            crown_ = revolve([(0, 0), (0.35 * sx, 0), (0.3 * sx, 0.6 * sz), (0, sz)], 28, material="cloth")
            brim = extrude([(0.2 * sx, -0.3 * sy), (0.5 * sx, -0.2 * sy), (0.5 * sx, 0.2 * sy), (0.2 * sx, 0.3 * sy)],
                           0.05 * sz, material="cloth")
            return merge([crown_, brim]), {"cloth": cloth_skin}
        if f == "mitt":
            palm = extrude(np.r_[[(-0.5 * sx, -0.4 * sy), (0.2 * sx, -0.45 * sy)],
                                 [(0.25 * sx + 0.25 * sx * math.cos(a), 0.45 * sy * math.sin(a))
                                  for a in np.linspace(-1.2, 1.6, 10)],
                                 [(-0.5 * sx, 0.3 * sy)]], sz, bevel=0.3 * sz, material="cloth")
            thumb = rbox((0.3 * sx, 0.25 * sy, 0.8 * sz), 0.3 * sz, "cloth").translated((0.0, 0.42 * sy, 0))
            return merge([palm, thumb]), {"cloth": cloth_skin}
        if f == "cushion":
            return blob((sx / 2, sy / 2, sz / 2), (0.3, 0.8), material="cloth").translated((0, 0, sz / 2)), \
                {"cloth": cloth_skin}
        return None
    return look


def _ball_image(kind: str, colour, v: int) -> np.ndarray:
    base = np.asarray(linear_to_srgb8(colour), np.uint8)
    img = np.empty((64, 128, 3), np.uint8)
    img[:] = base
    yy, xx = np.mgrid[:64, :128]
    dark = (30, 30, 30)
    if kind == "panels":
        for cx in range(8, 128, 32):
            for cy in (16, 48):
                img[(np.abs(xx - cx - (cy // 16) * 8) + np.abs(yy - cy) * 1.5) < 9] = dark
    elif kind == "seams":
        img[np.abs(yy - 32) < 2] = dark
        img[(xx % 64) < 2] = dark
    elif kind == "seam":      # a tennis ball's white seam, a baseball's red stitching
        yellow = colour[0] > 0.5 and colour[1] > 0.5 and colour[2] < 0.3
        img[np.abs(yy - 32 - 14 * np.sin(xx / 128 * 4 * math.pi)) < 2] = (250, 250, 250) if yellow else (200, 30, 30)
    elif kind == "stripes":
        img[((xx // 16) % 2 == 0)] = (np.asarray(base) * 0.6).astype(np.uint8)
    elif kind == "segments":
        cols = [(230, 30, 30), (250, 250, 250), (30, 90, 220), (250, 210, 30), (40, 170, 60), (250, 250, 250)]
        for k in range(6):
            img[(xx // 22) == k] = cols[(k + v) % 6]
    elif kind == "holes":
        for cx, cy in ((60, 44), (70, 44), (65, 54)):
            img[(xx - cx) ** 2 + (yy - cy) ** 2 < 10] = dark
    elif kind == "globe":
        rng = np.random.default_rng(v)
        for _ in range(12):
            cx, cy, r = rng.uniform(0, 128), rng.uniform(10, 54), rng.uniform(5, 14)
            img[((xx - cx) ** 2 + (yy - cy) ** 2 * 2) < r * r] = (60, 150, 60)
    elif kind in ("swirl", "yarn"):
        img[(np.sin(xx / 6.0 + yy / 3.0) > 0.5)] = (np.asarray(base) * 0.7).astype(np.uint8)
    elif kind == "dimples":
        img[((xx % 8) - 4) ** 2 + ((yy % 8) - 4) ** 2 < 4] = (215, 215, 215)
    return img


def _ball_family(row: dict):
    def look(p, part):
        v = int(p.get("variant", 0))
        sx, sy, sz = _size_of(part)
        c = variant_colour(row, v)
        surf = superellipsoid((sx / 2, sy / 2, sz / 2), (1.0, 1.0), 28, material="print").translated((0, 0, sz / 2))
        mat = art(_ball_image(row["pattern"], c, v), opacity=0.4 if row["pattern"] == "globe" and
                  row["kind"] == "snow_globe" else 1.0)
        return surf, {"print": mat}
    return look


FAMILIES = {
    "vessel": _vessel_family, "bottle": _bottle_family, "can": _can_family, "carton": _carton_family,
    "bag": _bag_family, "box": _box_family, "produce": _produce_family, "bakery": _bakery_family,
    "tool": _tool_family, "gadget": _gadget_family, "flat": _flat_family, "textile": _textile_family,
    "ball": _ball_family,
}
"""Family name -> look factory (row -> look)."""

_SHAPES = {"vessel": "cylinder", "bottle": "cylinder", "can": "cylinder", "produce": "ellipsoid",
           "ball": "ellipsoid"}
_DENSITY = {"vessel": 350.0, "bottle": 600.0, "can": 700.0, "carton": 900.0, "bag": 120.0, "box": 250.0,
            "produce": 750.0, "bakery": 400.0, "tool": 900.0, "gadget": 500.0, "flat": 500.0, "textile": 150.0,
            "ball": 150.0}
"""Mean density [kg/m^3] over a kind's bounding box by family (a full bottle ~ 600: liquid in a cylinder's
bounding box; a bag of crisps ~ 120), giving each kind its default mass."""

VARIANTS_PER_ROW = 5
"""Visual variants of each family kind (its ``variant`` parameter takes 0 .. VARIANTS_PER_ROW - 1)."""


def _register_rows() -> None:
    for row in FAMILY_ROWS:
        kind, fam = row["kind"], row["family"]
        size = row["size"]
        shape = "vessel" if row.get("container") else _SHAPES.get(fam, "box")
        if fam == "vessel" and row.get("lying"):
            shape = "box"
            size = (size[2], size[0], size[1])    # laid along x
        vol = size[0] * size[1] * size[2]
        mass = float(np.clip(_DENSITY[fam] * vol, 0.005, 8.0))
        LOOKS[kind] = _lying_lathe(row) if fam == "vessel" and row.get("lying") else FAMILIES[fam](row)
        aff = ("readable",) if fam in ("bottle", "can", "box", "carton", "bag") else ()
        register(kind, row["category"], True, family_object,
                 {"size": tuple(round(s, 4) for s in size), "variant": 0, "mass": round(mass, 4), "friction": 0.6},
                 f"Movable object ({row['category']}, {fam} family): size (x,y,z) [m]; variant (0-"
                 f"{VARIANTS_PER_ROW - 1}: colour, print, proportions); mass [kg], friction (sliding coefficient).",
                 _category=row["category"], _shape=shape, _aff=aff, _look=kind)
        FAMILY_OF[kind] = fam
        VARIANTS_OF[kind] = VARIANTS_PER_ROW


def _lying_lathe(row: dict):
    """A lathe row laid along x (a rolling pin, a dumbbell)."""
    def look(p, part):
        v = int(p.get("variant", 0))
        sx, sy, sz = _size_of(part)
        prof = np.asarray(PROFILES[row["profile"]], float)
        piece = along_x(vessel_piece(prof, sy / 2, sx, open_=False)).translated((-sx / 2, 0, sz / 2))
        return piece, {"glaze": skin(row.get("surface", "glossy"), variant_colour(row, v))}
    return look


_register_rows()


# --------------------------------------------------------------------------------------------------------------
# the catalog listing
# --------------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CatalogRow:
    """One catalog kind as ``iw-eval assets`` lists it: the kind (its category name), the catalog group
    (``food``, ``appliance``...), the family that generates it, how many visual variants it has, whether it is
    movable, and whether every face of every part draws in a material with an albedo texture (None: not
    checked)."""

    kind: str
    group: str
    family: str
    variants: int
    movable: bool
    textured: bool | None


def is_textured(model: AssetModel) -> bool:
    """Whether every face of every part of ``model`` has a material with an albedo texture."""
    return all(p.materials and all(m.albedo is not None for m in p.materials) and bool(np.all(p.face_materials() >= 0))
               for p in model.parts)


def catalog_rows(*, check_textures: bool = True) -> list[CatalogRow]:
    """Every catalog kind in registration order (:class:`CatalogRow`); ``check_textures`` builds each kind (its
    variant 0, with default parameters) to see whether it is textured."""
    out = []
    for kind, spec in CATALOG.items():
        family = FAMILY_OF.get(kind) or spec.build.__module__.rsplit(".", 1)[-1]
        textured = is_textured(build_asset(kind)) if check_textures else None
        out.append(CatalogRow(kind, spec.category, family, VARIANTS_OF.get(kind, 1), spec.movable, textured))
    return out
