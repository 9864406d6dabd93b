"""What the command lines share: ``iw-eval``'s own subcommands (:mod:`interactiveworld.cli`) and the browser front
ends (:mod:`interactiveworld.web.cli`).

A bad argument is a :class:`UsageError`: the command prints ``iw-eval <command>: error: <message>`` and exits with
status 2. Everything here is cheap to import (``iw-eval --help`` builds every parser and loads this module):
the checks that need the world or a model client are imported by the commands where they run.
"""
from __future__ import annotations

import contextlib
import signal
import threading
from typing import Any, Iterator

from .agents.providers import check_model_string
from .bench.factory import load_factory

BODY_MODEL_HELP = ("SMPL+H model file (SMPLH_NEUTRAL.npz) or a folder holding one: the body that acts and is drawn "
                   "(default: the built-in body; needs the 'body' extra)")


class UsageError(Exception):
    """A bad argument: reported on stderr with exit status 2."""


@contextlib.contextmanager
def usage_errors(*kinds: type[Exception]) -> Iterator[None]:
    """Within the block, an exception of one of ``kinds`` is a bad argument: it is raised again as a
    :class:`UsageError` with the same message (and without the original traceback)."""
    try:
        yield
    except kinds as exc:
        raise UsageError(str(exc)) from None


def check_env(ref: str) -> None:
    """Check that the ``--env`` factory ``module:callable`` can be imported (``run``, ``validate``, ``replay`` and
    the ``play``/``study`` pages).

    Raises:
        UsageError: it cannot, with the reason.
    """
    try:
        load_factory(ref)
    except (ImportError, ValueError) as exc:
        raise UsageError(f"--env: the environment factory {ref!r} cannot be loaded ({type(exc).__name__}: {exc})") \
            from None


def check_model(model: str, flag: str, expected: str) -> None:
    """Check a litellm model string given to ``flag``.

    Raises:
        UsageError: malformed (:func:`~interactiveworld.agents.providers.check_model_string`), naming ``flag`` and
            what it expects.
    """
    try:
        check_model_string(model)
    except ValueError as exc:
        raise UsageError(f"{flag}: {exc} (expected {expected})") from None


@contextlib.contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """Within the block, SIGTERM (``kill``, ``timeout``, a batch scheduler) stops a sweep as Ctrl-C does."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


__all__ = ["BODY_MODEL_HELP", "UsageError", "check_env", "check_model", "sigterm_as_interrupt", "usage_errors"]
