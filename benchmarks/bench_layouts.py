"""Scene load time of the largest generated layout against the largest release-1 TaskPack scene, same run.

* ours: ``Scene.from_dict`` of the generated layout holding the most object instances (manifest of
  ``tools/build_layouts.py``): every object placed at its free spot, settled together by MuJoCo, and checked to
  rest on its support (one support-graph read for all of them);
* ours, settled: the same layout's canonical settled dict (what a TaskPack carries inline) loaded, then the
  first settle (which compiles the MuJoCo model), i.e. what an episode reset pays;
* peer "release-1 scene": ``Scene.from_dict`` and the first settle of the release-1 TaskPack scene with the
  most entities.

The ratio (release-1 / ours, < 1 means the layout loads slower) is what the release-2 sweeps pay per reset.
"""
from __future__ import annotations

import pytest

from interactiveworld.bench.taskpack import builtin_taskpacks, load_taskpack
from interactiveworld.world import Scene, world_of
from interactiveworld.world.layouts.library import layout_scene, read_manifest, settled_layout_scene


def _largest_layout() -> str:
    manifest = read_manifest()
    if not manifest:
        pytest.skip("no layout manifest: run tools/build_layouts.py")
    return max(manifest, key=lambda n: manifest[n]["instances"])


def _largest_release1() -> dict:
    packs = [load_taskpack(p) for p in builtin_taskpacks().values()]
    return max(packs, key=lambda tp: len(tp.scene["entities"])).scene


def test_load_largest_layout_ours(benchmark, ratios):
    scene = layout_scene(_largest_layout())
    ratios.time(benchmark, "scene load", "ours", Scene.from_dict, scene, rounds=2)


def _load_and_settle(d: dict) -> None:
    world_of(Scene.from_dict(d)).settle(record=False)


def test_reset_largest_layout_ours(benchmark, ratios):
    ratios.time(benchmark, "reset (load + first settle)", "ours", _load_and_settle,
                settled_layout_scene(_largest_layout()), rounds=3)


def test_load_largest_release1_peer(benchmark, ratios):
    ratios.time(benchmark, "scene load", "release-1 scene", Scene.from_dict, _largest_release1(), rounds=2)


def test_reset_largest_release1_peer(benchmark, ratios):
    ratios.time(benchmark, "reset (load + first settle)", "release-1 scene", _load_and_settle, _largest_release1(),
                rounds=3)
