"""What one executed command did over time: the frame interval handed to the renderer.

The executor records a :class:`Keyframe` per gait/animation frame (12 fps, DESIGN.md "Gait");
the renderer samples an :class:`Interval` down to N frames per command, always keeping the frames
tagged ``"result"`` and ``"look_hold"`` (paper appendix C.2.1, "Frame selection").
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

RESULT = "result"
LOOK_HOLD = "look_hold"


@dataclass
class Keyframe:
    """The body and the moving parts of the world at one instant.

    Attributes:
        time_s: seconds since the start of the interval.
        body_translation: root (pelvis) position [m], shape (3,), float64.
        body_pose: SMPL+H axis-angle pose [rad], shape (156,), float64 (root 3, body 63, hands 2x45).
        object_poses: entity key -> world-from-object transform (4, 4) for objects that differ from
            the world's current pose at this instant (held or moving objects).
        articulation: entity key -> joint opening fraction in [0, 1] (doors, drawers, lids).
        gaze_target: optional world point [m] the head camera looks at, shape (3,).
        tags: markers such as ``"result"`` (the command's final state) and ``"look_hold"``.
        contact_translation, contact_pose: the body the world feels at this instant, when it differs from the one
            drawn (walking: the standing pose over the same floor point, so what the body brushes on its way does
            not depend on the gait cycle); None: the drawn body.
    """

    time_s: float
    body_translation: np.ndarray
    body_pose: np.ndarray
    object_poses: dict[str, np.ndarray] = field(default_factory=dict)
    articulation: dict[str, float] = field(default_factory=dict)
    gaze_target: np.ndarray | None = None
    tags: frozenset[str] = frozenset()
    contact_translation: np.ndarray | None = None
    contact_pose: np.ndarray | None = None

    def contact_body(self) -> tuple[np.ndarray, np.ndarray]:
        """(pose (156,), translation (3,)) of the body the world feels (see ``contact_pose``)."""
        if self.contact_pose is None or self.contact_translation is None:
            return self.body_pose, self.body_translation
        return self.contact_pose, self.contact_translation


@dataclass
class Interval:
    """The keyframes of one executed command, in time order."""

    command: str
    keyframes: list[Keyframe] = field(default_factory=list)

    @property
    def duration_s(self) -> float:
        return self.keyframes[-1].time_s if self.keyframes else 0.0
