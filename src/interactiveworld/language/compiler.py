"""Grounding parsed commands against the scene and compiling them into typed goals.

Paper appendix B.3.1: "The registry validates entity arity before compiling each command into one or more
typed goals. Manipulations automatically insert a NAVIGATE_TO goal when needed ... and deduplicate redundant
navigation." The stance itself is chosen at execution time; a goal only names its target.

Grounding of an entity argument ``<name> (index)`` against the actionable entities, in order:

1. exact key: an entity whose name is the name as written and whose index is the index (default 1);
2. case-insensitive: the same after normalising both names to lower_snake;
3. a defaulted index with no instance 1: the single instance of that name (a repair), or AMBIGUOUS_REFERENCE
   naming the instances;
4. description: the entities whose words (name, category, description) contain every word of the argument;
   one match is accepted (a repair), several are filtered by an explicit index and otherwise rejected with
   AMBIGUOUS_REFERENCE naming the candidates; none is UNKNOWN_ENTITY with the closest names as a hint.

Numeric arguments (paper B.3.1, "Arguments and defaults"):

* ``forward``: default one pace, :data:`PACE_LENGTH_M` = 0.6 m; a bare number counts paces, ``m`` (or ``cm``)
  gives metres; the displacement is capped at :data:`MAX_FORWARD_M` = 20 m. A negative distance, or the word
  ``back``, steps backwards; ``left`` or ``right`` steps sideways (``params["direction"]`` is ``"ahead"``,
  ``"back"``, ``"left"`` or ``"right"``; ``distance_m`` is always positive). The facing never changes.
* ``turn``: TurnLeft/TurnRight default 90 deg and accept angles in (0, 360] deg (bare numbers are degrees;
  ``rad`` is accepted); TurnAround is fixed at 180 deg. ``params["angle_rad"]`` is signed about +z: left
  (counter-clockwise seen from above) positive, right negative.
* ``wait``: default 3 s, accepted range [0.1, 600] s (``min`` is accepted).
* ``attach``: an optional integer angle error in degrees.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from difflib import get_close_matches
from enum import Enum
from typing import Any, Mapping, Protocol, Sequence, runtime_checkable

from ..errors import ErrorCode, PrimitiveError
from .grammar import FILLER_WORDS, EntityArg, ParseError, ParsedCommand, format_number, normalize_name, parse_command
from .registry import PRIMITIVES, PrimitiveSpec, normalize_verb, resolve_verb, suggest_verb

__all__ = [
    "EntityRecord",
    "GoalKind",
    "Goal",
    "CompiledCommand",
    "compile_command",
    "compile_text",
    "compile_block",
    "render_command",
    "render_structured",
    "resolve_entity",
    "PACE_LENGTH_M",
    "DEFAULT_FORWARD_M",
    "MAX_FORWARD_M",
    "DEFAULT_TURN_DEG",
    "DEFAULT_WAIT_S",
    "WAIT_RANGE_S",
]

PACE_LENGTH_M = 0.6
"""Length of one pace [m]: a bare number after [Forward] counts paces (the 0.6 m default is one pace)."""
DEFAULT_FORWARD_M = 0.6
"""[Forward] displacement when no number is given [m] (paper B.3.1)."""
MAX_FORWARD_M = 20.0
"""Cap on one [Forward] displacement [m] (paper B.3.1); longer requests are clamped."""
DEFAULT_TURN_DEG = 90.0
"""[TurnLeft]/[TurnRight] angle when no number is given [deg] (paper B.3.1)."""
DEFAULT_WAIT_S = 3.0
"""[Wait] duration when no number is given [s] (paper B.3.1)."""
WAIT_RANGE_S = (0.1, 600.0)
"""Accepted [Wait] durations [s], inclusive (paper B.3.1)."""

_TOOL_WORDS = frozenset(
    {"cloth", "sponge", "towel", "rag", "wipe", "wipes", "brush", "tissue", "napkin", "mop", "duster", "scrubber",
     "squeegee", "paper_towel"}
)


@runtime_checkable
class EntityRecord(Protocol):
    """What the compiler needs to know about an actionable entity (``env_types.Handle`` satisfies it)."""

    name: str
    index: int
    category: str
    description: str


class GoalKind(str, Enum):
    """The kind of a typed goal: NAVIGATE_TO, and one per remaining primitive of Table 5.

    The value is the canonical primitive name (NAVIGATE_TO is ``"navigate_to"``, the goal of [Walk] and of
    every inserted navigation).
    """

    NAVIGATE_TO = "navigate_to"
    FORWARD = "forward"
    TURN = "turn"
    SIT = "sit"
    STANDUP = "standup"
    SQUAT = "squat"
    PICK = "pick"
    RELEASE = "release"
    FLIP = "flip"
    PLACE = "place"
    PLACE_INSIDE = "place_inside"
    PLACE_ON_FLOOR = "place_on_floor"
    FALL_TO_FLOOR = "fall_to_floor"
    ATTACH = "attach"
    DETACH = "detach"
    RAISE = "raise"
    PUSH = "push"
    PULL = "pull"
    OPEN = "open"
    CLOSE = "close"
    OPEN_DOOR = "open_door"
    CLOSE_DOOR = "close_door"
    TURN_ON = "turn_on"
    TURN_OFF = "turn_off"
    COOK = "cook"
    CUT = "cut"
    STIR = "stir"
    POUR = "pour"
    WIPE = "wipe"
    USE_COMPUTER = "use_computer"
    ANSWER_PHONE = "answer_phone"
    LOOK_AROUND = "look_around"
    LOOK_SCAN = "look_scan"
    LOOK_AT = "look_at"
    WAIT = "wait"
    CONFIRM = "confirm"


@dataclass
class Goal:
    """One typed goal for the human action layer.

    Attributes:
        kind: what to execute.
        primitive: the canonical primitive of the command this goal came from (an inserted navigation carries
            the manipulation's primitive and ``params["implicit"] = True``).
        targets: resolved entity keys ``"name#index"`` in argument order (symbolic arguments excluded).
        params: typed parameters: ``distance_m`` [m], ``angle_rad`` [rad, signed about +z], ``duration_s`` [s],
            ``place_spot`` (u, v), ``region`` (``"name#index"``), ``connectors``
            (``{"child": "name#index", "parent": "name#index"}``), ``angle_error_deg`` [deg], ``implicit``,
            ``capped`` (a clamped [Forward]), ``requested_distance_m``.
        command: the source command line.
    """

    kind: GoalKind
    primitive: str
    targets: list[str]
    params: dict[str, Any] = field(default_factory=dict)
    command: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "primitive": self.primitive, "targets": list(self.targets),
                "params": dict(self.params), "command": self.command}


@dataclass
class CompiledCommand:
    """A grounded command and its goals (navigation first, then the primitive's own goal).

    Attributes:
        parsed: the parse result.
        spec: the primitive.
        goals: the typed goals in execution order.
        repaired: True when parsing or grounding needed a repair.
        repairs: every repair, parser's first.
        targets: the resolved entity keys of the command's scene arguments, in argument order.
        arg_keys: every argument as a key, in argument order: resolved keys for scene arguments, and
            ``name#index`` with the default index applied for symbolic ones.
    """

    parsed: ParsedCommand
    spec: PrimitiveSpec
    goals: list[Goal]
    repaired: bool
    repairs: list[str] = field(default_factory=list)
    targets: list[str] = field(default_factory=list)
    arg_keys: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The command as grounded, in the strict grammar: the registered spelling of the verb, resolved keys
        with explicit indices, and the number and place spot as written (``[Grab] <red_mug> (2)``)."""
        verb = next((a for a in self.spec.aliases if normalize_verb(a) == normalize_verb(self.parsed.verb)),
                    self.spec.aliases[0])
        p = self.parsed
        scalar = None if p.scalar is None else format_number(p.scalar) + (f" {p.unit}" if p.unit else "")
        return render_command(verb, self.arg_keys, scalar=scalar, place_spot=p.place_spot)

    def navigation_target_after(self, before: str | None) -> str | None:
        """The navigation target the body stands at after this command succeeds, given the one before it."""
        last = before
        for goal in self.goals:
            if goal.kind is GoalKind.NAVIGATE_TO:
                last = goal.targets[0]
        if self.spec.clears_stance and self.spec.name != "navigate_to":
            return None
        return last


def _error(code: ErrorCode, message: str, **details: Any) -> PrimitiveError:
    return PrimitiveError(code, message, details)


def _key(entity: EntityRecord) -> str:
    return f"{entity.name}#{entity.index}"


def _handles(entities: Sequence[EntityRecord]) -> str:
    """Entities as the Human writes them, ``<plate> (3), <plate> (4)``, sorted by key."""
    return ", ".join(f"<{e.name}> ({e.index})" for e in sorted(entities, key=_key))


def _words(entity: EntityRecord) -> set[str]:
    words: set[str] = set()
    for text in (entity.name, entity.category, entity.description):
        words.update(w for w in normalize_name(text or "").split("_") if w)
    return words


def resolve_entity(arg: EntityArg, entities: Sequence[EntityRecord]) -> tuple[EntityRecord, str | None] | PrimitiveError:
    """Ground one entity argument (rules in the module docstring).

    Returns:
        ``(entity, repair)`` where ``repair`` is a note when grounding went beyond the exact or
        case-insensitive key, or a :class:`PrimitiveError` (UNKNOWN_ENTITY or AMBIGUOUS_REFERENCE).
    """
    index = 1 if arg.index is None else arg.index
    raw_name = arg.raw.strip().lstrip("<").split(">")[0].strip()
    for e in entities:  # 1. exact key
        if e.name == raw_name and e.index == index:
            return e, None
    same_name = [e for e in entities if normalize_name(e.name) == arg.name]
    for e in same_name:  # 2. case-insensitive key
        if e.index == index:
            return e, None
    if same_name:
        if arg.index is None:
            if len(same_name) == 1:
                return same_name[0], f"<{arg.name}> has no instance 1; used the only instance {_key(same_name[0])}"
            return _error(
                ErrorCode.AMBIGUOUS_REFERENCE,
                f"<{arg.name}> could mean {_handles(same_name)}; say which one.",
                token=arg.raw, candidates=sorted(_key(e) for e in same_name),
            )
        return _error(
            ErrorCode.UNKNOWN_ENTITY,
            f"There is no <{arg.name}> ({arg.index}); the ones here are {_handles(same_name)}.",
            token=arg.raw, candidates=sorted(_key(e) for e in same_name),
        )
    # 4. a uniquely grounded description
    query = {w for w in arg.name.split("_") if w and w not in FILLER_WORDS}
    matches = [e for e in entities if query and query <= _words(e)]
    if len(matches) > 1 and arg.index is not None:
        matches = [e for e in matches if e.index == arg.index]
    if len(matches) == 1:
        return matches[0], f"resolved the description {arg.raw!r} to {_key(matches[0])}"
    if len(matches) > 1:
        return _error(
            ErrorCode.AMBIGUOUS_REFERENCE,
            f"{arg.raw!r} could mean {_handles(matches)}; say which one.",
            token=arg.raw, candidates=sorted(_key(e) for e in matches),
        )
    names = sorted({normalize_name(e.name) for e in entities})
    close = get_close_matches(arg.name, names, n=3, cutoff=0.6)
    hint = f" Did you mean {', '.join(f'<{c}>' for c in close)}?" if close else ""
    return _error(
        ErrorCode.UNKNOWN_ENTITY,
        f"There is no {arg.raw!r} among the things you can act on.{hint}",
        token=arg.raw, suggestions=close,
    )


def _symbolic(arg: EntityArg, default_index: int) -> str:
    return f"{arg.name}#{default_index if arg.index is None else arg.index}"


def _scalar_params(spec: PrimitiveSpec, parsed: ParsedCommand) -> dict[str, Any] | PrimitiveError:
    verb = normalize_verb(parsed.verb)
    value, unit = parsed.scalar, parsed.unit
    if spec.scalar is None:
        if value is not None:
            return _error(ErrorCode.BAD_ARGUMENT, f"[{spec.aliases[0]}] takes no number, but got "
                          f"{format_number(value)}{' ' + unit if unit else ''}.", token=format_number(value))
        return {}
    shown = f"{format_number(value)}{' ' + unit if unit else ''}" if value is not None else ""

    def bad(message: str) -> PrimitiveError:
        return _error(ErrorCode.BAD_ARGUMENT, message, token=shown)

    if spec.scalar == "distance":
        if value is None:
            return {"distance_m": DEFAULT_FORWARD_M, "direction": parsed.direction or "ahead"}
        if unit in (None, "pace"):
            metres = value * PACE_LENGTH_M
        elif unit == "m":
            metres = value
        elif unit == "cm":
            metres = value / 100.0
        else:
            return bad(f"[Forward] takes a distance in paces or metres (e.g. 2 or 1.5 m), not {shown}.")
        direction = parsed.direction or "ahead"
        if metres < 0.0:
            if direction != "ahead":
                return bad(f"[Forward] {direction} takes a positive distance, got {shown}; write "
                           f"[Forward] {direction} {format_number(abs(value))}{' ' + unit if unit else ''}.")
            direction, metres = "back", -metres
        if not metres > 0.0:
            return bad(f"[Forward] needs a distance other than zero, got {shown}.")
        params: dict[str, Any] = {"distance_m": min(metres, MAX_FORWARD_M), "direction": direction}
        if metres > MAX_FORWARD_M:
            params.update(capped=True, requested_distance_m=metres)
        return params
    if spec.scalar == "angle":
        if verb == "turnaround":
            if value is not None and not (unit in (None, "deg") and value == 180.0):
                return bad("[TurnAround] always turns 180 degrees; use [TurnLeft] or [TurnRight] with an angle.")
            return {"angle_rad": math.pi, "direction": "around"}
        if value is None:
            degrees = DEFAULT_TURN_DEG
        elif unit in (None, "deg"):
            degrees = value
        elif unit == "rad":
            degrees = math.degrees(value)
        else:
            return bad(f"[{parsed.verb}] takes an angle in degrees (e.g. 45), not {shown}.")
        if not 0.0 < degrees <= 360.0:
            return bad(f"[{parsed.verb}] takes an angle in (0, 360] degrees, got {shown}.")
        sign = -1.0 if verb == "turnright" else 1.0
        return {"angle_rad": sign * math.radians(degrees), "direction": "right" if sign < 0 else "left"}
    if spec.scalar == "duration":
        if value is None:
            return {"duration_s": DEFAULT_WAIT_S}
        if unit in (None, "s"):
            seconds = value
        elif unit == "min":
            seconds = value * 60.0
        else:
            return bad(f"[Wait] takes a duration in seconds (e.g. 5), not {shown}.")
        lo, hi = WAIT_RANGE_S
        if not lo <= seconds <= hi:
            return bad(f"[Wait] takes {format_number(lo)} to {format_number(hi)} seconds, got {shown}.")
        return {"duration_s": seconds}
    if spec.scalar == "angle_error":
        if value is None:
            return {"angle_error_deg": 0}
        if unit not in (None, "deg") or not float(value).is_integer() or abs(value) > 180:
            return bad(f"The angle error of [{parsed.verb}] must be a whole number of degrees in [-180, 180], "
                       f"got {shown}.")
        return {"angle_error_deg": int(value)}
    raise AssertionError(spec.scalar)  # pragma: no cover - registry invariant


def _looks_like_tool(entity: EntityRecord) -> bool:
    return bool(_words(entity) & _TOOL_WORDS) or normalize_name(entity.category) in _TOOL_WORDS


def compile_command(
    parsed: ParsedCommand | str,
    entities: Sequence[EntityRecord],
    *,
    last_navigation_target: str | None = None,
    held: str | None = None,
) -> CompiledCommand | PrimitiveError:
    """Ground a parsed command and compile it into typed goals.

    Args:
        parsed: from :func:`~interactiveworld.language.grammar.parse_command`, or a command string (parsed here).
        entities: the actionable entities (``name``, ``index``, ``category``, ``description``).
        last_navigation_target: the key the body last navigated to and still stands at, or None. A
            manipulation of that target gets no new NAVIGATE_TO (de-duplication).
        held: the key of the held object, or None. A manipulation whose navigation argument is held gets no
            NAVIGATE_TO (it travels with the hand).

    Returns:
        a :class:`CompiledCommand`, or a :class:`PrimitiveError` with code UNKNOWN_VERB, BAD_ARITY,
        UNKNOWN_ENTITY, AMBIGUOUS_REFERENCE or BAD_ARGUMENT and a plain-language message.

    Raises:
        ParseError: ``parsed`` is a command string that does not parse (a str is parsed first).
        TypeError: ``parsed`` is neither a :class:`ParsedCommand` nor a str.
    """
    if isinstance(parsed, str):
        parsed = parse_command(parsed)
    elif not isinstance(parsed, ParsedCommand):
        raise TypeError(f"compile_command: expected a ParsedCommand (from parse_command) or a command string, "
                        f"got {type(parsed).__name__}")
    spec = resolve_verb(parsed.verb)
    if spec is None:
        hint = suggest_verb(parsed.verb)
        bare = any(r.startswith(f"verb {parsed.verb!r} written without brackets") for r in parsed.repairs)
        # quote what was written: brackets the writer never typed would suggest it was meant as an action
        said = (f"'{parsed.verb}' is not an action (a command starts with one in brackets, e.g. [Walk])" if bare
                else f"[{parsed.verb}] is not an action")
        return _error(
            ErrorCode.UNKNOWN_VERB,
            said + "." + (f" Did you mean [{hint}]?" if hint else ""),
            token=parsed.verb, suggestion=hint,
        )
    repairs = list(parsed.repairs)
    if parsed.verb not in spec.aliases:
        exact = next((a for a in spec.aliases if normalize_verb(a) == normalize_verb(parsed.verb)), None)
        repairs.append(f"read [{parsed.verb}] as [{exact or spec.aliases[0]}]")

    n_args = len(parsed.args)
    if not spec.min_entities <= n_args <= spec.max_entities:
        return _error(
            ErrorCode.BAD_ARITY,
            f"[{parsed.verb}] takes {spec.expected_arguments()}, but got {n_args}. Write it as "
            f"{spec.signature()}.",
            token=parsed.verb, expected=list(spec.arg_names), min=spec.min_entities, max=spec.max_entities,
            got=n_args,
        )
    if parsed.place_spot is not None:
        u, v = parsed.place_spot
        if not spec.accepts_place_spot:
            return _error(ErrorCode.BAD_ARGUMENT, f"[{parsed.verb}] does not take @place_spot.",
                          token="@place_spot")
        if not (-1.0 <= u <= 1.0 and 0.0 <= v <= 1.0):
            return _error(
                ErrorCode.BAD_ARGUMENT,
                f"@place_spot={format_number(u)}:{format_number(v)} is out of range: u goes from -1 (left) to 1 "
                f"(right) and v from 0 (front) to 1 (back).",
                token=f"@place_spot={format_number(u)}:{format_number(v)}",
            )
    if parsed.direction is not None and spec.name != "forward":
        return _error(ErrorCode.BAD_ARGUMENT, f"[{parsed.verb}] does not take a direction such as "
                      f"{parsed.direction!r}; only [Forward] steps back, left or right.", token=parsed.direction)
    params = _scalar_params(spec, parsed)
    if isinstance(params, PrimitiveError):
        return params
    if parsed.place_spot is not None:
        params["place_spot"] = (float(parsed.place_spot[0]), float(parsed.place_spot[1]))
    if parsed.beside is not None:
        if not spec.accepts_place_spot or spec.name == "place_on_floor":
            return _error(ErrorCode.BAD_ARGUMENT, f"[{parsed.verb}] does not take @beside; use it with [Put] or "
                          f"[PutIn].", token="@beside")
        if parsed.place_spot is not None:
            return _error(ErrorCode.BAD_ARGUMENT, "Give either @place_spot or @beside, not both.", token="@beside")
        got = resolve_entity(parsed.beside[0], entities)
        if isinstance(got, PrimitiveError):
            return got
        neighbour, note = got
        if note:
            repairs.append(note)
        params["beside"] = {"of": _key(neighbour), "side": parsed.beside[1]}

    # ground scene arguments; symbolic ones become parameters
    resolved: dict[int, EntityRecord] = {}
    for i, arg in enumerate(parsed.args):
        if i in spec.symbolic_args:
            continue
        got = resolve_entity(arg, entities)
        if isinstance(got, PrimitiveError):
            return got
        resolved[i], note = got
        if note:
            repairs.append(note)
    if spec.name == "attach":
        params["connectors"] = {
            "child": _symbolic(parsed.args[1], spec.symbolic_default_index),
            "parent": _symbolic(parsed.args[3], spec.symbolic_default_index),
        }
    if spec.name in ("place", "place_inside") and n_args == 3:
        # a level or region as written (<upper>, <shelf> (2)); the executor reads it against the support
        arg = parsed.args[2]
        params["region"] = arg.name if arg.index is None else f"{arg.name}#{arg.index}"

    order = sorted(resolved)
    if spec.name == "wipe" and n_args == 2:
        first, second = resolved[0], resolved[1]
        legacy = (_key(second) == held or _looks_like_tool(second)) and not (
            _key(first) == held or _looks_like_tool(first)
        )
        if legacy:  # target-tool order of older prompts: swap into tool, target
            resolved = {0: second, 1: first}
            repairs.append("read [Wipe] <target> <tool> in the legacy order as <tool> <target>")
    targets = [_key(resolved[i]) for i in order]
    arg_keys = [
        _key(resolved[i]) if i in resolved else _symbolic(arg, spec.symbolic_default_index)
        for i, arg in enumerate(parsed.args)
    ]

    goals: list[Goal] = []
    line = parsed.raw.strip() or parsed.canonical_text()
    if spec.name == "navigate_to":
        goals.append(Goal(GoalKind.NAVIGATE_TO, spec.name, targets, params, line))
    else:
        nav_sources: list[str] = []
        if spec.name == "wipe":  # fetch the tool first when it is not in the hand
            nav_sources.append(_key(resolved[0]))
        if spec.navigates and spec.nav_arg in resolved:
            nav_sources.append(_key(resolved[spec.nav_arg]))
        last = last_navigation_target
        for key in nav_sources:
            if key == held or key == last:
                continue
            goals.append(Goal(GoalKind.NAVIGATE_TO, spec.name, [key], {"implicit": True}, line))
            last = key
        goals.append(Goal(GoalKind(spec.name), spec.name, targets, params, line))
    return CompiledCommand(parsed=parsed, spec=spec, goals=goals, repaired=bool(repairs), repairs=repairs,
                           targets=targets, arg_keys=arg_keys)


def compile_text(
    line: str,
    entities: Sequence[EntityRecord],
    *,
    last_navigation_target: str | None = None,
    held: str | None = None,
) -> CompiledCommand | PrimitiveError:
    """Parse and compile one command line; a :class:`ParseError` becomes a PARSE_ERROR :class:`PrimitiveError`."""
    try:
        parsed = parse_command(line)
    except ParseError as exc:
        return _error(ErrorCode.PARSE_ERROR, exc.message, token=exc.token, position=exc.position)
    return compile_command(parsed, entities, last_navigation_target=last_navigation_target, held=held)


def compile_block(
    lines: Sequence[str],
    entities: Sequence[EntityRecord],
    *,
    last_navigation_target: str | None = None,
    held: str | None = None,
) -> list[CompiledCommand | PrimitiveError]:
    """Compile a command list assuming each command succeeds (for oracle programs and previews).

    The navigation target and the held object are threaded from command to command: ``pick`` makes its
    object held; ``place``, ``place_inside``, ``place_on_floor`` and ``release`` empty the hand. The live
    executor compiles one command at a time against the world's actual state instead.
    """
    out: list[CompiledCommand | PrimitiveError] = []
    for line in lines:
        result = compile_text(line, entities, last_navigation_target=last_navigation_target, held=held)
        out.append(result)
        if isinstance(result, PrimitiveError):
            continue
        last_navigation_target = result.navigation_target_after(last_navigation_target)
        name = result.spec.name
        if name == "pick":
            held = result.targets[0]
        elif name in ("place", "place_inside", "place_on_floor", "release"):
            held = None
    return out


_RENDER_KEY = re.compile(r"^(.*)#(\d+)$")


def render_command(
    verb: str,
    args: Sequence[str] = (),
    *,
    indices: Sequence[int | None] | None = None,
    scalar: float | str | None = None,
    place_spot: tuple[float, float] | None = None,
) -> str:
    """Render the structured TaskPack form of a command into the text grammar (paper B.3.1).

    Args:
        verb: a surface verb of Table 5 (``"PutIn"``) or a canonical primitive name (``"place_inside"``,
            rendered with the primitive's first surface verb).
        args: entity names, or keys ``"name#index"``.
        indices: one instance index per argument (None entries, or a missing list, leave the index to the
            compiler's default unless the argument is a key).
        scalar: a number in the primitive's unit (metres for [Forward], degrees for turns and angle errors,
            seconds for [Wait]) or a string written verbatim (``"3"`` paces).
        place_spot: ``(u, v)``.

    Raises:
        ValueError: for an unknown verb, an empty name, ``indices`` of a different length than ``args``, or a
            non-finite scalar or place spot.
    """
    spec = resolve_verb(verb)
    if spec is None:
        raise ValueError(f"unknown verb {verb!r}")
    surface = verb.strip("[] ") if verb.strip("[] ") in spec.aliases else spec.aliases[0]
    if indices is not None and len(indices) != len(args):
        raise ValueError(f"indices has {len(indices)} entries for {len(args)} args")
    parts = [f"[{surface}]"]
    for i, arg in enumerate(args):
        m = _RENDER_KEY.match(str(arg))
        name, index = (m.group(1), int(m.group(2))) if m else (str(arg), None)
        if indices is not None and indices[i] is not None:
            index = int(indices[i])
        name = normalize_name(name)
        if not name:
            raise ValueError(f"argument {i} has an empty name: {arg!r}")
        parts.append(f"<{name}>" if index is None else f"<{name}> ({index})")
    if scalar is not None:
        if isinstance(scalar, str):
            parts.append(scalar.strip())
        else:
            value = float(scalar)
            if not math.isfinite(value):
                raise ValueError(f"scalar must be finite, got {scalar!r}")
            unit = " m" if spec.scalar == "distance" else ""
            parts.append(format_number(value) + unit)
    if place_spot is not None:
        if len(place_spot) != 2 or not all(math.isfinite(float(x)) for x in place_spot):
            raise ValueError(f"place_spot must be two finite numbers (u, v), got {place_spot!r}")
        parts.append(f"@place_spot={format_number(float(place_spot[0]))}:{format_number(float(place_spot[1]))}")
    return " ".join(parts)


def render_structured(step: Mapping[str, Any]) -> str:
    """Render one command of the structured TaskPack form (paper B.3.1: fields ``verb``, ``args`` and optional
    ``indices``, ``scalar_arg`` and ``place_spot``) into the text grammar.

    ``place_spot`` may be ``[u, v]`` or the string ``"u:v"``.

    Raises:
        ValueError: for unknown fields, a missing ``verb``, or anything :func:`render_command` rejects.
    """
    unknown = set(step) - {"verb", "args", "indices", "scalar_arg", "place_spot"}
    if unknown:
        raise ValueError(f"unknown field(s) {sorted(unknown)} in structured command; expected verb, args, "
                         f"indices, scalar_arg, place_spot")
    if "verb" not in step:
        raise ValueError("structured command has no 'verb'")
    spot = step.get("place_spot")
    if isinstance(spot, str):
        parts = spot.split(":")
        if len(parts) != 2:
            raise ValueError(f"place_spot {spot!r} is not 'u:v'")
        try:
            spot = (float(parts[0]), float(parts[1]))
        except ValueError as exc:
            raise ValueError(f"place_spot {spot!r} is not 'u:v' with numbers") from exc
    return render_command(
        str(step["verb"]),
        list(step.get("args") or ()),
        indices=step.get("indices"),
        scalar=step.get("scalar_arg"),
        place_spot=None if spot is None else (float(spot[0]), float(spot[1])),
    )


# registry invariant: one goal kind per primitive
assert {k.value for k in GoalKind} == set(PRIMITIVES), "GoalKind and the registry disagree"
