"""Offscreen event lines of a TaskPack opening: another person moves something while the wearer looks away.

The action language (paper appendix B.3.1, Table 5) holds what the wearer does. A task such as "detect an
out-of-view swap" (Table 9, row 10) also needs the world to change without the wearer acting. An opening may
therefore hold an *offscreen event* line beside its commands::

    [Offscreen] <mug> (1) <meeting_table> (1)
    [Offscreen] <folder> (1) <desk> (1) @place_spot=-0.3:0.4

meaning: someone out of the wearer's view takes the object and sets it down on the support, near the place spot
``(u, v)`` of the support's surface (default :data:`DEFAULT_SPOT`, its centre). This module reads such lines into
:class:`OffscreenMove` values; the world carries them out by its own rules
(:func:`interactiveworld.actions.offscreen.offscreen_move`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .grammar import ParseError, parse_command

__all__ = ["OFFSCREEN_VERB", "DEFAULT_SPOT", "OffscreenMove", "parse_offscreen", "is_offscreen"]

OFFSCREEN_VERB = "Offscreen"
"""The verb of an offscreen event line (not a verb of the action language)."""
DEFAULT_SPOT = (0.0, 0.5)
"""Where on the support an offscreen move aims without ``@place_spot``: (u, v), the centre of the surface."""

_VERB = re.compile(r"^\s*\[\s*off[\s_-]*screen\s*\]", re.IGNORECASE)


@dataclass(frozen=True)
class OffscreenMove:
    """One parsed offscreen event: ``obj`` (entity key) set down on ``support`` near ``spot`` (u, v)."""

    obj: str
    support: str
    spot: tuple[float, float] = DEFAULT_SPOT


def is_offscreen(line: str) -> bool:
    """Whether ``line`` is written as an offscreen event (its verb is ``[Offscreen]``), well formed or not."""
    return isinstance(line, str) and bool(_VERB.match(line))


def parse_offscreen(line: str) -> OffscreenMove:
    """Parse ``[Offscreen] <object> (i) <support> (j) [@place_spot=u:v]``.

    Raises:
        ValueError: not an offscreen line, not exactly two entity arguments, a numeric argument, or a place
            spot out of range (u in [-1, 1], v in [0, 1]); the message says which.
    """
    if not is_offscreen(line):
        raise ValueError(f"not an offscreen event line: {line!r}")
    try:
        parsed = parse_command(line)
    except ParseError as exc:
        raise ValueError(f"{line!r}: {exc.message}") from None
    if len(parsed.args) != 2 or parsed.scalar is not None:
        raise ValueError(f"{line!r}: an offscreen event is [Offscreen] <object> (i) <support> (j), with an optional "
                         "@place_spot=u:v")
    spot = DEFAULT_SPOT if parsed.place_spot is None else tuple(float(x) for x in parsed.place_spot)
    if not (-1.0 <= spot[0] <= 1.0 and 0.0 <= spot[1] <= 1.0):
        raise ValueError(f"{line!r}: place_spot u must be in [-1, 1] and v in [0, 1], got {spot}")
    keys = [f"{a.name}#{a.index if a.index is not None else 1}" for a in parsed.args]
    return OffscreenMove(keys[0], keys[1], spot)
