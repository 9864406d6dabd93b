"""Axis-aligned rectangles and the layout's occupancy grid: which floor cells a standing person can reach.

Conventions: world frame z-up, metres; a rectangle is ``(x_min, y_min, x_max, y_max)``. The grid has
:data:`RESOLUTION` = 0.10 m cells (the navigation grid's pitch, paper appendix B.2.1); cell (row, col) covers
``origin + (col, row) * RESOLUTION``, rows along +y. Obstacles are inflated by :data:`BODY_RADIUS` (a standing
adult's shoulder half-width, about 0.2 m), so a reachable cell is one where the body's centre fits.
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np
from scipy import ndimage as ndi

__all__ = ["RESOLUTION", "BODY_RADIUS", "Rect", "overlaps", "inflate", "footprint", "OccupancyGrid"]

RESOLUTION = 0.10
"""Cell size [m] (the navigation grid's)."""
BODY_RADIUS = 0.20
"""Obstacle inflation [m]: about half a standing adult's shoulder width."""

Rect = tuple[float, float, float, float]


def overlaps(a: Rect, b: Rect, margin: float = 0.0) -> bool:
    """True when rectangles ``a`` and ``b`` [m] overlap by more than ``-margin`` (``margin`` > 0 also rejects
    rectangles closer than ``margin``)."""
    return a[0] < b[2] + margin and b[0] < a[2] + margin and a[1] < b[3] + margin and b[1] < a[3] + margin


def inflate(r: Rect, d: float) -> Rect:
    """``r`` grown by ``d`` [m] on every side."""
    return (r[0] - d, r[1] - d, r[2] + d, r[3] + d)


def footprint(lo: Sequence[float], hi: Sequence[float], x: float, y: float, yaw: float) -> Rect:
    """World bounding rectangle [m] of an asset whose local box is ``lo``..``hi`` (shape (3,) each, [m]) placed
    at floor point (``x``, ``y``) turned by ``yaw`` [rad] about z."""
    c, s = math.cos(yaw), math.sin(yaw)
    xs, ys = [], []
    for lx in (lo[0], hi[0]):
        for ly in (lo[1], hi[1]):
            xs.append(x + c * lx - s * ly)
            ys.append(y + s * lx + c * ly)
    return (min(xs), min(ys), max(xs), max(ys))


class OccupancyGrid:
    """Free floor of a layout on a 0.10 m grid: the rooms' floors and door openings, minus obstacles.

    Args:
        bounds: the layout's extent (x_min, y_min, x_max, y_max) [m].
        floors: rectangles [m] a person may stand in (room interiors, door openings).

    Raises:
        ValueError: empty bounds or no floor.
    """

    def __init__(self, bounds: Rect, floors: Sequence[Rect]) -> None:
        if not (bounds[2] > bounds[0] and bounds[3] > bounds[1]):
            raise ValueError(f"OccupancyGrid: empty bounds {bounds}")
        if not floors:
            raise ValueError("OccupancyGrid: no floor rectangle")
        # cell centres sit 3 cm off the 5 cm lattice the plans use, so a 10 cm wall always holds a row of
        # centres that no floor rectangle claims (a wall is never skipped by rounding)
        self.origin = np.array([bounds[0] - 0.5 + 0.03, bounds[1] - 0.5 + 0.03])
        self.shape = (int(math.ceil((bounds[3] - bounds[1] + 1.0) / RESOLUTION)),
                      int(math.ceil((bounds[2] - bounds[0] + 1.0) / RESOLUTION)))
        self.floor = np.zeros(self.shape, bool)
        for r in floors:
            self.floor[self._slices(r)] = True
        self.blocked = np.zeros(self.shape, bool)
        radius = int(math.ceil(BODY_RADIUS / RESOLUTION))
        yy, xx = np.mgrid[-radius:radius + 1, -radius:radius + 1]
        self._disk = (xx ** 2 + yy ** 2) * RESOLUTION ** 2 <= BODY_RADIUS ** 2 + 1e-9

    def _slices(self, r: Rect) -> tuple[slice, slice]:
        """Cells whose centres lie inside ``r``."""
        c0 = int(math.ceil((r[0] - self.origin[0]) / RESOLUTION - 0.5))
        c1 = int(math.floor((r[2] - self.origin[0]) / RESOLUTION - 0.5)) + 1
        r0 = int(math.ceil((r[1] - self.origin[1]) / RESOLUTION - 0.5))
        r1 = int(math.floor((r[3] - self.origin[1]) / RESOLUTION - 0.5)) + 1
        return slice(max(r0, 0), max(r1, 0)), slice(max(c0, 0), max(c1, 0))

    def cell(self, xy: Sequence[float]) -> tuple[int, int]:
        """(row, col) of the cell holding world point ``xy`` [m]."""
        return (int((xy[1] - self.origin[1]) // RESOLUTION), int((xy[0] - self.origin[0]) // RESOLUTION))

    def block(self, r: Rect) -> None:
        """Mark the cells under rectangle ``r`` [m] as an obstacle."""
        self.blocked[self._slices(r)] = True

    def reachable(self, start_xy: Sequence[float], extra: Sequence[Rect] = ()) -> np.ndarray:
        """(H, W) bool: cells a person's centre reaches from ``start_xy`` [m] (4-connected, obstacles and
        ``extra`` rectangles inflated by :data:`BODY_RADIUS`). All False when the start itself is blocked."""
        blocked = self.blocked.copy()
        for r in extra:
            blocked[self._slices(r)] = True
        wall = ~self.floor | blocked
        passable = ~ndi.binary_dilation(wall, structure=self._disk)
        labels, _ = ndi.label(passable)
        r, c = self.cell(start_xy)
        if not (0 <= r < self.shape[0] and 0 <= c < self.shape[1]) or labels[r, c] == 0:
            return np.zeros(self.shape, bool)
        return labels == labels[r, c]

    def any_in(self, mask: np.ndarray, r: Rect) -> bool:
        """Whether ``mask`` (a :meth:`reachable` result) has a True cell inside rectangle ``r`` [m]."""
        return bool(mask[self._slices(r)].any())
