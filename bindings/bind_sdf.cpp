// Point-to-mesh distances and voxel signed distance fields (cpp/iw/sdf.hpp).
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>

#include "bindings.hpp"
#include "body_arrays.hpp"
#include "iw/sdf.hpp"

namespace iw::bindings {

namespace {
template <class F>
py::array_t<double> map_points(ArrD points, F&& f) {
  check_shape(points, {-1, 3}, "points", "(N, 3)");
  const auto N = points.shape(0);
  const double* p = points.data();
  for (py::ssize_t k = 0; k < 3 * N; ++k)
    if (!std::isfinite(p[k]))
      throw std::invalid_argument("points: row " + std::to_string(k / 3) + " is not finite (NaN or inf)");
  py::array_t<double> out(N);
  double* o = out.mutable_data();
  {
    py::gil_scoped_release release;
    parallel_for(N, default_thread_count(N, 2048), [&](std::size_t a, std::size_t e) {
      for (std::size_t i = a; i < e; ++i) o[i] = f(Vec3(p[3 * i], p[3 * i + 1], p[3 * i + 2]));
    });
  }
  return out;
}
}  // namespace

void bind_sdf(pybind11::module_& m) {
  py::class_<MeshDistance, std::shared_ptr<MeshDistance>>(
      m, "MeshDistance", "Exact closest-point distances to a triangle mesh (BVH, pseudo-normal signs).")
      .def(py::init([](ArrD vertices, ArrI faces, bool require_watertight) {
             check_shape(vertices, {-1, 3}, "vertices", "(V, 3)");
             check_shape(faces, {-1, 3}, "faces", "(F, 3)", "int32");
             return std::make_shared<MeshDistance>(vertices.data(), vertices.shape(0), faces.data(), faces.shape(0),
                                                   require_watertight);
           }),
           py::arg("vertices"), py::arg("faces"), py::kw_only(), py::arg("require_watertight") = true)
      .def_property_readonly("watertight", &MeshDistance::watertight)
      .def(
          "signed_distance",
          [](const MeshDistance& md, ArrD points) {
            return map_points(points, [&](const Vec3& p) { return md.signed_distance(p); });
          },
          py::arg("points"),
          "Signed distances (N,) [m] (negative inside) of points (N, 3); unsigned if not watertight. "
          "ValueError for a non-finite point.");

  py::class_<VoxelSDF, std::shared_ptr<VoxelSDF>>(m, "VoxelSDF",
                                                  "Voxel signed distance field: values (nx, ny, nz) float32 at "
                                                  "origin + (i, j, k) * voxel, trilinear lookup.")
      .def(py::init([](ArrD origin, double voxel, py::array_t<float, py::array::c_style | py::array::forcecast> v) {
             check_shape(origin, {3}, "origin", "(3,)");
             check_shape(v, {-1, -1, -1}, "values", "(nx, ny, nz)", "float32");
             if (v.shape(0) < 1 || v.shape(1) < 1 || v.shape(2) < 1) throw std::invalid_argument("values: empty grid");
             if (v.shape(0) > (1 << 30) || v.shape(1) > (1 << 30) || v.shape(2) > (1 << 30))
               throw std::invalid_argument("values: grid too large");
             auto g = std::make_shared<VoxelSDF>();
             g->origin = Vec3(origin.data()[0], origin.data()[1], origin.data()[2]);
             g->voxel = voxel;
             g->nx = static_cast<int>(v.shape(0));
             g->ny = static_cast<int>(v.shape(1));
             g->nz = static_cast<int>(v.shape(2));
             g->values.assign(v.data(), v.data() + v.size());
             g->validate();
             return g;
           }),
           py::arg("origin"), py::arg("voxel"), py::arg("values"),
           "origin (3,) [m] finite, voxel [m] > 0 finite, values (nx, ny, nz) float32 without NaN; ValueError "
           "otherwise.")
      .def_static(
          "build",
          [](const MeshDistance& md, double voxel, double padding, std::optional<double> band) {
            py::gil_scoped_release release;
            return std::make_shared<VoxelSDF>(VoxelSDF::build(md, voxel, padding, 0, 64u << 20, band ? *band : 1e300));
          },
          py::arg("mesh"), py::arg("voxel"), py::arg("padding"), py::kw_only(), py::arg("band") = py::none(),
          "Sample a mesh's signed distance on a grid over its bounds plus padding [m] (threads split the grid). "
          "With band [m], exact values only near the surface and +-band elsewhere (sign by region).")
      .def(
          "query",
          [](const VoxelSDF& g, ArrD points) { return map_points(points, [&](const Vec3& p) { return g.query(p); }); },
          py::arg("points"), "Trilinear signed distances (N,) [m] at points (N, 3).")
      .def_property_readonly("voxel", [](const VoxelSDF& g) { return g.voxel; })
      .def_property_readonly("origin", [](const VoxelSDF& g) { return py::make_tuple(g.origin.x, g.origin.y, g.origin.z); })
      .def_property_readonly("shape", [](const VoxelSDF& g) { return py::make_tuple(g.nx, g.ny, g.nz); })
      .def_property_readonly("values", [](const VoxelSDF& g) {
        py::array_t<float> out({g.nx, g.ny, g.nz});
        std::copy(g.values.begin(), g.values.end(), out.mutable_data());
        return out;
      });
}

}  // namespace iw::bindings
