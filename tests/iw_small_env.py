"""An environment factory for browser tests: the physical world rendered at 320x240 (quick to render and send)."""
from __future__ import annotations

from interactiveworld.env import Environment

SIZE = (320, 240)


def small(render: bool = True) -> Environment:
    """The default world at :data:`SIZE` pixels (everything else as ``interactiveworld.env:Environment``)."""
    return Environment(render=render, width=SIZE[0], height=SIZE[1])
