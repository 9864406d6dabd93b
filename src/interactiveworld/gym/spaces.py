"""What the Gymnasium environments share: text spaces and their charset, the task pool, the egocentric frame.

Text crosses Gymnasium as :class:`gymnasium.spaces.Text` over :data:`CHARSET` (printable ASCII and the newline).
Observation strings are made to fit: characters outside the charset are transliterated (NFKD, so "é" becomes
"e") or replaced by "?", and a string longer than its space's ``max_length`` is cut, ending in "...".
"""
from __future__ import annotations

import string
import unicodedata
from pathlib import Path
from typing import Any, Sequence

import numpy as np
from gymnasium import spaces

from ..bench.families import Family
from ..bench.taskpack import TaskPack, TaskPackError, load_taskpack, select_taskpacks

__all__ = ["CHARSET", "MAX_ACTION_CHARS", "MAX_HANDLES_CHARS", "MAX_TEXT_CHARS", "text_space", "fit_text",
           "frame_space", "TaskPool", "DONE_ACTIONS", "is_done"]

CHARSET = string.ascii_letters + string.digits + string.punctuation + " \n"
"""Characters of every Text space: printable ASCII (letters, digits, punctuation, space) and the newline."""
MAX_ACTION_CHARS = 1000
"""Longest action string [characters]: an action block of a few commands, or one utterance."""
MAX_HANDLES_CHARS = 4096
"""Longest handle listing [characters] (one ``<name> (index): description`` line per entity)."""
MAX_TEXT_CHARS = 1024
"""Longest other observation string [characters] (task, held object, last outcome, speech)."""
DONE_ACTIONS = ("done", "<done/>", "[done]")
"""Action strings (case-insensitive, surrounding blanks ignored) that declare the task finished."""

_REPLACEMENTS = {"\t": " ", "\r": "", "\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-",
               "\u2014": "-", "\u00d7": "x", "\u00b0": " deg"}


def text_space(max_length: int) -> spaces.Text:
    """A Text space of 0..``max_length`` characters from :data:`CHARSET`."""
    return spaces.Text(max_length, min_length=0, charset=CHARSET)


def fit_text(text: str, max_length: int) -> str:
    """``text`` within :data:`CHARSET` and ``max_length`` (>= 3) characters (see the module docstring)."""
    out = []
    for ch in str(text):
        if ch in CHARSET:
            out.append(ch)
        elif ch in _REPLACEMENTS:
            out.append(_REPLACEMENTS[ch])
        else:
            ascii_form = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
            out.append("".join(c for c in ascii_form if c in CHARSET) or "?")
    s = "".join(out)
    return s if len(s) <= max_length else s[: max_length - 3] + "..."


def is_done(action: str) -> bool:
    """True for an action that declares the task finished (:data:`DONE_ACTIONS`)."""
    return action.strip().lower() in DONE_ACTIONS


def frame_space(width: int, height: int) -> spaces.Box:
    """The egocentric frame: (height, width, 3) uint8 RGB."""
    return spaces.Box(0, 255, (int(height), int(width), 3), np.uint8)


class TaskPool:
    """The TaskPacks an environment draws from at each reset.

    Args:
        task: a TaskPack id, file path or :class:`TaskPack`, or a list of them; None = every built-in TaskPack
            (of ``family`` when given).
        family: keep only this family (name such as ``"Decision"`` or protocol such as ``"ASK"``).
    Raises:
        TaskPackError: an unknown id, a missing or invalid file, or no TaskPack left after the family filter.
        ValueError: an unknown family.
    """

    def __init__(self, task: str | Path | TaskPack | Sequence[str | Path | TaskPack] | None = None, *,
                 family: str | None = None) -> None:
        items: list[Any] = [] if task is None else (list(task) if isinstance(task, (list, tuple)) else [task])
        given = [t for t in items if isinstance(t, TaskPack)]
        named = [str(t) for t in items if not isinstance(t, TaskPack)]
        packs = list(given)
        if named or not given:
            packs += [load_taskpack(p) for p in select_taskpacks(named or None)]
        if family is not None:
            fam = Family.parse(family)
            packs = [tp for tp in packs if tp.family == fam]
            if not packs:
                raise TaskPackError(f"no selected TaskPack belongs to family {fam.value}")
        self.taskpacks: list[TaskPack] = packs
        self.by_id = {tp.id: tp for tp in packs}

    @property
    def ids(self) -> list[str]:
        return [tp.id for tp in self.taskpacks]

    def pick(self, rng: np.random.Generator, task_id: str | None = None) -> TaskPack:
        """``task_id`` when given (it must be in the pool), else one TaskPack drawn uniformly with ``rng``.

        Raises:
            ValueError: ``task_id`` is not in the pool (the message lists the pool).
        """
        if task_id is not None:
            if task_id not in self.by_id:
                raise ValueError(f"task {task_id!r} is not in this environment's pool ({', '.join(self.ids)})")
            return self.by_id[task_id]
        if len(self.taskpacks) == 1:
            return self.taskpacks[0]
        return self.taskpacks[int(rng.integers(len(self.taskpacks)))]
