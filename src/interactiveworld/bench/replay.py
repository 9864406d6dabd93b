"""Replay: re-execute a recorded cell's commands in a fresh environment and check that the world
does the same thing, command by command (paper appendix C.3.3 "Reproducibility").

What is compared, per record of the trace:

* every opening command and every Human command the world executed: ``ok``, the error code, the
  primitive, the relation delta and the held object;
* the baseline and final state digests.

Commands the loop refused at the information boundary (``executed: false`` in the ``command``
record; older traces: an error whose details name ``withheld`` entities) never reached the world
and are not executed on replay either. A trace holding more than one episode (two ``header``
records) is refused: it cannot be a single cell's history.

The environment factory is never taken from the files of the cell: it comes from ``--env`` or, when
the recorded factory is on the allow-list (:func:`allowed_envs`: the built-in world plus the entries
of ``$IW_ENVS``), from the record. Anything else is refused with a message saying how to run it
deliberately.
"""
from __future__ import annotations

import json
import multiprocessing as mp
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from ..body import BodyModelError, body_model_identity
from .factory import load_factory, make_env
from .identity import DEFAULT_ENV
from .logs import EVAL_NAME, TRACE_NAME, find_cells, read_eval, read_trace
from .pool import spawning_workers, stop_pool, worker_init
from .taskpack import TaskPackError, builtin_taskpacks, load_taskpack

ENV_ALLOW_VAR = "IW_ENVS"
"""Environment variable: comma-separated further ``module:callable`` factories replay may take from a record."""


class ReplayError(ValueError):
    """A cell that cannot be replayed as asked (bad folder, malformed trace, refused factory, TaskPack)."""


def allowed_envs() -> list[str]:
    """Factories replay accepts from a record: the built-in world and those listed in ``$IW_ENVS``."""
    extra = [e.strip() for e in os.environ.get(ENV_ALLOW_VAR, "").split(",") if e.strip()]
    return list(dict.fromkeys([DEFAULT_ENV, *extra]))


@dataclass
class ReplayResult:
    """The outcome of replaying one cell.

    Attributes:
        cell: the cell folder.
        steps: commands executed on replay (opening and Human commands).
        skipped: commands skipped because the loop withheld them.
        mismatches: one line per record whose outcome differs.
        digest / expected: final state digest on replay / as recorded.
        factory / source: the environment factory used and where it came from.
        recorded: the factory recorded with the cell (None when none was).
        notes: what was odd in the cell's files without changing the verdict (a skipped last trace line).
    """

    cell: Path
    steps: int = 0
    skipped: int = 0
    mismatches: list[str] = field(default_factory=list)
    digest: str | None = None
    expected: str | None = None
    factory: str = ""
    source: str = ""
    recorded: str | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def matched(self) -> bool:
        """True when every command's outcome and the final state digest are as recorded."""
        return not self.mismatches and self.digest == self.expected


def sweep_manifest(cell: Path) -> dict[str, Any]:
    """The ``sweep.json`` of the sweep a cell folder belongs to (nearest one above it), or {}."""
    for parent in cell.resolve().parents:
        man = parent / "sweep.json"
        if man.is_file():
            try:
                data = json.loads(man.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError):
                return {}
            return data if isinstance(data, dict) else {}
    return {}


def find_taskpack(task_id: str, explicit: str | None, expected_hash: str | None, manifest: dict[str, Any]) -> Any:
    """The TaskPack a cell was recorded with: ``explicit`` (a file), the built-in one, or a file the
    sweep's manifest names; its hash must match the recorded one.

    Raises:
        ReplayError: not found, invalid, or another hash.
    """
    try:
        if explicit:
            tp = load_taskpack(explicit)
        else:
            packs = builtin_taskpacks()
            recorded = [c.get("taskpack") for c in manifest.get("cells", [])
                        if isinstance(c, dict) and c.get("task_id") == task_id and isinstance(c.get("taskpack"), str)]
            path = packs.get(task_id) or next((Path(f) for f in recorded if Path(f).is_file()), None)
            if path is None:
                raise ReplayError(f"TaskPack {task_id!r} is not installed; pass --taskpack FILE")
            tp = load_taskpack(path)
    except TaskPackError as exc:
        raise ReplayError(str(exc)) from None
    if expected_hash and tp.hash != expected_hash:
        raise ReplayError(f"TaskPack {tp.id} has hash {tp.hash} but the trace was recorded with {expected_hash}")
    return tp


def recorded_env(header: dict[str, Any], ev: dict[str, Any], manifest: dict[str, Any]) \
        -> tuple[str | None, bool | None, str]:
    """(factory, render, where it was found) of the environment a cell was recorded with."""
    for where, rec in (("the trace header", header), ("eval.json", ev)):
        env = rec.get("env")
        if isinstance(env, dict) and isinstance(env.get("factory"), str):
            render = env.get("render")
            return env["factory"], render if isinstance(render, bool) else None, where
    if isinstance(manifest.get("env"), str):
        render = manifest.get("render")
        return manifest["env"], render if isinstance(render, bool) else None, "sweep.json"
    return None, None, ""


def choose_factory(explicit: str | None, recorded: str | None, where: str) -> tuple[str, str]:
    """(factory, where it came from): ``explicit`` when given, else the recorded one if allowed, else the default.

    Raises:
        ReplayError: the recorded factory is not on the allow-list.
    """
    if explicit:
        return explicit, "--env"
    if recorded is None:
        return DEFAULT_ENV, "the default; none recorded"
    if recorded not in allowed_envs():
        raise ReplayError(f"the cell was recorded with the environment factory {recorded!r} ({where}), which is not "
                          f"on the allow-list ({', '.join(allowed_envs())}); replay never runs code named by a "
                          f"file: pass --env {recorded} to run it deliberately, or add it to ${ENV_ALLOW_VAR}")
    return recorded, f"as recorded in {where}"


def _is_withheld(rec: dict[str, Any]) -> bool:
    if rec.get("executed") is False:
        return True
    err = (rec.get("outcome") or {}).get("error") or {}
    return isinstance(err, dict) and bool((err.get("details") or {}).get("withheld"))


def _delta(d: Any) -> tuple:
    if not isinstance(d, dict):
        return ((), ())
    return tuple(tuple(sorted(tuple(r) for r in d.get(k) or [])) for k in ("added", "removed"))


def _outcome_view(outcome: Any, held: Any = None) -> dict[str, Any]:
    """The parts of a command outcome replay compares (from a live outcome or its logged dict)."""
    if not isinstance(outcome, dict):
        outcome = outcome.to_log()
    err = outcome.get("error") or {}
    return {"ok": outcome.get("ok"), "error": err.get("code") if isinstance(err, dict) else None,
            "primitive": outcome.get("primitive"), "delta": _delta(outcome.get("relation_delta")), "held": held}


def replay_records(trace: list[dict[str, Any]], env: Any, result: ReplayResult) -> ReplayResult:
    """Re-execute a trace's commands in ``env`` (already reset) and fill ``result``.

    Raises:
        ReplayError: a malformed record.
        Exception: whatever the environment raises (the caller reports it).
    """
    kind = None
    try:
        for r in trace:
            kind = r.get("type") if isinstance(r, dict) else None
            if kind == "opening_command" or (kind == "command" and not _is_withheld(r)):
                out = env.execute(r["command"])
                result.steps += 1
                held = env.held() if kind == "command" and "held" in r else None
                got = _outcome_view(out, held)
                want = _outcome_view(r["outcome"], r.get("held") if kind == "command" and "held" in r else None)
                if got != want:
                    diff = ", ".join(f"{k} {want[k]!r} recorded, {got[k]!r} on replay"
                                     for k in got if got[k] != want[k])
                    where = f"tick {r.get('tick')}" if kind == "command" else "opening"
                    result.mismatches.append(f"{where}: {r['command']!r}: {diff}")
            elif kind == "command":
                result.skipped += 1
            elif kind == "baseline":
                env.mark_baseline()
                if r.get("digest") is not None and env.state_digest() != r["digest"]:
                    result.mismatches.append(f"baseline: state digest {env.state_digest()} on replay, "
                                             f"{r['digest']} recorded")
    except (KeyError, TypeError, AttributeError) as exc:
        raise ReplayError(f"{result.cell / TRACE_NAME}: malformed {kind} record ({type(exc).__name__}: {exc})") \
            from None
    result.digest = env.state_digest()
    return result


def prepare(cell: Path, *, taskpack: str | None, env: str | None) -> tuple[list[dict[str, Any]], Any, ReplayResult,
                                                                          bool | None]:
    """Read a cell for replay: (trace records, TaskPack, a result holding the expected digest and the
    chosen factory, the recorded render setting).

    Raises:
        ReplayError: no trace, unreadable or malformed trace, more than one episode, unfinished episode,
            refused factory, TaskPack not found or of another hash.
    """
    try:
        trace = read_trace(cell / TRACE_NAME)
    except (ValueError, OSError) as exc:  # UnicodeDecodeError is a ValueError
        raise ReplayError(f"{cell / TRACE_NAME}: unreadable trace ({exc})") from None
    headers = [i for i, r in enumerate(trace) if isinstance(r, dict) and r.get("type") == "header"]
    if len(headers) > 1:
        raise ReplayError(f"{cell / TRACE_NAME}: holds {len(headers)} episodes (header records at lines "
                          f"{', '.join(str(i + 1) for i in headers)}); a cell's trace is one episode")
    header = trace[headers[0]] if headers else None
    if header is None or not isinstance(header.get("task_id"), str):
        raise ReplayError(f"{cell}: the trace has no header record naming the task")
    manifest = sweep_manifest(cell)
    tp = find_taskpack(header["task_id"], taskpack, header.get("taskpack_hash"), manifest)
    ev = read_eval(cell) or {}
    expected = ev.get("final_digest") or next((r.get("digest") for r in trace
                                               if isinstance(r, dict) and r.get("type") == "final"), None)
    if expected is None:
        raise ReplayError(f"{cell}: the episode did not finish (no final state digest to compare)")
    rec_factory, rec_render, where = recorded_env(header, ev, manifest)
    factory, source = choose_factory(env, rec_factory, where)
    try:
        load_factory(factory)
    except (ImportError, ValueError) as exc:
        raise ReplayError(f"the environment factory {factory!r} cannot be loaded ({type(exc).__name__}: {exc})") \
            from None
    result = ReplayResult(cell=cell, expected=expected, factory=factory, source=source, recorded=rec_factory)
    lines = sum(1 for ln in (cell / TRACE_NAME).read_text(encoding="utf-8").split("\n") if ln.strip())
    if lines > len(trace):  # read_trace skips an unreadable last line (a writer killed mid-line)
        finished = any(isinstance(r, dict) and r.get("type") == "final" for r in trace)
        result.notes.append(f"{TRACE_NAME}: its last line is not a record and was skipped"
                            + (" (it follows the final record: the episode did not write it)" if finished else ""))
    return trace, tp, result, rec_render


def recorded_body(header: dict[str, Any], ev: dict[str, Any]) -> dict[str, Any] | None:
    """The ``{"path", "sha256"}`` of the SMPL+H body a cell was recorded with (``--body-model``), or None."""
    for rec in (header, ev):
        env = rec.get("env")
        if isinstance(env, dict) and isinstance(env.get("body_model"), dict):
            return env["body_model"]
    return None


def replay_cell(cell: Path, *, taskpack: str | None = None, env: str | None = None,
                render: bool | None = None, body_model: str | None = None) -> ReplayResult:
    """Replay one cell folder (see the module docstring). A cell recorded with ``--body-model`` replays only with
    ``body_model`` naming a file of the same SHA-256 (a path is never taken from the cell's files: model files
    are pickles), and a cell of the built-in body only without one.

    Raises:
        ReplayError: the cell cannot be replayed (see :func:`prepare`), the body model does not match the
            recorded one, or the environment cannot load the TaskPack's scene.
        RuntimeError: the environment cannot start or raised on a recorded command.
    """
    trace, tp, result, rec_render = prepare(cell, taskpack=taskpack, env=env)
    render = render if render is not None else bool(rec_render)
    header = next(r for r in trace if isinstance(r, dict) and r.get("type") == "header")
    body = recorded_body(header, read_eval(cell) or {})
    if body is not None and body_model is None:
        raise ReplayError(f"the cell was recorded with the body model {body.get('path')} (sha256 "
                          f"{body.get('sha256')}); give it with --body-model")
    if body_model is not None:
        try:
            given = body_model_identity(body_model)["sha256"]
        except BodyModelError as exc:
            raise ReplayError(f"--body-model: {exc}") from None
        if body is None or given != body.get("sha256"):
            raise ReplayError(f"--body-model: {body_model} is not the body the cell was recorded with ("
                              + (f"sha256 {body.get('sha256')})" if body else "the built-in body)"))
    try:
        world = make_env(result.factory, render=render, body_model=body_model)
    except Exception as exc:  # noqa: BLE001 - reported, not a traceback
        raise RuntimeError(f"the environment {result.factory} could not start ({type(exc).__name__}: {exc})") \
            from None
    try:
        world.reset(tp.reset_scene(), seed=int(header.get("seed") or 0))
    except Exception as exc:  # noqa: BLE001 - the scene does not load in this environment
        hint = (f"; the cell was recorded with {result.recorded}" if result.recorded not in (None, result.factory)
                else "; pass --env module:callable to replay in another environment")
        raise ReplayError(f"{result.factory} cannot load the scene of TaskPack {tp.id} "
                          f"({type(exc).__name__}: {exc}){hint}") from None
    try:
        return replay_records(trace, world, result)
    except ReplayError:
        raise
    except Exception as exc:  # noqa: BLE001 - the environment failed on a recorded command
        raise RuntimeError(f"the environment raised on a recorded command ({type(exc).__name__}: {exc})") from None


def cells_to_replay(target: Path) -> list[Path]:
    """The cell folder itself, or every finished cell (trace and ``eval.json``) under a sweep folder.

    Raises:
        ReplayError: no such folder, or no cell in it.
    """
    if (target / TRACE_NAME).is_file():
        return [target]
    if target.exists() and not target.is_dir():
        raise ReplayError(f"{target}: is a file; give a cell folder or a sweep folder (the --out of 'iw-eval run')")
    if not target.is_dir():
        raise ReplayError(f"{target}: no such cell or sweep folder")
    cells = [c for c in find_cells(target) if (c / TRACE_NAME).is_file() and (c / EVAL_NAME).is_file()]
    if not cells:
        raise ReplayError(f"{target}: no {TRACE_NAME} (not a cell folder, and no finished cell below it)")
    return cells


def _replay_one(cell: Path, options: dict[str, Any]) -> tuple[ReplayResult | None, str | None]:
    """:func:`replay_cell` with its failure as text (a worker's result crosses a process boundary)."""
    try:
        return replay_cell(cell, **options), None
    except (ReplayError, RuntimeError) as exc:
        return None, str(exc)


def replay_cells(cells: list[Path], *, workers: int = 1, **options: Any) \
        -> Iterator[tuple[Path, ReplayResult | None, str | None]]:
    """Replay several cells, in ``workers`` spawned processes when more than one; yields (cell, result, None) or
    (cell, None, why it could not be replayed) in the order of ``cells``, each as soon as it and the ones before
    it are done. ``options`` are :func:`replay_cell`'s keywords. Ctrl-C stops the workers.

    Raises:
        ValueError: ``workers`` < 1.
    """
    if workers < 1:
        raise ValueError(f"workers: expected >= 1, got {workers}")
    if workers == 1 or len(cells) <= 1:
        for cell in cells:
            yield (cell, *_replay_one(cell, options))
        return
    pool = ProcessPoolExecutor(max_workers=min(workers, len(cells)), mp_context=mp.get_context("spawn"),
                               initializer=worker_init)
    try:
        with spawning_workers():
            futures = [pool.submit(_replay_one, cell, options) for cell in cells]
        for cell, fut in zip(cells, futures):
            yield (cell, *fut.result())
    finally:
        stop_pool(pool)


__all__ = ["ENV_ALLOW_VAR", "ReplayError", "ReplayResult", "allowed_envs", "cells_to_replay", "choose_factory",
           "find_taskpack", "prepare", "recorded_env", "replay_cell", "replay_cells", "replay_records",
           "sweep_manifest"]
