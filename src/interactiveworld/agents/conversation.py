"""How frames reach a chat model: each frame once, in the turn where it was new, under a prefix that stays
the same from turn to turn (paper appendix C.2.1: "later turns normally contribute only the latest
interval"; the 32-image cap and its selection are :func:`~interactiveworld.bench.families.select_frame_indices`).

* **Placement.** The Assistant's conversation is system prompt, then per tick a user turn (speech, the
  "Latest segment." marker and the frames new since the previous turn) and the Assistant's reply. The
  images of one call are exactly the episode's frame selection (at most 32), each attached to the turn
  in which it was new, so a call never repeats an image and the visual budget is the paper's.
* **Truthful counts.** Each turn says how many frames were new at that turn and how many of them are
  attached; when the 32-image budget later drops some of an old turn's frames, that turn says so.
* **Duplicates.** Frames with identical bytes (SHA-256 of the PNG) are attached once; a later copy is
  named in the text ("identical to an earlier frame, not repeated").
* **Prompt cache.** While the selection keeps every earlier frame (up to 32 frames), each call's messages
  begin with the previous call's messages byte for byte, so providers that cache prefixes (OpenAI,
  DeepSeek, xAI, Gemini 2.5+) reuse them without being asked; providers that need explicit breakpoints
  (Anthropic Claude, directly or through Bedrock, Vertex AI, Azure AI, OpenRouter, Databricks) get
  litellm ``cache_control`` markers on the system prompt, the previous turn and the newest turn.
"""
from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass, field
from typing import Any

from .base import Frame

CACHE_CONTROL = {"type": "ephemeral"}
_MARKER_PROVIDERS = {"anthropic"}
_CLAUDE_HOSTS = {"bedrock", "bedrock_converse", "vertex_ai", "vertex_ai_beta", "azure_ai", "openrouter", "databricks"}


def wants_cache_markers(provider: str, model: str) -> bool:
    """True when the provider caches a prompt prefix only at explicit ``cache_control`` breakpoints
    (litellm's prompt-caching docs: Anthropic and Claude models on other hosts); providers that cache
    prefixes automatically need no marker."""
    return provider in _MARKER_PROVIDERS or (provider in _CLAUDE_HOSTS and "claude" in model.lower())


def frame_digest(frame: Frame) -> str:
    """SHA-256 hex of a frame's PNG bytes (identical renders have identical bytes)."""
    return hashlib.sha256(frame.png).hexdigest()


def image_part(frame: Frame) -> dict[str, Any]:
    """An OpenAI-style image content part carrying the frame as a PNG data URL."""
    url = "data:image/png;base64," + base64.b64encode(frame.png).decode("ascii")
    return {"type": "image_url", "image_url": {"url": url}}


def frames_note(new: int, shown: int, repeated: int) -> str:
    """The sentence that precedes a turn's images: how many frames were new and how many follow."""
    if new == 0:
        return "No new frames since the previous turn."
    text = f"{new} new frame(s) since the previous turn"
    if shown == new:
        text += "; all follow, oldest first."
    elif shown == 0:
        text += "; none of them is attached"
    else:
        text += f"; {shown} of them follow, oldest first"
    if repeated:
        text += f" ({repeated} identical to a frame shown earlier, not repeated"
    dropped = new - shown - repeated
    if dropped:
        text += ("; " if repeated else " (") + f"{dropped} left out by the 32-image budget"
    if repeated or dropped:
        text += ")."
    elif shown != new:
        text += "."
    return text


def unique_frames(frames: list[Frame], seen: set[str] | None = None) -> tuple[list[Frame], int]:
    """The frames whose bytes were not seen before (in order) and the number of repeats left out.

    Args:
        frames: candidate frames, oldest first.
        seen: digests already attached earlier in the same request; updated in place.
    """
    seen = set() if seen is None else seen
    out, repeated = [], 0
    for f in frames:
        d = frame_digest(f)
        if d in seen:
            repeated += 1
            continue
        seen.add(d)
        out.append(f)
    return out, repeated


def mark(part: dict[str, Any]) -> dict[str, Any]:
    """A content part with a prompt-cache breakpoint."""
    return {**part, "cache_control": dict(CACHE_CONTROL)}


def system_message(text: str, *, markers: bool) -> dict[str, Any]:
    """The system message; with ``markers`` a content list whose only part is a cache breakpoint."""
    if not markers:
        return {"role": "system", "content": text}
    return {"role": "system", "content": [mark({"type": "text", "text": text})]}


@dataclass
class _Turn:
    text: str
    frames: list[Frame]
    reply: str = ""


@dataclass
class AssistantConversation:
    """The Assistant's chat for one episode (see the module docstring).

    Args:
        markers: add ``cache_control`` breakpoints (:func:`wants_cache_markers`).
    """

    markers: bool = False
    turns: list[_Turn] = field(default_factory=list)

    def clear(self) -> None:
        self.turns.clear()

    def build(self, system: str, text: str, new_frames: list[Frame], selection: list[Frame]) \
            -> tuple[list[dict[str, Any]], list[Frame]]:
        """The messages of the next call and the frames attached, in the order their images appear.

        Args:
            system: the system prompt.
            text: the new user turn's text (speech, memory, the "Latest segment." marker).
            new_frames: the frames produced since the previous turn, oldest first.
            selection: the episode's frame selection for this call (at most 32 frames, oldest first);
                only frames in it are attached.
        """
        current = _Turn(text, list(new_frames))
        chosen = {f.index for f in selection}
        placed = {f.index for t in [*self.turns, current] for f in t.frames}
        # a selected frame that was never new in a turn (not expected) goes with the newest turn
        current.frames += [f for f in selection if f.index not in placed]
        seen: set[str] = set()
        sent: list[Frame] = []
        messages: list[dict[str, Any]] = [system_message(system, markers=self.markers)]
        turns = [*self.turns, current]
        for i, turn in enumerate(turns):
            kept = [f for f in turn.frames if f.index in chosen]
            shown, repeated = unique_frames(kept, seen)
            parts = [{"type": "text", "text": turn.text},
                     {"type": "text", "text": frames_note(len(turn.frames), len(shown), repeated)}]
            parts += [image_part(f) for f in shown]
            sent += shown
            if self.markers and i >= len(turns) - 2:  # the previous turn (a cache read) and this one (a write)
                parts[-1] = mark(parts[-1])
            messages.append({"role": "user", "content": parts})
            if turn is not current:
                messages.append({"role": "assistant", "content": turn.reply})
        self._pending = current
        return messages, sent

    def commit(self, reply: str) -> None:
        """Record the reply to the turn built last (it joins the history)."""
        self._pending.reply = reply
        self.turns.append(self._pending)


__all__ = ["AssistantConversation", "CACHE_CONTROL", "frame_digest", "frames_note", "image_part", "mark",
           "system_message", "unique_frames", "wants_cache_markers"]
