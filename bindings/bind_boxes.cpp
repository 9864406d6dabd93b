// Bindings for the oriented-box overlap of the placement gate (cpp/iw/boxes.hpp). Thin: shape checks, no copies.
#include <pybind11/numpy.h>

#include <stdexcept>
#include <string>

#include "bindings.hpp"
#include "iw/boxes.hpp"

namespace py = pybind11;

namespace iw::bindings {
namespace {

using F64 = py::array_t<double, py::array::c_style | py::array::forcecast>;

std::string shape_of(const py::array& a) {
  std::string s = "(";
  for (py::ssize_t k = 0; k < a.ndim(); ++k) s += (k ? ", " : "") + std::to_string(a.shape(k));
  return s + (a.ndim() == 1 ? ",)" : ")");
}

F64 reals(const py::object& o, const char* name) {
  const py::array a = py::array::ensure(o);
  if (!a) throw py::type_error(std::string(name) + ": expected a float64 array");
  const char kind = a.dtype().kind();
  if (!(kind == 'f' || kind == 'i' || kind == 'u'))
    throw py::type_error(std::string(name) + ": expected a float64 array, got " +
                         std::string(py::str(a.dtype())));
  return F64::ensure(a);
}

}  // namespace

void bind_boxes(py::module_& m) {
  m.def(
      "obb_penetration_depths",
      [](const py::object& t_a, const py::object& h_a, const py::object& t_b, const py::object& h_b) {
        const F64 ta = reals(t_a, "t_a"), ha = reals(h_a, "h_a"), tb = reals(t_b, "t_b"), hb = reals(h_b, "h_b");
        if (ta.size() != 16 || !(ta.ndim() == 2 || ta.ndim() == 3))
          throw std::invalid_argument("t_a: expected (4, 4) float64, got " + shape_of(ta));
        if (ha.size() != 3) throw std::invalid_argument("h_a: expected (3,) float64, got " + shape_of(ha));
        if (tb.size() % 16 != 0 || tb.ndim() < 2 || tb.shape(tb.ndim() - 1) != 4 || tb.shape(tb.ndim() - 2) != 4)
          throw std::invalid_argument("t_b: expected (N, 4, 4) float64, got " + shape_of(tb));
        const long long n = static_cast<long long>(tb.size() / 16);
        if (hb.size() != 3 * n || hb.shape(hb.ndim() - 1) != 3)
          throw std::invalid_argument("h_b: expected (" + std::to_string(n) + ", 3) float64, got " + shape_of(hb));
        py::array_t<double> out(n);
        boxes::penetration_depths(ta.data(), ha.data(), tb.data(), hb.data(), n, out.mutable_data());
        return out;
      },
      py::arg("t_a"), py::arg("h_a"), py::arg("t_b"), py::arg("h_b"),
      "Penetration depth [m] of box A (world-from-box (4, 4), half extents (3,) [m]) into each box B ((N, 4, 4), "
      "(N, 3)): separating-axis test over 15 axes (Gottschalk et al. 1996) behind an AABB broad phase, 5 axes when "
      "both boxes turn about z only; 0 where they are apart or touch. Returns (N,) float64. Raises ValueError for "
      "mis-shaped, non-finite transforms or negative half extents, TypeError for non-numeric arrays.");
}

}  // namespace iw::bindings
