// Exact point-to-mesh distances (BVH over triangles, angle-weighted pseudo-normal signs) and padded voxel
// signed distance fields with trilinear lookup (paper appendix B.2.2, "Hand adaptation"; B.1.2).
//
// Sign convention: negative inside a closed mesh. Units: metres. Grid index
// (i, j, k) -> values[(i * ny + j) * nz + k], i along x, j along y, k along z; voxel centres at origin + idx * voxel.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "iw/kinematics.hpp"

namespace iw {

struct Aabb {
  Vec3 lo{1e300, 1e300, 1e300}, hi{-1e300, -1e300, -1e300};
  void grow(const Vec3& p);
  void grow(const Aabb& b);
  double distance2(const Vec3& p) const;
};

// Closest-point queries against a triangle mesh.
class MeshDistance {
 public:
  // vertices (V, 3), faces (F, 3). Throws std::invalid_argument on empty meshes, bad indices or non-finite
  // vertices; when require_watertight, also when any edge is not shared by exactly two consistently
  // oriented faces (the sign needs a closed, oriented surface).
  MeshDistance(const double* vertices, std::size_t vertex_count, const int* faces, std::size_t face_count,
               bool require_watertight);
  // Signed distance [m] (negative inside) when the mesh is watertight, else the unsigned distance; NaN for a
  // non-finite point.
  // `bound` is an upper bound on the unsigned distance known in advance (e.g. a neighbour's distance plus the
  // spacing; distance is 1-Lipschitz); it only prunes the search and never changes the result.
  double signed_distance(const Vec3& p, Vec3* closest = nullptr, double bound = 1e300) const;
  double unsigned_distance(const Vec3& p, Vec3* closest = nullptr) const;
  bool watertight() const { return watertight_; }
  const std::vector<Vec3>& vertices() const { return v_; }
  const std::vector<std::array<int, 3>>& faces() const { return f_; }
  const Aabb& bounds() const { return bounds_; }

 private:
  struct Node {
    Aabb box;
    int left = -1, right = -1, start = 0, count = 0;
  };
  int build(int start, int count, int depth);
  // Returns squared distance, the face index and the closest feature (0..2 vertex, 3..5 edge, 6 face).
  double nearest(const Vec3& p, int* face, int* feature, Vec3* closest, double bound2) const;

  std::vector<Vec3> v_;
  std::vector<std::array<int, 3>> f_;
  std::vector<int> order_;
  std::vector<Node> nodes_;
  std::vector<Vec3> face_n_;                    // unit face normals
  std::vector<std::array<Vec3, 3>> edge_n_;     // pseudo-normal of edge (k, k+1) per face
  std::vector<Vec3> vert_n_;                    // angle-weighted vertex pseudo-normals
  Aabb bounds_;
  bool watertight_ = false;
};

// A voxel grid of signed distances.
struct VoxelSDF {
  Vec3 origin;          // centre of voxel (0, 0, 0) [m]
  double voxel = 0.02;  // edge length [m]
  int nx = 0, ny = 0, nz = 0;
  std::vector<float> values;

  // Samples `mesh` on a grid covering its bounds plus `padding` [m] on every side; threads split the x slabs.
  // With a finite `band` [m], only voxels within `band` of a triangle's bounding box get exact distances; the
  // others get +-band (a lower bound of their true magnitude), the sign taken from the exact voxels bordering
  // their connected region. Throws std::invalid_argument for voxel <= 0, padding < 0, band <= 0, or a grid
  // over max_cells cells.
  static VoxelSDF build(const MeshDistance& mesh, double voxel, double padding, int threads = 0,
                        std::size_t max_cells = 64u << 20, double band = 1e300);
  // Throws std::invalid_argument unless origin is finite, voxel > 0 finite, the grid non-empty with nx*ny*nz
  // values, none of them NaN.
  void validate() const;
  // Trilinear value at p; outside the grid, the value at the nearest grid point plus the distance to it.
  // NaN for a point with a NaN coordinate (+inf for an infinitely far one).
  double query(const Vec3& p) const;
  // Central-difference gradient of query (unit length not enforced).
  Vec3 gradient(const Vec3& p) const;
  Aabb bounds() const;
  float at(int i, int j, int k) const { return values[(static_cast<std::size_t>(i) * ny + j) * nz + k]; }
};

// Closest point on triangle (a, b, c) to p; feature receives 0..2 (vertex), 3..5 (edge ab, bc, ca), 6 (face).
Vec3 closest_point_on_triangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c, int* feature);

}  // namespace iw
