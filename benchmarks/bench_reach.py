"""Oriented reach vs the unoriented reach on the same targets.

* ``plan_reach`` into the front openings of an open oven (on the rack), a washer drum and a base cabinet's lowest
  shelf, from stances 0.25-0.55 m in front (12 targets x 4 stances per fixture): "ours" is the unoriented reach
  (``orient=None``, as every reach outside a fixture opening runs), the peers the oriented reach tried first at each
  rung (``orient_mode="first"``, what a ``place_inside`` into such a fixture runs) and the oriented reach only.
  The printed ratio peer/ours is the cost of orienting the hand. Printed too: how many of the cases each variant
  solves.
* ``solve_arm`` vs ``solve_arm_oriented`` on the same 200 reachable targets in front of a standing body.

    .venv/bin/python -m pytest benchmarks/bench_reach.py --benchmark-enable -q
"""
from __future__ import annotations

import numpy as np
import pytest

from interactiveworld.actions.reach import ReachPlan, plan_reach, solve_arm, solve_arm_oriented
from interactiveworld.body import BodyModel, SceneCollider, standing_pose
from interactiveworld.world import SceneBuilder
from interactiveworld.world.serialize import scene_from_dict

_SOLVED: dict[str, int] = {}


@pytest.fixture(scope="module")
def model():
    return BodyModel.builtin()


@pytest.fixture(scope="module")
def cases(model):
    """(collider, owner, stance xy, target, direction into the opening) for each fixture, stance and target."""
    out = []
    for kind, region in (("oven", "chamber"), ("washer", "drum"), ("cabinet", "shelf_1")):
        b = SceneBuilder("bench")
        b.add_room("r", (-1.0, -1.0, 4.0, 4.0))
        key = b.add_fixture(kind, at=(2.0, 1.0), yaw=np.pi)
        scene = scene_from_dict(b.build())
        scene.set_open(key, 1.0)
        collider = SceneCollider.from_geometry(scene.collision_geometry())
        reg, T = next((r, t) for r, t in scene.regions(key) if r.name == region)
        front = 2.0 - scene.entities[key].model.bounds[1][0]
        floor = T[2, 3] - reg.half[2]
        for inside in (0.1, 0.2, 0.3):
            for y in (0.9, 1.1):
                for h in (0.06, 0.15):
                    for stance in (0.25, 0.35, 0.45, 0.55):
                        out.append((collider, key, np.array([front - stance, 1.0]),
                                    np.array([front + inside, y, floor + h]), np.array([1.0, 0.0, 0.0])))
    return out


def _plans(model, cases, **kw):
    return [plan_reach(model, xy, 0.0, target, col, allow_owners=[key], orient=d if kw else None, **kw)
            for col, key, xy, target, d in cases]


@pytest.mark.parametrize("label, kw", [("ours", {}), ("oriented_first", {"orient_mode": "first"}),
                                       ("oriented_only", {"orient_mode": "only"})])
def test_plan_reach_into_openings(benchmark, ratios, model, cases, label, kw):
    ratios.time(benchmark, "plan_reach into openings", label, _plans, model, cases, **kw)
    plans = _plans(model, cases, **kw)
    _SOLVED[label] = sum(isinstance(p, ReachPlan) for p in plans)
    oriented = sum(isinstance(p, ReachPlan) and p.oriented for p in plans)
    print(f"\nplan_reach {label}: {_SOLVED[label]}/{len(cases)} solved, {oriented} oriented")


@pytest.fixture(scope="module")
def arm_cases(model):
    pose, tr = standing_pose(model, (0.0, 0.0), 0.0)
    rng = np.random.default_rng(0)
    targets = np.c_[rng.uniform(0.3, 0.45, 200), -rng.uniform(0.1, 0.3, 200), rng.uniform(1.0, 1.3, 200)]
    dirs = np.c_[np.ones(200), rng.uniform(-0.4, 0.4, 200), rng.uniform(-0.6, 0.0, 200)]
    return pose, tr, targets, dirs


def test_solve_arm(benchmark, ratios, model, arm_cases):
    pose, tr, targets, _ = arm_cases
    ratios.time(benchmark, "arm IK (200 targets)", "ours", lambda: [solve_arm(model, pose, tr, t) for t in targets])


def test_solve_arm_oriented(benchmark, ratios, model, arm_cases):
    pose, tr, targets, dirs = arm_cases
    ratios.time(benchmark, "arm IK (200 targets)", "oriented",
                lambda: [solve_arm_oriented(model, pose, tr, t, d) for t, d in zip(targets, dirs)])
