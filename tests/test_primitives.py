"""Every primitive and every surface alias of Table 5, executed in a small scene and checked against the world
state it leaves; plus one refusal per primitive (wrong arity, not held, hand full, closed door, ...)."""
from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import pytest

from interactiveworld.actions.primitives.perception import wait
from interactiveworld.env import Environment
from interactiveworld.errors import ErrorCode
from interactiveworld.language import PRIMITIVES
from interactiveworld.world.relations import NEAR_DISTANCE, near

from iw_lab import SCENE, lab_env, ok, refused  # noqa: E402,F401


@pytest.fixture()
def env() -> Environment:
    return lab_env()


def hold(env: Environment, key: str) -> None:
    """Put ``key`` in the right hand at the current pose (test set-up without the reach core)."""
    s = env.scene
    wrist = env.executor.motion.wrist(s.human.body_pose, s.human.body_translation)
    pose = wrist.copy()
    pose[:3, :3] = np.eye(3)
    pose[2, 3] -= s.entity(key).model.bounds[1][2] / 2
    s.entity(key).pose = pose
    s.grasp(key, wrist, np.linalg.inv(wrist) @ pose)


def dist_to(env, key) -> float:
    return float(np.linalg.norm(env.scene.human.xy - env.scene.entity(key).center_of_mass()[:2]))


# ----------------------------------------------------------------------------------------------- locomotion
@pytest.mark.parametrize("verb", ["Walk", "Run", "WalkTowards"])
def test_navigate_to_aliases(env, verb):
    before = dist_to(env, "fridge#1")
    out = ok(env, f"[{verb}] <fridge> (1)")
    assert out.primitive == "navigate_to"
    assert dist_to(env, "fridge#1") < 1.6 < before
    # the stance faces the fridge
    f = env.scene.entity("fridge#1").center_of_mass()[:2] - env.scene.human.xy
    assert abs(math.remainder(math.atan2(f[1], f[0]) - env.scene.human.yaw, 2 * math.pi)) < math.radians(60)


def test_navigate_refuses_unreachable_and_unknown(env):
    refused(env, "[Walk] <unicorn> (1)", ErrorCode.UNKNOWN_ENTITY)
    refused(env, "[Walk]", ErrorCode.BAD_ARITY)


def test_navigate_through_closed_door_opens_it(env):
    assert ("closed", "door#1") in env.relations()
    out = ok(env, "[Walk] <bench> (1)")
    assert ("open", "door#1") in out.relation_delta.added
    assert env.scene.room_of(env.scene.human.xy).name == "hall"
    assert any(k.articulation.get("door#1", 0.0) > 0.5 for k in out.interval.keyframes)


def test_navigate_refused_behind_locked_door(env):
    env.scene.entity("door#1").state["locked"] = True
    out = refused(env, "[Walk] <bench> (1)", ErrorCode.PATH_BLOCKED)
    assert "route" in out.error.message.lower()


@pytest.mark.parametrize("verb", ["Forward", "WalkForward"])
def test_forward_aliases(env, verb):
    ok(env, "[TurnAround]")
    xy0 = env.scene.human.xy.copy()
    yaw = env.scene.human.yaw
    ok(env, f"[{verb}] 0.5 m")
    np.testing.assert_allclose(env.scene.human.xy, xy0 + 0.5 * np.array([math.cos(yaw), math.sin(yaw)]), atol=1e-6)
    ok(env, f"[{verb}]")  # default: one pace, 0.6 m
    np.testing.assert_allclose(np.linalg.norm(env.scene.human.xy - xy0), 1.1, atol=1e-6)


def test_forward_refuses_into_furniture(env):
    # facing north from (4.0, 3.2): the oven front is at y = 4.35
    out = refused(env, "[Forward] 1 m", ErrorCode.PATH_BLOCKED)
    assert "oven#1" in out.error.message
    ok(env, "[TurnLeft]")
    out = refused(env, "[Forward] 20 m", ErrorCode.PATH_BLOCKED)


@pytest.mark.parametrize("verb,angle", [("TurnLeft", 90.0), ("TurnRight", -90.0), ("TurnAround", 180.0)])
def test_turn_aliases(env, verb, angle):
    yaw0 = env.scene.human.yaw
    ok(env, f"[{verb}]")
    assert math.remainder(env.scene.human.yaw - yaw0 - math.radians(angle), 2 * math.pi) == pytest.approx(0, abs=1e-9)
    ok(env, "[TurnLeft] 30")
    assert math.remainder(env.scene.human.yaw - yaw0 - math.radians(angle + 30), 2 * math.pi) == \
        pytest.approx(0, abs=1e-9)


def test_turn_keeps_held_object_in_hand(env):
    hold(env, "mug#1")
    ok(env, "[TurnLeft] 90")
    h = env.scene.human
    np.testing.assert_allclose(env.scene.entity("mug#1").pose, h.wrist @ h.object_in_wrist, atol=1e-9)
    assert ("held", "mug#1") in env.relations()


def test_turn_refuses_bad_angle(env):
    refused(env, "[TurnLeft] 400", ErrorCode.BAD_ARGUMENT)


def test_sit_and_standup(env):
    out = ok(env, "[Sit] <chair> (1)")
    assert ("sitting", "chair#1") in out.relation_delta.added
    seat = env.scene.entity("chair#1").pose[:2, 3]
    assert np.linalg.norm(env.scene.human.xy - seat) < 0.1
    refused(env, "[Forward]", ErrorCode.PRECONDITION_FAILED)
    out = ok(env, "[StandUp]")
    assert ("sitting", "chair#1") in out.relation_delta.removed
    assert env.scene.human.sitting is None and np.linalg.norm(env.scene.human.xy - seat) > 0.3


def test_sit_and_standup_refusals(env):
    refused(env, "[StandUp]", ErrorCode.PRECONDITION_FAILED)
    refused(env, "[Sit] <table> (1)", ErrorCode.NOT_AFFORDED)


@pytest.mark.parametrize("verb", ["Squat", "SquatDown"])
def test_squat_aliases(env, verb):
    z0 = env.scene.human.body_translation[2]
    out = ok(env, f"[{verb}]")
    zs = [k.body_translation[2] for k in out.interval.keyframes]
    assert min(zs) < z0 - 0.3  # the pelvis and camera go down
    assert env.scene.human.body_translation[2] == pytest.approx(z0)  # and come back


def test_squat_refused_when_sitting(env):
    ok(env, "[Sit] <chair> (1)")
    refused(env, "[Squat]", ErrorCode.PRECONDITION_FAILED)


# ----------------------------------------------------------------------------------------------- grasping
@pytest.mark.parametrize("verb", ["Drop", "Release"])
def test_release_aliases(env, verb):
    hold(env, "mug#1")
    out = ok(env, f"[{verb}] <mug> (1)")
    rel = env.relations()
    assert ("held", "mug#1") in out.relation_delta.removed
    assert ("on", "mug#1", "floor#1") in rel
    assert env.scene.human.held is None


def test_release_refusals(env):
    refused(env, "[Drop] <mug> (1)", ErrorCode.NOT_HELD)
    hold(env, "mug#1")
    refused(env, "[Drop] <phone> (1)", ErrorCode.NOT_HELD)


@pytest.mark.parametrize("verb", ["Flip", "TurnOver"])
def test_flip_aliases(env, verb):
    hold(env, "phone#1")
    up0 = env.scene.entity("phone#1").pose[:3, 2].copy()
    ok(env, f"[{verb}] <phone> (1)")
    np.testing.assert_allclose(env.scene.entity("phone#1").pose[:3, 2], -up0, atol=1e-9)
    assert env.scene.human.held == "phone#1"


def test_flip_refused_when_not_held(env):
    refused(env, "[Flip] <phone> (1)", ErrorCode.NOT_HELD)


def test_place_on_floor(env):
    hold(env, "mug#1")
    out = ok(env, "[PutOnFloor] <mug> (1) <table> (1)")
    rel = env.relations()
    assert ("on", "mug#1", "floor#1") in rel and ("near", "mug#1", "table#1") in rel
    assert near(env.scene, "mug#1", "table#1") and NEAR_DISTANCE == 0.3
    assert min(k.body_translation[2] for k in out.interval.keyframes) < env.scene.human.body_translation[2] - 0.2


def test_place_on_floor_refused_when_not_held(env):
    refused(env, "[PutOnFloor] <mug> (1) <table> (1)", ErrorCode.NOT_HELD)


def test_fall_to_floor(env):
    out = ok(env, "[FallToFloor] <phone> (1) <table> (1)")
    assert ("on", "phone#1", "floor#1") in out.relation_delta.added
    assert ("on", "phone#1", "table#1") in out.relation_delta.removed
    # deterministic: the same command from the same state gives the same pose
    e2 = Environment(render=False)
    e2.reset(SCENE)
    e2.execute("[FallToFloor] <phone> (1) <table> (1)")
    np.testing.assert_array_equal(e2.scene.entity("phone#1").pose, env.scene.entity("phone#1").pose)


def test_fall_to_floor_refusals(env):
    refused(env, "[FallToFloor] <phone> (1) <counter> (1)", ErrorCode.PRECONDITION_FAILED)
    hold(env, "phone#1")
    refused(env, "[FallToFloor] <phone> (1) <table> (1)", ErrorCode.PRECONDITION_FAILED)


# ----------------------------------------------------------------------------------------------- fixtures
@pytest.mark.parametrize("verb,past", [("Push", "pushed"), ("PushRack", "pushed"), ("Pull", "pulled"),
                                       ("PullRack", "pulled")])
def test_push_pull_aliases_move_rack_with_contents(env, verb, past):
    rack0 = env.scene.entity("rack#1").pose[:3, 3].copy()
    box0 = env.scene.entity("box#1").pose[:3, 3].copy()
    ok(env, f"[{verb}] <rack> (1) <fridge> (1)")
    rack1 = env.scene.entity("rack#1").pose[:3, 3]
    assert np.linalg.norm(rack1 - rack0) > 0.5
    # the contents ride along, then settle on the shelf (sub-millimetre)
    np.testing.assert_allclose(env.scene.entity("box#1").pose[:3, 3] - box0, rack1 - rack0, atol=1e-4)
    assert ("on", "box#1", "rack#1") in env.relations()
    assert near(env.scene, "rack#1", "fridge#1")


def test_push_refusals(env):
    hold(env, "mug#1")
    refused(env, "[Push] <rack> (1) <table> (1)", ErrorCode.HAND_NOT_EMPTY)
    env.scene.release()
    refused(env, "[Push] <table> (1) <fridge> (1)", ErrorCode.NOT_AFFORDED)
    refused(env, "[Pull] <rack> (1)", ErrorCode.BAD_ARITY)


# ----------------------------------------------------------------------------------------------- devices
def test_cook_on_running_cooktop(env):
    env.scene.entity("cooktop#1").state["running"] = True
    from interactiveworld.world.placement import place_object
    place_object(env.scene, "tomato#1", "pan#1", "interior")
    out = ok(env, "[Cook] <tomato> (1)")
    assert ("cooked", "tomato#1") in out.relation_delta.added


def test_cook_refusals(env):
    refused(env, "[Cook] <tomato> (1)", ErrorCode.PRECONDITION_FAILED)   # not on a cooker
    from interactiveworld.world.placement import place_object
    place_object(env.scene, "tomato#1", "pan#1", "interior")
    refused(env, "[Cook] <tomato> (1)", ErrorCode.PRECONDITION_FAILED)   # cooktop off
    refused(env, "[Cook] <mug> (1)", ErrorCode.NOT_AFFORDED)


@pytest.mark.parametrize("verb", ["UseComputer", "Type"])
def test_use_computer_aliases(env, verb):
    out = ok(env, f"[{verb}] <computer> (1)")
    assert ("running", "computer#1") in out.relation_delta.added
    assert env.scene.human.sitting is None  # auto-sat and stood up again
    assert any(abs(k.body_translation[2] - env.scene.human.body_translation[2]) > 0.2
               for k in out.interval.keyframes)


def test_use_computer_refusals(env):
    refused(env, "[UseComputer] <table> (1)", ErrorCode.NOT_AFFORDED)
    hold(env, "mug#1")
    refused(env, "[UseComputer] <computer> (1)", ErrorCode.HAND_FULL)


def test_answer_phone(env):
    hold(env, "phone#1")
    ok(env, "[AnswerPhone] <phone> (1)")
    eye, _, _ = env.executor.motion.eye()
    assert np.linalg.norm(env.scene.entity("phone#1").pose[:3, 3] - eye) < 0.15
    assert env.scene.human.phone_at_ear
    p = env.scene.entity("phone#1").pose.copy()
    ok(env, "[Wait] 2")
    np.testing.assert_allclose(env.scene.entity("phone#1").pose, p, atol=1e-12)


def test_answer_phone_refusals(env):
    refused(env, "[AnswerPhone] <phone> (1)", ErrorCode.NOT_HELD)
    hold(env, "mug#1")
    refused(env, "[AnswerPhone] <mug> (1)", ErrorCode.NOT_AFFORDED)


# ----------------------------------------------------------------------------------------------- perception
def test_look_around(env):
    yaw0 = env.scene.human.yaw
    out = ok(env, "[LookAround]")
    gz = np.array([k.gaze_target for k in out.interval.keyframes])
    ang = np.unwrap(np.arctan2(gz[:, 1] - env.scene.human.xy[1], gz[:, 0] - env.scene.human.xy[0]))
    assert ang.max() - ang.min() >= math.radians(340)
    assert env.scene.human.yaw == pytest.approx(yaw0)


def test_look_refusals(env):
    refused(env, "[LookAround] <mug> (1)", ErrorCode.BAD_ARITY)
    refused(env, "[LookScan] 3", ErrorCode.BAD_ARGUMENT)


def test_look_scan(env):
    out = ok(env, "[LookScan]")
    eye = env.executor.motion.eye()[0]
    gz = np.array([k.gaze_target for k in out.interval.keyframes])
    assert np.all(gz[:, 2] < eye[2] - 0.5)  # pitched down towards the floor


def test_look_at_label_bearing_object(env):
    out = ok(env, "[LookAt] <wall_board> (1)")
    holds = [k for k in out.interval.keyframes if "look_hold" in k.tags]
    assert len(holds) == 1
    np.testing.assert_allclose(holds[0].gaze_target, env.scene.label_faces("wall_board#1")[0]["center"])
    # the board is behind-left of the start pose: the body turned towards it
    b = env.scene.label_faces("wall_board#1")[0]["center"][:2] - env.scene.human.xy
    assert abs(math.remainder(math.atan2(b[1], b[0]) - env.scene.human.yaw, 2 * math.pi)) < 1e-6


def test_look_at_refuses_unknown(env):
    refused(env, "[LookAt] <poster> (3)", ErrorCode.UNKNOWN_ENTITY)


def test_wait(env):
    out = ok(env, "[Wait] 5")
    assert out.interval.duration_s == pytest.approx(5.0)
    refused(env, "[Wait] 700", ErrorCode.BAD_ARGUMENT)


def test_confirm(env):
    digest = env.state_digest()
    out = ok(env, "[Confirm]")
    assert len(out.interval.keyframes) == 1 and out.relation_delta.added == ()
    assert env.state_digest() == digest
    refused(env, "[Confirm] <mug> (1)", ErrorCode.BAD_ARITY)


def test_every_alias_is_covered_here():
    """The alias lists of the registry are exactly those exercised by the tests of this module and of
    tests/test_primitives_manipulation.py."""
    import pathlib
    text = pathlib.Path(__file__).read_text()
    other = pathlib.Path(__file__).with_name("test_primitives_manipulation.py")
    text += other.read_text() if other.exists() else ""
    missing = [a for spec in PRIMITIVES.values() for a in spec.aliases
               if f"[{a}]" not in text and f'"{a}"' not in text]
    assert len(PRIMITIVES) == 36
    assert missing == []


class _Recorder:
    """The part of an ActionContext a [Wait] uses: keyframes appended to ``frames``, ``dt`` [s] apart."""

    def __init__(self) -> None:
        self.frames: list = []

    def keyframe(self, *, dt: float = 1.0 / 12.0, **_):
        self.frames.append(SimpleNamespace(time_s=self.frames[-1].time_s + dt if self.frames else 0.0))
        return self.frames[-1]


def test_a_handler_runs_on_any_action_context_not_only_the_executor():
    # 1.6 s at 2 keyframes/s: ceil(3.2) = 4 keyframes, the first at once, the last stretched to the full duration
    ctx = _Recorder()
    assert wait(ctx, SimpleNamespace(params={"duration_s": 1.6})) is None
    np.testing.assert_allclose([f.time_s for f in ctx.frames], [0.0, 0.4, 0.8, 1.6], atol=1e-12)
