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

The degenerate Assistants use no evidence of the task (DESIGN.md "Metrics": they must score pass 0,
near-zero capability and MCR; ``iw-eval validate`` runs them, :data:`DEGENERATE_ASSISTANTS`):

* :class:`HelloAssistant` says "Hello, I am here to help." once, then stays silent;
* :class:`GenericAdviceAssistant` says "Look carefully and choose the right one." every third turn;
* :class:`NaggerAssistant` says "Stop.", "Careful." and "Put it back." in turn, every turn;
* :class:`EchoAssistant` repeats the wearer's last words whenever the wearer said something new;
* :class:`RandomTalker` says "<verb> the <category>." on about half its turns, with verbs from a fixed list
  and categories (asset kinds such as "fridge" or "milk carton") of what the opening frames showed: what an
  Assistant could name from the pixels, never an id (fixed seed).

The oracle sees nothing the evaluated Assistant does not: it counts the command segments it has
been shown to know when the Human has finished a step.
"""
from __future__ import annotations

import random
from typing import Any, Sequence

from ..language.reference import normalize_utterance
from .base import AssistantObservation, AssistantTurn, HumanObservation, HumanTurn
from .paraphrase import ground_request
from .protocol import AssistantAction, HumanReply, render_human

CLARIFY = "Sorry, I don't know exactly what you want me to do. Could you tell me exactly what to do?"
PLAN_RETRIES = 1
"""How many times the scripted Human tries a failed step of its own plan again before it waits."""


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

    Guidance is matched after :func:`~interactiveworld.language.reference.normalize_utterance` against each oracle
    and wrong-control step's ``say`` and ``match`` phrases. A match queues that step's commands (and skips
    ``skip_plan`` steps of the private no-help plan); anything else is answered with a request for
    clarification and no action. Without guidance and with nothing queued, it performs the next
    step of the no-help program (a command and/or a line of speech). A plan step whose command failed is
    tried once more (:data:`PLAN_RETRIES`); after that the Human waits, never moving on as if it had
    succeeded. In ``paraphrase`` mode guidance that matches no program step is grounded by the paraphrase table
    (:func:`~interactiveworld.agents.paraphrase.ground_request`) against the handles of the turn.
    """

    name = "scripted"

    def __init__(self, taskpack: Any, *, paraphrase: bool = False):
        self.paraphrase = paraphrase
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
        self._pending: str | None = None  # the plan command given last, until its result is read
        self._tries = 0

    def lookup(self, utterance: str) -> Any | None:
        """The program step an utterance grounds to, or None."""
        return self._program.get(normalize_utterance(utterance))

    def act(self, obs: HumanObservation) -> HumanTurn:
        if obs.new_instruction and obs.assistant_speech:
            self._pending = None
            step = self.lookup(obs.assistant_speech)
            if step is None:
                command = ground_request(obs.assistant_speech, obs.handles) if self.paraphrase else None
                if command is not None:
                    return self._reply("Grounded the request by the paraphrase table.", command, "OK.")
                return self._reply("The instruction does not match anything I can do.", "", CLARIFY)
            self._cursor += int(getattr(step, "skip_plan", 0) or 0)
            return self._reply("Grounded the instruction.", "\n".join(step.commands), "OK.")
        if obs.queued:
            return self._reply("Still carrying out the last instruction.", "", "")
        if self._pending is not None:
            failed = obs.last_result.startswith(f"{self._pending}: failed")
            if failed and self._tries < PLAN_RETRIES:
                self._tries += 1
                return self._reply("My last plan step failed; trying it once more.", self._pending, "")
            if failed:
                return self._reply("My plan step keeps failing; waiting rather than moving on.", "", "")
            self._pending = None
        if self._cursor < len(self._plan):
            step = self._plan[self._cursor]
            self._cursor += 1
            self._pending, self._tries = (step.command or None), 0
            return self._reply("Following my own plan.", step.command or "", step.say or "")
        return self._reply("Nothing to do; waiting.", "", "")

    @staticmethod
    def _reply(reasoning: str, action: str, speak: str) -> HumanTurn:
        raw = render_human(reasoning, action, speak)
        return HumanTurn(HumanReply(reasoning=reasoning, action=action, speak=speak, raw=raw))


class _Speaker:
    """Base of the degenerate Assistants: ``line(obs)`` is the speech of a turn, None for silence."""

    name = "degenerate"
    polled = True
    _turn = 0

    def reset(self, protocol: str) -> None:
        self._turn = 0

    def line(self, obs: AssistantObservation) -> str | None:
        raise NotImplementedError

    def act(self, obs: AssistantObservation) -> AssistantTurn:
        text = self.line(obs)
        self._turn = self._turn + 1
        if not text:
            return AssistantTurn(AssistantAction("silent", raw="silent"))
        return AssistantTurn(AssistantAction("interrupt", text, raw=f"interrupt {text}"))


class HelloAssistant(_Speaker):
    """Greets once ("Hello, I am here to help."), then is silent."""

    name = "hello"
    LINE = "Hello, I am here to help."

    def line(self, obs: AssistantObservation) -> str | None:
        return self.LINE if self._turn == 0 else None


class GenericAdviceAssistant(_Speaker):
    """Generic advice that fits every task, every third turn (the turns between let a WATCH plan go on)."""

    name = "generic"
    LINE = "Look carefully and choose the right one."

    def line(self, obs: AssistantObservation) -> str | None:
        return self.LINE if self._turn % 3 == 0 else None


class NaggerAssistant(_Speaker):
    """Warnings without content, one every turn: "Stop.", "Careful.", "Put it back."."""

    name = "nagger"
    LINES = ("Stop.", "Careful.", "Put it back.")

    def line(self, obs: AssistantObservation) -> str | None:
        return self.LINES[self._turn % len(self.LINES)]


class EchoAssistant(_Speaker):
    """Repeats the wearer's most recent words whenever the wearer spoke since the last turn."""

    name = "echo"

    def line(self, obs: AssistantObservation) -> str | None:
        said = [t for t in obs.wearer_speech if t.strip()]
        return said[-1] if said else None


RANDOM_VERBS = ("Pick up", "Put down", "Open", "Close", "Look at", "Take", "Move", "Turn on", "Turn off",
                "Walk to", "Check", "Put away")
"""Verbs of :class:`RandomTalker`."""


class RandomTalker(_Speaker):
    """Plausible but random instructions: "<verb> the <category>." on about half the turns.

    Args:
        categories: names an Assistant could read off the frames (e.g. :func:`opening_categories`).
        seed: the random seed (the same seed gives the same utterances).
        rate: the chance of speaking on a turn.

    Raises:
        ValueError: no categories, or ``rate`` outside [0, 1].
    """

    name = "random"

    def __init__(self, categories: Sequence[str], *, seed: int = 0, rate: float = 0.5):
        if not categories:
            raise ValueError("RandomTalker needs at least one category to talk about")
        if not 0.0 <= rate <= 1.0:
            raise ValueError(f"rate must be in [0, 1], got {rate}")
        self.categories = sorted(set(categories))
        self.rate = rate
        self._seed = seed
        self._rng = random.Random(seed)
        self.reset("")

    def reset(self, protocol: str) -> None:
        super().reset(protocol)
        self._rng = random.Random(self._seed)

    def line(self, obs: AssistantObservation) -> str | None:
        if self._rng.random() >= self.rate:
            return None
        return f"{self._rng.choice(RANDOM_VERBS)} the {self._rng.choice(self.categories)}."


def talker_lines(categories: Sequence[str]) -> list[str]:
    """Every line a degenerate Assistant can say without the wearer's words: the greeting, the generic advice,
    the nagger's warnings and :class:`RandomTalker`'s "<verb> the <category>." for each of ``categories``."""
    fixed = [HelloAssistant.LINE, GenericAdviceAssistant.LINE, *NaggerAssistant.LINES]
    return fixed + [f"{v} the {c}." for c in sorted(set(categories)) for v in RANDOM_VERBS]


def opening_categories(taskpack: Any, env: Any) -> list[str]:
    """The categories (asset kinds in words, e.g. "milk carton") of the scene entities visible at any step of
    the TaskPack's opening, run on ``env`` (an ``EnvironmentLike``; its visibility is the renderer's). An
    entity without an asset kind in the scene is named by its handle's category."""
    kinds = {f"{e['name']}#{e.get('index', 1)}": str(e["kind"]) for e in taskpack.scene.get("entities", [])
             if isinstance(e, dict) and "name" in e and "kind" in e}
    env.reset(taskpack.reset_scene(), seed=0)
    seen: set[str] = set()
    for cmd in taskpack.opening.commands:
        env.execute(cmd)
        seen |= {kinds.get(h.key, h.category).replace("_", " ") for h in env.handles(visible_only=True)}
    return sorted(seen)


CONTROL_ASSISTANTS = ("oracle", "silent", "wrong", "early", "nohelp", "hello", "generic", "nagger", "echo", "random")
DEGENERATE_ASSISTANTS = ("silent", "hello", "generic", "nagger", "echo", "random")
"""Assistants that use no evidence: each must score pass 0, no capability above 5 % clean_pass and no family
MCR above 10 % over the built-in TaskPacks with the scripted Human (``iw-eval validate``)."""


def make_control_assistant(name: str, taskpack: Any, *, env: Any = None):
    """The control Assistant called ``name`` (one of :data:`CONTROL_ASSISTANTS`) for a TaskPack.

    ``env`` is used by ``random`` only, to find what the opening shows (:func:`opening_categories`); the
    caller chooses the world (a sweep and ``iw-eval validate`` give the state-only physical world).

    Raises:
        ValueError: an unknown name, ``wrong`` for a TaskPack without a wrong-guidance control, or ``random``
            without ``env``.
    """
    if name in ("hello", "generic", "nagger", "echo"):
        return {"hello": HelloAssistant, "generic": GenericAdviceAssistant, "nagger": NaggerAssistant,
                "echo": EchoAssistant}[name]()
    if name == "random":
        if env is None:
            raise ValueError("the random control Assistant needs env, an environment to run the opening in")
        return RandomTalker(opening_categories(taskpack, env))
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
           "HelloAssistant", "GenericAdviceAssistant", "NaggerAssistant", "EchoAssistant", "RandomTalker",
           "RANDOM_VERBS", "talker_lines", "opening_categories", "ScriptedHuman", "CONTROL_ASSISTANTS", "DEGENERATE_ASSISTANTS",
           "make_control_assistant", "CLARIFY", "PLAN_RETRIES"]
