"""Embree (embreex) first-hit engine: the fastest engine on the CPU (multi-threaded BVH traversal).

The static scene is one committed Embree scene holding the merged static triangles; the dynamic
triangles go into a second small scene rebuilt per frame. A primary ray is traced against the
static scene first and then against the dynamic one with ``tfar`` clipped to the static hit, so the
dynamic scene only reports closer hits. (The renderer itself takes only static first hits and static
shadow rays from here, :meth:`EmbreeEngine.static_hits_into` and :meth:`EmbreeEngine.static_occluded`, in row
bands from several threads: embreex releases the GIL while it traces. The few hundred dynamic triangles are hit
by ``kernels.raycast.rect_first_hit_rows`` and shadow rays meet them in a refitted Warp mesh.)
"""
from __future__ import annotations

from types import ModuleType

import numpy as np
from embreex import rtcore_scene
from embreex.mesh_construction import TriangleMesh

from .hits import Hits


def _scene(vertices: np.ndarray, faces: np.ndarray):
    if len(faces) == 0:
        return None
    scene = rtcore_scene.EmbreeScene()
    TriangleMesh(scene=scene, vertices=np.ascontiguousarray(vertices, dtype=np.float32),
                 indices=np.ascontiguousarray(faces, dtype=np.int32))
    return scene


class EmbreeEngine:
    """First hits with Embree on the CPU; see the package docstring for the face-id layout.

    Args:
        frame: the frame passes a renderer runs on this engine (:mod:`.frame`, given by
            :func:`~interactiveworld.render.engines.make_engine`); None for visibility rays alone, which must not
            load Warp.
    """

    name = "embree"

    def __init__(self, *, frame: ModuleType | None = None) -> None:
        self.frame = frame
        self._static = None
        self._dynamic = None
        self._static_count = 0

    def build_static(self, vertices: np.ndarray, faces: np.ndarray) -> None:
        self._static = _scene(vertices, faces)
        self._static_count = len(faces)
        self._dynamic = None
        if self._static is not None:   # commit (build the BVH) now, not inside the first traced band
            self._static.run(np.zeros((1, 3), np.float32), np.array([[0.0, 0.0, 1.0]], np.float32))

    @property
    def static_count(self) -> int:
        """Number of static faces ``Fs`` (the miss id)."""
        return self._static_count

    def static_hits_into(self, origins: np.ndarray, dirs: np.ndarray, t: np.ndarray, face: np.ndarray,
                         u: np.ndarray, v: np.ndarray) -> None:
        """Merges the static first hits of unit rays (N, 3) float32 into caller-owned hits (N,): t float32 [m]
        (1e37 where there is none yet), face int32 global id, u, v float32. Embree traces each ray only up to
        its t, so a ray already stopped by a near dynamic hit costs little; where it finds a closer static hit,
        that hit replaces the one there. Thread-safe for disjoint outputs."""
        if self._static is None:
            return
        r = self._static.run(origins, dirs, output=1, dists=t)   # tfar = t in; the closer hit's t out, in place
        hit = r["primID"] >= 0
        np.copyto(face, r["primID"], where=hit)
        np.copyto(u, r["u"], where=hit)
        np.copyto(v, r["v"], where=hit)

    def static_occluded(self, origins: np.ndarray, direction: np.ndarray, max_t: float) -> np.ndarray:
        """Whether rays from ``origins`` (N, 3) float32 along one unit ``direction`` (3,) meet the static scene
        within ``max_t`` [m]: (N,) bool."""
        if self._static is None or len(origins) == 0:
            return np.zeros(len(origins), bool)
        d = np.asarray(direction, np.float32).reshape(1, 3)
        return self._static.run(np.ascontiguousarray(origins, np.float32), d, query="OCCLUDED",
                                dists=float(max_t)) != -1

    def build_dynamic(self, vertices: np.ndarray, faces: np.ndarray) -> None:
        self._dynamic = _scene(vertices, faces)

    def intersect(self, origins: np.ndarray, dirs: np.ndarray, *, dynamic_mask: np.ndarray | None = None,
                  include_dynamic: bool = True) -> Hits:
        """First hits of unit rays (N, 3) float32; ``dynamic_mask`` (N,) bool limits the rays traced
        against the dynamic scene to those that can reach it (per-ray cost is paid per traced ray);
        ``include_dynamic=False`` traces the static scene only."""
        n = len(origins)
        fs = self._static_count
        face = np.full(n, fs, np.int32)
        t = np.full(n, np.float32(1e30), np.float32)
        u = np.zeros(n, np.float32)
        v = np.zeros(n, np.float32)
        if self._static is not None:
            r = self._static.run(origins, dirs, output=1)
            face, t, u, v = r["primID"], r["tfar"], r["u"], r["v"]   # fresh arrays: edited in place
            face[face < 0] = fs   # a miss keeps tfar at Embree's initial 1e37
        if self._dynamic is not None and include_dynamic:
            sel = np.arange(n) if dynamic_mask is None else np.flatnonzero(dynamic_mask)
            if len(sel):
                r = self._dynamic.run(np.ascontiguousarray(origins[sel]), np.ascontiguousarray(dirs[sel]), output=1,
                                      dists=t[sel])
                hit = r["primID"] >= 0
                idx = sel[hit]
                face[idx] = r["primID"][hit] + (fs + 1)
                t[idx] = r["tfar"][hit]
                u[idx] = r["u"][hit]
                v[idx] = r["v"][hit]
        return Hits(t=t, face=face, u=u, v=v)

    def occluded(self, origins: np.ndarray, dirs: np.ndarray, max_t: float, *,
                 dynamic_mask: np.ndarray | None = None) -> np.ndarray:
        """Whether each unit ray meets geometry within ``max_t``: (N,) bool. ``dynamic_mask`` (N,)
        bool limits the rays tested against the dynamic scene to those that can reach it."""
        n = len(origins)
        out = np.zeros(n, bool)
        for scene in (self._static, self._dynamic):
            if scene is None:
                continue
            todo = ~out
            if scene is self._dynamic and dynamic_mask is not None:
                todo &= dynamic_mask
            if not todo.any():
                continue
            o, d = (origins, dirs) if todo.all() else (origins[todo], dirs[todo])
            r = scene.run(np.ascontiguousarray(o), np.ascontiguousarray(d), query="OCCLUDED",
                          dists=np.full(len(o), max_t, np.float32))
            out[todo] |= r != -1
        return out
