"""Environments named by reference: ``module:callable`` factories (``--env``; DESIGN.md "Backends and scale").

A sweep, a replay, ``validate`` and the browser front ends build every environment through
:func:`make_env`, so the factory of a cell is data (recorded in its key and trace header), never code a
file decides. The default is :data:`~interactiveworld.bench.identity.DEFAULT_ENV`, the physical world.
"""
from __future__ import annotations

import importlib
import inspect
from typing import Any, Callable


def load_factory(ref: str) -> Callable[..., Any]:
    """Import ``module:callable``.

    Raises:
        ValueError: malformed reference or the attribute is missing.
        ImportError: the module cannot be imported.
    """
    mod, sep, attr = ref.partition(":")
    if not sep or not mod or not attr:
        raise ValueError(f"environment factory {ref!r}: expected 'module:callable'")
    obj = importlib.import_module(mod)
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise ValueError(f"environment factory {ref!r}: {part!r} not found")
        obj = getattr(obj, part)
    return obj


def make_env(ref: str, *, render: bool, body_model: str | None = None) -> Any:
    """Build an environment from a factory reference, passing ``render`` when the factory takes it, and
    ``body_model`` (SMPL+H model files) when one is given.

    Raises:
        ValueError: a ``body_model`` is given and the factory takes no ``body_model`` keyword.
    """
    factory = load_factory(ref)
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        params = {}
    anything = any(p.kind == p.VAR_KEYWORD for p in params.values())
    kwargs: dict[str, Any] = {}
    if "render" in params or anything:
        kwargs["render"] = render
    if body_model is not None:
        if not ("body_model" in params or anything):
            raise ValueError(f"environment factory {ref!r} takes no body_model, so --body-model cannot be used "
                             f"with it")
        kwargs["body_model"] = body_model
    return factory(**kwargs)


__all__ = ["load_factory", "make_env"]
