"""Postconditions of the 36 primitives, re-read from the settled world after every successful command
(paper appendix B.3.2, "Command execution and verification", stage 5; DESIGN.md: "A primitive that reports
success has had its postconditions re-read from the settled world").

Each primitive states claims about the world after it ran (the registry's relation, when it declares one, plus
what Table 5 says the primitive does). A claim that does not hold turns the outcome into POSTCONDITION_FAILED
whose message says what the world shows instead. Claims read relations and poses only, never the handler's
own bookkeeping.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from ...errors import ErrorCode, PrimitiveError, fail
from ...world.boxes import obb_distance
from ...world.relations import pose_change
from ...world.scene import FLOOR_KEY, Scene
from .locomotion import step_vector

__all__ = ["Claim", "PostContext", "verify", "CLAIMS", "STANCE_REACH", "FORWARD_TOLERANCE", "TURN_TOLERANCE_DEG",
           "MOVED_FIXTURE_GAP"]

STANCE_REACH = 1.6
"""navigate_to: the body ends within this horizontal distance [m] of the target's box (stance rings reach
1.2 m, plus a 0.6 m snap of a blocked stance, minus the body's own radius)."""
FORWARD_TOLERANCE = 0.01
"""forward: the body moved the requested distance along its heading within this [m]."""
TURN_TOLERANCE_DEG = 1.0
"""turn: the heading changed by the requested angle within this [deg]."""
MOVED_FIXTURE_GAP = 0.35
"""push/pull: the fixture's box ends within this [m] of the destination's box (the 0.10 m push gap plus the
route's end tolerance)."""
FLIP_MIN_DEG = 170.0
"""flip: the object turned at least this far [deg] in the hand."""

SUPPORT_PREDICATES = frozenset({"on", "inside", "held"})
STATE_PREDICATES = frozenset({"on", "inside", "held", "open", "closed", "running", "off", "sitting", "attached",
                              "raised", "cut", "cooked"})


@dataclass(frozen=True)
class Claim:
    """One postcondition: ``text`` names what should hold, ``holds`` whether it does, ``instead`` what the world
    shows (plain language)."""

    text: str
    holds: bool
    instead: str = ""


@dataclass
class PostContext:
    """What a claim may read: the scene after the command, relations before and after, and the human and the
    entity poses and states before it (from the executor's snapshot)."""

    scene: Scene
    targets: list[str]
    params: dict[str, Any]
    before: frozenset
    after: frozenset
    human_before: Any
    poses_before: dict[str, np.ndarray]
    states_before: dict[str, dict[str, Any]]

    def about(self, key: str, preds=SUPPORT_PREDICATES) -> str:
        """Plain-language list of the relations now true of ``key`` among ``preds``."""
        facts = sorted(r for r in self.after if r[0] in preds and len(r) > 1 and r[1] == key)
        if not facts:
            return f"{key} rests on nothing" if preds is SUPPORT_PREDICATES else f"nothing about {key}"
        return "; ".join(f"{r[0]}({', '.join(r[1:])})" for r in facts)


def _relation(ctx: PostContext, rel: tuple, holds: bool = True) -> Claim:
    text = f"{rel[0]}({', '.join(rel[1:])})" if holds else f"not {rel[0]}({', '.join(rel[1:])})"
    key = rel[1] if len(rel) > 1 else ""
    preds = SUPPORT_PREDICATES if rel[0] in SUPPORT_PREDICATES else STATE_PREDICATES
    return Claim(text, (rel in ctx.after) == holds, ctx.about(key, preds) if key else "")


def _room(scene: Scene, xy) -> str | None:
    r = scene.room_of(np.asarray(xy, float))
    return None if r is None else r.name


def _footprint_distance(scene: Scene, key: str, xy) -> float:
    """Horizontal distance [m] from ``xy`` to the entity's box footprint (0 inside it)."""
    t, h = scene.entities[key].obb()
    local = t[:3, :3].T @ (np.r_[np.asarray(xy, float), t[2, 3]] - t[:3, 3])
    return float(np.linalg.norm(np.maximum(np.abs(local[:2]) - h[:2], 0.0)))


def _in_place(ctx: PostContext) -> list[Claim]:
    """Perception and control keep the body where it stood and the hand as it was (the head may turn; what the
    turning body brushes moves physically and shows in the relation delta)."""
    moved = float(np.linalg.norm(ctx.scene.human.xy - ctx.human_before.xy))
    held0, held = ctx.human_before.held, ctx.scene.human.held
    return [Claim("the body where it stood", moved < 1e-6, f"the body moved {moved:.2f} m"),
            Claim(f"the hand holding {held0 or 'nothing'}", held == held0, f"the hand holds {held or 'nothing'}")]


def _look_at(ctx: PostContext) -> list[Claim]:
    """LookAt may step to where a label is legible or a piece is seen whole, and brings a labelled object up to
    the eyes and puts it back: the hand holds what it held, the object is where it was (a held one stays held)."""
    key = ctx.targets[0]
    held0, held = ctx.human_before.held, ctx.scene.human.held
    out = [Claim(f"the hand holding {held0 or 'nothing'}", held == held0, f"the hand holds {held or 'nothing'}")]
    before = ctx.poses_before.get(key)
    if before is not None and key != held:
        moved = float(np.linalg.norm(ctx.scene.entities[key].pose[:3, 3] - before[:3, 3]))
        out.append(Claim(f"{key} where it was", moved < 1e-6, f"{key} moved {moved:.3f} m"))
    return out


def _navigate(ctx: PostContext) -> list[Claim]:
    key = ctx.targets[0]
    h = ctx.scene.human
    if key == h.held or key in h.carried:
        return []
    d = _footprint_distance(ctx.scene, key, h.xy)
    return [Claim(f"the body standing near {key}", d <= STANCE_REACH, f"the body stands {d:.2f} m from {key}")]


def _forward(ctx: PostContext) -> list[Claim]:
    h0, h = ctx.human_before, ctx.scene.human
    want = float(ctx.params.get("distance_m", 0.6))
    direction = str(ctx.params.get("direction", "ahead"))
    step = h.xy - h0.xy
    along = float(step @ step_vector(h0.yaw, direction))
    where = {"ahead": "further ahead", "back": "further back", "left": "to the left",
             "right": "to the right"}.get(direction, direction)
    return [Claim(f"the body {want:.2f} m {where}", abs(along - want) <= FORWARD_TOLERANCE
                  and abs(float(np.linalg.norm(step)) - abs(along)) <= FORWARD_TOLERANCE,
                  f"the body moved {float(np.linalg.norm(step)):.2f} m")]


def _turn(ctx: PostContext) -> list[Claim]:
    want = float(ctx.params.get("angle_rad", math.pi / 2))
    got = (ctx.scene.human.yaw - ctx.human_before.yaw + math.pi) % (2 * math.pi) - math.pi
    err = abs((got - want + math.pi) % (2 * math.pi) - math.pi)
    return [Claim(f"the heading turned {math.degrees(want):.0f} deg", math.degrees(err) <= TURN_TOLERANCE_DEG,
                  f"it turned {math.degrees(got):.0f} deg")]


def _standup(ctx: PostContext) -> list[Claim]:
    return [Claim("you standing", ctx.scene.human.sitting is None and ctx.scene.human.posture == "stand",
                  f"you are still sitting on {ctx.scene.human.sitting}")]


def _squat(ctx: PostContext) -> list[Claim]:
    h = ctx.scene.human
    return [Claim("you standing where you crouched", h.posture == "stand" and h.sitting is None
                  and float(np.linalg.norm(h.xy - ctx.human_before.xy)) < 1e-6, "you moved or stayed down")]


def _release(ctx: PostContext) -> list[Claim]:
    key = ctx.human_before.held
    rests = any(r[0] in ("on", "inside") and r[1] == key for r in ctx.after)
    return [Claim(f"{key} out of your hand", ("held", key) not in ctx.after, f"you still hold {key}"),
            Claim(f"{key} resting on something", rests, ctx.about(key))]


def _flip(ctx: PostContext) -> list[Claim]:
    key = ctx.targets[0]
    h0, h = ctx.human_before, ctx.scene.human
    turned = 0.0
    if h0.object_in_wrist is not None and h.object_in_wrist is not None:
        turned = pose_change(h0.object_in_wrist, h.object_in_wrist)[1]
    return [_relation(ctx, ("held", key)),
            Claim(f"{key} turned over in your hand", turned >= FLIP_MIN_DEG, f"it turned {turned:.0f} deg")]


def _on_floor(ctx: PostContext) -> list[Claim]:
    return [_relation(ctx, ("on", ctx.targets[0], FLOOR_KEY))]


def _moved_fixture(ctx: PostContext) -> list[Claim]:
    fixture, dest = ctx.targets[:2]
    ta, ha = ctx.scene.entities[fixture].obb()
    tb, hb = ctx.scene.entities[dest].obb()
    gap = obb_distance(ta, ha, tb, hb)
    claims = [Claim(f"{fixture} in front of {dest}", gap <= MOVED_FIXTURE_GAP, f"{fixture} is {gap:.2f} m away")]
    for r in sorted(ctx.before):
        if r[0] in ("on", "inside") and r[2] == fixture:
            claims.append(_relation(ctx, r))
    return claims


def _same_room(ctx: PostContext) -> list[Claim]:
    was, now = _room(ctx.scene, ctx.human_before.xy), _room(ctx.scene, ctx.scene.human.xy)
    return [Claim(f"you still in the {was}", was == now, f"you are in the {now}")]


def _state_count(ctx: PostContext, key: str, field: str) -> Claim:
    before = ctx.states_before.get(key, {}).get(field)
    now = ctx.scene.entities[key].state.get(field)
    grew = (int(now or 0) > int(before or 0)) if field == "stirred" else bool(now)
    return Claim(f"{key} {field}", grew, f"{key} is not {field}")


def _stir(ctx: PostContext) -> list[Claim]:
    target, tool = ctx.targets[:2]
    return [_state_count(ctx, target, "stirred"), _relation(ctx, ("held", tool))]


def _wipe(ctx: PostContext) -> list[Claim]:
    tool, target = ctx.targets[:2]
    return [_state_count(ctx, target, "wiped"), _relation(ctx, ("held", tool))]


def _pour(ctx: PostContext) -> list[Claim]:
    target, source = ctx.targets[:2]
    claims = [_relation(ctx, ("held", source))]
    had = ctx.states_before.get(source, {}).get("contents")
    if had:
        # the target's record (devices.RECEIVED) gained exactly what the source held, and the source is empty
        before = list(ctx.states_before.get(target, {}).get("received") or ())
        got = list(ctx.scene.entities[target].state.get("received") or ())
        claims.append(Claim(f"{had} in {target}", got == before + [had]
                            and not ctx.scene.entities[source].state.get("contents"),
                            f"{target} received {', '.join(got) or 'nothing'}"))
    return claims


def _phone(ctx: PostContext) -> list[Claim]:
    key = ctx.targets[0]
    return [_relation(ctx, ("held", key)),
            Claim(f"{key} at your ear", ctx.scene.human.phone_at_ear, f"{key} is not at your ear")]


def _use_computer(ctx: PostContext) -> list[Claim]:
    return [_relation(ctx, ("running", ctx.targets[0]))]


CLAIMS: dict[str, Callable[[PostContext], list[Claim]]] = {
    "navigate_to": _navigate, "forward": _forward, "turn": _turn, "standup": _standup, "squat": _squat,
    "release": _release, "flip": _flip, "place_on_floor": _on_floor, "fall_to_floor": _on_floor,
    "push": _moved_fixture, "pull": _moved_fixture, "open_door": _same_room, "close_door": _same_room,
    "stir": _stir, "wipe": _wipe, "pour": _pour, "answer_phone": _phone, "use_computer": _use_computer,
    "look_around": _in_place, "look_scan": _in_place, "look_at": _look_at, "wait": _in_place,
    "confirm": _in_place,
}
"""Primitive -> its claims beyond the registry's relation (every primitive of Table 5 has the registry relation,
an entry here, or both)."""


def registry_claim(ctx: PostContext, spec) -> Claim | None:
    """The registry's declared relation (``spec.postcondition``) with the command's entities filled in."""
    pc = spec.postcondition
    if pc is None:
        return None
    sym = set(spec.symbolic_args)
    entity_pos = [i for i in range(spec.max_entities) if i not in sym]
    try:
        rel = (pc.pred, *[ctx.targets[entity_pos.index(i)] for i in pc.args])
    except (ValueError, IndexError):
        return None
    return _relation(ctx, rel, pc.holds)


def verify(ctx: PostContext, spec) -> PrimitiveError | None:
    """POSTCONDITION_FAILED for the first claim of ``spec``'s primitive that the settled world does not show."""
    claims = [c for c in [registry_claim(ctx, spec)] if c is not None]
    extra = CLAIMS.get(spec.name)
    if extra is not None:
        claims += extra(ctx)
    for c in claims:
        if not c.holds:
            return fail(ErrorCode.POSTCONDITION_FAILED,
                        f"The action ran, but afterwards the world does not show {c.text}: {c.instead}.",
                        expected=c.text, instead=c.instead)
    return None
