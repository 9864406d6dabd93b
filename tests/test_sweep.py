"""Sweeps: resumable cells, a SIGKILLed sweep finished by re-running it, VOID re-runs, workers."""
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_taskpacks import write_packs  # noqa: E402

from interactiveworld.bench.cells import CellSpec, cell_dir, is_finished  # noqa: E402
from interactiveworld.bench.factory import make_env  # noqa: E402
from interactiveworld.bench.sweep import run_sweep  # noqa: E402

TESTS = Path(__file__).parent
ENV = "iw_fake_env:FakeEnv"


def _cells(packs, seeds, assistant="oracle"):
    return [CellSpec(taskpack=str(p), task_id=t, assistant=assistant, seed=s, env=ENV, render=False)
            for t, p in sorted(packs.items()) for s in seeds]


def test_resume_skips_finished_cells(tmp_path):
    packs = write_packs(tmp_path / "tp")
    out = tmp_path / "run"
    first = run_sweep(_cells(packs, [0, 1]), out, progress=False)
    assert (first["total"], first["ran"], first["skipped"], first["void"]) == (4, 4, 0, 0)
    stamps = {p: p.stat().st_mtime_ns for p in out.rglob("eval.json")}
    again = run_sweep(_cells(packs, [0, 1, 2]), out, progress=False)
    assert (again["ran"], again["skipped"]) == (2, 4)
    assert all(p.stat().st_mtime_ns == t for p, t in stamps.items())
    ledger = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    assert len(ledger) == 6 and all(r["passed"] == 1 for r in ledger)
    # each line names its cell folder relative to the sweep folder
    assert {r["cell"] for r in ledger} == {str(p.parent.relative_to(out)) for p in out.rglob("eval.json")}
    manifest = json.loads((out / "sweep.json").read_text())
    assert len(manifest["cells"]) == 6


def test_void_cells_are_rerun(tmp_path, monkeypatch):
    packs = write_packs(tmp_path / "tp")
    cells = _cells({"decision-05": packs["decision-05"]}, [0])
    calls = {"n": 0}
    import iw_fake_env

    orig = iw_fake_env.FakeEnv.reset

    def flaky_reset(self, scene, *, seed=0):
        calls["n"] += 1
        if calls["n"] == 1:
            raise ConnectionError("simulator server not ready")
        return orig(self, scene, seed=seed)

    monkeypatch.setattr(iw_fake_env.FakeEnv, "reset", flaky_reset)
    res = run_sweep(cells, tmp_path / "run", progress=False, void_retries=2)
    assert res["void"] == 0 and res["records"][0]["passed"] == 1 and calls["n"] == 2
    cell = cell_dir(tmp_path / "run", cells[0])
    archived = json.loads((cell / "attempts" / "0" / "eval.json").read_text())
    assert archived["status"] == "void" and "simulator server not ready" in archived["void_reason"]


def test_workers_run_in_processes(tmp_path):
    packs = write_packs(tmp_path / "tp")
    res = run_sweep(_cells(packs, [0, 1]), tmp_path / "run", workers=2, progress=False)
    assert res["ran"] == 4 and res["void"] == 0
    assert all(is_finished(cell_dir(tmp_path / "run", c)) for c in _cells(packs, [0, 1]))


def test_make_env_passes_render():
    assert make_env(ENV, render=False).render is False
    with pytest.raises(ValueError, match="expected 'module:callable'"):
        make_env("iw_fake_env.FakeEnv", render=False)


def _evals(out):
    return {p: p.read_bytes() for p in out.rglob("eval.json") if "attempts" not in p.parts}


def test_killed_sweep_resumes_without_redoing_or_losing_cells(tmp_path):
    packs = write_packs(tmp_path / "tp")
    out = tmp_path / "run"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]),
           "IW_TASKPACK_DIR": str(tmp_path / "tp"), "IW_FAKE_DELAY_S": "0.03"}
    cmd = [sys.executable, "-m", "interactiveworld.cli", "run", "--seeds", "0-5", "--out", str(out), "--env", ENV,
           "--no-progress"]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.time() + 60
    while time.time() < deadline and len(_evals(out)) < 3 and proc.poll() is None:
        time.sleep(0.02)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    finished = {p: b for p, b in _evals(out).items() if json.loads(b)["status"] == "valid"}
    assert 3 <= len(finished) < 12, "the sweep should have been killed part-way"
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"{12 - len(finished)} ran, {len(finished)} already finished, 0 VOID" in done.stderr
    after = _evals(out)
    assert len(after) == 12 and all(json.loads(b)["passed"] == 1 for b in after.values())
    # finished cells were neither redone nor lost
    assert all(after[p] == b for p, b in finished.items())
    # each cell ran exactly once to completion: one header per final trace
    for p in after:
        trace = (p.parent / "trace.jsonl").read_text().splitlines()
        assert sum('"type":"header"' in line for line in trace) == 1


def _half_written(out):
    """Cells with a trace but no valid eval.json (interrupted mid-episode)."""
    cells = {p.parent for p in out.rglob("trace.jsonl") if "attempts" not in p.parts}
    return {c for c in cells if not is_finished(c)}


@pytest.mark.parametrize("workers,sig", [
    pytest.param("1", signal.SIGINT, marks=pytest.mark.slow),
    ("2", signal.SIGINT),
    pytest.param("2", signal.SIGTERM, marks=pytest.mark.slow),
])
def test_interrupted_sweep_stops_and_redoes_half_written_cells(tmp_path, workers, sig):
    packs = write_packs(tmp_path / "tp")
    out = tmp_path / "run"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]),
           "IW_TASKPACK_DIR": str(tmp_path / "tp"), "IW_FAKE_DELAY_S": "0.03"}
    cmd = [sys.executable, "-m", "interactiveworld.cli", "run", "--seeds", "0-3", "--out", str(out), "--env", ENV,
           "--no-progress", "--workers", workers]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    deadline = time.time() + 60
    # interrupt while a cell is mid-episode (Ctrl-C reaches the whole process group)
    while time.time() < deadline and proc.poll() is None and not (len(_evals(out)) >= 2 and _half_written(out)):
        time.sleep(0.01)
    os.killpg(proc.pid, sig)
    try:
        _, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        pytest.fail("the interrupted sweep did not stop")
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    finished = {p: b for p, b in _evals(out).items() if json.loads(b)["status"] == "valid"}
    # the count is the parent's: a cell a worker finished as the interrupt came may be on disk uncounted
    said = re.search(r"iw-eval run: interrupted; (\d+) of 8 cells are finished on disk in (.+) \((\d+) in this "
                     r"run\); run the same command again to resume", err)
    assert said and said[1] == said[3] and int(said[1]) <= len(finished) and said[2] == str(out), err
    half = _half_written(out)
    assert half and len(finished) < 8
    assert not any(c / "eval.json" in finished for c in half)
    # no worker is left running cells after the interrupt
    time.sleep(0.5)
    assert {p: b for p, b in _evals(out).items() if json.loads(b)["status"] == "valid"} == finished
    resume = [*cmd[:-1], "1"]  # the same sweep; one process is enough to finish it
    done = subprocess.run(resume, env={**env, "IW_FAKE_DELAY_S": "0"}, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"{8 - len(finished)} ran, {len(finished)} already finished, 0 VOID" in done.stderr
    after = _evals(out)
    assert len(after) == 8 and all(after[p] == b for p, b in finished.items())
    for c in half:  # redone from the start; the cut-short attempt kept aside
        assert json.loads((c / "eval.json").read_text())["passed"] == 1
        assert sum('"type":"header"' in ln for ln in (c / "trace.jsonl").read_text().splitlines()) == 1
        assert (c / "attempts" / "0" / "trace.jsonl").is_file()


def test_a_valid_eval_with_unusable_fields_is_not_finished(tmp_path):
    cell = tmp_path / "c"
    cell.mkdir()
    (cell / "eval.json").write_text(json.dumps({"task_id": "decision-05", "family": "Decision", "status": "valid",
                                                "passed": 1, "completion": 1.0}))
    assert is_finished(cell)
    (cell / "eval.json").write_text(json.dumps({"task_id": "decision-05", "status": "valid", "passed": 1}))
    assert not is_finished(cell)
    (cell / "eval.json").write_bytes(b"\xff\xfe")
    assert not is_finished(cell)


def test_a_local_worker_that_dies_is_replaced_and_its_cell_rerun(tmp_path, monkeypatch):
    packs = write_packs(tmp_path / "tp")
    markers = tmp_path / "markers"
    markers.mkdir()
    monkeypatch.setenv("IW_DIE_ONCE_DIR", str(markers))  # spawned workers inherit it
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]))
    cells = [CellSpec(taskpack=str(packs["decision-05"]), task_id="decision-05", assistant="oracle", seed=s,
                      env="iw_dying_env:DyingFakeEnv", render=False) for s in (0, 1)]
    res = run_sweep(cells, tmp_path / "run", workers=2, progress=False)
    assert sorted(p.name for p in markers.iterdir()) == ["seed0", "seed1"]  # two workers died
    assert (res["ran"], res["void"]) == (2, 0) and all(r["passed"] == 1 for r in res["records"])


def test_parallel_sweeps_start_the_longest_cells_first(tmp_path, monkeypatch):
    """Worker pools and Ray get the cells longest oracle first (equal lengths in the sweep's order), so the last cells
    to start are short; a one-worker sweep keeps its order. Lengths are read here from the TaskPack files."""
    from interactiveworld.bench import sweep
    from interactiveworld.bench.taskpack import builtin_taskpacks

    packs = builtin_taskpacks()
    ids = ["accessibility-06", "planning-15", "guidance-01", "decision-11", "planning-11"]
    length = {t: json.loads(Path(packs[t]).read_text())["oracle"]["step_count"] for t in ids}
    cells = [CellSpec(taskpack=str(packs[t]), task_id=t, assistant="oracle", seed=s, render=False)
             for t in ids for s in (0, 1)]
    seen: dict[str, list] = {}
    monkeypatch.setattr(sweep, "run_pool", lambda pending, *a, **k: seen.setdefault("pool", list(pending)))
    monkeypatch.setattr(sweep, "run_cell_with_retries", lambda spec, *a, **k: seen.setdefault("one", []).append(
        spec) or {"status": "valid", "task_id": spec.task_id})
    run_sweep(cells, tmp_path / "pool", workers=2, progress=False)
    got = [(c.task_id, c.seed) for c, _ in seen["pool"]]
    want = sorted(((c.task_id, c.seed) for c in cells), key=lambda ts: -length[ts[0]])  # stable: seeds stay in order
    assert got == want and length[got[0][0]] >= length[got[-1][0]] > 0
    run_sweep(cells, tmp_path / "one", workers=1, progress=False)
    assert [(c.task_id, c.seed) for c in seen["one"]] == [(c.task_id, c.seed) for c in cells]


def test_prestarted_workers_are_taken_by_the_sweep_or_stopped(tmp_path):
    """Workers started before the sweep (while the CLI loads TaskPacks) run its cells; unused ones are stopped."""
    from interactiveworld.bench import pool as workers

    workers.prestart_workers(2)
    pool = workers._PRESTARTED[2]
    res = run_sweep(_cells(write_packs(tmp_path / "tp"), [0, 1]), tmp_path / "run", workers=2, progress=False)
    assert res["ran"] == 4 and res["void"] == 0 and 2 not in workers._PRESTARTED
    assert pool._shutdown_thread  # the sweep used this pool and shut it down
    workers.prestart_workers(2)
    procs = list(workers._PRESTARTED[2]._processes.values())
    assert len(procs) == 2
    workers.discard_workers()
    assert not workers._PRESTARTED and not any(p.is_alive() for p in procs)


def test_stopped_workers_are_reaped_when_discard_returns():
    """The pool's manager thread joins killed workers too; whichever thread loses that waitpid() race used to read
    a worker as alive after discard_workers() returned (about 1 time in 5)."""
    from interactiveworld.bench import pool as workers

    for i in range(6):
        workers.prestart_workers(2)
        procs = list(workers._PRESTARTED[2]._processes.values())
        if i % 2:
            time.sleep(0.3)  # let the workers get past spawning before they are killed
        workers.discard_workers()
        assert [p.is_alive() for p in procs] == [False, False] and all(p.exitcode is not None for p in procs)


def test_progress_is_a_line_per_cell_when_stderr_is_not_a_terminal(tmp_path, capsys):
    """A log file gets readable lines, not tqdm's carriage-return redraws."""
    res = run_sweep(_cells(write_packs(tmp_path / "tp"), [0, 1]), tmp_path / "run", workers=1, progress=True)
    err = capsys.readouterr().err
    assert res["ran"] == 4 and "\r" not in err
    lines = [ln for ln in err.splitlines() if ln.startswith("cells ")]
    assert [ln.split()[1] for ln in lines] == ["1/4", "2/4", "3/4", "4/4"]
    assert all(": valid pass=1 | spent $0.0000" in ln for ln in lines)


def test_interrupt_message_counts_the_finished_cells(tmp_path, monkeypatch):
    from interactiveworld import cli
    from interactiveworld.bench import sweep

    sweep.clear_progress()
    assert cli._interrupt_message("run") == "iw-eval run: interrupted before the sweep started; no cell ran"
    assert cli._interrupt_message("replay") == "iw-eval replay: interrupted"
    monkeypatch.setattr(sweep, "_PROGRESS", [sweep.SweepProgress(str(tmp_path), total=8, earlier=0, pending=8)])
    assert "before any cell finished; run the same command again to start the sweep" in cli._interrupt_message("run")
    monkeypatch.setattr(sweep, "_PROGRESS", [sweep.SweepProgress(str(tmp_path), 8, earlier=3, pending=5, finished=2)])
    assert cli._interrupt_message("run") == (f"iw-eval run: interrupted; 5 of 8 cells are finished on disk in "
                                             f"{tmp_path} (2 in this run); run the same command again to resume")


@pytest.mark.parametrize("garbage", ["{not json", "[1, 2]", "\udcff"])
def test_an_unreadable_sweep_json_is_kept_aside_and_named(tmp_path, garbage):
    from interactiveworld.bench.sweep import SweepManifestWarning

    out = tmp_path / "run"
    out.mkdir()
    (out / "sweep.json").write_bytes(garbage.encode("utf-8", "surrogateescape"))
    with pytest.warns(SweepManifestWarning, match=r"sweep\.json was .*; kept as sweep\.unreadable-\d{8}T\d{6}\.json"):
        res = run_sweep(_cells(write_packs(tmp_path / "tp"), [0]), out, workers=1, progress=False)
    assert res["ran"] == 2
    kept = list(out.glob("sweep.unreadable-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == garbage.encode("utf-8", "surrogateescape")
    assert len(json.loads((out / "sweep.json").read_text())["cells"]) == 2


def test_a_worker_interrupted_while_it_starts_neither_dies_nor_prints(tmp_path):
    """Ctrl-C reaches the process group while a worker still imports (before its initializer ignores the
    signal): it starts with the signal blocked, so the interrupt is discarded there instead of killing it with a
    KeyboardInterrupt traceback and breaking the pool."""
    code = (
        "import os, signal, sys\n"
        "from interactiveworld.bench import pool as workers\n"
        "workers.prestart_workers(2)\n"
        "pool = workers._PRESTARTED[2]\n"
        "procs = list(pool._processes.values())\n"
        "for p in procs:\n"
        "    os.kill(p.pid, signal.SIGINT)\n"
        "    os.kill(p.pid, signal.SIGTERM)\n"
        "pids = {pool.submit(os.getpid).result(timeout=120) for _ in range(6)}\n"
        "print(len(procs), all(p.is_alive() for p in procs), pids <= {p.pid for p in procs})\n"
        "workers.discard_workers()\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["2", "True", "True"]
    assert "Traceback" not in proc.stderr and "KeyboardInterrupt" not in proc.stderr


def test_sweep_json_keeps_what_every_command_asked_for(tmp_path):
    """A folder filled by two commands (other tasks, other seeds, rendering toggled): lists and mappings are
    unions, each command's settings are in ``runs`` in order, the scalars are the last command's."""
    packs = write_packs(tmp_path / "tp")
    out = tmp_path / "run"
    first = _cells({"decision-05": packs["decision-05"]}, [0, 1])
    run_sweep(first, out, progress=False, manifest={"seeds": [0, 1], "render": False,
                                                    "taskpacks": {"decision-05": "sha256:a"}})
    second = _cells({"prevention-01": packs["prevention-01"]}, [1, 2])
    run_sweep(second, out, progress=False, manifest={"seeds": [1, 2], "render": True,
                                                     "taskpacks": {"prevention-01": "sha256:b"}})
    man = json.loads((out / "sweep.json").read_text())
    assert man["seeds"] == [0, 1, 2] and man["render"] is True
    assert man["taskpacks"] == {"decision-05": "sha256:a", "prevention-01": "sha256:b"}
    assert len(man["cells"]) == 4
    assert [(r["tasks"], r["seeds"], r["render"], r["cells"]) for r in man["runs"]] == [
        (["decision-05"], [0, 1], False, 2), (["prevention-01"], [1, 2], True, 2)]
