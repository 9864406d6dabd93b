#include "iw/sdf.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

namespace iw {

void Aabb::grow(const Vec3& p) {
  lo = Vec3(std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z));
  hi = Vec3(std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z));
}
void Aabb::grow(const Aabb& b) {
  grow(b.lo);
  grow(b.hi);
}
double Aabb::distance2(const Vec3& p) const {
  const double dx = std::max({lo.x - p.x, 0.0, p.x - hi.x});
  const double dy = std::max({lo.y - p.y, 0.0, p.y - hi.y});
  const double dz = std::max({lo.z - p.z, 0.0, p.z - hi.z});
  return dx * dx + dy * dy + dz * dz;
}

// Ericson, Real-Time Collision Detection, 5.1.5, with the Voronoi region reported.
Vec3 closest_point_on_triangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c, int* feature) {
  const Vec3 ab = b - a, ac = c - a, ap = p - a;
  const double d1 = dot(ab, ap), d2 = dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) { *feature = 0; return a; }
  const Vec3 bp = p - b;
  const double d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) { *feature = 1; return b; }
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) { *feature = 3; return a + ab * (d1 / (d1 - d3)); }
  const Vec3 cp = p - c;
  const double d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) { *feature = 2; return c; }
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) { *feature = 5; return a + ac * (d2 / (d2 - d6)); }
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
    *feature = 4;
    return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
  }
  const double denom = 1.0 / (va + vb + vc);
  *feature = 6;
  return a + ab * (vb * denom) + ac * (vc * denom);
}

MeshDistance::MeshDistance(const double* vertices, std::size_t vertex_count, const int* faces, std::size_t face_count,
                           bool require_watertight) {
  if (vertex_count == 0 || face_count == 0) throw std::invalid_argument("mesh: no vertices or no faces");
  v_.reserve(vertex_count);
  for (std::size_t i = 0; i < vertex_count; ++i) {
    const Vec3 p(vertices[3 * i], vertices[3 * i + 1], vertices[3 * i + 2]);
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z))
      throw std::invalid_argument("mesh: vertex " + std::to_string(i) + " is not finite");
    v_.push_back(p);
    bounds_.grow(p);
  }
  f_.resize(face_count);
  for (std::size_t i = 0; i < face_count; ++i)
    for (int k = 0; k < 3; ++k) {
      const int idx = faces[3 * i + k];
      if (idx < 0 || static_cast<std::size_t>(idx) >= vertex_count)
        throw std::out_of_range("mesh: face " + std::to_string(i) + " refers to vertex " + std::to_string(idx) +
                                " of " + std::to_string(vertex_count));
      f_[i][k] = idx;
    }
  // Watertight and consistently oriented: every directed edge once, and its reverse once.
  std::map<std::pair<int, int>, int> directed;
  for (std::size_t i = 0; i < face_count; ++i)
    for (int k = 0; k < 3; ++k) ++directed[{f_[i][k], f_[i][(k + 1) % 3]}];
  watertight_ = true;
  for (const auto& [e, n] : directed) {
    auto it = directed.find({e.second, e.first});
    if (n != 1 || it == directed.end() || it->second != 1) {
      watertight_ = false;
      break;
    }
  }
  if (require_watertight && !watertight_)
    throw std::invalid_argument(
        "mesh is not watertight (an edge is not shared by exactly two consistently oriented faces); "
        "a signed distance field needs a closed surface");
  // Pseudo-normals (Baerentzen & Aanaes 2005) make the sign exact at edges and vertices.
  face_n_.resize(face_count);
  vert_n_.assign(vertex_count, Vec3());
  std::map<std::pair<int, int>, Vec3> edge_sum;
  for (std::size_t i = 0; i < face_count; ++i) {
    const Vec3 &a = v_[f_[i][0]], &b = v_[f_[i][1]], &c = v_[f_[i][2]];
    Vec3 n = cross(b - a, c - a);
    const double len = norm(n);
    n = len > 0 ? n * (1.0 / len) : Vec3();
    face_n_[i] = n;
    for (int k = 0; k < 3; ++k) {
      const Vec3& p0 = v_[f_[i][k]];
      const Vec3 e1 = v_[f_[i][(k + 1) % 3]] - p0, e2 = v_[f_[i][(k + 2) % 3]] - p0;
      const double l1 = norm(e1), l2 = norm(e2);
      const double ang = (l1 > 0 && l2 > 0) ? std::acos(std::clamp(dot(e1, e2) / (l1 * l2), -1.0, 1.0)) : 0.0;
      vert_n_[f_[i][k]] = vert_n_[f_[i][k]] + n * ang;
      const int u = f_[i][k], w = f_[i][(k + 1) % 3];
      auto key = std::make_pair(std::min(u, w), std::max(u, w));
      edge_sum[key] = edge_sum[key] + n;
    }
  }
  edge_n_.resize(face_count);
  for (std::size_t i = 0; i < face_count; ++i)
    for (int k = 0; k < 3; ++k) {
      const int u = f_[i][k], w = f_[i][(k + 1) % 3];
      edge_n_[i][k] = edge_sum[{std::min(u, w), std::max(u, w)}];
    }
  order_.resize(face_count);
  for (std::size_t i = 0; i < face_count; ++i) order_[i] = static_cast<int>(i);
  nodes_.reserve(2 * face_count);
  build(0, static_cast<int>(face_count), 0);
}

int MeshDistance::build(int start, int count, int depth) {
  const int id = static_cast<int>(nodes_.size());
  nodes_.emplace_back();
  Aabb box, cbox;
  for (int i = start; i < start + count; ++i) {
    Vec3 c;
    for (int k = 0; k < 3; ++k) {
      box.grow(v_[f_[order_[i]][k]]);
      c = c + v_[f_[order_[i]][k]] * (1.0 / 3.0);
    }
    cbox.grow(c);
  }
  nodes_[id].box = box;
  if (count <= 4 || depth > 60) {
    nodes_[id].start = start;
    nodes_[id].count = count;
    return id;
  }
  const Vec3 ext = cbox.hi - cbox.lo;
  const int axis = (ext.x >= ext.y && ext.x >= ext.z) ? 0 : (ext.y >= ext.z ? 1 : 2);
  auto centroid = [&](int f) { return v_[f_[f][0]][axis] + v_[f_[f][1]][axis] + v_[f_[f][2]][axis]; };
  const int mid = start + count / 2;
  std::nth_element(order_.begin() + start, order_.begin() + mid, order_.begin() + start + count,
                   [&](int a, int b) { return centroid(a) < centroid(b); });
  const int l = build(start, mid - start, depth + 1);
  const int r = build(mid, start + count - mid, depth + 1);
  nodes_[id].left = l;
  nodes_[id].right = r;
  return id;
}

double MeshDistance::nearest(const Vec3& p, int* face, int* feature, Vec3* closest, double bound2) const {
  // Slightly above the bound so the closest face itself is never pruned.
  double best = bound2 < 1e299 ? bound2 * (1.0 + 1e-9) + 1e-18 : 1e300;
  int stack[128];
  int sp = 0;
  stack[sp++] = 0;
  while (sp) {
    const Node& n = nodes_[stack[--sp]];
    if (n.box.distance2(p) >= best) continue;
    if (n.left < 0) {
      for (int i = n.start; i < n.start + n.count; ++i) {
        const int fi = order_[i];
        int feat;
        const Vec3 c = closest_point_on_triangle(p, v_[f_[fi][0]], v_[f_[fi][1]], v_[f_[fi][2]], &feat);
        const Vec3 d = p - c;
        const double d2 = dot(d, d);
        if (d2 < best) {
          best = d2;
          *face = fi;
          *feature = feat;
          *closest = c;
        }
      }
      continue;
    }
    const double dl = nodes_[n.left].box.distance2(p), dr = nodes_[n.right].box.distance2(p);
    // Push the farther child first so the nearer one is searched first.
    if (dl < dr) {
      if (dr < best) stack[sp++] = n.right;
      if (dl < best) stack[sp++] = n.left;
    } else {
      if (dl < best) stack[sp++] = n.left;
      if (dr < best) stack[sp++] = n.right;
    }
  }
  return best;
}

namespace {
inline bool finite(const Vec3& p) { return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z); }
}  // namespace

double MeshDistance::unsigned_distance(const Vec3& p, Vec3* closest) const {
  if (!finite(p)) return std::numeric_limits<double>::quiet_NaN();  // the BVH search needs finite points
  int face = 0, feature = 0;
  Vec3 c;
  const double d2 = nearest(p, &face, &feature, &c, 1e300);
  if (closest) *closest = c;
  return std::sqrt(d2);
}

double MeshDistance::signed_distance(const Vec3& p, Vec3* closest, double bound) const {
  if (!finite(p)) return std::numeric_limits<double>::quiet_NaN();
  int face = -1, feature = 0;
  Vec3 c;
  double d = std::sqrt(nearest(p, &face, &feature, &c, bound < 1e299 ? bound * bound : 1e300));
  if (face < 0) d = std::sqrt(nearest(p, &face, &feature, &c, 1e300));  // the bound was not an upper bound
  if (closest) *closest = c;
  if (!watertight_) return d;
  Vec3 n;
  if (feature <= 2) n = vert_n_[f_[face][feature]];
  else if (feature <= 5) n = edge_n_[face][feature - 3];
  else n = face_n_[face];
  return dot(p - c, n) < 0 ? -d : d;
}

namespace {
// Far voxels (near == 0) get +-band: each 6-connected far region takes the sign of the exact voxels on its border
// (outside when it borders none, e.g. an empty mesh neighbourhood).
void fill_far_region(VoxelSDF& g, std::vector<std::uint8_t>& near, double band) {
  const std::size_t cells = g.values.size();
  std::vector<int> comp(cells, -1);
  std::vector<std::size_t> stack, members;
  const std::ptrdiff_t strides[3] = {static_cast<std::ptrdiff_t>(g.ny) * g.nz, g.nz, 1};
  int label = 0;
  for (std::size_t start = 0; start < cells; ++start) {
    if (near[start] || comp[start] >= 0) continue;
    int votes_in = 0, votes_out = 0;
    stack.assign(1, start);
    members.clear();
    comp[start] = label;
    while (!stack.empty()) {
      const std::size_t c = stack.back();
      stack.pop_back();
      members.push_back(c);
      const int ci = static_cast<int>(c / strides[0]), cj = static_cast<int>((c / g.nz) % g.ny),
                ck = static_cast<int>(c % g.nz);
      const int idx[3] = {ci, cj, ck}, lim[3] = {g.nx, g.ny, g.nz};
      for (int ax = 0; ax < 3; ++ax)
        for (int dir = -1; dir <= 1; dir += 2) {
          const int v = idx[ax] + dir;
          if (v < 0 || v >= lim[ax]) continue;
          const std::size_t n = c + dir * strides[ax];
          if (near[n]) {
            (g.values[n] < 0 ? votes_in : votes_out)++;
          } else if (comp[n] < 0) {
            comp[n] = label;
            stack.push_back(n);
          }
        }
    }
    const float value = static_cast<float>(votes_in > votes_out ? -band : band);
    for (std::size_t c : members) g.values[c] = value;
    ++label;
  }
}
}  // namespace

VoxelSDF VoxelSDF::build(const MeshDistance& mesh, double voxel, double padding, int threads, std::size_t max_cells,
                         double band) {
  if (!(voxel > 0) || !std::isfinite(voxel)) throw std::invalid_argument("voxel size must be positive");
  if (!(band > 0)) throw std::invalid_argument("band must be positive");
  if (!(padding >= 0) || !std::isfinite(padding)) throw std::invalid_argument("padding must be >= 0");
  VoxelSDF g;
  g.voxel = voxel;
  const Aabb b = mesh.bounds();
  g.origin = b.lo - Vec3(padding, padding, padding);
  const Vec3 ext = b.hi - b.lo + Vec3(2 * padding, 2 * padding, 2 * padding);
  // Cell counts in floating point first: a tiny voxel must not overflow the integer casts.
  const double fx = std::ceil(ext.x / voxel) + 1, fy = std::ceil(ext.y / voxel) + 1, fz = std::ceil(ext.z / voxel) + 1;
  if (!(fx * fy * fz <= static_cast<double>(max_cells)))
    throw std::invalid_argument("voxel grid of " + std::to_string(fx) + " x " + std::to_string(fy) + " x " +
                                std::to_string(fz) + " cells is too large (more than " + std::to_string(max_cells) +
                                "); use a coarser voxel");
  g.nx = static_cast<int>(fx);
  g.ny = static_cast<int>(fy);
  g.nz = static_cast<int>(fz);
  const std::size_t cells = static_cast<std::size_t>(g.nx) * g.ny * g.nz;
  g.values.resize(cells);
  const bool narrow = band < 1e299;
  std::vector<std::uint8_t> near;
  if (narrow) {  // mark voxels within `band` of each triangle's bounding box
    near.assign(cells, 0);
    const auto& V = mesh.vertices();
    for (const auto& f : mesh.faces()) {
      Aabb tb;
      for (int k = 0; k < 3; ++k) tb.grow(V[f[k]]);
      const int i0 = std::max(0, static_cast<int>(std::floor((tb.lo.x - band - g.origin.x) / voxel)));
      const int j0 = std::max(0, static_cast<int>(std::floor((tb.lo.y - band - g.origin.y) / voxel)));
      const int k0 = std::max(0, static_cast<int>(std::floor((tb.lo.z - band - g.origin.z) / voxel)));
      const int i1 = std::min(g.nx - 1, static_cast<int>(std::ceil((tb.hi.x + band - g.origin.x) / voxel)));
      const int j1 = std::min(g.ny - 1, static_cast<int>(std::ceil((tb.hi.y + band - g.origin.y) / voxel)));
      const int k1 = std::min(g.nz - 1, static_cast<int>(std::ceil((tb.hi.z + band - g.origin.z) / voxel)));
      for (int i = i0; i <= i1; ++i)
        for (int j = j0; j <= j1; ++j)
          std::fill(near.begin() + (static_cast<std::size_t>(i) * g.ny + j) * g.nz + k0,
                    near.begin() + (static_cast<std::size_t>(i) * g.ny + j) * g.nz + k1 + 1, 1);
    }
  }
  if (threads <= 0) threads = default_thread_count(cells, 4096);
  parallel_for(static_cast<std::size_t>(g.nx), threads, [&](std::size_t a, std::size_t e) {
    double exact_prev = 0.0;
    for (std::size_t i = a; i < e; ++i)
      for (int j = 0; j < g.ny; ++j)
        for (int k = 0, prev = -1; k < g.nz; ++k) {
          if (narrow && !near[(i * g.ny + j) * g.nz + k]) {
            prev = -1;
            continue;
          }
          const Vec3 p = g.origin + Vec3(i * voxel, j * voxel, k * voxel);
          // The previous voxel's distance plus one spacing bounds this one's (1-Lipschitz): prunes the BVH.
          const double bound = prev < 0 ? 1e300 : std::abs(exact_prev) + voxel;
          const double d = mesh.signed_distance(p, nullptr, bound);
          exact_prev = d;
          prev = k;
          g.values[(i * g.ny + j) * g.nz + k] = static_cast<float>(d);
        }
  });
  if (narrow) fill_far_region(g, near, band);
  return g;
}

Aabb VoxelSDF::bounds() const {
  Aabb b;
  b.grow(origin);
  b.grow(origin + Vec3((nx - 1) * voxel, (ny - 1) * voxel, (nz - 1) * voxel));
  return b;
}

void VoxelSDF::validate() const {
  if (!finite(origin)) throw std::invalid_argument("VoxelSDF: origin must be finite");
  if (!(voxel > 0) || !std::isfinite(voxel))
    throw std::invalid_argument("VoxelSDF: voxel size must be a positive finite number of metres");
  if (nx < 1 || ny < 1 || nz < 1) throw std::invalid_argument("VoxelSDF: values must be a non-empty (nx, ny, nz) grid");
  if (values.size() != static_cast<std::size_t>(nx) * ny * nz)
    throw std::invalid_argument("VoxelSDF: values hold " + std::to_string(values.size()) + " entries, expected nx*ny*nz");
  for (std::size_t c = 0; c < values.size(); ++c)
    if (std::isnan(values[c])) throw std::invalid_argument("VoxelSDF: values contain NaN (flat index " + std::to_string(c) + ")");
}

double VoxelSDF::query(const Vec3& p) const {
  // NaN would reach the integer casts below (undefined behaviour): a NaN point has a NaN distance.
  if (std::isnan(p.x) || std::isnan(p.y) || std::isnan(p.z)) return std::numeric_limits<double>::quiet_NaN();
  // Clamp into the grid; the distance to the clamped point bounds how far the true surface can be.
  const double fx = std::clamp((p.x - origin.x) / voxel, 0.0, double(nx - 1));
  const double fy = std::clamp((p.y - origin.y) / voxel, 0.0, double(ny - 1));
  const double fz = std::clamp((p.z - origin.z) / voxel, 0.0, double(nz - 1));
  const Vec3 q = origin + Vec3(fx * voxel, fy * voxel, fz * voxel);
  const double outside = norm(p - q);
  const int i = std::min(static_cast<int>(fx), std::max(nx - 2, 0));
  const int j = std::min(static_cast<int>(fy), std::max(ny - 2, 0));
  const int k = std::min(static_cast<int>(fz), std::max(nz - 2, 0));
  const double tx = nx > 1 ? fx - i : 0, ty = ny > 1 ? fy - j : 0, tz = nz > 1 ? fz - k : 0;
  const int i1 = std::min(i + 1, nx - 1), j1 = std::min(j + 1, ny - 1), k1 = std::min(k + 1, nz - 1);
  const double c00 = at(i, j, k) * (1 - tx) + at(i1, j, k) * tx;
  const double c10 = at(i, j1, k) * (1 - tx) + at(i1, j1, k) * tx;
  const double c01 = at(i, j, k1) * (1 - tx) + at(i1, j, k1) * tx;
  const double c11 = at(i, j1, k1) * (1 - tx) + at(i1, j1, k1) * tx;
  const double c0 = c00 * (1 - ty) + c10 * ty, c1 = c01 * (1 - ty) + c11 * ty;
  return c0 * (1 - tz) + c1 * tz + outside;
}

Vec3 VoxelSDF::gradient(const Vec3& p) const {
  const double h = 0.5 * voxel;
  return Vec3(query(p + Vec3(h, 0, 0)) - query(p - Vec3(h, 0, 0)), query(p + Vec3(0, h, 0)) - query(p - Vec3(0, h, 0)),
              query(p + Vec3(0, 0, h)) - query(p - Vec3(0, 0, h))) *
         (1.0 / (2 * h));
}

}  // namespace iw
