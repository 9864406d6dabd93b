"""Offscreen events of a TaskPack opening: another person moves something while the wearer looks away.

The action language (paper appendix B.3.1, Table 5) holds what the wearer does. A task such as "detect an
out-of-view swap" (Table 9, row 10) also needs the world to change without the wearer acting. An opening may
therefore hold an *offscreen event* line beside its commands::

    [Offscreen] <mug> (1) <meeting_table> (1)
    [Offscreen] <folder> (1) <desk> (1) @place_spot=-0.3:0.4

meaning: someone out of the wearer's view takes the object and sets it down on the support. The world does it
by its own rules, as a placement would: the free spot of the support's surfaces nearest ``place_spot``
(:func:`~interactiveworld.world.placement.find_spot`, default :data:`DEFAULT_SPOT`), dropped
:data:`~interactiveworld.world.placement.RELEASE_HEIGHT` above it, settled, and checked to rest there
without sinking. It is refused (the world unchanged) when

* the wearer's head camera sees, at that tick, the object, the support it leaves or the support it goes to
  (before the move), or the object where it comes to rest (after it): the event must be out of view;
* the object is held, carried, fixed, or a fixture's surface is named that it cannot rest on;
* the handoff has been taken (:meth:`~interactiveworld.env.Environment.mark_baseline`): an offscreen event
  belongs to the opening, never to the wearer's actions during the task.

It renders no frames (nothing of it is in view) and is recorded like an opening command (trace record
``opening_command``), so replay re-executes it and the state digests cover its result.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from ..errors import ErrorCode, PrimitiveError, fail
from ..world.placement import RELEASE_HEIGHT, PlacementError, find_spot, rest_on_support
from ..world.relations import riders, supporters
from .primitives import physical
from .primitives.manipulation import _sunk, _surface_choice

if TYPE_CHECKING:  # pragma: no cover
    from .executor import Executor

__all__ = ["OFFSCREEN_VERB", "DEFAULT_SPOT", "OffscreenMove", "parse_offscreen", "is_offscreen", "offscreen_move"]

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
    from ..language import ParseError, parse_command

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


def offscreen_move(ex: "Executor", move: OffscreenMove, in_view: Callable[[], set[str]]) -> PrimitiveError | None:
    """Carry out ``move`` on the executor's world (inside its transaction: the caller restores the world when
    this returns an error). ``in_view()`` gives the entity keys the wearer sees now (read before the move and
    again after the settle).

    Returns:
        None on success; UNKNOWN_ENTITY, NOT_AFFORDED, PRECONDITION_FAILED (held, or in view) or
        PLACEMENT_FAILED (no free spot, does not rest there).
    """
    scene = ex.scene
    key, support = move.obj, move.support
    for k in (key, support):
        if k not in scene.entities:
            return fail(ErrorCode.UNKNOWN_ENTITY, f"There is no {k} in the scene.", entity=k)
    if key == support:
        return fail(ErrorCode.BAD_ARGUMENT, f"{key} cannot be put on itself.")
    if not scene.entities[key].movable:
        return fail(ErrorCode.NOT_AFFORDED, f"{key} cannot be moved.", target=key)
    if scene.human.held == key or key in scene.human.carried:
        return fail(ErrorCode.PRECONDITION_FAILED, f"{key} is in the wearer's hand.", target=key)
    if not scene.entities[support].model.surfaces:
        return fail(ErrorCode.NOT_AFFORDED, f"{support} has no surface to put things on.", target=support)
    seen = in_view() & ({key, support} | set(supporters(scene, key)))
    if seen:
        return fail(ErrorCode.PRECONDITION_FAILED, f"An offscreen event must happen out of the wearer's view; "
                    f"{', '.join(sorted(seen))} is in view.", in_view=sorted(seen))
    last = "no surface"
    for name in _surface_choice(ex, support, interior=False):
        try:
            pose = find_spot(scene, key, support, name, spot=move.spot, drop=RELEASE_HEIGHT)
        except PlacementError as exc:
            last = str(exc)
            continue
        scene.move_entity(key, pose, riders=riders(scene, key))  # what rests on it goes along
        physical.settle(ex, keyframes=False)  # out of view: no frames
        why = rest_on_support(scene, key, support)
        if why is not None:
            return fail(ErrorCode.PLACEMENT_FAILED, f"{key} would not rest on {support} there: {why}.",
                        support=support)
        err = _sunk(ex, key)
        if err:
            return err
        if key in in_view():
            return fail(ErrorCode.PRECONDITION_FAILED, f"An offscreen event must happen out of the wearer's view; "
                        f"{key} would be in view on {support}.", in_view=[key])
        return None
    return fail(ErrorCode.PLACEMENT_FAILED, f"There is no room for {key} on {support}: {last}.", support=support)
