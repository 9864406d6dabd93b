"""Warp first-hit engine (``wp.Mesh`` + ``mesh_query_ray``): the engine on CUDA; runs on Warp's
CPU device too (the cross-check of the Embree engine), where the renderer launches a frame as row bands from
several threads. The dynamic mesh is refitted, not rebuilt, while its faces stay the same."""
from __future__ import annotations

from types import ModuleType

import numpy as np

from interactiveworld.kernels import init_warp, raycast

from .hits import Hits


def cuda_available() -> bool:
    """True when Warp sees a CUDA device."""
    try:
        return bool(init_warp().is_cuda_available())
    except Exception:  # its runtime failed to load: no CUDA path
        return False


class WarpEngine:
    """First hits with Warp on ``device`` (``"cpu"`` or ``"cuda:N"``); see the package docstring.

    Args:
        device: the Warp device the meshes live and the rays run on.
        frame: the frame passes a renderer runs on this engine (:mod:`.frame`, given by
            :func:`~interactiveworld.render.engines.make_engine`).
    """

    def __init__(self, device: str = "cpu", *, frame: ModuleType | None = None) -> None:
        self.frame = frame
        self._rc = raycast
        self.device = device
        self.name = f"warp-{'cpu' if device == 'cpu' else 'cuda'}"
        self._static = None
        self._dynamic = None
        self._refit = raycast.RefitMesh(device)
        self._static_count = 0

    @property
    def static_mesh(self):
        """The static ``wp.Mesh`` (None when the scene has no faces)."""
        return self._static

    @property
    def dynamic_mesh(self):
        """The dynamic ``wp.Mesh`` of the last :meth:`build_dynamic` (None when it had no faces)."""
        return self._dynamic

    @property
    def static_count(self) -> int:
        """Number of static faces ``Fs`` (the miss id)."""
        return self._static_count

    def build_static(self, vertices: np.ndarray, faces: np.ndarray) -> None:
        self._static = self._rc.build_mesh(vertices, faces, device=self.device)
        self._static_count = len(faces)
        self._dynamic = None

    def build_dynamic(self, vertices: np.ndarray, faces: np.ndarray) -> None:
        """The dynamic set of this frame: refitted when its faces are those of the last call, else rebuilt."""
        self._dynamic = self._refit.update(vertices, faces)

    def intersect(self, origins: np.ndarray, dirs: np.ndarray, *, dynamic_mask: np.ndarray | None = None,
                  include_dynamic: bool = True) -> Hits:
        """First hits of unit rays (N, 3) float32 (``dynamic_mask`` is accepted and ignored: the GPU
        traces both meshes in one kernel); ``include_dynamic=False`` traces the static mesh only."""
        t, f, u, v = self._rc.first_hit(self._static, self._dynamic if include_dynamic else None,
                                        self._static_count, origins, dirs,
                                        device=self.device)
        return Hits(t=t, face=f.astype(np.int32, copy=False), u=u, v=v)

    def occluded(self, origins: np.ndarray, dirs: np.ndarray, max_t: float, *,
                 dynamic_mask: np.ndarray | None = None) -> np.ndarray:
        """Whether each unit ray meets geometry within ``max_t``: (N,) bool (``dynamic_mask`` is accepted
        and ignored: one kernel tests both meshes)."""
        return self._rc.any_hit(self._static, self._dynamic, origins, dirs, max_t, device=self.device)

    # -- device-resident path used by the renderer (no host round trip on CUDA) --------------------------
    def trace_camera(self, camera, near: float, *, dirs=None, out=None, rows=None):
        """Primary rays of ``camera`` and their first hits in one launch, all as wp arrays on the engine's device:
        (dirs, t, face, u, v); ``dirs``/``out`` may be reused buffers, ``rows`` = (r0, r1) a band of rows."""
        return self._rc.camera_first_hit(self._static, self._dynamic, self._static_count, camera, near,
                                         device=self.device, dirs=dirs, out=out, rows=rows)
