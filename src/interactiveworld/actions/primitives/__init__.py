"""Handlers of the 36 primitives of Table 5, keyed by canonical name (plus ``navigate_to`` goals).

Each handler is ``handler(ctx, goal) -> None | PrimitiveError`` with ``ctx`` the command's
:class:`~.context.ActionContext` (the executor): it changes the world and records keyframes, or refuses with a
structured error (the executor then restores the world). The executor imports this registry; no handler imports
the executor.

Every handler and every check of this registry first reads the verb's row of the precondition table
(:func:`.preconditions.require`), so the rules the world implies are the same for every verb.
"""
from typing import Callable

from .devices import CHECKS as _DEVICES_CHECKS
from .devices import HANDLERS as _DEVICES
from .fixtures import CHECKS as _FIXTURES_CHECKS
from .fixtures import HANDLERS as _FIXTURES
from .locomotion import CHECKS as _LOCOMOTION_CHECKS
from .locomotion import HANDLERS as _LOCOMOTION
from .manipulation import CHECKS as _MANIPULATION_CHECKS
from .manipulation import HANDLERS as _MANIPULATION
from .perception import HANDLERS as _PERCEPTION
from .preconditions import PRECONDITIONS, require


def _guarded(name: str, inner: Callable | None) -> Callable:
    """``inner`` (a handler or a per-verb check; None: no check of its own) behind the table's preconditions."""

    def run(ctx, goal):
        err = require(ctx.scene, name, goal.targets)
        if err is not None or inner is None:
            return err
        return inner(ctx, goal)

    run.__name__ = getattr(inner, "__name__", f"check_{name}")
    run.__doc__ = getattr(inner, "__doc__", None)
    return run


_ALL = {**_LOCOMOTION, **_MANIPULATION, **_FIXTURES, **_DEVICES, **_PERCEPTION}
HANDLERS = {name: _guarded(name, h) for name, h in _ALL.items()}
"""Canonical primitive name -> handler (36 primitives; ``navigate_to`` doubles as the inserted NAVIGATE_TO)."""

_OWN_CHECKS = {**_LOCOMOTION_CHECKS, **_MANIPULATION_CHECKS, **_FIXTURES_CHECKS, **_DEVICES_CHECKS}
CHECKS = {name: _guarded(name, _OWN_CHECKS.get(name)) for name in PRECONDITIONS}
"""Canonical name -> precondition check run before any goal of the command (so a refusal costs no walk): the
table's row, then the verb's own check."""

__all__ = ["HANDLERS", "CHECKS", "PRECONDITIONS"]
