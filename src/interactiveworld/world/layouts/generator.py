"""Layout generator: a seeded, staged solver over the room programmes of :mod:`.programmes`.

Stages (ProcTHOR's pipeline, each checked before the next):

1. **floorplan** — a hub room (corridor, hall, sales floor...) spans the layout west to east; the programme's
   other rooms stand in a row north of it and a row south of it, each opening onto the hub by a door, so every
   room is one door from the hub. Walls are shared (one wall per partition line); the hub has an entrance door
   in its west wall; rooms with an outside wall get windows in it.
2. **furniture** — each room's wall items go along its walls, backs against the wall, fronts to the room,
   keeping door swings, a 0.7 m clear zone in front of each item, and windows (only furniture lower than the
   sill goes under one); then centre groups (a dining table and its chairs, shop gondolas, classroom desks)
   with 0.8 m walkways. Every placement is checked on the occupancy grid (:mod:`.grid`): every room and the
   front of every earlier piece must stay reachable from the person's start, or the piece moves or is dropped.
3. **clutter** — :func:`.clutter.place_clutter` fills the supports and the floor.

:func:`plan_layout` returns the plan, a JSON-compatible dict that records every choice (the variant is its
plan); :func:`build_scene` turns a plan into an ``"interactiveworld.scene/1"`` dict. Conventions: metres,
radians, z up; a fixture's front is its local +x.
"""
from __future__ import annotations

import math
import zlib
from functools import lru_cache
from typing import Any

import numpy as np

from ..assets import CATALOG, build_asset
from .builder import SceneBuilder
from .grid import OccupancyGrid, Rect, footprint, inflate, overlaps
from .programmes import ENVIRONMENTS, GROUPS, ROOMS

__all__ = ["plan_layout", "build_scene", "plan_reachability", "LayoutError", "WALL_THICKNESS", "FRONT_CLEARANCE",
           "WALKWAY", "WALL_MOUNTED", "SILL_Z"]

WALL_THICKNESS = 0.10
"""Interior and exterior walls [m]."""
FRONT_CLEARANCE = 0.70
"""Clear depth [m] kept in front of a wall item (room to stand and to open a door or drawer)."""
WALKWAY = 0.80
"""Clear width [m] around centre groups (ADA 403.5.1 asks 0.91 m for a route; 0.8 m between two pieces)."""
DOOR_CLEAR = 1.0
"""Side [m] of the square kept free on each side of a door (its swing and the person passing)."""
SILL_Z = 0.95
"""Window sill height [m]; only furniture lower than this stands under a window."""
WALL_MOUNTED = ("whiteboard", "wall_board", "poster", "sign")
"""Kinds hung on a wall (no floor footprint); they still keep the wall span free of tall furniture."""
_DOOR_W = 0.9


class LayoutError(ValueError):
    """A programme cannot be laid out (unknown environment, no room for a required piece)."""


@lru_cache(maxsize=None)
def _bounds(kind: str, params_key: tuple) -> tuple[np.ndarray, np.ndarray]:
    m = build_asset(kind, dict(params_key))
    return np.asarray(m.bounds[0], float), np.asarray(m.bounds[1], float)


def asset_bounds(kind: str, params: dict[str, Any] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Local box (lo, hi) [m], shape (3,) each, of catalog ``kind`` with ``params`` (cached)."""
    return _bounds(kind, tuple(sorted((params or {}).items())))


def _pick_kind(kinds) -> str | None:
    """The first of ``kinds`` the catalog has."""
    for k in kinds:
        if k in CATALOG:
            return k
    return None


def _rng(env: str, seed: int) -> np.random.Generator:
    return np.random.default_rng([int(seed), zlib.crc32(env.encode())])


# ------------------------------------------------------------------------------------------------ 1. floorplan
def _floorplan(env: str, rng: np.random.Generator, sizes: dict[str, tuple[float, float]] | None = None
               ) -> dict[str, Any]:
    spec = ENVIRONMENTS[env]
    sizes = dict(sizes or {})
    rows: dict[str, list[dict]] = {}
    for side in ("north", "south"):
        rooms = []
        for rtype, (a, b) in spec[side]:
            for _ in range(int(rng.integers(a, b + 1))):
                lo_w, hi_w = ROOMS[rtype]["w"]
                lo_d, hi_d = ROOMS[rtype]["d"]
                w, d = float(rng.uniform(lo_w, hi_w)), float(rng.uniform(lo_d, hi_d))
                if rtype in sizes:  # the first room of that type takes the size asked for (the draws still happen)
                    w, d = sizes.pop(rtype)
                rooms.append({"type": rtype, "w": float(w), "d": float(d)})
        rows[side] = rooms
    hub = ROOMS[spec["hub"]]
    hub_w = float(rng.uniform(*hub["w"]))
    hub_d = float(rng.uniform(*hub["d"]))
    width = max([hub_w] + [sum(r["w"] for r in rows[s]) for s in rows])
    width = round(width, 1)
    ds = round(max([r["d"] for r in rows["south"]], default=0.0), 1)
    dn = round(max([r["d"] for r in rows["north"]], default=0.0), 1)
    hub_d = round(hub_d, 1)
    rooms, walls, doors, counts = [], [], [], {}

    def name_of(rtype: str) -> str:
        counts[rtype] = counts.get(rtype, 0) + 1
        return rtype if counts[rtype] == 1 else f"{rtype}_{counts[rtype]}"

    y_hub = (ds, ds + hub_d)
    rooms.append({"name": name_of(spec["hub"]), "type": spec["hub"], "rect": [0.0, ds, width, ds + hub_d],
                  "hub": True, "outside": ["west", "east"] + ([] if rows["south"] else ["south"])
                  + ([] if rows["north"] else ["north"])})
    for side, (ya, yb) in (("south", (0.0, ds)), ("north", (ds + hub_d, ds + hub_d + dn))):
        row = rows[side]
        if not row:
            continue
        total = sum(r["w"] for r in row)
        x = 0.0
        for i, r in enumerate(row):
            w = width - x if i == len(row) - 1 else round(r["w"] * width / total, 1)
            outside = [side] + (["west"] if i == 0 else []) + (["east"] if i == len(row) - 1 else [])
            rooms.append({"name": name_of(r["type"]), "type": r["type"], "rect": [x, ya, x + w, yb],
                          "hub": False, "outside": outside})
            if i > 0:
                walls.append([[x, ya], [x, yb]])
            # the door to the hub, on the shared line, 0.75 m or more from the partitions
            line_y = yb if side == "south" else ya
            lo, hi = x + 0.75, x + w - 0.75
            dx = float(np.round(rng.uniform(lo, hi), 2)) if hi > lo else x + w / 2
            doors.append({"at": [dx, line_y], "rooms": [rooms[-1]["name"], rooms[0]["name"]],
                          "hinge": "left" if rng.random() < 0.5 else "right"})
            x += w
    depth = ds + hub_d + dn
    walls = [[[0.0, 0.0], [width, 0.0]], [[width, 0.0], [width, depth]], [[width, depth], [0.0, depth]],
             [[0.0, depth], [0.0, 0.0]]] + walls
    if rows["south"]:
        walls.append([[0.0, ds], [width, ds]])
    if rows["north"]:
        walls.append([[0.0, ds + hub_d], [width, ds + hub_d]])
    doors.append({"at": [0.0, round(y_hub[0] + hub_d / 2, 2)], "rooms": [rooms[0]["name"]], "hinge": "left",
                  "entrance": True})
    plan = {"env": env, "category": spec["category"], "size": [width, depth], "rooms": rooms, "walls": walls,
            "doors": doors}
    plan["windows"] = _windows(plan, rng)
    return plan


def interior(rect) -> Rect:
    """A room's floor inside its walls [m]."""
    h = WALL_THICKNESS / 2
    return (rect[0] + h, rect[1] + h, rect[2] - h, rect[3] - h)


def _sides(rect) -> dict[str, tuple]:
    """Each side of a room interior: (start point, tangent, inward normal, length, yaw facing the room)."""
    x0, y0, x1, y1 = interior(rect)
    return {"south": ((x0, y0), (1.0, 0.0), (0.0, 1.0), x1 - x0, math.pi / 2),
            "north": ((x1, y1), (-1.0, 0.0), (0.0, -1.0), x1 - x0, -math.pi / 2),
            "west": ((x0, y1), (0.0, -1.0), (1.0, 0.0), y1 - y0, 0.0),
            "east": ((x1, y0), (0.0, 1.0), (-1.0, 0.0), y1 - y0, math.pi)}


def _windows(plan: dict[str, Any], rng: np.random.Generator) -> list[dict[str, Any]]:
    out = []
    door_pts = [np.asarray(d["at"]) for d in plan["doors"]]
    for room in plan["rooms"]:
        if not ROOMS[room["type"]]["windows"]:
            continue
        sides = _sides(room["rect"])
        for side in room["outside"]:
            if side in ("west", "east") and not room["hub"] and len(room["outside"]) > 1 and rng.random() < 0.5:
                continue
            p0, t, n, length, yaw = sides[side]
            count = int(np.clip(length // 2.6, 1, 3))
            width = float(np.round(rng.uniform(0.9, 1.3), 2))
            for k in range(count):
                s = length * (k + 0.5) / count
                if width / 2 + 0.3 > s or s > length - width / 2 - 0.3:
                    continue
                at = np.asarray(p0) + s * np.asarray(t)
                if any(np.linalg.norm(at - d) < width / 2 + 0.8 for d in door_pts):
                    continue
                out.append({"room": room["name"], "side": side, "at": [float(at[0]), float(at[1])], "yaw": yaw,
                            "width": width})
    return out


# ------------------------------------------------------------------------------------------------ 2. furniture
class _Solver:
    """Places furniture one piece at a time, keeping every room and every earlier piece's front reachable."""

    def __init__(self, plan: dict[str, Any], rng: np.random.Generator) -> None:
        self.plan, self.rng = plan, rng
        w, d = plan["size"]
        floors = [interior(r["rect"]) for r in plan["rooms"]]
        self.door_zones: list[Rect] = []
        for door in plan["doors"]:
            x, y = door["at"]
            vertical = abs(x) < 1e-6 or abs(x - w) < 1e-6 or any(
                abs(wl[0][0] - wl[1][0]) < 1e-6 and abs(wl[0][0] - x) < 1e-6 for wl in plan["walls"][4:])
            if vertical:
                floors.append((x - 0.1, y - _DOOR_W / 2, x + 0.1, y + _DOOR_W / 2))
                self.door_zones.append((x - DOOR_CLEAR, y - DOOR_CLEAR / 2 - 0.1, x + DOOR_CLEAR,
                                        y + DOOR_CLEAR / 2 + 0.1))
            else:
                floors.append((x - _DOOR_W / 2, y - 0.1, x + _DOOR_W / 2, y + 0.1))
                self.door_zones.append((x - DOOR_CLEAR / 2 - 0.1, y - DOOR_CLEAR, x + DOOR_CLEAR / 2 + 0.1,
                                        y + DOOR_CLEAR))
        self.grid = OccupancyGrid((0.0, 0.0, w, d), floors)
        hub = plan["rooms"][0]
        hx0, hy0, hx1, hy1 = interior(hub["rect"])
        self.start = (round(hx0 + 1.2, 2), round((hy0 + hy1) / 2, 2))
        self.door_zones.append(inflate((*self.start, *self.start), 0.5))
        self.footprints: list[Rect] = []      # floor-standing pieces
        self.clear: list[Rect] = []           # clear zones in front of wall pieces
        self.access: list[tuple[str, Rect]] = []   # (key, where a person must be able to stand)
        self.items: list[dict[str, Any]] = []
        self.counts: dict[str, int] = {}

    def key(self, kind: str) -> str:
        self.counts[kind] = self.counts.get(kind, 0) + 1
        return f"{kind}#{self.counts[kind]}"

    def _still_reachable(self, new: Rect | None, access: Rect | None) -> bool:
        mask = self.grid.reachable(self.start, () if new is None else (new,))
        checks = [a for _, a in self.access] + ([access] if access is not None else [])
        checks += [interior(r["rect"]) for r in self.plan["rooms"]]
        return all(self.grid.any_in(mask, a) for a in checks)

    def _commit(self, item: dict[str, Any], fp: Rect | None, clear: Rect | None, access: Rect | None) -> None:
        if fp is not None:
            self.footprints.append(fp)
            self.grid.block(fp)
        if clear is not None:
            self.clear.append(clear)
        if access is not None:
            self.access.append((item["key"], access))
        self.items.append(item)

    def wall_item(self, room: dict[str, Any], kind: str, params: dict[str, Any]) -> bool:
        lo, hi = asset_bounds(kind, params)
        mounted = kind in WALL_MOUNTED
        sides = _sides(room["rect"])
        order = list(sides)
        self.rng.shuffle(order)
        box = interior(room["rect"])
        tall = hi[2] > SILL_Z
        for side in order:
            p0, t, n, length, yaw = sides[side]
            half_w = (hi[1] - lo[1]) / 2
            if length < 2 * half_w + 0.04:
                continue
            steps = np.arange(half_w + 0.02, length - half_w - 0.02 + 1e-9, 0.05)
            if not len(steps):
                continue
            steps = np.roll(steps, int(self.rng.integers(len(steps))))
            for s in steps:
                s = round(float(s), 2)
                # origin so that the back (local x = lo[0]) sits 1 cm off the wall face and the width is centred
                cy = (lo[1] + hi[1]) / 2
                back = 0.01 - lo[0]
                x = p0[0] + s * t[0] + back * n[0] - cy * (-math.sin(yaw))
                y = p0[1] + s * t[1] + back * n[1] - cy * math.cos(yaw)
                x, y = round(x, 3), round(y, 3)
                fp = footprint(lo, hi, x, y, yaw)
                if mounted:  # keeps the span free of tall pieces, stands on nothing
                    fp = footprint((lo[0], lo[1], 0), (lo[0] + 0.35, hi[1], 0), x, y, yaw)
                if not overlaps(fp, box, -1e-6) or fp[0] < box[0] - 1e-6 or fp[1] < box[1] - 1e-6 \
                        or fp[2] > box[2] + 1e-6 or fp[3] > box[3] + 1e-6:
                    continue
                if any(overlaps(fp, o, 0.02) for o in self.footprints + self.door_zones):
                    continue
                if any(overlaps(fp, c, -0.01) for c in self.clear):
                    continue
                front = _front_rect(fp, n, FRONT_CLEARANCE)
                if any(overlaps(front, o, -0.01) for o in self.footprints):
                    continue
                if (tall or mounted) and any(w["room"] == room["name"] and w["side"] == side
                                             and _on_span(w, fp, side) for w in self.plan["windows"]):
                    continue
                if mounted:
                    item = {"key": self.key(kind), "kind": kind, "room": room["name"], "at": [x, y], "yaw": yaw,
                            "params": params, "wall": side}
                    self.footprints.append(fp)
                    self.items.append(item)
                    return True
                access = _front_rect(fp, n, 0.6)
                if not self._still_reachable(fp, access):
                    continue
                item = {"key": self.key(kind), "kind": kind, "room": room["name"], "at": [x, y], "yaw": yaw,
                        "params": params, "wall": side}
                self._commit(item, fp, front, access)
                return True
        return False

    def group(self, room: dict[str, Any], name: str) -> bool:
        pieces = []
        for kinds, (dx, dy), quarter, params in GROUPS[name]:
            kind = _pick_kind(kinds)
            if kind is None:
                continue
            pieces.append((kind, dx, dy, quarter * math.pi / 2, dict(params)))
        if not pieces:
            return False
        turn = int(self.rng.integers(2)) * math.pi / 2
        c, s = math.cos(turn), math.sin(turn)
        local = []
        for kind, dx, dy, yaw, params in pieces:
            lo, hi = asset_bounds(kind, params)
            local.append((kind, c * dx - s * dy, s * dx + c * dy, yaw + turn, params, lo, hi))
        fps0 = [footprint(lo, hi, x, y, yaw) for _, x, y, yaw, _, lo, hi in local]
        gx0, gy0 = min(f[0] for f in fps0), min(f[1] for f in fps0)
        gx1, gy1 = max(f[2] for f in fps0), max(f[3] for f in fps0)
        box = interior(room["rect"])
        lo_x, hi_x = box[0] + WALKWAY - gx0, box[2] - WALKWAY - gx1
        lo_y, hi_y = box[1] + WALKWAY - gy0, box[3] - WALKWAY - gy1
        if hi_x < lo_x or hi_y < lo_y:
            lo_x, hi_x = box[0] + 0.5 - gx0, box[2] - 0.5 - gx1
            lo_y, hi_y = box[1] + 0.5 - gy0, box[3] - 0.5 - gy1
            if hi_x < lo_x or hi_y < lo_y:
                return False
        for _ in range(40):
            ox = round(float(self.rng.uniform(lo_x, hi_x)), 2)
            oy = round(float(self.rng.uniform(lo_y, hi_y)), 2)
            grp = (gx0 + ox, gy0 + oy, gx1 + ox, gy1 + oy)
            if any(overlaps(grp, o, WALKWAY - 0.05) for o in self.footprints):
                continue
            if any(overlaps(grp, o, 0.05) for o in self.clear + self.door_zones):
                continue
            access = inflate(grp, 0.6)
            if not self._still_reachable(grp, access):
                continue
            group_items = []
            for (kind, x, y, yaw, params, lo, hi), fp in zip(local, fps0):
                item = {"key": self.key(kind), "kind": kind, "room": room["name"],
                        "at": [round(x + ox, 3), round(y + oy, 3)], "yaw": yaw, "params": params, "group": name}
                group_items.append(item)
            self.footprints.append(grp)
            self.grid.block(grp)
            self.access.append((group_items[0]["key"], access))
            self.items.extend(group_items)
            return True
        return False

    def wall_cabinets(self, room: dict[str, Any]) -> None:
        """Wall cabinets hung 1.45 m up above kitchen counters (not under a window)."""
        lo, hi = asset_bounds("wall_cabinet", {})
        for item in [i for i in self.items if i["room"] == room["name"] and i["kind"] in ("counter", "sink")]:
            if any(w["room"] == room["name"] and w["side"] == item["wall"]
                   and _on_span(w, footprint(*asset_bounds(item["kind"], item["params"]), *item["at"], item["yaw"]),
                                item["wall"]) for w in self.plan["windows"]):
                continue
            ilo, _ = asset_bounds(item["kind"], item["params"])
            yaw = item["yaw"]
            shift = lo[0] - ilo[0]  # back against the same wall
            x = round(item["at"][0] + shift * math.cos(yaw), 3)
            y = round(item["at"][1] + shift * math.sin(yaw), 3)
            self.items.append({"key": self.key("wall_cabinet"), "kind": "wall_cabinet", "room": room["name"],
                               "at": [x, y], "yaw": yaw, "params": {}, "z": 1.45, "wall": item["wall"]})


def _front_rect(fp: Rect, n, depth: float) -> Rect:
    """The strip of ``depth`` [m] in front of footprint ``fp`` along inward normal ``n``."""
    x0, y0, x1, y1 = fp
    if n[0] > 0:
        return (x1, y0, x1 + depth, y1)
    if n[0] < 0:
        return (x0 - depth, y0, x0, y1)
    if n[1] > 0:
        return (x0, y1, x1, y1 + depth)
    return (x0, y0 - depth, x1, y0)


def _on_span(window: dict[str, Any], fp: Rect, side: str) -> bool:
    half = window["width"] / 2 + 0.05
    x, y = window["at"]
    if side in ("south", "north"):
        return fp[0] < x + half and x - half < fp[2]
    return fp[1] < y + half and y - half < fp[3]


def _furnish(plan: dict[str, Any], rng: np.random.Generator) -> dict[str, Any]:
    solver = _Solver(plan, rng)
    for room in plan["rooms"]:
        spec = ROOMS[room["type"]]
        for kinds, (a, b) in spec["wall"]:
            kind = _pick_kind(kinds)
            if kind is None:
                continue
            for _ in range(int(rng.integers(a, b + 1))):
                solver.wall_item(room, kind, {})
        for gname, (a, b) in spec["centre"]:
            for _ in range(int(rng.integers(a, b + 1))):
                solver.group(room, gname)
        if room["type"] in ("kitchen", "pro_kitchen", "kitchenette", "studio"):
            solver.wall_cabinets(room)
    plan["furniture"] = solver.items
    plan["human"] = {"xy": list(solver.start), "yaw": 0.0}
    return plan


def plan_reachability(plan: dict[str, Any], extra: list[Rect] | None = None) -> dict[str, Any]:
    """Re-check a finished plan on a fresh occupancy grid: every room and the front of every piece with a
    support surface reachable from the start, with floor-standing furniture and ``extra`` obstacles [m].

    Returns ``{"rooms_unreached": [...], "pieces_unreached": [...], "reachable_cells": int}``."""
    solver = _Solver(plan, np.random.default_rng(0))
    access = []
    for item in plan["furniture"]:
        if item["kind"] in WALL_MOUNTED or item.get("z") is not None:
            continue
        lo, hi = asset_bounds(item["kind"], item["params"])
        fp = footprint(lo, hi, item["at"][0], item["at"][1], item["yaw"])
        solver.grid.block(fp)
        access.append((item["key"], inflate(fp, 0.6)))
    for r in extra or []:
        solver.grid.block(r)
    mask = solver.grid.reachable(plan["human"]["xy"])
    return {"rooms_unreached": [r["name"] for r in plan["rooms"] if not solver.grid.any_in(mask, interior(r["rect"]))],
            "pieces_unreached": [k for k, a in access if not solver.grid.any_in(mask, a)],
            "reachable_cells": int(mask.sum())}


def plan_layout(env: str, seed: int, *, name: str | None = None,
                sizes: dict[str, tuple[float, float]] | None = None) -> dict[str, Any]:
    """The plan of one layout of environment type ``env`` (a key of :data:`~.programmes.ENVIRONMENTS`) from
    ``seed``: floorplan and furniture (stages 1-2) as a JSON-compatible dict; ``clutter`` and ``floor_items``
    start empty (stage 3, :func:`.clutter.place_clutter`, fills them). ``sizes``: room type -> (width, depth)
    [m] for the first room of that type in the north or south row (at least that size: rows share a depth and
    stretch to the layout's width), for hosting an authored room.

    Raises:
        LayoutError: unknown environment type, or a room left unreachable.
    """
    if env not in ENVIRONMENTS:
        raise LayoutError(f"unknown environment type {env!r} (known: {', '.join(sorted(ENVIRONMENTS))})")
    rng = _rng(env, seed)
    plan = _floorplan(env, rng, sizes)
    plan["name"] = name or f"{env}-{seed:02d}"
    plan["seed"] = int(seed)
    _furnish(plan, rng)
    check = plan_reachability(plan)
    if check["rooms_unreached"]:
        raise LayoutError(f"{plan['name']}: rooms not reachable from the start: {check['rooms_unreached']}")
    plan["clutter"] = []
    plan["floor_items"] = []
    return plan


def build_scene(plan: dict[str, Any], *, drop: tuple[str, ...] | list[str] = ()) -> dict[str, Any]:
    """The ``"interactiveworld.scene/1"`` dict of ``plan`` (rooms, walls, doors, windows, furniture, clutter),
    without the entities keyed in ``drop``. Deterministic: the same plan gives the same dict."""
    b = SceneBuilder(plan["name"])
    for room in plan["rooms"]:
        b.add_room(room["name"], room["rect"], walls=False)
    for (a, c) in plan["walls"]:
        b.add_wall(a, c, thickness=WALL_THICKNESS, height=2.5)
    for i, door in enumerate(plan["doors"]):
        b.add_door(at=door["at"], index=i + 1, hinge=door["hinge"],
                   description="the entrance" if door.get("entrance") else f"between {' and '.join(door['rooms'])}")
    skip = set(drop)
    for i, w in enumerate(plan["windows"]):
        key = f"window#{i + 1}"
        if key in skip:
            continue
        b.add_fixture("window", index=i + 1, at=w["at"], yaw=w["yaw"], params={"width": w["width"]},
                      description=f"window of the {w['room'].replace('_', ' ')}")
    for item in plan["furniture"]:
        if item["key"] in skip:
            continue
        name, idx = item["key"].split("#")
        b.add_fixture(item["kind"], name=name, index=int(idx), at=item["at"], yaw=item["yaw"], z=item.get("z"),
                      params=item["params"] or None)
    for obj in plan.get("clutter", []):
        if obj["key"] in skip or obj["support"] in skip:
            continue
        name, idx = obj["key"].split("#")
        b.add_object(obj["kind"], name=name, index=int(idx), on=obj["support"], surface=obj["surface"],
                     spot=obj["spot"])
    for obj in plan.get("floor_items", []):
        if obj["key"] in skip:
            continue
        name, idx = obj["key"].split("#")
        b.add_object(obj["kind"], name=name, index=int(idx), at=obj["at"], yaw=obj["yaw"])
    b.set_human(plan["human"]["xy"], yaw=plan["human"]["yaw"])
    b.set_attribute("layout", {"name": plan["name"], "env": plan["env"], "category": plan["category"],
                               "seed": plan["seed"]})
    return b.build()
