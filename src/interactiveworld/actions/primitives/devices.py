"""Device and tool primitives (Table 5): cook, cut, stir, pour, wipe, use_computer, answer_phone."""
from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import trimesh

from ...errors import ErrorCode, PrimitiveError, fail
from ...world.placement import RELEASE_HEIGHT, PlacementError, find_spot
from ...world.relations import RECEIVED, inside, on, received, riders, supporters
from ...world.scene import FLOOR_KEY
from ...world.soil import wipe_soil
from .context import ActionContext
from .locomotion import sit, standup
from .manipulation import pick
from .motion import contact_point, need_held
from .physical import settle

AUTO_SIT_RADIUS = 1.2
"""use_computer sits on a free seat within this distance [m] of the workstation when not sitting."""
COOK_SECONDS = 2.0
"""Duration [s] of the cooking interaction (frames at 2 per second)."""


def _cooks_its_contents(entity) -> bool:
    """A vessel (``container``) that received something by pour is cooked as a dish: rice and water in a pot."""
    return "container" in entity.affordances and bool(received(entity))


def _heat_source(ex: ActionContext, food: str) -> str | None:
    """The appliance with a heat source that ``food`` rests on or in, directly or via a movable vessel."""
    scene = ex.scene
    frontier, seen = [food], set()
    while frontier:
        k = frontier.pop()
        for s in supporters(scene, k):
            if s in seen:
                continue
            seen.add(s)
            e = scene.entities[s]
            if "heat_source" in e.affordances:
                return s
            if e.movable:
                frontier.append(s)
    return None


def check_cook(ex: ActionContext, goal) -> PrimitiveError | None:
    scene = ex.scene
    food = goal.targets[0]
    e = scene.entities[food]
    if "cookable" not in e.affordances and not _cooks_its_contents(e):
        return fail(ErrorCode.NOT_AFFORDED, f"{food} cannot be cooked.", target=food)
    if scene.human.held == food:
        return fail(ErrorCode.PRECONDITION_FAILED, f"{food} is in your hand; put it on or in a cooker first.")
    source = _heat_source(ex, food)
    if source is None:
        return fail(ErrorCode.PRECONDITION_FAILED, f"{food} is not on or in a cooker (a cooktop, oven or "
                    "microwave).", target=food)
    if not scene.entities[source].state.get("running"):
        return fail(ErrorCode.PRECONDITION_FAILED, f"{source} is off; turn it on first.", appliance=source)
    return None


def cook(ex: ActionContext, goal) -> PrimitiveError | None:
    """Requires the food in/on a running heat source; tends it and sets cooked. A vessel holding what was poured
    into it (:func:`received`) is cooked as one dish."""
    err = check_cook(ex, goal)
    if err:
        return err
    scene = ex.scene
    food = goal.targets[0]
    e = scene.entities[food]
    gaze = e.center_of_mass()
    ex.motion.turn_to(ex, _facing(ex, contact_point(scene, "cook", food)), look_at=gaze)
    for _ in range(int(COOK_SECONDS * 2)):
        ex.keyframe(gaze=gaze, dt=0.5)
    e.state["cooked"] = True
    return None


def _facing(ex: ActionContext, point: np.ndarray) -> float:
    h = ex.scene.human
    return math.atan2(point[1] - h.xy[1], point[0] - h.xy[0])


def _tool_check(ex: ActionContext, tool: str, affordance: str, what: str) -> PrimitiveError | None:
    err = need_held(ex.scene, tool)
    if err:
        return err
    if affordance not in ex.scene.entities[tool].affordances:
        return fail(ErrorCode.NOT_AFFORDED, f"{tool} is not {what}.", tool=tool)
    return None


def _tool_path(ex: ActionContext, target: str, offsets: list[np.ndarray], primitive: str) -> PrimitiveError | None:
    """Reach above the target, then move the held tool through ``offsets`` [m] (world) from that contact."""
    scene = ex.scene
    top = scene.entities[target].world_bounds_corners()[:, 2].max()
    c = scene.entities[target].center_of_mass()
    contact = np.array([c[0], c[1], top + 0.08])
    plan = ex.motion.reach(ex, contact, target, primitive=primitive)
    if isinstance(plan, PrimitiveError):
        return plan
    h = scene.human
    wrist0 = h.wrist.copy()
    for off in offsets:
        w = wrist0.copy()
        w[:3, 3] += off
        scene.set_wrist(w)
        ex.keyframe(gaze=c)
    scene.set_wrist(wrist0)
    ex.motion.retreat(ex, plan)
    return None


def check_cut(ex: ActionContext, goal) -> PrimitiveError | None:
    scene = ex.scene
    target, tool = goal.targets
    err = _tool_check(ex, tool, "cutting_tool", "a cutting tool")
    if err:
        return err
    if "cuttable" not in scene.entities[target].affordances:
        return fail(ErrorCode.NOT_AFFORDED, f"{target} cannot be cut.", target=target)
    if target in scene.human.carried or not supporters(scene, target) and not on(scene, target, FLOOR_KEY):
        return fail(ErrorCode.PRECONDITION_FAILED, f"{target} must rest on something firm to be cut; put it down "
                    "first.", target=target)
    return None


def cut(ex: ActionContext, goal) -> PrimitiveError | None:
    """Chop the target with the held cutting tool (three vertical strokes); verifies cut."""
    err = check_cut(ex, goal)
    if err:
        return err
    scene = ex.scene
    target, tool = goal.targets
    strokes = []
    for k in range(3):
        for dz in (0.0, -0.06, -0.1, -0.06, 0.0):
            strokes.append(np.array([0.0, (k - 1) * 0.03, dz]))
    err = _tool_path(ex, target, strokes, "cut")
    if err:
        return err
    scene.entities[target].state["cut"] = True
    return None


def check_stir(ex: ActionContext, goal) -> PrimitiveError | None:
    target, tool = goal.targets
    err = _tool_check(ex, tool, "stirring_tool", "a stirring tool")
    if err:
        return err
    if not ex.scene.entities[target].model.regions:
        return fail(ErrorCode.NOT_AFFORDED, f"{target} has nothing to stir in.", target=target)
    return None


def stir(ex: ActionContext, goal) -> PrimitiveError | None:
    """Move the held stirring tool in two circles (radius 4 cm) inside the target container."""
    err = check_stir(ex, goal)
    if err:
        return err
    scene = ex.scene
    target, tool = goal.targets
    circle = [np.array([0.04 * math.cos(a), 0.04 * math.sin(a), -0.06]) for a in np.linspace(0, 4 * math.pi, 17)]
    err = _tool_path(ex, target, circle, "stir")
    if err:
        return err
    st = scene.entities[target].state
    st["stirred"] = int(st.get("stirred", 0)) + 1
    return None


def check_pour(ex: ActionContext, goal) -> PrimitiveError | None:
    target, source = goal.targets
    err = _tool_check(ex, source, "pour_source", "something to pour from")
    if err:
        return err
    t = ex.scene.entities[target]
    if not ({"pour_target", "container", "cookable"} & t.affordances):
        return fail(ErrorCode.NOT_AFFORDED, f"You cannot pour into {target}.", target=target)
    return None


def pour(ex: ActionContext, goal) -> PrimitiveError | None:
    """Tilt the held source over the target's rim (to 100 deg and back); its configured ``contents`` move into
    the target's ``contents`` (onto a food, ``cookable``, they season it and the food has no ``contents``) and
    are appended to the target's :data:`RECEIVED` record. An empty source pours nothing and records nothing."""
    err = check_pour(ex, goal)
    if err:
        return err
    scene = ex.scene
    target, source = goal.targets
    t = scene.entities[target]
    top = t.world_bounds_corners()[:, 2].max()
    c = t.center_of_mass()
    plan = ex.motion.reach(ex, np.array([c[0], c[1], top + 0.15]), target, primitive="pour")
    if isinstance(plan, PrimitiveError):
        return plan
    h = scene.human
    oiw0 = h.object_in_wrist.copy()
    e = scene.entities[source]
    centre = 0.5 * (e.model.bounds[0] + e.model.bounds[1])
    for a in list(np.linspace(0, 100, 7)[1:]) + list(np.linspace(100, 0, 7)[1:]):
        h.object_in_wrist = oiw0 @ trimesh.transformations.rotation_matrix(math.radians(a), [0, 1, 0], centre)
        scene.set_wrist(h.wrist)
        ex.keyframe(gaze=c)
    h.object_in_wrist = oiw0
    scene.set_wrist(h.wrist)
    contents = e.state.get("contents")
    if contents:
        if {"pour_target", "container"} & t.affordances:
            t.state["contents"] = contents
        t.state[RECEIVED] = received(t) + [contents]  # a new list: snapshots must not share it
        e.state["contents"] = None
    ex.motion.retreat(ex, plan)
    return None


def check_wipe(ex: ActionContext, goal) -> PrimitiveError | None:
    scene = ex.scene
    tool, target = goal.targets
    h = scene.human
    if "wiping_tool" not in scene.entities[tool].affordances:
        return fail(ErrorCode.NOT_AFFORDED, f"{tool} is not something to wipe with.", tool=tool)
    if h.held not in (None, tool):
        return fail(ErrorCode.HAND_FULL, f"You are holding {h.held}; you need {tool} in your hand to wipe.")
    return None


def wipe(ex: ActionContext, goal) -> PrimitiveError | None:
    """Raster-sweep the wiping tool over the target's top (picking the tool up first if the hand is empty); sets
    ``wiped`` and removes the soil kinds the tool's kind cleans (:func:`~interactiveworld.world.soil.wipe_soil`:
    a sponge lifts grime, a cloth soaks up a spill; the other kind stays)."""
    err = check_wipe(ex, goal)
    if err:
        return err
    scene = ex.scene
    tool, target = goal.targets
    h = scene.human
    if h.held is None:
        err = pick(ex, SimpleNamespace(targets=[tool], params={}, primitive="pick"))
        if err:
            return err
        err = ex.motion.go_to(ex, target, "wipe")
        if err:
            return err
    sweep = []
    for row in range(3):
        for x in np.linspace(-0.12, 0.12, 5)[:: 1 if row % 2 == 0 else -1]:
            sweep.append(np.array([x, (row - 1) * 0.08, -0.06]))
    err = _tool_path(ex, target, sweep, "wipe")
    if err:
        return err
    if "sweeping_tool" in scene.entities[tool].affordances:
        err = sweep_debris(ex, target)
        if err:
            return err
    scene.entities[target].state["wiped"] = True
    wipe_soil(scene.entities[target], scene.entities[tool].kind)
    return None


DUSTPAN_SPOT = (0.0, 0.5)
"""Where swept debris lands in a dustpan's interior: (u, v), its centre (nearest free spot)."""


def sweep_debris(ex: ActionContext, target: str) -> PrimitiveError | None:
    """The sweep of a ``sweeping_tool`` over ``target``: every ``debris`` object resting on ``target`` goes into
    the dustpan (``dustpan`` affordance) standing on ``target`` (the first by key when there are several), each at
    the free spot of its interior nearest :data:`DUSTPAN_SPOT`, dropped and settled, and must then lie inside
    it. Nothing to sweep is no error.

    Returns:
        None, or PRECONDITION_FAILED (debris but no dustpan on ``target``), PLACEMENT_FAILED (no room in the
        pan, or a piece did not come to rest inside it); the caller's transaction restores the world.
    """
    scene = ex.scene
    debris = sorted(k for k, e in scene.entities.items() if "debris" in e.affordances and on(scene, k, target))
    if not debris:
        return None
    pans = sorted(k for k, e in scene.entities.items()
                  if "dustpan" in e.affordances and k != scene.human.held and on(scene, k, target))
    if not pans:
        return fail(ErrorCode.PRECONDITION_FAILED, f"There is nothing on {target} to sweep {', '.join(debris)} "
                    "into; stand a dustpan on it first.", debris=debris)
    pan = pans[0]
    for key in debris:
        try:
            pose = find_spot(scene, key, pan, spot=DUSTPAN_SPOT, drop=RELEASE_HEIGHT)
        except PlacementError as exc:
            return fail(ErrorCode.PLACEMENT_FAILED, f"There is no room for {key} in {pan}: {exc}.", container=pan)
        scene.move_entity(key, pose, riders=riders(scene, key))
        settle(ex)
        if not inside(scene, key, pan):
            return fail(ErrorCode.PLACEMENT_FAILED, f"{key} did not come to rest inside {pan}.", container=pan)
    return None


def check_use_computer(ex: ActionContext, goal) -> PrimitiveError | None:
    scene = ex.scene
    key = goal.targets[0]
    if "computer" not in scene.entities[key].affordances:
        return fail(ErrorCode.NOT_AFFORDED, f"{key} is not a computer.", target=key)
    if scene.human.held is not None:
        return fail(ErrorCode.HAND_FULL, f"You need both hands to type; put {scene.human.held} down first.")
    return None


def use_computer(ex: ActionContext, goal) -> PrimitiveError | None:
    """Sit on a free seat near the workstation if not sitting, type with both hands, wake the display
    (``running``), and stand up again if this action sat down."""
    err = check_use_computer(ex, goal)
    if err:
        return err
    scene = ex.scene
    key = goal.targets[0]
    e = scene.entities[key]
    sat_here = False
    if scene.human.sitting is None:
        kb = scene.control_point(key)
        seats = sorted((float(np.linalg.norm(s.pose[:2, 3] - kb[:2])), s.key) for s in scene.entities.values()
                       if "seat" in s.affordances)
        seats = [k for d, k in seats if d <= AUTO_SIT_RADIUS]
        if seats:
            err = sit(ex, SimpleNamespace(targets=[seats[0]], params={}, primitive="sit"))
            if err:
                return err
            sat_here = True
    gaze = scene.control_point(key)
    for _ in range(8):
        ex.keyframe(gaze=gaze)
    e.state["running"] = True
    if sat_here:
        err = standup(ex, SimpleNamespace(targets=[], params={}, primitive="standup"))
        if err:
            return err
    return None


def answer_phone(ex: ActionContext, goal) -> PrimitiveError | None:
    """Raise the held phone to the right ear (10 cm beside the eye) without walking; later waits keep it."""
    scene = ex.scene
    phone = goal.targets[0]
    err = need_held(scene, phone)
    if err:
        return err
    if "phone" not in scene.entities[phone].affordances:
        return fail(ErrorCode.NOT_AFFORDED, f"{phone} is not a phone.", target=phone)
    eye, fwd, up = ex.motion.eye()
    right = np.cross(fwd, up)
    ear = eye + 0.10 * right - 0.02 * fwd
    h = scene.human
    start = scene.entities[phone].pose.copy()
    target = np.eye(4)
    target[:3, 0], target[:3, 1], target[:3, 2] = fwd, up, np.cross(fwd, up)
    target[:3, 3] = ear
    for i in range(1, 7):
        a = i / 6
        p = target.copy() if i == 6 else start.copy()
        p[:3, 3] = (1 - a) * start[:3, 3] + a * ear
        ex.keyframe(object_poses={phone: p})
    h.object_in_wrist = np.linalg.inv(h.wrist) @ target
    scene.set_wrist(h.wrist)
    h.phone_at_ear = True
    return None


CHECKS = {"cook": check_cook, "cut": check_cut, "stir": check_stir, "pour": check_pour, "wipe": check_wipe,
          "use_computer": check_use_computer}
HANDLERS = {"cook": cook, "cut": cut, "stir": stir, "pour": pour, "wipe": wipe, "use_computer": use_computer,
            "answer_phone": answer_phone}
