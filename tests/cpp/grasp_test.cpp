// A one-finger curl against a plane: the curl stops inside the contact band.
#include "body_check.hpp"
#include <cmath>
#include <cstdio>

#include "iw/grasp.hpp"

using namespace iw;

int main() {
  // Finger joints along +x from the wrist at the origin; the object is the half-space y < -0.05 (a slab).
  Skeleton sk;
  sk.parents = {-1, 0, 1, 2};
  sk.rest_joints = {Vec3(0, 0, 0), Vec3(0.05, 0, 0), Vec3(0.09, 0, 0), Vec3(0.115, 0, 0)};
  const double v[24] = {-1, -1, -1, 1, -1, -1, 1, -0.05, -1, -1, -0.05, -1,
                        -1, -1, 1,  1, -1, 1,  1, -0.05, 1,  -1, -0.05, 1};
  const int f[36] = {0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4,
                     2, 3, 7, 2, 7, 6, 1, 2, 6, 1, 6, 5, 3, 0, 4, 3, 4, 7};
  MeshDistance md(v, 8, f, 12, true);
  const VoxelSDF sdf = VoxelSDF::build(md, 0.01, 0.0, 2);
  HandSpec hand;
  hand.wrist = 0;
  for (int k = 0; k < 5; ++k) {
    hand.fingers[k].joints[0] = 1;
    hand.fingers[k].joints[1] = 2;
    hand.fingers[k].joints[2] = 3;
    hand.fingers[k].axis = Vec3(0, 0, -1);  // curls +x toward -y
    hand.fingers[k].tip = Vec3(0.02, 0, 0);
    hand.fingers[k].radius = 0.008;
  }
  double pose[12] = {0};
  GraspParams prm;
  FingerResult res[5];
  curl_fingers(sk, pose, Rigid(), hand, sdf, Rigid(), prm, res);
  for (int k = 0; k < 5; ++k) {
    IW_CHECK(res[k].contact);
    IW_CHECK(res[k].distance <= prm.band && res[k].distance >= -prm.max_penetration);
    IW_CHECK(res[k].angle > 0 && res[k].angle < prm.max_angle);
  }
  std::puts("grasp_test: ok");
  return 0;
}
