"""Independent pure-Python/scipy references for the grid tests (slow twins; never used by the package)."""
from __future__ import annotations

import math

import numpy as np
import scipy.sparse
import scipy.sparse.csgraph

SQRT2 = math.sqrt(2.0)
ORTHO = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def grid_graph(passable: np.ndarray, node_cost: np.ndarray | None, resolution: float) -> scipy.sparse.csr_matrix:
    """8-connected graph without corner cutting, edge weight r * (l8 + node_cost[dst]) (paper eq. 2)."""
    rows, cols = passable.shape
    cost = np.zeros(passable.shape) if node_cost is None else node_cost
    src, dst, w = [], [], []
    free = passable.astype(bool)
    for i in range(rows):
        for j in range(cols):
            if not free[i, j]:
                continue
            for di, dj in ORTHO + DIAG:
                ni, nj = i + di, j + dj
                if not (0 <= ni < rows and 0 <= nj < cols and free[ni, nj]):
                    continue
                if di and dj and not (free[i + di, j] and free[i, j + dj]):
                    continue
                src.append(i * cols + j)
                dst.append(ni * cols + nj)
                w.append(resolution * ((SQRT2 if di and dj else 1.0) + cost[ni, nj]))
    n = rows * cols
    return scipy.sparse.csr_matrix((w, (src, dst)), shape=(n, n))


def dijkstra_reference(passable, node_cost, start, resolution=0.1) -> np.ndarray:
    """Cost-to-reach from start (row, col) for every cell, (H, W), inf where unreachable."""
    g = grid_graph(passable, node_cost, resolution)
    rows, cols = passable.shape
    d = scipy.sparse.csgraph.dijkstra(g, directed=True, indices=start[0] * cols + start[1])
    return d.reshape(rows, cols)


def path_cost(cells: np.ndarray, node_cost, resolution=0.1) -> float:
    total = 0.0
    for a, b in zip(cells[:-1], cells[1:]):
        diag = a[0] != b[0] and a[1] != b[1]
        total += resolution * ((SQRT2 if diag else 1.0) + (0.0 if node_cost is None else node_cost[b[0], b[1]]))
    return total


def assert_valid_cell_path(cells: np.ndarray, passable: np.ndarray) -> None:
    """Every cell free, every step one of the 8 moves, no diagonal past a blocked corner."""
    for a, b in zip(cells[:-1], cells[1:]):
        di, dj = int(b[0] - a[0]), int(b[1] - a[1])
        assert max(abs(di), abs(dj)) == 1, f"step {a} -> {b} is not an 8-neighbour move"
        assert passable[b[0], b[1]], f"path enters blocked cell {b}"
        if di and dj:
            assert passable[a[0] + di, a[1]] and passable[a[0], a[1] + dj], f"diagonal {a} -> {b} cuts a corner"
    assert passable[cells[0][0], cells[0][1]]


def segment_cost_reference(passable, node_cost, origin, resolution, p0, p1) -> float:
    """Integral of (1 + node_cost) along p0 -> p1 by splitting at every grid-line crossing; inf if a touched cell
    is blocked or outside (a crossing exactly through a corner touches the two side cells too)."""
    p0, p1 = np.asarray(p0, float), np.asarray(p1, float)
    u0 = (p0 - origin) / resolution
    u1 = (p1 - origin) / resolution
    d = u1 - u0
    ts = {0.0, 1.0}
    for k in range(2):
        if d[k] != 0:
            lo, hi = sorted((u0[k], u1[k]))
            for line in range(math.floor(lo) + 1, math.ceil(hi)):
                ts.add((line - u0[k]) / d[k])
    ts = sorted(ts)
    rows, cols = passable.shape
    length = float(np.linalg.norm(p1 - p0))

    def ok(i, j):
        return 0 <= i < rows and 0 <= j < cols and passable[i, j]

    total = 0.0
    for ta, tb in zip(ts[:-1], ts[1:]):
        if tb - ta < 1e-12:
            continue
        mid = u0 + 0.5 * (ta + tb) * d
        j, i = int(math.floor(mid[0])), int(math.floor(mid[1]))
        if not ok(i, j):
            return math.inf
        total += (tb - ta) * length * (1.0 + (0.0 if node_cost is None else node_cost[i, j]))
    # corner crossings
    for t in ts[1:-1]:
        p = u0 + t * d
        if abs(p[0] - round(p[0])) < 1e-9 and abs(p[1] - round(p[1])) < 1e-9:
            cx, cy = int(round(p[0])), int(round(p[1]))
            for i, j in ((cy - 1, cx - 1), (cy - 1, cx), (cy, cx - 1), (cy, cx)):
                if not ok(i, j):
                    return math.inf
    return total


# The references themselves, on hand-worked cases.
def test_dijkstra_reference_hand_worked():
    p = np.ones((3, 3), np.uint8)
    p[1, 1] = 0  # a pillar in the middle: corner (0,0) -> (2,2) must go around it
    d = dijkstra_reference(p, None, (0, 0), resolution=1.0)
    assert d[0, 2] == 2.0 and d[2, 0] == 2.0
    assert d[2, 2] == 4.0  # two orthogonal legs; both diagonals past the pillar would cut its corner
    assert math.isinf(d[1, 1])


def test_segment_cost_reference_hand_worked():
    p = np.ones((2, 3), np.uint8)
    c = np.zeros((2, 3))
    c[0, 1] = 3.0
    # Along the middle of row 0 from x=0.5 to x=2.5 with r=1: cells 0 (0.5 m), 1 (1 m, weight 4), 2 (0.5 m).
    assert segment_cost_reference(p, c, np.zeros(2), 1.0, (0.5, 0.5), (2.5, 0.5)) == 0.5 + 4.0 + 0.5
    p[1, 1] = 0
    # The diagonal (0.5, 0.5) -> (1.5, 1.5) passes the corner (1, 1), touching blocked cell (1, 1)... which is
    # its own end cell here, so it is blocked either way; the other diagonal touches (0,1) and (1,0) only.
    assert math.isinf(segment_cost_reference(p, None, np.zeros(2), 1.0, (0.5, 0.5), (1.5, 1.5)))
    p[1, 1] = 1
    p[0, 1] = 0
    assert math.isinf(segment_cost_reference(p, None, np.zeros(2), 1.0, (0.5, 0.5), (1.5, 1.5)))
