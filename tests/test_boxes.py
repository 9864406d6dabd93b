"""The placement gate's oriented-box overlap (native, AABB broad phase, 5-axis test for pairs turning about z,
15 axes otherwise) against a vectorised numpy separating-axis reference (Gottschalk et al. 1996) and hand-worked
cases."""
from __future__ import annotations

import numpy as np
import pytest
from scipy.spatial.transform import Rotation

from interactiveworld.world.boxes import obb_penetration, penetration_depths


def sat_reference(t_a, h_a, t_b, h_b) -> np.ndarray:
    """Every one of the 15 axes for every pair, no broad phase: the straightforward statement of the test."""
    t_b = np.asarray(t_b, float).reshape(-1, 4, 4)
    h_b = np.asarray(h_b, float).reshape(-1, 3)
    ra = np.asarray(t_a, float)[:3, :3]
    out = np.zeros(len(t_b))
    for n, (tb, hb) in enumerate(zip(t_b, h_b)):
        rb = tb[:3, :3]
        d = tb[:3, 3] - np.asarray(t_a, float)[:3, 3]
        axes = [ra[:, i] for i in range(3)] + [rb[:, j] for j in range(3)]
        axes += [np.cross(ra[:, i], rb[:, j]) for i in range(3) for j in range(3)]
        depth = np.inf
        for ax in axes:
            norm = np.linalg.norm(ax)
            if norm <= 1e-9:
                continue
            ax = ax / norm
            pa = np.abs(ax @ ra) @ np.asarray(h_a, float)
            pb = np.abs(ax @ rb) @ hb
            depth = min(depth, pa + pb - abs(ax @ d))
        out[n] = max(depth, 0.0)
    return out


def _pose(rot: np.ndarray, centre) -> np.ndarray:
    t = np.eye(4)
    t[:3, :3] = rot
    t[:3, 3] = centre
    return t


def _yaw(a: float) -> np.ndarray:
    return Rotation.from_euler("z", a).as_matrix()


def test_hand_worked_overlaps():
    unit = np.full(3, 0.5)
    a = np.eye(4)
    b = [_pose(np.eye(3), (0.75, 0, 0)), _pose(np.eye(3), (1.0, 0, 0)), _pose(np.eye(3), (1.2, 0, 0)),
         _pose(_yaw(np.pi / 4), (1.0, 0, 0))]
    # 0.25 of overlap along x; touching faces; apart; a 45-degree box whose corner reaches x = 1 - sqrt(2)/2
    np.testing.assert_allclose(penetration_depths(a, unit, b, [unit] * 4),
                               [0.25, 0.0, 0.0, 0.5 + np.sqrt(2) / 2 - 1.0], atol=1e-12)


@pytest.mark.parametrize("kind", ["yaw", "tilted", "mixed"])
def test_matches_the_15_axis_reference(kind):
    rng = np.random.default_rng({"yaw": 1, "tilted": 2, "mixed": 3}[kind])
    overlapping = apart = 0
    for _ in range(40):
        def rot(tilted):
            return Rotation.random(random_state=rng).as_matrix() if tilted else _yaw(rng.uniform(-np.pi, np.pi))
        t_a = _pose(rot(kind == "tilted"), rng.uniform(-0.3, 0.3, 3))
        h_a = rng.uniform(0.02, 0.4, 3)
        n = 30
        t_b = np.stack([_pose(rot(kind == "tilted" or (kind == "mixed" and k % 2)), rng.uniform(-1.0, 1.0, 3))
                        for k in range(n)])
        h_b = rng.uniform(0.01, 0.5, (n, 3))
        got = penetration_depths(t_a, h_a, t_b, h_b)
        ref = sat_reference(t_a, h_a, t_b, h_b)
        np.testing.assert_allclose(got, ref, atol=1e-12)
        np.testing.assert_array_equal(obb_penetration(t_a, h_a, t_b, h_b), got)
        overlapping, apart = overlapping + int((ref > 0).sum()), apart + int((ref == 0).sum())
    assert overlapping > 50 and apart > 50   # both kinds of pair were drawn


def test_broad_phase_keeps_pairs_whose_aabbs_meet_but_boxes_do_not():
    """Two thin boxes crossed at 45 degrees near a corner: AABBs overlap, a separating axis exists -> 0."""
    a = _pose(_yaw(np.pi / 4), (0, 0, 0))
    b = _pose(_yaw(np.pi / 4), (0.8, 0.8, 0))
    h = np.array([0.5, 0.05, 0.5])
    assert sat_reference(a, h, b[None], h[None])[0] == 0.0
    assert penetration_depths(a, h, b[None], h[None])[0] == 0.0


def test_empty_and_single_box_inputs():
    assert penetration_depths(np.eye(4), np.ones(3), np.zeros((0, 4, 4)), np.zeros((0, 3))).shape == (0,)
    np.testing.assert_allclose(penetration_depths(np.eye(4), np.ones(3), np.eye(4), np.ones(3)), [2.0])


@pytest.mark.parametrize("t_a, h_a, t_b, h_b, exc, text", [
    (np.eye(3), np.ones(3), np.eye(4)[None], np.ones((1, 3)), ValueError, "t_a"),
    (np.eye(4), np.ones(2), np.eye(4)[None], np.ones((1, 3)), ValueError, "h_a"),
    (np.eye(4), np.ones(3), np.eye(4)[None], np.ones((2, 3)), ValueError, "h_b"),
    (np.eye(4), np.ones(3), np.ones((2, 3, 4)), np.ones((2, 3)), ValueError, "t_b"),
    (np.full((4, 4), np.nan), np.ones(3), np.eye(4)[None], np.ones((1, 3)), ValueError, "not finite"),
    (np.eye(4), -np.ones(3), np.eye(4)[None], np.ones((1, 3)), ValueError, ">= 0"),
    (np.eye(4), np.ones(3), np.eye(4)[None], np.array([[1.0, np.inf, 1.0]]), ValueError, ">= 0"),
    (np.eye(4), np.ones(3), np.array([["a"] * 4] * 4)[None], np.ones((1, 3)), TypeError, "float64"),
])
def test_bad_boxes_are_refused_by_name(t_a, h_a, t_b, h_b, exc, text):
    with pytest.raises(exc, match=text):
        penetration_depths(t_a, h_a, t_b, h_b)
