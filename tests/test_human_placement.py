"""Placement and movement a person can express: named levels of shelf units, cabinets and fridges, [Put] onto a unit
with shelves, ``@beside=<object> (i) side``, and [Forward] back and sideways steps."""
from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np
import pytest

from interactiveworld.actions.levels import level_words, resolve_level, support_note
from interactiveworld.errors import ErrorCode
from interactiveworld.language import compile_text, parse_action_block, parse_command
from interactiveworld.world.assets.catalog import build_asset

from iw_lab import lab_env, ok, refused  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent / "data"))
from protocol_corpus import HUMAN_CASES  # noqa: E402


# ------------------------------------------------------------------------------------------------ level words
def test_level_words_name_shelves_highest_first():
    assert level_words(build_asset("shelf")) == [("top", "shelf_4"), ("upper", "shelf_3"), ("lower", "shelf_2"),
                                                 ("bottom", "shelf_1")]
    assert level_words(build_asset("fridge")) == [("top", "shelf_3"), ("centre", "shelf_2"), ("bottom", "shelf_1")]
    assert level_words(build_asset("cabinet")) == [("top", "shelf_2"), ("bottom", "shelf_1")]
    assert level_words(build_asset("sink")) == [("basin", "basin")]


@pytest.mark.parametrize("written, want", [
    ("upper", ("region", "shelf_3")), ("top_shelf", ("region", "shelf_4")), ("bottom", ("region", "shelf_1")),
    ("shelf#2", ("region", "shelf_2")), ("level#4", ("region", "shelf_4")), ("shelf_3", ("region", "shelf_3")),
    ("lower", ("region", "shelf_2")), ("middle", ("region", "shelf_2")), ("on_top", ("surface", "top")),
    ("attic", None), ("shelf#9", None),
])
def test_resolve_level_reads_what_a_person_says(written, want):
    assert resolve_level(build_asset("shelf"), written) == want


def test_support_note_lists_levels_and_the_frame():
    note = support_note(build_asset("shelf"))
    assert note.startswith("levels: top, upper, lower, bottom, on_top;")
    assert "u -1..1 across, v 0..1 away from you" in note
    assert support_note(build_asset("table")) == "spots: u -1..1 across, v 0..1 away from you"


# ------------------------------------------------------------------------------------------------ grammar
def test_grammar_reads_beside_level_and_step_direction():
    p = parse_command("[Put] <mug> (1) <table> (1) @beside=<white plate> (2) to the left of")
    assert p.beside[0].name == "white_plate" and p.beside[0].index == 2 and p.beside[1] == "left"
    assert not p.repairs
    assert parse_command("[Put] <mug> <table> @beside=<plate> back").beside[1] == "behind"
    p = parse_command("[PutIn] <can> (1) <drink_shelf> (1) <upper>")
    assert [a.name for a in p.args] == ["can", "drink_shelf", "upper"]
    p = parse_command("[Forward] left 0.5 m")
    assert (p.direction, p.scalar, p.unit, p.args) == ("left", 0.5, "m", [])


def test_compiler_gives_forward_a_direction_and_a_positive_distance():
    c = compile_text("[Forward] -1 m", [])
    assert c.goals[0].params == {"distance_m": 1.0, "direction": "back"}
    c = compile_text("[Forward] right 2", [])
    assert c.goals[0].params == {"distance_m": pytest.approx(1.2), "direction": "right"}
    assert compile_text("[Forward]", []).goals[0].params["direction"] == "ahead"
    err = compile_text("[Grab] left <mug>", [])
    assert err.code in (ErrorCode.UNKNOWN_ENTITY, ErrorCode.BAD_ARITY)


# ------------------------------------------------------------------------------------------------ in the world
@pytest.fixture()
def env():
    return lab_env()


def _local(env, key, support):
    t = env.scene.entity(support).pose
    return (np.linalg.inv(t) @ np.r_[env.scene.entity(key).pose[:3, 3], 1.0])[:3]


@pytest.mark.parametrize("side, axis, sign", [("left", 1, -1), ("right", 1, 1), ("front", 0, 1), ("behind", 0, -1)])
def test_beside_lands_next_to_the_object_on_that_side(env, side, axis, sign):
    ok(env, "[Grab] <mug> (1)")
    ok(env, f"[Put] <mug> (1) <table> (1) @beside=<sponge> (1) {side}")
    mug, sponge = _local(env, "mug#1", "table#1"), _local(env, "sponge#1", "table#1")
    d = mug - sponge
    assert sign * d[axis] > 0.05  # on the asked side (local +x faces the wearer, +y is the wearer's right)
    assert abs(d[1 - axis]) < 0.06  # and level with it along the other axis
    assert ("near", "mug#1", "sponge#1") in env.relations()


def test_beside_an_object_that_is_elsewhere_is_refused(env):
    ok(env, "[Grab] <mug> (1)")
    out = env.execute("[Put] <mug> (1) <table> (1) @beside=<knife> (1) left")
    assert not out.ok and out.error.code == ErrorCode.PLACEMENT_FAILED


def _surface_of(env, key, support):
    z = env.scene.entity(key).world_bounds_corners()[:, 2].min()
    return min(env.scene.surfaces(support), key=lambda st: abs(st[1][2, 3] - z))[0].name


def test_put_on_a_unit_with_shelves_uses_a_shelf_and_a_named_level(env):
    ok(env, "[Grab] <mug> (1)")
    ok(env, "[Put] <mug> (1) <rack> (1)")
    assert _surface_of(env, "mug#1", "rack#1").startswith("shelf_")
    ok(env, "[Grab] <mug> (1)")
    ok(env, "[Put] <mug> (1) <rack> (1) <top>")
    top = max(n for n in ("shelf_1", "shelf_2", "shelf_3") if n in {s.name for s, _ in env.scene.surfaces("rack#1")})
    assert _surface_of(env, "mug#1", "rack#1") == top
    ok(env, "[Grab] <mug> (1)")
    out = refused(env, "[Put] <mug> (1) <rack> (1) <attic>", ErrorCode.BAD_ARGUMENT)
    assert "top, centre, bottom" in out.error.message


def test_put_onto_an_open_cabinet_lands_inside_and_putin_takes_a_level(env):
    ok(env, "[Open] <cabinet> (1)")
    ok(env, "[Grab] <mug> (1)")
    ok(env, "[Put] <mug> (1) <cabinet> (1)")
    rel = env.relations()
    assert ("inside", "mug#1", "cabinet#1") in rel and ("on", "mug#1", "cabinet#1") in rel
    ok(env, "[Grab] <mug> (1)")
    ok(env, "[PutIn] <mug> (1) <cabinet> (1) <bottom>")
    assert _surface_of(env, "mug#1", "cabinet#1") == "shelf_1"


@pytest.mark.parametrize("command, direction", [("[Forward] -0.5 m", "back"), ("[Forward] back 0.5 m", "back"),
                                                ("[Forward] left 0.5 m", "left"), ("[Forward] right 0.5 m", "right")])
def test_forward_steps_back_and_sideways_keeping_the_facing(env, command, direction):
    h = env.scene.human
    ok(env, "[Forward] 0.5 m")  # clear of the workbench on the right
    xy0, yaw0 = h.xy.copy(), h.yaw
    ok(env, command)
    c, s = math.cos(yaw0), math.sin(yaw0)
    want = {"back": (-c, -s), "left": (-s, c), "right": (s, -c)}[direction]
    np.testing.assert_allclose(h.xy - xy0, 0.5 * np.array(want), atol=1e-6)
    assert h.yaw == pytest.approx(yaw0)


def test_a_blocked_side_step_is_refused(env):
    out = refused(env, "[Forward] -3 m", ErrorCode.PATH_BLOCKED)
    assert "backwards" in out.error.message


def test_the_placement_and_queue_cases_of_the_reply_corpus_parse_as_commands():
    """The placement and movement replies of the tricky-reply corpus are commands of the grammar, read as meant."""
    cases = {c[0]: c[3] for c in HUMAN_CASES}
    beside = parse_action_block(cases["h59-beside"])[0]
    assert beside.beside[0].name == "plate" and beside.beside[1] == "left"
    level = parse_action_block(cases["h60-level"])[0]
    assert level.args[2].name == "upper"
    back, side = parse_action_block(cases["h61-step-back-and-side"])
    assert (back.scalar, back.unit, side.direction, side.scalar) == (-1.0, "m", "left", 0.5)
    assert parse_action_block(cases["h62-empty-action-keeps-queue"]) == []
    numbered = parse_action_block(cases["h64-level-by-number"])[0]
    assert (numbered.args[2].name, numbered.args[2].index) == ("shelf", 2)
