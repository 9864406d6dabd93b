"""The control cage of the built-in body: rings of points around the bones of the rest (T-pose) skeleton.

Proportions are those of an adult about 1.70 m tall in a T-shirt, trousers and shoes (chest girth about 0.95 m,
waist 0.80 m, hips 0.98 m, neck 0.37 m, head 0.155 x 0.19 x 0.23 m, thigh 0.54 m, calf 0.37 m, upper arm 0.30 m,
forearm 0.26 m, wrist 0.16 m, hand 0.19 x 0.085 m, fingers 16-20 mm thick; adult anthropometric tables).
The radii given are those of the refined surface: Catmull-Clark pulls a ring of n points inwards by about
:func:`shrink` (n), so every ring is drawn that much wider.

Parts (skinning regions) are numbered from the trunk outwards; each lists the bone segments its vertices are
weighted over (:func:`part_bones`). Model frame: y-up, x = the body's left, z = forward, metres.
"""
from __future__ import annotations

import numpy as np

from .cage import Cage
from .skeleton import FINGERS, JOINT_INDEX

__all__ = ["GROUP_NAMES", "PART_NAMES", "HAIR", "HAIR_THICKNESS", "SOLE_BLEND", "SOLE_Y", "build_cage", "hair_faces",
           "part_bones", "place_soles", "shrink"]

GROUP_NAMES = ("skin", "shirt", "trousers", "shoes", "hair")
"""Material groups of the faces (``BodyModel.face_groups`` indexes this)."""
SKIN, SHIRT, TROUSERS, SHOES, HAIR = range(5)

_HAND_PARTS = ("palm", "index", "middle", "ring", "pinky", "thumb")
PART_NAMES = ("torso", "head", "left_arm", "right_arm", "left_leg", "right_leg", "left_foot", "right_foot") + tuple(
    f"{side}_{p}" for side in ("left", "right") for p in _HAND_PARTS)
"""Skinning parts, trunk first (a vertex on a seam belongs to the higher-numbered part)."""
_PART = {n: i for i, n in enumerate(PART_NAMES)}


def shrink(n: int) -> float:
    """Radius of the Catmull-Clark limit of a regular n-gon ring of unit radius, averaged over its corners and
    edge midpoints (a closed cubic B-spline: corner (4 + 2 cos(2 pi / n)) / 6, midpoint cos(pi / n))."""
    a = 2 * np.pi / n
    return 0.5 * ((4 + 2 * np.cos(a)) / 6 + np.cos(a / 2))


def _ellipse(center, u, v, ru: float, rv: float, n: int, phase_deg: float = 0.0) -> np.ndarray:
    """n points (n, 3) on the ellipse centre + ru cos(t) u + rv sin(t) v, widened by 1 / shrink(n)."""
    t = np.radians(phase_deg) + 2 * np.pi * np.arange(n) / n
    k = 1.0 / shrink(n)
    return np.asarray(center) + k * (ru * np.cos(t)[:, None] * np.asarray(u) + rv * np.sin(t)[:, None] * np.asarray(v))


def _axes(d, hint) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Unit d and two unit axes across it: u along ``hint`` made orthogonal to d, v = d x u."""
    d = np.asarray(d, float) / np.linalg.norm(d)
    u = np.asarray(hint, float) - np.dot(hint, d) * d
    u /= np.linalg.norm(u)
    return d, u, np.cross(d, u)


# ---------------------------------------------------------------------------------------------------- trunk
# Torso rings (y, half-width, front z, back z) of the refined surface; 12 points at 15 + 30 k degrees from +z
# towards +x on an ellipse (a superellipse of exponent e = 2; larger e squares the corners). Columns 2-3 (8-9 on
# the right) of rings 2-4 leave the arm holes; ring 0's halves are the hip openings of the legs.
_TORSO = [
    (-0.150, 0.168, 0.078, -0.112),   # crotch level and seat: the legs part here
    (0.020, 0.168, 0.098, -0.110),    # belt
    (0.150, 0.150, 0.100, -0.090),    # waist
    (0.335, 0.168, 0.114, -0.100),    # chest, armpits
    (0.415, 0.174, 0.096, -0.098),    # upper chest
    (0.485, 0.166, 0.060, -0.085),    # shoulder tops
    (0.512, 0.100, 0.045, -0.072),    # trapezius, at the neck
]
_TORSO_GROUPS = [TROUSERS, SHIRT, SHIRT, SHIRT, SHIRT, SHIRT]  # band k -> k + 1
_ARM_RINGS = (2, 3, 4)  # the torso rings whose columns 2-3 (8-9) are left open for the arms


def _torso_ring(y: float, w: float, zf: float, zb: float, e: float = 2.0) -> np.ndarray:
    th = np.radians(15.0 + 30.0 * np.arange(12))
    s, c = np.sin(th), np.cos(th)
    k = 1.0 / shrink(12)
    x = k * w * np.sign(s) * np.abs(s) ** (2 / e)
    zc = 0.5 * (zf + zb)
    z = zc + k * np.where(c > 0, zf - zc, zc - zb) * np.sign(c) * np.abs(c) ** (2 / e)
    return np.stack([x, np.full(12, y), z], axis=1)


# Head rings: (x, y, z) at 0, 45, 90, 135, 180 degrees from the front towards +x (mirrored to the right), refined
# surface. Ring 2 holds the nose (the head camera's eye sits behind it, inside the head).
_HEAD = [
    [(0.0, 0.552, 0.108), (0.044, 0.560, 0.086), (0.059, 0.588, 0.021), (0.054, 0.610, -0.060), (0.0, 0.614, -0.080)],
    [(0.0, 0.638, 0.152), (0.056, 0.646, 0.112), (0.078, 0.655, 0.022), (0.070, 0.666, -0.084), (0.0, 0.668, -0.104)],
    [(0.0, 0.695, 0.134), (0.060, 0.695, 0.106), (0.081, 0.700, 0.018), (0.071, 0.708, -0.084), (0.0, 0.709, -0.102)],
    [(0.0, 0.745, 0.090), (0.050, 0.746, 0.070), (0.068, 0.749, 0.000), (0.057, 0.751, -0.066), (0.0, 0.753, -0.078)],
]
# Hairline: (azimuth around the head from the front towards either side [deg], height [m]); refined faces of the
# head above it are hair (:func:`hair_faces`), so the line is as fine as the refined mesh, not the cage.
HAIRLINE = ((0.0, 0.692), (30.0, 0.690), (55.0, 0.682), (80.0, 0.665), (95.0, 0.660), (115.0, 0.652),
            (135.0, 0.622), (160.0, 0.600), (180.0, 0.595))
HEAD_AXIS_Z = -0.005
"""z [m] of the vertical axis the hairline azimuth is measured about."""
HAIR_THICKNESS = 0.007
"""Hair stands this far [m] off the scalp (vertices of hair faces move out along their normals)."""
_NECK = [(0.540, 0.058, 0.060, -0.010)]  # (y, half-width, half-depth, centre z)


def _head_ring(points) -> np.ndarray:
    left = np.array(points)
    right = left[1:4][::-1] * np.array([-1.0, 1.0, 1.0])
    ring = np.vstack([left, right])  # 0, 45, ..., 180, 225, 270, 315 degrees
    c = ring.mean(axis=0)
    c[0] = 0.0
    return c + (ring - c) / shrink(8) * np.array([1.0, 0.0, 1.0]) + (ring - c) * np.array([0.0, 1.0, 0.0])


def _trunk(cage: Cage) -> dict[str, np.ndarray]:
    """Torso, neck and head; returns the arm and leg openings by side."""
    torso = [cage.ring(_torso_ring(*r)) for r in _TORSO]
    arm_cols = {"left": 2, "right": 8}
    holes = {}
    for k in range(len(torso) - 1):
        skip = {arm_cols["left"], arm_cols["right"]} if _ARM_RINGS[0] <= k < _ARM_RINGS[-1] else set()
        for i in range(12):
            if i in skip:
                continue
            i1 = (i + 1) % 12
            cage.face((torso[k][i], torso[k][i1], torso[k + 1][i1], torso[k + 1][i]), _TORSO_GROUPS[k], _PART["torso"])
    for side, c in arm_cols.items():
        a, b, t = (torso[k] for k in _ARM_RINGS)
        holes[f"{side}_arm"] = np.array([a[c], a[c + 1], b[c + 1], t[c + 1], t[c], b[c]])
    bottom = torso[0]
    holes["left_leg"] = bottom[0:6]
    holes["right_leg"] = bottom[6:12]
    cage.face((bottom[0], bottom[5], bottom[6], bottom[11]), TROUSERS, _PART["torso"])  # crotch
    # neck and head
    prev = torso[-1]
    for y, hw, hd, zc in _NECK:
        ring = cage.ring(_ellipse((0.0, y, zc), (0, 0, 1), (1, 0, 0), hd, hw, 8))
        cage.bridge(prev, ring, SKIN, _PART["head"])
        prev = ring
    for k, pts in enumerate(_HEAD):
        ring = cage.ring(_head_ring(pts))
        cage.bridge(prev, ring, SKIN, _PART["head"])
        prev = ring
    cage.face(tuple(prev), SKIN, _PART["head"])
    for sx in (1.0, -1.0):
        _ear(cage, sx)
    return holes


# Ear: a box cage (half-sizes along the head's x, y, z [m], before refinement rounds it) at the side of the head,
# tilted back; a separate closed component pressed into the head.
_EAR_CENTER = (0.079, 0.640, -0.014)
_EAR_HALF = (0.011, 0.045, 0.025)
_EAR_TILT_DEG = 12.0


def _ear(cage: Cage, sx: float) -> None:
    hx, hy, hz = _EAR_HALF
    corners = np.array([(x, y, z) for x in (-hx, hx) for y in (-hy, hy) for z in (-hz, hz)])
    t = np.radians(_EAR_TILT_DEG)
    rot = np.array([[1, 0, 0], [0, np.cos(t), np.sin(t)], [0, -np.sin(t), np.cos(t)]])  # top leans back
    pts = corners @ rot.T + np.array(_EAR_CENTER) * np.array([sx, 1.0, 1.0])
    ids = cage.ring(pts)
    for quad in ((0, 1, 3, 2), (4, 6, 7, 5), (0, 4, 5, 1), (2, 3, 7, 6), (0, 2, 6, 4), (1, 5, 7, 3)):
        cage.face(ids[list(quad)], SKIN, _PART["head"])


def place_soles(vertices: np.ndarray, vertex_parts: np.ndarray, sole_y: float) -> np.ndarray:
    """Refined vertices with each shoe's lowest point moved to height ``sole_y`` [m] exactly: a vertical shift that
    is full at the sole and fades to nothing :data:`SOLE_BLEND` above it (the refined sole sits a few mm off the
    cage's)."""
    out = vertices.copy()
    for side in ("left", "right"):
        idx = np.nonzero(vertex_parts == _PART[f"{side}_foot"])[0]
        y = out[idx, 1]
        low = y.min()
        w = np.clip(1.0 - (y - low) / SOLE_BLEND, 0.0, 1.0) ** 2
        out[idx, 1] = np.where(y == low, sole_y, y + (sole_y - low) * w)
    return out


def hair_faces(centroids: np.ndarray, face_parts: np.ndarray) -> np.ndarray:
    """Bool (F,): refined head faces whose centroid (F, 3) [m, rest pose] lies above :data:`HAIRLINE`."""
    c = np.asarray(centroids)
    azimuth = np.degrees(np.abs(np.arctan2(c[:, 0], c[:, 2] - HEAD_AXIS_Z)))
    deg, y = np.array(HAIRLINE).T
    return (face_parts == _PART["head"]) & (c[:, 1] > np.interp(azimuth, deg, y))


# ---------------------------------------------------------------------------------------------------- limbs
# Arm rings: distance along x from the shoulder joint [m], radius up (y), radius front (z), group.
_ARM = [(0.060, 0.055, 0.057, SHIRT), (0.185, 0.048, 0.050, SHIRT), (0.195, 0.039, 0.041, SKIN),
        (0.325, 0.037, 0.040, SKIN), (0.528, 0.021, 0.029, SKIN)]
# Leg rings: height below the hip joint [m], radius across (x), radius front-back (z), group.
_LEG = [(0.200, 0.082, 0.084, TROUSERS), (0.415, 0.059, 0.061, TROUSERS), (0.570, 0.058, 0.062, TROUSERS)]


def _arm(cage: Cage, J: np.ndarray, side: str, hole: np.ndarray) -> np.ndarray:
    sx = 1.0 if side == "left" else -1.0
    sh, el, wr = (J[JOINT_INDEX[f"{side}_{n}"]] for n in ("shoulder", "elbow", "wrist"))
    prev, group = hole, SHIRT
    for dx, ry, rz, g in _ARM:
        x = sh[0] + sx * dx
        # the axis runs shoulder -> elbow -> wrist
        f = (x - sh[0]) / (el[0] - sh[0]) if sx * (x - el[0]) < 0 else 1 + (x - el[0]) / (wr[0] - el[0])
        c = sh + f * (el - sh) if f <= 1 else el + (f - 1) * (wr - el)
        if dx < 0.1:  # the deltoid ring sits a little low: the shoulder's top line slopes into the sleeve
            c = c + np.array([0.0, -0.012, 0.0])
        ring = cage.ring(_ellipse(c, (0, 1, 0), (0, 0, 1), ry, rz, 6, 30.0))
        cage.bridge(prev, ring, group, _PART[f"{side}_arm"])
        prev, group = ring, g
    return prev


def _leg(cage: Cage, J: np.ndarray, side: str, hole: np.ndarray) -> np.ndarray:
    hip, knee, ankle = (J[JOINT_INDEX[f"{side}_{n}"]] for n in ("hip", "knee", "ankle"))
    prev = hole
    for dy, rx, rz, g in _LEG:
        y = hip[1] - dy
        c = hip + (y - hip[1]) / (knee[1] - hip[1]) * (knee - hip) if y > knee[1] else \
            knee + (y - knee[1]) / (ankle[1] - knee[1]) * (ankle - knee)
        ring = cage.ring(_ellipse(c, (1, 0, 0), (0, 0, 1), rx, rz, 6, 30.0))
        cage.bridge(prev, ring, g, _PART[f"{side}_leg"])
        prev = ring
    return prev


# Shoe cross-sections along z [m] relative to the ankle joint: (z, half-width, top y above the sole, centre x
# offset outwards); the sole is flat at SOLE_Y.
SOLE_Y = -0.9665
"""Model-frame height of the soles [m], about the lowest point of the support proxy (the refined soles are then
placed on it exactly, :func:`interactiveworld.body.builtin_mesh.build_builtin_mesh`)."""
SOLE_BLEND = 0.03
"""Height [m] above the sole over which that placement fades out."""
_SHOE = [(-0.070, 0.034, 0.085, 0.000), (0.045, 0.047, 0.095, 0.006), (0.222, 0.048, 0.040, 0.016)]


def _foot(cage: Cage, J: np.ndarray, side: str, leg_end: np.ndarray) -> None:
    sx = 1.0 if side == "left" else -1.0
    ankle = J[JOINT_INDEX[f"{side}_ankle"]]
    rings = []
    for z, hw, top, dx in _SHOE:
        cx = ankle[0] + sx * dx
        yb = SOLE_Y - 0.004
        yt = SOLE_Y + top
        ym = 0.5 * (yb + yt)
        wide = 1.0 / shrink(6)
        # top-inner, top-outer, side-outer, bottom-outer, bottom-inner, side-inner
        pts = [(cx - sx * 0.7 * hw, yt, 0), (cx + sx * 0.7 * hw, yt, 0), (cx + sx * wide * hw, ym, 0),
               (cx + sx * 0.8 * hw, yb, 0), (cx - sx * 0.8 * hw, yb, 0), (cx - sx * wide * hw, ym, 0)]
        rings.append(cage.ring(np.array(pts) + np.array([0.0, 0.0, ankle[2] + z])))
    part = _PART[f"{side}_foot"]
    for k in range(len(rings) - 1):
        for i in range(6):
            if k == 0 and i == 0:
                continue  # the ankle opening: the top face of the first band
            i1 = (i + 1) % 6
            cage.face((rings[k][i], rings[k][i1], rings[k + 1][i1], rings[k + 1][i]), SHOES, part)
    cage.face(tuple(rings[0]), SHOES, part)
    cage.face(tuple(rings[-1]), SHOES, part)
    r0, r1 = rings[:2]
    opening = np.array([r0[0], r0[1], r1[1], r1[0]])
    cage.bridge(leg_end, opening, TROUSERS, part)


# ---------------------------------------------------------------------------------------------------- hands
# Palm cross-sections: 5 dorsal points (thumb side first) and 5 palmar points, in the wrist frame of the left
# hand (dx along the fingers, dy dorsal, dz towards the thumb) [m].
_PALM = [
    # dx, dz across, dorsal dy, palmar dy
    ((0.020,) * 5, (0.026, 0.013, 0.0, -0.013, -0.026), (0.011, 0.014, 0.015, 0.014, 0.011),
     (-0.011, -0.015, -0.016, -0.015, -0.011)),
    ((0.052,) * 5, (0.038, 0.018, -0.003, -0.023, -0.042), (0.010, 0.014, 0.015, 0.014, 0.010),
     (-0.015, -0.017, -0.017, -0.016, -0.012)),
    ((0.088, 0.097, 0.098, 0.093, 0.081), (0.038, 0.016, -0.005, -0.026, -0.045), (0.009, 0.012, 0.012, 0.011, 0.008),
     (-0.010, -0.012, -0.012, -0.011, -0.009)),
]
FINGER_RADII = {"index": 0.0085, "middle": 0.0085, "ring": 0.0082, "pinky": 0.0080, "thumb": 0.0100}
"""Finger half-thickness [m] at the proximal joint: the contact radii of the grasp planner
(``interactiveworld.actions.grasp.FINGER_RADII``), so curled fingers meet the object's surface."""


def _hand(cage: Cage, J: np.ndarray, tips: dict[str, np.ndarray], side: str, arm_end: np.ndarray) -> None:
    sx = 1.0 if side == "left" else -1.0
    wrist = J[JOINT_INDEX[f"{side}_wrist"]]
    palm_part = _PART[f"{side}_palm"]

    def at(dx, dy, dz):
        return wrist + np.array([sx * dx, dy, dz])

    rings = []
    for dxs, dzs, top, bot in _PALM:
        pts = [at(dxs[i], top[i], dzs[i]) for i in range(5)] + [at(dxs[i], bot[i], dzs[i]) for i in range(4, -1, -1)]
        rings.append(cage.ring(pts))
    cage.bridge(arm_end, rings[0], SKIN, palm_part)
    # palm bands; the thumb opening is the side face and the first palmar face of band 0
    for k in range(len(rings) - 1):
        for i in range(10):
            if k == 0 and i in (8, 9):
                continue
            i1 = (i + 1) % 10
            cage.face((rings[k][i], rings[k][i1], rings[k + 1][i1], rings[k + 1][i]), SKIN, palm_part)
    r0, r1, knuckles = rings
    thumb_hole = np.array([r0[0], r1[0], r1[9], r1[8], r0[8], r0[9]])
    for i, finger in enumerate(("index", "middle", "ring", "pinky")):
        root = np.array([knuckles[i], knuckles[i + 1], knuckles[8 - i], knuckles[9 - i]])
        _finger(cage, J, tips, side, finger, root)
    _finger(cage, J, tips, side, "thumb", thumb_hole)


def _finger(cage: Cage, J: np.ndarray, tips, side: str, finger: str, root: np.ndarray) -> None:
    j1, j2, j3 = (J[JOINT_INDEX[f"{side}_{finger}{k}"]] for k in (1, 2, 3))
    tip = tips[f"{side}_{finger}"]
    r = FINGER_RADII[finger]
    part = _PART[f"{side}_{finger}"]
    dorsal = np.array([0.0, 1.0, 0.0])
    if finger == "thumb":
        stations = [(j2, 1.25 * r, 6), (j3, 1.0 * r, 4), (tip + 0.15 * (tip - j3), 0.85 * r, 4)]
    else:
        stations = [(j2, 1.0 * r, 4), (j3, 0.95 * r, 4), (tip + 0.15 * (tip - j3), 0.85 * r, 4)]
    prev = root
    for k, (c, rr, n) in enumerate(stations):
        d = (j3 - j1) if k == 0 else (tip - j2)
        d, u, v = _axes(d, dorsal)
        if n == 4:  # a square whose Catmull-Clark limit is close to the circle of radius rr
            pts = c + np.array([[1, 1], [-1, 1], [-1, -1], [1, -1]]) @ np.stack([u, v]) * rr
        else:
            pts = _ellipse(c, u, v, rr, rr, n)
        ring = cage.ring(pts)
        cage.bridge(prev, ring, SKIN, part)
        prev = ring
    cage.face(tuple(prev), SKIN, part)


# ---------------------------------------------------------------------------------------------------- assembly
def build_cage(J: np.ndarray, tips: dict[str, np.ndarray]) -> Cage:
    """The body's control cage over rest joints J (52, 3) [m] and fingertips; ``cage.part_names`` names parts."""
    cage = Cage()
    holes = _trunk(cage)
    for side in ("left", "right"):
        arm_end = _arm(cage, J, side, holes[f"{side}_arm"])
        leg_end = _leg(cage, J, side, holes[f"{side}_leg"])
        _foot(cage, J, side, leg_end)
        _hand(cage, J, tips, side, arm_end)
    cage.part_names = PART_NAMES  # type: ignore[attr-defined]
    return cage


def part_bones(J: np.ndarray, tips: dict[str, np.ndarray], part_names=PART_NAMES):
    """Bone segments per part: a list (one per part) of (joint index, start (3,), end (3,)) [m] in the rest pose.
    A segment belongs to the joint that moves it (SMPL+H: a joint drives the bone to its child)."""
    ji = JOINT_INDEX

    def P(n):
        return J[ji[n]]

    pelvis = (ji["pelvis"], P("pelvis") + (0.0, -0.14, -0.01), P("spine1"))
    spine = [(ji["spine1"], P("spine1"), P("spine2")), (ji["spine2"], P("spine2"), P("spine3")),
             (ji["spine3"], P("spine3"), P("neck"))]
    head = [(ji["neck"], P("neck"), P("head")), (ji["head"], P("head"), P("head") + (0.0, 0.14, -0.02)),
            (ji["head"], P("head"), P("head") + (0.0, 0.055, 0.10)),
            (ji["head"], P("head"), P("head") + (0.0, -0.035, 0.075))]
    out = {"torso": [pelvis] + spine, "head": [spine[-1]] + head}
    for side in ("left", "right"):
        s = lambda n: f"{side}_{n}"  # noqa: E731
        out["torso"] += [(ji[s("collar")], P(s("collar")), P(s("shoulder"))), (ji[s("hip")], P(s("hip")), P(s("knee")))]
        out[s("arm")] = [(ji[s("collar")], P(s("collar")), P(s("shoulder"))),
                         (ji[s("shoulder")], P(s("shoulder")), P(s("elbow"))),
                         (ji[s("elbow")], P(s("elbow")), P(s("wrist"))),
                         (ji[s("wrist")], P(s("wrist")), P(s("middle1")))]
        out[s("leg")] = [pelvis, (ji[s("hip")], P(s("hip")), P(s("knee"))),
                         (ji[s("knee")], P(s("knee")), P(s("ankle"))), (ji[s("ankle")], P(s("ankle")), P(s("foot")))]
        toe = P(s("foot")) + (0.0, 0.0, 0.08)
        heel = P(s("ankle")) + (0.0, -0.05, -0.07)
        # the forefoot rides ankle and ball half and half, as the support proxy's does, so that the shoes roll over
        # the floor where the proxy puts the body
        out[s("foot")] = [(ji[s("knee")], P(s("knee")), P(s("ankle"))), (ji[s("ankle")], P(s("ankle")), P(s("foot"))),
                          (ji[s("ankle")], P(s("ankle")), heel), (ji[s("ankle")], P(s("foot")), toe),
                          (ji[s("foot")], P(s("foot")), toe)]
        metacarpals = [(ji[s("wrist")], P(s("wrist")), P(s(f"{f}1"))) for f in ("index", "middle", "ring", "pinky")]
        out[s("palm")] = [(ji[s("elbow")], P(s("elbow")), P(s("wrist")))] + metacarpals + [
            (ji[s(f"{f}1")], P(s(f"{f}1")), P(s(f"{f}2"))) for f in FINGERS]
        for f in FINGERS:
            base = (ji[s("wrist")], P(s("wrist")), P(s(f"{f}1")))
            out[s(f)] = [base] + [(ji[s(f"{f}{k}")], P(s(f"{f}{k}")), P(s(f"{f}{k + 1}"))) for k in (1, 2)] + [
                (ji[s(f"{f}3")], P(s(f"{f}3")), tips[s(f)])]
    return [[(j, np.asarray(a, float), np.asarray(b, float)) for j, a, b in out[n]] for n in part_names]
