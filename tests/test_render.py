"""Renderer: camera geometry, expected colours at expected pixels, shadows, textures, scene states, OCR."""
import shutil
import subprocess
import sys

import numpy as np
import pytest

from interactiveworld.render import (Camera, Renderer, inspection_camera, label_quad, make_label_texture,
                                     visible_owners)
from interactiveworld.render import scenes
from interactiveworld.render.shading import linear_to_srgb8, srgb_to_linear
from interactiveworld.world.geometry import VisualMesh

W, H = 160, 120


def _quad(center, normal, up, w, h, color, owner):
    q = label_quad("x", center, normal, up, w, h, owner=owner, offset_m=0.0)
    return VisualMesh(vertices=q.vertices, faces=q.faces, face_colors=np.tile(np.float32(color), (2, 1)), owner=owner)


# -- camera -------------------------------------------------------------------------------------------------
def test_camera_rays_hand_worked_corner():
    # 3x3, 90 deg vertical fov: the top-left pixel centre sits at (-2/3, +2/3) on the tan plane
    cam = Camera(eye=(1, 2, 3), forward=(1, 0, 0), up=(0, 0, 1), fov_y_deg=90.0, width=3, height=3)
    o, d = cam.rays()
    right = np.array([0.0, -1.0, 0.0])   # forward x up
    expected = np.array([1.0, 0, 0]) + (-2 / 3) * right + (2 / 3) * np.array([0, 0, 1.0])
    np.testing.assert_allclose(d[0], expected / np.linalg.norm(expected), atol=1e-6)
    np.testing.assert_allclose(d[4], [1, 0, 0], atol=1e-6)   # centre pixel looks straight ahead
    np.testing.assert_allclose(o, np.tile([1, 2, 3], (9, 1)))


def test_camera_project_inverts_rays():
    cam = Camera.look_at((0.3, -1.0, 1.5), (2.0, 3.0, 0.5), width=64, height=48)
    _, d = cam.rays()
    px = cam.project(cam.eye + 2.5 * d.astype(np.float64))
    cols, rows = np.meshgrid(np.arange(64) + 0.5, np.arange(48) + 0.5)
    np.testing.assert_allclose(px, np.stack([cols.ravel(), rows.ravel()], 1), atol=1e-3)


def test_camera_rejects_bad_input():
    with pytest.raises(ValueError, match="parallel"):
        Camera(eye=(0, 0, 0), forward=(0, 0, 1), up=(0, 0, 1))
    with pytest.raises(ValueError, match="fov"):
        Camera(eye=(0, 0, 0), forward=(1, 0, 0), fov_y_deg=180)
    with pytest.raises(ValueError, match="Camera.eye"):
        Camera(eye=(0, np.nan, 0), forward=(1, 0, 0))
    with pytest.raises(ValueError, match="distance"):
        inspection_camera((0, 0, 0), (0, -1, 0), (0, 0, 1), distance=0)
    with pytest.raises(ValueError, match="Camera.near"):
        Camera(eye=(0, 0, 0), forward=(1, 0, 0), near=-0.1)
    with pytest.raises(ValueError, match="label_width_m"):
        inspection_camera((0, 0, 0), (0, -1, 0), (0, 0, 1), label_height_m=0.1, label_width_m=0.0)


def test_inspection_camera_faces_label():
    cam = inspection_camera((1, 2, 1), (0, -1, 0), (0, 0, 1))
    np.testing.assert_allclose(cam.eye, [1, 2 - 0.45, 1])
    np.testing.assert_allclose(cam.forward, [0, 1, 0])
    # a 15 cm label fills half the view height: d = 0.15 / (0.5 * 2 tan 35 deg) = 0.214 m
    near = inspection_camera((1, 2, 1), (0, -1, 0), (0, 0, 1), label_height_m=0.15)
    np.testing.assert_allclose(np.linalg.norm(near.eye - [1, 2, 1]), 0.15 / (0.5 * 2 * np.tan(np.radians(35))))
    # a 9 cm label would need 0.129 m: the camera comes no nearer than 0.15 m
    np.testing.assert_allclose(np.linalg.norm(inspection_camera((1, 2, 1), (0, -1, 0), (0, 0, 1),
                                                                label_height_m=0.09).eye - [1, 2, 1]), 0.15)
    # a 1.0 x 0.7 m whiteboard is framed whole: its width spans 90% of a 4:3 frame, d = 1.0 / (0.9 * 2 tan 35 * 4/3)
    board = inspection_camera((1, 2, 1), (0, -1, 0), (0, 0, 1), label_height_m=0.7, label_width_m=1.0)
    np.testing.assert_allclose(np.linalg.norm(board.eye - [1, 2, 1]), 1.0 / (0.9 * 2 * np.tan(np.radians(35)) * 4 / 3))
    # rays start 1 cm in front of the label plane, so nothing between the eye and the label is drawn
    np.testing.assert_allclose(board.near, np.linalg.norm(board.eye - [1, 2, 1]) - 0.01)


# -- colours at pixels --------------------------------------------------------------------------------------
@pytest.fixture(params=["embree", "warp-cpu"])
def engine(request):
    return request.param


def test_flat_colour_at_expected_pixel(engine):
    red, green = (0.8, 0.05, 0.05), (0.05, 0.6, 0.1)
    meshes = [_quad((3, 0, 1), (-1, 0, 0), (0, 0, 1), 1.0, 1.0, red, "red_panel#1"),
              scenes.box((2.5, 1.0, 1.0), (0.1, 0.1, 0.1), green, "green_box#1")]
    r = Renderer(engine=engine, width=W, height=H, shading="flat")
    r.set_static(meshes)
    cam = Camera(eye=(0, 0, 1), forward=(1, 0, 0), up=(0, 0, 1), width=W, height=H)
    img, ids = r.render_with_ids(cam)
    np.testing.assert_array_equal(img[H // 2, W // 2], linear_to_srgb8(red))
    col, row = cam.project([[2.4, 1.0, 1.0]])[0].astype(int)   # the green box's near face centre
    np.testing.assert_array_equal(img[row, col], linear_to_srgb8(green))
    assert r.owners[ids[row, col]] == "green_box#1"
    assert ids[2, 2] == -1   # top-left looks past the panel into the background
    np.testing.assert_array_equal(img[2, 2], linear_to_srgb8(r.background))


def test_lambert_matches_hand_computed_value(engine):
    albedo = np.array([0.6, 0.5, 0.4], np.float32)
    light = np.array([-1.0, 0.0, 1.0]) / np.sqrt(2)   # 45 deg onto the panel facing -x
    r = Renderer(engine=engine, width=W, height=H, light_dir=light, ambient=0.3, shadows=False, shading="lambert")
    r.set_static([_quad((2, 0, 1), (-1, 0, 0), (0, 0, 1), 2.0, 2.0, albedo, "panel#1")])
    cam = Camera(eye=(0, 0, 1), forward=(1, 0, 0), up=(0, 0, 1), width=W, height=H)
    img = r.render(cam)
    _, d = cam.rays()
    n_dot_d = abs(d[(H // 2) * W + W // 2] @ [-1, 0, 0])
    shade = 0.3 * (0.6 + 0.4 * n_dot_d) + 0.7 * (1 / np.sqrt(2))
    np.testing.assert_allclose(img[H // 2, W // 2].astype(int), linear_to_srgb8(albedo * shade).astype(int), atol=1)


def test_contact_shadow_under_a_plate(engine):
    floor = scenes.box((0, 0, -0.05), (3, 3, 0.05), (0.5, 0.5, 0.5), "floor#1")
    plate = scenes.box((1.5, 0, 0.5), (0.3, 0.3, 0.01), (0.5, 0.5, 0.5), "plate#1")
    r = Renderer(engine=engine, width=W, height=H, light_dir=(0, 0, 1), ambient=0.4, shading="lambert")
    r.set_static([floor, plate])
    cam = Camera.look_at((0, 0, 1.5), (1.5, 0, 0), width=W, height=H)
    img = r.render(cam)
    _, d = cam.rays()
    # a floor point under the plate (shadowed) and one beside it (lit), ray directions from their pixels
    for point, lit in (((1.5, 0.0, 0.0), False), ((1.5, 1.0, 0.0), True)):
        col, row = cam.project([point])[0].astype(int)
        nd = abs(d[row * W + col][2])
        shade = 0.4 * (0.6 + 0.4 * nd) + (0.6 if lit else 0.0)
        expected = linear_to_srgb8(np.float32(0.5) * shade)
        np.testing.assert_allclose(img[row, col].astype(int), [int(expected)] * 3, atol=1)


def test_texture_orientation_left_red_right_blue(engine):
    tex = np.zeros((8, 16, 3), np.uint8)
    tex[:, :8] = (255, 0, 0)
    tex[:, 8:] = (0, 0, 255)
    q = label_quad("", (2, 0, 1), (-1, 0, 0), (0, 0, 1), 1.0, 0.5, owner="card#1", texture=tex, offset_m=0.0)
    r = Renderer(engine=engine, width=W, height=H, shading="flat")
    r.set_static([q])
    cam = Camera(eye=(0, 0, 1), forward=(1, 0, 0), up=(0, 0, 1), width=W, height=H)
    img = r.render(cam)
    left = cam.project([[2, 0.25, 1]])[0].astype(int)    # +y is image-left when looking along +x
    right = cam.project([[2, -0.25, 1]])[0].astype(int)
    np.testing.assert_array_equal(img[left[1], left[0]], [255, 0, 0])
    np.testing.assert_array_equal(img[right[1], right[0]], [0, 0, 255])


def _slow_first_hit_owner(meshes, cam):
    """Reference twin: brute-force Moller-Trumbore over every triangle, per pixel, in float64."""
    o, d = cam.rays()
    best_t = np.full(len(d), np.inf)
    owner = np.full(len(d), "", dtype=object)
    for m in meshes:
        for tri in m.vertices[m.faces].astype(np.float64):
            e1, e2 = tri[1] - tri[0], tri[2] - tri[0]
            p = np.cross(d, e2)
            det = p @ e1
            ok = np.abs(det) > 1e-12
            inv = np.where(ok, 1.0 / np.where(ok, det, 1.0), 0.0)
            s = o - tri[0]
            u = np.einsum("ij,ij->i", s, p) * inv
            q = np.cross(s, e1)
            v = np.einsum("ij,ij->i", d, q) * inv
            t = q @ e2 * inv
            hit = ok & (u >= 0) & (v >= 0) & (u + v <= 1) & (t > 1e-9) & (t < best_t)
            best_t[hit] = t[hit]
            owner[hit] = m.owner
    return owner


def test_owner_map_matches_brute_force_reference(engine):
    meshes = [scenes.box((2.0, 0.3, 1.0), (0.2, 0.2, 0.3), (1, 0, 0), "a#1"),
              scenes.box((3.0, -0.2, 0.9), (0.3, 0.4, 0.4), (0, 1, 0), "b#1", yaw=0.4),
              scenes.box((2.5, 0.0, 0.3), (1.0, 1.0, 0.05), (0, 0, 1), "c#1")]
    cam = Camera.look_at((0, 0, 1.2), (2.5, 0, 0.8), width=40, height=30)
    r = Renderer(engine=engine, width=40, height=30)
    r.set_static(meshes)
    ids = r.render_ids(cam).ravel()
    got = np.array([r.owners[i] if i >= 0 else "" for i in ids], dtype=object)
    ref = _slow_first_hit_owner(meshes, cam)
    assert (got != ref).sum() <= 2, f"{(got != ref).sum()} pixels differ from the reference"   # edge pixels only


# -- scene states -------------------------------------------------------------------------------------------
def _fridge_view(open_fraction):
    static, door = scenes.kitchen(open_fraction=open_fraction)
    r = Renderer(engine="embree", width=W, height=H)
    r.set_static(static)
    cam = Camera.look_at((2.95, 2.2, 1.6), (3.4, 3.6, 1.0), width=W, height=H)
    return r, cam, door


def test_open_and_closed_fridge_differ():
    r, cam, closed_door = _fridge_view(0.0)
    _, _, open_door = _fridge_view(1.0)
    closed, closed_ids = r.render_with_ids(cam, [closed_door])
    opened = r.render(cam, [open_door])
    changed = np.any(closed != opened, axis=2).mean()
    assert changed > 0.10, f"only {changed:.1%} of pixels changed"
    carton = r.owner_index("milk_carton#1")
    assert not np.any(closed_ids == carton)
    seen = visible_owners(r, cam, [open_door])
    assert "milk_carton#1" in seen and "fridge#1" in seen


def test_held_object_appears_in_lower_part_of_view():
    from interactiveworld.render.gallery import held_carton

    static, door = scenes.kitchen()
    r = Renderer(engine="embree", width=W, height=H)
    r.set_static([m for m in static if m.owner != "milk_carton#1"])
    cam = Camera.look_at((2.0, 1.0, 1.6), (2.0, 3.0, 1.2), width=W, height=H)
    held, arm, _, _ = held_carton(cam.eye, cam.forward)
    ids = r.render_ids(cam, [door, arm] + held)
    rows, cols = np.nonzero(ids == r.owner_index("milk_carton#1"))
    assert len(rows) > 100
    assert rows.min() > H // 2, "the held carton should sit entirely in the lower half of the view"
    assert np.any(ids == r.owner_index("body"))
    assert visible_owners(r, cam, [door, arm] + held)["milk_carton#1"] == len(rows)
    assert visible_owners(r, cam, ids=ids) == visible_owners(r, cam, [door, arm] + held)
    assert "milk_carton#1" not in visible_owners(r, cam, [door, arm] + held, min_pixels=len(rows) + 1)


def test_dynamic_mesh_occludes_static_and_is_rebuilt_per_frame():
    r = Renderer(engine="embree", width=W, height=H, shading="flat")
    r.set_static([_quad((3, 0, 1), (-1, 0, 0), (0, 0, 1), 2.0, 2.0, (1, 1, 1), "wall#1")])
    cam = Camera(eye=(0, 0, 1), forward=(1, 0, 0), width=W, height=H)
    near = scenes.box((1.5, 0, 1), (0.1, 0.1, 0.1), (1, 0, 0), "cube#1")
    assert r.owners[r.render_ids(cam, [near])[H // 2, W // 2]] == "cube#1"
    assert r.owners[r.render_ids(cam)[H // 2, W // 2]] == "wall#1"
    behind = scenes.box((4.0, 0, 1), (0.1, 0.1, 0.1), (1, 0, 0), "cube#2")
    assert r.owners[r.render_ids(cam, [behind])[H // 2, W // 2]] == "wall#1"


def test_bad_meshes_and_options_raise():
    r = Renderer(engine="embree", width=W, height=H)
    bad = VisualMesh(vertices=np.zeros((3, 3), np.float32), faces=np.array([[0, 1, 5]]),
                     face_colors=np.zeros((1, 3), np.float32), owner="x#1")
    with pytest.raises(ValueError, match="out of range"):
        r.set_static([bad])
    bad2 = VisualMesh(vertices=np.zeros((3, 3), np.float32), faces=np.array([[0, 1, 2]]),
                      face_colors=np.zeros((2, 3), np.float32), owner="x#1")
    with pytest.raises(ValueError, match="face_colors"):
        r.render(Camera(eye=(0, 0, 0), forward=(1, 0, 0)), [bad2])
    with pytest.raises(ValueError, match="engine"):
        Renderer(engine="optix")
    with pytest.raises(ValueError, match="shading"):
        Renderer(engine="embree", shading="phong")


# -- labels -------------------------------------------------------------------------------------------------
def test_label_texture_has_centred_dark_text():
    tex = make_label_texture("MILK\n2%", size_px=(200, 100))
    assert tex.shape == (100, 200, 3) and tex.dtype == np.uint8
    dark = np.argwhere(tex.mean(axis=2) < 100)
    assert len(dark) > 200
    box_centre = (dark.min(axis=0) + dark.max(axis=0)) / 2
    np.testing.assert_allclose(box_centre, [49.5, 99.5], atol=3)   # the text's ink box is centred
    with pytest.raises(ValueError):
        make_label_texture("x", size_px=(4, 4))


def test_a_label_quad_keeps_a_quiet_zone_around_its_text():
    """A 4.9 x 9.6 cm bottle label prints at 2400 px/m (118 x 230 px): a tenth of its width, 12 px, stays blank on
    each side, where a fixed 8 px margin let the widest word run to within 3 mm of the edge."""
    q = label_quad("ICED\nTEA", (0, 0, 0), (-1, 0, 0), (0, 0, 1), 0.049, 0.096, owner="bottle#1")
    assert q.texture.shape == (230, 118, 3)
    cols = np.flatnonzero((q.texture.mean(axis=2) < 100).any(axis=0))
    assert cols.min() >= 12 and cols.max() <= 118 - 1 - 12
    assert cols.min() <= 16 or cols.max() >= 118 - 1 - 16        # the widest word still fills the rest


needs_tesseract = pytest.mark.skipif(shutil.which("tesseract") is None,
                                     reason="tesseract binary not installed (apt: tesseract-ocr)")


def _ocr_label(renderer, cam, label, dynamic):
    """OCR the label's region of the frame (tesseract's page layout analysis discards text set inside
    large flat-shaded shapes when given the whole frame)."""
    import pytesseract
    from PIL import Image

    img = renderer.render(cam, dynamic)
    px = cam.project(label.vertices)
    (c0, r0), (c1, r1) = np.floor(px.min(axis=0)).astype(int), np.ceil(px.max(axis=0)).astype(int)
    pad = 12
    crop = img[max(r0 - pad, 0): r1 + pad, max(c0 - pad, 0): c1 + pad]
    return pytesseract.image_to_string(Image.fromarray(crop))


@needs_tesseract
def test_carton_label_is_legible_in_the_inspection_view():
    static, door = scenes.kitchen(open_fraction=1.0)
    r = Renderer(engine="embree")
    r.set_static(static)
    c, n, up = scenes.carton_label_frame(scenes.CARTON_IN_FRIDGE)
    label = next(m for m in static if m.owner == "milk_carton#1" and m.texture is not None)
    text = _ocr_label(r, inspection_camera(c, n, up, label_height_m=0.09), label, [door])
    words = text.split()
    assert "MILK" in words and "2%" in words and "FAT" in words, f"OCR read {text!r}"
    # from a walking view 2.7 m away the same label is too small to read: legibility comes from LookAt
    far = _ocr_label(r, Camera.look_at((2.6, 1.0, 1.5), scenes.CARTON_IN_FRIDGE), label, [door])
    assert "MILK" not in far.split(), f"OCR read {far!r}"


@needs_tesseract
def test_wall_sign_is_legible_from_two_metres():
    static, door = scenes.kitchen()
    r = Renderer(engine="embree")
    r.set_static(static)
    sign = next(m for m in static if m.owner == "sign#1")
    text = _ocr_label(r, Camera.look_at((2.0, 2.0, 1.6), (2.0, 4.0, 1.6)), sign, [door])
    words = [w.strip(".,:;'\"") for w in text.split()]  # the words, not stray punctuation OCR adds
    assert words == ["KITCHEN", "Please", "keep", "the", "fridge", "closed"], f"OCR read {text!r}"


def test_render_package_is_not_imported_by_the_top_level():
    code = "import sys, interactiveworld; print(any(m.startswith('interactiveworld.render') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_near_distance_hides_the_head_around_the_camera():
    head = scenes.box((0.0, 0, 1.6), (0.045, 0.045, 0.045), (0.6, 0.4, 0.3), "body")   # eye inside the head
    wall = _quad((2, 0, 1.6), (-1, 0, 0), (0, 0, 1), 3.0, 3.0, (1, 1, 1), "wall#1")
    cam = Camera(eye=(0, 0, 1.6), forward=(1, 0, 0), width=W, height=H)
    seen = {}
    for near in (0.0, 0.08):
        r = Renderer(engine="embree", width=W, height=H, near=near)
        r.set_static([wall])
        ids = r.render_ids(cam, [head])
        seen[near] = {r.owners[i] for i in np.unique(ids) if i >= 0}
    assert seen[0.0] == {"body"} and seen[0.08] == {"wall#1"}


def test_shadow_ray_reuse_matches_one_ray_per_pixel(engine):
    """Tiles that reuse one shadow ray (with edge refinement) give the per-pixel shadow image."""
    static, door = scenes.kitchen(open_fraction=0.7, detail_faces=5_000)
    cam = Camera.look_at((1.5, 0.8, 1.6), (3.4, 3.6, 1.0), width=W, height=H)
    imgs = []
    for block in (1, 2):
        r = Renderer(engine=engine, width=W, height=H, shadow_block=block, shading="lambert")
        r.set_static(static)
        imgs.append(r.render(cam, [door]).astype(int))
    differ = (np.abs(imgs[0] - imgs[1]).max(axis=2) > 1).mean()
    assert differ <= 0.002, f"{differ:.3%} of pixels differ"
    no_shadow = Renderer(engine=engine, width=W, height=H, shadows=False, shading="lambert")
    no_shadow.set_static(static)
    assert (np.abs(no_shadow.render(cam, [door]).astype(int) - imgs[0]).max(axis=2) > 1).mean() > 0.05


def _bilinear_reference(texture_u8, uv):
    """Slow twin of the kernel's lookup: uv (0,0) bottom-left, texel centres at half-integers, clamped."""
    lin = srgb_to_linear(texture_u8).astype(np.float64)
    h, w = lin.shape[:2]
    out = []
    for uu, vv in uv:
        x = min(max(uu, 0.0), 1.0) * w - 0.5
        y = (1.0 - min(max(vv, 0.0), 1.0)) * h - 0.5
        x0, y0 = int(np.floor(x)), int(np.floor(y))
        fx, fy = x - x0, y - y0

        def px(xi, yi):
            return lin[min(max(yi, 0), h - 1), min(max(xi, 0), w - 1)]

        top = px(x0, y0) * (1 - fx) + px(x0 + 1, y0) * fx
        bot = px(x0, y0 + 1) * (1 - fx) + px(x0 + 1, y0 + 1) * fx
        out.append(top * (1 - fy) + bot * fy)
    return np.array(out)


def test_texture_lookup_matches_bilinear_reference(engine):
    rng = np.random.default_rng(7)
    tex = rng.integers(0, 256, (6, 8, 3), dtype=np.uint8)
    wq, hq = 3.2, 2.4
    q = label_quad("", (2, 0, 1), (-1, 0, 0), (0, 0, 1), wq, hq, owner="card#1", texture=tex, offset_m=0.0)
    r = Renderer(engine=engine, width=W, height=H, shading="flat")
    r.set_static([q])
    cam = Camera(eye=(0, 0, 1), forward=(1, 0, 0), up=(0, 0, 1), width=W, height=H)
    img = r.render(cam)
    _, d = cam.rays()
    pix = rng.integers([10, 10], [H - 10, W - 10], (40, 2))
    dirs = d[pix[:, 0] * W + pix[:, 1]].astype(np.float64)
    hit = np.array([0.0, 0.0, 1.0]) + dirs * (2.0 / dirs[:, :1])           # ray-plane x = 2
    inside = (np.abs(hit[:, 1]) < wq / 2 - 1e-3) & (np.abs(hit[:, 2] - 1) < hq / 2 - 1e-3)
    # text-right is -y when the label faces -x; uv (0, 0) is the bottom-left corner seen from the front
    uv = np.stack([(wq / 2 - hit[:, 1]) / wq, (hit[:, 2] - 1 + hq / 2) / hq], axis=1)[inside]
    expected = linear_to_srgb8(_bilinear_reference(tex, uv)).astype(int)
    got = img[pix[inside, 0], pix[inside, 1]].astype(int)
    assert inside.sum() > 20
    np.testing.assert_allclose(got, expected, atol=2)   # float32 barycentrics and the 4096-entry sRGB table
