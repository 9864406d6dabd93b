"""Reading JSON that came from outside the process (TaskPacks, eval.json, trace lines, study plans, labels, USD
attributes) with limits and field-type checks, so a hostile or broken file fails with a message naming it
instead of a RecursionError, an out-of-memory stall or a silently dropped field.

* nesting deeper than :data:`MAX_DEPTH` containers is refused (the parser and the schema validator
  both recurse; Python's own limit is about 1000 levels and surfaces as ``RecursionError``);
* a JSON object that names the same key twice is refused (``json.loads`` would keep the last value,
  so two readers of one file could disagree about what it says);
* a file larger than the caller's byte limit is refused before it is read;
* :func:`field_problem` checks the types of named fields against a table, naming the first field at fault.

Readers of files from outside (TaskPacks, ``eval.json``, ``trace.jsonl`` lines, study plans, USD attributes) go
through :func:`read_json_file` or :func:`loads`, so each fails with one line naming the file and the limit.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

MAX_DEPTH = 64
"""Deepest container nesting accepted (the built-in TaskPacks nest 12 deep)."""


class JSONLimitError(ValueError):
    """JSON text that breaks a limit: too deep, too large, or a key given twice in one object."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise JSONLimitError(f"key {k!r} appears twice in one object")
        out[k] = v
    return out


def nesting_depth(obj: Any) -> int:
    """Deepest container nesting of a parsed JSON value (a scalar is 0, ``[]`` is 1); iterative."""
    deepest, stack = 0, [(obj, 1)]
    while stack:
        x, d = stack.pop()
        if isinstance(x, dict):
            deepest = max(deepest, d)
            stack += [(v, d + 1) for v in x.values()]
        elif isinstance(x, list):
            deepest = max(deepest, d)
            stack += [(v, d + 1) for v in x]
    return deepest


def loads(text: str | bytes, *, source: str = "<json>", max_depth: int = MAX_DEPTH,
          allow_duplicate_keys: bool = False) -> Any:
    """Parse JSON text within the limits above.

    Raises:
        JSONLimitError: nested deeper than ``max_depth`` or a duplicate key (the message names ``source``).
        json.JSONDecodeError: not JSON at all.
    """
    hook = None if allow_duplicate_keys else _no_duplicates
    try:
        data = json.loads(text, object_pairs_hook=hook)
    except RecursionError:
        raise JSONLimitError(f"{source}: JSON nested deeper than {max_depth} levels") from None
    except JSONLimitError as exc:
        raise JSONLimitError(f"{source}: {exc}") from None
    if nesting_depth(data) > max_depth:
        raise JSONLimitError(f"{source}: JSON nested deeper than {max_depth} levels")
    return data


def read_json_file(path: str | os.PathLike[str], *, max_bytes: int, max_depth: int = MAX_DEPTH,
                   allow_duplicate_keys: bool = False) -> Any:
    """Read and parse a UTF-8 JSON file of at most ``max_bytes`` bytes (see :func:`loads`).

    Raises:
        JSONLimitError: the file is larger than ``max_bytes`` or breaks a limit of :func:`loads`.
        OSError / UnicodeDecodeError / json.JSONDecodeError: unreadable, not UTF-8, not JSON.
    """
    p = Path(path)
    size = p.stat().st_size
    if size > max_bytes:
        raise JSONLimitError(f"{p}: {size} bytes, over the limit of {max_bytes} bytes")
    with open(p, "rb") as f:
        raw = f.read(max_bytes + 1)
    if len(raw) > max_bytes:  # grew while being read
        raise JSONLimitError(f"{p}: over the limit of {max_bytes} bytes")
    return loads(raw.decode("utf-8"), source=str(p), max_depth=max_depth, allow_duplicate_keys=allow_duplicate_keys)


def _kind_ok(value: Any, kind: str) -> bool:
    if kind == "null":
        return value is None
    if kind == "str":
        return isinstance(value, str)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "count":
        return isinstance(value, int) and not isinstance(value, bool) and value >= 0
    if kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value \
            and value not in (float("inf"), float("-inf"))
    if kind == "list":
        return isinstance(value, list)
    if kind == "object":
        return isinstance(value, dict)
    raise ValueError(f"unknown field kind {kind!r}")


_KIND_WORDS = {"null": "null", "str": "a string", "bool": "true or false", "int": "an integer",
               "count": "a non-negative integer", "number": "a finite number", "list": "a list",
               "object": "an object"}


def field_problem(record: dict[str, Any], kinds: dict[str, str]) -> str | None:
    """The first field of ``record`` whose value is not of its kind in ``kinds``, as one line, or None.

    ``kinds`` maps a field name to kinds joined by ``|``: ``null``, ``str``, ``bool``, ``int``, ``count``
    (an integer >= 0), ``number`` (finite int or float), ``list``, ``object``; a boolean is never a number.
    A field absent from ``record`` is not checked (say ``null`` and check presence apart where it is required).

    Returns e.g. ``"field 'seed' must be an integer or null, got 'x'"``.
    """
    for name, spec in kinds.items():
        if name not in record:
            continue
        value, options = record[name], spec.split("|")
        if not any(_kind_ok(value, k) for k in options):
            want = " or ".join(_KIND_WORDS[k] for k in options)
            shown = repr(value)
            return f"field {name!r} must be {want}, got {shown if len(shown) <= 60 else shown[:57] + '...'}"
    return None


__all__ = ["MAX_DEPTH", "JSONLimitError", "loads", "nesting_depth", "read_json_file", "field_problem"]
