"""Collision-aware navigation on a 0.10 m occupancy grid (paper §2.2 and appendix B.2.1).

Conventions: world frame z-up, metres, radians. The grid is a row-major ``(rows, cols)`` array whose row index
follows +y and column index +x; ``origin`` is the world xy of the outer corner of cell (0, 0), so cell ``(i, j)``
has its centre at ``origin + (j + 0.5, i + 0.5) * resolution``.

Occupancy (DESIGN.md, "Numbers from the paper"):

* the local floor height of a cell is the top of the highest FLOOR surface crossed by the vertical line through
  the cell centre at or below :data:`MAX_FLOOR_Z` (0.5 m); cells with no such surface have no floor support and
  are blocked;
* walls block where they intersect the band 0.20-1.90 m above that floor, furniture 0.05-1.90 m, door leaves
  like walls while their door is closed; OBJECT geometry never blocks (the body collision check handles it);
* boxes and triangles are tested exactly against each cell's column (separating axes); a triangle mesh marks
  the cells its surface crosses, and for furniture meshes the cells an entity's marked footprint encloses (the
  middle of a tall wardrobe, whose surface misses those columns) are marked too;
* clearance ``D`` [m] is the exact Euclidean distance from a cell centre to the nearest blocked cell centre;
* a cell is traversable at inflation radius ``R`` when ``D > R``; the planner uses the largest radius of
  {0.20, 0.15, 0.10} m that keeps start and goal connected. The start and goal cells themselves are exempt
  from inflation (but not from occupancy), so a body standing close to furniture can still leave it.

A* step cost is paper eq. (2): ``r * [l8 + lam * max(0, d_safe - D(n')) + c_door(n')]`` with ``r`` the grid
resolution, ``l8`` 1 or sqrt(2), ``lam`` = 8, ``d_safe`` = 0.35 m. ``c_door`` is ``door_cost`` on every cell a
door leaf covers when closed (its doorway) and 0 elsewhere; the default :data:`DEFAULT_DOOR_COST` = 2.0 makes a
doorway cell cost like 0.2 m of extra walking, so routes prefer open passages to doorways when both exist.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import scipy.ndimage as ndi

from interactiveworld import _core
from interactiveworld.errors import ErrorCode, PrimitiveError
from interactiveworld.world.geometry import CollisionGeometry, SurfaceTag

__all__ = [
    "DEFAULT_DOOR_COST",
    "INFLATION_RADII",
    "DoorInfo",
    "NavigationMap",
    "Route",
    "RoutePlan",
    "Stance",
    "plan_route",
    "plan_route_through_doors",
    "select_stances",
    "snap_stance",
    "synthetic_house_occupancy",
]

RESOLUTION = 0.10                 # grid cell size [m] (DESIGN.md)
MAX_FLOOR_Z = 0.5                 # highest surface [m] that still counts as local floor
WALL_BAND = (0.20, 1.90)          # [m] above the local floor (DESIGN.md)
FURNITURE_BAND = (0.05, 1.90)     # [m] above the local floor (DESIGN.md)
INFLATION_RADII = (0.20, 0.15, 0.10)  # [m], tried largest first (DESIGN.md)
LAMBDA = 8.0                      # clearance weight of eq. (2)
D_SAFE = 0.35                     # [m] clearance below which eq. (2) adds cost
DEFAULT_DOOR_COST = 2.0           # c_door on doorway cells, in units of one orthogonal step
STANCE_RINGS = tuple(np.round(np.arange(0.30, 1.21, 0.10), 2))  # ring radii [m] around a contact point
STANCE_BODY_RADIUS = 0.20         # [m] clearance a standing body needs
MAX_SNAP = 0.60                   # [m] a blocked nominal stance may move this far (DESIGN.md)
MAX_STANCE_ANGLES = 3600          # samples per stance ring, at most (0.1 degree spacing; native limit)
MAX_STANCE_RINGS = 1024           # stance rings, at most (native limit)
LANDMARKS = 8                     # A* landmarks per map (ALT heuristic; same optimum, fewer expansions)
LANDMARK_MIN_CELLS = 40_000       # smaller maps search faster than their landmarks build (one Dijkstra each)

# Bits of NavigationMap.layers.
LAYER_WALL = 1
LAYER_FURNITURE = 2
LAYER_DOOR = 4
LAYER_NO_FLOOR = 8

_EPS = 1e-9


def _finite_xy(xy, name: str) -> np.ndarray:
    a = np.asarray(xy, dtype=np.float64).reshape(-1)
    if a.shape[0] not in (2, 3):
        raise ValueError(f"{name}: expected (2,) or (3,) world coordinates [m], got shape {np.shape(xy)}")
    if not np.all(np.isfinite(a)):
        raise ValueError(f"{name}: coordinates must be finite, got {a.tolist()}")
    return a[:2].copy()


def _resolution(value) -> float:
    """A cell size [m]: a positive finite number (ValueError otherwise)."""
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"resolution must be a positive finite number of metres, got {value!r}") from None
    if not (math.isfinite(v) and v > 0.0):
        raise ValueError(f"resolution must be a positive finite number of metres, got {value!r}")
    return v


def _origin(value) -> np.ndarray:
    """A grid origin: finite world xy [m], shape (2,) (ValueError otherwise)."""
    a = np.asarray(value, dtype=np.float64)
    if a.shape != (2,):
        raise ValueError(f"origin: expected world xy [m] of shape (2,), got shape {a.shape}")
    if not np.all(np.isfinite(a)):
        raise ValueError(f"origin must be finite, got {a.tolist()}")
    return a.copy()


def _nonneg(value: float, name: str) -> float:
    v = float(value)
    if not math.isfinite(v) or v < 0.0:
        raise ValueError(f"{name} must be finite and >= 0, got {value!r}")
    return v


def _fill_enclosed_furniture(g: CollisionGeometry, args, origin, res: float, floor_height, static) -> None:
    """Marks the cells a furniture mesh walls in: a triangle surface only marks the columns it crosses, so the
    middle of a tall wardrobe would stay free. Per owning entity, the enclosed part of its footprint is filled."""
    ft = g.mesh_face_tags == SurfaceTag.FURNITURE
    for owner in np.unique(g.mesh_face_owner[ft & (g.mesh_face_owner >= 0)]):
        faces = ft & (g.mesh_face_owner == owner)
        layer = np.zeros(static.shape, dtype=np.uint8)
        no_boxes = np.zeros(g.box_count, dtype=bool)
        if _core.grid_rasterise_band(*args, no_boxes, faces, origin, res, floor_height, *FURNITURE_BAND,
                                     LAYER_FURNITURE, layer) == 0:
            continue
        rows, cols = np.nonzero(layer)
        r0, r1, c0, c1 = rows.min(), rows.max() + 1, cols.min(), cols.max() + 1
        filled = ndi.binary_fill_holes(layer[r0:r1, c0:c1] > 0)
        block = static[r0:r1, c0:c1]
        block[filled & np.isfinite(floor_height[r0:r1, c0:c1])] |= LAYER_FURNITURE


class NavigationMap:
    """Occupancy grid of one scene with wall, furniture, door-leaf and floor-support layers.

    Attributes:
        resolution: cell size [m].
        origin: world xy [m] of the outer corner of cell (0, 0), shape (2,), float64.
        shape: ``(rows, cols)``; rows follow +y, columns +x.
        layers: (H, W) uint8 bit set per cell: 1 wall, 2 furniture, 4 closed door leaf, 8 no floor support.
        blocked: (H, W) uint8, 1 where ``layers != 0`` (occupancy before inflation).
        floor: (H, W) bool, floor support.
        floor_height: (H, W) float64 local floor height [m] (NaN without support).
        clearance: (H, W) float64 distance [m] from each cell centre to the nearest blocked cell centre.
        doorway: (H, W) bool, cells covered by any door leaf when closed (where ``c_door`` applies).
        door_cells: door entity key -> flat indices (int64) of the cells its leaf blocks when closed.
        door_open: door entity key -> whether it is currently open.
    """

    def __init__(self, *, origin, resolution: float, floor_height: np.ndarray, static_layers: np.ndarray,
                 door_cells: dict[str, np.ndarray]):
        self.resolution = _resolution(resolution)
        self.origin = _origin(origin)
        self.floor_height = np.ascontiguousarray(floor_height, dtype=np.float64)
        self.shape = tuple(int(s) for s in self.floor_height.shape)
        self.floor = np.isfinite(self.floor_height)
        self._static = np.ascontiguousarray(static_layers, dtype=np.uint8)
        self.door_cells = {k: np.asarray(v, dtype=np.int64) for k, v in door_cells.items()}
        self.door_open = {k: False for k in self.door_cells}
        self.doorway = np.zeros(self.shape, dtype=bool)
        for cells in self.door_cells.values():
            self.doorway.reshape(-1)[cells] = True
        self._cost_cache: dict[tuple, np.ndarray] = {}
        self._landmarks: dict[tuple, object] = {}
        self._refresh()

    # -- construction ------------------------------------------------------------------------------------
    @classmethod
    def from_geometry(cls, geometry: CollisionGeometry, *, resolution: float = RESOLUTION,
                      bounds: tuple[float, float, float, float] | None = None) -> NavigationMap:
        """Rasterises a scene's collision geometry (boxes and triangles, exact tests in the native core).

        Args:
            geometry: the scene's :class:`CollisionGeometry`.
            resolution: cell size [m] (DESIGN.md: 0.10).
            bounds: ``(xmin, ymin, xmax, ymax)`` [m] of the grid; default: the xy extent of all geometry plus a
                two-cell margin (margin cells have no floor, so the border is blocked).

        Raises:
            ValueError: non-positive resolution, empty or non-finite bounds, a non-finite mesh vertex or box (the
                message names it), or no geometry when bounds is None.
        """
        res = _resolution(resolution)
        for name, arr in (("mesh vertex", geometry.mesh_vertices), ("box transform", geometry.box_transforms),
                          ("box half extents", geometry.box_half_extents)):
            finite = np.isfinite(np.asarray(arr, dtype=np.float64))
            if not finite.all():
                raise ValueError(f"{name} {int(np.argwhere(~finite)[0][0])} is not finite")
        if bounds is None:
            pts = [geometry.mesh_vertices[:, :2]] if geometry.face_count else []
            if geometry.box_count:
                # xy extent of each box: centre +- sum |R[:2, k]| * h_k.
                R = geometry.box_transforms[:, :3, :3]
                ext = np.einsum("nik,nk->ni", np.abs(R[:, :2, :]), geometry.box_half_extents)
                c = geometry.box_transforms[:, :2, 3]
                pts += [c - ext, c + ext]
            if not pts:
                raise ValueError("from_geometry: geometry is empty; pass bounds explicitly")
            allp = np.concatenate(pts)
            lo, hi = allp.min(axis=0) - 2 * res, allp.max(axis=0) + 2 * res
            lo = np.floor(lo / res) * res
        else:
            b = np.asarray(bounds, dtype=np.float64).reshape(-1)
            if b.shape != (4,) or not np.all(np.isfinite(b)) or b[2] <= b[0] or b[3] <= b[1]:
                raise ValueError(f"bounds: expected finite (xmin, ymin, xmax, ymax) with max > min, got {bounds!r}")
            lo, hi = b[:2], b[2:]
        cols, rows = (int(math.ceil((hi[k] - lo[k]) / res - 1e-9)) for k in (0, 1))
        rows, cols = max(rows, 1), max(cols, 1)
        g = geometry
        args = (g.box_transforms, g.box_half_extents, g.mesh_vertices, g.mesh_faces)
        bt, ft = g.box_tags, g.mesh_face_tags
        floor_height = _core.grid_rasterise_floor(*args, bt == SurfaceTag.FLOOR, ft == SurfaceTag.FLOOR, lo, res,
                                                  rows, cols, MAX_FLOOR_Z)
        static = np.zeros((rows, cols), dtype=np.uint8)
        static[~np.isfinite(floor_height)] = LAYER_NO_FLOOR
        _core.grid_rasterise_band(*args, bt == SurfaceTag.WALL, ft == SurfaceTag.WALL, lo, res, floor_height,
                                  *WALL_BAND, LAYER_WALL, static)
        _core.grid_rasterise_band(*args, bt == SurfaceTag.FURNITURE, ft == SurfaceTag.FURNITURE, lo, res,
                                  floor_height, *FURNITURE_BAND, LAYER_FURNITURE, static)
        _fill_enclosed_furniture(g, args, lo, res, floor_height, static)
        # Door leaves: one layer per owning door so each can be opened on its own; anonymous leaves stay shut.
        box_door, face_door = bt == SurfaceTag.DOOR_LEAF, ft == SurfaceTag.DOOR_LEAF
        anon_b, anon_f = box_door & (g.box_owner < 0), face_door & (g.mesh_face_owner < 0)
        if anon_b.any() or anon_f.any():
            _core.grid_rasterise_band(*args, anon_b, anon_f, lo, res, floor_height, *WALL_BAND, LAYER_WALL, static)
        door_cells: dict[str, np.ndarray] = {}
        owners = set(g.box_owner[box_door].tolist()) | set(g.mesh_face_owner[face_door].tolist())
        for owner in sorted(o for o in owners if o >= 0):
            if owner >= len(g.owners):
                raise ValueError(f"door leaf owner index {owner} outside owners (len {len(g.owners)})")
            layer = np.zeros((rows, cols), dtype=np.uint8)
            mine_b, mine_f = box_door & (g.box_owner == owner), face_door & (g.mesh_face_owner == owner)
            _core.grid_rasterise_band(*args, mine_b, mine_f, lo, res, floor_height, *WALL_BAND, LAYER_DOOR, layer)
            key = g.owners[owner]
            prev = door_cells.get(key, np.zeros(0, np.int64))
            door_cells[key] = np.union1d(prev, np.flatnonzero(layer))
        return cls(origin=lo, resolution=res, floor_height=floor_height, static_layers=static, door_cells=door_cells)

    @classmethod
    def from_occupancy(cls, blocked: np.ndarray, *, resolution: float = RESOLUTION, origin=(0.0, 0.0)) -> NavigationMap:
        """A map from a ready (H, W) bool/uint8 occupancy grid (non-zero = wall), every cell floor-supported.

        Args:
            blocked: (H, W) bool or uint8 occupancy, non-zero = blocked.
            resolution: cell size [m], positive and finite.
            origin: world xy [m] of the outer corner of cell (0, 0), finite, shape (2,).
        Raises:
            ValueError: an empty or non-2-D grid, a resolution that is not a positive finite number, or an origin
                that is not a finite (2,) point; TypeError: another dtype.
        """
        resolution, origin = _resolution(resolution), _origin(origin)
        b = np.asarray(blocked)
        if b.ndim != 2 or b.size == 0:
            raise ValueError(f"blocked: expected a non-empty (H, W) grid, got shape {b.shape}")
        if b.dtype != np.bool_ and b.dtype != np.uint8:
            raise TypeError(f"blocked: expected (H, W) bool or uint8, got {b.dtype}")
        static = np.where(b != 0, LAYER_WALL, 0).astype(np.uint8)
        return cls(origin=origin, resolution=resolution, floor_height=np.zeros(b.shape), static_layers=static,
                   door_cells={})

    # -- state ---------------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        layers = self._static.copy()
        flat = layers.reshape(-1)
        for key, cells in self.door_cells.items():
            if not self.door_open[key]:
                flat[cells] |= LAYER_DOOR
        self.layers = layers
        self.blocked = (layers != 0).astype(np.uint8)
        self.clearance = _core.distance_transform(self.blocked == 0, scale=self.resolution)
        self._cost_cache.clear()

    def set_door_open(self, door_key: str, is_open: bool) -> None:
        """Removes (``is_open``) or restores a door leaf's cells and recomputes occupancy and clearance.

        Raises:
            KeyError: ``door_key`` has no door leaf in this map.
        """
        if door_key not in self.door_cells:
            raise KeyError(f"no door leaf owned by {door_key!r} in this map (known: {sorted(self.door_cells)})")
        if self.door_open[door_key] != bool(is_open):
            self.door_open[door_key] = bool(is_open)
            self._refresh()

    # -- coordinates -----------------------------------------------------------------------------------------
    def world_to_cell(self, xy) -> tuple[int, int]:
        """Cell ``(row, col)`` containing world point ``xy`` [m].

        Raises ValueError (non-finite point), IndexError (outside the grid)."""
        p = _finite_xy(xy, "xy")
        col = int(math.floor((p[0] - self.origin[0]) / self.resolution))
        row = int(math.floor((p[1] - self.origin[1]) / self.resolution))
        if not (0 <= row < self.shape[0] and 0 <= col < self.shape[1]):
            raise IndexError(f"point {p.tolist()} lies outside the navigation grid "
                             f"(x in [{self.origin[0]:.2f}, {self.origin[0] + self.shape[1] * self.resolution:.2f}), "
                             f"y in [{self.origin[1]:.2f}, {self.origin[1] + self.shape[0] * self.resolution:.2f}))")
        return row, col

    def cell_to_world(self, rc) -> np.ndarray:
        """World xy [m] of cell centres: ``rc`` (2,) or (N, 2) integer (row, col) -> (2,) or (N, 2) float64."""
        a = np.asarray(rc)
        if a.shape[-1:] != (2,):
            raise ValueError(f"rc: expected (2,) or (N, 2) (row, col), got shape {a.shape}")
        a = a.astype(np.float64)
        return self.origin + (a[..., ::-1] + 0.5) * self.resolution

    def node_cost(self, *, lam: float = LAMBDA, d_safe: float = D_SAFE,
                  door_cost: float = DEFAULT_DOOR_COST) -> np.ndarray:
        """Per-cell entry cost of eq. (2) without the step length, (H, W) float64 (cached per parameters)."""
        key = (float(lam), float(d_safe), float(door_cost))
        cost = self._cost_cache.get(key)
        if cost is None:
            door = self.doorway * float(door_cost) if door_cost else None
            cost = _core.clearance_cost_layer(self.clearance, door, lam=lam, d_safe=d_safe)
            self._cost_cache[key] = cost
        return cost

    def landmarks(self, *, lam: float = LAMBDA, d_safe: float = D_SAFE, door_cost: float = DEFAULT_DOOR_COST):
        """A* landmarks (``_core.Landmarks``) for searches with these eq. (2) parameters, or None on a map smaller
        than :data:`LANDMARK_MIN_CELLS` cells. Measured once per map with every door open: that graph holds every
        traversable cell of any door state and inflation, at clearance costs no higher (clearance only grows when a
        door opens), so the same landmarks serve every later search."""
        if self.blocked.size < LANDMARK_MIN_CELLS:
            return None
        key = (float(lam), float(d_safe), float(door_cost))
        lm = self._landmarks.get(key)
        if lm is None:
            free = self._static == 0
            clearance = _core.distance_transform(free, scale=self.resolution)
            door = self.doorway * float(door_cost) if door_cost else None
            cost = _core.clearance_cost_layer(clearance, door, lam=lam, d_safe=d_safe)
            lm = self._landmarks[key] = _core.Landmarks(free, cost, count=LANDMARKS, resolution=self.resolution)
        return lm

    def passable(self, radius: float, keep=()) -> np.ndarray:
        """(H, W) uint8 traversable at inflation ``radius`` [m] (``D > radius``); cells in ``keep`` (row, col) are
        exempt from inflation when they are not blocked. Raises ValueError for a radius that is not finite and >= 0."""
        radius = _nonneg(radius, "radius")
        p = (self.clearance > radius + _EPS).astype(np.uint8)
        for rc in keep:
            if not self.blocked[rc]:
                p[rc] = 1
        return p

    def describe_cell(self, rc: tuple[int, int]) -> str:
        """Plain-language reason a cell is blocked ('' when free)."""
        bits = int(self.layers[rc])
        names = [n for b, n in ((LAYER_NO_FLOOR, "off the floor"), (LAYER_WALL, "inside a wall"),
                                (LAYER_FURNITURE, "inside furniture"), (LAYER_DOOR, "in a closed doorway")) if bits & b]
        return " and ".join(names)


@dataclass
class Route:
    """A collision-free route.

    Attributes:
        waypoints: (K, 2) float64 [m] after string pulling, first = start, last = goal.
        cells: (M, 2) int32 A* cell path (row, col), start to goal.
        cost: eq. (2) cost of the cell path [m-equivalent].
        length_m: length of the waypoint polyline [m].
        inflation_radius: the ladder radius [m] the route was planned at.
    """

    waypoints: np.ndarray
    cells: np.ndarray
    cost: float
    length_m: float
    inflation_radius: float


@dataclass
class Stance:
    """A standing pose for an interaction: ``xy`` [m] (2,), ``yaw`` [rad] facing the contact point,
    ``distance_m`` horizontal distance to the contact, ``route_cost`` [m-equivalent] from the current pose."""

    xy: np.ndarray
    yaw: float
    distance_m: float
    route_cost: float = 0.0


@dataclass
class DoorInfo:
    """A door the planner may open: entity ``key`` ("door#1") and its handle point [m] (3,) or (2,)."""

    key: str
    handle_point: np.ndarray


@dataclass
class RoutePlan:
    """Route through closed doors: ``legs`` (one per walk), ``doors_to_open`` in order (door i is opened at the end
    of leg i), and the handle ``stances`` used."""

    legs: list[Route]
    doors_to_open: list[str] = field(default_factory=list)
    stances: list[Stance] = field(default_factory=list)


def _check_radii(radii) -> tuple[float, ...]:
    r = tuple(float(x) for x in radii)
    if not r:
        raise ValueError("inflation_radii must not be empty")
    for x in r:
        if not (math.isfinite(x) and x > 0.0):
            raise ValueError(f"inflation radii must be finite and > 0 [m], got {_fmt_list(r)}")
    return tuple(sorted(r, reverse=True))


def _whole(value, name: str, lo: int, hi: int | None) -> int:
    """An integer count in [lo, hi] (hi None = unbounded); ValueError names the argument otherwise."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        if not (isinstance(value, (float, np.floating)) and math.isfinite(value) and float(value).is_integer()):
            raise ValueError(f"{name} must be a whole number, got {value!r}")
    v = int(value)
    if v < lo or (hi is not None and v > hi):
        raise ValueError(f"{name} must be in [{lo}, {hi if hi is not None else 'inf'}], got {v}")
    return v


def _inside(nav_map: NavigationMap, xy: np.ndarray, name: str) -> np.ndarray:
    """xy itself when it lies on the grid, else ValueError naming ``name`` and the grid's extent."""
    rows, cols = nav_map.shape
    x0, y0 = nav_map.origin
    x1, y1 = x0 + cols * nav_map.resolution, y0 + rows * nav_map.resolution
    if not (x0 <= xy[0] < x1 and y0 <= xy[1] < y1):
        raise ValueError(f"{name} ({xy[0]:.3g}, {xy[1]:.3g}) lies outside the navigation grid "
                         f"(x in [{x0:.2f}, {x1:.2f}), y in [{y0:.2f}, {y1:.2f}))")
    return xy


def _fmt_m(v: float) -> str:
    """A length [m] for messages: centimetres for ordinary values, 3 significant digits for huge ones (1e+300,
    not 300 digits)."""
    return f"{v:.2f}" if abs(v) < 1e4 else f"{v:.3g}"


def _fmt_list(values) -> str:
    return "(" + ", ".join(_fmt_m(v) for v in values) + ")"


def _endpoint(nav_map: NavigationMap, cost: np.ndarray, passable: np.ndarray, a: np.ndarray, b: np.ndarray) -> bool:
    return math.isfinite(_core.segment_cost(passable, cost, nav_map.origin, nav_map.resolution, a, b))


def plan_route(nav_map: NavigationMap, start_xy, goal_xy, *, lam: float = LAMBDA, d_safe: float = D_SAFE,
               door_cost: float = DEFAULT_DOOR_COST, inflation_radii=INFLATION_RADII) -> Route | PrimitiveError:
    """Plans a collision-free route with A* under paper eq. (2) and string pulling (appendix B.2.1).

    Tries the inflation radii largest first and keeps the first that connects start and goal. On a large map the
    search uses the map's landmarks (:meth:`NavigationMap.landmarks`): the same optimum, fewer expansions.

    Args:
        nav_map: the occupancy grid.
        start_xy, goal_xy: world xy [m], (2,) or (3,) (z ignored).
        lam, d_safe [m], door_cost: eq. (2) parameters (>= 0).
        inflation_radii: candidate radii [m].

    Returns:
        :class:`Route`, or ``PrimitiveError(PATH_BLOCKED)`` saying whether the start or goal is blocked or no
        connection exists even at the smallest radius.

    Raises:
        ValueError: non-finite points, negative parameters; IndexError: a point outside the grid.
    """
    lam, d_safe, door_cost = _nonneg(lam, "lam"), _nonneg(d_safe, "d_safe"), _nonneg(door_cost, "door_cost")
    radii = _check_radii(inflation_radii)
    s_xy, g_xy = _finite_xy(start_xy, "start_xy"), _finite_xy(goal_xy, "goal_xy")
    s, g = nav_map.world_to_cell(s_xy), nav_map.world_to_cell(g_xy)
    for name, rc, xy in (("start", s, s_xy), ("goal", g, g_xy)):
        if nav_map.blocked[rc]:
            return PrimitiveError(ErrorCode.PATH_BLOCKED,
                                  f"The {name} position ({xy[0]:.2f}, {xy[1]:.2f}) is {nav_map.describe_cell(rc)}.",
                                  {"which": name, "cell": list(rc)})
    cost = nav_map.node_cost(lam=lam, d_safe=d_safe, door_cost=door_cost)
    landmarks = nav_map.landmarks(lam=lam, d_safe=d_safe, door_cost=door_cost)
    for radius in radii:
        passable = nav_map.passable(radius, keep=(s, g))
        cells, total, _ = _core.astar(passable, cost, s, g, resolution=nav_map.resolution, landmarks=landmarks)
        if cells is None:
            continue
        centres = nav_map.cell_to_world(cells)
        keep = _core.string_pull(passable, cost, nav_map.origin, nav_map.resolution, centres)
        wp = centres[keep]
        # Replace the end cell centres by the exact end points where the straight segment stays clear.
        for end, xy, nxt in ((0, s_xy, 1), (-1, g_xy, -2)):
            if len(wp) >= 2 and _endpoint(nav_map, cost, passable, xy, wp[nxt]):
                wp[end] = xy
            elif not np.allclose(wp[end], xy):
                wp = np.vstack([xy, wp]) if end == 0 else np.vstack([wp, xy])
        if len(wp) == 1:
            wp = np.vstack([s_xy, g_xy]) if not np.allclose(s_xy, g_xy) else s_xy[None, :].copy()
        length = float(np.linalg.norm(np.diff(wp, axis=0), axis=1).sum()) if len(wp) > 1 else 0.0
        return Route(waypoints=wp, cells=cells, cost=float(total), length_m=length, inflation_radius=radius)
    return PrimitiveError(ErrorCode.PATH_BLOCKED,
                          f"No collision-free route from ({s_xy[0]:.2f}, {s_xy[1]:.2f}) to ({g_xy[0]:.2f}, "
                          f"{g_xy[1]:.2f}), even with the smallest clearance of {_fmt_m(min(radii))} m.",
                          {"start_cell": list(s), "goal_cell": list(g), "radii": list(radii)})


def _reach_field(nav_map: NavigationMap, start_xy, radius: float, cost: np.ndarray) -> np.ndarray:
    s = nav_map.world_to_cell(start_xy)
    passable = nav_map.passable(radius, keep=(s,))
    return _core.dijkstra_field(passable, cost, s, resolution=nav_map.resolution)


def snap_stance(nav_map: NavigationMap, nominal_xy, start_xy, *, contact_point=None,
                body_radius: float = STANCE_BODY_RADIUS, max_snap: float = MAX_SNAP,
                route_cost: np.ndarray | None = None) -> Stance | None:
    """The valid standing cell nearest to ``nominal_xy`` within ``max_snap`` [m] (DESIGN.md: 0.60 m): clearance
    >= ``body_radius`` and reachable from ``start_xy``. Faces ``contact_point`` when given (else keeps yaw 0).
    Returns None when there is none. Raises ValueError for a non-finite ``nominal_xy`` or one outside the grid."""
    nominal = _inside(nav_map, _finite_xy(nominal_xy, "nominal_xy"), "nominal_xy")
    body_radius, max_snap = _nonneg(body_radius, "body_radius"), _nonneg(max_snap, "max_snap")
    if route_cost is None:
        route_cost = _reach_field(nav_map, start_xy, min(INFLATION_RADII), nav_map.node_cost())
    res = nav_map.resolution
    n = int(math.ceil(max_snap / res)) + 1
    r0, c0 = (int(math.floor((nominal[k] - nav_map.origin[k]) / res)) for k in (1, 0))
    rs = np.arange(max(r0 - n, 0), min(r0 + n + 1, nav_map.shape[0]))
    cs = np.arange(max(c0 - n, 0), min(c0 + n + 1, nav_map.shape[1]))
    if rs.size == 0 or cs.size == 0:
        return None
    rr, cc = np.meshgrid(rs, cs, indexing="ij")
    centres = nav_map.cell_to_world(np.stack([rr, cc], axis=-1))
    d = np.linalg.norm(centres - nominal, axis=-1)
    ok = (d <= max_snap + _EPS) & (nav_map.clearance[rr, cc] >= body_radius) & (nav_map.clearance[rr, cc] > 0)
    ok &= np.isfinite(route_cost[rr, cc])
    if not ok.any():
        return None
    k = np.unravel_index(np.argmin(np.where(ok, d, np.inf)), d.shape)
    xy = centres[k]
    if contact_point is not None:
        c = _finite_xy(contact_point, "contact_point")
        yaw, dist = math.atan2(c[1] - xy[1], c[0] - xy[0]), float(np.linalg.norm(c - xy))
    else:
        yaw, dist = 0.0, 0.0
    return Stance(xy=xy, yaw=yaw, distance_m=dist, route_cost=float(route_cost[rr[k], cc[k]]))


def select_stances(nav_map: NavigationMap, contact_point, start_xy, *, count: int = 8, radii=STANCE_RINGS,
                   angles: int = 32, body_radius: float = STANCE_BODY_RADIUS, nominal_xy=None,
                   max_snap: float = MAX_SNAP) -> list[Stance] | PrimitiveError:
    """Floor-supported standing poses around a contact point, facing it (appendix B.2.1, "Stance selection").

    Samples ``angles`` poses on each ring of ``radii`` [m] around the contact's xy, keeps cells with clearance >=
    ``body_radius`` [m] that are connected to ``start_xy`` at the smallest inflation radius, and orders them nearest
    to the contact first (ring by ring), then by route cost from the start. When ``nominal_xy`` is given, the
    nominal stance (snapped up to ``max_snap`` m if blocked) comes first. Arm reach and body collision checks are
    applied by the caller on this ordered list.

    Returns:
        Up to ``count`` :class:`Stance` values, or ``PrimitiveError(NO_STANCE)``.

    Raises:
        ValueError: non-finite points, negative radii or body radius, count < 1, ``angles`` not a whole number in
            [1, 3600], ``radii`` empty or longer than 1024, ``nominal_xy`` outside the grid; IndexError: start
            outside the grid.
    """
    count = _whole(count, "count", 1, None)
    angles = _whole(angles, "angles", 1, MAX_STANCE_ANGLES)
    contact = _finite_xy(contact_point, "contact_point")
    body_radius = _nonneg(body_radius, "body_radius")
    radii = [_nonneg(r, "ring radius") for r in np.asarray(radii, dtype=np.float64).reshape(-1)]
    if not radii:
        raise ValueError(f"radii: expected 1 to {MAX_STANCE_RINGS} ring radii [m], got {radii!r}")
    if len(radii) > MAX_STANCE_RINGS:
        raise ValueError(f"radii: at most {MAX_STANCE_RINGS} ring radii, got {len(radii)}")
    if nominal_xy is not None:
        _inside(nav_map, _finite_xy(nominal_xy, "nominal_xy"), "nominal_xy")
    field_ = _reach_field(nav_map, _finite_xy(start_xy, "start_xy"), min(INFLATION_RADII), nav_map.node_cost())
    rows = _core.stance_candidates(nav_map.clearance, field_, nav_map.origin, nav_map.resolution, contact, radii,
                                   int(angles), body_radius)
    stances = [Stance(xy=r[:2].copy(), yaw=float(r[2]), distance_m=float(r[4]), route_cost=float(r[5])) for r in rows]
    if nominal_xy is not None:
        snapped = snap_stance(nav_map, nominal_xy, start_xy, contact_point=contact, body_radius=body_radius,
                              max_snap=max_snap, route_cost=field_)
        if snapped is not None:
            stances = [snapped] + [s for s in stances if not np.allclose(s.xy, snapped.xy)]
    if not stances:
        return PrimitiveError(ErrorCode.NO_STANCE,
                              f"There is no free, reachable place to stand within {max(radii, default=0):.1f} m of "
                              f"the target at ({contact[0]:.2f}, {contact[1]:.2f}).",
                              {"contact_xy": contact.tolist()})
    return stances[: int(count)]


def plan_route_through_doors(nav_map: NavigationMap, start_xy, goal_xy, doors: Sequence[DoorInfo], *,
                             lam: float = LAMBDA, d_safe: float = D_SAFE, door_cost: float = DEFAULT_DOOR_COST,
                             inflation_radii=INFLATION_RADII) -> RoutePlan | PrimitiveError:
    """Plans to the goal, opening closed doors on the way (appendix B.2.1: route to a handle stance, open, replan).

    While the goal is unreachable, each closed door of ``doors`` whose handle stance is reachable is tried (the
    stance's body clearance relaxes down the inflation ladder in narrow halls): the
    door that makes the goal reachable once open is preferred, otherwise the one that opens the most new floor.
    Chosen doors are opened in ``nav_map`` (occupancy updated) and listed in ``RoutePlan.doors_to_open`` in order;
    leg i ends at the handle stance of door i, the last leg at the goal. When no sequence reaches the goal, every
    door opened here is closed again and ``PrimitiveError(PATH_BLOCKED)`` is returned.

    Raises:
        KeyError: a door key without a door leaf in the map; ValueError / IndexError as :func:`plan_route`.
    """
    for d in doors:
        if d.key not in nav_map.door_cells:
            raise KeyError(f"no door leaf owned by {d.key!r} in this map")
    kw = dict(lam=lam, d_safe=d_safe, door_cost=door_cost, inflation_radii=inflation_radii)
    goal = _finite_xy(goal_xy, "goal_xy")
    current = _finite_xy(start_xy, "start_xy")
    plan = RoutePlan(legs=[])
    for _ in range(len(doors) + 1):
        route = plan_route(nav_map, current, goal, **kw)
        if isinstance(route, Route):
            plan.legs.append(route)
            return plan
        if route.details.get("which") is not None:  # start or goal itself blocked: doors cannot help
            for key in plan.doors_to_open:
                nav_map.set_door_open(key, False)
            return route
        base = _core.reachable_mask(nav_map.passable(min(INFLATION_RADII), keep=(nav_map.world_to_cell(current),)),
                                    nav_map.world_to_cell(current)).sum()
        best = None  # (connects, gain, -route cost, door, stance, leg)
        for door in doors:
            if nav_map.door_open[door.key]:
                continue
            # Doors often sit in narrow halls: relax the standing clearance down the inflation ladder.
            for body_radius in INFLATION_RADII:
                stances = select_stances(nav_map, door.handle_point, current, count=1, body_radius=body_radius)
                if not isinstance(stances, PrimitiveError):
                    break
            if isinstance(stances, PrimitiveError):
                continue
            leg = plan_route(nav_map, current, stances[0].xy, **kw)
            if not isinstance(leg, Route):
                continue
            nav_map.set_door_open(door.key, True)
            connects = isinstance(plan_route(nav_map, stances[0].xy, goal, **kw), Route)
            s_rc = nav_map.world_to_cell(stances[0].xy)
            reach = _core.reachable_mask(nav_map.passable(min(INFLATION_RADII), keep=(s_rc,)), s_rc)
            gain = int(reach.sum()) - int(base)
            nav_map.set_door_open(door.key, False)
            cand = (connects, gain, -leg.cost, door, stances[0], leg)
            if (connects or gain > 0) and (best is None or cand[:3] > best[:3]):
                best = cand
        if best is None:
            break
        _, _, _, door, stance, leg = best
        nav_map.set_door_open(door.key, True)
        plan.legs.append(leg)
        plan.doors_to_open.append(door.key)
        plan.stances.append(stance)
        current = stance.xy
    for key in plan.doors_to_open:
        nav_map.set_door_open(key, False)
    g = goal
    return PrimitiveError(ErrorCode.PATH_BLOCKED,
                          f"No route to ({g[0]:.2f}, {g[1]:.2f}), even after opening the reachable doors.",
                          {"doors_tried": [d.key for d in doors]})


def synthetic_house_occupancy(shape: tuple[int, int] = (500, 500), *, seed: int = 0,
                              resolution: float = RESOLUTION, min_room_m: float = 3.0, doorway_m: float = 0.9,
                              furniture_per_room: int = 2) -> np.ndarray:
    """A procedural house-like occupancy grid for tests, demos and benchmarks: (H, W) bool, True = blocked.

    An outer wall, rooms from recursive binary splits with 1-cell walls, one ``doorway_m`` doorway in every split
    wall (so all rooms stay connected), and up to ``furniture_per_room`` rectangular pieces per room kept 0.8 m
    away from the room's walls (so doorways stay clear).

    Raises:
        ValueError: shape below (8, 8); resolution, min_room_m or doorway_m not positive finite numbers [m];
            furniture_per_room not a whole number >= 0.
    """
    resolution = _resolution(resolution)
    for name, v in (("min_room_m", min_room_m), ("doorway_m", doorway_m)):
        if not (isinstance(v, (int, float, np.integer, np.floating)) and math.isfinite(v) and v > 0):
            raise ValueError(f"{name} must be a positive finite number of metres, got {v!r}")
    furniture_per_room = _whole(furniture_per_room, "furniture_per_room", 0, None)
    rows, cols = (int(s) for s in shape)
    if rows < 8 or cols < 8:
        raise ValueError(f"shape must be at least (8, 8), got {shape!r}")
    rng = np.random.default_rng(seed)
    grid = np.zeros((rows, cols), dtype=bool)
    grid[0, :] = grid[-1, :] = grid[:, 0] = grid[:, -1] = True
    min_room = max(int(round(min_room_m / resolution)), 4)
    door = max(int(round(doorway_m / resolution)), 1)
    margin = int(round(0.8 / resolution))
    rooms = []

    doors: list[tuple[str, int, int, int]] = []  # (wall kind, wall line, first cell, last cell)

    def clear_of_doors(kind: str, line: int, lo: int, hi: int) -> bool:
        # A new wall at `line` must not end inside or beside a doorway of the walls bounding its span.
        return not any(k != kind and line_ in (lo - 1, hi) and a - 2 <= line <= b + 2 for k, line_, a, b in doors)

    def split(r0: int, r1: int, c0: int, c1: int) -> None:  # interior cells [r0, r1) x [c0, c1)
        h, w = r1 - r0, c1 - c0
        can_h, can_w = h >= 2 * min_room + 1, w >= 2 * min_room + 1
        if not (can_h or can_w) or (h * w < 4 * min_room * min_room and rng.random() < 0.3):
            rooms.append((r0, r1, c0, c1))
            return
        horizontal = can_h and (not can_w or h > w or (h == w and rng.random() < 0.5))
        lo, hi = (r0, r1) if horizontal else (c0, c1)
        kind = "h" if horizontal else "v"
        span = (c0, c1) if horizontal else (r0, r1)
        for _ in range(20):
            line = int(rng.integers(lo + min_room, hi - min_room))
            if clear_of_doors(kind, line, *span):
                break
        else:
            rooms.append((r0, r1, c0, c1))
            return
        d = int(rng.integers(span[0] + 1, max(span[1] - door - 1, span[0] + 1) + 1))
        doors.append((kind, line, d, d + door - 1))
        if horizontal:
            grid[line, c0:c1] = True
            grid[line, d:d + door] = False
            split(r0, line, c0, c1)
            split(line + 1, r1, c0, c1)
        else:
            grid[r0:r1, line] = True
            grid[d:d + door, line] = False
            split(r0, r1, c0, line)
            split(r0, r1, line + 1, c1)

    split(1, rows - 1, 1, cols - 1)
    for r0, r1, c0, c1 in rooms:
        for _ in range(furniture_per_room):
            lo_r, hi_r, lo_c, hi_c = r0 + margin, r1 - margin, c0 + margin, c1 - margin
            if hi_r - lo_r < 6 or hi_c - lo_c < 6:
                break
            fh = int(rng.integers(3, max(4, min(20, (hi_r - lo_r) // 2))))
            fw = int(rng.integers(3, max(4, min(20, (hi_c - lo_c) // 2))))
            fr = int(rng.integers(lo_r, max(hi_r - fh, lo_r) + 1))
            fc = int(rng.integers(lo_c, max(hi_c - fw, lo_c) + 1))
            grid[fr:fr + fh, fc:fc + fw] = True
    return grid
