"""Oriented reach: the hand axis (wrist -> middle-finger base) along an approach direction within the wrist's range,
the palm centre on the target; reaching into real fixtures' front openings (oven rack, washer drum, lowest cabinet
shelf) from a stance in front."""
import numpy as np
import pytest

from interactiveworld.actions.primitives.motion import into_opening
from interactiveworld.actions.reach import (CCD_TOLERANCE, MANIPULATION_TOLERANCE, ORIENT_TOLERANCE, WRIST_DEVIATION,
                                            WRIST_FLEXION, WRIST_TWIST, ReachPlan, WristSpec, palm_position,
                                            plan_reach, solve_arm, solve_arm_oriented, wrist_angles)
from interactiveworld.body import JOINT_INDEX, BodyModel, SceneCollider, check_poses, standing_pose
from interactiveworld.body.model import axis_angle_to_matrix, matrix_to_axis_angle
from interactiveworld.errors import ErrorCode, PrimitiveError
from interactiveworld.world import SceneBuilder
from interactiveworld.world.serialize import scene_from_dict

EPS = np.radians(0.01)


@pytest.fixture(scope="module")
def model():
    return BodyModel.builtin()


def _hand_angle(model, pose, tr, d, hand="right"):
    """Angle [rad] between the hand axis from the posed joints (middle1 - wrist) and d: independent of the solver's
    wrist frame."""
    J = model.joints(pose, tr)
    ax = J[JOINT_INDEX[f"{hand}_middle1"]] - J[JOINT_INDEX[f"{hand}_wrist"]]
    d = np.asarray(d, float) / np.linalg.norm(d)
    return float(np.arccos(np.clip(ax @ d / np.linalg.norm(ax), -1.0, 1.0)))


def _within_limits(model, pose, hand="right"):
    flex, dev, twist = wrist_angles(model, pose, hand)
    return (WRIST_FLEXION[0] - EPS <= flex <= WRIST_FLEXION[1] + EPS
            and WRIST_DEVIATION[0] - EPS <= dev <= WRIST_DEVIATION[1] + EPS
            and WRIST_TWIST[0] - EPS <= twist <= WRIST_TWIST[1] + EPS)


@pytest.mark.parametrize("hand", ["right", "left"])
def test_wrist_axes(model, hand):
    ws = WristSpec.of(model, hand)
    J = model.rest_joints
    ji = JOINT_INDEX
    hand_axis = J[ji[f"{hand}_middle1"]] - J[ji[f"{hand}_wrist"]]
    np.testing.assert_allclose(ws.axis, hand_axis / np.linalg.norm(hand_axis), atol=1e-12)
    # A small flexion turns the fingers toward the palm (the rest palm faces model -y); a small radial deviation
    # toward the thumb.
    flexed = axis_angle_to_matrix(0.1 * ws.flex_axis) @ ws.axis
    assert flexed[1] < -0.09
    thumb = J[ji[f"{hand}_thumb1"]] - J[ji[f"{hand}_wrist"]]
    radial = axis_angle_to_matrix(0.1 * ws.dev_axis) @ ws.axis
    assert (radial - ws.axis) @ thumb > 0
    for v in (ws.flex_axis, ws.dev_axis):
        assert abs(v @ ws.axis) < 1e-12 and abs(np.linalg.norm(v) - 1) < 1e-12


def test_wrist_angles_recover_a_composed_rotation(model):
    ws = WristSpec.of(model, "right")
    pose, _ = standing_pose(model, (0.0, 0.0), 0.0)
    j = JOINT_INDEX["right_wrist"]
    for flex, dev, twist in [(0.3, -0.2, 0.5), (-1.1, 0.3, -1.2), (0.0, 0.0, 0.0)]:
        local = axis_angle_to_matrix(twist * ws.axis) @ axis_angle_to_matrix(flex * ws.flex_axis + dev * ws.dev_axis)
        pose[3 * j: 3 * j + 3] = matrix_to_axis_angle(local)
        np.testing.assert_allclose(wrist_angles(model, pose, "right"), (flex, dev, twist), atol=1e-9)


@pytest.mark.parametrize("hand", ["right", "left"])
def test_oriented_solve_points_the_hand(model, hand):
    """Targets in front of a standing body at 1.0-1.3 m (within the arm's reach: the plain CCD reaches each),
    directions forward, forward-down and forward-sideways: the hand axis lies within a degree of d, the palm within
    1 mm, the wrist within its range."""
    pose, tr = standing_pose(model, (0.0, 0.0), 0.0)
    side = -1.0 if hand == "right" else 1.0
    rng = np.random.default_rng(3)
    checked = 0
    for _ in range(12):
        target = np.array([rng.uniform(0.3, 0.45), side * rng.uniform(0.1, 0.3), rng.uniform(1.0, 1.3)])
        assert solve_arm(model, pose, tr, target, hand=hand)[1] <= 1e-3
        for d in ([1.0, 0.0, 0.0], [1.0, 0.0, -0.6], [1.0, -0.4 * side, 0.0]):
            out, err, angle = solve_arm_oriented(model, pose, tr, target, d, hand=hand)
            assert err <= 1e-3
            palm = palm_position(model, model.forward_kinematics(out, tr), hand)
            assert np.linalg.norm(palm - target) <= 1e-3
            assert _hand_angle(model, out, tr, d, hand) == pytest.approx(angle, abs=1e-6)
            assert np.degrees(angle) < 1.0
            assert _within_limits(model, out, hand)
            checked += 1
    assert checked == 36


def test_orientation_beyond_the_wrist_is_clamped_or_refused(model):
    """The hand pointing straight down onto a point at chest height 0.35 m ahead needs the forearm above the point,
    which no rung offers: the wrist clamps (the hand stays far from d, the wrist within its range, the palm still on
    the target); plan_reach refuses with orient_mode="only" and falls back, with "first", to the plan found
    without orient."""
    pose, tr = standing_pose(model, (0.0, 0.0), 0.0)
    target = np.array([0.35, -0.2, 1.2])
    down = [0.0, 0.0, -1.0]
    out, err, angle = solve_arm_oriented(model, pose, tr, target, down)
    assert err <= CCD_TOLERANCE
    assert angle > np.radians(30.0)
    assert _hand_angle(model, out, tr, down) == pytest.approx(angle, abs=1e-6)
    assert _within_limits(model, out)
    floor = SceneCollider.from_geometry(scene_from_dict(_room()).collision_geometry())
    err = plan_reach(model, (0.0, 0.0), 0.0, target, floor, orient=down, orient_mode="only")
    assert isinstance(err, PrimitiveError) and err.code == ErrorCode.OUT_OF_REACH
    assert "cannot point" in err.message and err.details["hand_angle_deg"] > 30.0
    plain = plan_reach(model, (0.0, 0.0), 0.0, target, floor)
    for mode in ("first", "last"):
        plan = plan_reach(model, (0.0, 0.0), 0.0, target, floor, orient=down, orient_mode=mode)
        assert isinstance(plan, ReachPlan) and not plan.oriented and np.isnan(plan.hand_angle)
        np.testing.assert_array_equal(plan.contact_pose, plain.contact_pose)


def _room(fixture=None, **kw):
    b = SceneBuilder("t")
    b.add_room("r", (-1.0, -1.0, 4.0, 4.0))
    if fixture:
        b.add_fixture(fixture, **kw)
    b.set_human((0.0, 0.0), 0.0)
    return b.build()


@pytest.mark.parametrize("kind, region, height, inside, stance", [
    ("oven", "chamber", 0.06, 0.2, 0.35),    # on the rack, 0.06 m above it
    ("washer", "drum", 0.06, 0.1, 0.35),     # the drum's floor
    ("cabinet", "shelf_1", 0.06, 0.1, 0.35),  # a base cabinet's lowest shelf
])
def test_reach_into_fixture_openings(model, kind, region, height, inside, stance):
    """The fixture faces -x (yaw pi) at x = 2; the stance is ``stance`` m in front of its front face facing +x;
    the target ``inside`` m behind the front face, ``height`` m above the region's floor. The oriented plan points
    the hand into the opening (along +x), puts the palm on the target and every frame is collision-free."""
    scene = scene_from_dict(_room(kind, name=kind, at=(2.0, 1.0), yaw=np.pi))
    key = next(k for k in scene.entities if k.startswith(kind))
    scene.set_open(key, 1.0)
    collider = SceneCollider.from_geometry(scene.collision_geometry())
    reg, T = next((r, t) for r, t in scene.regions(key) if r.name == region)
    front = 2.0 - scene.entities[key].model.bounds[1][0]
    target = np.array([front + inside, 1.0, T[2, 3] - reg.half[2] + height])
    d = into_opening(scene, key)
    np.testing.assert_allclose(d, [1.0, 0.0, 0.0], atol=1e-9)
    xy = np.array([front - stance, 1.0])
    plan = plan_reach(model, xy, 0.0, target, collider, allow_owners=[key], orient=d, orient_mode="only")
    assert isinstance(plan, ReachPlan), plan
    assert plan.oriented and plan.hand_angle <= ORIENT_TOLERANCE
    tr = plan.contact_translation
    palm = palm_position(model, model.forward_kinematics(plan.contact_pose, tr), "right")
    assert np.linalg.norm(palm - target) <= 1e-3
    assert np.degrees(_hand_angle(model, plan.contact_pose, tr, d)) <= np.degrees(ORIENT_TOLERANCE) + 1e-6
    assert _within_limits(model, plan.contact_pose)
    poses = np.array([plan.start[0]] + [p for p, _ in plan.frames])
    reports = check_poses(model, poses, np.tile(tr, (len(poses), 1)), collider, allow_owners=[key],
                          allow_region=(target, 0.22), tolerance=MANIPULATION_TOLERANCE)
    assert all(r.ok for r in reports), [r.describe() for r in reports if not r.ok]
    # The pre-contact frame lies outside the opening along -d, the hand already pointing in.
    pre = palm_position(model, model.forward_kinematics(plan.frames[0][0], tr), "right")
    np.testing.assert_allclose(target - pre, d * plan.pre_contact_offset, atol=2e-3)
    assert np.degrees(_hand_angle(model, plan.frames[0][0], tr, d)) < 10.0


@pytest.mark.parametrize("bad", [[0.0, 0.0, 0.0], [np.nan, 0.0, 1.0], [1.0, 0.0], [[1.0, 0.0, 0.0]] * 2, "x",
                                 [np.inf, 0, 0]])
def test_bad_direction(model, bad):
    pose, tr = standing_pose(model, (0.0, 0.0), 0.0)
    floor = SceneCollider.from_geometry(scene_from_dict(_room()).collision_geometry())
    with pytest.raises(ValueError, match="direction"):
        solve_arm_oriented(model, pose, tr, [0.4, -0.2, 1.0], bad)
    with pytest.raises(ValueError, match="orient"):
        plan_reach(model, (0.0, 0.0), 0.0, [0.4, -0.2, 1.0], floor, orient=bad)


def test_bad_orient_mode_and_missing_direction(model):
    pose, tr = standing_pose(model, (0.0, 0.0), 0.0)
    floor = SceneCollider.from_geometry(scene_from_dict(_room()).collision_geometry())
    with pytest.raises(ValueError, match="orient_mode"):
        plan_reach(model, (0.0, 0.0), 0.0, [0.4, -0.2, 1.0], floor, orient=[1, 0, 0], orient_mode="sometimes")
    with pytest.raises(ValueError, match="direction"):
        solve_arm_oriented(model, pose, tr, [0.4, -0.2, 1.0], None)
    # Without orient the mode is irrelevant: the plain plan.
    a = plan_reach(model, (0.0, 0.0), 0.0, [0.4, -0.2, 1.0], floor, orient_mode="only")
    b = plan_reach(model, (0.0, 0.0), 0.0, [0.4, -0.2, 1.0], floor)
    assert not a.oriented
    np.testing.assert_array_equal(a.contact_pose, b.contact_pose)


def test_into_opening_follows_the_fixture_heading():
    for yaw in (0.0, np.pi / 2, 2.5):
        scene = scene_from_dict(_room("oven", name="oven", at=(2.0, 1.0), yaw=yaw))
        key = next(k for k in scene.entities if k.startswith("oven"))
        np.testing.assert_allclose(into_opening(scene, key), [-np.cos(yaw), -np.sin(yaw), 0.0], atol=1e-9)


@pytest.mark.parametrize("kw, match", [({"target": [0.4, 0.0]}, "target"), ({"target": [np.nan, 0, 1]}, "target"),
                                       ({"translation": [0.0, 0.0]}, "translation"), ({"pose": np.zeros(10)}, "pose"),
                                       ({"max_iterations": -1}, "max_iterations"), ({"tolerance": 0.0}, "tolerance"),
                                       ({"hand": "middle"}, "hand")])
def test_bad_solver_arguments(model, kw, match):
    pose, tr = standing_pose(model, (0.0, 0.0), 0.0)
    args = dict(pose=pose, translation=tr, target=[0.4, -0.2, 1.0], direction=[1.0, 0.0, 0.0]) | kw
    with pytest.raises(ValueError, match=match):
        solve_arm_oriented(model, args.pop("pose"), args.pop("translation"), args.pop("target"),
                           args.pop("direction"), **args)
