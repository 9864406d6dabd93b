"""The placement gate against python-fcl on the same boxes, interleaved.

The gate is the deepest penetration of one object's box into the scene's boxes (walls, fixtures, other objects;
:func:`interactiveworld.world.boxes.penetration_depths`: AABB broad phase, then the separating-axis test with 5
axes for boxes turning about z only and 15 otherwise). The peer is python-fcl's DynamicAABBTreeCollisionManager
over the same boxes (built once, outside the timing) colliding one box with contacts enabled. Each round runs
both once, one after the other, so load from other processes hits both alike; the summary prints min and median of
each and their ratio (fcl / ours, > 1: ours is faster), with the load average.

    .venv/bin/python -m pytest benchmarks/bench_gate.py --benchmark-enable -q -s
"""
from __future__ import annotations

import os
import time

import fcl
import numpy as np
import pytest

from interactiveworld.world import Scene
from interactiveworld.world.boxes import penetration_depths
from interactiveworld.world.layouts.examples import lab


@pytest.fixture(scope="module")
def gate_inputs():
    s = Scene.from_dict(lab())
    geo = s.collision_geometry(exclude=("mug#1",))
    t, h = s.entity("mug#1").obb()
    objs = [fcl.CollisionObject(fcl.Box(*(2 * hb)), fcl.Transform(tb[:3, :3], tb[:3, 3]))
            for tb, hb in zip(geo.box_transforms, geo.box_half_extents)]
    manager = fcl.DynamicAABBTreeCollisionManager()
    manager.registerObjects(objs)
    manager.setup()
    return {"t": t, "h": h, "tb": geo.box_transforms, "hb": geo.box_half_extents, "manager": manager,
            "objs": objs}


def _ours(g):
    return float(penetration_depths(g["t"], g["h"], g["tb"], g["hb"]).max(initial=0.0))


def _fcl(g):
    box = fcl.CollisionObject(fcl.Box(*(2 * g["h"])), fcl.Transform(g["t"][:3, :3], g["t"][:3, 3]))
    data = fcl.CollisionData(request=fcl.CollisionRequest(num_max_contacts=64, enable_contact=True))
    g["manager"].collide(box, data, fcl.defaultCollisionCallback)
    return max((c.penetration_depth for c in data.result.contacts), default=0.0)


def test_gate_answers_agree(gate_inputs):
    """Both say the mug rests on the table (the physics leaves contacts within a millimetre); moved 3 cm down into
    it, both report a penetration."""
    g = gate_inputs
    assert _ours(g) < 1e-3 and _fcl(g) < 1e-3
    sunk = dict(g, t=g["t"] @ np.array([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, -0.03], [0, 0, 0, 1.0]]))
    assert _ours(sunk) > 0.02 and _fcl(sunk) > 0.0


def test_gate_interleaved(gate_inputs, request):
    g = gate_inputs
    rounds = 2000 if request.config.getoption("benchmark_enable", False) else 20
    times = {"ours": [], "python-fcl": []}
    for _ in range(rounds):
        for name, fn in (("ours", _ours), ("python-fcl", _fcl)):
            t0 = time.perf_counter()
            fn(g)
            times[name].append(time.perf_counter() - t0)
    ours, peer = np.asarray(times["ours"]), np.asarray(times["python-fcl"])
    tr = request.config.pluginmanager.get_plugin("terminalreporter")
    write = tr.write_line if tr else print
    write("")
    write(f"placement gate, one box against {len(g['tb'])} scene boxes, interleaved, {rounds} rounds, "
          f"load average {os.getloadavg()[0]:.1f}:")
    for name, t in times.items():
        t = np.asarray(t)
        write(f"  {name:<12s} min {t.min() * 1e3:7.4f} ms  median {np.median(t) * 1e3:7.4f} ms")
    write(f"  python-fcl / ours: {peer.min() / ours.min():5.2f}x (min)  "
          f"{np.median(peer) / np.median(ours):5.2f}x (median)")
    assert len(ours) == len(peer) == rounds
