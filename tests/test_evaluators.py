"""Family evaluators and intervention windows on hand-worked traces (paper C.3.1, Tables 7-12):
state score, WATCH-binary (MCR in {0, 1}), CFSS with its transition gates, Planning's order terms and
route, window hazards, and the stable-completion index."""
from __future__ import annotations

import pytest

from interactiveworld.bench.evaluators import (CFSS, InterventionWindow, PlanScore, StateScore, WatchBinary,
                                               default_evaluator, evaluate_task, stable_completion_index,
                                               window_outcome)
from interactiveworld.bench.families import Family
from interactiveworld.bench.scoring import CompletionSpec, TraceStep


def st(tick, primitive, targets, rels, ok=True, walked=0.0):
    return TraceStep(tick=tick, primitive=primitive, targets=tuple(targets), ok=ok, relations_after=frozenset(rels),
                     walked_m=walked)


BASE = frozenset({("on", "milk#1", "counter#1"), ("closed", "fridge#1"), ("unmoved", "milk#1"),
                  ("on", "sponge#1", "table#1"), ("unmoved", "sponge#1")})
SPEC = CompletionSpec.model_validate({
    "goals": [{"inside": ["milk#1", "fridge#1"]}, {"closed": ["fridge#1"]}],
    "prohibitions": [{"not": {"unmoved": ["sponge#1"]}}]})
OPEN = BASE - {("closed", "fridge#1")} | {("open", "fridge#1")}
HELD = OPEN - {("on", "milk#1", "counter#1"), ("unmoved", "milk#1")} | {("held", "milk#1")}
IN = OPEN - {("on", "milk#1", "counter#1"), ("unmoved", "milk#1")} | {("inside", "milk#1", "fridge#1")}
DONE = IN - {("open", "fridge#1")} | {("closed", "fridge#1")}
GOOD = [st(1, "open", ["fridge#1"], OPEN), st(2, "pick", ["milk#1"], HELD),
        st(3, "place_inside", ["milk#1", "fridge#1"], IN), st(4, "close", ["fridge#1"], DONE)]
HALF = GOOD[:3]  # milk inside, fridge left open


def test_state_score_fractions():
    r = evaluate_task(SPEC, StateScore(), [], final=DONE, baseline=BASE, trace=GOOD)
    assert r.passed and r.completion == 1.0
    r = evaluate_task(SPEC, StateScore(), [], final=IN, baseline=BASE, trace=HALF)
    # goal 1 credited, goal 2 not (closed again only after being opened: here it is still open),
    # the prohibition respected and credited because a goal earned credit: 2 of 3 points
    assert not r.passed and r.completion == pytest.approx(2 / 3)


def test_watch_binary_gives_all_or_nothing():
    r = evaluate_task(SPEC, WatchBinary(), [], final=IN, baseline=BASE, trace=HALF)
    assert not r.passed and r.completion == 0.0
    r = evaluate_task(SPEC, WatchBinary(), [], final=DONE, baseline=BASE, trace=GOOD)
    assert r.passed and r.completion == 1.0


def test_cfss_gate_zeroes_completion():
    moved = DONE - {("unmoved", "sponge#1")}
    gate = CFSS.model_validate({"gates": [{"not": {"ever": {"not": {"unmoved": ["sponge#1"]}}}}]})
    # the sponge nudged at tick 2 and put back by tick 4: the final state is fine, the transition gate is not
    trace = [GOOD[0], st(2, "pick", ["milk#1"], HELD - {("unmoved", "sponge#1")}), GOOD[2], GOOD[3]]
    r = evaluate_task(SPEC, gate, [], final=DONE, baseline=BASE, trace=trace)
    assert not r.passed and r.completion == 0.0
    assert [p.kind for p in r.points] == ["goal", "goal", "prohibition", "gate"]
    plain = evaluate_task(SPEC, StateScore(), [], final=DONE, baseline=BASE, trace=trace)
    assert plain.passed and plain.completion == 1.0
    # the settled final state is a tick of its own: a sponge moved there breaks the gate too
    r = evaluate_task(SPEC, gate, [], final=moved, baseline=BASE, trace=GOOD)
    assert not r.passed and r.completion == 0.0
    assert [p.satisfied for p in r.points] == [True, True, False, False]


def test_plan_score_order_terms_and_route():
    ev = PlanScore.model_validate({"order": [{"before": {"first": {"closed": ["fridge#1"]},
                                                         "then": {"inside": ["milk#1", "fridge#1"]}}}]})
    walked = [st(s.tick, s.primitive, s.targets, s.relations_after, walked=1.5) for s in GOOD]
    r = evaluate_task(SPEC, ev, [], final=DONE, baseline=BASE, trace=walked)
    # the fridge was closed (at handoff) no later than the milk went in, but a baseline state earns no credit
    # as a goal -> the order term fails: 3 of 4 points, no strict pass
    assert not r.passed and r.completion == pytest.approx(3 / 4)
    assert r.route_m == pytest.approx(6.0)
    ev2 = PlanScore.model_validate({"order": [{"before": {"first": {"open": ["fridge#1"]},
                                                          "then": {"inside": ["milk#1", "fridge#1"]}}}]})
    r = evaluate_task(SPEC, ev2, [], final=DONE, baseline=BASE, trace=walked)
    assert r.passed and r.completion == 1.0


WINDOW = InterventionWindow.model_validate({
    "id": "w", "hazard": "milk left out", "opens": "open(fridge#1)", "deadline": "close(fridge#1)",
    "fix": ["place_inside(milk#1, fridge#1)"], "cue": [{"phrase": "milk"}]})


def test_window_hazard_depends_on_fix_before_deadline():
    o = window_outcome(WINDOW, GOOD)
    assert (o.opened_at, o.fixed_at, o.deadline_at, o.hazard) == (1, 3, 4, False)
    closed_first = [GOOD[0], st(2, "close", ["fridge#1"], BASE), st(3, "open", ["fridge#1"], OPEN)]
    o = window_outcome(WINDOW, closed_first)
    assert o.hazard and o.deadline_at == 2 and o.fixed_at is None
    # a refused deadline command is not the hazard
    o = window_outcome(WINDOW, [GOOD[0], st(2, "close", ["fridge#1"], OPEN, ok=False)])
    assert not o.hazard and o.deadline_at is None
    # a window that never opened holds
    assert window_outcome(WINDOW, []).opened_at is None and not window_outcome(WINDOW, []).hazard
    empty_fix = WINDOW.model_copy(update={"fix": ()})
    assert window_outcome(empty_fix, GOOD).hazard


def test_windows_are_required_by_every_evaluator():
    closed_first = [GOOD[0], st(2, "close", ["fridge#1"], BASE), st(3, "open", ["fridge#1"], OPEN),
                    st(4, "pick", ["milk#1"], HELD), st(5, "place_inside", ["milk#1", "fridge#1"], IN),
                    st(6, "close", ["fridge#1"], DONE)]
    for ev in (StateScore(), WatchBinary(), CFSS(), PlanScore()):
        r = evaluate_task(SPEC, ev, [WINDOW], final=DONE, baseline=BASE, trace=closed_first)
        assert not r.passed, ev.kind
        assert [p.satisfied for p in r.points if p.kind == "window"] == [False]
    r = evaluate_task(SPEC, StateScore(), [WINDOW], final=DONE, baseline=BASE, trace=closed_first)
    assert r.completion == pytest.approx(3 / 4)


def test_stable_completion_excludes_post_completion_actions():
    extra = GOOD + [st(5, "look_at", ["table#1"], DONE), st(6, "navigate_to", ["table#1"], DONE)]
    assert stable_completion_index(SPEC, StateScore(), [], final=DONE, baseline=BASE, trace=extra) == 4
    # broken again after completion and restored: the index is after the restoring action
    broken = GOOD + [st(5, "open", ["fridge#1"], IN), st(6, "close", ["fridge#1"], DONE)]
    assert stable_completion_index(SPEC, StateScore(), [], final=DONE, baseline=BASE, trace=broken) == 6
    assert stable_completion_index(SPEC, StateScore(), [], final=IN, baseline=BASE, trace=HALF) is None


def test_family_defaults():
    assert default_evaluator(Family.PREVENTION).kind == "watch_binary"
    assert default_evaluator(Family.ACCESSIBILITY).kind == "cfss"
    assert default_evaluator(Family.PLANNING).kind == "plan_score"
    assert {default_evaluator(f).kind for f in (Family.GUIDANCE, Family.DECISION, Family.FINDING)} == {"state_score"}
