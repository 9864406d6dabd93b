"""Shared benchmark helpers: time a hot path with pytest-benchmark and print ours-vs-peer ratios at the end.

Usage in a benchmark module (only the ``ratios`` fixture is needed)::

    def test_thing_ours(benchmark, ratios):
        ratios.time(benchmark, "thing", "ours", fn, *args)

    def test_thing_peer(benchmark, ratios):
        ratios.time(benchmark, "thing", "peer_name", peer_fn, *args, rounds=3)  # pedantic rounds for slow peers

Each group's table row gives every peer's time divided by ours (> 1: ours is faster). With
``--benchmark-disable`` (the default in pyproject) each function runs once and the single wall time is used.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
# The slow reference implementations live beside the tests; benchmarks time the native paths against them.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import pytest


class RatioBook:
    """(min, median) seconds per (group, label); 'ours' is the reference label of each group. Both ratios are
    printed: on a shared, loaded machine the min is the steadier of the two."""

    def __init__(self) -> None:
        self.rows: dict[str, dict[str, tuple[float, float]]] = {}

    def add(self, group: str, label: str, seconds) -> None:
        t = seconds if isinstance(seconds, tuple) else (float(seconds), float(seconds))
        self.rows.setdefault(group, {})[label] = (float(t[0]), float(t[1]))

    def time(self, benchmark, group: str, label: str, fn, *args, rounds: int | None = None, **kwargs):
        """Times ``fn(*args, **kwargs)`` with ``benchmark``, records it, and returns (min, median) seconds."""
        t = timed(benchmark, fn, *args, rounds=rounds, **kwargs)
        self.add(group, label, t)
        return t

    def lines(self) -> list[str]:
        out = []
        for group, times in self.rows.items():
            ours = times.get("ours")
            for label, (tmin, tmed) in times.items():
                if label == "ours":
                    continue
                if ours is None:
                    out.append(f"{group:<28} {label:<26} peer min {tmin * 1e3:10.3f} ms (ours not run)")
                    continue
                out.append(f"{group:<28} {label:<26} peer min/median {tmin * 1e3:9.3f}/{tmed * 1e3:9.3f} ms  "
                           f"ours {ours[0] * 1e3:8.3f}/{ours[1] * 1e3:8.3f} ms  "
                           f"peer/ours {tmin / ours[0]:6.1f}x (min) {tmed / ours[1]:6.1f}x (median)")
            if len(times) == 1 and ours is not None:
                out.append(f"{group:<28} {'(no peer)':<26} "
                           f"ours min/median {ours[0] * 1e3:8.3f}/{ours[1] * 1e3:8.3f} ms")
        return out


_BOOK = RatioBook()


@pytest.fixture(scope="session")
def ratios() -> RatioBook:
    return _BOOK


def timed(benchmark, fn, *args, rounds: int | None = None, **kwargs) -> tuple[float, float]:
    """Runs ``fn`` under pytest-benchmark and returns its (min, median) time [s] (one timed call when disabled).
    ``rounds`` switches to pedantic mode for slow peers (one iteration per round)."""
    if getattr(benchmark, "disabled", False):
        t0 = time.perf_counter()
        fn(*args, **kwargs)
        elapsed = time.perf_counter() - t0
        benchmark(lambda: None)  # keep the fixture used so pytest-benchmark does not complain
        return elapsed, elapsed
    if rounds is not None:
        benchmark.pedantic(fn, args=args, kwargs=kwargs, rounds=rounds, iterations=1, warmup_rounds=0)
    else:
        benchmark(fn, *args, **kwargs)
    stats = benchmark.stats.stats
    return float(stats.min), float(stats.median)


def pytest_terminal_summary(terminalreporter):
    lines = _BOOK.lines()
    if lines:
        terminalreporter.section("ours vs peers (min and median times, same inputs, same run)")
        for line in lines:
            terminalreporter.write_line(line)
