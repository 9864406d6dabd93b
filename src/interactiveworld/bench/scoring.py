"""The goal checker: strict pass, completion and per-point labels from relations and the command trace.

Paper appendix B.3.2 ("Scoring") and C.3.1; DESIGN.md "Metrics". The scorer is a pure function of

* ``baseline``: the ground relations at handoff (after the opening), as read back from geometry;
* ``trace``: one :class:`TraceStep` per executed command after handoff (refused ones included), each with the
  relations read back after it;
* ``final``: the relations of the settled world when the episode stopped.

It never looks at geometry or dialogue; an Assistant's ``done`` is not an input, so it cannot make anything
true.

**Timeline.** State 0 is the baseline; state *i* is the relations after trace step *i*; ``final`` is appended
as a last state when it differs from the last step's relations (or the trace is empty). A state condition
"holds at tick *i*" when it is true of state *i*; a command condition holds at tick *i* when a matching
command succeeded at some step <= *i*.

**Baseline exclusion** (goals only; paper: "Predicates already true before handoff are baseline-excluded, so
agents receive no credit for the initial state"):

1. Relation level. A ground relation true at handoff supports a positive atom only from the first tick at
   which it was false (the agent broke it and re-established it, e.g. opened then closed a fridge that was
   closed at handoff). Negated atoms and counts read the physical state as it is.
2. Point level. A goal that already held at handoff (under rule 1) and held at every later tick earns no
   credit (e.g. ``not open(fridge#1)`` when the fridge was never opened).

A point that would hold physically but earns no credit under these rules is reported with
``baseline_excluded = True``.

The ``received`` record (:class:`~.conditions.Received`: what was poured into or onto an entity, in order) is
history, not a relation that can be broken and re-established: rule 1 does not apply to it, rule 2 does.

**Ordering gates.** ``before(first, then)`` holds when ``then`` holds at some tick and ``first`` held at a
tick no later than the first such tick; ``forbidden_before(forbidden, gate)`` holds when ``gate`` holds at some
tick and ``forbidden`` held at no tick strictly before the first such tick. Both are unmet while their gate has
never held, so an idle episode cannot satisfy them. Under these rules a reversed order fails even when the
final state is the same.

``near`` is symmetric: ``near(a, b)`` is met by a relation reported in either order.

``unmoved`` is true at handoff for every object, so it belongs in prohibitions (``not unmoved(vase#1)``), not
in goals.

**Prohibitions** are conditions that must *not* hold at the end (``held(*)``: nothing may be held;
``not unmoved(vase#1)``: the vase must not be moved; ``ever on(knife#1, stove#1)``: never at any tick). They
read the physical state as it is, with no baseline exclusion.

**Completion** is the weighted fraction of evaluation points met, where the points are the goals and the
prohibitions (weight 1 each unless ``goal_weights`` / ``prohibition_weights`` say otherwise). A respected
prohibition earns its weight only when at least one goal earned credit, so an episode that achieves nothing
scores 0 however carefully it avoided harm. **Strict pass** requires every goal to earn credit and no
prohibition to be violated.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Sequence

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..env_types import Relation
from .conditions import (
    PREDICATES,
    RECEIVED,
    WILDCARD,
    AllOf,
    AnyOf,
    Atom,
    Before,
    CommandMultiset,
    CommandSequence,
    CommandSucceeded,
    Condition,
    Count,
    Ever,
    ForbiddenBefore,
    Not,
    Soiled,
    Received,
    describe,
    to_compact,
)

__all__ = [
    "walked_m",
    "PREDICATES",
    "Condition",
    "Atom",
    "Not",
    "AnyOf",
    "AllOf",
    "Count",
    "Ever",
    "Soiled",
    "CommandSucceeded",
    "CommandMultiset",
    "CommandSequence",
    "Before",
    "ForbiddenBefore",
    "describe",
    "to_compact",
    "CompletionSpec",
    "TraceStep",
    "PointResult",
    "ScoreResult",
    "Timeline",
    "evaluate",
    "score_episode",
]


class CompletionSpec(BaseModel):
    """What a TaskPack counts as done (DESIGN.md "TaskPack": positive goals, prohibitions, exact counts,
    alternatives, ordering gates and forbidden-before constraints).

    Attributes:
        goals: conditions that must hold (at least one).
        prohibitions: conditions that must not hold (see the module docstring).
        goal_weights, prohibition_weights: one positive weight per point; None means 1 each.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    goals: tuple[Condition, ...] = Field(description=(
        "Conditions that must hold at the end (at least one), baseline-excluded: a goal already true at handoff "
        "earns nothing unless broken and re-established. A condition is a compact object such as "
        "{\"on\": [\"mug#1\", \"table#1\"]} or {\"not\": C}, {\"any\": [...]}, {\"count\": {...}}, "
        "{\"before\": {...}} (module interactiveworld.bench.conditions)."))
    prohibitions: tuple[Condition, ...] = Field(default=(), description=(
        "Conditions that must NOT hold at the end, read as the physical state is (e.g. {\"held\": \"*\"}: nothing "
        "held; {\"not\": {\"unmoved\": \"vase#1\"}}: the vase must not be moved); any violated fails the strict "
        "pass."))
    goal_weights: tuple[float, ...] | None = Field(default=None, description=(
        "One positive weight per goal for the completion fraction, or null for 1 each."))
    prohibition_weights: tuple[float, ...] | None = Field(default=None, description=(
        "One positive weight per prohibition, or null for 1 each."))

    @field_validator("goals")
    @classmethod
    def _some_goal(cls, v: tuple) -> tuple:
        # checked here rather than with min_length, which would also fire when an item failed
        if not v:
            raise ValueError("at least 1 goal is required")
        return v

    @model_validator(mode="after")
    def _weights(self) -> "CompletionSpec":
        for name, conds, weights in (
            ("goal_weights", self.goals, self.goal_weights),
            ("prohibition_weights", self.prohibitions, self.prohibition_weights),
        ):
            if weights is None:
                continue
            if len(weights) != len(conds):
                raise ValueError(f"{name} has {len(weights)} entries for {len(conds)} conditions")
            if any(not (w > 0) for w in weights):
                raise ValueError(f"{name} must all be positive")
        return self

    def to_compact(self) -> dict[str, Any]:
        """The spec in the compact JSON form TaskPack authors write (validates back to an equal spec)."""
        out: dict[str, Any] = {"goals": [to_compact(c) for c in self.goals]}
        if self.prohibitions:
            out["prohibitions"] = [to_compact(c) for c in self.prohibitions]
        if self.goal_weights is not None:
            out["goal_weights"] = list(self.goal_weights)
        if self.prohibition_weights is not None:
            out["prohibition_weights"] = list(self.prohibition_weights)
        return out

    def labels(self) -> list[str]:
        """The evaluation-point labels in scoring order."""
        return [f"goal[{i}]: {describe(c)}" for i, c in enumerate(self.goals)] + [
            f"prohibition[{i}]: {describe(c)}" for i, c in enumerate(self.prohibitions)
        ]


def walked_m(keyframes: Sequence[Any]) -> float:
    """Horizontal path length of the body root over a command's keyframes [m] (:attr:`TraceStep.walked_m`, the
    Planning evaluator's route term, paper appendix C.3.1).

    Args:
        keyframes: the command interval's keyframes, each with ``body_translation`` (shape (3,), metres).

    In Python floats: the same IEEE operations as on numpy float64 scalars (``** 0.5`` is ``pow`` in both, not
    ``sqrt``), so the same sum, without a numpy scalar per operation."""
    xy = [kf.body_translation.tolist()[:2] for kf in keyframes]
    total = 0.0
    for (ax, ay), (bx, by) in zip(xy, xy[1:]):
        total += ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    return total


@dataclass(frozen=True)
class TraceStep:
    """One executed command after handoff.

    Attributes:
        tick: the loop tick of the command.
        primitive: canonical primitive name, or None when the command did not parse.
        targets: the resolved scene entity keys of the command in argument order (``CompiledCommand.targets``:
            symbolic arguments such as connectors are not included).
        ok: True when the primitive succeeded (postcondition read back).
        relations_after: all ground relations after the command settled.
        reply_to: the tick of the Assistant intervention this command answers (it came from the action block
            the Human returned in that tick, in reply to the new instruction); None for the Human's own
            commands (its private plan or initiative).
        walked_m: metres the Human's root moved in the horizontal plane during the command.
    """

    tick: int
    primitive: str | None
    targets: tuple[str, ...]
    ok: bool
    relations_after: frozenset[Relation]
    reply_to: int | None = None
    walked_m: float = 0.0


@dataclass(frozen=True)
class PointResult:
    """One evaluation point.

    Attributes:
        label: ``"goal[0]: on(invoice_card#2, approval_desk#1)"``.
        kind: ``"goal"`` or ``"prohibition"``.
        satisfied: goal: earned credit; prohibition: not violated.
        baseline_excluded: a goal that holds physically but earns no credit because it was already true at
            handoff (always False for prohibitions).
        weight: the point's weight.
        credited: whether the point's weight counts towards completion.
    """

    label: str
    kind: str
    satisfied: bool
    baseline_excluded: bool
    weight: float = 1.0
    credited: bool = False


@dataclass(frozen=True)
class ScoreResult:
    """Strict pass, completion in [0, 1] and the evaluation points."""

    passed: bool
    completion: float
    points: list[PointResult]

    def to_dict(self) -> dict[str, Any]:
        return {
            "passed": int(self.passed),
            "completion": self.completion,
            "points": [asdict(p) for p in self.points],
        }


SYMMETRIC = frozenset({"near"})
"""Predicates read as symmetric: ``near(a, b)`` matches a relation reported as ``("near", b, a)`` too."""


def _symmetrised(state: frozenset[Relation]) -> frozenset[Relation]:
    extra = {(r[0], r[2], r[1]) for r in state if len(r) == 3 and r[0] in SYMMETRIC}
    return state | extra if extra else state


class Timeline:
    """States, commands and relation freshness of one episode, with memoised evaluation."""

    def __init__(self, *, final: frozenset[Relation], trace: Sequence[TraceStep], baseline: frozenset[Relation]):
        self.baseline = _symmetrised(frozenset(baseline))
        self.states: list[frozenset[Relation]] = [self.baseline]
        self.commands: list[TraceStep | None] = [None]
        # most commands change no relation: a state equal to the one before, in the same iteration order, is that
        # state's object, so it is symmetrised, grouped and scanned for broken handoff relations once
        read: frozenset[Relation] | None = None
        for step in trace:
            after = frozenset(step.relations_after)
            if read is None or not (after is read or (after == read and list(after) == list(read))):
                read, state = after, _symmetrised(after)
            self.states.append(state)
            self.commands.append(step)
        final = _symmetrised(frozenset(final))
        if len(self.states) == 1 or final != self.states[-1]:
            self.states.append(final)
            self.commands.append(None)
        self.last = len(self.states) - 1
        # relations of each state grouped by predicate, so atoms scan only their own predicate
        self.by_pred: list[dict[str, list[Relation]]] = []
        prev: frozenset[Relation] | None = None
        for state in self.states:
            if state is not prev:
                groups: dict[str, list[Relation]] = {}
                for r in state:
                    if r:
                        groups.setdefault(r[0], []).append(r)
                prev = state
            self.by_pred.append(groups)
        # first tick at which each handoff relation was false
        self.broken_at: dict[Relation, int] = {}
        prev = None
        for i, state in enumerate(self.states):
            if state is prev:  # the same relations as at i - 1: nothing breaks here
                continue
            prev = state
            for r in self.baseline:
                if r not in state and r not in self.broken_at:
                    self.broken_at[r] = i
        self._memo: dict[tuple[int, int, bool, bool], bool] = {}

    def fresh(self, r: Relation, i: int) -> bool:
        # ``unmoved`` is defined against the handoff pose, so it is true at handoff by construction: excluding
        # it would make "the look-alike stayed put" unprovable.
        if r[0] == "unmoved":
            return True
        return r not in self.baseline or self.broken_at.get(r, self.last + 1) <= i

    @staticmethod
    def _match(pred: str, args: tuple[str, ...], r: Relation) -> bool:
        return (
            len(r) == len(args) + 1
            and r[0] == pred
            and all(a == WILDCARD or a == x for a, x in zip(args, r[1:]))
        )

    def ok_commands(self, i: int) -> list[TraceStep]:
        return [c for c in self.commands[1 : i + 1] if c is not None and c.ok]

    def holds(self, cond: BaseModel, i: int, *, positive: bool = True, exclude: bool = True) -> bool:
        key = (id(cond), i, positive, exclude)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = self._holds(cond, i, positive, exclude)
        return got

    def _holds(self, cond: BaseModel, i: int, positive: bool, exclude: bool) -> bool:
        if isinstance(cond, Atom):
            return any(
                self._match(cond.pred, cond.args, r) and (not (exclude and positive) or self.fresh(r, i))
                for r in self.by_pred[i].get(cond.pred, ())
            )
        if isinstance(cond, Soiled):  # the relation ("soiled", surface, kind), matched like an atom
            return any(
                self._match("soiled", (cond.surface, cond.soil), r) and (not (exclude and positive) or self.fresh(r, i))
                for r in self.by_pred[i].get("soiled", ())
            )
        if isinstance(cond, Not):
            return not self.holds(cond.cond, i, positive=not positive, exclude=exclude)
        if isinstance(cond, AnyOf):
            return any(self.holds(c, i, positive=positive, exclude=exclude) for c in cond.conds)
        if isinstance(cond, AllOf):
            return all(self.holds(c, i, positive=positive, exclude=exclude) for c in cond.conds)
        if isinstance(cond, Count):
            n = sum(1 for r in self.by_pred[i].get(cond.pred, ()) if self._match(cond.pred, cond.args, r))
            return {"==": n == cond.n, ">=": n >= cond.n, "<=": n <= cond.n}[cond.op]
        if isinstance(cond, Ever):
            return any(self.holds(cond.cond, j, positive=positive, exclude=exclude) for j in range(1, i + 1))
        if isinstance(cond, CommandSucceeded):
            return any(cond.command.matches(c.primitive, tuple(c.targets)) for c in self.ok_commands(i))
        if isinstance(cond, CommandMultiset):
            done = self.ok_commands(i)
            for pattern, n in cond.counts:
                got = sum(1 for c in done if pattern.matches(c.primitive, tuple(c.targets)))
                if got < n or (cond.exact and got != n):
                    return False
            return True
        if isinstance(cond, CommandSequence):
            k = 0
            for c in self.ok_commands(i):
                if k < len(cond.steps) and cond.steps[k].matches(c.primitive, tuple(c.targets)):
                    k += 1
            return k == len(cond.steps)
        if isinstance(cond, Received):
            # the record relation is history: read as it is (see Received), whatever the sign or exclusion
            record = next((tuple(r[2:]) for r in self.by_pred[i].get(RECEIVED, ()) if r[1:2] == (cond.entity,)),
                          ())  # no relation: the entity received nothing
            return cond.matches(record)
        if isinstance(cond, Before):
            gate = next((j for j in range(i + 1) if self.holds(cond.then, j, positive=positive, exclude=exclude)),
                        None)
            if gate is None:
                return False
            return any(self.holds(cond.first, k, positive=positive, exclude=exclude) for k in range(gate + 1))
        if isinstance(cond, ForbiddenBefore):
            gate = next((j for j in range(i + 1) if self.holds(cond.gate, j, positive=positive, exclude=exclude)),
                        None)
            if gate is None:
                return False
            return not any(
                self.holds(cond.forbidden, k, positive=not positive, exclude=exclude) for k in range(gate)
            )
        raise TypeError(f"not a condition: {cond!r}")

    def goal(self, cond: BaseModel) -> tuple[bool, bool]:
        """(earns credit, baseline-excluded) for a goal condition."""
        physical = self.holds(cond, self.last, exclude=False)
        fresh = self.holds(cond, self.last)
        credited = fresh and not all(self.holds(cond, j) for j in range(self.last + 1))
        return credited, physical and not credited

    def violated(self, cond: BaseModel) -> bool:
        return self.holds(cond, self.last, exclude=False)


def evaluate(
    cond: Condition,
    *,
    final: frozenset[Relation],
    trace: Sequence[TraceStep],
    baseline: frozenset[Relation],
    exclude_baseline: bool = True,
    require_change: bool = True,
) -> bool:
    """Whether a condition holds at the end of an episode.

    With ``exclude_baseline`` (the default) this is goal semantics: True when the condition earns credit
    under the baseline-exclusion rules of the module docstring. With it False, the condition is read on the
    physical state as it is (prohibition semantics, before negation).

    ``require_change=False`` keeps the baseline exclusion of positive atoms but drops the rule that a
    condition true at every tick since handoff earns nothing: the reading for capability evaluation points
    such as "the cleanser was never held", whose success is precisely that nothing happened.
    """
    tl = Timeline(final=final, trace=trace, baseline=baseline)
    if not exclude_baseline:
        return tl.violated(cond)
    if not require_change:
        return tl.holds(cond, tl.last)
    return tl.goal(cond)[0]


def score_episode(
    spec: CompletionSpec,
    *,
    final: frozenset[Relation],
    baseline: frozenset[Relation],
    trace: Sequence[TraceStep],
) -> ScoreResult:
    """Score one episode (rules in the module docstring).

    Returns:
        :class:`ScoreResult` with ``passed`` (strict: every goal earns credit and no prohibition is violated),
        ``completion`` in [0, 1] and one :class:`PointResult` per goal, then per prohibition.
    """
    tl = Timeline(final=final, trace=trace, baseline=baseline)
    gw = spec.goal_weights or (1.0,) * len(spec.goals)
    pw = spec.prohibition_weights or (1.0,) * len(spec.prohibitions)
    labels = spec.labels()
    points: list[PointResult] = []
    for i, cond in enumerate(spec.goals):
        credited, excluded = tl.goal(cond)
        points.append(PointResult(labels[i], "goal", credited, excluded, float(gw[i]), credited))
    any_goal = any(p.credited for p in points)
    for i, cond in enumerate(spec.prohibitions):
        respected = not tl.violated(cond)
        points.append(PointResult(labels[len(spec.goals) + i], "prohibition", respected, False, float(pw[i]),
                                  respected and any_goal))
    total = sum(p.weight for p in points)
    completion = sum(p.weight for p in points if p.credited) / total
    passed = all(p.satisfied for p in points)
    return ScoreResult(passed=passed, completion=float(min(1.0, max(0.0, completion))), points=points)
