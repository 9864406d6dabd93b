// Cyclic coordinate descent (CCD) arm inverse kinematics over collar, shoulder and elbow
// (paper appendix B.2.2, "Body posture and arm IK": <= 28 iterations, 1 mm end-effector target).
#pragma once
#include "iw/kinematics.hpp"

namespace iw {

struct ArmChain {
  int collar = 13, shoulder = 16, elbow = 18, wrist = 20;
  Vec3 elbow_axis{0, -1, 0};  // hinge axis in the elbow's local frame (unit)
  double elbow_min = 0.0;     // hinge angle limits [rad] (flexion positive)
  double elbow_max = 2.5;
  double collar_max = 0.35;   // largest collar rotation from rest [rad]
  Vec3 effector;              // end-effector point in the wrist frame [m] (the palm centre)
};

struct CcdResult {
  double error = 0.0;  // final effector-to-target distance [m]
  int iterations = 0;  // iterations used
};

// Largest accepted iteration count (the paper's solver uses 28; this only bounds runaway requests).
constexpr int kMaxCcdIterations = 10000;

// Solves in place: pose (3J) is read as the start and receives the solution. Only the collar, shoulder and
// elbow entries change. Throws std::out_of_range on chain indices outside [0, J) and std::invalid_argument on a
// non-finite pose, translation, target, effector or elbow axis, a zero elbow axis, elbow limits that are not finite
// with min <= max, a negative or non-finite collar_max, max_iterations outside [0, kMaxCcdIterations], a tolerance
// that is not finite and > 0, or a non-chain (all checked once, before iterating).
CcdResult ccd_reach(const Skeleton& sk, double* pose, const Vec3& translation, const ArmChain& arm, const Vec3& target,
                    int max_iterations = 28, double tolerance = 1e-3);

// The rotation taking direction u to direction v (both non-zero) by the shortest arc.
Mat3 rotation_between(const Vec3& u, const Vec3& v);

}  // namespace iw
