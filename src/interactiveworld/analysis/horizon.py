"""Task horizon and success (paper appendix D.4, Figures 6 and 9): ``iw-eval report --horizon SWEEP...``.

* **Horizon.** ``B_t`` is the reference run's action count of task ``t`` (``oracle_actions`` of its cells, the
  TaskPack's ``oracle.step_count``: the shortest legal oracle), never the actions a model took. Within each family
  ``F`` it is normalised as ``h_t = (B_t - min_{j in F} B_j) / (max_{j in F} B_j - min_{j in F} B_j)`` over the tasks
  of ``F`` present (D.4); a family whose tasks all have the same ``B`` has no horizon and is left out.
* **Curves (Figure 9).** For every model (Assistant | Human pair) and family, a Firth-penalised logistic fit of
  strict pass against ``h`` over its valid cells (:mod:`.firth`); per family and over all families the pooled fit
  across models, with a pointwise 95 % task-bootstrap band: tasks are resampled with replacement within each
  family and every cell of a resampled task comes along (all models' outcomes of a task stay together). A
  resample left with one horizon value fits the intercept only (a flat curve).
* **Figure 6.** Each model's mean pass rate at each normalised horizon step, per family.
* **Main test.** The task-level mean outcome ``y_t`` (each model's seeds averaged first, then the models) is
  regressed on ``h_t`` with family fixed effects (a linear probability model); its slope is the within-family
  estimator ``sum_F sum_t (h_t - mean_F h)(y_t - mean_F y) / sum_F sum_t (h_t - mean_F h)^2``. Its 95 % interval is
  the percentile bootstrap over tasks resampled within families (:func:`task_bootstrap`: 2000 resamples, seed 0,
  as :mod:`interactiveworld.bench.metrics`; a resample that leaves no horizon spread has no slope and is dropped
  and counted), and its one-sided p-value (H1: slope < 0) comes from permuting the
  outcomes ``y_t`` among the tasks of each family (a task's outcomes move together): exact over every
  within-family permutation when there are at most ``permutations`` of them, else ``permutations`` random ones
  with ``p = (1 + #{slope* <= slope}) / (1 + permutations)``. Per-family slopes are given the same way.
"""
from __future__ import annotations

import itertools
import math
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np

from ..bench.compare import load_sweeps
from ..bench.families import Family
from ..bench.identity import separate_keys
from ..bench.metrics import BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED, agent_key
from ..bench.report import markdown_table, with_ci, write_csv
from .firth import FirthFit, firth_logit

__all__ = ["normalised_horizon", "fe_slope", "slope_test", "permutation_p", "task_bootstrap", "horizon_data",
           "fit_curves",
           "write_horizon_report", "PERMUTATIONS", "GRID"]

PERMUTATIONS = 20_000
"""Random within-family permutations of the one-sided test (exact enumeration when there are fewer)."""
GRID = np.linspace(0.0, 1.0, 51)
"""Normalised horizons at which curves and bands are evaluated."""


def normalised_horizon(lengths: dict[str, float], family: dict[str, str]) -> dict[str, float]:
    """``h_t`` of paper appendix D.4 for every task whose family has at least two distinct lengths.

    Args:
        lengths: task id -> reference action count ``B_t``.
        family: task id -> family name.

    Returns:
        task id -> ``h_t`` in [0, 1] (0: the shortest task of its family, 1: the longest).
    """
    by: dict[str, list[str]] = defaultdict(list)
    for t in lengths:
        by[family[t]].append(t)
    out = {}
    for tasks in by.values():
        lo, hi = min(lengths[t] for t in tasks), max(lengths[t] for t in tasks)
        if hi > lo:
            out.update({t: (lengths[t] - lo) / (hi - lo) for t in tasks})
    return out


def fe_slope(h: Sequence[np.ndarray], y: Sequence[np.ndarray], axis: int = -1) -> np.ndarray:
    """Family-fixed-effects least-squares slope of ``y`` on ``h`` (module docstring), vectorised.

    Args:
        h, y: one array per family, shape (..., n_f) (batch dimensions broadcast).
        axis: the task axis (last).

    Returns:
        The slope, shape of the batch dimensions (NaN where no family has horizon spread).
    """
    num, den = 0.0, 0.0
    for hf, yf in zip(h, y):
        hc = hf - np.mean(hf, axis=axis, keepdims=True)
        yc = yf - np.mean(yf, axis=axis, keepdims=True)
        num = num + np.sum(hc * yc, axis=axis)
        den = den + np.sum(hc * hc, axis=axis)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(np.asarray(den) > 0, num / np.where(np.asarray(den) > 0, den, 1.0), np.nan)


def permutation_p(h: Sequence[np.ndarray], y: Sequence[np.ndarray], *, permutations: int = PERMUTATIONS,
                  seed: int = BOOTSTRAP_SEED) -> tuple[float, bool]:
    """One-sided p-value (slope < 0) of :func:`fe_slope` under within-family permutations of ``y``.

    Returns:
        (p, exact): exact over all ``prod_F n_F!`` permutations when that is at most ``permutations`` (the observed
        order included, ``p = #{slope* <= slope} / N``), else Monte Carlo with ``(1 + #) / (1 + permutations)``.
    """
    h = [np.asarray(a, dtype=np.float64) for a in h]
    y = [np.asarray(a, dtype=np.float64) for a in y]
    observed = float(fe_slope(h, y))
    eps = 1e-12 * max(1.0, abs(observed))  # ties with the observed slope count as at least as extreme
    total = math.prod(math.factorial(len(a)) for a in y)
    if total <= permutations:
        count = 0
        for perm in itertools.product(*[itertools.permutations(range(len(a))) for a in y]):
            count += float(fe_slope(h, [a[list(p)] for a, p in zip(y, perm)])) <= observed + eps
        return count / total, True
    rng = np.random.default_rng(seed)
    count, left = 0, permutations
    while left:
        batch = min(left, 5000)
        ys = [np.take_along_axis(np.broadcast_to(a, (batch, a.size)),
                                 np.argsort(rng.random((batch, a.size)), axis=1), axis=1) for a in y]
        count += int(np.sum(fe_slope([np.broadcast_to(a, (batch, a.size)) for a in h], ys) <= observed + eps))
        left -= batch
    return (1 + count) / (1 + permutations), False


def slope_test(h: Sequence[np.ndarray], y: Sequence[np.ndarray], *,
               permutations: int = PERMUTATIONS) -> dict[str, Any]:
    """The family-adjusted slope with its bootstrap interval and permutation p (module docstring).

    Returns:
        ``{"slope", "ci": (low, high) or None, "p", "exact", "tasks"}``.
    """
    h = [np.asarray(a, dtype=np.float64) for a in h]
    y = [np.asarray(a, dtype=np.float64) for a in y]
    slope = float(fe_slope(h, y))

    def stat(ix: list[np.ndarray]) -> np.ndarray:
        return fe_slope([hf[i] for hf, i in zip(h, ix)], [yf[i] for yf, i in zip(y, ix)])[None, :]

    if math.isnan(slope):
        return {"slope": slope, "ci": None, "p": float("nan"), "exact": True, "tasks": sum(a.size for a in h),
                "undefined_resamples": 0}
    low, high, undefined = task_bootstrap([a.size for a in h], stat)
    p, exact = permutation_p(h, y, permutations=permutations)
    ci = None if low is None else (float(low[0]), float(high[0]))
    return {"slope": slope, "ci": ci, "p": p, "exact": exact, "tasks": sum(a.size for a in h),
            "undefined_resamples": undefined}


def task_bootstrap(strata: Sequence[int], statistic: Callable[[list[np.ndarray]], np.ndarray], *,
                   resamples: int = BOOTSTRAP_RESAMPLES, seed: int = BOOTSTRAP_SEED, confidence: float = 0.95,
                   batch: int = 500) -> tuple[np.ndarray | None, np.ndarray | None, int]:
    """Percentile bootstrap over tasks resampled with replacement within strata (families), the resample count,
    seed and convention of :func:`interactiveworld.bench.metrics.bootstrap_ci` (a stratum of one task is held
    fixed), for statistics that can be undefined on a resample (a family left with one horizon value): those
    resamples are dropped and counted.

    Args:
        strata: tasks per stratum.
        statistic: maps one index array per stratum, each (B, n_f) int, to values (K, B) float (NaN: undefined).
        resamples / seed / confidence: as in :mod:`interactiveworld.bench.metrics`.
        batch: resamples per call of ``statistic``.

    Returns:
        (low (K,), high (K,), undefined resamples); low and high are None when no stratum has two tasks or
        every resample was undefined.
    """
    if not any(n >= 2 for n in strata):
        return None, None, 0
    rng = np.random.default_rng(seed)
    draws = [rng.integers(0, n, size=(resamples, n)) if n >= 2 else np.zeros((resamples, n), dtype=np.int64)
             for n in strata]
    values = np.concatenate([np.asarray(statistic([d[i:i + batch] for d in draws]), dtype=np.float64)
                             for i in range(0, resamples, batch)], axis=-1)
    ok = ~np.any(np.isnan(values), axis=0)
    if not np.any(ok):
        return None, None, resamples
    alpha = 100.0 * (1.0 - confidence) / 2.0
    low, high = np.percentile(values[:, ok], [alpha, 100.0 - alpha], axis=-1)
    return low, high, int(np.sum(~ok))


def horizon_data(records: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    """Valid cells with their horizon: rows ``model``, ``task_id``, ``family``, ``B``, ``h``, ``passed``.

    Returns:
        (rows, notes): notes name tasks with disagreeing reference counts and families without horizon spread.
    """
    notes: list[str] = []
    lengths: dict[str, set[float]] = defaultdict(set)
    family: dict[str, str] = {}
    valid = [r for r in records if r.get("status") == "valid" and isinstance(r.get("oracle_actions"), (int, float))]
    for r in valid:
        lengths[r["task_id"]].add(float(r["oracle_actions"]))
        family[r["task_id"]] = r["family"]
    B = {}
    for t, vals in lengths.items():
        if len(vals) > 1:
            notes.append(f"{t}: cells disagree on the reference action count ({sorted(vals)}); the largest is used")
        B[t] = max(vals)
    h = normalised_horizon(B, family)
    for fam in sorted({family[t] for t in B if t not in h}):
        notes.append(f"{fam}: every task present has the same reference length; no horizon, left out")
    rows = [{"model": agent_key(r), "task_id": r["task_id"], "family": r["family"], "B": B[r["task_id"]],
             "h": h[r["task_id"]], "passed": int(r["passed"])} for r in valid if r["task_id"] in h]
    return rows, notes


def _fit(h: np.ndarray, y: np.ndarray) -> FirthFit:
    if np.ptp(h) == 0:
        return firth_logit(np.ones((h.size, 1)), y)
    return firth_logit(np.c_[np.ones(h.size), h], y)


def _curve(fit: FirthFit) -> np.ndarray:
    X = np.c_[np.ones(GRID.size), GRID] if fit.coef.size == 2 else np.ones((GRID.size, 1))
    return fit.predict(X)


def _pooled_band(rows: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Pooled Firth curve and its pointwise 95 % task-bootstrap band (tasks resampled within families)."""
    tasks = sorted({r["task_id"] for r in rows})
    by_task = {t: [r for r in rows if r["task_id"] == t] for t in tasks}
    fams = sorted({r["family"] for r in rows})
    members = [[i for i, t in enumerate(tasks) if by_task[t][0]["family"] == f] for f in fams]
    th = [np.array([r["h"] for r in by_task[t]]) for t in tasks]
    ty = [np.array([r["passed"] for r in by_task[t]], dtype=np.float64) for t in tasks]
    full = _curve(_fit(np.concatenate(th), np.concatenate(ty)))

    def stat(ix: list[np.ndarray]) -> np.ndarray:
        picks = np.concatenate([np.asarray(m)[i] for m, i in zip(members, ix)], axis=-1)
        out = np.empty((GRID.size, picks.shape[0]))
        for b, row in enumerate(picks):
            out[:, b] = _curve(_fit(np.concatenate([th[i] for i in row]), np.concatenate([ty[i] for i in row])))
        return out

    low, high, _ = task_bootstrap([len(m) for m in members], stat)
    return (full, full, full) if low is None else (full, low, high)


def fit_curves(rows: list[dict[str, Any]], *, band: bool = True) -> dict[str, Any]:
    """Per (model, family) Firth fits and per family (and ``All``) pooled fits with bands.

    Returns:
        ``{"models": [{"model", "family", "n", "coef": [b0, b1], "curve"}], "pooled": {family: {"curve", "low",
        "high", "coef"}}}``; curves are evaluated on :data:`GRID`.
    """
    models = []
    for (m, f) in sorted({(r["model"], r["family"]) for r in rows}):
        sub = [r for r in rows if r["model"] == m and r["family"] == f]
        fit = _fit(np.array([r["h"] for r in sub]), np.array([r["passed"] for r in sub], dtype=np.float64))
        models.append({"model": m, "family": f, "n": len(sub), "coef": fit.coef.tolist(), "curve": _curve(fit)})
    pooled = {}
    for f in [*_families(rows), "All"]:
        sub = rows if f == "All" else [r for r in rows if r["family"] == f]
        fit = _fit(np.array([r["h"] for r in sub]), np.array([r["passed"] for r in sub], dtype=np.float64))
        if band:
            full, lo, hi = _pooled_band(sub)
        else:
            full = lo = hi = _curve(fit)
        pooled[f] = {"curve": full, "low": lo, "high": hi, "coef": fit.coef.tolist()}
    return {"models": models, "pooled": pooled}


def _families(rows: list[dict[str, Any]]) -> list[str]:
    names = {r["family"] for r in rows}
    known = [f.value for f in Family]
    return [f for f in known if f in names] + sorted(names - set(known))


def task_outcomes(rows: list[dict[str, Any]]) -> dict[str, tuple[str, float, float]]:
    """task id -> (family, h, y_t) with ``y_t`` the mean over models of each model's seed-averaged pass."""
    per: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    meta = {}
    for r in rows:
        per[r["task_id"]][r["model"]].append(r["passed"])
        meta[r["task_id"]] = (r["family"], r["h"])
    return {t: (*meta[t], float(np.mean([np.mean(v) for v in per[t].values()]))) for t in per}


def _step_means(rows: list[dict[str, Any]]) -> dict[tuple[str, str], list[tuple[float, float]]]:
    acc: dict[tuple[str, str, float], list[int]] = defaultdict(list)
    for r in rows:
        acc[(r["model"], r["family"], r["h"])].append(r["passed"])
    out: dict[tuple[str, str], list[tuple[float, float]]] = defaultdict(list)
    for (m, f, h), v in sorted(acc.items()):
        out[(m, f)].append((h, 100.0 * float(np.mean(v))))
    return out


def _plots(out: Path, rows: list[dict[str, Any]], curves: dict[str, Any]) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fams = _families(rows)
    models = sorted({r["model"] for r in rows})
    palette = [plt.cm.tab10(i) for i in range(10) if i != 3]  # tab10's red is the pooled curve's colour
    colours = {m: palette[i % len(palette)] for i, m in enumerate(models)}
    written = []
    fig, axes = _panels(plt, len(fams), 3)
    steps = _step_means(rows)
    for ax, f in zip(axes.flat, fams):
        for m in models:
            pts = steps.get((m, f))
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", ms=3, color=colours[m], label=m)
        ax.set_title(f)
        ax.set_ylim(-5, 105)
        ax.set_xlabel("normalised horizon h")
        ax.set_ylabel("pass rate (%)")
    written.append(_save_panels(plt, fig, axes, len(fams), out / "horizon_steps.png"))

    panels = [*fams, "All"]
    fig, axes = _panels(plt, len(panels), 4)
    for ax, f in zip(axes.flat, panels):
        pooled = curves["pooled"][f]
        ax.fill_between(GRID, pooled["low"], pooled["high"], color="0.8", label="95% task bootstrap")
        for c in curves["models"]:
            if f == "All" or c["family"] == f:
                ax.plot(GRID, c["curve"], color=colours[c["model"]], lw=0.8, alpha=0.8,
                        label=c["model"] if f == fams[0] else None)
        ax.plot(GRID, pooled["curve"], color="red", lw=2, label="pooled")
        ax.set_title(f if f != "All" else "All families")
        ax.set_ylim(-0.02, 1.02)
        ax.set_xlabel("normalised horizon h")
        ax.set_ylabel("P(success)")
    written.append(_save_panels(plt, fig, axes, len(panels), out / "horizon_firth.png"))
    return written


def _panels(plt: Any, n: int, cols: int) -> tuple[Any, Any]:
    """A figure with ``n`` panels, at most ``cols`` per row."""
    cols = min(cols, n)
    rows = math.ceil(n / cols)
    return plt.subplots(rows, cols, figsize=(4.1 * cols, 3.2 * rows), squeeze=False)


def _save_panels(plt: Any, fig: Any, axes: Any, used: int, path: Path) -> Path:
    """Blank the unused panels, put the legend in the first one and write the PNG."""
    for ax in list(axes.flat)[used:]:
        ax.axis("off")
    axes.flat[0].legend(fontsize=6)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def write_horizon_report(run_dirs: Sequence[str | Path], out_dir: str | Path, *, plots: bool = True,
                         permutations: int = PERMUTATIONS) -> dict[str, Any]:
    """Write ``horizon.md``, ``horizon_tasks.csv``, ``horizon_fits.csv`` and the Figure 6 and 9 plots.

    Returns:
        ``{"markdown": text, "files": [paths], "overall": slope test, "families": {family: slope test},
        "decreasing": (k, m), "warnings": [lines]}``.

    Raises:
        FileNotFoundError: a folder does not exist, or no valid cell has a horizon.
    """
    warnings: list[str] = []
    records, notes = separate_keys(load_sweeps(list(run_dirs), problems=warnings))
    warnings += notes
    rows, notes = horizon_data(records)
    warnings += notes
    if not rows:
        raise FileNotFoundError(f"{', '.join(map(str, run_dirs))}: no valid cell of a family with horizon spread")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    tasks = task_outcomes(rows)
    fams = _families(rows)
    h = [np.array([tasks[t][1] for t in sorted(tasks) if tasks[t][0] == f]) for f in fams]
    y = [np.array([tasks[t][2] for t in sorted(tasks) if tasks[t][0] == f]) for f in fams]
    overall = slope_test(h, y, permutations=permutations)
    per_family = {f: slope_test([hf], [yf], permutations=permutations) for f, hf, yf in zip(fams, h, y)}
    curves = fit_curves(rows)
    decreasing = (sum(c["coef"][-1] < -1e-8 for c in curves["models"] if len(c["coef"]) == 2), len(curves["models"]))

    def line(name: str, t: dict[str, Any]) -> dict[str, Any]:
        ci = t["ci"]
        return {"scope": name, "tasks": t["tasks"], "slope": with_ci(t["slope"], ci, 3),
                "pp": f"{100 * t['slope']:.1f}" if not math.isnan(t["slope"]) else "-",
                "p": "-" if math.isnan(t["p"]) else f"{t['p']:.4g}" + (" (exact)" if t["exact"] else ""),
                "undefined": t.get("undefined_resamples", 0)}

    n_models = len({r["model"] for r in rows})
    md = ["# Task horizon and success (paper appendix D.4)", "",
          f"{len(tasks)} tasks, {n_models} model(s), {len(rows)} valid cells. Horizon: reference action count "
          f"normalised within each family (0 shortest, 1 longest).", "",
          "## Family-adjusted linear probability slope", "",
          "Task-level mean pass over models regressed on h with family fixed effects; 95 % bootstrap interval "
          "over tasks resampled within families (resamples left without horizon spread have no slope and are "
          "dropped); one-sided permutation p (slope < 0), outcomes permuted among each family's tasks.", "",
          markdown_table([line("All (family fixed effects)", overall)] + [line(f, per_family[f]) for f in fams],
                         [("scope", "Scope"), ("tasks", "Tasks"), ("slope", "Slope [95% CI]"),
                          ("pp", "Points, h 0 to 1"), ("p", "p (one-sided)"),
                          ("undefined", "Resamples without spread")]), "",
          f"Model-family Firth curves that decrease with h: {decreasing[0]} of {decreasing[1]}.", "",
          "## Firth logistic fits (logit P(pass) = b0 + b1 h)", "",
          markdown_table([{"model": c["model"], "family": c["family"], "n": c["n"], "b0": c["coef"][0],
                           "b1": c["coef"][1] if len(c["coef"]) == 2 else None} for c in curves["models"]]
                         + [{"model": "pooled", "family": f, "n": None, "b0": p["coef"][0],
                             "b1": p["coef"][1] if len(p["coef"]) == 2 else None}
                            for f, p in curves["pooled"].items()],
                         [("model", "Model"), ("family", "Family"), ("n", "Cells"), ("b0", "b0"), ("b1", "b1")],
                         nd=3), ""]
    files = [out / "horizon.md", out / "horizon_tasks.csv", out / "horizon_fits.csv"]
    files[0].write_text("\n".join(md), encoding="utf-8")
    write_csv(files[1], [{"task_id": t, "family": f, "h": hh, "mean_pass": yy}
                         for t, (f, hh, yy) in sorted(tasks.items())],
              ["task_id", "family", "h", "mean_pass"])
    write_csv(files[2], [{"model": c["model"], "family": c["family"], "n": c["n"], "b0": c["coef"][0],
                          "b1": c["coef"][1] if len(c["coef"]) == 2 else None} for c in curves["models"]],
              ["model", "family", "n", "b0", "b1"])
    if plots:
        files += _plots(out, rows, curves)
    return {"markdown": "\n".join(md), "files": [str(f) for f in files], "overall": overall, "families": per_family,
            "decreasing": decreasing, "warnings": warnings}
