"""Preconditions of the 36 primitives: one table, :data:`PRECONDITIONS`, that every primitive reads (paper
appendix B.3.2, "Command execution and verification", stage 3; Table 5 for the operational semantics).

A rule the world implies (the hand cannot get at what lies in a closed cabinet, a tool must be in the hand, an
appliance with a door runs only with it shut) is written once here, as a precondition :class:`Pre`, and a verb
lists which of them it needs and of which argument. The registry (:mod:`interactiveworld.actions.primitives`)
runs :func:`require` at the head of every primitive and before any goal of a command (so a refusal costs no
walk); the per-verb checks that remain in the primitive modules test only what is particular to one verb
(affordances, connectors, a free seat). So no two verbs can disagree about the same rule: a [Cut], [Pour] or
[Wipe] of an object in a shut cabinet is refused exactly as a [Grab] of it is.

Argument indices refer to a goal's entity ``targets`` (symbolic arguments, such as the connectors of ``attach``,
are not targets): ``attach`` has targets (child, parent), ``wipe`` (tool, target). A table row's index ``None``
means the precondition concerns the body, not an argument.
"""
from __future__ import annotations

from enum import Enum
from typing import Callable

from ...errors import ErrorCode, PrimitiveError, fail
from ...world.invariants import closed_container, door_interlocked, enclosing_closed
from ...world.scene import Scene

__all__ = ["Pre", "PRECONDITIONS", "require", "check_one", "table_size"]


class Pre(str, Enum):
    """The kinds of precondition (the ``precondition`` detail of a refusal names one)."""

    HELD = "held"                            # the argument is the held object (no argument: something is held)
    NOT_IN_HAND = "not_in_hand"              # the argument is neither held nor carried with the held object
    HAND_EMPTY = "hand_empty"                # nothing is held
    HAND_FREE_FOR = "hand_free_for"          # nothing is held, or the argument is
    NOT_ENCLOSED = "not_enclosed"            # the argument does not lie inside a closed container (door or lid)
    CONTAINER_OPEN = "container_open"        # a container argument is open (door or drawer open, no lid on it)
    DOOR_CLOSED_TO_RUN = "door_closed_to_run"  # a powered appliance argument with a door has it shut
    NOT_ATTACHED = "not_attached"            # the argument is not attached to a parent
    STANDING = "standing"                    # the body is not sitting
    SITTING = "sitting"                      # the body sits on a seat


_H, _NH, _HE, _HF = Pre.HELD, Pre.NOT_IN_HAND, Pre.HAND_EMPTY, Pre.HAND_FREE_FOR
_NE, _CO, _DC, _NA, _ST, _SI = (Pre.NOT_ENCLOSED, Pre.CONTAINER_OPEN, Pre.DOOR_CLOSED_TO_RUN, Pre.NOT_ATTACHED,
                                Pre.STANDING, Pre.SITTING)

PRECONDITIONS: dict[str, tuple[tuple[Pre, int | None], ...]] = {
    # locomotion and posture
    "navigate_to": (),
    "forward": ((_ST, None),),
    "turn": ((_ST, None),),
    "sit": ((_ST, None), (_NE, 0)),
    "standup": ((_SI, None),),
    "squat": ((_ST, None),),
    # grasping and placement
    "pick": ((_HE, None), (_NE, 0), (_NA, 0)),
    "release": ((_H, 0),),
    "flip": ((_H, 0),),
    "place": ((_H, 0), (_NE, 1)),
    "place_inside": ((_H, 0), (_NE, 1), (_CO, 1)),
    "place_on_floor": ((_H, 0), (_NE, 1)),
    "fall_to_floor": ((_NH, 0), (_NE, 0)),
    # assembly
    "attach": ((_HF, 0), (_NE, 0), (_NE, 1)),
    "detach": ((_NE, 0), (_NE, 1)),
    "raise": ((_HE, None), (_NE, 0)),
    # fixtures
    "push": ((_HE, None), (_NE, 0)),
    "pull": ((_HE, None), (_NE, 0)),
    "open": ((_NE, 0),),
    "close": ((_NE, 0),),
    "open_door": ((_NE, 0),),
    "close_door": ((_NE, 0),),
    # devices and tools
    "turn_on": ((_NE, 0), (_DC, 0)),
    "turn_off": ((_NE, 0),),
    "cook": ((_NH, 0),),  # food in a closed oven is cooked: its appliance must run, so its door is shut
    "cut": ((_H, 1), (_NH, 0), (_NE, 0)),
    "stir": ((_H, 1), (_NE, 0), (_CO, 0)),
    "pour": ((_H, 1), (_NE, 0), (_CO, 0)),
    "wipe": ((_HF, 0), (_NE, 0), (_NE, 1)),
    "use_computer": ((_HE, None), (_NE, 0)),
    "answer_phone": ((_H, 0),),
    # perception and control
    "look_around": (),
    "look_scan": (),
    "look_at": ((_NE, 0),),
    "wait": (),
    "confirm": (),
}
"""Canonical primitive name -> the preconditions it needs, each (kind, target index or None)."""

_HAND_CODE = {"push": ErrorCode.HAND_NOT_EMPTY, "pull": ErrorCode.HAND_NOT_EMPTY}
"""HAND_EMPTY refusals of these verbs carry the code :class:`~interactiveworld.errors.ErrorCode` documents for
them; every other verb reports HAND_FULL."""


def _held(scene: Scene, verb: str, key: str | None) -> PrimitiveError | None:
    h = scene.human.held
    if key is None:
        return None if h is not None else fail(ErrorCode.NOT_HELD, "Your hand is empty; there is nothing to "
                                               f"{'drop' if verb == 'release' else 'use'}.")
    if h != key:
        extra = f" You are holding {h}." if h else " Your hand is empty."
        return fail(ErrorCode.NOT_HELD, f"You need to hold {key} for this.{extra}", held=h)
    return None


def _not_in_hand(scene: Scene, verb: str, key: str | None) -> PrimitiveError | None:
    h = scene.human
    if key is not None and (h.held == key or key in h.carried):
        return fail(ErrorCode.PRECONDITION_FAILED, f"{key} is in your hand; put it down first.", target=key)
    return None


def _hand_empty(scene: Scene, verb: str, key: str | None) -> PrimitiveError | None:
    h = scene.human.held
    if h is None:
        return None
    return fail(_HAND_CODE.get(verb, ErrorCode.HAND_FULL), f"You are already holding {h}; put it down first.",
                held=h)


def _hand_free_for(scene: Scene, verb: str, key: str | None) -> PrimitiveError | None:
    h = scene.human.held
    if h is None or h == key:
        return None
    return fail(ErrorCode.HAND_FULL, f"You are holding {h}; put it down first.", held=h)


def _not_enclosed(scene: Scene, verb: str, key: str | None) -> PrimitiveError | None:
    found = None if key is None else enclosing_closed(scene, key)
    if found is None:
        return None
    box, why = found
    advice = "which is closed; open it first" if why == "closed" else \
        f"which {why.split(' ', 1)[1]} covers; take the lid off first"
    return fail(ErrorCode.PRECONDITION_FAILED, f"{key} is inside {box}, {advice}.", container=box)


def _container_open(scene: Scene, verb: str, key: str | None) -> PrimitiveError | None:
    why = None if key is None else closed_container(scene, key)
    if why is None:
        return None
    if why == "closed":
        return fail(ErrorCode.PRECONDITION_FAILED, f"{key} is closed; open it first.", target=key)
    lid = why.split(" ", 1)[1]
    return fail(ErrorCode.PRECONDITION_FAILED, f"{lid} covers {key}; take the lid off first.", lid=lid, target=key)


def _door_closed_to_run(scene: Scene, verb: str, key: str | None) -> PrimitiveError | None:
    if key is None or not door_interlocked(scene, key) or scene.entities[key].opening <= 0.0:
        return None
    return fail(ErrorCode.PRECONDITION_FAILED, f"{key}'s door is open; close it first: it runs only with its door "
                "shut.", target=key)


def _not_attached(scene: Scene, verb: str, key: str | None) -> PrimitiveError | None:
    if key is None or key not in scene.attachments:
        return None
    return fail(ErrorCode.PRECONDITION_FAILED, f"{key} is attached to {scene.attachments[key]['parent']}; "
                "detach it first.", target=key)


def _standing(scene: Scene, verb: str, key: str | None) -> PrimitiveError | None:
    seat = scene.human.sitting
    if seat is None:
        return None
    if verb == "sit":
        return fail(ErrorCode.PRECONDITION_FAILED, f"You are already sitting on {seat}.")
    return fail(ErrorCode.PRECONDITION_FAILED, f"You are sitting on {seat}; stand up first.")


def _sitting(scene: Scene, verb: str, key: str | None) -> PrimitiveError | None:
    return fail(ErrorCode.PRECONDITION_FAILED, "You are not sitting.") if scene.human.sitting is None else None


_CHECKS: dict[Pre, Callable[[Scene, str, str | None], PrimitiveError | None]] = {
    Pre.HELD: _held, Pre.NOT_IN_HAND: _not_in_hand, Pre.HAND_EMPTY: _hand_empty, Pre.HAND_FREE_FOR: _hand_free_for,
    Pre.NOT_ENCLOSED: _not_enclosed, Pre.CONTAINER_OPEN: _container_open,
    Pre.DOOR_CLOSED_TO_RUN: _door_closed_to_run, Pre.NOT_ATTACHED: _not_attached, Pre.STANDING: _standing,
    Pre.SITTING: _sitting,
}


def check_one(scene: Scene, verb: str, kind: Pre, key: str | None) -> PrimitiveError | None:
    """Test one precondition ``kind`` of ``verb`` on the entity ``key`` (None: the body) in ``scene``; the
    refusal's details name the precondition (``precondition``) and the argument (``argument``)."""
    err = _CHECKS[kind](scene, verb, key)
    if err is None:
        return None
    return PrimitiveError(err.code, err.message, {**err.details, "precondition": kind.value, "argument": key})


def require(scene: Scene, verb: str, targets) -> PrimitiveError | None:
    """The first refusal among ``verb``'s preconditions (:data:`PRECONDITIONS`, in table order) for the goal
    ``targets`` (entity keys), or None when all hold. An argument index beyond ``targets`` (an optional argument
    left out, as ``[Drop]`` without an object) is tested as the body's (None).

    Raises:
        KeyError: ``verb`` is not a primitive of the table.
    """
    targets = list(targets or ())
    for kind, idx in PRECONDITIONS[verb]:
        key = None if idx is None or idx >= len(targets) else targets[idx]
        if idx is not None and key is None and kind is not Pre.HELD:
            continue
        err = check_one(scene, verb, kind, key)
        if err is not None:
            return err
    return None


def table_size() -> tuple[int, int, int]:
    """(verbs, precondition kinds, entries): the size of :data:`PRECONDITIONS`."""
    return len(PRECONDITIONS), len(Pre), sum(len(v) for v in PRECONDITIONS.values())
