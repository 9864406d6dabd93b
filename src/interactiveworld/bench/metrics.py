"""Benchmark metrics (paper section 4, appendix C.3; DESIGN.md "Metrics").

* Pass rate per family: mean strict pass ``s_t`` over tasks; MCR: mean task-normalised completion
  ``c_t`` (eq. 6). Seeds of one task are averaged first, so every task weighs the same.
* Efficiency on strict successes: actions taken (refused actions included) / the task's oracle
  actions, paired per task before averaging (appendix C.3.3).
* Capability score per C1-C9: evaluation points pooled over tasks, each point one label --
  ``clean_pass``, ``wrong``, ``abstain``, ``unobserved``, ``assisted`` or ``void`` -- and
  ``CapScore(k) = 100 * sum(clean_pass) / sum(points)`` over non-void evaluations (eq. 7).

Point labels (a point holds when its scorer condition is true in the final world/trace and, if it
declares ``assistant_says``, the Assistant's speech matches):

=============  ===================================================================================
clean_pass     the point holds and the Assistant intervened in the episode
assisted       the point holds but the Assistant never intervened (the Human or the opening did it)
wrong          the point fails after the Assistant intervened and the Human acted on its guidance
abstain        the point fails; the Assistant intervened but no command followed any intervention
unobserved     the point fails and the Assistant never intervened (silence, premature ``done``)
void           the cell is VOID (infrastructure); excluded from the denominator
=============  ===================================================================================

Only ``clean_pass`` counts as passed; the other non-void labels stay in the denominator.
"""
from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path
from typing import Any, Iterable

from . import scoring
from .families import Family
from .logs import EVAL_NAME

LABELS = ("clean_pass", "wrong", "abstain", "unobserved", "assisted", "void")
CAPABILITY_IDS = tuple(f"C{i}" for i in range(1, 10))


def label_capabilities(taskpack: Any, *, final: frozenset, baseline: frozenset, trace: list[Any],
                       assistant_speech: str, intervened: bool, acted_on_guidance: bool) -> list[dict[str, Any]]:
    """Label every capability evaluation point of a finished (valid) episode.

    Returns:
        One dict per point: ``capability``, ``atom`` (its name), ``point`` (id), ``holds``, ``label``.
    """
    out = []
    for atom in taskpack.capabilities:
        for pt in atom.points:
            holds = bool(scoring.evaluate(pt.condition, final=final, baseline=baseline, trace=trace,
                                          require_change=False))
            if holds and pt.assistant_says is not None:
                holds = re.search(pt.assistant_says, assistant_speech, re.I) is not None
            if holds:
                label = "clean_pass" if intervened else "assisted"
            elif not intervened:
                label = "unobserved"
            else:
                label = "wrong" if acted_on_guidance else "abstain"
            out.append({"capability": atom.capability, "atom": atom.name, "point": pt.id, "holds": holds,
                        "label": label})
    return out


UNREADABLE = "unreadable"
"""``status`` of a cell whose ``eval.json`` cannot be used; counted as VOID (never scored)."""


def eval_record_problem(rec: dict[str, Any]) -> str | None:
    """Why an ``eval.json`` record cannot enter the tables (a missing or mistyped field), or None."""
    for key in ("task_id", "family", "status"):
        if not isinstance(rec.get(key), str):
            return f"field {key!r} missing or not a string"
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
    folder names (``<assistant>__<human>/<task_id>/seed<k>``)."""
    from .logs import read_header

    head = read_header(cell) or {}
    task = head.get("task_id") if isinstance(head.get("task_id"), str) else cell.parent.name
    agents = cell.parent.parent.name
    assistant, _, human = agents.partition("__")
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


def load_results(run_dir: str | Path, *, problems: list[str] | None = None) -> list[dict[str, Any]]:
    """Every cell's ``eval.json`` under a run folder (any depth), in path order.

    Attempts archived under a cell's ``attempts/`` folder are not read. An ``eval.json`` that cannot
    be read, is not JSON or lacks the fields the tables need is never dropped: it becomes a record
    with ``status`` :data:`UNREADABLE` (counted as VOID, with ``void_reason`` naming the problem),
    and a line naming the file is appended to ``problems``. Cells with a trace but no ``eval.json``
    (unfinished) are not results; they are listed in ``problems`` too.
    """
    from .logs import EvalFileError, find_cells, load_eval

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


def family_table(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per (agents, family) rows: ``agents`` (:func:`agent_key`), ``assistant``, ``human``, ``family``,
    ``tasks``, ``cells``, ``void``, ``pass_rate`` and ``mcr`` in percent.

    Seeds are averaged per task first; VOID cells are left out (and counted in ``void``).
    An ``All`` row per agent pair averages the families present with equal weight.
    """
    rows = []
    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        groups[(agent_key(r), r["family"])].append(r)
    known = [f.value for f in Family]
    fam_order = known + sorted({fam for _, fam in groups} - set(known))
    agents = sorted({k for k, _ in groups})
    for agent in agents:
        fam_rows = []
        for fam in fam_order:
            recs = groups.get((agent, fam))
            if not recs:
                continue
            valid = [r for r in recs if r.get("status") == "valid"]
            per_task_pass, per_task_mcr = [], []
            for _, rs in sorted(_by_task(valid).items()):
                per_task_pass.append(_mean(float(r["passed"]) for r in rs))
                per_task_mcr.append(_mean(float(r["completion"]) for r in rs))
            pr, mcr = _mean(per_task_pass), _mean(per_task_mcr)
            row = {"agents": agent, "family": fam, "tasks": len(per_task_pass), "cells": len(recs),
                   "void": len(recs) - len(valid),
                   "pass_rate": None if pr is None else 100.0 * pr, "mcr": None if mcr is None else 100.0 * mcr}
            fam_rows.append(row)
        rows += fam_rows
        scored = [r for r in fam_rows if r["pass_rate"] is not None]
        if scored:
            rows.append({"agents": agent, "family": "All", "tasks": sum(r["tasks"] for r in fam_rows),
                         "cells": sum(r["cells"] for r in fam_rows), "void": sum(r["void"] for r in fam_rows),
                         "pass_rate": _mean(r["pass_rate"] for r in scored), "mcr": _mean(r["mcr"] for r in scored)})
    return _named(rows, records)


def efficiency_table(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per (agents, family): mean over tasks with a strict success of (actions / oracle actions).

    For each task the ratio is averaged over its passing seeds first (paired per task), then over
    tasks; ``tasks`` is the number of tasks with at least one strict success.
    """
    rows = []
    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        if r.get("status") == "valid" and r.get("passed") == 1 and r.get("oracle_actions"):
            groups[(agent_key(r), r["family"])].append(r)
    for (agent, fam), recs in sorted(groups.items()):
        ratios = [_mean(r["actions"] / r["oracle_actions"] for r in rs) for _, rs in sorted(_by_task(recs).items())]
        rows.append({"agents": agent, "family": fam, "tasks": len(ratios), "efficiency": _mean(ratios)})
    return _named(rows, records)


def capability_table(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per (agents, capability): pooled point counts per label and CapScore in percent (eq. 7).

    VOID cells contribute ``void`` labels only and are excluded from the denominator.
    """
    counts: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: {lab: 0 for lab in LABELS})
    for r in records:
        agent = agent_key(r)
        if r.get("status") != "valid":
            continue
        for pt in r.get("capabilities", []):
            counts[(agent, pt["capability"])][pt["label"]] += 1
    void_cells: dict[str, int] = defaultdict(int)
    for r in records:
        if r.get("status") != "valid":
            void_cells[agent_key(r)] += 1
    rows = []
    for (agent, cap), c in sorted(counts.items()):
        denom = sum(v for k, v in c.items() if k != "void")
        rows.append({"agents": agent, "capability": cap, "points": denom, **c,
                     "score": 100.0 * c["clean_pass"] / denom if denom else None})
    return _named(rows, records)


def void_cells(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The VOID cells (unreadable ones included) with their reasons."""
    return [{"agents": agent_key(r), "assistant": r.get("assistant"), "human": r.get("human"),
             "task_id": r["task_id"], "seed": r.get("seed"), "stop_reason": r.get("stop_reason"),
             "void_reason": r.get("void_reason")}
            for r in records if r.get("status") != "valid"]


__all__ = ["LABELS", "CAPABILITY_IDS", "UNREADABLE", "label_capabilities", "load_results", "eval_record_problem",
           "family_table", "efficiency_table", "capability_table", "void_cells", "agent_key"]
