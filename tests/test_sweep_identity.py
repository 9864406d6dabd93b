"""Cell identity: what the key holds, folder names, resume re-running (and archiving) every cell whose stored
key differs from the one asked for, and reports that never merge different keys."""
import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_taskpacks import write_packs  # noqa: E402

from interactiveworld.bench import cells as cells_mod  # noqa: E402
from interactiveworld.bench.identity import (agents_folder, cell_key, key_hash, public_url,  # noqa: E402
                                             separate_keys, slug)
from interactiveworld.bench.sweep import CellSpec, cell_dir, run_sweep  # noqa: E402
from interactiveworld.bench.taskpack import rehash_file  # noqa: E402
from interactiveworld.cli import main  # noqa: E402

ENV = "iw_fake_env:FakeEnv"
BASE = CellSpec(taskpack="x.json", task_id="decision-05", assistant="openai/gpt-4o", human="openai/gpt-4o-mini",
                env=ENV, render=False)


@pytest.mark.parametrize("change", [
    {"assistant": "openai/gpt-4o-2024-08-06"}, {"human": "scripted"}, {"memory": True}, {"seed": 1},
    {"temperature": 0.7}, {"max_completion_tokens": 512}, {"api_base": "http://127.0.0.1:8000/v1"},
    {"env": "interactiveworld.env:Environment"}, {"render": True}, {"cell_max_cost": 0.5},
    {"cell_max_tokens": 10_000}, {"task_id": "decision-06"},
])
def test_every_field_of_the_configuration_changes_the_key(change):
    base = key_hash(cell_key(BASE, "sha256:" + "a" * 64, "p/1"))
    assert key_hash(cell_key(replace(BASE, **change), "sha256:" + "a" * 64, "p/1")) != base


def test_taskpack_hash_and_prompt_version_change_the_key_and_transport_settings_do_not():
    k = key_hash(cell_key(BASE, "sha256:" + "a" * 64, "p/1"))
    assert key_hash(cell_key(BASE, "sha256:" + "b" * 64, "p/1")) != k
    assert key_hash(cell_key(BASE, "sha256:" + "a" * 64, "p/2")) != k
    # how a reply is obtained is not part of what the cell is
    assert key_hash(cell_key(replace(BASE, timeout_s=5.0, max_retries=0), "sha256:" + "a" * 64, "p/1")) == k


def test_folder_names_are_readable_and_distinct_where_slugs_collide():
    a = replace(BASE, assistant="openai/gpt-4o")
    b = replace(BASE, assistant="openai-gpt-4o")
    assert slug(a.assistant) == slug(b.assistant) == "openai-gpt-4o"
    assert agents_folder(a) != agents_folder(b)
    assert agents_folder(a).startswith("openai-gpt-4o__openai-gpt-4o-mini-")
    assert agents_folder(replace(a, temperature=0.7)) != agents_folder(a)
    assert agents_folder(replace(a, memory=True)).startswith("openai-gpt-4o+memory__")
    # the per-cell part of the key stays out of the folder name: a resume finds the same folder
    assert agents_folder(replace(a, seed=3, render=True)) == agents_folder(a)
    assert cell_dir("out", replace(a, seed=3)).parts[-2:] == ("decision-05", "seed3")


def test_credentials_never_enter_a_key():
    spec = replace(BASE, api_base="https://bob:hunter2hunter2@api.example/v1?api_key=abcdefgh123&x=1")
    key = json.dumps(cell_key(spec, "sha256:" + "a" * 64, "p/1"))
    assert "hunter2" not in key and "abcdefgh123" not in key and "x=1" in key
    assert public_url("https://h/v1") == "https://h/v1"


def _cells(packs, **kw):
    return [CellSpec(taskpack=str(packs["decision-05"]), task_id="decision-05", assistant="oracle", env=ENV,
                     render=False, **kw)]


def _edit_pack(path):
    data = json.loads(Path(path).read_text())
    data["title"] += " (revised)"
    Path(path).write_text(json.dumps(data))
    return rehash_file(path)


@pytest.mark.parametrize("what", ["taskpack", "prompt_version", "render", "legacy"])
def test_resume_reruns_a_cell_whose_key_changed_and_archives_the_old_files(tmp_path, monkeypatch, what):
    packs = write_packs(tmp_path / "tp")
    cells = _cells(packs)
    out = tmp_path / "run"
    first = run_sweep(cells, out, progress=False)
    assert first["ran"] == 1
    cell = cell_dir(out, cells[0])
    old = json.loads((cell / "eval.json").read_text())
    assert old["cell_key"]["taskpack_hash"] == old["taskpack_hash"] and old["cell_key_hash"] == key_hash(old["cell_key"])
    if what == "taskpack":
        _edit_pack(packs["decision-05"])
        field = "taskpack_hash"
    elif what == "prompt_version":
        monkeypatch.setattr(cells_mod, "PROMPT_VERSION", "iw-prompts/999")
        field = "prompt_version"
    elif what == "render":
        cells = [replace(cells[0], render=True)]
        field = "env.render"
    else:  # a cell written before keys existed
        (cell / "eval.json").write_text(json.dumps({k: v for k, v in old.items() if not k.startswith("cell_key")}))
        field = "no cell key recorded"
    again = run_sweep(cells, out, progress=False)
    assert (again["ran"], again["skipped"]) == (1, 0)
    assert len(again["rekeyed"]) == 1 and any(d.startswith(field) for d in again["rekeyed"][0][1])
    new = json.loads((cell / "eval.json").read_text())
    assert new["cell_key_hash"] == key_hash(new["cell_key"])
    assert (new["cell_key_hash"] == old["cell_key_hash"]) == (what == "legacy")  # legacy: same config, no key
    archived = cell / "attempts" / "0"
    stored = json.loads((archived / "eval.json").read_text())
    assert stored.get("cell_key_hash") == (None if what == "legacy" else old["cell_key_hash"])
    assert field in json.loads((archived / "archived.json").read_text())["reason"]
    # unchanged now: the next resume skips it
    assert run_sweep(cells, out, progress=False)["skipped"] == 1



@pytest.mark.parametrize("damage, reason", [("eval", "unreadable eval.json"), ("no_eval", "unfinished attempt")])
def test_resume_archives_a_damaged_cell_with_the_reason_it_was_rerun(tmp_path, damage, reason):
    packs = write_packs(tmp_path / "tp")
    cells = _cells(packs)
    out = tmp_path / "run"
    assert run_sweep(cells, out, progress=False)["ran"] == 1
    cell = cell_dir(out, cells[0])
    if damage == "eval":
        (cell / "eval.json").write_text('{"status": "valid", "passed": tr')  # cut short
    else:
        (cell / "eval.json").unlink()  # killed before its result was written
    again = run_sweep(cells, out, progress=False)
    assert (again["ran"], again["skipped"]) == (1, 0)
    assert json.loads((cell / "attempts" / "0" / "archived.json").read_text())["reason"] == reason
    assert json.loads((cell / "eval.json").read_text())["status"] == "valid"

def test_a_taskpack_edited_during_a_sweep_is_a_configuration_error(tmp_path):
    packs = write_packs(tmp_path / "tp")
    cells = _cells(packs)
    key = cells_mod.expected_key(cells[0])  # planned, then the file changes before the cell runs
    _edit_pack(packs["decision-05"])
    with pytest.raises(ValueError, match="changed while the sweep was running"):
        cells_mod.run_cell(cells[0], tmp_path / "run", key)


def test_report_never_merges_cells_of_different_keys(tmp_path, monkeypatch, capsys):
    packs = write_packs(tmp_path / "tp")
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path / "tp"))
    base = ["run", "--tasks", "decision-05", "--env", ENV, "--no-progress", "--no-render"]
    assert main([*base, "--out", str(tmp_path / "runs" / "a")]) == 0
    data = json.loads(packs["decision-05"].read_text())
    data["completion"]["goals"].append({"on": ["milk_carton#1", "approval_desk#1"]})  # the oracle now fails
    packs["decision-05"].write_text(json.dumps(data))
    rehash_file(packs["decision-05"])
    assert main([*base, "--out", str(tmp_path / "runs" / "b")]) == 0
    capsys.readouterr()
    # the two sweeps side by side, and their common parent as one folder: two rows, a warning, no mean of 50%
    for args in ([str(tmp_path / "runs" / "a"), str(tmp_path / "runs" / "b")], [str(tmp_path / "runs")]):
        assert main(["report", *args, "--no-plots", "--out", str(tmp_path / "rep")]) == 0
        cap = capsys.readouterr()
        assert "decision-05 for oracle | scripted was run under 2 different keys (differing in taskpack_hash" \
            in cap.err
        rows = [ln for ln in cap.out.splitlines() if ln.startswith("| oracle")]
        assert any(ln.startswith("| oracle [a] | scripted |") and "100.0" in ln for ln in rows)
        assert any(ln.startswith("| oracle [b] | scripted |") and "| 0.0 |" in ln for ln in rows)
        assert not any("50.0" in ln for ln in rows)


def _keyed(task, seed, tp_hash, sweep, status="valid"):
    key = {"task_id": task, "taskpack_hash": tp_hash, "seed": seed}
    return {"task_id": task, "family": "Decision", "assistant": "m", "human": "h", "seed": seed, "status": status,
            "passed": 1, "completion": 1.0, "cell_key": key, "_path": f"/runs/{sweep}/m__h/{task}/seed{seed}"}


def test_separation_by_folder_or_by_key_and_unreadable_cells_stay_out():
    same = [_keyed("decision-01", s, "sha256:a", "a") for s in (0, 1)] + [
        {**_keyed("decision-01", 2, None, "a", status="unreadable"), "cell_key": None}]
    out, notes = separate_keys(same)
    assert notes == [] and {r["assistant"] for r in out} == {"m"}  # seeds and a corrupt cell: one key
    # sweep b holds both versions of the task: folders cannot separate them, key digests do
    mixed = [_keyed("decision-01", 0, "sha256:a", "a"), _keyed("decision-01", 0, "sha256:a", "b"),
             _keyed("decision-01", 1, "sha256:b", "b")]
    out, notes = separate_keys(mixed)
    labels = [r["assistant"] for r in out]
    assert labels[0] == labels[1] != labels[2] and all(lab.startswith("m [key ") for lab in labels)
    assert notes == ["decision-01 for m | h was run under 2 different keys (differing in taskpack_hash); not merged: "
                     "reported as separate rows by key"]


def test_run_says_which_cells_it_re_runs_and_why(tmp_path, monkeypatch, capsys):
    packs = write_packs(tmp_path / "tp")
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path / "tp"))
    args = ["run", "--env", ENV, "--no-progress", "--no-render", "--out", str(tmp_path / "run")]
    assert main(args) == 0
    new_hash = _edit_pack(packs["prevention-01"])
    capsys.readouterr()
    assert main(args) == 0
    err = capsys.readouterr().err
    assert "1 ran, 1 already finished, 0 VOID" in err
    assert "1 finished cell(s) re-run because their key changed (old files under attempts/):" in err
    assert "prevention-01/seed0: taskpack_hash: " in err and new_hash[:20] in err
