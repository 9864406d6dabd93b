"""Reports of the static variant (paper appendix D.3): Table 13 and Figure 8.

* **Static accuracy per family** (Table 13): correct items over the catalog's fixed denominator of 20 per
  family (an item not asked, not built or VOID counts as a failure there), and over the items scored, each with
  its 95 % bootstrap interval over tasks (:func:`interactiveworld.bench.metrics.bootstrap_ci`).
* **Static versus interactive** per task (Figure 8): each task a model answered statically is put in one of
  ``both`` (static correct, interactive pass), ``static_only``, ``interactive_only`` or ``neither``, against the
  same model's cells in an interactive sweep. A task counts as an interactive success when its mean strict pass
  over the valid seeds is at least 0.5 (with one seed: the pass itself); tasks without a valid cell are
  ``not run`` and left out of the four groups.
"""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from ..bench.compare import load_sweeps
from ..bench.families import Family
from ..bench.metrics import CATALOG_TASKS, bootstrap_ci
from ..bench.report import markdown_table, with_ci, write_csv

__all__ = ["GROUPS", "accuracy_table", "comparison_rows", "write_static_report"]

GROUPS = ("both", "static_only", "interactive_only", "neither")
"""Static-versus-interactive groups of a task (Figure 8)."""
_COLOURS = {"both": "#15803d", "static_only": "#dc2626", "interactive_only": "#2563eb", "neither": "#9ca3af"}


def _families(names: Sequence[str]) -> list[str]:
    known = [f.value for f in Family]
    return [f for f in known if f in names] + sorted(set(names) - set(known))


def accuracy_table(results: list[dict[str, Any]], *, catalog_tasks: int = CATALOG_TASKS) -> list[dict[str, Any]]:
    """Rows per (assistant, family) and an ``All`` row per assistant (families weigh equally).

    Keys: ``assistant``, ``judge``, ``family``, ``correct``, ``scored``, ``void``, ``catalog`` (the fixed
    denominator: ``catalog_tasks``, or the items scored when more), ``acc_catalog`` and ``acc_scored`` in percent
    with ``*_ci`` bootstrap intervals (percent) over tasks.
    """
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in results:
        groups[(r["assistant"], r["judge"], r["family"])].append(r)
    rows = []
    for a, j in sorted({(a, j) for a, j, _ in groups}):
        fam_rows, samples = [], []
        for fam in _families([f for aa, jj, f in groups if (aa, jj) == (a, j)]):
            recs = groups[(a, j, fam)]
            vals = [1.0 if r.get("correct") else 0.0 for r in recs if r.get("status") == "scored"]
            n_cat = max(catalog_tasks, len(vals))
            row = {"assistant": a, "judge": j, "family": fam, "correct": int(sum(vals)), "scored": len(vals),
                   "void": len(recs) - len(vals), "catalog": n_cat,
                   "acc_catalog": 100.0 * sum(vals) / n_cat if vals else 0.0,
                   "acc_scored": 100.0 * sum(vals) / len(vals) if vals else None,
                   "acc_catalog_ci": _pct(bootstrap_ci([vals], _sum_over(n_cat))) if vals else None,
                   "acc_scored_ci": _pct(bootstrap_ci([vals], _mean)) if vals else None}
            fam_rows.append(row)
            if vals:
                samples.append((vals, n_cat))
        rows += fam_rows
        scored = [r for r in fam_rows if r["scored"]]
        rows.append({"assistant": a, "judge": j, "family": "All", "correct": sum(r["correct"] for r in fam_rows),
                     "scored": sum(r["scored"] for r in fam_rows), "void": sum(r["void"] for r in fam_rows),
                     "catalog": sum(r["catalog"] for r in fam_rows),
                     "acc_catalog": float(np.mean([r["acc_catalog"] for r in fam_rows])) if fam_rows else None,
                     "acc_scored": float(np.mean([r["acc_scored"] for r in scored])) if scored else None,
                     "acc_catalog_ci": _pct(bootstrap_ci([s for s, _ in samples],
                                                         _family_mean([n for _, n in samples])))
                     if samples else None,
                     "acc_scored_ci": _pct(bootstrap_ci([s for s, _ in samples], _mean)) if samples else None})
    return rows


def _pct(ci: tuple[float, float] | None) -> tuple[float, float] | None:
    return None if ci is None else (100.0 * ci[0], 100.0 * ci[1])


def _mean(*xs: np.ndarray, axis: int = -1) -> np.ndarray:
    return np.mean([np.mean(x, axis=axis) for x in xs], axis=0)


def _sum_over(n: int) -> Any:
    def stat(x: np.ndarray, axis: int = -1) -> np.ndarray:
        return np.sum(x, axis=axis) / n
    return stat


def _family_mean(ns: Sequence[int]) -> Any:
    def stat(*xs: np.ndarray, axis: int = -1) -> np.ndarray:
        return np.mean([np.sum(x, axis=axis) / n for x, n in zip(xs, ns)], axis=0)
    return stat


def interactive_success(records: list[dict[str, Any]], assistant: str) -> dict[str, bool]:
    """Task id -> interactive success of ``assistant`` (mean strict pass over valid seeds >= 0.5)."""
    by: dict[str, list[int]] = defaultdict(list)
    for r in records:
        if r.get("assistant") == assistant and r.get("status") == "valid":
            by[r["task_id"]].append(int(r["passed"]))
    return {t: sum(v) / len(v) >= 0.5 for t, v in by.items()}


def comparison_rows(results: list[dict[str, Any]], sweep_records: list[dict[str, Any]],
                    interactive_as: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """One row per (assistant, task) scored statically: ``static`` (bool), ``interactive`` (bool or None when the
    sweep has no valid cell of that task) and ``group`` (:data:`GROUPS`, or ``not run``).

    Args:
        results: static results (:func:`~.static.load_static_results`).
        sweep_records: ``eval.json`` records of the interactive sweep(s).
        interactive_as: static assistant -> the Assistant name to compare with in the sweep (default: the same).
    """
    rows = []
    cache: dict[str, dict[str, bool]] = {}
    for r in sorted(results, key=lambda r: (r["assistant"], r["family"], r["task_id"])):
        if r.get("status") != "scored":
            continue
        name = (interactive_as or {}).get(r["assistant"], r["assistant"])
        inter = cache.setdefault(name, interactive_success(sweep_records, name)).get(r["task_id"])
        s = bool(r["correct"])
        group = "not run" if inter is None else ("both" if s and inter else "static_only" if s else
                                                 "interactive_only" if inter else "neither")
        rows.append({"assistant": r["assistant"], "interactive_assistant": name, "family": r["family"],
                     "task_id": r["task_id"], "static": s, "interactive": inter, "group": group})
    return rows


def _group_counts(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    counts: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: {g: 0 for g in (*GROUPS, "not run")})
    for r in rows:
        counts[(r["assistant"], r["family"])][r["group"]] += 1
        counts[(r["assistant"], "All")][r["group"]] += 1
    order = [f.value for f in Family] + ["All"]
    keys = sorted(counts, key=lambda k: (k[0], order.index(k[1]) if k[1] in order else len(order), k[1]))
    return [{"assistant": a, "family": f, **counts[(a, f)]} for a, f in keys]


REPORT_FILES = ("static.md", "static_accuracy.csv", "static_accuracy.png", "static_vs_interactive.csv",
                "static_vs_interactive.png")
"""Every file :func:`write_static_report` may write; those a report does not write are removed from its folder."""


def _plots(out: Path, acc: list[dict[str, Any]], counts: list[dict[str, Any]]) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    written = []
    models = sorted({r["assistant"] for r in acc})
    fams = _families([r["family"] for r in acc if r["family"] != "All"])
    if models and fams:
        fig, ax = plt.subplots(figsize=(max(7, 1.3 * len(fams) + 2), 4))
        width = 0.8 / len(models)
        x = np.arange(len(fams) + 1)
        for i, m in enumerate(models):
            vals = [next((r["acc_catalog"] for r in acc if r["assistant"] == m and r["family"] == f), 0.0) or 0.0
                    for f in [*fams, "All"]]
            ax.bar(x + i * width, vals, width, label=m)
        ax.set_xticks(x + width * (len(models) - 1) / 2, [*fams, "Avg"], rotation=30, ha="right")
        ax.set_ylabel("static accuracy (% of 20 per family)")
        ax.set_ylim(0, 105)
        ax.legend(fontsize=7)
        fig.tight_layout()
        written.append(out / "static_accuracy.png")
        fig.savefig(written[-1], dpi=120)
        plt.close(fig)
    totals = [r for r in counts if r["family"] == "All"]
    if totals:
        fig, ax = plt.subplots(figsize=(8, 1.2 + 0.5 * len(totals)))
        for i, r in enumerate(totals):
            left = 0
            for g in GROUPS:
                ax.barh(i, r[g], left=left, color=_COLOURS[g], label=g.replace("_", " ") if i == 0 else None)
                if r[g]:
                    ax.text(left + r[g] / 2, i, str(r[g]), ha="center", va="center", fontsize=8, color="w")
                left += r[g]
        ax.set_yticks(range(len(totals)), [r["assistant"] for r in totals], fontsize=8)
        ax.set_xlabel("tasks")
        ax.set_title("Static vs interactive success per task")
        ax.legend(fontsize=7, ncol=4, loc="upper center", bbox_to_anchor=(0.5, -0.35))
        fig.tight_layout()
        written.append(out / "static_vs_interactive.png")
        fig.savefig(written[-1], dpi=120)
        plt.close(fig)
    return written


def write_static_report(results: list[dict[str, Any]], out_dir: str | Path, *,
                        interactive: Sequence[str | Path] = (), interactive_as: dict[str, str] | None = None,
                        plots: bool = True) -> dict[str, Any]:
    """Write ``static.md``, ``static_accuracy.csv`` and (with ``interactive`` sweep folders) ``static_vs_interactive
    .csv`` and the PNG plots into ``out_dir``; files of :data:`REPORT_FILES` this call does not write (an earlier
    report's comparison or plots) are removed, so the folder never mixes two reports.

    Returns:
        ``{"markdown": text, "files": [paths], "warnings": [lines]}``.

    Raises:
        FileNotFoundError: an interactive sweep folder does not exist.
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    warnings: list[str] = []
    acc = accuracy_table(results)
    md = ["# Static variant (paper appendix D.3)", "",
          "Accuracy in percent with its 95 % bootstrap interval over tasks. `/20` uses the catalog's fixed "
          "denominator of 20 tasks per family (an item not asked or VOID counts as a failure); `scored` uses the "
          "items judged.", "",
          markdown_table([{**r, "n": f"{r['correct']}/{r['catalog']}", "a20": with_ci(r["acc_catalog"],
                                                                                       r["acc_catalog_ci"]),
                           "asc": with_ci(r["acc_scored"], r["acc_scored_ci"])} for r in acc],
                         [("assistant", "Model"), ("judge", "Judge"), ("family", "Family"), ("n", "Correct"),
                          ("a20", "Accuracy /20"), ("scored", "Scored"), ("asc", "Accuracy (scored)"),
                          ("void", "VOID")]), ""]
    files = [out / "static.md", out / "static_accuracy.csv"]
    write_csv(files[1], [_flat(r) for r in acc], ["assistant", "judge", "family", "correct", "scored", "void",
                                                   "catalog", "acc_catalog", "acc_catalog_lo", "acc_catalog_hi",
                                                   "acc_scored", "acc_scored_lo", "acc_scored_hi"])
    counts: list[dict[str, Any]] = []
    if interactive:
        records = load_sweeps(list(interactive), problems=warnings)
        rows = comparison_rows(results, records, interactive_as)
        counts = _group_counts(rows)
        md += ["## Static versus interactive success per task (Figure 8)", "",
               markdown_table(counts, [("assistant", "Model"), ("family", "Family"), ("both", "Both"),
                                       ("static_only", "Static only"), ("interactive_only", "Interactive only"),
                                       ("neither", "Neither"), ("not run", "Not run")]), "",
               markdown_table(rows, [("assistant", "Model"), ("task_id", "Task"), ("static", "Static"),
                                     ("interactive", "Interactive"), ("group", "Group")]), ""]
        files.append(out / "static_vs_interactive.csv")
        write_csv(files[-1], rows, ["assistant", "interactive_assistant", "family", "task_id", "static",
                                    "interactive", "group"])
    voids = [r for r in results if r.get("status") != "scored"]
    if voids:
        md += ["## VOID items (asked again on the next run)", "",
               markdown_table(voids, [("assistant", "Model"), ("task_id", "Task"), ("void_reason", "Reason")]), ""]
    text = "\n".join(md)
    files[0].write_text(text, encoding="utf-8")
    if plots:
        files += _plots(out, acc, counts)
    for name in REPORT_FILES:  # a file of an earlier report that this one does not write would read as current
        stale = out / name
        if stale not in files and stale.is_file():
            stale.unlink()
    return {"markdown": text, "files": [str(f) for f in files], "warnings": warnings}


def _flat(r: dict[str, Any]) -> dict[str, Any]:
    flat = dict(r)
    for k in ("acc_catalog", "acc_scored"):
        ci = r.get(f"{k}_ci")
        flat[f"{k}_lo"], flat[f"{k}_hi"] = ci if ci else (None, None)
    return flat
