"""InteractiveBench release selection: release 1 unchanged and default, release 2 recorded in cell keys."""
from __future__ import annotations

import pytest

from interactiveworld.bench.cells import CellSpec
from interactiveworld.bench.identity import cell_key, key_hash
from interactiveworld.bench.taskpack import (DEFAULT_RELEASE, TaskPackError, builtin_taskpacks, check_release,
                                             select_taskpacks, taskpack_dirs)


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
