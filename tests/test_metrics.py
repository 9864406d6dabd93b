"""Metrics on hand-built result records: PassRate/MCR per family with seeds averaged per task over the
catalog (eq. 6) and over the tasks present, efficiency up to stable completion paired per task, pooled
capability scores, and the bootstrap intervals."""
import json
import sys
from pathlib import Path

import pytest

import numpy as np  # noqa: E402
from scipy import stats  # noqa: E402

from interactiveworld.bench.metrics import (UNREADABLE, bootstrap_ci, capability_table,  # noqa: E402
                                            efficiency_table, family_table, load_results, void_cells)


def rec(task, family, seed, passed, completion, actions=4, oracle=2, caps=(), status="valid", assistant="m",
        stable=None):
    stable = actions if stable is None and passed == 1 else stable
    return {"task_id": task, "family": family, "seed": seed, "assistant": assistant, "human": "scripted",
            "status": status, "passed": passed if status == "valid" else None,
            "completion": completion if status == "valid" else None, "actions": actions, "oracle_actions": oracle,
            "stable_completion_action": stable,
            "capabilities": [{"capability": c, "label": lab, "point": f"p{i}"} for i, (c, lab) in enumerate(caps)],
            "stop_reason": "done" if status == "valid" else "void", "void_reason": None if status == "valid" else "x"}


RECORDS = [
    # decision-01: seeds pass, fail -> task pass 0.5, MCR (1.0 + 0.5) / 2 = 0.75
    # 6 actions, stable completion after 4: the 2 post-completion actions do not count
    rec("decision-01", "Decision", 0, 1, 1.0, actions=6, stable=4, oracle=2,
        caps=[("C3", "clean_pass"), ("C9", "wrong")]),
    rec("decision-01", "Decision", 1, 0, 0.5, caps=[("C3", "wrong"), ("C9", "unobserved")]),
    # decision-02: pass at 3 actions vs oracle 3 -> ratio 1.0
    rec("decision-02", "Decision", 0, 1, 1.0, actions=3, oracle=3, caps=[("C3", "clean_pass"), ("C3", "assisted")]),
    # a VOID cell: excluded from everything but the VOID count
    rec("decision-02", "Decision", 1, None, None, status="void", caps=[("C3", "void")]),
    rec("finding-01", "Finding", 0, 0, 0.0, caps=[("C4", "abstain")]),
]


def test_family_table():
    rows = {(r["family"]): r for r in family_table(RECORDS)}
    d = rows["Decision"]
    assert d["tasks"] == 2 and d["cells"] == 4 and d["void"] == 1
    # per-task means first: decision-01 pass 0.5, decision-02 pass 1.0 -> 75 %
    assert d["pass_rate"] == pytest.approx(75.0)
    assert d["mcr"] == pytest.approx(100 * (0.75 + 1.0) / 2)
    # eq. 6 over the catalog's 20 Decision tasks: tasks not run count 0
    assert d["catalog"] == 20
    assert d["pass_catalog"] == pytest.approx(100 * (0.5 + 1.0) / 20)
    assert d["mcr_catalog"] == pytest.approx(100 * (0.75 + 1.0) / 20)
    assert rows["Finding"]["pass_rate"] == 0.0
    # All: families weigh equally
    assert rows["All"]["pass_rate"] == pytest.approx((75.0 + 0.0) / 2)


def test_efficiency_is_paired_per_task():
    rows = efficiency_table(RECORDS)
    assert len(rows) == 1 and rows[0]["family"] == "Decision" and rows[0]["tasks"] == 2
    # decision-01: 4/2 = 2.0 (stable completion, passing seed only); decision-02: 3/3 = 1.0 -> mean 1.5
    assert rows[0]["efficiency"] == pytest.approx(1.5)
    # two tasks: every resample mean is one of 1.0, 1.5, 2.0
    lo, hi = rows[0]["efficiency_ci"]
    assert lo == pytest.approx(1.0) and hi == pytest.approx(2.0)


def test_capability_scores_pool_points():
    rows = {r["capability"]: r for r in capability_table(RECORDS)}
    # C3: clean_pass, wrong, clean_pass, assisted (void cell excluded) -> 2 / 4
    assert rows["C3"]["points"] == 4 and rows["C3"]["score"] == pytest.approx(50.0)
    assert rows["C3"]["assisted"] == 1 and rows["C3"]["void"] == 0
    assert rows["C9"]["score"] == 0.0 and rows["C9"]["unobserved"] == 1
    assert rows["C4"]["abstain"] == 1
    assert void_cells(RECORDS) == [{"agents": "m | scripted", "assistant": "m", "human": "scripted",
                                    "task_id": "decision-02", "seed": 1, "stop_reason": "void", "void_reason": "x"}]


def test_load_results_reads_every_eval(tmp_path):
    for i, r in enumerate(RECORDS):
        d = tmp_path / "a" / f"c{i}"
        d.mkdir(parents=True)
        (d / "eval.json").write_text(json.dumps(r))
    # an archived attempt of a re-run cell is not a cell
    (tmp_path / "a" / "c0" / "attempts" / "0").mkdir(parents=True)
    (tmp_path / "a" / "c0" / "attempts" / "0" / "eval.json").write_text(json.dumps(RECORDS[3]))
    got = load_results(tmp_path)
    assert len(got) == len(RECORDS) and got[0]["_path"].endswith("c0")
    assert [r["status"] for r in got] == [r["status"] for r in RECORDS]


@pytest.mark.parametrize("content,needle", [
    (b"{", "not valid JSON (line 1, column 2"),
    (b"\xff\xfe garbage", "cannot read (UnicodeDecodeError"),
    (b"[1, 2]", "expected a JSON object, got list"),
    (b'{"task_id": "decision-07", "status": "valid"}', "field 'family' missing or not a string"),
    (b'{"task_id": "decision-07", "family": "Decision", "status": "valid", "passed": 1, "completion": 3}',
     "field 'completion' must be a number in [0, 1]"),
    (b'{"task_id": "decision-07", "family": "Decision", "status": "valid", "passed": 1, "completion": 1.0,'
     b' "capabilities": [{"capability": "C42", "label": "clean_pass"}]}', "field 'capabilities'"),
])
def test_unreadable_eval_is_counted_as_void_not_dropped(tmp_path, content, needle):
    good = tmp_path / "oracle__scripted" / "decision-01" / "seed0"
    bad = tmp_path / "oracle__scripted" / "decision-07" / "seed3"
    for d in (good, bad):
        d.mkdir(parents=True)
    (good / "eval.json").write_text(json.dumps({**RECORDS[0], "assistant": "oracle"}))
    (bad / "eval.json").write_bytes(content)
    problems = []
    got = load_results(tmp_path, problems=problems)
    assert len(got) == 2
    stand_in = got[1]
    assert stand_in["status"] == UNREADABLE and needle in stand_in["void_reason"]
    # identity from the folder names (no trace here): task, seed, agents; family from the id
    assert (stand_in["task_id"], stand_in["seed"], stand_in["assistant"], stand_in["human"], stand_in["family"]) == (
        "decision-07", 3, "oracle", "scripted", "Decision")
    assert len(problems) == 1 and str(bad / "eval.json") in problems[0] and "counted as VOID" in problems[0]
    fam = {(r["agents"], r["family"]): r for r in family_table(got)}
    assert fam[("oracle | scripted", "Decision")]["void"] == 1
    assert fam[("oracle | scripted", "Decision")]["cells"] == 2
    assert [v["task_id"] for v in void_cells(got)] == ["decision-07"]


def test_unreadable_eval_takes_its_identity_from_the_trace_header(tmp_path):
    cell = tmp_path / "x" / "y" / "z"
    cell.mkdir(parents=True)
    header = {"seq": 0, "type": "header", "task_id": "finding-02", "family": "Finding", "assistant": "a/b",
              "human": "scripted", "seed": 7}
    (cell / "trace.jsonl").write_text(json.dumps(header) + "\n")
    (cell / "eval.json").write_text("")
    (got,) = load_results(tmp_path)
    assert {k: got[k] for k in ("task_id", "family", "assistant", "human", "seed", "status")} == {
        "task_id": "finding-02", "family": "Finding", "assistant": "a/b", "human": "scripted", "seed": 7,
        "status": UNREADABLE}


def test_unfinished_cells_are_named_but_not_results(tmp_path):
    cell = tmp_path / "m__scripted" / "decision-01" / "seed0"
    cell.mkdir(parents=True)
    (cell / "trace.jsonl").write_text('{"seq":0,"type":"header","task_id":"decision-01"}\n')
    problems = []
    assert load_results(tmp_path, problems=problems) == []
    assert len(problems) == 1 and str(cell) in problems[0] and "unfinished" in problems[0]


def _mean(x, axis=-1):
    return np.mean(x, axis=axis)


def test_bootstrap_interval_matches_scipy_and_enumeration():
    sample = [0.0, 1.0, 1.0, 0.0, 1.0]
    ref = stats.bootstrap((np.array(sample),), np.mean, n_resamples=2000, method="percentile",
                          random_state=np.random.default_rng(0)).confidence_interval
    assert bootstrap_ci([sample], _mean) == pytest.approx((ref.low, ref.high))
    # two values: resample means are 0, 0.5, 1 with probabilities 1/4, 1/2, 1/4 -> the 95 % interval is [0, 1]
    assert bootstrap_ci([[0.0, 1.0]], _mean) == pytest.approx((0.0, 1.0))
    # a single-value stratum is held fixed: mean of {0, 0.5, 1} and 1 -> {0.5, 0.75, 1}
    two = bootstrap_ci([[0.0, 1.0], [1.0]], lambda a, b, axis=-1: (np.mean(a, axis=axis) + np.mean(b, axis=axis)) / 2)
    assert two == pytest.approx((0.5, 1.0))
    assert bootstrap_ci([[0.7, 0.7, 0.7]], _mean) == pytest.approx((0.7, 0.7))
    assert bootstrap_ci([[1.0]], _mean) is None and bootstrap_ci([[]], _mean) is None


def test_family_intervals_are_over_tasks():
    recs = [rec(f"guidance-0{i}", "Guidance", 0, p, c) for i, (p, c) in enumerate([(1, 1.0), (0, 0.5), (0, 0.0)])]
    (g, _all) = family_table(recs)
    lo, hi = g["pass_rate_ci"]
    assert 0.0 <= lo <= g["pass_rate"] <= hi <= 100.0 and hi > lo
    # the catalog interval is the present one scaled by tasks / 20
    assert g["pass_catalog_ci"] == pytest.approx((lo * 3 / 20, hi * 3 / 20))
