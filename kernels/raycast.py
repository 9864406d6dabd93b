"""Ray queries against triangle meshes: first hits and shadow (any-hit) rays against a static and a dynamic
``wp.Mesh``, the camera's primary rays, and first hits of a small triangle set by screen rectangles.

Face ids use the renderer's global layout ``[static (Fs) | background (1) | dynamic (Fd)]``: a miss
returns ``Fs`` and a dynamic hit ``Fs + 1 + face``. Barycentrics are returned in Embree's convention
(hit point ``(1 - u - v) * p0 + u * p1 + v * p2``); Warp's own are ``u * p0 + v * p1 + (1 - u - v) * p2``.
Ray directions are unit vectors, so ``t`` is a distance [m]. World frame z-up, metres.

Per-pixel kernels take an ``offset`` (the first pixel of the launch), so one frame can be launched as row
bands: on Warp's CPU device a launch runs on one thread, and bands launched from several Python threads
(launches release the GIL) use every core. Every host function checks its arguments first (shapes, dtypes,
finiteness, index ranges, the device of Warp arrays and meshes): Warp kernels do not bound-check their reads.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import warp as wp

from . import checks

# forward-only kernels (no adjoints to compile); -O3 on the CPU as on CUDA
wp.set_module_options({"enable_backward": False, "optimization_level": 3})

NO_MESH = wp.constant(wp.uint64(0))


@wp.func
def closest_hit(mesh: wp.uint64, o: wp.vec3, d: wp.vec3, max_t: float,
                best_t: float, best_face: int, best_u: float, best_v: float, face_offset: int):
    t = float(0.0)
    bu = float(0.0)
    bv = float(0.0)
    sign = float(0.0)
    n = wp.vec3()
    f = int(0)
    if mesh != NO_MESH:
        if wp.mesh_query_ray(mesh, o, d, max_t, t, bu, bv, sign, n, f):
            if t < best_t:
                return t, f + face_offset, bv, 1.0 - bu - bv
    return best_t, best_face, best_u, best_v


@wp.func
def scene_hit(static_mesh: wp.uint64, dynamic_mesh: wp.uint64, static_count: int, o: wp.vec3, d: wp.vec3,
              max_t: float):
    """Closest hit over both meshes in the global face-id layout (a miss returns ``static_count``)."""
    t, f, u, v = closest_hit(static_mesh, o, d, max_t, max_t, static_count, 0.0, 0.0, 0)
    return closest_hit(dynamic_mesh, o, d, t, t, f, u, v, static_count + 1)


@wp.func
def segment_meets_box(o: wp.vec3, d: wp.vec3, max_t: float, lo: wp.vec3, hi: wp.vec3) -> bool:
    """Whether ``o + s d``, s in [0, max_t], meets the box [lo, hi] (slab test, Kay and Kajiya 1986)."""
    t0 = float(0.0)
    t1 = max_t
    for k in range(3):
        if d[k] == 0.0:
            if o[k] < lo[k] or o[k] > hi[k]:
                return False
        else:
            a = (lo[k] - o[k]) / d[k]
            b = (hi[k] - o[k]) / d[k]
            t0 = wp.max(t0, wp.min(a, b))
            t1 = wp.min(t1, wp.max(a, b))
    return t0 <= t1


@wp.func
def occluded(static_mesh: wp.uint64, dynamic_mesh: wp.uint64, dyn_lo: wp.vec3, dyn_hi: wp.vec3, o: wp.vec3,
             d: wp.vec3, max_t: float) -> int:
    """1 when ``o + s d``, s in [0, max_t], meets either mesh (either may be ``NO_MESH``); the dynamic mesh is
    queried only when the segment passes through its bounds [dyn_lo, dyn_hi]."""
    if static_mesh != NO_MESH:
        if wp.mesh_query_ray_anyhit(static_mesh, o, d, max_t):
            return 1
    if dynamic_mesh != NO_MESH:
        if segment_meets_box(o, d, max_t, dyn_lo, dyn_hi):
            if wp.mesh_query_ray_anyhit(dynamic_mesh, o, d, max_t):
                return 1
    return 0


@wp.func
def pixel_dir(i: int, width: int, height: int, tan_half_y: float, aspect: float, right: wp.vec3, up: wp.vec3,
              forward: wp.vec3) -> wp.vec3:
    """Unit direction through the centre of pixel ``i`` (row-major from the top-left, as ``Camera.rays``)."""
    row = i / width
    col = i - row * width
    x = ((float(col) + 0.5) / float(width) * 2.0 - 1.0) * tan_half_y * aspect
    y = (1.0 - (float(row) + 0.5) / float(height) * 2.0) * tan_half_y
    return wp.normalize(forward + right * x + up * y)


@wp.kernel
def first_hit_kernel(static_mesh: wp.uint64, dynamic_mesh: wp.uint64, static_count: int,
                     origins: wp.array(dtype=wp.vec3), dirs: wp.array(dtype=wp.vec3), max_t: float,
                     t_out: wp.array(dtype=float), face_out: wp.array(dtype=int),
                     u_out: wp.array(dtype=float), v_out: wp.array(dtype=float)):
    i = wp.tid()
    t, f, u, v = scene_hit(static_mesh, dynamic_mesh, static_count, origins[i], dirs[i], max_t)
    t_out[i] = t
    face_out[i] = f
    u_out[i] = u
    v_out[i] = v


@wp.kernel
def occluded_kernel(static_mesh: wp.uint64, dynamic_mesh: wp.uint64, dyn_lo: wp.vec3, dyn_hi: wp.vec3,
                    origins: wp.array(dtype=wp.vec3), dirs: wp.array(dtype=wp.vec3), max_t: float,
                    out: wp.array(dtype=wp.int8)):
    i = wp.tid()
    out[i] = wp.int8(occluded(static_mesh, dynamic_mesh, dyn_lo, dyn_hi, origins[i], dirs[i], max_t))


def _mesh_id(mesh) -> wp.uint64:
    return wp.uint64(0) if mesh is None else mesh.id


def _rays(origins, dirs) -> tuple[np.ndarray, np.ndarray]:
    o = checks.finite("origins", origins, (None, 3), np.float32)
    d = checks.finite("dirs", dirs, (len(o), 3), np.float32)
    return np.ascontiguousarray(o), np.ascontiguousarray(d)


def _max_t(max_t) -> float:
    return checks.positive("max_t", max_t)


def first_hit(static_mesh, dynamic_mesh, static_count: int, origins: np.ndarray, dirs: np.ndarray,
              *, device, max_t: float = 1.0e30):
    """Closest hits of unit rays against the static and dynamic meshes (either may be None).

    Args:
        static_mesh, dynamic_mesh: ``wp.Mesh`` or None, on ``device``.
        static_count: number of static faces ``Fs`` (the miss id), >= 0.
        origins, dirs: shape (N, 3), float32, finite; dirs unit length.
        max_t: the farthest hit reported [m], > 0.

    Returns:
        t [m], face (global id), u, v: numpy arrays of shape (N,) (float32, int32, float32, float32).

    Raises:
        ValueError / TypeError: mis-shaped or non-finite rays, a mesh of another type or device, a bad count.
    """
    static_mesh = checks.mesh_or_none("static_mesh", static_mesh, device)
    dynamic_mesh = checks.mesh_or_none("dynamic_mesh", dynamic_mesh, device)
    static_count = checks.whole("static_count", static_count)
    o, d = _rays(origins, dirs)
    max_t = _max_t(max_t)
    n = len(o)
    t = wp.empty(n, dtype=float, device=device)
    f = wp.empty(n, dtype=int, device=device)
    u = wp.empty(n, dtype=float, device=device)
    v = wp.empty(n, dtype=float, device=device)
    if n:
        wp.launch(first_hit_kernel, dim=n, inputs=[_mesh_id(static_mesh), _mesh_id(dynamic_mesh), static_count,
                                                    wp.array(o, dtype=wp.vec3, device=device),
                                                    wp.array(d, dtype=wp.vec3, device=device), max_t],
                  outputs=[t, f, u, v], device=device)
    return t.numpy(), f.numpy(), u.numpy(), v.numpy()


def any_hit(static_mesh, dynamic_mesh, origins: np.ndarray, dirs: np.ndarray, max_t: float, *, device) -> np.ndarray:
    """Whether each unit ray hits either mesh (either may be None) within ``max_t`` [m]; shape (N,), bool. The
    dynamic mesh is queried only for rays whose segment passes through its bounds (:func:`_mesh_bounds`).

    Raises:
        ValueError / TypeError: as :func:`first_hit`.
    """
    static_mesh = checks.mesh_or_none("static_mesh", static_mesh, device)
    dynamic_mesh = checks.mesh_or_none("dynamic_mesh", dynamic_mesh, device)
    o, d = _rays(origins, dirs)
    max_t = _max_t(max_t)
    out = wp.zeros(len(o), dtype=wp.int8, device=device)
    lo, hi = _mesh_bounds(dynamic_mesh)
    if len(o):
        wp.launch(occluded_kernel, dim=len(o), inputs=[_mesh_id(static_mesh), _mesh_id(dynamic_mesh), lo, hi,
                                                        wp.array(o, dtype=wp.vec3, device=device),
                                                        wp.array(d, dtype=wp.vec3, device=device), max_t],
                  outputs=[out], device=device)
    return out.numpy().astype(bool)


def _mesh_bounds(mesh, pad: float = 1e-3) -> tuple[wp.vec3, wp.vec3]:
    """(min, max) corners of a mesh's points grown by ``pad`` [m] (the slab test of :func:`occluded` then never
    drops a hit to float rounding); zeros for None."""
    if mesh is None:
        return wp.vec3(), wp.vec3()
    p = mesh.points.numpy()
    return wp.vec3(*(p.min(axis=0) - pad)), wp.vec3(*(p.max(axis=0) + pad))


def build_mesh(vertices: np.ndarray, faces: np.ndarray, *, device):
    """A ``wp.Mesh`` of the triangles on ``device``, or None when there are none.

    Args:
        vertices: (V, 3) finite [m]; faces: (F, 3) integer indices into ``vertices``.

    Raises:
        ValueError: mis-shaped or non-finite vertices, non-integer faces; IndexError: a face index outside [0, V).
    """
    v, f = checks.mesh_arrays(vertices, faces)
    if len(f) == 0:
        return None
    return wp.Mesh(points=wp.array(v, dtype=wp.vec3, device=device),
                   indices=wp.array(f.reshape(-1), dtype=int, device=device))


@dataclass
class RefitMesh:
    """A ``wp.Mesh`` that follows a triangle set from frame to frame: rebuilt when its faces change, refitted
    (the BVH's bounds updated in place, its tree kept) when only the vertices move.

    Attributes:
        device: where the mesh lives.
        mesh: the current ``wp.Mesh`` (None for an empty set).
        faces: (F, 3) int32, the faces it was built with.
    """

    device: object
    mesh: object = None
    faces: np.ndarray | None = None

    def update(self, vertices: np.ndarray, faces: np.ndarray):
        """Follows ``vertices`` (V, 3) and ``faces`` (F, 3) (validated as in :func:`build_mesh`); returns the
        mesh (or None when there are no faces)."""
        v, f = checks.mesh_arrays(vertices, faces)
        same = (self.mesh is not None and self.faces is not None and self.faces.shape == f.shape
                and self.mesh.points.shape[0] == len(v) and np.array_equal(self.faces, f))
        if same:
            self.mesh.points.assign(wp.array(v, dtype=wp.vec3, device="cpu"))
            self.mesh.refit()
            return self.mesh
        self.mesh = build_mesh(v, f, device=self.device)
        self.faces = f.copy() if self.mesh is not None else None
        return self.mesh


@wp.kernel
def camera_rays_kernel(width: int, tan_half_y: float, aspect: float, height: int,
                       right: wp.vec3, up: wp.vec3, forward: wp.vec3, eye: wp.vec3, near: float, offset: int,
                       origins_out: wp.array(dtype=wp.vec3), dirs_out: wp.array(dtype=wp.vec3)):
    """Rays through pixel centres, row-major from the top-left (as ``Camera.rays``), starting
    ``near`` [m] in front of the eye."""
    i = wp.tid() + offset
    d = pixel_dir(i, width, height, tan_half_y, aspect, right, up, forward)
    dirs_out[i] = d
    origins_out[i] = eye + d * near


@wp.kernel
def camera_rays_grid_kernel(grid: wp.array(dtype=wp.vec3), right: wp.vec3, up: wp.vec3, forward: wp.vec3,
                            eye: wp.vec3, near: float, offset: int,
                            origins_out: wp.array(dtype=wp.vec3), dirs_out: wp.array(dtype=wp.vec3)):
    """:func:`camera_rays_kernel` from precomputed unit pixel directions in camera axes (right, up,
    forward): one rotation per ray, no normalisation."""
    i = wp.tid() + offset
    g = grid[i]
    d = right * g[0] + up * g[1] + forward * g[2]
    dirs_out[i] = d
    origins_out[i] = eye + d * near


@wp.kernel
def camera_rays_clear_kernel(grid: wp.array(dtype=wp.vec3), right: wp.vec3, up: wp.vec3, forward: wp.vec3,
                             eye: wp.vec3, near: float, miss_face: int, offset: int,
                             origins_out: wp.array(dtype=wp.vec3), dirs_out: wp.array(dtype=wp.vec3),
                             t_out: wp.array(dtype=float), face_out: wp.array(dtype=int),
                             u_out: wp.array(dtype=float), v_out: wp.array(dtype=float)):
    """:func:`camera_rays_grid_kernel` that also clears each pixel's hit to a miss (t = 1e37, ``miss_face``)."""
    i = wp.tid() + offset
    g = grid[i]
    d = right * g[0] + up * g[1] + forward * g[2]
    dirs_out[i] = d
    origins_out[i] = eye + d * near
    t_out[i] = 1.0e37
    face_out[i] = miss_face
    u_out[i] = 0.0
    v_out[i] = 0.0


@wp.kernel
def first_hit_eye_kernel(static_mesh: wp.uint64, dynamic_mesh: wp.uint64, static_count: int,
                         eye: wp.vec3, near: float, dirs: wp.array(dtype=wp.vec3), max_t: float,
                         t_out: wp.array(dtype=float), face_out: wp.array(dtype=int),
                         u_out: wp.array(dtype=float), v_out: wp.array(dtype=float)):
    """Closest hits of rays starting ``near`` [m] in front of the eye (t measured from that start)."""
    i = wp.tid()
    d = dirs[i]
    t, f, u, v = scene_hit(static_mesh, dynamic_mesh, static_count, eye + d * near, d, max_t)
    t_out[i] = t
    face_out[i] = f
    u_out[i] = u
    v_out[i] = v


@wp.kernel
def camera_first_hit_kernel(static_mesh: wp.uint64, dynamic_mesh: wp.uint64, static_count: int,
                            width: int, height: int, tan_half_y: float, aspect: float, right: wp.vec3, up: wp.vec3,
                            forward: wp.vec3, eye: wp.vec3, near: float, max_t: float, offset: int,
                            dirs_out: wp.array(dtype=wp.vec3), t_out: wp.array(dtype=float),
                            face_out: wp.array(dtype=int), u_out: wp.array(dtype=float),
                            v_out: wp.array(dtype=float)):
    """:func:`camera_rays_kernel` and :func:`first_hit_eye_kernel` in one pass: each pixel's ray direction
    (kept for shading) and its closest hit."""
    i = wp.tid() + offset
    d = pixel_dir(i, width, height, tan_half_y, aspect, right, up, forward)
    dirs_out[i] = d
    t, f, u, v = scene_hit(static_mesh, dynamic_mesh, static_count, eye + d * near, d, max_t)
    t_out[i] = t
    face_out[i] = f
    u_out[i] = u
    v_out[i] = v


def _camera(camera):
    """The camera's size and axes, validated: (width, height, tan(fov_y / 2), right, up, forward, eye)."""
    try:
        w, h, fov = camera.width, camera.height, camera.fov_y_deg
        axes = (camera.right, camera.up, camera.forward, camera.eye)
    except AttributeError as e:
        raise TypeError(f"camera: expected a render.Camera, got {type(camera).__name__} ({e})") from None
    w, h = checks.whole("camera.width", w, 1), checks.whole("camera.height", h, 1)
    fov = checks.positive("camera.fov_y_deg", fov)
    if fov >= 180.0:
        raise ValueError(f"camera.fov_y_deg: expected a field of view in (0, 180), got {fov}")
    right, up, forward, eye = (checks.vec3(f"camera.{k}", a) for k, a in zip(("right", "up", "forward", "eye"), axes))
    return w, h, float(np.tan(np.radians(fov) / 2.0)), right, up, forward, eye


def _rows(rows, height: int, width: int) -> tuple[int, int]:
    """Validated row band [r0, r1) as a pixel range [r0 * width, r1 * width)."""
    r0, r1 = (0, height) if rows is None else rows
    r0, r1 = checks.whole("rows[0]", r0, 0, height), checks.whole("rows[1]", r1, 0, height)
    if r1 < r0:
        raise ValueError(f"rows: expected 0 <= r0 <= r1 <= {height}, got ({r0}, {r1})")
    return r0 * width, r1 * width


def camera_rays(camera, *, device, near: float = 0.0, out=(None, None), grid=None, rows=None, clear=None):
    """Primary rays of ``camera`` computed on ``device``: wp arrays (origins, dirs) of N = H*W vec3.

    Computed in a kernel rather than with numpy: no BLAS call, so no contention with the ray
    engine's worker threads on a small CPU, and no host-to-device copy on CUDA. ``out`` may hold
    caller-owned (origins, dirs) buffers of length N, reused across frames. ``grid`` may hold the
    camera's N unit pixel directions in camera axes (right, up, forward) as a wp vec3 array on
    ``device`` (``Camera.rays``' grid), which saves normalising every ray. ``rows`` = (r0, r1) fills only
    the pixels of rows [r0, r1) (the rest of ``out`` is left as it was). ``clear`` = (t, face, u, v,
    miss_face), with ``grid``, also sets those hit buffers (float32, int32, float32, float32 wp arrays of N) to a
    miss (t = 1e37, face ``miss_face``) in the same pass.

    Raises:
        ValueError / TypeError: a bad camera, near < 0, buffers or grid of the wrong length, dtype or device.
    """
    w, h, tan_half_y, right, up, forward, eye = _camera(camera)
    near = checks.positive("near", near, allow_zero=True)
    n = w * h
    i0, i1 = _rows(rows, h, w)
    origins = wp.empty(n, dtype=wp.vec3, device=device) if out[0] is None else \
        checks.wp_array("out[0]", out[0], wp.vec3, n, device)
    dirs = wp.empty(n, dtype=wp.vec3, device=device) if out[1] is None else \
        checks.wp_array("out[1]", out[1], wp.vec3, n, device)
    if i1 == i0:
        return origins, dirs
    if clear is not None:
        if grid is None or len(clear) != 5:
            raise ValueError("clear: expected (t, face, u, v, miss_face) buffers, with a grid")
        hits = _hit_buffers(clear[:4], n, device)
        wp.launch(camera_rays_clear_kernel, dim=i1 - i0,
                  inputs=[checks.wp_array("grid", grid, wp.vec3, n, device), wp.vec3(*right), wp.vec3(*up),
                          wp.vec3(*forward), wp.vec3(*eye), near, checks.whole("miss_face", clear[4]), i0],
                  outputs=[origins, dirs, *hits], device=device)
        return origins, dirs
    if grid is not None:
        checks.wp_array("grid", grid, wp.vec3, n, device)
        wp.launch(camera_rays_grid_kernel, dim=i1 - i0,
                  inputs=[grid, wp.vec3(*right), wp.vec3(*up), wp.vec3(*forward), wp.vec3(*eye), near, i0],
                  outputs=[origins, dirs], device=device)
        return origins, dirs
    wp.launch(camera_rays_kernel, dim=i1 - i0,
              inputs=[w, tan_half_y, w / h, h, wp.vec3(*right), wp.vec3(*up), wp.vec3(*forward), wp.vec3(*eye), near,
                      i0],
              outputs=[origins, dirs], device=device)
    return origins, dirs


def _hit_buffers(out, n: int, device):
    names = ("t", "face", "u", "v")
    dtypes = (wp.float32, wp.int32, wp.float32, wp.float32)
    if out is None:
        return tuple(wp.empty(n, dtype=dt, device=device) for dt in dtypes)
    if len(out) != 4:
        raise ValueError(f"out: expected (t, face, u, v) buffers, got {len(out)}")
    return tuple(checks.wp_array(f"out.{k}", a, dt, n, device) for k, a, dt in zip(names, out, dtypes))


def first_hit_eye(static_mesh, dynamic_mesh, static_count: int, eye, near: float, dirs, *, device,
                  max_t: float = 1.0e30, out=None):
    """Closest hits of rays from ``eye + near * dir`` along wp ``dirs`` (N,) vec3; returns wp arrays
    (t, face, u, v) of length N (``out``: optional caller-owned buffers of those dtypes).

    Raises:
        ValueError / TypeError: as :func:`first_hit`, and a ``dirs`` that is not a vec3 array on ``device``.
    """
    static_mesh = checks.mesh_or_none("static_mesh", static_mesh, device)
    dynamic_mesh = checks.mesh_or_none("dynamic_mesh", dynamic_mesh, device)
    static_count = checks.whole("static_count", static_count)
    n = checks.wp_array("dirs", dirs, wp.vec3, None, device).shape[0]
    eye = checks.vec3("eye", eye)
    near, max_t = checks.positive("near", near, allow_zero=True), _max_t(max_t)
    t, f, u, v = _hit_buffers(out, n, device)
    if n:
        wp.launch(first_hit_eye_kernel, dim=n,
                  inputs=[_mesh_id(static_mesh), _mesh_id(dynamic_mesh), static_count, wp.vec3(*eye), near, dirs,
                          max_t],
                  outputs=[t, f, u, v], device=device)
    return t, f, u, v


def camera_first_hit(static_mesh, dynamic_mesh, static_count: int, camera, near: float, *, device,
                     max_t: float = 1.0e30, dirs=None, out=None, rows=None):
    """The camera's primary ray directions and their closest hits in one launch (:func:`camera_rays` and
    :func:`first_hit_eye` fused); returns wp arrays (dirs, t, face, u, v) of N = H*W elements.

    ``dirs`` and ``out`` (t, face, u, v) may be caller-owned buffers reused across frames; ``rows`` = (r0, r1)
    computes only rows [r0, r1), so bands of one frame can be launched from several threads.

    Raises:
        ValueError / TypeError: as :func:`first_hit` and :func:`camera_rays`.
    """
    static_mesh = checks.mesh_or_none("static_mesh", static_mesh, device)
    dynamic_mesh = checks.mesh_or_none("dynamic_mesh", dynamic_mesh, device)
    static_count = checks.whole("static_count", static_count)
    w, h, tan_half_y, right, up, forward, eye = _camera(camera)
    near, max_t = checks.positive("near", near, allow_zero=True), _max_t(max_t)
    n = w * h
    i0, i1 = _rows(rows, h, w)
    dirs = wp.empty(n, dtype=wp.vec3, device=device) if dirs is None else checks.wp_array("dirs", dirs, wp.vec3, n,
                                                                                          device)
    t, f, u, v = _hit_buffers(out, n, device)
    if i1 > i0:
        wp.launch(camera_first_hit_kernel, dim=i1 - i0,
                  inputs=[_mesh_id(static_mesh), _mesh_id(dynamic_mesh), static_count, w, h, tan_half_y, w / h,
                          wp.vec3(*right), wp.vec3(*up), wp.vec3(*forward), wp.vec3(*eye), near, max_t, i0],
                  outputs=[dirs, t, f, u, v], device=device)
    return dirs, t, f, u, v


@wp.kernel
def rect_first_hit_kernel(edges: wp.array(dtype=wp.vec3, ndim=2), planes: wp.array(dtype=wp.vec4),
                          rects: wp.array(dtype=wp.vec4i), dirs: wp.array(dtype=wp.vec3), near: float,
                          right: wp.vec3, up: wp.vec3, forward: wp.vec3, tan_half_y: float,
                          width: int, height: int, face_offset: int, write: int, row_lo: int, row_hi: int,
                          depth: wp.array(dtype=float), t_out: wp.array(dtype=float),
                          face_out: wp.array(dtype=int), u_out: wp.array(dtype=float),
                          v_out: wp.array(dtype=float)):
    """One thread per triangle, testing the primary rays of the pixels in its screen rectangle
    ``(col0, col1, row0, row1)``. All primary rays leave the eye E, so a ray along ``d`` meets the
    triangle (either side) iff ``d . e_k`` has one sign for the three edge-plane normals
    ``e_k = (p_k - E) x (p_k+1 - E)``; the barycentric weight of ``p_k+2`` is ``d . e_k`` over their
    sum, and the distance from E is ``(n . (p0 - E)) / (n . d)`` (``planes`` holds n and n . (p0 - E)).
    Rays start ``near`` [m] ahead of E, so hits are kept beyond it and t is measured from there.
    Pass ``write = 0`` lowers ``depth`` to the closest hit per pixel (atomic minimum); pass
    ``write = 1`` stores t, face (+ ``face_offset``) and Embree's barycentrics (u for p1, v for p2)
    where the triangle's hit equals that minimum. On the CPU device, whose launches run serially,
    ``write = 2`` does both in one pass (store where closer than the hit so far). Only rows in
    [``row_lo``, ``row_hi``) are tested, so launches over disjoint row bands may run side by side."""
    k = wp.tid()
    e0 = edges[k, 0]
    e1 = edges[k, 1]
    e2 = edges[k, 2]
    pl = planes[k]
    n = wp.vec3(pl[0], pl[1], pl[2])
    r = rects[k]
    # the sign of d . e_k does not depend on |d|: along a row, with the unnormalised pixel direction
    # forward + x * right + y * up, each edge test is linear in x, so the columns that can pass all
    # three tests form one interval per side; only those (plus a pixel of margin) are tested exactly
    ax = wp.vec3(wp.dot(right, e0), wp.dot(right, e1), wp.dot(right, e2))
    ay = wp.vec3(wp.dot(up, e0), wp.dot(up, e1), wp.dot(up, e2))
    af = wp.vec3(wp.dot(forward, e0), wp.dot(forward, e1), wp.dot(forward, e2))
    sx = tan_half_y * float(width) / float(height)
    for row in range(wp.max(r[2], row_lo), wp.min(r[3], row_hi - 1) + 1):
        y = (1.0 - (float(row) + 0.5) / float(height) * 2.0) * tan_half_y
        c_lo = int(r[1] + 1)
        c_hi = int(r[0] - 1)
        for side in range(2):
            sg = 1.0 - 2.0 * float(side)
            lo = float(-1.0e30)
            hi = float(1.0e30)
            for j in range(3):
                a0 = sg * (af[j] + y * ay[j])
                b = sg * ax[j]
                if b > 0.0:
                    lo = wp.max(lo, -a0 / b)
                elif b < 0.0:
                    hi = wp.min(hi, -a0 / b)
                elif a0 < 0.0:
                    lo = 1.0e30
            if lo <= hi:
                # x = ((c + 0.5) / width * 2 - 1) * sx  =>  c = (x / sx + 1) / 2 * width - 0.5
                cl = (wp.max(lo, -4.0 * sx) / sx + 1.0) * 0.5 * float(width) - 0.5
                ch = (wp.min(hi, 4.0 * sx) / sx + 1.0) * 0.5 * float(width) - 0.5
                c_lo = wp.min(c_lo, int(wp.floor(cl)) - 1)
                c_hi = wp.max(c_hi, int(wp.ceil(ch)) + 1)
        c_lo = wp.max(c_lo, r[0])
        c_hi = wp.min(c_hi, r[1])
        for col in range(c_lo, c_hi + 1):
            i = row * width + col
            d = dirs[i]
            a = wp.dot(d, e0)   # weight of p2
            b = wp.dot(d, e1)   # weight of p0
            c = wp.dot(d, e2)   # weight of p1
            inside = (a >= 0.0 and b >= 0.0 and c >= 0.0) or (a <= 0.0 and b <= 0.0 and c <= 0.0)
            if inside:
                nd = wp.dot(n, d)
                s = a + b + c
                if nd != 0.0 and s != 0.0:
                    t = pl[3] / nd - near
                    if t > 0.0:
                        if write == 0:
                            if t < depth[i]:
                                wp.atomic_min(depth, i, t)
                        elif write == 2:
                            if t < t_out[i]:   # serial device: one pass keeps the closest
                                t_out[i] = t
                                face_out[i] = k + face_offset
                                u_out[i] = c / s
                                v_out[i] = a / s
                        elif t == depth[i]:
                            t_out[i] = t
                            face_out[i] = k + face_offset
                            u_out[i] = c / s
                            v_out[i] = a / s


@dataclass
class RectTriangles:
    """A small triangle set prepared for :func:`rect_first_hit_rows` against one camera's primary rays:
    per-triangle edge-plane normals, planes and screen rectangles as wp arrays on ``device``."""

    edges: object
    planes: object
    rects: object
    count: int
    camera: object
    device: object


def prepare_rect_triangles(vertices: np.ndarray, faces: np.ndarray, rects: np.ndarray, camera, *,
                           device) -> RectTriangles:
    """Edge planes of each triangle seen from ``camera.eye`` (see :func:`rect_first_hit_kernel`).

    Args:
        vertices: (V, 3) finite [m]; faces: (F, 3) integer indices into ``vertices``.
        rects: (F, 4) integer inclusive pixel rectangles (col0, col1, row0, row1) holding every pixel
            whose ray may hit each triangle (an empty one has col1 < col0); clipped to the image here.
        camera: the :class:`~interactiveworld.render.camera.Camera` whose primary rays these are.

    Raises:
        ValueError / TypeError / IndexError: as :func:`build_mesh`, mis-shaped ``rects``, a bad camera.
    """
    v, f = checks.mesh_arrays(vertices, faces)
    w, h, _, _, _, _, eye = _camera(camera)
    rc = np.asarray(rects)
    if rc.shape != (len(f), 4) or (rc.size and not np.issubdtype(rc.dtype, np.integer)):
        raise ValueError(f"rects: expected ({len(f)}, 4) integer pixel rectangles, got {rc.shape} {rc.dtype}")
    # the kernel indexes rays by (row, col): keep every rectangle inside the image
    rc = rc.astype(np.int64)
    rc[:, 0:2] = np.clip(rc[:, 0:2], 0, w - 1)
    rc[:, 2:4] = np.clip(rc[:, 2:4], 0, h - 1)
    empty = (np.asarray(rects)[:, 1] < np.asarray(rects)[:, 0]) | (np.asarray(rects)[:, 3] < np.asarray(rects)[:, 2])
    rc[empty] = (0, -1, 0, -1)
    p = v.astype(np.float64)[f] - eye.astype(np.float64)          # (F, 3, 3) from E
    edges = np.cross(p, np.roll(p, -1, axis=1))                   # e_k = p_k x p_k+1
    n = np.cross(p[:, 1] - p[:, 0], p[:, 2] - p[:, 0])
    planes = np.concatenate([n, np.einsum("ij,ij->i", n, p[:, 0])[:, None]], axis=1)
    return RectTriangles(edges=wp.array(np.ascontiguousarray(edges, np.float32), dtype=wp.vec3, device=device),
                         planes=wp.array(np.ascontiguousarray(planes, np.float32), dtype=wp.vec4, device=device),
                         rects=wp.array(np.ascontiguousarray(rc, np.int32), dtype=wp.vec4i, device=device),
                         count=len(f), camera=camera, device=device)


def rect_first_hit_rows(tris: RectTriangles, near: float, dirs, face_offset: int, t, face, u, v, *, rows=None):
    """Closest hits of the primary rays of rows ``rows`` = [r0, r1) (all rows when None) against a prepared
    triangle set, merged into the existing hits (``t``, ``face``, ``u``, ``v``: wp arrays (N,) float32, int32,
    float32, float32, updated in place where a triangle is hit closer than ``t``). Launches over disjoint row
    bands may run side by side on the CPU device.

    Raises:
        ValueError / TypeError: arrays of the wrong length, dtype or device, near < 0, a bad band.
    """
    if not isinstance(tris, RectTriangles):
        raise TypeError(f"tris: expected the RectTriangles of prepare_rect_triangles, got {type(tris).__name__}")
    device = tris.device
    w, h, tan_half_y, right, up, forward, _ = _camera(tris.camera)
    n = w * h
    checks.wp_array("dirs", dirs, wp.vec3, n, device)
    t, face, u, v = _hit_buffers((t, face, u, v), n, device)
    near = checks.positive("near", near, allow_zero=True)
    face_offset = checks.whole("face_offset", face_offset)
    i0, i1 = _rows(rows, h, w)
    if tris.count == 0 or i1 == i0:
        return
    serial = wp.get_device(device).is_cpu
    depth = t if serial else wp.clone(t)
    for write in ((2,) if serial else (0, 1)):
        wp.launch(rect_first_hit_kernel, dim=tris.count,
                  inputs=[tris.edges, tris.planes, tris.rects, dirs, near, wp.vec3(*right), wp.vec3(*up),
                          wp.vec3(*forward), tan_half_y, w, h, face_offset, write, i0 // w, i1 // w],
                  outputs=[depth, t, face, u, v], device=device)


def rect_first_hit(vertices: np.ndarray, faces: np.ndarray, rects: np.ndarray, camera, near: float, dirs,
                   face_offset: int, t, face, u, v, *, device):
    """Closest hits of the primary rays (from ``eye + near * d`` along wp ``dirs``) against a small
    triangle set, merged into existing hits: :func:`prepare_rect_triangles` then
    :func:`rect_first_hit_rows` over every row.

    Args:
        vertices: (V, 3) float32 [m]; faces: (F, 3) int32.
        rects: (F, 4) int32 inclusive pixel rectangles (col0, col1, row0, row1) holding every pixel
            whose ray may hit each triangle (an empty one has col1 < col0).
        camera: the :class:`~interactiveworld.render.camera.Camera` whose primary rays these are (eye E,
            axes, field of view, size).
        near: rays start this far along d [m] and t is measured from there.
        dirs: wp vec3 array of the camera's N = H * W unit directions (row-major).
        face_offset: added to the triangle index for the face id written.
        t, face, u, v: wp arrays (N,) of the hits so far (float32, int32, float32, float32), updated in
            place where a triangle is hit closer than ``t``.

    Raises:
        ValueError / TypeError / IndexError: as the two functions it calls.
    """
    tris = prepare_rect_triangles(vertices, faces, rects, camera, device=device)
    rect_first_hit_rows(tris, near, dirs, face_offset, t, face, u, v)
