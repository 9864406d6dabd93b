#include "bindings.hpp"

namespace iw::bindings {
void bind_collision(pybind11::module_& m) { (void)m; }
}  // namespace iw::bindings
