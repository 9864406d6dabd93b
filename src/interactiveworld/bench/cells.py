"""One cell of a sweep: what it is (:class:`CellSpec`), where it lives and under which key, and running it.

This is what a sweep (:mod:`.sweep`) and the engines that run its cells (:mod:`.pool` for local worker
processes, :mod:`.ray_engine` for Ray tasks) share. An engine is any callable of the :class:`Engine` shape:
it runs the pending cells wherever it likes, hands each finished record back, and stops early when asked.

A cell is finished exactly when its ``eval.json`` says ``"status": "valid"`` **and** records the key asked
for now (:func:`expected_key`; :mod:`.identity`). :func:`run_cell` first moves an interrupted attempt, a
VOID attempt or a result recorded under another key under ``attempts/<n>/`` (:func:`archive_cell`, with
``archived.json`` saying why), then runs the episode; ``eval.json`` is written atomically as the cell's
last act.
"""
from __future__ import annotations

import contextlib
import fcntl
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Protocol

from ..agents.calls import BudgetExceeded, CallMeter, ResponseCache
from ..agents.controls import CONTROL_ASSISTANTS, ScriptedHuman, make_control_assistant
from ..agents.model import ModelAssistant, ModelHuman
from ..agents.prompts import PROMPT_VERSION
from .episode import EpisodeConfig, run_episode
from .factory import make_env
from .identity import DEFAULT_ENV, cell_key, cell_path, env_part, key_differences, key_hash
from .ledger import POINTS_NAME
from .logs import ATTEMPTS_DIR, EVAL_NAME, FRAMES_DIR, TRACE_NAME, Scrubber, has_symlink, read_eval, write_json_atomic
from .metrics import eval_record_problem
from .taskpack import TaskPackError, compute_hash, parse_taskpack, read_taskpack_json


@dataclass(frozen=True)
class CellSpec:
    """One cell of a sweep (picklable: it crosses into worker processes and Ray tasks).

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
        timeout_s / max_retries: model call transport settings (not part of the cell key).
        temperature / max_completion_tokens: model call parameters (part of the cell key).
        cell_max_cost / cell_max_tokens: the cell's spending limits [USD] / [tokens] (None: none).
        body_model: SMPL+H model files for the body (``--body-model``; None: the built-in body) and
            body_model_sha256, the digest of the file (part of the cell key, so bodies are never mixed).
        release: the InteractiveBench release the TaskPack was selected from (part of the cell key when it is
            not release 1, so release-1 keys and results stay as they were).
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
    temperature: float = 0.0
    max_completion_tokens: int = 1024
    cell_max_cost: float | None = None
    cell_max_tokens: int | None = None
    body_model: str | None = None
    body_model_sha256: str | None = None
    release: int = 1

    @property
    def assistant_label(self) -> str:
        return self.assistant + ("+memory" if self.memory else "")

    @property
    def uses_models(self) -> bool:
        """True when an agent of the cell is a model (its calls go through the cache and the gate)."""
        return self.assistant not in CONTROL_ASSISTANTS or self.human != "scripted"


@dataclass(frozen=True)
class CallSettings:
    """Sweep-wide model call settings handed to every cell (picklable).

    Attributes:
        cache: response cache folder (None: no cache).
        gate: the sweep's :class:`~interactiveworld.agents.calls.CallGate` or a proxy of it (None: none).
        gate_limited: the gate enforces spending limits.
    """

    cache: str | None = None
    gate: Any = None
    gate_limited: bool = False


class UnsafeCellFolder(ValueError):
    """A cell folder (or a folder above it inside the sweep) is a symbolic link."""



class Engine(Protocol):
    """Runs the pending cells of a sweep somewhere other than one at a time in this process.

    Called with the cells still to run (each with the key it must carry), the sweep folder and the sweep's
    settings; hands every finished record to ``on_record`` (with the gate's totals when the engine keeps a
    gate of its own, else None) in the order the cells finish, and stops submitting cells once
    ``should_stop()`` is true. Every finished cell's files are in the sweep folder before its record is
    handed back. The caller chooses the engine (``iw-eval run --ray``:
    :class:`interactiveworld.bench.ray_engine.RayEngine`); without one a sweep runs its cells in this process or
    in local worker processes (:func:`interactiveworld.bench.pool.run_pool`).
    """

    def __call__(self, pending: list[tuple[CellSpec, dict[str, Any]]], out: str, *, void_retries: int,
                 settings: CallSettings, max_concurrency: int | None, max_cost: float | None,
                 max_tokens: int | None, models: bool, on_record: Callable[..., None],
                 should_stop: Callable[[], bool]) -> None: ...


def cell_dir(out: str | Path, spec: CellSpec) -> Path:
    """The cell's folder (see :func:`~interactiveworld.bench.identity.cell_path`)."""
    return cell_path(out, spec)


def taskpack_hash(path: str | Path) -> str:
    """``"sha256:<hex>"`` of a TaskPack file's content as it is now (not the hash it claims).

    Raises:
        TaskPackError: unreadable or over a limit.
    """
    return compute_hash(read_taskpack_json(Path(path)))


def expected_key(spec: CellSpec, tp_hash: str | None = None) -> dict[str, Any]:
    """The key the cell must carry to count as finished (reads the TaskPack unless ``tp_hash`` is given)."""
    return cell_key(spec, tp_hash or taskpack_hash(spec.taskpack), PROMPT_VERSION)


def is_finished(path: str | Path, key: dict[str, Any] | None = None) -> bool:
    """True when the cell folder holds a readable ``eval.json`` of a valid (scored) cell, recorded under
    ``key`` when one is given; anything else (missing, unreadable, VOID, fields the report cannot use,
    another key) is run again."""
    rec = read_eval(path)
    if rec is None or rec.get("status") != "valid" or eval_record_problem(rec) is not None:
        return False
    return key is None or rec.get("cell_key_hash") == key_hash(key)


def make_agents(spec: CellSpec, taskpack: Any, meter: CallMeter | None = None) -> tuple[Any, Any]:
    """The Assistant and Human policies a cell asks for (model agents share the cell's ``meter``)."""
    kwargs = {"api_base": spec.api_base, "timeout_s": spec.timeout_s, "max_retries": spec.max_retries,
              "temperature": spec.temperature, "max_tokens": spec.max_completion_tokens, "meter": meter}
    if spec.assistant in CONTROL_ASSISTANTS:
        # the random talker names what the opening shows, in the state-only physical world
        env = make_env(DEFAULT_ENV, render=False) if spec.assistant == "random" else None
        assistant = make_control_assistant(spec.assistant, taskpack, env=env)
    else:
        assistant = ModelAssistant(spec.assistant, memory=spec.memory, **kwargs)
    if spec.human == "scripted":
        human = ScriptedHuman(taskpack)
    else:
        human = ModelHuman(spec.human, **kwargs)
    return assistant, human


def archive_cell(path: Path, reason: str) -> Path | None:
    """Move a cell's files (trace, eval.json, points.jsonl, frames) under ``attempts/<n>/`` with ``archived.json``
    giving ``reason``; returns the archive folder, or None when there was nothing to move. Links are
    moved as links, never followed."""
    leftovers = [p for p in (path / TRACE_NAME, path / EVAL_NAME, path / POINTS_NAME, path / FRAMES_DIR)
                 if os.path.lexists(p)]
    for p in path.glob(EVAL_NAME + ".*.tmp"):
        p.unlink()
    if not leftovers:
        return None
    attempts = path / ATTEMPTS_DIR
    n = len(list(attempts.iterdir())) if attempts.is_dir() else 0
    while (attempts / str(n)).exists():
        n += 1
    dest = attempts / str(n)
    dest.mkdir(parents=True)
    for p in leftovers:
        os.rename(p, dest / p.name)  # same file system: atomic, does not follow links
    write_json_atomic(dest / "archived.json", {"reason": reason, "at": time.strftime("%Y-%m-%dT%H:%M:%S")})
    return dest


def rerun_reason(path: Path, key: dict[str, Any]) -> str:
    """Why a cell folder is run (again): no result, an unfinished or VOID attempt, or a changed key."""
    rec = read_eval(path)
    if rec is None:
        if os.path.lexists(path / EVAL_NAME):
            return f"unreadable {EVAL_NAME}"
        return "unfinished attempt" if os.path.lexists(path / TRACE_NAME) else "no result"
    if rec.get("status") != "valid":
        return f"{rec.get('status')} attempt"
    if rec.get("cell_key_hash") != key_hash(key):
        return "key changed: " + "; ".join(key_differences(rec.get("cell_key"), key))
    return "result unusable"


WRITER_LOCK = ".writer.lock"
"""The lock file of a cell folder (:func:`cell_writer`); never archived, never a result."""


class CellBusy(RuntimeError):
    """Another process is writing the cell (a second sweep on the same folder, a second ``iw-eval play``)."""


@contextlib.contextmanager
def cell_writer(path: Path) -> Iterator[None]:
    """Hold the cell folder's writer lock for the block: one writer per cell. An exclusive, non-blocking
    ``flock`` on ``<cell>/.writer.lock`` (holding the writer's process id), released when the block ends or the
    process dies however it dies, so a killed writer never leaves the cell locked.

    Raises:
        CellBusy: another process holds it (the message gives its process id).
    """
    path.mkdir(parents=True, exist_ok=True)
    fd = os.open(path / WRITER_LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "?"
        os.close(fd)
        raise CellBusy(f"{path}: another process (pid {holder}) is writing this cell; it is left to that one") \
            from None
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        yield
    finally:
        os.close(fd)  # releases the lock


def run_cell(spec: CellSpec, out: str | Path, key: dict[str, Any] | None = None,
             calls: CallSettings | None = None) -> dict[str, Any]:
    """Run one cell into its folder under its writer lock (:func:`cell_writer`) and return its ``eval.json``
    record (plus ``_calls``); a cell another process is writing is left to it and returns
    ``{"status": "unfinished", "stop_reason": "busy", ...}`` (details: :func:`run_cell_unlocked`)."""
    path = cell_dir(out, spec)
    if has_symlink(out, path):
        raise UnsafeCellFolder(f"{path}: a folder on the way to this cell is a symbolic link; refusing to use it")
    try:
        with cell_writer(path):
            return run_cell_unlocked(spec, out, key, calls)
    except CellBusy as exc:
        return {"task_id": spec.task_id, "assistant": spec.assistant_label, "human": spec.human, "seed": spec.seed,
                "status": "unfinished", "stop_reason": "busy", "void_reason": str(exc), "passed": None,
                "completion": None, "_calls": CallMeter().summary()}


def run_cell_unlocked(spec: CellSpec, out: str | Path, key: dict[str, Any] | None = None,
                      calls: CallSettings | None = None) -> dict[str, Any]:
    """Run one cell into its folder and return its ``eval.json`` record (plus ``_calls``, the cell's
    call counts, which are not written). A cell stopped by the sweep's spending limit returns
    ``{"status": "unfinished", "stop_reason": "sweep_budget", ...}`` and writes no ``eval.json``.

    Raises:
        TaskPackError: the TaskPack file is missing, invalid, its hash does not verify, or it changed
            since the sweep computed the cell's key (configuration errors, not VOID cells).
        UnsafeCellFolder: the cell folder is reached through a symbolic link.
    """
    path = cell_dir(out, spec)
    if has_symlink(out, path):
        raise UnsafeCellFolder(f"{path}: a folder on the way to this cell is a symbolic link; refusing to use it")
    path.mkdir(parents=True, exist_ok=True)
    data = read_taskpack_json(Path(spec.taskpack))
    observed = compute_hash(data)
    key = key or expected_key(spec, observed)
    if key["taskpack_hash"] != observed:
        raise TaskPackError(f"{spec.taskpack}: changed while the sweep was running (now {observed}, the sweep "
                            f"planned {key['taskpack_hash']}); run the sweep again")
    archive_cell(path, rerun_reason(path, key))
    tp = parse_taskpack(data, source=spec.taskpack)
    cfg = EpisodeConfig(seed=spec.seed, write_frames=spec.render, assistant_name=spec.assistant_label,
                        human_name=spec.human, observed_hash=observed,
                        env=env_part(spec), cell_key=key, evidence_path=Path(os.path.relpath(path, out)).as_posix())
    calls = calls or CallSettings()
    meter = CallMeter(spec.cell_max_cost, spec.cell_max_tokens, gate=calls.gate, gate_limited=calls.gate_limited,
                      cache=ResponseCache(calls.cache) if calls.cache else None, seed=spec.seed)
    assistant, human = make_agents(spec, tp, meter)  # a bad model string or control is a configuration error
    try:
        env = make_env(spec.env, render=spec.render, body_model=spec.body_model)
    except (ImportError, ValueError):
        raise  # a factory that does not exist is a configuration error, not a VOID cell
    except Exception as exc:  # an environment that cannot start is an infrastructure fault
        rec = {"format": "interactiveworld.eval/1", "task_id": tp.id, "family": tp.family.value,
               "assistant": spec.assistant_label, "human": spec.human, "seed": spec.seed, "status": "void",
               "stop_reason": "void", "void_reason": Scrubber()(f"environment could not start: "
                                                                f"{type(exc).__name__}: {exc}"),
               "passed": None, "completion": None, "capabilities": [], "cell_key": key,
               "cell_key_hash": key_hash(key)}
        write_json_atomic(path / EVAL_NAME, rec)
        return {**rec, "_calls": meter.summary()}
    try:
        rec = run_episode(tp, env, assistant, human, path, cfg)
    except BudgetExceeded as exc:
        rec = {"task_id": tp.id, "family": tp.family.value, "assistant": spec.assistant_label, "human": spec.human,
               "seed": spec.seed, "status": "unfinished", "stop_reason": "sweep_budget", "void_reason": str(exc),
               "passed": None, "completion": None}
    return {**rec, "_calls": meter.summary()}


def run_cell_with_retries(spec: CellSpec, out: str, key: dict[str, Any], void_retries: int,
                          calls: CallSettings | None = None) -> dict[str, Any]:
    """:func:`run_cell`, re-run up to ``void_retries`` times while VOID, except after a permanent call error (the
    record's ``permanent_error``: a retry would meet it again); the record gains ``_cell`` (its folder)."""
    rec = run_cell(spec, out, key, calls)
    tries = 0
    while rec.get("status") == "void" and not rec.get("permanent_error") and tries < void_retries:
        tries += 1
        spent = rec.get("_calls", {})
        rec = run_cell(spec, out, key, calls)
        rec["_calls"] = {k: v + spent.get(k, 0) for k, v in rec["_calls"].items()}
    rec["_cell"] = str(cell_dir(out, spec))
    return rec


__all__ = ["CallSettings", "CellBusy", "CellSpec", "Engine", "UnsafeCellFolder", "WRITER_LOCK", "archive_cell",
           "cell_dir", "cell_writer", "expected_key", "is_finished", "make_agents", "rerun_reason", "run_cell",
           "run_cell_unlocked", "run_cell_with_retries", "taskpack_hash"]
