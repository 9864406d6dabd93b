"""Oracle minimality: the efficiency denominator is the shortest legal oracle (paper appendix C.3.3).

Dropping any one command of an oracle step that is not marked ``optional`` must make the task fail under
its family evaluator; otherwise that command is not needed and ``oracle.step_count`` overstates the
shortest legal oracle. Each variant is run as a control cell with the scripted Human (the variant's
steps ground to the reduced command lists).
"""
from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any, Callable, Iterator

from ..agents.controls import OracleAssistant, ScriptedHuman
from .episode import EpisodeConfig, run_episode
from .taskpack import TaskPack

__all__ = ["oracle_without", "removable_commands"]


def oracle_without(tp: TaskPack, step: int, command: int) -> TaskPack:
    """A copy of ``tp`` whose oracle step ``step`` lacks its command number ``command`` (0-based)."""
    steps = list(tp.oracle.steps)
    s = steps[step]
    steps[step] = s.model_copy(update={"commands": [c for i, c in enumerate(s.commands) if i != command]})
    return tp.model_copy(update={"oracle": tp.oracle.model_copy(update={"steps": steps})})


def _variants(tp: TaskPack) -> Iterator[tuple[int, int, str]]:
    for i, s in enumerate(tp.oracle.steps):
        if s.optional is None:
            for j, c in enumerate(s.commands):
                yield i, j, c


def removable_commands(tp: TaskPack, make_env: Callable[[], Any], *, seed: int = 0) -> list[str]:
    """Oracle commands (of steps not marked optional) whose removal still lets the oracle pass; empty when the
    oracle is minimal. Each entry reads ``"step <i>: <command>"``."""
    found = []
    with tempfile.TemporaryDirectory(prefix="iw-minimal-") as tmp:
        for i, j, c in _variants(tp):
            variant = oracle_without(tp, i, j)
            rec = run_episode(variant, make_env(), OracleAssistant(variant), ScriptedHuman(variant),
                              Path(tmp) / f"s{i}c{j}", EpisodeConfig(seed=seed, write_frames=False))
            if rec["status"] == "valid" and rec["passed"]:
                found.append(f"step {i}: {c}")
    return found
