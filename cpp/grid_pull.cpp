// String pulling under the weighted cost (paper appendix B.2.1: shortcut only where collision-free and the
// weighted cost does not rise).
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "iw/grid.hpp"

namespace iw::grid {

double segment_cost(const uint8_t* passable, const double* node_cost, const GridSpec& s, double x0, double y0,
                    double x1, double y1) {
  const double inf = std::numeric_limits<double>::infinity();
  if (!(std::isfinite(x0) && std::isfinite(y0) && std::isfinite(x1) && std::isfinite(y1)))
    throw std::invalid_argument("segment_cost: end points must be finite");
  // Grid coordinates in cell units.
  const double u0 = (x0 - s.origin_x) / s.resolution, v0 = (y0 - s.origin_y) / s.resolution;
  const double u1 = (x1 - s.origin_x) / s.resolution, v1 = (y1 - s.origin_y) / s.resolution;
  // Far outside the grid: blocked (and keeps the integer casts below well defined).
  const double lim = 1e9;
  if (std::fabs(u0) > lim || std::fabs(v0) > lim || std::fabs(u1) > lim || std::fabs(v1) > lim) return inf;
  int j = static_cast<int>(std::floor(u0)), i = static_cast<int>(std::floor(v0));
  const int jend = static_cast<int>(std::floor(u1)), iend = static_cast<int>(std::floor(v1));
  auto cell_ok = [&](int ii, int jj) {
    return ii >= 0 && ii < s.rows && jj >= 0 && jj < s.cols && passable[static_cast<long long>(ii) * s.cols + jj];
  };
  auto weight = [&](int ii, int jj) { return 1.0 + (node_cost ? node_cost[static_cast<long long>(ii) * s.cols + jj] : 0.0); };
  if (!cell_ok(i, j) || !cell_ok(iend, jend)) return inf;
  const double du = u1 - u0, dv = v1 - v0;
  const double length = std::hypot(x1 - x0, y1 - y0);
  if (length == 0.0) return 0.0;
  const int sj = du > 0 ? 1 : (du < 0 ? -1 : 0), si = dv > 0 ? 1 : (dv < 0 ? -1 : 0);
  // Parameter t in [0, 1] at which the segment crosses the next vertical / horizontal cell boundary.
  double tx = sj == 0 ? inf : ((sj > 0 ? j + 1 : j) - u0) / du;
  double ty = si == 0 ? inf : ((si > 0 ? i + 1 : i) - v0) / dv;
  const double dtx = sj == 0 ? inf : 1.0 / std::fabs(du), dty = si == 0 ? inf : 1.0 / std::fabs(dv);
  double t = 0.0, cost = 0.0;
  const int max_steps = std::abs(jend - j) + std::abs(iend - i) + 2;
  for (int step = 0; step <= max_steps; ++step) {
    const double tn = std::min({tx, ty, 1.0});
    cost += (tn - t) * length * weight(i, j);
    t = tn;
    if (tn >= 1.0 || (i == iend && j == jend)) {
      if (t < 1.0) cost += (1.0 - t) * length * weight(i, j);
      return cost;
    }
    if (std::fabs(tx - ty) <= 1e-12) {
      // Through a cell corner: both side cells are touched (no corner cutting).
      if (!cell_ok(i, j + sj) || !cell_ok(i + si, j)) return inf;
      j += sj;
      i += si;
      tx += dtx;
      ty += dty;
    } else if (tx < ty) {
      j += sj;
      tx += dtx;
    } else {
      i += si;
      ty += dty;
    }
    if (!cell_ok(i, j)) return inf;
  }
  return cost;
}

std::vector<int32_t> string_pull(const uint8_t* passable, const double* node_cost, const GridSpec& s,
                                 const double* points, int count) {
  s.validate();
  if (count <= 0) throw std::invalid_argument("string_pull: polyline must have at least one point");
  std::vector<int32_t> keep{0};
  if (count == 1) return keep;
  // prefix[m] = cost of the polyline from point 0 to point m.
  std::vector<double> prefix(count, 0.0);
  for (int m = 1; m < count; ++m) {
    const double c = segment_cost(passable, node_cost, s, points[2 * (m - 1)], points[2 * (m - 1) + 1],
                                  points[2 * m], points[2 * m + 1]);
    prefix[m] = prefix[m - 1] + c;
  }
  int a = 0;
  while (a < count - 1) {
    int best = a + 1;
    for (int jj = a + 2; jj < count; ++jj) {
      const double c = segment_cost(passable, node_cost, s, points[2 * a], points[2 * a + 1], points[2 * jj],
                                    points[2 * jj + 1]);
      const double old = prefix[jj] - prefix[a];
      if (!(c <= old + 1e-12 * (1.0 + old))) break;
      best = jj;
    }
    keep.push_back(best);
    a = best;
  }
  return keep;
}

}  // namespace iw::grid
