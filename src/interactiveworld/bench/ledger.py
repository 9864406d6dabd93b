"""The reproducibility manifest of a cell and the ledgers every aggregate table is recomputed from.

Paper appendix C.3.3 ("Reproducibility"): for each model-task cell the released manifest keeps the source and
assigned family, the expected and observed TaskPack hashes with the hash's origin, the rubric version, the
completion protocol, the evaluation status and the evidence path; every aggregate table is recomputable from the
per-task and per-atom ledgers.

* :func:`cell_manifest` is the ``manifest`` block of every ``eval.json``.
* A cell folder holds ``points.jsonl`` (:data:`POINTS_NAME`): one line per capability point of the cell
  (:func:`point_rows`), written beside ``eval.json``.
* ``iw-eval report`` writes ``ledger/tasks.jsonl`` (one line per cell: :func:`task_row`) and
  ``ledger/points.jsonl`` (every cell's points) next to its tables; :func:`records_from_ledgers` rebuilds from
  those two files alone the records :mod:`.metrics` tabulates, so Table 2, Table 3 and the efficiency table come
  out the same from the ledgers as from the ``eval.json`` files (tests/test_ledger.py).
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable, Iterable

__all__ = ["POINTS_NAME", "LEDGER_DIR", "RUBRIC_VERSION", "MANIFEST_FIELDS", "TASK_FIELDS", "POINT_FIELDS",
           "cell_manifest", "point_rows", "task_row", "write_points", "write_ledgers", "read_jsonl",
           "records_from_ledgers"]

POINTS_NAME = "points.jsonl"
LEDGER_DIR = "ledger"
RUBRIC_VERSION = "interactiveworld.rubric/1"
"""Version of the scoring rules (evaluators, capability labelling, efficiency). A change to what a cell scores
under the same TaskPack bytes must bump it, so results scored under different rules are never pooled silently."""

MANIFEST_FIELDS = ("source_family", "assigned_family", "expected_hash", "observed_hash", "hash_origin",
                   "rubric_version", "completion_protocol", "evaluation_status", "evidence_path")

TASK_FIELDS = ("task_id", "family", "assistant", "human", "seed", "status", "passed", "completion",
               "stop_reason", "void_reason", "oracle_actions", "stable_completion_action", "efficiency",
               "route_m", "actions", "ticks", "cell_key_hash")
"""Fields of a per-task ledger row, taken from the cell's ``eval.json`` (absent fields are None)."""

POINT_FIELDS = ("task_id", "family", "assistant", "human", "seed", "status", "cell_key_hash", "capability",
                "atom", "point", "check", "label")


def cell_manifest(record: dict[str, Any], *, evidence_path: str = ".") -> dict[str, Any]:
    """The C.3.3 manifest of one cell's ``eval.json`` record.

    ``expected_hash`` is the hash the TaskPack declares (what the frozen rubric was authored for); ``observed_hash``
    the hash computed from the bytes that ran. ``hash_origin`` says where the observed hash came from: ``"file"``
    (computed from the TaskPack file of the run) or ``"declared"`` (no observed hash was recorded, so the declared
    one stands in: never to be read as a run-level observation). ``assigned_family`` is the family the cell is
    reported under, which is the source family: the scorer is the source family's evaluator, and no
    reclassification exists in this release.

    Args:
        record: the cell's ``eval.json`` dict (``family``, ``taskpack_hash``, ``observed_hash``, ``protocol``,
            ``status``).
        evidence_path: the cell folder relative to the sweep folder, where trace.jsonl, frames and eval.json lie.

    Returns:
        A dict with exactly :data:`MANIFEST_FIELDS`.
    """
    observed = record.get("observed_hash")
    return {
        "source_family": record.get("family"),
        "assigned_family": record.get("family"),
        "expected_hash": record.get("taskpack_hash"),
        "observed_hash": observed or record.get("taskpack_hash"),
        "hash_origin": "file" if observed else "declared",
        "rubric_version": RUBRIC_VERSION,
        "completion_protocol": record.get("protocol"),
        "evaluation_status": record.get("status"),
        "evidence_path": evidence_path,
    }


def task_row(record: dict[str, Any]) -> dict[str, Any]:
    """One per-task ledger row (:data:`TASK_FIELDS`) of a cell's ``eval.json`` record."""
    return {k: record.get(k) for k in TASK_FIELDS}


def point_rows(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The per-atom ledger rows (:data:`POINT_FIELDS`) of a cell: one per labelled capability point (none for a
    VOID cell, whose points are outside every denominator)."""
    head = {k: record.get(k) for k in POINT_FIELDS[:7]}
    return [{**head, **{k: p.get(k) for k in POINT_FIELDS[7:]}} for p in record.get("capabilities") or []]


def _write_lines(path: Path, rows: Iterable[dict[str, Any]], scrub: Callable[[str], str] | None = None) -> None:
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        for row in rows:
            line = json.dumps(row, sort_keys=True, ensure_ascii=False)
            f.write((scrub(line) if scrub else line) + "\n")
    os.replace(tmp, path)  # readers see the old file or the whole new one


def write_points(cell_dir: str | Path, record: dict[str, Any], *,
                 scrub: Callable[[str], str] | None = None) -> Path:
    """Write the cell's ``points.jsonl`` (atomically, by rename; each line through ``scrub`` when given, the
    cell's secret scrubber) and return its path."""
    path = Path(cell_dir) / POINTS_NAME
    _write_lines(path, point_rows(record), scrub)
    return path


def write_ledgers(records: list[dict[str, Any]], out_dir: str | Path, *,
                  scrub: Callable[[str], str] | None = None) -> tuple[Path, Path]:
    """Write ``<out_dir>/ledger/tasks.jsonl`` and ``points.jsonl`` for ``records`` (eval.json dicts), each line
    through ``scrub`` when given (a stranger's eval.json may hold a credential in a VOID reason); return the two
    paths."""
    led = Path(out_dir) / LEDGER_DIR
    led.mkdir(parents=True, exist_ok=True)
    tasks, points = led / "tasks.jsonl", led / "points.jsonl"
    _write_lines(tasks, (task_row(r) for r in records), scrub)
    _write_lines(points, (p for r in records for p in point_rows(r)), scrub)
    return tasks, points


def read_jsonl(path: str | Path) -> list[dict[str, Any]]:
    """Rows of a JSON-lines file.

    Raises:
        ValueError: a line is not a JSON object; the message names the file and line number.
    """
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{n}: not JSON ({exc.msg})") from None
            if not isinstance(row, dict):
                raise ValueError(f"{path}:{n}: expected a JSON object, got {type(row).__name__}")
            rows.append(row)
    return rows


def records_from_ledgers(tasks_path: str | Path, points_path: str | Path) -> list[dict[str, Any]]:
    """Records in the shape :mod:`.metrics` tabulates, rebuilt from a task ledger and a point ledger alone.

    A point row joins its task row by ``(cell_key_hash, task_id, assistant, human, seed)``.

    Raises:
        ValueError: a point row whose cell has no task row (the ledgers disagree), or a malformed line.
    """
    def key(row: dict[str, Any]) -> tuple:
        return (row.get("cell_key_hash"), row.get("task_id"), row.get("assistant"), row.get("human"),
                row.get("seed"))

    records = [{**row, "capabilities": []} for row in read_jsonl(tasks_path)]
    by_key = {key(r): r for r in records}
    for p in read_jsonl(points_path):
        rec = by_key.get(key(p))
        if rec is None:
            raise ValueError(f"{points_path}: point {p.get('point')!r} of {p.get('task_id')!r} (seed "
                             f"{p.get('seed')!r}) has no row in {tasks_path}")
        rec["capabilities"].append({k: p.get(k) for k in POINT_FIELDS[7:]})
    return records
