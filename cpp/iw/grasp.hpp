// Finger wrapping against an object's voxel SDF (paper appendix B.2.2, "Hand adaptation"; DESIGN.md "Grasp
// family"): fingers curl in 6-degree steps until a valid contact, a contact being valid within a 6 mm band of
// the surface with at most 4 mm penetration.
#pragma once
#include "iw/kinematics.hpp"
#include "iw/sdf.hpp"

namespace iw {

struct FingerChain {
  int joints[3] = {0, 0, 0};  // proximal, middle, distal
  Vec3 axis;                  // flexion axis in each joint's local frame (unit)
  Vec3 tip;                   // fingertip in the distal joint's frame [m]
  double radius = 0.009;      // finger radius [m]
};

struct HandSpec {
  int wrist = 21;
  FingerChain fingers[5];
};

struct GraspParams {
  double step = 6.0 * M_PI / 180.0;   // curl increment [rad]
  double max_angle = 1.57;            // per-joint curl limit [rad]
  double band = 0.006;                // contact band above the surface [m]
  double max_penetration = 0.004;     // deepest accepted contact [m]
  int refine = 8;                     // bisection steps inside the step that crossed the band
};

struct FingerResult {
  double angle = 0.0;     // curl applied to each joint [rad]
  bool contact = false;   // valid contact found
  double distance = 0.0;  // signed finger-surface clearance at `angle` [m]
};

// Number of curl samples 0, step, 2 step, ... up to max_angle.
int curl_step_count(const GraspParams& p);

// Signed clearance [m] of one finger at a curl angle: the minimum over 7 points along the finger of the
// object SDF minus the finger radius. wrist_world: the wrist joint's world transform; pose: the 3J prototype pose
// whose finger rotations the curl is applied after; object_from_world maps world points into the SDF's frame.
double finger_clearance(const Skeleton& sk, const double* pose, const Rigid& wrist_world, const FingerChain& f,
                        double angle, const VoxelSDF& sdf, const Rigid& object_from_world);

// Curls each of the 5 fingers independently (see file comment).
void curl_fingers(const Skeleton& sk, const double* pose, const Rigid& wrist_world, const HandSpec& hand,
                  const VoxelSDF& sdf, const Rigid& object_from_world, const GraspParams& params, FingerResult* out);

// The table the batched Warp kernel reproduces: clearance for P wrist transforms x 5 fingers x S curl steps,
// out (P, 5, S).
void finger_clearance_table(const Skeleton& sk, const double* pose, const Rigid* wrists, int wrist_count,
                            const HandSpec& hand, const VoxelSDF& sdf, const Rigid& object_from_world,
                            const GraspParams& params, double* out);

}  // namespace iw
