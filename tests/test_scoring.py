"""The goal checker (paper appendix B.3.2 "Scoring", C.3.1; DESIGN.md "Metrics"), on hand-worked episodes."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from interactiveworld.bench.scoring import (
    PREDICATES,
    AnyOf,
    Atom,
    Before,
    CompletionSpec,
    Count,
    Not,
    ScoreResult,
    TraceStep,
    _symmetrised,
    Timeline,
    evaluate,
    score_episode,
)


def R(*items):
    return frozenset(items)


class Episode:
    """Builds a trace by applying relation deltas, as the world would report them."""

    def __init__(self, *baseline):
        self.baseline = R(*baseline)
        self.state = set(self.baseline)
        self.trace: list[TraceStep] = []

    def do(self, primitive, targets=(), *, add=(), remove=(), ok=True):
        if ok:
            self.state -= set(remove)
            self.state |= set(add)
        self.trace.append(TraceStep(len(self.trace) + 1, primitive, tuple(targets), ok, frozenset(self.state)))
        return self

    @property
    def final(self):
        return frozenset(self.state)

    def score(self, spec) -> ScoreResult:
        if not isinstance(spec, CompletionSpec):
            spec = CompletionSpec.model_validate(spec)
        return score_episode(spec, final=self.final, baseline=self.baseline, trace=self.trace)


# ---- the kitchen task: walk, open the fridge, put the carton inside, close it --------------------------------

KITCHEN = {
    "goals": [{"inside": ["milk_carton#1", "fridge#1"]}, {"closed": ["fridge#1"]}],
    "prohibitions": [{"held": ["*"]}],
}


def _kitchen(close=True):
    ep = Episode(("closed", "fridge#1"), ("on", "milk_carton#1", "counter#1"), ("unmoved", "milk_carton#1"))
    ep.do("navigate_to", ["fridge#1"])
    ep.do("open", ["fridge#1"], add=[("open", "fridge#1")], remove=[("closed", "fridge#1")])
    ep.do("pick", ["milk_carton#1"], add=[("held", "milk_carton#1")],
          remove=[("on", "milk_carton#1", "counter#1"), ("unmoved", "milk_carton#1")])
    ep.do("place_inside", ["milk_carton#1", "fridge#1"], add=[("inside", "milk_carton#1", "fridge#1")],
          remove=[("held", "milk_carton#1")])
    if close:
        ep.do("close", ["fridge#1"], add=[("closed", "fridge#1")], remove=[("open", "fridge#1")])
    return ep


def test_kitchen_script_passes():
    result = _kitchen().score(KITCHEN)
    assert result.passed and result.completion == 1.0
    assert [p.label for p in result.points] == [
        "goal[0]: inside(milk_carton#1, fridge#1)", "goal[1]: closed(fridge#1)", "prohibition[0]: held(*)"]
    # closed(fridge#1) was true at handoff but was broken (opened) and re-established: it earns credit
    assert not result.points[1].baseline_excluded


def test_kitchen_without_close_fails_with_partial_completion():
    result = _kitchen(close=False).score(KITCHEN)
    assert not result.passed
    # inside earned (1), closed not (0), prohibition respected and credited since a goal was met (1): 2/3
    assert result.completion == pytest.approx(2 / 3)
    assert [p.satisfied for p in result.points] == [True, False, True]
    d = result.to_dict()
    assert d["passed"] == 0 and json.loads(json.dumps(d)) == d


# ---- baseline exclusion --------------------------------------------------------------------------------------

def test_baseline_true_predicate_earns_no_credit():
    ep = Episode(("on", "mug#1", "table#1"), ("closed", "fridge#1"))
    ep.do("look_around")
    result = ep.score({"goals": [{"on": ["mug#1", "table#1"]}, {"inside": ["mug#1", "sink#1"]}]})
    assert not result.passed and result.completion == 0.0
    assert result.points[0].baseline_excluded and not result.points[0].satisfied
    assert not result.points[1].baseline_excluded


def test_baseline_predicate_broken_and_restored_earns_credit():
    ep = Episode(("on", "mug#1", "table#1"))
    ep.do("pick", ["mug#1"], add=[("held", "mug#1")], remove=[("on", "mug#1", "table#1")])
    ep.do("place", ["mug#1", "table#1"], add=[("on", "mug#1", "table#1")], remove=[("held", "mug#1")])
    result = ep.score({"goals": [{"on": ["mug#1", "table#1"]}]})
    assert result.passed and not result.points[0].baseline_excluded


def test_wildcard_goal_ignores_baseline_relations_but_counts_new_ones():
    spec = {"goals": [{"on": ["*", "desk#1"]}]}
    ep = Episode(("on", "stapler#1", "desk#1"))
    ep.do("wait")
    r = ep.score(spec)
    assert not r.passed and r.points[0].baseline_excluded
    ep.do("place", ["card#2", "desk#1"], add=[("on", "card#2", "desk#1")])
    assert ep.score(spec).passed


def test_negated_goal_true_since_handoff_earns_no_credit():
    spec = {"goals": [{"not": {"open": ["fridge#1"]}}]}
    untouched = Episode(("closed", "fridge#1"))
    untouched.do("wait")
    r = untouched.score(spec)
    assert not r.passed and r.points[0].baseline_excluded
    opened_then_closed = Episode(("closed", "fridge#1"))
    opened_then_closed.do("open", ["fridge#1"], add=[("open", "fridge#1")], remove=[("closed", "fridge#1")])
    opened_then_closed.do("close", ["fridge#1"], add=[("closed", "fridge#1")], remove=[("open", "fridge#1")])
    assert opened_then_closed.score(spec).passed
    left_open = Episode(("closed", "fridge#1"))
    left_open.do("open", ["fridge#1"], add=[("open", "fridge#1")], remove=[("closed", "fridge#1")])
    r = left_open.score(spec)
    assert not r.passed and not r.points[0].baseline_excluded


def test_done_with_nothing_achieved_scores_zero():
    ep = Episode(("closed", "fridge#1"), ("on", "milk_carton#1", "counter#1"))
    ep.do("confirm")  # the Human halts; the Assistant said done
    result = ep.score(KITCHEN)
    assert not result.passed and result.completion == 0.0
    # the respected prohibition earns nothing when no goal was met
    assert result.points[2].satisfied and not result.points[2].credited
    # no trace at all: the same
    empty = score_episode(CompletionSpec.model_validate(KITCHEN), final=ep.baseline, baseline=ep.baseline, trace=[])
    assert not empty.passed and empty.completion == 0.0


# ---- counts, orderings, prohibitions, alternatives, negations, commands -------------------------------------

def _boxes(n):
    ep = Episode(*[("on", f"carton#{i}", "shelf#1") for i in range(1, 6)])
    for i in range(1, n + 1):
        ep.do("place_inside", [f"carton#{i}", "box#1"], add=[("inside", f"carton#{i}", "box#1")],
              remove=[("on", f"carton#{i}", "shelf#1")])
    return ep


@pytest.mark.parametrize("n, eq, ge, le", [(2, False, False, True), (3, True, True, True), (4, False, True, False)])
def test_exact_count(n, eq, ge, le):
    ep = _boxes(n)
    for op, want in (("eq", eq), ("ge", ge)):
        spec = {"goals": [{"count": {"pred": "inside", "args": ["*", "box#1"], op: 3}}]}
        assert ep.score(spec).passed is want, (n, op)
    # "at most 3" already held at handoff (0 cartons) and never stopped holding: baseline-excluded
    r = ep.score({"goals": [{"count": {"pred": "inside", "args": ["*", "box#1"], "le": 3}}]})
    assert not r.passed and r.points[0].baseline_excluded is le
    # combined with a lower bound it is a proper goal
    r = ep.score({"goals": [{"all": [{"count": {"pred": "inside", "args": ["*", "box#1"], "le": 3}},
                                     {"count": {"pred": "inside", "args": ["*", "box#1"], "ge": 2}}]}]})
    assert r.passed is le


def test_exact_count_one_too_many_fails():
    spec = {"goals": [{"count": {"pred": "inside", "args": ["*", "box#1"], "eq": 3}}]}
    assert _boxes(3).score(spec).passed
    r = _boxes(4).score(spec)
    assert not r.passed and r.completion == 0.0


def _stove(turn_off_first: bool):
    ep = Episode(("running", "stove#1"), ("on", "pan#1", "stove#1"))
    off = dict(add=[("off", "stove#1")], remove=[("running", "stove#1")])
    if turn_off_first:
        ep.do("turn_off", ["stove#1"], **off)
    ep.do("pick", ["pan#1"], add=[("held", "pan#1")], remove=[("on", "pan#1", "stove#1")])
    ep.do("place", ["pan#1", "counter#1"], add=[("on", "pan#1", "counter#1")], remove=[("held", "pan#1")])
    if not turn_off_first:
        ep.do("turn_off", ["stove#1"], **off)
    return ep


def test_ordering_gate_fails_when_order_reversed():
    spec = {"goals": [{"before": {"first": {"off": ["stove#1"]}, "then": {"held": ["pan#1"]}}},
                      {"on": ["pan#1", "counter#1"]}]}
    good, reversed_ = _stove(True), _stove(False)
    assert good.final == reversed_.final  # same final state
    assert good.score(spec).passed
    r = reversed_.score(spec)
    assert not r.passed and [p.satisfied for p in r.points] == [False, True] and r.completion == 0.5


def test_command_gate_and_sequence_order():
    seq = {"goals": [{"sequence": ["turn_off(stove#1)", "pick(pan#1)"]}]}
    assert _stove(True).score(seq).passed
    assert not _stove(False).score(seq).passed
    gate = {"goals": [{"before": {"first": {"succeeded": "turn_off(stove#1)"},
                                  "then": {"succeeded": {"primitive": "pick", "args": ["pan#1"]}}}}]}
    assert _stove(True).score(gate).passed and not _stove(False).score(gate).passed


def test_forbidden_before():
    spec = {"goals": [{"forbidden_before": {"forbidden": {"running": ["stove#1"]},
                                            "gate": {"on": ["pan#1", "stove#1"]}}}]}
    good = Episode(("off", "stove#1"), ("on", "pan#1", "counter#1"))
    good.do("place", ["pan#1", "stove#1"], add=[("on", "pan#1", "stove#1")], remove=[("on", "pan#1", "counter#1")])
    good.do("turn_on", ["stove#1"], add=[("running", "stove#1")], remove=[("off", "stove#1")])
    assert good.score(spec).passed
    bad = Episode(("off", "stove#1"), ("on", "pan#1", "counter#1"))
    bad.do("turn_on", ["stove#1"], add=[("running", "stove#1")], remove=[("off", "stove#1")])
    bad.do("place", ["pan#1", "stove#1"], add=[("on", "pan#1", "stove#1")], remove=[("on", "pan#1", "counter#1")])
    assert good.final == bad.final
    assert not bad.score(spec).passed
    # the gate never reached: not satisfied (nothing was achieved)
    idle = Episode(("off", "stove#1"), ("on", "pan#1", "counter#1"))
    idle.do("wait")
    assert not idle.score(spec).passed and idle.score(spec).completion == 0.0


def test_prohibitions():
    spec = {"goals": [{"on": ["invoice_card#2", "approval_desk#1"]}],
            "prohibitions": [{"not": {"unmoved": ["invoice_card#1"]}}, {"held": ["*"]},
                             {"ever": {"on": ["knife#1", "stove#1"]}}]}
    base = [("unmoved", "invoice_card#1"), ("unmoved", "invoice_card#2"), ("on", "knife#1", "counter#1")]
    clean = Episode(*base)
    clean.do("pick", ["invoice_card#2"], add=[("held", "invoice_card#2")], remove=[("unmoved", "invoice_card#2")])
    clean.do("place", ["invoice_card#2", "approval_desk#1"], add=[("on", "invoice_card#2", "approval_desk#1")],
             remove=[("held", "invoice_card#2")])
    r = clean.score(spec)
    assert r.passed and r.completion == 1.0
    # moving the other card violates the first prohibition
    moved = Episode(*base)
    moved.do("pick", ["invoice_card#1"], add=[("held", "invoice_card#1")], remove=[("unmoved", "invoice_card#1")])
    moved.do("place", ["invoice_card#1", "approval_desk#1"], add=[("on", "invoice_card#1", "approval_desk#1")],
             remove=[("held", "invoice_card#1")])
    moved.do("pick", ["invoice_card#2"], add=[("held", "invoice_card#2")])
    moved.do("place", ["invoice_card#2", "approval_desk#1"], add=[("on", "invoice_card#2", "approval_desk#1")],
             remove=[("held", "invoice_card#2")])
    r = moved.score(spec)
    assert not r.passed and [p.satisfied for p in r.points] == [True, False, True, True]
    assert r.completion == pytest.approx(3 / 4)
    # a transient forbidden state is caught by "ever" even though the final state is clean
    transient = Episode(*base)
    transient.do("place", ["knife#1", "stove#1"], add=[("on", "knife#1", "stove#1")],
                 remove=[("on", "knife#1", "counter#1")])
    transient.do("place", ["knife#1", "counter#1"], add=[("on", "knife#1", "counter#1")],
                 remove=[("on", "knife#1", "stove#1")])
    transient.do("place", ["invoice_card#2", "approval_desk#1"], add=[("on", "invoice_card#2", "approval_desk#1")])
    r = transient.score(spec)
    assert not r.passed and [p.satisfied for p in r.points] == [True, True, True, False]
    # still holding something at the end
    holding = Episode(*base)
    holding.do("place", ["invoice_card#2", "approval_desk#1"], add=[("on", "invoice_card#2", "approval_desk#1")])
    holding.do("pick", ["knife#1"], add=[("held", "knife#1")])
    assert [p.satisfied for p in holding.score(spec).points] == [True, True, False, True]


def test_alternatives_and_negations():
    spec = {"goals": [{"any": [{"inside": ["milk_carton#1", "fridge#1"]}, {"on": ["milk_carton#1", "shelf#2"]}]},
                      {"all": [{"not": {"open": ["fridge#1"]}}, {"not": {"held": ["*"]}}]}]}
    a = _kitchen()
    assert a.score(spec).passed
    b = Episode(("closed", "fridge#1"), ("on", "milk_carton#1", "counter#1"))
    b.do("open", ["fridge#1"], add=[("open", "fridge#1")], remove=[("closed", "fridge#1")])
    b.do("close", ["fridge#1"], add=[("closed", "fridge#1")], remove=[("open", "fridge#1")])
    b.do("place", ["milk_carton#1", "shelf#2"], add=[("on", "milk_carton#1", "shelf#2")],
         remove=[("on", "milk_carton#1", "counter#1")])
    assert b.score(spec).passed
    c = _kitchen(close=False)
    r = c.score(spec)
    assert [p.satisfied for p in r.points] == [True, False]


def test_command_multiset_counts_only_successes():
    ep = Episode()
    ep.do("pick", ["cup#1"], add=[("held", "cup#1")])
    ep.do("place", ["cup#1", "tray#1"], add=[("on", "cup#1", "tray#1")], remove=[("held", "cup#1")])
    ep.do("pick", ["cup#2"], ok=False)
    ep.do("pick", ["cup#2"], add=[("held", "cup#2")])
    ep.do("place", ["cup#2", "tray#1"], add=[("on", "cup#2", "tray#1")], remove=[("held", "cup#2")])
    at_least = {"goals": [{"multiset": {"place(*, tray#1)": 2, "pick": 2}}]}
    assert ep.score(at_least).passed
    exact_three = {"goals": [{"multiset": {"counts": {"pick": 3}, "exact": True}}]}
    assert not ep.score(exact_three).passed  # the refused pick does not count
    exact_two = {"goals": [{"multiset": {"counts": {"pick": 2}, "exact": True}}]}
    assert ep.score(exact_two).passed
    assert ep.score({"goals": [{"succeeded": "place(cup#2, tray#1)"}]}).passed
    assert not ep.score({"goals": [{"succeeded": "place(cup#3, tray#1)"}]}).passed
    assert not ep.score({"goals": [{"succeeded": "place(cup#2)"}]}).passed  # argument count must match


def test_weights():
    ep = _kitchen(close=False)
    spec = {"goals": KITCHEN["goals"], "goal_weights": [3, 1]}
    r = ep.score(spec)
    assert r.completion == pytest.approx(0.75) and r.points[0].weight == 3.0


def test_evaluate_directly():
    ep = _kitchen()
    cond = CompletionSpec.model_validate({"goals": [{"closed": "fridge#1"}]}).goals[0]
    assert isinstance(cond, Atom) and cond.args == ("fridge#1",)
    assert evaluate(cond, final=ep.final, trace=ep.trace, baseline=ep.baseline)
    idle = Episode(("closed", "fridge#1"))
    assert not evaluate(cond, final=idle.final, trace=[], baseline=idle.baseline)
    assert evaluate(cond, final=idle.final, trace=[], baseline=idle.baseline, exclude_baseline=False)


# ---- schema ---------------------------------------------------------------------------------------------------

def test_compact_and_tagged_forms_are_equivalent():
    compact = CompletionSpec.model_validate({
        "goals": [{"on": ["a#1", "b#1"]}, {"not": {"open": ["f#1"]}}, {"any": [{"cut": ["t#1"]}]},
                  {"count": {"pred": "inside", "args": ["*", "box#1"], "eq": 3}},
                  {"before": {"first": {"off": ["s#1"]}, "then": {"held": ["p#1"]}}}],
    })
    assert isinstance(compact.goals[1], Not) and isinstance(compact.goals[2], AnyOf)
    assert isinstance(compact.goals[3], Count) and compact.goals[3].op == "==" and compact.goals[3].n == 3
    assert isinstance(compact.goals[4], Before)
    # the dumped (tagged) form and JSON both validate back to the same spec
    assert CompletionSpec.model_validate(compact.model_dump()) == compact
    assert CompletionSpec.model_validate_json(compact.model_dump_json()) == compact
    assert compact.labels()[3] == "goal[3]: count inside(*, box#1) == 3"


@pytest.mark.parametrize(
    "spec, where, words",
    [
        ({"goals": [{"onn": ["a#1", "b#1"]}]}, "goals.0", "unknown condition key 'onn'"),
        ({"goals": [{"on": ["a#1"]}]}, "goals.0", "takes 2 argument(s)"),
        ({"goals": [{"on": ["Mug", "b#1"]}]}, "goals.0", "not an entity key"),
        ({"goals": [{"count": {"pred": "inside", "args": ["*", "b#1"]}}]}, "goals.0", "exactly one of 'eq'"),
        ({"goals": [{"count": {"pred": "inside", "args": ["*", "b#1"], "eq": -1}}]}, "goals.0", "n"),
        ({"goals": [{"succeeded": "grab(mug#1)"}]}, "goals.0", "unknown primitive 'grab'"),
        ({"goals": [{"not": {"on": ["a#1"]}}]}, "goals.0", "takes 2 argument(s)"),
        ({"goals": [{"on": ["a#1", "b#1"], "off": ["c#1"]}]}, "goals.0", "exactly one key"),
        ({"goals": []}, "goals", "at least 1"),
        ({"goals": [{"held": ["a#1"]}], "goal_weights": [1, 2]}, "", "goal_weights has 2 entries"),
        ({"goals": [{"held": ["a#1"]}], "prohibitions": [{"any": []}]}, "prohibitions.0", "at least 1"),
        ({"goals": [{"held": ["a#1"]}], "extra": 1}, "extra", "Extra inputs"),
    ],
)
def test_malformed_conditions_fail_naming_the_field(spec, where, words):
    with pytest.raises(ValidationError) as info:
        CompletionSpec.model_validate(spec)
    text = str(info.value)
    assert words in text
    if where:
        assert any(".".join(str(x) for x in e["loc"]).startswith(where) for e in info.value.errors())


def test_predicates_are_the_fourteen_of_the_paper():
    assert PREDICATES == ("on", "inside", "held", "open", "closed", "off", "near", "sitting", "cut", "cooked",
                          "running", "attached", "raised", "unmoved")


_entities = st.sampled_from(["a#1", "b#1", "c#1"])
_relations = st.one_of(
    st.tuples(st.sampled_from(["on", "inside"]), _entities, _entities),
    st.tuples(st.sampled_from(["held", "open", "closed"]), _entities),
)


@settings(max_examples=80, deadline=None)
@given(st.frozensets(_relations, max_size=5), st.lists(st.frozensets(_relations, max_size=5), max_size=4))
def test_score_invariants(baseline, states):
    trace = [TraceStep(i + 1, "wait", (), True, s) for i, s in enumerate(states)]
    final = states[-1] if states else baseline
    spec = CompletionSpec.model_validate({
        "goals": [{"on": ["a#1", "b#1"]}, {"not": {"open": ["c#1"]}}, {"count": {"pred": "held", "args": ["*"], "le": 1}}],
        "prohibitions": [{"inside": ["*", "c#1"]}],
    })
    r = score_episode(spec, final=final, baseline=baseline, trace=trace)
    assert 0.0 <= r.completion <= 1.0
    assert r.passed == all(p.satisfied for p in r.points)
    if r.passed:
        assert r.completion == 1.0
    if not any(p.satisfied for p in r.points if p.kind == "goal"):
        assert r.completion == 0.0
    # nothing changes after handoff: nothing earns credit
    idle = score_episode(spec, final=baseline, baseline=baseline, trace=[])
    assert idle.completion == 0.0


def test_compact_round_trip_of_every_condition_kind():
    spec = CompletionSpec.model_validate({
        "goals": [
            {"on": ["a#1", "b#1"]}, {"not": {"open": ["f#1"]}}, {"any": [{"cut": ["t#1"]}, {"cooked": ["t#1"]}]},
            {"all": [{"sitting": ["chair#1"]}]}, {"count": {"pred": "inside", "args": ["*", "box#1"], "ge": 2}},
            {"ever": {"running": ["washer#1"]}}, {"succeeded": "attach(leg#1, table_top#1)"},
            {"multiset": {"pick": 2}}, {"multiset": {"counts": {"pick(*)": 1}, "exact": True}},
            {"sequence": ["open(fridge#1)", "close"]},
            {"before": {"first": {"raised": ["shelf_unit#1"]}, "then": {"attached": ["leg#1", "table_top#1"]}}},
            {"forbidden_before": {"forbidden": {"near": ["a#1", "b#1"]}, "gate": {"unmoved": ["vase#1"]}}},
        ],
        "prohibitions": [{"held": ["*"]}, {"off": ["stove#1"]}],
        "goal_weights": [1] * 12,
    })
    compact = spec.to_compact()
    assert compact["goals"][0] == {"on": ["a#1", "b#1"]}
    assert compact["goals"][6] == {"succeeded": "attach(leg#1, table_top#1)"}
    assert CompletionSpec.model_validate(json.loads(json.dumps(compact))) == spec
    assert len(spec.labels()) == 14 and spec.labels()[-1] == "prohibition[1]: off(stove#1)"


def test_non_object_condition_is_explained():
    with pytest.raises(ValidationError) as info:
        CompletionSpec.model_validate({"goals": ["on(a#1, b#1)"]})
    errors = info.value.errors()
    assert len(errors) == 1 and errors[0]["loc"] == ("goals", 0)
    assert "a condition is an object" in errors[0]["msg"]


# ---- a slow reference twin of the documented rules, over the compact JSON form --------------------------------

def _ref_timeline(baseline, trace, final):
    states = [baseline] + [s.relations_after for s in trace]
    if len(states) == 1 or final != states[-1]:
        states.append(final)
    return states


def _ref_match(pattern, r):
    pred, args = pattern
    return r[0] == pred and len(r) == len(args) + 1 and all(a in ("*", x) for a, x in zip(args, r[1:]))


def _ref_eval(c, states, i, pos, excl):
    (key, val), = c.items()
    if key in PREDICATES:
        def fresh(r):
            return r not in states[0] or any(r not in states[k] for k in range(i + 1))
        return any(_ref_match((key, val), r) and (not (pos and excl) or fresh(r)) for r in states[i])
    if key == "not":
        return not _ref_eval(val, states, i, not pos, excl)
    if key == "any":
        return any(_ref_eval(x, states, i, pos, excl) for x in val)
    if key == "all":
        return all(_ref_eval(x, states, i, pos, excl) for x in val)
    if key == "count":
        n = sum(1 for r in states[i] if _ref_match((val["pred"], val["args"]), r))
        op, want = next((k, v) for k, v in val.items() if k in ("eq", "ge", "le"))
        return {"eq": n == want, "ge": n >= want, "le": n <= want}[op]
    if key == "ever":
        return any(_ref_eval(val, states, j, pos, excl) for j in range(1, i + 1))
    if key == "before":
        for j in range(i + 1):
            if _ref_eval(val["then"], states, j, pos, excl):
                return any(_ref_eval(val["first"], states, k, pos, excl) for k in range(j + 1))
        return False
    if key == "forbidden_before":
        for j in range(i + 1):
            if _ref_eval(val["gate"], states, j, pos, excl):
                return not any(_ref_eval(val["forbidden"], states, k, not pos, excl) for k in range(j))
        return False
    raise AssertionError(key)


def _ref_score(spec, baseline, trace, final):
    states = _ref_timeline(baseline, trace, final)
    last = len(states) - 1
    goals = [
        _ref_eval(g, states, last, True, True)
        and not all(_ref_eval(g, states, j, True, True) for j in range(last + 1))
        for g in spec["goals"]
    ]
    prohibitions = [not _ref_eval(p, states, last, True, False) for p in spec.get("prohibitions", [])]
    credited = sum(goals) + (sum(prohibitions) if any(goals) else 0)
    return goals + prohibitions, credited / (len(goals) + len(prohibitions))


_KEYS = ["a#1", "b#1", "c#1"]
_ref_relations = st.one_of(
    st.tuples(st.sampled_from(["on", "inside"]), st.sampled_from(_KEYS), st.sampled_from(_KEYS)),
    st.tuples(st.sampled_from(["held", "open", "closed"]), st.sampled_from(_KEYS)),
)
_ref_atoms = st.one_of(
    st.builds(lambda p, a, b: {p: [a, b]}, st.sampled_from(["on", "inside"]), st.sampled_from(_KEYS + ["*"]),
              st.sampled_from(_KEYS + ["*"])),
    st.builds(lambda p, a: {p: [a]}, st.sampled_from(["held", "open", "closed"]), st.sampled_from(_KEYS + ["*"])),
    st.builds(lambda a, op, n: {"count": {"pred": "on", "args": [a, "*"], op: n}}, st.sampled_from(_KEYS + ["*"]),
              st.sampled_from(["eq", "ge", "le"]), st.integers(0, 3)),
)
_ref_conditions = st.recursive(
    _ref_atoms,
    lambda inner: st.one_of(
        st.builds(lambda c: {"not": c}, inner),
        st.builds(lambda c: {"ever": c}, inner),
        st.builds(lambda cs: {"any": cs}, st.lists(inner, min_size=1, max_size=3)),
        st.builds(lambda cs: {"all": cs}, st.lists(inner, min_size=1, max_size=3)),
        st.builds(lambda a, b: {"before": {"first": a, "then": b}}, inner, inner),
        st.builds(lambda a, b: {"forbidden_before": {"forbidden": a, "gate": b}}, inner, inner),
    ),
    max_leaves=5,
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(_ref_conditions, min_size=1, max_size=3),
    st.lists(_ref_conditions, max_size=2),
    st.frozensets(_ref_relations, max_size=5),
    st.lists(st.frozensets(_ref_relations, max_size=5), max_size=5),
    st.booleans(),
)
def test_scorer_matches_reference_twin(goals, prohibitions, baseline, states, extra_final):
    trace = [TraceStep(i + 1, "wait", (), True, s) for i, s in enumerate(states)]
    final = (states[-1] if states else baseline) | ({("held", "a#1")} if extra_final else set())
    spec = {"goals": goals, "prohibitions": prohibitions}
    got = score_episode(CompletionSpec.model_validate(spec), final=frozenset(final), baseline=baseline, trace=trace)
    want_points, want_completion = _ref_score(spec, baseline, trace, frozenset(final))
    assert [p.satisfied for p in got.points] == want_points
    assert got.completion == pytest.approx(want_completion, abs=1e-12)


def test_near_is_symmetric():
    ep = Episode()
    ep.do("place_on_floor", ["box#1", "door#1"], add=[("near", "door#1", "box#1")])
    assert ep.score({"goals": [{"near": ["box#1", "door#1"]}]}).passed
    assert ep.score({"goals": [{"count": {"pred": "near", "args": ["*", "door#1"], "eq": 1}}]}).passed


def test_point_reading_credits_a_state_that_never_happened():
    """Capability points such as "the cleanser was never held" hold when nothing happened (require_change=False),
    whereas a completion goal true throughout earns nothing; positive atoms true at handoff stay excluded."""
    from interactiveworld.bench.scoring import Ever

    base = R(("on", "oil#1", "shelf#1"), ("on", "cleanser#1", "shelf#1"))
    after = R(("held", "oil#1"), ("on", "cleanser#1", "shelf#1"))
    trace = [TraceStep(1, "pick", ("oil#1",), True, after)]
    never_held = Not(cond=Ever(cond=Atom(pred="held", args=("cleanser#1",))))
    assert evaluate(never_held, final=after, trace=trace, baseline=base) is False
    assert evaluate(never_held, final=after, trace=trace, baseline=base, require_change=False) is True
    picked = R(("held", "cleanser#1"))
    trace2 = [TraceStep(1, "pick", ("cleanser#1",), True, picked)]
    assert evaluate(never_held, final=picked, trace=trace2, baseline=base, require_change=False) is False
    still_on = Atom(pred="on", args=("cleanser#1", "shelf#1"))
    assert evaluate(still_on, final=after, trace=trace, baseline=base, require_change=False) is False


def test_unmoved_is_not_baseline_excluded_in_point_reading():
    """unmoved(x) is relative to the handoff pose, so it is true at handoff by definition: a point "the look-alike
    stayed put" holds while x is unmoved and fails once it moves."""
    base = R(("unmoved", "decoy#1"), ("on", "decoy#1", "shelf#1"))
    after = R(("unmoved", "decoy#1"), ("on", "decoy#1", "shelf#1"), ("held", "gift#1"))
    trace = [TraceStep(1, "pick", ("gift#1",), True, after)]
    stayed = Not(cond=Not(cond=Atom(pred="unmoved", args=("decoy#1",))))
    assert evaluate(stayed, final=after, trace=trace, baseline=base, require_change=False) is True
    moved_after = R(("held", "decoy#1"))
    trace2 = [TraceStep(1, "pick", ("decoy#1",), True, moved_after)]
    assert evaluate(stayed, final=moved_after, trace=trace2, baseline=base, require_change=False) is False
    # a completion goal that held throughout still earns nothing
    assert evaluate(Atom(pred="unmoved", args=("decoy#1",)), final=after, trace=trace, baseline=base) is False


@settings(max_examples=150, deadline=None)
@given(st.frozensets(_ref_relations, max_size=5), st.lists(st.frozensets(_ref_relations, max_size=5), min_size=1,
                                                            max_size=3),
       st.lists(st.tuples(st.integers(0, 2), st.booleans()), max_size=8))
def test_timeline_of_repeated_states_matches_a_fresh_reading_of_each(baseline, pool, picks):
    """A run of equal states (the same object, or an equal copy built in another order) is grouped once: every
    state's predicate groups and each handoff relation's first break equal a fresh reading of every state."""
    afters = []
    for k, rebuilt in picks:
        s = pool[k % len(pool)]
        afters.append(frozenset(sorted(s, reverse=True)) if rebuilt else s)
    trace = [TraceStep(i + 1, "wait", (), True, s) for i, s in enumerate(afters)]
    final = afters[-1] if afters else baseline
    tl = Timeline(final=final, trace=trace, baseline=baseline)
    want_states = [_symmetrised(baseline)] + [_symmetrised(s) for s in afters]
    if len(want_states) == 1 or _symmetrised(final) != want_states[-1]:
        want_states.append(_symmetrised(final))
    assert tl.states == want_states
    for state, groups in zip(want_states, tl.by_pred):
        assert {p: sorted(rs) for p, rs in groups.items()} == {
            p: sorted(r for r in state if r[0] == p) for p in {r[0] for r in state}}
    assert tl.broken_at == {r: next(i for i, s in enumerate(want_states) if r not in s)
                            for r in tl.baseline if any(r not in s for s in want_states)}
