"""First-error labels of failed cells (paper appendix D.1, Figure 4): ``iw-eval label``.

Every valid cell that failed (strict pass 0) gets one primary label: the tick of the earliest mistake that
meaningfully caused the failure and its category (:data:`CATEGORIES`, R1-R6), with a one-sentence reason.
VOID cells are infrastructure failures, never model errors, and get no label.

* **Proposal.** A judge model reads a compact text rendering of the trace (:func:`render_trace`: the task,
  its failed score points, the dialogue, every command with its outcome and relation change, and the
  reference guidance when the TaskPack is found) under the fixed prompt :data:`LABEL_PROMPT` at temperature 0
  and answers ``{"tick", "category", "reason"}`` (validated with pydantic, the tick within the episode; one
  repair turn on an invalid reply).
* **Confirmation.** A person confirms or changes it on the command line (``iw-eval label CELL --set R3 --by
  NAME``) or in the served episode page (:mod:`.label_web`).

Labels live beside ``eval.json`` in ``labels.json``: an append-only history of entries (who set each --
``judge:<model>`` or a person's name --, when, and whether it was proposed, confirmed or changed); the latest
entry is the label in force. Writers hold an exclusive lock on ``labels.json.lock`` while they append.
"""
from __future__ import annotations

import fcntl
import json
import time
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model, field_validator

from ..agents.base import AgentTransportError
from ..bench import jsonsafe
from ..bench.logs import (EVAL_NAME, MAX_EVAL_BYTES, TRACE_NAME, find_cells, iter_trace, load_eval,
                          write_json_atomic)
from ..bench.report import markdown_table, write_csv
from ..bench.taskpack import TaskPackError, builtin_taskpacks, load_taskpack
from .categories import CATEGORIES, Category
from .judging import CallSettings, ask_json

__all__ = ["CATEGORIES", "LABELS_NAME", "LABELS_FORMAT", "LABEL_PROMPT", "LabelEntry", "LabelFileError",
           "read_labels", "label_in_force", "current_label", "append_label", "failed_cells", "render_trace",
           "propose_label", "set_label", "label_records", "has_labels", "distribution", "write_label_report"]


LABELS_NAME = "labels.json"
LABELS_FORMAT = "interactiveworld.labels/1"
LABEL_PROMPT_VERSION = "labels/1"
MAX_TRACE_CHARS = 60_000
"""Longest trace rendering sent to the judge; longer ones keep their beginning and end."""

LABEL_PROMPT = (
    "You analyse a failed episode of an assistant benchmark. An Assistant model guided a Human through a "
    "physical task by speech; the Human turned guidance into commands; the world was scored at the end and the "
    "task failed. Find the earliest mistake by the Assistant that meaningfully caused the failure and give its "
    "category:\n" + "\n".join(f"{k}: the Assistant {v}." for k, v in CATEGORIES.items()) +
    "\nChoose exactly one primary category. Reply with one JSON object only: {\"tick\": the tick number of that "
    "mistake, \"category\": \"R1\" to \"R6\", \"reason\": \"one sentence\"}.")


class LabelFileError(ValueError):
    """A ``labels.json`` that exists but cannot be used (not JSON, wrong format, an invalid entry)."""


class LabelEntry(BaseModel):
    """One entry of a cell's label history."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    category: Category = Field(description="The first-error category R1-R6 (paper appendix D.1).")
    tick: int | None = Field(default=None, ge=0, description="Loop tick of the first error (None: not given).")
    reason: str = Field(default="", max_length=600, description="One sentence saying what went wrong.")
    by: str = Field(min_length=1, max_length=120, description="Who set it: 'judge:<model>' or a person's name.")
    kind: Literal["proposed", "confirmed", "changed", "set"] = Field(description=(
        "proposed (by a judge), confirmed (a person kept the category in force), changed (a person set another) or "
        "set (a person labelled a cell that had no label)."))
    at: str = Field(description="When, ISO 8601 UTC.")
    note: str | None = Field(default=None, max_length=2000, description="A person's secondary note.")

    @field_validator("by")
    @classmethod
    def _one_line(cls, v: str) -> str:
        if "\n" in v or not v.strip():
            raise ValueError("'by' is one non-empty line")
        return v.strip()


class _JudgeLabel(BaseModel):
    """The judge's reply (validated; the tick range is added per episode)."""

    model_config = ConfigDict(extra="ignore")

    tick: int = Field(ge=0)
    category: Category
    reason: str = Field(min_length=1, max_length=400)

    @field_validator("category", mode="before")
    @classmethod
    def _upper(cls, v: Any) -> Any:
        return v.strip().upper() if isinstance(v, str) else v

    @field_validator("reason")
    @classmethod
    def _sentence(cls, v: str) -> str:
        v = " ".join(v.split())
        if not v:
            raise ValueError("the reason is empty")
        return v


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def read_labels(cell: str | Path) -> list[LabelEntry]:
    """The label history of a cell (oldest first; empty when there is no ``labels.json``).

    Raises:
        LabelFileError: the file is unreadable, not the labels format, or holds an invalid entry.
    """
    p = Path(cell) / LABELS_NAME
    if not p.is_file():
        return []
    try:
        data = jsonsafe.read_json_file(p, max_bytes=MAX_EVAL_BYTES)  # held to an eval.json's limits
    except (OSError, ValueError) as exc:  # not JSON, not UTF-8, too large or too deep
        raise LabelFileError(f"{p}: cannot read ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != LABELS_FORMAT or not isinstance(data.get("history"), list):
        raise LabelFileError(f"{p}: not a {LABELS_FORMAT} file")
    try:
        return [LabelEntry.model_validate(e) for e in data["history"]]
    except ValidationError as exc:
        raise LabelFileError(f"{p}: invalid entry ({exc.errors()[0]['msg']})") from None


def label_in_force(history: list[LabelEntry]) -> LabelEntry | None:
    """The label in force of a history: a person's latest entry when a person ever labelled the cell (a judge's
    later proposal, e.g. from ``--redo``, never overrides a person), else the judge's latest proposal; None when
    the history is empty."""
    people = [e for e in history if e.kind != "proposed"]
    return people[-1] if people else (history[-1] if history else None)


def current_label(cell: str | Path) -> LabelEntry | None:
    """The label in force of a cell (:func:`label_in_force` of its history), or None."""
    return label_in_force(read_labels(cell))


@contextmanager
def _locked(cell: Path) -> Iterator[None]:
    with open(cell / (LABELS_NAME + ".lock"), "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def append_label(cell: str | Path, entry: LabelEntry) -> list[LabelEntry]:
    """Append ``entry`` to the cell's history (earlier entries are kept as they were) and return the history.

    Raises:
        FileNotFoundError: the folder is not a finished cell (no ``eval.json``).
        LabelFileError: the existing file is unusable (it is never overwritten then).
    """
    cell = Path(cell)
    if not (cell / EVAL_NAME).is_file():
        raise FileNotFoundError(f"{cell}: not a finished cell (no {EVAL_NAME})")
    with _locked(cell):
        history = read_labels(cell) + [entry]
        ev = load_eval(cell) or {}
        write_json_atomic(cell / LABELS_NAME, {"format": LABELS_FORMAT, "task_id": ev.get("task_id"),
                                               "history": [e.model_dump(mode="json") for e in history]})
    return history


def set_label(cell: str | Path, category: str, *, by: str, tick: int | None = None,
              note: str | None = None) -> LabelEntry:
    """A person's label: ``set`` on a cell without one, ``confirmed`` when ``category`` is the one in force, else
    ``changed``; the tick defaults to that of the label in force.

    Raises:
        ValueError: an unknown category, an empty name, a tick outside the episode (0 to its ``ticks``), or a cell
            that did not fail (VOID or passed).
        FileNotFoundError / LabelFileError: as :func:`append_label`.
    """
    cell = Path(cell)
    ev = load_eval(cell)
    if ev is None:
        raise FileNotFoundError(f"{cell}: not a finished cell (no {EVAL_NAME})")
    if ev.get("status") != "valid" or ev.get("passed") != 0:
        raise ValueError(f"{cell}: only failed valid cells get a first-error label (this one is "
                         f"{'VOID' if ev.get('status') != 'valid' else 'a pass'})")
    ticks = int(ev.get("ticks") or 0)
    if tick is not None and not 0 <= tick <= ticks:
        raise ValueError(f"tick: {tick} is outside the episode (its ticks are 0 to {ticks})")
    now = current_label(cell)
    cat = category.strip().upper()
    kind = "set" if now is None else "confirmed" if now.category == cat else "changed"
    try:
        entry = LabelEntry(category=cat, tick=tick if tick is not None else (now.tick if now else None),
                           reason=now.reason if now and now.category == cat else "", by=by, kind=kind, at=_now(),
                           note=note or None)
    except ValidationError as exc:
        e = exc.errors()[0]
        raise ValueError(f"{'.'.join(map(str, e['loc']))}: {e['msg']} (categories: {', '.join(CATEGORIES)})") \
            from None
    append_label(cell, entry)
    return entry


def failed_cells(path: str | Path) -> list[Path]:
    """The failed valid cells (strict pass 0) at or below ``path`` (a cell or a sweep folder), in path order."""
    out = []
    for cell in find_cells(path):
        try:
            ev = load_eval(cell)
        except ValueError:
            continue
        if ev and ev.get("status") == "valid" and ev.get("passed") == 0:
            out.append(cell)
    return out


def _short(text: Any, n: int = 300) -> str:
    t = " ".join(str(text).split())
    return t if len(t) <= n else t[: n - 3] + "..."


def _taskpack_for(ev: dict[str, Any]) -> Any:
    """The built-in TaskPack of a cell when its hash matches the one the cell ran (else None)."""
    path = builtin_taskpacks().get(str(ev.get("task_id")))
    if path is None:
        return None
    try:
        tp = load_taskpack(path)
    except TaskPackError:
        return None
    return tp if tp.hash == ev.get("taskpack_hash") else None


def render_trace(cell: str | Path, *, max_chars: int = MAX_TRACE_CHARS) -> str:
    """A compact text rendering of a cell for the judge: task and result, failed score points, opening, then one
    line per utterance and command (``t<tick>``), and the reference guidance when the TaskPack is found.

    Raises:
        FileNotFoundError: no trace or no ``eval.json``.
    """
    cell = Path(cell)
    ev = load_eval(cell)
    if ev is None:
        raise FileNotFoundError(f"{cell}: no {EVAL_NAME}")
    tp = _taskpack_for(ev)
    lines = [f"Task {ev.get('task_id')} ({ev.get('family')}, {ev.get('protocol')})"
             + (f": {tp.title}" if tp else ""),
             f"Result: {'PASS' if ev.get('passed') else 'FAIL'}, completion {100 * (ev.get('completion') or 0):.0f}%, "
             f"stopped by {ev.get('stop_reason')} after {ev.get('ticks')} ticks and {ev.get('actions')} actions "
             f"(reference solution: {ev.get('oracle_actions')})"]
    missed = [p["label"] for p in ev.get("points") or [] if not p.get("satisfied")]
    if missed:
        lines.append("Unmet score points: " + "; ".join(missed))
    if tp and tp.public_context:
        lines.append(f"Task context: {_short(tp.public_context)}")
    for r in iter_trace(cell / TRACE_NAME):
        typ, t = r.get("type"), r.get("tick")
        if typ == "speech" and r.get("source") in ("prelude", "handoff"):
            lines.append(f"t0 WEARER ({r['source']}): \"{_short(r.get('text'))}\"")
        elif typ == "opening_command":
            lines.append(f"t0 OPENING {r.get('command')} -> {'ok' if r['outcome'].get('ok') else 'failed'}")
        elif typ == "assistant":
            p = r.get("parsed") or {}
            if p.get("kind") in ("interrupt", "error"):
                lines.append(f"t{t} ASSISTANT ({p['kind']}): \"{_short(p.get('speech'))}\"")
            elif p.get("kind") in ("done", "invalid"):
                lines.append(f"t{t} ASSISTANT: {p['kind']}" + (f" ({_short(r.get('raw'), 120)})"
                                                                if p["kind"] == "invalid" else ""))
        elif typ == "speech" and r.get("source") == "human":
            lines.append(f"t{t} HUMAN says: \"{_short(r.get('text'))}\"")
        elif typ == "command":
            out = r.get("outcome") or {}
            d = out.get("relation_delta") or {}
            # proximity changes are noise for a reader; every other relation change is kept
            delta = " ".join([f"+{tuple(x)}" for x in d.get("added", []) if x[:1] != ["near"]]
                             + [f"-{tuple(x)}" for x in d.get("removed", []) if x[:1] != ["near"]])
            res = "ok" if out.get("ok") else f"FAILED: {_short((out.get('error') or {}).get('message', ''), 160)}"
            lines.append(f"t{t} COMMAND {r.get('command')} -> {res}" + (f" [{_short(delta, 200)}]" if delta else ""))
        elif typ == "parse_error":
            lines.append(f"t{t} HUMAN commands unreadable: {_short(r.get('action'), 160)}")
    if tp is not None:
        lines.append("Reference guidance (what a correct Assistant said): "
                     + " | ".join(f"{i + 1}. \"{_short(s.say, 160)}\"" for i, s in enumerate(tp.oracle.steps)))
    text = "\n".join(lines)
    if len(text) > max_chars:
        half = max_chars // 2
        text = text[:half] + "\n[... middle of the trace left out ...]\n" + text[-half:]
    return text


def propose_label(cell: str | Path, judge: str, calls: CallSettings) -> tuple[LabelEntry | None, str | None]:
    """Ask ``judge`` for the first error of a failed cell and append its proposal to ``labels.json``.

    Returns:
        (the entry, None), or (None, why no label was proposed: the judge out of reach or its reply invalid
        after the repair turn).

    Raises:
        ValueError: the cell did not fail. BudgetExceeded: a spending limit would be broken.
    """
    cell = Path(cell)
    ev = load_eval(cell) or {}
    if ev.get("status") != "valid" or ev.get("passed") != 0:
        raise ValueError(f"{cell}: only failed valid cells get a first-error label")
    ticks = int(ev.get("ticks") or 0)
    reply_model = create_model("JudgeLabel", __base__=_JudgeLabel, tick=(int, Field(ge=0, le=ticks)))
    messages = [{"role": "system", "content": LABEL_PROMPT},
                {"role": "user", "content": render_trace(cell)}]
    try:
        reply = ask_json(calls.client(judge, max_tokens=300), messages, reply_model)
    except AgentTransportError as exc:
        return None, f"transport: {exc}"
    if reply.value is None:
        return None, f"judge gave no valid label: {reply.problem}"
    v = reply.value
    entry = LabelEntry(category=v.category, tick=v.tick, reason=v.reason, by=f"judge:{judge}", kind="proposed",
                       at=_now(), note=None)
    append_label(cell, entry)
    return entry, None


def label_records(path: str | Path) -> list[dict[str, Any]]:
    """One row per failed valid cell under ``path``: ``cell``, ``assistant``, ``human``, ``family``, ``task_id``,
    ``seed``, ``category`` (in force, or None when unlabelled), ``by``, ``kind``, ``tick``, ``reason``,
    ``problem`` (an unusable ``labels.json``)."""
    rows = []
    for cell in failed_cells(path):
        ev = load_eval(cell) or {}
        row = {"cell": str(cell), "assistant": ev.get("assistant"), "human": ev.get("human"),
               "family": ev.get("family"), "task_id": ev.get("task_id"), "seed": ev.get("seed"), "category": None,
               "by": None, "kind": None, "tick": None, "reason": None, "problem": None}
        try:
            now = current_label(cell)
        except LabelFileError as exc:
            row["problem"] = str(exc)
            now = None
        if now is not None:
            row.update(category=now.category, by=now.by, kind=now.kind, tick=now.tick, reason=now.reason)
        rows.append(row)
    return rows


def has_labels(path: str | Path) -> bool:
    """Whether any cell at or below ``path`` has a ``labels.json``."""
    return any((c / LABELS_NAME).is_file() for c in find_cells(path))


def distribution(rows: list[dict[str, Any]], key: str) -> dict[str, dict[str, int]]:
    """Counts of categories in force per ``key`` (``assistant`` or ``family``), ``unlabelled`` included."""
    out: dict[str, dict[str, int]] = defaultdict(lambda: {**{c: 0 for c in CATEGORIES}, "unlabelled": 0})
    for r in rows:
        out[str(r[key])][r["category"] or "unlabelled"] += 1
    return dict(out)


_COLOURS = {"R1": "#2563eb", "R2": "#7c3aed", "R3": "#dc2626", "R4": "#ea580c", "R5": "#16a34a", "R6": "#0891b2",
            "unlabelled": "#d1d5db"}


def _plot_distribution(out: Path, by_model: dict[str, dict[str, int]], by_family: dict[str, dict[str, int]]) -> Path:
    """Stacked bars of the share of each category among the labelled failures, per model and per family."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = [("per model", by_model), ("per family", by_family)]
    height = 1.6 + 0.45 * max(len(by_model), len(by_family))
    fig, axes = plt.subplots(1, 2, figsize=(12, height))
    for ax, (title, dist) in zip(axes, panels):
        names = sorted(dist)
        for i, name in enumerate(names):
            counts = dist[name]
            total = sum(counts[c] for c in CATEGORIES)
            left = 0.0
            for c in CATEGORIES:
                share = 100.0 * counts[c] / total if total else 0.0
                ax.barh(i, share, left=left, color=_COLOURS[c], label=c if i == 0 else None)
                if share >= 8:
                    ax.text(left + share / 2, i, f"{share:.0f}", ha="center", va="center", fontsize=7, color="w")
                left += share
            ax.text(101, i, f"n={total}" + (f" (+{counts['unlabelled']} unlabelled)" if counts["unlabelled"] else ""),
                    va="center", fontsize=7)
        ax.set_yticks(range(len(names)), names, fontsize=7)
        ax.set_xlim(0, 135)
        ax.set_xlabel("% of labelled first errors")
        ax.set_title(f"First-error categories {title}")
    axes[0].legend(fontsize=7, ncol=6, loc="upper center", bbox_to_anchor=(0.5, -0.25))
    fig.tight_layout()
    path = out / "error_types.png"
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def write_label_report(run_dirs: list[str | Path], out_dir: str | Path, *, plots: bool = True) -> dict[str, Any]:
    """Write ``labels.md``, ``labels.csv`` and ``error_types.png`` (category distribution per model and family,
    paper Figure 4) for the failed valid cells of the run folders.

    Returns:
        ``{"markdown": text, "files": [paths], "rows": [label rows], "warnings": [lines]}``.
    """
    rows = [r for d in run_dirs for r in label_records(d)]
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    by_model, by_family = distribution(rows, "assistant"), distribution(rows, "family")
    cols = [*[(c, c) for c in CATEGORIES], ("unlabelled", "unlabelled")]
    md = ["# First-error labels (paper appendix D.1)", "",
          "Counts of the category in force per failed valid cell (" + "; ".join(f"{k}: {v}" for k, v in
                                                                               CATEGORIES.items()) + ").", "",
          "## Per model", "", markdown_table([{"name": k, **v} for k, v in sorted(by_model.items())],
                                              [("name", "Assistant"), *cols]), "",
          "## Per family", "", markdown_table([{"name": k, **v} for k, v in sorted(by_family.items())],
                                               [("name", "Family"), *cols]), ""]
    files = [out / "labels.md", out / "labels.csv"]
    files[0].write_text("\n".join(md), encoding="utf-8")
    write_csv(files[1], rows, ["cell", "assistant", "human", "family", "task_id", "seed", "category", "kind", "by",
                               "tick", "reason"])
    if plots and rows:
        files.append(_plot_distribution(out, by_model, by_family))
    warnings = [r["problem"] for r in rows if r["problem"]]
    return {"markdown": "\n".join(md), "files": [str(f) for f in files], "rows": rows, "warnings": warnings}
