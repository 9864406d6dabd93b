"""Completion-spec conditions: a small typed language over ground relations and the command trace.

The world reads predicates back from geometry and hands the scorer ground relations (paper B.3.2,
"Scoring"; DESIGN.md "Predicates"); a condition only ever looks at those relations and at the trace of
executed commands, never at geometry or dialogue.

Each condition is a pydantic model with a ``kind`` discriminator. TaskPack authors may also write the compact
JSON form, which validation expands:

======================================================  ==========================================================
compact                                                 meaning
======================================================  ==========================================================
``{"on": ["mug#1", "table#1"]}`` (any predicate)         :class:`Atom`; ``"*"`` in an argument matches any entity
``{"not": C}``                                          :class:`Not`
``{"any": [C, ...]}`` / ``{"all": [C, ...]}``            :class:`AnyOf` / :class:`AllOf`
``{"count": {"pred": "inside", "args": ["*", "box#1"],  :class:`Count` (``eq``, ``ge`` or ``le``; or ``op``/``n``)
"eq": 3}}``
``{"ever": C}``                                         :class:`Ever`: C held at some tick after handoff
``{"soiled": ["table#1", "spill"]}``                    :class:`Soiled`: the surface carries that soil kind
                                                        (``"*"``: any kind) -- not one of the 14 predicates
``{"succeeded": "pick(mug#1)"}`` or                     :class:`CommandSucceeded`
``{"succeeded": {"primitive": "pick", "args": [...]}}``
``{"multiset": {"pick(mug#1)": 2, "turn_on": 1}}``       :class:`CommandMultiset` (at least these counts; with
                                                        ``{"counts": {...}, "exact": true}`` exactly)
``{"sequence": ["open(fridge#1)", "close(fridge#1)"]}``  :class:`CommandSequence` (in order, gaps allowed)
``{"received": {"entity": "pot#1", "items": ["rice",    :class:`Received`: what was poured into or onto the
"water"], "exact": true}}``                             entity, in this order (``exact`` false: among others)
``{"before": {"first": C1, "then": C2}}``               :class:`Before`
``{"forbidden_before": {"forbidden": C1, "gate": C2}}`` :class:`ForbiddenBefore`
======================================================  ==========================================================

A command pattern string is ``primitive`` or ``primitive(arg, arg, ...)`` with canonical primitive names of
Table 5 and entity keys or ``"*"``.
"""
from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from ..language.registry import PRIMITIVES

__all__ = [
    "PREDICATES",
    "PREDICATE_ARITY",
    "WILDCARD",
    "RECEIVED",
    "Atom",
    "Not",
    "AnyOf",
    "AllOf",
    "Count",
    "Ever",
    "Soiled",
    "SOIL_KINDS",
    "CommandPattern",
    "CommandSucceeded",
    "CommandMultiset",
    "CommandSequence",
    "Received",
    "Before",
    "ForbiddenBefore",
    "Condition",
    "describe",
    "to_compact",
]

PREDICATES = (
    "on", "inside", "held", "open", "closed", "off", "near", "sitting", "cut", "cooked", "running", "attached",
    "raised", "unmoved",
)
"""The 14 physical predicates of the goal checker (paper B.3.2, "Scoring")."""

PREDICATE_ARITY: dict[str, int] = {
    **dict.fromkeys(("on", "inside", "near", "attached"), 2),
    **dict.fromkeys(("held", "open", "closed", "off", "sitting", "cut", "cooked", "running", "raised", "unmoved"), 1),
}
"""Number of entity arguments of each predicate."""

WILDCARD = "*"
RECEIVED = "received"
"""Name of the record relation ``("received", entity, content, ...)`` read by :class:`Received` (the world's
``interactiveworld.world.relations.RECEIVED``): history, not one of the 14 predicates."""
_KEY_RE = re.compile(r"^[a-z0-9]+(?:_[a-z0-9]+)*#\d+$")
_PATTERN_RE = re.compile(r"^\s*([a-z_]+)\s*(?:\((.*)\))?\s*$")


def _check_key(value: str, *, where: str) -> str:
    if value != WILDCARD and not _KEY_RE.match(value):
        raise ValueError(f"{where}: {value!r} is not an entity key 'name#index' (lower_snake name) or '*'")
    return value


def _non_empty(value: tuple, field: str) -> tuple:
    # a field validator rather than min_length, which would also fire when an item failed validation
    if not value:
        raise ValueError(f"{field} needs at least 1 item")
    return value


class _Model(BaseModel):
    # A string literal under a field is its description in the TaskPack JSON Schema.
    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)


class Atom(_Model):
    """A ground predicate, e.g. ``on(mug#1, table#1)``; ``"*"`` arguments match any entity."""

    kind: Literal["atom"] = "atom"
    """The condition type tag (the compact form without it is expanded on load)."""
    pred: str
    """One of the 14 predicates: on, inside, held, open, closed, off, near, sitting, cut, cooked, running, attached,
    raised, unmoved."""
    args: tuple[str, ...]
    """Entity keys ``name#index`` (or ``*`` for any entity), as many as the predicate takes (1 or 2)."""

    @field_validator("pred")
    @classmethod
    def _pred_known(cls, v: str) -> str:
        if v not in PREDICATES:
            raise ValueError(f"unknown predicate {v!r}; expected one of {', '.join(PREDICATES)}")
        return v

    @model_validator(mode="after")
    def _arity(self) -> "Atom":
        want = PREDICATE_ARITY[self.pred]
        if len(self.args) != want:
            raise ValueError(f"predicate {self.pred!r} takes {want} argument(s), got {len(self.args)}")
        for a in self.args:
            _check_key(a, where=f"args of {self.pred!r}")
        return self


class Not(_Model):
    """Negation of a state condition."""

    kind: Literal["not"] = "not"
    """The condition type tag (the compact form without it is expanded on load)."""
    cond: "Condition"
    """The negated condition."""


class AnyOf(_Model):
    """Alternatives: at least one holds."""

    kind: Literal["any"] = "any"
    """The condition type tag (the compact form without it is expanded on load)."""
    conds: tuple["Condition", ...]
    """The alternatives (at least one)."""

    _non_empty = field_validator("conds")(lambda v: _non_empty(v, "conds"))


class AllOf(_Model):
    """Conjunction: all hold."""

    kind: Literal["all"] = "all"
    """The condition type tag (the compact form without it is expanded on load)."""
    conds: tuple["Condition", ...]
    """The conditions that must all hold (at least one)."""

    _non_empty = field_validator("conds")(lambda v: _non_empty(v, "conds"))


class Count(_Model):
    """The number of true ground relations matching ``pred(args)`` (``"*"`` wildcards) compared with ``n``.

    Counts read the physical state as it is (relations true at handoff count too): "exactly three cartons in
    the box" is a statement about the box.
    """

    kind: Literal["count"] = "count"
    """The condition type tag (the compact form without it is expanded on load)."""
    pred: str
    """The predicate counted (one of the 14 predicates)."""
    args: tuple[str, ...]
    """Its arguments: entity keys or ``*`` (each ``*`` position is counted over)."""
    op: Literal["==", ">=", "<="]
    """The comparison with ``n``: ``==``, ``>=`` or ``<=`` (compact form: ``eq``, ``ge``, ``le``)."""
    n: int = Field(ge=0)
    """The number compared with (>= 0)."""

    @model_validator(mode="after")
    def _valid(self) -> "Count":
        Atom(pred=self.pred, args=self.args)  # same predicate and key rules
        return self


class Ever(_Model):
    """A state condition that held at some tick after handoff (the final state included)."""

    kind: Literal["ever"] = "ever"
    """The condition type tag (the compact form without it is expanded on load)."""
    cond: "Condition"
    """The state condition that must have held at some tick after handoff."""


SOIL_KINDS = ("grime", "spill")
"""The soil kinds a :class:`Soiled` condition names (the world's :data:`interactiveworld.world.soil.SOIL_KINDS`)."""


class Soiled(_Model):
    """A surface state: ``surface`` carries soil of kind ``soil`` (dried ``grime`` or a wet ``spill``; ``"*"``
    any kind), read from the world's relation ``("soiled", surface, kind)`` (:mod:`interactiveworld.world.soil`).

    Soil is physical truth, not command history: a ``[Wipe]`` with a tool that does not clean the kind leaves it.
    "The table is dry" is ``{"not": {"soiled": ["table#1", "spill"]}}``. As a positive goal it follows the
    baseline rules of an atom (soil present at handoff earns nothing until removed and back).
    """

    kind: Literal["soiled"] = "soiled"
    """The condition type tag (the compact form ``{"soiled": [surface, soil]}`` is expanded on load)."""
    surface: str
    """The entity key of the surface (``*`` for any)."""
    soil: str
    """The soil kind: ``grime``, ``spill`` or ``*`` for any."""

    @field_validator("surface")
    @classmethod
    def _surface_key(cls, v: str) -> str:
        return _check_key(v, where="soiled surface")

    @field_validator("soil")
    @classmethod
    def _soil_kind(cls, v: str) -> str:
        if v != WILDCARD and v not in SOIL_KINDS:
            raise ValueError(f"unknown soil kind {v!r}; expected one of {', '.join(SOIL_KINDS)} or '*'")
        return v


class CommandPattern(_Model):
    """A successful-command pattern: canonical primitive name and optional argument keys (``"*"`` allowed).

    With ``args`` None, any arguments match; otherwise the command's resolved targets must have the same length
    and match position by position.
    """

    primitive: str
    """A canonical primitive name of paper Table 5 (e.g. ``pick``, ``open``)."""
    args: tuple[str, ...] | None = None
    """The command's resolved target keys in order (``*`` for any), or null for any arguments."""

    @field_validator("primitive")
    @classmethod
    def _known(cls, v: str) -> str:
        if v not in PRIMITIVES:
            raise ValueError(f"unknown primitive {v!r}; use a canonical name of Table 5 such as 'pick'")
        return v

    @field_validator("args")
    @classmethod
    def _keys(cls, v: tuple[str, ...] | None) -> tuple[str, ...] | None:
        for a in v or ():
            _check_key(a, where="command args")
        return v

    @model_validator(mode="before")
    @classmethod
    def _from_string(cls, data: Any) -> Any:
        if isinstance(data, str):
            m = _PATTERN_RE.match(data)
            if not m:
                raise ValueError(f"command pattern {data!r} is not 'primitive' or 'primitive(arg, ...)'")
            args = None if m.group(2) is None else tuple(a.strip() for a in m.group(2).split(",") if a.strip())
            return {"primitive": m.group(1), "args": args}
        return data

    def matches(self, primitive: str | None, targets: tuple[str, ...]) -> bool:
        if primitive != self.primitive:
            return False
        if self.args is None:
            return True
        return len(self.args) == len(targets) and all(a == WILDCARD or a == t for a, t in zip(self.args, targets))

    def text(self) -> str:
        return self.primitive if self.args is None else f"{self.primitive}({', '.join(self.args)})"


class CommandSucceeded(_Model):
    """Some command matching the pattern succeeded after handoff."""

    kind: Literal["succeeded"] = "succeeded"
    """The condition type tag (the compact form without it is expanded on load)."""
    command: CommandPattern
    """The pattern a successful command must match."""


class CommandMultiset(_Model):
    """Successful commands matching each pattern occurred at least (``exact``: exactly) the given number of times."""

    kind: Literal["multiset"] = "multiset"
    """The condition type tag (the compact form without it is expanded on load)."""
    counts: tuple[tuple[CommandPattern, int], ...]
    """(pattern, count) pairs: how many successful commands must match each pattern (compact form: a mapping)."""
    exact: bool = False
    """True: exactly these counts; false: at least."""

    @field_validator("counts", mode="before")
    @classmethod
    def _from_mapping(cls, v: Any) -> Any:
        if isinstance(v, dict):
            return tuple((k, n) for k, n in v.items())
        return v

    @model_validator(mode="after")
    def _non_negative(self) -> "CommandMultiset":
        _non_empty(self.counts, "counts")
        for pattern, n in self.counts:
            if n < 0:
                raise ValueError(f"count of {pattern.text()!r} must be >= 0, got {n}")
        return self


class CommandSequence(_Model):
    """The patterns matched successful commands in this order (other commands may come between)."""

    kind: Literal["sequence"] = "sequence"
    """The condition type tag (the compact form without it is expanded on load)."""
    steps: tuple[CommandPattern, ...]
    """The patterns, matched by successful commands in this order (at least one)."""

    _non_empty = field_validator("steps")(lambda v: _non_empty(v, "steps"))


class Received(_Model):
    """The entity's persistent record of what was poured into or onto it (the world's ``received`` relation,
    oldest first) matches ``items`` in order: with ``exact`` the whole record is ``items``; otherwise ``items``
    occur in it in this order with other entries allowed between and around them.

    The record is history, not geometry: it only grows and cannot be broken and re-established, so it is read
    as it is at each tick, with no relation-level baseline exclusion (a goal that held at handoff and at every
    tick since still earns nothing). It names contents ("vodka"), never an entity's hidden identity, so "the
    glass that holds vodka" is ``any`` over the glasses of ``all[received(glass, [vodka]), on(glass, ...)]``.
    """

    kind: Literal["received"] = "received"
    """The condition type tag (the compact form without it is expanded on load)."""
    entity: str
    """The entity key ``name#index`` whose record is read."""
    items: tuple[str, ...] = ()
    """Content names in the order they must have been received (lower case as configured in the scene, e.g.
    ``soy sauce``); empty with ``exact``: the entity received nothing."""
    exact: bool = True
    """True: the record is exactly ``items``; false: ``items`` occur in the record in this order."""

    @field_validator("entity")
    @classmethod
    def _key(cls, v: str) -> str:
        if v == WILDCARD:
            raise ValueError("received: 'entity' must be one entity key; use any/all over keys for alternatives")
        return _check_key(v, where="received entity")

    @field_validator("items")
    @classmethod
    def _names(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        for item in v:
            if not item.strip():
                raise ValueError("received: an item is a non-empty content name")
        return v

    @model_validator(mode="after")
    def _something(self) -> "Received":
        if not self.items and not self.exact:
            raise ValueError("received: with exact false, give at least one item (an empty subsequence always "
                             "matches)")
        return self

    def matches(self, record: tuple[str, ...]) -> bool:
        """Whether an entity's record (oldest first) satisfies the condition."""
        if self.exact:
            return tuple(record) == self.items
        it = iter(record)
        return all(any(got == want for got in it) for want in self.items)

    def text(self) -> str:
        return f"received({self.entity}, [{', '.join(self.items)}]{'' if self.exact else ', in order'})"


class Before(_Model):
    """Ordering gate: ``then`` holds at some tick, and ``first`` held at a tick no later than the first such tick."""

    kind: Literal["before"] = "before"
    """The condition type tag (the compact form without it is expanded on load)."""
    first: "Condition"
    """The condition that must hold no later than ``then`` first holds."""
    then: "Condition"
    """The gated condition; while it never holds, the gate is unmet."""


class ForbiddenBefore(_Model):
    """``gate`` holds at some tick, and ``forbidden`` held at no tick strictly before the first such tick."""

    kind: Literal["forbidden_before"] = "forbidden_before"
    """The condition type tag (the compact form without it is expanded on load)."""
    forbidden: "Condition"
    """The condition that must not hold at any tick before ``gate`` first holds."""
    gate: "Condition"
    """The gate; while it never holds, the condition is unmet."""


_COMPACT_COUNT_OPS = {"eq": "==", "ge": ">=", "le": "<=", "==": "==", ">=": ">=", "<=": "<="}


def _expand(data: Any) -> Any:
    """Rewrite the compact JSON form into the ``kind``-tagged form (see the module docstring)."""
    if isinstance(data, BaseModel) or (isinstance(data, dict) and "kind" in data):
        return data
    if not isinstance(data, dict):
        raise ValueError(
            f"a condition is an object such as {{\"on\": [\"mug#1\", \"table#1\"]}}, got {type(data).__name__} "
            f"{data!r:.60}"
        )
    if len(data) != 1:
        keys = ", ".join(repr(k) for k in data) or "nothing"
        raise ValueError(f"a compact condition has exactly one key (a predicate or an operator), got {keys}")
    (key, value), = data.items()
    if key in PREDICATES:
        if isinstance(value, str):
            value = [value]
        return {"kind": "atom", "pred": key, "args": value}
    if key in ("not", "ever"):
        return {"kind": key, "cond": value}
    if key == "soiled":
        if not isinstance(value, (list, tuple)) or len(value) != 2:
            raise ValueError("'soiled' takes [surface key, soil kind], e.g. [\"table#1\", \"spill\"]")
        return {"kind": "soiled", "surface": value[0], "soil": value[1]}
    if key in ("any", "all"):
        return {"kind": key, "conds": value}
    if key == "count":
        if not isinstance(value, dict):
            raise ValueError("'count' takes an object {pred, args, eq|ge|le: n}")
        value = dict(value)
        ops = [k for k in value if k in _COMPACT_COUNT_OPS]
        if "op" not in value:
            if len(ops) != 1:
                raise ValueError("'count' needs exactly one of 'eq', 'ge', 'le' (or 'op' and 'n')")
            value["op"], value["n"] = _COMPACT_COUNT_OPS[ops[0]], value.pop(ops[0])
        return {"kind": "count", **value}
    if key == "succeeded":
        return {"kind": "succeeded", "command": value}
    if key == "multiset":
        if isinstance(value, dict) and "counts" in value:
            return {"kind": "multiset", **value}
        return {"kind": "multiset", "counts": value}
    if key == "sequence":
        return {"kind": "sequence", "steps": value}
    if key == "received":
        if not isinstance(value, dict):
            raise ValueError("'received' takes an object {entity, items, exact}")
        return {"kind": "received", **value}
    if key in ("before", "forbidden_before"):
        if not isinstance(value, dict):
            raise ValueError(f"{key!r} takes an object")
        return {"kind": key, **value}
    raise ValueError(
        f"unknown condition key {key!r}; expected a predicate ({', '.join(PREDICATES)}) or one of not, any, all, "
        f"count, ever, soiled, succeeded, multiset, sequence, received, before, forbidden_before"
    )


Condition = Annotated[
    Union[Atom, Not, AnyOf, AllOf, Count, Ever, Soiled, CommandSucceeded, CommandMultiset, CommandSequence, Received,
          Before, ForbiddenBefore],
    Field(discriminator="kind"),
]
"""Any condition; validation also accepts the compact JSON form."""
Condition = Annotated[Condition, BeforeValidator(_expand)]

for _m in (Not, AnyOf, AllOf, Ever, Before, ForbiddenBefore):
    _m.model_rebuild()


def describe(cond: BaseModel) -> str:
    """A compact human-readable form of a condition, e.g. ``on(mug#1, table#1)`` or ``not open(fridge#1)``."""
    if isinstance(cond, Atom):
        return f"{cond.pred}({', '.join(cond.args)})"
    if isinstance(cond, Not):
        return f"not {describe(cond.cond)}"
    if isinstance(cond, AnyOf):
        return "any[" + " | ".join(describe(c) for c in cond.conds) + "]"
    if isinstance(cond, AllOf):
        return "all[" + " & ".join(describe(c) for c in cond.conds) + "]"
    if isinstance(cond, Count):
        return f"count {cond.pred}({', '.join(cond.args)}) {cond.op} {cond.n}"
    if isinstance(cond, Ever):
        return f"ever {describe(cond.cond)}"
    if isinstance(cond, Soiled):
        return f"soiled({cond.surface}, {cond.soil})"
    if isinstance(cond, CommandSucceeded):
        return f"succeeded {cond.command.text()}"
    if isinstance(cond, CommandMultiset):
        rel = "==" if cond.exact else ">="
        return "commands{" + ", ".join(f"{p.text()} {rel} {n}" for p, n in cond.counts) + "}"
    if isinstance(cond, CommandSequence):
        return "sequence[" + " -> ".join(p.text() for p in cond.steps) + "]"
    if isinstance(cond, Received):
        return cond.text()
    if isinstance(cond, Before):
        return f"({describe(cond.first)}) before ({describe(cond.then)})"
    if isinstance(cond, ForbiddenBefore):
        return f"no ({describe(cond.forbidden)}) before ({describe(cond.gate)})"
    raise TypeError(f"not a condition: {cond!r}")


def to_compact(cond: BaseModel) -> Any:
    """The compact JSON form of a condition (the inverse of the expansion done on validation)."""
    if isinstance(cond, Atom):
        return {cond.pred: list(cond.args)}
    if isinstance(cond, (Not, Ever)):
        return {cond.kind: to_compact(cond.cond)}
    if isinstance(cond, (AnyOf, AllOf)):
        return {cond.kind: [to_compact(c) for c in cond.conds]}
    if isinstance(cond, Soiled):
        return {"soiled": [cond.surface, cond.soil]}
    if isinstance(cond, Count):
        op = {"==": "eq", ">=": "ge", "<=": "le"}[cond.op]
        return {"count": {"pred": cond.pred, "args": list(cond.args), op: cond.n}}
    if isinstance(cond, CommandSucceeded):
        return {"succeeded": cond.command.text()}
    if isinstance(cond, CommandMultiset):
        counts = {p.text(): n for p, n in cond.counts}
        return {"multiset": {"counts": counts, "exact": True} if cond.exact else counts}
    if isinstance(cond, CommandSequence):
        return {"sequence": [p.text() for p in cond.steps]}
    if isinstance(cond, Received):
        return {"received": {"entity": cond.entity, "items": list(cond.items), "exact": cond.exact}}
    if isinstance(cond, Before):
        return {"before": {"first": to_compact(cond.first), "then": to_compact(cond.then)}}
    if isinstance(cond, ForbiddenBefore):
        return {"forbidden_before": {"forbidden": to_compact(cond.forbidden), "gate": to_compact(cond.gate)}}
    raise TypeError(f"not a condition: {cond!r}")
