"""Embree and Warp first-hit engines agree: same hits, same owner map, same image (paper section 2.1:
the first-hit engine is pluggable and shading is shared)."""
import numpy as np

from interactiveworld.render import Camera, Renderer
from interactiveworld.render import scenes
from interactiveworld.render.engines import make_engine
from interactiveworld.render.gallery import held_carton

W, H = 200, 150


def _warp_engine(device):
    return "warp-cpu" if device == "cpu" else "warp-cuda"


def test_barycentrics_follow_embree_convention(device):
    tri_v = np.array([[2, -1, 0], [2, 1, 0], [2, 0, 2]], np.float32)
    faces = np.array([[0, 1, 2]], np.int32)
    target = 0.2 * tri_v[0] + 0.3 * tri_v[1] + 0.5 * tri_v[2]   # (1-u-v) p0 + u p1 + v p2, u=.3, v=.5
    o = np.zeros((1, 3), np.float32)
    d = (target / np.linalg.norm(target)).astype(np.float32)[None]
    for eng in (make_engine("embree"), make_engine(_warp_engine(device))):
        eng.build_static(tri_v, faces)
        eng.build_dynamic(np.zeros((0, 3), np.float32), np.zeros((0, 3), np.int32))
        h = eng.intersect(o, d)
        assert h.face[0] == 0
        np.testing.assert_allclose([h.u[0], h.v[0]], [0.3, 0.5], atol=1e-5)
        np.testing.assert_allclose(h.t[0], np.linalg.norm(target), rtol=1e-5)


def test_dynamic_face_ids_and_misses(device):
    for eng in (make_engine("embree"), make_engine(_warp_engine(device))):
        a = scenes.box((3, 0, 0), (0.5, 0.5, 0.5), (1, 0, 0))
        b = scenes.box((2, 0, 0), (0.2, 0.2, 0.2), (1, 0, 0))
        eng.build_static(a.vertices, a.faces)
        eng.build_dynamic(b.vertices, b.faces)
        o = np.zeros((3, 3), np.float32)
        d = np.array([[1, 0, 0], [1, 0.15, 0], [-1, 0, 0]], np.float32)
        d /= np.linalg.norm(d, axis=1, keepdims=True)
        h = eng.intersect(o, d)
        fs = len(a.faces)
        assert h.face[0] > fs and h.face[1] < fs and h.face[2] == fs   # dynamic, static, miss
        np.testing.assert_allclose(h.t[0], 1.8, rtol=1e-5)
        blocked = eng.occluded(o, d, 1.0)
        np.testing.assert_array_equal(blocked, [False, False, False])
        np.testing.assert_array_equal(eng.occluded(o, d, 2.0), [True, False, False])


def test_engines_give_the_same_frame(device):
    static, door = scenes.kitchen(open_fraction=0.7, detail_faces=20_000)
    cam = Camera.look_at((2.0, 1.2, 1.6), (3.4, 3.6, 1.0), width=W, height=H)
    held, arm, _, _ = held_carton(cam.eye, cam.forward)
    frames = {}
    for name in ("embree", _warp_engine(device)):
        r = Renderer(engine=name, width=W, height=H)
        r.set_static(static)
        frames[name] = r.render_with_ids(cam, [door, arm] + held)
    (img_a, ids_a), (img_b, ids_b) = frames.values()
    diff = np.abs(img_a.astype(int) - img_b.astype(int))
    if device == "cpu":   # same float32 arithmetic on the host: identical owners, colours within 2 levels
        np.testing.assert_array_equal(ids_a, ids_b)
        # but where two coplanar triangles tie at one depth each engine may keep another one, and the lit model
        # shades each from its own baked corners
        assert (diff.max(axis=2) > 2).mean() <= 0.002
        assert np.median(diff) == 0
    else:   # CUDA may round differently where a ray grazes a triangle edge
        assert (ids_a != ids_b).mean() <= 0.001
        assert (diff.max(axis=2) > 2).mean() <= 0.002


def test_dynamic_pixel_mask_is_conservative():
    """Culling dynamic rays to the mask changes no hit, even for triangles crossing the eye plane
    (a body around the camera) or lying behind it."""
    from interactiveworld.render.screen import dynamic_pixel_mask
    from interactiveworld.kernels.raycast import camera_rays

    rng = np.random.default_rng(3)
    cam = Camera.look_at((0, 0, 1.6), (2, 0.3, 1.0), width=W, height=H)
    torso = scenes.box((0.0, 0.0, 1.2), (0.15, 0.25, 0.4), (1, 0, 0), "body")          # crosses the eye plane
    tris = rng.uniform([-1, -2, 0], [3, 2, 2], (40, 3, 3)).astype(np.float32)            # scattered, some behind
    verts = np.concatenate([torso.vertices, tris.reshape(-1, 3)])
    faces = np.concatenate([torso.faces, len(torso.vertices) + np.arange(120).reshape(40, 3)]).astype(np.int32)
    wall = scenes.box((4, 0, 1), (0.1, 3, 2), (1, 1, 1))
    small = scenes.box((2.5, 0.5, 1.2), (0.1, 0.1, 0.1), (0, 1, 0))
    eng = make_engine("embree")
    eng.build_static(wall.vertices, wall.faces)
    o, d = camera_rays(cam, device="cpu")
    o, d = o.numpy(), d.numpy()
    for (v, f), max_frac in (((verts, faces), 1.0), ((small.vertices, small.faces), 0.05)):
        eng.build_dynamic(v, f)
        mask = dynamic_pixel_mask(cam, v, f)
        full, culled = eng.intersect(o, d), eng.intersect(o, d, dynamic_mask=mask)
        assert (full.face > len(wall.faces)).sum() > 50   # the dynamic triangles are in view
        np.testing.assert_array_equal(full.face, culled.face)
        np.testing.assert_array_equal(full.t, culled.t)
        assert mask.mean() <= max_frac


def _mixed_dynamic_set(cam, rng):
    """A torso crossing the eye plane around the camera plus scattered triangles, some behind it."""
    torso = scenes.box((0.0, 0.0, 1.2), (0.15, 0.25, 0.4), (1, 0, 0), "body")
    tris = rng.uniform([-1, -2, 0], [3, 2, 2], (60, 3, 3)).astype(np.float32)
    verts = np.concatenate([torso.vertices, tris.reshape(-1, 3)]).astype(np.float32)
    faces = np.concatenate([torso.faces, len(torso.vertices) + np.arange(180).reshape(60, 3)]).astype(np.int32)
    return verts, faces


def test_rect_first_hit_matches_embree_on_the_dynamic_set(device):
    """The screen-rectangle kernel that hits the dynamic triangles gives Embree's closest hits (face,
    distance, barycentrics) over a static wall, rays starting ``near`` ahead of the eye."""
    import warp as wp

    from interactiveworld.kernels.raycast import camera_rays, rect_first_hit
    from interactiveworld.render.screen import triangle_pixel_rects

    cam = Camera.look_at((0, 0, 1.6), (2, 0.3, 1.0), width=W, height=H)
    verts, faces = _mixed_dynamic_set(cam, np.random.default_rng(5))
    wall = scenes.box((4, 0, 1), (0.1, 3, 2), (1, 1, 1))
    near = 0.08
    eng = make_engine("embree")
    eng.build_static(wall.vertices, wall.faces)
    eng.build_dynamic(verts, faces)
    o, d = camera_rays(cam, device="cpu", near=near)
    ref = eng.intersect(o.numpy(), d.numpy())                        # static + dynamic, every ray
    base = eng.intersect(o.numpy(), d.numpy(), include_dynamic=False)
    fs = len(wall.faces)
    dirs = wp.array(d.numpy(), dtype=wp.vec3, device=device)
    t, f, u, v = (wp.array(a, device=device) for a in (base.t, base.face, base.u, base.v))
    rect_first_hit(verts, faces, triangle_pixel_rects(cam, verts, faces), cam, near, dirs, fs + 1,
                   t, f, u, v, device=device)
    t, f, u, v = t.numpy(), f.numpy(), u.numpy(), v.numpy()
    assert (ref.face > fs).sum() > 500                               # the dynamic set covers much of the view
    same = f == ref.face
    assert same.mean() > 0.998                                       # only rays grazing a shared edge may differ
    hit = same & (ref.face < 10**9) & (ref.face != fs)
    np.testing.assert_allclose(t[hit], ref.t[hit], rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(u[hit], ref.u[hit], atol=1e-3)
    np.testing.assert_allclose(v[hit], ref.v[hit], atol=1e-3)


def test_dynamic_shadow_rays_skip_only_segments_that_miss_the_bounds(device):
    """Shadow rays meet the dynamic mesh only after a slab test against its bounds: the answers equal those of
    the same mesh queried for every ray (as the static mesh, no slab test), for rays aimed at, along and beside
    the bounds, and agree with Embree on the same triangles except where a ray grazes an edge."""
    from interactiveworld.kernels.raycast import any_hit, build_mesh

    cam = Camera.look_at((0, 0, 1.6), (2, 0.3, 1.0), width=W, height=H)
    verts, faces = _mixed_dynamic_set(cam, np.random.default_rng(11))
    mesh = build_mesh(verts, faces, device=device)
    rng = np.random.default_rng(12)
    lo, hi = verts.min(axis=0), verts.max(axis=0)
    origins = np.concatenate([rng.uniform(lo - 1.0, hi + 1.0, (4000, 3)),
                              rng.uniform(lo, hi, (1000, 3)) * [1, 1, 0] + [0, 0, lo[2] - 0.01]]).astype(np.float32)
    eng = make_engine("embree")
    eng.build_static(verts, faces)
    for light in (np.array([0.35, 0.25, 1.0]), np.array([0.0, 0.0, 1.0]), np.array([1.0, 0.0, 0.0])):
        d = np.broadcast_to((light / np.linalg.norm(light)).astype(np.float32), origins.shape)
        bounded = any_hit(None, mesh, origins, d, 1.5, device=device)
        every = any_hit(mesh, None, origins, d, 1.5, device=device)
        assert 100 < bounded.sum() < len(origins) - 100
        np.testing.assert_array_equal(bounded, every)
        assert (bounded != eng.static_occluded(origins, d[0], 1.5)).mean() <= 0.002


def test_dynamic_set_renders_as_if_static():
    """The per-frame path for dynamic meshes (screen-rectangle first hits, shadow rays against the
    dynamic set only inside its bounds, one shadow ray per 2 x 2 tile) gives the image of the same
    meshes traced by Embree as static geometry with one shadow ray per pixel."""
    static, door = scenes.kitchen(open_fraction=0.7, detail_faces=3_000)
    cam = Camera.look_at((1.5, 0.8, 1.6), (3.4, 3.6, 1.0), width=W, height=H)
    held, arm, _, _ = held_carton(cam.eye, cam.forward)
    dynamic = [door, arm] + held
    fast = Renderer(engine="embree", width=W, height=H, shading="lambert")   # the lit model bakes static light
    fast.set_static(static)
    ref = Renderer(engine="embree", width=W, height=H, shadow_block=1, shading="lambert")
    ref.set_static(static + dynamic)
    a, ids_a = fast.render_with_ids(cam, dynamic)
    b, ids_b = ref.render_with_ids(cam)
    names_a = np.array(fast.owners + [""])[ids_a]
    names_b = np.array(ref.owners + [""])[ids_b]
    assert (names_a == "body").mean() > 0.01 and (names_a == "milk_carton#1").mean() > 0.01
    assert (names_a != names_b).mean() <= 0.001
    differ = (np.abs(a.astype(int) - b.astype(int)).max(axis=2) > 1).mean()
    assert differ <= 0.003, f"{differ:.3%} of pixels differ"
