"""The catalog sample of the expensive per-TaskPack tests (tests/iw_catalog.py)."""
import pytest
from iw_catalog import params, sample


def test_sample_spreads_five_per_family_over_the_rows():
    ids = [f"decision-{i:02d}" for i in range(1, 21)] + ["finding-08", "finding-09", "finding-10"]
    # positions round(i * 19 / 4) for i = 0..4: 0, 5, 10, 14, 19
    assert sample(ids) == ["decision-01", "decision-06", "decision-11", "decision-15", "decision-20",
                           "finding-08", "finding-09", "finding-10"]


def test_params_mark_only_the_ids_outside_the_sample():
    ids = [f"planning-{i:02d}" for i in range(1, 8)]
    got = {p.id: [m.name for m in p.marks] for p in params(ids, lambda t: [pytest.mark.slow])}
    # positions round(i * 6 / 4): 0, 2, 3, 4, 6 -> rows 01, 03, 04, 05, 07 sampled
    assert got == {"planning-01": ["slow"], "planning-02": ["slow", "catalog"], "planning-03": ["slow"],
                   "planning-04": ["slow"], "planning-05": ["slow"], "planning-06": ["slow", "catalog"],
                   "planning-07": ["slow"]}
