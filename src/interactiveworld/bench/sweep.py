"""Sweeps: Assistant models x Human models x TaskPacks x seeds, in this process, in local worker
processes, or as Ray tasks (DESIGN.md "Backends and scale"; paper appendix C.2.5).

Where the cells run is the caller's choice: one at a time here, in local worker processes
(``workers``; :mod:`.pool`), or on an :class:`~interactiveworld.bench.cells.Engine` it passes (``iw-eval run
--ray``: :class:`~interactiveworld.bench.ray_engine.RayEngine`); one cell is run by :mod:`.cells`.

Each cell lives in ``<out>/<assistant>__<human>-<h>/<task_id>/seed<k>/`` (:mod:`.identity`) and is
finished exactly when its ``eval.json`` says ``"status": "valid"`` **and** records the key asked for
now (TaskPack hash, exact model strings and call parameters, memory flag, seed, prompt version,
environment, per-cell limits). That file is written atomically as the cell's last act, so every
finished cell is on disk before its worker takes the next one. Running the same sweep again skips
finished cells and re-runs the rest; an interrupted attempt, a VOID attempt, or a result recorded
under another key is moved to ``attempts/<n>/`` (with ``archived.json`` saying why) and the cell
starts afresh. Ctrl-C stops a sweep at once (worker processes are terminated; the cells they were
running stay unfinished and are redone on resume). VOID cells (infrastructure faults) are re-run up
to ``void_retries`` times in the same sweep and again on the next resume; they are never scored.

One sweep at a time: a sweep holds an exclusive lock on ``<out>/.sweep.lock`` for its whole run, and
a second sweep on the same folder is refused (:class:`SweepLocked`). A cell folder reached through a
symbolic link is refused (:class:`UnsafeCellFolder`): a sweep never moves or writes files outside
its folder.

Model calls (:mod:`interactiveworld.agents.calls`): an optional response cache folder, at most
``max_concurrency`` calls in flight per provider, and spending limits per sweep (``max_cost`` [USD],
``max_tokens``) and per cell (:attr:`CellSpec.cell_max_cost`, :attr:`CellSpec.cell_max_tokens`). A
cell that reaches its own limit stops with stop reason ``cost_budget`` / ``token_budget`` and is
scored as it stands; when the sweep's limit is reached no further call is made, the cells that
needed one stay unfinished (no ``eval.json``; they run on the next resume) and the sweep stops.

A model call that meets a permanent error (HTTP 401, 403, 404, or a 400 naming an unknown model:
:func:`~interactiveworld.agents.calls.permanent_problem`) makes its cell VOID, with no VOID retry, and stops the
sweep after that cell (cells already running finish): every later cell would meet it too. The summary's
``stopped`` names the model, the URL and the status; a resume after the setup is fixed runs the rest.
"""
from __future__ import annotations

import fcntl
import json
import os
import sys
import time
import warnings
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Iterable

from ..agents.calls import CallGate
from .cells import (CallSettings, CellSpec, Engine, UnsafeCellFolder, cell_dir, expected_key, is_finished,
                    run_cell_with_retries)
from .identity import DEFAULT_ENV, key_differences, key_hash, public_url
from .logs import has_symlink, read_eval, write_json_atomic
from .pool import run_pool
from .taskpack import compute_hash, read_taskpack_json
from .usage import UsageTally, cell_postfix, spent_text

LOCK_NAME = ".sweep.lock"


class SweepLocked(RuntimeError):
    """Another sweep is running on the same folder."""


def _oracle_length(data: Any) -> int:
    """The oracle's step count in a TaskPack's JSON (0 when absent or malformed): a cell's expected length, used only
    to order the cells of a parallel sweep."""
    steps = data.get("oracle", {}).get("step_count") if isinstance(data, dict) and \
        isinstance(data.get("oracle"), dict) else None
    return steps if isinstance(steps, int) and not isinstance(steps, bool) else 0


def _public_spec(spec: CellSpec) -> dict[str, Any]:
    d = asdict(spec)
    d["api_base"] = public_url(d["api_base"])
    return d


class SweepManifestWarning(UserWarning):
    """A sweep folder's ``sweep.json`` could not be read; it is kept aside under another name."""


def write_manifest(out: Path, cells: list[CellSpec], extra: dict[str, Any]) -> None:
    """Record the sweep's configuration in ``<out>/sweep.json``, merged with an earlier manifest on resume: the
    cells of every command, list and mapping fields (assistants, seeds, taskpacks) as unions, each command's
    settings in ``runs`` (in order), and the other fields as the last command set them. Credentials in endpoint
    URLs are never written."""
    man_path = out / "sweep.json"
    old: Any = {}
    if man_path.is_file():
        why = ""
        try:
            old = json.loads(man_path.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError, OSError) as exc:
            why = f"not JSON ({type(exc).__name__})"
        if not why and not isinstance(old, dict):
            why = f"a JSON {type(old).__name__}, not an object"
        if why:  # kept for a person to read, never silently overwritten
            kept = out / f"sweep.unreadable-{time.strftime('%Y%m%dT%H%M%S')}.json"
            os.replace(man_path, kept)
            warnings.warn(f"{man_path} was {why}; kept as {kept.name}, a new sweep.json is written",
                          SweepManifestWarning, stacklevel=2)
            old = {}
    cells_old = {json.dumps(c, sort_keys=True) for c in old.get("cells", []) if isinstance(c, dict)}
    cells_all = [json.loads(c) for c in sorted(cells_old | {json.dumps(_public_spec(c), sort_keys=True)
                                                            for c in cells})]
    now = time.strftime("%Y-%m-%dT%H:%M:%S")
    merged = {**old, **extra}
    for k, v in extra.items():  # what every command asked for, not only the last one
        if isinstance(v, list) and isinstance(old.get(k), list):
            merged[k] = list(dict.fromkeys([*old[k], *v]))
        elif isinstance(v, dict) and isinstance(old.get(k), dict):
            merged[k] = {**old[k], **v}
    runs = old.get("runs") if isinstance(old.get("runs"), list) else []
    # each command's own settings in order; the top-level scalars (render, env, memory) are the last command's
    runs = [*runs, {"at": now, "cells": len(cells), **{k: v for k, v in extra.items() if k != "taskpacks"},
                    **({"tasks": sorted(extra["taskpacks"])} if isinstance(extra.get("taskpacks"), dict) else {})}]
    write_json_atomic(man_path, {**merged, "cells": cells_all, "runs": runs, "started": old.get("started", now),
                                 "updated": now})


class SweepLock:
    """An exclusive lock on a sweep folder for the life of a sweep (``flock`` on ``<out>/.sweep.lock``,
    released by the kernel when the process ends, however it ends).

    Raises:
        SweepLocked: on entry, when another process holds the lock.
    """

    def __init__(self, out: Path):
        self.path = Path(out) / LOCK_NAME
        self._fd: int | None = None

    def __enter__(self) -> "SweepLock":
        if self.path.is_symlink():
            raise UnsafeCellFolder(f"{self.path}: the sweep lock is a symbolic link; refusing to use it")
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 200).decode("utf-8", "replace").strip() or "another process"
            os.close(fd)
            raise SweepLocked(f"{self.path.parent}: another sweep is running on this folder ({holder}); wait for it "
                              f"to finish or use another --out") from None
        os.ftruncate(fd, 0)
        os.write(fd, f"pid {os.getpid()}, started {time.strftime('%Y-%m-%dT%H:%M:%S')}".encode())
        self._fd = fd
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing releases the lock
            self._fd = None


@dataclass
class SweepProgress:
    """How far the running (or last) sweep of this process got: what an interrupt message reports."""

    out: str
    total: int
    """Cells of the sweep."""
    earlier: int
    """Cells already finished on disk when the sweep started (skipped)."""
    pending: int
    """Cells this run set out to run."""
    finished: int = 0
    """Cells this run finished VALID (on disk, skipped by a resume)."""


_PROGRESS: list[SweepProgress | None] = [None]


def last_progress() -> SweepProgress | None:
    """The progress of this process's running or last :func:`run_sweep`; None before the first."""
    return _PROGRESS[0]


def clear_progress() -> None:
    """Forget the last sweep's progress (a new command starts)."""
    _PROGRESS[0] = None


class LineProgress:
    """Progress written as one line per finished cell, for a stderr that is a file or a pipe (a log a person reads
    later): tqdm's carriage-return redraws would leave one unreadable line there. Offers the calls of tqdm that
    :func:`run_sweep` makes."""

    def __init__(self, total: int, stream: Any) -> None:
        self.total, self.n, self._stream, self._postfix = total, 0, stream, ""
        self._t0 = time.monotonic()

    def set_postfix_str(self, text: str, refresh: bool = True) -> None:
        self._postfix = text

    def update(self, n: int = 1) -> None:
        self.n += n
        elapsed = time.monotonic() - self._t0
        print(f"cells {self.n}/{self.total} [{elapsed:.0f} s] {self._postfix}", file=self._stream, flush=True)

    def close(self) -> None:
        pass


def _progress_bar(total: int, progress: bool) -> Any:
    from tqdm import tqdm  # about 0.1 s: loaded by the first sweep, not by every import of this module

    if progress and total and not sys.stderr.isatty():
        return LineProgress(total, sys.stderr)
    return tqdm(total=total, desc="cells", unit="cell", disable=not progress or not total)


def _progress_text(rec: dict[str, Any], spend: dict[str, Any]) -> str:
    cost = spent_text(spend)
    return (f"{rec.get('task_id')}: {rec.get('status')} pass={rec.get('passed')} | spent {cost}, "
            f"{spend.get('tokens', 0)} tok, {spend.get('calls', 0)} calls, {spend.get('cache_hits', 0)} cached")


def run_sweep(cells: Iterable[CellSpec], out: str | Path, *, workers: int = 1, void_retries: int = 2,
              progress: bool = True, manifest: dict[str, Any] | None = None, engine: Engine | None = None,
              cache: str | Path | None = None,
              max_concurrency: int | None = None, max_cost: float | None = None,
              max_tokens: int | None = None) -> dict[str, Any]:
    """Run every unfinished cell; return a summary.

    Args:
        cells: the cells of the sweep.
        out: the sweep folder.
        workers: local worker processes (1 runs in this process); ignored with an ``engine``.
        void_retries: extra attempts for a VOID cell within this run.
        progress: show a progress bar (with money, tokens and calls spent and cache hits); a line per finished
            cell when stderr is not a terminal.
        manifest: extra fields for ``sweep.json``.
        engine: run the cells with this :class:`~interactiveworld.bench.cells.Engine` (e.g.
            :class:`~interactiveworld.bench.ray_engine.RayEngine`); None: in this process, or in ``workers``
            local worker processes (:func:`~interactiveworld.bench.pool.run_pool`).
        cache: response cache folder.
        max_concurrency: model calls in flight per provider.
        max_cost / max_tokens: the sweep's spending limits (this run's spending).

    Returns:
        ``total``, ``skipped``, ``ran``, ``void``, ``unfinished`` (stopped by the sweep's limit),
        ``rekeyed`` (cells re-run because their key changed: ``[(folder, [differences])]``),
        ``spend`` (``calls``, ``cache_hits``, ``cost_usd``, ``tokens``), ``records``, and ``stopped``: the line
        naming the model route whose permanent error stopped the sweep (``"<model> at <url>: HTTP <status>:
        <meaning>"``), else None.

    Raises:
        SweepLocked: another sweep holds the folder.
        UnsafeCellFolder: a cell folder is reached through a symbolic link.
        TaskPackError: a TaskPack cannot be read.
    """
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    cells = list(cells)
    with SweepLock(out):
        hashes: dict[str, str] = {}
        lengths: dict[str, int] = {}
        keys = []
        for c in cells:
            if c.taskpack not in hashes:
                data = read_taskpack_json(Path(c.taskpack))
                hashes[c.taskpack] = compute_hash(data)
                lengths[c.taskpack] = _oracle_length(data)
            keys.append(expected_key(c, hashes[c.taskpack]))
        unsafe = [str(cell_dir(out, c)) for c in cells if has_symlink(out, cell_dir(out, c))]
        if unsafe:
            raise UnsafeCellFolder(f"{len(unsafe)} cell folder(s) are reached through a symbolic link, e.g. "
                                   f"{unsafe[0]}; a sweep never follows links out of its folder (remove them)")
        write_manifest(out, cells, manifest or {})
        pending, rekeyed = [], []
        for c, k in zip(cells, keys):
            path = cell_dir(out, c)
            if is_finished(path, k):
                continue
            pending.append((c, k))
            rec = read_eval(path)
            if rec is not None and rec.get("status") == "valid" and rec.get("cell_key_hash") != key_hash(k):
                rekeyed.append((str(path), key_differences(rec.get("cell_key"), k)))
        if engine is not None or workers > 1:
            # longest first (by the oracle's length), so that the last cells to start are short and the workers
            # finish together; Python's sort is stable, so equal lengths keep the sweep's order
            pending.sort(key=lambda ck: -lengths[ck[0].taskpack])
        models = any(c.uses_models for c, _ in pending)
        limited = max_cost is not None or max_tokens is not None
        state = {"records": [], "spend": {"calls": 0, "cache_hits": 0, "cost_usd": 0.0, "tokens": 0, "unpriced": 0},
                 "stop": False}
        bar = _progress_bar(len(pending), progress)
        prog = _PROGRESS[0] = SweepProgress(str(out), len(cells), len(cells) - len(pending), len(pending))
        ledger = out / "results.jsonl"
        tally = UsageTally()

        def finish(rec: dict[str, Any], gate_stats: dict[str, Any] | None = None) -> None:
            state["records"].append(rec)
            tally.add(rec)
            prog.finished += rec.get("status") == "valid"
            if gate_stats is None:
                c = rec.get("_calls") or {}
                sp = state["spend"]
                sp.update(calls=sp["calls"] + c.get("calls", 0) - c.get("cache_hits", 0),
                          cache_hits=sp["cache_hits"] + c.get("cache_hits", 0),
                          cost_usd=sp["cost_usd"] + c.get("spent_usd", 0.0), tokens=sp["tokens"] + c.get("tokens", 0),
                          unpriced=sp["unpriced"] + c.get("unpriced", 0))
            else:
                state["spend"] = {k: gate_stats.get(k, 0) for k in ("calls", "cache_hits", "cost_usd", "tokens",
                                                                    "unpriced")}
            if rec.get("stop_reason") == "sweep_budget":
                state["stop"] = True
            if rec.get("permanent_error") and not state.get("stopped"):
                state["stop"], state["stopped"] = True, str(rec["permanent_error"])
            line = {k: rec.get(k) for k in ("task_id", "assistant", "human", "seed", "status", "stop_reason",
                                            "passed", "completion")}
            cell = rec.get("_cell")
            # relative to the sweep folder, so that the ledger stays right when the folder is moved or copied
            line["cell"] = os.path.relpath(cell, out) if cell else None
            with open(ledger, "a", encoding="utf-8") as f:
                f.write(json.dumps(line) + "\n")
                f.flush()
                os.fsync(f.fileno())
            calls = f" | cell:{cell_postfix(rec)} | sweep: {tally.postfix()}" if tally.calls else ""
            bar.set_postfix_str(_progress_text(rec, state["spend"]) + calls, refresh=False)
            bar.update(1)

        try:
            settings = CallSettings(cache=str(cache) if cache else None)
            if engine is not None:
                engine(pending, str(out), void_retries=void_retries, settings=settings,
                       max_concurrency=max_concurrency, max_cost=max_cost, max_tokens=max_tokens, models=models,
                       on_record=finish, should_stop=lambda: state["stop"])
            elif workers <= 1 or len(pending) <= 1:
                gate = CallGate(max_concurrency, max_cost, max_tokens)
                settings = replace(settings, gate=gate, gate_limited=limited)
                for spec, key in pending:
                    if state["stop"]:
                        break
                    finish(run_cell_with_retries(spec, str(out), key, void_retries, settings), gate.stats())
            else:
                run_pool(pending, str(out), workers, void_retries, settings, models, limited,
                         (max_concurrency, max_cost, max_tokens), finish, lambda: state["stop"])
        finally:
            bar.close()
        records = state["records"]
        done = [r for r in records if r.get("status") != "unfinished"]
        return {"total": len(cells), "skipped": len(cells) - len(pending), "ran": len(done),
                "void": sum(1 for r in records if r.get("status") not in ("valid", "unfinished")),
                "unfinished": len(pending) - len(done),
                "rekeyed": rekeyed, "spend": state["spend"], "records": records, "stopped": state.get("stopped")}


__all__ = ["LOCK_NAME", "LineProgress", "SweepLock", "SweepLocked", "SweepManifestWarning", "SweepProgress",
           "clear_progress", "last_progress", "run_sweep", "write_manifest",
           # a cell's own names, from .cells and .identity, so that `from ...sweep import CellSpec, run_sweep` works
           "CallSettings", "CellSpec", "DEFAULT_ENV", "UnsafeCellFolder", "cell_dir", "expected_key", "is_finished"]
