"""First-hit and shadow (any-hit) ray queries against a static and a dynamic ``wp.Mesh``.

Face ids use the renderer's global layout ``[static (Fs) | background (1) | dynamic (Fd)]``: a miss
returns ``Fs`` and a dynamic hit ``Fs + 1 + face``. Barycentrics are returned in Embree's convention
(hit point ``(1 - u - v) * p0 + u * p1 + v * p2``); Warp's own are ``u * p0 + v * p1 + (1 - u - v) * p2``.
Ray directions are unit vectors, so ``t`` is a distance [m].
"""
from __future__ import annotations

import numpy as np
import warp as wp

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
def occluded_kernel(static_mesh: wp.uint64, dynamic_mesh: wp.uint64,
                    origins: wp.array(dtype=wp.vec3), dirs: wp.array(dtype=wp.vec3), max_t: float,
                    out: wp.array(dtype=wp.int8)):
    i = wp.tid()
    hit = int(0)
    if static_mesh != NO_MESH:
        if wp.mesh_query_ray_anyhit(static_mesh, origins[i], dirs[i], max_t):
            hit = 1
    if hit == 0 and dynamic_mesh != NO_MESH:
        if wp.mesh_query_ray_anyhit(dynamic_mesh, origins[i], dirs[i], max_t):
            hit = 1
    out[i] = wp.int8(hit)


def _mesh_id(mesh) -> wp.uint64:
    return wp.uint64(0) if mesh is None else mesh.id


def _check_rays(origins: np.ndarray, dirs: np.ndarray) -> None:
    if origins.ndim != 2 or origins.shape[1] != 3 or dirs.shape != origins.shape:
        raise ValueError(f"rays: expected origins and dirs of shape (N, 3), got {origins.shape} and {dirs.shape}")


def first_hit(static_mesh, dynamic_mesh, static_count: int, origins: np.ndarray, dirs: np.ndarray,
              *, device, max_t: float = 1.0e30):
    """Closest hits of unit rays against the static and dynamic meshes (either may be None).

    Args:
        static_mesh, dynamic_mesh: ``wp.Mesh`` or None, on ``device``.
        static_count: number of static faces ``Fs`` (the miss id).
        origins, dirs: shape (N, 3), float32; dirs unit length.

    Returns:
        t [m], face (global id), u, v: numpy arrays of shape (N,) (float32, int32, float32, float32).
    """
    _check_rays(origins, dirs)
    n = len(origins)
    o = wp.array(np.ascontiguousarray(origins, dtype=np.float32), dtype=wp.vec3, device=device)
    d = wp.array(np.ascontiguousarray(dirs, dtype=np.float32), dtype=wp.vec3, device=device)
    t = wp.empty(n, dtype=float, device=device)
    f = wp.empty(n, dtype=int, device=device)
    u = wp.empty(n, dtype=float, device=device)
    v = wp.empty(n, dtype=float, device=device)
    wp.launch(first_hit_kernel, dim=n, inputs=[_mesh_id(static_mesh), _mesh_id(dynamic_mesh), int(static_count),
                                                o, d, float(max_t)],
              outputs=[t, f, u, v], device=device)
    return t.numpy(), f.numpy(), u.numpy(), v.numpy()


def any_hit(static_mesh, dynamic_mesh, origins: np.ndarray, dirs: np.ndarray, max_t: float, *, device) -> np.ndarray:
    """Whether each unit ray hits anything within ``max_t`` [m]; shape (N,), bool."""
    _check_rays(origins, dirs)
    n = len(origins)
    o = wp.array(np.ascontiguousarray(origins, dtype=np.float32), dtype=wp.vec3, device=device)
    d = wp.array(np.ascontiguousarray(dirs, dtype=np.float32), dtype=wp.vec3, device=device)
    out = wp.empty(n, dtype=wp.int8, device=device)
    wp.launch(occluded_kernel, dim=n, inputs=[_mesh_id(static_mesh), _mesh_id(dynamic_mesh), o, d, float(max_t)],
              outputs=[out], device=device)
    return out.numpy().astype(bool)


def build_mesh(vertices: np.ndarray, faces: np.ndarray, *, device):
    """A ``wp.Mesh`` of the triangles on ``device``, or None when there are none."""
    if len(faces) == 0:
        return None
    return wp.Mesh(points=wp.array(np.ascontiguousarray(vertices, dtype=np.float32), dtype=wp.vec3, device=device),
                   indices=wp.array(np.ascontiguousarray(faces, dtype=np.int32).reshape(-1), dtype=int, device=device))


@wp.kernel
def camera_rays_kernel(width: int, tan_half_y: float, aspect: float, height: int,
                       right: wp.vec3, up: wp.vec3, forward: wp.vec3, eye: wp.vec3, near: float,
                       origins_out: wp.array(dtype=wp.vec3), dirs_out: wp.array(dtype=wp.vec3)):
    """Rays through pixel centres, row-major from the top-left (as ``Camera.rays``), starting
    ``near`` [m] in front of the eye."""
    i = wp.tid()
    row = i / width
    col = i - row * width
    x = ((float(col) + 0.5) / float(width) * 2.0 - 1.0) * tan_half_y * aspect
    y = (1.0 - (float(row) + 0.5) / float(height) * 2.0) * tan_half_y
    d = wp.normalize(forward + right * x + up * y)
    dirs_out[i] = d
    origins_out[i] = eye + d * near


@wp.kernel
def camera_rays_grid_kernel(grid: wp.array(dtype=wp.vec3), right: wp.vec3, up: wp.vec3, forward: wp.vec3,
                            eye: wp.vec3, near: float,
                            origins_out: wp.array(dtype=wp.vec3), dirs_out: wp.array(dtype=wp.vec3)):
    """:func:`camera_rays_kernel` from precomputed unit pixel directions in camera axes (right, up,
    forward): one rotation per ray, no normalisation."""
    i = wp.tid()
    g = grid[i]
    d = right * g[0] + up * g[1] + forward * g[2]
    dirs_out[i] = d
    origins_out[i] = eye + d * near


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
def shadow_kernel(static_mesh: wp.uint64, dynamic_mesh: wp.uint64, origins: wp.array(dtype=wp.vec3),
                  light: wp.vec3, max_t: float, need_ray: wp.array(dtype=wp.int8),
                  blocked_out: wp.array(dtype=wp.int8)):
    """For pixels with ``need_ray``: 1 where a ray toward the light meets geometry within ``max_t``."""
    i = wp.tid()
    hit = bool(False)
    if need_ray[i] != wp.int8(0):
        o = origins[i]
        if static_mesh != NO_MESH:
            hit = wp.mesh_query_ray_anyhit(static_mesh, o, light, max_t)
        if not hit and dynamic_mesh != NO_MESH:
            hit = wp.mesh_query_ray_anyhit(dynamic_mesh, o, light, max_t)
    if hit:
        blocked_out[i] = wp.int8(1)
    else:
        blocked_out[i] = wp.int8(0)


def camera_rays(camera, *, device, near: float = 0.0, out=(None, None), grid=None):
    """Primary rays of ``camera`` computed on ``device``: wp arrays (origins, dirs) of N = H*W vec3.

    Computed in a kernel rather than with numpy: no BLAS call, so no contention with the ray
    engine's worker threads on a small CPU, and no host-to-device copy on CUDA. ``out`` may hold
    caller-owned (origins, dirs) buffers of length N, reused across frames. ``grid`` may hold the
    camera's N unit pixel directions in camera axes (right, up, forward) as a wp vec3 array on
    ``device`` (``Camera.rays``' grid), which saves normalising every ray.
    """
    n = camera.width * camera.height
    origins = out[0] if out[0] is not None and out[0].shape[0] == n else wp.empty(n, dtype=wp.vec3, device=device)
    dirs = out[1] if out[1] is not None and out[1].shape[0] == n else wp.empty(n, dtype=wp.vec3, device=device)
    if grid is not None:
        if grid.shape[0] != n:
            raise ValueError(f"camera_rays: grid expected ({n},) vec3, got {grid.shape}")
        wp.launch(camera_rays_grid_kernel, dim=n,
                  inputs=[grid, wp.vec3(*camera.right.astype(np.float32)), wp.vec3(*camera.up.astype(np.float32)),
                          wp.vec3(*camera.forward.astype(np.float32)), wp.vec3(*camera.eye.astype(np.float32)),
                          float(near)],
                  outputs=[origins, dirs], device=device)
        return origins, dirs
    wp.launch(camera_rays_kernel, dim=n,
              inputs=[camera.width, float(np.tan(np.radians(camera.fov_y_deg) / 2.0)),
                      camera.width / camera.height, camera.height, wp.vec3(*camera.right.astype(np.float32)),
                      wp.vec3(*camera.up.astype(np.float32)), wp.vec3(*camera.forward.astype(np.float32)),
                      wp.vec3(*camera.eye.astype(np.float32)), float(near)],
              outputs=[origins, dirs], device=device)
    return origins, dirs


def first_hit_eye(static_mesh, dynamic_mesh, static_count: int, eye, near: float, dirs, *, device,
                  max_t: float = 1.0e30):
    """Closest hits of rays from ``eye + near * dir`` along wp ``dirs``; returns wp arrays (t, face, u, v)."""
    n = dirs.shape[0]
    t = wp.empty(n, dtype=float, device=device)
    f = wp.empty(n, dtype=int, device=device)
    u = wp.empty(n, dtype=float, device=device)
    v = wp.empty(n, dtype=float, device=device)
    wp.launch(first_hit_eye_kernel, dim=n,
              inputs=[_mesh_id(static_mesh), _mesh_id(dynamic_mesh), int(static_count),
                      wp.vec3(*np.asarray(eye, np.float32)), float(near), dirs, float(max_t)],
              outputs=[t, f, u, v], device=device)
    return t, f, u, v


def shadow(static_mesh, dynamic_mesh, origins, light, max_t: float, need_ray, *, device):
    """Launch :func:`shadow_kernel`; returns the (N,) int8 wp array of blocked shadow rays."""
    blocked = wp.empty(need_ray.shape[0], dtype=wp.int8, device=device)
    wp.launch(shadow_kernel, dim=need_ray.shape[0],
              inputs=[_mesh_id(static_mesh), _mesh_id(dynamic_mesh), origins,
                      wp.vec3(*np.asarray(light, np.float32)), float(max_t), need_ray],
              outputs=[blocked], device=device)
    return blocked



@wp.kernel
def rect_first_hit_kernel(edges: wp.array(dtype=wp.vec3, ndim=2), planes: wp.array(dtype=wp.vec4),
                          rects: wp.array(dtype=wp.vec4i), dirs: wp.array(dtype=wp.vec3), near: float,
                          right: wp.vec3, up: wp.vec3, forward: wp.vec3, tan_half_y: float,
                          width: int, height: int, face_offset: int, write: int,
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
    ``write = 2`` does both in one pass (store where closer than the hit so far)."""
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
    for row in range(r[2], r[3] + 1):
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


def rect_first_hit(vertices: np.ndarray, faces: np.ndarray, rects: np.ndarray, camera, near: float, dirs,
                   face_offset: int, t, face, u, v, *, device):
    """Closest hits of the primary rays (from ``eye + near * d`` along wp ``dirs``) against a small
    triangle set, merged into existing hits.

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
    """
    if len(faces) == 0:
        return
    if np.shape(rects) != (len(faces), 4):
        raise ValueError(f"rect_first_hit: rects expected ({len(faces)}, 4) int32, got {np.shape(rects)}")
    p = np.asarray(vertices, np.float64)[np.asarray(faces)] - camera.eye   # (F, 3, 3) from E
    edges = np.cross(p, np.roll(p, -1, axis=1))                                             # e_k = p_k x p_k+1
    n = np.cross(p[:, 1] - p[:, 0], p[:, 2] - p[:, 0])
    planes = np.concatenate([n, np.einsum("ij,ij->i", n, p[:, 0])[:, None]], axis=1)
    e = wp.array(np.ascontiguousarray(edges, np.float32), dtype=wp.vec3, device=device)
    pl = wp.array(np.ascontiguousarray(planes, np.float32), dtype=wp.vec4, device=device)
    rc = wp.array(np.ascontiguousarray(rects, np.int32), dtype=wp.vec4i, device=device)
    serial = wp.get_device(device).is_cpu
    depth = t if serial else wp.clone(t)
    for write in ((2,) if serial else (0, 1)):
        wp.launch(rect_first_hit_kernel, dim=len(faces),
                  inputs=[e, pl, rc, dirs, float(near), wp.vec3(*camera.right.astype(np.float32)),
                          wp.vec3(*camera.up.astype(np.float32)), wp.vec3(*camera.forward.astype(np.float32)),
                          float(np.tan(np.radians(camera.fov_y_deg) / 2.0)), int(camera.width), int(camera.height),
                          int(face_offset), write],
                  outputs=[depth, t, face, u, v], device=device)
