"""Small synthetic scenes for tests, benchmarks and galleries: boxes, a fridge with a hinged door,
a labelled carton, a mug, and a furnished room of about 100 k triangles.

World frame z-up, metres; colours linear RGB. These scenes stand in for the world's scene export
(a list of :class:`VisualMesh`) so that the renderer can be checked on its own.
"""
from __future__ import annotations

import numpy as np
import trimesh

from ..world.geometry import VisualMesh
from .labels import label_quad


def _rot_z(yaw: float) -> np.ndarray:
    c, s = np.cos(yaw), np.sin(yaw)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


def from_trimesh(mesh: trimesh.Trimesh, color, owner: str = "") -> VisualMesh:
    """A :class:`VisualMesh` of a trimesh mesh with one linear-RGB colour on every face."""
    f = np.asarray(mesh.faces, np.int32)
    return VisualMesh(vertices=np.asarray(mesh.vertices, np.float32), faces=f,
                      face_colors=np.tile(np.asarray(color, np.float32), (len(f), 1)), owner=owner)


def box(center, half_extents, color, owner: str = "", yaw: float = 0.0) -> VisualMesh:
    """An axis-aligned (then yawed about z by ``yaw`` [rad]) box of half extents [m]."""
    t = np.eye(4)
    t[:3, :3] = _rot_z(yaw)
    t[:3, 3] = center
    return from_trimesh(trimesh.creation.box(extents=2 * np.asarray(half_extents, float), transform=t), color, owner)


FRIDGE_SIZE = np.array([0.70, 0.70, 1.80])   # width (x), depth (y), height [m]
FRIDGE_BODY = (0.62, 0.64, 0.66)
FRIDGE_INSIDE = (0.92, 0.93, 0.95)
FRIDGE_SHELF = (0.45, 0.62, 0.75)
FRIDGE_DOOR = (0.55, 0.58, 0.62)


def fridge(front_center_floor, *, open_fraction: float = 0.0, owner: str = "fridge#1",
           shelves: int = 3) -> tuple[list[VisualMesh], VisualMesh]:
    """A fridge facing -y whose front face is centred at ``front_center_floor`` (z = floor).

    Returns ``(cabinet meshes, door mesh)``; the door is hinged on the fridge's +x edge and swings
    outward by ``open_fraction`` x 110 degrees.
    """
    w, d, h = FRIDGE_SIZE
    fx, fy, fz = np.asarray(front_center_floor, float)
    cy = fy + d / 2
    wall = 0.03
    parts = [
        box((fx, fy + d - wall / 2, fz + h / 2), (w / 2, wall / 2, h / 2), FRIDGE_BODY, owner),           # back
        box((fx - w / 2 + wall / 2, cy, fz + h / 2), (wall / 2, d / 2, h / 2), FRIDGE_BODY, owner),       # left
        box((fx + w / 2 - wall / 2, cy, fz + h / 2), (wall / 2, d / 2, h / 2), FRIDGE_BODY, owner),       # right
        box((fx, cy, fz + h - wall / 2), (w / 2, d / 2, wall / 2), FRIDGE_BODY, owner),                   # top
        box((fx, cy, fz + 0.05), (w / 2, d / 2, 0.05), FRIDGE_BODY, owner),                               # base
        box((fx, fy + d - wall - 0.005, fz + h / 2), (w / 2 - wall, 0.004, h / 2 - 0.1), FRIDGE_INSIDE, owner),
    ]
    for k in range(shelves):
        z = fz + 0.1 + (k + 1) * (h - 0.2) / (shelves + 1)
        parts.append(box((fx, cy + 0.02, z), (w / 2 - wall, d / 2 - wall - 0.02, 0.008), FRIDGE_SHELF, owner))
    angle = np.radians(110.0) * float(np.clip(open_fraction, 0.0, 1.0))
    hinge = np.array([fx + w / 2, fy, fz])
    door_t = 0.04
    # door in its closed frame: spans x in [-w, 0] from the hinge, y in [-door_t, 0]
    local = box((-w / 2, -door_t / 2, h / 2), (w / 2, door_t / 2, h / 2 - 0.005), FRIDGE_DOOR, owner)
    handle = box((-w + 0.06, -door_t - 0.02, h * 0.6), (0.012, 0.02, 0.25), (0.1, 0.1, 0.1), owner)
    v = np.vstack([local.vertices, handle.vertices]).astype(np.float64)
    rot = _rot_z(angle)   # swing the free edge toward -y (outward)
    door = VisualMesh(vertices=(v @ rot.T + hinge).astype(np.float32),
                      faces=np.vstack([local.faces, handle.faces + len(local.vertices)]).astype(np.int32),
                      face_colors=np.vstack([local.face_colors, handle.face_colors]), owner=owner)
    return parts, door


CARTON_HALF = np.array([0.035, 0.035, 0.10])


def carton(center, *, owner: str = "milk_carton#1", text: str = "MILK\n2% FAT", yaw: float = 0.0,
           color=(0.85, 0.85, 0.8)) -> list[VisualMesh]:
    """A carton (box) with a label on its -y face (before ``yaw`` about z); returns [body, label]."""
    c = np.asarray(center, float)
    hx, hy, hz = CARTON_HALF
    rot = _rot_z(yaw)
    body = box(c, CARTON_HALF, color, owner, yaw=yaw)
    label = label_quad(text, c + rot @ np.array([0.0, -hy, 0.02]), rot @ np.array([0.0, -1.0, 0.0]),
                       (0, 0, 1), 2 * hx * 0.92, 0.09, owner=owner)
    return [body, label]


def carton_label_frame(center, yaw: float = 0.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(label centre, outward normal, text up) of :func:`carton`'s label, for the inspection view."""
    rot = _rot_z(yaw)
    c = np.asarray(center, float) + rot @ np.array([0.0, -CARTON_HALF[1], 0.02])
    return c, rot @ np.array([0.0, -1.0, 0.0]), np.array([0.0, 0.0, 1.0])


def mug(center_bottom, *, owner: str = "red_mug#1", color=(0.7, 0.05, 0.04), sections: int = 48) -> VisualMesh:
    """A mug: a cylinder (r 4 cm, h 9.5 cm) with a box handle on +x."""
    c = np.asarray(center_bottom, float)
    body = trimesh.creation.cylinder(radius=0.04, height=0.095, sections=sections)
    body.apply_translation(c + [0, 0, 0.0475])
    handle = trimesh.creation.box(extents=(0.03, 0.012, 0.06))
    handle.apply_translation(c + [0.05, 0, 0.05])
    return from_trimesh(trimesh.util.concatenate([body, handle]), color, owner)


def arm_and_hand(eye, forward, *, hand=None, owner: str = "body") -> VisualMesh:
    """A crude right forearm + hand reaching from below the eye toward ``hand`` [m] (default: in front)."""
    eye = np.asarray(eye, float)
    fwd = np.asarray(forward, float) / np.linalg.norm(forward)
    right = np.cross(fwd, [0, 0, 1.0])
    right /= np.linalg.norm(right)
    if hand is None:
        hand = eye + 0.38 * fwd - 0.24 * np.array([0, 0, 1.0]) + 0.03 * right
    hand = np.asarray(hand, float)
    elbow = eye + 0.05 * fwd - 0.45 * np.array([0, 0, 1.0]) + 0.18 * right
    seg = trimesh.creation.cylinder(radius=0.035, segment=(elbow, hand - 0.04 * fwd), sections=16)
    palm = trimesh.creation.icosphere(subdivisions=2, radius=0.045)
    palm.apply_translation(hand)
    return from_trimesh(trimesh.util.concatenate([seg, palm]), (0.62, 0.42, 0.33), owner)


def room(*, size=(5.0, 4.0, 2.6), detail_faces: int = 0, seed: int = 0) -> list[VisualMesh]:
    """A room (floor, four walls) with a table, a counter, a sign and, optionally, decorative detail.

    The room spans x in [0, size_x], y in [0, size_y]; walls are 10 cm thick outside that box.
    ``detail_faces`` adds fruit bowls and plants (icospheres) until about that many extra triangles.
    """
    sx, sy, sz = size
    m = [
        box((sx / 2, sy / 2, -0.05), (sx / 2, sy / 2, 0.05), (0.45, 0.33, 0.22), "floor#1"),
        box((sx / 2, -0.05, sz / 2), (sx / 2 + 0.1, 0.05, sz / 2), (0.80, 0.78, 0.72), "wall#1"),
        box((sx / 2, sy + 0.05, sz / 2), (sx / 2 + 0.1, 0.05, sz / 2), (0.80, 0.78, 0.72), "wall#2"),
        box((-0.05, sy / 2, sz / 2), (0.05, sy / 2, sz / 2), (0.75, 0.80, 0.78), "wall#3"),
        box((sx + 0.05, sy / 2, sz / 2), (0.05, sy / 2, sz / 2), (0.75, 0.80, 0.78), "wall#4"),
        box((1.2, 1.6, 0.73), (0.6, 0.4, 0.02), (0.35, 0.18, 0.08), "table#1"),
        box((sx - 0.35, 1.6, 0.45), (0.3, 0.9, 0.45), (0.25, 0.30, 0.40), "counter#1"),
    ]
    for lx, ly in ((0.65, 1.25), (1.75, 1.25), (0.65, 1.95), (1.75, 1.95)):
        m.append(box((lx, ly, 0.36), (0.03, 0.03, 0.36), (0.30, 0.15, 0.07), "table#1"))
    m.append(label_quad("KITCHEN\nPlease keep the\nfridge closed", (2.0, sy, 1.6), (0, -1, 0), (0, 0, 1), 0.6, 0.35,
                        owner="sign#1"))
    m.append(label_quad("SHOPPING LIST\n- eggs\n- milk\n- tomatoes", (0.0, 2.6, 1.4), (1, 0, 0), (0, 0, 1), 0.4, 0.5,
                        owner="list#1"))
    for k, (name, price) in enumerate((("APPLES", "2.40"), ("PEARS", "3.10"))):
        m.append(label_quad(f"{name}\n${price}/kg", (sx - 0.651, 1.3 + 0.6 * k, 0.75), (-1, 0, 0), (0, 0, 1), 0.16,
                            0.1, owner=f"price_card#{k + 1}"))
    m.append(mug((1.0, 1.5, 0.75)))
    rng = np.random.default_rng(seed)
    added, k = 0, 0
    while added < detail_faces:
        sphere = trimesh.creation.icosphere(subdivisions=4, radius=0.05 + 0.04 * rng.random())
        if k % 2 == 0:   # fruit on the counter and table
            pos = (sx - 0.35 + 0.2 * rng.uniform(-1, 1), 1.6 + 0.8 * rng.uniform(-1, 1), 0.95)
            col = (0.8, 0.3 + 0.4 * rng.random(), 0.05)
        else:            # plants along the back wall
            pos = (0.4 + 4.2 * rng.random(), sy - 0.25, 0.3 + 1.2 * rng.random())
            col = (0.1, 0.45 + 0.2 * rng.random(), 0.12)
        sphere.apply_translation(pos)
        m.append(from_trimesh(sphere, col, f"decor#{k + 1}"))
        added += len(sphere.faces)
        k += 1
    return m


def kitchen(*, open_fraction: float = 0.0, detail_faces: int = 0) -> tuple[list[VisualMesh], VisualMesh]:
    """:func:`room` with a fridge against the back wall (front face at y = 3.3, x = 3.4) holding a
    labelled milk carton on its middle shelf. Returns ``(static meshes, fridge door)``."""
    static = room(detail_faces=detail_faces)
    cab, door = fridge((3.4, 3.3, 0.0), open_fraction=open_fraction)
    static += cab
    static += carton(CARTON_IN_FRIDGE)
    return static, door


CARTON_IN_FRIDGE = np.array([3.3, 3.55, 0.95 + 0.008 + CARTON_HALF[2]])
