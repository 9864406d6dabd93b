"""Reports of a sweep: Markdown and CSV tables and PNG plots (paper Table 2, Figure 3, Table 3).

Everything is recomputed from the per-cell ``eval.json`` files (appendix C.3.3 "Reproducibility"). The
reusable layouts are :func:`table2` (one row per Assistant | Human pair, Pass and MCR per family and
their mean, over the catalog or over the tasks present) and :func:`table3` (one row per pair, CapScore
per capability C1-C9); each cell reads ``value [low, high]`` with the 95 % bootstrap interval over tasks.
"""
from __future__ import annotations

import csv
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from .capabilities import CAPABILITIES
from .executors import executor_report
from .families import Family
from .identity import separate_keys
from .ledger import write_ledgers
from .logs import Scrubber
from .metrics import (CAPABILITY_IDS, UNREADABLE, capability_table, efficiency_table, family_table, load_results,
                      void_cells, run_folder_problem)
from .usage import USAGE_COLUMNS, usage_table


def _fmt(x: Any, nd: int = 1) -> str:
    if x is None:
        return "-"
    if isinstance(x, float):
        return f"{x:.{nd}f}"
    return str(x)


def _cell(text: str) -> str:
    """Table-cell text: a ``|`` would start a new column and a line break would end the row."""
    return " ".join(text.replace("\\", "\\\\").replace("|", "\\|").split())


AGENT_COLUMNS = [("assistant", "Assistant"), ("human", "Human")]
"""The leading columns naming the agent pair of a table row."""


def with_ci(value: float | None, ci: tuple[float, float] | None, nd: int = 1) -> str:
    """``"41.7 [30.0, 55.0]"``; ``"-"`` for no value; the value alone when there is no interval."""
    if value is None:
        return "-"
    text = f"{value:.{nd}f}"
    return text if ci is None else f"{text} [{ci[0]:.{nd}f}, {ci[1]:.{nd}f}]"


DENOMINATORS = {"catalog": ("pass_catalog", "mcr_catalog"), "present": ("pass_rate", "mcr")}
"""Table 2 denominators: the catalog's 20 tasks per family (eq. 6) or the tasks present."""


def table2(fam_rows: list[dict[str, Any]], denominator: str = "catalog") -> tuple[list[dict[str, Any]],
                                                                                 list[tuple[str, str]]]:
    """Paper Table 2 layout from :func:`~.metrics.family_table` rows: one row per agent pair, columns
    ``<Family> Pass`` and ``<Family> MCR`` per family present, then ``Avg``; every cell with its interval.

    Args:
        fam_rows: rows of :func:`~.metrics.family_table`.
        denominator: ``"catalog"`` (20 tasks per family, eq. 6) or ``"present"`` (the tasks run).

    Returns:
        (rows, columns) for :func:`markdown_table`; rows keep the agent order of ``fam_rows``.

    Raises:
        ValueError: an unknown denominator.
    """
    if denominator not in DENOMINATORS:
        raise ValueError(f"denominator must be one of {sorted(DENOMINATORS)}, got {denominator!r}")
    pk, mk = DENOMINATORS[denominator]
    fams = [f for f in dict.fromkeys(r["family"] for r in fam_rows) if f != "All"]
    rows: dict[str, dict[str, Any]] = {}
    for r in fam_rows:
        row = rows.setdefault(r["agents"], {"assistant": r.get("assistant"), "human": r.get("human")})
        prefix = "avg" if r["family"] == "All" else r["family"]
        row[f"{prefix}_pass"] = with_ci(r.get(pk), r.get(f"{pk}_ci"))
        row[f"{prefix}_mcr"] = with_ci(r.get(mk), r.get(f"{mk}_ci"))
        if r["family"] != "All":
            row[f"{prefix}_n"] = f"{r['tasks']}/{r['catalog']}" if denominator == "catalog" else str(r["tasks"])
    cols = list(AGENT_COLUMNS)
    for f in fams:
        cols += [(f"{f}_n", f"{f} tasks"), (f"{f}_pass", f"{f} Pass"), (f"{f}_mcr", f"{f} MCR")]
    cols += avg_columns(len(fams))
    return list(rows.values()), cols


def avg_columns(families: int) -> list[tuple[str, str]]:
    """The ``Avg Pass`` / ``Avg MCR`` columns (the mean over the families present); when fewer than all six are
    present the header says over how many, so that a part of the catalog never reads as the paper's average."""
    note = f" ({families}/{len(Family)} families)" if families < len(Family) else ""
    return [("avg_pass", f"Avg Pass{note}"), ("avg_mcr", f"Avg MCR{note}")]


def table3(cap_rows: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[tuple[str, str]]]:
    """Paper Table 3 layout from :func:`~.metrics.capability_table` rows: one row per agent pair, one column
    per capability C1-C9 (CapScore with its interval and the number of points), then the mean over the
    capabilities scored."""
    rows: dict[str, dict[str, Any]] = {}
    for r in cap_rows:
        row = rows.setdefault(r["agents"], {"assistant": r.get("assistant"), "human": r.get("human"),
                                            "_scores": []})
        row[r["capability"]] = (with_ci(r["score"], r.get("score_ci")) + f" (n={r['points']})"
                                if r["score"] is not None else "-")
        if r["score"] is not None:
            row["_scores"].append(r["score"])
    for row in rows.values():
        sc = row.pop("_scores")
        row["avg"] = f"{sum(sc) / len(sc):.1f}" if sc else "-"
    present = [c for c in CAPABILITY_IDS if any(r["capability"] == c for r in cap_rows)]
    cols = [*AGENT_COLUMNS, *[(c, f"{c} {CAPABILITIES[c]}") for c in present], ("avg", "Avg")]
    return list(rows.values()), cols


def markdown_table(rows: list[dict[str, Any]], columns: list[tuple[str, str]], nd: int = 1) -> str:
    """A GitHub-flavoured Markdown table of ``rows`` with (key, header) ``columns``.

    Every row, the separator included, has exactly ``len(columns)`` cells: ``|`` and backslashes in
    headers and values are escaped and line breaks become spaces.
    """
    head = "| " + " | ".join(_cell(h) for _, h in columns) + " |"
    sep = "|" + "|".join(" --- " for _ in columns) + "|"
    body = ["| " + " | ".join(_cell(_fmt(r.get(k), nd)) for k, _ in columns) + " |" for r in rows]
    return "\n".join([head, sep, *body])


def write_csv(path: Path, rows: list[dict[str, Any]], columns: list[str]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=columns, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow({k: ("" if r.get(k) is None else r.get(k)) for k in columns})


def _plots(out: Path, fam: list[dict[str, Any]], eff: list[dict[str, Any]], caps: list[dict[str, Any]]) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    written = []
    agents = sorted({r["agents"] for r in fam})
    fams = [f for f in dict.fromkeys(r["family"] for r in fam)]
    if agents and fams:
        fig, axes = plt.subplots(1, 2, figsize=(max(8, 1.6 * len(fams) * 2), 4), sharey=True)
        width = 0.8 / len(agents)
        x = np.arange(len(fams))
        for metric, ax in zip(("pass_rate", "mcr"), axes):
            for i, a in enumerate(agents):
                vals = [next((r[metric] for r in fam if r["agents"] == a and r["family"] == f), None) for f in fams]
                ax.bar(x + i * width, [v if v is not None else 0 for v in vals], width, label=a)
            ax.set_xticks(x + width * (len(agents) - 1) / 2, fams, rotation=30, ha="right")
            ax.set_title("Pass rate (%)" if metric == "pass_rate" else "MCR (%)")
            ax.set_ylim(0, 105)
        axes[0].legend(fontsize=7)
        fig.tight_layout()
        p = out / "pass_mcr.png"
        fig.savefig(p, dpi=120)
        plt.close(fig)
        written.append(p)
    if eff:
        agents_e = sorted({r["agents"] for r in eff})
        fams_e = list(dict.fromkeys(r["family"] for r in eff))
        fig, ax = plt.subplots(figsize=(max(6, 1.4 * len(fams_e)), 4))
        width = 0.8 / len(agents_e)
        x = np.arange(len(fams_e))
        for i, a in enumerate(agents_e):
            vals = [next((r["efficiency"] for r in eff if r["agents"] == a and r["family"] == f), 0) for f in fams_e]
            ax.bar(x + i * width, vals, width, label=a)
        ax.axhline(1.0, color="k", lw=0.8, ls="--")
        ax.set_xticks(x + width * (len(agents_e) - 1) / 2, fams_e, rotation=30, ha="right")
        ax.set_ylabel("actions / oracle actions")
        ax.legend(fontsize=7)
        fig.tight_layout()
        p = out / "efficiency.png"
        fig.savefig(p, dpi=120)
        plt.close(fig)
        written.append(p)
    if caps:
        agents_c = sorted({r["agents"] for r in caps})
        grid = np.full((len(agents_c), len(CAPABILITY_IDS)), np.nan)
        for r in caps:
            if r["score"] is not None:
                grid[agents_c.index(r["agents"]), CAPABILITY_IDS.index(r["capability"])] = r["score"]
        fig, ax = plt.subplots(figsize=(9, 1 + 0.5 * len(agents_c)))
        im = ax.imshow(grid, vmin=0, vmax=100, cmap="RdYlGn", aspect="auto")
        ax.set_xticks(range(len(CAPABILITY_IDS)), [f"{c}\n{CAPABILITIES[c]}" for c in CAPABILITY_IDS], fontsize=6)
        ax.set_yticks(range(len(agents_c)), agents_c, fontsize=7)
        for i in range(grid.shape[0]):
            for j in range(grid.shape[1]):
                if not np.isnan(grid[i, j]):
                    ax.text(j, i, f"{grid[i, j]:.0f}", ha="center", va="center", fontsize=7)
        fig.colorbar(im, ax=ax, label="CapScore (%)")
        fig.tight_layout()
        p = out / "capabilities.png"
        fig.savefig(p, dpi=120)
        plt.close(fig)
        written.append(p)
    return written




TASK_COLUMNS = [("assistant", "Assistant"), ("human", "Human"), ("task_id", "Task"), ("family", "Family"),
                ("cells", "Cells"), ("void", "VOID"), ("pass", "Pass %"), ("completion", "Completion %"),
                ("actions", "Actions"), ("efficiency", "Efficiency"), ("invalid_assistant", "Invalid A turns"),
                ("invalid_human", "Invalid H turns"), ("calls", "Calls"), ("cost_usd", "Cost $")]
"""(key, header) columns of :func:`task_table` rows (``tasks.csv`` and ``tasks.md``)."""


def _number(rec: dict[str, Any], key: str) -> float | None:
    v = rec.get(key)
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def task_table(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per (Assistant, Human, TaskPack) over the cells of a sweep (its seeds together).

    Columns (:data:`TASK_COLUMNS`): ``cells`` (seeds run) and ``void`` (how many of them are VOID, unreadable
    ones included); over the valid cells, ``pass`` = 100 x mean strict pass [%], ``completion`` = 100 x mean
    completion ``c_t`` [%], ``actions`` = mean actions executed, ``efficiency`` = mean over the strictly passing
    cells of (actions to stable completion / the shortest legal oracle's actions, appendix C.3.3; None when
    none passed); ``invalid_assistant`` / ``invalid_human`` the turns still unusable after one correction
    (summed); over every cell, VOID ones included (their calls were paid for), ``calls`` and ``cost_usd`` [USD]
    summed, ``"?"`` when a cell that made calls has no price (unknown, never shown as 0). A row whose cells are
    all VOID has ``pass`` = ``completion`` = ``"VOID"``.

    Rows are sorted by Assistant, Human, then TaskPack id; numbers are rounded to 4 decimals.
    """
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        groups[(str(r.get("assistant")), str(r.get("human")), str(r.get("task_id")))].append(r)
    rows = []
    for (a, h, task), recs in sorted(groups.items()):
        valid = [r for r in recs if r.get("status") == "valid"]
        effs = [e for r in valid if r.get("passed") == 1 and (e := _cell_efficiency(r)) is not None]
        unpriced = any(r.get("cost_usd") is None and (_number(r, "calls") or 0) > 0 for r in recs)

        def mean(key: str, scale: float = 1.0) -> float | None:
            xs = [v for r in valid if (v := _number(r, key)) is not None]
            return round(scale * sum(xs) / len(xs), 4) if xs else None

        rows.append({
            "assistant": a, "human": h, "task_id": task, "family": recs[0].get("family"), "cells": len(recs),
            "void": len(recs) - len(valid),
            "pass": mean("passed", 100.0) if valid else "VOID",
            "completion": mean("completion", 100.0) if valid else "VOID",
            "actions": mean("actions"),
            "efficiency": round(sum(effs) / len(effs), 4) if effs else None,
            "invalid_assistant": int(sum(_number(r, "invalid_assistant_turns") or 0 for r in valid)),
            "invalid_human": int(sum(_number(r, "invalid_human_turns") or 0 for r in valid)),
            "calls": int(sum(_number(r, "calls") or 0 for r in recs)),
            "cost_usd": "?" if unpriced else round(sum(_number(r, "cost_usd") or 0.0 for r in recs), 6),
        })
    return rows


def _cell_efficiency(rec: dict[str, Any]) -> float | None:
    """A passing cell's actions to stable completion / oracle actions (as :func:`~.metrics.efficiency_table`)."""
    done, oracle = _number(rec, "stable_completion_action"), _number(rec, "oracle_actions")
    return done / oracle if done is not None and oracle else None


def _task_markdown(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows for ``tasks.md``: the VOID count reads ``"1/2 VOID"`` and cost keeps 4 decimals."""
    out = []
    for r in rows:
        cost = r["cost_usd"]
        out.append({**r, "void": f"{r['void']}/{r['cells']} VOID" if r["void"] else "0",
                    "cost_usd": cost if isinstance(cost, str) else f"{cost:.4f}"})
    return out


def _flat_ci(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows with every ``<key>_ci`` interval split into ``<key>_lo`` and ``<key>_hi`` (for CSV)."""
    out = []
    for r in rows:
        flat = dict(r)
        for k, v in r.items():
            if k.endswith("_ci"):
                base = k[: -len("_ci")]
                flat[f"{base}_lo"], flat[f"{base}_hi"] = v if v is not None else (None, None)
        out.append(flat)
    return out


def write_report(run_dir: str | Path, out_dir: str | Path | None = None, *, plots: bool = True) -> dict[str, Any]:
    """Write ``report.md``, ``families.csv``, ``efficiency.csv``, ``capabilities.csv``, the per-task table
    ``tasks.csv`` and ``tasks.md`` (:func:`task_table`), the ledgers
    ``ledger/tasks.jsonl`` and ``ledger/points.jsonl`` (:mod:`.ledger`) and PNG plots.

    Every cell under ``run_dir`` is accounted for: a cell whose ``eval.json`` is unusable is counted
    as VOID and listed with the reason, and it and any unfinished cell (a trace, no ``eval.json``)
    yield a warning naming the file.

    Returns:
        ``{"markdown": text, "files": [paths], "cells": n, "warnings": [lines]}``.

    Raises:
        FileNotFoundError: the run folder does not exist or holds no finished cell.
    """
    run = Path(run_dir)
    if not run.is_dir():
        raise FileNotFoundError(run_folder_problem(run))
    warnings: list[str] = []
    records = load_results(run, problems=warnings)
    records, key_notes = separate_keys(records)  # results of different cell keys are never merged
    warnings += key_notes
    if not records:
        detail = f" ({len(warnings)} unfinished cell(s))" if warnings else ""
        raise FileNotFoundError(f"{run}: no eval.json found (no finished cell{detail})")
    out = Path(out_dir) if out_dir else run / "report"
    out.mkdir(parents=True, exist_ok=True)
    fam, eff, caps, voids = family_table(records), efficiency_table(records), capability_table(records), void_cells(records)
    unreadable = sum(r.get("status") == UNREADABLE for r in records)
    unfinished = len(warnings) - unreadable
    summary = f"{len(records)} cells, {len(voids)} VOID"
    if unreadable:
        summary += f" ({unreadable} with an unreadable eval.json)"
    if unfinished:
        summary += f"; {unfinished} unfinished cell(s) not reported"
    t2c, c2c = table2(fam, "catalog")
    t2p, c2p = table2(fam, "present")
    t3, c3 = table3(caps)
    md = [f"# InteractiveBench report: {run.resolve().name}", "", summary + ".", "",
          "Every rate is in percent with its 95 % bootstrap interval over tasks in brackets (docs/metrics.md).", "",
          "## Table 2: Pass and MCR per family over the catalog (20 tasks per family, eq. 6)", "",
          markdown_table(t2c, c2c), "",
          "## Table 2: Pass and MCR per family over the tasks present", "",
          markdown_table(t2p, c2p), "",
          "## Per family: cells, VOID and both denominators", "",
          markdown_table(fam, [*AGENT_COLUMNS, ("family", "Family"), ("tasks", "Tasks"), ("void", "VOID"),
                               ("pass_catalog", "Pass /20"), ("mcr_catalog", "MCR /20"), ("pass_rate", "Pass"),
                               ("mcr", "MCR")]), "",
          "## Efficiency on strict successes (actions to stable completion / shortest legal oracle, paired per "
          "task)", "",
          markdown_table([{**r, "ratio": with_ci(r["efficiency"], r["efficiency_ci"], 2)} for r in eff],
                         [*AGENT_COLUMNS, ("family", "Family"), ("tasks", "Tasks passed"), ("ratio", "Ratio"),
                          ("route_m", "Route (m)")], nd=2) if eff else "(no strict success)", "",
          "## Table 3: capability scores (CapScore %, eq. 7)", "",
          markdown_table(t3, c3) if caps else "(no capability points)", "",
          "## Capability point labels", "",
          markdown_table([{**r, "capability": f"{r['capability']} {CAPABILITIES.get(r['capability'], '')}".strip()}
                          for r in caps],
                         [*AGENT_COLUMNS, ("capability", "Capability"), ("points", "Points"),
                          ("clean_pass", "clean_pass"), ("wrong", "wrong"), ("abstain", "abstain"),
                          ("unobserved", "unobserved"), ("assisted", "assisted"), ("score", "Score")])
          if caps else "(no capability points)", ""]
    usage = usage_table(records)
    if usage:
        md += ["## Model calls and reply format", "",
               "Invalid turns: replies still unusable after one correction message (treated as silence or no "
               "action); corrections: replies in the wrong format answered with one. Cost '?' when a model has no "
               "price in litellm's cost map.", "",
               markdown_table(usage, [*AGENT_COLUMNS, *USAGE_COLUMNS]), ""]
    if voids:
        md += ["## VOID cells (to re-run)", "",
               markdown_table(voids, [*AGENT_COLUMNS, ("task_id", "Task"), ("seed", "Seed"),
                                      ("void_reason", "Reason")]), ""]
    executors = executor_report(records, out, plots=plots)
    for t in executors["tables"]:
        md += [f"## {t['title']}", "", t["note"], "", markdown_table(t["rows"], t["columns"]), ""]
        write_csv(out / t["csv"], t["rows"], [k for k, _ in t["columns"]])
    text = "\n".join(md)
    files = [out / "report.md", out / "families.csv", out / "efficiency.csv", out / "capabilities.csv"]
    files += list(write_ledgers(records, out, scrub=Scrubber()))  # C.3.3: every table above is recomputable from these two files
    files += [out / t["csv"] for t in executors["tables"]] + executors["files"]
    text = Scrubber()(text)  # a stranger's eval.json can hold a credential in a VOID reason
    files[0].write_text(text, encoding="utf-8")
    write_csv(files[1], _flat_ci(fam), ["agents", "family", "tasks", "cells", "void", "catalog", "pass_catalog",
                                        "pass_catalog_lo", "pass_catalog_hi", "mcr_catalog", "mcr_catalog_lo",
                                        "mcr_catalog_hi", "pass_rate", "pass_rate_lo", "pass_rate_hi", "mcr",
                                        "mcr_lo", "mcr_hi"])
    write_csv(files[2], _flat_ci(eff), ["agents", "family", "tasks", "efficiency", "efficiency_lo", "efficiency_hi",
                                        "route_m"])
    write_csv(files[3], _flat_ci(caps), ["agents", "capability", "tasks", "points", "clean_pass", "wrong", "abstain",
                                         "unobserved", "assisted", "void", "score", "score_lo", "score_hi"])
    tasks = task_table(records)
    files += [out / "tasks.csv", out / "tasks.md"]
    write_csv(out / "tasks.csv", tasks, [k for k, _ in TASK_COLUMNS])
    (out / "tasks.md").write_text(Scrubber()(
        f"# Per task: {run.resolve().name}\n\nOne row per Assistant, Human and TaskPack (seeds together). Pass, "
        "Completion, Actions and Invalid turns over the valid cells; Efficiency over strict successes (actions to "
        "stable completion / oracle actions); Calls and Cost over every cell, VOID ones included; Cost '?' when a "
        "model has no price in litellm's cost map.\n\n" + markdown_table(_task_markdown(tasks), TASK_COLUMNS, nd=2)
        + "\n"), encoding="utf-8")
    if usage:
        files.append(out / "usage.csv")
        write_csv(files[-1], usage, ["assistant", "human", *[k for k, _ in USAGE_COLUMNS]])
    if plots:
        files += _plots(out, fam, eff, caps)
    return {"markdown": text, "files": [str(f) for f in files], "cells": len(records), "warnings": warnings}


__all__ = ["AGENT_COLUMNS", "DENOMINATORS", "TASK_COLUMNS", "task_table", "write_report", "markdown_table", "write_csv", "table2", "table3", "with_ci"]
