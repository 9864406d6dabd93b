"""Grasping, placement and assembly primitives (Table 5): pick, release, flip, place, place_inside,
place_on_floor, fall_to_floor, attach, detach, raise."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import trimesh

from ...errors import ErrorCode, PrimitiveError
from ...world import physics
from ...world.relations import on, supporters
from ...world.scene import FLOOR_KEY
from ..executor import fail
from .motion import need_held

if TYPE_CHECKING:  # pragma: no cover
    from ..executor import Executor

FALL_CLEARANCE = 0.05
"""fall_to_floor moves the object this far [m] beyond the support's nearest edge before it drops."""
DEFAULT_PLACE_SPOT = (0.0, 0.3)
"""place without @place_spot: centred, towards the front of the surface (nearest free spot to it)."""
DEFAULT_INSIDE_SPOT = (0.0, 0.1)
"""place_inside without @place_spot: centred at the front of the region, where the hand reaches in."""
FLOOR_GAP = 0.10
"""place_on_floor leaves this gap [m] between the object and the anchor's footprint."""


def _closed_container(ex: "Executor", key: str) -> str | None:
    """The closed openable container ``key`` is inside, if any."""
    from ...world.relations import inside, is_closed
    for e in ex.scene.entities.values():
        if e.model.regions and e.model.joints and e.key != key and is_closed(ex.scene, e.key) \
                and inside(ex.scene, key, e.key):
            return e.key
    return None


def check_pick(ex: "Executor", goal) -> PrimitiveError | None:
    scene, key = ex.scene, goal.targets[0]
    h = scene.human
    if h.held is not None:
        return fail(ErrorCode.HAND_FULL, f"You are already holding {h.held}; put it down first.", held=h.held)
    e = scene.entities[key]
    if not e.movable:
        return fail(ErrorCode.NOT_AFFORDED, f"{key} cannot be picked up.", target=key)
    if key in scene.attachments:
        return fail(ErrorCode.PRECONDITION_FAILED,
                    f"{key} is attached to {scene.attachments[key]['parent']}; detach it first.")
    box = _closed_container(ex, key)
    if box is not None:
        return fail(ErrorCode.PRECONDITION_FAILED, f"{key} is inside {box}, which is closed; open it first.",
                    container=box)
    return None


def pick(ex: "Executor", goal) -> PrimitiveError | None:
    """Reach the object, close the adaptive hand (grasp family by shape), hold it and lift it back."""
    err = check_pick(ex, goal)
    if err:
        return err
    scene, key = ex.scene, goal.targets[0]
    h = scene.human
    from .motion import contact_point
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
    scene.grasp(key, wrist, grasp.object_in_wrist)
    ex.motion.invalidate()
    ex.motion.retreat(ex, plan)
    return None


def release(ex: "Executor", goal) -> PrimitiveError | None:
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
    return _settle_frames(ex, key, fail_code=ErrorCode.PLACEMENT_FAILED)


def _settle_frames(ex: "Executor", key: str, *, fail_code: ErrorCode) -> PrimitiveError | None:
    """Settle ``key`` (physics.settle) and record one keyframe per physics step of its fall."""
    scene = ex.scene
    start = scene.entities[key].pose.copy()
    bottom0 = float(scene.entities[key].world_bounds_corners()[:, 2].min())
    result = physics.settle(scene, key)
    if not result.ok:
        why = "nothing is below it" if result.support is None else \
            f"it would sink {result.penetration * 100:.0f} cm into {result.blocker}"
        return fail(fail_code, f"{key} cannot come to rest there: {why}.", blocker=result.blocker)
    for z in result.heights:
        p = start.copy()
        p[2, 3] += z - bottom0
        ex.keyframe(object_poses={key: p}, dt=1.0 / physics.STEP_HZ)
    ex.motion.invalidate()
    ex.keyframe(object_poses={key: scene.entities[key].pose.copy()})
    return None


def flip(ex: "Executor", goal) -> PrimitiveError | None:
    """Turn the held object 180 deg about its horizontal axis through its centre, still in the hand."""
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
    return None


def _surface_choice(ex: "Executor", support: str, *, interior: bool) -> list[str]:
    model = ex.scene.entities[support].model
    region_names = {r.name for r in model.regions}
    if interior:
        return [r.name for r in model.regions]
    outer = [s.name for s in model.surfaces if s.name not in region_names]
    return outer + [s.name for s in model.surfaces if s.name in region_names]


def _place(ex: "Executor", key: str, support: str, names: list[str], spot, primitive: str) -> PrimitiveError | None:
    """Carry the held object to a free spot of one of ``support``'s surfaces, release, settle, retreat."""
    scene = ex.scene
    h = scene.human
    last: str | None = None
    reach_error: PrimitiveError | None = None
    for name in names:
        try:
            target_pose = physics.find_spot(scene, key, support, name, spot=spot)
        except physics.PlacementError as exc:
            last = str(exc)
            continue
        # the palm goes where the object's centre will be (it was grasped about its centre)
        e = scene.entities[key]
        centre = target_pose[:3, :3] @ (0.5 * (e.model.bounds[0] + e.model.bounds[1])) + target_pose[:3, 3]
        plan = ex.motion.reach(ex, centre, support, primitive=primitive)
        if isinstance(plan, PrimitiveError):
            reach_error = plan  # try the next surface or region
            continue
        before = {k: scene.entities[k].pose.copy() for k in [key, *h.carried]}
        scene.set_wrist(scene.entities[key].pose @ np.linalg.inv(h.object_in_wrist))
        scene.move_entity(key, target_pose, carry=False)
        for k, rel in h.carried.items():
            scene.entities[k].pose = target_pose @ rel
        ex.keyframe()
        oiw = h.object_in_wrist.copy()
        scene.release()
        result = physics.settle(scene, key)
        if not result.ok or result.support != support:
            for k, p in before.items():
                scene.entities[k].pose = p
            scene.grasp(key, scene.entities[key].pose @ np.linalg.inv(oiw), oiw)
            return fail(ErrorCode.PLACEMENT_FAILED,
                        f"{key} would not rest on {support} there"
                        + (f" (it would sink {result.penetration * 100:.0f} cm into {result.blocker})."
                           if result.blocker else "."), blocker=result.blocker)
        ex.keyframe(object_poses={key: scene.entities[key].pose.copy()})
        ex.motion.invalidate()
        ex.motion.retreat(ex, plan, carry=False)
        return None
    if reach_error is not None:
        return reach_error
    return fail(ErrorCode.PLACEMENT_FAILED, f"There is no room for {key} on {support}: {last}.", surfaces=names)


def check_place(ex: "Executor", goal) -> PrimitiveError | None:
    scene = ex.scene
    key, support = goal.targets
    err = need_held(scene, key)
    if err:
        return err
    if not scene.entities[support].model.surfaces:
        return fail(ErrorCode.NOT_AFFORDED, f"{support} has no surface to put things on.", target=support)
    return None


def place(ex: "Executor", goal) -> PrimitiveError | None:
    """Put the held object on the support's surface (``@place_spot`` honoured), settle, verify on."""
    err = check_place(ex, goal)
    if err:
        return err
    key, support = goal.targets
    return _place(ex, key, support, _surface_choice(ex, support, interior=False),
                  goal.params.get("place_spot", DEFAULT_PLACE_SPOT), "place")


def _region_names(ex: "Executor", container: str, region: str | None) -> list[str] | PrimitiveError:
    from .motion import COMFORT_Z
    names = [r.name for r in ex.scene.entities[container].model.regions]
    if region is None:  # automatically distributed: the most comfortable free region first
        heights = {r.name: t[2, 3] for r, t in ex.scene.regions(container)}
        return sorted(names, key=lambda n: abs(heights[n] - COMFORT_Z))
    name, _, idx = region.partition("#")
    for cand in (name, f"{name}_{idx}"):
        if cand in names:
            return [cand]
    return fail(ErrorCode.BAD_ARGUMENT, f"{container} has no region <{name}> ({idx}); its regions are "
                f"{', '.join(names)}.", region=region, regions=names)


def check_place_inside(ex: "Executor", goal) -> PrimitiveError | None:
    scene = ex.scene
    key, container = goal.targets[:2]
    err = need_held(scene, key)
    if err:
        return err
    c = scene.entities[container]
    if not c.model.regions:
        return fail(ErrorCode.NOT_AFFORDED, f"{container} is not a container.", target=container)
    if c.model.joints and c.opening < 0.5:
        return fail(ErrorCode.PRECONDITION_FAILED, f"{container} is closed; open it first.", target=container)
    names = _region_names(ex, container, goal.params.get("region"))
    return names if isinstance(names, PrimitiveError) else None


def place_inside(ex: "Executor", goal) -> PrimitiveError | None:
    """Put the held object into the container's named region or the first free one; settle; verify inside."""
    err = check_place_inside(ex, goal)
    if err:
        return err
    key, container = goal.targets[:2]
    names = _region_names(ex, container, goal.params.get("region"))
    return _place(ex, key, container, names, goal.params.get("place_spot", DEFAULT_INSIDE_SPOT), "place_inside")


def check_place_on_floor(ex: "Executor", goal) -> PrimitiveError | None:
    return need_held(ex.scene, goal.targets[0])


def place_on_floor(ex: "Executor", goal) -> PrimitiveError | None:
    """Crouch and set the held object on the floor beside the anchor (10 cm from its footprint, on the side
    facing the body first); verify near."""
    scene = ex.scene
    key, anchor = goal.targets
    err = need_held(scene, key)
    if err:
        return err
    h = scene.human
    a = scene.entities[anchor]
    lo, hi = a.model.bounds
    e = scene.entities[key]
    half = e.model.half_extents
    centre_local = 0.5 * (lo + hi)
    to_body = np.linalg.inv(a.pose) @ np.r_[h.xy, a.pose[2, 3], 1.0]
    sides = sorted([(1, 0), (-1, 0), (0, 1), (0, -1)], key=lambda s: -(s[0] * to_body[0] + s[1] * to_body[1]))
    crouch, ctrans = ex.motion.crouch_pose(0.3)
    stand, strans = h.body_pose.copy(), h.body_translation.copy()
    for sx, sy in sides:
        extent = (hi[0] - lo[0]) / 2 if sx else (hi[1] - lo[1]) / 2
        off = extent + FLOOR_GAP + max(half[0], half[1])
        local = centre_local + np.array([sx * off, sy * off, 0.0])
        p = a.pose[:3, :3] @ local + a.pose[:3, 3]
        fz = scene.floor_z_at(p[:2])
        if fz is None:
            continue
        pose = np.eye(4)
        pose[:3, :3] = a.pose[:3, :3]
        pose[:3, 3] = (p[0], p[1], fz + physics.PACKING_SEPARATION - e.model.bounds[0][2])
        before = e.pose.copy()
        oiw = h.object_in_wrist.copy()
        scene.move_entity(key, pose, carry=True)
        depth, blocker = physics.penetration(scene, key)
        if depth > 1e-6:
            scene.entities[key].pose = before
            continue
        ex.motion.posture_frames(ex, crouch, ctrans, frames=6)
        scene.release()
        result = physics.settle(scene, key)
        if not result.ok:
            scene.entities[key].pose = before
            scene.grasp(key, before @ np.linalg.inv(oiw), oiw)
            continue
        ex.keyframe(object_poses={key: scene.entities[key].pose.copy()})
        ex.motion.posture_frames(ex, stand, strans, frames=6)
        ex.motion.invalidate()
        return None
    return fail(ErrorCode.PLACEMENT_FAILED, f"There is no free floor next to {anchor} for {key}.", anchor=anchor)


def fall_to_floor(ex: "Executor", goal) -> PrimitiveError | None:
    """Deterministic unattended fall: the object slides off the support's nearest edge (5 cm beyond it) and
    settles on the floor. Refused for held, contained or not-supported objects."""
    scene = ex.scene
    key, support = goal.targets
    if scene.human.held == key or key in scene.human.carried:
        return fail(ErrorCode.PRECONDITION_FAILED, f"{key} is in your hand; it cannot fall on its own.")
    if not scene.entities[key].movable:
        return fail(ErrorCode.NOT_AFFORDED, f"{key} cannot fall.")
    if any(scene.entities[s].model.regions and not on(scene, key, s) for s in supporters(scene, key)):
        return fail(ErrorCode.PRECONDITION_FAILED, f"{key} is inside a container and cannot fall out.")
    if not on(scene, key, support):
        return fail(ErrorCode.PRECONDITION_FAILED, f"{key} is not on {support}.", support=support)
    surf, t = next((s, t) for s, t in scene.surfaces(support)
                   if on(scene, key, support) and abs(scene.entities[key].world_bounds_corners()[:, 2].min()
                                                       - t[2, 3]) <= 0.015)
    e = scene.entities[key]
    com = e.center_of_mass()
    local = t[:3, :3].T @ (com - t[:3, 3])
    margins = [surf.half_xy[0] - local[0], surf.half_xy[0] + local[0], surf.half_xy[1] - local[1],
               surf.half_xy[1] + local[1]]
    axis = int(np.argmin(margins))
    direction = np.array([[1, 0], [-1, 0], [0, 1], [0, -1]][axis], float)
    half = e.model.half_extents
    shift = margins[axis] + max(half[0], half[1]) + FALL_CLEARANCE
    d_world = t[:3, :3] @ np.r_[direction * shift, 0.0]
    start = e.pose.copy()
    for i in range(1, 5):
        p = start.copy()
        p[:3, 3] += d_world * i / 4
        ex.keyframe(object_poses={key: p})
    moved = start.copy()
    moved[:3, 3] += d_world
    scene.move_entity(key, moved, carry=True)
    err = _settle_frames(ex, key, fail_code=ErrorCode.PLACEMENT_FAILED)
    if err:
        return err
    if not on(scene, key, FLOOR_KEY):
        return fail(ErrorCode.PLACEMENT_FAILED, f"{key} did not reach the floor.")
    return None


def _connector(ex: "Executor", key: str, symbolic: str):
    model = ex.scene.entities[key].model
    name, _, idx = symbolic.partition("#")
    for cand in (name, f"{name}_{idx}"):
        c = model.connector(cand)
        if c is not None:
            return c
    names = [c.name for c in model.connectors]
    return fail(ErrorCode.NOT_AFFORDED, f"{key} has no connector <{name}> ({idx}); its connectors are "
                f"{', '.join(names) or 'none'}.", connector=symbolic)


def check_attach(ex: "Executor", goal) -> PrimitiveError | None:
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


def attach(ex: "Executor", goal) -> PrimitiveError | None:
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
    for i in range(1, 7):
        a = i / 6
        blend = start.copy()
        blend[:3, 3] = (1 - a) * start[:3, 3] + a * target[:3, 3]
        if i == 6:
            blend = target
        ex.keyframe(object_poses={child: blend})
    scene.move_entity(child, target, carry=True)
    scene.attachments[child] = {"child": child, "parent": parent, "child_connector": cc.name,
                                "parent_connector": pc.name}
    ex.motion.invalidate()
    ex.motion.retreat(ex, plan, carry=False)
    return None


def check_detach(ex: "Executor", goal) -> PrimitiveError | None:
    child, parent = goal.targets
    rec = ex.scene.attachments.get(child)
    if rec is None or rec["parent"] != parent:
        return fail(ErrorCode.PRECONDITION_FAILED, f"{child} is not attached to {parent}.")
    return None


def detach(ex: "Executor", goal) -> PrimitiveError | None:
    """Break the child-parent attachment; the child is moved 5 cm off the parent's connector and settles."""
    err = check_detach(ex, goal)
    if err:
        return err
    scene = ex.scene
    child, parent = goal.targets
    rec = scene.attachments[child]
    p = scene.entities[parent]
    pc = p.model.connector(rec["parent_connector"])
    from .motion import contact_point
    plan = ex.motion.reach(ex, contact_point(scene, "detach", child), child, primitive="detach")
    if isinstance(plan, PrimitiveError):
        return plan
    del scene.attachments[child]
    normal = (p.pose @ pc.transform)[:3, 2]
    pose = scene.entities[child].pose.copy()
    pose[:3, 3] += 0.05 * normal
    scene.move_entity(child, pose, carry=True)
    ex.keyframe(object_poses={child: pose.copy()})
    err = _settle_frames(ex, child, fail_code=ErrorCode.PLACEMENT_FAILED)
    if err:
        return err
    ex.motion.retreat(ex, plan, carry=False)
    return None


def check_raise(ex: "Executor", goal) -> PrimitiveError | None:
    from ...world.relations import raised
    scene = ex.scene
    key = goal.targets[0]
    if scene.entities[key].model.upright_axis is None:
        return fail(ErrorCode.NOT_AFFORDED, f"{key} is not an assembly that can be raised.")
    if raised(scene, key):
        return fail(ErrorCode.PRECONDITION_FAILED, f"{key} is already upright.")
    if scene.human.held is not None:
        return fail(ErrorCode.HAND_FULL, f"You need both hands free; put {scene.human.held} down first.")
    return None


def raise_(ex: "Executor", goal) -> PrimitiveError | None:
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
    from .motion import contact_point
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
        scene.entities[k].pose[2, 3] += lift
    ex.keyframe(object_poses={k: scene.entities[k].pose.copy() for k in parts})
    ex.motion.invalidate()
    ex.motion.retreat(ex, plan, carry=False)
    return None


CHECKS = {"pick": check_pick, "place": check_place, "place_inside": check_place_inside,
          "place_on_floor": check_place_on_floor, "attach": check_attach, "detach": check_detach,
          "raise": check_raise}
HANDLERS = {"pick": pick, "release": release, "flip": flip, "place": place, "place_inside": place_inside,
            "place_on_floor": place_on_floor, "fall_to_floor": fall_to_floor, "attach": attach, "detach": detach,
            "raise": raise_}
