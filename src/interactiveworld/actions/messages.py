"""Refusals in plain words for the person playing the Human: what stopped the action and what would work.

A primitive refuses with a structured :class:`~interactiveworld.errors.PrimitiveError` whose ``message`` is
written for debugging (entity keys such as ``door#1``, posture names such as ``forward_lean_86``, depths in
millimetres, grid coordinates). :func:`for_person` turns it into one or two sentences a person can act on, keyed
by the error code; the structured code, the technical message and the details stay in the trace
(``StepOutcome.to_log``). :func:`technical_terms` finds what a person should never read, and the tests scan every
refusal message with it.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

from ..errors import ErrorCode, PrimitiveError

__all__ = ["for_person", "plain_name", "technical_terms", "scrub"]

_KEY = re.compile(r"\b([a-z][a-z0-9_]*)#(\d+)\b")
_HANDLE = re.compile(r"<[^<>]*>(?:\s*\(\d+\))?")
_POSTURE = re.compile(r"\b(?:forward_lean|lean|crouch|kneel|squat|reach|stand|stoop|tiptoe)_\w*\d+\b|"
                      r"\b[a-z]+(?:_[a-z0-9]+)*_\d+\b")
_MM = re.compile(r"\d+(?:\.\d+)?\s*mm\b")
_COORD = re.compile(r"\(\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?\s*\)")
_SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
_HIT = re.compile(r"\b(left|right) (hand|arm|forearm|elbow|shoulder)\b[^()]*?\bhits ([a-z][a-z0-9_]*#\d+)")


def plain_name(key: str) -> str:
    """``"paper_towel#2"`` -> ``"the paper towel"``; ``"floor#1"`` -> ``"the floor"``; other text unchanged."""
    m = _KEY.fullmatch(str(key).strip())
    if not m:
        return str(key)
    return "the " + m.group(1).replace("_", " ")


def scrub(text: str) -> str:
    """Entity keys to plain names, coordinates, millimetre depths and posture names removed."""
    out = _COORD.sub("", str(text))
    out = re.sub(r"\([^()]*\bmm\b[^()]*\)", "", out)
    out = _MM.sub("", out)
    out = _KEY.sub(lambda m: plain_name(m.group(0)), out)
    out = re.sub(r"\bthe the\b", "the", out, flags=re.IGNORECASE)
    out = re.sub(r"\b[Tt]he ([a-z ]+?)'s\b", r"the \1's", out)
    out = re.sub(r"\s+([.,;:])", r"\1", out)
    out = re.sub(r"\s{2,}", " ", out).strip()
    return out[:1].upper() + out[1:]


def technical_terms(text: str) -> list[str]:
    """What a person should not read in a refusal: entity keys (``door#1``), posture names (``forward_lean_86``),
    millimetres, coordinate pairs and other snake_case internal names (command handles ``<red_mug> (2)`` and
    quoted command text are allowed: they are what the person wrote)."""
    bare = _HANDLE.sub(" ", str(text))
    bare = re.sub(r"\[[^\[\]]*\]", " ", bare)  # a verb in brackets, as the person writes it
    bare = re.sub(r"'[^']*'", " ", bare)  # quoted command text
    bare = re.sub(r"@\w+", " ", bare)  # @place_spot, @beside: the grammar's own words
    found = [m.group(0) for m in _KEY.finditer(bare)]
    found += [m.group(0) for m in _MM.finditer(bare)]
    found += [m.group(0) for m in _COORD.finditer(bare)]
    found += [m.group(0) for m in _SNAKE.finditer(bare)]
    return found


def _names(values: Iterable[Any]) -> list[str]:
    return [plain_name(v) for v in values if isinstance(v, str) and _KEY.fullmatch(v)]


def _first_key(error: PrimitiveError, *fields: str) -> str | None:
    for f in fields:
        v = error.details.get(f)
        if isinstance(v, str) and _KEY.fullmatch(v):
            return v
    m = _KEY.search(error.message)
    return m.group(0) if m else None


def for_person(error: PrimitiveError, subject: str | None = None) -> str:
    """The refusal ``error`` in plain words: what stopped the action and what would work.

    Args:
        error: the structured refusal (its code, technical message and details are not changed).
        subject: the entity key the command acted on (``"mug#1"``), named as "the mug" where the technical
            message does not say what the action was about; None when unknown.

    Returns:
        one or two sentences with no entity keys, posture names, millimetres or coordinates
        (:func:`technical_terms` finds none in them).
    """
    code = error.code
    what = plain_name(subject) if subject else "it"
    msg = error.message
    if code is ErrorCode.TRAJECTORY_COLLISION:
        hit = _HIT.search(msg)
        if hit:
            side, part, key = hit.group(1), hit.group(2), hit.group(3)
            away = "left" if side == "right" else "right"
            return (f"{plain_name(key).capitalize()} is in the way of your {side} {part}; step a little to the "
                    f"{away} of {what} or clear the way, and try again.")
        if "every approach collides" in msg:
            return f"Something is in the way of your hand whichever way you reach for {what}; step to one side or " \
                   f"clear the way, and try again."
        return scrub(msg)
    if code is ErrorCode.OUT_OF_REACH:
        if "below the floor" in msg:
            return f"You cannot reach {what}: it is below the floor."
        return f"You cannot reach {what} from where you stand; walk closer to it and try again."
    if code is ErrorCode.NO_STANCE:
        return f"There is no free place to stand near {what}; clear the floor around it or come from another side."
    if code is ErrorCode.PATH_BLOCKED:
        blocker = _first_key(error, "blocker")
        if msg.startswith("You cannot walk"):
            head = scrub(msg.split(":")[0])
            if "no floor" in msg:
                return f"{head}: there is no floor there. Try a shorter step or another direction."
            thing = plain_name(blocker) if blocker else "something"
            return f"{head}: {thing} is in the way. Try a shorter step or another direction."
        if re.search(r"No (collision-free )?route|position \(", msg):
            return f"You cannot find a way through to {what}; something blocks every path. Ask where to go, or " \
                   f"open a door on the way."
        return scrub(msg)
    if code is ErrorCode.GRASP_FAILED:
        return f"Your hand cannot get a good grip on {what}; try it from another side."
    if code is ErrorCode.HAND_FULL:
        held = _first_key(error, "held")
        return f"You are already holding {plain_name(held) if held else 'something'}; put it down first."
    if code is ErrorCode.HAND_NOT_EMPTY:
        held = _first_key(error, "held")
        return f"Your hands must be empty for this; put {plain_name(held) if held else 'what you hold'} down first."
    if code is ErrorCode.PLACEMENT_FAILED:
        if "sink" in msg or "would not rest" in msg:
            return f"It would not stay put there; choose another spot or level."
        out = scrub(msg)
        return out if not technical_terms(out) else "There is no free room there; choose another spot or level."
    if code is ErrorCode.POSTCONDITION_FAILED:
        expected = error.details.get("expected")
        shown = scrub(str(expected)) if isinstance(expected, str) else ""
        tail = f": afterwards there is no sign of {shown[:1].lower() + shown[1:]}" if shown else ""
        return f"That did not work out{tail}. Look at where things are now and try again."
    if code is ErrorCode.INTERNAL:
        return "Something went wrong on our side; try the command again."
    out = scrub(msg)
    if technical_terms(out):  # a message this table does not know: keep only its first plain clause
        out = re.split(r"[:(]", out)[0].strip().rstrip(".") + "."
    return out
