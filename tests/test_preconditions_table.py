"""The precondition table (actions/primitives/preconditions.py): every verb x every precondition kind.

For each of the 36 primitives a world is made in which all of the verb's preconditions hold (checked), then each
of the 10 precondition kinds is broken in turn: a kind the verb's row declares must refuse with exactly that
kind named; a kind it does not declare must not be the ground of a refusal. The table is also checked against
the language registry (held and empty-hand arguments) and against the rule that no verb touches what lies in a
closed container."""
from __future__ import annotations

import numpy as np
import pytest

from interactiveworld.actions.primitives import CHECKS, HANDLERS
from interactiveworld.actions.primitives.preconditions import PRECONDITIONS, Pre, require, table_size
from interactiveworld.language.registry import PRIMITIVES
from interactiveworld.world import Scene
from interactiveworld.world.layouts.examples import lab


def _targets_of(spec) -> int:
    """Number of entity targets of a goal of ``spec`` (symbolic arguments are not targets)."""
    return spec.max_entities - len(spec.symbolic_args)


@pytest.fixture(scope="module")
def scene() -> Scene:
    """The lab with a second tomato shut in the cabinet (closed), the oven closed, nothing held."""
    data = lab()
    data["entities"].append({"name": "tomato", "index": 2, "kind": "tomato", "params": {}, "state": {},
                             "labels": [], "description": "",
                             "in": {"container": "cabinet#1", "region": None, "spot": None, "yaw_offset": 0.0}})
    s = Scene.from_dict(data)
    assert s.entities["cabinet#1"].opening == 0.0 and s.entities["oven#1"].opening == 0.0
    return s


def test_the_table_has_a_row_for_every_primitive_and_runs_at_the_head_of_each():
    assert set(PRECONDITIONS) == set(PRIMITIVES) and len(PRECONDITIONS) == 36
    assert set(HANDLERS) == set(PRIMITIVES) and set(CHECKS) == set(PRIMITIVES)
    verbs, kinds, entries = table_size()
    assert (verbs, kinds) == (36, 10) and entries == sum(len(r) for r in PRECONDITIONS.values())
    for verb, row in PRECONDITIONS.items():
        n = _targets_of(PRIMITIVES[verb])
        for kind, idx in row:
            assert idx is None or idx < n, (verb, kind, idx)


def test_the_table_agrees_with_the_registry_on_held_and_empty_hands():
    for name, spec in PRIMITIVES.items():
        row = set(PRECONDITIONS[name])
        held = {idx for kind, idx in row if kind is Pre.HELD}
        if spec.requires_held_arg is None:
            assert not held, name
        else:  # registry positions count symbolic arguments; targets do not
            pos = [i for i in range(spec.max_entities) if i not in spec.symbolic_args].index(spec.requires_held_arg)
            assert held == {pos}, name
        if spec.requires_empty_hand:
            assert (Pre.HAND_EMPTY, None) in row, name


NOT_TOUCHED = {
    ("navigate_to", 0): "walking to an object goes to where it is, door or not",
    ("push", 1): "the destination is a place", ("pull", 1): "the destination is a place",
    ("fall_to_floor", 1): "the support is where the object falls from",
    ("cook", 0): "food in a closed oven is cooked; its appliance must run, so its door is shut",
}
"""Target arguments that a verb may name while they lie in a closed container, and why."""


def test_no_verb_acts_on_what_lies_in_a_closed_container():
    for name, spec in PRIMITIVES.items():
        row = set(PRECONDITIONS[name])
        held = {idx for kind, idx in row if kind in (Pre.HELD,)}
        for i in range(_targets_of(spec)):
            if i in held or (name, i) in NOT_TOUCHED:
                continue
            assert (Pre.NOT_ENCLOSED, i) in row, f"{name} argument {i} can be reached through a shut door"


def _good_world(scene: Scene, verb: str) -> list[str]:
    """Set ``scene`` so that every precondition of ``verb`` holds; returns the goal targets."""
    row = PRECONDITIONS[verb]
    n = _targets_of(PRIMITIVES[verb])
    targets = []
    for i in range(n):
        kinds = {k for k, idx in row if idx == i}
        if kinds & {Pre.HELD, Pre.HAND_FREE_FOR}:
            targets.append("mug#1")
        elif Pre.CONTAINER_OPEN in kinds:
            targets.append("bowl#1")
        elif Pre.DOOR_CLOSED_TO_RUN in kinds:
            targets.append("oven#1")
        else:
            targets.append("tomato#1")
    h = scene.human
    h.held = "mug#1" if "mug#1" in targets else None
    h.carried = {}
    h.sitting = "chair#1" if (Pre.SITTING, None) in row else None
    scene.attachments.clear()
    scene.entities["oven#1"].state["open"] = 0.0
    return targets


def _break(scene: Scene, kind: Pre, targets: list[str], i: int | None) -> list[str]:
    """Break precondition ``kind`` of target ``i`` (the body when None) in ``scene``; returns the new targets."""
    targets = list(targets)
    h = scene.human
    if kind is Pre.HELD:
        h.held = "knife#1"
    elif kind is Pre.NOT_IN_HAND:
        h.carried = {targets[i]: np.eye(4)}
    elif kind in (Pre.HAND_EMPTY, Pre.HAND_FREE_FOR):
        h.held = "knife#1"
    elif kind is Pre.NOT_ENCLOSED:
        if h.held == targets[i]:  # a tool in a closed cabinet is not in the hand: the hand is free for it
            h.held = None
        targets[i] = "tomato#2"
    elif kind is Pre.CONTAINER_OPEN:
        targets[i] = "cabinet#1"
    elif kind is Pre.DOOR_CLOSED_TO_RUN:
        targets[i] = "oven#1"
        scene.entities["oven#1"].state["open"] = 1.0
    elif kind is Pre.NOT_ATTACHED:
        scene.attachments[targets[i]] = {"child": targets[i], "parent": "table#1", "child_connector": "c",
                                         "parent_connector": "p"}
    elif kind is Pre.STANDING:
        h.sitting = "chair#1"
    elif kind is Pre.SITTING:
        h.sitting = None
    return targets


BODY_KINDS = {Pre.HAND_EMPTY, Pre.STANDING, Pre.SITTING}
"""Kinds about the body, not an argument (their table index is None)."""

CELLS = [(verb, kind) for verb in sorted(PRIMITIVES) for kind in Pre]


@pytest.mark.parametrize("verb, kind", CELLS, ids=[f"{v}-{k.value}" for v, k in CELLS])
def test_every_verb_times_every_precondition_kind(scene, verb, kind):
    targets = _good_world(scene, verb)
    assert require(scene, verb, targets) is None, f"{verb}: the world meant to satisfy it refuses"
    row = PRECONDITIONS[verb]
    declared = [idx for k, idx in row if k is kind]
    if declared:
        for idx in declared:
            _good_world(scene, verb)
            broken = _break(scene, kind, targets, idx)
            err = require(scene, verb, broken)
            assert err is not None, f"{verb}: {kind.value} of argument {idx} broken but not refused"
            assert err.details["precondition"] == kind.value, f"{verb}: {err}"
            assert err.details["argument"] == (None if idx is None else broken[idx]) or kind in BODY_KINDS
        return
    spots = [None] if kind in BODY_KINDS else list(range(len(targets)))
    for idx in spots:
        if kind in (Pre.NOT_IN_HAND, Pre.HELD, Pre.HAND_FREE_FOR) and idx is None:
            continue
        _good_world(scene, verb)
        err = require(scene, verb, _break(scene, kind, targets, idx))
        assert err is None or err.details["precondition"] != kind.value, f"{verb} refuses on {kind.value}"
    _good_world(scene, verb)


def test_print_the_table(capsys):
    """The verb x precondition table, printed for the record (``-s``)."""
    kinds = list(Pre)
    lines = ["verb".ljust(15) + " ".join(k.value[:6].ljust(6) for k in kinds)]
    for verb in sorted(PRECONDITIONS):
        row = PRECONDITIONS[verb]
        cells = []
        for k in kinds:
            idx = [("b" if i is None else str(i)) for kk, i in row if kk is k]
            cells.append(",".join(idx).ljust(6))
        lines.append(verb.ljust(15) + " ".join(cells))
    print("\n".join(lines))
    assert len(lines) == 37
