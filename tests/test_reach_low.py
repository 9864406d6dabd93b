"""Low reaches: the squat rungs of the posture ladder reach the floor and low shelves with the feet planted."""
import numpy as np
import pytest

from interactiveworld.actions.reach import (ReachPlan, centre_of_mass, palm_position, plan_reach, posture_ladder,
                                            posture_pose)
from interactiveworld.body import JOINT_INDEX, BodyModel, SceneCollider, check_pose, head_camera, standing_pose
from interactiveworld.body.model import axis_angle_to_matrix, matrix_to_axis_angle
from interactiveworld.errors import ErrorCode, PrimitiveError
from interactiveworld.world.geometry import CollisionGeometry, SurfaceTag

FEET = [JOINT_INDEX[n] for n in ("left_ankle", "right_ankle", "left_foot", "right_foot")]
DOWN_PITCH = np.radians(55.0)  # the executor's approach from above for objects resting on surfaces


@pytest.fixture(scope="module")
def model():
    return BodyModel.builtin()


def _boxes(parts, owners):
    T = np.repeat(np.eye(4)[None], len(parts), 0)
    T[:, :3, 3] = [c for c, _, _ in parts]
    return SceneCollider.from_geometry(CollisionGeometry(
        box_transforms=T, box_half_extents=[h for _, h, _ in parts],
        box_tags=[SurfaceTag.FLOOR if o < 0 else SurfaceTag.FURNITURE for _, _, o in parts],
        box_owner=[o for _, _, o in parts], owners=owners))


@pytest.fixture(scope="module")
def floor_scene():
    return _boxes([([0.0, 0.0, -0.05], [5.0, 5.0, 0.05], -1)], [])


@pytest.fixture(scope="module")
def cabinet_scene():
    """A floor and a cabinet 0.40 m deep whose front (x = 0.45 m) is open between its bottom board (top at
    0.10 m) and a shelf board at 0.42 m, and closed by a door panel above the board, up to 1.0 m."""
    return _boxes([([0.0, 0.0, -0.05], [5.0, 5.0, 0.05], -1),
                   ([0.65, -0.2, 0.05], [0.2, 0.35, 0.05], 0),     # bottom board
                   ([0.65, -0.2, 0.435], [0.2, 0.35, 0.015], 0),   # shelf board
                   ([0.84, -0.2, 0.5], [0.01, 0.35, 0.5], 0),      # back
                   ([0.65, -0.54, 0.5], [0.2, 0.01, 0.5], 0),      # sides
                   ([0.65, 0.14, 0.5], [0.2, 0.01, 0.5], 0),
                   ([0.46, -0.2, 0.72], [0.01, 0.35, 0.28], 0)],   # closed door above the shelf board
                  ["cabinet#1"])


def _from_above(xy, target):
    d = np.asarray(target[:2], float) - np.asarray(xy, float)
    d /= np.linalg.norm(d)
    return np.array([d[0] * np.cos(DOWN_PITCH), d[1] * np.cos(DOWN_PITCH), -np.sin(DOWN_PITCH)])


def _check_low_plan(model, plan, target, xy, yaw, scene, hand="right"):
    assert isinstance(plan, ReachPlan), plan
    palm = palm_position(model, model.forward_kinematics(plan.contact_pose, plan.contact_translation), hand)
    assert np.linalg.norm(palm - target) <= 1e-3
    standing = model.joints(*standing_pose(model, xy, yaw))
    for pose, tr in [plan.start, *plan.frames]:
        joints = model.joints(pose, tr)
        # Feet planted: ankle and toe joints at their standing heights (FK), soles on the floor.
        np.testing.assert_allclose(joints[FEET, 2], standing[FEET, 2], atol=3e-3)
        verts = model.skin(pose, tr)
        body = verts[np.linalg.norm(verts - target, axis=1) > 0.3]  # all but the reaching hand
        assert body[:, 2].min() == pytest.approx(0.0, abs=3e-3)
        assert check_pose(model, pose, tr, scene, allow_region=(target, 0.22), tolerance=0.002).ok
    # The camera follows the hand: the head turns toward the target (within its 65 degree turn), keeping it near
    # the image centre.
    def off_axis(pose, tr):
        eye, forward, _ = head_camera(model, pose, tr)
        to_target = (target - eye) / np.linalg.norm(target - eye)
        return np.degrees(np.arccos(np.clip(forward @ to_target, -1, 1)))

    assert off_axis(plan.contact_pose, plan.contact_translation) < min(20.0, off_axis(*plan.start))


def test_ladder_order_and_squat_rungs(model):
    names = [r.name for r in posture_ladder()]
    assert names[:2] == ["upright", "mild_lean"]
    assert names.index("leg_flexion") < names.index("squat") < names.index("deep_squat") == len(names) - 1
    heights = {}
    for rung in posture_ladder():
        pose, tr = posture_pose(model, (0.4, -0.3), 0.7, rung)
        heights[rung.name] = model.joints(pose, tr)[JOINT_INDEX["pelvis"], 2]
    # Each leg-flexion rung lowers the pelvis further.
    assert heights["upright"] > heights["leg_flexion"] > heights["squat"] > heights["deep_squat"] + 0.2


@pytest.mark.parametrize("name", ["squat", "deep_squat"])
@pytest.mark.parametrize("hand", ["right", "left"])
@pytest.mark.parametrize("yaw", [0.0, np.pi / 2, -2.4])
def test_squat_feet_flat_and_balanced(model, name, hand, yaw):
    rung = next(r for r in posture_ladder() if r.name == name)
    xy = np.array([1.2, -0.7])
    pose, tr = posture_pose(model, xy, yaw, rung, hand=hand)
    tf = model.forward_kinematics(pose, tr)
    tf_stand = model.forward_kinematics(*standing_pose(model, xy, yaw))
    for ankle in (JOINT_INDEX["left_ankle"], JOINT_INDEX["right_ankle"]):
        # The sole keeps its standing orientation (flat, toes ahead) and height.
        np.testing.assert_allclose(tf[ankle, :3, :3], tf_stand[ankle, :3, :3], atol=1e-9)
        assert tf[ankle, 2, 3] == pytest.approx(tf_stand[ankle, 2, 3], abs=1e-9)
    # Knees, hips and ankles are flexed: the pelvis is well below standing.
    assert tf[0, 2, 3] < tf_stand[0, 2, 3] - 0.3
    # The centre of mass projects inside the support polygon: between the heels and toes of the skinned feet.
    fwd = np.array([np.cos(yaw), np.sin(yaw)])
    lat = np.array([-np.sin(yaw), np.cos(yaw)])
    verts = model.skin(pose, tr)
    sole = verts[verts[:, 2] < 0.03, :2] - xy
    com = centre_of_mass(tf[:, :3, 3])[:2] - xy
    along, across = sole @ fwd, sole @ lat
    assert along.min() + 0.03 < com @ fwd < along.max() - 0.03
    assert across.min() < com @ lat < across.max()
    assert check_pose(model, pose, tr, SceneCollider.from_geometry(CollisionGeometry())).ok


def test_centre_of_mass_hand_worked(model):
    """Winter's fractions sum to one; with every joint at one point the centre of mass is that point, and moving
    only the head by 1 m moves it by the head's fraction 0.081."""
    joints = np.tile([0.3, -0.2, 0.9], (52, 1))
    np.testing.assert_allclose(centre_of_mass(joints), [0.3, -0.2, 0.9], atol=1e-12)
    joints[JOINT_INDEX["head"], 2] += 1.0
    np.testing.assert_allclose(centre_of_mass(joints), [0.3, -0.2, 0.981], atol=1e-12)


@pytest.mark.parametrize("hand,target", [("right", [0.4, -0.25, 0.02]), ("right", [0.5, -0.1, 0.02]),
                                         ("left", [0.4, 0.25, 0.02])])
def test_floor_target_reached_from_a_squat(model, floor_scene, hand, target):
    target = np.array(target)
    plan = plan_reach(model, (0.0, 0.0), 0.0, target, floor_scene, hand=hand,
                      approach=_from_above((0.0, 0.0), target))
    assert isinstance(plan, ReachPlan) and plan.posture == "deep_squat"
    _check_low_plan(model, plan, target, (0.0, 0.0), 0.0, floor_scene, hand)


@pytest.mark.parametrize("target", [[0.55, -0.2, 0.2], [0.6, -0.1, 0.2], [0.6, -0.3, 0.25]])
def test_low_shelf_in_a_cabinet_reached_from_a_squat(model, cabinet_scene, target):
    target = np.array(target)
    xy = (-0.1, 0.0)
    plan = plan_reach(model, xy, 0.0, target, cabinet_scene)
    assert isinstance(plan, ReachPlan) and plan.posture == "deep_squat"
    _check_low_plan(model, plan, target, xy, 0.0, cabinet_scene)


def test_low_shelf_leaning_rungs_collide(model, cabinet_scene):
    """Without the squat rungs the same shelf is refused: every lean drives the trunk into the door panel."""
    import interactiveworld.actions.reach as reach

    leans = [r for r in posture_ladder() if r.name not in ("squat", "deep_squat")]
    original = reach.posture_ladder
    reach.posture_ladder = lambda: leans
    try:
        res = plan_reach(model, (-0.1, 0.0), 0.0, [0.55, -0.2, 0.2], cabinet_scene)
    finally:
        reach.posture_ladder = original
    assert isinstance(res, PrimitiveError) and res.code == ErrorCode.TRAJECTORY_COLLISION
    assert "cabinet#1" in res.message


def test_below_floor_and_far_targets_refused(model, floor_scene):
    below = plan_reach(model, (0.0, 0.0), 0.0, [0.4, -0.2, -0.03], floor_scene)
    assert isinstance(below, PrimitiveError) and below.code == ErrorCode.OUT_OF_REACH
    assert "below the floor" in below.message
    far = plan_reach(model, (0.0, 0.0), 0.0, [1.6, -0.2, 0.02], floor_scene, approach=_from_above((0, 0), [1.6, -0.2]))
    assert isinstance(far, PrimitiveError) and far.code == ErrorCode.OUT_OF_REACH
    assert "beyond arm's length" in far.message


def test_matrix_to_axis_angle_near_half_turn():
    """Round trip through Rodrigues' formula at and near pi (a heading of +-90 deg composed with a pitch)."""
    rng = np.random.default_rng(3)
    axes = rng.normal(size=(300, 3))
    axes /= np.linalg.norm(axes, axis=1, keepdims=True)
    angles = np.concatenate([np.full(100, np.pi), rng.uniform(np.pi - 0.05, np.pi, 100), rng.uniform(0, 3, 100)])
    R = axis_angle_to_matrix(axes * angles[:, None])
    np.testing.assert_allclose(axis_angle_to_matrix(matrix_to_axis_angle(R)), R, atol=1e-9)
    heading = axis_angle_to_matrix(np.array([0.0, np.pi, 0.0])) @ axis_angle_to_matrix(np.array([0.4, 0.0, 0.0]))
    np.testing.assert_allclose(axis_angle_to_matrix(matrix_to_axis_angle(heading)), heading, atol=1e-9)
