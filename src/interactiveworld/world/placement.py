"""Placement: free spots on support surfaces, the box penetration gate, and placing an object so it rests.

Numbers (paper appendix B.1.2 "Object physics"): objects are packed with a nominal 2 cm separation and released
just above their support; the physics (:mod:`interactiveworld.world.physics`) settles them; a placement whose
object penetrates anything deeper than 5 cm fails.
"""
from __future__ import annotations

import math

import numpy as np

from .boxes import obb_penetration, penetration_depths
from .geometry import SurfaceTag
from .physics import MAX_PENETRATION, PACKING_SEPARATION, SettleReport, world_of
from .relations import on, riders, support_graph, supporters
from .scene import Scene, yaw_pose

__all__ = ["PlacementError", "find_spot", "place_object", "penetration", "DEFAULT_SHELF_SPOT", "SPOT_PITCH",
           "RELEASE_HEIGHT", "rest_on_support", "HAND_SEPARATIONS", "TIGHT_SEPARATION"]


class PlacementError(Exception):
    """No free spot, does not fit, or the settled object does not rest where it was put."""


DEFAULT_SHELF_SPOT = (0.0, 0.25)
"""Spot (u, v) aimed at on a shelf closed above (cabinet, fridge) when none is given: centred, a quarter of the
depth behind the front edge, towards the opening, so the first object leaves room behind it as well as beside
it. Open surfaces aim at their centre. Either way the search covers the whole surface."""
SPOT_PITCH = 0.02
"""Pitch [m] of the grid of candidate spots over a surface or region."""
RELEASE_HEIGHT = 0.005
"""The hand lets go of a placed object this far [m] above its support (it then drops and settles)."""


def _excluded(scene: Scene, key: str, *, containers: bool = True) -> set[str]:
    """Itself, its contents, the held object and (with ``containers``) the movable objects containing it."""
    graph = support_graph(scene)
    out = {key, *riders(scene, key, graph)}
    if containers:
        out.update(s for s in graph.get(key, ()) if scene.entities[s].movable)
    if scene.human.held:
        out.add(scene.human.held)
        out.update(scene.human.carried)
    return out


def penetration(scene: Scene, key: str, *, exclude: set[str] | None = None) -> tuple[float, str | None]:
    """Deepest box overlap [m] of ``key`` with the scene (walls, fixtures, other objects) and its owner
    (floors do not count). ``exclude``: keys to ignore (default: itself, its contents, the objects containing it
    and what the hand holds)."""
    exclude = _excluded(scene, key) if exclude is None else exclude
    geo = scene.collision_geometry(exclude=tuple(exclude))
    e = scene.entities[key]
    t, h = e.obb()
    depth = penetration_depths(t, h, geo.box_transforms, geo.box_half_extents)
    depth[geo.box_tags == SurfaceTag.FLOOR] = 0.0
    if not len(depth):
        return 0.0, None
    i = int(np.argmax(depth))
    owner = geo.owners[geo.box_owner[i]] if geo.box_owner[i] >= 0 else ("wall" if geo.box_tags[i] == 1 else None)
    return float(depth[i]), owner


def _axis_grid(a: float) -> np.ndarray:
    """Candidate offsets [m] over [-a, a]: steps of :data:`SPOT_PITCH` from ``-a``, and ``a`` itself (both
    edges count), shape (K,) sorted."""
    if a <= 0:
        return np.zeros(1)
    return np.unique(np.concatenate([np.arange(-a, a + 1e-9, SPOT_PITCH), [a]]))


TIGHT_SEPARATION = 0.005
"""Separation [m] to the neighbours on a surface when none of its spots keeps
:data:`~.physics.PACKING_SEPARATION` (a second piece on a plate, a last book on a shelf): a hand sets an object
down closer than a generator packs a scene."""


HAND_SEPARATIONS = (PACKING_SEPARATION, TIGHT_SEPARATION)
"""What a hand keeps to the neighbours: the generator's separation where there is room, else the tight one."""


def find_spot(scene: Scene, key: str, support: str, surface: str | None = None, *,
              spot: tuple[float, float] | None = None, yaw_offset: float = 0.0,
              drop: float = PACKING_SEPARATION,
              separations: tuple[float, ...] = (PACKING_SEPARATION,)) -> np.ndarray:
    """Pose (4, 4) for object ``key`` resting on ``support``'s surface (or interior region floor) ``surface``:
    ``drop`` [m] above it, facing the surface's front, at the free point of a grid over the whole surface (2 cm
    pitch, edges included) closest to ``spot`` (``u`` in [-1, 1] left to right, ``v`` in [0, 1] front to
    back; :data:`DEFAULT_SHELF_SPOT` on a shelf closed above, the centre elsewhere, when None), keeping
    ``separations[0]`` [m] (default :data:`~.physics.PACKING_SEPARATION`) to every other object on that surface,
    or the next of ``separations`` when no spot keeps that much (:data:`HAND_SEPARATIONS`: a placement by hand).

    Raises:
        PlacementError: unknown surface, object too large or too tall, or no free spot.
        ValueError: ``separations`` empty or holding anything but finite sizes >= 0 [m].
    """
    if not separations or not all(math.isfinite(v) and v >= 0 for v in separations):
        raise ValueError(f"separations: expected finite sizes >= 0 [m], got {separations!r}")
    e = scene.entities[key]
    cands = [(s, t) for s, t in scene.surfaces(support) if surface is None or s.name == surface]
    if not cands:
        names = [s.name for s, _ in scene.surfaces(support)]
        raise PlacementError(f"{support} has no surface or region {surface!r} (it has {', '.join(names) or 'none'})")
    lo, hi = e.model.bounds
    half = 0.5 * (hi - lo)
    height = hi[2] - lo[2]
    errors = []
    for surf, t in cands:
        if height > surf.clearance + 1e-9:
            errors.append(f"{key} ({height:.2f} m tall) does not fit under {surf.name} ({surf.clearance:.2f} m)")
            continue
        yaw = math.atan2(t[1, 0], t[0, 0]) + yaw_offset
        c, s_ = abs(math.cos(yaw_offset)), abs(math.sin(yaw_offset))
        fx = c * half[0] + s_ * half[1]
        fy = s_ * half[0] + c * half[1]
        ax, ay = surf.half_xy[0] - fx, surf.half_xy[1] - fy
        # a fixture's surface must hold the whole footprint; a movable object may carry a larger one centred on it
        # (a cover over a folder, a book on a coaster): the settle decides whether it rests there
        if (ax < -1e-9 or ay < -1e-9) and not scene.entities[support].movable:
            errors.append(f"{key} is larger than {surf.name} of {support}")
            continue
        ax, ay = max(ax, 0.0), max(ay, 0.0)
        if spot is not None:
            u, v = spot
        else:  # a shelf closed above fills from the front; open surfaces and bowls from the centre
            u, v = DEFAULT_SHELF_SPOT if math.isfinite(surf.clearance) else (0.0, 0.5)
        goal = np.array([ax * (1 - 2 * v), ay * u])
        gx, gy = _axis_grid(ax), _axis_grid(ay)
        grid = np.array(np.meshgrid(gx, gy, indexing="ij")).reshape(2, -1).T
        grid = np.vstack([goal[None], grid])
        order = np.argsort(np.linalg.norm(grid - goal, axis=1), kind="stable")
        # Boxes of other objects near this surface's height band, inflated by half the separation each.
        others = [o for o in scene.movables() if o.key not in (key, support) and o.key != scene.human.held
                  and o.key not in scene.human.carried]
        ot = np.array([o.obb()[0] for o in others]).reshape(-1, 4, 4)
        z = t[2, 3] + drop
        for sep in separations:
            oh = np.array([o.obb()[1] + sep / 2 for o in others]).reshape(-1, 3)
            for idx in order:
                lx, ly = grid[idx]
                p = t[:3, :3] @ np.array([lx, ly, 0.0]) + t[:3, 3]
                pose = yaw_pose(p[0], p[1], z - lo[2], yaw)
                box_t = pose.copy()
                box_t[:3, 3] = pose[:3, :3] @ (0.5 * (lo + hi)) + pose[:3, 3]
                box_t[2, 3] -= drop  # the drop gap is not an overlap: test at the resting height
                if len(ot) and np.any(obb_penetration(box_t, half + sep / 2 - 1e-6, ot, oh) > 0):
                    continue
                return pose
        errors.append(f"no free spot for {key} on {surf.name} of {support}")
    raise PlacementError("; ".join(errors))


def rest_on_support(scene: Scene, key: str, support: str, *, graph: dict[str, set[str]] | None = None) -> str | None:
    """Why ``key`` does not rest on or in ``support`` after settling (None when it does): what holds it up
    instead, or how deep it penetrates something (over :data:`~.physics.MAX_PENETRATION`). ``graph``: a
    precomputed :func:`~.relations.support_graph` of the current poses, for checking many objects at once."""
    depth, other = world_of(scene).support().depth.get(key, (0.0, ""))
    if depth > MAX_PENETRATION:
        return f"it would sink {depth * 100:.0f} cm into {other}"
    sup = supporters(scene, key, graph)
    if support in sup:
        return None
    if on(scene, key, "floor#1"):
        return "it fell to the floor"
    return f"it came to rest on {', '.join(sorted(sup))} instead" if sup else "nothing holds it up there"


def place_object(scene: Scene, key: str, support: str, surface: str | None = None, *,
                 spot: tuple[float, float] | None = None, yaw_offset: float = 0.0) -> SettleReport:
    """Put ``key`` at a free spot of ``support`` (see :func:`find_spot`), :data:`RELEASE_HEIGHT` above it, and
    settle the world.

    Restores the previous poses and raises :class:`PlacementError` when the object does not come to rest on or
    in ``support``, or penetrates something deeper than :data:`~.physics.MAX_PENETRATION`."""
    world = world_of(scene)
    moving = [key, *riders(scene, key)]
    before = {k: scene.entities[k].pose.copy() for k in scene.entities if scene.entities[k].movable}
    pose = find_spot(scene, key, support, surface, spot=spot, yaw_offset=yaw_offset, drop=RELEASE_HEIGHT)
    scene.move_entity(key, pose, riders=moving[1:])
    report = world.settle()
    why = rest_on_support(scene, key, support)
    if why is not None:
        for k, p in before.items():
            scene.entities[k].pose = p
        world.settle(record=False)
        raise PlacementError(f"{key} cannot be placed on {support}: {why}")
    return report
