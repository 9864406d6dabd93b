"""Warp kernels give the native core's answers: FK, SDF construction and queries, pose checks, finger contacts."""
import numpy as np
import pytest
import trimesh

wp = pytest.importorskip("warp")

from interactiveworld import _core  # noqa: E402
from interactiveworld.actions.grasp import HandModel, object_sdf  # noqa: E402
from interactiveworld.body import (POSE_SIZE, Y_UP_TO_Z_UP, BodyModel, CapsuleRig, SceneCollider,  # noqa: E402
                                   standing_pose)
from interactiveworld.kernels import collision as wcollision  # noqa: E402
from interactiveworld.kernels import fk as wfk  # noqa: E402
from interactiveworld.kernels import grasp as wgrasp  # noqa: E402
from interactiveworld.kernels import sdf as wsdf  # noqa: E402
from interactiveworld.world.geometry import CollisionGeometry, SurfaceTag  # noqa: E402


@pytest.fixture(scope="module")
def model():
    return BodyModel.builtin()


def _poses(model, n, seed):
    rng = np.random.default_rng(seed)
    poses, trs = [], []
    for _ in range(n):
        p, t = standing_pose(model, rng.uniform(-0.5, 0.5, 2), rng.uniform(-np.pi, np.pi))
        p[3:66] += rng.normal(0, 0.3, 63)
        poses.append(p)
        trs.append(t)
    return np.array(poses), np.array(trs)


def test_fk_matches_core(model, device):
    poses, trs = _poses(model, 16, 0)
    rot, pos = wfk.forward_kinematics(model.parents, model.rest_joints, Y_UP_TO_Z_UP, poses, trs, device=device)
    ref = model.forward_kinematics(poses, trs)
    np.testing.assert_allclose(pos.numpy(), ref[..., :3, 3], atol=2e-5)
    np.testing.assert_allclose(rot.numpy(), ref[..., :3, :3], atol=2e-5)
    with pytest.raises(ValueError, match="poses"):
        wfk.forward_kinematics(model.parents, model.rest_joints, Y_UP_TO_Z_UP, poses[:, :10], trs, device=device)


def test_sdf_build_and_query_match_core(device):
    mesh = trimesh.creation.annulus(r_min=0.03, r_max=0.045, height=0.1, sections=20)
    voxel, pad = 0.006, 0.02
    values, origin = wsdf.build_voxel_sdf(mesh.vertices, mesh.faces, voxel, pad, device=device)
    ref = _core.VoxelSDF.build(_core.MeshDistance(mesh.vertices, mesh.faces), voxel, pad)
    assert values.shape == ref.shape
    np.testing.assert_allclose(origin, ref.origin, atol=1e-12)
    np.testing.assert_allclose(values.numpy(), ref.values, atol=2e-5)
    pts = np.random.default_rng(1).uniform(mesh.bounds[0] - 0.05, mesh.bounds[1] + 0.05, (500, 3))
    np.testing.assert_allclose(wsdf.query_voxel_sdf(values, origin, voxel, pts), ref.query(pts), atol=2e-5)
    exact = wsdf.mesh_signed_distance(mesh.vertices, mesh.faces, pts, device=device)
    np.testing.assert_allclose(exact, _core.MeshDistance(mesh.vertices, mesh.faces).signed_distance(pts), atol=2e-5)
    with pytest.raises(ValueError, match="voxel"):
        wsdf.build_voxel_sdf(mesh.vertices, mesh.faces, 0.0, pad, device=device)


def test_batched_pose_checks_match_core(model, device):
    T = np.eye(4)
    T[:3, 3] = [0.4, 0.0, 0.45]
    floor = np.eye(4)
    floor[:3, 3] = [0, 0, -0.05]
    boxes, halves = np.stack([T, floor]), np.array([[0.3, 0.5, 0.45], [5, 5, 0.05]])
    sphere = trimesh.creation.icosphere(2, radius=0.3)
    sphere.apply_translation([-0.5, 0.3, 1.2])
    geom = CollisionGeometry(box_transforms=boxes, box_half_extents=halves, box_tags=[2, 2], box_owner=[0, -1],
                             mesh_vertices=sphere.vertices, mesh_faces=sphere.faces,
                             mesh_face_tags=np.full(len(sphere.faces), SurfaceTag.FURNITURE),
                             mesh_face_owner=np.ones(len(sphere.faces), np.int32), owners=["table#1", "globe#1"])
    scene = SceneCollider.from_geometry(geom, voxel=0.03)
    sdf = scene.fields[0][1]
    rig = CapsuleRig.for_model(model)
    poses, trs = _poses(model, 24, 2)
    clear, ok = wcollision.check_poses(model.parents, model.rest_joints, Y_UP_TO_Z_UP, rig, poses, trs,
                                       box_transforms=boxes, box_half_extents=halves, sdf_values=sdf.values,
                                       sdf_origin=sdf.origin, sdf_voxel=sdf.voxel, device=device)
    ref = np.array([rig.native.clearances(tf, scene.native) for tf in model.forward_kinematics(poses, trs)])
    np.testing.assert_allclose(clear, ref, atol=1e-4)
    np.testing.assert_array_equal(ok, ref.min(1) >= 0)
    assert ok.any() and not ok.all()
    # The traced (check) mode gives the same verdicts and the same depths where capsules penetrate.
    fast, ok_fast = wcollision.check_poses(model.parents, model.rest_joints, Y_UP_TO_Z_UP, rig, poses, trs,
                                           box_transforms=boxes, box_half_extents=halves, sdf_values=sdf.values,
                                           sdf_origin=sdf.origin, sdf_voxel=sdf.voxel, exact=False, device=device)
    np.testing.assert_array_equal(ok_fast, ok)
    hit = ref < 0
    np.testing.assert_allclose(fast[hit], ref[hit], atol=1e-4)
    assert np.all(fast >= ref - 1e-4)


def test_finger_contacts_match_core(model, device):
    mesh = trimesh.creation.cylinder(radius=0.04, height=0.11)
    sdf = object_sdf(mesh)
    hm = HandModel.of(model, "right")
    pose, tr = standing_pose(model, (0.0, 0.0), 0.0)
    wrist = model.forward_kinematics(pose, tr)[hm.wrist]
    obj = np.eye(4)
    obj[:3, 3] = wrist[:3, 3] + wrist[:3, :3] @ [-0.08, -0.05, 0.0]
    rng = np.random.default_rng(3)
    wrists = []
    for yaw in (0, 10, -10, 20, -20):
        for roll in (0, 15, -15):
            W = wrist.copy()
            W[:3, :3] = wrist[:3, :3] @ trimesh.transformations.euler_matrix(
                np.radians(roll), np.radians(yaw), 0)[:3, :3]
            wrists.append(W)
    hand_pose = pose.copy()
    hand_pose[66:] = rng.normal(0, 0.1, POSE_SIZE - 66)
    inv = np.linalg.inv(obj)
    ref = _core.finger_clearance_table(model.skeleton, hand_pose, np.array(wrists), *hm.native_args(), sdf, inv)
    got = wgrasp.finger_clearance_table(model.rest_joints, model.parents, hand_pose, np.array(wrists), hm.joints,
                                        hm.axes, hm.tips, hm.radii, sdf.values, sdf.origin, sdf.voxel, inv,
                                        device=device)
    assert got.shape == ref.shape and ref.shape[:2] == (15, 5)
    np.testing.assert_allclose(got, ref, atol=5e-5)
    assert (ref < 0.006).any()  # some fingers do reach the object
