// 8-connected A* / Dijkstra with the clearance-weighted step cost of paper eq. (2) (appendix B.2.1).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "iw/grid.hpp"

#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#endif

namespace iw::grid {
namespace {

// The relaxation lambda is called at eight sites per expansion; left to itself GCC keeps it out of line and reloads
// every captured variable on each call.
#if defined(__GNUC__)
#define IW_ALWAYS_INLINE __attribute__((always_inline))
#else
#define IW_ALWAYS_INLINE
#endif

constexpr double kSqrt2 = 1.4142135623730951;
// Bucket width of the open list, in units of the resolution: wide enough that few buckets are empty, narrow
// enough that few nodes are reopened.
constexpr double kBucketWidth = 0.1;
// Nodes whose f is within this relative distance of the goal's g are not expanded: an exact heuristic puts whole
// plateaus of equally short paths at f = g(goal) up to rounding, and none of them can lead to a cheaper goal by
// more than the rounding of a sum of doubles.
constexpr double kTieTolerance = 1e-13;

void check_grid(int rows, int cols) {
  if (rows <= 0 || cols <= 0)
    throw std::invalid_argument("grid must be non-empty 2-D, got (" + std::to_string(rows) + ", " +
                                std::to_string(cols) + ")");
  if (static_cast<long long>(rows) * cols >= (1LL << 31)) throw std::invalid_argument("grid too large");
}

void check_cell(int32_t c, int rows, int cols, const char* what) {
  if (c < 0 || static_cast<long long>(c) >= static_cast<long long>(rows) * cols)
    throw std::out_of_range(std::string(what) + " cell index " + std::to_string(c) + " outside the grid");
}

// Open list: a ring of LIFO buckets of width `width` over f (a Dial-style bucket queue for real-valued keys).
// Entries inside one bucket leave in LIFO order, so a node can be closed with a g that is still up to `width`
// too high; the searches below therefore reopen a node whenever its g improves (label correcting) and stop only
// when the lowest bucket cannot hold anything cheaper than the best goal cost, which keeps them exact. Pushes and
// pops are O(1); LIFO order within a bucket acts as a depth-first tie-break across open rooms.
struct Node {
  double g;
  int32_t cell;
};

using Buckets = std::vector<std::vector<Node>>;

class OpenList {
 public:
  // f0: the smallest key ever pushed; span: largest amount a push can exceed the key being expanded. The buckets
  // live in `storage`, emptied here: a caller that keeps it between searches keeps their capacity.
  OpenList(double f0, double width, double span, Buckets& storage) : base_(f0), ring_(storage) {
    if (!std::isfinite(f0) || !std::isfinite(span) || !(width > 0.0))
      throw std::invalid_argument("step costs too large for the search (non-finite cost sums)");
    constexpr double kMaxBuckets = 1 << 20;  // extreme cost layers get wider buckets (still exact)
    if (span / width > kMaxBuckets) width = span / kMaxBuckets;
    width_ = width;
    inv_width_ = 1.0 / width;
    const size_t need = static_cast<size_t>(std::ceil(span * inv_width_)) + 3;
    size_t n = 16;
    while (n < need) n <<= 1;
    if (ring_.size() < n) ring_.resize(n);
    for (size_t k = 0; k < n; ++k) ring_[k].clear();
    mask_ = n - 1;
  }
  bool empty() const { return count_ == 0; }
  void push(double f, const Node& x) {
    const double rel = (f - base_) * inv_width_;
    if (!(rel < 4e18)) throw std::invalid_argument("path cost too large for the search");
    size_t b = rel > 0.0 ? static_cast<size_t>(rel) : 0;
    if (b < cur_) b = cur_;  // rounding can put a key a hair below the bucket being expanded
    ring_[b & mask_].push_back(x);
    ++count_;
  }
  // Pops from the lowest non-empty bucket; `lower` receives that bucket's lower bound on f.
  Node pop(double& lower) {
    while (ring_[cur_ & mask_].empty()) ++cur_;
    std::vector<Node>& bucket = ring_[cur_ & mask_];
    const Node x = bucket.back();
    bucket.pop_back();
    --count_;
    lower = base_ + static_cast<double>(cur_) * width_;
    return x;
  }

 private:
  double base_, width_, inv_width_;
  Buckets& ring_;
  size_t mask_ = 0, cur_ = 0, count_ = 0;
};

// Per-cell search state of one query, valid only when `stamp` equals the query's generation: a query initialises
// the cells it reaches instead of the whole grid.
struct Rec {
  double g;
  int32_t parent;
  uint32_t stamp;
};

struct AStarScratch {
  std::vector<Rec> rec;
  uint32_t generation = 0;
  Buckets open;
};

// The landmark part of the heuristic at cell c toward the goal, whose table row is `tg`: with d_k = to(c, k) -
// to(g, k), the "to" bounds are -d_k and the "from" bounds d_k - r c(c) + r c(g) (Landmarks::from), where r c(c)
// may be replaced by the query's entry cost `entry_c` (no lower: the bound only loosens) and `entry_g` is the
// landmark graph's r c(g) (0 when geometric). Returns the best bound, or +inf when c and the goal lie in
// different components (no path). An entry unreachable from landmark k is +inf: one such of c and g gives
// d_k = +-inf (different components), both give NaN, which the comparisons drop.
inline double landmark_bound(const Landmarks& lm, const double* tg, long long c, double entry_c, double entry_g) {
  const int K = lm.count;
  const double* tc = lm.table.data() + c * K;
  const double inf = std::numeric_limits<double>::infinity();
  double lo = inf, hi = -inf;
  for (int k = 0; k < K; ++k) {
    const double d = tc[k] - tg[k];
    lo = d < lo ? d : lo;
    hi = d > hi ? d : hi;
  }
  const double back = lm.has_cost ? hi - entry_c + entry_g : hi;
  return std::max(-lo, back) - lm.margin;
}

// Neighbour k of (i, j): 0..3 orthogonal (E, W, N, S), 4..7 diagonal (NE, NW, SE, SW).
constexpr int kDi[8] = {0, 0, 1, -1, 1, 1, -1, -1};
constexpr int kDj[8] = {1, -1, 0, 0, 1, -1, 1, -1};
// For diagonal k (4..7), the two orthogonal neighbours that must be free (no corner cutting).
constexpr int kSideA[8] = {-1, -1, -1, -1, 0, 1, 0, 1};
constexpr int kSideB[8] = {-1, -1, -1, -1, 2, 2, 3, 3};

// Expands `cell`, calling relax(next, step_cost) for every admissible neighbour.
template <class Relax>
inline void for_each_neighbour(const uint8_t* passable, const double* node_cost, int rows, int cols, double r,
                               int32_t cell, Relax&& relax) {
  const int i = cell / cols, j = cell - i * cols;
  bool ok[4];
  int32_t nb[4];
  for (int k = 0; k < 4; ++k) {
    const int ni = i + kDi[k], nj = j + kDj[k];
    ok[k] = ni >= 0 && ni < rows && nj >= 0 && nj < cols;
    nb[k] = ok[k] ? ni * cols + nj : -1;
    ok[k] = ok[k] && passable[nb[k]];
    if (ok[k]) relax(nb[k], r * (1.0 + (node_cost ? node_cost[nb[k]] : 0.0)));
  }
  for (int k = 4; k < 8; ++k) {
    if (!(ok[kSideA[k]] && ok[kSideB[k]])) continue;  // in-grid and free on both sides
    const int32_t n = (i + kDi[k]) * cols + (j + kDj[k]);
    if (passable[n]) relax(n, r * (kSqrt2 + (node_cost ? node_cost[n] : 0.0)));
  }
}

void check_costs(const double* node_cost, long long n) {
  if (!node_cost) return;
  for (long long c = 0; c < n; ++c)
    if (!(node_cost[c] >= 0.0) || std::isinf(node_cost[c]))
      throw std::invalid_argument("node cost must be finite and >= 0 (cell " + std::to_string(c) + ")");
}

}  // namespace

void clearance_cost_layer(const double* clearance, const double* door_cost, long long n, double lam, double d_safe,
                          double* node_cost) {
  if (!(lam >= 0.0) || !std::isfinite(lam)) throw std::invalid_argument("lam must be finite and >= 0");
  if (!(d_safe >= 0.0) || !std::isfinite(d_safe)) throw std::invalid_argument("d_safe must be finite and >= 0");
  for (long long c = 0; c < n; ++c) {
    const double D = clearance[c];
    if (std::isnan(D)) throw std::invalid_argument("clearance contains NaN (cell " + std::to_string(c) + ")");
    double v = lam * std::max(0.0, d_safe - D);
    if (door_cost) {
      if (!(door_cost[c] >= 0.0) || std::isinf(door_cost[c]))
        throw std::invalid_argument("door cost must be finite and >= 0 (cell " + std::to_string(c) + ")");
      v += door_cost[c];
    }
    node_cost[c] = v;
  }
}

// The landmark bounds hold for a search on this grid (checked once per search) ...
void check_landmarks(const Landmarks& lm, bool have_cost, int rows, int cols, double resolution) {
  if (lm.rows != rows || lm.cols != cols)
    throw std::invalid_argument("landmarks: built for a (" + std::to_string(lm.rows) + ", " + std::to_string(lm.cols) +
                                ") grid, passable is (" + std::to_string(rows) + ", " + std::to_string(cols) + ")");
  if (lm.resolution != resolution)
    throw std::invalid_argument("landmarks: built at resolution " + std::to_string(lm.resolution) +
                                ", the search uses " + std::to_string(resolution));
  if (lm.has_cost && !have_cost)
    throw std::invalid_argument("landmarks: built with node costs, the search has none (bounds would not hold)");
}

// ... and at each cell: traversable only where the landmark graph is, at a node cost no lower than its.
inline void check_landmark_cell(const Landmarks& lm, uint8_t traversable, double cost, long long c) {
  if (traversable && !lm.mask[c])
    throw std::invalid_argument("landmarks: cell " + std::to_string(c) +
                                " is traversable but blocked in the landmark graph (bounds would not hold)");
  if (lm.has_cost && cost < lm.cost[c])
    throw std::invalid_argument("landmarks: node cost of cell " + std::to_string(c) +
                                " is below the landmark graph's (bounds would not hold)");
}

namespace {

// Branch-free scans that say whether the inputs are valid; the slow loop in `throw_first_bad_cell` runs only when
// they fail, to name the first bad cell. Every query pays them over the whole grid, so the cost scan is written
// with SSE2 (part of every x86-64 target; a scalar loop elsewhere): compilers do not vectorise a flag reduction
// over doubles on their own.
bool costs_valid(const double* node_cost, const double* floor_cost, long long n, double& max_cost) {
  const double inf = std::numeric_limits<double>::infinity();
  long long c = 0;
  bool ok = true;
  double m = 0.0;
#if defined(__SSE2__) || defined(_M_X64)
  // Ordered comparisons are false on NaN, so a NaN cost fails `v >= 0`.
  const __m128d zero = _mm_setzero_pd(), vinf = _mm_set1_pd(inf);
  __m128d good = _mm_castsi128_pd(_mm_set1_epi32(-1)), vmax = zero;
  for (; c + 2 <= n; c += 2) {
    const __m128d v = _mm_loadu_pd(node_cost + c);
    __m128d g = _mm_and_pd(_mm_cmpge_pd(v, zero), _mm_cmplt_pd(v, vinf));
    if (floor_cost) g = _mm_and_pd(g, _mm_cmpge_pd(v, _mm_loadu_pd(floor_cost + c)));
    good = _mm_and_pd(good, g);
    vmax = _mm_max_pd(vmax, v);
  }
  ok = _mm_movemask_pd(good) == 3;
  double lanes[2];
  _mm_storeu_pd(lanes, vmax);
  m = std::max(lanes[0], lanes[1]);
#endif
  for (; c < n; ++c) {
    const double v = node_cost[c];
    ok = ok && v >= 0.0 && v < inf && (!floor_cost || v >= floor_cost[c]);
    m = std::max(m, v);
  }
  max_cost = m;
  return ok;
}

bool inside_mask(const uint8_t* passable, const uint8_t* mask, long long n) {
  uint8_t bad = 0;
  for (long long c = 0; c < n; ++c) bad |= static_cast<uint8_t>((passable[c] != 0) & (mask[c] == 0));
  return bad == 0;
}

[[noreturn]] void throw_first_bad_cell(const uint8_t* passable, const double* node_cost, long long n,
                                       const Landmarks* lm) {
  for (long long c = 0; c < n; ++c) {
    if (node_cost && (!(node_cost[c] >= 0.0) || std::isinf(node_cost[c])))
      throw std::invalid_argument("node cost must be finite and >= 0 (cell " + std::to_string(c) + ")");
    if (lm) check_landmark_cell(*lm, passable[c], node_cost ? node_cost[c] : 0.0, c);
  }
  throw std::logic_error("astar: input scan and cell checks disagree");
}

}  // namespace

AStarResult astar(const uint8_t* passable, const double* node_cost, int rows, int cols, double resolution,
                  int32_t start, int32_t goal, const Landmarks* landmarks) {
  check_grid(rows, cols);
  check_cell(start, rows, cols, "start");
  check_cell(goal, rows, cols, "goal");
  if (!(resolution > 0.0) || !std::isfinite(resolution)) throw std::invalid_argument("resolution must be > 0");
  if (landmarks) check_landmarks(*landmarks, node_cost != nullptr, rows, cols, resolution);
  const long long n = static_cast<long long>(rows) * cols;
  // The costs, and with landmarks their preconditions, are checked on every cell: a bound broken anywhere could
  // make the search miss the optimum without ever reaching the cell that breaks it.
  double max_cost = 0.0;
  const double* floor_cost = landmarks && landmarks->has_cost ? landmarks->cost.data() : nullptr;
  bool valid = node_cost ? costs_valid(node_cost, floor_cost, n, max_cost) : true;
  if (landmarks) valid = valid && inside_mask(passable, landmarks->mask.data(), n);
  if (!valid) throw_first_bad_cell(passable, node_cost, n, landmarks);
  const Landmarks* lm = landmarks && landmarks->count > 0 ? landmarks : nullptr;
  AStarResult res;
  if (!passable[start] || !passable[goal]) return res;
  if (start == goal) {
    res.found = true;
    res.cells.push_back(start);
    return res;
  }
  const double inf = std::numeric_limits<double>::infinity();
  const double r = resolution;
  const double max_entry = r * max_cost;
  // Per-thread scratch reused across calls: repeated planning pays no allocation and no page faults, and a query
  // writes only the cells it reaches (a new generation invalidates the rest) and the open list's buckets.
  thread_local AStarScratch scratch;
  if (scratch.rec.size() < static_cast<size_t>(n)) scratch.rec.resize(n, Rec{inf, -1, 0});
  if (++scratch.generation == 0) {
    for (Rec& x : scratch.rec) x.stamp = 0;
    scratch.generation = 1;
  }
  const uint32_t gen = scratch.generation;
  Rec* rp = scratch.rec.data();
  auto entry = [&](int32_t c) { return node_cost ? r * node_cost[c] : 0.0; };
  const int gi = goal / cols, gj = goal % cols;
  const double diag = (kSqrt2 - 2.0) * r, step_o = r, step_d = kSqrt2 * r;
  const double goal_entry = entry(goal);
  const double* lm_g = lm ? lm->table.data() + static_cast<long long>(goal) * lm->count : nullptr;
  const double lm_goal_entry = lm && lm->has_cost ? r * lm->cost[goal] : 0.0;
  const bool lm_geometric = lm && !lm->has_cost;
  // The goal itself has h = 0; `e` is the entry cost of cell c = (i, j).
  auto h = [&](int32_t c, int i, int j, double e) -> double {
    const int di = std::abs(i - gi), dj = std::abs(j - gj);
    const double octile = r * (di + dj) + diag * std::min(di, dj);
    if (!lm) return octile + goal_entry;
    const double alt = landmark_bound(*lm, lm_g, c, e, lm_goal_entry);
    // geometric bounds leave out every node cost (add the goal's); costed bounds already hold it
    return lm_geometric ? std::max(octile, alt) + goal_entry : std::max(octile + goal_entry, alt);
  };
  const double h0 = h(start, start / cols, start % cols, entry(start));
  if (!(h0 < inf)) return res;  // start and goal lie in different components of the landmark graph
  // Largest f increase of one push: a diagonal step at the highest entry cost plus the heuristic's change, at most
  // the cost of the step back (every term is consistent; geometric terms change by a step's length at most).
  if (scratch.open.size() > 4096) Buckets().swap(scratch.open);  // do not keep the ring of an extreme cost layer
  OpenList open(h0, kBucketWidth * r, step_d + max_entry + step_d + (lm && lm->has_cost ? max_entry : 0.0),
                scratch.open);
  rp[start] = Rec{0.0, start, gen};
  open.push(h0, {0.0, start});
  double best = inf;    // g of the goal so far
  double cutoff = inf;  // a node whose f reaches it cannot lead to a cheaper goal
  const int32_t up = cols;
  while (!open.empty()) {
    double lower;
    const Node e = open.pop(lower);
    if (lower >= cutoff) break;  // nothing left can lead to a cheaper goal
    const int32_t c = e.cell;
    if (e.g > rp[c].g) continue;  // superseded by a cheaper push (a pushed cell has this query's stamp)
    const int i = c / cols, j = c - i * cols;
    if (best < inf && e.g + h(c, i, j, entry(c)) >= cutoff) continue;  // no better than the goal found
    ++res.expanded;
    const double gc = e.g;
#if defined(__GNUC__)
    // The landmark rows of the neighbours (one cache line each with eight landmarks) are read below, mostly for
    // cells seen for the first time: start all of those loads now rather than one after the other.
    if (lm) {
      const int K = lm->count, j0 = j > 0 ? j - 1 : j, j1 = j + 1 < cols ? j + 1 : j;
      for (int ii = i > 0 ? i - 1 : i; ii <= i + 1 && ii < rows; ++ii)
        for (int jj = j0; jj <= j1; ++jj)
          __builtin_prefetch(lm->table.data() + (static_cast<long long>(ii) * cols + jj) * K);
    }
#endif
    // Improved neighbours are pushed after the loop and, with landmarks, the one nearest the goal (octile distance)
    // last: inside a bucket the last in leaves first, and among cells of equal f (whole rooms of them with landmark
    // bounds: a landmark whose shortest path to the goal passes an optimal-path cell m gives f = C* to every cell
    // reached through m, on the optimal paths or not) the nearest is likeliest to lead on to the goal. The order
    // changes which equal-f cell is expanded first, never the optimum.
    struct Pending {
      double f, dist;
      Node node;
    } pending[8];
    int pending_count = 0;
    // nb = (ni, nj) is traversable.
    auto relax = [&](int32_t nb, double step, int ni, int nj) IW_ALWAYS_INLINE {
      Rec& rn = rp[nb];
      if (rn.stamp != gen) rn = Rec{inf, -1, gen};
      const double en = entry(nb);
      const double ng = gc + step + en;
      if (ng < rn.g) {
        rn.g = ng;
        rn.parent = c;
        if (nb == goal) {
          best = ng;
          cutoff = best * (1.0 - kTieTolerance);
          return;
        }
        const double fn = ng + h(nb, ni, nj, en);
        if (fn < cutoff) {
          const int di = std::abs(ni - gi), dj = std::abs(nj - gj);
          pending[pending_count++] = {fn, (di + dj) + (kSqrt2 - 2.0) * std::min(di, dj), {ng, nb}};
        }
      }
    };
    // Orthogonal neighbours inside the grid and traversable; a diagonal needs both of its sides (no corner cutting).
    const bool e_ok = j + 1 < cols && passable[c + 1], w_ok = j > 0 && passable[c - 1];
    const bool n_ok = i + 1 < rows && passable[c + up], s_ok = i > 0 && passable[c - up];
    if (e_ok) relax(c + 1, step_o, i, j + 1);
    if (w_ok) relax(c - 1, step_o, i, j - 1);
    if (n_ok) relax(c + up, step_o, i + 1, j);
    if (s_ok) relax(c - up, step_o, i - 1, j);
    if (n_ok && e_ok && passable[c + up + 1]) relax(c + up + 1, step_d, i + 1, j + 1);
    if (n_ok && w_ok && passable[c + up - 1]) relax(c + up - 1, step_d, i + 1, j - 1);
    if (s_ok && e_ok && passable[c - up + 1]) relax(c - up + 1, step_d, i - 1, j + 1);
    if (s_ok && w_ok && passable[c - up - 1]) relax(c - up - 1, step_d, i - 1, j - 1);
    for (int a = lm ? 1 : pending_count; a < pending_count; ++a) {  // insertion sort, farthest first
      const Pending x = pending[a];
      int b = a;
      for (; b > 0 && pending[b - 1].dist < x.dist; --b) pending[b] = pending[b - 1];
      pending[b] = x;
    }
    for (int k = 0; k < pending_count; ++k)
      if (pending[k].f < cutoff) open.push(pending[k].f, pending[k].node);
  }
  if (!(best < inf)) return res;
  res.found = true;
  for (int32_t c = goal;; c = rp[c].parent) {
    res.cells.push_back(c);
    if (c == start) break;
  }
  std::reverse(res.cells.begin(), res.cells.end());
  // Report the cost summed along the returned path (equal to `best` up to rounding order).
  double cost = 0.0;
  for (size_t k = 1; k < res.cells.size(); ++k) {
    const int32_t a = res.cells[k - 1], b = res.cells[k];
    const bool diagonal = (a / cols != b / cols) && (a % cols != b % cols);
    cost += r * ((diagonal ? kSqrt2 : 1.0) + (node_cost ? node_cost[b] : 0.0));
  }
  res.cost = cost;
  return res;
}

Landmarks build_landmarks(const uint8_t* passable, const double* node_cost, int rows, int cols, double resolution,
                          int count) {
  check_grid(rows, cols);
  if (!(resolution > 0.0) || !std::isfinite(resolution)) throw std::invalid_argument("resolution must be > 0");
  if (count < 1 || count > 64)
    throw std::invalid_argument("landmark count must be in [1, 64], got " + std::to_string(count));
  const long long n = static_cast<long long>(rows) * cols;
  check_costs(node_cost, n);
  Landmarks lm;
  lm.rows = rows;
  lm.cols = cols;
  lm.resolution = resolution;
  lm.has_cost = node_cost != nullptr;
  lm.mask.resize(n);
  long long free_cells = 0;
  for (long long c = 0; c < n; ++c) free_cells += (lm.mask[c] = passable[c] ? 1 : 0);
  if (node_cost) lm.cost.assign(node_cost, node_cost + n);
  if (free_cells == 0) return lm;
  const double* cost = node_cost ? lm.cost.data() : nullptr;
  const double inf = std::numeric_limits<double>::infinity();
  const double r = resolution;
  // Seed: the traversable cell nearest the grid's centre; the first landmark is the cell farthest from it.
  int32_t seed = -1;
  double seed_d = inf;
  for (long long c = 0; c < n; ++c) {
    if (!lm.mask[c]) continue;
    const double di = c / cols - 0.5 * (rows - 1), dj = c % cols - 0.5 * (cols - 1);
    if (di * di + dj * dj < seed_d) {
      seed_d = di * di + dj * dj;
      seed = static_cast<int32_t>(c);
    }
  }
  std::vector<double> field(n), nearest(n, inf);
  dijkstra_field(lm.mask.data(), cost, rows, cols, r, seed, field.data());
  auto farthest = [&](const std::vector<double>& d) {
    int32_t pick = -1;
    double far = -1.0;
    for (long long c = 0; c < n; ++c)
      if (lm.mask[c] && d[c] > far) {  // +inf (not reached yet) wins
        far = d[c];
        pick = static_cast<int32_t>(c);
      }
    return std::make_pair(pick, far);
  };
  const int want = static_cast<int>(std::min<long long>(count, free_cells));
  std::vector<std::vector<double>> fields;
  int32_t pick = farthest(field).first;
  double largest = 0.0;
  while (static_cast<int>(fields.size()) < want) {
    dijkstra_field(lm.mask.data(), cost, rows, cols, r, pick, field.data());
    lm.cells.push_back(pick);
    fields.push_back(field);
    for (long long c = 0; c < n; ++c) {
      nearest[c] = std::min(nearest[c], field[c]);
      if (std::isfinite(field[c])) largest = std::max(largest, field[c]);
    }
    const auto next = farthest(nearest);
    if (next.second <= 0.0) break;  // every traversable cell is a landmark
    pick = next.first;
  }
  const int K = lm.count = static_cast<int>(fields.size());
  lm.table.resize(n * K);
  for (int k = 0; k < K; ++k)
    for (long long c = 0; c < n; ++c) lm.table[c * K + k] = fields[k][c];
  // Each entry is a sum of doubles (a reversed cost exceeds a forward one by at most one entry cost): a few ulps
  // of the largest cover the rounding of a difference of two.
  double max_entry = 0.0;
  if (cost)
    for (long long c = 0; c < n; ++c) max_entry = std::max(max_entry, r * cost[c]);
  lm.margin = std::ldexp(largest + max_entry, -48);
  return lm;
}

void dijkstra_field(const uint8_t* passable, const double* node_cost, int rows, int cols, double resolution,
                    int32_t start, double* out) {
  check_grid(rows, cols);
  check_cell(start, rows, cols, "start");
  if (!(resolution > 0.0) || !std::isfinite(resolution)) throw std::invalid_argument("resolution must be > 0");
  const long long n = static_cast<long long>(rows) * cols;
  check_costs(node_cost, n);
  const double inf = std::numeric_limits<double>::infinity();
  std::fill(out, out + n, inf);
  if (!passable[start]) return;
  double max_cost = 0.0;
  if (node_cost)
    for (long long k = 0; k < n; ++k) max_cost = std::max(max_cost, node_cost[k]);
  Buckets buckets;
  OpenList open(0.0, kBucketWidth * resolution, resolution * (kSqrt2 + max_cost) + resolution, buckets);
  out[start] = 0.0;
  open.push(0.0, {0.0, start});
  while (!open.empty()) {
    double lower;
    const Node e = open.pop(lower);
    (void)lower;
    if (e.g > out[e.cell]) continue;  // superseded; run to exhaustion, reopening on improvement
    for_each_neighbour(passable, node_cost, rows, cols, resolution, e.cell, [&](int32_t nb, double step) {
      const double ng = e.g + step;
      if (ng < out[nb]) {
        out[nb] = ng;
        open.push(ng, {ng, nb});
      }
    });
  }
}

void reachable_mask(const uint8_t* passable, int rows, int cols, int32_t start, uint8_t* out) {
  check_grid(rows, cols);
  check_cell(start, rows, cols, "start");
  const long long n = static_cast<long long>(rows) * cols;
  std::fill(out, out + n, uint8_t{0});
  if (!passable[start]) return;
  std::vector<int32_t> stack{start};
  out[start] = 1;
  while (!stack.empty()) {
    const int32_t c = stack.back();
    stack.pop_back();
    for_each_neighbour(passable, nullptr, rows, cols, 1.0, c, [&](int32_t nb, double) {
      if (!out[nb]) {
        out[nb] = 1;
        stack.push_back(nb);
      }
    });
  }
}

}  // namespace iw::grid
