"""USD export and import of scenes, read back with pxr alone (usd-core's own schema readers, the UsdPhysics
parser and UsdSkel's skinning), against the live scene of every built-in TaskPack at handoff.

Tolerances: transforms are written as matrix4d (exact doubles) and compared within 1e-9; geometry is written as
point3f (float32, USD's type for points) in entity-local frames and compared within 1e-6 m; UsdSkel stores joint
rotations as quatf, so skeleton joints are compared within 1e-6 m and skinned vertices within 1e-5 m.
"""
from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from iw_catalog import params as catalog_params

pytest.importorskip("pxr")
from PIL import Image  # noqa: E402
from pxr import Gf, Sdf, Usd, UsdGeom, UsdPhysics, UsdShade, UsdSkel  # noqa: E402

from interactiveworld.bench.taskpack import builtin_taskpacks, load_taskpack  # noqa: E402
from interactiveworld.cli import main as iw_main  # noqa: E402
from interactiveworld.env import Environment  # noqa: E402
from interactiveworld.interop.commands import scene_at_handoff  # noqa: E402
from interactiveworld.interop.usd import (LINK_DENSITY, UsdFormatError, export_scene,  # noqa: E402
                                          import_scene)
from interactiveworld.world.scene import Scene  # noqa: E402

TASKS = sorted(builtin_taskpacks())


def _np(m: Gf.Matrix4d) -> np.ndarray:
    """USD's row-vector matrix as a column-vector (4, 4) transform."""
    return np.array(m).T


@pytest.fixture(scope="module")
def handoff_envs():
    cache: dict[str, Environment] = {}

    def get(task_id: str) -> Environment:
        if task_id not in cache:
            cache[task_id] = scene_at_handoff(load_taskpack(builtin_taskpacks()[task_id]))
        return cache[task_id]
    return get


def _export(env: Environment, path: Path):
    return export_scene(env.scene, path, body=env.executor.motion.model, metadata={"test": True})


def _world_points(stage: Usd.Stage, root: Usd.Prim, xcache: UsdGeom.XformCache) -> np.ndarray:
    """World positions of every visual (non-guide) mesh point under ``root``, (N, 3)."""
    out = []
    for prim in Usd.PrimRange(root):
        if not prim.IsA(UsdGeom.Mesh) or UsdGeom.Imageable(prim).ComputePurpose() == UsdGeom.Tokens.guide:
            continue
        pts = np.array(UsdGeom.Mesh(prim).GetPointsAttr().Get(), float)
        m = _np(xcache.GetLocalToWorldTransform(prim))
        out.append(pts @ m[:3, :3].T + m[:3, 3])
    return np.concatenate(out)


def _physics(stage: Usd.Stage) -> dict[str, dict[str, object]]:
    """UsdPhysics' own parse of the stage: object type name -> {prim path: descriptor}."""
    load = getattr(UsdPhysics, "UsdPhysicsLoadStageFromPrimRange", None) or UsdPhysics.LoadUsdPhysicsFromRange
    parsed = load(stage, ["/World"])
    return {str(k).split(".")[-1]: {str(p): d for p, d in zip(*v)} for k, v in parsed.items()}


@pytest.fixture(scope="module")
def reset_envs():
    def get(task_id: str) -> Environment:
        env = Environment(render=False)
        env.reset(load_taskpack(builtin_taskpacks()[task_id]).reset_scene())
        return env
    return get


@pytest.mark.parametrize("task_id", TASKS)
def test_every_builtin_scene_reads_back_as_loaded(task_id, reset_envs, tmp_path):
    """Every TaskPack's scene as it loads (doors, drawers and objects where the author placed them)."""
    _check_round_trip(reset_envs(task_id), tmp_path / f"{task_id}.usda")


@pytest.mark.parametrize("task_id", catalog_params(TASKS))
def test_every_builtin_scene_reads_back_at_handoff(task_id, handoff_envs, tmp_path):
    """The scene after the opening: objects moved, doors opened, something held, the body posed."""
    _check_round_trip(handoff_envs(task_id), tmp_path / f"{task_id}.usda")


def _check_round_trip(env: Environment, path: Path) -> None:
    scene = env.scene
    result = _export(env, path)
    stage = Usd.Stage.Open(str(result.path))
    assert UsdGeom.GetStageUpAxis(stage) == UsdGeom.Tokens.z
    assert UsdGeom.GetStageMetersPerUnit(stage) == 1.0
    assert UsdPhysics.GetStageKilogramsPerUnit(stage) == 1.0
    xcache = UsdGeom.XformCache(Usd.TimeCode.Default())
    phys = _physics(stage)
    assert len(phys["Scene"]) == 1
    bodies, cubes = phys.get("RigidBody", {}), phys.get("CubeShape", {})
    joints = {**phys.get("RevoluteJoint", {}), **phys.get("PrismaticJoint", {})}
    assert set(result.prims) == set(scene.entities)
    expected_bodies = set()
    for key, e in scene.entities.items():
        path = result.prims[key]
        prim = stage.GetPrimAtPath(path)
        # transforms: the entity and each articulated link
        np.testing.assert_allclose(_np(xcache.GetLocalToWorldTransform(prim)), e.pose, atol=1e-9)
        for j in e.model.joints:
            link = stage.GetPrimAtPath(f"{path}/Link_{j.name}")
            np.testing.assert_allclose(_np(xcache.GetLocalToWorldTransform(link)), e.link_transform(j.name),
                                       atol=1e-9)
        # bounds of the visual geometry (parts and labels) against what the renderer draws of the model (the stage
        # stores the state; the looks of a state are derived from it)
        ref = np.concatenate([m.vertices for m in scene.entity_visuals(e, looks=False)]).astype(float)
        got = _world_points(stage, prim, xcache)
        np.testing.assert_allclose(got.min(0), ref.min(0), atol=1e-6, err_msg=key)
        np.testing.assert_allclose(got.max(0), ref.max(0), atol=1e-6, err_msg=key)
        # colliders: the scene's collision boxes, as UsdPhysics reads them
        boxes = scene.entity_boxes(e)
        found = sorted(p for p in cubes if p.startswith(path + "/"))
        assert len(found) == len(boxes), key
        for p in found:
            k = int(p.rsplit("_", 1)[1])
            world_from_box, half, joint_name = boxes[k]
            np.testing.assert_allclose(np.array(cubes[p].halfExtents), half, atol=1e-6)
            scaled = world_from_box @ np.diag([*half, 1.0])
            np.testing.assert_allclose(_np(xcache.GetLocalToWorldTransform(stage.GetPrimAtPath(p))), scaled,
                                       atol=1e-9)
            assert cubes[p].rigidBody == Sdf.Path(path if e.movable else
                                                  (f"{path}/Link_{joint_name}" if joint_name else Sdf.Path.emptyPath)), p
        if e.movable:
            expected_bodies.add(path)
            mass = UsdPhysics.MassAPI(prim).GetMassAttr().Get()
            assert mass == pytest.approx(e.model.mass, rel=1e-6)
            assert bodies[path].kinematicBody == (key == scene.human.held)
        for j in e.model.joints:
            link_path = f"{path}/Link_{j.name}"
            expected_bodies.add(link_path)
            assert UsdPhysics.MassAPI(stage.GetPrimAtPath(link_path)).GetDensityAttr().Get() == LINK_DENSITY
            desc = joints[f"{path}/Joint_{j.name}"]
            assert desc.body1 == Sdf.Path(link_path)
            limit = math.degrees(j.limit) if j.kind == "hinge" else j.limit
            assert (desc.limit.lower, desc.limit.upper) == pytest.approx((0.0, limit), abs=1e-4)
            _check_joint_frames(stage, xcache, f"{path}/Joint_{j.name}", e, j)
    assert set(bodies) == expected_bodies
    # floors and walls: the world's anonymous (architecture) collision boxes, static, in the same order
    geo = scene.collision_geometry()
    arch = np.flatnonzero(geo.box_owner == -1)
    arch_cubes = [str(p.GetPath()) for p in Usd.PrimRange(stage.GetPrimAtPath("/World/Architecture"))
                  if p.IsA(UsdGeom.Cube)]  # stage order: rooms, then each wall's pieces
    assert len(arch_cubes) == len(arch)
    for p, i in zip(arch_cubes, arch):
        assert cubes[p].rigidBody == Sdf.Path.emptyPath
        np.testing.assert_allclose(_np(xcache.GetLocalToWorldTransform(stage.GetPrimAtPath(p))),
                                   geo.box_transforms[i] @ np.diag([*geo.box_half_extents[i], 1.0]), atol=1e-9)
    # round trip: the same scene dict, and the same world as the dict loaded directly
    back = import_scene(result.path)
    assert back == scene.to_dict()
    via_usd, direct = Environment(render=False), Environment(render=False)
    via_usd.reset(back)
    direct.reset(scene.to_dict())
    assert via_usd.state_digest() == direct.state_digest()


def _check_joint_frames(stage, xcache, joint_path, e, j):
    """Both joint frames sit on the joint axis in the world, x along it, and their offset is the opening."""
    joint = UsdPhysics.Joint(stage.GetPrimAtPath(joint_path))
    frames = []
    for side in (0, 1):
        rel = joint.GetBody0Rel() if side == 0 else joint.GetBody1Rel()
        body = _np(xcache.GetLocalToWorldTransform(stage.GetPrimAtPath(rel.GetTargets()[0])))
        pos = getattr(joint, f"GetLocalPos{side}Attr")().Get()
        rot = getattr(joint, f"GetLocalRot{side}Attr")().Get()
        local = np.eye(4)
        local[:3, :3] = np.array(Gf.Matrix3d(Gf.Rotation(Gf.Quatd(rot)))).T
        local[:3, 3] = np.array(pos, float)
        frames.append(body @ local)
    axis_world = e.pose[:3, :3] @ j.axis
    np.testing.assert_allclose(frames[0][:3, 0], axis_world, atol=1e-6)
    np.testing.assert_allclose(frames[0][:3, 3], e.local_to_world(j.origin), atol=1e-6)
    rel = np.linalg.inv(frames[0]) @ frames[1]
    q = e.opening * j.limit
    if j.kind == "hinge":
        np.testing.assert_allclose(rel[:3, 3], 0.0, atol=1e-6)
        assert math.atan2(rel[2, 1], rel[1, 1]) == pytest.approx(q, abs=1e-5)
    else:
        np.testing.assert_allclose(rel[:3, 3], [q, 0.0, 0.0], atol=1e-6)


def test_skeleton_and_skinning_match_the_body(handoff_envs, tmp_path):
    env = handoff_envs("decision-05")
    h, model = env.scene.human, env.executor.motion.model
    path = _export(env, tmp_path / "skel.usdc").path
    stage = Usd.Stage.Open(str(path))
    cache = UsdSkel.Cache()
    root = UsdSkel.Root(stage.GetPrimAtPath("/World/Human"))
    cache.Populate(root, Usd.PrimDefaultPredicate)
    query = cache.GetSkelQuery(UsdSkel.Skeleton(stage.GetPrimAtPath("/World/Human/Skeleton")))
    xcache = UsdGeom.XformCache(Usd.TimeCode.Default())
    world = np.array([np.array(m).T for m in query.ComputeJointWorldTransforms(xcache)])
    fk = model.forward_kinematics(h.body_pose, h.body_translation)
    assert list(query.GetJointOrder())[1] == "pelvis/left_hip"
    np.testing.assert_allclose(world[:, :3, 3], fk[:, :3, 3], atol=1e-6)
    np.testing.assert_allclose(world[:, :3, :3], fk[:, :3, :3], atol=1e-6)
    # UsdSkel's linear blend skinning against the body's own
    mesh = stage.GetPrimAtPath("/World/Human/Body")
    skinning = cache.GetSkinningQuery(mesh)
    points = UsdGeom.Mesh(mesh).GetPointsAttr().Get()
    xforms = query.ComputeSkinningTransforms(Usd.TimeCode.Default())
    assert skinning.ComputeSkinnedPoints(xforms, points, Usd.TimeCode.Default())
    skinned = np.array(points, float)
    to_world = _np(xcache.GetLocalToWorldTransform(root.GetPrim()))
    np.testing.assert_allclose(skinned @ to_world[:3, :3].T + to_world[:3, 3], model.skin(h.body_pose, h.body_translation),
                               atol=1e-5)


def test_label_textures_are_the_rendered_images(handoff_envs, tmp_path):
    env = handoff_envs("decision-05")
    result = _export(env, tmp_path / "labels.usda")
    stage = Usd.Stage.Open(str(result.path))
    checked = 0
    for key, e in env.scene.entities.items():
        for k, lab in enumerate(env.scene.entity_visuals(e, looks=False)[1:]):
            prim = stage.GetPrimAtPath(f"{result.prims[key]}/Label_{k:02d}")
            material, _ = UsdShade.MaterialBindingAPI(prim).ComputeBoundMaterial()
            tex = UsdShade.Shader(stage.GetPrimAtPath(material.GetPath().AppendChild("Texture")))
            asset = tex.GetInput("file").Get()
            image = np.asarray(Image.open(asset.resolvedPath).convert("RGB"))
            np.testing.assert_array_equal(image, lab.texture)
            st = np.array(UsdGeom.PrimvarsAPI(prim).GetPrimvar("st").Get(), float)
            np.testing.assert_array_equal(st, lab.uv)
            checked += 1
    labelled = sum(len(e.labels) for e in env.scene.entities.values())
    assert checked == labelled > 0
    assert all(p.parent == tmp_path / "labels_textures" for p in result.textures)


@pytest.mark.parametrize("suffix", [".usdc", ".usd", ".usdz"])
def test_round_trip_in_every_encoding(suffix, handoff_envs, tmp_path):
    env = handoff_envs("guidance-05")
    path = _export(env, tmp_path / f"scene{suffix}").path
    assert import_scene(path) == env.scene.to_dict()
    if suffix == ".usdz":  # the package carries its textures: nothing is written beside it
        assert sorted(p.name for p in tmp_path.iterdir()) == ["scene.usdz"]


def test_a_pose_edited_in_usd_moves_the_entity_on_import(handoff_envs, tmp_path):
    env = handoff_envs("decision-05")
    result = _export(env, tmp_path / "edit.usda")
    key = next(k for k, e in env.scene.entities.items() if e.movable)
    stage = Usd.Stage.Open(str(result.path))
    moved = env.scene.entities[key].pose.copy()
    moved[:3, 3] += [0.25, -0.5, 0.0]
    UsdGeom.Xformable(stage.GetPrimAtPath(result.prims[key])).GetOrderedXformOps()[0].Set(Gf.Matrix4d(moved.T.tolist()))
    stage.GetRootLayer().Save()
    back = import_scene(result.path)
    rec = next(d for d in back["entities"] if f"{d['name']}#{d['index']}" == key)
    assert rec["pose"]["position"] == pytest.approx(moved[:3, 3].tolist(), abs=0)


def test_import_refuses_foreign_and_broken_files(tmp_path):
    with pytest.raises(FileNotFoundError):
        import_scene(tmp_path / "missing.usda")
    (tmp_path / "not.usda").write_text("this is not usd\n")
    with pytest.raises(UsdFormatError, match="not a file USD can open"):
        import_scene(tmp_path / "not.usda")
    stage = Usd.Stage.CreateNew(str(tmp_path / "foreign.usda"))
    UsdGeom.Xform.Define(stage, "/World")
    stage.GetRootLayer().Save()
    with pytest.raises(UsdFormatError, match=r"/World has no interactiveworld:format"):
        import_scene(tmp_path / "foreign.usda")
    with pytest.raises(ValueError, match="a USD file name ends in"):
        export_scene(Scene("empty"), tmp_path / "x.obj")


def test_import_names_a_missing_attribute(handoff_envs, tmp_path):
    env = handoff_envs("decision-05")
    result = _export(env, tmp_path / "broken.usda")
    key = next(iter(result.prims))
    stage = Usd.Stage.Open(str(result.path))
    stage.GetPrimAtPath(result.prims[key]).RemoveProperty("interactiveworld:params")
    stage.GetRootLayer().Save()
    with pytest.raises(UsdFormatError, match=rf"{result.prims[key]} has no interactiveworld:params"):
        import_scene(result.path)


def test_cli_export_and_import(tmp_path, capsys):
    out = tmp_path / "d5.usda"
    assert iw_main(["export-usd", "decision-05", str(out)]) == 0
    assert "the human skeleton" in capsys.readouterr().out
    stage = Usd.Stage.Open(str(out))
    data = stage.GetRootLayer().customLayerData["interactiveworld"]
    assert data["task_id"] == "decision-05" and data["state"] == "handoff"
    back = tmp_path / "d5.json"
    assert iw_main(["export-usd", "--import", str(out), str(back)]) == 0
    scene = json.loads(back.read_text())
    tp = load_taskpack(builtin_taskpacks()["decision-05"])
    assert scene == scene_at_handoff(tp).scene.to_dict()
    # a scene file exports too, and --before-opening gives the TaskPack's initial scene
    assert iw_main(["export-usd", str(back), str(tmp_path / "again.usdc"), "--no-human"]) == 0
    assert not Usd.Stage.Open(str(tmp_path / "again.usdc")).GetPrimAtPath("/World/Human")
    assert iw_main(["export-usd", "decision-05", str(tmp_path / "initial.usdc"), "--before-opening"]) == 0
    first = Environment(render=False)
    first.reset(tp.reset_scene())
    assert import_scene(tmp_path / "initial.usdc") == first.scene.to_dict()


@pytest.mark.parametrize("argv, message", [
    (["export-usd", "no-such-task", "x.usda"], "neither a file nor a built-in TaskPack id: unknown task id "
                                               "'no-such-task' (120 built-in TaskPacks, accessibility-01 to "
                                               "prevention-20; 'iw-eval report --tasks' lists them)"),
    (["export-usd", "decison-05", "x.usda"], "did you mean 'decision-05' or"),
    (["export-usd", "decision-05", "afile/x.usda"], "afile/x.usda: lies below afile, which is a file"),
    (["export-usd", "--import", "missing.usda", "afile/x.json"], "afile/x.json: lies below afile, which is a file"),
    (["export-usd", "decision-05", "x.obj"], "must end in one of"),
    (["export-usd", "--import", "missing.usda", "x.json"], "no such USD file"),
])
def test_cli_bad_arguments_exit_2(argv, message, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("")
    assert iw_main(argv) == 2
    assert message in capsys.readouterr().err


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc, where no file can be created")
def test_cli_a_stage_that_cannot_be_written_is_one_line(capsys):
    assert iw_main(["export-usd", "decision-05", "/proc/x.usda", "--no-human"]) == 1
    err = capsys.readouterr().err
    assert err == "iw-eval export-usd: error: /proc/x.usda: cannot be written (Unable to open /proc/x.usda for write)\n"
