"""Voxel signed distance fields on Warp: construction over a voxel grid, trilinear queries, exact mesh queries.

Same grid convention as the native ``VoxelSDF`` (cpp/iw/sdf.hpp): values (nx, ny, nz) float32 at
``origin + (i, j, k) * voxel``, trilinear inside, "nearest grid value + distance to it" outside; negative inside.
Signs come from Warp's angle-weighted pseudo-normal query (the native core uses the same rule).
"""
from __future__ import annotations

import math

import numpy as np
import warp as wp

from . import checks

#: Largest grid build_voxel_sdf allocates (the native VoxelSDF.build limit).
MAX_SDF_CELLS = 64 << 20


@wp.func
def sdf_trilinear(values: wp.array3d(dtype=wp.float32), origin: wp.vec3, voxel: float, p: wp.vec3):
    """Trilinear signed distance [m] at p (outside the grid: value at the clamped point + distance to it)."""
    nx = values.shape[0]
    ny = values.shape[1]
    nz = values.shape[2]
    fx = wp.clamp((p[0] - origin[0]) / voxel, 0.0, float(nx - 1))
    fy = wp.clamp((p[1] - origin[1]) / voxel, 0.0, float(ny - 1))
    fz = wp.clamp((p[2] - origin[2]) / voxel, 0.0, float(nz - 1))
    q = origin + wp.vec3(fx * voxel, fy * voxel, fz * voxel)
    outside = wp.length(p - q)
    i = wp.min(int(fx), wp.max(nx - 2, 0))
    j = wp.min(int(fy), wp.max(ny - 2, 0))
    k = wp.min(int(fz), wp.max(nz - 2, 0))
    tx = fx - float(i)
    ty = fy - float(j)
    tz = fz - float(k)
    i1 = wp.min(i + 1, nx - 1)
    j1 = wp.min(j + 1, ny - 1)
    k1 = wp.min(k + 1, nz - 1)
    c00 = values[i, j, k] * (1.0 - tx) + values[i1, j, k] * tx
    c10 = values[i, j1, k] * (1.0 - tx) + values[i1, j1, k] * tx
    c01 = values[i, j, k1] * (1.0 - tx) + values[i1, j, k1] * tx
    c11 = values[i, j1, k1] * (1.0 - tx) + values[i1, j1, k1] * tx
    c0 = c00 * (1.0 - ty) + c10 * ty
    c1 = c01 * (1.0 - ty) + c11 * ty
    return c0 * (1.0 - tz) + c1 * tz + outside


@wp.func
def mesh_signed_distance_at(mesh: wp.uint64, p: wp.vec3, max_dist: float):
    q = wp.mesh_query_point_sign_normal(mesh, p, max_dist)
    if not q.result:
        return max_dist
    cp = wp.mesh_eval_position(mesh, q.face, q.u, q.v)
    return q.sign * wp.length(p - cp)


@wp.kernel
def build_sdf_kernel(mesh: wp.uint64, origin: wp.vec3, voxel: float, max_dist: float,
                     values: wp.array3d(dtype=wp.float32)):
    i, j, k = wp.tid()
    p = origin + wp.vec3(float(i) * voxel, float(j) * voxel, float(k) * voxel)
    values[i, j, k] = mesh_signed_distance_at(mesh, p, max_dist)


@wp.kernel
def mesh_distance_kernel(mesh: wp.uint64, points: wp.array(dtype=wp.vec3), max_dist: float,
                         out: wp.array(dtype=wp.float32)):
    i = wp.tid()
    out[i] = mesh_signed_distance_at(mesh, points[i], max_dist)


@wp.kernel
def query_sdf_kernel(values: wp.array3d(dtype=wp.float32), origin: wp.vec3, voxel: float,
                     points: wp.array(dtype=wp.vec3), out: wp.array(dtype=wp.float32)):
    i = wp.tid()
    out[i] = sdf_trilinear(values, origin, voxel, points[i])


def _grid_layout(vertices: np.ndarray, voxel: float, padding: float) -> tuple[np.ndarray, tuple[int, int, int]]:
    """Origin (3,) and shape (nx, ny, nz) of the padded grid over vertices, as the native core lays it out."""
    lo, hi = vertices.min(0), vertices.max(0)
    ext = hi - lo + 2 * padding
    shape = tuple(int(math.ceil(e / voxel)) + 1 for e in ext)
    return lo - padding, shape  # type: ignore[return-value]


def _mesh(vertices, faces, device) -> wp.Mesh:
    v, f = checks.mesh_arrays(vertices, faces)
    if len(f) == 0:
        raise ValueError(f"mesh: expected at least one face (F, 3), got {np.shape(faces)}")
    return wp.Mesh(points=wp.array(v, dtype=wp.vec3, device=device),
                   indices=wp.array(f.reshape(-1), dtype=wp.int32, device=device))


def build_voxel_sdf(vertices, faces, voxel: float, padding: float, *, device="cpu"
                    ) -> tuple[wp.array, np.ndarray]:
    """Signed distances over the padded voxel grid of a watertight mesh, one thread per voxel.

    Returns (values: wp.array3d float32 (nx, ny, nz) on ``device``, origin (3,) float64 [m]).
    Raises ValueError on bad shapes, voxel <= 0 or padding < 0.
    """
    voxel, padding = checks.positive("voxel", voxel), checks.positive("padding", padding, allow_zero=True)
    mesh = _mesh(vertices, faces, device)
    vertices = np.asarray(vertices, dtype=np.float64)
    origin, shape = _grid_layout(vertices, voxel, padding)
    if float(np.prod(np.asarray(shape, dtype=np.float64))) > MAX_SDF_CELLS:
        raise ValueError(f"voxel grid of {shape} cells is too large (more than {MAX_SDF_CELLS}); use a coarser voxel")
    values = wp.empty(shape, dtype=wp.float32, device=device)
    max_dist = float(np.linalg.norm(vertices.max(0) - vertices.min(0)) + 4 * padding + 1.0)
    wp.launch(build_sdf_kernel, dim=shape, inputs=[mesh.id, wp.vec3(*origin), float(voxel), max_dist],
              outputs=[values], device=device)
    return values, origin


def query_voxel_sdf(values: wp.array, origin, voxel: float, points) -> np.ndarray:
    """Trilinear signed distances (N,) float32 [m] at points (N, 3), on the device ``values`` lives on.

    Raises ValueError for non-finite points (they would index outside the grid), an empty grid, a non-finite
    origin or a voxel that is not a positive finite size; TypeError for a grid that is not a 3-D float32 warp
    array.
    """
    if not isinstance(values, wp.array):
        raise TypeError(f"values: expected the warp array from build_voxel_sdf, got {type(values).__name__}")
    pts = checks.finite("points", points, (None, 3), np.float32)
    origin, voxel = checks.voxel_grid(values, origin, voxel)
    device = values.device
    p = wp.array(pts, dtype=wp.vec3, device=device)
    out = wp.empty(len(pts), dtype=wp.float32, device=device)
    wp.launch(query_sdf_kernel, dim=len(pts), inputs=[values, wp.vec3(*origin), voxel, p],
              outputs=[out], device=device)
    return out.numpy()


def mesh_signed_distance(vertices, faces, points, *, device="cpu", max_dist: float = 1.0e3) -> np.ndarray:
    """Exact signed distances (N,) [m] from Warp's ``mesh_query_point_sign_normal`` (negative inside) at points
    (N, 3) [m] to the mesh vertices (V, 3), faces (F, 3).

    Raises ValueError for mis-shaped or non-finite vertices or points, a mesh without faces, max_dist not a
    positive finite distance; IndexError for face indices outside [0, V).
    """
    mesh = _mesh(vertices, faces, device)
    pts = checks.finite("points", points, (None, 3), np.float32)
    max_dist = checks.positive("max_dist", max_dist)
    out = wp.empty(len(pts), dtype=wp.float32, device=device)
    wp.launch(mesh_distance_kernel, dim=len(pts), inputs=[mesh.id, wp.array(pts, dtype=wp.vec3, device=device),
                                                         float(max_dist)], outputs=[out], device=device)
    return out.numpy()
