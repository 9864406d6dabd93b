"""The two agents' output protocols (paper appendix C.2.1, B.3.2; DESIGN.md "One tick").

The Assistant answers each tick with exactly one control response:

* ``silent`` -- no speech;
* ``interrupt <speech>`` -- an intervention spoken to the wearer;
* ``error <report>`` -- an error report spoken to the wearer (the wearer is making a mistake);
* ``done`` (equivalently ``<done/>``) -- the task is complete; the world freezes for scoring.

The Human answers with three separately tagged fields: ``<reasoning>`` (private, logged only),
``<action>`` (zero or more command lines of the action language) and ``<speak>`` (speech heard by
the Assistant).

Parsing is lenient where the meaning is unambiguous (case, markdown fences, a colon after the
keyword, XML-style tags, a JSON object, a missing closing tag) and records every repair it made.
Output whose meaning is not clear is returned as an ``invalid`` response: the loop logs it and
treats the turn as recoverable (no speech, no action), never as a crash.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Literal

AssistantKind = Literal["silent", "interrupt", "error", "done", "invalid"]

_FENCE = re.compile(r"^\s*```[a-zA-Z0-9_-]*\s*\n?(.*?)\n?```\s*$", re.S)
_MEMORY_TAG = re.compile(r"<memory>(.*?)(?:</memory>|$)", re.S | re.I)
_MEMORY_LINE = re.compile(r"^\s*memory\s*:\s*(.*)$", re.I | re.M | re.S)
_KEYWORD = re.compile(r"^\s*[<\[(*_#]*\s*(silent|interrupt|error|done)\b\s*/?\s*[>\])*_]*\s*[:\-]?\s*[*_]*\s*", re.I)
_TAGGED = re.compile(r"^\s*<(interrupt|error)>(.*?)(?:</\1>\s*)?$", re.S | re.I)


@dataclass(frozen=True)
class AssistantAction:
    """One parsed Assistant control response.

    Attributes:
        kind: ``silent``, ``interrupt``, ``error``, ``done`` or ``invalid`` (unparseable: logged,
            treated as silence).
        speech: the words spoken to the wearer (``interrupt`` and ``error`` only).
        raw: the model's output exactly as received.
        repairs: what the lenient parser had to fix, in order (empty for a strict parse).
        memory: the hidden memory entry of the memory variant (appendix D.2), never spoken.
    """

    kind: AssistantKind
    speech: str = ""
    raw: str = ""
    repairs: tuple[str, ...] = ()
    memory: str | None = None

    @property
    def repaired(self) -> bool:
        return bool(self.repairs)

    @property
    def intervenes(self) -> bool:
        """True when the response carries speech for the wearer (``interrupt`` or ``error``)."""
        return self.kind in ("interrupt", "error")

    def to_log(self) -> dict[str, Any]:
        return {"kind": self.kind, "speech": self.speech, "repairs": list(self.repairs), "memory": self.memory}

    def render(self) -> str:
        """The canonical text form (what a strict-format model would have written)."""
        return self.kind if self.kind in ("silent", "done") else f"{self.kind} {self.speech}".strip()


def _strip_fence(text: str, repairs: list[str]) -> str:
    m = _FENCE.match(text)
    if m:
        repairs.append("removed markdown fence")
        return m.group(1)
    return text


def _extract_memory(text: str, repairs: list[str]) -> tuple[str, str | None]:
    m = _MEMORY_TAG.search(text)
    if m:
        return (text[: m.start()] + text[m.end():]).strip(), m.group(1).strip()
    m = _MEMORY_LINE.search(text)
    if m:
        repairs.append("memory given as a 'Memory:' line")
        return text[: m.start()].strip(), m.group(1).strip()
    return text, None


def _from_json(text: str, repairs: list[str]) -> tuple[str, str] | None:
    try:
        obj = json.loads(text)
    except (ValueError, TypeError):
        return None
    if not isinstance(obj, dict):
        return None
    kind = next((str(obj[k]) for k in ("action", "type", "kind", "response") if k in obj), None)
    if kind is None:
        return None
    speech = next((str(obj[k]) for k in ("speech", "say", "message", "content", "text", "report") if k in obj), "")
    repairs.append("response given as a JSON object")
    return kind.strip().lower(), speech.strip()


def parse_assistant(text: str | None, *, expect_memory: bool = False) -> AssistantAction:
    """Parse one Assistant reply into an :class:`AssistantAction`.

    Args:
        text: the raw model output (None or empty is an invalid, recoverable turn).
        expect_memory: the memory variant is active; a ``<memory>...</memory>`` block (or a final
            ``Memory:`` line) is split off and returned in ``memory``.

    Returns:
        The parsed action; ``kind == "invalid"`` when no control keyword can be identified or an
        ``interrupt``/``error`` carries no speech.
    """
    raw = "" if text is None else str(text)
    repairs: list[str] = []
    body = _strip_fence(raw.strip(), repairs).strip()
    memory = None
    if expect_memory:
        body, memory = _extract_memory(body, repairs)
        body = _strip_fence(body.strip(), repairs).strip()
    if not body:
        return AssistantAction("invalid", raw=raw, repairs=tuple(repairs + ["empty reply"]), memory=memory)

    if re.fullmatch(r"<\s*done\s*/?\s*>(\s*</\s*done\s*>)?", body, re.I):
        return AssistantAction("done", raw=raw, repairs=tuple(repairs), memory=memory)
    if re.fullmatch(r"<\s*silent\s*/?\s*>(\s*</\s*silent\s*>)?", body, re.I):
        repairs.append("silent written as a tag")
        return AssistantAction("silent", raw=raw, repairs=tuple(repairs), memory=memory)

    js = _from_json(body, repairs)
    if js is not None:
        kind, speech = js
        if kind in ("silent", "done"):
            return AssistantAction(kind, raw=raw, repairs=tuple(repairs), memory=memory)  # type: ignore[arg-type]
        if kind in ("interrupt", "error") and speech:
            return AssistantAction(kind, speech, raw=raw, repairs=tuple(repairs), memory=memory)  # type: ignore[arg-type]
        return AssistantAction("invalid", raw=raw, repairs=tuple(repairs + ["JSON without a usable action"]),
                               memory=memory)

    m = _TAGGED.match(body)
    if m:
        kind, speech = m.group(1).lower(), m.group(2).strip()
        repairs.append(f"{kind} written as a tag")
        if speech:
            return AssistantAction(kind, speech, raw=raw, repairs=tuple(repairs), memory=memory)  # type: ignore[arg-type]
        return AssistantAction("invalid", raw=raw, repairs=tuple(repairs + [f"{kind} without speech"]), memory=memory)

    m = _KEYWORD.match(body)
    if not m:
        return AssistantAction("invalid", raw=raw, repairs=tuple(repairs + ["no control keyword"]), memory=memory)
    kind = m.group(1).lower()
    rest = body[m.end():].strip()
    prefix = body[: m.end()]
    if m.group(1) != kind:
        repairs.append("keyword case normalised")
    if re.search(r"[<\[(*_#:\-]", prefix):
        repairs.append("keyword punctuation removed")
    if kind in ("silent", "done"):
        if rest and not re.fullmatch(r"[.!\s]*", rest):
            # "done. The milk is in the fridge." -- the keyword is explicit; the extra words are dropped.
            repairs.append(f"text after '{kind}' ignored")
        return AssistantAction(kind, raw=raw, repairs=tuple(repairs), memory=memory)  # type: ignore[arg-type]
    rest = rest.strip().strip('"').strip()
    if not rest:
        return AssistantAction("invalid", raw=raw, repairs=tuple(repairs + [f"{kind} without speech"]), memory=memory)
    return AssistantAction(kind, rest, raw=raw, repairs=tuple(repairs), memory=memory)  # type: ignore[arg-type]


@dataclass(frozen=True)
class HumanReply:
    """One parsed Human executor reply.

    Attributes:
        reasoning: private reasoning (logged, never shown to the Assistant).
        action: the action block, zero or more command lines ('' for no action).
        speak: speech addressed to the Assistant ('' for none).
        raw: the model's output exactly as received.
        repairs: what the lenient parser had to fix.
        valid: False when nothing usable could be read (the turn is logged and skipped).
    """

    reasoning: str = ""
    action: str = ""
    speak: str = ""
    raw: str = ""
    repairs: tuple[str, ...] = ()
    valid: bool = True

    def to_log(self) -> dict[str, Any]:
        return {"reasoning": self.reasoning, "action": self.action, "speak": self.speak,
                "repairs": list(self.repairs), "valid": self.valid}


_HUMAN_FIELDS = ("reasoning", "action", "speak")
_COMMAND_LINE = re.compile(r"^\s*\[[A-Za-z_ ]+\]")
_NONE_WORDS = {"none", "no action", "n/a", "nothing", "-", "(none)", "empty", "wait for instructions"}


def _tag_content(text: str, name: str, repairs: list[str]) -> str | None:
    m = re.search(rf"<\s*{name}\s*>(.*?)<\s*/\s*{name}\s*>", text, re.S | re.I)
    if m:
        return m.group(1)
    m = re.search(rf"<\s*{name}\s*/\s*>", text, re.I)
    if m:
        return ""
    m = re.search(rf"<\s*{name}\s*>(.*?)(?=<\s*/?\s*(?:{'|'.join(_HUMAN_FIELDS)})\s*>|$)", text, re.S | re.I)
    if m:
        repairs.append(f"missing </{name}>")
        return m.group(1)
    return None


def parse_human(text: str | None) -> HumanReply:
    """Parse one Human executor reply into a :class:`HumanReply`.

    Tags are matched case-insensitively; a missing closing tag ends at the next field tag; with no
    tags at all, lines that start with ``[Verb]`` are taken as the action block and the remaining
    text as speech (a recorded repair). ``none``-like action blocks mean no action.
    """
    raw = "" if text is None else str(text)
    repairs: list[str] = []
    body = _strip_fence(raw.strip(), repairs).strip()
    if not body:
        return HumanReply(raw=raw, repairs=("empty reply",), valid=False)
    fields = {name: _tag_content(body, name, repairs) for name in _HUMAN_FIELDS}
    if all(v is None for v in fields.values()):
        lines = body.splitlines()
        cmds = [ln.strip() for ln in lines if _COMMAND_LINE.match(ln)]
        rest = " ".join(ln.strip() for ln in lines if not _COMMAND_LINE.match(ln) and ln.strip())
        if not cmds:
            return HumanReply(speak="", raw=raw, repairs=tuple(repairs + ["no tagged fields"]), valid=False)
        repairs.append("untagged reply: command lines taken as <action>, the rest as <speak>")
        return HumanReply(action="\n".join(cmds), speak=rest, raw=raw, repairs=tuple(repairs))
    action = (fields["action"] or "").strip()
    action = _strip_fence(action, repairs).strip() if action.startswith("```") else action
    if action.lower().strip(". ") in _NONE_WORDS:
        repairs.append("placeholder action treated as no action")
        action = ""
    speak = (fields["speak"] or "").strip()
    if speak.lower().strip(". ") in _NONE_WORDS:
        speak = ""
    return HumanReply(reasoning=(fields["reasoning"] or "").strip(), action=action, speak=speak, raw=raw,
                      repairs=tuple(repairs))


def render_human(reasoning: str, action: str, speak: str) -> str:
    """The canonical tagged form of a Human reply (used by scripted Humans and in prompts)."""
    return f"<reasoning>{reasoning}</reasoning>\n<action>{action}</action>\n<speak>{speak}</speak>"


__all__ = ["AssistantAction", "HumanReply", "parse_assistant", "parse_human", "render_human"]
