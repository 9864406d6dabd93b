"""Capability evaluation points: checks of evidence attributed to the Assistant, and their labels.

Paper appendix C.3.2 (Table 6 ontology C1-C9, one label per point, eq. 7) and DESIGN.md "Metrics". A point
never reads the task's goals or its outcome: it looks at what the Assistant said and when, relative to the
Human actions that depended on it. ``docs/metrics.md`` states the same rules for readers of the tables.

**What the checks read.** The Assistant's interventions (:class:`Utterance`: tick, text), the wearer's
speech after handoff, and the command trace (:class:`~.scoring.TraceStep`). A command *answers* an
intervention when it came from the action block the Human returned in the same tick as that new instruction
(``TraceStep.reply_to``); every other command is the Human's own (its private WATCH plan, or initiative).
The Assistant speaks at the start of a tick, before that tick's command, so an utterance at tick ``u``
precedes a command at tick ``c`` when ``u <= c``.

**Checks** (``check.kind``):

* ``states`` -- the Assistant's speech carries a declared ``answer`` (any one :data:`~.speech.Value`; numbers
  and units normalised) before the dependent Human action ``before`` (the first attempt of a command matching
  it). An utterance that carries a declared ``wrong`` value and not the answer is a wrong statement.
* ``acts`` -- the first command that answers an intervention and matches ``among`` (default: any answering
  command) matches one of ``expect``: the Assistant's reference picked out the right instance, or its
  instruction was understood.
* ``order`` -- commands answering interventions matched ``steps`` in this order (first success of each).
* ``window`` -- an intervention inside an intervention window (:class:`~.evaluators.InterventionWindow`)
  carried the window's cue, and the fix succeeded after it with the hazard avoided; with ``quiet_before``
  the Assistant also stayed silent from handoff until the window opened.

**Labels**, decided in this order (the first rule that applies):

1. ``void`` -- the cell is VOID; the point leaves the denominator.
2. ``clean_pass`` -- the check's evidence is in the Assistant's behaviour, in time (per check above), and the
   Human did not supply it first (see ``assisted``).
3. ``wrong`` -- the Assistant supplied evidence that was wrong: a wrong value stated first; its answered
   reference hit another instance; answered steps out of order; the cue only after the deadline, an
   in-window intervention whose reply did not avert the hazard, or (``quiet_before``) speech during the
   correct work before the window.
4. ``assisted`` -- the outcome the point looks for came from the Human, not from the Assistant: the Human
   said the answer or took the dependent action before the Assistant stated it; the Human's own command hit
   the expected instance or order before any answered one; the fix was made without a cue in the window.
5. ``abstain`` -- the Assistant spoke within the point's scope but carried nothing the point looks for.
6. ``unobserved`` -- the Assistant did not speak within the point's scope (silence, premature ``done``, a
   missed opportunity).

Scope: ``states`` up to the dependent action (the whole episode when it never happened); ``acts`` up to the
first command matching ``among``; ``order`` the whole episode; ``window`` from the window's opening to its
deadline (the end when the deadline never came). Only ``clean_pass`` counts as passed (eq. 7).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal, Sequence, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .conditions import CommandPattern
from .evaluators import InterventionWindow, WindowOutcome, window_outcome
from .scoring import TraceStep
from .speech import Value, carries

__all__ = ["LABELS", "CAPABILITIES", "StatesCheck", "ActsCheck", "OrderCheck", "WindowCheck", "Check",
           "CapabilityPoint", "CapabilityAtom", "Utterance", "label_point", "label_capabilities"]

LABELS = ("clean_pass", "wrong", "abstain", "unobserved", "assisted", "void")
"""The six point labels of appendix C.3.2."""

CAPABILITIES: dict[str, str] = {
    "C1": "Object Recognition", "C2": "Spatial Grounding", "C3": "OCR", "C4": "Long-horizon Memory",
    "C5": "Planning", "C6": "Knowledge", "C7": "Error Detection", "C8": "Proactivity", "C9": "Communication",
}
"""The frozen C1-C9 ontology (paper Table 6)."""


class _Model(BaseModel):
    # A string literal under a field is its description in the JSON Schema (``iw-eval schema``).
    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)


def _nonempty(v: tuple, what: str) -> tuple:
    if not v:
        raise ValueError(f"{what} needs at least 1 item")
    return v


class StatesCheck(_Model):
    """The Assistant states ``answer`` (any one value) before the dependent Human action ``before``."""

    kind: Literal["states"] = "states"
    """Check kind: the Assistant states a declared answer."""
    answer: tuple[Value, ...]
    """The accepted answers (any one): numbers with units, clock times or phrases."""
    wrong: tuple[Value, ...] = ()
    """Values whose statement first counts as a wrong answer."""
    before: CommandPattern | None = None
    """The dependent Human command the answer must precede, or null (any time in the episode)."""

    _answer = field_validator("answer")(lambda v: _nonempty(v, "answer"))


class ActsCheck(_Model):
    """The first command answering an intervention (among ``among``) matches one of ``expect``."""

    kind: Literal["acts"] = "acts"
    """Check kind: the Human's first answering command hits the right instance."""
    expect: tuple[CommandPattern, ...]
    """Commands that count as the right one (any one)."""
    among: tuple[CommandPattern, ...] = ()
    """Which answering commands are considered (the first match decides); empty: any."""

    _expect = field_validator("expect")(lambda v: _nonempty(v, "expect"))


class OrderCheck(_Model):
    """Answering commands matched ``steps`` in this order."""

    kind: Literal["order"] = "order"
    """Check kind: answering commands come in the required order."""
    steps: tuple[CommandPattern, ...]
    """The commands in their required order (at least 2)."""

    @field_validator("steps")
    @classmethod
    def _two(cls, v: tuple) -> tuple:
        if len(v) < 2:
            raise ValueError("an order check needs at least 2 steps")
        return v


class WindowCheck(_Model):
    """A cue-carrying intervention inside the named window, with the fix after it and the hazard avoided."""

    kind: Literal["window"] = "window"
    """Check kind: a timely, cue-carrying intervention inside an intervention window."""
    window: str
    """The id of the intervention window (declared in ``intervention_windows``)."""
    quiet_before: bool = False
    """Also require silence from handoff until the window opens (proactivity without nagging)."""


Check = Annotated[Union[StatesCheck, ActsCheck, OrderCheck, WindowCheck], Field(discriminator="kind")]
"""One capability check (see the module docstring)."""


class CapabilityPoint(_Model):
    """One evaluation point: its ``evidence`` (the capability's evidence in words: what only the frames or
    memory give) and the ``check`` that attributes it to the Assistant."""

    id: str = Field(min_length=1)
    """The point's name, unique within its capability (shown in reports)."""
    evidence: str = Field(min_length=1)
    """The capability's evidence in words: what only the frames or memory give."""
    check: Check
    """How the evidence is attributed to the Assistant (``states``, ``acts``, ``order`` or ``window``)."""


class CapabilityAtom(_Model):
    """The points of one capability C1-C9 in a task."""

    capability: Literal["C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9"]
    """C1 Object Recognition, C2 Spatial Grounding, C3 OCR, C4 Long-horizon Memory, C5 Planning, C6 Knowledge,
    C7 Error Detection, C8 Proactivity, C9 Communication (paper Table 6)."""
    name: str = ""
    """A short name of what is tested (free text)."""
    points: list[CapabilityPoint] = Field(min_length=1)
    """The evaluation points (at least one)."""

    @model_validator(mode="after")
    def _unique(self) -> "CapabilityAtom":
        ids = [p.id for p in self.points]
        if len(set(ids)) != len(ids):
            raise ValueError(f"point ids repeat within {self.capability}: {ids}")
        return self


@dataclass(frozen=True)
class Utterance:
    """One utterance after handoff: ``tick``, ``speaker`` (``assistant`` or ``wearer``), ``text``."""

    tick: int
    speaker: str
    text: str


_INF = 10 ** 9


def _spoke(utterances: Sequence[Utterance], lo: int, hi: int) -> bool:
    """The Assistant spoke at a tick in (lo, hi]."""
    return any(lo < u.tick <= hi for u in utterances)


def _label_states(c: StatesCheck, said: Sequence[Utterance], heard: Sequence[Utterance],
                  trace: Sequence[TraceStep]) -> str:
    dep = None if c.before is None else next(
        (s.tick for s in trace if c.before.matches(s.primitive, tuple(s.targets))), None)
    right = next((u.tick for u in said if carries(u.text, c.answer)), None)
    wrong = next((u.tick for u in said if carries(u.text, c.wrong) and not carries(u.text, c.answer)), None)
    if right is not None and (wrong is None or right <= wrong):
        human_first = any(u.tick < right and carries(u.text, c.answer) for u in heard)
        return "assisted" if human_first or (dep is not None and dep < right) else "clean_pass"
    if wrong is not None:
        return "wrong"
    return "abstain" if _spoke(said, 0, _INF if dep is None else dep) else "unobserved"


def _label_acts(c: ActsCheck, said: Sequence[Utterance], trace: Sequence[TraceStep]) -> str:
    def among(s: TraceStep) -> bool:
        return not c.among or any(p.matches(s.primitive, tuple(s.targets)) for p in c.among)

    def expected(s: TraceStep) -> bool:
        return any(p.matches(s.primitive, tuple(s.targets)) for p in c.expect)

    candidates = [s for s in trace if s.primitive is not None and among(s)]
    answered = next((s for s in candidates if s.reply_to is not None), None)
    own_right = next((s for s in candidates if s.reply_to is None and expected(s)), None)
    if answered is not None and (own_right is None or answered.tick < own_right.tick):
        return "clean_pass" if expected(answered) else "wrong"
    if own_right is not None:
        return "assisted"
    first = candidates[0].tick if candidates else _INF
    return "abstain" if _spoke(said, 0, first) else "unobserved"


def _first_index(trace: Sequence[TraceStep], p: CommandPattern, *, answered: bool) -> int | None:
    return next((i for i, s in enumerate(trace)
                 if s.ok and (not answered or s.reply_to is not None) and p.matches(s.primitive, tuple(s.targets))),
                None)


def _label_order(c: OrderCheck, said: Sequence[Utterance], trace: Sequence[TraceStep]) -> str:
    pos = [_first_index(trace, p, answered=True) for p in c.steps]
    present = [i for i in pos if i is not None]
    if len(present) == len(pos) and all(a < b for a, b in zip(pos, pos[1:])):
        return "clean_pass"
    if any(a > b for a, b in zip(present, present[1:])):
        return "wrong"
    anyone = [_first_index(trace, p, answered=False) for p in c.steps]
    if all(i is not None for i in anyone) and all(a < b for a, b in zip(anyone, anyone[1:])):
        return "assisted"
    return "abstain" if said else "unobserved"


def _label_window(c: WindowCheck, w: InterventionWindow, o: WindowOutcome, said: Sequence[Utterance],
                  trace: Sequence[TraceStep]) -> str:
    if o.opened_at is None:
        return "abstain" if said else "unobserved"
    end = _INF if o.deadline_at is None else o.deadline_at
    cued = [u for u in said if carries(u.text, w.cue)]
    in_window = [u for u in cued if o.opened_at < u.tick <= end]
    spoke_before = _spoke(said, 0, o.opened_at)
    if in_window and not o.hazard:
        u = in_window[0].tick
        fixed = (o.deadline_at is None) if not w.fix else (o.fixed_at is not None and o.fixed_at >= u)
        if fixed:
            return "wrong" if c.quiet_before and spoke_before else "clean_pass"
    if cued and cued[0].tick > end:
        return "wrong"  # too late: the hazard's deadline had passed
    if in_window:
        return "wrong"  # named the error in time, but the hazard was not averted by it
    acted = any(s.reply_to is not None and o.opened_at < s.reply_to <= end for s in trace)
    if acted and o.hazard:
        return "wrong"  # intervened in the window and the Human followed, but not to the fix
    if c.quiet_before and spoke_before and not _spoke(said, o.opened_at, end):
        return "wrong" if o.hazard else "abstain"
    if not o.hazard and (not w.fix or o.fixed_at is not None) and o.deadline_at is not None:
        return "assisted"
    return "abstain" if _spoke(said, o.opened_at, end) else "unobserved"


def label_point(point: CapabilityPoint, *, trace: Sequence[TraceStep], utterances: Sequence[Utterance],
                windows: dict[str, InterventionWindow], valid: bool = True) -> str:
    """The label of one point (rules in the module docstring).

    Args:
        point: the evaluation point.
        trace: the command trace after handoff, with ``reply_to`` set on answering commands.
        utterances: Assistant interventions and wearer speech after handoff, in tick order.
        windows: the TaskPack's intervention windows by id.
        valid: False for a VOID cell (every point is ``void``).

    Raises:
        KeyError: a window check names a window the TaskPack does not declare.
    """
    if not valid:
        return "void"
    said = [u for u in utterances if u.speaker == "assistant"]
    heard = [u for u in utterances if u.speaker != "assistant"]
    c = point.check
    if isinstance(c, StatesCheck):
        return _label_states(c, said, heard, trace)
    if isinstance(c, ActsCheck):
        return _label_acts(c, said, trace)
    if isinstance(c, OrderCheck):
        return _label_order(c, said, trace)
    w = windows[c.window]
    return _label_window(c, w, window_outcome(w, trace), said, trace)


def label_capabilities(atoms: Sequence[CapabilityAtom], *, trace: Sequence[TraceStep],
                       utterances: Sequence[Utterance], windows: Sequence[InterventionWindow],
                       valid: bool = True) -> list[dict[str, Any]]:
    """Label every point of a task's capability atoms.

    Returns:
        One dict per point: ``capability``, ``atom`` (its name), ``point`` (id), ``check`` (kind), ``label``.
    """
    by_id = {w.id: w for w in windows}
    return [{"capability": a.capability, "atom": a.name, "point": p.id, "check": p.check.kind,
             "label": label_point(p, trace=trace, utterances=utterances, windows=by_id, valid=valid)}
            for a in atoms for p in a.points]
