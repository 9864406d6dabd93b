"""Ray as the distributed engine of a sweep (``iw-eval run --ray [ADDRESS]``; DESIGN.md "Backends and scale").

Each cell is one Ray task declaring the CPUs it needs (``num_cpus``, 1 by default). The task runs the
cell in a scratch folder on whichever node Ray picks and returns the cell's files; the driver writes
them into the sweep folder, so a cluster needs no shared file system for results and the folder
layout is exactly that of a local sweep. A task whose worker process dies (killed, out of memory,
node lost) is re-run by Ray (``max_retries``); if it keeps dying the cell is recorded VOID and runs
again on the next resume. Model calls of all tasks share one gate, a Ray actor holding the sweep's
per-provider concurrency and spending limits. The response cache folder (``--cache``) must be on a
file system every node sees for hits to be shared across nodes.

Without an address a local Ray instance is started for the sweep and stopped after it; with one
(``ray start --head`` prints it, e.g. ``127.0.0.1:6379``) the sweep joins that cluster. An
instance this process already started (``ray.init`` before the sweep) is reused as it is.

The caller chooses this engine: ``run_sweep(..., engine=RayEngine(address, cpus))``. Ray itself (the ``ray``
extra) is imported only when the engine runs.
"""
from __future__ import annotations

import os
import socket
import sys
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

from ..agents.calls import CallGate
from .cells import CallSettings, CellSpec, archive_cell, cell_dir, rerun_reason, run_cell_with_retries
from .families import Family
from .identity import key_hash
from .logs import EVAL_NAME, write_json_atomic

TASK_RETRIES = 3
"""Re-runs of a cell whose worker process died (Ray's system-failure retries)."""


class InfeasibleCells(ValueError):
    """No node of the Ray instance can ever run a cell as declared (``--ray-cpus`` above every node's CPUs)."""


class RayGate:
    """A :class:`~interactiveworld.agents.calls.CallGate` living in a Ray actor, with the gate's
    methods as blocking calls (picklable: it travels into every task)."""

    def __init__(self, actor: Any):
        self.actor = actor

    def _get(self, ref: Any) -> Any:
        import ray

        return ray.get(ref)

    def try_acquire(self, provider: str) -> bool:
        """See :meth:`CallGate.try_acquire`."""
        return self._get(self.actor.try_acquire.remote(provider))

    def release(self, provider: str) -> None:
        """See :meth:`CallGate.release`."""
        self._get(self.actor.release.remote(provider))

    def reserve(self, tokens: int, cost_usd: float | None) -> Any:
        """See :meth:`CallGate.reserve`."""
        return self._get(self.actor.reserve.remote(tokens, cost_usd))

    def settle(self, reserved_tokens: int, reserved_cost: float | None, tokens: int, cost_usd: float | None,
               cache_hit: bool) -> None:
        """See :meth:`CallGate.settle`."""
        self._get(self.actor.settle.remote(reserved_tokens, reserved_cost, tokens, cost_usd, cache_hit))

    def stats(self) -> dict[str, Any]:
        """See :meth:`CallGate.stats`."""
        return self._get(self.actor.stats.remote())


def _cell_task(spec: CellSpec, key: dict[str, Any], void_retries: int,
               settings: CallSettings) -> tuple[dict[str, Any], dict[str, bytes]]:
    """Run a cell in a scratch folder; return its record and its files (path relative to the cell folder
    -> bytes)."""
    with tempfile.TemporaryDirectory(prefix="iw-ray-cell-") as scratch:
        rec = run_cell_with_retries(spec, scratch, key, void_retries, settings)
        root = cell_dir(scratch, spec)
        files = {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
                 if p.is_file() and not p.is_symlink()}
    rec.pop("_cell", None)
    return rec, files


def _write_cell(path: Path, files: dict[str, bytes], reason: str) -> None:
    """Put a finished cell's files in place, ``eval.json`` last (it marks the cell finished), after moving
    what was there under ``attempts/`` with ``reason``."""
    archive_cell(path, reason)
    for rel, data in sorted(files.items(), key=lambda kv: kv[0] == EVAL_NAME):
        dest = path / rel
        if ".." in Path(rel).parts or Path(rel).is_absolute():
            raise ValueError(f"{rel}: a cell file outside the cell folder")
        dest.parent.mkdir(parents=True, exist_ok=True)
        if rel == EVAL_NAME:
            tmp = dest.with_name(EVAL_NAME + ".ray.tmp")
            tmp.write_bytes(data)
            os.replace(tmp, dest)
        else:
            dest.write_bytes(data)


REACH_TIMEOUT_S = 5.0
"""Seconds to wait for a TCP connection to a Ray address before giving up (ray.init itself retries for minutes)."""


def check_reachable(address: str | None, timeout_s: float = REACH_TIMEOUT_S) -> None:
    """Fail fast when a Ray address given as ``host:port`` or ``ray://host:port`` accepts no TCP connection.

    ``None``, ``""`` and ``"auto"`` (a local or already-running instance) are not checked.

    Raises:
        ConnectionError: nothing listens at the address within ``timeout_s`` seconds, or the port is not a number.
    """
    if not address or address == "auto":
        return
    hostport = address.split("://", 1)[-1].rstrip("/")
    host, sep, port = hostport.rpartition(":")
    if not sep or not port.isdigit():
        raise ConnectionError(f"Ray address {address!r} is not host:port (or ray://host:port, or auto)")
    try:
        socket.create_connection((host.strip("[]") or "127.0.0.1", int(port)), timeout=timeout_s).close()
    except OSError as exc:
        raise ConnectionError(f"no Ray cluster answers at {address} ({exc.strerror or exc}); start one with "
                              f"'ray start --head' or leave --ray without an address for a local instance") from exc


def _check_feasible(ray: Any, cpus: float, address: str | None) -> None:
    """Ray leaves a task that no node can hold waiting for ever, silently. A local instance never grows: refuse
    at once. A cluster may add nodes (an autoscaler): say that the cells wait for one."""
    nodes = [n for n in ray.nodes() if n.get("Alive")]
    biggest = max((float(n.get("Resources", {}).get("CPU", 0.0)) for n in nodes), default=0.0)
    if cpus <= biggest:
        return
    if not address:
        raise InfeasibleCells(f"--ray-cpus {cpus:g}: each cell asks for {cpus:g} CPUs, but the local Ray instance "
                              f"has {biggest:g}; give at most --ray-cpus {biggest:g}")
    print(f"warning: --ray-cpus {cpus:g}: no node of the Ray cluster at {address} has {cpus:g} CPUs now (the "
          f"largest has {biggest:g}); the cells wait until one joins", file=sys.stderr)


def run_cells_ray(pending: list[tuple[CellSpec, dict[str, Any]]], out: str, *, void_retries: int,
                  settings: CallSettings, address: str | None, cpus: float, max_concurrency: int | None,
                  max_cost: float | None, max_tokens: int | None, models: bool,
                  on_record: Callable[..., None], should_stop: Callable[[], bool]) -> None:
    """Run the pending cells as Ray tasks and hand each record to ``on_record`` as it finishes.

    Raises:
        ImportError: Ray is not installed (``pip install 'interactiveworld[ray]'``).
        ConnectionError: no Ray cluster at ``address``.
        InfeasibleCells: a local instance has fewer CPUs than a cell declares (``cpus``).
    """
    try:
        import ray
    except ImportError as exc:
        raise ImportError("the Ray engine needs Ray: pip install 'interactiveworld[ray]'") from exc
    started = False
    if not ray.is_initialized():
        check_reachable(address)
        # a local instance's workers inherit this process's environment (PYTHONPATH for --env factories,
        # IW_TASKPACK_DIR); a cluster's nodes need the package installed
        try:
            ray.init(address=address or None, include_dashboard=False, log_to_driver=False, configure_logging=False)
        except Exception as exc:  # noqa: BLE001 - Ray raises several kinds; the user needs the address and cause
            where = f"the Ray cluster at {address}" if address else "a local Ray instance"
            raise ConnectionError(f"cannot start or reach {where} ({type(exc).__name__}: {exc})") from exc
        started = True
    try:
        _check_feasible(ray, cpus, address)
        gate = None
        if models:
            actor = ray.remote(num_cpus=0)(CallGate).remote(max_concurrency, max_cost, max_tokens)
            gate = RayGate(actor)
            settings = replace(settings, gate=gate, gate_limited=max_cost is not None or max_tokens is not None)
        task = ray.remote(num_cpus=cpus, max_retries=TASK_RETRIES, retry_exceptions=False)(_cell_task)
        reasons = {spec: rerun_reason(cell_dir(out, spec), key) for spec, key in pending}
        refs = {task.remote(spec, key, void_retries, settings): (spec, key) for spec, key in pending}
        while refs:
            done, _ = ray.wait(list(refs), num_returns=1, timeout=1.0)
            for ref in done:
                spec, key = refs.pop(ref)
                path = cell_dir(out, spec)
                try:
                    rec, files = ray.get(ref)
                except (ray.exceptions.WorkerCrashedError, ray.exceptions.NodeDiedError,
                        ray.exceptions.OwnerDiedError) as exc:
                    rec = _void_record(spec, key, f"Ray worker died {TASK_RETRIES + 1} times: {type(exc).__name__}")
                    archive_cell(path, reasons[spec])
                    write_json_atomic(path / EVAL_NAME, rec)
                except ray.exceptions.RayTaskError as exc:
                    raise exc.as_instanceof_cause() from None  # a configuration error in the cell: as locally
                else:
                    if rec.get("status") != "unfinished" or files:
                        _write_cell(path, files, reasons[spec])
                rec["_cell"] = str(path)
                on_record(rec, gate.stats() if gate is not None else None)
            if should_stop():
                for ref in refs:
                    ray.cancel(ref)
                refs = {}
    finally:
        if started:
            ray.shutdown()


@dataclass(frozen=True)
class RayEngine:
    """The Ray engine of a sweep (an :class:`~interactiveworld.bench.cells.Engine`): pass it as
    ``run_sweep(..., engine=RayEngine(address, cpus))``.

    Attributes:
        address: the Ray cluster to join (``host:port`` or ``ray://host:port``; None: a local instance started for
            the sweep and stopped after it).
        cpus: CPUs each cell declares to Ray (``num_cpus`` of its task).
    """

    address: str | None = None
    cpus: float = 1.0

    def __call__(self, pending: list[tuple[CellSpec, dict[str, Any]]], out: str, **kwargs: Any) -> None:
        """Run the pending cells as Ray tasks (:func:`run_cells_ray`; the keywords of
        :class:`~interactiveworld.bench.cells.Engine`)."""
        run_cells_ray(pending, out, address=self.address, cpus=self.cpus, **kwargs)


def _void_record(spec: CellSpec, key: dict[str, Any], reason: str) -> dict[str, Any]:
    return {"format": "interactiveworld.eval/1", "task_id": spec.task_id, "family": _family(spec),
            "assistant": spec.assistant_label, "human": spec.human, "seed": spec.seed, "status": "void",
            "stop_reason": "void", "void_reason": reason, "passed": None, "completion": None, "capabilities": [],
            "cell_key": key, "cell_key_hash": key_hash(key)}


def _family(spec: CellSpec) -> str:
    try:
        return Family.parse(spec.task_id.partition("-")[0]).value
    except ValueError:
        return "unknown"


__all__ = ["InfeasibleCells", "REACH_TIMEOUT_S", "RayEngine", "RayGate", "TASK_RETRIES", "check_reachable",
           "run_cells_ray"]
