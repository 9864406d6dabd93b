"""Input checks shared by the Warp host functions: Warp kernels do not bound-check array reads, so every index,
count and coordinate that can reach one is validated here first (ValueError / IndexError naming the argument).
"""
from __future__ import annotations

import numpy as np


def finite(name: str, a, shape: tuple[int | None, ...] | None = None, dtype=np.float64) -> np.ndarray:
    """``a`` as an array of ``shape`` (None = any length) with only finite values."""
    arr = np.asarray(a, dtype=dtype)
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


def voxel_grid(values, origin, voxel: float) -> tuple[np.ndarray, float]:
    """A non-empty 3-D grid (numpy or Warp array), a finite origin (3,) and a positive finite voxel [m]."""
    shape = tuple(values.shape)
    if len(shape) != 3 or min(shape) < 1:
        raise ValueError(f"sdf values: expected a non-empty (nx, ny, nz) grid, got {shape}")
    o = finite("sdf origin", origin, (3,))
    v = float(voxel)
    if not (np.isfinite(v) and v > 0):
        raise ValueError(f"sdf voxel must be a positive finite size [m], got {voxel!r}")
    return o, v
