"""Body and navigation motions shared by the primitive handlers: stance + route + gait, doors on the way,
reach, grasp, and simple posture animations.

Uses the navigation core (:mod:`interactiveworld.actions.navigation`, :mod:`~.gait`) and the body
(:mod:`interactiveworld.body`, :mod:`interactiveworld.actions.reach` / :mod:`~.grasp`). Numbers from
DESIGN.md: 12 fps gait at 1.1 m/s, yaw <= 10 deg per frame.
"""
from __future__ import annotations

import math
from typing import Any, Protocol

import numpy as np
import trimesh

from ...body import JOINT_INDEX, BodyModel, head_camera, standing_pose
from ...body.collider import HeldObject, SceneCollider
from ...errors import ErrorCode, PrimitiveError
from ...world.assets import joint_transform
from ...world.assets.printing import label_cap_height_m
from ...world.motion import Keyframe
from ...world.relations import inside_region, riders, support_graph, supporters
from ...world.scene import Scene

from ..gait import walk_keyframes, walk_poses
from ..grasp import closed_hull, plan_grasp
from ..levels import shelf_regions
from ..navigation import DoorInfo, NavigationMap, plan_route_through_doors, select_stances
from ..reach import palm_position, plan_reach, solve_arm

__all__ = ["Motion", "KeyframeRecorder", "contact_point", "object_mesh", "wrap_angle", "need_held", "result_focus",
           "walk_gaze", "view_distance", "view_rings", "view_stance_cost", "VIEW_FOV_Y_DEG", "VIEW_FILL",
           "VIEW_ASPECT", "board_view", "piece_view", "reach_gaze"]

REACH_PRIMITIVES = frozenset({
    "pick", "place", "place_inside", "open", "close", "open_door", "close_door", "turn_on", "turn_off", "cut",
    "stir", "pour", "wipe", "attach", "detach", "raise"})
"""Primitives whose navigation must end at a stance from which the contact is reachable."""

REACH_SUBSTEPS = 3
"""Keyframes blended between consecutive reach frames (12 fps playback)."""
YAW_STEP = math.radians(10.0)
"""Largest heading change per frame [rad] (DESIGN.md "Gait")."""
STANCE_CANDIDATES = 96
"""Stances requested from the navigation core (its rings 0.3-1.2 m, nearest first)."""
MAX_STANCE_TRIALS = 12
"""At most this many stances are route-planned and reach-probed per navigation."""
REACH_DISTANCE = 0.5
"""Preferred horizontal stance-to-contact distance [m] for manipulations (about arm's length)."""
COMFORT_Z = 1.1
"""Height [m] of the most comfortable place to put things (regions are tried closest to it first)."""
RIGHT_HAND = slice(111, 156)
"""Right-hand finger joints in the 156-D SMPL+H pose vector (root 3 + body 63 + left hand 45 + right hand 45)."""


class KeyframeRecorder(Protocol):
    """What the motions need of the command they run in: appending keyframes to its interval (implemented by
    :class:`~interactiveworld.actions.executor.Executor`; the handlers' wider view is
    :class:`~interactiveworld.actions.primitives.context.ActionContext`)."""

    def keyframe(self, *, tags: frozenset[str] = ..., object_poses: dict[str, np.ndarray] | None = ...,
                 articulation: dict[str, float] | None = ..., gaze: np.ndarray | None = ...,
                 pose: np.ndarray | None = ..., translation: np.ndarray | None = ..., dt: float = ...,
                 contact: tuple[np.ndarray, np.ndarray] | None = ...) -> Keyframe:
        """Append a keyframe of the current body (or ``pose``/``translation``) and the moving objects, ``dt`` [s]
        after the last one; ``contact``: the (pose, translation) the world feels when it is not the drawn one."""
        ...


def wrap_angle(a: float) -> float:
    return (a + math.pi) % (2 * math.pi) - math.pi


def collision_points(part) -> np.ndarray:
    """Points (N, 3) [m, entity-local] on the part's convex collision primitive (``Part.shape``): a box's
    corners, 32 points on each end circle of a cylinder or ring (its outer hull), an ellipsoid's icosphere."""
    c, h = np.asarray(part.box_center, np.float64), np.asarray(part.box_half, np.float64)
    kind = part.shape[0] if part.shape else "box"
    if kind in ("cylinder", "ring"):
        r, hz = (part.shape[1], part.shape[2]) if kind == "cylinder" else (part.shape[2], part.shape[3])
        a = np.linspace(0.0, 2 * np.pi, 32, endpoint=False)
        ring = np.stack([r * np.cos(a), r * np.sin(a), np.zeros_like(a)], axis=1)
        return np.concatenate([ring + [0, 0, -hz], ring + [0, 0, hz]]) + c
    if kind == "ellipsoid":
        return trimesh.creation.icosphere(subdivisions=2).vertices * np.asarray(part.shape[1:4]) + c
    return np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)], np.float64) * h + c


def grasp_mesh(scene: Scene, key: str) -> trimesh.Trimesh:
    """The closed surface a hand closes on [m, entity-local]: the convex hull of the object's collision
    primitives (the shapes the physics gives it), cached on the asset model. A dressed part (a tapered blade, a
    rounded handle, a bevelled box) is drawn finer than it collides. :func:`object_mesh` for a model with no
    colliding part.
    """
    model = scene.entities[key].model
    hull = getattr(model, "_grasp_hull", None)
    if hull is None:
        pts = [collision_points(p) for p in model.parts if p.collide and p.joint is None]
        try:
            hull = closed_hull(np.concatenate(pts)) if pts else False
        except ValueError:  # a flat set of primitives: the visual hull is the better surface then
            hull = False
        model._grasp_hull = hull
    return hull if hull is not False else object_mesh(scene, key)


def object_mesh(scene: Scene, key: str) -> trimesh.Trimesh:
    """The object's convex hull in its local frame (watertight, as grasp planning and the carried-object
    collision points need), cached on the asset model.

    Qhull may close a hull with zero-area sliver triangles across nearly collinear points of a dressed part (the
    pen's capped stick does); such a sliver covers no surface but gives its long edge a third face, so the hull
    fails the signed distance field's watertight check. Dropping the slivers and merging vertices leaves the
    same surface, closed.
    """
    model = scene.entities[key].model
    hull = getattr(model, "_hull", None)
    if hull is None:
        hull = closed_hull(trimesh.util.concatenate([p.mesh for p in model.parts]).vertices)
        model._hull = hull
    return hull


CARRY_TURN_STEP_DEG = 15
"""Yaw step [deg] of :meth:`Motion.carry_yaw` when the body turns a held object away from a wall."""

DOOR_FAR_GRIP = 0.30
"""Closing a room door whose open leaf lies in the other room, the hand takes the leaf this far [m] from its
hinge (the handle itself is out of reach without crossing the doorway)."""


def side_of(scene: Scene, door: str, xy) -> float:
    """+1 or -1: the side of ``door``'s wall plane (its local x at opening 0) the floor point ``xy`` is on."""
    e = scene.entities[door]
    local = np.linalg.inv(e.pose) @ np.array([xy[0], xy[1], e.pose[2, 3], 1.0])
    return 1.0 if local[0] >= 0 else -1.0


DOORWAY_CLEARANCE = 0.2
"""The closed leaf of a door must stay this far [m] from the body's axis (closing it onto the body is refused)."""


def in_doorway(scene: Scene, door: str, xy) -> bool:
    """True when floor point ``xy`` lies within :data:`DOORWAY_CLEARANCE` of ``door``'s closed leaf."""
    for t, half, _ in scene.entity_boxes(scene.entities[door], {door: 0.0}):
        local = t[:3, :3].T @ (np.r_[np.asarray(xy, float), t[2, 3]] - t[:3, 3])
        if np.all(np.abs(local[:2]) <= half[:2] + DOORWAY_CLEARANCE):
            return True
    return False


def door_grip(scene: Scene, key: str, xy, *, closing: bool = False) -> np.ndarray | None:
    """World point [m] (3,) where the hand takes the leaf of ``key`` from a body at floor point ``xy``: the handle
    on the body's side of a room door (a door has one on each face), or, closing a leaf that opened into the
    other room, the body's face of the leaf :data:`DOOR_FAR_GRIP` from the hinge. Fixtures: their handle."""
    e = scene.entities[key]
    if e.door is None or e.model.handle is None:
        return scene.handle_point(key)
    joint = e.model.joints[0]
    side = side_of(scene, key, xy)
    local = e.model.handle.copy()
    local[0] = side * abs(local[0])  # the handle on the body's face of the leaf
    reach = float(np.linalg.norm((local - joint.origin)[:2]))
    link = e.link_transform(joint.name)
    grip = link[:3, :3] @ local + link[:3, 3]
    if closing and side_of(scene, key, grip[:2]) != side and reach > DOOR_FAR_GRIP:
        along = joint.origin + (local - joint.origin) * (DOOR_FAR_GRIP / reach)
        along[2] = local[2]
        grip = link[:3, :3] @ along + link[:3, 3]
    return grip


def open_shelves(entity) -> bool:
    """Whether ``entity`` has interior shelf levels open to the hand (no door, or its door open at least half):
    a [Put] onto it goes onto a level (:func:`~interactiveworld.actions.levels.shelf_regions`)."""
    model = entity.model
    if not model.regions or not shelf_regions(model):
        return False
    return not model.joints or entity.opening >= 0.5


def contact_point(scene: Scene, primitive: str, key: str) -> np.ndarray:
    """World point [m] (3,) the hand goes to for ``primitive`` on entity ``key`` (the stance faces it)."""
    e = scene.entities[key]
    if primitive in ("open", "close", "open_door", "close_door"):
        h = door_grip(scene, key, scene.human.xy, closing=primitive in ("close", "close_door"))
        if h is not None:
            return h
    if primitive in ("turn_on", "turn_off", "use_computer"):
        c = scene.control_point(key)
        if c is not None:
            return c
    if primitive == "place" and e.model.joints and open_shelves(e):
        # [Put] into an opened fridge or cabinet reaches into a level: stand as for [PutIn], not for its top
        primitive = "place_inside"
    if primitive in ("place", "sit", "wipe"):
        surfaces = [(s, t) for s, t in scene.surfaces(key) if not e.model.region(s.name)]
        surfaces = surfaces or scene.surfaces(key)
        if surfaces:
            t = surfaces[0][1]
            return t[:3, 3] + np.array([0.0, 0.0, 0.05])
    if primitive == "place_inside":
        regs = scene.regions(key)
        if regs:  # the most comfortable region: centre closest to chest height
            return min(regs, key=lambda rt: abs(rt[1][2, 3] - COMFORT_Z))[1][:3, 3].copy()
    if primitive in ("push", "pull"):
        c = e.center_of_mass()
        return np.array([c[0], c[1], min(1.0, e.world_bounds_corners()[:, 2].max())])
    corners = e.world_bounds_corners()
    com = e.center_of_mass()
    if not e.movable and e.door is None:  # the top edge of the front (+x) face, at most 1.2 m high
        lo, hi = e.model.bounds
        return e.local_to_world(np.array([hi[0], 0.5 * (lo[1] + hi[1]), min(1.2, hi[2])]))
    if e.movable:
        return np.array([com[0], com[1], corners[:, 2].max() * 0.5 + com[2] * 0.5])
    return com


TOP_DOWN = frozenset({"pick", "place", "cut", "stir", "pour", "wipe", "attach", "detach", "raise"})
"""Primitives whose hand comes down onto the target from above (objects on surfaces)."""
DOWN_PITCH = math.radians(55.0)
"""Pitch [rad] below horizontal of a top-down approach."""


def approach_for(scene: Scene, primitive: str, key: str, xy, point) -> np.ndarray | None:
    """Approach direction (3,) of the hand towards ``point`` for ``primitive`` on ``key`` from a stance at ``xy``:
    from above for objects resting on surfaces (and for putting into open-top containers), horizontal (None: the
    reach default) for handles, controls and the inside of closed cabinets and fridges."""
    down = primitive in TOP_DOWN
    if primitive == "pick":
        down = not any(scene.entities[s].model.regions and not scene.entities[s].movable
                       and np.isfinite(min((srf.clearance for srf in scene.entities[s].model.surfaces), default=np.inf))
                       for s in supporters(scene, key))
    elif primitive == "place_inside":
        e = scene.entities[key]
        down = e.movable or all(np.isinf(s.clearance) for s in e.model.surfaces if e.model.region(s.name))
    if not down:
        return None
    d = np.asarray(point, float)[:2] - np.asarray(xy, float)
    n = float(np.linalg.norm(d))
    d = d / n if n > 1e-9 else np.zeros(2)
    return np.array([d[0] * math.cos(DOWN_PITCH), d[1] * math.cos(DOWN_PITCH), -math.sin(DOWN_PITCH)])


def _closed_region_of(scene: Scene, key: str, support: str) -> bool:
    """True when ``key`` rests in a region of ``support`` that is closed above (a fridge or cabinet shelf)."""
    e = scene.entities[support]
    return any(np.isfinite(s.clearance) and inside_region(scene, key, support, s.name)
               for s in e.model.surfaces if e.model.region(s.name))


def contact_owners(scene: Scene, owner: str, primitive: str) -> list[str]:
    """Entities the hand may touch while reaching ``owner`` for ``primitive`` (the reach's allow-list): the
    target and, for an object, the open surface it rests on. The walls of a closed cabinet or fridge stay
    obstacles, so the arm goes in through the open door."""
    if owner not in scene.entities:
        return [owner]
    e = scene.entities[owner]
    if not e.movable:
        return [owner]
    return [owner, *sorted(support_graph(scene).get(owner, ()))]


def enclosure(scene: Scene, primitive: str, target: str) -> str | None:
    """The cabinet or fridge whose closed-above region the hand must enter for ``primitive`` on ``target``
    (placing into it, or picking from it), else None. Stances for it must face its opening (local +x)."""
    if target not in scene.entities:
        return None
    e = scene.entities[target]
    if primitive == "place_inside" and not e.movable:
        return target if any(np.isfinite(s.clearance) for s in e.model.surfaces if e.model.region(s.name)) else None
    if primitive == "pick" and e.movable:
        for s in sorted(support_graph(scene).get(target, ())):
            if not scene.entities[s].movable and _closed_region_of(scene, target, s):
                return s
    return None


def in_front_of(scene: Scene, key: str, xy) -> bool:
    """True when floor point ``xy`` lies in front of fixture ``key`` (beyond its front face, local +x)."""
    e = scene.entities[key]
    local = np.linalg.inv(e.pose) @ np.array([xy[0], xy[1], e.pose[2, 3], 1.0])
    return bool(local[0] > e.model.bounds[1][0])


def into_opening(scene: Scene, key: str) -> np.ndarray | None:
    """Horizontal unit direction (3,) into the front opening of fixture ``key`` (its front normal, local +x,
    reversed): the way the hand points reaching into an oven, a drum or onto a shelf. None for a fixture whose
    front faces straight up or down."""
    n = -scene.entities[key].pose[:3, 0]
    n = np.array([n[0], n[1], 0.0])
    norm = float(np.linalg.norm(n))
    return n / norm if norm > 1e-6 else None


LOOK_AHEAD_M = 1.5
"""Walking gaze: the look-ahead point lies this far [m] ahead along the route."""
LOOK_AHEAD_PITCH = math.radians(20.0)
"""Walking gaze: pitch [rad] below the horizon of the look-ahead point (a natural walking gaze)."""
TARGET_VIEW_M = 3.0
"""Walking gaze: the destination takes the gaze once it is within this horizontal distance [m] ..."""
TARGET_VIEW_ANGLE = math.radians(60.0)
"""... and within this angle [rad] of the walking direction."""


VIEW_FOV_Y_DEG = 60.0
"""Vertical field of view [deg] of the head camera the wearer's frames are rendered with (``env.FOV_Y_DEG``; a
test keeps the two equal); 4:3 frames."""
VIEW_ASPECT = 4.0 / 3.0
VIEW_FILL = 0.8
"""What is looked at whole (a board, a piece of furniture) spans at most this share of the view's width and
height, a margin around it so that its edges are in the frame."""
GLANCE_DISTANCE = 0.45
"""How far ahead of the eye [m] the hand brings a just-grabbed object for the result frame (a forearm's length)."""
GLANCE_PITCH_DEG = 35.0
"""How far below the level line of sight [deg] the just-grabbed object is held for the result frame."""
EYE_CLEARANCE = 0.05
"""A reach keeps the eye this far [m] outside every fixture's box when it can (:meth:`Motion.eye_in_fixture`)."""
EYE_AHEAD = 0.12
"""The eye stands about this far [m] ahead of the body's stance point (the head over the toes): stance rings for
looking are widened by it so that the distance from the eye is the one asked."""
MIN_VIEW_DISTANCE = 0.6
"""Nearest horizontal stance distance [m] for looking at something whole: the eye stays well clear of it."""
MAX_VIEW_DISTANCE = 2.4
"""Farthest stance distance [m] chosen for looking (larger pieces are framed from there as well as they can)."""


def view_distance(width: float, height: float) -> float:
    """Distance [m] at which a ``width`` x ``height`` [m] face, seen squarely, fits :data:`VIEW_FILL` of the head
    camera's view (pinhole: extent = 2 d tan(fov / 2)), clamped to [:data:`MIN_VIEW_DISTANCE`,
    :data:`MAX_VIEW_DISTANCE`].

    Raises:
        ValueError: a size that is not finite and >= 0.
    """
    if not (np.isfinite(width) and np.isfinite(height) and width >= 0 and height >= 0):
        raise ValueError(f"view_distance: expected finite sizes >= 0 [m], got {width} x {height}")
    ty = math.tan(math.radians(VIEW_FOV_Y_DEG) / 2.0)
    d = max(width / (2.0 * VIEW_FILL * ty * VIEW_ASPECT), height / (2.0 * VIEW_FILL * ty))
    return float(np.clip(d, MIN_VIEW_DISTANCE, MAX_VIEW_DISTANCE))


def view_rings(distance: float) -> tuple[float, ...]:
    """Stance ring radii [m] for looking from about ``distance`` [m] (eye to target; the stance stands
    :data:`EYE_AHEAD` farther): that ring and its neighbours 0.1 m apart from 0.3 m below to 0.6 m above it."""
    rings = [round(distance + EYE_AHEAD + k * 0.1, 2) for k in (0, -1, 1, -2, 2, -3, 3, 4, 5, 6)]
    return tuple(r for r in rings if r >= MIN_VIEW_DISTANCE - 0.3)


def view_stance_cost(stance, contact, distance: float, facing=None) -> tuple[float, float]:
    """Order of stances for looking: distance off ``distance`` [m] plus, with ``facing`` (the label's outward
    normal), 1 m per unit of ``1 - cos`` of the angle between the normal and the stance's direction from the
    contact (reading a board from the side foreshortens it); then the route cost."""
    off = abs(stance.distance_m - EYE_AHEAD - distance)
    if facing is not None:
        f = np.asarray(facing, float)[:2]
        d = np.asarray(stance.xy, float) - np.asarray(contact, float)[:2]
        if np.linalg.norm(f) > 1e-6 and np.linalg.norm(d) > 1e-6:
            off += 1.0 - float(np.dot(f, d) / (np.linalg.norm(f) * np.linalg.norm(d)))
    return off, stance.route_cost


REACH_GAZE_BEYOND = 0.2
"""During a reach the eyes look this far [m] (horizontally) beyond the target: the target sits a little below the
centre of the view and the reaching arm comes in from the bottom edge instead of running along the line of sight."""


def reach_gaze(eye, target) -> np.ndarray:
    """Gaze point (3,) [m] of a reach from ``eye`` to ``target``: :data:`REACH_GAZE_BEYOND` beyond the target along
    the horizontal direction from the eye (the target itself when it is straight below the eye)."""
    t = np.asarray(target, float)
    d = t[:2] - np.asarray(eye, float)[:2]
    n = float(np.linalg.norm(d))
    if n < 1e-6:
        return t.copy()
    return t + REACH_GAZE_BEYOND * np.array([d[0] / n, d[1] / n, 0.0])


BOARD_CAP_MAX_DEG = 6.0
"""A board is read from where its capitals subtend at most this angle [deg] (about 48 px in a 480-line frame with
a 60 deg vertical field of view): a person steps back from a large sign to take it in at a glance, and OCR
engines read capitals of some 10-50 px; larger glyphs fill the view edge to edge and lose the page layout."""
BOARD_OFF_AXIS_DEG = 20.0
"""A board is read from within this angle [deg] of its normal (horizontally): farther to the side the text
foreshortens and slants in the view, so the wearer steps in front of it."""


def board_distance(face: dict) -> float:
    """Horizontal distance [m] a label ``face`` (a :meth:`Scene.label_faces` dict: text, width and height [m]) is
    read from: where it fits the view (:func:`view_distance`) or farther, where its capitals
    (:func:`~interactiveworld.world.assets.printing.label_cap_height_m`) subtend :data:`BOARD_CAP_MAX_DEG`, at most
    :data:`MAX_VIEW_DISTANCE`.

    Raises:
        ValueError: a face size that is not finite and > 0.
    """
    w, h = float(face["width"]), float(face["height"])
    cap = label_cap_height_m(face.get("text", ""), w, h)
    glance = cap / math.tan(math.radians(BOARD_CAP_MAX_DEG))
    return float(min(max(view_distance(w, h), glance), MAX_VIEW_DISTANCE))


def board_view(scene: Scene, key: str) -> tuple[np.ndarray, float, np.ndarray] | None:
    """Where a fixed label of ``key`` (a sign, a board, a price card on a fixture) is read from: (its centre (3,),
    the horizontal distance [m] it is read from, :func:`board_distance`, its outward normal (3,)); None
    for a movable entity or one without an upright label (largest label first)."""
    e = scene.entities[key]
    if e.movable:
        return None
    faces = [f for f in scene.label_faces(key) if abs(float(f["normal"][2])) < 0.7]
    if not faces:
        return None
    f = max(faces, key=lambda f: f["width"] * f["height"])
    return np.asarray(f["center"], float), board_distance(f), np.asarray(f["normal"], float)


def piece_view(scene: Scene, key: str) -> tuple[np.ndarray, float]:
    """Where a piece of furniture ``key`` is seen whole from: (the centre of its world bounds (3,), the horizontal
    distance [m] from that centre at which its widest side and its height fit the view, :func:`view_distance`
    plus half its depth)."""
    c = scene.entities[key].world_bounds_corners()
    ext = c.max(axis=0) - c.min(axis=0)
    d = view_distance(float(max(ext[0], ext[1])), float(ext[2])) + 0.5 * float(min(ext[0], ext[1]))
    return 0.5 * (c.max(axis=0) + c.min(axis=0)), min(d, MAX_VIEW_DISTANCE)


def walk_gaze(rows: np.ndarray, floor_z, eye_height: float, look_at=None) -> list[np.ndarray]:
    """Gaze points (3,) [m] for gait rows ``[x, y, yaw]`` (N, 3): the point ``LOOK_AHEAD_M`` ahead along the
    rows' path, pitched ``LOOK_AHEAD_PITCH`` down; on an in-place turn (no path ahead) the same point along
    the final heading; the destination ``look_at`` once it is near and roughly ahead.

    ``floor_z(xy)`` gives the floor height [m]; ``eye_height`` is the eye's height above it [m].
    """
    rows = np.asarray(rows, float).reshape(-1, 3)
    xy = rows[:, :2]
    seg = np.linalg.norm(np.diff(xy, axis=0), axis=1)
    arc = np.concatenate([[0.0], np.cumsum(seg)])
    total = float(arc[-1])
    end_dir = np.array([math.cos(rows[-1, 2]), math.sin(rows[-1, 2])])
    target = None if look_at is None else np.asarray(look_at, float)
    drop = LOOK_AHEAD_M * math.tan(LOOK_AHEAD_PITCH)
    out = []
    for i in range(len(rows)):
        s = arc[i] + LOOK_AHEAD_M
        if s <= total:
            ahead = np.array([np.interp(s, arc, xy[:, 0]), np.interp(s, arc, xy[:, 1])])
        else:  # the path ends within the look-ahead: continue along the final heading
            ahead = xy[-1] + (s - total) * end_dir
        d = ahead - xy[i]
        n = float(np.linalg.norm(d))
        d = d / n if n > 1e-6 else end_dir
        point = np.array([*(xy[i] + LOOK_AHEAD_M * d), floor_z(xy[i]) + eye_height - drop])
        if target is not None:
            to = target[:2] - xy[i]
            dist = float(np.linalg.norm(to))
            if dist < 1e-6 or (dist <= TARGET_VIEW_M and
                               math.acos(float(np.clip(np.dot(to / dist, d), -1.0, 1.0))) <= TARGET_VIEW_ANGLE):
                point = target.copy()
        out.append(point)
    return out


FOCUS_LAST_TARGET = frozenset({"pour"})
"""Object-directed primitives whose result frame looks at their last entity (the container poured into)."""
FOCUS_FIRST_TARGET = frozenset({
    "navigate_to", "pick", "release", "flip", "place", "place_inside", "place_on_floor", "fall_to_floor",
    "attach", "detach", "raise", "push", "pull", "open", "close", "open_door", "close_door", "turn_on",
    "turn_off", "cook", "cut", "stir", "wipe", "use_computer", "sit"})
"""Object-directed primitives whose result frame looks at their first entity (for the placements the object
put down, which now rests on or in the destination)."""


def result_focus(scene: Scene, primitive: str, targets) -> np.ndarray | None:
    """The world point [m] (3,) the result frame of ``primitive`` on entity keys ``targets`` looks at: the
    centre of the acted-on entity's bounding box (a held object: the object in the hand), or None for
    primitives that are not object-directed (walking, turning, looking, waiting) or have no entity."""
    keys = [t for t in targets if t in scene.entities]
    if not keys:
        return None
    if primitive in FOCUS_LAST_TARGET:
        return scene.entities[keys[-1]].center_of_mass()
    if primitive in FOCUS_FIRST_TARGET:
        return scene.entities[keys[0]].center_of_mass()
    return None


class Motion:
    """Navigation map, body model and collider for one scene, plus the motions the handlers use.

    Args:
        scene: the live world.
        model: the body (None: :meth:`BodyModel.builtin`, made when first needed).
    """

    def __init__(self, scene: Scene, *, model: BodyModel | None = None) -> None:
        self.scene = scene
        self._nav = None
        self._collider = None
        self._model = model
        self._door_state: dict[str, bool] = {}
        self.grip: np.ndarray | None = None  # right-hand finger pose (45,) of the current grasp
        self._held_cache = None
        self.eye_strict = True   # reaches keep the eye out of fixtures while any such reach exists

    # ------------------------------------------------------------------ cores (built lazily)
    @property
    def model(self):
        if self._model is None:
            self._model = BodyModel.builtin()
        return self._model

    def nav_map(self):
        """The occupancy grid with door leaves toggled to the doors' current state."""
        if self._nav is None:
            self._nav = NavigationMap.from_geometry(self.scene.collision_geometry())
            self._door_state = {}
        for d in self.scene.doors():
            is_open = d.opening >= 0.5
            if self._door_state.get(d.key) != is_open:
                self._nav.set_door_open(d.key, is_open)
                self._door_state[d.key] = is_open
        return self._nav

    def collider(self):
        """The body's collision world (rebuilt after anything moved: see :meth:`invalidate`)."""
        if self._collider is None:
            self._collider = SceneCollider.from_geometry(self.scene.collision_geometry())
        return self._collider

    def invalidate(self, *, nav: bool = False) -> None:
        """Forget the collider (objects moved) and, with ``nav``, the grid (a fixture moved)."""
        self._collider = None
        if nav:
            self._nav = None

    def doors_open(self) -> dict[str, bool]:
        return {d.key: d.opening >= 0.5 for d in self.scene.doors()}

    def kept_grid(self) -> tuple[Any, dict[str, bool], np.ndarray | None]:
        """What :meth:`restore_doors` needs to bring the body's view of the world back after a failed command:
        the navigation grid object, the room-door states painted into it, and the hand's grip."""
        return self._nav, dict(self._door_state), None if self.grip is None else self.grip.copy()

    def restore_doors(self, state: dict[str, bool], kept: tuple | None = None) -> None:
        """After a failed command: the collider is rebuilt from the restored world when next needed; the grid is
        the one ``kept`` before the command (:meth:`kept_grid`) with its room doors painted back, so a refused
        command changes nothing a later one plans with (a grid rebuilt from scratch would also carry the leaves
        of open fixture doors, which the grid kept across commands does not). Without ``kept`` the grid is
        rebuilt when next needed."""
        self._collider = None
        if kept is None or kept[0] is None:
            self._nav = None
            return
        nav, painted, grip = kept
        for key, is_open in painted.items():
            nav.set_door_open(key, is_open)
        self._nav, self._door_state = nav, dict(painted)
        self.grip = grip

    # ------------------------------------------------------------------ body state
    def floor_z(self, xy) -> float:
        z = self.scene.floor_z_at(np.asarray(xy, float))
        return 0.0 if z is None else z

    def stand(self, xy, yaw: float) -> tuple[np.ndarray, np.ndarray]:
        """Standing pose (156,) and translation (3,) at ``xy`` facing ``yaw``."""
        return standing_pose(self.model, np.asarray(xy, float), float(yaw), floor_z=self.floor_z(xy))

    def set_body(self, pose: np.ndarray, translation: np.ndarray, *, xy=None, yaw: float | None = None) -> None:
        """Set the body pose; while an object is held, the right hand keeps the grasp's finger curl."""
        h = self.scene.human
        pose = np.array(pose, dtype=float)
        if h.held is not None and self.grip is not None:
            pose[RIGHT_HAND] = self.grip
        h.body_pose, h.body_translation = pose, np.asarray(translation, float)
        if xy is not None:
            h.xy = np.asarray(xy, float).copy()
        if yaw is not None:
            h.yaw = float(yaw)

    def reset_body(self) -> None:
        """Put the body in the standing pose of the human state (after reset or a restore)."""
        h = self.scene.human
        pose, trans = self.stand(h.xy, h.yaw)
        if h.posture == "sit" and h.sitting is not None:
            pose, trans = self.sit_pose(h.sitting)
        self.set_body(pose, trans)
        if h.held is not None and h.wrist is not None:
            self.scene.set_wrist(self.carry_wrist(h.held))

    def wrist(self, pose: np.ndarray, translation: np.ndarray, hand: str = "right") -> np.ndarray:
        """World-from-wrist (4, 4) of a body pose by forward kinematics."""
        return self.model.forward_kinematics(pose, translation)[JOINT_INDEX[f"{hand}_wrist"]]

    def carry_wrist(self, key: str) -> np.ndarray:
        """Wrist transform at the current body pose (the held object hangs from it)."""
        h = self.scene.human
        return self.wrist(h.body_pose, h.body_translation)

    def eye(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        h = self.scene.human
        return head_camera(self.model, h.body_pose, h.body_translation)

    def held_object(self, hand: str = "right"):
        """The held object's collision points for the body checks, or None."""
        h = self.scene.human
        if h.held is None:
            return None
        key = (h.held, hand, h.object_in_wrist.tobytes())
        if self._held_cache is None or self._held_cache[0] != key:  # surface sampling once per grasp
            self._held_cache = (key, HeldObject.from_mesh(h.held, hand, object_mesh(self.scene, h.held),
                                                          h.object_in_wrist, count=96))
        return self._held_cache[1]

    # ------------------------------------------------------------------ walking
    def walk_frames(self, ex: KeyframeRecorder, rows: np.ndarray, *, carry: bool = True, look_at=None) -> None:
        """Append one keyframe per gait row ``[x, y, yaw]`` with the walking body (:func:`~..gait.walk_poses`: the
        phase advancing with the distance between rows, planted feet fixed in the world; the last row stands); a
        held object follows the wrist and its arm does not swing. What the body brushes on the way is pushed by the
        standing body over each row (:attr:`Keyframe.contact_pose`), so the world's results do not depend on the
        gait cycle. The gaze looks ahead along the rows (:func:`walk_gaze`), or at ``look_at`` (3,) [m] once it is
        near and ahead."""
        h = self.scene.human
        rows = np.asarray(rows, float)
        still = ("right",) if h.held is not None else ()
        poses, translations, _ = walk_poses(self.model, rows, floor_z=[self.floor_z(r[:2]) for r in rows],
                                            still_arms=still)
        played = rows[1:] if len(rows) > 1 else rows
        if len(rows) > 1:
            poses, translations = poses[1:], translations[1:]
        eye = head_camera(self.model, *self.stand(h.xy, h.yaw))[0]
        eye_height = float(eye[2] - self.floor_z(h.xy))  # standing eye height above the floor [m]
        for (x, y, yaw), pose, trans, gaze in zip(played, poses, translations,
                                                  walk_gaze(played, self.floor_z, eye_height, look_at)):
            felt, felt_trans = self.stand((x, y), yaw)  # what the world feels: swinging limbs push nothing
            if h.held is not None and self.grip is not None:
                felt[RIGHT_HAND] = self.grip
            self.set_body(pose, trans, xy=(x, y), yaw=yaw)
            if carry and h.held is not None:
                self.scene.set_wrist(self.wrist(pose, trans))
            h.gaze = gaze
            ex.keyframe(contact=(felt, felt_trans))
        h.gaze = None  # standing still afterwards: the head's own view

    def walk_route(self, ex: KeyframeRecorder, waypoints: np.ndarray, final_yaw: float | None, *, look_at=None) -> None:
        wp = np.asarray(waypoints, float)
        rows = walk_keyframes(wp, self.scene.human.yaw, final_yaw=final_yaw)
        if self.scene.human.held is not None and len(rows) > 1 and self._carried_turn_hits(ex, rows):
            way = -int(np.sign(wrap_angle(rows[1, 2] - rows[0, 2])))  # the long way round
            other = walk_keyframes(wp, self.scene.human.yaw, final_yaw=final_yaw, first_turn=way)
            if way and not self._carried_turn_hits(ex, other):
                rows = other
        self.walk_frames(ex, rows, look_at=look_at)

    def _carried_turn_hits(self, ex: KeyframeRecorder, rows: np.ndarray) -> bool:
        """Whether the held object, carried round the body's vertical axis through the turn in place at the start
        of ``rows`` (T, 3) [x, y, yaw], sweeps its world box into the box of an object that feels the body."""
        h = self.scene.human
        physics = getattr(ex, "physics", None)
        if physics is None or len(rows) < 2:
            return False
        e = self.scene.entities[h.held]
        corners = e.world_bounds_corners()
        x0, y0, yaw0 = rows[0]
        for x, y, yaw in rows[1:]:
            if abs(x - x0) > 1e-9 or abs(y - y0) > 1e-9:
                break  # the first step: the turn in place is over
            c, s_ = math.cos(yaw - yaw0), math.sin(yaw - yaw0)
            rel = corners[:, :2] - (x0, y0)
            pts = np.column_stack([x0 + c * rel[:, 0] - s_ * rel[:, 1], y0 + s_ * rel[:, 0] + c * rel[:, 1],
                                   corners[:, 2]])
            if physics.objects_touched_by(pts.min(axis=0)[None], pts.max(axis=0)[None]):
                return True
        return False

    def walk_back(self, ex: KeyframeRecorder, xy, yaw: float, *, look_at=None) -> bool:
        """Walk back to ``xy`` [m], ending facing ``yaw`` [rad] (no door is opened on the way); False, with nothing
        recorded, when no route leads there."""
        h = self.scene.human
        xy = np.asarray(xy, float)
        if float(np.linalg.norm(xy - h.xy)) < 1e-6:
            return True
        plan = plan_route_through_doors(self.nav_map(), h.xy, xy, [])
        if isinstance(plan, PrimitiveError) or plan.doors_to_open:
            return False
        for i, leg in enumerate(plan.legs):
            self.walk_route(ex, leg.waypoints, yaw if i == len(plan.legs) - 1 else None, look_at=look_at)
        return True

    def free_spot(self, candidates, radius: float = 0.15) -> np.ndarray | None:
        """The first candidate xy [m] whose grid cell has clearance above ``radius`` (a place to stand)."""
        nav = self.nav_map()
        free = nav.passable(radius)
        for xy in candidates:
            try:
                r, c = nav.world_to_cell(xy)
            except (IndexError, ValueError):
                continue
            if 0 <= r < free.shape[0] and 0 <= c < free.shape[1] and free[r, c]:
                return np.asarray(xy, float)
        return None

    def turn_to(self, ex: KeyframeRecorder, yaw: float, *, look_at=None) -> None:
        """Rotate in place to ``yaw`` at <= 10 deg per frame, looking along the new heading (or at ``look_at``)."""
        h = self.scene.human
        delta = wrap_angle(yaw - h.yaw)
        steps = max(1, int(math.ceil(abs(delta) / YAW_STEP - 1e-9)))
        rows = np.array([[h.xy[0], h.xy[1], h.yaw + delta * i / steps] for i in range(steps + 1)])
        self.walk_frames(ex, rows, look_at=look_at)

    def go_to(self, ex: KeyframeRecorder, target: str, primitive: str, *, contact=None,
              probe: bool | None = None, view_distance: float | None = None,
              facing=None) -> PrimitiveError | None:
        """:meth:`navigate` to a stance; when every stance's reach would put the eye into a fixture
        (:meth:`eye_in_fixture`), the best of those reaches is taken after all (a deep shelf)."""
        err = self.navigate(ex, target, primitive, contact=contact, probe=probe, view_distance=view_distance,
                            facing=facing)
        if err is None or not self.eye_strict or not (primitive in REACH_PRIMITIVES if probe is None else probe):
            return err
        self.eye_strict = False
        try:
            return self.navigate(ex, target, primitive, contact=contact, probe=probe, view_distance=view_distance,
                                 facing=facing)
        finally:
            self.eye_strict = True

    def navigate(self, ex: KeyframeRecorder, target: str, primitive: str, *, contact=None,
                 probe: bool | None = None, view_distance: float | None = None,
                 facing=None) -> PrimitiveError | None:
        """Navigate to a stance for ``primitive`` on ``target``: stances around the contact point, the first whose
        route exists (opening closed doors on the way) and, for manipulations, from which the contact is
        reachable; walk there at 12 fps.

        ``view_distance`` [m]: look rather than handle: stances nearest that horizontal distance from the contact
        come first (a board read whole, a piece of furniture framed whole, :func:`view_distance`); with
        ``facing`` (3,), the outward normal of a label, stances in front of it before those beside it."""
        h = self.scene.human
        if h.sitting is not None:
            return PrimitiveError(ErrorCode.PRECONDITION_FAILED,
                                  f"You are sitting on {h.sitting}; stand up first.", {"seat": h.sitting})
        nav = self.nav_map()
        contact = contact_point(self.scene, primitive, target) if contact is None else np.asarray(contact, float)
        probe = primitive in REACH_PRIMITIVES if probe is None else probe
        closed = [DoorInfo(d.key, door_grip(self.scene, d.key, h.xy)) for d in self.scene.doors()
                  if d.opening < 0.5 and not d.state.get("locked")]
        rings = {} if view_distance is None else {"radii": view_rings(view_distance),
                                                  "count": STANCE_CANDIDATES * 4}   # every ring, ordered below
        rings.setdefault("count", STANCE_CANDIDATES)
        stances = select_stances(nav, contact[:2], h.xy, **rings)
        shut = [d.key for d in self.scene.doors() if d.opening < 0.5]
        if isinstance(stances, PrimitiveError) and shut:
            # the target may lie behind a closed door: choose stances as if every door were open
            for key in shut:
                nav.set_door_open(key, True)
            stances = select_stances(nav, contact[:2], h.xy, **rings)
            for key in shut:
                nav.set_door_open(key, False)
        if isinstance(stances, PrimitiveError):
            return stances
        last_error: PrimitiveError | None = None
        if probe:  # arm's-length stances first: the nearest ring folds the arm against the body
            stances = sorted(stances, key=lambda st: (abs(st.distance_m - REACH_DISTANCE), st.route_cost))
        elif view_distance is not None:
            # looking needs a line of sight: the target's own room, in front of a fixture's face first
            room = self.scene.room_of(contact[:2])
            same = [st for st in stances if room is None or self.scene.room_of(st.xy) is room]
            stances = same or stances
            front = target in self.scene.entities and not self.scene.entities[target].movable and facing is None
            stances = sorted(stances, key=lambda st: (front and not in_front_of(self.scene, target, st.xy),
                                                      *view_stance_cost(st, contact, view_distance, facing)))
        if primitive in ("open_door", "close_door") and self.scene.entities[target].door is not None:
            # a room door is worked from the side the body is on: the body stays in its room
            side = side_of(self.scene, target, h.xy)
            stances = [st for st in stances if side_of(self.scene, target, st.xy) == side
                       and not (primitive == "close_door" and in_doorway(self.scene, target, st.xy))]
            if not stances:
                return PrimitiveError(ErrorCode.NO_STANCE, f"There is no place on your side of {target} to reach "
                                      "it from.", {"target": target})
        stances = stances[:MAX_STANCE_TRIALS]
        box = enclosure(self.scene, primitive, target)
        if box is not None:  # reach into a cabinet or fridge through its opening, not through its walls
            stances = [st for st in stances if in_front_of(self.scene, box, st.xy)] or stances
        for stance in stances:
            plan = plan_route_through_doors(nav, h.xy, stance.xy, closed)
            if isinstance(plan, PrimitiveError):
                last_error = plan
                continue
            yaw = stance.yaw
            if probe and target in self.scene.entities:
                for yaw in self.reach_yaws(stance.xy, stance.yaw, contact):
                    trial = self.probe_reach(stance.xy, yaw, contact, target, primitive=primitive)
                    if not isinstance(trial, PrimitiveError):
                        break
                if isinstance(trial, PrimitiveError):
                    for key in plan.doors_to_open:
                        nav.set_door_open(key, False)
                    last_error = trial
                    continue
            for i, leg in enumerate(plan.legs):
                final = yaw if i == len(plan.legs) - 1 else None
                if i < len(plan.doors_to_open):
                    door = plan.doors_to_open[i]
                    handle = door_grip(self.scene, door, leg.waypoints[-1])
                    final = math.atan2(handle[1] - leg.waypoints[-1][1], handle[0] - leg.waypoints[-1][0])
                    look = handle
                else:
                    look = contact if i == len(plan.legs) - 1 else None
                self.walk_route(ex, leg.waypoints, final, look_at=look)
                if i < len(plan.doors_to_open):
                    err = self.swing(ex, plan.doors_to_open[i], 1.0)
                    if isinstance(err, PrimitiveError):
                        return err
            h.gaze = np.asarray(contact, float).copy()  # arrived: look at what is to be handled
            ex.keyframe()
            return None
        return last_error or PrimitiveError(ErrorCode.PATH_BLOCKED, f"No route to {target}.", {"target": target})

    # ------------------------------------------------------------------ reaching
    def reach_yaws(self, xy, yaw: float, target_point, hand: str = "right") -> list[float]:
        """Headings [rad] to try at a stance: facing the target, then turned so the target lies ahead of the
        reaching shoulder (the arm then does not cross the head and thighs on a low, far reach)."""
        d = float(np.linalg.norm(np.asarray(target_point, float)[:2] - np.asarray(xy, float)))
        lateral = abs(float(self.model.rest_joints[JOINT_INDEX[f"{hand}_shoulder"]][0]))
        turn = math.atan2(lateral, max(d, 1e-6))
        return [yaw, wrap_angle(yaw + (turn if hand == "right" else -turn))]

    def probe_reach(self, xy, yaw, target_point, owner: str, hand: str = "right", primitive: str = ""):
        """Plan (without moving) a reach of ``hand`` to ``target_point`` from the stance ``xy``, ``yaw``, with the
        approach direction of ``primitive`` (:func:`approach_for`). Into a closed-above fixture region
        (:func:`enclosure`) the hand also points through the opening (:func:`into_opening`, ``plan_reach``'s
        ``orient``): tried first at each posture for ``place_inside``, only where the unoriented reach finds
        nothing for a pick."""
        h = self.scene.human
        held = self.held_object("right") if h.held is not None else None
        owners = contact_owners(self.scene, owner, primitive)
        if h.held is not None:
            owners += [h.held, *h.carried]
        approach = approach_for(self.scene, primitive, owner, xy, target_point) if owner in self.scene.entities \
            else None
        # into a closed-above fixture region (oven, drum, shelf) the hand points through the opening; a pick keeps
        # the unoriented reach wherever it is found (the grasp, and so the held object's pose, depend on the hand)
        box = enclosure(self.scene, primitive, owner) if approach is None else None
        plan = plan_reach(self.model, np.asarray(xy, float), float(yaw), np.asarray(target_point, float),
                          self.collider(), hand=hand, allow_owners=owners, held=held, floor_z=self.floor_z(xy),
                          approach=approach, orient=None if box is None else into_opening(self.scene, box),
                          orient_mode="first" if primitive == "place_inside" else "last")
        if self.eye_strict and not isinstance(plan, PrimitiveError):
            blocker = next((b for b in (self.eye_in_fixture(p, t) for p, t in plan.frames) if b), None)
            if blocker is not None:
                return PrimitiveError(ErrorCode.NO_STANCE, f"Reaching from here puts your head into {blocker}.",
                                      {"blocker": blocker})
        return plan

    def lenient_reach(self, xy, yaw, target_point, owner: str, hand: str = "right", primitive: str = ""):
        """:meth:`probe_reach` allowing the eye into a fixture (no eye-clear reach exists from this stance)."""
        self.eye_strict = False
        try:
            return self.probe_reach(xy, yaw, target_point, owner, hand, primitive)
        finally:
            self.eye_strict = True

    def eye_in_fixture(self, pose: np.ndarray, translation: np.ndarray) -> str | None:
        """The fixture whose box (grown by :data:`EYE_CLEARANCE`) holds the eye of a body pose, or None: a person
        reaching into a fridge or cabinet keeps the head out of it (and so the head camera out of its shelves)."""
        eye = head_camera(self.model, pose, translation)[0]
        for key, e in self.scene.entities.items():
            if e.movable:
                continue
            t, half = e.obb()
            local = t[:3, :3].T @ (eye - t[:3, 3])
            if np.all(np.abs(local) < half + EYE_CLEARANCE):
                return key
        return None

    def _play(self, ex: KeyframeRecorder, frames, *, carry: bool, substeps: int = REACH_SUBSTEPS) -> None:
        """Play body frames, blending linearly between consecutive ones; a held object follows the wrist."""
        h = self.scene.human
        p0, t0 = h.body_pose.copy(), h.body_translation.copy()
        for pose, trans in frames:
            for k in range(1, substeps + 1):
                a = k / substeps
                self.set_body((1 - a) * p0 + a * pose, (1 - a) * t0 + a * trans)
                if carry and h.held is not None:
                    self.scene.set_wrist(self.wrist(h.body_pose, h.body_translation))
                ex.keyframe()
            p0, t0 = np.asarray(pose, float), np.asarray(trans, float)

    def palm(self, pose: np.ndarray, translation: np.ndarray, hand: str = "right") -> np.ndarray:
        """World palm centre [m] (3,) of a body pose (the reach effector)."""
        return palm_position(self.model, self.model.forward_kinematics(pose, translation), hand)

    def arm_to(self, pose: np.ndarray, translation: np.ndarray, palm, hand: str = "right") -> np.ndarray:
        """``pose`` (156,) with the arm bent by CCD arm IK (:func:`~..reach.solve_arm`) to bring the palm to
        ``palm`` (3,) [m] (as near as the arm allows; no collision check: the hand moves in front of the body)."""
        return solve_arm(self.model, pose, translation, np.asarray(palm, float), hand=hand)[0]

    def contact_index(self, plan) -> int:
        """Index in ``plan.frames`` of the frame at the contact."""
        return self._contact_index(plan)

    @staticmethod
    def _contact_index(plan) -> int:
        d = [float(np.abs(p - plan.contact_pose).sum() + np.abs(t - plan.contact_translation).sum())
             for p, t in plan.frames]
        return int(np.argmin(d)) if d else -1

    def reach(self, ex: KeyframeRecorder, target_point, owner: str, *, hand: str | None = None,
              carry: bool = True, primitive: str = ""):
        """Reach ``target_point`` from the current stance: plays the approach up to the contact (the held object
        follows the wrist). Returns the ReachPlan or a PrimitiveError."""
        h = self.scene.human
        hand = hand or "right"
        plan = self.probe_reach(h.xy, h.yaw, target_point, owner, hand, primitive)
        if isinstance(plan, PrimitiveError) and h.sitting is None:
            # the stance kept from an earlier command does not reach (or only with the head in a fixture): choose
            # a fresh one (paper B.3.1)
            moved = self.go_to(ex, owner, primitive, contact=target_point, probe=True)
            plan = self.probe_reach(h.xy, h.yaw, target_point, owner, hand, primitive)
            if isinstance(plan, PrimitiveError):
                plan = self.lenient_reach(h.xy, h.yaw, target_point, owner, hand, primitive)
            if moved is not None and isinstance(plan, PrimitiveError):
                return plan
        elif isinstance(plan, PrimitiveError):
            plan = self.lenient_reach(h.xy, h.yaw, target_point, owner, hand, primitive)
        if isinstance(plan, PrimitiveError):
            return plan
        h.gaze = reach_gaze(self.eye()[0], target_point)
        i = self._contact_index(plan)
        self._play(ex, plan.frames[: i + 1], carry=carry)
        self.set_body(plan.contact_pose, plan.contact_translation)
        if carry and h.held is not None:
            self.scene.set_wrist(self.wrist(plan.contact_pose, plan.contact_translation))
        return plan

    def retreat(self, ex: KeyframeRecorder, plan, *, carry: bool = True) -> None:
        """Play the plan's retreat frames, then return to the standing pose."""
        h = self.scene.human
        i = self._contact_index(plan)
        if carry and h.held is not None:
            h.yaw = self.carry_yaw(h.xy, h.yaw)
        stand = self.stand(h.xy, h.yaw)
        self._play(ex, list(plan.frames[i + 1:]) + [stand], carry=carry)
        self.set_body(*stand)
        if carry and h.held is not None:
            self.scene.set_wrist(self.wrist(*stand))

    def carry_yaw(self, xy, yaw: float) -> float:
        """The yaw [rad] nearest ``yaw`` (steps of :data:`CARRY_TURN_STEP_DEG`, at most a quarter turn either way)
        at which the held object and its contents, at the standing carry pose at ``xy``, keep their centres of mass
        inside a room: a stance beside a wall (0.2 m clearance) leaves no room for a towel hanging from the hand at
        the hip on the wall's side, so the body turns away from the wall as it straightens. ``yaw`` unchanged
        when no turn helps."""
        h = self.scene.human
        keys = [h.held, *(k for k in h.carried if k != h.held)]
        poses = {k: self.scene.entities[k].pose for k in keys}
        coms = {k: np.linalg.inv(poses[k]) @ np.append(self.scene.entities[k].center_of_mass(), 1.0) for k in keys}
        now = h.wrist
        for step in range(0, 90 // CARRY_TURN_STEP_DEG + 1):
            for sign in ((1,) if step == 0 else (1, -1)):
                cand = wrap_angle(yaw + sign * math.radians(step * CARRY_TURN_STEP_DEG))
                moved = self.wrist(*self.stand(xy, cand)) @ np.linalg.inv(now)
                if all(self.scene.floor_z_at((moved @ poses[k] @ coms[k])[:2]) is not None for k in keys):
                    return cand
        return yaw

    def glance_at_held(self, ex: KeyframeRecorder) -> None:
        """One keyframe in which the hand brings the held object up in front of the chest
        (:data:`GLANCE_DISTANCE` ahead of the eye, :data:`GLANCE_PITCH_DEG` below its level line, a little to the
        right) and the eyes look at it, as a person glances at what they just took: drawn only (the body and the
        object keep their carried poses in the world), so the command's result frame shows the object in the hand
        instead of leaving it at the hip below the view."""
        h = self.scene.human
        if h.held is None or h.sitting is not None:
            return
        eye, fwd, _ = self.eye()
        yaw = math.atan2(fwd[1], fwd[0]) if np.linalg.norm(fwd[:2]) > 1e-6 else h.yaw
        p = math.radians(GLANCE_PITCH_DEG)
        ahead = np.array([math.cos(yaw) * math.cos(p), math.sin(yaw) * math.cos(p), -math.sin(p)])
        right = np.array([math.sin(yaw), -math.cos(yaw), 0.0])
        palm = eye + GLANCE_DISTANCE * ahead + 0.08 * right
        pose = self.arm_to(h.body_pose, h.body_translation, palm)
        pose[RIGHT_HAND] = h.body_pose[RIGHT_HAND]
        moved = self.wrist(pose, h.body_translation) @ np.linalg.inv(self.wrist(h.body_pose, h.body_translation))
        keys = [h.held, *(k for k in h.carried if k != h.held)]
        poses = {k: moved @ self.scene.entities[k].pose for k in keys}
        gaze = (moved @ np.append(self.scene.entities[h.held].center_of_mass(), 1.0))[:3]
        ex.keyframe(pose=pose, translation=h.body_translation, object_poses=poses, gaze=gaze,
                    contact=(h.body_pose, h.body_translation))   # the world feels the carried pose, not the glance

    def grasp(self, pose, translation, key: str):
        """Plan the grasp on the hull of the object's collision primitives (:func:`grasp_mesh`): the fingers close
        on what the physics holds, so a dressed shape narrower than it collides (a tapered knife blade) never
        decides whether a grasp succeeds."""
        return plan_grasp(self.model, pose, translation, grasp_mesh(self.scene, key), self.scene.entities[key].pose)

    # ------------------------------------------------------------------ articulation and postures
    def swing(self, ex: KeyframeRecorder, key: str, target: float, *, frames: int = 10) -> PrimitiveError | None:
        """Reach the handle of ``key``, drive its main joint to ``target`` (fraction) over ``frames`` frames,
        retreat. Door occupancy in the grid follows the leaf."""
        h = self.scene.human
        e = self.scene.entities[key]
        closing = target < e.opening
        primitive = ("close" if closing else "open") + ("_door" if e.door is not None else "")
        handle = door_grip(self.scene, key, h.xy, closing=closing)
        hand = "left" if h.held is not None else "right"
        plan = self.reach(ex, handle, key, hand=hand, primitive=primitive)
        if isinstance(plan, PrimitiveError):
            return plan
        contents = joint_riders(self.scene, key)
        start = e.opening
        joint = e.model.joints[0]
        leaf = next((p.box_center for p in e.model.parts if p.joint == joint.name), e.model.handle)
        for i in range(1, frames + 1):
            frac = start + (target - start) * i / frames
            link = e.pose @ joint_transform(joint, frac)
            gaze = link[:3, :3] @ leaf + link[:3, 3]  # the eyes follow the moving door or drawer
            ex.keyframe(articulation={key: frac}, gaze=gaze)
        h.gaze = e.center_of_mass()  # the retreat keeps the opened or closed fixture in view
        self.scene.set_open(key, target, riders=contents)
        if e.door is not None and self._nav is not None:
            self._nav.set_door_open(key, target >= 0.5)
            self._door_state[key] = target >= 0.5
        self.invalidate()
        self.retreat(ex, plan)
        return None

    def posture_frames(self, ex: KeyframeRecorder, pose_to: np.ndarray, trans_to: np.ndarray, *, frames: int = 8,
                       gaze=None) -> None:
        """Blend the body linearly to a target pose (axis-angle components blended, fine for small changes)."""
        h = self.scene.human
        p0, t0 = h.body_pose.copy(), h.body_translation.copy()
        for i in range(1, frames + 1):
            a = i / frames
            self.set_body((1 - a) * p0 + a * pose_to, (1 - a) * t0 + a * trans_to)
            if h.held is not None:
                self.scene.set_wrist(self.wrist(h.body_pose, h.body_translation))
            ex.keyframe(gaze=gaze)

    def crouch_pose(self, depth: float = 0.45, *, xy=None, yaw: float | None = None) -> tuple[np.ndarray, np.ndarray]:
        """A crouch at ``xy``/``yaw`` (default: where the body stands): hips flexed by 100 deg x depth / 0.45 m,
        knees by 1.6 times that, ankles by 0.5 times; the body is lowered until the soles touch the floor
        (so the pelvis drops by roughly ``depth`` [m])."""
        h = self.scene.human
        xy = h.xy if xy is None else xy
        pose, trans = self.stand(xy, h.yaw if yaw is None else yaw)
        flex = math.radians(100.0) * min(1.3, depth / 0.45)
        for side in ("left", "right"):
            pose[3 * JOINT_INDEX[f"{side}_hip"]] = -flex
            pose[3 * JOINT_INDEX[f"{side}_knee"]] = 1.6 * flex
            pose[3 * JOINT_INDEX[f"{side}_ankle"]] = 0.5 * flex
        trans = trans.copy()
        trans[2] -= float(self.model.skin_support(pose, trans)[:, 2].min()) - self.floor_z(xy)
        return pose, trans

    def sit_pose(self, seat: str) -> tuple[np.ndarray, np.ndarray]:
        """Seated on ``seat``'s top: hips flexed 90 deg, knees 90 deg, pelvis over the seat centre."""
        surf = next(t for s, t in self.scene.surfaces(seat) if s.name == "seat")
        e = self.scene.entities[seat]
        yaw = math.atan2(e.pose[1, 0], e.pose[0, 0])
        pose, trans = self.stand(surf[:2, 3], yaw)
        for side in ("left", "right"):
            pose[3 * JOINT_INDEX[f"{side}_hip"]] = -math.pi / 2
            pose[3 * JOINT_INDEX[f"{side}_knee"]] = math.pi / 2
        trans = trans.copy()
        joints = self.model.joints(pose, trans)
        pelvis_z = joints[0][2]
        trans[2] += surf[2, 3] + 0.08 - pelvis_z
        return pose, trans


def joint_riders(scene: Scene, key: str) -> list[str]:
    """Objects riding ``key``'s moving link: those lying in a region that rides the joint (a drawer's contents)
    and everything resting on or in them."""
    moving = [r.name for r in scene.entities[key].model.regions if r.joint is not None]
    if not moving:
        return []
    graph = support_graph(scene)
    direct = [o for o in riders(scene, key, graph)
              if key in graph.get(o, ()) and any(inside_region(scene, o, key, name) for name in moving)]
    out = list(direct)
    for o in direct:
        out += [r for r in riders(scene, o, graph) if r not in out]
    return out


def need_held(scene: Scene, key: str) -> PrimitiveError | None:
    """NOT_HELD unless ``key`` is the held object."""
    h = scene.human.held
    if h != key:
        extra = f" You are holding {h}." if h else " Your hand is empty."
        return PrimitiveError(ErrorCode.NOT_HELD, f"You need to hold {key} for this.{extra}", {"held": h})
    return None
