"""The static variant of a TaskPack (paper appendix D.3, Table 13, Figure 8): the ``static_item`` field.

A static item turns the interactive task into one question about a fixed sequence of frames. The frames
are not stored: they are produced by running the reference (oracle) program with the scripted Human and
cutting the run just before the Assistant's decision, given as a position in the oracle run
(``cut.before_oracle_step = k``: the frames the Assistant would be shown at the tick it speaks oracle
step ``k``). For Prevention the decision is the intervention, so the cut falls after the warning cue
(the error is live) and before the Assistant intervenes.

The question keeps the task's goal in the family's form (Finding: where is it; Guidance and
Accessibility: the next useful instruction; Decision: the answer or choice; Prevention: should the
wearer be stopped, and why; Planning: the full plan). The reference answer states only facts visible or
heard before the cut. Optional rule checks back the judge where an answer is a number or an exact
location: every ``require`` group must be carried by the reply (any one value of a group; numbers, units
and clock times normalised as in :mod:`.speech`) and no ``forbid`` value may be (another option a
correct answer has no reason to name); a reply failing its rule is wrong whatever the judge says.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .speech import Value, carries

__all__ = ["StaticCut", "StaticRule", "StaticItem", "rule_problems"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class StaticCut(_Model):
    """Where the reference run is cut (the frames shown are those of the Assistant's turn at the cut)."""

    before_oracle_step: int = Field(ge=0, description=(
        "Index k of the oracle step before which the run is cut: the frames are those the Assistant is shown "
        "at the tick it would speak oracle step k (0 = right after the handoff; for Prevention the intervention "
        "step, which waits until the wearer's plan has made the error live)."))


class StaticRule(_Model):
    """Rule checks of a static answer, applied on top of the judge (a failed rule makes the answer wrong)."""

    kind: Literal["number", "location"] = Field(description=(
        "What the rule checks: 'number' (a numeric answer: a number, price or clock time, normalised) or "
        "'location' (the exact-location keywords of a Finding answer)."))
    require: tuple[tuple[Value, ...], ...] = Field(min_length=1, description=(
        "Groups of declared values; the reply must carry every group (any one value of a group): "
        "[[{'number': 41, 'unit': '$'}]], or [[{'phrase': 'fridge'}, {'phrase': 'refrigerator'}]]."))
    forbid: tuple[Value, ...] = Field(default=(), description=(
        "Values a correct answer has no reason to name (the other options on offer); a reply carrying one "
        "fails, so listing every option earns nothing."))

    @field_validator("require")
    @classmethod
    def _groups(cls, v: tuple) -> tuple:
        if any(len(g) == 0 for g in v):
            raise ValueError("every require group needs at least one value")
        return v


class StaticItem(_Model):
    """The static variant of a task (paper appendix D.3): the cut, the question, the reference answer."""

    cut: StaticCut = Field(description="Where the reference (oracle) run is cut; the frames come from running it.")
    question: str = Field(min_length=1, max_length=400, description=(
        "One short question in the family's form, asked with the frames (it must not contain the answer)."))
    reference: str = Field(min_length=1, max_length=1000, description=(
        "The reference answer, written only from facts visible or heard before the cut; the judge compares "
        "replies with it."))
    rule: StaticRule | None = Field(default=None, description=(
        "Optional rule check of numeric or exact-location answers; a reply that fails it is wrong."))


def rule_problems(rule: StaticRule, reply: str) -> list[str]:
    """Why ``reply`` fails ``rule`` (empty when it passes): each missing ``require`` group and each
    ``forbid`` value carried is one line."""
    problems = [f"does not state {' or '.join(v.text() for v in group)}"
                for group in rule.require if not carries(reply, group)]
    problems += [f"names {v.text()}, another option" for v in rule.forbid if carries(reply, (v,))]
    return problems
