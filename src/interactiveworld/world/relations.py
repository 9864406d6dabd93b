"""Predicates read back from geometry and state, with documented tolerances (DESIGN.md "Predicates are
geometry with documented tolerances"; paper appendix B.3.2 "Scoring" lists the 14 predicates).

Relations are tuples: ``("on", A, B)``, ``("inside", A, B)``, ``("near", A, B)`` (both orders),
``("held", A)``, ``("sitting", seat)``, ``("attached", child, parent)``, ``("raised", A)``, ``("unmoved", A)``,
``("open", A)``, ``("closed", A)``, ``("running", A)``, ``("off", A)``, ``("cut", A)``, ``("cooked", A)``.
The floor is the pseudo-entity ``"floor#1"``. A predicate is evaluated on a settled world: placement settles
synchronously, so every object not held is at rest when relations are read.
"""
from __future__ import annotations

import math
from typing import Iterable

import numpy as np

from .boxes import aabb_of_obbs, obb_distance
from .scene import FLOOR_KEY, Scene

__all__ = [
    "ON_HEIGHT_TOLERANCE", "INSIDE_VOLUME_FRACTION", "NEAR_DISTANCE", "UNMOVED_POSITION", "UNMOVED_ANGLE_DEG",
    "OPEN_FRACTION", "CLOSED_FRACTION", "RAISED_TILT_DEG", "ATTACH_POSITION",
    "on", "inside", "inside_region", "near", "unmoved", "is_open", "is_closed", "raised", "attached",
    "supporters", "read_relations", "pose_change",
]

ON_HEIGHT_TOLERANCE = 0.015
"""on(A, B): |A's lowest point - B's support surface height| <= 1.5 cm [m]."""
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
SURFACE_LEVEL_COS = math.cos(math.radians(5.0))
"""A support surface counts only while its normal is within 5 degrees of +z."""


def _lowest_z(scene: Scene, key: str) -> float:
    return float(scene.entities[key].world_bounds_corners()[:, 2].min())


def on(scene: Scene, a: str, b: str) -> bool:
    """on(A, B): A is not held, its lowest point is within :data:`ON_HEIGHT_TOLERANCE` of one of B's level
    support surfaces and its centre of mass lies over that surface's rectangle (B may be ``"floor#1"``)."""
    if scene.human.held == a or a == b:
        return False
    ent = scene.entities[a]
    z = _lowest_z(scene, a)
    com = ent.center_of_mass()
    if b == FLOOR_KEY:
        fz = scene.floor_z_at(com[:2])
        return fz is not None and abs(z - fz) <= ON_HEIGHT_TOLERANCE
    for surf, t in scene.surfaces(b):
        if t[2, 2] < SURFACE_LEVEL_COS:
            continue
        local = t[:3, :3].T @ (com - t[:3, 3])
        if abs(z - t[2, 3]) <= ON_HEIGHT_TOLERANCE and abs(local[0]) <= surf.half_xy[0] \
                and abs(local[1]) <= surf.half_xy[1]:
            return True
    return False


def inside_region(scene: Scene, a: str, b: str, region: str | None = None) -> bool:
    """inside(A, B) restricted to B's region named ``region`` (any region when None).

    A's centre of mass must lie in the region box and more than :data:`INSIDE_VOLUME_FRACTION` of the
    volume of A's world AABB-in-region-frame must overlap it."""
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
    """inside(A, B) in any of B's interior regions (see :func:`inside_region`)."""
    return inside_region(scene, a, b, None)


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


def supporters(scene: Scene, a: str) -> set[str]:
    """Entities that ``a`` rests on or is inside of (geometric read-back; the floor excluded)."""
    out = set()
    for e in scene.entities.values():
        if e.key == a:
            continue
        if e.model.surfaces and on(scene, a, e.key):
            out.add(e.key)
        elif e.model.regions and inside(scene, a, e.key):
            out.add(e.key)
    return out


class _SceneCache:
    """World-frame surfaces, regions and boxes of every entity, gathered once per read-back."""

    def __init__(self, scene: Scene) -> None:
        s_t, s_h, s_owner = [], [], []
        r_t, r_h, r_owner = [], [], []
        b_t, b_h, b_owner = [], [], []
        self.keys = list(scene.entities)
        for i, key in enumerate(self.keys):
            for surf, t in scene.surfaces(key):
                if t[2, 2] >= SURFACE_LEVEL_COS:
                    s_t.append(t)
                    s_h.append(surf.half_xy)
                    s_owner.append(i)
            for reg, t in scene.regions(key):
                r_t.append(t)
                r_h.append(reg.half)
                r_owner.append(i)
            for t, h, _ in scene.entity_boxes(scene.entities[key]):
                b_t.append(t)
                b_h.append(h)
                b_owner.append(i)
        self.s_t = np.array(s_t).reshape(-1, 4, 4)
        self.s_h = np.array(s_h, float).reshape(-1, 2)
        self.s_owner = np.array(s_owner, int)
        self.r_t = np.array(r_t).reshape(-1, 4, 4)
        self.r_h = np.array(r_h, float).reshape(-1, 3)
        self.r_owner = np.array(r_owner, int)
        self.b_t = np.array(b_t).reshape(-1, 4, 4)
        self.b_h = np.array(b_h, float).reshape(-1, 3)
        self.b_owner = np.array(b_owner, int)
        self.b_lo, self.b_hi = aabb_of_obbs(self.b_t, self.b_h)


def _on_targets(cache: _SceneCache, z_low: float, com: np.ndarray) -> set[int]:
    if not len(cache.s_t):
        return set()
    local = np.einsum("nji,nj->ni", cache.s_t[:, :3, :3], com[None] - cache.s_t[:, :3, 3])
    ok = (np.abs(z_low - cache.s_t[:, 2, 3]) <= ON_HEIGHT_TOLERANCE) & (np.abs(local[:, 0]) <= cache.s_h[:, 0]) \
        & (np.abs(local[:, 1]) <= cache.s_h[:, 1])
    return set(cache.s_owner[ok].tolist())


def _inside_targets(cache: _SceneCache, corners: np.ndarray, com: np.ndarray) -> set[int]:
    if not len(cache.r_t):
        return set()
    rt, pos = cache.r_t[:, :3, :3], cache.r_t[:, :3, 3]
    c_local = np.einsum("nji,nj->ni", rt, com[None] - pos)
    cand = np.all(np.abs(c_local) <= cache.r_h, axis=1)
    out = set()
    for n in np.nonzero(cand)[0]:
        local = (corners - pos[n]) @ rt[n]
        lo, hi = local.min(axis=0), local.max(axis=0)
        inter = np.clip(np.minimum(hi, cache.r_h[n]) - np.maximum(lo, -cache.r_h[n]), 0.0, None)
        if np.prod(inter) / np.prod(np.maximum(hi - lo, 1e-9)) > INSIDE_VOLUME_FRACTION:
            out.add(int(cache.r_owner[n]))
    return out


def support_graph(scene: Scene) -> dict[str, set[str]]:
    """Movable key -> the entities it rests on or is inside of (batched :func:`supporters` for every
    movable object not held; the floor excluded)."""
    cache = _SceneCache(scene)
    keys = cache.keys
    out: dict[str, set[str]] = {}
    for e in scene.movables():
        if e.key == scene.human.held:
            continue
        corners = e.world_bounds_corners()
        com = e.center_of_mass()
        found = _on_targets(cache, float(corners[:, 2].min()), com) | _inside_targets(cache, corners, com)
        out[e.key] = {keys[i] for i in found if keys[i] != e.key}
    return out


def read_relations(scene: Scene, baseline: dict[str, np.ndarray] | None = None,
                   *, include_near: bool = True) -> frozenset[tuple[str, ...]]:
    """Every ground predicate true in the (settled) scene now.

    ``on``/``inside``/``near`` are evaluated for each movable object against every entity (and ``on`` against
    the floor); ``unmoved`` for each entity in ``baseline`` (key -> pose (4, 4)). Same results as the
    per-pair predicate functions of this module, batched over surfaces and regions, with an AABB pre-filter
    for ``near``.
    """
    cache = _SceneCache(scene)
    rel: set[tuple[str, ...]] = set()
    keys = cache.keys
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
    index = {k: i for i, k in enumerate(keys)}
    for e in scene.movables():
        key = e.key
        corners = e.world_bounds_corners()
        com = e.center_of_mass()
        if key != held:
            z_low = float(corners[:, 2].min())
            for i in _on_targets(cache, z_low, com):
                if keys[i] != key:
                    rel.add(("on", key, keys[i]))
            fz = scene.floor_z_at(com[:2])
            if fz is not None and abs(z_low - fz) <= ON_HEIGHT_TOLERANCE:
                rel.add(("on", key, FLOOR_KEY))
        for i in _inside_targets(cache, corners, com):
            if keys[i] != key:
                rel.add(("inside", key, keys[i]))
        if include_near:
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
                    rel.add(("near", key, keys[other]))
                    rel.add(("near", keys[other], key))
    return frozenset(rel)


def relation_keys(relations: Iterable[tuple[str, ...]]) -> set[str]:
    """Entity keys mentioned by a set of relations."""
    return {k for r in relations for k in r[1:]}
