"""Predicates read back from the settled world, with documented tolerances (DESIGN.md "Predicates are geometry
with documented tolerances"; paper appendix B.3.2 "Scoring" lists the 14 predicates).

Relations are tuples: ``("on", A, B)``, ``("inside", A, B)``, ``("near", A, B)`` (both orders),
``("held", A)``, ``("sitting", seat)``, ``("attached", child, parent)``, ``("raised", A)``, ``("unmoved", A)``,
``("open", A)``, ``("closed", A)``, ``("running", A)``, ``("off", A)``, ``("cut", A)``, ``("cooked", A)``;
besides these 14 predicates, ``("soiled", A, kind)`` for each soil kind on a surface (:mod:`.soil`). The floor
is the pseudo-entity ``"floor#1"``.

Beside the 14 predicates, one record relation carries history rather than geometry: ``("received", A, c1, c2,
...)``, the contents poured into or onto A in the order they came (:data:`RECEIVED`; only when A received
something). It is one tuple per entity, so "exactly soy sauce, then vinegar" is a single lookup.

``on`` and ``inside`` come from support and contact, read by the physics
(:meth:`~interactiveworld.world.physics.PhysicsWorld.support`: MuJoCo contacts and contact forces of the current
poses, every body at rest): ``on(A, B)`` when A touches B and B bears it; an object in a bowl on a counter is on
(and inside) the bowl, not on the counter, because it does not touch the counter. ``inside(A, B)`` when A lies in
one of B's interior regions and B supports it, directly or through what A rests on. Predicates are meant for a
settled world: the executor settles every command before relations are read.
"""
from __future__ import annotations

import math
from typing import Iterable

import numpy as np

from .boxes import aabb_of_obbs, obb_distance
from .physics import SUPPORT_NORMAL_MAX_DEG, SupportTable, world_of
from .scene import FLOOR_KEY, Scene
from .soil import soil_relations

__all__ = [
    "ON_NORMAL_MAX_DEG", "ON_BEAR_FRACTION", "INSIDE_VOLUME_FRACTION", "NEAR_DISTANCE", "UNMOVED_POSITION",
    "UNMOVED_ANGLE_DEG", "OPEN_FRACTION", "CLOSED_FRACTION", "RAISED_TILT_DEG", "ATTACH_POSITION",
    "on", "inside", "inside_region", "near", "unmoved", "is_open", "is_closed", "covering_lid", "raised", "attached",
    "RECEIVED", "received", "supporters", "support_graph", "riders", "bears", "read_relations", "pose_change", "support_table",
    "carried_bearers",
]

RECEIVED = "received"
"""Entity state field (and record relation name): the ordered list of content names poured into or onto the
entity (``pour``). It only ever grows, so it stays readable after the current ``contents`` changed or emptied."""

ON_NORMAL_MAX_DEG = SUPPORT_NORMAL_MAX_DEG
"""on(A, B): only contacts whose normal (from B into A) is within 30 degrees of straight up bear A."""
ON_BEAR_FRACTION = 0.10
"""on(A, B): through those contacts B pushes A up with at least 10 % of A's weight."""
INSIDE_VOLUME_FRACTION = 0.5
"""inside(A, B): A's centre in B's interior region and more than half of A's bounding volume within it."""
NEAR_DISTANCE = 0.30
"""near(A, B): closest-surface distance between their boxes <= 0.3 m."""
UNMOVED_POSITION = 0.02
"""unmoved(A): position within 2 cm of the baseline [m] ..."""
UNMOVED_ANGLE_DEG = 10.0
"""... and orientation within 10 degrees of the baseline."""
OPEN_FRACTION = 0.25
"""open(A): main joint opened at least 25 % of its limit (22.5 deg for a 90 deg hinge)."""
CLOSED_FRACTION = 0.02
"""closed(A): main joint opened at most 2 % of its limit (1.8 deg for a 90 deg hinge)."""
RAISED_TILT_DEG = 10.0
"""raised(A): A's declared upright axis within 10 degrees of world +z."""
ATTACH_POSITION = 0.01
"""attached(C, P): the recorded connector frames coincide within 1 cm."""


def support_table(scene: Scene) -> SupportTable:
    """The physics' contact read-back of ``scene``'s current poses (cached until something moves)."""
    return world_of(scene).support()


def bears(table: SupportTable, a: str, b: str) -> bool:
    """True when, in ``table``, B pushes A up through near-vertical contacts (normal within
    :data:`ON_NORMAL_MAX_DEG` of +z) with at least :data:`ON_BEAR_FRACTION` of A's weight [N]."""
    force = table.bearing.get(a, {}).get(b, 0.0)
    return force > 0.0 and force >= ON_BEAR_FRACTION * table.weight.get(a, math.inf)


def _bearers(scene: Scene, table: SupportTable, a: str) -> set[str]:
    if scene.human.held == a:
        return set()
    if a in scene.human.carried_bearers:  # moves rigidly with the held container: what it rested on at pick-up
        return set(scene.human.carried_bearers[a])
    return {b for b in table.bearing.get(a, {}) if bears(table, a, b)}


def carried_bearers(scene: Scene, key: str, contents: Iterable[str]) -> dict[str, frozenset[str]]:
    """What each of ``contents`` (the riders of ``key``, :func:`riders`) rests on among ``key`` and the other
    contents, read from support now, before ``key`` is picked up: a tomato on a plate rests on the plate. The
    contents then move rigidly with the hand, so these ``on`` relations keep holding while ``key`` is carried
    (``HumanState.carried_bearers``)."""
    group = {key, *contents}
    table = support_table(scene)
    return {r: frozenset(b for b in _bearers(scene, table, r) if b in group and b != r) for r in contents}


def on(scene: Scene, a: str, b: str) -> bool:
    """on(A, B): A is a movable object, not held, touching B, and B bears it (:func:`bears`); B may be
    ``"floor#1"``. Contents carried with a held container keep the ``on`` relations they had when it was picked
    up (:func:`carried_bearers`)."""
    if a == b or a not in scene.entities or not scene.entities[a].movable:
        return False
    return b in _bearers(scene, support_table(scene), a)


def _support_closure(scene: Scene, table: SupportTable, a: str) -> set[str]:
    """Everything that bears A, directly or through the movable objects it rests on (the floor excluded)."""
    out: set[str] = set()
    frontier = [a]
    while frontier:
        k = frontier.pop()
        for b in _bearers(scene, table, k):
            if b in out or b == a or b == FLOOR_KEY:
                continue
            out.add(b)
            if b in scene.entities and scene.entities[b].movable:
                frontier.append(b)
    return out


def inside_region(scene: Scene, a: str, b: str, region: str | None = None) -> bool:
    """Geometric containment of A in B's interior region named ``region`` (any region when None): A's centre of
    mass lies in the region box and more than :data:`INSIDE_VOLUME_FRACTION` of the volume of A's box (its
    AABB in the region frame) overlaps it. :func:`inside` adds that B supports A."""
    if a == b:
        return False
    ent = scene.entities[a]
    corners = ent.world_bounds_corners()
    com = ent.center_of_mass()
    for reg, t in scene.regions(b):
        if region is not None and reg.name != region:
            continue
        c_local = t[:3, :3].T @ (com - t[:3, 3])
        if np.any(np.abs(c_local) > reg.half):
            continue
        local = (corners - t[:3, 3]) @ t[:3, :3]
        lo, hi = local.min(axis=0), local.max(axis=0)
        inter = np.clip(np.minimum(hi, reg.half) - np.maximum(lo, -reg.half), 0.0, None)
        vol = np.prod(np.maximum(hi - lo, 1e-9))
        if np.prod(inter) / vol > INSIDE_VOLUME_FRACTION:
            return True
    return False


def inside(scene: Scene, a: str, b: str) -> bool:
    """inside(A, B): A lies in one of B's interior regions (:func:`inside_region`) and B supports it, directly
    or through what A rests on (a tomato on a plate in the fridge is inside the fridge). A held object is
    inside nothing."""
    if a == b or scene.human.held == a or not scene.entities[a].movable or not scene.entities[b].model.regions:
        return False
    return inside_region(scene, a, b) and b in _support_closure(scene, support_table(scene), a)


def _entity_boxes(scene: Scene, key: str) -> tuple[np.ndarray, np.ndarray]:
    boxes = scene.entity_boxes(scene.entities[key])
    return np.array([b[0] for b in boxes]).reshape(-1, 4, 4), np.array([b[1] for b in boxes]).reshape(-1, 3)


def near(scene: Scene, a: str, b: str) -> bool:
    """near(A, B): closest-surface distance between A's and B's collision boxes <= :data:`NEAR_DISTANCE`."""
    if a == b:
        return False
    ta, ha = _entity_boxes(scene, a)
    tb, hb = _entity_boxes(scene, b)
    return min(obb_distance(x, hx, y, hy) for x, hx in zip(ta, ha) for y, hy in zip(tb, hb)) <= NEAR_DISTANCE


def pose_change(before: np.ndarray, after: np.ndarray) -> tuple[float, float]:
    """(translation [m], rotation angle [deg]) between two world-from-entity transforms."""
    dp = float(np.linalg.norm(after[:3, 3] - before[:3, 3]))
    r = before[:3, :3].T @ after[:3, :3]
    cos = np.clip((np.trace(r) - 1.0) / 2.0, -1.0, 1.0)
    return dp, math.degrees(math.acos(cos))


def unmoved(scene: Scene, a: str, baseline: dict[str, np.ndarray]) -> bool:
    """unmoved(A): within :data:`UNMOVED_POSITION` and :data:`UNMOVED_ANGLE_DEG` of its baseline pose."""
    if a not in baseline:
        return False
    dp, da = pose_change(baseline[a], scene.entities[a].pose)
    return dp <= UNMOVED_POSITION and da <= UNMOVED_ANGLE_DEG


def is_open(scene: Scene, a: str) -> bool:
    """open(A): A is articulated and its main joint is at least :data:`OPEN_FRACTION` open."""
    e = scene.entities[a]
    return bool(e.model.joints) and e.opening >= OPEN_FRACTION


def is_closed(scene: Scene, a: str) -> bool:
    """closed(A): A is articulated and its main joint is at most :data:`CLOSED_FRACTION` open."""
    e = scene.entities[a]
    return bool(e.model.joints) and e.opening <= CLOSED_FRACTION


def covering_lid(scene: Scene, a: str) -> str | None:
    """The lid that closes container A: a movable object with the ``lid`` affordance resting on A (:func:`on`),
    or None. A lid on a container closes it as a shut door does: nothing is taken out or put in."""
    if a not in scene.entities or not scene.entities[a].model.regions:
        return None
    for e in scene.movables():
        if "lid" in e.affordances and e.key != a and on(scene, e.key, a):
            return e.key
    return None


def raised(scene: Scene, a: str) -> bool:
    """raised(A): A declares an upright axis and it points within :data:`RAISED_TILT_DEG` of +z."""
    e = scene.entities[a]
    if e.model.upright_axis is None:
        return False
    up = e.pose[:3, :3] @ e.model.upright_axis
    return float(up[2]) >= math.cos(math.radians(RAISED_TILT_DEG))


def attached(scene: Scene, child: str, parent: str) -> bool:
    """attached(C, P): an attachment C->P is recorded and the two connector frames coincide within
    :data:`ATTACH_POSITION` (read back from the current poses)."""
    rec = scene.attachments.get(child)
    if rec is None or rec["parent"] != parent:
        return False
    c, p = scene.entities[child], scene.entities[parent]
    cc, pc = c.model.connector(rec["child_connector"]), p.model.connector(rec["parent_connector"])
    if cc is None or pc is None:
        return False
    a = (c.pose @ cc.transform)[:3, 3]
    b = (p.pose @ pc.transform)[:3, 3]
    return float(np.linalg.norm(a - b)) <= ATTACH_POSITION



def support_graph(scene: Scene) -> dict[str, set[str]]:
    """Movable key -> the entities it rests on (:func:`on`) or is inside of (:func:`inside`), for every movable
    object not held; the floor excluded."""
    table = support_table(scene)
    out: dict[str, set[str]] = {}
    for e in scene.movables():
        if e.key == scene.human.held:
            continue
        sup = {b for b in _bearers(scene, table, e.key) if b != FLOOR_KEY}
        for b in _support_closure(scene, table, e.key):
            if scene.entities[b].model.regions and inside_region(scene, e.key, b):
                sup.add(b)
        out[e.key] = sup
    return out


def supporters(scene: Scene, a: str, graph: dict[str, set[str]] | None = None) -> set[str]:
    """Entities that ``a`` rests on or is inside of (the floor excluded); ``graph``: a precomputed
    :func:`support_graph` of the current poses (a scene load checks hundreds of objects against one)."""
    return (support_graph(scene) if graph is None else graph).get(a, set())


def riders(scene: Scene, key: str, graph: dict[str, set[str]] | None = None) -> list[str]:
    """Objects resting on or inside ``key``, transitively (a bowl's tomato rides with the bowl), read from
    support (``graph``: a precomputed :func:`support_graph`); objects carried in the hand are not riders."""
    graph = support_graph(scene) if graph is None else graph
    found: list[str] = []
    frontier = [key]
    while frontier:
        k = frontier.pop()
        for other, sup in graph.items():
            if k in sup and other != key and other not in found and other not in scene.human.carried:
                found.append(other)
                frontier.append(other)
    return found


class _BoxCache:
    """World-frame collision boxes of every entity, gathered once per read-back (for ``near``)."""

    def __init__(self, scene: Scene) -> None:
        b_t, b_h, b_owner = [], [], []
        self.keys = list(scene.entities)
        for i, key in enumerate(self.keys):
            for t, h, _ in scene.entity_boxes(scene.entities[key]):
                b_t.append(t)
                b_h.append(h)
                b_owner.append(i)
        self.b_t = np.array(b_t).reshape(-1, 4, 4)
        self.b_h = np.array(b_h, float).reshape(-1, 3)
        self.b_owner = np.array(b_owner, int)
        self.b_lo, self.b_hi = aabb_of_obbs(self.b_t, self.b_h)


def received(entity) -> list[str]:
    """The ordered record of what ``entity`` received by pouring (:data:`RECEIVED`, oldest first; [] if none)."""
    return [str(c) for c in entity.state.get(RECEIVED) or ()]


def read_relations(scene: Scene, baseline: dict[str, np.ndarray] | None = None,
                   *, include_near: bool = True) -> frozenset[tuple[str, ...]]:
    """Every ground predicate true in the (settled) scene now.

    ``on``/``inside`` for each movable object from one support read-back (:func:`support_table`); ``near``
    for each movable object against every entity (AABB pre-filter, then the exact box distance); ``unmoved``
    for each entity in ``baseline`` (key -> pose (4, 4)); the ``received`` record of each entity that received
    something by pouring. Same results as the per-pair predicate functions.
    """
    rel: set[tuple[str, ...]] = set()
    keys = list(scene.entities)
    held = scene.human.held
    for key in keys:
        e = scene.entities[key]
        aff = e.affordances
        if e.model.joints:
            if e.opening >= OPEN_FRACTION:
                rel.add(("open", key))
            if e.opening <= CLOSED_FRACTION:
                rel.add(("closed", key))
        if "powered" in aff:
            rel.add(("running", key) if e.state.get("running") else ("off", key))
        if e.state.get("cut"):
            rel.add(("cut", key))
        if e.state.get("cooked"):
            rel.add(("cooked", key))
        if "soil" in e.state:
            rel |= soil_relations(e)
        record = received(e)
        if record:
            rel.add((RECEIVED, key, *record))
        if e.model.upright_axis is not None and raised(scene, key):
            rel.add(("raised", key))
        if baseline is not None and key in baseline and unmoved(scene, key, baseline):
            rel.add(("unmoved", key))
    for child, rec in scene.attachments.items():
        if attached(scene, child, rec["parent"]):
            rel.add(("attached", child, rec["parent"]))
    if held is not None:
        rel.add(("held", held))
    if scene.human.sitting is not None:
        rel.add(("sitting", scene.human.sitting))
    table = support_table(scene)
    for e in scene.movables():
        if e.key == held:
            continue
        for b in _bearers(scene, table, e.key):
            rel.add(("on", e.key, b))
        for b in _support_closure(scene, table, e.key):
            if scene.entities[b].model.regions and inside_region(scene, e.key, b):
                rel.add(("inside", e.key, b))
    if include_near:
        cache = _BoxCache(scene)
        index = {k: i for i, k in enumerate(cache.keys)}
        for e in scene.movables():
            key = e.key
            me = cache.b_owner == index[key]
            lo, hi = cache.b_lo[me].min(axis=0), cache.b_hi[me].max(axis=0)
            gap = np.maximum(np.maximum(cache.b_lo - hi, lo - cache.b_hi), 0.0)
            cand = (np.linalg.norm(gap, axis=1) <= NEAR_DISTANCE) & ~me
            my_t, my_h = cache.b_t[me], cache.b_h[me]
            done: set[int] = set()
            for n in np.nonzero(cand)[0]:
                other = int(cache.b_owner[n])
                if other in done:
                    continue
                if any(obb_distance(t, h, cache.b_t[n], cache.b_h[n]) <= NEAR_DISTANCE for t, h in zip(my_t, my_h)):
                    done.add(other)
                    rel.add(("near", key, cache.keys[other]))
                    rel.add(("near", cache.keys[other], key))
    return frozenset(rel)


def relation_keys(relations: Iterable[tuple[str, ...]]) -> set[str]:
    """Entity keys mentioned by a set of relations."""
    return {k for r in relations for k in r[1:]}
