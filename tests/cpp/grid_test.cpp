// C++ unit tests of the navigation core (plain asserts; built with -DIW_BUILD_TESTS=ON).
#undef NDEBUG  // the asserts are the test: keep them in Release builds
#include <cassert>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <vector>

#include "iw/grid.hpp"

using namespace iw::grid;

namespace {

bool near(double a, double b, double tol = 1e-12) { return std::fabs(a - b) <= tol; }

template <class F>
bool throws_invalid(F&& f) {
  try {
    f();
  } catch (const std::invalid_argument&) {
    return true;
  } catch (const std::out_of_range&) {
    return true;
  }
  return false;
}

void test_distance_transform() {
  // 3 x 4 grid, one blocked cell at (1, 1): distances are hand-worked Euclidean cell distances.
  std::vector<uint8_t> free(12, 1);
  free[1 * 4 + 1] = 0;
  std::vector<double> d(12);
  distance_transform(free.data(), 3, 4, 0.1, d.data(), 2);
  assert(near(d[1 * 4 + 1], 0.0));
  assert(near(d[0], std::sqrt(2.0) * 0.1));
  assert(near(d[1 * 4 + 3], 0.2));
  assert(near(d[2 * 4 + 3], std::sqrt(5.0) * 0.1));
  std::vector<uint8_t> none(6, 1);
  std::vector<double> e(6);
  distance_transform(none.data(), 2, 3, 1.0, e.data(), 1);
  assert(std::isinf(e[0]));
  assert(throws_invalid([&] { distance_transform(free.data(), 0, 4, 0.1, d.data(), 1); }));
}

void test_astar_corner_and_cost() {
  // 2 x 2 with (0, 1) blocked: the diagonal (0, 0) -> (1, 1) would cut its corner; two steps instead.
  std::vector<uint8_t> p = {1, 0, 1, 1};
  AStarResult r = astar(p.data(), nullptr, 2, 2, 1.0, 0, 3);
  assert(r.found && r.cells.size() == 3 && near(r.cost, 2.0));
  assert(r.cells[1] == 2);
  // Both side cells blocked: unreachable.
  std::vector<uint8_t> q = {1, 0, 0, 1};
  assert(!astar(q.data(), nullptr, 2, 2, 1.0, 0, 3).found);
  // Open 3 x 3 with an entry cost on the centre: the diagonal through it costs 2*sqrt2 + 5 > the way around.
  std::vector<uint8_t> open(9, 1);
  std::vector<double> c(9, 0.0);
  c[4] = 5.0;
  r = astar(open.data(), c.data(), 3, 3, 1.0, 0, 8);
  assert(r.found && near(r.cost, 2.0 + std::sqrt(2.0)));
  std::vector<double> field(9);
  dijkstra_field(open.data(), c.data(), 3, 3, 1.0, 0, field.data());
  assert(near(field[8], r.cost) && near(field[4], std::sqrt(2.0) + 5.0));
  c[2] = -1.0;
  assert(throws_invalid([&] { astar(open.data(), c.data(), 3, 3, 1.0, 0, 8); }));
  // The search state is reused between queries: a second search from another start owes nothing to the first.
  c[2] = 0.0;
  assert(near(astar(open.data(), c.data(), 3, 3, 1.0, 2, 6).cost, 2.0 + std::sqrt(2.0)));  // around the centre
  // A bad cost where the search never goes (walled off) is refused all the same.
  std::vector<uint8_t> walled = {1, 1, 0, 1, 1, 0, 0, 0, 1};
  std::vector<double> far(9, 0.0);
  far[8] = std::numeric_limits<double>::quiet_NaN();
  assert(throws_invalid([&] { astar(walled.data(), far.data(), 3, 3, 1.0, 0, 4); }));
  assert(throws_invalid([&] { astar(open.data(), nullptr, 3, 3, 1.0, 0, 9); }));
}

void test_landmark_astar() {
  // 3 x 5 room with a wall in the middle column except the bottom row: landmarks on the open room keep the
  // optimum of plain A*, and a landmark graph missing a traversable cell is refused.
  std::vector<uint8_t> p(15, 1);
  p[2] = p[7] = 0;
  std::vector<double> c(15, 0.25);
  const Landmarks lm = build_landmarks(p.data(), c.data(), 3, 5, 1.0, 3);
  assert(lm.count == 3 && lm.has_cost);
  const AStarResult plain = astar(p.data(), c.data(), 3, 5, 1.0, 0, 4);
  const AStarResult alt = astar(p.data(), c.data(), 3, 5, 1.0, 0, 4, &lm);
  assert(plain.found && alt.found && near(plain.cost, alt.cost) && alt.expanded <= plain.expanded);
  std::vector<uint8_t> q(p);
  q[2] = 1;  // traversable here, blocked in the landmark graph
  assert(throws_invalid([&] { astar(q.data(), c.data(), 3, 5, 1.0, 0, 4, &lm); }));
}

void test_segment_cost_and_pull() {
  GridSpec s;
  s.rows = 3;
  s.cols = 3;
  s.resolution = 1.0;
  std::vector<uint8_t> p(9, 1);
  std::vector<double> c(9, 0.0);
  c[1] = 1.0;  // cell (0, 1)
  // Horizontal through row 0 centre from x = 0.5 to 2.5: 0.5 + 1 * (1 + 1) + 0.5.
  assert(near(segment_cost(p.data(), c.data(), s, 0.5, 0.5, 2.5, 0.5), 3.0));
  p[4] = 0;  // block the centre: the diagonal from (0,0) to (2,2) through it is infinite
  assert(std::isinf(segment_cost(p.data(), nullptr, s, 0.5, 0.5, 2.5, 2.5)));
  // An L-shaped polyline around the blocked centre keeps its corner.
  const double pts[] = {0.5, 0.5, 1.5, 0.5, 2.5, 0.5, 2.5, 1.5, 2.5, 2.5};
  std::vector<int32_t> keep = string_pull(p.data(), nullptr, s, pts, 5);
  assert(keep.size() == 3 && keep[0] == 0 && keep[1] == 2 && keep[2] == 4);
}

void test_rasterise() {
  // A 0.1 m wall box x in [0.2, 0.3], y in [0, 0.5], z in [0, 2] on a floor at z = 0.
  const double tf[32] = {1, 0, 0, 0.25, 0, 1, 0, 0.25, 0, 0, 1, 1.0, 0, 0, 0, 1,
                         1, 0, 0, 0.25, 0, 1, 0, 0.25, 0, 0, 1, -0.05, 0, 0, 0, 1};
  const double he[6] = {0.05, 0.25, 1.0, 0.25, 0.25, 0.05};
  GeometryView g;
  g.box_transforms = tf;
  g.box_half_extents = he;
  g.box_count = 2;
  GridSpec s;
  s.rows = 5;
  s.cols = 5;
  s.resolution = 0.1;
  const uint8_t floor_mask[2] = {0, 1}, wall_mask[2] = {1, 0};
  std::vector<double> fh(25);
  rasterise_floor(g, floor_mask, nullptr, s, 0.5, fh.data());
  for (double z : fh) assert(near(z, 0.0));
  std::vector<uint8_t> out(25, 0);
  const long long marked = rasterise_band(g, wall_mask, nullptr, s, fh.data(), 0.2, 1.9, 1, out.data());
  assert(marked == 5);
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j) assert(out[i * 5 + j] == (j == 2 ? 1 : 0));
}

}  // namespace

int main() {
  test_distance_transform();
  test_astar_corner_and_cost();
  test_landmark_astar();
  test_segment_cost_and_pull();
  test_rasterise();
  std::puts("grid_test: all passed");
  return 0;
}
