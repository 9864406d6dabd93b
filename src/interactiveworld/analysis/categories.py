"""The first-error categories R1-R6 of failed cells (paper appendix D.1), apart from the labelling code so that the
command line can list them without loading it."""
from __future__ import annotations

from typing import Literal

CATEGORIES: dict[str, str] = {
    "R1": "misread a visible object or place",
    "R2": "lost track of what happened or ignored an action result",
    "R3": "applied the wrong rule or missed an important consequence",
    "R4": "created or updated the wrong multi-step plan",
    "R5": "gave an instruction that cannot be executed in the current situation",
    "R6": "spoke at the wrong time or failed to speak when help was needed",
}
"""The six first-error categories of paper appendix D.1."""
Category = Literal["R1", "R2", "R3", "R4", "R5", "R6"]

__all__ = ["CATEGORIES", "Category"]
