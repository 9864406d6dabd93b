"""The SMPL+H kinematic tree and the built-in adult skeleton.

Conventions (paper appendix B.1.1): 52 joints (root, 21 body joints, 15 per hand), a 156-D axis-angle pose
``[root 3 | body 63 | left hand 45 | right hand 45]`` [rad]. Rest joints are given in the y-up model frame of
SMPL+H (x = the body's left, y = up, z = forward); the fixed world-from-model rotation :data:`Y_UP_TO_Z_UP`
(90 degrees about x) maps it to the z-up world, and the root translation [m] is applied after it.
"""
from __future__ import annotations

import numpy as np

JOINT_NAMES: list[str] = [
    "pelvis", "left_hip", "right_hip", "spine1", "left_knee", "right_knee", "spine2", "left_ankle",
    "right_ankle", "spine3", "left_foot", "right_foot", "neck", "left_collar", "right_collar", "head",
    "left_shoulder", "right_shoulder", "left_elbow", "right_elbow", "left_wrist", "right_wrist",
] + [f"{side}_{finger}{k}" for side in ("left", "right")
     for finger in ("index", "middle", "pinky", "ring", "thumb") for k in (1, 2, 3)]

# SMPL+H parents (DEPENDENCIES.md, the kintree_table row 0 of the model files).
PARENTS = np.array(
    [-1, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 12, 13, 14, 16, 17, 18, 19, 20, 22, 23, 20, 25, 26, 20, 28, 29,
     20, 31, 32, 20, 34, 35, 21, 37, 38, 21, 40, 41, 21, 43, 44, 21, 46, 47, 21, 49, 50], dtype=np.int32)

JOINT_COUNT = 52
POSE_SIZE = 3 * JOINT_COUNT
JOINT_INDEX = {name: i for i, name in enumerate(JOINT_NAMES)}
FINGERS = ("index", "middle", "pinky", "ring", "thumb")

# World-from-model rotation: +90 degrees about x maps SMPL's y-up to the z-up world (B.1.1).
Y_UP_TO_Z_UP = np.array([[1.0, 0.0, 0.0], [0.0, 0.0, -1.0], [0.0, 1.0, 0.0]])


def finger_joints(hand: str, finger: str) -> tuple[int, int, int]:
    """Indices of the three joints of one finger (``hand`` "left"/"right", ``finger`` in :data:`FINGERS`)."""
    if hand not in ("left", "right"):
        raise ValueError(f"hand must be 'left' or 'right', got {hand!r}")
    if finger not in FINGERS:
        raise ValueError(f"finger must be one of {FINGERS}, got {finger!r}")
    return tuple(JOINT_INDEX[f"{hand}_{finger}{k}"] for k in (1, 2, 3))  # type: ignore[return-value]


def _builtin_rest_joints() -> np.ndarray:
    """Rest joints [m] of an adult about 1.70 m tall in a T-pose, SMPL+H model frame (y-up, z forward).

    The sole is at y = -0.95 and the crown at y = +0.75; segment lengths follow adult anthropometric ratios
    (thigh 0.245 H, shin 0.235 H, upper arm 0.168 H, forearm 0.153 H with H the stature).
    """
    j = np.zeros((JOINT_COUNT, 3))
    left = {
        "hip": (0.085, -0.08, 0.0), "knee": (0.095, -0.495, 0.01), "ankle": (0.10, -0.895, -0.035),
        "foot": (0.11, -0.95, 0.095), "collar": (0.07, 0.42, -0.015), "shoulder": (0.175, 0.44, -0.02),
        "elbow": (0.46, 0.44, -0.03), "wrist": (0.72, 0.44, -0.03),
    }
    for side, sx in (("left", 1.0), ("right", -1.0)):
        for part, (x, y, z) in left.items():
            j[JOINT_INDEX[f"{side}_{part}"]] = (sx * x, y, z)
    j[JOINT_INDEX["pelvis"]] = (0.0, 0.0, 0.0)
    j[JOINT_INDEX["spine1"]] = (0.0, 0.10, -0.01)
    j[JOINT_INDEX["spine2"]] = (0.0, 0.23, 0.0)
    j[JOINT_INDEX["spine3"]] = (0.0, 0.29, 0.01)
    j[JOINT_INDEX["neck"]] = (0.0, 0.50, -0.01)
    j[JOINT_INDEX["head"]] = (0.0, 0.585, 0.03)
    # Fingers of the left hand relative to the wrist: palm down (-y), fingers along +x, thumb forward (+z).
    fingers = {
        "index": ((0.095, 0.0, 0.026), (0.040, 0.0, 0.0), (0.025, 0.0, 0.0)),
        "middle": ((0.100, 0.0, 0.006), (0.045, 0.0, 0.0), (0.028, 0.0, 0.0)),
        "pinky": ((0.085, -0.002, -0.036), (0.030, 0.0, 0.0), (0.020, 0.0, 0.0)),
        "ring": ((0.095, 0.0, -0.015), (0.040, 0.0, 0.0), (0.027, 0.0, 0.0)),
        "thumb": ((0.025, -0.012, 0.030), (0.030, -0.005, 0.020), (0.025, -0.003, 0.012)),
    }
    for side, sx in (("left", 1.0), ("right", -1.0)):
        wrist = j[JOINT_INDEX[f"{side}_wrist"]]
        for finger, steps in fingers.items():
            p = wrist.copy()
            for k, step in enumerate(steps, start=1):
                p = p + np.array([sx * step[0], step[1], step[2]])
                j[JOINT_INDEX[f"{side}_{finger}{k}"]] = p
    return j


BUILTIN_REST_JOINTS = _builtin_rest_joints()
