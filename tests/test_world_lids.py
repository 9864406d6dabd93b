"""Lidded containers: a lid resting on a portable box closes it like a shut door (nothing is taken out or put in
until it is lifted off), a carried box brings its lid and contents along, and the contents stay unseen while the
lid is on (paper Table 12, rows 12, 19 and 20: "lid removed", then the object "independently extracted")."""
from __future__ import annotations

import math

import numpy as np
import pytest

from interactiveworld.env import Environment
from interactiveworld.errors import ErrorCode
from interactiveworld.world import Scene, SceneBuilder
from interactiveworld.world.assets import build_asset
from interactiveworld.world.placement import PlacementError
from interactiveworld.world.relations import covering_lid

from iw_lab import ok, refused


def _kitchen(lid: bool = True) -> Environment:
    """A room with a table (box with a mushroom inside, lid on it) and a counter with a bowl holding a tomato."""
    b = SceneBuilder("lids")
    b.add_room("r", (0, 0, 5, 4))
    b.add_fixture("counter", at=(2.0, 3.65), yaw=-math.pi / 2)
    b.add_fixture("table", at=(2.0, 1.2))
    b.add_object("storage_box", on="table#1", spot=(0.0, 0.3))
    b.add_object("mushroom", on="storage_box#1", region="interior")
    if lid:
        b.add_object("lid", on="storage_box#1", surface="rim")
    else:
        b.add_object("lid", on="table#1", spot=(0.7, 0.3))
    b.add_object("bowl", on="counter#1", spot=(0.5, 0.3))
    b.add_object("tomato", on="bowl#1", region="interior")
    b.set_human((2.0, 2.4), yaw=-math.pi / 2)
    env = Environment(render=False)
    env.reset(b.build())
    return env


def test_storage_box_rim_is_the_wall_tops():
    """The rim surface spans the box's footprint at its full height, where a lid of the same size rests."""
    box = build_asset("storage_box", {"size": (0.3, 0.2, 0.1)})
    rim = box.surface("rim")
    np.testing.assert_allclose(rim.center, [0.0, 0.0, 0.1])
    np.testing.assert_allclose(rim.half_xy, [0.15, 0.1])
    assert "lidded" in box.affordances and "lid" in build_asset("lid").affordances
    assert build_asset("box").surface("rim") is None  # an ordinary open box has none


def test_lid_rests_on_the_box_and_covers_it():
    env = _kitchen()
    rel = env.relations()
    assert ("on", "lid#1", "storage_box#1") in rel and ("inside", "mushroom#1", "storage_box#1") in rel
    assert covering_lid(env.scene, "storage_box#1") == "lid#1"
    assert covering_lid(env.scene, "bowl#1") is None
    assert covering_lid(env.scene, "counter#1") is None  # a counter has no interior to cover


def test_contents_under_a_lid_cannot_be_taken_out():
    env = _kitchen()
    out = refused(env, "[Grab] <mushroom> (1)", ErrorCode.PRECONDITION_FAILED)
    assert "lid#1" in out.error.message and "lid off" in out.error.message


def test_nothing_goes_into_a_box_with_its_lid_on():
    env = _kitchen()
    ok(env, "[Grab] <tomato> (1)")
    out = refused(env, "[PutIn] <tomato> (1) <storage_box> (1)", ErrorCode.PRECONDITION_FAILED)
    assert "lid" in out.error.message and env.held() == "tomato#1"


def test_open_on_a_lidded_box_says_how_it_opens():
    env = _kitchen()
    out = refused(env, "[Open] <storage_box> (1)", ErrorCode.NOT_AFFORDED)
    assert "lid" in out.error.message


def test_lifting_the_lid_opens_the_box():
    env = _kitchen()
    ok(env, "[Grab] <lid> (1)")
    ok(env, "[Put] <lid> (1) <counter> (1)")
    assert ("on", "lid#1", "counter#1") in env.relations()
    assert covering_lid(env.scene, "storage_box#1") is None
    ok(env, "[Grab] <mushroom> (1)")
    assert env.held() == "mushroom#1"
    ok(env, "[Put] <mushroom> (1) <table> (1)")
    assert ("on", "mushroom#1", "table#1") in env.relations()


def test_putting_the_lid_back_closes_the_box_again():
    env = _kitchen(lid=False)
    ok(env, "[Grab] <lid> (1)")
    ok(env, "[Put] <lid> (1) <storage_box> (1)")
    assert ("on", "lid#1", "storage_box#1") in env.relations()
    refused(env, "[Grab] <mushroom> (1)", ErrorCode.PRECONDITION_FAILED)


def test_a_carried_box_brings_lid_and_contents_and_keeps_them_hidden():
    """Carried and put down elsewhere, the box still holds the mushroom under its lid (the contents do not feel the
    hand that carries the box), and while it is carried the mushroom is not exposed as held."""
    env = _kitchen()
    ok(env, "[Grab] <storage_box> (1)")
    exposed = {h.key for h in env.handles(visible_only=True)}
    assert {"storage_box#1", "lid#1"} <= exposed and "mushroom#1" not in exposed
    ok(env, "[Put] <storage_box> (1) <counter> (1)")
    rel = env.relations()
    assert {("on", "storage_box#1", "counter#1"), ("on", "lid#1", "storage_box#1"),
            ("inside", "mushroom#1", "storage_box#1")} <= rel
    assert not any(r[:2] == ("on", "mushroom#1") and r[2] != "storage_box#1" for r in rel)
    refused(env, "[Grab] <mushroom> (1)", ErrorCode.PRECONDITION_FAILED)  # still closed where it now stands


def test_a_carried_bowl_keeps_its_tomato():
    """The contents of any carried container ride along untouched by the body's capsules."""
    env = _kitchen()
    ok(env, "[Grab] <bowl> (1)")
    assert "tomato#1" in {h.key for h in env.handles(visible_only=True)}
    ok(env, "[Put] <bowl> (1) <table> (1)")
    assert ("inside", "tomato#1", "bowl#1") in env.relations()


@pytest.mark.parametrize("kind", ["mushroom", "lettuce", "ice_cream", "yogurt", "cheese", "chicken", "lolly",
                                  "eraser", "folder", "squeegee", "thermometer"])
def test_finding_kinds_are_pickable_objects(kind):
    m = build_asset(kind)
    assert m.movable and "movable" in m.affordances and m.mass > 0
    assert np.all(m.bounds[1] - m.bounds[0] > 0)


def test_a_larger_cover_rests_on_a_folder_and_hides_it():
    """A movable support may carry a larger object centred on it (placement leaves the settle to decide): a brown
    cover over a blue folder rests on the folder, and the folder is out of view until the cover is lifted off."""
    b = SceneBuilder("cover")
    b.add_room("r", (0, 0, 5, 4))
    b.add_fixture("table", at=(2.0, 1.2))
    b.add_fixture("counter", at=(2.0, 3.65), yaw=-math.pi / 2)
    b.add_object("folder", on="table#1", spot=(0.0, 0.3))
    b.add_object("document", name="cover", on="folder#1", params={"size": (0.32, 0.4, 0.01)})
    b.set_human((2.0, 2.4), yaw=-math.pi / 2)
    env = Environment(render=False)
    env.reset(b.build())
    assert {("on", "cover#1", "folder#1"), ("on", "folder#1", "table#1")} <= env.relations()
    ok(env, "[LookAt] <table> (1)")
    seen = {h.key for h in env.handles(visible_only=True)}
    assert "cover#1" in seen and "folder#1" not in seen
    ok(env, "[Grab] <cover> (1)")
    ok(env, "[Put] <cover> (1) <counter> (1)")
    ok(env, "[LookAt] <table> (1)")
    assert "folder#1" in {h.key for h in env.handles(visible_only=True)}


def test_a_fixture_surface_still_refuses_a_larger_footprint():
    """The relaxation is for movable supports only: an object larger than a fixture's surface is refused."""
    b = SceneBuilder("big")
    b.add_room("r", (0, 0, 5, 4))
    b.add_fixture("table", at=(2.0, 1.2), params={"width": 0.4, "depth": 0.4})
    b.add_object("document", on="table#1", params={"size": (2.0, 2.0, 0.01)})
    with pytest.raises(PlacementError, match="larger than top of table#1"):
        Scene.from_dict(b.build())
