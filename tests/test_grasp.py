"""Grasp family, object SDF cache and finger wrapping on a cup, a box and a plate."""
import types

import numpy as np
import pytest
import trimesh

from interactiveworld import _core
from interactiveworld.actions.grasp import (CONTACT_BAND, MAX_PENETRATION, GraspResult, HandModel, grasp_family,
                                            object_sdf, plan_grasp)
from interactiveworld.actions.primitives.motion import object_mesh


from interactiveworld.actions.grasp import (CONTACT_BAND, MAX_PENETRATION, GraspResult, HandModel, closed_hull,
                                            closed_surface, grasp_family, object_sdf, plan_grasp)
from interactiveworld.actions.reach import posture_ladder, posture_pose
from interactiveworld.body import BodyModel
from interactiveworld.errors import ErrorCode, PrimitiveError
from interactiveworld.world.assets import build_asset, catalog


@pytest.fixture(scope="module")
def model():
    return BodyModel.builtin()


OBJECTS = {
    "cup": (lambda: trimesh.creation.cylinder(radius=0.04, height=0.11, sections=32), "cylindrical"),
    "box": (lambda: trimesh.creation.box((0.07, 0.07, 0.07)), "round"),
    "plate": (lambda: trimesh.creation.cylinder(radius=0.11, height=0.02, sections=48), "pinch"),
}


@pytest.mark.parametrize("extents, family", [
    ((0.08, 0.08, 0.10), "cylindrical"),  # 0.10 > 1.15 * 0.08 = 0.092
    ((0.08, 0.08, 0.09), "round"),        # 0.09 < 0.092
    ((0.22, 0.22, 0.02), "pinch"),        # flat
    ((0.03, 0.02, 0.03), "pinch"),        # small
    ((0.07, 0.07, 0.07), "round"),
])
def test_grasp_family(extents, family):
    assert grasp_family(extents) == family


@pytest.mark.parametrize("name", list(OBJECTS))
def test_grasp_objects(model, name):
    make, family = OBJECTS[name]
    mesh = make()
    T = trimesh.transformations.rotation_matrix(0.3, [0, 0, 1])
    T[:3, 3] = [0.42, -0.2, 0.95]
    pose, tr = posture_pose(model, (0.0, 0.0), 0.0, posture_ladder()[1])
    res = plan_grasp(model, pose, tr, mesh, T)
    assert isinstance(res, GraspResult), res
    assert res.family == family
    assert res.contacts >= 4 and res.contacts == int(res.finger_contact.sum())
    c = res.finger_clearance[res.finger_contact]
    assert np.all((c >= -MAX_PENETRATION) & (c <= CONTACT_BAND))
    # The object rides the wrist: wrist @ object_in_wrist reproduces its pose (eq. 3).
    wrist = model.forward_kinematics(res.pose, res.translation)[HandModel.of(model, "right").wrist]
    np.testing.assert_allclose(wrist, res.wrist_transform, atol=1e-9)
    np.testing.assert_allclose(wrist @ res.object_in_wrist, T, atol=1e-9)
    # Independent check of the contacts: fingertip/finger points against trimesh's exact distance.
    tips = model.fingertip_positions(model.forward_kinematics(res.pose, res.translation), "right")
    local = (tips - T[:3, 3]) @ T[:3, :3]
    exact = -trimesh.proximity.signed_distance(mesh, local)
    assert np.sum(exact < 0.03) >= 3  # the curled fingertips end on the object


def test_sdf_cache_and_watertight(model):
    mesh = trimesh.creation.box((0.05, 0.05, 0.05))
    assert object_sdf(mesh) is object_sdf(mesh.copy())
    flat = trimesh.Trimesh(np.array([[0, 0, 0], [0.1, 0, 0], [0, 0.1, 0], [0.1, 0.1, 0]], float),
                           np.array([[0, 1, 2], [1, 3, 2]]), process=False)
    with pytest.raises(ValueError, match="not a closed surface"):
        object_sdf(flat)


def test_sdf_of_open_meshes_uses_a_closed_surface():
    """A dressed mesh splits vertices at UV seams (no edge is shared) and may miss faces: the SDF is built from the
    welded surface, or else from the closed hull; a 4 x 6 x 8 cm box gives -2 cm at its centre, +1 cm 1 cm off
    its +x face."""
    box = trimesh.creation.box((0.04, 0.06, 0.08))
    seams = box.copy()
    seams.unmerge_vertices()
    assert not seams.is_watertight
    welded = closed_surface(seams)
    assert welded.is_watertight and welded.volume == pytest.approx(0.04 * 0.06 * 0.08, rel=1e-9)
    holed = trimesh.Trimesh(box.vertices, box.faces[:-2], process=False)
    assert not holed.is_watertight
    assert closed_surface(holed).volume == pytest.approx(0.04 * 0.06 * 0.08, rel=1e-9)
    pts = np.array([[0.0, 0.0, 0.0], [0.03, 0.0, 0.0]])
    for mesh in (seams, holed):
        np.testing.assert_allclose(object_sdf(mesh).query(pts), [-0.02, 0.01], atol=2e-3)


def test_closed_hull_of_near_duplicate_bevel_points():
    """Bevel vertices a fraction of a micrometre apart make trimesh's hull non-manifold; the snapped hull is closed
    and keeps the box's volume (to the snap)."""
    rng = np.random.default_rng(3)
    corners = trimesh.creation.box((0.12, 0.07, 0.18)).vertices
    pts = np.vstack([corners] + [corners + rng.uniform(-3e-7, 3e-7, corners.shape) for _ in range(4)])
    hull = closed_hull(pts)
    assert hull.is_watertight and hull.volume == pytest.approx(0.12 * 0.07 * 0.18, rel=1e-4)
    with pytest.raises(ValueError, match="points"):
        closed_hull(np.zeros((3, 3)))


def test_curl_matches_clearance_table(model):
    """The curl stops at the first 6-degree step whose clearance enters the band (native table as reference)."""
    mesh = trimesh.creation.cylinder(radius=0.04, height=0.11)
    sdf = object_sdf(mesh)
    hm = HandModel.of(model, "right")
    pose, tr = posture_pose(model, (0.0, 0.0), 0.0, posture_ladder()[0])
    res = plan_grasp(model, pose, tr, mesh, _at(0.42, -0.2, 0.95))
    W = res.wrist_transform
    open_pose = res.pose.copy()
    for joints in hm.joints:
        for j in joints:
            open_pose[3 * j: 3 * j + 3] = 0.0
    T = _at(0.42, -0.2, 0.95)
    angles, contact, clear = _core.curl_fingers(model.skeleton, open_pose, W, *hm.native_args(), sdf,
                                                np.linalg.inv(T))
    table = _core.finger_clearance_table(model.skeleton, open_pose, W[None], *hm.native_args(), sdf,
                                         np.linalg.inv(T))[0]
    step = np.radians(6.0)
    for f in range(5):
        if not contact[f]:
            continue
        first = int(np.argmax(table[f] <= CONTACT_BAND))
        assert angles[f] <= first * step + 1e-12 and angles[f] >= (first - 1) * step - 1e-12


def _at(x, y, z):
    T = np.eye(4)
    T[:3, 3] = [x, y, z]
    return T


def test_grasp_failures_and_bad_input(model):
    pose, tr = posture_pose(model, (0.0, 0.0), 0.0, posture_ladder()[0])
    big = trimesh.creation.box((0.6, 0.6, 0.6))  # too big to wrap
    res = plan_grasp(model, pose, tr, big, _at(0.9, -0.2, 0.95))
    assert isinstance(res, PrimitiveError) and res.code in (ErrorCode.GRASP_FAILED, ErrorCode.OUT_OF_REACH)
    with pytest.raises(ValueError, match="object_pose"):
        plan_grasp(model, pose, tr, big, np.eye(3))
    with pytest.raises(ValueError, match="extents"):
        grasp_family((0.1, -0.1, 0.1))
    with pytest.raises(ValueError, match="hand"):
        plan_grasp(model, pose, tr, trimesh.creation.box((0.05, 0.05, 0.05)), _at(0.4, -0.2, 0.9), hand="both")
    bad = pose.copy()
    bad[7] = np.nan
    with pytest.raises(ValueError, match="NaN"):
        plan_grasp(model, bad, tr, trimesh.creation.box((0.05, 0.05, 0.05)), _at(0.4, -0.2, 0.9))


def test_grasp_checks_scene_and_rides_wrist(model):
    from interactiveworld.body import SceneCollider, check_pose
    from interactiveworld.world.geometry import CollisionGeometry, SurfaceTag

    cup = trimesh.creation.cylinder(radius=0.04, height=0.11, sections=32)
    T = _at(0.42, -0.2, 0.955)  # standing on a table whose top is at 0.90 m
    table = np.eye(4)
    table[:3, 3] = [0.7, 0.0, 0.45]
    scene = SceneCollider.from_geometry(CollisionGeometry(
        box_transforms=table[None], box_half_extents=[[0.35, 0.6, 0.45]], box_tags=[SurfaceTag.FURNITURE],
        box_owner=[0], owners=["table#1"]))
    pose, tr = posture_pose(model, (0.0, 0.0), 0.0, posture_ladder()[1])
    res = plan_grasp(model, pose, tr, cup, T, scene=scene, object_key="cup#1")
    assert isinstance(res, GraspResult), res
    assert check_pose(model, res.pose, res.translation, scene, tolerance=0.002).ok
    held = res.held("cup#1", cup)
    wrist = res.wrist_transform
    # The held points are the cup's surface, expressed in the wrist frame.
    world = held.points @ wrist[:3, :3].T + wrist[:3, 3]
    local = (world - T[:3, 3]) @ T[:3, :3]
    np.testing.assert_allclose(np.abs(trimesh.proximity.signed_distance(cup, local)), 0.0, atol=1e-9)
    # A crate enclosing the cup (and so the hand around it) makes every wrapping candidate collide.
    crate = _at(0.42, -0.2, 0.955)
    enclosed = SceneCollider.from_geometry(CollisionGeometry(
        box_transforms=crate[None], box_half_extents=[[0.2, 0.2, 0.2]], box_tags=[SurfaceTag.FURNITURE],
        box_owner=[0], owners=["crate#1"]))
    res2 = plan_grasp(model, pose, tr, cup, T, scene=enclosed, object_key="cup#1")
    assert isinstance(res2, PrimitiveError) and res2.code == ErrorCode.TRAJECTORY_COLLISION
    assert "crate#1" in res2.message


def test_every_movable_object_hull_takes_an_sdf():
    """Grasp planning builds a signed distance field of each held object's convex hull: every movable kind of the
    catalog yields a watertight hull of Qhull's volume (slivers dropped and near-coincident vertices snapped
    together change it by under 0.01 %)."""
    kinds = sorted(k for k, a in catalog.CATALOG.items() if a.movable)
    assert "pen" in kinds and len(kinds) > 20
    for kind in kinds:
        asset = build_asset(kind)
        raw = trimesh.util.concatenate([p.mesh for p in asset.parts]).convex_hull
        hull = object_mesh(types.SimpleNamespace(entities={"k": types.SimpleNamespace(model=asset)}), "k")
        _core.MeshDistance(np.ascontiguousarray(hull.vertices, np.float64),
                           np.ascontiguousarray(hull.faces, np.int32), require_watertight=True)
        assert hull.volume == pytest.approx(raw.volume, rel=1e-4), kind


def test_the_hand_closes_on_the_collision_primitives():
    """grasp_mesh is the hull of the parts' collision primitives (box corners, cylinder end circles), not of the
    dressed look: a tapered knife blade is held as the box the physics gives it."""
    from interactiveworld.actions.primitives.motion import collision_points, grasp_mesh
    knife = build_asset("knife")
    scene = types.SimpleNamespace(entities={"k": types.SimpleNamespace(model=knife)})
    mesh = grasp_mesh(scene, "k")
    lo = np.min([p.box_center - p.box_half for p in knife.parts if p.collide], axis=0)
    hi = np.max([p.box_center + p.box_half for p in knife.parts if p.collide], axis=0)
    np.testing.assert_allclose(mesh.bounds, [lo, hi], atol=1e-9)
    dressed = object_mesh(scene, "k")
    assert mesh.volume > dressed.volume  # the dressed blade tapers inside its box
    cyl = types.SimpleNamespace(box_center=np.array([0.0, 0.0, 0.1]), box_half=np.array([0.04, 0.04, 0.1]),
                                shape=("cylinder", 0.04, 0.1))
    pts = collision_points(cyl)
    np.testing.assert_allclose(np.hypot(pts[:, 0], pts[:, 1]), 0.04, atol=1e-12)
    np.testing.assert_allclose(sorted(set(np.round(pts[:, 2], 9))), [0.0, 0.2], atol=1e-12)
