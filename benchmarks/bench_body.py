"""Body benchmarks: whole-rig pose checks, signed distance build and queries, Warp batched vs C++ scalar.

Peers on the same inputs in the same run: python-fcl (capsule-vs-mesh any-contact per pose), trimesh
``proximity.signed_distance`` and Warp's ``mesh_query_point_sign_normal``. Targets (issue 3): >= 10x python-fcl's
pose checks per second, >= 50x trimesh's signed-distance points per second. Throughput ratios are printed at the
end of the module (and stored in ``benchmark.extra_info``). Run:

    .venv/bin/python -m pytest benchmarks/bench_body.py --benchmark-enable -q
"""
from __future__ import annotations

import time

import numpy as np
import pytest
import trimesh

from interactiveworld import _core
from interactiveworld.actions.grasp import HandModel, object_sdf
from interactiveworld.body import Y_UP_TO_Z_UP, BodyModel, CapsuleRig, SceneCollider, standing_pose
from interactiveworld.world.geometry import CollisionGeometry, SurfaceTag

_RATES: dict[str, dict[str, float]] = {}


def _rate(group: str, label: str, fn, items: int, repeat: int = 3) -> float:
    """Best-of-``repeat`` throughput [items/s] of fn, recorded under group/label."""
    fn()  # warm-up (kernel compilation, caches)
    best = min(_timed(fn) for _ in range(repeat))
    _RATES.setdefault(group, {})[label] = items / best
    return items / best


def _timed(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


@pytest.fixture(scope="module", autouse=True)
def summary(request):
    yield
    tr = request.config.pluginmanager.getplugin("terminalreporter")
    lines = ["", "body benchmarks (throughput, higher is better; ratio = ours / peer)"]
    for group, rates in _RATES.items():
        ours = rates.get("ours")
        for label, r in rates.items():
            if label == "ours":
                continue
            ratio = f"{ours / r:8.1f}x" if ours else "     n/a"
            lines.append(f"  {group:<34} ours {ours or 0:12.0f}/s  {label:<28} {r:12.0f}/s  {ratio}")
    capman = request.config.pluginmanager.getplugin("capturemanager")
    with capman.global_and_fixture_disabled():  # show the table without -s
        for line in lines:
            (tr.write_line(line) if tr is not None else print(line))


@pytest.fixture(scope="module")
def model():
    return BodyModel.builtin()


@pytest.fixture(scope="module")
def scene_mesh():
    mesh = trimesh.creation.icosphere(subdivisions=5, radius=0.35)  # 20,480 triangles
    mesh.apply_translation([0.55, 0.0, 1.0])
    return mesh


@pytest.fixture(scope="module")
def poses(model):
    rng = np.random.default_rng(0)
    p0, t0 = standing_pose(model, (0.0, 0.0), 0.0)
    P = np.tile(p0, (2000, 1))
    P[:, 3:66] += rng.normal(0, 0.3, (2000, 63))
    T = np.tile(t0, (2000, 1))
    T[:, 0] += rng.uniform(-0.3, 0.1, 2000)
    return P, T


def _fcl_rig(rig, ends):
    import fcl

    objs = []
    for (a, b), r in zip(ends, rig.radii):
        length = float(np.linalg.norm(b - a))
        shape = fcl.Capsule(float(r), length) if length > 1e-9 else fcl.Sphere(float(r))
        objs.append(fcl.CollisionObject(shape, fcl.Transform()))
    return objs


def _capsule_transforms(ends):
    out = []
    for a, b in ends:
        length = np.linalg.norm(b - a)
        axis = (b - a) / length if length > 1e-9 else np.array([0.0, 0.0, 1.0])
        out.append((trimesh.geometry.align_vectors([0, 0, 1.0], axis)[:3, :3], (a + b) / 2))
    return out


def test_pose_checks_vs_fcl(benchmark, model, scene_mesh, poses):
    fcl = pytest.importorskip("fcl")
    P, T = poses
    geom = CollisionGeometry(mesh_vertices=scene_mesh.vertices, mesh_faces=scene_mesh.faces,
                             mesh_face_tags=np.full(len(scene_mesh.faces), SurfaceTag.FURNITURE),
                             mesh_face_owner=np.zeros(len(scene_mesh.faces), np.int32), owners=["globe#1"])
    scene = SceneCollider.from_geometry(geom, voxel=0.02)
    rig = CapsuleRig.for_model(model)

    def ours(threads=0):
        return _core.check_poses(model.skeleton, rig.native, scene.native, P, T, self_collision=False,
                                 threads=threads)

    ok = ours()[0]
    n_fcl = 400  # fcl is slow; its rate is measured on a subset
    tfs = model.forward_kinematics(P[:n_fcl], T[:n_fcl])
    ends = [rig.endpoints(tf) for tf in tfs]
    objs = _fcl_rig(rig, ends[0])
    poses_fcl = [_capsule_transforms(e) for e in ends]  # capsule placement precomputed: fcl times only its query
    mesh_obj = fcl.CollisionObject(fcl.BVHModel(), fcl.Transform())
    bvh = fcl.BVHModel()
    bvh.beginModel(len(scene_mesh.vertices), len(scene_mesh.faces))
    bvh.addSubModel(scene_mesh.vertices, scene_mesh.faces)
    bvh.endModel()
    mesh_obj = fcl.CollisionObject(bvh, fcl.Transform())
    manager = fcl.DynamicAABBTreeCollisionManager()
    manager.registerObjects(objs)
    manager.setup()

    def peer():
        hits = []
        for placement in poses_fcl:
            for obj, (R, c) in zip(objs, placement):
                obj.setTransform(fcl.Transform(R, c))
            manager.update()
            data = fcl.CollisionData(request=fcl.CollisionRequest(num_max_contacts=1))
            manager.collide(mesh_obj, data, fcl.defaultCollisionCallback)
            hits.append(data.result.is_collision)
        return hits

    hits = np.array(peer())
    # Same verdicts except where the SDF's voxel-level approximation decides (contacts within a voxel).
    agree = np.mean(hits == ~ok[:n_fcl])
    assert agree > 0.9, agree
    r_ours = _rate("pose checks (20k-tri scene)", "ours", ours, len(P))
    _rate("pose checks (20k-tri scene)", "ours C++ 1 thread", lambda: ours(1), len(P))
    r_fcl = _rate("pose checks (20k-tri scene)", "python-fcl any-contact", peer, n_fcl, repeat=2)
    benchmark.extra_info.update(ours_poses_per_s=r_ours, fcl_poses_per_s=r_fcl, ratio=r_ours / r_fcl,
                                verdict_agreement=float(agree))
    benchmark.pedantic(ours, rounds=3, iterations=1)


def test_signed_distance_vs_trimesh_and_warp(benchmark, scene_mesh):
    rng = np.random.default_rng(1)
    lo, hi = scene_mesh.bounds
    pts = rng.uniform(lo - 0.05, hi + 0.05, (200_000, 3))
    md = _core.MeshDistance(scene_mesh.vertices, scene_mesh.faces)
    t0 = time.perf_counter()
    sdf = _core.VoxelSDF.build(md, 0.015, 0.05)
    build_s = time.perf_counter() - t0
    small = pts[:2000]
    ref = -trimesh.proximity.signed_distance(scene_mesh, small)
    assert np.abs(sdf.query(small) - ref).max() <= 0.015
    group = "signed distance points"
    r_grid = _rate(group, "ours", lambda: sdf.query(pts), len(pts))
    some = pts[:20_000]
    _rate(group, "ours exact (BVH)", lambda: md.signed_distance(some), len(some))
    r_tm = _rate(group, "trimesh signed_distance", lambda: trimesh.proximity.signed_distance(scene_mesh, small),
                 len(small), repeat=1)
    wsdf = pytest.importorskip("interactiveworld.kernels.sdf")
    _rate(group, "warp mesh_query_point (cpu)",
          lambda: wsdf.mesh_signed_distance(scene_mesh.vertices, scene_mesh.faces, some), len(some))
    cells = int(np.prod(sdf.shape))
    _RATES.setdefault("SDF build (voxels/s)", {})["ours"] = cells / build_s
    _rate("SDF build (voxels/s)", "warp build_voxel_sdf (cpu)",
          lambda: wsdf.build_voxel_sdf(scene_mesh.vertices, scene_mesh.faces, 0.015, 0.05), cells, repeat=1)
    benchmark.extra_info.update(points_per_s=r_grid, trimesh_points_per_s=r_tm, ratio=r_grid / r_tm,
                                sdf_build_s=build_s, sdf_cells=cells)
    benchmark.pedantic(lambda: sdf.query(pts), rounds=3, iterations=1)


def test_warp_batched_vs_cpp_scalar(benchmark, model, poses):
    wcol = pytest.importorskip("interactiveworld.kernels.collision")
    wgrasp = pytest.importorskip("interactiveworld.kernels.grasp")
    P, T = poses
    box = np.eye(4)
    box[:3, 3] = [0.45, 0.0, 0.45]
    halves = np.array([[0.3, 0.5, 0.45]])
    scene = SceneCollider.from_geometry(CollisionGeometry(box_transforms=box[None], box_half_extents=halves,
                                                          box_tags=[2], box_owner=[0], owners=["table#1"]))
    rig = CapsuleRig.for_model(model)

    def cpp_scalar():
        return _core.check_poses(model.skeleton, rig.native, scene.native, P, T, self_collision=False, threads=1)

    def warp_batched():
        return wcol.check_poses(model.parents, model.rest_joints, Y_UP_TO_Z_UP, rig, P, T, box_transforms=box[None],
                                box_half_extents=halves, exact=False)

    assert np.mean(warp_batched()[1] == cpp_scalar()[0]) > 0.99
    r_w = _rate("warp vs C++ pose checks (boxes)", "ours", warp_batched, len(P))
    r_c = _rate("warp vs C++ pose checks (boxes)", "C++ scalar (1 thread)", cpp_scalar, len(P))

    mesh = trimesh.creation.cylinder(radius=0.04, height=0.11)
    sdf = object_sdf(mesh)
    hm = HandModel.of(model, "right")
    p0, t0 = standing_pose(model, (0.0, 0.0), 0.0)
    wrist = model.forward_kinematics(p0, t0)[hm.wrist]
    wrists = np.tile(wrist, (15, 1, 1))
    obj = np.eye(4)
    obj[:3, 3] = wrist[:3, 3] + [0.05, -0.05, -0.02]
    inv = np.linalg.inv(obj)
    S = 15 * 5 * 15
    _rate("warp vs C++ finger contacts", "ours",
          lambda: wgrasp.finger_clearance_table(model.rest_joints, model.parents, p0, wrists, hm.joints, hm.axes,
                                                hm.tips, hm.radii, sdf.values, sdf.origin, sdf.voxel, inv), S)
    _rate("warp vs C++ finger contacts", "C++ table",
          lambda: _core.finger_clearance_table(model.skeleton, p0, wrists, *hm.native_args(), sdf, inv), S)
    benchmark.extra_info.update(warp_poses_per_s=r_w, cpp_scalar_poses_per_s=r_c)
    benchmark.pedantic(warp_batched, rounds=3, iterations=1)


def test_render_mesh_per_pose_vs_low_poly(benchmark, model, poses):
    """Per rendered keyframe the body is skinned and handed to the renderer: the 7.6 k-vertex render mesh against
    the earlier 1.1 k-vertex low-poly body (now the support proxy) on the same poses, plus the cold build."""
    from interactiveworld.body.builtin_mesh import _build
    from interactiveworld.body.support_mesh import build_support_mesh

    verts, faces, weights, colors = build_support_mesh(model.rest_joints, model.fingertips)
    old = BodyModel(rest_joints=model.rest_joints, rest_vertices=verts, faces=faces, weights=weights,
                    face_colors=colors, fingertips=model.fingertips)
    P, T = poses
    n = 200
    for group, fn in (("skin (poses/s)", lambda m: [m.skin(P[i], T[i]) for i in range(n)]),
                      ("visual_mesh (poses/s)", lambda m: [m.visual_mesh(P[i], T[i]) for i in range(n)]),
                      ("visual_mesh + normals (poses/s)",
                       lambda m: [(m.visual_mesh(P[i], T[i]), m.visual_normals(P[i], T[i])) for i in range(n)])):
        _rate(group, "ours", lambda: fn(model), n)
        _rate(group, f"low-poly body ({len(old.rest_vertices)} vertices)", lambda: fn(old), n)
    t0 = time.perf_counter()
    _build.cache_clear()
    BodyModel.builtin()
    build_s = time.perf_counter() - t0
    group = "builtin body build (builds/s, cold)"
    _RATES.setdefault(group, {})["ours"] = 1.0 / build_s
    _rate(group, "low-poly body", lambda: BodyModel(rest_joints=model.rest_joints, fingertips=model.fingertips,
                                                    **dict(zip(("rest_vertices", "faces", "weights", "face_colors"),
                                                               build_support_mesh(model.rest_joints,
                                                                                  model.fingertips)))), 1)
    benchmark.extra_info.update(vertices=len(model.rest_vertices), triangles=len(model.faces),
                                low_poly_vertices=len(old.rest_vertices), build_s=build_s)
    benchmark.pedantic(lambda: model.visual_mesh(P[0], T[0]), rounds=20, iterations=1)
