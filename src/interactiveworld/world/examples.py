"""The example scenes, kept at this path for scripts that import them from here: they live in
:mod:`interactiveworld.world.layouts.examples`."""
from .layouts.examples import kitchen, lab

__all__ = ["kitchen", "lab"]
