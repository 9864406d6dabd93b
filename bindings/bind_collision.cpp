// Capsule proxy rig against scene boxes and voxel SDFs (cpp/iw/collision.hpp).
#include <pybind11/stl.h>

#include <cmath>
#include <string>

#include <memory>

#include "bindings.hpp"
#include "body_arrays.hpp"
#include "iw/collision.hpp"

namespace iw::bindings {

namespace {
using ArrU8 = py::array_t<std::uint8_t, py::array::c_style | py::array::forcecast>;

std::vector<Rigid> transforms_from(const ArrD& tf, const char* name) {
  check_shape(tf, {-1, 4, 4}, name, "(J, 4, 4)");
  for (py::ssize_t k = 0; k < tf.size(); ++k)
    if (!std::isfinite(tf.data()[k]))
      throw std::invalid_argument(std::string(name) + ": transform " + std::to_string(k / 16) + " is not finite");
  std::vector<Rigid> out(tf.shape(0));
  for (py::ssize_t j = 0; j < tf.shape(0); ++j) out[j] = rigid_from_rowmajor(tf.data() + 16 * j);
  return out;
}
}  // namespace

void bind_collision(pybind11::module_& m) {
  py::class_<CapsuleRig, std::shared_ptr<CapsuleRig>>(m, "CapsuleRig",
                                                      "Capsules whose endpoints ride skeleton joints.")
      .def(py::init([](ArrI joint_a, ArrI joint_b, ArrD offset_a, ArrD offset_b, ArrD radii, ArrU8 skip_floor,
                       ArrU8 self_check, int joint_count) {
             check_shape(joint_a, {-1}, "joint_a", "(C,)", "int32");
             const auto C = joint_a.shape(0);
             check_shape(joint_b, {C}, "joint_b", "(C,)", "int32");
             check_shape(offset_a, {C, 3}, "offset_a", "(C, 3)");
             check_shape(offset_b, {C, 3}, "offset_b", "(C, 3)");
             check_shape(radii, {C}, "radii", "(C,)");
             check_shape(skip_floor, {C}, "skip_floor", "(C,)", "uint8");
             check_shape(self_check, {C, C}, "self_check", "(C, C)", "uint8");
             auto rig = std::make_shared<CapsuleRig>();
             for (py::ssize_t i = 0; i < C; ++i) {
               Capsule c;
               c.joint_a = joint_a.data()[i];
               c.joint_b = joint_b.data()[i];
               const double *oa = offset_a.data() + 3 * i, *ob = offset_b.data() + 3 * i;
               c.offset_a = Vec3(oa[0], oa[1], oa[2]);
               c.offset_b = Vec3(ob[0], ob[1], ob[2]);
               c.radius = radii.data()[i];
               c.skip_floor = skip_floor.data()[i] != 0;
               rig->capsules.push_back(c);
             }
             rig->self_check.assign(self_check.data(), self_check.data() + C * C);
             rig->validate(joint_count);
             return rig;
           }),
           py::arg("joint_a"), py::arg("joint_b"), py::arg("offset_a"), py::arg("offset_b"), py::arg("radii"),
           py::arg("skip_floor"), py::arg("self_check"), py::arg("joint_count"))
      .def_property_readonly("capsule_count", [](const CapsuleRig& r) { return r.capsules.size(); })
      .def(
          "endpoints",
          [](const CapsuleRig& rig, ArrD transforms) {
            auto tf = transforms_from(transforms, "transforms");
            for (const auto& c : rig.capsules)
              if (c.joint_a >= (int)tf.size() || c.joint_b >= (int)tf.size())
                throw std::out_of_range("transforms: fewer joints than the rig refers to");
            const auto C = static_cast<py::ssize_t>(rig.capsules.size());
            std::vector<Vec3> a(C), b(C);
            rig.endpoints(tf.data(), a.data(), b.data());
            py::array_t<double> out({C, py::ssize_t(2), py::ssize_t(3)});
            double* o = out.mutable_data();
            for (py::ssize_t i = 0; i < C; ++i)
              for (int k = 0; k < 3; ++k) {
                o[6 * i + k] = a[i][k];
                o[6 * i + 3 + k] = b[i][k];
              }
            return out;
          },
          py::arg("transforms"), "World endpoints (C, 2, 3) [m] from FK transforms (J, 4, 4).")
      .def(
          "clearances",
          [](const CapsuleRig& rig, ArrD transforms, const Scene& scene) {
            auto tf = transforms_from(transforms, "transforms");
            for (const auto& c : rig.capsules)
              if (c.joint_a >= (int)tf.size() || c.joint_b >= (int)tf.size())
                throw std::out_of_range("transforms: fewer joints than the rig refers to");
            py::array_t<double> out(static_cast<py::ssize_t>(rig.capsules.size()));
            capsule_clearances(rig, tf.data(), scene, out.mutable_data());
            return out;
          },
          py::arg("transforms"), py::arg("scene"),
          "Minimal signed clearance (C,) [m] of each capsule against all scene geometry (1e300 if none).");

  py::class_<Scene, std::shared_ptr<Scene>>(m, "CollisionScene", "Oriented boxes and voxel SDFs with owners.")
      .def(py::init<>())
      .def(
          "add_boxes",
          [](Scene& s, ArrD transforms, ArrD half, ArrI owners, ArrU8 floor) {
            check_shape(transforms, {-1, 4, 4}, "transforms", "(N, 4, 4)");
            const auto N = transforms.shape(0);
            check_shape(half, {N, 3}, "half_extents", "(N, 3)");
            check_shape(owners, {N}, "owners", "(N,)", "int32");
            check_shape(floor, {N}, "floor", "(N,)", "uint8");
            // Validate every row before adding any, so a rejected call leaves the scene unchanged.
            for (py::ssize_t i = 0; i < N; ++i) {
              const double* h = half.data() + 3 * i;
              for (int k = 0; k < 3; ++k)
                if (!(h[k] >= 0) || !std::isfinite(h[k]))
                  throw std::invalid_argument("half_extents: row " + std::to_string(i) + " must be finite and >= 0");
              for (int k = 0; k < 16; ++k)
                if (!std::isfinite(transforms.data()[16 * i + k]))
                  throw std::invalid_argument("transforms: box " + std::to_string(i) + " has a non-finite entry");
              try {
                validate_box(rigid_from_rowmajor(transforms.data() + 16 * i), Vec3(h[0], h[1], h[2]));
              } catch (const std::invalid_argument& e) {
                throw std::invalid_argument("transforms: box " + std::to_string(i) + ": " + e.what());
              }
            }
            for (py::ssize_t i = 0; i < N; ++i) {
              const double* h = half.data() + 3 * i;
              s.add_box(rigid_from_rowmajor(transforms.data() + 16 * i), Vec3(h[0], h[1], h[2]), owners.data()[i],
                        floor.data()[i] != 0);
            }
          },
          py::arg("transforms"), py::arg("half_extents"), py::arg("owners"), py::arg("floor"),
          "Add N oriented boxes: world-from-box rigid transforms (N, 4, 4), half extents (N, 3) [m] >= 0, owners "
          "(N,) int32, floor flags (N,) uint8. ValueError (scene unchanged) for non-finite or non-rigid input.")
      .def(
          "add_field",
          [](Scene& s, std::shared_ptr<VoxelSDF> sdf, ArrD lo, ArrD hi, int owner, bool floor) {
            check_shape(lo, {3}, "lo", "(3,)");
            check_shape(hi, {3}, "hi", "(3,)");
            for (int k = 0; k < 3; ++k)
              if (!std::isfinite(lo.data()[k]) || !std::isfinite(hi.data()[k]) || lo.data()[k] > hi.data()[k])
                throw std::invalid_argument("lo, hi: expected finite bounds (3,) [m] with lo <= hi");
            Aabb b;
            b.grow(Vec3(lo.data()[0], lo.data()[1], lo.data()[2]));
            b.grow(Vec3(hi.data()[0], hi.data()[1], hi.data()[2]));
            s.add_field(sdf, b, owner, floor);
          },
          py::arg("sdf"), py::arg("lo"), py::arg("hi"), py::arg("owner"), py::arg("floor"))
      .def_property_readonly("box_count", [](const Scene& s) { return s.boxes.size(); })
      .def_property_readonly("field_count", [](const Scene& s) { return s.fields.size(); });

  m.def(
      "check_poses",
      [](const Skeleton& sk, const CapsuleRig& rig, const Scene& scene, ArrD poses, ArrD translations,
         std::vector<int> allowed_owners, std::optional<std::array<double, 3>> region_centre, double region_radius,
         double tolerance, bool self_collision, int held_joint, std::optional<ArrD> held_points, int threads) {
        const int J = sk.joint_count();
        check_shape(poses, {-1, 3 * J}, "poses", "(B, 3J)");
        const auto B = poses.shape(0);
        check_shape(translations, {B, 3}, "translations", "(B, 3)");
        rig.validate(J);
        CheckOptions opt;
        for (int o : allowed_owners) {
          if (o < 0) continue;
          if (o >= (int)opt.allowed_owner.size()) opt.allowed_owner.resize(o + 1, 0);
          opt.allowed_owner[o] = 1;
        }
        if (region_centre) {
          for (double v : *region_centre)
            if (!std::isfinite(v)) throw std::invalid_argument("region_centre must be finite");
          if (!(region_radius >= 0) || !std::isfinite(region_radius))
            throw std::invalid_argument("region_radius must be finite and >= 0");
          opt.has_region = true;
          opt.region_centre = Vec3((*region_centre)[0], (*region_centre)[1], (*region_centre)[2]);
          opt.region_radius = region_radius;
        }
        if (!(tolerance >= 0) || !std::isfinite(tolerance))
          throw std::invalid_argument("tolerance must be finite and >= 0");
        opt.tolerance = tolerance;
        opt.self_collision = self_collision;
        if (held_joint < -1 || held_joint >= J)
          throw std::out_of_range("held_joint must be -1 (none) or a joint index in [0, " + std::to_string(J) +
                                  "), got " + std::to_string(held_joint));
        opt.held_joint = held_joint;
        if (threads < 0 || threads > 256) throw std::invalid_argument("threads must be in [0, 256] (0 = automatic)");
        if (held_joint >= 0 && held_points) {
          check_shape(*held_points, {-1, 3}, "held_points", "(K, 3)");
          const double* h = held_points->data();
          for (py::ssize_t k = 0; k < held_points->shape(0); ++k) {
            if (!std::isfinite(h[3 * k]) || !std::isfinite(h[3 * k + 1]) || !std::isfinite(h[3 * k + 2]))
              throw std::invalid_argument("held_points: row " + std::to_string(k) + " is not finite");
            opt.held_points.emplace_back(h[3 * k], h[3 * k + 1], h[3 * k + 2]);
          }
        }
        std::vector<CheckResult> res(B);
        {
          py::gil_scoped_release release;
          check_poses(sk, rig, scene, opt, poses.data(), translations.data(), B, res.data(), threads);
        }
        py::array_t<bool> ok(B);
        py::array_t<int> capsule(B), other(B), other_capsule(B);
        py::array_t<double> clearance(B);
        for (py::ssize_t i = 0; i < B; ++i) {
          ok.mutable_data()[i] = res[i].ok;
          capsule.mutable_data()[i] = res[i].capsule;
          other.mutable_data()[i] = res[i].other;
          other_capsule.mutable_data()[i] = res[i].other_capsule;
          clearance.mutable_data()[i] = res[i].clearance;
        }
        return py::make_tuple(ok, capsule, other, other_capsule, clearance);
      },
      py::arg("skeleton"), py::arg("rig"), py::arg("scene"), py::arg("poses"), py::arg("translations"), py::kw_only(),
      py::arg("allowed_owners") = std::vector<int>{}, py::arg("region_centre") = py::none(),
      py::arg("region_radius") = 0.0, py::arg("tolerance") = 0.0, py::arg("self_collision") = true,
      py::arg("held_joint") = -1, py::arg("held_points") = py::none(), py::arg("threads") = 0,
      "Pose checks for poses (B, 3J): (ok (B,), capsule (B,), owner (B,) [-2 = self], other_capsule (B,), "
      "clearance (B,) [m]). capsule -1 = the held object. ValueError for non-finite input, |pose| > 1e6 rad, "
      "|translation| > 1e6 m or threads outside [0, 256]; IndexError for a held_joint out of range.");
}

}  // namespace iw::bindings
