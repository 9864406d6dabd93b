"""Which built-in TaskPacks the per-TaskPack tests that run episodes go over.

The static checks (schema, hash, static checks, program structure, the relation-level dry run, evidence exposure in
every text the Human receives) run on every built-in TaskPack. The checks that run one or more episodes or renders
per TaskPack (controls, the state-only and rendered leak scans, render/no-render parity, OCR of the evidence, the
Gymnasium rollouts and handles, the world property test, the USD round trip, LookAt, the first legend, the static
variant's cut, oracle minimality, the battery, replay of the controls) run by default on a sample of five TaskPacks
per family, spread evenly over the family's rows in id order (all of them while a family has five or fewer), so that
the suite stays within its time budget as the catalog grows to 120. The others carry the ``catalog`` mark and run
with ``pytest --full-catalog`` (or ``IW_FULL_CATALOG=1``); ``iw-eval validate`` runs every TaskPack's controls,
battery and evidence scan in any case.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
import os

import pytest

PER_FAMILY = 5


def sample(ids: Iterable[str], per_family: int = PER_FAMILY) -> list[str]:
    """The sampled ids: per family (the id's prefix before ``-``), ``per_family`` ids at evenly spaced positions
    of the family's sorted ids, first and last included."""
    families: dict[str, list[str]] = defaultdict(list)
    for tid in sorted(ids):
        families[tid.rsplit("-", 1)[0]].append(tid)
    out = []
    for members in families.values():
        n = len(members)
        if n <= per_family:
            out += members
        else:
            out += [members[round(i * (n - 1) / (per_family - 1))] for i in range(per_family)]
    return sorted(out)


def params(ids: Iterable[str], marks: Callable[[str], list] = lambda tid: []) -> list:
    """``pytest.param`` for each id with ``marks(id)``; the ids outside the sample also get ``catalog``."""
    ids = sorted(ids)
    keep = set(sample(ids))
    return [pytest.param(t, marks=list(marks(t)) + ([] if t in keep else [pytest.mark.catalog]), id=t)
            for t in ids]


def full_catalog(config: pytest.Config) -> bool:
    """Whether this run covers every TaskPack (``--full-catalog`` or ``IW_FULL_CATALOG=1``)."""
    return bool(config.getoption("--full-catalog")) or os.environ.get("IW_FULL_CATALOG") == "1"
