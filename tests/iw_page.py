"""A stand-in for the page in tests of the person agents: answers open turns on a channel from a thread.

:func:`ground_decision` is a person following guidance on the invoice task (tests/iw_taskpacks.py and the
built-in decision-05): it uses only what the Human's observation shows -- the Assistant's words, the handles
with their descriptions (category and position, never a price) and, when the page shows frames, the prices it
reads on the cards in them -- and maps the two instructions it can ground to commands.
"""
from __future__ import annotations

import re
import threading
import time
from typing import Any, Callable

from interactiveworld.web.person import Channel


PRINTED_ON = {"$39": "<invoice_card> (1)", "$41": "<invoice_card> (2)", "$45": "<invoice_card> (3)"}
"""The card each price is printed on, as a sighted person reads it in the frames (the test pack of
tests/iw_taskpacks.py and the built-in decision-05 print the same prices on cards 1-3); no text says it."""


def handle_for(handles: list[list[str]], said: str) -> str | None:
    """The handle the words identify by its description (a leading article dropped), else None."""
    for arg, desc in handles:
        name = re.sub(r"^(?:the|a|an) ", "", (desc or "").lower())
        if name and name in said.lower():
            return arg
    return None


def ground_decision(obs: dict[str, Any]) -> dict[str, str]:
    """A person's answer to a Human turn of the invoice task, from the observation alone: a card the Assistant
    names by its price is found in the frames (only a sighted person's page shows them), any other object by
    the words of its description."""
    said = obs.get("assistant_speech") or ""
    handles = obs.get("handles") or []
    price = re.search(r"\$\d+", said)
    if price and re.search(r"\b(pick up|grab)\b", said, re.I):
        card = PRINTED_ON.get(price.group(0)) if obs.get("frames") else None
        card = card if card in [a for a, _ in handles] else handle_for(handles, said)
        return {"action": f"[Grab] {card}", "speak": "Got it."} if card else {"action": "", "speak": "Which card?"}
    if "approval desk" in said.lower():
        desk = next((a for a, d in handles if "approval desk" in (d or "").lower()), None)
        held = obs.get("held")
        return {"action": f"[Put] {held} {desk}" if held else "", "speak": "" if held else "Which card?"}
    return {"action": "", "speak": ""}


class PageBot:
    """Answers every open turn of ``channel`` with ``answer(turn_event)`` until stopped.

    Attributes:
        asked: the turn events it answered, in order.
        errors: ValueError messages the channel returned for its answers.
    """

    def __init__(self, channel: Channel, answer: Callable[[dict[str, Any]], dict[str, Any] | None]):
        self.channel, self.answer = channel, answer
        self.asked: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> "PageBot":
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._stop.set()
        self._thread.join(5)

    def _run(self) -> None:
        answered = None
        while not self._stop.is_set():
            turn = self.channel.pending
            if turn is not None and turn["turn"] != answered:
                reply = self.answer(turn)
                if reply is None:  # leave this turn open
                    time.sleep(0.01)
                    continue
                try:
                    self.channel.answer(turn["turn"], reply)
                    self.asked.append(turn)
                    answered = turn["turn"]
                except ValueError as exc:
                    self.errors.append(str(exc))
            time.sleep(0.002)
