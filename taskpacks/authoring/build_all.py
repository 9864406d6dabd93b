"""Regenerate every built-in TaskPack JSON under taskpacks/ from the authoring scripts.

    python taskpacks/authoring/build_all.py            # all families
    python taskpacks/authoring/build_all.py decision   # one family script

The output is deterministic: the same source gives byte-identical files and hashes.
"""
from __future__ import annotations

import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import TASKPACK_DIR, write  # noqa: E402

FAMILY_SCRIPTS = ("guidance", "guidance_2", "guidance_3", "planning", "planning_2", "planning_3", "planning_4",
                  "planning_recipes", "accessibility", "accessibility_2", "accessibility_3", "accessibility_4",
                  "accessibility_5", "decision", "decision_2", "decision_3", "prevention", "prevention_2", "finding",
                  "finding_2", "finding_3", "finding_4")


def build(families: list[str] | None = None) -> list[Path]:
    """Build the TaskPacks of the given family scripts (default: all); returns the written paths."""
    out = []
    for name in families or FAMILY_SCRIPTS:
        mod = importlib.import_module(name)
        for fn in mod.TASKS:
            out.append(write(fn(), TASKPACK_DIR))
    return out


if __name__ == "__main__":
    for p in build(sys.argv[1:] or None):
        print(p.relative_to(TASKPACK_DIR.parent))
