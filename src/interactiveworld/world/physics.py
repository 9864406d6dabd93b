"""Object physics of the kinematic world: packing, settling under gravity, and the placement gate.

Numbers (paper appendix B.1.2 "Object physics"; DESIGN.md "Objects"): objects are packed with a nominal
2 cm separation, released 2 cm above their support, settled under 9.81 m/s^2 at 60 steps/s until their
speed falls below 1e-3 m/s, and a placement whose object penetrates anything by more than 5 cm fails.

Model: a rigid body keeps its orientation and falls vertically (semi-implicit Euler at 60 Hz). It lands on
the highest level support below its lowest point whose rectangle contains its centre of mass (support
surfaces of fixtures and objects, the top of another object's box, or the room floor); contact is
perfectly inelastic, so the speed drops to 0 and the body is at rest. An object already penetrating a
support by at most 5 cm is lifted onto it (minimal depenetration). Contents resting on or inside the
object keep their relative transforms.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from .boxes import obb_penetration, penetration_depths
from .scene import FLOOR_KEY, Scene, yaw_pose

__all__ = ["GRAVITY", "STEP_HZ", "REST_SPEED", "PACKING_SEPARATION", "MAX_PENETRATION", "SettleResult",
           "settle", "penetration", "find_spot", "place_object", "PlacementError"]

GRAVITY = 9.81
"""Gravity [m/s^2]."""
STEP_HZ = 60
"""Physics steps per second."""
REST_SPEED = 1e-3
"""At rest below this speed [m/s]."""
PACKING_SEPARATION = 0.02
"""Initial separation between packed objects and the drop height above the support [m]."""
MAX_PENETRATION = 0.05
"""A placement penetrating anything deeper than this [m] fails."""
MAX_STEPS = 10 * STEP_HZ
LEVEL_COS = math.cos(math.radians(5.0))


class PlacementError(Exception):
    """No free spot, does not fit, or the settled object penetrates by more than 5 cm."""


@dataclass
class SettleResult:
    """Outcome of settling one object.

    Attributes:
        support: key of what it landed on (``"floor#1"`` for the floor), or None when nothing is below.
        steps: physics steps until rest; drop: fall height [m] (negative when lifted out of a support).
        heights: lowest-point height [m] after each step (the fall trajectory, for keyframes).
        penetration: deepest overlap [m] with any other box after settling; blocker: its owner.
    """

    support: str | None
    steps: int
    drop: float
    heights: list[float] = field(default_factory=list)
    penetration: float = 0.0
    blocker: str | None = None

    @property
    def ok(self) -> bool:
        return self.support is not None and self.penetration <= MAX_PENETRATION


def _excluded(scene: Scene, key: str, *, containers: bool = True) -> set[str]:
    """Itself, its contents, the held object and (with ``containers``) the movable objects containing it."""
    from .relations import support_graph
    graph = support_graph(scene)
    out = {key, *scene.riders(key, graph)}
    if containers:
        out.update(s for s in graph.get(key, ()) if scene.entities[s].movable)
    if scene.human.held:
        out.add(scene.human.held)
        out.update(scene.human.carried)
    return out


def landing(scene: Scene, key: str, *, exclude: set[str] | None = None) -> tuple[float, str | None]:
    """Height [m] and owner of the support the object ``key`` would land on (see the module docstring)."""
    e = scene.entities[key]
    exclude = _excluded(scene, key, containers=False) if exclude is None else exclude
    com = e.center_of_mass()
    bottom = float(e.world_bounds_corners()[:, 2].min())
    ceiling = bottom + MAX_PENETRATION
    best_z, best = -math.inf, None
    fz = scene.floor_z_at(com[:2])
    if fz is not None and fz <= ceiling:
        best_z, best = fz, FLOOR_KEY
    for other in scene.entities.values():
        if other.key in exclude:
            continue
        for surf, t in scene.surfaces(other.key):
            z = t[2, 3]
            if t[2, 2] < LEVEL_COS or z > ceiling or z <= best_z:
                continue
            local = t[:3, :3].T @ (com - t[:3, 3])
            if abs(local[0]) <= surf.half_xy[0] and abs(local[1]) <= surf.half_xy[1]:
                best_z, best = z, other.key
        if other.movable and not other.model.surfaces:
            corners = other.world_bounds_corners()
            top = corners[:, 2].max()
            if top <= ceiling and top > best_z:
                t, h = other.obb()
                local = t[:3, :3].T @ (com - t[:3, 3])
                if abs(local[0]) <= h[0] and abs(local[1]) <= h[1]:
                    best_z, best = top, other.key
    return best_z, best


def penetration(scene: Scene, key: str, *, exclude: set[str] | None = None) -> tuple[float, str | None]:
    """Deepest box overlap [m] of ``key`` with the scene (walls, fixtures, other objects) and its owner."""
    exclude = _excluded(scene, key) if exclude is None else exclude
    geo = scene.collision_geometry(exclude=tuple(exclude))
    e = scene.entities[key]
    t, h = e.obb()
    depth = penetration_depths(t, h, geo.box_transforms, geo.box_half_extents)
    from .geometry import SurfaceTag
    depth[geo.box_tags == SurfaceTag.FLOOR] = 0.0
    if not len(depth):
        return 0.0, None
    i = int(np.argmax(depth))
    owner = geo.owners[geo.box_owner[i]] if geo.box_owner[i] >= 0 else ("wall" if geo.box_tags[i] == 1 else None)
    return float(depth[i]), owner


def settle(scene: Scene, key: str) -> SettleResult:
    """Let ``key`` fall onto its support and come to rest (module docstring); its contents move with it.

    The scene is modified in place. Check ``result.ok``: a missing support or a penetration above
    :data:`MAX_PENETRATION` means the placement failed (callers restore the previous pose).
    """
    target, support = landing(scene, key, exclude=_excluded(scene, key, containers=False))
    e = scene.entities[key]
    bottom = float(e.world_bounds_corners()[:, 2].min())
    if support is None:
        return SettleResult(None, 0, 0.0)
    heights = []
    z, v, dt, steps = bottom, 0.0, 1.0 / STEP_HZ, 0
    if bottom < target:  # minimal depenetration
        z = target
    else:
        while steps < MAX_STEPS:
            v += GRAVITY * dt
            z -= v * dt
            steps += 1
            if z <= target:
                z, v = target, 0.0  # inelastic contact: the speed drops below REST_SPEED
            heights.append(z)
            if abs(v) < REST_SPEED and z == target:
                break
    pose = e.pose.copy()
    pose[2, 3] += z - bottom
    scene.move_entity(key, pose, carry=True)
    depth, blocker = penetration(scene, key)
    return SettleResult(support, steps, bottom - z, heights, depth, blocker)


DEFAULT_SHELF_SPOT = (0.0, 0.25)
"""Spot (u, v) aimed at on a shelf closed above (cabinet, fridge) when none is given: centred, a quarter of the
depth behind the front edge, towards the opening, so the first object leaves room behind it as well as beside
it. Open surfaces aim at their centre. Either way the search covers the whole surface."""
SPOT_PITCH = 0.02
"""Pitch [m] of the grid of candidate spots over a surface or region."""


def _axis_grid(a: float) -> np.ndarray:
    """Candidate offsets [m] over [-a, a]: steps of :data:`SPOT_PITCH` from ``-a``, and ``a`` itself (both
    edges count), shape (K,) sorted."""
    if a <= 0:
        return np.zeros(1)
    return np.unique(np.concatenate([np.arange(-a, a + 1e-9, SPOT_PITCH), [a]]))


def find_spot(scene: Scene, key: str, support: str, surface: str | None = None, *,
              spot: tuple[float, float] | None = None, yaw_offset: float = 0.0) -> np.ndarray:
    """Pose (4, 4) for object ``key`` resting on ``support``'s surface (or interior region floor) ``surface``:
    2 cm above it, facing the surface's front, at the free point of a grid over the whole surface (2 cm
    pitch, edges included) closest to ``spot`` (``u`` in [-1, 1] left to right, ``v`` in [0, 1] front to
    back; :data:`DEFAULT_SHELF_SPOT` on a shelf closed above, the centre elsewhere, when None), keeping
    :data:`PACKING_SEPARATION` to every other object on that surface.

    Raises:
        PlacementError: unknown surface, object too large or too tall, or no free spot.
    """
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
        if ax < -1e-9 or ay < -1e-9:
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
        oh = np.array([o.obb()[1] + PACKING_SEPARATION / 2 for o in others]).reshape(-1, 3)
        z = t[2, 3] + PACKING_SEPARATION
        for idx in order:
            lx, ly = grid[idx]
            p = t[:3, :3] @ np.array([lx, ly, 0.0]) + t[:3, 3]
            pose = yaw_pose(p[0], p[1], z - lo[2], yaw)
            box_t = pose.copy()
            box_t[:3, 3] = pose[:3, :3] @ (0.5 * (lo + hi)) + pose[:3, 3]
            # the 2 cm drop gap is not an overlap: test at the resting height
            box_t[2, 3] -= PACKING_SEPARATION
            if len(ot) and np.any(obb_penetration(box_t, half + PACKING_SEPARATION / 2 - 1e-6, ot, oh) > 0):
                continue
            return pose
        errors.append(f"no free spot for {key} on {surf.name} of {support}")
    raise PlacementError("; ".join(errors))


def place_object(scene: Scene, key: str, support: str, surface: str | None = None, *,
                 spot: tuple[float, float] | None = None, yaw_offset: float = 0.0) -> SettleResult:
    """Put ``key`` at a free spot of ``support`` (see :func:`find_spot`) and settle it.

    Restores the previous pose and raises :class:`PlacementError` when settling lands elsewhere or
    penetrates more than :data:`MAX_PENETRATION`."""
    e = scene.entities[key]
    before = {k: scene.entities[k].pose.copy() for k in [key, *scene.riders(key)]}
    pose = find_spot(scene, key, support, surface, spot=spot, yaw_offset=yaw_offset)
    scene.move_entity(key, pose, carry=True)
    result = settle(scene, key)
    if not result.ok or result.support != support:
        for k, p in before.items():
            scene.entities[k].pose = p
        why = (f"it would sink {result.penetration * 100:.0f} cm into {result.blocker}" if result.support
               else "nothing supports it there")
        if result.ok and result.support != support:
            why = f"it came to rest on {result.support} instead"
        raise PlacementError(f"{e.key} cannot be placed on {support}: {why}")
    return result
