"""A person as an agent of the closed loop (paper appendix D.5): the Human or the Assistant played in a browser.

A person is one more implementation of the :class:`~interactiveworld.agents.base.Human` /
:class:`~interactiveworld.agents.base.Assistant` protocols. Its ``act`` publishes the observation the
episode built for that role -- the same :class:`~interactiveworld.agents.base.HumanObservation` or
:class:`~interactiveworld.agents.base.AssistantObservation` a model receives, so the family's information
boundary is the episode's code, not the page's -- and then waits until the page answers. The page
sees nothing else: frames are served only once an observation (or the live view of the command that
just ran, which the next observation contains) has released them.

Answers are checked before they unblock the episode; a malformed answer (an unknown control, an
``interrupt`` without words, a reply over the length limit) is sent back to the page as an error and
the turn stays open, like a form that is not yet complete. Commands themselves are never checked
here: a command the environment refuses is refused by the environment, counted against the action
budget and reported back in the next observation, exactly as for a model Human.

Resuming: a person agent can be given the turns it answered in an earlier, interrupted run of the same
cell (read from that run's trace). They are replayed while each observation still matches the one they
answered; at the first difference the person takes over live.
"""
from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections import deque
from dataclasses import dataclass, fields, replace
from typing import Any, Callable, Iterable

from ..agents.base import (AgentTransportError, AssistantObservation, AssistantTurn, Frame, HumanObservation,
                           HumanTurn)
from ..agents.protocol import MAX_REPLY_CHARS, AssistantAction, HumanReply, render_human
from ..bench.logs import Scrubber, dumps
from .guard import encodable

PERSON_PREFIX = "person:"
"""Agent labels of people start with this (``person:kestrel``); reports tell people from models by it."""

_PSEUDONYM = re.compile(r"^[a-z][a-z0-9-]{2,23}$")
_RESERVED = frozenset({"oracle", "scripted", "silent", "wrong", "early", "nohelp", "human", "assistant", "person",
                       "admin", "test"})
MAX_SPEECH_CHARS = 2000
"""Longest utterance a person may send in one turn [characters]."""


def check_pseudonym(text: Any) -> str:
    """Validate a participant pseudonym and return it.

    A pseudonym is 3-24 characters: lower-case letters, digits and hyphens, starting with a letter
    (``kestrel``, ``p07``, ``blue-heron``). Spaces, capitals and ``@`` are refused so that a full name
    or an e-mail address is not typed by habit; agent names (``oracle``, ``scripted``...) are refused
    so a person's cells are never mistaken for a control's.

    Raises:
        ValueError: the text is not a valid pseudonym; the message says why.
    """
    if not isinstance(text, str):
        raise ValueError("the pseudonym must be text")
    t = text.strip()
    if not t:
        raise ValueError("choose a pseudonym (not your name): 3-24 lower-case letters, digits or '-'")
    if any(c.isspace() for c in t) or "@" in t or any(c.isupper() for c in t):
        raise ValueError("a pseudonym has no spaces, capitals or '@': please choose a made-up name, not your own "
                         "(e.g. 'kestrel' or 'p07')")
    if not _PSEUDONYM.match(t):
        raise ValueError("a pseudonym is 3-24 characters: lower-case letters, digits and '-', starting with a letter")
    if t in _RESERVED:
        raise ValueError(f"{t!r} is reserved for an agent; choose another pseudonym")
    return t


def person_label(pseudonym: str) -> str:
    """The agent label a person's cells are recorded under (``person:<pseudonym>``)."""
    return PERSON_PREFIX + pseudonym


def is_person(label: Any) -> bool:
    """True for an agent label of a person."""
    return isinstance(label, str) and label.startswith(PERSON_PREFIX)


class Channel:
    """The hand-off between the episode thread (where a person agent waits) and the web app.

    Everything the page is shown is an *event* (a JSON-able dict). Events are kept in order, so a page
    that connects later (a reload, a closed and reopened browser) is sent the whole history and
    continues the same episode. Subscribers are asyncio queues fed thread-safely. Frames are held by
    index once released; :meth:`frame` serves only those.
    """

    def __init__(self) -> None:
        self._cv = threading.Condition()
        self._events: list[dict[str, Any]] = []
        self._subs: dict[int, tuple[asyncio.AbstractEventLoop, asyncio.Queue]] = {}
        self._frames: dict[int, bytes] = {}
        self._pending: dict[str, Any] | None = None
        self._validate: Callable[[dict[str, Any]], Any] | None = None
        self._answer: Any = None
        self._closed: str | None = None
        self._scrub = Scrubber()  # a partner's words or a failure text can echo a credential
        self._turns = 0
        self.session = 0

    # -- events -------------------------------------------------------------------------------
    def publish(self, event: dict[str, Any], *, keep: bool = True) -> None:
        """Send an event to every connected page (and keep it for pages that connect later)."""
        text = encodable(dumps({**event, "session": self.session}, self._scrub))  # one bad character must not cut pages off
        with self._cv:
            if keep:
                self._events.append(text)
            subs = list(self._subs.values())
        for loop, q in subs:
            try:
                loop.call_soon_threadsafe(q.put_nowait, text)
            except RuntimeError:  # that page's loop has closed
                pass

    def subscribe(self, loop: asyncio.AbstractEventLoop, q: asyncio.Queue) -> list[str]:
        """Register a page; returns the events so far (as JSON text), atomically with the registration."""
        with self._cv:
            self._subs[id(q)] = (loop, q)
            return list(self._events)

    def history(self) -> list[dict[str, Any]]:
        """The events of the current session so far, parsed (what a page connecting now is sent)."""
        with self._cv:
            return [json.loads(t) for t in self._events]

    def unsubscribe(self, q: asyncio.Queue) -> None:
        with self._cv:
            self._subs.pop(id(q), None)

    def new_session(self) -> int:
        """Start a new episode on this channel: history and frames are cleared (pages stay connected)."""
        with self._cv:
            self.session += 1
            self._events.clear()
            self._frames.clear()
            self._pending = None
            self._validate = None
            return self.session

    # -- frames -------------------------------------------------------------------------------
    def release(self, frames: Iterable[Frame]) -> list[dict[str, Any]]:
        """Make frames fetchable by the page and return their references (index, tick, tags, url)."""
        refs = []
        with self._cv:
            for f in frames:
                self._frames[f.index] = f.png
                refs.append({"index": f.index, "tick": f.tick, "tags": list(f.tags),
                             "url": f"/frame/{self.session}/{f.index}.png"})
        return refs

    def frame(self, session: int, index: int) -> bytes | None:
        """The PNG of a released frame of the current session, else None."""
        with self._cv:
            return self._frames.get(index) if session == self.session else None

    # -- turns --------------------------------------------------------------------------------
    def ask(self, event: dict[str, Any], validate: Callable[[dict[str, Any]], Any]) -> Any:
        """Publish a turn and block until :meth:`answer` supplies a valid answer; returns ``validate``'s result.

        Raises:
            AgentTransportError: the channel was closed (the server is stopping): the cell ends VOID
                and is resumed on the next start.
        """
        with self._cv:
            if self._closed:
                raise AgentTransportError(f"the person's session ended: {self._closed}")
            self._turns += 1
            turn = {**event, "turn": self._turns}
            self._pending, self._validate, self._answer = turn, validate, None
        self.publish(turn)
        with self._cv:
            while self._answer is None and not self._closed:
                self._cv.wait()
            if self._answer is None:
                raise AgentTransportError(f"the person's session ended: {self._closed}")
            answer, self._answer, self._pending, self._validate = self._answer, None, None, None
            return answer

    def answer(self, turn: Any, payload: dict[str, Any]) -> None:
        """Answer the open turn ``turn`` with the page's payload.

        Raises:
            ValueError: no turn is open, ``turn`` is not the open one (a stale page), or the payload is
                malformed (the message says what to fix); the turn stays open.
        """
        with self._cv:
            if self._pending is None or self._validate is None:
                raise ValueError("it is not your turn yet")
            if turn != self._pending["turn"]:
                raise ValueError("this answer is for an earlier turn; the page has been updated")
            answer = self._validate(payload)
            # Published before the episode thread wakes, so every page sees the answer before what follows.
            self.publish({"type": "answered", "turn": turn, "role": self._pending.get("role"),
                          "tick": self._pending.get("tick"), "answer": answer})
            self._answer = answer
            self._cv.notify_all()

    @property
    def pending(self) -> dict[str, Any] | None:
        """The open turn event (None while the episode is not waiting for the page)."""
        with self._cv:
            return self._pending

    def close(self, reason: str) -> None:
        """Stop: a waiting :meth:`ask` raises; later asks raise at once."""
        with self._cv:
            self._closed = reason
            self._cv.notify_all()


# ------------------------------------------------------------------------------ observations as pages see them
def observation_view(obs: Any, frame_refs: list[dict[str, Any]]) -> dict[str, Any]:
    """An observation as JSON-able fields, with its frames replaced by released references.

    Every field of the observation is carried (fields added to the observation types later reach the
    page unchanged); nothing is added from outside it except ``last_ok`` (whether ``last_result``
    reports success, read from the episode's wording ``"<command>: done."``).
    """
    view: dict[str, Any] = {}
    for f in fields(obs):
        if f.name in ("frames", "new_frames"):
            continue
        view[f.name] = getattr(obs, f.name)
    view["frames"] = frame_refs
    if isinstance(obs, AssistantObservation):
        view["new_frames"] = len(obs.new_frames)
    if isinstance(obs, HumanObservation):
        view["handles"] = [[arg, desc] for arg, desc in obs.handles]
        view["last_ok"] = not obs.last_result or obs.last_result.endswith(": done.")
    return view


@dataclass(frozen=True)
class RecordedTurn:
    """One answer a person gave in an earlier run of the cell (from its trace).

    Attributes:
        tick: the tick it answered.
        answer: for a Human ``{"action", "speak"}``; for an Assistant ``{"kind", "speech"}``.
        check: observation fields that must be equal for the answer to be replayed.
    """

    tick: int
    answer: dict[str, Any]
    check: dict[str, Any]


def recorded_turns(trace: list[dict[str, Any]], role: str) -> list[RecordedTurn]:
    """The person's answers in a trace (``role`` is ``"human"`` or ``"assistant"``), in order; turns the page
    answered on the person's behalf (while their commands were running) are left out.

    Raises:
        ValueError: ``role`` is neither.
    """
    if role not in ("human", "assistant"):
        raise ValueError(f"role must be 'human' or 'assistant', got {role!r}")
    out = []
    for r in trace:
        if r.get("type") != role or not isinstance(r.get("parsed"), dict):
            continue
        if (r.get("prompt") or {}).get("via") == "auto":  # answered for the person; the replay does it again
            continue
        p, tick = r["parsed"], int(r.get("tick") or 0)
        if role == "human":
            seen = r.get("observation") or {}
            out.append(RecordedTurn(tick, {"action": p.get("action") or "", "speak": p.get("speak") or ""},
                                    {"assistant_speech": seen.get("assistant_speech", ""),
                                     "last_result": seen.get("last_result", ""), "held": seen.get("held")}))
        else:
            shown = (r.get("prompt") or {}).get("shown") or {}
            out.append(RecordedTurn(tick, {"kind": p.get("kind"), "speech": p.get("speech") or ""},
                                    {"new_frames": r.get("new_frames"),
                                     "wearer_speech": shown.get("wearer_speech")}))
    return out


def _check_human_answer(payload: dict[str, Any]) -> dict[str, str]:
    action, speak = payload.get("action", ""), payload.get("speak", "")
    if not isinstance(action, str) or not isinstance(speak, str):
        raise ValueError("commands and speech must be text")
    if len(action) + len(speak) > MAX_REPLY_CHARS:
        raise ValueError(f"the reply is over {MAX_REPLY_CHARS} characters; shorten it")
    if len(speak) > MAX_SPEECH_CHARS:
        raise ValueError(f"speech is limited to {MAX_SPEECH_CHARS} characters")
    return {"action": action.strip(), "speak": " ".join(speak.split())}


def _check_assistant_answer(payload: dict[str, Any]) -> dict[str, str]:
    kind, speech = payload.get("kind"), payload.get("speech", "")
    if kind not in ("silent", "interrupt", "error", "done"):
        raise ValueError("choose one of: silent, say (interrupt), report an error, done")
    if not isinstance(speech, str):
        raise ValueError("speech must be text")
    speech = " ".join(speech.split())
    if kind in ("interrupt", "error") and not speech:
        raise ValueError(f"'{'say' if kind == 'interrupt' else 'error'}' needs words for the wearer; "
                         "type them, or choose silent")
    if kind in ("silent", "done") and speech:
        raise ValueError(f"'{kind}' says nothing: clear the text box, or choose 'say' to speak it")
    if len(speech) > MAX_SPEECH_CHARS:
        raise ValueError(f"speech is limited to {MAX_SPEECH_CHARS} characters")
    return {"kind": kind, "speech": speech}


class _Person:
    """What both roles share: the channel, the pseudonym, the replay of recorded turns."""

    role = ""

    def __init__(self, channel: Channel, pseudonym: str, *, recorded: Iterable[RecordedTurn] = ()):
        self.channel = channel
        self.pseudonym = check_pseudonym(pseudonym)
        self.name = person_label(self.pseudonym)
        self.polled = True
        self.replayed = 0
        self._replay = deque(recorded)
        self._protocol = ""

    def reset(self, protocol: str) -> None:
        self._protocol = protocol

    def _from_record(self, tick: int, current: dict[str, Any]) -> dict[str, Any] | None:
        """The recorded answer for this turn when the observation still matches it, else None (live from now)."""
        if not self._replay:
            return None
        rec = self._replay[0]
        if rec.tick == tick and all(current.get(k) == v for k, v in rec.check.items() if v is not None):
            self._replay.popleft()
            self.replayed += 1
            return rec.answer
        left = len(self._replay)
        self._replay.clear()
        self.channel.publish({"type": "status", "text": f"Resumed up to tick {tick}; {left} recorded turn(s) no "
                                                        "longer match what you see, so you continue from here."})
        return None

    def _answer(self, event: dict[str, Any], tick: int, check: dict[str, Any],
                validate: Callable[[dict[str, Any]], dict[str, str]]) -> tuple[dict[str, str], dict[str, Any]]:
        recorded = self._from_record(tick, check)
        if recorded is not None:
            self.channel.publish({**event, "type": "replayed"})
            return validate(recorded), {"person": self.pseudonym, "via": "replay"}
        t0 = time.perf_counter()
        answer = self.channel.ask(event, validate)
        return answer, {"person": self.pseudonym, "via": "browser", "answer_s": round(time.perf_counter() - t0, 3)}


class PersonHuman(_Person):
    """A person playing the Human executor in a browser.

    While commands the person gave are still queued and the Assistant said nothing new, the turn is
    answered on the person's behalf with an empty reply (which lets the queue run) and the page is
    updated; the person is asked again once the queue is empty or the Assistant speaks.
    """

    role = "human"

    def act(self, obs: HumanObservation) -> HumanTurn:
        view = observation_view(obs, self.channel.release(obs.frames))
        event = {"type": "turn", "role": "human", "tick": obs.tick, "obs": view}
        if obs.queued and not obs.new_instruction:
            self.channel.publish({**event, "type": "observed"})
            return self._turn({"action": "", "speak": ""}, {"person": self.pseudonym, "via": "auto"})
        check = {"assistant_speech": obs.assistant_speech, "last_result": obs.last_result, "held": obs.held}
        answer, prompt = self._answer(event, obs.tick, check, _check_human_answer)
        return self._turn(answer, prompt)

    @staticmethod
    def _turn(answer: dict[str, str], prompt: dict[str, Any]) -> HumanTurn:
        raw = render_human("", answer["action"], answer["speak"])
        return HumanTurn(HumanReply(action=answer["action"], speak=answer["speak"], raw=raw), prompt=prompt)


class PersonAssistant(_Person):
    """A person playing the Assistant in a browser: each tick, silent, interrupt, error or done."""

    role = "assistant"

    def act(self, obs: AssistantObservation) -> AssistantTurn:
        view = observation_view(obs, self.channel.release(obs.frames))
        event = {"type": "turn", "role": "assistant", "tick": obs.tick, "obs": view}
        check = {"new_frames": len(obs.new_frames), "wearer_speech": list(obs.wearer_speech)}
        answer, prompt = self._answer(event, obs.tick, check, _check_assistant_answer)
        prompt["shown"] = {"wearer_speech": list(obs.wearer_speech), "frames": len(obs.frames)}
        action = AssistantAction(answer["kind"], answer["speech"])
        return AssistantTurn(replace(action, raw=action.render()), prompt=prompt)


__all__ = ["Channel", "PersonHuman", "PersonAssistant", "RecordedTurn", "recorded_turns", "check_pseudonym",
           "person_label", "is_person", "observation_view", "PERSON_PREFIX", "MAX_SPEECH_CHARS"]
