"""The two agents' output protocols (paper appendix C.2.1, B.3.2; DESIGN.md "One tick").

The Assistant answers each tick with exactly one control response:

* ``silent`` -- no speech;
* ``interrupt <speech>`` -- an intervention spoken to the wearer;
* ``error <report>`` -- an error report spoken to the wearer (the wearer is making a mistake);
* ``done`` (equivalently ``<done/>``) -- the task is complete; the world freezes for scoring.

The Human answers with three separately tagged fields: ``<reasoning>`` (private, logged only),
``<action>`` (zero or more command lines of the action language) and ``<speak>`` (speech heard by
the Assistant).

Parsing rules (both roles). They exist so that parsing can neither leak private text into what the
other side receives nor end an episode the model did not mean to end:

1. **Length.** A reply longer than :data:`MAX_REPLY_CHARS` characters is an invalid turn (recorded as
   a repair note and counted by the loop); nothing in it is read. Parsing is linear in the reply
   length: one regular-expression pass finds the tags, every later step walks that tag list once.
2. **Private text first.** ``<reasoning>``, ``<think>`` and ``<thinking>`` blocks are cut out before
   any other field is read, wherever they stand, and tags mentioned inside them are text. A private
   block ends at the first closing tag of its own name. When it is never closed, it ends where a
   well-formed sequence of closed field tags runs to the end of the reply; without such a sequence
   everything after the opening tag is private. Nothing after an unclosed private block is ever
   read as speech unless that block's end is certain in this sense.
3. **Top-level fields only.** A field is the text between a top-level opening tag and the first
   closing tag of the same name; tags inside it are text. An unclosed field ends at the next
   top-level opening tag of another field (a recorded repair). Tag names are case-insensitive and may
   carry spaces (``< Speak >``); ``<name/>`` is an empty field. Text outside the fields is never
   speech.
4. **JSON.** A reply that is a JSON object (or one JSON object after some text) is read by its keys;
   a JSON ``null`` is a missing field, never the word "None".
5. **Untagged Human text is not speech.** A Human reply without field tags contributes the lines that
   start with ``[Verb]`` as its action block; the remaining text is dropped, because it cannot be
   told apart from private reasoning.
6. **``done`` means finished only when it stands alone.** ``done`` (any case, in markup, with a final
   ``.`` or ``!``) ends the episode. ``done`` followed by words ("Done? Not yet - first open the
   fridge.", "done - wait, no: put the knife back first", "Done. Also, please close the fridge door.")
   is *not* done: the words after the keyword are spoken to the wearer as an ``interrupt`` (a recorded
   repair), so an instruction glued to ``done`` is neither lost nor able to end the episode. ``done?``
   alone is a question: an invalid turn. ``silent`` followed by words stays silent (nothing changes in
   the world; the words are dropped with a repair note).

Output whose meaning is not clear is returned as an ``invalid`` response: the loop logs it and
treats the turn as recoverable (no speech, no action), never as a crash.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Literal, NamedTuple, Sequence

AssistantKind = Literal["silent", "interrupt", "error", "done", "invalid"]

MAX_REPLY_CHARS = 20_000
"""Longest model reply that is parsed [characters] (about 5,000 tokens; ten times a long reply with a
detailed memory entry). A longer reply is an invalid, recorded turn: it bounds the parsing work of
one tick whatever a model emits."""

PRIVATE_TAGS = ("reasoning", "think", "thinking")
"""Tags whose content is private to the replying agent (logged, never forwarded)."""

_CONTROL_TAGS = ("interrupt", "error", "done", "silent")
_HUMAN_FIELDS = ("action", "speak")
_SENTINEL = "\x00"  # stands where a private block was cut out; cannot be part of a tag or a word

# One pass over the reply finds every tag-like token; "< / Speak >" and "<speak/>" are accepted forms.
_TAG = re.compile(r"<(\s*/)?\s*([A-Za-z][A-Za-z0-9_\-]*)\s*(/\s*)?>")
_PRIVATE_HINT = re.compile(r"<(\s*/)?\s*(?:reasoning|think)", re.I)  # a cheap pass before the full scan
_COMMAND_LINE = re.compile(r"\s*\[[A-Za-z_ ]+\]")
_NONE_WORDS = {"none", "no action", "n/a", "nothing", "-", "(none)", "empty", "wait for instructions", "null"}
_KEYWORD = re.compile(r"[*_`#>\[(<\"' ]*(silent|interrupt|error|done)\b", re.I)
_AFTER_KEYWORD = " \t\n*_`])>/"
_SEPARATORS = ":-\u2013\u2014"
_JSON_KIND_KEYS = ("action", "type", "kind", "response", "control")
_JSON_SPEECH_KEYS = ("speech", "say", "message", "content", "text", "report", "utterance")


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


# ---------------------------------------------------------------------------------------------- scanning
class _Tag(NamedTuple):
    start: int
    end: int
    name: str
    kind: str  # "open", "close" or "self"


@lru_cache(maxsize=None)
def _named_tag(names: tuple[str, ...]) -> re.Pattern[str]:
    """:data:`_TAG` restricted to the given names, so a scan yields only tags it wants (command arguments such as
    ``<shelf>`` are tag-shaped too). Names are spelled letter by letter in both cases rather than with ``re.I``,
    which would also fold non-ASCII letters (the long s, U+017F, matches ``s``) that ``_TAG`` does not accept."""
    def spelled(name: str) -> str:
        return "".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() else re.escape(c) for c in name)
    alts = "|".join(spelled(n) for n in sorted(set(names), key=len, reverse=True))
    return re.compile(rf"<(\s*/)?\s*({alts})\s*(/\s*)?>")


def _tags(text: str, names: Sequence[str]) -> list[_Tag]:
    """The tags of the given names in text order (one regular-expression pass).

    A match of :func:`_named_tag` is exactly a match of :data:`_TAG` whose name is wanted: a tag's name is the whole
    run of name characters after ``<`` (the next character must be a space, ``/`` or ``>``), and no tag can start
    inside another (neither holds a ``<``)."""
    if "<" not in text:
        return []
    return [_Tag(m.start(), m.end(), m.group(2).lower(), "close" if m.group(1) else ("self" if m.group(3) else "open"))
            for m in _named_tag(tuple(names)).finditer(text)]


class _Closes:
    """The next closing tag of a name after a token index. A walk asks with increasing indices, so the cursors only
    move forward and all look-ups of one walk together cost O(number of tags)."""

    def __init__(self, toks: list[_Tag], names: Sequence[str]) -> None:
        self._at: dict[str, list[int]] = {name: [] for name in names}
        for k, t in enumerate(toks):
            if t.kind == "close" and t.name in self._at:
                self._at[t.name].append(k)
        self._cursor = dict.fromkeys(names, 0)

    def after(self, name: str, i: int) -> int | None:
        at, c = self._at[name], self._cursor[name]
        while c < len(at) and at[c] <= i:
            c += 1
        self._cursor[name] = c
        return at[c] if c < len(at) else None


def _strip_fence(text: str, repairs: list[str]) -> str:
    """The inside of one Markdown code fence around the whole text (language tag dropped)."""
    t = text.strip()
    if len(t) < 6 or not (t.startswith("```") and t.endswith("```")):
        return text
    inner = t[3:-3]
    nl = inner.find("\n")
    if nl >= 0 and re.fullmatch(r"[A-Za-z0-9_+\-]*[ \t]*", inner[:nl]) and inner[nl + 1:].strip():
        inner = inner[nl + 1:]
    repairs.append("removed markdown fence")
    return inner.strip()


def _clean_suffix_starts(text: str, toks: list[_Tag], fields: Sequence[str]) -> list[frozenset[str] | None]:
    """For each token k: the field names of the text from token k to the end when that text is a sequence of
    closed field tags (``<f>...</f>`` with no tag inside, or ``<f/>``) separated and followed by whitespace
    only; None otherwise. Computed right to left in one pass."""
    n = len(toks)
    field_set = set(fields)
    ws_after = [(text[toks[k].end: toks[k + 1].start] if k + 1 < n else text[toks[k].end:]).strip() == ""
                for k in range(n)]
    names: list[frozenset[str] | None] = [None] * (n + 1)
    names[n] = frozenset()
    for k in range(n - 1, -1, -1):
        t = toks[k]
        if t.name not in field_set:
            continue
        if t.kind == "self" and ws_after[k] and names[k + 1] is not None:
            names[k] = names[k + 1] | {t.name}
        elif (t.kind == "open" and k + 1 < n and toks[k + 1].kind == "close" and toks[k + 1].name == t.name
              and ws_after[k + 1] and names[k + 2] is not None):
            names[k] = names[k + 2] | {t.name}
    return names


def _cut_private(text: str, fields: Sequence[str], complete: Callable[[frozenset[str]], bool],
                 repairs: list[str]) -> tuple[str, list[str]]:
    """Cut every private block out of ``text`` (rule 2 of the module docstring).

    An unclosed private block ends where a clean run of closed fields (see :func:`_clean_suffix_starts`)
    that ``complete`` accepts runs to the end of the text; without one, it runs to the end.

    Returns:
        (the text with each private block replaced by a sentinel character, the private contents).
    """
    if not _PRIVATE_HINT.search(text):
        return text, []
    toks = _tags(text, PRIVATE_TAGS + tuple(fields))
    if not any(t.name in PRIVATE_TAGS for t in toks):
        return text, []
    suffix: list[frozenset[str] | None] | None = None
    closes = _Closes(toks, PRIVATE_TAGS)
    pieces: list[str] = []
    private: list[str] = []
    pos = 0
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.name not in PRIVATE_TAGS:
            i += 1
            continue
        pieces.append(text[pos: t.start])
        pieces.append(_SENTINEL)
        if t.kind == "self":
            pos, i = t.end, i + 1
            continue
        if t.kind == "close":
            repairs.append(f"removed a stray </{t.name}>")
            pos, i = t.end, i + 1
            continue
        j = closes.after(t.name, i)
        if j is not None:
            private.append(text[t.end: toks[j].start])
            pos, i = toks[j].end, j + 1
            continue
        if suffix is None:
            suffix = _clean_suffix_starts(text, toks, fields)
        k = next((k for k in range(i + 1, len(toks))
                  if toks[k].kind != "close" and suffix[k] is not None and complete(suffix[k])), None)
        if k is None:
            private.append(text[t.end:])
            repairs.append(f"<{t.name}> never closed: everything after it is private")
            pos, i = len(text), len(toks)
        else:
            private.append(text[t.end: toks[k].start])
            repairs.append(f"missing </{t.name}>: it ends where the closed fields begin")
            pos, i = toks[k].start, k
    pieces.append(text[pos:])
    return "".join(pieces), private


def _fields(text: str, names: Sequence[str], repairs: list[str]) -> tuple[dict[str, list[str]], str]:
    """Top-level fields of the given names (rule 3 of the module docstring), one walk over the tags.

    Returns:
        (name -> the contents of its top-level occurrences in order, the text outside every field).
    """
    toks = _tags(text, names)
    found: dict[str, list[str]] = {name: [] for name in names}
    if not toks:
        return found, text
    closes = _Closes(toks, names)
    outside: list[str] = []
    pos = 0
    i = 0
    while i < len(toks):
        t = toks[i]
        outside.append(text[pos: t.start])
        if t.kind == "self":
            found[t.name].append("")
            pos, i = t.end, i + 1
            continue
        if t.kind == "close":
            repairs.append(f"ignored a stray </{t.name}>")
            pos, i = t.end, i + 1
            continue
        j = closes.after(t.name, i)
        if j is not None:
            found[t.name].append(text[t.end: toks[j].start])
            pos, i = toks[j].end, j + 1
            continue
        k = i + 1
        while k < len(toks) and not (toks[k].name != t.name and toks[k].kind in ("open", "self")):
            k += 1
        end = toks[k].start if k < len(toks) else len(text)
        found[t.name].append(text[t.end: end])
        repairs.append(f"missing </{t.name}>")
        pos, i = end, k
    outside.append(text[pos:])
    return found, "".join(outside)


def _paired(text: str, fields: Sequence[str]) -> tuple[list[str], dict[str, list[str]], str] | None:
    """:func:`_cut_private` then :func:`_fields` in one scan, for the common reply whose every private and field tag
    opens and is closed by the very next tag (no self-closing, stray or nested ones); None for any other reply.

    Both steps then take each pair as it stands and record no repair, and cutting a private block neither makes
    nor breaks a field tag outside it (the sentinel cannot be part of a tag).

    Returns:
        (the private contents, name -> field contents, the text outside every field with a sentinel for each
        private block), as the two steps would.
    """
    toks = _tags(text, PRIVATE_TAGS + tuple(fields))
    if len(toks) % 2:
        return None
    private: list[str] = []
    found: dict[str, list[str]] = {name: [] for name in fields}
    outside: list[str] = []
    pos = 0
    for k in range(0, len(toks), 2):
        t, c = toks[k], toks[k + 1]
        if t.kind != "open" or c.kind != "close" or c.name != t.name:
            return None
        outside.append(text[pos: t.start])
        if t.name in found:
            found[t.name].append(text[t.end: c.start])
        else:
            outside.append(_SENTINEL)
            private.append(text[t.end: c.start])
        pos = c.end
    outside.append(text[pos:])
    return private, found, "".join(outside)


def _unsentinel(text: str, joiner: str = " ") -> str:
    """Text with each cut-out private block closed up to ``joiner`` (a space in speech, a line break in an
    action block)."""
    if _SENTINEL not in text:
        return text.strip()
    parts = [p.strip() for p in text.split(_SENTINEL)]
    return joiner.join(p for p in parts if p)


def _json_object(text: str, start: int) -> tuple[dict[str, Any], int] | None:
    """The JSON object starting at ``text[start]`` and the index after it, or None."""
    try:
        obj, end = json.JSONDecoder().raw_decode(text, start)
    except (ValueError, RecursionError):
        return None
    if not isinstance(obj, dict):
        return None
    return {str(k).strip().lower(): v for k, v in obj.items()}, end


def _json_text(obj: dict[str, Any], keys: Sequence[str], repairs: list[str], joiner: str = " ") -> str | None:
    """The first present, non-null value among ``keys`` as text (lists of strings are joined); a JSON null
    is a missing field. None when no key carries text."""
    for key in keys:
        if key not in obj or obj[key] is None:
            continue
        value = obj[key]
        if isinstance(value, str):
            return value
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return joiner.join(value)
        repairs.append(f"JSON field {key!r} of type {type(value).__name__} ignored")
    return None


def _too_long(raw: str, max_chars: int | None) -> str | None:
    if max_chars is not None and len(raw) > max_chars:
        return f"reply too long: {len(raw)} characters, the limit is {max_chars}; nothing in it was read"
    return None


# -------------------------------------------------------------------------------------------- Assistant
def _has_words(text: str) -> bool:
    return any(ch.isalnum() for ch in text)


def _unquote(text: str) -> str:
    """Speech without the quotation marks around it (a pair, or one left unbalanced at either end)."""
    t = text.strip()
    for q in ('"', "'", "\u201c\u201d"):
        left, right = q[0], q[-1]
        if len(t) >= 2 and t[0] == left and t[-1] == right:
            return t[1:-1].strip()
        if left == right == '"' and t.count(left) % 2 == 1:
            if t.startswith(left):
                return t[1:].strip()
            if t.endswith(left):
                return t[:-1].strip()
    return t


def _decide(kind: str, speech: str, raw: str, repairs: list[str], memory: str | None) -> AssistantAction:
    """Apply the meaning rules (rule 6) to a control keyword and the words that came with it."""
    speech = speech.strip()
    if kind == "done":
        if _has_words(speech):
            words = speech.lstrip(" \t\n?.!:;,*_`\"'" + _SEPARATORS).strip()
            repairs.append("words after 'done': the reply does not mean finished; they are spoken as an interrupt")
            return AssistantAction("interrupt", words, raw=raw, repairs=tuple(repairs), memory=memory)
        if "?" in speech:
            return AssistantAction("invalid", raw=raw, repairs=tuple(repairs + ["'done?' asks, it does not declare "
                                                                               "the task finished"]), memory=memory)
        return AssistantAction("done", raw=raw, repairs=tuple(repairs), memory=memory)
    if kind == "silent":
        if _has_words(speech):
            repairs.append("text after 'silent' ignored")
        return AssistantAction("silent", raw=raw, repairs=tuple(repairs), memory=memory)
    if kind in ("interrupt", "error"):
        speech = _unquote(speech)
        if not speech:
            return AssistantAction("invalid", raw=raw, repairs=tuple(repairs + [f"{kind} without speech"]),
                                   memory=memory)
        return AssistantAction(kind, speech, raw=raw, repairs=tuple(repairs), memory=memory)  # type: ignore[arg-type]
    return AssistantAction("invalid", raw=raw, repairs=tuple(repairs + [f"unknown control response {kind!r}"]),
                           memory=memory)


def _from_json(obj: dict[str, Any], raw: str, repairs: list[str], memory: str | None,
               expect_memory: bool) -> AssistantAction:
    repairs.append("response given as a JSON object")
    if expect_memory and memory is None:
        memory = _json_text(obj, ("memory",), repairs)
    kind = _json_text(obj, _JSON_KIND_KEYS, repairs)
    if kind is None or kind.strip().lower() not in _CONTROL_TAGS:
        return AssistantAction("invalid", raw=raw, repairs=tuple(repairs + ["JSON without a usable action"]),
                               memory=memory)
    speech = _json_text(obj, _JSON_SPEECH_KEYS, repairs) or ""
    return _decide(kind.strip().lower(), speech, raw, repairs, memory)


def _memory_line(body: str) -> tuple[str, str | None]:
    """Split off a final ``Memory: ...`` section (the first line that starts with it, to the end)."""
    offset = 0
    for line in body.splitlines(keepends=True):
        head = line.lstrip()
        if head[:7].lower() == "memory:" or (head[:6].lower() == "memory" and head[6:].lstrip()[:1] == ":"):
            rest = body[offset:].lstrip()
            return body[:offset].strip(), rest[rest.index(":") + 1:].strip()
        offset += len(line)
    return body, None


def parse_assistant(text: str | None, *, expect_memory: bool = False,
                    max_chars: int | None = MAX_REPLY_CHARS) -> AssistantAction:
    """Parse one Assistant reply into an :class:`AssistantAction` (rules in the module docstring).

    Accepted forms, in order: a JSON object; control tags (``<interrupt>...</interrupt>``,
    ``<error>...</error>``, ``<done/>``, ``<silent/>``); a control keyword at the start, in any case and
    Markdown markup, optionally followed by ``:`` or a dash; one JSON object after other text.

    Args:
        text: the raw model output (None or empty is an invalid, recoverable turn).
        expect_memory: the memory variant is active; a ``<memory>...</memory>`` block (or a final
            ``Memory:`` section) is split off and returned in ``memory``. Without it a memory block is
            removed and dropped (never spoken).
        max_chars: reply length limit (:data:`MAX_REPLY_CHARS`); None disables it.

    Returns:
        The parsed action; ``kind == "invalid"`` when no control response can be identified, an
        ``interrupt``/``error`` carries no speech, or the reply is over the length limit.
    """
    raw = "" if text is None else str(text)
    too_long = _too_long(raw, max_chars)
    if too_long:
        return AssistantAction("invalid", raw=raw, repairs=(too_long,))
    repairs: list[str] = []
    body = _strip_fence(raw.replace(_SENTINEL, "").strip(), repairs)
    body, _private = _cut_private(body, (*_CONTROL_TAGS, "memory"),
                                  lambda names: bool(names & set(_CONTROL_TAGS)), repairs)
    found, body = _fields(body, ("memory",), repairs)
    memory = None
    if found["memory"]:
        if expect_memory:
            memory = "\n".join(_unsentinel(m) for m in found["memory"])
        else:
            repairs.append("memory block dropped (the memory variant is off)")
    body = _strip_fence(_unsentinel(body), repairs).strip()
    if expect_memory and memory is None:
        body, line_memory = _memory_line(body)
        if line_memory is not None:
            repairs.append("memory given as a 'Memory:' line")
            memory = line_memory
    if not body:
        return AssistantAction("invalid", raw=raw, repairs=tuple(repairs + ["empty reply"]), memory=memory)

    if body.startswith("{"):
        parsed = _json_object(body, 0)
        if parsed is not None:
            obj, end = parsed
            if body[end:].strip():
                repairs.append("text after the JSON object ignored")
            return _from_json(obj, raw, repairs, memory, expect_memory)

    # A reply that opens with a control keyword is read as keyword form, so a tag named in its speech
    # ("interrupt Don't press the <error> button") stays text; one that opens with a control tag is tag form.
    first = _TAG.match(body)
    m = _KEYWORD.match(body)
    if m and not (first and first.group(2).lower() in _CONTROL_TAGS):
        return _from_keyword(m, body, raw, repairs, memory)
    tags, outside = _fields(body, _CONTROL_TAGS, repairs)
    present = [k for k in _CONTROL_TAGS if tags[k]]
    if present:
        return _from_tags(tags, present, _unsentinel(outside), raw, repairs, memory)

    brace = body.find("{")
    if brace > 0:
        parsed = _json_object(body, brace)
        if parsed is not None:
            repairs.append("text around the JSON object ignored")
            return _from_json(parsed[0], raw, repairs, memory, expect_memory)
    return AssistantAction("invalid", raw=raw, repairs=tuple(repairs + ["no control keyword"]), memory=memory)


def _skip(body: str, pos: int, chars: str) -> int:
    while pos < len(body) and body[pos] in chars:
        pos += 1
    return pos


def _from_keyword(m: re.Match[str], body: str, raw: str, repairs: list[str], memory: str | None) -> AssistantAction:
    """The keyword form: markup around the keyword and one separator (``:`` or a dash) are dropped."""
    kind = m.group(1).lower()
    if m.group(1) != kind:
        repairs.append("keyword case normalised")
    pos = _skip(body, m.end(), _AFTER_KEYWORD)
    if pos < len(body) and body[pos] in _SEPARATORS:
        pos = _skip(body, pos + 1, _AFTER_KEYWORD)
    if m.start(1) > 0 or body[m.end(1):pos].strip(" \t\n"):
        repairs.append("keyword punctuation removed")
    return _decide(kind, body[pos:], raw, repairs, memory)


def _from_tags(tags: dict[str, list[str]], present: list[str], outside: str, raw: str, repairs: list[str],
               memory: str | None) -> AssistantAction:
    """The control response given as tags (at most one kind with speech; done with words is not done)."""
    speaking = [k for k in ("interrupt", "error") if k in present]
    if len(speaking) > 1 or ("done" in present and "silent" in present):
        return AssistantAction("invalid", raw=raw, repairs=tuple(
            repairs + [f"several control responses ({', '.join(present)})"]), memory=memory)
    if speaking:
        kind = speaking[0]
        repairs.append(f"{kind} written as a tag")
        if _has_words(outside):
            repairs.append(f"text outside the <{kind}> tag ignored")
        return _decide(kind, " ".join(_unsentinel(s) for s in tags[kind]), raw, repairs, memory)
    kind = present[0]
    words = " ".join([_unsentinel(s) for s in tags[kind]] + [outside]).strip()
    if kind == "silent":
        repairs.append("silent written as a tag")
    return _decide(kind, words, raw, repairs, memory)


# ------------------------------------------------------------------------------------------------ Human
def _placeholder(text: str) -> bool:
    return text.lower().strip(". ") in _NONE_WORDS


def _human_from_json(obj: dict[str, Any], raw: str, repairs: list[str], private: str = "") -> HumanReply | None:
    """A reply from a JSON object; ``private`` is reasoning already cut from private blocks before the object
    (kept as reasoning, never spoken)."""
    if not any(k in obj for k in ("reasoning", "think", "thinking", *_HUMAN_FIELDS)):
        return None
    repairs.append("reply given as a JSON object")
    reasoning = "\n".join(r for r in (private.strip(), _json_text(obj, ("reasoning", "think", "thinking"), repairs,
                                                                    "\n") or "") if r)
    action = _json_text(obj, ("action",), repairs, "\n") or ""
    speak = _json_text(obj, ("speak",), repairs) or ""
    return _human_reply(reasoning, [action], [speak], raw, repairs)


def _human_reply(reasoning: str, actions: list[str], speeches: list[str], raw: str,
                 repairs: list[str]) -> HumanReply:
    for name, values in (("action", actions), ("speak", speeches)):
        if len(values) > 1:
            repairs.append(f"{len(values)} <{name}> fields joined")
    action = "\n".join(a for a in (_unsentinel(a, "\n") for a in actions) if a)
    if action.startswith("```"):
        action = _strip_fence(action, repairs)
    if action and _placeholder(action):
        repairs.append("placeholder action treated as no action")
        action = ""
    speak = " ".join(s for s in (_unsentinel(s) for s in speeches) if s)
    if speak and _placeholder(speak):
        speak = ""
    return HumanReply(reasoning=reasoning.strip(), action=action, speak=speak, raw=raw, repairs=tuple(repairs))


def parse_human(text: str | None, *, max_chars: int | None = MAX_REPLY_CHARS) -> HumanReply:
    """Parse one Human executor reply into a :class:`HumanReply` (rules in the module docstring).

    Private blocks are cut out first; ``<action>`` and ``<speak>`` are then read from top-level tags
    only. A JSON object with ``reasoning``/``action``/``speak`` keys is accepted (nulls are missing
    fields). Without field tags, lines starting with ``[Verb]`` are the action block and all other text
    is dropped (never spoken). ``none``-like action blocks and speech mean nothing.

    Args:
        text: the raw model output.
        max_chars: reply length limit (:data:`MAX_REPLY_CHARS`); None disables it.

    Returns:
        The reply; ``valid`` is False (recorded in ``repairs``) for an empty reply, a reply over the
        length limit, or one with neither a field nor a command line.
    """
    raw = "" if text is None else str(text)
    too_long = _too_long(raw, max_chars)
    if too_long:
        return HumanReply(raw=raw, repairs=(too_long,), valid=False)
    repairs: list[str] = []
    body = _strip_fence(raw.replace(_SENTINEL, "").strip(), repairs).strip()
    if not body:
        return HumanReply(raw=raw, repairs=tuple(repairs + ["empty reply"]), valid=False)
    if body.startswith("{"):
        parsed = _json_object(body, 0)
        if parsed is not None:
            if body[parsed[1]:].strip():
                repairs.append("text after the JSON object ignored")
            reply = _human_from_json(parsed[0], raw, repairs)
            if reply is not None:
                return reply
    split = _paired(body, _HUMAN_FIELDS)
    if split is not None:
        private, found, outside = split
    else:
        body, private = _cut_private(body, _HUMAN_FIELDS, lambda names: names >= set(_HUMAN_FIELDS), repairs)
        found, outside = _fields(body, _HUMAN_FIELDS, repairs)
    reasoning = "\n".join(_unsentinel(p) for p in private)
    if found["action"] or found["speak"]:
        if _has_words(outside):
            repairs.append("text outside the fields ignored")
        return _human_reply(reasoning, found["action"], found["speak"], raw, repairs)

    outside = _unsentinel(outside)
    brace = outside.find("{")
    if brace >= 0:
        parsed = _json_object(outside, brace)
        if parsed is not None:
            repairs.append("text around the JSON object not spoken")
            reply = _human_from_json(parsed[0], raw, repairs, reasoning)
            if reply is not None:
                return reply
    lines = outside.splitlines()
    cmds = [ln.strip() for ln in lines if _COMMAND_LINE.match(ln)]
    if not cmds:
        return HumanReply(reasoning=reasoning.strip(), raw=raw,
                          repairs=tuple(repairs + ["no <action> or <speak> field"]), valid=False)
    repairs.append("untagged reply: command lines taken as <action>; other text not spoken")
    return HumanReply(reasoning=reasoning.strip(), action="\n".join(cmds), raw=raw, repairs=tuple(repairs))


def render_human(reasoning: str, action: str, speak: str) -> str:
    """The canonical tagged form of a Human reply (used by scripted Humans and in prompts)."""
    return f"<reasoning>{reasoning}</reasoning>\n<action>{action}</action>\n<speak>{speak}</speak>"


__all__ = ["AssistantAction", "HumanReply", "parse_assistant", "parse_human", "render_human", "MAX_REPLY_CHARS",
           "PRIVATE_TAGS"]
