#include "bindings.hpp"

namespace iw::bindings {
void bind_sdf(pybind11::module_& m) { (void)m; }
}  // namespace iw::bindings
