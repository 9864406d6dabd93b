"""The six reported families, their interaction protocols, and the information partition
(paper appendix C.2.1-C.2.2; DESIGN.md "Families").

What crosses from the Human to the Assistant is speech and pixels only. This module owns the
checks on that boundary: redaction of internal identifiers from Human speech, the Assistant's
bounded frame selection, and which action handles the Human may see under each protocol.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Any, Iterable, Sequence

import numpy as np

from .reference import entry_names, refers_to


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


WITHIN_REACH_PROTOCOLS = frozenset({"GUIDE", "WATCH", "ORCHESTRATE"})
"""Families whose Human may also use a movable object within reach that it does not see (it carries out local
motor sequences: GUIDE's immediate steps, WATCH's own plan, ORCHESTRATE's subtask; paper appendix C.2.2)."""


def exposed(protocol: str, entry: Any, *, visible: set[str], held: str | None, said: Sequence[str],
            reachable: set[str] = frozenset()) -> bool:
    """Whether the Human may see legend ``entry`` this tick (paper appendix C.2.1 step 5, C.2.2).

    NARRATE: only once the Assistant's speech refers to it (:func:`~interactiveworld.bench.reference.refers_to`
    against its handle name and aliases), or while held. Every other family: a fixture (``movable`` false) is a
    place the wearer knows and is always listed; a movable object only while visible or held, or within reach
    in :data:`WITHIN_REACH_PROTOCOLS`.
    """
    if entry.handle == held:
        return True
    if protocol == "NARRATE":
        names = entry_names(entry.handle, entry.aliases or ())
        return any(refers_to(u, names) for u in said)
    if not entry.movable:
        return True
    return entry.handle in visible or (protocol in WITHIN_REACH_PROTOCOLS and entry.handle in reachable)


def moved_places(relations: Iterable[tuple[str, ...]], legend: Sequence[Any]) -> dict[str, str]:
    """Where each moved legend object rests now: key -> a phrase such as ``"on the kitchen table"``.

    Read from the world's relations: an object without ``unmoved`` that is ``on`` or ``inside`` a legend
    entry gets that entry's description (the first such support in legend order); unmoved and held objects,
    and objects on supports outside the legend, get none (their authored description still holds).
    """
    rel = set(map(tuple, relations))
    desc = {e.handle: e.description for e in legend}
    order = {e.handle: i for i, e in enumerate(legend)}
    out: dict[str, str] = {}
    for e in legend:
        if not e.movable or ("unmoved", e.handle) in rel or ("held", e.handle) in rel:
            continue
        supports = sorted(((order[r[2]], r[0], r[2]) for r in rel
                           if len(r) == 3 and r[0] in ("on", "inside") and r[1] == e.handle and r[2] in desc))
        if supports:
            _, pred, where = supports[0]
            out[e.handle] = f"{'in' if pred == 'inside' else 'on'} {desc[where]}"
    return out


def human_handles(protocol: str, legend: Sequence[Any], *, visible: set[str], held: str | None,
                  mentioned: str | Sequence[str], reachable: set[str] = frozenset(),
                  places: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """The (argument, description) handles shown to the Human this tick (see :func:`exposed`).

    A legend description names category, position and colour as authored; an object that has been moved
    carries where it rests now (``places``, from :func:`moved_places`), so the description never goes stale.

    Args:
        protocol: the family protocol.
        legend: the TaskPack's action legend entries (``handle`` key, ``description``, ``movable``,
            ``aliases``).
        visible: keys of entities in the current view (from the environment).
        held: key of the held object, or None.
        mentioned: the Assistant's utterances so far (one string or a sequence; NARRATE exposes only what
            they refer to).
        reachable: keys of entities within reach (from the environment).
        places: moved object key -> where it rests now.
    """
    said = [mentioned] if isinstance(mentioned, str) else list(mentioned)
    places = places or {}
    return [(key_to_arg(e.handle), f"{e.description} (moved: now {places[e.handle]})" if e.handle in places
             else e.description) for e in legend
            if exposed(protocol, e, visible=visible, held=held, said=said, reachable=reachable)]


__all__ = ["Family", "FAMILY_PROTOCOL", "CATALOG_TABLE", "MAX_ASSISTANT_FRAMES", "RECENT_FRAMES",
           "select_frame_indices", "redact_speech", "Leak", "key_to_arg", "command_targets", "human_handles", "exposed",
           "moved_places",
           "WITHIN_REACH_PROTOCOLS"]
