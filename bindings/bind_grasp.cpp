#include "bindings.hpp"

namespace iw::bindings {
void bind_grasp(pybind11::module_& m) { (void)m; }
}  // namespace iw::bindings
