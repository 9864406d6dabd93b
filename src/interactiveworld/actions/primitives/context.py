"""What a primitive handler may use of the command it runs in: the handlers' view of the executor.

Each handler is ``handler(ctx, goal) -> None | PrimitiveError`` with ``ctx`` an :class:`ActionContext`. The
:class:`~interactiveworld.actions.executor.Executor` implements it (structurally: it does not import this module)
and imports the handler registry (:mod:`interactiveworld.actions.primitives`); the handler modules never import
the executor, so the arrows run one way: executor -> registry -> handlers -> this interface.
"""
from __future__ import annotations

from typing import Protocol

from ...world.motion import Keyframe
from ...world.physics import PhysicsWorld
from ...world.scene import Scene
from .motion import KeyframeRecorder, Motion

__all__ = ["ActionContext", "KeyframeRecorder"]


class ActionContext(KeyframeRecorder, Protocol):
    """The command a handler runs in.

    Attributes:
        scene: the live world, changed in place (the executor restores it when the command fails).
        physics: the MuJoCo simulation following ``scene`` (settling, support depths, the body's capsules).
        motion: the body that acts: stance, route, gait, reach, grasp and posture animations.
        frames: the keyframes recorded so far in this command (12 fps body frames); appended by
            :meth:`~KeyframeRecorder.keyframe`.
    """

    scene: Scene
    physics: PhysicsWorld
    motion: Motion
    frames: list[Keyframe]
