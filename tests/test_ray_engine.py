"""Ray as the distributed engine: one short local instance, cells as Ray tasks writing the local folder
layout with the same state digests as local workers, a cell whose worker dies re-run, and ``--ray`` on the
command line."""
import json
import os
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
sys.path.insert(0, str(TESTS))
from iw_openai_server import ScriptedServer  # noqa: E402
from iw_taskpacks import write_packs  # noqa: E402

from interactiveworld.bench.cells import CellSpec  # noqa: E402
from interactiveworld.bench.ray_engine import RayEngine  # noqa: E402
from interactiveworld.bench.sweep import run_sweep  # noqa: E402
from interactiveworld.cli import main  # noqa: E402

ray = pytest.importorskip("ray")

# one local Ray instance per suite run: under pytest-xdist every test of this file goes to the same worker
pytestmark = pytest.mark.xdist_group("ray")


@pytest.mark.slow
def test_run_starts_and_stops_its_own_local_instance(tmp_path, monkeypatch, capsys):
    assert not ray.is_initialized()
    write_packs(tmp_path / "tp")
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path / "tp"))
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]))
    assert main(["run", "--ray", "--env", "iw_fake_env:FakeEnv", "--out", str(tmp_path / "run"), "--no-progress",
                 "--no-render", "--ray-cpus", "0.5"]) == 0
    assert "2 ran, 0 already finished, 0 VOID" in capsys.readouterr().err
    assert not ray.is_initialized()  # the instance it started is gone


@pytest.fixture(scope="module")
def local_ray(tmp_path_factory):
    """One local Ray instance for the module (about 5 s to start); its workers see the test helpers and
    the folder of :mod:`iw_dying_env` (yielded) through the environment they inherit."""
    saved = {k: os.environ.get(k) for k in ("RAY_AUTH_MODE", "PYTHONPATH", "IW_DIE_ONCE_DIR")}
    markers = tmp_path_factory.mktemp("die-once")
    os.environ["RAY_AUTH_MODE"] = "disabled"
    os.environ["PYTHONPATH"] = os.pathsep.join([str(TESTS), *filter(None, [saved["PYTHONPATH"]])])
    os.environ["IW_DIE_ONCE_DIR"] = str(markers)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield markers
    ray.shutdown()
    for k, v in saved.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


def _cells(packs, env="iw_fake_env:FakeEnv", seeds=(0, 1)):
    return [CellSpec(taskpack=str(p), task_id=t, assistant=a, env=env, render=True, seed=s)
            for t, p in sorted(packs.items()) for a in ("oracle", "wrong") for s in seeds]


def _results(out):
    return {str(p.parent.relative_to(out)): json.loads(p.read_text()) for p in Path(out).rglob("eval.json")
            if "attempts" not in p.parts}


def test_ray_cells_match_local_workers(local_ray, tmp_path):
    packs = write_packs(tmp_path / "tp")
    cells = _cells(packs)
    local = run_sweep(cells, tmp_path / "local", workers=1, progress=False)
    remote = run_sweep(cells, tmp_path / "ray", engine=RayEngine(), progress=False)
    assert (local["ran"], remote["ran"], remote["void"]) == (8, 8, 0)
    a, b = _results(tmp_path / "local"), _results(tmp_path / "ray")
    assert a.keys() == b.keys() and len(a) == 8  # the same folder layout
    for k in a:
        assert b[k]["final_digest"] == a[k]["final_digest"] and b[k]["passed"] == a[k]["passed"], k
        assert b[k]["cell_key_hash"] == a[k]["cell_key_hash"]
    # frames and traces came back too
    for k in a:
        frames_a = sorted(p.name for p in (tmp_path / "local" / k / "frames").iterdir())
        assert frames_a and frames_a == sorted(p.name for p in (tmp_path / "ray" / k / "frames").iterdir())
    # a resume through Ray skips what is done
    assert run_sweep(cells, tmp_path / "ray", engine=RayEngine(), progress=False)["skipped"] == 8


def test_a_cell_whose_worker_dies_is_rerun(local_ray, tmp_path):
    packs = write_packs(tmp_path / "tp")
    markers = local_ray
    cells = [c for c in _cells(packs, env="iw_dying_env:DyingFakeEnv") if c.assistant == "oracle"]
    res = run_sweep(cells, tmp_path / "run", engine=RayEngine(), progress=False)
    assert sorted(p.name for p in markers.iterdir()) == ["seed0", "seed1"]  # two workers died
    assert (res["ran"], res["void"]) == (4, 0)
    assert all(r["passed"] == 1 for r in _results(tmp_path / "run").values())


def test_cli_run_with_ray(local_ray, tmp_path, monkeypatch, capsys):
    write_packs(tmp_path / "tp")
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path / "tp"))
    rc = main(["run", "--ray", "--env", "iw_fake_env:FakeEnv", "--out", str(tmp_path / "run"), "--no-progress",
               "--no-render"])
    assert rc == 0
    assert "2 ran, 0 already finished, 0 VOID" in capsys.readouterr().err
    assert main(["run", "--ray", "--workers", "2", "--env", "iw_fake_env:FakeEnv", "--out",
                 str(tmp_path / "run2")]) == 2
    capsys.readouterr()
    # a cell no node can hold would wait for ever in Ray's queue: refused at once, naming the CPUs there are
    assert main(["run", "--ray", "--ray-cpus", "64", "--env", "iw_fake_env:FakeEnv", "--out", str(tmp_path / "run3"),
                 "--no-progress", "--no-render"]) == 2
    assert ("--ray-cpus 64: each cell asks for 64 CPUs, but the local Ray instance has 2; give at most --ray-cpus 2"
            in capsys.readouterr().err)
    assert not list((tmp_path / "run3").rglob("eval.json"))


@pytest.mark.slow  # about a minute of paced model calls; the other Ray tests stay in the default suite
def test_model_calls_through_ray_share_the_gate_and_the_cache(local_ray, tmp_path):
    packs = write_packs(tmp_path / "tp")
    server = ScriptedServer(delay_s=0.1)
    try:
        cells = [CellSpec(taskpack=str(packs["decision-05"]), task_id="decision-05", assistant="openai/gpt-4o-mini",
                          human="openai/gpt-4o-mini", api_base=server.base, env="iw_fake_env:FakeEnv", render=False,
                          seed=s, max_retries=0) for s in (0, 1)]
        first = run_sweep(cells, tmp_path / "a", engine=RayEngine(), max_concurrency=1, cache=tmp_path / "cache",
                          progress=False)
        made = len(server.requests)
        assert first["void"] == 0 and server.peak == 1 and first["spend"]["calls"] == made > 0
        again = run_sweep(cells, tmp_path / "b", engine=RayEngine(), cache=tmp_path / "cache", progress=False)
        assert len(server.requests) == made and again["spend"]["cache_hits"] == made
        assert all(r["passed"] == 1 for r in _results(tmp_path / "b").values())
    finally:
        server.close()


def test_an_unreachable_address_fails_in_seconds_naming_it(tmp_path):
    """A closed port on this machine: the check answers at once instead of ray.init's minutes of retries."""
    import socket

    from interactiveworld.bench.ray_engine import check_reachable

    with socket.socket() as s:               # a port that was free a moment ago and has no listener now
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    for address in (f"127.0.0.1:{port}", f"ray://127.0.0.1:{port}"):
        with pytest.raises(ConnectionError, match=f"no Ray cluster answers at {address}"):
            check_reachable(address)
    with pytest.raises(ConnectionError, match="is not host:port"):
        check_reachable("localhost")
    with socket.socket() as s:               # a listener: the check passes
        s.bind(("127.0.0.1", 0))
        s.listen()
        check_reachable(f"127.0.0.1:{s.getsockname()[1]}")
    check_reachable("auto")
    check_reachable(None)
