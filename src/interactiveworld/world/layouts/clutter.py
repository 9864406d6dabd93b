"""Clutter placer (stage 3 of :mod:`.generator`): fills shelves, counters, tables and floors with small objects.

Constraints, per support surface (the asset's own surfaces: shelves, tops): objects stand upright facing the
surface's front, packed in rows from the front edge with at least :data:`GAP` between footprints (more than the
2 cm packing separation the loader keeps, paper appendix B.1.2, so the loader's free-spot search takes the
planned spot); an object must be lower than the clear height under the shelf above less :data:`HEADROOM`;
surfaces above :data:`MAX_SURFACE_Z` are left bare (out of a standing person's reach). Kinds come from the room's
table in :data:`~.programmes.CLUTTER`; retail shelves are faced (runs of one kind), others mixed. Floor items
stand along walls outside door zones and the clear zones in front of furniture, and must leave every room and
piece reachable (re-checked on the occupancy grid). Look-alikes: the plan records, per task-object kind of
:data:`~.programmes.LOOKALIKES` present, how many look-alike instances the layout holds (``lookalike_groups``);
:func:`lookalike_kinds` gives the kinds an authoring script sets beside a task object as its distractors.

Placements are written as ``on`` + ``spot`` (u, v) so the scene loader's free-spot search and settle
(:mod:`interactiveworld.world.placement`) put them down and check them: an object that does not come to rest on
its support, or sinks deeper than 5 cm into anything, fails the load.
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..assets import CATALOG, build_asset
from .generator import FRONT_CLEARANCE, asset_bounds, interior, plan_reachability
from .grid import Rect, footprint, inflate, overlaps
from .programmes import CLUTTER, FLOOR_CLUTTER, LOOKALIKES

__all__ = ["place_clutter", "surface_slots", "GAP", "HEADROOM", "MAX_SURFACE_Z", "FACED_ROOMS", "BUDGET", "spot_for",
           "add_lookalikes",
           "lookalike_kinds"]

GAP = 0.03
"""Gap [m] between packed footprints (the loader keeps 2 cm)."""
HEADROOM = 0.04
"""An object stays this much [m] lower than the clear height under the shelf above."""
MAX_SURFACE_Z = 1.85
"""Surfaces higher than this [m] stay bare."""
FACED_ROOMS = ("sales_floor", "stockroom", "dispensary")
"""Room types whose shelves are faced: runs of one kind, the way shops stock them."""
BUDGET = (170, 261)
"""Range [low, high) of the number of objects set on supports per layout (the paper's layouts hold ~265 object
instances in all; the loader's settle time grows with the count, so the budget keeps scenes loadable)."""
_SKIP_SURFACES = ("seat", "basin", "bin", "drum", "chamber", "rack", "interior", "rim")


def lookalike_kinds(kind: str) -> list[str]:
    """Catalog kinds that look like ``kind`` (itself first), from :data:`~.programmes.LOOKALIKES`."""
    return [k for k in LOOKALIKES.get(kind, [kind]) if k in CATALOG]


def surface_slots(kind: str, params: dict[str, Any] | None = None) -> list[tuple[str, float, float, float, float]]:
    """The clutter-bearing surfaces of a fixture: (name, half depth [m], half width [m], clear height [m], surface
    height [m] above the fixture's base)."""
    model = build_asset(kind, dict(params or {}))
    out = []
    for s in model.surfaces:
        if s.name in _SKIP_SURFACES or s.joint is not None:
            continue
        out.append((s.name, float(s.half_xy[0]), float(s.half_xy[1]), float(s.clearance), float(s.center[2])))
    return out


def spot_for(kind: str, hx: float, hy: float, cx: float, cy: float) -> tuple[float, float]:
    """The loader's spot (u, v) (u in [-1, 1] left to right, v in [0, 1] front to back) that puts the centre of
    ``kind``'s footprint at surface-local (``cx``, ``cy``) [m] on a surface of half sizes (``hx``, ``hy``) [m]
    (local +x points to the front). Inverts :func:`interactiveworld.world.placement.find_spot`'s goal
    ``(ax (1 - 2 v), ay u)``, where ``ax``/``ay`` are the free half ranges of the object's origin."""
    lo, hi = asset_bounds(kind)
    half = (hi - lo) / 2
    c = (hi + lo) / 2
    ox, oy = cx - c[0], cy - c[1]
    ax, ay = hx - half[0], hy - half[1]
    u = float(np.clip(oy / ay, -1, 1)) if ay > 1e-9 else 0.0
    v = float(np.clip((1 - ox / ax) / 2, 0, 1)) if ax > 1e-9 else 0.5
    return round(u, 4), round(v, 4)


def _pack(rng: np.random.Generator, kinds: list[str], hx: float, hy: float, clear: float, faced: bool,
          fill: float) -> list[tuple[str, float, float]]:
    """Rows from the front edge; returns (kind, centre x, centre y) in surface-local metres."""
    fits = []
    for k in kinds:
        lo, hi = asset_bounds(k)
        size = hi - lo
        if size[2] < clear - HEADROOM and size[0] < 2 * hx - 0.02 and size[1] < 2 * hy - 0.02:
            fits.append(k)
    if not fits:
        return []
    out = []
    x_front = hx - 0.01
    while True:
        row_kind = fits[int(rng.integers(len(fits)))]
        y = -hy + 0.01
        row_depth = 0.0
        placed_any = False
        while True:
            k = row_kind if faced else fits[int(rng.integers(len(fits)))]
            lo, hi = asset_bounds(k)
            dx, dy = hi[0] - lo[0], hi[1] - lo[1]
            if x_front - dx < -hx + 0.01:
                if faced:
                    break
                continue_ok = [f for f in fits if asset_bounds(f)[1][0] - asset_bounds(f)[0][0] <= x_front + hx - 0.01]
                if not continue_ok:
                    break
                k = continue_ok[int(rng.integers(len(continue_ok)))]
                lo, hi = asset_bounds(k)
                dx, dy = hi[0] - lo[0], hi[1] - lo[1]
            if y + dy > hy - 0.01:
                break
            if rng.random() < fill:
                out.append((k, x_front - dx / 2, y + dy / 2))
                row_depth = max(row_depth, dx)
                placed_any = True
                y += dy + GAP
            else:
                y += float(rng.uniform(0.06, 0.16))
        if not placed_any:
            row_depth = 0.08
        x_front -= row_depth + GAP
        if x_front < -hx + 0.05 or (not faced and rng.random() < 0.35):
            break
    return out


def place_clutter(plan: dict[str, Any], rng: np.random.Generator | None = None) -> dict[str, Any]:
    """Stage 3: fill ``plan``'s supports (``plan["clutter"]``: key, kind, support, surface, spot, room) and floor
    (``plan["floor_items"]``: key, kind, at, yaw, room); returns ``plan`` (changed in place). Seeded by the
    plan's seed when ``rng`` is None, so a plan replays."""
    rng = rng if rng is not None else np.random.default_rng([plan["seed"], 3])
    counts: dict[str, int] = {}
    for item in plan["furniture"]:
        name, idx = item["key"].split("#")
        counts[name] = max(counts.get(name, 0), int(idx))
    for i, _ in enumerate(plan.get("windows", [])):
        counts["window"] = i + 1

    def key(kind: str) -> str:
        counts[kind] = counts.get(kind, 0) + 1
        return f"{kind}#{counts[kind]}"

    rooms = {r["name"]: r for r in plan["rooms"]}
    slots = []
    for item in plan["furniture"]:
        base_z = float(item.get("z") or 0.0)
        for slot in surface_slots(item["kind"], item["params"]):
            if base_z + slot[4] <= MAX_SURFACE_Z:
                slots.append((item, slot))
    order = rng.permutation(len(slots))
    budget = int(rng.integers(*BUDGET))
    clutter: list[dict[str, Any]] = []
    for i in order:
        if len(clutter) >= budget:
            break
        item, (sname, hx, hy, clear, _) = slots[int(i)]
        rtype = rooms[item["room"]]["type"]
        table = CLUTTER.get(rtype, CLUTTER["default"])
        kinds = table.get(item["kind"], table.get("*", CLUTTER["default"]["*"]))
        kinds = [k for k in kinds if k in CATALOG]
        faced = rtype in FACED_ROOMS and sname != "top"
        fill = float(rng.uniform(0.75, 0.95)) if faced else float(rng.uniform(0.4, 0.75))
        for kind, cx, cy in _pack(rng, kinds, hx, hy, clear, faced, fill)[:budget - len(clutter)]:
            clutter.append({"key": key(kind), "kind": kind, "support": item["key"], "surface": sname,
                            "spot": list(spot_for(kind, hx, hy, cx, cy)), "room": item["room"]})
    # load order: by support, in furniture order, so the loader packs each surface in one go
    rank = {it["key"]: n for n, it in enumerate(plan["furniture"])}
    clutter.sort(key=lambda o: rank[o["support"]])
    plan["clutter"] = clutter
    plan["floor_items"] = _floor_items(plan, rng, key)
    plan["lookalike_groups"] = _lookalike_groups(plan)
    return plan


def add_lookalikes(plan: dict[str, Any], kind: str, support: str, *, surface: str | None = None, count: int = 2
                   ) -> list[str]:
    """Add ``count`` look-alikes of task-object ``kind`` (:func:`lookalike_kinds`, cycled) to ``support``'s
    ``surface`` in ``plan`` (changed in place), at the free spots the loader finds nearest the surface's centre;
    returns their keys. For authoring scripts that set a task object down among its distractors.

    Raises:
        KeyError: ``support`` is not a piece of the plan's furniture.
        ValueError: ``count`` < 1.
    """
    if count < 1:
        raise ValueError(f"add_lookalikes: count must be >= 1, got {count}")
    piece = next((i for i in plan["furniture"] if i["key"] == support), None)
    if piece is None:
        raise KeyError(f"add_lookalikes: {support!r} is not a piece of furniture of {plan.get('name')}")
    kinds = lookalike_kinds(kind) or [kind]
    used: dict[str, int] = {}
    for o in plan["furniture"] + plan["clutter"] + plan["floor_items"]:
        name, idx = o["key"].split("#")
        used[name] = max(used.get(name, 0), int(idx))
    keys = []
    for i in range(count):
        k = kinds[i % len(kinds)]
        used[k] = used.get(k, 0) + 1
        keys.append(f"{k}#{used[k]}")
        plan["clutter"].append({"key": keys[-1], "kind": k, "support": support, "surface": surface, "spot": None,
                                "room": piece["room"], "lookalike_of": kind})
    return keys


def _lookalike_groups(plan: dict[str, Any]) -> dict[str, int]:
    """Per task-object kind present in the layout: how many look-alike instances (itself included) it has."""
    kinds = [o["kind"] for o in plan["clutter"] + plan["floor_items"]]
    out = {}
    for k in sorted(set(kinds)):
        if k in LOOKALIKES:
            out[k] = sum(kinds.count(x) for x in set(lookalike_kinds(k)))
    return out


def _floor_items(plan: dict[str, Any], rng: np.random.Generator, key) -> list[dict[str, Any]]:
    fps: list[Rect] = []
    for item in plan["furniture"]:
        if item.get("z") is not None:
            continue
        lo, hi = asset_bounds(item["kind"], item["params"])
        fps.append(inflate(footprint(lo, hi, item["at"][0], item["at"][1], item["yaw"]), FRONT_CLEARANCE - 0.1))
    for door in plan["doors"]:
        fps.append(inflate((*door["at"], *door["at"]), 1.1))
    fps.append(inflate((*plan["human"]["xy"], *plan["human"]["xy"]), 0.8))
    out: list[dict[str, Any]] = []
    extra: list[Rect] = []
    for room in plan["rooms"]:
        kinds = [k for k in FLOOR_CLUTTER.get(room["type"], FLOOR_CLUTTER["default"]) if k in CATALOG]
        box = interior(room["rect"])
        for _ in range(int(rng.integers(2, 6))):
            kind = kinds[int(rng.integers(len(kinds)))]
            lo, hi = asset_bounds(kind)
            for _try in range(20):
                side = int(rng.integers(4))
                yaw = side * math.pi / 2
                t = float(rng.uniform(0.1, 0.9))
                pad = 0.03 - lo[0]
                if side == 0:
                    x, y = box[0] + pad, box[1] + t * (box[3] - box[1])
                elif side == 1:
                    x, y = box[0] + t * (box[2] - box[0]), box[1] + pad
                elif side == 2:
                    x, y = box[2] - pad, box[1] + t * (box[3] - box[1])
                else:
                    x, y = box[0] + t * (box[2] - box[0]), box[3] - pad
                x, y = round(x, 3), round(y, 3)
                fp = footprint(lo, hi, x, y, yaw)
                if fp[0] < box[0] or fp[1] < box[1] or fp[2] > box[2] or fp[3] > box[3]:
                    continue
                if any(overlaps(fp, o, 0.03) for o in fps):
                    continue
                check = plan_reachability(plan, extra + [fp])
                if check["rooms_unreached"] or check["pieces_unreached"]:
                    continue
                fps.append(fp)
                extra.append(fp)
                out.append({"key": key(kind), "kind": kind, "at": [x, y], "yaw": yaw, "room": room["name"]})
                break
    return out
