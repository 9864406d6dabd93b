"""The frame pipeline (render/engines/frame.py): row bands on threads, refitted dynamic meshes and fused passes give
exactly the frames of the plain single-band, rebuilt, unfused computation."""
from __future__ import annotations

import numpy as np
import pytest
import warp as wp

from interactiveworld.kernels import raycast as kr
from interactiveworld.kernels import shading as ks
from interactiveworld.render import Camera, Renderer, scenes
from interactiveworld.render.engines.frame import BANDS_PER_THREAD
from interactiveworld.render.gallery import held_carton
from interactiveworld.world.geometry import VisualMesh

W, H = 160, 120


@pytest.fixture(scope="module")
def kitchen():
    static, door = scenes.kitchen(open_fraction=0.7, detail_faces=4_000)
    cam = Camera.look_at((1.5, 0.8, 1.6), (3.4, 3.6, 1.0), width=W, height=H)
    held, arm, _, _ = held_carton(cam.eye, cam.forward)
    return static, [door, arm] + held, cam


def _moved(meshes, offset):
    return [VisualMesh(m.vertices + np.asarray(offset, np.float32), m.faces, m.face_colors, owner=m.owner, uv=m.uv,
                       texture=m.texture, textured_faces=m.textured_faces) for m in meshes]


@pytest.mark.parametrize("engine", ["embree", "warp-cpu"])
@pytest.mark.parametrize("shadows", [False, True])
def test_bands_on_threads_give_the_one_band_frame(kitchen, engine, shadows):
    static, dynamic, cam = kitchen
    frames = {}
    for threads in (1, 2, 3):
        r = Renderer(engine=engine, width=W, height=H, shadows=shadows, threads=threads)
        r.set_static(static)
        assert r.threads == threads
        assert len(r._frames.bands(r.shadow_block)) == (1 if threads == 1 else threads * BANDS_PER_THREAD)
        frames[threads] = r.render_with_ids(cam, dynamic)
    for threads in (2, 3):
        np.testing.assert_array_equal(frames[threads][0], frames[1][0])
        np.testing.assert_array_equal(frames[threads][1], frames[1][1])


@pytest.mark.parametrize("engine", ["embree", "warp-cpu"])
def test_refitted_dynamic_meshes_render_as_rebuilt(kitchen, engine):
    """A renderer that saw the dynamic meshes elsewhere the frame before (refit: same faces, new vertices) draws
    the frame a fresh renderer draws (rebuild)."""
    static, dynamic, cam = kitchen
    moved = _moved(dynamic, (0.03, -0.02, 0.01))
    warm = Renderer(engine=engine, width=W, height=H)
    warm.set_static(static)
    warm.render(cam, dynamic)
    table = warm._dynamic.faces.shading
    refit = warm.render_with_ids(cam, moved)
    assert warm._dynamic.faces.shading is table            # the same table, updated in place
    fresh = Renderer(engine=engine, width=W, height=H)
    fresh.set_static(static)
    rebuilt = fresh.render_with_ids(cam, moved)
    np.testing.assert_array_equal(refit[0], rebuilt[0])
    np.testing.assert_array_equal(np.array(warm.owners + [""])[refit[1]], np.array(fresh.owners + [""])[rebuilt[1]])
    # a change of faces (not only vertices) rebuilds: the carton drops its label
    fewer = dynamic[:-1]
    assert not np.array_equal(warm.render(cam, fewer), rebuilt[0])
    assert warm._dynamic.faces.shading is not table


def test_fused_edge_rays_and_shading_equal_the_separate_passes(kitchen):
    """shade_refined (edge shadow rays traced inline, then shading: the Warp engine's pass 2) gives the pixels of
    shadow_refine followed by shade_shadowed."""
    static, dynamic, cam = kitchen
    r = Renderer(engine="warp-cpu", width=W, height=H, shadows=True, threads=1, shading="lambert")
    r.set_static(static)
    r.render(cam, dynamic)    # leaves pass 1 (ndl, origins, need, blocked) of this frame in the buffers
    F, st, dyn = r._frames, r._static, r._dynamic.faces
    eng = r.engine
    rays = ks.shadow_rays(eng.static_mesh, eng.dynamic_mesh, r.light_dir, r.shadow_range, 2e-3, W, H, 2,
                          device="cpu", dyn_parts=dyn.parts)
    b = F.buf
    common = (st.shading, dyn.shading, st.face_count, b("face", wp.int32), b("u", wp.float32), b("v", wp.float32),
              b("dirs"), b("ndl", wp.float32), b("need", wp.int8), b("blocked", wp.int8))
    need2, blocked2 = ks.shadow_refine(b("face", wp.int32), b("ndl", wp.float32), b("need", wp.int8),
                                      b("blocked", wp.int8), b("shadow_origin"), rays, device="cpu")
    assert need2.numpy().sum() > 50                       # shadow edges in view: the pass traced rays
    separate = ks.shade_shadowed(*common, need2, blocked2, W, 2, r.ambient, r.diffuse, r.headlight, F._lut,
                                 device="cpu").numpy()
    fused = ks.shade_refined(*common, b("shadow_origin"), rays, r.ambient, r.diffuse, r.headlight, F._lut,
                             device="cpu").numpy()
    np.testing.assert_array_equal(fused, separate)


def test_camera_first_hit_equals_camera_rays_then_first_hit_eye(kitchen):
    """The fused primary pass of the Warp engine: same directions and hits as the two launches it replaces."""
    static, dynamic, cam = kitchen
    verts = np.concatenate([m.vertices for m in static]).astype(np.float32)
    offs = np.cumsum([0] + [len(m.vertices) for m in static[:-1]])
    faces = np.concatenate([m.faces + o for m, o in zip(static, offs)]).astype(np.int32)
    mesh = kr.build_mesh(verts, faces, device="cpu")
    _, dirs = kr.camera_rays(cam, device="cpu", near=0.08)
    t, f, u, v = kr.first_hit_eye(mesh, None, len(faces), cam.eye, 0.08, dirs, device="cpu")
    d2, t2, f2, u2, v2 = kr.camera_first_hit(mesh, None, len(faces), cam, 0.08, device="cpu")
    for a, b in ((dirs, d2), (t, t2), (f, f2), (u, u2), (v, v2)):
        np.testing.assert_array_equal(a.numpy(), b.numpy())
    assert (f.numpy() < len(faces)).mean() > 0.5


def test_dynamic_first_then_static_equals_static_first(kitchen):
    """Embree after the dynamic set (each ray traced only up to its dynamic hit) finds the hits of Embree first and
    the dynamic set after: the frame is that of the engine's static-then-dynamic intersect."""
    static, dynamic, cam = kitchen
    r = Renderer(engine="embree", width=W, height=H, shadows=False, threads=1)
    r.set_static(static)
    _, ids = r.render_with_ids(cam, dynamic)
    eng = r.engine
    dyn = r._dynamic.faces
    eng.build_dynamic(dyn.vertices, dyn.faces)
    o, d = kr.camera_rays(cam, device="cpu", near=r.near, grid=r._frames.grid(cam))
    hits = eng.intersect(o.numpy(), d.numpy())
    ref = r._owner_map(hits.face, dyn)
    assert (ids != ref).mean() <= 0.002                    # rays grazing a shared edge may differ
    assert (np.array(r.owners + [""])[ids] == "body").mean() > 0.01
