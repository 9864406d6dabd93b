"""The persistent record of what an entity received by pouring (``received``): the world state it leaves
(pour into a vessel, seasoning onto a food, cooking a filled pot), its place in the state digest, save/restore
and replay, and the ``received`` completion condition on hand-worked episodes."""
from __future__ import annotations

import math

import pytest
from pydantic import ValidationError

from interactiveworld.bench import conditions
from interactiveworld.bench.scoring import CompletionSpec, TraceStep, evaluate, score_episode
from interactiveworld.env import Environment
from interactiveworld.errors import ErrorCode
from interactiveworld.world import Scene
from interactiveworld.world.layouts import SceneBuilder
from interactiveworld.world.relations import RECEIVED, received

from iw_lab import ok, refused  # noqa: E402


def _kitchen() -> dict:
    """A 5 x 4 m kitchen: counter, cooktop, table; a pot on the counter, a rice carton, a water jug, soy sauce
    and vinegar bottles, a potato standing in for a chicken, two identical glasses and a vodka bottle."""
    b = SceneBuilder("received_kitchen")
    b.add_room("kitchen", (0, 0, 5, 4))
    b.add_fixture("counter", at=(1.5, 3.65), yaw=-math.pi / 2)
    b.add_fixture("cooktop", at=(2.5, 3.65), yaw=-math.pi / 2)
    b.add_fixture("table", at=(2.5, 1.5))
    b.add_object("pot", on="counter#1", spot=(0.4, 0.3))
    b.add_object("carton", name="rice_bag", on="counter#1", spot=(-0.5, 0.3), state={"contents": "rice"})
    b.add_object("jug", on="counter#1", spot=(-0.1, 0.3), state={"contents": "water"})
    b.add_object("bottle", name="soy", on="table#1", spot=(-0.6, 0.3), state={"contents": "soy sauce"})
    b.add_object("bottle", name="vinegar", on="table#1", spot=(-0.3, 0.3), state={"contents": "vinegar"})
    b.add_object("potato", name="chicken", on="table#1", spot=(0.0, 0.3))
    b.add_object("glass", on="table#1", spot=(0.3, 0.3))
    b.add_object("glass", on="table#1", spot=(0.6, 0.3))
    b.add_object("bottle", name="vodka", on="table#1", spot=(0.8, 0.7), state={"contents": "vodka"})
    b.set_human((2.5, 2.5), yaw=math.pi / 2)
    return b.build()


SCENE = Scene.from_dict(_kitchen()).to_dict()


@pytest.fixture()
def env() -> Environment:
    e = Environment(render=False)
    e.reset(SCENE)
    return e


def pour(env: Environment, source: str, target: str, back_on: str):
    ok(env, f"[Grab] <{source}> (1)")
    out = ok(env, f"[Pour] <{target.split('#')[0]}> ({target.split('#')[1]}) <{source}> (1)")
    ok(env, f"[Put] <{source}> (1) <{back_on}> (1)")
    return out


# ----------------------------------------------------------------------------------------------- world state
def test_pour_records_in_order_and_keeps_the_record(env):
    pour(env, "rice_bag", "pot#1", "counter")
    pot = env.scene.entity("pot#1")
    assert pot.state[RECEIVED] == ["rice"] and pot.state["contents"] == "rice"
    assert env.scene.entity("rice_bag#1").state["contents"] is None
    assert (RECEIVED, "pot#1", "rice") in env.relations()
    out = pour(env, "jug", "pot#1", "counter")
    # contents is what came last; the record keeps both, oldest first, as one relation
    assert pot.state["contents"] == "water"
    assert received(pot) == ["rice", "water"]
    rel = env.relations()
    assert (RECEIVED, "pot#1", "rice", "water") in rel and (RECEIVED, "pot#1", "rice") not in rel
    assert not [r for r in rel if r[0] == RECEIVED and r[1] != "pot#1"]


def test_pour_delta_replaces_the_record_relation(env):
    pour(env, "rice_bag", "pot#1", "counter")
    ok(env, "[Grab] <jug> (1)")
    out = ok(env, "[Pour] <pot> (1) <jug> (1)")
    assert (RECEIVED, "pot#1", "rice", "water") in out.relation_delta.added
    assert (RECEIVED, "pot#1", "rice") in out.relation_delta.removed


def test_empty_source_records_nothing(env):
    pour(env, "soy", "glass#1", "table")
    digest_record = list(env.scene.entity("glass#1").state[RECEIVED])
    pour(env, "soy", "glass#1", "table")  # the bottle is empty now: the tilt pours nothing
    assert env.scene.entity("glass#1").state[RECEIVED] == digest_record == ["soy sauce"]


def test_seasoning_a_food_records_on_the_food(env):
    pour(env, "soy", "chicken#1", "table")
    pour(env, "vinegar", "chicken#1", "table")
    chicken = env.scene.entity("chicken#1")
    assert received(chicken) == ["soy sauce", "vinegar"]
    assert "contents" not in chicken.state  # a food is seasoned, it holds no contents
    assert (RECEIVED, "chicken#1", "soy sauce", "vinegar") in env.relations()


def test_pour_refused_onto_what_is_neither_vessel_nor_food(env):
    ok(env, "[Grab] <soy> (1)")
    refused(env, "[Pour] <table> (1) <soy> (1)", ErrorCode.NOT_AFFORDED)
    refused(env, "[Pour] <vinegar> (1) <soy> (1)", ErrorCode.NOT_AFFORDED)


def test_cook_a_filled_pot_on_the_running_cooktop(env):
    ok(env, "[Grab] <pot> (1)")
    ok(env, "[Put] <pot> (1) <cooktop> (1)")
    refused(env, "[Cook] <pot> (1)", ErrorCode.NOT_AFFORDED)  # an empty pot is no dish
    pour(env, "rice_bag", "pot#1", "counter")
    pour(env, "jug", "pot#1", "counter")
    refused(env, "[Cook] <pot> (1)", ErrorCode.PRECONDITION_FAILED)  # the cooktop is off
    ok(env, "[TurnOn] <cooktop> (1)")
    out = ok(env, "[Cook] <pot> (1)")
    assert ("cooked", "pot#1") in out.relation_delta.added
    assert received(env.scene.entity("pot#1")) == ["rice", "water"]


def test_a_filled_glass_is_not_cookable_off_a_cooker(env):
    pour(env, "vodka", "glass#2", "table")
    refused(env, "[Cook] <glass> (2)", ErrorCode.PRECONDITION_FAILED)  # not on a cooker


# ------------------------------------------------------------------------ digest, save/restore, replay
def test_record_is_in_digest_save_restore_and_replay(env):
    pour(env, "soy", "chicken#1", "table")
    pour(env, "vinegar", "chicken#1", "table")
    digest, saved = env.state_digest(), env.scene.to_dict()
    assert saved["entities"][[e["name"] for e in saved["entities"]].index("chicken")]["state"][RECEIVED] == \
        ["soy sauce", "vinegar"]
    restored, again = Environment(render=False), Environment(render=False)
    restored.reset(saved)
    again.reset(saved)
    # a reset settles the physics anew (sub-0.1 mm drift), so a restore is compared with a restore
    assert received(restored.scene.entity("chicken#1")) == ["soy sauce", "vinegar"]
    assert restored.state_digest() == again.state_digest()
    assert (RECEIVED, "chicken#1", "soy sauce", "vinegar") in restored.relations()
    restored.scene.entity("chicken#1").state[RECEIVED] = ["vinegar", "soy sauce"]
    assert restored.state_digest() != again.state_digest()  # the record is part of the digest
    replay = Environment(render=False)
    replay.reset(SCENE)
    pour(replay, "soy", "chicken#1", "table")
    pour(replay, "vinegar", "chicken#1", "table")
    assert replay.state_digest() == digest
    reverse = Environment(render=False)
    reverse.reset(SCENE)
    pour(reverse, "vinegar", "chicken#1", "table")
    pour(reverse, "soy", "chicken#1", "table")
    assert received(reverse.scene.entity("chicken#1")) == ["vinegar", "soy sauce"]
    assert reverse.state_digest() != digest  # same poses, same emptied bottles: only the order differs


def test_refused_pour_leaves_no_record(env):
    ok(env, "[Grab] <vodka> (1)")
    refused(env, "[Pour] <table> (1) <vodka> (1)", ErrorCode.NOT_AFFORDED)
    assert env.scene.entity("vodka#1").state["contents"] == "vodka"
    assert not [r for r in env.relations() if r[0] == RECEIVED]


# ------------------------------------------------------------------------------------- the condition
def test_record_relation_name_is_shared():
    assert conditions.RECEIVED == RECEIVED
    assert RECEIVED not in conditions.PREDICATES  # history, not a 15th predicate


@pytest.mark.parametrize("items, exact, record, expect", [
    (["soy sauce", "vinegar"], True, ("soy sauce", "vinegar"), True),
    (["vinegar", "soy sauce"], True, ("soy sauce", "vinegar"), False),
    (["soy sauce"], True, ("soy sauce", "vinegar"), False),
    (["soy sauce", "vinegar"], True, ("soy sauce", "vinegar", "vinegar"), False),
    (["soy sauce"], False, ("soy sauce", "vinegar"), True),
    (["rice", "water"], False, ("rice", "salt", "water"), True),
    (["water", "rice"], False, ("rice", "salt", "water"), False),
    (["rice", "rice"], False, ("rice", "water"), False),
    ([], True, (), True),
    ([], True, ("vodka",), False),
])
def test_received_matches(items, exact, record, expect):
    cond = conditions.Received(entity="chicken#1", items=items, exact=exact)
    assert cond.matches(record) is expect


def test_received_compact_form_round_trips():
    spec = CompletionSpec.model_validate(
        {"goals": [{"received": {"entity": "pot#1", "items": ["rice", "water"]}}]})
    cond = spec.goals[0]
    assert isinstance(cond, conditions.Received) and cond.exact
    assert conditions.describe(cond) == "received(pot#1, [rice, water])"
    assert conditions.to_compact(cond) == {"received": {"entity": "pot#1", "items": ["rice", "water"],
                                                        "exact": True}}
    loose = conditions.Received(entity="pot#1", items=("rice",), exact=False)
    assert conditions.describe(loose) == "received(pot#1, [rice], in order)"


@pytest.mark.parametrize("bad", [
    {"received": {"entity": "*", "items": ["vodka"]}},
    {"received": {"entity": "Glass", "items": ["vodka"]}},
    {"received": {"entity": "glass#1", "items": [" "]}},
    {"received": {"entity": "glass#1", "items": [], "exact": False}},
    {"received": ["glass#1", "vodka"]},
])
def test_received_rejects(bad):
    with pytest.raises(ValidationError):
        CompletionSpec.model_validate({"goals": [bad]})


def _step(tick, primitive, targets, state):
    return TraceStep(tick, primitive, tuple(targets), True, frozenset(state))


def test_vodka_glass_scored_by_its_record_not_its_identity():
    """Two identical glasses; glass#2 received vodka in the opening (the record holds at handoff). The goal
    names no glass: the one whose record is [vodka] must end on the counter, a glass with no record on the
    table."""
    vodka_on_counter = {"any": [{"all": [{"received": {"entity": g, "items": ["vodka"]}},
                                         {"on": [g, "counter#1"]}]} for g in ("glass#1", "glass#2")]}
    free_on_table = {"any": [{"all": [{"received": {"entity": g, "items": []}}, {"on": [g, "table#1"]}]}
                             for g in ("glass#1", "glass#2")]}
    spec = CompletionSpec.model_validate({"goals": [vodka_on_counter, free_on_table]})
    base = {("received", "glass#2", "vodka"), ("on", "glass#1", "side#1"), ("on", "glass#2", "side#1")}
    right = [_step(1, "place", ["glass#2", "counter#1"],
                   base - {("on", "glass#2", "side#1")} | {("on", "glass#2", "counter#1")}),
             _step(2, "place", ["glass#1", "table#1"],
                   {("received", "glass#2", "vodka"), ("on", "glass#2", "counter#1"), ("on", "glass#1", "table#1")})]
    res = score_episode(spec, final=right[-1].relations_after, baseline=frozenset(base), trace=right)
    assert res.passed and res.completion == 1.0
    swapped = [_step(1, "place", ["glass#1", "counter#1"],
                     base - {("on", "glass#1", "side#1")} | {("on", "glass#1", "counter#1")}),
               _step(2, "place", ["glass#2", "table#1"],
                     {("received", "glass#2", "vodka"), ("on", "glass#1", "counter#1"),
                      ("on", "glass#2", "table#1")})]
    res = score_episode(spec, final=swapped[-1].relations_after, baseline=frozenset(base), trace=swapped)
    assert not res.passed and res.completion == 0.0


def test_received_goal_unchanged_since_handoff_earns_nothing():
    cond = conditions.Received(entity="glass#2", items=("vodka",))
    base = frozenset({("received", "glass#2", "vodka")})
    trace = [_step(1, "walk", ["table#1"], base)]
    assert not evaluate(cond, final=base, trace=trace, baseline=base)  # goal: never changed, no credit
    assert evaluate(cond, final=base, trace=trace, baseline=base, exclude_baseline=False)  # physically true


def test_rice_and_water_before_heat():
    """before(received(pot, [rice, water]), running(cooktop)): hand-worked orders."""
    gate = CompletionSpec.model_validate({"goals": [{"before": {
        "first": {"received": {"entity": "pot#1", "items": ["rice", "water"]}},
        "then": {"running": ["cooktop#1"]}}}]}).goals[0]
    off = ("off", "cooktop#1")
    on_ = ("running", "cooktop#1")
    rice, both = ("received", "pot#1", "rice"), ("received", "pot#1", "rice", "water")
    base = frozenset({off})
    good = [_step(1, "pour", ["pot#1", "rice_bag#1"], {off, rice}), _step(2, "pour", ["pot#1", "jug#1"], {off, both}),
            _step(3, "turn_on", ["cooktop#1"], {on_, both})]
    assert evaluate(gate, final=good[-1].relations_after, trace=good, baseline=base)
    early = [_step(1, "pour", ["pot#1", "rice_bag#1"], {off, rice}), _step(2, "turn_on", ["cooktop#1"], {on_, rice}),
             _step(3, "pour", ["pot#1", "jug#1"], {on_, both})]
    assert not evaluate(gate, final=early[-1].relations_after, trace=early, baseline=base)
    swapped = [_step(1, "pour", ["pot#1", "jug#1"], {off, ("received", "pot#1", "water")}),
               _step(2, "pour", ["pot#1", "rice_bag#1"], {off, ("received", "pot#1", "water", "rice")}),
               _step(3, "turn_on", ["cooktop#1"], {on_, ("received", "pot#1", "water", "rice")})]
    assert not evaluate(gate, final=swapped[-1].relations_after, trace=swapped, baseline=base)
