"""The unbatched relations reference: every predicate evaluated pair by pair, one function call each.

The world's batched read-back (``interactiveworld.world.read_relations``) is checked against it in
``tests/test_relations.py`` and timed against it in ``benchmarks/bench_world.py``.
"""
from __future__ import annotations

from interactiveworld.world import FLOOR_KEY, Scene
from interactiveworld.world import relations as R


def reference_relations(scene: Scene, baseline) -> frozenset:
    """on / inside / near / unmoved / open / closed relations of ``scene``, computed per pair."""
    out = set()
    keys = list(scene.entities)
    for e in scene.movables():
        for k in keys + [FLOOR_KEY]:
            if k != e.key and R.on(scene, e.key, k):
                out.add(("on", e.key, k))
        for k in keys:
            if k == e.key:
                continue
            if R.inside(scene, e.key, k):
                out.add(("inside", e.key, k))
            if R.near(scene, e.key, k):
                out.add(("near", e.key, k))
                out.add(("near", k, e.key))
    for k in keys:
        if R.unmoved(scene, k, baseline):
            out.add(("unmoved", k))
        if R.is_open(scene, k):
            out.add(("open", k))
        if R.is_closed(scene, k):
            out.add(("closed", k))
    return frozenset(out)
