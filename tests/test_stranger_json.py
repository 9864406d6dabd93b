"""Files from a stranger's run folder (eval.json, trace.jsonl) are read with one set of limits (bench.jsonsafe):
size, nesting depth and field types. ``iw-eval report`` counts a broken cell as VOID with one warning line naming
the file and the field (as it does for a corrupt eval.json); ``iw-eval show`` writes the page with the result
shown as UNREADABLE, one warning line, exit 1."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from interactiveworld.bench.jsonsafe import MAX_DEPTH, field_problem
from interactiveworld.bench.logs import MAX_EVAL_BYTES, MAX_TRACE_BYTES, iter_trace
from interactiveworld.bench.metrics import eval_record_problem, load_results
from interactiveworld.cli import main

HEADER = {"seq": 0, "type": "header", "task_id": "decision-17", "family": "decision", "seed": 0,
          "assistant": "a", "human": "b"}
GOOD = {"task_id": "decision-17", "family": "decision", "status": "valid", "passed": 1, "completion": 1.0,
        "seed": 0, "assistant": "a", "human": "b", "capabilities": [], "points": [], "calls": 2, "cost_usd": 0.01}


def _cell(root: Path) -> Path:
    cell = root / "run" / "a__b-0a1b2c3d" / "decision-17" / "seed0"
    cell.mkdir(parents=True)
    (cell / "trace.jsonl").write_text(json.dumps(HEADER) + "\n")
    (cell / "eval.json").write_text(json.dumps(GOOD))
    return cell


def _deep(levels: int) -> str:
    return '{"task_id": "decision-17", "x": ' + "[" * levels + "]" * levels + "}"


def _huge(path: Path, size: int) -> None:
    with open(path, "wb") as f:  # sparse: the size is what counts, and it is checked before any byte is read
        f.truncate(size)


BROKEN = {
    "mistyped seed": (lambda p: p.write_text(json.dumps({**GOOD, "seed": "x"})),
                      "field 'seed' must be an integer or null, got 'x'"),
    "mistyped cost": (lambda p: p.write_text(json.dumps({**GOOD, "cost_usd": "cheap"})),
                      "field 'cost_usd' must be a finite number or null, got 'cheap'"),
    "too deep": (lambda p: p.write_text(_deep(10_000)), f"JSON nested deeper than {MAX_DEPTH} levels"),
    "huge": (lambda p: _huge(p, MAX_EVAL_BYTES + 1),
             f"{MAX_EVAL_BYTES + 1} bytes, over the limit of {MAX_EVAL_BYTES} bytes"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_report_counts_a_broken_eval_as_void_naming_file_and_field(case, tmp_path, capsys):
    cell = _cell(tmp_path)
    write, reason = BROKEN[case]
    write(cell / "eval.json")
    assert main(["report", str(tmp_path / "run"), "--no-plots", "--out", str(tmp_path / "rep")]) == 0
    err = capsys.readouterr().err
    warnings = [ln for ln in err.splitlines() if ln.startswith("warning: ")]
    assert warnings == [f"warning: {cell / 'eval.json'}: {reason}; counted as VOID (re-run the sweep to redo the "
                        f"cell)"], err
    assert "Traceback" not in err
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "1 cells, 1 VOID (1 with an unreadable eval.json)." in md


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_show_writes_the_page_and_names_file_and_field(case, tmp_path, capsys):
    cell = _cell(tmp_path)
    write, reason = BROKEN[case]
    write(cell / "eval.json")
    assert main(["show", str(cell)]) == 1
    cap = capsys.readouterr()
    assert cap.err == f"warning: {cell / 'eval.json'}: {reason}; shown as UNREADABLE\n"
    page = cell / "episode.html"
    assert cap.out.strip() == str(page)
    text = page.read_text()
    assert ">UNREADABLE</span>" in text and "UNREADABLE: " in text


def test_a_good_cell_shows_and_reports_without_warnings(tmp_path, capsys):
    cell = _cell(tmp_path)
    assert main(["show", str(cell)]) == 0
    assert capsys.readouterr().err == ""
    problems: list[str] = []
    (rec,) = load_results(tmp_path / "run", problems=problems)
    assert problems == [] and rec["status"] == "valid" and rec["seed"] == 0


def test_a_trace_record_too_deep_or_a_huge_trace_is_one_line(tmp_path, capsys):
    cell = _cell(tmp_path)
    trace = cell / "trace.jsonl"
    trace.write_text(json.dumps(HEADER) + "\n" + '{"type": "speech", "x": ' + "[" * 5000 + "]" * 5000 + "}\n"
                     + json.dumps({"seq": 2, "type": "final"}) + "\n")
    with pytest.raises(ValueError, match=rf"^{trace}: record 2: JSON nested deeper than {MAX_DEPTH} levels$"):
        list(iter_trace(trace))
    assert main(["show", str(cell)]) == 1
    err = capsys.readouterr().err
    assert err == (f"warning: {cell}: cannot render the episode page (ValueError: {trace}: record 2: JSON nested "
                   f"deeper than {MAX_DEPTH} levels)\niw-eval show: no page written (1 unreadable trace(s))\n")
    _huge(trace, MAX_TRACE_BYTES + 1)
    with pytest.raises(ValueError, match=f"over the limit of {MAX_TRACE_BYTES} bytes for a trace"):
        list(iter_trace(trace))


def test_a_trace_line_that_is_not_a_record_is_named(tmp_path):
    trace = tmp_path / "trace.jsonl"
    trace.write_text(json.dumps(HEADER) + "\n[1, 2]\n" + json.dumps({"type": "final"}) + "\n")
    with pytest.raises(ValueError, match=r"record 2 is not a JSON object$"):
        list(iter_trace(trace))


def test_field_problem_names_the_first_field_of_the_wrong_kind():
    kinds = {"seed": "int|null", "calls": "count", "cost": "number|null", "name": "str", "tags": "list"}
    assert field_problem({"seed": None, "calls": 0, "cost": 1.5, "name": "x", "tags": []}, kinds) is None
    assert field_problem({}, kinds) is None  # absent fields are not checked here
    assert field_problem({"seed": True}, kinds) == "field 'seed' must be an integer or null, got True"
    assert field_problem({"calls": -1}, kinds) == "field 'calls' must be a non-negative integer, got -1"
    assert field_problem({"cost": float("nan")}, kinds) == "field 'cost' must be a finite number or null, got nan"
    assert field_problem({"tags": "a" * 100}, kinds) == f"field 'tags' must be a list, got '{'a' * 56}..."
    assert eval_record_problem({**GOOD, "calls": 2.5}) == ("field 'calls' must be a non-negative integer or null, "
                                                           "got 2.5")
    assert eval_record_problem(GOOD) is None


@pytest.mark.parametrize("case", ["too deep", "huge", "key twice"])
def test_a_hostile_study_plan_is_one_line_before_anything_runs(case, tmp_path, capsys):
    pytest.importorskip("fastapi")
    from interactiveworld.web.study import MAX_PLAN_BYTES, load_plan

    plan = tmp_path / "plan.json"
    if case == "too deep":
        plan.write_text('{"format": "interactiveworld.study/1", "x": ' + "[" * 10_000 + "]" * 10_000 + "}")
        reason = f"JSON nested deeper than {MAX_DEPTH} levels"
    elif case == "huge":
        _huge(plan, MAX_PLAN_BYTES + 1)
        reason = f"{MAX_PLAN_BYTES + 1} bytes, over the limit of {MAX_PLAN_BYTES} bytes"
    else:
        plan.write_text('{"format": "interactiveworld.study/1", "env": "a:b", "env": "interactiveworld.env:x"}')
        reason = "key 'env' appears twice in one object"
    with pytest.raises(ValueError) as info:
        load_plan(plan)
    assert str(info.value) == f"{plan}: {reason}"
    assert main(["study", str(plan)]) == 2  # a bad plan is a usage error, as for any invalid field
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{plan}: {reason}" in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plan.json"]  # nothing made for the study


def test_a_trace_header_too_long_or_too_deep_is_unreadable_not_fatal(tmp_path):
    from interactiveworld.bench.logs import read_header

    cell = _cell(tmp_path)
    trace = cell / "trace.jsonl"
    assert read_header(cell) == HEADER
    trace.write_text('{"type": "header", "x": ' + "[" * 5000 + "]" * 5000 + "}\n")
    assert read_header(cell) is None
    with open(trace, "wb") as f:  # one line longer than the limit: read up to the limit, never further
        f.write(b'{"type": "header", "pad": "' + b"x" * (MAX_EVAL_BYTES + 10) + b'"}\n')
    assert read_header(cell) is None


def test_a_labels_file_too_deep_is_one_line(tmp_path):
    from interactiveworld.analysis.labels import LABELS_NAME, LabelFileError, read_labels

    (tmp_path / LABELS_NAME).write_text('{"history": ' + "[" * 10_000 + "]" * 10_000 + "}")
    with pytest.raises(LabelFileError) as info:
        read_labels(tmp_path)
    assert str(info.value) == (f"{tmp_path / LABELS_NAME}: cannot read ({tmp_path / LABELS_NAME}: JSON nested deeper "
                               f"than {MAX_DEPTH} levels)")
