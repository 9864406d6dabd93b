#include "iw/reach.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace iw {

Mat3 rotation_between(const Vec3& u, const Vec3& v) {
  const double nu = norm(u), nv = norm(v);
  if (nu < 1e-12 || nv < 1e-12) return Mat3();
  const Vec3 a = u * (1.0 / nu), b = v * (1.0 / nv);
  const Vec3 axis = cross(a, b);
  const double s = norm(axis), c = dot(a, b);
  if (s < 1e-12) {
    if (c > 0) return Mat3();
    // Opposite: half turn about any axis perpendicular to a.
    Vec3 p = std::abs(a.x) < 0.9 ? cross(a, Vec3(1, 0, 0)) : cross(a, Vec3(0, 1, 0));
    return rodrigues(p * (M_PI / norm(p)));
  }
  return rodrigues(axis * (std::atan2(s, c) / s));
}

namespace {
void set_aa(double* pose, int j, const Vec3& aa) {
  pose[3 * j] = aa.x;
  pose[3 * j + 1] = aa.y;
  pose[3 * j + 2] = aa.z;
}
Vec3 get_aa(const double* pose, int j) { return Vec3(pose[3 * j], pose[3 * j + 1], pose[3 * j + 2]); }
}  // namespace

CcdResult ccd_reach(const Skeleton& sk, double* pose, const Vec3& translation, const ArmChain& arm, const Vec3& target,
                    int max_iterations, double tolerance) {
  const int J = sk.joint_count();
  for (int j : {arm.collar, arm.shoulder, arm.elbow, arm.wrist})
    if (j < 0 || j >= J)
      throw std::out_of_range("ccd_reach: chain joint index " + std::to_string(j) + " out of range [0, " +
                              std::to_string(J) + ")");
  if (sk.parents[arm.shoulder] != arm.collar || sk.parents[arm.elbow] != arm.shoulder ||
      sk.parents[arm.wrist] != arm.elbow)
    throw std::invalid_argument("ccd_reach: collar -> shoulder -> elbow -> wrist must be a parent chain");
  for (int k = 0; k < 3 * J; ++k)
    if (!std::isfinite(pose[k]))
      throw std::invalid_argument("ccd_reach: pose has a non-finite value at entry " + std::to_string(k));
  auto finite3 = [](const Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); };
  if (!finite3(translation)) throw std::invalid_argument("ccd_reach: translation (3,) must be finite");
  if (!finite3(target)) throw std::invalid_argument("ccd_reach: target (3,) must be finite");
  if (!finite3(arm.effector)) throw std::invalid_argument("ccd_reach: effector (3,) must be finite");
  if (!finite3(arm.elbow_axis)) throw std::invalid_argument("ccd_reach: elbow_axis (3,) must be finite");
  if (!std::isfinite(arm.elbow_min) || !std::isfinite(arm.elbow_max) || arm.elbow_min > arm.elbow_max)
    throw std::invalid_argument("ccd_reach: elbow limits must be finite with elbow_min <= elbow_max [rad]");
  if (!std::isfinite(arm.collar_max) || arm.collar_max < 0)
    throw std::invalid_argument("ccd_reach: collar_max must be finite and >= 0 [rad]");
  if (max_iterations < 0 || max_iterations > kMaxCcdIterations)
    throw std::invalid_argument("ccd_reach: max_iterations must be in [0, " + std::to_string(kMaxCcdIterations) +
                                "], got " + std::to_string(max_iterations));
  if (!std::isfinite(tolerance) || !(tolerance > 0))
    throw std::invalid_argument("ccd_reach: tolerance must be finite and > 0 [m]");
  const double an = norm(arm.elbow_axis);
  if (an < 1e-9) throw std::invalid_argument("ccd_reach: elbow_axis must be non-zero");
  const Vec3 axis = arm.elbow_axis * (1.0 / an);

  std::vector<Rigid> tf(J);
  // Project the elbow onto its hinge so the solution stays a hinge rotation.
  double phi = std::clamp(dot(get_aa(pose, arm.elbow), axis), arm.elbow_min, arm.elbow_max);
  set_aa(pose, arm.elbow, axis * phi);
  const Mat3 collar_rest = rodrigues(get_aa(pose, arm.collar));
  auto effector = [&]() { return tf[arm.wrist].apply(arm.effector); };

  CcdResult res;
  forward_kinematics(sk, pose, translation, tf.data());
  res.error = norm(effector() - target);
  for (int it = 0; it < max_iterations && res.error > tolerance; ++it) {
    res.iterations = it + 1;
    // Elbow, closed form: the hinge angle that makes |effector - shoulder| equal |target - shoulder|
    // (A cos d + B sin d = K - C for the hinge increment d), so the shoulder step below can then align exactly.
    {
      const Vec3 s = tf[arm.shoulder].t, p = tf[arm.elbow].t;
      const Vec3 w = tf[arm.shoulder].R * axis;
      const Vec3 u = p - s, v = effector() - p;
      const Vec3 v_par = w * dot(v, w), v_perp = v - v_par;
      const double A = dot(u, v_perp), B = dot(u, cross(w, v)), C = dot(u, v_par);
      const Vec3 ts = target - s;
      const double K = 0.5 * (dot(ts, ts) - dot(u, u) - dot(v, v));
      const double rho = std::sqrt(A * A + B * B);
      if (rho > 1e-12) {
        const double alpha = std::atan2(B, A);
        const double c = std::clamp((K - C) / rho, -1.0, 1.0);
        const double spread = std::acos(c);
        double best_phi = phi, best_cost = 1e300;
        for (double delta : {alpha + spread, alpha - spread}) {
          delta = std::remainder(delta, 2.0 * M_PI);
          const double cand = std::clamp(phi + delta, arm.elbow_min, arm.elbow_max);
          // Residual of the distance equation at the clamped angle, then the smaller move.
          const double d = cand - phi;
          const double resid = std::abs(A * std::cos(d) + B * std::sin(d) + C - K);
          const double cost = resid + 1e-6 * std::abs(d);
          if (cost < best_cost) {
            best_cost = cost;
            best_phi = cand;
          }
        }
        phi = best_phi;
        set_aa(pose, arm.elbow, axis * phi);
        forward_kinematics(sk, pose, translation, tf.data());
      }
    }
    // Shoulder: the shortest-arc rotation taking the effector direction onto the target direction.
    auto rotate_joint = [&](int j, const Mat3& Rd) {
      const Mat3& Rp = tf[sk.parents[j]].R;
      Mat3 local = Rp.transposed() * Rd * tf[j].R;
      if (j == arm.collar) {  // stay within the collar's range of motion
        Vec3 rel = log_rotation(collar_rest.transposed() * local);
        const double n = norm(rel);
        if (n > arm.collar_max) local = collar_rest * rodrigues(rel * (arm.collar_max / n));
      }
      set_aa(pose, j, log_rotation(local));
      forward_kinematics(sk, pose, translation, tf.data());
    };
    rotate_joint(arm.shoulder, rotation_between(effector() - tf[arm.shoulder].t, target - tf[arm.shoulder].t));
    // Collar: move the shoulder (on its sphere about the collar) to the nearest point from which the arm's
    // current reach R = |effector - shoulder| meets the target: the circle where |shoulder - target| = R.
    {
      const Vec3 c = tf[arm.collar].t, sh = tf[arm.shoulder].t;
      const double lc = norm(sh - c), R = norm(effector() - sh);
      const Vec3 tc = target - c;
      const double d = norm(tc);
      if (d > 1e-9 && lc > 1e-9) {
        const Vec3 n = tc * (1.0 / d);
        Vec3 goal;
        const double a = (d * d + lc * lc - R * R) / (2 * d);
        if (a >= lc) goal = c + n * lc;          // out of reach: lean the shoulder toward the target
        else if (a <= -lc) goal = c - n * lc;    // too close: pull the shoulder away
        else {
          const double h = std::sqrt(lc * lc - a * a);
          const Vec3 centre = c + n * a;
          Vec3 radial = sh - c;
          radial = radial - n * dot(radial, n);
          const double rn = norm(radial);
          radial = rn > 1e-12 ? radial * (1.0 / rn) : Vec3();
          goal = centre + radial * h;
        }
        rotate_joint(arm.collar, rotation_between(sh - c, goal - c));
      }
    }
    if (norm(effector() - target) > tolerance)
      rotate_joint(arm.shoulder, rotation_between(effector() - tf[arm.shoulder].t, target - tf[arm.shoulder].t));
    res.error = norm(effector() - target);
  }
  // Finite inputs of extreme magnitude can still overflow; report that rather than return NaN.
  if (!std::isfinite(res.error))
    throw std::invalid_argument("ccd_reach: the solution is not finite (coordinates too large?)");
  for (int j : {arm.collar, arm.shoulder, arm.elbow})
    if (!finite3(get_aa(pose, j)))
      throw std::invalid_argument("ccd_reach: the solution is not finite (coordinates too large?)");
  return res;
}

}  // namespace iw
