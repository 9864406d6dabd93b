"""The report's per-task table (``report/tasks.csv`` and ``report/tasks.md``): one row per Assistant, Human and
TaskPack, checked against the cells' own ``eval.json`` fields summed by hand here."""
import csv
import json
import shutil
import sys
from collections import defaultdict
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_taskpacks import control_sweep  # noqa: E402

from interactiveworld.bench.cells import cell_dir  # noqa: E402
from interactiveworld.bench.report import TASK_COLUMNS, write_report  # noqa: E402
from interactiveworld.cli import main  # noqa: E402


@pytest.fixture(scope="module")
def sweep(tmp_path_factory):
    packs, cells, out = control_sweep(tmp_path_factory.mktemp("tasks"))
    return cells, out


def _edit(path, **fields):
    rec = json.loads(path.read_text())
    rec.update(fields)
    path.write_text(json.dumps(rec))


def _expected(out):
    """Per (assistant, human, task): the fields of the table worked from the eval.json files alone."""
    by = defaultdict(list)
    for p in sorted(out.rglob("eval.json")):
        if "attempts" in p.parts or "report" in p.parts:
            continue
        r = json.loads(p.read_text())
        by[(r["assistant"], r["human"], r["task_id"])].append(r)
    rows = {}
    for k, recs in by.items():
        ok = [r for r in recs if r["status"] == "valid"]
        wins = [r["stable_completion_action"] / r["oracle_actions"] for r in ok if r["passed"] == 1]
        costs = [r.get("cost_usd") for r in recs]
        rows[k] = {
            "cells": len(recs), "void": len(recs) - len(ok),
            "pass": 100.0 * sum(r["passed"] for r in ok) / len(ok) if ok else "VOID",
            "completion": 100.0 * sum(r["completion"] for r in ok) / len(ok) if ok else "VOID",
            "actions": sum(r["actions"] for r in ok) / len(ok) if ok else None,
            "efficiency": sum(wins) / len(wins) if wins else None,
            "invalid_assistant": sum(r["invalid_assistant_turns"] for r in ok),
            "invalid_human": sum(r["invalid_human_turns"] for r in ok),
            "calls": sum(r.get("calls", 0) for r in recs),
            "cost_usd": "?" if any(c is None and r.get("calls") for c, r in zip(costs, recs))
            else sum(c or 0.0 for c in costs)}
    return rows


def _as(text):
    if text == "":
        return None
    try:
        return float(text)
    except ValueError:
        return text


def test_tasks_csv_rows_are_the_cells_own_fields(sweep, tmp_path):
    cells, src = sweep
    out = tmp_path / "run"
    shutil.copytree(src, out)
    by_key = {(c.assistant, c.task_id, c.seed): cell_dir(out, c) / "eval.json" for c in cells}
    # a model cell whose calls had no price, one VOID seed, and a task whose every seed is VOID (but paid for)
    _edit(by_key[("silent", "decision-05", 0)], calls=4, cost_usd=None, invalid_assistant_turns=3)
    _edit(by_key[("silent", "decision-05", 1)], calls=2, cost_usd=0.5, invalid_human_turns=1)
    _edit(by_key[("oracle", "prevention-01", 1)], status="void", void_reason="transport: test", passed=None,
          completion=None)
    for s in (0, 1):
        _edit(by_key[("wrong", "decision-05", s)], status="void", void_reason="setup failed", passed=None,
              completion=None, calls=1, cost_usd=0.25)
    expected = _expected(out)
    rep = write_report(out, tmp_path / "report", plots=False)
    assert str(tmp_path / "report" / "tasks.csv") in rep["files"] and str(tmp_path / "report" / "tasks.md") in rep["files"]
    with open(tmp_path / "report" / "tasks.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == [k for k, _ in TASK_COLUMNS]
    assert len(rows) == len(expected) == 6  # 3 Assistants x 2 TaskPacks
    for row in rows:
        want = expected[(row["assistant"], row["human"], row["task_id"])]
        for key, value in want.items():
            got = _as(row[key])
            if isinstance(value, float):
                assert got == pytest.approx(value, abs=1e-4), (row["assistant"], row["task_id"], key)
            else:
                assert got == value or (got == float(value) if isinstance(value, int) else False), \
                    (row["assistant"], row["task_id"], key, got, value)
    got = {(r["assistant"], r["task_id"]): r for r in rows}
    # values read off the fixture itself: the oracle passes everything at efficiency 1.0 / 0.75
    assert got[("oracle", "decision-05")]["pass"] == "100.0" and got[("oracle", "decision-05")]["efficiency"] == "1.0"
    assert got[("oracle", "prevention-01")]["void"] == "1" and got[("oracle", "prevention-01")]["efficiency"] == "0.75"
    assert got[("silent", "decision-05")]["cost_usd"] == "?" and got[("silent", "decision-05")]["calls"] == "6"
    assert got[("silent", "decision-05")]["invalid_assistant"] == "3" and got[("silent", "decision-05")]["pass"] == "0.0"
    assert got[("wrong", "decision-05")]["pass"] == "VOID" and got[("wrong", "decision-05")]["cost_usd"] == "0.5"
    md = (tmp_path / "report" / "tasks.md").read_text()
    wrong_line = next(line for line in md.splitlines() if line.startswith("| wrong | scripted | decision-05 |"))
    assert "| 2/2 VOID | VOID | VOID |" in wrong_line and wrong_line.endswith("| 2 | 0.5000 |")
    silent_line = next(line for line in md.splitlines() if line.startswith("| silent | scripted | decision-05 |"))
    assert silent_line.endswith("| 6 | ? |")


def test_report_command_writes_the_task_table(sweep, tmp_path):
    _, src = sweep
    assert main(["report", str(src), "--out", str(tmp_path / "rep"), "--no-plots"]) == 0
    rows = list(csv.DictReader(open(tmp_path / "rep" / "tasks.csv", newline="")))
    assert {(r["assistant"], r["task_id"]) for r in rows} == {(a, t) for a in ("oracle", "silent", "wrong")
                                                              for t in ("decision-05", "prevention-01")}
    assert all(r["cost_usd"] == "0.0" and r["void"] == "0" for r in rows)  # control agents call no model
