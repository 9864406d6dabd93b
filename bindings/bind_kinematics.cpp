// Forward kinematics and linear blend skinning (cpp/iw/kinematics.hpp).
#include <pybind11/stl.h>

#include <cmath>
#include <string>

#include "bindings.hpp"
#include "body_arrays.hpp"
#include "iw/kinematics.hpp"

namespace iw::bindings {

namespace {
Skeleton make_skeleton(ArrI parents, ArrD rest_joints, ArrD up) {
  check_shape(parents, {-1}, "parents", "(J,)", "int32");
  const auto J = parents.shape(0);
  check_shape(rest_joints, {J, 3}, "rest_joints", "(J, 3)");
  check_shape(up, {3, 3}, "up", "(3, 3)");
  Skeleton sk;
  sk.parents.assign(parents.data(), parents.data() + J);
  for (py::ssize_t j = 0; j < J; ++j) {
    const double* r = rest_joints.data() + 3 * j;
    if (!std::isfinite(r[0]) || !std::isfinite(r[1]) || !std::isfinite(r[2]))
      throw std::invalid_argument("rest_joints: non-finite value in row " + std::to_string(j));
    sk.rest_joints.emplace_back(r[0], r[1], r[2]);
  }
  for (int k = 0; k < 9; ++k) sk.up.m[k] = up.data()[k];
  sk.validate();
  return sk;
}
}  // namespace

void bind_kinematics(pybind11::module_& m) {
  py::class_<Skeleton>(m, "Skeleton", "Kinematic tree: parents (J,) int32, rest joints (J, 3) [m] model frame, "
                                      "world-from-model rotation up (3, 3). ValueError for a malformed tree, "
                                      "non-finite rest joints or an up that is not a rotation.")
      .def(py::init(&make_skeleton), py::arg("parents"), py::arg("rest_joints"), py::arg("up"))
      .def_property_readonly("joint_count", &Skeleton::joint_count)
      .def(
          "forward_kinematics",
          [](const Skeleton& sk, ArrD poses, ArrD translations) {
            const auto J = sk.joint_count();
            check_shape(poses, {-1, 3 * J}, "poses", "(B, 3J)");
            const auto B = poses.shape(0);
            check_shape(translations, {B, 3}, "translations", "(B, 3)");
            py::array_t<double> out({B, py::ssize_t(J), py::ssize_t(4), py::ssize_t(4)});
            double* o = out.mutable_data();
            {
              py::gil_scoped_release release;
              forward_kinematics_batch(sk, poses.data(), translations.data(), B, o);
            }
            return out;
          },
          py::arg("poses"), py::arg("translations"),
          "World joint transforms (B, J, 4, 4) for axis-angle poses (B, 3J) [rad] and root translations (B, 3) [m]. "
          "ValueError for non-finite values, |pose| > 1e6 rad or |translation| > 1e6 m.");

  py::class_<SkinWeights>(m, "SkinWeights", "Sparse skinning weights built from a dense (V, J) array.")
      .def(py::init([](ArrD w) {
             check_shape(w, {-1, -1}, "weights", "(V, J)");
             return SkinWeights::from_dense(w.data(), w.shape(0), static_cast<int>(w.shape(1)));
           }),
           py::arg("weights"))
      .def_property_readonly("vertex_count", [](const SkinWeights& w) { return w.offsets.size() - 1; })
      .def_property_readonly("joint_count", [](const SkinWeights& w) { return w.joint_count; });

  m.def(
      "linear_blend_skinning",
      [](const Skeleton& sk, ArrD transforms, ArrD vertices, const SkinWeights& w) {
        const auto J = sk.joint_count();
        check_shape(transforms, {-1, J, 4, 4}, "transforms", "(B, J, 4, 4)");
        const auto B = transforms.shape(0);
        const auto V = static_cast<py::ssize_t>(w.offsets.size() - 1);
        if (w.joint_count != J)
          throw std::invalid_argument("weights: built from (V, " + std::to_string(w.joint_count) +
                                      ") dense weights, but the skeleton has " + std::to_string(J) +
                                      " joints; expected (V, " + std::to_string(J) + ")");
        bool per_batch = vertices.ndim() == 3;
        if (per_batch)
          check_shape(vertices, {B, V, 3}, "vertices", "(V, 3) or (B, V, 3)");
        else
          check_shape(vertices, {V, 3}, "vertices", "(V, 3) or (B, V, 3)");
        for (py::ssize_t k = 0; k < transforms.size(); ++k)
          if (!std::isfinite(transforms.data()[k]))
            throw std::invalid_argument("transforms: non-finite entry in transform " + std::to_string(k / 16));
        for (py::ssize_t k = 0; k < vertices.size(); ++k)
          if (!std::isfinite(vertices.data()[k]))
            throw std::invalid_argument("vertices: non-finite coordinate (flat index " + std::to_string(k) + ")");
        py::array_t<double> out({B, V, py::ssize_t(3)});
        double* o = out.mutable_data();
        {
          py::gil_scoped_release release;
          linear_blend_skinning_batch(sk, transforms.data(), B, vertices.data(), per_batch, V, w, o);
        }
        return out;
      },
      py::arg("skeleton"), py::arg("transforms"), py::arg("vertices"), py::arg("weights"),
      "Linear blend skinning: world vertices (B, V, 3) from joint transforms (B, J, 4, 4) and rest vertices. "
      "ValueError when the weights' joint count differs from the skeleton's or an input is not finite.");
}

}  // namespace iw::bindings
