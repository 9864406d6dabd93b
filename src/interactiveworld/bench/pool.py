"""Local worker processes: the pool engine of a sweep and the process helpers a replay shares
(DESIGN.md "Backends and scale").

Workers are spawned (never forked: the world holds native state), ignore Ctrl-C and SIGTERM, and are
stopped by the parent, which terminates them all at once (:func:`stop_pool`); the cells they were running
stay unfinished and are redone on resume. :func:`run_pool` runs a sweep's cells in such a pool; model sweeps
share one :class:`~interactiveworld.agents.calls.CallGate` through a manager process. A worker that dies
(killed, out of memory) breaks the pool: it is rebuilt and the cells that had not finished run again.
"""
from __future__ import annotations

import contextlib
import multiprocessing as mp
import signal
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from multiprocessing.managers import BaseManager
from typing import Any, Callable, Iterator

from ..agents.calls import CallGate
from .cells import CallSettings, CellSpec, run_cell_with_retries
from .factory import load_factory
from .identity import DEFAULT_ENV

_STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}


def worker_init() -> None:
    """Worker processes leave Ctrl-C and SIGTERM to the parent, which stops them all (a worker that
    caught Ctrl-C would go on to its next queued cell; one killed alone would break the pool). They start with
    both signals blocked (:func:`spawning_workers`); one that arrived while they imported is discarded here."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)


def manager_init() -> None:
    """The gate's manager process ignores Ctrl-C (as every manager does) but stays stoppable by SIGTERM, which
    its shutdown sends when it does not exit; it starts with both blocked (:func:`spawning_workers`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)


@contextlib.contextmanager
def spawning_workers() -> Iterator[None]:
    """Block Ctrl-C and SIGTERM in this thread while it starts worker processes.

    A spawned child inherits the blocked mask. Ctrl-C reaches the whole process group, and a child still
    importing (before :func:`worker_init` ignores the signals) would otherwise die with a KeyboardInterrupt
    traceback on the terminal (and break the pool). Held back, the signal waits in the child until
    :func:`worker_init` discards it. This process gets it when the block ends (or at once through another
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
    load_factory(DEFAULT_ENV)


def prestart_workers(workers: int) -> None:
    """Start the worker processes of a local pool now, so that they import what a cell needs while the caller is
    still preparing the sweep (loading TaskPacks, checking scenes); the next
    :func:`~interactiveworld.bench.sweep.run_sweep` with the same ``workers`` uses them. :func:`discard_workers`
    stops them if no sweep does. Nothing happens for one worker."""
    if workers <= 1 or workers in _PRESTARTED:
        return
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=mp.get_context("spawn"), initializer=worker_init)
    with spawning_workers():
        for _ in range(workers):  # each submission with no idle worker starts one process
            pool.submit(_warm_worker)
    _PRESTARTED[workers] = pool


def discard_workers() -> None:
    """Stop the worker processes :func:`prestart_workers` started that no sweep took."""
    while _PRESTARTED:
        stop_pool(_PRESTARTED.popitem()[1])


def stop_pool(pool: ProcessPoolExecutor) -> None:
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


class _GateManager(BaseManager):
    """Serves one :class:`CallGate` to the worker processes of a sweep."""


_GateManager.register("CallGate", CallGate)


POOL_RESTARTS = 3
"""Times a local pool is rebuilt after a worker process died (its unfinished cells are run again)."""


class WorkerDied(RuntimeError):
    """Local worker processes kept dying; the finished cells are on disk, the rest run on resume."""


def run_pool(pending: list[tuple[CellSpec, dict[str, Any]]], out: str, workers: int, void_retries: int,
             settings: CallSettings, models: bool, limited: bool, limits: tuple, finish: Callable[..., None],
             should_stop: Callable[[], bool]) -> None:
    """Run cells in ``workers`` spawned processes (a pool :func:`prestart_workers` started, when there is one);
    model sweeps share one gate, built from ``limits`` = (max_concurrency, max_cost, max_tokens), through a manager
    process, and ``finish`` gets each record with the gate's totals.
    A worker that dies (killed, out of memory) breaks the pool: it is rebuilt and the cells that had not
    finished are run again, up to :data:`POOL_RESTARTS` times.

    Raises:
        WorkerDied: the pool broke more than :data:`POOL_RESTARTS` times.
    """
    ctx = mp.get_context("spawn")
    manager = None
    if models:
        manager = _GateManager(ctx=ctx)
        with spawning_workers():
            manager.start(initializer=manager_init)
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
                                                                 initializer=worker_init)
    try:
        with spawning_workers():  # a submission with no idle worker starts one process
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
                    stop_pool(pool)
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
        stop_pool(pool)
        raise


__all__ = ["POOL_RESTARTS", "WorkerDied", "discard_workers", "manager_init", "prestart_workers", "run_pool",
           "spawning_workers", "stop_pool", "worker_init"]
