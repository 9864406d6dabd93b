"""Comparison across sweeps: ``iw-eval report runs/a runs/b ...`` (paper Table 2, Figure 5).

* **Leaderboard** -- one row per Assistant | Human pair, Pass and MCR per family and their mean over
  families (the layout of Table 2).
* **Human swap** -- Assistant x Human matrix of the mean MCR over Guidance, Planning and
  Accessibility, the families that need the Human most (Figure 5 left).
* **Memory** -- pass rate of each Assistant with and without the inference-time memory variant
  (Figure 5 right).
* **Repeated seeds** -- pass@k and pass^k per family with bootstrap intervals (:mod:`.repeats`).

Records of different keys are never merged: when the same Assistant, Human and task appear under
more than one key (another TaskPack hash, prompt version, environment or call parameters), the
rows are split by the sweep folder they come from (``oracle [run-a]``) -- or, inside one folder, by
a short key digest -- and a warning names the task and what differs.
"""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from .families import Family
from .identity import merge_copies, separate_keys
from .metrics import family_table, load_results, run_folder_problem
from .repeats import repeats_table
from .report import avg_columns, markdown_table, write_csv

SWAP_FAMILIES = ("Guidance", "Planning", "Accessibility")
"""Families averaged in the human-swap matrix (paper Figure 5 left: the most Human involvement)."""


def leaderboard(records: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[tuple[str, str]]]:
    """Table 2 layout: one row per agent pair with ``<Family> Pass`` / ``<Family> MCR`` columns and
    ``Avg Pass`` / ``Avg MCR`` (the mean over families, as :func:`~.metrics.family_table`'s All row).
    Returns (rows sorted by Avg Pass, then Avg MCR, best first; columns)."""
    fam_rows = family_table(records)
    fams = [f.value for f in Family if any(r["family"] == f.value for r in fam_rows)]
    rows: dict[str, dict[str, Any]] = {}
    for r in fam_rows:
        row = rows.setdefault(r["agents"], {"assistant": r["assistant"], "human": r["human"]})
        prefix = "avg" if r["family"] == "All" else r["family"]
        row[f"{prefix}_pass"], row[f"{prefix}_mcr"] = r["pass_rate"], r["mcr"]
    cols = [("assistant", "Assistant"), ("human", "Human")]
    for f in fams:
        cols += [(f"{f}_pass", f"{f} Pass"), (f"{f}_mcr", f"{f} MCR")]
    cols += avg_columns(len(fams))
    ordered = sorted(rows.values(), key=lambda r: (-(r.get("avg_pass") or 0.0), -(r.get("avg_mcr") or 0.0),
                                                   str(r["assistant"])))
    return ordered, cols


def human_swap(records: list[dict[str, Any]]) -> tuple[list[str], list[str], dict[tuple[str, str], float]]:
    """(Assistants, Humans, {(assistant, human): mean MCR over :data:`SWAP_FAMILIES` in percent}) over
    the pairs with a scored cell in one of those families; memory variants are left out (see
    :func:`memory_comparison`)."""
    cells: dict[tuple[str, str], list[float]] = defaultdict(list)
    for r in family_table(records):
        if r["family"] in SWAP_FAMILIES and r["mcr"] is not None and not str(r["assistant"]).endswith("+memory"):
            cells[(r["assistant"], r["human"])].append(r["mcr"])
    grid = {k: sum(v) / len(v) for k, v in cells.items()}
    return sorted({a for a, _ in grid}), sorted({h for _, h in grid}), grid


def memory_comparison(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows ``assistant``, ``human``, ``pass_without``, ``pass_with`` (All-family pass rate, percent)
    and ``delta`` for every Assistant run both with and without ``+memory`` against the same Human."""
    avg = {(r["assistant"], r["human"]): r["pass_rate"] for r in family_table(records) if r["family"] == "All"}
    rows = []
    for (a, h), with_mem in sorted(avg.items()):
        if not str(a).endswith("+memory"):
            continue
        base = str(a)[: -len("+memory")]
        if (base, h) in avg:
            rows.append({"assistant": base, "human": h, "pass_without": avg[(base, h)], "pass_with": with_mem,
                         "delta": with_mem - avg[(base, h)]})
    return rows


def _save_pass_plot(plt: Any, fig: Any, ax: Any, path: Path, *, fontsize: int) -> Path:
    """Finish a bar plot of pass rates (axis 0-105 %, legend) and write it as PNG."""
    ax.set_ylabel("Pass (%)")
    ax.set_ylim(0, 105)
    ax.legend(fontsize=fontsize)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def _plots(out: Path, board: list[dict[str, Any]], swap: tuple, mem: list[dict[str, Any]]) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    written = []
    if board:
        fams = [f.value for f in Family if any(f"{f.value}_pass" in r for r in board)]
        fig, ax = plt.subplots(figsize=(max(7, 1.3 * len(fams) + 2), 4))
        width = 0.8 / len(board)
        x = np.arange(len(fams) + 1)
        for i, r in enumerate(board):
            vals = [r.get(f"{f}_pass") or 0.0 for f in fams] + [r.get("avg_pass") or 0.0]
            ax.bar(x + i * width, vals, width, label=f"{r['assistant']} | {r['human']}")
        ax.set_xticks(x + width * (len(board) - 1) / 2, [*fams, "Avg"], rotation=30, ha="right")
        written.append(_save_pass_plot(plt, fig, ax, out / "leaderboard.png", fontsize=6))
    assistants, humans, grid = swap
    if grid:
        m = np.full((len(assistants), len(humans)), np.nan)
        for (a, h), v in grid.items():
            m[assistants.index(a), humans.index(h)] = v
        fig, ax = plt.subplots(figsize=(1.6 + 1.3 * len(humans), 1.2 + 0.5 * len(assistants)))
        im = ax.imshow(m, vmin=0, vmax=100, cmap="viridis", aspect="auto")
        ax.set_xticks(range(len(humans)), humans, rotation=30, ha="right", fontsize=7)
        ax.set_yticks(range(len(assistants)), assistants, fontsize=7)
        ax.set_xlabel("Human")
        ax.set_ylabel("Assistant")
        for i in range(m.shape[0]):
            for j in range(m.shape[1]):
                if not np.isnan(m[i, j]):
                    ax.text(j, i, f"{m[i, j]:.0f}", ha="center", va="center", fontsize=7, color="w")
        fig.colorbar(im, ax=ax, label="MCR (%), Guidance/Planning/Accessibility")
        fig.tight_layout()
        written.append(out / "human_swap.png")
        fig.savefig(written[-1], dpi=120)
        plt.close(fig)
    if mem:
        fig, ax = plt.subplots(figsize=(max(5, 1.2 * len(mem) + 2), 3.5))
        x = np.arange(len(mem))
        ax.bar(x - 0.2, [r["pass_without"] or 0 for r in mem], 0.4, label="without memory")
        ax.bar(x + 0.2, [r["pass_with"] or 0 for r in mem], 0.4, label="with memory")
        ax.set_xticks(x, [f"{r['assistant']}\n| {r['human']}" for r in mem], fontsize=7)
        written.append(_save_pass_plot(plt, fig, ax, out / "memory.png", fontsize=7))
    return written


def _interval(v: Any, lo: Any, hi: Any) -> str:
    if v is None:
        return "-"
    return f"{v:.1f}" + (f" [{lo:.1f}, {hi:.1f}]" if lo is not None and hi is not None else "")


def load_sweeps(run_dirs: list[str | Path], *, problems: list[str] | None = None) -> list[dict[str, Any]]:
    """The ``eval.json`` records of several sweep folders (:func:`~.metrics.load_results` of each, in order), each
    cell once: copies of one cell (same key and seed, e.g. a folder and its backup) are merged by
    :func:`~.identity.merge_copies` and a line naming the copies is appended to ``problems``.

    Raises:
        FileNotFoundError: a folder does not exist.
    """
    records: list[dict[str, Any]] = []
    for d in run_dirs:
        if not Path(d).is_dir():
            raise FileNotFoundError(run_folder_problem(Path(d)))
        records += load_results(d, problems=problems)
    records, notes = merge_copies(records)
    if problems is not None:
        problems += notes
    return records


def write_comparison(run_dirs: list[str | Path], out_dir: str | Path, *, plots: bool = True) -> dict[str, Any]:
    """Write ``comparison.md`` and CSV tables (leaderboard, human swap, memory, repeated seeds) and PNG
    plots for the results of one or more sweep folders.

    Returns:
        ``{"markdown": text, "files": [paths], "cells": n, "warnings": [lines]}``.

    Raises:
        FileNotFoundError: a folder does not exist, or none holds a finished cell.
    """
    warnings: list[str] = []
    records = load_sweeps(run_dirs, problems=warnings)
    if not records:
        raise FileNotFoundError(f"{', '.join(map(str, run_dirs))}: no eval.json found (no finished cell)")
    records, notes = separate_keys(records)
    warnings += notes
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    board, cols = leaderboard(records)
    swap = human_swap(records)
    mem = memory_comparison(records)
    reps = repeats_table(records)
    md = [f"# InteractiveBench comparison: {', '.join(Path(d).resolve().name for d in run_dirs)}", "",
          f"{len(records)} cells from {len(run_dirs)} sweep folder(s).", ""]
    md += [f"- {n}" for n in notes] + ([""] if notes else [])
    md += ["## Leaderboard: Pass and MCR per family (%)", "", markdown_table(board, cols), ""]
    files = [out / "comparison.md", out / "leaderboard.csv"]
    write_csv(files[1], board, [k for k, _ in cols])
    assistants, humans, grid = swap
    if len(humans) > 1 or (len(assistants) > 1 and any(h != "scripted" for h in humans)):
        rows = [{"assistant": a, **{h: grid.get((a, h)) for h in humans}} for a in assistants]
        md += [f"## Human swap: MCR (%) over {', '.join(SWAP_FAMILIES)}, Assistant x Human", "",
               markdown_table(rows, [("assistant", "Assistant \\ Human"), *[(h, h) for h in humans]]), ""]
        files.append(out / "human_swap.csv")
        write_csv(files[-1], rows, ["assistant", *humans])
    else:
        swap = ([], [], {})
    if mem:
        md += ["## Memory: pass rate (%) with and without inference-time memory", "",
               markdown_table(mem, [("assistant", "Assistant"), ("human", "Human"), ("pass_without", "Without"),
                                    ("pass_with", "With"), ("delta", "Delta")]), ""]
        files.append(out / "memory.csv")
        write_csv(files[-1], mem, ["assistant", "human", "pass_without", "pass_with", "delta"])
    if reps:
        shown = [{**r, "at": _interval(r["pass_at_k"], r["pass_at_k_lo"], r["pass_at_k_hi"]),
                  "hat": _interval(r["pass_hat_k"], r["pass_hat_k_lo"], r["pass_hat_k_hi"])} for r in reps]
        md += ["## Repeated seeds: pass@k and pass^k (%), 95% bootstrap interval over tasks", "",
               markdown_table(shown, [("assistant", "Assistant"), ("human", "Human"), ("family", "Family"),
                                      ("k", "k"), ("tasks", "Tasks"), ("at", "pass@k"), ("hat", "pass^k")]), ""]
        files.append(out / "repeats.csv")
        write_csv(files[-1], reps, ["assistant", "human", "family", "k", "tasks", "pass_at_k", "pass_at_k_lo",
                                    "pass_at_k_hi", "pass_hat_k", "pass_hat_k_lo", "pass_hat_k_hi"])
    text = "\n".join(md)
    files[0].write_text(text, encoding="utf-8")
    if plots:
        files += _plots(out, board, swap, mem)
    return {"markdown": text, "files": [str(f) for f in files], "cells": len(records), "warnings": warnings}


__all__ = ["SWAP_FAMILIES", "human_swap", "leaderboard", "load_sweeps", "memory_comparison", "separate_keys", "write_comparison"]
