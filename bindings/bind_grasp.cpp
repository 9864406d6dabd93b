// Finger wrapping against an object SDF (cpp/iw/grasp.hpp).
#include <cmath>
#include <string>

#include "bindings.hpp"
#include "body_arrays.hpp"
#include "iw/grasp.hpp"

namespace iw::bindings {

namespace {
constexpr int kMaxCurlSteps = 4096;

HandSpec make_hand(const Skeleton& sk, int wrist, const ArrI& joints, const ArrD& axes, const ArrD& tips,
                   const ArrD& radii) {
  check_shape(joints, {5, 3}, "finger_joints", "(5, 3)", "int32");
  check_shape(axes, {5, 3}, "finger_axes", "(5, 3)");
  check_shape(tips, {5, 3}, "finger_tips", "(5, 3)");
  check_shape(radii, {5}, "finger_radii", "(5,)");
  const int J = sk.joint_count();
  if (wrist < 0 || wrist >= J) throw std::out_of_range("wrist joint out of range");
  HandSpec h;
  h.wrist = wrist;
  for (int f = 0; f < 5; ++f) {
    for (int k = 0; k < 3; ++k) {
      const int j = joints.data()[3 * f + k];
      if (j < 0 || j >= J) throw std::out_of_range("finger joint out of range");
      h.fingers[f].joints[k] = j;
    }
    // The curl starts from the wrist frame: the proximal joint must hang off the wrist.
    if (sk.parents[h.fingers[f].joints[0]] != wrist)
      throw std::invalid_argument("finger_joints: the first joint of finger " + std::to_string(f) +
                                  " must be a child of the wrist joint " + std::to_string(wrist));
    if (sk.parents[h.fingers[f].joints[1]] != h.fingers[f].joints[0] ||
        sk.parents[h.fingers[f].joints[2]] != h.fingers[f].joints[1])
      throw std::invalid_argument("finger joints must form a parent chain");
    const double* a = axes.data() + 3 * f;
    const double* t = tips.data() + 3 * f;
    Vec3 ax(a[0], a[1], a[2]);
    const double n = norm(ax);
    if (!(n > 1e-9) || !std::isfinite(n)) throw std::invalid_argument("finger axis must be finite and non-zero");
    if (!std::isfinite(t[0]) || !std::isfinite(t[1]) || !std::isfinite(t[2]))
      throw std::invalid_argument("finger_tips: row " + std::to_string(f) + " is not finite");
    if (!(radii.data()[f] >= 0) || !std::isfinite(radii.data()[f]))
      throw std::invalid_argument("finger_radii: entry " + std::to_string(f) + " must be finite and >= 0");
    h.fingers[f].axis = ax * (1.0 / n);
    h.fingers[f].tip = Vec3(t[0], t[1], t[2]);
    h.fingers[f].radius = radii.data()[f];
  }
  return h;
}

Rigid rigid_arg(const ArrD& m, const char* name) {
  check_shape(m, {4, 4}, name, "(4, 4)");
  for (int k = 0; k < 16; ++k)
    if (!std::isfinite(m.data()[k])) throw std::invalid_argument(std::string(name) + ": non-finite entry");
  return rigid_from_rowmajor(m.data());
}

void check_pose(const Skeleton& sk, const ArrD& pose) {
  check_shape(pose, {3 * sk.joint_count()}, "pose", "(3J,)");
  for (py::ssize_t k = 0; k < pose.size(); ++k)
    if (!std::isfinite(pose.data()[k]) || std::abs(pose.data()[k]) > kMaxPoseValue)
      throw std::invalid_argument("pose: entry " + std::to_string(k) + " is not finite or beyond +-1e6 rad");
}

GraspParams params(double step, double max_angle, double band, double max_penetration) {
  GraspParams p;
  p.step = step;
  p.max_angle = max_angle;
  p.band = band;
  p.max_penetration = max_penetration;
  if (!(step > 0) || !(max_angle > 0) || !(band >= 0) || !(max_penetration >= 0) || !std::isfinite(step) ||
      !std::isfinite(max_angle) || !std::isfinite(band) || !std::isfinite(max_penetration))
    throw std::invalid_argument(
        "grasp parameters: finite step, max_angle > 0 and finite band, max_penetration >= 0 required");
  if (max_angle > 2 * M_PI) throw std::invalid_argument("max_angle must be at most 2 pi rad");
  if (max_angle / step > kMaxCurlSteps)
    throw std::invalid_argument("step too small: more than " + std::to_string(kMaxCurlSteps) +
                                " curl steps up to max_angle");
  return p;
}
}  // namespace

void bind_grasp(pybind11::module_& m) {
  m.def(
      "curl_fingers",
      [](const Skeleton& sk, ArrD pose, ArrD wrist_world, int wrist, ArrI finger_joints, ArrD finger_axes,
         ArrD finger_tips, ArrD finger_radii, const VoxelSDF& sdf, ArrD object_from_world, double step,
         double max_angle, double band, double max_penetration) {
        check_pose(sk, pose);
        const HandSpec hand = make_hand(sk, wrist, finger_joints, finger_axes, finger_tips, finger_radii);
        const Rigid W = rigid_arg(wrist_world, "wrist_world"), O = rigid_arg(object_from_world, "object_from_world");
        const GraspParams prm = params(step, max_angle, band, max_penetration);
        FingerResult res[5];
        {
          py::gil_scoped_release release;
          curl_fingers(sk, pose.data(), W, hand, sdf, O, prm, res);
        }
        py::array_t<double> angle(5), dist(5);
        py::array_t<bool> contact(5);
        for (int f = 0; f < 5; ++f) {
          angle.mutable_data()[f] = res[f].angle;
          dist.mutable_data()[f] = res[f].distance;
          contact.mutable_data()[f] = res[f].contact;
        }
        return py::make_tuple(angle, contact, dist);
      },
      py::arg("skeleton"), py::arg("pose"), py::arg("wrist_world"), py::arg("wrist"), py::arg("finger_joints"),
      py::arg("finger_axes"), py::arg("finger_tips"), py::arg("finger_radii"), py::arg("sdf"),
      py::arg("object_from_world"), py::kw_only(), py::arg("step") = 6.0 * M_PI / 180.0, py::arg("max_angle") = 1.57,
      py::arg("band") = 0.006, py::arg("max_penetration") = 0.004,
      "Curl 5 fingers until contact: (angles (5,) [rad], contact (5,) bool, clearance (5,) [m]).");

  m.def(
      "finger_clearance_table",
      [](const Skeleton& sk, ArrD pose, ArrD wrists, int wrist, ArrI finger_joints, ArrD finger_axes,
         ArrD finger_tips, ArrD finger_radii, const VoxelSDF& sdf, ArrD object_from_world, double step,
         double max_angle) {
        check_pose(sk, pose);
        check_shape(wrists, {-1, 4, 4}, "wrists", "(P, 4, 4)");
        const HandSpec hand = make_hand(sk, wrist, finger_joints, finger_axes, finger_tips, finger_radii);
        const Rigid O = rigid_arg(object_from_world, "object_from_world");
        const GraspParams prm = params(step, max_angle, 0.0, 0.0);
        const int P = static_cast<int>(wrists.shape(0)), S = curl_step_count(prm);
        std::vector<Rigid> W(P);
        for (py::ssize_t k = 0; k < wrists.size(); ++k)
          if (!std::isfinite(wrists.data()[k]))
            throw std::invalid_argument("wrists: transform " + std::to_string(k / 16) + " is not finite");
        for (int p = 0; p < P; ++p) W[p] = rigid_from_rowmajor(wrists.data() + 16 * p);
        py::array_t<double> out({P, 5, S});
        double* o = out.mutable_data();
        {
          py::gil_scoped_release release;
          finger_clearance_table(sk, pose.data(), W.data(), P, hand, sdf, O, prm, o);
        }
        return out;
      },
      py::arg("skeleton"), py::arg("pose"), py::arg("wrists"), py::arg("wrist"), py::arg("finger_joints"),
      py::arg("finger_axes"), py::arg("finger_tips"), py::arg("finger_radii"), py::arg("sdf"),
      py::arg("object_from_world"), py::kw_only(), py::arg("step") = 6.0 * M_PI / 180.0, py::arg("max_angle") = 1.57,
      "Finger clearance [m] for P wrist transforms x 5 fingers x S curl steps: (P, 5, S).");
}

}  // namespace iw::bindings
