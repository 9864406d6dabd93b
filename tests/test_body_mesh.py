"""The built-in body's render mesh: counts, closed surface, skinning weights, material groups, smooth normals, the
support proxy that keeps stances unchanged, how it bends, what the head camera sees of it, and determinism."""
import numpy as np
import pytest
import scipy.sparse as sp
import trimesh
from scipy.sparse.csgraph import connected_components

from interactiveworld.actions.gait import gait_pose, lowest_sole
from interactiveworld.actions.grasp import FINGER_RADII, plan_grasp
from interactiveworld.actions.reach import posture_ladder, posture_pose
from interactiveworld.body import (JOINT_INDEX, POSE_SIZE, Y_UP_TO_Z_UP, BodyModel, head_camera, relaxed_body_pose,
                                   standing_pose)
from interactiveworld.body.body_cage import FINGER_RADII as BODY_FINGER_RADII
from interactiveworld.body.builtin_mesh import GROUP_NAMES, MAX_INFLUENCES, _build, build_builtin_mesh
from interactiveworld.body.cage import Cage, catmull_clark, orient_faces
from interactiveworld.body.skeleton import FINGERS
from interactiveworld.body.support_mesh import build_support_mesh
from interactiveworld.env import MAX_GAZE_TURN_DEG, NEAR_CLIP


@pytest.fixture(scope="module")
def model():
    return BodyModel.builtin()


@pytest.fixture(scope="module")
def mesh(model):
    return build_builtin_mesh(model.rest_joints, model.fingertips)


def _volume(v, f):
    return float(np.einsum("ij,ij->", v[f[:, 0]], np.cross(v[f[:, 1]], v[f[:, 2]]))) / 6.0


def test_counts_and_closed_surface(model):
    V, F = len(model.rest_vertices), len(model.faces)
    assert 6500 <= V <= 7800  # SMPL+H: 6,890 vertices
    tm = trimesh.Trimesh(model.rest_vertices, model.faces, process=False)
    assert tm.is_watertight and tm.is_winding_consistent
    components = tm.body_count  # the body and two ears, each a closed genus-0 surface
    assert components == 3
    assert F == 2 * (V - 2 * components)  # Euler: V - E + F = 2 per sphere, E = 3F/2
    # no degenerate triangles: every one has area and no sliver angle
    v = model.rest_vertices[model.faces]
    e = np.stack([v[:, 1] - v[:, 0], v[:, 2] - v[:, 1], v[:, 0] - v[:, 2]], 1)
    area = 0.5 * np.linalg.norm(np.cross(e[:, 0], -e[:, 2]), axis=1)
    assert area.min() > 1e-8  # m^2 (0.1 mm^2)
    lengths = np.linalg.norm(e, axis=2)
    cos = [np.einsum("ij,ij->i", -e[:, k - 1], e[:, k]) / (lengths[:, k - 1] * lengths[:, k]) for k in range(3)]
    assert np.degrees(np.arccos(np.clip(np.max(cos, axis=0), -1, 1))).min() > 3.0
    # an adult of about 70 kg at the density of water, 1.72 m from soles to crown
    assert 0.055 < tm.volume < 0.085
    assert 1.68 < np.ptp(model.rest_vertices[:, 1]) < 1.76


def test_weights_are_a_sparse_partition_of_unity(model):
    W = model.weights
    assert W.shape == (len(model.rest_vertices), 52)
    assert W.min() >= 0.0
    np.testing.assert_allclose(W.sum(axis=1), 1.0, atol=1e-12)
    assert (W > 0).sum(axis=1).max() <= MAX_INFLUENCES
    # every finger joint drives some vertices alone (rigid phalanges) and every joint but the tips drives some
    for side in ("left", "right"):
        for f in FINGERS:
            for k in (1, 2, 3):
                assert np.sum(W[:, JOINT_INDEX[f"{side}_{f}{k}"]] > 0.99) > 10, (side, f, k)


def test_rest_pose_skinning_reproduces_the_rest_mesh(model):
    t = np.array([0.3, -1.2, 0.05])
    out = model.skin(np.zeros(POSE_SIZE), t)
    np.testing.assert_allclose(out, model.rest_vertices @ Y_UP_TO_Z_UP.T + t, atol=1e-12)


def test_material_groups(model, mesh):
    assert model.group_names == GROUP_NAMES == ("skin", "shirt", "trousers", "shoes", "hair")
    g = model.face_groups
    assert g.shape == (len(model.faces),) and g.dtype == np.int32
    assert set(np.unique(g)) == set(range(len(GROUP_NAMES)))
    centroid = model.rest_vertices[model.faces].mean(axis=1)
    part = mesh.vertex_parts[model.faces].max(axis=1)
    names = np.array(mesh.part_names)[part]
    hands = np.char.find(names.astype(str), "palm") >= 0
    for f in FINGERS:
        hands |= np.char.endswith(names.astype(str), f)
    assert np.all(g[hands] == GROUP_NAMES.index("skin"))
    # soles are shoes, the crown is hair, the chest is shirt, the knees trousers (model frame, y up)
    assert np.all(g[centroid[:, 1] < -0.94] == GROUP_NAMES.index("shoes"))
    assert np.all(g[centroid[:, 1] > 0.74] == GROUP_NAMES.index("hair"))
    chest = (np.abs(centroid[:, 0]) < 0.1) & (np.abs(centroid[:, 1] - 0.3) < 0.05) & (centroid[:, 2] > 0.05)
    knees = (np.abs(centroid[:, 1] + 0.5) < 0.03) & (np.abs(centroid[:, 0]) < 0.2)
    assert chest.sum() > 20 and np.all(g[chest] == GROUP_NAMES.index("shirt"))
    assert knees.sum() > 20 and np.all(g[knees] == GROUP_NAMES.index("trousers"))
    # colours follow the groups
    for k in range(len(GROUP_NAMES)):
        assert len(np.unique(model.face_colors[g == k], axis=0)) == 1


def test_smooth_normals_are_area_weighted_and_outward(model):
    pose, t = standing_pose(model, (1.0, 2.0), 0.4)
    verts = model.skin(pose, t)
    n = model.visual_normals(pose, t)
    assert n.shape == verts.shape and n.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(n, axis=1), 1.0, atol=1e-6)
    # independent: trimesh's area-weighted face normals summed per vertex
    tm = trimesh.Trimesh(verts, model.faces, process=False)
    ref = np.zeros_like(verts)
    np.add.at(ref, model.faces.ravel(), np.repeat(tm.face_normals * tm.area_faces[:, None], 3, axis=0))
    ref /= np.linalg.norm(ref, axis=1, keepdims=True)
    np.testing.assert_allclose(n, ref, atol=1e-5)
    # outward: in the rest pose (limbs apart) a 2 mm step along the normal leaves the vertex's own closed surface
    # (the body or an ear), except in the narrow webs between the fingers
    v0 = model.skin(np.zeros(POSE_SIZE), np.zeros(3))
    n0 = model.visual_normals(np.zeros(POSE_SIZE), np.zeros(3))
    f = model.faces
    graph = sp.csr_matrix((np.ones(3 * len(f)), (f.ravel(), np.roll(f, 1, axis=1).ravel())), shape=(len(v0),) * 2)
    _, label = connected_components(graph, directed=False)
    outside = np.zeros(len(v0), bool)
    for c in np.unique(label):
        own = label == c
        surface = trimesh.Trimesh(v0, f[own[f[:, 0]]], process=False)
        outside[own] = ~surface.contains(v0[own] + 0.002 * n0[own])
    assert outside.mean() > 0.995
    with pytest.raises(ValueError):
        model.visual_normals(np.zeros((2, POSE_SIZE)), np.zeros((2, 3)))
    with pytest.raises(ValueError):
        model.vertex_normals(verts[:10])


def test_support_proxy_keeps_stances(model):
    rest, weights = model.support
    old_v, _, old_w, _ = build_support_mesh(model.rest_joints, model.fingertips)
    np.testing.assert_array_equal(rest, old_v)
    np.testing.assert_array_equal(weights, old_w)
    # relaxed pose: the legs are not rotated, so the proxy's lowest point is its lowest rest vertex
    low = -model.skin_support(relaxed_body_pose(), np.zeros(3))[:, 2].min()
    np.testing.assert_allclose(low, -old_v[:, 1].min(), atol=1e-12)
    pose, t = standing_pose(model, (0.0, 0.0), 0.0)
    np.testing.assert_allclose(t[2], low, atol=1e-12)
    # the shoes of the render mesh stand on that floor
    assert model.skin(pose, t)[:, 2].min() == pytest.approx(0.0, abs=1e-9)


def test_the_body_stands_and_walks_as_the_low_poly_body_did(model):
    """Everything that puts the body on the floor reads the support proxy, which is the earlier low-poly render
    mesh: a model drawing that mesh gives bit-identical stances, soles and gait."""
    verts, faces, weights, colors = build_support_mesh(model.rest_joints, model.fingertips)
    low = BodyModel(rest_joints=model.rest_joints, rest_vertices=verts, faces=faces, weights=weights,
                    face_colors=colors, fingertips=model.fingertips)
    for xy, yaw, floor in (((0.0, 0.0), 0.0, 0.0), ((1.5, -2.0), 2.1, 0.3)):
        a, b = standing_pose(model, xy, yaw, floor_z=floor), standing_pose(low, xy, yaw, floor_z=floor)
        assert a[0].tobytes() == b[0].tobytes() and a[1].tobytes() == b[1].tobytes()
    rng = np.random.default_rng(3)
    for phase in np.linspace(0.0, 1.0, 7):
        pose, t = gait_pose(model, (0.4, 0.2), 0.5, phase)
        assert lowest_sole(model, pose, t) == lowest_sole(low, pose, t)
        pose = pose + np.r_[np.zeros(3), rng.normal(0, 0.2, POSE_SIZE - 3)]
        assert model.skin_support(pose, t)[:, 2].min() == low.skin(pose, t)[:, 2].min()


def test_bent_elbow_and_knee_keep_their_volume(model, mesh):
    z, t = np.zeros(POSE_SIZE), np.zeros(3)
    v0 = model.skin(z, t)
    part = mesh.vertex_parts[model.faces].max(axis=1)
    arm = np.isin(part, [i for i, n in enumerate(mesh.part_names) if n.startswith("left_") and
                         not n.endswith(("leg", "foot"))])
    origin = model.joints(z, t)[JOINT_INDEX["left_shoulder"]]  # closes the arm's opening at the shoulder

    def arm_volume(v):
        f = model.faces[arm]
        return _volume(v - origin, f)

    a0 = arm_volume(v0)
    assert 0.002 < a0 < 0.006  # one arm and hand: about 3.5 litres
    for deg in (45.0, 90.0, 130.0):
        p = z.copy()
        p[3 * JOINT_INDEX["left_elbow"] + 1] = -np.radians(deg)  # flexion of the left forearm
        v = model.skin(p, t)
        assert abs(arm_volume(v) - a0) / a0 < 0.06, deg
        # only the arm moved: the whole-body change is the arm's change
        np.testing.assert_allclose(_volume(v, model.faces) - _volume(v0, model.faces), arm_volume(v) - a0,
                                   atol=1e-9)
    p = z.copy()
    p[3 * JOINT_INDEX["right_knee"]] = np.radians(100.0)
    body = _volume(v0, model.faces)
    assert abs(_volume(model.skin(p, t), model.faces) - body) / body < 0.02


def test_finger_vertices_follow_the_finger_joints(model, mesh):
    """Independent of the skinning code: vertices bound to one phalanx keep their distance to that phalanx's bone
    segment placed by forward kinematics, through a fist."""
    pose = np.zeros(POSE_SIZE)
    for f in FINGERS:
        for k in (1, 2, 3):
            j = JOINT_INDEX[f"left_{f}{k}"]
            pose[3 * j + 2] = np.radians(-70.0)  # curl about the model z axis (palm faces -y)
    t = np.zeros(3)
    v0, v = model.skin(np.zeros(POSE_SIZE), t), model.skin(pose, t)
    J0, J = model.joints(np.zeros(POSE_SIZE), t), model.joints(pose, t)
    tips0 = model.fingertip_positions(model.forward_kinematics(np.zeros(POSE_SIZE), t), "left")
    tips = model.fingertip_positions(model.forward_kinematics(pose, t), "left")

    def seg_dist(p, a, b):
        ab = b - a
        s = np.clip((p - a) @ ab / (ab @ ab), 0, 1)
        return np.linalg.norm(p - (a + s[:, None] * ab), axis=1)

    for i, f in enumerate(FINGERS):
        js = [JOINT_INDEX[f"left_{f}{k}"] for k in (1, 2, 3)]
        for k, j in enumerate(js):
            rigid = model.weights[:, j] > 0.999
            assert rigid.sum() > 10
            end0, end = (J0[js[k + 1]], J[js[k + 1]]) if k < 2 else (tips0[i], tips[i])
            d0 = seg_dist(v0[rigid], J0[j], end0)
            d = seg_dist(v[rigid], J[j], end)
            np.testing.assert_allclose(d, d0, atol=1e-9)
            assert np.all(d < 0.02)  # on the finger, not left behind
        # the fingertip surface lies around the fingertip point
        part = mesh.vertex_parts == mesh.part_names.index(f"left_{f}")
        assert np.linalg.norm(v[part] - tips[i], axis=1).min() < 0.012


def test_grasp_closes_the_fingers_on_the_object(model, mesh):
    np.testing.assert_array_equal([BODY_FINGER_RADII[f] for f in FINGERS], FINGER_RADII)  # the planner's radii
    cup = trimesh.creation.cylinder(radius=0.04, height=0.11, sections=32)
    T = trimesh.transformations.rotation_matrix(0.3, [0, 0, 1])
    T[:3, 3] = [0.42, -0.2, 0.95]
    pose, tr = posture_pose(model, (0.0, 0.0), 0.0, posture_ladder()[1])
    res = plan_grasp(model, pose, tr, cup, T)
    local = (model.skin(res.pose, res.translation) - T[:3, 3]) @ T[:3, :3]
    touching = 0
    for f in FINGERS:
        sel = mesh.vertex_parts == mesh.part_names.index(f"right_{f}")
        depth = trimesh.proximity.signed_distance(cup, local[sel])  # > 0 inside
        assert depth.max() < 0.006  # no finger sinks into the cup
        touching += depth.max() > -0.012  # the finger's surface is at the cup (1.2 cm at most)
    assert touching >= 4


def test_head_camera_sees_nothing_of_the_head(model, mesh):
    pose, t = standing_pose(model, (0.5, 0.5), 1.0)
    eye, fwd, _ = head_camera(model, pose, t)
    v = model.skin(pose, t)
    tm = trimesh.Trimesh(v, model.faces, process=False)
    assert tm.contains(eye[None])[0]
    head = v[mesh.vertex_parts == mesh.part_names.index("head")]
    d = head - eye
    dist = np.linalg.norm(d, axis=1)
    angle = np.degrees(np.arccos(np.clip(d @ fwd / dist, -1, 1)))
    # the widest view: the gaze turned fully, plus the half diagonal of a 60-degree 4:3 frame
    reach = MAX_GAZE_TURN_DEG + np.degrees(np.arctan(np.tan(np.radians(30.0)) * np.hypot(1.0, 4.0 / 3.0)))
    assert np.all(dist[angle < reach] < NEAR_CLIP)


def test_build_is_deterministic(model):
    a = build_builtin_mesh(model.rest_joints, model.fingertips)
    _build.cache_clear()
    b = build_builtin_mesh(model.rest_joints, model.fingertips)
    assert a is not b
    for name in ("vertices", "faces", "weights", "face_groups", "face_colors", "vertex_parts"):
        assert getattr(a, name).tobytes() == getattr(b, name).tobytes(), name
    with pytest.raises(ValueError):
        build_builtin_mesh(np.zeros((3, 3)), model.fingertips)


def test_catmull_clark_on_a_cube():
    c = Cage()
    ids = c.ring([[x, y, z] for x in (0, 1) for y in (0, 1) for z in (0, 1)])
    for quad in ((0, 1, 3, 2), (4, 6, 7, 5), (0, 4, 5, 1), (2, 3, 7, 6), (0, 2, 6, 4), (1, 5, 7, 3)):
        c.face(ids[list(quad)], 0, 0)
    pts, faces, _, _ = c.arrays()
    S, quads, parent = catmull_clark(faces, len(pts))
    assert S.shape == (8 + 12 + 6, 8) and quads.shape == (24, 4)
    np.testing.assert_allclose(np.asarray(S.sum(axis=1)).ravel(), 1.0)
    assert S.min() >= 0
    v = S @ pts
    # Catmull-Clark's masks on a cube: a face point is the face centre; the corner at the origin moves to
    # (Q + 2R + (n - 3) P) / n with n = 3, Q = (1/3, 1/3, 1/3) (its faces' centres), R = (1/6, 1/6, 1/6) (its
    # edges' midpoints): 2/9 on each axis
    np.testing.assert_allclose(v[20:], [pts[list(f)].mean(0) for f in faces])
    np.testing.assert_allclose(v[0], [2 / 9, 2 / 9, 2 / 9])
    np.testing.assert_array_equal(np.bincount(parent), [4] * 6)
    tm = trimesh.Trimesh(v, np.vstack([quads[:, [0, 1, 2]], quads[:, [0, 2, 3]]]), process=False)
    assert tm.is_watertight and tm.is_winding_consistent and tm.volume > 0
    with pytest.raises(ValueError, match="manifold"):
        orient_faces(faces[:5], pts)


def test_the_before_after_sheet_draws_both_bodies(model):
    from interactiveworld.analysis.body_sheet import low_poly_body, outside_frames

    low = low_poly_body()
    assert len(low.rest_vertices) == len(model.support[0]) and low.support_vertices is None
    np.testing.assert_array_equal(low.rest_vertices, model.support[0])
    a, caps = outside_frames(low, width=96, height=128)
    b, _ = outside_frames(model, width=96, height=128)
    assert len(a) == len(b) == len(caps) == 4
    for x, y in zip(a, b):
        assert x.shape == y.shape == (128, 96, 3)
        assert np.any(x != y)  # the same poses, different meshes
