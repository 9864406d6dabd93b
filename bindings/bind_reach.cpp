// CCD arm inverse kinematics (cpp/iw/reach.hpp).
#include "bindings.hpp"
#include "body_arrays.hpp"
#include "iw/reach.hpp"

namespace iw::bindings {

void bind_reach(pybind11::module_& m) {
  m.def(
      "ccd_reach",
      [](const Skeleton& sk, ArrD pose, ArrD translation, ArrD target, py::object chain_obj, ArrD elbow_axis,
         double elbow_min, double elbow_max, double collar_max, ArrD effector, int max_iterations, double tolerance) {
        const int J = sk.joint_count();
        check_shape(pose, {3 * J}, "pose", "(3J,)");
        check_shape(translation, {3}, "translation", "(3,)");
        check_shape(target, {3}, "target", "(3,)");
        // Integer dtypes only: a float array would otherwise be truncated to indices silently.
        py::array chain_in = py::array::ensure(chain_obj);
        if (!chain_in) throw std::invalid_argument("chain: expected (4,) integer joint indices");
        const char kind = chain_in.dtype().kind();
        if (kind != 'i' && kind != 'u')
          throw std::invalid_argument("chain: expected (4,) integer joint indices [collar, shoulder, elbow, wrist], "
                                      "got dtype " + std::string(py::str(chain_in.dtype())));
        auto chain = py::array_t<long long, py::array::c_style | py::array::forcecast>::ensure(chain_in);
        if (!chain) throw std::invalid_argument("chain: expected (4,) integer joint indices");
        check_shape(chain, {4}, "chain", "(4,) [collar, shoulder, elbow, wrist]", "integer");
        for (int k = 0; k < 4; ++k)
          if (chain.data()[k] < 0 || chain.data()[k] >= J)
            throw std::out_of_range("chain: joint index " + std::to_string(chain.data()[k]) + " out of range [0, " +
                                    std::to_string(J) + ")");
        check_shape(elbow_axis, {3}, "elbow_axis", "(3,)");
        check_shape(effector, {3}, "effector", "(3,)");
        ArmChain arm;
        arm.collar = static_cast<int>(chain.data()[0]);
        arm.shoulder = static_cast<int>(chain.data()[1]);
        arm.elbow = static_cast<int>(chain.data()[2]);
        arm.wrist = static_cast<int>(chain.data()[3]);
        auto v3 = [](const ArrD& a) { return Vec3(a.data()[0], a.data()[1], a.data()[2]); };
        arm.elbow_axis = v3(elbow_axis);
        arm.elbow_min = elbow_min;
        arm.elbow_max = elbow_max;
        arm.collar_max = collar_max;
        arm.effector = v3(effector);
        py::array_t<double> out(3 * J);
        std::copy(pose.data(), pose.data() + 3 * J, out.mutable_data());
        CcdResult r;
        {
          py::gil_scoped_release release;
          r = ccd_reach(sk, out.mutable_data(), v3(translation), arm, v3(target), max_iterations, tolerance);
        }
        return py::make_tuple(out, r.error, r.iterations);
      },
      py::arg("skeleton"), py::arg("pose"), py::arg("translation"), py::arg("target"), py::arg("chain"),
      py::arg("elbow_axis"), py::arg("elbow_min"), py::arg("elbow_max"), py::arg("collar_max"), py::arg("effector"),
      py::arg("max_iterations") = 28, py::arg("tolerance") = 1e-3,
      "CCD over collar, shoulder, elbow (hinge) bringing the effector (wrist frame) to target [m]: "
      "(pose (3J,), error [m], iterations).");
}

}  // namespace iw::bindings
