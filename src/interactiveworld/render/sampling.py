"""Frame selection (paper appendix C.2.1 "Frame selection"; DESIGN.md "Frames").

Each executed command is one :class:`~interactiveworld.world.motion.Interval`. It is sampled to N
frames (4 by default), uniformly in time, always keeping the command's result frame (tagged
``"result"``; the last keyframe when none is tagged) and, for LookAt, the ``"look_hold"`` frame, so
the readable cue is not replaced by the release frame. The Assistant sees at most 32 images per
turn: the 8 most recent plus 24 sampled uniformly from the older history.
"""
from __future__ import annotations

import numpy as np

from ..world.motion import LOOK_HOLD, RESULT, Interval

FRAMES_PER_COMMAND = 4
MAX_ASSISTANT_IMAGES = 32
RECENT_IMAGES = 8


def sample_interval(interval: Interval, n: int = FRAMES_PER_COMMAND) -> list[int]:
    """Indices of the keyframes to render for one command, in time order.

    Pinned frames (every ``"result"`` frame, or the last keyframe when none is tagged, and every
    ``"look_hold"`` frame) are always kept, even if that makes more than ``n``. The other slots go to
    ``n`` targets spread uniformly over ``[0, duration]``: each pinned frame takes the target nearest
    to it, and every remaining target takes the nearest keyframe not chosen yet.

    Raises:
        ValueError: ``n < 1``.
    """
    if n < 1:
        raise ValueError(f"sample_interval: n must be at least 1, got {n}")
    kfs = interval.keyframes
    if not kfs:
        return []
    times = np.array([k.time_s for k in kfs], np.float64)
    pinned = [i for i, k in enumerate(kfs) if RESULT in k.tags]
    if not pinned:
        pinned = [len(kfs) - 1]
    pinned += [i for i, k in enumerate(kfs) if LOOK_HOLD in k.tags and i not in pinned]
    if len(kfs) <= n:
        return list(range(len(kfs)))
    targets = list(np.linspace(times[0], times[-1], n))
    for i in pinned:
        if targets:
            targets.pop(int(np.argmin([abs(t - times[i]) for t in targets])))
    chosen = set(pinned)
    for t in targets:
        free = np.array([i for i in range(len(kfs)) if i not in chosen])
        if len(free) == 0:
            break
        chosen.add(int(free[np.argmin(np.abs(times[free] - t))]))
    return sorted(chosen)


def select_assistant_frames(frame_refs: list, *, max_images: int = MAX_ASSISTANT_IMAGES,
                            recent: int = RECENT_IMAGES) -> list:
    """The frames shown to the Assistant in one turn, in chronological order.

    At most ``max_images``: when there are more, the ``recent`` most recent are kept and
    ``max_images - recent`` are sampled uniformly from the older ones (paper section 4, appendix C.2.1).

    Raises:
        ValueError: ``recent`` outside ``[0, max_images]``.
    """
    if max_images < 0 or not 0 <= recent <= max_images:
        raise ValueError(f"select_assistant_frames: need 0 <= recent <= max_images, got {recent}, {max_images}")
    refs = list(frame_refs)
    if len(refs) <= max_images:
        return refs
    older, latest = refs[: len(refs) - recent], refs[len(refs) - recent:]
    k = max_images - recent
    picks = np.round(np.linspace(0, len(older) - 1, k)).astype(int) if k > 0 else np.zeros(0, int)
    return [older[i] for i in picks] + latest
