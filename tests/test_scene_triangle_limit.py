"""The scene-load triangle cap (world.serialize.MAX_SCENE_TRIANGLES): a scene whose built meshes pass it is
refused with one line naming the count and the cap, before it is placed or settled; shipped scenes stay under it."""
from __future__ import annotations

import json

import pytest

from interactiveworld.bench.taskpack import builtin_taskpacks, load_taskpack
from interactiveworld.bench.validate import world_scene_problem
from interactiveworld.cli import main as iw_main
from interactiveworld.world.assets import build_asset
from interactiveworld.world.serialize import (MAX_SCENE_TRIANGLES, SCENE_FORMAT, SceneLimitError,
                                              scene_from_dict)


def _faces(kind: str) -> int:
    # counted from the meshes themselves, not through AssetModel.triangle_count
    return sum(int(p.mesh.faces.shape[0]) for p in build_asset(kind, {}).parts)


# the most detailed of a few detailed kinds, so the scene passes the cap with few entities
KIND = max(("spoon", "towel", "chicken", "lettuce", "pineapple"), key=_faces)


def _crowd(n: int) -> dict:
    """A 20 m x 20 m room with ``n`` copies of :data:`KIND` on the floor in a grid."""
    ents = [{"name": KIND, "index": i, "kind": KIND, "at": {"xy": [0.5 + 0.3 * (i % 60), 0.5 + 0.3 * (i // 60)]}}
            for i in range(n)]
    return {"format": SCENE_FORMAT, "name": "crowd", "rooms": [{"name": "hall", "rect": [0, 0, 20, 20]}],
            "walls": [], "doors": [], "entities": ents, "human": {"xy": [5.0, 19.5]}}


def test_a_scene_over_the_triangle_cap_is_refused_naming_count_and_cap():
    per = _faces(KIND)
    assert per > 1000  # a detailed asset
    first_over = MAX_SCENE_TRIANGLES // per  # 0-based index of the entity that passes the cap
    with pytest.raises(SceneLimitError) as info:
        scene_from_dict(_crowd(first_over + 20))
    msg = str(info.value)
    assert "\n" not in msg
    assert msg == (f"entities[{first_over}] ({KIND}): the scene's meshes reach {(first_over + 1) * per:,} triangles, "
                   f"over the limit of {MAX_SCENE_TRIANGLES:,} triangles (MAX_SCENE_TRIANGLES)")


def test_a_scene_just_under_the_cap_still_loads_its_meshes():
    per = _faces(KIND)
    n = MAX_SCENE_TRIANGLES // per
    # every entity at an 'at' pose: no settling, so this only builds (cached) meshes and entities
    scene = scene_from_dict(_crowd(n))
    assert sum(e.model.triangle_count for e in scene.entities.values()) == n * per <= MAX_SCENE_TRIANGLES


def test_export_usd_of_an_over_cap_scene_is_one_line_exit_1(tmp_path, capsys):
    per = _faces(KIND)
    src = tmp_path / "crowd.json"
    src.write_text(json.dumps(_crowd(MAX_SCENE_TRIANGLES // per + 5)))
    out = tmp_path / "crowd.usda"
    assert iw_main(["export-usd", str(src), str(out)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"over the limit of {MAX_SCENE_TRIANGLES:,} triangles" in err and str(src) in err
    assert not out.exists()


def test_validate_names_the_triangle_cap_of_a_taskpack_scene(monkeypatch):
    # the smallest release-1 TaskPack, with the cap lowered below it: validate reports the limit, not a crash
    tp = load_taskpack(builtin_taskpacks()["decision-17"])
    monkeypatch.setattr("interactiveworld.world.serialize.MAX_SCENE_TRIANGLES", 1000)
    problem = world_scene_problem(tp)
    assert problem is not None and problem.startswith("scene: ") and "over the limit of 1,000 triangles" in problem
    assert problem.endswith("(SceneFormatError)")
