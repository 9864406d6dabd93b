// Exact Euclidean distance transform: column scans, then the Felzenszwalb-Huttenlocher lower envelope of
// parabolas along rows ("Distance Transforms of Sampled Functions", Theory of Computing 8, 2012).
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "iw/grid.hpp"

namespace iw::grid {
namespace {

template <class F>
void parallel_for(int n, int threads, F&& body) {
  threads = std::max(1, std::min(threads, n / 32));
  if (threads == 1) {
    body(0, n);
    return;
  }
  std::vector<std::thread> pool;
  const int chunk = (n + threads - 1) / threads;
  for (int t = 0; t < threads; ++t) {
    const int a = t * chunk, b = std::min(n, a + chunk);
    if (a < b) pool.emplace_back([&body, a, b] { body(a, b); });
  }
  for (auto& th : pool) th.join();
}

}  // namespace

void distance_transform(const uint8_t* free_mask, int rows, int cols, double scale, double* out, int threads) {
  if (rows <= 0 || cols <= 0)
    throw std::invalid_argument("distance_transform: grid must be non-empty, got (" + std::to_string(rows) + ", " +
                                std::to_string(cols) + ")");
  if (!(scale > 0.0) || !std::isfinite(scale)) throw std::invalid_argument("distance_transform: scale must be > 0");
  const double inf = std::numeric_limits<double>::infinity();
  // Pass 1: squared distance [cells^2] to the nearest blocked cell in the same column, stored in `out`.
  // Scans run along whole rows so the inner loops are contiguous; columns are split between threads.
  const int big = rows + cols + 1;  // larger than any in-grid distance: marks "no blocked cell in this column"
  parallel_for(cols, threads, [&](int j0, int j1) {
    std::vector<int> run(static_cast<size_t>(j1 - j0), big);
    for (int i = 0; i < rows; ++i) {
      const uint8_t* m = free_mask + static_cast<long long>(i) * cols;
      double* o = out + static_cast<long long>(i) * cols;
      for (int j = j0; j < j1; ++j) {
        int& r = run[j - j0];
        r = m[j] ? std::min(r + 1, big) : 0;
        o[j] = r;
      }
    }
    std::fill(run.begin(), run.end(), big);
    for (int i = rows - 1; i >= 0; --i) {
      double* o = out + static_cast<long long>(i) * cols;
      for (int j = j0; j < j1; ++j) {
        int& r = run[j - j0];
        r = std::min(r + 1, big);
        if (o[j] == 0.0) r = 0;
        const double d = std::min<double>(o[j], r);
        o[j] = d >= big ? inf : d * d;
      }
    }
  });
  // Pass 2: lower envelope of parabolas f(q) + (p - q)^2 along each row, rows split between threads.
  parallel_for(rows, threads, [&](int i0, int i1) {
    std::vector<double> f(cols), z(static_cast<size_t>(cols) + 1);
    std::vector<int> v(cols);
    for (int i = i0; i < i1; ++i) {
      double* o = out + static_cast<long long>(i) * cols;
      std::copy(o, o + cols, f.begin());
      int k = -1;
      for (int q = 0; q < cols; ++q) {
        if (f[q] == inf) continue;
        const double fq = f[q] + double(q) * q;
        double s = -inf;
        while (k >= 0) {
          const int p = v[k];
          s = (fq - (f[p] + double(p) * p)) / (2.0 * (q - p));
          if (s > z[k]) break;
          --k;
        }
        ++k;
        v[k] = q;
        z[k] = k == 0 ? -inf : s;
        z[k + 1] = inf;
      }
      if (k < 0) {
        std::fill(o, o + cols, inf);
        continue;
      }
      int h = 0;
      for (int q = 0; q < cols; ++q) {
        while (z[h + 1] < q) ++h;
        const double d = q - v[h];
        o[q] = std::sqrt(f[v[h]] + d * d) * scale;
      }
    }
  });
}

}  // namespace iw::grid
