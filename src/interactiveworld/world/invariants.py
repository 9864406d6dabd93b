"""World invariants: what must hold of the settled world after every command and at reset, each with a
documented tolerance (DESIGN.md "Predicates are geometry with documented tolerances").

A command that reports success must leave a world that does not lie: nothing lost below the floor or floating,
nothing sunk into anything beyond the placement gate, contents that agree with their container (an upturned
open container has spilled them, a closed one keeps them), and appliances that do not run with their doors open.
The executor reads :func:`check_world` after every command; a command whose result breaks an invariant that held
before it fails with a structured error naming the invariant, and the world is rolled back.

The invariants (names are the ``invariant`` field of a :class:`Violation`):

* ``in_world``: every movable object's centre lies over a room's floor and its lowest corner is at most
  :data:`BELOW_FLOOR_TOLERANCE` below that floor.
* ``at_rest``: every object out of the hand has come to rest by the end of the command's settle (speed below
  :data:`~.physics.REST_SPEED` before :data:`~.physics.SETTLE_TIME_CAP`), so the state can be saved and loaded
  again (a scene that never comes to rest is refused at load).
* ``supported``: every movable object that is not held, carried with the held object or attached touches
  something (it rests on a support, leans on one or lies on the floor); read from the physics' contacts.
* ``penetration``: no movable object that is not in the hand penetrates anything deeper than
  :data:`PENETRATION_TOLERANCE` (the 5 cm placement gate, paper appendix B.1.2), attached pairs excepted; an
  object the body's capsules pushed, no deeper than :data:`PUSHED_PENETRATION_TOLERANCE`.
* ``spill``: an open container turned more than :data:`SPILL_TILT_DEG` from upright keeps nothing: no content
  carried with it in the hand and nothing ``inside`` it (:func:`upturned`, :func:`closed_container`).
* ``sealed``: what lies in a closed container's interior before a command is still there after it, and nothing
  entered it, unless the container was open at either end of the command (a transition invariant:
  :func:`sealed_contents` before and after).
* ``appliance_door``: a powered appliance with a door (oven, microwave, dishwasher, washer, dryer) runs only
  with its door closed (opening at most :data:`~.relations.CLOSED_FRACTION`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .physics import MAX_PENETRATION, world_of
from .relations import CLOSED_FRACTION, covering_lid, inside, inside_region, is_closed
from .scene import Scene

__all__ = ["BELOW_FLOOR_TOLERANCE", "PENETRATION_TOLERANCE", "PUSHED_PENETRATION_TOLERANCE", "SPILL_TILT_DEG",
           "INVARIANTS", "Violation", "check_world", "new_violations", "sealed_contents", "closed_container", "enclosing_closed",
           "upturned", "door_interlocked"]

BELOW_FLOOR_TOLERANCE = 0.05
"""in_world: an object's lowest corner may lie at most this far [m] below its room's floor (the depth the
placement gate allows into any support, :data:`~.physics.MAX_PENETRATION`)."""
PENETRATION_TOLERANCE = MAX_PENETRATION
"""penetration: deepest contact penetration [m] an object at rest may have (paper B.1.2, 5 cm)."""
PUSHED_PENETRATION_TOLERANCE = 0.01
"""penetration of an object the body's capsules pushed during the command [m]: the body is kinematic and cannot
yield, so a limb can press what it brushes into a support (a bowl knocked onto its side 4.5 cm into the counter);
deeper than this, the push is not physical."""
SPILL_TILT_DEG = 90.0
"""spill: a container whose up axis (its model +z, the side its interior opens to) is tilted more than this
[deg] from world +z has its opening facing down: loose contents fall out."""

INVARIANTS = ("in_world", "at_rest", "supported", "penetration", "spill", "sealed", "appliance_door")
"""The invariant names, in the order they are checked."""


@dataclass(frozen=True)
class Violation:
    """One broken invariant.

    Attributes:
        invariant: one of :data:`INVARIANTS`.
        keys: the entities concerned (the object first, then what it concerns: a container, a support).
        detail: one plain sentence saying what the world shows.
        values: measured numbers for the log (depth [m], tilt [deg], z [m], ...).
    """

    invariant: str
    keys: tuple[str, ...]
    detail: str
    values: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def ident(self) -> tuple[str, tuple[str, ...]]:
        """(invariant, keys): what identifies the violation from one check to the next."""
        return self.invariant, self.keys

    def to_dict(self) -> dict[str, Any]:
        return {"invariant": self.invariant, "keys": list(self.keys), "detail": self.detail,
                "values": dict(self.values)}


def upturned(scene: Scene, key: str) -> bool:
    """True when ``key`` is a container (it has interior regions) tilted more than :data:`SPILL_TILT_DEG` from
    upright: its model +z axis, rotated into the world, has a z component below cos(SPILL_TILT_DEG)."""
    e = scene.entities[key]
    if not e.model.regions:
        return False
    return float(e.pose[2, 2]) < math.cos(math.radians(SPILL_TILT_DEG)) - 1e-9


def closed_container(scene: Scene, key: str) -> str | None:
    """Why container ``key`` is closed, or None when it is open: ``"closed"`` for a shut door or drawer
    (:func:`~.relations.is_closed`), ``"lid <key>"`` for a lid resting on it (:func:`~.relations.covering_lid`).
    A lid carried with the held container still covers it."""
    e = scene.entities[key]
    if not e.model.regions:
        return None
    if e.model.joints and e.opening < 0.5:
        return "closed"
    h = scene.human
    if h.held == key:
        for k in h.carried:
            if "lid" in scene.entities[k].affordances and key in h.carried_bearers.get(k, ()):
                return f"lid {k}"
        return None
    lid = covering_lid(scene, key)
    return None if lid is None else f"lid {lid}"


def enclosing_closed(scene: Scene, key: str) -> tuple[str, str] | None:
    """The closed container that ``key`` lies inside (:func:`~.relations.inside`), with why it is closed
    (:func:`closed_container`), or None. The hand cannot get at such an object, nor a tool at it."""
    if key not in scene.entities or not scene.entities[key].movable:
        return None
    for e in scene.entities.values():
        if not e.model.regions or e.key == key or not inside_region(scene, key, e.key):  # the cheap test first
            continue
        why = closed_container(scene, e.key)
        if why is not None and inside(scene, key, e.key):
            return e.key, why
    return None


def door_interlocked(scene: Scene, key: str) -> bool:
    """True for a powered appliance with a door or drawer (oven, microwave, dishwasher, washer, dryer): it runs
    only while that door is closed."""
    e = scene.entities[key]
    return "powered" in e.affordances and bool(e.model.joints)


def sealed_contents(scene: Scene) -> dict[str, frozenset[str]]:
    """Closed articulated container key -> the movable objects lying in one of its interior regions
    (:func:`~.relations.inside_region`; geometry only, so a shut door counts whatever rests behind it)."""
    out: dict[str, frozenset[str]] = {}
    movables = [e.key for e in scene.movables()]
    for e in scene.entities.values():
        if e.movable or not e.model.regions or not e.model.joints or not is_closed(scene, e.key):
            continue
        out[e.key] = frozenset(k for k in movables if inside_region(scene, k, e.key))
    return out


def check_world(scene: Scene, *, sealed_before: dict[str, frozenset[str]] | None = None,
                moving=(), pushed=()) -> list[Violation]:
    """Every violated invariant of the settled ``scene`` now (module docstring), in :data:`INVARIANTS` order.

    Args:
        scene: the live world, settled.
        sealed_before: :func:`sealed_contents` before the command (the ``sealed`` transition invariant is
            checked only when given).
        moving: keys still moving when the command's settle stopped (:attr:`~.physics.SettleReport.moving`).
        pushed: keys the body's capsules moved during the command (held to :data:`PUSHED_PENETRATION_TOLERANCE`).
    Returns:
        The violations (empty when the world is consistent).
    """
    out: list[Violation] = []
    h = scene.human
    in_hand = ({h.held} | set(h.carried)) - {None}
    attached = set(scene.attachments)
    movables = scene.movables()
    for e in movables:
        com = e.center_of_mass()
        fz = scene.floor_z_at(com[:2])
        low = float(e.world_bounds_corners()[:, 2].min())
        if fz is None or low < fz - BELOW_FLOOR_TOLERANCE:
            where = "outside every room" if fz is None else f"{(fz - low) * 100:.0f} cm below the floor"
            out.append(Violation("in_world", (e.key,), f"{e.key} ends {where}.",
                                 {"z": low, "floor_z": fz}))
    for k in sorted(set(moving) - in_hand):
        out.append(Violation("at_rest", (k,), f"{k} never comes to rest."))
    table = world_of(scene).support()
    for e in movables:
        if e.key in in_hand or e.key in attached:
            continue
        if not table.touching.get(e.key):
            out.append(Violation("supported", (e.key,), f"{e.key} rests on nothing: it touches nothing at all.",
                                 {"z": float(e.pose[2, 3])}))
    for e in movables:
        if e.key in in_hand:
            continue
        depth, other = table.depth.get(e.key, (0.0, ""))
        rec = scene.attachments.get(e.key)
        tolerance = PUSHED_PENETRATION_TOLERANCE if e.key in pushed else PENETRATION_TOLERANCE
        if depth > tolerance and not (rec and rec["parent"] == other) and \
                scene.attachments.get(other, {}).get("parent") != e.key:
            out.append(Violation("penetration", (e.key, other or "wall"),
                                 f"{e.key} sinks {depth * 100:.1f} cm into {other or 'a wall'}.",
                                 {"depth_m": depth}))
    for e in movables:
        if not upturned(scene, e.key) or closed_container(scene, e.key) is not None:
            continue
        tilt = math.degrees(math.acos(float(np.clip(e.pose[2, 2], -1.0, 1.0))))
        kept = sorted(h.carried) if h.held == e.key else \
            sorted(o.key for o in movables if o.key != e.key and inside(scene, o.key, e.key))
        for k in kept:
            out.append(Violation("spill", (k, e.key), f"{k} stays in {e.key}, which is upside down and open.",
                                 {"tilt_deg": tilt}))
    if sealed_before is not None:
        now = sealed_contents(scene)
        for c, before in sorted(sealed_before.items()):
            if c not in now:
                continue
            for k in sorted(before - now[c]):
                out.append(Violation("sealed", (k, c), f"{k} left {c} while it was closed."))
            for k in sorted(now[c] - before):
                out.append(Violation("sealed", (k, c), f"{k} got into {c} while it was closed."))
    for e in scene.entities.values():
        if door_interlocked(scene, e.key) and e.state.get("running") and e.opening > CLOSED_FRACTION:
            out.append(Violation("appliance_door", (e.key,), f"{e.key} runs with its door open.",
                                 {"opening": e.opening}))
    return out


def new_violations(after: list[Violation], before: list[Violation]) -> list[Violation]:
    """The violations of ``after`` that ``before`` did not have (by :attr:`Violation.ident`): what a command
    broke, as opposed to what it found broken."""
    had = {v.ident for v in before}
    return [v for v in after if v.ident not in had]
