"""First-hit ray engines behind the renderer.

An engine holds two triangle sets: the static scene (built once) and the dynamic set (given every
frame: the body, held and moving objects, opened doors; Warp refits its mesh while the faces stay the same). Face ids it returns use the renderer's
global layout ``[static faces (Fs) | background (1) | dynamic faces (Fd)]``: a static hit returns its
face index, a miss returns ``Fs``, a dynamic hit returns ``Fs + 1 + face``. Barycentrics follow
Embree's convention: the hit point is ``(1 - u - v) * p0 + u * p1 + v * p2``.
"""
from __future__ import annotations

from .hits import FirstHitEngine, Hits

__all__ = ["FirstHitEngine", "Hits", "make_engine"]


def make_engine(name: str) -> FirstHitEngine:
    """The engine called ``name``: ``"embree"``, ``"warp"`` (Warp on CUDA when present, else its CPU
    device), ``"warp-cpu"``, or ``"auto"`` (Warp on CUDA when available, else Embree), with the frame passes a
    :class:`~interactiveworld.render.Renderer` runs on it (its ``frame``: :mod:`.frame`).

    This is the one place the package imports modules inside a function: the backends and the frame passes
    load Warp (and Embree), so they are imported here, when a renderer is made, and an environment that does
    not render (``--no-render``) never imports Warp.

    Raises:
        ValueError: an unknown name.
    """
    if name == "auto":
        try:
            from . import warp_engine
        except Exception:  # warp missing or its runtime failed to load: no CUDA path
            name = "embree"
        else:
            name = "warp" if warp_engine.cuda_available() else "embree"
    if name == "embree":
        from . import frame
        from .embree import EmbreeEngine

        return EmbreeEngine(frame=frame)
    if name in ("warp", "warp-cpu", "warp-cuda"):
        from . import frame
        from .warp_engine import WarpEngine, cuda_available

        device = "cpu" if name == "warp-cpu" else ("cuda:0" if name == "warp-cuda" or cuda_available() else "cpu")
        return WarpEngine(device=device, frame=frame)
    raise ValueError(f"unknown render engine {name!r}: expected 'auto', 'embree', 'warp', 'warp-cpu' or 'warp-cuda'")
