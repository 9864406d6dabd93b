"""Helpers for the Gymnasium environments' tests and benchmark: the oracle's command sequence of a TaskPack, and a
random policy that writes valid commands from what an observation shows."""
from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

import numpy as np

from interactiveworld.agents.controls import OracleAssistant, ScriptedHuman
from interactiveworld.bench.episode import EpisodeConfig, run_episode
from interactiveworld.env import Environment

_HANDLE = re.compile(r"^<([^<>]+)> \((\d+)\)", re.M)
ONE_TARGET = ("Walk", "LookAt", "Grab", "Open", "Close", "TurnOn", "TurnOff")
TWO_TARGETS = ("Put", "PutIn")
NO_TARGET = ("TurnLeft", "TurnRight", "Forward", "LookAround")


def oracle_run(taskpack) -> tuple[dict, list[str]]:
    """The benchmark's oracle run (oracle Assistant, scripted Human, state only): its eval.json record and the
    commands the Human executed, in order (for Prevention tasks including the wearer's own plan before the
    intervention)."""
    with tempfile.TemporaryDirectory() as d:
        rec = run_episode(taskpack, Environment(render=False), OracleAssistant(taskpack), ScriptedHuman(taskpack), d,
                          EpisodeConfig(write_frames=False, fsync=False))
        assert rec["passed"] == 1, rec
        events = [json.loads(line) for line in Path(d, "trace.jsonl").read_text().splitlines()]
    return rec, [e["command"] for e in events if e["type"] == "command"]


def random_command(handles: str, held: str, rng: np.random.Generator) -> str:
    """One syntactically valid command naming entities the observation lists (the world may refuse it)."""
    args = [f"<{n}> ({i})" for n, i in _HANDLE.findall(handles)]
    if held and args and rng.random() < 0.5:
        return f"[{TWO_TARGETS[rng.integers(len(TWO_TARGETS))]}] {held} {args[rng.integers(len(args))]}"
    if args and rng.random() < 0.8:
        return f"[{ONE_TARGET[rng.integers(len(ONE_TARGET))]}] {args[rng.integers(len(args))]}"
    return f"[{NO_TARGET[rng.integers(len(NO_TARGET))]}]"
