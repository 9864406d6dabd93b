"""First-hit ray engines behind the renderer.

An engine holds two triangle sets: the static scene (built once) and the dynamic set (given every
frame: the body, held and moving objects, opened doors; Warp refits its mesh while the faces stay the same). Face ids it returns use the renderer's
global layout ``[static faces (Fs) | background (1) | dynamic faces (Fd)]``: a static hit returns its
face index, a miss returns ``Fs``, a dynamic hit returns ``Fs + 1 + face``. Barycentrics follow
Embree's convention: the hit point is ``(1 - u - v) * p0 + u * p1 + v * p2``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np


@dataclass
class Hits:
    """First hits of N rays.

    Attributes:
        t: distance along the unit ray [m], shape (N,), float32 (undefined on a miss).
        face: global face id (see module docstring), shape (N,), int32.
        u, v: barycentrics of the hit, shape (N,), float32.
    """

    t: np.ndarray
    face: np.ndarray
    u: np.ndarray
    v: np.ndarray


class FirstHitEngine(Protocol):
    name: str

    def build_static(self, vertices: np.ndarray, faces: np.ndarray) -> None: ...

    def build_dynamic(self, vertices: np.ndarray, faces: np.ndarray) -> None: ...

    def intersect(self, origins: np.ndarray, dirs: np.ndarray, *, dynamic_mask: np.ndarray | None = None,
                  include_dynamic: bool = True) -> Hits: ...

    def occluded(self, origins: np.ndarray, dirs: np.ndarray, max_t: float, *,
                 dynamic_mask: np.ndarray | None = None) -> np.ndarray: ...


def make_engine(name: str) -> "FirstHitEngine":
    """The engine called ``name``: ``"embree"``, ``"warp"`` (Warp on CUDA when present, else its CPU
    device), ``"warp-cpu"``, or ``"auto"`` (Warp on CUDA when available, else Embree).

    Raises:
        ValueError: an unknown name.
    """
    if name == "auto":
        from .warp_engine import cuda_available

        name = "warp" if cuda_available() else "embree"
    if name == "embree":
        from .embree import EmbreeEngine

        return EmbreeEngine()
    if name in ("warp", "warp-cpu", "warp-cuda"):
        from .warp_engine import WarpEngine, cuda_available

        device = "cpu" if name == "warp-cpu" else ("cuda:0" if name == "warp-cuda" or cuda_available() else "cpu")
        return WarpEngine(device=device)
    raise ValueError(f"unknown render engine {name!r}: expected 'auto', 'embree', 'warp', 'warp-cpu' or 'warp-cuda'")
