// Bindings for the occupancy-grid navigation core (cpp/iw/grid.hpp). Thin: shape/dtype checks, GIL release.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cmath>
#include <stdexcept>
#include <string>

#include "bindings.hpp"
#include "iw/grid.hpp"

namespace py = pybind11;

namespace iw::bindings {
namespace {

using F64 = py::array_t<double, py::array::c_style | py::array::forcecast>;
using U8 = py::array_t<uint8_t, py::array::c_style | py::array::forcecast>;
using I32 = py::array_t<int32_t, py::array::c_style | py::array::forcecast>;

std::string shape_str(const py::array& a) {
  std::string s = "(";
  for (py::ssize_t k = 0; k < a.ndim(); ++k) s += (k ? ", " : "") + std::to_string(a.shape(k));
  return s + (a.ndim() == 1 ? ",)" : ")");
}

std::string describe(const py::array& a) { return shape_str(a) + " " + std::string(py::str(a.dtype())); }

// A 2-D, non-empty occupancy mask of dtype bool or uint8 (no copy when already C-contiguous).
U8 mask2d(const py::array& a, const char* name) {
  const char kind = a.dtype().kind();
  if (!((kind == 'b') || (kind == 'u' && a.itemsize() == 1)))
    throw py::type_error(std::string(name) + ": expected (H, W) bool or uint8, got " + describe(a));
  if (a.ndim() != 2 || a.shape(0) == 0 || a.shape(1) == 0)
    throw std::invalid_argument(std::string(name) + ": expected a non-empty (H, W) grid, got " + describe(a));
  return U8::ensure(kind == 'b' ? py::array(a.attr("view")("uint8")) : a);
}

// A floating-point array of the given shape (rows, cols) or (n, k); no copy when already float64 C-contiguous.
F64 floats(const py::array& a, const char* name, py::ssize_t d0, py::ssize_t d1, const char* expected) {
  if (a.dtype().kind() != 'f')
    throw py::type_error(std::string(name) + ": expected " + expected + " float64, got " + describe(a));
  const bool ok = d1 < 0 ? (a.ndim() == 1 && (d0 < 0 || a.shape(0) == d0))
                         : (a.ndim() == 2 && (d0 < 0 || a.shape(0) == d0) && a.shape(1) == d1);
  if (!ok) throw std::invalid_argument(std::string(name) + ": expected " + expected + " float64, got " + describe(a));
  return F64::ensure(a);
}

py::array as_numpy(const py::object& o) { return py::module_::import("numpy").attr("asarray")(o); }

int32_t flat_cell(const py::object& rc, int rows, int cols, const char* name) {
  const py::array a = as_numpy(rc);
  const char kind = a.dtype().kind();
  if (a.ndim() != 1 || a.shape(0) != 2 || !(kind == 'i' || kind == 'u'))
    throw std::invalid_argument(std::string(name) + ": expected (row, col) integers, got " + describe(a));
  const auto v = py::cast<std::vector<long long>>(a.attr("astype")("int64").attr("tolist")());
  if (v[0] < 0 || v[0] >= rows || v[1] < 0 || v[1] >= cols)
    throw py::index_error(std::string(name) + " cell (" + std::to_string(v[0]) + ", " + std::to_string(v[1]) +
                          ") outside the grid of shape (" + std::to_string(rows) + ", " + std::to_string(cols) + ")");
  return static_cast<int32_t>(v[0] * cols + v[1]);
}

// A point given as n floats (world coordinates [m]); NaN/inf are left for the core to reject by name.
std::vector<double> point(const py::object& o, size_t n, const char* name) {
  const py::array a = as_numpy(o);
  const char kind = a.dtype().kind();
  if (a.ndim() != 1 || a.shape(0) != static_cast<py::ssize_t>(n) || !(kind == 'f' || kind == 'i' || kind == 'u'))
    throw std::invalid_argument(std::string(name) + ": expected (" + std::to_string(n) + ",) float64, got " +
                                describe(a));
  return py::cast<std::vector<double>>(a.attr("astype")("float64").attr("tolist")());
}

grid::GridSpec spec_from(const py::object& origin, double resolution, int rows, int cols) {
  const auto o = point(origin, 2, "origin");
  grid::GridSpec s;
  s.origin_x = o[0];
  s.origin_y = o[1];
  s.resolution = resolution;
  s.rows = rows;
  s.cols = cols;
  s.validate();
  return s;
}

struct Geometry {
  F64 tf, he, verts;
  I32 faces;
  grid::GeometryView view;
};

Geometry geometry_from(const py::array& box_transforms, const py::array& box_half_extents, const py::array& vertices,
                       const py::array& faces) {
  Geometry g;
  g.tf = F64::ensure(box_transforms);
  g.he = F64::ensure(box_half_extents);
  g.verts = F64::ensure(vertices);
  g.faces = I32::ensure(faces);
  if (g.tf.ndim() != 3 || g.tf.shape(1) != 4 || g.tf.shape(2) != 4)
    throw std::invalid_argument("box_transforms: expected (N, 4, 4) float64, got " + describe(box_transforms));
  if (g.he.ndim() != 2 || g.he.shape(1) != 3 || g.he.shape(0) != g.tf.shape(0))
    throw std::invalid_argument("box_half_extents: expected (N, 3) float64 with N = " +
                                std::to_string(g.tf.shape(0)) + ", got " + describe(box_half_extents));
  if (g.verts.ndim() != 2 || g.verts.shape(1) != 3)
    throw std::invalid_argument("vertices: expected (V, 3) float64, got " + describe(vertices));
  if (g.faces.ndim() != 2 || g.faces.shape(1) != 3)
    throw std::invalid_argument("faces: expected (F, 3) int32, got " + describe(faces));
  g.view.box_transforms = g.tf.data();
  g.view.box_half_extents = g.he.data();
  g.view.box_count = static_cast<int>(g.tf.shape(0));
  g.view.vertices = g.verts.data();
  g.view.vertex_count = static_cast<int>(g.verts.shape(0));
  g.view.faces = g.faces.data();
  g.view.face_count = static_cast<int>(g.faces.shape(0));
  g.view.validate();
  return g;
}

const uint8_t* optional_mask(const py::object& m, U8& keep, py::ssize_t n, const char* name) {
  if (m.is_none()) return nullptr;
  keep = U8::ensure(m);
  if (!keep || keep.ndim() != 1 || keep.shape(0) != n)
    throw std::invalid_argument(std::string(name) + ": expected (" + std::to_string(n) + ",) bool");
  return keep.data();
}

double checked_nonneg(double v, const char* name) {
  if (!(v >= 0.0) || !std::isfinite(v))
    throw std::invalid_argument(std::string(name) + " must be finite and >= 0, got " + std::to_string(v));
  return v;
}

}  // namespace

void bind_grid(py::module_& m) {
  m.def(
      "grid_rasterise_floor",
      [](const py::array& box_transforms, const py::array& box_half_extents, const py::array& vertices,
         const py::array& faces, const py::object& box_mask, const py::object& face_mask, const py::object& origin,
         double resolution, int rows, int cols, double max_floor_z) {
        Geometry g = geometry_from(box_transforms, box_half_extents, vertices, faces);
        U8 bm, fm;
        const uint8_t* bmp = optional_mask(box_mask, bm, g.view.box_count, "box_mask");
        const uint8_t* fmp = optional_mask(face_mask, fm, g.view.face_count, "face_mask");
        const grid::GridSpec s = spec_from(origin, resolution, rows, cols);
        py::array_t<double> out({rows, cols});
        double* o = out.mutable_data();
        {
          py::gil_scoped_release release;
          grid::rasterise_floor(g.view, bmp, fmp, s, max_floor_z, o);
        }
        return out;
      },
      py::arg("box_transforms"), py::arg("box_half_extents"), py::arg("vertices"), py::arg("faces"),
      py::arg("box_mask"), py::arg("face_mask"), py::arg("origin"), py::arg("resolution"), py::arg("rows"),
      py::arg("cols"), py::arg("max_floor_z"),
      "Local floor height [m] per cell (rows, cols) float64: the top of the highest selected surface under the cell "
      "centre that lies at or below max_floor_z; NaN where there is none.");

  m.def(
      "grid_rasterise_band",
      [](const py::array& box_transforms, const py::array& box_half_extents, const py::array& vertices,
         const py::array& faces, const py::object& box_mask, const py::object& face_mask, const py::object& origin,
         double resolution, const py::array& floor_height, double band_lo, double band_hi, int flag,
         py::array out_arr) {
        Geometry g = geometry_from(box_transforms, box_half_extents, vertices, faces);
        U8 bm, fm;
        const uint8_t* bmp = optional_mask(box_mask, bm, g.view.box_count, "box_mask");
        const uint8_t* fmp = optional_mask(face_mask, fm, g.view.face_count, "face_mask");
        if (floor_height.ndim() != 2) throw std::invalid_argument("floor_height: expected (H, W) float64");
        F64 fh = floats(floor_height, "floor_height", -1, floor_height.shape(1), "(H, W)");
        const int rows = static_cast<int>(fh.shape(0)), cols = static_cast<int>(fh.shape(1));
        // Written in place: no conversion allowed, so the dtype and layout must already match.
        if (!(out_arr.dtype().kind() == 'u' && out_arr.itemsize() == 1) || out_arr.ndim() != 2 ||
            out_arr.shape(0) != rows || out_arr.shape(1) != cols || !out_arr.writeable() ||
            !(out_arr.flags() & py::array::c_style))
          throw std::invalid_argument("out: expected a writeable C-contiguous (" + std::to_string(rows) + ", " +
                                      std::to_string(cols) + ") uint8 array, got " + describe(out_arr));
        auto out = py::array_t<uint8_t>::ensure(out_arr);
        if (flag <= 0 || flag > 255) throw std::invalid_argument("flag must be in 1..255");
        const grid::GridSpec s = spec_from(origin, resolution, rows, cols);
        uint8_t* o = out.mutable_data();
        py::gil_scoped_release release;
        return grid::rasterise_band(g.view, bmp, fmp, s, fh.data(), band_lo, band_hi, static_cast<uint8_t>(flag), o);
      },
      py::arg("box_transforms"), py::arg("box_half_extents"), py::arg("vertices"), py::arg("faces"),
      py::arg("box_mask"), py::arg("face_mask"), py::arg("origin"), py::arg("resolution"), py::arg("floor_height"),
      py::arg("band_lo"), py::arg("band_hi"), py::arg("flag"), py::arg("out"),
      "ORs `flag` into out (H, W) uint8 for every cell whose column [floor + band_lo, floor + band_hi] intersects a "
      "selected box or triangle (exact separating-axis tests). Returns the count of newly marked cells.");

  m.def(
      "distance_transform",
      [](const py::array& free_mask, double scale, int threads) {
        U8 f = mask2d(free_mask, "free_mask");
        if (threads < 1) throw std::invalid_argument("threads must be >= 1");
        const int rows = static_cast<int>(f.shape(0)), cols = static_cast<int>(f.shape(1));
        py::array_t<double> out({rows, cols});
        double* o = out.mutable_data();
        const uint8_t* fp = f.data();
        py::gil_scoped_release release;
        grid::distance_transform(fp, rows, cols, scale, o, threads);
        return out;
      },
      py::arg("free_mask"), py::kw_only(), py::arg("scale") = 1.0, py::arg("threads") = 2,
      "Exact Euclidean distance transform. free_mask (H, W) bool/uint8, non-zero = free. Returns (H, W) float64: "
      "distance from each free cell centre to the nearest blocked cell centre times `scale` (0 on blocked cells, "
      "+inf when no cell is blocked); equals scipy.ndimage.distance_transform_edt(free_mask) * scale.");

  m.def(
      "clearance_cost_layer",
      [](const py::array& clearance, const py::object& door_cost, double lam, double d_safe) {
        if (clearance.ndim() != 2) throw std::invalid_argument("clearance: expected (H, W) float64, got " + describe(clearance));
        F64 c = floats(clearance, "clearance", -1, clearance.shape(1), "(H, W)");
        F64 d;
        if (!door_cost.is_none()) d = floats(door_cost.cast<py::array>(), "door_cost", c.shape(0), c.shape(1), "(H, W)");
        checked_nonneg(lam, "lam");
        checked_nonneg(d_safe, "d_safe");
        py::array_t<double> out({c.shape(0), c.shape(1)});
        double* o = out.mutable_data();
        const double* dp = door_cost.is_none() ? nullptr : d.data();
        const double* cp = c.data();
        const long long n = c.size();
        py::gil_scoped_release release;
        grid::clearance_cost_layer(cp, dp, n, lam, d_safe, o);
        return out;
      },
      py::arg("clearance"), py::arg("door_cost") = py::none(), py::kw_only(), py::arg("lam") = 8.0,
      py::arg("d_safe") = 0.35,
      "Per-cell entry cost of paper eq. (2) without the step length: lam * max(0, d_safe - D) + c_door, (H, W) "
      "float64 from clearance D [m] (H, W) and an optional door cost layer (H, W).");

  py::class_<grid::Landmarks>(
      m, "Landmarks",
      "Landmark costs for the A* heuristic (ALT, Goldberg and Harrelson 2005) on an occupancy grid, built once per "
      "map and reused by every search whose traversable cells lie inside `passable` and whose node costs are no "
      "lower than `node_cost` (any costs when it is None): the search stays exact, with fewer expansions.")
      .def(py::init([](const py::array& passable, const py::object& node_cost, int count, double resolution) {
             U8 p = mask2d(passable, "passable");
             const int rows = static_cast<int>(p.shape(0)), cols = static_cast<int>(p.shape(1));
             F64 c;
             if (!node_cost.is_none()) c = floats(node_cost.cast<py::array>(), "node_cost", rows, cols, "(H, W)");
             checked_nonneg(resolution, "resolution");
             const uint8_t* pp = p.data();
             const double* cp = node_cost.is_none() ? nullptr : c.data();
             py::gil_scoped_release release;
             return grid::build_landmarks(pp, cp, rows, cols, resolution, count);
           }),
           py::arg("passable"), py::arg("node_cost") = py::none(), py::kw_only(), py::arg("count") = 8,
           py::arg("resolution") = 0.10,
           "passable (H, W) bool/uint8: every cell a later search may traverse; node_cost (H, W) float64 >= 0 or "
           "None (geometric: valid for any costs); count in [1, 64]; resolution [m]. One Dijkstra run per landmark. "
           "Raises ValueError on a bad count, cost or resolution.")
      .def_readonly("count", &grid::Landmarks::count, "number of landmarks (fewer than asked on tiny grids)")
      .def_readonly("resolution", &grid::Landmarks::resolution, "cell size [m]")
      .def_readonly("has_cost", &grid::Landmarks::has_cost, "built with node costs (else geometric)")
      .def_property_readonly(
          "shape", [](const grid::Landmarks& l) { return py::make_tuple(l.rows, l.cols); }, "(H, W) of the grid")
      .def_property_readonly(
          "cells",
          [](const grid::Landmarks& l) {
            py::array_t<int32_t> out({static_cast<py::ssize_t>(l.cells.size()), py::ssize_t{2}});
            auto w = out.mutable_unchecked<2>();
            for (size_t k = 0; k < l.cells.size(); ++k) {
              w(k, 0) = l.cells[k] / l.cols;
              w(k, 1) = l.cells[k] % l.cols;
            }
            return out;
          },
          "(count, 2) int32 (row, col) of the landmarks")
      .def(
          "costs",
          [](const grid::Landmarks& l, bool toward) {
            py::array_t<double> out({static_cast<py::ssize_t>(l.count), static_cast<py::ssize_t>(l.rows),
                                    static_cast<py::ssize_t>(l.cols)});
            auto w = out.mutable_unchecked<3>();
            for (int k = 0; k < l.count; ++k)
              for (int i = 0; i < l.rows; ++i)
                for (int j = 0; j < l.cols; ++j) {
                  const long long c = static_cast<long long>(i) * l.cols + j;
                  w(k, i, j) = toward ? l.from(c, k) : l.to(c, k);
                }
            return out;
          },
          py::kw_only(), py::arg("toward") = false,
          "(count, H, W) float64 [m-equivalent]: the cost from each landmark to every cell (toward=False) or from "
          "every cell to the landmark (toward=True) on the landmark graph, inf where unreachable");

  m.def(
      "astar",
      [](const py::array& passable, const py::object& node_cost, const py::object& start, const py::object& goal,
         double resolution, const grid::Landmarks* landmarks) -> py::object {
        U8 p = mask2d(passable, "passable");
        const int rows = static_cast<int>(p.shape(0)), cols = static_cast<int>(p.shape(1));
        F64 c;
        if (!node_cost.is_none()) c = floats(node_cost.cast<py::array>(), "node_cost", rows, cols, "(H, W)");
        const int32_t s = flat_cell(start, rows, cols, "start"), g = flat_cell(goal, rows, cols, "goal");
        checked_nonneg(resolution, "resolution");
        grid::AStarResult r;
        {
          const uint8_t* pp = p.data();
          const double* cp = node_cost.is_none() ? nullptr : c.data();
          py::gil_scoped_release release;
          r = grid::astar(pp, cp, rows, cols, resolution, s, g, landmarks);
        }
        if (!r.found) return py::make_tuple(py::none(), std::numeric_limits<double>::infinity(), r.expanded);
        py::array_t<int32_t> cells({static_cast<py::ssize_t>(r.cells.size()), py::ssize_t{2}});
        auto w = cells.mutable_unchecked<2>();
        for (size_t k = 0; k < r.cells.size(); ++k) {
          w(k, 0) = r.cells[k] / cols;
          w(k, 1) = r.cells[k] % cols;
        }
        return py::make_tuple(cells, r.cost, r.expanded);
      },
      py::arg("passable"), py::arg("node_cost"), py::arg("start"), py::arg("goal"), py::kw_only(),
      py::arg("resolution") = 0.10, py::arg("landmarks") = nullptr,
      "8-connected A* without diagonal corner cutting; step cost resolution * (l8 + node_cost[n']) (paper eq. 2). "
      "passable (H, W) bool/uint8, node_cost (H, W) float64 >= 0 or None, start/goal (row, col); landmarks: an "
      "optional Landmarks of a grid holding every traversable cell (a tighter heuristic, same exact optimum). "
      "Returns (cells (M, 2) int32 | None when unreachable, cost [m-equivalent] (inf when unreachable), expanded "
      "count). Raises ValueError for landmarks of another grid size or resolution or a traversable cell they block.");

  m.def(
      "dijkstra_field",
      [](const py::array& passable, const py::object& node_cost, const py::object& start, double resolution) {
        U8 p = mask2d(passable, "passable");
        const int rows = static_cast<int>(p.shape(0)), cols = static_cast<int>(p.shape(1));
        F64 c;
        if (!node_cost.is_none()) c = floats(node_cost.cast<py::array>(), "node_cost", rows, cols, "(H, W)");
        const int32_t s = flat_cell(start, rows, cols, "start");
        checked_nonneg(resolution, "resolution");
        py::array_t<double> out({rows, cols});
        double* o = out.mutable_data();
        const uint8_t* pp = p.data();
        const double* cp = node_cost.is_none() ? nullptr : c.data();
        py::gil_scoped_release release;
        grid::dijkstra_field(pp, cp, rows, cols, resolution, s, o);
        return out;
      },
      py::arg("passable"), py::arg("node_cost"), py::arg("start"), py::kw_only(), py::arg("resolution") = 0.10,
      "Single-source Dijkstra on the A* graph: cost-to-reach (H, W) float64 [m-equivalent], inf where unreachable.");

  m.def(
      "reachable_mask",
      [](const py::array& passable, const py::object& start) {
        U8 p = mask2d(passable, "passable");
        const int rows = static_cast<int>(p.shape(0)), cols = static_cast<int>(p.shape(1));
        const int32_t s = flat_cell(start, rows, cols, "start");
        py::array_t<bool> out({rows, cols});
        auto* o = reinterpret_cast<uint8_t*>(out.mutable_data());
        const uint8_t* pp = p.data();
        py::gil_scoped_release release;
        grid::reachable_mask(pp, rows, cols, s, o);
        return out;
      },
      py::arg("passable"), py::arg("start"),
      "Cells reachable from start (row, col) by 8-connected moves without corner cutting, (H, W) bool.");

  m.def(
      "segment_cost",
      [](const py::array& passable, const py::object& node_cost, const py::object& origin, double resolution,
         const py::object& p0, const py::object& p1) {
        U8 p = mask2d(passable, "passable");
        const int rows = static_cast<int>(p.shape(0)), cols = static_cast<int>(p.shape(1));
        F64 c;
        if (!node_cost.is_none()) c = floats(node_cost.cast<py::array>(), "node_cost", rows, cols, "(H, W)");
        const grid::GridSpec s = spec_from(origin, resolution, rows, cols);
        const auto a = point(p0, 2, "p0"), b = point(p1, 2, "p1");
        return grid::segment_cost(p.data(), node_cost.is_none() ? nullptr : c.data(), s, a[0], a[1], b[0], b[1]);
      },
      py::arg("passable"), py::arg("node_cost"), py::arg("origin"), py::arg("resolution"), py::arg("p0"),
      py::arg("p1"),
      "Weighted cost of the straight segment p0 -> p1 [m]: integral of (1 + node_cost) ds, exact for the "
      "piecewise-constant cell field; inf when it touches a blocked or out-of-grid cell (corners touch all four).");

  m.def(
      "string_pull",
      [](const py::array& passable, const py::object& node_cost, const py::object& origin, double resolution,
         const py::array& points) {
        U8 p = mask2d(passable, "passable");
        const int rows = static_cast<int>(p.shape(0)), cols = static_cast<int>(p.shape(1));
        F64 c;
        if (!node_cost.is_none()) c = floats(node_cost.cast<py::array>(), "node_cost", rows, cols, "(H, W)");
        F64 pts = floats(points, "points", -1, 2, "(K, 2)");
        for (py::ssize_t k = 0; k < pts.size(); ++k)
          if (!std::isfinite(pts.data()[k])) throw std::invalid_argument("points: non-finite coordinate");
        const grid::GridSpec s = spec_from(origin, resolution, rows, cols);
        std::vector<int32_t> keep;
        {
          const uint8_t* pp = p.data();
          const double* cp = node_cost.is_none() ? nullptr : c.data();
          const double* ptp = pts.data();
          const int count = static_cast<int>(pts.shape(0));
          py::gil_scoped_release release;
          keep = grid::string_pull(pp, cp, s, ptp, count);
        }
        return py::array_t<int32_t>(static_cast<py::ssize_t>(keep.size()), keep.data());
      },
      py::arg("passable"), py::arg("node_cost"), py::arg("origin"), py::arg("resolution"), py::arg("points"),
      "Greedy string pulling of a polyline (K, 2) [m]: indices (int32) of the kept points. A shortcut replaces a "
      "stretch only when collision-free and its segment_cost does not exceed the stretch's cost.");

  m.def(
      "stance_candidates",
      [](const py::array& clearance, const py::array& route_cost, const py::object& origin, double resolution,
         const py::object& contact_xy, const py::object& radii, int angles, double body_radius) {
        if (clearance.ndim() != 2) throw std::invalid_argument("clearance: expected (H, W) float64, got " + describe(clearance));
        F64 cl = floats(clearance, "clearance", -1, clearance.shape(1), "(H, W)");
        F64 rc = floats(route_cost, "route_cost", cl.shape(0), cl.shape(1), "(H, W)");
        const grid::GridSpec s = spec_from(origin, resolution, static_cast<int>(cl.shape(0)), static_cast<int>(cl.shape(1)));
        const auto cxy = point(contact_xy, 2, "contact_xy");
        const py::array ra = as_numpy(radii);
        if (ra.ndim() != 1 || !(ra.dtype().kind() == 'f' || ra.dtype().kind() == 'i'))
          throw std::invalid_argument("radii: expected (K,) float64, got " + describe(ra));
        if (ra.shape(0) > grid::kMaxStanceRings)
          throw std::invalid_argument("radii: at most " + std::to_string(grid::kMaxStanceRings) + " rings, got " +
                                      std::to_string(ra.shape(0)));
        const auto rad = py::cast<std::vector<double>>(ra.attr("astype")("float64").attr("tolist")());
        auto res = grid::stance_candidates(cl.data(), rc.data(), s, cxy[0], cxy[1], rad.data(),
                                           static_cast<int>(rad.size()), angles, body_radius);
        py::array_t<double> out({static_cast<py::ssize_t>(res.size()), py::ssize_t{6}});
        auto w = out.mutable_unchecked<2>();
        for (size_t k = 0; k < res.size(); ++k) {
          w(k, 0) = res[k].x;
          w(k, 1) = res[k].y;
          w(k, 2) = res[k].yaw;
          w(k, 3) = res[k].ring;
          w(k, 4) = res[k].distance;
          w(k, 5) = res[k].route_cost;
        }
        return out;
      },
      py::arg("clearance"), py::arg("route_cost"), py::arg("origin"), py::arg("resolution"), py::arg("contact_xy"),
      py::arg("radii"), py::arg("angles"), py::arg("body_radius"),
      "Standing poses on rings around contact_xy: rows [x, y, yaw, ring, distance, route_cost] (N, 6) float64, "
      "ordered by ring radius then route cost; only cells with clearance >= body_radius and finite route cost. "
      "angles in [1, 3600], at most 1024 radii (ValueError otherwise).");
}

}  // namespace iw::bindings
