"""World hot paths against naive references on the same scene in the same run.

* relations read-back: ours (surfaces/regions gathered once, batched over them, AABB pre-filter before the
  exact GJK box distance for ``near``) vs the per-pair predicate functions of ``world.relations`` called for
  every (movable, entity) pair (the straightforward implementation, as in tests/test_relations.py);
* one full ``Environment.execute`` tick of a cheap command (``[TurnLeft] 10``, render off: parse, compile,
  execute, settle, read back, verify) with our read-back vs the same tick with the naive read-back;
* the placement gate kernel (deepest penetration of one box into the scene: AABB pre-filter, then the
  vectorised separating-axis test) vs python-fcl's collision manager on the same boxes (broad + narrow phase, manager prebuilt);
  the full gate as placement runs it (exclusions read back, boxes gathered) is timed alone.

Ratios (naive / ours, > 1 means ours is faster) are printed at the end of the module and stored in
``benchmark.extra_info``.
"""
from __future__ import annotations

import time

import pytest

from interactiveworld.env import Environment
from interactiveworld.world import FLOOR_KEY, Scene, read_relations
from interactiveworld.world import relations as R
from interactiveworld.world.examples import lab

from iw_reference import reference_relations  # tests/ is put on sys.path by benchmarks/conftest.py

RESULTS: dict[str, dict[str, float]] = {}


naive_relations = reference_relations


@pytest.fixture(scope="module")
def scene():
    s = Scene.from_dict(lab())
    return s, {k: e.pose.copy() for k, e in s.entities.items()}


@pytest.fixture(scope="module", autouse=True)
def summary(request):
    yield
    lines = []
    for group, t in RESULTS.items():
        if set(t) == {"ours"}:
            lines.append(f"{group:<34} ours {t['ours'] * 1e3:9.3f} ms")
        elif "ours" in t and "naive" in t:
            lines.append(f"{group:<34} ours {t['ours'] * 1e3:9.3f} ms   naive {t['naive'] * 1e3:9.3f} ms   "
                         f"ratio {t['naive'] / t['ours']:6.1f}x")
        elif "ours" in t and "fcl" in t:
            lines.append(f"{group:<34} ours {t['ours'] * 1e3:9.3f} ms   python-fcl {t['fcl'] * 1e3:9.3f} ms   "
                         f"ratio {t['fcl'] / t['ours']:6.2f}x")
    capman = request.config.pluginmanager.getplugin("capturemanager")
    with capman.global_and_fixture_disabled():
        print("\n" + "\n".join(["world benchmarks (min over rounds):", *lines]))


def _time(benchmark, group: str, label: str, fn, *args):
    result = benchmark(fn, *args)
    stats = getattr(benchmark, "stats", None)
    if stats is not None and getattr(stats, "stats", None) is not None and stats.stats.data:
        t = float(min(stats.stats.data))
    else:  # benchmarks disabled: one timed call
        t0 = time.perf_counter()
        fn(*args)
        t = time.perf_counter() - t0
    RESULTS.setdefault(group, {})[label] = t
    benchmark.extra_info[label + "_s"] = t
    return result


def test_relations_ours(benchmark, scene):
    s, base = scene
    rel = _time(benchmark, "relations read-back (lab scene)", "ours", read_relations, s, base)
    keep = {"on", "inside", "near", "unmoved", "open", "closed"}
    assert {r for r in rel if r[0] in keep} == naive_relations(s, base)


def test_relations_naive(benchmark, scene):
    s, base = scene
    _time(benchmark, "relations read-back (lab scene)", "naive", naive_relations, s, base)


def _tick(env: Environment) -> None:
    out = env.execute("[TurnLeft] 10")
    assert out.ok


def test_tick_ours(benchmark):
    env = Environment(render=False)
    env.reset(Scene.from_dict(lab()).to_dict())
    _time(benchmark, "execute tick [TurnLeft] 10", "ours", _tick, env)


def test_tick_naive(benchmark):
    env = Environment(render=False)
    env.reset(Scene.from_dict(lab()).to_dict())
    ex = env.executor
    ex.relations = lambda: naive_relations(ex.scene, ex.baseline)
    _time(benchmark, "execute tick [TurnLeft] 10", "naive", _tick, env)


def test_gate_ours(benchmark, scene):
    from interactiveworld.world.boxes import penetration_depths
    s, _ = scene
    geo = s.collision_geometry(exclude=("mug#1",))
    t, h = s.entity("mug#1").obb()

    def gate():
        return float(penetration_depths(t, h, geo.box_transforms, geo.box_half_extents).max())

    depth = _time(benchmark, "placement gate kernel (1 box vs scene)", "ours", gate)
    assert depth < 1e-9


def test_gate_full(benchmark, scene):
    """The whole gate as placement runs it (exclusions read back, boxes gathered): reported, no peer."""
    from interactiveworld.world.placement import penetration
    s, _ = scene
    depth, _ = _time(benchmark, "placement gate, full (1 object)", "ours", penetration, s, "mug#1")
    assert depth < 1e-9


def test_gate_fcl(benchmark, scene):
    import fcl
    s, _ = scene
    geo = s.collision_geometry(exclude=("mug#1",))
    objs = [fcl.CollisionObject(fcl.Box(*(2 * h)), fcl.Transform(t[:3, :3], t[:3, 3]))
            for t, h in zip(geo.box_transforms, geo.box_half_extents)]
    manager = fcl.DynamicAABBTreeCollisionManager()
    manager.registerObjects(objs)
    manager.setup()
    t, h = s.entity("mug#1").obb()

    def fcl_gate():
        box = fcl.CollisionObject(fcl.Box(*(2 * h)), fcl.Transform(t[:3, :3], t[:3, 3]))
        data = fcl.CollisionData(request=fcl.CollisionRequest(num_max_contacts=64, enable_contact=True))
        manager.collide(box, data, fcl.defaultCollisionCallback)
        return max((c.penetration_depth for c in data.result.contacts), default=0.0)

    assert fcl_gate() < 1e-6
    _time(benchmark, "placement gate kernel (1 box vs scene)", "fcl", fcl_gate)
