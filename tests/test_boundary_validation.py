"""Bad arguments at the native boundary and the Python APIs above it get a clear error, never a crash.

Calls that used to crash the interpreter run in a subprocess, so a regression fails this test instead of killing
pytest: the child must exit 0 after catching the expected exception and printing its message.
"""
from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest

from interactiveworld import _core
from interactiveworld.actions.navigation import (NavigationMap, plan_route, select_stances, snap_stance,
                                                  synthetic_house_occupancy)
from interactiveworld.body import BodyModel
from interactiveworld.body.collider import HeldObject, SceneCollider, check_pose
from interactiveworld.errors import PrimitiveError
from interactiveworld.language import ParseError, compile_command, parse_command
from interactiveworld.world.geometry import CollisionGeometry, SurfaceTag


def _expect_in_child(code: str, exc: str, text: str) -> None:
    """Runs `code` in a fresh interpreter; it must raise `exc` whose message contains `text` (no crash)."""
    script = "import numpy as np\nfrom interactiveworld import _core\n" + textwrap.dedent(code)
    wrapped = (f"try:\n{textwrap.indent(script, '    ')}\nexcept {exc} as e:\n    print('RAISED', e)\n"
               f"else:\n    print('NO ERROR')\n")
    r = subprocess.run([sys.executable, "-c", wrapped], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, f"child crashed (rc {r.returncode}): {r.stderr[-2000:]}"
    assert "RAISED" in r.stdout, f"expected {exc}, got: {r.stdout!r}"
    assert text in r.stdout, f"expected {text!r} in {r.stdout!r}"


# ---------------------------------------------------------------------------------------------- SDFs
@pytest.mark.parametrize("grid, point", [((2, 2, 2), "np.full((1, 3), np.nan)"), ((4, 4, 4), "[[np.nan, 0.1, 0.1]]"),
                                         ((4, 4, 4), "[[0.1, np.inf, 0.1]]")])
def test_voxel_sdf_non_finite_query_raises(grid, point):
    _expect_in_child(f"_core.VoxelSDF(np.zeros(3), 0.1, np.zeros({grid}, np.float32)).query(np.array({point}))",
                     "ValueError", "points: row 0 is not finite")


@pytest.mark.parametrize("origin, voxel, values, text", [
    ("np.full(3, np.nan)", "0.1", "np.zeros((4, 4, 4), np.float32)", "origin must be finite"),
    ("np.zeros(3)", "float('nan')", "np.zeros((4, 4, 4), np.float32)", "voxel size"),
    ("np.zeros(3)", "float('inf')", "np.zeros((4, 4, 4), np.float32)", "voxel size"),
    ("np.zeros(3)", "0.1", "np.full((2, 2, 2), np.nan, np.float32)", "NaN"),
])
def test_voxel_sdf_rejects_bad_construction(origin, voxel, values, text):
    _expect_in_child(f"_core.VoxelSDF({origin}, {voxel}, {values}).query(np.zeros((1, 3)))", "ValueError", text)


def test_voxel_sdf_finite_queries_unchanged():
    # values = x coordinate of each voxel centre: trilinear interpolation reproduces x inside the grid, and outside
    # adds the distance to the nearest grid point.
    vals = np.repeat(np.arange(4, dtype=np.float32)[:, None, None] * 0.1, 4, 1).repeat(4, 2)
    g = _core.VoxelSDF(np.zeros(3), 0.1, vals)
    got = g.query(np.array([[0.15, 0.1, 0.2], [0.3, 0.05, 0.25], [0.5, 0.0, 0.0]]))
    np.testing.assert_allclose(got, [0.15, 0.3, 0.3 + 0.2], atol=1e-6)


def test_voxel_sdf_build_tiny_voxel_raises():
    _expect_in_child("""
        import trimesh
        b = trimesh.creation.box()
        md = _core.MeshDistance(b.vertices, b.faces.astype(np.int32))
        _core.VoxelSDF.build(md, 1e-300, 0.0)""", "ValueError", "too large")


@pytest.mark.parametrize("point", ["np.nan", "np.inf"])
def test_mesh_distance_non_finite_point_raises(point):
    _expect_in_child(f"""
        import trimesh
        b = trimesh.creation.box()
        md = _core.MeshDistance(b.vertices, b.faces.astype(np.int32))
        md.signed_distance(np.array([[{point}, 0.0, 0.0]]))""", "ValueError", "points: row 0 is not finite")


# ---------------------------------------------------------------------------------------------- kinematics
_TWO_JOINTS = """
    sk = _core.Skeleton(np.array([-1, 0], np.int32), np.array([[0.0, 0, 0], [0, 1, 0]]), np.eye(3))
    T = sk.forward_kinematics(np.zeros((1, 6)), np.zeros((1, 3)))
    verts = np.zeros((2, 3))
"""


@pytest.mark.parametrize("columns", [80, 100000])
def test_skinning_weights_joint_count_checked(columns):
    _expect_in_child(_TWO_JOINTS + f"""
    W = np.zeros((2, {columns})); W[:, -1] = 1.0
    _core.linear_blend_skinning(sk, T, verts, _core.SkinWeights(W))""", "ValueError", "the skeleton has 2 joints")


def test_skinning_with_matching_weights_still_works():
    sk = _core.Skeleton(np.array([-1, 0], np.int32), np.array([[0.0, 0, 0], [0, 1, 0]]), np.eye(3))
    T = sk.forward_kinematics(np.zeros((1, 6)), np.array([[1.0, 2.0, 3.0]]))
    verts = np.array([[0.0, 0.5, 0.0], [0.2, 1.5, 0.0]])
    out = _core.linear_blend_skinning(sk, T, verts, _core.SkinWeights(np.array([[1.0, 0.0], [0.5, 0.5]])))
    np.testing.assert_allclose(out[0], verts + [1.0, 2.0, 3.0], atol=1e-12)  # rest pose: a pure translation
    assert _core.SkinWeights(np.ones((3, 2))).joint_count == 2


@pytest.mark.parametrize("up, text", [("np.full((3, 3), np.nan)", "finite"), ("2 * np.eye(3)", "rotation"),
                                      ("np.diag([1.0, 1.0, -1.0])", "rotation")])
def test_skeleton_up_must_be_a_rotation(up, text):
    with pytest.raises(ValueError, match=text):
        _core.Skeleton(np.array([-1], np.int32), np.zeros((1, 3)), eval(up))


@pytest.mark.parametrize("pose_value, trans", [(1e300, 0.0), (2e6, 0.0), (0.0, 1e300), (0.0, 2e6)])
def test_forward_kinematics_rejects_absurd_values(pose_value, trans):
    m = BodyModel.builtin()
    with pytest.raises(ValueError, match="1e6"):
        m.forward_kinematics(np.full(156, pose_value), np.array([trans, 0.0, 0.0]))


# ---------------------------------------------------------------------------------------------- collision
def _floor_geometry(transform: np.ndarray) -> CollisionGeometry:
    return CollisionGeometry(box_transforms=transform[None], box_half_extents=np.array([[5.0, 5.0, 0.05]]),
                             box_tags=np.array([SurfaceTag.FLOOR], np.uint8), box_owner=np.array([0], np.int32),
                             owners=["floor#1"])


def test_add_boxes_rejects_non_finite_and_non_rigid_transforms():
    scene = _core.CollisionScene()
    half, owners, floor = np.ones((1, 3)), np.zeros(1, np.int32), np.zeros(1, np.uint8)
    bad = np.eye(4)[None].copy()
    bad[0, 0, 3] = np.nan
    with pytest.raises(ValueError, match="box 0 has a non-finite entry"):
        scene.add_boxes(bad, half, owners, floor)
    scaled = np.diag([2.0, 1.0, 1.0, 1.0])[None]
    with pytest.raises(ValueError, match="not orthonormal"):
        scene.add_boxes(scaled, half, owners, floor)
    with pytest.raises(ValueError, match="half_extents"):
        scene.add_boxes(np.eye(4)[None], np.array([[1.0, np.inf, 1.0]]), owners, floor)
    assert scene.box_count == 0
    with pytest.raises(ValueError, match="sdf must be a VoxelSDF"):
        scene.add_field(None, np.zeros(3), np.ones(3), 0, False)
    assert scene.field_count == 0


def test_scene_collider_rejects_nan_floor_box():
    T = np.eye(4)
    T[2, 3] = np.nan
    with pytest.raises(ValueError, match="non-finite"):
        SceneCollider.from_geometry(_floor_geometry(T))


def test_scene_collider_names_non_finite_vertex():
    g = CollisionGeometry(mesh_vertices=np.array([[0.0, 0, 0], [1, 0, 0], [0, 1, np.nan]]),
                          mesh_faces=np.array([[0, 1, 2]], np.int32), mesh_face_tags=np.zeros(1, np.uint8),
                          mesh_face_owner=np.zeros(1, np.int32), owners=["thing#1"])
    with pytest.raises(ValueError, match="mesh vertex 2 is not finite"):
        SceneCollider.from_geometry(g)


def test_held_object_validated():
    with pytest.raises(ValueError, match="row 0 is not finite"):
        HeldObject("cube#1", "right", np.full((4, 3), np.nan))
    with pytest.raises(ValueError, match="hand must be 'left' or 'right'"):
        HeldObject("cube#1", "middle", np.zeros((4, 3)))
    with pytest.raises(ValueError, match=r"\(K, 3\)"):
        HeldObject("cube#1", "left", np.zeros((4, 2)))


def test_check_pose_rejects_absurd_translation_and_keeps_ordinary_results():
    m = BodyModel.builtin()
    scene = SceneCollider.from_geometry(_floor_geometry(np.eye(4)))
    with pytest.raises(ValueError, match="1e6 m"):
        check_pose(m, np.zeros(156), np.array([1e300, 0.0, 0.0]), scene)
    with pytest.raises(ValueError, match="NaN or infinite"):
        check_pose(m, np.zeros(156), np.array([np.nan, 0.0, 0.0]), scene)
    # The built-in body's soles sit 0.95 m below the pelvis: standing 1.0 m above the floor centre is clear,
    # 0.5 m sinks the legs into the 0.1 m slab.
    assert check_pose(m, np.zeros(156), np.array([0.0, 0.0, 1.05]), scene).ok
    assert not check_pose(m, np.zeros(156), np.array([0.0, 0.0, 0.5]), scene).ok


def test_native_check_poses_argument_ranges():
    from interactiveworld.body.capsules import CapsuleRig

    m = BodyModel.builtin()
    rig = CapsuleRig.for_model(m)
    scene = SceneCollider.from_geometry(_floor_geometry(np.eye(4))).native
    args = (m.skeleton, rig.native, scene, np.zeros((1, 156)), np.zeros((1, 3)))
    with pytest.raises(ValueError, match="threads"):
        _core.check_poses(*args, threads=10**6)
    with pytest.raises(IndexError, match="held_joint"):
        _core.check_poses(*args, held_joint=-7)
    with pytest.raises(ValueError, match="held_points: row 1"):
        _core.check_poses(*args, held_joint=21, held_points=np.array([[0.0, 0, 0], [np.inf, 0, 0]]))
    with pytest.raises(ValueError, match="region_centre"):
        _core.check_poses(*args, region_centre=(np.nan, 0.0, 0.0), region_radius=0.1)
    with pytest.raises(ValueError, match="tolerance"):
        _core.check_poses(*args, tolerance=float("inf"))


def test_capsule_rig_rejects_non_finite_geometry():
    one = np.zeros(1, np.int32)
    ok = dict(offset_a=np.zeros((1, 3)), offset_b=np.ones((1, 3)), radii=np.array([0.05]),
              skip_floor=np.zeros(1, np.uint8), self_check=np.zeros((1, 1), np.uint8), joint_count=1)
    _core.CapsuleRig(one, one, **ok)
    with pytest.raises(ValueError, match="radius must be positive and finite"):
        _core.CapsuleRig(one, one, **{**ok, "radii": np.array([np.inf])})
    with pytest.raises(ValueError, match="offsets must be finite"):
        _core.CapsuleRig(one, one, **{**ok, "offset_b": np.full((1, 3), np.nan)})


def test_clearances_reject_non_finite_transforms():
    one = np.zeros(1, np.int32)
    rig = _core.CapsuleRig(one, one, np.zeros((1, 3)), np.ones((1, 3)), np.array([0.05]), np.zeros(1, np.uint8),
                           np.zeros((1, 1), np.uint8), 1)
    with pytest.raises(ValueError, match="transform 0 is not finite"):
        rig.clearances(np.full((1, 4, 4), np.nan), _core.CollisionScene())


# ---------------------------------------------------------------------------------------------- grasp
def test_curl_fingers_bounds_parameters():
    _expect_in_child("""
        import trimesh
        from interactiveworld.body import BodyModel
        from interactiveworld.actions.grasp import HandModel, object_sdf
        m = BodyModel.builtin()
        sdf = object_sdf(trimesh.creation.box((0.06, 0.06, 0.1)))
        _core.curl_fingers(m.skeleton, np.zeros(156), np.eye(4), *HandModel.of(m, 'right').native_args(), sdf,
                           np.eye(4), step=1e-300)""", "ValueError", "step too small")
    _expect_in_child("""
        import trimesh
        from interactiveworld.body import BodyModel
        from interactiveworld.actions.grasp import HandModel, object_sdf
        m = BodyModel.builtin()
        sdf = object_sdf(trimesh.creation.box((0.06, 0.06, 0.1)))
        wrist, joints, axes, tips, radii = HandModel.of(m, 'right').native_args()
        joints = np.array(joints, np.int32).copy(); joints[0] = [0, 1, 4]  # a chain off the pelvis
        _core.curl_fingers(m.skeleton, np.zeros(156), np.eye(4), wrist, joints, axes, tips, radii, sdf, np.eye(4))
        """, "ValueError", "child of the wrist")
    _expect_in_child("""
        import trimesh
        from interactiveworld.body import BodyModel
        from interactiveworld.actions.grasp import HandModel, object_sdf
        m = BodyModel.builtin()
        sdf = object_sdf(trimesh.creation.box((0.06, 0.06, 0.1)))
        _core.curl_fingers(m.skeleton, np.full(156, np.nan), np.eye(4), *HandModel.of(m, 'right').native_args(),
                           sdf, np.eye(4))""", "ValueError", "pose: entry 0")


# ---------------------------------------------------------------------------------------------- navigation
@pytest.fixture(scope="module")
def small_map():
    return NavigationMap.from_occupancy(synthetic_house_occupancy((40, 40), seed=1), resolution=0.1)


def test_stance_candidates_bounded():
    _expect_in_child("_core.stance_candidates(np.ones((4, 4)), np.ones((4, 4)), (0, 0), 0.1, (0.2, 0.2), [0.1], "
                     "2**31 - 1, 0.0)", "ValueError", "angles per ring must be in [1, 3600]")
    _expect_in_child("_core.stance_candidates(np.ones((4, 4)), np.ones((4, 4)), (0, 0), 0.1, (0.2, 0.2), "
                     "np.full(5000, 0.1), 8, 0.0)", "ValueError", "at most 1024 rings")


def test_select_stances_validates_in_python(small_map):
    args = (small_map, (2.0, 2.0, 0.9), (1.0, 1.0))
    for angles in (10**12, 0, 2.5, "8", True):
        with pytest.raises(ValueError, match="angles"):
            select_stances(*args, angles=angles)
    with pytest.raises(ValueError, match="radii"):
        select_stances(*args, radii=())
    with pytest.raises(ValueError, match="nominal_xy .* outside the navigation grid"):
        select_stances(*args, nominal_xy=(100.0, 2.0))
    with pytest.raises(ValueError, match="nominal_xy .* outside the navigation grid"):
        snap_stance(small_map, (-5.0, 2.0), (1.0, 1.0))
    assert not isinstance(select_stances(*args, angles=8.0), PrimitiveError)  # a whole float is accepted


def test_from_occupancy_validates_origin_and_resolution():
    g = np.zeros((5, 5), bool)
    with pytest.raises(ValueError, match="origin must be finite"):
        NavigationMap.from_occupancy(g, origin=(np.nan, 0.0))
    with pytest.raises(ValueError, match=r"origin: expected world xy \[m\] of shape \(2,\)"):
        NavigationMap.from_occupancy(g, origin=(1.0, 2.0, 3.0))
    for res in (0, -1, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="resolution must be a positive finite number of metres"):
            NavigationMap.from_occupancy(g, resolution=res)


def test_from_geometry_names_non_finite_vertex():
    g = CollisionGeometry(mesh_vertices=np.array([[0.0, 0, 0], [1, 0, 0], [0, 1, 0], [np.nan, 0, 0]]),
                          mesh_faces=np.array([[0, 1, 2], [1, 2, 3]], np.int32), mesh_face_tags=np.zeros(2, np.uint8),
                          mesh_face_owner=np.full(2, -1, np.int32))
    with pytest.raises(ValueError, match="mesh vertex 3 is not finite"):
        NavigationMap.from_geometry(g)


def test_synthetic_house_occupancy_validates():
    with pytest.raises(ValueError, match="resolution"):
        synthetic_house_occupancy((50, 50), resolution=0)
    with pytest.raises(ValueError, match="min_room_m"):
        synthetic_house_occupancy((50, 50), min_room_m=-1.0)
    with pytest.raises(ValueError, match="furniture_per_room"):
        synthetic_house_occupancy((50, 50), furniture_per_room=-2)
    with pytest.raises(ValueError, match="furniture_per_room"):
        synthetic_house_occupancy((50, 50), furniture_per_room=1.5)


def test_plan_route_radii(small_map):
    for radii in ((0.0,), (np.nan,), (-0.1,), (np.inf,)):
        with pytest.raises(ValueError, match="inflation radii must be finite and > 0"):
            plan_route(small_map, (1.0, 1.0), (2.0, 2.0), inflation_radii=radii)
    blocked = plan_route(small_map, (1.0, 1.0), (2.0, 2.0), inflation_radii=(1e300,))
    assert isinstance(blocked, PrimitiveError)
    assert "1e+300 m" in blocked.message and len(blocked.message) < 200


# ---------------------------------------------------------------------------------------------- language
@pytest.mark.parametrize("line", ["[Grab] <mug> (0)", "[Grab] <mug (0)>", "[Grab] <mug> #0"])
def test_index_zero_refused(line):
    with pytest.raises(ParseError, match="Instance indices start at 1") as info:
        parse_command(line)
    err = info.value
    assert line[err.position: err.position + len(err.token)] == err.token and "0" in err.token


def test_attach_connectors_may_be_zero():
    p = parse_command("[Attach] <red_mug> (2) <peg> (0) <table> (1) <hole> (0)")
    assert [a.index for a in p.args] == [2, 0, 1, 0]
    with pytest.raises(ParseError, match="start at 1"):
        parse_command("[Attach] <red_mug> (0) <peg> (0) <table> (1) <hole> (0)")


def test_compile_command_accepts_text_and_names_the_type():
    from interactiveworld.errors import ErrorCode

    err = compile_command("[Grab] <mug> (1)", [])
    assert isinstance(err, PrimitiveError) and err.code is ErrorCode.UNKNOWN_ENTITY
    with pytest.raises(TypeError, match="ParsedCommand"):
        compile_command(42, [])
    with pytest.raises(ParseError):
        compile_command("[Grab] <mug> (0)", [])


# ---------------------------------------------------------------------------------------------- Warp host functions
def test_warp_sdf_query_rejects_non_finite_points():
    _expect_in_child("""
        import warp as wp
        from interactiveworld.kernels import sdf as wsdf
        values = wp.zeros((2, 2, 2), dtype=wp.float32, device="cpu")
        wsdf.query_voxel_sdf(values, np.zeros(3), 0.1, np.full((1, 3), np.nan))""", "ValueError",
                     "points: contains NaN")
    _expect_in_child("""
        import warp as wp
        from interactiveworld.kernels import sdf as wsdf
        values = wp.zeros((2, 2, 2), dtype=wp.float32, device="cpu")
        wsdf.query_voxel_sdf(values, np.full(3, np.nan), 0.1, np.zeros((1, 3)))""", "ValueError", "sdf origin")


def test_warp_fk_and_collision_check_indices():
    _expect_in_child("""
        from interactiveworld.kernels import fk as wfk
        wfk.forward_kinematics([-1, 5], np.zeros((2, 3)), np.eye(3), np.zeros((1, 6)), np.zeros((1, 3)))""",
                     "ValueError", "every parent must precede its child")
    _expect_in_child("""
        from types import SimpleNamespace
        from interactiveworld.kernels import collision as wcol
        rig = SimpleNamespace(joint_a=np.array([0]), joint_b=np.array([7]), offset_a=np.zeros((1, 3)),
                              offset_b=np.zeros((1, 3)), radii=np.array([0.05]))
        wcol.check_poses([-1, 0], np.zeros((2, 3)), np.eye(3), rig, np.zeros((1, 6)), np.zeros((1, 3)))""",
                     "IndexError", "rig.joint_b: joint indices must be in [0, 2)")


def test_warp_finger_table_bounds_steps():
    from interactiveworld.actions.grasp import HandModel
    from interactiveworld.kernels import grasp as wgrasp

    m = BodyModel.builtin()
    wrist, joints, axes, tips, radii = HandModel.of(m, "right").native_args()
    args = (m.rest_joints, m.parents, np.zeros(156), np.eye(4)[None], joints, axes, tips, radii,
            np.zeros((2, 2, 2), np.float32), np.zeros(3), 0.01, np.eye(4))
    with pytest.raises(ValueError, match="curl steps"):
        wgrasp.finger_clearance_table(*args, step=1e-9)
    with pytest.raises(ValueError, match="wrists"):
        wgrasp.finger_clearance_table(*args[:3], np.full((1, 4, 4), np.nan), *args[4:])


# ---------------------------------------------------------------------------------------------- gait and posture
def test_walk_keyframes_refuses_endless_walks():
    from interactiveworld.actions.gait import walk_keyframes

    with pytest.raises(ValueError, match="frames"):
        walk_keyframes(np.array([[0.0, 0.0], [10.0, 0.0]]), 0.0, speed=1e-300)
    with pytest.raises(ValueError, match="within"):
        walk_keyframes(np.array([[0.0, 0.0], [1e300, 0.0]]), 0.0)
    # 1.1 m/s at 12 fps over 2.2 m: the body covers the cruise part in 0.0917 m steps and ends at the goal.
    frames = walk_keyframes(np.array([[0.0, 0.0], [2.2, 0.0]]), 0.0)
    np.testing.assert_allclose(frames[-1, :2], [2.2, 0.0], atol=1e-9)
    np.testing.assert_allclose(frames[1, 0] - frames[0, 0], 1.1 / 12.0, rtol=1e-9)


def test_look_at_rejects_non_finite_turn_limit():
    from interactiveworld.body.posture import look_at

    m = BodyModel.builtin()
    with pytest.raises(ValueError, match="max_turn"):
        look_at(m, np.zeros(156), np.zeros(3), np.array([1.0, 0.0, 1.5]), max_turn=float("nan"))


def test_passable_and_held_sampling_arguments(small_map):
    import trimesh

    with pytest.raises(ValueError, match="radius"):
        small_map.passable(float("nan"))
    # Inflation radius 0.15 m: a cell is passable when its centre is more than 0.15 m from a blocked centre.
    np.testing.assert_array_equal(small_map.passable(0.15), (small_map.clearance > 0.15).astype(np.uint8))
    with pytest.raises(ValueError, match="count"):
        HeldObject.from_mesh("cube#1", "left", trimesh.creation.box(), np.eye(4), count=0)
    held = HeldObject.from_mesh("cube#1", "left", trimesh.creation.box((0.1, 0.1, 0.1)), np.eye(4), count=16)
    assert held.points.shape == (16, 3) and np.all(np.abs(held.points) <= 0.05 + 1e-12)
