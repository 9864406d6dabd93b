#include "iw/grasp.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace iw {

int curl_step_count(const GraspParams& p) { return static_cast<int>(std::floor(p.max_angle / p.step + 1e-9)) + 1; }

double finger_clearance(const Skeleton& sk, const double* pose, const Rigid& wrist_world, const FingerChain& f,
                        double angle, const VoxelSDF& sdf, const Rigid& object_from_world) {
  Rigid T = wrist_world;
  int parent = sk.parents[f.joints[0]];
  Vec3 pts[7];
  for (int k = 0; k < 3; ++k) {
    const int j = f.joints[k];
    const Mat3 local = rodrigues(Vec3(pose[3 * j], pose[3 * j + 1], pose[3 * j + 2])) * rodrigues(f.axis * angle);
    const Vec3 origin = T.apply(sk.rest_joints[j] - sk.rest_joints[parent]);
    T.R = T.R * local;
    T.t = origin;
    parent = j;
    pts[2 * k] = origin;
    if (k > 0) pts[2 * k - 1] = (pts[2 * k - 2] + origin) * 0.5;
  }
  const Vec3 tip = T.apply(f.tip);
  pts[5] = (pts[4] + tip) * 0.5;
  pts[6] = tip;
  double best = 1e300;
  for (const Vec3& p : pts) best = std::min(best, sdf.query(object_from_world.apply(p)) - f.radius);
  return best;
}

void curl_fingers(const Skeleton& sk, const double* pose, const Rigid& wrist_world, const HandSpec& hand,
                  const VoxelSDF& sdf, const Rigid& object_from_world, const GraspParams& prm, FingerResult* out) {
  if (!(prm.step > 0) || !(prm.max_angle > 0) || !(prm.band >= 0) || !(prm.max_penetration >= 0))
    throw std::invalid_argument("grasp parameters: step, max_angle > 0 and band, max_penetration >= 0 required");
  const int steps = curl_step_count(prm);
  for (int fi = 0; fi < 5; ++fi) {
    const FingerChain& f = hand.fingers[fi];
    auto clear = [&](double a) { return finger_clearance(sk, pose, wrist_world, f, a, sdf, object_from_world); };
    FingerResult r;
    double prev = clear(0.0);
    r.distance = prev;
    if (prev < -prm.max_penetration) {  // already inside the object: no valid contact for this finger
      out[fi] = r;
      continue;
    }
    if (prev <= prm.band) {
      r.contact = true;
      out[fi] = r;
      continue;
    }
    for (int k = 1; k < steps; ++k) {
      const double a = k * prm.step, d = clear(a);
      r.angle = a;
      r.distance = d;
      if (d > prm.band) continue;
      if (d >= -prm.max_penetration) {
        r.contact = true;
        break;
      }
      // Crossed the whole band within one step: bisect between the free and the penetrating angle.
      double lo = a - prm.step, hi = a;
      r.angle = lo;
      r.distance = prev;
      for (int it = 0; it < prm.refine; ++it) {
        const double mid = 0.5 * (lo + hi), dm = clear(mid);
        if (dm > prm.band) {
          lo = mid;
        } else if (dm < -prm.max_penetration) {
          hi = mid;
        } else {
          r.angle = mid;
          r.distance = dm;
          r.contact = true;
          break;
        }
      }
      if (!r.contact) {
        r.angle = lo;
        r.distance = clear(lo);
      }
      break;
    }
    out[fi] = r;
  }
}

void finger_clearance_table(const Skeleton& sk, const double* pose, const Rigid* wrists, int wrist_count,
                            const HandSpec& hand, const VoxelSDF& sdf, const Rigid& object_from_world,
                            const GraspParams& prm, double* out) {
  const int S = curl_step_count(prm);
  parallel_for(static_cast<std::size_t>(wrist_count), default_thread_count(wrist_count, 4),
               [&](std::size_t a, std::size_t e) {
                 for (std::size_t p = a; p < e; ++p)
                   for (int fi = 0; fi < 5; ++fi)
                     for (int s = 0; s < S; ++s)
                       out[(p * 5 + fi) * S + s] =
                           finger_clearance(sk, pose, wrists[p], hand.fingers[fi], s * prm.step, sdf, object_from_world);
               });
}

}  // namespace iw
