"""CCD arm IK and reach planning: random reachable targets to <= 1 mm, unreachable ones reported."""
import numpy as np
import pytest

from interactiveworld.actions.reach import (CCD_ITERATIONS, ArmSpec, ReachPlan, palm_position, plan_reach,
                                            posture_ladder, posture_pose, solve_arm)
from interactiveworld.body import JOINT_INDEX, BodyModel, SceneCollider, check_pose, standing_pose
from interactiveworld.errors import ErrorCode, PrimitiveError
from interactiveworld.world.geometry import CollisionGeometry, SurfaceTag


@pytest.fixture(scope="module")
def model():
    return BodyModel.builtin()


@pytest.fixture(scope="module")
def table_scene():
    T = np.eye(4)
    T[:3, 3] = [0.6, 0.0, 0.45]
    floor = np.eye(4)
    floor[:3, 3] = [0.0, 0.0, -0.05]
    return SceneCollider.from_geometry(CollisionGeometry(
        box_transforms=np.stack([T, floor]), box_half_extents=[[0.3, 0.5, 0.45], [5, 5, 0.05]],
        box_tags=[SurfaceTag.FURNITURE, SurfaceTag.FLOOR], box_owner=[0, -1], owners=["table#1"]))


@pytest.mark.parametrize("hand", ["right", "left"])
def test_ccd_reaches_random_reachable_targets(model, hand):
    """Targets made by posing the arm at random (so reachable by construction) are hit to <= 1 mm."""
    rng = np.random.default_rng(11 if hand == "right" else 12)
    ji = JOINT_INDEX
    pose0, tr0 = standing_pose(model, (0.3, -0.2), 0.8)
    errors, iterations = [], []
    for _ in range(150):
        pose = pose0.copy()
        pose[3 * ji[f"{hand}_shoulder"]: 3 * ji[f"{hand}_shoulder"] + 3] = rng.normal(0, 0.8, 3)
        axis = ArmSpec.of(model, hand).elbow_axis
        pose[3 * ji[f"{hand}_elbow"]: 3 * ji[f"{hand}_elbow"] + 3] = axis * rng.uniform(0.0, 2.3)
        pose[3 * ji[f"{hand}_collar"]: 3 * ji[f"{hand}_collar"] + 3] = rng.normal(0, 0.1, 3)
        target = palm_position(model, model.forward_kinematics(pose, tr0), hand)
        sol, err, its = solve_arm(model, pose0, tr0, target, hand=hand)
        # The reported error is the true palm-to-target distance.
        np.testing.assert_allclose(np.linalg.norm(palm_position(model, model.forward_kinematics(sol, tr0), hand)
                                                  - target), err, atol=1e-12)
        errors.append(err)
        iterations.append(its)
        # Only the arm's collar, shoulder and elbow move.
        moved = np.flatnonzero(np.abs(sol - pose0).reshape(52, 3).max(1) > 0)
        assert set(moved) <= {ji[f"{hand}_collar"], ji[f"{hand}_shoulder"], ji[f"{hand}_elbow"]}
    assert max(errors) <= 1e-3
    assert max(iterations) <= CCD_ITERATIONS


def test_ccd_unreachable_target_reports_error(model):
    pose0, tr0 = standing_pose(model, (0.0, 0.0), 0.0)
    shoulder = model.joints(pose0, tr0)[JOINT_INDEX["right_shoulder"]]
    target = shoulder + [2.0, 0.0, 0.0]
    sol, err, its = solve_arm(model, pose0, tr0, target)
    assert its == CCD_ITERATIONS
    arm = ArmSpec.of(model, "right")
    # Fully stretched toward it: the residual is the distance minus the reach (collar slack <= 0.2 m).
    assert 2.0 - arm.length - 0.2 < err < 2.0 - arm.length + 1e-6


def test_plan_reach_on_table(model, table_scene):
    target = np.array([0.45, -0.2, 0.95])
    plan = plan_reach(model, (0.0, 0.0), 0.0, target, table_scene, allow_owners=["table#1"])
    assert isinstance(plan, ReachPlan)
    assert plan.posture in {r.name for r in posture_ladder()}
    assert len(plan.frames) == 3
    palm = palm_position(model, model.forward_kinematics(plan.contact_pose, plan.contact_translation), "right")
    assert np.linalg.norm(palm - target) <= 1e-3
    np.testing.assert_allclose(plan.wrist_transform, model.forward_kinematics(
        plan.contact_pose, plan.contact_translation)[JOINT_INDEX["right_wrist"]])
    pre = palm_position(model, model.forward_kinematics(*plan.frames[0]), "right")
    assert 0.10 - 2e-3 <= np.linalg.norm(pre - target) <= 0.18 + 2e-3
    for pose, tr in plan.frames:  # every frame is collision-free outside the allowed target
        assert check_pose(model, pose, tr, table_scene, allow_owners=["table#1"], tolerance=0.002).ok
    # Feet stay on the floor in the chosen posture.
    assert model.skin(plan.contact_pose, plan.contact_translation)[:, 2].min() == pytest.approx(0.0, abs=0.02)


def test_plan_reach_failures(model, table_scene):
    far = plan_reach(model, (0.0, 0.0), 0.0, [1.6, 0.0, 0.95], table_scene)
    assert isinstance(far, PrimitiveError) and far.code == ErrorCode.OUT_OF_REACH
    assert "beyond arm's length" in far.message
    # A point inside the table body, with the table not allow-listed: IK succeeds, every approach collides.
    blocked = plan_reach(model, (-0.1, 0.0), 0.0, [0.4, -0.2, 0.5], table_scene)
    assert isinstance(blocked, PrimitiveError) and blocked.code == ErrorCode.TRAJECTORY_COLLISION
    assert "table#1" in blocked.message


def test_low_target_uses_forward_lean(model):
    empty = SceneCollider.from_geometry(CollisionGeometry())
    plan = plan_reach(model, (0.0, 0.0), 0.0, [0.5, -0.3, 0.15], empty)
    assert isinstance(plan, ReachPlan) and plan.posture.startswith("forward_lean")
    pose, tr = posture_pose(model, (0.0, 0.0), 0.0, next(r for r in posture_ladder() if r.name == "forward_lean_86"))
    ankles = [JOINT_INDEX["left_ankle"], JOINT_INDEX["right_ankle"]]
    np.testing.assert_allclose(model.joints(pose, tr)[ankles],
                               model.joints(*standing_pose(model, (0.0, 0.0), 0.0))[ankles], atol=1e-9)


def test_bad_input(model, table_scene):
    with pytest.raises(ValueError, match="target"):
        plan_reach(model, (0.0, 0.0), 0.0, [np.nan, 0.0, 1.0], table_scene)
    with pytest.raises(ValueError, match="hand"):
        plan_reach(model, (0.0, 0.0), 0.0, [0.5, 0.0, 1.0], table_scene, hand="middle")
    pose, tr = standing_pose(model, (0.0, 0.0), 0.0)
    with pytest.raises(ValueError, match="non-finite"):
        bad = pose.copy()
        bad[0] = np.inf
        solve_arm(model, bad, tr, [0.5, 0.0, 1.0])
    with pytest.raises(ValueError, match=r"expected \(3,\)"):
        solve_arm(model, pose, tr, [0.5, 0.0])


def test_reach_keeps_hand_in_view(model, table_scene):
    from interactiveworld.body import head_camera

    target = np.array([0.45, -0.2, 0.95])
    plan = plan_reach(model, (0.0, 0.0), 0.0, target, table_scene, allow_owners=["table#1"])
    eye, fwd, _ = head_camera(model, plan.contact_pose, plan.contact_translation)
    to_target = (target - eye) / np.linalg.norm(target - eye)
    assert np.degrees(np.arccos(np.clip(fwd @ to_target, -1, 1))) < 5.0
