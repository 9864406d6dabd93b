"""Benchmark metrics (paper section 4, appendix C.3; DESIGN.md "Metrics"; ``docs/metrics.md``).

* **PassRate and MCR per family** (eq. 6): the mean strict pass ``s_t`` and the mean task-normalised
  completion ``c_t`` of the family evaluator (:mod:`.evaluators`), given twice: over the catalog's 20 tasks
  of the family (a task not run counts 0; the paper's denominator) and over the tasks present. Seeds of one
  task are averaged first, so every task weighs the same.
* **Efficiency** on strict successes (appendix C.3.3): actions up to the stable-completion index (refused
  actions included, post-completion actions excluded) / the task's shortest legal oracle
  (``oracle.step_count``), averaged over a task's passing seeds first (paired per task), then over tasks.
  Planning rows add the metres walked (the route term of Table 8), never folded into MCR.
* **Capability score** per C1-C9 (eq. 7): evaluation points pooled over the valid cells,
  ``CapScore(k) = 100 * sum(clean_pass) / sum(points)``; labels are decided by :mod:`.capabilities`.

Every rate carries a 95 % bootstrap interval over tasks (percentile method, 2000 resamples, fixed seed;
``scipy.stats.bootstrap``): tasks are resampled with replacement within each family (the ``All`` row
resamples every family independently); None when fewer than two tasks back the number.
"""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import numpy as np
from scipy import stats

from .capabilities import LABELS
from .families import Family
from .identity import split_agents_folder
from .jsonsafe import field_problem
from .logs import EVAL_NAME, EvalFileError, find_cells, load_eval, read_header

CAPABILITY_IDS = tuple(f"C{i}" for i in range(1, 10))
CATALOG_TASKS = 20
"""Tasks per family in the catalog (paper appendix C.4): the eq. 6 denominator."""
BOOTSTRAP_RESAMPLES = 2000
BOOTSTRAP_SEED = 0


UNREADABLE = "unreadable"
"""``status`` of a cell whose ``eval.json`` cannot be used; counted as VOID (never scored)."""


EVAL_FIELD_KINDS = {
    "assistant": "str|null", "human": "str|null", "seed": "int|null", "taskpack_hash": "str|null",
    "stop_reason": "str|null", "void_reason": "str|null", "evaluator": "str|object|null",
    "points": "list", "windows": "list", "capabilities": "list",
    "ticks": "count|null", "actions": "number|null", "refused_actions": "count|null", "oracle_actions": "number|null",
    "stable_completion_action": "number|null", "efficiency": "number|null", "route_m": "number|null",
    "interventions": "count|null", "leaks": "count|list|null", "invalid_assistant_turns": "count|null",
    "invalid_human_turns": "count|null", "repairs": "count|list|null", "calls": "count|null",
    "cache_hits": "count|null", "prompt_tokens": "count|null", "completion_tokens": "count|null",
    "cost_usd": "number|null", "cache_hit_cost_usd": "number|null", "frames": "count|null",
    "wall_s": "number|null", "timing": "object|null", "manifest": "object|null"}
"""Kinds (:func:`.jsonsafe.field_problem`) of the ``eval.json`` fields the tables, pages and ledgers read, as
:meth:`.episode.Episode` writes them; a record breaking one is counted UNREADABLE, naming the field."""


def eval_record_problem(rec: dict[str, Any]) -> str | None:
    """Why an ``eval.json`` record cannot enter the tables (a missing or mistyped field, one line naming it), or
    None. Checks ``task_id``, ``family`` and ``status`` (strings, required), the kinds of
    :data:`EVAL_FIELD_KINDS`, and in a valid cell ``passed``, ``completion`` and the capability points."""
    for key in ("task_id", "family", "status"):
        if not isinstance(rec.get(key), str):
            return f"field {key!r} missing or not a string"
    why = field_problem(rec, EVAL_FIELD_KINDS)
    if why is not None:
        return why
    if rec["status"] != "valid":
        return None
    if rec.get("passed") not in (0, 1) or isinstance(rec.get("passed"), bool):
        return f"field 'passed' must be 0 or 1 in a valid cell, got {rec.get('passed')!r}"
    c = rec.get("completion")
    if not isinstance(c, (int, float)) or isinstance(c, bool) or not 0.0 <= c <= 1.0:
        return f"field 'completion' must be a number in [0, 1] in a valid cell, got {c!r}"
    for key in ("actions", "oracle_actions"):
        v = rec.get(key)
        if v is not None and (not isinstance(v, (int, float)) or isinstance(v, bool) or v < 0):
            return f"field {key!r} must be a non-negative number, got {v!r}"
    caps = rec.get("capabilities", [])
    if not isinstance(caps, list) or not all(
            isinstance(p, dict) and p.get("capability") in CAPABILITY_IDS and p.get("label") in LABELS for p in caps):
        return "field 'capabilities' must be a list of points with a capability C1-C9 and a known label"
    return None


def _unreadable_record(cell: Path, reason: str) -> dict[str, Any]:
    """A stand-in for a cell whose ``eval.json`` is unusable: identity from the trace header, else the
    folder names (``<assistant>__<human>-<hash>/<task_id>/seed<k>``)."""
    head = read_header(cell) or {}
    task = head.get("task_id") if isinstance(head.get("task_id"), str) else cell.parent.name
    assistant, human = split_agents_folder(cell.parent.parent.name)
    family = head.get("family")
    if not isinstance(family, str):
        try:
            family = Family.parse(task.partition("-")[0]).value
        except ValueError:
            family = "unknown"
    seed: Any = head.get("seed")
    if seed is None and cell.name.startswith("seed") and cell.name[4:].isdigit():
        seed = int(cell.name[4:])
    return {"task_id": task, "family": family, "assistant": head.get("assistant", assistant or None),
            "human": head.get("human", human or None), "seed": seed, "status": UNREADABLE,
            "stop_reason": None, "void_reason": f"unreadable eval.json: {reason}", "passed": None,
            "completion": None, "capabilities": []}


def run_folder_problem(path: Path) -> str:
    """Why ``path`` (which is not a folder) cannot be read as a run folder, naming what it is instead."""
    if path.is_file():
        hint = (" (a cell's result: give the run folder above it)" if path.name == EVAL_NAME else
                " (give the folder 'iw-eval run --out' wrote, holding sweep.json and the cell folders)")
        return f"{path}: is a file, not a run folder{hint}"
    return f"{path}: no such run folder"


def load_results(run_dir: str | Path, *, problems: list[str] | None = None) -> list[dict[str, Any]]:
    """Every cell's ``eval.json`` under a run folder (any depth), in path order.

    Attempts archived under a cell's ``attempts/`` folder are not read. An ``eval.json`` that cannot
    be read, is not JSON or lacks the fields the tables need is never dropped: it becomes a record
    with ``status`` :data:`UNREADABLE` (counted as VOID, with ``void_reason`` naming the problem),
    and a line naming the file is appended to ``problems``. Cells with a trace but no ``eval.json``
    (unfinished) are not results; they are listed in ``problems`` too.
    """
    out = []
    for cell in find_cells(run_dir):
        try:
            rec = load_eval(cell)
        except EvalFileError as exc:
            rec = _unreadable_record(cell, exc.reason)
            if problems is not None:
                problems.append(f"{exc}; counted as VOID (re-run the sweep to redo the cell)")
        else:
            if rec is None:
                if problems is not None:
                    problems.append(f"{cell}: unfinished (no {EVAL_NAME}); not reported (run the sweep again to "
                                    f"finish it)")
                continue
            why = eval_record_problem(rec)
            if why is not None:
                rec = _unreadable_record(cell, why)
                if problems is not None:
                    problems.append(f"{cell / EVAL_NAME}: {why}; counted as VOID (re-run the sweep to redo the cell)")
        rec["_path"] = str(cell)
        out.append(rec)
    return out


def _mean(xs: Iterable[float]) -> float | None:
    xs = list(xs)
    return sum(xs) / len(xs) if xs else None


def _by_task(records: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        by[r["task_id"]].append(r)
    return by


def agent_key(rec: dict[str, Any]) -> str:
    """How a result is grouped: ``"<assistant> | <human>"``."""
    return f"{rec.get('assistant')} | {rec.get('human')}"


def _named(rows: list[dict[str, Any]], records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Add separate ``assistant`` and ``human`` fields to rows keyed by :func:`agent_key`."""
    names = {agent_key(r): (r.get("assistant"), r.get("human")) for r in records}
    for row in rows:
        row["assistant"], row["human"] = names.get(row["agents"], (None, None))
    return rows


def bootstrap_ci(samples: Sequence[Sequence[float]], statistic: Callable[..., float], *,
                 confidence: float = 0.95) -> tuple[float, float] | None:
    """A percentile bootstrap interval of ``statistic(*samples)``, each sample resampled independently
    (``scipy.stats.bootstrap``, :data:`BOOTSTRAP_RESAMPLES` resamples, seed :data:`BOOTSTRAP_SEED`).

    Args:
        samples: one 1-D sample per stratum (e.g. per-task values of one family). A stratum with a single
            value has no spread and is held fixed.
        statistic: a function of the samples (numpy arrays) returning a float; it must accept an ``axis``
            keyword and reduce along it (scipy's vectorised form).
        confidence: the interval's coverage.

    Returns:
        (low, high), or None when no stratum has two values (nothing to resample) or a stratum is empty.
    """
    arrays = [np.asarray(s, dtype=np.float64) for s in samples]
    if not arrays or any(a.size == 0 for a in arrays):
        return None
    free = [i for i, a in enumerate(arrays) if a.size >= 2]
    if not free:
        return None

    def stat(*xs: np.ndarray, axis: int = -1) -> np.ndarray:
        # strata held fixed are broadcast to the resampled batch shape
        shape = xs[0].shape[:-1] if axis == -1 else None
        full, it = [], iter(xs)
        for i, a in enumerate(arrays):
            full.append(next(it) if i in free else np.broadcast_to(a, (*shape, a.size)))
        return statistic(*full, axis=axis)

    resampled = [arrays[i] for i in free]
    if all(np.all(a == a[0]) for a in resampled):
        v = float(stat(*resampled, axis=-1))
        return (v, v)
    res = stats.bootstrap(resampled, stat, n_resamples=BOOTSTRAP_RESAMPLES, confidence_level=confidence,
                          method="percentile", random_state=np.random.default_rng(BOOTSTRAP_SEED))
    return (float(res.confidence_interval.low), float(res.confidence_interval.high))


def _pct(ci: tuple[float, float] | None) -> tuple[float, float] | None:
    return None if ci is None else (100.0 * ci[0], 100.0 * ci[1])


def _family_order(names: Iterable[str]) -> list[str]:
    known = [f.value for f in Family]
    names = set(names)
    return [f for f in known if f in names] + sorted(names - set(known))


def _task_values(records: list[dict[str, Any]]) -> tuple[list[float], list[float]]:
    """Per-task mean strict pass and completion over the valid cells (seeds averaged first)."""
    passes, mcrs = [], []
    for _, rs in sorted(_by_task([r for r in records if r.get("status") == "valid"]).items()):
        passes.append(_mean(float(r["passed"]) for r in rs))
        mcrs.append(_mean(float(r["completion"]) for r in rs))
    return passes, mcrs


def _mean_axis(*xs: np.ndarray, axis: int = -1) -> np.ndarray:
    return np.mean([np.mean(x, axis=axis) for x in xs], axis=0)


def _catalog_stat(n_catalog: Sequence[int]) -> Callable[..., np.ndarray]:
    def stat(*xs: np.ndarray, axis: int = -1) -> np.ndarray:
        return np.mean([np.sum(x, axis=axis) / n for x, n in zip(xs, n_catalog)], axis=0)
    return stat


def family_table(records: list[dict[str, Any]], *, catalog_tasks: int = CATALOG_TASKS) -> list[dict[str, Any]]:
    """Per (agents, family) rows of eq. 6, plus an ``All`` row per agent pair (families weigh equally).

    Keys: ``agents`` (:func:`agent_key`), ``assistant``, ``human``, ``family``, ``tasks`` (tasks with a valid
    cell), ``cells``, ``void``; over the tasks present ``pass_rate``, ``mcr`` and their intervals
    ``pass_rate_ci``, ``mcr_ci``; over the catalog ``catalog`` (its size: ``catalog_tasks``, or the tasks
    present when there are more), ``pass_catalog``, ``mcr_catalog``, ``pass_catalog_ci``, ``mcr_catalog_ci``.
    Rates in percent, intervals as (low, high) in percent or None. VOID cells are left out (counted in ``void``).
    """
    rows = []
    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        groups[(agent_key(r), r["family"])].append(r)
    fam_order = _family_order(fam for _, fam in groups)
    for agent in sorted({k for k, _ in groups}):
        fam_rows, samples = [], []
        for fam in fam_order:
            recs = groups.get((agent, fam))
            if not recs:
                continue
            valid = [r for r in recs if r.get("status") == "valid"]
            passes, mcrs = _task_values(recs)
            n_cat = max(catalog_tasks, len(passes))
            row = {"agents": agent, "family": fam, "tasks": len(passes), "cells": len(recs),
                   "void": len(recs) - len(valid), "catalog": n_cat}
            row.update(_rates(passes, mcrs, n_cat))
            fam_rows.append(row)
            if passes:
                samples.append((passes, mcrs, n_cat))
        rows += fam_rows
        if samples:
            p = [s[0] for s in samples]
            m = [s[1] for s in samples]
            cat = _catalog_stat([s[2] for s in samples])
            scored = [r for r in fam_rows if r["pass_rate"] is not None]
            rows.append({
                "agents": agent, "family": "All", "tasks": sum(r["tasks"] for r in fam_rows),
                "cells": sum(r["cells"] for r in fam_rows), "void": sum(r["void"] for r in fam_rows),
                "catalog": sum(s[2] for s in samples),
                "pass_rate": _mean(r["pass_rate"] for r in scored), "mcr": _mean(r["mcr"] for r in scored),
                "pass_catalog": _mean(r["pass_catalog"] for r in scored),
                "mcr_catalog": _mean(r["mcr_catalog"] for r in scored),
                "pass_rate_ci": _pct(bootstrap_ci(p, _mean_axis)), "mcr_ci": _pct(bootstrap_ci(m, _mean_axis)),
                "pass_catalog_ci": _pct(bootstrap_ci(p, cat)), "mcr_catalog_ci": _pct(bootstrap_ci(m, cat))})
    return _named(rows, records)


def _rates(passes: list[float], mcrs: list[float], n_cat: int) -> dict[str, Any]:
    if not passes:
        return {"pass_rate": None, "mcr": None, "pass_catalog": None, "mcr_catalog": None, "pass_rate_ci": None,
                "mcr_ci": None, "pass_catalog_ci": None, "mcr_catalog_ci": None}
    cat = _catalog_stat([n_cat])
    return {"pass_rate": 100.0 * _mean(passes), "mcr": 100.0 * _mean(mcrs),
            "pass_catalog": 100.0 * sum(passes) / n_cat, "mcr_catalog": 100.0 * sum(mcrs) / n_cat,
            "pass_rate_ci": _pct(bootstrap_ci([passes], _mean_axis)), "mcr_ci": _pct(bootstrap_ci([mcrs], _mean_axis)),
            "pass_catalog_ci": _pct(bootstrap_ci([passes], cat)), "mcr_catalog_ci": _pct(bootstrap_ci([mcrs], cat))}


def _completion_actions(r: dict[str, Any]) -> float | None:
    v = r.get("stable_completion_action")
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def efficiency_table(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per (agents, family) over strict successes: ``efficiency`` = mean over tasks of (actions up to the
    stable-completion index / the shortest legal oracle's actions), each task's ratio averaged over its
    passing seeds first; ``efficiency_ci`` its bootstrap interval; ``tasks`` the tasks with a strict success;
    ``route_m`` the mean metres walked per success where the evaluator reports a route (Planning), else None.
    """
    rows = []
    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        if r.get("status") == "valid" and r.get("passed") == 1 and r.get("oracle_actions") and \
                _completion_actions(r) is not None:
            groups[(agent_key(r), r["family"])].append(r)
    for (agent, fam), recs in sorted(groups.items()):
        ratios, routes = [], []
        for _, rs in sorted(_by_task(recs).items()):
            ratios.append(_mean(_completion_actions(r) / r["oracle_actions"] for r in rs))
            rm = [r["route_m"] for r in rs if isinstance(r.get("route_m"), (int, float))]
            if rm:
                routes.append(_mean(rm))
        rows.append({"agents": agent, "family": fam, "tasks": len(ratios), "efficiency": _mean(ratios),
                     "efficiency_ci": bootstrap_ci([ratios], _mean_axis), "route_m": _mean(routes)})
    return _named(rows, records)


def _pooled(*xs: np.ndarray, axis: int = -1) -> np.ndarray:
    """Pooled rate of (clean_pass, points) pairs stacked as one sample of 2-vectors per task."""
    p, n = xs
    return np.sum(p, axis=axis) / np.maximum(np.sum(n, axis=axis), 1)


def capability_table(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per (agents, capability): pooled point counts per label, ``points`` (non-void), ``score`` (eq. 7, percent),
    ``score_ci`` (bootstrap over tasks, points pooled per task, percent) and ``tasks``.

    VOID cells contribute nothing (their points are ``void`` and outside the denominator).
    """
    counts: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: {lab: 0 for lab in LABELS})
    per_task: dict[tuple[str, str], dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for r in records:
        if r.get("status") != "valid":
            continue
        agent = agent_key(r)
        for pt in r.get("capabilities", []):
            key = (agent, pt["capability"])
            counts[key][pt["label"]] += 1
            if pt["label"] != "void":
                cell = per_task[key][r["task_id"]]
                cell[0] += pt["label"] == "clean_pass"
                cell[1] += 1
    rows = []
    for (agent, cap), c in sorted(counts.items()):
        denom = sum(v for k, v in c.items() if k != "void")
        tasks = list(per_task[(agent, cap)].values())
        ci = None
        if len(tasks) >= 2:
            # resample tasks as pairs: one sample of task indices drives both the numerator and denominator
            p = np.array([t[0] for t in tasks], dtype=float)
            n = np.array([t[1] for t in tasks], dtype=float)
            ci = _pct(_paired_bootstrap(p, n))
        rows.append({"agents": agent, "capability": cap, "points": denom, "tasks": len(tasks), **c,
                     "score": 100.0 * c["clean_pass"] / denom if denom else None, "score_ci": ci})
    return _named(rows, records)


def _paired_bootstrap(p: np.ndarray, n: np.ndarray) -> tuple[float, float]:
    if np.all(p / n == p[0] / n[0]):
        v = float(p.sum() / n.sum())
        return (v, v)
    res = stats.bootstrap((p, n), _pooled, paired=True, n_resamples=BOOTSTRAP_RESAMPLES, method="percentile",
                          random_state=np.random.default_rng(BOOTSTRAP_SEED))
    return (float(res.confidence_interval.low), float(res.confidence_interval.high))


def void_cells(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The VOID cells (unreadable ones included) with their reasons."""
    return [{"agents": agent_key(r), "assistant": r.get("assistant"), "human": r.get("human"),
             "task_id": r["task_id"], "seed": r.get("seed"), "stop_reason": r.get("stop_reason"),
             "void_reason": r.get("void_reason")}
            for r in records if r.get("status") != "valid"]


__all__ = ["LABELS", "CAPABILITY_IDS", "CATALOG_TASKS", "UNREADABLE", "load_results", "run_folder_problem",
           "eval_record_problem", "EVAL_FIELD_KINDS", "family_table", "efficiency_table", "capability_table",
           "void_cells", "agent_key", "bootstrap_ci"]
