"""Values exchanged between the Environment and the benchmark loop above it.

The benchmark (``bench/``, ``agents/``) depends only on these types and on the
:class:`~interactiveworld.env.Environment` methods, never on world internals.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

import numpy as np

from .errors import PrimitiveError
from .world.motion import Interval

Relation = tuple[str, ...]
"""A ground predicate read back from geometry, e.g. ``("on", "mug#1", "table#1")`` or ``("open", "fridge#1")``."""


@dataclass(frozen=True)
class RelationDelta:
    """Relations that became true (``added``) and stopped being true (``removed``) during one command."""

    added: tuple[Relation, ...] = ()
    removed: tuple[Relation, ...] = ()

    def to_dict(self) -> dict[str, list[list[str]]]:
        return {"added": [list(r) for r in self.added], "removed": [list(r) for r in self.removed]}


@dataclass(frozen=True)
class Handle:
    """An actionable entity as the Human sees it: ``<name> (index)`` plus what the Human may know.

    ``visible`` is True when the entity is in the current egocentric view (or held); ``reachable`` when the
    wearer could touch it without walking (or holds it).
    """

    name: str
    index: int
    category: str
    visible: bool = True
    description: str = ""
    reachable: bool = False

    @property
    def key(self) -> str:
        return f"{self.name}#{self.index}"

    def as_command_arg(self) -> str:
        return f"<{self.name}> ({self.index})"


@dataclass
class StepOutcome:
    """The result of executing one command.

    Attributes:
        command: the command text as executed (one line of the grammar).
        ok: True when the primitive succeeded and its postcondition was read back.
        error: the structured failure when ``ok`` is False.
        primitive: canonical primitive name (``"pick"``...) or None if the command did not parse.
        repaired: True when the parser accepted the command only after a repair (logged).
        relation_delta: relation changes read back from the world after settling.
        interval: the frame interval of the command (None for refusals: no success frames).
        frames: rendered sampled frames, each (H, W, 3) uint8; empty when rendering is off.
        frame_tags: per rendered frame, its tags (``"result"``, ``"look_hold"``).
        timing: seconds spent per stage (``parse``, ``execute``, ``settle``, ``render``).
    """

    command: str
    ok: bool
    error: PrimitiveError | None = None
    primitive: str | None = None
    repaired: bool = False
    relation_delta: RelationDelta = field(default_factory=RelationDelta)
    interval: Interval | None = None
    frames: list[np.ndarray] = field(default_factory=list)
    frame_tags: list[frozenset[str]] = field(default_factory=list)
    timing: dict[str, float] = field(default_factory=dict)

    @property
    def message(self) -> str:
        """Plain-language feedback for the Human."""
        return "done" if self.ok else (self.error.message if self.error else "failed")

    def to_log(self) -> dict[str, Any]:
        return {
            "command": self.command,
            "ok": self.ok,
            "error": self.error.to_dict() if self.error else None,
            "primitive": self.primitive,
            "repaired": self.repaired,
            "relation_delta": self.relation_delta.to_dict(),
            "frame_count": len(self.frames),
            "frame_tags": [sorted(t) for t in self.frame_tags],
            "interval_s": self.interval.duration_s if self.interval else 0.0,
            "timing": dict(self.timing),
        }


@runtime_checkable
class EnvironmentLike(Protocol):
    """What the benchmark loop needs from an environment (implemented by ``interactiveworld.env.Environment``).

    ``scene`` passed to :meth:`reset` is the world's serialised scene (a JSON-compatible dict, as
    stored in a TaskPack). Entity keys are ``"name#index"``.
    """

    def reset(self, scene: dict[str, Any], *, seed: int = 0) -> None:
        """Build the world from a serialised scene and place the Human at its start pose."""

    def split_commands(self, action_block: str) -> list[str] | PrimitiveError:
        """Split a Human action block into command lines (newlines or ", ", bracket-aware)."""

    def execute(self, command: str) -> StepOutcome:
        """Parse, compile, execute, settle, read back and (unless rendering is off) render one command."""

    def relations(self) -> frozenset[Relation]:
        """All ground predicates true in the settled world now (including ``unmoved`` against the baseline)."""

    def mark_baseline(self) -> None:
        """Record the current poses as the baseline for ``unmoved`` and the handoff relation set."""

    def handles(self, *, visible_only: bool = False) -> list[Handle]:
        """Actionable entities; with ``visible_only``, those in the current view or held."""

    def held(self) -> str | None:
        """Key of the held object, or None."""

    def render_view(self) -> np.ndarray:
        """The current egocentric frame, (H, W, 3) uint8."""

    def state_digest(self) -> str:
        """A hash of the world state (poses rounded to 0.1 mm, articulations, states) for replay checks."""
