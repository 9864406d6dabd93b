"""Repeated seeds (pass@k, pass^k with bootstrap intervals) and the comparison across sweeps: the Table 2
leaderboard, the Assistant x Human matrix and the memory comparison, checked against hand-worked values."""
import json
from itertools import combinations

import numpy as np
import pytest

from interactiveworld.bench.compare import human_swap, leaderboard, memory_comparison, write_comparison
from interactiveworld.bench.metrics import load_results
from interactiveworld.bench.repeats import bootstrap_interval, default_ks, pass_at_k, pass_hat_k, repeats_table
from interactiveworld.cli import main


def _brute(outcomes, k, all_pass):
    """Fraction of k-subsets of the seeds in which any (pass@k) / all (pass^k) pass."""
    subsets = list(combinations(outcomes, k))
    hits = [all(s) if all_pass else any(s) for s in subsets]
    return sum(hits) / len(subsets)


@pytest.mark.parametrize("n,c", [(1, 0), (1, 1), (4, 0), (4, 1), (4, 3), (5, 2), (8, 5), (8, 8)])
def test_pass_at_k_and_pass_hat_k_match_enumeration(n, c):
    outcomes = [1] * c + [0] * (n - c)
    for k in range(1, n + 1):
        assert pass_at_k(n, c, k) == pytest.approx(_brute(outcomes, k, all_pass=False))
        assert pass_hat_k(n, c, k) == pytest.approx(_brute(outcomes, k, all_pass=True))


def test_hand_worked_values_and_bad_input():
    assert pass_at_k(4, 1, 2) == pytest.approx(0.5)  # 1 - C(3,2)/C(4,2) = 1 - 3/6
    assert pass_hat_k(4, 3, 2) == pytest.approx(0.5)  # C(3,2)/C(4,2) = 3/6
    assert pass_at_k(3, 1, 1) == pytest.approx(1 / 3) and pass_hat_k(3, 1, 1) == pytest.approx(1 / 3)
    with pytest.raises(ValueError):
        pass_at_k(2, 3, 1)
    with pytest.raises(ValueError):
        pass_hat_k(2, 1, 3)
    assert default_ks(8) == [1, 2, 4, 8] and default_ks(5) == [1, 2, 4, 5] and default_ks(2) == [1, 2]


def test_bootstrap_interval_agrees_with_a_plain_percentile_bootstrap():
    values = [0.0, 0.25, 0.5, 1.0, 1.0, 0.75, 0.0, 0.5]
    lo, hi = bootstrap_interval(values, n_resamples=4000)
    rng = np.random.default_rng(1)
    means = rng.choice(values, size=(40000, len(values)), replace=True).mean(axis=1)
    ref_lo, ref_hi = np.percentile(means, [2.5, 97.5])
    assert lo == pytest.approx(ref_lo, abs=0.03) and hi == pytest.approx(ref_hi, abs=0.03)
    assert bootstrap_interval([0.5]) == (None, None)
    assert bootstrap_interval([1.0, 1.0, 1.0]) == (1.0, 1.0)


def _rec(task, family, assistant, human, seed, passed, completion):
    return {"task_id": task, "family": family, "assistant": assistant, "human": human, "seed": seed,
            "status": "valid", "passed": passed, "completion": completion, "capabilities": []}


def test_repeats_table_per_family():
    # guidance-01 passes 3 of 4 seeds, guidance-02 1 of 4; a VOID seed is left out
    recs = [_rec("guidance-01", "Guidance", "m", "h", s, int(s < 3), 1.0) for s in range(4)]
    recs += [_rec("guidance-02", "Guidance", "m", "h", s, int(s == 0), 0.5) for s in range(4)]
    recs.append({**_rec("guidance-02", "Guidance", "m", "h", 9, 1, 1.0), "status": "void"})
    rows = {r["k"]: r for r in repeats_table(recs)}
    assert sorted(rows) == [1, 2, 4]
    assert rows[2]["pass_at_k"] == pytest.approx(100 * (pass_at_k(4, 3, 2) + pass_at_k(4, 1, 2)) / 2)
    assert rows[2]["pass_hat_k"] == pytest.approx(100 * (0.5 + 0.0) / 2)  # C(3,2)/C(4,2) and C(1,2)=0
    assert rows[4]["pass_hat_k"] == 0.0 and rows[4]["pass_at_k"] == 100.0
    assert rows[1]["tasks"] == 2 and rows[1]["pass_at_k"] == pytest.approx(50.0)
    assert rows[1]["pass_at_k_lo"] <= rows[1]["pass_at_k"] <= rows[1]["pass_at_k_hi"]
    assert repeats_table([r for r in recs if r["seed"] == 0]) == []  # one seed: nothing to repeat


def _write_sweep(root, recs):
    root.mkdir(parents=True)
    (root / "sweep.json").write_text("{}")
    for r in recs:
        cell = root / f"{r['assistant']}__{r['human']}" / r["task_id"] / f"seed{r['seed']}"
        cell.mkdir(parents=True)
        (cell / "eval.json").write_text(json.dumps(r))


# MCR per (assistant, human) over Guidance, Planning, Accessibility; Decision is outside the swap families
SWAP = {("a", "a"): (1.0, 0.5, 0.0), ("a", "b"): (0.5, 0.5, 0.5), ("b", "a"): (0.0, 0.0, 0.25),
        ("b", "b"): (1.0, 1.0, 1.0)}


def _sweeps(tmp_path):
    for (a, h), mcrs in SWAP.items():
        recs = [_rec(f"{fam.lower()}-01", fam, a, h, 0, int(m == 1.0), m)
                for fam, m in zip(("Guidance", "Planning", "Accessibility"), mcrs)]
        recs.append(_rec("decision-01", "Decision", a, h, 0, 1, 1.0))
        _write_sweep(tmp_path / f"{a}-{h}", recs)
    # the memory ablation: a with memory against Human a passes the Planning task too
    mem = [_rec("guidance-01", "Guidance", "a+memory", "a", 0, 1, 1.0), _rec("planning-01", "Planning", "a+memory",
                                                                           "a", 0, 1, 1.0),
           _rec("accessibility-01", "Accessibility", "a+memory", "a", 0, 0, 0.0),
           _rec("decision-01", "Decision", "a+memory", "a", 0, 1, 1.0)]
    _write_sweep(tmp_path / "a-mem", mem)
    return sorted(p for p in tmp_path.iterdir() if p.is_dir())


def test_human_swap_matrix_and_memory_comparison(tmp_path):
    recs = [r for d in _sweeps(tmp_path) for r in load_results(d)]
    assistants, humans, grid = human_swap(recs)
    assert assistants == ["a", "b"] and humans == ["a", "b"]
    for key, mcrs in SWAP.items():
        assert grid[key] == pytest.approx(100 * sum(mcrs) / 3)
    (mem,) = memory_comparison(recs)
    # pass over families, equal weight: without memory G=1, P=0, A=0, D=1 -> 50 %; with memory 75 %
    assert (mem["assistant"], mem["human"], mem["pass_without"], mem["pass_with"]) == ("a", "a", 50.0, 75.0)
    board, cols = leaderboard(recs)
    assert [(r["assistant"], r["human"]) for r in board][0] == ("b", "b")  # 100 % everywhere
    # four of the six families were run: the header says the mean is over those
    assert cols[-2:] == [("avg_pass", "Avg Pass (4/6 families)"), ("avg_mcr", "Avg MCR (4/6 families)")]
    assert ("Guidance_pass", "Guidance Pass") in cols and ("Decision_mcr", "Decision MCR") in cols
    top = board[0]
    assert top["Guidance_pass"] == 100.0 and top["avg_mcr"] == 100.0


def test_report_of_several_sweeps_writes_one_comparison_with_plots(tmp_path, capsys):
    dirs = _sweeps(tmp_path / "runs")
    assert main(["report", *map(str, dirs)]) == 0
    out = capsys.readouterr().out
    assert "## Leaderboard: Pass and MCR per family (%)" in out and "## Human swap" in out and "## Memory" in out
    rep = tmp_path / "runs" / "report"
    for name in ("comparison.md", "leaderboard.csv", "human_swap.csv", "memory.csv", "leaderboard.png",
                 "human_swap.png", "memory.png"):
        assert (rep / name).is_file() and (rep / name).stat().st_size > 0, name
    res = write_comparison(dirs[:1], tmp_path / "one", plots=False)
    assert res["cells"] == 4 and "## Human swap" not in res["markdown"]


def test_the_average_header_says_over_how_many_families():
    from interactiveworld.bench.report import avg_columns

    assert avg_columns(6) == [("avg_pass", "Avg Pass"), ("avg_mcr", "Avg MCR")]
    assert avg_columns(1) == [("avg_pass", "Avg Pass (1/6 families)"), ("avg_mcr", "Avg MCR (1/6 families)")]


def test_a_folder_and_its_copy_count_each_cell_once(tmp_path):
    import shutil

    from interactiveworld.bench.compare import load_sweeps
    from interactiveworld.bench.identity import merge_copies

    a = tmp_path / "a"
    _write_sweep(a, [_rec("guidance-01", "Guidance", "m", "h", 0, 1, 1.0),
                     _rec("planning-01", "Planning", "m", "h", 0, 0, 0.5)])
    shutil.copytree(a, tmp_path / "a_copy")
    notes: list[str] = []
    recs = load_sweeps([a, tmp_path / "a_copy"], problems=notes)
    assert sorted((r["task_id"], r["seed"]) for r in recs) == [("guidance-01", 0), ("planning-01", 0)]
    assert len(notes) == 2 and all("2 copies of one cell" in n and "a_copy" in n for n in notes)
    assert repeats_table(recs) == []  # one seed per task: no k=2 row
    res = write_comparison([a, tmp_path / "a_copy"], tmp_path / "rep", plots=False)
    assert res["cells"] == 2 and "Repeated seeds" not in res["markdown"]
    # a second seed in another folder is a second sample, not a copy
    b = tmp_path / "b"
    _write_sweep(b, [_rec("guidance-01", "Guidance", "m", "h", 1, 0, 0.0)])
    rows = {r["k"]: r for r in repeats_table(load_sweeps([a, tmp_path / "a_copy", b]))}
    assert rows[2]["tasks"] == 1 and rows[2]["pass_at_k"] == 100.0 and rows[2]["pass_hat_k"] == 0.0
    # of a VOID copy and a scored copy, the scored one is kept, wherever it was read
    void = {**_rec("guidance-01", "Guidance", "m", "h", 0, None, None), "status": "void", "_path": "x"}
    kept, notes = merge_copies([void, {**_rec("guidance-01", "Guidance", "m", "h", 0, 1, 1.0), "_path": "y"}])
    assert [r["_path"] for r in kept] == ["y"] and "merged x" in notes[0]


def test_repeats_table_counts_a_repeated_seed_once():
    recs = [_rec("guidance-01", "Guidance", "m", "h", s, int(s == 0), 1.0) for s in (0, 0, 0, 1)]
    (row1, row2) = repeats_table(recs)
    # seeds {0: pass, 1: fail}: n=2, c=1 -> pass@2 = 1, pass^2 = 0 (not n=4, c=3)
    assert row2["k"] == 2 and row2["pass_at_k"] == 100.0 and row2["pass_hat_k"] == 0.0
    assert row1["pass_at_k"] == pytest.approx(50.0)
