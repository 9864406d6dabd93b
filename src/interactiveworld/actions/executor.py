"""The executor: runs the typed goals of one compiled command against the world (paper appendix B.3.2,
"Command execution and verification", stages 3-5; Table 5 for the operational semantics).

A command's goals run in order on the live :class:`~interactiveworld.world.scene.Scene`. Each goal records
:class:`~interactiveworld.world.motion.Keyframe` values (12 fps body frames; held objects, articulations and
falling objects in ``object_poses`` / ``articulation``). Then the world settles: the body's capsules sweep through
the command's keyframes in the MuJoCo simulation (pushing what they brush), and every object the command moved or
touched comes to rest (:mod:`interactiveworld.actions.primitives.physical`). The settled result is checked
against the world invariants (:mod:`interactiveworld.world.invariants`): one that held before the command and
no longer does fails it with INVARIANT_VIOLATED naming the invariant. When any goal fails, the world and
the simulation are restored to their state before the command and the
:class:`~interactiveworld.errors.PrimitiveError` is returned with no frames. After success, every primitive's
postconditions are re-read from the settled world (:mod:`interactiveworld.actions.primitives.postconditions`),
after any scripted event whose condition now holds has fired (:mod:`interactiveworld.world.events`);
a claim that does not hold becomes POSTCONDITION_FAILED saying what the world shows instead (the world keeps
what physically happened, no success frames).

The per-primitive handlers live in :mod:`interactiveworld.actions.primitives`; the shared body and
navigation motions (stance, route, doors, reach, grasp) in :mod:`interactiveworld.actions.primitives.motion`.
The handlers see the executor only as an :class:`~interactiveworld.actions.primitives.context.ActionContext`
(scene, physics, motion, keyframes), which it implements; the executor imports their registry, never the reverse.
"""
from __future__ import annotations

import copy
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..env_types import RelationDelta
from ..errors import ErrorCode, PrimitiveError, fail
from ..world.events import fire_events
from ..world.invariants import Violation, check_world, new_violations, sealed_contents
from ..world.motion import LOOK_HOLD, RESULT, Interval, Keyframe
from ..world.physics import RESET_KEEP_M, SceneValidationError, displacement, world_of
from ..world.relations import pose_change, read_relations, riders, support_graph
from ..world.scene import Scene
from .primitives import CHECKS, HANDLERS
from .primitives.motion import Motion, result_focus
from .primitives.physical import body_capsules, pushing_capsules, settle, sweep_body
from .primitives.postconditions import PostContext, verify

__all__ = ["Executor", "ExecutionResult", "Snapshot"]

PERCEPTION_ONLY = frozenset({"look_at", "look_around", "look_scan"})
"""Primitives that only look: no object feels the body while they run (paper Table 5: LookAt brings or turns an
object to a readable view and leaves the world as it was)."""

MAX_SPARING_RUNS = 4
"""Runs again of a command whose arm knocked objects over, each sparing what the runs before knocked."""

FPS = 12.0
"""Keyframe rate of body motion [frames/s] (DESIGN.md "Gait")."""


KNOCK_TURN_DEG = 30.0
KNOCK_SHIFT_M = 0.10
"""An object the body's sweep turned by more than 30 deg or shoved more than 10 cm was knocked over or aside:
a careful wearer passes by it (the command runs again sparing it, :meth:`Executor.execute`)."""


KNOCK_RAISED_M = 0.3
"""Only an object standing this far [m] or more above the floor (on a table, counter or shelf) counts as knocked:
what lies on the floor in the body's path is pushed along, as a walk into a box pushes it."""


def _raised(scene: Scene, pose: np.ndarray) -> bool:
    floor = scene.floor_z_at(pose[:2, 3])
    return floor is not None and pose[2, 3] - floor >= KNOCK_RAISED_M


def _knocked(before: np.ndarray, after: np.ndarray) -> bool:
    """Whether the move from pose ``before`` to ``after`` (each (4, 4)) knocked the object over or aside."""
    shift, turn = pose_change(before, after)
    return turn > KNOCK_TURN_DEG or shift > KNOCK_SHIFT_M


@dataclass
class Snapshot:
    """Everything a command may change, for restoring the world after a failed command."""

    poses: dict[str, np.ndarray]
    states: dict[str, dict[str, Any]]
    human: Any
    attachments: dict[str, dict[str, Any]]
    doors_open: dict[str, bool]
    grid: tuple | None = None  # the body's navigation grid and grip (:meth:`Motion.kept_grid`)

    @classmethod
    def take(cls, scene: Scene, doors_open: dict[str, bool], grid: tuple | None = None) -> "Snapshot":
        return cls({k: e.pose.copy() for k, e in scene.entities.items()},
                   {k: copy.deepcopy(e.state) for k, e in scene.entities.items()},
                   copy.deepcopy(scene.human), copy.deepcopy(scene.attachments), dict(doors_open), grid)

    def restore(self, scene: Scene) -> None:
        for k, e in scene.entities.items():
            e.pose = self.poses[k].copy()
            e.state = copy.deepcopy(self.states[k])
        scene.human = copy.deepcopy(self.human)
        scene.attachments = copy.deepcopy(self.attachments)


@dataclass
class ExecutionResult:
    """Outcome of one compiled command.

    Attributes:
        ok: success with the postcondition read back.
        error: the refusal or failure (None on success).
        interval: the keyframes of the command (None when not ok).
        relation_delta: relations added/removed by the command (read back after settling).
        relations: the full relation set after the command.
        timing: seconds per stage (``execute``, ``settle`` (read-back)).
        pre_event_states: key -> state before the scripted events this command fired changed it: the frames
            before the result frame show the world as it was (the event happens when the command's effect does).
    """

    ok: bool
    error: PrimitiveError | None
    interval: Interval | None
    relation_delta: RelationDelta
    relations: frozenset
    timing: dict[str, float] = field(default_factory=dict)
    pre_event_states: dict[str, dict[str, Any]] = field(default_factory=dict)


class Executor:
    """Executes compiled commands on a scene with the body model, navigation and reach/grasp cores; the primitive
    handlers it calls see it as their :class:`~interactiveworld.actions.primitives.context.ActionContext`.

    The scene is settled and validated when the executor takes it over (the reset of an episode): objects that
    hover fall, interpenetrating or never-resting objects are rejected.

    Args:
        scene: the live world (modified in place).
        baseline: key -> pose used by ``unmoved`` (may be replaced later by ``set_baseline``).
        body: the :class:`~interactiveworld.body.BodyModel` that acts (None: the built-in body).
    Raises:
        SceneValidationError: the scene cannot be settled, or the settled scene breaks a world invariant
            (:func:`~interactiveworld.world.invariants.check_world`; the message names the invariant and the
            objects).
    """

    def __init__(self, scene: Scene, *, baseline: dict[str, np.ndarray] | None = None, body=None) -> None:
        self.scene = scene
        self.baseline = baseline
        self.physics = world_of(scene)
        self.physics.settle_at_reset()
        if scene.events:
            fire_events(scene, read_relations(scene, baseline))
        self.violations: list[Violation] = check_world(scene)
        if self.violations:
            raise SceneValidationError("the scene breaks world invariants at reset: " +
                                       "; ".join(f"{v.invariant}: {v.detail}" for v in self.violations))
        self.motion = Motion(scene, model=body)
        self.frames: list[Keyframe] = []
        self.last_navigation_target: str | None = None
        self.last_targets: list[str] = []  # entity keys of the last command (its frames' subject)

    # ------------------------------------------------------------------ keyframes
    def keyframe(self, *, tags: frozenset[str] = frozenset(), object_poses: dict[str, np.ndarray] | None = None,
                 articulation: dict[str, float] | None = None, gaze: np.ndarray | None = None,
                 pose: np.ndarray | None = None, translation: np.ndarray | None = None,
                 dt: float = 1.0 / FPS, contact: tuple[np.ndarray, np.ndarray] | None = None) -> Keyframe:
        """Append a keyframe of the current body (or the given pose) and the moving objects; ``contact``:
        (pose, translation) of the body the world feels when it is not the drawn one (walking)."""
        h = self.scene.human
        t = self.frames[-1].time_s + dt if self.frames else 0.0
        poses = {} if object_poses is None else dict(object_poses)
        if h.held is not None and h.held not in poses:
            poses[h.held] = self.scene.entities[h.held].pose.copy()
            for k in h.carried:
                poses[k] = self.scene.entities[k].pose.copy()
        gaze = h.gaze if gaze is None else gaze
        kf = Keyframe(t, (h.body_translation if translation is None else translation).copy(),
                      (h.body_pose if pose is None else pose).copy(), poses, dict(articulation or {}),
                      None if gaze is None else np.asarray(gaze, float).copy(), tags)
        if contact is not None:
            kf.contact_pose = np.array(contact[0], float)
            kf.contact_translation = np.array(contact[1], float)
        self.frames.append(kf)
        return kf

    # ------------------------------------------------------------------ execution
    def relations(self) -> frozenset:
        return read_relations(self.scene, self.baseline)

    def execute(self, compiled: Any, *, before: frozenset | None = None) -> ExecutionResult:
        """Run every goal of a :class:`~interactiveworld.language.CompiledCommand`, settle, read back, verify.

        When the body's sweep knocks over an object it was not meant to handle, so that the result breaks a world
        invariant (a bowl brushed by the arm flips over and sinks into the counter), the command is run again
        from the restored world with the arm passing by those objects instead (they do not feel the body's
        capsules, as the command's own targets do not); only if that run breaks an invariant too does the
        command fail with INVARIANT_VIOLATED. A run that knocks an object over or aside (:data:`KNOCK_TURN_DEG`,
        :data:`KNOCK_SHIFT_M`) without breaking an invariant is run again sparing it too, and a run that knocks yet
        another is run again sparing that as well, at most :data:`MAX_SPARING_RUNS` times (a reach into a row of
        bottles brushes one after another); when no run passes by everything, the command runs as it comes.

        Args:
            compiled: the compiled command (``goals``, ``spec``, ``targets``).
            before: the relation set before the command (read now when None).
        """
        spared: frozenset[str] = frozenset()
        for _ in range(MAX_SPARING_RUNS + 1):
            last = self._execute(compiled, before, spared, careful=True)
            err = last.error
            knocked = () if err is None or err.code != ErrorCode.INVARIANT_VIOLATED else err.details.get("knocked", ())
            if not knocked:
                return last
            if set(knocked) <= spared:
                break
            spared = spared | frozenset(knocked)
        # no run passed by everything it brushed: the command as it comes, knocks and invariants as they fall
        return self._execute(compiled, before, frozenset())

    def _execute(self, compiled: Any, before: frozenset | None, spared: frozenset[str], *,
                 careful: bool = False) -> ExecutionResult:
        """One run of :meth:`execute`; ``spared``: objects that do not feel the body's capsules either;
        ``careful``: a run whose sweep knocks an object over (:func:`_knocked`) fails so that it can be run again
        sparing it."""
        t0 = time.perf_counter()
        before = self.relations() if before is None else before
        snap = Snapshot.take(self.scene, self.motion.doors_open(), self.motion.kept_grid())
        sealed = sealed_contents(self.scene)
        self.physics.begin()
        self.frames = []
        self.last_targets = list(getattr(compiled, "targets", ()) or ())
        handled = self._handled(self.last_targets) | spared  # before the command: a grasp ends the support
        looking = getattr(getattr(compiled, "spec", None), "name", None) in PERCEPTION_ONLY
        if looking:
            # looking leaves the world as it was found: nothing feels the body of a look (a label brought up to
            # the eyes is put back exactly; the reach for it must not nudge its neighbours)
            handled |= {k for k, e in self.scene.entities.items() if e.movable}
        self.physics.set_ghosts(handled)
        error: PrimitiveError | None = None
        nav_before = self.last_navigation_target
        try:
            final = compiled.goals[-1] if compiled.goals else None
            check = CHECKS.get(final.kind.value) if final is not None else None
            error = check(self, final) if check is not None else None
            for goal in ([] if error is not None else compiled.goals):
                handler = HANDLERS[goal.kind.value]
                out = handler(self, goal)
                if isinstance(out, PrimitiveError):
                    error = out
                    break
            t1 = time.perf_counter()
            if error is None:
                swept = {k: e.pose.copy() for k, e in self.scene.entities.items() if e.movable}
                sweep_body(self, self.frames, handled)
                report = settle(self, keyframes=True)
                moving = self._still_moving(report.moving)
                moved = {k for k, p in swept.items() if k not in handled
                         and not np.array_equal(p, self.scene.entities[k].pose)}
                error = self._invariants(sealed, moving, moved)
                if error is not None:  # what the sweep moved without being handled may be spared on a rerun
                    knocked = sorted(moved & set(error.details["keys"]))
                    if knocked:
                        error = PrimitiveError(error.code, error.message, {**error.details, "knocked": knocked})
                elif careful:  # knocked over or shoved aside without breaking an invariant: try passing by it
                    over = sorted(k for k in moved if _knocked(swept[k], self.scene.entities[k].pose)
                                  and _raised(self.scene, swept[k]))
                    if over:
                        error = PrimitiveError(ErrorCode.INVARIANT_VIOLATED, "the arm knocked objects over",
                                               {"keys": over, "knocked": over, "careful": True})
        except Exception as exc:  # an infrastructure fault: the cell is void, the world restored
            error = fail(ErrorCode.INTERNAL, f"internal error while executing: {type(exc).__name__}: {exc}",
                         exception=type(exc).__name__)
            t1 = time.perf_counter()
        t2 = time.perf_counter()
        if error is not None:
            snap.restore(self.scene)
            self.physics.rollback()
            self.motion.restore_doors(snap.doors_open, snap.grid)
            self.last_navigation_target = nav_before
            self.frames = []
            return ExecutionResult(False, error, None, RelationDelta(), before,
                                   {"execute": t1 - t0, "settle": t2 - t1})
        if looking:
            self._unlook(snap)
        else:
            self.physics.commit()
        self.physics.set_ghosts(())
        after = self.relations()
        touched = {k for ev in self.scene.events if not ev.fired for k, _ in ev.patches}
        pre_event = {k: copy.deepcopy(self.scene.entities[k].state) for k in touched}
        if fire_events(self.scene, after):  # scripted events change states only: read the relations again
            after = self.relations()
        pre_event = {k: st for k, st in pre_event.items() if st != self.scene.entities[k].state}
        t3 = time.perf_counter()
        delta = RelationDelta(tuple(sorted(after - before)), tuple(sorted(before - after)))
        timing = {"execute": t1 - t0, "settle": t3 - t1}
        self.last_navigation_target = compiled.navigation_target_after(nav_before)
        ctx = PostContext(self.scene, list(compiled.targets), dict(compiled.goals[-1].params) if compiled.goals
                          else {}, before, after, snap.human, snap.poses, snap.states)
        post = verify(ctx, compiled.spec)
        if post is not None:
            return ExecutionResult(False, post, None, delta, after, timing, pre_event)
        if not self.frames:
            self.keyframe()
        last = self.frames[-1]
        last.tags = frozenset(last.tags | {RESULT})
        self._aim_result(compiled, last)
        interval = Interval(compiled.text if hasattr(compiled, "text") else "", list(self.frames))
        return ExecutionResult(True, None, interval, delta, after, timing, pre_event)

    def _unlook(self, snap: Snapshot) -> None:
        """End a successful look: the objects and the simulation go back to their state before it (nothing felt
        the body; a label brought up to the eyes was put back), so a look changes nothing a later command meets,
        down to which bodies sleep. The body stays where the look left it, its capsules placed there."""
        for k, e in self.scene.entities.items():
            if e.movable and k != self.scene.human.held and k not in self.scene.human.carried:
                e.pose = snap.poses[k].copy()
        self.physics.rollback()
        h = self.scene.human
        if h.body_pose is not None:
            ends, radii = body_capsules(self, h.body_pose, h.body_translation)
            self.physics.set_body_capsules(ends, radii, pushing_capsules(self))

    def apply_event(self, event: Any) -> ExecutionResult:
        """Run a world event that is no action of the wearer (``event(self)`` returns a PrimitiveError or None;
        :mod:`.offscreen`) in a command's transaction: settle and read back on success, restore the world on an
        error. The body does not move and no keyframes are recorded (interval None)."""
        t0 = time.perf_counter()
        before = self.relations()
        snap = Snapshot.take(self.scene, self.motion.doors_open(), self.motion.kept_grid())
        self.physics.begin()
        self.frames = []
        try:
            error = event(self)
            if error is None:  # another person may open and close a cabinet: no sealed check here
                error = self._invariants(None)
        except Exception as exc:  # an infrastructure fault: the cell is void, the world restored
            error = fail(ErrorCode.INTERNAL, f"internal error in a world event: {type(exc).__name__}: {exc}",
                         exception=type(exc).__name__)
        t1 = time.perf_counter()
        self.frames = []
        if error is not None:
            snap.restore(self.scene)
            self.physics.rollback()
            self.motion.restore_doors(snap.doors_open, snap.grid)
            self.motion.invalidate()
            return ExecutionResult(False, error, None, RelationDelta(), before, {"execute": t1 - t0, "settle": 0.0})
        self.physics.commit()
        after = self.relations()
        delta = RelationDelta(tuple(sorted(after - before)), tuple(sorted(before - after)))
        return ExecutionResult(True, None, None, delta, after, {"execute": t1 - t0,
                                                                "settle": time.perf_counter() - t1})

    def _still_moving(self, moving: list[str]) -> list[str]:
        """What is really still moving after a settle that left ``moving`` awake: one more settle (up to
        :data:`~interactiveworld.world.physics.SETTLE_TIME_CAP`) lets a rolling object stop; an object that then
        moved no more than :data:`~interactiveworld.world.physics.RESET_KEEP_M` during it (its box corners,
        :func:`~interactiveworld.world.physics.displacement`) only creeps
        numerically (under 1 mm/s, about :data:`~interactiveworld.world.physics.REST_SPEED`) and counts as at
        rest, as it does when a saved state is loaded."""
        if not moving:
            return []
        start = {k: self.scene.entities[k].pose.copy() for k in moving}
        report = settle(self, keyframes=False)
        return [k for k in report.moving
                if k not in start or displacement(self.scene.entities[k], start[k]) > RESET_KEEP_M]

    def _invariants(self, sealed: dict[str, frozenset[str]] | None, moving=(), pushed=()) -> PrimitiveError | None:
        """INVARIANT_VIOLATED naming the first world invariant the settled result breaks that held before the
        command (:mod:`interactiveworld.world.invariants`; ``sealed``: the closed containers' contents before
        it; ``moving``: what the final settle left moving; ``pushed``: what the body's sweep moved), or None (the
        current violations are kept for the next command)."""
        found = check_world(self.scene, sealed_before=sealed, moving=moving, pushed=pushed)
        new = new_violations(found, self.violations)
        if not new:
            self.violations = found
            return None
        v = new[0]
        return fail(ErrorCode.INVARIANT_VIOLATED, f"That cannot be done: {v.detail}", invariant=v.invariant,
                    keys=list(v.keys), values=dict(v.values), violations=[x.to_dict() for x in new])

    def _handled(self, targets: list[str]) -> set[str]:
        """What the command handles on purpose, which does not feel the body's capsules: its entities and what
        rests on or in them (a pulled rack's contents, a carried bowl's tomato), and the movable vessel a target
        rests on or in with that vessel's other contents: a hand taking the ham out of a pan reaches into the pan,
        and a kinematic hand, which cannot yield as a real one does, would otherwise shove the pan and tip out
        what else it holds."""
        keys = {t for t in targets if t in self.scene.entities}
        graph = support_graph(self.scene)
        movable = {e.key for e in self.scene.movables()}
        keys.update(b for t in list(keys) for b in graph.get(t, ()) if b in movable)
        for t in list(keys):
            keys.update(riders(self.scene, t, graph))
        if self.scene.human.held in keys:  # riders() leaves out what the hand carries: a carried box's contents
            keys.update(self.scene.human.carried)
        return keys

    def _aim_result(self, compiled: Any, last: Keyframe) -> None:
        """Point the result frame's gaze (and the gaze the body keeps) at the entity the command acted on, so
        the frame shows it (DESIGN.md "Frames"); a look-hold frame keeps its own target."""
        spec = getattr(compiled, "spec", None)
        if spec is None or LOOK_HOLD in last.tags:
            return
        focus = result_focus(self.scene, spec.name, self.last_targets)
        drawn = next((k for k in self.last_targets if k in last.object_poses), None)
        if focus is not None and drawn is not None and drawn == self.scene.human.held:
            # the result frame draws the held object raised to a glance (Motion.glance_at_held): look at it there
            e = self.scene.entities[drawn]
            focus = last.object_poses[drawn] @ np.linalg.inv(e.pose) @ np.append(e.center_of_mass(), 1.0)
            focus = focus[:3]
        if focus is not None:
            last.gaze_target = focus.copy()
            self.scene.human.gaze = focus.copy()
