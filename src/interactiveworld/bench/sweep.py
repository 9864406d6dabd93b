"""Sweeps: Assistant models x Human models x TaskPacks x seeds, in this process, in local worker
processes, or as Ray tasks (DESIGN.md "Backends and scale"; paper appendix C.2.5).

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
"""
from __future__ import annotations

import contextlib
import fcntl
import importlib
import inspect
import json
import os
import signal
import time
import warnings
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass, replace
from multiprocessing.managers import BaseManager
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from ..agents.calls import BudgetExceeded, CallGate, CallMeter, ResponseCache
from ..agents.controls import CONTROL_ASSISTANTS, ScriptedHuman, make_control_assistant
from ..agents.model import ModelAssistant, ModelHuman
from ..agents.prompts import PROMPT_VERSION
from .episode import EpisodeConfig, run_episode
from .identity import DEFAULT_ENV, cell_key, cell_path, env_part, key_differences, key_hash, public_url, slug
from .logs import (ATTEMPTS_DIR, EVAL_NAME, FRAMES_DIR, TRACE_NAME, Scrubber, has_symlink, read_eval,
                   write_json_atomic)
from .metrics import eval_record_problem
from .taskpack import TaskPackError, _read_json, compute_hash, parse_taskpack
from .usage import UsageTally, cell_postfix

LOCK_NAME = ".sweep.lock"


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


class SweepLocked(RuntimeError):
    """Another sweep is running on the same folder."""


class UnsafeCellFolder(ValueError):
    """A cell folder (or a folder above it inside the sweep) is a symbolic link."""


def cell_dir(out: str | Path, spec: CellSpec) -> Path:
    """The cell's folder (see :func:`~interactiveworld.bench.identity.cell_path`)."""
    return cell_path(out, spec)


def taskpack_hash(path: str | Path) -> str:
    """``"sha256:<hex>"`` of a TaskPack file's content as it is now (not the hash it claims).

    Raises:
        TaskPackError: unreadable or over a limit.
    """
    return compute_hash(_read_json(Path(path)))


def _oracle_length(data: Any) -> int:
    """The oracle's step count in a TaskPack's JSON (0 when absent or malformed): a cell's expected length, used only
    to order the cells of a parallel sweep."""
    steps = data.get("oracle", {}).get("step_count") if isinstance(data, dict) and \
        isinstance(data.get("oracle"), dict) else None
    return steps if isinstance(steps, int) and not isinstance(steps, bool) else 0


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


def make_env(ref: str, *, render: bool, body_model: str | None = None) -> Any:
    """Build an environment from a factory reference, passing ``render`` when the factory takes it, and
    ``body_model`` (SMPL+H model files) when one is given.

    Raises:
        ValueError: a ``body_model`` is given and the factory takes no ``body_model`` keyword.
    """
    factory = load_factory(ref)
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        params = {}
    anything = any(p.kind == p.VAR_KEYWORD for p in params.values())
    kwargs: dict[str, Any] = {}
    if "render" in params or anything:
        kwargs["render"] = render
    if body_model is not None:
        if not ("body_model" in params or anything):
            raise ValueError(f"environment factory {ref!r} takes no body_model, so --body-model cannot be used "
                             f"with it")
        kwargs["body_model"] = body_model
    return factory(**kwargs)


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
    """Move a cell's files (trace, eval.json, frames) under ``attempts/<n>/`` with ``archived.json``
    giving ``reason``; returns the archive folder, or None when there was nothing to move. Links are
    moved as links, never followed."""
    leftovers = [p for p in (path / TRACE_NAME, path / EVAL_NAME, path / FRAMES_DIR) if os.path.lexists(p)]
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


def run_cell(spec: CellSpec, out: str | Path, key: dict[str, Any] | None = None,
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
    data = _read_json(Path(spec.taskpack))
    observed = compute_hash(data)
    key = key or expected_key(spec, observed)
    if key["taskpack_hash"] != observed:
        raise TaskPackError(f"{spec.taskpack}: changed while the sweep was running (now {observed}, the sweep "
                            f"planned {key['taskpack_hash']}); run the sweep again")
    archive_cell(path, rerun_reason(path, key))
    tp = parse_taskpack(data, source=spec.taskpack)
    cfg = EpisodeConfig(seed=spec.seed, write_frames=spec.render, assistant_name=spec.assistant_label,
                        human_name=spec.human, observed_hash=observed,
                        env=env_part(spec), cell_key=key)
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
    """:func:`run_cell`, re-run up to ``void_retries`` times while VOID; the record gains ``_cell`` (its folder)."""
    rec = run_cell(spec, out, key, calls)
    tries = 0
    while rec.get("status") == "void" and tries < void_retries:
        tries += 1
        spent = rec.get("_calls", {})
        rec = run_cell(spec, out, key, calls)
        rec["_calls"] = {k: v + spent.get(k, 0) for k, v in rec["_calls"].items()}
    rec["_cell"] = str(cell_dir(out, spec))
    return rec


_STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}


def _worker_init() -> None:
    """Worker processes leave Ctrl-C and SIGTERM to the parent, which stops them all (a worker that
    caught Ctrl-C would go on to its next queued cell; one killed alone would break the pool). They start with
    both signals blocked (:func:`_spawning_workers`); one that arrived while they imported is discarded here."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)


def _manager_init() -> None:
    """The gate's manager process ignores Ctrl-C (as every manager does) but stays stoppable by SIGTERM, which
    its shutdown sends when it does not exit; it starts with both blocked (:func:`_spawning_workers`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)


@contextlib.contextmanager
def _spawning_workers() -> Iterator[None]:
    """Block Ctrl-C and SIGTERM in this thread while it starts worker processes.

    A spawned child inherits the blocked mask. Ctrl-C reaches the whole process group, and a child still
    importing (before :func:`_worker_init` ignores the signals) would otherwise die with a KeyboardInterrupt
    traceback on the terminal (and break the pool). Held back, the signal waits in the child until
    :func:`_worker_init` discards it. This process gets it when the block ends (or at once through another
    thread)."""
    old = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


_PRESTARTED: dict[int, ProcessPoolExecutor] = {}
"""Pools started by :func:`prestart_workers`, by worker count, until a sweep takes one or it is discarded."""


def _warm_worker() -> None:
    """Import what a cell needs (the world, the agents), so that a worker's first cell does not wait for it."""
    importlib.import_module("interactiveworld.env")


def prestart_workers(workers: int) -> None:
    """Start the worker processes of a local pool now, so that they import what a cell needs while the caller is
    still preparing the sweep (loading TaskPacks, checking scenes); the next :func:`run_sweep` with the same
    ``workers`` uses them. :func:`discard_workers` stops them if no sweep does. Nothing happens for one worker."""
    if workers <= 1 or workers in _PRESTARTED:
        return
    import multiprocessing as mp

    pool = ProcessPoolExecutor(max_workers=workers, mp_context=mp.get_context("spawn"), initializer=_worker_init)
    with _spawning_workers():
        for _ in range(workers):  # each submission with no idle worker starts one process
            pool.submit(_warm_worker)
    _PRESTARTED[workers] = pool


def discard_workers() -> None:
    """Stop the worker processes :func:`prestart_workers` started that no sweep took."""
    while _PRESTARTED:
        _stop_pool(_PRESTARTED.popitem()[1])


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Cancel queued cells and terminate the workers (their running cells stay unfinished); on return every worker
    process is reaped (``is_alive()`` is false) unless one outlived a 10 s wait."""
    procs = list((getattr(pool, "_processes", None) or {}).values())
    # taken before shutdown(), which drops the pool's reference to it
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        if proc.is_alive():
            proc.kill()
    # The manager thread also joins the workers it sees die. Of two threads waiting on one child, the one whose
    # waitpid() loses the race reads "still running" until the winner stores the exit code, so wait for the manager
    # to finish first; it also closes its wake-up pipe then, not while the interpreter's exit hook writes to it
    # ("OSError: [Errno 9] Bad file descriptor").
    if manager is not None and manager.is_alive():
        manager.join(timeout=10)
    deadline = time.monotonic() + 10
    for proc in procs:
        proc.join(timeout=max(0.0, deadline - time.monotonic()))
        while proc.is_alive() and time.monotonic() < deadline:
            time.sleep(0.01)


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
    import sys

    from tqdm import tqdm

    if progress and total and not sys.stderr.isatty():
        return LineProgress(total, sys.stderr)
    return tqdm(total=total, desc="cells", unit="cell", disable=not progress or not total)


def _progress_text(rec: dict[str, Any], spend: dict[str, Any]) -> str:
    cost = f"${spend.get('cost_usd', 0.0):.4f}"
    return (f"{rec.get('task_id')}: {rec.get('status')} pass={rec.get('passed')} | spent {cost}, "
            f"{spend.get('tokens', 0)} tok, {spend.get('calls', 0)} calls, {spend.get('cache_hits', 0)} cached")


def run_sweep(cells: Iterable[CellSpec], out: str | Path, *, workers: int = 1, void_retries: int = 2,
              progress: bool = True, manifest: dict[str, Any] | None = None, ray_address: str | None = None,
              use_ray: bool = False, ray_cpus: float = 1.0, cache: str | Path | None = None,
              max_concurrency: int | None = None, max_cost: float | None = None,
              max_tokens: int | None = None) -> dict[str, Any]:
    """Run every unfinished cell; return a summary.

    Args:
        cells: the cells of the sweep.
        out: the sweep folder.
        workers: local worker processes (1 runs in this process); ignored with Ray.
        void_retries: extra attempts for a VOID cell within this run.
        progress: show a progress bar (with money, tokens and calls spent and cache hits); a line per finished
            cell when stderr is not a terminal.
        manifest: extra fields for ``sweep.json``.
        use_ray / ray_address: run the cells as Ray tasks, on the cluster at ``ray_address`` (None: a
            local Ray instance), each declaring ``ray_cpus`` CPUs.
        cache: response cache folder.
        max_concurrency: model calls in flight per provider.
        max_cost / max_tokens: the sweep's spending limits (this run's spending).

    Returns:
        ``total``, ``skipped``, ``ran``, ``void``, ``unfinished`` (stopped by the sweep's limit),
        ``rekeyed`` (cells re-run because their key changed: ``[(folder, [differences])]``),
        ``spend`` (``calls``, ``cache_hits``, ``cost_usd``, ``tokens``) and ``records``.

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
                data = _read_json(Path(c.taskpack))
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
        if use_ray or workers > 1:
            # longest first (by the oracle's length), so that the last cells to start are short and the workers
            # finish together; Python's sort is stable, so equal lengths keep the sweep's order
            pending.sort(key=lambda ck: -lengths[ck[0].taskpack])
        models = any(c.uses_models for c, _ in pending)
        limited = max_cost is not None or max_tokens is not None
        state = {"records": [], "spend": {"calls": 0, "cache_hits": 0, "cost_usd": 0.0, "tokens": 0}, "stop": False}
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
                          cost_usd=sp["cost_usd"] + c.get("spent_usd", 0.0), tokens=sp["tokens"] + c.get("tokens", 0))
            else:
                state["spend"] = {k: gate_stats[k] for k in ("calls", "cache_hits", "cost_usd", "tokens")}
            if rec.get("stop_reason") == "sweep_budget":
                state["stop"] = True
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
            if use_ray:
                from .ray_engine import run_cells_ray

                run_cells_ray(pending, str(out), void_retries=void_retries, settings=settings, address=ray_address,
                              cpus=ray_cpus, max_concurrency=max_concurrency, max_cost=max_cost,
                              max_tokens=max_tokens, models=models, on_record=finish, should_stop=lambda: state["stop"])
            elif workers <= 1 or len(pending) <= 1:
                gate = CallGate(max_concurrency, max_cost, max_tokens)
                settings = replace(settings, gate=gate, gate_limited=limited)
                for spec, key in pending:
                    if state["stop"]:
                        break
                    finish(run_cell_with_retries(spec, str(out), key, void_retries, settings), gate.stats())
            else:
                _run_pool(pending, str(out), workers, void_retries, settings, models, limited,
                          (max_concurrency, max_cost, max_tokens), finish, lambda: state["stop"])
        finally:
            bar.close()
        records = state["records"]
        done = [r for r in records if r.get("status") != "unfinished"]
        return {"total": len(cells), "skipped": len(cells) - len(pending), "ran": len(done),
                "void": sum(1 for r in records if r.get("status") not in ("valid", "unfinished")),
                "unfinished": len(pending) - len(done),
                "rekeyed": rekeyed, "spend": state["spend"], "records": records}


class _GateManager(BaseManager):
    """Serves one :class:`CallGate` to the worker processes of a sweep."""


_GateManager.register("CallGate", CallGate)


POOL_RESTARTS = 3
"""Times a local pool is rebuilt after a worker process died (its unfinished cells are run again)."""


class InfeasibleCells(ValueError):
    """No node of the Ray instance can ever run a cell as declared (``--ray-cpus`` above every node's CPUs)."""


class WorkerDied(RuntimeError):
    """Local worker processes kept dying; the finished cells are on disk, the rest run on resume."""


def _run_pool(pending: list[tuple[CellSpec, dict[str, Any]]], out: str, workers: int, void_retries: int,
              settings: CallSettings, models: bool, limited: bool, limits: tuple, finish: Callable[..., None],
              should_stop: Callable[[], bool]) -> None:
    """Run cells in ``workers`` spawned processes; model sweeps share one gate through a manager process.
    A worker that dies (killed, out of memory) breaks the pool: it is rebuilt and the cells that had not
    finished are run again, up to :data:`POOL_RESTARTS` times.

    Raises:
        WorkerDied: the pool broke more than :data:`POOL_RESTARTS` times.
    """
    import multiprocessing as mp

    ctx = mp.get_context("spawn")
    manager = None
    if models:
        manager = _GateManager(ctx=ctx)
        with _spawning_workers():
            manager.start(initializer=_manager_init)
        settings = replace(settings, gate=manager.CallGate(*limits), gate_limited=limited)
    todo = list(pending)
    try:
        for _ in range(POOL_RESTARTS + 1):
            todo = _pool_pass(todo, ctx, out, workers, void_retries, settings, finish, should_stop)
            if not todo:
                return
        raise WorkerDied(f"worker processes died {POOL_RESTARTS + 1} times; {len(todo)} cell(s) not run (finished "
                         f"cells are on disk; run the same command again to resume)")
    finally:
        if manager is not None:
            manager.shutdown()


def _pool_pass(todo: list[tuple[CellSpec, dict[str, Any]]], ctx: Any, out: str, workers: int, void_retries: int,
               settings: CallSettings, finish: Callable[..., None],
               should_stop: Callable[[], bool]) -> list[tuple[CellSpec, dict[str, Any]]]:
    """One pool over ``todo``; returns the cells left unfinished because a worker died (else [])."""
    pool = _PRESTARTED.pop(workers, None) or ProcessPoolExecutor(max_workers=workers, mp_context=ctx,
                                                                 initializer=_worker_init)
    try:
        with _spawning_workers():  # a submission with no idle worker starts one process
            futures = {pool.submit(run_cell_with_retries, spec, out, key, void_retries, settings): (spec, key)
                       for spec, key in todo}
        remaining, processed = set(futures), set()

        def take(fut: Any) -> None:
            processed.add(fut)
            finish(fut.result(), settings.gate.stats() if settings.gate is not None else None)

        while remaining:
            done, remaining = wait(remaining, timeout=1.0, return_when=FIRST_COMPLETED)
            for fut in done:
                if fut.cancelled():
                    continue
                if isinstance(fut.exception(), BrokenProcessPool):
                    _stop_pool(pool)
                    left = []
                    for f, cell in futures.items():
                        if f in processed:
                            continue
                        if f.done() and not f.cancelled() and f.exception() is None:
                            take(f)  # finished before the pool broke
                        else:
                            left.append(cell)
                    return left
                take(fut)
            if should_stop():
                for fut in remaining:
                    fut.cancel()
                remaining = {f for f in remaining if not f.cancelled()}
        pool.shutdown(wait=True)
        return []
    except BaseException:
        # Ctrl-C or a configuration error: stop now. Cells cut short keep a trace without
        # eval.json and are redone on resume.
        _stop_pool(pool)
        raise


__all__ = ["CallSettings", "CellSpec", "DEFAULT_ENV", "LOCK_NAME", "POOL_RESTARTS", "SweepLock", "SweepLocked",
           "discard_workers", "prestart_workers", "InfeasibleCells",
           "UnsafeCellFolder", "WorkerDied", "archive_cell", "cell_dir", "expected_key", "is_finished", "load_factory",
           "make_env", "make_agents", "rerun_reason", "run_cell", "run_cell_with_retries", "run_sweep", "slug", "taskpack_hash",
           "write_manifest"]
