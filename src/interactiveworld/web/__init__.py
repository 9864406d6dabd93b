"""A person in the loop (paper appendix D.5): play the Human or the Assistant in a browser, run a
participant through a study plan, and watch a running sweep.

* :mod:`.person` -- the person agents (the same observation objects and Episode as any model) and the
  channel between the episode thread and the page;
* :mod:`.session` -- one played cell: resumable, recorded like any sweep cell;
* :mod:`.app` -- the FastAPI app and uvicorn server on 127.0.0.1 (``web`` extra);
* :mod:`.study` -- study plans and the participant's walk through them;
* :mod:`.watch` -- the read-only live page of a sweep;
* :mod:`.cli` -- ``iw-eval play``, ``study`` and ``watch``.

Importing this package needs no web dependency; :mod:`.app`, :mod:`.study` and :mod:`.watch` need
FastAPI and uvicorn.
"""
import importlib
from typing import Any

_EXPORTS = {"Channel": "person", "PersonAssistant": "person", "PersonHuman": "person", "check_pseudonym": "person",
            "is_person": "person", "person_label": "person", "CellPlan": "session", "PlaySession": "session"}


def __getattr__(name: str) -> Any:
    """The package's names, imported on first use: :mod:`.session` brings in the episode loop and the world,
    which ``iw-eval --help`` and the ``web`` command parsers do not need."""
    if name in _EXPORTS:
        return getattr(importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Channel", "PersonHuman", "PersonAssistant", "check_pseudonym", "is_person", "person_label", "CellPlan",
           "PlaySession"]
