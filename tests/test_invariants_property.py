"""Property test of the world invariants (world/invariants.py) under random command sequences.

A seeded generator draws sequences of commands, most of them purposeful (grab a movable object, put it in a
container or on a surface, flip it, drop it, open and close, switch, cut, pour, wipe, walk, look) and some of
any of the 36 primitives with arbitrary arguments, over the built-in example scenes and a sample of TaskPack
scenes (one per family; every TaskPack in the ``slow`` variant). After every command:

* no invariant is broken that was not already broken at reset (:func:`~interactiveworld.world.invariants.check_world`);
* a failed command (anything but POSTCONDITION_FAILED, which keeps what physically happened) left the state
  digest and the relations as they were: the rollback;
* the state saved with ``Scene.to_dict`` loads back into a fresh environment with the same state digest and
  relations (``unmoved`` aside: its baseline is the reset); in the ``slow`` variant at most :data:`MAX_FROZEN`
  objects per scene may fail to survive the load in place, and nothing else may change.

The counts (scenes, sequences, commands, outcomes, violations) are printed at the end of the module.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from interactiveworld.env import Environment
from interactiveworld.errors import ErrorCode
from interactiveworld.language.registry import PRIMITIVES
from interactiveworld.world import Scene
from interactiveworld.world.invariants import check_world, new_violations
from interactiveworld.world.physics import SceneValidationError
from interactiveworld.world.layouts.examples import kitchen, lab

TASKPACKS = sorted((Path(__file__).resolve().parent.parent / "taskpacks").glob("*.json"))
FAMILIES = sorted({p.stem.rsplit("-", 1)[0] for p in TASKPACKS})
SAMPLE = [next(p for p in TASKPACKS if p.stem.startswith(f + "-")) for f in FAMILIES[:2]]
"""Default sample: the first TaskPack of two families (the slow variant runs every TaskPack)."""
COUNTS: Counter = Counter()
SEQUENCES_DEFAULT, COMMANDS_DEFAULT = 3, 10
SEQUENCES_SLOW, COMMANDS_SLOW = 4, 25


def _scene(src) -> dict:
    data = src() if callable(src) else json.loads(src.read_text())["scene"]
    return Scene.from_dict(data).to_dict()


def _ref(key: str) -> str:
    name, idx = key.split("#")
    return f"<{name}> ({idx})"


def _purposeful(rng: random.Random, env: Environment) -> str | None:
    """A command that may well succeed in the current world (None when none fits)."""
    scene = env.scene
    held = scene.human.held
    ents = list(scene.entities.values())
    movables = [e.key for e in ents if e.movable and e.key != held]
    containers = [e.key for e in ents if e.model.regions and e.key != held]
    surfaces = [e.key for e in ents if e.model.surfaces and e.key != held]
    openables = [e.key for e in ents if e.model.joints]
    powered = [e.key for e in ents if "powered" in e.affordances]
    tools = {a: [e.key for e in ents if a in e.affordances] for a in ("cutting_tool", "pour_source", "wiping_tool")}
    choices = []
    if held is None and movables:
        choices += [f"[Grab] {_ref(rng.choice(movables))}"] * 4
    if held is not None:
        if containers:
            choices += [f"[PutIn] {_ref(held)} {_ref(rng.choice(containers))}"] * 2
        if surfaces:
            choices += [f"[Put] {_ref(held)} {_ref(rng.choice(surfaces))}"] * 2
        choices += [f"[Flip] {_ref(held)}", f"[Drop] {_ref(held)}"]
        if held in tools["cutting_tool"] and movables:
            choices.append(f"[Cut] {_ref(rng.choice(movables))} {_ref(held)}")
        if held in tools["pour_source"] and containers:
            choices.append(f"[Pour] {_ref(rng.choice(containers))} {_ref(held)}")
    if openables:
        choices += [f"[{rng.choice(['Open', 'Close'])}] {_ref(rng.choice(openables))}"] * 2
    if powered:
        choices.append(f"[{rng.choice(['TurnOn', 'TurnOff'])}] {_ref(rng.choice(powered))}")
    if tools["wiping_tool"] and surfaces:
        choices.append(f"[Wipe] {_ref(rng.choice(tools['wiping_tool']))} {_ref(rng.choice(surfaces))}")
    if movables and surfaces:
        choices.append(f"[FallToFloor] {_ref(rng.choice(movables))} {_ref(rng.choice(surfaces))}")
    choices += [f"[Walk] {_ref(rng.choice(ents).key)}", f"[LookAt] {_ref(rng.choice(ents).key)}"]
    return rng.choice(choices) if choices else None


def _arbitrary(rng: random.Random, env: Environment) -> str:
    """Any primitive with arguments drawn from the scene (the held object where one is needed, usually)."""
    spec = PRIMITIVES[rng.choice(sorted(PRIMITIVES))]
    keys = list(env.scene.entities)
    parts = [f"[{rng.choice(spec.aliases)}]"]
    for i in range(rng.randint(spec.min_entities, spec.max_entities)):
        if i in spec.symbolic_args:
            parts.append(f"<{rng.choice(['top', 'socket', 'shelf', 'interior'])}>")
        elif spec.requires_held_arg == i and env.held() is not None and rng.random() < 0.8:
            parts.append(_ref(env.held()))
        else:
            parts.append(_ref(rng.choice(keys)))
    return " ".join(parts)


def _without_unmoved(rel) -> set:
    return {r for r in rel if r[0] != "unmoved"}


MAX_FROZEN = 2
"""Slow variant: per scene (100 commands), at most this many objects may fail to survive a save and load in place
(their pose changes at the load, or the load finds them still rolling), with nothing else changed: states, hand,
attachments, and relations of other objects. MuJoCo keeps a sleeping body where it is when what it leaned on
leaves (an arm, a neighbour lifted away), and a cylinder dropped on its side may still creep when saved; a fresh
simulation, with no warm start, lets either move on. A known limit of the embedded physics, counted and printed at
the end of the module."""


def _state_without_poses(env: Environment) -> tuple:
    s = env.scene
    return ({k: e.state for k, e in s.entities.items()}, dict(s.attachments), s.human.held, s.human.posture,
            s.human.sitting, np.round(s.human.xy, 4).tolist(), round(s.human.yaw, 4))


def _check_command(env: Environment, command: str, at_reset, frozen: set | None = None) -> None:
    digest, relations = env.state_digest(), env.relations()
    out = env.execute(command)
    COUNTS["commands"] += 1
    code = None if out.ok else out.error.code
    COUNTS["ok" if out.ok else code.value] += 1
    if code is not None and code != ErrorCode.POSTCONDITION_FAILED:
        assert env.state_digest() == digest, f"{command}: failed ({out.error}) but the world changed"
        assert env.relations() == relations, f"{command}: failed but the relations changed"
    broken = new_violations(check_world(env.scene), at_reset)
    COUNTS["violations"] += len(broken)
    assert not broken, f"{command}: {[v.to_dict() for v in broken]}"
    back = Environment(render=False)
    try:
        back.reset(env.scene.to_dict())
    except SceneValidationError as exc:
        rolling = [k for k in env.scene.entities if k in str(exc)]
        if frozen is None or "never come to rest" not in str(exc) or not rolling:
            raise
        frozen.update(rolling)
        COUNTS["saved states refused at load (an object still rolling)"] += 1
        assert len(frozen) <= MAX_FROZEN, f"{command}: objects that do not survive a save and load: {sorted(frozen)}"
        return
    COUNTS["round trips"] += 1
    same = back.state_digest() == env.state_digest()
    rel_env, rel_back = _without_unmoved(env.relations()), _without_unmoved(back.relations())
    if not same and frozen is not None and _state_without_poses(back) == _state_without_poses(env):
        moved = {k for k, e in env.scene.entities.items() if np.abs(back.scene.entities[k].pose - e.pose).max() > 1e-4}
        others = {r for r in rel_env ^ rel_back if not moved & set(r[1:])}
        assert not others, f"{command}: the load changed relations of objects it did not move: {sorted(others)}"
        frozen.update(moved)
        COUNTS["round trips with an object moved by the load"] += 1
        assert len(frozen) <= MAX_FROZEN, f"{command}: objects that do not survive a save and load: {sorted(frozen)}"
        return
    assert same, f"{command}: the saved state loads back to another digest"
    assert rel_back == rel_env, f"{command}: the saved state loads back to other relations"


def _run(name: str, src, seed: int, sequences: int, commands: int, *, strict: bool = True) -> None:
    scene = _scene(src)
    frozen: set | None = None if strict else set()
    COUNTS["scenes"] += 1
    rng = random.Random(f"{name}/{seed}")
    for _ in range(sequences):
        env = Environment(render=False)
        env.reset(scene)
        at_reset = list(env.executor.violations)
        COUNTS["sequences"] += 1
        for _ in range(commands):
            command = _purposeful(rng, env) if rng.random() < 0.75 else None
            _check_command(env, command or _arbitrary(rng, env), at_reset, frozen)


@pytest.fixture(scope="module", autouse=True)
def report(request):
    yield
    capman = request.config.pluginmanager.getplugin("capturemanager")
    with capman.global_and_fixture_disabled():
        print("\ninvariants property test: " + ", ".join(f"{k} {v}" for k, v in sorted(COUNTS.items())))


BUILT_IN = {"kitchen": kitchen, "lab": lab}


@pytest.mark.parametrize("name", [*BUILT_IN, *(p.stem for p in SAMPLE)])
def test_random_sequences_keep_the_invariants_roll_back_and_round_trip(name):
    _run(name, BUILT_IN.get(name) or next(p for p in TASKPACKS if p.stem == name), 0,
         SEQUENCES_DEFAULT, COMMANDS_DEFAULT)


@pytest.mark.slow
@pytest.mark.parametrize("name", [*BUILT_IN, *(p.stem for p in TASKPACKS)])
def test_random_sequences_over_every_taskpack_scene(name):
    _run(name, BUILT_IN.get(name) or next(p for p in TASKPACKS if p.stem == name), 1, SEQUENCES_SLOW, COMMANDS_SLOW,
         strict=False)
