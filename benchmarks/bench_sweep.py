"""Sweep throughput: local worker processes and Ray (DESIGN.md "Backends and scale").

* ``test_two_workers_scale`` -- a state-only oracle sweep over the catalog sample (five TaskPacks per family) x 4 seeds
  (120 cells) run by ``iw-eval run`` with ``--workers 1`` and ``--workers 2``, each a fresh process as a
  user starts it. The peer is the machine's own ceiling: two independent ``--workers 1`` processes
  sharing the cells between them, started together. The three run in turn, best of :data:`ROUNDS` rounds.
  Printed: speed-up of 2 workers over 1, the ceiling's speed-up, and the load average before and after.
* ``test_ray_overhead_per_cell`` -- the same cells (symbolic environment, frames on) run in this
  process and as Ray tasks on a local instance started beforehand, one task at a time (each declares
  both CPUs of the 2-CPU instance), so the difference per cell is Ray's overhead: scheduling, the
  worker's imports amortised, shipping the cell's files back.

In the test suite (benchmarks disabled) both run on a handful of cells; the Ray part then runs only
when benchmarks are enabled (the suite starts its one Ray instance in tests/test_ray_engine.py).

Run: ``.venv/bin/python -m pytest benchmarks/bench_sweep.py --benchmark-enable -q -s``
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from iw_catalog import sample
from iw_taskpacks import write_packs

from interactiveworld.bench.cells import CellSpec
from interactiveworld.bench.ray_engine import RayEngine
from interactiveworld.bench.sweep import run_sweep
from interactiveworld.bench.taskpack import builtin_taskpacks

TESTS = Path(__file__).resolve().parents[1] / "tests"
IW_EVAL = str(Path(sys.executable).parent / "iw-eval")
ROUNDS = 2
"""Rounds of the three configurations (one worker, two workers, two processes) when benchmarks are enabled."""


def _sweep_cmd(out: Path, seeds: str, workers: int, tasks: list[str] | None) -> list[str]:
    cmd = [IW_EVAL, "run", "--no-render", "--no-progress", "--out", str(out), "--seeds", seeds, "--workers",
           str(workers)]
    return cmd + (["--tasks", *tasks] if tasks else [])


def _timed_procs(cmds: list[list[str]]) -> float:
    t0 = time.perf_counter()
    procs = [subprocess.Popen(c, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) for c in cmds]
    for p in procs:
        _, err = p.communicate(timeout=1800)
        assert p.returncode == 0, err
    return time.perf_counter() - t0


def test_two_workers_scale(benchmark, capsys):
    full = not getattr(benchmark, "disabled", False)
    # 120 cells: the catalog sample (five TaskPacks per family, tests/iw_catalog.py) x 4 seeds
    tasks = sample(builtin_taskpacks()) if full else sorted(builtin_taskpacks())[:1]
    seeds, halves = ("0-3", ("0-1", "2-3")) if full else ("0-1", ("0", "1"))
    n_cells = len(tasks) * (4 if full else 2)
    load0 = os.getloadavg()[0]
    one = two = ceiling = float("inf")
    for _ in range(ROUNDS if full else 1):
        # the three in turn, best of the rounds: a virtual machine's speed drifts by tens of per cent over
        # minutes, and taking turns gives each configuration the same stretches of time
        with tempfile.TemporaryDirectory() as d:
            d = Path(d)
            one = min(one, _timed_procs([_sweep_cmd(d / "w1", seeds, 1, tasks)]))
            two = min(two, _timed_procs([_sweep_cmd(d / "w2", seeds, 2, tasks)]))
            ceiling = min(ceiling, _timed_procs([_sweep_cmd(d / f"h{i}", h, 1, tasks) for i, h in enumerate(halves)]))
            evals = [p for p in (d / "w2").rglob("eval.json") if "attempts" not in p.parts]
            assert len(evals) == n_cells
    load1 = os.getloadavg()[0]
    benchmark.extra_info.update({"cells": n_cells, "one_worker_s": one, "two_workers_s": two,
                                 "two_processes_s": ceiling, "speedup": one / two, "ceiling_speedup": one / ceiling})
    with capsys.disabled():
        print(f"\n[bench_sweep] {n_cells}-cell state-only oracle sweep, best of {ROUNDS if full else 1} round(s), "
              f"load average {load0:.2f} -> {load1:.2f} ({os.cpu_count()} CPUs)")
        print(f"[bench_sweep] --workers 1: {one:.2f} s, --workers 2: {two:.2f} s -> speed-up {one / two:.2f}x")
        print(f"[bench_sweep] peer: two independent --workers 1 processes, half the cells each: {ceiling:.2f} s "
              f"-> speed-up {one / ceiling:.2f}x (this machine's ceiling)")
    benchmark(lambda: None)


def _fake_cells(tmp: Path, n_seeds: int) -> list[CellSpec]:
    packs = write_packs(tmp / "tp")
    return [CellSpec(taskpack=str(p), task_id=t, assistant="oracle", env="iw_fake_env:FakeEnv", render=True, seed=s)
            for t, p in sorted(packs.items()) for s in range(n_seeds)]


def test_ray_overhead_per_cell(benchmark, capsys):
    if getattr(benchmark, "disabled", False):
        benchmark(lambda: None)
        return  # one Ray instance per suite run is enough: tests/test_ray_engine.py starts it
    import ray

    os.environ["RAY_AUTH_MODE"] = "disabled"
    os.environ["PYTHONPATH"] = os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])
    t0 = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    start_s = time.perf_counter() - t0
    try:
        with tempfile.TemporaryDirectory() as d:
            d = Path(d)
            cells = _fake_cells(d, 10)
            run_sweep(cells[:2], d / "warm", engine=RayEngine(cpus=2), progress=False)  # workers imported once
            t0 = time.perf_counter()
            run_sweep(cells, d / "local", progress=False)
            local = time.perf_counter() - t0
            t0 = time.perf_counter()
            res = run_sweep(cells, d / "ray", engine=RayEngine(cpus=2), progress=False)
            remote = time.perf_counter() - t0
            assert res["ran"] == len(cells) and res["void"] == 0
    finally:
        ray.shutdown()
    per_cell = (remote - local) / len(cells)
    benchmark.extra_info.update({"cells": len(cells), "local_s": local, "ray_s": remote,
                                 "overhead_s_per_cell": per_cell, "ray_start_s": start_s})
    with capsys.disabled():
        print(f"\n[bench_sweep] Ray local instance started in {start_s:.1f} s; {len(cells)} cells one at a time")
        print(f"[bench_sweep] in this process: {local:.2f} s, as Ray tasks: {remote:.2f} s -> overhead "
              f"{per_cell:.3f} s per cell")
    benchmark(lambda: None)
