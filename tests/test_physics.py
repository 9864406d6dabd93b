"""Rigid-body physics of the world (MuJoCo): drops, tipping, stacking, containment, settling at reset, pushing by
the body, determinism, the time cap, joints and welds, and the optional GPU path."""
from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import trimesh

from interactiveworld.env import Environment
from interactiveworld.world import Scene, SceneBuilder, read_relations, world_of
from interactiveworld.world.physics import REST_SPEED, SETTLE_TIME_CAP, STEP_HZ, SUBSTEPS
from interactiveworld.world.relations import inside, on
from interactiveworld.world.scene import yaw_pose

from iw_lab import SCENE, lab_env, ok


def _tilt_deg(pose: np.ndarray) -> float:
    """Angle [deg] between the object's local +z and world +z."""
    return math.degrees(math.acos(float(np.clip(pose[2, 2], -1.0, 1.0))))


def _room_with_table(*objects: str) -> Scene:
    b = SceneBuilder("drop")
    b.add_room("r", (0, 0, 4, 4))
    b.add_fixture("table", at=(2, 2))  # top at 0.75 m, 0.8 x 1.2 m
    for i, kind in enumerate(objects):
        b.add_object(kind, at=(0.4 + 0.4 * i, 0.4))
    s = Scene.from_dict(b.build())
    world_of(s).settle(record=False)
    return s


def test_constants_are_the_papers():
    assert REST_SPEED == 1e-3 and STEP_HZ == 60 and SUBSTEPS == 4
    m = world_of(_room_with_table()).model
    np.testing.assert_allclose(m.opt.gravity, [0, 0, -9.81])
    assert m.opt.sleep_tolerance == REST_SPEED


@pytest.mark.parametrize("yaw", [0.0, 1.1])
def test_mug_released_upright_on_a_table_ends_upright(yaw):
    s = _room_with_table("mug")
    s.entity("mug#1").pose = yaw_pose(2.1, 1.8, 0.75 + 0.10, yaw)
    r = world_of(s).settle()
    assert r.at_rest
    assert _tilt_deg(s.entity("mug#1").pose) <= 10.0
    assert s.entity("mug#1").pose[2, 3] == pytest.approx(0.75, abs=2e-3)
    assert on(s, "mug#1", "table#1")


def test_box_dropped_on_its_corner_ends_face_down():
    s = _room_with_table("box")
    # a corner straight down: the body diagonal (1, 1, 1) turned onto -z
    diag = np.array([1.0, 1.0, 1.0]) / math.sqrt(3)
    axis = np.cross(diag, [0.0, 0.0, -1.0])
    angle = math.acos(float(np.dot(diag, [0.0, 0.0, -1.0])))
    pose = trimesh.transformations.rotation_matrix(angle, axis)
    pose[:3, 3] = (1.9, 2.1, 1.2)
    s.entity("box#1").pose = pose
    r = world_of(s).settle()
    assert r.at_rest
    rot = s.entity("box#1").pose[:3, :3]
    # face-down: one of its face normals is vertical (within 3 deg)
    assert np.abs(rot[2]).max() >= math.cos(math.radians(3.0))
    assert on(s, "box#1", "table#1")


def test_stacking_three_blocks():
    s = _room_with_table("toy_block", "toy_block", "toy_block")
    for i in range(3):
        s.entity(f"toy_block#{i + 1}").pose = yaw_pose(2.0, 2.0, 0.75 + 0.002 + 0.062 * i, 0.2 * i)
    r = world_of(s).settle()
    assert r.at_rest
    rel = read_relations(s)
    assert {("on", "toy_block#1", "table#1"), ("on", "toy_block#2", "toy_block#1"),
            ("on", "toy_block#3", "toy_block#2")} <= rel
    assert ("on", "toy_block#3", "toy_block#1") not in rel and ("on", "toy_block#2", "table#1") not in rel
    for i in range(3):  # the stack stands: each block 6 cm above the one below
        assert s.entity(f"toy_block#{i + 1}").pose[2, 3] == pytest.approx(0.75 + 0.06 * i, abs=2e-3)


def test_block_pushed_off_the_stack_edge_falls():
    s = _room_with_table("toy_block", "toy_block")
    s.entity("toy_block#1").pose = yaw_pose(2.0, 2.0, 0.75, 0.0)
    # the upper block hangs 4.5 of its 6 cm over the lower one's edge: its centre is past the edge, it tips off
    s.entity("toy_block#2").pose = yaw_pose(2.045, 2.0, 0.811, 0.0)
    world_of(s).settle()
    assert not on(s, "toy_block#2", "toy_block#1")
    assert on(s, "toy_block#2", "table#1")


def test_containment_tomato_dropped_into_a_bowl_and_carried():
    s = _room_with_table("bowl", "tomato")
    s.entity("bowl#1").pose = yaw_pose(1.8, 2.2, 0.75, 0.0)
    s.entity("tomato#1").pose = yaw_pose(1.81, 2.2, 0.95, 0.0)  # off-centre: it rolls in the bowl
    world_of(s).settle()
    assert inside(s, "tomato#1", "bowl#1") and on(s, "tomato#1", "bowl#1")
    assert not on(s, "tomato#1", "table#1")
    # the hand carries the bowl away: the tomato stays inside, resting on it, and comes along
    from interactiveworld.world.relations import riders
    bowl = s.entity("bowl#1").pose
    s.grasp("bowl#1", bowl @ yaw_pose(0, 0, 0.1, 0), np.linalg.inv(yaw_pose(0, 0, 0.1, 0)),
            riders=riders(s, "bowl#1"))
    s.set_wrist(yaw_pose(2.3, 1.7, 1.15, 0.5))
    rel = read_relations(s)
    assert ("inside", "tomato#1", "bowl#1") in rel and ("held", "bowl#1") in rel
    s.release()
    world_of(s).settle()
    assert inside(s, "tomato#1", "bowl#1") and on(s, "bowl#1", "table#1")


def test_hovering_object_settles_at_reset():
    b = SceneBuilder("hover")
    b.add_room("r", (0, 0, 4, 4))
    b.add_fixture("table", at=(2, 2))
    b.add_object("mug", at=(2, 2), z=0.85)  # 10 cm above the table top
    b.set_human((1, 1))
    env = Environment(render=False)
    env.reset(b.build())
    assert env.scene.entity("mug#1").pose[2, 3] == pytest.approx(0.75, abs=2e-3)
    assert ("on", "mug#1", "table#1") in env.relations()


def test_interpenetrating_objects_are_rejected_at_reset_naming_them():
    from interactiveworld.world import SceneValidationError
    b = SceneBuilder("overlap")
    b.add_room("r", (0, 0, 4, 4))
    b.add_object("bread", at=(2, 2))
    b.add_object("bread", at=(2, 2), name="loaf")  # the same 12 x 25 x 10 cm space
    with pytest.raises(SceneValidationError, match="bread#1 into loaf#1|loaf#1 into bread#1"):
        Environment(render=False).reset(b.build())


def test_time_cap_reports_what_still_moves():
    s = _room_with_table("ball")
    s.entity("ball#1").pose = yaw_pose(1.0, 1.0, 2.0, 0.0)
    r = world_of(s).settle(max_time=0.1)
    assert not r.at_rest and r.moving == ["ball#1"]
    assert r.time_s == pytest.approx(0.1, abs=1e-9)
    assert SETTLE_TIME_CAP == 5.0
    assert world_of(s).settle().at_rest


def test_only_what_moved_is_settled():
    """Sleeping islands: a drop wakes the dropped object only; a command that moves nothing steps nothing."""
    env = lab_env()
    world = env.executor.physics
    assert world.settle().steps == 0  # everything asleep after the reset
    e = env.scene.entity("mug#1")
    p = e.pose.copy()
    p[2, 3] += 0.05
    e.pose = p
    r = world.settle()
    assert r.moved == {"mug#1"} and r.at_rest
    assert world.settle().steps == 0


def test_body_capsule_pushes_an_object_it_walks_into():
    b = SceneBuilder("push")
    b.add_room("r", (0, 0, 5, 3))
    b.add_object("box", at=(2.0, 1.5))
    b.set_human((1.0, 1.5), yaw=0.0)
    env = Environment(render=False)
    env.reset(b.build())
    x0 = env.scene.entity("box#1").pose[0, 3]
    out = ok(env, "[Forward] 1.5 m")
    x1 = env.scene.entity("box#1").pose[0, 3]
    assert x1 - x0 > 0.3  # shoved ahead of the shins and feet
    assert any("box#1" in kf.object_poses for kf in out.interval.keyframes)
    assert ("on", "box#1", "floor#1") in env.relations()


def test_same_commands_give_the_same_state_digest():
    commands = ["[Grab] <mug> (1)", "[Put] <mug> (1) <counter> (1)", "[Grab] <tomato> (1)",
                "[PutIn] <tomato> (1) <bowl> (1)", "[Open] <drawer> (1)", "[Grab] <phone> (1)", "[Drop] <phone> (1)"]
    digests = []
    for _ in range(2):
        env = Environment(render=False)
        env.reset(SCENE)
        trail = []
        for c in commands:
            out = env.execute(c)
            trail.append((out.ok, env.state_digest()))
        digests.append(trail)
    assert digests[0] == digests[1]


def test_same_digest_in_a_fresh_process():
    """A second interpreter (its own compiled model, nothing cached) reaches the same state digest."""
    commands = ["[Grab] <phone> (1)", "[Drop] <phone> (1)", "[Push] <rack> (1) <fridge> (1)",
                "[FallToFloor] <knife> (1) <counter> (1)"]
    code = (f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); from iw_lab import lab_env; "
            "env = lab_env(); "
            f"[env.execute(c) for c in {commands!r}]; print(env.state_digest())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    env = lab_env()
    for c in commands:
        env.execute(c)
    assert out.stdout.strip().splitlines()[-1] == env.state_digest()


def test_drawer_carries_its_contents_on_the_slide_joint():
    env = lab_env()
    ok(env, "[Open] <drawer> (1)")
    ok(env, "[Grab] <phone> (1)")
    ok(env, "[PutIn] <phone> (1) <drawer> (1)")
    world = env.executor.physics
    jid, qa, _, _ = world.compiled.joints["drawer#1"][0]
    drawer = env.scene.entity("drawer#1")
    assert world.data.qpos[qa] == pytest.approx(drawer.opening * drawer.model.joints[0].limit)
    x_open = env.scene.entity("phone#1").pose[0, 3]
    ok(env, "[Close] <drawer> (1)")
    assert ("inside", "phone#1", "drawer#1") in env.relations()
    assert world.data.qpos[qa] == pytest.approx(0.0, abs=1e-9)
    np.testing.assert_allclose(x_open - env.scene.entity("phone#1").pose[0, 3], drawer.model.joints[0].limit,
                               atol=2e-3)


def test_attached_parts_are_welded():
    env = lab_env()
    ok(env, "[Attach] <leg> (1) <top> <panel> (1) <socket>")
    world = env.executor.physics
    eq = world.compiled.welds[("leg#1", "panel#1")]
    assert world.data.eq_active[eq] == 1
    ok(env, "[Raise] <panel> (1)")
    rel = env.relations()
    assert {("raised", "panel#1"), ("attached", "leg#1", "panel#1")} <= rel
    ok(env, "[Detach] <leg> (1) <panel> (1)")
    assert world.data.eq_active[eq] == 0


def test_gpu_settle_skips_cleanly_without_cuda():
    from interactiveworld.world.physics_gpu import GpuUnavailable, batched_settle, gpu_available
    s = _room_with_table("mug")
    world = world_of(s)
    why = gpu_available()
    if why is not None:
        with pytest.raises(GpuUnavailable):
            batched_settle(world, world.data.qpos[None].copy())
        pytest.skip(f"GPU path not measurable here: {why}")
    start = world.data.qpos.copy()
    _, qa, _ = world.compiled.free["mug#1"]
    start[qa + 2] += 0.1
    batch = np.repeat(start[None], 4, axis=0)
    out = batched_settle(world, batch, frames=60)
    s.entity("mug#1").pose[2, 3] += 0.1
    world.settle()
    np.testing.assert_allclose(out[:, qa:qa + 3], np.repeat(s.entity("mug#1").pose[None, :3, 3], 4, axis=0),
                               atol=2e-3)

