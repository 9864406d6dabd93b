// Rasterising oriented boxes and triangles into the navigation grid (paper appendix B.2.1, "Occupancy").
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "iw/grid.hpp"

namespace iw::grid {
namespace {

using Vec3 = std::array<double, 3>;

inline Vec3 sub(const Vec3& a, const Vec3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
inline double dot(const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
inline Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

// Touching is not overlap: a wall face lying exactly on a cell boundary does not mark the neighbour cell.
constexpr double kTouch = 1e-9;

struct Obb {
  Vec3 c;
  Vec3 axis[3];  // unit columns of the rotation
  Vec3 h;        // half extents
};

Obb box_at(const GeometryView& g, int b) {
  const double* T = g.box_transforms + 16 * static_cast<long long>(b);
  const double* he = g.box_half_extents + 3 * static_cast<long long>(b);
  Obb o;
  o.c = {T[3], T[7], T[11]};
  for (int k = 0; k < 3; ++k) {
    Vec3 a = {T[k], T[4 + k], T[8 + k]};
    const double n = std::sqrt(dot(a, a));
    if (!(n > 0.0)) throw std::invalid_argument("box_transforms: degenerate rotation in box " + std::to_string(b));
    o.axis[k] = {a[0] / n, a[1] / n, a[2] / n};
    o.h[k] = he[k];
  }
  return o;
}

// Half width of the box's projection on direction d.
inline double obb_radius(const Obb& o, const Vec3& d) {
  return o.h[0] * std::fabs(dot(o.axis[0], d)) + o.h[1] * std::fabs(dot(o.axis[1], d)) +
         o.h[2] * std::fabs(dot(o.axis[2], d));
}

// Separating-axis test between an oriented box and an axis-aligned box (centre c, half extents e).
bool obb_overlaps_aabb(const Obb& o, const Vec3& c, const Vec3& e) {
  const Vec3 t = sub(o.c, c);
  const Vec3 world[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  auto separated = [&](const Vec3& d) {
    const double len2 = dot(d, d);
    if (len2 < 1e-18) return false;  // parallel edges: axis degenerate, covered by the face axes
    const double ra = e[0] * std::fabs(d[0]) + e[1] * std::fabs(d[1]) + e[2] * std::fabs(d[2]);
    const double rb = obb_radius(o, d);
    return std::fabs(dot(t, d)) >= ra + rb - kTouch * std::sqrt(len2);
  };
  for (const auto& a : world)
    if (separated(a)) return false;
  for (const auto& a : o.axis)
    if (separated(a)) return false;
  for (const auto& a : world)
    for (const auto& b : o.axis)
      if (separated(cross(a, b))) return false;
  return true;
}

// Akenine-Moeller separating-axis test between a triangle and an axis-aligned box.
bool triangle_overlaps_aabb(const Vec3& p0, const Vec3& p1, const Vec3& p2, const Vec3& c, const Vec3& e) {
  const Vec3 v[3] = {sub(p0, c), sub(p1, c), sub(p2, c)};
  auto separated = [&](const Vec3& d) {
    const double len2 = dot(d, d);
    if (len2 < 1e-24) return false;
    const double a = dot(v[0], d), b = dot(v[1], d), cc = dot(v[2], d);
    const double lo = std::min({a, b, cc}), hi = std::max({a, b, cc});
    const double r = e[0] * std::fabs(d[0]) + e[1] * std::fabs(d[1]) + e[2] * std::fabs(d[2]);
    const double tol = kTouch * std::sqrt(len2);
    return lo >= r - tol || hi <= -r + tol;
  };
  const Vec3 world[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  for (const auto& a : world)
    if (separated(a)) return false;
  const Vec3 edge[3] = {sub(v[1], v[0]), sub(v[2], v[1]), sub(v[0], v[2])};
  if (separated(cross(edge[0], edge[1]))) return false;
  for (const auto& a : world)
    for (const auto& ed : edge)
      if (separated(cross(a, ed))) return false;
  return true;
}

inline bool finite3(const double* p) { return std::isfinite(p[0]) && std::isfinite(p[1]) && std::isfinite(p[2]); }

struct CellRange {
  int i0, i1, j0, j1;  // inclusive; empty when i0 > i1 or j0 > j1
};

CellRange cells_covering(const GridSpec& s, double xmin, double xmax, double ymin, double ymax) {
  auto clampi = [](double v, int hi) {
    if (v < -1.0) return -1;
    if (v > hi + 1.0) return hi + 1;
    return static_cast<int>(std::floor(v));
  };
  CellRange r;
  r.j0 = std::max(0, clampi((xmin - s.origin_x) / s.resolution, s.cols));
  r.j1 = std::min(s.cols - 1, clampi((xmax - s.origin_x) / s.resolution, s.cols));
  r.i0 = std::max(0, clampi((ymin - s.origin_y) / s.resolution, s.rows));
  r.i1 = std::min(s.rows - 1, clampi((ymax - s.origin_y) / s.resolution, s.rows));
  return r;
}

Vec3 vertex(const GeometryView& g, int32_t k) {
  const double* p = g.vertices + 3 * static_cast<long long>(k);
  return {p[0], p[1], p[2]};
}

}  // namespace

void GridSpec::validate() const {
  if (!(std::isfinite(origin_x) && std::isfinite(origin_y)))
    throw std::invalid_argument("grid origin must be finite");
  if (!(resolution > 0.0) || !std::isfinite(resolution))
    throw std::invalid_argument("grid resolution must be positive and finite, got " + std::to_string(resolution));
  if (rows <= 0 || cols <= 0)
    throw std::invalid_argument("grid shape must be positive, got (" + std::to_string(rows) + ", " +
                                std::to_string(cols) + ")");
  if (cell_count() >= (1LL << 31)) throw std::invalid_argument("grid too large (more than 2^31 cells)");
}

void GeometryView::validate() const {
  if (box_count < 0 || face_count < 0 || vertex_count < 0) throw std::invalid_argument("negative geometry count");
  for (int b = 0; b < box_count; ++b) {
    for (int k = 0; k < 16; ++k)
      if (!std::isfinite(box_transforms[16LL * b + k]))
        throw std::invalid_argument("box_transforms: non-finite value in box " + std::to_string(b));
    for (int k = 0; k < 3; ++k) {
      const double h = box_half_extents[3LL * b + k];
      if (!std::isfinite(h) || h < 0.0)
        throw std::invalid_argument("box_half_extents: negative or non-finite value in box " + std::to_string(b));
    }
  }
  for (int v = 0; v < vertex_count; ++v)
    if (!finite3(vertices + 3LL * v)) throw std::invalid_argument("mesh_vertices: non-finite vertex " + std::to_string(v));
  for (long long k = 0; k < 3LL * face_count; ++k)
    if (faces[k] < 0 || faces[k] >= vertex_count)
      throw std::out_of_range("mesh_faces: vertex index " + std::to_string(faces[k]) + " out of range [0, " +
                              std::to_string(vertex_count) + ")");
}

void rasterise_floor(const GeometryView& g, const uint8_t* box_mask, const uint8_t* face_mask, const GridSpec& s,
                     double max_floor_z, double* floor_height) {
  s.validate();
  g.validate();
  if (std::isnan(max_floor_z)) throw std::invalid_argument("max_floor_z must not be NaN");
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::fill(floor_height, floor_height + s.cell_count(), nan);
  auto offer = [&](long long c, double z) {
    if (z <= max_floor_z && (std::isnan(floor_height[c]) || z > floor_height[c])) floor_height[c] = z;
  };
  for (int b = 0; b < g.box_count; ++b) {
    if (box_mask && !box_mask[b]) continue;
    const Obb o = box_at(g, b);
    const Vec3 ex = {obb_radius(o, {1, 0, 0}), obb_radius(o, {0, 1, 0}), 0};
    const CellRange r = cells_covering(s, o.c[0] - ex[0], o.c[0] + ex[0], o.c[1] - ex[1], o.c[1] + ex[1]);
    for (int i = r.i0; i <= r.i1; ++i) {
      for (int j = r.j0; j <= r.j1; ++j) {
        const double x = s.origin_x + (j + 0.5) * s.resolution, y = s.origin_y + (i + 0.5) * s.resolution;
        // Vertical line p(t) = (x, y, t) in box coordinates: q(t) = q0 + t * dz; clip against the slabs.
        double tlo = -std::numeric_limits<double>::infinity(), thi = std::numeric_limits<double>::infinity();
        bool hit = true;
        for (int k = 0; k < 3 && hit; ++k) {
          const double q0 = (x - o.c[0]) * o.axis[k][0] + (y - o.c[1]) * o.axis[k][1] - o.c[2] * o.axis[k][2];
          const double dz = o.axis[k][2];
          if (std::fabs(dz) < 1e-12) {
            hit = std::fabs(q0) <= o.h[k];
          } else {
            double ta = (-o.h[k] - q0) / dz, tb = (o.h[k] - q0) / dz;
            if (ta > tb) std::swap(ta, tb);
            tlo = std::max(tlo, ta);
            thi = std::min(thi, tb);
            hit = tlo <= thi;
          }
        }
        if (hit && std::isfinite(thi)) offer(static_cast<long long>(i) * s.cols + j, thi);
      }
    }
  }
  for (int f = 0; f < g.face_count; ++f) {
    if (face_mask && !face_mask[f]) continue;
    const Vec3 a = vertex(g, g.faces[3LL * f]), b = vertex(g, g.faces[3LL * f + 1]), c = vertex(g, g.faces[3LL * f + 2]);
    const double den = (b[1] - c[1]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[1] - c[1]);
    if (std::fabs(den) < 1e-15) continue;  // vertical or degenerate: no support surface
    const CellRange r = cells_covering(s, std::min({a[0], b[0], c[0]}), std::max({a[0], b[0], c[0]}),
                                       std::min({a[1], b[1], c[1]}), std::max({a[1], b[1], c[1]}));
    for (int i = r.i0; i <= r.i1; ++i) {
      for (int j = r.j0; j <= r.j1; ++j) {
        const double x = s.origin_x + (j + 0.5) * s.resolution, y = s.origin_y + (i + 0.5) * s.resolution;
        const double w0 = ((b[1] - c[1]) * (x - c[0]) + (c[0] - b[0]) * (y - c[1])) / den;
        const double w1 = ((c[1] - a[1]) * (x - c[0]) + (a[0] - c[0]) * (y - c[1])) / den;
        const double w2 = 1.0 - w0 - w1;
        constexpr double eps = -1e-9;  // shared edges between adjacent floor triangles leave no gap
        if (w0 < eps || w1 < eps || w2 < eps) continue;
        offer(static_cast<long long>(i) * s.cols + j, w0 * a[2] + w1 * b[2] + w2 * c[2]);
      }
    }
  }
}

long long rasterise_band(const GeometryView& g, const uint8_t* box_mask, const uint8_t* face_mask, const GridSpec& s,
                         const double* floor_height, double band_lo, double band_hi, uint8_t flag, uint8_t* out) {
  s.validate();
  g.validate();
  if (!(std::isfinite(band_lo) && std::isfinite(band_hi)) || band_hi < band_lo)
    throw std::invalid_argument("height band must be finite with band_lo <= band_hi");
  const double hr = 0.5 * s.resolution;
  long long marked = 0;
  auto column = [&](int i, int j, Vec3& c, Vec3& e) {
    const double f = floor_height[static_cast<long long>(i) * s.cols + j];
    if (std::isnan(f)) return false;
    c = {s.origin_x + (j + 0.5) * s.resolution, s.origin_y + (i + 0.5) * s.resolution, f + 0.5 * (band_lo + band_hi)};
    e = {hr, hr, 0.5 * (band_hi - band_lo)};
    return true;
  };
  auto mark = [&](int i, int j) {
    uint8_t& v = out[static_cast<long long>(i) * s.cols + j];
    if (!(v & flag)) ++marked;
    v |= flag;
  };
  for (int b = 0; b < g.box_count; ++b) {
    if (box_mask && !box_mask[b]) continue;
    const Obb o = box_at(g, b);
    const double rx = obb_radius(o, {1, 0, 0}), ry = obb_radius(o, {0, 1, 0});
    const CellRange r = cells_covering(s, o.c[0] - rx, o.c[0] + rx, o.c[1] - ry, o.c[1] + ry);
    for (int i = r.i0; i <= r.i1; ++i)
      for (int j = r.j0; j <= r.j1; ++j) {
        Vec3 c, e;
        if (column(i, j, c, e) && obb_overlaps_aabb(o, c, e)) mark(i, j);
      }
  }
  for (int f = 0; f < g.face_count; ++f) {
    if (face_mask && !face_mask[f]) continue;
    const Vec3 a = vertex(g, g.faces[3LL * f]), b = vertex(g, g.faces[3LL * f + 1]), c = vertex(g, g.faces[3LL * f + 2]);
    const CellRange r = cells_covering(s, std::min({a[0], b[0], c[0]}), std::max({a[0], b[0], c[0]}),
                                       std::min({a[1], b[1], c[1]}), std::max({a[1], b[1], c[1]}));
    for (int i = r.i0; i <= r.i1; ++i)
      for (int j = r.j0; j <= r.j1; ++j) {
        Vec3 cc, e;
        if (column(i, j, cc, e) && triangle_overlaps_aabb(a, b, c, cc, e)) mark(i, j);
      }
  }
  return marked;
}

}  // namespace iw::grid
