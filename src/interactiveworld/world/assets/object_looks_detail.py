"""Looks of the movable kinds drawn with :mod:`.objectkit_detail`: each ``(params, part) -> (piece, skins) | None``
as :data:`.object_looks.LOOKS` takes (merged into it), choosing the shape for each collision part and its
materials. The piece is fitted into the part's collision box by :func:`.dress.dressed_part`, so sizes, collision
and physics stay the kind's; colours come from the kind's parameters.
"""
from __future__ import annotations

from ..geometry import Material
from .dress import Skin, art, skin, tinted_pattern
from .materials import DARK, STEEL
from .model import Part
from .objectkit import cyl, rbox, vessel_base
from .objectkit_detail import (app_grid_screen, drip_tray, rack_wall, bag_wall, bifold_wallet, board_with_handle, boot_foot, boot_shaft,
                               boot_sole, bristle_print, brush_block, brush_handle, card_edges, citrus, clip_lid,
                               cutlery_grip, dustpan_wall, file_folder, folded_towel, fork_head, glass_print, ice_pop,
                               knit, lettuce, logo_print, lolly_stick, mouse_pad, onion, onion_print, peel_print,
                               phone, ply_edge, plywood_panel, pot_wall, screwdriver_grip, screwdriver_head, sock,
                               spoon_head, table_leg, tomato, tumbler)

__all__ = ["DETAIL_LOOKS"]


def _size(part: Part) -> tuple[float, float, float]:
    return tuple(float(x) for x in 2 * part.box_half)


def _col(p: dict, key: str = "color", default=(0.7, 0.7, 0.7)) -> tuple[float, float, float]:
    return tuple(float(c) for c in p.get(key, default))


def _cutlery(head_fn):
    def look(p, part):
        sx, sy, sz = _size(part)
        steel = skin("metal", tuple(0.62 * c for c in _col(p, "color", STEEL)))
        if part.name == "grip":
            return cutlery_grip(sx, sy, sz), {"steel": steel}
        if part.name == "head":
            return head_fn(sx, sy, sz), {"steel": steel, "inside": skin("metal", tuple(0.3 * c for c in _col(
                p, "color", STEEL)))}
        return None
    return look


def _screwdriver(p, part):
    sx, sy, sz = _size(part)
    c = _col(p)
    if part.name == "grip":
        return screwdriver_grip(sx, sy, sz), {"grip": skin("glossy", c), "band": skin("matte", DARK)}
    if part.name == "head":
        return screwdriver_head(sx, sy, sz), {"nose": skin("glossy", c), "steel": skin("metal", STEEL)}
    return None


def _hand_brush(p, part):
    sx, sy, sz = _size(part)
    wood = skin("wood", _col(p, "grip_color", (0.45, 0.28, 0.12)))
    if part.name == "grip":
        return brush_handle(sx, sy, sz), {"grip": wood, "hole": skin("matte", (0.02, 0.02, 0.02))}
    if part.name == "head":
        return brush_block(sx, sy, sz), {"back": wood, "bristle": Skin(art(bristle_print(_col(p))).material, 0.05)}
    return None


def _peel_colour(c) -> tuple[float, float, float]:
    """An orange's peel: the kind's colour with its green held to 25 % of its red (linear; sRGB about 250, 135,
    60), so a yellowish parameter still reads orange, not lemon."""
    return (c[0], min(c[1], 0.25 * c[0]), c[2])


def _orange(p, part):
    if part.name != "body":
        return None
    c = _peel_colour(_col(p))
    return citrus(_size(part)), {"skin": art(peel_print(c, seed=1), "peel", roughness=0.6),
                                 "stem": skin("matte", (0.2, 0.25, 0.08))}


def _tomato(p, part):
    if part.name != "body":
        return None
    c = _col(p)
    red = (c[0] * 0.75, c[1] * 0.3, c[2] * 0.4)     # ripe tomato red (a scarlet parameter reads orange)
    return tomato(_size(part)), {"skin": skin("glossy", red), "leaf": skin("matte", (0.05, 0.25, 0.03)),
                                 "stem": skin("matte", (0.1, 0.3, 0.05))}


def _onion(p, part):
    if part.name != "body":
        return None
    c = _col(p)
    gold = (0.75 * c[0], 0.38 * c[1], 0.2 * c[2])    # dry golden-brown skin of the kind's tone
    return onion(_size(part)), {"skin": art(onion_print(gold, seed=1), "onion_skin", roughness=0.7),
                                "root": skin("matte", (0.75, 0.68, 0.5))}


def _lettuce(p, part):
    if part.name != "body":
        return None
    return lettuce(_size(part)), {"heart": skin("matte", (0.55, 0.75, 0.25)),
                                  "leaf": skin("matte", (0.22, 0.55, 0.08)),
                                  "outer": skin("matte", (0.1, 0.38, 0.04))}


def _sock(p, part):
    c = _col(p)
    return sock(_size(part)), {"knit": Skin(art(knit(c)).material, 0.03),
                               "trim": skin("fabric", tuple(0.4 * x for x in c)),
                               "cuff": Skin(art(knit(tuple(0.8 * x for x in c))).material, 0.012)}


def _boot(p, part):
    size = _size(part)
    leather = skin("leather", _col(p))
    if part.name == "sole":
        return boot_sole(size), {"sole": skin("matte", _col(p, "sole_color", DARK))}
    if part.name == "foot":
        return boot_foot(size), {"leather": leather}
    if part.name == "shaft":
        return boot_shaft(size), {"leather": leather, "inside": skin("matte", (0.03, 0.02, 0.02))}
    return None


def _phone(p, part):
    return phone(_size(part)), {"case": skin("plastic", _col(p)), "glass": skin("glossy", (0.01, 0.01, 0.012)),
                                "screen": art(app_grid_screen(seed=2), "screen", roughness=0.1)}


def _pot(p, part):
    sx, sy, sz = _size(part)
    c = _col(p)
    if part.name.endswith("_wall"):
        return pot_wall(sx / 2, sz), {"glaze": skin("metal", c), "inside": skin("metal", tuple(0.55 * x for x in c)),
                                      "grip": skin("matte", DARK)}
    if part.name.endswith("_bottom"):      # the base under the drawn wall (the foot of the pot's profile)
        # the foot of the drawn wall (86 % of the collision radius, its bottom corner 97 % of that)
        return vessel_base(sx / 2, 0.83 * sx / 2, sz, "glaze"), {"glaze": skin("metal", c)}
    return None


def _leg(p, part):
    return table_leg(_size(part)), {"wood": skin("wood", _col(p))}


def _lolly(p, part):
    sx, sy, sz = _size(part)
    if part.name == "head":
        return ice_pop(sx, sy, sz), {"ice": skin("glossy", _col(p)),
                                     "coat": skin("glossy", (0.12, 0.05, 0.02))}
    if part.name == "grip":
        return lolly_stick(sx, sy, sz, 0.3 * sz), {"stick": skin("wood", (0.75, 0.6, 0.4))}
    return None


def _cutting_board(p, part):
    return board_with_handle(_size(part)), {"wood": skin("wood", _col(p)),
                                            "hole": skin("matte", (0.03, 0.025, 0.02)),
                                            "groove": skin("wood", tuple(0.55 * c for c in _col(p)))}


def _paper_bag(p, part):
    size = _size(part)
    kraft = skin("paper", _col(p))
    if part.name.startswith("wall"):
        side = {"wall_front": 1, "wall_back": -1}.get(part.name, 0)
        c = _col(p)
        return bag_wall(size, handle=side), {"kraft": kraft, "hem": skin("paper", tuple(0.85 * x for x in c)),
                                             "handle": skin("paper", tuple(min(1.0, 1.15 * x) for x in c)),
                                             "crease": skin("paper", tuple(0.6 * x for x in c))}
    return rbox(size, 0.1 * min(size), "kraft"), {"kraft": kraft}


def _glass(p, part):
    sx, sy, sz = _size(part)
    # full-strength albedo (art() dims prints to 0.8): a vertical wall takes little of the overhead light
    clear = Skin(Material("clear_glass", base_color=(1.0, 1.0, 1.0), albedo=glass_print(), roughness=0.05,
                          opacity=0.35), None)
    if part.name.endswith("_wall"):
        return tumbler(sx / 2, sz), {"glass": clear, "inner": skin("glass", (0.62, 0.85, 0.78)),
                                     "base": skin("glass", (0.7, 0.9, 0.85)), "rim": skin("glossy", (0.95, 1.0, 1.0))}
    if part.name.endswith("_bottom"):      # the foot of the drawn wall only (no coaster ring round it)
        return vessel_base(sx / 2, 0.86 * sx / 2, sz, "base"), {"base": skin("glass", (0.7, 0.9, 0.85))}
    return None



def _towel(p, part):
    c = _col(p)
    band = tuple(0.25 + 0.5 * x for x in (0.2, 0.35, 0.7)) if min(c) > 0.8 else tuple(0.5 * x for x in c)
    return folded_towel(_size(part)), {"terry": tinted_pattern("terry", c, 0.03), "band": skin("fabric", band)}


def _folder(p, part):
    return file_folder(_size(part)), {"board": skin("card", _col(p)), "pages": skin("paper", (0.92, 0.91, 0.87))}


def _wallet(p, part):
    return bifold_wallet(_size(part)), {"leather": skin("glossy", tuple(0.6 * c for c in _col(p))),
                                        "stitch": skin("matte", (0.85, 0.75, 0.55)),
                                        "cards": Skin(art(card_edges()).material, None)}


def _mouse_pad(p, part):
    return mouse_pad(_size(part)), {"rubber": skin("matte", DARK), "stitch": skin("fabric", (0.01, 0.01, 0.01)),
                                    "cloth": skin("fabric", tuple(0.4 * c for c in _col(p))),
                                    "logo": art(logo_print(), "logo")}


def _panel(p, part):
    return plywood_panel(_size(part)), {"face": skin("wood", _col(p)),
                                        "ply": Skin(art(ply_edge()).material, 0.02)}


def _lid(p, part):
    c = _col(p)
    return clip_lid(_size(part)), {"lid": skin("glossy", c), "seal": skin("matte", (0.5, 0.5, 0.5)),
                                   "clip": skin("plastic", tuple(0.6 * x for x in c))}


def _dustpan(p, part):
    size = _size(part)
    c = _col(p)
    if part.name.startswith("wall"):
        return dustpan_wall(size, part.name), {"pan": skin("plastic", c), "lip": skin("matte", DARK),
                                               "hole": skin("matte", (0.02, 0.02, 0.02))}
    return rbox(size, 0.3 * min(size), "pan"), {"pan": skin("plastic", c)}



def _dish_rack(p, part):
    size = _size(part)
    wire = skin("metal", _col(p))
    if part.name.startswith("wall"):
        return rack_wall(size, prongs=part.name in ("wall_front", "wall_back")), {"wire": wire}
    return drip_tray(size), {"tray": skin("plastic", (0.85, 0.86, 0.88))}


DETAIL_LOOKS = {"fork": _cutlery(fork_head), "spoon": _cutlery(spoon_head), "screwdriver": _screwdriver,
                "broom": _hand_brush, "orange": _orange, "tomato": _tomato, "onion": _onion, "lettuce": _lettuce,
                "sock": _sock, "boot": _boot, "phone": _phone, "pot": _pot, "leg": _leg, "lolly": _lolly,
                "cutting_board": _cutting_board, "paper_bag": _paper_bag, "glass": _glass, "towel": _towel,
                "folder": _folder, "wallet": _wallet, "mouse_pad": _mouse_pad, "panel": _panel, "lid": _lid,
                "dustpan": _dustpan, "dish_rack": _dish_rack}
"""Kind -> look for the kinds drawn here (merged over :data:`.object_looks.LOOKS`)."""
