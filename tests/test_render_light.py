"""The lit model: ceilings and lights from rooms and windows, the light bake, lit shading of one pixel by hand, the
tone curve, texture wrapping, silhouette anti-aliasing, and a lit TaskPack frame."""
from __future__ import annotations

import math

import numpy as np
import pytest
import warp as wp

from interactiveworld.kernels import init_warp
from interactiveworld.kernels import shading as ks
from interactiveworld.render import Camera, Renderer
from interactiveworld.render.lightbake import AMBIENT, AO_FLOOR, bake, subdivide
from interactiveworld.render.shading import ENCODE_LUT, linear_to_srgb8
from interactiveworld.world.geometry import AreaLight, Material, VisualMesh
from interactiveworld.world.lighting import (LAMP_RADIANCE, LAMP_SIZE_M, ceiling_lights, ceiling_mesh, lamp_grid,
                                             room_height, window_light)
from interactiveworld.world import Scene, SceneBuilder
from interactiveworld.world.scene import Room, Wall


def _aces(x):
    """The tone curve after the exposure: Narkowicz's ACES fit, written out here."""
    x = np.maximum(np.asarray(x, np.float64) * ks.EXPOSURE, 0.0)
    return np.clip(x * (2.51 * x + 0.03) / (x * (2.43 * x + 0.59) + 0.14), 0, 1)


# -- world: ceilings and lights ------------------------------------------------------------------------------
def test_area_light_checks_its_rectangle():
    with pytest.raises(ValueError, match="normal"):
        AreaLight((0, 0, 2), (0, 0, -2), (0.3, 0, 0), (0, 0.3, 0), (1, 1, 1))
    with pytest.raises(ValueError, match="orthogonal"):
        AreaLight((0, 0, 2), (0, 0, -1), (0.3, 0, 0.1), (0, 0.3, 0), (1, 1, 1))
    with pytest.raises(ValueError, match="radiance"):
        AreaLight((0, 0, 2), (0, 0, -1), (0.3, 0, 0), (0, 0.3, 0), (1, -1, 1))
    assert AreaLight((0, 0, 2), (0, 0, -1), (0.3, 0, 0), (0, 0.2, 0), (1, 1, 1)).area == pytest.approx(0.24)


def test_ceiling_and_lamps_follow_the_rooms():
    rooms = [Room("kitchen", (0.0, 0.0, 6.0, 4.0)), Room("garden", (6.0, 0.0, 9.0, 4.0))]
    walls = [Wall((0, 0), (6, 0), height=2.7), Wall((0, 4), (6, 4), height=2.7)]
    assert room_height(rooms[0].rect, 0.0, walls) == pytest.approx(2.7)
    # 6 x 4 m: two lamps along x (3 m cells), two along y (4 / 3 - 0.25 rounds up to 2)
    assert lamp_grid(rooms[0].rect) == [(1.5, 1.0), (1.5, 3.0), (4.5, 1.0), (4.5, 3.0)]
    slabs, lamps = ceiling_mesh(rooms, walls)   # the garden has no ceiling
    assert slabs.vertices[:, 2].min() == pytest.approx(2.7) and slabs.vertices[:, 0].max() == pytest.approx(6.0)
    assert len(lamps.faces) == 4 * 12 and lamps.materials[0].emissive[0] > 1.0
    lights = ceiling_lights(rooms, walls)
    assert len(lights) == 4 and all(l.room == "kitchen" and l.normal == (0, 0, -1) for l in lights)
    assert lights[0].center[2] == pytest.approx(2.7 - 0.02) and lights[0].area == pytest.approx(LAMP_SIZE_M ** 2)


def test_window_light_spans_the_opening_and_faces_the_room():
    yaw = math.pi / 2   # the window's +x (its room side) points along world +y
    pose = np.eye(4)
    pose[:2, :2] = [[math.cos(yaw), -math.sin(yaw)], [math.sin(yaw), math.cos(yaw)]]
    pose[:3, 3] = (2.0, 0.05, 0.0)
    backing = np.array([[0, -0.45, 1.05], [0.01, 0.45, 1.75], [0, 0.45, 1.05]])
    light = window_light(pose, backing, "kitchen")
    np.testing.assert_allclose(light.normal, (0, 1, 0), atol=1e-12)
    np.testing.assert_allclose(light.center, (2.0, 0.05 + 0.04, 1.4), atol=1e-12)
    assert light.area == pytest.approx(0.9 * 0.7) and light.kind == "window"
    assert window_light(pose, backing[:2], "") is None


# -- the bake ------------------------------------------------------------------------------------------------
def test_subdivide_keeps_area_winding_and_linear_attributes():
    v = np.array([[0, 0, 0], [2, 0, 0], [0, 1, 0], [5, 5, 0], [5.1, 5, 0], [5, 5.1, 0]], np.float32)
    f = np.array([[0, 1, 2], [3, 4, 5]])
    uv = v[:, :2] * 3.0
    nv, nf, (nuv,), src = subdivide(v, f, [uv], max_edge=0.5)
    area = lambda vv, ff: 0.5 * np.cross(vv[ff[:, 1]] - vv[ff[:, 0]], vv[ff[:, 2]] - vv[ff[:, 0]])[:, 2]
    assert (area(nv, nf) > 0).all()                       # same winding as the parents
    assert area(nv, nf).sum() == pytest.approx(area(v, f).sum(), rel=1e-5)
    assert (src == 1).sum() == 1 and (src == 0).sum() == 25   # the small face stays; 2.24 m -> 5 x 5 grid
    np.testing.assert_allclose(nuv, nv[:, :2] * 3.0, atol=1e-5)


def _floor(size=4.0, z=0.0):
    v = np.array([[-size, -size, z], [size, -size, z], [size, size, z], [-size, size, z]], np.float32)
    return v, np.array([[0, 1, 2], [0, 2, 3]], np.int32)


def _bake_at(verts, faces, lights, point):
    nv, nf, _, _ = subdivide(verts, faces, [np.zeros((len(verts), 1))])
    cn = np.tile(np.array([0, 0, 1], np.float32), (len(nf), 3, 1))
    e, d = bake(nv, nf, cn, lights, cache=False)
    corners = nv[nf].reshape(-1, 3)
    k = np.argmin(np.linalg.norm(corners - point, axis=1))
    return e.reshape(-1, 3)[k], d.reshape(-1, 3)[k], corners[k]


def test_bake_matches_the_area_light_estimate_on_an_open_floor():
    lamp = AreaLight((0, 0, 2.0), (0, 0, -1), (0.1, 0, 0), (0, 0.1, 0), (10.0, 10.0, 10.0))
    v, f = _floor()
    e, d, at = _bake_at(v, f, [lamp], (0.0, 0.0, 0.0))
    dist2 = (2.0 - 0.003) ** 2 + at[0] ** 2 + at[1] ** 2
    cos = (2.0 - 0.003) / math.sqrt(dist2)
    direct = 10.0 * 0.04 * cos * cos / dist2          # L A cos cos / d^2, the lamp small against 2 m
    assert e[0] == pytest.approx(direct + AMBIENT[0], rel=0.03)   # nothing above: ambient unoccluded
    # the corner value gathers centroids of faces up to ~0.3 m away: the direction tilts by up to atan(0.3 / 2)
    np.testing.assert_allclose(d / np.linalg.norm(d), [0, 0, 1], atol=0.15)
    assert np.linalg.norm(d) == pytest.approx(direct, rel=0.06)   # the same gathering, cos^4 falloff


def test_bake_shadows_and_occludes_under_a_table():
    lamp = AreaLight((0, 0, 2.0), (0, 0, -1), (0.3, 0, 0), (0, 0.3, 0), (10.0, 10.0, 10.0))
    fv, ff = _floor()
    top = np.array([[-0.5, -0.5, 0.3], [0.5, -0.5, 0.3], [0.5, 0.5, 0.3], [-0.5, 0.5, 0.3]], np.float32)
    verts = np.vstack([fv, top])
    faces = np.vstack([ff, np.array([[4, 6, 5], [4, 7, 6]], np.int32)])   # facing down (the floor side)
    nv, nf, _, _ = subdivide(verts, faces, [np.zeros((len(verts), 1))])
    tri = nv[nf]
    n = np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])
    cn = np.repeat((n / np.linalg.norm(n, axis=1, keepdims=True))[:, None], 3, axis=1).astype(np.float32)
    e, _ = bake(nv, nf, cn, [lamp], cache=False)
    corners = tri.reshape(-1, 3)
    floor = np.abs(corners[:, 2]) < 1e-6
    under = floor & (np.abs(corners[:, 0]) < 0.2) & (np.abs(corners[:, 1]) < 0.2)
    open_floor = floor & (np.abs(corners[:, 0]) > 1.5) & (np.abs(corners[:, 0]) < 2.0) & (np.abs(corners[:, 1]) < 0.3)
    e = e.reshape(-1, 3)[:, 0]
    assert under.any() and open_floor.any()
    # under the table: no direct light and the ambient term occluded; beside it, lit
    assert e[under].max() < AMBIENT[0] * (AO_FLOOR + (1 - AO_FLOOR) * 0.6)
    assert e[open_floor].min() > AMBIENT[0] + 0.1


# -- lit shading of one pixel --------------------------------------------------------------------------------
def _one_face_tables(lit_static, albedo, textures=(), wrap=(), slot=-1, uv=None):
    nrm = np.array([[0, 0, 1], [0, 0, 0]], np.float32)
    uv = np.zeros((2, 3, 2), np.float32) if uv is None else uv
    st = ks.make_face_table(np.array([albedo, [0.2, 0.3, 0.4]], np.float32), nrm, nrm[:, 2].copy(),
                            np.array([slot, -1], np.int32), uv, list(textures), device="cpu", lit=lit_static,
                            tex_wrap=list(wrap))
    dyn = ks.make_face_table(np.zeros((1, 3), np.float32), np.zeros((1, 3), np.float32), np.zeros(1, np.float32),
                             np.full(1, -1, np.int32), np.zeros((1, 3, 2), np.float32), [], device="cpu")
    return st, dyn


def _lit(e_corners, d_corners=None, mat=0, rough=1.0, metal=0.0, emissive=(0, 0, 0)):
    return {"corner_n": np.tile(np.array([0, 0, 1], np.float32), (2, 3, 1)),
            "corner_e": np.concatenate([np.asarray(e_corners, np.float32)[None], np.zeros((1, 3, 3))]),
            "corner_d": np.zeros((2, 3, 3), np.float32) if d_corners is None else
            np.concatenate([np.asarray(d_corners, np.float32)[None], np.zeros((1, 3, 3))]),
            "mat": np.array([mat, -2], np.int32), "rough": np.array([rough], np.float32),
            "metal": np.array([metal], np.float32), "opacity": np.ones(1, np.float32),
            "emissive": np.array([emissive], np.float32)}


def _shade_one(st, dyn, face, u, v, d=(0.0, 0.0, -1.0)):
    init_warp()
    arr = lambda x, dt: wp.array(np.asarray(x), dtype=dt, device="cpu")
    lut = wp.array(ENCODE_LUT, dtype=wp.uint8, device="cpu")
    out = ks.shade(st, dyn, 1, arr([face], wp.int32), arr([u], wp.float32), arr([v], wp.float32),
                   arr([d], wp.vec3), None, 0.35, 0.65, 0.4, lut, device="cpu")
    return out.numpy()[0]


def test_lit_pixel_is_the_tone_mapped_albedo_times_interpolated_irradiance():
    e = [[0.2, 0.2, 0.2], [1.0, 0.8, 0.6], [0.5, 0.5, 0.5]]
    st, dyn = _one_face_tables(_lit(e, mat=-1), [0.6, 0.5, 0.4])
    u, v = 0.25, 0.5
    irr = 0.25 * np.array(e[0]) + u * np.array(e[1]) + v * np.array(e[2])
    expected = linear_to_srgb8(_aces(np.array([0.6, 0.5, 0.4]) * irr))
    np.testing.assert_allclose(_shade_one(st, dyn, 0, u, v).astype(int), expected.astype(int), atol=1)
    # the background row is drawn unlit, untoned
    np.testing.assert_array_equal(_shade_one(st, dyn, 1, 0.0, 0.0), linear_to_srgb8([0.2, 0.3, 0.4]))


def test_lit_pixel_specular_metal_and_emissive_by_hand():
    e = [[0.5, 0.5, 0.5]] * 3
    dd = [[0.0, 0.0, 0.4]] * 3       # direct light straight above, irradiance 0.4
    albedo = np.array([0.9, 0.6, 0.3])
    # a metal seen head-on under a head-on light: no diffuse; Blinn-Phong lobe at n.h = 1, Fresnel F0 = albedo
    rough = 0.5
    st, dyn = _one_face_tables(_lit(e, dd, rough=rough, metal=1.0), albedo)
    alpha = max(rough ** 2, 0.05)
    s = min(2 / alpha ** 2 - 2, 400.0)
    spec = albedo * (s + 8) / (8 * math.pi) * 0.4
    env = albedo * 0.5 * (1 - 0.5 * rough)    # the mirrored surroundings: F0 E (1 - r / 2), Fresnel 0 head-on
    np.testing.assert_allclose(_shade_one(st, dyn, 0, 0.3, 0.3).astype(int),
                               linear_to_srgb8(_aces(spec + env)).astype(int), atol=1)
    # emissive adds after lighting
    st, dyn = _one_face_tables(_lit(e, None, rough=1.0, emissive=(0.3, 0.0, 0.0)), albedo)
    np.testing.assert_allclose(_shade_one(st, dyn, 0, 0.3, 0.3).astype(int),
                               linear_to_srgb8(_aces(albedo * 0.5 + 0.04 * 0.5 * 0.5 + np.array([0.3, 0, 0])))
                               .astype(int), atol=1)


def test_material_texture_tiles_by_uv():
    tex = np.zeros((2, 2, 3), np.float32)
    tex[1, 0] = (1.0, 0.0, 0.0)          # bottom-left texel red (uv (0, 0) is the bottom-left)
    e = [[1.0, 1.0, 1.0]] * 3
    for u0 in (0.25, 1.25, -0.75):       # the same point of the tile, one tile over either way
        uv = np.zeros((2, 3, 2), np.float32)
        uv[0] = [[u0, 0.25], [u0, 0.25], [u0, 0.25]]
        st, dyn = _one_face_tables(_lit(e), [0.5, 1.0, 1.0], [tex], [True], slot=0, uv=uv)
        np.testing.assert_allclose(_shade_one(st, dyn, 0, 0.3, 0.3).astype(int),
                                   linear_to_srgb8(_aces(np.array([0.5, 0.0, 0.0]) + 0.04 * 0.5)).astype(int), atol=1)


def test_edge_antialiasing_blends_silhouettes_only():
    init_warp()
    w, h = 4, 3
    rgb = np.zeros((h * w, 3), np.uint8)
    rgb[:, :] = 200
    face = np.zeros(h * w, np.int32)
    t = np.full(h * w, 2.0, np.float32)
    face[[2, 6, 10]] = 5                        # column 2: another face at the same depth (a quad's other half)
    face[[3, 7, 11]] = 7                        # column 3: a nearer face (a silhouette between columns 2 and 3)
    t[[3, 7, 11]] = 1.0
    rgb[[3, 7, 11]] = 100
    arr = lambda x, dt: wp.array(x, dtype=dt, device="cpu")
    out = ks.edge_aa(arr(rgb, ks.vec3ub), arr(face, wp.int32), arr(t, wp.float32), w, device="cpu").numpy()
    out = out.reshape(h, w, 3)[:, :, 0]
    assert (out[:, 0:2] == 200).all()            # face change at one depth (a quad's diagonal): untouched
    assert (out[:, 2] == 150).all() and (out[:, 3] == 150).all()   # half own, half across the silhouette


# -- a lit scene ---------------------------------------------------------------------------------------------
def test_lit_room_has_a_ceiling_lamps_and_no_black_corners():
    rooms = [Room("office", (0.0, 0.0, 5.0, 4.0))]
    walls = [Wall((0, 0), (5, 0)), Wall((5, 0), (5, 4)), Wall((5, 4), (0, 4)), Wall((0, 4), (0, 0))]
    floor = VisualMesh(*_floor_box(5.0, 4.0), owner="")
    wall_mesh = VisualMesh(*_wall_boxes(walls), owner="")
    static = [floor, wall_mesh, *ceiling_mesh(rooms, walls)]
    r = Renderer(engine="embree", width=80, height=60)
    r.set_static(static, lights=ceiling_lights(rooms, walls))
    cam = Camera.look_at((0.5, 0.5, 1.6), (4.5, 3.5, 1.6), width=80, height=60)
    img, ids = r.render_with_ids(cam)
    assert (ids == -1).all()                      # anonymous architecture only
    lum = img.astype(float).mean(axis=2)
    assert lum.min() > 40                         # no black room, no black corner
    assert lum.max() < 255 or (lum >= 254).mean() < 0.05   # no blown-out walls (lamp faces may saturate)
    # the top of the view is the ceiling (lit grey), not the background colour
    assert not np.array_equal(img[0, 40], linear_to_srgb8(r.background))


def _floor_box(x1, y1):
    v = np.array([[0, 0, 0], [x1, 0, 0], [x1, y1, 0], [0, y1, 0]], np.float32)
    f = np.array([[0, 1, 2], [0, 2, 3]], np.int32)
    return v, f, np.tile(np.float32([0.5, 0.45, 0.4]), (2, 1))


def _wall_boxes(walls):
    vs, fs = [], []
    for k, w in enumerate(walls):
        a, b = np.asarray(w.start, float), np.asarray(w.end, float)
        v = np.array([[*a, 0], [*b, 0], [*b, w.height], [*a, w.height]], np.float32)
        vs.append(v)
        fs.append(np.array([[0, 1, 2], [0, 2, 3]]) + 4 * k)
    f = np.concatenate(fs).astype(np.int32)
    return np.concatenate(vs), f, np.tile(np.float32([0.8, 0.8, 0.78]), (len(f), 1))


def test_scene_lights_hold_lamps_and_window_daylight():
    b = SceneBuilder("lit")
    b.add_room("kitchen", (0.0, 0.0, 4.0, 3.0))
    b.add_room("garden", (4.0, 0.0, 7.0, 3.0), walls=False)
    b.add_fixture("window", at=(0.05, 1.5), yaw=0.0)    # on the west wall, facing the room (+x)
    scene = Scene.from_dict(b.build())
    lights = scene.lights()
    lamps = [l for l in lights if l.kind == "ceiling"]
    windows = [l for l in lights if l.kind == "window"]
    assert len(lamps) == len(lamp_grid((0.0, 0.0, 4.0, 3.0))) == 2 and {l.room for l in lamps} == {"kitchen"}
    assert len(windows) == 1 and windows[0].room == "kitchen"
    np.testing.assert_allclose(windows[0].normal, (1, 0, 0), atol=1e-9)
    # the daylight stands over the opening of the default 1.0 x 0.8 m window (5 cm frame bars), sill at 1.0 m
    assert windows[0].area == pytest.approx(0.9 * 0.7, rel=1e-6)
    assert windows[0].center[2] == pytest.approx(1.0 + 0.4)
    # the static meshes carry the kitchen's ceiling and its lamps (anonymous), the garden none
    static = scene.static_visual_meshes()
    ceilings = [m for m in static if m.materials and m.materials[0].name in ("ceiling_paint", "lamp_diffuser")]
    assert len(ceilings) == 2 and ceilings[0].vertices[:, 0].max() == pytest.approx(4.0)
    # lit, the wall beside the window is brighter than the same wall's far end
    r = Renderer(engine="embree", width=64, height=48, shadows=False)
    r.set_static(static, lights=lights)
    near = r.render(Camera.look_at((2.0, 1.5, 1.4), (0.0, 1.5 - 0.9, 1.4), width=64, height=48))
    far = r.render(Camera.look_at((2.0, 1.5, 1.4), (0.0, 3.0 - 0.05, 0.3), width=64, height=48))
    assert near.mean() > far.mean()


def test_a_moving_mesh_is_relit_in_a_new_scene():
    """The light of a moving mesh depends on the static scene around it: a new static set relights it."""
    box = VisualMesh(*_floor_box(0.3, 0.3), owner="tray#1")
    box.vertices = box.vertices + np.float32([1.0, 1.0, 0.8])
    cam = Camera.look_at((1.15, 0.5, 0.97), (1.15, 1.15, 0.8), width=48, height=36)   # under the shelf
    open_room = [VisualMesh(*_floor_box(3.0, 3.0), owner="")]
    lamp = [AreaLight((1.15, 1.15, 2.5), (0, 0, -1), (0.3, 0, 0), (0, 0.3, 0), (20.0, 20.0, 20.0))]
    shelf = VisualMesh(np.array([[0.8, 0.8, 1.0], [1.5, 0.8, 1.0], [1.5, 1.5, 1.0], [0.8, 1.5, 1.0]], np.float32),
                       np.array([[0, 1, 2], [0, 2, 3]], np.int32), np.full((2, 3), 0.5, np.float32), owner="")
    r = Renderer(engine="embree", width=48, height=36, shadows=False)
    r.set_static(open_room, lights=lamp)
    lit_open = r.render(cam, [box]).astype(float)
    r.set_static(open_room + [shelf], lights=lamp)   # a shelf between the lamp and the tray
    shaded = r.render(cam, [box]).astype(float)
    fresh = Renderer(engine="embree", width=48, height=36, shadows=False)
    fresh.set_static(open_room + [shelf], lights=lamp)
    np.testing.assert_array_equal(shaded, fresh.render(cam, [box]))
    tray = r.render_ids(cam, [box]) >= 0
    assert tray.sum() > 20 and shaded[tray].mean() < lit_open[tray].mean() - 10
