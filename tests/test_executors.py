"""The executor comparison of reports (interactiveworld.bench.executors; paper appendix D.5).

The agreement case is built to reproduce the paper's numbers for Fable 5.1: the Gemini 3.1 executor
agrees with Humans 1-3 on 30, 33 and 28 of 36 tasks (mean 84.3 %), and the three human pairs agree on 31,
30 and 31 (mean 85.2 %). Writing each task as the pattern of (H1, H2, H3) outcomes relative to Gemini's,
the pairwise disagreement counts fix the pattern counts (worked out by hand from the six equations):
100 x2, 001 x3, 101 x2, 011 x1, 111 x2 and 000 x26.
"""
from __future__ import annotations

import json

import pytest

from interactiveworld.bench.executors import agreement, agreement_by_kind, executors_in_order, outcomes, pass_counts
from interactiveworld.bench.families import Family
from interactiveworld.bench.report import write_report

PATTERNS = [(1, 0, 0)] * 2 + [(0, 0, 1)] * 3 + [(1, 0, 1)] * 2 + [(0, 1, 1)] + [(1, 1, 1)] * 2 + [(0, 0, 0)] * 26
GEMINI_PASSES = 13  # 36.1 % of 36, Gemini's pass rate with the first Assistant in the paper


def _records():
    tasks = [(f.value, f"{f.value.lower()}-{i:02d}") for f in Family for i in range(1, 7)]
    execs = {"gemini/gemini-3.1-pro": [], "person:h1": [], "person:h2": [], "person:h3": []}
    for j, ((family, tid), pat) in enumerate(zip(tasks, PATTERNS)):
        g = int(j < GEMINI_PASSES)
        for (name, outs), bit in zip(execs.items(), (0, *pat)):
            outs.append((family, tid, g ^ bit))
    recs = [{"task_id": tid, "family": fam, "assistant": "fable-5.1", "human": h, "seed": 0, "status": "valid",
             "passed": p, "completion": float(p)} for h, outs in execs.items() for fam, tid, p in outs]
    # a VOID cell is neither a pass nor a failure, and a second Assistant with a single executor is not compared
    recs.append({"task_id": "decision-01", "family": "Decision", "assistant": "fable-5.1", "human": "person:h4",
                 "seed": 0, "status": "void", "passed": None, "completion": None})
    recs.append({"task_id": "decision-01", "family": "Decision", "assistant": "muse-1.1", "human": "person:h1",
                 "seed": 0, "status": "valid", "passed": 1, "completion": 1.0})
    return recs, execs


def test_pass_counts_per_assistant_and_executor():
    recs, execs = _records()
    rows, columns = pass_counts(recs)
    assert columns == ["gemini/gemini-3.1-pro", "person:h1", "person:h2", "person:h3"]
    fable = next(r for r in rows if r["assistant"] == "fable-5.1")
    for name, outs in execs.items():
        assert fable[name] == f"{sum(p for *_, p in outs)}/36"
    assert fable["gemini/gemini-3.1-pro"] == "13/36"
    muse = next(r for r in rows if r["assistant"] == "muse-1.1")
    assert muse["person:h1"] == "1/1" and muse["gemini/gemini-3.1-pro"] is None


def test_agreement_reproduces_the_papers_counts():
    recs, _ = _records()
    got = {(r["executor_a"], r["executor_b"]): (r["agree"], r["common"]) for r in agreement(recs)
           if r["assistant"] == "fable-5.1"}
    g = "gemini/gemini-3.1-pro"
    assert got == {(g, "person:h1"): (30, 36), (g, "person:h2"): (33, 36), (g, "person:h3"): (28, 36),
                   ("person:h1", "person:h2"): (31, 36), ("person:h1", "person:h3"): (30, 36),
                   ("person:h2", "person:h3"): (31, 36)}
    kinds = {r["kind"]: r["mean_percent"] for r in agreement_by_kind(agreement(recs))}
    assert kinds["model-person"] == pytest.approx(100 * 91 / 108) and round(kinds["model-person"], 1) == 84.3
    assert kinds["person-person"] == pytest.approx(100 * 92 / 108) and round(kinds["person-person"], 1) == 85.2


def test_agreement_counts_only_cells_both_ran():
    recs = [{"task_id": t, "family": "Decision", "assistant": "a", "human": h, "seed": 0, "status": "valid",
             "passed": p} for h, t, p in [("m", "t1", 1), ("m", "t2", 0), ("m", "t3", 1), ("person:x", "t1", 1),
                                          ("person:x", "t2", 1)]]
    recs.append({"task_id": "t3", "family": "Decision", "assistant": "a", "human": "person:x", "seed": 0,
                 "status": "void", "passed": None})
    (row,) = agreement(recs)
    assert (row["agree"], row["common"], row["percent"], row["kind"]) == (1, 2, 50.0, "model-person")
    res, family = outcomes(recs)
    assert res["a"]["person:x"] == {("t1", 0): 1, ("t2", 0): 1} and family == {"t1": "Decision", "t2": "Decision",
                                                                                "t3": "Decision"}


def test_people_are_listed_after_models():
    assert executors_in_order(["person:b", "scripted", "person:a", "gemini/x"]) == [
        "gemini/x", "scripted", "person:a", "person:b"]


def test_report_of_a_folder_with_several_executors_has_the_comparison(tmp_path):
    recs, _ = _records()
    for r in recs:
        cell = tmp_path / f"{r['assistant']}__{r['human'].replace(':', '-')}" / r["task_id"] / "seed0"
        cell.mkdir(parents=True)
        full = {"format": "interactiveworld.eval/1", "points": [], "capabilities": [], "ticks": 1, "actions": 1,
                "oracle_actions": 1, "efficiency": None, "stop_reason": "done" if r["status"] == "valid" else "void",
                **r}
        (cell / "eval.json").write_text(json.dumps(full), encoding="utf-8")
    res = write_report(tmp_path, tmp_path / "report")
    md = res["markdown"]
    assert "Executors compared: strict passes / valid cells (paper appendix D.5, Table 14)" in md
    assert "| fable-5.1 | 13/36 |" in md
    names = {p.rsplit("/", 1)[-1] for p in res["files"]}
    assert {"executors_pass.csv", "executors_agreement.csv", "executors_agreement_by_kind.csv",
            "executors_fable-5.1.png"} <= names
    png = tmp_path / "report" / "executors_fable-5.1.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    csv = (tmp_path / "report" / "executors_agreement.csv").read_text().splitlines()
    assert csv[0] == "assistant,executor_a,executor_b,kind,agree,common,percent" and len(csv) == 7
