"""Every public Warp host function of ``interactiveworld.kernels`` refuses bad arguments with a Python exception
naming the problem, never a crash: each argument of a valid call is replaced in turn by a wrong shape, dtype,
length, NaN, inf, out-of-range index, None or empty value (tests/iw_kernel_cases.py), and the mutated calls run in
a child interpreter. A case that kills the child is recorded and the child restarts after it, so one crash cannot
hide others. Warp kernels do not bound-check their reads, so an unchecked index or length is a segfault."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

CASES = Path(__file__).with_name("iw_kernel_cases.py")
CLEAN = {"ok", "ValueError", "TypeError", "IndexError"}


def _run_all() -> tuple[int, dict[int, tuple[str, str]]]:
    """Runs every case; returns (case count, {index: (label, outcome or 'CRASH rc=..')})."""
    results: dict[int, tuple[str, str]] = {}
    count, start = None, 0
    env = dict(os.environ, LITELLM_LOCAL_MODEL_COST_MAP="True")
    while count is None or start < count:
        r = subprocess.run([sys.executable, str(CASES), str(start)], capture_output=True, text=True, timeout=600,
                           env=env, cwd=CASES.parent)
        begun = None
        for line in r.stdout.splitlines():
            parts = line.split(" ", 2)
            if parts[0] == "COUNT":
                count = int(parts[1])
            elif parts[0] == "BEGIN":
                begun = (int(parts[1]), parts[2])
            elif parts[0] == "END" and begun is not None:
                results[begun[0]] = (begun[1], parts[2])
                begun = None
        if count is None:
            raise AssertionError(f"the case runner failed before listing its cases: {r.stderr[-2000:]}")
        if begun is not None:   # the child died inside this case
            results[begun[0]] = (begun[1], f"CRASH rc={r.returncode}")
            start = begun[0] + 1
        elif r.returncode != 0:
            raise AssertionError(f"the case runner failed between cases (rc {r.returncode}): {r.stderr[-2000:]}")
        else:
            start = count
    return count, results


@pytest.fixture(scope="module")
def outcomes():
    return _run_all()


def test_no_mutated_call_crashes_or_escapes_unnamed(outcomes):
    count, results = outcomes
    assert len(results) == count and count > 500
    bad = {label: outcome for label, outcome in results.values() if outcome not in CLEAN}
    assert not bad, f"{len(bad)} mutated calls crashed or raised an unexpected type: {bad}"


def test_most_mutations_are_refused(outcomes):
    """The mutations are real faults: all but the few that happen to be valid input (None for an optional mesh,
    an empty point set, a smaller grid) raise."""
    _, results = outcomes
    accepted = [label for label, outcome in results.values() if outcome == "ok"]
    assert len(accepted) < 0.08 * len(results), accepted


@pytest.mark.parametrize("label, expected", [
    ("raycast.build_mesh arg 1 mutation 7", "IndexError"),         # a face index of -5
    ("raycast.build_mesh arg 1 mutation 2", "IndexError"),         # face indices past the last vertex
    ("raycast.build_mesh arg 0 mutation 6", "IndexError"),         # no vertices under the faces
    ("collision.check_poses box_half_extents= mutation 0", "ValueError"),   # boxes without half extents
    ("collision.check_poses box_transforms= mutation 0", "ValueError"),     # half extents without boxes
    ("shading.shade arg 3 mutation 3", "ValueError"),              # a face-id buffer one pixel short
])
def test_faults_that_used_to_crash_are_refused(outcomes, label, expected):
    _, results = outcomes
    by_label = dict(results.values())
    assert by_label[label] == expected


def _public_host_functions() -> set[str]:
    """``module.function`` and ``module.Class.method`` of every public Python callable the kernels modules define
    (Warp kernels and device functions are not Python functions and are reached only through these)."""
    import importlib
    import inspect

    names = set()
    for m in ("collision", "fk", "grasp", "raycast", "sdf", "shading"):
        mod = importlib.import_module(f"interactiveworld.kernels.{m}")
        for n, obj in vars(mod).items():
            if n.startswith("_") or getattr(obj, "__module__", None) != mod.__name__:
                continue
            if inspect.isfunction(obj):
                names.add(f"{m}.{n}")
            elif inspect.isclass(obj):
                names |= {f"{m}.{n}.{k}" for k, v in vars(obj).items() if inspect.isfunction(v) and not k.startswith("_")}
    return names


def test_every_public_host_function_is_mutated():
    """A public host function added later cannot escape the mutation run: each has a valid call in the case list."""
    sys.path.insert(0, str(CASES.parent))
    try:
        import iw_kernel_cases
    finally:
        sys.path.remove(str(CASES.parent))
    covered = {name for name, *_ in iw_kernel_cases.calls()}
    assert _public_host_functions() - covered == set()
