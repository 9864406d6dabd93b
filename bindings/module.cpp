// interactiveworld._core: the private extension. Python modules re-export what users need.
#include "bindings.hpp"

#ifndef IW_VERSION_INFO
#define IW_VERSION_INFO "dev"
#endif

PYBIND11_MODULE(_core, m) {
  m.doc() = "InteractiveWorld native core (C++17). Units: metres, radians, seconds; world frame z-up.";
  m.attr("__version__") = IW_VERSION_INFO;
  m.attr("built_with_cuda") = false;
#ifdef NDEBUG
  m.attr("build_type") = "release";
#else
  m.attr("build_type") = "debug";
#endif
  // Order matters only where one area's types appear in another's signatures: grid first, then the body.
  iw::bindings::bind_grid(m);
  iw::bindings::bind_kinematics(m);
  iw::bindings::bind_sdf(m);
  iw::bindings::bind_collision(m);
  iw::bindings::bind_reach(m);
  iw::bindings::bind_grasp(m);
  iw::bindings::bind_boxes(m);
}
