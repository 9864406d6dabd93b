"""Reading declared answers in Assistant speech: numbers with units, clock times and phrases.

A capability point that asks whether the Assistant *said* something (paper appendix C.3.2: each point is
scored by its own check) compares the speech with declared values after normalisation, so that "$41",
"41 dollars" and "forty-one" all carry the value 41 in dollars:

* number words are turned into digits with ``text_to_num.alpha2digit`` (English; every number, "one"
  included, is converted);
* a number matches a declared ``(value, unit)`` when it is equal (to 1e-9) and its unit is the declared one
  or absent; a number written with another unit ("41 mL" against $41) does not match;
* a clock time "7:55" matches "7:55", "7.55", "7 55" and "seven fifty-five";
* a phrase matches as whole words, case-insensitively, with hyphens, underscores and runs of spaces read as
  one space and an optional plural "s"/"es" at its end.

A declared value (:data:`Value`) is written in a TaskPack as ``{"number": 41, "unit": "$"}``,
``{"time": "7:55"}`` or ``{"phrase": "baby oil"}``; nothing here knows more about TaskPacks.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal, Sequence, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from text_to_num import alpha2digit

__all__ = ["UNITS", "normalise", "numbers_in", "says_number", "says_time", "says_phrase", "NumberValue",
           "TimeValue", "PhraseValue", "Value", "carries"]

UNITS: dict[str, tuple[str, ...]] = {
    "$": ("$", "usd", "dollar", "dollars", "buck", "bucks"),
    "mL": ("ml", "millilitre", "millilitres", "milliliter", "milliliters"),
    "L": ("l", "litre", "litres", "liter", "liters"),
    "min": ("min", "mins", "minute", "minutes"),
    "g": ("g", "gram", "grams"),
    "kg": ("kg", "kilo", "kilos", "kilogram", "kilograms"),
    "%": ("%", "percent", "per cent"),
    "kcal": ("kcal", "calorie", "calories"),
}
"""Declared unit -> the spellings that carry it after a number (``$``/``usd`` may also stand before it)."""

_SPELLING = {s: u for u, spellings in UNITS.items() for s in spellings}
_NUMBER = re.compile(
    r"(?P<pre>\$|\busd\s*)?(?P<num>\d+(?:,\d{3})*(?:\.\d+)?)(?!\d)\s*(?P<post>per cent|%|[a-z]+)?")
_TIME = re.compile(r"(?<![\d.])(\d{1,2})\s*(?::|\.|\s)\s*(\d{2})(?![\d.])")


@lru_cache(maxsize=4096)
def normalise(text: str) -> str:
    """Lower-case text with number words turned into digits and hyphens/underscores read as spaces."""
    t = text.replace("\u2019", "'").replace("_", " ")
    t = re.sub(r"(?<=[A-Za-z0-9])-(?=[A-Za-z])", " ", t)
    try:
        t = alpha2digit(t, "en", threshold=0)
    except Exception:  # noqa: BLE001 - a text the converter cannot read keeps its digits only
        pass
    return " ".join(t.lower().split())


def numbers_in(text: str) -> list[tuple[float, str | None]]:
    """Every number in ``text`` with the unit written beside it (a key of :data:`UNITS`, or None).

    >>> numbers_in("Quote B is forty-one dollars, not 39")
    [(41.0, '$'), (39.0, None)]
    """
    out = []
    for m in _NUMBER.finditer(normalise(text)):
        value = float(m.group("num").replace(",", ""))
        unit = "$" if m.group("pre") else _SPELLING.get((m.group("post") or "").strip())
        out.append((value, unit))
    return out


def says_number(text: str, value: float, unit: str | None = None) -> bool:
    """Whether ``text`` carries ``value`` (in ``unit`` when given; a bare number also counts)."""
    return any(abs(v - value) < 1e-9 and (unit is None or u is None or u == unit) for v, u in numbers_in(text))


def says_time(text: str, hours: int, minutes: int) -> bool:
    """Whether ``text`` carries the clock time ``hours:minutes`` (12- or 24-hour reading of the hour)."""
    for m in _TIME.finditer(normalise(text)):
        h, mm = int(m.group(1)), int(m.group(2))
        if mm == minutes and h % 12 == hours % 12:
            return True
    return False


@lru_cache(maxsize=4096)
def _phrase_re(phrase: str) -> re.Pattern[str]:
    words = normalise(phrase).split()
    return re.compile(r"(?<![\w$])" + r"\s+".join(re.escape(w) for w in words) + r"(?:e?s)?(?![\w])")


def says_phrase(text: str, phrase: str) -> bool:
    """Whether ``text`` contains ``phrase`` as whole words (case, hyphens and plural "s" ignored)."""
    if not phrase.strip():
        return False
    return _phrase_re(phrase).search(normalise(text)) is not None


class _Model(BaseModel):
    # A string literal under a field is its description in the JSON Schema (``iw-eval schema``).
    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)


class NumberValue(_Model):
    """A number, optionally with a unit (a key of :data:`UNITS`): ``{"number": 41, "unit": "$"}``.

    A bare number in speech carries it too ("the one that says 41"), unless ``strict``: then the unit must be
    written beside it (for small numbers such as "one litre", which "the right one" must not carry).
    """

    number: float
    """The value, e.g. 41 for "$41"."""
    unit: Literal["$", "mL", "L", "min", "g", "kg", "%", "kcal"] | None = None
    """The unit written or spoken with the number, or null for a bare number."""
    strict: bool = False
    """True: the unit must be said beside the number (a bare number does not count)."""

    @model_validator(mode="after")
    def _unit_for_strict(self) -> "NumberValue":
        if self.strict and self.unit is None:
            raise ValueError("'strict' needs a 'unit'")
        return self

    def said_in(self, text: str) -> bool:
        if self.strict:
            return any(abs(v - self.number) < 1e-9 and u == self.unit for v, u in numbers_in(text))
        return says_number(text, self.number, self.unit)

    def text(self) -> str:
        n = f"{self.number:g}"
        return f"${n}" if self.unit == "$" else f"{n} {self.unit}" if self.unit else n


class TimeValue(_Model):
    """A clock time ``"H:MM"``: ``{"time": "7:55"}``."""

    time: str = Field(pattern=r"^\d{1,2}:\d{2}$")
    """The clock time as ``H:MM`` (24-hour)."""

    def said_in(self, text: str) -> bool:
        h, m = self.time.split(":")
        return says_time(text, int(h), int(m))

    def text(self) -> str:
        return self.time


class PhraseValue(_Model):
    """Whole words: ``{"phrase": "baby oil"}``."""

    phrase: str = Field(min_length=1)
    """The words, matched whole after normalising case, punctuation and plurals."""

    @field_validator("phrase")
    @classmethod
    def _words(cls, v: str) -> str:
        if not normalise(v).strip():
            raise ValueError("a phrase needs at least one word")
        return v

    def said_in(self, text: str) -> bool:
        return says_phrase(text, self.phrase)

    def text(self) -> str:
        return repr(self.phrase)


Value = Union[NumberValue, TimeValue, PhraseValue]
"""A declared value an utterance may carry."""


def carries(text: str, values: Sequence[NumberValue | TimeValue | PhraseValue]) -> bool:
    """Whether ``text`` carries any of ``values``."""
    return any(v.said_in(text) for v in values)
