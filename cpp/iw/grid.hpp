// Occupancy-grid navigation core (paper appendix B.2.1; numbers in DESIGN.md, "Numbers from the paper").
//
// Grid convention: a row-major (rows, cols) array; row index follows +y, column index +x. Cell (i, j) covers
// [ox + j*res, ox + (j+1)*res) x [oy + i*res, oy + (i+1)*res) in the world xy plane (z-up, metres), where
// (ox, oy) is the grid origin. Cell centres are at origin + (j + 0.5, i + 0.5) * res.
//
// All functions take raw pointers with explicit sizes so that callers can hand over numpy buffers without
// copies. Bad input throws std::invalid_argument / std::out_of_range.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <new>
#include <vector>

namespace iw::grid {

// ---------------------------------------------------------------------------------------------------------
// Grid description
// ---------------------------------------------------------------------------------------------------------
struct GridSpec {
  double origin_x = 0.0;
  double origin_y = 0.0;
  double resolution = 0.10;
  int rows = 0;
  int cols = 0;
  void validate() const;  // throws std::invalid_argument on non-positive/NaN values
  long long cell_count() const { return static_cast<long long>(rows) * cols; }
};

// ---------------------------------------------------------------------------------------------------------
// Rasterisation of collision geometry (grid_raster.cpp)
// ---------------------------------------------------------------------------------------------------------
// Oriented boxes: transforms (n, 4, 4) world-from-box row-major, half extents (n, 3).
// Triangles: vertices (v, 3), faces (f, 3) int32.
struct GeometryView {
  const double* box_transforms = nullptr;
  const double* box_half_extents = nullptr;
  int box_count = 0;
  const double* vertices = nullptr;
  int vertex_count = 0;
  const int32_t* faces = nullptr;
  int face_count = 0;
  void validate() const;  // face indices in range, finite numbers
};

// Local floor height per cell: the top of the highest selected surface crossed by the vertical line through the
// cell centre whose height is <= max_floor_z. Cells without such a surface get NaN. `box_mask` / `face_mask`
// (may be null = all) select the FLOOR geometry. Output: floor_height (rows*cols).
void rasterise_floor(const GeometryView& geom, const uint8_t* box_mask, const uint8_t* face_mask,
                     const GridSpec& spec, double max_floor_z, double* floor_height);

// Marks (out[c] |= flag) every cell whose column prism [cell square] x [floor + band_lo, floor + band_hi]
// intersects a selected box or triangle (exact separating-axis tests). Cells with NaN floor height are skipped
// (they are blocked for lack of support anyway). Returns the number of newly marked cells.
long long rasterise_band(const GeometryView& geom, const uint8_t* box_mask, const uint8_t* face_mask,
                         const GridSpec& spec, const double* floor_height, double band_lo, double band_hi,
                         uint8_t flag, uint8_t* out);

// ---------------------------------------------------------------------------------------------------------
// Exact Euclidean distance transform (grid_edt.cpp)
// ---------------------------------------------------------------------------------------------------------
// For every cell with free[c] != 0: the Euclidean distance [cells] from its centre to the nearest cell centre with
// free == 0 (0 on blocked cells), times `scale`. Cells beyond the grid are not obstacles (as in
// scipy.ndimage.distance_transform_edt); a grid without blocked cells gives +inf everywhere. Separable
// Felzenszwalb-Huttenlocher lower envelope of parabolas, exact in integer squared distances; threads >= 1.
void distance_transform(const uint8_t* free_mask, int rows, int cols, double scale, double* out, int threads);

// ---------------------------------------------------------------------------------------------------------
// Search (grid_astar.cpp)
// ---------------------------------------------------------------------------------------------------------
// Per-cell entry cost of eq. (2) without the step length: lam * max(0, d_safe - D(n)) + c_door(n). door_cost may
// be null (no door layer). Output node_cost (rows*cols).
void clearance_cost_layer(const double* clearance, const double* door_cost, long long n, double lam, double d_safe,
                          double* node_cost);

struct AStarResult {
  bool found = false;
  double cost = 0.0;                // [m-equivalent] sum of r*(l8 + node_cost(n')) over the steps
  std::vector<int32_t> cells;       // flat indices from start to goal, inclusive
  long long expanded = 0;           // nodes closed
};

// Storage aligned to `Align` bytes: one landmark row of eight doubles is then one cache line.
template <class T, std::size_t Align>
struct AlignedAllocator {
  using value_type = T;
  AlignedAllocator() = default;
  template <class U>
  AlignedAllocator(const AlignedAllocator<U, Align>&) {}
  template <class U>
  struct rebind {
    using other = AlignedAllocator<U, Align>;
  };
  T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t(Align))); }
  void deallocate(T* p, std::size_t) { ::operator delete(p, std::align_val_t(Align)); }
  friend bool operator==(const AlignedAllocator&, const AlignedAllocator&) { return true; }
  friend bool operator!=(const AlignedAllocator&, const AlignedAllocator&) { return false; }
};

// Landmark distances for the A* heuristic (ALT: Goldberg and Harrelson, "Computing the shortest path: A* search
// meets graph theory", SODA 2005), measured on a landmark graph: the 8-connected moves (no corner cutting) of
// `mask` with step cost r * (l8 + cost[n']) (cost zero when the landmarks are geometric). `to(c, k)` is the cost
// from landmark k to cell c and `from(c, k)` the cost from c to the landmark, +inf where unreachable; only the
// former is stored (one cell's entries side by side), the latter follows from it because reversing a path swaps
// which end's entry cost it pays. On a query graph whose traversable cells lie inside `mask` and whose node costs
// are >= `cost` cell by cell, both to(g, k) - to(n, k) and from(n, k) - from(g, k) are lower bounds on the cost
// from n to g (triangle inequality on the landmark graph, whose every path is a path of the query graph at no
// higher cost).
struct Landmarks {
  int rows = 0, cols = 0, count = 0;
  double resolution = 0.0;
  double margin = 0.0;              // [m] subtracted from every bound: covers the rounding of the tables
  bool has_cost = false;            // false: geometric landmarks (valid for any node costs >= 0)
  std::vector<int32_t> cells;       // (count,) flat landmark cells
  std::vector<uint8_t> mask;        // (rows*cols,) 1 = traversable in the landmark graph
  std::vector<double> cost;         // (rows*cols,) node costs of the landmark graph (empty when geometric)
  std::vector<double, AlignedAllocator<double, 64>> table;  // (rows*cols*count,) to(c, k) at [count*c + k]
  double to(long long c, int k) const { return table[c * count + k]; }
  // cost(c -> L) = cost(L -> c) - r cost(c) + r cost(L)
  double from(long long c, int k) const {
    const double t = to(c, k);
    if (!has_cost || !(t < std::numeric_limits<double>::infinity())) return t;
    return t - resolution * cost[c] + resolution * cost[cells[k]];
  }
};

// `count` landmarks on `passable` (1..64) with node costs `node_cost` (null: geometric), chosen farthest-first:
// each new one is the traversable cell farthest from those chosen so far (a cell no landmark reaches counts as
// farthest, so every component gets one). One Dijkstra run per landmark plus one to seed the choice; fewer
// landmarks when there are fewer traversable cells.
Landmarks build_landmarks(const uint8_t* passable, const double* node_cost, int rows, int cols, double resolution,
                          int count);

// 8-connected A* on `passable` (non-zero = traversable) with step cost r*(l8 + node_cost[n']) and no diagonal
// corner cutting (a diagonal step needs both orthogonal neighbours traversable). Heuristic: r * octile distance
// plus the goal's own entry cost r * node_cost[goal] for every cell but the goal (the last step always pays it)
// and, with `landmarks`, the larger of that and the landmark bounds (minus the margin); every term is consistent
// because node_cost >= 0 (checked). `landmarks` must come from a mask holding every traversable cell of
// `passable` and, unless geometric, from costs no higher than `node_cost`, at the same grid size and resolution
// (all checked). The open list is a ring of LIFO buckets of width 0.1 r over f (with landmarks, an expansion's
// neighbours enter it nearest the goal last, so that equal-f cells nearer the goal leave first); nodes are
// reopened when their g improves and the search stops once the lowest bucket cannot beat the goal's g, so the
// returned cost is the exact optimum. Start and goal must be traversable, else not found. `cost` is summed along
// the returned cells.
// Cost per query: one vectorised check of every cell (the preconditions above) plus work on the cells reached;
// the search state lives in per-thread scratch reused from query to query (no per-query allocation or clearing).
AStarResult astar(const uint8_t* passable, const double* node_cost, int rows, int cols, double resolution,
                  int32_t start, int32_t goal, const Landmarks* landmarks = nullptr);

// Single-source Dijkstra on the same graph: cost-to-reach [m-equivalent] for each cell, +inf if unreachable.
void dijkstra_field(const uint8_t* passable, const double* node_cost, int rows, int cols, double resolution,
                    int32_t start, double* out);

// Connected component of `start` (8-connected, no corner cutting): out[c] = 1 where reachable.
void reachable_mask(const uint8_t* passable, int rows, int cols, int32_t start, uint8_t* out);

// ---------------------------------------------------------------------------------------------------------
// String pulling (grid_pull.cpp)
// ---------------------------------------------------------------------------------------------------------
// Continuous weighted cost of a straight segment between two world points: integral of (1 + node_cost(p)) ds,
// exact for the piecewise-constant cell field (grid traversal). Returns +inf when the segment touches a
// non-traversable or out-of-grid cell (a segment through a cell corner touches all cells at that corner).
double segment_cost(const uint8_t* passable, const double* node_cost, const GridSpec& spec, double x0, double y0,
                    double x1, double y1);

// Greedy string pulling of a polyline (k points, world xy interleaved): from each anchor, extend the shortcut
// while it is collision-free and its segment_cost does not exceed the polyline cost it replaces. Returns the kept
// point indices (first and last always kept).
std::vector<int32_t> string_pull(const uint8_t* passable, const double* node_cost, const GridSpec& spec,
                                 const double* points, int count);

}  // namespace iw::grid

namespace iw::grid {

// ---------------------------------------------------------------------------------------------------------
// Stance candidates (grid_stance.cpp)
// ---------------------------------------------------------------------------------------------------------
struct StanceCandidate {
  double x, y;        // standing position [m] (cell centre)
  double yaw;         // [rad] heading that faces the contact point
  double ring;        // ring radius [m] the sample came from
  double distance;    // horizontal distance to the contact point [m]
  double route_cost;  // cost-to-reach from the current pose [m-equivalent]
};

// Limits on the sampling (0.1 degree spacing; far more rings than any reach needs): larger requests are rejected.
constexpr int kMaxStanceAngles = 3600;
constexpr int kMaxStanceRings = 1024;

// Samples standing poses on rings (radii [m]) around the contact point, `angles` per ring, keeps those whose cell
// has clearance >= body_radius (clearance is 0 on blocked and unsupported cells) and a finite route cost, one per
// cell, ordered by ring radius then route cost (nearest to the contact, then nearest to reach). Throws
// std::invalid_argument for angles outside [1, kMaxStanceAngles], more than kMaxStanceRings radii, or non-finite /
// negative radii, body radius or contact point.
std::vector<StanceCandidate> stance_candidates(const double* clearance, const double* route_cost, const GridSpec& spec,
                                               double cx, double cy, const double* radii, int radius_count,
                                               int angles, double body_radius);

}  // namespace iw::grid
