// Stance candidates on rings around a contact point (paper appendix B.2.1, "Stance selection").
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <unordered_set>

#include "iw/grid.hpp"

namespace iw::grid {

std::vector<StanceCandidate> stance_candidates(const double* clearance, const double* route_cost, const GridSpec& s,
                                               double cx, double cy, const double* radii, int radius_count,
                                               int angles, double body_radius) {
  s.validate();
  if (!(std::isfinite(cx) && std::isfinite(cy))) throw std::invalid_argument("contact point must be finite");
  if (angles <= 0 || angles > kMaxStanceAngles)
    throw std::invalid_argument("angles per ring must be in [1, " + std::to_string(kMaxStanceAngles) + "], got " +
                                std::to_string(angles));
  if (radius_count < 0 || radius_count > kMaxStanceRings)
    throw std::invalid_argument("ring count must be in [0, " + std::to_string(kMaxStanceRings) + "], got " +
                                std::to_string(radius_count));
  if (!(body_radius >= 0.0) || !std::isfinite(body_radius))
    throw std::invalid_argument("body_radius must be finite and >= 0");
  for (int k = 0; k < radius_count; ++k)
    if (!(radii[k] >= 0.0) || !std::isfinite(radii[k]))
      throw std::invalid_argument("ring radii must be finite and >= 0");
  constexpr double kPi = 3.14159265358979323846;
  std::vector<StanceCandidate> out;
  std::unordered_set<long long> seen;
  for (int k = 0; k < radius_count; ++k) {
    for (int a = 0; a < angles; ++a) {
      const double th = 2.0 * kPi * a / angles;
      const double px = cx + radii[k] * std::cos(th), py = cy + radii[k] * std::sin(th);
      const double fj = std::floor((px - s.origin_x) / s.resolution), fi = std::floor((py - s.origin_y) / s.resolution);
      if (fi < 0 || fj < 0 || fi >= s.rows || fj >= s.cols) continue;
      const long long c = static_cast<long long>(fi) * s.cols + static_cast<long long>(fj);
      if (!seen.insert(c).second) continue;
      if (!(clearance[c] >= body_radius) || clearance[c] <= 0.0 || !std::isfinite(route_cost[c])) continue;
      StanceCandidate sc;
      sc.x = s.origin_x + (fj + 0.5) * s.resolution;
      sc.y = s.origin_y + (fi + 0.5) * s.resolution;
      sc.yaw = std::atan2(cy - sc.y, cx - sc.x);
      sc.ring = radii[k];
      sc.distance = std::hypot(cx - sc.x, cy - sc.y);
      sc.route_cost = route_cost[c];
      out.push_back(sc);
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const StanceCandidate& a, const StanceCandidate& b) {
    return a.ring < b.ring || (a.ring == b.ring && a.route_cost < b.route_cost);
  });
  return out;
}

}  // namespace iw::grid
