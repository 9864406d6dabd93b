"""Executor comparison: the same Assistants with different Human executors, models and people
(paper appendix D.5, Table 14 and Figure 10).

* Pass counts (Table 14): for each Assistant (row) and executor (column), the strict passes among its
  valid cells, written ``passes/cells``; VOID cells are left out, never counted as failures.
* Task-level agreement (Figure 10 and the text beside it): for each Assistant and each pair of executors,
  the share of cells -- a (task, seed) both ran validly -- on which both passed or both failed. Pairs
  are summarised by kind (model-model, model-person, person-person); the paper reports 84.3 % mean
  model-person and 85.2 % mean person-person agreement for its best Assistant.
* A PNG per Assistant in the shape of Figure 10: executors as rows (models above a dashed line,
  people below), cells as columns grouped by family; a filled square is a pass, an open one a failure,
  a blank a cell without a valid result.

An executor is a person when its label starts with ``person:`` (how ``iw-eval play`` and ``iw-eval
study`` record participants). Everything is computed from ``eval.json`` records (:func:`.metrics.load_results`).
"""
from __future__ import annotations

from collections import defaultdict
from itertools import combinations
from pathlib import Path
from typing import Any

from .families import Family
from .identity import slug

PERSON_PREFIX = "person:"
"""Executor labels of people (``person:<pseudonym>``)."""

Key = tuple[str, int]  # (task_id, seed)


def _is_person(label: str) -> bool:
    return label.startswith(PERSON_PREFIX)


def _family_rank(family: Any) -> int:
    names = [f.value for f in Family]
    return names.index(family) if family in names else len(names)


def outcomes(records: list[dict[str, Any]]) -> tuple[dict[str, dict[str, dict[Key, int]]], dict[str, str]]:
    """Valid outcomes as ``{assistant: {executor: {(task_id, seed): passed}}}`` and each task's family.

    Only records with ``status == "valid"`` and a ``passed`` of 0 or 1 count.
    """
    out: dict[str, dict[str, dict[Key, int]]] = defaultdict(lambda: defaultdict(dict))
    family: dict[str, str] = {}
    for r in records:
        if r.get("status") != "valid" or r.get("passed") not in (0, 1):
            continue
        a, h, tid = str(r.get("assistant")), str(r.get("human")), str(r.get("task_id"))
        out[a][h][(tid, int(r.get("seed") or 0))] = int(r["passed"])
        family[tid] = str(r.get("family"))
    return out, family


def executors_in_order(labels: Any) -> list[str]:
    """Model executors first, then people, each group in name order (the row order of Figure 10)."""
    labels = set(labels)
    return sorted(x for x in labels if not _is_person(x)) + sorted(x for x in labels if _is_person(x))


def pass_counts(records: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    """Table 14: one row per Assistant with ``"<passes>/<cells>"`` per executor; returns (rows, executors)."""
    res, _ = outcomes(records)
    execs = executors_in_order(h for by in res.values() for h in by)
    rows = []
    for a in sorted(res):
        row: dict[str, Any] = {"assistant": a}
        for h in execs:
            cells = res[a].get(h)
            row[h] = f"{sum(cells.values())}/{len(cells)}" if cells else None
        rows.append(row)
    return rows, execs


def agreement(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Task-level agreement per Assistant and executor pair.

    Returns:
        rows with ``assistant``, ``executor_a``, ``executor_b``, ``kind`` (model-model, model-person or
        person-person), ``agree`` (cells with the same outcome), ``common`` (cells both ran validly) and
        ``percent`` (None when nothing is in common).
    """
    res, _ = outcomes(records)
    rows = []
    for a in sorted(res):
        for x, y in combinations(executors_in_order(res[a]), 2):
            common = sorted(set(res[a][x]) & set(res[a][y]))
            agree = sum(res[a][x][k] == res[a][y][k] for k in common)
            kind = "-".join(sorted(("person" if _is_person(e) else "model") for e in (x, y)))
            rows.append({"assistant": a, "executor_a": x, "executor_b": y, "kind": kind, "agree": agree,
                         "common": len(common), "percent": 100.0 * agree / len(common) if common else None})
    return rows


def agreement_by_kind(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Mean pairwise agreement [%] per Assistant and pair kind (pairs with nothing in common are left out)."""
    groups: dict[tuple[str, str], list[float]] = defaultdict(list)
    for r in rows:
        if r["percent"] is not None:
            groups[(r["assistant"], r["kind"])].append(r["percent"])
    return [{"assistant": a, "kind": k, "pairs": len(v), "mean_percent": sum(v) / len(v)}
            for (a, k), v in sorted(groups.items())]


def outcome_grid(records: list[dict[str, Any]], assistant: str, path: Path) -> Path:
    """Write the Figure 10 grid of one Assistant as a PNG and return its path."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    res, family = outcomes(records)
    by = res[assistant]
    execs = executors_in_order(by)
    keys = sorted({k for cells in by.values() for k in cells},
                  key=lambda k: (_family_rank(family.get(k[0])), k[0], k[1]))
    fig, ax = plt.subplots(figsize=(max(6.0, 0.28 * len(keys) + 2.5), 0.45 * len(execs) + 1.6))
    for i, h in enumerate(execs):
        for j, k in enumerate(keys):
            if k in by[h]:
                passed = by[h][k] == 1
                ax.scatter(j, i, marker="s", s=70, facecolors="#1d4ed8" if passed else "white",
                           edgecolors="#1d4ed8", linewidths=1.2)
    n_models = sum(not _is_person(h) for h in execs)
    if 0 < n_models < len(execs):
        ax.axhline(n_models - 0.5, color="k", ls="--", lw=1)
    fams = [family.get(k[0]) for k in keys]
    starts = [j for j in range(len(keys)) if j == 0 or fams[j] != fams[j - 1]]
    for s_idx, j in enumerate(starts):
        end = starts[s_idx + 1] if s_idx + 1 < len(starts) else len(keys)
        if j:
            ax.axvline(j - 0.5, color="#94a3b8", lw=0.8)
        ax.text((j + end - 1) / 2, -0.9, str(fams[j]), ha="center", va="bottom", fontsize=8)
    ax.set_yticks(range(len(execs)), execs, fontsize=8)
    ax.set_xticks(range(len(keys)), [k[0].rsplit("-", 1)[-1] + (f"/{k[1]}" if k[1] else "") for k in keys],
                  fontsize=6, rotation=90)
    ax.set_ylim(len(execs) - 0.5, -1.3)
    ax.set_xlim(-0.7, len(keys) - 0.3)
    ax.set_title(f"Task outcomes with {assistant} as the Assistant (filled: pass, open: fail)", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def executor_report(records: list[dict[str, Any]], out: Path, *, plots: bool = True) -> dict[str, Any]:
    """The executor comparison for ``iw-eval report`` (nothing when no Assistant has two executors).

    Writes (with ``plots``) one ``executors_<assistant>.png`` per Assistant with two or more executors
    under ``out``; the tables are returned for the report to render and save.

    Returns:
        ``{"tables": [{"title", "note", "rows", "columns": [(key, header)], "csv"}], "files": [png paths]}``.
    """
    res, _ = outcomes(records)
    compared = [a for a in sorted(res) if len(res[a]) >= 2]
    if not compared:
        return {"tables": [], "files": []}
    counts, execs = pass_counts(records)
    pairs = agreement(records)
    tables = [
        {"title": "Executors compared: strict passes / valid cells (paper appendix D.5, Table 14)",
         "note": f"Rows are Assistants, columns Human executors; people ({PERSON_PREFIX}...) after the models.",
         "rows": counts, "columns": [("assistant", "Assistant"), *[(h, h) for h in execs]],
         "csv": "executors_pass.csv"},
        {"title": "Task-level agreement between executors (paper appendix D.5, Figure 10)",
         "note": "Cells (task, seed) both executors ran validly on which both passed or both failed.",
         "rows": pairs, "columns": [("assistant", "Assistant"), ("executor_a", "Executor A"),
                                    ("executor_b", "Executor B"), ("kind", "Pair"), ("agree", "Agree"),
                                    ("common", "Cells in common"), ("percent", "Agreement %")],
         "csv": "executors_agreement.csv"},
        {"title": "Mean agreement by pair kind", "note": "Model-person next to person-person agreement shows "
                                                         "whether a model executor stands in for people.",
         "rows": agreement_by_kind(pairs), "columns": [("assistant", "Assistant"), ("kind", "Pairs"),
                                                        ("pairs", "Count"), ("mean_percent", "Mean agreement %")],
         "csv": "executors_agreement_by_kind.csv"},
    ]
    files = [outcome_grid(records, a, out / f"executors_{slug(a)}.png") for a in compared] if plots else []
    return {"tables": tables, "files": files}


__all__ = ["outcomes", "pass_counts", "agreement", "agreement_by_kind", "executors_in_order", "outcome_grid",
           "executor_report", "PERSON_PREFIX"]
