"""Rendering on or off changes nothing but the frames (DESIGN.md "Visibility": one visibility definition for every
mode): every built-in TaskPack under every control (oracle, silent, no-help, wrong, early) gives the same
``eval.json`` apart from timings and frame counts, and the Human is shown the same handles at every tick."""
from __future__ import annotations

import pytest

from interactiveworld.agents.controls import ScriptedHuman, make_control_assistant
from interactiveworld.bench.episode import EpisodeConfig, run_episode
from interactiveworld.bench.logs import read_trace
from interactiveworld.bench.taskpack import builtin_taskpacks, load_taskpack
from interactiveworld.bench.validate import CONTROL_EXPECTATIONS
from interactiveworld.env import Environment
from iw_catalog import params as catalog_params
from iw_catalog import sample

PACKS = builtin_taskpacks()
FAST = min(sample(PACKS), key=lambda t: (load_taskpack(PACKS[t]).oracle.step_count, t))
"""The sampled TaskPack with the shortest oracle stays in the default suite; the others (ten episodes each, five of
them rendered: about three minutes on two CPU cores for the sample) are ``slow``."""
NOT_COMPARED = {"wall_s", "timing", "frames"}


def _cell(tp, control: str, render: bool, out):
    env = Environment(render=render, width=96, height=72, frames_per_command=1)
    rec = run_episode(tp, env, make_control_assistant(control, tp),
                      ScriptedHuman(tp), out, EpisodeConfig(write_frames=render))
    legends = [(r["tick"], r["observation"]["handles"]) for r in read_trace(out / "trace.jsonl")
               if r["type"] == "human"]
    return {k: v for k, v in rec.items() if k not in NOT_COMPARED}, legends, rec["frames"]


@pytest.mark.parametrize("tid", catalog_params(PACKS, lambda t: [] if t == FAST else [pytest.mark.slow]))
def test_render_and_no_render_give_the_same_eval(tid, tmp_path):
    tp = load_taskpack(PACKS[tid])
    assert set(CONTROL_EXPECTATIONS) == {"oracle", "silent", "wrong", "early", "nohelp"}
    for control in CONTROL_EXPECTATIONS:
        plain, plain_legends, no_frames = _cell(tp, control, False, tmp_path / f"{control}-state")
        drawn, drawn_legends, frames = _cell(tp, control, True, tmp_path / f"{control}-render")
        assert plain["status"] == "valid" and no_frames == 0 and frames > 0
        assert plain == drawn, f"{control}: " + ", ".join(k for k in plain if plain[k] != drawn.get(k))
        assert plain_legends == drawn_legends, control
