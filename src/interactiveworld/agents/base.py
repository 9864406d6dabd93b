"""What each agent is given and what it returns, and the interfaces the episode loop calls.

The observation types are the information partition of paper appendix C.2.2 made concrete: an
:class:`AssistantObservation` carries only pixels, wearer speech and the public task request; a
:class:`HumanObservation` adds what the Human needs to ground an instruction (handles, held object,
last result). Building them is :mod:`interactiveworld.bench.families`' job.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any, Protocol, Sequence, runtime_checkable

import numpy as np

from .protocol import AssistantAction, HumanReply


@dataclass
class Frame:
    """One egocentric frame kept in the episode's frame history.

    Attributes:
        index: position in the episode's frame history (0-based, chronological).
        tick: the interaction tick that produced it (0 for the opening).
        command: the command whose interval it was sampled from.
        tags: frame tags from the renderer (``"result"``, ``"look_hold"``).
        pinned: True for opening frames the TaskPack pins into every selection.
        path: file name relative to the cell directory ('' when frames are not written).
        png: the PNG-encoded image.
    """

    index: int
    tick: int
    command: str
    tags: tuple[str, ...] = ()
    pinned: bool = False
    path: str = ""
    png: bytes = b""

    @staticmethod
    def encode(image: np.ndarray) -> bytes:
        """PNG-encode an (H, W, 3) uint8 image."""
        from PIL import Image

        arr = np.asarray(image)
        if arr.ndim != 3 or arr.shape[2] not in (3, 4) or arr.dtype != np.uint8:
            raise ValueError(f"frame: expected (H, W, 3) uint8, got {arr.shape} {arr.dtype}")
        buf = io.BytesIO()
        Image.fromarray(arr).save(buf, format="PNG", compress_level=1)
        return buf.getvalue()


@dataclass
class AssistantObservation:
    """Everything the Assistant receives at one tick (and nothing else).

    Attributes:
        tick: interaction tick, 1-based.
        protocol: the family protocol (ASK, FIND, GUIDE, WATCH, NARRATE, ORCHESTRATE).
        task_request: the public task context ('' when the request arrives only as speech).
        frames: the selected frames for this turn (at most 32, chronological).
        new_frames: frames produced since the previous Assistant turn.
        new_segments: command intervals executed since the previous Assistant turn.
        wearer_speech: speech by the wearer since the previous Assistant turn, in order.
        first_turn: True on the first turn (the system prompt and family addendum are sent).
    """

    tick: int
    protocol: str
    task_request: str
    frames: list[Frame]
    new_frames: list[Frame]
    new_segments: int
    wearer_speech: list[str]
    first_turn: bool


@dataclass
class HumanObservation:
    """Everything the Human executor receives at one tick.

    Attributes:
        tick: interaction tick, 1-based.
        protocol: the family protocol.
        public_context: the public task context.
        restriction: the TaskPack's Human-only restriction text.
        handles: (command argument such as ``<red_mug> (2)``, visible description) pairs.
        held: the held object's command argument, or None.
        last_result: plain-language result of the previous command ('' before any).
        assistant_speech: what the Assistant said this tick ('' for none).
        new_instruction: True when ``assistant_speech`` is a new instruction (pre-empts the queue).
        active_instruction: the last instruction still being carried out ('' for none).
        queued: commands given earlier and still waiting to run.
        frames: frames shown to the Human (empty for NARRATE).
        private_next: WATCH only: the next step of the Human's private no-advice plan.
        assistant_present: False in the no-help run (no Assistant at all).
        task_context: the Human's own task context (``human_context.task``: its question, goal, plan,
            need, requested outcome or what it seeks); never given to the Assistant.
        cancelled: commands that were waiting when this tick's new instruction arrived and that it cancelled
            (:func:`next_queue`); they run only if the reply gives them again.
    """

    tick: int
    protocol: str
    public_context: str
    restriction: str
    handles: list[tuple[str, str]]
    held: str | None
    last_result: str
    assistant_speech: str
    new_instruction: bool
    active_instruction: str
    queued: list[str]
    frames: list[Frame]
    private_next: str | None = None
    assistant_present: bool = True
    task_context: str = ""
    cancelled: list[str] = field(default_factory=list)


QUEUE_RULE = (
    "Your commands run one at a time, one per turn. A new assistant instruction cancels every command still "
    "waiting (the turn lists them as cancelled; give again any you still want). Otherwise an empty <action> "
    "lets your waiting commands go on, and new commands replace the ones still waiting. A failed command "
    "cancels the ones after it."
)
"""The one queue rule: the same sentence in the Human contract, in the per-turn text and in
:func:`next_queue`, which the benchmark loop applies."""


def next_queue(waiting: Sequence[str], *, new_instruction: bool, block: Sequence[str] | None
               ) -> tuple[list[str], list[str]]:
    """The command queue after a Human reply (:data:`QUEUE_RULE`).

    Args:
        waiting: commands still waiting to run before this tick, in order.
        new_instruction: True when the Assistant gave a new instruction this tick.
        block: the reply's command lines, in order; None or empty for an empty ``<action>``.

    Returns:
        ``(queue, dropped)``: the commands that will run, in order, and the waiting commands that will not
        (cancelled by the new instruction, or replaced by the new block).
    """
    waiting = list(waiting)
    block = list(block or ())
    if new_instruction:
        return block, waiting
    if not block:
        return waiting, []
    return block, waiting


@dataclass
class CallRecord:
    """Accounting for one model call.

    Attributes:
        model: the model string.
        latency_s: wall time of the call including retries [s].
        attempts: number of attempts made (1 = no retry).
        prompt_tokens / completion_tokens: from the response's usage, None when not reported.
        cost_usd: litellm's cost for the call when the model is in its cost map, else None.
        error: the last transport error text when a retry happened or the call failed.
        request_bytes: size of the request's messages as JSON (UTF-8) [bytes]: the images as base64 data
            URLs plus the text, about what goes over the wire per attempt. None when no request was sent.
        images: image parts in the request.
        cached_prompt_tokens: prompt tokens the provider served from its prompt cache (``usage.
            prompt_tokens_details.cached_tokens``), None when it does not say.
        correction: True for the first call of a turn whose reply was in the wrong format (a correction
            message and a second call followed).
        cache_hit: answered from the response cache (no call made; tokens and cost as first recorded).
        refused: the provider refused the request for a reason of the model's own, a model outcome and not a
            transport fault (:data:`~interactiveworld.agents.calls.MODEL_OUTCOMES`: ``context_window``,
            ``content_policy``); the turn is an invalid reply. None for an answered call.
        truncated: the reply stopped at the reply-token limit (``max_tokens``; the provider's ``finish_reason``
            was ``"length"``): a reasoning model cut off inside its thinking returns little or no usable text.
    """

    model: str
    latency_s: float
    attempts: int = 1
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    cost_usd: float | None = None
    error: str | None = None
    request_bytes: int | None = None
    images: int = 0
    cached_prompt_tokens: int | None = None
    correction: bool = False
    cache_hit: bool = False
    refused: str | None = None
    truncated: bool = False

    def to_log(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class AssistantTurn:
    """An Assistant's answer for one tick with its provenance (prompt for the log, call record).

    ``earlier_calls`` are the calls of the same turn before ``call`` (a reply in the wrong format and the
    correction that answered it); ``prompt["correction"]`` then records the rejected reply and the message.
    """

    action: AssistantAction
    prompt: dict[str, Any] = field(default_factory=dict)
    call: CallRecord | None = None
    earlier_calls: list[CallRecord] = field(default_factory=list)

    @property
    def calls(self) -> list[CallRecord]:
        """Every model call of the turn, in order."""
        return [*self.earlier_calls, *([self.call] if self.call is not None else [])]


@dataclass
class HumanTurn:
    """A Human's answer for one tick with its provenance (see :class:`AssistantTurn`)."""

    reply: HumanReply
    prompt: dict[str, Any] = field(default_factory=dict)
    call: CallRecord | None = None
    earlier_calls: list[CallRecord] = field(default_factory=list)

    @property
    def calls(self) -> list[CallRecord]:
        """Every model call of the turn, in order."""
        return [*self.earlier_calls, *([self.call] if self.call is not None else [])]


class AgentTransportError(RuntimeError):
    """A model could not be reached after all retries: an infrastructure fault (the cell is VOID)."""


class PermanentCallError(AgentTransportError):
    """A model call failed in a way no retry and no other cell can fix (HTTP 401, 403, 404, or a 400 naming an
    unknown model: :func:`~interactiveworld.agents.calls.permanent_problem`): the cell is VOID and the sweep
    stops after it, naming the route.

    Attributes:
        model: the model string called.
        url: the endpoint that answered (credentials removed).
        status: the HTTP status.
        why: what the status means for the person running the sweep.
    """

    def __init__(self, message: str, *, model: str, url: str, status: int, why: str):
        super().__init__(message)
        self.model, self.url, self.status, self.why = model, url, status, why

    @property
    def line(self) -> str:
        """``"<model> at <url>: HTTP <status>: <why>"``, the one line a stopped sweep prints."""
        return f"{self.model} at {self.url}: HTTP {self.status}: {self.why}"


@runtime_checkable
class Assistant(Protocol):
    """An Assistant policy. ``name`` identifies it in logs; ``polled`` is False for the no-help run."""

    name: str
    polled: bool

    def reset(self, protocol: str) -> None: ...

    def act(self, obs: AssistantObservation) -> AssistantTurn: ...


@runtime_checkable
class Human(Protocol):
    """A Human executor policy."""

    name: str

    def reset(self, protocol: str) -> None: ...

    def act(self, obs: HumanObservation) -> HumanTurn: ...


__all__ = ["Frame", "AssistantObservation", "HumanObservation", "CallRecord", "AssistantTurn", "HumanTurn",
           "AgentTransportError", "PermanentCallError", "Assistant", "Human", "QUEUE_RULE", "next_queue"]
