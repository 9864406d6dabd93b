"""The iw-eval command: the default run (oracle + scripted Human over every built-in TaskPack), the
controls, report, replay, show, validate, hash, and exit status 2 on bad arguments."""
import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_taskpacks import write_packs  # noqa: E402

from interactiveworld.bench.metrics import load_results  # noqa: E402
from interactiveworld.bench.report import markdown_table  # noqa: E402
from interactiveworld.cli import main  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
ENV = ["--env", "iw_fake_env:FakeEnv"]


@pytest.fixture
def packs(tmp_path, monkeypatch):
    paths = write_packs(tmp_path / "tp")
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path / "tp"))
    return paths


def _cell(run, task, agents="oracle__scripted", seed=0):
    """A cell folder of a sweep: ``<agents>-<hash>/<task>/seed<k>``."""
    found = list(Path(run).glob(f"{agents}-*/{task}/seed{seed}"))
    assert len(found) == 1, found
    return found[0]


def _run(tmp_path, *args):
    out = tmp_path / "run"
    rc = main(["run", "--out", str(out), "--no-progress", *ENV, *args])
    return rc, out


def test_default_run_is_oracle_with_scripted_human_over_all_taskpacks(packs, tmp_path, capsys):
    rc, out = _run(tmp_path)
    assert rc == 0
    recs = load_results(out)
    assert sorted(r["task_id"] for r in recs) == ["decision-05", "prevention-01"]
    assert all(r["assistant"] == "oracle" and r["human"] == "scripted" and r["passed"] == 1 for r in recs)
    text = capsys.readouterr().out
    assert "| Decision | 1 | 0 | 100.0 | 100.0 |" in text and "| Prevention | 1 | 0 | 100.0 | 100.0 |" in text


@pytest.mark.parametrize("control", ["silent", "nohelp", "wrong", "early"])
def test_controls_fail(packs, tmp_path, control):
    rc, out = _run(tmp_path, "--assistant", control, "--no-render")
    assert rc == 0
    recs = load_results(out)
    assert len(recs) == 2 and all(r["passed"] == 0 for r in recs)


def test_report_writes_tables_and_plots(packs, tmp_path, capsys):
    _run(tmp_path)
    rc = main(["run", "--out", str(tmp_path / "run"), "--no-progress", *ENV, "--assistant", "oracle", "silent",
               "--seeds", "0,1"])
    assert rc == 0
    assert "6 ran, 2 already finished, 0 VOID" in capsys.readouterr().err
    recs = load_results(tmp_path / "run")
    assert len(recs) == 8 and {r["assistant"] for r in recs} == {"oracle", "silent"}
    assert main(["report", str(tmp_path / "run")]) == 0
    md = capsys.readouterr().out
    assert "| oracle &#124; scripted" not in md
    # per family: tasks, VOID, Pass and MCR over the catalog's 20 tasks, then over the tasks present
    assert "| oracle | scripted | Decision | 1 | 0 | 5.0 | 5.0 | 100.0 | 100.0 |" in md
    assert "| silent | scripted | Decision | 1 | 0 | 0.0 | 0.0 | 0.0 | 0.0 |" in md
    assert "## Table 2: Pass and MCR per family over the catalog" in md and "## Table 3: capability scores" in md
    rep = tmp_path / "run" / "report"
    for name in ("report.md", "families.csv", "efficiency.csv", "capabilities.csv", "pass_mcr.png",
                 "efficiency.png", "capabilities.png"):
        assert (rep / name).is_file(), name
    assert (rep / "pass_mcr.png").read_bytes().startswith(b"\x89PNG")
    fam_csv = (rep / "families.csv").read_text().splitlines()
    assert fam_csv[0].startswith("agents,family,tasks,cells,void,catalog,pass_catalog,")
    assert fam_csv[0].endswith(",pass_rate,pass_rate_lo,pass_rate_hi,mcr,mcr_lo,mcr_hi")
    # 1 task, 2 seeds: 1/20 of the catalog; one task gives no interval
    assert "oracle | scripted,Decision,1,2,0,20,5.0,,,5.0,,,100.0,,,100.0,," in fam_csv


def test_report_tasks_lists_builtin_taskpacks(packs, capsys):
    assert main(["report", "--tasks"]) == 0
    out = capsys.readouterr().out
    assert "| Decision | ASK | 1 | decision-05: 2 |" in out
    assert "| Prevention | WATCH | 1 | prevention-01: 4 |" in out
    assert "| Planning | ORCHESTRATE | 0 | - |" in out and "2 TaskPack(s)" in out


def test_replay_matches_the_recorded_final_state(packs, tmp_path, capsys):
    _run(tmp_path)
    cell = _cell(tmp_path / "run", "prevention-01")
    assert main(["replay", str(cell), *ENV]) == 0
    assert "replay MATCH" in capsys.readouterr().out
    ev = json.loads((cell / "eval.json").read_text())
    ev["final_digest"] = "0" * 16
    (cell / "eval.json").write_text(json.dumps(ev))
    assert main(["replay", str(cell), *ENV]) == 1
    assert "MISMATCH" in capsys.readouterr().out



def test_replay_notes_a_line_appended_to_a_finished_trace(packs, tmp_path, capsys):
    _run(tmp_path, "--no-render")
    cell = _cell(tmp_path / "run", "prevention-01")
    with open(cell / "trace.jsonl", "a", encoding="utf-8") as f:
        f.write("garbage that is not JSON\n")
    capsys.readouterr()
    assert main(["replay", str(cell), *ENV]) == 0  # the world still reproduces: the verdict stands
    out, err = capsys.readouterr()
    assert "replay MATCH" in out
    assert "note: trace.jsonl: its last line is not a record and was skipped (it follows the final record" in err

def test_show_writes_pages(packs, tmp_path, capsys):
    _run(tmp_path)
    capsys.readouterr()
    assert main(["show", str(tmp_path / "run")]) == 0
    index = Path(capsys.readouterr().out.strip())
    assert index.name == "index.html" and "decision-05" in index.read_text()
    assert len(list((tmp_path / "run").rglob("episode.html"))) == 2


def test_validate_runs_static_checks_and_controls(packs, capsys):
    assert main(["validate", *ENV]) == 0
    out = capsys.readouterr().out
    assert "ok   decision-05" in out and "ok   prevention-01" in out
    for check in ("[x] answer not in public text", "[x] handles exist in the scene",
                  "[x] opening satisfies no scored goal", "[x] oracle control passes", "[x] silent control fails",
                  "[x] nohelp control fails", "[x] wrong control fails", "[x] early control fails",
                  "[x] oracle step count"):
        assert check in out, check
    assert "2/2 TaskPack(s) valid" in out


def test_validate_catches_a_broken_taskpack(packs, capsys):
    p = packs["decision-05"]
    data = json.loads(p.read_text())
    data["public_context"] = "The right invoice is the $41 one."
    data["oracle"]["steps"][1]["commands"] = ["[Put] <invoice_card> (2) <approval_desk> (7)"]
    p.write_text(json.dumps(data))
    assert main(["hash", str(p)]) == 0
    capsys.readouterr()
    assert main(["validate", "decision-05", *ENV]) == 1
    out = capsys.readouterr().out
    assert "FAIL decision-05" in out
    assert "[ ] answer not in public text: exposed: $41" in out
    assert "[ ] handles exist in the scene: missing: approval_desk#7" in out
    assert "[ ] oracle control passes" in out


def test_hash_reports_schema_problems(tmp_path, capsys):
    p = write_packs(tmp_path)["decision-05"]
    data = json.loads(p.read_text())
    data["budgets"]["ticks"] = -1
    p.write_text(json.dumps(data))
    assert main(["hash", str(p)]) == 1
    assert "field 'budgets.ticks'" in capsys.readouterr().err


@pytest.mark.parametrize("args,needle", [
    (["run", "--tasks", "decision-99"], "unknown task id 'decision-99'"),
    (["run", "--family", "Cooking"], "unknown family 'Cooking'"),
    (["run", "--tasks", "/nonexistent/x.json"], "no such TaskPack file"),
    (["run", "--assistant", "not a model"], "bad model string"),
    (["run", "--assistant", "nosuchprovider/model-x"], "cannot route it to a provider"),
    (["run", "--human", "gpt 4"], "--human: bad model string"),
    (["run", "--seeds", "x"], "--seeds: 'x' is neither a seed nor a range of seeds (seeds are non-negative "
                              "integers: '0 1 2', '0,1' or '0-4')"),
    (["run", "--seeds", "1.5"], "--seeds: '1.5' is neither a seed nor a range of seeds"),
    (["run", "--seeds", "0-x"], "--seeds: '0-x' is neither a seed nor a range of seeds"),
    (["run", "--seeds", "1,,2"], "--seeds: an empty seed in '1,,2'"),
    (["run", "--seeds", "-1"], "--seeds: '-1': a seed is never negative"),
    (["run", "--seeds=-2-3"], "--seeds: '-2-3': a seed is never negative"),
    (["run", "--seeds", "0-100000"], "--seeds: the range '0-100000' holds 100001 seeds; at most 1000 are allowed"),
    (["run", "--seeds", "0-600", "601-1200"], "--seeds: 1201 seeds; at most 1000 are allowed"),
    (["run", "--seeds", "3-1"], "--seeds: the range '3-1' runs downwards; write it from the lower seed ('1-3')"),
    (["run", "--assistant-memory"], "applies to model Assistants only"),
    (["run", "--workers", "0"], "--workers"),
    (["run", "--env", "no_such_module:Env"], "--env: the environment factory 'no_such_module:Env' cannot be"),
    (["run", "--env", "iw_fake_env"], "expected 'module:callable'"),
    (["replay", "/nonexistent"], "no such cell or sweep folder"),
    (["replay", "/etc/passwd"], "is a file; give a cell folder or a sweep folder"),
    (["report", "/nonexistent"], "no such run folder"),
    (["report"], "give a run folder"),
    (["hash", "/nonexistent/x.json"], "no such TaskPack file"),
])
def test_bad_arguments_exit_2(packs, args, needle, capsys):
    if args[0] in ("run", "replay") and "--env" not in args:
        args = [*args, *ENV]
    try:
        rc = main(args)
    except SystemExit as exc:  # argparse's own errors
        rc = exc.code
    except ValueError:
        rc = "ValueError escaped"
    assert rc == 2
    assert needle in capsys.readouterr().err


def test_no_taskpacks_installed(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path))
    assert main(["run", "--no-progress"]) == 2
    assert "no TaskPacks are installed" in capsys.readouterr().err


def test_schema_lists_the_taskpack_fields(capsys):
    assert main(["schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["title"] == "TaskPack"
    assert {"format", "id", "family", "scene", "opening", "oracle", "completion", "budgets", "hash"} <= set(
        schema["required"])


# ---------------------------------------------------------------- defects found by a newcomer

_UNESCAPED_PIPE = re.compile(r"(?<!\\)\|")


def _md_tables(text):
    """GitHub-flavoured Markdown tables of a document, each a list of rows of cell texts (unescaped)."""
    tables, current = [], []
    for line in text.splitlines() + [""]:
        if line.startswith("|"):
            cells = _UNESCAPED_PIPE.split(line.strip())
            assert cells[0] == "" and cells[-1] == "", line
            current.append([c.strip().replace("\\|", "|").replace("\\\\", "\\") for c in cells[1:-1]])
        elif current:
            tables.append(current)
            current = []
    return tables


def _assert_well_formed(table):
    head, sep, *body = table
    assert all(re.fullmatch(r":?-{3,}:?", c) for c in sep), sep
    assert len(sep) == len(head), (head, sep)
    for row in body:
        assert len(row) == len(head), (head, row)


def test_report_markdown_tables_have_the_header_column_count(packs, tmp_path, capsys):
    rc = main(["run", "--out", str(tmp_path / "run"), "--no-progress", *ENV, "--assistant", "oracle", "silent"])
    assert rc == 0
    capsys.readouterr()
    assert main(["report", str(tmp_path / "run"), "--no-plots"]) == 0
    text = (tmp_path / "run" / "report" / "report.md").read_text()
    tables = _md_tables(text)
    # Table 2 twice (catalog, present), per family, efficiency, Table 3, labels (no VOID table)
    assert len(tables) == 6
    for t in tables:
        _assert_well_formed(t)
    assert tables[0][0] == ["Assistant", "Human", "Decision tasks", "Decision Pass", "Decision MCR",
                            "Prevention tasks", "Prevention Pass", "Prevention MCR", "Avg Pass (2/6 families)",
                            "Avg MCR (2/6 families)"]
    assert ["oracle", "scripted", "1/20", "5.0", "5.0", "1/20", "5.0", "5.0", "5.0", "5.0"] in tables[0]
    assert ["oracle", "scripted", "1", "100.0", "100.0", "1", "100.0", "100.0", "100.0", "100.0"] in tables[1]
    assert tables[2][0] == ["Assistant", "Human", "Family", "Tasks", "VOID", "Pass /20", "MCR /20", "Pass", "MCR"]
    assert ["silent", "scripted", "Prevention", "1", "0", "0.0", "0.0", "0.0", "0.0"] in tables[2]
    assert tables[3][0] == ["Assistant", "Human", "Family", "Tasks passed", "Ratio", "Route (m)"]
    assert tables[4][0][:2] == ["Assistant", "Human"] and tables[4][0][-1] == "Avg"
    assert tables[5][0][:3] == ["Assistant", "Human", "Capability"] and len(tables[5][0]) == 10
    # the run's own summary table, with two agent pairs, is well formed too
    capsys.readouterr()
    rc = main(["run", "--out", str(tmp_path / "run"), "--no-progress", *ENV, "--assistant", "oracle", "silent"])
    (summary,) = _md_tables(capsys.readouterr().out)
    _assert_well_formed(summary)
    assert summary[0][:2] == ["Assistant", "Human"]


def test_markdown_table_escapes_pipes_and_line_breaks():
    rows = [{"a": "x | y", "b": "two\nlines", "c": "back\\slash|"}]
    (table,) = _md_tables(markdown_table(rows, [("a", "A | B"), ("b", "B"), ("c", "C")]))
    _assert_well_formed(table)
    assert table[0] == ["A | B", "B", "C"]
    assert table[2] == ["x | y", "two lines", "back\\slash|"]


def test_report_counts_a_corrupt_cell_as_void_and_names_it(packs, tmp_path, capsys):
    rc, out = _run(tmp_path)
    assert rc == 0
    bad = _cell(out, "decision-05") / "eval.json"
    bad.write_text('{"task_id": "decision-05", "stat')
    capsys.readouterr()
    assert main(["report", str(out), "--no-plots"]) == 0
    cap = capsys.readouterr()
    assert f"warning: {bad}: not valid JSON" in cap.err and "counted as VOID" in cap.err
    md = (out / "report" / "report.md").read_text()
    assert "2 cells, 1 VOID (1 with an unreadable eval.json)." in md
    _t2c, _t2p, fam, _eff, _t3, _caps, voids = _md_tables(md)
    assert ["oracle", "scripted", "Decision", "0", "1", "-", "-", "-", "-"] in fam
    assert ["oracle", "scripted", "Prevention", "1", "0", "5.0", "5.0", "100.0", "100.0"] in fam
    assert voids[0] == ["Assistant", "Human", "Task", "Seed", "Reason"]
    assert voids[2][:4] == ["oracle", "scripted", "decision-05", "0"] and "not valid JSON" in voids[2][4]
    # the sweep redoes the corrupt cell on resume, and only that one
    rc, out = _run(tmp_path)
    assert rc == 0 and "1 ran, 1 already finished, 0 VOID" in capsys.readouterr().err
    assert json.loads(bad.read_text())["passed"] == 1


def test_report_lists_unfinished_cells(packs, tmp_path, capsys):
    rc, out = _run(tmp_path)
    cell = _cell(out, "prevention-01")
    (cell / "eval.json").unlink()
    capsys.readouterr()
    assert main(["report", str(out), "--no-plots"]) == 0
    cap = capsys.readouterr()
    assert f"warning: {cell}: unfinished" in cap.err
    assert "1 cells, 0 VOID; 1 unfinished cell(s) not reported." in cap.out


def test_the_environment_is_recorded_and_replay_uses_it(packs, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("IW_ENVS", "iw_fake_env:FakeEnv")  # the allow-list: replay may take it from the record
    _run(tmp_path, "--no-render")
    cell = _cell(tmp_path / "run", "prevention-01")
    recorded = {"factory": "iw_fake_env:FakeEnv", "render": False}
    header = json.loads((cell / "trace.jsonl").read_text().splitlines()[0])
    assert header["type"] == "header" and header["env"] == recorded
    assert json.loads((cell / "eval.json").read_text())["env"] == recorded
    man = json.loads((tmp_path / "run" / "sweep.json").read_text())
    assert man["env"] == "iw_fake_env:FakeEnv" and man["render"] is False
    capsys.readouterr()
    assert main(["replay", str(cell)]) == 0  # no --env: the recorded factory
    cap = capsys.readouterr()
    assert "replay MATCH" in cap.out and "iw_fake_env:FakeEnv (as recorded in the trace header)" in cap.err
    # cells recorded before the field existed fall back to sweep.json
    lines = (cell / "trace.jsonl").read_text().splitlines()
    lines[0] = json.dumps({k: v for k, v in header.items() if k != "env"})
    (cell / "trace.jsonl").write_text("\n".join(lines) + "\n")
    ev = json.loads((cell / "eval.json").read_text())
    del ev["env"]
    (cell / "eval.json").write_text(json.dumps(ev))
    assert main(["replay", str(cell)]) == 0
    assert "(as recorded in sweep.json)" in capsys.readouterr().err


def test_replay_in_an_environment_that_cannot_load_the_scene_is_a_clear_error(packs, tmp_path, capsys):
    _run(tmp_path, "--no-render")
    cell = _cell(tmp_path / "run", "decision-05")
    capsys.readouterr()
    rc = main(["replay", str(cell), "--env", "interactiveworld.env:Environment"])
    err = capsys.readouterr().err
    assert rc == 2 and "Traceback" not in err
    assert "interactiveworld.env:Environment cannot load the scene of TaskPack decision-05 (SceneFormatError: " \
           "format must be 'interactiveworld.scene/1', got None); the cell was recorded with iw_fake_env:FakeEnv" in err


@pytest.mark.parametrize("args,needle", [
    (["--workers", "0"], "--workers: expected >= 1, got 0"),
    (["--void-retries", "-1"], "--void-retries: expected >= 0"),
    (["--max-retries", "-1"], "--max-retries: expected >= 0"),
    (["--timeout", "0"], "--timeout: expected a positive number"),
    (["--timeout", "nan"], "--timeout: expected a positive number"),
    (["--seeds", "x"], "--seeds"),
    (["--assistant", "not a model"], "bad model string"),
    (["--env", "no_such_module:Env"], "--env"),
])
def test_arguments_are_checked_before_looking_for_taskpacks(tmp_path, monkeypatch, capsys, args, needle):
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path))  # no TaskPacks here
    assert main(["run", "--no-progress", "--out", str(tmp_path / "run"), *args]) == 2
    err = capsys.readouterr().err
    assert needle in err and "no TaskPacks are installed" not in err


def _world_scene_pack(packs, scene):
    p = packs["decision-05"]
    data = json.loads(p.read_text())
    data["scene"] = scene
    p.write_text(json.dumps(data))
    return p


@pytest.mark.parametrize("scene,needle", [
    ({"format": "interactiveworld.scene/1", "name": "x", "entities": None},
     "scene: entities: expected a list, got null (SceneFormatError)"),
    ({"format": "interactiveworld.scene/1", "name": "x", "entities": [{"name": "mug", "index": 1}]},
     "scene: entities[0]: missing field 'kind' (SceneFormatError)"),
    ({"format": "interactiveworld.scene/0", "entities": []},
     "scene: format must be 'interactiveworld.scene/1', got 'interactiveworld.scene/0' (SceneFormatError)"),
])
def test_validate_loads_the_scene_with_the_worlds_loader(packs, capsys, scene, needle):
    from interactiveworld.bench.taskpack import compute_hash

    p = _world_scene_pack(packs, scene)
    before = p.read_bytes()
    assert main(["hash", str(p)]) == 1  # the authoring tool reports it too, and writes nothing
    assert needle in capsys.readouterr().err and p.read_bytes() == before
    data = json.loads(before)
    data["hash"] = compute_hash(data)  # hashed by hand: validate and run still refuse the scene
    p.write_text(json.dumps(data))
    assert main(["validate", *ENV]) == 1
    out = capsys.readouterr().out
    assert "FAIL decision-05" in out and "[x] schema and hash" in out
    assert f"[ ] scene loads: {needle}" in out
    assert "control" not in out.split("prevention-01")[0]  # no control runs on a scene that does not load
    assert "ok   prevention-01" in out and "1/2 TaskPack(s) valid" in out
    # and a run refuses it up front instead of making VOID cells
    assert main(["run", "--tasks", "decision-05", "--no-progress", *ENV]) == 2
    assert needle in capsys.readouterr().err


def test_world_scene_check_passes_a_scene_that_loads(packs):
    from interactiveworld.bench.taskpack import load_taskpack
    from interactiveworld.bench.validate import world_scene_problem

    p = _world_scene_pack(packs, {"format": "interactiveworld.scene/1", "name": "empty room",
                                  "rooms": [{"name": "room", "rect": [0, 0, 3, 3]}], "entities": []})
    main(["hash", str(p)])
    assert world_scene_problem(load_taskpack(p)) is None


def test_schema_describes_the_scene(capsys):
    assert main(["schema"]) == 0
    desc = json.loads(capsys.readouterr().out)["properties"]["scene"]["description"]
    assert "interactiveworld.scene/1" in desc and "interactiveworld.world.serialize" in desc


@pytest.mark.parametrize("command", ["run", "validate"])
def test_help_documents_env_and_taskpack_dir(command, capsys):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--env MODULE:CALLABLE" in text and "interactiveworld.env:Environment" in text
    assert "$IW_TASKPACK_DIR" in text and "EnvironmentLike" in text


def test_module_docstring_documents_env_and_taskpack_dir():
    import interactiveworld.cli as cli

    assert "``--env module:callable``" in cli.__doc__ and "``$IW_TASKPACK_DIR``" in cli.__doc__


# ---------------------------------------------------------------- more bad inputs

def test_a_folder_given_as_a_taskpack_file(packs, tmp_path, capsys):
    folder = tmp_path / "pack.json"
    folder.mkdir()
    for args in (["run", "--tasks", str(folder), *ENV], ["validate", str(folder), *ENV], ["hash", str(folder)]):
        assert main(args) == 2, args
        assert f"{folder}: is a folder, not a TaskPack file" in capsys.readouterr().err


def test_report_show_replay_on_folders_without_cells(packs, tmp_path, capsys):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["report", str(empty)]) == 2
    assert "no eval.json found (no finished cell)" in capsys.readouterr().err
    assert main(["show", str(empty)]) == 2
    assert "no episode traces found" in capsys.readouterr().err
    assert main(["replay", str(empty)]) == 2
    assert "not a cell folder, and no finished cell below it" in capsys.readouterr().err
    _run(tmp_path, "--no-render")
    capsys.readouterr()
    assert main(["replay", str(tmp_path / "run"), *ENV]) == 0  # a sweep folder: each of its valid cells
    assert "replayed 2 cell(s): 2 MATCH, 0 MISMATCH or FAILED" in capsys.readouterr().out



def test_replay_workers_give_the_lines_of_one_process_in_the_same_order(packs, tmp_path, capsys):
    _run(tmp_path, "--no-render", "--seeds", "0-1")
    broken = _cell(tmp_path / "run", "prevention-01", seed=1)
    ev = json.loads((broken / "eval.json").read_text())
    ev["final_digest"] = "0" * 16
    (broken / "eval.json").write_text(json.dumps(ev))
    capsys.readouterr()
    outputs = []
    for workers in ("1", "2"):
        assert main(["replay", str(tmp_path / "run"), *ENV, "--workers", workers]) == 1
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    assert "replayed 4 cell(s): 3 MATCH, 1 MISMATCH or FAILED" in outputs[1]
    mismatch = [ln for ln in outputs[1].splitlines() if ln.startswith("replay MISMATCH")]
    assert len(mismatch) == 1 and str(broken) in mismatch[0]
    assert main(["replay", str(tmp_path / "run"), *ENV, "--workers", "0"]) == 2
    assert "--workers: expected >= 1, got 0" in capsys.readouterr().err

def test_report_and_show_on_a_single_cell(packs, tmp_path, capsys):
    _run(tmp_path, "--no-render")
    cell = _cell(tmp_path / "run", "decision-05")
    capsys.readouterr()
    assert main(["report", str(cell), "--no-plots", "--out", str(tmp_path / "rep")]) == 0
    (_t2c, _t2p, fam, *_rest) = _md_tables((tmp_path / "rep" / "report.md").read_text())
    assert ["oracle", "scripted", "Decision", "1", "0", "5.0", "5.0", "100.0", "100.0"] in fam
    capsys.readouterr()
    assert main(["show", str(cell)]) == 0
    assert capsys.readouterr().out.strip() == str(cell / "episode.html")


def test_show_survives_a_corrupt_trace_and_eval(packs, tmp_path, capsys):
    _run(tmp_path, "--no-render")
    run = tmp_path / "run"
    broken = _cell(run, "decision-05")
    lines = (broken / "trace.jsonl").read_text().splitlines()
    (broken / "trace.jsonl").write_text("\n".join([lines[0], "{not json", *lines[1:]]) + "\n")
    (_cell(run, "prevention-01") / "eval.json").write_text("[")
    capsys.readouterr()
    assert main(["show", str(run)]) == 1
    cap = capsys.readouterr()
    assert f"warning: {broken}: cannot render the episode page (ValueError" in cap.err
    page = _cell(run, "prevention-01") / "episode.html"
    assert cap.out.strip() == str(page) and ">UNREADABLE</span>" in page.read_text()


def test_missing_provider_key_is_reported_before_any_episode(monkeypatch, capsys):
    """No OPENAI_API_KEY and no --api-base: exit 2 at once naming the variable, no cell is started."""
    from interactiveworld.cli import main

    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    assert main(["run", "--assistant", "openai/gpt-4o", "--tasks", "decision-05"]) == 2
    assert "no credentials: set OPENAI_API_KEY" in capsys.readouterr().err
    # every model without its key is named at once, not one per attempt
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    assert main(["run", "--assistant", "openai/gpt-4o", "--human", "anthropic/claude-sonnet-4-5",
                 "--tasks", "decision-05"]) == 2
    err = capsys.readouterr().err
    assert "openai/gpt-4o (provider openai): no credentials: set OPENAI_API_KEY" in err
    assert "anthropic/claude-sonnet-4-5 (provider anthropic): no credentials: set ANTHROPIC_API_KEY" in err


def test_our_warnings_print_as_one_line_and_the_formatter_is_installed_once():
    import warnings

    from interactiveworld.bench.taskpack import TaskPackFolderWarning
    from interactiveworld.cli import _plain_warnings

    saved = warnings.formatwarning
    try:
        _plain_warnings("iw-eval run")
        first = warnings.formatwarning
        _plain_warnings("iw-eval validate")
        assert warnings.formatwarning is first  # not wrapped again on every main()
        line = warnings.formatwarning("x.json: left out", TaskPackFolderWarning, "taskpack.py", 1)
        assert line == "iw-eval validate: warning: x.json: left out\n"
        assert "UserWarning" in warnings.formatwarning("other", UserWarning, "lib.py", 3, "code")
    finally:
        warnings.formatwarning = saved


def test_argument_errors_are_two_lines_not_the_usage_block(capsys):
    """argparse would print twenty lines of ``run`` options above the problem; the problem and where the options
    are listed are enough."""
    with pytest.raises(SystemExit) as exc:
        main(["run", "--workers", "two"])
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["iw-eval run: error: argument --workers: invalid int value: 'two'",
                   "('iw-eval run --help' lists the options)"]



@pytest.mark.parametrize("args, hint", [(["run", "--task", "decision-05"], "--tasks"),
                                        (["run", "--work", "2"], "--workers"), (["report", "--task"], "--tasks"),
                                        (["replay", "x", "--zzz"], None)])
def test_options_are_never_abbreviated(args, hint, capsys):
    """argparse would take ``--task`` for ``--tasks``: an abbreviation changes meaning when an option is added. The
    subcommand reports the unknown option, with its nearest option, and names its own --help."""
    with pytest.raises(SystemExit) as exc:
        main(args)
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    unknown = " ".join(args[2:] if args[0] == "replay" else args[1:])
    assert err[0].startswith(f"iw-eval {args[0]}: error: unrecognized arguments: {unknown}")
    assert (f"did you mean {hint}?" in err[0]) if hint else ("did you mean" not in err[0])
    assert err[1] == f"('iw-eval {args[0]} --help' lists the options)"


def test_label_on_a_run_without_failed_cells_says_so(packs, tmp_path, capsys):
    _run(tmp_path, "--no-render", "--tasks", "decision-05")
    capsys.readouterr()
    assert main(["label", str(tmp_path / "run")]) == 0
    out, err = capsys.readouterr()
    assert out == "" and "no failed cell to label" in err and "--judge MODEL" in err

def test_report_on_a_file_says_it_is_a_file(tmp_path, capsys):
    (tmp_path / "eval.json").write_text("{}")
    assert main(["report", str(tmp_path / "eval.json")]) == 2
    err = capsys.readouterr().err
    assert "is a file, not a run folder" in err and "the run folder above it" in err


def test_an_empty_taskpack_listing_names_where_it_looked(tmp_path, monkeypatch, capsys):
    """An unknown id with no TaskPacks at all names the searched folder: missing, or holding JSON that is not a
    TaskPack (a scene file, say), by file name."""
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path / "missing"))
    assert main(["run", "--no-progress", "--tasks", "decision-01", *ENV]) == 2
    assert f"{tmp_path / 'missing'}: no such folder" in capsys.readouterr().err
    (tmp_path / "scenes").mkdir()
    (tmp_path / "scenes" / "kitchen.json").write_text('{"entities": []}')
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path / "scenes"))
    assert main(["run", "--no-progress", "--tasks", "decision-01", *ENV]) == 2
    err = capsys.readouterr().err
    assert "1 .json file(s), none a TaskPack" in err and "kitchen.json" in err


def test_a_body_model_folder_without_a_model_file_is_named(tmp_path):
    from interactiveworld.body.model import BodyModelError, load_body_model

    with pytest.raises(BodyModelError, match="without SMPLH_NEUTRAL.npz or SMPLH_NEUTRAL.pkl"):
        load_body_model(tmp_path)


def test_report_tasks_names_a_missing_taskpack_folder(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path / "nowhere"))
    assert main(["report", "--tasks"]) == 2
    assert f"{tmp_path / 'nowhere'}: no such folder" in capsys.readouterr().err


def test_a_reader_that_closes_the_pipe_stops_the_command_quietly():
    """``iw-eval schema | head -c 100``: the schema (about 80 kB) overfills the pipe (64 kB), so writing it
    meets the closed end; the command stops with 141 (128 + SIGPIPE) and no traceback."""
    import subprocess

    proc = subprocess.Popen([sys.executable, "-m", "interactiveworld.cli", "schema"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    head = proc.stdout.read(100)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert head.startswith(b"{") and proc.returncode == 141 and err == "", err


def test_validate_names_goals_and_points_on_missing_entities(packs, capsys):
    p = packs["decision-05"]
    data = json.loads(p.read_text())
    data["completion"]["goals"] = json.loads(json.dumps(data["completion"]["goals"]).replace(
        "approval_desk#1", "approval_desk#9"))
    p.write_text(json.dumps(data))
    assert main(["hash", str(p)]) == 0
    capsys.readouterr()
    assert main(["validate", "decision-05", *ENV, "--static-only"]) == 1
    out = capsys.readouterr().out
    assert "[ ] goals and points name entities of the scene: goals name approval_desk#9" in out


def test_hash_never_writes_a_file_whose_scene_does_not_load(tmp_path, capsys):
    src = REPO / "taskpacks" / "decision-05.json"
    data = json.loads(src.read_text())
    data["scene"]["entities"][0]["kind"] = "no_such_kind"
    p = tmp_path / "draft.json"
    p.write_text(json.dumps(data))
    before = p.read_bytes()
    assert main(["hash", str(p)]) == 1
    err = capsys.readouterr().err
    assert "no_such_kind" in err and "not hashed" in err
    assert p.read_bytes() == before
