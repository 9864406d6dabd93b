"""Predicates read back from the settled world: on/inside from support and contact, the others from geometry;
each tolerance tested on both sides, and the batched read-back checked against the per-pair predicate
functions."""
from __future__ import annotations

import math

import numpy as np
import pytest
import trimesh

from interactiveworld.world import FLOOR_KEY, Scene, SceneBuilder, read_relations, world_of
from interactiveworld.world import relations as R
from interactiveworld.world.physics import SupportTable
from interactiveworld.world.scene import yaw_pose

from interactiveworld.world.layouts.examples import kitchen

from iw_reference import reference_relations


@pytest.fixture()
def scene() -> Scene:
    b = SceneBuilder("t")
    b.add_room("r", (0, 0, 4, 4))
    b.add_fixture("table", at=(1.5, 1.5))          # top at z = 0.75, half extents 0.4 x 0.6
    b.add_fixture("fridge", at=(3.5, 3.0))
    b.add_object("toy_block", at=(0.5, 0.5))        # 6 cm cube
    b.add_object("toy_block", at=(0.5, 1.5))
    b.add_object("bottle", at=(0.5, 2.5))
    b.add_object("panel", at=(1.0, 3.5), params={"connectors": [{"name": "hole", "position": [0.0, 0.0, 0.02]}]})
    b.add_object("leg", at=(2.0, 3.5))
    return Scene.from_dict(b.build())


def _put(scene: Scene, key: str, x: float, y: float, z: float, yaw: float = 0.0) -> None:
    scene.entity(key).pose = yaw_pose(x, y, z, yaw)


def _settled(scene: Scene) -> Scene:
    world_of(scene).settle(record=False)
    return scene


def _table(weight: float, force: float) -> SupportTable:
    return SupportTable({"a#1": {"b#1": force}}, {"a#1": {"b#1"}}, {"a#1": weight}, {}, R.ON_NORMAL_MAX_DEG)


def test_bears_fraction_both_sides():
    """on(A, B) needs B to push A up with at least 10 % of A's weight (hand-made contact tables)."""
    assert R.ON_BEAR_FRACTION == 0.10
    assert R.bears(_table(2.0, 0.2), "a#1", "b#1")          # exactly 10 %
    assert not R.bears(_table(2.0, 0.199), "a#1", "b#1")
    assert not R.bears(_table(2.0, 0.0), "a#1", "b#1")      # touching without bearing
    assert not R.bears(_table(2.0, 5.0), "a#1", "c#1")      # no contact with c at all


@pytest.mark.parametrize("deg, expect", [(25.0, True), (29.0, True), (31.0, False), (35.0, False)])
def test_on_contact_normal_tolerance_both_sides(deg, expect):
    """A block resting by friction on a table top tilted by ``deg``: the contact normal is ``deg`` from vertical,
    so the top bears the block in the sense of on() only below 30 degrees."""
    assert R.ON_NORMAL_MAX_DEG == 30.0
    b = SceneBuilder("tilt")
    b.add_room("r", (0, 0, 4, 4))
    b.add_fixture("table", at=(2, 2), params={"height": 1.0})
    b.add_object("toy_block", at=(0.5, 0.5))
    s = Scene.from_dict(b.build())
    tilt = trimesh.transformations.rotation_matrix(math.radians(deg), [1, 0, 0], [2, 2, 1.0])
    s.entity("table#1").pose = tilt @ s.entity("table#1").pose
    s.entity("toy_block#1").pose = tilt @ yaw_pose(2, 2, 1.0005, 0.0)
    report = world_of(s).settle(record=False)
    assert report.at_rest  # friction 0.8 > tan(35 deg): it stays on the slope
    np.testing.assert_allclose(s.entity("toy_block#1").pose[:3, 3], (tilt @ yaw_pose(2, 2, 1.0, 0.0))[:3, 3],
                               atol=3e-3)
    assert R.on(s, "toy_block#1", "table#1") is expect
    assert (("on", "toy_block#1", "table#1") in read_relations(s)) is expect


def test_object_in_a_bowl_is_on_the_bowl_not_the_counter():
    """The bowl bears the tomato; the counter under the bowl does not touch it."""
    b = SceneBuilder("bowl")
    b.add_room("r", (0, 0, 3, 3))
    b.add_fixture("counter", at=(1.5, 1.5))
    b.add_object("bowl", on="counter#1")
    b.add_object("tomato", on="bowl#1", region="interior")
    s = Scene.from_dict(b.build())
    rel = read_relations(s)
    assert {("on", "tomato#1", "bowl#1"), ("inside", "tomato#1", "bowl#1"), ("on", "bowl#1", "counter#1")} <= rel
    assert ("on", "tomato#1", "counter#1") not in rel and not R.on(s, "tomato#1", "counter#1")
    assert R.supporters(s, "tomato#1") == {"bowl#1"}
    assert set(R.riders(s, "counter#1")) == {"bowl#1", "tomato#1"}


def test_on_floor_and_not_when_held(scene):
    _settled(scene)
    assert R.on(scene, "toy_block#1", FLOOR_KEY)
    assert ("on", "toy_block#1", FLOOR_KEY) in read_relations(scene)
    scene.human.held = "toy_block#1"
    assert ("on", "toy_block#1", FLOOR_KEY) not in read_relations(scene)
    assert ("held", "toy_block#1") in read_relations(scene)


def test_inside_region_volume_fraction_both_sides(scene):
    assert R.INSIDE_VOLUME_FRACTION == 0.5
    reg, t = next((r, t) for r, t in scene.regions("fridge#1") if r.name == "shelf_2")
    lo, hi = scene.entity("bottle#1").model.bounds
    half = 0.5 * (hi - lo)
    corner = t[:3, 3] + np.array([reg.half[0], reg.half[1], 0.0])
    # centre inset by f * 2 * half from the region corner along x and y -> inside volume fraction (0.5 + f)^2
    for f, expect in ((0.25, True), (0.2, False)):   # 0.5625 > 0.5 ; 0.49 < 0.5
        c = corner - np.array([f * 2 * half[0], f * 2 * half[1], 0.0])
        _put(scene, "bottle#1", c[0] - (lo[0] + hi[0]) / 2, c[1] - (lo[1] + hi[1]) / 2, t[2, 3] - half[2])
        assert R.inside_region(scene, "bottle#1", "fridge#1") is expect, f
    # centre outside the region -> never inside
    _put(scene, "bottle#1", corner[0] + 0.01, corner[1] - 0.1, t[2, 3] - half[2])
    assert not R.inside_region(scene, "bottle#1", "fridge#1")


def test_inside_needs_support_by_the_container(scene):
    """Hovering in the shelf's region is not inside the fridge; once it rests on the shelf it is."""
    reg, t = next((r, t) for r, t in scene.regions("fridge#1") if r.name == "shelf_2")
    floor = t[2, 3] - reg.half[2]
    _put(scene, "toy_block#1", t[0, 3], t[1, 3], floor + 0.05)
    assert R.inside_region(scene, "toy_block#1", "fridge#1")
    assert not R.inside(scene, "toy_block#1", "fridge#1")
    _settled(scene)
    assert scene.entity("toy_block#1").pose[2, 3] == pytest.approx(floor, abs=2e-3)
    assert R.inside(scene, "toy_block#1", "fridge#1") and R.on(scene, "toy_block#1", "fridge#1")
    scene.human.held = "toy_block#1"
    assert not R.inside(scene, "toy_block#1", "fridge#1")  # in the hand it is inside nothing


def test_near_distance_both_sides(scene):
    assert R.NEAR_DISTANCE == 0.3
    _put(scene, "toy_block#1", 0.5, 0.5, 0.0)
    for gap, expect in ((0.29, True), (0.31, False)):
        _put(scene, "toy_block#2", 0.5 + 0.06 + gap, 0.5, 0.0)
        assert R.near(scene, "toy_block#1", "toy_block#2") is expect
        assert (("near", "toy_block#1", "toy_block#2") in read_relations(scene)) is expect
    # rotated by 45 deg: the closest point is the corner at half-diagonal 0.03 * sqrt(2)
    for gap, expect in ((0.295, True), (0.305, False)):
        _put(scene, "toy_block#2", 0.5 + 0.03 + 0.03 * math.sqrt(2) + gap, 0.5, 0.0, math.pi / 4)
        assert R.near(scene, "toy_block#1", "toy_block#2") is expect


def test_unmoved_both_sides(scene):
    base = {k: e.pose.copy() for k, e in scene.entities.items()}
    p = base["toy_block#1"]
    for d, expect in ((0.019, True), (0.021, False)):
        _put(scene, "toy_block#1", p[0, 3] + d, p[1, 3], p[2, 3])
        assert R.unmoved(scene, "toy_block#1", base) is expect
    for deg, expect in ((9.5, True), (10.5, False)):
        _put(scene, "toy_block#1", p[0, 3], p[1, 3], p[2, 3], math.radians(deg))
        assert R.unmoved(scene, "toy_block#1", base) is expect
        assert (("unmoved", "toy_block#1") in read_relations(scene, base)) is expect


def test_open_closed_fractions_both_sides(scene):
    e = scene.entity("fridge#1")
    for frac, is_open, is_closed in ((0.25, True, False), (0.24, False, False), (0.02, False, True),
                                     (0.03, False, False), (1.0, True, False), (0.0, False, True)):
        scene.set_open("fridge#1", frac)
        rel = read_relations(scene)
        assert (("open", "fridge#1") in rel) is is_open
        assert (("closed", "fridge#1") in rel) is is_closed
    assert e.opening == 0.0


def test_raised_tilt_both_sides(scene):
    panel = scene.entity("panel#1")
    assert not R.raised(scene, "panel#1")   # lying flat: upright axis (+x) horizontal
    for tilt, expect in ((9.0, True), (11.0, False)):
        rot = trimesh.transformations.rotation_matrix(-math.radians(90 - tilt), [0, 1, 0])
        pose = panel.pose.copy()
        pose[:3, :3] = rot[:3, :3]
        panel.pose = pose
        assert R.raised(scene, "panel#1") is expect


def test_attached_position_both_sides(scene):
    scene.attachments["leg#1"] = {"child": "leg#1", "parent": "panel#1", "child_connector": "top",
                                  "parent_connector": "hole"}
    hole = (scene.entity("panel#1").pose @ scene.entity("panel#1").model.connector("hole").transform)[:3, 3]
    top = scene.entity("leg#1").model.connector("top").transform[:3, 3]
    for off, expect in ((0.009, True), (0.011, False)):
        _put(scene, "leg#1", hole[0] - top[0] + off, hole[1] - top[1], hole[2] - top[2])
        assert R.attached(scene, "leg#1", "panel#1") is expect


def test_state_predicates(scene):
    b = SceneBuilder("t")
    b.add_room("r", (0, 0, 3, 3))
    b.add_fixture("cooktop", at=(1, 1), state={"running": True})
    b.add_fixture("oven", at=(2, 1))
    b.add_object("tomato", on="cooktop#1", state={"cut": True, "cooked": True})
    rel = read_relations(Scene.from_dict(b.build()))
    assert {("running", "cooktop#1"), ("off", "oven#1"), ("cut", "tomato#1"), ("cooked", "tomato#1"),
            ("on", "tomato#1", "cooktop#1"), ("closed", "oven#1")} <= rel


def _reference_relations(scene: Scene, baseline) -> set:
    """Per-pair predicates, one function call per pair (the unbatched reference)."""
    return set(reference_relations(scene, baseline))


def test_batched_read_back_matches_per_pair_reference():
    rng = np.random.default_rng(3)
    s = Scene.from_dict(kitchen())
    base = {k: e.pose.copy() for k, e in s.entities.items()}
    for trial in range(4):
        for e in s.movables():
            if rng.random() < 0.5:
                e.pose = yaw_pose(rng.uniform(0.3, 4.7), rng.uniform(0.3, 3.7), rng.choice([0.0, 0.75, 0.9]),
                                  rng.uniform(-3, 3))
        s.set_open("fridge#1", rng.random())
        got = read_relations(s, base)
        ref = _reference_relations(s, base)
        keep = {"on", "inside", "near", "unmoved", "open", "closed"}
        assert {r for r in got if r[0] in keep} == ref, trial
