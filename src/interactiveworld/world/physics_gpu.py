"""Optional GPU path: many settles of one scene at once on CUDA with MuJoCo Warp (``mujoco-warp``).

The CPU simulation (:mod:`interactiveworld.world.physics`) is the default and the reference. This module runs the
same compiled :class:`mujoco.MjModel` as a batch of worlds on a CUDA device (for example the same scene settled
from many candidate placements, or many seeds of a sweep); it is used only when asked for, and only where
``mujoco_warp`` imports and Warp sees a CUDA device. MuJoCo Warp has no sleeping islands: every world steps
every body for the requested time.
"""
from __future__ import annotations

import importlib.util

import mujoco
import numpy as np

from ..kernels import init_warp
from .physics import SUBSTEPS, PhysicsWorld

__all__ = ["GpuUnavailable", "gpu_available", "batched_settle"]


class GpuUnavailable(RuntimeError):
    """``mujoco_warp`` is not installed or Warp sees no CUDA device (the message says which)."""


def gpu_available() -> str | None:
    """None when the GPU path can run here, else the reason it cannot (no ``mujoco_warp``, no CUDA device)."""
    if importlib.util.find_spec("mujoco_warp") is None:
        return "mujoco_warp is not installed (pip install mujoco-warp)"
    wp = init_warp()
    if wp.get_cuda_device_count() == 0:
        return "Warp sees no CUDA device"
    return None


def batched_settle(world: PhysicsWorld, qpos: np.ndarray, *, frames: int = 120) -> np.ndarray:
    """Step ``B`` copies of ``world``'s model from the configurations ``qpos`` for ``frames`` frames of 1/60 s
    each on the GPU and return the final configurations.

    Args:
        world: the scene's CPU physics world (its model and current state: joints, mocap, welds are shared by
            every copy).
        qpos: start configurations, shape (B, nq) float64 (free bodies: position [m] and quaternion (w, x, y, z)).
        frames: simulated frames (1/60 s each; :data:`~.physics.SUBSTEPS` MuJoCo steps per frame).
    Returns:
        final configurations, shape (B, nq) float64.
    Raises:
        GpuUnavailable: no ``mujoco_warp`` or no CUDA device.
        ValueError: ``qpos`` is not (B, nq).
    """
    why = gpu_available()
    if why is not None:
        raise GpuUnavailable(why)
    import mujoco_warp as mjw
    import warp as wp
    m = world.model
    qpos = np.asarray(qpos, dtype=np.float64)
    if qpos.ndim != 2 or qpos.shape[1] != m.nq:
        raise ValueError(f"qpos: expected (B, {m.nq}) float64, got {qpos.shape}")
    batch = len(qpos)
    flags = m.opt.enableflags
    m.opt.enableflags = flags & ~int(mujoco.mjtEnableBit.mjENBL_SLEEP)  # MuJoCo Warp does not sleep
    try:
        with wp.ScopedDevice("cuda:0"):
            wm = mjw.put_model(m)
            wd = mjw.put_data(m, world.data, nworld=batch)
            wd.qpos.assign(wp.array(qpos.astype(np.float32 if wd.qpos.dtype == wp.float32 else np.float64)))
            wd.qvel.zero_()
            for _ in range(frames * SUBSTEPS):
                mjw.step(wm, wd)
            out = wd.qpos.numpy().astype(np.float64)
    finally:
        m.opt.enableflags = flags
    return out.reshape(batch, m.nq)
