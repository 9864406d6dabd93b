"""Preconditions the physical world implies, and success that the world confirms: closed containers refuse
placements, a door is worked from the side the human stands on, a contained object cannot fall out, and a
placement reports success only when the settled world shows it."""
from __future__ import annotations

import numpy as np
import pytest

from interactiveworld.actions import primitives
from interactiveworld.env import Environment
from interactiveworld.errors import ErrorCode
from interactiveworld.world import Scene, SceneBuilder

from iw_lab import lab_env, ok, refused


@pytest.mark.parametrize("container", ["cabinet", "drawer"])
@pytest.mark.parametrize("verb", ["Put", "PutOn", "PutIn", "Insert"])
def test_placing_into_a_closed_container_is_refused(container, verb):
    env = lab_env()
    ok(env, "[Grab] <mug> (1)")
    if container == "cabinet" and verb in ("Put", "PutOn"):
        # a cabinet's top is a surface, as a fridge's is: putting on the closed cabinet lands on its top
        ok(env, f"[{verb}] <mug> (1) <cabinet> (1)")
        rel = env.relations()
        assert ("on", "mug#1", "cabinet#1") in rel and ("inside", "mug#1", "cabinet#1") not in rel
        return
    out = refused(env, f"[{verb}] <mug> (1) <{container}> (1)", ErrorCode.PRECONDITION_FAILED)
    assert "closed" in out.error.message and env.held() == "mug#1"
    ok(env, "[Put] <mug> (1) <table> (1)")  # both hands free to open it
    ok(env, f"[Open] <{container}> (1)")
    ok(env, "[Grab] <mug> (1)")
    ok(env, f"[{verb}] <mug> (1) <{container}> (1)")
    assert ("inside", "mug#1", f"{container}#1") in env.relations()


def test_put_on_a_closed_fridge_uses_its_top():
    """The fridge's top is outside it: putting something on a closed fridge is fine and lands on the top."""
    b = SceneBuilder("fridge")
    b.add_room("r", (0, 0, 4, 4))
    b.add_fixture("fridge", at=(0.45, 2.0), params={"height": 1.2})
    b.add_object("cup", at=(2.0, 2.0))
    b.set_human((1.5, 2.0), yaw=3.14159)
    env = Environment(render=False)
    env.reset(b.build())
    ok(env, "[Grab] <cup> (1)")
    ok(env, "[Put] <cup> (1) <fridge> (1)")
    assert env.scene.entity("cup#1").pose[2, 3] == pytest.approx(1.2, abs=3e-3)
    assert ("closed", "fridge#1") in env.relations() and ("inside", "cup#1", "fridge#1") not in env.relations()


def test_put_in_reports_success_only_when_inside():
    """A bottle taller than a bowl would stand in it sticking out: that is not inside, so it is refused before
    anything moves; a tomato fits and is read back inside."""
    env = lab_env()
    ok(env, "[Grab] <bottle> (1)")
    out = refused(env, "[PutIn] <bottle> (1) <bowl> (1)", ErrorCode.PLACEMENT_FAILED)
    assert "stick out" in out.error.message
    ok(env, "[Put] <bottle> (1) <table> (1)")
    ok(env, "[Grab] <tomato> (1)")
    out = ok(env, "[PutIn] <tomato> (1) <bowl> (1)")
    assert ("inside", "tomato#1", "bowl#1") in out.relation_delta.added
    assert ("on", "tomato#1", "counter#1") not in env.relations()


def test_postcondition_failure_says_what_is_true_instead(monkeypatch):
    """A handler that claims success for a placement that did not happen: the world is re-read and the failure
    names where the object is."""
    env = lab_env()
    ok(env, "[Grab] <mug> (1)")
    monkeypatch.setitem(primitives.HANDLERS, "place", lambda ex, goal: None)
    out = env.execute("[Put] <mug> (1) <counter> (1)")
    assert not out.ok and out.error.code == ErrorCode.POSTCONDITION_FAILED
    assert out.error.details["expected"] == "on(mug#1, counter#1)"
    assert out.error.details["instead"] == "held(mug#1)"


def test_contained_object_cannot_fall_to_the_floor():
    env = lab_env()
    ok(env, "[Grab] <tomato> (1)")
    ok(env, "[PutIn] <tomato> (1) <bowl> (1)")
    for support in ("counter", "bowl"):  # on the bowl, not the counter; either way it is contained
        out = refused(env, f"[FallToFloor] <tomato> (1) <{support}> (1)", ErrorCode.PRECONDITION_FAILED)
        assert "inside bowl#1" in out.error.message
    out = ok(env, "[FallToFloor] <knife> (1) <counter> (1)")
    assert ("on", "knife#1", "floor#1") in out.relation_delta.added


def _room(env) -> str:
    return env.scene.room_of(env.scene.human.xy).name


@pytest.mark.parametrize("side", ["hall", "lab"])
def test_door_is_closed_and_opened_from_the_human_side(side):
    """The lab door (x = 6 m) swings into the lab. Closing it from either room leaves the human in that room,
    and opening it again does too."""
    env = lab_env()
    ok(env, "[Walk] <bench> (1)")  # the walk to the hall opens the door on the way
    if side == "lab":
        ok(env, "[Walk] <table> (1)")
    assert _room(env) == side and ("open", "door#1") in env.relations()
    out = ok(env, "[CloseDoor] <door> (1)")
    assert ("closed", "door#1") in out.relation_delta.added and _room(env) == side
    ok(env, "[OpenDoor] <door> (1)")
    assert ("open", "door#1") in env.relations() and _room(env) == side


def test_closing_a_door_onto_the_body_is_refused():
    env = lab_env()
    ok(env, "[OpenDoor] <door> (1)")
    env.scene.human.xy = np.array([6.0, 2.5])  # in the doorway
    env.executor.motion.reset_body()
    refused(env, "[CloseDoor] <door> (1)", ErrorCode.TRAJECTORY_COLLISION)


def test_unsupported_scene_object_settles_and_deep_overlap_is_named():
    from interactiveworld.world import SceneValidationError
    b = SceneBuilder("s")
    b.add_room("r", (0, 0, 3, 3))
    b.add_object("apple", at=(1.0, 1.0), z=0.5)
    env = Environment(render=False)
    env.reset(b.build())
    assert ("on", "apple#1", "floor#1") in env.relations()
    b.add_object("apple", at=(1.0, 1.0), z=0.5)  # the same place: two apples 8 cm into each other
    with pytest.raises(SceneValidationError, match="apple#"):
        env.reset(b.build())
    assert Scene  # the scene format itself loads; only settling rejects it


def test_cut_needs_the_food_resting_on_something():
    """Cutting keeps its state semantics (``cut``) with a physical precondition: the food rests on a support."""
    env = lab_env()
    ok(env, "[Grab] <knife> (1)")
    tomato = env.scene.entity("tomato#1")
    resting = tomato.pose.copy()
    hovering = resting.copy()
    hovering[2, 3] += 0.3  # lifted off the counter (nothing holds it up)
    tomato.pose = hovering
    out = refused(env, "[Cut] <tomato> (1) <knife> (1)", ErrorCode.PRECONDITION_FAILED)
    assert "rest on something" in out.error.message
    tomato.pose = resting
    out = ok(env, "[Cut] <tomato> (1) <knife> (1)")
    assert ("cut", "tomato#1") in out.relation_delta.added
