"""The support proxy of the built-in body: a skinned low-poly body whose lowest points are the soles.

Standing, crouching and gait put the body on the floor by the lowest point of this proxy (``BodyModel.skin_support``,
:func:`interactiveworld.actions.gait.lowest_sole`), as collision uses the capsule rig: neither depends on the render
mesh, so a finer render mesh changes frames and nothing else. The proxy is frozen: moving one of its vertices moves
every stance, walk and crouch.

Each limb segment is a capped elliptical tube whose near ring follows the segment's joint and whose far ring
blends half-and-half with the child joint. Model frame as in :mod:`interactiveworld.body.skeleton` (y-up, x = the
body's left, z = forward).
"""
from __future__ import annotations

import numpy as np

from .skeleton import FINGERS, JOINT_COUNT, JOINT_INDEX

SKIN = (0.87, 0.68, 0.55)
SHIRT = (0.20, 0.38, 0.62)
TROUSERS = (0.22, 0.22, 0.27)
SHOES = (0.12, 0.10, 0.09)
HAIR = (0.20, 0.14, 0.10)

_SIDES = 10


class _MeshBuilder:
    def __init__(self) -> None:
        self.vertices: list[np.ndarray] = []
        self.weights: list[np.ndarray] = []
        self.faces: list[tuple[int, int, int]] = []
        self.colors: list[tuple[float, float, float]] = []

    def _vertex(self, p, weight: dict[int, float]) -> int:
        w = np.zeros(JOINT_COUNT)
        for j, x in weight.items():
            w[j] += x
        self.vertices.append(np.asarray(p, float))
        self.weights.append(w)
        return len(self.vertices) - 1

    def tube(self, a, b, ru, rv, joint, far_joint=None, *, u_hint=(1.0, 0.0, 0.0), color=SKIN, rb_scale=1.0):
        """Capped elliptical tube from a to b; ru along u_hint (orthogonalised), rv across."""
        a, b = np.asarray(a, float), np.asarray(b, float)
        axis = b - a
        axis /= np.linalg.norm(axis)
        u = np.asarray(u_hint, float) - np.dot(u_hint, axis) * axis
        if np.linalg.norm(u) < 1e-6:
            u = np.cross(axis, (0.0, 0.0, 1.0))
        u /= np.linalg.norm(u)
        v = np.cross(axis, u)
        near_w = {joint: 1.0}
        far_w = {joint: 0.5, far_joint: 0.5} if far_joint is not None else {joint: 1.0}
        rings = []
        for centre, scale, w in ((a, 1.0, near_w), (b, rb_scale, far_w)):
            ring = []
            for k in range(_SIDES):
                t = 2 * np.pi * k / _SIDES
                ring.append(self._vertex(centre + scale * (ru * np.cos(t) * u + rv * np.sin(t) * v), w))
            rings.append(ring)
        ca, cb = self._vertex(a - 0.3 * rv * axis, near_w), self._vertex(b + 0.3 * rv * rb_scale * axis, far_w)
        r0, r1 = rings
        for k in range(_SIDES):
            k1 = (k + 1) % _SIDES
            self._face((r0[k], r1[k], r1[k1]), color)
            self._face((r0[k], r1[k1], r0[k1]), color)
            self._face((ca, r0[k], r0[k1]), color)
            self._face((cb, r1[k1], r1[k]), color)

    def ellipsoid(self, centre, radii, joint, color=SKIN, top_color=None):
        centre = np.asarray(centre, float)
        n_lat, n_lon = 7, _SIDES
        top = self._vertex(centre + (0, radii[1], 0), {joint: 1.0})
        bottom = self._vertex(centre - (0, radii[1], 0), {joint: 1.0})
        rings = []
        for i in range(1, n_lat):
            phi = np.pi * i / n_lat
            ring = []
            for k in range(n_lon):
                t = 2 * np.pi * k / n_lon
                p = centre + (radii[0] * np.sin(phi) * np.cos(t), radii[1] * np.cos(phi), radii[2] * np.sin(phi) * np.sin(t))
                ring.append(self._vertex(p, {joint: 1.0}))
            rings.append(ring)
        for k in range(n_lon):
            k1 = (k + 1) % n_lon
            self._face((top, rings[0][k1], rings[0][k]), top_color or color)
            self._face((bottom, rings[-1][k], rings[-1][k1]), color)
            for i in range(len(rings) - 1):
                c = (top_color or color) if i < 2 else color
                self._face((rings[i][k], rings[i][k1], rings[i + 1][k1]), c)
                self._face((rings[i][k], rings[i + 1][k1], rings[i + 1][k]), c)

    def _face(self, f, color) -> None:
        self.faces.append(tuple(int(i) for i in f))
        self.colors.append(color)


def build_support_mesh(rest_joints: np.ndarray, fingertips: dict[str, np.ndarray]):
    """The support proxy of the built-in skeleton.

    Args:
        rest_joints: (52, 3) float64 [m], model frame; fingertips: rest tips (3,) by "<side>_<finger>".
    Returns:
        (vertices (1140, 3) float64 [m] model frame, faces (2080, 3) int32, weights (1140, 52) float64, rows
        summing to 1, face_colors (2080, 3) float32: the colours it was drawn with when it was the render mesh).
    """
    J = rest_joints
    ji = JOINT_INDEX
    m = _MeshBuilder()
    up = np.array([0.0, 1.0, 0.0])
    # Torso: pelvis to the base of the neck, wide across x, shallower front to back.
    m.tube(J[ji["pelvis"]] - 0.07 * up, J[ji["spine1"]], 0.155, 0.105, ji["pelvis"], ji["spine1"], color=TROUSERS)
    m.tube(J[ji["spine1"]], J[ji["spine2"]], 0.145, 0.10, ji["spine1"], ji["spine2"], color=SHIRT)
    m.tube(J[ji["spine2"]], J[ji["spine3"]], 0.155, 0.105, ji["spine2"], ji["spine3"], color=SHIRT)
    m.tube(J[ji["spine3"]], J[ji["neck"]] - 0.045 * up, 0.17, 0.105, ji["spine3"], color=SHIRT, rb_scale=0.85)
    m.tube(J[ji["neck"]] - 0.06 * up, J[ji["head"]], 0.05, 0.05, ji["neck"], ji["head"], color=SKIN)
    m.ellipsoid(J[ji["head"]] + (0.0, 0.065, 0.015), (0.08, 0.105, 0.095), ji["head"], SKIN, top_color=HAIR)
    for side in ("left", "right"):
        s = lambda n: ji[f"{side}_{n}"]  # noqa: E731
        m.tube(J[s("hip")], J[s("knee")], 0.078, 0.078, s("hip"), s("knee"), color=TROUSERS, rb_scale=0.72)
        m.tube(J[s("knee")], J[s("ankle")], 0.055, 0.055, s("knee"), s("ankle"), color=TROUSERS, rb_scale=0.75)
        heel = J[s("ankle")] + (0.0, -0.03, -0.06)
        toe = J[s("foot")] + (0.0, 0.012, 0.075)
        m.tube(heel, toe, 0.045, 0.03, s("ankle"), s("foot"), color=SHOES)
        m.tube(J[s("collar")], J[s("shoulder")], 0.06, 0.06, s("collar"), s("shoulder"), color=SHIRT)
        m.tube(J[s("shoulder")], J[s("elbow")], 0.05, 0.05, s("shoulder"), s("elbow"), color=SHIRT, rb_scale=0.8)
        m.tube(J[s("elbow")], J[s("wrist")], 0.04, 0.04, s("elbow"), s("wrist"), color=SKIN, rb_scale=0.75)
        palm_end = J[s("middle1")]
        m.tube(J[s("wrist")], palm_end, 0.045, 0.016, s("wrist"), u_hint=(0.0, 0.0, 1.0), color=SKIN)
        for finger in FINGERS:
            j1, j2, j3 = (s(f"{finger}{k}") for k in (1, 2, 3))
            r = 0.010 if finger == "thumb" else 0.0085
            m.tube(J[j1], J[j2], r, r, j1, j2, color=SKIN)
            m.tube(J[j2], J[j3], 0.92 * r, 0.92 * r, j2, j3, color=SKIN)
            m.tube(J[j3], fingertips[f"{side}_{finger}"], 0.85 * r, 0.85 * r, j3, color=SKIN)
    vertices = np.array(m.vertices)
    weights = np.array(m.weights)
    return vertices, np.array(m.faces, np.int32), weights, np.array(m.colors, np.float32)
