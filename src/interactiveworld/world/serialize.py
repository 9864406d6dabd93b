"""The scene file format ``"interactiveworld.scene/1"``: a JSON-compatible dict.

Top level::

    {"format": "interactiveworld.scene/1", "name": str,
     "rooms":   [{"name": str, "rect": [x_min, y_min, x_max, y_max], "floor_z": m}],
     "walls":   [{"start": [x, y], "end": [x, y], "thickness": m, "height": m, "floor_z": m}],
     "doors":   [{"name": str, "index": int, "openings": [{"wall": i, "offset": m along the wall}],
                  "params": {door asset params}, "state": {"open": fraction}, "description": str}],
     "entities": [ENTITY, ...],            # in load order: a support precedes what rests on it
     "human":   {"xy": [x, y], "yaw": rad, ...},
     "attachments": [{"child": key, "parent": key, "child_connector": str, "parent_connector": str}],
     "attributes": {free JSON},
     "events":  [{"id": str, "when": [atom, ...], "set": [{"entity": key, "state": {...}}], "fired": bool}]}

``events`` (optional) are scripted world events, "when condition X first holds, set state Y"
(:mod:`interactiveworld.world.events`). An entity state may carry ``soil`` (grime, spills; :mod:`.soil`) and
``mouldy`` (hidden until the object is cut).

``ENTITY`` = ``{"name", "index", "kind" (asset catalog), "params" (overrides of the kind's defaults),
"state" (open fraction, running, cut, cooked, free task attributes), "labels": [{"text", "face"}],
"description"}`` plus exactly one placement:

* ``"pose": {"position": [x, y, z], "rotation": [9 floats, row-major 3x3]}`` — explicit, used as is;
* ``"at": {"xy": [x, y], "yaw": rad, "z": m or null (the room floor)}``;
* ``"on": {"support": key, "surface": name or null, "spot": [u, v] or null, "yaw_offset": rad}``;
* ``"in": {"container": key, "region": name or null, "spot": [u, v] or null, "yaw_offset": rad}``.

``on``/``in`` entries are put at a free spot (:func:`placement.find_spot`) just above their support, then settled
together by the physics at the end of the load; each must come to rest on or in its support.
:func:`scene_to_dict` writes the canonical form (every entity by ``pose``, full state, human state), so
``scene_to_dict(scene_from_dict(d)) == d`` for any canonical ``d`` and the geometry is identical.

This module builds scenes (it places and settles them with the physics), so it lies above
:mod:`interactiveworld.world.scene`; importing it installs :func:`scene_from_dict` and :func:`scene_to_dict` as the
codec behind ``Scene.from_dict`` and ``Scene.to_dict`` (:func:`~interactiveworld.world.scene.install_codec`, called
once at the end of this module). ``interactiveworld.world`` imports this module, so the codec is installed as soon
as any module of the world is imported.
"""
from __future__ import annotations

import copy
import math
from typing import Any

import numpy as np

from .assets import build_asset
from .events import events_to_dict, parse_events
from .physics import world_of
from .relations import support_graph
from .placement import RELEASE_HEIGHT, PlacementError, find_spot, rest_on_support
from .scene import Entity, HumanState, Room, Scene, Wall, install_codec, yaw_pose
from .soil import validate_soil

__all__ = ["scene_from_dict", "scene_to_dict", "SceneFormatError", "SceneLimitError", "SCENE_FORMAT",
           "MAX_SCENE_TRIANGLES"]

SCENE_FORMAT = "interactiveworld.scene/1"
"""The format tag of a serialised scene (module docstring)."""
MAX_SCENE_TRIANGLES = 4_000_000
"""Most triangles the meshes of a scene's doors and entities may hold together (:attr:`AssetModel.triangle_count`
summed as the load builds them); a scene over it is refused with :class:`SceneLimitError` before the rest is built,
placed or settled. Measured on the built scenes with the detailed object meshes: the largest built-in TaskPack
holds 428,194 triangles (release 2 ``decision-10``, 255 entities; release 1 at most 32,512, ``planning-09``) and the
largest generated layout of :mod:`.layouts.library` 765,746 (``spa-01``, 257 entities), so the cap is about five
times the largest scene shipped (before those meshes: 302,492 and 392,398). One asset holds at most about 18,000
triangles with its defaults (``towel``, 18,144), so a TaskPack within its entity limit (500) can pass the cap, and a
scene file (``iw-eval export-usd SCENE.json``, which has no entity limit) is bounded by it alone. Floors, walls and
ceilings are not counted: the room and wall counts bound them."""


class SceneFormatError(ValueError):
    """The scene dict does not follow ``interactiveworld.scene/1`` (the message names the field)."""


class SceneLimitError(SceneFormatError):
    """The scene would build more geometry than :data:`MAX_SCENE_TRIANGLES` (the message names the count and
    the cap)."""


def _count_triangles(total: int, model: Any, where: str, kind: str) -> int:
    """``total`` plus ``model``'s triangles; raises :class:`SceneLimitError` once over the cap."""
    total += model.triangle_count
    if total > MAX_SCENE_TRIANGLES:
        raise SceneLimitError(f"{where} ({kind}): the scene's meshes reach {total:,} triangles, over the limit "
                              f"of {MAX_SCENE_TRIANGLES:,} triangles (MAX_SCENE_TRIANGLES)")
    return total


def _need(d: dict[str, Any], key: str, where: str) -> Any:
    if key not in d:
        raise SceneFormatError(f"{where}: missing field {key!r}")
    return d[key]


def _normalise_state(e: Entity) -> None:
    if e.model.joints:
        e.state["open"] = float(e.state.get("open", 0.0))
    if "powered" in e.affordances:
        e.state["running"] = bool(e.state.get("running", False))


def _list(data: dict[str, Any], key: str) -> list[Any]:
    """``data[key]`` as a list (absent = empty); anything else names the field at fault."""
    value = data.get(key, [])
    if not isinstance(value, list):
        raise SceneFormatError(f"{key}: expected a list, got {'null' if value is None else type(value).__name__}")
    return value


def scene_from_dict(data: dict[str, Any]) -> Scene:
    """Build a :class:`Scene` from its dict (module docstring).

    Raises:
        SceneFormatError: wrong format tag, missing field, unknown reference or duplicate key.
        SceneLimitError: the doors' and entities' meshes hold more than :data:`MAX_SCENE_TRIANGLES` triangles.
        KeyError / ValueError: unknown asset kind or parameter (from the catalog).
        placement.PlacementError: an ``on``/``in`` entity has no free spot or does not come to rest on its
            support (the message names it).
    """
    if not isinstance(data, dict):
        raise SceneFormatError(f"a scene is a JSON object (dict), got {type(data).__name__}")
    if data.get("format") != SCENE_FORMAT:
        raise SceneFormatError(f"format must be {SCENE_FORMAT!r}, got {data.get('format')!r}")
    scene = Scene(str(data.get("name", "scene")))
    placed: list[tuple[str, str]] = []  # objects put on/in a support at load, settled together at the end
    triangles = 0  # built so far, held under MAX_SCENE_TRIANGLES
    for i, r in enumerate(_list(data, "rooms")):
        rect = _need(r, "rect", f"rooms[{i}]")
        scene.rooms.append(Room(_need(r, "name", f"rooms[{i}]"), tuple(float(v) for v in rect),
                                float(r.get("floor_z", 0.0))))
    for i, w in enumerate(_list(data, "walls")):
        scene.walls.append(Wall(tuple(_need(w, "start", f"walls[{i}]")), tuple(_need(w, "end", f"walls[{i}]")),
                                float(w.get("thickness", 0.1)), float(w.get("height", 2.5)),
                                float(w.get("floor_z", 0.0))))
    for i, d in enumerate(_list(data, "doors")):
        where = f"doors[{i}]"
        params = dict(d.get("params", {}))
        model = build_asset("door", params)
        triangles = _count_triangles(triangles, model, where, "door")
        openings = _need(d, "openings", where)
        first = None
        for op in openings:
            wi = int(op["wall"])
            if not 0 <= wi < len(scene.walls):
                raise SceneFormatError(f"{where}: wall index {wi} out of range")
            wall = scene.walls[wi]
            width = model.half_extents[1] * 2
            wall.openings.append((float(op["offset"]), float(width), float(model.bounds[1][2])))
            if first is None:
                first = (wall, float(op["offset"]))
        wall, off = first
        u = wall.direction
        p = np.asarray(wall.start, float) + u * off
        yaw = math.atan2(u[0], -u[1])  # local +x = left-hand normal of the wall direction
        e = Entity(_need(d, "name", where), int(_need(d, "index", where)), "door", params, model,
                   yaw_pose(p[0], p[1], wall.floor_z, yaw), copy.deepcopy(d.get("state", {})),
                   [], d.get("description", ""), door={"openings": copy.deepcopy(openings)})
        _normalise_state(e)
        _add(scene, e, where)
    for i, d in enumerate(_list(data, "entities")):
        where = f"entities[{i}]"
        kind = _need(d, "kind", where)
        params = copy.deepcopy(d.get("params", {}))
        model = build_asset(kind, params)
        triangles = _count_triangles(triangles, model, where, str(kind))
        e = Entity(_need(d, "name", where), int(_need(d, "index", where)), kind, params, model, np.eye(4),
                   copy.deepcopy(d.get("state", {})), [dict(x) for x in d.get("labels", [])],
                   d.get("description", ""))
        _normalise_state(e)
        faces = {f.name for f in model.label_faces}
        for lab in e.labels:
            if "text" not in lab:
                raise SceneFormatError(f"{where}: label without 'text'")
            if lab.get("face", "front") not in faces:
                raise SceneFormatError(f"{where}: {kind} has no label face {lab.get('face')!r} "
                                       f"(faces: {sorted(faces) or 'none'})")
        _add(scene, e, where)
        if "pose" in d:
            pose = np.eye(4)
            pose[:3, 3] = d["pose"]["position"]
            pose[:3, :3] = np.asarray(d["pose"]["rotation"], float).reshape(3, 3)
            e.pose = pose
        elif "at" in d:
            at = d["at"]
            xy = at["xy"]
            z = at.get("z")
            if z is None:
                z = scene.floor_z_at(np.asarray(xy, float)) or 0.0
            e.pose = yaw_pose(float(xy[0]), float(xy[1]), float(z), float(at.get("yaw", 0.0)))
        elif "on" in d or "in" in d:
            spec = d.get("on") or d.get("in")
            support = spec.get("support") or spec.get("container")
            if support not in scene.entities:
                raise SceneFormatError(f"{where}: support {support!r} is not defined before {e.key}")
            surface = spec.get("surface") if "on" in d else spec.get("region")
            if "in" in d and surface is None:
                names = [r.name for r in scene.entities[support].model.regions]
                if not names:
                    raise SceneFormatError(f"{where}: {support} has no interior region")
            else:
                names = [surface]
            spot = spec.get("spot")
            last = None
            for name in names:  # the first region with a free spot
                try:
                    pose = find_spot(scene, e.key, support, name, spot=None if spot is None else tuple(spot),
                                     yaw_offset=float(spec.get("yaw_offset", 0.0)),
                                     drop=RELEASE_HEIGHT if e.movable else 0.0)
                    last = None
                    break
                except PlacementError as exc:
                    last = exc
            if last is not None:
                raise PlacementError(f"{where} ({e.key}): {last}") from None
            e.pose = pose
            if e.movable:
                placed.append((e.key, support))
        else:
            raise SceneFormatError(f"{where}: needs one of 'pose', 'at', 'on', 'in'")
    h = data.get("human", {})
    scene.human = HumanState(np.asarray(h.get("xy", [0.0, 0.0]), float), float(h.get("yaw", 0.0)),
                             h.get("posture", "stand"), h.get("sitting"), h.get("held"))
    scene.human.phone_at_ear = bool(h.get("phone_at_ear", False))
    if scene.human.held is not None:
        oiw = h.get("object_in_wrist")
        if oiw is None or scene.human.held not in scene.entities:
            raise SceneFormatError("human.held needs a known key and object_in_wrist (16 floats)")
        scene.human.object_in_wrist = np.asarray(oiw, float).reshape(4, 4)
        scene.human.wrist = scene.entities[scene.human.held].pose @ np.linalg.inv(scene.human.object_in_wrist)
        scene.human.carried = {k: np.asarray(v, float).reshape(4, 4) for k, v in h.get("carried", {}).items()}
        scene.human.carried_bearers = {k: frozenset(map(str, v)) for k, v in h.get("carried_bearers", {}).items()}
    for a in _list(data, "attachments"):
        for f in ("child", "parent", "child_connector", "parent_connector"):
            _need(a, f, "attachments[]")
        scene.attachments[a["child"]] = dict(a)
    scene.extra = copy.deepcopy(data.get("attributes", {}))
    try:
        for e in scene.entities.values():
            if "soil" in e.state:
                validate_soil(e.state["soil"], f"{e.key}.state.soil")
        scene.events = parse_events(data.get("events"), set(scene.entities))
    except ValueError as exc:
        raise SceneFormatError(str(exc)) from None
    if placed:
        world_of(scene).settle(record=False)
        graph = support_graph(scene)  # one read of the settled poses for every placed object
        for key, support in placed:
            why = rest_on_support(scene, key, support, graph=graph)
            if why is not None:
                raise PlacementError(f"{key} cannot be placed on {support}: {why}")
    return scene


def _add(scene: Scene, e: Entity, where: str) -> None:
    if e.key in scene.entities:
        raise SceneFormatError(f"{where}: duplicate entity key {e.key}")
    scene.entities[e.key] = e


def _floats(a: np.ndarray) -> list[float]:
    return [float(x) for x in np.asarray(a).reshape(-1)]


def scene_to_dict(scene: Scene) -> dict[str, Any]:
    """The canonical dict of ``scene`` (module docstring): explicit poses, full state, human state."""
    doors, entities = [], []
    for e in scene.entities.values():
        if e.door is not None:
            doors.append({"name": e.name, "index": e.index, "openings": copy.deepcopy(e.door["openings"]),
                          "params": copy.deepcopy(e.params), "state": copy.deepcopy(e.state),
                          "description": e.description})
            continue
        entities.append({"name": e.name, "index": e.index, "kind": e.kind, "params": copy.deepcopy(e.params),
                         "state": copy.deepcopy(e.state), "labels": [dict(x) for x in e.labels],
                         "description": e.description,
                         "pose": {"position": _floats(e.pose[:3, 3]), "rotation": _floats(e.pose[:3, :3])}})
    h = scene.human
    human: dict[str, Any] = {"xy": _floats(h.xy), "yaw": float(h.yaw), "posture": h.posture, "sitting": h.sitting,
                             "held": h.held, "phone_at_ear": bool(h.phone_at_ear)}
    if h.held is not None:
        human["object_in_wrist"] = _floats(h.object_in_wrist)
        human["carried"] = {k: _floats(v) for k, v in h.carried.items()}
        human["carried_bearers"] = {k: sorted(v) for k, v in h.carried_bearers.items()}
    out = {"format": SCENE_FORMAT, "name": scene.name,
           "rooms": [{"name": r.name, "rect": [float(v) for v in r.rect], "floor_z": float(r.floor_z)}
                     for r in scene.rooms],
           "walls": [{"start": [float(v) for v in w.start], "end": [float(v) for v in w.end],
                      "thickness": float(w.thickness), "height": float(w.height), "floor_z": float(w.floor_z)}
                     for w in scene.walls],
           "doors": doors, "entities": entities, "human": human,
           "attachments": [dict(a) for a in scene.attachments.values()],
           "attributes": copy.deepcopy(scene.extra)}
    if scene.events:  # written only when declared, so scenes without events keep their canonical form
        out["events"] = events_to_dict(scene.events)
    return out


install_codec(load=scene_from_dict, dump=scene_to_dict)
