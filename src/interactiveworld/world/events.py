"""Scripted world events: "when condition X first holds, set state Y" (a spill that appears once an apple is put
on the cart).

A scene may declare ``"events"`` (:mod:`interactiveworld.world.serialize`), each::

    {"id": str, "when": [ATOM, ...], "set": [{"entity": key, "state": {field: value}}, ...], "fired": bool}

``when`` is a conjunction of relation atoms in the scorer's compact form, ``{"on": ["apple#1", "cart#1"]}``, over
the relations the world reads back (:func:`~interactiveworld.world.relations.read_relations`: the 14 predicates
and ``soiled``); every argument is an entity key of the scene (``floor#1`` allowed) or, for ``soiled``, a soil
kind. ``set`` patches entity states: each field is replaced, except that a dict value is merged into a dict
already there key by key (so a spill joins grime already on a table instead of wiping it). ``fired`` records that
the event happened (absent or false in an authored scene).

An event fires once, the first time its condition holds in the settled world: at reset and after every command
that succeeded or changed the world (:meth:`~interactiveworld.actions.executor.Executor.execute`); the command's
frames show its effect from the result frame on (the earlier ones show the states before it). A command that fails
restores the world and fires nothing. Fired events are part of the scene's canonical dict and of the
environment's state digest, so a replayed trace fires them at the same command.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable

from .soil import SOIL_KINDS, validate_soil

if TYPE_CHECKING:  # pragma: no cover
    from .scene import Scene

__all__ = ["SceneEvent", "EVENT_PREDICATES", "parse_events", "events_to_dict", "fire_events", "merge_state"]

EVENT_PREDICATES: dict[str, int] = {
    **dict.fromkeys(("on", "inside", "near", "attached", "soiled"), 2),
    **dict.fromkeys(("held", "open", "closed", "off", "sitting", "cut", "cooked", "running", "raised", "unmoved"), 1),
}
"""Relation name -> number of arguments, for the atoms of an event's ``when``."""


@dataclass
class SceneEvent:
    """One scripted event (module docstring): ``when`` as relation tuples, ``patches`` its ``set`` as (entity key,
    state patch) pairs, ``when_compact`` the ``when`` list as written."""

    id: str
    when: tuple[tuple[str, ...], ...]
    patches: tuple[tuple[str, dict[str, Any]], ...]
    fired: bool = False
    when_compact: list[dict[str, Any]] = field(default_factory=list, repr=False)

    def holds(self, relations: Iterable[tuple[str, ...]]) -> bool:
        """Whether every atom of ``when`` is among ``relations`` (``near`` read in both orders)."""
        rel = set(relations)
        return all(a in rel or (a[0] == "near" and (a[0], a[2], a[1]) in rel) for a in self.when)


def parse_events(data: Any, keys: set[str]) -> list[SceneEvent]:
    """The events of a scene dict's ``"events"`` list; ``keys`` are the scene's entity keys.

    Raises:
        ValueError: the field at fault named (``events[i].when[j]`` ...): not a list, an unknown relation, the
            wrong number of arguments, an unknown entity, a duplicate id, an empty ``when`` or ``set``, or a soil
            patch that is not one (:func:`~interactiveworld.world.soil.validate_soil`).
    """
    if data is None:
        return []
    if not isinstance(data, list):
        raise ValueError(f"events: expected a list, got {type(data).__name__}")
    out: list[SceneEvent] = []
    known = set(keys) | {"floor#1"}
    for i, ev in enumerate(data):
        where = f"events[{i}]"
        if not isinstance(ev, dict) or set(ev) - {"id", "when", "set", "fired"}:
            raise ValueError(f"{where}: an event is an object with 'id', 'when', 'set' and optional 'fired'")
        eid = ev.get("id")
        if not isinstance(eid, str) or not eid:
            raise ValueError(f"{where}.id: a non-empty string")
        if any(e.id == eid for e in out):
            raise ValueError(f"{where}.id: {eid!r} is used twice")
        when = ev.get("when")
        if not isinstance(when, list) or not when:
            raise ValueError(f"{where}.when: a non-empty list of atoms such as {{\"on\": [\"apple#1\", \"cart#1\"]}}")
        atoms = []
        for j, atom in enumerate(when):
            w = f"{where}.when[{j}]"
            if not isinstance(atom, dict) or len(atom) != 1:
                raise ValueError(f"{w}: an atom is an object with one relation name, e.g. {{\"on\": [a, b]}}")
            (pred, args), = atom.items()
            if pred not in EVENT_PREDICATES:
                raise ValueError(f"{w}: unknown relation {pred!r} (known: {', '.join(EVENT_PREDICATES)})")
            args = [args] if isinstance(args, str) else args
            if not isinstance(args, list) or len(args) != EVENT_PREDICATES[pred]:
                raise ValueError(f"{w}: {pred} takes {EVENT_PREDICATES[pred]} argument(s), got {args!r}")
            ents = args[:1] if pred == "soiled" else args
            bad = [a for a in ents if a not in known]
            if bad:
                raise ValueError(f"{w}: no entity {bad[0]!r} in the scene")
            if pred == "soiled" and args[1] not in SOIL_KINDS:
                raise ValueError(f"{w}: unknown soil kind {args[1]!r} (kinds: {', '.join(SOIL_KINDS)})")
            atoms.append((pred, *map(str, args)))
        patches = ev.get("set")
        if not isinstance(patches, list) or not patches:
            raise ValueError(f"{where}.set: a non-empty list of {{\"entity\": key, \"state\": {{...}}}}")
        sets = []
        for j, p in enumerate(patches):
            w = f"{where}.set[{j}]"
            if not isinstance(p, dict) or set(p) != {"entity", "state"} or not isinstance(p["state"], dict):
                raise ValueError(f"{w}: an object with 'entity' (a key) and 'state' (an object)")
            if p["entity"] not in keys:
                raise ValueError(f"{w}.entity: no entity {p['entity']!r} in the scene")
            if "soil" in p["state"]:
                validate_soil(p["state"]["soil"], f"{w}.state.soil")
            sets.append((p["entity"], copy.deepcopy(p["state"])))
        out.append(SceneEvent(eid, tuple(atoms), tuple(sets), bool(ev.get("fired", False)),
                              copy.deepcopy(when)))
    return out


def events_to_dict(events: list[SceneEvent]) -> list[dict[str, Any]]:
    """The canonical ``"events"`` list (``fired`` written only once true)."""
    out = []
    for e in events:
        d: dict[str, Any] = {"id": e.id, "when": copy.deepcopy(e.when_compact),
                             "set": [{"entity": k, "state": copy.deepcopy(s)} for k, s in e.patches]}
        if e.fired:
            d["fired"] = True
        out.append(d)
    return out


def merge_state(state: dict[str, Any], patch: dict[str, Any]) -> None:
    """Apply a ``set`` patch to an entity state in place: dict into dict merges key by key, otherwise replace."""
    for k, v in patch.items():
        if isinstance(v, dict) and isinstance(state.get(k), dict):
            state[k] = {**state[k], **copy.deepcopy(v)}
        else:
            state[k] = copy.deepcopy(v)


def fire_events(scene: "Scene", relations: Iterable[tuple[str, ...]]) -> list[str]:
    """Fire every event of ``scene`` not fired yet whose ``when`` holds in ``relations`` (the settled world's);
    returns their ids in declaration order. The caller reads the relations again when any fired."""
    rel = frozenset(relations)
    fired = []
    for ev in getattr(scene, "events", ()):
        if not ev.fired and ev.holds(rel):
            for key, patch in ev.patches:
                merge_state(scene.entities[key].state, patch)
            ev.fired = True
            fired.append(ev.id)
    return fired
