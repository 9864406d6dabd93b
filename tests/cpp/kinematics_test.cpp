// Forward kinematics and skinning on a hand-worked two-joint chain.
#include "body_check.hpp"
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <vector>

#include "iw/kinematics.hpp"

using namespace iw;

static bool near(double a, double b, double tol = 1e-12) { return std::abs(a - b) <= tol; }

int main() {
  Skeleton sk;
  sk.parents = {-1, 0, 1};
  sk.rest_joints = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(2, 0, 0)};
  sk.validate();
  // Joint 1 turns 90 degrees about z: joint 2 moves from (2,0,0) to (1,1,0).
  double pose[9] = {0, 0, 0, 0, 0, M_PI / 2, 0, 0, 0};
  Rigid tf[3];
  forward_kinematics(sk, pose, Vec3(0.5, 0, 0), tf);
  IW_CHECK(near(tf[2].t.x, 1.5) && near(tf[2].t.y, 1.0) && near(tf[2].t.z, 0.0));
  // Skinning a vertex rigidly bound to joint 1 at (1.5, 0, 0) -> (1.5, 0.5, 0) + translation.
  const double v[3] = {1.5, 0, 0};
  double w[3] = {0, 1, 0}, out[3];
  linear_blend_skinning(sk, tf, v, 1, w, out);
  IW_CHECK(near(out[0], 1.5) && near(out[1], 0.5) && near(out[2], 0.0));
  // Rodrigues and its inverse round-trip.
  const Vec3 aa(0.3, -1.1, 0.7);
  const Vec3 back = log_rotation(rodrigues(aa));
  IW_CHECK(near(back.x, aa.x, 1e-12) && near(back.y, aa.y, 1e-12) && near(back.z, aa.z, 1e-12));
  // Bad input is reported, not crashed on.
  double bad[9] = {0, NAN, 0, 0, 0, 0, 0, 0, 0}, tr[3] = {0, 0, 0}, buf[48];
  bool threw = false;
  try {
    forward_kinematics_batch(sk, bad, tr, 1, buf);
  } catch (const std::invalid_argument&) {
    threw = true;
  }
  IW_CHECK(threw);
  Skeleton broken = sk;
  broken.parents = {-1, 2, 0};
  threw = false;
  try {
    broken.validate();
  } catch (const std::invalid_argument&) {
    threw = true;
  }
  IW_CHECK(threw);
  // Weights with more joint columns than the skeleton has are refused before any transform is read.
  const double w4[8] = {0, 0, 0, 1, 0, 0, 0, 1};
  const SkinWeights wide = SkinWeights::from_dense(w4, 2, 4);
  IW_CHECK(wide.joint_count == 4);
  std::vector<double> tf16(16 * sk.joint_count(), 0.0), verts(6, 0.0), skinned(6, 0.0);
  threw = false;
  try {
    linear_blend_skinning_batch(sk, tf16.data(), 1, verts.data(), false, 2, wide, skinned.data());
  } catch (const std::invalid_argument&) {
    threw = true;
  }
  IW_CHECK(threw);
  // Absurd poses and translations are refused; a scaled `up` is not a rotation.
  std::vector<double> rest_pose(3 * sk.joint_count(), 0.0), far = {2e6, 0, 0};
  threw = false;
  try {
    validate_pose_batch(sk.joint_count(), rest_pose.data(), far.data(), 1, "test");
  } catch (const std::invalid_argument&) {
    threw = true;
  }
  IW_CHECK(threw);
  Skeleton scaled = sk;
  scaled.up.m[0] = 2.0;
  threw = false;
  try {
    scaled.validate();
  } catch (const std::invalid_argument&) {
    threw = true;
  }
  IW_CHECK(threw);
  std::puts("kinematics_test: ok");
  return 0;
}
