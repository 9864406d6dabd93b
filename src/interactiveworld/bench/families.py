"""The six reported families, their interaction protocols, and the information partition
(paper appendix C.2.1-C.2.2; DESIGN.md "Families").

What crosses from the Human to the Assistant is speech and pixels only. This module owns the
checks on that boundary: redaction of internal identifiers from Human speech, the Assistant's
bounded frame selection, and which action handles the Human may see under each protocol.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from enum import Enum
from typing import Any, Iterable, Sequence

import numpy as np


class Family(str, Enum):
    """A reported task family (paper Table 1)."""

    DECISION = "Decision"
    FINDING = "Finding"
    GUIDANCE = "Guidance"
    PREVENTION = "Prevention"
    ACCESSIBILITY = "Accessibility"
    PLANNING = "Planning"

    @property
    def protocol(self) -> str:
        return FAMILY_PROTOCOL[self]

    @classmethod
    def parse(cls, text: str) -> "Family":
        """A family from its name or its protocol, case-insensitively.

        Raises:
            ValueError: the text names no family; the message lists the valid names.
        """
        t = text.strip().lower()
        for fam in cls:
            if t in (fam.value.lower(), FAMILY_PROTOCOL[fam].lower()):
                return fam
        names = ", ".join(f"{f.value} ({FAMILY_PROTOCOL[f]})" for f in cls)
        raise ValueError(f"unknown family {text!r}; expected one of {names}")


FAMILY_PROTOCOL: dict[Family, str] = {
    Family.DECISION: "ASK",
    Family.FINDING: "FIND",
    Family.GUIDANCE: "GUIDE",
    Family.PREVENTION: "WATCH",
    Family.ACCESSIBILITY: "NARRATE",
    Family.PLANNING: "ORCHESTRATE",
}

# Catalog tables of the paper's appendix C.4, per family.
CATALOG_TABLE: dict[Family, int] = {
    Family.GUIDANCE: 7, Family.PLANNING: 8, Family.ACCESSIBILITY: 9,
    Family.DECISION: 10, Family.PREVENTION: 11, Family.FINDING: 12,
}

# Frame policy (paper section 4 "Evaluation Setup", appendix D.2; DESIGN.md "Frames").
MAX_ASSISTANT_FRAMES = 32
RECENT_FRAMES = 8


def select_frame_indices(count: int, *, pinned: Sequence[int] = (), cap: int = MAX_ASSISTANT_FRAMES,
                         recent: int = RECENT_FRAMES) -> list[int]:
    """Indices of the frames sent to the Assistant this turn, chronological.

    All frames when ``count <= cap``; otherwise the ``recent`` most recent plus ``cap - recent``
    from the older history: pinned opening frames first (uniformly thinned if they alone exceed
    the older budget), the remaining slots sampled uniformly from the other older frames.

    Args:
        count: frames in the history.
        pinned: indices (< count) the TaskPack pins (authored opening evidence).
        cap: the per-turn image budget (32 in the documented configuration).
        recent: the most recent frames always kept (8).

    Raises:
        ValueError: negative count, ``recent > cap``, or a pinned index out of range.
    """
    if count < 0 or recent < 0 or cap <= 0 or recent > cap:
        raise ValueError(f"frame selection: need count >= 0 and 0 <= recent <= cap, got {count}, {recent}, {cap}")
    bad = [p for p in pinned if not 0 <= p < count]
    if bad:
        raise ValueError(f"frame selection: pinned indices {bad} outside the history of {count} frames")
    if count <= cap:
        return list(range(count))
    if not pinned:
        from ..render.sampling import select_assistant_frames

        return list(select_assistant_frames(list(range(count)), max_images=cap, recent=recent))
    older_n = count - recent
    budget = cap - recent
    pinned_older = sorted({p for p in pinned if p < older_n})
    if len(pinned_older) >= budget:
        chosen = [pinned_older[i] for i in _uniform(len(pinned_older), budget)]
    else:
        rest = [i for i in range(older_n) if i not in set(pinned_older)]
        k = budget - len(pinned_older)
        chosen = sorted(pinned_older + [rest[i] for i in _uniform(len(rest), k)])
    return chosen + list(range(older_n, count))


def _uniform(n: int, k: int) -> list[int]:
    """k indices spread uniformly over range(n), first and last included (k <= n)."""
    if k <= 0 or n <= 0:
        return []
    if k >= n:
        return list(range(n))
    if k == 1:
        return [n - 1]
    return [int(round(x)) for x in np.linspace(0, n - 1, k)]


# Internal identifiers that must never reach the Assistant through Human speech.
_LEAK_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("handle", re.compile(r"<\s*[A-Za-z][\w\- ]*\s*>\s*\(\s*\d+\s*\)")),
    ("handle", re.compile(r"<\s*[A-Za-z][\w\-]*\s*>")),
    ("entity_key", re.compile(r"\b[a-z][a-z0-9_]*#\d+\b", re.I)),
    ("command", re.compile(r"\[\s*[A-Za-z]+\s*\]\s*(?=<)")),
    ("coordinates", re.compile(r"[(\[]\s*-?\d+\.\d+\s*,\s*-?\d+\.\d+(?:\s*,\s*-?\d+\.\d+)?\s*[)\]]")),
    ("coordinates", re.compile(r"\b[xyz]\s*=\s*-?\d+(?:\.\d+)?", re.I)),
)


@dataclass(frozen=True)
class Leak:
    """One redacted span of Human speech."""

    kind: str
    text: str


def redact_speech(text: str, *, entity_names: Iterable[str] = ()) -> tuple[str, list[Leak]]:
    """Remove internal identifiers from Human speech before the Assistant hears it.

    Handles (``<red_mug> (2)``), entity keys (``red_mug#2``), command syntax and coordinates are
    replaced by ``[redacted]``; so are bare multi-word snake_case entity names from
    ``entity_names`` (``red_mug``), which a person would never say.

    Returns:
        (redacted text, the leaks found, in order of the patterns).
    """
    leaks: list[Leak] = []
    out = text
    for kind, pat in _LEAK_PATTERNS:
        for m in pat.finditer(out):
            leaks.append(Leak(kind, m.group(0)))
        out = pat.sub("[redacted]", out)
    snake = sorted({n for n in entity_names if "_" in n}, key=len, reverse=True)
    for name in snake:
        if name.lower() not in out.lower():  # cannot match (names are ASCII): skip the regular expression
            continue
        pat = re.compile(rf"\b{re.escape(name)}\b", re.I)
        for m in pat.finditer(out):
            leaks.append(Leak("entity_name", m.group(0)))
        out = pat.sub("[redacted]", out)
    return out, leaks


def key_to_arg(key: str) -> str:
    """``"red_mug#2"`` -> ``"<red_mug> (2)"`` (the command argument form of an entity key)."""
    name, _, idx = key.partition("#")
    return f"<{name}> ({idx or 1})"


_ARG = re.compile(r"<\s*([^<>]+?)\s*>\s*(?:\(\s*(\d+)\s*\))?")


@functools.lru_cache(maxsize=4096)  # a pure function of the line, called for every command of every tick
def command_targets(command: str) -> tuple[str, ...]:
    """Entity keys named by a command line, in argument order (instance index defaults to 1).

    Uses the command grammar (:func:`interactiveworld.language.parse_command`); a line the grammar
    rejects falls back to the ``<name> (index)`` pattern.
    """
    from ..language import ParseError, parse_command

    try:
        parsed = parse_command(command)
        return tuple(f"{a.name}#{a.index if a.index is not None else 1}" for a in parsed.args)
    except ParseError:
        pass
    keys = []
    for m in _ARG.finditer(command):
        name = re.sub(r"[\s\-]+", "_", m.group(1).strip()).lower()
        keys.append(f"{name}#{m.group(2) or 1}")
    return tuple(keys)


def human_handles(protocol: str, legend: Sequence[Any], *, visible: set[str], held: str | None,
                  mentioned: str) -> list[tuple[str, str]]:
    """The (argument, description) handles shown to the Human this tick.

    Args:
        protocol: the family protocol.
        legend: the TaskPack's action legend entries (``handle`` key, ``description``,
            ``movable``, ``aliases``).
        visible: keys of entities in the current view (from the environment).
        held: key of the held object, or None.
        mentioned: all Assistant speech so far (NARRATE exposes only what the Assistant named).

    FIND exposes a movable target only while it is visible or held; NARRATE exposes an entry only
    once the Assistant's speech has named it (one of its aliases, or its description).
    """
    said = mentioned.lower()
    out = []
    for entry in legend:
        if protocol == "FIND" and entry.movable and entry.handle not in visible and entry.handle != held:
            continue
        if protocol == "NARRATE":
            names = [a.lower() for a in (entry.aliases or [])] or [entry.description.lower()]
            if entry.handle != held and not any(n and n in said for n in names):
                continue
        out.append((key_to_arg(entry.handle), entry.description))
    return out


__all__ = ["Family", "FAMILY_PROTOCOL", "CATALOG_TABLE", "MAX_ASSISTANT_FRAMES", "RECENT_FRAMES",
           "select_frame_indices", "redact_speech", "Leak", "key_to_arg", "command_targets", "human_handles"]
