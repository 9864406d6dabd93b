"""Sweeps: Assistant models x Human models x TaskPacks x seeds, in local worker processes
(DESIGN.md "Backends and scale"; paper appendix C.2.5).

Each cell lives in ``<out>/<assistant>__<human>/<task_id>/seed<k>/`` and is finished exactly when
its ``eval.json`` says ``"status": "valid"``; that file is written atomically as the cell's last
act, so every finished cell is on disk before its worker takes the next one. Running the same
sweep again skips finished cells and re-runs the rest: an interrupted cell's partial trace is kept
under ``attempts/`` and the cell starts afresh. Ctrl-C stops a sweep at once (worker processes
are terminated; the cells they were running stay unfinished and are redone on resume). The
environment factory and render setting are recorded in ``sweep.json`` and, per cell, in the trace
header and ``eval.json`` (``"env": {"factory", "render"}``). VOID cells (infrastructure faults) are re-run up to
``void_retries`` times in the same sweep and again on the next resume; they are never scored.
"""
from __future__ import annotations

import importlib
import inspect
import json
import os
import re
import shutil
import signal
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from .logs import EVAL_NAME, FRAMES_DIR, TRACE_NAME, read_eval, write_json_atomic
from .usage import UsageTally, cell_postfix

DEFAULT_ENV = "interactiveworld.env:Environment"


@dataclass(frozen=True)
class CellSpec:
    """One cell of a sweep (picklable: it crosses into worker processes).

    Attributes:
        taskpack: path of the TaskPack file.
        task_id: its id.
        assistant: a control name (oracle, silent, wrong, early, nohelp) or a litellm model string.
        human: ``scripted`` or a litellm model string.
        seed: world seed.
        memory: the Assistant's memory variant (model Assistants only).
        api_base: base URL for model calls (None: the provider default).
        env: ``module:callable`` building the environment.
        render: render frames (False: ``--no-render``).
        timeout_s / max_retries: model call settings.
    """

    taskpack: str
    task_id: str
    assistant: str
    human: str = "scripted"
    seed: int = 0
    memory: bool = False
    api_base: str | None = None
    env: str = DEFAULT_ENV
    render: bool = True
    timeout_s: float = 120.0
    max_retries: int = 3

    @property
    def assistant_label(self) -> str:
        return self.assistant + ("+memory" if self.memory else "")


def slug(text: str) -> str:
    """A folder-safe form of a model or control name."""
    return re.sub(r"[^A-Za-z0-9._+-]+", "-", text).strip("-") or "x"


def cell_dir(out: str | Path, spec: CellSpec) -> Path:
    return Path(out) / f"{slug(spec.assistant_label)}__{slug(spec.human)}" / spec.task_id / f"seed{spec.seed}"


def is_finished(path: str | Path) -> bool:
    """True when the cell folder holds a readable ``eval.json`` of a valid (scored) cell; anything else
    (missing, unreadable, VOID, fields the report cannot use) is run again."""
    from .metrics import eval_record_problem

    rec = read_eval(path)
    return rec is not None and rec.get("status") == "valid" and eval_record_problem(rec) is None


def load_factory(ref: str) -> Callable[..., Any]:
    """Import ``module:callable``.

    Raises:
        ValueError: malformed reference or the attribute is missing.
        ImportError: the module cannot be imported.
    """
    mod, sep, attr = ref.partition(":")
    if not sep or not mod or not attr:
        raise ValueError(f"environment factory {ref!r}: expected 'module:callable'")
    obj = importlib.import_module(mod)
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise ValueError(f"environment factory {ref!r}: {part!r} not found")
        obj = getattr(obj, part)
    return obj


def make_env(ref: str, *, render: bool) -> Any:
    """Build an environment from a factory reference, passing ``render`` when the factory takes it."""
    factory = load_factory(ref)
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        params = {}
    if "render" in params or any(p.kind == p.VAR_KEYWORD for p in params.values()):
        return factory(render=render)
    return factory()


def make_agents(spec: CellSpec, taskpack: Any) -> tuple[Any, Any]:
    """The Assistant and Human policies a cell asks for."""
    from ..agents.controls import CONTROL_ASSISTANTS, ScriptedHuman, make_control_assistant

    kwargs = {"api_base": spec.api_base, "timeout_s": spec.timeout_s, "max_retries": spec.max_retries}
    if spec.assistant in CONTROL_ASSISTANTS:
        assistant = make_control_assistant(spec.assistant, taskpack)
    else:
        from ..agents.model import ModelAssistant

        assistant = ModelAssistant(spec.assistant, memory=spec.memory, **kwargs)
    if spec.human == "scripted":
        human = ScriptedHuman(taskpack)
    else:
        from ..agents.model import ModelHuman

        human = ModelHuman(spec.human, **kwargs)
    return assistant, human


def _archive_partial(path: Path) -> None:
    """Move an unfinished attempt's files under ``attempts/<n>/`` so the cell restarts cleanly."""
    leftovers = [p for p in (path / TRACE_NAME, path / EVAL_NAME, path / FRAMES_DIR) if p.exists()]
    if not leftovers:
        return
    attempts = path / "attempts"
    n = len(list(attempts.glob("*"))) if attempts.is_dir() else 0
    dest = attempts / str(n)
    dest.mkdir(parents=True, exist_ok=True)
    for p in leftovers:
        shutil.move(str(p), str(dest / p.name))
    for p in path.glob(EVAL_NAME + ".*.tmp"):
        p.unlink()


def run_cell(spec: CellSpec, out: str | Path) -> dict[str, Any]:
    """Run one cell into its folder and return its ``eval.json`` record.

    Raises:
        TaskPackError: the TaskPack file is missing, invalid or its hash does not verify (a
            configuration error, not a VOID cell).
    """
    from .episode import EpisodeConfig, run_episode
    from .taskpack import _read_json, compute_hash, parse_taskpack

    path = cell_dir(out, spec)
    path.mkdir(parents=True, exist_ok=True)
    _archive_partial(path)
    data = _read_json(Path(spec.taskpack))
    tp = parse_taskpack(data, source=spec.taskpack)
    cfg = EpisodeConfig(seed=spec.seed, write_frames=spec.render, assistant_name=spec.assistant_label,
                        human_name=spec.human, observed_hash=compute_hash(data),
                        env={"factory": spec.env, "render": spec.render})
    assistant, human = make_agents(spec, tp)  # a bad model string or control is a configuration error
    try:
        env = make_env(spec.env, render=spec.render)
    except (ImportError, ValueError):
        raise  # a factory that does not exist is a configuration error, not a VOID cell
    except Exception as exc:  # an environment that cannot start is an infrastructure fault
        rec = {"format": "interactiveworld.eval/1", "task_id": tp.id, "family": tp.family.value,
               "assistant": spec.assistant_label, "human": spec.human, "seed": spec.seed, "status": "void",
               "stop_reason": "void", "void_reason": f"environment could not start: {type(exc).__name__}: {exc}",
               "passed": None, "completion": None, "capabilities": []}
        write_json_atomic(path / EVAL_NAME, rec)
        return rec
    return run_episode(tp, env, assistant, human, path, cfg)


def _run_with_retries(spec: CellSpec, out: str, void_retries: int) -> dict[str, Any]:
    rec = run_cell(spec, out)
    tries = 0
    while rec.get("status") != "valid" and tries < void_retries:
        tries += 1
        rec = run_cell(spec, out)
    rec["_cell"] = str(cell_dir(out, spec))
    return rec


def _worker_init() -> None:
    """Worker processes leave Ctrl-C and SIGTERM to the parent, which stops them all (a worker that
    caught Ctrl-C would go on to its next queued cell; one killed alone would break the pool)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Cancel queued cells and terminate the workers (their running cells stay unfinished)."""
    procs = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        if proc.is_alive():
            proc.kill()
    for proc in procs:
        proc.join(timeout=10)


def write_manifest(out: Path, cells: list[CellSpec], extra: dict[str, Any]) -> None:
    """Record the sweep's configuration (merged with an earlier manifest on resume)."""
    man_path = out / "sweep.json"
    old: dict[str, Any] = {}
    if man_path.is_file():
        try:
            old = json.loads(man_path.read_text(encoding="utf-8"))
        except json.JSONDecodeError:
            old = {}
    cells_old = {json.dumps(c, sort_keys=True) for c in old.get("cells", [])}
    cells_all = [json.loads(c) for c in sorted(cells_old | {json.dumps(asdict(c), sort_keys=True) for c in cells})]
    write_json_atomic(man_path, {**old, **extra, "cells": cells_all,
                                 "started": old.get("started", time.strftime("%Y-%m-%dT%H:%M:%S")),
                                 "updated": time.strftime("%Y-%m-%dT%H:%M:%S")})


def run_sweep(cells: Iterable[CellSpec], out: str | Path, *, workers: int = 1, void_retries: int = 2,
              progress: bool = True, manifest: dict[str, Any] | None = None) -> dict[str, Any]:
    """Run every unfinished cell; return a summary (``total``, ``skipped``, ``ran``, ``void``, ``records``).

    Args:
        cells: the cells of the sweep.
        out: the sweep folder.
        workers: local worker processes (1 runs in this process).
        void_retries: extra attempts for a VOID cell within this run.
        progress: show a progress bar.
        manifest: extra fields for ``sweep.json``.
    """
    from tqdm import tqdm

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    cells = list(cells)
    write_manifest(out, cells, manifest or {})
    pending = [c for c in cells if not is_finished(cell_dir(out, c))]
    records: list[dict[str, Any]] = []
    bar = tqdm(total=len(pending), desc="cells", unit="cell", disable=not progress or not pending)
    ledger = out / "results.jsonl"
    tally = UsageTally()

    def finish(rec: dict[str, Any]) -> None:
        records.append(rec)
        tally.add(rec)
        with open(ledger, "a", encoding="utf-8") as f:
            f.write(json.dumps({k: rec.get(k) for k in ("task_id", "assistant", "human", "seed", "status",
                                                         "stop_reason", "passed", "completion", "_cell")}) + "\n")
            f.flush()
            os.fsync(f.fileno())
        bar.set_postfix_str(f"{rec.get('task_id')}: {rec.get('status')} pass={rec.get('passed')}"
                            + cell_postfix(rec) + (f" | sweep: {tally.postfix()}" if tally.calls else ""))
        bar.update(1)

    try:
        if workers <= 1 or len(pending) <= 1:
            for spec in pending:
                finish(_run_with_retries(spec, str(out), void_retries))
        else:
            import multiprocessing as mp

            pool = ProcessPoolExecutor(max_workers=workers, mp_context=mp.get_context("spawn"),
                                       initializer=_worker_init)
            try:
                futures = {pool.submit(_run_with_retries, spec, str(out), void_retries): spec for spec in pending}
                for fut in as_completed(futures):
                    finish(fut.result())
            except BaseException:
                # Ctrl-C or a configuration error: stop now. Cells cut short keep a trace without
                # eval.json and are redone on resume.
                _stop_pool(pool)
                raise
            pool.shutdown(wait=True)
    finally:
        bar.close()
    return {"total": len(cells), "skipped": len(cells) - len(pending), "ran": len(pending),
            "void": sum(1 for r in records if r.get("status") != "valid"), "records": records}


__all__ = ["CellSpec", "DEFAULT_ENV", "cell_dir", "is_finished", "load_factory", "make_env", "make_agents",
           "run_cell", "run_sweep", "slug", "write_manifest"]
