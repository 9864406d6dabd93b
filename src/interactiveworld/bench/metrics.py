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

import json
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
            holds = bool(scoring.evaluate(pt.condition, final=final, baseline=baseline, trace=trace))
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


def load_results(run_dir: str | Path) -> list[dict[str, Any]]:
    """Every ``eval.json`` under a run folder (any depth), in path order."""
    out = []
    for p in sorted(Path(run_dir).rglob(EVAL_NAME)):
        try:
            rec = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            continue
        rec["_path"] = str(p.parent)
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


def family_table(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per (agents, family) rows: tasks, valid and void cells, PassRate and MCR in percent.

    Seeds are averaged per task first; VOID cells are left out (and counted in ``void``).
    An ``All`` row per agent pair averages the families present with equal weight.
    """
    rows = []
    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        groups[(agent_key(r), r["family"])].append(r)
    fam_order = [f.value for f in Family]
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
    return rows


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
    return rows


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
    return rows


def void_cells(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The VOID cells with their reasons."""
    return [{"agents": agent_key(r), "task_id": r["task_id"], "seed": r.get("seed"),
             "stop_reason": r.get("stop_reason"), "void_reason": r.get("void_reason")}
            for r in records if r.get("status") != "valid"]


__all__ = ["LABELS", "CAPABILITY_IDS", "label_capabilities", "load_results", "family_table", "efficiency_table",
           "capability_table", "void_cells", "agent_key"]
