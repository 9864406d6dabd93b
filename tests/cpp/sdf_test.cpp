// Exact distances and the voxel SDF on a unit cube (hand-worked values).
#include "body_check.hpp"
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "iw/sdf.hpp"

using namespace iw;

int main() {
  // Unit cube [0,1]^3, outward-oriented triangles.
  const double v[24] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1};
  const int f[36] = {0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4,
                     2, 3, 7, 2, 7, 6, 1, 2, 6, 1, 6, 5, 3, 0, 4, 3, 4, 7};
  MeshDistance md(v, 8, f, 12, true);
  IW_CHECK(md.watertight());
  IW_CHECK(std::abs(md.signed_distance(Vec3(0.5, 0.5, 0.5)) + 0.5) < 1e-12);   // centre: -0.5
  IW_CHECK(std::abs(md.signed_distance(Vec3(2.0, 0.5, 0.5)) - 1.0) < 1e-12);   // face
  IW_CHECK(std::abs(md.signed_distance(Vec3(2.0, 2.0, 0.5)) - std::sqrt(2.0)) < 1e-12);  // edge
  IW_CHECK(std::abs(md.signed_distance(Vec3(-1, -1, -1)) - std::sqrt(3.0)) < 1e-12);     // vertex
  const VoxelSDF g = VoxelSDF::build(md, 0.1, 0.2, 2);
  IW_CHECK(g.nx == 15 && g.ny == 15 && g.nz == 15);
  IW_CHECK(std::abs(g.query(Vec3(0.5, 0.5, 0.5)) + 0.5) < 1e-6);
  IW_CHECK(std::abs(g.query(Vec3(1.05, 0.5, 0.5)) - 0.05) < 0.1);
  // Narrow band: exact within the band, +-band beyond, signs kept.
  const VoxelSDF nb = VoxelSDF::build(md, 0.1, 0.6, 2, 64u << 20, 0.15);
  const VoxelSDF full = VoxelSDF::build(md, 0.1, 0.6, 2);
  int far = 0;
  for (std::size_t c = 0; c < full.values.size(); ++c) {
    if (std::abs(full.values[c]) <= 0.15) IW_CHECK(nb.values[c] == full.values[c]);
    IW_CHECK((nb.values[c] < 0) == (full.values[c] < 0));
    IW_CHECK(std::abs(nb.values[c]) <= std::abs(full.values[c]) + 1e-6);
    if (nb.values[c] != full.values[c]) ++far;
  }
  IW_CHECK(far > 0);
  // An open mesh is refused when a sign is required.
  bool threw = false;
  try {
    MeshDistance open(v, 8, f, 11, true);
  } catch (const std::invalid_argument&) {
    threw = true;
  }
  IW_CHECK(threw);
  threw = false;
  const int badf[3] = {0, 1, 99};
  try {
    MeshDistance bad(v, 8, badf, 1, false);
  } catch (const std::out_of_range&) {
    threw = true;
  }
  IW_CHECK(threw);
  // Non-finite points: NaN distances (never an index computed from NaN); an infinitely far point is infinitely far.
  const double nan = std::nan("");
  IW_CHECK(std::isnan(g.query(Vec3(nan, 0.5, 0.5))));
  IW_CHECK(std::isnan(md.signed_distance(Vec3(0.5, nan, 0.5))));
  IW_CHECK(std::isnan(md.signed_distance(Vec3(INFINITY, 0.5, 0.5))));
  IW_CHECK(std::isinf(g.query(Vec3(INFINITY, 0.5, 0.5))));
  // A NaN origin, or a voxel so small the grid count overflows, is refused.
  VoxelSDF bad_origin = g;
  bad_origin.origin = Vec3(nan, 0, 0);
  threw = false;
  try {
    bad_origin.validate();
  } catch (const std::invalid_argument&) {
    threw = true;
  }
  IW_CHECK(threw);
  threw = false;
  try {
    VoxelSDF::build(md, 1e-300, 0.0, 1);
  } catch (const std::invalid_argument&) {
    threw = true;
  }
  IW_CHECK(threw);
  std::puts("sdf_test: ok");
  return 0;
}
