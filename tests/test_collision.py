"""Capsule rig and pose checks against exact capsule-box distances (python-fcl and a dense numpy reference)."""
import numpy as np
import pytest
import trimesh

from interactiveworld.body import (JOINT_INDEX, POSE_SIZE, BodyModel, CapsuleRig, HeldObject, SceneCollider,
                                   check_pose, check_poses, standing_pose)
from interactiveworld.world.geometry import CollisionGeometry, SurfaceTag


@pytest.fixture(scope="module")
def model():
    return BodyModel.builtin()


def _random_pose(rng, model):
    pose, tr = standing_pose(model, rng.uniform(-0.3, 0.3, 2), rng.uniform(-np.pi, np.pi))
    pose[3:66] += rng.normal(0, 0.35, 63)
    return pose, tr


def _random_box(rng):
    R = trimesh.transformations.random_rotation_matrix(rng.random(3))
    R[:3, 3] = rng.uniform([-0.6, -0.6, 0.1], [0.6, 0.6, 1.7])
    return R, rng.uniform(0.03, 0.3, 3)


def _box_sd(T, half, pts):
    q = (pts - T[:3, 3]) @ T[:3, :3]
    d = np.abs(q) - half
    return np.linalg.norm(np.maximum(d, 0), axis=-1) + np.minimum(d.max(-1), 0)


def _dense_capsule_box(a, b, r, T, half):
    t = np.linspace(0, 1, 4001)[:, None]
    return _box_sd(T, half, a + t * (b - a)).min() - r


def test_rig_has_17_capsules_and_a_head_sphere(model):
    rig = CapsuleRig.for_model(model)
    assert len(rig) == 18 and rig.names[-1] == "head"
    ends = rig.endpoints(model.forward_kinematics(*standing_pose(model, (0, 0), 0)))
    np.testing.assert_allclose(ends[-1, 0], ends[-1, 1])  # the head is a sphere
    assert rig.adjacent[rig.names.index("left_upper_arm"), rig.names.index("left_lower_arm")]
    assert not rig.adjacent[rig.names.index("left_hand"), rig.names.index("right_hand")]


def test_capsule_box_clearance_matches_references(model):
    fcl = pytest.importorskip("fcl")
    rng = np.random.default_rng(4)
    rig = CapsuleRig.for_model(model)
    checked_fcl = 0
    for _ in range(12):
        pose, tr = _random_pose(rng, model)
        tf = model.forward_kinematics(pose, tr)
        ends = rig.endpoints(tf)
        T, half = _random_box(rng)
        geom = CollisionGeometry(box_transforms=T[None], box_half_extents=half[None], box_tags=[2], box_owner=[0],
                                 owners=["crate#1"])
        ours = rig.native.clearances(tf, SceneCollider.from_geometry(geom).native)
        box = fcl.CollisionObject(fcl.Box(*(2 * half)), fcl.Transform(T[:3, :3], T[:3, 3]))
        for i, (a, b) in enumerate(ends):
            r = rig.radii[i]
            np.testing.assert_allclose(ours[i], _dense_capsule_box(a, b, r, T, half), atol=2e-5)
            if ours[i] > 1e-3:  # fcl reports distances of separated pairs only
                length = np.linalg.norm(b - a)
                axis = (b - a) / length if length > 0 else np.array([0, 0, 1.0])
                R = trimesh.geometry.align_vectors([0, 0, 1.0], axis)[:3, :3]
                shape = fcl.Capsule(r, length) if length > 0 else fcl.Sphere(r)
                cap = fcl.CollisionObject(shape, fcl.Transform(R, (a + b) / 2))
                d = fcl.distance(cap, box, fcl.DistanceRequest(), fcl.DistanceResult())
                np.testing.assert_allclose(ours[i], d, atol=1e-4)
                checked_fcl += 1
    assert checked_fcl > 100


def _table_scene():
    T = np.eye(4)
    T[:3, 3] = [0.6, 0.0, 0.45]
    floor = np.eye(4)
    floor[:3, 3] = [0.0, 0.0, -0.05]
    return CollisionGeometry(box_transforms=np.stack([T, floor]), box_half_extents=[[0.3, 0.5, 0.45], [5, 5, 0.05]],
                             box_tags=[SurfaceTag.FURNITURE, SurfaceTag.FLOOR], box_owner=[0, -1], owners=["table#1"])


def test_pose_check_reports_pair_and_depth(model):
    scene = SceneCollider.from_geometry(_table_scene())
    pose, tr = standing_pose(model, (0.0, 0.0), 0.0)
    assert check_pose(model, pose, tr, scene).ok  # feet on the floor are not a collision
    pose, tr = standing_pose(model, (0.45, 0.0), 0.0)  # standing inside the table
    rep = check_pose(model, pose, tr, scene)
    assert not rep.ok and rep.owner == "table#1"
    rig = CapsuleRig.for_model(model)
    ends = rig.endpoints(model.forward_kinematics(pose, tr))
    T, half = _table_scene().box_transforms[0], _table_scene().box_half_extents[0]
    worst = min(_dense_capsule_box(a, b, r, T, half) for (a, b), r in zip(ends, rig.radii))
    assert rep.depth == pytest.approx(-worst, abs=2e-5)
    assert check_pose(model, pose, tr, scene, allow_owners=["table#1"]).ok
    assert "table" in rep.describe()


def test_allow_region_and_tolerance(model):
    scene = SceneCollider.from_geometry(_table_scene())
    pose, tr = standing_pose(model, (0.18, 0.0), 0.0)  # toes just touch the table's side
    rep = check_pose(model, pose, tr, scene)
    assert not rep.ok and rep.segment.endswith("foot")
    toe = model.joints(pose, tr)[JOINT_INDEX["left_foot"]]
    assert check_pose(model, pose, tr, scene, allow_region=(toe + [0.05, -0.1, 0], 0.3)).ok
    assert not check_pose(model, pose, tr, scene, allow_region=(toe + [0, 0, 1.0], 0.22)).ok
    assert check_pose(model, pose, tr, scene, tolerance=rep.depth + 1e-6).ok


def test_self_collision(model):
    pose, tr = standing_pose(model, (0.0, 0.0), 0.0)
    scene = SceneCollider.from_geometry(CollisionGeometry())
    assert check_pose(model, pose, tr, scene).ok
    # Swing the right forearm through the chest.
    pose[3 * JOINT_INDEX["right_shoulder"]: 3 * JOINT_INDEX["right_shoulder"] + 3] = [0.0, 1.6, 0.0]
    pose[3 * JOINT_INDEX["right_elbow"]: 3 * JOINT_INDEX["right_elbow"] + 3] = [0.0, 2.4, 0.0]
    rep = check_pose(model, pose, tr, scene)
    assert not rep.ok and rep.owner.startswith("body:")
    assert check_pose(model, pose, tr, scene, self_collision=False).ok


def test_held_object_is_checked(model):
    scene = SceneCollider.from_geometry(_table_scene())
    pose, tr = standing_pose(model, (0.0, 0.0), 0.0)
    wrist = model.forward_kinematics(pose, tr)[JOINT_INDEX["right_wrist"]]
    tray = trimesh.creation.box((0.6, 0.1, 0.1))
    held = HeldObject.from_mesh("tray#1", "right", tray, np.eye(4))
    # Offset the tray along the wrist frame until it reaches into the table (0.3 m ahead of the hand).
    inv = np.linalg.inv(wrist)
    target = np.array([0.35, -0.2, wrist[2, 3], 1.0])
    held.points = held.points + (inv @ target)[:3]
    rep = check_pose(model, pose, tr, scene, held=held)
    assert not rep.ok and rep.segment == "held_object" and rep.owner == "table#1"
    assert check_pose(model, pose, tr, scene, held=held, allow_owners=["table#1"]).ok


def test_mesh_scene_via_sdf(model):
    sphere = trimesh.creation.icosphere(3, radius=0.25)
    sphere.apply_translation([0.4, 0.0, 1.1])
    geom = CollisionGeometry(mesh_vertices=sphere.vertices, mesh_faces=sphere.faces,
                             mesh_face_tags=np.full(len(sphere.faces), SurfaceTag.FURNITURE),
                             mesh_face_owner=np.zeros(len(sphere.faces), np.int32), owners=["globe#1"])
    voxel = 0.02
    scene = SceneCollider.from_geometry(geom, voxel=voxel)
    assert scene.fields[0][2]  # watertight group -> signed field
    rng = np.random.default_rng(5)
    rig = CapsuleRig.for_model(model)
    for _ in range(6):
        pose, tr = _random_pose(rng, model)
        tf = model.forward_kinematics(pose, tr)
        ours = rig.native.clearances(tf, scene.native)
        for (a, b), r, c in zip(rig.endpoints(tf), rig.radii, ours):
            t = np.linspace(0, 1, 2001)[:, None]
            exact = (-trimesh.proximity.signed_distance(sphere, a + t[::20] * (b - a))).min() - r
            if exact < 0.06:  # inside the padded grid: within a voxel
                assert abs(c - exact) <= voxel
            else:  # beyond the grid the field is an upper bound (triangle inequality)
                assert c >= exact - voxel


def test_batched_equals_single(model):
    scene = SceneCollider.from_geometry(_table_scene())
    rng = np.random.default_rng(6)
    poses, trs = zip(*[_random_pose(rng, model) for _ in range(20)])
    poses, trs = np.array(poses), np.array(trs)
    trs[::2, 0] += 0.5
    trs[1::2, 0] -= 1.5
    batch = check_poses(model, poses, trs, scene, self_collision=False)
    for i in range(20):
        one = check_pose(model, poses[i], trs[i], scene, self_collision=False)
        assert (one.ok, one.segment, one.owner) == (batch[i].ok, batch[i].segment, batch[i].owner)
        assert one.depth == pytest.approx(batch[i].depth, abs=1e-12)
    assert any(not r.ok for r in batch) and any(r.ok for r in batch)


def test_bad_input(model):
    scene = SceneCollider.from_geometry(_table_scene())
    pose, tr = standing_pose(model, (0.0, 0.0), 0.0)
    bad = pose.copy()
    bad[5] = np.nan
    with pytest.raises(ValueError, match="NaN"):
        check_pose(model, bad, tr, scene)
    with pytest.raises(ValueError, match="expected"):
        check_pose(model, pose[:100], tr, scene)
    with pytest.raises(ValueError, match="allow_region"):
        check_pose(model, pose, tr, scene, allow_region=(np.zeros(2), 0.2))
    with pytest.raises(ValueError, match="voxel"):
        SceneCollider.from_geometry(_table_scene(), voxel=-1.0)
    with pytest.raises(ValueError, match="tolerance"):
        check_pose(model, pose, tr, scene, tolerance=-1.0)
    assert POSE_SIZE == 156
