// Box distances, segment distances and a one-capsule rig against a box (hand-worked values).
#include "body_check.hpp"
#include <cmath>
#include <cstdio>

#include "iw/collision.hpp"

using namespace iw;

int main() {
  Scene scene;
  Rigid box;  // unit half-extent box at the origin
  scene.add_box(box, Vec3(1, 1, 1), 0, false);
  IW_CHECK(std::abs(box_signed_distance(scene.boxes[0], Vec3(3, 0, 0)) - 2.0) < 1e-12);
  IW_CHECK(std::abs(box_signed_distance(scene.boxes[0], Vec3(0.5, 0, 0)) + 0.5) < 1e-12);
  IW_CHECK(std::abs(segment_segment_distance(Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0.5, 1, -1), Vec3(0.5, 1, 1)) - 1.0) <
         1e-12);
  // One capsule on joint 0 from (2,-1,0) to (2,1,0), radius 0.25: clearance 1 - 0.25 = 0.75.
  Skeleton sk;
  sk.parents = {-1};
  sk.rest_joints = {Vec3()};
  CapsuleRig rig;
  Capsule c;
  c.offset_a = Vec3(2, -1, 0);
  c.offset_b = Vec3(2, 1, 0);
  c.radius = 0.25;
  rig.capsules.push_back(c);
  rig.validate(1);
  Rigid tf[1];
  double clear[1];
  capsule_clearances(rig, tf, scene, clear);
  IW_CHECK(std::abs(clear[0] - 0.75) < 1e-9);
  // Moved to x = 0.25: the axis is 0.75 m inside the box, so the capsule is 0.75 + 0.25 = 1.0 m deep.
  double pose[3] = {0, 0, 0}, tr[3] = {-1.75, 0, 0};
  CheckOptions opt;
  CheckResult res;
  check_poses(sk, rig, scene, opt, pose, tr, 1, &res, 1);
  IW_CHECK(!res.ok && res.capsule == 0 && res.other == 0 && std::abs(res.clearance + 1.0) < 1e-9);
  opt.allowed_owner = {1};
  check_poses(sk, rig, scene, opt, pose, tr, 1, &res, 1);
  IW_CHECK(res.ok);
  std::puts("collision_test: ok");
  return 0;
}
