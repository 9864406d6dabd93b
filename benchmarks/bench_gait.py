"""The walking body: :func:`~interactiveworld.actions.gait.walk_poses` and single-joint rotation conversions.

* ``walk`` -- walk_poses over eight walks along routes of 1.5-9 m with corners, a turn in place and a held object
  (the rows every ``navigate_to`` turns into keyframes; about 40 % of a state-only sweep before the batched
  pelvis-drop samples). Ours only: the printed figure is milliseconds per row.
* ``rotmat`` / ``rotvec`` -- one axis-angle vector to a rotation matrix and back, as the gait and the reach convert
  single joints, against SciPy's ``Rotation`` (``from_rotvec().as_matrix()`` / ``from_matrix().as_rotvec()``) on
  the same 500 rotations.

    .venv/bin/python -m pytest benchmarks/bench_gait.py --benchmark-enable -q
"""
from __future__ import annotations

import numpy as np
import pytest
from scipy.spatial.transform import Rotation

from interactiveworld.actions.gait import walk_keyframes, walk_poses
from interactiveworld.body import BodyModel, axis_angle_to_matrix, matrix_to_axis_angle

ROUTES = [
    [(0.0, 0.0), (1.5, 0.0)],
    [(0.0, 0.0), (3.0, 0.0), (3.0, 2.0)],
    [(0.0, 0.0), (2.0, 1.0), (2.5, 3.5), (0.5, 4.0)],
    [(0.0, 0.0), (0.0, -4.0), (5.0, -4.0)],
    [(1.0, 1.0), (1.2, 1.1)],
    [(0.0, 0.0), (4.0, 0.0), (4.0, 3.0), (0.0, 3.0)],
    [(0.0, 0.0), (-2.0, 2.0)],
    [(0.0, 0.0), (2.0, 0.0), (2.0, -2.0), (4.0, -2.0), (4.0, 1.0)],
]


@pytest.fixture(scope="module")
def walks():
    model = BodyModel.builtin()
    rows = [walk_keyframes(np.asarray(r, float), 0.3 * k, final_yaw=1.0 + k) for k, r in enumerate(ROUTES)]
    return model, rows


@pytest.fixture(scope="module")
def rotations():
    rng = np.random.default_rng(0)
    aa = rng.normal(0, 1, (500, 3))
    return aa * (rng.uniform(0.05, 3.0, (500, 1)) / np.linalg.norm(aa, axis=1, keepdims=True))


def _walk_all(model, rows):
    return [walk_poses(model, r, still_arms=("right",) if k % 3 == 0 else ()) for k, r in enumerate(rows)]


def test_walk_ours(benchmark, ratios, walks):
    model, rows = walks
    out = _walk_all(model, rows)
    n = sum(len(r) for r in rows)
    assert all(p.shape == (len(r), 156) and np.isfinite(p).all() for (p, _, _), r in zip(out, rows))
    tmin, _ = ratios.time(benchmark, "walk", "ours", _walk_all, model, rows)
    print(f"\n[bench_gait] walk_poses: {n} rows, {1e3 * tmin / n:.3f} ms per row (min)")


def _rotmat_ours(aa):
    return [axis_angle_to_matrix(a) for a in aa]


def _rotmat_scipy(aa):
    return [Rotation.from_rotvec(a).as_matrix() for a in aa]


def _rotvec_ours(R):
    return [matrix_to_axis_angle(r) for r in R]


def _rotvec_scipy(R):
    return [Rotation.from_matrix(r).as_rotvec() for r in R]


def test_rotmat_ours(benchmark, ratios, rotations):
    np.testing.assert_allclose(_rotmat_ours(rotations), _rotmat_scipy(rotations), atol=1e-12)
    ratios.time(benchmark, "rotmat", "ours", _rotmat_ours, rotations)


def test_rotmat_scipy(benchmark, ratios, rotations):
    ratios.time(benchmark, "rotmat", "scipy", _rotmat_scipy, rotations)


def test_rotvec_ours(benchmark, ratios, rotations):
    R = axis_angle_to_matrix(rotations)
    np.testing.assert_allclose(_rotvec_ours(R), _rotvec_scipy(R), atol=1e-9)
    ratios.time(benchmark, "rotvec", "ours", _rotvec_ours, R)


def test_rotvec_scipy(benchmark, ratios, rotations):
    ratios.time(benchmark, "rotvec", "scipy", _rotvec_scipy, axis_angle_to_matrix(rotations))
