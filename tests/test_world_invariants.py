"""World invariants after every command (world/invariants.py) and what they stand for: upturned open containers
spill and closed ones keep their contents; no verb acts through a closed door or lid; appliances with a door run
only with it shut; a command that would break an invariant fails naming it and the world is rolled back; a state
reached by commands saves and loads back to the same digest and relations without moving anything."""
from __future__ import annotations

import math

import numpy as np
import pytest

from interactiveworld.actions.primitives import HANDLERS
from interactiveworld.actions.primitives import manipulation
from interactiveworld.env import Environment
from interactiveworld.errors import ErrorCode
from interactiveworld.world import Scene, SceneBuilder
from interactiveworld.world.invariants import (BELOW_FLOOR_TOLERANCE, check_world, closed_container, sealed_contents,
                                               upturned)
from interactiveworld.world.layouts.examples import lab
from interactiveworld.world.physics import SceneValidationError

from iw_lab import SCENE, lab_env, ok, refused


def _tomato_in_bowl_held() -> Environment:
    env = lab_env()
    for c in ("[Grab] <tomato> (1)", "[PutIn] <tomato> (1) <bowl> (1)", "[Grab] <bowl> (1)", "[Walk] <table> (1)"):
        ok(env, c)
    assert "tomato#1" in env.scene.human.carried
    return env


def _resting(env: Environment, key: str) -> list[tuple]:
    return sorted(r for r in env.relations() if r[0] == "on" and r[1] == key)


# ------------------------------------------------------------------ upturned containers spill
def test_flipping_an_open_bowl_spills_its_contents_onto_what_lies_below():
    env = _tomato_in_bowl_held()
    ok(env, "[Flip] <bowl> (1)")
    scene = env.scene
    assert upturned(scene, "bowl#1") and scene.entities["bowl#1"].pose[2, 2] < 0
    assert scene.human.carried == {} and env.held() == "bowl#1"
    rel = env.relations()
    assert ("inside", "tomato#1", "bowl#1") not in rel and ("on", "tomato#1", "bowl#1") not in rel
    assert _resting(env, "tomato#1"), "the spilled tomato rests on something"
    z = scene.entities["tomato#1"].world_bounds_corners()[:, 2].min()
    assert z >= -BELOW_FLOOR_TOLERANCE


def test_dropping_an_upturned_bowl_over_the_table_loses_nothing():
    """The whole sequence of the tunnelling report: every object ends in the world, resting, no violation."""
    env = _tomato_in_bowl_held()
    ok(env, "[Flip] <bowl> (1)")
    out = ok(env, "[Drop] <bowl> (1)")
    assert out.ok
    for key in ("tomato#1", "bowl#1"):
        assert env.scene.entities[key].pose[2, 3] > -BELOW_FLOOR_TOLERANCE
        assert _resting(env, key), key
    assert check_world(env.scene) == []


def test_without_the_spill_the_flip_breaks_the_spill_invariant_and_is_rolled_back(monkeypatch):
    """Flipping while the contents stay glued to the hand is what the world must never report as ok."""
    env = _tomato_in_bowl_held()
    monkeypatch.setattr(manipulation, "spill", lambda ex: None)
    out = refused(env, "[Flip] <bowl> (1)", ErrorCode.INVARIANT_VIOLATED)
    assert out.error.details["invariant"] == "spill"
    assert out.error.details["keys"] == ["tomato#1", "bowl#1"]
    assert "tomato#1" in env.scene.human.carried and env.scene.entities["bowl#1"].pose[2, 2] > 0


def _lidded(lid: bool) -> Environment:
    b = SceneBuilder("lids")
    b.add_room("r", (0, 0, 5, 4))
    b.add_fixture("table", at=(2.0, 1.2))
    b.add_object("storage_box", on="table#1", spot=(0.0, 0.3))
    b.add_object("mushroom", on="storage_box#1", region="interior")
    if lid:
        b.add_object("lid", on="storage_box#1", surface="rim")
    b.set_human((2.0, 2.4), yaw=-math.pi / 2)
    env = Environment(render=False)
    env.reset(b.build())
    return env


def test_a_lidded_box_turned_over_keeps_its_contents_and_an_open_one_spills():
    shut = _lidded(True)
    ok(shut, "[Grab] <storage_box> (1)")
    assert closed_container(shut.scene, "storage_box#1") == "lid lid#1"
    ok(shut, "[Flip] <storage_box> (1)")
    assert upturned(shut.scene, "storage_box#1")
    assert set(shut.scene.human.carried) == {"mushroom#1", "lid#1"}
    assert check_world(shut.scene) == []

    open_ = _lidded(False)
    ok(open_, "[Grab] <storage_box> (1)")
    assert closed_container(open_.scene, "storage_box#1") is None
    ok(open_, "[Flip] <storage_box> (1)")
    assert open_.scene.human.carried == {}
    assert ("inside", "mushroom#1", "storage_box#1") not in open_.relations()
    assert _resting(open_, "mushroom#1")


# ------------------------------------------------------------------ no verb acts through a closed door
@pytest.fixture(scope="module")
def sealed_lab() -> dict:
    """The lab with the bowl, holding the tomato, inside the closed cabinet (canonical dict)."""
    env = lab_env()
    for c in ("[Grab] <tomato> (1)", "[PutIn] <tomato> (1) <bowl> (1)", "[Open] <cabinet> (1)", "[Grab] <bowl> (1)",
              "[PutIn] <bowl> (1) <cabinet> (1)", "[Close] <cabinet> (1)"):
        ok(env, c)
    rel = env.relations()
    assert {("inside", "bowl#1", "cabinet#1"), ("inside", "tomato#1", "cabinet#1"), ("closed", "cabinet#1")} <= rel
    return env.scene.to_dict()


@pytest.mark.parametrize("setup, command, argument", [
    ([], "[Grab] <tomato> (1)", "tomato#1"),
    ([], "[Grab] <bowl> (1)", "bowl#1"),
    ([], "[Wipe] <sponge> (1) <bowl> (1)", "bowl#1"),
    ([], "[LookAt] <tomato> (1)", "tomato#1"),
    ([], "[FallToFloor] <bowl> (1) <cabinet> (1)", "bowl#1"),
    (["[Grab] <knife> (1)"], "[Cut] <tomato> (1) <knife> (1)", "tomato#1"),
    (["[Grab] <bottle> (1)"], "[Pour] <bowl> (1) <bottle> (1)", "bowl#1"),
    (["[Grab] <knife> (1)"], "[Stir] <bowl> (1) <knife> (1)", "bowl#1"),
    (["[Grab] <mug> (1)"], "[Put] <mug> (1) <bowl> (1)", "bowl#1"),
    (["[Grab] <mug> (1)"], "[PutIn] <mug> (1) <bowl> (1)", "bowl#1"),
])
def test_every_verb_is_refused_through_a_shut_door(sealed_lab, setup, command, argument):
    env = Environment(render=False)
    env.reset(sealed_lab)
    for c in setup:
        ok(env, c)
    state = {k: dict(e.state) for k, e in env.scene.entities.items()}
    out = refused(env, command, ErrorCode.PRECONDITION_FAILED)
    assert out.error.details["precondition"] == "not_enclosed"
    assert out.error.details["argument"] == argument and out.error.details["container"] == "cabinet#1"
    assert {k: e.state for k, e in env.scene.entities.items()} == state


def test_the_same_cut_succeeds_once_the_door_is_open(sealed_lab):
    env = Environment(render=False)
    env.reset(sealed_lab)
    ok(env, "[Open] <cabinet> (1)")
    ok(env, "[Grab] <knife> (1)")
    ok(env, "[Cut] <tomato> (1) <knife> (1)")
    assert env.scene.entities["tomato#1"].state.get("cut") is True


def test_the_sealed_invariant_catches_contents_leaving_a_closed_cabinet(sealed_lab):
    scene = Scene.from_dict(sealed_lab)
    before = sealed_contents(scene)
    assert before["cabinet#1"] == frozenset({"bowl#1", "tomato#1"})
    assert check_world(scene, sealed_before=before) == []
    # teleport the tomato out through the shut door onto the counter's free floor space beside it
    t = scene.entities["tomato#1"]
    t.pose = t.pose.copy()
    t.pose[:3, 3] += scene.entities["cabinet#1"].pose[:3, 0] * 0.8
    found = {(v.invariant, v.keys) for v in check_world(scene, sealed_before=before)}
    assert ("sealed", ("tomato#1", "cabinet#1")) in found


# ------------------------------------------------------------------ appliances and their doors
def test_an_appliance_with_a_door_runs_only_with_it_shut():
    env = lab_env()
    ok(env, "[Open] <oven> (1)")
    out = refused(env, "[TurnOn] <oven> (1)", ErrorCode.PRECONDITION_FAILED)
    assert out.error.details["precondition"] == "door_closed_to_run"
    ok(env, "[Close] <oven> (1)")
    ok(env, "[TurnOn] <oven> (1)")
    assert env.scene.entities["oven#1"].state["running"] is True
    ok(env, "[Open] <oven> (1)")  # the door interlock stops it
    assert env.scene.entities["oven#1"].state["running"] is False
    assert ("off", "oven#1") in env.relations() and check_world(env.scene) == []


def test_the_appliance_door_invariant_reads_running_with_the_door_open():
    scene = Scene.from_dict(SCENE)
    oven = scene.entities["oven#1"]
    oven.state.update(open=1.0, running=True)
    assert [(v.invariant, v.keys) for v in check_world(scene)] == [("appliance_door", ("oven#1",))]


# ------------------------------------------------------------------ rollback and the other invariants
def test_an_object_lost_below_the_floor_fails_the_command_and_everything_is_rolled_back(monkeypatch):
    """A drop whose object ends up under the floor (as a tunnelling object does) is INVARIANT_VIOLATED, naming
    in_world, and the world and the next command are as if it had never run."""
    env = lab_env()
    ok(env, "[Grab] <mug> (1)")
    original = HANDLERS["release"]

    def tunnelling_release(ctx, goal):
        key = ctx.scene.human.held
        err = original(ctx, goal)
        pose = ctx.scene.entities[key].pose.copy()
        pose[2, 3] = -3.0  # under the floor: the physics lets it fall from there
        ctx.scene.entities[key].pose = pose
        manipulation.settle(ctx)
        return err

    monkeypatch.setitem(HANDLERS, "release", tunnelling_release)
    before_poses = {k: e.pose.copy() for k, e in env.scene.entities.items()}
    relations = env.relations()
    out = refused(env, "[Drop] <mug> (1)", ErrorCode.INVARIANT_VIOLATED)
    assert out.error.details["invariant"] == "in_world" and out.error.details["keys"] == ["mug#1"]
    assert out.error.details["values"]["z"] < -3.0 + 0.1
    assert env.held() == "mug#1" and env.relations() == relations
    for k, e in env.scene.entities.items():
        assert np.array_equal(e.pose, before_poses[k]), k
    monkeypatch.setitem(HANDLERS, "release", original)
    ok(env, "[Drop] <mug> (1)")
    assert env.scene.entities["mug#1"].pose[2, 3] > 0


def test_check_world_names_each_geometric_invariant():
    scene = Scene.from_dict(SCENE)
    assert check_world(scene) == []
    mug = scene.entities["mug#1"]
    lifted = mug.pose.copy()
    lifted[2, 3] += 0.5  # hangs in the air: touches nothing
    mug.pose = lifted
    assert [(v.invariant, v.keys) for v in check_world(scene)] == [("supported", ("mug#1",))]
    sunk = lifted.copy()
    sunk[2, 3] -= 0.5 + 0.08  # 8 cm into whatever it stood on
    mug.pose = sunk
    found = [v for v in check_world(scene) if v.invariant == "penetration"]
    assert found and found[0].keys[0] == "mug#1" and found[0].values["depth_m"] > 0.05
    gone = lifted.copy()
    gone[0, 3] += 100.0  # outside every room
    mug.pose = gone
    assert ("in_world", ("mug#1",)) in {(v.invariant, v.keys) for v in check_world(scene)}


# ------------------------------------------------------------------ save and restore
def _round_trip(env: Environment) -> Environment:
    back = Environment(render=False)
    back.reset(env.scene.to_dict())
    return back


def test_a_state_reached_by_commands_saves_and_loads_back_without_moving_anything():
    env = _tomato_in_bowl_held()  # a carried container with contents: the hardest state to save
    for state in ("carrying", "placed"):
        if state == "placed":
            ok(env, "[Put] <bowl> (1) <table> (1)")
        back = _round_trip(env)
        assert back.state_digest() == env.state_digest(), state
        assert back.relations() - {r for r in back.relations() if r[0] == "unmoved"} == \
            env.relations() - {r for r in env.relations() if r[0] == "unmoved"}, state
        for k, e in env.scene.entities.items():  # nothing at rest was settled again
            assert np.allclose(back.scene.entities[k].pose, e.pose, atol=1e-9), (state, k)
        assert back.scene.human.carried.keys() == env.scene.human.carried.keys()


def test_the_usd_export_of_a_reached_state_loads_back_to_the_same_digest(tmp_path):
    usd = pytest.importorskip("interactiveworld.interop.usd")
    env = lab_env()
    ok(env, "[Grab] <tomato> (1)")
    ok(env, "[PutIn] <tomato> (1) <bowl> (1)")
    path = tmp_path / "state.usda"
    usd.export_scene(env.scene, path)
    back = Environment(render=False)
    back.reset(usd.import_scene(path))
    assert back.state_digest() == env.state_digest()
    assert {r for r in back.relations() if r[0] != "unmoved"} == {r for r in env.relations() if r[0] != "unmoved"}


def test_an_object_still_moving_after_the_settle_breaks_at_rest():
    scene = Scene.from_dict(SCENE)
    found = check_world(scene, moving=["mug#1"])
    assert [(v.invariant, v.keys) for v in found] == [("at_rest", ("mug#1",))]


def test_a_scene_that_breaks_an_invariant_at_reset_is_refused():
    data = lab()
    oven = next(e for e in data["entities"] if e["name"] == "oven")
    oven["state"] = {"open": 1.0, "running": True}
    with pytest.raises(SceneValidationError, match="appliance_door: oven#1 runs with its door open"):
        Environment(render=False).reset(data)


def test_an_arm_that_would_knock_a_bowl_over_passes_by_it_and_the_state_loads_again():
    """Reaching for the knife from the cabinet, the arm brushed the bowl beside it: the bowl flipped onto its side
    4.5 cm into the counter and never came to rest, while the grab said ok. Now the bowl stays as it was."""
    env = lab_env()
    for c in ("[Open] <cabinet> (1)", "[Grab] <tomato> (1)", "[PutIn] <tomato> (1) <cabinet> (1)",
              "[Close] <cabinet> (1)"):
        ok(env, c)
    bowl = env.scene.entities["bowl#1"].pose.copy()
    ok(env, "[Grab] <knife> (1)")
    assert np.allclose(env.scene.entities["bowl#1"].pose, bowl, atol=1e-3)
    assert ("on", "bowl#1", "counter#1") in env.relations() and check_world(env.scene) == []
    back = Environment(render=False)
    back.reset(env.scene.to_dict())  # loads: everything at rest
    assert back.state_digest() == env.state_digest()
