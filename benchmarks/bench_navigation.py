"""Navigation hot paths against peer libraries on one 500 x 500 house-like grid (0.10 m cells: 50 m x 50 m).

Inputs are built once per session and shared by every timing: rooms from recursive splits with 1-cell walls,
0.9 m doorways, furniture (interactiveworld.actions.navigation.synthetic_house_occupancy, seed 1).

* distance transform: ours (exact separable EDT, 2 threads) vs scipy.ndimage.distance_transform_edt;
* shortest path between two far corners at inflation 0.20 m: ours (A*, 8-connected, no corner cutting, the full
  clearance-weighted cost of paper eq. 2, with the map's landmarks as plan_route uses them; their one-off build
  is timed on its own) vs pyastar2d (an easier problem: uniform cost, corner cutting allowed),
  scipy.sparse.csgraph.dijkstra and networkx (both on the same graph and costs as ours);
* the same A* without landmarks, and an interleaved run (ours with and without landmarks, pyastar2d, one after
  the other each round, so load from other processes hits all alike) printing min and median of each.

    .venv/bin/python -m pytest benchmarks/bench_navigation.py --benchmark-enable -q -s
"""
from __future__ import annotations

import math
import os
import time

import numpy as np
import pytest
import scipy.ndimage as ndi
import scipy.sparse
import scipy.sparse.csgraph

from interactiveworld import _core
from interactiveworld.actions.navigation import NavigationMap, plan_route, synthetic_house_occupancy

SQRT2 = math.sqrt(2.0)


@pytest.fixture(scope="module")
def house():
    blocked = synthetic_house_occupancy((500, 500), seed=1)
    nav = NavigationMap.from_occupancy(blocked)
    passable = nav.passable(0.20)
    cost = nav.node_cost()
    free = np.argwhere(nav.clearance > 0.5)
    start, goal = tuple(int(v) for v in free[0]), tuple(int(v) for v in free[-1])
    return {"blocked": blocked, "nav": nav, "passable": passable, "cost": cost, "start": start, "goal": goal,
            "landmarks": nav.landmarks()}


def _edges(passable, cost, r=0.1):
    """Directed edges of the A* graph (same moves, same eq. 2 weights), vectorised."""
    rows, cols = passable.shape
    p = passable.astype(bool)
    idx = np.arange(rows * cols).reshape(rows, cols)
    src, dst, w = [], [], []
    for di, dj in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)):
        a = (slice(max(0, -di), rows - max(0, di)), slice(max(0, -dj), cols - max(0, dj)))
        b = (slice(max(0, di), rows - max(0, -di)), slice(max(0, dj), cols - max(0, -dj)))
        ok = p[a] & p[b]
        if di and dj:  # no corner cutting: both orthogonal neighbours free
            side1 = p[(slice(a[0].start + di, a[0].stop + di), a[1])]
            side2 = p[(a[0], slice(a[1].start + dj, a[1].stop + dj))]
            ok &= side1 & side2
        src.append(idx[a][ok])
        dst.append(idx[b][ok])
        w.append(r * ((SQRT2 if di and dj else 1.0) + cost[b][ok]))
    return np.concatenate(src), np.concatenate(dst), np.concatenate(w)


@pytest.fixture(scope="module")
def csgraph(house):
    s, d, w = _edges(house["passable"], house["cost"])
    n = house["passable"].size
    return scipy.sparse.csr_matrix((w, (s, d)), shape=(n, n))


# -- distance transform ------------------------------------------------------------------------------------------
def test_edt_ours(benchmark, ratios, house):
    free = ~house["blocked"]
    out = _core.distance_transform(free, scale=0.1)
    np.testing.assert_allclose(out, ndi.distance_transform_edt(free) * 0.1, atol=1e-12)
    ratios.time(benchmark, "edt 500x500", "ours", _core.distance_transform, free, scale=0.1)


def test_edt_scipy(benchmark, ratios, house):
    free = ~house["blocked"]
    ratios.time(benchmark, "edt 500x500", "scipy.ndimage edt", lambda: ndi.distance_transform_edt(free) * 0.1)


# -- shortest path ----------------------------------------------------------------------------------------------
def test_astar_ours(benchmark, ratios, house, csgraph):
    h = house
    ref = scipy.sparse.csgraph.dijkstra(csgraph, directed=True, indices=h["start"][0] * 500 + h["start"][1])
    for lm in (None, h["landmarks"]):
        cells, cost, _ = _core.astar(h["passable"], h["cost"], h["start"], h["goal"], landmarks=lm)
        np.testing.assert_allclose(cost, ref[h["goal"][0] * 500 + h["goal"][1]], rtol=1e-12)
        assert cells is not None and len(cells) > 500
    ratios.time(benchmark, "path 500x500", "ours", _core.astar, h["passable"], h["cost"], h["start"], h["goal"],
                landmarks=h["landmarks"])


def test_astar_ours_without_landmarks(benchmark, ratios, house):
    h = house
    ratios.time(benchmark, "path 500x500", "ours without landmarks", _core.astar, h["passable"], h["cost"],
                h["start"], h["goal"])


def test_landmark_build(benchmark, ratios, house):
    """One-off cost per map (8 landmarks, one Dijkstra run each plus one): paid at the first route of a scene."""
    nav = house["nav"]
    free = nav.blocked == 0
    cost = nav.node_cost()
    lm = _core.Landmarks(free, cost, count=8)
    assert lm.count == 8
    ratios.time(benchmark, "landmarks 500x500 (once per map)", "ours", _core.Landmarks, free, cost, count=8,
                rounds=3)


def test_astar_interleaved(house, request):
    """Ours (with and without landmarks) and pyastar2d one after the other each round; min and median of each,
    the ratios and our node expansions, with the machine's load average."""
    pyastar2d = pytest.importorskip("pyastar2d")
    h = house
    weights = np.where(h["passable"] > 0, 1.0, np.inf).astype(np.float32)
    runs = {
        "ours (landmarks)": lambda: _core.astar(h["passable"], h["cost"], h["start"], h["goal"],
                                                landmarks=h["landmarks"]),
        "ours (no landmarks)": lambda: _core.astar(h["passable"], h["cost"], h["start"], h["goal"]),
        "pyastar2d": lambda: pyastar2d.astar_path(weights, h["start"], h["goal"], allow_diagonal=True),
    }
    rounds = 30 if request.config.getoption("benchmark_enable", False) else 1
    times = {k: [] for k in runs}
    for _ in range(rounds):
        for name, fn in runs.items():
            t0 = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - t0)
    tr = request.config.pluginmanager.get_plugin("terminalreporter")
    write = tr.write_line if tr else print
    peer = np.asarray(times["pyastar2d"])
    write("")
    write(f"A* 500x500 house, interleaved, {rounds} rounds, load average {os.getloadavg()[0]:.1f}:")
    for name, t in times.items():
        t = np.asarray(t)
        expanded = f"  {runs[name]()[2]:7d} expanded" if name.startswith("ours") else ""
        write(f"  {name:<22s} min {t.min() * 1e3:7.3f} ms  median {np.median(t) * 1e3:7.3f} ms   "
              f"pyastar2d/this min {peer.min() / t.min():5.2f}x  median {np.median(peer) / np.median(t):5.2f}x"
              + expanded)
    assert all(len(t) == rounds for t in times.values())


def test_astar_pyastar2d(benchmark, ratios, house):
    pyastar2d = pytest.importorskip("pyastar2d")
    h = house
    weights = np.where(h["passable"] > 0, 1.0, np.inf).astype(np.float32)
    path = pyastar2d.astar_path(weights, h["start"], h["goal"], allow_diagonal=True)
    assert path is not None
    ratios.time(benchmark, "path 500x500", "pyastar2d (uniform cost)", pyastar2d.astar_path, weights, h["start"],
                h["goal"], allow_diagonal=True)


def test_astar_csgraph_dijkstra(benchmark, ratios, house, csgraph):
    s = house["start"][0] * 500 + house["start"][1]
    ratios.time(benchmark, "path 500x500", "scipy csgraph dijkstra", scipy.sparse.csgraph.dijkstra, csgraph,
                directed=True, indices=s, rounds=5)


def test_astar_networkx(benchmark, ratios, house):
    nx = pytest.importorskip("networkx")
    h = house
    s, d, w = _edges(h["passable"], h["cost"])
    g = nx.DiGraph()
    g.add_weighted_edges_from(zip(s.tolist(), d.tolist(), w.tolist()))
    del s, d, w
    src, dst = h["start"][0] * 500 + h["start"][1], h["goal"][0] * 500 + h["goal"][1]
    gi, gj = h["goal"]

    def octile(u, _v):
        di, dj = abs(u // 500 - gi), abs(u % 500 - gj)
        return 0.1 * (di + dj + (SQRT2 - 2.0) * min(di, dj))

    length = nx.astar_path_length(g, src, dst, heuristic=octile, weight="weight")
    _, ours, _ = _core.astar(h["passable"], h["cost"], h["start"], h["goal"])
    np.testing.assert_allclose(length, ours, rtol=1e-9)
    ratios.time(benchmark, "path 500x500", "networkx astar", nx.astar_path, g, src, dst, heuristic=octile,
                weight="weight", rounds=1)


def test_plan_route_full_api(benchmark, ratios, house):
    h = house
    nav = h["nav"]
    a, b = nav.cell_to_world(h["start"]), nav.cell_to_world(h["goal"])
    route = plan_route(nav, a, b)
    assert route.inflation_radius == 0.20
    ratios.time(benchmark, "plan_route (A*+pull+ladder)", "ours", plan_route, nav, a, b)
