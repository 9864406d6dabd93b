"""Standing poses and the head camera frame.

World frame z-up, metres; yaw [rad] about +z with 0 facing +x (paper appendix B.1.1: the y-up model is mapped
to the z-up world by a fixed 90-degree rotation about x, so a heading is a rotation about the model's y axis).
"""
from __future__ import annotations

import math

import numpy as np

from .model import BodyModel, axis_angle_to_matrix, matrix_to_axis_angle
from .skeleton import JOINT_INDEX, POSE_SIZE, Y_UP_TO_Z_UP

# Relaxed arms: the T-pose arm lowered 72 degrees at the shoulder, elbow bent 12 degrees forward (rad).
ARM_DOWN_DEG = 72.0
ELBOW_BEND_DEG = 12.0


def _relaxed() -> np.ndarray:
    pose = np.zeros(POSE_SIZE)
    for side, s in (("left", 1.0), ("right", -1.0)):
        pose[3 * JOINT_INDEX[f"{side}_shoulder"] + 2] = -s * np.radians(ARM_DOWN_DEG)
        pose[3 * JOINT_INDEX[f"{side}_elbow"] + 1] = -s * np.radians(ELBOW_BEND_DEG)
    pose.flags.writeable = False
    return pose


_RELAXED = _relaxed()


def relaxed_body_pose() -> np.ndarray:
    """A neutral standing pose with zero root orientation, shape (156,) [rad]: arms by the sides (a new array)."""
    return _RELAXED.copy()


def heading_root_orient(yaw: float) -> np.ndarray:
    """Root axis-angle (3,) [rad] that faces the model's +z along world heading ``yaw`` (0 = +x)."""
    # World forward of the zero pose is up @ (0,0,1) = -y; turning by yaw + pi/2 about world z brings it to
    # (cos yaw, sin yaw, 0). World z is the model's y, so the root rotates about model y.
    return np.array([0.0, float(yaw) + np.pi / 2, 0.0])


def _sole_offset(model: BodyModel) -> float:
    """Height [m] of the root translation above the floor for the relaxed pose: the lowest point of the support
    mesh (:meth:`BodyModel.skin_support`), cached per model."""
    key = "sole_offset"
    if key not in model._cache:
        verts = model.skin_support(relaxed_body_pose(), np.zeros(3))
        model._cache[key] = -float(verts[:, 2].min())
    return model._cache[key]  # type: ignore[return-value]


def standing_pose(model: BodyModel, xy, yaw: float, *, floor_z: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """Pose and translation of a person standing with the pelvis above ``xy`` facing ``yaw``, soles on the floor.

    Args:
        model: the body.
        xy: pelvis position on the floor plane [m], shape (2,).
        yaw: heading [rad] about +z, 0 = facing +x.
        floor_z: floor height [m].
    Returns:
        (pose (156,) float64 [rad], translation (3,) float64 [m]).
    Raises:
        ValueError: non-finite or wrongly shaped input.
    """
    xy = np.asarray(xy, dtype=np.float64).reshape(-1)
    if xy.shape != (2,) or not np.all(np.isfinite(xy)):
        raise ValueError(f"xy: expected 2 finite values [m], got {np.asarray(xy).shape}")
    if not np.isfinite(yaw) or not np.isfinite(floor_z):
        raise ValueError("yaw and floor_z must be finite")
    pose = relaxed_body_pose()
    pose[:3] = heading_root_orient(yaw)
    pelvis = Y_UP_TO_Z_UP @ model.rest_joints[0]
    translation = np.array([xy[0] - pelvis[0], xy[1] - pelvis[1], floor_z + _sole_offset(model)])
    return pose, translation


def head_camera(model: BodyModel, pose, translation) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Egocentric camera frame from the head joint.

    Returns (eye (3,) [m], forward (3,) unit, up (3,) unit) in the world; the eye sits at the model's
    ``eye_offset`` in the head joint frame, forward is the head's +z (face) axis, up its +y axis.
    """
    tf = model.forward_kinematics(pose, translation)
    if tf.ndim != 3:
        raise ValueError("head_camera: expected a single pose (156,), not a batch")
    head = tf[JOINT_INDEX["head"]]
    R = head[:3, :3]
    eye = R @ model.eye_offset + head[:3, 3]
    forward = R[:, 2] / np.linalg.norm(R[:, 2])
    up = R[:, 1] - np.dot(R[:, 1], forward) * forward
    return eye, forward, up / np.linalg.norm(up)


MAX_GAZE_TURN = np.radians(65.0)  # largest head-and-neck turn from the torso's gaze [rad]


def look_at(model: BodyModel, pose, translation, point, *, max_turn: float = MAX_GAZE_TURN) -> np.ndarray:
    """Pose (156,) with the neck and head turned so the head camera looks at ``point`` (3,) [m].

    The turn is split evenly between neck and head and limited to ``max_turn`` [rad] in total, so a target at the
    hands (reaching, holding) stays in the egocentric view. Raises ValueError on non-finite input.
    """
    point = np.asarray(point, dtype=np.float64).reshape(-1)
    if point.shape != (3,) or not np.all(np.isfinite(point)):
        raise ValueError(f"point: expected 3 finite values [m], got {np.asarray(point).shape}")
    if not (math.isfinite(max_turn) and max_turn >= 0):
        raise ValueError(f"max_turn must be finite and >= 0 [rad], got {max_turn!r}")
    out = np.array(pose, dtype=np.float64)
    neck, head = JOINT_INDEX["neck"], JOINT_INDEX["head"]
    out[3 * neck: 3 * neck + 3] = 0.0
    out[3 * head: 3 * head + 3] = 0.0
    for _ in range(2):  # the eye moves as the head turns: a second pass settles it
        eye, forward, _ = head_camera(model, out, translation)
        want = point - eye
        n = np.linalg.norm(want)
        if n < 1e-6:
            break
        want /= n
        axis = np.cross(forward, want)
        s, c = np.linalg.norm(axis), float(np.dot(forward, want))
        angle = np.arctan2(s, c)
        if s < 1e-9 or angle < 1e-6:
            break
        tf = model.forward_kinematics(out, translation)
        turned = _turn_total(out, neck, head)
        angle = min(angle, max(0.0, max_turn - turned))
        if angle <= 1e-9:
            break
        for j in (neck, head):  # half each, expressed in the joint's parent frame
            Rp = tf[model.parents[j], :3, :3]
            local = axis_angle_to_matrix(out[3 * j: 3 * j + 3])
            delta = axis_angle_to_matrix(axis / s * (angle / 2))
            out[3 * j: 3 * j + 3] = matrix_to_axis_angle(Rp.T @ delta @ Rp @ local)
            tf = model.forward_kinematics(out, translation)
    return out


def _turn_total(pose: np.ndarray, neck: int, head: int) -> float:
    return float(np.linalg.norm(pose[3 * neck: 3 * neck + 3]) + np.linalg.norm(pose[3 * head: 3 * head + 3]))
