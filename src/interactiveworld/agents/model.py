"""Model agents through litellm: any provider and model string (paper section 4, appendix C.2.3-C.2.4).

* :class:`ModelAssistant` -- the evaluated Assistant. One chat per episode: the system prompt and
  family addendum, then per tick a user turn with new wearer speech, the marker "Latest segment." and
  the frames new at that turn; the images of a call are the bounded frame selection (at most 32),
  each in the turn where it was new and each once (:mod:`.conversation`), so earlier turns form a
  prefix that providers' prompt caches reuse.
* :class:`ModelHuman` -- the Human executor. Stateless: each tick is built from scratch from its
  own task context, the public context, the motor legend, held object, last result, new Assistant speech and the
  still-active instruction (appendix C.2.1 step 5); identical frames are attached once.
* A reply in the wrong format (an ``invalid`` parse) is answered once, in the same turn, with a short
  correction message naming the problem and the expected form (:data:`~.prompts.ASSISTANT_CORRECTION`,
  :data:`~.prompts.HUMAN_CORRECTION`); the second reply is used whatever it is. Both calls are
  counted and the rejected reply is in the trace (``prompt.correction``).
* :class:`LLMClient` -- one completion call with timeouts, retries with exponential backoff on
  transport faults, and per-call token, cost, byte and prompt-cache accounting. A call that still
  fails raises :class:`~interactiveworld.agents.base.AgentTransportError` naming the endpoint and
  the cause: an infrastructure fault, so the cell becomes VOID and is re-run, never scored as a
  model failure. A refused connection or an unknown host is not retried. A refusal that is the model's
  own (context window too small, content policy: :data:`~.calls.MODEL_OUTCOMES`) raises
  :class:`~.calls.ModelRefusal` instead, and the agents turn it into an invalid reply.
* A reply over :data:`~.protocol.MAX_REPLY_CHARS` is invalid and joins the conversation as a short
  placeholder (:func:`kept_reply`), so it is neither re-sent nor re-logged on later turns.

API keys are read by litellm from the environment only; they are never passed around in our
objects, and every log line is scrubbed of them (:class:`~interactiveworld.bench.logs.Scrubber`).
"""
from __future__ import annotations

import email.utils
import json
import os
import re
import socket
import time
from typing import Any, Callable
from urllib.parse import urlsplit

from .base import (AgentTransportError, AssistantObservation, AssistantTurn, CallRecord, Frame, HumanObservation,
                   HumanTurn, PermanentCallError)
from .calls import (BudgetExceeded, CallDeadlineExceeded, CallEstimate, CallMeter, ModelRefusal, cache_key,
                    model_outcome, permanent_problem, within_deadline)
from .conversation import AssistantConversation, image_part, system_message, unique_frames, wants_cache_markers
from .memory import AssistantMemory
from .prompts import (ASSISTANT_CORRECTION, HUMAN_CORRECTION, assistant_system_prompt, human_system_prompt,
                      human_user_text)
from .protocol import MAX_REPLY_CHARS, AssistantAction, HumanReply, parse_assistant, parse_human
from .providers import check_model_string, litellm_module

_LONE_SURROGATE = re.compile(r"[\ud800-\udfff]")


def _transient_errors() -> tuple[type[BaseException], ...]:
    ex = litellm_module().exceptions
    names = ("APIConnectionError", "Timeout", "InternalServerError", "ServiceUnavailableError", "RateLimitError",
             "BadGatewayError", "APIError")
    return tuple(getattr(ex, n) for n in names if hasattr(ex, n))


def _permanent_errors() -> tuple[type[BaseException], ...]:
    """Errors a retry cannot fix: credentials, permissions, a bad request, an unknown model."""
    ex = litellm_module().exceptions
    names = ("AuthenticationError", "PermissionDeniedError", "BadRequestError", "NotFoundError",
             "ContextWindowExceededError", "UnsupportedParamsError")
    return tuple(getattr(ex, n) for n in names if hasattr(ex, n))


def _chain(exc: BaseException) -> list[BaseException]:
    """The exception and its causes, outermost first (each once)."""
    out: list[BaseException] = []
    cur: BaseException | None = exc
    while cur is not None and cur not in out:
        out.append(cur)
        cur = cur.__cause__ or cur.__context__
    return out


def unreachable_cause(exc: BaseException) -> str | None:
    """'connection refused' or 'host name not found' when that is why a call failed, else None.

    Nothing listens at the address, or the name does not resolve: retrying cannot help, so such a
    failure is reported at once (litellm reports both as a bare "Connection error.")."""
    for e in _chain(exc):
        if isinstance(e, ConnectionRefusedError):
            return "connection refused (nothing is listening there: is the server running, and is the port right?)"
        if isinstance(e, socket.gaierror):
            return "host name not found (check the URL)"
    return None


def failed_url(exc: BaseException) -> str | None:
    """The URL a failed HTTP call went to, read from the request the transport attached, or None.

    The innermost request wins: litellm's own exceptions carry a placeholder request."""
    for e in reversed(_chain(exc)):
        req = getattr(e, "request", None)
        url = getattr(req, "url", None) if req is not None else None
        if url is not None:
            return str(url)
    return None


def _worth_retrying(exc: BaseException) -> bool:
    """Transient transport or server faults only; a missing API key arrives as a generic APIError, so its
    message is checked too; a refused connection or an unknown host is not transient."""
    if isinstance(exc, _permanent_errors()) or "missing credentials" in str(exc).lower():
        return False
    if unreachable_cause(exc) is not None:
        return False
    return isinstance(exc, (CallDeadlineExceeded, *_transient_errors()))


def retry_after_s(exc: BaseException) -> float | None:
    """The delay a provider asked for with a ``Retry-After`` header (seconds or an HTTP date) on a
    rate-limit (429) or unavailable (503) reply, or None when it gave none."""
    headers: Any = None
    for src in (getattr(exc, "response", None), exc):
        h = getattr(src, "headers", None) or getattr(src, "litellm_response_headers", None)
        if h is not None:
            headers = h
            break
    if headers is None:
        return None
    try:
        value = headers.get("retry-after") or headers.get("Retry-After")
    except AttributeError:
        return None
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except (TypeError, ValueError):
        pass
    try:
        when = email.utils.parsedate_to_datetime(str(value))
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def _public_url(url: str | None) -> str | None:
    """The endpoint without user-info credentials (for cache keys and provider names)."""
    if not url:
        return url
    parts = urlsplit(url)
    host = parts.netloc.rsplit("@", 1)[-1]
    return f"{parts.scheme}://{host}{parts.path}"


def _host(url: str) -> str:
    """The host and port of a URL, without user-info credentials (lower case)."""
    try:
        return urlsplit(url).netloc.rsplit("@", 1)[-1].lower()
    except ValueError:
        return ""


class LLMClient:
    """One model endpoint.

    Args:
        model: litellm model string (``provider/model``).
        api_base: optional base URL (an OpenAI-compatible server, a proxy).
        timeout_s: per-attempt wall-clock deadline [s], from connecting to the last byte of the reply
            (:func:`~.calls.within_deadline`); also the client's per-read timeout.
        max_retries: retries after the first attempt on transport faults (backoff 1, 2, 4... s,
            capped at ``max_backoff_s``).
        temperature: sampling temperature (0 for the documented deterministic setting).
        max_tokens: completion token cap.
        meter: the cell's :class:`~interactiveworld.agents.calls.CallMeter` (response cache, per-provider
            concurrency at the sweep's gate, spending limits); None: plain calls.
        max_retry_after_s: longest ``Retry-After`` delay honoured [s] (a longer one waits this long).
        sleep: how a backoff waits (``time.sleep``; tests pass a recorder).
    """

    def __init__(self, model: str, *, api_base: str | None = None, timeout_s: float = 120.0, max_retries: int = 3,
                 temperature: float = 0.0, max_tokens: int = 1024, min_backoff_s: float = 1.0,
                 max_backoff_s: float = 30.0, meter: CallMeter | None = None, max_retry_after_s: float = 300.0,
                 sleep: Callable[[float], None] = time.sleep):
        provider = check_model_string(model)
        self.provider_name = provider
        # concurrency is bounded per provider; a custom endpoint is a provider of its own
        self.provider = provider + (f"@{urlsplit(api_base).netloc.rsplit('@', 1)[-1]}" if api_base else "")
        self.meter = meter
        self.max_retry_after_s = float(max_retry_after_s)
        self._sleep = sleep
        self.model = model.strip()
        # A local OpenAI-compatible server usually needs no key, but the client insists on one: give
        # it a placeholder (never a secret) only when the environment holds no key of its own.
        self._api_key = "no-key" if (api_base and provider == "openai" and not os.environ.get("OPENAI_API_KEY")) \
            else None
        self.api_base = api_base
        self.timeout_s = float(timeout_s)
        self.max_retries = int(max_retries)
        self.temperature = float(temperature)
        self.max_tokens = int(max_tokens)
        self.min_backoff_s = float(min_backoff_s)
        self.max_backoff_s = float(max_backoff_s)

    def _params(self) -> dict[str, Any]:
        """The call parameters that select a reply (cache key): sampling, cap, endpoint, cell seed."""
        return {"temperature": self.temperature, "max_tokens": self.max_tokens, "api_base": _public_url(self.api_base),
                "seed": self.meter.seed if self.meter else 0}

    def estimate(self, messages: list[dict[str, Any]]) -> CallEstimate:
        """The largest tokens and cost [USD] a call can spend: its prompt tokens (litellm's counter;
        when it fails, a third of the text characters plus 1,500 per image) plus the completion cap,
        priced from litellm's cost map (cost None when the model is not in it)."""
        lm = litellm_module()
        try:
            prompt = int(lm.token_counter(model=self.model, messages=messages))
        except Exception:  # noqa: BLE001 - a counter failure must not stop the call; be generous instead
            prompt = 0
            for m in messages:
                c = m.get("content")
                parts = c if isinstance(c, list) else [{"type": "text", "text": str(c)}]
                for p in parts:
                    prompt += 1500 if p.get("type") == "image_url" else len(str(p.get("text", ""))) // 3 + 1
        try:
            pc, cc = lm.cost_per_token(model=self.model, prompt_tokens=prompt, completion_tokens=self.max_tokens)
            cost: float | None = float(pc) + float(cc)
        except Exception:  # noqa: BLE001 - not in the cost map: unknown, not zero
            cost = None
        return CallEstimate(tokens=prompt + self.max_tokens, cost_usd=cost)

    def _wait(self, state: Any) -> float:
        """Backoff before the next attempt: the provider's ``Retry-After`` when it sent one, else 1, 2, 4... s."""
        exc = state.outcome.exception() if state.outcome is not None else None
        asked = retry_after_s(exc) if exc is not None else None
        if asked is not None:
            return min(asked, self.max_retry_after_s)
        return min(self.max_backoff_s, self.min_backoff_s * 2 ** (state.attempt_number - 1))

    def complete(self, messages: list[dict[str, Any]]) -> tuple[str, CallRecord]:
        """Run one chat completion (or answer it from the response cache).

        Returns:
            (reply text, '' for an empty or missing reply, lone surrogates replaced by U+FFFD; the call record).

        Raises:
            ModelRefusal: the provider refused the request for a reason of the model's own (a model outcome).
            AgentTransportError: every attempt failed (transport, server or configuration error).
            BudgetExceeded: the call could break a cell or sweep spending limit (raised before calling).
        """
        meter = self.meter
        est = self.estimate(messages) if meter is not None and meter.limited else None
        if est is not None:
            meter.check_cell(est)  # before the cache too: a cell stops at the same point with or without it
        key = cache_key(self.model, messages, self._params()) if meter is not None and meter.cache else None
        hit = meter.cache.get(key) if key else None
        if hit is not None:
            tokens = int(hit.get("prompt_tokens") or 0) + int(hit.get("completion_tokens") or 0)
            meter.record(tokens, hit.get("cost_usd"), cache_hit=True)
            if meter.gate is not None:
                meter.gate.settle(0, 0.0, 0, 0.0, True)
            return hit["text"], CallRecord(model=self.model, latency_s=0.0, attempts=0,
                                           prompt_tokens=hit.get("prompt_tokens"),
                                           completion_tokens=hit.get("completion_tokens"),
                                           cost_usd=hit.get("cost_usd"), cache_hit=True,
                                           truncated=bool(hit.get("truncated")))
        reserved = None
        if est is not None and meter.gate_limited:
            refused = meter.gate.reserve(est.tokens, est.cost_usd)
            if refused is not None:
                raise BudgetExceeded("sweep", *refused)
            reserved = est
        try:
            text, record = self._call(messages)
        except ModelRefusal:
            # a call made and answered (with a refusal): counted, no tokens, no cost
            if meter is not None:
                meter.record(0, 0.0, cache_hit=False)
                if meter.gate is not None:
                    meter.gate.settle(reserved.tokens if reserved else 0, reserved.cost_usd if reserved else 0.0,
                                      0, 0.0, False)
            raise
        except BaseException:
            if reserved is not None:
                meter.gate.settle(reserved.tokens, reserved.cost_usd, 0, 0.0, False)
            raise
        if meter is not None:
            tokens = (record.prompt_tokens or 0) + (record.completion_tokens or 0)
            meter.record(tokens, record.cost_usd, cache_hit=False)
            if meter.gate is not None:
                meter.gate.settle(reserved.tokens if reserved else 0, reserved.cost_usd if reserved else 0.0,
                                  tokens, record.cost_usd, False)
            if key:
                meter.cache.put(key, {"model": self.model, "text": text, "prompt_tokens": record.prompt_tokens,
                                      "completion_tokens": record.completion_tokens, "cost_usd": record.cost_usd,
                                      "truncated": record.truncated})
        return text, record

    def _call(self, messages: list[dict[str, Any]]) -> tuple[str, CallRecord]:
        from tenacity import RetryError, Retrying, retry_if_exception, stop_after_attempt

        lm = litellm_module()
        t0 = time.perf_counter()
        attempts = 0
        last_error: list[str] = []

        def call() -> Any:
            nonlocal attempts
            attempts += 1
            if self.meter is not None:
                self.meter.acquire(self.provider)
            try:
                extra = {"api_key": self._api_key} if self._api_key else {}
                # retries are ours (counted, logged): none inside litellm or the provider's client
                return within_deadline(lambda: lm.completion(
                    model=self.model, messages=messages, api_base=self.api_base, timeout=self.timeout_s,
                    temperature=self.temperature, max_tokens=self.max_tokens, num_retries=0, max_retries=0, **extra),
                    self.timeout_s)
            except Exception as exc:
                cause = unreachable_cause(exc)
                last_error.append(f"{type(exc).__name__}: {cause or exc}")
                raise
            finally:
                if self.meter is not None:
                    self.meter.release(self.provider)

        retrying = Retrying(stop=stop_after_attempt(self.max_retries + 1), wait=self._wait, sleep=self._sleep,
                            retry=retry_if_exception(_worth_retrying), reraise=True)
        request_bytes = len(json.dumps(messages, ensure_ascii=False).encode("utf-8"))
        images = sum(1 for m in messages if isinstance(m.get("content"), list)
                     for p in m["content"] if isinstance(p, dict) and p.get("type") == "image_url")
        try:
            response = retrying(call)
        except (Exception, RetryError) as exc:
            kind = model_outcome(exc)
            if kind is not None:
                raise ModelRefusal(kind, f"{self.model}: the provider refused the request ({kind}): "
                                         f"{last_error[-1] if last_error else exc}",
                                   CallRecord(model=self.model, latency_s=round(time.perf_counter() - t0, 6),
                                              attempts=attempts, error=last_error[-1] if last_error else str(exc),
                                              request_bytes=request_bytes, images=images, refused=kind)) from exc
            url = failed_url(exc)
            # litellm's own exceptions carry a placeholder request of the provider's default endpoint
            if self.api_base and (url is None or _host(url) != _host(self.api_base)):
                url = _public_url(self.api_base)
            url = url or "the provider's default endpoint"
            message = (f"{self.model} at {url}: call failed after {attempts} attempt(s) in "
                       f"{time.perf_counter() - t0:.1f} s: {last_error[-1] if last_error else exc}")
            problem = permanent_problem(exc)
            if problem is not None:  # no retry, no other cell and no resume can fix it: the sweep stops
                raise PermanentCallError(message, model=self.model, url=_public_url(url) if "://" in url else url,
                                         status=problem[0], why=problem[1]) from exc
            raise AgentTransportError(message) from exc
        latency = time.perf_counter() - t0
        text = ""
        try:
            text = response.choices[0].message.content or ""
        except (AttributeError, IndexError, TypeError):
            text = ""
        if isinstance(text, list):  # content parts
            text = "".join(p.get("text", "") for p in text if isinstance(p, dict))
        try:  # OpenAI's finish_reason (litellm maps every provider's to it): "length" = cut at max_tokens
            truncated = response.choices[0].finish_reason == "length"
        except (AttributeError, IndexError, TypeError):
            truncated = False
        # a lone surrogate is valid JSON but not encodable text: model content, never an infrastructure fault
        text = _LONE_SURROGATE.sub("\ufffd", str(text))
        usage = getattr(response, "usage", None)
        cost = None
        hidden = getattr(response, "_hidden_params", None) or {}
        if hidden.get("response_cost") is not None:
            cost = float(hidden["response_cost"])
        else:
            try:
                cost = float(lm.completion_cost(completion_response=response))
            except Exception:  # model not in the cost map: unknown, not zero
                cost = None
        details = getattr(usage, "prompt_tokens_details", None) if usage else None
        cached = getattr(details, "cached_tokens", None) if details is not None else None
        record = CallRecord(model=self.model, latency_s=round(latency, 6), attempts=attempts,
                            prompt_tokens=getattr(usage, "prompt_tokens", None) if usage else None,
                            completion_tokens=getattr(usage, "completion_tokens", None) if usage else None,
                            cost_usd=cost, error=last_error[-1] if last_error else None,
                            request_bytes=request_bytes, images=images,
                            cached_prompt_tokens=cached if isinstance(cached, int) else None,
                            truncated=truncated)
        return text, record


def loggable(messages: list[dict[str, Any]], frames: list[Frame]) -> list[dict[str, Any]]:
    """The messages as logged: image parts replaced by references to the frame files."""
    refs = iter(frames)
    out = []
    for msg in messages:
        content = msg["content"]
        if isinstance(content, list):
            parts = []
            for p in content:
                if p.get("type") == "image_url":
                    f = next(refs, None)
                    parts.append({"type": "image", "frame": f.path if f and f.path else (f.index if f else None)})
                else:
                    parts.append(p)
            content = parts
        out.append({"role": msg["role"], "content": content})
    return out


def kept_reply(raw: str) -> str:
    """The form of a reply kept in the conversation: the reply itself, or for a reply over
    :data:`~.protocol.MAX_REPLY_CHARS` (invalid, never parsed) a one-line placeholder giving its length, so that
    an over-long reply is sent and logged once and not again with every later turn."""
    if len(raw) <= MAX_REPLY_CHARS:
        return raw
    return f"[reply not kept: {len(raw)} characters, over the {MAX_REPLY_CHARS}-character limit]"


def ask(client: LLMClient, messages: list[dict[str, Any]]) -> tuple[str, CallRecord, str | None]:
    """One call whose refusal by the provider is a model outcome: (reply, call record, None), or for a
    :class:`~.calls.ModelRefusal` ('', the failed call's record, the reason as a repair note). Transport faults
    and budget stops are raised as :meth:`LLMClient.complete` raises them."""
    try:
        raw, call = client.complete(messages)
    except ModelRefusal as exc:
        return "", exc.record, f"no reply: the provider refused the request ({exc.kind}): {exc}"
    return raw, call, None


def _correct(client: LLMClient, messages: list[dict[str, Any]], raw: str, call: CallRecord, why: str,
             template: str) -> tuple[str, CallRecord, dict[str, Any], str | None]:
    """Answer a reply in the wrong format once: the rejected reply (:func:`kept_reply`) and a correction message
    are appended and the model is called again. Returns (second reply, its call record, the trace's correction
    record: the rejected reply, the parser's reason, the message sent and the first call's record; the refusal
    note when the provider refused the second call, see :func:`ask`)."""
    if call.truncated:  # say why the reply is unusable: it did not end, the limit cut it
        why = (f"{why}; your reply was cut off at the {client.max_tokens}-token reply limit before it ended, so "
               f"answer in fewer words")
    message = template.format(problem=why)
    retry = [*messages, {"role": "assistant", "content": kept_reply(raw)}, {"role": "user", "content": message}]
    call.correction = True
    raw2, call2, refused = ask(client, retry)
    return raw2, call2, {"rejected": raw, "problem": why, "message": message, "call": call.to_log()}, refused


class ModelAssistant:
    """The evaluated Assistant, a multimodal model behind litellm.

    Args:
        model: litellm model string.
        memory: enable the inference-time memory variant (appendix D.2; see
            :class:`~interactiveworld.agents.memory.AssistantMemory`).
        correct: answer a reply in the wrong format once with a correction message (default True).
        **client_kwargs: passed to :class:`LLMClient` (``api_base``, ``timeout_s``...).
    """

    polled = True

    def __init__(self, model: str, *, memory: bool = False, correct: bool = True, **client_kwargs: Any):
        self.client = LLMClient(model, **client_kwargs)
        self.name = model + ("+memory" if memory else "")
        self.memory = AssistantMemory() if memory else None
        self.correct = correct
        self._protocol = "ASK"
        self.chat = AssistantConversation(markers=wants_cache_markers(self.client.provider_name, self.client.model))

    def reset(self, protocol: str) -> None:
        self._protocol = protocol
        self.chat.clear()
        if self.memory is not None:
            self.memory.clear()

    def _turn_text(self, obs: AssistantObservation) -> str:
        lines = []
        if obs.first_turn and obs.task_request.strip():
            lines.append(f"Task context: {obs.task_request.strip()}")
        for s in obs.wearer_speech:
            lines.append(f'Wearer: "{s}"')
        if not obs.wearer_speech:
            lines.append("(The wearer said nothing new.)")
        if self.memory is not None:
            lines.append(self.memory.render())
        lines.append("Latest segment.")
        return "\n".join(lines)

    def messages_for(self, obs: AssistantObservation) -> tuple[list[dict[str, Any]], list[Frame]]:
        """The messages the next call sends for ``obs`` and the frames attached (nothing is sent; the turn joins
        the history only once :meth:`commit` records its reply)."""
        system = assistant_system_prompt(self._protocol, memory=self.memory is not None)
        return self.chat.build(system, self._turn_text(obs), obs.new_frames, obs.frames)

    def commit(self, reply: str) -> None:
        """Record ``reply`` as the answer to the turn :meth:`messages_for` built last (an over-long reply as its
        placeholder, :func:`kept_reply`)."""
        self.chat.commit(kept_reply(reply))

    def act(self, obs: AssistantObservation) -> AssistantTurn:
        messages, sent = self.messages_for(obs)
        raw, call, refused = ask(self.client, messages)
        action = parse_assistant(raw, expect_memory=self.memory is not None) if refused is None else \
            AssistantAction(kind="invalid", raw="", repairs=(refused,))
        prompt: dict[str, Any] = {"messages": loggable(messages, sent)}
        earlier: list[CallRecord] = []
        if action.kind == "invalid" and self.correct and refused is None:
            why = action.repairs[-1] if action.repairs else "no control response"
            earlier.append(call)
            raw, call, prompt["correction"], refused = _correct(self.client, messages, raw, call, why,
                                                                ASSISTANT_CORRECTION)
            action = parse_assistant(raw, expect_memory=self.memory is not None) if refused is None else \
                AssistantAction(kind="invalid", raw="", repairs=(refused,))
        if self.memory is not None and action.memory:
            self.memory.add(obs.tick, action.memory)
        self.chat.commit(kept_reply(raw))
        return AssistantTurn(action, prompt=prompt, call=call, earlier_calls=earlier)


def MemoryAssistant(model: str, **kwargs: Any) -> ModelAssistant:
    """A :class:`ModelAssistant` with the memory variant switched on (``memory=True``)."""
    return ModelAssistant(model, memory=True, **kwargs)


class ModelHuman:
    """The Human executor, a model behind litellm, held fixed across compared Assistants.

    Args:
        model: litellm model string.
        correct: answer a reply in the wrong format once with a correction message (default True).
        **client_kwargs: passed to :class:`LLMClient`.
    """

    def __init__(self, model: str, *, correct: bool = True, **client_kwargs: Any):
        self.client = LLMClient(model, **client_kwargs)
        self.name = model
        self.correct = correct
        self._protocol = "ASK"
        self._markers = wants_cache_markers(self.client.provider_name, self.client.model)

    def reset(self, protocol: str) -> None:
        self._protocol = protocol

    def user_text(self, obs: HumanObservation, shown: int | None = None) -> str:
        """The dynamically filled Human user turn (:func:`~interactiveworld.agents.prompts.human_user_text`;
        ``shown``: images attached, when fewer than the frames)."""
        return human_user_text(obs, shown)

    def messages_for(self, obs: HumanObservation) -> tuple[list[dict[str, Any]], list[Frame]]:
        """The messages the next call sends for ``obs`` and the frames attached (nothing is sent)."""
        system = system_message(human_system_prompt(self._protocol, obs.restriction), markers=self._markers)
        frames, _ = unique_frames(list(obs.frames))
        content: list[dict[str, Any]] = [{"type": "text", "text": self.user_text(obs, len(frames))}]
        content += [image_part(f) for f in frames]
        return [system, {"role": "user", "content": content}], frames

    def act(self, obs: HumanObservation) -> HumanTurn:
        messages, frames = self.messages_for(obs)
        raw, call, refused = ask(self.client, messages)
        reply = parse_human(raw) if refused is None else HumanReply(repairs=(refused,), valid=False)
        prompt: dict[str, Any] = {"messages": loggable(messages, frames)}
        earlier: list[CallRecord] = []
        if not reply.valid and self.correct and refused is None:
            why = reply.repairs[-1] if reply.repairs else "it could not be read"
            earlier.append(call)
            raw, call, prompt["correction"], refused = _correct(self.client, messages, raw, call, why,
                                                                HUMAN_CORRECTION)
            reply = parse_human(raw) if refused is None else HumanReply(repairs=(refused,), valid=False)
        return HumanTurn(reply, prompt=prompt, call=call, earlier_calls=earlier)


__all__ = ["LLMClient", "MemoryAssistant", "ask", "kept_reply", "ModelAssistant", "ModelHuman", "check_model_string", "failed_url",
           "litellm_module", "image_part", "loggable", "retry_after_s", "unreachable_cause"]
