"""Tiny scripted policies for loop tests: replay fixed outputs, record what they were shown."""
from __future__ import annotations

from interactiveworld.agents.base import AgentTransportError, AssistantTurn, HumanTurn
from interactiveworld.agents.protocol import parse_assistant, parse_human, render_human


class ListAssistant:
    """Replies with the given raw outputs in order, then ``silent``; records every observation."""

    polled = True

    def __init__(self, outputs, name="list-assistant", fail_at=None, crash_at=None):
        self.outputs = list(outputs)
        self.name = name
        self.seen = []
        self.fail_at = fail_at
        self.crash_at = crash_at

    def reset(self, protocol):
        self.i = 0

    def act(self, obs):
        self.seen.append(obs)
        if self.fail_at is not None and obs.tick == self.fail_at:
            raise AgentTransportError("connection refused after 4 attempts")
        if self.crash_at is not None and obs.tick == self.crash_at:
            raise KeyError("bug in a policy")
        raw = self.outputs[self.i] if self.i < len(self.outputs) else "silent"
        self.i += 1
        return AssistantTurn(parse_assistant(raw))


class ListHuman:
    """Replies with (action, speak) pairs in order, then nothing; records every observation."""

    name = "list-human"

    def __init__(self, replies):
        self.replies = list(replies)
        self.seen = []

    def reset(self, protocol):
        self.i = 0

    def act(self, obs):
        self.seen.append(obs)
        action, speak = self.replies[self.i] if self.i < len(self.replies) else ("", "")
        self.i += 1
        return HumanTurn(parse_human(render_human("scripted", action, speak)))
