// Capsule proxy rig against scene geometry (paper appendix B.1.2, "Proxy geometry", "Shared collision world").
//
// A rig is a list of capsules whose endpoints ride joints of a Skeleton; the scene is a set of oriented boxes
// (exact signed distance) and voxel SDFs (one per owner of mesh geometry). Distances in metres, negative when
// penetrating. Owner indices refer to the caller's list of entity keys; -1 is anonymous geometry.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "iw/kinematics.hpp"
#include "iw/sdf.hpp"

namespace iw {

struct Capsule {
  int joint_a = 0, joint_b = 0;  // endpoints ride these joints
  Vec3 offset_a, offset_b;       // endpoint offsets in the joint frames [m]
  double radius = 0.05;          // [m]
  bool skip_floor = false;       // feet stand on the floor
};

struct CapsuleRig {
  std::vector<Capsule> capsules;
  std::vector<std::uint8_t> self_check;  // (C*C) 1 where a non-adjacent pair is checked against each other
  void validate(int joint_count) const;
  // World endpoints (a, b) of every capsule from FK transforms.
  void endpoints(const Rigid* transforms, Vec3* a, Vec3* b) const;
};

struct SceneBox {
  Rigid box_from_world;
  Vec3 half;
  Aabb world_box;
  int owner = -1;
  bool floor = false;
};

struct SceneField {
  std::shared_ptr<const VoxelSDF> sdf;
  Aabb world_box;  // the mesh bounds (grid bounds minus padding)
  int owner = -1;
  bool floor = false;
};

// Throws std::invalid_argument for a non-finite or non-rigid transform (rotation orthonormal within 1e-4) or half
// extents that are negative or not finite.
void validate_box(const Rigid& world_from_box, const Vec3& half);

struct Scene {
  std::vector<SceneBox> boxes;
  std::vector<SceneField> fields;
  // Throws std::invalid_argument as validate_box.
  void add_box(const Rigid& world_from_box, const Vec3& half, int owner, bool floor);
  // Throws std::invalid_argument for a null field or non-finite bounds.
  void add_field(std::shared_ptr<const VoxelSDF> sdf, const Aabb& mesh_box, int owner, bool floor);
};

// Signed distance [m] from p to an oriented box (exact; negative inside).
double box_signed_distance(const SceneBox& box, const Vec3& p);
// Closest distance between segments p0p1 and q0q1.
double segment_segment_distance(const Vec3& p0, const Vec3& p1, const Vec3& q0, const Vec3& q1);

struct CheckOptions {
  std::vector<std::uint8_t> allowed_owner;  // indexed by owner; 1 = contacts with it are allowed
  bool has_region = false;                  // contacts whose scene point lies in this ball are allowed
  Vec3 region_centre;
  double region_radius = 0.0;
  double tolerance = 0.0;                   // clearance above -tolerance counts as free [m]
  bool self_collision = true;
  // Held object: points in the holding joint's frame checked against the scene (no radius).
  int held_joint = -1;
  std::vector<Vec3> held_points;
};

struct CheckResult {
  bool ok = true;
  int capsule = -1;      // offending capsule, or -1 for the held object
  int other = -1;        // owner index of the scene geometry; -1 anonymous
  int other_capsule = -1;  // >= 0 for a self-collision (then other == -2)
  double clearance = 1e300;  // worst clearance found [m] (refined; negative = penetration depth)
};

// Checks one posed rig. A capsule-primitive pair is first proven clear by sphere tracing along the axis (its
// clearance is then only an upper bound); otherwise it is sampled at <= r/2 spacing and the worst contact refined
// by golden-section search (boxes: the distance is convex along the axis, so the result is exact; SDFs: local
// refinement around the worst sample). The reported pair is the deepest one.
CheckResult check_rig(const CapsuleRig& rig, const Rigid* transforms, const Scene& scene, const CheckOptions& opt);

// Batched: FK + check for B poses; threads split the batch. Throws std::invalid_argument for poses or
// translations that validate_pose_batch rejects, a rig that does not fit the skeleton, or a held joint out of range.
void check_poses(const Skeleton& sk, const CapsuleRig& rig, const Scene& scene, const CheckOptions& opt,
                 const double* poses, const double* translations, std::size_t batch, CheckResult* out,
                 int threads = 0);

// Minimal clearance [m] of every capsule against the scene (no allow-list, no refinement cut-off): (C,) values,
// the independent quantity tests compare with exact capsule-box distances.
void capsule_clearances(const CapsuleRig& rig, const Rigid* transforms, const Scene& scene, double* out);

}  // namespace iw
