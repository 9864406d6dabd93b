"""Visibility (interactiveworld.render.visibility; DESIGN.md "Visibility"): surface samples, the frustum, the
distance limit and occlusion, checked against hand-worked scenes and against a pure-numpy ray caster written here
(Moller-Trumbore), then on the real Environment: walls and closed containers hide what is behind or inside them,
and a rendered and a state-only environment see the same entities after every command."""
from __future__ import annotations

import numpy as np
import pytest
import trimesh

from interactiveworld.bench.taskpack import builtin_taskpacks, load_taskpack
from interactiveworld.env import NEAR_CLIP, Environment
from interactiveworld.render import Camera
from interactiveworld.render.visibility import (OcclusionScene, reached_fractions, samples_by_owner, surface_samples,
                                                visible_entities)
from interactiveworld.world.geometry import VisualMesh

PACKS = builtin_taskpacks()


def _box(owner: str, center, size) -> VisualMesh:
    m = trimesh.creation.box(extents=size, transform=trimesh.transformations.translation_matrix(center))
    return VisualMesh(np.asarray(m.vertices, np.float32), np.asarray(m.faces, np.int32),
                      np.full((len(m.faces), 3), 0.5, np.float32), owner=owner)


def _camera(eye=(0.0, 0.0, 1.5), forward=(1.0, 0.0, 0.0)) -> Camera:
    return Camera(eye=np.array(eye), forward=np.array(forward), fov_y_deg=60.0, width=320, height=240)


def _fractions(static, dynamic, camera, *, max_distance=8.0, near=0.0):
    occ = OcclusionScene()
    occ.set_static(static)
    samples = samples_by_owner([*static, *dynamic])
    return reached_fractions(camera.eye, samples, occ, dynamic, max_distance=max_distance, near=near, camera=camera)


# ------------------------------------------------------------------------------------------ samples
def test_surface_samples_follow_triangle_area_and_lie_on_the_surface():
    # two triangles in the plane z = 0 with areas 0.5 and 1.5: about a quarter of the samples on the first
    v = np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0], [2, 0, 0], [5, 0, 0], [2, 1, 0]], float)
    f = np.array([[0, 1, 2], [3, 4, 5]])
    pts = surface_samples(v, f, 4000, seed=7)
    assert pts.shape == (4000, 3) and np.all(pts[:, 2] == 0)
    first = pts[:, 0] <= 1.0
    np.testing.assert_allclose(first.mean(), 0.25, atol=0.03)
    # inside the first triangle: x, y >= 0 and x + y <= 1; inside the second: 2 <= x, y >= 0, (x-2)/3 + y <= 1
    a, b = pts[first], pts[~first]
    assert np.all(a[:, :2] >= -1e-12) and np.all(a[:, 0] + a[:, 1] <= 1 + 1e-12)
    assert np.all(b[:, 0] >= 2 - 1e-12) and np.all((b[:, 0] - 2) / 3 + b[:, 1] <= 1 + 1e-12)
    np.testing.assert_array_equal(pts, surface_samples(v, f, 4000, seed=7))   # fixed per seed


def test_surface_samples_reject_bad_input():
    with pytest.raises(ValueError, match=r"vertices: expected \(V, 3\)"):
        surface_samples(np.zeros((3, 2)), np.array([[0, 1, 2]]))
    with pytest.raises(ValueError, match="out of range"):
        surface_samples(np.zeros((3, 3)), np.array([[0, 1, 5]]))
    with pytest.raises(ValueError, match="count must be >= 1"):
        surface_samples(np.zeros((3, 3)), np.array([[0, 1, 2]]), 0)


# ------------------------------------------------------------------------------------------ hand-worked scenes
def test_a_wall_between_eye_and_object_hides_it():
    target = _box("mug#1", (3.0, 0.0, 1.5), (0.2, 0.2, 0.2))
    wall = _box("", (1.5, 0.0, 1.5), (0.1, 2.0, 2.0))
    cam = _camera()
    assert _fractions([], [target], cam)["mug#1"] == 1.0
    assert _fractions([wall], [target], cam)["mug#1"] == 0.0


def test_a_half_wall_hides_only_the_part_behind_it():
    # the wall covers z < 1.5 at x = 1.5 for all y: the lower half of a tall box seen head on is hidden
    target = _box("shelf#1", (3.0, 0.0, 1.5), (0.1, 0.4, 1.0))
    low_wall = _box("", (1.5, 0.0, 0.75), (0.1, 4.0, 1.5))
    cam = _camera(eye=(0.0, 0.0, 1.5))
    free = _fractions([], [target], cam)["shelf#1"]
    half = _fractions([low_wall], [target], cam)["shelf#1"]
    assert 0.2 < half < 0.8 * free


def test_frustum_and_distance_limits():
    cam = _camera()
    behind = _box("cup#1", (-3.0, 0.0, 1.5), (0.2, 0.2, 0.2))
    far_side = _box("cup#2", (1.0, 3.0, 1.5), (0.2, 0.2, 0.2))   # 71.6 deg off axis: outside a 80 deg wide view
    far = _box("cup#3", (9.0, 0.0, 1.5), (0.2, 0.2, 0.2))
    near = _box("cup#4", (7.5, 0.0, 1.5), (0.2, 0.2, 0.2))
    fr = _fractions([], [behind, far_side, far, near], cam)
    assert fr["cup#1"] == 0.0 and fr["cup#2"] == 0.0 and fr["cup#3"] == 0.0 and fr["cup#4"] > 0.3
    assert _fractions([], [far], cam, max_distance=10.0)["cup#3"] > 0.3


def test_a_closed_container_hides_its_contents_and_an_open_one_shows_them():
    item = _box("wallet#1", (2.0, 0.0, 1.0), (0.1, 0.1, 0.05))
    # a hollow cabinet: five walls and a door on the side facing the eye
    walls = (((2.0, 0.0, 0.7), (0.6, 0.6, 0.02)), ((2.0, 0.0, 1.3), (0.6, 0.6, 0.02)),
             ((2.3, 0.0, 1.0), (0.02, 0.6, 0.6)), ((2.0, 0.3, 1.0), (0.6, 0.02, 0.6)),
             ((2.0, -0.3, 1.0), (0.6, 0.02, 0.6)))
    shell = [_box("cabinet#1", c, size) for c, size in walls]
    door = _box("cabinet#1", (1.7, 0.0, 1.0), (0.02, 0.6, 0.6))
    cam = _camera(eye=(0.0, 0.0, 1.2))
    assert _fractions(shell, [item, door], cam)["wallet#1"] == 0.0
    assert _fractions(shell, [item], cam)["wallet#1"] > 0.2
    assert _fractions(shell, [item, door], cam)["cabinet#1"] > 0.1   # the cabinet itself is seen


def _reference_fractions(meshes, samples, eye, camera, max_distance, near):
    """Independent reference: every sample's ray tested against every triangle (Moller-Trumbore, 1997)."""
    tris, owners = [], []
    for m in meshes:
        tris.append(m.vertices[m.faces].astype(np.float64))
        owners += [m.owner] * len(m.faces)
    tri = np.concatenate(tris)
    owners = np.array(owners)
    out = {}
    ty = np.tan(np.radians(camera.fov_y_deg) / 2)
    tx = ty * camera.width / camera.height
    for key, pts in samples.items():
        ok = 0
        for p in pts:
            rel = p - eye
            dist = np.linalg.norm(rel)
            z = rel @ camera.forward
            if not (near < dist <= max_distance and z > 0 and abs(rel @ camera.right) <= tx * z
                    and abs(rel @ camera.up) <= ty * z):
                continue
            d = rel / dist
            o = eye + near * d
            e1, e2 = tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0]
            pv = np.cross(d, e2)
            det = np.einsum("ij,ij->i", e1, pv)
            with np.errstate(divide="ignore", invalid="ignore"):
                inv = 1.0 / det
                tv = o - tri[:, 0]
                u = np.einsum("ij,ij->i", tv, pv) * inv
                qv = np.cross(tv, e1)
                v = (qv @ d) * inv
                t = np.einsum("ij,ij->i", e2, qv) * inv
            hit = (np.abs(det) > 1e-12) & (u >= 0) & (v >= 0) & (u + v <= 1) & (t > 0)
            if not hit.any():
                ok += 1
                continue
            j = np.argmin(np.where(hit, t, np.inf))
            ok += owners[j] == key or near + t[j] >= dist - 2e-3
        out[key] = ok / len(pts)
    return out


def test_fractions_match_a_brute_force_ray_caster():
    rng = np.random.default_rng(3)
    meshes = [_box(f"box#{i}", rng.uniform([1.0, -2.0, 0.2], [6.0, 2.0, 2.5]), rng.uniform(0.1, 0.8, 3))
              for i in range(12)]
    cam = _camera(forward=(1.0, 0.2, -0.1))
    samples = samples_by_owner(meshes, count=48)
    occ = OcclusionScene()
    occ.set_static(meshes[:6])
    got = reached_fractions(cam.eye, samples, occ, meshes[6:], max_distance=5.5, near=NEAR_CLIP, camera=cam)
    want = _reference_fractions(meshes, samples, cam.eye, cam, 5.5, NEAR_CLIP)
    assert got.keys() == want.keys()
    for k in want:
        assert abs(got[k] - want[k]) <= 1.0 / 48 + 1e-9, (k, got[k], want[k])   # one sample of float32 slack
    assert any(0 < v < 1 for v in want.values()) and any(v == 0 for v in want.values())


def test_visible_entities_applies_the_fraction_threshold():
    # a ray toward a sample on the far side of an unoccluded box reaches the box itself: every sample counts
    target = _box("shelf#1", (3.0, 0.0, 1.5), (0.1, 0.4, 1.0))
    low_wall = _box("", (1.5, 0.0, 0.75), (0.1, 4.0, 1.5))
    occ = OcclusionScene()
    occ.set_static([low_wall])
    samples = samples_by_owner([target])
    fr = reached_fractions(_camera().eye, samples, occ, [target], max_distance=8.0, camera=_camera())["shelf#1"]
    assert visible_entities(_camera(), samples, occ, [target], near=0.0) == {"shelf#1"}
    assert visible_entities(_camera(), samples, occ, [target], near=0.0, min_fraction=fr + 0.01) == set()
    occ.set_static([])
    assert reached_fractions(_camera().eye, samples, occ, [target], max_distance=8.0, camera=_camera()) == \
        {"shelf#1": 1.0}


# ------------------------------------------------------------------------------------------ the Environment
def _env(tid: str, render: bool) -> tuple[Environment, object]:
    tp = load_taskpack(PACKS[tid])
    env = Environment(render=render, width=160, height=120)
    env.reset(tp.reset_scene())
    return env, tp


def test_the_living_room_gift_is_not_seen_through_the_wall():
    env, _ = _env("finding-08", render=False)
    env.execute("[Walk] <table> (1)")
    env.execute("[LookAt] <side_table> (1)")          # the side table is in the living room, behind the wall
    assert "gift_box#2" not in env.visible_keys()
    assert env.execute("[Walk] <side_table> (1)").ok
    env.execute("[LookAt] <side_table> (1)")
    assert "gift_box#2" in env.visible_keys()


def test_a_closed_cabinet_hides_the_thermometer_until_it_is_opened():
    env, _ = _env("finding-10", render=False)
    env.execute("[LookAt] <bedside_cabinet> (1)")
    assert "bedside_cabinet#1" in env.visible_keys() and "thermometer#1" not in env.visible_keys()
    assert env.execute("[Open] <bedside_cabinet> (1)").ok
    env.execute("[LookAt] <thermometer> (1)")
    assert "thermometer#1" in env.visible_keys()


@pytest.mark.parametrize("tid", ["finding-08", "finding-10", "decision-05"])
def test_rendered_and_state_only_environments_see_the_same_entities(tid):
    """The opening and the oracle's commands, each followed by the visible and reachable sets of both modes."""
    tp = load_taskpack(PACKS[tid])
    a, _ = _env(tid, render=False)
    b, _ = _env(tid, render=True)
    cmds = list(tp.opening.commands) + [c for s in tp.oracle.steps for c in s.commands]
    for c in cmds:
        oa, ob = a.execute(c), b.execute(c)
        assert oa.ok == ob.ok and ob.frames and not oa.frames
        assert a.visible_keys() == b.visible_keys(), c
        assert a.reachable_keys() == b.reachable_keys(), c
        assert a.state_digest() == b.state_digest()


def test_reachable_is_what_the_wearer_could_touch():
    env, _ = _env("guidance-05", render=False)
    env.execute("[Walk] <counter> (1)")
    near = env.reachable_keys()
    assert {"counter#1", "tomato#1", "knife#1"} <= near
    assert "plate#1" not in near and "apple#1" not in near           # on the table across the kitchen
