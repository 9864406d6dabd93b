"""Offscreen events of a TaskPack opening: another person moves something while the wearer looks away.

The action language (paper appendix B.3.1, Table 5) holds what the wearer does. A task such as "detect an
out-of-view swap" (Table 9, row 10) also needs the world to change without the wearer acting. An opening may
therefore hold an *offscreen event* line beside its commands::

    [Offscreen] <mug> (1) <meeting_table> (1)
    [Offscreen] <folder> (1) <desk> (1) @place_spot=-0.3:0.4

meaning: someone out of the wearer's view takes the object and sets it down on the support (the lines are read
by :mod:`interactiveworld.language.offscreen`). The world does it by its own rules, as a placement would: the
free spot of the support's surfaces nearest ``place_spot``
(:func:`~interactiveworld.world.placement.find_spot`, default
:data:`~interactiveworld.language.offscreen.DEFAULT_SPOT`), dropped
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

from typing import Callable

from ..errors import ErrorCode, PrimitiveError, fail
from ..world.placement import RELEASE_HEIGHT, PlacementError, find_spot, rest_on_support
from ..world.relations import riders, supporters
from .primitives.context import ActionContext
from .primitives.manipulation import sunk, surface_choice
from .primitives.physical import settle

__all__ = ["offscreen_move"]


def offscreen_move(ex: ActionContext, key: str, support: str, spot: tuple[float, float],
                   in_view: Callable[[], set[str]]) -> PrimitiveError | None:
    """Set entity ``key`` down on ``support`` near the place spot ``spot`` = (u, v) of its surfaces, on the
    executor's world (inside its transaction: the caller restores the world when this returns an error).
    ``in_view()`` gives the entity keys the wearer sees now (read before the move and again after the settle).

    Returns:
        None on success; UNKNOWN_ENTITY, NOT_AFFORDED, PRECONDITION_FAILED (held, or in view) or
        PLACEMENT_FAILED (no free spot, does not rest there).
    """
    scene = ex.scene
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
    for name in surface_choice(ex, support, interior=False):
        try:
            pose = find_spot(scene, key, support, name, spot=spot, drop=RELEASE_HEIGHT)
        except PlacementError as exc:
            last = str(exc)
            continue
        scene.move_entity(key, pose, riders=riders(scene, key))  # what rests on it goes along
        settle(ex, keyframes=False)  # out of view: no frames
        why = rest_on_support(scene, key, support)
        if why is not None:
            return fail(ErrorCode.PLACEMENT_FAILED, f"{key} would not rest on {support} there: {why}.",
                        support=support)
        err = sunk(ex, key)
        if err:
            return err
        if key in in_view():
            return fail(ErrorCode.PRECONDITION_FAILED, f"An offscreen event must happen out of the wearer's view; "
                        f"{key} would be in view on {support}.", in_view=[key])
        return None
    return fail(ErrorCode.PLACEMENT_FAILED, f"There is no room for {key} on {support}: {last}.", support=support)
