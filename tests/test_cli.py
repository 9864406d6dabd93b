"""The iw-eval command: the default run (oracle + scripted Human over every built-in TaskPack), the
controls, report, replay, show, validate, hash, and exit status 2 on bad arguments."""
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_taskpacks import write_packs  # noqa: E402

from interactiveworld.bench.metrics import load_results  # noqa: E402
from interactiveworld.cli import main  # noqa: E402

ENV = ["--env", "iw_fake_env:FakeEnv"]


@pytest.fixture
def packs(tmp_path, monkeypatch):
    paths = write_packs(tmp_path / "tp")
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path / "tp"))
    return paths


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
    assert "| oracle | scripted | Decision | 1 | 0 | 100.0 | 100.0 |" in md
    assert "| silent | scripted | Decision | 1 | 0 | 0.0 | 0.0 |" in md
    rep = tmp_path / "run" / "report"
    for name in ("report.md", "families.csv", "efficiency.csv", "capabilities.csv", "pass_mcr.png",
                 "efficiency.png", "capabilities.png"):
        assert (rep / name).is_file(), name
    assert (rep / "pass_mcr.png").read_bytes().startswith(b"\x89PNG")
    fam_csv = (rep / "families.csv").read_text().splitlines()
    assert fam_csv[0] == "agents,family,tasks,cells,void,pass_rate,mcr"
    assert "oracle | scripted,Decision,1,2,0,100.0,100.0" in fam_csv  # 1 task, 2 seeds


def test_report_tasks_lists_builtin_taskpacks(packs, capsys):
    assert main(["report", "--tasks"]) == 0
    out = capsys.readouterr().out
    assert "| Decision | ASK | 1 | decision-05: 2 |" in out
    assert "| Prevention | WATCH | 1 | prevention-01: 4 |" in out
    assert "| Planning | ORCHESTRATE | 0 | - |" in out and "2 TaskPack(s)" in out


def test_replay_matches_the_recorded_final_state(packs, tmp_path, capsys):
    _run(tmp_path)
    cell = tmp_path / "run" / "oracle__scripted" / "prevention-01" / "seed0"
    assert main(["replay", str(cell), *ENV]) == 0
    assert "replay MATCH" in capsys.readouterr().out
    ev = json.loads((cell / "eval.json").read_text())
    ev["final_digest"] = "0" * 16
    (cell / "eval.json").write_text(json.dumps(ev))
    assert main(["replay", str(cell), *ENV]) == 1
    assert "MISMATCH" in capsys.readouterr().out


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
    (["run", "--seeds", "x"], "--seeds: expected non-negative integers"),
    (["run", "--assistant-memory"], "applies to model Assistants only"),
    (["run", "--workers", "0"], "--workers"),
    (["run", "--env", "no_such_module:Env"], "--env: the environment factory 'no_such_module:Env' cannot be"),
    (["run", "--env", "iw_fake_env"], "expected 'module:callable'"),
    (["replay", "/nonexistent"], "not a cell folder"),
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
