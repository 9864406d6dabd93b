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


def _spoon_faces() -> int:
    # counted from the meshes themselves, not through AssetModel.triangle_count
    return sum(int(p.mesh.faces.shape[0]) for p in build_asset("spoon", {}).parts)


def _spoons(n: int) -> dict:
    """A 10 m x 10 m room with ``n`` spoons on the floor in a grid (within the TaskPack entity limit of 500)."""
    ents = [{"name": "spoon", "index": i, "kind": "spoon", "at": {"xy": [0.5 + 0.3 * (i % 30), 0.5 + 0.3 * (i // 30)]}}
            for i in range(n)]
    return {"format": SCENE_FORMAT, "name": "spoons", "rooms": [{"name": "hall", "rect": [0, 0, 10, 10]}],
            "walls": [], "doors": [], "entities": ents, "human": {"xy": [5.0, 9.5]}}


def test_a_scene_over_the_triangle_cap_is_refused_naming_count_and_cap():
    per = _spoon_faces()
    assert per > 1000  # a detailed asset: the cap is passed within the entity limit
    first_over = MAX_SCENE_TRIANGLES // per  # 0-based index of the spoon that passes the cap
    assert first_over < 500
    with pytest.raises(SceneLimitError) as info:
        scene_from_dict(_spoons(first_over + 20))
    msg = str(info.value)
    assert "\n" not in msg
    assert msg == (f"entities[{first_over}] (spoon): the scene's meshes reach {(first_over + 1) * per:,} triangles, "
                   f"over the limit of {MAX_SCENE_TRIANGLES:,} triangles (MAX_SCENE_TRIANGLES)")


def test_a_scene_just_under_the_cap_still_loads_its_meshes():
    per = _spoon_faces()
    n = MAX_SCENE_TRIANGLES // per
    # all spoons at 'at' poses: no settling, so this only builds (cached) meshes and entities
    scene = scene_from_dict(_spoons(n))
    assert sum(e.model.triangle_count for e in scene.entities.values()) == n * per <= MAX_SCENE_TRIANGLES


def test_export_usd_of_an_over_cap_scene_is_one_line_exit_1(tmp_path, capsys):
    per = _spoon_faces()
    src = tmp_path / "spoons.json"
    src.write_text(json.dumps(_spoons(MAX_SCENE_TRIANGLES // per + 5)))
    out = tmp_path / "spoons.usda"
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
