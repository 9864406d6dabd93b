"""Body model: FK/LBS against smplx on a generated SMPL+H-format file, standing poses, head camera, bad input."""
import numpy as np
import pytest

from interactiveworld.body import (JOINT_INDEX, PARENTS, POSE_SIZE, Y_UP_TO_Z_UP, BodyModel, axis_angle_to_matrix,
                                   head_camera, matrix_to_axis_angle, standing_pose)
from interactiveworld.world.geometry import VisualMesh


@pytest.fixture(scope="module")
def builtin():
    return BodyModel.builtin()


@pytest.fixture(scope="module")
def smplh_file(tmp_path_factory):
    """A made-up SMPL+H model file: right array names and shapes, random values (never committed)."""
    rng = np.random.default_rng(7)
    V, J = 6890, 52
    v_template = rng.uniform(-0.5, 0.5, (V, 3)) * [0.4, 1.6, 0.3]
    jreg = np.zeros((J, V))
    for j in range(J):
        idx = rng.choice(V, 8, replace=False)
        jreg[j, idx] = rng.dirichlet(np.ones(8))
    weights = np.zeros((V, J))
    for v in range(V):
        idx = rng.choice(J, 3, replace=False)
        weights[v, idx] = rng.dirichlet(np.ones(3))
    kintree = np.stack([PARENTS.astype(np.int64), np.arange(J)])
    kintree[0, 0] = 4294967295
    path = tmp_path_factory.mktemp("smplh") / "SMPLH_NEUTRAL.npz"
    np.savez(path, v_template=v_template, f=rng.integers(0, V, (13776, 3)), J_regressor=jreg, weights=weights,
             kintree_table=kintree, shapedirs=rng.normal(0, 0.01, (V, 3, 16)),
             posedirs=rng.normal(0, 0.005, (V, 3, 459)), hands_componentsl=np.eye(45), hands_componentsr=np.eye(45),
             hands_meanl=np.zeros(45), hands_meanr=np.zeros(45))
    return path


def test_fk_and_lbs_match_smplx(smplh_file):
    smplx = pytest.importorskip("smplx")
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(3)
    betas = rng.normal(0, 1, 10)
    ours = BodyModel.from_smplh(smplh_file, betas=betas)
    ref = smplx.SMPLH(model_path=str(smplh_file), use_pca=False, ext="npz", flat_hand_mean=True, num_betas=10)
    B = 4
    pose = rng.normal(0, 0.5, (B, POSE_SIZE))
    transl = rng.normal(0, 1, (B, 3))
    t = lambda a: torch.tensor(a, dtype=torch.float64)  # noqa: E731
    ref = ref.double()
    out = ref(betas=t(np.tile(betas, (B, 1))), global_orient=t(pose[:, :3]), body_pose=t(pose[:, 3:66]),
              left_hand_pose=t(pose[:, 66:111]), right_hand_pose=t(pose[:, 111:]), transl=t(transl))
    ref_joints = out.joints.detach().numpy()[:, :52]
    ref_verts = out.vertices.detach().numpy()
    # Our world frame is the z-up image of smplx's y-up frame; a model-frame shift is up @ transl in the world.
    world_t = transl @ Y_UP_TO_Z_UP.T
    joints = ours.joints(pose, world_t) @ Y_UP_TO_Z_UP
    verts = ours.skin(pose, world_t) @ Y_UP_TO_Z_UP
    # smplx's batch_rodrigues adds 1e-8 to every axis-angle component, so 1 micrometre is the honest tolerance.
    np.testing.assert_allclose(joints, ref_joints, atol=1e-6)
    np.testing.assert_allclose(verts, ref_verts, atol=1e-6)


def test_fk_matches_hand_worked_chain(builtin):
    # Rotating the left shoulder 90 deg about model z swings the T-pose arm from +x to +y (model frame).
    pose = np.zeros(POSE_SIZE)
    pose[3 * JOINT_INDEX["left_shoulder"] + 2] = np.pi / 2
    j = builtin.joints(pose, np.zeros(3)) @ Y_UP_TO_Z_UP
    rest = builtin.rest_joints
    sh, el = JOINT_INDEX["left_shoulder"], JOINT_INDEX["left_elbow"]
    d = rest[el] - rest[sh]
    np.testing.assert_allclose(j[el], rest[sh] + [-d[1], d[0], d[2]], atol=1e-12)
    np.testing.assert_allclose(j[:sh], rest[:sh], atol=1e-12)


def test_axis_angle_roundtrip():
    rng = np.random.default_rng(0)
    aa = rng.normal(0, 1, (50, 3))
    aa *= np.minimum(1.0, 3.0 / np.linalg.norm(aa, axis=1))[:, None]
    np.testing.assert_allclose(matrix_to_axis_angle(axis_angle_to_matrix(aa)), aa, atol=1e-9)



def test_one_rotation_takes_the_same_arithmetic_as_a_batch():
    """axis_angle_to_matrix and matrix_to_axis_angle have a shorter path for one vector / matrix; its results are
    the batched path's bit for bit, including zero and tiny angles, half turns and non-finite input."""
    rng = np.random.default_rng(2)
    aa = rng.normal(0, 1, (4000, 3)) * rng.uniform(0, 3.3, (4000, 1))
    aa[:20] = 0.0
    aa[20:40] *= 1e-14
    aa[40:60] *= np.pi / np.linalg.norm(aa[40:60], axis=1)[:, None]  # half turns: the symmetric-part branch
    R = axis_angle_to_matrix(aa)
    np.testing.assert_array_equal(np.array([axis_angle_to_matrix(a) for a in aa]), R)
    back = matrix_to_axis_angle(R)
    np.testing.assert_array_equal(np.array([matrix_to_axis_angle(r) for r in R]), back)
    small = np.linalg.norm(aa, axis=1) < np.pi - 1e-6
    np.testing.assert_allclose(back[small], aa[small], atol=1e-9)  # the inverse where the angle is unambiguous
    bad = np.full((3, 3), np.nan)
    np.testing.assert_array_equal(matrix_to_axis_angle(bad), matrix_to_axis_angle(bad[None])[0])

def test_batch_equals_single(builtin):
    rng = np.random.default_rng(1)
    pose = rng.normal(0, 0.3, (5, POSE_SIZE))
    tr = rng.normal(0, 1, (5, 3))
    batch = builtin.forward_kinematics(pose, tr)
    for b in range(5):
        np.testing.assert_allclose(batch[b], builtin.forward_kinematics(pose[b], tr[b]), atol=1e-14)
    assert batch.shape == (5, 52, 4, 4)


def test_builtin_proportions_and_standing(builtin):
    pose, tr = standing_pose(builtin, (1.0, -2.0), 0.0, floor_z=0.3)
    verts = builtin.skin(pose, tr)
    assert verts[:, 2].min() == pytest.approx(0.3, abs=1e-9)
    assert 1.62 < verts[:, 2].max() - 0.3 < 1.78  # adult stature (~1.70 m)
    j = builtin.joints(pose, tr)
    np.testing.assert_allclose(j[0, :2], [1.0, -2.0], atol=1e-12)
    # Facing +x: the left hand is on the +y side, toes ahead of the heels.
    assert j[JOINT_INDEX["left_wrist"], 1] > j[JOINT_INDEX["right_wrist"], 1]
    assert j[JOINT_INDEX["left_foot"], 0] > j[JOINT_INDEX["left_ankle"], 0]


@pytest.mark.parametrize("yaw", [0.0, 0.7, -2.5, np.pi])
def test_head_camera_faces_yaw(builtin, yaw):
    pose, tr = standing_pose(builtin, (0.0, 0.0), yaw)
    eye, fwd, up = head_camera(builtin, pose, tr)
    np.testing.assert_allclose(fwd, [np.cos(yaw), np.sin(yaw), 0.0], atol=1e-12)
    np.testing.assert_allclose(up, [0.0, 0.0, 1.0], atol=1e-12)
    assert 1.50 < eye[2] < 1.66
    head = builtin.joints(pose, tr)[JOINT_INDEX["head"]]
    assert np.dot(eye - head, fwd) > 0.05  # the eye is in front of the head joint


def test_visual_mesh(builtin):
    pose, tr = standing_pose(builtin, (0.0, 0.0), 0.0)
    vm = builtin.visual_mesh(pose, tr)
    assert isinstance(vm, VisualMesh) and vm.owner == "body"
    assert vm.vertices.dtype == np.float32 and vm.faces.dtype == np.int32
    assert vm.face_colors.shape == (len(vm.faces), 3)
    vm2 = builtin.visual_mesh(pose, tr, color=(1.0, 0.0, 0.0))
    np.testing.assert_array_equal(vm2.face_colors[0], [1.0, 0.0, 0.0])
    assert np.all(np.abs(builtin.weights.sum(1) - 1) < 1e-12)


def test_bad_input(builtin):
    pose = np.zeros(POSE_SIZE)
    bad = pose.copy()
    bad[10] = np.nan
    with pytest.raises(ValueError, match="NaN"):
        builtin.forward_kinematics(bad, np.zeros(3))
    with pytest.raises(ValueError, match=r"expected \(156,\)"):
        builtin.forward_kinematics(np.zeros(155), np.zeros(3))
    with pytest.raises(ValueError, match="translation"):
        builtin.skin(pose, np.zeros(2))
    with pytest.raises(ValueError, match="translation"):
        builtin.joints(np.zeros((2, POSE_SIZE)), np.zeros((3, 3)))
    with pytest.raises(ValueError):
        standing_pose(builtin, (np.inf, 0.0), 0.0)
    with pytest.raises(ValueError, match="color"):
        builtin.visual_mesh(pose, np.zeros(3), color=(2.0, 0.0, 0.0))
    with pytest.raises(FileNotFoundError):
        BodyModel.from_smplh("/nonexistent/smplh")


def test_native_rejects_bad_skeleton():
    from interactiveworld import _core

    with pytest.raises(ValueError, match="parents must precede"):
        _core.Skeleton(np.array([-1, 2, 0], np.int32), np.zeros((3, 3)), np.eye(3))
    with pytest.raises(ValueError, match=r"expected \(J, 3\)"):
        _core.Skeleton(np.array([-1, 0], np.int32), np.zeros((3, 3)), np.eye(3))
    sk = _core.Skeleton(np.array([-1, 0], np.int32), np.zeros((2, 3)), np.eye(3))
    with pytest.raises(ValueError, match=r"expected \(B, 3J\) float64, got \(1, 5\)"):
        sk.forward_kinematics(np.zeros((1, 5)), np.zeros((1, 3)))


def test_look_at_turns_head_toward_point(builtin):
    from interactiveworld.body import look_at

    pose, tr = standing_pose(builtin, (0.0, 0.0), 0.0)
    point = np.array([0.5, -0.2, 0.9])  # where a hand reaches at table height
    turned = look_at(builtin, pose, tr, point)
    eye, fwd, up = head_camera(builtin, turned, tr)
    want = (point - eye) / np.linalg.norm(point - eye)
    assert np.degrees(np.arccos(np.clip(fwd @ want, -1, 1))) < 1.0
    changed = np.flatnonzero(np.abs(turned - pose).reshape(52, 3).max(1) > 0)
    assert set(changed) <= {JOINT_INDEX["neck"], JOINT_INDEX["head"]}
    # Behind the body: the turn stops at the limit.
    limited = look_at(builtin, pose, tr, [-2.0, 0.0, 1.6], max_turn=np.radians(40))
    _, fwd2, _ = head_camera(builtin, limited, tr)
    assert np.degrees(np.arccos(np.clip(fwd2 @ [1.0, 0.0, 0.0], -1, 1))) == pytest.approx(40.0, abs=1.0)
    with pytest.raises(ValueError, match="point"):
        look_at(builtin, pose, tr, [np.nan, 0, 0])
