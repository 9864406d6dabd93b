"""Control policies of the pre-sweep checks (paper appendix C.1.2 "Pre-sweep controls"):

* :class:`OracleAssistant` speaks the TaskPack's oracle guidance in natural language, one step at
  a time, waiting until the Human has carried out the previous step, then says ``done``;
* :class:`WrongAssistant` does the same with the TaskPack's deliberately wrong guidance;
* :class:`EarlyAssistant` says ``done`` on its first turn;
* :class:`SilentAssistant` is always ``silent``;
* :class:`NoAssistant` is the no-help run: no Assistant is polled at all;
* :class:`ScriptedHuman` grounds guidance deterministically by matching the utterance to the
  TaskPack's program (oracle and wrong steps); unknown guidance gets a request for clarification
  and no action; with no guidance it follows the TaskPack's no-help program.

The oracle sees nothing the evaluated Assistant does not: it counts the command segments it has
been shown to know when the Human has finished a step.
"""
from __future__ import annotations

import re
from typing import Any, Sequence

from .base import AssistantObservation, AssistantTurn, HumanObservation, HumanTurn
from .protocol import AssistantAction, HumanReply, render_human

CLARIFY = "Sorry, I don't know exactly what you want me to do. Could you tell me exactly what to do?"


def normalize_utterance(text: str) -> str:
    """Case-folded words of an utterance (punctuation other than ``$ % .`` inside numbers removed)."""
    t = text.lower().replace("\u2019", "'")
    t = re.sub(r"(?<!\d)\.|\.(?!\d)", " ", t)
    t = re.sub(r"[^a-z0-9$%.'\s]+", " ", t)
    return " ".join(t.split())


class _Stepper:
    """Speaks a list of guidance steps, each after the previous one has been carried out."""

    def __init__(self, steps: Sequence[Any], name: str):
        self.steps = list(steps)
        self.name = name
        self.polled = True
        self.reset("")

    def reset(self, protocol: str) -> None:
        self._i = 0
        self._outstanding = 0
        self._seen = 0

    def act(self, obs: AssistantObservation) -> AssistantTurn:
        self._seen += obs.new_segments
        if self._outstanding > 0:
            # No new segment means the Human is not executing (asked back, or a refusal flushed
            # the queue): move on rather than wait forever.
            self._outstanding = 0 if obs.new_segments == 0 else max(0, self._outstanding - obs.new_segments)
        if self._outstanding > 0:
            return AssistantTurn(AssistantAction("silent", raw="silent"))
        if self._i < len(self.steps):
            step = self.steps[self._i]
            if self._seen < int(getattr(step, "after_segments", 0) or 0):
                return AssistantTurn(AssistantAction("silent", raw="silent"))
            self._i += 1
            self._outstanding = len(step.commands)
            kind = getattr(step, "kind", "interrupt") or "interrupt"
            return AssistantTurn(AssistantAction(kind, step.say, raw=f"{kind} {step.say}"))
        return AssistantTurn(AssistantAction("done", raw="done"))


class OracleAssistant(_Stepper):
    """Speaks the TaskPack's oracle program (``taskpack.oracle.steps``), then ``done``."""

    def __init__(self, taskpack: Any):
        super().__init__(taskpack.oracle.steps, "oracle")


class WrongAssistant(_Stepper):
    """Speaks the TaskPack's deliberately wrong guidance (``taskpack.controls.wrong.steps``), then ``done``.

    Raises:
        ValueError: the TaskPack declares no wrong-guidance control.
    """

    def __init__(self, taskpack: Any):
        wrong = taskpack.controls.wrong
        if wrong is None:
            raise ValueError(f"TaskPack {taskpack.id} declares no wrong-guidance control (controls.wrong)")
        super().__init__(wrong.steps, "wrong")


class EarlyAssistant:
    """Declares ``done`` on its first turn (the premature-completion control)."""

    name = "early"
    polled = True

    def reset(self, protocol: str) -> None:
        pass

    def act(self, obs: AssistantObservation) -> AssistantTurn:
        return AssistantTurn(AssistantAction("done", raw="done"))


class SilentAssistant:
    """Always ``silent``."""

    name = "silent"
    polled = True

    def reset(self, protocol: str) -> None:
        pass

    def act(self, obs: AssistantObservation) -> AssistantTurn:
        return AssistantTurn(AssistantAction("silent", raw="silent"))


class NoAssistant:
    """The no-help run: the loop never polls an Assistant; the Human is on its own."""

    name = "nohelp"
    polled = False

    def reset(self, protocol: str) -> None:
        pass

    def act(self, obs: AssistantObservation) -> AssistantTurn:  # pragma: no cover - never polled
        raise RuntimeError("the no-help Assistant is never polled")


class ScriptedHuman:
    """A deterministic Human that grounds known guidance to the TaskPack's commands.

    Guidance is matched after :func:`normalize_utterance` against each oracle and wrong-control
    step's ``say`` and ``match`` phrases. A match queues that step's commands (and skips
    ``skip_plan`` steps of the private no-help plan); anything else is answered with a request for
    clarification and no action. Without guidance and with nothing queued, it performs the next
    step of the no-help program (a command and/or a line of speech).
    """

    name = "scripted"

    def __init__(self, taskpack: Any):
        self._program: dict[str, Any] = {}
        steps = list(taskpack.oracle.steps)
        if taskpack.controls.wrong is not None:
            steps += list(taskpack.controls.wrong.steps)
        for step in steps:
            for phrase in [step.say, *getattr(step, "match", [])]:
                self._program.setdefault(normalize_utterance(phrase), step)
        self._plan = list(taskpack.no_help.steps)
        self.reset("")

    def reset(self, protocol: str) -> None:
        self._cursor = 0

    def lookup(self, utterance: str) -> Any | None:
        """The program step an utterance grounds to, or None."""
        return self._program.get(normalize_utterance(utterance))

    def act(self, obs: HumanObservation) -> HumanTurn:
        if obs.new_instruction and obs.assistant_speech:
            step = self.lookup(obs.assistant_speech)
            if step is None:
                return self._reply("The instruction does not match anything I can do.", "", CLARIFY)
            self._cursor += int(getattr(step, "skip_plan", 0) or 0)
            return self._reply("Grounded the instruction.", "\n".join(step.commands), "OK.")
        if obs.queued:
            return self._reply("Still carrying out the last instruction.", "", "")
        if self._cursor < len(self._plan):
            step = self._plan[self._cursor]
            self._cursor += 1
            return self._reply("Following my own plan.", step.command or "", step.say or "")
        return self._reply("Nothing to do; waiting.", "", "")

    @staticmethod
    def _reply(reasoning: str, action: str, speak: str) -> HumanTurn:
        raw = render_human(reasoning, action, speak)
        return HumanTurn(HumanReply(reasoning=reasoning, action=action, speak=speak, raw=raw))


CONTROL_ASSISTANTS = ("oracle", "silent", "wrong", "early", "nohelp")


def make_control_assistant(name: str, taskpack: Any):
    """The control Assistant called ``name`` (one of :data:`CONTROL_ASSISTANTS`) for a TaskPack."""
    if name == "oracle":
        return OracleAssistant(taskpack)
    if name == "wrong":
        return WrongAssistant(taskpack)
    if name == "early":
        return EarlyAssistant()
    if name == "silent":
        return SilentAssistant()
    if name == "nohelp":
        return NoAssistant()
    raise ValueError(f"unknown control Assistant {name!r}; expected one of {', '.join(CONTROL_ASSISTANTS)}")


__all__ = ["OracleAssistant", "WrongAssistant", "EarlyAssistant", "SilentAssistant", "NoAssistant",
           "ScriptedHuman", "CONTROL_ASSISTANTS", "make_control_assistant", "normalize_utterance", "CLARIFY"]
