"""Structured failures shared by every layer.

A primitive that cannot be carried out returns a :class:`PrimitiveError` with a stable machine
code and a plain-language message the Human can act on (paper appendix B.3.2, "Command execution
and verification"). Nothing here raises through the interpreter: callers receive the value.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class ErrorCode(str, Enum):
    """Machine-readable failure codes of the action layer."""

    PARSE_ERROR = "PARSE_ERROR"                  # command text does not follow the grammar
    UNKNOWN_VERB = "UNKNOWN_VERB"                # verb is not a registered primitive or alias
    UNKNOWN_ENTITY = "UNKNOWN_ENTITY"            # no entity of that name / index
    AMBIGUOUS_REFERENCE = "AMBIGUOUS_REFERENCE"  # a description matches several entities
    BAD_ARITY = "BAD_ARITY"                      # wrong number of entity arguments
    BAD_ARGUMENT = "BAD_ARGUMENT"                # a numeric or place-spot argument is out of range
    PATH_BLOCKED = "PATH_BLOCKED"                # no collision-free route to a stance
    NO_STANCE = "NO_STANCE"                      # no floor-supported standing pose near the target
    OUT_OF_REACH = "OUT_OF_REACH"                # no posture/IK solution reaches the contact
    TRAJECTORY_COLLISION = "TRAJECTORY_COLLISION"  # every reach trajectory collides
    GRASP_FAILED = "GRASP_FAILED"                # fewer than 4 fingers make valid contact
    HAND_FULL = "HAND_FULL"                      # an object is already held
    NOT_HELD = "NOT_HELD"                        # the named object is not the held one
    HAND_NOT_EMPTY = "HAND_NOT_EMPTY"            # push/pull need an empty hand
    NOT_AFFORDED = "NOT_AFFORDED"                # the entity lacks the affordance (not openable, ...)
    PRECONDITION_FAILED = "PRECONDITION_FAILED"  # a state precondition does not hold (not powered, ...)
    PLACEMENT_FAILED = "PLACEMENT_FAILED"        # no free spot, or settling penetrated > 5 cm
    POSTCONDITION_FAILED = "POSTCONDITION_FAILED"  # the world does not show the state the action claims
    INVARIANT_VIOLATED = "INVARIANT_VIOLATED"    # the result would break a world invariant (world/invariants.py)
    INTERNAL = "INTERNAL"                        # an infrastructure fault (the cell becomes VOID)


@dataclass(frozen=True)
class PrimitiveError:
    """A refused or failed command.

    Attributes:
        code: the :class:`ErrorCode`.
        message: one or two sentences in plain language saying why and, where possible, what to do.
        details: machine-readable extras for the log (offending token, colliding pair, depth [m]...).
    """

    code: ErrorCode
    message: str
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code.value, "message": self.message, "details": dict(self.details)}

    def __str__(self) -> str:
        return f"{self.code.value}: {self.message}"


def fail(code: ErrorCode, message: str, **details: Any) -> PrimitiveError:
    """Shorthand for a structured refusal: ``fail(ErrorCode.NOT_HELD, "...", held=key)``."""
    return PrimitiveError(code, message, details)
