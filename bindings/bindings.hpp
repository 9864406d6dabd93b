// Declarations of the per-area binding functions; each lives in its own bind_<area>.cpp.
#pragma once
#include <pybind11/pybind11.h>

namespace iw::bindings {
void bind_grid(pybind11::module_& m);        // occupancy grid, distance transform, A*, string pulling, stance
void bind_kinematics(pybind11::module_& m);  // forward kinematics, linear blend skinning
void bind_collision(pybind11::module_& m);   // capsule proxy rig against scene geometry
void bind_sdf(pybind11::module_& m);         // voxel signed distance fields
void bind_reach(pybind11::module_& m);       // CCD inverse kinematics
void bind_grasp(pybind11::module_& m);       // finger wrapping
void bind_boxes(pybind11::module_& m);       // oriented-box overlap (placement gate)
}  // namespace iw::bindings
