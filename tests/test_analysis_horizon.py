"""The horizon study (paper appendix D.4): h_t, the family-adjusted slope, its bootstrap interval and permutation
test on hand-worked data, and ``iw-eval report --horizon`` on sweeps of the built-in tasks (controls, and a model
served by a local OpenAI-compatible server that replays the oracle on short tasks only)."""
from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

import numpy as np
import pytest
from iw_catalog import sample
from iw_openai_server import ScriptedServer
from scipy import stats

from interactiveworld.analysis.horizon import (fe_slope, horizon_data, normalised_horizon, permutation_p,
                                               slope_test, task_bootstrap, task_outcomes, write_horizon_report)
from interactiveworld.bench.logs import find_cells, read_trace
from interactiveworld.bench.metrics import load_results
from interactiveworld.bench.taskpack import builtin_taskpacks, load_taskpack
from interactiveworld.cli import main


def test_normalised_horizon_is_the_paper_formula():
    B = {"a": 2, "b": 4, "c": 3, "d": 10, "e": 6, "f": 5, "g": 5}
    fam = {"a": "X", "b": "X", "c": "X", "d": "Y", "e": "Y", "f": "Z", "g": "Z"}
    h = normalised_horizon(B, fam)
    # X: (B - 2) / (4 - 2); Y: (B - 6) / (10 - 6); Z has one length only: no horizon
    assert h == {"a": 0.0, "b": 1.0, "c": 0.5, "d": 1.0, "e": 0.0}


def test_fixed_effects_slope_by_hand_and_against_ols_with_family_dummies():
    h = [np.array([0.0, 0.5, 1.0]), np.array([0.0, 1.0])]
    y = [np.array([1.0, 0.5, 0.0]), np.array([1.0, 1.0])]
    # family X: sum hc*yc = -0.5, sum hc^2 = 0.5; family Y: 0 and 0.5 -> -0.5 / 1.0
    assert float(fe_slope(h, y)) == pytest.approx(-0.5, abs=1e-12)
    sm = pytest.importorskip("statsmodels.api", reason="statsmodels not installed (pip install '.[test]')")
    rng = np.random.default_rng(3)
    hs = [rng.random(n) for n in (5, 4, 6)]
    ys = [rng.random(n) for n in (5, 4, 6)]
    X = np.c_[np.concatenate(hs), np.repeat(np.eye(3), [5, 4, 6], axis=0)]
    ols = sm.OLS(np.concatenate(ys), X).fit()
    assert float(fe_slope(hs, ys)) == pytest.approx(ols.params[0], abs=1e-12)


def test_exact_permutation_p_on_a_tiny_enumeration():
    # one family, 3! orders: the slopes are -1, -0.5, -0.5, 0.5, 0.5, 1 -> only the observed order is <= -1
    h, y = [np.array([0.0, 0.5, 1.0])], [np.array([1.0, 0.5, 0.0])]
    assert permutation_p(h, y) == (pytest.approx(1 / 6), True)
    # two families, 3! x 2! = 12 orders: numerators (-0.5, -0.25, -0.25, 0.25, 0.25, 0.5) + (0.5 or -0.5) over
    # a denominator of 1; observed 0: 1 + 6 of the 12 are <= 0
    h2, y2 = [h[0], np.array([0.0, 1.0])], [y[0], np.array([0.0, 1.0])]
    assert float(fe_slope(h2, y2)) == pytest.approx(0.0)
    assert permutation_p(h2, y2) == (pytest.approx(7 / 12), True)


def test_one_family_permutation_p_equals_scipy_exact_test():
    rng = np.random.default_rng(7)
    h, y = rng.random(6), rng.random(6) - 0.4 * np.arange(6) / 5
    ours, exact = permutation_p([h], [y])
    ref = stats.permutation_test((h, y), lambda a, b, axis=-1: fe_slope([a], [b], axis=axis),
                                 permutation_type="pairings", alternative="less", n_resamples=np.inf)
    assert exact and ours == pytest.approx(ref.pvalue, abs=1e-12)
    # random permutations approach the exact value
    mc, exact_mc = permutation_p([h], [y], permutations=400)
    assert not exact_mc and mc == pytest.approx(ref.pvalue, abs=0.05)


def test_task_bootstrap_by_hand():
    # two tasks with values 0 and 1: a resample's mean is 0, 1/2 or 1 with probabilities 1/4, 1/2, 1/4,
    # so the 2.5 % and 97.5 % points are 0 and 1
    vals = np.array([0.0, 1.0])
    low, high, undefined = task_bootstrap([2], lambda ix: vals[ix[0]].mean(axis=-1)[None, :])
    assert (low[0], high[0], undefined) == (0.0, 1.0, 0)
    # a stratum of one task is held fixed; no stratum with two tasks: no interval
    assert task_bootstrap([1], lambda ix: np.zeros((1, ix[0].shape[0])))[:2] == (None, None)
    # a statistic undefined on a resample (both draws the same task) is dropped and counted: about half of 2000
    h = np.array([0.0, 1.0])
    _, _, undefined = task_bootstrap([2], lambda ix: fe_slope([h[ix[0]]], [h[ix[0]]])[None, :])
    assert 900 < undefined < 1100


def test_slope_test_recovers_a_planted_decline():
    rng = np.random.default_rng(11)
    h = [np.linspace(0, 1, 20) for _ in range(6)]
    y = [np.clip(0.8 - 0.45 * hf + rng.normal(0, 0.1, hf.size), 0, 1) for hf in h]
    res = slope_test(h, y, permutations=4000)
    assert res["slope"] == pytest.approx(-0.45, abs=0.06)
    assert res["ci"][0] < res["slope"] < res["ci"][1] < 0
    assert res["p"] == pytest.approx(1 / 4001) and not res["exact"]


def _write_cell(root: Path, model: str, task: str, family: str, B: int, passed: int, seed: int = 0) -> None:
    cell = root / f"{model}__scripted" / task / f"seed{seed}"
    cell.mkdir(parents=True)
    (cell / "eval.json").write_text(json.dumps({
        "task_id": task, "family": family, "status": "valid", "assistant": model, "human": "scripted", "seed": seed,
        "passed": passed, "completion": float(passed), "oracle_actions": B, "capabilities": []}))


def test_horizon_data_averages_seeds_then_models(tmp_path):
    _write_cell(tmp_path, "m1", "decision-01", "Decision", 2, 1)
    _write_cell(tmp_path, "m1", "decision-02", "Decision", 4, 1, seed=0)
    _write_cell(tmp_path, "m1", "decision-02", "Decision", 4, 0, seed=1)
    _write_cell(tmp_path, "m2", "decision-02", "Decision", 4, 0)
    _write_cell(tmp_path, "m2", "finding-01", "Finding", 3, 1)  # a family with one length: left out
    rows, notes = horizon_data(load_results(tmp_path))
    assert {r["task_id"]: r["h"] for r in rows} == {"decision-01": 0.0, "decision-02": 1.0}
    assert notes == ["Finding: every task present has the same reference length; no horizon, left out"]
    # decision-02: m1 passes one of two seeds (0.5), m2 fails (0): task mean 0.25
    assert task_outcomes(rows)["decision-02"] == ("Decision", 1.0, 0.25)


def test_report_on_the_controls(tmp_path, capsys):
    """Oracle passes and silent fails every task: the task means are all 1/2, so no slope at all."""
    sweep = tmp_path / "sweep"
    assert main(["run", "--assistant", "oracle", "silent", "--family", "Decision", "--no-render", "--out",
                 str(sweep), "--no-progress"]) == 0
    capsys.readouterr()
    assert main(["report", "--horizon", str(sweep)]) == 0
    out = capsys.readouterr().out
    n = sum(1 for t in builtin_taskpacks() if t.startswith("decision-"))
    # p = 1: exact with few tasks, sampled permutations with many
    assert re.search(rf"\| All \(family fixed effects\) \| {n} \| 0\.000 \[0\.000, 0\.000\] \| 0\.0 \| 1(?: \(exact\))? "
                     rf"\| \d+ \|", out)
    assert {p.name for p in (sweep / "report" / "horizon").iterdir()} >= {"horizon.md", "horizon_steps.png",
                                                                          "horizon_firth.png", "horizon_tasks.csv"}


class OracleOnShortTasks(ScriptedServer):
    """A model that speaks the oracle's words, at the oracle's ticks, on the tasks of at most the median reference
    length of their family, and stays silent on the others (it finds the task by the wearer's handoff words)."""

    def __init__(self, schedules: dict[str, dict[int, str]], short: set[str], handoffs: dict[str, str]):
        super().__init__()
        self.schedules, self.short, self.handoffs = schedules, short, handoffs

    def reply_text(self, body: dict) -> str:
        msgs = body["messages"]
        first = next(m for m in msgs if m["role"] == "user")
        text = first["content"] if isinstance(first["content"], str) else " ".join(
            p.get("text", "") for p in first["content"] if p.get("type") == "text")
        task = next((t for t, said in self.handoffs.items() if said in text), None)
        if task is None or task not in self.short:
            return "silent"
        tick = 1 + sum(m["role"] == "assistant" for m in msgs)
        sched = self.schedules[task]
        if tick > max(sched):
            return "done"
        return sched.get(tick, "silent")


@pytest.mark.slow
def test_report_on_a_served_model_that_fails_long_tasks(tmp_path, capsys):
    # ten TaskPacks per family (sample() spreads them over the rows): enough for the Firth fit, half the run time
    ids = sample([t for t in builtin_taskpacks() if t.split("-")[0] in ("guidance", "planning", "prevention")], 10)
    packs = {t: load_taskpack(builtin_taskpacks()[t]) for t in ids}
    oracle = tmp_path / "oracle"
    assert main(["run", "--assistant", "oracle", "--tasks", *packs, "--no-render", "--out", str(oracle),
                 "--no-progress"]) == 0
    schedules: dict[str, dict[int, str]] = {}
    for cell in find_cells(oracle):
        said = {r["tick"]: f"{r['kind']} {r['text']}" for r in read_trace(cell / "trace.jsonl")
                if r["type"] == "speech" and r.get("speaker") == "assistant"}
        schedules[cell.parts[-2]] = said
    by_family = defaultdict(list)
    for t, tp in packs.items():
        by_family[tp.family.value].append(tp.oracle_actions)
    short = {t for t, tp in packs.items() if tp.oracle_actions <= np.median(by_family[tp.family.value])}
    server = OracleOnShortTasks(schedules, short, {t: tp.opening.handoff_say for t, tp in packs.items()})
    try:
        sweep = tmp_path / "model"
        assert main(["run", "--assistant", "openai/short-only", "--api-base", server.base, "--human", "scripted",
                     "--no-render", "--blind", "--tasks", *packs, "--out", str(sweep), "--no-progress"]) == 0
    finally:
        server.close()
    capsys.readouterr()
    res = write_horizon_report([sweep, oracle], tmp_path / "horizon", permutations=2000)
    passed = {c.parts[-2]: json.loads((c / "eval.json").read_text())["passed"] for c in find_cells(sweep)}
    assert passed == {t: int(t in short) for t in packs}
    overall = res["overall"]
    assert overall["slope"] < -0.2 and overall["ci"][1] < 0 and overall["p"] < 0.01
    assert all(res["families"][f]["slope"] < 0 for f in res["families"])
    assert (tmp_path / "horizon" / "horizon_firth.png").stat().st_size > 5000
