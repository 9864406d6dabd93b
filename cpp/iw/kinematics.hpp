// Forward kinematics and linear blend skinning of an SMPL+H-shaped body (paper appendix B.1.1).
//
// Conventions: the model frame is the one the rest joints are given in (SMPL's y-up frame for model
// files); a fixed world-from-model rotation `up` (3x3, row-major) and a root translation [m] place it in
// the z-up world: x_world = up * x_model(pose) + translation. Poses are axis-angle [rad], 3 per joint,
// joint order as in `parents`. Transforms are row-major 4x4 float64.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <vector>

namespace iw {

struct Vec3 {
  double x = 0, y = 0, z = 0;
  Vec3() = default;
  Vec3(double a, double b, double c) : x(a), y(b), z(c) {}
  Vec3 operator+(const Vec3& o) const { return {x + o.x, y + o.y, z + o.z}; }
  Vec3 operator-(const Vec3& o) const { return {x - o.x, y - o.y, z - o.z}; }
  Vec3 operator*(double s) const { return {x * s, y * s, z * s}; }
  Vec3 operator-() const { return {-x, -y, -z}; }
  double operator[](int i) const { return i == 0 ? x : (i == 1 ? y : z); }
};
inline double dot(const Vec3& a, const Vec3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline double norm(const Vec3& a) { return std::sqrt(dot(a, a)); }

// Row-major 3x3 rotation.
struct Mat3 {
  double m[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  Vec3 operator*(const Vec3& v) const {
    return {m[0] * v.x + m[1] * v.y + m[2] * v.z, m[3] * v.x + m[4] * v.y + m[5] * v.z,
            m[6] * v.x + m[7] * v.y + m[8] * v.z};
  }
  Mat3 operator*(const Mat3& o) const {
    Mat3 r;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        r.m[3 * i + j] = m[3 * i] * o.m[j] + m[3 * i + 1] * o.m[3 + j] + m[3 * i + 2] * o.m[6 + j];
    return r;
  }
  Mat3 transposed() const {
    Mat3 r;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) r.m[3 * i + j] = m[3 * j + i];
    return r;
  }
};

// Rotation matrix of an axis-angle vector [rad] (Rodrigues' formula).
Mat3 rodrigues(const Vec3& aa);
// Axis-angle vector [rad] of a rotation matrix (inverse of rodrigues, angle in [0, pi]).
Vec3 log_rotation(const Mat3& R);

// Rigid transform: rotation R and translation t.
struct Rigid {
  Mat3 R;
  Vec3 t;
  Vec3 apply(const Vec3& p) const { return R * p + t; }
};

// A kinematic tree with rest joint positions in the model frame. Parents precede children.
struct Skeleton {
  std::vector<int> parents;      // -1 for the root
  std::vector<Vec3> rest_joints; // model frame [m]
  Mat3 up;                       // world-from-model rotation
  // Throws std::invalid_argument if the tree is malformed (parent after child, no single root), a rest joint is
  // not finite, or `up` is not a finite rotation (orthonormal within 1e-6, determinant +1).
  void validate() const;
  int joint_count() const { return static_cast<int>(parents.size()); }
};

// World transforms of all joints for one pose: pose has 3*J axis-angle values [rad], translation [m].
// out receives J rigid transforms (rotation = the joint frame, translation = the posed joint position).
void forward_kinematics(const Skeleton& sk, const double* pose, const Vec3& translation, Rigid* out);
// As above for the joints with needed[j] != 0 only (needed must be closed under parents); others are untouched.
void forward_kinematics(const Skeleton& sk, const double* pose, const Vec3& translation, Rigid* out,
                        const std::vector<std::uint8_t>& needed);

// Largest accepted |pose value| [rad] and |translation component| [m]: beyond them the arithmetic loses all
// precision (and axis-angle norms overflow), so such inputs are rejected as absurd rather than computed.
constexpr double kMaxPoseValue = 1e6;
constexpr double kMaxTranslation = 1e6;
// Throws std::invalid_argument naming `where` and the batch index when a pose value (3J per item) or translation
// (3 per item) is non-finite or beyond the limits above.
void validate_pose_batch(int joint_count, const double* poses, const double* translations, std::size_t batch,
                         const char* where);

// Batched forward kinematics into row-major (B, J, 4, 4); threads split the batch.
// Throws std::invalid_argument on a non-finite or absurd pose or translation (validate_pose_batch).
void forward_kinematics_batch(const Skeleton& sk, const double* poses, const double* translations, std::size_t batch,
                              double* out, int threads = 0);

// Linear blend skinning: x = sum_j w_ij (R_j (v_i - J_j) + p_j) with (R_j, p_j) from forward_kinematics.
// vertices (V, 3) model frame rest (or pose-corrected) positions; weights (V, J) dense; out (V, 3) world.
void linear_blend_skinning(const Skeleton& sk, const Rigid* transforms, const double* vertices, std::size_t vertex_count,
                           const double* weights, double* out);

// Sparse (CSR) form of dense skinning weights: every nonzero entry of each vertex row is kept.
struct SkinWeights {
  std::vector<int> offsets;   // (V+1,)
  std::vector<int> joints;
  std::vector<double> values;
  int joint_count = 0;        // columns of the dense array; must equal the skeleton's joint count
  static SkinWeights from_dense(const double* weights, std::size_t vertex_count, int joint_count);
};

// Batched skinning: transforms (B, J, 4, 4), vertices (V, 3) shared or (B, V, 3) per batch item, out (B, V, 3).
// Throws std::invalid_argument when the weights' vertex or joint count differs from V or the skeleton's.
void linear_blend_skinning_batch(const Skeleton& sk, const double* transforms, std::size_t batch, const double* vertices,
                                 bool per_batch_vertices, std::size_t vertex_count, const SkinWeights& weights,
                                 double* out, int threads = 0);

// Helpers shared by the batched routines.
Rigid rigid_from_rowmajor(const double* m16);
void rigid_to_rowmajor(const Rigid& r, double* m16);
int default_thread_count(std::size_t work_items, std::size_t min_per_thread);

// Runs body(begin, end) over [0, n) split into `threads` contiguous chunks (inline when threads <= 1).
template <class F>
void parallel_for(std::size_t n, int threads, F&& body) {
  if (threads <= 1 || n < 2) {
    body(std::size_t(0), n);
    return;
  }
  std::vector<std::thread> pool;
  const std::size_t chunk = (n + threads - 1) / threads;
  for (int t = 0; t < threads; ++t) {
    const std::size_t a = t * chunk, b = a + chunk < n ? a + chunk : n;
    if (a >= b) break;
    pool.emplace_back([&body, a, b] { body(a, b); });
  }
  for (auto& th : pool) th.join();
}

}  // namespace iw
