"""Checks ``iw-eval run`` makes before the first cell: which Human a model Assistant gets, blind runs,
provider credentials, the reachability of ``--api-base``, the sweep folder and the ``--body-model`` file. Each
problem is one :class:`PreflightError` whose message names the flag and what to do, so a misconfigured sweep stops
in seconds instead of after the openings of every cell.
"""
from __future__ import annotations

import inspect
import os
import socket
import uuid
from pathlib import Path
from typing import Callable
from urllib.parse import urlsplit

from ..agents.base import AgentTransportError
from ..agents.calls import ModelRefusal, permanent_problem
from ..agents.controls import CONTROL_ASSISTANTS
from ..agents.model import LLMClient, failed_url
from ..agents.providers import litellm_module
from ..body import BodyModelError, body_model_identity, load_body_model
from .factory import load_factory

SCRIPTED = "scripted"
PAPER_HUMAN = "gemini/gemini-3.1-pro"
"""The Human of the paper's documented configuration (appendix C.2.1), held fixed across Assistants."""

SCRIPTED_NOTE = ("note: --human scripted grounds only the TaskPack's oracle wording (its 'say' and 'match' "
                 "phrasings): a model Assistant's own words are mostly not understood, so the scores measure "
                 "agreement with the oracle's sentences, not assistance. Give a model Human (--human MODEL) to "
                 "evaluate a model.")


class PreflightError(ValueError):
    """A run that cannot work as asked; the message names the flag and the remedy."""


def is_model(name: str) -> bool:
    """True for a litellm model string, False for a control Assistant or the scripted Human."""
    return name not in CONTROL_ASSISTANTS and name != SCRIPTED


def choose_humans(assistants: list[str], humans: list[str] | None) -> tuple[list[str], list[str]]:
    """The Humans of a run and the notes to print.

    Without ``--human``: a run of controls only gets the scripted Human; a run with one model Assistant gets
    that model as the Human of every cell (one model plays both roles; a control beside it then shows what
    this Human does with the control's guidance). With several model Assistants the Human must be named,
    since it is held fixed across the Assistants compared (paper C.2.1).

    Raises:
        PreflightError: several model Assistants and no ``--human``.
    """
    models = [a for a in assistants if is_model(a)]
    if humans:
        notes = [SCRIPTED_NOTE] if models and SCRIPTED in humans else []
        return humans, notes
    if not models:
        return [SCRIPTED], []
    if len(models) > 1:
        raise PreflightError(f"--human: {len(models)} model Assistants need one Human held fixed across them: give "
                             f"--human MODEL (the paper's is {PAPER_HUMAN}), or --human scripted to ground only "
                             f"the oracle's wording")
    return [models[0]], [f"Human: {models[0]} (the Assistant's model; --human MODEL names another, e.g. the "
                         f"paper's {PAPER_HUMAN})"]


def check_blind(agents: list[str], *, no_render: bool, blind: bool) -> None:
    """A model without frames is a different benchmark: ``--no-render`` with a model agent needs ``--blind``.

    Raises:
        PreflightError: ``--no-render`` with a model Assistant or Human and no ``--blind``.
    """
    models = [a for a in agents if is_model(a)]
    if no_render and models and not blind:
        raise PreflightError(f"--no-render: {', '.join(dict.fromkeys(models))} would get no image at any turn (a "
                             f"blind run); add --blind if that is meant, or drop --no-render")


def check_credentials(models: list[str]) -> None:
    """Every provider key a model needs is set, bare names (``gpt-4o``) included: litellm resolves the
    provider (``get_llm_provider``) and lists its missing keys (``validate_environment``).

    Raises:
        PreflightError: keys are missing; the message names every model without its keys and the variables
            (one line per model), so that all of them can be set at once.
    """
    if not models:
        return  # the oracle, controls and scripted agents call no provider (and litellm takes seconds to import)
    lm = litellm_module()
    problems = []
    for model in dict.fromkeys(models):
        try:
            _, provider, _, _ = lm.get_llm_provider(model)
            missing = lm.validate_environment(model).get("missing_keys") or []
        except Exception:  # noqa: BLE001 - an unroutable string is reported by the model-string check
            continue
        keys = [k for k in missing if k.endswith("_KEY")]
        if keys:
            problems.append(f"{model} (provider {provider}): no credentials: set {' or '.join(keys)} in the "
                            f"environment")
    if problems:
        raise PreflightError("\n  ".join(problems) + " (or give --api-base for a server that needs none)")


def check_provider(models: list[str], api_base: str | None) -> None:
    """What a command that calls ``models`` checks before its first call: a reachable ``api_base`` when one is
    given (it answers for every model), else every provider key (:func:`check_credentials`).

    Raises:
        PreflightError: as :func:`check_endpoint` or :func:`check_credentials`.
    """
    if not models:
        return
    if api_base:
        check_endpoint(api_base)
    else:
        check_credentials(models)


def check_routes(models: list[str], api_base: str | None, *, timeout_s: float = 30.0,
                 call: Callable[[str], None] | None = None) -> list[str]:
    """Call every distinct model route once with a minimal completion (one token) before the first cell, so a
    wrong endpoint or model name stops the sweep in seconds instead of VOIDing every cell after its opening.

    Args:
        models: model strings of the sweep (each route is ``model`` at ``api_base``).
        api_base: the sweep's ``--api-base`` or None.
        timeout_s: wall-clock limit of each probe [s].
        call: how a route is probed (default: :meth:`LLMClient.complete` of a one-token call, no retries);
            raises :class:`~interactiveworld.agents.base.AgentTransportError` on failure. A
            :class:`~interactiveworld.agents.calls.ModelRefusal` (context window, content policy) means the route
            answered: such refusals are model outcomes that the cells score as invalid turns, so they neither
            stop nor warn.

    Returns:
        Warnings (one line each) for routes that failed in a way a retry may fix (timeouts, 429, 5xx): the sweep
        goes on and its cells retry as usual.

    Raises:
        PreflightError: a route answered 401, 403 or 404 (or "model not found"); the line names the model, the
            URL and the HTTP status.
    """
    def probe(model: str) -> None:
        client = LLMClient(model, api_base=api_base, timeout_s=timeout_s, max_retries=0, max_tokens=1)
        client.complete([{"role": "user", "content": "Reply with OK."}])

    call = call or probe
    warnings, problems = [], []
    for model in dict.fromkeys(models):
        try:
            call(model)
        except ModelRefusal:
            continue  # the endpoint and the model exist; the refusal is the model's own, scored in the cells
        except AgentTransportError as exc:
            url = failed_url(exc) or api_base or "the provider's default endpoint"
            text = str(exc.__cause__ or exc)
            problem = permanent_problem(exc, text)
            if problem is not None:
                problems.append(f"{model} at {url}: HTTP {problem[0]}: {problem[1]}")
            else:
                warnings.append(f"warning: {model} at {url}: the preflight call failed ({text.splitlines()[0][:200]}); "
                                f"the cells will retry")
    if problems:
        raise PreflightError("the endpoint refused the preflight call:\n  " + "\n  ".join(problems))
    return warnings


def file_above(path: Path) -> Path | None:
    """The nearest existing path at or above ``path`` when it is a file (so ``path`` cannot be made), else None."""
    above = path
    while not above.exists() and above != above.parent:
        above = above.parent
    return above if above.exists() and not above.is_dir() else None


def check_endpoint(api_base: str, timeout_s: float = 3.0) -> None:
    """``--api-base`` names a host and port that accept a TCP connection within ``timeout_s`` [s].

    Raises:
        PreflightError: malformed URL, unknown host, refused connection or no answer; the URL is named.
    """
    parts = urlsplit(api_base)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise PreflightError(f"--api-base {api_base!r}: expected an http(s) URL such as http://127.0.0.1:8000/v1")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise PreflightError(f"--api-base {api_base}: the port is not a number") from None
    where = f"{parts.hostname}:{port}"
    try:
        with socket.create_connection((parts.hostname, port), timeout=timeout_s):
            pass
    except ConnectionRefusedError:
        raise PreflightError(f"--api-base {api_base}: connection refused (nothing is listening at {where}; start "
                             f"the server or fix the URL)") from None
    except socket.gaierror:
        raise PreflightError(f"--api-base {api_base}: host name {parts.hostname!r} not found") from None
    except TimeoutError:
        raise PreflightError(f"--api-base {api_base}: no answer from {where} within {timeout_s:g} s") from None
    except OSError as exc:
        raise PreflightError(f"--api-base {api_base}: cannot connect to {where} ({exc.strerror or exc})") from None


def check_out(out: str) -> None:
    """The sweep folder can be made, without making it: a non-empty name, not a file, not below a file,
    not inside another sweep's folder (one holding ``sweep.json``), and its nearest existing folder writable.

    Raises:
        PreflightError: one line naming the path and the problem.
    """
    if not out.strip():
        raise PreflightError("--out: empty folder name (omit --out for runs/<timestamp>)")
    path = Path(out)
    if path.exists() and not path.is_dir():
        raise PreflightError(f"--out: {out} exists and is not a folder")
    blocked = file_above(path)
    if blocked is not None:
        raise PreflightError(f"--out: {out} lies below {blocked}, which is a file")
    above = path
    while not above.exists() and above != above.parent:
        above = above.parent
    if not os.access(above, os.W_OK | os.X_OK):
        raise PreflightError(f"--out: cannot write the sweep folder {out} ({above} is not writable)")
    for parent in path.resolve().parents:
        if (parent / "sweep.json").is_file():
            raise PreflightError(f"--out: {out} lies inside the sweep folder {parent}, whose report and replay "
                                 "would take it for one of its cells; choose a folder outside it")


def make_out(out: str) -> Path:
    """Create the sweep folder and prove it accepts a file (see :func:`check_out`).

    Raises:
        PreflightError: the folder cannot be created or written; one line with the operating system's reason.
    """
    check_out(out)
    path = Path(out)
    probe = path / f".iw-write-test-{uuid.uuid4().hex}"
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise PreflightError(f"--out: cannot write the sweep folder {out} ({exc.strerror or type(exc).__name__}"
                             f"{': ' + str(exc.filename) if exc.filename else ''})") from None
    return path


def check_body_model(path: str | None, env: str) -> dict[str, str] | None:
    """Load ``--body-model`` once up front (a missing file, a file that is not SMPL+H, or a missing ``body`` extra
    is an error here, not a traceback in a worker); its ``{"path", "sha256"}`` for the cell keys, None without one.

    Raises:
        PreflightError: the file cannot be loaded as an SMPL+H body, or the environment factory ``env``
            (``module:callable``, already checked to load) takes no ``body_model``.
    """
    if path is None:
        return None
    try:
        load_body_model(path)
        ident = body_model_identity(path)
    except BodyModelError as exc:
        raise PreflightError(f"--body-model: {exc}") from None
    params = inspect.signature(load_factory(env)).parameters
    if "body_model" not in params and not any(p.kind == p.VAR_KEYWORD for p in params.values()):
        raise PreflightError(f"--body-model: the environment factory {env!r} takes no body_model")
    return ident


__all__ = ["PAPER_HUMAN", "PreflightError", "SCRIPTED_NOTE", "check_blind", "check_body_model", "check_credentials",
           "check_endpoint", "check_out", "check_provider", "choose_humans", "file_above", "make_out", "is_model"]
