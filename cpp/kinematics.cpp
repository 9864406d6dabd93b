#include "iw/kinematics.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <thread>

namespace iw {

Mat3 rodrigues(const Vec3& aa) {
  const double th = norm(aa);
  Mat3 R;
  if (th < 1e-12) {  // first-order form keeps the map smooth at the identity
    R.m[1] = -aa.z; R.m[2] = aa.y; R.m[3] = aa.z; R.m[5] = -aa.x; R.m[6] = -aa.y; R.m[7] = aa.x;
    return R;
  }
  const Vec3 k = aa * (1.0 / th);
  const double c = std::cos(th), s = std::sin(th), v = 1.0 - c;
  R.m[0] = c + k.x * k.x * v;       R.m[1] = k.x * k.y * v - k.z * s; R.m[2] = k.x * k.z * v + k.y * s;
  R.m[3] = k.y * k.x * v + k.z * s; R.m[4] = c + k.y * k.y * v;       R.m[5] = k.y * k.z * v - k.x * s;
  R.m[6] = k.z * k.x * v - k.y * s; R.m[7] = k.z * k.y * v + k.x * s; R.m[8] = c + k.z * k.z * v;
  return R;
}

Vec3 log_rotation(const Mat3& R) {
  const double tr = R.m[0] + R.m[4] + R.m[8];
  const double c = std::clamp((tr - 1.0) * 0.5, -1.0, 1.0);
  const double th = std::acos(c);
  const Vec3 w(R.m[7] - R.m[5], R.m[2] - R.m[6], R.m[3] - R.m[1]);
  if (th < 1e-9) return w * 0.5;
  if (th > M_PI - 1e-6) {  // near pi the skew part vanishes: take the axis from the symmetric part
    const double xx = std::sqrt(std::max(0.0, (R.m[0] + 1) * 0.5));
    const double yy = std::sqrt(std::max(0.0, (R.m[4] + 1) * 0.5));
    const double zz = std::sqrt(std::max(0.0, (R.m[8] + 1) * 0.5));
    Vec3 axis(xx, yy, zz);
    if (xx >= yy && xx >= zz) axis = Vec3(xx, (R.m[1] + R.m[3]) / (4 * xx), (R.m[2] + R.m[6]) / (4 * xx));
    else if (yy >= zz) axis = Vec3((R.m[1] + R.m[3]) / (4 * yy), yy, (R.m[5] + R.m[7]) / (4 * yy));
    else axis = Vec3((R.m[2] + R.m[6]) / (4 * zz), (R.m[5] + R.m[7]) / (4 * zz), zz);
    return axis * (th / norm(axis));
  }
  return w * (th / (2.0 * std::sin(th)));
}

void Skeleton::validate() const {
  if (parents.empty()) throw std::invalid_argument("skeleton: no joints");
  if (rest_joints.size() != parents.size())
    throw std::invalid_argument("skeleton: rest_joints and parents differ in length");
  if (parents[0] != -1) throw std::invalid_argument("skeleton: joint 0 must be the root (parent -1)");
  for (std::size_t j = 0; j < rest_joints.size(); ++j) {
    const Vec3& r = rest_joints[j];
    if (!std::isfinite(r.x) || !std::isfinite(r.y) || !std::isfinite(r.z))
      throw std::invalid_argument("skeleton: rest joint " + std::to_string(j) + " is not finite");
  }
  for (double v : up.m)
    if (!std::isfinite(v)) throw std::invalid_argument("skeleton: up must be a finite (3, 3) rotation");
  const Mat3 should_be_identity = up * up.transposed();
  const double det = up.m[0] * (up.m[4] * up.m[8] - up.m[5] * up.m[7]) -
                     up.m[1] * (up.m[3] * up.m[8] - up.m[5] * up.m[6]) +
                     up.m[2] * (up.m[3] * up.m[7] - up.m[4] * up.m[6]);
  for (int k = 0; k < 9; ++k)
    if (std::abs(should_be_identity.m[k] - (k % 4 == 0 ? 1.0 : 0.0)) > 1e-6 || !(det > 0))
      throw std::invalid_argument("skeleton: up must be a rotation matrix (orthonormal, determinant +1)");
  for (std::size_t j = 1; j < parents.size(); ++j)
    if (parents[j] < 0 || parents[j] >= static_cast<int>(j))
      throw std::invalid_argument("skeleton: parent of joint " + std::to_string(j) + " is " +
                                  std::to_string(parents[j]) + "; parents must precede children");
}

namespace {
// Joint j's world transform from its parent's (already computed, parents precede children).
inline void fk_joint(const Skeleton& sk, const double* pose, const Vec3& translation, Rigid* out, int j) {
  const Mat3 local = rodrigues(Vec3(pose[3 * j], pose[3 * j + 1], pose[3 * j + 2]));
  const int p = sk.parents[j];
  if (p < 0) {
    out[j].R = sk.up * local;
    out[j].t = sk.up * sk.rest_joints[j] + translation;
  } else {
    out[j].R = out[p].R * local;
    out[j].t = out[p].t + out[p].R * (sk.rest_joints[j] - sk.rest_joints[p]);
  }
}
}  // namespace

void forward_kinematics(const Skeleton& sk, const double* pose, const Vec3& translation, Rigid* out) {
  for (int j = 0; j < sk.joint_count(); ++j) fk_joint(sk, pose, translation, out, j);
}

void forward_kinematics(const Skeleton& sk, const double* pose, const Vec3& translation, Rigid* out,
                        const std::vector<std::uint8_t>& needed) {
  for (int j = 0; j < sk.joint_count(); ++j)
    if (needed[j]) fk_joint(sk, pose, translation, out, j);
}

Rigid rigid_from_rowmajor(const double* m) {
  Rigid r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r.R.m[3 * i + j] = m[4 * i + j];
  r.t = Vec3(m[3], m[7], m[11]);
  return r;
}

void rigid_to_rowmajor(const Rigid& r, double* m) {
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) m[4 * i + j] = r.R.m[3 * i + j];
    m[4 * i + 3] = r.t[i];
  }
  m[12] = m[13] = m[14] = 0.0;
  m[15] = 1.0;
}

int default_thread_count(std::size_t work_items, std::size_t min_per_thread) {
  const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t by_work = std::max<std::size_t>(1, work_items / std::max<std::size_t>(1, min_per_thread));
  return static_cast<int>(std::min<std::size_t>(hw, by_work));
}


void validate_pose_batch(int J, const double* poses, const double* translations, std::size_t batch,
                         const char* where) {
  for (std::size_t b = 0; b < batch; ++b) {
    for (int k = 0; k < 3 * J; ++k) {
      const double v = poses[b * 3 * J + k];
      if (!std::isfinite(v))
        throw std::invalid_argument(std::string(where) + ": pose " + std::to_string(b) + " has a non-finite value");
      if (std::abs(v) > kMaxPoseValue)
        throw std::invalid_argument(std::string(where) + ": pose " + std::to_string(b) +
                                    " has a value beyond +-1e6 rad (absurd axis-angle)");
    }
    for (int k = 0; k < 3; ++k) {
      const double v = translations[3 * b + k];
      if (!std::isfinite(v))
        throw std::invalid_argument(std::string(where) + ": translation " + std::to_string(b) + " is not finite");
      if (std::abs(v) > kMaxTranslation)
        throw std::invalid_argument(std::string(where) + ": translation " + std::to_string(b) +
                                    " is beyond +-1e6 m (absurd position)");
    }
  }
}

void forward_kinematics_batch(const Skeleton& sk, const double* poses, const double* translations, std::size_t batch,
                              double* out, int threads) {
  const int J = sk.joint_count();
  validate_pose_batch(J, poses, translations, batch, "forward_kinematics");
  if (threads <= 0) threads = default_thread_count(batch, 256);
  parallel_for(batch, threads, [&](std::size_t a, std::size_t e) {
    std::vector<Rigid> tf(J);
    for (std::size_t b = a; b < e; ++b) {
      const double* t = translations + 3 * b;
      forward_kinematics(sk, poses + b * 3 * J, Vec3(t[0], t[1], t[2]), tf.data());
      for (int j = 0; j < J; ++j) rigid_to_rowmajor(tf[j], out + (b * J + j) * 16);
    }
  });
}

SkinWeights SkinWeights::from_dense(const double* w, std::size_t V, int J) {
  if (J < 1) throw std::invalid_argument("skinning weights: need at least one joint column");
  SkinWeights s;
  s.joint_count = J;
  s.offsets.reserve(V + 1);
  s.offsets.push_back(0);
  for (std::size_t v = 0; v < V; ++v) {
    for (int j = 0; j < J; ++j) {
      const double x = w[v * J + j];
      if (!std::isfinite(x)) throw std::invalid_argument("skinning weights: non-finite entry in row " + std::to_string(v));
      if (x != 0.0) {
        s.joints.push_back(j);
        s.values.push_back(x);
      }
    }
    s.offsets.push_back(static_cast<int>(s.joints.size()));
  }
  return s;
}

namespace {
void skin_one(const Skeleton& sk, const Rigid* tf, const double* verts, std::size_t V, const SkinWeights& w,
              double* out) {
  // Per-joint skinning matrices A_j = [R_j, p_j - R_j J_j] (rest joint J_j in the model frame).
  const int J = sk.joint_count();
  std::vector<Rigid> A(J);
  for (int j = 0; j < J; ++j) {
    A[j].R = tf[j].R;
    A[j].t = tf[j].t - tf[j].R * sk.rest_joints[j];
  }
  for (std::size_t v = 0; v < V; ++v) {
    const Vec3 x(verts[3 * v], verts[3 * v + 1], verts[3 * v + 2]);
    Vec3 acc;
    for (int k = w.offsets[v]; k < w.offsets[v + 1]; ++k) acc = acc + A[w.joints[k]].apply(x) * w.values[k];
    out[3 * v] = acc.x;
    out[3 * v + 1] = acc.y;
    out[3 * v + 2] = acc.z;
  }
}
}  // namespace

void linear_blend_skinning(const Skeleton& sk, const Rigid* transforms, const double* vertices, std::size_t V,
                           const double* weights, double* out) {
  skin_one(sk, transforms, vertices, V, SkinWeights::from_dense(weights, V, sk.joint_count()), out);
}

void linear_blend_skinning_batch(const Skeleton& sk, const double* transforms, std::size_t batch, const double* vertices,
                                 bool per_batch_vertices, std::size_t V, const SkinWeights& w, double* out,
                                 int threads) {
  const int J = sk.joint_count();
  if (w.offsets.size() != V + 1) throw std::invalid_argument("skinning: weights have a different vertex count");
  if (w.joint_count != J)
    throw std::invalid_argument("skinning: weights have " + std::to_string(w.joint_count) +
                                " joint columns but the skeleton has " + std::to_string(J) + " joints");
  if (threads <= 0) threads = default_thread_count(batch * V, 20000);
  parallel_for(batch, threads, [&](std::size_t a, std::size_t e) {
    std::vector<Rigid> tf(J);
    for (std::size_t b = a; b < e; ++b) {
      for (int j = 0; j < J; ++j) tf[j] = rigid_from_rowmajor(transforms + (b * J + j) * 16);
      skin_one(sk, tf.data(), vertices + (per_batch_vertices ? b * V * 3 : 0), V, w, out + b * V * 3);
    }
  });
}

}  // namespace iw
