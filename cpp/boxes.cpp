// Separating-axis penetration depth of oriented boxes behind an AABB broad phase (see iw/boxes.hpp).
#include "iw/boxes.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace iw::boxes {
namespace {

struct Box {
  double axis[3][3];  // axis[k] = column k of the rotation (the box's k-th axis in the world)
  double centre[3];
  double half[3];
  double lo[3], hi[3];  // world AABB
  bool yaw_only;        // rotation about the world z axis alone: axis 2 is +-z, axes 0 and 1 lie in the xy plane
};

Box make_box(const double* t, const double* h, const char* what, long long index) {
  Box b;
  for (int k = 0; k < 16; ++k)
    if (!std::isfinite(t[k]))
      throw std::invalid_argument(std::string(what) + " transform " + std::to_string(index) + " is not finite");
  for (int k = 0; k < 3; ++k)
    if (!(h[k] >= 0.0) || std::isinf(h[k]))
      throw std::invalid_argument(std::string(what) + " half extents " + std::to_string(index) +
                                  " must be finite and >= 0");
  for (int k = 0; k < 3; ++k) {
    for (int i = 0; i < 3; ++i) b.axis[k][i] = t[4 * i + k];
    b.centre[k] = t[4 * k + 3];
    b.half[k] = h[k];
  }
  for (int i = 0; i < 3; ++i) {
    const double ext = std::fabs(t[4 * i]) * h[0] + std::fabs(t[4 * i + 1]) * h[1] + std::fabs(t[4 * i + 2]) * h[2];
    b.lo[i] = b.centre[i] - ext;
    b.hi[i] = b.centre[i] + ext;
  }
  b.yaw_only = t[2] == 0.0 && t[6] == 0.0 && t[8] == 0.0 && t[9] == 0.0 && std::fabs(t[10]) == 1.0;
  return b;
}

inline double dot(const double* a, const double* b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

// Overlap of the projections on the unit `axis`, +inf when the axis is degenerate (|axis| <= 1e-9 before
// normalising: parallel edges), as in the vectorised reference.
inline double overlap(const double* raw, const Box& a, const Box& b, const double* d) {
  const double len = std::sqrt(dot(raw, raw));
  if (!(len > 1e-9)) return std::numeric_limits<double>::infinity();
  const double ax[3] = {raw[0] / len, raw[1] / len, raw[2] / len};
  double pa = 0.0, pb = 0.0;
  for (int k = 0; k < 3; ++k) {
    pa += std::fabs(dot(ax, a.axis[k])) * a.half[k];
    pb += std::fabs(dot(ax, b.axis[k])) * b.half[k];
  }
  return pa + pb - std::fabs(dot(ax, d));
}

double sat_depth(const Box& a, const Box& b) {
  const double d[3] = {b.centre[0] - a.centre[0], b.centre[1] - a.centre[1], b.centre[2] - a.centre[2]};
  double depth = std::numeric_limits<double>::infinity();
  if (a.yaw_only && b.yaw_only) {  // z and the four in-plane face normals
    const double z[3] = {0.0, 0.0, 1.0};
    depth = std::min(depth, overlap(z, a, b, d));
    for (int k = 0; k < 2 && depth > 0.0; ++k) {
      depth = std::min(depth, overlap(a.axis[k], a, b, d));
      depth = std::min(depth, overlap(b.axis[k], a, b, d));
    }
    return std::max(depth, 0.0);
  }
  for (int k = 0; k < 3 && depth > 0.0; ++k) {
    depth = std::min(depth, overlap(a.axis[k], a, b, d));
    depth = std::min(depth, overlap(b.axis[k], a, b, d));
  }
  for (int i = 0; i < 3 && depth > 0.0; ++i)
    for (int j = 0; j < 3; ++j) {
      const double* u = a.axis[i];
      const double* v = b.axis[j];
      const double c[3] = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
      depth = std::min(depth, overlap(c, a, b, d));
    }
  return std::max(depth, 0.0);
}

}  // namespace

void penetration_depths(const double* t_a, const double* h_a, const double* t_b, const double* h_b, long long n,
                        double* out) {
  if (n < 0) throw std::invalid_argument("box count must be >= 0");
  const Box a = make_box(t_a, h_a, "box A", 0);
  for (long long k = 0; k < n; ++k) {
    const Box b = make_box(t_b + 16 * k, h_b + 3 * k, "box B", k);
    const bool touch = b.lo[0] <= a.hi[0] && b.hi[0] >= a.lo[0] && b.lo[1] <= a.hi[1] && b.hi[1] >= a.lo[1] &&
                       b.lo[2] <= a.hi[2] && b.hi[2] >= a.lo[2];
    out[k] = touch ? sat_depth(a, b) : 0.0;
  }
}

}  // namespace iw::boxes
