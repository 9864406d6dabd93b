"""Whole-sweep figures: the oracle over every built-in TaskPack, state-only and rendered, and where a rendered cell
spends its time.

* ``test_oracle_sweeps`` -- the oracle Assistant with the scripted Human on every built-in TaskPack (seed 0), as
  ``iw-eval run`` runs it (in this process, one worker), once with ``--no-render`` and once rendering every
  frame. Printed per mode: cells, pass rate, total wall time, time per cell (mean, median, slowest) and the
  environment's share of it, and any TaskPack the oracle failed (``iw-eval validate`` is the judge of those; here
  they are reported, not asserted). With benchmarks disabled (the test suite) one TaskPack only.
* ``test_rendered_cell_profile`` -- one rendered oracle cell under cProfile (CPU time), the renderer on one thread (the
  profiler follows one thread; with more, the frame's work would show as the main thread waiting); the self time
  of every function is summed by stage (frame rendering, world and physics, the human's actions, language, the
  episode loop and scoring, writing frames and logs) and the costliest functions are listed.

    .venv/bin/python -m pytest benchmarks/bench_oracle_sweep.py --benchmark-enable -q -s
"""
from __future__ import annotations

import cProfile
import json
import os
import pstats
import tempfile
import time
from pathlib import Path

import numpy as np
import pytest

from interactiveworld.bench.sweep import CellSpec, run_sweep
from interactiveworld.bench.taskpack import builtin_taskpacks
from interactiveworld.kernels import init_warp
from interactiveworld.render import renderer

PROFILED_TASK = "decision-09"   # a short rendered cell: 10 commands, 36 frames

# Stage of a function by the path (or, for native built-ins, the name) it comes from; first match wins.
STAGES = (
    ("render", ("interactiveworld/render/", "interactiveworld/kernels/", "/warp/", "embreex", "rtcore")),
    ("write frames and logs", ("PIL/", "zlib", "png", "ImagingEncoder", "fsync", "interactiveworld/bench/logs",
                               "/json/", "io.", "write")),
    ("world and physics", ("interactiveworld/world/", "mujoco", "fcl", "obb_penetration")),
    ("human actions", ("interactiveworld/actions/", "interactiveworld/body/", "interactiveworld._core")),
    ("language", ("interactiveworld/language/",)),
    ("episode loop, agents, scoring", ("interactiveworld/bench/", "interactiveworld/agents/",
                                       "interactiveworld/env")),
)


def _stage(path: str, name: str) -> str:
    key = f"{path}:{name}"
    for stage, marks in STAGES:
        if any(m in key for m in marks):
            return stage
    return "other (numpy, interpreter)"


def _cells(tasks: dict[str, Path], render: bool) -> list[CellSpec]:
    return [CellSpec(taskpack=str(p), task_id=t, assistant="oracle", render=render, seed=0)
            for t, p in sorted(tasks.items())]


def _evals(out: Path) -> list[dict]:
    return [json.loads(p.read_text()) for p in sorted(out.rglob("eval.json")) if "attempts" not in p.parts]


def test_oracle_sweeps(benchmark, capsys):
    full = not getattr(benchmark, "disabled", False)
    packs = builtin_taskpacks()
    tasks = packs if full else {PROFILED_TASK: packs[PROFILED_TASK]}
    rows = []
    load0 = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as d:
        for render in (False, True):
            out = Path(d) / ("rendered" if render else "state")
            t0 = time.perf_counter()
            res = run_sweep(_cells(tasks, render), out, progress=False)
            total = time.perf_counter() - t0
            evals = _evals(out)
            assert res["ran"] == len(tasks) and res["void"] == 0 and len(evals) == len(tasks)
            walls = np.array([e["wall_s"] for e in evals])
            env = np.array([e["timing"]["env_s"] for e in evals])
            passed = np.mean([bool(e["passed"]) for e in evals])
            failed = sorted(e["task_id"] for e in evals if not e["passed"])   # iw-eval validate judges these
            frames = sum(int(e.get("frames") or 0) for e in evals)
            rows.append((render, len(evals), passed, total, walls, env, frames, failed))
    load1 = os.getloadavg()[0]
    benchmark.extra_info.update({("rendered" if r[0] else "state") + "_per_cell_s": float(r[4].mean()) for r in rows})
    with capsys.disabled():
        print(f"\n[oracle sweep] {len(tasks)} TaskPacks x seed 0, one worker, load average {load0:.1f} -> {load1:.1f}")
        for render, n, passed, total, walls, env, frames, failed in rows:
            mode = "rendered  " if render else "state-only"
            print(f"[oracle sweep] {mode} {n:3d} cells, pass {passed:.0%}, total {total:7.1f} s; per cell mean "
                  f"{walls.mean():6.2f} s, median {np.median(walls):6.2f} s, slowest {walls.max():6.2f} s; "
                  f"environment {env.sum() / walls.sum():.0%} of cell time" +
                  (f"; {frames} frames, {env.sum() / max(frames, 1) * 1e3:.0f} ms of environment per frame"
                   if render else "") + (f"; oracle failed on {', '.join(failed)}" if failed else ""))
    benchmark(lambda: None)


def test_rendered_cell_profile(benchmark, capsys, monkeypatch):
    monkeypatch.setattr(renderer, "MAX_THREADS", 1)
    init_warp()   # Warp's one-off start-up stays out of the profile when this test runs alone
    packs = builtin_taskpacks()
    cell = _cells({PROFILED_TASK: packs[PROFILED_TASK]}, True)
    with tempfile.TemporaryDirectory() as d:
        prof = cProfile.Profile(time.process_time)   # CPU time: other processes' load does not count
        t0 = time.perf_counter()
        prof.enable()
        res = run_sweep(cell, Path(d) / "profiled", progress=False)
        prof.disable()
        wall = time.perf_counter() - t0
        assert res["ran"] == 1 and res["void"] == 0
    stats = pstats.Stats(prof)
    by_stage: dict[str, float] = {}
    top = []
    for (path, _line, name), (_cc, _nc, tottime, _ct, _callers) in stats.stats.items():
        stage = _stage(path, name)
        by_stage[stage] = by_stage.get(stage, 0.0) + tottime
        top.append((tottime, stage, f"{Path(path).name}:{name}" if path != "~" else name))
    total = sum(by_stage.values())
    benchmark.extra_info.update({f"{k}_s": v for k, v in by_stage.items()})
    with capsys.disabled():
        print(f"\n[rendered cell profile] {PROFILED_TASK}, oracle, seed 0: {wall:.2f} s wall, {total:.2f} s profiled "
              f"CPU self time (load average {os.getloadavg()[0]:.1f}), by stage:")
        for stage, t in sorted(by_stage.items(), key=lambda kv: -kv[1]):
            print(f"[rendered cell profile]   {stage:<32s} {t:7.2f} s  {t / total:6.1%}")
        print("[rendered cell profile] costliest functions (self time):")
        for t, stage, fn in sorted(top, reverse=True)[:12]:
            print(f"[rendered cell profile]   {t:7.3f} s  {stage:<28s} {fn}")
    assert total > 0
    benchmark(lambda: None)


@pytest.fixture(autouse=True)
def _cost_map_offline(monkeypatch):
    monkeypatch.setenv("LITELLM_LOCAL_MODEL_COST_MAP", "True")
