"""Model calls at scale: a response cache, per-provider concurrency, and spending limits.

* :class:`ResponseCache` -- content-addressed replies on disk. The key is the SHA-256 of the model
  string, the messages with every image replaced by the SHA-256 of its bytes, and the call
  parameters (temperature, completion cap, endpoint without credentials, and the cell's seed, so
  that repeated seeds stay independent samples). A hit returns the stored reply and its recorded
  token counts and cost without calling the model: a re-run of a sweep costs nothing.
* :class:`CallGate` -- shared by every call of a sweep (in one process, through a
  ``multiprocessing`` manager across local worker processes, or as a Ray actor): at most
  ``max_concurrency`` calls in flight per provider, and the sweep's spending limits.
* :class:`CallMeter` -- one cell's calls: its cost and token counts (cache hits counted at their
  recorded cost, so a cell's budget decisions do not depend on the cache) and its own limits.

Limits are never exceeded: a call is started only when the spend so far plus the call's largest
possible cost (its prompt tokens as counted by litellm plus the completion cap, priced from
litellm's cost map) stays within every limit; otherwise :class:`BudgetExceeded` is raised before
any money is spent.
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

CACHE_FORMAT = "interactiveworld.callcache/1"
_MAX_CACHE_ENTRY_BYTES = 8 * 1024 * 1024


MODEL_OUTCOMES = {
    "ContextWindowExceededError": "context_window",
    "ContentPolicyViolationError": "content_policy",
    "BlockedPiiEntityError": "content_policy",
    "GuardrailRaisedException": "content_policy",
    "RejectedRequestError": "content_policy",
}
"""Provider errors that are model outcomes, by litellm exception class name: the model cannot answer this
request (its context window is too small for it; its provider's content policy or guardrail refuses it).
They are deterministic -- a retry or a re-run gets the same answer -- so the turn ends as an invalid reply,
counted and scored, never as VOID. A plain ``BadRequestError`` (HTTP 400) whose error code or message names
one of these (:data:`MODEL_OUTCOME_MARKERS`) is classed the same, for providers litellm does not map.

Everything else that fails a call is an infrastructure fault (the cell is VOID and re-run): refused
connections, unknown hosts, timeouts and the wall-clock deadline, HTTP 5xx, rate limits (429), and
configuration faults a re-run after fixing the setup can cure (401/403 credentials, 404 unknown model, other
400 bad requests, unsupported parameters). Of these, the permanent ones (:func:`permanent_problem`) also stop the
sweep after the cell that met them."""

MODEL_OUTCOME_MARKERS = (("context_length_exceeded", "context_window"), ("maximum context length", "context_window"),
                         ("context window", "context_window"), ("content_policy_violation", "content_policy"),
                         ("content_filter", "content_policy"), ("content management policy", "content_policy"))
"""(lower-case text, outcome) pairs recognised in the message of a plain 400 reply (OpenAI, Azure and
vLLM wordings)."""


def model_outcome(exc: BaseException) -> str | None:
    """The model outcome (``context_window`` or ``content_policy``) a failed call's exception stands for, or None
    for an infrastructure fault (see :data:`MODEL_OUTCOMES`). Looks through the exception's causes."""
    cur: BaseException | None = exc
    seen: list[BaseException] = []
    while cur is not None and cur not in seen:
        seen.append(cur)
        for cls in type(cur).__mro__:
            if cls.__name__ in MODEL_OUTCOMES:
                return MODEL_OUTCOMES[cls.__name__]
        if any(cls.__name__ == "BadRequestError" for cls in type(cur).__mro__) \
                or getattr(cur, "status_code", None) == 400:
            text = str(cur).lower()
            for marker, kind in MODEL_OUTCOME_MARKERS:
                if marker in text:
                    return kind
        cur = cur.__cause__ or cur.__context__
    return None


PERMANENT_STATUS = {401: "unauthorized (check the key)", 403: "forbidden (the key may not use this model)",
                    404: "not found (check the model name and that --api-base ends where the API does, e.g. /v1)"}
"""HTTP statuses that no retry can fix (RFC 9110 sections 15.5.2, 15.5.4, 15.5.5), with what each means for the
person running the sweep: met by the preflight call or by any call of a sweep, they stop it."""

MODEL_NOT_FOUND = "the model does not exist there"


def http_status(exc: BaseException) -> int | None:
    """The HTTP status behind a failed call (litellm's exceptions carry ``status_code``), following the chain of
    causes; None when no response came (a timeout, a refused connection)."""
    cur: BaseException | None = exc
    seen: list[BaseException] = []
    while cur is not None and cur not in seen and len(seen) < 8:
        seen.append(cur)
        code = getattr(cur, "status_code", None)
        if isinstance(code, int) and not isinstance(code, bool):
            return code
        cur = cur.__cause__ or cur.__context__
    return None


def permanent_problem(exc: BaseException, text: str | None = None) -> tuple[int, str] | None:
    """``(status, meaning)`` when a failed call met an error that no retry, no other cell and no resume can fix
    until the setup changes: HTTP 401, 403 or 404 (:data:`PERMANENT_STATUS`), or a 400 whose message says the model
    was not found or does not exist (providers that answer an unknown model with 400). None for everything else:
    429, 5xx, timeouts and refused connections are transient; a model's own refusal (context window, content
    policy: :func:`model_outcome`) is scored.

    Args:
        exc: the failed call's exception.
        text: the error message to read for the 400 case (default: ``str`` of the innermost cause).
    """
    status = http_status(exc)
    if status in PERMANENT_STATUS:
        return status, PERMANENT_STATUS[status]
    low = (text if text is not None else str(exc.__cause__ or exc)).lower()
    if status == 400 and "model" in low and ("not found" in low or "does not exist" in low):
        return status, MODEL_NOT_FOUND
    return None


class CallDeadlineExceeded(TimeoutError):
    """A model call attempt had no complete reply within its wall-clock deadline (connect to last byte): a
    transport fault, retried like a timeout; when every attempt fails the cell is VOID."""


def within_deadline(fn: Callable[[], Any], deadline_s: float) -> Any:
    """``fn()`` if it returns within ``deadline_s`` seconds of wall-clock time, else :class:`CallDeadlineExceeded`.

    A client's own timeout bounds each read, so a server that sends one byte a second never trips it; this bounds
    the whole attempt. ``fn`` runs in a daemon thread, abandoned (not killed) at the deadline: its result is
    ignored and the connection closes when the server ends it.

    Raises:
        CallDeadlineExceeded: no result in time. Whatever ``fn`` raised, re-raised.
        ValueError: ``deadline_s`` is not positive.
    """
    if not deadline_s > 0:
        raise ValueError(f"deadline_s: expected a positive number of seconds, got {deadline_s}")
    box: dict[str, Any] = {}
    done = threading.Event()

    def run() -> None:
        try:
            box["result"] = fn()
        except BaseException as exc:  # noqa: BLE001 - carried to the caller's thread
            box["error"] = exc
        finally:
            done.set()

    threading.Thread(target=run, name="model-call", daemon=True).start()
    if not done.wait(deadline_s):
        raise CallDeadlineExceeded(f"no complete reply within the {deadline_s:g} s wall-clock deadline "
                                   f"(connect to last byte)")
    if "error" in box:
        raise box["error"]
    return box["result"]


class ModelRefusal(Exception):
    """The provider refused a request for a reason of the model's own (:data:`MODEL_OUTCOMES`): the turn is an
    invalid reply, not an infrastructure fault.

    Attributes:
        kind: ``context_window`` or ``content_policy``.
        record: the failed call's :class:`~interactiveworld.agents.base.CallRecord` (``refused`` set).
    """

    def __init__(self, kind: str, message: str, record: Any):
        super().__init__(message)
        self.kind, self.record = kind, record


class BudgetExceeded(Exception):
    """A model call would break a spending limit; raised before the call is made.

    Attributes:
        scope: ``"cell"`` (the cell stops and is scored as it stands) or ``"sweep"`` (the sweep stops
            spending; the cell is left unfinished and runs again on the next resume).
        kind: ``"cost"`` [USD] or ``"tokens"``.
        limit / spent: the limit and the amount already spent (same unit).
    """

    def __init__(self, scope: str, kind: str, limit: float, spent: float):
        super().__init__(f"{scope} {kind} budget: {spent:g} spent of {limit:g}; the next call could exceed it")
        self.scope, self.kind, self.limit, self.spent = scope, kind, limit, spent

    @property
    def stop_reason(self) -> str:
        """The episode stop reason for a cell-scope budget: ``cost_budget`` or ``token_budget``."""
        return "cost_budget" if self.kind == "cost" else "token_budget"


@dataclass
class CallEstimate:
    """The largest cost a call can have: prompt tokens plus the completion cap, priced when known."""

    tokens: int
    cost_usd: float | None


def _image_digest(url: str) -> str:
    """A data URL's image as ``sha256:<hex>`` of its decoded bytes; other URLs as given."""
    if url.startswith("data:") and "," in url:
        head, data = url.split(",", 1)
        raw = base64.b64decode(data) if head.endswith(";base64") else data.encode("utf-8")
        return "sha256:" + hashlib.sha256(raw).hexdigest()
    return url


def cache_key(model: str, messages: list[dict[str, Any]], params: dict[str, Any]) -> str:
    """Hex SHA-256 identifying a call: model, messages with image hashes, parameters (module docstring)."""
    def strip(content: Any) -> Any:
        if not isinstance(content, list):
            return content
        out = []
        for p in content:
            if isinstance(p, dict) and p.get("type") == "image_url":
                url = p.get("image_url", {}).get("url", "") if isinstance(p.get("image_url"), dict) else ""
                out.append({"type": "image", "sha256": _image_digest(str(url))})
            else:
                out.append(p)
        return out

    body = {"model": model, "messages": [{"role": m.get("role"), "content": strip(m.get("content"))} for m in messages],
            "params": params}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


class ResponseCache:
    """Replies on disk under ``root/<2 hex>/<64 hex>.json``; safe for concurrent processes (each entry
    is written to a temporary file and renamed into place).

    Args:
        root: the cache folder (created when missing).

    Raises:
        NotADirectoryError: ``root`` exists and is not a folder.
    """

    def __init__(self, root: str | os.PathLike[str]):
        self.root = Path(root)
        if self.root.exists() and not self.root.is_dir():
            raise NotADirectoryError(f"{self.root}: the cache must be a folder")
        self.root.mkdir(parents=True, exist_ok=True)

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        """The stored entry (``text``, ``prompt_tokens``, ``completion_tokens``, ``cost_usd``), or None.
        An unreadable or foreign entry is a miss (it is overwritten by the next store)."""
        p = self._path(key)
        try:
            if p.stat().st_size > _MAX_CACHE_ENTRY_BYTES:
                return None
            data = json.loads(p.read_text(encoding="ascii"))
        except (OSError, ValueError, RecursionError):
            return None
        if not isinstance(data, dict) or data.get("format") != CACHE_FORMAT or data.get("key") != key \
                or not isinstance(data.get("text"), str):
            return None
        return data

    def put(self, key: str, entry: dict[str, Any]) -> None:
        """Store an entry atomically (a concurrent writer of the same key writes the same reply or wins whole)."""
        p = self._path(key)
        p.parent.mkdir(parents=True, exist_ok=True)
        data = json.dumps({"format": CACHE_FORMAT, "key": key, **entry}, ensure_ascii=True)
        fd, tmp = tempfile.mkstemp(prefix=p.name + ".", suffix=".tmp", dir=p.parent)
        try:
            with os.fdopen(fd, "w", encoding="ascii") as f:
                f.write(data)
            os.replace(tmp, p)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise


class CallGate:
    """Sweep-wide call control: per-provider concurrency and the sweep's spending limits (thread-safe;
    share it across processes through a manager proxy or a Ray actor).

    Args:
        max_concurrency: calls in flight per provider (None: unbounded).
        max_cost_usd: the sweep's spending limit [USD] (None: none). Cache hits cost nothing.
        max_tokens: the sweep's token limit, prompt plus completion tokens (None: none).
    """

    def __init__(self, max_concurrency: int | None = None, max_cost_usd: float | None = None,
                 max_tokens: int | None = None):
        self.max_concurrency = max_concurrency
        self.max_cost_usd = max_cost_usd
        self.max_tokens = max_tokens
        self._lock = threading.Lock()
        self._in_flight: dict[str, int] = {}
        self._peak: dict[str, int] = {}
        self._reserved_cost = 0.0
        self._reserved_tokens = 0
        self._stats = {"calls": 0, "cache_hits": 0, "cost_usd": 0.0, "tokens": 0, "refused": 0, "unpriced": 0}

    def try_acquire(self, provider: str) -> bool:
        """Take a concurrency slot for ``provider``; False when all are taken."""
        with self._lock:
            n = self._in_flight.get(provider, 0)
            if self.max_concurrency is not None and n >= self.max_concurrency:
                return False
            self._in_flight[provider] = n + 1
            self._peak[provider] = max(self._peak.get(provider, 0), n + 1)
            return True

    def release(self, provider: str) -> None:
        """Give back a slot taken by :meth:`try_acquire`."""
        with self._lock:
            self._in_flight[provider] = max(0, self._in_flight.get(provider, 0) - 1)

    def reserve(self, tokens: int, cost_usd: float | None) -> tuple[str, float, float] | None:
        """Reserve a call's largest cost; None when granted, else ``(kind, limit, spent)`` of the limit
        it would break. An unknown cost is refused while a cost limit is set."""
        with self._lock:
            spent_t = self._stats["tokens"] + self._reserved_tokens
            spent_c = self._stats["cost_usd"] + self._reserved_cost
            if self.max_tokens is not None and spent_t + tokens > self.max_tokens:
                self._stats["refused"] += 1
                return ("tokens", float(self.max_tokens), float(self._stats["tokens"]))
            if self.max_cost_usd is not None and (cost_usd is None or spent_c + cost_usd > self.max_cost_usd):
                self._stats["refused"] += 1
                return ("cost", float(self.max_cost_usd), float(self._stats["cost_usd"]))
            self._reserved_tokens += tokens
            self._reserved_cost += cost_usd or 0.0
            return None

    def settle(self, reserved_tokens: int, reserved_cost: float | None, tokens: int, cost_usd: float | None,
               cache_hit: bool) -> None:
        """Replace a reservation by what the call actually spent (nothing for a cache hit)."""
        with self._lock:
            self._reserved_tokens -= reserved_tokens
            self._reserved_cost -= reserved_cost or 0.0
            if cache_hit:
                self._stats["cache_hits"] += 1
                return
            self._stats["calls"] += 1
            self._stats["tokens"] += int(tokens)
            self._stats["cost_usd"] += float(cost_usd or 0.0)
            self._stats["unpriced"] += cost_usd is None

    def stats(self) -> dict[str, Any]:
        """``calls`` made, ``cache_hits``, ``cost_usd`` and ``tokens`` spent, ``refused`` reservations,
        ``unpriced`` calls (litellm has no price for the model: counted as $0 in ``cost_usd``),
        ``peak_in_flight`` per provider."""
        with self._lock:
            return {**self._stats, "peak_in_flight": dict(self._peak)}


class CallMeter:
    """One cell's model calls: the episode's cost and tokens (cache hits at their recorded cost) and
    the cell's own limits (see :class:`BudgetExceeded`).

    Args:
        max_cost_usd / max_tokens: the cell's limits (None: none).
        gate: the sweep's :class:`CallGate` or a proxy of it (None: no sweep-wide control).
        gate_limited: the gate enforces spending limits (calls then need estimates).
        cache: the :class:`ResponseCache` (None: no caching).
        seed: the cell's world seed (part of every cache key).
    """

    def __init__(self, max_cost_usd: float | None = None, max_tokens: int | None = None, *, gate: Any = None,
                 gate_limited: bool = False, cache: ResponseCache | None = None, seed: int = 0):
        self.max_cost_usd = max_cost_usd
        self.max_tokens = max_tokens
        self.gate = gate
        self.gate_limited = bool(gate is not None and gate_limited)
        self.cache = cache
        self.seed = int(seed)
        self.cost_usd = 0.0
        self.tokens = 0
        self.calls = 0
        self.cache_hits = 0
        self.spent_usd = 0.0
        self.unpriced = 0

    @property
    def limited(self) -> bool:
        """True when some limit (the cell's or the sweep's) needs call estimates."""
        return self.max_cost_usd is not None or self.max_tokens is not None or self.gate_limited

    def check_cell(self, est: CallEstimate) -> None:
        """Raise :class:`BudgetExceeded` (scope ``cell``) when the call could break the cell's limits."""
        if self.max_tokens is not None and self.tokens + est.tokens > self.max_tokens:
            raise BudgetExceeded("cell", "tokens", self.max_tokens, self.tokens)
        if self.max_cost_usd is not None and (est.cost_usd is None or self.cost_usd + est.cost_usd > self.max_cost_usd):
            raise BudgetExceeded("cell", "cost", self.max_cost_usd, self.cost_usd)

    def record(self, tokens: int, cost_usd: float | None, cache_hit: bool) -> None:
        """Count a finished call: its tokens and cost [USD] (``None``: unknown, counted as 0) belong to the
        episode; only a call actually made (not a cache hit) is money spent."""
        self.calls += 1
        self.tokens += int(tokens)
        self.cost_usd += float(cost_usd or 0.0)
        if cache_hit:
            self.cache_hits += 1
        else:
            self.spent_usd += float(cost_usd or 0.0)
            self.unpriced += cost_usd is None

    def acquire(self, provider: str, poll_s: float = 0.01) -> None:
        """Wait for a concurrency slot of ``provider`` at the gate (no-op without a gate)."""
        if self.gate is None:
            return
        while not self.gate.try_acquire(provider):
            time.sleep(poll_s)

    def release(self, provider: str) -> None:
        """Give back the slot taken by :meth:`acquire`."""
        if self.gate is not None:
            self.gate.release(provider)

    def summary(self) -> dict[str, Any]:
        """``calls``, ``cache_hits``, ``tokens``, ``cost_usd`` (the episode's), ``spent_usd`` (money spent) and
        ``unpriced`` (calls made whose price litellm does not know: their money is not in ``spent_usd``)."""
        return {"calls": self.calls, "cache_hits": self.cache_hits, "tokens": self.tokens, "cost_usd": self.cost_usd,
                "spent_usd": self.spent_usd, "unpriced": self.unpriced}


__all__ = ["BudgetExceeded", "CACHE_FORMAT", "CallEstimate", "CallGate", "CallMeter", "MODEL_OUTCOMES",
           "MODEL_OUTCOME_MARKERS", "MODEL_NOT_FOUND", "PERMANENT_STATUS", "CallDeadlineExceeded", "ModelRefusal",
           "ResponseCache", "cache_key", "http_status", "model_outcome", "permanent_problem", "within_deadline"]
