"""Reading JSON that came from outside the process (TaskPacks, sweep records, cached model replies)
with limits, so a hostile or broken file fails with a message naming it instead of a RecursionError,
an out-of-memory stall or a silently dropped field.

* nesting deeper than :data:`MAX_DEPTH` containers is refused (the parser and the schema validator
  both recurse; Python's own limit is about 1000 levels and surfaces as ``RecursionError``);
* a JSON object that names the same key twice is refused (``json.loads`` would keep the last value,
  so two readers of one file could disagree about what it says);
* a file larger than the caller's byte limit is refused before it is read.
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


__all__ = ["MAX_DEPTH", "JSONLimitError", "loads", "nesting_depth", "read_json_file"]
