"""Family evaluators and intervention windows: strict pass ``s_t`` and completion ``c_t`` of a task.

Paper appendix C.3.1 (each task is scored by its source-family evaluator) and the catalog's "Evaluator
validation" columns (Tables 7-12). Every evaluator starts from the goal checker of :mod:`.scoring` (goals,
prohibitions, baseline exclusion) and adds what its family verifies:

=================  ============================  ===================================================================
evaluator          family (default)              strict pass ``s`` / completion ``c``
=================  ============================  ===================================================================
``state_score``    Guidance, Decision, Finding   ``s``: every goal credited, no prohibition violated, every window
                                                 held; ``c``: weighted fraction of goal, prohibition and window
                                                 points (a respected prohibition or held window earns its weight
                                                 only when some goal earned credit)
``watch_binary``   Prevention (Table 11)         ``s`` as above; ``c = s`` (MCR in {0, 1}): the hazard never
                                                 happened and the safe remainder of the plan completed
``cfss``           Accessibility (Table 9)       CFSS-StateScore with its state-transition gates (STG): ``s`` also
                                                 needs every gate; ``c`` is the state score when every gate holds
                                                 and 0 when one was broken
``plan_score``     Planning (Table 8)            order terms (ordering gates between subgoals) are further points of
                                                 ``c`` and required by ``s``; the route term (metres walked up to
                                                 stable completion) is reported beside, never folded into ``c``
=================  ============================  ===================================================================

**Intervention windows** (``intervention_windows`` of a TaskPack; appendix C.1.2 "WATCH intervention
windows"). A window names the plan step before which the Assistant must intervene (``deadline``), the
commands that repair the error (``fix``) and the step after which the error is live (``opens``; handoff when
absent). The hazard *happened* when the deadline command succeeded before every fix command had succeeded
after the window opened (with no fix: when the deadline command succeeded at all). A window whose hazard
did not happen is *held*; every evaluator requires its windows held. How early and with what words the
Assistant intervened is a capability question (:mod:`.capabilities`), not part of ``s`` or ``c``.

Times are loop ticks: the Assistant speaks at the start of a tick and the tick's command runs after it.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Annotated, Any, Literal, Sequence, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .conditions import CommandPattern, Condition, describe
from .families import Family
from .scoring import CompletionSpec, PointResult, Timeline, TraceStep, score_episode
from .speech import Value

__all__ = ["InterventionWindow", "StateScore", "WatchBinary", "CFSS", "PlanScore", "Evaluator",
           "FAMILY_EVALUATOR", "default_evaluator", "WindowOutcome", "window_outcome", "TaskScore",
           "evaluate_task", "stable_completion_index", "route_metres"]


class _Model(BaseModel):
    # A string literal under a field is its description in the JSON Schema (``iw-eval schema``).
    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)


class InterventionWindow(_Model):
    """When the Assistant must intervene, and what repairs the error (see the module docstring).

    Attributes:
        id: referenced by capability points (``{"kind": "window", "window": id}``).
        hazard: what goes wrong without an intervention, in words (for reports).
        opens: the command after whose success the error is live; None = at handoff.
        deadline: the plan step the Assistant must pre-empt; its success with the fix incomplete is the hazard.
        fix: commands that repair the error; each must succeed after the window opened and before the deadline.
        cue: what an intervention must say to name the error (any one value, :class:`~.speech.Value`).
    """

    id: str = Field(min_length=1, pattern=r"^[a-z0-9][a-z0-9_\-]*$")
    """Referenced by capability points of kind ``window``."""
    hazard: str = Field(min_length=1)
    """What goes wrong without an intervention, in words (for reports)."""
    opens: CommandPattern | None = None
    """The command after whose success the error is live; null: at handoff."""
    deadline: CommandPattern
    """The plan step the Assistant must pre-empt; its success with the fix incomplete is the hazard."""
    fix: tuple[CommandPattern, ...] = ()
    """Commands that repair the error, each succeeding after the window opened and before the deadline."""
    cue: tuple[Value, ...]
    """What an intervention must say to name the error (any one value)."""

    @field_validator("cue")
    @classmethod
    def _some_cue(cls, v: tuple) -> tuple:
        if not v:
            raise ValueError("a window needs at least one cue value (what an intervention must say)")
        return v


class StateScore(_Model):
    """GUIDE StateScore: goal, prohibition and window points."""

    kind: Literal["state_score"] = "state_score"
    """Evaluator kind: the state score (goals, prohibitions, windows)."""


class WatchBinary(_Model):
    """WATCH-binary (Table 11): completion equals the strict pass."""

    kind: Literal["watch_binary"] = "watch_binary"
    """Evaluator kind: WATCH-binary, completion equals the strict pass (Table 11)."""


class CFSS(_Model):
    """CFSS-StateScore with state-transition gates (Table 9): ``gates`` are conditions over the whole episode
    (``{"not": {"ever": ...}}``, ``before``/``forbidden_before``) read on the physical state; one broken gate
    zeroes the completion."""

    kind: Literal["cfss"] = "cfss"
    """Evaluator kind: CFSS-StateScore with state-transition gates (Table 9)."""
    gates: tuple[Condition, ...] = ()
    """Conditions over the whole episode; one broken gate zeroes the completion."""


class PlanScore(_Model):
    """Planning (Table 8): ``order`` terms are ordering conditions (``before``...) credited like goals; with
    ``route`` the metres walked are reported beside the score."""

    kind: Literal["plan_score"] = "plan_score"
    """Evaluator kind: Planning's order and route terms (Table 8)."""
    order: tuple[Condition, ...] = ()
    """Ordering conditions credited like goals."""
    route: bool = True
    """Report the metres walked beside the score."""


Evaluator = Annotated[Union[StateScore, WatchBinary, CFSS, PlanScore], Field(discriminator="kind")]
"""A family evaluator's settings (TaskPack field ``evaluator``)."""

FAMILY_EVALUATOR: dict[Family, str] = {
    Family.GUIDANCE: "state_score", Family.DECISION: "state_score", Family.FINDING: "state_score",
    Family.PREVENTION: "watch_binary", Family.ACCESSIBILITY: "cfss", Family.PLANNING: "plan_score",
}
"""The evaluator each family uses when a TaskPack names none (paper Tables 7-12)."""


def default_evaluator(family: Family) -> BaseModel:
    """The default evaluator settings of a family (:data:`FAMILY_EVALUATOR`)."""
    return {"state_score": StateScore, "watch_binary": WatchBinary, "cfss": CFSS,
            "plan_score": PlanScore}[FAMILY_EVALUATOR[family]]()


@dataclass(frozen=True)
class WindowOutcome:
    """What happened around one intervention window (ticks; None = never).

    Attributes:
        id: the window's id.
        opened_at: tick of the command that opened it (0 = handoff).
        deadline_at: tick the deadline command succeeded, first after opening.
        fixed_at: tick by which every fix command had succeeded after opening.
        hazard: the deadline command succeeded with the fix incomplete.
    """

    id: str
    opened_at: int | None
    deadline_at: int | None
    fixed_at: int | None
    hazard: bool

    @property
    def held(self) -> bool:
        return not self.hazard


def _first(trace: Sequence[TraceStep], pattern: CommandPattern, after: int) -> int | None:
    return next((s.tick for s in trace if s.ok and s.tick > after and pattern.matches(s.primitive, tuple(s.targets))),
                None)


def window_outcome(window: InterventionWindow, trace: Sequence[TraceStep]) -> WindowOutcome:
    """Evaluate one window on the command trace (rules in the module docstring)."""
    opened = 0 if window.opens is None else _first(trace, window.opens, 0)
    if opened is None:
        return WindowOutcome(window.id, None, None, None, False)
    deadline = _first(trace, window.deadline, opened)
    fix_ticks = [_first(trace, p, opened) for p in window.fix]
    fixed = None if any(t is None for t in fix_ticks) else max(fix_ticks, default=opened)
    if window.fix:
        hazard = deadline is not None and (fixed is None or fixed > deadline)
    else:
        hazard = deadline is not None
    return WindowOutcome(window.id, opened, deadline, fixed, hazard)


@dataclass(frozen=True)
class TaskScore:
    """A task's strict pass ``s``, completion ``c`` in [0, 1] and the points behind them.

    Attributes:
        evaluator: the evaluator's kind.
        passed, completion: ``s_t`` and ``c_t`` of eq. 6.
        points: goal, prohibition, gate, order and window points (:class:`~.scoring.PointResult`).
        windows: one :class:`WindowOutcome` per intervention window.
        route_m: metres walked over the trace (Planning's route term; None for other evaluators).
    """

    evaluator: str
    passed: bool
    completion: float
    points: list[PointResult]
    windows: list[WindowOutcome] = field(default_factory=list)
    route_m: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"evaluator": self.evaluator, "passed": int(self.passed), "completion": self.completion,
                "points": [asdict(p) for p in self.points], "windows": [asdict(w) for w in self.windows],
                "route_m": self.route_m}


def route_metres(trace: Sequence[TraceStep]) -> float:
    """Metres the Human walked over the trace (sum of ``TraceStep.walked_m``)."""
    return float(sum(s.walked_m for s in trace))


def evaluate_task(spec: CompletionSpec, evaluator: BaseModel, windows: Sequence[InterventionWindow], *,
                  final: frozenset, baseline: frozenset, trace: Sequence[TraceStep]) -> TaskScore:
    """Score one episode with a family evaluator (rules in the module docstring).

    Args:
        spec: the TaskPack's completion spec.
        evaluator: :data:`Evaluator` settings (e.g. :func:`default_evaluator`).
        windows: the TaskPack's intervention windows.
        final, baseline, trace: as for :func:`~.scoring.score_episode`.

    Raises:
        TypeError: ``evaluator`` is not one of the evaluator models.
    """
    base = score_episode(spec, final=final, baseline=baseline, trace=trace)
    points = list(base.points)
    any_goal = any(p.credited for p in points if p.kind == "goal")
    tl = None
    extra_required: list[bool] = []
    if isinstance(evaluator, PlanScore) and evaluator.order:
        tl = Timeline(final=final, trace=trace, baseline=baseline)
        for i, cond in enumerate(evaluator.order):
            credited, excluded = tl.goal(cond)
            points.append(PointResult(f"order[{i}]: {describe(cond)}", "order", credited, excluded, 1.0, credited))
            extra_required.append(credited)
            any_goal = any_goal or credited
    outcomes = [window_outcome(w, trace) for w in windows]
    for w, o in zip(windows, outcomes):
        points.append(PointResult(f"window[{w.id}]: {w.hazard} avoided", "window", o.held, False, 1.0,
                                  o.held and any_goal))
    gates_ok = True
    if isinstance(evaluator, CFSS):
        tl = tl or Timeline(final=final, trace=trace, baseline=baseline)
        for i, cond in enumerate(evaluator.gates):
            ok = tl.holds(cond, tl.last, exclude=False)
            points.append(PointResult(f"gate[{i}]: {describe(cond)}", "gate", ok, False, 1.0, ok and any_goal))
            gates_ok = gates_ok and ok
    elif not isinstance(evaluator, (StateScore, WatchBinary, PlanScore)):
        raise TypeError(f"not an evaluator: {evaluator!r}")
    passed = base.passed and all(extra_required) and all(o.held for o in outcomes) and gates_ok
    scored = [p for p in points if p.kind != "gate"]
    total = sum(p.weight for p in scored)
    completion = sum(p.weight for p in scored if p.credited) / total if total else 0.0
    if isinstance(evaluator, WatchBinary):
        completion = float(passed)
    elif isinstance(evaluator, CFSS) and not gates_ok:
        completion = 0.0
    route = route_metres(trace) if isinstance(evaluator, PlanScore) and evaluator.route else None
    return TaskScore(evaluator.kind, passed, float(min(1.0, max(0.0, completion))), points, outcomes, route)


def stable_completion_index(spec: CompletionSpec, evaluator: BaseModel, windows: Sequence[InterventionWindow], *,
                            final: frozenset, baseline: frozenset, trace: Sequence[TraceStep]) -> int | None:
    """The stable-completion index (appendix C.3.3): the fewest actions ``k`` such that the strict pass holds
    on the episode cut after ``k`` actions and on every longer cut; None when the full episode fails.

    The cut after ``k`` actions is scored on the relations after step ``k`` (the baseline for 0, ``final`` for
    the whole trace) and the first ``k`` trace steps.
    """
    n = len(trace)
    earliest = None
    for k in range(n, -1, -1):
        state = final if k == n else (trace[k - 1].relations_after if k else baseline)
        if not evaluate_task(spec, evaluator, windows, final=state, baseline=baseline, trace=trace[:k]).passed:
            break
        earliest = k
    return earliest
