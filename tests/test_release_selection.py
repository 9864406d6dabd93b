"""InteractiveBench release selection: release 1 unchanged and default, release 2 recorded in cell keys."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from interactiveworld.bench.cells import CellSpec
from interactiveworld.bench.identity import cell_key, key_hash
from interactiveworld.bench.taskpack import (DEFAULT_RELEASE, TaskPackError, builtin_taskpacks, check_release,
                                             load_taskpack, select_taskpacks, taskpack_dirs)
from interactiveworld.world.assets import CATALOG


def test_release_1_is_the_default_and_its_keys_are_unchanged():
    assert DEFAULT_RELEASE == 1
    spec = CellSpec(taskpack="x.json", task_id="decision-01", assistant="oracle")
    key = cell_key(spec, "sha256:00", "p1")
    assert "release" not in key                      # the key recorded before releases existed
    assert select_taskpacks() == select_taskpacks(release=1)
    assert builtin_taskpacks() == builtin_taskpacks(1)
    assert all(p.parent in taskpack_dirs(1) for p in select_taskpacks())


def test_release_2_is_recorded_in_the_cell_key():
    one = CellSpec(taskpack="x.json", task_id="decision-01", assistant="oracle")
    two = CellSpec(taskpack="x.json", task_id="decision-01", assistant="oracle", release=2)
    k2 = cell_key(two, "sha256:00", "p1")
    assert k2["release"] == 2
    assert key_hash(k2) != key_hash(cell_key(one, "sha256:00", "p1"))


def test_release_2_folders_and_unknown_release(tmp_path, monkeypatch):
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path))
    assert taskpack_dirs(2) == [tmp_path / "release2"]
    with pytest.raises(TaskPackError, match="release 2 holds no TaskPacks yet"):
        select_taskpacks(release=2)
    with pytest.raises(ValueError, match="unknown InteractiveBench release 3"):
        check_release(3)


KEPT = ("family", "protocol", "title", "catalog", "opening", "public_context", "human_context", "evidence", "oracle",
        "no_help", "controls", "completion", "evaluator", "capabilities", "budgets", "static_item")
"""Fields a re-hosted TaskPack keeps from its release-1 row (only the scene, version and hash change)."""


def test_release_2_taskpacks_keep_their_rows_in_cluttered_layouts():
    two = builtin_taskpacks(2)
    one = builtin_taskpacks(1)
    assert len(two) >= 4
    for tid, path in two.items():
        new, old = json.loads(path.read_text()), json.loads(one[tid].read_text())
        assert {k: new.get(k) for k in KEPT} == {k: old.get(k) for k in KEPT}, tid
        assert new["scene"]["attributes"]["rehosted_from"] == old["hash"]
        tp = load_taskpack(path)   # schema and hash
        movable = sum(1 for e in tp.scene["entities"] if CATALOG[e["kind"]].movable)
        assert movable >= 150, (tid, movable)
    assert select_taskpacks(release=2) == list(two.values())


def test_the_authoring_script_regenerates_a_release_2_file_byte_for_byte(tmp_path, monkeypatch):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import rehost_release2   # noqa: E402 (a script beside the package, loaded by path)
    monkeypatch.setattr(rehost_release2, "TARGET", tmp_path)
    assert rehost_release2.main(["accessibility-01"]) == 0
    shipped = builtin_taskpacks(2)["accessibility-01"]
    assert (tmp_path / "accessibility-01.json").read_bytes() == shipped.read_bytes()
