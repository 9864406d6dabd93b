"""The executor's side of the physics: the body's capsules in the simulation, settling with keyframes, and the
physical pushing of objects the body brushes on its way (paper appendix B.1.1-B.1.2).

The human stays kinematic: its proxy capsules (:class:`~interactiveworld.body.CapsuleRig`) are mocap bodies of
the simulation, placed from the body pose of each keyframe. Where a keyframe's capsules reach an object's box,
the simulation is stepped across the command's keyframes with the capsules moving between them, so whatever the
body brushes is pushed physically; the objects' simulated poses are written into those keyframes. Objects the
command handles on purpose (its entity arguments) do not feel the body while it acts on them.
"""
from __future__ import annotations

import numpy as np

from ...body import CapsuleRig
from ...world.motion import Keyframe
from ...world.physics import STEP_HZ, SettleReport
from .context import ActionContext

__all__ = ["body_capsules", "sweep_body", "settle", "frames_to_keyframes", "NEAR_BODY_M", "MAX_FALL_FRAMES"]

NEAR_BODY_M = 1.3
"""Keyframes whose body root is farther than this [m] (horizontally) from every object box cannot touch one
(arm's length plus a lean), so their capsules are not computed."""
MAX_FALL_FRAMES = 90
"""At most this many settle frames (1/60 s each) become keyframes of a command (1.5 s of a fall)."""
KEYFRAME_DT = 1.0 / 12.0
"""Body keyframe spacing [s] (12 fps, DESIGN.md "Gait")."""


def body_capsules(ex: ActionContext, pose: np.ndarray, translation: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Capsule end points (N, 2, 3) [m] and radii (N,) [m] of the body at ``pose`` (156,), ``translation`` (3,)."""
    model = ex.motion.model
    rig = CapsuleRig.for_model(model)
    return rig.endpoints(model.forward_kinematics(pose, translation)), rig.radii


ARM_CAPSULES = ("left_upper_arm", "left_lower_arm", "left_hand", "right_upper_arm", "right_lower_arm", "right_hand")
"""Capsules of the arms (:class:`~interactiveworld.body.capsules.CapsuleRig` names)."""


def pushing_capsules(ex: ActionContext, *, arms: bool = True) -> np.ndarray:
    """bool (N,): the capsules that push objects: all but the feet (which stand on the floor and would squeeze
    flat objects into it); without ``arms``, not the arms either (:data:`ARM_CAPSULES`)."""
    rig = CapsuleRig.for_model(ex.motion.model)
    active = rig.skip_floor == 0
    return active if arms else active & ~np.isin(rig.names, ARM_CAPSULES)


def sweep_body(ex: ActionContext, frames: list[Keyframe], ghosts) -> None:
    """Push physically whatever the body's capsules meet along ``frames`` (the command's keyframes, each with the
    body the world feels: :meth:`Keyframe.contact_body`), then leave the capsules at the final pose.
    ``ghosts``: keys the body handles on purpose (they do not feel it).

    Only keyframes whose capsule boxes reach an object's box are simulated (the capsules glide to them from the
    previous keyframe, placed anew at every simulation step); they get the pushed objects' simulated poses in
    ``object_poses``. What is still moving afterwards comes to rest in the command's final settle.

    A keyframe whose felt body is not the drawn one (walking, turning in place, a label held up: the world feels
    the standing pose) pushes with the legs and trunk only: the arms hang at the sides and give way to what they
    brush, as a person turning beside a table does not sweep it clear."""
    world = ex.physics
    world.set_ghosts(ghosts)
    h = ex.scene.human
    if h.body_pose is None:
        return
    _, lo, hi = world.object_boxes()
    if len(lo) and frames:
        roots = np.array([kf.contact_body()[1][:2] for kf in frames])
        gap = np.maximum(np.maximum(lo[None, :, :2] - roots[:, None], roots[:, None] - hi[None, :, :2]), 0.0)
        near = np.nonzero((np.linalg.norm(gap, axis=2) <= NEAR_BODY_M).any(axis=1))[0]
        sub = max(1, int(round(KEYFRAME_DT * STEP_HZ)))
        prev = None
        for i in near:
            kf = frames[i]
            ends, radii = body_capsules(ex, *kf.contact_body())
            clo = np.minimum(ends[:, 0], ends[:, 1]) - radii[:, None]
            chi = np.maximum(ends[:, 0], ends[:, 1]) + radii[:, None]
            feel = pushing_capsules(ex, arms=kf.contact_pose is None)
            if not world.objects_touched_by(clo[feel], chi[feel]):
                prev = (i, ends)
                continue
            start = prev[1] if prev is not None and prev[0] == i - 1 else \
                body_capsules(ex, *frames[max(i - 1, 0)].contact_body())[0]
            moved: dict[str, np.ndarray] = {}
            for f in world.glide_capsules(start, ends, radii, feel, frames=sub).frames:
                moved.update(f)
            for k, p in moved.items():
                kf.object_poses.setdefault(k, p)
            prev = (i, ends)
            _, lo, hi = world.object_boxes()
    ends, radii = body_capsules(ex, h.body_pose, h.body_translation)
    world.set_body_capsules(ends, radii, pushing_capsules(ex))


def frames_to_keyframes(ex: ActionContext, report: SettleReport) -> None:
    """Append the settle's frames (every other one, at most :data:`MAX_FALL_FRAMES`) as keyframes showing the
    moving objects; the gaze of the last body keyframe holds."""
    frames = report.frames[:MAX_FALL_FRAMES]
    gaze = ex.frames[-1].gaze_target if ex.frames else None  # the body is still: the eyes stay where they were
    for i, f in enumerate(frames):
        if i % 2 == 1 and i != len(frames) - 1:
            continue
        ex.keyframe(object_poses=dict(f), dt=2.0 / STEP_HZ, gaze=gaze)


def settle(ex: ActionContext, *, keyframes: bool = True) -> SettleReport:
    """Settle the world now (after the hand let go of something or moved it) and, with ``keyframes``, show the
    motion in the command's frames. The body's capsules stay where the body is."""
    h = ex.scene.human
    if h.body_pose is not None:
        ends, radii = body_capsules(ex, h.body_pose, h.body_translation)
        ex.physics.set_body_capsules(ends, radii, pushing_capsules(ex))
    report = ex.physics.settle(record=keyframes)
    if keyframes and report.frames:
        frames_to_keyframes(ex, report)
    ex.motion.invalidate()
    return report
