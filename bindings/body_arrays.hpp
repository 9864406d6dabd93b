// Shape checks shared by the body bindings: every mismatch names the expected shape.
#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <initializer_list>
#include <stdexcept>
#include <string>

namespace iw::bindings {
namespace py = pybind11;
using ArrD = py::array_t<double, py::array::c_style | py::array::forcecast>;
using ArrI = py::array_t<int, py::array::c_style | py::array::forcecast>;

inline std::string shape_str(const py::array& a) {
  std::string s = "(";
  for (py::ssize_t i = 0; i < a.ndim(); ++i) s += (i ? ", " : "") + std::to_string(a.shape(i));
  return s + (a.ndim() == 1 ? ",)" : ")");
}

// Checks a.ndim == dims.size() and each positive entry of dims; -1 means any length.
inline void check_shape(const py::array& a, std::initializer_list<py::ssize_t> dims, const char* name,
                        const char* expected, const char* dtype = "float64") {
  bool ok = a.ndim() == static_cast<py::ssize_t>(dims.size());
  if (ok) {
    py::ssize_t i = 0;
    for (auto d : dims) {
      if (d >= 0 && a.shape(i) != d) ok = false;
      ++i;
    }
  }
  if (!ok)
    throw std::invalid_argument(std::string(name) + ": expected " + expected + " " + dtype + ", got " + shape_str(a));
}
}  // namespace iw::bindings
