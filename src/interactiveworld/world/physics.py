"""Rigid-body physics of the world on MuJoCo: settling, contacts and the support they imply.

Numbers (paper appendix B.1.2 "Object physics"; DESIGN.md "Objects"): gravity 9.81 m/s^2; frames of 1/60 s
(the paper's 60 physics steps per second), each integrated as four MuJoCo steps of 1/240 s; an object is at rest
when its speed stays below :data:`REST_SPEED` = 1e-3 m/s (MuJoCo's sleep test: the infinity norm of its
velocities, rotational ones scaled by the body's size, below the tolerance for 10 consecutive steps); a settle
stops when every body is at rest or after :data:`SETTLE_TIME_CAP` simulated seconds, whichever comes first.

The scene's poses are the truth; the simulation follows them. :meth:`PhysicsWorld.sync` writes into the
simulation only what the scene changed since the last sync (an object the hand moved, a joint the hand drove, the
body's capsules), which wakes exactly those bodies; everything else stays asleep (MuJoCo sleeping islands), so a
settle costs only what moved or was touched. :meth:`PhysicsWorld.settle` then steps until rest and writes the
resting poses back into the scene. Held objects and the contents of a held container are pinned: they follow the
hand (gravity compensated, touching only each other); the body's capsules are kinematic mocap bodies that push
objects they meet.

:meth:`PhysicsWorld.support` reads contacts and contact forces of the current poses (all bodies awake, zero
velocity) into a :class:`SupportTable`: which entity bears which object, with what force; the relations
(:mod:`interactiveworld.world.relations`) are read from it. One world per scene (:func:`world_of`); its
compiled model is cached per scene layout (:mod:`interactiveworld.world.mjcf`). The same scene and the same
commands give the same state on every run: the simulation is single-threaded and starts from the scene alone.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import mujoco
import numpy as np

from .mjcf import (CAPSULE_SLOTS, CONTACT_BITS, GRAVITY, REST_SPEED, TIMESTEP, CompiledScene, compile_scene, mat_to_quat,
                   quat_to_mat)
from .scene import Scene

__all__ = ["GRAVITY", "STEP_HZ", "REST_SPEED", "SETTLE_TIME_CAP", "MAX_PENETRATION", "PACKING_SEPARATION",
           "RESET_KEEP_M", "displacement",
           "SUBSTEPS", "SUPPORT_NORMAL_MAX_DEG", "PhysicsWorld", "SettleReport", "SupportTable", "world_of",
           "SceneValidationError"]

STEP_HZ = 60
"""Frames per simulated second (paper B.1.2: 60 physics steps per second); each is :data:`SUBSTEPS` MuJoCo steps."""
SUBSTEPS = int(round(1.0 / (STEP_HZ * TIMESTEP)))
"""MuJoCo steps per frame (1/60 s at a 1/240 s step)."""
SETTLE_TIME_CAP = 5.0
"""A settle stops after this much simulated time [s] even if something still moves (a ball rolling away)."""
RESET_KEEP_M = 5e-3
"""At reset, an object in contact as loaded that the settle moved by at most this much (:func:`displacement`
of its box corners [m]) keeps the pose it was loaded with: it was at rest, and a saved state
loads back unchanged. A fresh simulation wakes everything with no warm start, so objects asleep below
:data:`REST_SPEED` creep a little (a fruit in a bowl a few tenths of a millimetre, a cup leaning on a plate
nearly 2 mm); the simulation keeps its own resting pose that close to the scene's. Below every relation
tolerance (2 cm, 10 degrees)."""
PACKING_SEPARATION = 0.02
"""Initial separation between packed objects [m] (paper B.1.2)."""
MAX_PENETRATION = 0.05
"""An object penetrating anything deeper than this [m] fails the placement gate (paper B.1.2)."""
SUPPORT_NORMAL_MAX_DEG = 30.0
"""A contact bears an object only when its normal (into the object) is within 30 degrees of straight up."""


class SceneValidationError(ValueError):
    """A scene cannot be settled: objects interpenetrate deeper than 5 cm, float outside every room, or never
    come to rest. The message names the objects."""


@dataclass
class SettleReport:
    """What one settle did.

    Attributes:
        moved: keys of the objects that were awake during the settle (their poses were written back).
        frames: per simulated frame (1/60 s), key -> world-from-object (4, 4) of the awake objects.
        steps: MuJoCo steps taken; time_s: simulated seconds.
        at_rest: True when everything came to rest before :data:`SETTLE_TIME_CAP`.
        moving: keys still moving at the cap (empty when ``at_rest``).
    """

    moved: set[str] = field(default_factory=set)
    frames: list[dict[str, np.ndarray]] = field(default_factory=list)
    steps: int = 0
    time_s: float = 0.0
    at_rest: bool = True
    moving: list[str] = field(default_factory=list)


@dataclass
class SupportTable:
    """Contacts of the current poses, read with every body awake and at rest.

    Attributes:
        bearing: object key -> {entity key (``"floor#1"`` for a floor): upward force [N] it exerts on the
            object through contacts whose normal is within ``normal_max_deg`` of vertical}.
        touching: object key -> set of entity keys it is in contact with (any normal, any force).
        weight: object key -> its weight [N] (mass x 9.81).
        depth: object key -> (deepest penetration [m] into anything, the other key).
        normal_max_deg: the normal tolerance used [deg].
    """

    bearing: dict[str, dict[str, float]]
    touching: dict[str, set[str]]
    weight: dict[str, float]
    depth: dict[str, tuple[float, str]]
    normal_max_deg: float


def displacement(entity, before: np.ndarray) -> float:
    """How far [m] any corner of ``entity``'s bounding box moved from world-from-entity pose ``before`` (4, 4) to
    its current pose (a cylinder turning about its own axis moves its corners little)."""
    lo, hi = entity.model.bounds
    c = np.array([[x, y, z, 1.0] for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])])
    return float(np.linalg.norm((c @ entity.pose.T - c @ np.asarray(before, float).T)[:, :3], axis=1).max())


def world_of(scene: Scene) -> "PhysicsWorld":
    """The physics world of ``scene`` (made on first use and kept with the scene; rebuilt when entities are
    added or removed)."""
    pw = scene.__dict__.get("_physics")
    if pw is None or pw.keys != tuple(scene.entities):
        pw = PhysicsWorld(scene)
        scene.__dict__["_physics"] = pw
    return pw


class PhysicsWorld:
    """The MuJoCo simulation following one scene (see the module docstring).

    Args:
        scene: the live scene; its poses are written into the simulation at construction.
    """

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.keys = tuple(scene.entities)
        self.compiled: CompiledScene = compile_scene(scene)
        m = self.model = self.compiled.model
        self.data = mujoco.MjData(m)
        self._reader = mujoco.MjData(m)
        self._synced: dict[str, np.ndarray] = {}
        self._openings: dict[str, float] = {}
        self._roles: dict[str, str] = {k: "object" for k in self.compiled.free}
        self._ghosts: set[str] = set()
        self._support_key: bytes | None = None
        self._support: SupportTable | None = None
        self._checkpoint = None
        self._pending = True  # something was written since the last settle
        self._capsule_size: np.ndarray | None = None
        self._capsule_active: np.ndarray | None = None
        self._boxes = None
        self._version = 0  # bumped whenever an object pose is written either way
        self._mass = {k: float(m.body_subtreemass[b]) for k, (b, _, _) in self.compiled.free.items()}
        self._tree = {k: int(m.body_treeid[b]) for k, (b, _, _) in self.compiled.free.items()}
        self._geoms = {k: self.compiled.body_geoms.get(b, []) for k, (b, _, _) in self.compiled.free.items()}
        self.sync(force=True)

    # ------------------------------------------------------------------ scene -> simulation
    def _write_free(self, d: mujoco.MjData, key: str, pose: np.ndarray) -> None:
        _, qa, da = self.compiled.free[key]
        d.qpos[qa:qa + 3] = pose[:3, 3]
        d.qpos[qa + 3:qa + 7] = mat_to_quat(pose[:3, :3])
        d.qvel[da:da + 6] = 0.0

    def _weld(self, eq: int, body1: np.ndarray, body2: np.ndarray, anchor: np.ndarray | None = None) -> None:
        """Activate weld ``eq`` holding body1 at its current pose relative to body2 (world poses (4, 4)) about the
        world point ``anchor`` (3,) [m] (default: body1's origin)."""
        point = body1[:3, 3] if anchor is None else np.asarray(anchor, float)
        self.model.eq_data[eq, 0:3] = np.linalg.solve(body2, np.r_[point, 1.0])[:3]
        self.model.eq_data[eq, 3:6] = np.linalg.solve(body1, np.r_[point, 1.0])[:3]
        self.model.eq_data[eq, 6:10] = mat_to_quat(body1[:3, :3].T @ body2[:3, :3])
        self.data.eq_active[eq] = 1

    def _set_role(self, key: str, role: str) -> bool:
        """Give ``key`` the contact bits, gravity compensation and hand weld of ``role``; True when the change
        can move it (taken into or out of the hand), which wakes it."""
        old = self._roles.get(key)
        if old == role:
            return False
        if role != "pinned":
            self.data.eq_active[self.compiled.pins[key]] = 0
        self._roles[key] = role
        ct, ca = CONTACT_BITS[role]
        for g in self._geoms[key]:
            self.model.geom_contype[g] = ct
            self.model.geom_conaffinity[g] = ca
        bid, _, da = self.compiled.free[key]
        self.model.body_contype[bid], self.model.body_conaffinity[bid] = ct, ca  # the broadphase reads these
        self.model.body_gravcomp[bid] = 1.0 if role == "pinned" else 0.0
        hand = {"pinned", "carried"}
        if role in hand or old in hand:
            self.data.qvel[da:da + 6] = -0.0  # wake it: a released object must fall (-0.0 changes no velocity)
            return True
        return False

    def pinned(self) -> set[str]:
        """Keys the hand holds now: the held object and the contents carried with it."""
        h = self.scene.human
        return ({h.held} | set(h.carried)) - {None}

    def sync(self, *, force: bool = False) -> list[str]:
        """Write what the scene changed since the last sync into the simulation (waking those bodies): object
        poses, pinned (held) objects, joint openings, movable fixture poses, and active welds. Returns the keys
        of the objects written. ``force`` writes everything."""
        scene, d, m = self.scene, self.data, self.model
        pinned = self.pinned()
        written = []
        held = scene.human.held
        for key in self.compiled.free:
            role = "pinned" if key == held else "carried" if key in pinned else \
                "ghost" if key in self._ghosts else "object"
            if role != self._roles.get(key):
                self._touch(data=role in ("pinned", "carried") or self._roles.get(key) in ("pinned", "carried"))
                if self._set_role(key, role):
                    self._pending = True
            pose = scene.entities[key].pose
            last = self._synced.get(key)
            if force or last is None or not np.array_equal(last, pose) or \
                    (role == "pinned" and not d.eq_active[self.compiled.pins[key]]):
                self._touch()
                if role == "pinned":  # the hand holds it where the scene says
                    self._weld(self.compiled.pins[key], pose, np.eye(4))
                self._write_free(d, key, pose)
                self._synced[key] = pose.copy()
                written.append(key)
                self._version += 1
        for key, rows in self.compiled.joints.items():
            e = scene.entities[key]
            if force or self._openings.get(key) != e.opening:
                self._touch()
                self._openings[key] = e.opening
                self._pending = True
                for jid, qa, da, name in rows:  # every joint of an entity follows its recorded opening
                    q = e.opening * e.model.joint(name).limit
                    d.qpos[qa] = q
                    d.qvel[da] = 0.0
                    m.qpos_spring[qa] = q
        for key, addrs in self.compiled.planar.items():
            pose = scene.entities[key].pose
            last = self._synced.get(key)
            if force or last is None or not np.array_equal(last, pose):
                self._touch()
                target = (pose[0, 3], pose[1, 3], math.atan2(pose[1, 0], pose[0, 0]))
                for (qa, da), q in zip(addrs, target):
                    d.qpos[qa] = q
                    d.qvel[da] = 0.0
                    m.qpos_spring[qa] = q
                self._synced[key] = pose.copy()
                self._pending = True
        self._sync_welds()
        if written or force:
            self._support_key = None
            self._pending = True
        return written

    def _sync_welds(self) -> None:
        active = {(c, r["parent"]) for c, r in self.scene.attachments.items()}
        for (child, parent), eq in self.compiled.welds.items():
            on = (child, parent) in active
            if bool(self.data.eq_active[eq]) == on:
                continue
            self._touch()
            if on:  # weld at the current relative pose about the mated connectors: body1 = child, body2 = parent
                c = self.scene.entities[child]
                conn = c.model.connector(self.scene.attachments[child]["child_connector"])
                at = (c.pose @ conn.transform)[:3, 3] if conn is not None else None
                self._weld(eq, c.pose, self.scene.entities[parent].pose, at)
            else:
                self.data.eq_active[eq] = 0
            self._pending = True

    def set_body_capsules(self, endpoints: np.ndarray, radii: np.ndarray, active: np.ndarray | None = None) -> bool:
        """Place the body's proxy capsules (kinematic mocap bodies).

        Args:
            endpoints: capsule end points [m], shape (N, 2, 3) with N <= :data:`~.mjcf.CAPSULE_SLOTS`.
            radii: [m], shape (N,).
            active: bool (N,): capsules that touch objects (default all); the feet, which stand on the floor,
                would squeeze flat objects into it.
        Returns:
            True when a capsule's box overlaps the box of an object that feels the body (the next settle must
            run; MuJoCo's collision detection decides whether they really touch).
        Raises:
            ValueError: wrong shapes or more capsules than slots.
        """
        ends = np.asarray(endpoints, float)
        radii = np.asarray(radii, float).reshape(-1)
        n = len(radii)
        if ends.ndim != 3 or ends.shape[1:] != (2, 3) or len(ends) != n:
            raise ValueError(f"endpoints: expected (N, 2, 3) with N = len(radii) = {n}, got {ends.shape}")
        if n > CAPSULE_SLOTS:
            raise ValueError(f"at most {CAPSULE_SLOTS} capsules, got {n}")
        m, d, c = self.model, self.data, self.compiled
        self._touch(data=False)
        a, b = ends[:, 0], ends[:, 1]
        axis = b - a
        length = np.linalg.norm(axis, axis=1)
        z = np.where(length[:, None] > 1e-9, axis / np.maximum(length, 1e-12)[:, None], [0.0, 0.0, 1.0])
        # quaternion turning +z onto z: (1 + z_z, -z_y, z_x, 0), normalised; +z onto -z: a half turn about x
        q = np.stack([1.0 + z[:, 2], -z[:, 1], z[:, 0], np.zeros(n)], axis=1)
        flip = q[:, 0] < 1e-9
        q[flip] = (0.0, 1.0, 0.0, 0.0)
        q /= np.linalg.norm(q, axis=1, keepdims=True)
        d.mocap_pos[c.capsule_mocap[:n]] = 0.5 * (a + b)
        d.mocap_quat[c.capsule_mocap[:n]] = q
        size = np.stack([radii, np.maximum(0.5 * length, 1e-6)], axis=1)
        g = c.capsule_geom
        active = np.ones(n, bool) if active is None else np.asarray(active, bool).reshape(n)
        if self._capsule_size is None or len(self._capsule_size) != n or \
                np.abs(self._capsule_size - size).max() > 1e-6 or not np.array_equal(self._capsule_active, active):
            m.geom_size[g[:n], :2] = size
            m.geom_rbound[g[:n]] = size.sum(axis=1)
            m.geom_aabb[g[:n]] = np.stack([np.zeros(n), np.zeros(n), np.zeros(n), radii, radii, size.sum(axis=1)],
                                          axis=1)
            ct, ca = CONTACT_BITS["body"]
            m.geom_contype[g[:n]] = np.where(active, ct, 0)
            m.geom_conaffinity[g[:n]] = np.where(active, ca, 0)
            m.geom_contype[g[n:]], m.geom_conaffinity[g[n:]] = 0, 0
            self._capsule_size, self._capsule_active = size, active
        lo = (np.minimum(a, b) - radii[:, None])[active]
        hi = (np.maximum(a, b) + radii[:, None])[active]
        touched = self.objects_touched_by(lo, hi)
        if touched:
            self._touch()
            self._pending = True
            for key in touched:  # MuJoCo does not wake a sleeping body for a mocap contact: wake it (-0.0)
                _, _, da = self.compiled.free[key]
                self.data.qvel[da:da + 6] = -0.0
        return bool(touched)

    def object_boxes(self) -> tuple[list[str], np.ndarray, np.ndarray]:
        """Keys and world AABBs (lo, hi), each (K, 3) [m] padded by 5 mm, of the objects that feel the body (not
        held, not handled on purpose); cached until something moves."""
        keys = [k for k, role in self._roles.items() if role == "object"]
        stamp = (tuple(keys), self._version)
        if self._boxes is None or self._boxes[0] != stamp:
            if keys:
                corners = np.array([self.scene.entities[k].world_bounds_corners() for k in keys])
                lo, hi = corners.min(axis=1) - 0.005, corners.max(axis=1) + 0.005
            else:
                lo = hi = np.zeros((0, 3))
            self._boxes = (stamp, keys, lo, hi)
        return self._boxes[1], self._boxes[2], self._boxes[3]

    def objects_touched_by(self, lo: np.ndarray, hi: np.ndarray) -> list[str]:
        """Keys of the objects that feel the body whose boxes overlap any box (lo, hi) (K, 3) [m]."""
        keys, olo, ohi = self.object_boxes()
        if not len(olo):
            return []
        hit = np.any(np.all((lo[:, None] <= ohi[None]) & (hi[:, None] >= olo[None]), axis=2), axis=0)
        return [k for k, h in zip(keys, hit) if h]

    def set_ghosts(self, keys) -> None:
        """Objects the hand touches on purpose (the target of a grasp or placement): they stop feeling the
        body's capsules until the next call; they still collide with everything else."""
        self._ghosts = set(keys) & set(self.compiled.free)

    # ------------------------------------------------------------------ checkpoints
    _MODEL_STATE = ("geom_contype", "geom_conaffinity", "body_gravcomp", "body_contype", "body_conaffinity",
                    "qpos_spring", "eq_data", "geom_size", "geom_rbound", "geom_aabb")
    """Model fields a world edits at run time (kept in a checkpoint)."""

    def _touch(self, data: bool = True) -> None:
        """Before a change during a command: keep what :meth:`rollback` needs (the edited model fields and the
        bookkeeping at once, cheaply; a copy of the simulation state before the first change to it)."""
        if not self._armed:
            return
        if self._checkpoint is None:
            m, d = self.model, self.data
            self._checkpoint = {"model": {f: getattr(m, f).copy() for f in self._MODEL_STATE},
                                "books": (dict(self._synced), dict(self._openings), dict(self._roles)),
                                "mocap": (d.mocap_pos.copy(), d.mocap_quat.copy()), "data": None}
        if data and self._checkpoint["data"] is None:
            self._checkpoint["data"] = mujoco.MjData.__copy__(self.data)

    _armed = False

    def begin(self) -> None:
        """Start a command: the first change to the simulation keeps a copy of its state for :meth:`rollback`."""
        self._armed = True
        self._checkpoint = None

    def rollback(self) -> None:
        """Return the simulation to its state at :meth:`begin` (after a failed command restored the scene)."""
        cp, self._checkpoint, self._armed = self._checkpoint, None, False
        if cp is None:
            return
        m = self.model
        for f, v in cp["model"].items():
            getattr(m, f)[:] = v
        self._synced, self._openings, self._roles = cp["books"]
        if cp["data"] is not None:
            self.data = cp["data"]
        else:
            self.data.mocap_pos[:], self.data.mocap_quat[:] = cp["mocap"]
        self._capsule_size, self._version, self._support_key = None, self._version + 1, None

    def commit(self) -> None:
        """End a command: the changes stay."""
        self._checkpoint, self._armed = None, False

    # ------------------------------------------------------------------ stepping
    def _free_awake(self) -> list[str]:
        aw = self.data.tree_awake
        return [k for k, t in self._tree.items() if aw[t]]

    def settle(self, *, record: bool = True, max_time: float = SETTLE_TIME_CAP) -> SettleReport:
        """Sync, then step until every body is at rest (or ``max_time`` [s]); write resting poses back.

        Pinned (held) objects are never written back: the hand is their truth. ``record`` keeps one pose dict
        per frame for the executor's keyframes."""
        self.sync()
        d, m = self.data, self.model
        report = SettleReport()
        if not self._pending and d.ntree_awake == 0:
            return report  # nothing written, nothing touched, everything asleep: nothing can move
        self._touch()
        self._pending = False
        pinned = self.pinned()
        frames = max(1, int(round(max_time * STEP_HZ)))
        for _ in range(frames):
            mujoco.mj_step(m, d, nstep=SUBSTEPS)
            report.steps += SUBSTEPS
            awake = [k for k in self._free_awake() if k not in pinned]
            report.moved.update(awake)
            if record and awake:
                report.frames.append({k: self._pose(k) for k in awake})
            if d.ntree_awake == 0:
                break
        self._finish(report, pinned)
        return report

    def _finish(self, report: SettleReport, pinned: set[str]) -> None:
        """Fill the report's totals and write the poses of the objects that moved back into the scene."""
        report.time_s = report.steps * TIMESTEP
        report.moving = sorted(k for k in self._free_awake() if k not in pinned)
        report.at_rest = not report.moving and self.data.ntree_awake == 0
        for k in report.moved:
            pose = self._pose(k)
            self.scene.entities[k].pose = pose
            self._synced[k] = pose.copy()
            self._version += 1
        if report.moved:
            self._support_key = None

    def glide_capsules(self, start: np.ndarray, end: np.ndarray, radii: np.ndarray, active: np.ndarray | None = None,
                       *, frames: int = 1) -> SettleReport:
        """Move the body's capsules from end points ``start`` to ``end`` (each (N, 2, 3) [m]) over ``frames``
        frames of 1/60 s, placing them anew at every MuJoCo step so that a limb pushes an object instead of
        jumping through a thin wall. Objects it touches move; their poses are written back.

        Raises:
            ValueError: as :meth:`set_body_capsules`.
        """
        self.sync()
        d, m = self.data, self.model
        pinned = self.pinned()
        report = SettleReport()
        start, end = np.asarray(start, float), np.asarray(end, float)
        n = max(1, frames) * SUBSTEPS
        for i in range(1, n + 1):
            a = i / n
            self.set_body_capsules((1 - a) * start + a * end, radii, active)
            if self._pending or d.ntree_awake:
                self._touch()
                self._pending = False
                mujoco.mj_step(m, d)
                report.steps += 1
                report.moved.update(k for k in self._free_awake() if k not in pinned)
            if i % SUBSTEPS == 0:
                awake = [k for k in self._free_awake() if k not in pinned]
                if awake:
                    report.frames.append({k: self._pose(k) for k in awake})
        self._finish(report, pinned)
        return report

    def _pose(self, key: str) -> np.ndarray:
        _, qa, _ = self.compiled.free[key]
        t = np.eye(4)
        t[:3, 3] = self.data.qpos[qa:qa + 3]
        t[:3, :3] = quat_to_mat(self.data.qpos[qa + 3:qa + 7])
        return t

    # ------------------------------------------------------------------ reading contacts
    def support(self, *, normal_max_deg: float = SUPPORT_NORMAL_MAX_DEG) -> SupportTable:
        """Contacts and contact forces of the scene's current poses (every body awake, velocities zero; the
        simulation's own state is not touched). Cached until the scene's poses or joints change."""
        scene = self.scene
        blob = b"".join(scene.entities[k].pose.tobytes() for k in self.compiled.free) + \
            np.array([scene.entities[k].opening for k in self.compiled.joints]).tobytes() + \
            repr((sorted(self.pinned()), normal_max_deg, sorted(scene.attachments))).encode()
        if self._support is not None and self._support_key == blob:
            return self._support
        self.sync()
        m, r = self.model, self._reader
        r.qpos[:] = self.data.qpos
        for k in self.compiled.free:
            self._write_free(r, k, scene.entities[k].pose)
        r.qvel[:] = 0.0
        r.mocap_pos[:] = self.data.mocap_pos
        r.mocap_quat[:] = self.data.mocap_quat
        r.eq_active[:] = self.data.eq_active
        flags = m.opt.enableflags
        m.opt.enableflags = flags & ~int(mujoco.mjtEnableBit.mjENBL_SLEEP)
        try:
            mujoco.mj_forward(m, r)
        finally:
            m.opt.enableflags = flags
        cos_max = math.cos(math.radians(normal_max_deg))
        keys = self.compiled.body_key
        bearing: dict[str, dict[str, float]] = {k: {} for k in self.compiled.free}
        touching: dict[str, set[str]] = {k: set() for k in self.compiled.free}
        depth: dict[str, tuple[float, str]] = {}
        force = np.zeros(6)
        for i in range(r.ncon):
            c = r.contact[i]
            b1, b2 = int(m.geom_bodyid[c.geom1]), int(m.geom_bodyid[c.geom2])
            k1, k2 = keys[b1], keys[b2]
            if k1 == k2 or k1 == "body" or k2 == "body":
                continue
            mujoco.mj_contactForce(m, r, i, force)
            n = c.frame[:3]
            for a, other, sign in ((k2, k1, 1.0), (k1, k2, -1.0)):
                if a not in bearing:
                    continue
                touching[a].add(other or "wall")
                if -c.dist > depth.get(a, (0.0, ""))[0]:
                    depth[a] = (-float(c.dist), other or "wall")
                nz = sign * float(n[2])  # normal oriented from the other body into ``a``
                if other and nz >= cos_max and force[0] > 0:
                    bearing[a][other] = bearing[a].get(other, 0.0) + float(force[0]) * nz
        weight = {k: self._mass[k] * GRAVITY for k in self.compiled.free}
        self._support = SupportTable(bearing, touching, weight, depth, normal_max_deg)
        self._support_key = blob
        return self._support

    def initial_penetrations(self) -> list[tuple[str, str, float]]:
        """Pairs (object, other, depth [m]) penetrating deeper than :data:`MAX_PENETRATION` now."""
        table = self.support()
        return sorted((a, o, dep) for a, (dep, o) in table.depth.items() if dep > MAX_PENETRATION)

    def settle_at_reset(self) -> SettleReport:
        """Settle every object of a freshly loaded scene and validate it (module docstring). Objects that were at
        rest when loaded keep their poses (:data:`RESET_KEEP_M`), so a saved state loads back as it was. What is
        still awake after the settle is judged as after a command: one more settle, and an object that moved no more
        than :data:`RESET_KEEP_M` during it only creeps.

        Raises:
            SceneValidationError: objects penetrating deeper than :data:`MAX_PENETRATION` (named in pairs),
                objects that never come to rest, or objects that end outside every room.
        """
        resting = {k for k, t in self.support().touching.items() if t}  # in contact as loaded
        deep = [(a, o, dep) for a, o, dep in self.initial_penetrations() if a not in self.pinned()]
        if deep:
            pairs = ", ".join(f"{a} into {o} ({dep * 100:.0f} cm)" for a, o, dep in deep)
            raise SceneValidationError(f"objects interpenetrate deeper than {MAX_PENETRATION * 100:.0f} cm: {pairs}")
        loaded = {k: self.scene.entities[k].pose.copy() for k in self.compiled.free}
        report = self.settle(record=False)
        kept = set()
        for k in report.moved & resting:  # at rest when loaded: a fresh simulation's first steps are no motion
            if displacement(self.scene.entities[k], loaded[k]) <= RESET_KEEP_M:
                self.scene.entities[k].pose = loaded[k]
                self._synced[k] = loaded[k].copy()
                kept.add(k)
        report.moving = [k for k in report.moving if k not in kept]  # a creep of numerics, not motion
        if report.moving:  # the executor's rest test after a command: one more settle, creep under RESET_KEEP_M
            start = {k: self.scene.entities[k].pose.copy() for k in report.moving}
            again = self.settle(record=False)
            report.moved |= again.moved
            report.moving = [k for k in again.moving
                             if k not in start or displacement(self.scene.entities[k], start[k]) > RESET_KEEP_M]
        report.at_rest = not report.moving
        if not report.at_rest:
            raise SceneValidationError(f"objects never come to rest within {SETTLE_TIME_CAP:.0f} s: "
                                       f"{', '.join(report.moving)}")
        lost = [k for k in self.compiled.free if k not in self.pinned()
                and self.scene.floor_z_at(self.scene.entities[k].center_of_mass()[:2]) is None]
        if lost:
            raise SceneValidationError(f"objects end outside every room (nothing holds them up): {', '.join(lost)}")
        return report
