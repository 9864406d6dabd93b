"""The inference-time memory variant of the Assistant (paper section 4.2, appendix D.2).

At every step the Assistant returns its control response plus a new memory entry in a hidden
``<memory>`` block. Entries are appended, never replaced, and the whole memory is given back in
the next turn's input. The visual input is unchanged (the same 32-frame selection), so memory is
the only difference from the plain Assistant. The wearer never hears the memory.

This module holds the memory itself; :class:`~interactiveworld.agents.model.ModelAssistant` (``memory=True``)
and :func:`~interactiveworld.agents.model.MemoryAssistant` use it.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class AssistantMemory:
    """The accumulated memory entries of one episode, as (tick, text) pairs."""

    entries: list[tuple[int, str]] = field(default_factory=list)

    def clear(self) -> None:
        self.entries.clear()

    def add(self, tick: int, text: str) -> None:
        """Append an entry (blank entries are ignored)."""
        if text.strip():
            self.entries.append((int(tick), text.strip()))

    def render(self) -> str:
        """The memory block given to the Assistant each turn."""
        if not self.entries:
            return "Your memory so far: (empty)"
        lines = [f"[tick {t}] {text}" for t, text in self.entries]
        return "Your memory so far:\n" + "\n".join(lines)


__all__ = ["AssistantMemory"]
