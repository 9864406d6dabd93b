"""The capsule proxy rig (paper appendix B.1.2, "Proxy geometry"; DESIGN.md "Body").

17 capsules (pelvis, lower and upper spine, neck, collars, upper and lower arms, hands, thighs, shins, feet)
plus a head sphere (a capsule of zero length). Endpoints ride joints: each endpoint is a rest-pose point
expressed in its joint's frame, so the rig follows any pose of the skeleton. Radii come from the segment
girths of the body (metres). Contacts between adjacent segments are filtered; every other pair is checked.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import _core
from .model import BodyModel
from .skeleton import JOINT_COUNT, JOINT_INDEX


@dataclass(frozen=True)
class CapsuleSpec:
    """One capsule: endpoints (joint, rest point) and radius [m]."""

    name: str
    joint_a: str
    joint_b: str
    radius: float
    skip_floor: bool = False


def _specs() -> list[tuple[CapsuleSpec, tuple[str, tuple[float, float, float]], tuple[str, tuple[float, float, float]]]]:
    """(spec, endpoint a, endpoint b): each endpoint is (joint whose rest position is the anchor, extra offset
    in the model frame [m])."""
    z = (0.0, 0.0, 0.0)
    out = [
        (CapsuleSpec("pelvis", "pelvis", "pelvis", 0.09), ("left_hip", (0.0, 0.03, 0.0)), ("right_hip", (0.0, 0.03, 0.0))),
        (CapsuleSpec("spine_lower", "spine1", "spine2", 0.105), ("spine1", z), ("spine2", z)),
        (CapsuleSpec("spine_upper", "spine2", "spine3", 0.11), ("spine2", z), ("spine3", (0.0, 0.10, -0.01))),
        (CapsuleSpec("neck", "neck", "head", 0.05), ("neck", z), ("head", z)),
        (CapsuleSpec("collars", "left_collar", "right_collar", 0.06), ("left_shoulder", z), ("right_shoulder", z)),
    ]
    for side in ("left", "right"):
        sx = 1.0 if side == "left" else -1.0
        s = lambda n: f"{side}_{n}"  # noqa: E731
        out += [
            (CapsuleSpec(s("upper_arm"), s("shoulder"), s("elbow"), 0.045), (s("shoulder"), z), (s("elbow"), z)),
            (CapsuleSpec(s("lower_arm"), s("elbow"), s("wrist"), 0.037), (s("elbow"), z), (s("wrist"), z)),
            (CapsuleSpec(s("hand"), s("wrist"), s("wrist"), 0.033), (s("wrist"), (sx * 0.03, -0.005, 0.0)),
             (s("middle1"), (0.0, -0.005, 0.0))),
            (CapsuleSpec(s("thigh"), s("hip"), s("knee"), 0.07), (s("hip"), z), (s("knee"), z)),
            (CapsuleSpec(s("shin"), s("knee"), s("ankle"), 0.05), (s("knee"), z), (s("ankle"), z)),
            (CapsuleSpec(s("foot"), s("ankle"), s("foot"), 0.04, skip_floor=True), (s("ankle"), z),
             (s("foot"), (0.0, 0.0, 0.05))),
        ]
    out.append((CapsuleSpec("head", "head", "head", 0.10), ("head", (0.0, 0.065, 0.015)), ("head", (0.0, 0.065, 0.015))))
    return out


# Pairs whose contacts are filtered: segments meeting at a joint, and the torso parts around the shoulders and
# hips that touch in ordinary poses.
_ADJACENT = [
    ("pelvis", "spine_lower"), ("spine_lower", "spine_upper"), ("spine_upper", "neck"), ("spine_upper", "collars"),
    ("neck", "collars"), ("neck", "head"), ("head", "collars"), ("head", "spine_upper"),
] + [pair for side in ("left", "right") for pair in (
    ("collars", f"{side}_upper_arm"), ("spine_upper", f"{side}_upper_arm"), (f"{side}_upper_arm", f"{side}_lower_arm"),
    (f"{side}_lower_arm", f"{side}_hand"), ("pelvis", f"{side}_thigh"), ("spine_lower", f"{side}_thigh"),
    (f"{side}_thigh", f"{side}_shin"), (f"{side}_shin", f"{side}_foot"))]


class CapsuleRig:
    """The 18-primitive collision proxy of a :class:`BodyModel`.

    Attributes:
        names: capsule names, (18,) in order.
        radii: [m], shape (18,).
        adjacent: bool (18, 18), True where contacts are filtered.
        native: the ``_core.CapsuleRig``.
    """

    def __init__(self, model: BodyModel) -> None:
        specs = _specs()
        J = model.rest_joints
        self.names = [s.name for s, _, _ in specs]
        self.radii = np.array([s.radius for s, _, _ in specs])
        ja = np.array([JOINT_INDEX[s.joint_a] for s, _, _ in specs], np.int32)
        jb = np.array([JOINT_INDEX[s.joint_b] for s, _, _ in specs], np.int32)
        pa = np.array([J[JOINT_INDEX[a]] + off for _, (a, off), _ in specs])
        pb = np.array([J[JOINT_INDEX[b]] + off for _, _, (b, off) in specs])
        self.joint_a, self.joint_b = ja, jb
        self.offset_a, self.offset_b = pa - J[ja], pb - J[jb]
        self.skip_floor = np.array([s.skip_floor for s, _, _ in specs], np.uint8)
        C = len(specs)
        index = {n: i for i, n in enumerate(self.names)}
        adj = np.eye(C, dtype=bool)
        for a, b in _ADJACENT:
            adj[index[a], index[b]] = adj[index[b], index[a]] = True
        self.adjacent = adj
        self.native = _core.CapsuleRig(ja, jb, self.offset_a, self.offset_b, self.radii, self.skip_floor,
                                       (~adj).astype(np.uint8), JOINT_COUNT)

    @classmethod
    def for_model(cls, model: BodyModel) -> "CapsuleRig":
        """The rig of ``model`` (built once and cached on the model)."""
        if "capsule_rig" not in model._cache:
            model._cache["capsule_rig"] = cls(model)
        return model._cache["capsule_rig"]  # type: ignore[return-value]

    def __len__(self) -> int:
        return len(self.names)

    def endpoints(self, transforms: np.ndarray) -> np.ndarray:
        """World capsule endpoints (18, 2, 3) [m] from FK transforms (52, 4, 4)."""
        return self.native.endpoints(np.asarray(transforms, dtype=np.float64))
