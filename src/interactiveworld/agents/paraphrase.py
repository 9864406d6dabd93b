"""Human-worded placement and movement requests grounded to commands: the scripted Human's paraphrase mode.

A person says "set the mug just left of the sponge" or "step back a bit", not ``[Put] <mug> (1) <table> (1)
@beside=<sponge> (1) left``. :func:`ground_request` reads such a request against the handles of the turn (the
legend the Human is shown) with a small fixed grammar of English request forms, and returns the command a person
would expect, or None when the request is not of a known form or names something the legend does not list.

Forms (case and a trailing period ignored; "please", "could you", "now" dropped):

* movement: "step back (a bit | N metres | N steps)", "back up", "take a step back", "step to the left/right",
  "move N m to your left/right", "sidestep left", "walk forward N steps", "go ahead N metres", "turn left/right
  (N degrees)", "turn around";
* taking: "pick up / grab / take the X"; "open / close the X";
* placing (the held object, or "the X"): "put it on the Y", "put it in(to) the Y", "on the top / upper / middle /
  bottom shelf of the Y", "on the left / right / near / far / middle part of the Y", "just left of / right of / in
  front of / behind the Z (on the Y)".

Entity words are matched to handles by name (``<paper_towel>`` for "paper towel") and, when that is ambiguous,
by the words of the handle's description ("the left shelf"). :data:`SIDE_SPOTS` gives the @place_spot of each
named part of a surface in the contract's frame (u from the wearer's left to right, v from the near to the far
edge).
"""
from __future__ import annotations

import re
from typing import Sequence

__all__ = ["ground_request", "SIDE_SPOTS", "LEVEL_WORDS", "PACE_WORDS", "PARAPHRASE_TABLE"]

SIDE_SPOTS: dict[str, str] = {
    "left": "-0.7:0.5", "right": "0.7:0.5", "near": "0:0.15", "front": "0:0.15", "far": "0:0.85", "back": "0:0.85",
    "middle": "0:0.5", "centre": "0:0.5", "center": "0:0.5",
}
"""@place_spot of the parts of a surface a person names: left/right half, near (front) edge, far (back) edge,
middle."""
LEVEL_WORDS = ("top", "upper", "middle", "centre", "lower", "bottom")
"""Level words a person uses for shelves (read by the executor, :mod:`interactiveworld.actions.levels`)."""
PACE_WORDS = {"a bit": None, "a little": None, "a step": None, "one step": "1", "two steps": "2", "three steps": "3",
              "a pace": None}
"""Distance phrases without a number: one pace (the [Forward] default) unless they count steps."""

_FILLER = re.compile(r"\b(?:please|could you|can you|would you|now|just|then|again|carefully|gently)\b", re.I)
_NUM = r"(\d+(?:\.\d+)?|one|two|three|four|five|half a)"
_NUMBERS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "half a": "0.5"}
_UNIT = r"(metres?|meters?|m|steps?|paces?|degrees?|deg)?"


def _norm(text: str) -> str:
    t = _FILLER.sub(" ", str(text).lower())
    t = re.sub(r"(?<!\d)\.|\.(?!\d)|[!?,;]+", " ", t)  # a decimal point stays
    return re.sub(r"\s+", " ", t).strip()


def _amount(num: str | None, unit: str | None, *, metres_default: bool = False) -> str:
    """The number and unit of a [Forward] as written: metres with ``m``, paces bare."""
    if not num:
        return ""
    value = _NUMBERS.get(num, num)
    unit = (unit or "").strip()
    if unit.startswith(("met", "m")) or (not unit and metres_default):
        return f" {value} m"
    return f" {value}"


def _handle_words(arg: str) -> list[str]:
    name = arg.split(">")[0].lstrip("<")
    return name.split("_")


def _find(phrase: str, handles: Sequence[tuple[str, str]]) -> str | None:
    """The handle (``<mug> (1)``) a noun phrase names: every word of the handle's name in the phrase (the longest
    name wins), then the description's words to tell instances apart; None when none or several remain."""
    words = [w for w in re.split(r"[^a-z0-9]+", phrase.lower()) if w and w not in ("the", "a", "an", "it", "of")]
    if not words:
        return None
    cands = [(arg, desc) for arg, desc in handles if set(_handle_words(arg)) <= set(words)
             or "_".join(words).endswith("_".join(_handle_words(arg)))]
    if not cands:
        return None
    best = max(len(_handle_words(a)) for a, _ in cands)
    cands = [(a, d) for a, d in cands if len(_handle_words(a)) == best]
    if len(cands) > 1:
        extra = set(words) - set(_handle_words(cands[0][0]))
        scored = [(len(extra & set(re.split(r"[^a-z0-9]+", d.lower()))), a) for a, d in cands]
        top = max(s for s, _ in scored)
        picked = [a for s, a in scored if s == top]
        return picked[0] if len(picked) == 1 and top > 0 else None
    return cands[0][0]


def _held(handles: Sequence[tuple[str, str]]) -> str | None:
    for arg, desc in handles:
        if "(in your hand)" in desc:
            return arg
    return None


_MOVES: list[tuple[re.Pattern, str]] = [
    (re.compile(rf"^(?:step|move|walk|go) (?:back|backwards?)(?: (?:by )?{_NUM} ?{_UNIT})?(?: (?:a bit|a little))?$"), "back"),
    (re.compile(rf"^(?:back up|take a step back|step back a bit|step back a little)(?: {_NUM} ?{_UNIT})?$"), "back"),
    (re.compile(rf"^(?:step|move|shift|sidestep|walk)(?: {_NUM} ?{_UNIT})? (?:to )?(?:the |your )?(left|right)(?: (?:a bit|a little))?$"), "side"),
    (re.compile(rf"^(?:take a step|sidestep) (?:to )?(?:the |your )?(left|right)$"), "side1"),
    (re.compile(rf"^(?:walk|go|move|step) (?:forward|ahead|straight ahead|on)(?: {_NUM} ?{_UNIT})?$"), "ahead"),
    (re.compile(rf"^turn (left|right)(?: (?:by )?(\d+) ?(?:degrees?|deg)?)?$"), "turn"),
    (re.compile(r"^(?:turn around|turn round|face the other way)$"), "around"),
]


def _movement(text: str) -> str | None:
    for pat, kind in _MOVES:
        m = pat.match(text)
        if not m:
            continue
        if kind == "back":
            return "[Forward] back" + _amount(m.group(1), m.group(2))
        if kind == "side":
            return f"[Forward] {m.group(3)}" + _amount(m.group(1), m.group(2))
        if kind == "side1":
            return f"[Forward] {m.group(1)}"
        if kind == "ahead":
            return "[Forward]" + _amount(m.group(1), m.group(2))
        if kind == "turn":
            verb = "[TurnLeft]" if m.group(1) == "left" else "[TurnRight]"
            return verb + (f" {m.group(2)}" if m.group(2) else "")
        return "[TurnAround]"
    return None


_PICK = re.compile(r"^(?:pick up|grab|take|get) (.+?)(?: from .+)?$")
_OPEN = re.compile(r"^(open|close|shut) (.+)$")
_PUT = re.compile(r"^(?:put|set|place|stand|leave|pop|move|slide)(?: down)? (.+?) "
                  r"(in front of|on top of|to the left of|to the right of|left of|right of|next to|beside|behind|"
                  r"onto|on|into|inside|in) (.+)$")
_LEVEL = re.compile(rf"^(?:the )?({'|'.join(LEVEL_WORDS)}) (?:shelf|level|rack|tier) (?:of|in|on) (.+)$")
_PART = re.compile(r"^(?:the )?(left|right|near|far|front|back|middle|centre|center)(?: side| edge| end| part| half)? "
                   r"of (.+)$")
_BESIDE_ON = re.compile(r"^(.+?) (?:on|in) (.+)$")
_SIDES = {"next to": "right", "beside": "right", "to the left of": "left", "left of": "left", "just left of": "left",
          "to the right of": "right", "right of": "right", "just right of": "right", "in front of": "front",
          "behind": "behind"}


def _support_of(neighbour_desc: str, handles: Sequence[tuple[str, str]]) -> str | None:
    """The support a legend description places an object on ("... on the kitchen table")."""
    m = re.search(r"\b(?:on|in|inside) (?:the )?(.+?)(?: \(|$)", neighbour_desc)
    return _find(m.group(1), handles) if m else None


def ground_request(utterance: str, handles: Sequence[tuple[str, str]]) -> str | None:
    """The command a person would expect for a placement or movement request, or None.

    Args:
        utterance: what the Assistant said ("Put the can on the upper shelf of the drinks rack.").
        handles: the turn's legend, (argument such as ``<mug> (1)``, description) pairs; a held object's
            description carries "(in your hand)" (:func:`~interactiveworld.bench.families.legend_description`).

    Returns:
        one command line in the grammar (``[Put] <can> (1) <drinks_rack> (1) <upper>``), or None when the request
        has no known form or names something the legend does not list.
    """
    text = _norm(utterance)
    moved = _movement(text)
    if moved is not None:
        return moved
    m = _OPEN.match(text)
    if m:
        target = _find(m.group(2), handles)
        return f"[{'Open' if m.group(1) == 'open' else 'Close'}] {target}" if target else None
    m = _PICK.match(text)
    if m and not _PUT.match(text):
        obj = _find(m.group(1), handles)
        return f"[Grab] {obj}" if obj else None
    m = _PUT.match(text)
    if not m:
        return None
    what, prep, where = re.sub(r" (?:down|back)$", "", m.group(1)), m.group(2), m.group(3)
    obj = _held(handles) if what in ("it", "that", "this", "them") else _find(what, handles)
    if obj is None:
        return None
    inside = prep in ("in", "into", "inside")
    if prep in _SIDES:
        side = _SIDES[prep]
        on = _BESIDE_ON.match(where)
        neighbour = _find(on.group(1), handles) if on else _find(where, handles)
        if neighbour is None:
            return None
        support = _find(on.group(2), handles) if on else _support_of(dict(handles).get(neighbour, ""), handles)
        if support is None:
            return None
        return f"[Put] {obj} {support} @beside={neighbour} {side}"
    lv = _LEVEL.match(where)
    if lv:
        support = _find(lv.group(2), handles)
        if support is None:
            return None
        return f"[{'PutIn' if inside else 'Put'}] {obj} {support} <{lv.group(1)}>"
    part = _PART.match(where)
    if part and not inside:
        support = _find(part.group(2), handles)
        if support is None:
            return None
        return f"[Put] {obj} {support} @place_spot={SIDE_SPOTS[part.group(1)]}"
    support = _find(where, handles)
    if support is None:
        return None
    return f"[{'PutIn' if inside else 'Put'}] {obj} {support}"


PARAPHRASE_TABLE: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # (request, the command a person would expect, expected outcome), played in order on the lab scene of
    # :func:`interactiveworld.world.layouts.examples.lab` (the wearer starts at (4.0, 3.2) facing +y). Outcomes:
    # ("moved", "ahead"|"back"|"left"|"right"), ("turned", degrees left), ("held", key), (predicate, a, b) read
    # back from the world, ("refused", error code).
    ("Walk forward one step.", "[Forward] 1", ("moved", "ahead")),
    ("Step to the right.", "[Forward] right", ("moved", "right")),
    ("Step to the left.", "[Forward] left", ("moved", "left")),
    ("Step back a bit.", "[Forward] back", ("moved", "back")),
    ("Walk forward one step, please.", "[Forward] 1", ("moved", "ahead")),
    ("Move 0.5 m to your right.", "[Forward] right 0.5 m", ("moved", "right")),
    ("Move 0.5 m to your left.", "[Forward] left 0.5 m", ("moved", "left")),
    ("Back up.", "[Forward] back", ("moved", "back")),
    ("Go ahead 0.6 metres.", "[Forward] 0.6 m", ("moved", "ahead")),
    ("Take a step back.", "[Forward] back", ("moved", "back")),
    ("Step forward.", "[Forward]", ("moved", "ahead")),
    ("Sidestep left.", "[Forward] left", ("moved", "left")),
    ("Take a step to the right.", "[Forward] right", ("moved", "right")),
    ("Step back 0.6 metres.", "[Forward] back 0.6 m", ("moved", "back")),
    ("Turn left.", "[TurnLeft]", ("turned", "90")),
    ("Turn right.", "[TurnRight]", ("turned", "-90")),
    ("Turn right 45 degrees.", "[TurnRight] 45", ("turned", "-45")),
    ("Turn left by 45 degrees.", "[TurnLeft] 45", ("turned", "45")),
    ("Turn around.", "[TurnAround]", ("turned", "180")),
    ("Now turn around again.", "[TurnAround]", ("turned", "180")),
    ("Pick up the mug.", "[Grab] <mug> (1)", ("held", "mug#1")),
    ("Put it on the table.", "[Put] <mug> (1) <table> (1)", ("on", "mug#1", "table#1")),
    ("Grab the mug.", "[Grab] <mug> (1)", ("held", "mug#1")),
    ("Set it just left of the sponge.", "[Put] <mug> (1) <table> (1) @beside=<sponge> (1) left",
     ("near", "mug#1", "sponge#1")),
    ("Take the mug.", "[Grab] <mug> (1)", ("held", "mug#1")),
    ("Put it to the right of the sponge.", "[Put] <mug> (1) <table> (1) @beside=<sponge> (1) right",
     ("near", "mug#1", "sponge#1")),
    ("Grab the mug.", "[Grab] <mug> (1)", ("held", "mug#1")),
    ("Put it in front of the sponge.", "[Put] <mug> (1) <table> (1) @beside=<sponge> (1) front",
     ("near", "mug#1", "sponge#1")),
    ("Grab the mug.", "[Grab] <mug> (1)", ("held", "mug#1")),
    ("Put it behind the sponge on the table.", "[Put] <mug> (1) <table> (1) @beside=<sponge> (1) behind",
     ("near", "mug#1", "sponge#1")),
    ("Grab the mug.", "[Grab] <mug> (1)", ("held", "mug#1")),
    ("Put it on the left side of the table.", "[Put] <mug> (1) <table> (1) @place_spot=-0.7:0.5",
     ("on", "mug#1", "table#1")),
    ("Grab the mug.", "[Grab] <mug> (1)", ("held", "mug#1")),
    ("Put it on the far edge of the table.", "[Put] <mug> (1) <table> (1) @place_spot=0:0.85",
     ("on", "mug#1", "table#1")),
    ("Grab the mug.", "[Grab] <mug> (1)", ("held", "mug#1")),
    ("Put it on the near edge of the table.", "[Put] <mug> (1) <table> (1) @place_spot=0:0.15",
     ("on", "mug#1", "table#1")),
    ("Grab the mug.", "[Grab] <mug> (1)", ("held", "mug#1")),
    ("Put it on the rack.", "[Put] <mug> (1) <rack> (1)", ("on", "mug#1", "rack#1")),
    ("Pick up the mug.", "[Grab] <mug> (1)", ("held", "mug#1")),
    ("Put it on the top shelf of the rack.", "[Put] <mug> (1) <rack> (1) <top>", ("on", "mug#1", "rack#1")),
    ("Grab the mug.", "[Grab] <mug> (1)", ("held", "mug#1")),
    ("Put it on the bottom shelf of the rack.", "[Put] <mug> (1) <rack> (1) <bottom>", ("on", "mug#1", "rack#1")),
    ("Grab the mug.", "[Grab] <mug> (1)", ("held", "mug#1")),
    ("Put it on the middle shelf of the rack.", "[Put] <mug> (1) <rack> (1) <middle>", ("on", "mug#1", "rack#1")),
    ("Open the cabinet.", "[Open] <cabinet> (1)", ("open", "cabinet#1")),
    ("Grab the mug.", "[Grab] <mug> (1)", ("held", "mug#1")),
    ("Put it in the cabinet.", "[PutIn] <mug> (1) <cabinet> (1)", ("inside", "mug#1", "cabinet#1")),
    ("Grab the mug.", "[Grab] <mug> (1)", ("held", "mug#1")),
    ("Put it on the top shelf of the cabinet.", "[Put] <mug> (1) <cabinet> (1) <top>",
     ("inside", "mug#1", "cabinet#1")),
    ("Grab the mug.", "[Grab] <mug> (1)", ("held", "mug#1")),
    ("Put it into the bottom shelf of the cabinet.", "[PutIn] <mug> (1) <cabinet> (1) <bottom>",
     ("inside", "mug#1", "cabinet#1")),
    ("Pick up the tomato.", "[Grab] <tomato> (1)", ("held", "tomato#1")),
    ("Put it in the sink.", "[PutIn] <tomato> (1) <sink> (1)", ("inside", "tomato#1", "sink#1")),
    ("Grab the tomato.", "[Grab] <tomato> (1)", ("held", "tomato#1")),
    ("Put it on the counter.", "[Put] <tomato> (1) <counter> (1)", ("on", "tomato#1", "counter#1")),
    ("Pick up the phone.", "[Grab] <phone> (1)", ("held", "phone#1")),
    ("Set the phone down next to the bowl.", "[Put] <phone> (1) <counter> (1) @beside=<bowl> (1) right",
     ("near", "phone#1", "bowl#1")),
    ("Grab the phone.", "[Grab] <phone> (1)", ("held", "phone#1")),
    ("Put it on the desk.", "[Put] <phone> (1) <desk> (1)", ("on", "phone#1", "desk#1")),
    ("Pick up the milk carton.", "[Grab] <milk_carton> (1)", ("held", "milk_carton#1")),
    ("Open the fridge.", "[Open] <fridge> (1)", ("open", "fridge#1")),
    ("Put it in the fridge.", "[PutIn] <milk_carton> (1) <fridge> (1)", ("inside", "milk_carton#1", "fridge#1")),
    ("Grab the milk carton.", "[Grab] <milk_carton> (1)", ("held", "milk_carton#1")),
    ("Put it into the bottom shelf of the fridge.", "[PutIn] <milk_carton> (1) <fridge> (1) <bottom>",
     ("inside", "milk_carton#1", "fridge#1")),
    ("Grab the milk carton.", "[Grab] <milk_carton> (1)", ("held", "milk_carton#1")),
    ("Put it in the table.", "[PutIn] <milk_carton> (1) <table> (1)", ("refused", "NOT_AFFORDED")),
    ("Put it in the bin.", "[PutIn] <milk_carton> (1) <bin> (1)", ("inside", "milk_carton#1", "bin#1")),
)
"""Human-worded requests, each with the command a person would expect and its outcome in the lab scene (the
paraphrase check of the scripted Human, ``tests/test_human_paraphrase.py``)."""
