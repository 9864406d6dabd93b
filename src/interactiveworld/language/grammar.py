"""The command grammar of the action language (paper appendix B.3.1, equation 4; DESIGN.md "Commands").

Strict form of one command::

    [Verb] <entity_name> (instance_id) [<entity_name> (instance_id) ...] [number [unit]] [@place_spot=u:v]

Two extensions of ``@place_spot`` name a spot the way a person does: ``@beside=<plate> (1) left`` (``left``,
``right``, ``front`` or ``behind``, seen from the wearer facing the support's front, where a walk to it stands)
asks the executor for the free spot next to that object; and a placement may name a level or region of a
shelf unit, cabinet or fridge as a further argument, ``[Put] <can> (1) <drink_shelf> (1) <upper>``.
``@place_spot=u:v`` itself is in the same frame: ``u`` from -1 (the wearer's left) to 1 (right), ``v`` from 0
(the near edge) to 1 (the far edge) of the surface as the wearer faces it.

[Forward] also steps back and sideways: a negative distance (``[Forward] -1 m``) or the word ``back`` steps
backwards, and ``left`` or ``right`` (``[Forward] left 0.5 m``) steps sideways; the facing is unchanged.

An action block holds several commands separated by newlines or by ``", "`` (comma and space); splitting is
bracket-aware, so a ``", "`` inside ``<...>``, ``(...)`` or ``[...]`` does not split, and neither does a
``", "`` followed by something that cannot begin a command (``<``, ``(``, ``@``, a digit): that is a comma
between the arguments of one command.

Entity names are normalised to lower_snake (``"Red Mug"`` -> ``"red_mug"``). An omitted instance index is
recorded as None; the compiler applies the defaults (1, or 0 for connectors). Numbers may carry a unit:
``m``/``metres``/``cm``, ``paces``/``steps``, ``deg``/``degrees``/``°``, ``rad``, ``s``/``seconds``, ``min``;
the parser only records the number and its unit, and the compiler checks ranges.

The parser is lenient where the meaning is unambiguous and records every repair in
:attr:`ParsedCommand.repairs`: a verb without brackets (``Walk <mug>``; a bare verb of two or three words that
together spell a registered verb is joined, ``Turn on <stove>``), a missing closing bracket, an index
written without a space (``<mug>(2)``) or inside the name (``<Mug #2>``, ``<mug (2)>``), ``#2`` after the name,
an entity written without angle brackets (``[Grab] red mug (2)``), filler words (``[Walk] to <fridge>``),
commas between arguments, a list marker (``1.``, ``-``), a trailing period or semicolon, a parenthesised
number used as the numeric argument. Anything else is a :class:`ParseError` naming the offending token and
its column; no input makes the parser raise any other exception.
"""
from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass, field

from .registry import resolve_verb

__all__ = [
    "ParseError",
    "EntityArg",
    "ParsedCommand",
    "split_commands",
    "parse_command",
    "parse_action_block",
    "normalize_name",
    "format_number",
    "UNITS",
    "FILLER_WORDS",
    "MAX_COMMAND_CHARS",
    "MAX_BLOCK_COMMANDS",
    "BESIDE_SIDES",
    "STEP_DIRECTIONS",
]


class ParseError(ValueError):
    """Command text that does not follow the grammar.

    Attributes:
        token: the offending token, exactly as it appears in the line (``line[position:position+len(token)]``).
        position: its 0-based column in the line.
        message: a plain-language explanation that quotes the token.
        line: the command line the error refers to.
    """

    def __init__(self, token: str, position: int, message: str, *, line: str = "") -> None:
        self.token = token
        self.position = position
        self.message = message
        self.line = line
        super().__init__(message)


@dataclass
class EntityArg:
    """One entity argument as written.

    Attributes:
        name: the normalised lower_snake name (``"red_mug"``).
        index: the instance index, or None when the command did not give one (the compiler defaults it).
        raw: the argument text as written (``"<Red Mug> (2)"``).
    """

    name: str
    index: int | None
    raw: str

    @property
    def key(self) -> str:
        """``name#index`` with the index as written (``name`` alone when it was omitted)."""
        return self.name if self.index is None else f"{self.name}#{self.index}"


@dataclass
class ParsedCommand:
    """One command after parsing, before grounding.

    Attributes:
        verb: the surface verb as written, without brackets (``"Walk"``, ``"put in"``).
        args: the entity arguments in order.
        scalar: the numeric argument, or None.
        unit: the canonical unit of ``scalar`` (one of :data:`UNITS` values), or None when written bare.
        place_spot: ``(u, v)`` from ``@place_spot=u:v``, or None (ranges are checked by the compiler).
        beside: ``(entity, side)`` from ``@beside=<entity> (i) side`` (side one of :data:`BESIDE_SIDES`), or None.
        direction: the step direction of [Forward] (``"back"``, ``"left"``, ``"right"``), or None (ahead).
        raw: the command line as given.
        repaired: True when the line was accepted only after a repair.
        repairs: one short plain-language note per repair.
    """

    verb: str
    args: list[EntityArg]
    scalar: float | None = None
    unit: str | None = None
    place_spot: tuple[float, float] | None = None
    beside: tuple[EntityArg, str] | None = None
    direction: str | None = None
    raw: str = ""
    repaired: bool = False
    repairs: list[str] = field(default_factory=list)

    def canonical_text(self) -> str:
        """The command re-written in the strict grammar (indices only where written)."""
        parts = [f"[{self.verb}]"]
        if self.direction is not None:
            parts.append(self.direction)
        for arg in self.args:
            parts.append(f"<{arg.name}>" if arg.index is None else f"<{arg.name}> ({arg.index})")
        if self.scalar is not None:
            parts.append(format_number(self.scalar) + (f" {self.unit}" if self.unit else ""))
        if self.place_spot is not None:
            parts.append(f"@place_spot={format_number(self.place_spot[0])}:{format_number(self.place_spot[1])}")
        if self.beside is not None:
            arg, side = self.beside
            parts.append(f"@beside=<{arg.name}>" + ("" if arg.index is None else f" ({arg.index})") + f" {side}")
        return " ".join(parts)


UNITS: dict[str, str] = {
    **dict.fromkeys(("m", "meter", "meters", "metre", "metres"), "m"),
    **dict.fromkeys(("cm", "centimeter", "centimeters", "centimetre", "centimetres"), "cm"),
    **dict.fromkeys(("pace", "paces", "step", "steps"), "pace"),
    **dict.fromkeys(("deg", "degree", "degrees", "°"), "deg"),
    **dict.fromkeys(("rad", "radian", "radians"), "rad"),
    **dict.fromkeys(("s", "sec", "secs", "second", "seconds"), "s"),
    **dict.fromkeys(("min", "mins", "minute", "minutes"), "min"),
}
"""Accepted unit words (lower case) mapped to canonical units."""

FILLER_WORDS = frozenset(
    {"to", "the", "a", "an", "on", "onto", "in", "into", "at", "with", "from", "of", "towards", "and"}
)
"""Words skipped between arguments (``[Walk] to the <fridge>``) and ignored in description queries."""

_VERB_STRICT = re.compile(r"\[\s*([A-Za-z][A-Za-z _\-]*?)\s*\]")
_VERB_BARE = re.compile(r"\[?\s*([A-Za-z][A-Za-z_\-]*)\s*(\]?)")
_LIST_MARKER = re.compile(r"(?:[-*\u2022]|\d{1,3}[.)])\s+")
_NUMBER = re.compile(r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_\-']*")
_INDEX_IN_NAME = re.compile(r"^(.*?)\s*(?:#\s*(\d+)|\(\s*(\d+)\s*\))\s*$")
_PLACE_SPOT = re.compile(
    r"@\s*place_?spot\s*=\s*([-+]?(?:\d+(?:\.\d*)?|\.\d+))\s*([:,])\s*([-+]?(?:\d+(?:\.\d*)?|\.\d+))",
    re.IGNORECASE,
)
_BESIDE = re.compile(
    r"@\s*beside\s*=\s*<([^<>]+)>\s*(?:\(\s*(\d{1,9})\s*\))?\s*(?:(?:on|to)\s+the\s+|in\s+)?"
    r"(left|right|front|behind|back)\b(?:\s+of\b)?",
    re.IGNORECASE,
)
BESIDE_SIDES = ("left", "right", "front", "behind")
"""Sides of ``@beside`` (``back`` is read as ``behind``): the wearer's left and right, nearer to the wearer
(``front``) and farther away (``behind``), facing the support's front."""
STEP_DIRECTIONS: dict[str, str] = {
    **dict.fromkeys(("back", "backward", "backwards"), "back"),
    "left": "left", "right": "right",
}
"""Direction words of [Forward] (``[Forward] back 1 m``, ``[Forward] left 0.5 m``) mapped to step directions."""
_MAX_NUMBER_CHARS = 32  # longer numerals are not a plausible command argument


def normalize_name(text: object) -> str:
    """Normalise an entity name to lower_snake: ``"Red Mug"`` -> ``"red_mug"``, ``"Café-Table"`` -> ``"cafe_table"``.

    Accents are stripped (NFKD), every run of characters other than ASCII letters and digits becomes one
    underscore, and leading/trailing underscores are dropped. The result may be empty.
    """
    text = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^0-9a-z]+", "_", text.lower()).strip("_")


def format_number(value: float) -> str:
    """A number without trailing zeros: 2.0 -> ``"2"``, 0.25 -> ``"0.25"``."""
    if math.isfinite(value) and float(value).is_integer():
        return str(int(value))
    return f"{value:.6g}"


MAX_COMMAND_CHARS = 300
"""Longest command line that is parsed [characters]: six times the longest command of the built-in TaskPacks
(46). A longer line is a :class:`ParseError` before any other work, so the time spent on one command is bounded
whatever a model writes. The bound is on size rather than wall-clock time so that the same command is refused on
every machine: a verdict never depends on how loaded the evaluation host was."""

MAX_BLOCK_COMMANDS = 64
"""Most commands one action block may hold (more than any TaskPack's action budget, at most 23). A longer block
is refused as a whole (:class:`ParseError`): queuing hundreds of commands from one reply is never a plan."""

# The only characters the splitter has to look at: brackets (depth) and ", " (a candidate separator).
_SPLIT_EVENT = re.compile(r"[<(\[>)\]]|, ")
_NON_SPACE = re.compile(r"\S")


def split_commands(text: str, *, max_commands: int | None = MAX_BLOCK_COMMANDS) -> list[str]:
    """Split an action block into command lines.

    Newlines always separate. ``", "`` separates at bracket depth 0 when the text after it can begin a command
    (a letter or ``[``); otherwise it stays inside the command as an argument separator. Empty lines and
    Markdown code fences are dropped; each line is stripped.

    Runs in time linear in ``len(text)``: one regular-expression pass visits only brackets and ``", "``, and the
    look-ahead after each ``", "`` scans only the whitespace that follows it.

    Args:
        text: the action block.
        max_commands: block limit (:data:`MAX_BLOCK_COMMANDS`); None disables it.

    Raises:
        ParseError: the block holds more than ``max_commands`` commands (``line`` is the first command over the
            limit).
    """
    out: list[str] = []
    for raw_line in str(text).splitlines():
        line = raw_line.strip()
        if not line or line.startswith("```"):
            continue
        depth = 0
        start = 0
        n = len(line)
        for m in _SPLIT_EVENT.finditer(line):
            at = m.start()
            ch = line[at]
            if ch in "<([":
                depth += 1
            elif ch in ">)]":
                if depth:
                    depth -= 1
            elif depth == 0:
                j = at + 2
                nxt = line[j] if j < n else ""
                if nxt.isspace():
                    found = _NON_SPACE.search(line, j)
                    nxt = found.group(0) if found is not None else ""
                if nxt == "[" or nxt.isalpha():
                    piece = line[start:at].strip()
                    if piece:
                        out.append(piece)
                    start = j
        piece = line[start:].strip()
        if piece:
            out.append(piece)
        if max_commands is not None and len(out) > max_commands:
            over = out[max_commands]
            raise ParseError(over[:40], 0,
                             f"Too many commands in one reply: more than {max_commands}. Give the next few steps "
                             f"only; commands run one at a time.", line=over)
    return out


def _token_at(line: str, pos: int) -> str:
    """The whitespace-delimited token starting at ``pos`` (at least one character when available)."""
    m = re.compile(r"\S+").match(line, pos)
    return m.group(0) if m else line[pos : pos + 1]


def _err(line: str, pos: int, message: str, token: str | None = None) -> ParseError:
    token = _token_at(line, pos) if token is None else token
    shown = token if len(token) <= 40 else token[:37] + "..."
    return ParseError(token, pos, f"{message} (at {shown!r}, column {pos + 1}).", line=line)


def _to_float(line: str, pos: int, text: str) -> float:
    if len(text) > _MAX_NUMBER_CHARS:
        raise _err(line, pos, "Number is too long", text)
    value = float(text)
    if not math.isfinite(value):  # pragma: no cover - the numeral regex admits no inf/nan
        raise _err(line, pos, "Number is not finite", text)
    return value


def _parse_index(line: str, pos: int, text: str) -> int:
    text = text.strip()
    if not re.fullmatch(r"\d{1,9}", text):
        raise _err(line, pos, "The instance index must be a whole number such as (1)")
    return int(text)


def parse_command(line: str) -> ParsedCommand:
    """Parse one command line.

    Returns:
        the :class:`ParsedCommand` (grounding and range checks happen in the compiler).

    Raises:
        ParseError: for text that does not follow the grammar even after the repairs listed in the module
            docstring, and for an instance index 0 on a known verb (indices start at 1; only the symbolic
            connectors of [Attach], whose default index is 0, may be 0); ``token`` and ``position`` name the
            offending text.
    """
    if not isinstance(line, str):
        raise ParseError(str(line)[:40], 0, "A command must be text.", line=str(line))
    if len(line) > MAX_COMMAND_CHARS:
        raise ParseError(line[MAX_COMMAND_CHARS : MAX_COMMAND_CHARS + 40], MAX_COMMAND_CHARS,
                         f"Command too long: {len(line)} characters, the limit is {MAX_COMMAND_CHARS}. Write one "
                         f"command per line, as in [Grab] <red_mug> (2).", line=line)
    raw = line
    repairs: list[str] = []
    n = len(line)
    pos = 0
    while pos < n and line[pos].isspace():
        pos += 1
    if pos >= n:
        raise ParseError("", 0, "Empty command: expected '[Verb] <entity> (index)'.", line=line)
    # strip trailing punctuation a model adds at the end of a sentence
    end = n
    while end > pos and line[end - 1].isspace():
        end -= 1
    while end > pos and line[end - 1] in ".;,":
        repairs.append(f"dropped trailing {line[end - 1]!r}")
        end -= 1
        while end > pos and line[end - 1].isspace():
            end -= 1
    if end <= pos:
        raise _err(line, pos, "No command here: expected '[Verb] <entity> (index)'")
    m = _LIST_MARKER.match(line, pos, end)
    if m and m.end() < end:
        repairs.append(f"dropped list marker {m.group(0).strip()!r}")
        pos = m.end()

    # -- verb
    m = _VERB_STRICT.match(line, pos, end)
    if m:
        verb = m.group(1)
        pos = m.end()
    else:
        m = _VERB_BARE.match(line, pos, end)
        if not m:
            raise _err(line, pos, "A command must start with a verb in brackets, such as [Walk]")
        verb = m.group(1)
        opened = line[pos] == "["
        closed = bool(m.group(2))
        pos = m.end()
        if not opened:
            # a bare verb of two or three words ("Turn on", "Put in", "Look at") joins into a surface verb
            joined, joined_end = verb, pos
            look = pos
            for _ in range(2):
                mw = _WORD.match(line, look, end)
                if not mw:
                    break
                candidate = joined + mw.group(0)
                if resolve_verb(candidate) is not None:
                    verb = line[m.start(1) : mw.end()]
                    joined_end = mw.end()
                joined, look = candidate, mw.end()
                while look < end and line[look] == " ":
                    look += 1
            pos = max(pos, joined_end)
        if opened and not closed:
            repairs.append(f"added the missing ']' after verb {verb!r}")
        elif not opened:
            repairs.append(f"verb {verb!r} written without brackets")
        if verb.lower() in FILLER_WORDS:  # "[To] ..." is not a verb
            raise _err(line, m.start(1), "A command must start with a verb, such as [Walk]", verb)

    args: list[EntityArg] = []
    scalar: float | None = None
    unit: str | None = None
    place_spot: tuple[float, float] | None = None
    beside: tuple[EntityArg, str] | None = None
    direction: str | None = None
    verb_spec = resolve_verb(verb)
    forward_verb = verb_spec is not None and verb_spec.name == "forward"
    last_was_entity = False  # an index may follow
    last_was_number = False  # a unit may follow
    index_at: dict[int, tuple[int, str]] = {}  # argument position -> (column, text) of its written index

    def add_scalar(value: float, at: int, text: str) -> None:
        nonlocal scalar
        if scalar is not None:
            raise _err(line, at, "A command takes at most one number", text)
        scalar = value

    while pos < end:
        ch = line[pos]
        if ch.isspace():
            pos += 1
            continue
        if ch == ",":
            repairs.append("ignored a comma between arguments")
            pos += 1
            last_was_entity = last_was_number = False
            continue
        if ch == "<":
            close = line.find(">", pos + 1, end)
            nested = line.find("<", pos + 1, close if close >= 0 else end)
            if close < 0 or nested >= 0:
                raise _err(line, pos, "Unclosed '<': an entity is written <entity_name>")
            inner = line[pos + 1 : close]
            index: int | None = None
            mi = _INDEX_IN_NAME.match(inner)
            if mi and mi.group(1).strip():
                inner_name = mi.group(1)
                index = int(mi.group(2) or mi.group(3)) if len(mi.group(2) or mi.group(3)) <= 9 else None
                if index is None:
                    raise _err(line, pos, "The instance index is too large", line[pos : close + 1])
                repairs.append(f"read the index written inside {line[pos:close + 1]!r}")
                index_at[len(args)] = (pos, line[pos : close + 1])
            else:
                inner_name = inner
            name = normalize_name(inner_name)
            if not name:
                raise _err(line, pos, "Empty entity name: write <entity_name>", line[pos : close + 1])
            args.append(EntityArg(name=name, index=index, raw=line[pos : close + 1]))
            pos = close + 1
            last_was_entity = index is None
            last_was_number = False
            continue
        if ch == "(":
            close = line.find(")", pos + 1, end)
            if close < 0:
                raise _err(line, pos, "Unclosed '(': an instance index is written (1)")
            inner = line[pos + 1 : close].strip()
            if last_was_entity and args:
                if pos > 0 and not line[pos - 1].isspace():
                    repairs.append(f"read {line[pos:close + 1]!r} written without a space as the instance index")
                args[-1].index = _parse_index(line, pos, inner)
                index_at[len(args) - 1] = (pos, line[pos : close + 1])
                args[-1].raw = f"{args[-1].raw} ({args[-1].index})"
                last_was_entity = False
            elif _NUMBER.fullmatch(inner):
                add_scalar(_to_float(line, pos, inner), pos, line[pos : close + 1])
                repairs.append(f"read {line[pos:close + 1]!r} as the numeric argument")
            else:
                raise _err(line, pos, "An index in parentheses must follow an entity, as in <mug> (2)")
            pos = close + 1
            last_was_number = False
            continue
        if ch == "#":
            mi = re.compile(r"#\s*(\d{1,9})").match(line, pos, end)
            if not (mi and last_was_entity and args):
                raise _err(line, pos, "'#index' must follow an entity, as in <mug> (2)")
            args[-1].index = int(mi.group(1))
            index_at[len(args) - 1] = (pos, mi.group(0))
            args[-1].raw = f"{args[-1].raw} ({args[-1].index})"
            repairs.append(f"read {mi.group(0)!r} as the instance index")
            pos = mi.end()
            last_was_entity = False
            continue
        if ch == "@" and _BESIDE.match(line, pos, end):
            mb = _BESIDE.match(line, pos, end)
            if beside is not None:
                raise _err(line, pos, "Only one @beside is allowed", mb.group(0))
            bname = normalize_name(mb.group(1))
            if not bname:
                raise _err(line, pos, "Empty entity name in @beside: write @beside=<plate> (1) left", mb.group(0))
            side = mb.group(3).lower()
            bidx = int(mb.group(2)) if mb.group(2) else None
            beside = (EntityArg(name=bname, index=bidx, raw=f"<{mb.group(1)}>" + (f" ({bidx})" if bidx else "")),
                      "behind" if side == "back" else side)
            pos = mb.end()
            last_was_entity = last_was_number = False
            continue
        if ch == "@":
            if re.compile(r"@\s*beside", re.IGNORECASE).match(line, pos, end):
                raise _err(line, pos, "Malformed @beside: write @beside=<plate> (1) left (left, right, front or "
                           "behind)")
            mp = _PLACE_SPOT.match(line, pos, end)
            if not mp:
                raise _err(line, pos, "Malformed place spot: write @place_spot=u:v, e.g. @place_spot=0:0.5")
            if place_spot is not None:
                raise _err(line, pos, "Only one @place_spot is allowed", mp.group(0))
            place_spot = (_to_float(line, pos, mp.group(1)), _to_float(line, pos, mp.group(3)))
            if mp.group(2) == ",":
                repairs.append("read @place_spot=u,v as u:v")
            pos = mp.end()
            last_was_entity = last_was_number = False
            continue
        mnum = _NUMBER.match(line, pos, end)
        if mnum and (ch.isdigit() or ch in "+-."):
            text = mnum.group(0)
            add_scalar(_to_float(line, pos, text), pos, text)
            pos = mnum.end()
            # a unit glued to the number ("1.5m", "90°")
            mu = re.compile(r"°|[A-Za-z]+").match(line, pos, end)
            if mu:
                word = mu.group(0).lower()
                if word not in UNITS:
                    raise _err(line, pos, "Unknown unit; use m, paces, deg or s", mu.group(0))
                unit = UNITS[word]
                pos = mu.end()
                last_was_number = False
            else:
                last_was_number = True
            last_was_entity = False
            continue
        if ch == "°" and last_was_number:
            unit = "deg"
            pos += 1
            last_was_number = False
            continue
        mw = _WORD.match(line, pos, end)
        if mw:
            word = mw.group(0)
            if last_was_number and word.lower() in UNITS:
                unit = UNITS[word.lower()]
                pos = mw.end()
                last_was_number = False
                continue
            if word.lower() in STEP_DIRECTIONS and forward_verb and not args:
                if direction is not None:
                    raise _err(line, pos, "[Forward] takes one direction (back, left or right)", word)
                direction = STEP_DIRECTIONS[word.lower()]
                pos = mw.end()
                continue
            if word.lower() in FILLER_WORDS:
                repairs.append(f"ignored the word {word!r}")
                pos = mw.end()
                continue
            # an entity written without angle brackets: consecutive bare words
            start = pos
            words = []
            while True:
                words.append(mw.group(0))
                pos = mw.end()
                look = pos
                while look < end and line[look] == " ":
                    look += 1
                mw = _WORD.match(line, look, end)
                if not mw or mw.group(0).lower() in FILLER_WORDS:
                    break
            name = normalize_name(" ".join(words))
            if not name:  # pragma: no cover - a word always has a letter
                raise _err(line, start, "Empty entity name")
            args.append(EntityArg(name=name, index=None, raw=line[start:pos]))
            repairs.append(f"read {line[start:pos]!r} as the entity <{name}>")
            last_was_entity = True
            last_was_number = False
            continue
        raise _err(line, pos, "Unexpected text: expected <entity_name> (index), a number or @place_spot=u:v")

    # Instance indices start at 1; only symbolic arguments of a verb whose default index is 0 (the connectors of
    # [Attach]) may be 0. An unknown verb is left to the compiler, which names it.
    spec = resolve_verb(verb)
    zero_ok = spec.symbolic_args if spec is not None and spec.symbolic_default_index == 0 else ()
    for i, arg in enumerate(args):
        if arg.index == 0 and i not in zero_ok and spec is not None:
            at, text = index_at.get(i, (0, arg.raw))
            raise _err(line, at, f"Instance indices start at 1: <{arg.name}> (0) does not exist", text)

    return ParsedCommand(
        verb=verb,
        args=args,
        scalar=scalar,
        unit=unit,
        place_spot=place_spot,
        beside=beside,
        direction=direction,
        raw=raw,
        repaired=bool(repairs),
        repairs=repairs,
    )


def parse_action_block(text: str, *, max_commands: int | None = MAX_BLOCK_COMMANDS) -> list[ParsedCommand]:
    """Split an action block (:func:`split_commands`) and parse every line; linear in ``len(text)``.

    Raises:
        ParseError: from the first line that does not parse (its ``line`` attribute holds that line), or a block
            over ``max_commands`` commands.
    """
    return [parse_command(line) for line in split_commands(text, max_commands=max_commands)]
