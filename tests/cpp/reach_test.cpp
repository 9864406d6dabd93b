// CCD on a planar arm: a reachable target converges below 1 mm, an unreachable one stretches toward it.
#include "body_check.hpp"
#include <cmath>
#include <cstdio>

#include "iw/reach.hpp"

using namespace iw;

int main() {
  Skeleton sk;  // root, collar, shoulder, elbow, wrist along +x
  sk.parents = {-1, 0, 1, 2, 3};
  sk.rest_joints = {Vec3(0, 0, 0), Vec3(0.05, 0, 0), Vec3(0.2, 0, 0), Vec3(0.5, 0, 0), Vec3(0.75, 0, 0)};
  ArmChain arm;
  arm.collar = 1;
  arm.shoulder = 2;
  arm.elbow = 3;
  arm.wrist = 4;
  arm.elbow_axis = Vec3(0, 0, 1);
  arm.effector = Vec3(0.05, 0, 0);
  double pose[15] = {0};
  const Vec3 target(0.3, 0.4, 0.1);
  CcdResult r = ccd_reach(sk, pose, Vec3(), arm, target, 28, 1e-3);
  IW_CHECK(r.error <= 1e-3 && r.iterations <= 28);
  Rigid tf[5];
  forward_kinematics(sk, pose, Vec3(), tf);
  const Vec3 e = tf[4].apply(arm.effector);
  IW_CHECK(norm(e - target) <= 1e-3);
  double far_pose[15] = {0};
  const Vec3 far(3.0, 0.0, 0.0);
  r = ccd_reach(sk, far_pose, Vec3(), arm, far, 28, 1e-3);
  IW_CHECK(r.error > 2.0 && r.error < 3.0 - 0.6 + 1e-9);
  // Rotation between two directions.
  const Mat3 R = rotation_between(Vec3(1, 0, 0), Vec3(0, 1, 0));
  const Vec3 y = R * Vec3(1, 0, 0);
  IW_CHECK(std::abs(y.y - 1.0) < 1e-12);
  std::puts("reach_test: ok");
  return 0;
}
