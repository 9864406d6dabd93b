"""Repeated seeds: pass@k and pass^k per family, with bootstrap confidence intervals.

For a task run on ``n`` seeds with ``c`` strict passes (VOID cells left out):

* ``pass@k = 1 - C(n-c, k) / C(n, k)`` -- the chance that at least one of ``k`` seeds drawn without
  replacement passes (the unbiased estimator of Chen et al. 2021, "Evaluating Large Language Models
  Trained on Code", eq. 1);
* ``pass^k = C(c, k) / C(n, k)`` -- the chance that all ``k`` pass (Yao et al. 2024, tau-bench), the
  reliability a user of the assistant sees when the same task comes back ``k`` times.

A family's value is the mean over its tasks with at least ``k`` valid seeds (each task weighs the
same, as for the pass rate). The interval resamples tasks with replacement (percentile bootstrap,
``scipy.stats.bootstrap``, fixed random seed so a report is reproducible); a family of one task has
no interval.
"""
from __future__ import annotations

import warnings
from collections import defaultdict
from math import comb
from typing import Any

import numpy as np

from .families import Family
from .metrics import agent_key


def pass_at_k(n: int, c: int, k: int) -> float:
    """pass@k of a task with ``c`` passes in ``n`` seeds (module docstring).

    Raises:
        ValueError: not ``0 <= c <= n`` and ``1 <= k <= n``.
    """
    if not (0 <= c <= n and 1 <= k <= n):
        raise ValueError(f"pass@k needs 0 <= c <= n and 1 <= k <= n, got n={n} c={c} k={k}")
    return 1.0 - comb(n - c, k) / comb(n, k)


def pass_hat_k(n: int, c: int, k: int) -> float:
    """pass^k of a task with ``c`` passes in ``n`` seeds (module docstring).

    Raises:
        ValueError: not ``0 <= c <= n`` and ``1 <= k <= n``.
    """
    if not (0 <= c <= n and 1 <= k <= n):
        raise ValueError(f"pass^k needs 0 <= c <= n and 1 <= k <= n, got n={n} c={c} k={k}")
    return comb(c, k) / comb(n, k)


def default_ks(n_max: int) -> list[int]:
    """k values reported for up to ``n_max`` seeds: 1, the powers of two below ``n_max``, and ``n_max``."""
    ks = {1, n_max} | {2 ** i for i in range(1, 10) if 2 ** i < n_max}
    return sorted(k for k in ks if 1 <= k <= n_max)


def bootstrap_interval(values: list[float], confidence: float = 0.95, n_resamples: int = 2000,
                       seed: int = 0) -> tuple[float | None, float | None]:
    """Percentile bootstrap interval of the mean of ``values`` (None, None for fewer than two values)."""
    from scipy.stats import bootstrap

    if len(values) < 2:
        return None, None
    arr = np.asarray(values, dtype=float)
    if np.all(arr == arr[0]):
        return float(arr[0]), float(arr[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = bootstrap((arr,), np.mean, confidence_level=confidence, n_resamples=n_resamples,
                        method="percentile", rng=np.random.default_rng(seed))
    return float(res.confidence_interval.low), float(res.confidence_interval.high)


def repeats_table(records: list[dict[str, Any]], ks: list[int] | None = None, *, confidence: float = 0.95,
                  n_resamples: int = 2000, seed: int = 0) -> list[dict[str, Any]]:
    """pass@k and pass^k per (agents, family, k), in percent, with bootstrap intervals.

    ``n`` of a task is its number of distinct seeds: records repeating a seed (copies of one cell) count once,
    the first read.

    Returns:
        Rows with ``agents``, ``assistant``, ``human``, ``family``, ``k``, ``tasks`` (tasks with at least
        ``k`` valid seeds), ``pass_at_k``, ``pass_at_k_lo``, ``pass_at_k_hi``, ``pass_hat_k``,
        ``pass_hat_k_lo``, ``pass_hat_k_hi``. Empty when no task has two valid seeds.
    """
    # one outcome per distinct seed: a seed read twice (copies of one cell) is still one sample
    seen: dict[tuple[str, str], dict[str, dict[Any, int]]] = defaultdict(lambda: defaultdict(dict))
    names: dict[str, tuple[Any, Any]] = {}
    for r in records:
        if r.get("status") != "valid":
            continue
        key = agent_key(r)
        names[key] = (r.get("assistant"), r.get("human"))
        seen[(key, r["family"])][r["task_id"]].setdefault(r.get("seed"), int(r["passed"]))
    counts = {fam: {t: (len(s), sum(s.values())) for t, s in tasks.items()} for fam, tasks in seen.items()}
    n_max = max((n for tasks in counts.values() for n, _ in tasks.values()), default=0)
    if n_max < 2:
        return []
    order = {f.value: i for i, f in enumerate(Family)}
    rows = []
    for (agents, fam), tasks in sorted(counts.items(), key=lambda kv: (kv[0][0], order.get(kv[0][1], 99))):
        for k in ks or default_ks(n_max):
            at = [pass_at_k(n, c, k) for n, c in tasks.values() if n >= k]
            hat = [pass_hat_k(n, c, k) for n, c in tasks.values() if n >= k]
            if not at:
                continue
            row = {"agents": agents, "assistant": names[agents][0], "human": names[agents][1], "family": fam, "k": k,
                   "tasks": len(at)}
            for name, vals in (("pass_at_k", at), ("pass_hat_k", hat)):
                lo, hi = bootstrap_interval(vals, confidence, n_resamples, seed)
                row[name] = 100.0 * float(np.mean(vals))
                row[name + "_lo"] = None if lo is None else 100.0 * lo
                row[name + "_hi"] = None if hi is None else 100.0 * hi
            rows.append(row)
    return rows


__all__ = ["bootstrap_interval", "default_ks", "pass_at_k", "pass_hat_k", "repeats_table"]
