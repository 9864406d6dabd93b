"""The registry of the 36 canonical action primitives and their surface verbs.

Source: paper appendix B.3.1, Table 5 ("The 36 canonical action primitives, grouped by function"). Every
surface verb of the table is registered as an alias of its primitive; aliases are matched case-insensitively
after normalisation (lower case, spaces, underscores and hyphens removed), so ``[PutIn]``, ``[putin]`` and
``[Put_In]`` name the same primitive.

Argument conventions (Table 5, "arguments in order"):

* entity arguments are ``<name> (index)`` references to scene entities, except the *symbolic* ones listed in
  :attr:`PrimitiveSpec.symbolic_args` (the connectors of ``attach`` and the optional interior region of
  ``place_inside``), which name parts of an entity and are not resolved against the scene;
* at most one numeric argument (:attr:`PrimitiveSpec.scalar`): a distance for ``forward``, an angle for
  ``turn``, a duration for ``wait`` and an integer angle error for ``attach``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import get_close_matches

__all__ = [
    "Postcondition",
    "PrimitiveSpec",
    "PRIMITIVES",
    "GROUPS",
    "normalize_verb",
    "resolve_verb",
    "suggest_verb",
    "all_aliases",
    "command_legend",
]

GROUPS = (
    "locomotion",
    "grasping",
    "assembly",
    "fixtures",
    "devices",
    "perception",
)
"""The six groups of Table 5, in table order."""


@dataclass(frozen=True)
class Postcondition:
    """A relation a successful primitive must leave in the world, read back after settling.

    ``pred`` is one of the scorer's predicates; ``args`` are indices into the command's entity arguments;
    ``holds`` is False for postconditions that clear a relation (``standup`` clears ``sitting``).
    """

    pred: str
    args: tuple[int, ...]
    holds: bool = True


@dataclass(frozen=True)
class PrimitiveSpec:
    """One canonical primitive of Table 5.

    Attributes:
        name: canonical lower_snake name (``"pick"``).
        aliases: the surface verbs of Table 5, as written there (``("Grab",)``).
        group: one of :data:`GROUPS`.
        min_entities, max_entities: the accepted number of entity arguments (symbolic ones included).
        arg_names: a name for each entity argument position, for arity messages (``("object", "surface")``).
        scalar: the kind of the optional numeric argument: ``"distance"``, ``"angle"``, ``"duration"``,
            ``"angle_error"`` or None when no number is accepted.
        navigates: True when compilation inserts a NAVIGATE_TO goal before the primitive (a manipulation of
            something not within reach of the current stance).
        nav_arg: the entity argument the inserted navigation goes to (None when ``navigates`` is False).
        state_changing: True when the executor must re-read the world after execution and turn a mismatch
            with :attr:`postcondition` into POSTCONDITION_FAILED (paper B.3.2: open, close, power, cut, cook;
            also the sitting, attachment and raising transitions, whose relations are predicates too).
        requires_held_arg: the entity argument that must be the held object, or None.
        requires_empty_hand: True for push/pull, which need an empty hand.
        symbolic_args: entity argument positions that are symbolic (not resolved against the scene).
        symbolic_default_index: the instance index a symbolic argument gets when none is written
            (0 for the connectors of attach, paper B.3.1 "Arguments and defaults"; 1 otherwise).
        accepts_place_spot: True when ``@place_spot=u:v`` is meaningful (placement primitives).
        clears_stance: True when success moves the body away from the last navigation target (so a later
            manipulation of that target needs a fresh NAVIGATE_TO).
        postcondition: the relation that success must leave in the world, or None.
        summary: the operational semantics in one sentence.
    """

    name: str
    aliases: tuple[str, ...]
    group: str
    min_entities: int
    max_entities: int
    arg_names: tuple[str, ...]
    scalar: str | None
    navigates: bool
    nav_arg: int | None
    state_changing: bool
    requires_held_arg: int | None
    summary: str
    requires_empty_hand: bool = False
    symbolic_args: tuple[int, ...] = ()
    symbolic_default_index: int = 1
    accepts_place_spot: bool = False
    clears_stance: bool = False
    postcondition: Postcondition | None = None

    def signature(self) -> str:
        """The command form with argument names, e.g. ``[PutIn] <object> <container> [<region>]``."""
        parts = [f"[{self.aliases[0]}]"]
        for i, arg in enumerate(self.arg_names):
            parts.append(f"<{arg}>" if i < self.min_entities else f"[<{arg}>]")
        if self.scalar is not None:
            parts.append(f"[{self.scalar}]")
        return " ".join(parts)

    def expected_arguments(self) -> str:
        """Plain-language arity, e.g. ``"2 entity arguments (object, surface)"``."""
        if self.max_entities == 0:
            return "no entity arguments"
        if self.min_entities == self.max_entities:
            count = f"{self.min_entities} entity argument{'s' if self.min_entities != 1 else ''}"
        else:
            count = f"{self.min_entities} to {self.max_entities} entity arguments"
        return f"{count} ({', '.join(self.arg_names)})"


def _p(
    name: str,
    aliases: tuple[str, ...],
    group: str,
    arg_names: tuple[str, ...],
    summary: str,
    *,
    min_entities: int | None = None,
    scalar: str | None = None,
    nav_arg: int | None = None,
    state_changing: bool = False,
    held: int | None = None,
    **extra,
) -> PrimitiveSpec:
    return PrimitiveSpec(
        name=name,
        aliases=aliases,
        group=group,
        min_entities=len(arg_names) if min_entities is None else min_entities,
        max_entities=len(arg_names),
        arg_names=arg_names,
        scalar=scalar,
        navigates=nav_arg is not None,
        nav_arg=nav_arg,
        state_changing=state_changing,
        requires_held_arg=held,
        summary=summary,
        **extra,
    )


_SPECS: tuple[PrimitiveSpec, ...] = (
    # Locomotion and posture
    _p("navigate_to", ("Walk", "Run", "WalkTowards"), "locomotion", ("target",),
       "Plans a collision-aware route to a fresh interaction stance near the target and walks it; Run is the "
       "same controller.", clears_stance=True),
    _p("forward", ("Forward", "WalkForward"), "locomotion", (),
       "Moves the body straight ahead by the given distance after checking the swept path for collisions.",
       scalar="distance", clears_stance=True),
    _p("turn", ("TurnLeft", "TurnRight", "TurnAround"), "locomotion", (),
       "Rotates the body in place about the vertical axis, carrying any held object with the wrist.",
       scalar="angle", clears_stance=True),
    _p("sit", ("Sit",), "locomotion", ("seat",),
       "Walks to the seat, lowers the pelvis onto its top surface and records sitting.",
       nav_arg=0, state_changing=True, clears_stance=True, postcondition=Postcondition("sitting", (0,))),
    _p("standup", ("StandUp",), "locomotion", (),
       "Rises from the current seat, steps clear of it and clears sitting.",
       state_changing=True, clears_stance=True),
    _p("squat", ("Squat", "SquatDown"), "locomotion", (),
       "Crouches, lowering the head camera, and returns to standing."),
    # Grasping and placement
    _p("pick", ("Grab",), "grasping", ("object",),
       "Reaches the object, closes the hand around it and makes it the held object; refused while another "
       "object is held.", nav_arg=0, postcondition=Postcondition("held", (0,))),
    _p("release", ("Drop", "Release"), "grasping", ("object",),
       "Opens the hand at the current carried pose and lets the held object settle under gravity.",
       min_entities=0, held=0),
    _p("flip", ("Flip", "TurnOver"), "grasping", ("object",),
       "Turns the held object upside down (180 degrees) while keeping it in the hand.", held=0),
    _p("place", ("Put", "PutBack", "PutObjBack", "PutOn"), "grasping", ("object", "surface", "level"),
       "Carries the held object to the support surface (on a unit with levels: the named level, else "
       "the free level nearest chest height), sets it down, settles it and checks on.",
       min_entities=2, nav_arg=1, held=0, symbolic_args=(2,), accepts_place_spot=True,
       postcondition=Postcondition("on", (0, 1))),
    _p("place_inside", ("PutIn", "PutInside", "Insert"), "grasping", ("object", "container", "region"),
       "Sets the held object into a named interior region of the container (or a free one), settles it and "
       "checks inside.", min_entities=2, nav_arg=1, held=0, symbolic_args=(2,), accepts_place_spot=True,
       postcondition=Postcondition("inside", (0, 1))),
    _p("place_on_floor", ("PutOnFloor",), "grasping", ("object", "anchor"),
       "Crouches and sets the held object on the floor next to the anchor, then checks near.",
       nav_arg=1, held=0, accepts_place_spot=True, postcondition=Postcondition("near", (0, 1))),
    _p("fall_to_floor", ("FallToFloor",), "grasping", ("object", "support"),
       "Moves an unattended object from the stated support to the floor beside it by a fixed rule; refused for "
       "held, contained or wrongly supported objects."),
    # Assembly
    _p("attach", ("Attach", "Assemble", "Install"), "assembly",
       ("child", "child_connector", "parent", "parent_connector"),
       "Mates the child's connector with the parent's at their declared relative pose; an integer angle error "
       "[deg] perturbs the mating orientation.", scalar="angle_error", nav_arg=2, state_changing=True,
       symbolic_args=(1, 3), symbolic_default_index=0, postcondition=Postcondition("attached", (0, 2))),
    _p("detach", ("Detach", "Disassemble", "Remove"), "assembly", ("child", "parent"),
       "Breaks the child-parent attachment so the child can be handled on its own again.",
       nav_arg=0, state_changing=True, postcondition=Postcondition("attached", (0, 1), holds=False)),
    _p("raise", ("Raise", "Erect", "StandUpright"), "assembly", ("assembly",),
       "Tips a flat-lying assembly upright about its base edge, keeping its attachments.",
       nav_arg=0, state_changing=True, postcondition=Postcondition("raised", (0,))),
    # Fixtures and articulated objects
    _p("push", ("Push", "PushRack"), "fixtures", ("fixture", "destination"),
       "With an empty hand, pushes a movable fixture to the destination; whatever rests on or in it moves along.",
       nav_arg=0, requires_empty_hand=True, clears_stance=True),
    _p("pull", ("Pull", "PullRack"), "fixtures", ("fixture", "destination"),
       "With an empty hand, pulls a movable fixture to the destination; whatever rests on or in it moves along.",
       nav_arg=0, requires_empty_hand=True, clears_stance=True),
    _p("open", ("Open",), "fixtures", ("openable",),
       "Drives the hinged or sliding joint to its open limit and checks open.",
       nav_arg=0, state_changing=True, postcondition=Postcondition("open", (0,))),
    _p("close", ("Close",), "fixtures", ("openable",),
       "Drives the hinged or sliding joint to its closed limit and checks closed.",
       nav_arg=0, state_changing=True, postcondition=Postcondition("closed", (0,))),
    _p("open_door", ("OpenDoor",), "fixtures", ("door",),
       "Grasps the handle and swings the door leaf open, freeing its cells in the navigation grid.",
       nav_arg=0, state_changing=True, postcondition=Postcondition("open", (0,))),
    _p("close_door", ("CloseDoor",), "fixtures", ("door",),
       "Swings the door leaf shut, making its cells blocking again in the navigation grid.",
       nav_arg=0, state_changing=True, postcondition=Postcondition("closed", (0,))),
    # Devices and tool use
    _p("turn_on", ("TurnOn", "SwitchOn"), "devices", ("device",),
       "Presses the device's control and checks running.",
       nav_arg=0, state_changing=True, postcondition=Postcondition("running", (0,))),
    _p("turn_off", ("TurnOff", "SwitchOff"), "devices", ("device",),
       "Presses the device's control and checks off.",
       nav_arg=0, state_changing=True, postcondition=Postcondition("off", (0,))),
    _p("cook", ("Cook",), "devices", ("food",),
       "Cooks food that sits in or on a running appliance suited to it and checks cooked.",
       nav_arg=0, state_changing=True, postcondition=Postcondition("cooked", (0,))),
    _p("cut", ("Cut",), "devices", ("target", "tool"),
       "Chops the target with the held tool along a collision-checked trajectory and checks cut.",
       nav_arg=0, held=1, state_changing=True, postcondition=Postcondition("cut", (0,))),
    _p("stir", ("Stir",), "devices", ("target", "tool"),
       "Moves the held tool in a circle inside the target; the motion is rendered and logged.",
       nav_arg=0, held=1),
    _p("pour", ("Pour",), "devices", ("target", "source"),
       "Tilts the held source about the target's rim, transferring configured contents into the target.",
       nav_arg=0, held=1),
    _p("wipe", ("Wipe",), "devices", ("tool", "target"),
       "Sweeps the tool over the target in a raster, picking the tool up first when the hand is empty; the "
       "legacy target-then-tool order is recognised.", nav_arg=1),
    _p("use_computer", ("UseComputer", "Type"), "devices", ("workstation",),
       "Sits if needed, types with both hands, wakes the display, and stands again if it sat for this action.",
       nav_arg=0),
    _p("answer_phone", ("AnswerPhone",), "devices", ("phone",),
       "Raises the held phone to the ear without walking anywhere; later waiting keeps that pose.", held=0),
    # Perception and control
    _p("look_around", ("LookAround",), "perception", (),
       "Turns the head camera through a level full circle."),
    _p("look_scan", ("LookScan",), "perception", (),
       "Sweeps the head camera with the gaze pitched down towards the floor, for low or nearby objects."),
    _p("look_at", ("LookAt",), "perception", ("entity",),
       "Points the gaze at the entity, turning a label-bearing object to a readable view where needed."),
    _p("wait", ("Wait",), "perception", (),
       "Holds the current pose for the given duration while frames are rendered.", scalar="duration"),
    _p("confirm", ("Confirm",), "perception", (),
       "Marks a halt or finalisation point of a human policy; produces no motion."),
)

PRIMITIVES: dict[str, PrimitiveSpec] = {spec.name: spec for spec in _SPECS}
"""The 36 canonical primitives of Table 5, keyed by canonical name, in table order."""

_NORMALISE_RE = re.compile(r"[\s_\-]+")


def normalize_verb(surface: str) -> str:
    """Lower-case a surface verb and drop spaces, underscores and hyphens: ``"Put In"`` -> ``"putin"``."""
    return _NORMALISE_RE.sub("", surface.strip().strip("[]").strip()).lower()


_ALIAS_INDEX: dict[str, PrimitiveSpec] = {}
for _spec in _SPECS:
    for _alias in _spec.aliases:
        _key = normalize_verb(_alias)
        if _key in _ALIAS_INDEX:  # pragma: no cover - guarded by a test as well
            raise RuntimeError(f"surface verb {_alias!r} registered twice")
        _ALIAS_INDEX[_key] = _spec


_CANONICAL_INDEX: dict[str, PrimitiveSpec] = {normalize_verb(name): spec for name, spec in PRIMITIVES.items()}


def all_aliases() -> dict[str, str]:
    """Every surface verb of Table 5 (as written there) mapped to its canonical primitive name."""
    return {alias: spec.name for spec in _SPECS for alias in spec.aliases}


def resolve_verb(surface: str) -> PrimitiveSpec | None:
    """The primitive a surface verb names, or None.

    Matching is case-insensitive after normalisation (:func:`normalize_verb`); canonical names are accepted
    too (``"place_inside"``).
    """
    key = normalize_verb(surface)
    return _ALIAS_INDEX.get(key) or _CANONICAL_INDEX.get(key)


def suggest_verb(surface: str) -> str | None:
    """The closest registered surface verb (as written in Table 5) to a misspelt one, or None."""
    key = normalize_verb(surface)
    if not key:
        return None
    by_key = {normalize_verb(a): a for a in all_aliases()}
    match = get_close_matches(key, list(by_key), n=1, cutoff=0.6)
    if not match:
        # a verb that contains a registered one ("grabthemug") still deserves a hint
        contained = [k for k in by_key if len(k) >= 3 and k in key]
        if contained:
            return by_key[max(contained, key=len)]
        return None
    return by_key[match[0]]


def command_legend(names: "list[str] | tuple[str, ...] | None" = None) -> str:
    """The action legend shown to a Human executor: one line per primitive with its surface verbs,
    arguments and semantics.

    Args:
        names: canonical primitive names to include, in that order (a task-facing prompt may expose a subset,
            paper B.3.1); None lists all 36 in table order.

    Raises:
        KeyError: for a name that is not a canonical primitive.
    """
    lines = [
        "Commands: [Verb] <entity_name> (instance_id) ..., one per line or separated by ', '. "
        "Instance ids default to 1. Numbers: [Forward] paces (or '1.5 m'), turns in degrees, [Wait] in seconds. "
        "Placements accept @place_spot=u:v: facing the support's front (where walking to it stands you), u goes "
        "from -1 at your left to 1 at your right and v from 0 at the near edge to 1 at the far edge; or "
        "@beside=<object> (i) left|right|front|behind for the free spot next to that object. A unit with levels "
        "takes one after it, from its legend entry: [PutIn] <can> (1) <cupboard> (1) <upper>. "
        "[Forward] -1 m or [Forward] back 1 m steps back; [Forward] left 0.5 m or right steps sideways."
    ]
    for name in names if names is not None else list(PRIMITIVES):
        spec = PRIMITIVES[name]
        args = [f"<{a}>" if i < spec.min_entities else f"[<{a}>]" for i, a in enumerate(spec.arg_names)]
        if spec.scalar is not None:
            args.append(f"[{spec.scalar}]")
        verbs = " / ".join(f"[{a}]" for a in spec.aliases)
        lines.append(f"{verbs} {' '.join(args)}".rstrip() + f": {spec.summary}")
    return "\n".join(lines)
