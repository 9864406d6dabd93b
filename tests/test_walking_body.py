"""The walking body (paper appendix B.2.1): phase from distance, planted feet that do not slide, the lowest sole
on the floor, alternating legs, the pelvis bobbing twice a stride, and the standing pose when the walk ends.

Every check reads the posed body back through forward kinematics or full-mesh skinning, not through the gait
module's own foot tracks."""
from __future__ import annotations

import math

import numpy as np
import pytest

from interactiveworld.actions.gait import (HEEL_RISE_PHASE, STANCE_FRACTION, STRIDE_LENGTH, gait_phases,
                                           gait_pose, walk_keyframes, walk_poses)
from interactiveworld.body import JOINT_INDEX, BodyModel, standing_pose
from interactiveworld.actions.walking_sheet import main as sheet_main
from interactiveworld.actions.walking_sheet import walking_frames

from iw_lab import lab_env, ok  # noqa: E402

BALL = {s: JOINT_INDEX[f"{s}_foot"] for s in ("left", "right")}
OWN_OFFSET = {"right": 0.0, "left": 0.5}  # the left leg is half a cycle behind the right


@pytest.fixture(scope="module")
def model():
    return BodyModel.builtin()


def _walk(model, route, *, floor_z=0.0):
    rows = walk_keyframes(np.asarray(route, float), 0.0)
    phase, scale = gait_phases(rows)
    bodies = [gait_pose(model, r[:2], r[2], p, floor_z=floor_z, scale=s) for r, p, s in zip(rows, phase, scale)]
    return rows, phase, scale, bodies


def test_planted_foot_does_not_slide(model):
    rows, phase, scale, bodies = _walk(model, [[0.0, 0.0], [6.0, 0.0]])
    joints = np.array([model.joints(p, t) for p, t in bodies])
    checked = 0
    for side in ("left", "right"):
        own = (phase + OWN_OFFSET[side]) % 1.0
        ball = joints[:, BALL[side], :2]
        for k in range(1, len(rows)):
            in_stance = own[k - 1] < own[k] < STANCE_FRACTION  # the same stance in both frames
            if in_stance and scale[k - 1] == 1.0 and scale[k] == 1.0:
                assert np.linalg.norm(ball[k] - ball[k - 1]) < 0.01, (side, k)
                checked += 1
    assert checked >= 20


def test_the_lowest_sole_stays_on_the_floor(model):
    floor = 0.3
    rows, phase, scale, bodies = _walk(model, [[0.0, 0.0], [3.0, 0.0], [3.0, 2.5]], floor_z=floor)
    lowest = np.array([model.skin(p, t)[:, 2].min() for p, t in bodies])  # the whole mesh
    np.testing.assert_allclose(lowest, floor, atol=0.01)
    pelvis = np.array([model.joints(p, t)[0, 2] for p, t in bodies])
    standing = model.joints(*standing_pose(model, (0.0, 0.0), 0.0, floor_z=floor))[0, 2]
    moving = scale == 1.0
    assert moving.sum() > 10 and np.all(pelvis[moving] < standing)  # the legs are not vertical while walking


def test_legs_alternate_each_half_cycle(model):
    forward = np.array([1.0, 0.0])  # facing +x
    lead = []
    for phase in np.arange(0.0, 2.0, 0.05):
        j = model.joints(*gait_pose(model, (0.0, 0.0), 0.0, phase))
        lead.append(float((j[JOINT_INDEX["left_ankle"], :2] - j[JOINT_INDEX["right_ankle"], :2]) @ forward))
    lead = np.array(lead)
    assert lead[0] < -0.3 and lead[10] > 0.3  # right initial contact: right ahead; half a cycle on: left ahead
    changes = np.count_nonzero(np.diff(np.sign(lead)) != 0)
    assert changes == 4  # two cycles, two sign changes each


def test_phase_follows_distance_not_frames():
    slow = np.array([[0.0, 0.0, 0.0], *[[0.05 * i, 0.0, 0.0] for i in range(1, 101)]])  # 5 m in 100 frames
    fast = slow[::2]  # the same 5 m in 50 frames
    # equal up to the trapezoidal sampling of the start and stop ramps (0.1 %)
    assert gait_phases(slow)[0][-1] == pytest.approx(gait_phases(fast)[0][-1], rel=1e-3)
    # at full stride the phase advances by distance / stride length
    phase, scale = gait_phases(slow)
    full = (scale[:-1] == 1.0) & (scale[1:] == 1.0)
    np.testing.assert_allclose(np.diff(phase)[full], 0.05 / STRIDE_LENGTH, rtol=1e-12)


def test_turning_in_place_does_not_advance_the_phase(model):
    turn = np.array([[1.0, 2.0, math.radians(10.0 * i)] for i in range(10)])
    phase, scale = gait_phases(turn)
    assert np.all(phase == 0.0) and np.all(scale == 0.0)
    # a walk, an in-place turn, a walk: the phase holds and the body stands while turning
    rows = np.vstack([[[0.1 * i, 0.0, 0.0] for i in range(20)],
                      [[1.9, 0.0, math.radians(10.0 * i)] for i in range(1, 10)],
                      [[1.9, 0.1 * i, math.pi / 2] for i in range(1, 20)]])
    phase, scale = gait_phases(rows)
    turning = slice(19, 29)
    assert np.all(phase[turning] == phase[19]) and np.all(scale[turning] == 0.0)
    for x, y, yaw in rows[turning]:
        p, t = gait_pose(model, (x, y), yaw, phase[19], scale=0.0)
        sp, st = standing_pose(model, (x, y), yaw)
        np.testing.assert_array_equal(p, sp)
        np.testing.assert_array_equal(t, st)


def test_pelvis_bobs_twice_per_stride(model):
    samples = 64
    z = np.array([model.joints(*gait_pose(model, (0.0, 0.0), 0.0, k / samples))[0, 2] for k in range(samples)])
    spectrum = np.abs(np.fft.rfft(z - z.mean()))
    assert int(np.argmax(spectrum)) == 2
    assert 0.02 <= z.max() - z.min() <= 0.06  # a few cm peak to peak


def test_swing_knee_flexes_and_arms_counter_swing(model):
    knees, right_hand_x, left_ankle_x = [], [], []
    for k in range(40):
        p, t = gait_pose(model, (0.0, 0.0), 0.0, k / 40)
        j = model.joints(p, t)
        hip, knee, ankle = (j[JOINT_INDEX[f"right_{n}"]] for n in ("hip", "knee", "ankle"))
        a, b = knee - hip, ankle - knee
        knees.append(math.degrees(math.acos(a @ b / np.linalg.norm(a) / np.linalg.norm(b))))
        right_hand_x.append(j[JOINT_INDEX["right_wrist"], 0])
        left_ankle_x.append(j[JOINT_INDEX["left_ankle"], 0])
    knees = np.array(knees)
    assert knees.max() > 40.0  # swing (Perry: about 60 deg)
    assert knees[: int(0.4 * 40)].min() < 20.0  # the loaded leg is nearly straight in early stance
    # the right arm swings forward with the left leg
    assert np.corrcoef(right_hand_x, left_ankle_x)[0, 1] > 0.8


def test_a_holding_arm_does_not_swing(model):
    stand, _ = standing_pose(model, (0.0, 0.0), 0.0)
    p, _ = gait_pose(model, (0.0, 0.0), 0.0, 0.0, still_arms=("right",))  # arms at their extremes
    for j in ("right_shoulder", "right_elbow"):
        i = 3 * JOINT_INDEX[j]
        np.testing.assert_array_equal(p[i:i + 3], stand[i:i + 3])
    assert np.abs(p[3 * JOINT_INDEX["left_shoulder"]: 3 * JOINT_INDEX["left_shoulder"] + 3]
                  - stand[3 * JOINT_INDEX["left_shoulder"]: 3 * JOINT_INDEX["left_shoulder"] + 3]).max() > 0.05


@pytest.mark.parametrize("kwargs", [{"scale": 1.5}, {"scale": -0.1}, {"phase": float("nan")},
                                    {"still_arms": ("middle",)}])
def test_gait_pose_rejects_bad_input(model, kwargs):
    args = {"phase": 0.0, **kwargs}
    phase = args.pop("phase")
    with pytest.raises(ValueError):
        gait_pose(model, (0.0, 0.0), 0.0, phase, **args)


def test_a_walk_ends_in_the_standing_pose():
    env = lab_env()
    ok(env, "[TurnAround]")
    frames = ok(env, "[Forward] 1.5 m").interval.keyframes
    h = env.scene.human
    motion = env.executor.motion
    pose, trans = motion.stand(h.xy, h.yaw)
    np.testing.assert_array_equal(h.body_pose, pose)
    last_body = [kf for kf in frames if kf.body_pose is not None][-1]
    np.testing.assert_allclose(last_body.body_pose, pose, atol=1e-12)
    np.testing.assert_allclose(last_body.body_translation, trans, atol=1e-12)
    # in between, the legs moved
    hips = [abs(kf.body_pose[3 * JOINT_INDEX["right_hip"]]) for kf in frames if kf.body_pose is not None]
    assert max(hips) > math.radians(10.0)


def test_the_walking_contact_sheet_draws_the_body(model, tmp_path):
    frames, captions = walking_frames(model, count=3, width=64, height=48)
    assert len(frames) == len(captions) == 3 and frames[0].shape == (48, 64, 3)
    assert not np.array_equal(frames[0], frames[1])  # the body moved (the camera follows it over a checkered floor)
    assert sheet_main(["--out", str(tmp_path / "sheet.png"), "--frames", "2"]) == 0
    assert (tmp_path / "sheet.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sheet_main(["--out", str(tmp_path / "x.png"), "--body-model", str(tmp_path / "missing.npz")]) == 2


def test_the_world_feels_the_standing_body_while_walking():
    env = lab_env()
    ok(env, "[TurnAround]")
    frames = [kf for kf in ok(env, "[Forward] 1.5 m").interval.keyframes if kf.contact_pose is not None]
    assert len(frames) >= 10
    motion = env.executor.motion
    for kf in frames:
        xy = kf.contact_translation[:2] + motion.stand((0.0, 0.0), 0.0)[1][:2]  # pelvis over the floor point
        pose, trans = kf.contact_body()
        want_pose, want_trans = motion.stand(xy, float(pose[1]) - math.pi / 2)
        np.testing.assert_allclose(pose, want_pose, atol=1e-12)
        np.testing.assert_allclose(trans, want_trans, atol=1e-9)


ROUTES = {"straight": [[0.0, 0.0], [4.0, 0.0]], "L-shaped": [[0.0, 0.0], [3.0, 0.0], [3.0, 2.5]],
          "90-degree bend": [[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [4.0, 2.0]]}


def _stance_slides(model, rows, bodies):
    """Largest world-xy move [m] of each foot's ball (FK) between consecutive rows in which that foot is planted:
    a standing row (scale 0, both feet down) or the same stance by its own phase; per "start" (a standing row
    involved at the start of a stretch), "stop" (at its end) and "walk". Also the same for the ankle while the heel
    is still down."""
    phase, scale = gait_phases(rows)
    joints = np.array([model.joints(p, t) for p, t in bodies])
    out = {"start": 0.0, "walk": 0.0, "stop": 0.0, "ankle": 0.0}
    pairs = 0
    for side in ("left", "right"):
        own = (phase + OWN_OFFSET[side]) % 1.0
        ball = joints[:, BALL[side], :2]
        ankle = joints[:, JOINT_INDEX[f"{side}_ankle"], :2]
        for k in range(1, len(rows)):
            if scale[k - 1] == 0.0 and scale[k] == 0.0:
                continue  # standing still or turning in place: the standing pose
            down = [scale[q] == 0.0 or own[q] < STANCE_FRACTION for q in (k - 1, k)]
            same = scale[k - 1] == 0.0 or scale[k] == 0.0 or own[k - 1] <= own[k]
            if not (all(down) and same):
                continue
            where = "start" if scale[k - 1] == 0.0 else "stop" if scale[k] == 0.0 else "walk"
            out[where] = max(out[where], float(np.linalg.norm(ball[k] - ball[k - 1])))
            if scale[k] == 0.0 or own[k] < HEEL_RISE_PHASE:
                out["ankle"] = max(out["ankle"], float(np.linalg.norm(ankle[k] - ankle[k - 1])))
            pairs += 1
    return out, pairs


@pytest.mark.parametrize("name", list(ROUTES))
def test_planted_feet_stay_put_in_the_world(model, name):
    rows = walk_keyframes(np.asarray(ROUTES[name]), 0.0)
    poses, translations, slip = walk_poses(model, rows)
    slides, pairs = _stance_slides(model, rows, list(zip(poses, translations)))
    print(f"{name}: max stance slide per frame [cm] "
          + ", ".join(f"{k} {100 * v:.2f}" for k, v in slides.items()) + f"; recorded slip max {100 * slip.max():.2f}")
    assert pairs > 30
    for where, v in slides.items():
        assert v < 0.01, (where, v)
    assert np.all(slip < 0.01)
    if name != "straight":  # the per-row body (feet held in the body's frame) slides on the same route
        phase, scale = gait_phases(rows)
        per_row = [gait_pose(model, r[:2], r[2], p, scale=s) for r, p, s in zip(rows, phase, scale)]
        assert max(_stance_slides(model, rows, per_row)[0].values()) > 0.03


def test_walk_poses_stand_at_the_ends_and_while_turning(model):
    rows = np.vstack([[[0.1 * i, 0.0, 0.0] for i in range(20)],
                      [[1.9, 0.0, math.radians(10.0 * i)] for i in range(1, 10)],
                      [[1.9, 0.1 * i, math.pi / 2] for i in range(1, 20)]])
    floor = np.linspace(0.0, 0.2, len(rows))
    poses, translations, _ = walk_poses(model, rows, floor_z=floor)
    _, scale = gait_phases(rows)
    standing = np.nonzero(scale == 0.0)[0]
    assert {0, 19, len(rows) - 1} <= set(standing.tolist()) and len(standing) >= 12
    for k in standing:
        sp, st = standing_pose(model, rows[k, :2], rows[k, 2], floor_z=floor[k])
        np.testing.assert_array_equal(poses[k], sp)
        np.testing.assert_array_equal(translations[k], st)
    assert np.abs(poses[10] - standing_pose(model, rows[10, :2], 0.0)[0]).max() > 0.2  # walking in between


def test_walk_poses_keep_the_lowest_sole_on_the_floor(model):
    rows = walk_keyframes(np.asarray(ROUTES["L-shaped"]), 0.0)
    poses, translations, _ = walk_poses(model, rows, floor_z=0.3)
    lowest = np.array([model.skin(p, t)[:, 2].min() for p, t in zip(poses, translations)])
    np.testing.assert_allclose(lowest, 0.3, atol=0.01)


def test_an_unreachable_foothold_slides_and_the_slip_is_reported(model):
    rows = np.array([[0.35 * i, 0.0, 0.0] for i in range(12)])  # 4.2 m/s at 12 fps: strides too long to reach
    poses, translations, slip = walk_poses(model, rows)
    phase, scale = gait_phases(rows)
    joints = np.array([model.joints(p, t) for p, t in zip(poses, translations)])
    assert slip.max() > 0.05
    checked = 0
    for c, side in enumerate(("right", "left")):
        own = (phase + OWN_OFFSET[side]) % 1.0
        for k in range(2, len(rows) - 1):
            if own[k - 1] < own[k] < STANCE_FRACTION:  # the same stance: the foot moved by exactly the slip
                moved = np.linalg.norm(joints[k, BALL[side], :2] - joints[k - 1, BALL[side], :2])
                assert moved == pytest.approx(slip[k, c], abs=1e-3)
                checked += 1
    assert checked >= 3


@pytest.mark.parametrize("kwargs", [{"floor_z": np.zeros(3)}, {"floor_z": float("nan")},
                                    {"still_arms": ("middle",)}])
def test_walk_poses_rejects_bad_input(model, kwargs):
    with pytest.raises(ValueError):
        walk_poses(model, np.zeros((5, 3)), **kwargs)


@pytest.mark.parametrize("scale", [1.0, 0.73, 0.31, 0.05])
def test_stance_drops_of_all_phases_equal_the_drop_of_each(model, scale):
    """The pelvis rate limit samples the hip drop at PELVIS_SAMPLES phases per frame, all at once
    (gait._stance_drops); each equals the drop that gait._leg_targets gives for its phase alone, bit for bit."""
    from interactiveworld.actions.gait import PELVIS_SAMPLES, _leg_targets, _stance_drops

    phases = np.concatenate([np.arange(PELVIS_SAMPLES) / PELVIS_SAMPLES, np.random.default_rng(3).uniform(0, 4, 50)])
    one_by_one = np.array([_leg_targets(model.rest_joints, p, scale)[1] for p in phases])
    assert (one_by_one > 0).any() and np.ptp(one_by_one) > 1e-5  # the pelvis sinks, by amounts that vary
    np.testing.assert_array_equal(_stance_drops(model.rest_joints, phases, scale), one_by_one)


def test_walk_poses_of_no_row_and_of_one_row(model):
    """Edge lengths of a walk: no row gives empty arrays of the documented widths; one row is the standing body."""
    poses, trans, slip = walk_poses(model, np.zeros((0, 3)))
    assert poses.shape == (0, 156) and trans.shape == (0, 3) and slip.shape == (0, 2)
    poses, trans, slip = walk_poses(model, np.array([[1.0, 2.0, 0.5]]))
    pose, tr = standing_pose(model, (1.0, 2.0), 0.5)
    np.testing.assert_array_equal(poses[0], pose)
    np.testing.assert_array_equal(trans[0], tr)
    assert not slip.any()
