"""The generated layouts: names, plans and scenes of the layout library (release 2 of InteractiveBench).

The library is :data:`~.programmes.LAYOUT_PLAN` expanded: layout ``<env>-<nn>`` is environment type ``env``
planned from seed ``nn`` (:func:`.generator.plan_layout`) and cluttered (:func:`.clutter.place_clutter`). The
scene is :func:`.generator.build_scene` of the plan minus the objects recorded in the manifest
(``data/manifest.json``, written by ``tools/build_layouts.py``): those the loader's settle could not rest where
they were planned, found by loading the scene and dropping the object named by the failure until it loads.
The manifest also records what the build measured (instances, load time, deepest penetration), so the
library's numbers are data, regenerated with the layouts.
"""
from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..physics import MAX_PENETRATION, world_of
from ..placement import PlacementError
from ..scene import Scene
from .clutter import place_clutter
from .generator import build_scene, plan_layout, plan_reachability
from .programmes import ENVIRONMENTS, LAYOUT_PLAN

__all__ = ["layout_names", "layout_plan", "layout_scene", "layout_category", "MANIFEST_PATH", "read_manifest",
           "validate_layout_scene", "failing_key", "CATEGORIES", "build_layout", "plan_digest",
           "settled_layout_scene"]

MANIFEST_PATH = Path(__file__).parent / "data" / "manifest.json"
"""Per layout: objects dropped at build time and the numbers measured then."""
CATEGORIES = ("domestic", "office", "retail", "school", "hospitality", "leisure")
"""Environment categories of the issue's list (domestic, office, retail, school, hospitality, leisure)."""


def layout_names() -> list[str]:
    """Every layout name, ``<env>-<nn>``, in :data:`~.programmes.LAYOUT_PLAN` order."""
    return [f"{env}-{i + 1:02d}" for env, n in LAYOUT_PLAN for i in range(n)]


def _split(name: str) -> tuple[str, int]:
    env, _, nn = name.rpartition("-")
    if env not in ENVIRONMENTS or not nn.isdigit() or name not in layout_names():
        raise KeyError(f"unknown layout {name!r} (known: {layout_names()[0]} ... {layout_names()[-1]}, "
                       f"{len(layout_names())} in all)")
    return env, int(nn)


def layout_category(name: str) -> str:
    """The category (one of :data:`CATEGORIES`) of layout ``name``. Raises KeyError for an unknown name."""
    return ENVIRONMENTS[_split(name)[0]]["category"]


@lru_cache(maxsize=8)
def _plan(name: str) -> str:
    env, seed = _split(name)
    return json.dumps(place_clutter(plan_layout(env, seed, name=name)))


def layout_plan(name: str) -> dict[str, Any]:
    """The full plan (floorplan, furniture, clutter) of layout ``name``: a fresh JSON-compatible dict.
    Raises KeyError for an unknown name."""
    return json.loads(_plan(name))


def read_manifest() -> dict[str, Any]:
    """The build manifest (``{name: {"drop": [...], ...}}``); empty when not built yet."""
    if not MANIFEST_PATH.exists():
        return {}
    return json.loads(MANIFEST_PATH.read_text())


def plan_digest(plan: dict[str, Any]) -> str:
    """``sha256:<hex>`` of a plan's canonical JSON: the manifest records it, so a plan that changed since the
    build (a catalog asset resized, a programme edited) is caught before its recorded drops are trusted."""
    return "sha256:" + hashlib.sha256(json.dumps(plan, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def layout_scene(name: str) -> dict[str, Any]:
    """The ``"interactiveworld.scene/1"`` dict of layout ``name`` (unsettled ``on`` placements; the loader
    settles them). Raises KeyError for an unknown name."""
    drop = read_manifest().get(name, {}).get("drop", [])
    return build_scene(layout_plan(name), drop=drop)


def settled_layout_scene(name: str) -> dict[str, Any]:
    """The canonical scene dict of layout ``name`` after the loader has settled it (every entity by explicit
    pose, :func:`interactiveworld.world.serialize.scene_to_dict`): loading it places nothing and settles
    nothing, so it loads in tens of milliseconds where the unsettled form takes seconds. What a TaskPack
    carries inline. Raises KeyError for an unknown name, PlacementError when the layout does not load."""
    return Scene.from_dict(layout_scene(name)).to_dict()


_KEY_IN_PARENS = re.compile(r"\(([a-z0-9_]+#\d+)\)")
_KEY_AT_START = re.compile(r"^([a-z0-9_]+#\d+) ")


def failing_key(message: str) -> str | None:
    """The entity key a load failure names (``"entities[7] (mug#2): ..."`` or ``"mug#2 cannot be placed ..."``),
    or None."""
    m = _KEY_IN_PARENS.search(message) or _KEY_AT_START.search(message)
    return m.group(1) if m else None


def validate_layout_scene(plan: dict[str, Any], scene: Scene) -> dict[str, Any]:
    """Checks of a loaded layout: deepest contact penetration [m] of any object (gate
    :data:`~interactiveworld.world.physics.MAX_PENETRATION` = 5 cm), rooms and pieces reachable on the
    occupancy grid with the floor items as obstacles, and the instance count (movable objects).

    Returns ``{"instances", "max_penetration_m", "penetration_ok", "rooms_unreached", "pieces_unreached"}``."""
    depth = world_of(scene).support().depth
    deepest = max((d for d, _ in depth.values()), default=0.0)
    extra = []
    for obj in plan.get("floor_items", []):
        key = obj["key"]
        if key in scene.entities:
            t, h = scene.entities[key].obb()
            c = t[:3, 3]
            r = float(max(h[0], h[1]))
            extra.append((c[0] - r, c[1] - r, c[0] + r, c[1] + r))
    reach = plan_reachability(plan, extra)
    return {"instances": len(scene.movables()), "max_penetration_m": round(float(deepest), 4),
            "penetration_ok": bool(deepest <= MAX_PENETRATION), "rooms_unreached": reach["rooms_unreached"],
            "pieces_unreached": reach["pieces_unreached"]}


def build_layout(name: str, *, start: list[str] | None = None, max_drops: int = 40
                 ) -> tuple[dict[str, Any], Scene, list[str]]:
    """Load layout ``name``'s scene, starting from the drops ``start`` (None: the manifest's) and dropping each
    further object the load fails on (and what rests on it) until it loads; returns (plan, scene, dropped
    keys). Raises PlacementError when more than ``max_drops`` are needed."""
    plan = layout_plan(name)
    drop = list(read_manifest().get(name, {}).get("drop", []) if start is None else start)
    while True:
        try:
            return plan, Scene.from_dict(build_scene(plan, drop=drop)), drop
        except PlacementError as exc:
            key = failing_key(str(exc))
            if key is None or key in drop or len(drop) >= max_drops:
                raise
            drop.append(key)
