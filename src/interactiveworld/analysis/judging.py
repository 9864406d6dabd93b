"""Model calls of the analyses: clients built on :class:`~interactiveworld.agents.model.LLMClient` (response
cache, per-provider concurrency and spending limits of :mod:`interactiveworld.agents.calls`), JSON replies
validated with pydantic, and a bounded thread pool.

A judge answers with one JSON object. A reply that is not valid JSON or fails validation is a structured
refusal, not a crash: the judge is told what was wrong once (a repair turn) and, if it fails again, the call
returns no value and the reason, which the caller records (the item or cell is then left unjudged and is
judged again on the next run).
"""
from __future__ import annotations

import json
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Iterable, TypeVar

from pydantic import BaseModel, ValidationError

from ..agents.calls import CallGate, CallMeter, ResponseCache
from ..agents.model import LLMClient

__all__ = ["CallSettings", "JsonReply", "parse_json_reply", "ask_json", "run_parallel"]

T = TypeVar("T", bound=BaseModel)
_FENCE = re.compile(r"^```[a-zA-Z]*\s*|\s*```$")


@dataclass
class CallSettings:
    """How the analyses call models (one object shared by every call of a command).

    Attributes:
        api_base: base URL of an OpenAI-compatible server (None: the provider's own).
        cache: response cache folder (None: no cache); identical calls are answered from it.
        max_concurrency: calls in flight per provider, and worker threads (None: 4 threads, no per-provider cap).
        max_cost_usd / max_tokens: spending limits of the whole command (None: none); a call that could
            exceed one is not made (:class:`~interactiveworld.agents.calls.BudgetExceeded`).
        timeout_s: per-attempt timeout [s]; max_retries: retries on transport faults.
    """

    api_base: str | None = None
    cache: str | None = None
    max_concurrency: int | None = None
    max_cost_usd: float | None = None
    max_tokens: int | None = None
    timeout_s: float = 120.0
    max_retries: int = 3
    _gate: CallGate | None = field(default=None, init=False, repr=False)
    _cache: ResponseCache | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self._gate = CallGate(self.max_concurrency, self.max_cost_usd, self.max_tokens)
        self._cache = ResponseCache(self.cache) if self.cache else None

    @property
    def workers(self) -> int:
        """Worker threads for independent calls."""
        return self.max_concurrency or 4

    def client(self, model: str, *, max_tokens: int = 1024) -> LLMClient:
        """A temperature-0 client of ``model`` metered by this command's gate and cache (one per call site;
        a :class:`~interactiveworld.agents.calls.CallMeter` is not shared across threads).

        Raises:
            ValueError: a malformed model string.
        """
        limited = self.max_cost_usd is not None or self.max_tokens is not None
        meter = CallMeter(gate=self._gate, gate_limited=limited, cache=self._cache)
        return LLMClient(model, api_base=self.api_base, timeout_s=self.timeout_s, max_retries=self.max_retries,
                         temperature=0.0, max_tokens=max_tokens, meter=meter)

    def stats(self) -> dict[str, Any]:
        """Calls made, cache hits, tokens and money spent so far (the gate's counters)."""
        return self._gate.stats() if self._gate is not None else {}


@dataclass
class JsonReply(Generic[T]):
    """A validated JSON reply: ``value`` (None when the model never gave a valid one), the raw replies,
    ``problem`` (why the last reply was refused) and the call records."""

    value: T | None
    raw: list[str]
    problem: str | None
    calls: list[dict[str, Any]]


def parse_json_reply(raw: str, model: type[T]) -> T:
    """The one JSON object in ``raw`` (a code fence or text around it is ignored), validated as ``model``.

    Raises:
        ValueError: no JSON object, invalid JSON, or a field that fails validation (the message names it).
    """
    text = _FENCE.sub("", raw.strip())
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        raise ValueError("the reply holds no JSON object")
    try:
        data = json.loads(text[start:end + 1])
    except json.JSONDecodeError as exc:
        raise ValueError(f"the JSON object does not parse ({exc.msg} at column {exc.colno})") from None
    except RecursionError:
        raise ValueError("the JSON object is nested too deeply") from None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        errs = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'object'}: {e['msg']}" for e in exc.errors()[:5])
        raise ValueError(f"the JSON object is not valid ({errs})") from None


def ask_json(client: LLMClient, messages: list[dict[str, Any]], model: type[T], *, repairs: int = 1) -> JsonReply[T]:
    """Ask for a JSON object and validate it; after an invalid reply, say why and ask again (``repairs`` times).

    Raises:
        AgentTransportError: the model could not be reached (an infrastructure fault).
        BudgetExceeded: a spending limit would be broken by the call.
    """
    raws: list[str] = []
    calls: list[dict[str, Any]] = []
    msgs = list(messages)
    problem = None
    for _ in range(repairs + 1):
        raw, record = client.complete(msgs)
        raws.append(raw)
        calls.append(record.to_log())
        try:
            return JsonReply(parse_json_reply(raw, model), raws, None, calls)
        except ValueError as exc:
            problem = str(exc)
        msgs = [*msgs, {"role": "assistant", "content": raw},
                {"role": "user", "content": f"Your reply could not be used: {problem}. Answer again with the JSON "
                                            f"object only."}]
    return JsonReply(None, raws, problem, calls)


def run_parallel(fn: Callable[[Any], Any], items: Iterable[Any], workers: int) -> list[Any]:
    """``[fn(x) for x in items]`` on ``workers`` threads, results in input order; an exception raised by one
    item is re-raised after every item has run (the first one, in input order)."""
    items = list(items)
    results: list[Any] = [None] * len(items)
    errors: dict[int, BaseException] = {}
    lock = threading.Lock()

    def run(i: int) -> None:
        try:
            results[i] = fn(items[i])
        except BaseException as exc:  # noqa: BLE001 - re-raised below, after the other items finished
            with lock:
                errors[i] = exc

    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        list(pool.map(run, range(len(items))))
    if errors:
        raise errors[min(errors)]
    return results
