"""Compile a :class:`~interactiveworld.world.scene.Scene` into a MuJoCo model (MJCF), cached per scene layout.

What becomes what (paper appendix B.1.2, "Object physics"; DESIGN.md "Backends"):

* room floors and wall pieces: static boxes of the world;
* fixtures: static bodies with one convex geom per colliding part; parts riding a joint (doors, drawers, lids)
  hang on a child body with a ``hinge`` or ``slide`` joint whose range is the asset joint's ``[0, limit]``.
  The human drives those joints kinematically: a stiff joint spring holds the link at the opening the scene
  records (gravity compensated), so a drawer carries its contents and a door leaf pushes what it meets;
* movable fixtures (a wheeled rack): a body on x/y slide joints and a yaw hinge, spring-held where push/pull
  put it;
* movable objects: free bodies (``<freejoint/>``) with the asset's mass spread over its parts by volume and
  the asset's sliding friction; boxes, cylinders and ellipsoids are native primitives and an open vessel's
  annular wall is a ring of convex box segments, so containment is physical;
* the human's capsule proxy rig: ``CAPSULE_SLOTS`` kinematic mocap capsules (unused slots collide with
  nothing), placed from the body pose by the physics world;
* one inactive ``weld`` equality per ordered pair of objects that declare connectors (``attach`` activates it),
  and one inactive weld to the world per object (the hand holding it).

Collision filtering by contype/conaffinity bits (MuJoCo: two geoms collide when ``ct1 & ca2 or ct2 & ca1``):
static and articulated geometry ``STATIC``; objects ``OBJECT``; the body ``BODY``; an object the hand is
touching on purpose ``GHOST`` (it does not feel the body); the held object (welded to the world where the hand
holds it) and the contents it carries ``PINNED``: they touch only each other, so the body carries them through
the world without pushing it, and the contents rest in the held container.

The model depends only on the scene's layout (kinds, parameters, fixture poses, architecture), not on object
poses: worlds of the same scene share one compiled model (copied per world, since worlds edit it at run time).
World frame z-up, metres, radians; quaternions are (w, x, y, z) as in MuJoCo.
"""
from __future__ import annotations

import copy
import hashlib
import math
from dataclasses import dataclass, field
from xml.sax.saxutils import quoteattr

import mujoco
import numpy as np

from .assets.model import AssetModel, Part
from .scene import FLOOR_THICKNESS, Entity, Scene, yaw_pose

__all__ = ["CompiledScene", "compile_scene", "mat_to_quat", "quat_to_mat", "STATIC", "OBJECT", "BODY", "GHOST",
           "PINNED", "GRAVITY", "REST_SPEED", "IMPRATIO", "TIMESTEP", "CAPSULE_SLOTS", "RING_SEGMENTS", "JOINT_STIFFNESS"]

GRAVITY = 9.81
"""Gravity [m/s^2] (paper B.1.2)."""
REST_SPEED = 1e-3
"""At rest below this speed [m/s] (paper B.1.2): MuJoCo's sleep tolerance, held for 10 steps."""
IMPRATIO = 10.0
"""Friction-to-normal impedance ratio with elliptic friction cones: static friction holds (a block on a 25 degree
slope stays put instead of creeping, as MuJoCo's soft contacts otherwise let it)."""
TIMESTEP = 1.0 / 240.0
"""MuJoCo step [s]: four steps per frame of the paper's 60 physics steps per second (B.1.2), so that 3 mm
cards and 5 mm vessel walls stay stable."""
CAPSULE_SLOTS = 24
"""Mocap capsule slots for the body's proxy rig (17 capsules and a head sphere use 18)."""
RING_SEGMENTS = 12
"""Convex box segments making up the annular wall of an open vessel (a 12-gon)."""
JOINT_STIFFNESS = 2.0e4
"""Stiffness of the spring holding an articulated link at its recorded opening [N m/rad or N/m]."""
JOINT_DAMPING = 400.0
"""Damping of that spring [N m s/rad or N s/m]."""

STATIC, OBJECT, BODY, GHOST, PINNED = 1, 2, 4, 8, 16
"""Contact bits (see the module docstring)."""
CONTACT_BITS = {  # role -> (contype, conaffinity)
    "static": (STATIC, OBJECT),
    "object": (OBJECT, STATIC | OBJECT),
    "body": (BODY, OBJECT),
    "ghost": (GHOST, STATIC | OBJECT | GHOST),
    "pinned": (PINNED, PINNED),
    "carried": (PINNED, PINNED),
    "off": (0, 0),
}


def mat_to_quat(r: np.ndarray) -> np.ndarray:
    """Unit quaternion (w, x, y, z), shape (4,), of a rotation matrix (3, 3) (MuJoCo's ``mju_mat2Quat``)."""
    q = np.empty(4)
    mujoco.mju_mat2Quat(q, np.ascontiguousarray(r, dtype=np.float64).reshape(9))
    return q


def quat_to_mat(q: np.ndarray) -> np.ndarray:
    """Rotation matrix (3, 3) of a quaternion (w, x, y, z) (MuJoCo's ``mju_quat2Mat``)."""
    r = np.empty(9)
    mujoco.mju_quat2Mat(r, np.asarray(q, dtype=np.float64))
    return r.reshape(3, 3)


@dataclass
class CompiledScene:
    """A compiled scene: the model and the maps between its bodies and the scene's entity keys.

    Attributes:
        model: the MuJoCo model (a private copy per world).
        body_key: entity key per body id (``"floor#1"`` for floors, ``""`` for the world and walls,
            ``"body"`` for capsules), length ``nbody``.
        free: movable key -> (body id, qpos address, dof address) of its free joint.
        joints: articulated fixture key -> [(joint id, qpos address, dof address, asset joint name)], in the
            asset's joint order (the first is the main joint whose opening the scene records).
        planar: movable fixture key -> (qpos address, dof address) of its x slide, y slide and yaw hinge.
        capsule_mocap: mocap index per capsule slot, (CAPSULE_SLOTS,); capsule_geom: geom id per slot.
        welds: (child key, parent key) -> equality id.
        pins: movable key -> id of its weld to the world (holds a body in the hand).
        geom_role: per geom, its role in :data:`CONTACT_BITS` at rest (objects ``"object"``), length ``ngeom``.
        body_geoms: body id -> geom ids.
    """

    model: mujoco.MjModel
    body_key: list[str]
    free: dict[str, tuple[int, int, int]]
    joints: dict[str, list[tuple[int, int, int, str]]]
    planar: dict[str, list[tuple[int, int]]]
    capsule_mocap: np.ndarray
    capsule_geom: np.ndarray
    welds: dict[tuple[str, str], int]
    pins: dict[str, int]
    geom_role: list[str]
    body_geoms: dict[int, list[int]] = field(default_factory=dict)


def _f(*xs: float) -> str:
    return " ".join(f"{float(x):.9g}" for x in xs)


def _pose_attrs(t: np.ndarray) -> str:
    return f'pos="{_f(*t[:3, 3])}" quat="{_f(*mat_to_quat(t[:3, :3]))}"'


def _ring_geoms(part: Part, offset: np.ndarray, attrs: str) -> list[str]:
    """An annulus about local z as RING_SEGMENTS boxes tangent to it (each a little longer than its chord so
    neighbouring segments overlap and leave no gap)."""
    _, r_in, r_out, half_h = part.shape
    mid = 0.5 * (r_in + r_out)
    half_t = 0.5 * (r_out - r_in)
    half_len = r_out * math.tan(math.pi / RING_SEGMENTS) * 1.05
    c = part.box_center - offset
    out = []
    for i in range(RING_SEGMENTS):
        a = 2 * math.pi * i / RING_SEGMENTS
        pos = c + np.array([mid * math.cos(a), mid * math.sin(a), 0.0])
        quat = (math.cos(a / 2), 0.0, 0.0, math.sin(a / 2))
        out.append(f'<geom type="box" size="{_f(half_t, half_len, half_h)}" pos="{_f(*pos)}" '
                   f'quat="{_f(*quat)}" {attrs}/>')
    return out


def _part_volume(part: Part) -> float:
    kind = part.shape[0] if part.shape else "box"
    if kind == "cylinder":
        return math.pi * part.shape[1] ** 2 * 2 * part.shape[2]
    if kind == "ellipsoid":
        return 4.0 / 3.0 * math.pi * part.shape[1] * part.shape[2] * part.shape[3]
    if kind == "ring":
        return math.pi * (part.shape[2] ** 2 - part.shape[1] ** 2) * 2 * part.shape[3]
    return float(np.prod(2 * part.box_half))


def _part_geoms(part: Part, offset: np.ndarray, attrs: str) -> list[str]:
    """MJCF geoms of one colliding part, positioned relative to ``offset`` (the body origin, entity-local)."""
    kind = part.shape[0] if part.shape else "box"
    c = part.box_center - offset
    if kind == "ring":
        return _ring_geoms(part, offset, attrs)
    if kind == "cylinder":
        return [f'<geom type="cylinder" size="{_f(part.shape[1], part.shape[2])}" pos="{_f(*c)}" {attrs}/>']
    if kind == "ellipsoid":
        return [f'<geom type="ellipsoid" size="{_f(*part.shape[1:4])}" pos="{_f(*c)}" {attrs}/>']
    half = np.maximum(part.box_half, 5e-4)  # MuJoCo needs positive sizes; paper-thin labels get 0.5 mm
    return [f'<geom type="box" size="{_f(*half)}" pos="{_f(*c)}" {attrs}/>']


def _bits(role: str) -> str:
    ct, ca = CONTACT_BITS[role]
    return f'contype="{ct}" conaffinity="{ca}"'


def _joint_xml(name: str, kind: str, pos, axis, range_: str) -> str:
    return (f'<joint name={quoteattr(name)} type="{kind}" pos="{_f(*pos)}" axis="{_f(*axis)}"{range_} '
            f'stiffness="{JOINT_STIFFNESS}" damping="{JOINT_DAMPING}" armature="0.5"/>')


def _fixture_xml(e: Entity, planar: bool) -> list[str]:
    """A fixture: a static body at its pose, or (``planar``: a wheeled rack the human pushes) a body on x/y slide
    joints and a yaw hinge, spring-held at the pose the scene records."""
    model: AssetModel = e.model
    name = quoteattr(e.key)
    attrs = f'{_bits("static")} friction="{_f(model.friction, 0.005, 0.0001)}"'
    if planar:
        lines = [f'<body name={name} pos="0 0 {e.pose[2, 3]:.9g}" gravcomp="1">',
                 _joint_xml(e.key + "/x", "slide", (0, 0, 0), (1, 0, 0), ""),
                 _joint_xml(e.key + "/y", "slide", (0, 0, 0), (0, 1, 0), ""),
                 f'<body name={quoteattr(e.key + "/yaw")} gravcomp="1">',
                 _joint_xml(e.key + "/yaw", "hinge", (0, 0, 0), (0, 0, 1), "")]
    else:
        lines = [f'<body name={name} {_pose_attrs(e.pose)}>']
    for p in model.parts:
        if p.collide and p.joint is None:
            lines += _part_geoms(p, np.zeros(3), attrs)
    for j in model.joints:
        parts = [p for p in model.parts if p.collide and p.joint == j.name]
        kind = "hinge" if j.kind == "hinge" else "slide"
        lines.append(f'<body name={quoteattr(e.key + "/" + j.name)} gravcomp="1">')
        lines.append(_joint_xml(e.key + "/" + j.name, kind, j.origin, j.axis, f' range="0 {float(j.limit):.9g}"'))
        for p in parts:
            lines += _part_geoms(p, np.zeros(3), attrs)
        if not parts:  # a joint needs mass: an inert sliver
            lines.append('<geom type="sphere" size="0.005" contype="0" conaffinity="0" mass="0.1"/>')
        lines.append("</body>")
    if not any(p.collide for p in model.parts):
        lines.append('<geom type="sphere" size="0.005" contype="0" conaffinity="0"/>')
    lines.append("</body></body>" if planar else "</body>")
    return lines


def _object_xml(e: Entity) -> list[str]:
    model = e.model
    parts = [p for p in model.parts if p.collide]
    volumes = np.array([_part_volume(p) for p in parts])
    share = volumes / max(volumes.sum(), 1e-12)
    round_ = any(p.shape and p.shape[0] == "ellipsoid" for p in parts)
    # rolling friction only where something can roll (a sphere or ellipsoid released with a spin stops)
    condim = 6 if round_ else 3
    lines = [f'<body name={quoteattr(e.key)}>', '<freejoint/>']
    for p, s in zip(parts, share):
        geoms = _part_geoms(p, np.zeros(3), "")
        each = model.mass * s / len(geoms)
        attrs = (f'{_bits("object")} condim="{condim}" friction="{_f(model.friction, 0.005, 0.002)}" '
                 f'mass="{each:.9g}"')
        lines += [g.replace("/>", f" {attrs}/>") for g in geoms]
    lines.append("</body>")
    return lines


def _signature(scene: Scene) -> str:
    """Hash of everything the model depends on (layout, kinds, parameters, fixture poses; not object poses)."""
    h = hashlib.sha1()
    for r in scene.rooms:
        h.update(repr((r.name, r.rect, r.floor_z)).encode())
    for w in scene.walls:
        h.update(repr((w.start, w.end, w.thickness, w.height, w.floor_z, sorted(w.openings))).encode())
    for e in scene.entities.values():
        h.update(repr((e.key, e.kind, sorted((k, repr(v)) for k, v in e.params.items()), e.movable)).encode())
        if not e.movable and "movable_fixture" not in e.affordances:
            h.update(np.round(e.pose, 9).tobytes())
        elif not e.movable:  # a rack rolls on its floor: only its height is built in
            h.update(np.round(e.pose[2, 3], 9).tobytes())
    return h.hexdigest()


_MODELS: dict[str, tuple[mujoco.MjModel, CompiledScene]] = {}
_MAX_CACHED = 64


def compile_scene(scene: Scene) -> CompiledScene:
    """The compiled model of ``scene`` (module docstring), from the per-layout cache when possible.

    Returns a :class:`CompiledScene` whose ``model`` is a private copy the caller may edit.

    Raises:
        ValueError: MuJoCo rejected the generated model (the message carries MuJoCo's reason).
    """
    sig = _signature(scene)
    cached = _MODELS.get(sig)
    if cached is None:
        cached = _build(scene)
        if len(_MODELS) >= _MAX_CACHED:
            _MODELS.pop(next(iter(_MODELS)))
        _MODELS[sig] = cached
    model, proto = cached
    return CompiledScene(**{**proto.__dict__, "model": _copy_model(model)})


def _copy_model(model: mujoco.MjModel) -> mujoco.MjModel:
    return copy.copy(model)


def _build(scene: Scene) -> tuple[mujoco.MjModel, CompiledScene]:
    world: list[str] = []
    for i, room in enumerate(scene.rooms):
        x0, y0, x1, y1 = room.rect
        t = yaw_pose((x0 + x1) / 2, (y0 + y1) / 2, room.floor_z - FLOOR_THICKNESS / 2, 0.0)
        world.append(f'<body name="floor:{i}" {_pose_attrs(t)}><geom type="box" '
                     f'size="{_f((x1 - x0) / 2, (y1 - y0) / 2, FLOOR_THICKNESS / 2)}" {_bits("static")}/></body>')
    walls = [f'<geom type="box" size="{_f(*h)}" {_pose_attrs(t)} {_bits("static")}/>'
             for w in scene.walls for t, h in w.boxes()]
    if walls:
        world.append('<body name="walls">' + "".join(walls) + "</body>")
    for e in scene.entities.values():
        if e.movable:
            world += _object_xml(e)
        else:
            world += _fixture_xml(e, "movable_fixture" in e.affordances)
    for i in range(CAPSULE_SLOTS):
        world.append(f'<body name="capsule:{i}" mocap="true" pos="0 0 -10"><geom type="capsule" size="0.05 0.1" '
                     f'{_bits("body")} priority="1" solref="{2 * TIMESTEP:.9g} 1"/></body>')
    connectors = [e.key for e in scene.entities.values() if e.movable and e.model.connectors]
    welds = [(c, p) for c in connectors for p in connectors if c != p]
    eq = [f'<weld name={quoteattr(c + ">" + p)} body1={quoteattr(c)} body2={quoteattr(p)} active="false" '
          f'relpose="0 0 0 1 0 0 0" solref="0.005 1"/>' for c, p in welds]
    movables = [e.key for e in scene.entities.values() if e.movable]
    eq += [f'<weld name={quoteattr("pin:" + k)} body1={quoteattr(k)} active="false" relpose="0 0 0 1 0 0 0" '
           f'solref="0.005 1"/>' for k in movables]
    xml = "\n".join([
        f'<mujoco model={quoteattr(scene.name)}>',
        '<compiler angle="radian" autolimits="true" boundmass="1e-4" boundinertia="1e-9"/>',
        f'<option timestep="{TIMESTEP:.9g}" gravity="0 0 {-GRAVITY:.9g}" integrator="implicitfast" '
        f'cone="elliptic" impratio="{IMPRATIO:.9g}" solver="Newton" iterations="40" ls_iterations="20" '
        f'sleep_tolerance="{REST_SPEED:.9g}">',
        '<flag sleep="enable"/>', '</option>',
        '<worldbody>', *world, '</worldbody>',
        *(["<equality>", *eq, "</equality>"] if eq else []),
        "</mujoco>"])
    try:
        model = mujoco.MjModel.from_xml_string(xml)
    except ValueError as exc:
        raise ValueError(f"scene {scene.name!r}: MuJoCo rejected the compiled model: {exc}") from None
    body_key = []
    for b in range(model.nbody):
        name = mujoco.mj_id2name(model, mujoco.mjtObj.mjOBJ_BODY, b) or ""
        if name.startswith("floor:"):
            body_key.append("floor#1")
        elif name.startswith("capsule:"):
            body_key.append("body")
        elif name == "walls":
            body_key.append("")
        else:
            body_key.append(name.split("/")[0])
    free, joints, planar = {}, {}, {}
    for e in scene.entities.values():
        bid = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, e.key)
        if e.movable:
            jid = model.body_jntadr[bid]
            free[e.key] = (bid, int(model.jnt_qposadr[jid]), int(model.jnt_dofadr[jid]))
        elif "movable_fixture" in e.affordances:
            jids = [mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_JOINT, e.key + a) for a in ("/x", "/y", "/yaw")]
            planar[e.key] = [(int(model.jnt_qposadr[j]), int(model.jnt_dofadr[j])) for j in jids]
        if e.model.joints and not e.movable:
            rows = []
            for j in e.model.joints:
                jid = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_JOINT, e.key + "/" + j.name)
                rows.append((jid, int(model.jnt_qposadr[jid]), int(model.jnt_dofadr[jid]), j.name))
            joints[e.key] = rows
    cap_bodies = [mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, f"capsule:{i}") for i in range(CAPSULE_SLOTS)]
    capsule_mocap = np.array([model.body_mocapid[b] for b in cap_bodies], int)
    capsule_geom = np.array([model.body_geomadr[b] for b in cap_bodies], int)
    weld_ids = {(c, p): mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_EQUALITY, c + ">" + p) for c, p in welds}
    pins = {k: mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_EQUALITY, "pin:" + k) for k in movables}
    geom_role = []
    body_geoms: dict[int, list[int]] = {}
    for g in range(model.ngeom):
        b = int(model.geom_bodyid[g])
        body_geoms.setdefault(b, []).append(g)
        ct = int(model.geom_contype[g])
        geom_role.append("object" if ct == OBJECT else "body" if b in cap_bodies else
                         "static" if ct == STATIC else "off")
    compiled = CompiledScene(model, body_key, free, joints, planar, capsule_mocap, capsule_geom, weld_ids,
                             pins, geom_role, body_geoms)
    return model, compiled
