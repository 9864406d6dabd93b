"""``SceneBuilder``: writes the serialised scene dict (``"interactiveworld.scene/1"``, see
:mod:`interactiveworld.world.serialize`) for TaskPack authors.

Example::

    b = SceneBuilder("kitchen")
    b.add_room("kitchen", (0, 0, 5, 4))
    b.add_door(at=(5.0, 2.0))                                   # cuts the east wall
    b.add_fixture("fridge", at=(0.45, 3.0), yaw=0.0)             # front (+x) faces the room
    b.add_fixture("counter", at=(2.5, 3.65), yaw=-math.pi / 2)
    b.add_object("milk_carton", on="counter#1", spot=(-0.5, 0.3), labels=[{"text": "1 L", "face": "front"}])
    b.add_object("tomato", on="fridge#1", region="shelf_2")
    b.set_human((2.5, 1.0), yaw=math.pi / 2)
    scene_dict = b.build()

Units: metres and radians. ``yaw`` turns the asset's front (+x) towards the given heading.
"""
from __future__ import annotations

import copy
import math
from typing import Any, Sequence

from ..assets import asset_kind, resolved_params
from ..serialize import SCENE_FORMAT

__all__ = ["SceneBuilder", "SCENE_FORMAT"]


def _f(x: Any) -> float:
    return float(x)


class SceneBuilder:
    """Accumulates rooms, walls, doors, fixtures and objects and returns the scene dict with :meth:`build`."""

    def __init__(self, name: str = "scene") -> None:
        self._d: dict[str, Any] = {"format": SCENE_FORMAT, "name": name, "rooms": [], "walls": [], "doors": [],
                                   "entities": [], "human": {"xy": [0.0, 0.0], "yaw": 0.0}, "attachments": [],
                                   "attributes": {}}
        self._used: dict[str, set[int]] = {}

    # ------------------------------------------------------------------ architecture
    def add_room(self, name: str, rect: Sequence[float], *, floor_z: float = 0.0, walls: bool | Sequence[str] = True,
                 wall_height: float = 2.5, wall_thickness: float = 0.1) -> "SceneBuilder":
        """A rectangular room ``rect`` = (x_min, y_min, x_max, y_max) [m]. ``walls``: True for all four sides,
        False for none, or a subset of ``("south", "east", "north", "west")`` (skip a side shared with a room
        that already has that wall)."""
        x0, y0, x1, y1 = (_f(v) for v in rect)
        if not (x1 > x0 and y1 > y0):
            raise ValueError(f"room {name!r}: rect must be (x_min, y_min, x_max, y_max), got {tuple(rect)}")
        self._d["rooms"].append({"name": name, "rect": [x0, y0, x1, y1], "floor_z": _f(floor_z)})
        sides = {"south": ((x0, y0), (x1, y0)), "east": ((x1, y0), (x1, y1)), "north": ((x1, y1), (x0, y1)),
                 "west": ((x0, y1), (x0, y0))}
        chosen = list(sides) if walls is True else ([] if walls is False else list(walls))
        for side in chosen:
            a, b = sides[side]
            self.add_wall(a, b, thickness=wall_thickness, height=wall_height, floor_z=floor_z)
        return self

    def add_wall(self, start: Sequence[float], end: Sequence[float], *, thickness: float = 0.1, height: float = 2.5,
                 floor_z: float = 0.0) -> int:
        """A straight wall [m]; returns its index."""
        self._d["walls"].append({"start": [_f(start[0]), _f(start[1])], "end": [_f(end[0]), _f(end[1])],
                                 "thickness": _f(thickness), "height": _f(height), "floor_z": _f(floor_z)})
        return len(self._d["walls"]) - 1

    def add_door(self, at: Sequence[float], *, name: str = "door", index: int | None = None, width: float = 0.9,
                 height: float = 2.05, hinge: str = "left", swing: str = "out", open: bool | float = False,
                 description: str = "") -> str:
        """A hinged door in every wall passing within 10 cm of ``at`` (xy [m]); returns its key.

        ``swing="out"`` opens towards the left-hand normal of the first wall's direction."""
        openings = []
        for i, w in enumerate(self._d["walls"]):
            sx, sy = w["start"]
            ex, ey = w["end"]
            dx, dy = ex - sx, ey - sy
            length = math.hypot(dx, dy)
            s = ((at[0] - sx) * dx + (at[1] - sy) * dy) / length
            dist = abs((at[0] - sx) * dy - (at[1] - sy) * dx) / length
            if dist <= w["thickness"] / 2 + 0.1 and width / 2 <= s <= length - width / 2:
                openings.append({"wall": i, "offset": float(s)})
        if not openings:
            raise ValueError(f"add_door: no wall passes through {tuple(at)} with room for a {width} m door")
        index = self._index(name, index)
        self._d["doors"].append({"name": name, "index": index, "openings": openings,
                                 "params": {"width": _f(width), "height": _f(height), "hinge": hinge, "swing": swing},
                                 "state": {"open": float(open)}, "description": description})
        return f"{name}#{index}"

    # ------------------------------------------------------------------ entities
    def add_fixture(self, kind: str, *, name: str | None = None, index: int | None = None,
                    at: Sequence[float] | None = None, yaw: float = 0.0, z: float | None = None,
                    on: str | None = None, surface: str | None = None, spot: Sequence[float] | None = None,
                    params: dict[str, Any] | None = None, state: dict[str, Any] | None = None,
                    labels: list[dict[str, str]] | None = None, description: str = "") -> str:
        """A fixture of catalog ``kind`` at ``at`` (xy [m], heading ``yaw`` [rad], base height ``z`` [m],
        default: the floor) or resting on ``on`` (``surface``/``spot`` as for objects). Returns its key."""
        return self._entity(kind, name, index, at, yaw, z, on, None, surface, spot, params, state, labels,
                            description)

    def add_object(self, kind: str, *, name: str | None = None, index: int | None = None, on: str | None = None,
                   region: str | None = None, surface: str | None = None, spot: Sequence[float] | None = None,
                   at: Sequence[float] | None = None, yaw: float = 0.0, z: float | None = None,
                   params: dict[str, Any] | None = None, state: dict[str, Any] | None = None,
                   labels: list[dict[str, str]] | None = None, description: str = "") -> str:
        """A movable object: ``on`` a support (``surface`` name, default the first) or inside ``on``'s interior
        ``region``, at ``spot`` = (u, v) (u in [-1, 1] left to right, v in [0, 1] front to back; free spot
        closest to it, packed 2 cm apart), or at an explicit ``at``/``yaw``/``z``; settled at load."""
        return self._entity(kind, name, index, at, yaw, z, on, region, surface, spot, params, state, labels,
                            description)

    def attach(self, child: str, child_connector: str, parent: str, parent_connector: str) -> "SceneBuilder":
        """Record an existing attachment. Place the child so that its connector meets the parent's: the
        ``attached`` predicate is read back from the connector frames (within 1 cm)."""
        self._d["attachments"].append({"child": child, "parent": parent, "child_connector": child_connector,
                                       "parent_connector": parent_connector})
        return self

    def set_human(self, xy: Sequence[float], yaw: float = 0.0) -> "SceneBuilder":
        """Start pose of the human: floor position xy [m] and heading [rad]."""
        self._d["human"] = {"xy": [_f(xy[0]), _f(xy[1])], "yaw": _f(yaw)}
        return self

    def set_attribute(self, key: str, value: Any) -> "SceneBuilder":
        """A free scene-level attribute (JSON value)."""
        self._d["attributes"][key] = value
        return self

    def add_event(self, event_id: str, when: Sequence[dict[str, Any]],
                  set_state: Sequence[tuple[str, dict[str, Any]]]) -> "SceneBuilder":
        """A scripted event (:mod:`interactiveworld.world.events`): the first time every relation atom of ``when``
        (compact form, ``{"on": ["apple#1", "cart#1"]}``) holds, each (entity key, state patch) of ``set_state`` is
        applied. Checked when the scene is loaded."""
        self._d.setdefault("events", []).append(
            {"id": event_id, "when": [copy.deepcopy(_jsonable(a)) for a in when],
             "set": [{"entity": k, "state": copy.deepcopy(_jsonable(st))} for k, st in set_state]})
        return self

    def build(self) -> dict[str, Any]:
        """The scene dict (a deep copy; JSON-compatible)."""
        return copy.deepcopy(self._d)

    # ------------------------------------------------------------------ internals
    def _index(self, name: str, index: int | None) -> int:
        used = self._used.setdefault(name, set())
        if index is None:
            index = 1
            while index in used:
                index += 1
        if index in used:
            raise ValueError(f"duplicate entity key {name}#{index}")
        used.add(index)
        return int(index)

    def _entity(self, kind, name, index, at, yaw, z, on, region, surface, spot, params, state, labels,
                description) -> str:
        asset_kind(kind)
        resolved_params(kind, params)  # validates parameter names
        name = name or kind
        if name != name.lower() or " " in name:
            raise ValueError(f"entity names are lower_snake, got {name!r}")
        index = self._index(name, index)
        rec: dict[str, Any] = {"name": name, "index": index, "kind": kind,
                               "params": copy.deepcopy(_jsonable(params or {})),
                               "state": copy.deepcopy(_jsonable(state or {})),
                               "labels": [dict(lab) for lab in (labels or [])], "description": description}
        if on is not None:
            place: dict[str, Any] = {"spot": None if spot is None else [_f(spot[0]), _f(spot[1])],
                                     "yaw_offset": _f(yaw)}
            if region is not None:
                rec["in"] = {"container": on, "region": region, **place}
            else:
                rec["on"] = {"support": on, "surface": surface, **place}
        elif at is not None:
            rec["at"] = {"xy": [_f(at[0]), _f(at[1])], "yaw": _f(yaw), "z": None if z is None else _f(z)}
        else:
            raise ValueError(f"{name}#{index}: give at=(x, y) or on=<support key>")
        self._d["entities"].append(rec)
        return f"{name}#{index}"


def _jsonable(v: Any) -> Any:
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    if hasattr(v, "tolist"):
        return v.tolist()
    return v
