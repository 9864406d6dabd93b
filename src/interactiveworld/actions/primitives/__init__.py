"""Handlers of the 36 primitives of Table 5, keyed by canonical name (plus ``navigate_to`` goals).

Each handler is ``handler(ctx, goal) -> None | PrimitiveError`` with ``ctx`` the command's
:class:`~.context.ActionContext` (the executor): it changes the world and records keyframes, or refuses with a
structured error (the executor then restores the world). The executor imports this registry; no handler imports
the executor.
"""
from .devices import CHECKS as _DEVICES_CHECKS
from .devices import HANDLERS as _DEVICES
from .fixtures import CHECKS as _FIXTURES_CHECKS
from .fixtures import HANDLERS as _FIXTURES
from .locomotion import CHECKS as _LOCOMOTION_CHECKS
from .locomotion import HANDLERS as _LOCOMOTION
from .manipulation import CHECKS as _MANIPULATION_CHECKS
from .manipulation import HANDLERS as _MANIPULATION
from .perception import HANDLERS as _PERCEPTION

HANDLERS = {**_LOCOMOTION, **_MANIPULATION, **_FIXTURES, **_DEVICES, **_PERCEPTION}
"""Canonical primitive name -> handler (36 primitives; ``navigate_to`` doubles as the inserted NAVIGATE_TO)."""

CHECKS = {**_LOCOMOTION_CHECKS, **_MANIPULATION_CHECKS, **_FIXTURES_CHECKS, **_DEVICES_CHECKS}
"""Canonical name -> precondition check run before any goal of the command (so a refusal costs no walk)."""

__all__ = ["HANDLERS", "CHECKS"]
