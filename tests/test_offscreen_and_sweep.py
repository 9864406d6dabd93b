"""Two world behaviours of the Accessibility catalog (paper Table 9, rows 10 and 12), on small hand-built scenes:

* offscreen events of an opening (:mod:`interactiveworld.actions.offscreen`): another person moves an object
  while the wearer looks away; refused in view, after the handoff, for held objects and malformed lines;
* broken glass (``glass_shards``) swept with a hand broom into a dustpan on the same surface ([Wipe] with a
  ``sweeping_tool``, :func:`interactiveworld.actions.primitives.devices.sweep_debris`), never picked up by hand.
"""
from __future__ import annotations

import math

import numpy as np
import pytest
from pydantic import ValidationError

from interactiveworld.language.offscreen import DEFAULT_SPOT, OffscreenMove, parse_offscreen
from interactiveworld.bench.taskpack import GuidanceStep, Opening
from interactiveworld.env import Environment
from interactiveworld.errors import ErrorCode
from interactiveworld.world import Scene
from interactiveworld.world.assets import build_asset
from interactiveworld.world.layouts import SceneBuilder

# ------------------------------------------------------------------------------------------------ scenes


def _two_rooms() -> dict:
    """Room A (0..4 x 0..4 m) where the wearer stands at (3.2, 2) facing west (yaw pi) towards table#3 at
    (0.6, 2); room B (4..8 x 0..4 m) behind a wall with an open door at (4, 0.6), holding table#1 (mug on it) and
    table#2 (empty), both out of the wearer's view."""
    b = SceneBuilder("two_rooms")
    b.add_room("a", (0, 0, 4, 4))
    b.add_room("b", (4, 0, 8, 4), walls=("south", "east", "north"))
    b.add_door(at=(4.0, 0.6), open=True)
    b.add_fixture("table", at=(6.0, 3.0))                       # table#1
    b.add_fixture("table", at=(6.0, 1.2))                       # table#2
    b.add_fixture("table", at=(0.6, 2.0), params={"width": 0.8, "depth": 0.6}, yaw=0.0)  # table#3, in view
    b.add_object("mug", on="table#1", spot=(0.0, 0.5))
    b.add_object("cup", on="table#3", spot=(0.0, 0.5))
    b.set_human((3.2, 2.0), yaw=math.pi)
    return Scene.from_dict(b.build()).to_dict()


def _glass_table(with_pan: bool = True) -> dict:
    """One room: a table (1.2 x 0.8 m, top at 0.75 m, centre (2, 2)) with broken glass at its centre, a cup at
    its left end, and (``with_pan``) a dustpan at its right end; a hand broom and a sponge on a counter; the
    wearer at (2, 1.1) facing the table (+y)."""
    b = SceneBuilder("glass_table")
    b.add_room("kitchen", (0, 0, 5, 4))
    b.add_fixture("table", at=(2.0, 2.0))
    b.add_fixture("counter", at=(2.0, 3.65), yaw=-math.pi / 2)
    b.add_object("glass_shards", on="table#1", spot=(0.0, 0.5))
    b.add_object("cup", on="table#1", spot=(-0.8, 0.5))
    if with_pan:
        b.add_object("dustpan", on="table#1", spot=(0.75, 0.5))
    b.add_object("broom", on="counter#1", spot=(-0.4, 0.4))
    b.add_object("sponge", on="counter#1", spot=(0.4, 0.4))
    b.set_human((2.0, 1.1), yaw=math.pi / 2)
    return Scene.from_dict(b.build()).to_dict()


def _env(scene: dict) -> Environment:
    e = Environment(render=False)
    e.reset(scene)
    return e


def _refused(env: Environment, command: str, code: ErrorCode):
    digest = env.state_digest()
    out = env.execute(command)
    assert not out.ok and out.error is not None and out.error.code == code, (command, out.error)
    assert out.frames == [] and out.interval is None
    assert env.state_digest() == digest  # the world is as it was
    return out


# ------------------------------------------------------------------------------------------------ offscreen


def test_offscreen_move_out_of_view_lands_at_the_support_centre():
    env = _env(_two_rooms())
    assert {"table#1", "table#2", "mug#1"}.isdisjoint(env.visible_keys())  # room B is behind the wall
    assert "cup#1" in env.visible_keys()
    wearer = (env.scene.human.xy.copy(), env.scene.human.yaw)
    out = env.execute("[Offscreen] <mug> (1) <table> (2)")
    assert out.ok, out.error
    assert out.primitive == "offscreen" and out.frames == [] and out.interval is None
    assert ("on", "mug#1", "table#2") in out.relation_delta.added
    assert ("on", "mug#1", "table#1") in out.relation_delta.removed
    # hand-worked: nothing else on table#2, spot (0, 0.5) is the centre of its top (6.0, 1.2); top at 0.75 m
    pose = env.scene.entity("mug#1").pose
    np.testing.assert_allclose(pose[:2, 3], [6.0, 1.2], atol=2e-3)
    assert env.scene.entity("mug#1").world_bounds_corners()[:, 2].min() == pytest.approx(0.75, abs=3e-3)
    # the wearer did not act: same place, same heading, and the mug is still out of view
    np.testing.assert_array_equal(env.scene.human.xy, wearer[0])
    assert env.scene.human.yaw == wearer[1]
    assert "mug#1" not in env.visible_keys()


def test_offscreen_moves_are_deterministic_and_change_the_digest():
    a, b, c = _env(_two_rooms()), _env(_two_rooms()), _env(_two_rooms())
    for e in (a, b):
        assert e.execute("[Offscreen] <mug> (1) <table> (2) @place_spot=0.5:0.2").ok
    assert a.state_digest() == b.state_digest() != c.state_digest()
    # @place_spot=u:v aims at (ax (1 - 2 v), ay u) in the surface frame (ax, ay: the free half-extents; the
    # table's yaw 0 puts its front at +x): u = 0.5, v = 0.2 lie towards the front and the right of the centre
    x, y = a.scene.entity("mug#1").pose[:2, 3]
    assert x > 6.1 and y > 1.3


def test_offscreen_refused_in_view_for_held_after_handoff_and_malformed():
    env = _env(_two_rooms())
    out = _refused(env, "[Offscreen] <cup> (1) <table> (2)", ErrorCode.PRECONDITION_FAILED)  # the cup is in view
    assert out.error.details["in_view"] == ["cup#1", "table#3"]
    _refused(env, "[Offscreen] <mug> (1) <table> (3)", ErrorCode.PRECONDITION_FAILED)  # goes where the wearer looks
    _refused(env, "[Offscreen] <mug> (1) <unicorn> (1)", ErrorCode.UNKNOWN_ENTITY)
    _refused(env, "[Offscreen] <table> (1) <table> (2)", ErrorCode.NOT_AFFORDED)  # a fixture stays
    _refused(env, "[Offscreen] <mug> (1)", ErrorCode.PARSE_ERROR)
    assert env.execute("[Grab] <cup> (1)").ok
    _refused(env, "[Offscreen] <cup> (1) <table> (2)", ErrorCode.PRECONDITION_FAILED)  # in the wearer's hand
    env.mark_baseline()  # the handoff: from now on the wearer acts, nobody else
    out = _refused(env, "[Offscreen] <mug> (1) <table> (2)", ErrorCode.PRECONDITION_FAILED)
    assert "opening" in out.error.message
    env.reset(_two_rooms())  # a new episode opens again
    assert env.execute("[Offscreen] <mug> (1) <table> (2)").ok


def test_parse_offscreen_lines():
    assert parse_offscreen("[Offscreen] <mug> (2) <desk> (1)") == OffscreenMove("mug#2", "desk#1", DEFAULT_SPOT)
    assert parse_offscreen("[off-screen] <mug> <desk> @place_spot=-1:0") == OffscreenMove("mug#1", "desk#1",
                                                                                           (-1.0, 0.0))
    for bad in ("[Offscreen] <mug> (1)", "[Offscreen] <mug> (1) <desk> (1) <chair> (1)",
                "[Offscreen] <mug> (1) <desk> (1) 3", "[Offscreen] <mug> (1) <desk> (1) @place_spot=0:2",
                "[Grab] <mug> (1)"):
        with pytest.raises(ValueError):
            parse_offscreen(bad)


def test_opening_schema_accepts_offscreen_lines_only_in_the_opening():
    o = Opening(handoff_say="Back.", commands=["[LookAt] <mug> (1)", "[Offscreen] <mug> (1) <desk> (1)"])
    assert o.commands[1] == "[Offscreen] <mug> (1) <desk> (1)"
    with pytest.raises(ValidationError, match="offscreen event"):
        Opening(handoff_say="Back.", commands=["[Offscreen] <mug> (1)"])
    with pytest.raises(ValidationError, match="not a verb"):  # a step of the wearer: the action language only
        GuidanceStep(say="Move it.", commands=["[Offscreen] <mug> (1) <desk> (1)"])


# ------------------------------------------------------------------------------------------------ broken glass


def test_glass_shards_asset():
    m = build_asset("glass_shards")
    assert m.category == "hazard" and {"debris", "sharp", "movable"} <= m.affordances
    assert [p.name for p in m.parts] == [f"shard_{i}" for i in range(7)]
    lo, hi = m.bounds
    assert lo[2] == pytest.approx(0.0) and hi[2] == pytest.approx(0.006)  # flat: one thickness
    assert len(build_asset("glass_shards", {"count": 3}).parts) == 3
    assert {"sweeping_tool", "wiping_tool"} <= build_asset("broom").affordances
    assert {"container", "dustpan"} <= build_asset("dustpan").affordances


def test_sweeping_puts_the_shards_in_the_dustpan_on_that_table():
    env = _env(_glass_table())
    rel = env.relations()
    assert ("on", "glass_shards#1", "table#1") in rel and ("on", "dustpan#1", "table#1") in rel
    cup = env.scene.entity("cup#1").pose.copy()
    pan = env.scene.entity("dustpan#1").pose.copy()
    out = env.execute("[Wipe] <broom> (1) <table> (1)")
    assert out.ok, out.error
    assert ("inside", "glass_shards#1", "dustpan#1") in out.relation_delta.added
    assert ("on", "glass_shards#1", "table#1") in out.relation_delta.removed
    assert env.held() == "broom#1"  # the empty hand took the broom first
    # hand-worked: the pan's interior is empty, so the shards land at its centre; nothing else moved
    np.testing.assert_allclose(env.scene.entity("glass_shards#1").pose[:2, 3], pan[:2, 3], atol=2e-3)
    np.testing.assert_allclose(env.scene.entity("cup#1").pose, cup, atol=1e-6)
    np.testing.assert_allclose(env.scene.entity("dustpan#1").pose, pan, atol=1e-3)


def test_sweeping_without_a_dustpan_is_refused_and_shards_are_not_picked_up():
    env = _env(_glass_table(with_pan=False))
    out = _refused(env, "[Grab] <glass_shards> (1)", ErrorCode.NOT_AFFORDED)
    assert "sweep" in out.error.message
    out = _refused(env, "[Wipe] <broom> (1) <table> (1)", ErrorCode.PRECONDITION_FAILED)
    assert out.error.details["debris"] == ["glass_shards#1"]
    # a sponge is no sweeping tool: it wipes, the glass stays
    out = env.execute("[Wipe] <sponge> (1) <table> (1)")
    assert out.ok, out.error
    assert ("on", "glass_shards#1", "table#1") in env.relations()


def test_offscreen_events_replay_and_a_changed_one_is_caught(tmp_path):
    """An opening with an offscreen event, recorded as the episode records it (``opening_command`` records, then
    the ``baseline`` with its digest), re-executes to the same outcomes and digests; a trace whose recorded move
    went elsewhere is reported as a mismatch."""
    from interactiveworld.bench.replay import ReplayResult, replay_records

    lines = ["[LookAt] <cup> (1)", "[Offscreen] <mug> (1) <table> (2)"]
    env = _env(_two_rooms())
    trace = [{"type": "opening_command", "command": c, "outcome": env.execute(c).to_log()} for c in lines]
    env.mark_baseline()
    trace.append({"type": "baseline", "digest": env.state_digest()})
    again = _env(_two_rooms())
    res = replay_records(trace, again, ReplayResult(cell=tmp_path))
    assert res.steps == 2 and res.mismatches == [] and res.digest == env.state_digest()
    # after the replayed baseline the world refuses a further offscreen event, as in the episode
    assert again.execute("[Offscreen] <mug> (1) <table> (1)").error.code == ErrorCode.PRECONDITION_FAILED
    forged = [dict(r) for r in trace]
    forged[1] = {**forged[1], "command": "[Offscreen] <mug> (1) <table> (2) @place_spot=-1:1"}
    res = replay_records(forged, _env(_two_rooms()), ReplayResult(cell=tmp_path))
    assert any(m.startswith("baseline: state digest") for m in res.mismatches)
