"""Taking one thing out of a movable vessel (a pan, a bowl on a table) leaves the vessel and the rest of its
contents where they were: the hand reaches into the vessel on purpose, so neither feels the body's capsules."""
from __future__ import annotations

import math

import pytest

from interactiveworld.env import Environment
from interactiveworld.world.layouts import SceneBuilder
from interactiveworld.world.relations import pose_change


def _pan_on_table() -> dict:
    b = SceneBuilder("pan on a table")
    b.add_room("kitchen", (0, 0, 5, 4))
    b.add_fixture("table", at=(2.5, 2.0))
    b.add_fixture("counter", at=(2.5, 3.65), yaw=-math.pi / 2)
    b.add_object("pan", on="table#1", spot=(-0.2, 0.5))
    b.add_object("bread", name="ham", on="pan#1", spot=(-0.5, 0.5), params={"size": (0.06, 0.05, 0.02)})
    b.add_object("bread", name="egg", on="pan#1", spot=(0.5, 0.5), params={"size": (0.05, 0.05, 0.03)})
    b.add_object("plate", on="table#1", spot=(0.4, 0.4))
    b.set_human((2.5, 0.9), yaw=math.pi / 2)
    return b.build()


@pytest.fixture(scope="module")
def taken():
    env = Environment(render=False)
    env.reset(_pan_on_table())
    before = {k: env.scene.entities[k].pose.copy() for k in ("pan#1", "egg#1")}
    rel0 = env.relations()
    out = env.execute("[Grab] <ham> (1)")
    return env, before, rel0, out


def test_the_grasp_out_of_the_pan_succeeds(taken):
    env, _, rel0, out = taken
    assert ("inside", "ham#1", "pan#1") in rel0 and ("inside", "egg#1", "pan#1") in rel0
    assert out.ok, out.message
    assert env.scene.human.held == "ham#1"


def test_the_pan_and_its_other_contents_stay(taken):
    env, before, _, _ = taken
    for key, pose in before.items():
        moved_m, turned_deg = pose_change(pose, env.scene.entities[key].pose)
        assert moved_m < 0.01 and turned_deg < 2.0, (key, moved_m, turned_deg)
    assert env.scene.entities["pan#1"].pose[2, 2] == pytest.approx(1.0, abs=1e-3)  # still upright
    rel = env.relations()
    assert ("inside", "egg#1", "pan#1") in rel and ("on", "pan#1", "table#1") in rel


def test_putting_it_down_keeps_the_pan_in_place(taken):
    env, before, _, _ = taken
    out = env.execute("[Put] <ham> (1) <plate> (1)")
    assert out.ok, out.message
    moved_m, turned_deg = pose_change(before["pan#1"], env.scene.entities["pan#1"].pose)
    assert moved_m < 0.01 and turned_deg < 2.0
