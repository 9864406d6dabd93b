"""World hot paths against naive references on the same scene in the same run.

* relations read-back: ours (surfaces/regions gathered once, batched over them, AABB pre-filter before the
  exact GJK box distance for ``near``) vs the per-pair predicate functions of ``world.relations`` called for
  every (movable, entity) pair (the straightforward implementation, as in tests/test_relations.py);
* one full ``Environment.execute`` tick of a cheap command (``[TurnLeft] 10``, render off: parse, compile,
  execute, settle, read back, verify) with our read-back vs the same tick with the naive read-back;
* settling one command (a mug dropped 10 cm onto the lab table), ours (the compiled model cached per scene,
  MuJoCo sleeping islands: only the dropped mug steps) vs the same MuJoCo model with sleeping off (every body
  steps) and vs compiling the model afresh for the command;
* the state-only oracle sweep (``iw-eval run --no-render``) with physics against the same sweep on the
  pre-physics world (the commit before MuJoCo, checked out from git into a temporary folder), each in its own
  process; six TaskPacks (one per family) in single-shot mode, all 30 with benchmarks enabled;
* the placement gate kernel (deepest penetration of one box into the scene: AABB pre-filter, then the
  vectorised separating-axis test) vs python-fcl's collision manager on the same boxes (broad + narrow phase, manager prebuilt);
  the full gate as placement runs it (exclusions read back, boxes gathered) is timed alone.

Ratios (peer / ours, > 1 means ours is faster; for the sweep physics / pre-physics, the slowdown physics costs)
are printed at the end of the module and stored in ``benchmark.extra_info``.
"""
from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import fcl
import mujoco
import numpy as np
import pytest

from interactiveworld import _core
from interactiveworld.env import Environment
from interactiveworld.world import FLOOR_KEY, Scene, mjcf, read_relations, world_of
from interactiveworld.world.boxes import penetration_depths
from interactiveworld.world.physics import REST_SPEED, SUBSTEPS, PhysicsWorld
from interactiveworld.world.placement import penetration
from interactiveworld.world import relations as R
from interactiveworld.world.layouts.examples import lab

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
        if "ours" not in t:
            continue
        line = f"{group:<36} ours {t['ours'] * 1e3:10.3f} ms"
        for label, v in t.items():
            if label == "prephysics":  # a slowdown budget, not a speed-up: ours / theirs
                line += f"   pre-physics {v * 1e3:10.3f} ms   physics/pre-physics {t['ours'] / v:5.2f}x"
            elif label != "ours":
                line += f"   {label} {v * 1e3:10.3f} ms   ratio {v / t['ours']:6.1f}x"
        lines.append(line)
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
    s, _ = scene
    geo = s.collision_geometry(exclude=("mug#1",))
    t, h = s.entity("mug#1").obb()

    def gate():
        return float(penetration_depths(t, h, geo.box_transforms, geo.box_half_extents).max())

    depth = _time(benchmark, "placement gate kernel (1 box vs scene)", "ours", gate)
    assert depth < 1e-3  # the settled mug rests in soft contact (sub-millimetre)


def test_gate_full(benchmark, scene):
    """The whole gate as placement runs it (exclusions read back, boxes gathered): reported, no peer."""
    s, _ = scene
    depth, _ = _time(benchmark, "placement gate, full (1 object)", "ours", penetration, s, "mug#1")
    assert depth < 1e-3


def test_gate_fcl(benchmark, scene):
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

    assert fcl_gate() < 1e-3
    _time(benchmark, "placement gate kernel (1 box vs scene)", "fcl", fcl_gate)


# ---------------------------------------------------------------------------------------------- settling
def _drop_world():
    s = Scene.from_dict(lab())
    w = world_of(s)
    w.settle(record=False)
    start = s.entity("mug#1").pose.copy()

    def drop():
        p = start.copy()
        p[2, 3] += 0.10
        s.entity("mug#1").pose = p
        return w.settle(record=False)
    return s, w, drop


def test_settle_command_ours(benchmark):
    _, _, drop = _drop_world()
    r = _time(benchmark, "settle one drop (lab)", "ours", drop)
    assert r.at_rest and r.moved == {"mug#1"}


def test_settle_command_no_sleep(benchmark):
    """The same model and drop with sleeping off: every body steps each frame until all speeds stay below
    1e-3 m/s for 10 steps (the same rest test, checked by hand over every free body)."""
    s, w, _ = _drop_world()
    m, d = w.model, w.data
    m.opt.enableflags &= ~int(mujoco.mjtEnableBit.mjENBL_SLEEP)
    start = s.entity("mug#1").pose.copy()
    dofs = np.concatenate([np.arange(da, da + 6) for _, _, da in w.compiled.free.values()])

    def drop_all_awake():
        p = start.copy()
        p[2, 3] += 0.10
        s.entity("mug#1").pose = p
        w.sync(force=True)  # every object written: nothing carries over from the previous round
        calm = 0
        for _ in range(300):
            for _ in range(SUBSTEPS):
                mujoco.mj_step(m, d)
                calm = calm + 1 if np.abs(d.qvel[dofs] * m.dof_length[dofs]).max() < REST_SPEED else 0
            if calm >= 10:
                break
        return calm
    assert drop_all_awake() >= 10
    _time(benchmark, "settle one drop (lab)", "no sleeping", drop_all_awake)


def test_settle_command_recompiled(benchmark):
    s, _, _ = _drop_world()
    start = s.entity("mug#1").pose.copy()

    def recompile_and_drop():
        mjcf._MODELS.clear()
        p = start.copy()
        p[2, 3] += 0.10
        s.entity("mug#1").pose = p
        w = PhysicsWorld(s)
        return w.settle(record=False)
    _time(benchmark, "settle one drop (lab)", "recompiled", recompile_and_drop)


# ---------------------------------------------------------------------------------------------- oracle sweep
PRE_PHYSICS_COMMIT = "12ae0cd16ca1e207647d71cb68042e2f2b9ebab5"
"""The last commit of the integration branch before the physics (its world settled objects by translating them
down; the sweep machinery is the same as ours)."""
SINGLE_SHOT_TASKS = ["accessibility-01", "decision-09", "finding-08", "guidance-05", "planning-01", "prevention-02"]
_RUNNER = """import sys, time
if sys.argv[1] != "installed":  # the checked-out pre-physics tree instead of the installed package
    sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in repr(f).lower() and "skbc" not in repr(f).lower()]
    sys.path.insert(0, sys.argv[1] + "/src")
    import interactiveworld
    assert interactiveworld.__file__.startswith(sys.argv[1]), interactiveworld.__file__
from interactiveworld.cli import main
t0 = time.perf_counter()
rc = main(sys.argv[2:])
print("SWEEP_SECONDS", time.perf_counter() - t0)
sys.exit(rc)
"""


def _tree(root, dest):
    """A source tree of the pre-physics commit with this build's native core (unchanged by the physics work)."""
    if subprocess.run(["git", "-C", str(root), "cat-file", "-e", PRE_PHYSICS_COMMIT], capture_output=True).returncode:
        pytest.skip(f"git history without {PRE_PHYSICS_COMMIT[:10]}: no pre-physics world to compare with")
    blob = subprocess.run(["git", "-C", str(root), "archive", PRE_PHYSICS_COMMIT, "src", "taskpacks"],
                          capture_output=True, check=True).stdout
    tarfile.open(fileobj=io.BytesIO(blob)).extractall(dest)
    shutil.copy(_core.__file__, dest / "src" / "interactiveworld")
    return dest


def _sweep_seconds(tree, out, tasks, *, installed: bool = False) -> float:
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True", "IW_TASKPACK_DIR": str(tree / "taskpacks")}
    proc = subprocess.run([sys.executable, "-c", _RUNNER, "installed" if installed else str(tree), "run",
                           "--no-render", "--no-progress",
                           "--tasks", *tasks, "--out", str(out)], capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    passed = [line for line in (out / "results.jsonl").read_text().splitlines() if '"passed": 1' in line]
    assert len(passed) == len(tasks), f"{tree}: oracle passed {len(passed)} of {len(tasks)}"
    return float(proc.stdout.split("SWEEP_SECONDS")[-1].split()[0])


@pytest.fixture(scope="module")
def sweep_trees(tmp_path_factory, request):
    root = Path(__file__).resolve().parent.parent
    base = tmp_path_factory.mktemp("prephysics")
    enabled = request.config.getoption("benchmark_enable", False)
    tasks = None if enabled else SINGLE_SHOT_TASKS
    if tasks is None:
        tasks = sorted(p.stem for p in (root / "taskpacks").glob("*.json"))
    return root, _tree(root, base), tasks, tmp_path_factory, 2 if enabled else 1


def test_oracle_sweep_physics_vs_prephysics(sweep_trees):
    """Interleaved runs (ours, pre-physics, ours, pre-physics; one of each in single-shot mode) in separate
    processes; the minimum of each is reported with the ratio (target: physics <= 1.3 x the pre-physics sweep)."""
    root, old, tasks, tmp, repeats = sweep_trees
    ours, theirs = [], []
    for i in range(repeats):
        ours.append(_sweep_seconds(root, tmp.mktemp(f"ours{i}"), tasks, installed=True))
        theirs.append(_sweep_seconds(old, tmp.mktemp(f"old{i}"), tasks))
    RESULTS.setdefault(f"oracle sweep, {len(tasks)} TaskPacks", {})["ours"] = min(ours)
    RESULTS[f"oracle sweep, {len(tasks)} TaskPacks"]["prephysics"] = min(theirs)
