// 8-connected A* / Dijkstra with the clearance-weighted step cost of paper eq. (2) (appendix B.2.1).
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "iw/grid.hpp"

namespace iw::grid {
namespace {

constexpr double kSqrt2 = 1.4142135623730951;
// Bucket width of the open list, in units of the resolution: wide enough that few buckets are empty, narrow
// enough that few nodes are reopened.
constexpr double kBucketWidth = 0.1;

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

class OpenList {
 public:
  // f0: the smallest key ever pushed; span: largest amount a push can exceed the key being expanded.
  OpenList(double f0, double width, double span) : base_(f0) {
    if (!std::isfinite(f0) || !std::isfinite(span) || !(width > 0.0))
      throw std::invalid_argument("step costs too large for the search (non-finite cost sums)");
    constexpr double kMaxBuckets = 1 << 20;  // extreme cost layers get wider buckets (still exact)
    if (span / width > kMaxBuckets) width = span / kMaxBuckets;
    width_ = width;
    inv_width_ = 1.0 / width;
    const size_t need = static_cast<size_t>(std::ceil(span * inv_width_)) + 3;
    size_t n = 16;
    while (n < need) n <<= 1;
    ring_.resize(n);
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
  std::vector<std::vector<Node>> ring_;
  size_t mask_ = 0, cur_ = 0, count_ = 0;
};

// g and the entry cost r * node_cost side by side: one cache line serves both reads of a neighbour.
struct Rec {
  double g;
  double entry;
};

struct AStarScratch {
  std::vector<Rec> rec;
  std::vector<int32_t> parent;
};

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

AStarResult astar(const uint8_t* passable, const double* node_cost, int rows, int cols, double resolution,
                  int32_t start, int32_t goal) {
  check_grid(rows, cols);
  check_cell(start, rows, cols, "start");
  check_cell(goal, rows, cols, "goal");
  if (!(resolution > 0.0) || !std::isfinite(resolution)) throw std::invalid_argument("resolution must be > 0");
  const long long n = static_cast<long long>(rows) * cols;
  (void)n;
  AStarResult res;
  if (!passable[start] || !passable[goal]) return res;
  if (start == goal) {
    res.found = true;
    res.cells.push_back(start);
    return res;
  }
  // Work on a copy padded with one blocked cell on every side: neighbour loops need no bounds checks. A blocked
  // or border cell has entry = +inf, so relaxing it never lowers its g and the traversability test is a read of
  // the same record the relaxation needs.
  const int W = cols + 2;
  const long long np = static_cast<long long>(rows + 2) * W;
  // Per-thread scratch reused across calls: repeated planning on one map pays no page faults.
  thread_local AStarScratch scratch;
  scratch.rec.resize(np);
  scratch.parent.resize(np);
  std::vector<Rec>& rec = scratch.rec;
  std::vector<int32_t>& parent = scratch.parent;
  const double inf = std::numeric_limits<double>::infinity();
  const double r = resolution;
  double max_entry = 0.0;
  std::fill(rec.begin(), rec.begin() + W, Rec{inf, inf});
  std::fill(rec.end() - W, rec.end(), Rec{inf, inf});
  for (int i = 0; i < rows; ++i) {
    const uint8_t* src = passable + static_cast<long long>(i) * cols;
    const double* cs = node_cost ? node_cost + static_cast<long long>(i) * cols : nullptr;
    Rec* cd = rec.data() + static_cast<long long>(i + 1) * W;
    cd[0] = cd[W - 1] = Rec{inf, inf};
    ++cd;
    for (int j = 0; j < cols; ++j) {
      double e = 0.0;
      if (cs) {
        if (!(cs[j] >= 0.0) || std::isinf(cs[j]))
          throw std::invalid_argument("node cost must be finite and >= 0 (cell " +
                                      std::to_string(static_cast<long long>(i) * cols + j) + ")");
        e = r * cs[j];
        max_entry = std::max(max_entry, e);
      }
      cd[j] = Rec{inf, src[j] ? e : inf};
    }
  }
  auto pad = [&](int32_t c) { return static_cast<int32_t>((c / cols + 1) * W + (c % cols) + 1); };
  const int32_t ps = pad(start), pg = pad(goal);
  const int gi = goal / cols + 1, gj = goal % cols + 1;
  const double diag = (kSqrt2 - 2.0) * r, step_o = r, step_d = kSqrt2 * r;
  const int32_t off[8] = {1, -1, W, -W, W + 1, W - 1, -W + 1, -W - 1};
  // Largest f increase of one push: a diagonal step at the highest entry cost plus the heuristic's change.
  auto h = [&](int i, int j) {
    const int di = std::abs(i - gi), dj = std::abs(j - gj);
    return r * (di + dj) + diag * std::min(di, dj);
  };
  const double h0 = h(ps / W, ps % W);
  OpenList open(h0, kBucketWidth * r, step_d + max_entry + step_d);
  rec[ps].g = 0.0;
  parent[ps] = ps;
  open.push(h0, {0.0, ps});
  Rec* rp = rec.data();
  double best = inf;  // g of the goal so far
  while (!open.empty()) {
    double lower;
    const Node e = open.pop(lower);
    if (lower >= best) break;  // nothing left can lead to a cheaper goal
    const int32_t c = e.cell;
    if (e.g > rp[c].g) continue;  // superseded by a cheaper push
    ++res.expanded;
    const int i = c / W, j = c - i * W;
    const double gc = e.g;
    auto relax = [&](int32_t nb, double step, int ni, int nj) {
      Rec& rn = rp[nb];
      const double ng = gc + step + rn.entry;
      if (ng < rn.g) {
        rn.g = ng;
        parent[nb] = c;
        if (nb == pg) {
          best = ng;
          return;
        }
        const double fn = ng + h(ni, nj);
        if (fn < best) open.push(fn, {ng, nb});
      }
    };
    const bool e_ok = rp[c + off[0]].entry < inf, w_ok = rp[c + off[1]].entry < inf;
    const bool n_ok = rp[c + off[2]].entry < inf, s_ok = rp[c + off[3]].entry < inf;
    if (e_ok) relax(c + off[0], step_o, i, j + 1);
    if (w_ok) relax(c + off[1], step_o, i, j - 1);
    if (n_ok) relax(c + off[2], step_o, i + 1, j);
    if (s_ok) relax(c + off[3], step_o, i - 1, j);
    // A blocked diagonal cell has entry = inf, so relaxing it changes nothing.
    if (n_ok && e_ok) relax(c + off[4], step_d, i + 1, j + 1);
    if (n_ok && w_ok) relax(c + off[5], step_d, i + 1, j - 1);
    if (s_ok && e_ok) relax(c + off[6], step_d, i - 1, j + 1);
    if (s_ok && w_ok) relax(c + off[7], step_d, i - 1, j - 1);
  }
  if (!(best < inf)) return res;
  res.found = true;
  for (int32_t c = pg;; c = parent[c]) {
    res.cells.push_back((c / W - 1) * cols + (c % W - 1));
    if (c == ps) break;
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
  OpenList open(0.0, kBucketWidth * resolution, resolution * (kSqrt2 + max_cost) + resolution);
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
