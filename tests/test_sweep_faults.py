"""Faults a hostile or careless environment injects into a sweep: two sweeps on one folder, symbolic links
planted as cell folders, deeply nested or oversized JSON, duplicate keys, a scene that points at a file, and
an empty --out."""
import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_taskpacks import decision_pack, write_packs  # noqa: E402

from interactiveworld.bench.jsonsafe import JSONLimitError, loads  # noqa: E402
from interactiveworld.bench.logs import find_cells  # noqa: E402
from interactiveworld.bench.sweep import CellSpec, SweepLock, SweepLocked, cell_dir, run_sweep  # noqa: E402
from interactiveworld.bench.taskpack import (MAX_TASKPACK_BYTES, TaskPackError, builtin_taskpacks,  # noqa: E402
                                             TaskPackFolderWarning, compute_hash, load_taskpack)
from interactiveworld.cli import main  # noqa: E402

ENV = "iw_fake_env:FakeEnv"


@pytest.fixture
def packs(tmp_path, monkeypatch):
    paths = write_packs(tmp_path / "tp")
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path / "tp"))
    return paths


def _run(out, *extra):
    return main(["run", "--env", ENV, "--out", str(out), "--no-progress", "--no-render", *extra])


def test_a_second_sweep_on_the_same_folder_is_refused(packs, tmp_path, capsys):
    out = tmp_path / "run"
    out.mkdir()
    with SweepLock(out):  # a sweep in progress (the lock is per open file, so this process counts as another)
        assert _run(out) == 2
        err = capsys.readouterr().err
        assert "another sweep is running on this folder (pid" in err and "Traceback" not in err
        with pytest.raises(SweepLocked):
            run_sweep([CellSpec(taskpack=str(packs["decision-05"]), task_id="decision-05", assistant="oracle",
                                env=ENV, render=False)], out, progress=False)
        assert not list(out.rglob("eval.json"))
    assert _run(out) == 0  # released when the first sweep ends


def test_a_symlinked_cell_folder_is_never_followed(packs, tmp_path, capsys):
    spec = CellSpec(taskpack=str(packs["decision-05"]), task_id="decision-05", assistant="oracle", env=ENV,
                    render=False)
    out = tmp_path / "run"
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "trace.jsonl").write_text("precious\n")
    cell = cell_dir(out, spec)
    cell.parent.mkdir(parents=True)
    cell.symlink_to(outside, target_is_directory=True)
    assert _run(out, "--tasks", "decision-05") == 2
    assert "symbolic link" in capsys.readouterr().err
    assert (outside / "trace.jsonl").read_text() == "precious\n" and sorted(os.listdir(outside)) == ["trace.jsonl"]
    # and a report never reads through it either
    assert find_cells(out) == []


def test_a_symlinked_trace_file_is_moved_as_a_link(packs, tmp_path):
    spec = CellSpec(taskpack=str(packs["decision-05"]), task_id="decision-05", assistant="oracle", env=ENV,
                    render=False)
    out = tmp_path / "run"
    target = tmp_path / "elsewhere.jsonl"
    target.write_text("precious\n")
    cell = cell_dir(out, spec)
    cell.mkdir(parents=True)
    (cell / "trace.jsonl").symlink_to(target)
    res = run_sweep([spec], out, progress=False)
    assert res["records"][0]["passed"] == 1
    assert target.read_text() == "precious\n"
    assert (cell / "attempts" / "0" / "trace.jsonl").is_symlink()


def _nested(depth):
    return "[" * depth + "]" * depth


def test_deeply_nested_json_is_a_clear_error(tmp_path):
    with pytest.raises(JSONLimitError, match="nested deeper than 64 levels"):
        loads(_nested(100_000))
    with pytest.raises(JSONLimitError, match="nested deeper than 64 levels"):
        loads(_nested(65))
    assert loads(_nested(64)) is not None
    bad = tmp_path / "deep.json"
    bad.write_text('{"format": "interactiveworld.taskpack/1", "scene": ' + _nested(100_000) + "}")
    with pytest.raises(TaskPackError, match="nested deeper than 64 levels"):
        load_taskpack(bad)


def test_a_deep_file_in_the_taskpack_folder_breaks_no_command(packs, tmp_path, capsys):
    (tmp_path / "tp" / "zz-deep.json").write_text(_nested(100_000))
    with pytest.warns(TaskPackFolderWarning, match="zz-deep.json: left out of the TaskPacks: .*nested deeper than 64"):
        assert sorted(builtin_taskpacks()) == ["decision-05", "prevention-01"]
    assert main(["report", "--tasks"]) == 0
    assert _run(tmp_path / "run") == 0


def test_deep_eval_and_trace_files_are_reported_not_raised(packs, tmp_path, capsys):
    out = tmp_path / "run"
    assert _run(out) == 0
    cells = find_cells(out)
    (cells[0] / "eval.json").write_text(_nested(100_000))
    (cells[1] / "trace.jsonl").write_text(_nested(100_000) + "\n{}\n")
    capsys.readouterr()
    assert main(["report", str(out), "--no-plots"]) == 0
    assert "eval.json: JSON nested deeper than 64 levels; counted as VOID" in capsys.readouterr().err
    assert main(["replay", str(cells[1]), "--env", ENV]) == 2
    assert "trace.jsonl: record 1: JSON nested deeper than 64 levels" in capsys.readouterr().err


def _pack_file(tmp_path, data, name="p.json"):
    p = tmp_path / name
    p.write_text(json.dumps({**data, "hash": compute_hash(data)}))
    return p


def test_a_scene_that_names_a_file_is_refused_at_load(tmp_path):
    data = decision_pack()
    data["scene"] = {"path": "scenes/kitchen.json"}
    with pytest.raises(TaskPackError, match=r"field 'scene': 'path' is not allowed: a TaskPack carries its scene"):
        load_taskpack(_pack_file(tmp_path, data))


def test_duplicate_keys_are_refused(tmp_path):
    text = json.dumps(decision_pack())
    p = tmp_path / "dup.json"
    p.write_text(text[:-1] + ', "title": "another title"}')
    with pytest.raises(TaskPackError, match="key 'title' appears twice in one object"):
        load_taskpack(p)
    with pytest.raises(JSONLimitError, match="key 'a' appears twice"):
        loads('{"x": {"a": 1, "a": 2}}')


def test_an_oversized_taskpack_is_refused_before_it_is_read(tmp_path):
    data = decision_pack()
    data["public_context"] = "x" * MAX_TASKPACK_BYTES
    with pytest.raises(TaskPackError, match=f"over the limit of {MAX_TASKPACK_BYTES} bytes"):
        load_taskpack(_pack_file(tmp_path, data))


@pytest.mark.parametrize("value", ["", "  "])
def test_an_empty_out_is_refused(packs, tmp_path, capsys, monkeypatch, value):
    monkeypatch.chdir(tmp_path)
    assert main(["run", "--env", ENV, "--out", value, "--no-progress"]) == 2
    assert "--out: empty folder name" in capsys.readouterr().err
    assert not (tmp_path / "runs").exists()


def test_one_writer_per_cell(packs, tmp_path):
    """A cell another process is writing (a play server, say) is left alone: no file of it is touched, and the
    sweep reports it unfinished; once the writer is gone the cell runs. The lock file is never archived."""
    from interactiveworld.bench.cells import WRITER_LOCK, CellBusy, cell_writer, run_cell
    from interactiveworld.web.person import Channel
    from interactiveworld.web.session import CellPlan, PlaySession

    spec = CellSpec(taskpack=str(packs["decision-05"]), task_id="decision-05", assistant="oracle", env=ENV,
                    render=False)
    out = tmp_path / "run"
    cell = cell_dir(out, spec)
    with cell_writer(cell):
        (cell / "trace.jsonl").write_text("{}\n")  # the other writer's half-written trace
        rec = run_cell(spec, out)
        assert (rec["status"], rec["stop_reason"]) == ("unfinished", "busy") and "pid" in rec["void_reason"]
        assert (cell / "trace.jsonl").read_text() == "{}\n" and not (cell / "attempts").exists()
        with pytest.raises(CellBusy, match=f"pid {os.getpid()}"):
            with cell_writer(cell):
                pass
        # a play server on the same cell shows the person why, and touches nothing
        plan = CellPlan(taskpack=str(packs["decision-05"]), role="human", partner="oracle", out=str(tmp_path / "p"),
                        env=ENV, render=False)
        ch = Channel()
        s = PlaySession(plan, "kestrel", ch)
        with cell_writer(s.cell):
            s.start()
            s.join(30)
        failed = [json.loads(t) for t in ch.subscribe(None, None) if '"failed"' in t]
        assert failed and "open in another iw-eval play" in failed[0]["text"]
        assert not (s.cell / "trace.jsonl").exists()
    rec = run_cell(spec, out)  # the writer is gone
    assert rec["status"] == "valid" and (cell / WRITER_LOCK).is_file()
    assert not list((cell / "attempts").rglob(WRITER_LOCK))


def test_a_failed_write_is_one_line_and_exit_1(packs, tmp_path, capsys, monkeypatch):
    """Disk full while writing the report (or any output): one line naming the file, exit status 1, no
    traceback; the finished cells stay as they were."""
    import errno

    out = tmp_path / "run"
    assert _run(out, "--tasks", "decision-05") == 0
    before = {p: p.read_bytes() for p in out.rglob("eval.json")}
    capsys.readouterr()
    real = Path.write_text

    def full(self, *a, **kw):
        if self.suffix == ".md":
            raise OSError(errno.ENOSPC, "No space left on device", str(self))
        return real(self, *a, **kw)

    monkeypatch.setattr(Path, "write_text", full)
    assert main(["report", str(out), "--no-plots"]) == 1
    err = capsys.readouterr().err
    lines = [ln for ln in err.splitlines() if "error:" in ln]
    assert len(lines) == 1 and "cannot write" in lines[0] and "No space left on device" in lines[0]
    assert "report.md" in lines[0] and "Traceback" not in err
    assert {p: p.read_bytes() for p in out.rglob("eval.json")} == before
