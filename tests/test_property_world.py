"""Property test of the executor against the world (hypothesis): over all 36 primitives, the example scenes and
every TaskPack scene, random commands must satisfy

* ``ok`` => the primitive's postcondition holds in the relations read back afterwards (the registry's relation
  plus the checks below, written here independently of the executor's own postcondition code; looking and
  waiting keep the body in place and the hand as it was);
* refused (any failure other than POSTCONDITION_FAILED) => the state digest is unchanged;
* POSTCONDITION_FAILED => the message says what the world shows instead.

Counts per outcome are printed at the end of the module (``-s`` not needed).
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from iw_catalog import params as catalog_params
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interactiveworld.env import Environment
from interactiveworld.errors import ErrorCode
from interactiveworld.language.registry import PRIMITIVES
from interactiveworld.world import Scene
from interactiveworld.world.layouts.examples import kitchen, lab

TASKPACKS = sorted((Path(__file__).resolve().parent.parent / "taskpacks").glob("*.json"))
SCENES = {"kitchen": kitchen, "lab": lab, **{p.stem: p for p in TASKPACKS}}
COUNTS: Counter = Counter()
_CANONICAL: dict[str, dict] = {}


def _scene(name: str) -> dict:
    if name not in _CANONICAL:
        src = SCENES[name]
        data = src() if callable(src) else json.loads(src.read_text())["scene"]
        _CANONICAL[name] = Scene.from_dict(data).to_dict()
    return _CANONICAL[name]


@pytest.fixture(scope="module", autouse=True)
def report(request):
    yield
    lines = [f"{k[0]:<15} {k[1]:<22} {n}" for k, n in sorted(COUNTS.items())]
    totals = Counter()
    for (_, outcome), n in COUNTS.items():
        totals[outcome] += n
    capman = request.config.pluginmanager.getplugin("capturemanager")
    with capman.global_and_fixture_disabled():
        print("\nproperty test outcomes (primitive, outcome, count):\n" + "\n".join(lines))
        print("totals: " + ", ".join(f"{k} {v}" for k, v in sorted(totals.items()))
              + f"; primitives exercised: {len({p for p, _ in COUNTS} & set(PRIMITIVES))} of {len(PRIMITIVES)}")


def _command(spec, keys, held, draw) -> str:
    """A command of ``spec`` with entity arguments drawn from ``keys`` (the held object where one is needed)."""
    verb = draw(st.sampled_from(spec.aliases))
    n = draw(st.integers(spec.min_entities, spec.max_entities))
    parts = [f"[{verb}]"]
    for i in range(n):
        if i in spec.symbolic_args:
            parts.append(f"<{draw(st.sampled_from(['top', 'socket', 'shelf', 'interior']))}>")
            continue
        if spec.requires_held_arg == i and held is not None and draw(st.booleans()):
            key = held
        else:
            key = draw(st.sampled_from(keys))
        name, idx = key.split("#")
        parts.append(f"<{name}> ({idx})")
    if spec.scalar == "distance":
        parts.append(draw(st.sampled_from(["", "1", "0.5 m", "2 m"])))
    elif spec.scalar == "angle":
        parts.append(draw(st.sampled_from(["", "45", "180"])))
    elif spec.scalar == "duration":
        parts.append(draw(st.sampled_from(["", "1"])))
    return " ".join(p for p in parts if p)


def _expected(spec, targets, before_held, after) -> list[tuple]:
    """Relations ``ok`` promises (beyond the registry relation), written independently of the executor."""
    out = []
    if spec.name == "release" and before_held:
        out.append(("not", ("held", before_held)))
    if spec.name in ("fall_to_floor", "place_on_floor"):
        out.append(("on", targets[0], "floor#1"))
    if spec.name in ("pick", "flip", "answer_phone"):
        out.append(("held", targets[0]))
    if spec.name == "standup":
        out.append(("not", next((r for r in after if r[0] == "sitting"), ("sitting", "-"))))
    return out


def _registry_relation(spec, targets):
    pc = spec.postcondition
    if pc is None:
        return None
    entity_pos = [i for i in range(spec.max_entities) if i not in spec.symbolic_args]
    return (pc.pred, *[targets[entity_pos.index(i)] for i in pc.args]), pc.holds


def _check(env: Environment, command: str) -> None:
    digest = env.state_digest()
    before_held = env.held()
    xy0 = env.scene.human.xy.copy()
    out = env.execute(command)
    name = out.primitive or "(unparsed)"
    if out.ok:
        COUNTS[(name, "ok")] += 1
        spec = PRIMITIVES[out.primitive]
        targets = [t for t in (env.executor.last_targets or [])]
        after = env.relations()
        reg = _registry_relation(spec, targets)
        if reg is not None:
            rel, holds = reg
            assert (rel in after) == holds, f"{command}: ok but {rel} holds={rel in after}"
        for exp in _expected(spec, targets, before_held, after):
            if exp[0] == "not":
                assert exp[1] not in after, f"{command}: ok but {exp[1]} still holds"
            else:
                assert exp in after, f"{command}: ok but {exp} does not hold"
        if spec.group == "perception":  # the body stays put and the hand keeps what it held
            assert np.allclose(env.scene.human.xy, xy0) and env.held() == before_held, command
    elif out.error.code == ErrorCode.POSTCONDITION_FAILED:
        COUNTS[(name, "postcondition_failed")] += 1
        assert out.error.details.get("instead") is not None and out.interval is None, command
    else:
        COUNTS[(name, "refused")] += 1
        assert env.state_digest() == digest, f"{command}: refused ({out.error}) but the world changed"
        assert out.interval is None and out.frames == []


def _run(scene_name: str, data) -> None:
    env = Environment(render=False)
    env.reset(_scene(scene_name))
    keys = list(env.scene.entities)
    movables = [e.key for e in env.scene.movables()]
    if movables and data.draw(st.booleans(), label="grab first"):
        first = data.draw(st.sampled_from(movables), label="grabbed")
        _check(env, f"[Grab] <{first.split('#')[0]}> ({first.split('#')[1]})")
    for _ in range(data.draw(st.integers(1, 3), label="commands")):
        spec = PRIMITIVES[data.draw(st.sampled_from(sorted(PRIMITIVES)), label="primitive")]
        _check(env, _command(spec, keys, env.held(), data.draw))


PROFILE = dict(deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow],
               database=None)


@pytest.mark.parametrize("scene_name", catalog_params(SCENES))
@settings(max_examples=4, **PROFILE)
@given(data=st.data())
def test_ok_means_postcondition_and_refusal_changes_nothing(scene_name, data):
    _run(scene_name, data)


@pytest.mark.slow
@pytest.mark.parametrize("scene_name", catalog_params(SCENES))
@settings(max_examples=12, **PROFILE)
@given(data=st.data())
def test_ok_means_postcondition_long_run(scene_name, data):
    _run(scene_name, data)


def _lab_with_spoon() -> dict:
    data = lab()
    data["entities"].append({"name": "spoon", "index": 1, "kind": "spoon", "params": {}, "state": {}, "labels": [],
                             "description": "", "on": {"support": "table#1", "surface": None, "spot": [-0.2, 0.8],
                                                       "yaw_offset": 0.0}})
    return data



@pytest.mark.parametrize("primitive", sorted(PRIMITIVES))
def test_every_primitive_in_the_lab_is_verified(primitive):
    """Each of the 36 primitives once on the lab scene (with a spoon), after the setup that lets it succeed;
    every outcome is checked as above and each of them is expected to succeed."""
    if "lab_spoon" not in _CANONICAL:
        _CANONICAL["lab_spoon"] = Scene.from_dict(_lab_with_spoon()).to_dict()
    env = Environment(render=False)
    env.reset(_CANONICAL["lab_spoon"])
    setup, command = _LAB_PLANS.get(primitive, ([], None))
    for c in setup:
        assert env.execute(c).ok, c
    command = command or f"[{PRIMITIVES[primitive].aliases[0]}]"
    before = COUNTS[(primitive, "ok")]
    _check(env, command)
    assert COUNTS[(primitive, "ok")] == before + 1, f"{command} did not succeed"


_LAB_PLANS = {
    "navigate_to": ([], "[Walk] <table> (1)"), "forward": (["[TurnAround]"], "[Forward] 0.5 m"),
    "turn": ([], "[TurnLeft] 45"), "sit": ([], "[Sit] <chair> (1)"), "standup": (["[Sit] <chair> (1)"], "[StandUp]"),
    "pick": ([], "[Grab] <mug> (1)"), "release": (["[Grab] <mug> (1)"], "[Drop] <mug> (1)"),
    "flip": (["[Grab] <phone> (1)"], "[Flip] <phone> (1)"),
    "place": (["[Grab] <mug> (1)"], "[Put] <mug> (1) <counter> (1)"),
    "place_inside": (["[Grab] <tomato> (1)"], "[PutIn] <tomato> (1) <bowl> (1)"),
    "place_on_floor": (["[Grab] <mug> (1)"], "[PutOnFloor] <mug> (1) <counter> (1)"),
    "fall_to_floor": ([], "[FallToFloor] <knife> (1) <counter> (1)"),
    "attach": ([], "[Attach] <leg> (1) <top> <panel> (1) <socket>"),
    "detach": (["[Attach] <leg> (1) <top> <panel> (1) <socket>"], "[Detach] <leg> (1) <panel> (1)"),
    "raise": ([], "[Raise] <panel> (1)"), "push": ([], "[Push] <rack> (1) <fridge> (1)"),
    "pull": ([], "[Pull] <rack> (1) <fridge> (1)"), "open": ([], "[Open] <drawer> (1)"),
    "close": (["[Open] <fridge> (1)"], "[Close] <fridge> (1)"), "open_door": ([], "[OpenDoor] <door> (1)"),
    "close_door": (["[OpenDoor] <door> (1)"], "[CloseDoor] <door> (1)"),
    "turn_on": ([], "[TurnOn] <cooktop> (1)"), "turn_off": (["[TurnOn] <cooktop> (1)"], "[TurnOff] <cooktop> (1)"),
    "cook": (["[TurnOn] <cooktop> (1)", "[Grab] <tomato> (1)", "[PutIn] <tomato> (1) <pan> (1)"],
             "[Cook] <tomato> (1)"),
    "cut": (["[Grab] <knife> (1)"], "[Cut] <tomato> (1) <knife> (1)"),
    "stir": (["[Grab] <spoon> (1)"], "[Stir] <pan> (1) <spoon> (1)"),
    "pour": (["[Grab] <bottle> (1)"], "[Pour] <bowl> (1) <bottle> (1)"),
    "wipe": ([], "[Wipe] <sponge> (1) <table> (1)"), "use_computer": ([], "[UseComputer] <computer> (1)"),
    "answer_phone": (["[Grab] <phone> (1)"], "[AnswerPhone] <phone> (1)"), "look_at": ([], "[LookAt] <wall_board> (1)"),
}
