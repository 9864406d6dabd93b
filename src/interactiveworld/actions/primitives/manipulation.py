"""Grasping, placement and assembly primitives (Table 5): pick, release, flip, place, place_inside,
place_on_floor, fall_to_floor, attach, detach, raise."""
from __future__ import annotations

import math

import numpy as np
import trimesh

from ...errors import ErrorCode, PrimitiveError, fail
from ...world.invariants import closed_container, upturned
from ...world.physics import MAX_PENETRATION
from ...world.placement import (HAND_SEPARATIONS, RELEASE_HEIGHT, PlacementError, find_spot, penetration,
                                 rest_on_support)
from ...world.relations import (carried_bearers, inside, inside_region, near, on, raised,
                                riders, supporters)
from ..levels import level_words, resolve_level, shelf_regions
from .context import ActionContext
from .motion import COMFORT_Z, contact_point, need_held
from .physical import settle

FALL_CLEARANCE = 0.05
"""fall_to_floor moves the object this far [m] beyond the support's nearest edge before it drops."""
DEFAULT_PLACE_SPOT = (0.0, 0.3)
"""place without @place_spot: centred, towards the front of the surface (nearest free spot to it)."""
DEFAULT_INSIDE_SPOT = (0.0, 0.1)
"""place_inside without @place_spot: centred at the front of the region, where the hand reaches in."""
BESIDE_GAP = 0.03
"""@beside aims this far [m] between the two objects' footprints before the free-spot search."""
FLOOR_GAP = 0.10
"""place_on_floor leaves this gap [m] between the object and the anchor's footprint."""


def check_pick(ex: ActionContext, goal) -> PrimitiveError | None:
    """What is particular to [Grab] (the hand, closed containers and attachments are the table's,
    :mod:`.preconditions`): the object is movable and not sharp debris."""
    scene, key = ex.scene, goal.targets[0]
    e = scene.entities[key]
    if not e.movable:
        return fail(ErrorCode.NOT_AFFORDED, f"{key} cannot be picked up.", target=key)
    if "debris" in e.affordances:
        return fail(ErrorCode.NOT_AFFORDED, f"{key} is too sharp to pick up by hand; sweep it up with a broom.",
                    target=key)
    return None


def pick(ex: ActionContext, goal) -> PrimitiveError | None:
    """Reach the object, close the adaptive hand (grasp family by shape), hold it and lift it back."""
    err = check_pick(ex, goal)
    if err:
        return err
    scene, key = ex.scene, goal.targets[0]
    h = scene.human
    contents = riders(scene, key)
    bearers = carried_bearers(scene, key, contents)
    plan = ex.motion.reach(ex, contact_point(scene, "pick", key), key, primitive="pick")
    if isinstance(plan, PrimitiveError):
        return plan
    grasp = ex.motion.grasp(plan.contact_pose, plan.contact_translation, key)
    if isinstance(grasp, PrimitiveError):
        return grasp
    ex.motion.set_body(grasp.pose, h.body_translation)
    ex.keyframe()
    wrist = ex.motion.wrist(grasp.pose, h.body_translation)
    ex.motion.grip = np.asarray(grasp.pose, float)[111:156].copy()
    scene.grasp(key, wrist, grasp.object_in_wrist, riders=contents, bearers=bearers)
    ex.motion.invalidate()
    ex.motion.retreat(ex, plan)
    ex.motion.glance_at_held(ex)
    return None


def release(ex: ActionContext, goal) -> PrimitiveError | None:
    """Open the hand at the carried pose; the object (and its contents) settle under gravity."""
    scene = ex.scene
    h = scene.human
    if h.held is None:
        return fail(ErrorCode.NOT_HELD, "Your hand is empty; there is nothing to drop.")
    if goal.targets:
        err = need_held(scene, goal.targets[0])
        if err:
            return err
    key = scene.release()
    settle(ex)
    return sunk(ex, key)


def sunk(ex: ActionContext, key: str) -> PrimitiveError | None:
    """PLACEMENT_FAILED when the settled ``key`` penetrates anything deeper than the 5 cm gate (paper B.1.2)."""
    depth, other = ex.physics.support().depth.get(key, (0.0, ""))
    if depth > MAX_PENETRATION:
        return fail(ErrorCode.PLACEMENT_FAILED, f"{key} cannot come to rest there: it would sink "
                    f"{depth * 100:.0f} cm into {other}.", blocker=other)
    return None


def flip(ex: ActionContext, goal) -> PrimitiveError | None:
    """Turn the held object 180 deg about its horizontal axis through its centre, still in the hand. An open
    container that ends upside down (:func:`~interactiveworld.world.invariants.upturned`) spills what it
    carried: its contents leave the hand and fall under gravity; a closed one (shut or lidded) keeps them."""
    scene, key = ex.scene, goal.targets[0]
    err = need_held(scene, key)
    if err:
        return err
    e = scene.entities[key]
    centre = 0.5 * (e.model.bounds[0] + e.model.bounds[1])
    h = scene.human
    oiw0 = h.object_in_wrist.copy()
    for i in range(1, 7):
        rot = trimesh.transformations.rotation_matrix(math.pi * i / 6, [1, 0, 0], centre)
        h.object_in_wrist = oiw0 @ rot
        scene.set_wrist(h.wrist)
        ex.keyframe()
    if h.carried and upturned(scene, key) and closed_container(scene, key) is None:
        spill(ex)
    return None


def spill(ex: ActionContext) -> None:
    """The contents carried with the held container stop following the hand and fall, settled by the physics
    (their fall becomes keyframes of the command)."""
    h = ex.scene.human
    h.carried = {}
    h.carried_bearers = {}
    settle(ex)


def _closed(ex: ActionContext, key: str) -> bool:
    """An openable container whose door or drawer is not open far enough to put things in."""
    e = ex.scene.entities[key]
    return bool(e.model.joints and e.model.regions) and e.opening < 0.5


def surface_choice(ex: ActionContext, support: str, *, interior: bool) -> list[str]:
    """Surfaces to try: interior regions for ``interior``. Otherwise, on an open unit with shelves (a shelf unit,
    an open cabinet or fridge) the shelves nearest chest height first, then the top board: the level a person
    would use; on anything else the outer surfaces first, then the region floors unless the container is closed."""
    model = ex.scene.entities[support].model
    region_names = {r.name for r in model.regions}
    if interior:
        return [r.name for r in model.regions]
    outer = [s.name for s in model.surfaces if s.name not in region_names]
    if _closed(ex, support):
        return outer
    shelves = set(shelf_regions(model))
    if shelves:
        first = _by_comfort(ex, support, [s.name for s in model.surfaces if s.name in shelves])
        return first + [n for n in outer if n not in shelves] + \
            [s.name for s in model.surfaces if s.name in region_names and s.name not in shelves]
    return outer + [s.name for s in model.surfaces if s.name in region_names]


def _by_comfort(ex: ActionContext, support: str, names: list[str]) -> list[str]:
    """``names`` of ``support``'s surfaces or regions, the one whose floor is nearest :data:`COMFORT_Z` first."""
    heights = {s.name: t[2, 3] for s, t in ex.scene.surfaces(support)}
    heights.update({r.name: t[2, 3] for r, t in ex.scene.regions(support)})
    return sorted(names, key=lambda n: abs(heights.get(n, COMFORT_Z) - COMFORT_Z))


def named_surfaces(ex: ActionContext, support: str, level: str) -> list[str] | PrimitiveError:
    """The surface a placement names by level (``upper``, ``shelf#2``, ``on_top``, ``basin``): one name, or
    BAD_ARGUMENT listing the levels the support has."""
    model = ex.scene.entities[support].model
    got = resolve_level(model, level)
    if got is None:
        words = [w for w, _ in level_words(model)]
        have = f"its levels are {', '.join(words)}" if words else "it has no levels"
        return fail(ErrorCode.BAD_ARGUMENT, f"{support} has no level {level.split('#')[0]!r}; {have}.",
                    region=level, levels=words)
    return [got[1]]


def _place(ex: ActionContext, key: str, support: str, names: list[str], spot, primitive: str, *,
           beside: dict | None = None) -> PrimitiveError | None:
    """Carry the held object to a free spot of one of ``support``'s surfaces, let go just above it, settle,
    and check it rests there; retreat. With ``beside`` (``{"of": key, "side": ...}``) only the surfaces that
    object rests on are tried, from the spot next to it (:func:`beside_spot`)."""
    scene = ex.scene
    h = scene.human
    last: str | None = None
    reach_error: PrimitiveError | None = None
    if beside is not None:
        spots = {n: beside_spot(ex, key, support, n, beside["of"], beside["side"]) for n in names}
        names = [n for n in names if spots[n] is not None]
        if not names:
            return fail(ErrorCode.PLACEMENT_FAILED, f"{beside['of']} is not on {support}, so nothing can go "
                        f"{beside['side']} of it there.", beside=beside["of"], support=support)
        names = [n for n in names if not math.isnan(spots[n][0])] or names
        if all(math.isnan(spots[n][0]) for n in names):
            return fail(ErrorCode.PLACEMENT_FAILED, f"There is no room {_side_words(beside['side'])} "
                        f"{beside['of']} on {support}: that is the edge.", beside=beside["of"], support=support)
    regions = {r.name for r in scene.entities[support].model.regions}
    asked = spot
    for name in names:
        if beside is not None:
            spot = spots[name]
        elif asked is None:  # on a level inside a unit, where the hand reaches in; elsewhere the placing default
            spot = DEFAULT_INSIDE_SPOT if name in regions else DEFAULT_PLACE_SPOT
        try:
            target_pose = find_spot(scene, key, support, name, spot=spot, drop=RELEASE_HEIGHT,
                                    separations=HAND_SEPARATIONS)
        except PlacementError as exc:
            last = str(exc)
            continue
        # a shelf inside a unit holds the object only when it lies inside the region (a door can close on it)
        inner = primitive == "place_inside" or name in regions
        if inner and not _fits_inside(ex, key, support, name, target_pose):
            last = f"{key} would stick out of {support}"
            continue
        if beside is not None and not _lands_near(ex, key, beside["of"], target_pose):
            last = f"the free spot nearest {_side_words(beside['side'])} {beside['of']} is not next to it"
            continue
        # the palm goes where the object's centre will be (it was grasped about its centre)
        e = scene.entities[key]
        centre = target_pose[:3, :3] @ (0.5 * (e.model.bounds[0] + e.model.bounds[1])) + target_pose[:3, 3]
        # into a level the hand comes in from the front, as for [PutIn]; onto a surface it comes down from above
        # (a [Put] into a low open level tries that too)
        plan = None
        for approach in (["place_inside", primitive] if name in regions and primitive != "place_inside"
                         else [primitive]):
            plan = ex.motion.reach(ex, centre, support, primitive=approach)
            if not isinstance(plan, PrimitiveError):
                break
        if isinstance(plan, PrimitiveError):
            reach_error = plan  # try the next surface or region
            continue
        scene.set_wrist(scene.entities[key].pose @ np.linalg.inv(h.object_in_wrist))
        scene.move_entity(key, target_pose)
        for k, rel in h.carried.items():
            scene.entities[k].pose = target_pose @ rel
        ex.keyframe()
        scene.release()
        settle(ex)
        why = rest_on_support(scene, key, support)
        if why is not None:
            return fail(ErrorCode.PLACEMENT_FAILED, f"{key} would not rest on {support} there: {why}.",
                        support=support)
        ex.motion.invalidate()
        ex.motion.retreat(ex, plan, carry=False)
        return None
    if reach_error is not None:
        return reach_error
    return fail(ErrorCode.PLACEMENT_FAILED, f"There is no room for {key} on {support}: {last}.", surfaces=names)


def _lands_near(ex: ActionContext, key: str, other: str, pose: np.ndarray) -> bool:
    """Whether ``key`` resting at ``pose`` (its drop height removed) is near ``other`` (relations.near)."""
    e = ex.scene.entities[key]
    was = e.pose
    rest = pose.copy()
    rest[2, 3] -= RELEASE_HEIGHT
    e.pose = rest
    try:
        return near(ex.scene, key, other)
    finally:
        e.pose = was


def _side_words(side: str) -> str:
    return {"left": "to the left of", "right": "to the right of", "front": "in front of",
            "behind": "behind"}.get(side, side)


def _fits_inside(ex: ActionContext, key: str, container: str, region: str, pose: np.ndarray) -> bool:
    """Whether ``key`` resting at ``pose`` (its drop height removed) lies inside ``container``'s ``region``."""
    e = ex.scene.entities[key]
    was = e.pose
    rest = pose.copy()
    rest[2, 3] -= RELEASE_HEIGHT
    e.pose = rest
    try:
        return inside_region(ex.scene, key, container, region)
    finally:
        e.pose = was


def check_place(ex: ActionContext, goal) -> PrimitiveError | None:
    scene = ex.scene
    key, support = goal.targets
    err = need_held(scene, key)
    if err:
        return err
    if not scene.entities[support].model.surfaces:
        return fail(ErrorCode.NOT_AFFORDED, f"{support} has no surface to put things on.", target=support)
    if not surface_choice(ex, support, interior=False):
        return fail(ErrorCode.PRECONDITION_FAILED, f"{support} is closed; open it first.", target=support)
    return None


def place(ex: ActionContext, goal) -> PrimitiveError | None:
    """Put the held object on the support's surface, or on the level the command names (``@place_spot`` and
    ``@beside`` honoured); on a unit with shelves without a level, the free shelf nearest chest height
    (:func:`surface_choice`); settle, verify on."""
    err = check_place(ex, goal)
    if err:
        return err
    key, support = goal.targets
    level = goal.params.get("region")
    if level is None:
        names = surface_choice(ex, support, interior=False)
    else:
        names = named_surfaces(ex, support, level)
        if isinstance(names, PrimitiveError):
            return names
        if names[0] in {r.name for r in ex.scene.entities[support].model.regions} and _closed(ex, support):
            return fail(ErrorCode.PRECONDITION_FAILED, f"{support} is closed; open it first.", target=support)
    return _place(ex, key, support, names, goal.params.get("place_spot"), "place", beside=goal.params.get("beside"))


def _region_names(ex: ActionContext, container: str, region: str | None) -> list[str] | PrimitiveError:
    names = [r.name for r in ex.scene.entities[container].model.regions]
    if region is None:  # automatically distributed: the most comfortable free region first
        return _by_comfort(ex, container, names)
    got = named_surfaces(ex, container, region)
    if isinstance(got, PrimitiveError):
        return got
    if got[0] not in names:
        return fail(ErrorCode.BAD_ARGUMENT, f"{region.split('#')[0]!r} of {container} is on top of it, not "
                    f"inside; use [Put] for it.", region=region, regions=names)
    return got


def beside_spot(ex: ActionContext, key: str, support: str, surface: str, of: str,
                side: str) -> tuple[float, float] | None:
    """The @place_spot ``(u, v)`` right next to ``of`` on ``support``'s ``surface`` (or region floor), on ``side``
    (``left``/``right`` along the surface's width as the wearer faces its front, ``front`` nearer the wearer,
    ``behind`` farther), :data:`BESIDE_GAP` between the footprints; None when ``of`` does not rest on that
    surface. The free-spot search of :func:`~interactiveworld.world.placement.find_spot` starts there.

    Raises:
        ValueError: ``side`` is not one of left, right, front, behind.
    """
    scene = ex.scene
    if side not in ("left", "right", "front", "behind"):
        raise ValueError(f"beside_spot: side must be left, right, front or behind, got {side!r}")
    found = [(s, t) for s, t in scene.surfaces(support) if s.name == surface]
    if not found or of not in scene.entities:
        return None
    surf, t = found[0]
    inv = np.linalg.inv(t)
    corners = scene.entities[of].world_bounds_corners()
    local = (inv[:3, :3] @ corners.T).T + inv[:3, 3]
    lo, hi = local.min(axis=0), local.max(axis=0)
    centre = 0.5 * (lo + hi)
    top = surf.clearance if math.isfinite(surf.clearance) else 1.0
    if (abs(centre[0]) > surf.half_xy[0] + 0.02 or abs(centre[1]) > surf.half_xy[1] + 0.02
            or lo[2] > 0.05 or lo[2] < -0.05 or centre[2] > top):
        return None
    half = scene.entities[key].model.half_extents
    x, y = centre[0], centre[1]
    if side == "left":
        y = lo[1] - BESIDE_GAP - half[1]
    elif side == "right":
        y = hi[1] + BESIDE_GAP + half[1]
    elif side == "front":
        x = hi[0] + BESIDE_GAP + half[0]
    else:
        x = lo[0] - BESIDE_GAP - half[0]
    ax, ay = max(surf.half_xy[0] - half[0], 1e-6), max(surf.half_xy[1] - half[1], 1e-6)
    if abs(x) > ax + 0.01 or abs(y) > ay + 0.01:
        return (math.nan, math.nan)  # that side of the object runs off the surface
    return float(np.clip(y / ay, -1.0, 1.0)), float(np.clip((1.0 - x / ax) / 2.0, 0.0, 1.0))


def check_place_inside(ex: ActionContext, goal) -> PrimitiveError | None:
    scene = ex.scene
    key, container = goal.targets[:2]
    err = need_held(scene, key)
    if err:
        return err
    c = scene.entities[container]
    if not c.model.regions:
        return fail(ErrorCode.NOT_AFFORDED, f"{container} is not a container.", target=container)
    names = _region_names(ex, container, goal.params.get("region"))
    return names if isinstance(names, PrimitiveError) else None


def place_inside(ex: ActionContext, goal) -> PrimitiveError | None:
    """Put the held object into the container's named region or the first free one; settle; verify inside."""
    err = check_place_inside(ex, goal)
    if err:
        return err
    key, container = goal.targets[:2]
    names = _region_names(ex, container, goal.params.get("region"))
    return _place(ex, key, container, names, goal.params.get("place_spot", DEFAULT_INSIDE_SPOT), "place_inside")


def check_place_on_floor(ex: ActionContext, goal) -> PrimitiveError | None:
    return need_held(ex.scene, goal.targets[0])


FLOOR_ALONG = (0.0, 0.8, -0.8)
"""place_on_floor tries spots at these fractions of each side's half length along it (centre, then near the
ends, where a table's legs reach the floor)."""


def _floor_spots(ex: ActionContext, key: str, anchor: str) -> list[np.ndarray]:
    """Candidate floor poses (4, 4) of ``key`` beside ``anchor``: :data:`FLOOR_GAP` from its footprint, the side
    facing the body first, each side at the :data:`FLOOR_ALONG` fractions."""
    scene = ex.scene
    a, e = scene.entities[anchor], scene.entities[key]
    lo, hi = a.model.bounds
    half = e.model.half_extents
    centre = 0.5 * (lo + hi)
    ext = 0.5 * (hi - lo)
    to_body = np.linalg.inv(a.pose) @ np.r_[scene.human.xy, a.pose[2, 3], 1.0]
    sides = sorted([(1, 0), (-1, 0), (0, 1), (0, -1)], key=lambda s: -(s[0] * to_body[0] + s[1] * to_body[1]))
    out = []
    for sx, sy in sides:
        off = (ext[0] if sx else ext[1]) + FLOOR_GAP + max(half[0], half[1])
        along = ext[1] if sx else ext[0]
        for f in FLOOR_ALONG:
            local = centre + np.array([sx * off + (0 if sx else f * along), sy * off + (f * along if sx else 0), 0])
            p = a.pose[:3, :3] @ local + a.pose[:3, 3]
            fz = scene.floor_z_at(p[:2])
            if fz is None:
                continue
            pose = np.eye(4)
            pose[:3, :3] = a.pose[:3, :3]
            pose[:3, 3] = (p[0], p[1], fz + RELEASE_HEIGHT - e.model.bounds[0][2])
            out.append(pose)
    return out


def place_on_floor(ex: ActionContext, goal) -> PrimitiveError | None:
    """Crouch and set the held object on the floor beside the anchor (10 cm from its footprint, on the side
    facing the body first, at a free spot near the anchor's parts that reach the floor); settle; verify near."""
    scene = ex.scene
    key, anchor = goal.targets
    err = need_held(scene, key)
    if err:
        return err
    h = scene.human
    e = scene.entities[key]
    crouch, ctrans = ex.motion.crouch_pose(0.3)
    stand, strans = h.body_pose.copy(), h.body_translation.copy()
    before = e.pose.copy()
    carried = {k: np.linalg.inv(before) @ scene.entities[k].pose for k in h.carried}
    for pose in _floor_spots(ex, key, anchor):
        e.pose = pose
        free = penetration(scene, key)[0] <= 1e-6 and near(scene, key, anchor)
        e.pose = before
        if not free:
            continue
        ex.motion.posture_frames(ex, crouch, ctrans, frames=6)
        scene.move_entity(key, pose)
        for k, rel in carried.items():
            scene.entities[k].pose = pose @ rel
        scene.release()
        settle(ex)
        err = sunk(ex, key)
        if err:
            return err
        ex.motion.posture_frames(ex, stand, strans, frames=6)
        ex.motion.invalidate()
        return None
    return fail(ErrorCode.PLACEMENT_FAILED, f"There is no free floor next to {anchor} for {key}.", anchor=anchor)


def check_fall_to_floor(ex: ActionContext, goal) -> PrimitiveError | None:
    scene = ex.scene
    key, support = goal.targets
    if scene.human.held == key or key in scene.human.carried:
        return fail(ErrorCode.PRECONDITION_FAILED, f"{key} is in your hand; it cannot fall on its own.")
    if not scene.entities[key].movable:
        return fail(ErrorCode.NOT_AFFORDED, f"{key} cannot fall.")
    box = next((b for b in sorted(supporters(scene, key)) if inside(scene, key, b)), None)
    if box is not None:
        return fail(ErrorCode.PRECONDITION_FAILED, f"{key} is inside {box} and cannot fall out.", container=box)
    if not on(scene, key, support):
        return fail(ErrorCode.PRECONDITION_FAILED, f"{key} is not on {support}.", support=support)
    return None


def fall_to_floor(ex: ActionContext, goal) -> PrimitiveError | None:
    """Deterministic unattended fall: the object (with what rests on it) slides off the support's nearest edge
    (5 cm beyond it) and the physics lets it fall and settle. Refused for held, contained or not-supported
    objects."""
    err = check_fall_to_floor(ex, goal)
    if err:
        return err
    scene = ex.scene
    key, support = goal.targets
    e = scene.entities[key]
    com = e.center_of_mass()
    bottom = float(e.world_bounds_corners()[:, 2].min())

    def score(st):
        surf, t = st
        local = t[:3, :3].T @ (com - t[:3, 3])
        outside = np.maximum(np.abs(local[:2]) - surf.half_xy, 0.0).sum()
        return (outside, abs(bottom - t[2, 3]))

    surf, t = min(scene.surfaces(support), key=score)
    local = t[:3, :3].T @ (com - t[:3, 3])
    margins = [surf.half_xy[0] - local[0], surf.half_xy[0] + local[0], surf.half_xy[1] - local[1],
               surf.half_xy[1] + local[1]]
    axis = int(np.argmin(margins))
    direction = np.array([[1, 0], [-1, 0], [0, 1], [0, -1]][axis], float)
    half = e.model.half_extents
    shift = max(margins[axis], 0.0) + max(half[0], half[1]) + FALL_CLEARANCE
    d_world = t[:3, :3] @ np.r_[direction * shift, 0.0]
    start = e.pose.copy()
    moving = riders(scene, key)
    for i in range(1, 5):
        p = start.copy()
        p[:3, 3] += d_world * i / 4
        ex.keyframe(object_poses={key: p})
    moved = start.copy()
    moved[:3, 3] += d_world
    scene.move_entity(key, moved, riders=moving)
    settle(ex)
    return sunk(ex, key)


def _connector(ex: ActionContext, key: str, symbolic: str):
    model = ex.scene.entities[key].model
    name, _, idx = symbolic.partition("#")
    for cand in (name, f"{name}_{idx}"):
        c = model.connector(cand)
        if c is not None:
            return c
    names = [c.name for c in model.connectors]
    return fail(ErrorCode.NOT_AFFORDED, f"{key} has no connector <{name}> ({idx}); its connectors are "
                f"{', '.join(names) or 'none'}.", connector=symbolic)


def check_attach(ex: ActionContext, goal) -> PrimitiveError | None:
    scene = ex.scene
    child, parent = goal.targets
    conns = goal.params.get("connectors", {})
    for key, sym in ((child, conns.get("child", "#0")), (parent, conns.get("parent", "#0"))):
        c = _connector(ex, key, sym)
        if isinstance(c, PrimitiveError):
            return c
    if child in scene.attachments:
        return fail(ErrorCode.PRECONDITION_FAILED, f"{child} is already attached to "
                    f"{scene.attachments[child]['parent']}.")
    if scene.human.held not in (None, child):
        return fail(ErrorCode.HAND_FULL, f"You are holding {scene.human.held}; put it down first.")
    return None


def attach(ex: ActionContext, goal) -> PrimitiveError | None:
    """Mate the child's connector to the parent's: child z opposite parent z, origins coincident; the optional
    integer ``angle_error_deg`` rotates the child about the mating axis."""
    err = check_attach(ex, goal)
    if err:
        return err
    scene = ex.scene
    child, parent = goal.targets
    conns = goal.params.get("connectors", {})
    cc = _connector(ex, child, conns.get("child", "#0"))
    pc = _connector(ex, parent, conns.get("parent", "#0"))
    p = scene.entities[parent]
    mate = trimesh.transformations.rotation_matrix(math.pi, [1, 0, 0])
    err_rot = trimesh.transformations.rotation_matrix(math.radians(goal.params.get("angle_error_deg", 0)), [0, 0, 1])
    target = p.pose @ pc.transform @ mate @ err_rot @ np.linalg.inv(cc.transform)
    plan = ex.motion.reach(ex, (p.pose @ pc.transform)[:3, 3], parent, primitive="attach")
    if isinstance(plan, PrimitiveError):
        return plan
    if scene.human.held == child:
        scene.release()
    start = scene.entities[child].pose.copy()
    moving = riders(scene, child)
    for i in range(1, 7):
        a = i / 6
        blend = start.copy()
        blend[:3, 3] = (1 - a) * start[:3, 3] + a * target[:3, 3]
        if i == 6:
            blend = target
        ex.keyframe(object_poses={child: blend})
    scene.move_entity(child, target, riders=moving)
    scene.attachments[child] = {"child": child, "parent": parent, "child_connector": cc.name,
                                "parent_connector": pc.name}
    settle(ex)
    ex.motion.invalidate()
    ex.motion.retreat(ex, plan, carry=False)
    return None


def check_detach(ex: ActionContext, goal) -> PrimitiveError | None:
    child, parent = goal.targets
    rec = ex.scene.attachments.get(child)
    if rec is None or rec["parent"] != parent:
        return fail(ErrorCode.PRECONDITION_FAILED, f"{child} is not attached to {parent}.")
    return None


def detach(ex: ActionContext, goal) -> PrimitiveError | None:
    """Break the child-parent attachment; the child is moved 5 cm off the parent's connector and settles."""
    err = check_detach(ex, goal)
    if err:
        return err
    scene = ex.scene
    child, parent = goal.targets
    rec = scene.attachments[child]
    p = scene.entities[parent]
    pc = p.model.connector(rec["parent_connector"])
    plan = ex.motion.reach(ex, contact_point(scene, "detach", child), child, primitive="detach")
    if isinstance(plan, PrimitiveError):
        return plan
    del scene.attachments[child]
    normal = (p.pose @ pc.transform)[:3, 2]
    pose = scene.entities[child].pose.copy()
    pose[:3, 3] += 0.05 * normal
    scene.move_entity(child, pose, riders=riders(scene, child))
    ex.keyframe(object_poses={child: pose.copy()})
    settle(ex)
    err = sunk(ex, child)
    if err:
        return err
    ex.motion.retreat(ex, plan, carry=False)
    return None


def check_raise(ex: ActionContext, goal) -> PrimitiveError | None:
    scene = ex.scene
    key = goal.targets[0]
    if scene.entities[key].model.upright_axis is None:
        return fail(ErrorCode.NOT_AFFORDED, f"{key} is not an assembly that can be raised.")
    if raised(scene, key):
        return fail(ErrorCode.PRECONDITION_FAILED, f"{key} is already upright.")
    if scene.human.held is not None:
        return fail(ErrorCode.HAND_FULL, f"You need both hands free; put {scene.human.held} down first.")
    return None


def raise_(ex: ActionContext, goal) -> PrimitiveError | None:
    """Tip a flat assembly upright about its base (declared upright axis to +z), keeping attached parts."""
    err = check_raise(ex, goal)
    if err:
        return err
    scene = ex.scene
    key = goal.targets[0]
    e = scene.entities[key]
    up = e.pose[:3, :3] @ e.model.upright_axis
    axis = np.cross(up, [0.0, 0.0, 1.0])
    angle = math.acos(float(np.clip(up[2], -1.0, 1.0)))
    if np.linalg.norm(axis) < 1e-9:
        axis = np.array([1.0, 0.0, 0.0])
    parts = [key] + [c for c, r in scene.attachments.items() if r["parent"] == key]
    bottom = e.world_bounds_corners()[:, 2].min()
    com = e.center_of_mass()
    plan = ex.motion.reach(ex, contact_point(scene, "raise", key), key, primitive="raise")
    if isinstance(plan, PrimitiveError):
        return plan
    starts = {k: scene.entities[k].pose.copy() for k in parts}
    for i in range(1, 9):
        rot = trimesh.transformations.rotation_matrix(angle * i / 8, axis, com)
        ex.keyframe(object_poses={k: rot @ starts[k] for k in parts})
    rot = trimesh.transformations.rotation_matrix(angle, axis, com)
    for k in parts:
        scene.entities[k].pose = rot @ starts[k]
    lift = bottom - e.world_bounds_corners()[:, 2].min()
    for k in parts:
        scene.entities[k].pose[2, 3] += lift + RELEASE_HEIGHT
    ex.keyframe(object_poses={k: scene.entities[k].pose.copy() for k in parts})
    settle(ex)
    ex.motion.invalidate()
    ex.motion.retreat(ex, plan, carry=False)
    return None


CHECKS = {"pick": check_pick, "place": check_place, "place_inside": check_place_inside,
          "place_on_floor": check_place_on_floor, "fall_to_floor": check_fall_to_floor, "attach": check_attach,
          "detach": check_detach,
          "raise": check_raise}
HANDLERS = {"pick": pick, "release": release, "flip": flip, "place": place, "place_inside": place_inside,
            "place_on_floor": place_on_floor, "fall_to_floor": fall_to_floor, "attach": attach, "detach": detach,
            "raise": raise_}
