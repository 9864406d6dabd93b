#include "iw/collision.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace iw {

void CapsuleRig::validate(int joint_count) const {
  if (capsules.empty()) throw std::invalid_argument("capsule rig: no capsules");
  for (std::size_t i = 0; i < capsules.size(); ++i) {
    const Capsule& c = capsules[i];
    if (c.joint_a < 0 || c.joint_a >= joint_count || c.joint_b < 0 || c.joint_b >= joint_count)
      throw std::out_of_range("capsule " + std::to_string(i) + ": joint index out of range");
    if (!(c.radius > 0) || !std::isfinite(c.radius))
      throw std::invalid_argument("capsule " + std::to_string(i) + ": radius must be positive and finite");
    for (const Vec3* o : {&c.offset_a, &c.offset_b})
      if (!std::isfinite(o->x) || !std::isfinite(o->y) || !std::isfinite(o->z))
        throw std::invalid_argument("capsule " + std::to_string(i) + ": endpoint offsets must be finite");
  }
  if (!self_check.empty() && self_check.size() != capsules.size() * capsules.size())
    throw std::invalid_argument("capsule rig: self_check must be (C, C)");
}

void CapsuleRig::endpoints(const Rigid* tf, Vec3* a, Vec3* b) const {
  for (std::size_t i = 0; i < capsules.size(); ++i) {
    a[i] = tf[capsules[i].joint_a].apply(capsules[i].offset_a);
    b[i] = tf[capsules[i].joint_b].apply(capsules[i].offset_b);
  }
}

void validate_box(const Rigid& world_from_box, const Vec3& half) {
  for (double v : world_from_box.R.m)
    if (!std::isfinite(v)) throw std::invalid_argument("box transform: rotation must be finite");
  const Vec3& t = world_from_box.t;
  if (!std::isfinite(t.x) || !std::isfinite(t.y) || !std::isfinite(t.z))
    throw std::invalid_argument("box transform: translation must be finite");
  const Mat3 should_be_identity = world_from_box.R * world_from_box.R.transposed();
  for (int k = 0; k < 9; ++k)
    if (std::abs(should_be_identity.m[k] - (k % 4 == 0 ? 1.0 : 0.0)) > 1e-4)
      throw std::invalid_argument("box transform: rotation is not orthonormal (scale belongs in the half extents)");
  if (!(half.x >= 0 && half.y >= 0 && half.z >= 0) || !std::isfinite(half.x) || !std::isfinite(half.y) ||
      !std::isfinite(half.z))
    throw std::invalid_argument("box half extents must be finite and >= 0");
}

void Scene::add_box(const Rigid& world_from_box, const Vec3& half, int owner, bool floor) {
  validate_box(world_from_box, half);
  SceneBox b;
  b.box_from_world.R = world_from_box.R.transposed();
  b.box_from_world.t = -(b.box_from_world.R * world_from_box.t);
  b.half = half;
  for (int k = 0; k < 8; ++k)
    b.world_box.grow(world_from_box.apply(Vec3(k & 1 ? half.x : -half.x, k & 2 ? half.y : -half.y,
                                               k & 4 ? half.z : -half.z)));
  b.owner = owner;
  b.floor = floor;
  boxes.push_back(b);
}

void Scene::add_field(std::shared_ptr<const VoxelSDF> sdf, const Aabb& mesh_box, int owner, bool floor) {
  if (!sdf) throw std::invalid_argument("scene field: sdf must be a VoxelSDF, got none");
  for (const Vec3* p : {&mesh_box.lo, &mesh_box.hi})
    if (!std::isfinite(p->x) || !std::isfinite(p->y) || !std::isfinite(p->z))
      throw std::invalid_argument("scene field: bounds must be finite");
  fields.push_back(SceneField{std::move(sdf), mesh_box, owner, floor});
}

double box_signed_distance(const SceneBox& box, const Vec3& p) {
  const Vec3 q = box.box_from_world.apply(p);
  const Vec3 d(std::abs(q.x) - box.half.x, std::abs(q.y) - box.half.y, std::abs(q.z) - box.half.z);
  const Vec3 o(std::max(d.x, 0.0), std::max(d.y, 0.0), std::max(d.z, 0.0));
  return norm(o) + std::min(std::max({d.x, d.y, d.z}), 0.0);
}

namespace {
Vec3 box_closest_point(const SceneBox& box, const Vec3& p) {
  Vec3 q = box.box_from_world.apply(p);
  q = Vec3(std::clamp(q.x, -box.half.x, box.half.x), std::clamp(q.y, -box.half.y, box.half.y),
           std::clamp(q.z, -box.half.z, box.half.z));
  const Mat3 Rt = box.box_from_world.R.transposed();
  return Rt * (q - box.box_from_world.t);
}

bool overlaps(const Aabb& a, const Aabb& b, double margin) {
  return a.lo.x - margin <= b.hi.x && b.lo.x <= a.hi.x + margin && a.lo.y - margin <= b.hi.y &&
         b.lo.y <= a.hi.y + margin && a.lo.z - margin <= b.hi.z && b.lo.z <= a.hi.z + margin;
}

// Minimises f over the segment: samples at spacing <= 0.5 r, then golden-section search in the bracket
// around the best allowed sample. `allowed(t)` says whether the contact at parameter t is allow-listed.
template <class F, class A>
double minimise_along(F&& f, A&& allowed, double length, double radius, double* t_best) {
  // Capped so that degenerate inputs (a huge capsule, a tiny voxel) cost bounded time, not an overflowing count.
  constexpr double kMaxSamples = 1 << 16;
  const double want = std::ceil(length / (0.5 * radius)) + 1;
  const int n = want < kMaxSamples ? std::max(2, static_cast<int>(want)) : static_cast<int>(kMaxSamples);
  double best = 1e300;
  int ib = -1;
  for (int i = 0; i < n; ++i) {
    const double t = double(i) / (n - 1);
    const double v = f(t);
    if (v < best && !allowed(t)) {
      best = v;
      ib = i;
    }
  }
  if (ib < 0) return 1e300;
  double lo = double(std::max(ib - 1, 0)) / (n - 1), hi = double(std::min(ib + 1, n - 1)) / (n - 1);
  const double g = 0.5 * (std::sqrt(5.0) - 1.0);
  double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
  double f1 = f(x1), f2 = f(x2);
  for (int it = 0; it < 24; ++it) {
    if (f1 < f2) {
      hi = x2; x2 = x1; f2 = f1; x1 = hi - g * (hi - lo); f1 = f(x1);
    } else {
      lo = x1; x1 = x2; f1 = f2; x2 = lo + g * (hi - lo); f2 = f(x2);
    }
  }
  const double tr = f1 < f2 ? x1 : x2, fr = std::min(f1, f2);
  *t_best = double(ib) / (n - 1);
  if (fr < best && !allowed(tr)) {
    best = fr;
    *t_best = tr;
  }
  return best;
}

// Sphere tracing along the axis: proves f > 0 on [0, 1] when each step (f / (L * length)) stays positive, L being a
// Lipschitz bound of f per metre. Returns true when proven; min_seen receives the smallest sample.
template <class F>
bool proven_clear(F&& f, double length, double lipschitz, double* min_seen) {
  double t = 0.0;
  *min_seen = 1e300;
  const double scale = 1.0 / (lipschitz * std::max(length, 1e-12));
  for (int it = 0; it < 48; ++it) {
    const double v = f(t);
    *min_seen = std::min(*min_seen, v);
    if (v <= 0.0) return false;
    if (t >= 1.0) return true;
    t = std::min(1.0, t + v * scale);
  }
  return false;
}

struct Probe {
  double clearance = 1e300;
  int other = -1;
};

bool in_region(const CheckOptions& o, const Vec3& p) {
  return o.has_region && norm(p - o.region_centre) <= o.region_radius;
}

bool owner_allowed(const CheckOptions& o, int owner) {
  return owner >= 0 && owner < static_cast<int>(o.allowed_owner.size()) && o.allowed_owner[owner];
}

// Clearance of one capsule (a, b, r) against the scene. With `cull`, primitives farther than the capsule's
// AABB + margin are skipped (their clearance is positive anyway).
// `boxes` lists the scene boxes to consider (all of them when null).
Probe capsule_vs_scene(const Vec3& a, const Vec3& b, double r, bool skip_floor, const Scene& scene,
                       const CheckOptions& opt, bool cull, const std::vector<int>* boxes = nullptr) {
  Probe best;
  Aabb cap;
  cap.grow(a);
  cap.grow(b);
  const double margin = r + 1e-6;
  const Vec3 ab = b - a;
  const double len = norm(ab);
  const std::size_t nb = boxes ? boxes->size() : scene.boxes.size();
  for (std::size_t bi = 0; bi < nb; ++bi) {
    const SceneBox& box = scene.boxes[boxes ? (*boxes)[bi] : bi];
    if (skip_floor && box.floor) continue;
    if (owner_allowed(opt, box.owner)) continue;
    if (cull && !overlaps(cap, box.world_box, margin)) continue;
    auto f = [&](double t) { return box_signed_distance(box, a + ab * t) - r; };
    auto allowed = [&](double t) { return opt.has_region && in_region(opt, box_closest_point(box, a + ab * t)); };
    double t, seen;
    if (cull && proven_clear(f, len, 1.0, &seen)) {  // pose checks only need the verdict when clear
      if (seen < best.clearance) best = Probe{seen, box.owner};
      continue;
    }
    const double c = minimise_along(f, allowed, len, r, &t);
    if (c < best.clearance) best = Probe{c, box.owner};
  }
  for (const SceneField& fld : scene.fields) {
    if (skip_floor && fld.floor) continue;
    if (owner_allowed(opt, fld.owner)) continue;
    if (cull && !overlaps(cap, fld.world_box, margin)) continue;
    const VoxelSDF& g = *fld.sdf;
    auto f = [&](double t) { return g.query(a + ab * t) - r; };
    auto allowed = [&](double t) {
      if (!opt.has_region) return false;
      const Vec3 p = a + ab * t;
      Vec3 n = g.gradient(p);
      const double nn = norm(n);
      if (nn > 1e-9) n = n * (1.0 / nn);
      return in_region(opt, p - n * g.query(p));
    };
    double t, seen;
    // Trilinear interpolation of a 1-Lipschitz field is at most sqrt(3)-Lipschitz.
    if (cull && proven_clear(f, len, 1.75, &seen)) {
      if (seen < best.clearance) best = Probe{seen, fld.owner};
      continue;
    }
    const double c = minimise_along(f, allowed, len, std::min(r, 2.0 * g.voxel), &t);
    if (c < best.clearance) best = Probe{c, fld.owner};
  }
  return best;
}

Probe point_vs_scene(const Vec3& p, const Scene& scene, const CheckOptions& opt) {
  Probe best;
  for (const SceneBox& box : scene.boxes) {
    if (owner_allowed(opt, box.owner)) continue;
    if (box.world_box.distance2(p) > 0.01) continue;  // beyond 0.1 m: clear
    const double d = box_signed_distance(box, p);
    if (d < best.clearance && !in_region(opt, box_closest_point(box, p))) best = Probe{d, box.owner};
  }
  for (const SceneField& fld : scene.fields) {
    if (owner_allowed(opt, fld.owner)) continue;
    if (fld.world_box.distance2(p) > 0.01) continue;
    const double d = fld.sdf->query(p);
    if (d < best.clearance && !in_region(opt, p)) best = Probe{d, fld.owner};
  }
  return best;
}
}  // namespace

double segment_segment_distance(const Vec3& p0, const Vec3& p1, const Vec3& q0, const Vec3& q1) {
  // Ericson 5.1.9.
  const Vec3 d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
  const double a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r);
  double s = 0, t = 0;
  if (a <= 1e-15 && e <= 1e-15) return norm(r);
  if (a <= 1e-15) {
    t = std::clamp(f / e, 0.0, 1.0);
  } else {
    const double c = dot(d1, r);
    if (e <= 1e-15) {
      s = std::clamp(-c / a, 0.0, 1.0);
    } else {
      const double b = dot(d1, d2), den = a * e - b * b;
      s = den > 1e-15 ? std::clamp((b * f - c * e) / den, 0.0, 1.0) : 0.0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = std::clamp(-c / a, 0.0, 1.0);
      } else if (t > 1) {
        t = 1;
        s = std::clamp((b - c) / a, 0.0, 1.0);
      }
    }
  }
  return norm((p0 + d1 * s) - (q0 + d2 * t));
}

CheckResult check_rig(const CapsuleRig& rig, const Rigid* tf, const Scene& scene, const CheckOptions& opt) {
  const std::size_t C = rig.capsules.size();
  std::vector<Vec3> a(C), b(C);
  rig.endpoints(tf, a.data(), b.data());
  // Broad phase: only boxes overlapping the whole rig's bounds (inflated by the largest radius) can touch it.
  Aabb all;
  double rmax = 0.0;
  for (std::size_t i = 0; i < C; ++i) {
    all.grow(a[i]);
    all.grow(b[i]);
    rmax = std::max(rmax, rig.capsules[i].radius);
  }
  std::vector<int> near_boxes;
  for (std::size_t k = 0; k < scene.boxes.size(); ++k)
    if (overlaps(all, scene.boxes[k].world_box, rmax + 1e-6)) near_boxes.push_back(static_cast<int>(k));
  CheckResult res;
  for (std::size_t i = 0; i < C; ++i) {
    const Capsule& cap = rig.capsules[i];
    const Probe p = capsule_vs_scene(a[i], b[i], cap.radius, cap.skip_floor, scene, opt, true, &near_boxes);
    if (p.clearance < res.clearance) {
      res.clearance = p.clearance;
      res.capsule = static_cast<int>(i);
      res.other = p.other;
      res.other_capsule = -1;
    }
  }
  if (opt.self_collision && !rig.self_check.empty()) {
    for (std::size_t i = 0; i < C; ++i)
      for (std::size_t j = i + 1; j < C; ++j) {
        if (!rig.self_check[i * C + j]) continue;
        const double c = segment_segment_distance(a[i], b[i], a[j], b[j]) - rig.capsules[i].radius -
                         rig.capsules[j].radius;
        if (c < res.clearance) {
          res.clearance = c;
          res.capsule = static_cast<int>(i);
          res.other = -2;
          res.other_capsule = static_cast<int>(j);
        }
      }
  }
  if (opt.held_joint >= 0) {
    const Rigid& w = tf[opt.held_joint];
    for (const Vec3& hp : opt.held_points) {
      const Probe p = point_vs_scene(w.apply(hp), scene, opt);
      if (p.clearance < res.clearance) {
        res.clearance = p.clearance;
        res.capsule = -1;
        res.other = p.other;
        res.other_capsule = -1;
      }
    }
  }
  res.ok = res.clearance >= -opt.tolerance;
  return res;
}

void capsule_clearances(const CapsuleRig& rig, const Rigid* tf, const Scene& scene, double* out) {
  const std::size_t C = rig.capsules.size();
  std::vector<Vec3> a(C), b(C);
  rig.endpoints(tf, a.data(), b.data());
  CheckOptions none;
  for (std::size_t i = 0; i < C; ++i)
    out[i] = capsule_vs_scene(a[i], b[i], rig.capsules[i].radius, false, scene, none, false).clearance;
}

void check_poses(const Skeleton& sk, const CapsuleRig& rig, const Scene& scene, const CheckOptions& opt,
                 const double* poses, const double* translations, std::size_t batch, CheckResult* out, int threads) {
  const int J = sk.joint_count();
  validate_pose_batch(J, poses, translations, batch, "check_poses");
  rig.validate(J);
  if (opt.held_joint >= J) throw std::out_of_range("check_poses: held_joint out of range");
  // Only the joints the rig (and the held object) ride, and their ancestors, need forward kinematics.
  std::vector<std::uint8_t> needed(J, 0);
  auto need = [&](int j) {
    for (; j >= 0 && !needed[j]; j = sk.parents[j]) needed[j] = 1;
  };
  for (const Capsule& c : rig.capsules) {
    need(c.joint_a);
    need(c.joint_b);
  }
  if (opt.held_joint >= 0) need(opt.held_joint);
  if (threads <= 0) threads = default_thread_count(batch, 64);
  parallel_for(batch, threads, [&](std::size_t s, std::size_t e) {
    std::vector<Rigid> tf(J);
    for (std::size_t i = s; i < e; ++i) {
      const double* t = translations + 3 * i;
      forward_kinematics(sk, poses + i * 3 * J, Vec3(t[0], t[1], t[2]), tf.data(), needed);
      out[i] = check_rig(rig, tf.data(), scene, opt);
    }
  });
}

}  // namespace iw
