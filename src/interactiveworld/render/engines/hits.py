"""What every first-hit engine returns and offers: :class:`Hits` and the :class:`FirstHitEngine` protocol (face ids
and barycentrics as described in :mod:`interactiveworld.render.engines`)."""
from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Protocol

import numpy as np

__all__ = ["Hits", "FirstHitEngine"]


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
    """A first-hit ray engine; ``frame`` is the module of frame passes a
    :class:`~interactiveworld.render.Renderer` runs on it (:mod:`interactiveworld.render.engines.frame`, given by
    :func:`~interactiveworld.render.engines.make_engine`; None for an engine made for visibility rays alone)."""

    name: str
    frame: ModuleType | None

    def build_static(self, vertices: np.ndarray, faces: np.ndarray) -> None: ...

    def build_dynamic(self, vertices: np.ndarray, faces: np.ndarray) -> None: ...

    def intersect(self, origins: np.ndarray, dirs: np.ndarray, *, dynamic_mask: np.ndarray | None = None,
                  include_dynamic: bool = True) -> Hits: ...

    def occluded(self, origins: np.ndarray, dirs: np.ndarray, max_t: float, *,
                 dynamic_mask: np.ndarray | None = None) -> np.ndarray: ...
