"""Input checks shared by the Warp host functions: Warp kernels do not bound-check array reads, so every index,
count and coordinate that can reach one is validated here first (ValueError / IndexError naming the argument).
"""
from __future__ import annotations

import numpy as np


def finite(name: str, a, shape: tuple[int | None, ...] | None = None, dtype=np.float64) -> np.ndarray:
    """``a`` as an array of ``shape`` (None = any length) with only finite values (TypeError when it is not numbers,
    ValueError for another shape or a NaN/inf)."""
    try:
        arr = np.asarray(a, dtype=dtype)
    except (TypeError, ValueError) as e:
        raise TypeError(f"{name}: expected an array of numbers, got {type(a).__name__} ({e})") from None
    if shape is not None and (arr.ndim != len(shape) or any(s is not None and n != s
                                                             for n, s in zip(arr.shape, shape))):
        want = "(" + ", ".join("N" if s is None else str(s) for s in shape) + ("," if len(shape) == 1 else "") + ")"
        raise ValueError(f"{name}: expected {want}, got {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name}: contains NaN or infinite values")
    return arr


def skeleton(parents, rest_joints, up) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """parents (J,) with parents[0] = -1 and 0 <= parents[j] < j, finite rest joints (J, 3), finite up (3, 3)."""
    p = np.asarray(parents)
    if p.ndim != 1 or len(p) == 0 or not np.issubdtype(p.dtype, np.integer):
        raise ValueError(f"parents: expected a non-empty (J,) integer array, got {p.shape} {p.dtype}")
    p = p.astype(np.int32)
    ok = p[0] == -1 and np.all((p[1:] >= 0) & (p[1:] < np.arange(1, len(p))))
    if not ok:
        raise ValueError("parents: joint 0 must be the root (-1) and every parent must precede its child")
    return p, finite("rest_joints", rest_joints, (len(p), 3)), finite("up", up, (3, 3))


def joint_indices(name: str, idx, joint_count: int, shape: tuple[int | None, ...]) -> np.ndarray:
    """Integer joint indices of ``shape`` in [0, joint_count) (IndexError otherwise)."""
    a = np.asarray(idx)
    if a.ndim != len(shape) or any(s is not None and n != s for n, s in zip(a.shape, shape)) or (
            a.size and not np.issubdtype(a.dtype, np.integer)):
        raise ValueError(f"{name}: expected integer joint indices of shape {shape}, got {a.shape} {a.dtype}")
    if a.size and (a.min() < 0 or a.max() >= joint_count):
        raise IndexError(f"{name}: joint indices must be in [0, {joint_count}), got {a.min()}..{a.max()}")
    return a.astype(np.int32)


def voxel_grid(values, origin, voxel: float, device=None) -> tuple[np.ndarray, float]:
    """A non-empty 3-D grid (numpy, or a float32 Warp array on ``device`` when given), a finite origin (3,) and a
    positive finite voxel [m]."""
    import warp as wp

    if isinstance(values, wp.array):
        if values.dtype != wp.float32 or values.ndim != 3:
            raise TypeError(f"sdf values: expected a 3-D float32 warp array, got {values.ndim}-D {values.dtype}")
        if device is not None and values.device != wp.get_device(device):
            raise ValueError(f"sdf values: the grid lives on {values.device}, the launch on {wp.get_device(device)}")
    elif not hasattr(values, "shape"):
        raise TypeError(f"sdf values: expected a (nx, ny, nz) array, got {type(values).__name__}")
    shape = tuple(values.shape)
    if len(shape) != 3 or min(shape) < 1:
        raise ValueError(f"sdf values: expected a non-empty (nx, ny, nz) grid, got {shape}")
    if origin is None:
        raise ValueError("sdf origin: expected (3,) [m] with the sdf values, got None")
    o = finite("sdf origin", origin, (3,))
    return o, positive("sdf voxel", voxel)


def positive(name: str, value, *, allow_zero: bool = False) -> float:
    """``value`` as a finite float > 0 (>= 0 with ``allow_zero``)."""
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise TypeError(f"{name}: expected a real number, got {type(value).__name__}") from None
    if not np.isfinite(v) or v < 0 or (v == 0 and not allow_zero):
        raise ValueError(f"{name}: expected a finite number {'>= 0' if allow_zero else '> 0'}, got {value!r}")
    return v


def whole(name: str, value, lo: int = 0, hi: int | None = None) -> int:
    """``value`` as an int in [lo, hi] (TypeError for a non-integer, ValueError out of range)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name}: expected an integer, got {type(value).__name__}")
    v = int(value)
    if v < lo or (hi is not None and v > hi):
        raise ValueError(f"{name}: expected an integer in [{lo}, {'inf' if hi is None else hi}], got {v}")
    return v


def mesh_arrays(vertices, faces) -> tuple[np.ndarray, np.ndarray]:
    """Finite vertices (V, 3) float32 and integer faces (F, 3) int32 indexing them (IndexError when a face index
    lies outside [0, V))."""
    f = np.asarray(faces)
    if f.ndim != 2 or f.shape[1] != 3 or (f.size and not np.issubdtype(f.dtype, np.integer)):
        raise ValueError(f"faces: expected (F, 3) integer vertex indices, got {f.shape} {f.dtype}")
    v = finite("vertices", vertices, (None, 3), np.float32)
    if f.size and (f.min() < 0 or f.max() >= len(v)):
        raise IndexError(f"faces: vertex indices must be in [0, {len(v)}), got {f.min()}..{f.max()}")
    return np.ascontiguousarray(v), np.ascontiguousarray(f, dtype=np.int32)


def vec3(name: str, value) -> np.ndarray:
    """A finite (3,) vector as float32."""
    return finite(name, value, (3,), np.float32)


def wp_array(name: str, a, wp_dtype, n: int | None, device=None):
    """A Warp array of ``wp_dtype`` with ``n`` elements (any when None) on ``device`` (any when None)."""
    import warp as wp

    if not isinstance(a, wp.array):
        raise TypeError(f"{name}: expected a warp array of {wp_dtype.__name__}, got {type(a).__name__}")
    if a.dtype != wp_dtype or a.ndim != 1:
        raise TypeError(f"{name}: expected a 1-D warp array of {wp_dtype.__name__}, got {a.ndim}-D {a.dtype}")
    if n is not None and a.shape[0] != n:
        raise ValueError(f"{name}: expected ({n},) {wp_dtype.__name__}, got ({a.shape[0]},)")
    if device is not None and a.device != wp.get_device(device):
        raise ValueError(f"{name}: expected an array on {wp.get_device(device)}, got one on {a.device}")
    return a


def mesh_or_none(name: str, mesh, device):
    """A ``wp.Mesh`` on ``device`` or None."""
    import warp as wp

    if mesh is None:
        return None
    if not isinstance(mesh, wp.Mesh):
        raise TypeError(f"{name}: expected a warp.Mesh or None, got {type(mesh).__name__}")
    if mesh.device != wp.get_device(device):
        raise ValueError(f"{name}: the mesh lives on {mesh.device}, the launch on {wp.get_device(device)}")
    return mesh
