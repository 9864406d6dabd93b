"""Shared helpers for the primitive tests: the lab scene, and the success / refusal checks every primitive test uses."""
from __future__ import annotations

from interactiveworld.env import Environment
from interactiveworld.errors import ErrorCode
from interactiveworld.world import Scene
from interactiveworld.world.layouts.examples import lab

SCENE = Scene.from_dict(lab()).to_dict()  # canonical (settled) form: resets without re-placing objects


def lab_env() -> Environment:
    """A fresh state-only Environment on the lab scene."""
    e = Environment(render=False)
    e.reset(SCENE)
    return e


def ok(env: Environment, command: str):
    """Execute ``command``; it must succeed with an interval that ends on its result frame."""
    out = env.execute(command)
    assert out.ok, f"{command}: {out.error}"
    assert out.interval is not None and out.interval.keyframes
    assert "result" in out.interval.keyframes[-1].tags
    return out


def refused(env: Environment, command: str, code: ErrorCode):
    """Execute ``command``; it must be refused with ``code``, a message, no frames, and the world unchanged."""
    digest = env.state_digest()
    out = env.execute(command)
    assert not out.ok and out.error is not None, command
    assert out.error.code == code, f"{command}: {out.error}"
    assert out.interval is None and out.frames == []
    assert out.error.message
    assert env.state_digest() == digest  # a refusal leaves the world as it was
    return out
