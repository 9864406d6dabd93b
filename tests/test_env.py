"""The Environment facade: protocol conformance, render on/off equivalence, baseline, handles, digest, and the
kitchen episode scored by the benchmark scorer (pass = 1; without the close, pass = 0 and 0 < completion < 1)."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from interactiveworld.bench.scoring import CompletionSpec, TraceStep, score_episode
from interactiveworld.env import Environment
from interactiveworld.env_types import EnvironmentLike
from interactiveworld.errors import ErrorCode
from interactiveworld.world import Scene
from interactiveworld.world.layouts.examples import kitchen, lab

KITCHEN = Scene.from_dict(kitchen()).to_dict()
LAB = Scene.from_dict(lab()).to_dict()

SCRIPT = [
    "[Walk] <fridge> (1)",
    "[Open] <fridge> (1)",
    "[Walk] <milk_carton> (1)",
    "[Grab] <milk_carton> (1)",
    "[PutIn] <milk_carton> (1) <fridge> (1)",
    "[Close] <fridge> (1)",
]
SPEC = CompletionSpec.model_validate({"goals": [{"inside": ["milk_carton#1", "fridge#1"]},
                                                {"closed": ["fridge#1"]}],
                                      "prohibitions": [{"held": ["*"]}]})


def _episode(commands: list[str]):
    env = Environment(render=False)
    env.reset(KITCHEN)
    env.mark_baseline()
    trace = []
    for tick, line in enumerate(commands):
        out = env.execute(line)
        assert out.ok, f"{line}: {out.error}"
        trace.append(TraceStep(tick, out.primitive, tuple(_targets(env, line)), out.ok, env.relations()))
    return env, trace


def _targets(env: Environment, line: str) -> list[str]:
    from interactiveworld.language import compile_text
    c = compile_text(line, env._entities())
    return list(c.targets)


def test_environment_implements_protocol():
    assert isinstance(Environment(render=False), EnvironmentLike)
    with pytest.raises(RuntimeError, match="reset"):
        Environment(render=False).relations()


def test_kitchen_script_scores_pass_and_without_close_fails():
    env, trace = _episode(SCRIPT)
    final = env.relations()
    assert ("inside", "milk_carton#1", "fridge#1") in final and ("closed", "fridge#1") in final
    result = score_episode(SPEC, final=final, baseline=env.baseline_relations, trace=trace)
    assert result.passed and result.completion == 1.0

    env, trace = _episode(SCRIPT[:-1])
    final = env.relations()
    assert ("open", "fridge#1") in final
    result = score_episode(SPEC, final=final, baseline=env.baseline_relations, trace=trace)
    assert not result.passed and 0.0 < result.completion < 1.0


def _run(render: bool, commands: list[str]):
    env = Environment(render=render, width=96, height=72)
    env.reset(LAB)
    outs = [env.execute(c) for c in commands]
    return env, outs


def test_render_off_gives_identical_world():
    commands = ["[Walk] <table> (1)", "[TurnLeft] 45", "[Push] <rack> (1) <fridge> (1)",
                "[FallToFloor] <phone> (1) <table> (1)", "[LookAt] <wall_board> (1)", "[Forward] 30 m", "[Wait] 1"]
    on, outs_on = _run(True, commands)
    off, outs_off = _run(False, commands)
    assert on.state_digest() == off.state_digest()
    assert on.relations() == off.relations()
    for a, b in zip(outs_on, outs_off):
        assert a.ok == b.ok and a.relation_delta == b.relation_delta
        if a.ok:
            assert 1 <= len(a.frames) <= 5 and all(f.shape == (72, 96, 3) and f.dtype == np.uint8 for f in a.frames)
            assert b.frames == []
            assert "result" in a.frame_tags[-1]
    look = outs_on[4]
    assert any("look_hold" in t for t in look.frame_tags)


def test_parse_errors_and_split():
    env = Environment(render=False)
    env.reset(LAB)
    assert env.split_commands("[Walk] <table> (1), [Grab] <mug> (1)\n[Wait]") == \
        ["[Walk] <table> (1)", "[Grab] <mug> (1)", "[Wait]"]
    out = env.execute("<table> (1)")
    assert not out.ok and out.error.code == ErrorCode.PARSE_ERROR and out.primitive is None
    out = env.execute("[Fly] <table> (1)")
    assert out.error.code == ErrorCode.UNKNOWN_VERB


def test_baseline_unmoved_and_handles():
    env = Environment(render=False)
    env.reset(LAB)
    env.mark_baseline()
    assert ("unmoved", "phone#1") in env.baseline_relations
    env.execute("[FallToFloor] <phone> (1) <table> (1)")
    assert ("unmoved", "phone#1") not in env.relations() and ("unmoved", "mug#1") in env.relations()
    handles = env.handles()
    assert {h.key for h in handles} == set(env.scene.entities)
    visible = {h.key for h in env.handles(visible_only=True)}
    # the human faces north from (4.0, 3.2): the oven ahead is in view, the wall board behind is not
    assert "oven#1" in visible and "wall_board#1" not in visible
    assert env.held() is None


def test_state_digest_tracks_state():
    env = Environment(render=False)
    env.reset(LAB)
    d0 = env.state_digest()
    env.reset(LAB)
    assert env.state_digest() == d0
    env.execute("[TurnLeft] 10")
    assert env.state_digest() != d0


def test_render_view_shape():
    env = Environment(render=True, width=64, height=48)
    env.reset(LAB)
    img = env.render_view()
    assert img.shape == (48, 64, 3) and img.dtype == np.uint8 and img.std() > 0
    with pytest.raises(RuntimeError):
        off = Environment(render=False)
        off.reset(LAB)
        off.render_view()


def test_a_run_without_rendering_never_imports_warp():
    """``Environment(render=False)`` (``iw-eval run --no-render``) steps the world and reads visibility without
    Warp; the Warp backend and the frame passes load only when a renderer is made (``make_engine``)."""
    code = ("import sys\nfrom interactiveworld.env import Environment\nfrom interactiveworld.world import Scene\n"
            "from interactiveworld.world.examples import lab\n"
            "env = Environment(render=False)\nenv.reset(Scene.from_dict(lab()).to_dict())\n"
            "out = env.execute('[Walk] <table> (1)')\nprint(out.ok, sorted(env.visible_keys()) != [])\n"
            "print('warp' in sys.modules, 'interactiveworld.render.engines.frame' in sys.modules)\n"
            "from interactiveworld.render import Renderer\nRenderer(engine='embree', width=8, height=6)\n"
            "print('warp' in sys.modules, 'interactiveworld.render.engines.frame' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, check=True)
    assert out.stdout.split("\n")[:3] == ["True True", "False False", "True True"]
