"""The kinematic SMPL+H-shaped human: forward kinematics, skinning, the capsule proxy rig and pose checks.

Conventions: world z-up, metres, radians; poses are 156-D axis-angle vectors (paper appendix B.1.1), root
translation separate; signed distances are negative inside geometry.
"""
from .capsules import CapsuleRig
from .collider import (CONTACT_REGION_RADIUS, CollisionReport, HeldObject, SceneCollider, check_pose,
                       check_poses)
from .model import (BodyModel, BodyModelError, axis_angle_to_matrix, body_model_identity, load_body_model,
                    matrix_to_axis_angle)
from .posture import head_camera, heading_root_orient, look_at, relaxed_body_pose, standing_pose
from .skeleton import FINGERS, JOINT_COUNT, JOINT_INDEX, JOINT_NAMES, PARENTS, POSE_SIZE, Y_UP_TO_Z_UP

__all__ = [
    "CapsuleRig", "CONTACT_REGION_RADIUS", "CollisionReport", "HeldObject", "SceneCollider", "check_pose", "check_poses",
    "BodyModel", "BodyModelError", "body_model_identity", "load_body_model", "look_at", "axis_angle_to_matrix",
    "matrix_to_axis_angle", "head_camera", "heading_root_orient",
    "relaxed_body_pose", "standing_pose", "FINGERS", "JOINT_COUNT", "JOINT_INDEX", "JOINT_NAMES", "PARENTS",
    "POSE_SIZE", "Y_UP_TO_Z_UP",
]
