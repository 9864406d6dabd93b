// Oriented-box overlap for the placement gate (paper appendix B.1.2: an object penetrating anything deeper than
// 5 cm fails its placement). A box is a world-from-box rigid transform (4, 4), row-major, and half extents (3,)
// [m] along its own axes; world frame z-up, metres. Bad input throws std::invalid_argument.
#pragma once

namespace iw::boxes {

// Penetration depth [m] of box A into each of n boxes B: the smallest overlap of their projections over the 15
// separating-axis candidates (3 face normals of each box and their 9 cross products; Gottschalk, Lin and
// Manocha, "OBBTree", SIGGRAPH 1996), 0 when a separating axis exists (touching boxes give 0). Cheapest exact
// test first: a broad phase drops every B whose world AABB misses A's (depth 0); a pair of boxes that only turn
// about the world z axis (the common case: furniture, walls and resting objects) needs 5 axes, since their cross
// products are z or the other box's face normals; any other pair takes all 15. out: n doubles.
void penetration_depths(const double* t_a, const double* h_a, const double* t_b, const double* h_b, long long n,
                        double* out);

}  // namespace iw::boxes
