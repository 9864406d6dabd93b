"""The six reported families, their interaction protocols, and the information partition
(paper appendix C.2.1-C.2.2; DESIGN.md "Families").

What crosses from the Human to the Assistant is speech and pixels only. This module owns the
checks on that boundary: redaction of internal identifiers from Human speech, the Assistant's
bounded frame selection, and which action handles the Human may see under each protocol.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from enum import Enum
from typing import Any, Iterable, Sequence

import numpy as np

from ..language import ParseError, parse_command
from ..render.sampling import select_assistant_frames
from ..language.reference import entry_names, refers_to


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


# Internal identifiers that must never reach the Assistant through Human speech. Every pattern is linear in the
# length of the speech: each repetition is anchored by a literal character or separated from the next one.
_NUM = r"-?\d+(?:\.\d+)?(?:\s*m\b)?"
_DEC = r"-?\d+\.\d+(?:\s*m\b)?"
_LEAK_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # <red_mug> (2), <Red Mug>, <invoice card #2>
    ("handle", re.compile(r"<\s*[A-Za-z][\w\s\-#]*>(?:\s*\(\s*\d+\s*\))?")),
    # red_mug#2, card#2 (a key glued to its index)
    ("entity_key", re.compile(r"\b[A-Za-z][A-Za-z0-9_]*#\s*\d+\b")),
    # [Grab] <...> written out as speech
    ("command", re.compile(r"\[\s*[A-Za-z]+\s*\](?=\s*<)")),
    # (0.3, 3.3), [0.3; 3.3; 0.9], (1, 2)
    ("coordinates", re.compile(rf"[(\[]\s*{_NUM}\s*[,;]\s*{_NUM}(?:\s*[,;]\s*{_NUM})?\s*[)\]]")),
    # x=0.3, xy: 0.3,3.3, position = 0.3 3.3
    ("coordinates", re.compile(rf"\b(?:[xyz]{{1,3}}|pos|position|coords?|coordinates)\s*[:=]\s*{_NUM}"
                               rf"(?:(?:\s*[,;/]\s*|\s+){_NUM}){{0,2}}", re.I)),
    # at 0.30 3.30, 0.3, 3.3 (two or three decimals in a row; a price such as $3.30 is not a coordinate)
    ("coordinates", re.compile(rf"(?<![\w$\u20ac\u00a3.]){_DEC}(?:(?:\s*[,;/]\s*|\s+){_DEC}){{1,2}}(?!\w|\.\d)")),
)
_INDEX_WORDS = r"(?:#\s*\d+|\(\s*\d+\s*\)|(?:no\.?|nr\.?|number|instance|index)\s*\d+\b)"


@dataclass(frozen=True)
class Leak:
    """One redacted span of Human speech.

    Attributes:
        kind: ``handle``, ``entity_key``, ``entity_name``, ``command`` or ``coordinates``.
        text: the span as it stood in the (NFKC-normalised) speech.
    """

    kind: str
    text: str


@lru_cache(maxsize=64)
def _name_patterns(names: frozenset[str]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Patterns for the scene's entity names: a name (words joined by space, ``_`` or ``-``) or one of its words
    followed by an instance index (``invoice card #2``, ``card (2)``, ``fridge number 1``), and a bare
    snake_case name (``red_mug``), which a person would never say."""
    words: set[str] = set()
    spelled: set[str] = set()
    snake: set[str] = set()
    for name in names:
        parts = [p for p in re.split(r"[\s_\-]+", name.strip().lower()) if p]
        if not parts:
            continue
        spelled.add(r"[\s_\-]*".join(re.escape(p) for p in parts))
        words.update(p for p in parts if len(p) >= 3 and p.isalpha())
        if len(parts) > 1 and "_" in name:
            snake.add(re.escape(name.strip().lower()))
    out = []
    if spelled or words:
        alts = sorted(spelled, key=len, reverse=True) + [rf"{w}(?:e?s)?" for w in sorted(words, key=len, reverse=True)]
        out.append(("entity_key", re.compile(rf"\b(?:{'|'.join(alts)})\s*{_INDEX_WORDS}", re.I)))
    if snake:
        out.append(("entity_name", re.compile(rf"\b(?:{'|'.join(sorted(snake, key=len, reverse=True))})\b", re.I)))
    return tuple(out)


@lru_cache(maxsize=64)
def _usable_names(names: frozenset[str]) -> frozenset[str]:
    """The non-blank names (cached: a loop passes the same set every tick)."""
    return frozenset(n for n in names if n and n.strip())


def _normalise_speech(text: str) -> str:
    """NFKC (full-width and compatibility forms become ASCII) without invisible format characters (zero-width
    spaces and joiners, soft hyphens), so an identifier cannot hide behind its spelling."""
    if text.isascii():  # ASCII is its own NFKC form and holds no format character
        return text
    text = unicodedata.normalize("NFKC", text)
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def redact_speech(text: str, *, entity_names: Iterable[str] = ()) -> tuple[str, list[Leak]]:
    """Remove internal identifiers from Human speech before the Assistant hears it (paper appendix C.2.2:
    speech and pixels are all that cross from the Human to the Assistant).

    Replaced by ``[redacted]``: handles (``<red_mug> (2)``), entity keys in any spelling (``red_mug#2``,
    ``invoice card #2``, ``card (2)``, ``fridge number 1``; names and their words from ``entity_names``),
    bare snake_case entity names (``red_mug``), command syntax (``[Grab] <...>``) and coordinates (``(0.3, 3.3)``,
    ``x=0.3``, ``xy: 0.3,3.3``, ``at 0.30 3.30``). Ordinary speech stays as it is: counts ("I have 2 cards"),
    prices ("the $41 card", "$3.30"), distances ("two metres", "1.5 m"). Two or three decimals in a row are read
    as coordinates even when a person meant something else ("3.30 4.50" without a currency sign).

    The speech is NFKC-normalised and stripped of invisible format characters first; every pattern is linear in
    the length of the speech.

    Args:
        text: the Human's speech.
        entity_names: the scene's entity names (``red_mug``), used for the name-aware forms.

    Returns:
        (redacted text, the leaks found, in text order).
    """
    norm = _normalise_speech(text)
    names = _usable_names(entity_names if isinstance(entity_names, frozenset) else frozenset(entity_names))
    spans: list[tuple[int, int, str]] = []
    for kind, pat in _LEAK_PATTERNS + _name_patterns(names):
        spans += [(m.start(), m.end(), kind) for m in pat.finditer(norm) if m.end() > m.start()]
    if not spans:
        return norm, []
    spans.sort(key=lambda s: (s[0], -s[1]))
    leaks: list[Leak] = []
    pieces: list[str] = []
    pos = 0
    for start, end, kind in spans:
        if start < pos:  # inside a span already redacted: extend it if it reaches further
            if end > pos:
                leaks[-1] = Leak(leaks[-1].kind, leaks[-1].text + norm[pos:end])
                pos = end
            continue
        pieces.append(norm[pos:start])
        pieces.append("[redacted]")
        leaks.append(Leak(kind, norm[start:end]))
        pos = end
    pieces.append(norm[pos:])
    return "".join(pieces), leaks


def key_to_arg(key: str) -> str:
    """``"red_mug#2"`` -> ``"<red_mug> (2)"`` (the command argument form of an entity key)."""
    name, _, idx = key.partition("#")
    return f"<{name}> ({idx or 1})"


_ARG = re.compile(r"<([^<>]*)>\s*(?:\(\s*(\d+)\s*\))?")  # linear: no two adjacent runs can share a character


@lru_cache(maxsize=4096)  # a pure function of the line, called for every command of every tick
def command_targets(command: str) -> tuple[str, ...]:
    """Entity keys named by a command line, in argument order (instance index defaults to 1).

    Uses the command grammar (:func:`interactiveworld.language.parse_command`); a line the grammar
    rejects falls back to the ``<name> (index)`` pattern.
    """
    try:
        parsed = parse_command(command)
        return tuple(f"{a.name}#{a.index if a.index is not None else 1}" for a in parsed.args)
    except ParseError:
        pass
    keys = []
    for m in _ARG.finditer(command):
        name = re.sub(r"[\s\-]+", "_", m.group(1).strip()).lower()
        if name:
            keys.append(f"{name}#{m.group(2) or 1}")
    return tuple(keys)


WITHIN_REACH_PROTOCOLS = frozenset({"GUIDE", "WATCH", "ORCHESTRATE"})
"""Families whose Human may also use a movable object within reach that it does not see (it carries out local
motor sequences: GUIDE's immediate steps, WATCH's own plan, ORCHESTRATE's subtask; paper appendix C.2.2)."""


def exposed(protocol: str, entry: Any, *, visible: set[str], held: str | None, said: Sequence[str],
            reachable: set[str] = frozenset()) -> bool:
    """Whether the Human may see legend ``entry`` this tick (paper appendix C.2.1 step 5, C.2.2).

    NARRATE: only once the Assistant's speech refers to it (:func:`~interactiveworld.language.reference.refers_to`
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


HELD_NOTE = "in your hand"
"""Where a held object is, in its legend description: never the place it was taken from."""


def legend_description(entry: Any, places: dict[str, str] | None = None, *, held: str | None = None,
                       notes: dict[str, str] | None = None) -> str:
    """What the Human reads beside a legend handle: the authored description (category, position and colour),
    with where the object rests now when it has been moved (``places``, from :func:`moved_places`), or
    :data:`HELD_NOTE` while it is the held object (the authored place no longer holds); a support's levels and
    placement frame (``notes``, from the environment's ``support_notes``) follow in brackets."""
    text = entry.description
    if held is not None and entry.handle == held:
        text = f"{_what_it_is(text)} ({HELD_NOTE})"
    else:
        where = (places or {}).get(entry.handle)
        if where:
            text = f"{text} (moved: now {where})"
    note = (notes or {}).get(entry.handle)
    return f"{text} [{note}]" if note else text


_PLACE_WORDS = re.compile(r"\s+(?:on|in|inside|at|by|beside|next to|near|under|behind|in front of|on top of|"
                          r"to the (?:left|right) of|left of|right of|from)\s+(?:the|a|an|your)\b.*$", re.IGNORECASE)


def _what_it_is(description: str) -> str:
    """The description without the place it was authored at: ``"the green sponge on the left of the counter"`` ->
    ``"the green sponge"``."""
    cut = _PLACE_WORDS.sub("", description).strip()
    return cut or description


def human_handles(protocol: str, legend: Sequence[Any], *, visible: set[str], held: str | None,
                  mentioned: str | Sequence[str], reachable: set[str] = frozenset(),
                  places: dict[str, str] | None = None,
                  notes: dict[str, str] | None = None) -> list[tuple[str, str]]:
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
        notes: support key -> its levels and placement frame (``Environment.support_notes``).
    """
    said = [mentioned] if isinstance(mentioned, str) else list(mentioned)
    return [(key_to_arg(e.handle), legend_description(e, places, held=held, notes=notes)) for e in legend
            if exposed(protocol, e, visible=visible, held=held, said=said, reachable=reachable)]


__all__ = ["Family", "FAMILY_PROTOCOL", "CATALOG_TABLE", "MAX_ASSISTANT_FRAMES", "RECENT_FRAMES",
           "select_frame_indices", "redact_speech", "Leak", "key_to_arg", "command_targets", "human_handles", "exposed",
           "moved_places", "legend_description", "HELD_NOTE",
           "WITHIN_REACH_PROTOCOLS"]
